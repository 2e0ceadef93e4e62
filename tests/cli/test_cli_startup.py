"""`verify --help` must answer at once: no solver, pydantic or engine is imported at start-up."""

import subprocess
import sys

HEAVY = ("ortools", "z3", "pydantic", "networkx", "hypothesis", "solver")


def test_importing_the_cli_imports_nothing_heavy():
    probe = (
        "import sys, cli; "
        f"print(','.join(m for m in {HEAVY!r} if any(k == m or k.startswith(m + '.') "
        "for k in sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert loaded == ""


def test_help_lists_the_commands_and_exits_zero():
    from click.testing import CliRunner

    from cli import cli

    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "Exit status" in result.output
