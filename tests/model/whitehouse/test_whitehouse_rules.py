"""Each rule refuses a move that breaks only that rule, naming the rule and quoting the rulebook.

The moves here are written by hand from the rulebook; nothing is imported from the module that
names rules (``model.whitehouse.judge``): the test only reads the refusal's ``rule``.
"""

from __future__ import annotations

import pytest
from whitehouse_support import make_oracle

from model.whitehouse.log import load_log
from model.whitehouse.rules import RULES, IllegalMove
from model.whitehouse.state import (
    AcceptLies,
    BlockLies,
    Keep,
    Lock,
    LockHand,
    NoLies,
    Pass,
    Play,
    PlayLies,
    Take,
)

ROWS = {"supporter": [21, 22, 23], "event": ["E21", "E22", "E23"], "distraction": ["D20", "D21", "D17"]}


def table(players, rows=None, phase="supporter", current=0, rules=None, moves=()):
    """An engine and the state after ``moves`` from a position (sample catalogue)."""
    position = {"players": players, "rows": {**ROWS, **(rows or {})}, "phase": phase, "current": current}
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": rules or {}, "moves": list(moves)}, make_oracle)
    state = log.start
    for seat, move in log.moves:
        state = log.engine.apply(state, move, seat)
    return log.engine, state


def refused(engine, state, move, player=None) -> str:
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, move, player)
    error = caught.value
    assert error.sentence in str(error) and error.rule in str(error)
    return error.rule


def test_every_named_rule_quotes_the_rulebook():
    for key, sentence in RULES.items():
        assert len(sentence) > 20, key


def test_turn_order_wrong_player():
    engine, state = table([{}, {}])
    assert refused(engine, state, Take("supporter", "furthest"), player=1) == "turn-order"


def test_first_action_is_a_supporter():
    engine, state = table([{}, {}])
    assert refused(engine, state, Take("event", "furthest")) == "take-supporter"


def test_second_action_is_an_event():
    engine, state = table([{}, {}], phase="event")
    assert refused(engine, state, Take("supporter", "furthest")) == "take-event"


def test_third_action_is_a_distraction():
    engine, state = table([{}, {}], phase="distraction")
    assert refused(engine, state, Take("event", "furthest")) == "take-distraction"


def test_empty_slot_is_out_of_reach():
    engine, state = table([{}, {}], rows={"supporter": [None, 22, 23]})
    assert refused(engine, state, Take("supporter", "closest", (1, 2))) == "empty-slot"


@pytest.mark.parametrize(
    "slot,discards",
    [("middle", ()), ("closest", (5,)), ("furthest", (5,)), ("middle", (9,))],
    ids=["middle-unpaid", "closest-underpaid", "furthest-overpaid", "not-in-hand"],
)
def test_take_cost(slot, discards):
    engine, state = table([{"supporters": [5, 6]}, {}])
    assert refused(engine, state, Take("supporter", slot, discards)) == "take-cost"


def test_take_cost_same_card_twice():
    engine, state = table([{"supporters": [5, 6]}, {}])
    assert refused(engine, state, Take("supporter", "closest", (5, 5))) == "take-cost"


def test_supporter_cost_is_paid_in_supporters():
    engine, state = table([{"supporters": [5], "events": ["E5"]}, {}])
    assert refused(engine, state, Take("supporter", "middle", ("E5",))) == "discard-kind"


def test_mixed_distraction_cost_under_the_option():
    engine, state = table([{"supporters": [5], "events": ["E5"]}, {}], phase="distraction",
                          rules={"mixed_distraction_cost": False})
    assert refused(engine, state, Play("closest", (5, "E5"))) == "mixed-cost"


def test_mixed_distraction_cost_literal_reading_allows_it():
    engine, state = table([{"supporters": [5], "events": ["E5"]}, {}], phase="distraction")
    after = engine.apply(state, Play("closest", (5, "E5")))
    assert after.players[0].supporters == () and after.players[0].events == ()


def test_pass_only_when_nothing_is_in_reach():
    engine, state = table([{}, {}])
    assert refused(engine, state, Pass()) == "pass"
    engine, empty = table([{}, {}], rows={"supporter": [21, 22, None]})
    # the furthest slot is empty and the hand cannot pay for the others
    after = engine.apply(empty, Pass())
    assert after.phase == "event"


def test_lies_decision_waits_for_the_lies_holder():
    engine, state = table([{}, {"lies": ["D25"]}], moves=[{"player": 0, "move": "take", "row": "supporter",
                                                            "slot": "furthest", "discards": []}])
    assert refused(engine, state, PlayLies(), player=0) == "decision"
    assert refused(engine, state, Take("event", "furthest"), player=1) == "decision"
    assert engine.apply(state, NoLies(), 1).phase == "event"


def test_block_needs_a_lies_to_block():
    engine, state = table([{"deflection": "D28"}, {"lies": ["D25"]}], moves=[
        {"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []}])
    assert refused(engine, state, BlockLies(), player=0) == "decision"
    lied = engine.apply(state, PlayLies(), 1)
    assert refused(engine, lied, NoLies(), player=0) == "lies-block"
    assert engine.apply(lied, AcceptLies(), 0).players[0].supporters == ()


def _arriving_s2(**player):
    return table([player, {}], rows={"supporter": [21, 22, 2]}, moves=[
        {"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []}])


def test_lock_needs_a_matching_pair():
    engine, state = _arriving_s2(events=["E5", "E1"])  # E5 lists 2; E1 does not
    assert refused(engine, state, Lock("E1")) == "lock-match"
    assert engine.apply(state, Lock("E5")).players[0].tricks == 1


def test_lock_partner_must_be_in_the_hand():
    engine, state = _arriving_s2(events=["E5"])
    assert refused(engine, state, Lock("E11")) == "lock-hand"


def test_single_lock_needs_a_matching_network_card():
    engine, state = _arriving_s2(events=["E5"], network=[{"supporter": 3, "row": 0, "col": 0},
                                                         {"event": "E1", "row": 0, "col": 1}])
    assert refused(engine, state, Lock()) == "lock-single"


def test_single_lock_option_off():
    network = [{"supporter": 20, "row": 0, "col": 0}, {"event": "E5", "row": 0, "col": 1}]
    engine, state = table([{"events": ["E11"], "network": network}, {}], rows={"supporter": [21, 22, 2]},
                          rules={"single_lock": False},
                          moves=[{"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []}])
    assert refused(engine, state, Lock()) == "lock-single"
    assert engine.apply(state, Lock("E11")).players[0].tricks >= 2


def test_lock_required_when_optional_is_off():
    engine, state = table([{"events": ["E5"]}, {}], rows={"supporter": [21, 22, 2]}, rules={"lock_optional": False},
                          moves=[{"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []}])
    assert refused(engine, state, Keep()) == "lock-required"


def test_lock_count_more_names_a_card():
    engine, state = table([{"events": ["E5", "E11"]}, {}], rows={"supporter": [21, 22, 2]}, rules={"lock_count": "all"},
                          moves=[{"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []},
                                 {"player": 0, "move": "lock", "with": "E5"}])
    assert refused(engine, state, Lock()) == "lock-count"
    assert engine.apply(state, Lock("E11")).players[0].tricks == 2


def test_lock_hand_only_under_the_option():
    engine, state = table([{"supporters": [2], "events": ["E5"]}, {}])
    assert refused(engine, state, LockHand((2, "E5"))) == "lock-hand"


def test_no_lock_without_an_arrival():
    engine, state = table([{"supporters": [2], "events": ["E5"]}, {}])
    assert refused(engine, state, Lock("E5")) == "decision"


def test_distraction_choice_must_be_a_card_of_the_target():
    engine, state = table([{}, {"supporters": [10]}], phase="distraction", rows={"distraction": ["D20", "D21", "D3"]})
    assert refused(engine, state, Play("furthest", (), target=1, card=11)) == "distraction-choice"
    assert refused(engine, state, Play("furthest", (), target=0, card=10)) == "distraction-choice"
    assert engine.apply(state, Play("furthest", (), target=1, card=10)).players[0].supporters == (10,)


def test_a_card_in_a_locked_network_cannot_be_stolen():
    network = [{"supporter": 2, "row": 0, "col": 0}, {"event": "E5", "row": 0, "col": 1}]
    engine, state = table([{}, {"supporters": [10], "network": network}], phase="distraction",
                          rows={"distraction": ["D20", "D21", "D3"]})
    assert refused(engine, state, Play("furthest", (), target=1, card=2)) == "locked-network"


def test_a_completable_distraction_does_not_fizzle():
    engine, state = table([{}, {"supporters": [10]}], phase="distraction", rows={"distraction": ["D20", "D21", "D3"]})
    assert refused(engine, state, Play("furthest", ())) == "fizzle"


def test_gridlock_targets_another_player():
    engine, state = table([{}, {}], phase="distraction", rows={"distraction": ["D20", "D21", "D22"]})
    assert refused(engine, state, Play("furthest", (), target=0)) == "gridlock-target"
    assert engine.apply(state, Play("furthest", (), target=1)).players[1].gridlocks == ("D22",)


def test_choices_on_a_card_that_takes_none():
    engine, state = table([{}, {}], phase="distraction", rows={"distraction": ["D22", "D21", "D20"]})
    assert refused(engine, state, Play("furthest", (), target=1)) == "move-shape"


def test_no_move_after_the_end():
    network = [{"event": "E3", "row": 0, "col": 1}, {"supporter": 4, "row": 0, "col": 2},
               {"event": "E5", "row": 1, "col": 0}, {"supporter": 2, "row": 1, "col": 1},
               {"event": "E11", "row": 1, "col": 2}, {"event": "E27", "row": 2, "col": 1}]
    engine, state = table([{"network": network}, {}], rows={"supporter": [21, 22, 20]},
                          moves=[{"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []},
                                 {"player": 0, "move": "lock"}])
    assert state.ended == "seven" and state.winners == (0,)
    assert refused(engine, state, Take("event", "furthest")) == "game-over"


def test_legal_moves_are_exactly_what_apply_accepts():
    engine, state = table([{"supporters": [5, 6], "events": ["E5"]}, {"supporters": [10]}], phase="distraction",
                          rows={"distraction": ["D6", "D3", "D1"]})
    legal = engine.legal_moves(state)
    assert legal
    for move in legal:
        assert engine.apply(state, move) is not None
    candidates = [Play(slot, discards, target, card, give)
                  for slot in ("closest", "middle", "furthest")
                  for discards in ((), (5,), (6,), ("E5",), (5, 6), (5, "E5"))
                  for target in (None, 0, 1) for card in (None, 5, 10) for give in (None, 5)]
    for move in candidates:
        if move not in legal:
            assert refused(engine, state, move)
