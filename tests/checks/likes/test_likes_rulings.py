"""Likes and Lies: every shipped ruling holds, every option has one, the schema files are current."""

from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from checks.likes.rulings import evaluate, load_rulings, outcome
from model.likes.io import SCHEMAS, schema_text
from model.likes.rules import LIKES_OPTIONS, RULEBOOK

RULINGS = load_rulings()


@pytest.mark.parametrize("ruling", RULINGS, ids=[r["name"] for r in RULINGS])
def test_ruling_holds(ruling: dict) -> None:
    actual = evaluate(ruling)
    differences = {key: {"expected": ruling["expected"][key], "actual": actual[key]}
                   for key in ruling["expected"] if actual[key] != ruling["expected"][key]}
    assert not differences, f"{ruling['name']}: {differences}"


def test_every_option_has_a_ruling_that_changes_it() -> None:
    changed = {name for ruling in RULINGS for name in ruling["rules"]}
    assert changed >= {option.name for option in LIKES_OPTIONS}


def test_rulebook_examples_come_first() -> None:
    assert [r["rules"] for r in RULINGS[:3]] == [{}, {}, {}]
    assert "tied with other players" in RULINGS[0]["source"]


def test_every_option_names_a_rulebook_sentence() -> None:
    for option in LIKES_OPTIONS:
        assert option.default in [value for value, _ in option.values]
        assert option.rulebook in RULEBOOK.values()


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_file_is_current(name: str) -> None:
    path = resources.files("model.likes").joinpath("data", f"likes-{name}.schema.json")
    assert path.read_text(encoding="utf-8") == schema_text(name), (
        f"regenerate model/likes/data/likes-{name}.schema.json from model.likes.io.SCHEMAS")
    assert json.loads(path.read_text(encoding="utf-8"))["additionalProperties"] is False


def test_reshuffled_decks_let_the_game_go_on() -> None:
    spent = next(r for r in RULINGS if r["name"].startswith("The Intent decks run out"))
    situation = copy.deepcopy(spent["situation"])
    third = copy.deepcopy(situation["rounds"][0])
    third["caption"] = "K-third"
    for play in third["plays"]:
        play["content"] += "-third"
    for vote in third["votes"]:
        vote["card"] += "-third"
    situation["rounds"].append(third)
    assert outcome(situation, {"spent_intents": "reshuffle"})["status"] == "unfinished"
    literal = outcome(situation, {})
    assert literal["status"] == "illegal" and literal["rule"] == "game_over"
