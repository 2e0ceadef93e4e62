"""The White House table as a picture (``model.whitehouse.picture``): what a move names is
outlined, names from a catalogue are escaped and cut to their box, a wide network is drawn smaller
to fit a phone's width, the picture grows with more players, and every picture parses and is
drawn by cairo."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from svg_check import layout_problems, parse, render, shows, texts, titles

from model.whitehouse.cards import Catalogue
from model.whitehouse.io import LoadedPosition, load_log, load_position, parse_move
from model.whitehouse.log import Replay, replay
from model.whitehouse.network.arrangement import EVENT, SUPPORTER, Arrangement, CardRef, Placement
from model.whitehouse.picture import WIDTH, _marks, _named, move_svg, replay_svg
from model.whitehouse.question import ask_move, list_moves
from solver.network.oracle import trick_oracle

ROOT = Path(__file__).resolve().parents[3]
GAMES = ROOT / "examples" / "whitehouse" / "games"
POSITIONS = ROOT / "examples" / "whitehouse" / "positions"


def replayed(name: str) -> Replay:
    path = GAMES / f"{name}.json"
    return replay(load_log(path.name, json.loads(path.read_text(encoding="utf-8")), trick_oracle))


def size(svg: str) -> tuple[float, float]:
    root = parse(svg)
    return float(root.get("width") or 0), float(root.get("height") or 0)


def test_marks_name_the_slot_the_cards_and_the_target():
    take = _marks({"player": 0, "move": "take", "row": "event", "slot": "middle", "discards": [5]}, legal=False)
    assert take.cls == "named" and take.slot == (1, 1) and take.cards == frozenset({5}) and not take.arrival
    play = _marks({"player": 0, "move": "play", "slot": "closest", "discards": [5, "E1"], "target": 2,
                   "card": 7, "give": "E3"}, legal=True)
    assert play.cls == "chosen" and play.slot == (2, 0) and play.seats == frozenset({2})
    assert play.cards == frozenset({5, "E1", 7, "E3"})
    assert [role for role, _, _ in play.roles] == ["plays", "discard", "discard", "card", "gives", "target"]
    lock = _marks({"player": 1, "move": "lock", "with": "E2"}, legal=True)
    assert lock.arrival and lock.cards == frozenset({"E2"}) and lock.slot is None
    for simple in ("lies", "no_lies", "block", "accept", "keep"):
        assert _marks({"player": 0, "move": simple}, legal=True).arrival
    assert not _marks({"player": 0, "move": "pass"}, legal=True).arrival
    assert _marks({"player": 0, "move": "lock_hand", "cards": [3, "E4"]}, legal=True).cards == frozenset({3, "E4"})


def test_a_supporter_and_an_event_with_the_same_text_are_told_apart():
    marks = _marks({"player": 0, "move": "lock_hand", "cards": [5]}, legal=True)
    assert _named(marks, 5) and not _named(marks, "5")


def _renamed(catalogue: Catalogue, supporter: str, event: str) -> Catalogue:
    return Catalogue(
        tuple(dataclasses.replace(s, name=supporter) for s in catalogue.supporters),
        tuple(dataclasses.replace(e, name=event) for e in catalogue.events),
        catalogue.distractions,
        catalogue.name,
    )


def test_names_are_escaped_and_cut_to_their_box_with_the_whole_name_on_hover():
    result = replayed("reversal")
    hostile = '<script>alert("&")</script> & a very long name indeed, longer than any box'
    catalogue = _renamed(result.state.catalogue, hostile, "Ünïcødé 名前 ' \"quoted\"")
    state = dataclasses.replace(result.state, catalogue=catalogue)
    svg = replay_svg(dataclasses.replace(result, state=state))
    render(svg)
    assert "<script>" not in svg
    assert any(hostile in title for title in titles(svg)), "the whole name on hover"
    assert all(hostile not in shown for shown in texts(svg)), "cut in its box"
    assert any(shown.endswith("…") for shown in texts(svg))


def test_a_wide_network_is_drawn_smaller_to_fit_and_more_players_lengthen_the_picture():
    result = replayed("reversal")
    narrow = replay_svg(result)
    assert size(narrow)[0] == WIDTH
    row = [Placement(CardRef(SUPPORTER, n), 0, 2 * i) for i, n in enumerate(range(1, 9))]
    row += [Placement(CardRef(EVENT, f"E{n}"), 0, 2 * i + 1) for i, n in enumerate(range(1, 9))]
    wide_player = dataclasses.replace(result.state.players[0], network=Arrangement(tuple(row)))
    players = (wide_player,) + result.state.players[1:]
    wide = replay_svg(dataclasses.replace(result, state=dataclasses.replace(result.state, players=players)))
    render(wide)
    assert size(wide)[0] == WIDTH and layout_problems(wide) == [], "a phone's width, every card inside it"
    assert {f"S{n}" for n in range(1, 9)} | {f"E{n}" for n in range(1, 9)} <= set(texts(wide))
    assert 'transform="translate(' in wide and 'transform="translate(' not in narrow
    two = replay_svg(replayed("lies-blocked"))
    assert size(two)[1] < size(narrow)[1], "two players take less room than four"


def test_the_end_of_a_game_names_its_winner():
    svg = replay_svg(replayed("random-4p-seed7"))
    render(svg)
    assert shows(svg, "the game is over: player 1 won with 7 Tricks on turn 65")
    assert shows(svg, "winner: player 1")
    assert 'class="now"' not in svg, "no action is waiting"
    # Every Trick of every network drawn as a green border: 3 + 7 + 5 + 4.
    assert svg.count('class="trick"') == 3 + 7 + 5 + 4 + 1


def test_a_game_stopped_by_the_turn_limit_has_no_winner():
    result = replayed("reversal")
    state = dataclasses.replace(result.state, ended="turn_limit", queue=())
    svg = replay_svg(dataclasses.replace(result, state=state))
    render(svg)
    assert shows(svg, "the turn limit came first, no winner")
    assert "winner" not in texts(svg)


def _question(name: str) -> tuple[LoadedPosition, dict[str, Any]]:
    path = POSITIONS / f"{name}.json"
    position = load_position(path.name, json.loads(path.read_text(encoding="utf-8")), trick_oracle)
    move = json.loads((POSITIONS / "moves" / f"{name}.json").read_text(encoding="utf-8"))
    seat, parsed = parse_move("move.json", move, position)
    return position, ask_move(position, seat, parsed)


def test_a_card_on_its_way_is_drawn_and_the_decision_about_it_outlined():
    position, answer = _question("illegal-placement")
    svg = move_svg(position, answer)
    render(svg)
    assert shows(svg, "on its way into an Active Hand:") and "to player 0" in texts(svg)
    assert "arriving" in texts(svg)
    assert shows(svg, f"rule {answer['rule']}:")


@pytest.mark.parametrize("name", ["gridlock", "legal-take", "lies-answers-take", "unaffordable"])
def test_every_question_and_listing_parses_and_draws(name):
    position, answer = _question(name)
    for svg in (move_svg(position, answer), move_svg(position, list_moves(position))):
        render(svg)
        root = parse(svg)
        assert (root.findtext("{http://www.w3.org/2000/svg}desc") or "").startswith(
            ("legal: ", "ILLEGAL: ", "turn ")
        )
