"""A question users ask of a game, declared once in the game's package (``model.<game>.questions``).

A question is a value: its command words, the documents it reads (each with its JSON Schema),
its options, the library function that answers it, and an answer that knows its one exit status
and how it is drawn (text, JSON, SVG). The command line (``cli.py``) and the page (``web/``)
loop over ``all_questions()`` and hold no question of their own: a new question is a new value
here, with no edit to either front end.

What can end a question other than its answer is one of three outcomes, each with one handler
(``outcome_of``) that both front ends use: bad input (exit 2), a broken rule (exit 1) and a time
limit that came first, "undecided" (exit 3).

Nothing here imports a parser, an engine or a solver: the declarations are read when ``verify
--help`` starts, and each answer function imports what it needs when it runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal, Protocol

from model import GAME_PACKAGES
from model.common.errors import InputError, OutOfTime, RuleBroken

#: The exit statuses every command and every page reply use.
YES, NO, BAD_INPUT, UNDECIDED = 0, 1, 2, 3


class UsageProblem(ValueError):
    """Options that do not go together (``--move`` and ``--list``): a usage error of the
    command, exit 2, with its usage named."""


@dataclass(frozen=True)
class Document:
    """A JSON document a question reads: the command's argument, or the file of an option."""

    #: Its name among the question's documents (``network``, ``position``, ``move``, ``board``).
    name: str
    #: How the command's usage shows it (``FILE|-``, ``POSITION.json|-``, ``MOVE.json``).
    metavar: str
    #: The file name the page gives it in messages and downloads (``position.json``).
    file_name: str
    #: Its JSON Schema: (package, file name) of package data, or None where it has none yet.
    schema: tuple[str, str] | None = None
    #: The option that names its file (``--board``); None: the command's argument.
    flag: str | None = None
    #: The option's help (for a document named by an option).
    help: str = ""
    #: The shipped examples of it: file patterns under ``examples/`` (the page offers them).
    examples: tuple[str, ...] = ()
    #: True when the answer does without it (a sample stands in): the page leaves it out.
    optional: bool = False
    #: How the command line reads the text given for it: None, as a JSON file (``-``: standard
    #: input); else a function of that text giving (source, document), for a document that may
    #: also be written inline.
    reader: Callable[[str], tuple[str, Any]] | None = None


@dataclass(frozen=True)
class Option:
    """An option of one question (``--claim N``, ``--at N``, ``--list``)."""

    #: The name the answer function reads it by.
    name: str
    #: Its spellings on the command line (``("--claim",)``).
    flags: tuple[str, ...]
    #: ``flag``: on or off; ``integer``: a whole number or absent.
    kind: Literal["flag", "integer"]
    #: The help text.
    help: str
    #: How the usage shows its value (``N``).
    metavar: str = ""
    #: The least value an integer may take (None: any).
    minimum: int | None = None


@dataclass(frozen=True)
class Shared:
    """An option every question spells the same way, with this question's help: ``json``
    (``--json``), ``rule`` (``--rule NAME=VALUE``, repeatable), ``time_limit`` (``--time-limit
    S``) or ``svg`` (``--svg PATH|-``, whose help is the same everywhere)."""

    #: Which shared option.
    kind: Literal["json", "rule", "time_limit", "svg"]
    #: This question's help text for it ("" for ``svg``).
    help: str = ""
    #: The default seconds of ``time_limit``.
    default: float | None = None


Parameter = Document | Option | Shared


class Inputs(Protocol):
    """The documents of one asking, read when the answer first asks for them (so that an
    option's error comes before a file's where the answer checks the option first)."""

    def given(self, name: str) -> bool:
        """True when the document ``name`` was given (an optional one may not be)."""
        ...

    def read(self, name: str) -> tuple[str, Any]:
        """The document ``name``: its source as messages name it, and its parsed JSON."""
        ...


class Answer(Protocol):
    """What a question returns: one exit status and its renderings."""

    @property
    def exit_status(self) -> int:
        """0 yes, 1 no, 3 undecided."""
        ...

    @property
    def warnings(self) -> tuple[str, ...]:
        """Lines printed on standard error besides the answer (``warning: ...``)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The object ``--json`` prints (and the page receives)."""
        ...

    def json_text(self) -> str:
        """``--json``'s whole output, final newline included."""
        ...

    def to_text(self, unicode: bool) -> str:
        """The text answer, final newline included (``unicode``: box drawing characters)."""
        ...

    def to_svg(self) -> str:
        """The picture ``--svg`` draws (a question with ``draws`` only)."""
        ...

    def page_extras(self) -> dict[str, Any]:
        """Keys the page's reply carries besides the answer."""
        ...


@dataclass(frozen=True)
class Asked:
    """Everything an answer function is given."""

    #: The documents, read on demand.
    inputs: Inputs
    #: Each option's value by name (an integer not given: None; a flag not given: False).
    options: Mapping[str, Any]
    #: ``--rule NAME=VALUE`` flags, unchecked (the page gives none: the document's ``rules``).
    rules: Mapping[str, str]
    #: The seconds a search may take (None: the question has no time limit).
    time_limit: float | None
    #: The solvers behind the game's seams, by seam name (``Game.solvers``): the front end wires
    #: them in, as it does for ``random_game``.
    solvers: Mapping[str, Any]
    #: Told each new best and bound of a running solve (None: nobody is watching).
    progress: Callable[[Any], None] | None = None


@dataclass(frozen=True)
class Question:
    """One question of a game, as both front ends offer it."""

    #: The game it belongs to.
    game: str
    #: The command's words after ``verify`` (``("whitehouse", "move")``).
    words: tuple[str, ...]
    #: The command's help: a summary line, then what it reads and its exit statuses.
    help: str
    #: Its documents and options, in the order the usage lists them; the one document without
    #: a flag is the command's argument.
    parameters: tuple[Parameter, ...]
    #: The library call that answers it.
    answer: Callable[[Asked], Answer]
    #: The solver seams it needs (``trick_oracle``, ``socks_score``, ``tricks_answer``).
    solvers: tuple[str, ...] = ()
    #: True when a running solve reports progress (shown on a terminal, and on the page).
    progress: bool = False
    #: Checks, before anything is read, that the options given go together: told the options'
    #: values (its own, and ``svg``: the picture's path or None) and where each document comes
    #: from (``-``: standard input; None: not given), it raises ``UsageProblem`` (or ``InputError``
    #: for an option's value).
    check: Callable[[Mapping[str, Any], Callable[[str], str | None]], None] | None = None

    @property
    def documents(self) -> tuple[Document, ...]:
        """Its documents, the argument first."""
        found = [p for p in self.parameters if isinstance(p, Document)]
        return tuple(sorted(found, key=lambda d: d.flag is not None))

    @property
    def options(self) -> tuple[Option, ...]:
        """Its own options."""
        return tuple(p for p in self.parameters if isinstance(p, Option))

    def unset_options(self) -> dict[str, Any]:
        """Each of its own options as it is when not given: a flag False, an integer None."""
        return {o.name: False if o.kind == "flag" else None for o in self.options}

    def shared(self, kind: str) -> Shared | None:
        """Its shared option of ``kind``, if it takes one."""
        return next((p for p in self.parameters if isinstance(p, Shared) and p.kind == kind), None)

    @property
    def draws(self) -> bool:
        """True when the answer has a picture (``--svg``)."""
        return self.shared("svg") is not None

    @property
    def name(self) -> str:
        """Its name on the page (the job kind): the words joined by ``-``."""
        return "-".join(self.words)

    def ask(self, asked: Asked) -> Answer:
        """Answer it."""
        return self.answer(asked)


def all_questions() -> tuple[Question, ...]:
    """Every game's questions, in the order of ``model.GAME_PACKAGES`` and of each game's list."""
    return tuple(q for name in GAME_PACKAGES for q in import_module(f"model.{name}.questions").QUESTIONS)


@dataclass(frozen=True)
class Ended:
    """How a question ended when it ended without an answer."""

    #: The exit status.
    exit_status: int
    #: The one line both front ends show (after ``verify: `` on the command line).
    line: str
    #: Which outcome.
    kind: Literal["refused", "broken", "undecided"]


def outcome_of(error: BaseException) -> Ended | None:
    """The one handler of each outcome that is not an answer: bad input (exit 2), a broken rule
    (exit 1), a time limit that came first (exit 3, "undecided", never a yes or no). None for any
    other error (the tool's own bug)."""
    if isinstance(error, InputError):
        return Ended(BAD_INPUT, str(error), "refused")
    if isinstance(error, OutOfTime):
        return Ended(UNDECIDED, f"undecided: {error}", "undecided")
    if isinstance(error, RuleBroken):
        return Ended(NO, f"{error.rule}: {error.detail}", "broken")
    return None


def internal_error_line(error: BaseException) -> str:
    """The one line both front ends show for an error that is none of the outcomes: the tool's
    own bug (after ``verify: `` on the command line)."""
    message = str(error).replace("\n", " ").strip()
    detail = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return f"internal error: {detail} \N{EM DASH} please report it"


def typed_rule_values(rules_type: Any, options: Any, flags: Mapping[str, str]) -> dict[str, Any]:
    """``--rule`` flags checked against a game's options and typed (bad input of ``--rule``)."""
    from model.common.options import build_rules

    if not flags:
        return {}
    chosen = build_rules(rules_type, options, dict(flags), "--rule", "")
    return {name: getattr(chosen, name) for name in flags}


def rules_over(data: Any, typed: Mapping[str, Any]) -> Any:
    """The input document with ``--rule`` values (already checked and typed) over its own
    ``rules``: a flag wins over the file. A document that is not an object, or whose ``rules``
    is not one, is left as it is for its reader to refuse."""
    if not typed or not isinstance(data, dict):
        return data
    own = data.get("rules")
    if own is not None and not isinstance(own, dict):
        return data
    return {**data, "rules": {**(own or {}), **typed}}


def json_line(value: Any) -> str:
    """An answer's ``--json`` output: one line of JSON."""
    import json

    return json.dumps(value) + "\n"


class Answered:
    """What most answers share: no warnings, ``--json`` as one line, no picture and nothing
    more for the page. An answer type derives from it and gives ``exit_status``, ``to_json`` and
    ``to_text`` (and ``to_svg`` where it draws)."""

    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def json_text(self) -> str:
        return json_line(self.to_json())

    def to_svg(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} has no picture")

    def page_extras(self) -> dict[str, Any]:
        """Keys the page's reply carries besides the answer (what it marks on its own forms)."""
        return {}
