"""`verify checks` and `verify compare` show progress on standard error when it is a terminal,
and print nothing there when it is not; standard output (the table, or the one JSON object) is
the same either way."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERIFY = str(Path(sys.executable).parent / "verify")
CHECKS = ["checks", "--game", "socks"]
COMPARE = ["compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "50"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")


def with_terminal_stderr(args: list[str]) -> tuple[int, str, str]:
    """Run `verify ARGS` with standard error on a pseudo-terminal (standard output a pipe):
    (exit status, standard output, what the terminal showed)."""
    main, side = pty.openpty()
    env = dict(os.environ, COLUMNS="100", TERM="xterm")
    process = subprocess.Popen([VERIFY, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=side, env=env)
    os.close(side)
    shown = b""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        ready, _, _ = select.select([main], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal closed: every writer has ended
                break
            if not chunk:
                break
            shown += chunk
        elif process.poll() is not None:
            break
    os.close(main)
    out = process.communicate(timeout=60)[0].decode()
    return process.returncode, out, shown.decode(errors="replace")


def piped(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([VERIFY, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_checks_shows_progress_per_invariant_on_a_terminal():
    code, out, shown = with_terminal_stderr(CHECKS)
    assert code == 0, shown
    assert "invariants" in shown, shown
    assert "1/20" in shown and "20/20" in shown, "the bar moves once per invariant"
    assert out.startswith("ID     game") and "20 invariants: 20 proved" in out


def test_checks_json_is_one_object_with_a_terminal_stderr():
    code, out, shown = with_terminal_stderr([*CHECKS, "--json"])
    assert code == 0
    assert json.loads(out)["summary"]["proved"] == 20
    assert "invariants" in shown


def test_checks_prints_nothing_on_stderr_when_piped():
    done = piped(CHECKS)
    assert done.returncode == 0 and done.stderr == ""


def test_compare_shows_progress_on_a_terminal():
    code, out, shown = with_terminal_stderr(COMPARE)
    assert code == 0, shown
    assert "random games" in shown
    assert "Random games: 50 seeds from 0" in out


def test_compare_prints_nothing_on_stderr_when_piped():
    done = piped([*COMPARE, "--json"])
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["simulation"]["games"] == 50
