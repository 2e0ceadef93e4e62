"""An upper bound by embedding the match graph: can the cards, allowed in several pieces, make
at least t Tricks?

Every Trick is an edge of the match graph (a Supporter and an Event that lists it) laid edge to
edge. With m matching pairs, t Tricks leave at most m - t pairs apart. This search lays the
matched cards out one at a time, in breadth-first order of the match graph, each either beside
a partner already laid or as the first card of a new piece, and gives up a branch as soon as more
than m - t pairs are certainly apart. Cards with no partner never make a Trick and are left out.

Its answer "no" is a proof for every rule set: a legal connected arrangement is in particular an
arrangement in pieces. When the gap between the best arrangement found and the cheap bound is
one or two Tricks, the search is small (few pairs may be left apart), which is exactly where the
CP-SAT models struggle to prove the last Trick.
"""

from __future__ import annotations

import time
from collections import deque

from solver.tricks_problem import Cell, Problem, around

#: How many search nodes between two looks at the clock.
CLOCK_EVERY = 2048


class _OutOfTime(Exception):
    pass


def _sides(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    row, col = cell
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


def _order(problem: Problem, matched: list[int]) -> list[int]:
    """Breadth-first order over the match graph, each component from its busiest card."""
    left = set(matched)
    order: list[int] = []
    while left:
        start = max(sorted(left), key=lambda i: len(problem.partners[i]))
        left.discard(start)
        queue = deque([start])
        while queue:
            card = queue.popleft()
            order.append(card)
            for other in sorted(problem.partners[card], key=lambda j: -len(problem.partners[j])):
                if other in left:
                    left.discard(other)
                    queue.append(other)
    return order


def pieces_reach(
    problem: Problem, target: int, deadline: float, node_limit: int | None = None
) -> bool | None:
    """True when some arrangement of the cards, each piece legal, has at least ``target``
    Tricks; False when none has; None when ``deadline`` (time.monotonic) or ``node_limit``
    search nodes came first (a node limit keeps the answer the same on every machine)."""
    pairs = problem.pair_count()
    budget = pairs - target
    if budget < 0:
        return False
    matched = [i for i in range(problem.size) if problem.partners[i]]
    order = _order(problem, matched)
    position: dict[int, tuple[int, Cell]] = {}
    boards: list[dict[Cell, int]] = []
    # Pairs already counted as apart: a card put off (see below) pays for every partner laid
    # so far, at once.
    paid: set[tuple[int, int]] = set()
    nodes = [0]

    def pair(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def unpaid_laid(card: int) -> list[int]:
        return [p for p in problem.partners[card] if p in position and pair(card, p) not in paid]

    partners = problem.partners
    compatible = problem.compatible

    def forced_apart(room: int) -> int:
        # Pairs of a laid and an unlaid card that must lie apart, counted two ways (the larger
        # count holds): a laid card with more partners to come than free sides leaves the rest
        # apart; an unlaid card borders from one cell at most the laid partners around that cell.
        # Stops counting once the count exceeds ``room``.
        by_laid = 0
        reach: dict[int, list[int]] = {}
        for card, (piece, cell) in position.items():
            waiting = [p for p in partners[card] if p not in position and pair(card, p) not in paid]
            if waiting:
                board = boards[piece]
                free = sum(1 for n in _sides(cell) if n not in board)
                if len(waiting) > free:
                    by_laid += len(waiting) - free
                for p in waiting:
                    reach.setdefault(p, []).append(card)
        if by_laid > room:
            return by_laid
        by_unlaid = 0
        for card, laid in reach.items():
            if len(laid) == 1:
                continue
            best = 0
            for partner in laid:
                piece, anchor = position[partner]
                board = boards[piece]
                for cell in _sides(anchor):
                    if cell in board:
                        continue
                    covered = 0
                    for n in _sides(cell):
                        other = board.get(n)
                        if other is None:
                            continue
                        if not compatible(card, other):
                            covered = -1
                            break
                        if other in laid:
                            covered += 1
                    if covered > best:
                        best = covered
                if best == len(laid):
                    break
            by_unlaid += len(laid) - best
            if by_unlaid > room:
                break
        return by_laid if by_laid > by_unlaid else by_unlaid

    def lay(card: int, piece: int, cell: Cell, apart: int) -> bool:
        boards[piece][cell] = card
        position[card] = (piece, cell)
        if search(apart):
            return True
        del boards[piece][cell]
        del position[card]
        return False

    def search(apart: int) -> bool:
        nodes[0] += 1
        if node_limit is not None and nodes[0] > node_limit:
            raise _OutOfTime
        if nodes[0] % CLOCK_EVERY == 0 and time.monotonic() > deadline:
            raise _OutOfTime
        if apart + forced_apart(budget - apart) > budget:
            return False
        waiting = [c for c in order if c not in position]
        if not waiting:
            return True
        # The first card with a laid partner it has not given up: it goes beside one of them,
        # or it is put off (it will border none of them: those pairs are apart from now on).
        card = next((c for c in waiting if unpaid_laid(c)), None)
        if card is None:
            # Nothing left to lay beside the pieces: the first card left starts a new piece.
            boards.append({})
            found = lay(waiting[0], len(boards) - 1, (0, 0), apart)
            boards.pop()
            return found
        laid = unpaid_laid(card)
        tried: set[tuple[int, Cell]] = set()
        for partner in laid:
            piece, anchor = position[partner]
            board = boards[piece]
            for cell in around(anchor):
                if cell in board or (piece, cell) in tried:
                    continue
                tried.add((piece, cell))
                if len(board) == 1 and cell != (anchor[0], anchor[1] + 1):
                    continue  # a piece of one card: the second goes to its right (rotations)
                if cell[0] < 0 and all(r == 0 for r, _ in board):
                    continue  # while the piece is one row, the first card off it goes below (mirror)
                if any(n in board and not problem.compatible(card, board[n]) for n in around(cell)):
                    continue
                sides = set(around(cell))
                beside = sum(1 for p in laid if position[p][0] == piece and position[p][1] in sides)
                cost = len(laid) - beside
                if apart + cost <= budget and lay(card, piece, cell, apart + cost):
                    return True
        if apart + len(laid) <= budget:
            newly = [pair(card, p) for p in laid]
            paid.update(newly)
            if search(apart + len(laid)):
                return True
            paid.difference_update(newly)
        return False

    try:
        return search(0)
    except _OutOfTime:
        return None
