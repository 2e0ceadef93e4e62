"""Every game's rulings pass, and a ruling that fails names what differs."""

from __future__ import annotations

import copy

import pytest

from checks import registry
from checks.rulings import differences, load, run_one, run_rulings

#: The White House rulings replay whole games through the Trick solver; their own test file runs
#: them, so here they are only loaded.
FAST_GAMES = ("socks", "social", "likes")
CASES = [(game, ruling["name"]) for game in FAST_GAMES for ruling in load(game)]


def test_every_game_ships_rulings_with_a_source_and_an_expected_outcome() -> None:
    for game in registry.game_names():
        found = load(game)
        assert found, game
        for ruling in found:
            assert ruling["name"] and ruling["source"] and isinstance(ruling["expected"], dict), ruling["name"]


@pytest.mark.parametrize("game,name", CASES)
def test_ruling_passes(game: str, name: str) -> None:
    ruling = next(r for r in load(game) if r["name"] == name)
    result = run_one(game, ruling)
    assert result.passed, "\n".join(result.differences)


def test_a_failing_ruling_names_the_path_that_differs() -> None:
    ruling = copy.deepcopy(load("likes")[0])
    key = next(k for k in ("positions", "likes") if isinstance(ruling["expected"].get(k), dict))
    player = sorted(ruling["expected"][key])[0]
    ruling["expected"][key][player] += 100
    result = run_one("likes", ruling)
    assert not result.passed
    assert any(line.startswith(f"{key}.{player}: expected ") for line in result.differences)


def test_differences_walk_dicts_and_lists() -> None:
    assert differences({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == ["a[1].b: expected 2, got 3"]
    assert differences({"a": True}, {"a": 1}) == ["a: expected true, got 1"]
    assert differences({"a": 1}, {}) == ["a: expected 1, got nothing"]


def test_run_rulings_covers_one_game_or_all() -> None:
    assert {r.game for r in run_rulings("socks")} == {"socks"}
