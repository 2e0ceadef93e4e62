"""The box descent and the plain model taking turns (connected networks up to 16 cards).

The descent (``boxes``) settles most networks within milliseconds; on a few it stalls where the
plain model of ``plain``, given the best arrangement as hint and the proven bound as a
constraint, finds the better arrangement at once (measured: a game-grown 14-card network the
plain model proves in a second, the descent not in ten). So the descent starts alone, for a
little work; then the plain model gets a slice, then the descent as much work again, and so on,
each slice of the plain model twice the last. Work is CP-SAT's deterministic time (our own span
search's nodes converted), never the clock, so the answer does not depend on the machine unless
the time limit stops it. Whatever either side finds, the other goes on from (a better
arrangement raises the descent's target; the plain model's proven bound lowers its ceiling).
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
    settle: Callable[[int], Settled] | None = None,
) -> BoxResult:
    """Prove ``best`` optimal (or find better arrangements, or lower ``upper``) by the box
    descent and the plain model in turns, until ``deadline``. ``complete`` with
    ``rests_on_cpsat`` when a CP-SAT model (a box's or the plain one) closed part of it.
    ``settle(value)``, if given, is asked when the descent's first share settles nothing, and
    again whenever a turn has raised the best known (the pipeline's embedding searches: asked
    only then, since the descent settles most networks sooner); an arrangement it builds is
    taken, and it is asked again from it."""
    descent = BoxDescent(problem, best, upper, deadline, report)
    result = descent.run(FIRST_DESCENT_WORK)
    asked = best - 1  # the best known when ``settle`` was last asked

    def settled() -> bool:
        nonlocal result, asked
        while settle is not None and not result.complete and descent.best > asked:
            asked = descent.best
            answer = settle(descent.best)
            if answer.proven:
                return True
            if answer.better is not None and layout_tricks(problem, answer.better) > descent.best:
                descent.offer(layout_tricks(problem, answer.better), answer.better)
                if report is not None:
                    report(descent.best, result.upper)
                result = descent.result()
        return False

    if settled():
        return BoxResult(descent.best, descent.found, True, descent.best, False)
    if result.complete or plain_cells(problem) > PLAIN_TURN_SIZE:
        return descent.run()
    best_layout = layout
    work = FIRST_PLAIN_WORK
    while not result.complete and deadline - time.monotonic() > MARGIN:
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
