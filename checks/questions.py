"""Designer questions: "can this ever happen, and under which options?", answered with a witness.

A question is answered by a search (Z3, CP-SAT or an exhaustive enumeration) under the rule
options in force. Its answer is one of:

- ``Yes``: a witness, a state or a game the engine accepts, replayed through the engine, which
  says plainly whether it agrees that the witness shows what was asked;
- ``No``: a proof that nothing can (the argument named, as for an invariant);
- ``NoneFound``: the search covered the stated bound and found nothing, which is not a proof;
- ``Undecided``: the time limit came first.

Each game lists its questions in ``checks.<game>.questions`` (``QUESTIONS``); this module names no
game.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

from model import GAME_PACKAGES
from model.common.errors import OutOfTime

YES: Literal["yes"] = "yes"
NO: Literal["no"] = "no"
NONE_FOUND: Literal["none_found"] = "none_found"
UNDECIDED: Literal["undecided"] = "undecided"


@dataclass(frozen=True)
class Witness:
    """A state or a game that answers "yes", as the engine replayed it."""

    #: The witness as JSON-ready data (the names an input file would use).
    state: dict[str, Any]
    #: The witness drawn for a person.
    drawing: str
    #: What the engine said when the witness was replayed through it, in words.
    replay: str
    #: True when the engine, replaying the witness, shows what was asked too.
    engine_agrees: bool


@dataclass(frozen=True)
class Yes:
    """It can happen: here is how."""

    witness: Witness
    seconds: float = 0.0
    status: Literal["yes"] = YES


@dataclass(frozen=True)
class No:
    """It cannot happen, within the stated domain: the argument says why."""

    #: The proof in words (what was searched exhaustively, or what Z3 proved unsatisfiable).
    proof: str
    seconds: float = 0.0
    status: Literal["no"] = NO


@dataclass(frozen=True)
class NoneFound:
    """Nothing found up to the stated bound: not a proof."""

    #: How far the search went, in words.
    bound: str
    seconds: float = 0.0
    status: Literal["none_found"] = NONE_FOUND


@dataclass(frozen=True)
class Undecided:
    """The time limit came first."""

    reason: str
    seconds: float = 0.0
    status: Literal["undecided"] = UNDECIDED


Answer = Yes | No | NoneFound | Undecided


@dataclass(frozen=True)
class Asked:
    """What a question's search runs with."""

    #: The game's rule options (its frozen rules object).
    rules: Any
    #: When the time limit runs out (``time.perf_counter`` seconds).
    deadline: float
    #: The time limit given, in seconds (for messages).
    time_limit: float

    def left(self) -> float:
        """Seconds left; OutOfTime when none are."""
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise OutOfTime(f"time limit of {self.time_limit:g} s reached")
        return left


@dataclass(frozen=True)
class Question:
    """One designer question about a game's rules."""

    #: A short stable ID, e.g. ``SO-Q1``.
    id: str
    #: The game.
    game: str
    #: The question, as a designer would ask it.
    asks: str
    #: The rulebook sentence it is about, quoted.
    rulebook: str
    #: How it is searched and how far (the domain of a "no", the bound of a "none found").
    method: str
    #: The search: returns the answer, less its time (OutOfTime when the limit comes first).
    search: Callable[[Asked], Yes | No | NoneFound]


def all_questions() -> tuple[Question, ...]:
    """Every question, in game order. The games' modules are imported on first use, not when this
    module is: they import this module's types."""
    found = globals().get("QUESTIONS")
    if found is None:
        modules = []
        for game in GAME_PACKAGES:
            name = f"checks.{game}.questions"
            if importlib.util.find_spec(name) is not None:
                modules.append(import_module(name))
        found = tuple(q for module in modules for q in module.QUESTIONS)
        globals()["QUESTIONS"] = found
    return found


def __getattr__(name: str) -> Any:
    # ``QUESTIONS`` (every question, in game order) is made on first use: see ``all_questions``.
    if name == "QUESTIONS":
        return all_questions()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Seconds each question may take by default.
DEFAULT_TIME_LIMIT = 60.0


def answer(question: Question, rules: Any, time_limit: float = DEFAULT_TIME_LIMIT) -> Answer:
    """Answer one question within ``time_limit`` seconds; never prints."""
    start = time.perf_counter()
    try:
        found = question.search(Asked(rules, start + time_limit, time_limit))
    except OutOfTime as stop:
        return Undecided(str(stop) or f"time limit of {time_limit:g} s reached", time.perf_counter() - start)
    seconds = time.perf_counter() - start
    return type(found)(**{**found.__dict__, "seconds": seconds})


@dataclass(frozen=True)
class Answered:
    question: Question
    answer: Answer


def ask(
    rules_by_game: Mapping[str, Any],
    game: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    progress: Callable[[int, int], None] | None = None,
) -> list[Answered]:
    """Answer the questions of ``game`` (every game's when None) under each game's rules."""
    selected = [q for q in all_questions() if game is None or q.game == game]
    out: list[Answered] = []
    if progress is not None:
        progress(0, len(selected))
    for question in selected:
        out.append(Answered(question, answer(question, rules_by_game[question.game], time_limit)))
        if progress is not None:
            progress(len(out), len(selected))
    return out


def answer_json(found: Answer) -> dict[str, Any]:
    """An answer as the ``answer`` object of JSON output."""
    out: dict[str, Any] = {"status": found.status, "seconds": round(found.seconds, 3)}
    if isinstance(found, Yes):
        w = found.witness
        out["witness"] = {"state": w.state, "drawing": w.drawing, "replay": w.replay,
                          "engine_agrees": w.engine_agrees}
    elif isinstance(found, No):
        out["proof"] = found.proof
    elif isinstance(found, NoneFound):
        out["bound"] = found.bound
    else:
        out["reason"] = found.reason
    return out
