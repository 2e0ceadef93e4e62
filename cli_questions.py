"""The command line's side of the games' questions: one command built from each declared
question (``model.common.question``), and the options every command spells the same way.

Every question command runs the same body: check the options go together, read the documents
when the answer asks for them, ask the library, print the warnings, the text or JSON answer and
the picture, and end with the answer's exit status. What can end a question otherwise (bad input,
a broken rule, "undecided") is the error boundary's to report, through ``outcome_of``.

A module of its own beside ``cli.py`` (and in the wheel's ``py-modules``): it imports click, so it
cannot live in ``model/``, and ``web/`` has no use for it.
"""

from __future__ import annotations

import math
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import click

from model.common.question import Answer, Asked, Document, Option, Question, Shared, UsageProblem

#: How a file is written whole: (path, text, the option that named it).
Writer = Callable[[str, str, str], None]


class TimeLimit(click.ParamType):
    """``--time-limit S``: seconds, a finite number above 0 and at most a day (never nan or
    inf)."""

    name = "seconds"
    MAX = 86400.0

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or seconds <= 0 or seconds > self.MAX:
            self.fail(f"{value!r} is not a number of seconds above 0 and at most {self.MAX:g}", param, ctx)
        return seconds


TIME_LIMIT = TimeLimit()
#: Every ``--seed``: the same range everywhere (what a 64-bit signed seed holds).
SEED_RANGE = click.IntRange(0, 2**63 - 1)
SVG_HELP = ("Also draw the answer as an SVG picture, written whole or not at all (-: the SVG on standard "
            "output, the text or JSON answer on standard error).")


# --- the options every command spells the same way: each declared here once ---


def json_param(help: str = "Print exactly one JSON object.") -> click.Option:
    """``--json``: print exactly one JSON object."""
    return click.Option(["--json", "as_json"], is_flag=True, help=help)


def rule_param(help: str, required: bool = False) -> click.Option:
    """``--rule NAME=VALUE``, repeatable."""
    return click.Option(["--rule", "rules"], multiple=True, required=required, metavar="NAME=VALUE", help=help)


def time_limit_param(default: float, help: str) -> click.Option:
    """``--time-limit S``: finite, positive seconds (``TIME_LIMIT``)."""
    return click.Option(["--time-limit"], type=TIME_LIMIT, default=default, show_default=True, metavar="S",
                        help=help)


def svg_param() -> click.Option:
    """``--svg PATH|-``: also draw the answer."""
    return click.Option(["--svg", "svg_path"], metavar="PATH|-", help=SVG_HELP)


def output_param(what: str) -> click.Option:
    """``-o/--output PATH|-``: the file a command writes (``-``: standard output)."""
    return click.Option(["-o", "--output", "output"], metavar="PATH|-",
                        help=f"Write {what} here, whole or not at all (-: standard output).")


def option(param: click.Parameter) -> Callable[[Any], Any]:
    """One of the options above as a decorator of a command function."""

    def decorate(command: Any) -> Any:
        if isinstance(command, click.Command):
            command.params.append(param)
        else:
            command.__dict__.setdefault("__click_params__", []).append(param)
        return command

    return decorate


def _param(parameter: Document | Option | Shared) -> click.Parameter:
    """The click parameter of one declared parameter."""
    if isinstance(parameter, Document):
        if parameter.flag is None:
            return click.Argument([parameter.name], metavar=parameter.metavar)
        return click.Option([parameter.flag, parameter.name], metavar=parameter.metavar, help=parameter.help)
    if isinstance(parameter, Option):
        if parameter.kind == "flag":
            return click.Option([*parameter.flags, parameter.name], is_flag=True, help=parameter.help)
        kind = click.IntRange(min=parameter.minimum) if parameter.minimum is not None else int
        return click.Option([*parameter.flags, parameter.name], type=kind, metavar=parameter.metavar,
                            help=parameter.help)
    if parameter.kind == "json":
        return json_param(parameter.help)
    if parameter.kind == "rule":
        return rule_param(parameter.help)
    if parameter.kind == "svg":
        return svg_param()
    assert parameter.default is not None
    return time_limit_param(parameter.default, parameter.help)


# --- printing an answer ---


def stdout_is_unicode() -> bool:
    """True when standard output can hold box drawing characters."""
    import codecs

    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def print_answer(text: str, svg_path: str | None, draw: Callable[[], str], write: Writer) -> None:
    """Print the answer (``text``, its final newline included); with ``--svg PATH`` first draw it
    and write the file whole. The picture is drawn before anything is written, so a picture that
    fails leaves no file and prints nothing. With ``--svg -`` the SVG is standard output and the
    answer goes to standard error."""
    if not svg_path:
        click.echo(text, nl=False)
        return
    svg = draw()
    if svg_path == "-":
        click.echo(svg, nl=False)
        click.echo(text, nl=False, err=True)
        return
    write(svg_path, svg, "--svg")
    click.echo(text, nl=False)


class ProgressLine:
    """Shows a running solve on standard error once it has lasted half a second: the best
    found, the bound and the time, redrawn a few times a second (the solver reports only when
    the best or the bound changes)."""

    DELAY, EVERY = 0.5, 0.2

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.latest: Any = None
        self.shown = 0
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> ProgressLine:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.done.set()
        self.thread.join()
        with self.lock:
            if self.shown:
                sys.stderr.write("\r" + " " * self.shown + "\r")
                sys.stderr.flush()

    def __call__(self, progress: Any) -> None:
        self.latest = progress

    def _run(self) -> None:
        if self.done.wait(self.DELAY):
            return
        while not self.done.is_set():
            self.draw(time.monotonic() - self.started)
            self.done.wait(self.EVERY)

    def draw(self, seconds: float) -> None:
        from model.whitehouse.network.report import progress_line

        latest = self.latest
        best = None if latest is None else latest.best
        bound = None if latest is None else latest.bound
        line = progress_line(best, bound, seconds)
        with self.lock:
            sys.stderr.write("\r" + line.ljust(self.shown))
            sys.stderr.flush()
            self.shown = len(line)


# --- the one command body ---


class FileInputs:
    """A question's documents from the files the command line names (``-``: standard input),
    or as their own reader reads the text given, each read once, when the answer first asks."""

    def __init__(self, question: Question, paths: Mapping[str, str | None]) -> None:
        self.readers = {d.name: d.reader for d in question.documents}
        self.paths = dict(paths)
        self.read_already: dict[str, tuple[str, Any]] = {}

    def given(self, name: str) -> bool:
        return self.paths.get(name) is not None

    def read(self, name: str) -> tuple[str, Any]:
        from model.common.jsonio import load_json, source_name

        if name not in self.read_already:
            path = self.paths[name]
            assert path is not None, f"the document {name} was not given"
            reader = self.readers[name]
            self.read_already[name] = reader(path) if reader else (source_name(path), load_json(path))
        return self.read_already[name]


def solvers_for(question: Question) -> Mapping[str, Any]:
    """The solvers behind the seams the question names (none imported for a question that
    needs none)."""
    if not question.solvers:
        return {}
    from solver.seams import solvers_for as wired

    return wired(question.solvers)


def _check_usage(question: Question, paths: Mapping[str, str | None], options: Mapping[str, Any],
                 svg_path: str | None) -> None:
    """Options that do not go together, before anything is read: usage errors."""
    from_stdin = [name for name, path in paths.items() if path == "-"]
    if len(from_stdin) > 1:
        raise click.UsageError(f"the {from_stdin[0]} and the {from_stdin[1]} cannot both come from standard input")
    if question.check is not None:
        try:
            question.check({**options, "svg": svg_path}, paths.get)
        except UsageProblem as problem:
            raise click.UsageError(str(problem)) from None


def ask(question: Question, given: Mapping[str, Any]) -> Answer:
    """Ask ``question`` with the command line's values (by parameter name)."""
    from model.common.options import parse_rule_flags

    paths = {document.name: given[document.name] for document in question.documents}
    options = {o.name: given[o.name] for o in question.options}
    _check_usage(question, paths, options, given.get("svg_path"))
    flags = parse_rule_flags(given.get("rules", ()))
    inputs, solvers = FileInputs(question, paths), solvers_for(question)

    def answer(progress: Callable[[Any], None] | None) -> Answer:
        return question.ask(Asked(inputs, options, flags, given.get("time_limit"), solvers, progress))

    if question.progress and sys.stderr.isatty():
        with ProgressLine() as progress:
            return answer(progress)
    return answer(None)


def question_command(question: Question, write: Writer) -> click.Command:
    """The command of one question."""

    def run(**given: Any) -> None:
        answer = ask(question, given)
        for warning in answer.warnings:
            click.echo(f"verify: {warning}", err=True)
        text = answer.json_text() if given.get("as_json") else answer.to_text(stdout_is_unicode())
        print_answer(text, given.get("svg_path"), answer.to_svg, write)
        click.get_current_context().exit(answer.exit_status)

    import inspect

    return click.Command(question.words[-1], callback=run, params=[_param(p) for p in question.parameters],
                         help=inspect.cleandoc(question.help))


def add_questions(root: click.Group, questions: tuple[Question, ...], write: Writer) -> None:
    """Add each question's command to ``root``, or to the group of ``root`` its first word names
    (which must exist)."""
    for question in questions:
        group = root
        for word in question.words[:-1]:
            found = group.commands.get(word)
            assert isinstance(found, click.Group), f"no group {word!r} for {' '.join(question.words)}"
            group = found
        group.add_command(question_command(question, write))
