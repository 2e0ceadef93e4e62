"""The rule functions' operations on Z3 terms (see ``model/common/ops.py``): a proof calls the
engine's own rule function with these, so the term it builds is the function that runs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import z3

from model.common.ops import Ops


def _all(conds: Iterable[Any]) -> Any:
    listed = list(conds)
    return z3.And(listed) if listed else z3.BoolVal(True)


def _any(conds: Iterable[Any]) -> Any:
    listed = list(conds)
    return z3.Or(listed) if listed else z3.BoolVal(False)


def _sum(terms: Iterable[Any]) -> Any:
    listed = list(terms)
    return z3.Sum(listed) if listed else z3.IntVal(0)


def _ite(cond: Any, then: Any, other: Any) -> Any:
    # Python values mixed in (a constant branch, a condition fixed by a rule option) are lifted.
    if isinstance(cond, bool):
        return then if cond else other
    return z3.If(cond, then, other)


def _not(cond: Any) -> Any:
    return (not cond) if isinstance(cond, bool) else z3.Not(cond)


#: The operations on Z3 terms: what the proofs run the engine's rule functions with.
Z3 = Ops(ite=_ite, all=_all, any=_any, not_=_not, sum=_sum, const=z3.IntVal, name="z3",
         div=lambda a, b: a / b)  # Z3's integer division rounds down for a positive divisor
