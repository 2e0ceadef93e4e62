"""Every game's rules types hold exactly the values its rule options allow: each field of a
game's rules dataclass (and of a nested rules object, as the White House game's ``tricks``) is
typed by a Literal (or bool) whose values are the ``values`` of its ``RuleOption``, with the same
default. A value added to an option without its type, or the other way, fails here. The games
come from the one game interface, so a new game is checked without a line here."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest

from model.common.game import Game, games
from model.common.options import RuleOption

GAMES = games()


def allowed(hint: object) -> set[tuple[type, object]]:
    """The values a field's type allows, each with its type (so that True and 1 differ)."""
    if hint is bool:
        return {(bool, True), (bool, False)}
    assert typing.get_origin(hint) is typing.Literal, f"{hint} is neither bool nor a Literal"
    return {(type(value), value) for value in typing.get_args(hint)}


def option_values(option: RuleOption) -> set[tuple[type, object]]:
    return {(type(value), value) for value, _ in option.values}


def fields(rules_type: type, default: Any) -> dict[str, tuple[object, Any]]:
    """Every option field of a rules type, nested rules objects flattened: name -> (type, default)."""
    hints = typing.get_type_hints(rules_type)
    out: dict[str, tuple[object, Any]] = {}
    for field in dataclasses.fields(rules_type):
        value = getattr(default, field.name)
        if dataclasses.is_dataclass(value):
            out.update(fields(type(value), value))
        else:
            out[field.name] = (hints[field.name], value)
    return out


def _cases() -> list[tuple[Game, RuleOption]]:
    return [(game, option) for game in GAMES for option in game.options]


def test_every_option_has_a_field_and_every_field_an_option() -> None:
    for game in GAMES:
        assert set(fields(game.rules_type, game.rules_type())) == {o.name for o in game.options}, game.name


@pytest.mark.parametrize("game, option", _cases(), ids=lambda x: getattr(x, "name", ""))
def test_a_fields_type_allows_exactly_its_option_values_and_default(game: Game, option: RuleOption) -> None:
    hint, default = fields(game.rules_type, game.rules_type())[option.name]
    assert allowed(hint) == option_values(option)
    assert default == option.default and type(default) is type(option.default)


def test_a_value_added_to_an_option_but_not_to_its_type_is_caught() -> None:
    for game in GAMES:
        option = next(o for o in game.options if not isinstance(o.default, bool))
        widened = dataclasses.replace(option, values=(*option.values, ("not-a-value", "a planted value")))
        hint, _ = fields(game.rules_type, game.rules_type())[option.name]
        assert allowed(hint) != option_values(widened), game.name
