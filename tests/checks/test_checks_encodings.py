"""Hypothesis compares each Python rule function with its Z3 encoding on random inputs (the
checks prove them equal on bounded domains; these tests roam further)."""

from __future__ import annotations

import z3
from hypothesis import given
from hypothesis import strategies as st

from checks.core import concrete
from checks.socks import invariants as socks_z3
from checks.whitehouse import network_invariants as tricks_z3
from model.socks import scoring as socks_scoring
from model.socks.cards import SocksRules
from model.whitehouse.network import arrangement as tricks

ints = st.integers


@st.composite
def hands(draw):
    printed = draw(st.lists(ints(0, 7), min_size=socks_z3.SETS, max_size=socks_z3.SETS))
    stars = [draw(ints(0, 3 * n)) for n in printed]
    held = [i for i, n in enumerate(printed) if n]
    wilds = draw(st.lists(st.sampled_from(held), max_size=2)) if held else []
    return socks_z3.DecodedHand(printed, stars, wilds)


@given(hands(), st.sampled_from(["all_sets", "scoring_sets"]))
def test_score_hand(hand: socks_z3.DecodedHand, counts_option: str) -> None:
    rules = SocksRules(tie_break_counts=counts_option)
    python = socks_scoring.score_hand(hand.hand(), [], rules)
    wild_sets = [z3.IntVal(w) for w in hand.wilds]
    counts = socks_z3.z3_set_counts([z3.IntVal(n) for n in hand.printed], wild_sets)
    score = socks_z3.z3_score(counts, socks_z3.z3_set_stars([z3.IntVal(s) for s in hand.stars], wild_sets))
    assert concrete(score) == python.score
    assert concrete(socks_z3.z3_set_count(counts, counts_option)) == python.set_count


@given(st.lists(st.tuples(ints(0, 9), ints(0, 5)), min_size=2, max_size=5), st.sampled_from(["shared", "no_winner"]))
def test_decide_winners(table: list[tuple[int, int]], final_tie: str) -> None:
    players = [socks_scoring.PlayerScore(f"P{i}", s, n, (), ()) for i, (s, n) in enumerate(table)]
    winners, decided = socks_scoring.decide_winners(players, SocksRules(final_tie=final_tie))
    wins, code = socks_z3.z3_decide_winners([z3.IntVal(s) for s, _ in table], [z3.IntVal(n) for _, n in table],
                                            final_tie)
    assert [f"P{i}" for i, w in enumerate(wins) if concrete(w)] == winners
    assert socks_z3.DECIDED[concrete(code)] == decided


@st.composite
def layouts(draw):
    n = draw(ints(1, 6))
    cells = draw(st.lists(st.tuples(ints(0, 3), ints(0, 3)), min_size=n, max_size=n, unique=True))
    kinds = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    return tricks_z3.Layout(cells, kinds, {p for p, on in zip(pairs, chosen, strict=False) if on})


def _cards(layout: tricks_z3.Layout) -> tuple[list, object]:
    cards = [tricks_z3.Card(z3.IntVal(r), z3.IntVal(c), z3.BoolVal(s))
             for (r, c), s in zip(layout.cells, layout.supporter, strict=False)]
    return cards, lambda i, j: z3.BoolVal((min(i, j), max(i, j)) in layout.matches)


@given(layouts())
def test_count_tricks_and_legality(layout: tricks_z3.Layout) -> None:
    cards, match = _cards(layout)
    network, arrangement = layout.network(), layout.arrangement()
    assert concrete(tricks_z3.z3_count_tricks(cards, match)) == tricks.count_tricks(network, arrangement)
    report = tricks.check_arrangement(network, arrangement, tricks.TricksRules(connected=False))
    assert concrete(tricks_z3.z3_legal(cards, match)) == report.legal


@given(layouts())
def test_entry_cells(layout: tricks_z3.Layout) -> None:
    if len(layout.cells) < 2:
        return
    cards, match = _cards(layout)
    last = len(cards) - 1
    entries = tricks.entry_cells(layout.network(), layout.arrangement(last), layout.refs()[-1])
    offered = any((e.row, e.col) == layout.cells[-1] for e in entries)
    assert concrete(tricks_z3.z3_may_enter(cards[-1], cards[:-1], lambda i: match(i, last))) == offered
