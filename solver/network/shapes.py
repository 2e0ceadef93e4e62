"""The shapes the few kind's cards may take in an arrangement in pieces, for ``few_kind``.

Every Trick joins a card of the kind with fewer cards (f of them) to one of the other kind (m
cards), and only cards beside the few make Tricks. Which shapes of f cells are worth a look is a
count of cells (``kinds_bound``'s argument made exact for one shape): the f cards have 4f sides;
the cells beside them, B of them, plus two for each border between two of the few cards, take up
every side; at most m of those cells hold a card of the many kind, and each that holds none takes
up at least one side. So a shape of f cells makes at most 4f + m - (B + 2 borders) Tricks, and
only shapes with B + 2 borders <= 4f + m - target can reach ``target``. Adding a cell never lowers
B + 2 borders, so the shapes are grown cell by cell within that limit.

Shapes are grown as clusters: cells within two steps of each other share a cell beside them or
border, and clusters further apart do not interact at all (their counts add). Each cluster is
kept once up to rotation and reflection, and clusters are given most compact first (the lowest
count), so an arrangement meeting the target is met early where there is one.
"""

from __future__ import annotations

from collections.abc import Iterator

from model.whitehouse.network.arrangement import MAX_CARDS
from solver.network.bounds import beside_bound
from solver.network.problem import STEPS, Cell, around, canonical_shape

#: The cells within two steps: a cell placed there shares a side cell with, or borders, the cell.
_NEAR = tuple((dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if 0 < abs(dr) + abs(dc) <= 2)
#: The first cells of a shape's clusters are this many columns apart: a cluster of at most
#: MAX_CARDS cells, each within two steps of another, spans fewer columns than 2 MAX_CARDS, so two
#: clusters stay more than two steps apart and do not interact.
CLUSTER_APART = 2 * MAX_CARDS + 3

Shape = tuple[Cell, ...]


def shape_count(cells: frozenset[Cell]) -> int:
    """The cells beside ``cells`` plus two for each border between two of them (``beside_bound``
    is the least this can be for a number of cells)."""
    beside: set[Cell] = set()
    borders_twice = 0
    for r, c in cells:
        for dr, dc in STEPS:
            side = (r + dr, c + dc)
            if side in cells:
                borders_twice += 1
            else:
                beside.add(side)
    return len(beside) + borders_twice


def _growth(cells: frozenset[Cell], beside: set[Cell], cell: Cell) -> int:
    """How much ``shape_count`` grows when ``cell`` joins ``cells`` (``beside``: the cells beside
    them): it leaves the cells beside them (if it was one), its sides not yet beside them join,
    and each border it makes counts two."""
    growth = -1 if cell in beside else 0
    for side in around(cell):
        if side in cells:
            growth += 2
        elif side not in beside:
            growth += 1
    return growth


#: Per cluster size, the largest limit grown so far and the clusters within it (the same for
#: every network: kept for the process's life; a smaller limit is a filter of a larger one).
_GROWN: dict[int, tuple[int, tuple[tuple[Shape, int], ...]]] = {}
#: The same, per size and limit asked for.
_WITHIN: dict[tuple[int, int], tuple[tuple[Shape, int], ...]] = {}


def clusters(size: int, limit: int) -> tuple[tuple[Shape, int], ...]:
    """Every cluster of ``size`` cells (each within two steps of another) whose count
    (``shape_count``) is at most ``limit``, one per rotation and reflection, with its count, in
    order, the most compact first (by count, then cells)."""
    within = _WITHIN.get((size, limit))
    if within is None:
        known = _GROWN.get(size)
        if known is None or known[0] < limit:
            known = (limit, _grow(size, limit))
            _GROWN[size] = known
        within = _WITHIN[(size, limit)] = tuple(item for item in known[1] if item[1] <= limit)
    return within


def _grow(size: int, limit: int) -> tuple[tuple[Shape, int], ...]:
    if size <= 0 or shape_count(frozenset({(0, 0)})) > limit:
        return ()
    if size == 1:
        return ((((0, 0),), shape_count(frozenset({(0, 0)}))),)
    # Every cluster of ``size`` cells within ``limit`` grows from one of ``size - 1`` cells within
    # ``limit - 1`` by adding a cell. Take a block of the cluster's graph (cells within two steps
    # are linked) that holds at most one cut cell, and in it a cell other than that cut cell
    # lying furthest in some direction (one exists: a block of two or more cells has two ends in
    # rows or in columns). Removing it leaves a cluster, and it grew the count by at least one:
    # if it borders a cell of the cluster, its border counts two and it was beside one cell at
    # most; if not, its side in that direction is beside no other cell (a cell beside that side
    # would lie within two steps, so in the same block, and further in that direction).
    grown: dict[Shape, int] = {}
    # Clusters met already as they lie, before the costlier form up to rotation and reflection.
    met: set[frozenset[Cell]] = set()
    for shape, count in clusters(size - 1, limit - 1):
        cells = frozenset(shape)
        beside = {(r + dr, c + dc) for r, c in shape for dr, dc in STEPS} - cells
        candidates = {(r + dr, c + dc) for r, c in shape for dr, dc in _NEAR} - cells
        for cell in candidates:
            bigger_count = count + _growth(cells, beside, cell)
            if bigger_count <= limit:
                bigger = cells | {cell}
                low_r, low_c = min(r for r, _ in bigger), min(c for _, c in bigger)
                placed = frozenset((r - low_r, c - low_c) for r, c in bigger)
                if placed not in met:
                    met.add(placed)
                    grown.setdefault(canonical_shape(bigger), bigger_count)
    return tuple(sorted(grown.items(), key=lambda item: (item[1], item[0])))


def shapes(size: int, limit: int) -> Iterator[tuple[Shape, int]]:
    """Every shape of ``size`` cells with count at most ``limit``: clusters set far apart, the
    larger first, each combination once."""

    def grow(left: int, room: int, largest: int, after: tuple[int, Shape] | None) -> Iterator[list[Shape]]:
        if left == 0:
            yield []
            return
        for part in range(min(left, largest), 0, -1):
            # The cells left after this cluster count at least ``beside_bound`` of their number
            # (counts add over clusters, and that bound is subadditive).
            for cluster, count in clusters(part, room - beside_bound(left - part)):
                if part == largest and after is not None and (count, cluster) < after:
                    continue  # (clusters of one size in sorted order: each combination once)
                for rest in grow(left - part, room - count, part, (count, cluster)):
                    yield [cluster, *rest]

    for parts in grow(size, limit, size, None):
        cells = tuple((r, c + CLUSTER_APART * i) for i, part in enumerate(parts) for r, c in part)
        yield cells, shape_count(frozenset(cells))
