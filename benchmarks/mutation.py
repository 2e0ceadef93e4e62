"""Mutation campaign for one game: does a test break when a rule's code is changed?

A rule that no test breaks alone is not protected. This script makes mechanical mutants of a
game's engine and rule modules with mutmut (3.x, the ``dev`` extra), runs the game's tests
against each, and prints a table per module: mutants, killed, survived (explained or not),
timed out, and the score.

    python benchmarks/mutation.py --game socks --seconds 600
    python benchmarks/mutation.py --game socks --seconds 600 --killers checks
    python benchmarks/mutation.py --game socks --part front --killers checks+rulings --sample 20

Parts. ``--part engine`` (the default) mutates each game's engine and rule modules (``MODULES``);
``--part front`` its front-end modules (``FRONT_MODULES``: what reads its documents and states
its verdicts, e.g. ``io``, ``question``, ``position``, ``advise``, ``log``, ``network/answer``),
which the rulings of the questions (``checks/<game>/data/questions``) are there to protect.

Killers. ``--killers tests`` (the default) runs the game's tests; ``checks`` runs only what
``verify checks --game G`` and ``verify checks --all-options --game G`` decide
(``tests/checks/test_checks_gate.py``: every invariant of the game proved under the defaults, and
the option matrix equal to the game's record; mutmut runs the matrix only for a mutant the proofs
under the defaults leave alive, as it stops at the first failing test), ``rulings`` only what
``verify rulings --game G`` and ``verify rulings --all-options --game G`` decide (the game's engine
and question rulings, and the rulings matrix equal to its record), ``checks+rulings`` both: a mutant that ``verify checks`` alone kills is a rule the
proofs protect, not only the tests.

How it runs. mutmut copies the source into ``mutants/`` and runs pytest there with that copy
first on ``sys.path``, so the tests import the mutated modules instead of the installed wheel.
The campaign works in a scratch copy of the checkout (``--workdir``, default
``$TMPDIR/tabletop-mutation/<game>``) whose ``pyproject.toml`` gets a ``[tool.mutmut]`` section
for the one game: the checkout itself is never touched. The rulebook quote tests read
``../shared`` beside the checkout; the scratch copy gets a link to the real one.

Which tests. The game's own tests (``tests/model/<game>/``) and its rulings
(``tests/checks/<game>/test_<game>_rulings.py``, ``tests/checks/test_checks_rulings.py``), without the
random-play files (``test_*_random.py``: whole random games, minutes per surviving mutant
under mutmut's trampolines; what they find, a targeted test must find too). mutmut runs, for
each mutant, only the tests that call the mutated function, fastest first, and stops at the
first failure.

What counts. A mutant counts when it can change an answer (a verdict, a score, a legal move).
Mutants of message text are left out, decided from the syntax tree: the only change is inside
an f-string, or to a string literal that contains a space (prose, never a key, a rule name or
an option value), or to the sentence or detail of a ``RuleBroken`` / ``InputError``. They are
not run (``--with-messages`` runs them too) and are shown in the ``text`` column. Survivors
known to be harmless are listed with their reason in ``benchmarks/mutation_equivalents.json``,
keyed by a stable description (``module:function: old line => new line``); they leave the count
as well. score = (killed + timed out) / (mutants counted - explained survivors - not run).

Import-time code. A few functions run only while their module is imported (``IMPORT_TIME``: the
Locked Network's input schema is built with them). mutmut forks every mutant from a process that
imported the module already, so it cannot see theirs; each such mutant it reports alive is run
again in a fresh interpreter, switched on from the start, against the same tests.

Budget. ``--seconds`` bounds the mutant runs (mutmut's test-to-function statistics and the
clean run come before, about one run of the test subset); at the deadline the run is stopped
and what did not run is reported as ``not run``. ``--sample N`` takes a seeded random sample of
at most N mutants per module (``--seed``), stated in the table. ``--workers`` (default 2) is
mutmut's ``--max-children``; the runs are ``nice``-d.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
EQUIVALENTS = Path(__file__).with_name("mutation_equivalents.json")

#: The engine and rule modules of each game: what gets mutated.
MODULES: dict[str, tuple[str, ...]] = {
    "whitehouse": ("engine", "rules", "state", "table", "judge", "network/arrangement"),
    "socks": ("engine", "state", "scoring", "cards", "rules"),
    "social": ("engine", "rules"),
    "likes": ("engine", "cards", "state", "rules"),
}

#: The front-end modules of each game: what reads its documents and states its verdicts (the
#: question's answer, a position's loading, a log's replay, Socks advice, the Locked Network's
#: input and answer). ``--part front`` mutates these instead of the engine and rule modules.
FRONT_MODULES: dict[str, tuple[str, ...]] = {
    "whitehouse": ("io", "question", "position", "log", "network/io", "network/answer"),
    "socks": ("io", "advise", "log"),
    "social": ("io",),
    "likes": ("io",),
}
#: The parts a campaign may mutate.
PARTS = {"engine": MODULES, "front": FRONT_MODULES}

#: Calls whose arguments from the given position on are words for people, not answers: the
#: sentence and detail of a broken rule (its name and, for Likes and Lies, the JSON path of the
#: input count), and every argument of a bad-input error (exit 2 either way; only its text
#: differs).
MESSAGE_CALLS = {"RuleBroken": 1, "IllegalMove": 1, "IllegalInput": 2, "InputError": 0, "SetupError": 0,
                 "ValueError": 0}
MESSAGE_KEYWORDS = {"sentence", "detail", "message", "reason", "why", "note", "text"}

#: mutmut's exit codes, as it reads them.
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
          36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          -11: "crashed", -9: "crashed", None: "not run", 2: "not run", 37: "killed"}


#: Functions that run only while their module is imported (pydantic builds the Locked Network's
#: input schema with them). mutmut forks each mutant from a process that has imported the module
#: already, so it never sees their mutants: each it reports alive is judged again in a fresh
#: interpreter (``judge_import_time``).
IMPORT_TIME: dict[str, frozenset[str]] = {
    "whitehouse": frozenset({"network/io:_without_none", "network/io:_as_given", "network/io:_rules_schema"}),
}

#: Who may kill a mutant: the game's tests, `verify checks` alone (every invariant proved under the
#: defaults, and the option matrix as recorded: tests/checks/test_checks_gate.py), `verify rulings`
#: alone, or checks and rulings together.
KILLERS = ("tests", "checks", "rulings", "checks+rulings")


#: The arguments every test run of a mutant adds: Hypothesis's CI budgets.
PYTEST_ARGS = ["--hypothesis-profile", "ci"]


def _child_env(**extra: str) -> dict[str, str]:
    """The environment of a mutant's test run: no bytecode written into the scratch copy, and no
    PYTHONPATH, so that the mutated copy comes first."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **extra)
    env.pop("PYTHONPATH", None)
    return env


def _rulings_paths(game: str) -> list[str]:
    return [path for path in (f"tests/checks/{game}/test_{game}_rulings.py", "tests/checks/test_checks_rulings.py")
            if (CHECKOUT / path).exists()]


def test_paths(game: str, killers: str = "tests") -> list[str]:
    """The tests a game's mutants run against, as pytest arguments."""
    # The proofs under the defaults come first (faster); the option matrix runs only for a mutant
    # they leave alive, since mutmut stops at a mutant's first failing test.
    checks = f"(proves_every_invariant or option_matrix) and {game}"
    if killers == "checks":
        return ["tests/checks/test_checks_gate.py", "-k", checks]
    # The rulings: the game's engine rulings and question rulings (``verify rulings``), and every
    # ruling under every option value it does not state (``verify rulings --all-options``).
    rulings = f"rulings and {game}"
    if killers == "rulings":
        return ["tests/checks/test_checks_gate.py", *_rulings_paths(game), "-k", rulings]
    if killers == "checks+rulings":
        return ["tests/checks/test_checks_gate.py", *_rulings_paths(game), "-k", f"({checks}) or ({rulings})"]
    args = [f"tests/model/{game}", *_rulings_paths(game)]
    args += [f"--ignore={p.relative_to(CHECKOUT)}" for p in sorted((CHECKOUT / "tests" / "model" / game).glob("test_*_random.py"))]
    return args


# -- the scratch copy -----------------------------------------------------------------------------


def prepare(workdir: Path, game: str, killers: str = "tests", part: str = "engine") -> None:
    """A fresh copy of the checkout's tracked files, with a [tool.mutmut] section for the game."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=CHECKOUT, capture_output=True, check=True).stdout.split(b"\0")
    for raw in files:
        if not raw:
            continue
        source = CHECKOUT / raw.decode()
        target = workdir / raw.decode()
        if source.is_symlink():
            # A link stays a link (model/examples -> ../examples: the shipped examples as package
            # data, which the question rulings read).
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(os.readlink(source))
        elif source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    shared = CHECKOUT.parent / "shared"
    if shared.exists():
        # The quote tests look two folders above tests/ inside mutants/, i.e. beside it.
        (workdir / "shared").symlink_to(shared.resolve())
    modules = [f"model/{game}/{m}.py" for m in PARTS[part][game]]
    section = {
        "source_paths": ["model"],
        "only_mutate": modules,
        # mutmut copies the source tree without following links: the shipped examples the question
        # rulings read as package data (model/examples -> ../examples) are copied in as a folder.
        "also_copy": ["solver", "checks", "cli.py", "cli_boundary.py", "cli_output.py", "cli_questions.py", "examples",
                      "model/examples", "docs", "README.md"],
        "pytest_add_cli_args_test_selection": test_paths(game, killers),
        "pytest_add_cli_args": PYTEST_ARGS,
        "use_git_change_detection": False,
    }
    lines = ["", "[tool.mutmut]"] + [f"{k} = {json.dumps(v)}" for k, v in section.items()]
    with open(workdir / "pyproject.toml", "a") as f:
        f.write("\n".join(lines) + "\n")  # JSON's strings, lists and booleans are TOML's too


# -- the mutants, described ----------------------------------------------------------------------


@dataclass
class Mutant:
    name: str  # mutmut's name: model.socks.scoring.x_score__mutmut_3
    module: str  # engine
    function: str  # Class.method or function
    description: str  # module:function: old => new
    message: bool  # only the text of a message changes


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    found: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = node  # type: ignore[assignment]
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    found[item.name] = item  # type: ignore[assignment]
    return found


Difference = tuple[ast.AST, tuple[ast.AST, ...], bool]


def _differences(a: ast.AST, b: ast.AST, ancestors: tuple[ast.AST, ...], out: list[Difference]) -> None:
    """The smallest original subtrees that differ between a function and its mutant."""
    if type(a) is not type(b):
        out.append((a, ancestors, False))
        return
    for name, value in ast.iter_fields(a):
        other = getattr(b, name, None)
        if isinstance(value, ast.AST) and isinstance(other, ast.AST):
            _differences(value, other, (*ancestors, a), out)
        elif isinstance(value, list) and isinstance(other, list):
            if len(value) != len(other):
                # An element removed (an argument dropped): the removed originals differ.
                matcher = difflib.SequenceMatcher(a=[ast.dump(x) if isinstance(x, ast.AST) else repr(x) for x in value],
                                                  b=[ast.dump(y) if isinstance(y, ast.AST) else repr(y) for y in other])
                removed = [value[i] for tag, i1, i2, _, _ in matcher.get_opcodes() if tag in ("delete", "replace")
                           for i in range(i1, i2)]
                if removed and all(isinstance(x, ast.AST) for x in removed):
                    out += [(x, (*ancestors, a), True) for x in removed]
                else:
                    out.append((a, ancestors, False))
                return
            for x, y in zip(value, other, strict=True):
                if isinstance(x, ast.AST) and isinstance(y, ast.AST):
                    _differences(x, y, (*ancestors, a), out)
                elif x != y:
                    out.append((a, ancestors, False))
                    return
        elif value != other and name not in ("lineno", "col_offset", "end_lineno", "end_col_offset", "ctx"):
            out.append((a, ancestors, False))
            return


def _is_message(node: ast.AST, ancestors: tuple[ast.AST, ...], removed: bool) -> bool:
    """Whether changing ``node`` changes only words. An argument removed is never words only:
    the call then fails."""
    if removed:
        return False
    if any(isinstance(a, ast.JoinedStr) for a in (*ancestors, node)):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value:
        return True
    chain = (*ancestors, node)
    for i, a in enumerate(chain[:-1]):
        child = chain[i + 1]
        if isinstance(a, ast.keyword) and a.arg in MESSAGE_KEYWORDS:
            return True
        if isinstance(a, ast.Call):
            callee = a.func.id if isinstance(a.func, ast.Name) else getattr(a.func, "attr", "")
            first = MESSAGE_CALLS.get(callee)
            if first is not None and child in a.args and a.args.index(child) >= first:
                return True
    return False


def describe(workdir: Path, game: str, part: str = "engine") -> dict[str, Mutant]:
    """Every mutant of the game's modules, from mutmut's own mutation of each file."""
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name

    here = os.getcwd()
    os.chdir(workdir)  # mutmut reads its configuration from the working folder
    try:
        mutants: dict[str, Mutant] = {}
        for module in PARTS[part][game]:
            path = Path("model") / game / f"{module}.py"
            mutated = mutate_file_contents(str(path), path.read_text())
            functions = _functions(ast.parse(mutated.code))
            lines = mutated.code.splitlines()
            for short in mutated.mutant_names:
                full = get_mutant_name(path, short)
                generated = short.rpartition(".")[2]
                base = generated.partition("__mutmut_")[0]
                original = functions[base + "__mutmut_orig"]
                changed = functions[generated]
                out: list[Difference] = []
                a_body = ast.Module(body=original.body, type_ignores=[])
                b_body = ast.Module(body=changed.body, type_ignores=[])
                _differences(a_body, b_body, (), out)
                message = bool(out) and all(_is_message(*difference) for difference in out)
                # mutmut's names: x_function, xǁClassǁmethod.
                function = base[2:] if base.startswith("x_") else ".".join(base[1:].strip("ǁ").split("ǁ"))
                # The function with its signature (a default value may be the mutant), each under
                # the function's own name.
                own = function.rpartition(".")[2]
                old = [x.replace(base + "__mutmut_orig", own) for x in lines[original.lineno - 1:original.end_lineno]]
                new = [x.replace(generated, own) for x in lines[changed.lineno - 1:changed.end_lineno]]
                delta = list(difflib.ndiff(old, new))
                minus = [" ".join(x[2:].split()) for x in delta if x.startswith("- ")]
                plus = [" ".join(x[2:].split()) for x in delta if x.startswith("+ ")]
                text = f"{module}:{function}: {' / '.join(minus)} => {' / '.join(plus)}"
                mutants[full] = Mutant(full, module, function, text, message)
        return mutants
    finally:
        os.chdir(here)


# -- running ------------------------------------------------------------------------------------


def run_mutmut(workdir: Path, names: list[str], seconds: float, workers: int) -> bool:
    """mutmut on the chosen mutants; stopped at the deadline. True when it finished in time."""
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if mutmut is None:
        sys.exit("mutmut is not installed: pip install -e '.[dev]' (or pip install mutmut)")
    log = open(workdir / "mutmut.log", "w")
    env = _child_env()
    process = subprocess.Popen(["nice", "-n", "10", mutmut, "run", "--max-children", str(workers), *names],
                               cwd=workdir, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    # The deadline counts from the first mutant; before it mutmut maps tests to functions.
    started = time.monotonic()
    mutating_since: float | None = None
    while process.poll() is None:
        time.sleep(2)
        if mutating_since is None and "Running mutation testing" in (workdir / "mutmut.log").read_text(errors="replace"):
            mutating_since = time.monotonic()
        if mutating_since is not None and time.monotonic() - mutating_since > seconds:
            break
        if time.monotonic() - started > seconds * 3 + 600:
            break
    finished = process.poll() is not None
    if not finished:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    log.close()
    text = (workdir / "mutmut.log").read_text(errors="replace")
    for failure in ("failed to collect stats", "Failed to run clean test", "Stopping early"):
        if failure in text:
            sys.exit(f"mutmut stopped before the mutants: {failure}; see {workdir / 'mutmut.log'}")
    return finished


def results(workdir: Path, game: str, part: str = "engine") -> dict[str, str]:
    found: dict[str, str] = {}
    for module in PARTS[part][game]:
        meta = workdir / "mutants" / "model" / game / f"{module}.py.meta"
        if meta.exists():
            for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
                found[name] = STATUS.get(code, "crashed")
    return found


def judge_import_time(workdir: Path, game: str, killers: str, mutants: dict[str, Mutant], chosen: set[str],
                      status: dict[str, str]) -> dict[str, str]:
    """The mutants of import-time functions (``IMPORT_TIME``) that mutmut reports alive, each run
    again in a fresh interpreter, the mutant switched on from the start, against the same tests.
    Nothing is judged when those tests fail with no mutant switched on."""
    marked = IMPORT_TIME.get(game, frozenset())
    alive = sorted(n for n in chosen if f"{mutants[n].module}:{mutants[n].function}" in marked
                   and status.get(n) == "survived")
    if not alive:
        return status

    def fails(mutant: str) -> bool:
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *PYTEST_ARGS,
                   *test_paths(game, killers)]
        run = subprocess.run(command, cwd=workdir / "mutants", env=_child_env(MUTANT_UNDER_TEST=mutant),
                             capture_output=True)
        return run.returncode != 0

    if fails(""):
        print("import-time mutants not judged again: the tests fail with no mutant switched on", file=sys.stderr)
        return status
    return {**status, **{name: "killed" if fails(name) else "survived" for name in alive}}


# -- the table ----------------------------------------------------------------------------------


def explanation(description: str, known: dict[str, str]) -> str | None:
    """The reason a surviving mutant is harmless, if the file of known ones gives one: keyed by
    the whole description, or by ``module:function: old line => *`` for any change of that line."""
    if description in known:
        return known[description]
    for key, reason in known.items():
        if key.endswith("=> *") and description.startswith(key[:-1]):
            return reason
    return None


@dataclass
class Row:
    module: str
    mutants: int = 0
    text: int = 0
    chosen: int = 0
    killed: int = 0
    timeout: int = 0
    explained: int = 0
    survived: list[Mutant] = field(default_factory=list)
    not_run: int = 0

    @property
    def counted(self) -> int:
        return self.killed + self.timeout + len(self.survived)

    def score(self) -> str:
        return f"{100 * (self.killed + self.timeout) / self.counted:.1f}%" if self.counted else "-"


def table(game: str, mutants: dict[str, Mutant], chosen: set[str], status: dict[str, str], sample: int,
          part: str = "engine") -> tuple[list[Row], Row]:
    known = json.loads(EQUIVALENTS.read_text()).get(game, {}) if EQUIVALENTS.exists() else {}
    rows = {m: Row(m) for m in PARTS[part][game]}
    for mutant in mutants.values():
        row = rows[mutant.module]
        row.mutants += 1
        if mutant.message:
            row.text += 1
        if mutant.name not in chosen:
            continue
        row.chosen += 1
        state = status.get(mutant.name, "not run")
        if state == "killed":
            row.killed += 1
        elif state == "timeout":
            row.timeout += 1
        elif state == "survived" or state == "no tests":
            if explanation(mutant.description, known) is not None:
                row.explained += 1
            else:
                row.survived.append(mutant)
        else:
            row.not_run += 1
    total = Row("total")
    for row in rows.values():
        for name in ("mutants", "text", "chosen", "killed", "timeout", "explained", "not_run"):
            setattr(total, name, getattr(total, name) + getattr(row, name))
        total.survived += row.survived
    return list(rows.values()), total


def print_table(game: str, rows: list[Row], total: Row, sample: int, seed: int, seconds: float, finished: bool,
                again: bool = False, killers: str = "tests") -> None:
    sampled = f"a seeded sample (seed {seed}) of at most {sample} per module" if sample else "every counted mutant"
    if again:
        sampled = "the mutants of the last run (its sample), the survivors run again"
    print(f"\n{game} (killers: {killers}): {sampled}; budget {seconds:.0f} s{'' if finished else ' (reached: the rest is not run)'}")
    head = f"{'module':<14} {'mutants':>7} {'text':>5} {'run':>5} {'killed':>6} {'timeout':>7} {'explained':>9} {'survived':>8} {'not run':>7} {'score':>7}"
    print(head)
    print("-" * len(head))
    for row in (*rows, total):
        if row is total:
            print("-" * len(head))
        print(f"{row.module:<14} {row.mutants:>7} {row.text:>5} {row.chosen:>5} {row.killed:>6} {row.timeout:>7} "
              f"{row.explained:>9} {len(row.survived):>8} {row.not_run:>7} {row.score():>7}")
    print(f"\n{game}: {total.score()} of the mutants that can change an answer killed "
          f"({total.killed + total.timeout} of {total.counted}; {total.explained} explained survivors and "
          f"{total.text} message-text mutants left out)")
    if total.survived:
        print("\nsurvivors without an explanation in benchmarks/mutation_equivalents.json:")
        for mutant in total.survived:
            print(f"  {mutant.name}\n      {mutant.description}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    smoke = "--smoke" in (sys.argv[1:] if argv is None else argv)
    parser.add_argument("--smoke", action="store_true",
                        help="only check that every module the campaign mutates exists, run nothing: CI runs it")
    parser.add_argument("--game", required=not smoke, choices=sorted(MODULES))
    parser.add_argument("--seconds", type=float, default=600, help="budget of the mutant runs (default 600)")
    parser.add_argument("--workers", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--sample", type=int, default=0, help="at most N mutants per module, seeded (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workdir", type=Path, help="scratch copy (default $TMPDIR/tabletop-mutation/GAME)")
    parser.add_argument("--with-messages", action="store_true", help="run message-text mutants too")
    parser.add_argument("--only", nargs="*", default=None, help="run only these mutants (mutmut names)")
    parser.add_argument("--report", action="store_true", help="print the table of the last run in --workdir, run nothing")
    parser.add_argument("--again", action="store_true",
                        help="run again only what the last run (same --workdir, --sample, --seed) left alive or "
                             "did not run, with the checkout's tests as they are now; killed mutants stay killed")
    parser.add_argument("--json", type=Path, help="write every mutant with its status here")
    parser.add_argument("--part", choices=sorted(PARTS), default="engine",
                        help="what to mutate: the engine and rule modules (default) or the front-end modules "
                             "(what reads documents and states verdicts)")
    parser.add_argument("--killers", choices=KILLERS, default="tests",
                        help="what may kill a mutant: the game's tests (default), verify checks alone, "
                             "verify rulings alone, or checks and rulings together")
    args = parser.parse_args(argv)
    if args.smoke:
        modules = [f"model/{game}/{module}.py" for part in PARTS.values() for game, names in part.items()
                   for module in names]
        missing = [path for path in modules if not (CHECKOUT / path).is_file()]
        print(f"{len(modules)} modules, {len(missing)} missing" + (f": {', '.join(missing)}" if missing else ""))
        return 1 if missing else 0

    name = args.game if args.killers == "tests" else f"{args.game}-{args.killers.replace('+', '-')}"
    name += "-front" if args.part == "front" else ""
    workdir = args.workdir or Path(tempfile.gettempdir()) / "tabletop-mutation" / name
    saved = workdir.with_name(workdir.name + ".results.json")
    before: dict[str, str] = json.loads(saved.read_text()) if (args.again or args.report) and saved.exists() else {}
    if not args.report:
        prepare(workdir, args.game, args.killers, args.part)
    mutants = describe(workdir, args.game, args.part)
    candidates = [m for m in mutants.values() if args.with_messages or not m.message]
    if args.only is not None:
        candidates = [m for m in candidates if m.name in set(args.only)]
    if args.sample:
        rng = random.Random(args.seed)
        picked: list[Mutant] = []
        for module in PARTS[args.part][args.game]:
            of_module = [m for m in candidates if m.module == module]
            picked += of_module if len(of_module) <= args.sample else rng.sample(of_module, args.sample)
        candidates = picked
    # With --again or --report the same arguments draw the same sample: what the last run left
    # alive or did not reach runs again.
    chosen = {m.name for m in candidates}
    finished = True
    again = {name for name in chosen if before.get(name, "not run") not in ("killed", "timeout")}
    if not args.report:
        finished = run_mutmut(workdir, sorted(again if args.again else chosen), args.seconds, args.workers)
    status = before if args.report else results(workdir, args.game, args.part)
    if not args.report:
        status = judge_import_time(workdir, args.game, args.killers, mutants, chosen, status)
    if args.again:
        status = {**before, **{name: state for name, state in status.items() if name in again}}
    if not args.report:
        saved.write_text(json.dumps(status, indent=0, sort_keys=True) + "\n")
    rows, total = table(args.game, mutants, chosen, status, args.sample, args.part)
    print_table(args.game, rows, total, args.sample, args.seed, args.seconds, finished, args.again or args.report,
                args.killers)
    if args.json:
        args.json.write_text(json.dumps({m.name: {"description": m.description, "message": m.message,
                                                  "status": status.get(m.name, "not run") if m.name in chosen else "not chosen"}
                                         for m in mutants.values()}, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
