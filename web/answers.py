"""The page's questions: the games' declared questions (``model.common.question``), each answered
as its command answers it.

Every question is on the page under its name (``whitehouse-replay``, the command's words joined
by ``-``) at ``/api/<the command's words>``; the names the page has used from the start
(``socks``, ``like``, ``round``, ``move``, ``moves``) stay as aliases. ``answer`` takes the parsed
documents the command would read from files (named as the file the page downloads) and the
question's options, and returns a ``Reply``: the exit status the command would end with, the
object ``verify ... --json`` prints, and the picture ``--svg`` draws. Bad input raises the
library's ``InputError``, whose text is the command's one-line message after ``verify: ``. These
functions run in a worker process (``web.jobs``); the declarations import their parsers and
solvers when a question is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypedDict

from model.common.errors import InputError, OutOfTime, RuleBroken
from model.common.question import Asked, Document, Question, UsageProblem, all_questions, outcome_of


class Reply(TypedDict, total=False):
    """What the page gets for one question."""

    #: The exit status the CLI ends with (0 yes, 1 no, 3 undecided).
    exit: int
    #: The object ``verify ... --json`` prints (absent when undecided without an answer).
    answer: dict[str, Any]
    #: The picture ``--svg`` draws, when the command draws one.
    svg: str
    #: Lines the CLI prints on standard error besides the answer (``verify: warning ...``).
    warnings: list[str]
    #: The CLI's line for an undecided answer (``undecided: ...``).
    undecided: str
    #: The CLI's line for a broken rule (``rule: detail``).
    broken: str
    #: What the page marks on its own grid (the Locked Network's broken borders, entry cells).
    marks: dict[str, Any]


Progress = Callable[[Any], None]
#: The key of a question's options among its documents on their way to a worker (``web.jobs``
#: passes the documents through as they are); no document is named so.
_OPTIONS = "?options"


def to_worker(documents: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """What a worker is sent for one question, as ``answer`` reads it: its documents by name, and
    the options the request gave (by name)."""
    return dict(documents) | ({_OPTIONS: dict(options)} if options else {})


@dataclass(frozen=True)
class PageQuestion:
    """One question as the page asks it."""

    #: Its name on the page (the job kind).
    name: str
    #: The declared question.
    question: Question
    #: Its route.
    route: str
    #: Options the page sets itself (``list_all`` for ``moves``).
    fixed: Mapping[str, Any]
    #: The documents a request's body holds: the one document itself, or an object of them by name.
    documents: tuple[Document, ...]


#: The page's first names for some questions: alias -> (question, the options it fixes, route).
ALIASES: dict[str, tuple[str, dict[str, Any], str]] = {
    "socks": ("socks-score", {}, "/api/socks"),
    "like": ("social-like", {}, "/api/social/like"),
    "round": ("likes-round", {}, "/api/likes/round"),
    "move": ("whitehouse-move", {}, "/api/whitehouse/move"),
    "moves": ("whitehouse-move", {"list_all": True}, "/api/whitehouse/moves"),
}


def _needed(question: Question, fixed: Mapping[str, Any]) -> tuple[Document, ...]:
    """The documents the page sends: every one the answer cannot do without, less those the
    fixed options refuse (``--list`` takes no ``--move``)."""
    names = [d.name for d in question.documents if not d.optional]
    if question.check is not None:
        options = question.unset_options() | dict(fixed)
        for name in reversed(names[1:]):
            try:
                question.check(options, lambda name: name if name in names else None)
                break
            except UsageProblem:
                names.remove(name)
    return tuple(d for d in question.documents if d.name in names)


@cache
def page_questions() -> dict[str, PageQuestion]:
    """Every question of every game, by its name on the page, and the aliases."""
    found = {q.name: PageQuestion(q.name, q, "/api/" + "/".join(q.words), {}, _needed(q, {}))
             for q in all_questions()}
    for alias, (name, fixed, route) in ALIASES.items():
        question = found[name].question
        found[alias] = PageQuestion(alias, question, route, fixed, _needed(question, fixed))
    return found


def sources() -> dict[str, str]:
    """The file name each document is given in messages and downloads, by document name."""
    return {d.name: d.file_name for q in all_questions() for d in q.documents}


class PageInputs:
    """A question's documents from a request, each named as the file the page downloads."""

    def __init__(self, question: Question, documents: Mapping[str, Any]) -> None:
        self.names = {d.name: d.file_name for d in question.documents}
        self.documents = documents

    def given(self, name: str) -> bool:
        return name in self.documents

    def read(self, name: str) -> tuple[str, Any]:
        if name not in self.documents:
            raise InputError("request", "", f"the {name} document is missing")
        return self.names[name], self.documents[name]


def answer(kind: str, documents: dict[str, Any], time_limit: float, progress: Progress | None = None) -> Reply:
    """Answer the question ``kind`` from its documents and its options, as ``to_worker`` puts them
    together."""
    page = page_questions().get(kind)
    if page is None:
        raise InputError("request", "", f"no question {kind!r}")
    question = page.question
    values = question.unset_options() | dict(documents.get(_OPTIONS, {})) | dict(page.fixed)
    documents = {name: document for name, document in documents.items() if name != _OPTIONS}
    solvers: Mapping[str, Any] = {}
    if question.solvers:
        from solver.seams import solvers_for

        solvers = solvers_for(question.solvers)
    limit = time_limit if question.shared("time_limit") else None
    try:
        answered = question.ask(Asked(PageInputs(question, documents), values, {}, limit, solvers, progress))
    except UsageProblem as problem:
        raise InputError("request", "", str(problem)) from None
    except InputError as error:
        raise _hinted(error, question, documents) from None
    except (OutOfTime, RuleBroken) as error:
        ended = outcome_of(error)
        assert ended is not None
        return {"exit": ended.exit_status, ended.kind: ended.line}  # type: ignore[misc]
    reply: Reply = {"exit": answered.exit_status, "answer": answered.to_json()}
    reply.update(answered.page_extras())  # type: ignore[typeddict-item]
    if answered.warnings:
        reply["warnings"] = list(answered.warnings)
    if question.draws:
        reply["svg"] = answered.to_svg()
    return reply


def _hinted(error: InputError, question: Question, documents: Mapping[str, Any]) -> InputError:
    """``error``, or, when the document it names is one of another command, the command that
    reads it (as the command line says it)."""
    from model.common.formats import with_mix_up

    for document in question.documents:
        if document.file_name == error.source and document.name in documents:
            reader = " ".join((*question.words, *([document.flag] if document.flag else [])))
            return with_mix_up(error, documents[document.name], reader)
    return error


def error_json(error: InputError) -> dict[str, str]:
    """A refusal as the page shows it: the CLI's line, and the file and JSON path it names."""
    return {"error": f"verify: {error}", "source": error.source, "path": error.path, "message": error.message}
