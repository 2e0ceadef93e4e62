"""The phases of a connected network, in the order of ``phases.CASES`` (up to and above 16 cards),
each a ``loop.Step``: heuristic, tiling, span reach, embedding bound, local search, one piece,
leave one out, exact, quick exact, then the descent or the climb, the walks and the region model."""

from __future__ import annotations

import time
from dataclasses import replace

from model.common.status import Status
from solver.network.boxes import reach_by_span
from solver.network.climbing import built_in_one_piece, climb_connected, embedding_upper, refutation
from solver.network.exact import exact_search
from solver.network.fill_model import fill_by_model
from solver.network.heuristic import (
    connected_heuristic,
    greedy_phase,
    improve,
    leave_one_out,
)
from solver.network.loop import Board, Budget, Gave, Step, always, auto, run_phases, small
from solver.network.portfolio import descent_taking_turns
from solver.network.problem import (
    Layout,
    Problem,
    layout_tricks,
    line_layout,
)
from solver.network.region import region_model
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
    """The connected case: without a matching pair, a line of cards; else the phases of
    ``CONNECTED`` run by the loop."""
    bound = relaxed.bound(problem)
    if problem.pair_count() == 0 and method != "cpsat":
        layout = line_layout(problem)
        assert layout is not None
        return proven_answer(0, layout, bound, "bound")
    return run_phases(Board(problem, clock, method, bound, relaxed, upper=bound.value), CONNECTED)


def _by_bound_or_search(board: Board, value: int, layout: Layout | None) -> Outcome:
    """``value`` meets the upper bound: proven by the simple bound where it meets that, else by
    the embedding search's argument."""
    rests_on = "exhaustive search" if value < board.bound.value else "bound"
    return proven_answer(value, layout, board.bound, rests_on, board.why)


def _heuristic(board: Board) -> Gave:
    # Greedy growth first; local search only after the embedding search has had its say, since
    # that often proves the greedy arrangement optimal already (and otherwise lowers the target).
    problem, clock, bound, settings = board.problem, board.clock, board.bound, board.clock.settings
    found, rng = greedy_phase(problem, bound.value, effort(clock), settings)
    start = board.relaxed.start
    if start is not None and (found is None or layout_tricks(problem, start) > layout_tricks(problem, found)):
        found = start
    if board.method != "auto" and found is not None:
        found = improve(problem, found, bound.value, effort(clock), rng, settings)
    assert found is not None or problem.every_matched, "a network with a matching pair has a legal arrangement"
    # With ``every_card_matched`` the heuristic may find nothing: -1 then stands for "none yet"
    # (and the layout is None).
    value = layout_tricks(problem, found) if found is not None else -1
    clock.report(value, bound.value)
    answer = None
    if board.method != "cpsat" and value >= bound.value:
        answer = proven_answer(value, found, bound, "bound")
    return Gave(standing(value, bound.value), layout=found, rng=rng, answer=answer)


def below_the_bound(board: Board) -> bool:
    """``method`` auto, and the best found below the bound (when the tiling search runs)."""
    return board.method == "auto" and board.value < board.bound.value


def tiling(board: Board) -> Gave:
    """Below the bound, when the bound is the most borders the cards can have: a search that
    fills the shapes with that many borders card by card (``tiling.tile``; a node budget, so
    repeatable, and next to nothing when the network cannot meet it). A connected arrangement is
    legal in pieces too. A hit is proven by the bound."""
    problem, clock, bound, settings = board.problem, board.clock, board.bound, board.clock.settings
    budget = tile_nodes(clock.limit, settings)
    layout, spent = tile_search(problem, bound.value, budget, clock.deadline, settings)
    if layout is None and spent >= budget:
        # The search ran out of nodes, not of shapes to fill (on networks with many more
        # matching pairs than a shape needs): the same question as a CP-SAT model.
        seconds = settings.fill_share * clock.left()
        work = settings.fill_work * clock.limit
        layout = fill_by_model(problem, bound.value, work, time.monotonic() + seconds, settings)
    if layout is None:
        return Gave()
    clock.report(layout_tricks(problem, layout), bound.value)
    answer = proven_answer(layout_tricks(problem, layout), layout, bound, "bound")
    return Gave(f"optimal {layout_tricks(problem, layout)}", answer=answer)


def tile_nodes(limit: float, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The tiling search's node budget under a time limit of ``limit`` seconds."""
    return round(settings.tile_nodes * max(settings.least_effort, limit / settings.tile_seconds))


def _span_reach(board: Board) -> Gave:
    # Greedy growth found no arrangement with every card matched: look for one meeting the bound
    # span by span (so near the bound each span leaves few ways on, and a node budget keeps it
    # short and repeatable).
    reached = reach_by_span(board.problem, board.bound.value, board.clock.deadline, board.clock.settings)
    if reached is None:
        return Gave()
    value = layout_tricks(board.problem, reached)
    return Gave(f"optimal {value}", answer=proven_answer(value, reached, board.bound, "bound"))


def _embedding_bound(board: Board) -> Gave:
    upper, why = embedding_upper(board.problem, board.value, board.bound.value, board.clock, connected=True)
    answer = None
    if board.value >= upper:
        answer = proven_answer(board.value, board.layout, board.bound, "exhaustive search", why)
    return Gave(f"upper bound {upper}", upper=upper, why=why, answer=answer)


def _local_search(board: Board) -> Gave:
    problem, clock = board.problem, board.clock
    assert board.layout is not None and board.rng is not None
    layout = improve(problem, board.layout, board.upper, effort(clock), board.rng, clock.settings)
    value = layout_tricks(problem, layout)
    clock.report(value, board.upper)
    answer = _by_bound_or_search(board, value, layout) if value >= board.upper else None
    return Gave(standing(value, board.upper), layout=layout, answer=answer)


def _one_piece(board: Board) -> Gave:
    built = built_in_one_piece(board.problem, board.clock, board.upper)
    if built is None:
        return Gave()
    return Gave(f"optimal {board.upper}", answer=_by_bound_or_search(board, board.upper, built))


def _leave_one_out(board: Board) -> Gave:
    problem, clock, settings = board.problem, board.clock, board.clock.settings
    part = settings.leave_out_effort * effort(clock)
    left_out = leave_one_out(problem, board.value, board.upper, part, settings=settings)
    if left_out is None:
        return Gave()
    value = layout_tricks(problem, left_out)
    clock.report(value, board.upper)
    answer = _by_bound_or_search(board, value, left_out) if value >= board.upper else None
    return Gave(standing(value, board.upper), layout=left_out, answer=answer)


def exact_applies(board: Board) -> bool:
    """``method`` exact; ``auto`` up to ``limit`` cards."""
    return board.method == "exact" or (auto(board) and board.problem.size <= board.clock.settings.exact_auto_limit)


def _exact(board: Board) -> Gave:
    exact = run_exact(board.problem, board.clock, board.bound, board.value, board.layout, pieces=False)
    return Gave(said(exact), answer=exact)


def _quick_exact(board: Board) -> Gave:
    # A short exact search first (a node budget, so repeatable): it settles most small networks
    # without OR-Tools, including some CP-SAT finds hard.
    problem, clock, settings = board.problem, board.clock, board.clock.settings
    value, layout = board.value, board.layout
    quick = exact_search(
        problem, value, board.bound.value, clock.deadline, node_limit=settings.confirm_nodes, settings=settings
    )
    if quick.layout is not None:
        value, layout = quick.value, quick.layout
        clock.report(value, board.bound.value)
    if quick.complete or value >= board.upper:
        return Gave(f"optimal {value}", layout=quick.layout,
                    answer=proven_answer(value, layout, board.bound, "exhaustive search"))
    return Gave(standing(value, board.upper), layout=quick.layout)


def _unproven(board: Board, best: int, best_layout: Layout | None, upper: int) -> Outcome:
    """The CP-SAT part stopped short of a proof: where it found better than the phases before it,
    the embedding search may still refute one Trick more."""
    value, layout = board.kept if board.kept is not None else (board.value, board.layout)
    problem, clock = board.problem, board.clock
    if board.method == "auto" and best_layout is not None and best > value:
        why = refutation(problem, best, clock, connected=True)
        if why is not None:
            return proven_answer(best, best_layout, board.bound, "exhaustive search", why or None)
    if best_layout is None:
        return Outcome(Status.UNPROVEN, value, max(upper, value), layout, None, None)
    return Outcome(Status.UNPROVEN, best, max(upper, best), best_layout, None, None)


def _descent(board: Board) -> Gave:
    problem, clock, bound = board.problem, board.clock, board.bound
    best, best_layout = board.value, board.layout
    descent = descent_taking_turns(problem, clock, best, best_layout, board.upper)
    if descent.layout is not None:
        best, best_layout = descent.value, descent.layout
    if descent.layout is not None and best >= board.upper:
        outcome = proven_answer(best, best_layout, bound, "exhaustive search")
    elif descent.complete and not descent.rests_on_cpsat:
        outcome = proven_answer(best, best_layout, bound, "exhaustive search")
    elif descent.complete:
        outcome = confirmed_optimum(problem, clock, bound, best, best_layout)
    else:
        outcome = _unproven(board, best, best_layout, descent.upper)
    return Gave(said(outcome), answer=outcome)


def _climb(board: Board) -> Gave:
    # No descent above ``box_descent_limit`` cards: the embedding searches climb one Trick at a
    # time first (what CP-SAT's region model needs the whole limit for, they settle in a fraction
    # of a second on most game-grown networks of 18-24 cards).
    assert board.layout is not None
    kept = (board.value, board.layout)
    best, best_layout, settled = climb_connected(board.problem, board.clock, board.value, board.layout, board.upper)
    if settled or best >= board.upper:
        answer = proven_answer(best, best_layout, board.bound, "exhaustive search")
        return Gave(f"optimal {best}", layout=best_layout, kept=kept, answer=answer)
    return Gave(standing(best, board.upper), layout=best_layout, kept=kept)


def _walks_apply(board: Board) -> bool:
    return (auto(board) and board.problem.every_matched and board.relaxed.hint is not None
            and board.value < board.upper)


def _walks(board: Board) -> Gave:
    assert board.relaxed.hint is not None
    kept = board.kept if board.kept is not None else (board.value, board.layout)
    walked = walks_to_the_rule(board.problem, board.time_given(), board.value, board.upper, board.relaxed.hint)
    if walked is None:
        return Gave(kept=kept)
    best = layout_tricks(board.problem, walked)
    board.clock.report(best, board.upper)
    answer = proven_answer(best, walked, board.bound, "exhaustive search") if best >= board.upper else None
    return Gave(standing(best, board.upper), layout=walked, kept=kept, answer=answer)


def _region_model(board: Board) -> Gave:
    """In ``cpsat`` mode the heuristic's arrangement is only a hint: every answer comes from a
    model."""
    problem, clock = board.problem, board.clock
    hint = board.layout
    if hint is None and problem.every_matched:
        # No arrangement with every card matched yet: the best one without that rule still tells
        # CP-SAT where good arrangements lie.
        hint = board.relaxed.hint or connected_heuristic(
            replace(problem, every_matched=False), board.bound.value, effort(clock), clock.settings
        )
    best, best_layout = (board.value, board.layout) if auto(board) else (-1, None)
    kept_layout = board.kept[1] if board.kept is not None else board.layout

    def unproven(best: int, best_layout: Layout | None, upper: int) -> Outcome:
        return _unproven(board, best, best_layout, upper)

    outcome = region_model(problem, clock, board.bound, hint, best, best_layout, board.upper, kept_layout, unproven)
    return Gave(said(outcome), answer=outcome)


#: The budgets of the phases both cases run.
EFFORT = ("effort_seconds", "least_effort")
TILING = Budget(fields=("tile_nodes", "tile_seconds", "fill_share", "fill_work"))
SPAN_REACH = Budget(fields=("span_probe_nodes",))
LEAVE_ONE_OUT = Budget(fields=("leave_out_effort", *EFFORT))

#: The connected case's phases (both lists of ``phases.CASES``: the size decides between the
#: descent and the climb).
CONNECTED: tuple[Step, ...] = (
    Step("heuristic", always, _heuristic, Budget(fields=EFFORT)),
    Step("tiling", below_the_bound, tiling, TILING),
    Step("span reach", lambda b: auto(b) and b.layout is None and small(b), _span_reach, SPAN_REACH),
    Step("embedding bound", auto, _embedding_bound,
         Budget(fields=("embed_probe_nodes", "embed_step_nodes", "embed_nodes"))),
    Step("local search", lambda b: auto(b) and b.layout is not None, _local_search, Budget(fields=EFFORT)),
    Step("one piece", auto, _one_piece, Budget(fields=("one_piece_nodes",))),
    Step("leave one out", lambda b: auto(b) and small(b), _leave_one_out, LEAVE_ONE_OUT),
    Step("exact", exact_applies, _exact),
    Step("quick exact", lambda b: auto(b) and b.problem.size <= b.clock.settings.confirm_limit, _quick_exact,
         Budget(fields=("confirm_nodes",))),
    Step("descent", lambda b: auto(b) and small(b), _descent,
         Budget(fields=("first_descent_work", "first_plain_work", "small_probe_nodes"))),
    Step("climb", lambda b: auto(b) and not small(b) and b.layout is not None, _climb,
         Budget(fields=("climb_nodes", "small_probe_nodes", "climb_deeper"))),
    Step("walks", _walks_apply, _walks, Budget(share="walks_share", fields=("matched_walks",))),
    Step("region model", always, _region_model, Budget(fields=("bound_attempt_share", "bound_attempt_seconds"))),
)
