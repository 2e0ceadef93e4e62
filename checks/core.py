"""What an invariant is, and the few tools every check shares: a solver under a deadline, the
decoding of Z3 values, and the bounded proof that a Z3 encoding equals a Python rule function.

A check is a function of a ``Context`` (the rule options in force, the Z3 encodings of the game's
rule functions, the time left) that returns None when Z3 proves no state of the bounded domain
breaks the invariant, or a ``Counterexample`` decoded from the Z3 model and replayed through the
Python engine. ``run`` turns that into Proved / Violated / Unknown with the time taken.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import z3

from checks.result import CheckResult, Counterexample, Proved, Unknown, Violated
from model.common.errors import OutOfTime

#: Z3 is asked for the same answer on every run: one fixed seed.
SEED = 0


class TimeUp(OutOfTime):
    """Z3 gave no answer within the time left (or gave up): the project's one time-out, for proofs."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass
class Context:
    """What one check runs with."""

    #: The game's rule options (its frozen rules object).
    rules: Any
    #: When the time limit runs out (``time.perf_counter`` seconds).
    deadline: float
    #: The time limit given, in seconds (for messages).
    time_limit: float

    def solver(self) -> z3.Solver:
        """A fresh solver with the fixed seed and the time left as its timeout."""
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise TimeUp(f"time limit of {self.time_limit:g} s reached")
        solver = z3.Solver()
        solver.set("random_seed", SEED)
        solver.set("timeout", max(1, int(left * 1000)))
        return solver

    def search(self, solver: z3.Solver) -> z3.ModelRef | None:
        """The model of a satisfiable query, None for an unsatisfiable one; TimeUp otherwise."""
        answer = solver.check()
        if answer == z3.sat:
            return solver.model()
        if answer == z3.unsat:
            return None
        reason = solver.reason_unknown()
        if reason.startswith("interrupted"):  # Ctrl-C ("interrupted from keyboard") or interrupt()
            raise KeyboardInterrupt
        if reason in ("timeout", "canceled") or time.perf_counter() >= self.deadline:
            raise TimeUp(f"time limit of {self.time_limit:g} s reached")
        raise TimeUp(f"Z3 gave up: {reason}")


Check = Callable[[Context], "Counterexample | None"]

#: How a check argues, stated in its report. Only a complete argument over the stated domain is
#: reported as "proved":
#: - ``single-source``: Z3 runs the engine's own rule function (written once against
#:   ``model.common.ops``) on symbolic inputs, so the term proved is the code that runs;
#: - ``exhaustive``: every state of the stated domain is run through the engine's own functions;
#: - ``symbolic``: CrossHair executed the engine's Python code symbolically, "confirmed over all
#:   paths";
#: - ``encoding``: a second Z3 encoding of the rule, compared with the engine on listed points only
#:   (it proves the encoding, not the engine).
Argument = Literal["single-source", "exhaustive", "symbolic", "encoding"]
ARGUMENTS: tuple[Argument, ...] = ("single-source", "exhaustive", "symbolic", "encoding")


@dataclass(frozen=True)
class Invariant:
    """One property the rules must keep, with the sentence it formalises and its bounds."""

    #: A short stable ID, e.g. ``LN-2``.
    id: str
    #: The game (``whitehouse``, ``socks``, ``social``, ``likes``).
    game: str
    #: The property in plain words.
    title: str
    #: The rulebook sentence it formalises, quoted.
    rulebook: str
    #: The bounded domain on which Z3 proves it.
    domain: str
    #: The Python rule functions whose Z3 encodings it uses (``module.function``).
    covers: tuple[str, ...]
    #: The check itself.
    check: Check
    #: How the check argues (see ``Argument``).
    argument: Argument = "encoding"


def run(invariant: Invariant, rules: Any, time_limit: float) -> CheckResult:
    """Run one check within ``time_limit`` seconds; never prints."""
    start = time.perf_counter()
    context = Context(rules, start + time_limit, time_limit)
    try:
        found = invariant.check(context)
    except TimeUp as stop:
        return Unknown(stop.reason, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    return Proved(seconds) if found is None else Violated(found, seconds)


# --- Z3 values -------------------------------------------------------------------------------


def concrete(expr: Any) -> Any:
    """The Python value of a closed Z3 term (a bool or an int); plain values pass through."""
    if isinstance(expr, (bool, int)):
        return expr
    value = z3.simplify(expr)
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    if z3.is_int_value(value):
        return value.as_long()
    raise ValueError(f"not a closed Z3 value: {expr}")


def read(model: z3.ModelRef, expr: Any) -> Any:
    """The value of ``expr`` in ``model`` (free variables completed with defaults)."""
    return concrete(model.eval(expr, model_completion=True))


def pick(values: Sequence[Any], index: Any) -> Any:
    """``values[index]`` for a symbolic index (the last value when out of range)."""
    out = values[-1]
    for position in range(len(values) - 2, -1, -1):
        out = z3.If(index == position, values[position], out)
    return out


def count(conditions: Iterable[Any]) -> Any:
    """How many of the Z3 conditions hold."""
    terms = [z3.If(c, 1, 0) for c in conditions]
    return z3.Sum(terms) if terms else z3.IntVal(0)


