"""A node budget shared by the searches of our own: they give up on a count of nodes (the same
on every machine, so answers are repeatable) or at a deadline, whichever comes first."""

from __future__ import annotations

import time

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
