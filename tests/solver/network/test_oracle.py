"""The Tricks solver against an independent brute-force oracle on every network of up to 7 cards
that Hypothesis draws, and the oracle itself against known counts and a naive enumeration."""

from __future__ import annotations

import itertools
import random

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from oracle_tricks import (
    fixed_polyominoes,
    free_polyominoes,
    network_of,
    oracle_max_tricks,
    oracle_solve,
)
from strategies_tricks import checkerboard, matched_networks, networks, rules_options

from model.common.status import Status
from model.whitehouse.network.arrangement import (
    Arrangement,
    Placement,
    TricksRules,
    check_arrangement,
)
from solver.network.bounds import cheap_bounds
from solver.network.problem import build_problem
from solver.network.solve import solve_tricks

#: Generous: every network here is tiny, so any solve that is not proven is a failure.
TIME_LIMIT = 30.0

CONNECTED = TricksRules(connected=True)
PIECES = TricksRules(connected=False)


# --- the oracle on its own ----------------------------------------------------------------------


def test_free_polyomino_counts_match_oeis_a000105():
    assert [len(free_polyominoes(n)) for n in range(1, 8)] == [1, 1, 2, 5, 12, 35, 108]


def test_fixed_polyomino_counts_match_oeis_a001168():
    assert [len(fixed_polyominoes(n)) for n in range(1, 8)] == [1, 2, 6, 19, 63, 216, 760]


def test_polyominoes_are_connected_and_normalised():
    for n in range(1, 8):
        for shape in fixed_polyominoes(n):
            cells = set(shape)
            assert len(cells) == n
            assert min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0
            seen, stack = {shape[0]}, [shape[0]]
            while stack:
                r, c = stack.pop()
                for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if cell in cells and cell not in seen:
                        seen.add(cell)
                        stack.append(cell)
            assert seen == cells


@pytest.mark.parametrize(
    "supporters, events, connected, expected",
    [
        ([], {}, True, 0),
        ([], {}, False, 0),
        ([5], {}, True, 0),
        ([], {"E": [1, 2]}, True, 0),
        ([1], {"E": [1]}, True, 1),
        # A Supporter and an Event that does not list it cannot touch, so cannot connect.
        ([1], {"E": [2]}, True, None),
        ([1], {"E": [2]}, False, 0),
        # A 2 x 2 checkerboard: 4 borders, all Tricks.
        ([1, 2], {"A": [1, 2], "B": [1, 2]}, True, 4),
        # One Event listing 5 Supporters still has only 4 sides.
        ([1, 2, 3, 4, 5], {"E": [1, 2, 3, 4, 5]}, True, 4),
        ([1, 2, 3, 4, 5], {"E": [1, 2, 3, 4, 5]}, False, 4),
        # Supporter 3 matches nothing: connected, it must sit beside Supporters only.
        ([1, 2, 3], {"E": [1, 2]}, True, 2),
        # Event F lists nobody and Supporter 9 is listed by nobody: they can never be joined.
        ([9], {"F": []}, True, None),
        # Two separate matching pairs joined Supporter-to-Supporter.
        ([1, 2], {"A": [1], "B": [2]}, True, 2),
    ],
)
def test_oracle_on_hand_worked_networks(supporters, events, connected, expected):
    network = network_of(supporters, events)
    rules = TricksRules(connected=connected)
    assert oracle_max_tricks(network, rules) == expected
    assert oracle_max_tricks(network, rules, "fixed") == expected


def test_oracle_on_planted_checkerboard():
    network = checkerboard(2, random.Random(3), extra_matches=1)
    assert oracle_max_tricks(network, CONNECTED) == 4


def _naive_maximum(network, rules, cell_sets):
    """Every placement of the cards on every cell set, checked by the model's checker."""
    best = None
    cards = network.cards()
    for cells in cell_sets:
        for order in itertools.permutations(cards):
            arrangement = Arrangement(tuple(Placement(card, r, c) for card, (r, c) in zip(order, cells, strict=False)))
            report = check_arrangement(network, arrangement, rules)
            if report.legal and (best is None or report.tricks > best):
                best = report.tricks
    return best


@examples(0.375)
@given(networks(min_cards=1, max_cards=4))
def test_connected_oracle_equals_naive_enumeration(network):
    cell_sets = fixed_polyominoes(network.size)
    assert oracle_max_tricks(network, CONNECTED) == _naive_maximum(network, CONNECTED, cell_sets)


@examples(0.375)
@given(networks(min_cards=1, max_cards=3))
def test_pieces_oracle_equals_naive_enumeration(network):
    n = network.size
    # Any n cells of an n x (2n - 1) box: room for the pieces of any partition laid side by side
    # with an empty column between them.
    box = [(r, c) for r in range(n) for c in range(2 * n - 1)]
    cell_sets = itertools.combinations(box, n)
    assert oracle_max_tricks(network, PIECES) == _naive_maximum(network, PIECES, cell_sets)


@given(networks(), rules_options)
def test_oracle_arrangement_is_legal_and_free_equals_fixed(network, rules):
    found = oracle_solve(network, rules)
    assert (found is None) == (oracle_max_tricks(network, rules, "fixed") is None)
    if found is None:
        assert rules.connected or rules.every_card_matched, "single cards laid apart are always legal"
        return
    total, arrangement = found
    report = check_arrangement(network, arrangement, rules)
    assert report.legal, report.violations
    assert report.tricks == total
    assert oracle_max_tricks(network, rules, "fixed") == total


# --- the bounds against the oracle ----------------------------------------------------------------


@examples(0.5)
@given(networks(min_cards=2), rules_options)
def test_every_cheap_bound_holds_the_oracle_maximum(network, rules):
    # Each bound holds for any set of cells, connected or not, under every rule option.
    expected = oracle_max_tricks(network, rules)
    if expected is None:
        return
    for bound in cheap_bounds(build_problem(network, every_matched=rules.every_card_matched)):
        assert bound.value >= expected, (bound.argument, bound.proof)


# --- the solver against the oracle --------------------------------------------------------------


def _assert_matches_oracle(network, rules, solution):
    expected = oracle_max_tricks(network, rules)
    if expected is None:
        assert solution.status == Status.INFEASIBLE
        assert solution.tricks is None and solution.bound is None and solution.arrangement is None
        return
    assert solution.status == Status.OPTIMAL, solution
    assert solution.tricks == expected
    assert solution.bound == expected
    report = check_arrangement(network, solution.arrangement, rules)
    assert report.legal, report.violations
    assert report.tricks == expected
    if solution.arrangement.placements:
        assert min(p.row for p in solution.arrangement.placements) == 0
        assert min(p.col for p in solution.arrangement.placements) == 0


@pytest.mark.parametrize("method", ["cpsat", "auto", "exact"])
@given(network=networks(), rules=rules_options)
def test_solver_equals_oracle(method, network, rules):
    solution = solve_tricks(network, rules, time_limit=TIME_LIMIT, method=method)
    _assert_matches_oracle(network, rules, solution)


def _comparable(solution):
    return (
        solution.status,
        solution.tricks,
        solution.bound,
        solution.arrangement,
        solution.proof,
        solution.proven_by,
    )


@pytest.mark.parametrize("method", ["cpsat", "auto"])
@examples(0.375)
@given(network=networks(min_cards=2), rules=rules_options)
def test_proven_results_are_deterministic(method, network, rules):
    first = solve_tricks(network, rules, time_limit=TIME_LIMIT, method=method)
    second = solve_tricks(network, rules, time_limit=TIME_LIMIT, method=method)
    assert first.status in (Status.OPTIMAL, Status.INFEASIBLE)
    assert _comparable(first) == _comparable(second)


@examples(0.25)
@given(network=networks(min_cards=1, max_cards=7))
def test_connected_never_beats_pieces(network):
    """Allowing several pieces can only add legal arrangements."""
    joined = solve_tricks(network, CONNECTED, time_limit=TIME_LIMIT)
    apart = solve_tricks(network, PIECES, time_limit=TIME_LIMIT)
    assert apart.status == Status.OPTIMAL
    if joined.status == Status.OPTIMAL:
        assert joined.tricks <= apart.tricks
    else:
        assert joined.status == Status.INFEASIBLE


# --- rule option every_card_matched --------------------------------------------------------------


@pytest.mark.parametrize("method", ["cpsat", "auto", "exact"])
@examples(1.0)
@given(network=matched_networks(), connected=st.booleans())
def test_solver_equals_oracle_when_every_card_must_be_matched(method, network, connected):
    rules = TricksRules(connected=connected, every_card_matched=True)
    solution = solve_tricks(network, rules, time_limit=TIME_LIMIT, method=method)
    _assert_matches_oracle(network, rules, solution)


def test_a_card_that_matches_nothing_cannot_be_matched():
    network = network_of([1, 2], {"E1": [1]})
    solution = solve_tricks(network, TricksRules(every_card_matched=True))
    assert solution.status == Status.INFEASIBLE and solution.proven_by == "structure"
    assert solution.proof == "Supporter 2 matches no card of the network, so it can never border a card it matches"
    assert solve_tricks(network).tricks == 1


def test_five_cards_with_one_partner_cannot_all_be_matched():
    network = network_of([1], {f"E{i}": [1] for i in range(1, 6)})
    solution = solve_tricks(network, TricksRules(every_card_matched=True))
    assert solution.status == Status.INFEASIBLE
    assert solution.proof == (
        "Supporter 1 is the only match of 5 cards (Event E1, Event E2, Event E3, Event E4, Event E5), "
        "but it borders at most 4 cards"
    )
    assert oracle_max_tricks(network, TricksRules(every_card_matched=True)) is None


def test_nine_cards_sharing_two_partners_cannot_all_be_matched():
    network = network_of([1, 2], {f"E{i}": [1, 2] for i in range(1, 10)})
    solution = solve_tricks(network, TricksRules(every_card_matched=True))
    assert solution.status == Status.INFEASIBLE
    assert solution.proof.startswith("the 9 cards Event E1, ") and "which border at most 8 cards" in solution.proof
    eight = network_of([1, 2], {f"E{i}": [1, 2] for i in range(1, 9)})
    assert solve_tricks(eight, TricksRules(every_card_matched=True)).status == Status.OPTIMAL
