"""The search from the kind with fewer cards (``few_kind``, its shapes from ``shapes``): exact in
pieces against the oracle and the embedding search, its matching bound against a plain
maximum, its shapes against a plain enumeration, and its place in the pipeline."""

import itertools
import time
from pathlib import Path

from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from oracle_tricks import oracle_max_tricks
from strategies_tricks import networks

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules, check_arrangement
from model.whitehouse.network.io import load_question
from solver.network.bounds import beside_bound, best_bound, kinds_bound
from solver.network.climbing import climb_in_pieces, embedding_upper, one_more
from solver.network.embed import pieces_layout, pieces_reach
from solver.network.few_kind import _matched, few_kind_fits, few_kind_reach
from solver.network.portfolio import Settled
from solver.network.problem import build_problem, layout_tricks, to_arrangement
from solver.network.run import Clock
from solver.network.settings import DEFAULT_SETTINGS
from solver.network.shapes import CLUSTER_APART, clusters, shape_count, shapes
from solver.network.solve import solve_tricks

FAR = 60.0
INSTANCES = Path(__file__).resolve().parents[3] / "benchmarks" / "instances"
IN_PIECES = TricksRules(connected=False)
_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))
_NEAR = [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if 0 < abs(dr) + abs(dc) <= 2]


def _network(name: str) -> Network:
    return load_question(str(INSTANCES / name)).network


def few_kind_maximum(network: Network) -> int:
    """The largest target the search reaches, each layout checked on the way."""
    problem = build_problem(network)
    target = 0
    while True:
        reached, layout = few_kind_reach(problem, target + 1, time.monotonic() + FAR)
        assert reached is not None
        if not reached:
            return target
        assert layout is not None
        report = check_arrangement(network, to_arrangement(problem, layout), IN_PIECES)
        assert report.legal, report.violations
        assert report.tricks == layout_tricks(problem, layout) >= target + 1
        target += 1


@examples(1.5)
@given(networks(max_cards=7))
def test_the_search_from_the_few_kind_equals_the_oracle_in_pieces(network):
    assert few_kind_maximum(network) == oracle_max_tricks(network, IN_PIECES)


@examples(0.5)
@given(networks(min_cards=8, max_cards=11))
def test_the_search_from_the_few_kind_equals_the_embedding_search_in_pieces(network):
    problem = build_problem(network)
    embedded = 0
    while pieces_reach(problem, embedded + 1, time.monotonic() + FAR):
        embedded += 1
    assert few_kind_maximum(network) == embedded


# --- shapes -----------------------------------------------------------------------------------------


def _plain_canonical(cells):
    forms = []
    for swap in (False, True):
        for sign_r in (1, -1):
            for sign_c in (1, -1):
                points = [((c if swap else r) * sign_r, (r if swap else c) * sign_c) for r, c in cells]
                low_r, low_c = min(p[0] for p in points), min(p[1] for p in points)
                forms.append(tuple(sorted((r - low_r, c - low_c) for r, c in points)))
    return min(forms)


def _plain_count(cells):
    beside = {(r + dr, c + dc) for r, c in cells for dr, dc in _SIDES} - set(cells)
    borders_twice = sum((r + dr, c + dc) in cells for r, c in cells for dr, dc in _SIDES)
    return len(beside) + borders_twice


def _plain_clusters(size: int, limit: int) -> set:
    """Every cluster of ``size`` cells within ``limit``, grown one cell at a time with the same
    limit at every step (adding a cell never lowers the count), counted afresh each time."""
    level = {((0, 0),)} if _plain_count({(0, 0)}) <= limit else set()
    for _ in range(size - 1):
        level = {
            _plain_canonical(set(shape) | {(r + dr, c + dc)})
            for shape in level
            for r, c in shape
            for dr, dc in _NEAR
            if (r + dr, c + dc) not in shape and _plain_count(set(shape) | {(r + dr, c + dc)}) <= limit
        }
    return level


def test_the_clusters_are_every_cluster_within_the_limit():
    # The search grows clusters of n cells only from those of n - 1 within one less (a lemma in
    # ``shapes``): it must still find every one a plain growth finds.
    for size in range(1, 8):
        for slack in range(4):
            limit = beside_bound(size) + slack
            grown = clusters(size, limit)
            assert {shape for shape, _count in grown} == _plain_clusters(size, limit), (size, limit)
            assert all(count == _plain_count(set(shape)) == shape_count(frozenset(shape)) for shape, count in grown)


def test_the_least_count_is_the_bound_the_kinds_argument_uses():
    for size in range(1, 9):
        assert min(count for _shape, count in clusters(size, beside_bound(size) + 2)) == beside_bound(size)
        assert clusters(size, beside_bound(size) - 1) == ()


def test_shapes_in_pieces_are_each_combination_of_clusters_once():
    # Four cells within a count of 16: one cluster, or clusters set apart whose counts add.
    found = list(shapes(4, 16))
    assert len(found) == len({cells for cells, _count in found})
    parts = {tuple(sorted({c // CLUSTER_APART for _r, c in cells})) for cells, _count in found}
    assert (0, 1) in parts and (0, 1, 2, 3) in parts  # apart: 2 + 2, and four single cells
    assert all(count <= 16 and count == shape_count(frozenset(cells)) for cells, count in found)
    singles = [cells for cells, _count in found if len({c // CLUSTER_APART for _r, c in cells}) == 4]
    assert len(singles) == 1, "four single cells are one combination"


# --- answers ----------------------------------------------------------------------------------------


def test_the_kinds_bound_refuted_in_pieces_where_the_embedding_search_takes_seconds():
    # Game-grown, 6 Supporters and 10 Events: the kinds bound is 22 and the optimum in pieces
    # 21. The embedding search needs over 600 000 nodes to refute 22; from the Supporters it is
    # a handful of shapes.
    network = _network("game_n016_s20261404.24.json")
    problem = build_problem(network)
    assert kinds_bound(6, 10) == 22
    assert few_kind_fits(problem, 22)
    assert few_kind_reach(problem, 22, time.monotonic() + FAR, node_limit=1_000) == (False, None)
    reached, layout = few_kind_reach(problem, 21, time.monotonic() + FAR, node_limit=1_000)
    assert reached is True and layout is not None
    assert check_arrangement(network, to_arrangement(problem, layout), IN_PIECES).tricks == 21
    assert pieces_reach(problem, 22, time.monotonic() + FAR, node_limit=100_000) is None


def test_a_node_limit_gives_up_instead_of_answering():
    problem = build_problem(_network("game_n016_s20261404.5.json"))
    assert few_kind_reach(problem, 22, time.monotonic() + FAR, node_limit=100) == (None, None)
    assert few_kind_reach(problem, 22, time.monotonic() + FAR, node_limit=DEFAULT_SETTINGS.few_kind_nodes) == (False, None)


def test_it_fits_only_near_the_kinds_bound_and_with_few_cards():
    problem = build_problem(_network("game_n016_s20261404.24.json"))
    assert few_kind_fits(problem, 22) and few_kind_fits(problem, 19)
    assert not few_kind_fits(problem, 18)  # 6 Supporters: count 24 + 10 - 18 = 16 > 12 + 3
    nine = Network(tuple(Supporter(n) for n in range(1, 10)), tuple(Event(f"E{n}", frozenset({n})) for n in range(1, 11)))
    assert not few_kind_fits(build_problem(nine), 9)


def test_a_layout_breaking_every_card_matched_is_not_given():
    # S1 and S2 both list E only: in pieces one Trick, and the other Supporter is left alone.
    network = Network((Supporter(1), Supporter(2)), (Event("E", frozenset({1, 2})), Event("F", frozenset({1}))))
    loose = build_problem(network)
    strict = build_problem(network, every_matched=True)
    assert few_kind_reach(loose, 3, time.monotonic() + FAR)[0] is True
    reached, layout = few_kind_reach(strict, 3, time.monotonic() + FAR)
    assert reached is True and layout is not None  # E between S1 and S2, F beside S1: all matched
    reached, layout = few_kind_reach(strict, 1, time.monotonic() + FAR)
    assert reached is True
    lone = Network((Supporter(1), Supporter(2)), (Event("E", frozenset({1})),))
    reached, layout = few_kind_reach(build_problem(lone, every_matched=True), 1, time.monotonic() + FAR)
    assert reached is True and layout is None  # S2 has no partner: no layout keeps the rule


def test_the_climb_in_pieces_refutes_the_kinds_bound_on_its_node_budgets():
    # Before this search: 21 of at most 22 after 10 s. The embedding search alone gives up on
    # each of its budgets (30 000, 120 000 and 480 000 nodes, against the 600 000 and more it
    # needs); node budgets, so the same on every machine.
    network = _network("game_n016_s20261404.24.json")
    problem = build_problem(network)
    bound = best_bound(problem)
    reached, layout = few_kind_reach(problem, 21, time.monotonic() + FAR)
    assert bound.value == 22 and reached is True and layout is not None
    value, _layout, refuted = climb_in_pieces(problem, Clock(time.monotonic(), FAR, None), 21, layout, bound)
    assert (value, refuted) == (21, True)
    for matched in (False, True):
        rules = TricksRules(connected=False, every_card_matched=matched)
        solution = solve_tricks(network, rules, time_limit=FAR)
        assert solution.status is Status.OPTIMAL and solution.tricks == 21, (matched, solution)


def test_one_trick_more_connected_asks_the_search_from_the_few_kind_too():
    # Connected, every card matched: 20 found, at most 22. The embedding search's first budget
    # in pieces settles nothing; the search from the few kind refutes 21 even in pieces.
    network = _network("game_n016_s20261403.28.json")
    problem = build_problem(network, every_matched=True)
    assert pieces_layout(problem, 21, time.monotonic() + FAR, DEFAULT_SETTINGS.small_probe_nodes)[0] is None
    assert one_more(problem, Clock(time.monotonic(), FAR, None), 20) == Settled(proven=True)
    solution = solve_tricks(network, TricksRules(every_card_matched=True), time_limit=FAR)
    assert solution.status is Status.OPTIMAL and solution.tricks == 20


# --- the matching bound -----------------------------------------------------------------------------


def _plain_best_matching(weight: list[int], open_to: list[int], m: int) -> int:
    """Every way to give each cell one of its cards or none, each card once: the heaviest."""
    best = 0
    choices = [[None, *(k for k in range(m) if open_to[s] >> k & 1)] for s in range(len(weight))]
    for pick in itertools.product(*choices):
        held = [k for k in pick if k is not None]
        if len(held) == len(set(held)):
            best = max(best, sum(w for w, k in zip(weight, pick, strict=True) if k is not None))
    return best


@examples(1.0)
@given(st.data())
def test_the_matching_reaches_the_target_exactly_when_the_best_matching_does(data):
    m = data.draw(st.integers(1, 4), label="many cards")
    cells = data.draw(st.integers(0, 6), label="cells")
    weight = data.draw(st.lists(st.integers(1, 4), min_size=cells, max_size=cells), label="weight")
    open_to = data.draw(st.lists(st.integers(0, (1 << m) - 1), min_size=cells, max_size=cells), label="open_to")
    target = data.draw(st.integers(1, 14), label="target")
    heaviest_first = sorted(range(cells), key=lambda s: -weight[s])
    held = _matched(heaviest_first, weight, open_to, m, target)
    best = _plain_best_matching(weight, open_to, m)
    assert (held is not None) == (best >= target), (best, held)
    if held is not None:
        assert len(set(held.values())) == len(held)
        assert all(open_to[spot] >> card & 1 for spot, card in held.items())
        assert sum(weight[spot] for spot in held) >= target


def test_a_card_matching_exactly_four_of_the_few_may_lie_beside_all_four():
    # Four Supporters (the few kind) around E1, which lists all four; E2-E5 list one each. All
    # 8 matching pairs are Tricks: E1 in the cell beside four few cards.
    events = (Event("E1", frozenset({1, 2, 3, 4})),) + tuple(Event(f"E{n + 1}", frozenset({n})) for n in range(1, 5))
    network = Network(tuple(Supporter(n) for n in range(1, 5)), events)
    problem = build_problem(network)
    assert problem.pair_count() == 8
    reached, layout = few_kind_reach(problem, 8, time.monotonic() + FAR)
    assert reached is True and layout is not None
    assert check_arrangement(network, to_arrangement(problem, layout), IN_PIECES).tricks == 8


def test_the_matching_bound_refutes_one_trick_more_on_a_small_budget():
    # Game-grown, 7 Supporters and 9 Events, optimum 19 in pieces: 20 took the search 142 698
    # nodes with the count of cells alone as its bound (2.35 s for the whole solve).
    problem = build_problem(_network("game_n016_s20261420.11.json"))
    assert few_kind_fits(problem, 20)
    assert few_kind_reach(problem, 20, time.monotonic() + FAR, node_limit=10_000) == (False, None)
    assert few_kind_reach(problem, 19, time.monotonic() + FAR, node_limit=10_000)[0] is True


def test_few_cards_with_one_partner_are_placed_first():
    # Two of the 7 Supporters list one Event each: placed first, each closes three of its four
    # cells at once. Filling the cells in turn instead takes 40 021 nodes to refute 20.
    network = _network("game_n016_s20261422.2.json")
    problem = build_problem(network)
    assert sorted(len(problem.partners[i]) for i in range(problem.size) if not problem.is_event[i])[:2] == [1, 1]
    assert few_kind_reach(problem, 20, time.monotonic() + FAR, node_limit=2_000) == (False, None)


def test_connected_the_upper_bound_asks_the_search_from_the_few_kind_after_the_embedding_probe():
    # The same network, connected and every card matched: 4.7 s (one Trick more left to the
    # descent's later turns) before; the embedding search's probe leaves 20 open.
    network = _network("game_n016_s20261422.2.json")
    problem = build_problem(network, every_matched=True)
    assert pieces_reach(problem, 20, time.monotonic() + FAR, node_limit=DEFAULT_SETTINGS.embed_probe_nodes) is None
    clock = Clock(time.monotonic(), FAR, None)
    assert embedding_upper(problem, 19, best_bound(problem).value, clock, connected=True)[0] == 19
    for connected in (False, True):
        rules = TricksRules(connected=connected, every_card_matched=True)
        solution = solve_tricks(network, rules, time_limit=FAR)
        assert solution.status is Status.OPTIMAL and solution.tricks == 19, (connected, solution)
