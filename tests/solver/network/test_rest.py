"""The time the solver's phases leave: an unproven answer stops at the clock unless truly no phase
can go on; answers are repeatable; an answer resting on a multi-worker CP-SAT run is confirmed."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from model.common.status import Status
from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules
from model.whitehouse.network.io import load_question
from solver.network import cpsat
from solver.network.bounds import best_bound, region
from solver.network.heuristic import connected_heuristic
from solver.network.problem import apart_layout, build_problem, layout_tricks, match_components
from solver.network.rest import use_the_rest
from solver.network.settings import Settings
from solver.network.solve import solve_tricks

ROOT = Path(__file__).resolve().parents[3]
INSTANCES = ROOT / "benchmarks" / "instances"


def _network(name: str):
    return load_question(str(INSTANCES / name), None, ()).network


def test_a_large_network_uses_its_time():
    # 100 cards: the own phases give up within a second or two; the rest of the limit must be
    # spent on the search (local-search restarts here, as no model of that size is built).
    network = _network("stress_n100_s00.json")
    solution = solve_tricks(network, TricksRules(), time_limit=3.0)
    assert solution.status is Status.UNPROVEN
    assert solution.stopped_by == "time_limit"


def test_search_exhausted_only_when_nothing_can_go_on():
    # Without ``connected`` a layout in pieces is one the local search does not move: with no
    # model allowed either, nothing can go on, and the phase says so at once, time left.
    network = Network(
        tuple(Supporter(i) for i in (1, 2, 3, 11, 12, 13)),
        (Event("A", frozenset({1, 2, 3})), Event("B", frozenset({11, 12, 13}))),
    )
    problem = build_problem(network)
    groups = match_components(problem)
    start = apart_layout(problem, [{(0, c): g[c] for c in range(len(g))} for g in groups])
    value, upper = layout_tricks(problem, start), best_bound(problem).value
    assert value == 1 + 1 and upper == 3 + 3
    no_model = Settings(max_model_size=0, box_model_size=0, plain_model_size=0)
    deadline = time.monotonic() + 30
    found = use_the_rest(problem, deadline, value, start, upper, connected=False, settings=no_model)
    assert not found.proven and deadline - time.monotonic() > 20
    assert (found.value, found.layout, found.upper) == (value, start, upper)
    # With the model allowed, the same start is improved to the optimum and proven.
    found = use_the_rest(problem, time.monotonic() + 30, value, start, upper, connected=False)
    assert found.proven and found.value == upper


def test_the_rest_proves_with_the_full_model():
    # A small network whose full model fits: "nothing better" from it is a proof (here the
    # quick heuristic stops at 8 Tricks; the model finds 9 and proves it).
    network = _network("game_n008_s04.json")
    problem = build_problem(network)
    bound = best_bound(problem).value
    layout = connected_heuristic(problem, bound, 0.05)
    assert layout is not None
    found = use_the_rest(problem, time.monotonic() + 30, layout_tricks(problem, layout), layout, bound, True)
    assert found.proven and found.by_cpsat and found.layout is not None
    assert layout_tricks(problem, found.layout) == found.value
    assert found.value == solve_tricks(network, TricksRules(), time_limit=30).tricks


def _json(solution) -> str:
    fields = dict(solution.__dict__)
    fields.pop("seconds")
    # The trace too, but for its seconds: which phases ran, their nodes and work, and what each
    # established are the same every time.
    fields["phases"] = [(p.name, p.nodes, p.work, p.established) for p in solution.phases]
    return json.dumps(fields, default=str, sort_keys=True)


@pytest.mark.parametrize("name", ["game_n012_s05.json", "random-d0.8_n016_s20261201.1.json"])
def test_the_same_input_gives_the_same_answer(name: str):
    network = _network(name)
    first = solve_tricks(network, TricksRules(), time_limit=30)
    if first.status is not Status.OPTIMAL:
        pytest.skip("only answers reached before the limit are repeatable")
    assert _json(first) == _json(solve_tricks(network, TricksRules(), time_limit=30))


def test_a_multi_worker_proof_is_confirmed_by_one_worker(monkeypatch: pytest.MonkeyPatch):
    # Pretend that several workers report a false INFEASIBLE (or-tools issue 5274): the
    # one-worker re-check finds the arrangement, and that is the answer.
    from ortools.sat.python import cp_model

    network = _network("game_n008_s04.json")
    problem = build_problem(network)
    spec = cpsat.ModelSpec(tuple(region(problem.size, 9)), connected=True, pieces=False, at_least=9, at_most=10)
    real_run = cpsat.BuiltModel._run
    workers_seen: list[int] = []

    def run(self, seconds, on_value, work, workers):
        workers_seen.append(workers)
        solver, status = real_run(self, seconds, on_value, work, workers)
        return solver, (cp_model.INFEASIBLE if workers > 1 else status)

    two = Settings(cpsat_workers=2)
    monkeypatch.setattr(cpsat.BuiltModel, "_run", run)
    answer = cpsat.solve_model(problem, spec, None, 30.0, settings=two)
    assert workers_seen == [2, 1]
    assert answer.status == "optimal" and answer.value == 9 and answer.layout is not None
    assert layout_tricks(problem, answer.layout) == 9
    # A multi-worker answer the one worker agrees with stands.
    workers_seen.clear()
    monkeypatch.setattr(cpsat.BuiltModel, "_run", real_run)
    again = cpsat.solve_model(problem, spec, None, 30.0, settings=two)
    assert again.status == "optimal" and again.value == 9
    # And with one worker (as shipped) there is no second run.
    monkeypatch.setattr(cpsat.BuiltModel, "_run", run)
    assert cpsat.solve_model(problem, spec, None, 30.0).value == 9 and workers_seen == [1]


def test_the_plain_model_agrees_with_the_class_model():
    # The plain model as a phase: on a small network its optimum is the solver's, connected or
    # in pieces, and its arrangement is legal.
    from solver.network.plain import solve_plain
    from solver.network.problem import is_connected, layout_is_legal

    network = _network("game_n008_s04.json")
    problem = build_problem(network)
    for connected in (True, False):
        expected = solve_tricks(network, TricksRules(connected=connected), time_limit=30)
        answer = solve_plain(problem, connected, 0, best_bound(problem).value, None, 30.0)
        assert answer.status == "optimal" and answer.value == expected.tricks and answer.layout is not None
        assert layout_is_legal(problem, answer.layout) and layout_tricks(problem, answer.layout) == answer.value
        assert is_connected(answer.layout) or not connected
        nothing_better = solve_plain(problem, connected, answer.value + 1, best_bound(problem).value, None, 30.0)
        assert nothing_better.status == "infeasible"


def test_cpsat_method_in_pieces_lets_the_plain_model_take_turns():
    # A 7-card group with every card matched: the class model in its plain box, alone, stopped at
    # 5 Tricks of at most 6 after 30 s; the plain model taking turns with it proves 6 at once.
    network = Network(
        tuple(Supporter(i) for i in (3895, 143069607, 689, 136)),
        (
            Event("0", frozenset({689, 143069607})),
            Event(10448, frozenset({136, 689, 3895})),
            Event(1, frozenset({689})),
        ),
    )
    rules = TricksRules(connected=False, every_card_matched=True)
    solution = solve_tricks(network, rules, time_limit=10.0, method="cpsat")
    assert solution.status is Status.OPTIMAL
    assert solution.tricks == 6
