"""Properties of the Tricks solver that need no oracle: invariance under renaming, shuffling and
decoy IDs; planted checkerboards reach the edge bound; bounds and statuses are never overstated."""

from __future__ import annotations

import math
import os
import random

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from oracle_tricks import oracle_max_tricks
from strategies_tricks import MAX_ID, checkerboard, networks, renamed, rules_options

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, TricksRules, check_arrangement
from solver.network.solve import solve_tricks

#: Generous: the solver aims to prove any network of up to 12 cards within 2 s.
TIME_LIMIT = 10.0
#: Checkerboard sides: 2..5, and 6 too when TRICKS_DEEP is set.
CHECKERBOARD_SIDES = range(2, 7 if os.environ.get("TRICKS_DEEP") else 6)


def _total(solution):
    return (solution.status, solution.tricks, solution.bound)


def _assert_sound(network, rules, solution):
    """What every answer owes: a legal arrangement reaching ``tricks``, and bound >= tricks."""
    if solution.status == Status.INFEASIBLE:
        assert solution.tricks is None and solution.bound is None and solution.arrangement is None
        return
    assert solution.bound is not None
    if solution.tricks is None:
        assert solution.status == Status.UNPROVEN
        return
    assert solution.bound >= solution.tricks
    report = check_arrangement(network, solution.arrangement, rules)
    assert report.legal, report.violations
    assert report.tricks == solution.tricks
    if solution.status == Status.OPTIMAL:
        assert solution.bound == solution.tricks


@examples(0.625)
@given(network=networks(max_cards=9), rules=rules_options, seed=st.integers(0, 2**32 - 1))
def test_renaming_and_shuffling_keep_the_total(network, rules, seed):
    before = solve_tricks(network, rules, time_limit=TIME_LIMIT)
    other = renamed(network, random.Random(seed))
    after = solve_tricks(other, rules, time_limit=TIME_LIMIT)
    _assert_sound(network, rules, before)
    _assert_sound(other, rules, after)
    if Status.UNPROVEN not in (before.status, after.status):
        assert _total(before) == _total(after)
    else:
        # Unproven answers may differ, but neither may contradict the other.
        for one, other in ((before, after), (after, before)):
            if one.tricks is not None:
                assert other.status != Status.INFEASIBLE and one.tricks <= other.bound


@examples(0.625)
@given(network=networks(min_cards=8, max_cards=9), rules=rules_options)
def test_networks_of_up_to_9_cards_are_proven(network, rules):
    solution = solve_tricks(network, rules, time_limit=TIME_LIMIT)
    _assert_sound(network, rules, solution)
    assert solution.status != Status.UNPROVEN, solution
    assert solution.tricks == oracle_max_tricks(network, rules)


@examples(0.625)
@given(
    network=networks(min_cards=1, max_cards=9),
    rules=rules_options,
    pick=st.integers(0, 100),
    decoy=st.integers(1, MAX_ID),
)
def test_a_decoy_id_in_an_event_list_changes_nothing(network, rules, pick, decoy):
    if not network.events:
        network = network.with_card(Event("only", frozenset()))
    present = {s.id for s in network.supporters}
    while decoy in present:
        decoy = decoy % MAX_ID + 1
    index = pick % len(network.events)
    target = network.events[index]
    padded = Network(
        network.supporters,
        network.events[:index]
        + (Event(target.id, target.supporters | {decoy}, target.name),)
        + network.events[index + 1 :],
    )
    before = solve_tricks(network, rules, time_limit=TIME_LIMIT)
    after = solve_tricks(padded, rules, time_limit=TIME_LIMIT)
    _assert_sound(padded, rules, after)
    assert _total(before) == _total(after)


@pytest.mark.parametrize("connected", [True, False])
@pytest.mark.parametrize("k", list(CHECKERBOARD_SIDES))
def test_planted_checkerboard_reaches_the_edge_bound(k, connected):
    rng = random.Random(1000 * k + connected)
    rules = TricksRules(connected=connected)
    n = k * k
    expected = 2 * n - 2 * k
    assert expected == 2 * n - math.ceil(2 * math.sqrt(n))
    for extra in (0, k):
        network = renamed(checkerboard(k, rng, extra_matches=extra, decoys=3), rng)
        solution = solve_tricks(network, rules, time_limit=TIME_LIMIT)
        _assert_sound(network, rules, solution)
        assert solution.status == Status.OPTIMAL
        assert solution.tricks == expected


@given(network=networks(max_cards=9), rules=rules_options)
def test_bound_is_never_below_tricks(network, rules):
    for limit in (0.05, TIME_LIMIT):
        solution = solve_tricks(network, rules, time_limit=limit)
        _assert_sound(network, rules, solution)


@pytest.mark.parametrize("method", ["auto", "cpsat", "exact"])
@pytest.mark.parametrize("limit", [0.0, 1e-4, 1e-2])
@examples(0.375)
@given(network=networks(), rules=rules_options)
def test_tiny_time_limit_is_proven_right_or_unproven(method, limit, network, rules):
    solution = solve_tricks(network, rules, time_limit=limit, method=method)
    _assert_sound(network, rules, solution)
    expected = oracle_max_tricks(network, rules)
    if solution.status == Status.OPTIMAL:
        assert solution.tricks == expected
    elif solution.status == Status.INFEASIBLE:
        assert expected is None
    elif expected is None:
        assert solution.tricks is None, "an infeasible network has no legal arrangement to find"
    else:
        assert solution.bound >= expected
        if solution.tricks is not None:
            assert solution.tricks <= expected


@pytest.mark.parametrize("k", [4, 5])
@pytest.mark.parametrize("limit", [0.0, 1e-3])
def test_tiny_time_limit_on_checkerboards_is_never_wrongly_optimal(k, limit):
    network = checkerboard(k, random.Random(k), extra_matches=2)
    solution = solve_tricks(network, TricksRules(), time_limit=limit)
    _assert_sound(network, TricksRules(), solution)
    assert solution.status != Status.INFEASIBLE
    assert solution.bound >= 2 * k * k - 2 * k
    if solution.status == Status.OPTIMAL:
        assert solution.tricks == 2 * k * k - 2 * k
