"""Benchmarks never rot: every script in ``benchmarks/`` has a smoke mode (``--smoke``: every
part of it once, briefly) that runs here, so that a change that breaks a benchmark fails CI."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = sorted(path.name for path in BENCHMARKS.glob("*.py"))
#: What a script needs beyond the test extra (CI installs every extra, so there nothing is skipped).
NEEDS = {"web_load.py": "starlette"}
#: Seconds a smoke run may take (a second or two each; a loaded machine gets room).
LIMIT = 60


def test_every_benchmark_script_is_found() -> None:
    assert {"whitehouse_bench.py", "socks_bench.py", "social_bench.py", "likes_bench.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_each_benchmark_runs_in_its_smoke_mode(script: str) -> None:
    needed = NEEDS.get(script)
    if needed and importlib.util.find_spec(needed) is None and os.environ.get("CI") != "true":
        pytest.skip(f"{script} needs {needed} (an extra CI installs)")
    run = subprocess.run([sys.executable, str(BENCHMARKS / script), "--smoke"], capture_output=True, text=True,
                         timeout=LIMIT, cwd=BENCHMARKS.parent)
    assert run.returncode == 0, f"{script} --smoke failed:\n{run.stdout[-2000:]}\n{run.stderr[-3000:]}"
    assert run.stdout.strip(), f"{script} --smoke printed nothing"
