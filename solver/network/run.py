"""What every phase of a solve shares: the clock (time limit, progress, settings and trace), the
outcome in solver terms, and the ways a phase closes the question (by the bound, by the exact
search, by CP-SAT confirmed, by the rest of the time)."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from model.common.status import Status
from model.whitehouse.network.answer import Progress
from solver.network.bounds import Bound, best_bound
from solver.network.exact import exact_search
from solver.network.problem import (
    Layout,
    Problem,
    layout_tricks,
)
from solver.network.rest import use_the_rest
from solver.network.settings import DEFAULT_SETTINGS, Settings
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
        with the limit (``effort``, ``tile_nodes``) are those of a solve with this limit."""
        clock = Clock(self.started, self.limit, None, self.settings, self.trace)
        clock.deadline = time.monotonic() + part * self.left()
        return clock

    def apart(self, part: float) -> Clock:
        """A clock for a solve with a limit of its own: ``part`` of the time left from now, no
        progress reports (its effort and node budgets are those of a solve with that limit)."""
        return Clock(time.monotonic(), part * self.left(), None, self.settings, self.trace)

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


def effort(clock: Clock) -> float:
    """Heuristic effort from the time limit (not from the clock, so results stay repeatable)."""
    settings = clock.settings
    return min(1.0, max(settings.least_effort, clock.limit / settings.effort_seconds))


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


def standing(value: int, upper: int) -> str:
    """The best found and the proven bound, in a few words (for the trace)."""
    if value >= upper:
        return f"optimal {value}"
    return f"{'none found' if value < 0 else f'found {value}'}, upper bound {upper}"


def proven_answer(value: int, layout: Layout | None, bound: Bound, proven_by: str, proof: str | None = None) -> Outcome:
    if value >= bound.value:
        return Outcome(Status.OPTIMAL, value, value, layout, bound.proof, bound.rests_on)
    return Outcome(Status.OPTIMAL, value, value, layout, proof, proven_by)


def nothing_found(outcome: Outcome) -> Outcome:
    """With ``every_card_matched`` a phase may end without any arrangement (its value is then -1):
    a complete search that found none proves that none exists."""
    if outcome.status in (Status.OPTIMAL, Status.INFEASIBLE):
        return Outcome(Status.INFEASIBLE, None, None, None, outcome.proof if outcome.status == Status.INFEASIBLE
                       else None, outcome.proven_by)
    return Outcome(Status.UNPROVEN, None, outcome.bound, None, None, None)


@dataclass(frozen=True)
class Relaxed:
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


#: No network without the rule to learn from (rule option ``every_card_matched`` off).
NO_RELAXATION = Relaxed()


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


def run_exact(
    problem: Problem, clock: Clock, bound: Bound, value: int, layout: Layout | None, pieces: bool
) -> Outcome:
    found = exact_search(problem, value, bound.value, clock.deadline, pieces=pieces, settings=clock.settings)
    if found.layout is not None:
        value, layout = found.value, found.layout
        clock.report(value, bound.value)
    if found.complete:
        return proven_answer(value, layout, bound, "exhaustive search")
    return Outcome(Status.UNPROVEN, value, bound.value, layout, None, None)


def confirmed_optimum(
    problem: Problem, clock: Clock, bound: Bound, value: int, layout: Layout | None, pieces: bool = False
) -> Outcome:
    """A CP-SAT optimum: below the simple bounds, small networks are re-proven by our own
    exact search (CP-SAT has open reports of wrong optima)."""
    if value >= bound.value:
        return proven_answer(value, layout, bound, "bound")
    if problem.size > clock.settings.confirm_limit:
        return proven_answer(value, layout, bound, "cp-sat")
    check = exact_search(
        problem, value, bound.value, clock.deadline, pieces, clock.settings.confirm_nodes, settings=clock.settings
    )
    if check.layout is not None:
        # CP-SAT missed a better arrangement: trust only what our own search proves.
        if check.complete:
            return proven_answer(check.value, check.layout, bound, "exhaustive search")
        return Outcome(Status.UNPROVEN, check.value, bound.value, check.layout, None, None)
    return proven_answer(value, layout, bound, "exhaustive search" if check.complete else "cp-sat")


def the_rest(problem: Problem, clock: Clock, outcome: Outcome, connected: bool, relaxed: Relaxed) -> Outcome:
    """The phases stopped short of a proof with time left: the rest of it goes to
    ``rest.use_the_rest`` (a CP-SAT model with hint and bound, and local-search restarts)."""
    value = outcome.value if outcome.value is not None else -1
    upper = outcome.bound if outcome.bound is not None else relaxed.bound(problem).value
    rest = use_the_rest(problem, clock.deadline, value, outcome.layout, upper, connected, clock.settings)
    clock.report(rest.value, rest.upper)
    if rest.proven:
        bound = relaxed.bound(problem)
        if rest.by_cpsat:
            return confirmed_optimum(problem, clock, bound, rest.value, rest.layout, pieces=not connected)
        return proven_answer(rest.value, rest.layout, bound, "exhaustive search")
    return Outcome(Status.UNPROVEN, rest.value, rest.upper, rest.layout, None, None)
