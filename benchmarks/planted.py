"""Planted bugs: one wrong line in an engine or rule module, and who notices it.

Each bug in ``benchmarks/planted_bugs.json`` is a textual change of one game module (the file, the
exact text it replaces, the new text, what it means). For each, a scratch copy of the checkout
gets the change and three judges run against it, with the copy first on ``PYTHONPATH`` so that
the changed module shadows the installed one:

- ``checks``: ``verify checks --game G`` (exit status not 0), or ``verify checks --all-options
  --game G`` not as recorded;
- ``rulings``: ``verify rulings --game G`` (exit status not 0);
- ``tests``: the game's tests (``tests/model/<game>``, its rulings tests), without the random-play
  files, as the mutation campaign runs them.

The table lists every bug with its fate, then per game: caught by checks alone, by checks or
rulings, by the tests. A bug whose text is not found in its file is reported (``stale``), never
silently skipped.

    python benchmarks/planted.py [--game G] [--only ID ...] [--skip-tests]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
BUGS = Path(__file__).with_name("planted_bugs.json")


@dataclass(frozen=True)
class Bug:
    id: str
    game: str
    file: str
    old: str
    new: str
    means: str


def load(game: str | None) -> list[Bug]:
    document = json.loads(BUGS.read_text(encoding="utf-8"))
    return [Bug(**entry) for entry in document["bugs"] if game is None or entry["game"] == game]


def copy_checkout(into: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=CHECKOUT, capture_output=True, check=True).stdout.split(b"\0")
    for raw in files:
        if not raw:
            continue
        source, target = CHECKOUT / raw.decode(), into / raw.decode()
        if source.is_symlink():
            # A link stays a link (model/examples -> ../examples: the shipped examples as package
            # data, which the question rulings read; a copy without them fails every such ruling).
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(os.readlink(source))
        elif source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    shared = CHECKOUT.parent / "shared"
    if shared.exists() and not (into.parent / "shared").exists():
        (into.parent / "shared").symlink_to(shared.resolve())


def verify(copy: Path, *args: str, timeout: float = 900) -> int:
    """The exit status of ``verify ARGS`` run from the copy's code."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    code = "import sys, cli; sys.argv = ['verify', *sys.argv[1:]]; cli.main()"
    try:
        return subprocess.run([sys.executable, "-c", code, *args], cwd=copy, env=env, capture_output=True,
                              timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        return -1


def tests(copy: Path, game: str, timeout: float = 1800) -> int:
    paths = [f"tests/model/{game}"]
    paths += [p for p in (f"tests/checks/{game}/test_{game}_rulings.py", "tests/checks/test_checks_rulings.py")
              if (copy / p).exists()]
    ignore = [f"--ignore={p.relative_to(copy)}" for p in sorted((copy / "tests" / "model" / game).glob("test_*_random.py"))]
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    try:
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                               "--hypothesis-profile", "ci", *paths, *ignore], cwd=copy, env=env,
                              capture_output=True, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        return -1


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--skip-tests", action="store_true", help="judge by checks and rulings only")
    parser.add_argument("--smoke", action="store_true",
                        help="only check that each bug's text is found once in its file, plant nothing: CI runs it")
    args = parser.parse_args(argv)
    bugs = [b for b in load(args.game) if not args.only or b.id in args.only]
    if args.smoke:
        stale = [b.id for b in bugs if (CHECKOUT / b.file).read_text(encoding="utf-8").count(b.old) != 1]
        print(f"{len(bugs)} bugs, {len(stale)} stale" + (f": {', '.join(stale)}" if stale else ""))
        return 1 if stale else 0
    scratch = Path(tempfile.mkdtemp(prefix="tabletop-planted-"))
    pristine = scratch / "pristine"
    pristine.mkdir()
    copy_checkout(pristine)
    rows = []
    started = time.monotonic()
    for bug in bugs:
        copy = scratch / "copy"
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(pristine, copy, symlinks=True)
        path = copy / bug.file
        text = path.read_text(encoding="utf-8")
        if text.count(bug.old) != 1:
            rows.append((bug, "stale", "stale", "stale"))
            continue
        path.write_text(text.replace(bug.old, bug.new), encoding="utf-8")
        checks = verify(copy, "checks", "--game", bug.game) != 0 or \
            verify(copy, "checks", "--all-options", "--game", bug.game) != 0
        rulings = verify(copy, "rulings", "--game", bug.game) != 0
        tested = "-" if args.skip_tests else ("killed" if tests(copy, bug.game) != 0 else "survived")
        rows.append((bug, "killed" if checks else "survived", "killed" if rulings else "survived", tested))
        print(f"  {bug.id}: checks {rows[-1][1]}, rulings {rows[-1][2]}, tests {rows[-1][3]}", file=sys.stderr)
    shutil.rmtree(scratch, ignore_errors=True)

    width = max([len(b.id) for b in bugs] + [2])
    print(f"{'bug':<{width}}  {'game':<10} {'checks':<8} {'rulings':<8} {'tests':<8}  what")
    for bug, checks, rulings, tested in rows:
        print(f"{bug.id:<{width}}  {bug.game:<10} {checks:<8} {rulings:<8} {tested:<8}  {bug.means}")
    print()
    print(f"{'game':<10} {'bugs':>4} {'checks':>7} {'checks|rulings':>15} {'tests':>6}")
    for game in dict.fromkeys(b.game for b, *_ in rows):
        mine = [r for r in rows if r[0].game == game and r[1] != "stale"]
        n = len(mine)
        c = sum(r[1] == "killed" for r in mine)
        cr = sum(r[1] == "killed" or r[2] == "killed" for r in mine)
        t = sum(r[3] == "killed" for r in mine)
        print(f"{game:<10} {n:>4} {c:>3} {_pct(c, n):>4} {cr:>10} {_pct(cr, n):>4} "
              f"{t if not args.skip_tests else '-':>6}")
    stale = [r[0].id for r in rows if r[1] == "stale"]
    if stale:
        print(f"\nstale (text not found once in the file): {', '.join(stale)}")
    print(f"\n{len(rows)} bugs in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
