"""The common mix-ups, each answered in one line (exit 2) that says what the file is: an empty
file, a table saved as CSV, a picture given back as input, and a document of one command given to
another, which is named with the command that reads it. Every shipped input document is given to
every command that reads a different format."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
E = ROOT / "examples"
DATA = Path(str(files("model")))

TRICKS = "verify tricks FILE"
WH_LOG = "verify whitehouse replay FILE"
WH_POSITION = "verify whitehouse move FILE --list"
WH_MOVE = "verify whitehouse move POSITION --move FILE"
WH_CATALOGUE = "verify whitehouse play --seed N --catalogue FILE"
SOCKS_SCORE = "verify socks FILE"
SOCKS_LOG = "verify socks replay FILE"
SOCKS_POSITION = "verify socks advise FILE"
SOCKS_CATALOGUE = "verify socks play --seed N --catalogue FILE"
SOCIAL_ROUND, SOCIAL_GAME, SOCIAL_LIKE = "verify social round FILE", "verify social game FILE", "verify social like FILE"
LIKES_ROUND, LIKES_GAME = "verify likes round FILE", "verify likes game FILE"
LIKES_BOARD = "verify likes round ROUND --board FILE"
LIKES_EVENTS = "verify likes round ROUND --events FILE"
LIKES_INTENTS = "verify likes round ROUND --intents FILE"


def _command_of(path: Path) -> str:
    """The command that reads a shipped document, by where it lies (written out here, not asked of
    the tool: the test states what each file is)."""
    name = path.name
    by_data = {"whitehouse-sample-catalogue.json": WH_CATALOGUE, "socks-sample-catalogue.json": SOCKS_CATALOGUE,
               "likes-sample-board.json": LIKES_BOARD, "likes-sample-events.json": LIKES_EVENTS,
               "likes-sample-intents.json": LIKES_INTENTS}
    if name in by_data:
        return by_data[name]
    folder = path.parent.relative_to(ROOT).as_posix()
    if folder == "examples/whitehouse":
        return TRICKS
    if folder == "examples/whitehouse/games":
        return WH_LOG
    if folder == "examples/whitehouse/positions":
        return WH_POSITION
    if folder == "examples/whitehouse/positions/moves":
        return WH_MOVE
    if folder == "examples/socks":
        return SOCKS_LOG if name.endswith(".log.json") else SOCKS_POSITION if name == "position.json" else SOCKS_SCORE
    kind = name.split("-")[0].removesuffix(".json")
    return {("social", "round"): SOCIAL_ROUND, ("social", "game"): SOCIAL_GAME, ("social", "like"): SOCIAL_LIKE,
            ("likes", "round"): LIKES_ROUND, ("likes", "game"): LIKES_GAME}[(path.parent.name, kind)]


#: Every input document shipped: the examples, and the samples a catalogue or deck option replaces.
SHIPPED = sorted(E.rglob("*.json")) + [DATA / "whitehouse/data/whitehouse-sample-catalogue.json",
                                       DATA / "socks/data/socks-sample-catalogue.json",
                                       DATA / "likes/data/likes-sample-board.json",
                                       DATA / "likes/data/likes-sample-events.json",
                                       DATA / "likes/data/likes-sample-intents.json"]
POSITION = str(E / "whitehouse/positions/legal-take.json")
ROUND = str(E / "likes/round-third-influencer.json")

#: Every place a command reads a document: its words with ``{f}`` for the file, and the formats it
#: reads (a White House position is a log without moves: replay reads both, and move explains a
#: log itself, "cut a log with replay --at N").
READERS = [
    (("tricks", "{f}"), {TRICKS}),
    (("whitehouse", "replay", "{f}"), {WH_LOG, WH_POSITION}),
    (("whitehouse", "move", "{f}", "--list"), {WH_POSITION, WH_LOG}),
    (("whitehouse", "move", POSITION, "--move", "{f}"), {WH_MOVE}),
    (("whitehouse", "play", "--seed", "1", "--players", "2", "--catalogue", "{f}", "-o", "-"), {WH_CATALOGUE}),
    (("socks", "{f}"), {SOCKS_SCORE}),
    (("socks", "replay", "{f}"), {SOCKS_LOG}),
    (("socks", "advise", "{f}"), {SOCKS_POSITION}),
    (("socks", "play", "--seed", "1", "--catalogue", "{f}", "-o", "-"), {SOCKS_CATALOGUE}),
    (("social", "round", "{f}"), {SOCIAL_ROUND}),
    (("social", "game", "{f}"), {SOCIAL_GAME}),
    (("social", "like", "{f}"), {SOCIAL_LIKE}),
    (("likes", "round", "{f}"), {LIKES_ROUND}),
    (("likes", "game", "{f}"), {LIKES_GAME}),
    (("likes", "round", ROUND, "--board", "{f}"), {LIKES_BOARD}),
    (("likes", "round", ROUND, "--events", "{f}"), {LIKES_EVENTS}),
    (("likes", "round", ROUND, "--intents", "{f}"), {LIKES_INTENTS}),
]

MIXED = [(argv, path) for argv, reads in READERS for path in SHIPPED
         if _command_of(path) not in reads and str(path) not in argv]


def _label(path: Path) -> str:
    """A shipped document's name in a test id: under examples/ in the checkout, or the installed
    package's data (the samples are read from the wheel, not the checkout)."""
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.relative_to(DATA))


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, list(args), prog_name="verify", input=stdin)


def refusal(result) -> str:
    """The one line of a refusal (exit 2, nothing on standard output, no traceback)."""
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("verify: "), result.stderr
    return result.stderr.strip()


def test_every_reader_and_every_shipped_format_are_covered() -> None:
    commands = {_command_of(path) for path in SHIPPED}
    assert commands == {usage for _, reads in READERS for usage in reads}
    assert len(MIXED) > 600


@pytest.mark.parametrize(("argv", "path"), MIXED,
                         ids=[f"{' '.join(a[:2])}{' ' + a[-2] if a[-2].startswith('--') else ''}: "
                              f"{_label(p)}" for a, p in MIXED])
def test_a_document_given_to_the_wrong_command_names_the_command_that_reads_it(argv, path) -> None:
    line = refusal(run(*[str(path) if a == "{f}" else a for a in argv]))
    assert line.startswith(f"verify: {path}: this looks like "), line
    assert line.endswith(f": try `{_command_of(path)}`"), line


def test_the_hint_names_standard_input_too() -> None:
    line = refusal(run("tricks", "-", stdin=(E / "socks/score.json").read_text()))
    assert line == "verify: <stdin>: this looks like a Socks score file: try `verify socks FILE`"


@pytest.mark.parametrize("argv", [("tricks",), ("socks",), ("social", "game"), ("likes", "round", ROUND, "--board")])
def test_an_empty_file_is_named_empty(argv, tmp_path) -> None:
    for content in ("", "\n  \n", "\ufeff"):
        empty = tmp_path / "empty.json"
        empty.write_text(content, encoding="utf-8")
        assert refusal(run(*argv, str(empty))) == f"verify: {empty}: the file is empty"
    assert refusal(run(*argv, "-", stdin="")) == "verify: <stdin>: standard input is empty"


@pytest.mark.parametrize(("text", "looks"), [
    ("name,score\nAna,12\nBo,7\n", "CSV"),
    ("player;sets\nAna;3\n", "CSV"),
    ("seat\tmove\n0\ttake\n", "CSV"),
    ("1,2,3\n", "CSV"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>\n', "SVG"),
    ('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n', "SVG"),
    ("<!DOCTYPE html>\n<html></html>\n", "XML or HTML"),
    ("players:\n  - name: Ana\n", "YAML"),
    ("---\nclaim: 7\n", "YAML"),
])
def test_a_file_that_is_not_json_says_what_it_looks_like(text, looks, tmp_path) -> None:
    mixed = tmp_path / "mixed.json"
    mixed.write_text(text)
    assert refusal(run("tricks", str(mixed))) == f"verify: {mixed}: this is not JSON (it looks like {looks})"


@pytest.mark.parametrize("text", ["{", '{"claim": 7,}', "[1, 2", "nonsense", '"players": []'])
def test_broken_json_keeps_its_line_and_column(text, tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(text)
    assert "not valid JSON at line 1 column " in refusal(run("tricks", str(broken)))


def test_a_picture_the_tool_drew_given_back_is_named_a_picture(tmp_path) -> None:
    picture = tmp_path / "answer.svg"
    assert run("socks", str(E / "socks/score.json"), "--svg", str(picture)).exit_code == 0
    assert refusal(run("socks", str(picture))) == f"verify: {picture}: this is not JSON (it looks like SVG)"


@pytest.mark.parametrize("argv", [("socks", "{f}"), ("social", "like", "{f}")])
def test_a_byte_order_mark_is_accepted(argv, tmp_path) -> None:
    source = E / ("socks/score.json" if argv[0] == "socks" else "social/like-legal.json")
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    plain = run(*[str(source) if a == "{f}" else a for a in argv])
    with_mark = run(*[str(marked) if a == "{f}" else a for a in argv])
    assert with_mark.exit_code == plain.exit_code == 0 and with_mark.stdout == plain.stdout


def test_a_document_of_the_right_format_keeps_its_own_message(tmp_path) -> None:
    """A Socks score file with one mistake is still a Socks score file: its reader's message,
    with the JSON path, not a hint."""
    document = json.loads((E / "socks/score.json").read_text())
    document["players"][0]["super_sock"] = "seven"
    wrong = tmp_path / "score.json"
    wrong.write_text(json.dumps(document))
    line = refusal(run("socks", str(wrong)))
    assert line.startswith(f"verify: {wrong}: players[0].super_sock") and "looks like" not in line
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({**document, "colour": "red"}))
    assert refusal(run("tricks", str(unknown))).startswith(f"verify: {unknown}: ")
    assert "looks like" not in run("tricks", str(unknown)).stderr
