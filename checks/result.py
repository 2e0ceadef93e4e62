"""The three answers a check can give: Proved, Violated (with a counterexample) or Unknown.

As in mypyvy's ``logic.py``, a check returns a value and never prints: the command line and the
tests decide what to show. A counterexample carries the model state Z3 found, drawn for a person,
and what the Python engine said when the same state was replayed through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

PROVED: Literal["proved"] = "proved"
VIOLATED: Literal["violated"] = "violated"
UNKNOWN: Literal["unknown"] = "unknown"


@dataclass(frozen=True)
class Counterexample:
    """A state that breaks an invariant, decoded from a Z3 model."""

    #: The state as JSON-ready data (the names a ruling file would use).
    state: dict[str, Any]
    #: The state drawn as text, one line per row or per player.
    drawing: str
    #: What the Python engine says about the same state, in words.
    engine: str
    #: True when the Python engine, replaying the state, breaks the invariant too.
    engine_agrees: bool


@dataclass(frozen=True)
class Proved:
    """No state of the bounded domain breaks the invariant."""

    #: Seconds the proof took.
    seconds: float = 0.0
    status: Literal["proved"] = PROVED


@dataclass(frozen=True)
class Violated:
    """A state of the bounded domain breaks the invariant."""

    #: The state, decoded and replayed.
    counterexample: Counterexample
    #: Seconds the search took.
    seconds: float = 0.0
    status: Literal["violated"] = VIOLATED


@dataclass(frozen=True)
class Unknown:
    """Z3 gave no answer: the time limit came first (or the solver gave up, reason given)."""

    #: Why there is no answer.
    reason: str
    #: Seconds spent.
    seconds: float = 0.0
    status: Literal["unknown"] = UNKNOWN


CheckResult = Proved | Violated | Unknown


def result_json(result: CheckResult) -> dict[str, Any]:
    """A result as the ``result`` object of JSON output."""
    out: dict[str, Any] = {"status": result.status, "seconds": round(result.seconds, 3)}
    if isinstance(result, Violated):
        cex = result.counterexample
        out["counterexample"] = {"state": cex.state, "drawing": cex.drawing, "engine": cex.engine,
                                 "engine_agrees": cex.engine_agrees}
    if isinstance(result, Unknown):
        out["reason"] = result.reason
    return out
