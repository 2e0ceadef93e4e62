"""Shared helpers of the White House intern game tests: a Trick oracle backed by the project's
solver, one backed by the brute-force reference of ``oracle_tricks.py`` (independent of the
solver), and small builders of positions."""

from __future__ import annotations

import time

from oracle_tricks import oracle_solve

from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules
from model.whitehouse.tricks import Hint, TrickOracle
from solver.network.oracle import engine_rearrange, trick_oracle


def reference_solve(network: Network, rules: TricksRules, hint: Hint | None = None):
    found = oracle_solve(network, rules, deadline=time.monotonic() + 20)
    assert found is not None, "a network reached in play always has a legal arrangement"
    return found[0], found[1], "reference"


def make_oracle(rules: TricksRules = TricksRules()) -> TrickOracle:
    """The project's solver behind the engine's seams."""
    return trick_oracle(rules)


def reference_oracle(rules: TricksRules = TricksRules()) -> TrickOracle:
    """Totals from the brute-force reference (small networks only), entries from the solver."""
    return TrickOracle(rules, reference_solve, engine_rearrange())


#: A 10-card network reached in a three-player game: the simple bounds allow 8, the embedding
#: search proves 7 at once, and the exact search alone runs far past its limit on it.
GAME_NETWORK = Network(
    tuple(Supporter(i) for i in range(1, 6)),
    (
        Event("e0", frozenset({1, 5})),
        Event("e1", frozenset({2, 4, 5})),
        Event("e2", frozenset({3})),
        Event("e3", frozenset({5})),
        Event("e4", frozenset({5})),
    ),
)
