"""The solver behind the engine's ``Solve`` seam: a hint its bounds prove optimal is the answer
as it is, and the default path comes before the exact search on small game networks."""

from __future__ import annotations

import time

from whitehouse_support import GAME_NETWORK

from model.whitehouse.network.arrangement import (
    Arrangement,
    Placement,
    TricksRules,
    check_arrangement,
)
from model.whitehouse.tricks import Hint, upper_bound
from solver.network.oracle import engine_solve


def test_a_small_game_network_is_proven_without_waiting_for_the_exact_search():
    started = time.process_time()
    tricks, arrangement, _how = engine_solve(time_limit=5.0)(GAME_NETWORK, TricksRules(), None)
    assert tricks == 7 < upper_bound(GAME_NETWORK)
    assert check_arrangement(GAME_NETWORK, arrangement).tricks == 7
    assert time.process_time() - started < 2.0


def test_a_hint_the_bounds_prove_optimal_is_returned_as_it_is():
    solve = engine_solve()
    _tricks, best, _how = solve(GAME_NETWORK, TricksRules(), None)
    # The same layout mirrored: as good, and not the solver's own.
    mirrored = Arrangement(tuple(Placement(p.card, p.row, -p.col) for p in best.placements)).normalized()
    hint = Hint(mirrored, 7)
    tricks, arrangement, how = solve(GAME_NETWORK, TricksRules(), hint)
    assert (tricks, how) == (7, "exhaustive search")
    assert arrangement is mirrored


def test_a_hint_below_the_optimum_is_only_a_lower_bound():
    solve = engine_solve()
    _tricks, best, _how = solve(GAME_NETWORK, TricksRules(), None)
    # A legal line: the Supporters, then the Events (Supporter 5 beside e0, which lists it).
    line = Arrangement(
        tuple(Placement(card, 0, i) for i, card in enumerate(GAME_NETWORK.cards()))
    )
    report = check_arrangement(GAME_NETWORK, line)
    assert report.legal and report.tricks < 7
    tricks, arrangement, _how = solve(GAME_NETWORK, TricksRules(), Hint(line, report.tricks))
    assert tricks == 7 and arrangement is not line and check_arrangement(GAME_NETWORK, arrangement).tricks == 7
