"""The clarification registry: every game's options, keyed by game, each value buildable."""

from __future__ import annotations

import dataclasses

import pytest

from checks import registry
from model.common.errors import InputError


def _flat(rules: object) -> dict:
    values = dataclasses.asdict(rules)
    return {**values.pop("tricks", {}), **values}


def test_the_registry_lists_all_four_games() -> None:
    assert registry.game_names() == ("whitehouse", "socks", "social", "likes")
    for game in registry.game_names():
        assert registry.options(game), game


def test_options_are_keyed_by_game_and_name() -> None:
    found = registry.options()
    assert len(registry.by_key()) == len(found)
    assert all(o.game in registry.game_names() for o in found)


def test_every_option_has_a_question_a_sentence_a_default_and_an_alternative() -> None:
    for option in registry.options():
        values = [v for v, _ in option.values]
        assert option.question and option.rulebook, option.name
        assert option.default in values, option.name
        assert option.alternatives, option.name


@pytest.mark.parametrize("key", sorted(registry.by_key()))
def test_every_value_of_every_option_builds_the_rules(key: tuple[str, str]) -> None:
    game, name = key
    option = registry.by_key()[key]
    assert _flat(registry.rules(game))[name] == option.default
    for value, _ in option.values:
        assert _flat(registry.rules(game, {name: value}))[name] == value


def test_text_values_from_the_command_line_are_typed() -> None:
    assert registry.rules("likes", {"exchange_step_lands": "false"}).exchange_step_lands is False
    assert registry.rules("whitehouse", {"connected": "false"}).tricks.connected is False


def test_an_unknown_option_or_value_is_bad_input() -> None:
    with pytest.raises(InputError, match="no rule option"):
        registry.rules("socks", {"streak_after_third": "restart"})
    with pytest.raises(InputError, match="takes one of"):
        registry.rules("socks", {"final_tie": "maybe"})


def test_a_name_shared_by_two_games_needs_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "games_with", lambda name: ["socks", "likes"])
    with pytest.raises(InputError, match="add --game"):
        registry.split_flags({"final_tie": "shared"}, None)
    assert registry.split_flags({"final_tie": "shared"}, "socks") == {"socks": {"final_tie": "shared"}}
