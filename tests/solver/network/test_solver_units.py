"""Unit tests of the Locked Network solver's parts: bounds, region, heuristic, gluing, the exact
search against CP-SAT, statuses, determinism."""

from __future__ import annotations

import itertools
import random

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules, check_arrangement
from solver.network.bounds import beside_bound, best_bound, cheap_bounds, edge_bound, kinds_bound, region
from solver.network.glue import glue
from solver.network.heuristic import connected_heuristic
from solver.network.problem import (
    build_problem,
    cell_pieces,
    is_connected,
    layout_is_legal,
    layout_tricks,
)
from solver.network.solve import solve_tricks

# --- networks built for the tests -------------------------------------------------------------


def random_network(seed: int, cards: int, density: float) -> Network:
    """Supporters 1..s and Events listing each with probability ``density``, plus decoy IDs."""
    rng = random.Random(seed)
    supporters = max(1, min(cards - 1, cards // 2 + rng.randint(-1, 1))) if cards > 1 else cards
    ids = list(range(1, supporters + 1))
    events = []
    for j in range(cards - supporters):
        listed = {s for s in ids if rng.random() < density} | {900 + rng.randrange(50)}
        events.append(Event(f"E{j}", frozenset(listed)))
    return Network(tuple(Supporter(s) for s in ids), tuple(events))


def planted_grid(k: int, extra: int = 0, seed: int = 0) -> Network:
    """A k x k checkerboard where each Event lists its grid-neighbour Supporters (plus decoys
    and ``extra`` random additional matches), in shuffled order."""
    rng = random.Random(seed)
    numbers = rng.sample(range(1, 10_000), k * k)
    supporter_at = {(r, c): numbers[r * k + c] for r in range(k) for c in range(k) if (r + c) % 2 == 0}
    events = []
    for r in range(k):
        for c in range(k):
            if (r + c) % 2 == 1:
                listed = {supporter_at[n] for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in supporter_at}
                events.append(Event(f"E{r}-{c}", frozenset(listed | {20_000 + r * k + c})))
    for _ in range(extra):
        j = rng.randrange(len(events))
        events[j] = Event(events[j].id, events[j].supporters | {rng.choice(list(supporter_at.values()))})
    supporters = [Supporter(s) for s in supporter_at.values()]
    rng.shuffle(supporters)
    rng.shuffle(events)
    return Network(tuple(supporters), tuple(events))


def plus_shapes() -> Network:
    """S1 matched by four Events that list only it, and an Event listing four other Supporters:
    in pieces, two plus shapes make 8 Tricks; joined, one side must give a Trick up: 7."""
    return Network(
        tuple(Supporter(i) for i in (1, 2, 3, 4, 5)),
        tuple(Event(f"E{i}", frozenset({1})) for i in range(1, 5)) + (Event("E5", frozenset({2, 3, 4, 5})),),
    )


def assert_solution_checks(network: Network, rules: TricksRules, solution) -> None:
    if solution.status == Status.INFEASIBLE:
        assert solution.arrangement is None and solution.tricks is None and solution.bound is None
        return
    report = check_arrangement(network, solution.arrangement, rules)
    assert report.legal, report.violations
    assert report.tricks == solution.tricks
    assert solution.bound >= solution.tricks
    cells = [(p.row, p.col) for p in solution.arrangement.placements]
    if cells:
        assert min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0


# --- bounds -----------------------------------------------------------------------------------


def test_edge_bound_matches_harary_harborth():
    assert [edge_bound(n) for n in range(0, 13)] == [0, 0, 1, 2, 4, 5, 7, 8, 10, 12, 13, 15, 17]
    assert all(edge_bound(k * k) == 2 * k * k - 2 * k for k in range(1, 11))


def test_pairs_bound_and_its_words():
    network = Network((Supporter(1), Supporter(2)), (Event("E1", frozenset({1, 2})),))
    bound = best_bound(build_problem(network))
    assert (bound.value, bound.argument) == (2, "pairs")
    assert bound.proof == "the network has only 2 matching Supporter-Event pairs"


def test_sides_bound_for_a_star():
    network = Network(tuple(Supporter(i) for i in range(1, 7)), (Event("E", frozenset(range(1, 7))),))
    bound = best_bound(build_problem(network))
    assert (bound.value, bound.argument) == (4, "sides")
    assert "no card takes part in more than 4 Tricks" in bound.proof and bound.proof.endswith("at most 4")


def test_borders_bound_on_a_planted_grid_with_extra_matches():
    network = planted_grid(4, extra=6, seed=3)
    bound = best_bound(build_problem(network))
    assert bound.value == 24 and bound.argument == "borders"
    assert bound.proof == "16 cards have at most 24 borders"


def test_borders_bound_is_summed_over_groups_that_match_among_themselves():
    grid = planted_grid(3, seed=1)
    shifted = Network(
        grid.supporters + tuple(Supporter(s.id + 50_000) for s in grid.supporters),
        grid.events + tuple(Event(f"F{e.id}", frozenset(s + 50_000 for s in e.supporters)) for e in grid.events),
    )
    bounds = {b.argument: b for b in cheap_bounds(build_problem(shifted))}
    assert bounds["borders"].value == 2 * edge_bound(9) == 24
    assert "groups of 9, 9 cards" in bounds["borders"].proof


def _beside_and_borders(cells):
    """The cells beside ``cells`` (not among them), plus two for each pair of them that border."""
    taken = set(cells)
    beside = {(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} - taken
    borders = sum((r + 1, c) in taken for r, c in cells) + sum((r, c + 1) in taken for r, c in cells)
    return len(beside) + 2 * borders


@pytest.mark.parametrize("k", range(1, 6))
def test_beside_bound_is_the_least_count_over_every_set_of_k_cells_in_a_box(k):
    box = [(r, c) for r in range(4) for c in range(5)]
    counts = [_beside_and_borders(cells) for cells in itertools.combinations(box, k)]
    assert min(counts) == beside_bound(k)


def test_kinds_bound_on_hand_counted_cases():
    # One Supporter: four sides, and four Events fill them.
    assert kinds_bound(1, 4) == 4
    # Three Supporters border at least 8 cells: with 7 Events one Supporter side faces none.
    assert beside_bound(3) == 8 and kinds_bound(3, 7) == 11
    # Four Supporters on one colour of a 3 x 3 block border its 5 other cells: 16 sides, 9 cells.
    assert beside_bound(4) == 9 and kinds_bound(4, 9) == 16
    assert kinds_bound(0, 5) == kinds_bound(5, 0) == 0


def test_kinds_bound_and_its_words():
    # Three Supporters each listed by seven Events: 21 pairs, 12 sides, but only 11 Tricks.
    network = Network(
        tuple(Supporter(i) for i in (1, 2, 3)), tuple(Event(f"E{j}", frozenset({1, 2, 3})) for j in range(7))
    )
    bound = best_bound(build_problem(network))
    assert (bound.value, bound.argument) == (11, "kinds")
    assert bound.proof == (
        "3 Supporters have 12 sides; the cells beside them, counting two for each border between "
        "two of them, number at least 3 + ceil(2 sqrt 3) + 1 = 8, and each that holds no Event "
        "takes up a side: with 7 Events, at most 12 + 7 - 8 = 11"
    )
    solution = solve_tricks(network, TricksRules(connected=False), time_limit=30)
    assert solution.status is Status.OPTIMAL and solution.tricks == 11 and solution.proven_by == "bound"


def test_region_is_the_triangle_then_shrinks():
    assert set(region(6, 0)) == {(r, c) for r in range(6) for c in range(6) if r + c <= 5}
    sizes = [len(region(16, t)) for t in range(16, 25)]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 16
    assert region(16, 25) == []


# --- heuristic and gluing ---------------------------------------------------------------------


@examples(0.625, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 30), st.sampled_from([0.1, 0.3, 0.6, 0.9]))
def test_heuristic_is_legal_connected_complete_and_deterministic(seed, cards, density):
    problem = build_problem(random_network(seed, cards, density))
    bound = best_bound(problem).value
    layout = connected_heuristic(problem, bound)
    if problem.pair_count() == 0 and any(problem.is_event) and not all(problem.is_event):
        assert layout is None
        return
    assert layout is not None
    assert sorted(layout.values()) == list(range(problem.size))
    assert layout_is_legal(problem, layout) and is_connected(layout)
    assert layout_tricks(problem, layout) <= bound
    assert connected_heuristic(problem, bound) == layout


@pytest.mark.parametrize("k", [4, 6, 8])
def test_heuristic_finds_planted_grids(k):
    problem = build_problem(planted_grid(k, seed=k))
    layout = connected_heuristic(problem, best_bound(problem).value)
    assert layout_tricks(problem, layout) == 2 * k * k - 2 * k


def test_heuristic_handles_a_hundred_cards_quickly():
    import time

    problem = build_problem(random_network(11, 100, 0.3))
    started = time.monotonic()
    layout = connected_heuristic(problem, best_bound(problem).value)
    assert time.monotonic() - started < 10
    assert layout_is_legal(problem, layout) and is_connected(layout) and len(layout) == 100


def test_glue_joins_pieces_without_losing_tricks():
    network = Network(
        (Supporter(1), Supporter(2), Supporter(3)),
        (Event("A", frozenset({1})), Event("B", frozenset({2})), Event("C", frozenset({3}))),
    )
    problem = build_problem(network)
    # Three matching pairs, far apart: S1-A, S2-B, S3-C.
    layout = {(0, 0): 0, (0, 1): 3, (5, 5): 1, (5, 6): 4, (9, 0): 2, (10, 0): 5}
    joined = glue(problem, layout)
    assert joined is not None and len(cell_pieces(joined)) == 1
    assert layout_is_legal(problem, joined) and layout_tricks(problem, joined) >= 3


def test_glue_reports_failure_for_two_plus_shapes():
    problem = build_problem(plus_shapes())
    # S1 surrounded by its four Events; E5 surrounded by its four Supporters.
    first = {(1, 1): 0, (0, 1): 5, (2, 1): 6, (1, 0): 7, (1, 2): 8}
    second = {(11, 11): 9, (10, 11): 1, (12, 11): 2, (11, 10): 3, (11, 12): 4}
    assert glue(problem, {**first, **second}) is None


# --- whole solves -----------------------------------------------------------------------------


@examples(0.3, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.sampled_from([0.2, 0.5, 0.8]), st.booleans())
def test_exact_search_equals_cpsat_on_small_networks(seed, cards, density, connected):
    network = random_network(seed, cards, density)
    rules = TricksRules(connected=connected)
    exact = solve_tricks(network, rules, time_limit=30, method="exact")
    cpsat = solve_tricks(network, rules, time_limit=30, method="cpsat")
    auto = solve_tricks(network, rules, time_limit=30, method="auto")
    assert exact.status == cpsat.status == auto.status != Status.UNPROVEN
    assert exact.tricks == cpsat.tricks == auto.tricks
    for solution in (exact, cpsat, auto):
        assert_solution_checks(network, rules, solution)


def test_plus_shapes_need_the_connected_argument():
    network = plus_shapes()
    joined = solve_tricks(network, TricksRules(connected=True), time_limit=30)
    apart = solve_tricks(network, TricksRules(connected=False), time_limit=30)
    assert (joined.status, joined.tricks) == (Status.OPTIMAL, 7)
    assert joined.proven_by == "exhaustive search" and joined.proof is None
    assert (apart.status, apart.tricks, apart.proven_by) == (Status.OPTIMAL, 8, "bound")
    assert_solution_checks(network, TricksRules(connected=True), joined)
    assert_solution_checks(network, TricksRules(connected=False), apart)


def test_cpsat_pipeline_proves_a_dense_network_and_is_deterministic():
    network = random_network(3, 12, 0.8)
    first = solve_tricks(network, time_limit=30)
    second = solve_tricks(network, time_limit=30)
    assert first.status == Status.OPTIMAL
    assert (first.tricks, first.bound, first.arrangement, first.proof, first.proven_by) == (
        second.tricks,
        second.bound,
        second.arrangement,
        second.proof,
        second.proven_by,
    )
    assert_solution_checks(network, TricksRules(), first)


def test_planted_grid_is_proven_by_its_bound():
    network = planted_grid(5, extra=8, seed=2)
    solution = solve_tricks(network, time_limit=30)
    assert (solution.status, solution.tricks, solution.proven_by) == (Status.OPTIMAL, 40, "bound")
    assert solution.proof == "25 cards have at most 40 borders"
    assert_solution_checks(network, TricksRules(), solution)


def test_structural_statuses():
    empty = solve_tricks(Network())
    assert (empty.status, empty.tricks, empty.proven_by) == (Status.OPTIMAL, 0, "structure")
    single = solve_tricks(Network((Supporter(4),)))
    assert (single.status, single.tricks, single.bound) == (Status.OPTIMAL, 0, 0)
    strangers = Network((Supporter(1), Supporter(2)), (Event("E", frozenset({3})),))
    for method in ("auto", "exact", "cpsat"):
        joined = solve_tricks(strangers, method=method)
        assert joined.status == Status.INFEASIBLE and joined.proven_by == "structure"
        assert "no Event lists any of its Supporters" in joined.proof
        apart = solve_tricks(strangers, TricksRules(connected=False), method=method)
        assert (apart.status, apart.tricks) == (Status.OPTIMAL, 0)
        assert_solution_checks(strangers, TricksRules(connected=False), apart)


def test_one_kind_only_is_a_line():
    network = Network(tuple(Supporter(i) for i in range(1, 6)))
    solution = solve_tricks(network)
    assert (solution.status, solution.tricks) == (Status.OPTIMAL, 0)
    assert_solution_checks(network, TricksRules(), solution)


def test_too_many_cards_is_refused():
    network = Network(tuple(Supporter(i) for i in range(1, 102)))
    with pytest.raises(ValueError, match="101 cards, more than the 100"):
        solve_tricks(network)


def test_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown method"):
        solve_tricks(Network(), method="guess")  # type: ignore[arg-type]


def test_tiny_time_limit_never_claims_a_wrong_optimum():
    network = random_network(0, 12, 0.5)
    for limit in (0.0, 0.2):
        solution = solve_tricks(network, time_limit=limit)
        assert solution.status in (Status.OPTIMAL, Status.UNPROVEN)
        assert_solution_checks(network, TricksRules(), solution)
        if solution.status == Status.UNPROVEN:
            assert solution.proven_by is None and solution.proof is None
            assert solution.bound > solution.tricks


def test_progress_reports_best_and_bound():
    seen = []
    network = random_network(3, 12, 0.8)
    solution = solve_tricks(network, time_limit=30, progress=seen.append)
    assert seen, "a solve that needs CP-SAT reports progress"
    assert all(p.best is None or p.best <= p.bound for p in seen)
    assert all(p.bound >= solution.tricks for p in seen)


def test_hundred_cards_give_a_legal_arrangement_and_a_gap():
    network = random_network(5, 100, 0.2)
    solution = solve_tricks(network, time_limit=5)
    assert solution.seconds < 15
    assert solution.status in (Status.OPTIMAL, Status.UNPROVEN)
    assert_solution_checks(network, TricksRules(), solution)


def test_hundred_cards_in_pieces_give_a_legal_arrangement():
    network = random_network(6, 100, 0.05)
    rules = TricksRules(connected=False)
    solution = solve_tricks(network, rules, time_limit=5)
    assert solution.status in (Status.OPTIMAL, Status.UNPROVEN)
    assert_solution_checks(network, rules, solution)


# --- flow bound, descent by exact span, time limit ---------------------------------------------


@examples(0.625, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 30), st.sampled_from([0.1, 0.3, 0.6, 0.9]))
def test_sides_bound_equals_a_maximum_flow_by_networkx(seed, cards, density):
    import networkx as nx

    from solver.network.bounds import SIDES, degree_limited_tricks
    from solver.network.problem import match_components

    problem = build_problem(random_network(seed, cards, density))
    graph = nx.DiGraph()
    for i in range(problem.size):
        if problem.is_event[i] or not problem.partners[i]:
            continue
        graph.add_edge("source", ("card", i), capacity=min(SIDES, len(problem.partners[i])))
        for j in problem.partners[i]:
            graph.add_edge(("card", i), ("card", j), capacity=1)
            graph.add_edge(("card", j), "sink", capacity=min(SIDES, len(problem.partners[j])))
    expected = {}
    if "source" in graph:
        _, flow = nx.maximum_flow(graph, "source", "sink")
        for group in match_components(problem):
            if len(group) >= 2:
                expected[group[0]] = sum(
                    flow["source"].get(("card", i), 0) for i in group if not problem.is_event[i]
                )
    assert degree_limited_tricks(problem) == expected


def test_boxes_cover_every_span_a_target_allows():
    from solver.network.boxes import boxes

    # 12 cards, 14 Tricks: R + C <= 10, R * C >= 12, R <= C.
    assert sorted(boxes(12, 14)) == [
        (2, 6), (2, 7), (2, 8), (3, 4), (3, 5), (3, 6), (3, 7), (4, 4), (4, 5), (4, 6), (5, 5)
    ]
    # Beyond the polyomino bound no box is left.
    assert boxes(12, 18) == []
    # One card fits a 1 x 1 box.
    assert boxes(1, 0) == [(1, 1)]


@pytest.mark.parametrize("seed", range(4))
def test_box_descent_agrees_with_the_exact_search(seed):
    import time

    from solver.network.boxes import box_descent
    from solver.network.exact import exact_search

    problem = build_problem(random_network(seed, 8, 0.5))
    if problem.pair_count() == 0:
        pytest.skip("no matching pair")
    upper = best_bound(problem).value
    truth = exact_search(problem, -1, upper, time.monotonic() + 60)
    assert truth.complete
    # From a poor start (one Trick) the descent finds the maximum and proves it.
    found = box_descent(problem, 1, upper, time.monotonic() + 60)
    assert found.complete
    assert found.value == truth.value == found.upper
    if found.layout is not None:
        assert layout_is_legal(problem, found.layout) and is_connected(found.layout)
        assert layout_tricks(problem, found.layout) == found.value


@pytest.mark.parametrize("cards", [44, 60])
def test_time_limit_is_respected_on_large_networks(cards):
    import time

    import ortools.sat.python.cp_model  # noqa: F401  (its import is not the solver's time)

    network = random_network(11, cards, 0.5)
    for limit in (0.001, 1.0):
        started = time.monotonic()
        solution = solve_tricks(network, time_limit=limit)
        assert time.monotonic() - started < limit + 0.5
        # (At 1 s the search for a layout meeting the polyomino bound may prove these dense ones.)
        assert solution.status == Status.UNPROVEN or (limit >= 1.0 and solution.status == Status.OPTIMAL)
        assert_solution_checks(network, TricksRules(), solution)


@pytest.mark.parametrize("connected", [True, False])
def test_every_card_matched_is_reached_where_greedy_growth_finds_nothing(connected):
    # Supporter 2 has four Events of its own and shares a fifth with Supporter 1: all matched
    # needs the fifth beside Supporter 1 and Supporter 2 ringed by its own four, which greedy
    # growth (taking the shared Event first) never builds. 7 Tricks, the Supporters' bound.
    network = Network(
        (Supporter(1), Supporter(2)),
        (
            Event("A", frozenset({1})),
            Event("B", frozenset({1})),
            Event("Both", frozenset({1, 2})),
            Event("W", frozenset({2})),
            Event("X", frozenset({2})),
            Event("Y", frozenset({2})),
            Event("Z", frozenset({2})),
        ),
    )
    rules = TricksRules(connected=connected, every_card_matched=True)
    assert connected_heuristic(build_problem(network, every_matched=True), 7) is None
    solution = solve_tricks(network, rules, time_limit=30)
    assert solution.status == Status.OPTIMAL and solution.tricks == 7
    assert check_arrangement(network, solution.arrangement, rules).legal


def lock_network() -> Network:
    """The 14-card network of the lock-lowers ruling (``test_a_lock_can_lower_the_trick_total``):
    a 13-card diamond making 16 Tricks, and Event EX listing only its centre. Connected, the
    maximum is 15; in pieces, 16 (EX apart)."""
    listing = {"Et": {1, 2, 6, 7}, "El": {1, 3, 6, 8}, "Er": {1, 4, 7, 9}, "Eb": {1, 5, 8, 9}, "EX": {1}}
    return Network(
        tuple(Supporter(n) for n in range(1, 10)), tuple(Event(k, frozenset(v)) for k, v in listing.items())
    )


def test_leaving_one_card_out_finds_the_lock_networks_15():
    from solver.network.heuristic import leave_one_out

    problem = build_problem(lock_network())
    plain = connected_heuristic(problem, 16, 1.0)
    assert plain is not None
    found = leave_one_out(problem, layout_tricks(problem, plain), 16, 0.3)
    assert found is not None and layout_tricks(problem, found) == 15
    assert layout_is_legal(problem, found) and is_connected(found)


def test_connected_the_lock_network_is_proven_by_the_joining_argument():
    # 17 pairs, target 16: one pair apart at most; whichever it is, the groups joined by Tricks
    # cannot border each other. The embedding search's connected variant says so at once.
    solution = solve_tricks(lock_network(), TricksRules(), time_limit=30)
    assert (solution.status, solution.tricks, solution.proven_by) == (Status.OPTIMAL, 15, "exhaustive search")
    assert solution.proof is not None and "no connected arrangement makes 16" in solution.proof
    assert check_arrangement(lock_network(), solution.arrangement, TricksRules()).legal


def test_in_pieces_the_lock_network_makes_its_bound():
    rules = TricksRules(connected=False)
    solution = solve_tricks(lock_network(), rules, time_limit=30)
    assert solution.status == Status.OPTIMAL and solution.tricks == 16
    assert check_arrangement(lock_network(), solution.arrangement, rules).legal


def test_every_card_matched_a_grown_layout_is_repaired():
    # An engine-grown network where greedy growth under the rule finds nothing: grown without
    # it, then repaired card by card, the layout has every card beside a match.
    from pathlib import Path

    from model.whitehouse.network.io import load_question
    from solver.network.heuristic import greedy_phase
    from solver.network.problem import all_matched

    path = Path(__file__).resolve().parents[3] / "benchmarks" / "instances" / "engine_n019_s20261201.0.json"
    problem = build_problem(load_question(str(path), None, ()).network, every_matched=True)
    layout, _rng = greedy_phase(problem, best_bound(problem).value)
    assert layout is not None
    assert layout_is_legal(problem, layout) and is_connected(layout) and all_matched(problem, layout)
