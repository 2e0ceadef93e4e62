"""`verify balance`: text, JSON (its schema), the picture, bad input and exit statuses."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import jsonschema
from click.testing import CliRunner
from svg_check import render

from cli import cli


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_balance_prints_the_report_and_exits_0() -> None:
    result = invoke("balance", "socks", "--games", "20")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Balance of Oh My Socks!: 20 games per table from seed 0, 3 players")
    assert "never mattered in play (fired or refused in none of 20 games" in result.stdout


def test_balance_json_satisfies_its_schema() -> None:
    result = invoke("balance", "likes", "--games", "4", "--json")
    assert result.exit_code == 0, result.output
    schema = json.loads((files("model") / "common" / "data" / "output" / "balance.schema.json").read_text())
    data = json.loads(result.stdout)
    jsonschema.validate(data, schema)
    assert data["rules"]["spent_intents"] == "game_ends"


def test_balance_draws_its_picture(tmp_path: Path) -> None:
    path = tmp_path / "balance.svg"
    result = invoke("balance", "whitehouse", "--games", "4", "--players", "3", "--svg", str(path))
    assert result.exit_code == 0, result.output
    render(path.read_text())


def test_two_values_of_one_option_are_paired() -> None:
    result = invoke("balance", "socks", "--games", "10", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner")
    assert result.exit_code == 0, result.output
    assert "final_tie: shared -> no_winner, random player, paired on the same seeds" in result.stdout


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args in (["socks", "--rule", "no_such_option=1"], ["likes", "--players", "9"], ["socks", "--games", "1"]):
        result = invoke("balance", *args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
