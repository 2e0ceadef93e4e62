"""The types of TricksRules' fields and the option registry allow exactly the same values."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

import pytest

from model.whitehouse.network.arrangement import TRICKS_OPTIONS, TricksRules


def allowed(hint: Any) -> set[tuple[type, Any]]:
    """The values a closed type allows, each with its type (so that True and 1 stay apart)."""
    if hint is bool:
        return {(bool, True), (bool, False)}
    if hint is types.NoneType:
        return {(types.NoneType, None)}
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return {(type(value), value) for value in typing.get_args(hint)}
    if origin in (typing.Union, types.UnionType):
        return set().union(*(allowed(arg) for arg in typing.get_args(hint)))
    raise AssertionError(f"{hint!r} is not a closed set of values (bool or Literal)")


def test_every_field_is_an_option_and_every_option_a_field() -> None:
    fields = {field.name for field in dataclasses.fields(TricksRules)}
    assert fields == {option.name for option in TRICKS_OPTIONS}


@pytest.mark.parametrize("option", TRICKS_OPTIONS, ids=lambda option: option.name)
def test_field_type_allows_exactly_the_option_values(option: Any) -> None:
    hint = typing.get_type_hints(TricksRules)[option.name]
    values = {(type(value), value) for value, _ in option.values}
    assert allowed(hint) == values


@pytest.mark.parametrize("option", TRICKS_OPTIONS, ids=lambda option: option.name)
def test_field_default_is_the_option_default(option: Any) -> None:
    default = {field.name: field.default for field in dataclasses.fields(TricksRules)}[option.name]
    assert type(default) is type(option.default) and default == option.default


def test_allowed_tells_the_values_apart() -> None:
    # The comparison above must fail when the registry and the type disagree.
    assert allowed(bool) != {(bool, True), (bool, False), (str, "pieces")}
    assert allowed(typing.Literal["a", "b"]) == {(str, "a"), (str, "b")}
    assert allowed(typing.Literal["a"] | None) == {(str, "a"), (types.NoneType, None)}
    assert allowed(typing.Literal[1]) != {(bool, True)}
    with pytest.raises(AssertionError):
        allowed(str)
