"""What a designer's balance report needs from each game: one game played by a named kind of
player, with the rules of its rulebook that fired on the way and the ones that decided its end.

A game package declares ``play_balance`` (``Game.balance``) and the names of its rule registry
(``Game.rulebook``); ``checks.balance`` plays many seeds through it and adds the games up. The
random player of ``play_balance`` plays the very game of ``Game.random_game`` for the same seed,
so that the seat statistics of a balance report and of ``verify compare`` agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from model.common.outcome import Outcome

#: Who plays every seat: uniformly random legal moves, or the game's simple greedy player.
PlayerKind = Literal["random", "greedy"]
PLAYER_KINDS: tuple[PlayerKind, ...] = ("random", "greedy")


class RuleObserver(Protocol):
    """Told each time a rule of the game's registry fires (an effect applied, a refusal made).
    Passed explicitly to whatever plays; nothing is recorded when none is passed."""

    def fired(self, rule: str) -> None: ...


class RuleCounts:
    """A ``RuleObserver`` that counts how often each rule fired."""

    def __init__(self) -> None:
        #: Times each rule fired, by its name in the game's registry.
        self.counts: Counter[str] = Counter()

    def fired(self, rule: str) -> None:
        self.counts[rule] += 1

    def all(self, rules: Iterable[str]) -> None:
        """Each of ``rules`` fired once."""
        for rule in rules:
            self.counts[rule] += 1


@dataclass(frozen=True)
class PlayedGame:
    """One game played for a balance report."""

    #: The seed it was played from.
    seed: int
    #: How many players.
    players: int
    #: How it ended.
    outcome: Outcome
    #: The game's statistics by name, as ``Game.random_game`` reports them.
    stats: Mapping[str, float]
    #: The winning seats (0-based, in seating order).
    winning_seats: tuple[int, ...]
    #: The seat that moved first, or None for a game played simultaneously.
    first_seat: int | None
    #: Turns (or rounds) played.
    turns: int
    #: Moves (or plays) made.
    moves: int
    #: How often each rule fired, by its name in the game's registry (rules that never fired are
    #: absent).
    fired: Mapping[str, int] = field(default_factory=dict)
    #: How often each rule refused a move the legal-move generation considered (absent: never;
    #: a game whose engine builds only legal moves refuses none).
    refused: Mapping[str, int] = field(default_factory=dict)
    #: The rules that decided the game's end (the tie-break, the card that ends the game, ...).
    decided: tuple[str, ...] = ()
    #: Whether the game stalled (nothing legal could change the table any more).
    stalled: bool = False


class BalancePlay(Protocol):
    """Play one game: ``play_balance(seed, players, rules, solvers, player)``."""

    def __call__(self, seed: int, players: int, rules: Any, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame: ...
