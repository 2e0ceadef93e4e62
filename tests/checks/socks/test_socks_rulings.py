"""Oh My Socks!: every shipped ruling gives its expected outcome; each rule option has one."""

from __future__ import annotations

import pytest

from checks.socks.rulings import evaluate, load_rulings
from model.socks.rules import SOCKS_OPTIONS

RULINGS = load_rulings()


@pytest.mark.parametrize("ruling", RULINGS, ids=[r["name"][:60] for r in RULINGS])
def test_ruling(ruling):
    actual = evaluate(ruling)
    differences = {
        key: {"expected": ruling["expected"][key], "actual": actual[key]}
        for key in ruling["expected"]
        if actual[key] != ruling["expected"][key]
    }
    assert not differences, f"{ruling['name']}: {differences}"


def test_rulings_have_the_documented_shape():
    assert len(RULINGS) >= 20
    for ruling in RULINGS:
        assert set(ruling) == {"name", "source", "rules", "situation", "expected"}
        assert ruling["source"] and ruling["expected"]


def test_every_option_has_a_ruling_with_a_non_default_value():
    for option in SOCKS_OPTIONS:
        assert any(
            option.name in r["rules"] and r["rules"][option.name] != option.default for r in RULINGS
        ), option.name
