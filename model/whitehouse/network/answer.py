"""The answer to a ``verify tricks`` question, as values: the solver's result for one network
(``TricksSolution``, with ``Progress`` snapshots while it runs), the verdict on a claim, the
entry of a new card, and the whole ``TricksAnswer`` whose ``to_json()`` is the contract's output
object and whose ``exit_status`` is the contract's exit status. The solver fills them in
(``solver.network.answer``); the drawing (``report``) reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from model.common.options import rules_as_dict
from model.common.status import Status
from model.whitehouse.network.arrangement import Arrangement, ArrangementReport, Entry, Event, Placement, Supporter
from model.whitehouse.network.io import TricksQuestion

#: Why an unproven solve stopped (the contract's ``stopped_by``).
StoppedBy = Literal["time_limit", "search_exhausted"]


@dataclass(frozen=True)
class Progress:
    """A snapshot of a running solve, for a progress line on a terminal."""

    #: The best Trick total found so far (None before the first arrangement).
    best: int | None
    #: The proven upper bound so far.
    bound: int
    #: Seconds since the solve started.
    seconds: float


@dataclass(frozen=True)
class PhaseRun:
    """One phase of a solve as it ran: the solver's trace of what ran, in order."""

    #: The phase's name, as the solver's table of phases writes it.
    name: str
    #: Wall-clock seconds it took.
    seconds: float
    #: Search nodes our own searches used in it (a count: the same on every machine).
    nodes: int
    #: CP-SAT's deterministic time the models used in it (0 when none ran).
    work: float
    #: What it established, in a few words: "optimal 7", "upper bound 12", "found 11",
    #: "infeasible" or "nothing".
    established: str

    def to_json(self) -> dict[str, Any]:
        """The phase as ``verify tricks --json --explain`` writes it."""
        return {
            "name": self.name,
            "seconds": round(self.seconds, 3),
            "nodes": self.nodes,
            "work": round(self.work, 3),
            "established": self.established,
        }


@dataclass(frozen=True)
class TricksSolution:
    """The answer to "how many Tricks does this network make?"."""

    #: optimal, infeasible (no legal arrangement), or unproven (time limit first).
    status: Status
    #: The best Trick total found (the maximum when optimal); None when infeasible or none found.
    tricks: int | None
    #: The proven upper bound (equal to ``tricks`` when optimal); None when infeasible.
    bound: int | None
    #: A legal arrangement reaching ``tricks``, normalised to start at row 0 and column 0.
    arrangement: Arrangement | None
    #: A simple argument a player can check, when one proves the result; else None.
    proof: str | None
    #: What the result rests on: "bound", "structure", "exhaustive search", "cp-sat", or None
    #: while unproven.
    proven_by: str | None
    #: Wall-clock seconds the solve took.
    seconds: float
    #: Why an unproven solve stopped: ``time_limit`` when the clock ran out, ``search_exhausted``
    #: when every phase had given up with time left; None when proven.
    stopped_by: StoppedBy | None = None
    #: The phases that ran, in order (the solver's trace).
    phases: tuple[PhaseRun, ...] = ()


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

    def to_json(self, explain: bool = False) -> dict[str, Any]:
        """The contract's output object (plus ``proven_by``); no timing, so proven answers are
        deterministic. With ``explain``, also ``phases``: the solver's trace of what ran (with
        seconds, so no longer the same byte for byte)."""
        solution = self.solution
        out: dict[str, Any] = {
            "status": solution.status.value,
            "tricks": solution.tricks,
            "bound": solution.bound,
            "arrangement": arrangement_json(solution.arrangement),
            "proof": solution.proof,
            "proven_by": solution.proven_by,
        }
        if solution.status is Status.UNPROVEN:
            out["stopped_by"] = solution.stopped_by
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
            if after.status is Status.UNPROVEN:
                out["add"]["stopped_by"] = after.stopped_by
        if self.given is not None:
            out["given_arrangement"] = {
                "legal": self.given.legal,
                "tricks": self.given.tricks,
                "violations": list(self.given.violations),
            }
        out["rules"] = rules_as_dict(self.question.rules)
        if explain:
            out["phases"] = [phase.to_json() for phase in solution.phases]
        return out


def placement_json(placement: Placement) -> dict[str, Any]:
    """One placement as the contract writes it: ``{"supporter": 12, "row": 0, "col": 0}``."""
    return {placement.card.kind: placement.card.id, "row": placement.row, "col": placement.col}


def arrangement_json(arrangement: Arrangement | None) -> list[dict[str, Any]] | None:
    if arrangement is None:
        return None
    return [placement_json(p) for p in arrangement.placements]


