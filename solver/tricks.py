"""The proven maximum Trick total of a Locked Network (public entry point)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal

from model.tricks import Arrangement, Network, TricksRules
from solver.status import Status


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


Method = Literal["auto", "cpsat", "exact"]


def solve_tricks(
    network: Network,
    rules: TricksRules = TricksRules(),
    time_limit: float = 60.0,
    progress: Callable[[Progress], None] | None = None,
    method: Method = "auto",
) -> TricksSolution:
    """The maximum Trick total over all legal arrangements of ``network`` under ``rules``.

    ``method="cpsat"`` forces the CP-SAT path (no small-network shortcut), ``"exact"`` the exact
    search of our own; ``"auto"`` picks. Raises ValueError for a network over MAX_CARDS cards.
    """
    raise NotImplementedError
