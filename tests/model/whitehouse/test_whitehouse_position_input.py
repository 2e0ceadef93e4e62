"""A position a player writes by hand: every field of its schema described, Supporters written as
every answer writes them ("S5"), the turn, the round and the player to move checked against each
other, and a refusal that a rule option decided says which option, with its value."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from whitehouse_support import make_oracle

from model.common.errors import InputError
from model.whitehouse.cards import sample_catalogue_data
from model.whitehouse.io import load_log, load_position, log_schema, parse_move
from model.whitehouse.log import replay
from model.whitehouse.question import ask_move

ROWS = {"supporter": [21, 22, 20], "event": ["E21", "E22", "E23"], "distraction": ["D20", "D21", "D17"]}


def document(position: dict[str, Any], rules: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"game": "whitehouse", "catalogue": "sample", "rules": rules or {},
            "position": {"rows": copy.deepcopy(ROWS), **position}, **extra}


def load(position: dict[str, Any], **extra: Any):
    return load_position("pos.json", document(position, **extra), make_oracle)


# --- the schema describes every field ---------------------------------------------------------------


def _undescribed(schema: dict[str, Any], name: str, seen: set[str]) -> list[str]:
    """Every property reachable from definition ``name`` that has no description."""
    if name in seen:
        return []
    seen.add(name)
    found = []
    for key, value in schema["$defs"][name].get("properties", {}).items():
        if not value.get("description") and "$ref" not in value:
            found.append(f"{name}.{key}")
        text = repr(value)
        for ref in {part.split("'")[0] for part in text.split("#/$defs/")[1:]}:
            found += _undescribed(schema, ref, seen)
    return found


def test_every_field_of_a_position_is_described():
    schema = log_schema()
    assert _undescribed(schema, "PositionIn", set()) == []
    position = schema["$defs"]["PositionIn"]["properties"]
    assert "block" in schema["$defs"]["PlayerIn"]["properties"]["lies"]["description"]
    assert "after the target" in schema["$defs"]["ArrivalIn"]["properties"]["receiver"]["description"]
    assert "end_action" in position["pending"]["description"]
    assert "round" in position["turn"]["description"] and "turn" in position["round_order"]["description"]


# --- "S5" wherever a Supporter number is -------------------------------------------------------------


def test_a_supporter_may_be_written_as_the_answers_write_it():
    numbers = {"players": [{"supporters": [5, 9], "events": ["E13"],
                            "network": [{"supporter": 2, "row": 0, "col": 0}, {"event": "E5", "row": 0, "col": 1}]},
                           {"supporters": [10]}],
               "rows": {**ROWS, "supporter": [3, 12, None]}, "decks": {"supporter": [7]},
               "pending": [{"step": "arrival", "card": 20, "kind": "supporter", "receiver": 0, "stage": "lies"},
                           {"step": "refill", "row": "supporter"}, {"step": "end_action"}]}
    written = copy.deepcopy(numbers)
    written["players"][0]["supporters"] = ["S5", "S9"]
    written["players"][0]["network"][0]["supporter"] = "S2"
    written["players"][1]["supporters"] = ["S10"]
    written["rows"]["supporter"] = ["S3", "S12", None]
    written["decks"]["supporter"] = ["S7"]
    written["pending"][0]["card"] = "S20"
    assert load(written).state == load(numbers).state
    position = load(numbers)
    assert parse_move("m", {"player": 0, "move": "lock", "with": "E13"}, position) == parse_move(
        "m", {"move": "lock", "with": "E13"}, position)
    in_words = parse_move("m", "take supporter closest discards S5 9", load({"players": numbers["players"],
                                                                                "rows": {**ROWS, "supporter": [3, 12, 20]}}))
    assert in_words == (0, parse_move("m", {"player": 0, "move": "take", "row": "supporter", "slot": "closest",
                                              "discards": [5, 9]}, position)[1])


def test_an_event_whose_id_looks_like_a_supporter_stays_the_event():
    catalogue = sample_catalogue_data()
    catalogue["events"][0] = {**catalogue["events"][0], "id": "S5"}
    first = catalogue["events"][0]["supporters"][0]
    data = document({"players": [{"supporters": [first], "events": ["S5"]}, {}]}, catalogue=catalogue)
    data["note"] = "an Event named S5"
    position = load_position("pos.json", data, make_oracle)
    assert position.state.players[0].events == ("S5",) and position.state.players[0].supporters == (first,)


def test_a_catalogue_may_list_supporters_as_s_numbers():
    catalogue = sample_catalogue_data()
    catalogue["supporters"][0] = {**catalogue["supporters"][0], "number": f"S{catalogue['supporters'][0]['number']}"}
    catalogue["events"][0] = {**catalogue["events"][0], "supporters": [f"S{n}" for n in catalogue["events"][0]["supporters"]]}
    position = load_position("pos.json", document({"players": [{}, {}]}, catalogue=catalogue), make_oracle)
    plain = load({"players": [{}, {}]}).engine.catalogue
    assert position.engine.catalogue.supporters == plain.supporters and position.engine.catalogue.events == plain.events


# --- turn, round_order and current agree ---------------------------------------------------------------


@pytest.mark.parametrize(("fields", "path", "words"), [
    ({"turn": 1, "current": 2, "round_order": [0, 1, 2]}, "position.current",
     "turn 1 is turn 1 of its round of 3, which round_order gives to seat 0, not seat 2"),
    ({"turn": 5, "current": 0, "round_order": [1, 2, 0]}, "position.current", "turn 5 is turn 2 of its round"),
    ({"current": 0, "round_order": [0, 2, 1]}, "position.round_order[1]", "play runs counter-clockwise"),
    ({"current": 1, "direction": -1, "round_order": [0, 1, 2]}, "position.round_order[1]", "clockwise"),
    ({"current": 1, "round_order": [0, 1, 2], "reversals": [2]}, "position.reversals[0]",
     "seat 2 has not reversed the order this round"),
    ({"current": 1, "round_order": [0, 1, 2], "reversals": [0, 0]}, "position.reversals[1]", "once"),
])
def test_a_contradictory_round_is_refused_with_its_path(fields, path, words):
    with pytest.raises(InputError) as caught:
        load({"players": [{}, {}, {}], **fields})
    assert caught.value.path == path and words in caught.value.message


def test_the_field_not_written_follows_from_the_other():
    by_order = load({"players": [{}, {}, {}], "current": 2, "round_order": [0, 1, 2]}).state
    assert by_order.turn == 3 and by_order.round_pos == 2
    by_turn = load({"players": [{}, {}, {}], "current": 2, "turn": 5}).state
    assert by_turn.round_order == (1, 2, 0) and by_turn.round_pos == 1
    clockwise = load({"players": [{}, {}, {}], "current": 2, "turn": 2, "direction": -1}).state
    assert clockwise.round_order == (0, 2, 1)
    assert load({"players": [{}, {}, {}], "current": 2}).state.turn == 1


# --- the option that decided a refusal --------------------------------------------------------------------


def test_single_lock_false_is_named_when_a_lock_finds_no_card_arriving():
    """S20 matches E5 in the network and would lock in alone; under single_lock=false it goes into
    the Active Hand at once, so a "lock" that follows finds no card arriving."""
    network = [{"supporter": 2, "row": 0, "col": 0}, {"event": "E5", "row": 0, "col": 1}]
    pending = [{"step": "arrival", "card": "S20", "kind": "supporter", "receiver": 0, "stage": "lock"},
               {"step": "refill", "row": "supporter"}, {"step": "end_action"}]
    rows = {**ROWS, "supporter": [None, 21, 22]}
    position = load({"players": [{"network": network}, {}], "pending": pending, "rows": rows},
                    rules={"single_lock": False})
    answer = ask_move(position, *parse_move("m", "lock", position))
    assert answer["legal"] is False and answer["rule"] == "decision"
    assert answer["reason"].startswith("under single_lock=false S20 went into player 0's Active Hand")
    assert "under single_lock=true this move is legal" in answer["reason"]
    assert "no card is arriving" not in answer["reason"]
    default = load({"players": [{"network": network}, {}], "pending": pending, "rows": rows})
    assert ask_move(default, *parse_move("m", "lock", default))["legal"] is True
    # The same in a replayed log (the ruling of the option).
    log = load_log("log", document({"players": [{"network": network}, {}]}, rules={"single_lock": False},
                                   moves=[{"player": 0, "move": "take", "row": "supporter", "slot": "furthest"},
                                          {"player": 0, "move": "lock"}]), make_oracle)
    illegal = replay(log).illegal
    assert illegal is not None and illegal.detail.startswith("under single_lock=false S20 went into player 0's")


def test_a_refusal_no_option_decides_names_none():
    position = load({"players": [{"supporters": [5]}, {}]})
    answer = ask_move(position, *parse_move("m", "take supporter middle", position))
    assert answer["legal"] is False and answer["rule"] == "take-cost"
    assert answer["reason"] == "the middle card costs 1 discard, not 0"


def test_an_option_that_decides_who_answers_names_both_players():
    """S2 is on its way to player 0 on player 1's turn; players 1 and 2 hold Lies. Under
    lies_order=after_active player 2 answers first, under after_receiver player 1 does."""
    pending = [{"step": "arrival", "card": 2, "kind": "supporter", "receiver": 0, "source": "distraction",
                "stage": "lies"}, {"step": "end_action"}]
    position = load({"players": [{}, {"lies": ["D25"]}, {"supporters": [10], "lies": ["D26"]}], "current": 1,
                     "phase": "distraction", "pending": pending}, rules={"lies_order": "after_active"})
    answer = ask_move(position, *parse_move("m", "lies by player 1", position))
    assert answer["rule"] == "decision" and answer["reason"] == (
        "under lies_order=after_active the game waits for player 2 (whether to play Lies), not for player 1 "
        "(whether to play Lies); under lies_order=after_receiver this move is legal")
