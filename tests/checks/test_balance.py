"""The balance report (``checks.balance``): rules that never fire are reported as never mattering,
the seat statistics are ``compare``'s on the same seeds, and the numbers do not depend on what
plays the games (this process, a pool, a Ray cluster)."""

from __future__ import annotations

import dataclasses
import json
import os
from importlib.resources import files

import jsonschema
import pytest
from svg_check import layout_problems, render, texts

from checks import registry
from checks.balance import Estimate, balance, count, estimate, never_bound, play, settings
from checks.balance_picture import picture
from checks.balance_report import table_lines, text, to_json
from checks.compare import SIM_PLAYERS, simulate
from model.common.errors import InputError


def test_a_rule_an_option_disables_is_reported_as_never_mattering() -> None:
    # single_lock=false removes the move "lock a single card beside a matching one": over the
    # same seeds, lock-single fires under the default and never under the other value.
    report = balance("whitehouse", ["single_lock=true", "single_lock=false"], games=8, players=3)
    by = {(dict(t.setting)["single_lock"], t.player): t for t in report.tables}
    for player in ("random", "greedy"):
        assert "lock-single" not in by[True, player].never_fired
        assert "lock-single" in by[False, player].never_fired
        used = {u.rule: u for u in by[False, player].rules}["lock-single"]
        assert used.games == 0 and used.share.high == 0
    assert "never mattered in play (fired or refused in none of 8 games" in text(report)
    change = {s.name: s for s in report.differences[0].statistics}["lock-single fires per game"]
    assert change.mean_a > 0 and change.mean_b == 0 and change.high < 0


@pytest.mark.parametrize("game", ["whitehouse", "socks", "likes", "social"])
def test_seat_statistics_agree_with_compare_on_the_same_seeds(game: str) -> None:
    option = registry.entry(game).options[0]
    values = [value for value, _ in option.values][:2]
    flags = [f"{option.name}={v if isinstance(v, str) else json.dumps(v)}" for v in values]
    report = balance(game, flags, games=6, players=SIM_PLAYERS)
    rules_a, rules_b = (registry.rules(game, {option.name: v}) for v in values)
    compared = simulate(game, rules_a, rules_b, 6, 0)
    assert compared.unavailable is None
    first = compared.statistics[0]
    tables = [t for t in report.tables if t.player == "random"]
    if game == "social":  # simultaneous play: no first seat; the games are compare's all the same
        assert tables[0].first_player is None
        stalled = [t.stalled.mean for t in tables]
        assert [first.mean_a > 0, first.mean_b > 0] == [s > 0 for s in stalled]
        return
    assert tables[0].first_player is not None and tables[1].first_player is not None
    assert tables[0].first_player.mean == pytest.approx(first.mean_a)
    assert tables[1].first_player.mean == pytest.approx(first.mean_b)


def test_the_length_statistic_agrees_with_compare() -> None:
    rules = registry.rules("whitehouse")
    games = play("whitehouse", rules, SIM_PLAYERS, "random", 5, 3)
    compared = simulate("whitehouse", rules, rules, 5, 3)
    turns = {s.name: s for s in compared.statistics}["game length (turns)"]
    assert sum(g.turns for g in games) / 5 == pytest.approx(turns.mean_a)


def test_a_pool_of_workers_gives_the_same_numbers() -> None:
    assert balance("socks", games=60, workers=2) == balance("socks", games=60)


def test_ray_gives_the_same_numbers_on_a_local_cluster_of_two_workers() -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("ray")  # CI installs the ray extra, so there the test always runs
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = balance("socks", games=60, ray_address="local")
    finally:
        ray.shutdown()
    assert on_ray == balance("socks", games=60)


def test_the_greedy_player_is_not_the_random_one() -> None:
    report = balance("whitehouse", games=6, players=3)
    random_table, greedy_table = report.tables
    assert (random_table.player, greedy_table.player) == ("random", "greedy")
    # The greedy player makes every Trick it can: its games end far sooner.
    assert greedy_table.lengths.turns.high < random_table.lengths.turns.low


def test_every_game_reports_as_json_its_schema_allows_and_as_a_picture() -> None:
    schema = json.loads((files("model") / "common" / "data" / "output" / "balance.schema.json").read_text())
    for game in registry.game_names():
        report = balance(game, games=3, players=4)
        jsonschema.validate(json.loads(json.dumps(to_json(report))), schema)
        drawn = picture(report)
        render(drawn)
        assert layout_problems(drawn) == []
        assert f"{report.tables[0].player} player, default rules: 3 games" in texts(drawn)
        assert text(report).startswith(f"Balance of {registry.entry(game).title}: 3 games")


def test_all_options_gives_one_table_per_option_value() -> None:
    _, chosen, compared = settings("socks", [], all_options=True)
    options = registry.entry("socks").options
    assert compared is None and len(chosen) == sum(len(o.values) for o in options)


@pytest.mark.parametrize(("flags", "games", "all_options", "field"), [
    (["final_tie=shared", "final_tie=no_winner", "gift_to_self=true", "gift_to_self=false"], 4, False, "--rule"),
    (["final_tie=shared", "final_tie=no_winner"], 4, True, "--all-options"),
    (["final_tie"], 4, False, "--rule"),
    ([], 1, False, "--games"),
])
def test_bad_settings_are_bad_input(flags: list[str], games: int, all_options: bool, field: str) -> None:
    with pytest.raises(InputError) as raised:
        balance("socks", flags, games=games, all_options=all_options)
    assert raised.value.source == field


def test_never_bound_is_the_rule_of_three() -> None:
    assert never_bound(100) == pytest.approx(0.0295, abs=1e-4)
    assert 3 / 100 == pytest.approx(never_bound(100), rel=0.02)


def test_a_slot_out_of_reach_counts_as_a_refusal_by_the_rule_the_judge_names() -> None:
    # Each take the row's slots the player cannot pay for are refused by take-cost: it is used
    # in every game, refusing far more often than it fires.
    (table, _) = balance("whitehouse", games=4, players=4).tables
    cost = {u.rule: u for u in table.rules}["take-cost"]
    assert cost.games == 4 and cost.refused.mean > cost.per_game.mean > 0
    names = set(registry.entry("whitehouse").rulebook)
    games = play("whitehouse", registry.rules("whitehouse"), 4, "random", 4, 0)
    assert all(set(g.refused) <= names for g in games) and any(g.refused for g in games)


@pytest.mark.parametrize("game", ["social", "likes"])
def test_the_greedy_player_of_every_game_plays_its_own_games_the_same_on_a_pool(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Chunks of 3 seeds, so that two workers share the 6 games.
    monkeypatch.setattr("checks.balance.CHUNK", 3)
    report = balance(game, games=6, workers=2)
    assert report == balance(game, games=6)
    random_table, greedy_table = report.tables
    assert (random_table.player, greedy_table.player) == ("random", "greedy")
    assert random_table.rules != greedy_table.rules
    rules = registry.rules(game)
    seats = SIM_PLAYERS if game == "social" else 4
    assert play(game, rules, seats, "greedy", 3, 0) != play(game, rules, seats, "random", 3, 0)


def test_a_count_per_game_keeps_its_interval_at_or_above_0() -> None:
    rare = [0.0, 0.0, 0.0, 0.0, 1.0]
    assert estimate(rare).low < 0 and count(rare).low == 0 and count(rare).high == estimate(rare).high
    (table, _) = balance("socks", games=5, players=2).tables
    assert all(u.per_game.low >= 0 and u.refused.low >= 0 for u in table.rules)


def test_the_rule_table_keeps_its_columns_with_refusals_in_the_hundreds() -> None:
    (table, _) = balance("social", games=2).tables
    hundreds = Estimate(659.15, 621.19, 697.11)
    table = dataclasses.replace(table, rules=tuple(dataclasses.replace(u, per_game=hundreds, refused=hundreds)
                                                   for u in table.rules))
    lines = table_lines(table)
    header = next(line for line in lines if line.lstrip().startswith("rule "))
    names = {u.rule for u in table.rules}
    rows = [line for line in lines[lines.index(header) + 1:] if line.split()[0] in names]
    column = header.index("decided")
    assert rows and all(row[column - 2:column] == "  " and row[column] != " " for row in rows)


def test_the_picture_shows_a_rule_used_in_one_game_of_200_apart_from_the_rules_never_used() -> None:
    report = balance("socks", games=2)
    table = report.tables[0]
    once = dataclasses.replace(table.rules[0], games=1, share=Estimate(0.005, 0.0, 0.015))
    report = dataclasses.replace(report, tables=(dataclasses.replace(table, rules=(once,)),))
    shown = texts(picture(report))
    assert "0.5%" in shown and "0%" not in shown
