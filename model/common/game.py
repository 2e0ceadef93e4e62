"""The one interface every game package exposes (as OpenSpiel's registered games): a ``Game``
object in ``model.<game>`` named ``GAME``. The registry, ``verify options``, rulings and
``compare`` loop over the games through it and hold no game names of their own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from model import GAME_PACKAGES
from model.common.balance import BalancePlay, PlayerKind
from model.common.formats import DocumentFormat
from model.common.options import RuleOption
from model.common.outcome import Outcome
from model.common.question import Question


@dataclass(frozen=True)
class GameRecord:
    """One random legal game, in the shape every game gives it (for ``verify compare``)."""

    #: The seed it was played from (the same seed, the same game).
    seed: int
    #: How many players.
    players: int
    #: How it ended.
    outcome: Outcome
    #: Its length in the game's own unit (turns, moves or rounds).
    length: int
    #: The game's statistics, by name (``"first player wins"``: 0 or 1, ``"game length"``, ...).
    stats: Mapping[str, float] = field(default_factory=dict)


class RandomGame(Protocol):
    """Play one random legal game: ``random_game(seed, players, rules, solvers)``. ``solvers``
    holds what the engine needs a solver for (the caller wires it in; the model imports none)."""

    def __call__(self, seed: int, players: int, rules: Any, solvers: Mapping[str, Any]) -> GameRecord: ...


@dataclass(frozen=True)
class Game:
    """A game as the rest of the tool sees it."""

    #: The game's name in commands and rules objects (``whitehouse``, ``socks``, ...).
    name: str
    #: The game's title.
    title: str
    #: Its rule options: every open question of its rulebook.
    options: tuple[RuleOption, ...]
    #: Build its rules object from option values (``{"final_tie": "shared"}``); bad values raise
    #: ``InputError`` naming ``source``.
    make_rules: Callable[[Mapping[str, Any], str], Any]
    #: The type of its rules object (a frozen dataclass, one field per option).
    rules_type: type
    #: The shipped sample catalogue (illustrative, not a published card list).
    sample_catalogue: Callable[[], Any]
    #: Its default number of players for random games.
    default_players: int
    #: One random legal game.
    random_game: RandomGame
    #: The statistics ``random_game`` reports, in the order ``compare`` shows them.
    statistics: tuple[str, ...]
    #: The solver seams ``random_game`` needs, by name (keys of its ``solvers`` argument).
    solvers: tuple[str, ...] = ()
    #: The questions users ask of it (``model.<game>.questions``): both front ends loop over them.
    questions: tuple[Question, ...] = ()
    #: The input documents its commands read (``model.common.formats``): a document given to the
    #: wrong command is answered with the command that reads it.
    formats: tuple[DocumentFormat, ...] = ()
    #: The names of its rule registry (the rules a refusal names or an effect applies), in the
    #: registry's order: what a balance report counts.
    rulebook: tuple[str, ...] = ()
    #: One game played by a kind of player, with the rules that fired (``model.common.balance``);
    #: None for a game that declares none.
    balance: BalancePlay | None = None
    #: The players ``balance`` plays with (``model.common.balance.PlayerKind``): the uniform random
    #: one always, and the greedy one where the game declares it.
    balance_players: tuple[PlayerKind, ...] = ("random",)


def games() -> tuple[Game, ...]:
    """Every game, in the order of ``model.GAME_PACKAGES``."""

    return tuple(import_module(f"model.{name}.game").GAME for name in GAME_PACKAGES)
