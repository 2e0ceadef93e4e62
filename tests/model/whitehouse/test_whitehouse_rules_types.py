"""The White House rules: the rule names are typed as the keys of RULES, and an illegal move is
a broken rule (the rules types against the options: tests/model/test_rules_types.py)."""

from __future__ import annotations

import typing

from model.common.errors import RuleBroken
from model.whitehouse.rules import RULES, IllegalMove, RuleName


def test_rule_names_are_the_rulebook_keys():
    assert set(typing.get_args(RuleName)) == set(RULES)


def test_illegal_move_is_a_broken_rule():
    error = IllegalMove("take-cost", "the same card is discarded twice")
    assert isinstance(error, RuleBroken)
    assert (error.rule, error.sentence, error.detail) == ("take-cost", RULES["take-cost"], error.detail)
    assert str(error) == f'the same card is discarded twice (rule take-cost: "{RULES["take-cost"]}")'
