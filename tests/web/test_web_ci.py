"""CI runs the page's tests or fails: `.ci/run` sets ``CI`` itself, and with ``CI`` set a test
file of the page fails, rather than skips, when the web extra is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ci_run_sets_ci_before_the_test_command():
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert "export CI=true" in lines
    assert lines.index("export CI=true") < len(lines) - 1, "set before the test command (the last line)"


def _limits_tests_without_the_web_extra(tmp_path: Path, pytestconfig, ci: bool) -> subprocess.CompletedProcess[str]:
    """The page's limits tests, run with a Starlette that cannot be imported."""
    fake = tmp_path / "starlette"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'starlette'\", name='starlette')\n")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PYTHONPATH"] = str(tmp_path)
    if ci:
        env["CI"] = "true"
    mode = pytestconfig.getoption("importmode")
    return subprocess.run([sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                           f"--import-mode={mode}", "tests/web/test_web_limits.py"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_without_the_web_extra_the_api_tests_fail_in_ci(tmp_path, pytestconfig):
    done = _limits_tests_without_the_web_extra(tmp_path, pytestconfig, ci=True)
    assert done.returncode not in (0, 5), done.stdout
    assert "the page's tests cannot run in CI: the web extra is not installed (starlette is missing" in done.stdout


def test_without_the_web_extra_the_api_tests_are_skipped_elsewhere(tmp_path, pytestconfig):
    done = _limits_tests_without_the_web_extra(tmp_path, pytestconfig, ci=False)
    assert done.returncode in (0, 5), done.stdout  # 5: the skipped module left no test to run
    assert "1 skipped" in done.stdout and "error" not in done.stdout.lower()
