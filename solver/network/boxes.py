"""Descent by exact span: "no connected arrangement has t or more Tricks", box by box.

An arrangement spanning exactly R rows and C columns has at most n - R horizontal and n - C
vertical borders, so at least t Tricks need R + C <= 2n - t, and n cards need R * C >= n; a
connected one also has R + C <= n + 1. Turned a quarter, an R x C arrangement is a C x R one, so
boxes with R <= C cover all. When every box is closed, no arrangement beats the best one known.

Each box goes first to our own search of that span (``span``), which settles most boxes
near the bound at once without OR-Tools. A box it leaves open gets a small CP-SAT model (every
row and column used, one connected piece, legal borders, at least t Tricks), tightly
constrained, so CP-SAT closes many of them fast. Boxes are tried in rounds with growing budgets
(search nodes, and CP-SAT's deterministic time, so the outcome does not depend on the machine),
the easy ones closing in the first round, where our search alone is tried (CP-SAT from the
second). ``BoxDescent`` takes the descent a share of work at a time, so that it can take turns
with another search (``portfolio``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from solver.network.cpsat import ModelAnswer, ModelSpec, solve_model
from solver.network.problem import Layout, Problem, layout_tricks
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.span import span_search


@dataclass(frozen=True)
class BoxResult:
    """What the descent established."""

    #: The best Trick total known (the one given, or better).
    value: int
    #: A layout reaching ``value`` when the descent found a better one, else None.
    layout: Layout | None
    #: True when every box is closed: ``value`` is the maximum.
    complete: bool
    #: Every connected arrangement has at most this many Tricks.
    upper: int
    #: True when some box was closed by CP-SAT alone (not by our own span search).
    rests_on_cpsat: bool = False


def boxes(cards: int, target: int) -> list[tuple[int, int]]:
    """The spans (R, C), R <= C, a connected arrangement with ``target`` Tricks may have;
    squarest first (most borders to spare)."""
    n = cards
    limit = min(2 * n - target, n + 1)
    found = [
        (rows, cols)
        for rows in range(1, n + 1)
        for cols in range(rows, n + 1)
        if rows + cols <= limit and rows * cols >= n
    ]
    return sorted(found, key=lambda box: (box[0] + box[1], box[1] - box[0]))


def reach_by_span(
    problem: Problem, target: int, deadline: float, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """A connected arrangement with at least ``target`` Tricks found span by span, or None (none
    exists, or none was found within ``span_probe_nodes`` search nodes per span, or ``deadline`` came)."""
    for rows, cols in boxes(problem.size, target):
        if time.monotonic() >= deadline:
            return None  # (a span's search looks at the clock only every so many nodes)
        found = span_search(problem, rows, cols, target, deadline, settings.span_probe_nodes, settings)
        if found.layout is not None:
            return found.layout
    return None




def box_descent(
    problem: Problem,
    best: int,
    upper: int,
    deadline: float,
    report: Callable[[int, int], None] | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> BoxResult:
    """Prove ``best`` optimal (or find better arrangements) box by box, until ``deadline``."""
    return BoxDescent(problem, best, upper, deadline, report, settings).run()


class BoxDescent:
    """The descent as steps that can be taken a share at a time (``run``), so that it can take
    turns with another search; ``offer`` tells it of a better arrangement found elsewhere, and
    ``bound`` of a lower upper bound."""

    def __init__(
        self,
        problem: Problem,
        best: int,
        upper: int,
        deadline: float,
        report: Callable[[int, int], None] | None = None,
        settings: Settings = DEFAULT_SETTINGS,
    ) -> None:
        self.problem = problem
        self.settings = settings
        self.best = best
        self.upper = upper
        self.deadline = deadline
        self.report = report
        #: A layout reaching ``best`` when one better than the first was found (or offered).
        self.found: Layout | None = None
        self.by_cpsat = False
        #: The work spent so far: CP-SAT's deterministic time plus our search nodes, converted.
        self.spent = 0.0
        #: The boxes still open (those the current round has not reached yet included).
        self.open_boxes = boxes(problem.size, best + 1)
        self.finished = False
        self._steps = self._descend()

    def offer(self, value: int, layout: Layout) -> None:
        if value > self.best:
            self.best, self.found = value, layout

    def bound(self, upper: int) -> None:
        self.upper = min(self.upper, max(upper, self.best))

    def run(self, until: float | None = None) -> BoxResult:
        """Go on until the work spent reaches ``until`` (None: to the end), then say where it
        stands."""
        while not self.finished and (until is None or self.spent < until):
            if not next(self._steps, False):
                self.finished = True
        return self.result()

    def result(self) -> BoxResult:
        n = self.problem.size
        complete = self.best >= self.upper or (self.finished and not self.open_boxes)
        open_boxes = [box for box in self.open_boxes if box[0] + box[1] <= 2 * n - (self.best + 1)]
        complete = complete or not open_boxes
        upper = max([self.best] + [min(self.upper, 2 * n - rows - cols) for rows, cols in open_boxes if not complete])
        return BoxResult(self.best, self.found, complete, upper, self.by_cpsat)

    def _better(self, value: int, layout: Layout) -> None:
        self.best, self.found = value, layout
        if self.report is not None:
            self.report(value, self.upper)

    def _descend(self) -> Iterator[bool]:
        """The descent, one box a step (each step yields True)."""
        problem, deadline, settings = self.problem, self.deadline, self.settings
        n = problem.size
        # Work is CP-SAT's deterministic time; our span search's nodes count as
        # ``nodes_per_work`` to a unit of it, so that the descent's work can be weighed against
        # a model's.
        work = settings.box_first_work
        nodes = settings.box_first_nodes
        cpsat_from = settings.cpsat_from_round
        for round_number in range(1, settings.box_rounds + 1):
            still_open: list[tuple[int, int]] = []
            this_round = self.open_boxes
            for at, (rows, cols) in enumerate(this_round):
                if self.best >= self.upper:
                    break
                if rows + cols > 2 * n - (self.best + 1):
                    continue
                left = deadline - time.monotonic()
                if left <= 0:
                    still_open.append((rows, cols))
                    continue
                ours = span_search(problem, rows, cols, self.best + 1, deadline, nodes, settings)
                self.spent += ours.nodes / settings.nodes_per_work
                if ours.layout is not None and ours.value is not None and ours.value > self.best:
                    self._better(ours.value, ours.layout)
                if not ours.complete and round_number < cpsat_from:
                    still_open.append((rows, cols))
                elif not ours.complete:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        still_open.append((rows, cols))
                        continue
                    answer = _cpsat_box(problem, rows, cols, self.best, self.upper, left, work, settings)
                    self.spent += answer.work
                    if answer.status in ("optimal", "infeasible"):
                        self.by_cpsat = True
                    if answer.status in ("optimal", "feasible") and answer.layout is not None:
                        value = layout_tricks(problem, answer.layout)
                        if value > self.best:
                            self._better(value, answer.layout)
                        if answer.status == "feasible":
                            still_open.append((rows, cols))
                    elif answer.status == "unknown":
                        still_open.append((rows, cols))
                # While paused, the boxes of this round not reached yet count as open too.
                self.open_boxes = still_open + this_round[at + 1 :]
                yield True
            self.open_boxes = [box for box in still_open if box[0] + box[1] <= 2 * n - (self.best + 1)]
            if not self.open_boxes or self.best >= self.upper or time.monotonic() >= deadline:
                return
            if round_number >= cpsat_from:
                work *= settings.box_growth
            nodes *= settings.box_growth


def _cpsat_box(
    problem: Problem, rows: int, cols: int, best: int, upper: int, seconds: float, work: float, settings: Settings
) -> ModelAnswer:
    """CP-SAT on one span: a connected arrangement using every row and column of the box, with
    more than ``best`` Tricks."""
    n = problem.size
    cells = tuple((r, c) for r in range(rows) for c in range(cols))
    spec = ModelSpec(
        cells,
        connected=True,
        pieces=False,
        at_least=best + 1,
        at_most=min(upper, 2 * n - rows - cols),
        symmetric=rows == cols,
        exact_span=True,
    )
    return solve_model(problem, spec, None, seconds, work=work, settings=settings)
