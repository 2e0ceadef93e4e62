"""A node budget shared by the searches of our own: they give up on a count of nodes (the same
on every machine, so answers are repeatable) or at a deadline, whichever comes first."""

from __future__ import annotations

import time
from contextvars import ContextVar, Token

from model.common.errors import OutOfTime


class NodeBudget:
    """Counts a search's nodes; ``tick`` raises OutOfTime past ``node_limit`` nodes or, looking at
    the clock every ``clock_every`` nodes, past ``deadline`` (time.monotonic)."""

    def __init__(self, deadline: float, node_limit: int | None, clock_every: int) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.clock_every = clock_every
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfTime
        if self.nodes % self.clock_every == 0 and time.monotonic() > self.deadline:
            raise OutOfTime


class Meter:
    """The work of one solve's searches so far: our own searches' nodes and CP-SAT's
    deterministic time, for the trace of what ran (``trace``)."""

    def __init__(self) -> None:
        self.nodes = 0
        self.work = 0.0


#: The meter of the solve running in this thread (None outside a solve: nothing is counted).
_METER: ContextVar[Meter | None] = ContextVar("solver_network_meter", default=None)


def metered(meter: Meter | None) -> Token[Meter | None]:
    """Count the searches that follow on ``meter`` (until ``unmetered`` with the token)."""
    return _METER.set(meter)


def unmetered(token: Token[Meter | None]) -> None:
    _METER.reset(token)


def count_nodes(nodes: int) -> None:
    """A search of our own ended after ``nodes`` nodes."""
    meter = _METER.get()
    if meter is not None:
        meter.nodes += nodes


def count_work(work: float) -> None:
    """A CP-SAT solve ended after ``work`` units of its deterministic time."""
    meter = _METER.get()
    if meter is not None:
        meter.work += work
