"""Comparing two settings of one option: rulings, invariants, paired random games."""

from __future__ import annotations

import pytest

from checks.compare import compare, paired, settings, simulate
from checks import registry
from model.errors import InputError

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
    for change in result.rulings:
        assert any(line.startswith("winners:") for line in change.changes)
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


def test_a_game_without_random_play_says_so() -> None:
    result = compare(["intent_in_tie=nobody", "intent_in_tie=others"], games=10)
    assert result.simulation is not None and result.simulation.unavailable
    assert result.rulings


def test_ray_gives_the_same_numbers() -> None:
    pytest.importorskip("ray")
    a = registry.rules("socks", {"final_tie": "shared"})
    b = registry.rules("socks", {"final_tie": "no_winner"})
    assert simulate("socks", a, b, 30, 0, ray_address="local") == simulate("socks", a, b, 30, 0)
