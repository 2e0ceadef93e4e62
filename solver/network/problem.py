"""The Locked Network as the solver sees it: cards by index, kinds, matches, and classes of
interchangeable cards; layouts as ``{cell: card index}``.

Cards with the same kind and the same matching partners inside this network are
interchangeable: any layout stays legal and keeps its Tricks when two of them swap cells. The
exact searches work on such classes, which removes that symmetry entirely.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from model.whitehouse.network.arrangement import EVENT, SUPPORTER, Arrangement, CardRef, Network, Placement

Cell = tuple[int, int]
Layout = dict[Cell, int]

#: The four edge directions of the grid (never the corners).
STEPS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


def around(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing an edge with ``cell``, in STEPS's order (a tuple, not a generator:
    the searches ask for millions)."""
    row, col = cell
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


@dataclass(frozen=True)
class Problem:
    """A network by card index: index order is the network's own (Supporters, then Events)."""

    #: The network's cards, index i is card i.
    cards: tuple[CardRef, ...]
    #: True for an Event, False for a Supporter.
    is_event: tuple[bool, ...]
    #: The indices of the cards each card matches (other kind, listed).
    partners: tuple[frozenset[int], ...]
    #: The class of each card (cards of one class are interchangeable).
    class_of: tuple[int, ...]
    #: The members of each class, in index order; classes ordered by their first member.
    classes: tuple[tuple[int, ...], ...]
    #: Rule option ``every_card_matched``: every card must border a card it matches.
    every_matched: bool = False

    @property
    def size(self) -> int:
        return len(self.cards)

    def compatible(self, a: int, b: int) -> bool:
        """True when cards a and b may share a border (same kind, or matching)."""
        return self.is_event[a] == self.is_event[b] or b in self.partners[a]

    def class_is_event(self, k: int) -> bool:
        return self.is_event[self.classes[k][0]]

    def class_partners(self, k: int) -> frozenset[int]:
        """The classes matching class k."""
        return frozenset(self.class_of[j] for j in self.partners[self.classes[k][0]])

    def pair_count(self) -> int:
        return sum(len(p) for p in self.partners) // 2

    def subproblem(self, members: Iterable[int]) -> Problem:
        """The problem restricted to some cards (re-indexed in their order)."""
        chosen = sorted(members)
        index = {old: new for new, old in enumerate(chosen)}
        partners = tuple(frozenset(index[j] for j in self.partners[i] if j in index) for i in chosen)
        sub = _finish(tuple(self.cards[i] for i in chosen), tuple(self.is_event[i] for i in chosen), partners)
        return replace(sub, every_matched=self.every_matched)


def _finish(cards: tuple[CardRef, ...], is_event: tuple[bool, ...], partners: tuple[frozenset[int], ...]) -> Problem:
    keys: dict[tuple[bool, frozenset[int]], int] = {}
    class_of = []
    members: list[list[int]] = []
    for i in range(len(cards)):
        key = (is_event[i], partners[i])
        if key not in keys:
            keys[key] = len(members)
            members.append([])
        class_of.append(keys[key])
        members[keys[key]].append(i)
    return Problem(cards, is_event, partners, tuple(class_of), tuple(tuple(m) for m in members))


def build_problem(network: Network, every_matched: bool = False) -> Problem:
    """Index the cards of a network and find who matches whom."""
    cards = tuple(network.cards())
    is_event = tuple(card.kind == EVENT for card in cards)
    supporter_index = {card.id: i for i, card in enumerate(cards) if card.kind == SUPPORTER}
    links: list[set[int]] = [set() for _ in cards]
    for i, card in enumerate(cards):
        if card.kind != EVENT:
            continue
        for supporter_id in network.event(card.id).supporters:
            j = supporter_index.get(supporter_id)
            if j is not None:
                links[i].add(j)
                links[j].add(i)
    return replace(_finish(cards, is_event, tuple(frozenset(s) for s in links)), every_matched=every_matched)


def match_components(problem: Problem) -> list[list[int]]:
    """The groups of cards joined by matches (each sorted; isolated cards are groups of one)."""
    seen: set[int] = set()
    groups = []
    for start in range(problem.size):
        if start in seen:
            continue
        seen.add(start)
        group, queue = [start], deque([start])
        while queue:
            for other in problem.partners[queue.popleft()]:
                if other not in seen:
                    seen.add(other)
                    group.append(other)
                    queue.append(other)
        groups.append(sorted(group))
    return groups


def layout_tricks(problem: Problem, layout: Layout) -> int:
    """The matching borders of a layout."""
    total = 0
    for (row, col), card in layout.items():
        for other_cell in ((row, col + 1), (row + 1, col)):
            other = layout.get(other_cell)
            if other is not None and other in problem.partners[card]:
                total += 1
    return total


def layout_is_legal(problem: Problem, layout: Layout) -> bool:
    """No border between a Supporter and an Event that does not list it (and, with
    ``every_matched``, every card beside a card it matches)."""
    for (row, col), card in layout.items():
        for other_cell in ((row, col + 1), (row + 1, col)):
            other = layout.get(other_cell)
            if other is not None and not problem.compatible(card, other):
                return False
    return keeps_rules(problem, layout)


def all_matched(problem: Problem, layout: Layout) -> bool:
    """Every card of the layout borders a card it matches."""
    for cell, card in layout.items():
        partners = problem.partners[card]
        if not any(layout.get(other) in partners for other in around(cell)):
            return False
    return True


def keeps_rules(problem: Problem, layout: Layout | None) -> bool:
    """The layout meets the rule options the problem carries beyond legality and connectivity
    (a quick test for candidate layouts of the heuristics)."""
    return layout is not None and (not problem.every_matched or all_matched(problem, layout))


def cell_pieces(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The edge-connected pieces of a set of cells, each sorted, in order of first cell.

    ``model.whitehouse.network.arrangement.pieces`` does the same for the checker; it is kept apart on purpose, so that
    a fault in one cannot hide from the other."""
    unseen = set(cells)
    found = []
    for start in sorted(unseen):
        if start not in unseen:
            continue
        unseen.discard(start)
        piece, queue = [start], deque([start])
        while queue:
            for other in around(queue.popleft()):
                if other in unseen:
                    unseen.discard(other)
                    piece.append(other)
                    queue.append(other)
        found.append(sorted(piece))
    return found


def is_connected(cells: Iterable[Cell]) -> bool:
    return len(cell_pieces(cells)) <= 1


def normalise(layout: Layout) -> Layout:
    """The layout moved so that its top row and left column are 0."""
    if not layout:
        return {}
    top = min(r for r, _ in layout)
    left = min(c for _, c in layout)
    return {(r - top, c - left): card for (r, c), card in sorted(layout.items())}


def canonical_within_classes(problem: Problem, layout: Layout) -> Layout:
    """Give interchangeable cards their cells in index order (cells in row-major order), so that
    equal layouts up to such swaps come out identical."""
    by_class: dict[int, list[Cell]] = {}
    for cell, card in layout.items():
        by_class.setdefault(problem.class_of[card], []).append(cell)
    result: Layout = {}
    for k, cells in by_class.items():
        for cell, card in zip(sorted(cells), problem.classes[k], strict=False):
            result[cell] = card
    return dict(sorted(result.items()))


def transform(cell: Cell, orientation: int) -> Cell:
    """One of the 8 rotations and reflections of the grid (orientation 0 is the identity)."""
    row, col = cell
    if orientation & 4:
        row, col = col, row
    if orientation & 1:
        row = -row
    if orientation & 2:
        col = -col
    return (row, col)


def canonical_shape(cells: Collection[Cell]) -> tuple[Cell, ...]:
    """The cells under the rotation or reflection that sorts them first, moved to row 0 and
    column 0, so that congruent shapes compare equal (with lists, not ``transform``: the shape
    searches ask for it tens of thousands of times)."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    best: tuple[Cell, ...] | None = None
    for first, second in ((rows, cols), (cols, rows)):
        for sign_r in (1, -1):
            xs = [sign_r * x for x in first]
            low_x = min(xs)
            xs = [x - low_x for x in xs]
            for sign_c in (1, -1):
                ys = [sign_c * y for y in second]
                low_y = min(ys)
                form = tuple(sorted(zip(xs, [y - low_y for y in ys], strict=True)))
                if best is None or form < best:
                    best = form
    assert best is not None, "a shape has at least one cell"
    return best


def to_arrangement(problem: Problem, layout: Layout) -> Arrangement:
    """A normalised model arrangement of a layout."""
    placements = (
        Placement(problem.cards[card], row, col) for (row, col), card in normalise(layout).items()
    )
    return Arrangement(tuple(sorted(placements, key=lambda p: (p.row, p.col))))


def line_layout(problem: Problem) -> Layout | None:
    """A connected legal layout when one exists: every Supporter in a row, then one matching
    pair in the middle, then every Event. None when the network holds both kinds but no match."""
    supporters = [i for i in range(problem.size) if not problem.is_event[i]]
    events = [i for i in range(problem.size) if problem.is_event[i]]
    if supporters and events:
        pair = next(((s, e) for s in supporters for e in sorted(problem.partners[s])), None)
        if pair is None:
            return None
        s, e = pair
        order = [x for x in supporters if x != s] + [s, e] + [x for x in events if x != e]
    else:
        order = supporters + events
    return {(0, col): card for col, card in enumerate(order)}


def apart_layout(problem: Problem, groups: list[Layout]) -> Layout:
    """Place several layouts side by side, one empty column between neighbours, so that no two
    touch (used when the network may be in pieces)."""
    result: Layout = {}
    left = 0
    for group in groups:
        if not group:
            continue
        group = normalise(group)
        width = max(c for _, c in group) + 1
        for (r, c), card in group.items():
            result[(r, c + left)] = card
        left += width + 1
    return result
