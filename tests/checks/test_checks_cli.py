"""`verify checks`, `options`, `rulings` and `compare`: exit codes and output."""

from __future__ import annotations

import json

from click.testing import CliRunner

from checks.invariants import INVARIANTS
from cli import cli


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_checks_of_one_game_all_proved() -> None:
    result = invoke("checks", "--game", "socks")
    assert result.exit_code == 0, result.output
    assert "SO-1" in result.stdout and "20 invariants: 20 proved, 0 violated, 0 unknown" in result.stdout


def test_checks_with_an_option_that_breaks_an_invariant_exits_1_and_draws_it() -> None:
    result = invoke("checks", "--game", "socks", "--rule", "final_tie=no_winner")
    assert result.exit_code == 1
    assert "SO-5 violated" in result.stdout
    assert "P1: " in result.stdout and "the engine agrees" in result.stdout


def test_checks_json_is_one_object() -> None:
    result = invoke("checks", "--game", "likes", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    likes = sum(1 for inv, _ in INVARIANTS if inv.game == "likes")
    assert data["summary"] == {"proved": likes, "violated": 0, "unknown": 0}
    assert data["rules"]["likes"]["streak_after_third"] == "penalty_again"
    assert all(i["result"]["status"] == "proved" for i in data["invariants"])


def test_checks_with_a_tiny_time_limit_exits_3() -> None:
    result = invoke("checks", "--game", "whitehouse", "--time-limit", "0.000001")
    assert result.exit_code == 3
    assert "unknown: time limit" in result.stdout


def test_checks_with_an_unknown_option_is_bad_input() -> None:
    result = invoke("checks", "--rule", "no_such_option=1")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("verify: --rule")


def test_options_lists_every_game() -> None:
    result = invoke("options", "--json")
    assert result.exit_code == 0
    games = {o["game"] for o in json.loads(result.stdout)["options"]}
    assert games == {"whitehouse", "socks", "social", "likes"}
    text = invoke("options", "--game", "socks").stdout
    assert "socks final_tie" in text and "default:   shared" in text and "or:        no_winner" in text


def test_rulings_of_a_game_pass() -> None:
    result = invoke("rulings", "--game", "likes")
    assert result.exit_code == 0, result.stdout
    assert "0 failed" in result.stdout
    data = json.loads(invoke("rulings", "--game", "social", "--json").stdout)
    assert data["summary"]["failed"] == 0


def test_compare_shows_what_changes() -> None:
    result = invoke("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "20")
    assert result.exit_code == 0, result.output
    assert "SO-5 Every finished game has a winner: proved -> violated" in result.stdout
    assert "Random games: 20 seeds from 0" in result.stdout
    data = json.loads(invoke("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner",
                             "--games", "0", "--json").stdout)
    assert data["option"] == "final_tie" and data["simulation"] is None


def test_compare_needs_two_settings_of_one_option() -> None:
    result = invoke("compare", "--rule", "final_tie=shared")
    assert result.exit_code == 2
    assert result.stderr.startswith("verify: --rule")


def test_rulings_all_options_is_as_recorded() -> None:
    result = invoke("rulings", "--all-options", "--game", "socks", "--option", "gift_to_self")
    assert result.exit_code == 0, result.output
    assert "gift_to_self=false" in result.stdout and "recorded: the shipped log's turn 8" in result.stdout


def test_rulings_matrix_options_need_all_options() -> None:
    result = invoke("rulings", "--option", "gift_to_self")
    assert result.exit_code == 2
    assert "--all-options" in result.output
