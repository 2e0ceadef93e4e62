"""Join the pieces of an arrangement into one connected arrangement without losing a Trick.

Two pieces can always be moved so that exactly one pair of their cells touches: take the cell a
of piece A that is last on A's largest anti-diagonal (largest r + c, then largest r) and the
cell b of piece B that is first on B's smallest anti-diagonal (smallest r + c, then smallest r),
and put b directly below a. Every other cell of A has r + c below a's, or the same and a smaller
row; every other cell of B has r + c above b's, or the same and a larger row; so no other pair
touches. The join is legal when (a, b) is Supporter-Supporter, Event-Event or a matching pair; the
8 rotations and reflections of each piece give up to 64 such pairs to try. When none is legal, a
wider search tries every position of B beside A whose contacts are all legal.
"""

from __future__ import annotations

from solver.network.problem import Layout, Problem, around, cell_pieces, transform


def _oriented(piece: Layout, orientation: int) -> Layout:
    return {transform(cell, orientation): card for cell, card in piece.items()}


def _single_contact(problem: Problem, base: Layout, piece: Layout) -> Layout | None:
    """``base`` and ``piece`` joined at exactly one legal contact, or None."""
    for base_orientation in range(8):
        turned = _oriented(base, base_orientation)
        a = max(turned, key=lambda c: (c[0] + c[1], c[0]))
        for piece_orientation in range(8):
            moved = _oriented(piece, piece_orientation)
            b = min(moved, key=lambda c: (c[0] + c[1], c[0]))
            if not problem.compatible(turned[a], moved[b]):
                continue
            shift = (a[0] + 1 - b[0], a[1] - b[1])
            joined = dict(turned)
            for (r, c), card in moved.items():
                joined[(r + shift[0], c + shift[1])] = card
            return joined
    return None


def _any_contact(problem: Problem, base: Layout, piece: Layout) -> Layout | None:
    """``piece`` placed beside ``base`` anywhere every contact is legal, or None."""
    frontier = sorted({s for cell in base for s in around(cell) if s not in base})
    for orientation in range(8):
        moved = _oriented(piece, orientation)
        cells = sorted(moved)
        for spot in frontier:
            for anchor in cells:
                shift = (spot[0] - anchor[0], spot[1] - anchor[1])
                placed = {(r + shift[0], c + shift[1]): card for (r, c), card in moved.items()}
                if any(cell in base for cell in placed):
                    continue
                if all(
                    problem.compatible(card, base[other])
                    for cell, card in placed.items()
                    for other in around(cell)
                    if other in base
                ):
                    joined = dict(base)
                    joined.update(placed)
                    return joined
    return None


def glue(problem: Problem, layout: Layout) -> Layout | None:
    """One connected legal layout holding every piece of ``layout`` unchanged (up to rotation and
    reflection), so with at least its Tricks; None when some piece cannot be joined."""
    parts = cell_pieces(layout)
    if len(parts) <= 1:
        return dict(layout)
    pieces: list[Layout] = [{cell: layout[cell] for cell in part} for part in parts]
    pieces.sort(key=lambda p: (-len(p), min(p)))
    joined = pieces[0]
    for piece in pieces[1:]:
        step = _single_contact(problem, joined, piece) or _any_contact(problem, joined, piece)
        if step is None:
            return None
        joined = step
    return joined



