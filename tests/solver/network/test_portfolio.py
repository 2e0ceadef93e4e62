"""The box descent taken a share at a time, and taking turns with the plain model; above its
size, the embedding searches' climb."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, check_arrangement
from model.whitehouse.network.io import load_question
from solver.network.bounds import best_bound
from solver.network.boxes import BoxDescent, box_descent
from solver.network.climbing import climb_connected, deeper_nodes
from solver.network.embed import pieces_reach
from solver.network.heuristic import greedy_phase
from solver.network.portfolio import descent_taking_turns
from solver.network.problem import build_problem, is_connected, layout_is_legal, layout_tricks
from solver.network.run import Clock
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.solve import solve_tricks

FAR = 120.0
INSTANCES = Path(__file__).resolve().parents[3] / "benchmarks" / "instances"


def stalling_network() -> Network:
    """A game-grown 14-card network (fresh seed 13, index 0) where the descent stalls at 14
    while the plain model, hinted, finds the 15 the bound allows at once."""
    listing: dict[int | str, set[int]] = {
        501: {182, 733}, "E5": {79, 137, 963, 24}, "E1": {163, 182, 307}, "E4": {79, 733},
        505: {963, 601, 989, 486}, "E3": {79, 83, 182, 733, 204},
    }
    return Network(
        tuple(Supporter(i) for i in (963, 83, 182, 163, 307, 137, 79, 733)),
        tuple(Event(k, frozenset(v)) for k, v in listing.items()),
    )


@pytest.mark.parametrize("name", ["game_n008_s04.json", "game_n012_s05.json"])
def test_a_descent_in_shares_ends_where_one_in_one_go_does(name):
    problem = build_problem(load_question(str(INSTANCES / name)).network)
    upper = best_bound(problem).value
    start = upper - 3
    whole = box_descent(problem, start, upper, time.monotonic() + FAR)
    stepped = BoxDescent(problem, start, upper, time.monotonic() + FAR)
    share = 0.0
    while not stepped.finished:
        share += 0.01
        paused = stepped.run(share)
        # While paused, what it says is sound: its bound holds the maximum.
        assert paused.upper >= whole.value
    assert stepped.result() == whole


def test_the_plain_model_takes_over_where_the_descent_stalls():
    problem = build_problem(stalling_network())
    bound = best_bound(problem).value
    layout, _rng = greedy_phase(problem, bound)
    assert layout is not None
    start = layout_tricks(problem, layout)
    assert start < bound == 15
    # The embedding searches get no nodes: what the descent misses, the plain model finds.
    starved = Settings(small_probe_nodes=0, climb_nodes=0, joined_nodes=0, few_kind_probe=0, few_kind_nodes=0)
    found = descent_taking_turns(problem, Clock(time.monotonic(), FAR, None, starved), start, layout, bound)
    assert found.complete and found.value == 15 and found.layout is not None and found.rests_on_cpsat
    assert layout_is_legal(problem, found.layout) and is_connected(found.layout)
    assert layout_tricks(problem, found.layout) == 15


@pytest.mark.parametrize(
    ("name", "tricks"),
    [("game_n015_s20261211.28.json", 17), ("game_n016_s20261211.4.json", 20)],
)
def test_one_trick_more_built_in_one_piece_is_offered_to_the_descent(name, tricks):
    # On these the descent's first share stays at the greedy total; the embedding search kept to
    # one piece builds the better arrangement, and is asked again from it, until it builds none
    # and the search in pieces refutes one Trick more.
    problem = build_problem(load_question(str(INSTANCES / name)).network)
    bound = best_bound(problem).value
    layout, _rng = greedy_phase(problem, bound)
    assert layout is not None
    start = layout_tricks(problem, layout)
    assert start < tricks
    found = descent_taking_turns(problem, Clock(time.monotonic(), FAR, None), start, layout, bound)
    assert found.complete and found.value == tricks and not found.rests_on_cpsat
    assert found.layout is not None
    assert layout_is_legal(problem, found.layout) and is_connected(found.layout)
    assert layout_tricks(problem, found.layout) == tricks


#: A 19-card engine-grown network (above the descent's size) that CP-SAT's region model left at
#: 17 of at most 18 for 10 s: the embedding searches build 18 and refute 19 within a second.
CLIMBED = "engine_n019_s20261201.0.json"


def test_above_the_descent_the_embedding_searches_climb_to_a_proof():
    problem = build_problem(load_question(str(INSTANCES / CLIMBED)).network)
    assert problem.size > DEFAULT_SETTINGS.box_descent_limit
    bound = best_bound(problem).value
    layout, _rng = greedy_phase(problem, bound)
    assert layout is not None
    start = layout_tricks(problem, layout)
    assert start < 18
    value, found, proven = climb_connected(problem, Clock(time.monotonic(), FAR, None), start, layout, bound)
    assert proven and value == 18
    assert layout_is_legal(problem, found) and is_connected(found) and layout_tricks(problem, found) == 18


def test_the_pipeline_climbs_above_the_descent():
    question = load_question(str(INSTANCES / CLIMBED))
    solution = solve_tricks(question.network, question.rules, time_limit=20)
    assert solution.status == Status.OPTIMAL and solution.tricks == 18
    assert solution.proven_by == "exhaustive search"
    assert check_arrangement(question.network, solution.arrangement, question.rules).legal


#: A 16-card game-grown network whose maximum, 20, the descent and the plain model left open
#: (20 of at most 22 after 10 s): the search in pieces refutes 21 within 200 000 nodes, not 50 000.
DEEP = "game_n016_s20261247.1.json"


def _check_proven_after_a_deeper_ask(name: str, refuted: int) -> None:
    """``refuted`` (one Trick more than the kept network's maximum) is given up by the search in
    pieces on its first budget and refuted on the next; the pipeline proves the maximum within
    10 s."""
    question = load_question(str(INSTANCES / name))
    problem = build_problem(question.network)
    assert pieces_reach(problem, refuted, time.monotonic() + FAR, deeper_nodes(DEFAULT_SETTINGS.small_probe_nodes, 0)) is None
    assert pieces_reach(problem, refuted, time.monotonic() + FAR, deeper_nodes(DEFAULT_SETTINGS.small_probe_nodes, 1)) is False
    solution = solve_tricks(question.network, question.rules, time_limit=10)
    assert solution.status == Status.OPTIMAL and solution.tricks == refuted - 1
    assert solution.proven_by == "exhaustive search"
    assert check_arrangement(question.network, solution.arrangement, question.rules).tricks == refuted - 1


def test_each_turn_asks_one_trick_more_deeper_until_it_is_refuted():
    _check_proven_after_a_deeper_ask(DEEP, 21)


#: A 23-card engine-grown network, maximum 27: the climb's search in pieces gives 28 up on its
#: first budget and refutes it within four times that.
CLIMBED_DEEPER = "engine_n023_s20261700.5.json"


def test_above_the_descent_the_climb_asks_deeper_before_cpsat():
    assert build_problem(load_question(str(INSTANCES / CLIMBED_DEEPER)).network).size > DEFAULT_SETTINGS.box_descent_limit
    _check_proven_after_a_deeper_ask(CLIMBED_DEEPER, 28)


#: A 23-card engine-grown network, connected optimum 25: the search in pieces refutes 26 only on
#: its third budget (DEFAULT_SETTINGS.small_probe_nodes times 16).
CLIMBED_TWICE_DEEPER = "engine_n023_s20261713.4.json"


def test_above_the_descent_the_climb_asks_twice_deeper_before_cpsat():
    problem = build_problem(load_question(str(INSTANCES / CLIMBED_TWICE_DEEPER)).network)
    assert problem.size > DEFAULT_SETTINGS.box_descent_limit
    assert pieces_reach(problem, 26, time.monotonic() + FAR, deeper_nodes(DEFAULT_SETTINGS.small_probe_nodes, 1)) is None
    bound = best_bound(problem).value
    layout, _rng = greedy_phase(problem, bound)
    assert layout is not None and layout_tricks(problem, layout) < 25
    value, found, proven = climb_connected(
        problem, Clock(time.monotonic(), FAR, None), layout_tricks(problem, layout), layout, bound
    )
    assert proven and value == 25
    assert layout_is_legal(problem, found) and is_connected(found) and layout_tricks(problem, found) == 25
