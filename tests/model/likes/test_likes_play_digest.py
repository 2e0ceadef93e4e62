"""Likes and Lies play is pinned: for a handful of seeds, the whole game (every round's input, the
engine's status and winners) of the uniform random player and of the greedy one hashes to the
digest recorded here. Both players go through the one play loop of ``random_play``; a change
that alters what a seed plays (the loop, the options it builds, a player's choice, the order it
draws from the random source) shows here. If the change is meant to alter play, record the new
digests and say why in the commit."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random

import pytest

from model.likes.balance import GREEDY
from model.likes.io import sample_catalogue
from model.likes.random_play import RANDOM, Strategy, random_game
from model.likes.rules import LikesRules

PLAYERS: dict[str, Strategy] = {"random": RANDOM, "greedy": GREEDY}
RULES = {"default": LikesRules(),
         "options": LikesRules(intent_source="draw_top", spent_intents="reshuffle", event_cards_discarded=True)}


def digest(player: str, rules: str, players: int, seeds: range) -> str:
    """The hash of the games ``random_game`` plays from these seeds."""
    games = []
    for seed in seeds:
        names = tuple(f"P{i + 1}" for i in range(players))
        _, rounds, result = random_game(sample_catalogue(), RULES[rules], names, random.Random(seed),
                                        PLAYERS[player])
        games.append({"rounds": [dataclasses.asdict(rnd) for rnd in rounds], "status": result.status,
                      "winners": result.winners, "decided_in": result.decided_in, "stopped": result.stopped})
    return hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("player", "rules", "players", "expected"), [
    ("random", "default", 4, "7f93a1ccf53c7406"),
    ("random", "options", 3, "e75bbb5cbba11e3a"),
    ("greedy", "default", 4, "a9eb68d27ca34048"),
    ("greedy", "options", 3, "cccf16289984e917"),
])
def test_a_seed_plays_the_game_it_always_played(player: str, rules: str, players: int, expected: str) -> None:
    assert digest(player, rules, players, range(5)) == expected
