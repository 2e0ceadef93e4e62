"""The span search (one exact span at a time, the box descent's own proof) against the oracle
and against the CP-SAT path."""

import random
import time
from pathlib import Path

from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from oracle_tricks import oracle_max_tricks
from strategies_tricks import checkerboard, networks

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules
from model.whitehouse.network.io import load_question
from solver.network.boxes import boxes, reach_by_span
from solver.network.problem import build_problem, is_connected, layout_is_legal, layout_tricks, match_components
from solver.network.solve import solve_tricks
from solver.network.span import span_search

FAR = 60.0
INSTANCES = Path(__file__).resolve().parents[3] / "benchmarks" / "instances"
#: The CP-SAT path alone is slow to prove some 9-card optima; its bound is checked instead.
CPSAT_LIMIT = 10.0


def best_over_spans(problem, at_least: int = 0) -> int | None:
    """The largest total of at least ``at_least`` any span holds (every connected span, one
    quarter turn of each), each returned layout checked on the way."""
    best = None
    for rows, cols in boxes(problem.size, at_least):
        found = span_search(problem, rows, cols, at_least if best is None else best + 1, time.monotonic() + FAR)
        assert found.complete
        if found.layout is None:
            continue
        layout = found.layout
        assert sorted(layout.values()) == list(range(problem.size))
        assert {r for r, _ in layout} == set(range(rows)) and {c for _, c in layout} == set(range(cols))
        assert is_connected(layout) and layout_is_legal(problem, layout)
        assert layout_tricks(problem, layout) == found.value
        best = found.value
    return best


@given(networks(min_cards=1, max_cards=7), st.booleans())
def test_the_best_span_equals_the_oracle(network, every_card_matched):
    rules = TricksRules(connected=True, every_card_matched=every_card_matched)
    problem = build_problem(network, every_matched=every_card_matched)
    assert best_over_spans(problem) == oracle_max_tricks(network, rules)


@examples(0.375, deadline=None)
@given(networks(min_cards=8, max_cards=9))
def test_the_best_span_equals_the_cpsat_path(network):
    answer = solve_tricks(network, TricksRules(), time_limit=CPSAT_LIMIT, method="cpsat")
    # Started at the answer (lower starts only make the search longer): it must be found, and
    # nothing above it; where CP-SAT ran out of time, nothing above its bound.
    best = best_over_spans(build_problem(network), answer.tricks or 0)
    if answer.status in (Status.OPTIMAL, Status.INFEASIBLE):
        assert best == answer.tricks
    else:
        assert answer.tricks is not None and best is not None and answer.tricks <= best <= answer.bound


def test_a_planted_checkerboard_is_found_in_its_own_square():
    # Each Event lists exactly its grid neighbours: the k x k square holds 2k(k-1) Tricks.
    problem = build_problem(checkerboard(4, random.Random(5), extra_matches=0, decoys=0))
    found = span_search(problem, 4, 4, 24, time.monotonic() + FAR)
    assert found.complete and found.value == 24
    assert span_search(problem, 4, 4, 25, time.monotonic() + FAR).value is None


def test_a_node_limit_gives_up_instead_of_answering():
    problem = build_problem(checkerboard(4, random.Random(3), extra_matches=8))
    found = span_search(problem, 4, 5, 1, time.monotonic() + FAR, node_limit=5)
    assert not found.complete and found.nodes > 5


def test_a_card_with_no_partner_and_none_of_its_kind_rules_out_every_span_at_once():
    # Found by Hypothesis: one Supporter no Event lists, beside eight Events. It may border no
    # card, so no connected arrangement exists; the span search used to walk millions of nodes.
    events = [(1, ()), (543, ()), (337794, {6189}), (15, {564}), (137594, ()), (723185, {18977}),
              (2331, {1, 2_147_483_646}), ("BZ5VZ-", ())]
    network = Network((Supporter(3737),), tuple(Event(k, frozenset(v)) for k, v in events))
    problem = build_problem(network)
    for rows, cols in boxes(problem.size, 0):
        found = span_search(problem, rows, cols, 0, time.monotonic() + FAR, node_limit=10)
        assert found.complete and found.layout is None
    assert oracle_max_tricks(Network(network.supporters, network.events[:3]), TricksRules()) is None


def test_the_search_order_and_its_counts_are_pinned_on_a_kept_network():
    # The descent weighs the span search's nodes against CP-SAT's work, so the nodes are part of
    # what makes answers repeatable: here the search itself is pinned (most constrained cell
    # first, ties to the first in sorted order; the dead sides of both cards at a same-kind
    # border counted). Every span of game_n016_s20261240.20 is refuted at 21 Tricks (its
    # maximum is 20); a change to the search's order or its counts moves these numbers.
    problem = build_problem(load_question(str(INSTANCES / "game_n016_s20261240.20.json")).network)
    nodes = []
    for rows, cols in boxes(problem.size, 21):
        found = span_search(problem, rows, cols, 21, time.monotonic() + FAR)
        assert found.complete and found.layout is None
        nodes.append(found.nodes)
    assert nodes == [95, 4448, 906, 25476, 14467, 2888, 34, 18005, 8027, 1223, 62]


def test_the_search_span_by_span_stops_at_its_deadline():
    # Each span's search looks at the clock only every few thousand nodes: the loop over the
    # spans must look too, or every span left starts (and runs those nodes) after the deadline.
    # This 13-card group (every card matched) has thirty spans to try: 0.9-1.2 s for a
    # deadline 0.3 s away when only the spans looked.
    network = load_question(str(INSTANCES / "engine_n018_s20261312.0.json")).network
    problem = build_problem(network, every_matched=True)
    group = problem.subproblem(max(match_components(problem), key=len))
    assert group.size == 13 and len(boxes(13, 12)) == 30
    started = time.monotonic()
    assert reach_by_span(group, 12, started + 0.3) is None
    assert time.monotonic() - started < 0.3 + 0.3
