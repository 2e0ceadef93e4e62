"""The plain CP-SAT model as one more phase: one position boolean per card and cell of an n x n
box, one boolean per matching pair (it holds only when the two cards border), flow for
connectivity. It knows nothing of classes, regions or perimeters, and that is its use: on some
networks (engine-grown ones in pieces, above all) CP-SAT finds good arrangements in it where
the class model stalls. Given the best arrangement as hint and the proven bound as a constraint, it
takes slices of the time the other phases leave (``rest``).

Without ``connected`` the n x n box still holds an optimum: pieces laid corner to corner down the
diagonal share no border. Connected, an arrangement moved to touch row 0 and column 0 fits it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from model.common.errors import OutOfTime
from solver.network.cpsat import BOUND_ROUNDING, ModelAnswer
from solver.network.nodes import count_work
from solver.network.problem import Cell, Layout, Problem, around, layout_tricks, normalise
from solver.network.settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


def plain_cells(problem: Problem) -> int:
    """The model's size in (card, cell) pairs."""
    return problem.size**3


def solve_plain(
    problem: Problem,
    connected: bool,
    at_least: int,
    at_most: int,
    hint: Layout | None,
    seconds: float,
    work: float | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> ModelAnswer:
    """Build, hint and solve the plain model (one worker, a fixed seed; ``work``: CP-SAT's
    deterministic time, so that the outcome does not depend on the machine)."""
    if at_least > at_most or problem.size == 0:
        return ModelAnswer("infeasible", None, None, None)
    started = time.monotonic()
    deadline = started + seconds
    try:
        built = _Plain(problem, connected, at_least, at_most, deadline)
    except OutOfTime:
        return ModelAnswer("unknown", None, None, None)
    if hint is not None:
        built.hint(hint)
    left = deadline - time.monotonic()
    if left <= 0:
        return ModelAnswer("unknown", None, None, None)
    return built.solve(left, work, settings.cpsat_seed, settings.least_model_seconds)


class _Plain:
    def __init__(self, problem: Problem, connected: bool, at_least: int, at_most: int, deadline: float) -> None:
        from ortools.sat.python import cp_model

        self.problem = problem
        self.deadline = deadline
        n = problem.size
        self.box: list[Cell] = [(r, c) for r in range(n) for c in range(n)]
        box = set(self.box)
        self.model = model = cp_model.CpModel()
        self.at: dict[tuple[int, Cell], IntVar] = {}
        for i in range(n):
            self._check_clock()
            for p in self.box:
                self.at[i, p] = model.new_bool_var(f"at{i}_{p}")
            model.add_exactly_one(self.at[i, p] for p in self.box)
        at = self.at
        occupied = {}
        for p in self.box:
            occupied[p] = model.new_bool_var(f"occ{p}")
            model.add(sum(at[i, p] for i in range(n)) == occupied[p])
        near = {p: [q for q in around(p) if q in box] for p in self.box}
        supporters = [i for i in range(n) if not problem.is_event[i]]
        events = [i for i in range(n) if problem.is_event[i]]
        for s in supporters:
            self._check_clock()
            strangers = [e for e in events if e not in problem.partners[s]]
            if strangers:
                for p in self.box:
                    for q in near[p]:
                        model.add(at[s, p] + sum(at[e, q] for e in strangers) <= 1)
        self.tricks: dict[tuple[int, int], IntVar] = {}
        tricks_of: dict[int, list[IntVar]] = {i: [] for i in range(n)}
        for s in supporters:
            self._check_clock()
            for e in sorted(problem.partners[s]):
                trick = model.new_bool_var(f"t{s}_{e}")
                for p in self.box:
                    model.add_bool_or([at[e, q] for q in near[p]]).only_enforce_if([trick, at[s, p]])
                self.tricks[s, e] = trick
                tricks_of[s].append(trick)
                tricks_of[e].append(trick)
        if problem.every_matched:
            for i in range(n):
                model.add_bool_or(tricks_of[i])
        if connected and n > 1:
            self._flow(model, occupied, near, n)
        objective = sum(self.tricks.values())
        model.add(objective >= at_least)
        model.add(objective <= at_most)
        model.maximize(objective)

    def _flow(self, model: CpModel, occupied: dict[Cell, IntVar], near: dict[Cell, list[Cell]], n: int) -> None:
        self._check_clock()
        root = {p: model.new_bool_var(f"root{p}") for p in self.box}
        model.add_exactly_one(root.values())
        inflow: dict[Cell, list[IntVar]] = {p: [] for p in self.box}
        outflow: dict[Cell, list[IntVar]] = {p: [] for p in self.box}
        for u in self.box:
            for v in near[u]:
                flow = model.new_int_var(0, n - 1, f"f{u}_{v}")
                model.add(flow <= (n - 1) * occupied[u])
                model.add(flow <= (n - 1) * occupied[v])
                outflow[u].append(flow)
                inflow[v].append(flow)
        for p in self.box:
            model.add_implication(root[p], occupied[p])
            model.add(sum(inflow[p]) - sum(outflow[p]) == occupied[p] - n * root[p])

    def _check_clock(self) -> None:
        if time.monotonic() > self.deadline:
            raise OutOfTime("the time limit came while the model was being built")

    def hint(self, layout: Layout) -> None:
        placed = normalise(layout)
        if any((card, cell) not in self.at for cell, card in placed.items()):
            return  # it does not fit the box
        where = {card: cell for cell, card in placed.items()}
        for (i, p), var in self.at.items():
            self.model.add_hint(var, 1 if where.get(i) == p else 0)
        for (s, e), var in self.tricks.items():
            bordering = s in where and e in where and where[e] in set(around(where[s]))
            self.model.add_hint(var, 1 if bordering else 0)

    def solve(self, seconds: float, work: float | None, seed: int, least: float) -> ModelAnswer:
        """The model solved for ``seconds`` (at least ``least``) and ``work``, with ``seed``."""
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = seed
        solver.parameters.max_time_in_seconds = max(least, seconds)
        if work is not None:
            solver.parameters.max_deterministic_time = work
        status = solver.solve(self.model)
        work = solver.deterministic_time
        count_work(work)
        if status == cp_model.INFEASIBLE:
            return ModelAnswer("infeasible", None, None, None, work)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return ModelAnswer("unknown", None, None, None, work)
        layout: Layout = {p: i for (i, p), var in self.at.items() if solver.boolean_value(var)}
        # A solution short of the optimum may leave a Trick uncounted: count them on the layout.
        value = layout_tricks(self.problem, layout)
        if status == cp_model.OPTIMAL:
            return ModelAnswer("optimal", value, value, layout, work)
        bound = max(value, int(solver.best_objective_bound + BOUND_ROUNDING))
        return ModelAnswer("feasible", value, bound, layout, work)
