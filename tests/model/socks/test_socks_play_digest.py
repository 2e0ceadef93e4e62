"""Oh My Socks! play is pinned: for a handful of seeds, the whole game (every move, the final
scores and winners) of the uniform random player and of the greedy one hashes to the digest
recorded here. Both players go through the one play loop of ``random_play`` (``turns``); a change
that alters what a seed plays (the loop, a player's choice, the order it draws from the random
source) shows here. If the change is meant to alter play, record the new digests and say why in
the commit."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random

import pytest

from model.socks.balance import GREEDY
from model.socks.cards import sample_catalogue
from model.socks.engine import outcome, play_random
from model.socks.random_play import Strategy, random_game
from model.socks.rules import SocksRules

PLAYERS: dict[str, Strategy] = {"random": play_random, "greedy": GREEDY}
RULES = {"default": SocksRules(), "options": SocksRules(effect_timing="before_pass", gift_to_self=False)}


def digest(player: str, rules: str, players: int, seeds: range) -> str:
    """The hash of the games ``random_game`` plays from these seeds."""
    games = []
    for seed in seeds:
        names = [f"P{i + 1}" for i in range(players)]
        _, moves, final = random_game(sample_catalogue(), RULES[rules], names, random.Random(seed), PLAYERS[player])
        result = outcome(final)
        assert result is not None
        games.append({"moves": [dataclasses.asdict(move) for move in moves], "scores": result.scores,
                      "winners": result.winners})
    return hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("player", "rules", "players", "expected"), [
    ("random", "default", 3, "c32c909499d821b6"),
    ("random", "options", 2, "606320a25fa2f477"),
    ("greedy", "default", 3, "5d631c65d3b5829d"),
    ("greedy", "options", 2, "42df2bcc2ef2f4e1"),
])
def test_a_seed_plays_the_game_it_always_played(player: str, rules: str, players: int, expected: str) -> None:
    assert digest(player, rules, players, range(5)) == expected
