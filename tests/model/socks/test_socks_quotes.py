"""Oh My Socks!: every rule's quote is the rulebook's own words. Each sentence the engine and the
replay name a rule by, and each quoting part of a rule option's ``rulebook`` string (the parts
between "..."), is, whitespace aside, a part of the rulebook text. How a rule is read goes in
``READINGS``, never in the quote.

The rulebook is not part of the package: it lies in ``../shared/rules`` beside the checkout (as
in CI); without it these tests are skipped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from model.socks.log import RULEBOOK
from model.socks.rules import READINGS, RULES, SOCKS_OPTIONS

RULEBOOK_FILE = Path(__file__).resolve().parents[3] / ".." / "shared" / "rules" / "oh-my-socks.txt"


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def rulebook() -> str:
    if not RULEBOOK_FILE.is_file():
        pytest.skip(f"the rulebook is not beside the checkout ({RULEBOOK_FILE} is absent)")
    return normalised(RULEBOOK_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rule", sorted(RULEBOOK))
def test_a_rules_quote_is_in_the_rulebook(rule, rulebook):
    assert normalised(RULEBOOK[rule]) in rulebook, f"rule {rule}: {RULEBOOK[rule]!r} is not the rulebook's"


def test_readings_are_apart_from_quotes():
    assert set(READINGS) <= set(RULES)
    for rule, reading in READINGS.items():
        assert reading and reading != RULES[rule]


@pytest.mark.parametrize("option", SOCKS_OPTIONS, ids=[o.name for o in SOCKS_OPTIONS])
def test_an_options_rulebook_quote_is_in_the_rulebook(option, rulebook):
    parts = [normalised(part) for part in re.split(r"\.\.\.|…", option.rulebook) if part.strip()]
    assert parts
    for part in parts:
        assert part in rulebook, f"{option.name}: {part!r} is not the rulebook's"
