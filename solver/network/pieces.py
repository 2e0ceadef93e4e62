"""The phases of a network in pieces (rule option ``connected`` off): each group of cards linked
by matches in turn, in the order of ``phases.CASES["in pieces"]``, then the groups set apart."""

from __future__ import annotations

import math

from model.common.status import Status
from solver.network.bounds import Bound, best_bound
from solver.network.boxes import reach_by_span
from solver.network.climbing import climb_in_pieces, embedding_upper
from solver.network.connected import EFFORT, LEAVE_ONE_OUT, SPAN_REACH, TILING, below_the_bound, solve_connected, tiling
from solver.network.cpsat import ModelSpec, solve_model
from solver.network.heuristic import (
    connected_heuristic,
    leave_one_out,
)
from solver.network.loop import Board, Budget, Gave, Step, always, auto, run_phases, small
from solver.network.plain import plain_cells, solve_plain
from solver.network.problem import (
    Cell,
    Layout,
    Problem,
    apart_layout,
    layout_tricks,
    match_components,
)
from solver.network.rest import BOX_COLUMNS_PER_CARD, with_cards_apart
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
    the plain model of ``rest`` may take it over): the phases of ``IN_PIECES`` run by the loop."""
    bound = best_bound(problem)
    board = Board(problem, clock, method, bound, NO_RELAXATION, upper=bound.value, rest_fits=rest_fits)
    return run_phases(board, IN_PIECES)


def _meets_the_bound(board: Board, value: int, layout: Layout | None) -> Outcome | None:
    """The answer where ``value`` meets the simple bound (never in ``cpsat`` mode)."""
    if board.method != "cpsat" and value >= board.bound.value:
        return proven_answer(value, layout, board.bound, "bound")
    return None


def _meets_the_upper(board: Board, value: int, layout: Layout | None) -> Outcome | None:
    """The answer where ``value`` meets the upper bound (the embedding search's, or better)."""
    if value >= board.upper:
        rests_on = "exhaustive search" if value < board.bound.value else "bound"
        return proven_answer(value, layout, board.bound, rests_on)
    return None


def _heuristic(board: Board) -> Gave:
    problem, clock = board.problem, board.clock
    layout = connected_heuristic(problem, board.bound.value, effort(clock), clock.settings)
    assert layout is not None or problem.every_matched
    value = layout_tricks(problem, layout) if layout is not None else -1
    return Gave(standing(value, board.bound.value), layout=layout, answer=_meets_the_bound(board, value, layout))


def _span_reach_to_the_bound(board: Board) -> Gave:
    # As in the connected case; the search in pieces below is slow without a start.
    reached = reach_by_span(board.problem, board.bound.value, board.clock.deadline, board.clock.settings)
    if reached is None:
        return Gave()
    value = layout_tricks(board.problem, reached)
    return Gave(standing(value, board.bound.value), layout=reached, answer=_meets_the_bound(board, value, reached))


def _leave_one_out(board: Board) -> Gave:
    # One card set apart may make more (a match given up for the rest).
    problem, settings = board.problem, board.clock.settings
    part = settings.leave_out_effort * effort(board.clock)
    left_out = leave_one_out(problem, board.value, board.bound.value, part, connected=False, settings=settings)
    if left_out is None:
        return Gave()
    value = layout_tricks(problem, left_out)
    return Gave(standing(value, board.bound.value), layout=left_out, answer=_meets_the_bound(board, value, left_out))


def _climb_in_pieces(board: Board) -> Gave:
    value, layout, refuted = climb_in_pieces(board.problem, board.clock, board.value, board.layout, board.bound)
    answer = None
    if value >= board.bound.value:
        answer = proven_answer(value, layout, board.bound, "bound")
    elif refuted:
        answer = proven_answer(value, layout, board.bound, "exhaustive search")
    established = f"optimal {value}" if answer is not None else standing(value, board.bound.value)
    return Gave(established, layout=layout, answer=answer)


def _embedding_bound(board: Board) -> Gave:
    # The embedding search's bound holds for arrangements in pieces; a connected arrangement is
    # legal in pieces too, so the connected searches may meet that bound.
    upper, _why = embedding_upper(board.problem, board.value, board.bound.value, board.clock, connected=False)
    answer = None
    if board.value >= upper:
        rests_on = "exhaustive search" if board.value < board.bound.value else "bound"
        answer = proven_answer(board.value, board.layout, board.bound, rests_on)
    return Gave(f"upper bound {upper}", upper=upper, answer=answer)


def _span_reach_to_the_upper(board: Board) -> Gave:
    reached = reach_by_span(board.problem, board.upper, board.clock.deadline, board.clock.settings)
    if reached is None or layout_tricks(board.problem, reached) <= board.value:
        return Gave()
    value = layout_tricks(board.problem, reached)
    return Gave(standing(value, board.upper), layout=reached, answer=_meets_the_upper(board, value, reached))


def _plain_applies(board: Board) -> bool:
    return (auto(board) and not small(board) and board.value < board.upper
            and plain_cells(board.problem) <= board.clock.settings.plain_model_size)


def _plain_model(board: Board) -> Gave:
    # Larger groups: first the plain model (it finds what the class model misses in pieces), a
    # fixed amount of work, so the outcome is repeatable.
    problem, clock, settings = board.problem, board.clock, board.clock.settings
    value, layout, upper = board.value, board.layout, board.upper
    plain = solve_plain(problem, False, value + 1, upper, layout, clock.left(), settings.plain_first_work, settings)
    better = None
    if plain.layout is not None and plain.value is not None and plain.value > value:
        value, layout = plain.value, plain.layout
        better = layout
        clock.report(value, upper)
    if plain.status in ("optimal", "infeasible"):
        confirmed = confirmed_optimum(problem, clock, board.bound, value, layout, pieces=True)
        return Gave(said(confirmed), layout=better, answer=confirmed)
    if plain.bound is not None:
        upper = min(upper, max(plain.bound, value))
    answer = None
    if value >= upper:
        rests_on = "exhaustive search" if value < board.bound.value else "bound"
        answer = proven_answer(value, layout, board.bound, rests_on)
    return Gave(standing(value, upper), layout=better, upper=upper, answer=answer)


def _connected_share(board: Board) -> Gave:
    # Larger groups: the connected phases for a share of the time (its phases aim at a small
    # region near the bound first).
    problem, clock = board.problem, board.clock
    joined = solve_connected(problem, board.time_given(), board.method)
    if joined.layout is None or joined.value is None or joined.value <= board.value:
        return Gave(answer=_meets_the_upper(board, board.value, board.layout))
    clock.report(joined.value, board.upper)
    return Gave(standing(joined.value, board.upper), layout=joined.layout,
                answer=_meets_the_upper(board, joined.value, joined.layout))


def _exact_applies(board: Board) -> bool:
    # The plain-box CP-SAT model below is weak; up to ``confirm_limit`` cards our own search does
    # better.
    return board.method == "exact" or (auto(board) and board.problem.size <= board.clock.settings.confirm_limit)


def _exact(board: Board) -> Gave:
    exact = run_exact(board.problem, board.clock, board.bound, board.value, board.layout, pieces=True)
    return Gave(said(exact), answer=exact)


def box_cells(problem: Problem) -> tuple[Cell, ...]:
    """Pieces side by side, each turned to be at most as wide as tall, with a gap between: k rows
    and 1.25 k columns hold every arrangement of k cards in pieces of 2 or more (cards without a
    Trick are set apart)."""
    k = problem.size
    rows, cols = k, math.ceil(BOX_COLUMNS_PER_CARD * k)
    return tuple((r, c) for r in range(rows) for c in range(cols))


def _box_fits(board: Board) -> bool:
    return len(box_cells(board.problem)) * len(board.problem.classes) <= board.clock.settings.max_model_size


def _rest_applies(board: Board) -> bool:
    # This class model alone can stall where the plain model settles the group at once: in
    # ``cpsat`` mode the two take turns, as in the rest of the time.
    return (board.method == "cpsat" and _box_fits(board)
            and plain_cells(board.problem) <= board.clock.settings.plain_model_size)


def _rest(board: Board) -> Gave:
    so_far = Outcome(Status.UNPROVEN, board.value, board.upper, board.layout, None, None)
    rest = the_rest(board.problem, board.clock, so_far, False, Relaxed())
    return Gave(said(rest), answer=rest)


def _box_applies(board: Board) -> bool:
    # With ``rest_fits`` in ``auto`` mode, ``rest`` goes on from here instead: the plain model
    # first, taking turns with this class model, in slices of doubling deterministic work (a share
    # of the clock here would leave the plain model, which finds what this one misses, seconds
    # behind).
    return _box_fits(board) and not (auto(board) and board.rest_fits) and not _rest_applies(board)


def _box_model(board: Board) -> Gave:
    boxed = box_model(board.problem, board.clock, board.method, board.bound, box_cells(board.problem),
                      board.value, board.upper, board.layout, board.time_given().left())
    return Gave(said(boxed), answer=boxed)


#: The phases of one group in pieces (``phases.CASES["in pieces"]``; ``rest`` here is the
#: ``cpsat`` mode's, the rest of the time in ``auto`` mode comes after every group).
IN_PIECES: tuple[Step, ...] = (
    Step("heuristic", always, _heuristic, Budget(fields=EFFORT)),
    Step("tiling", below_the_bound, tiling, TILING),
    Step("span reach", lambda b: auto(b) and b.layout is None and small(b), _span_reach_to_the_bound, SPAN_REACH),
    Step("leave one out", lambda b: auto(b) and b.layout is not None and b.value < b.bound.value and small(b),
         _leave_one_out, LEAVE_ONE_OUT),
    Step("climb in pieces", auto, _climb_in_pieces, Budget(fields=("embed_nodes", "deeper_growth", "pieces_deeper"))),
    Step("embedding bound", auto, _embedding_bound,
         Budget(fields=("embed_probe_nodes", "embed_step_nodes", "embed_nodes"))),
    Step("span reach", lambda b: auto(b) and small(b) and b.value < b.upper, _span_reach_to_the_upper, SPAN_REACH),
    Step("plain model", _plain_applies, _plain_model, Budget(fields=("plain_first_work",))),
    Step("connected share", lambda b: auto(b) and not small(b) and b.value < b.upper, _connected_share,
         Budget(share="connected_share", own_limit=True)),
    Step("exact", _exact_applies, _exact),
    Step("box model", _box_applies, _box_model, Budget(share="pieces_share")),
    Step("rest", _rest_applies, _rest, Budget(fields=("rest_first_work",))),
)


def box_model(
    problem: Problem,
    clock: Clock,
    method: str,
    bound: Bound,
    cells: tuple[Cell, ...],
    value: int,
    upper: int,
    layout: Layout | None,
    seconds: float,
) -> Outcome:
    """The class model of a group in pieces, in a plain box of ``cells``: more than ``value``
    (in ``auto`` mode), at most ``upper``, for ``seconds``."""
    floor = value + 1 if method == "auto" else 0
    answer = solve_model(
        problem,
        ModelSpec(cells, connected=False, pieces=True, at_least=floor, at_most=upper, symmetric=False),
        layout,
        seconds,
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
