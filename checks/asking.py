"""Rulings of the questions users ask (``verify tricks``, ``verify socks advise``, ...): each asks
one declared question (``model.common.question``) through its own answer function, as the
command line does, and states the answer expected, exit status included.

A game's question rulings are data files in ``checks/<game>/data/questions/*.json``::

    {"name": "...", "source": "the rulebook sentence or the behaviour it pins",
     "question": "socks-advise",                 (the question's name: its words joined by -)
     "documents": {"position": {...}},            (each document inline, by the question's names)
     "examples": {"network": "whitehouse/seven-tricks.json"},   (or a shipped example)
     "arguments": {"move": "take supporter middle discards S9"},  (or the text a command line
                                                  gives, read by the document's own reader)
     "options": {"claim": 8},                     (the question's own options; absent: not given)
     "rules": {"effect_timing": "before_pass"},   (as ``--rule NAME=VALUE``, over the documents)
     "time_limit": 30,                            (seconds; absent: the question's default)
     "expected": {"exit_status": 1, "answer": {...}, "text": ["..."], "line": "..."}}

The outcome is ``exit_status`` and either ``answer`` (the ``--json`` object) with ``text`` (the
lines of the answer printed without ``--json``, as a terminal that shows Unicode gets it), or
``line`` (the one line of an answer refused as bad input, a broken rule or undecided). A ruling
states only the parts of the answer it is about (``checks.rulings.differences`` reads the keys it
names) and only the lines of the text it is about (each must be a line of the text). Every answer
is also printed both ways, so a text answer that fails fails its ruling. No game is named here: a
new question's rulings need only their data files.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from model.common.question import Asked, Question, UsageProblem, all_questions, outcome_of

#: The folder of a game's question rulings, under ``checks/<game>/``.
FOLDER = ("data", "questions")


@dataclass(frozen=True)
class RulingInputs:
    """A ruling's documents: inline, or a shipped example's file."""

    #: Each document given, by name.
    documents: Mapping[str, Any]
    #: Where each document comes from, as messages name it.
    sources: Mapping[str, str]

    def given(self, name: str) -> bool:
        """True when the ruling gives the document ``name``."""
        return name in self.documents

    def read(self, name: str) -> tuple[str, Any]:
        """The document ``name``: its source as messages name it, and its JSON."""
        return self.sources[name], self.documents[name]


def question_named(name: str) -> Question:
    """The declared question of this name (``tricks``, ``socks-advise``)."""
    for question in all_questions():
        if question.name == name:
            return question
    known = ", ".join(q.name for q in all_questions())
    raise ValueError(f"no question {name!r} (known: {known})")


def load_question_rulings(game: str) -> list[dict[str, Any]]:
    """Every question ruling of ``game``, by file name (none when it has no folder of them)."""
    folder = resources.files(f"checks.{game}").joinpath(*FOLDER)
    if not folder.is_dir():
        return []
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [json.loads(f.read_text(encoding="utf-8")) for f in files]


def _example(path: str) -> Any:
    return json.loads(resources.files("model").joinpath("examples", *path.split("/")).read_text(encoding="utf-8"))


def rule_text(value: Any) -> str:
    """An option value as ``--rule NAME=VALUE`` spells it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _inputs(question: Question, ruling: Mapping[str, Any]) -> RulingInputs:
    """The ruling's documents. One given under ``arguments`` is the text after its flag on the
    command line (an inline JSON object, a line of notation, a file name), read by the document's
    own reader as the command line reads it, so that its bad input is refused as a user sees it."""
    documents: dict[str, Any] = dict(ruling.get("documents", {}))
    sources = {name: f"{ruling['name']}:{name}" for name in documents}
    for name, path in ruling.get("examples", {}).items():
        documents[name] = _example(path)
        sources[name] = path
    readers = {document.name: document.reader for document in question.documents}
    for name, text in ruling.get("arguments", {}).items():
        reader = readers.get(name)
        if reader is None:
            raise ValueError(f"{ruling['name']}: the document {name!r} of {question.name} is read from a file only")
        sources[name], documents[name] = reader(text)
    return RulingInputs(documents, sources)


def ask(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """The outcome of a question ruling: ``exit_status`` and ``answer`` (its JSON), or
    ``exit_status`` and ``line`` when the question ends without an answer. Any other error is
    raised (the tool's own bug)."""
    from solver.seams import solvers_for

    question = question_named(ruling["question"])
    given = ruling.get("options", {})
    options = {name: given.get(name, unset) for name, unset in question.unset_options().items()}
    flags = {name: rule_text(value) for name, value in ruling.get("rules", {}).items()}
    limit = question.shared("time_limit")
    seconds = ruling.get("time_limit", limit.default if limit is not None else None)
    solvers = solvers_for(question.solvers)
    try:
        inputs = _inputs(question, ruling)
        if question.check is not None:
            question.check({**options, "svg": None}, inputs.sources.get)
        answer = question.ask(Asked(inputs, options, flags, seconds, solvers))
    except UsageProblem as problem:
        return {"exit_status": 2, "line": str(problem)}
    except Exception as error:
        ended = outcome_of(error)
        if ended is None:
            raise
        return {"exit_status": ended.exit_status, "line": ended.line}
    # The text answer is what a player reads by default: it is printed both ways (a terminal with
    # and without Unicode) so that a text answer that cannot be printed is never an answer.
    text = answer.to_text(True)
    answer.to_text(False)
    return {"exit_status": answer.exit_status, "answer": answer.to_json(), "text": text.splitlines()}


def _project(actual: Any, template: Any) -> Any:
    """The part of ``actual`` that ``template`` asks about (dict keys, list items)."""
    if isinstance(template, dict) and isinstance(actual, dict):
        return {key: _project(actual[key], value) for key, value in template.items() if key in actual}
    if isinstance(template, list) and isinstance(actual, list) and len(template) == len(actual):
        return [_project(a, t) for a, t in zip(actual, template, strict=True)]
    return actual


def evaluate(ruling: Mapping[str, Any]) -> dict[str, Any]:
    """The outcome of a question ruling, reduced to what its ``expected`` names (so that
    ``verify compare`` shows only what a ruling is about); the exit status, and the line of an
    answer refused, are always kept."""
    outcome = ask(ruling)
    expected = ruling.get("expected", {})
    if "answer" in outcome and "answer" in expected:
        outcome["answer"] = _project(outcome["answer"], expected["answer"])
    if "text" in outcome:
        lines = outcome.pop("text")
        if "text" in expected:
            outcome["text"] = [_line_found(line, lines) for line in expected["text"]]
    return outcome


def _line_found(line: str, lines: list[str]) -> str:
    """``line`` when the text holds it; else the text's line most like it, so that what differs
    shows (``(no such line)`` when none is)."""
    if line in lines:
        return line
    return next(iter(difflib.get_close_matches(line, lines, n=1, cutoff=0.0)), "(no such line)")
