"""Arrangements that meet the polyomino bound, by CP-SAT: one integer per cell of a bound shape.

``tiling`` fills the shapes whose borders number ``edge_bound(n)`` card by card, restarting with
growing budgets; on most networks it ends within a few thousand nodes, but on networks with many
more matching pairs than the shape needs (planted checkerboards with extra pairs) its run length
varies wildly. This model asks the same question as a constraint problem: each cell of the shape
takes a card of its colour's kind (every Supporter on one colour, every Event on the other, as in
``tiling``), no card twice, and every two cells that share a border take a matching pair.
CP-SAT's propagation over those pair tables settles boards the tiling search runs out of nodes
on (``benchmarks/tricks_settings.md``).

A layout it returns meets the polyomino bound, so it is optimal whatever the rule options: one
connected piece in which every border matches (so every card of n >= 2 borders a partner).
One worker and a fixed seed, with CP-SAT's deterministic time as the budget: the same network
gets the same answer on every machine unless the clock stops it first.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from solver.network.bounds import edge_bound
from solver.network.nodes import count_work
from solver.network.problem import Cell, Layout, Problem, transform
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.tiling import bound_shapes, degrees_fit


def colourings(shape: Sequence[Cell]) -> list[bool]:
    """The colourings of ``shape`` worth a model, each given as "Events on the cells whose row +
    column is odd": both, unless a rotation or reflection maps the shape onto itself with the
    colours swapped (as for a square of even side), when one stands for the other."""
    cells = set(shape)
    for orientation in range(1, 8):
        turned = [transform(cell, orientation) for cell in shape]
        low_r = min(r for r, _ in turned)
        low_c = min(c for _, c in turned)
        moved = [(r - low_r, c - low_c) for r, c in turned]
        if set(moved) == cells and (sum(moved[0]) - sum(shape[0])) % 2 == 1:
            return [True]
    return [True, False]


def fill_by_model(
    problem: Problem, bound: int, work: float, deadline: float, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """A layout of every card with ``edge_bound(n)`` Tricks, or None (none exists, or ``work``
    units of CP-SAT's deterministic time, shared by the shapes and colourings, or ``deadline``,
    a ``time.monotonic()`` reading, came first). Nothing is tried when that bound exceeds
    ``bound`` (a proven upper bound)."""
    n = problem.size
    if n < 2 or edge_bound(n) > bound or problem.pair_count() < edge_bound(n):
        return None
    fills = [
        (shape, kinds)
        for shape in bound_shapes(n, settings.max_shapes)
        for events_odd in colourings(shape)
        for kinds in [[(r + c) % 2 == events_odd for r, c in shape]]
        if degrees_fit(problem, shape, kinds)
    ]
    for shape, kinds in fills:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        found = _solve_fill(problem, shape, kinds, work / len(fills), left, settings.fill_seed,
                           settings.least_model_seconds)
        if found is not None:
            return found
    return None


def _solve_fill(
    problem: Problem, shape: Sequence[Cell], kinds: Sequence[bool], work: float, seconds: float, seed: int, least: float
) -> Layout | None:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    by_kind = {kind: [i for i in range(problem.size) if problem.is_event[i] == kind] for kind in (False, True)}
    # Placement: the card on each cell, one of its colour's kind.
    card_at = {
        cell: model.new_int_var_from_domain(cp_model.Domain.from_values(by_kind[kind]), f"card{cell}")
        for cell, kind in zip(shape, kinds, strict=True)
    }
    # Every card once.
    model.add_all_different(card_at.values())
    # Every border a matching pair (both orders listed: a border joins a Supporter and an Event
    # either way round).
    pairs = [(a, b) for a in range(problem.size) for b in sorted(problem.partners[a])]
    for (r, c), here in card_at.items():
        for other in ((r, c + 1), (r + 1, c)):
            if other in card_at:
                model.add_allowed_assignments([here, card_at[other]], pairs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = max(least, seconds)
    solver.parameters.max_deterministic_time = max(least, work)
    status = solver.solve(model)
    count_work(solver.deterministic_time)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return {cell: solver.value(var) for cell, var in card_at.items()}
