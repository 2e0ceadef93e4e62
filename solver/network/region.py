"""CP-SAT's region model for a connected network: the bound itself first (a small region; a hit
proves it), then anything better than the best known (the last phase of the connected case)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from solver.network.bounds import Bound, region
from solver.network.cpsat import ModelSpec, solve_model
from solver.network.glue import glue
from solver.network.problem import Layout, Problem, layout_tricks
from solver.network.run import Clock, Outcome, confirmed_optimum


def region_model(
    problem: Problem,
    clock: Clock,
    bound: Bound,
    hint: Layout | None,
    best: int,
    best_layout: Layout | None,
    upper: int,
    layout: Layout | None,
    unproven: Callable[[int, Layout | None, int], Outcome],
) -> Outcome:
    """CP-SAT's region model: the bound itself first (a small region; a hit proves it), then
    anything better than ``best``; ``unproven(best, best_layout, upper)`` where neither settles it."""
    settings = clock.settings
    if upper > best + 1:
        # A bounded share of the time: proving the bound out of reach can be the hard part.
        share = max(settings.bound_attempt_seconds, settings.bound_attempt_share * clock.left())
        first = attempt(problem, clock, upper, upper, hint, best if best >= 0 else None, share)
        if first.status == "optimal":
            assert first.value is not None and first.layout is not None
            return confirmed_optimum(problem, clock, bound, first.value, first.layout)
        if first.status == "none":
            upper -= 1
            clock.report(best if best >= 0 else None, upper)
        else:
            if first.layout is not None and first.value is not None and first.value > best:
                best, best_layout = first.value, first.layout
            if clock.left() <= 0:
                return unproven(best, best_layout, upper)
    main = attempt(problem, clock, best + 1, upper, hint, best if best >= 0 else None)
    if main.status == "optimal":
        assert main.value is not None and main.layout is not None
        return confirmed_optimum(problem, clock, bound, main.value, main.layout)
    if main.status == "none" and (best_layout is not None or layout is None):
        # (No layout at all only with ``every_card_matched``: then no arrangement exists.)
        return confirmed_optimum(problem, clock, bound, best, best_layout)
    if main.layout is not None and main.value is not None and main.value > best:
        best, best_layout = main.value, main.layout
    if main.upper is not None:
        upper = min(upper, max(main.upper, best))
    return unproven(best, best_layout, upper)


@dataclass
class Attempt:
    """What one relaxation-then-connected attempt at ``at least t Tricks`` established."""

    #: "optimal" (value is the maximum), "none" (no arrangement has t or more), "partial"
    #: (something found or bounded, not proven) or "timeout".
    status: str
    value: int | None = None
    layout: Layout | None = None
    #: Every connected arrangement with at least t Tricks has at most this many.
    upper: int | None = None


def attempt(
    problem: Problem,
    clock: Clock,
    target: int,
    upper: int,
    hint: Layout | None,
    best: int | None,
    seconds: float | None = None,
) -> Attempt:
    """Look for a connected arrangement with at least ``target`` Tricks, and the best of them,
    spending at most ``seconds`` (default: all the time left)."""
    budget_end = clock.deadline if seconds is None else min(clock.deadline, time.monotonic() + seconds)

    def left() -> float:
        return max(0.0, budget_end - time.monotonic())

    n = problem.size
    cells = tuple(region(n, target))
    if len(cells) * len(problem.classes) > clock.settings.max_model_size:
        return Attempt("timeout")
    on_value = lambda v: clock.report(max(v, best if best is not None else v), upper)  # noqa: E731
    relaxed = solve_model(
        problem,
        ModelSpec(cells, connected=False, pieces=False, at_least=target, at_most=upper),
        hint,
        left(),
        settings=clock.settings,
    )
    if relaxed.status == "infeasible":
        return Attempt("none")
    if relaxed.status == "unknown":
        return Attempt("timeout")
    assert relaxed.layout is not None and relaxed.bound is not None
    relaxed_upper = relaxed.bound
    joined = glue(problem, relaxed.layout)
    joined_value = layout_tricks(problem, joined) if joined is not None else None
    if joined is not None and joined_value is not None:
        clock.report(max(joined_value, best if best is not None else joined_value), relaxed_upper)
        if joined_value >= relaxed_upper:
            return Attempt("optimal", joined_value, joined, joined_value)
    floor = target if joined_value is None else max(target, joined_value + 1)
    if floor > relaxed_upper:
        return Attempt("optimal", joined_value, joined, joined_value)
    connected = solve_model(
        problem,
        ModelSpec(tuple(region(n, floor)), connected=True, pieces=False, at_least=floor, at_most=relaxed_upper),
        joined if joined is not None else hint,
        left(),
        on_value,
        settings=clock.settings,
    )
    if connected.status == "optimal":
        return Attempt("optimal", connected.value, connected.layout, connected.value)
    if connected.status == "infeasible":
        if joined is not None:
            return Attempt("optimal", joined_value, joined, joined_value)
        return Attempt("none")
    if connected.status == "feasible":
        return Attempt("partial", connected.value, connected.layout, connected.bound)
    if joined is not None:
        return Attempt("partial", joined_value, joined, relaxed_upper)
    return Attempt("partial", None, None, relaxed_upper)
