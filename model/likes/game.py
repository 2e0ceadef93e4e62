"""Likes and Lies behind the one game interface (``model.common.game.Game``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.formats import DocumentFormat
from model.common.game import Game, GameRecord
from model.common.options import build_rules
from model.common.outcome import Outcome, Termination
from model.likes.balance import RULEBOOK as BALANCE_RULEBOOK
from model.likes.balance import play_balance
from model.likes.io import sample_catalogue
from model.likes.questions import QUESTIONS
from model.likes.random_play import random_game as play_random_game
from model.likes.rules import LIKES_OPTIONS, LikesRules

STATISTICS = ("first player wins", "game length (rounds)", "winners per game")


def random_game(seed: int, players: int, rules: LikesRules, solvers: Mapping[str, Any]) -> GameRecord:
    """One random legal game from ``seed`` with the sample board, Events and Intents."""
    names = tuple(f"P{i + 1}" for i in range(players))
    _, _, result = play_random_game(sample_catalogue(), rules, names, random.Random(seed))
    # A game without a winner (the Intent decks, or the Event cards when discarded, ran out)
    # counts 0 for the first player, as for the rest.
    share = 1 / len(result.winners) if names[0] in result.winners else 0.0
    stats = dict(zip(STATISTICS, (share, float(len(result.rounds)), float(len(result.winners))), strict=True))
    # How it ended is the engine's own outcome (Viral reached, or every round the Intent decks
    # allow played); random play always finishes or stops a game, so there is one.
    ending = result.outcome or Outcome(Termination.TURN_LIMIT, (), "no_winner")
    return GameRecord(seed, players, ending, len(result.rounds), stats)


#: The documents its commands read (the board and the cards by ``round`` and ``game`` alike).
FORMATS = (
    DocumentFormat("a Likes and Lies round", "verify likes round FILE", ("likes round",),
                   ("model.likes", "likes-round.schema.json")),
    DocumentFormat("a Likes and Lies game log", "verify likes game FILE", ("likes game",),
                   ("model.likes", "likes-game.schema.json")),
    DocumentFormat("a Likes and Lies board", "verify likes round ROUND --board FILE",
                   ("likes round --board", "likes game --board"), ("model.likes", "likes-board.schema.json")),
    DocumentFormat("a Likes and Lies Event deck", "verify likes round ROUND --events FILE",
                   ("likes round --events", "likes game --events"), ("model.likes", "likes-events.schema.json")),
    DocumentFormat("a Likes and Lies Intent deck", "verify likes round ROUND --intents FILE",
                   ("likes round --intents", "likes game --intents"), ("model.likes", "likes-intents.schema.json")),
)

GAME = Game(
    name="likes",
    title="Likes and Lies",
    options=LIKES_OPTIONS,
    make_rules=lambda values, source: build_rules(LikesRules, LIKES_OPTIONS, values, source),
    rules_type=LikesRules,
    sample_catalogue=sample_catalogue,
    default_players=4,
    random_game=random_game,
    statistics=STATISTICS,
    questions=QUESTIONS,
    formats=FORMATS,
    rulebook=BALANCE_RULEBOOK,
    balance=play_balance,
    balance_players=("random", "greedy"),
)
