"""Likes and Lies: the type of every rules field allows exactly the values of its rule option,
and the rule names the engine may report are exactly the keys of ``RULEBOOK``."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from model.common.options import RuleOption
from model.likes.rules import LIKES_OPTIONS, RULEBOOK, LikesRules, RuleName

HINTS = get_type_hints(LikesRules)


def allowed(annotation: Any) -> set[tuple[type, Any]]:
    """The values a field's resolved type allows, each with its type (so True is not 1)."""
    if annotation is bool:
        return {(bool, True), (bool, False)}
    assert get_origin(annotation) is Literal, f"{annotation!r} is not a closed set of values"
    return {(type(value), value) for value in get_args(annotation)}


def option_values(option: RuleOption) -> set[tuple[type, Any]]:
    return {(type(value), value) for value, _ in option.values}


def test_every_rules_field_is_an_option() -> None:
    assert list(HINTS) == [option.name for option in LIKES_OPTIONS]


@pytest.mark.parametrize("option", LIKES_OPTIONS, ids=lambda option: option.name)
def test_a_rules_field_allows_exactly_its_option_values(option: RuleOption) -> None:
    assert allowed(HINTS[option.name]) == option_values(option)
    field = next(f for f in dataclasses.fields(LikesRules) if f.name == option.name)
    assert field.default == option.default and type(field.default) is type(option.default)


def test_a_value_added_to_an_option_but_not_to_its_type_is_caught() -> None:
    option = next(o for o in LIKES_OPTIONS if o.name == "spent_intents")
    widened = dataclasses.replace(option, values=(*option.values, ("last_wins", "the last mover wins")))
    assert allowed(HINTS[widened.name]) != option_values(widened)


def test_the_rule_names_are_the_rulebook_keys() -> None:
    assert get_args(RuleName) == tuple(RULEBOOK)
