"""The error boundary of the ``verify`` command: every error is one line on standard error,
``verify: ...``, with the exit status that says what kind it is (``VerifyGroup.main``, around
every command), and Ctrl-C ends every command with one line and exit 130, even inside a solver.

The groups every command lives in (``CommandGroup``: a misspelt command gets the closest name)
are here too. Bad input, a broken rule and "undecided" are reported through the one handler of
each outcome that the page uses as well (``model.common.question.outcome_of``).
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import click

from model.common.errors import InputError
from model.common.question import BAD_INPUT, YES, internal_error_line, outcome_of

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
    from model.common.formats import with_mix_up

    return with_mix_up(error, document, reader)


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
    elif (ended := outcome_of(error)) is not None:  # bad input, a broken rule, undecided
        line, code = ended.line, ended.exit_status
    elif isinstance(error, SystemExit):
        raise error
    else:
        if os.environ.get("VERIFY_DEBUG"):
            import traceback

            traceback.print_exception(error, file=sys.stderr)
        line = f"{internal_error_line(error)}; VERIFY_DEBUG=1 shows the traceback"
        code = INTERNAL_ERROR
    try:
        click.echo(f"verify: {line}", err=True)
    except OSError:
        pass
    return code
