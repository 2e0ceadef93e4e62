"""Social Network behind the one game interface (``model.common.game.Game``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.formats import DocumentFormat
from model.common.game import Game, GameRecord
from model.common.options import build_rules
from model.common.outcome import Outcome, Termination
from model.social.balance import RULEBOOK as BALANCE_RULEBOOK
from model.social.balance import play_balance
from model.social.cards import sample_decks
from model.social.questions import QUESTIONS
from model.social.random_play import random_game as play_random_game
from model.social.rules import SOCIAL_OPTIONS, SocialRules

#: Social Network is played simultaneously, so no seat moves first: instead of "first player
#: wins" it reports the share of rounds that stall (nobody can play any more).
STATISTICS = ("stalled rounds", "game length (plays)", "winning score")


def random_game(seed: int, players: int, rules: SocialRules, solvers: Mapping[str, Any]) -> GameRecord:
    """One random legal game from ``seed`` with the sample decks."""
    names = tuple(f"P{i + 1}" for i in range(players))
    setup, result = play_random_game(sample_decks(), rules, names, random.Random(seed))
    # A round without an end stalled: nothing legal could change the table any more.
    stalled = sum(1 for r in result.rounds if r.end is None) / len(result.rounds)
    plays = sum(1 for r in setup.rounds for e in r.events if e.action == "play")
    stats = dict(zip(STATISTICS, (stalled, float(plays), float(max(total for _, total in result.totals))),
                     strict=True))
    ending = Outcome(Termination.ROUNDS, tuple(result.winners), result.decided_by)
    return GameRecord(seed, players, ending, plays, stats)


#: The documents its commands read.
FORMATS = (
    DocumentFormat("a Social Network round log", "verify social round FILE", ("social round",),
                   ("model.social", "social-round.schema.json")),
    DocumentFormat("a Social Network game log", "verify social game FILE", ("social game",),
                   ("model.social", "social-game.schema.json")),
    DocumentFormat("a Social Network Like", "verify social like FILE", ("social like",),
                   ("model.social", "social-like.schema.json")),
)

GAME = Game(
    name="social",
    title="Social Network",
    options=SOCIAL_OPTIONS,
    make_rules=lambda values, source: build_rules(SocialRules, SOCIAL_OPTIONS, values, source),
    rules_type=SocialRules,
    sample_catalogue=sample_decks,
    default_players=3,
    random_game=random_game,
    statistics=STATISTICS,
    questions=QUESTIONS,
    formats=FORMATS,
    rulebook=BALANCE_RULEBOOK,
    balance=play_balance,
    balance_players=("random", "greedy"),
)
