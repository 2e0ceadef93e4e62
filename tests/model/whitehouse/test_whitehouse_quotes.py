"""Every rulebook quote of the White House intern game is the rulebook's own text, whitespace aside:
the sentence each named rule quotes (``RULES``) and the ``rulebook`` string of each rule option.
A reading or paraphrase belongs in another field (the option's question and values, a refusal's
detail), never in a quote.

The rulebook is read from ``../shared/rules/white-house-intern.txt`` beside the checkout (as CI
has it); the test skips only when that file is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from model.whitehouse.network.arrangement import TRICKS_OPTIONS
from model.whitehouse.rules import RULES, WHITEHOUSE_OPTIONS

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rules" / "white-house-intern.txt"


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def rulebook() -> str:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook is not beside the checkout ({RULEBOOK} is absent)")
    return normalised(RULEBOOK.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", list(RULES))
def test_each_named_rule_quotes_the_rulebook_exactly(rulebook: str, name: str) -> None:
    assert normalised(RULES[name]) in rulebook, f"rule {name}: {RULES[name]!r} is not in the rulebook"


@pytest.mark.parametrize("option", WHITEHOUSE_OPTIONS, ids=[o.name for o in WHITEHOUSE_OPTIONS])
def test_each_rule_option_quotes_the_rulebook_exactly(rulebook: str, option) -> None:
    assert normalised(option.rulebook) in rulebook, f"option {option.name}: {option.rulebook!r} is not in the rulebook"


@pytest.mark.parametrize("option", TRICKS_OPTIONS, ids=[o.name for o in TRICKS_OPTIONS])
def test_each_locked_network_option_quotes_the_rulebook(rulebook: str, option) -> None:
    # These quotes join two passages with " ... ": each passage is the rulebook's own text.
    for passage in option.rulebook.split("..."):
        assert normalised(passage) in rulebook, f"option {option.name}: {passage!r} is not in the rulebook"


def test_a_changed_quote_is_caught(rulebook: str) -> None:
    sentence = RULES["take-cost"]
    assert normalised(sentence) in rulebook
    assert normalised(sentence.replace("\u2014", "-")) not in rulebook
