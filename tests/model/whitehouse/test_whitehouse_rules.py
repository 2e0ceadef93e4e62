"""Each rule refuses a move that breaks only that rule, naming the rule and quoting the rulebook.

The moves here are written by hand from the rulebook; nothing is imported from the module that
names rules (``model.whitehouse.judge``): the test only reads the refusal's ``rule``. ``CASES``
holds one case per named rule of ``RULES`` (a test fails for a rule without one): the breaking
move, and the same move with that one breach repaired, which is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from whitehouse_support import make_oracle

from model.whitehouse.io import load_log
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


# --- every rule, tested alone ----------------------------------------------------------------------
#
# One case per named rule: a position and a move written by hand that break that rule only. Each
# builder takes ``broken``: True gives the breaking move, False the same position and move with
# that one breach repaired, which must be legal (so the case breaks nothing else). Where a ruling
# file already holds such a move, the case replays it, and its counterpart ruling (the same
# situation under other options) is the repaired one.

CASES: dict[str, Callable[[bool], tuple[Any, Any, Any, int | None]]] = {}
TAKE_S = {"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []}


def case(rule: str):
    def register(build):
        CASES[rule] = build
        return build
    return register


def from_ruling(rule: str, name: str, repaired: str) -> None:
    """The case of ``rule`` from ruling ``name`` (its illegal move), repaired by ruling ``repaired``."""
    from checks.whitehouse.rulings import load_rulings

    rulings = {r["name"]: r for r in load_rulings()}

    def build(broken: bool):
        ruling = rulings[name if broken else repaired]
        index = rulings[name]["expected"]["illegal"]["index"]
        situation = ruling["situation"]
        log = load_log(ruling["name"], {"game": "whitehouse", "position": situation["position"],
                                        "rules": ruling["rules"], "moves": situation["moves"]}, make_oracle)
        state = log.start
        for seat, move in log.moves[:index]:
            state = log.engine.apply(state, move, seat)
        seat, move = log.moves[index]
        return log.engine, state, move, seat

    CASES[rule] = build


from_ruling("lock-hand", "option-lock-from-hand-default", "option-lock-from-hand-own-turn")
from_ruling("mixed-cost", "option-mixed-cost-false", "option-mixed-cost-default")
from_ruling("game-over", "option-simultaneous-seven-first", "option-simultaneous-seven-shared")


@case("turn-order")
def _turn_order(broken):
    engine, state = table([{}, {}])
    return engine, state, Take("supporter", "furthest"), 1 if broken else 0


@case("take-supporter")
def _take_supporter(broken):
    engine, state = table([{}, {}])
    return engine, state, Take("event" if broken else "supporter", "furthest"), 0


@case("take-event")
def _take_event(broken):
    engine, state = table([{}, {}], phase="event")
    return engine, state, Take("supporter" if broken else "event", "furthest"), 0


@case("take-distraction")
def _take_distraction(broken):
    engine, state = table([{}, {}], phase="distraction")
    return engine, state, Take("event", "furthest") if broken else Play("furthest"), 0


@case("empty-slot")
def _empty_slot(broken):
    engine, state = table([{"supporters": [5, 6]}, {}], rows={"supporter": [None if broken else 21, 22, 23]})
    return engine, state, Take("supporter", "closest", (5, 6)), 0


@case("take-cost")
def _take_cost(broken):
    engine, state = table([{"supporters": [5, 6]}, {}])
    return engine, state, Take("supporter", "middle", () if broken else (5,)), 0


@case("discard-kind")
def _discard_kind(broken):
    engine, state = table([{"supporters": [5], "events": ["E5"]}, {}])
    return engine, state, Take("supporter", "middle", ("E5",) if broken else (5,)), 0


@case("pass")
def _pass(broken):
    engine, state = table([{}, {}], rows={"supporter": [21, 22, 23 if broken else None]})
    return engine, state, Pass(), 0


@case("decision")
def _decision(broken):
    engine, state = table([{}, {"lies": ["D25"]}], moves=[TAKE_S])
    return engine, state, PlayLies(), 0 if broken else 1


@case("lies-block")
def _lies_block(broken):
    engine, state = table([{"deflection": "D28"}, {"lies": ["D25"]}], moves=[TAKE_S, {"player": 1, "move": "lies"}])
    return engine, state, NoLies() if broken else AcceptLies(), 0


@case("lock-match")
def _lock_match(broken):
    engine, state = _arriving_s2(events=["E5", "E1"])  # E5 lists 2; E1 does not
    return engine, state, Lock("E1" if broken else "E5"), 0


@case("lock-entry")
def _lock_entry(broken):
    # Every card must keep a matching border (option every_card_matched): S19's four sides hold
    # Events that match only S19, so E17 (which lists 19 and 1) cannot join beside S19 alone; with
    # one side free it can.
    network = [{"supporter": 19, "row": 1, "col": 1}, {"event": "E2", "row": 0, "col": 1},
               {"event": "E12", "row": 1, "col": 0}, {"event": "E13", "row": 1, "col": 2}]
    if broken:
        network.append({"event": "E16", "row": 2, "col": 1})
    engine, state = table([{"supporters": [1], "network": network}, {}], phase="event",
                          rows={"event": ["E21", "E22", "E17"]}, rules={"every_card_matched": True},
                          moves=[{"player": 0, "move": "take", "row": "event", "slot": "furthest", "discards": []}])
    return engine, state, Lock(), 0


@case("lock-single")
def _lock_single(broken):
    network = ([{"supporter": 3, "row": 0, "col": 0}, {"event": "E1", "row": 0, "col": 1}] if broken
               else [{"supporter": 4, "row": 0, "col": 0}, {"event": "E3", "row": 0, "col": 1}])  # E3 lists 2
    engine, state = _arriving_s2(events=["E5"], network=network)
    return engine, state, Lock(), 0


@case("lock-required")
def _lock_required(broken):
    engine, state = table([{"events": ["E5"]}, {}], rows={"supporter": [21, 22, 2]},
                          rules={"lock_optional": not broken}, moves=[TAKE_S])
    return engine, state, Keep(), 0


@case("lock-count")
def _lock_count(broken):
    engine, state = table([{"events": ["E5", "E11"]}, {}], rows={"supporter": [21, 22, 2]}, rules={"lock_count": "all"},
                          moves=[TAKE_S, {"player": 0, "move": "lock", "with": "E5"}])
    return engine, state, Lock() if broken else Lock("E11"), 0


@case("distraction-choice")
def _distraction_choice(broken):
    engine, state = table([{}, {"supporters": [10]}], phase="distraction", rows={"distraction": ["D20", "D21", "D3"]})
    return engine, state, Play("furthest", (), target=1, card=11 if broken else 10), 0


@case("fizzle")
def _fizzle(broken):
    engine, state = table([{}, {"supporters": [10] if broken else []}], phase="distraction",
                          rows={"distraction": ["D20", "D21", "D3"]})
    return engine, state, Play("furthest", ()), 0


@case("locked-network")
def _locked_network(broken):
    network = [{"supporter": 2, "row": 0, "col": 0}, {"event": "E5", "row": 0, "col": 1}]
    engine, state = table([{}, {"supporters": [10], "network": network}], phase="distraction",
                          rows={"distraction": ["D20", "D21", "D3"]})
    return engine, state, Play("furthest", (), target=1, card=2 if broken else 10), 0


@case("gridlock-target")
def _gridlock_target(broken):
    engine, state = table([{}, {}], phase="distraction", rows={"distraction": ["D20", "D21", "D22"]})
    return engine, state, Play("furthest", (), target=0 if broken else 1), 0


@case("move-shape")
def _move_shape(broken):
    engine, state = table([{}, {}], phase="distraction", rows={"distraction": ["D22", "D21", "D20"]})
    return engine, state, Play("furthest", (), target=1 if broken else None), 0


def test_every_named_rule_has_a_case_that_breaks_it_alone():
    assert sorted(set(RULES) - set(CASES)) == [], "rules without a case"
    assert sorted(set(CASES) - set(RULES)) == [], "cases of no rule"


@pytest.mark.parametrize("rule", sorted(RULES))
def test_the_case_of_each_rule_is_refused_with_that_rule(rule):
    assert rule in CASES, f"rule {rule} has no case"
    engine, state, move, player = CASES[rule](True)
    assert refused(engine, state, move, player) == rule
    engine, state, move, player = CASES[rule](False)
    assert engine.apply(state, move, player) is not None, "repairing the one breach makes the move legal"
