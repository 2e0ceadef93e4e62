"""Answer every question of a ``verify tricks`` input: the Trick total, the claim, the given
arrangement, and where a new card may enter.

``answer_tricks`` is the one library call of the command: it solves, checks, and returns a
frozen ``TricksAnswer`` whose ``to_json()`` is the contract's output object and whose
``exit_status`` is the contract's exit status. Proven answers carry no timing, so their JSON is
the same byte for byte on every run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from model.common.options import rules_as_dict
from model.common.status import Status
from model.whitehouse.network.arrangement import (
    Arrangement,
    ArrangementReport,
    Entry,
    Event,
    Placement,
    Supporter,
    check_arrangement,
    entry_cells,
)
from model.whitehouse.network.io import TricksQuestion
from solver.network import solve as tricks_solver
from solver.network.solve import Progress, TricksSolution

#: Exit statuses, as for every ``verify`` command.
YES, NO, UNDECIDED = 0, 1, 3


@dataclass(frozen=True)
class ClaimVerdict:
    """The answer to "does this network make N Tricks?"."""

    #: The claimed Trick total.
    value: int
    #: True when the maximum is at least ``value``; None while the time limit leaves it open.
    holds: bool | None
    #: True when the proven maximum equals ``value``; None while unproven.
    exact: bool | None


@dataclass(frozen=True)
class AddAnswer:
    """Where a new card may enter the given arrangement, and what the network makes with it."""

    #: The new card.
    card: Supporter | Event
    #: Every empty cell beside the arrangement where it may enter, with the Tricks after it does.
    placements: tuple[Entry, ...]
    #: The solve of the network with the card (its ``tricks`` is ``max_after``).
    solution: TricksSolution


@dataclass(frozen=True)
class TricksAnswer:
    """Every answer to one TricksQuestion."""

    #: The question answered.
    question: TricksQuestion
    #: The network's Trick total.
    solution: TricksSolution
    #: The verdict on the claim, when one was made.
    claim: ClaimVerdict | None
    #: The checker's report on the given arrangement, when one was given.
    given: ArrangementReport | None
    #: The answer about the card to add, when one was given.
    add: AddAnswer | None

    @property
    def exit_status(self) -> int:
        """1 when a question is answered no, else 3 when one is left open, else 0."""
        if (
            self.solution.status is Status.INFEASIBLE
            or (self.claim is not None and self.claim.holds is False)
            or (self.given is not None and not self.given.legal)
        ):
            return NO
        if (
            self.solution.status is Status.UNPROVEN
            or (self.claim is not None and self.claim.holds is None)
            or (self.add is not None and self.add.solution.status is Status.UNPROVEN)
        ):
            return UNDECIDED
        return YES

    def to_json(self) -> dict[str, Any]:
        """The contract's output object (plus ``proven_by``); no timing, so proven answers are
        deterministic."""
        solution = self.solution
        out: dict[str, Any] = {
            "status": solution.status.value,
            "tricks": solution.tricks,
            "bound": solution.bound,
            "arrangement": arrangement_json(solution.arrangement),
            "proof": solution.proof,
            "proven_by": solution.proven_by,
        }
        if self.claim is not None:
            out["claim"] = {
                "value": self.claim.value,
                "holds": self.claim.holds,
                "exact": self.claim.exact,
            }
        if self.add is not None:
            after = self.add.solution
            out["add"] = {
                "placements": [
                    {"row": e.row, "col": e.col, "tricks": e.tricks} for e in self.add.placements
                ],
                "max_after": after.tricks,
                "status": after.status.value,
                "bound": after.bound,
            }
        if self.given is not None:
            out["given_arrangement"] = {
                "legal": self.given.legal,
                "tricks": self.given.tricks,
                "violations": list(self.given.violations),
            }
        out["rules"] = rules_as_dict(self.question.rules)
        return out


def placement_json(placement: Placement) -> dict[str, Any]:
    """One placement as the contract writes it: ``{"supporter": 12, "row": 0, "col": 0}``."""
    return {placement.card.kind: placement.card.id, "row": placement.row, "col": placement.col}


def arrangement_json(arrangement: Arrangement | None) -> list[dict[str, Any]] | None:
    if arrangement is None:
        return None
    return [placement_json(p) for p in arrangement.placements]


def judge_claim(solution: TricksSolution, value: int) -> ClaimVerdict:
    """A claim holds when the maximum is at least ``value``. While unproven it holds if the
    best found reaches it, fails if the bound is below it, and is otherwise open."""
    if solution.status is Status.INFEASIBLE:
        return ClaimVerdict(value, False, False)
    if solution.status is Status.OPTIMAL:
        return ClaimVerdict(value, solution.tricks >= value, solution.tricks == value)
    if solution.tricks is not None and solution.tricks >= value:
        return ClaimVerdict(value, True, None)
    if solution.bound is not None and solution.bound < value:
        return ClaimVerdict(value, False, None)
    return ClaimVerdict(value, None, None)


def answer_tricks(
    question: TricksQuestion,
    time_limit: float = 60.0,
    progress: Callable[[Progress], None] | None = None,
) -> TricksAnswer:
    """Answer every question of ``question`` within about ``time_limit`` seconds in all (a
    card to add is solved in the time the first solve leaves, at least 1% of the limit)."""
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
        left = max(time_limit - (time.monotonic() - started), time_limit / 100)
        after = tricks_solver.solve_tricks(with_card, question.rules, left, progress)
        add = AddAnswer(question.add, entries, after)
    return TricksAnswer(question, solution, claim, given, add)
