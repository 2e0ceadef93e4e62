"""Oh My Socks! behind the one game interface (``model.common.game.Game``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.formats import DocumentFormat
from model.common.game import Game, GameRecord
from model.common.outcome import Outcome, Termination
from model.socks.balance import RULEBOOK as BALANCE_RULEBOOK
from model.socks.balance import play_balance
from model.socks.cards import sample_catalogue
from model.socks.engine import outcome
from model.socks.io import parse_rules
from model.socks.questions import QUESTIONS
from model.socks.random_play import random_game as play_random_game
from model.socks.rules import SOCKS_OPTIONS, SocksRules

STATISTICS = ("first player wins", "game length (turns)", "winning score")


def random_game(seed: int, players: int, rules: SocksRules, solvers: Mapping[str, Any]) -> GameRecord:
    """One random legal game from ``seed`` on the sample catalogue (the engine scores it)."""
    names = tuple(f"P{i + 1}" for i in range(players))
    _, moves, final = play_random_game(sample_catalogue(), rules, names, random.Random(seed))
    result = outcome(final)
    assert result is not None, "a random game is played to its end"
    share = 1 / len(result.winners) if 0 in result.winners else 0.0
    stats = dict(zip(STATISTICS, (share, float(len(moves)), float(max(result.scores))), strict=True))
    ending = Outcome(Termination.END_CARD, tuple(names[seat] for seat in result.winners), result.decided_by)
    return GameRecord(seed, players, ending, len(moves), stats)


#: The documents its commands read.
FORMATS = (
    DocumentFormat("a Socks score file", "verify socks FILE", ("socks score",),
                   ("model.socks", "socks-scoring.schema.json")),
    DocumentFormat("a Socks game log", "verify socks replay FILE", ("socks replay",),
                   ("model.socks", "socks-log.schema.json")),
    DocumentFormat("a Socks position", "verify socks advise FILE", ("socks advise",),
                   ("model.socks", "socks-position.schema.json")),
    DocumentFormat("a Socks catalogue", "verify socks play --seed N --catalogue FILE",
                   ("socks play --catalogue", "serve --catalogue"), ("model.socks", "socks-catalogue.schema.json")),
)

GAME = Game(
    name="socks",
    title="Oh My Socks!",
    options=SOCKS_OPTIONS,
    make_rules=lambda values, source: parse_rules(source, dict(values)),
    rules_type=SocksRules,
    sample_catalogue=sample_catalogue,
    default_players=3,
    random_game=random_game,
    statistics=STATISTICS,
    questions=QUESTIONS,
    formats=FORMATS,
    rulebook=BALANCE_RULEBOOK,
    balance=play_balance,
    balance_players=("random", "greedy"),
)
