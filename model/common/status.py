"""The statuses a solver reports. A time limit is never reported as infeasible or optimal."""

from __future__ import annotations

from enum import Enum


class Status(str, Enum):  # noqa: UP042 (a StrEnum would change str() and format() of the members)
    """What a solve proved."""

    #: The returned value is proven to be the optimum.
    OPTIMAL = "optimal"
    #: Proven: no legal solution exists.
    INFEASIBLE = "infeasible"
    #: The time limit came first: the best found (if any) and a proven bound.
    UNPROVEN = "unproven"
