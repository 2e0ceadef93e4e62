"""An exact search of our own, independent of CP-SAT: it grows arrangements cell by cell.

Cells are added in Redelmeier's order (each fixed polyomino is generated exactly once: a cell,
once passed over, is never used again below that point), and each new cell receives a class of
interchangeable cards, so labellings that only swap such cards are never generated twice. A
partial arrangement is dropped as soon as a card borders an incompatible one, or when even an
optimistic count of the Tricks still to come cannot beat the best total known.

With ``pieces=True`` the arrangement may be in several pieces (rule option ``connected`` off):
at any point the current piece may be closed and a new one started, far away, with the cards
left.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from model.common.errors import OutOfTime
from solver.network.bounds import SIDES, edge_bound
from solver.network.nodes import count_nodes
from solver.network.problem import Cell, Layout, Problem, apart_layout
from solver.network.settings import DEFAULT_SETTINGS, Settings

#: A test on a complete arrangement by classes (its pieces, each ``{cell: class}``).
Accept = Callable[[list[dict[Cell, int]]], bool]


@dataclass(frozen=True)
class ExactResult:
    """What the exact search proved."""

    #: The best total found above ``better_than`` (or ``better_than`` when none was found).
    value: int
    #: A layout reaching ``value``, or None when none above ``better_than`` was found.
    layout: Layout | None
    #: True when the search ran to the end (``value`` is then the maximum, or no arrangement
    #: beats ``better_than``).
    complete: bool


class _Search:
    def __init__(
        self,
        problem: Problem,
        better_than: int,
        upper: int,
        deadline: float,
        pieces: bool,
        node_limit: int | None,
        accept: Accept | None = None,
        clock_every: int = DEFAULT_SETTINGS.exact_clock_every,
    ):
        self.accept = accept
        self.clock_every = clock_every
        self.node_limit = node_limit
        self.problem = problem
        self.n = problem.size
        classes = range(len(problem.classes))
        partner_classes = [problem.class_partners(k) for k in classes]
        kinds = [problem.class_is_event(k) for k in classes]
        #: compat[k][o]: classes k and o may border; gain[k][o]: they match.
        self.compat = [[kinds[k] == kinds[o] or o in partner_classes[k] for o in classes] for k in classes]
        self.gain = [[1 if o in partner_classes[k] else 0 for o in classes] for k in classes]
        self.partner_classes = [sorted(partner_classes[k]) for k in classes]
        #: Matching (Supporter class, Event class) pairs.
        self.class_pairs = [(k, o) for k in classes for o in partner_classes[k] if not kinds[k]]
        #: The Tricks each placed cell of the current piece already makes.
        self.counts: dict[Cell, int] = {}
        self.cap = [min(SIDES, len(problem.partners[problem.classes[k][0]])) for k in classes]
        self.remaining = [len(m) for m in problem.classes]
        self.capacity_left = sum(r * c for r, c in zip(self.remaining, self.cap, strict=False))
        self.best = better_than
        self.best_layouts: list[dict[Cell, int]] | None = None
        self.upper = upper
        self.deadline = deadline
        self.nodes = 0
        self.pieces_allowed = pieces
        self.edge_limit = edge_bound(self.n)
        # The pieces closed so far and the current one.
        self.closed: list[dict[Cell, int]] = []
        self.closed_tricks = 0
        self.closed_adjacent = 0
        self.layout: dict[Cell, int] = {}
        self.tricks = 0
        self.adjacent = 0
        self.seen: set[Cell] = set()

    # The optimistic total: what is scored plus what the cards left could still add. A new
    # Trick joins two unplaced cards (using two of their free capacities) or an unplaced card
    # and a placed one with a free side, a partner left and capacity left; so the new Tricks
    # are at most half the unplaced capacity plus the placed cards' open capacity.
    def _optimistic(self) -> int:
        scored = self.closed_tricks + self.tricks
        layout, counts, cap, remaining, partner_classes = (
            self.layout, self.counts, self.cap, self.remaining, self.partner_classes
        )
        open_capacity = 0
        for (row, col), k in layout.items():
            room = cap[k] - counts[(row, col)]
            if room <= 0:
                continue
            free = 0
            for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if other not in layout and (other[0] > 0 or (other[0] == 0 and other[1] >= 0)):
                    free += 1
            if free < room:
                room = free
            if room:
                left = sum(remaining[o] for o in partner_classes[k])
                open_capacity += room if left >= room else left
        by_sides = (self.capacity_left + open_capacity) // 2
        # New Tricks between two unplaced cards are at most their matching pairs.
        among_unplaced = 0
        for k, o in self.class_pairs:
            among_unplaced += remaining[k] * remaining[o]
        if among_unplaced + open_capacity < by_sides:
            by_sides = among_unplaced + open_capacity
        by_cells = self.edge_limit - self.closed_adjacent - self.adjacent
        if not self.pieces_allowed:
            # n cells over R rows and C columns have at most 2n - R - C neighbours.
            rows = {r for r, _ in layout}
            cols = {c for _, c in layout}
            spread = 2 * self.n - (max(rows) - min(rows) + 1) - (max(cols) - min(cols) + 1)
            if spread - self.adjacent < by_cells:
                by_cells = spread - self.adjacent
        return scored + min(by_sides, by_cells)

    def run(self) -> None:
        self._start_piece()

    def _start_piece(self) -> None:
        self.seen = {(0, 0)}
        self._grow([(0, 0)], placed=len(self.layout))

    def _matched(self, piece: dict[Cell, int]) -> bool:
        gain = self.gain
        for (row, col), k in piece.items():
            if not any(
                other in piece and gain[k][piece[other]]
                for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            ):
                return False
        return True

    def _finish(self) -> None:
        total = self.closed_tricks + self.tricks
        if total > self.best and self.problem.every_matched:
            if not all(self._matched(piece) for piece in self.closed + [self.layout]):
                return
        if total > self.best and self.accept is not None and not self.accept(self.closed + [self.layout]):
            return
        if total > self.best:
            self.best = total
            self.best_layouts = [dict(p) for p in self.closed] + [dict(self.layout)]
            if self.best >= self.upper:
                raise _Done

    def _close_piece(self) -> None:
        """Set the current piece aside and grow a new one from the cards left."""
        saved = (self.layout, self.tricks, self.adjacent, self.seen, self.counts)
        self.closed.append(self.layout)
        self.closed_tricks += self.tricks
        self.closed_adjacent += self.adjacent
        self.layout, self.tricks, self.adjacent, self.counts = {}, 0, 0, {}
        self._start_piece()
        self.closed.pop()
        self.layout, self.tricks, self.adjacent, self.seen, self.counts = saved
        self.closed_tricks -= self.tricks
        self.closed_adjacent -= self.adjacent

    def _grow(self, untried: list[Cell], placed: int) -> None:
        untried = list(untried)
        compat, gain, cap, remaining = self.compat, self.gain, self.cap, self.remaining
        layout, counts = self.layout, self.counts
        while untried:
            cell = untried.pop()
            row, col = cell
            new = []
            for other in ((row + 1, col), (row, col + 1), (row, col - 1), (row - 1, col)):
                if (other[0] > 0 or (other[0] == 0 and other[1] >= 0)) and other not in self.seen:
                    new.append(other)
            for other in new:
                self.seen.add(other)
            around_cells = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            touching = [layout[o] for o in around_cells if o in layout]
            options = []
            for k, left in enumerate(remaining):
                if not left:
                    continue
                if all(compat[k][o] for o in touching):
                    options.append((-sum(gain[k][o] for o in touching), k))
            options.sort()
            for negative_gain, k in options:
                self.nodes += 1
                if self.nodes % self.clock_every == 0 and (
                    time.monotonic() > self.deadline or (self.node_limit is not None and self.nodes > self.node_limit)
                ):
                    raise OutOfTime
                remaining[k] -= 1
                self.capacity_left -= cap[k]
                self.tricks -= negative_gain
                self.adjacent += len(touching)
                layout[cell] = k
                counts[cell] = -negative_gain
                for o in around_cells:
                    if o in layout and gain[k][layout[o]]:
                        counts[o] += 1
                if placed + 1 + sum(len(p) for p in self.closed) == self.n:
                    self._finish()
                elif self._optimistic() > self.best:
                    self._grow(untried + new, placed + 1)
                    if self.pieces_allowed and self._optimistic() > self.best:
                        self._close_piece()
                for o in around_cells:
                    if o in layout and gain[k][layout[o]]:
                        counts[o] -= 1
                del counts[cell]
                del layout[cell]
                self.adjacent -= len(touching)
                self.tricks += negative_gain
                self.capacity_left += cap[k]
                remaining[k] += 1
            for other in new:
                self.seen.discard(other)


class _Done(Exception):
    pass


def exact_search(
    problem: Problem,
    better_than: int,
    upper: int,
    deadline: float,
    pieces: bool = False,
    node_limit: int | None = None,
    accept: Accept | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> ExactResult:
    """The best arrangement with more than ``better_than`` Tricks (stopping early at ``upper``),
    connected unless ``pieces``; ``complete`` is False when the deadline (or the node limit,
    which keeps the outcome independent of the machine's speed) came first. ``accept``, when
    given, must also hold for an arrangement to count."""
    if problem.size == 0 or better_than >= upper:
        return ExactResult(better_than, None, True)
    search = _Search(problem, better_than, upper, deadline, pieces, node_limit, accept, settings.exact_clock_every)
    complete = True
    try:
        search.run()
    except _Done:
        pass
    except OutOfTime:
        complete = False
    count_nodes(search.nodes)
    if search.best_layouts is None:
        return ExactResult(better_than, None, complete)
    return ExactResult(search.best, _to_cards(problem, search.best_layouts), complete)


def _to_cards(problem: Problem, pieces: list[dict[Cell, int]]) -> Layout:
    """Turn class layouts into card layouts (members of a class in index order, cells in
    row-major order) and set pieces apart."""
    groups = []
    next_member = [0] * len(problem.classes)
    for piece in pieces:
        group: Layout = {}
        for cell in sorted(piece):
            k = piece[cell]
            group[cell] = problem.classes[k][next_member[k]]
            next_member[k] += 1
        groups.append(group)
    return apart_layout(problem, groups) if len(groups) > 1 else groups[0]
