"""White House intern rules at their edges: rule options given as text (``--rule``), and the
rule named for a move that is not a move of this game or names no slot of a row."""

from __future__ import annotations

import pytest
from whitehouse_support import make_oracle

from model.common.errors import InputError
from model.whitehouse.io import load_log
from model.whitehouse.network.arrangement import TricksRules
from model.whitehouse.rules import IllegalMove, WhitehouseRules, whitehouse_rules
from model.whitehouse.state import Lock, Play, Take

ROWS = {"supporter": [21, 22, 23], "event": ["E21", "E22", "E23"], "distraction": ["D20", "D21", "D17"]}


def table(players, rows=None, phase="supporter", current=0, rules=None):
    position = {"players": players, "rows": {**ROWS, **(rows or {})}, "phase": phase, "current": current}
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": rules or {}, "moves": []}, make_oracle)
    return log.engine, log.start


def refused(engine, state, move) -> str:
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, move, None)
    return caught.value.rule


# --- rule options as text --------------------------------------------------------------------------

def test_a_numeric_option_given_as_text_is_read_as_its_number() -> None:
    rules = whitehouse_rules({"turn_limit": "200", "connected": "false", "lock_count": "all"}, "--rule")
    assert rules == WhitehouseRules(tricks=TricksRules(connected=False), lock_count="all", turn_limit=200)


def test_options_as_json_values_are_taken_as_they_are() -> None:
    rules = whitehouse_rules({"turn_limit": 2000, "connected": True, "lock_optional": False}, "rules.json")
    assert rules == WhitehouseRules(lock_optional=False, turn_limit=2000)


@pytest.mark.parametrize("values", [{"turn_limit": "x200"}, {"turn_limit": "300"}, {"lock_optional": "1"},
                                    {"connected": "7"}])
def test_an_option_value_it_does_not_take_is_bad_input(values) -> None:
    with pytest.raises(InputError):
        whitehouse_rules(values, "--rule")


# --- the shape of a move -----------------------------------------------------------------------

def test_a_slot_that_is_not_closest_middle_or_furthest_is_no_move_of_this_game() -> None:
    engine, state = table([{"supporters": [5, 6]}, {}])
    assert refused(engine, state, Take("supporter", "nearest")) == "move-shape"


def test_an_object_that_is_no_move_is_no_move_of_this_game() -> None:
    engine, state = table([{}, {}])
    assert refused(engine, state, "take the closest supporter") == "move-shape"


# --- locking every matching card (lock_count=all) ----------------------------------------------

def test_an_arriving_event_locks_with_every_matching_supporter_of_the_hand() -> None:
    # E5 lists 2, 14 and 20: taken with 2 and 14 in hand, it locks with 2, then 14 beside it.
    position = {"players": [{"supporters": [2, 14]}, {}], "rows": {**ROWS, "event": ["E21", "E22", "E5"]},
                "phase": "event", "current": 0}
    moves = [{"player": 0, "move": "take", "row": "event", "slot": "furthest", "discards": []},
             {"player": 0, "move": "lock", "with": 2}]
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": {"lock_count": "all"},
                            "moves": moves}, make_oracle)
    state = log.start
    for seat, move in log.moves:
        state = log.engine.apply(state, move, seat)
    after = log.engine.apply(state, Lock(14))
    assert after.players[0].tricks == 2
    assert after.players[0].supporters == ()


def test_a_row_distraction_takes_a_card_of_that_row_only() -> None:
    # D8 takes a card of the Supporter row (21, 22, 23).
    engine, state = table([{}, {}], phase="distraction", rows={"distraction": ["D20", "D21", "D8"]})
    assert refused(engine, state, Play("furthest", (), card=5)) == "distraction-choice"
    assert 21 in engine.apply(state, Play("furthest", (), card=21)).players[0].supporters


def test_a_card_locked_beside_the_arrival_must_match_it() -> None:
    # E5 lists 2, 14 and 20, not 3: after 2, the game waits for 14 (or a keep), never 3.
    position = {"players": [{"supporters": [2, 14, 3]}, {}], "rows": {**ROWS, "event": ["E21", "E22", "E5"]},
                "phase": "event", "current": 0}
    moves = [{"player": 0, "move": "take", "row": "event", "slot": "furthest", "discards": []},
             {"player": 0, "move": "lock", "with": 2}]
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": {"lock_count": "all"},
                            "moves": moves}, make_oracle)
    state = log.start
    for seat, move in log.moves:
        state = log.engine.apply(state, move, seat)
    assert refused(log.engine, state, Lock(3)) == "lock-match"
