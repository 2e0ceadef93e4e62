"""The types of the White House rules hold exactly the values the rule options allow: each field
of ``WhitehouseRules`` is typed by a Literal (or bool) whose values are the ``values`` of its
``RuleOption``, so a value added to an option without its type (or the other way) fails here.
The Locked Network options (the nested ``tricks`` field) are tested with their own module."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from model.common.errors import RuleBroken
from model.whitehouse.rules import RULES, WHITEHOUSE_OPTIONS, IllegalMove, RuleName, WhitehouseRules

OPTIONS = {option.name: option for option in WHITEHOUSE_OPTIONS}
HINTS = typing.get_type_hints(WhitehouseRules)
FIELDS = [f.name for f in dataclasses.fields(WhitehouseRules) if f.name != "tricks"]


def allowed(hint: object) -> set[tuple[type, object]]:
    """The values a field's type allows, each with its type (so that True and 1 differ)."""
    if hint is bool:
        return {(bool, True), (bool, False)}
    assert typing.get_origin(hint) is typing.Literal, f"{hint} is neither bool nor a Literal"
    return {(type(value), value) for value in typing.get_args(hint)}


def test_every_option_has_a_field_and_every_field_an_option():
    assert set(FIELDS) == set(OPTIONS)


@pytest.mark.parametrize("name", FIELDS)
def test_field_type_allows_exactly_the_option_values(name: str):
    option = OPTIONS[name]
    assert allowed(HINTS[name]) == {(type(value), value) for value, _ in option.values}


@pytest.mark.parametrize("name", FIELDS)
def test_field_default_is_the_option_default(name: str):
    default = getattr(WhitehouseRules(), name)
    assert default == OPTIONS[name].default and type(default) is type(OPTIONS[name].default)
    assert (type(default), default) in allowed(HINTS[name])


def test_rule_names_are_the_rulebook_keys():
    assert set(typing.get_args(RuleName)) == set(RULES)


def test_illegal_move_is_a_broken_rule():
    error = IllegalMove("take-cost", "the same card is discarded twice")
    assert isinstance(error, RuleBroken)
    assert (error.rule, error.sentence, error.detail) == ("take-cost", RULES["take-cost"], error.detail)
    assert str(error) == f'the same card is discarded twice (rule take-cost: "{RULES["take-cost"]}")'
