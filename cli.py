"""The ``verify`` command: a thin click layer over the library.

Each command parses its input, calls one library function and formats the answer. Exit status
means the same for every command: 0 the question is answered yes (or the work is done), 1 it is
answered no, 2 bad input or usage, 3 undecided because a time limit came first, 70 the tool's
own bug, 130 interrupted. Every error is one line on standard error, ``verify: ...``: the
error boundary is ``VerifyGroup.main``, around every command.

Solvers and pydantic are imported inside the commands that use them, never at start-up, so that
``verify --help`` answers at once.
"""

from __future__ import annotations

import errno
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click

from model import GAME_PACKAGES
from model.common.errors import InputError, OutOfTime, RuleBroken

YES, NO, BAD_INPUT, UNDECIDED = 0, 1, 2, 3
#: The tool's own bug (``EX_SOFTWARE``), and an interrupt (128 + SIGINT).
INTERNAL_ERROR, INTERRUPTED = 70, 130


class BadInput(click.ClickException):
    """Bad input at the command-line boundary: one line on standard error, exit 2."""

    exit_code = BAD_INPUT

    def show(self, file: Any = None) -> None:
        click.echo(f"verify: {self.format_message()}", err=True)


class _Interrupted(click.ClickException):
    """Ctrl-C, carried past click (which would print a blank line for a KeyboardInterrupt)."""

    exit_code = INTERRUPTED

    def __init__(self) -> None:
        super().__init__("interrupted")


# --- errors: one line each ---------------------------------------------------------------------

#: Errors of writing that name no file: standard output is closed, full or gone.
_WRITE_ERRORS = frozenset((errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF))


def _first_lower(text: str) -> str:
    """click's message in the style of the tool's own: lower case first, no final full stop."""
    text = text.strip().replace("\n", " ")
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1]
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    return text


def usage_line(error: click.UsageError) -> str:
    """A usage error as one line: ``--flag: what is wrong`` for a bad value, else the command
    and what is wrong, with where to read its usage."""
    ctx = error.ctx
    if isinstance(error, click.BadParameter) and not isinstance(error, click.MissingParameter):
        param = error.param
        if isinstance(param, click.Option) and param.opts:
            return f"{max(param.opts, key=len)}: {_first_lower(error.message)}"
        if param is not None:
            return f"{param.human_readable_name}: {_first_lower(error.message)}"
    words = ctx.command_path.split()[1:] if ctx is not None else []
    where = f"{' '.join(words)}: " if words else ""
    if isinstance(error, NoSuchCommand):
        return f"{where}{error.message}"
    if isinstance(error, click.NoSuchOption):
        message = f"no such option {error.option_name!r}"
        if error.possibilities:
            message += f"; did you mean {error.possibilities[0]!r}?"
    else:
        message = _first_lower(error.format_message())
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return f"{where}{message}{hint}"


def _on_stdout(error: OSError) -> bool:
    """True for an error of writing that names no file: standard output's."""
    return error.filename is None and error.errno in _WRITE_ERRORS


def io_error_line(error: OSError) -> str:
    """An operating-system error as one line (not the tool's bug: exit 2)."""
    reason = error.strerror or str(error)
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    if _on_stdout(error):
        return f"cannot write standard output: {reason}"
    return reason


def _quiet_stdout() -> None:
    """Send what is left of standard output to /dev/null, so that the interpreter's last flush
    of a closed or full standard output raises nothing more."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


class NoSuchCommand(click.UsageError):
    """A command name that is none, with the closest name when there is one."""

    def __init__(self, name: str, names: Sequence[str], ctx: click.Context | None = None) -> None:
        import difflib

        close = difflib.get_close_matches(name, list(names), n=1)
        if close:
            message = f"no such command {name!r}; did you mean {close[0]!r}?"
        else:
            message = f"no such command {name!r} (commands: {', '.join(names)})"
        super().__init__(message, ctx)


# --- interrupts ----------------------------------------------------------------------------------

_interrupt_flag = threading.Event()
#: Set when an interrupt was dropped (it landed in a ``__del__``) and must be raised again.
_rearm = threading.Event()
_announced = threading.Lock()
#: Seconds a command has to end by itself after Ctrl-C (a solver's C code cannot be interrupted).
INTERRUPT_GRACE = 1.0


def announce_interrupt() -> None:
    """Print ``verify: interrupted`` once, whichever thread gets there first."""
    if _announced.acquire(blocking=False):
        try:
            os.write(2, b"verify: interrupted\n")
        except OSError:
            pass


def _end_children() -> None:
    """Terminate the worker processes this process started (``compare --workers``)."""
    if "multiprocessing" not in sys.modules:
        return
    import multiprocessing

    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(timeout=1)
        if child.is_alive():
            child.kill()


def _take_interrupts() -> None:
    """The thread that takes SIGINT (blocked in every other thread): it interrupts the main
    thread, cancels a running Z3 query, and when the command has not ended within the grace
    time (a CP-SAT solve does not look at Python's signals) or on a second Ctrl-C, ends the
    workers and the process."""
    import _thread

    signal.sigwait({signal.SIGINT})
    _interrupt_flag.set()
    _thread.interrupt_main(signal.SIGINT)
    z3 = sys.modules.get("z3")
    if z3 is not None:
        try:
            z3.main_ctx().interrupt()
        except Exception:  # best effort: the grace time below ends the process anyway
            pass
    end = time.monotonic() + INTERRUPT_GRACE
    while time.monotonic() < end:
        if signal.sigtimedwait({signal.SIGINT}, 0.02) is not None:
            break
        if _rearm.is_set():
            _rearm.clear()
            _thread.interrupt_main(signal.SIGINT)
    announce_interrupt()
    _end_children()
    os._exit(INTERRUPTED)


def catch_interrupts() -> None:
    """Make Ctrl-C end every command with one line and exit 130, even inside a solver.

    The solvers install SIGINT handlers of their own during a solve (Z3 and CP-SAT stop that
    one solve quietly, as if its time limit came, and the command would go on), so SIGINT is
    blocked in every thread and taken by one thread of its own. Nothing is changed when SIGINT
    is ignored (a background job) or when called outside the main thread."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    sys.unraisablehook = _rearm_interrupt(sys.unraisablehook)
    threading.Thread(target=_take_interrupts, name="verify-interrupts", daemon=True).start()


def _rearm_interrupt(previous: Callable[[Any], object]) -> Callable[[Any], object]:
    """An unraisable-exception hook that passes an interrupt on: a KeyboardInterrupt that lands
    in a ``__del__`` (Z3's objects have one) would be printed and dropped; it is raised again in
    the main thread instead, silently."""

    def hook(unraisable: Any) -> object:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            _rearm.set()  # the interrupt thread raises it again, once this hook has returned
            return None
        return previous(unraisable)

    return hook


# --- the command group -------------------------------------------------------------------------


class CommandGroup(click.Group):
    """Every group of `verify`: a misspelt command gets the closest name, and a group given no
    command shows its help with exit 0."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), color=ctx.color)
            ctx.exit(YES)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if (name and not name.startswith("-") and self.get_command(ctx, name) is None
                and not ctx.resilient_parsing):
            raise NoSuchCommand(name, self.list_commands(ctx), ctx)
        return super().resolve_command(ctx, args)


CommandGroup.group_class = CommandGroup


class VerifyGroup(CommandGroup):
    """The `verify` group, and the error boundary of every command: each error is one line on
    standard error, with the exit status that says what kind it is."""

    def invoke(self, ctx: click.Context) -> Any:
        from model.common.jsonio import keeping_documents

        read: dict[str, tuple[Any, click.Context | None]] = {}

        def keep(source: str, document: Any) -> None:
            read[source] = (document, click.get_current_context(silent=True))

        try:
            with keeping_documents(keep):
                return super().invoke(ctx)
        except InputError as error:
            raise BadInput(str(_mix_up_hint(error, read))) from None
        except OSError as error:  # before click, which ends a closed pipe with exit 1, silently
            raise BadInput(io_error_line(error)) from None
        except KeyboardInterrupt:
            raise _Interrupted() from None

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        if sys.stdout is None:  # started with standard output closed (``>&-``)
            sys.exit(_report(OSError(errno.EBADF, os.strerror(errno.EBADF))))
        try:
            try:
                returned = super().main(args, prog_name, complete_var, False, **extra)
                code: Any = returned if isinstance(returned, int) else YES
            except SystemExit as stop:
                code = stop.code
            sys.stdout.flush()
        except BaseException as error:  # the boundary: every error ends here, as one line
            try:
                code = _report(error)
            except KeyboardInterrupt:
                code = _report(KeyboardInterrupt())
        if _interrupt_flag.is_set():  # the interrupt arrived when the work was done
            code = _report(KeyboardInterrupt())
        if code == INTERRUPTED:
            # The workers are gone already; the exit handlers of a process pool whose workers
            # were ended would print a traceback of their own, so they are skipped.
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (OSError, ValueError):
                    pass
            os._exit(INTERRUPTED)
        sys.exit(code)


def _reader(ctx: click.Context, source: str) -> str | None:
    """The place that read the file ``source`` in the command of ``ctx``: the command's words,
    and the option that named the file (``likes round --board``); None when no parameter did."""
    from model.common.jsonio import source_name

    words: list[str] = []
    at: click.Context | None = ctx
    while at is not None and at.parent is not None:
        words.insert(0, at.info_name or "")
        at = at.parent
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        if isinstance(value, str) and source_name(value) == source:
            flag = [max(param.opts, key=len)] if isinstance(param, click.Option) else []
            return " ".join([*words, *flag])
    return None


def _mix_up_hint(error: InputError, read: dict[str, tuple[Any, click.Context | None]]) -> InputError:
    """``error``, or, when the document it is about is one of another command, the command that
    reads it (``this looks like a Socks score file: try `verify socks FILE```)."""
    document, ctx = read.get(error.source, (None, None))
    reader = None if ctx is None else _reader(ctx, error.source)
    if reader is None:
        return error
    from model.common.formats import mix_up

    hint = mix_up(document, reader)
    return error if hint is None else InputError(error.source, "", hint)


def _report(error: BaseException) -> int:
    """Print one line for ``error`` on standard error; the exit status it means."""
    if isinstance(error, (KeyboardInterrupt, click.Abort, _Interrupted)) or _interrupt_flag.is_set():
        _end_children()
        announce_interrupt()
        return INTERRUPTED
    if isinstance(error, OSError):
        if _on_stdout(error):
            _quiet_stdout()
        line, code = io_error_line(error), BAD_INPUT
    elif isinstance(error, click.UsageError):
        line, code = usage_line(error), BAD_INPUT
    elif isinstance(error, BadInput):
        if isinstance(error.__context__, OSError) and _on_stdout(error.__context__):
            _quiet_stdout()
        line, code = error.message, BAD_INPUT
    elif isinstance(error, click.ClickException):
        line, code = _first_lower(error.format_message()), error.exit_code
    elif isinstance(error, InputError):
        line, code = str(error), BAD_INPUT
    elif isinstance(error, OutOfTime):
        line, code = f"undecided: {error}", UNDECIDED
    elif isinstance(error, RuleBroken):
        line, code = f"{error.rule}: {error.detail}", NO
    elif isinstance(error, SystemExit):
        raise error
    else:
        if os.environ.get("VERIFY_DEBUG"):
            import traceback

            traceback.print_exception(error, file=sys.stderr)
        message = str(error).replace("\n", " ").strip()
        detail = f"{type(error).__name__}: {message}" if message else type(error).__name__
        line = (f"internal error: {detail} \N{EM DASH} please report it; "
                "VERIFY_DEBUG=1 shows the traceback")
        code = INTERNAL_ERROR
    try:
        click.echo(f"verify: {line}", err=True)
    except OSError:
        pass
    return code


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

EXAMPLES = """\b
Examples:
  verify tricks examples/whitehouse/seven-tricks.json
  verify tricks hand.json --claim 7 --json
  verify socks examples/socks/score.json
  verify whitehouse replay examples/whitehouse/games/reversal.json
  verify compare --rule final_tie=shared --rule final_tie=no_winner
  verify serve
  verify COMMAND --help
"""


@click.group(cls=VerifyGroup, epilog=EXAMPLES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tabletop-verify", prog_name="verify")
def cli() -> None:
    """Settle rules disputes in four tabletop games with a proof, not an opinion.

    Exit status: 0 yes / done, 1 no (a claim refuted, an illegal move found, an invariant
    violated), 2 bad input or usage, 3 undecided (a time limit came first), 70 the tool's own
    bug, 130 interrupted.
    """


def write_whole_file(path: str, text: str, flag: str) -> None:
    """Write ``text`` at ``path`` as ``cp`` and ``tee`` do, never putting a file in the place of
    what is there:

    - a new path or a regular file is written whole or not at all: a temporary file beside it,
      then a rename. A new file gets the usual permissions (0666 less the umask), a file written
      over keeps its own, as an ``open()`` would;
    - a symbolic link is followed (a chain of them too) and its target written so, the link kept;
      a link to a missing file creates that file, as the shell's ``>`` does;
    - anything else there (a device, a FIFO, ``/dev/stdout``, a file of ``/proc`` or ``/sys``) is
      opened and written in place: it cannot be replaced without destroying it;
    - a directory is refused.

    A failure (a full disk, no permission) is bad input of ``flag`` (the option that named the
    file), one line; no temporary file is left behind."""
    try:
        found = _destination(path)
        if found.descriptor is not None:
            _write_descriptor(found.descriptor, text.encode("utf-8"))
        elif found.in_place:
            _write_in_place(found.path, text.encode("utf-8"))
        else:
            _write_by_rename(found.path, text.encode("utf-8"), found.mode)
    except OSError as error:
        raise InputError(flag, "", f"cannot write {path}{_link_note(path)}: {error.strerror or error}") from None


def _link_note(path: str) -> str:
    """`` (a link to TARGET)`` when ``path`` is a symbolic link to a file of ours to name."""
    if not os.path.islink(path):
        return ""
    target = os.path.realpath(path)
    if _under(os.path.dirname(target), _KERNEL_FOLDERS) or os.path.islink(target):  # /dev/stdout, a loop
        return ""
    return f" (a link to {target})"


#: Links followed before giving up, as Linux's own lookup does (ELOOP beyond 40).
_MOST_LINKS = 40
#: Pseudo file systems: what looks like a file there is the kernel's, only ever written in place.
_KERNEL_FOLDERS = ("/proc", "/sys")


@dataclass(frozen=True)
class _Destination:
    """Where and how ``write_whole_file`` writes."""

    #: The path to write: the given one with every symbolic link followed.
    path: str
    #: True to open what is there and write into it; False to write a file and rename it.
    in_place: bool = False
    #: The permissions of the regular file written over (None: a new file).
    mode: int | None = None
    #: A descriptor of this process that the path names (``/dev/stdout``: 1), written as is.
    descriptor: int | None = None


def _under(folder: str, tops: tuple[str, ...]) -> bool:
    return any(folder == top or folder.startswith(top + os.sep) for top in tops)


def _destination(path: str) -> _Destination:
    """Follow ``path``'s symbolic links to what a write there means (``OSError`` for a directory
    or a loop)."""
    import stat

    if path.endswith(os.sep):  # "out/" names a folder, never a file to create
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    current = os.path.abspath(path)
    for _ in range(_MOST_LINKS + 1):
        folder = os.path.realpath(os.path.dirname(current))
        try:
            status = os.lstat(current)
        except FileNotFoundError:
            return _Destination(current)
        if stat.S_ISLNK(status.st_mode):
            if _under(folder, _KERNEL_FOLDERS):
                # /proc/self/fd/1 (which /dev/stdout names) is the kernel's, not a path: only an
                # open() follows it. Our own descriptor is written as it is, at its own offset.
                own = (os.path.join("/proc", str(os.getpid()), "fd"), "/proc/self/fd")
                name = os.path.basename(current)
                if folder in own and name.isdigit():
                    return _Destination(current, descriptor=int(name))
                return _Destination(current, in_place=True)
            current = os.path.join(folder, os.readlink(current))
            continue
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), current)
        if stat.S_ISREG(status.st_mode) and not _under(folder, _KERNEL_FOLDERS):
            return _Destination(current, mode=stat.S_IMODE(status.st_mode))
        return _Destination(current, in_place=True)
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path)


def _write_by_rename(target: str, data: bytes, mode: int | None) -> None:
    """A temporary file beside ``target``, written and synced, then renamed over it: the file
    there is the old one or the new one whole, never a part (a full disk fails before the rename,
    and the temporary file is removed)."""
    import tempfile

    handle, temporary = tempfile.mkstemp(prefix=".verify-", suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fchmod(out.fileno(), 0o666 & ~_umask() if mode is None else mode)
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _write_all(descriptor: int, data: bytes) -> None:
    """Write every byte (a pipe or a device may take fewer at a time)."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def _write_in_place(target: str, data: bytes) -> None:
    """Open what is at ``target`` (a device, a FIFO: it waits for a reader, as ``tee`` does) and
    write into it."""
    descriptor = os.open(target, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))
    try:
        _write_all(descriptor, data)
    finally:
        os.close(descriptor)


def _write_descriptor(descriptor: int, data: bytes) -> None:
    """Write to one of this process's descriptors, after what its stream holds."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and _fileno(stream) == descriptor:
            stream.flush()
    _write_all(descriptor, data)


def _fileno(stream: Any) -> int | None:
    try:
        number: int = stream.fileno()
        return number
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return None


def _umask() -> int:
    """The process's umask (read by setting it, then set back at once)."""
    import os

    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_output(path: str, text: str, flag: str) -> None:
    """Write an output file option's text: ``-`` is standard output, anything else a file
    written whole or not at all."""
    if path == "-":
        click.echo(text, nl=False)
    else:
        write_whole_file(path, text, flag)


# --- options every command spells the same way ---

#: Every ``--seed``: the same range everywhere (what a 64-bit signed seed holds).
SEED_RANGE = click.IntRange(0, 2**63 - 1)


def _time_limit_option(default: float, what: str) -> Callable[[Any], Any]:
    """``--time-limit S``: finite, positive seconds (``TIME_LIMIT``), with this default and help."""
    return click.option("--time-limit", type=TIME_LIMIT, default=default, show_default=True, metavar="S", help=what)


def _rule_option(example: str) -> Callable[[Any], Any]:
    """``--rule NAME=VALUE``, repeatable: a rule option that wins over the file's ``rules``."""
    return click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                        help=f"A rule option, e.g. {example} (repeatable; wins over the file's rules).")


def _json_option(command: Any) -> Any:
    """``--json``: print exactly one JSON object (with a ``rules`` key: the rules in force)."""
    return click.option("--json", "as_json", is_flag=True,
                        help="Print exactly one JSON object, with the rules in force.")(command)


def _output_option(what: str) -> Callable[[Any], Any]:
    """``-o/--output PATH|-``: the file a command writes (``-``: standard output)."""
    return click.option("-o", "--output", "output", metavar="PATH|-",
                        help=f"Write {what} here, whole or not at all (-: standard output).")


#: ``play --json`` without ``-o``: the log itself is the output, and it is JSON already.
_JSON_NEEDS_OUTPUT = ("--json: prints the summary of a log written with -o/--output PATH; without -o the "
                      "log itself is printed, and it is JSON already")


def _rules_over(data: Any, typed: dict[str, Any]) -> Any:
    """The input document with ``--rule`` values (already checked and typed) over its own
    ``rules``: a flag wins over the file. A document that is not an object, or whose ``rules``
    is not one, is left as it is for its reader to refuse."""
    if not typed or not isinstance(data, dict):
        return data
    own = data.get("rules")
    if own is not None and not isinstance(own, dict):
        return data
    return {**data, "rules": {**(own or {}), **typed}}


def _typed_flags(rules_type: Any, options: Any, flags: dict[str, str]) -> dict[str, Any]:
    """``--rule`` flags checked against a game's options and typed (bad input of ``--rule``)."""
    from model.common.options import build_rules

    if not flags:
        return {}
    chosen = build_rules(rules_type, options, flags, "--rule", "")
    return {name: getattr(chosen, name) for name in flags}


def _svg_option(command: Any) -> Any:
    """``--svg PATH``: also draw the answer as an SVG picture (``-``: on standard output)."""
    return click.option(
        "--svg", "svg_path", metavar="PATH|-",
        help="Also draw the answer as an SVG picture, written whole or not at all (-: the SVG on "
        "standard output, the text or JSON answer on standard error).",
    )(command)


def _answer(output: str, svg_path: str | None, draw: Callable[[], str], nl: bool = True) -> None:
    """Print the answer; with ``--svg PATH`` first draw it (``draw()``, the SVG text) and write
    the file whole. The picture is drawn before anything is written, so a picture that fails
    leaves no file and prints nothing. With ``--svg -`` the SVG is standard output and the answer
    goes to standard error."""
    if not svg_path:
        click.echo(output, nl=nl)
        return
    svg = draw()
    if svg_path == "-":
        click.echo(svg, nl=False)
        click.echo(output, nl=nl, err=True)
        return
    write_whole_file(svg_path, svg, "--svg")
    click.echo(output, nl=nl)


class _ProgressBar:
    """A progress bar on standard error while a command works, only when standard error is a
    terminal (``with`` gives None otherwise): never on standard output, never in a pipe."""

    def __init__(self, label: str, length: int | None = None) -> None:
        self.label = label
        self.length = length
        self.bar: Any = None

    def __enter__(self) -> _ProgressBar | None:
        if not sys.stderr.isatty():
            return None
        if self.length:
            self._open(self.length)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)

    def _open(self, length: int) -> None:
        self.bar = click.progressbar(length=length, label=self.label, file=sys.stderr, show_pos=True)
        self.bar.__enter__()

    def __call__(self, done: int, total: int) -> None:
        """Told (done, total)."""
        if self.bar is None and total:
            self._open(total)
        if self.bar is not None:
            self.bar.update(done - self.bar.pos)

    def step(self, count: int) -> None:
        """Told how many more are done."""
        if self.bar is not None:
            self.bar.update(count)


# --- whitehouse tricks ---


def _stdout_is_unicode() -> bool:
    """True when standard output can hold box drawing characters."""
    import codecs

    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


class _ProgressLine:
    """Shows a running solve on standard error once it has lasted half a second: the best
    found, the bound and the time, redrawn a few times a second (the solver reports only when
    the best or the bound changes)."""

    DELAY, EVERY = 0.5, 0.2

    def __init__(self) -> None:
        import threading
        import time

        self.started = time.monotonic()
        self.latest: Any = None
        self.shown = 0
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> _ProgressLine:
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
        import time

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


@cli.command("tricks")
@click.argument("file", metavar="FILE|-")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
@click.option("--claim", type=int, metavar="N", help="A Trick total to check (wins over the file).")
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rule option, e.g. connected=false (repeatable; wins over the file).",
)
@click.option(
    "--time-limit",
    type=TIME_LIMIT,
    default=60.0,
    show_default=True,
    metavar="S",
    help="Seconds the solve may take before it reports what it has.",
)
@_svg_option
@click.option("--ascii", "use_ascii", is_flag=True, help="Draw with ASCII characters only.")
@click.option(
    "--explain",
    is_flag=True,
    help="Also show the solver's phases as they ran (after the answer; with --json, a phases key).",
)
def tricks_command(
    file: str,
    as_json: bool,
    claim: int | None,
    rules: tuple[str, ...],
    time_limit: float,
    svg_path: str | None,
    use_ascii: bool,
    explain: bool,
) -> None:
    """How many Tricks a Locked Network makes (White House intern game), proven.

    FILE (or - for standard input) is a JSON network of Supporters and Events, with optional
    claim, arrangement to check, card to add and rules. Exit status: 0 every question answered
    yes, 1 one answered no (claim refuted, illegal arrangement, no legal arrangement), 2 bad
    input, 3 undecided within the time limit.
    """
    import json

    from model.common.options import parse_rule_flags
    from model.whitehouse.network.io import load_question
    from model.whitehouse.network.report import render_svg, render_text
    from solver.network.answer import answer_tricks

    question = load_question(file, claim, parse_rule_flags(rules))
    if sys.stderr.isatty():
        with _ProgressLine() as progress:
            answer = answer_tricks(question, time_limit, progress)
    else:
        answer = answer_tricks(question, time_limit)
    if as_json:
        _answer(json.dumps(answer.to_json(explain=explain)), svg_path, lambda: render_svg(answer))
    else:
        text = render_text(answer, ascii=use_ascii or not _stdout_is_unicode(), explain=explain)
        _answer(text, svg_path, lambda: render_svg(answer), nl=False)
    click.get_current_context().exit(answer.exit_status)


# --- likes ---
def _likes_options(command: Any) -> Any:
    """The options every `verify likes` command takes."""
    for option in reversed([
        click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object."),
        click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                     help="A rule option, e.g. intent_in_tie=others (repeatable; wins over the file)."),
        click.option("--board", metavar="FILE", help="A board file (default: the illustrative sample)."),
        click.option("--events", metavar="FILE", help="Event cards (default: the illustrative sample)."),
        click.option("--intents", metavar="FILE", help="The Intent deck (default: the illustrative sample)."),
        _svg_option,
    ]):
        command = option(command)
    return command


@cli.group("likes")
def likes_group() -> None:
    """Likes and Lies: resolve a round step by step, or replay a game to its winner."""


def _likes_board(board: str | None) -> Any:
    """The board a picture draws (read once more: the commands return no board)."""
    from model.likes.io import load_catalogue

    return load_catalogue(board).board


@likes_group.command("round")
@click.argument("file", metavar="ROUND.json|-")
@_likes_options
def likes_round_command(file: str, as_json: bool, rules: tuple[str, ...], board: str | None,
                        events: str | None, intents: str | None, svg_path: str | None) -> None:
    """Resolve one round: every move with the rule behind it, and the new state.

    Exit status: 0 the round is legal (resolved), 1 an input breaks a rule (named), 2 bad input.
    """
    import json

    from model.common.options import parse_rule_flags
    from model.likes.io import check_round_file
    from model.likes.report import round_json, round_text

    if svg_path and board == "-":
        raise BadInput("--svg: the board is drawn from a file: give --board FILE, not -")
    chosen, result, error = check_round_file(file, board, events, intents, parse_rule_flags(rules))

    def draw() -> str:
        from model.likes.picture import round_svg

        return round_svg(chosen, _likes_board(board), result, error)

    text = json.dumps(round_json(chosen, result, error)) if as_json else round_text(chosen, result, error)
    _answer(text, svg_path, draw)
    click.get_current_context().exit(NO if error else YES)


@likes_group.command("game")
@click.argument("file", metavar="LOG.json|-")
@_likes_options
def likes_game_command(file: str, as_json: bool, rules: tuple[str, ...], board: str | None,
                       events: str | None, intents: str | None, svg_path: str | None) -> None:
    """Replay a game log to its winner, or to the first input that breaks a rule.

    Exit status: 0 replayed (won, no winner, or unfinished), 1 an input breaks a rule, 2 bad input.
    """
    import json

    from model.common.options import parse_rule_flags
    from model.likes.io import replay_game_file
    from model.likes.report import game_json, game_text

    if svg_path and board == "-":
        raise BadInput("--svg: the board is drawn from a file: give --board FILE, not -")
    chosen, game = replay_game_file(file, board, events, intents, parse_rule_flags(rules))

    def draw() -> str:
        from model.likes.picture import game_svg

        return game_svg(chosen, _likes_board(board), game)

    _answer(json.dumps(game_json(chosen, game)) if as_json else game_text(chosen, game), svg_path, draw)
    click.get_current_context().exit(NO if game.status == "illegal" else YES)


# --- social ---
def _social_options(command: Any) -> Any:
    """The options every `verify social` command takes (``round`` and ``game`` add ``--svg``)."""
    command = click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                           help="A rule option, e.g. like_own_gallery=returned_at_scoring "
                                "(repeatable; wins over the file).")(command)
    return click.option("--json", "as_json", is_flag=True,
                        help="Print exactly one JSON object.")(command)


@cli.group("social")
def social_group() -> None:
    """Social Network: judge a round's or a game's event log, or one Like."""


@social_group.command("round")
@click.argument("file", metavar="LOG.json|-")
@_social_options
@_svg_option
def social_round_command(file: str, as_json: bool, rules: tuple[str, ...], svg_path: str | None) -> None:
    """Replay one round's log: each illegal event with the rule it breaks, the Profiles, scores.

    Exit status: 0 every event legal, 1 an illegal event found, 2 bad input.
    """
    import json

    from model.common.options import parse_rule_flags
    from model.social.io import judge_round_file
    from model.social.report import round_json, round_text

    result, chosen = judge_round_file(file, parse_rule_flags(rules))

    def draw() -> str:
        from model.social.picture import round_svg

        return round_svg(result)

    _answer(json.dumps(round_json(result, chosen)) if as_json else round_text(result), svg_path, draw)
    click.get_current_context().exit(NO if result.violations else YES)


@social_group.command("game")
@click.argument("file", metavar="LOG.json|-")
@_social_options
@_svg_option
def social_game_command(file: str, as_json: bool, rules: tuple[str, ...], svg_path: str | None) -> None:
    """Replay every round of a game and name the winner, with the tie-break that decided it.

    Exit status: 0 every event legal, 1 an illegal event found, 2 bad input.
    """
    import json

    from model.common.options import parse_rule_flags
    from model.social.io import judge_game_file
    from model.social.report import game_json, game_text

    result, chosen = judge_game_file(file, parse_rule_flags(rules))

    def draw() -> str:
        from model.social.picture import game_svg

        return game_svg(result)

    _answer(json.dumps(game_json(result, chosen)) if as_json else game_text(result), svg_path, draw)
    illegal = any(r.violations for r in result.rounds)
    click.get_current_context().exit(NO if illegal else YES)


@social_group.command("like")
@click.argument("file", metavar="STATE.json|-")
@_social_options
def social_like_command(file: str, as_json: bool, rules: tuple[str, ...]) -> None:
    """Was that Like legal? From the Galleries on the table and who liked what.

    Exit status: 0 legal, 1 not legal (the rule and its remedy named), 2 bad input.
    """
    import json

    from model.common.options import parse_rule_flags
    from model.social.io import judge_like_file
    from model.social.report import like_json, like_text

    answer, chosen = judge_like_file(file, parse_rule_flags(rules))
    click.echo(json.dumps(like_json(answer, chosen)) if as_json else like_text(answer))
    click.get_current_context().exit(YES if answer.legal else NO)


# --- socks ---


class _SocksGroup(CommandGroup):
    """``verify socks FILE`` scores FILE; a first word that names a subcommand runs it. A first
    word that is no file, looks like no path and is close to a subcommand's name is a misspelt
    subcommand."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        first = next((a for a in args if a == "-" or not a.startswith("-")), None)
        if first is not None and first not in self.commands:
            import difflib

            if (not any(mark in first for mark in "./" + os.sep) and not os.path.exists(first)
                    and difflib.get_close_matches(first, list(self.commands), n=1)):
                raise NoSuchCommand(first, self.list_commands(ctx), ctx)
            args = ["score", *args]
        return super().parse_args(ctx, args)


@cli.group("socks", cls=_SocksGroup)
def socks_group() -> None:
    """Oh My Socks!: score a finished game (FILE|-), play, replay and advise.

    \b
    verify socks FILE|-                  score a finished game (as `score`)
    verify socks play --seed N --players K
    verify socks replay LOG.json
    verify socks advise POSITION.json
    """


@socks_group.command("score")
@click.argument("file", metavar="FILE|-")
@_json_option
@_rule_option("tie_break_counts=scoring_sets")
@_svg_option
def socks_score_command(file: str, as_json: bool, rules: tuple[str, ...], svg_path: str | None) -> None:
    """Score a finished game: sets, Super Socks placed at best, winners and why.

    The placement of every open Super Sock is always decided (and proven best). Exit status:
    0 scored, 2 bad input.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.socks.cards import SCORING_OPTIONS, SocksRules
    from model.socks.io import parse_scoring
    from model.socks.report import SAMPLE_WARNING, render_score, score_json
    from solver.socks import score_game

    typed = _typed_flags(SocksRules, SCORING_OPTIONS, parse_rule_flags(rules))
    data = _rules_over(load_json(file), typed)
    scoring = parse_scoring(source_name(file), data)
    game = score_game(scoring.hands, scoring.rules)
    if scoring.catalogue == "sample":
        click.echo(f"verify: {SAMPLE_WARNING}", err=True)
    out = score_json(game, scoring.rules, scoring.catalogue)

    def draw() -> str:
        from model.socks.picture import score_svg, socks_of_scoring

        return score_svg(game, scoring.rules, socks_of_scoring(source_name(file), data, scoring.hands))

    _answer(json.dumps(out) if as_json else render_score(game, scoring.rules), svg_path, draw)
    click.get_current_context().exit(YES)


@socks_group.command("play")
@click.option("--seed", type=SEED_RANGE, required=True, help="The random seed (the same seed, the same game).")
@click.option("--players", type=click.IntRange(2, 10), default=3, show_default=True)
@click.option("--catalogue", "catalogue_file", metavar="FILE", help="A catalogue (default: the sample).")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="A rule option; repeatable.")
@_output_option("the log")
@click.option("--json", "as_json", is_flag=True,
              help="With -o: print the summary as one JSON object (on standard error with -o -).")
def socks_play_command(
    seed: int, players: int, catalogue_file: str | None, rules: tuple[str, ...], output: str | None, as_json: bool
) -> None:
    """Play a random legal game and write its log.

    Without -o the log is printed; with -o PATH it is written there and a summary printed; with
    -o - the log is printed and the summary goes to standard error. --json needs -o.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.socks.io import parse_catalogue_document, parse_rules
    from model.socks.log import dump_log, write_log
    from model.socks.report import render_play
    from solver.socks import score_game

    if as_json and output is None:
        raise BadInput(_JSON_NEEDS_OUTPUT)
    chosen = parse_rules("--rule", parse_rule_flags(rules))
    catalogue, document = None, None
    if catalogue_file is not None:
        document = load_json(catalogue_file)
        catalogue = parse_catalogue_document(source_name(catalogue_file), document)
    log, _ = write_log(seed, players, chosen, catalogue, document, score_game=score_game)
    text = dump_log(log)
    if output is None:
        click.echo(text)
        return
    write_output(output, text + "\n", "--output")
    summary = {"log": output, "seed": seed, "turns": len(log["turns"]), "result": log["result"],
               "rules": log["rules"]}
    shown = "standard output" if output == "-" else output
    click.echo(json.dumps(summary) if as_json else render_play(log, shown), err=output == "-")


@socks_group.command("replay")
@click.argument("file", metavar="LOG.json|-")
@_json_option
@_rule_option("gift_to_self=false")
@_svg_option
def socks_replay_command(file: str, as_json: bool, rules: tuple[str, ...], svg_path: str | None) -> None:
    """Check a game log turn by turn: the first illegal step, or the final scores.

    Exit status: 0 every step legal, 1 an illegal step (the rule named), 2 bad input.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags, rules_as_dict
    from model.socks.cards import SOCKS_OPTIONS, SocksRules
    from model.socks.engine import final_hands
    from model.socks.log import parse_log, replay
    from model.socks.report import render_replay, replay_json
    from solver.socks import score_game

    typed = _typed_flags(SocksRules, SOCKS_OPTIONS, parse_rule_flags(rules))
    data = _rules_over(load_json(file), typed)
    report = replay(source_name(file), data, score_game)
    game = None
    if report.legal and report.finished and report.state is not None:
        game = score_game(final_hands(report.state), report.state.rules)
    in_force = report.state.rules if report.state is not None else parse_log(source_name(file), data)[2]
    shown = report.state.rules if report.state is not None else None
    kind = "user" if isinstance(data, dict) and "catalogue" in data else "sample"

    def draw() -> str:
        from model.socks.picture import replay_svg

        return replay_svg(report, game, shown)

    if as_json:
        text = json.dumps({**replay_json(report, game, shown, kind), "rules": rules_as_dict(in_force)})
    else:
        text = render_replay(report, game, shown)
    _answer(text, svg_path, draw)
    click.get_current_context().exit(YES if report.legal else NO)


@socks_group.command("advise")
@click.argument("file", metavar="POSITION.json|-")
@_json_option
@_rule_option("effect_timing=before_pass")
def socks_advise_command(file: str, as_json: bool, rules: tuple[str, ...]) -> None:
    """Every legal choice for the two cards drawn, with its effect on the visible scores now.

    Exit status: 0 advised, 2 bad input.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.socks.advise import advise, parse_position
    from model.socks.cards import SOCKS_OPTIONS, SocksRules
    from model.socks.report import advice_json, render_advice

    typed = _typed_flags(SocksRules, SOCKS_OPTIONS, parse_rule_flags(rules))
    advice = advise(parse_position(source_name(file), _rules_over(load_json(file), typed)))
    click.echo(json.dumps(advice_json(advice)) if as_json else render_advice(advice))


# --- whitehouse game ---


@cli.group("whitehouse")
def whitehouse_group() -> None:
    """The White House intern game: replay a game log, play a random legal game, or ask whether a
    move is legal in a position."""


def _trick_time_limit(command: Any) -> Any:
    """``--time-limit S``: the seconds the proof of each Trick total may take (exit 3 when one is
    not proven in time)."""
    return _time_limit_option(30.0, "Seconds the proof of each Trick total may take (exit 3 when one is not proven).")(
        command
    )


@whitehouse_group.command("replay")
@click.argument("file", metavar="LOG.json|-")
@_json_option
@_rule_option("lock_count=all")
@click.option("--at", "at", type=click.IntRange(min=0), metavar="N",
              help="Print the table after move N as a position document (JSON), for whitehouse move.")
@_trick_time_limit
@_svg_option
def whitehouse_replay(file: str, as_json: bool, rules: tuple[str, ...], at: int | None,
                      time_limit: float, svg_path: str | None) -> None:
    """Replay a recorded game: the first illegal move and the rule it breaks, or the final table,
    each player's proven Trick total and the winner.

    Exit status: 0 replayed, every move legal; 1 a move is illegal; 2 bad input; 3 a Trick total
    not proven within --time-limit.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.whitehouse.log import cut, load_log, replay
    from model.whitehouse.question import typed_rule_flags
    from model.whitehouse.report import render_replay, replay_json
    from model.whitehouse.tricks import UnprovenTotal
    from solver.network.oracle import trick_oracle

    typed = typed_rule_flags(parse_rule_flags(rules))
    try:
        data = _rules_over(load_json(file), typed)
        log = load_log(source_name(file), data, lambda chosen: trick_oracle(chosen, time_limit))
        if at is not None:
            if at > len(log.moves):
                raise InputError("--at", "", f"the log has {len(log.moves)} moves, so there is no move {at}")
            log = cut(log, at)
        result = replay(log)
    except UnprovenTotal as error:
        click.echo(f"verify: undecided: {error}", err=True)
        sys.exit(UNDECIDED)

    def draw() -> str:
        from model.whitehouse.picture import replay_svg

        return replay_svg(result, at, data)

    if at is not None and result.illegal is None:
        from model.whitehouse.position import cut_note, position_document

        document = position_document(data, result.engine, result.state, cut_note(source_name(file), at))
        _answer(json.dumps(document, indent=1), svg_path, draw)
        sys.exit(YES)
    if as_json:
        _answer(json.dumps(replay_json(result), sort_keys=False), svg_path, draw)
    else:
        _answer(render_replay(result), svg_path, draw, nl=False)
    sys.exit(NO if result.illegal else YES)


@whitehouse_group.command("move")
@click.argument("file", metavar="POSITION.json|-")
@click.option("--move", "move_file", metavar="MOVE",
              help="The move to judge: a file (MOVE.json, or - for standard input) or an inline JSON object "
              "holding a move of a log, or one line in the move notation ('take supporter middle discards S9'); "
              "its player defaults to the one the game waits for.")
@click.option("--list", "list_all", is_flag=True, help="List every legal move, grouped by action.")
@click.option("--rule", "rule_flags", multiple=True, metavar="NAME=VALUE", help="A rule option; repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
@_trick_time_limit
@_svg_option
def whitehouse_move(file: str, move_file: str | None, list_all: bool, rule_flags: tuple[str, ...],
                    as_json: bool, time_limit: float, svg_path: str | None) -> None:
    """May I do that? Judge one move in a position (exit 0 legal, 1 illegal, with the rule broken)
    or list every legal move there with its cost and what it would lock (exit 0); exit 2 bad
    input, 3 a Trick total not proven within --time-limit."""
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.whitehouse.question import (
        ask_move,
        list_moves,
        load_position,
        parse_move,
        read_move_argument,
        render_list,
        render_move,
    )
    from model.whitehouse.tricks import UnprovenTotal
    from solver.network.oracle import trick_oracle

    if (move_file is None) == (not list_all):
        raise click.UsageError("give exactly one of --move MOVE or --list")
    if move_file == "-" and file == "-":
        raise click.UsageError("the position and the move cannot both come from standard input")
    flags = parse_rule_flags(rule_flags)
    try:
        position = load_position(source_name(file), load_json(file),
                                 lambda chosen: trick_oracle(chosen, time_limit), flags)
        if list_all:
            answer = list_moves(position)
        else:
            assert move_file is not None
            seat, move = parse_move(*read_move_argument(move_file), position)
            answer = ask_move(position, seat, move)
    except UnprovenTotal as error:
        click.echo(f"verify: undecided: {error}", err=True)
        sys.exit(UNDECIDED)

    def draw() -> str:
        from model.whitehouse.picture import move_svg

        return move_svg(position, answer)

    if as_json:
        _answer(json.dumps(answer), svg_path, draw)
    else:
        _answer(render_list(answer) if list_all else render_move(answer), svg_path, draw, nl=False)
    sys.exit(YES if list_all or answer["legal"] else NO)


@whitehouse_group.command("play")
@click.option("--seed", type=SEED_RANGE, required=True, help="Same seed, same game.")
@click.option("--players", type=click.IntRange(2, 12), default=4, show_default=True)
@click.option("--catalogue", "catalogue_file", metavar="FILE", help="A catalogue (default: the sample).")
@click.option("--rule", "rule_flags", multiple=True, metavar="NAME=VALUE", help="A rule option; repeatable.")
@_output_option("the log")
@click.option("--out", "out", metavar="PATH|-", hidden=True, help="The former name of -o/--output.")
@click.option("--json", "as_json", is_flag=True,
              help="With -o: print the result as one JSON object (on standard error with -o -).")
@_trick_time_limit
def whitehouse_play(seed: int, players: int, catalogue_file: str | None, rule_flags: tuple[str, ...],
                    output: str | None, out: str | None, as_json: bool, time_limit: float) -> None:
    """Play a random legal game and write its log (which replay accepts).

    Without -o the log is printed; with -o PATH it is written there and the final table printed;
    with -o - the log is printed and the table goes to standard error. --json needs -o. Exit
    status: 0 played, 2 bad input, 3 a Trick total not proven within --time-limit.
    """
    import json

    from model.common.jsonio import load_json, source_name
    from model.common.options import parse_rule_flags
    from model.whitehouse.cards import parse_catalogue
    from model.whitehouse.log import Replay, play_log
    from model.whitehouse.report import render_replay, replay_json
    from model.whitehouse.rules import whitehouse_rules

    if output is not None and out is not None and output != out:
        raise BadInput("--out: the former name of -o/--output: give one of them")
    flag = "--output" if output is not None or out is None else "--out"
    output = output if output is not None else out
    if as_json and output is None:
        raise BadInput(_JSON_NEEDS_OUTPUT)
    rules = whitehouse_rules(parse_rule_flags(rule_flags), "--rule", "")
    catalogue_data = None
    if catalogue_file:
        catalogue_data = load_json(catalogue_file)
        parse_catalogue(source_name(catalogue_file), catalogue_data)
    from model.whitehouse.tricks import UnprovenTotal
    from solver.network.oracle import trick_oracle

    oracle = trick_oracle(rules.tricks, time_limit)
    try:
        log, state = play_log(players, seed, rules, oracle, catalogue_data)
    except UnprovenTotal as error:
        click.echo(f"verify: undecided: {error}", err=True)
        sys.exit(UNDECIDED)
    text = json.dumps(log, indent=1) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    write_output(output, text, flag)
    from model.whitehouse.engine import Engine

    result = Replay(state, len(log["moves"]), None, Engine(state.catalogue, rules, oracle))
    if as_json:
        click.echo(json.dumps(replay_json(result)), err=output == "-")
    else:
        click.echo(render_replay(result), nl=False, err=output == "-")


# --- the shipped examples ---


@cli.command("examples")
@click.argument("directory", metavar="[DIR]", default="examples", required=False)
def examples_command(directory: str) -> None:
    """Copy the shipped example inputs into DIR (default: ./examples): one folder per game, the
    same files the README runs.

    No file is overwritten: when one is already there, nothing is written (exit 2).
    """
    import os
    from importlib.resources import files

    shipped = files("model") / "examples"
    found: list[tuple[str, str]] = []

    def walk(node: Any, parts: tuple[str, ...]) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            if child.is_dir():
                walk(child, (*parts, child.name))
            elif child.name.endswith(".json"):
                found.append(("/".join((*parts, child.name)), child.read_text(encoding="utf-8")))

    walk(shipped, ())
    if not found:
        raise BadInput("examples: the installed package holds no examples")
    there = [name for name, _ in found if os.path.lexists(os.path.join(directory, name))]
    if there:
        raise BadInput(f"{os.path.join(directory, there[0])}: already exists; nothing written "
                       "(choose another DIR)")
    for name, text in found:
        target = os.path.join(directory, name)
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
        except OSError as error:
            raise BadInput(f"{directory}: cannot write: {error.strerror or error}") from None
        write_whole_file(target, text, directory)
    by_game: dict[str, int] = {}
    for name, _ in found:
        by_game[name.split("/")[0]] = by_game.get(name.split("/")[0], 0) + 1
    counts = ", ".join(f"{game} {count}" for game, count in by_game.items())
    click.echo(f"{len(found)} example files copied to {directory} ({counts}).")
    click.echo(f"Try: verify tricks {os.path.join(directory, 'whitehouse', 'seven-tricks.json')}")


# --- checks ---

_GAME_CHOICE = click.Choice(GAME_PACKAGES)


@cli.command("checks")
@click.option("--game", type=_GAME_CHOICE, help="Only this game's invariants.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
              help="A rule option, e.g. final_tie=no_winner (repeatable).")
@click.option("--all-options", is_flag=True,
              help="Run every invariant under every value of every option of its game and compare "
                   "the matrix with the recorded one.")
@click.option("--expected", "expected_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="With --all-options and --game: compare with this record instead of the shipped one.")
@click.option("--option", "only_options", multiple=True, metavar="NAME",
              help="With --all-options: only the rows of this option (repeatable).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, metavar="N",
              help="With --all-options: rows run in N processes.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="With --all-options and --game: write the matrix of this run as a record.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
@_time_limit_option(30.0, "Seconds each invariant's proof may take.")
def checks_command(game: str | None, rules: tuple[str, ...], all_options: bool, expected_path: str | None,
                   only_options: tuple[str, ...], workers: int, save_path: str | None, as_json: bool,
                   time_limit: float) -> None:
    """Prove the rule invariants of the games about the engines' own code, on bounded domains.

    A table of invariant x result with the time taken; each counterexample is drawn as a game
    state and replayed through the Python engine. Exit status: 0 all proved, 1 one violated,
    2 bad input, 3 one unknown (time limit).

    With --all-options: the matrix of invariant x option value; exit status 0 when every cell
    equals the record, 1 when one differs, 3 when the only differences are unknowns.
    """
    if all_options:
        _matrix("invariants", game, rules, expected_path, only_options, save_path, as_json, time_limit, workers)
        return
    _only_with_all_options(expected_path, save_path, only_options, workers)
    import json

    from checks.invariants import run_checks
    from checks.report import checks_json, checks_text, summary

    chosen = _rules_by_game(game, rules)
    with _ProgressBar("invariants") as progress:
        checked = run_checks(chosen, game, time_limit, progress=progress)
    click.echo(json.dumps(checks_json(checked, chosen)) if as_json else checks_text(checked))
    counts = summary(checked)
    click.get_current_context().exit(NO if counts["violated"] else UNDECIDED if counts["unknown"] else YES)


def _rules_by_game(game: str | None, rules: tuple[str, ...]) -> dict[str, Any]:
    """The rules object of each game asked about (``--game``, else every game), ``--rule`` flags
    given to the game that has the option."""
    from checks import registry
    from model.common.options import parse_rule_flags

    by_game = registry.split_flags(parse_rule_flags(rules), game)
    games = [game] if game else list(registry.game_names())
    return {g: registry.rules(g, by_game.get(g, {})) for g in games}


def _only_with_all_options(expected_path: str | None, save_path: str | None, only_options: tuple[str, ...],
                           workers: int) -> None:
    if expected_path or save_path or only_options or workers != 1:
        raise click.UsageError("--expected, --option, --save and --workers go with --all-options")


def _matrix(kind: Any, game: str | None, rules: tuple[str, ...], expected_path: str | None,
            only_options: tuple[str, ...], save_path: str | None, as_json: bool, time_limit: float,
            workers: int = 1) -> None:
    """``--all-options`` of ``checks`` and ``questions``: run, compare with the record, print."""
    import json

    from checks import matrix, registry
    from checks.report import matrix_json, matrix_text

    if rules:
        raise click.UsageError("--all-options sets every option in turn: it takes no --rule")
    if (expected_path or save_path) and game is None:
        raise click.UsageError("--expected and --save need --game")
    games = [game] if game else list(registry.game_names())
    known = {o.name for g in games for o in registry.options(g)}
    for name in only_options:
        if name not in known:
            raise BadInput(f"--option: no option {name!r} in {', '.join(games)} (see `verify options`)")
    records = {g: matrix.load_record(g, kind, expected_path) for g in games}
    with _ProgressBar("settings") as progress:
        cells = matrix.run_matrix(kind, games, time_limit, records, options=only_options or None,
                                  progress=progress, workers=workers)
    if save_path is not None:
        made = matrix.as_record(cells, kind, records)[games[0]]
        try:
            with open(save_path, encoding="utf-8") as existing:
                kept = json.load(existing)
        except (OSError, ValueError):
            kept = {}
        other = [k for k in matrix.KINDS if k != kind]
        document = {k: kept[k] for k in other if isinstance(kept, dict) and k in kept} | made
        write_whole_file(save_path, json.dumps(document, indent=1, sort_keys=True) + "\n", "--save")
    click.echo(json.dumps(matrix_json(cells, kind, games)) if as_json else matrix_text(cells, kind))
    counts = matrix.summary(cells)
    click.get_current_context().exit(NO if counts["differ"] else UNDECIDED if counts["undecided"] else YES)


@cli.command("questions")
@click.option("--game", type=_GAME_CHOICE, help="Only this game's questions.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
              help="A rule option, e.g. final_tie=no_winner (repeatable).")
@click.option("--all-options", is_flag=True,
              help="Answer every question under every value of every option of its game and compare "
                   "the matrix with the recorded one.")
@click.option("--expected", "expected_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="With --all-options and --game: compare with this record instead of the shipped one.")
@click.option("--option", "only_options", multiple=True, metavar="NAME",
              help="With --all-options: only the rows of this option (repeatable).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, metavar="N",
              help="With --all-options: rows run in N processes.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="With --all-options and --game: write the matrix of this run as a record.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
@_time_limit_option(60.0, "Seconds each question's search may take.")
def questions_command(game: str | None, rules: tuple[str, ...], all_options: bool, expected_path: str | None,
                      only_options: tuple[str, ...], workers: int, save_path: str | None, as_json: bool,
                      time_limit: float) -> None:
    """Answer the designers' questions ("can this ever happen?") with a witness replayed through
    the engine, a proof that it cannot, or the bound searched without finding one.

    Exit status: 0 every question answered (yes, no, or none found up to the bound), 1 a witness
    the engine does not confirm, 2 bad input, 3 one undecided (time limit). With --all-options: as
    for ``checks --all-options``.
    """
    if all_options:
        _matrix("questions", game, rules, expected_path, only_options, save_path, as_json, time_limit, workers)
        return
    _only_with_all_options(expected_path, save_path, only_options, workers)
    import json

    from checks.questions import Yes, ask
    from checks.report import questions_json, questions_summary, questions_text

    chosen = _rules_by_game(game, rules)
    with _ProgressBar("questions") as progress:
        answered = ask(chosen, game, time_limit, progress=progress)
    click.echo(json.dumps(questions_json(answered, chosen)) if as_json else questions_text(answered))
    refused = any(isinstance(a.answer, Yes) and not a.answer.witness.engine_agrees for a in answered)
    counts = questions_summary(answered)
    click.get_current_context().exit(NO if refused else UNDECIDED if counts["undecided"] else YES)


def _defaults(game: str | None) -> dict[str, dict[str, Any]]:
    """Each game's rules at their defaults, by game (the ``rules`` of ``options`` and ``rulings``:
    each ruling states the options it sets over them)."""
    from checks import registry
    from model.common.options import rules_as_dict

    return {g: rules_as_dict(registry.rules(g)) for g in ([game] if game else registry.game_names())}


@cli.command("options")
@click.option("--game", type=_GAME_CHOICE, help="Only this game's options.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
def options_command(game: str | None, as_json: bool) -> None:
    """Every rule clarification: name, question, rulebook sentence, default, alternatives."""
    import json

    from checks import registry
    from checks.report import options_text

    found = registry.options(game)
    if as_json:
        click.echo(json.dumps({"options": [registry.option_json(o) for o in found], "rules": _defaults(game)}))
    else:
        click.echo(options_text(found))


@cli.command("rulings")
@click.option("--game", type=_GAME_CHOICE, help="Only this game's rulings.")
@click.option("--all-options", is_flag=True,
              help="Run every ruling under every value of every option it does not state and compare the "
                   "matrix with the recorded one.")
@click.option("--expected", "expected_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="With --all-options and --game: compare with this record instead of the shipped one.")
@click.option("--option", "only_options", multiple=True, metavar="NAME",
              help="With --all-options: only the rows of this option (repeatable).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True, metavar="N",
              help="With --all-options: rows run in N processes.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="With --all-options and --game: write the matrix of this run as a record.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
def rulings_command(game: str | None, all_options: bool, expected_path: str | None, only_options: tuple[str, ...],
                    workers: int, save_path: str | None, as_json: bool) -> None:
    """Run every ruling (a situation and its expected outcome under stated options).

    Exit status: 0 all pass, 1 one fails (what differs is named).

    With --all-options: every ruling under every value of every option it does not state, one
    change at a time; exit status 0 when every cell equals the record, 1 when one differs.
    """
    if all_options:
        _matrix("rulings", game, (), expected_path, only_options, save_path, as_json, 30.0, workers)
        return
    _only_with_all_options(expected_path, save_path, only_options, workers)
    import json

    from checks.report import rulings_json, rulings_text
    from checks.rulings import run_rulings

    results = run_rulings(game)
    click.echo(json.dumps({**rulings_json(results), "rules": _defaults(game)}) if as_json else rulings_text(results))
    click.get_current_context().exit(YES if all(r.passed for r in results) else NO)


@cli.command("compare")
@click.option("--rule", "rules", multiple=True, required=True, metavar="NAME=VALUE",
              help="Give it twice: --rule NAME=A --rule NAME=B.")
@click.option("--game", type=_GAME_CHOICE, help="The game (needed when several have the option).")
@click.option("--games", type=click.IntRange(0, 1_000_000), default=200, show_default=True,
              help="Random games per setting (0: none).")
@click.option("--seed", type=SEED_RANGE, default=0, show_default=True,
              help="The first seed; game i is played on seed + i under both settings.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Local processes for the random games (the numbers do not depend on it).")
@click.option("--ray", "ray_address", metavar="ADDRESS",
              help="Run the random games on this Ray cluster ('local' starts one here).")
@_time_limit_option(30.0, "Seconds each invariant's proof may take.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object.")
def compare_command(rules: tuple[str, ...], game: str | None, games: int, seed: int, workers: int,
                    ray_address: str | None, time_limit: float, as_json: bool) -> None:
    """What a clarification changes: rulings, invariants and random games under A and under B."""
    import json

    from checks.compare import compare
    from checks.report import compare_json, compare_text, compare_warnings

    with _ProgressBar("random games", games) as progress:
        result = compare(rules, game, games, seed, workers, ray_address, time_limit,
                         progress.step if progress is not None and games > 0 else None)
    for warning in compare_warnings(result):
        click.echo(f"verify: warning: {warning}", err=True)
    click.echo(json.dumps(compare_json(result)) if as_json else compare_text(result))


# --- the page ---


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; 0.0.0.0 lets a phone on this network in (with a token).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free one).")
@click.option("--catalogue", "catalogues", multiple=True, metavar="GAME=FILE",
              help="A card catalogue the page offers (whitehouse, socks; repeatable).")
@_time_limit_option(30.0, "The most seconds one solve may take.")
@click.option("--solves", type=click.IntRange(1, 64), default=2, show_default=True,
              help="The most solves running at once (more are refused until one ends).")
def serve_command(host: str, port: int, catalogues: tuple[str, ...], time_limit: float, solves: int) -> None:
    """A web page for the table: every question of the other commands, without writing JSON.

    Needs the web extra (pip install 'tabletop-verify[web]'). Listens on 127.0.0.1 unless --host
    says otherwise; beyond this machine every request needs the token in the printed address.
    Runs until Ctrl-C (exit 130); exit 2 bad input or a port in use.
    """
    from web.serve import check_extra, serve

    check_extra()
    serve(host, port, catalogues, time_limit, solves, click.echo)
    raise KeyboardInterrupt  # the server stops only when interrupted


def main() -> None:
    """Console entry point."""
    catch_interrupts()
    cli(prog_name="verify")


if __name__ == "__main__":
    main()
