"""The embedding search (an upper bound the solver trusts as a proof) against the oracle."""

import random
import time

from budget import examples
from hypothesis import given
from oracle_tricks import oracle_max_tricks
from strategies_tricks import checkerboard, networks

from model.whitehouse.network.arrangement import TricksRules
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
