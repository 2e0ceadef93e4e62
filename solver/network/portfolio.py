"""The box descent and the plain model taking turns (connected networks up to 16 cards).

The descent (``boxes``) settles most networks within milliseconds; on a few it stalls where the
plain model of ``plain``, given the best arrangement as hint and the proven bound as a
constraint, finds the better arrangement at once (measured: a game-grown 14-card network the
plain model proves in a second, the descent not in ten). So the descent starts alone, for a
little work (then the caller's own searches are asked, ``settle``), and goes on to a unit of
work; then the turns begin: the caller's searches asked again, deeper than the turn before,
the plain model a slice, the descent as much work again, and so on, each slice of the plain
model twice the last. (Measured on 1 218 fresh game-grown networks of 10-16 cards, seeds
20261244-49, with turns as they were before the deeper ask: the plain model's turns came up on
ten, and on none did they find or prove anything; the deeper ask settles most of those.) Work
is CP-SAT's deterministic time (our own span search's nodes converted), never the clock, so
the answer does not depend on the machine unless the time limit stops it. Whatever either
side finds, the other goes on from (a better arrangement raises the descent's target; the
plain model's proven bound lowers its ceiling).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from solver.network.boxes import BoxDescent, BoxResult
from solver.network.plain import plain_cells, solve_plain
from solver.network.problem import Layout, Problem, layout_tricks

#: The descent's work alone before the plain model's first slice (and before ``settle``): most
#: networks it settles are settled well within it, and a network it stalls on loses little
#: before the others. Measured on 406 fresh game-grown networks of 10-16 cards (two
#: seeds, 10 s): 0.25 instead of 0.5 took 8 s off the 94 s in all; two got 0.4-0.6 s slower.
FIRST_DESCENT_WORK = 0.25
#: The descent's work, all told, before the turns begin (and ``settle`` again after it, when it
#: raised the best known). Measured on fifteen fresh game-grown networks of 14-16 cards the old
#: turns left open or slow (2-10 s; seeds 20261240-48): turns begun right after the first
#: share (the deeper ask, the descent, then the plain model) came to 48 s in all and left one
#: open; begun after 1.0 (the deeper ask, the plain model, then the descent), 40 s, none open.
DESCENT_BEFORE_TURNS = 1.0
#: The plain model's first slice (CP-SAT's deterministic time); each one after doubles it.
FIRST_PLAIN_WORK = 1.0
#: The plain model takes turns up to this many (card, cell) pairs (n^3: 16 cards).
PLAIN_TURN_SIZE = 4_096
#: A slice is not started with less time than this left (seconds): building it alone takes longer.
MARGIN = 0.1


@dataclass(frozen=True)
class Settled:
    """What the caller's own searches made of the best total known (``settle``)."""

    #: True when they prove that no arrangement beats it.
    proven: bool = False
    #: An arrangement beating it, when they built one.
    better: Layout | None = None


def descent_taking_turns(
    problem: Problem,
    best: int,
    layout: Layout | None,
    upper: int,
    deadline: float,
    report: Callable[[int, int], None] | None = None,
    settle: Callable[[int, int], Settled] | None = None,
) -> BoxResult:
    """Prove ``best`` optimal (or find better arrangements, or lower ``upper``) by the box
    descent and the plain model in turns, until ``deadline``. ``complete`` with
    ``rests_on_cpsat`` when a CP-SAT model (a box's or the plain one) closed part of it.
    ``settle(value, 0)``, if given, is asked when the descent's first share settles nothing, and
    again whenever a turn has raised the best known (the pipeline's embedding searches: asked
    only then, since the descent settles most networks sooner); an arrangement it builds is
    taken, and it is asked again from it. Each turn starts with ``settle(value, deeper)``, deeper
    by one than the turn before for the same best known (the caller's searches on larger
    budgets)."""
    descent = BoxDescent(problem, best, upper, deadline, report)
    result = descent.run(FIRST_DESCENT_WORK)
    asked = best - 1  # the best known when ``settle`` was last asked

    def taken(answer: Settled) -> bool:
        """Take what ``settle`` answered: True when it proves the best known optimal."""
        nonlocal result
        if answer.proven:
            return True
        if answer.better is not None and layout_tricks(problem, answer.better) > descent.best:
            descent.offer(layout_tricks(problem, answer.better), answer.better)
            if report is not None:
                report(descent.best, result.upper)
            result = descent.result()
        return False

    def settled() -> bool:
        nonlocal asked
        while settle is not None and not result.complete and descent.best > asked:
            asked = descent.best
            if taken(settle(descent.best, 0)):
                return True
        return False

    if settled():
        return BoxResult(descent.best, descent.found, True, descent.best, False)
    if result.complete or plain_cells(problem) > PLAIN_TURN_SIZE:
        return descent.run()
    result = descent.run(DESCENT_BEFORE_TURNS)
    if settled():
        return BoxResult(descent.best, descent.found, True, descent.best, False)
    best_layout = layout
    work = FIRST_PLAIN_WORK
    deeper, deeper_for = 0, descent.best
    while not result.complete and deadline - time.monotonic() > MARGIN:
        if settle is not None:
            # Each turn starts with ``settle`` asked deeper than the turn before (for the same
            # best known; asked afresh, ``settled``, for a better one).
            deeper = deeper + 1 if descent.best == deeper_for else 1
            deeper_for = descent.best
            if taken(settle(descent.best, deeper)) or settled() or result.complete:
                return BoxResult(descent.best, descent.found, True, descent.best, False)
        if descent.found is not None:
            best_layout = descent.found
        answer = solve_plain(
            problem, True, descent.best + 1, result.upper, best_layout, deadline - time.monotonic(), work
        )
        if answer.layout is not None:
            value = layout_tricks(problem, answer.layout)
            if value > descent.best:
                descent.offer(value, answer.layout)
                if report is not None:
                    report(value, result.upper)
        if answer.status in ("optimal", "infeasible"):
            # The plain model holds every connected arrangement: nothing beats its optimum (or,
            # infeasible, the best known). One worker, a fixed seed (``plain``).
            return BoxResult(descent.best, descent.found, True, descent.best, True)
        if answer.bound is not None:
            descent.bound(answer.bound)
        result = descent.run(descent.spent + work)
        if settled():
            return BoxResult(descent.best, descent.found, True, descent.best, False)
        work *= 2
    return result
