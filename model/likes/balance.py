"""Likes and Lies games for a balance report: the uniform random player (the game of
``random_game`` for the same seed), with the rules each round applies.

A rule fires when a round applies it: every player plays (``one_play``) and votes
(``every_player_votes``), the Likes are counted (``likes``), the Influencer reports someone
(``report``) or nobody (``no_report``), an Event card is drawn (``event``); the game is decided
by a pawn reaching Viral (``viral``) or by the Intent decks running out (``intents_spent``).
No greedy player is declared.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.likes.io import sample_catalogue
from model.likes.random_play import random_game
from model.likes.rules import RULEBOOK as RULES
from model.likes.rules import LikesRules

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(RULES)
#: The rule that decides a game, by the engine's status of its end.
DECIDING = {"won": "viral", "no_winner": "intents_spent"}


def play_balance(seed: int, players: int, rules: LikesRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` with the sample board and cards, played as ``random_game``."""
    if player != "random":
        raise ValueError(f"Likes and Lies declares no {player} player")
    names = tuple(f"P{i + 1}" for i in range(players))
    _, rounds, result = random_game(sample_catalogue(), rules, names, random.Random(seed))
    counts = RuleCounts()
    for played in rounds:
        counts.all(("one_play", "every_player_votes", "likes"))
        counts.all("report" if r.target is not None else "no_report" for r in played.reports)
        counts.all("event" for _ in played.draws)
    decided = (DECIDING[result.status],) if result.status in DECIDING else ()
    counts.all(decided)
    share = 1 / len(result.winners) if names[0] in result.winners else 0.0
    stats = {"first player wins": share, "game length (rounds)": float(len(result.rounds)),
             "winners per game": float(len(result.winners))}
    termination = {"won": Termination.GOAL, "no_winner": Termination.OUT_OF_CARDS}.get(
        result.status, Termination.TURN_LIMIT)
    seats = tuple(names.index(w) for w in result.winners)
    return PlayedGame(seed, players, Outcome(termination, tuple(result.winners)), stats, seats, 0,
                      len(result.rounds), len(rounds) * players, fired=dict(counts.counts), decided=decided)
