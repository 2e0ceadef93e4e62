"""Oh My Socks!: random play. ``random_game`` plays a whole random legal game (every decision
drawn uniformly among the legal ones); ``write_log`` plays one from a seed and records it as a log
document (``verify socks play``). Both go through the one play loop, ``turns``, which takes the
player as its parameter (``Strategy``): the balance report's greedy player is another choice of
move alone."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from model.common.options import rules_as_dict
from model.socks.cards import Catalogue, sample_catalogue
from model.socks.engine import Move, final_hands, new_game, play_random, shuffled_deck, start
from model.socks.log import DEFAULT_RULES, ScoreGame, move_json
from model.socks.rules import SocksRules
from model.socks.state import State

#: A player: his move in a position, chosen among its legal ones with the game's random source,
#: and the position after it. The uniform random player is the engine's ``play_random``.
Strategy = Callable[[State, random.Random], tuple[Move, State]]


def turns(first: State, rng: random.Random,
          player: Strategy = play_random) -> Iterator[tuple[State, Move, State]]:
    """Every turn of a game from ``first`` to its end, every seat played by ``player``: the
    position, the move, and the position after it."""
    state = first
    while not state.over:
        move, after = player(state, rng)
        yield state, move, after
        state = after


def random_game(
    catalogue: Catalogue, rules: SocksRules, names: Sequence[str], rng: random.Random,
    player: Strategy = play_random,
) -> tuple[State, list[Move], State]:
    """A whole legal game, every seat played by ``player`` (the uniform random one unless told):
    the start, the moves, and the final position."""
    first = state = new_game(catalogue, rules, names, rng)
    moves: list[Move] = []
    for _, move, after in turns(first, rng, player):
        moves.append(move)
        state = after
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
    first = state = start(catalogue, rules, names, deck)
    played: list[dict[str, Any]] = []
    for before, move, state in turns(first, rng):
        played.append(move_json(before, move, state))
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
        turns=played,
        result={
            "scores": {p.name: p.score for p in game.players},
            "winners": list(game.winners),
        },
    )
    return log, state
