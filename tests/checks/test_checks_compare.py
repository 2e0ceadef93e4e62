"""Comparing two settings of one option: rulings, invariants, paired random games."""

from __future__ import annotations

import dataclasses
import os

import pytest

from checks import compare as compare_module
from checks import registry
from checks.compare import compare, paired, settings, simulate
from model.common.errors import InputError
from model.common.game import GameRecord
from model.common.outcome import Outcome, Termination
from solver.seams import engine_solvers

FINAL_TIE = ["final_tie=shared", "final_tie=no_winner"]


def test_the_settings_come_from_two_flags_for_one_option() -> None:
    assert settings(FINAL_TIE, None) == ("socks", "final_tie", "shared", "no_winner")
    assert settings(["connected=true", "connected=false"], None)[2:] == (True, False)
    for bad in (["final_tie=shared"], ["final_tie=shared", "gift_to_self=true"], ["final_tie"]):
        with pytest.raises(InputError):
            settings(bad, None)


def test_a_clarification_changes_rulings_invariants_and_nothing_else() -> None:
    result = compare(FINAL_TIE, games=40, seed=3)
    assert result.game == "socks"
    assert result.rulings, "a ruling about the final tie changes outcome"
    # Each ruling it changes shows the final tie: its winners, the rules it echoes, or a replay
    # whose claimed shared win no longer holds; the tie rulings themselves lose their winners.
    for change in result.rulings:
        assert any(line.split(".")[-1].startswith(("winners:", "final_tie:", "exit_status:"))
                   for line in change.changes), change.changes
    assert sum(any(line.split(".")[-1].startswith("winners:") for line in change.changes)
               for change in result.rulings) >= 3
    assert [(i.id, i.a, i.b) for i in result.invariants] == [("SO-5", "proved", "violated")]
    assert result.simulation is not None and result.simulation.games == 40
    by_name = {s.name: s for s in result.simulation.statistics}
    # Game length does not depend on who wins a tie: every pair is equal.
    length = by_name["game length (turns)"]
    assert length.difference == 0 and length.low == length.high == 0


def test_the_numbers_do_not_depend_on_the_number_of_workers() -> None:
    a = registry.rules("socks", {"tie_break_counts": "all_sets"})
    b = registry.rules("socks", {"tie_break_counts": "scoring_sets"})
    one = simulate("socks", a, b, 60, 7, workers=1)
    two = simulate("socks", a, b, 60, 7, workers=2)
    assert one == two


def test_the_confidence_interval_is_paired() -> None:
    stat = paired("x", [1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.0])
    assert (stat.mean_a, stat.mean_b, stat.difference, stat.low, stat.high) == (2.5, 3.5, 1.0, 1.0, 1.0)


@pytest.mark.parametrize("game", registry.game_names())
def test_every_game_plays_random_games_in_one_record_shape(game: str) -> None:
    found = registry.entry(game)
    record = found.random_game(5, 3, registry.rules(game), engine_solvers())
    assert isinstance(record, GameRecord) and record.seed == 5 and record.players == 3
    assert tuple(record.stats) == found.statistics
    assert all(isinstance(x, float) for x in record.stats.values())
    assert isinstance(record.outcome, Outcome) and isinstance(record.outcome.termination, Termination)
    assert record.length > 0
    # The same seed, the same game.
    assert found.random_game(5, 3, registry.rules(game), engine_solvers()) == record


def test_an_engine_that_fails_is_reported_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(seed: int, players: int, rules: object, solvers: object) -> GameRecord:
        raise RuntimeError("stuck")

    original = registry.entry
    broken = dataclasses.replace(original("likes"), random_game=failing)
    monkeypatch.setattr(registry, "entry", lambda game: broken if game == "likes" else original(game))
    result = compare(["intent_in_tie=nobody", "intent_in_tie=others"], games=10)
    assert result.simulation is not None and result.simulation.unavailable == "the engine failed: RuntimeError stuck"
    assert result.rulings


@pytest.mark.parametrize("game, option", [("social", ("contest_no_winner", "nobody", "originator")),
                                          ("likes", ("intent_source", "choose", "draw_top"))])
def test_social_and_likes_numbers_do_not_depend_on_the_workers(
    game: str, option: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Small chunks, so that few games still make several chunks for the two processes.
    monkeypatch.setattr(compare_module, "CHUNK", 4)
    name, a, b = option
    rules_a, rules_b = registry.rules(game, {name: a}), registry.rules(game, {name: b})
    one = simulate(game, rules_a, rules_b, 10, 3, workers=1)
    assert one.unavailable is None and one.games == 10
    assert one == simulate(game, rules_a, rules_b, 10, 3, workers=2)


def _social(name: str, a: str, b: str, games: int) -> dict:
    rules_a, rules_b = registry.rules("social", {name: a}), registry.rules("social", {name: b})
    return {s.name: s for s in simulate("social", rules_a, rules_b, games, 0).statistics}


def test_a_social_option_that_changes_play_changes_the_numbers() -> None:
    """A Contest nobody wins puts the originator's card down under ``originator``: a card that
    leaves hand or pile without being played, so rounds end after fewer plays."""
    stats = _social("contest_no_winner", "nobody", "originator", 20)
    assert stats["game length (plays)"].difference < 0


def test_a_social_option_random_play_never_meets_changes_nothing() -> None:
    """Legal random play never puts two Likes of one player on one Gallery, so which of them goes
    back cannot matter: each seed plays the same game under both settings."""
    for stat in _social("duplicate_like_returned", "later", "all", 6).values():
        assert stat.mean_a == stat.mean_b and stat.low == stat.high == 0


def test_a_likes_option_changes_the_winners_not_the_game() -> None:
    """Who wins when several reach Viral together is decided after the round is played: the same
    game on each seed, never more winners under first_to_reach, and fewer on some seeds."""
    rules_a = registry.rules("likes", {"several_reach_viral": "all_win"})
    rules_b = registry.rules("likes", {"several_reach_viral": "first_to_reach"})
    pairs = compare_module.play_chunk("likes", rules_a, rules_b, range(30))
    assert all(a[1] == b[1] and b[2] <= a[2] for a, b in pairs)
    assert any(b[2] < a[2] for a, b in pairs)
    stats = {s.name: s for s in simulate("likes", rules_a, rules_b, 30, 0).statistics}
    assert stats["game length (rounds)"].low == stats["game length (rounds)"].high == 0
    assert stats["winners per game"].difference < 0


def test_ray_gives_the_same_numbers() -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("ray")  # CI installs the ray extra, so there the test always runs
    a = registry.rules("socks", {"final_tie": "shared"})
    b = registry.rules("socks", {"final_tie": "no_winner"})
    assert simulate("socks", a, b, 30, 0, ray_address="local") == simulate("socks", a, b, 30, 0)
