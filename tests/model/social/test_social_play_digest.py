"""Social Network play is pinned: for a handful of seeds, the whole game (every round's piles and
log, the totals and the winners) of the uniform random player and of the greedy one hashes to
the digest recorded here. Both players go through the one play loop of ``random_play``; a change
that alters what a seed plays (the loop, the legal events it builds, a player's choice, the
order it draws from the random source) shows here. If the change is meant to alter play, record
the new digests and say why in the commit."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from model.social.balance import GREEDY
from model.social.cards import sample_decks
from model.social.random_play import RANDOM, Strategy, random_game
from model.social.rules import SocialRules

PLAYERS: dict[str, Strategy] = {"random": RANDOM, "greedy": GREEDY}
RULES = {"default": SocialRules(),
         "options": SocialRules(two_player_quiz="removed", rounds="one_per_player", reward_closes_gallery=True)}


def digest(player: str, rules: str, players: int, seeds: range) -> str:
    """The hash of the games ``random_game`` plays from these seeds."""
    games = []
    for seed in seeds:
        names = tuple(f"P{i + 1}" for i in range(players))
        setup, result = random_game(sample_decks(), RULES[rules], names, random.Random(seed), PLAYERS[player])
        games.append({"rounds": [{"piles": rnd.piles, "removed": rnd.removed, "first": rnd.first,
                                  "events": [event.json() for event in rnd.events]} for rnd in setup.rounds],
                      "totals": result.totals, "winners": result.winners, "decided_by": result.decided_by})
    return hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("player", "rules", "players", "expected"), [
    ("random", "default", 3, "a23c96f336a3c546"),
    ("random", "options", 2, "f90fa4f62c05d0ab"),
    ("greedy", "default", 3, "ff12a2c395f1d021"),
    ("greedy", "options", 2, "dd8569cd36ccb662"),
])
def test_a_seed_plays_the_game_it_always_played(player: str, rules: str, players: int, expected: str) -> None:
    assert digest(player, rules, players, range(3)) == expected
