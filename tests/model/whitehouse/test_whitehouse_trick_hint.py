"""The Trick oracle's hint: the network before its newest card, with the card in its best free
cell, is a lower bound handed to the solver and, where it reaches the proven total, the answer
as it is; the cache keeps only what the solver found without a hint."""

from __future__ import annotations

import pytest
from whitehouse_support import GAME_NETWORK

from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    CardRef,
    Event,
    Network,
    Placement,
    Supporter,
    TricksRules,
    check_arrangement,
    count_tricks,
)
from model.whitehouse.tricks import Hint, TrickOracle, grown
from solver.network.oracle import engine_rearrange, engine_solve

S1, S2 = CardRef(SUPPORTER, 1), CardRef(SUPPORTER, 2)
A, B = CardRef(EVENT, "A"), CardRef(EVENT, "B")


def no_solve(network, rules, hint):
    raise AssertionError("the bounds settle this network: no solve")


def test_the_network_before_with_the_new_card_in_its_best_cell_needs_no_solve():
    # S1 and A (which lists 1 and 2) made 1 Trick; S2 enters. Beside A it makes 2, the bound.
    network = Network((Supporter(1), Supporter(2)), (Event("A", frozenset({1, 2})),))
    before = Arrangement((Placement(S1, 0, 0), Placement(A, 0, 1)))
    # A known arrangement with S2 above S1, touching no Event: 1 Trick only.
    known = Arrangement(before.placements + (Placement(S2, -1, 0),))
    oracle = TrickOracle(TricksRules(), no_solve, engine_rearrange())
    total = oracle.total(network, known, before)
    assert total.tricks == 2 and total.proven_by == "bound" and oracle.stats["bound"] == 1
    assert check_arrangement(network, total.arrangement).legal


def test_grown_puts_the_card_where_it_makes_most_and_only_where_it_may_go():
    network = Network((Supporter(1), Supporter(2)), (Event("A", frozenset({1, 2})), Event("B", frozenset({2}))))
    # S1 A on the top row, B one row down and to the right. S2 makes one Trick above A (the
    # first cell the entry rule tries) but two on either cell beside both A and B, which also
    # joins B on.
    before = Arrangement((Placement(S1, 0, 0), Placement(A, 0, 1), Placement(B, 1, 2)))
    larger = grown(network, before, TricksRules())
    assert larger is not None and count_tricks(network, larger) == 3
    assert larger.cells().get((1, 1)) == S2 or larger.cells().get((0, 2)) == S2
    assert check_arrangement(network, larger).legal
    # Two cards missing: not a network grown by one card.
    assert grown(network, Arrangement((Placement(S1, 0, 0), Placement(A, 0, 1))), TricksRules()) is None


#: A network whose upper bound (8) lies above its total (7): the solver decides it.
HARD = GAME_NETWORK


def best_of_hard() -> Arrangement:
    tricks, arrangement, _how = engine_solve()(HARD, TricksRules(), None)
    assert tricks == 7
    return arrangement


def mirrored(arrangement: Arrangement) -> Arrangement:
    return Arrangement(tuple(Placement(p.card, p.row, -p.col) for p in arrangement.placements)).normalized()


def test_a_hint_that_reaches_the_total_is_the_answer_and_is_not_cached():
    hints: list[Hint | None] = []
    solver = engine_solve()

    def solve(network, rules, hint):
        hints.append(hint)
        return solver(network, rules, hint)

    oracle = TrickOracle(TricksRules(), solve, engine_rearrange())
    known = mirrored(best_of_hard())
    first = oracle.total(HARD, known)
    assert first.tricks == 7 and first.arrangement == known.normalized()
    assert hints[0] is not None and hints[0].tricks == 7
    # Asked again without a hint, the answer is what a fresh oracle gives: the solver's own
    # arrangement, never the hint kept from before.
    again = oracle.total(HARD)
    fresh = TrickOracle(TricksRules(), solve, engine_rearrange()).total(HARD)
    assert again == fresh and hints[1] is None
    # Asked with the hint once more: from the cache, the hint returned as it is.
    assert oracle.total(HARD, known).arrangement == known.normalized()
    assert oracle.stats == {"bound": 0, "cache": 1, "solver": 2}


def test_a_solver_total_below_a_legal_arrangement_is_refused():
    # In pieces, S1 with A and B apart from it is legal with 0 Tricks; the known one makes 1.
    network = Network((Supporter(1),), (Event("A", frozenset({1})), Event("B", frozenset({1}))))
    known = Arrangement((Placement(S1, 0, 0), Placement(A, 0, 1), Placement(B, 0, 2)))
    rules = TricksRules(connected=False)
    assert count_tricks(network, known) == 1

    def too_low(network, rules, hint):
        # The relabelled network's cards, each on a cell of its own.
        apart = Arrangement(tuple(Placement(card, 0, 2 * i) for i, card in enumerate(network.cards())))
        assert check_arrangement(network, apart, rules).legal
        return 0, apart, "solver"

    with pytest.raises(RuntimeError, match="below a legal arrangement"):
        TrickOracle(rules, too_low, engine_rearrange()).total(network, known)
