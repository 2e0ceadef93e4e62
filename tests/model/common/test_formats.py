"""Recognising an input document by its shape (``model.common.formats``)."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

from model.common.formats import DocumentFormat, all_formats, mix_up, recognise

ROOT = Path(__file__).resolve().parents[3]
E = ROOT / "examples"
DATA = Path(str(files("model")))


def titles(path: Path) -> list[str]:
    return [found.title for found in recognise(json.loads(path.read_text(encoding="utf-8")))]


def test_every_format_names_a_schema_that_is_shipped_and_a_reader() -> None:
    for found in all_formats():
        assert (DATA.parent / found.schema[0].replace(".", "/") / "data" / found.schema[1]).is_file(), found
        assert found.readers and found.usage.startswith("verify ") and found.title.startswith(("a ", "an "))
    assert len({found.title for found in all_formats()}) == len(all_formats())


@pytest.mark.parametrize(("pattern", "title"), [
    ("whitehouse/*.json", "a Locked Network"),
    ("whitehouse/positions/*.json", "a White House position"),
    ("whitehouse/positions/moves/*.json", "a White House move"),
    ("socks/*.log.json", "a Socks game log"),
    ("socks/position.json", "a Socks position"),
    ("social/round*.json", "a Social Network round log"),
    ("social/game*.json", "a Social Network game log"),
    ("social/like*.json", "a Social Network Like"),
    ("likes/round*.json", "a Likes and Lies round"),
    ("likes/game*.json", "a Likes and Lies game log"),
])
def test_each_shipped_example_is_recognised_as_its_one_format(pattern, title) -> None:
    paths = sorted(E.glob(pattern))
    assert paths
    for path in paths:
        assert titles(path) == [title], path


def test_a_white_house_log_is_a_log_first() -> None:
    """A log from a position fits the position's shape too (the schema is the log's): the log is
    named first."""
    for path in sorted(E.glob("whitehouse/games/*.json")):
        assert titles(path)[0] == "a White House game log", path
    assert titles(E / "whitehouse/games/random-4p-seed7.json") == ["a White House game log"]


@pytest.mark.parametrize(("name", "title"), [
    ("whitehouse/data/whitehouse-sample-catalogue.json", "a White House catalogue"),
    ("socks/data/socks-sample-catalogue.json", "a Socks catalogue"),
    ("likes/data/likes-sample-board.json", "a Likes and Lies board"),
    ("likes/data/likes-sample-events.json", "a Likes and Lies Event deck"),
    ("likes/data/likes-sample-intents.json", "a Likes and Lies Intent deck"),
])
def test_the_sample_catalogues_are_recognised(name, title) -> None:
    assert titles(DATA / name) == [title]


def test_the_socks_score_files_are_recognised_in_both_shapes() -> None:
    """A score file lists cards and collections, or each player's sets as star counts."""
    for name in ("score", "rulebook-example", "super-sock-gift", "tie"):
        assert titles(E / f"socks/{name}.json") == ["a Socks score file"], name


@pytest.mark.parametrize("document", [
    None, 7, "text", [], {}, {"supporters": [], "events": [], "colour": "red"}, {"game": "chess", "moves": []},
])
def test_a_document_of_no_format_is_recognised_as_none(document) -> None:
    assert recognise(document) == ()


def test_a_wrong_type_or_constant_or_unknown_key_anywhere_fits_no_format() -> None:
    score = json.loads((E / "socks/score.json").read_text())
    assert titles(E / "socks/score.json") == ["a Socks score file"]
    for broken in ({**score, "cards": {"7a": 1}},
                   {**score, "players": [{**score["players"][0], "colour": "red"}]},
                   {**score, "cards": [{**score["cards"][0], "effect": "teleport"}]}):
        assert recognise(broken) == ()
    log = json.loads((E / "socks/game.log.json").read_text())
    assert recognise({**log, "game": "whitehouse"}) == ()


def test_a_hint_is_given_only_for_a_format_the_reader_does_not_read() -> None:
    score = json.loads((E / "socks/score.json").read_text())
    assert mix_up(score, "tricks") == "this looks like a Socks score file: try `verify socks FILE`"
    assert mix_up(score, "socks score") is None
    assert mix_up({"nothing": "known"}, "tricks") is None
    log = json.loads((E / "whitehouse/games/reversal.json").read_text())
    assert mix_up(log, "whitehouse move") is None  # move explains how to cut a log itself
    assert mix_up(log, "socks replay") == "this looks like a White House game log: try `verify whitehouse replay FILE`"


def test_a_format_with_a_pointer_describes_a_part_of_its_schema() -> None:
    move = DocumentFormat("a move", "verify x", ("x",), ("model.whitehouse", "whitehouse-log.schema.json"),
                          pointer="/properties/moves/items")
    assert move.fits({"player": 0, "move": "pass"})
    assert not move.fits({"player": 0, "move": "fly"})
    assert not move.fits({"player": "zero", "move": "pass"})


def test_a_huge_array_is_looked_at_in_part() -> None:
    from model.common.formats import ITEMS_LOOKED_AT

    score = json.loads((E / "socks/score.json").read_text())
    many = {**score, "cards": score["cards"] * 10_000 + [{"no": "card"}]}
    assert len(many["cards"]) > ITEMS_LOOKED_AT and recognise(many)
