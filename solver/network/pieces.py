"""The phases of a network in pieces (rule option ``connected`` off): each group of cards linked
by matches in turn, in the order of ``phases.CASES["in pieces"]``, then the groups set apart."""

from __future__ import annotations

import math
import time

from model.common.status import Status
from solver.network.bounds import Bound, best_bound
from solver.network.boxes import reach_by_span
from solver.network.climbing import climb_in_pieces, embedding_upper
from solver.network.connected import solve_connected, tiling_phase
from solver.network.cpsat import ModelSpec, solve_model
from solver.network.heuristic import (
    connected_heuristic,
    leave_one_out,
)
from solver.network.plain import plain_cells, solve_plain
from solver.network.problem import (
    Cell,
    Layout,
    Problem,
    apart_layout,
    layout_tricks,
    match_components,
)
from solver.network.rest import with_cards_apart
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
    the_rest,
)


def solve_in_pieces(problem: Problem, clock: Clock, method: str, relaxed: Relaxed = NO_RELAXATION) -> Outcome:
    """Rule option ``connected`` off: each group of cards linked by matches is solved alone
    (Tricks never join two groups) and the groups are set apart."""
    bound = relaxed.bound(problem)
    groups = match_components(problem)
    if problem.pair_count() == 0 and method != "cpsat":
        supporters = {(0, c): i for c, i in enumerate(i for i in range(problem.size) if not problem.is_event[i])}
        events = {(0, c): i for c, i in enumerate(i for i in range(problem.size) if problem.is_event[i])}
        return proven_answer(0, apart_layout(problem, [supporters, events]), bound, "bound")
    parts: list[Layout] = []
    total = 0
    upper = 0
    statuses: list[Outcome] = []
    # The rest's plain model (``rest``) holds the whole network: with one group of two or more
    # cards it may take that group over.
    rest_fits = plain_cells(problem) <= clock.settings.plain_model_size and sum(len(g) >= 2 for g in groups) == 1
    for index, group in enumerate(groups):
        if len(group) == 1:
            parts.append({(0, 0): group[0]})
            continue
        sub = problem.subproblem(group)
        outcome = solve_group_in_pieces(sub, clock, method, rest_fits)
        if outcome.layout is None:
            # Only with ``every_card_matched``: this group has no arrangement, so the network has
            # none; or none was found yet, and then the best arrangement is the one from the
            # search without the rule, if any, and the bound adds this group's to the others'
            # (their simple bounds for the groups not solved yet).
            if outcome.status is not Status.UNPROVEN:
                return outcome
            start = relaxed.start
            value = layout_tricks(problem, start) if start is not None else None
            later = sum(best_bound(problem.subproblem(g)).value for g in groups[index + 1 :] if len(g) > 1)
            group_upper = outcome.bound if outcome.bound is not None else best_bound(sub).value
            network_upper = min(bound.value, upper + group_upper + later)
            return Outcome(Status.UNPROVEN, value, max(network_upper, value or 0), start, None, None)
        statuses.append(outcome)
        assert outcome.layout is not None and outcome.value is not None and outcome.bound is not None
        parts.append({cell: group[i] for cell, i in outcome.layout.items()})
        total += outcome.value
        upper += outcome.bound
    layout = apart_layout(problem, parts)
    start = relaxed.start
    if start is not None and layout_tricks(problem, start) > total:
        layout, total = start, layout_tricks(problem, start)
    if total >= bound.value:
        return Outcome(Status.OPTIMAL, total, total, layout, bound.proof, bound.rests_on)
    if any(o.status != Status.OPTIMAL for o in statuses):
        return Outcome(Status.UNPROVEN, total, max(min(upper, bound.value), total), layout, None, None)
    rests_on = {o.proven_by for o in statuses}
    proven_by = "cp-sat" if "cp-sat" in rests_on else "exhaustive search"
    return Outcome(Status.OPTIMAL, total, total, layout, None, proven_by)


def solve_group_in_pieces(problem: Problem, clock: Clock, method: str, rest_fits: bool = False) -> Outcome:
    """One group of cards linked by matches, allowed to lie in several pieces (``rest_fits``:
    the plain model of ``rest`` may take it over)."""
    settings = clock.settings
    small = problem.size <= settings.box_descent_limit
    bound = best_bound(problem)
    with clock.phase("heuristic") as ran:
        layout = connected_heuristic(problem, bound.value, effort(clock), settings)
        assert layout is not None or problem.every_matched
        value = layout_tricks(problem, layout) if layout is not None else -1
        ran.established = standing(value, bound.value)
    tiled = tiling_phase(problem, clock, bound, value, method)
    if tiled is not None:
        return tiled
    if method == "auto" and layout is None and small:
        # As above; the search in pieces below is slow without a start.
        with clock.phase("span reach") as ran:
            reached = reach_by_span(problem, bound.value, clock.deadline, settings)
            if reached is not None:
                value, layout = layout_tricks(problem, reached), reached
                ran.established = standing(value, bound.value)
    if method == "auto" and layout is not None and value < bound.value and small:
        # One card set apart may make more (a match given up for the rest).
        with clock.phase("leave one out") as ran:
            part = settings.leave_out_effort * effort(clock)
            left_out = leave_one_out(problem, value, bound.value, part, connected=False, settings=settings)
            if left_out is not None:
                layout, value = left_out, layout_tricks(problem, left_out)
                ran.established = standing(value, bound.value)
    if method != "cpsat" and value >= bound.value:
        return proven_answer(value, layout, bound, "bound")
    if method == "auto":
        with clock.phase("climb in pieces") as ran:
            value, layout, refuted = climb_in_pieces(problem, clock, value, layout, bound)
            ran.established = f"optimal {value}" if refuted or value >= bound.value else standing(value, bound.value)
        if value >= bound.value:
            return proven_answer(value, layout, bound, "bound")
        if refuted:
            return proven_answer(value, layout, bound, "exhaustive search")
    upper = bound.value
    if method == "auto":
        # The embedding search's bound holds for arrangements in pieces; a connected
        # arrangement is legal in pieces too, so the connected searches may meet that bound.
        with clock.phase("embedding bound") as ran:
            upper, _why = embedding_upper(problem, value, bound.value, clock, connected=False)
            ran.established = f"upper bound {upper}"
        if value < upper and small:
            with clock.phase("span reach") as ran:
                reached = reach_by_span(problem, upper, clock.deadline, settings)
                if reached is not None and layout_tricks(problem, reached) > value:
                    value, layout = layout_tricks(problem, reached), reached
                    ran.established = standing(value, upper)
        elif value < upper and plain_cells(problem) <= settings.plain_model_size:
            # Larger groups: first the plain model (it finds what the class model misses in
            # pieces), a fixed amount of work, so the outcome is repeatable.
            with clock.phase("plain model") as ran:
                plain = solve_plain(
                    problem, False, value + 1, upper, layout, clock.left(), settings.plain_first_work, settings
                )
                if plain.layout is not None and plain.value is not None and plain.value > value:
                    value, layout = plain.value, plain.layout
                    clock.report(value, upper)
                if plain.status in ("optimal", "infeasible"):
                    confirmed = confirmed_optimum(problem, clock, bound, value, layout, pieces=True)
                    ran.established = said(confirmed)
                    return confirmed
                if plain.bound is not None:
                    upper = min(upper, max(plain.bound, value))
                ran.established = standing(value, upper)
        if value < upper and problem.size > settings.box_descent_limit:
            # Larger groups: the connected phases for a share of the time (its phases aim at
            # a small region near the bound first).
            with clock.phase("connected share") as ran:
                share = Clock(time.monotonic(), settings.connected_share * clock.left(), None, settings, clock.trace)
                joined = solve_connected(problem, share, method)
                if joined.layout is not None and joined.value is not None and joined.value > value:
                    value, layout = joined.value, joined.layout
                    clock.report(value, upper)
                    ran.established = standing(value, upper)
        if value >= upper:
            return proven_answer(value, layout, bound, "exhaustive search" if value < bound.value else "bound")
    k = problem.size
    if method == "exact" or (method == "auto" and k <= settings.confirm_limit):
        # The plain-box CP-SAT model below is weak; up to 10 cards our own search does better.
        with clock.phase("exact") as ran:
            exact = run_exact(problem, clock, bound, value, layout, pieces=True)
            ran.established = said(exact)
        return exact
    # Pieces side by side, each turned to be at most as wide as tall, with a gap between:
    # k rows and 1.25 k columns hold every arrangement of k cards in pieces of 2 or more
    # (cards without a Trick are set apart).
    rows, cols = k, math.ceil(1.25 * k)
    cells = tuple((r, c) for r in range(rows) for c in range(cols))
    if len(cells) * len(problem.classes) > settings.max_model_size:
        return Outcome(Status.UNPROVEN, value, upper, layout, None, None)
    if method == "auto" and rest_fits:
        # ``rest`` goes on from here: the plain model first, taking turns with this class model,
        # in slices of doubling deterministic work (a share of the clock here would leave the
        # plain model, which finds what this one misses, seconds behind).
        return Outcome(Status.UNPROVEN, value, upper, layout, None, None)
    if method == "cpsat" and plain_cells(problem) <= settings.plain_model_size:
        # This class model alone can stall where the plain model settles the group at once: the
        # two take turns, as in the rest of the time.
        with clock.phase("rest") as ran:
            so_far = Outcome(Status.UNPROVEN, value, upper, layout, None, None)
            rest = the_rest(problem, clock, so_far, False, Relaxed())
            ran.established = said(rest)
        return rest
    with clock.phase("box model") as ran:
        boxed = box_model(problem, clock, method, bound, cells, value, upper, layout)
        ran.established = said(boxed)
    return boxed


def box_model(
    problem: Problem,
    clock: Clock,
    method: str,
    bound: Bound,
    cells: tuple[Cell, ...],
    value: int,
    upper: int,
    layout: Layout | None,
) -> Outcome:
    """The class model of a group in pieces, in a plain box of ``cells``: more than ``value``
    (in ``auto`` mode, on ``pieces_share`` of the time left), at most ``upper``."""
    floor = value + 1 if method == "auto" else 0
    answer = solve_model(
        problem,
        ModelSpec(cells, connected=False, pieces=True, at_least=floor, at_most=upper, symmetric=False),
        layout,
        clock.settings.pieces_share * clock.left() if method == "auto" else clock.left(),
        settings=clock.settings,
    )
    if answer.status == "infeasible" and method == "auto":
        return confirmed_optimum(problem, clock, bound, value, layout, pieces=True)
    if answer.status in ("optimal", "feasible") and answer.layout is not None:
        found = with_cards_apart(problem, answer.layout)
        found_value = layout_tricks(problem, found)
        if answer.status == "optimal":
            return confirmed_optimum(problem, clock, bound, found_value, found, pieces=True)
        if found_value > value:
            value, layout = found_value, found
        return Outcome(Status.UNPROVEN, value, max(value, answer.bound or upper), layout, None, None)
    return Outcome(Status.UNPROVEN, value, upper, layout, None, None)
