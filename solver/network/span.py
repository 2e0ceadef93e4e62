"""An exact search of our own for one span: the best connected arrangement spanning exactly R
rows and C columns, in two levels: first where the Supporters, the Events and the gaps go (the
pattern), then which card goes where.

The pattern alone fixes the Trick total. A row holding k cards in j runs has k - j borders, so n
cards spanning R rows and C columns have 2n - R - C borders less one for every run beyond the
first in a row or a column; a border between two cards of one kind is no Trick, and in a legal
arrangement every other border is one. So

    Tricks = 2n - R - C - (extra runs) - (same-kind borders),

and both losses are known the moment a cell of the pattern is settled in reading order: at least
t Tricks leave a slack of 2n - R - C - t for them. A second count prunes as hard: a card makes at
most min(4, its partners) Tricks, so each kind has a capacity, and at least t Tricks let each kind
lose at most its capacity - t sides (a side lost: on the span's edge, beside a gap, or beside a
card of its own kind). Near the bound few patterns survive both counts, and each is then filled
with cards by a small constraint search (every Supporter-Event border must match).

Mirrored left to right an arrangement keeps its span, so the first row's pattern of filled cells
is taken to be no greater than its mirror image.
"""

from __future__ import annotations

from dataclasses import dataclass

from model.common.errors import OutOfTime
from solver.network.nodes import NodeBudget, count_nodes
from solver.network.problem import Layout, Problem, around, is_connected
from solver.network.settings import DEFAULT_SETTINGS, Settings

SUPPORTER, EVENT, GAP = 0, 1, -1


@dataclass(frozen=True)
class SpanResult:
    """What the search of one span proved."""

    #: The best Trick total found at or above the target, or None.
    value: int | None
    #: A layout reaching ``value``, or None.
    layout: Layout | None
    #: True when the search ran to the end: ``value`` is the span's maximum (None: no connected
    #: arrangement of this span reaches the target).
    complete: bool
    #: Search nodes used (both levels).
    nodes: int


def span_search(
    problem: Problem,
    rows: int,
    cols: int,
    at_least: int,
    deadline: float,
    node_limit: int | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> SpanResult:
    """The best connected arrangement spanning exactly ``rows`` x ``cols`` with at least
    ``at_least`` Tricks (every card on the grid), within ``node_limit`` search nodes (both levels
    together)."""
    if problem.every_matched and not all(problem.partners):
        return SpanResult(None, None, True, 0)  # a card that matches none is never matched
    of_kind = (problem.is_event.count(False), problem.is_event.count(True))
    if problem.size >= 2 and any(
        not problem.partners[i] and of_kind[problem.is_event[i]] == 1 for i in range(problem.size)
    ):
        # A card with no partner and no other card of its kind may border no card at all: in one
        # connected arrangement of two or more cards it has nowhere to go.
        return SpanResult(None, None, True, 0)
    search = _Patterns(problem, rows, cols, at_least, deadline, node_limit, settings.span_clock_every)
    try:
        search.cell(0)
        complete = True
    except OutOfTime:
        complete = False
    count_nodes(search.counter.nodes)
    return SpanResult(search.best_value, search.best_layout, complete, search.counter.nodes)


class _Patterns:
    """Reading-order search over patterns (each cell a Supporter, an Event or a gap)."""

    def __init__(
        self, problem: Problem, rows: int, cols: int, at_least: int, deadline: float, node_limit: int | None,
        clock_every: int,
    ):
        self.problem = problem
        self.rows, self.cols = rows, cols
        self.n = problem.size
        self.counter = NodeBudget(deadline, node_limit, clock_every)
        self.wanted = [
            sum(1 for e in problem.is_event if not e),
            sum(1 for e in problem.is_event if e),
        ]
        # Per kind, the sides each card may leave without a Trick at no loss (4 - min(4,
        # partners)), largest first, and the kind's capacity.
        self.free: list[list[int]] = [[], []]
        for i in range(self.n):
            self.free[problem.is_event[i]].append(4 - min(4, len(problem.partners[i])))
        for kind in (SUPPORTER, EVENT):
            self.free[kind].sort(reverse=True)
        self.capacity = [sum(4 - f for f in self.free[kind]) for kind in (SUPPORTER, EVENT)]
        self.grid = [GAP] * (rows * cols)
        #: Per cell, its sides known to make no Trick.
        self.dead = [0] * (rows * cols)
        #: Per cell, its sides on the span's edge.
        self.edges = [(r == 0) + (c == 0) + (r == rows - 1) + (c == cols - 1) for r in range(rows) for c in range(cols)]
        #: Per kind, the cells holding it, and the sum of their dead sides.
        self.cells_of: list[list[int]] = [[], []]
        self.dead_total = [0, 0]
        #: Per kind, the sums of its largest free allowances: free_prefix[kind][k] for k cards.
        self.free_prefix = [
            [sum(self.free[kind][:k]) for k in range(len(self.free[kind]) + 1)] for kind in (SUPPORTER, EVENT)
        ]
        #: Per kind, True when no card may leave a side without a Trick at no loss: the kind's
        #: loss is then its dead-side total.
        self.no_allowance = [not self.free[kind] or self.free[kind][0] == 0 for kind in (SUPPORTER, EVENT)]
        self.placed = [0, 0]
        self.lost = 0
        self.row_runs = 0
        #: Per column: 0 unused, 1 its run goes on (the cell above is filled), 2 its run ended.
        self.col_state = [0] * cols
        self.top_borders = 2 * self.n - rows - cols
        #: Without a matching pair no Supporter may border an Event at all.
        self.any_pair = problem.pair_count() > 0
        self.target = at_least
        self.best_value: int | None = None
        self.best_layout: Layout | None = None
        #: ``_class_tables``, for ``_fill``.
        self.tables = _class_tables(problem)

    def _kind_loss_too_high(self) -> bool:
        # Placed cells of one kind with their dead sides, paired with the kind's largest free
        # allowances in the same order: the least loss any choice of cards can give them.
        for kind in (SUPPORTER, EVENT):
            room = self.capacity[kind] - self.target
            if self.dead_total[kind] <= room:
                continue  # the loss is at most the dead sides
            if self.no_allowance[kind]:
                return True
            placed = self.cells_of[kind]
            if self.dead_total[kind] - self.free_prefix[kind][len(placed)] > room:
                return True  # even with the largest allowances for all of them
            deads = sorted((self.dead[i] for i in placed), reverse=True)
            if sum(d - f for d, f in zip(deads, self.free[kind], strict=False) if d > f) > room:
                return True
        return False

    def cell(self, i: int) -> None:
        self.counter.tick()
        rows, cols, grid, dead = self.rows, self.cols, self.grid, self.dead
        slack = self.top_borders - self.target - self.lost
        if slack < 0:
            return
        dead_total, capacity, target = self.dead_total, self.capacity, self.target
        # (The full count only when some kind's dead sides alone could exceed its room.)
        over = dead_total[0] > capacity[0] - target or dead_total[1] > capacity[1] - target
        if over and self._kind_loss_too_high():
            return
        if i == rows * cols:
            self._finish()
            return
        r, c = divmod(i, cols)
        cells_left = rows * cols - i
        cards_left = self.n - self.placed[0] - self.placed[1]
        if cards_left > cells_left:
            return
        # Every row is used: each row after this one needs a card, and this one if it has none.
        if cards_left < rows - r - 1 + (1 if self.row_runs == 0 else 0):
            return
        if c == 0 and r == 1 and not self._first_row_canonical():
            return
        left = grid[i - 1] if c > 0 else GAP
        above = grid[i - cols] if r > 0 else GAP
        saved_row, saved_col = self.row_runs, self.col_state[c]
        # A card: a new run in its row or column beyond the first costs a border, and so does
        # each neighbour of its own kind.
        base = (1 if left == GAP and self.row_runs > 0 else 0) + (1 if saved_col == 2 else 0)
        for kind in (SUPPORTER, EVENT):
            if self.placed[kind] == self.wanted[kind]:
                continue
            cost = base + (left == kind) + (above == kind)
            if cost > slack:
                continue
            if not self.any_pair and (left == 1 - kind or above == 1 - kind):
                continue
            grid[i] = kind
            self.placed[kind] += 1
            self.cells_of[kind].append(i)
            self.lost += cost
            if left == GAP:
                self.row_runs += 1
            self.col_state[c] = 1
            # Sides settled now: the span's edges, and the borders with the left and upper
            # cells (a gap, or a card of the same kind: then its side too).
            own = self.edges[i] + (c > 0 and left in (GAP, kind)) + (r > 0 and above in (GAP, kind))
            dead[i] += own
            if left == kind:
                dead[i - 1] += 1
            if above == kind:
                dead[i - cols] += 1
            settled = own + (left == kind) + (above == kind)
            dead_total[kind] += settled
            self._next(i, c)
            dead_total[kind] -= settled
            dead[i] -= own
            if left == kind:
                dead[i - 1] -= 1
            if above == kind:
                dead[i - cols] -= 1
            self.row_runs = saved_row
            self.col_state[c] = saved_col
            self.lost -= cost
            self.placed[kind] -= 1
            self.cells_of[kind].pop()
            grid[i] = GAP
        # A gap: the cards left of and above it lose that side.
        if cells_left > cards_left:
            if saved_col == 1:
                self.col_state[c] = 2
            if left != GAP:
                dead[i - 1] += 1
                dead_total[left] += 1
            if above != GAP:
                dead[i - cols] += 1
                dead_total[above] += 1
            self._next(i, c)
            if left != GAP:
                dead[i - 1] -= 1
                dead_total[left] -= 1
            if above != GAP:
                dead[i - cols] -= 1
                dead_total[above] -= 1
            self.col_state[c] = saved_col

    def _next(self, i: int, c: int) -> None:
        if c < self.cols - 1:
            self.cell(i + 1)
            return
        if self.row_runs == 0:
            return  # a row of the span left empty
        if i == self.rows * self.cols - 1 and 0 in self.col_state:
            return  # a column of the span left empty
        saved = self.row_runs
        self.row_runs = 0
        self.cell(i + 1)
        self.row_runs = saved

    def _first_row_canonical(self) -> bool:
        filled = [self.grid[c] != GAP for c in range(self.cols)]
        return filled <= filled[::-1]

    def _finish(self) -> None:
        cols = self.cols
        cells = {divmod(i, cols): kind for i, kind in enumerate(self.grid) if kind != GAP}
        if not is_connected(cells):
            return
        if self.problem.every_matched and any(
            all(cells.get(other, kind) == kind for other in around(cell)) for cell, kind in cells.items()
        ):
            return  # some card without a card of the other kind beside it: none it matches
        layout = _fill(self.problem, cells, self.counter, self.tables)
        if layout is None:
            return
        value = self.top_borders - self.lost
        self.best_value, self.best_layout = value, layout
        # From now on only better arrangements count.
        self.target = value + 1


def _class_tables(problem: Problem) -> tuple[list[int], list[int], list[int]]:
    """Per class: its kind (1: Event), the classes it matches as a bit set (bit j: class j),
    and how many cards each of its cards matches."""
    classes = range(len(problem.classes))
    return (
        [int(problem.class_is_event(k)) for k in classes],
        [sum(1 << j for j in problem.class_partners(k)) for k in classes],
        [len(problem.partners[problem.classes[k][0]]) for k in classes],
    )


def _fill(
    problem: Problem,
    pattern: dict[tuple[int, int], int],
    counter: NodeBudget,
    tables: tuple[list[int], list[int], list[int]],
) -> Layout | None:
    """Cards for a pattern such that every Supporter-Event border matches, or None: a
    backtracking search over classes, most constrained cell first (ties: the first cell in
    sorted order), classes in index order, with forward checking. Domains are bit sets of
    classes (bit k: class k), since this is the span search's innermost loop."""
    kind_of, partner_mask, degree = tables
    classes = range(len(problem.classes))
    cells = sorted(pattern)
    index = {cell: i for i, cell in enumerate(cells)}
    # Each cell's neighbours of the other kind: their cards must match its card.
    links = [[index[o] for o in around(cell) if o in pattern and pattern[o] != pattern[cell]] for cell in cells]
    # A card matches at most its partners: a cell with m such neighbours needs m partners.
    domains = [
        sum(1 << k for k in classes if kind_of[k] == pattern[cell] and degree[k] >= len(links[i]))
        for i, cell in enumerate(cells)
    ]
    left = [len(members) for members in problem.classes]
    #: Per cell, its class, or -1 while it is open.
    chosen = [-1] * len(cells)
    all_cells = range(len(cells))
    open_count = [len(cells)]

    def assign(i: int, k: int) -> tuple[list[tuple[int, int]], bool]:
        """Put class k on cell i and narrow the other open cells' domains: the domains replaced
        (to restore), and whether some open cell is left without a class."""
        saved: list[tuple[int, int]] = []
        chosen[i] = k
        left[k] -= 1
        open_count[0] -= 1
        empty = False
        mask = partner_mask[k]
        for j in links[i]:
            if chosen[j] < 0:
                domain = domains[j]
                saved.append((j, domain))
                domain &= mask
                domains[j] = domain
                if not domain:
                    empty = True
        if left[k] == 0:
            bit = 1 << k
            for j in all_cells:
                domain = domains[j]
                if domain & bit and chosen[j] < 0:
                    if j not in links[i]:
                        saved.append((j, domain))
                    domain ^= bit
                    domains[j] = domain
                    if not domain:
                        empty = True
        return saved, empty

    def undo(i: int, k: int, saved: list[tuple[int, int]]) -> None:
        for j, domain in saved:
            domains[j] = domain
        open_count[0] += 1
        left[k] += 1
        chosen[i] = -1

    def search() -> bool:
        counter.tick()
        if not open_count[0]:
            return True
        cell, size = -1, len(left) + 1
        for j in all_cells:
            if chosen[j] < 0:
                count = domains[j].bit_count()
                if count < size:
                    cell, size = j, count
        domain = domains[cell]
        while domain:
            low = domain & -domain
            domain ^= low
            k = low.bit_length() - 1
            saved, dead_end = assign(cell, k)
            if not dead_end and search():
                return True
            undo(cell, k, saved)
        return False

    if any(not domain for domain in domains) or not search():
        return None
    taken = [0] * len(problem.classes)
    layout: Layout = {}
    for i, cell in enumerate(cells):
        k = chosen[i]
        layout[cell] = problem.classes[k][taken[k]]
        taken[k] += 1
    return layout
