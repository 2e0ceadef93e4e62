"""The order in which ``solve_tricks`` tries its arguments (see ``solver.network.solve``)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from functools import partial

from model.common.status import Status
from model.whitehouse.network.answer import Progress
from model.whitehouse.network.arrangement import TricksRules
from solver.network.bounds import Bound, best_bound, region
from solver.network.boxes import reach_by_span
from solver.network.cpsat import ModelSpec, solve_model
from solver.network.embed import one_piece, pieces_layout, pieces_reach
from solver.network.exact import exact_search
from solver.network.few_kind import few_kind_fits, few_kind_reach
from solver.network.fill_model import fill_by_model
from solver.network.glue import glue
from solver.network.heuristic import (
    anneal,
    connected_heuristic,
    greedy_phase,
    improve,
    leave_one_out,
    repair_matched,
)
from solver.network.matched import why_never_all_matched
from solver.network.plain import plain_cells, solve_plain
from solver.network.portfolio import Settled, descent_taking_turns
from solver.network.problem import (
    Cell,
    Layout,
    Problem,
    apart_layout,
    is_connected,
    keeps_rules,
    layout_is_legal,
    layout_tricks,
    line_layout,
    match_components,
)
from solver.network.rest import use_the_rest
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.tiling import tile_search
from solver.network.trace import Ran, Trace


@dataclass(frozen=True)
class Outcome:
    """A result in solver terms (layouts by card index)."""

    status: Status
    value: int | None
    bound: int | None
    layout: Layout | None
    proof: str | None
    proven_by: str | None


class Clock:
    """The time limit, progress reports whenever the best or the bound changes, the settings
    every phase reads its budgets from, and the trace of the phases that ran."""

    def __init__(
        self,
        started: float,
        limit: float,
        progress: Callable[[Progress], None] | None,
        settings: Settings = DEFAULT_SETTINGS,
        trace: Trace | None = None,
    ) -> None:
        self.started = started
        self.limit = max(0.0, limit)
        self.deadline = started + self.limit
        self.progress = progress
        self.last: tuple[int | None, int] | None = None
        self.settings = settings
        self.trace = trace if trace is not None else Trace()

    def left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def share(self, part: float) -> Clock:
        """A clock for a solve of its own inside this one: ``part`` of the time left, no
        progress reports, and the same limit, so that the effort and node budgets that grow
        with the limit (``_effort``, ``tile_nodes``) are those of a solve with this limit."""
        clock = Clock(self.started, self.limit, None, self.settings, self.trace)
        clock.deadline = time.monotonic() + part * self.left()
        return clock

    def phase(self, name: str) -> AbstractContextManager[Ran]:
        """Run the phase ``name`` (recorded in the trace unless inside another phase)."""
        return self.trace.phase(name)

    def report(self, best: int | None, bound: int) -> None:
        if best is not None and best < 0:
            best = None  # -1 stands for "no arrangement found yet"
        if self.progress is None or self.last == (best, bound):
            return
        self.last = (best, bound)
        self.progress(Progress(best, bound, time.monotonic() - self.started))


def _effort(clock: Clock) -> float:
    """Heuristic effort from the time limit (not from the clock, so results stay repeatable)."""
    settings = clock.settings
    return min(1.0, max(settings.least_effort, clock.limit / settings.effort_seconds))


def solve_problem(
    problem: Problem,
    rules: TricksRules,
    started: float,
    limit: float,
    progress: Callable[[Progress], None] | None,
    method: str,
    settings: Settings = DEFAULT_SETTINGS,
    trace: Trace | None = None,
) -> Outcome:
    return _solve(problem, rules, Clock(started, limit, progress, settings, trace), method)


def _solve(problem: Problem, rules: TricksRules, clock: Clock, method: str) -> Outcome:
    with clock.phase("structure") as ran:
        settled = _structure(problem, rules, method)
        ran.established = said(settled)
    if settled is not None:
        return settled
    relaxed = _Relaxed()
    if problem.every_matched and method == "auto":
        with clock.phase("without the rule") as ran:
            relaxed = _without_the_rule(problem, rules, clock)
            ran.established = said(relaxed.answer) if relaxed.answer is not None else relaxed.said(problem)
        if relaxed.answer is not None:
            return relaxed.answer
    if rules.connected:
        outcome = _solve_connected(problem, clock, method, relaxed)
    else:
        outcome = _solve_in_pieces(problem, clock, method, relaxed)
    if method == "auto" and outcome.status is Status.UNPROVEN and clock.left() > 0:
        with clock.phase("rest") as ran:
            outcome = _the_rest(problem, clock, outcome, rules.connected, relaxed)
            ran.established = said(outcome)
    return _nothing_found(outcome) if outcome.layout is None else outcome


def said(outcome: Outcome | None) -> str:
    """What an outcome establishes, in a few words (for the trace)."""
    if outcome is None:
        return "nothing"
    if outcome.status is Status.INFEASIBLE:
        return "infeasible"
    if outcome.status is Status.OPTIMAL:
        return f"optimal {outcome.value}"
    found = "none found" if outcome.value is None or outcome.value < 0 else f"found {outcome.value}"
    return found if outcome.bound is None else f"{found}, upper bound {outcome.bound}"


def _structure(problem: Problem, rules: TricksRules, method: str) -> Outcome | None:
    """The answers the network's structure gives alone, or None."""
    n = problem.size
    if n == 0:
        return Outcome(Status.OPTIMAL, 0, 0, {}, "an empty network makes no Tricks", "structure")
    if problem.every_matched:
        reason = why_never_all_matched(problem)
        if reason is not None:
            return Outcome(Status.INFEASIBLE, None, None, None, reason, "structure")
    if n == 1 and method != "cpsat":
        return Outcome(Status.OPTIMAL, 0, 0, {(0, 0): 0}, "a single card borders no other card", "structure")
    both_kinds = any(problem.is_event) and not all(problem.is_event)
    if rules.connected and both_kinds and problem.pair_count() == 0:
        return Outcome(
            Status.INFEASIBLE,
            None,
            None,
            None,
            "the network holds Supporters and Events but no Event lists any of its Supporters; "
            "in one connected network some Supporter must border some Event, and that border "
            "would not match",
            "structure",
        )
    return None


@dataclass(frozen=True)
class _Relaxed:
    """What the network without rule option ``every_card_matched`` tells about it: every
    arrangement that keeps every card matched is legal without the rule, so that optimum bounds
    this one, and an optimal arrangement that happens to keep every card matched is an answer."""

    #: The answer itself, when the optimum without the rule keeps every card matched.
    answer: Outcome | None = None
    #: The proven optimum without the rule, where it lies below the simple bounds.
    ceiling: Bound | None = None
    #: An arrangement keeping every card matched, from the search without the rule.
    start: Layout | None = None
    #: The best arrangement without the rule (a hint for CP-SAT where none keeps the rule yet).
    hint: Layout | None = None

    def bound(self, problem: Problem) -> Bound:
        """The smaller of the simple bound and the ceiling."""
        simple = best_bound(problem)
        return self.ceiling if self.ceiling is not None and self.ceiling.value < simple.value else simple

    def said(self, problem: Problem) -> str:
        """What it establishes, in a few words (for the trace)."""
        found = "none kept to the rule" if self.start is None else f"found {layout_tricks(problem, self.start)}"
        return found if self.ceiling is None else f"{found}, upper bound {self.ceiling.value}"


def _without_the_rule(problem: Problem, rules: TricksRules, clock: Clock) -> _Relaxed:
    """``every_card_matched``: the same network solved without the rule first, on ``relaxed_share``
    of the time left (its progress is not reported: its arrangements may break the rule). An
    optimum there is a bound here; its best arrangement, where it keeps every card matched (as
    it is, or once ``_kept_to_the_rule`` has moved its lone cards), is one here."""
    free = replace(problem, every_matched=False)
    found = _solve(free, replace(rules, every_card_matched=False), clock.share(clock.settings.relaxed_share), "auto")
    if found.value is None or found.bound is None or found.layout is None:
        return _Relaxed()
    start = _kept_to_the_rule(problem, found.layout, found.value, rules.connected, clock.settings)
    value = layout_tricks(problem, start) if start is not None else None
    proven = found.status is Status.OPTIMAL
    ceiling = None
    if proven and found.value < best_bound(problem).value:
        assert found.proven_by is not None
        proof = _relaxation_proof(found.value, found.proof, found.proven_by)
        ceiling = Bound(found.value, "relaxation", proof, found.proven_by)
    relaxed = _Relaxed(ceiling=ceiling, start=start, hint=found.layout)
    bound = relaxed.bound(problem)
    clock.report(value, bound.value)
    if proven and value is not None and value >= bound.value:
        return replace(relaxed, answer=_proven(value, start, bound, bound.rests_on))
    return relaxed


def _kept_to_the_rule(
    problem: Problem, layout: Layout, value: int, connected: bool = True, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """The best arrangement keeping every card matched found from ``layout`` (the best found
    without the rule, making ``value``): itself when it keeps the rule; else its lone cards
    moved beside a partner (``repair_matched``), and walks of the local search from it (fixed
    seeds and step counts: repeatable); None when none keeps it."""
    if keeps_rules(problem, layout):
        return layout
    best = repair_matched(problem, layout, random.Random(settings.heuristic_seed), settings.repair_steps * problem.size)
    made = layout_tricks(problem, best) if best is not None else -1
    for walk in range(settings.matched_walks):
        if made >= value:
            break
        walked_made, walked = _walk(problem, layout, walk, value, settings, connected)
        if walked_made > made:
            best, made = walked, walked_made
    return best


def _walk(
    problem: Problem,
    start: Layout,
    walk: int,
    upper: int,
    settings: Settings,
    connected: bool = True,
    deadline: float | None = None,
) -> tuple[int, Layout]:
    """Walk ``walk`` of the local search from ``start`` (seed ``heuristic_seed`` + ``walk``,
    ``matched_steps`` steps per card): the Tricks of the arrangement it ends with where that
    keeps the rule, else -1, and the arrangement."""
    steps = settings.matched_steps * problem.size
    rng = random.Random(settings.heuristic_seed + walk)
    walked = anneal(problem, start, steps, rng, upper, deadline, connected, settings)
    return (layout_tricks(problem, walked) if keeps_rules(problem, walked) else -1), walked


def _relaxation_proof(value: int, proof: str | None, proven_by: str) -> str:
    """The relaxation's bound in words."""
    why = proof if proof else {"cp-sat": "CP-SAT proves it"}.get(proven_by, "an exhaustive search shows it")
    return (
        f"even without the rule that every card borders a card it matches, no arrangement makes more "
        f"than {value} ({why}); an arrangement that keeps the rule is one of those"
    )


def _the_rest(problem: Problem, clock: Clock, outcome: Outcome, connected: bool, relaxed: _Relaxed) -> Outcome:
    """The phases stopped short of a proof with time left: the rest of it goes to
    ``rest.use_the_rest`` (a CP-SAT model with hint and bound, and local-search restarts)."""
    value = outcome.value if outcome.value is not None else -1
    upper = outcome.bound if outcome.bound is not None else relaxed.bound(problem).value
    rest = use_the_rest(problem, clock.deadline, value, outcome.layout, upper, connected, clock.settings)
    clock.report(rest.value, rest.upper)
    if rest.proven:
        bound = relaxed.bound(problem)
        if rest.by_cpsat:
            return _confirmed(problem, clock, bound, rest.value, rest.layout, pieces=not connected)
        return _proven(rest.value, rest.layout, bound, "exhaustive search")
    return Outcome(Status.UNPROVEN, rest.value, rest.upper, rest.layout, None, None)


def _nothing_found(outcome: Outcome) -> Outcome:
    """With ``every_card_matched`` a phase may end without any arrangement (its value is then -1):
    a complete search that found none proves that none exists."""
    if outcome.status in (Status.OPTIMAL, Status.INFEASIBLE):
        return Outcome(Status.INFEASIBLE, None, None, None, outcome.proof if outcome.status == Status.INFEASIBLE
                       else None, outcome.proven_by)
    return Outcome(Status.UNPROVEN, None, outcome.bound, None, None, None)


def _proven(value: int, layout: Layout | None, bound: Bound, proven_by: str, proof: str | None = None) -> Outcome:
    if value >= bound.value:
        return Outcome(Status.OPTIMAL, value, value, layout, bound.proof, bound.rests_on)
    return Outcome(Status.OPTIMAL, value, value, layout, proof, proven_by)


def joined_proof(problem: Problem, target: int) -> str:
    """The connected embedding argument (``embed``) refuting ``target`` Tricks, in words."""
    pairs = problem.pair_count()
    apart = max(0, pairs - target)
    return (
        f"{target} Tricks would leave at most {apart} of the {pairs} matching Supporter-Event "
        "pairs apart; an exhaustive search of every way to lay the "
        "others edge to edge finds none in which the groups of cards joined by Tricks can border "
        "each other, as one connected network needs (without a Trick, only cards of one kind "
        f"border): no connected arrangement makes {target}"
    )


def _solve_connected(problem: Problem, clock: Clock, method: str, relaxed: _Relaxed = _Relaxed()) -> Outcome:
    bound = relaxed.bound(problem)
    settings = clock.settings
    if problem.pair_count() == 0 and method != "cpsat":
        layout = line_layout(problem)
        assert layout is not None
        return _proven(0, layout, bound, "bound")
    # Greedy growth first; local search only after the embedding search has had its say, since
    # that often proves the greedy arrangement optimal already (and otherwise lowers the target).
    with clock.phase("heuristic") as ran:
        found, rng = greedy_phase(problem, bound.value, _effort(clock), settings)
        start = relaxed.start
        if start is not None and (found is None or layout_tricks(problem, start) > layout_tricks(problem, found)):
            found = start
        if method != "auto" and found is not None:
            found = improve(problem, found, bound.value, _effort(clock), rng, settings)
        assert found is not None or problem.every_matched, "a network with a matching pair has a legal arrangement"
        # With ``every_card_matched`` the heuristic may find nothing: -1 then stands for "none yet"
        # (and the layout is None).
        layout = found
        value = layout_tricks(problem, found) if found is not None else -1
        clock.report(value, bound.value)
        ran.established = _found(value, bound.value)
    if method != "cpsat" and value >= bound.value:
        return _proven(value, layout, bound, "bound")
    tiled = _tiled(problem, clock, bound, value, method)
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
            return _proven(layout_tricks(problem, reached), reached, bound, "bound")
    upper = bound.value
    if method == "auto":
        with clock.phase("embedding bound") as ran:
            upper, why = _relaxed_upper(problem, value, bound.value, clock, connected=True)
            ran.established = f"upper bound {upper}"
        if value >= upper:
            return _proven(value, layout, bound, "exhaustive search", why)
        if layout is not None:
            with clock.phase("local search") as ran:
                layout = improve(problem, layout, upper, _effort(clock), rng, settings)
                value = layout_tricks(problem, layout)
                clock.report(value, upper)
                ran.established = _found(value, upper)
            if value >= upper:
                return _proven(value, layout, bound, "exhaustive search" if value < bound.value else "bound", why)
        with clock.phase("one piece") as ran:
            built = _one_piece(problem, clock, upper)
            ran.established = "nothing" if built is None else f"optimal {upper}"
        if built is not None:
            return _proven(upper, built, bound, "exhaustive search" if upper < bound.value else "bound", why)
        if problem.size <= settings.box_descent_limit:
            with clock.phase("leave one out") as ran:
                left_out = leave_one_out(
                    problem, value, upper, settings.leave_out_effort * _effort(clock), settings=settings
                )
                if left_out is not None:
                    layout, value = left_out, layout_tricks(problem, left_out)
                    clock.report(value, upper)
                    ran.established = _found(value, upper)
            if left_out is not None and value >= upper:
                return _proven(value, layout, bound, "exhaustive search" if value < bound.value else "bound", why)
    if method == "exact" or (method == "auto" and problem.size <= settings.exact_auto_limit):
        with clock.phase("exact") as ran:
            exact = _exact(problem, clock, bound, value, layout, pieces=False)
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
            ran.established = f"optimal {value}" if quick.complete or value >= upper else _found(value, upper)
        if quick.complete or value >= upper:
            return _proven(value, layout, bound, "exhaustive search")
    hint = layout
    if hint is None and problem.every_matched:
        # No arrangement with every card matched yet: the best one without that rule still tells
        # CP-SAT where good arrangements lie.
        hint = relaxed.hint or connected_heuristic(
            replace(problem, every_matched=False), bound.value, _effort(clock), settings
        )
    return _cpsat_connected(problem, clock, bound, value, layout, method, upper, hint, relaxed.hint)


def _found(value: int, upper: int) -> str:
    """The best found and the proven bound, in a few words (for the trace)."""
    if value >= upper:
        return f"optimal {value}"
    return f"{'none found' if value < 0 else f'found {value}'}, upper bound {upper}"


def _tiled(problem: Problem, clock: Clock, bound: Bound, value: int, method: str) -> Outcome | None:
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
    return _proven(layout_tricks(problem, layout), layout, bound, "bound")


def tile_nodes(limit: float, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The tiling search's node budget under a time limit of ``limit`` seconds."""
    return round(settings.tile_nodes * max(settings.least_effort, limit / settings.tile_seconds))


def deeper_nodes(first: int, deeper: int, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The search in pieces' budget when "one Trick more?" is asked ``deeper`` times again for
    the same total: ``deeper_growth`` times the ask before, from ``first``."""
    return int(first * settings.deeper_growth**deeper)  # (int ** int is typed Any: a negative power)


def _few_apart(problem: Problem, target: int, settings: Settings) -> bool:
    """True when ``target`` Tricks leave at most ``embed_apart`` matching pairs apart: where the
    embedding search is small enough to ask."""
    return problem.pair_count() - target <= settings.embed_apart


def _one_piece(problem: Problem, clock: Clock, upper: int) -> Layout | None:
    """A connected arrangement meeting ``upper`` (a proven bound), built by the embedding search
    kept to one piece, where few pairs may lie apart (a node budget: repeatable); else None. The
    local search climbs towards the bound from one arrangement; this lays every card knowing
    how many pairs it may leave apart."""
    if not _few_apart(problem, upper, clock.settings) or clock.left() <= 0:
        return None
    built = one_piece(problem, upper, clock.deadline, clock.settings.one_piece_nodes, clock.settings)
    if built is not None:
        clock.report(upper, upper)
    return built


def _refuted(problem: Problem, value: int, clock: Clock, connected: bool = False) -> str | None:
    """A proof (in words, or "" when it has none) that no arrangement, even in pieces (with
    ``connected``: no connected one), makes more than ``value`` Tricks, from our embedding
    search; None when it finds none (a node limit, not the clock, decides when it gives up)."""
    if not _few_apart(problem, value + 1, clock.settings):
        return None
    found = pieces_reach(problem, value + 1, clock.deadline, clock.settings.embed_nodes, settings=clock.settings)
    if found is False:
        return ""
    if not connected or not found:
        return None
    if pieces_reach(problem, value + 1, clock.deadline, clock.settings.joined_nodes, True, clock.settings) is False:
        return joined_proof(problem, value + 1)
    return None


def _relaxed_upper(problem: Problem, value: int, bound: int, clock: Clock, connected: bool) -> tuple[int, str | None]:
    """An upper bound at most ``bound`` from the embedding search: first "nothing beats
    ``value``" (often a few hundred nodes; connected, near the kinds bound, then the search from
    the few kind too), then down from ``bound`` while each target is refuted
    (high targets leave few pairs apart, so they are the cheap ones). A node limit per target,
    not the clock, decides when it gives up, so the answer is repeatable. With ``connected``, a
    target the search in pieces leaves open goes to its connected variant as well; the argument
    in words comes with the bound when that variant gave it (else None)."""
    joined: set[int] = set()

    def reach(target: int, nodes: int = clock.settings.embed_nodes) -> bool | None:
        if not _few_apart(problem, target, clock.settings):
            return True  # not tried: as good as reachable
        found = pieces_reach(problem, target, clock.deadline, nodes, settings=clock.settings)
        if found is not True or not connected:
            return found  # (a search in pieces that ran out of nodes leaves its variant no hope)
        if pieces_reach(problem, target, clock.deadline, clock.settings.joined_nodes, True, clock.settings) is False:
            joined.add(target)
            return False
        return found

    def answer(upper: int) -> tuple[int, str | None]:
        return upper, joined_proof(problem, upper + 1) if upper + 1 in joined else None

    probe = reach(value + 1, clock.settings.embed_probe_nodes)
    if probe is False:
        return answer(value)
    if probe is None and connected and few_kind_fits(problem, value + 1, clock.settings):
        # Near the kinds bound the search from the few kind refutes in milliseconds what the
        # embedding search takes a second over. (In pieces the climb has asked it already.)
        nodes = clock.settings.few_kind_upper_nodes
        if few_kind_reach(problem, value + 1, clock.deadline, nodes, clock.settings)[0] is False:
            return answer(value)
    # Up to ``box_descent_limit`` cards the box descent settles what is hard here faster: only the
    # easy steps down then (and one larger probe where the descent stalls: ``_cpsat_connected``).
    settings = clock.settings
    nodes = settings.embed_step_nodes if problem.size <= settings.box_descent_limit else settings.embed_nodes
    upper = bound
    while upper > value + 1 and reach(upper, nodes) is False:
        upper -= 1
    if upper == value + 1 and probe is None and nodes > clock.settings.embed_probe_nodes and reach(value + 1) is False:
        return answer(value)  # the probe's budget was too small for what the full one settles
    return answer(upper)


def _exact(
    problem: Problem, clock: Clock, bound: Bound, value: int, layout: Layout | None, pieces: bool
) -> Outcome:
    found = exact_search(problem, value, bound.value, clock.deadline, pieces=pieces, settings=clock.settings)
    if found.layout is not None:
        value, layout = found.value, found.layout
        clock.report(value, bound.value)
    if found.complete:
        return _proven(value, layout, bound, "exhaustive search")
    return Outcome(Status.UNPROVEN, value, bound.value, layout, None, None)


@dataclass
class _Attempt:
    """What one relaxation-then-connected attempt at ``at least t Tricks`` established."""

    #: "optimal" (value is the maximum), "none" (no arrangement has t or more), "partial"
    #: (something found or bounded, not proven) or "timeout".
    status: str
    value: int | None = None
    layout: Layout | None = None
    #: Every connected arrangement with at least t Tricks has at most this many.
    upper: int | None = None


def _attempt(
    problem: Problem,
    clock: Clock,
    target: int,
    upper: int,
    hint: Layout | None,
    best: int | None,
    seconds: float | None = None,
) -> _Attempt:
    """Look for a connected arrangement with at least ``target`` Tricks, and the best of them,
    spending at most ``seconds`` (default: all the time left)."""
    budget_end = clock.deadline if seconds is None else min(clock.deadline, time.monotonic() + seconds)

    def left() -> float:
        return max(0.0, budget_end - time.monotonic())

    n = problem.size
    cells = tuple(region(n, target))
    if len(cells) * len(problem.classes) > clock.settings.max_model_size:
        return _Attempt("timeout")
    on_value = lambda v: clock.report(max(v, best if best is not None else v), upper)  # noqa: E731
    relaxed = solve_model(
        problem,
        ModelSpec(cells, connected=False, pieces=False, at_least=target, at_most=upper),
        hint,
        left(),
        settings=clock.settings,
    )
    if relaxed.status == "infeasible":
        return _Attempt("none")
    if relaxed.status == "unknown":
        return _Attempt("timeout")
    assert relaxed.layout is not None and relaxed.bound is not None
    relaxed_upper = relaxed.bound
    joined = glue(problem, relaxed.layout)
    joined_value = layout_tricks(problem, joined) if joined is not None else None
    if joined is not None and joined_value is not None:
        clock.report(max(joined_value, best if best is not None else joined_value), relaxed_upper)
        if joined_value >= relaxed_upper:
            return _Attempt("optimal", joined_value, joined, joined_value)
    floor = target if joined_value is None else max(target, joined_value + 1)
    if floor > relaxed_upper:
        return _Attempt("optimal", joined_value, joined, joined_value)
    connected = solve_model(
        problem,
        ModelSpec(tuple(region(n, floor)), connected=True, pieces=False, at_least=floor, at_most=relaxed_upper),
        joined if joined is not None else hint,
        left(),
        on_value,
        settings=clock.settings,
    )
    if connected.status == "optimal":
        return _Attempt("optimal", connected.value, connected.layout, connected.value)
    if connected.status == "infeasible":
        if joined is not None:
            return _Attempt("optimal", joined_value, joined, joined_value)
        return _Attempt("none")
    if connected.status == "feasible":
        return _Attempt("partial", connected.value, connected.layout, connected.bound)
    if joined is not None:
        return _Attempt("partial", joined_value, joined, relaxed_upper)
    return _Attempt("partial", None, None, relaxed_upper)


def _cpsat_connected(
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
    without the rule (``_walks_to_the_rule`` starts from it)."""
    hint = layout if layout is not None else hint
    best, best_layout = (value, layout) if method == "auto" else (-1, None)
    # Below the cheap bound, an upper bound from our own embedding search (auto mode only).
    relaxed = upper

    def unproven(best: int, best_layout: Layout | None, upper: int) -> Outcome:
        if method == "auto" and best_layout is not None and best > value:
            why = _refuted(problem, best, clock, connected=True)
            if why is not None:
                return _proven(best, best_layout, bound, "exhaustive search", why or None)
        if best_layout is None:
            return Outcome(Status.UNPROVEN, value, max(upper, value), layout, None, None)
        return Outcome(Status.UNPROVEN, best, max(upper, best), best_layout, None, None)

    def descended() -> Outcome:
        nonlocal best, best_layout, upper
        settle = partial(_one_more, problem, clock)
        descent = descent_taking_turns(
            problem, best, best_layout, upper, clock.deadline, clock.report, settle, clock.settings
        )
        if descent.layout is not None:
            best, best_layout = descent.value, descent.layout
        if descent.layout is not None and best >= relaxed:
            return _proven(best, best_layout, bound, "exhaustive search")
        if descent.complete and not descent.rests_on_cpsat:
            return _proven(best, best_layout, bound, "exhaustive search")
        if descent.complete:
            return _confirmed(problem, clock, bound, best, best_layout)
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
            best, best_layout, settled = _climb_connected(problem, clock, best, best_layout, upper)
            ran.established = f"optimal {best}" if settled or best >= relaxed else _found(best, upper)
        if settled or best >= relaxed:
            return _proven(best, best_layout, bound, "exhaustive search")
        hint = best_layout
    if method == "auto" and problem.every_matched and free_best is not None and best < upper:
        with clock.phase("walks") as ran:
            walked = _walks_to_the_rule(problem, clock, best, upper, free_best)
            if walked is not None:
                best, best_layout = layout_tricks(problem, walked), walked
                clock.report(best, upper)
                ran.established = _found(best, upper)
        if walked is not None:
            if best >= upper:
                return _proven(best, best_layout, bound, "exhaustive search")
            hint = best_layout
    with clock.phase("region model") as ran:
        outcome = _region_model(problem, clock, bound, hint, best, best_layout, upper, layout, unproven)
        ran.established = said(outcome)
    return outcome


def _region_model(
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
        first = _attempt(problem, clock, upper, upper, hint, best if best >= 0 else None, share)
        if first.status == "optimal":
            assert first.value is not None and first.layout is not None
            return _confirmed(problem, clock, bound, first.value, first.layout)
        if first.status == "none":
            upper -= 1
            clock.report(best if best >= 0 else None, upper)
        else:
            if first.layout is not None and first.value is not None and first.value > best:
                best, best_layout = first.value, first.layout
            if clock.left() <= 0:
                return unproven(best, best_layout, upper)
    main = _attempt(problem, clock, best + 1, upper, hint, best if best >= 0 else None)
    if main.status == "optimal":
        assert main.value is not None and main.layout is not None
        return _confirmed(problem, clock, bound, main.value, main.layout)
    if main.status == "none" and (best_layout is not None or layout is None):
        # (No layout at all only with ``every_card_matched``: then no arrangement exists.)
        return _confirmed(problem, clock, bound, best, best_layout)
    if main.layout is not None and main.value is not None and main.value > best:
        best, best_layout = main.value, main.layout
    if main.upper is not None:
        upper = min(upper, max(main.upper, best))
    return unproven(best, best_layout, upper)


def _walks_to_the_rule(problem: Problem, clock: Clock, best: int, upper: int, start: Layout) -> Layout | None:
    """With ``every_card_matched``, above ``box_descent_limit`` cards: the walks (``_walk``) from
    ``start`` (the best arrangement without the rule) after those ``_kept_to_the_rule`` took, for
    ``walks_share`` of the time left: the best arrangement keeping every card matched above ``best``
    that they reach, or None. Repeatable unless the clock stops them."""
    deadline = time.monotonic() + clock.settings.walks_share * clock.left()
    found: Layout | None = None
    walk = clock.settings.matched_walks
    while best < upper and time.monotonic() < deadline:
        made, walked = _walk(problem, start, walk, upper, clock.settings, deadline=deadline)
        walk += 1
        if made > best:
            found, best = walked, made
    return found


def _one_more(problem: Problem, clock: Clock, value: int, deeper: int = 0) -> Settled:
    """"One Trick more than ``value``?" to the embedding searches, connected (for the box
    descent up to ``box_descent_limit`` cards, and climbing above it: ``_climb_connected``): built in
    one piece on a small budget; else, on a larger one, refuted in pieces, or reached in pieces
    that are then joined without losing a Trick (``glue``), or refuted by the connected variant.
    Asked ``deeper`` (1, 2, ...) for the same ``value`` again, the search in pieces gets
    clock.settings.deeper_growth times the budget of the ask before (the build in one piece, already asked, is
    left out). Node budgets: repeatable."""
    if not _few_apart(problem, value + 1, clock.settings) or clock.left() <= 0:
        return Settled()
    if not deeper:
        built = one_piece(problem, value + 1, clock.deadline, clock.settings.climb_nodes, clock.settings)
        if built is not None or clock.left() <= 0:
            return Settled(better=built)
    nodes = deeper_nodes(clock.settings.small_probe_nodes, deeper, clock.settings)
    reached, in_pieces = _in_pieces(problem, value + 1, clock, nodes, not deeper)
    if reached is False:
        return Settled(proven=True)
    joined = glue(problem, in_pieces) if in_pieces is not None else None
    if (joined is not None and is_connected(joined) and layout_is_legal(problem, joined)
            and layout_tricks(problem, joined) > value):
        return Settled(better=joined)
    joined_nodes = clock.settings.joined_nodes
    if reached and pieces_reach(problem, value + 1, clock.deadline, joined_nodes, True, clock.settings) is False:
        return Settled(proven=True)
    return Settled()


def _climb_connected(
    problem: Problem, clock: Clock, value: int, layout: Layout, upper: int
) -> tuple[int, Layout, bool]:
    """``_one_more`` asked again from each better arrangement it builds (and, where it settles
    nothing, asked deeper, up to ``climb_deeper`` times): the best total and arrangement reached,
    and whether nothing beats it (proven). Node budgets: repeatable."""
    deeper = 0
    while clock.left() > 0:
        answer = _one_more(problem, clock, value, deeper)
        if answer.proven:
            return value, layout, True
        if answer.better is None:
            if deeper == clock.settings.climb_deeper:
                break
            deeper += 1
            continue
        better = layout_tricks(problem, answer.better)
        if better <= value:
            break
        layout, value, deeper = answer.better, better, 0
        clock.report(value, upper)
    return value, layout, False


def _confirmed(
    problem: Problem, clock: Clock, bound: Bound, value: int, layout: Layout | None, pieces: bool = False
) -> Outcome:
    """A CP-SAT optimum: below the simple bounds, small networks are re-proven by our own
    exact search (CP-SAT has open reports of wrong optima)."""
    if value >= bound.value:
        return _proven(value, layout, bound, "bound")
    if problem.size > clock.settings.confirm_limit:
        return _proven(value, layout, bound, "cp-sat")
    check = exact_search(
        problem, value, bound.value, clock.deadline, pieces, clock.settings.confirm_nodes, settings=clock.settings
    )
    if check.layout is not None:
        # CP-SAT missed a better arrangement: trust only what our own search proves.
        if check.complete:
            return _proven(check.value, check.layout, bound, "exhaustive search")
        return Outcome(Status.UNPROVEN, check.value, bound.value, check.layout, None, None)
    return _proven(value, layout, bound, "exhaustive search" if check.complete else "cp-sat")


def _solve_in_pieces(problem: Problem, clock: Clock, method: str, relaxed: _Relaxed = _Relaxed()) -> Outcome:
    """Rule option ``connected`` off: each group of cards linked by matches is solved alone
    (Tricks never join two groups) and the groups are set apart."""
    bound = relaxed.bound(problem)
    groups = match_components(problem)
    if problem.pair_count() == 0 and method != "cpsat":
        supporters = {(0, c): i for c, i in enumerate(i for i in range(problem.size) if not problem.is_event[i])}
        events = {(0, c): i for c, i in enumerate(i for i in range(problem.size) if problem.is_event[i])}
        return _proven(0, apart_layout(problem, [supporters, events]), bound, "bound")
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
        outcome = _solve_group_in_pieces(sub, clock, method, rest_fits)
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


def _solve_group_in_pieces(problem: Problem, clock: Clock, method: str, rest_fits: bool = False) -> Outcome:
    """One group of cards linked by matches, allowed to lie in several pieces (``rest_fits``:
    the plain model of ``rest`` may take it over)."""
    settings = clock.settings
    small = problem.size <= settings.box_descent_limit
    bound = best_bound(problem)
    with clock.phase("heuristic") as ran:
        layout = connected_heuristic(problem, bound.value, _effort(clock), settings)
        assert layout is not None or problem.every_matched
        value = layout_tricks(problem, layout) if layout is not None else -1
        ran.established = _found(value, bound.value)
    tiled = _tiled(problem, clock, bound, value, method)
    if tiled is not None:
        return tiled
    if method == "auto" and layout is None and small:
        # As above; the search in pieces below is slow without a start.
        with clock.phase("span reach") as ran:
            reached = reach_by_span(problem, bound.value, clock.deadline, settings)
            if reached is not None:
                value, layout = layout_tricks(problem, reached), reached
                ran.established = _found(value, bound.value)
    if method == "auto" and layout is not None and value < bound.value and small:
        # One card set apart may make more (a match given up for the rest).
        with clock.phase("leave one out") as ran:
            effort = settings.leave_out_effort * _effort(clock)
            left_out = leave_one_out(problem, value, bound.value, effort, connected=False, settings=settings)
            if left_out is not None:
                layout, value = left_out, layout_tricks(problem, left_out)
                ran.established = _found(value, bound.value)
    if method != "cpsat" and value >= bound.value:
        return _proven(value, layout, bound, "bound")
    if method == "auto":
        with clock.phase("climb in pieces") as ran:
            value, layout, refuted = _climb_in_pieces(problem, clock, value, layout, bound)
            ran.established = f"optimal {value}" if refuted or value >= bound.value else _found(value, bound.value)
        if value >= bound.value:
            return _proven(value, layout, bound, "bound")
        if refuted:
            return _proven(value, layout, bound, "exhaustive search")
    upper = bound.value
    if method == "auto":
        # The embedding search's bound holds for arrangements in pieces; a connected
        # arrangement is legal in pieces too, so the connected searches may meet that bound.
        with clock.phase("embedding bound") as ran:
            upper, _why = _relaxed_upper(problem, value, bound.value, clock, connected=False)
            ran.established = f"upper bound {upper}"
        if value < upper and small:
            with clock.phase("span reach") as ran:
                reached = reach_by_span(problem, upper, clock.deadline, settings)
                if reached is not None and layout_tricks(problem, reached) > value:
                    value, layout = layout_tricks(problem, reached), reached
                    ran.established = _found(value, upper)
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
                    confirmed = _confirmed(problem, clock, bound, value, layout, pieces=True)
                    ran.established = said(confirmed)
                    return confirmed
                if plain.bound is not None:
                    upper = min(upper, max(plain.bound, value))
                ran.established = _found(value, upper)
        if value < upper and problem.size > settings.box_descent_limit:
            # Larger groups: the connected pipeline for a share of the time (its phases aim at
            # a small region near the bound first).
            with clock.phase("connected share") as ran:
                share = Clock(time.monotonic(), settings.connected_share * clock.left(), None, settings, clock.trace)
                joined = _solve_connected(problem, share, method)
                if joined.layout is not None and joined.value is not None and joined.value > value:
                    value, layout = joined.value, joined.layout
                    clock.report(value, upper)
                    ran.established = _found(value, upper)
        if value >= upper:
            return _proven(value, layout, bound, "exhaustive search" if value < bound.value else "bound")
    k = problem.size
    if method == "exact" or (method == "auto" and k <= settings.confirm_limit):
        # The plain-box CP-SAT model below is weak; up to 10 cards our own search does better.
        with clock.phase("exact") as ran:
            exact = _exact(problem, clock, bound, value, layout, pieces=True)
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
            rest = _the_rest(problem, clock, so_far, False, _Relaxed())
            ran.established = said(rest)
        return rest
    with clock.phase("box model") as ran:
        boxed = _box_model(problem, clock, method, bound, cells, value, upper, layout)
        ran.established = said(boxed)
    return boxed


def _box_model(
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
        return _confirmed(problem, clock, bound, value, layout, pieces=True)
    if answer.status in ("optimal", "feasible") and answer.layout is not None:
        found = _with_cards_apart(problem, answer.layout)
        found_value = layout_tricks(problem, found)
        if answer.status == "optimal":
            return _confirmed(problem, clock, bound, found_value, found, pieces=True)
        if found_value > value:
            value, layout = found_value, found
        return Outcome(Status.UNPROVEN, value, max(value, answer.bound or upper), layout, None, None)
    return Outcome(Status.UNPROVEN, value, upper, layout, None, None)


def _climb_in_pieces(
    problem: Problem, clock: Clock, value: int, layout: Layout | None, bound: Bound
) -> tuple[int, Layout | None, bool]:
    """"One Trick more?" to the embedding search in pieces, asked again from each layout it
    reaches (in pieces, what it reaches is an answer); True last when it answers no. Where it
    gives up, it is asked again on ``deeper_growth`` times the budget, up to ``pieces_deeper`` times
    (node budgets per question, so repeatable)."""
    deeper = 0
    while value < bound.value and _few_apart(problem, value + 1, clock.settings) and clock.left() > 0:
        nodes = deeper_nodes(clock.settings.embed_nodes, deeper, clock.settings)
        reached, found = _in_pieces(problem, value + 1, clock, nodes, not deeper)
        if reached is False:
            return value, layout, True
        if reached is None and deeper < clock.settings.pieces_deeper:
            deeper += 1
            continue
        if found is None:
            break
        value, layout, deeper = layout_tricks(problem, found), found, 0
        clock.report(value, bound.value)
    return value, layout, False


def _in_pieces(
    problem: Problem, target: int, clock: Clock, nodes: int, first: bool
) -> tuple[bool | None, Layout | None]:
    """"``target`` Tricks in pieces?" with a layout reaching it, from the embedding search on
    ``nodes``. Asked the ``first`` time where the search from the few kind fits, the embedding
    search first gets a probe of ``few_kind_probe`` nodes and then, where that settles nothing, the
    search from the few kind ``few_kind_nodes``: each settles in milliseconds much of what the other
    takes seconds over."""
    if first and few_kind_fits(problem, target, clock.settings):
        reached, found = pieces_layout(problem, target, clock.deadline, clock.settings.few_kind_probe, clock.settings)
        if reached is not None:
            return reached, found
        reached, found = few_kind_reach(problem, target, clock.deadline, clock.settings.few_kind_nodes, clock.settings)
        if reached is not None:
            return reached, found
    return pieces_layout(problem, target, clock.deadline, nodes, clock.settings)


def _with_cards_apart(problem: Problem, layout: Layout) -> Layout:
    """Add every card the model left off the grid, each on its own, apart from the rest."""
    missing = [i for i in range(problem.size) if i not in set(layout.values())]
    return apart_layout(problem, [layout] + [{(0, 0): i} for i in missing])
