"""Seeded random games played as they always were: the log of each (a digest of its moves), the
final Trick totals and the winners, pinned for seeds 0-2 of every player count. A faster engine or
Trick oracle changes none of them (``benchmarks/whitehouse_bench.py --compare`` checks many more
seeds against a record of its own)."""

from __future__ import annotations

import hashlib
import json

import pytest
from whitehouse_support import make_oracle

from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine
from model.whitehouse.random_play import random_game
from model.whitehouse.rules import WhitehouseRules

#: (players, seed): the first 16 hex digits of the log's SHA-256, its moves, the final Trick
#: totals by seat, the winners.
PINNED = {
    (2, 0): ("63037b0539c79710", 128, [6, 7], [1]),
    (2, 1): ("4473a4736cbca88c", 87, [0, 7], [1]),
    (2, 2): ("32b88cab3952e871", 103, [0, 7], [1]),
    (3, 0): ("7344c8dfc4b26680", 232, [2, 7, 4], [1]),
    (3, 1): ("e5dab60f0c594682", 217, [6, 7, 2], [1]),
    (3, 2): ("7a94ffc1ef653de4", 142, [0, 5, 8], [2]),
    (4, 0): ("c05b5100c2e0127e", 277, [3, 7, 3, 4], [1]),
    (4, 1): ("6077acc78ebc6800", 188, [8, 5, 5, 1], [0]),
    (4, 2): ("4402b7f850be00d7", 197, [0, 1, 7, 5], [2]),
    (5, 0): ("4db451dff35a53da", 227, [3, 8, 0, 0, 0], [1]),
    (5, 1): ("43236573f7409071", 262, [0, 4, 7, 2, 4], [2]),
    (5, 2): ("20722c2a165e23fc", 203, [1, 6, 3, 7, 2], [3]),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_random_games_are_played_as_pinned(players):
    rules = WhitehouseRules()
    catalogue = sample_catalogue()
    engine = Engine(catalogue, rules, make_oracle(rules.tricks))
    for seed in range(3):
        state, log = random_game(catalogue, players, seed, engine)
        digest = hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest()[:16]
        found = (digest, len(log), [p.tricks for p in state.players], list(state.winners))
        assert found == PINNED[(players, seed)], f"seed {seed}"
