"""The White House intern game behind the one game interface (``model.common.game.Game``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from model.common.formats import DocumentFormat
from model.common.game import Game, GameRecord
from model.common.outcome import Outcome, Termination
from model.whitehouse.balance import RULEBOOK as BALANCE_RULEBOOK
from model.whitehouse.balance import play_balance
from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine, new_game, shuffled_decks
from model.whitehouse.network.arrangement import TRICKS_OPTIONS, TricksRules
from model.whitehouse.questions import QUESTIONS
from model.whitehouse.random_play import random_game as play_random_game
from model.whitehouse.rules import WHITEHOUSE_OPTIONS, WhitehouseRules, whitehouse_rules
from model.whitehouse.tricks import TrickOracle

#: The solver seam this game needs: ``solvers["trick_oracle"](tricks_rules)`` makes the Trick
#: oracle of the engine (``solver.network.oracle.trick_oracle``).
TRICK_ORACLE = "trick_oracle"
STATISTICS = ("first player wins", "game length (turns)", "most Tricks at the end")


def random_game(seed: int, players: int, rules: WhitehouseRules, solvers: Mapping[str, Any]) -> GameRecord:
    """One random legal game from ``seed`` on the sample catalogue."""
    make_oracle: Callable[[TricksRules], TrickOracle] = solvers[TRICK_ORACLE]
    catalogue = sample_catalogue()
    first = new_game(catalogue, players, rules, shuffled_decks(catalogue, seed), seed).current
    final, _ = play_random_game(catalogue, players, seed, Engine(catalogue, rules, make_oracle(rules.tricks)))
    winners = tuple(str(seat) for seat in final.winners)
    ending = Termination.GOAL if final.winners else Termination.TURN_LIMIT
    share = 1 / len(final.winners) if first in final.winners else 0.0
    stats = dict(zip(STATISTICS, (share, float(final.turn), float(max(p.tricks for p in final.players))), strict=True))
    return GameRecord(seed, players, Outcome(ending, winners), final.turn, stats)


#: The documents its commands read; a log and a position share the log's schema (a position is a
#: log's table before its moves), and ``whitehouse move`` explains a log given as a position itself.
_LOG_SCHEMA = ("model.whitehouse", "whitehouse-log.schema.json")
FORMATS = (
    DocumentFormat("a Locked Network", "verify tricks FILE", ("tricks",),
                   ("model.whitehouse.network", "tricks-input.schema.json")),
    DocumentFormat("a White House game log", "verify whitehouse replay FILE", ("whitehouse replay", "whitehouse move"),
                   _LOG_SCHEMA, needs=("moves",)),
    DocumentFormat("a White House position", "verify whitehouse move FILE --list",
                   ("whitehouse move", "whitehouse replay"), _LOG_SCHEMA, needs=("position",)),
    DocumentFormat("a White House move", "verify whitehouse move POSITION --move FILE", ("whitehouse move --move",),
                   _LOG_SCHEMA, pointer="/properties/moves/items"),
    DocumentFormat("a White House catalogue", "verify whitehouse play --seed N --catalogue FILE",
                   ("whitehouse play --catalogue", "serve --catalogue"),
                   ("model.whitehouse", "whitehouse-catalogue.schema.json")),
)

GAME = Game(
    name="whitehouse",
    title="The White House intern game",
    options=WHITEHOUSE_OPTIONS + TRICKS_OPTIONS,
    make_rules=lambda values, source: whitehouse_rules(dict(values), source),
    rules_type=WhitehouseRules,
    sample_catalogue=sample_catalogue,
    default_players=4,
    random_game=random_game,
    statistics=STATISTICS,
    solvers=(TRICK_ORACLE,),
    questions=QUESTIONS,
    formats=FORMATS,
    rulebook=BALANCE_RULEBOOK,
    balance=play_balance,
    balance_players=("random", "greedy"),
)
