"""CP-SAT models of the Locked Network: build, solve, decode.

Cards of one class (same kind, same partners) are interchangeable, so the model places classes,
not cards: one boolean per (class, cell), their sum per class equal to its size. The cells come
from ``bounds.region``: a connected arrangement moved to touch row 0 and column 0 lies in
the triangle r + c <= n - 1, and with at least t Tricks in a box of R rows and C columns with
R + C <= 2n - t. Without the connectivity constraints the same model is a relaxation (an upper
bound) of the connected problem. With ``pieces`` it places any subset of the cards in a plain
box (the rest set apart), for networks that may be in several pieces.

Only this module imports OR-Tools (0.5 s on import), and only when a model is built.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from model.common.errors import OutOfTime
from solver.network.bounds import SIDES
from solver.network.nodes import count_work
from solver.network.problem import Cell, Layout, Problem, around, is_connected, normalise, transform
from solver.network.settings import DEFAULT_SETTINGS, Settings

#: CP-SAT reports its objective bound as a float: an integral bound may come back a hair below the
#: integer it is, and rounding down must not lose that Trick (a float tolerance, not a knob).
BOUND_ROUNDING = 1e-6

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpSolver, CpSolverSolutionCallback, IntVar, LinearExpr

    #: A sum of model variables (a plain 0 when there is nothing to add).
    Expr = LinearExpr | int

#: What one solve proved: see ``ModelAnswer.status``.
ModelStatus = Literal["optimal", "feasible", "infeasible", "unknown"]



@dataclass(frozen=True)
class ModelSpec:
    """What to model."""

    #: The cells cards may use (row 0 and column 0 must be among them).
    cells: tuple[Cell, ...]
    #: Require one connected piece (an arborescence over the occupied cells).
    connected: bool
    #: Let cards stay off the grid (set apart, no Tricks): the network may be in pieces.
    pieces: bool
    #: Only arrangements with at least this many Tricks.
    at_least: int
    #: A proven upper bound on the Tricks.
    at_most: int
    #: The cells are closed under transposition, so the transposed arrangement may be excluded.
    symmetric: bool = True
    #: The cells are a full box and every row and column of it must be used (an arrangement of
    #: exactly that span): its mirror images may then be excluded too.
    exact_span: bool = False


@dataclass(frozen=True)
class ModelAnswer:
    """What one solve proved."""

    #: "optimal" (``value`` is the model's maximum), "feasible" (a solution, ``bound`` proven),
    #: "infeasible" (no solution in the model) or "unknown" (time limit, nothing proven).
    status: ModelStatus
    #: The best objective value found, or None.
    value: int | None
    #: The solver's proven upper bound on the objective (when a solution was found).
    bound: int | None
    #: The best solution as a layout, or None.
    layout: Layout | None
    #: CP-SAT's deterministic time spent (a measure of work that does not depend on the machine).
    work: float = 0.0


class BuiltModel:
    """A CP-SAT model and the variables needed to hint and decode it."""

    def __init__(
        self, problem: Problem, spec: ModelSpec, deadline: float | None = None, settings: Settings = DEFAULT_SETTINGS
    ) -> None:
        from ortools.sat.python import cp_model

        self.deadline = deadline
        self.settings = settings
        self.problem = problem
        self.spec = spec
        self.model = model = cp_model.CpModel()
        cells = list(spec.cells)
        self.cells = cells
        index = {cell: i for i, cell in enumerate(cells)}
        self.index = index
        classes = range(len(problem.classes))
        supporters = [k for k in classes if not problem.class_is_event(k)]
        events = [k for k in classes if problem.class_is_event(k)]
        n = problem.size

        # Placement: x[k][i] is true when a card of class k sits on cell i.
        x: list[list[IntVar]] = []
        self.x = x
        for k in classes:
            self._check_clock()
            x.append([model.new_bool_var(f"x{k}_{i}") for i in range(len(cells))])

        # Each class has all its cards on the grid (or some of them, when pieces are allowed and
        # a card may lie apart without a matching border).
        for k in classes:
            if spec.pieces and not problem.every_matched:
                model.add(sum(x[k]) <= len(problem.classes[k]))
            else:
                model.add(sum(x[k]) == len(problem.classes[k]))

        # At most one card per cell.
        for i in range(len(cells)):
            model.add_at_most_one(x[k][i] for k in classes)
        self._check_clock()
        occupied = [sum(x[k][i] for k in classes) for i in range(len(cells))]
        is_supporter = [sum(x[k][i] for k in supporters) for i in range(len(cells))]
        is_event = [sum(x[k][i] for k in events) for i in range(len(cells))]

        edges = []
        for i, (r, c) in enumerate(cells):
            for other in ((r, c + 1), (r + 1, c)):
                j = index.get(other)
                if j is not None:
                    edges.append((i, j))

        # A Supporter never borders an Event that does not list it (per direction and class:
        # the Supporter's cell, or at most one card of a non-matching Event class beside it).
        for s in supporters:
            self._check_clock()
            partners = problem.class_partners(s)
            strangers = [e for e in events if e not in partners]
            if not strangers:
                continue
            for i, j in edges:
                if i % self.settings.model_clock_every == 0:
                    self._check_clock()
                for u, v in ((i, j), (j, i)):
                    model.add(x[s][u] + sum(x[e][v] for e in strangers) <= 1)

        capacity = [min(SIDES, len(problem.partners[problem.classes[k][0]])) for k in classes]
        self.edges = edges
        trick = self._edge_tricks(is_supporter, is_event, capacity)
        self.trick = trick

        if problem.every_matched:
            # Every card borders a card it matches: each occupied cell has a Trick border.
            borders: list[list[int]] = [[] for _ in cells]
            for e, (i, j) in enumerate(edges):
                borders[i].append(e)
                borders[j].append(e)
            for i in range(len(cells)):
                model.add(occupied[i] <= sum(trick[e] for e in borders[i]))

        objective = sum(trick)
        self.objective = objective
        # The target and the proven bound.
        model.add(objective >= spec.at_least)
        model.add(objective <= spec.at_most)

        # Perimeter: over R rows and C columns, Tricks <= 2 * cards - R - C.
        rows = sorted({r for r, _ in cells})
        cols = sorted({c for _, c in cells})
        self.row_used = {r: model.new_bool_var(f"row{r}") for r in rows}
        self.col_used = {c: model.new_bool_var(f"col{c}") for c in cols}
        for i, (r, c) in enumerate(cells):
            model.add(occupied[i] <= self.row_used[r])
            model.add(occupied[i] <= self.col_used[c])
        in_row: dict[int, list[int]] = {}
        in_col: dict[int, list[int]] = {}
        for i, (r, c) in enumerate(cells):
            in_row.setdefault(r, []).append(i)
            in_col.setdefault(c, []).append(i)
        for r in rows:
            model.add(self.row_used[r] <= sum(occupied[i] for i in in_row[r]))
        for c in cols:
            model.add(self.col_used[c] <= sum(occupied[i] for i in in_col[c]))
        self._check_clock()
        placed = sum(occupied) if spec.pieces else n
        model.add(objective <= 2 * placed - sum(self.row_used.values()) - sum(self.col_used.values()))

        # Translation: the arrangement touches row 0 and column 0.
        model.add(self.row_used[0] == 1)
        model.add(self.col_used[0] == 1)
        if not spec.pieces:
            # One piece spans consecutive rows and columns.
            for a, b in zip(rows, rows[1:], strict=False):
                model.add(self.row_used[b] <= self.row_used[a])
            for a, b in zip(cols, cols[1:], strict=False):
                model.add(self.col_used[b] <= self.col_used[a])

        # Transposition: row 0 holds at least as many cards as column 0.
        self.first_row = [i for i, cell in enumerate(cells) if cell[0] == 0]
        self.first_col = [i for i, cell in enumerate(cells) if cell[1] == 0]
        if spec.symmetric:
            model.add(sum(occupied[i] for i in self.first_row) >= sum(occupied[i] for i in self.first_col))
        if spec.exact_span:
            # Every row and column of the box is used; mirrored top to bottom or left to right,
            # an arrangement stays in the box, so the first row (column) holds at least as many
            # cards as the last (mirroring keeps the other direction's counts; with the
            # transposition rule above, the three together still leave one image of each).
            for var in list(self.row_used.values()) + list(self.col_used.values()):
                model.add(var == 1)
            # Row by row and column by column, k cards have at most k - 1 borders between them.
            horizontal: dict[int, list[IntVar]] = {}
            vertical: dict[int, list[IntVar]] = {}
            for e, (i, j) in enumerate(edges):
                if cells[i][0] == cells[j][0]:
                    horizontal.setdefault(cells[i][0], []).append(self.trick[e])
                else:
                    vertical.setdefault(cells[i][1], []).append(self.trick[e])
                model.add(self.trick[e] <= occupied[i])
                model.add(self.trick[e] <= occupied[j])
            for r, items in horizontal.items():
                model.add(sum(items) <= sum(occupied[i] for i in in_row[r]) - 1)
            for c, items in vertical.items():
                model.add(sum(items) <= sum(occupied[i] for i in in_col[c]) - 1)
            last_row = [i for i, cell in enumerate(cells) if cell[0] == rows[-1]]
            last_col = [i for i, cell in enumerate(cells) if cell[1] == cols[-1]]
            if len(rows) > 1:
                model.add(sum(occupied[i] for i in self.first_row) >= sum(occupied[i] for i in last_row))
            if len(cols) > 1:
                model.add(sum(occupied[i] for i in self.first_col) >= sum(occupied[i] for i in last_col))

        self.root: dict[int, IntVar] = {}
        self.parent: dict[tuple[int, int], IntVar] = {}
        self.depth: list[IntVar] = []
        if spec.connected:
            self._check_clock()
            self._connect(occupied, n)

    def _check_clock(self) -> None:
        """Building a large model takes seconds: stop when the time limit has come."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfTime("the time limit came while the model was being built")

    def _edge_tricks(self, is_supporter: Sequence[Expr], is_event: Sequence[Expr], capacity: list[int]) -> list[IntVar]:
        model, x, cells, edges = self.model, self.x, self.cells, self.edges
        classes = range(len(self.problem.classes))
        # A Trick is a Supporter-Event border (legality makes it a matching one).
        trick: list[IntVar] = []
        for i, j in edges:
            if i % self.settings.model_clock_every == 0:
                self._check_clock()
            b = model.new_bool_var(f"t{i}_{j}")
            model.add(b <= is_supporter[i] + is_supporter[j])
            model.add(b <= is_event[i] + is_event[j])
            trick.append(b)
        # A card takes part in at most min(4, its partners) Tricks.
        touching: list[list[int]] = [[] for _ in cells]
        for e, (i, j) in enumerate(edges):
            touching[i].append(e)
            touching[j].append(e)
        for i in range(len(cells)):
            if touching[i]:
                model.add(sum(trick[e] for e in touching[i]) <= sum(capacity[k] * x[k][i] for k in classes))
        return trick

    def _connect(self, occupied: Sequence[Expr], n: int) -> None:
        model = self.model
        cells, index = self.cells, self.index
        # The root is the first occupied cell of row 0.
        row0 = sorted(self.first_row, key=lambda i: cells[i][1])
        for position, i in enumerate(row0):
            root = model.new_bool_var(f"root{i}")
            model.add(root <= occupied[i])
            for earlier in row0[:position]:
                model.add(root + occupied[earlier] <= 1)
            self.root[i] = root
        model.add(sum(self.root.values()) == 1)

        # Every other occupied cell has exactly one parent among its occupied neighbours, and
        # lies one level deeper than it: the parent arcs form a tree, so the piece is connected.
        self.depth = [model.new_int_var(cells[i][0], max(cells[i][0], n - 1), f"d{i}") for i in range(len(cells))]
        incoming: list[list[IntVar]] = [[] for _ in cells]
        for j, cell in enumerate(cells):
            if j % self.settings.model_clock_every == 0:
                self._check_clock()
            for other in around(cell):
                near = index.get(other)
                if near is None:
                    continue
                arc = model.new_bool_var(f"p{near}_{j}")
                self.parent[(near, j)] = arc
                incoming[j].append(arc)
                model.add(arc <= occupied[near])
                model.add(self.depth[j] >= self.depth[near] + 1).only_enforce_if(arc)
        for j in range(len(cells)):
            cell_root = self.root.get(j)
            model.add(sum(incoming[j]) == occupied[j] - (cell_root if cell_root is not None else 0))

    def hint(self, layout: Layout) -> bool:
        """Give CP-SAT a starting arrangement (moved and turned to fit the model's symmetry
        breaking); False when it does not fit the model's cells."""
        problem, spec = self.problem, self.spec
        placed = normalise(layout)
        if spec.symmetric:
            row0 = sum(1 for r, _ in placed if r == 0)
            col0 = sum(1 for _, c in placed if c == 0)
            if row0 < col0:
                placed = normalise({transform(cell, 4): card for cell, card in placed.items()})
        if any(cell not in self.index for cell in placed):
            return False
        by_cell = {self.index[cell]: problem.class_of[card] for cell, card in placed.items()}
        model = self.model
        for k, row in enumerate(self.x):
            for i, var in enumerate(row):
                model.add_hint(var, 1 if by_cell.get(i) == k else 0)
        for e, (i, j) in enumerate(self.edges):
            a, b = by_cell.get(i), by_cell.get(j)
            matched = a is not None and b is not None and a in problem.class_partners(b)
            model.add_hint(self.trick[e], 1 if matched else 0)
        used_rows = {self.cells[i][0] for i in by_cell}
        used_cols = {self.cells[i][1] for i in by_cell}
        for r, var in self.row_used.items():
            model.add_hint(var, 1 if r in used_rows else 0)
        for c, var in self.col_used.items():
            model.add_hint(var, 1 if c in used_cols else 0)
        if self.spec.connected and is_connected(placed):
            self._hint_tree(set(by_cell))
        return True

    def _hint_tree(self, occupied: set[int]) -> None:
        cells, index, model = self.cells, self.index, self.model
        root = min((i for i in occupied if cells[i][0] == 0), key=lambda i: cells[i][1])
        for i, var in self.root.items():
            model.add_hint(var, 1 if i == root else 0)
        depth = {root: 0}
        parent: dict[int, int] = {}
        frontier = [root]
        while frontier:
            following = []
            for i in frontier:
                for other in around(cells[i]):
                    j = index.get(other)
                    if j is not None and j in occupied and j not in depth:
                        depth[j] = depth[i] + 1
                        parent[j] = i
                        following.append(j)
            frontier = following
        for (i, j), var in self.parent.items():
            model.add_hint(var, 1 if parent.get(j) == i else 0)
        for i, var in enumerate(self.depth):
            if i in depth and depth[i] >= cells[i][0]:
                model.add_hint(var, depth[i])

    def solve(
        self, seconds: float, on_value: Callable[[int], None] | None = None, work: float | None = None
    ) -> ModelAnswer:
        from ortools.sat.python import cp_model

        started = time.monotonic()
        self.model.maximize(self.objective)
        workers = self.settings.cpsat_workers
        solver, status = self._run(seconds, on_value, work, workers)
        if workers > 1 and status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
            return self._confirm(solver, status, seconds - (time.monotonic() - started), work)
        return self._answer(solver, status)

    def _run(
        self, seconds: float, on_value: Callable[[int], None] | None, work: float | None, workers: int
    ) -> tuple[CpSolver, int]:
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = workers
        solver.parameters.random_seed = self.settings.cpsat_seed
        solver.parameters.max_time_in_seconds = max(self.settings.least_model_seconds, seconds)
        if work is not None:
            # CP-SAT's deterministic time: the same budget gives the same answer on any machine.
            solver.parameters.max_deterministic_time = work
        solver.parameters.linearization_level = self.settings.cpsat_linearization
        if on_value is None:
            status = solver.solve(self.model)
        else:
            status = solver.solve(self.model, _reporter(on_value))
        return solver, int(status)

    def _confirm(self, solver: CpSolver, status: int, seconds: float, work: float | None) -> ModelAnswer:
        """A multi-worker OPTIMAL or INFEASIBLE, re-checked by one worker (its solution as the
        hint): only what the one-worker run proves as well counts as proven; otherwise the
        solution stays, as merely feasible within the model's own bound."""
        from ortools.sat.python import cp_model

        first = self._answer(solver, status)
        # (OR-Tools' clear_hints has no annotations; it only drops the first run's hints.)
        self.model.clear_hints()  # type: ignore[no-untyped-call]
        if first.layout is not None:
            self.hint(first.layout)
        again, again_status = self._run(max(self.settings.least_model_seconds, seconds), None, work, 1)
        second = self._answer(again, again_status)
        if again_status == status and (status == cp_model.INFEASIBLE or second.value == first.value):
            return second
        if second.status in ("optimal", "infeasible"):
            return second  # the one-worker run proves something else: it is the one trusted
        best = max((a for a in (first, second) if a.layout is not None), key=lambda a: a.value or 0, default=None)
        if best is None:
            return ModelAnswer("unknown", None, None, None)
        assert best.value is not None
        return ModelAnswer("feasible", best.value, max(best.value, self.spec.at_most), best.layout)

    def _answer(self, solver: CpSolver, status: int) -> ModelAnswer:
        from ortools.sat.python import cp_model

        work = solver.deterministic_time
        count_work(work)
        if status == cp_model.INFEASIBLE:
            return ModelAnswer("infeasible", None, None, None, work)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return ModelAnswer("unknown", None, None, None, work)
        value = round(solver.objective_value)
        bound = value if status == cp_model.OPTIMAL else int(solver.best_objective_bound + BOUND_ROUNDING)
        return ModelAnswer(
            "optimal" if status == cp_model.OPTIMAL else "feasible",
            value,
            max(bound, value),
            self._decode(solver),
            work,
        )

    def _decode(self, solver: CpSolver) -> Layout:
        """Cards of each class go to its cells in index order (cells in row-major order)."""
        layout: Layout = {}
        for k, row in enumerate(self.x):
            chosen = sorted(self.cells[i] for i, var in enumerate(row) if solver.boolean_value(var))
            for cell, card in zip(chosen, self.problem.classes[k], strict=False):
                layout[cell] = card
        return dict(sorted(layout.items()))


def _reporter(on_value: Callable[[int], None]) -> CpSolverSolutionCallback:
    """A callback that calls ``on_value`` with each improving objective value CP-SAT finds (its
    class is made here, as OR-Tools is imported only when a model is built)."""
    from ortools.sat.python import cp_model

    class Reporter(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            on_value(round(self.objective_value))

    return Reporter()


def solve_model(
    problem: Problem,
    spec: ModelSpec,
    hint: Layout | None,
    seconds: float,
    on_value: Callable[[int], None] | None = None,
    work: float | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> ModelAnswer:
    """Build, hint and solve one model (``work``: a deterministic-time budget as well)."""
    if not spec.cells or spec.at_least > spec.at_most:
        return ModelAnswer("infeasible", None, None, None)
    started = time.monotonic()
    try:
        built = BuiltModel(problem, spec, started + seconds, settings)
    except OutOfTime:
        return ModelAnswer("unknown", None, None, None)
    if hint is not None:
        built.hint(hint)
    left = seconds - (time.monotonic() - started)
    if left <= 0:
        return ModelAnswer("unknown", None, None, None)
    return built.solve(left, on_value, work)
