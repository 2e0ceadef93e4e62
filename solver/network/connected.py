"""The phases of a connected network, in the order of ``phases.CASES`` (up to and above 16 cards):
heuristic, tiling, span reach, embedding bound, local search, one piece, leave one out, exact,
quick exact, then the descent or the climb, the walks and the region model."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from model.common.status import Status
from solver.network.bounds import Bound, region
from solver.network.boxes import reach_by_span
from solver.network.climbing import built_in_one_piece, climb_connected, embedding_upper, one_more, refutation
from solver.network.cpsat import ModelSpec, solve_model
from solver.network.exact import exact_search
from solver.network.fill_model import fill_by_model
from solver.network.glue import glue
from solver.network.heuristic import (
    connected_heuristic,
    greedy_phase,
    improve,
    leave_one_out,
)
from solver.network.portfolio import descent_taking_turns
from solver.network.problem import (
    Layout,
    Problem,
    layout_tricks,
    line_layout,
)
from solver.network.run import (
    NO_RELAXATION,
    Clock,
    Outcome,
    Relaxed,
    confirmed_optimum,
    effort,
    proven_answer,
    run_exact,
    said,
    standing,
)
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.tiling import tile_search
from solver.network.walks import walks_to_the_rule


def solve_connected(problem: Problem, clock: Clock, method: str, relaxed: Relaxed = NO_RELAXATION) -> Outcome:
    bound = relaxed.bound(problem)
    settings = clock.settings
    if problem.pair_count() == 0 and method != "cpsat":
        layout = line_layout(problem)
        assert layout is not None
        return proven_answer(0, layout, bound, "bound")
    # Greedy growth first; local search only after the embedding search has had its say, since
    # that often proves the greedy arrangement optimal already (and otherwise lowers the target).
    with clock.phase("heuristic") as ran:
        found, rng = greedy_phase(problem, bound.value, effort(clock), settings)
        start = relaxed.start
        if start is not None and (found is None or layout_tricks(problem, start) > layout_tricks(problem, found)):
            found = start
        if method != "auto" and found is not None:
            found = improve(problem, found, bound.value, effort(clock), rng, settings)
        assert found is not None or problem.every_matched, "a network with a matching pair has a legal arrangement"
        # With ``every_card_matched`` the heuristic may find nothing: -1 then stands for "none yet"
        # (and the layout is None).
        layout = found
        value = layout_tricks(problem, found) if found is not None else -1
        clock.report(value, bound.value)
        ran.established = standing(value, bound.value)
    if method != "cpsat" and value >= bound.value:
        return proven_answer(value, layout, bound, "bound")
    tiled = tiling_phase(problem, clock, bound, value, method)
    if tiled is not None:
        return tiled
    if method == "auto" and layout is None and problem.size <= settings.box_descent_limit:
        # Greedy growth found no arrangement with every card matched: look for one meeting
        # the bound span by span (so near the bound each span leaves few ways on, and a node
        # budget keeps it short and repeatable).
        with clock.phase("span reach") as ran:
            reached = reach_by_span(problem, bound.value, clock.deadline, settings)
            ran.established = "nothing" if reached is None else f"optimal {layout_tricks(problem, reached)}"
        if reached is not None:
            return proven_answer(layout_tricks(problem, reached), reached, bound, "bound")
    upper = bound.value
    if method == "auto":
        with clock.phase("embedding bound") as ran:
            upper, why = embedding_upper(problem, value, bound.value, clock, connected=True)
            ran.established = f"upper bound {upper}"
        if value >= upper:
            return proven_answer(value, layout, bound, "exhaustive search", why)
        if layout is not None:
            with clock.phase("local search") as ran:
                layout = improve(problem, layout, upper, effort(clock), rng, settings)
                value = layout_tricks(problem, layout)
                clock.report(value, upper)
                ran.established = standing(value, upper)
            if value >= upper:
                return proven_answer(value, layout, bound, "exhaustive search" if value < bound.value else "bound", why)
        with clock.phase("one piece") as ran:
            built = built_in_one_piece(problem, clock, upper)
            ran.established = "nothing" if built is None else f"optimal {upper}"
        if built is not None:
            return proven_answer(upper, built, bound, "exhaustive search" if upper < bound.value else "bound", why)
        if problem.size <= settings.box_descent_limit:
            with clock.phase("leave one out") as ran:
                left_out = leave_one_out(
                    problem, value, upper, settings.leave_out_effort * effort(clock), settings=settings
                )
                if left_out is not None:
                    layout, value = left_out, layout_tricks(problem, left_out)
                    clock.report(value, upper)
                    ran.established = standing(value, upper)
            if left_out is not None and value >= upper:
                return proven_answer(value, layout, bound, "exhaustive search" if value < bound.value else "bound", why)
    if method == "exact" or (method == "auto" and problem.size <= settings.exact_auto_limit):
        with clock.phase("exact") as ran:
            exact = run_exact(problem, clock, bound, value, layout, pieces=False)
            ran.established = said(exact)
        return exact
    if method == "auto" and problem.size <= settings.confirm_limit:
        # A short exact search first (a node budget, so repeatable): it settles most small
        # networks without OR-Tools, including some CP-SAT finds hard.
        with clock.phase("quick exact") as ran:
            quick = exact_search(
                problem, value, bound.value, clock.deadline, node_limit=settings.confirm_nodes, settings=settings
            )
            if quick.layout is not None:
                value, layout = quick.value, quick.layout
                clock.report(value, bound.value)
            ran.established = f"optimal {value}" if quick.complete or value >= upper else standing(value, upper)
        if quick.complete or value >= upper:
            return proven_answer(value, layout, bound, "exhaustive search")
    hint = layout
    if hint is None and problem.every_matched:
        # No arrangement with every card matched yet: the best one without that rule still tells
        # CP-SAT where good arrangements lie.
        hint = relaxed.hint or connected_heuristic(
            replace(problem, every_matched=False), bound.value, effort(clock), settings
        )
    return cpsat_connected(problem, clock, bound, value, layout, method, upper, hint, relaxed.hint)


def tiling_phase(problem: Problem, clock: Clock, bound: Bound, value: int, method: str) -> Outcome | None:
    """Below the bound, when the bound is the most borders the cards can have: a search that
    fills the shapes with that many borders card by card (``tiling.tile``; a node budget, so
    repeatable, and next to nothing when the network cannot meet it). A connected arrangement is
    legal in pieces too. A hit is proven by the bound."""
    if method != "auto" or value >= bound.value:
        return None
    settings = clock.settings
    with clock.phase("tiling") as ran:
        budget = tile_nodes(clock.limit, settings)
        layout, spent = tile_search(problem, bound.value, budget, clock.deadline, settings)
        if layout is None and spent >= budget:
            # The search ran out of nodes, not of shapes to fill (on networks with many more
            # matching pairs than a shape needs): the same question as a CP-SAT model.
            seconds = settings.fill_share * clock.left()
            work = settings.fill_work * clock.limit
            layout = fill_by_model(problem, bound.value, work, time.monotonic() + seconds, settings)
        if layout is not None:
            ran.established = f"optimal {layout_tricks(problem, layout)}"
    if layout is None:
        return None
    clock.report(layout_tricks(problem, layout), bound.value)
    return proven_answer(layout_tricks(problem, layout), layout, bound, "bound")


def tile_nodes(limit: float, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The tiling search's node budget under a time limit of ``limit`` seconds."""
    return round(settings.tile_nodes * max(settings.least_effort, limit / settings.tile_seconds))


def cpsat_connected(
    problem: Problem,
    clock: Clock,
    bound: Bound,
    value: int,
    layout: Layout | None,
    method: str,
    upper: int,
    hint: Layout | None = None,
    free_best: Layout | None = None,
) -> Outcome:
    """CP-SAT: try the bound itself first (a small region; a hit proves it), then anything
    better than the best known. In ``cpsat`` mode the heuristic is only a hint: every answer
    comes from a model. ``free_best``: with ``every_card_matched``, the best arrangement found
    without the rule (``walks_to_the_rule`` starts from it)."""
    hint = layout if layout is not None else hint
    best, best_layout = (value, layout) if method == "auto" else (-1, None)
    # Below the cheap bound, an upper bound from our own embedding search (auto mode only).
    relaxed = upper

    def unproven(best: int, best_layout: Layout | None, upper: int) -> Outcome:
        if method == "auto" and best_layout is not None and best > value:
            why = refutation(problem, best, clock, connected=True)
            if why is not None:
                return proven_answer(best, best_layout, bound, "exhaustive search", why or None)
        if best_layout is None:
            return Outcome(Status.UNPROVEN, value, max(upper, value), layout, None, None)
        return Outcome(Status.UNPROVEN, best, max(upper, best), best_layout, None, None)

    def descended() -> Outcome:
        nonlocal best, best_layout, upper
        settle = partial(one_more, problem, clock)
        descent = descent_taking_turns(
            problem, best, best_layout, upper, clock.deadline, clock.report, settle, clock.settings
        )
        if descent.layout is not None:
            best, best_layout = descent.value, descent.layout
        if descent.layout is not None and best >= relaxed:
            return proven_answer(best, best_layout, bound, "exhaustive search")
        if descent.complete and not descent.rests_on_cpsat:
            return proven_answer(best, best_layout, bound, "exhaustive search")
        if descent.complete:
            return confirmed_optimum(problem, clock, bound, best, best_layout)
        upper = descent.upper
        return unproven(best, best_layout, upper)

    if method == "auto" and problem.size <= clock.settings.box_descent_limit:
        with clock.phase("descent") as ran:
            outcome = descended()
            ran.established = said(outcome)
        return outcome
    if method == "auto" and best_layout is not None:
        # No descent above ``box_descent_limit`` cards: the embedding searches climb one Trick at a
        # time first (what CP-SAT's region model needs the whole limit for, they settle in a
        # fraction of a second on most game-grown networks of 18-24 cards).
        with clock.phase("climb") as ran:
            best, best_layout, settled = climb_connected(problem, clock, best, best_layout, upper)
            ran.established = f"optimal {best}" if settled or best >= relaxed else standing(best, upper)
        if settled or best >= relaxed:
            return proven_answer(best, best_layout, bound, "exhaustive search")
        hint = best_layout
    if method == "auto" and problem.every_matched and free_best is not None and best < upper:
        with clock.phase("walks") as ran:
            walked = walks_to_the_rule(problem, clock, best, upper, free_best)
            if walked is not None:
                best, best_layout = layout_tricks(problem, walked), walked
                clock.report(best, upper)
                ran.established = standing(best, upper)
        if walked is not None:
            if best >= upper:
                return proven_answer(best, best_layout, bound, "exhaustive search")
            hint = best_layout
    with clock.phase("region model") as ran:
        outcome = region_model(problem, clock, bound, hint, best, best_layout, upper, layout, unproven)
        ran.established = said(outcome)
    return outcome


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
