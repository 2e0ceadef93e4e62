"""The rest of the time: when the other phases have stopped short of a proof with time left, a
CP-SAT model with the best arrangement as hint and the proven bound as a constraint takes over,
in slices of growing deterministic work, with local-search restarts between them. Two models
take turns: the class model of ``cpsat`` and the plain one of ``plain`` (up to 27 cards).

The model is the full one (every arrangement, so "nothing better" proves the best known optimal)
when it fits ``max_model_size``; otherwise a box around the best arrangement, grown each time it
is closed, which can only find better arrangements. The phase ends with a proof, at the time
limit, or when nothing can go on: no model fits and the best layout lies in pieces, which the
local search does not move (without ``connected``). Every
slice is bounded by CP-SAT's deterministic time and every restart by a fixed seed and step count,
so the outcome does not depend on the machine unless the clock stops it.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

from solver.network.bounds import region
from solver.network.cpsat import ModelAnswer, ModelSpec, solve_model
from solver.network.heuristic import anneal, greedy, grown_then_repaired
from solver.network.plain import plain_cells, solve_plain
from solver.network.problem import (
    Cell,
    Layout,
    Problem,
    apart_layout,
    is_connected,
    keeps_rules,
    layout_tricks,
    normalise,
)
from solver.network.settings import DEFAULT_SETTINGS, Settings

#: k rows and this many columns per card hold every arrangement of k cards in pieces of two or
#: more, each turned to be at most as wide as tall, with a gap between (a fact of the grid).
BOX_COLUMNS_PER_CARD = 1.25


@dataclass(frozen=True)
class Rest:
    """What the phase established."""

    #: The best Trick total known (-1: none yet, only with ``every_card_matched``).
    value: int
    #: A layout reaching ``value``, or None.
    layout: Layout | None
    #: The proven upper bound.
    upper: int
    #: True when ``value`` is proven the maximum (by a full CP-SAT model).
    proven: bool
    #: True when the proof rests on CP-SAT.
    by_cpsat: bool = False


def full_cells(problem: Problem, connected: bool, target: int) -> tuple[Cell, ...]:
    """The cells of the model that holds every arrangement with at least ``target`` Tricks:
    the perimeter region when connected, else the box of ``pieces.solve_group_in_pieces``."""
    n = problem.size
    if connected:
        return tuple(region(n, target))
    return tuple((r, c) for r in range(n) for c in range(math.ceil(BOX_COLUMNS_PER_CARD * n)))


def use_the_rest(
    problem: Problem,
    deadline: float,
    value: int,
    layout: Layout | None,
    upper: int,
    connected: bool,
    settings: Settings = DEFAULT_SETTINGS,
) -> Rest:
    """Go on until ``deadline``, a proof, or nothing left to try (see the module's text)."""
    classes = len(problem.classes)
    work = settings.rest_first_work
    margin = 1
    model_open = True
    rng = random.Random(settings.heuristic_seed + 1)
    plain_fits = plain_cells(problem) <= settings.plain_model_size
    turn = 0
    while value < upper and time.monotonic() < deadline:
        if model_open and deadline - time.monotonic() > settings.model_margin:
            cells = full_cells(problem, connected, value + 1)
            full = len(cells) * classes <= settings.max_model_size
            if not full:
                cells = _box_cells(problem, layout, cells, margin, classes, settings.box_model_size)
            # The two models take turns, the plain one first without ``connected`` (where it
            # finds what the class model misses), second with it.
            plain = plain_fits and (not cells or turn % 2 == (1 if connected else 0))
            turn += 1
            if not cells and not plain_fits:
                model_open = False
            else:
                if plain:
                    seconds = deadline - time.monotonic()
                    answer = solve_plain(
                        problem, connected, value + 1, upper, layout, seconds, settings.plain_work * work, settings
                    )
                    whole = True
                else:
                    answer = _slice(problem, cells, connected, value, upper, layout, deadline, work, settings)
                    whole = full
                if answer.layout is not None and answer.value is not None:
                    found_layout = answer.layout if connected else with_cards_apart(problem, answer.layout)
                    found = layout_tricks(problem, found_layout)
                    if found > value:
                        value, layout = found, found_layout
                if whole and answer.status in ("optimal", "infeasible"):
                    return Rest(value, layout, value, True, True)
                if whole and answer.bound is not None:
                    upper = min(upper, max(answer.bound, value))
                if not whole and answer.status in ("optimal", "infeasible"):
                    margin *= 2  # this box holds nothing better: a larger one
                elif not plain or not cells:
                    work *= 2
        if time.monotonic() >= deadline or value >= upper:
            break
        better = _restart(problem, layout, upper, rng, deadline, settings)
        if better is not None and layout_tricks(problem, better) > value:
            layout, value = better, layout_tricks(problem, better)
        elif not model_open and layout is not None and not is_connected(layout):
            break  # no model to build, and a layout in pieces the local search cannot move
    return Rest(value, layout, max(upper, value), value >= upper)


def _box_cells(
    problem: Problem, layout: Layout | None, cells: tuple[Cell, ...], margin: int, classes: int, most: int
) -> tuple[Cell, ...]:
    """The cells of ``cells`` within a box ``margin`` rows and columns larger than the best
    layout's span (normalised to row and column 0), or () when that box is too large a model
    (``most`` (cell, class) pairs; building one in Python takes about a second per 2000), or
    there is no layout to start from)."""
    if layout is None:
        return ()
    placed = normalise(layout)
    rows = max(r for r, _ in placed) + 1 + margin
    cols = max(c for _, c in placed) + 1 + margin
    # Square, so that the model's transposition rule keeps the layout (turned) inside.
    side = max(rows, cols)
    chosen = tuple(cell for cell in cells if cell[0] < side and cell[1] < side)
    if len(chosen) * classes > most or len(chosen) == len(cells):
        return ()
    return chosen


def _slice(
    problem: Problem,
    cells: tuple[Cell, ...],
    connected: bool,
    value: int,
    upper: int,
    layout: Layout | None,
    deadline: float,
    work: float,
    settings: Settings,
) -> ModelAnswer:
    spec = ModelSpec(
        cells,
        connected=connected,
        pieces=not connected,
        at_least=value + 1,
        at_most=upper,
        symmetric=connected,
    )
    hint = layout if layout is not None and (not connected or is_connected(layout)) else None
    return solve_model(problem, spec, hint, max(0.0, deadline - time.monotonic()), work=work, settings=settings)


def with_cards_apart(problem: Problem, layout: Layout) -> Layout:
    """Add every card a pieces model left off the grid, each on its own, apart from the rest."""
    on_grid = set(layout.values())
    missing = [i for i in range(problem.size) if i not in on_grid]
    return apart_layout(problem, [layout] + [{(0, 0): i} for i in missing])


def _restart(
    problem: Problem, layout: Layout | None, upper: int, rng: random.Random, deadline: float, settings: Settings
) -> Layout | None:
    """One local-search restart: annealing from the best layout (connected), or a randomised
    greedy growth when there is none yet."""
    if layout is None:
        start = rng.randrange(problem.size)
        grown = greedy(problem, start, rng, settings)
        if grown is None and problem.every_matched:
            grown = grown_then_repaired(problem, replace(problem, every_matched=False), start, rng, rng, settings)
        return grown if grown is not None and keeps_rules(problem, grown) else None
    if not is_connected(layout):
        return None
    return anneal(problem, layout, settings.steps_per_card * problem.size, rng, upper, deadline, settings=settings)
