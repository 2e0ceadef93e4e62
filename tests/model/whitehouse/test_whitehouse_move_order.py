"""A move is judged by what it does: the cards it pays with or locks may be listed in any order
(the rulebook names none; ``--list`` shows one), and where an option reads the order
(bottom_order: the discards go to the bottom "as the player lists them") the order given is the
one applied. No refusal's reason shows a Python repr: every refusal the rulings and the shipped
position questions lead to is read, with many more moves tried in each table they pass through.
"""

from __future__ import annotations

import json
import re
from itertools import permutations
from pathlib import Path

import pytest
from whitehouse_support import make_oracle

from checks.whitehouse.rulings import load_rulings
from model.whitehouse.io import load_log, load_position
from model.whitehouse.log import replay
from model.whitehouse.question import ask_move
from model.whitehouse.rules import IllegalMove
from model.whitehouse.state import (
    AcceptLies,
    BlockLies,
    Keep,
    Lock,
    LockHand,
    Move,
    NoLies,
    Pass,
    Play,
    PlayLies,
    State,
    Take,
)
from model.whitehouse.table import decider

ROOT = Path(__file__).resolve().parents[3]
POSITIONS = ROOT / "examples" / "whitehouse" / "positions"
ROWS = {"supporter": [21, 22, 23], "event": ["E21", "E22", "E23"], "distraction": ["D20", "D21", "D17"]}
#: What a Python repr leaves in a text: a class called with its fields, a quoted word, a keyword
#: argument holding a tuple or a string.
REPR = re.compile(r"\b(Take|Play|Pass|Lock|LockHand|Keep|PlayLies|NoLies|BlockLies|AcceptLies|Arrival)\(|'\w+'|\w=['(]")


def table(players, phase="supporter", rules=None, rows=None):
    position = {"players": players, "rows": {**ROWS, **(rows or {})}, "phase": phase}
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": rules or {}}, make_oracle)
    return log.engine, log.start


@pytest.mark.parametrize("order", [("E5", "E3"), ("E3", "E5")])
@pytest.mark.parametrize("bottom_order", ["as_named", "reversed"])
def test_two_events_pay_the_closest_event_in_either_order_and_go_down_as_listed(order, bottom_order):
    engine, state = table([{"events": ["E3", "E5"]}, {}], phase="event", rules={"bottom_order": bottom_order})
    listed = [m for m in engine.legal_moves(state) if isinstance(m, Take) and m.slot == "closest"]
    assert listed == [Take("event", "closest", ("E3", "E5"))], "the list shows one order"
    after = engine.apply(state, Take("event", "closest", order), 0)
    bottom = after.decks[1][-2:]
    assert bottom == (order if bottom_order == "as_named" else order[::-1])
    assert after.players[0].events == ("E21",), "the closest Event taken, the two paid"


def test_a_distraction_paid_with_a_supporter_and_an_event_in_either_order():
    engine, state = table([{"supporters": [5], "events": ["E3"]}, {}], phase="distraction",
                          rows={"distraction": ["D20", "D21", "D17"]})
    for order in permutations((5, "E3")):
        plays = [m for m in engine.legal_moves(state) if isinstance(m, Play) and set(m.discards) == set(order)]
        assert plays, "the closest Distraction is paid with one Supporter and one Event"
        for listed in plays:
            move = Play(listed.slot, order, listed.target, listed.card, listed.give)
            assert engine.is_legal(state, move)
            after = engine.apply(state, move, 0)
            assert after.decks[0][-1] == 5 and after.decks[1][-1] == "E3"


def test_hand_cards_lock_in_either_order():
    engine, state = table([{"supporters": [2], "events": ["E5"]}, {}], rules={"lock_from_hand": "own_turn"})
    assert LockHand((2, "E5")) in engine.legal_moves(state)
    after = engine.apply(state, LockHand(("E5", 2)), 0)
    assert after.players[0].tricks == 1 and after.players[0].supporters == ()


def test_a_card_listed_twice_is_still_refused():
    engine, state = table([{"events": ["E3", "E5"]}, {}], phase="event")
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, Take("event", "closest", ("E3", "E3")), 0)
    assert caught.value.rule == "take-cost" and "twice" in caught.value.detail


# --- no Python repr in any reason ------------------------------------------------------------------


def _tries(state: State) -> list[tuple[int, Move]]:
    """Many moves in ``state``, by every seat: legal ones, wrong ones, cards in every order."""
    seats = range(len(state.players))
    cards: list[int | str] = []
    for player in state.players:
        cards += list(player.supporters) + list(player.events)
    cards += [2, "E5", 99, "E99"]
    lists = [()] + [(c,) for c in cards] + list(permutations(cards[:4], 2)) + [(cards[0], cards[0])]
    moves: list[Move] = [Pass(), PlayLies(), NoLies(), BlockLies(), AcceptLies(), Keep(), Lock()]
    moves += [Lock(c) for c in cards] + [LockHand(c) for c in lists if c]
    for slot in ("closest", "middle", "furthest", "nowhere"):
        for discards in lists:
            moves += [Take("supporter", slot, discards), Take("event", slot, discards)]  # type: ignore[arg-type]
            moves += [Play(slot, discards), Play(slot, discards, target=1), Play(slot, discards, target=7)]  # type: ignore[arg-type]
            moves += [Play(slot, discards, target=1, card=c) for c in cards[:3]]  # type: ignore[arg-type]
            moves += [Play(slot, discards, card=c, target=0, give=c) for c in cards[:2]]  # type: ignore[arg-type]
    return [(seat, move) for seat in seats for move in moves]


def _games():
    """(name, engine, table before each move, its move) for every ruling played out as a game."""
    for ruling in load_rulings():
        situation = ruling["situation"]
        if situation["kind"] != "game":
            continue
        log = load_log(ruling["name"], {"game": "whitehouse", "catalogue": situation.get("catalogue", "sample"),
                                        "position": situation["position"], "rules": ruling.get("rules", {}),
                                        "moves": situation.get("moves", [])}, make_oracle)
        yield ruling["name"], log


def test_no_refusal_of_the_rulings_shows_a_repr():
    refusals = 0
    for name, log in _games():
        result = replay(log)
        if result.illegal is not None:
            refusals += 1
            assert not REPR.search(result.illegal.detail), (name, result.illegal.detail)
        state = log.start
        for seat, move in log.moves[: result.applied] + ((0, Pass()),):
            for who, tried in _tries(state):
                if who == decider(state) and log.engine.is_legal(state, tried):
                    continue
                detail = log.engine.explain(state, tried, who).detail
                refusals += 1
                assert not REPR.search(detail), (name, tried, detail)
            if state.ended or not log.engine.is_legal(state, move):
                break
            state = log.engine.apply(state, move, seat)
    assert refusals > 10_000


@pytest.mark.parametrize("name", sorted(p.stem for p in POSITIONS.glob("*.json")))
def test_no_refusal_of_a_shipped_position_shows_a_repr(name):
    document = json.loads((POSITIONS / f"{name}.json").read_text())
    position = load_position(name, document, make_oracle)
    state = position.state
    refused = 0
    for seat, move in _tries(state)[::7]:
        answer = ask_move(position, seat, move)
        if not answer["legal"]:
            refused += 1
            assert not REPR.search(answer["reason"]), (move, answer["reason"])
    assert refused > 50
