"""Hypothesis compares each Python rule function with its Z3 encoding on random inputs (the
checks prove them equal on bounded domains; these tests roam further)."""

from __future__ import annotations

import z3
from hypothesis import given
from hypothesis import strategies as st

from checks.core import concrete
from checks.socks import invariants as socks_z3
from model.socks import scoring as socks_scoring
from model.socks.cards import SocksRules

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
