"""The suite tests what a user installs, not the checkout.

The README's test command installs the project as a wheel and runs pytest without the checkout on
``sys.path`` (``python -P``). These tests fail if the packages were imported from the source tree
anyway, if any file of a package is missing from the installed copy, or if an installed command,
run from another folder as a user runs it, crashes or opens a file of the checkout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import checks
import cli
import cli_boundary
import cli_output
import cli_questions
import model
import solver
import web

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PACKAGES = {"model": model, "solver": solver, "checks": checks, "web": web}
#: The checkout's own code: what the tests must not import, and the installed commands must not
#: read. (A virtual environment inside the checkout, as the README suggests, is not the checkout's
#: code: its site-packages holds the installed wheel.)
#: The command line's modules beside cli.py (the wheel's py-modules).
MODULES = {"cli": cli, "cli_boundary": cli_boundary, "cli_output": cli_output, "cli_questions": cli_questions}
SOURCE = [ROOT / name for name in PACKAGES] + [ROOT / f"{name}.py" for name in MODULES]

#: Audit hook for the subprocesses: every file opened for reading is appended to the log named by
#: VERIFY_OPEN_LOG, so a test sees the data files an installed command really reads.
SITECUSTOMIZE = '''
import os, sys
_log = os.environ["VERIFY_OPEN_LOG"]
def _hook(event, args):
    if event == "open" and isinstance(args[0], str) and (args[1] is None or "r" in args[1]):
        with open(_log, "a", encoding="utf-8") as out:
            out.write(os.path.abspath(args[0]) + "\\n")
sys.addaudithook(_hook)
'''


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def test_packages_are_imported_from_the_installed_wheel_not_the_checkout() -> None:
    for name, module in [*PACKAGES.items(), *MODULES.items()]:
        location = Path(module.__file__ or "").resolve()
        assert not any(_inside(location, source) for source in SOURCE), (
            f"{name} was imported from the checkout: {location}")


def test_every_file_of_each_package_is_in_the_installed_package() -> None:
    for name, module in PACKAGES.items():
        source = ROOT / name
        installed = Path(module.__file__ or "").resolve().parent
        wanted = sorted(
            path.relative_to(source)
            for path in source.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
        )
        assert wanted, f"no files found under {source}"
        missing = [str(path) for path in wanted if not (installed / path).is_file()]
        assert not missing, f"{name}: not in the installed package: {missing}"


def _verify() -> str:
    """The installed console script beside this interpreter."""
    script = Path(sys.executable).parent / "verify"
    assert script.is_file(), f"the installed command is missing: {script}"
    return str(script)


def _smoke_commands(out: Path) -> list[tuple[list[str], int]]:
    """Every command, on the checkout's examples by absolute path, with its documented status."""
    e = EXAMPLES
    return [
        (["tricks", f"{e}/whitehouse/seven-tricks.json"], 0),
        (["tricks", f"{e}/whitehouse/seven-tricks.json", "--claim", "8"], 1),
        (["tricks", f"{e}/whitehouse/rulebook-where-s2.json", "--svg", f"{out}/net.svg"], 0),
        (["whitehouse", "replay", f"{e}/whitehouse/games/reversal.json"], 0),
        (["whitehouse", "replay", f"{e}/whitehouse/games/illegal-unpaid-middle.json"], 1),
        (["whitehouse", "play", "--seed", "1", "--players", "3", "--out", f"{out}/wh.json"], 0),
        (["whitehouse", "replay", f"{e}/whitehouse/games/reversal.json", "--at", "3"], 0),
        (["whitehouse", "move", f"{e}/whitehouse/positions/unaffordable.json",
          "--move", f"{e}/whitehouse/positions/moves/unaffordable.json"], 1),
        (["whitehouse", "move", f"{e}/whitehouse/positions/legal-take.json", "--list"], 0),
        (["socks", f"{e}/socks/score.json"], 0),
        (["socks", "score", f"{e}/socks/tie.json"], 0),
        (["socks", "replay", f"{e}/socks/game.log.json"], 0),
        (["socks", "replay", f"{e}/socks/illegal.log.json"], 1),
        (["socks", "advise", f"{e}/socks/position.json"], 0),
        (["socks", "play", "--seed", "1", "-o", f"{out}/socks.json"], 0),
        (["social", "round", f"{e}/social/round.json"], 0),
        (["social", "game", f"{e}/social/game.json"], 0),
        (["social", "like", f"{e}/social/like-legal.json"], 0),
        (["social", "like", f"{e}/social/like-closed.json"], 1),
        (["likes", "round", f"{e}/likes/round-third-influencer.json"], 0),
        (["likes", "game", f"{e}/likes/game-worked-example.json"], 0),
        (["options"], 0),
        (["options", "--game", "whitehouse", "--json"], 0),
        (["rulings"], 0),
        (["checks", "--game", "socks", "--rule", "final_tie=no_winner"], 1),
        (["checks"], 0),
        (["checks", "--all-options", "--game", "likes", "--option", "spent_intents", "--workers", "2"], 0),
        (["questions", "--game", "socks"], 0),
        (["compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "4"], 0),
        (["compare", "--rule", "lock_optional=true", "--rule", "lock_optional=false", "--games", "2"], 0),
        (["tricks", f"{out}/missing.json"], 2),
    ]


def test_every_installed_command_runs_from_another_folder(tmp_path: Path) -> None:
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    log = tmp_path / "opened.txt"
    env = {**os.environ, "PYTHONPATH": str(hook), "VERIFY_OPEN_LOG": str(log)}
    env.pop("VERIFY_DEBUG", None)
    verify = _verify()
    failures = []
    for arguments, status in _smoke_commands(work):
        run = subprocess.run([verify, *arguments], cwd=work, env=env, capture_output=True,
                             text=True, timeout=300, stdin=subprocess.DEVNULL)
        if run.returncode != status or "Traceback" in run.stdout + run.stderr:
            failures.append(f"verify {' '.join(arguments)}: exit {run.returncode} (want {status})"
                            f"\n{run.stderr[-2000:]}")
    assert not failures, "\n".join(failures)
    opened = {Path(line) for line in log.read_text(encoding="utf-8").splitlines()}
    from_checkout = sorted(str(p) for p in opened if any(_inside(p, source) for source in SOURCE))
    assert not from_checkout, f"installed commands read files of the checkout: {from_checkout}"
    installed = {name: Path(m.__file__ or "").resolve().parent for name, m in PACKAGES.items()}
    data = {p for p in opened if p.suffix == ".json" and any(_inside(p, d) for d in installed.values())}
    # The data each package reads at run time, all from the installed packages: the sample
    # catalogues and schemas of model/, the rulings of every game under checks/.
    for game in ("whitehouse", "socks", "social", "likes"):
        assert any(p.parts[-4:-2] == ("checks", game) and p.parent.name == "data" for p in data), game
    assert any(p.name.endswith("sample-catalogue.json") for p in data)
    assert any(p.name == "expected_matrix.json" and p.parent.name == "likes" for p in data)
    for path in data:
        json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(set(PACKAGES) - {"web"}))
def test_package_data_is_declared_for_every_depth(name: str) -> None:
    """A data file of any depth under a package is a file the wheel must carry: none is skipped
    because it is not JSON (the package-data globs name JSON only)."""
    source = ROOT / name
    others = [p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts
              and p.suffix not in {".py", ".json", ".pyc"}]
    assert not others, f"{name}: files the package-data globs do not name: {others}"
