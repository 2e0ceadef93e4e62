"""The White House intern game behind the one game interface (``model.common.game.Game``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from model.common.game import Game, GameRecord
from model.common.outcome import Outcome, Termination
from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine, new_game, shuffled_decks
from model.whitehouse.log import random_game as play_random_game
from model.whitehouse.network.arrangement import TRICKS_OPTIONS, TricksRules
from model.whitehouse.questions import QUESTIONS
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
)
