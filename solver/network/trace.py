"""The trace of what ran: each phase of a solve with its time, its work and what it established.

A phase is entered with ``Trace.phase(name)``; the searches inside it count their nodes and CP-SAT
work on the solve's meter (``nodes.count_nodes``, ``nodes.count_work``), and the phase says what it
established before it ends (``Ran.established``). A phase entered inside another is part of it:
only the outermost is recorded, so the trace is the solver's table of phases as it ran.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from model.whitehouse.network.answer import PhaseRun
from solver.network.nodes import Meter, metered, unmetered


class Ran:
    """A phase while it runs: what it established so far (``nothing`` until it says)."""

    def __init__(self) -> None:
        self.established = "nothing"


class Trace:
    """The phases of one solve, in the order they ran."""

    def __init__(self) -> None:
        self.meter = Meter()
        self.runs: list[PhaseRun] = []
        self._depth = 0

    @contextmanager
    def phase(self, name: str) -> Iterator[Ran]:
        """Run a phase named ``name`` (one of the declared phases, ``phases.PHASES``)."""
        ran = Ran()
        outermost = self._depth == 0
        self._depth += 1
        token = metered(self.meter) if outermost else None
        started, nodes, work = time.monotonic(), self.meter.nodes, self.meter.work
        try:
            yield ran
        finally:
            self._depth -= 1
            if token is not None:
                unmetered(token)
            if outermost:
                self.runs.append(
                    PhaseRun(
                        name,
                        time.monotonic() - started,
                        self.meter.nodes - nodes,
                        self.meter.work - work,
                        ran.established,
                    )
                )
