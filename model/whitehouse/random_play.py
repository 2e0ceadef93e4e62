"""Random play of the White House intern game: a random legal game, and the same game as a log
document (``verify whitehouse play``)."""

from __future__ import annotations

import random
from typing import Any

from model.common.errors import InputError
from model.whitehouse.cards import (
    Catalogue,
    parse_catalogue,
    sample_catalogue,
)
from model.whitehouse.engine import Engine, SetupError, new_game, shuffled_decks
from model.whitehouse.log import move_to_json
from model.whitehouse.rules import WhitehouseRules, rules_dict
from model.whitehouse.state import (
    State,
)
from model.whitehouse.table import decider
from model.whitehouse.tricks import TrickOracle


def random_game(
    catalogue: Catalogue,
    players: int,
    seed: int,
    engine: Engine,
) -> tuple[State, list[dict[str, Any]]]:
    """Play a random legal game: decks shuffled by ``seed``, every move drawn uniformly from the
    legal moves by a generator seeded with ``seed``. Returns the final state and the moves.
    ``engine`` holds the rules and the Trick oracle (the solver wired in by the caller)."""
    rules = engine.rules
    state = new_game(catalogue, players, rules, shuffled_decks(catalogue, seed), seed)
    rng = random.Random(seed)
    moves: list[dict[str, Any]] = []
    while not state.ended:
        seat = decider(state)
        assert seat is not None, "a game that goes on waits for a seat"
        move = rng.choice(engine.legal_moves(state))
        moves.append(move_to_json(move, seat))
        state = engine.apply(state, move, seat)
    return state, moves


def play_log(
    players: int, seed: int, rules: WhitehouseRules, oracle: TrickOracle, catalogue_data: dict[str, Any] | None = None
) -> tuple[dict[str, Any], State]:
    """A random legal game as a log document (and its final state)."""
    catalogue = parse_catalogue("catalogue", catalogue_data) if catalogue_data else sample_catalogue()
    try:
        state, moves = random_game(catalogue, players, seed, Engine(catalogue, rules, oracle))
    except SetupError as error:
        raise InputError("--players", "", str(error)) from None
    log = {
        "game": "whitehouse",
        "note": f"a random legal game, seed {seed}",
        "catalogue": catalogue_data if catalogue_data else "sample",
        "players": players,
        "seed": seed,
        "shuffle_seed": seed,
        "rules": rules_dict(rules),
        "moves": moves,
    }
    return log, state
