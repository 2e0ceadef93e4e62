"""The solver's phases: the declared lists, the table of ``solve.py`` that documents them, the
trace a solve records, and the code's text (no stale module name, no tuning number outside the
settings object)."""

from __future__ import annotations

import ast
import itertools
import re
import time
from dataclasses import fields, replace
from pathlib import Path

import pytest

from model.common.status import Status
from model.whitehouse.network.arrangement import TricksRules
from model.whitehouse.network.io import load_question
from solver.network import solve
from solver.network.bounds import Bound, best_bound
from solver.network.connected import CONNECTED
from solver.network.loop import Board, Budget, Gave, Step, always, run_phases
from solver.network.phases import CASES, PHASES, case_of
from solver.network.pieces import IN_PIECES
from solver.network.pipeline import CASE_PHASES, CONNECTED_CASE, EVERY_CARD_MATCHED, IN_PIECES_CASE
from solver.network.problem import Problem, build_problem
from solver.network.run import NO_RELAXATION, Clock, Relaxed
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.solve import solve_tricks

ROOT = Path(__file__).resolve().parents[3]
NETWORK = ROOT / "solver" / "network"
INSTANCES = ROOT / "benchmarks" / "instances"


def _docstring_cases(text: str) -> dict[str, tuple[str, ...]]:
    """The "Phases per case" section of ``solve.py``'s text: each case and its phases."""
    section = text.split("Phases per case, in order:", 1)[1].split("\n\n", 2)[1]
    cases: dict[str, list[str]] = {}
    case = ""
    for line in section.splitlines():
        if not line.startswith(" "):
            case = line.removesuffix(":")
            cases[case] = []
        else:
            cases[case] += [name.strip() for name in line.strip().rstrip(",").split(",")]
    return {name: tuple(phases) for name, phases in cases.items()}


def _docstring_phases(text: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The "The phases" section: each phase's condition and what it can give."""
    section = text.split("The phases (name: when it runs -> what it can give):", 1)[1].split("\n\n", 2)[1]
    found = {}
    for line in section.splitlines():
        name, rest = line.strip().split(": ", 1)
        when, gives = rest.rsplit(" -> ", 1)
        found[name] = (when, tuple(gives.split(", ")))
    return found


def test_solve_py_documents_the_declared_cases_and_phases():
    text = solve.__doc__ or ""
    assert _docstring_cases(text) == CASES
    assert _docstring_phases(text) == {name: (p.when, p.gives) for name, p in PHASES.items()}
    documented = {line.split(":", 1)[0][2:] for line in text.splitlines() if line.startswith("- ")}
    named = {part.strip() for entry in documented for part in entry.split(",")}
    assert named == set(PHASES), "each phase is described under 'What each phase does'"


def test_every_declared_phase_is_in_a_case_and_every_phase_the_code_enters_is_declared():
    listed = {name for phases in CASES.values() for name in phases} - {CASE_PHASES}
    assert listed == set(PHASES)
    entered = set()
    for path in NETWORK.glob("*.py"):
        entered |= set(re.findall(r'(?:\.phase|\bStep)\("([^"]+)"', path.read_text()))
    assert entered == set(PHASES)
    assert {step.name for step in STEPS if step.traced} == set(PHASES)
    assert {step.name for step in STEPS if not step.traced} == {CASE_PHASES}


def test_the_loop_runs_each_case_in_the_declared_order():
    # The cases' lists are those of ``method`` auto; the loop's lists hold the phases of the other
    # methods too (``exact`` above 16 cards, the region model in ``cpsat`` mode), each where it runs.
    for case in ("connected, up to 16 cards", "connected, above 16 cards"):
        declared = CASES[case]
        assert declared[0] == "structure" and declared[-1] == "rest"
        assert tuple(step.name for step in CONNECTED if step.name in declared) == declared[1:-1]
    assert {step.name for step in CONNECTED} == set(CASES["connected, up to 16 cards"][1:-1]) | set(
        CASES["connected, above 16 cards"][1:-1]
    )
    # In pieces, the group's list ends with the ``cpsat`` mode's rest; the rest after every group
    # (``method`` auto) is the same phase.
    assert ("structure", *(step.name for step in IN_PIECES)) == CASES["in pieces"]
    # Each case's top level: the structure, the case's phases, the rest.
    assert tuple(step.name for step in CONNECTED_CASE) == ("structure", CASE_PHASES, "rest")
    assert tuple(step.name for step in IN_PIECES_CASE) == ("structure", CASE_PHASES, "rest")
    assert tuple(dict.fromkeys(step.name for step in EVERY_CARD_MATCHED)) == CASES["every card matched"]


#: Every step the loop runs, in every list.
STEPS = (*CONNECTED, *IN_PIECES, *CONNECTED_CASE, *IN_PIECES_CASE, *EVERY_CARD_MATCHED)
#: The Settings fields by name.
SETTINGS_FIELDS = {f.name for f in fields(Settings)}


def test_each_steps_budget_is_its_phases_declared_budget():
    # The table's budget names the fields each step draws on, and no other (a step and its text
    # cannot drift apart); a share the loop applies is a fraction of the time left.
    for step in STEPS:
        if not step.traced:
            continue
        declared = ((step.budget.share,) if step.budget.share else ()) + step.budget.fields
        assert set(declared) <= SETTINGS_FIELDS, step.name
        named = set(re.findall(r"\w+", PHASES[step.name].budget)) & SETTINGS_FIELDS
        assert set(declared) == named, step.name
        if step.budget.share is not None:
            assert 0 < getattr(DEFAULT_SETTINGS, step.budget.share) < 1, step.name
            assert f"{step.budget.share} of the time" in PHASES[step.name].budget, step.name


def _in_order(trace: list[str], declared: tuple[str, ...]) -> bool:
    """True when ``trace`` runs through ``declared`` in order (each name at or after the last)."""
    at = 0
    for name in trace:
        while at < len(declared) and declared[at] != name:
            at += 1
        if at == len(declared):
            return False
    return True


@pytest.mark.parametrize(
    ("name", "connected", "matched"),
    [
        ("random-d0.5_n012_s03", True, False),  # the descent
        ("engine_n018_s20261312.0", True, False),  # the climb
        ("engine_n018_s20261312.0", False, False),  # in pieces, group by group
        ("game_n008_s05", True, True),  # every card matched
        ("random-d0.5_n016_s03", False, False),
    ],
)
def test_the_trace_runs_through_its_case_in_order_and_is_repeatable(name, connected, matched):
    network = load_question(str(INSTANCES / f"{name}.json")).network
    rules = TricksRules(connected=connected, every_card_matched=matched)
    first = solve_tricks(network, rules, time_limit=30)
    assert first.status is not Status.UNPROVEN
    trace = [p.name for p in first.phases]
    case = case_of(network.size, connected, matched, DEFAULT_SETTINGS.box_descent_limit)
    if case == "every card matched":
        assert trace[:2] == ["structure", "without the rule"]
        case, trace = case_of(network.size, connected, False, DEFAULT_SETTINGS.box_descent_limit), trace[2:]
        assert trace == [] or trace[0] != "structure"
    if case == "in pieces":
        # The group phases again for each group: each run of them is in order.
        runs: list[list[str]] = [[]]
        for phase in trace:
            if phase == "heuristic" and runs[-1]:
                runs.append([])
            runs[-1].append(phase)
        assert all(_in_order(run, CASES[case]) for run in runs), trace
    else:
        assert _in_order(trace, CASES[case]), trace
    assert first.phases[-1].established.startswith(("optimal", "infeasible")) or first.phases[-1].name == "rest"
    again = solve_tricks(network, rules, time_limit=30)
    same = [(p.name, p.nodes, p.work, p.established) for p in again.phases]
    assert same == [(p.name, p.nodes, p.work, p.established) for p in first.phases]


def test_the_searches_count_their_nodes_on_the_trace():
    network = load_question(str(INSTANCES / "random-d0.5_n012_s03.json")).network
    solution = solve_tricks(network, TricksRules(), time_limit=30)
    by_name = {p.name: p for p in solution.phases}
    assert by_name["embedding bound"].nodes > 0 and by_name["descent"].nodes > 0
    assert by_name["structure"].nodes == 0 and by_name["heuristic"].nodes == 0


def test_a_settings_field_reaches_the_search_it_tunes():
    # The embedding search's probe and steps get no nodes: the bound it gives is the simple one.
    network = load_question(str(INSTANCES / "random-d0.5_n012_s03.json")).network
    shipped = solve_tricks(network, TricksRules(), time_limit=30)
    starved = solve_tricks(
        network, TricksRules(), time_limit=30, settings=Settings(embed_probe_nodes=0, embed_step_nodes=0, embed_nodes=0)
    )
    assert shipped.tricks == starved.tricks
    nodes = {p.name: p.nodes for p in starved.phases}
    # (Each ask gives up at its first node.)
    assert nodes["embedding bound"] < 20 < {p.name: p.nodes for p in shipped.phases}["embedding bound"]


#: Module names from before the solver moved into ``solver/network/``.
STALE = re.compile(r"\btricks_(bounds|heuristic|embed|exact|boxes|span|cpsat|glue|matched|pipeline|portfolio)\b")


def test_no_stale_module_name_in_the_solver():
    stale = [f"{path.name}: {m.group(0)}" for path in NETWORK.glob("*.py") for m in STALE.finditer(path.read_text())]
    assert stale == []


#: Module-level numbers in solver/network that are facts of the problem, not knobs.
FACTS = {
    "SIDES", "_WIDTH", "_SHIFT", "_ORIGIN", "_ROW_ZERO", "CLUSTER_APART", "DEFAULT_TIME_LIMIT", "_CELL_BITS",
    "BOUND_ROUNDING", "BOX_COLUMNS_PER_CARD",
}
#: Numbers the code may write out: counting (0, 1, 2, 3: a third of a tuple's four fields), a
#: card's four sides and the eight cells around a cell (the square's eight orientations).
PLAIN_NUMBERS = {0, 1, 2, 3, 4, 8}


def test_no_number_in_the_solvers_code_but_counting_and_the_grids_facts():
    # Any other number is a knob (a field of Settings) or a named fact (``FACTS``, each with its
    # reason beside it).
    found = []
    for path in sorted(NETWORK.glob("*.py")):
        if path.name == "settings.py":
            continue
        tree = ast.parse(path.read_text())
        named = set()
        for node in tree.body:
            targets = [t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                targets = [node.target.id]
            if set(targets) & FACTS:
                named |= {id(n) for n in ast.walk(node)}
        for node in ast.walk(tree):
            number = isinstance(node, ast.Constant) and isinstance(node.value, (int, float))
            if number and not isinstance(node.value, bool) and node.value not in PLAIN_NUMBERS and id(node) not in named:
                found.append(f"{path.name}:{node.lineno}: {node.value}")
    assert found == []


def test_no_tuning_number_outside_the_settings_object():
    knobs = []
    for path in NETWORK.glob("*.py"):
        if path.name == "settings.py":
            continue
        for node in ast.parse(path.read_text()).body:
            targets = [t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                targets = [node.target.id]
            value = getattr(node, "value", None)
            # A number, or arithmetic on numbers (tuples of grid steps are geometry, not knobs).
            numbers = isinstance(value, (ast.Constant, ast.BinOp, ast.UnaryOp)) and any(
                isinstance(n, ast.Constant) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool)
                for n in ast.walk(value)
            )
            knobs += [f"{path.name}: {t}" for t in targets if numbers and t not in FACTS]
    assert knobs == []
    assert len({f.name for f in fields(Settings)}) == len(fields(Settings))


def test_the_loop_hands_a_phase_its_share_of_the_time():
    network = load_question(str(INSTANCES / "random-d0.5_n012_s03.json")).network
    problem = build_problem(network)
    bound = best_bound(problem)
    seen: dict[str, float] = {}

    def look(board: Board) -> Gave:
        seen["left"], seen["limit"] = board.time_given().left(), board.time_given().limit
        return Gave()

    for method, share, own_limit, expected in (("auto", "walks_share", False, 0.7), ("auto", None, False, 1.0),
                                               ("exact", "walks_share", False, 1.0),
                                               ("auto", "connected_share", True, 0.15)):
        clock = Clock(time.monotonic(), 100.0, None)
        board = Board(problem, clock, method, bound, NO_RELAXATION, upper=bound.value)
        run_phases(board, (Step("heuristic", always, look, Budget(share=share, own_limit=own_limit)),))
        assert expected * 99 < seen["left"] <= expected * 100, (method, share)
        # A share of this solve keeps its limit (the budgets that grow with it stay those of this
        # solve); a solve of its own has the share as its limit.
        assert seen["limit"] == pytest.approx(100.0 * expected if own_limit else 100.0, rel=0.01)
        assert board.allotted is None


#: Networks each predicate is asked about: up to and above ``box_descent_limit`` cards.
PROBED = ("random-d0.5_n012_s03", "engine_n018_s20261312.0")
#: The Settings fields that are counts (the limits a predicate may compare with).
COUNT_FIELDS = [f.name for f in fields(Settings) if type(getattr(DEFAULT_SETTINGS, f.name)) is int]


def _problems() -> list[tuple[Problem, Bound]]:
    """The probed networks, with and without rule option ``every_card_matched``, and their bounds."""
    problems = []
    for name in PROBED:
        network = load_question(str(INSTANCES / f"{name}.json")).network
        for matched in (False, True):
            problem = build_problem(network, matched)
            problems.append((problem, best_bound(problem)))
    return problems


def _fields_a_predicate_reads(step: Step, problems: list[tuple[Problem, Bound]]) -> set[str]:
    """The Settings fields whose value changes ``step.when`` on some board: each count field set
    to 0 and to a billion, on each of ``problems``, each ``method``, with and without an
    arrangement, a hint, the best below the bound."""
    read: set[str] = set()
    clocks = {
        (field, value): Clock(time.monotonic(), 10.0, None, replace(DEFAULT_SETTINGS, **{field: value}))
        for field in COUNT_FIELDS
        for value in (0, 10**9)
    }
    for (problem, bound), laid, below, method, hint in itertools.product(
        problems, (False, True), (False, True), ("auto", "exact", "cpsat"), (False, True)
    ):
        relaxed = Relaxed(hint={(0, 0): 0} if hint else None)
        for field in COUNT_FIELDS:
            seen = {
                step.when(Board(problem, clocks[field, value], method, bound, relaxed, upper=bound.value,
                                value=bound.value - below, layout={(0, 0): 0} if laid else None))
                for value in (0, 10**9)
            }
            if len(seen) > 1:
                read.add(field)
    return read


def test_each_steps_when_names_every_settings_field_it_reads():
    # The table's ``when`` may say more than the predicate (what the phases before settle), never
    # less: every field the predicate reads is named there.
    problems = _problems()
    for step in (*CONNECTED, *IN_PIECES):
        named = set(re.findall(r"\w+", PHASES[step.name].when)) & SETTINGS_FIELDS
        assert _fields_a_predicate_reads(step, problems) <= named, step.name
