"""Oh My Socks!: random play. ``random_game`` plays a whole random legal game (every decision
drawn uniformly among the legal ones); ``write_log`` plays one from a seed and records it as a log
document (``verify socks play``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from model.common.options import rules_as_dict
from model.socks.cards import Catalogue, sample_catalogue
from model.socks.engine import Move, final_hands, new_game, play_random, shuffled_deck, start
from model.socks.log import DEFAULT_RULES, ScoreGame, move_json
from model.socks.rules import SocksRules
from model.socks.state import State


def random_game(
    catalogue: Catalogue, rules: SocksRules, names: Sequence[str], rng: random.Random
) -> tuple[State, list[Move], State]:
    """A whole random legal game: the start, the moves, and the final position."""
    first = state = new_game(catalogue, rules, names, rng)
    moves: list[Move] = []
    while not state.over:
        move, state = play_random(state, rng)
        moves.append(move)
    return first, moves, state


def write_log(
    seed: int,
    players: int,
    rules: SocksRules = DEFAULT_RULES,
    catalogue: Catalogue | None = None,
    catalogue_doc: dict[str, Any] | None = None,
    *,
    score_game: ScoreGame,
) -> tuple[dict[str, Any], State]:
    """A random legal game from ``seed`` as a log document, and its final position; its result is
    scored by ``score_game`` (the optimal scorer, wired in by the caller)."""
    catalogue = catalogue or sample_catalogue()
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    deck = shuffled_deck(catalogue, rng)
    state = start(catalogue, rules, names, deck)
    turns: list[dict[str, Any]] = []
    while not state.over:
        before = state
        move, state = play_random(state, rng)
        turns.append(move_json(before, move, state))
    game = score_game(final_hands(state), rules)
    log: dict[str, Any] = {
        "game": "socks",
        "note": "A random legal game: every decision drawn uniformly among the legal ones.",
        "seed": seed,
    }
    if catalogue_doc is not None:
        log["catalogue"] = catalogue_doc
    log.update(
        players=names,
        rules=rules_as_dict(rules),
        deck=[catalogue.id_of(c) for c in deck],
        turns=turns,
        result={
            "scores": {p.name: p.score for p in game.players},
            "winners": list(game.winners),
        },
    )
    return log, state
