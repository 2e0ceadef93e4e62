"""The clarification registry: every rule option of the four games, keyed by game.

Each game declares its options as a module-level tuple of ``RuleOption`` beside its rules
dataclass; this registry names those tuples in one explicit list, together with the function that
builds the game's rules object and the module of its rulings. An option name may repeat across
games, so options are keyed by (game, name).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from model.common.errors import InputError
from model.common.options import RuleOption


@dataclass(frozen=True)
class GameEntry:
    """Where one game keeps its rule options, its rules builder and its rulings."""

    #: The game's short name.
    game: str
    #: Its name in words.
    title: str
    #: ``module:NAME`` of each tuple of options, in listing order.
    options: tuple[str, ...]
    #: ``module:function`` building the rules object from ``(values, source)``.
    builder: str
    #: The module of its rulings (``evaluate`` and ``load_rulings``).
    rulings: str


GAMES: tuple[GameEntry, ...] = (
    GameEntry("whitehouse", "The White House intern game",
              ("model.whitehouse.rules:WHITEHOUSE_OPTIONS", "model.whitehouse.network.arrangement:TRICKS_OPTIONS"),
              "checks.registry:_whitehouse_rules", "checks.whitehouse.rulings"),
    GameEntry("socks", "Oh My Socks!", ("model.socks.cards:SOCKS_OPTIONS",),
              "checks.registry:_socks_rules", "checks.socks.rulings"),
    GameEntry("social", "Social Network", ("model.social.rules:SOCIAL_OPTIONS",),
              "checks.registry:_social_rules", "checks.social.rulings"),
    GameEntry("likes", "Likes and Lies", ("model.likes.rules:LIKES_OPTIONS",),
              "checks.registry:_likes_rules", "checks.likes.rulings"),
)
GAME_NAMES: tuple[str, ...] = tuple(entry.game for entry in GAMES)


def _load(reference: str) -> Any:
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def entry(game: str) -> GameEntry:
    for found in GAMES:
        if found.game == game:
            return found
    raise InputError("--game", "", f"unknown game {game!r} (known: {', '.join(GAME_NAMES)})")


def options(game: str | None = None) -> list[RuleOption]:
    """Every rule option of ``game`` (of every game when None), in registry order."""
    out: list[RuleOption] = []
    for found in GAMES if game is None else (entry(game),):
        for reference in found.options:
            for option in _load(reference):
                if option.game != found.game:
                    raise ValueError(f"{reference}: option {option.name} says game {option.game!r}")
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
    builder: Callable[[Mapping[str, Any], str], Any] = _load(entry(game).builder)
    typed_values = {name: typed(game, name, raw, source) for name, raw in (values or {}).items()}
    return builder(typed_values, source)


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


# --- the rules builders (each game's own, named here once) ------------------------------------


def _whitehouse_rules(values: Mapping[str, Any], source: str) -> Any:
    from model.whitehouse.rules import whitehouse_rules

    return whitehouse_rules(dict(values), source)


def _socks_rules(values: Mapping[str, Any], source: str) -> Any:
    from model.socks.io import parse_rules

    return parse_rules(source, dict(values))


def _social_rules(values: Mapping[str, Any], source: str) -> Any:
    from model.common.options import build_rules
    from model.social.rules import SOCIAL_OPTIONS, SocialRules

    return build_rules(SocialRules, SOCIAL_OPTIONS, values, source)


def _likes_rules(values: Mapping[str, Any], source: str) -> Any:
    from model.common.options import build_rules
    from model.likes.rules import LIKES_OPTIONS, LikesRules

    return build_rules(LikesRules, LIKES_OPTIONS, values, source)
