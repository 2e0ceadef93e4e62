"""The few operations a rule function needs beyond arithmetic, so that it can be written once.

A rule function such as "a set scores its stars when its Sock count is even" is written against an
``Ops`` argument: ``ops.ite(count % 2 == 0, stars, 0)``. The engine calls it with ``PY`` (plain
Python values); the proofs in ``checks/`` call the very same function with Z3 operations on Z3
terms, so what is proved is the function the engine runs, not a second copy of it. Arithmetic and
comparisons (``+ - * // % == < <=``) already work on both kinds of value and need no operation
here; what does not is a choice (``if``), boolean connectives (``and``, ``or``, ``not``, which
Python cannot overload) and folds over them (``sum`` of booleans, ``max``, ``min``).

``model/`` never imports Z3: the Z3 operations live in ``checks/z3ops.py``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: A rule function's values: Python ints and bools under ``PY``, Z3 terms under the Z3 operations.
Value = Any


@dataclass(frozen=True)
class Ops:
    """Choice, connectives and folds over one kind of value."""

    #: ``then`` when ``cond`` holds, else ``other`` (both are evaluated: rule functions are pure).
    ite: Callable[[Value, Value, Value], Value]
    #: Every condition holds (True for none).
    all: Callable[[Iterable[Value]], Value]
    #: Some condition holds (False for none).
    any: Callable[[Iterable[Value]], Value]
    #: The condition does not hold.
    not_: Callable[[Value], Value]
    #: The sum of the terms (0 for none).
    sum: Callable[[Iterable[Value]], Value]
    #: A constant integer (a Python int, or an integer term).
    const: Callable[[int], Value]
    #: The name shown in messages (``python`` or ``z3``).
    name: str = "python"
    #: Integer division rounding down, for a positive divisor (Python's ``//``; Z3 has no ``//``).
    div: Callable[[Value, Value], Value] = operator.floordiv

    def count(self, conditions: Iterable[Value]) -> Value:
        """How many of the conditions hold."""
        return self.sum(self.ite(c, self.const(1), self.const(0)) for c in conditions)

    def max(self, terms: Sequence[Value]) -> Value:
        """The largest term (at least one)."""
        best = terms[0]
        for term in terms[1:]:
            best = self.ite(term > best, term, best)
        return best

    def min(self, terms: Sequence[Value]) -> Value:
        """The smallest term (at least one)."""
        best = terms[0]
        for term in terms[1:]:
            best = self.ite(term < best, term, best)
        return best

    def implies(self, cond: Value, then: Value) -> Value:
        """``cond`` implies ``then``."""
        return self.any((self.not_(cond), then))


def _sum(terms: Iterable[Any]) -> Any:
    return sum(terms, 0)


#: The operations on plain Python values: what the engine runs with.
PY = Ops(
    ite=lambda cond, then, other: then if cond else other,
    all=lambda conds: all(conds),
    any=lambda conds: any(conds),
    not_=lambda cond: not cond,
    sum=_sum,
    const=lambda value: value,
    name="python",
)
