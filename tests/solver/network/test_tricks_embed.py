"""The embedding search (an upper bound the solver trusts as a proof) against the oracle."""

import random
import time

from budget import examples
from hypothesis import given
from oracle_tricks import oracle_max_tricks
from strategies_tricks import checkerboard, networks

from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules
from solver.network.bounds import best_bound
from solver.network.embed import pieces_reach
from solver.network.heuristic import connected_heuristic
from solver.network.problem import build_problem, layout_tricks

FAR = 60.0


def reachable_maximum(problem) -> int:
    """The largest target the embedding search says some arrangement in pieces reaches."""
    target = 0
    while pieces_reach(problem, target + 1, time.monotonic() + FAR):
        target += 1
    return target


@examples(1.5)
@given(networks(max_cards=7))
def test_embedding_equals_the_oracle_when_pieces_are_allowed(network):
    expected = oracle_max_tricks(network, TricksRules(connected=False))
    assert reachable_maximum(build_problem(network)) == expected


@examples(1.0)
@given(networks(min_cards=8, max_cards=14))
def test_embedding_never_refutes_what_an_arrangement_reaches(network):
    problem = build_problem(network)
    if problem.pair_count() == 0:
        assert pieces_reach(problem, 1, time.monotonic() + FAR) is False
        return
    layout = connected_heuristic(problem, best_bound(problem).value, 0.2)
    reached = layout_tricks(problem, layout)
    assert pieces_reach(problem, reached, time.monotonic() + FAR) is True


def test_a_node_limit_gives_up_instead_of_answering():
    problem = build_problem(checkerboard(5, random.Random(3), extra_matches=6))
    assert pieces_reach(problem, problem.pair_count() - 30, time.monotonic() + FAR, node_limit=10) is None


@examples(1.5)
@given(networks(max_cards=7))
def test_the_connected_embedding_never_refutes_the_connected_maximum(network):
    # Its answer "no" is a proof for connected arrangements: the oracle's connected maximum is
    # always reached, and nothing in pieces beats what it reaches.
    problem = build_problem(network)
    expected = oracle_max_tricks(network, TricksRules(connected=True))
    if expected is None:
        return
    assert pieces_reach(problem, expected, time.monotonic() + FAR, connected=True) is True
    assert pieces_reach(problem, reachable_maximum(problem) + 1, time.monotonic() + FAR, connected=True) is False


@examples(1.0)
@given(networks(min_cards=8, max_cards=14))
def test_the_connected_embedding_never_refutes_what_a_connected_arrangement_reaches(network):
    problem = build_problem(network)
    if problem.pair_count() == 0:
        return
    layout = connected_heuristic(problem, best_bound(problem).value, 0.2)
    reached = layout_tricks(problem, layout)
    assert pieces_reach(problem, reached, time.monotonic() + FAR, connected=True) is True


def test_the_lock_network_is_refuted_connected_only():
    # 17 matching pairs: 16 Tricks leave one apart. In pieces, Event EX apart makes 16; in one
    # network EX could border only an Event (all four busy with their Supporters) or S1.
    listing = {"Et": {1, 2, 6, 7}, "El": {1, 3, 6, 8}, "Er": {1, 4, 7, 9}, "Eb": {1, 5, 8, 9}, "EX": {1}}
    network = Network(tuple(Supporter(n) for n in range(1, 10)), tuple(Event(k, frozenset(v)) for k, v in listing.items()))
    problem = build_problem(network)
    assert pieces_reach(problem, 16, time.monotonic() + FAR) is True
    assert pieces_reach(problem, 16, time.monotonic() + FAR, connected=True) is False
    assert pieces_reach(problem, 15, time.monotonic() + FAR, connected=True) is True
