"""The one loop that runs a case's phases (``phases.CASES``): it owns the clock, the best
arrangement and the upper bound, asks each phase in turn while its ``when`` holds and the answer
is not settled, hands it its budget, and records each phase that runs in the trace.

A phase is a ``Step``: its name (one of ``phases.PHASES``), its ``when`` (a predicate over the
board: the network's size, the rule options, ``method``, what the phases before it found), its
``budget`` (the ``Settings`` fields it draws on) and the function that runs it. That function
reads the board and says what it gave (``Gave``); it never changes the board and never calls
back into the loop: the loop takes what it gave.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass

from model.common.status import Status
from solver.network.bounds import Bound
from solver.network.problem import Layout, Problem, layout_tricks
from solver.network.run import Clock, Outcome, Relaxed
from solver.network.trace import Ran


@dataclass
class Board:
    """What the phases of one case share, owned by the loop."""

    #: The network (or the group of cards) being solved.
    problem: Problem
    #: The clock, the settings and the trace.
    clock: Clock
    #: ``auto``, ``exact`` or ``cpsat``.
    method: str
    #: The simple bound (or the relaxation's, when lower): what a hit on it proves.
    bound: Bound
    #: What the network without rule option ``every_card_matched`` told.
    relaxed: Relaxed
    #: The best total found so far (-1: none yet, only with ``every_card_matched``).
    value: int = -1
    #: The best arrangement found so far.
    layout: Layout | None = None
    #: The proven upper bound so far.
    upper: int = 0
    #: The embedding search's argument for ``upper``, where it lowered it.
    why: str | None = None
    #: The heuristic's random source, which the local search goes on with.
    rng: random.Random | None = None
    #: The best total and arrangement before the CP-SAT part (climb, walks, region model) began.
    kept: tuple[int, Layout | None] | None = None
    #: With rule option ``connected`` off, whether the rest's plain model may take this group over.
    rest_fits: bool = False
    #: Rule option ``connected`` (the top level's choice of case, and the rest's model).
    connected: bool = True
    #: The clock of the phase running now: its share of the time (``Budget.share``), handed by the
    #: loop; the whole clock where it has none.
    allotted: Clock | None = None

    def time_given(self) -> Clock:
        """The running phase's clock (``allotted``)."""
        return self.allotted if self.allotted is not None else self.clock


@dataclass(frozen=True)
class Gave:
    """What one phase gave."""

    #: What it established, in a few words (for the trace).
    established: str = "nothing"
    #: The best arrangement now (better than the board's, or the board's own improved on).
    layout: Layout | None = None
    #: A lower upper bound.
    upper: int | None = None
    #: The embedding search's argument for ``upper``.
    why: str | None = None
    #: The heuristic's random source (the heuristic phase only).
    rng: random.Random | None = None
    #: The best known before the CP-SAT part, where this phase begins it.
    kept: tuple[int, Layout | None] | None = None
    #: The case's outcome: the phases after this one do not run.
    answer: Outcome | None = None
    #: What the network without rule option ``every_card_matched`` told: the bound the phases
    #: after this one aim at (``Relaxed.bound``).
    relaxed: Relaxed | None = None


@dataclass(frozen=True)
class Budget:
    """What a phase may spend, by ``Settings`` field: the loop applies the time share, the phase
    passes the other fields to its searches."""

    #: With ``method`` auto, the field whose share of the time left the loop hands the phase as
    #: its clock (None: the time left; the other methods ask the one phase that answers them).
    share: str | None = None
    #: Whether that share is a solve with a limit of its own (the node budgets that grow with the
    #: limit shrink with it), not a part of this solve's limit.
    own_limit: bool = False
    #: The fields of the node counts, CP-SAT work, efforts and inner shares it passes to its
    #: searches.
    fields: tuple[str, ...] = ()


#: A phase that spends only the time left.
TIME_LEFT = Budget()


@dataclass(frozen=True)
class Step:
    """One phase as the loop runs it."""

    #: Its name in the trace and in ``phases.PHASES``.
    name: str
    #: When it runs (asked just before it would run, with the board as the phases before left it).
    when: Callable[[Board], bool]
    #: The phase itself.
    run: Callable[[Board], Gave]
    #: What it may spend.
    budget: Budget = TIME_LEFT
    #: False for a step that runs a case's list of phases: those are the trace's entries.
    traced: bool = True


def run_phases(board: Board, steps: tuple[Step, ...]) -> Outcome:
    """Run ``steps`` in order on ``board`` until one gives the answer; unsettled at the end, the
    best found and the bound."""
    for step in steps:
        if not step.when(board):
            continue
        with board.clock.phase(step.name) if step.traced else nullcontext(Ran()) as ran:
            board.allotted = allotted(board, step.budget)
            gave = step.run(board)
            ran.established = gave.established
        board.allotted = None
        if gave.layout is not None:
            board.layout, board.value = gave.layout, layout_tricks(board.problem, gave.layout)
        if gave.upper is not None:
            board.upper = gave.upper
        if gave.why is not None:
            board.why = gave.why
        if gave.rng is not None:
            board.rng = gave.rng
        if gave.kept is not None:
            board.kept = gave.kept
        if gave.relaxed is not None:
            board.relaxed, board.bound = gave.relaxed, gave.relaxed.bound(board.problem)
            board.upper = board.bound.value
        if gave.answer is not None:
            return gave.answer
    return Outcome(Status.UNPROVEN, board.value, board.upper, board.layout, None, None)


def allotted(board: Board, budget: Budget) -> Clock | None:
    """The clock a phase with ``budget`` gets: its share of the time left, or None (the whole)."""
    if budget.share is None or board.method != "auto":
        return None
    part = getattr(board.clock.settings, budget.share)
    assert isinstance(part, (int, float)), budget.share
    return board.clock.apart(part) if budget.own_limit else board.clock.share(part)


def auto(board: Board) -> bool:
    """``method`` auto."""
    return board.method == "auto"


def small(board: Board) -> bool:
    """Up to ``box_descent_limit`` cards."""
    return board.problem.size <= board.clock.settings.box_descent_limit


def always(board: Board) -> bool:
    """Every time the loop reaches it."""
    return True
