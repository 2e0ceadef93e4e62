"""Arrangements in pieces seen from the kind with fewer cards: can the cards make ``target``
Tricks when the network may lie in pieces?

Every Trick joins a card of the few kind (f cards) to one of the many kind (m cards). Once the
few cards have their cells, the best the others can do is a matching: each card of the many kind
goes to one cell beside the few cards, where it makes a Trick with every few card around that
cell, and may go there only if it matches every one of them (beside a card of the other kind that
it does not match it would break rule 1); cards of one kind may border freely, and a card beside
none of the few makes no Trick and lies apart. So the search places the few cards, and each
placement's best is a matching, found exactly.

Which placements are worth a look is a count of cells (``kinds_bound``'s argument made exact for
one shape): the f cards have 4f sides; the cells beside them, B of them, plus two for each border
between two of the few cards, take up every side; at most m of those cells hold a card of the
many kind, and each that holds none takes up at least one side. So a shape of f cells makes at
most 4f + m - (B + 2 borders) Tricks, and only shapes with B + 2 borders <= 4f + m - target can
reach ``target``. Adding a cell never lowers B + 2 borders, so the shapes are grown cell by cell
within that limit. Shapes are grown as clusters: cells within two steps of each other share a
cell beside them or border, and clusters further apart do not interact at all (their counts
add). Each cluster is kept once up to rotation and reflection.

Clusters are grown most compact first (the lowest count), so an arrangement meeting the target
is met early where there is one.

For one shape, the few cards are assigned to its cells one at a time. A cell beside the shape
whose few neighbours have no partner in common among the many kind can hold no card making a
Trick there; the sum of the m largest counts of neighbours over the cells still open bounds
what the shape can make with the assignment so far.

Where one kind has few cards and the target is close to the kinds bound, this search is small
where the embedding search is large: its placements are of f cards, not of all of them.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from model.common.errors import OutOfTime
from model.whitehouse.network.arrangement import MAX_CARDS
from solver.network.bounds import beside_bound
from solver.network.problem import STEPS, Cell, Layout, Problem, apart_layout, around, canonical_shape, layout_is_legal

#: How many search nodes between two looks at the clock.
CLOCK_EVERY = 1024
#: The search is asked only where the few kind has at most this many cards (the shapes of 8
#: cards within FEW_SLACK are grown in about a third of a second, once per process)...
FEW_CARDS = 8
#: ... and the shapes worth a look count at most this much more than the least their number of
#: cells can (``beside_bound``): the target is within this many Tricks of the kinds bound.
FEW_SLACK = 3
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
    for shape, count in clusters(size - 1, limit - 1):
        cells = frozenset(shape)
        beside = {(r + dr, c + dc) for r, c in shape for dr, dc in STEPS} - cells
        candidates = {(r + dr, c + dc) for r, c in shape for dr, dc in _NEAR} - cells
        for cell in candidates:
            bigger_count = count + _growth(cells, beside, cell)
            if bigger_count <= limit:
                grown.setdefault(canonical_shape(cells | {cell}), bigger_count)
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


def _kinds(problem: Problem) -> tuple[list[int], list[int]]:
    """The matched cards of the kind with fewer of them, then of the other (Supporters first
    when even)."""
    matched = [i for i in range(problem.size) if problem.partners[i]]
    supporters = [i for i in matched if not problem.is_event[i]]
    events = [i for i in matched if problem.is_event[i]]
    return (supporters, events) if len(supporters) <= len(events) else (events, supporters)


def few_kind_fits(problem: Problem, target: int) -> bool:
    """True when the search is small enough to ask: at most FEW_CARDS cards of the few kind, and
    shapes within FEW_SLACK of the least count their number can have."""
    few, many = _kinds(problem)
    limit = 4 * len(few) + len(many) - target
    return 0 < len(few) <= FEW_CARDS and limit - beside_bound(len(few)) <= FEW_SLACK


def few_kind_reach(
    problem: Problem, target: int, deadline: float, node_limit: int | None = None
) -> tuple[bool | None, Layout | None]:
    """True when some arrangement in pieces has at least ``target`` Tricks, with such a layout
    (None when it breaks a rule option the problem carries: ``every_matched``); False when none
    has (so no connected one has either); None when ``deadline`` (time.monotonic) or
    ``node_limit`` nodes came first."""
    few, many = _kinds(problem)
    if target <= 0:
        apart = apart_layout(problem, [{(0, 0): i} for i in range(problem.size)])
        return True, apart if layout_is_legal(problem, apart) else None
    if not few:
        return False, None
    limit = 4 * len(few) + len(many) - target
    many_index = {card: k for k, card in enumerate(many)}
    # Per few card, its partners among the many as bits (bit k: many[k]).
    partner_bits = {card: sum(1 << many_index[p] for p in problem.partners[card]) for card in few}
    nodes = [0]
    try:
        for cells, _count in shapes(len(few), limit):
            found = _fill(problem, cells, few, many, partner_bits, target, deadline, node_limit, nodes)
            if found is not None:
                return True, found if layout_is_legal(problem, found) else None
    except OutOfTime:
        return None, None
    return False, None


def _fill(
    problem: Problem,
    cells: Shape,
    few: list[int],
    many: list[int],
    partner_bits: dict[int, int],
    target: int,
    deadline: float,
    node_limit: int | None,
    nodes: list[int],
) -> Layout | None:
    """The few cards assigned to ``cells`` every way that may reach ``target``; the layout of the
    first that does, or None."""
    taken = set(cells)
    # The cells beside the shape, and per cell the shape's cells around it (by index).
    beside: dict[Cell, list[int]] = {}
    for k, (r, c) in enumerate(cells):
        for dr, dc in STEPS:
            side = (r + dr, c + dc)
            if side not in taken:
                beside.setdefault(side, []).append(k)
    spots = sorted(beside)
    around = [beside[spot] for spot in spots]
    weight = [len(members) for members in around]
    order = _fill_order(len(cells), around)
    # Per step of ``order``, the beside cells next to that step's cell.
    next_to: list[list[int]] = [[s for s, members in enumerate(around) if k in members] for k in order]
    # Per beside cell: the many cards matching every few card assigned around it so far (bits);
    # a cell open to none is dead. And how many cells are alive, per count of few neighbours.
    open_to = [(1 << len(many)) - 1] * len(spots)
    alive = [0] * 5
    for w in weight:
        alive[w] += 1
    m = len(many)

    def upper() -> int:
        # The m heaviest cells alive.
        total, room = 0, m
        for w in (4, 3, 2, 1):
            take = min(room, alive[w])
            total += take * w
            room -= take
        return total

    assigned: list[int | None] = [None] * len(cells)
    used = [False] * len(few)

    def search(step: int) -> Layout | None:
        nodes[0] += 1
        if node_limit is not None and nodes[0] > node_limit:
            raise OutOfTime
        if nodes[0] % CLOCK_EVERY == 0 and time.monotonic() > deadline:
            raise OutOfTime
        if step == len(order):
            return _matched_layout(problem, cells, assigned, spots, weight, open_to, many, target)
        k = order[step]
        touched = next_to[step]
        saved = [open_to[s] for s in touched]
        for index, card in enumerate(few):
            if used[index]:
                continue
            bits = partner_bits[card]
            for s in touched:
                before = open_to[s]
                if before and not before & bits:
                    alive[weight[s]] -= 1
                open_to[s] = before & bits
            if upper() >= target:
                assigned[k], used[index] = card, True
                found = search(step + 1)
                assigned[k], used[index] = None, False
                if found is not None:
                    return found
            for s, before in zip(touched, saved, strict=True):
                if before and not open_to[s]:
                    alive[weight[s]] += 1
                open_to[s] = before
        return None

    if upper() < target:
        return None
    return search(0)


def _fill_order(size: int, around: list[list[int]]) -> list[int]:
    """The shape's cells in the order they get cards: each next the one sharing most beside
    cells with those before it (so that beside cells are closed, and die, early)."""
    shared = [[0] * size for _ in range(size)]
    for members in around:
        for i in members:
            for j in members:
                if i != j:
                    shared[i][j] += 1
    order = [max(range(size), key=lambda i: (sum(shared[i]), -i))]
    while len(order) < size:
        left = [i for i in range(size) if i not in order]
        order.append(max(left, key=lambda i: (sum(shared[i][j] for j in order), sum(shared[i]), -i)))
    return order


def _matching(weight: list[int], open_to: list[int]) -> tuple[int, dict[int, int]]:
    """The best matching of the many cards (bits) to the cells beside the placed few, each cell
    weighing its count of few neighbours: the heaviest cells first, each kept when an augmenting
    path still places every cell kept (the greedy is exact for weights on one side). The total
    and, per cell kept, its card."""
    order = sorted((s for s in range(len(open_to)) if open_to[s]), key=lambda s: -weight[s])
    holder: dict[int, int] = {}  # many index -> spot
    held: dict[int, int] = {}  # spot -> many index
    total = 0

    def augment(spot: int, seen: set[int]) -> bool:
        options = open_to[spot]
        while options:
            low = options & -options
            options ^= low
            card = low.bit_length() - 1
            if card in seen:
                continue
            seen.add(card)
            if card not in holder or augment(holder[card], seen):
                holder[card] = spot
                held[spot] = card
                return True
        return False

    for spot in order:
        if augment(spot, set()):
            total += weight[spot]
    return total, held


def _matched_layout(
    problem: Problem,
    cells: Shape,
    assigned: list[int | None],
    spots: list[Cell],
    weight: list[int],
    open_to: list[int],
    many: list[int],
    target: int,
) -> Layout | None:
    """The best matching (``_matching``) as a layout when it reaches ``target``."""
    total, held = _matching(weight, open_to)
    if total < target:
        return None
    layout: Layout = {cell: card for cell, card in zip(cells, assigned, strict=True) if card is not None}
    for spot, k in held.items():
        layout[spots[spot]] = many[k]
    placed = set(layout.values())
    rest = [{(0, 0): i} for i in range(problem.size) if i not in placed]
    return apart_layout(problem, [layout, *rest])
