"""Arrangements that meet the polyomino bound, built cell by cell.

n cards have at most 2n - ceil(2 sqrt n) borders (``bounds.edge_bound``). An arrangement with
that many Tricks therefore has that many borders, and every one of them is a matching
Supporter-Event border. Its cells then lie in an R x C box with R + C = ceil(2 sqrt n) and
R * C >= n, every row and every column one unbroken run of cells (n - R horizontal and n - C
vertical borders; any gap or a larger box loses one): the box less a staircase cut from each
corner, the full box when R * C = n (for n = k * k the k x k square). The grid's cells are
coloured like a checkerboard and every border joins a Supporter and an Event, so one colour holds
every Supporter and the other every Event.

``tile`` fills such shapes cell by cell, in square layers grown from a corner (``fill_order``:
every cell after the first borders a filled one, most of them two). Each new card is one of the
cards not yet placed, of its cell's kind, that matches every filled neighbour (the intersection
of their partner sets, kept as bit masks), so a network with few matching pairs besides the
planted ones leaves few choices. Depth-first with backtracking: cards with fewer partners still
free first (near-ties broken by a seeded random source), one card per class of interchangeable
cards, and a card only where it keeps a free partner for each neighbour still to come. The
search restarts with growing budgets (the Luby sequence), taking the shapes and colourings in
turn, since its run length varies wildly with the order of the first choices; a run that ends
within its budget was complete, and its shape and colouring are dropped. The whole is held to a
budget of search nodes: a count, not the clock, so that the answer is the same on every machine.

Every rule the checker enforces holds for what it returns: every border matches (rule 1), the
shape is one edge-connected piece (``connected``), and every card borders a card it matches
(``every_card_matched``: each of n >= 2 cards of a connected shape has a border, and each border
matches). The entry rules ("a card enters your Locked Network when it borders a card already
there") bind how a network grows, not which arrangements it may be rearranged into; a connected
arrangement whose borders all match could also be laid card by card in the fill order, each card
bordering one already there (and matching it) and no non-matching card.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence

from solver.network.bounds import edge_bound
from solver.network.nodes import count_nodes
from solver.network.problem import Cell, Layout, Problem, canonical_shape
from solver.network.settings import DEFAULT_SETTINGS, Settings

#: The four edge directions of the grid.
_STEPS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


class _OutOfNodes(Exception):
    """The node budget is spent."""


def _staircases(total: int, longest: int) -> Iterator[tuple[int, ...]]:
    """Partitions of ``total`` into parts of at most ``longest``, largest part first: the row
    lengths a staircase cut from a corner takes, row by row from the corner inwards."""
    if total == 0:
        yield ()
        return
    for first in range(min(total, longest), 0, -1):
        for rest in _staircases(total - first, first):
            yield (first,) + rest


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` non-negative numbers, in order."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


def _is_convex_box(cells: set[Cell], rows: int, cols: int) -> bool:
    """Every row and every column of the rows x cols box holds one unbroken, non-empty run."""
    for r in range(rows):
        line = [c for c in range(cols) if (r, c) in cells]
        if not line or line[-1] - line[0] + 1 != len(line):
            return False
    for c in range(cols):
        line = [r for r in range(rows) if (r, c) in cells]
        if not line or line[-1] - line[0] + 1 != len(line):
            return False
    return True


def bound_shapes(n: int, most: int = DEFAULT_SETTINGS.max_shapes) -> list[tuple[Cell, ...]]:
    """Shapes of ``n`` cells with ``edge_bound(n)`` adjacent pairs, up to rotation and reflection,
    each with at least as many rows as columns (so a row-major fill has short rows), at most
    ``most`` of them: the rectangles first, then boxes with fewer cells cut, in a fixed order."""
    if n <= 0:
        return []
    span = math.isqrt(4 * n - 1) + 1  # ceil(2 sqrt n): the fewest rows + columns n cells need
    boxes = sorted(
        ((rows, span - rows) for rows in range(1, span) if rows * (span - rows) >= n and rows >= span - rows),
        key=lambda box: (box[0] * box[1] - n, box[0] - box[1]),
    )
    shapes: list[tuple[Cell, ...]] = []
    seen: set[tuple[Cell, ...]] = set()
    for rows, cols in boxes:
        cut = rows * cols - n
        for split in _compositions(cut, 4):
            corners = [list(_staircases(part, cols)) for part in split]
            for tl in corners[0]:
                for tr in corners[1]:
                    for bl in corners[2]:
                        for br in corners[3]:
                            cells = _cut_box(rows, cols, tl, tr, bl, br)
                            if cells is None:
                                continue
                            key = canonical_shape(cells)
                            if key in seen:
                                continue
                            seen.add(key)
                            shapes.append(tuple(cells))
                            if len(shapes) >= most:
                                return shapes
    return shapes


def _cut_box(
    rows: int, cols: int, tl: tuple[int, ...], tr: tuple[int, ...], bl: tuple[int, ...], br: tuple[int, ...]
) -> list[Cell] | None:
    """The rows x cols box less a staircase at each corner (row lengths from the corner inwards),
    row-major; None unless each row and column keeps one unbroken run (and the cuts do not
    meet)."""
    if max(len(tl) + len(bl), len(tr) + len(br)) > rows:
        return None
    left = [0] * rows
    right = [cols] * rows
    for i, length in enumerate(tl):
        left[i] = length
    for i, length in enumerate(bl):
        left[rows - 1 - i] = length
    for i, length in enumerate(tr):
        right[i] = cols - length
    for i, length in enumerate(br):
        right[rows - 1 - i] = cols - length
    if any(lo >= hi for lo, hi in zip(left, right, strict=True)):
        return None
    cells = [(r, c) for r in range(rows) for c in range(left[r], right[r])]
    if not _is_convex_box(set(cells), rows, cols):
        return None
    return cells


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def degrees_fit(problem: Problem, cells: Sequence[Cell], kinds: Sequence[bool]) -> bool:
    """A quick necessary condition: for each kind, its cards sorted by partner count cover its
    cells sorted by the neighbours they have (a card needs a partner on each of its sides)."""
    occupied = set(cells)
    for kind in (False, True):
        needs = sorted(
            (
                sum((r + dr, c + dc) in occupied for dr, dc in _STEPS)
                for (r, c), k in zip(cells, kinds, strict=True)
                if k == kind
            ),
            reverse=True,
        )
        have = sorted(
            (len(problem.partners[i]) for i in range(problem.size) if problem.is_event[i] == kind), reverse=True
        )
        if len(needs) != len(have) or any(h < d for h, d in zip(have, needs, strict=True)):
            return False
    return True


def fill_order(shape: Sequence[Cell]) -> list[Cell]:
    """The order the cells are filled in: from the first corner, always a cell with the most
    neighbours already filled (ties: growing square layers, each new column before the new row),
    so that each new cell mostly meets two filled neighbours and the few cells that meet only one
    are spread out instead of coming first (as a whole first row would)."""

    def key(cell: Cell) -> tuple[int, int, int]:
        r, c = cell
        return (max(r, c), 0, r) if r < c else (max(r, c), 1, c)

    rank = {cell: i for i, cell in enumerate(sorted(shape, key=key))}
    filled_beside = dict.fromkeys(shape, 0)
    order: list[Cell] = []
    cell = min(shape, key=key)
    while True:
        order.append(cell)
        del filled_beside[cell]
        for dr, dc in _STEPS:
            other = (cell[0] + dr, cell[1] + dc)
            if other in filled_beside:
                filled_beside[other] += 1
        if not filled_beside:
            return order
        cell = max(filled_beside, key=lambda c: (filled_beside[c], -rank[c]))


def _luby(i: int) -> int:
    """The i-th term (from 0) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...: restart budgets that
    waste at most a logarithmic factor whatever the run-length distribution."""
    size = 1
    while size - 1 < i + 1:
        size <<= 1
    while True:
        if size - 1 == i + 1:
            return size >> 1
        size >>= 1
        if i + 1 >= size:
            i -= size - 1


def tile(
    problem: Problem,
    bound: int,
    node_limit: int = DEFAULT_SETTINGS.tile_nodes,
    deadline: float | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> Layout | None:
    """A layout of every card with ``edge_bound(n)`` Tricks (the most n cards can make), or None
    when that is more than ``bound`` (a proven upper bound) or the search finds none within
    ``node_limit`` nodes. None costs next to nothing when the network cannot meet that bound (too
    few matching pairs, Supporters and Events in numbers no shape's colouring has, or cards with
    fewer partners than the cells they would need). It also gives up at ``deadline`` (a
    ``time.monotonic()`` reading), if one is given: the time limit stops every phase."""
    return tile_search(problem, bound, node_limit, deadline, settings)[0]


def tile_search(
    problem: Problem,
    bound: int,
    node_limit: int = DEFAULT_SETTINGS.tile_nodes,
    deadline: float | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> tuple[Layout | None, int]:
    """``tile``'s answer and the search nodes it used (never more than ``node_limit``)."""
    n = problem.size
    target = edge_bound(n)
    if n < 2 or target > bound or problem.pair_count() < target:
        return None, 0
    if deadline is not None and time.monotonic() >= deadline:
        return None, 0
    fills = []
    masks = _Masks(problem)
    for shape in bound_shapes(n, settings.max_shapes):
        order = fill_order(shape)
        for events_on in (1, 0):
            kinds = [(r + c) % 2 == events_on for r, c in order]
            if degrees_fit(problem, order, kinds):
                fills.append(_Fill(problem, order, kinds, masks))
    if not fills:
        return None, 0
    # Restarts: each run its own tie-breaking and a Luby share of the budget, taking the shapes
    # and colourings in turn (a deterministic random source: the same answer every time).
    # A run that ends within its budget has searched its fill completely: that fill has no
    # layout, and drops out.
    rng = random.Random(settings.tiling_seed)
    spent, run = 0, 0
    while spent < node_limit and fills and (deadline is None or time.monotonic() < deadline):
        budget = min(settings.restart_unit * _luby(run), node_limit - spent)
        fill = fills[run % len(fills)]
        found, used, complete = fill.run(budget, rng, deadline, settings)
        spent += used
        count_nodes(used)
        run += 1
        if found is not None:
            return found, spent
        if complete:
            fills.remove(fill)
    return None, spent


class _Masks:
    """A network's cards as bit masks: each card's partners, and the cards of each kind."""

    def __init__(self, problem: Problem) -> None:
        self.partners = [sum(1 << j for j in problem.partners[i]) for i in range(problem.size)]
        self.kinds = {
            kind: sum(1 << i for i in range(problem.size) if problem.is_event[i] == kind) for kind in (False, True)
        }


class _Fill:
    """Filling one shape, cells in a fixed order, ``kinds[i]`` True where an Event goes."""

    def __init__(self, problem: Problem, order: Sequence[Cell], kinds: Sequence[bool], masks: _Masks) -> None:
        self.problem = problem
        self.order = list(order)
        self.kinds = list(kinds)
        position = {cell: i for i, cell in enumerate(order)}
        self.before = [
            [position[o] for o in ((r + dr, c + dc) for dr, dc in _STEPS) if o in position and position[o] < i]
            for i, (r, c) in enumerate(order)
        ]
        # Neighbours filled later: the card there needs that many partners still free.
        self.later = [
            sum(1 for dr, dc in _STEPS if position.get((r + dr, c + dc), -1) > i) for i, (r, c) in enumerate(order)
        ]
        self.partner_mask = masks.partners
        self.kind_mask = masks.kinds

    def run(
        self, node_limit: int, rng: random.Random, deadline: float | None = None, settings: Settings = DEFAULT_SETTINGS
    ) -> tuple[Layout | None, int, bool]:
        """One depth-first search within ``node_limit`` nodes: the layout found (or None), the
        nodes used, and whether the search was complete (it ended within the budget). Cards are
        tried fewest free partners first, ties broken by ``rng``. At ``deadline`` it stops as if
        out of nodes."""
        partner_mask, kind_mask, kinds = self.partner_mask, self.kind_mask, self.kinds
        before, later, class_of = self.before, self.later, self.problem.class_of
        count = len(self.order)
        placed = [-1] * count
        nodes = 0
        noise, clock_every = settings.noise, settings.tiling_clock_every

        def options(i: int, free: int) -> list[int]:
            candidates = free & kind_mask[kinds[i]]
            for j in before[i]:
                candidates &= partner_mask[placed[j]]
            need = later[i]
            ranked = []
            classes: set[int] = set()
            for card in _bits(candidates):
                if class_of[card] in classes:
                    continue  # an interchangeable card was tried here already
                classes.add(class_of[card])
                spare = (partner_mask[card] & free).bit_count()
                if spare >= need:
                    ranked.append((spare + noise * rng.random(), card))
            ranked.sort()
            return [card for _, card in ranked]

        def search(i: int, free: int) -> bool:
            nonlocal nodes
            if i == count:
                return True
            for card in options(i, free):
                nodes += 1
                if nodes > node_limit:
                    raise _OutOfNodes
                if deadline is not None and nodes % clock_every == 0 and time.monotonic() >= deadline:
                    raise _OutOfNodes
                placed[i] = card
                if search(i + 1, free & ~(1 << card)):
                    return True
            return False

        try:
            if search(0, (1 << self.problem.size) - 1):
                return {cell: placed[i] for i, cell in enumerate(self.order)}, nodes, True
        except _OutOfNodes:
            return None, node_limit, False
        return None, nodes, True
