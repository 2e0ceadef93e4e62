"""The embedding search (an upper bound the solver trusts as a proof) against the oracle."""

import random
import time
from pathlib import Path

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from oracle_tricks import oracle_max_tricks
from strategies_tricks import checkerboard, networks

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules, check_arrangement
from model.whitehouse.network.io import load_question
from solver.network.bounds import best_bound
from solver.network.climbing import deeper_nodes
from solver.network.embed import one_piece, pieces_layout, pieces_reach
from solver.network.glue import glue
from solver.network.heuristic import connected_heuristic
from solver.network.pieces import solve_in_pieces
from solver.network.problem import (
    build_problem,
    canonical_within_classes,
    is_connected,
    layout_is_legal,
    layout_tricks,
    to_arrangement,
)
from solver.network.run import Clock
from solver.network.settings import DEFAULT_SETTINGS
from solver.network.solve import solve_tricks

FAR = 60.0
INSTANCES = Path(__file__).resolve().parents[3] / "benchmarks" / "instances"
ALL_RULES = [TricksRules(connected, matched) for connected in (True, False) for matched in (False, True)]


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


@examples(1.5)
@given(networks(max_cards=7), st.booleans())
def test_with_every_card_matched_the_embedding_equals_the_oracle(network, connected):
    # The search then answers for arrangements keeping every card beside a partner: exactly in
    # pieces, and connected never refuting the maximum nor reaching above it.
    problem = build_problem(network, every_matched=True)
    best = oracle_max_tricks(network, TricksRules(connected=connected, every_card_matched=True))
    if best is None:
        if not connected:
            assert pieces_reach(problem, 0, time.monotonic() + FAR) is False
        return
    assert pieces_reach(problem, best, time.monotonic() + FAR, connected=connected) is True
    if not connected:
        assert pieces_reach(problem, best + 1, time.monotonic() + FAR) is False


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


def _lock_network() -> Network:
    """The 14-card network of the lock-lowers ruling: a 13-card diamond making 16 Tricks, and
    Event EX listing only its centre, Supporter 1."""
    listing = {"Et": {1, 2, 6, 7}, "El": {1, 3, 6, 8}, "Er": {1, 4, 7, 9}, "Eb": {1, 5, 8, 9}, "EX": {1}}
    return Network(tuple(Supporter(n) for n in range(1, 10)), tuple(Event(k, frozenset(v)) for k, v in listing.items()))


def test_the_lock_network_is_refuted_connected_only():
    # 17 matching pairs: 16 Tricks leave one apart. In pieces, Event EX apart makes 16; in one
    # network EX could border only an Event (all four busy with their Supporters) or S1.
    problem = build_problem(_lock_network())
    assert pieces_reach(problem, 16, time.monotonic() + FAR) is True
    assert pieces_reach(problem, 16, time.monotonic() + FAR, connected=True) is False
    assert pieces_reach(problem, 15, time.monotonic() + FAR, connected=True) is True


def test_with_every_card_matched_the_lock_network_is_refuted_at_15_even_in_pieces():
    # EX must border S1, whose four sides the diamond's four Events take: one of them, or EX,
    # gives up Tricks. The search answers for arrangements keeping every card matched, so it
    # refutes 15 in pieces too (the rule off: 16 in pieces, 15 connected). It was left at 14 of
    # at most 15 after 10 s connected, and proven after 5.9 s in pieces, by CP-SAT.
    problem = build_problem(_lock_network(), every_matched=True)
    assert pieces_reach(problem, 15, time.monotonic() + FAR) is False
    assert pieces_reach(problem, 14, time.monotonic() + FAR) is True
    for connected in (True, False):
        rules = TricksRules(connected=connected, every_card_matched=True)
        solution = solve_tricks(_lock_network(), rules, time_limit=10)
        assert (solution.status, solution.tricks, solution.bound) == (Status.OPTIMAL, 14, 14)
        assert check_arrangement(_lock_network(), solution.arrangement, rules).legal


@pytest.mark.parametrize("connected", [False, True])
def test_with_every_card_matched_a_card_never_puts_off_its_last_partner(connected):
    # A put-off that leaves a card no partner to border is cut at once. Measured on the lock
    # network: 14 reached in 21 search nodes and 15 refuted in 156; without the cut the leaves
    # that break the rule are only refused at the end, 228 and 291 nodes.
    problem = build_problem(_lock_network(), every_matched=True)
    far = time.monotonic() + FAR
    assert pieces_reach(problem, 14, far, node_limit=60, connected=connected) is True
    assert pieces_reach(problem, 15, far, node_limit=200, connected=connected) is False
    assert pieces_reach(problem, 15, far, node_limit=120, connected=connected) is None  # (a tight budget)


def test_in_pieces_a_group_with_no_arrangement_kept_to_the_rule_yet_gives_its_own_bound():
    # The lock network's one group, in pieces with every card matched: no arrangement keeping
    # the rule is found before the end of the phases, and the search above bounds the group at
    # 14. The network's bound was the simple one, 16, and CP-SAT then took 5 s to prove 14.
    problem = build_problem(_lock_network(), every_matched=True)
    outcome = solve_in_pieces(problem, Clock(time.monotonic(), 10.0, None), "auto")
    assert outcome.layout is None and outcome.bound == 14


# --- in pieces: the layout reached ------------------------------------------------------------------


@examples(1.5)
@given(networks(max_cards=7))
def test_the_layout_in_pieces_passes_the_checker_and_answers_as_the_search_does(network):
    for matched in (False, True):
        rules = TricksRules(connected=False, every_card_matched=matched)
        problem = build_problem(network, every_matched=matched)
        best = oracle_max_tricks(network, rules)
        for target in range(0, problem.pair_count() + 1):
            reached, layout = pieces_layout(problem, target, time.monotonic() + FAR)
            assert reached == pieces_reach(problem, target, time.monotonic() + FAR)
            if layout is None:
                assert not reached or matched, "without every_card_matched a reached layout is kept"
                continue
            assert reached is True
            report = check_arrangement(network, to_arrangement(problem, layout), rules)
            assert report.legal, (target, report.violations)
            assert len(layout) == problem.size
            assert report.tricks == layout_tricks(problem, layout) >= target
            assert best is not None and report.tricks <= best


def test_the_kept_network_in_pieces_is_climbed_to_its_maximum():
    # Left at 21 of at most 22 for 5 s by the solver and the plain model alike (in pieces): the
    # search in pieces reaches 21 with a layout, and refutes 22.
    network = load_question(str(INSTANCES / "game_n016_s20261214.2.json")).network
    problem = build_problem(network)
    reached, layout = pieces_layout(problem, 21, time.monotonic() + FAR)
    assert reached is True and layout is not None and layout_tricks(problem, layout) >= 21
    assert pieces_reach(problem, 22, time.monotonic() + FAR) is False
    solution = solve_tricks(network, TricksRules(connected=False), time_limit=60)
    assert solution.status is Status.OPTIMAL and solution.tricks == 21
    assert solution.proven_by == "exhaustive search"


def test_in_pieces_one_trick_more_is_asked_again_on_a_larger_budget_where_the_search_gave_up():
    # Its maximum in pieces is 22: the search in pieces gives 23 up within its first budget and
    # refutes it within sixteen times that (the pipeline proves 22 in 0.5 s).
    network = load_question(str(INSTANCES / "game_n016_s20261700.4.json")).network
    problem = build_problem(network)
    assert pieces_reach(problem, 23, time.monotonic() + FAR, DEFAULT_SETTINGS.embed_nodes) is None
    assert pieces_reach(problem, 23, time.monotonic() + FAR, deeper_nodes(DEFAULT_SETTINGS.embed_nodes, DEFAULT_SETTINGS.pieces_deeper)) is False
    solution = solve_tricks(network, TricksRules(connected=False), time_limit=10)
    assert solution.status is Status.OPTIMAL and solution.tricks == 22
    assert solution.proven_by == "exhaustive search"
    assert check_arrangement(network, solution.arrangement, TricksRules(connected=False)).tricks == 22


def test_pieces_reached_in_the_kept_network_join_into_one_network():
    # Connected maximum 20: the one-piece search builds no 20 within its budget, but the search
    # in pieces reaches 20 in pieces that ``glue`` joins without losing a Trick.
    network = load_question(str(INSTANCES / "game_n016_s20261702.0.json")).network
    problem = build_problem(network)
    assert one_piece(problem, 20, time.monotonic() + FAR, 5_000) is None
    reached, layout = pieces_layout(problem, 20, time.monotonic() + FAR, 50_000)
    assert reached is True and layout is not None
    joined = glue(problem, layout)
    assert joined is not None and is_connected(joined) and layout_is_legal(problem, joined)
    assert layout_tricks(problem, joined) >= 20
    solution = solve_tricks(network, time_limit=60)
    assert solution.status is Status.OPTIMAL and solution.tricks == 20


# --- kept to one piece: building the arrangement -------------------------------------------------


@examples(1.5)
@given(networks(max_cards=7))
def test_what_the_one_piece_search_builds_passes_the_checker(network):
    # Whatever it returns is a legal connected arrangement of every card with at least the
    # target (under each rule set it is built for), so never more than the oracle's maximum.
    for rules in ALL_RULES:
        problem = build_problem(network, every_matched=rules.every_card_matched)
        best = oracle_max_tricks(network, rules)
        for target in range(0, problem.pair_count() + 1):
            layout = one_piece(problem, target, time.monotonic() + FAR, 100_000)
            if layout is None:
                continue
            arrangement = to_arrangement(problem, canonical_within_classes(problem, layout))
            report = check_arrangement(network, arrangement, rules)
            assert report.legal, (target, report.violations)
            assert len(layout) == problem.size
            assert report.tricks == layout_tricks(problem, layout) >= target
            assert best is not None and report.tricks <= best


def test_one_piece_finding_nothing_is_no_proof():
    # The lock network's 15 Tricks need Event EX beside another Event, apart from the one card
    # it matches: two groups joined by Tricks, not one piece. The search kept to one piece finds
    # nothing, complete within its budget, though a connected arrangement makes 15: the solver
    # uses it to build arrangements, never to refute them.
    listing = {"Et": {1, 2, 6, 7}, "El": {1, 3, 6, 8}, "Er": {1, 4, 7, 9}, "Eb": {1, 5, 8, 9}, "EX": {1}}
    network = Network(tuple(Supporter(n) for n in range(1, 10)), tuple(Event(k, frozenset(v)) for k, v in listing.items()))
    problem = build_problem(network)
    assert one_piece(problem, 15, time.monotonic() + FAR, 100_000) is None
    assert pieces_reach(problem, 15, time.monotonic() + FAR, connected=True) is True
    solution = solve_tricks(network, time_limit=60)
    assert solution.status is Status.OPTIMAL and solution.tricks == 15


def test_a_partnerless_card_goes_beside_its_own_kind_only():
    # Supporter 9 matches nobody: it may border Supporters only.
    network = Network((Supporter(1), Supporter(2), Supporter(9)), (Event("E", frozenset({1, 2})),))
    problem = build_problem(network)
    layout = one_piece(problem, 2, time.monotonic() + FAR, 1_000)
    assert layout is not None and len(layout) == 4
    report = check_arrangement(network, to_arrangement(problem, layout), TricksRules())
    assert report.legal and report.tricks == 2


@pytest.mark.parametrize(
    ("name", "tricks"),
    [
        # The bound was proven at once; the arrangement meeting it took the box descent 4-7 s.
        ("game_n015_s20261204.26.json", 19),
        # "One Trick more?" was left open for 10 s by the descent and the plain model alike.
        ("game_n015_s20261204.19.json", 19),
        ("game_n015_s20261204.20.json", 18),
        ("game_n016_s20261204.6.json", 21),
    ],
)
def test_the_kept_game_grown_networks_are_proven_by_the_embedding_search(name, tricks):
    network = load_question(str(INSTANCES / name)).network
    solution = solve_tricks(network, time_limit=60)
    assert solution.status is Status.OPTIMAL and solution.tricks == tricks
    assert solution.proven_by == "exhaustive search"
    assert check_arrangement(network, solution.arrangement, TricksRules()).tricks == tricks


@pytest.mark.parametrize(
    ("name", "target", "nodes"),
    [
        # Measured: refuted in 17 831, 12 021, 23 083 and 4 575 search nodes. The counts of
        # pairs forced apart (kept up to date as cards are laid and put off) are what keep the
        # search that small: a count that lags behind prunes later and needs more nodes (with
        # the count for a laid card's side taken left out: 27 333 and 5 494 on the last
        # network); one that runs ahead refutes what an arrangement reaches (the tests above).
        ("game_n015_s20261204.19.json", 20, 19_000),
        ("game_n016_s20261204.6.json", 22, 13_000),
        ("game_n016_s20261240.20.json", 21, 25_000),
        ("game_n016_s20261240.20.json", 22, 5_000),
    ],
)
def test_the_search_refutes_one_trick_more_within_its_measured_nodes(name, target, nodes):
    problem = build_problem(load_question(str(INSTANCES / name)).network)
    assert pieces_reach(problem, target, time.monotonic() + FAR, nodes) is False
    assert pieces_reach(problem, target, time.monotonic() + FAR, nodes, connected=True) is False
    assert pieces_reach(problem, target, time.monotonic() + FAR, nodes * 3 // 4) is None  # (a tight budget)
