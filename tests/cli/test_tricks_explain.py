"""``verify tricks --explain``: the solver's phases after the answer, and the ``phases`` key of
``--json``, as the schema and the README show them."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from cli import cli
from solver.network.phases import PHASES

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "model" / "common" / "data" / "output" / "tricks.schema.json"
NETWORK = "benchmarks/instances/random-d0.5_n012_s03.json"
#: A phase's row of the table: its seconds are the one column that differs from run to run.
SECONDS = re.compile(r"(?<=\s)\d+\.\d{3}(?=\s)")


def verify(*args: str):
    return CliRunner().invoke(cli, ["tricks", *args], catch_exceptions=False)


def _without_seconds(text: str) -> list[str]:
    return [" ".join(SECONDS.sub("S", line).split()) for line in text.splitlines()]


def test_explain_prints_the_answer_then_the_phases_as_they_ran():
    plain = verify(NETWORK).stdout
    explained = verify(NETWORK, "--explain")
    assert explained.exit_code == 0
    assert explained.stdout.startswith(plain + "\nPhases (work: CP-SAT's deterministic time):\n")
    rows = explained.stdout[len(plain) :].splitlines()[3:]
    names = [name for row in rows for name in PHASES if row.strip().startswith(name + " ")]
    assert names[0] == "structure" and names[-1] == "descent" and len(names) == len(rows)
    assert rows[-1].split()[-2:] == ["optimal", "16"]


def test_json_has_phases_only_with_explain_and_they_satisfy_the_schema():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    plain = json.loads(verify(NETWORK, "--json").stdout)
    assert "phases" not in plain
    explained = json.loads(verify(NETWORK, "--json", "--explain").stdout)
    jsonschema.validate(explained, schema, cls=jsonschema.Draft202012Validator)
    assert {k: v for k, v in explained.items() if k != "phases"} == plain
    assert [p["name"] for p in explained["phases"]][:2] == ["structure", "heuristic"]
    assert all(p["name"] in PHASES for p in explained["phases"])
    assert sum(p["nodes"] for p in explained["phases"]) > 0
    # An unknown key in a phase is refused by the schema (it is closed).
    explained["phases"][0]["extra"] = 1
    try:
        jsonschema.validate(explained, schema, cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError:
        pass
    else:
        raise AssertionError("the schema accepted an unknown key in a phase")


def test_the_readme_shows_explain_as_it_prints_but_for_the_seconds():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("# (the seconds differ from run to run)\n", 1)[1].split("```", 1)[0]
    command, shown = block.split("\n", 1)
    words = shlex.split(command.removeprefix("$ "))
    assert words[:2] == ["verify", "tricks"]
    assert _without_seconds(verify(*words[2:]).stdout) == _without_seconds(shown)
