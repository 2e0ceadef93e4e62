"""Position documents and "May I do that?": a cut log reads back into the same table, every move a
log made is listed and judged legal there, every illegal move of the rulings is judged illegal with
the same rule, and a position that cannot arise is refused with its JSON path."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from checks.whitehouse.rulings import load_rulings
from model.common.errors import InputError
from model.whitehouse.io import load_log, load_position, parse_move
from model.whitehouse.log import cut, move_to_json, replay
from model.whitehouse.position import cut_note, position_document
from model.whitehouse.question import ask_move, list_moves
from model.whitehouse.rules import IllegalMove
from solver.network.oracle import trick_oracle

ROOT = Path(__file__).resolve().parents[3]
GAMES = sorted((ROOT / "examples" / "whitehouse" / "games").glob("*.json"))
POSITIONS = ROOT / "examples" / "whitehouse" / "positions"
FIELDS = ("players", "decks", "rows", "current", "phase", "direction", "round_order", "round_pos", "reversals",
          "queue", "turn", "winners", "ended", "claims", "shuffles", "shuffle_seed")


def reread(document: dict[str, Any]):
    """A position document written out as JSON text and read back."""
    return load_position("cut.json", json.loads(json.dumps(document)), trick_oracle)


def listed(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [found["move"] for group in answer["legal"] for found in group["moves"]]


def test_the_shipped_logs_are_there():
    assert len(GAMES) >= 5


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_cut_of_a_log_reads_back_and_allows_the_next_move(path):
    data = json.loads(path.read_text())
    log = load_log(path.name, data, trick_oracle)
    legal = replay(log).applied
    state = log.start
    for n in range(legal + 1):
        position = reread(position_document(data, log.engine, state, cut_note(path.name, n)))
        for field in FIELDS:
            assert getattr(position.state, field) == getattr(state, field), (n, field)
        answer = list_moves(position)
        assert answer["count"] == len(log.engine.legal_moves(state)), n
        if n == legal:
            break
        seat, move = log.moves[n]
        assert move_to_json(move, seat) in listed(answer), n
        judged = ask_move(position, seat, move)
        assert judged["legal"] is True and judged["rule"] is None, (n, judged)
        state = log.engine.apply(state, move, seat)
    if legal < len(log.moves):
        # The log's own illegal move is judged illegal in the cut position, with the same rule.
        seat, move = log.moves[legal]
        judged = ask_move(position, seat, move)
        assert judged["legal"] is False
        assert judged["rule"] == replay(log).illegal.rule


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_log_resumed_from_a_cut_ends_where_the_whole_log_ends(path):
    data = json.loads(path.read_text())
    log = load_log(path.name, data, trick_oracle)
    whole = replay(log)
    for n in sorted({0, whole.applied // 2, whole.applied}):
        cut_at = replay(cut(log, n))
        resumed = position_document(data, log.engine, cut_at.state, "x")
        resumed["moves"] = data["moves"][n:]
        again = replay(load_log("resumed.json", json.loads(json.dumps(resumed)), trick_oracle))
        for field in FIELDS:
            assert getattr(again.state, field) == getattr(whole.state, field), (n, field)
        assert (again.illegal is None) == (whole.illegal is None)


ILLEGAL_RULINGS = [r for r in load_rulings() if r["expected"].get("illegal")]


def test_some_rulings_expect_an_illegal_move():
    assert len(ILLEGAL_RULINGS) >= 3


@pytest.mark.parametrize("ruling", ILLEGAL_RULINGS, ids=[r["name"] for r in ILLEGAL_RULINGS])
def test_each_illegal_move_of_the_rulings_is_judged_illegal_with_its_rule(ruling):
    situation = ruling["situation"]
    data = {"game": "whitehouse", "catalogue": situation.get("catalogue", "sample"),
            "position": situation["position"], "rules": ruling.get("rules", {}), "moves": situation["moves"]}
    index = ruling["expected"]["illegal"]["index"]
    log = load_log(ruling["name"], data, trick_oracle)
    before = replay(cut(log, index))
    assert before.illegal is None
    position = reread(position_document(data, log.engine, before.state, "x"))
    seat, move = parse_move("move.json", situation["moves"][index], position)
    judged = ask_move(position, seat, move)
    assert judged["legal"] is False
    assert judged["rule"] == ruling["expected"]["illegal"]["rule"]
    assert judged["rulebook"] and judged["reason"]
    assert move_to_json(move, seat) not in listed(list_moves(position))


# --- the shipped questions -------------------------------------------------------------------------


def example(name: str):
    data = json.loads((POSITIONS / f"{name}.json").read_text())
    position = load_position(f"{name}.json", data, trick_oracle)
    seat, move = parse_move("move.json", json.loads((POSITIONS / "moves" / f"{name}.json").read_text()), position)
    return position, seat, move


def test_a_legal_take_names_its_cost_and_the_lock_it_offers():
    position, seat, move = example("legal-take")
    answer = ask_move(position, seat, move)
    assert answer["legal"] is True
    found = answer["outcome"]
    assert found["cost"] == [9] and found["card"] == 12
    options = found["may_lock"]["options"]
    assert [(o["cards"], o["tricks_after"], o["gridlocked"]) for o in options] == [([12, "E21"], 1, False)]
    assert any("nobody has seen" in note for note in found["unseen"])


def test_an_unaffordable_card_breaks_the_cost_rule():
    position, seat, move = example("unaffordable")
    answer = ask_move(position, seat, move)
    assert answer["legal"] is False and answer["rule"] == "take-cost"
    assert "discard cost" in answer["rulebook"]
    assert all(m["slot"] != "closest" for m in listed(list_moves(position)))


def test_an_illegal_placement_breaks_the_entry_rule_and_the_option_decides_it():
    position, seat, move = example("illegal-placement")
    answer = ask_move(position, seat, move)
    assert answer["legal"] is False and answer["rule"] == "lock-entry"
    data = json.loads((POSITIONS / "illegal-placement.json").read_text())
    relaxed = load_position("p.json", data, trick_oracle, {"every_card_matched": "false"})
    assert relaxed.engine.rules.tricks.every_card_matched is False
    legal = ask_move(relaxed, seat, move)
    # E1 already has four sides taken: S27 locks in (beside S3, say) but adds no Trick.
    assert legal["legal"] is True and legal["outcome"]["locks"]["tricks_after"] == 4


def test_lies_answers_a_take():
    position, seat, move = example("lies-answers-take")
    answer = ask_move(position, seat, move)
    assert answer["legal"] is True and answer["waiting_for"]["decision"] == "lies"
    assert "bottom of the Supporter Deck" in answer["outcome"]["effect"]
    # The taker cannot answer in the liar's place.
    wrong = ask_move(position, 0, move)
    assert wrong["legal"] is False and wrong["rule"] == "decision"
    letting = [f for g in list_moves(position)["legal"] for f in g["moves"] if f["move"]["move"] == "no_lies"]
    assert [o["cards"] for o in letting[0]["may_lock"]["options"]] == [[2, "E5"]]


def test_a_gridlock_stops_the_lock_a_take_offers():
    position, seat, move = example("gridlock")
    answer = ask_move(position, seat, move)
    assert answer["legal"] is True
    (option,) = answer["outcome"]["may_lock"]["options"]
    assert option["gridlocked"] is True and option["tricks_after"] == 0


# --- unseen cards ----------------------------------------------------------------------------------


def table(**player0: Any) -> dict[str, Any]:
    return {
        "game": "whitehouse", "catalogue": "sample", "rules": {},
        "position": {
            "players": [{"supporters": [5], "events": ["E5"], **player0}, {"supporters": [10]}],
            "rows": {"supporter": [3, 12, 2], "event": ["E21", "E22", "E23"], "distraction": ["D20", "D21", "D14"]},
        },
    }


def test_a_draw_from_an_unseen_deck_says_so_and_claims_no_total():
    data = table()
    data["position"].update(phase="distraction", unseen={"supporter": 25})
    position = load_position("t.json", data, trick_oracle)
    (draw,) = [f for g in list_moves(position)["legal"] for f in g["moves"] if f["card"] == "D14"
               and not f["cost"]]
    assert draw["may_lock"]["options"] is None
    assert any("drawn is a card nobody has seen" in note for note in draw["unseen"])


def test_a_draw_from_a_known_deck_names_the_card():
    data = table()
    data["position"].update(phase="distraction", decks={"supporter": [20]})
    position = load_position("t.json", data, trick_oracle)
    (draw,) = [f for g in list_moves(position)["legal"] for f in g["moves"] if f["card"] == "D14"
               and not f["cost"]]
    assert draw["unseen"] == []
    assert draw["may_lock"]["card"] == 20
    assert [o["cards"] for o in draw["may_lock"]["options"]] == [[20, "E5"]]


def test_unseen_must_count_the_cards_the_position_places_nowhere():
    data = table()
    data["position"]["unseen"] = {"supporter": 3}
    with pytest.raises(InputError) as error:
        load_position("t.json", data, trick_oracle)
    assert error.value.path == "position.unseen.supporter" and "25" in error.value.message


def test_a_player_already_at_seven_means_the_game_is_over():
    # S1 E7 S7 over E17 S25 E4: seven matching borders.
    cells = [(0, 0, "supporter", 1), (0, 1, "event", "E7"), (0, 2, "supporter", 7),
             (1, 0, "event", "E17"), (1, 1, "supporter", 25), (1, 2, "event", "E4")]
    network = [{kind: card, "row": r, "col": c} for r, c, kind, card in cells]
    data = table(network=network, supporters=[5], events=[])
    position = load_position("t.json", data, trick_oracle)
    assert position.state.players[0].tricks >= 7
    assert position.over and list_moves(position)["count"] == 0
    seat, move = parse_move("m.json", {"player": 0, "move": "take", "row": "supporter", "slot": "furthest"}, position)
    answer = ask_move(position, seat, move)
    assert answer["legal"] is False and answer["rule"] == "game-over"


# --- bad input -------------------------------------------------------------------------------------


def spoil(change) -> dict[str, Any]:
    data = copy.deepcopy(table())
    change(data)
    return data


@pytest.mark.parametrize(
    "change,path",
    [
        (lambda d: d["position"]["players"][1]["supporters"].append(5), "position.players[1].supporters[1]"),
        (lambda d: d["position"]["rows"]["supporter"].append(7), "position.rows.supporter"),
        (lambda d: d["position"]["players"][0].update(
            network=[{"supporter": 7, "row": 0, "col": 0}, {"event": "E1", "row": 0, "col": 1}]),
         "position.players[0].network"),
        (lambda d: d["position"]["players"][0]["events"].append("E99"), "position.players[0].events[1]"),
        (lambda d: d["position"]["players"][0].update(gridlocks=["D20x"]), "position.players[0].gridlocks[0]"),
        (lambda d: d["position"]["players"][0].update(gridlocks=["D25"]), "position.players[0].gridlocks[0]"),
        (lambda d: d["position"]["players"][0].update(deflection="D22"), "position.players[0].deflection"),
        (lambda d: d["position"].update(pending=[{"step": "arrival", "card": 7, "kind": "supporter",
                                                  "receiver": 5}, {"step": "end_action"}]),
         "position.pending[0].receiver"),
        (lambda d: d["position"].update(pending=[{"step": "arrival", "card": 3, "kind": "supporter",
                                                  "receiver": 0}, {"step": "end_action"}]),
         "position.pending[0].card"),
        (lambda d: d["position"].update(pending=[{"step": "arrival", "card": 7, "kind": "supporter",
                                                  "receiver": 0}]), "position.pending"),
        (lambda d: d["position"].update(pending=[{"step": "arrival", "card": 7, "kind": "supporter",
                                                  "receiver": 0, "stage": "block", "liar": 1},
                                                 {"step": "end_action"}]), "position.pending[0].liar"),
        (lambda d: d["position"].update(winners=[0]), "position.ended"),
        (lambda d: d["position"].update(reversals=[4]), "position.reversals[0]"),
        (lambda d: d.update(moves=[{"player": 0, "move": "pass"}]), "moves"),
        (lambda d: d.pop("position"), "position"),
        (lambda d: d["position"].update(current=2), "position.current"),
    ],
    ids=["card-twice", "four-in-a-row", "bad-arrangement", "unknown-card", "unknown-distraction",
         "lies-as-gridlock", "gridlock-as-deflection", "pending-seat", "pending-card-twice", "no-end-action",
         "liar-without-lies", "winners-without-end", "reversal-seat", "moves", "no-position", "no-such-current"],
)
def test_a_position_that_cannot_arise_is_refused_with_its_path(change, path):
    with pytest.raises(InputError) as error:
        load_position("bad.json", spoil(change), trick_oracle)
    assert error.value.source == "bad.json"
    assert error.value.path == path, str(error.value)


@pytest.mark.parametrize(
    "move,path",
    [
        ({"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": [99]}, "discards[0]"),
        ({"player": 0, "move": "dance"}, ""),
        ({"player": 4, "move": "pass"}, "player"),
        ({"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "extra": 1}, "extra"),
    ],
    ids=["unknown-card", "unknown-move", "no-such-seat", "unknown-key"],
)
def test_a_bad_move_file_is_refused_with_its_path(move, path):
    position = load_position("t.json", table(), trick_oracle)
    with pytest.raises(InputError) as error:
        parse_move("move.json", move, position)
    assert error.value.source == "move.json" and error.value.path == path, str(error.value)


def test_a_bad_rule_flag_is_bad_input_of_the_flag():
    with pytest.raises(InputError) as error:
        load_position("t.json", table(), trick_oracle, {"lock_count": "several"})
    assert error.value.source == "--rule"


def test_a_move_the_rules_forbid_is_judged_not_refused():
    position = load_position("t.json", table(), trick_oracle)
    seat, move = parse_move("m.json", {"player": 0, "move": "take", "row": "event", "slot": "furthest"}, position)
    answer = ask_move(position, seat, move)
    assert answer["legal"] is False and answer["rule"] == "take-supporter"
    with pytest.raises(IllegalMove):
        position.engine.apply(position.state, move, seat)
