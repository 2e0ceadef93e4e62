"""Ctrl-C ends every command with one line, ``verify: interrupted``, and exit 130, whatever it
is doing: a CP-SAT solve (`tricks`), a Z3 proof (`checks`), a pool of worker processes
(`compare --workers 2`), none of which is left running.

Each command runs as a subprocess of the installed `verify`, in a process group of its own; the
interrupt (SIGINT) is sent to that process only, once it is busy."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERIFY = str(Path(sys.executable).parent / "verify")
HARD = str(ROOT / "benchmarks" / "instances" / "stress_n060_s00.json")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux: from /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(word) for word in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def group_is_gone(group: int, within: float = 5.0) -> bool:
    """True once no process of the process group is left (zombies are reaped by their parent or
    by init)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def interrupt(args: list[str], busy) -> tuple[subprocess.Popen, str, str, list[int]]:
    """Start `verify ARGS`, wait until ``busy(process)`` says it is at work, send SIGINT to it
    and collect what it printed, with the workers it had."""
    process = subprocess.Popen([VERIFY, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        busy(process)
        assert process.poll() is None, "the command ended before the interrupt"
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        return process, out, err, workers
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def after(seconds: float):
    return lambda process: time.sleep(seconds)


def with_workers(count: int):
    def busy(process: subprocess.Popen) -> None:
        end = time.monotonic() + 60
        while len(children(process.pid)) < count and time.monotonic() < end and process.poll() is None:
            time.sleep(0.05)
        time.sleep(0.5)

    return busy


def assert_interrupted(process: subprocess.Popen, out: str, err: str) -> None:
    assert process.returncode == 130, (process.returncode, err[-2000:])
    assert err == "verify: interrupted\n"
    assert out == ""
    assert group_is_gone(process.pid), "a process of the command is still running"


def test_ctrl_c_in_the_middle_of_a_solve():
    process, out, err, _ = interrupt(["tricks", HARD, "--time-limit", "120"], after(1.5))
    assert_interrupted(process, out, err)


def test_ctrl_c_in_the_middle_of_a_solve_as_json():
    process, out, err, _ = interrupt(["tricks", HARD, "--time-limit", "120", "--json"], after(4))
    assert_interrupted(process, out, err)


def test_ctrl_c_in_the_middle_of_the_proofs():
    process, out, err, _ = interrupt(["checks", "--time-limit", "120"], after(1.5))
    assert_interrupted(process, out, err)


def test_ctrl_c_in_the_middle_of_random_games_on_two_workers():
    args = ["compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "20000",
            "--workers", "2"]
    process, out, err, workers = interrupt(args, with_workers(2))
    assert len(workers) >= 2, "the workers were running"
    assert_interrupted(process, out, err)
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_workers_ignore_ctrl_c_themselves():
    from checks.compare import _ignore_interrupts

    probe = ("import signal, checks.compare as c; c._ignore_interrupts(); "
             "print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)")
    done = subprocess.run([sys.executable, "-P", "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"
    assert callable(_ignore_interrupts)


def test_an_interrupt_dropped_in_a_destructor_is_raised_again():
    """A KeyboardInterrupt that lands in a ``__del__`` is not printed and dropped: the interrupt
    thread raises it again; other unraisable errors go to the previous hook."""
    from types import SimpleNamespace

    import cli_boundary as cli

    seen = []
    hook = cli._rearm_interrupt(seen.append)
    cli._rearm.clear()
    hook(SimpleNamespace(exc_value=KeyboardInterrupt()))
    assert cli._rearm.is_set() and seen == []
    cli._rearm.clear()
    other = SimpleNamespace(exc_value=ValueError("x"))
    hook(other)
    assert seen == [other] and not cli._rearm.is_set()
