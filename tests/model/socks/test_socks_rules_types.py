"""Oh My Socks!: the rules a move can break are typed as the keys of RULES (the rules types
against the options: tests/model/test_rules_types.py)."""

from __future__ import annotations

import typing

from model.socks import rules


def test_the_rules_a_move_can_break_are_typed() -> None:
    assert set(typing.get_args(rules.RuleName)) == set(rules.RULES)
