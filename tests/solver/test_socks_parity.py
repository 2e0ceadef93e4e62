"""The parity path of the Super Sock placement decides at once, for any number of wild cards,
and equals both an exhaustive enumeration and the CP-SAT model."""

from __future__ import annotations

import itertools
import time

from budget import examples
from hypothesis import given
from hypothesis import strategies as st

from model.common.status import Status
from model.socks.cards import SocksRules
from model.socks.scoring import Hand, Wild, score_hand
from solver.socks import choose_wilds, score_game


def brute_force(hand: Hand, rules: SocksRules) -> tuple[int, int, tuple]:
    """Best score, then fewest counted sets, then the lexicographically largest counts."""
    domain = hand.domain()
    free = len(hand.free_wilds())
    best = None
    for placement in itertools.combinations_with_replacement(domain, free):
        result = score_hand(hand, placement, rules)
        key = (result.score, -result.set_count, tuple(placement.count(n) for n in domain))
        if best is None or key > best[0]:
            best = (key, placement)
    assert best is not None
    (score, negative_sets, _), placement = best
    return score, -negative_sets, tuple(placement)


hands = st.builds(
    lambda sets, fixed, free: Hand(
        "P",
        tuple(sorted(sets.items())),
        tuple(Wild(f"f{i}", n) for i, n in enumerate(fixed) if n in sets)
        + tuple(Wild(f"w{i}", None, face_down=i % 2 == 0) for i in range(free)),
    ),
    st.dictionaries(st.integers(2, 11), st.lists(st.integers(0, 4), min_size=1, max_size=5).map(tuple),
                    min_size=1, max_size=6),
    st.lists(st.sampled_from([2, 3, 5]), max_size=2),
    st.integers(2, 5),
)
tie_breaks = st.sampled_from([SocksRules(), SocksRules(tie_break_counts="scoring_sets")])


@given(hands, tie_breaks)
@examples(1.5)
def test_parity_path_equals_exhaustive_enumeration(hand, rules):
    choice = choose_wilds(hand, rules, method="parity")
    assert choice.status is Status.OPTIMAL and choice.method == "parity"
    assert (choice.score, choice.set_count, choice.placement) == brute_force(hand, rules)


@given(hands, tie_breaks)
def test_parity_path_equals_cpsat(hand, rules):
    parity = choose_wilds(hand, rules, method="parity")
    cpsat = choose_wilds(hand, rules, method="cpsat")
    assert (parity.score, parity.set_count, parity.placement) == (cpsat.score, cpsat.set_count, cpsat.placement)


def test_many_wild_cards_are_placed_at_once_and_proven():
    sets = tuple((n, tuple(range(n % 3 + 1))) for n in range(2, 1002))
    hand = Hand("P", sets, tuple(Wild(f"w{i}", None) for i in range(500)))
    started = time.monotonic()
    game = score_game([hand, Hand("Q", ((2, (1, 1)),))], SocksRules(tie_break_counts="scoring_sets"))
    assert time.monotonic() - started < 2
    assert game.status is Status.OPTIMAL
