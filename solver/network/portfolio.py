"""The box descent and the plain model taking turns (connected networks up to 16 cards).

The descent (``boxes``) settles most networks within milliseconds; on a few it stalls where the
plain model of ``plain``, given the best arrangement as hint and the proven bound as a
constraint, finds the better arrangement at once. So the descent starts alone, for a little
work (``first_descent_work``; then the embedding searches are asked "one Trick more?",
``climbing.one_more``), and goes on to ``descent_before_turns``; then the turns begin: the
embedding searches asked again, deeper than the turn before, the plain model a slice, the descent
as much work again, and so on, each slice of the plain model twice the last (the figures behind this order are in
``benchmarks/tricks_settings.md``). Work is CP-SAT's deterministic time (our own span search's
nodes converted), never the clock, so the answer does not depend on the machine unless the time
limit stops it. Whatever either
side finds, the other goes on from (a better arrangement raises the descent's target; the
plain model's proven bound lowers its ceiling).
"""

from __future__ import annotations

import time

from solver.network.boxes import BoxDescent, BoxResult
from solver.network.climbing import Settled, one_more
from solver.network.plain import plain_cells, solve_plain
from solver.network.problem import Layout, Problem, layout_tricks
from solver.network.run import Clock


def descent_taking_turns(problem: Problem, clock: Clock, best: int, layout: Layout | None, upper: int) -> BoxResult:
    """Prove ``best`` optimal (or find better arrangements, or lower ``upper``) by the box
    descent and the plain model in turns, until the clock runs out. ``complete`` with
    ``rests_on_cpsat`` when a CP-SAT model (a box's or the plain one) closed part of it.
    The embedding searches (``one_more(value, 0)``) are asked when the descent's first share
    settles nothing, and again whenever a turn has raised the best known (asked only then, since
    the descent settles most networks sooner); an arrangement they build is taken, and they are
    asked again from it. Each turn starts with ``one_more(value, deeper)``, deeper by one than the
    turn before for the same best known (larger budgets)."""
    deadline, report, settings = clock.deadline, clock.report, clock.settings

    def settle(value: int, deeper: int) -> Settled:
        return one_more(problem, clock, value, deeper)

    descent = BoxDescent(problem, best, upper, deadline, report, settings)
    result = descent.run(settings.first_descent_work)
    asked = best - 1  # the best known when ``settle`` was last asked

    def taken(answer: Settled) -> bool:
        """Take what ``settle`` answered: True when it proves the best known optimal."""
        nonlocal result
        if answer.proven:
            return True
        if answer.better is not None and layout_tricks(problem, answer.better) > descent.best:
            descent.offer(layout_tricks(problem, answer.better), answer.better)
            report(descent.best, result.upper)
            result = descent.result()
        return False

    def settled() -> bool:
        nonlocal asked
        while not result.complete and descent.best > asked:
            asked = descent.best
            if taken(settle(descent.best, 0)):
                return True
        return False

    if settled():
        return BoxResult(descent.best, descent.found, True, descent.best, False)
    if result.complete or plain_cells(problem) > settings.plain_turn_size:
        return descent.run()
    result = descent.run(settings.descent_before_turns)
    if settled():
        return BoxResult(descent.best, descent.found, True, descent.best, False)
    best_layout = layout
    work = settings.first_plain_work
    deeper, deeper_for = 0, descent.best
    while not result.complete and deadline - time.monotonic() > settings.turn_margin:
        # Each turn starts with ``settle`` asked deeper than the turn before (for the same best
        # known; asked afresh, ``settled``, for a better one).
        deeper = deeper + 1 if descent.best == deeper_for else 1
        deeper_for = descent.best
        if taken(settle(descent.best, deeper)) or settled() or result.complete:
            return BoxResult(descent.best, descent.found, True, descent.best, False)
        if descent.found is not None:
            best_layout = descent.found
        answer = solve_plain(
            problem, True, descent.best + 1, result.upper, best_layout, deadline - time.monotonic(), work, settings
        )
        if answer.layout is not None:
            value = layout_tricks(problem, answer.layout)
            if value > descent.best:
                descent.offer(value, answer.layout)
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
