"""The clarification registry: every rule option of the games, keyed by game.

The games come from ``model.common.game.games()`` (one ``Game`` object per game package, listed
in ``model.GAME_PACKAGES``): this module names no game. Each game declares its options as data
beside its rules dataclass, and its ``make_rules`` builds its rules object. An option name may
repeat across games, so options are keyed by (game, name).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from model.common.errors import InputError
from model.common.game import Game, games
from model.common.options import RuleOption


@cache
def all_games() -> tuple[Game, ...]:
    """Every game, in listing order."""
    return games()


def game_names() -> tuple[str, ...]:
    return tuple(found.name for found in all_games())


def entry(game: str) -> Game:
    for found in all_games():
        if found.name == game:
            return found
    raise InputError("--game", "", f"unknown game {game!r} (known: {', '.join(game_names())})")


def options(game: str | None = None) -> list[RuleOption]:
    """Every rule option of ``game`` (of every game when None), in registry order."""
    out: list[RuleOption] = []
    for found in all_games() if game is None else (entry(game),):
        for option in found.options:
            if option.game != found.name:
                raise ValueError(f"{found.name}: option {option.name} says game {option.game!r}")
            out.append(option)
    return out


def by_key() -> dict[tuple[str, str], RuleOption]:
    """Every option keyed by (game, name)."""
    return {(o.game, o.name): o for o in options()}


def games_with(name: str) -> list[str]:
    """The games that have an option of this name."""
    return [o.game for o in options() if o.name == name]


def option(game: str, name: str) -> RuleOption:
    found = by_key().get((game, name))
    if found is None:
        known = ", ".join(o.name for o in options(game))
        raise InputError("--rule", name, f"{game} has no rule option {name!r} (known: {known})")
    return found


def typed(game: str, name: str, raw: Any, source: str = "--rule") -> Any:
    """A value from ``--rule NAME=VALUE`` (text) as the option's own type, checked."""
    chosen = option(game, name)
    if isinstance(raw, str) and isinstance(chosen.default, int) and not isinstance(chosen.default, bool):
        text = raw.strip()
        if text.lstrip("-").isdigit():
            raw = int(text)
        else:
            raise InputError(source, name, f"rule {name} takes a whole number, not {raw!r}")
    return chosen.parse(source, name, raw)


def rules(game: str, values: Mapping[str, Any] | None = None, source: str = "--rule") -> Any:
    """The game's rules object with these options set (every other one at its default)."""
    typed_values = {name: typed(game, name, raw, source) for name, raw in (values or {}).items()}
    return entry(game).make_rules(typed_values, source)


def split_flags(flags: Mapping[str, str], game: str | None) -> dict[str, dict[str, str]]:
    """Assign ``--rule`` values to games: to ``game`` when given, else to the one game that has
    the option (a name several games share needs ``--game``)."""
    out: dict[str, dict[str, str]] = {}
    for name, value in flags.items():
        if game is not None:
            option(game, name)
            out.setdefault(game, {})[name] = value
            continue
        owners = games_with(name)
        if not owners:
            raise InputError("--rule", name, "no game has this rule option (see `verify options`)")
        if len(owners) > 1:
            raise InputError("--rule", name, f"the option is in several games ({', '.join(owners)}): "
                                             "add --game")
        out.setdefault(owners[0], {})[name] = value
    return out


def option_json(chosen: RuleOption) -> dict[str, Any]:
    return {
        "game": chosen.game, "name": chosen.name, "question": chosen.question,
        "rulebook": chosen.rulebook, "default": chosen.default,
        "alternatives": [{"value": value, "meaning": meaning}
                         for value, meaning in chosen.values if value != chosen.default],
        "default_meaning": next(m for v, m in chosen.values if v == chosen.default),
    }
