"""Likes and Lies: the rule names the engine may report are exactly those of its rulebook
table (the rules types against the options: tests/model/test_rules_types.py)."""

from __future__ import annotations

from typing import get_args

from model.likes.rules import RULEBOOK, RuleName


def test_the_rule_names_are_the_rulebook_keys() -> None:
    assert get_args(RuleName) == tuple(RULEBOOK)
