"""The search that fills the shapes meeting the polyomino bound card by card (``tiling``): the
shapes it fills, the squares it finds, what it does when there is none, and the pipeline's use
of it; and the CP-SAT model asking the same question where that search runs out (``fill_model``)."""

from __future__ import annotations

import random
import time

import pytest

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules, check_arrangement
from solver.network.bounds import best_bound, edge_bound
from solver.network.connected import tile_nodes
from solver.network.fill_model import colourings, fill_by_model
from solver.network.heuristic import greedy_phase
from solver.network.problem import (
    build_problem,
    canonical_within_classes,
    layout_is_legal,
    layout_tricks,
    to_arrangement,
)
from solver.network.solve import solve_tricks
from solver.network.tiling import bound_shapes, fill_order, tile, tile_search

ALL_RULES = [TricksRules(connected, matched) for connected in (True, False) for matched in (False, True)]


def planted_square(k: int, seed: int, extra: float = 0.15) -> Network:
    """A k x k checkerboard whose Events list their grid-neighbour Supporters and, besides, each
    other Supporter with probability ``extra`` (plus a decoy ID), in shuffled order."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(k) for c in range(k)]
    supporter_cells = [cell for cell in cells if sum(cell) % 2 == 0]
    ids = rng.sample(range(1, 10_000), len(supporter_cells))
    supporter_at = dict(zip(supporter_cells, ids, strict=True))
    events = []
    for r, c in cells:
        if (r + c) % 2 == 1:
            listed = {supporter_at[n] for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in supporter_at}
            listed |= {s for s in ids if s not in listed and rng.random() < extra}
            events.append(Event(f"E{r}.{c}", frozenset(listed | {20_000 + r * k + c})))
    supporters = [Supporter(s) for s in ids]
    rng.shuffle(supporters)
    rng.shuffle(events)
    return Network(tuple(supporters), tuple(events))


def adjacent_pairs(cells: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> int:
    occupied = set(cells)
    return sum((r, c + 1) in occupied for r, c in occupied) + sum((r + 1, c) in occupied for r, c in occupied)


# --- the shapes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [2, 3, 4, 7, 10])
def test_a_square_number_of_cards_has_only_the_square(k: int) -> None:
    assert bound_shapes(k * k) == [tuple((r, c) for r in range(k) for c in range(k))]


@pytest.mark.parametrize("n", range(2, 41))
def test_every_shape_has_the_most_borders_its_cards_can_have(n: int) -> None:
    shapes = bound_shapes(n)
    assert shapes, "some shape always meets the bound (a near-square)"
    for shape in shapes:
        assert len(set(shape)) == n
        assert adjacent_pairs(shape) == edge_bound(n)
    # No two of them are the same shape turned or mirrored.
    assert len({frozenset(shape) for shape in shapes}) == len(shapes)


@pytest.mark.parametrize("n", [4, 9, 13, 20, 36])
def test_the_fill_order_meets_a_filled_neighbour_at_every_cell_after_the_first(n: int) -> None:
    for shape in bound_shapes(n):
        order = fill_order(shape)
        assert sorted(order) == sorted(shape)
        for i, (r, c) in enumerate(order[1:], start=1):
            assert {(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & set(order[:i])


# --- the search ---------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [4, 5, 6])
@pytest.mark.parametrize("seed", [1, 3, 5])
def test_the_planted_square_is_found_and_passes_the_checker(k: int, seed: int) -> None:
    network = planted_square(k, seed)
    problem = build_problem(network)
    layout, nodes = tile_search(problem, best_bound(problem).value)
    assert layout is not None
    assert layout_tricks(problem, layout) == 2 * k * k - 2 * k == edge_bound(k * k)
    arrangement = to_arrangement(problem, canonical_within_classes(problem, layout))
    for rules in ALL_RULES:
        report = check_arrangement(network, arrangement, rules)
        assert report.legal, report.violations
        assert report.tricks == 2 * k * k - 2 * k
    assert tile_search(problem, best_bound(problem).value) == (layout, nodes), "the same answer every time"


def test_nothing_is_searched_when_the_bound_is_out_of_reach() -> None:
    problem = build_problem(planted_square(5, 1))
    assert tile_search(problem, edge_bound(25) - 1) == (None, 0)
    # Too few matching pairs (each Event lists one Supporter only).
    sparse = Network(
        tuple(Supporter(s) for s in range(1, 6)), tuple(Event(f"E{s}", frozenset({s})) for s in range(1, 5))
    )
    assert tile_search(build_problem(sparse), 100) == (None, 0)


def _no_square_network() -> Network:
    """Nine cards that pass every quick test for a 3 x 3 square without making one: Supporter 1
    lists beside all four Events (the centre), each Event beside two more Supporters (corners),
    but the corners pair Events 1 and 2, and 3 and 4, so the four Events never close the ring
    round the centre."""
    return Network(
        tuple(Supporter(s) for s in range(1, 6)),
        (
            Event("E1", frozenset({1, 2, 3})),
            Event("E2", frozenset({1, 2, 3})),
            Event("E3", frozenset({1, 4, 5})),
            Event("E4", frozenset({1, 4, 5})),
        ),
    )


def test_no_square_a_complete_search_within_its_budget() -> None:
    network = _no_square_network()
    problem = build_problem(network)
    assert problem.pair_count() == edge_bound(9) == best_bound(problem).value
    layout, nodes = tile_search(problem, best_bound(problem).value, node_limit=10_000)
    assert layout is None
    assert 0 < nodes < 10_000, "the search ended on its own"
    # It agrees with the solver: the network makes fewer Tricks than the bound.
    solution = solve_tricks(network, time_limit=30)
    assert solution.status is Status.OPTIMAL
    assert solution.tricks is not None and solution.tricks < edge_bound(9)


def test_the_node_budget_is_kept_when_the_search_gives_up() -> None:
    problem = build_problem(planted_square(6, 0))
    for limit in (1, 50, 777):
        assert tile_search(problem, best_bound(problem).value, node_limit=limit) == (None, limit)
    assert tile(problem, best_bound(problem).value, node_limit=777) is None


# --- in the pipeline ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"connected={r.connected},matched={r.every_card_matched}")
def test_solve_tricks_proves_a_planted_six_by_six_by_the_bound(rules: TricksRules) -> None:
    network = planted_square(6, 1)
    problem = build_problem(network, every_matched=rules.every_card_matched)
    greedy, _ = greedy_phase(problem, best_bound(problem).value)
    assert greedy is None or layout_tricks(problem, greedy) < 60, "the greedy phase alone falls short"
    solution = solve_tricks(network, rules, time_limit=60)
    assert solution.status is Status.OPTIMAL
    assert (solution.tricks, solution.bound, solution.proven_by) == (60, 60, "bound")
    assert solution.proof == "36 cards have at most 60 borders"
    assert solution.arrangement is not None
    assert check_arrangement(network, solution.arrangement, rules).legal


# --- the budget under a time limit ----------------------------------------------------------------


def test_the_budget_grows_with_the_time_limit_so_a_slow_seven_by_seven_board_is_found() -> None:
    # Run lengths vary wildly (hence the restarts): this 7 x 7 board with extra pairs needs about
    # 137 000 nodes, more than the 100 000 a 5 s limit gave before the budget grew with the limit.
    network = planted_square(7, 10)
    problem = build_problem(network)
    assert tile_nodes(5.0) > tile_nodes(1.0) and tile_nodes(60.0) > tile_nodes(5.0)
    layout, used = tile_search(problem, edge_bound(49), tile_nodes(5.0))
    assert layout is not None and layout_tricks(problem, layout) == edge_bound(49) == 84
    assert used > 100_000
    solution = solve_tricks(network, TricksRules(), time_limit=5.0)
    assert solution.status == Status.OPTIMAL and solution.tricks == 84
    assert check_arrangement(network, solution.arrangement, TricksRules()).legal


# --- the CP-SAT model of the same question ---------------------------------------------------------


def _square(k: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(k) for c in range(k)]


def test_a_colouring_is_modelled_once_when_a_symmetry_of_the_shape_swaps_the_colours() -> None:
    assert colourings(_square(4)) == [True]  # a reflection swaps the colours of an even square
    assert colourings(_square(3)) == [True, False]  # every symmetry keeps a corner's colour
    assert colourings([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]) == [True]  # a half turn


def test_where_the_tiling_search_runs_out_the_model_fills_the_square() -> None:
    # Measured: with the budget of a 5 s limit the tiling search finds this 7 x 7 board with
    # extra pairs in none of its restarts; the model finds it within 4 units of CP-SAT's
    # deterministic time (0.3 s), and the solver then proves 84 by the bound within the limit.
    network = planted_square(7, 1)
    problem = build_problem(network)
    assert tile_search(problem, edge_bound(49), tile_nodes(5.0)) == (None, tile_nodes(5.0))
    filled = fill_by_model(problem, edge_bound(49), 4.0, time.monotonic() + 60)
    assert filled is not None and layout_is_legal(problem, filled)
    assert layout_tricks(problem, filled) == 84 and sorted(filled.values()) == list(range(49))
    assert fill_by_model(problem, edge_bound(49), 4.0, time.monotonic() + 60) == filled  # repeatable
    assert fill_by_model(problem, 83, 4.0, time.monotonic() + 60) is None  # above a proven bound
    solution = solve_tricks(network, TricksRules(), time_limit=5.0)
    assert (solution.status, solution.tricks, solution.proven_by) == (Status.OPTIMAL, 84, "bound")
    assert check_arrangement(network, solution.arrangement, TricksRules()).legal


def test_the_model_finds_no_square_where_there_is_none() -> None:
    problem = build_problem(_no_square_network())
    assert fill_by_model(problem, edge_bound(9), 4.0, time.monotonic() + 60) is None
