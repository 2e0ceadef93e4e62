"""The README's format sections name every key of every input format, and its JSON output
section every command's schema: a key added to a schema and not documented fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
INPUTS = sorted([*(ROOT / "model").glob("*/data/*.schema.json"), *(ROOT / "model").glob("*/*/data/*.schema.json")])
OUTPUTS = sorted((ROOT / "model" / "common" / "data" / "output").glob("*.schema.json"))


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end]


def keys(schema: object) -> set[str]:
    """Every property name of a schema, at every depth and in every definition."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for name, value in schema.items():
            if name == "properties" and isinstance(value, dict):
                found.update(value)
            found |= keys(value)
    elif isinstance(schema, list):
        for item in schema:
            found |= keys(item)
    return found


def test_the_schemas_are_found():
    assert len([p for p in INPUTS if "output" not in p.parts]) >= 15 and len(OUTPUTS) >= 17


@pytest.mark.parametrize("path", [p for p in INPUTS if "output" not in p.parts], ids=lambda p: p.name)
def test_every_key_of_an_input_format_is_documented(path):
    formats = section("Input formats")
    documented = set(re.findall(r"`([a-z_]+)`", formats)) | set(re.findall(r'"([a-z_]+)"', formats))
    missing = sorted(keys(json.loads(path.read_text(encoding="utf-8"))) - documented)
    assert not missing, f"{path.name}: keys the README's Input formats section does not name: {missing}"
    assert path.name in formats


@pytest.mark.parametrize("path", OUTPUTS, ids=lambda p: p.name)
def test_every_output_schema_and_its_top_keys_are_documented(path):
    output = section("JSON output")
    assert path.name.removesuffix(".schema.json") in output
    top = json.loads(path.read_text(encoding="utf-8"))["properties"]
    missing = sorted(k for k in top if f"`{k}`" not in output)
    assert not missing, f"{path.name}: keys the README's JSON output section does not name: {missing}"
