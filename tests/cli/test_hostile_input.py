"""Hostile input, to every command that reads a file and to every file option.

Each case runs the installed ``verify`` as a subprocess, from an empty folder, and must end with
exit 2 and one line on standard error naming the file and (where there is one) the JSON path;
it must write nothing (no output file, nothing in the folder) and stay within 2 seconds of CPU
time and 200 MB of memory (both measured for that one child by ``os.wait4``). CPU time, not
wall time, so that a machine shared with other work does not fail the test; a wall-time limit of
its own stops a command that hangs.

The cases: malformed JSON, NaN and Infinity, a 400-digit and a 2**64 integer, 100000 levels of
nesting, a 50 MB file (refused before it is parsed), binary bytes, UTF-16 text, a directory, a
missing file, a duplicate and an unknown key, a negative count, a huge array; and for the output
options (-o, --svg, the examples folder) a directory and a missing folder.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from model.common.errors import join_path

ROOT = Path(__file__).resolve().parents[2]
E = ROOT / "examples"
DATA = Path(str(files("model")))
CPU_SECONDS = 2.0
MEMORY_BYTES = 200 * 1024 * 1024
WALL_SECONDS = 30.0
#: A value no document holds: replaced in the JSON text by the hostile token.
MARK = "\u0000hostile\u0000"


@dataclass(frozen=True)
class Reader:
    """A command reading one file: ``{f}`` marks where the file goes, ``{out}`` an output folder."""

    name: str
    argv: tuple[str, ...]
    base: Path
    #: Where a count lives in the base document (a negative one is refused), if the format has one
    #: (a socks log has none: its seed, which is never negative either).
    count: tuple[str | int, ...] | None = None


READERS = [
    Reader("tricks", ("tricks", "{f}", "--svg", "{out}/net.svg"), E / "whitehouse/seven-tricks.json", ("claim",)),
    Reader("whitehouse replay", ("whitehouse", "replay", "{f}"), E / "whitehouse/games/long-proof.json",
           ("position", "unseen", "supporter")),
    Reader("whitehouse move", ("whitehouse", "move", "{f}", "--list"), E / "whitehouse/positions/legal-take.json",
           ("position", "unseen", "supporter")),
    Reader("whitehouse move --move",
           ("whitehouse", "move", str(E / "whitehouse/positions/legal-take.json"), "--move", "{f}"),
           E / "whitehouse/positions/moves/legal-take.json", ("player",)),
    Reader("whitehouse play --catalogue",
           ("whitehouse", "play", "--seed", "1", "--players", "3", "--catalogue", "{f}", "-o", "{out}/log.json"),
           DATA / "whitehouse/data/whitehouse-sample-catalogue.json", ("supporters", 0, "number")),
    Reader("socks score", ("socks", "score", "{f}", "--svg", "{out}/socks.svg"), E / "socks/tie.json",
           ("players", 0, "sets", "3", 1)),
    Reader("socks FILE", ("socks", "{f}"), E / "socks/score.json", ("cards", 0, "stars")),
    Reader("socks replay", ("socks", "replay", "{f}", "--svg", "{out}/replay.svg"), E / "socks/game.log.json",
           ("seed",)),
    Reader("socks advise", ("socks", "advise", "{f}"), E / "socks/position.json", ("players", 0, "gifts")),
    Reader("socks play --catalogue", ("socks", "play", "--seed", "1", "--catalogue", "{f}", "-o", "{out}/log.json"),
           DATA / "socks/data/socks-sample-catalogue.json", ("cards", 0, "stars")),
    Reader("social round", ("social", "round", "{f}", "--svg", "{out}/round.svg"), E / "social/round.json"),
    Reader("social game", ("social", "game", "{f}"), E / "social/game.json"),
    Reader("social like", ("social", "like", "{f}"), E / "social/like-legal.json"),
    Reader("likes round", ("likes", "round", "{f}", "--svg", "{out}/board.svg"),
           E / "likes/round-third-influencer.json", ("players", 0, "likes")),
    Reader("likes game", ("likes", "game", "{f}"), E / "likes/game-worked-example.json"),
    Reader("likes --board", ("likes", "round", str(E / "likes/round-third-influencer.json"), "--board", "{f}"),
           DATA / "likes/data/likes-sample-board.json", ("spaces_to_viral",)),
    Reader("likes --events", ("likes", "game", str(E / "likes/game-worked-example.json"), "--events", "{f}"),
           DATA / "likes/data/likes-sample-events.json"),
    Reader("likes --intents", ("likes", "game", str(E / "likes/game-worked-example.json"), "--intents", "{f}"),
           DATA / "likes/data/likes-sample-intents.json"),
]


def _first_leaf(value: Any, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...]:
    """The path of the first number or string in document order."""
    if isinstance(value, dict):
        for key, item in value.items():
            found = _first_leaf(item, (*path, key))
            if found:
                return found
        return ()
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = _first_leaf(item, (*path, index))
            if found:
                return found
        return ()
    return path if not isinstance(value, bool) and value is not None else ()


def _first_list(value: Any, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    if isinstance(value, list) and value:
        return path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, item in items:
        found = _first_list(item, (*path, key))
        if found is not None:
            return found
    return None


def _replace(document: Any, path: tuple[str | int, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        return {k: (_replace(v, rest, new) if k == head else v) for k, v in document.items()}
    return [(_replace(v, rest, new) if i == head else v) for i, v in enumerate(document)]


def _get(document: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def _shown(path: tuple[str | int, ...]) -> str:
    shown = ""
    for step in path:
        shown = join_path(shown, step)
    return shown


def _token(document: Any, path: tuple[str | int, ...], token: str) -> bytes:
    """The document with the value at ``path`` written as ``token`` (text JSON cannot hold)."""
    text = json.dumps(_replace(document, path, MARK))
    return text.replace(json.dumps(MARK), token).encode()


@dataclass(frozen=True)
class Case:
    reader: Reader
    kind: str
    #: The file's content (``HUGE_FILE``: 50 MB, made when the case runs); None for a directory
    #: or a missing file.
    content: bytes | None
    #: The JSON path the message must name ("" when the refusal is of the whole file).
    path: str
    directory: bool = False

    @property
    def id(self) -> str:
        return f"{self.reader.name}: {self.kind}"


BIG = 50 * 1024 * 1024
HUGE_FILE = b"<50 MB>"


def cases_for(reader: Reader) -> list[Case]:
    text = reader.base.read_text(encoding="utf-8")
    document = json.loads(text)
    leaf = _first_leaf(document)
    found = [
        Case(reader, "malformed JSON", text.rstrip().rstrip("}").encode(), ""),
        Case(reader, "NaN", _token(document, leaf, "NaN"), _shown(leaf)),
        Case(reader, "Infinity", _token(document, leaf, "-Infinity"), _shown(leaf)),
        Case(reader, "400-digit integer", _token(document, leaf, "9" * 400), _shown(leaf)),
        Case(reader, "2**64", _token(document, leaf, str(2**64)), _shown(leaf)),
        Case(reader, "deep nesting", b"[" * 100_000 + b"]" * 100_000, ""),
        Case(reader, "50 MB file", HUGE_FILE, ""),
        Case(reader, "binary", bytes(range(256)) * 64, ""),
        Case(reader, "UTF-16", text.encode("utf-16"), ""),
        Case(reader, "a directory", None, "", directory=True),
        Case(reader, "a missing file", None, ""),
    ]
    first = next(iter(document))
    duplicated = "{" + json.dumps(first) + ": " + json.dumps(document[first]) + ", " + json.dumps(document)[1:]
    found.append(Case(reader, "duplicate key", duplicated.encode(), first))
    found.append(Case(reader, "unknown key", json.dumps({**document, "no_such_key": 1}).encode(), "no_such_key"))
    if reader.count is not None:
        assert isinstance(_get(document, reader.count), int)
        found.append(Case(reader, "negative count", json.dumps(_replace(document, reader.count, -1)).encode(),
                          _shown(reader.count)))
    listed = _first_list(document)
    assert listed is not None
    item = json.dumps(_get(document, listed)[0])
    copies = max(100_000, 900_000 // (len(item) + 2))
    huge = json.dumps(_replace(document, listed, [MARK])).replace(json.dumps(MARK), ", ".join([item] * copies))
    if len(huge) > 1_000_000:  # keep under the size limit: the array, not the file, is refused
        copies = (1_000_000 - len(json.dumps(document))) // (len(item) + 2)
        huge = json.dumps(_replace(document, listed, [MARK])).replace(json.dumps(MARK), ", ".join([item] * copies))
    found.append(Case(reader, "huge array", huge.encode(), ""))
    return found


CASES = [case for reader in READERS for case in cases_for(reader)]


@dataclass(frozen=True)
class Run:
    status: int
    stdout: str
    stderr: str
    cpu: float
    memory: int
    written: list[str]
    file: str


def _verify() -> str:
    script = Path(sys.executable).parent / "verify"
    assert script.is_file(), f"the installed command is missing: {script}"
    return str(script)


def run_case(case: Case, root: Path) -> Run:
    """Run one case from an empty folder; what it wrote, how long and how big it was."""
    work = root / "work"
    inputs = root / "in"
    out = root / "out"
    for folder in (work, inputs, out):
        folder.mkdir(parents=True)
    target = inputs / "input.json"
    if case.directory:
        target.mkdir()
    elif case.content is HUGE_FILE:
        with target.open("wb") as handle:
            handle.write(b'{"note": "')
            for _ in range(BIG // 2**20):
                handle.write(b"x" * 2**20)
            handle.write(b'"}')
    elif case.content is not None:
        target.write_bytes(case.content)
    argv = [a.replace("{f}", str(target)).replace("{out}", str(out)) for a in case.reader.argv]
    try:
        return _measure([_verify(), *argv], work, [work, out], str(target))
    finally:
        if target.is_file():
            target.unlink()  # the 50 MB files would add up


#: Runs the command and reports its own exit status, CPU time and peak memory: a small process of
#: its own, so that the peak measured is the command's (a child forked from the test process would
#: report the test process's size as its own until it runs the command).
LAUNCHER = """
import json, os, signal, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
signal.signal(signal.SIGTERM, lambda *_: child.kill())
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as out:
    json.dump([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss], out)
"""


def _measure(argv: list[str], cwd: Path, watched: list[Path], file: str) -> Run:
    env = {k: v for k, v in os.environ.items() if k != "VERIFY_DEBUG"}
    report = cwd.parent / f".{cwd.name}-usage.json"
    launcher = subprocess.Popen([sys.executable, "-I", "-S", "-c", LAUNCHER, str(report), *argv], cwd=cwd, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    try:
        stdout, stderr = launcher.communicate(timeout=WALL_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(launcher.pid, signal.SIGKILL)
        launcher.communicate()
        pytest.fail(f"no answer within {WALL_SECONDS} s: {argv}")
    status, cpu, peak = json.loads(report.read_text())
    report.unlink()
    written = sorted(str(p) for folder in watched for p in folder.rglob("*"))
    return Run(status, stdout.decode(errors="replace"), stderr.decode(errors="replace"), cpu, peak * 1024, written,
               file)


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict[str, Run]:
    """Every case, run two at a time (each measured alone by wait4)."""
    root = tmp_path_factory.mktemp("hostile")
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {case.id: pool.submit(run_case, case, root / str(i)) for i, case in enumerate(CASES)}
        return {name: future.result() for name, future in futures.items()}


def check(run: Run, path: str, name: str | None = None) -> None:
    lines = run.stderr.splitlines()
    assert run.status == 2, (run.status, run.stderr[-500:])
    assert len(lines) == 1, run.stderr[-1000:]
    assert "Traceback" not in run.stderr
    line = lines[0]
    named = name if name is not None else run.file
    assert line.startswith(f"verify: {named}"), line
    if path:
        assert f"{named}: {path}: " in line, line
    assert run.stdout == "", run.stdout[:300]
    assert run.written == [], run.written
    assert run.cpu < CPU_SECONDS, f"{run.cpu:.2f} s of CPU"
    assert run.memory < MEMORY_BYTES, f"{run.memory / 2**20:.0f} MB"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input_is_one_line_of_bad_input(case: Case, results: dict[str, Run]) -> None:
    check(results[case.id], case.path)


def test_the_size_limit_is_stated_and_checked_before_parsing(results: dict[str, Run]) -> None:
    from model.common.jsonio import MAX_BYTES

    run = results["tricks: 50 MB file"]
    assert f"{MAX_BYTES // 1024} KiB limit" in run.stderr
    assert run.memory < 100 * 2**20  # 50 MB were never read whole


@pytest.mark.parametrize("argv", [
    ["tricks", "-"], ["socks", "score", "-"], ["whitehouse", "replay", "-"], ["social", "like", "-"],
])
def test_an_oversize_standard_input_is_refused_before_it_is_read_whole(argv, tmp_path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b'{"note": "' + b"x" * BIG + b'"}')
    work = tmp_path / "work"
    work.mkdir()
    with big.open("rb") as stdin:
        child = subprocess.run([_verify(), *argv], cwd=work, stdin=stdin, capture_output=True, text=True,
                               timeout=WALL_SECONDS)
    assert child.returncode == 2 and child.stderr.startswith("verify: <stdin>: ")
    assert child.stderr.count("\n") == 1 and "limit" in child.stderr


# --- output options: a directory, a missing folder ---

OUTPUTS = [
    ("socks play -o", ["socks", "play", "--seed", "1", "-o", "{target}"], "--output"),
    ("whitehouse play -o", ["whitehouse", "play", "--seed", "1", "--players", "2", "-o", "{target}"], "--output"),
    ("whitehouse play --out", ["whitehouse", "play", "--seed", "1", "--players", "2", "--out", "{target}"], "--out"),
    ("tricks --svg", ["tricks", str(E / "whitehouse/seven-tricks.json"), "--svg", "{target}"], "--svg"),
    ("socks score --svg", ["socks", "score", str(E / "socks/score.json"), "--svg", "{target}"], "--svg"),
    ("socks replay --svg", ["socks", "replay", str(E / "socks/game.log.json"), "--svg", "{target}"], "--svg"),
    ("social round --svg", ["social", "round", str(E / "social/round.json"), "--svg", "{target}"], "--svg"),
    ("social game --svg", ["social", "game", str(E / "social/game.json"), "--svg", "{target}"], "--svg"),
    ("likes round --svg", ["likes", "round", str(E / "likes/round-third-influencer.json"), "--svg", "{target}"],
     "--svg"),
    ("likes game --svg", ["likes", "game", str(E / "likes/game-worked-example.json"), "--svg", "{target}"], "--svg"),
]


@pytest.mark.parametrize("kind", ["a directory", "a missing folder"])
@pytest.mark.parametrize(("name", "argv", "flag"), OUTPUTS, ids=[o[0] for o in OUTPUTS])
def test_an_output_file_that_cannot_be_written_is_one_line_and_writes_nothing(name, argv, flag, kind,
                                                                               tmp_path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    target = work / "taken" if kind == "a directory" else work / "missing" / "out.file"
    if kind == "a directory":
        target.mkdir()
    run = _measure([_verify(), *[a.replace("{target}", str(target)) for a in argv]], work, [work], flag)
    if kind == "a directory":
        assert run.written == [str(target)]
        run = Run(run.status, run.stdout, run.stderr, run.cpu, run.memory, [], run.file)
    check(run, "", flag)
    assert str(target) in run.stderr


def test_the_examples_folder_that_is_a_file_is_refused(tmp_path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "taken").write_text("a file")
    run = _measure([_verify(), "examples", "taken"], work, [work], "taken")
    assert run.status == 2 and run.stderr.count("\n") == 1 and run.stderr.startswith("verify: taken")
    assert run.written == [str(work / "taken")] and (work / "taken").read_text() == "a file"
