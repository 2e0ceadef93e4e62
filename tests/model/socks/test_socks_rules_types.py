"""Oh My Socks!: the closed sets are typed. Each field of SocksRules allows, by its type, exactly
the values its rule option lists; the rules a move can break are typed as the keys of RULES."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from model.socks import engine
from model.socks.cards import SOCKS_OPTIONS, SocksRules


def allowed_values(annotation: object) -> set[object]:
    """The values a field's type allows: a Literal's values, or True and False for bool."""
    if annotation is bool:
        return {True, False}
    assert typing.get_origin(annotation) is typing.Literal, f"{annotation} is not a closed set"
    return set(typing.get_args(annotation))


HINTS = typing.get_type_hints(SocksRules)
OPTIONS = {option.name: option for option in SOCKS_OPTIONS}


def test_every_field_has_an_option_and_every_option_a_field():
    assert {f.name for f in dataclasses.fields(SocksRules)} == set(OPTIONS)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_a_fields_type_allows_exactly_its_options_values(name):
    values = {value for value, _ in OPTIONS[name].values}
    assert allowed_values(HINTS[name]) == values
    # bool counts as {True, False}: a Literal[1, 0] must not pass for it, nor the reverse.
    assert {type(v) for v in allowed_values(HINTS[name])} == {type(v) for v in values}


def test_the_rules_a_move_can_break_are_typed():
    assert set(typing.get_args(engine.RuleName)) == set(engine.RULES)
