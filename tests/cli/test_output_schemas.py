"""Every command's ``--json`` output has a published JSON Schema, and every output on the shipped
examples satisfies it.

The schemas are package data, ``model/common/data/output/<command>.schema.json`` (the command's
words joined by ``-``: ``socks-score``, ``whitehouse-replay``), read here from the installed
package. Every ``--json`` output holds ``rules``: the rules in force.
"""

from __future__ import annotations

import glob
import json
from importlib.resources import files
from pathlib import Path

import click
import jsonschema
import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
E = "examples"
SCHEMAS = files("model") / "common" / "data" / "output"


def schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


def runs() -> list[tuple[str, list[str]]]:
    """(schema, arguments): every command with --json, on every shipped example it reads."""
    found: list[tuple[str, list[str]]] = []

    def add(name: str, *argv: str) -> None:
        found.append((name, list(argv)))

    def each(pattern: str) -> list[str]:
        return sorted(str(Path(p).relative_to(ROOT)) for p in glob.glob(str(ROOT / pattern)))

    for f in each(f"{E}/whitehouse/*.json"):
        add("tricks", "tricks", f, "--json")
    add("tricks", "tricks", f"{E}/whitehouse/seven-tricks.json", "--claim", "8", "--json")
    add("tricks", "tricks", f"{E}/whitehouse/no-legal-arrangement.json", "--rule", "connected=false", "--json")
    for f in each(f"{E}/whitehouse/games/*.json"):
        add("whitehouse-replay", "whitehouse", "replay", f, "--json")
    for f in each(f"{E}/whitehouse/positions/*.json"):
        move = f"{E}/whitehouse/positions/moves/{Path(f).name}"
        add("whitehouse-move", "whitehouse", "move", f, "--list", "--json")
        add("whitehouse-move", "whitehouse", "move", f, "--move", move, "--json")
    add("whitehouse-play", "whitehouse", "play", "--seed", "1", "--players", "3", "-o", "{out}/wh.json", "--json")
    for f in ["score", "super-sock-gift", "rulebook-example", "tie"]:
        add("socks-score", "socks", "score", f"{E}/socks/{f}.json", "--json")
    add("socks-score", "socks", "score", f"{E}/socks/tie.json", "--rule", "tie_break_counts=all_sets", "--json")
    for f in ["game.log", "illegal.log"]:
        add("socks-replay", "socks", "replay", f"{E}/socks/{f}.json", "--json")
    add("socks-replay", "socks", "replay", f"{E}/socks/game.log.json", "--rule", "gift_to_self=false", "--json")
    add("socks-advise", "socks", "advise", f"{E}/socks/position.json", "--json")
    add("socks-play", "socks", "play", "--seed", "1", "-o", "{out}/socks.json", "--json")
    for command in ("round", "game", "like"):
        for f in each(f"{E}/social/{command}*.json"):
            add(f"social-{command}", "social", command, f, "--json")
    for command in ("round", "game"):
        for f in each(f"{E}/likes/{command}*.json"):
            add(f"likes-{command}", "likes", command, f, "--json")
    add("options", "options", "--json")
    add("options", "options", "--game", "socks", "--json")
    add("rulings", "rulings", "--game", "socks", "--json")
    add("rulings", "rulings", "--all-options", "--game", "socks", "--json")
    add("checks", "checks", "--game", "socks", "--rule", "final_tie=no_winner", "--json")
    add("checks", "checks", "--all-options", "--game", "socks", "--option", "final_tie", "--json")
    add("questions", "questions", "--json")
    add("questions", "questions", "--all-options", "--game", "socks", "--json")
    add("compare", "compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "2", "--json")
    add("balance", "balance", "socks", "--games", "4", "--json")
    add("balance", "balance", "whitehouse", "--games", "2", "--players", "3", "--rule", "single_lock=true",
        "--rule", "single_lock=false", "--json")
    return found


RUNS = runs()


def commands_with_json(group: click.Group, words: tuple[str, ...] = ()) -> list[str]:
    names = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            names += commands_with_json(command, (*words, name))
        elif any("--json" in p.opts for p in command.params if isinstance(p, click.Option)):
            names.append("-".join((*words, name)))
    return names


def test_every_command_with_json_has_a_schema_and_a_run():
    names = commands_with_json(cli)
    shipped = sorted(p.name.removesuffix(".schema.json") for p in SCHEMAS.iterdir() if p.name.endswith(".schema.json"))
    assert shipped == sorted(names)
    assert sorted({name for name, _ in RUNS}) == sorted(names)


@pytest.mark.parametrize("name", commands_with_json(cli))
def test_each_schema_is_a_valid_schema_that_requires_rules(name):
    found = schema(name)
    jsonschema.Draft202012Validator.check_schema(found)
    assert "rules" in found["required"] and found["additionalProperties"] is False
    assert all(value.get("description") for value in found["properties"].values()), "every key is described"


@pytest.mark.parametrize(("name", "argv"), RUNS, ids=[" ".join(a) for _, a in RUNS])
def test_json_output_on_the_shipped_examples_satisfies_its_schema(name, argv, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    argv = [a.replace("{out}", str(tmp_path)) for a in argv]
    result = CliRunner().invoke(cli, argv, prog_name="verify")
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.stdout)
    jsonschema.validate(document, schema(name), cls=jsonschema.Draft202012Validator)
    assert isinstance(document["rules"], dict) and document["rules"]
