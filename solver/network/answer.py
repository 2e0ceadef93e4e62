"""Answer every question of a ``verify tricks`` input: the Trick total, the claim, the given
arrangement, and where a new card may enter.

``answer_tricks`` is the one library call of the command: it solves, checks, and returns a
frozen ``TricksAnswer`` (``model.whitehouse.network.answer``). Proven answers carry no timing, so
their JSON is the same byte for byte on every run.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from model.common.status import Status
from model.whitehouse.network.answer import AddAnswer, ClaimVerdict, Progress, TricksAnswer, TricksSolution
from model.whitehouse.network.arrangement import check_arrangement, entry_cells
from model.whitehouse.network.io import TricksQuestion
from solver.network import solve as tricks_solver
from solver.network.settings import DEFAULT_SETTINGS


def judge_claim(solution: TricksSolution, value: int) -> ClaimVerdict:
    """A claim holds when the maximum is at least ``value``. While unproven it holds if the
    best found reaches it, fails if the bound is below it, and is otherwise open."""
    if solution.status is Status.INFEASIBLE:
        return ClaimVerdict(value, False, False)
    if solution.status is Status.OPTIMAL:
        assert solution.tricks is not None, "an optimal solution has a Trick total"
        return ClaimVerdict(value, solution.tricks >= value, solution.tricks == value)
    if solution.tricks is not None and solution.tricks >= value:
        return ClaimVerdict(value, True, None)
    if solution.bound is not None and solution.bound < value:
        return ClaimVerdict(value, False, None)
    return ClaimVerdict(value, None, None)


def answer_tricks(
    question: TricksQuestion,
    time_limit: float = tricks_solver.DEFAULT_TIME_LIMIT,
    progress: Callable[[Progress], None] | None = None,
) -> TricksAnswer:
    """Answer every question of ``question`` within about ``time_limit`` seconds in all (a
    card to add is solved in the time the first solve leaves, at least ``least_add_share`` of
    the limit)."""
    started = time.monotonic()
    # solve_tricks checks every arrangement with the model's checker before returning it.
    solution = tricks_solver.solve_tricks(question.network, question.rules, time_limit, progress)
    claim = None if question.claim is None else judge_claim(solution, question.claim)
    given = None
    if question.arrangement is not None:
        given = check_arrangement(question.network, question.arrangement, question.rules)
    add = None
    if question.add is not None and question.arrangement is not None:
        with_card = question.network.with_card(question.add)
        ref = question.add_ref
        assert ref is not None
        entries = tuple(entry_cells(with_card, question.arrangement, ref, question.rules))
        left = max(time_limit - (time.monotonic() - started), time_limit * DEFAULT_SETTINGS.least_add_share)
        after = tricks_solver.solve_tricks(with_card, question.rules, left, progress)
        add = AddAnswer(question.add, entries, after)
    return TricksAnswer(question, solution, claim, given, add)
