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
options (-o, --svg, the examples folder) a directory, a missing folder, a link to a directory, a
link loop, a full device, a full disk, no permission and an immutable file (each one line, the
folder left as it was), and the places a write goes through without replacing them: a symbolic
link (and a chain of them, and one to a missing file), a FIFO, a device and /dev/stdout.
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


# --- output options: every writer of a file ---

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


def test_the_examples_folder_that_is_a_file_is_refused(tmp_path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "taken").write_text("a file")
    run = _measure([_verify(), "examples", "taken"], work, [work], "taken")
    assert run.status == 2 and run.stderr.count("\n") == 1 and run.stderr.startswith("verify: taken")
    assert run.written == [str(work / "taken")] and (work / "taken").read_text() == "a file"


# --- output paths: what is there is written through, never replaced by a file ---
#
# Every writer (-o, --out, --svg, the examples folder) meets each place a write cannot go: it must
# end with one line (exit 2) naming the option and the path, and leave the folder exactly as it
# was (nothing replaced, no temporary file). The places it can go (a link, a FIFO, a device,
# /dev/stdout) are written through, on one writer of each kind.

#: Run as root, permission checks are bypassed (CAP_DAC_OVERRIDE): the command runs with those
#: capabilities dropped from its bounding set, so that root is refused a folder of mode 0555 too.
_NO_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]
#: Runs a command with at most 64 bytes per file written (RLIMIT_FSIZE): a write past them fails
#: with EFBIG, as one on a full disk fails with ENOSPC (Python ignores SIGXFSZ).
_SMALL_FILES = [sys.executable, "-I", "-S", "-c",
                "import os, resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64)); "
                "os.execv(sys.argv[1], sys.argv[1:])"]


def _snapshot(folder: Path) -> dict[str, Any]:
    """What is in ``folder``: each node's type, and a file's bytes or a link's target."""
    found: dict[str, Any] = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        if path.is_symlink():
            found[str(path)] = ("link", os.readlink(path))
        elif path.is_file():
            found[str(path)] = ("file", path.read_bytes(), mode & 0o7777)
        else:
            found[str(path)] = (mode & 0o170000, None)
    return found


def _device_like(real: str, work: Path) -> Path:
    """A device node that is ``real`` (/dev/full, /dev/null) in ``work``, so that a command that
    replaced it would replace only this copy; the real one where nodes cannot be made (not root:
    then the command cannot replace the real one either)."""
    copy = work / Path(real).name
    try:
        os.mknod(copy, 0o666 | 0o020000, os.stat(real).st_rdev)
    except (OSError, AttributeError):
        if os.geteuid() == 0:
            pytest.skip(f"cannot make a device node like {real} here")
        return Path(real)
    return copy


def _immutable(path: Path, on: bool) -> bool:
    flag = "+i" if on else "-i"
    try:
        return subprocess.run(["chattr", flag, str(path)], capture_output=True).returncode == 0
    except OSError:
        return False


OUTPUT_FAILURES = ["a directory", "a missing folder", "a link to a directory", "a link loop", "a full device",
                   "no permission", "an immutable file", "a full disk"]


def _failure_target(kind: str, work: Path) -> tuple[Path, list[str]]:
    """The path to write for ``kind``, made in ``work``, and the prefix the command runs under."""
    if kind == "a directory":
        (work / "taken").mkdir()
        return work / "taken", []
    if kind == "a missing folder":
        return work / "missing" / "out.file", []
    if kind == "a link to a directory":
        (work / "folder").mkdir()
        (work / "link").symlink_to("folder")
        return work / "link", []
    if kind == "a link loop":
        (work / "one").symlink_to("two")
        (work / "two").symlink_to("one")
        return work / "one", []
    if kind == "a full device":
        return _device_like("/dev/full", work), []
    if kind == "no permission":
        (work / "locked").mkdir(mode=0o555)
        if os.geteuid() != 0:
            return work / "locked" / "out.file", []
        if subprocess.run(["setpriv", "--version"], capture_output=True).returncode != 0:
            pytest.skip("root without setpriv: no way to be refused a folder")
        return work / "locked" / "out.file", _NO_OVERRIDE
    if kind == "an immutable file":
        kept = work / "kept.file"
        kept.write_text("kept")
        if not _immutable(kept, True):
            pytest.skip("no immutable files here (chattr +i refused)")
        return kept, []
    assert kind == "a full disk"
    return work / "out.file", _SMALL_FILES


_DEVICE_ERRORS = {"a full device": "No space left on device", "a full disk": "File too large",
                  "a link loop": "Too many levels of symbolic links", "a directory": "Is a directory",
                  "a link to a directory": "Is a directory", "a missing folder": "No such file or directory",
                  "no permission": "Permission denied", "an immutable file": "Operation not permitted"}


@pytest.mark.parametrize("kind", OUTPUT_FAILURES)
@pytest.mark.parametrize(("name", "argv", "flag"), OUTPUTS, ids=[o[0] for o in OUTPUTS])
def test_an_output_file_that_cannot_be_written_is_one_line_and_writes_nothing(name, argv, flag, kind,
                                                                               tmp_path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    target, prefix = _failure_target(kind, work)
    before = _snapshot(work)
    try:
        run = _measure([*prefix, _verify(), *[a.replace("{target}", str(target)) for a in argv]], work, [],
                       flag)
        after = _snapshot(work)
    finally:
        if kind == "an immutable file":
            _immutable(target, False)
    check(run, "", flag)
    assert f"cannot write {target}" in run.stderr and _DEVICE_ERRORS[kind] in run.stderr, run.stderr
    assert after == before
    if kind == "a full device":
        assert target.is_char_device()


@pytest.mark.parametrize("kind", ["a missing folder's parent is a file", "no permission"])
def test_an_examples_folder_that_cannot_be_written_is_one_line_and_writes_nothing(kind, tmp_path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    prefix: list[str] = []
    if kind == "no permission":
        (work / "locked").mkdir(mode=0o555)
        target = work / "locked" / "examples"
        if os.geteuid() == 0:
            if subprocess.run(["setpriv", "--version"], capture_output=True).returncode != 0:
                pytest.skip("root without setpriv: no way to be refused a folder")
            prefix = _NO_OVERRIDE
    else:
        (work / "plain").write_text("a file")
        target = work / "plain" / "examples"
    before = _snapshot(work)
    run = _measure([*prefix, _verify(), "examples", str(target)], work, [], str(target))
    check(run, "", str(target))
    assert _snapshot(work) == before


def _written_through(argv: list[str], target: Path, work: Path) -> tuple[Run, bytes | None]:
    """Run with the output at ``target`` (a FIFO gets a reader); what the reader got."""
    import threading

    got: list[bytes] = []
    reader = None
    if target.is_fifo():
        def read() -> None:
            with target.open("rb") as fifo:
                got.append(fifo.read())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
    run = _measure([_verify(), *[a.replace("{target}", str(target)) for a in argv]], work, [], str(target))
    if reader is not None:
        if reader.is_alive():  # the command never opened it: let the reader go
            os.close(os.open(target, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    return run, (got[0] if got else None)


#: One writer of each kind: a log (-o) and a picture (--svg); ``-`` writes what a file would hold.
THROUGH = [OUTPUTS[0], OUTPUTS[4]]
PLACES = ["a link", "a chain of links", "a dangling link", "a FIFO", "a device"]


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(("name", "argv", "flag"), THROUGH, ids=[o[0] for o in THROUGH])
def test_an_output_path_that_is_not_a_file_is_written_through_and_kept(name, argv, flag, place, tmp_path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    whole = subprocess.run([_verify(), *[a.replace("{target}", "-") for a in argv]], cwd=work,
                           capture_output=True, timeout=WALL_SECONDS).stdout
    assert whole
    written = work / "real.file"
    if place == "a link":
        written.write_text("old")
        written.chmod(0o600)
        (work / "link").symlink_to("real.file")
        target = work / "link"
    elif place == "a chain of links":
        written.write_text("old")
        (work / "middle").symlink_to(written)
        (work / "first").symlink_to("middle")
        target = work / "first"
    elif place == "a dangling link":
        (work / "link").symlink_to("real.file")
        target = work / "link"
    elif place == "a FIFO":
        target = work / "fifo"
        os.mkfifo(target)
    else:
        target = _device_like("/dev/null", work)
    run, through_fifo = _written_through(argv, target, work)
    assert run.status == 0, run.stderr
    if place == "a FIFO":
        assert through_fifo == whole and target.is_fifo()
    elif place == "a device":
        assert target.is_char_device()
    else:
        assert written.read_bytes() == whole and target.is_symlink()
        assert [p.name for p in work.iterdir() if p.name.startswith(".verify-")] == []
    if place == "a link":  # written over, the file keeps its permissions
        assert written.stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /proc/self/fd here")
@pytest.mark.parametrize(("name", "argv", "flag"), THROUGH, ids=[o[0] for o in THROUGH])
def test_dev_stdout_is_standard_output_itself(name, argv, flag, tmp_path) -> None:
    """/dev/stdout names this process's standard output, wherever it goes: a file opened to
    append keeps what it held (never truncated, never replaced by a new file). The link is made
    here as /dev/stdout is made (to /proc/self/fd/1), so that a writer that replaced it would
    replace this copy, never the machine's."""
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    whole = subprocess.run([_verify(), *[a.replace("{target}", "-") for a in argv]], cwd=tmp_path,
                           capture_output=True, timeout=WALL_SECONDS).stdout
    kept = tmp_path / "kept.txt"
    kept.write_bytes(b"before\n")
    inode = kept.stat().st_ino
    with kept.open("ab") as out:
        child = subprocess.run([_verify(), *[a.replace("{target}", str(stdout)) for a in argv]], cwd=tmp_path,
                               stdout=out, stderr=subprocess.PIPE, timeout=WALL_SECONDS)
    assert child.returncode == 0, child.stderr
    assert kept.read_bytes().startswith(b"before\n" + whole) and kept.stat().st_ino == inode
    piped = subprocess.run([_verify(), *[a.replace("{target}", str(stdout)) for a in argv]], cwd=tmp_path,
                           capture_output=True, timeout=WALL_SECONDS)
    assert piped.returncode == 0 and piped.stdout.startswith(whole)
    assert stdout.is_symlink() and os.readlink(stdout) == "/proc/self/fd/1"


def test_every_file_the_command_writes_goes_through_the_one_writer() -> None:
    """The command line (cli.py, and the modules beside it that build its commands) writes files
    in write_whole_file and the helpers it calls, nowhere else."""
    import ast

    fronts = sorted(ROOT.glob("cli*.py"))
    assert ROOT / "cli.py" in fronts
    tree = ast.Module(body=[node for path in fronts for node in ast.parse(path.read_text(encoding="utf-8")).body],
                      type_ignores=[])
    writer = {"write_whole_file", "_write_by_rename", "_write_in_place", "_write_descriptor", "_write_all",
              "_quiet_stdout"}  # the last opens /dev/null to be standard output: it writes no file
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef) or function.name in writer:
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            called = ast.unparse(node.func)
            mode = next((ast.unparse(a) for a in node.args[1:2]), "") + "".join(
                ast.unparse(k.value) for k in node.keywords if k.arg == "mode")
            if (called in {"os.replace", "os.rename", "os.open", "os.fdopen", "tempfile.mkstemp", "shutil.copy",
                           "shutil.copyfile", "shutil.move"}
                    or called.split(".")[-1] in {"write_text", "write_bytes"}
                    or called.endswith("open") and any(m in mode for m in "wax+")):
                found.append(f"{function.name}: {called}")
    assert found == [], found
