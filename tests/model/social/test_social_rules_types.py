"""Social Network: the rule names the engine may report are exactly those of its rulebook
table (the rules types against the options: tests/model/test_rules_types.py)."""

from __future__ import annotations

from typing import get_args

from model.social.rules import SOCIAL_RULES, RuleName


def test_the_rule_names_are_those_of_the_rules() -> None:
    assert get_args(RuleName) == tuple(rule.name for rule in SOCIAL_RULES)
