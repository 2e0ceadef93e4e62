"""A brute-force reference for the Trick total of a small Locked Network.

Independent of the solver by design (it imports nothing from ``solver``): it reads the network
through ``model.whitehouse.network.arrangement`` and tries every shape and every assignment of cards to its cells.

- Connected networks: every legal arrangement occupies a polyomino. Rotating or reflecting an
  arrangement keeps every border, so trying each free polyomino once (or, as a cross-check, each
  fixed polyomino) covers all arrangements.
- Networks allowed in several pieces: each piece is a connected arrangement of its own cards, and
  pieces laid far apart share no border, so the total is the best sum over partitions of the cards
  into groups, each group arranged connected. Single cards are always legal, so such a network
  always has a legal arrangement.

The tests use it up to 7 cards; it still answers most networks of 8 to 10 cards within seconds.
Speed comes from two exact reductions: cards with the same kind and the same matching partners
are interchangeable (only the multiset of such classes is assigned), and a partial assignment is
abandoned as soon as it places a non-matching Supporter beside an Event, or cannot beat the best
total found even if every remaining border of the shape became a Trick.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import cache
from typing import Literal

from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    CardRef,
    Event,
    Network,
    Placement,
    Supporter,
    TricksRules,
)

Cell = tuple[int, int]
Shape = tuple[Cell, ...]
ShapeKind = Literal["free", "fixed"]

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class OracleTimeout(Exception):
    """The oracle ran past the deadline it was given."""


# --- shapes -----------------------------------------------------------------------------------


def _translate(cells: Iterable[Cell]) -> Shape:
    """The cells moved so that the top row and the left column are 0, sorted."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _symmetries(cells: Shape) -> list[Shape]:
    """The eight images of a shape under the rotations and reflections of the square."""
    images = []
    for flip in (False, True):
        current = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            images.append(_translate(current))
    return images


def _canonical_free(cells: Shape) -> Shape:
    return min(_symmetries(cells))


@cache
def fixed_polyominoes(size: int) -> tuple[Shape, ...]:
    """Every polyomino of ``size`` cells up to translation (OEIS A001168)."""
    if size <= 0:
        return ((),) if size == 0 else ()
    if size == 1:
        return (((0, 0),),)
    grown = set()
    for shape in fixed_polyominoes(size - 1):
        occupied = set(shape)
        for r, c in shape:
            for dr, dc in _STEPS:
                cell = (r + dr, c + dc)
                if cell not in occupied:
                    grown.add(_translate(occupied | {cell}))
    return tuple(sorted(grown))


@cache
def free_polyominoes(size: int) -> tuple[Shape, ...]:
    """Every polyomino of ``size`` cells up to translation, rotation and reflection (A000105)."""
    if size <= 0:
        return ((),) if size == 0 else ()
    return tuple(sorted({_canonical_free(shape) for shape in fixed_polyominoes(size)}))


def shapes(size: int, kind: ShapeKind = "free") -> tuple[Shape, ...]:
    return free_polyominoes(size) if kind == "free" else fixed_polyominoes(size)


@cache
def _search_plan(shape: Shape) -> tuple[tuple[Cell, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Cells in breadth-first order (each cell after the first borders an earlier one), for each
    cell the positions of its earlier neighbours, and for each position the number of borders
    not yet decided once the cells before it are filled."""
    occupied = set(shape)
    order = [shape[0]]
    seen = {shape[0]}
    index = 0
    while index < len(order):
        r, c = order[index]
        index += 1
        for dr, dc in _STEPS:
            cell = (r + dr, c + dc)
            if cell in occupied and cell not in seen:
                seen.add(cell)
                order.append(cell)
    position = {cell: i for i, cell in enumerate(order)}
    earlier = []
    for i, (r, c) in enumerate(order):
        earlier.append(
            tuple(
                sorted(
                    position[(r + dr, c + dc)]
                    for dr, dc in _STEPS
                    if (r + dr, c + dc) in position and position[(r + dr, c + dc)] < i
                )
            )
        )
    # open_after[i]: borders whose later cell sits at position i or beyond.
    per_cell = [len(e) for e in earlier]
    open_after = [sum(per_cell[i:]) for i in range(len(order) + 1)]
    return tuple(order), tuple(earlier), tuple(open_after)


# --- cards ------------------------------------------------------------------------------------


def _card_classes(network: Network, cards: list[CardRef]) -> tuple[list[list[CardRef]], list[list[int]]]:
    """Group ``cards`` into classes of interchangeable cards (same kind, same partners among
    ``cards``) and return them with a score table: ``score[a][b]`` is -1 when a card of class a
    may not border one of class b, 1 when the border is a Trick, 0 when it is allowed and worth
    nothing."""
    supporter_ids = {card.id for card in cards if card.kind == SUPPORTER}
    listed = {card.id: network.event(card.id).supporters & supporter_ids for card in cards if card.kind == EVENT}

    def partners(card: CardRef) -> tuple:
        if card.kind == EVENT:
            return (EVENT, frozenset(listed[card.id]))
        return (SUPPORTER, frozenset(str(event) for event, ids in listed.items() if card.id in ids))

    groups: dict[tuple, list[CardRef]] = {}
    for card in cards:
        groups.setdefault(partners(card), []).append(card)
    classes = list(groups.values())

    def pair_score(a: CardRef, b: CardRef) -> int:
        if a.kind == b.kind:
            return 0
        supporter, event = (a, b) if a.kind == SUPPORTER else (b, a)
        return 1 if supporter.id in listed[event.id] else -1

    score = [[pair_score(x[0], y[0]) for y in classes] for x in classes]
    return classes, score


def _check_deadline(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise OracleTimeout()


def _all_matched(network: Network, layout: dict[Cell, CardRef]) -> bool:
    return all(
        any(other in layout and network.matches(card, layout[other]) for other in
            ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))
        for (r, c), card in layout.items()
    )


def _best_connected(
    network: Network, cards: list[CardRef], kind: ShapeKind, deadline: float | None, matched: bool = False
) -> tuple[int, dict[Cell, CardRef]] | None:
    """The most Tricks of ``cards`` arranged as one connected piece, and a layout reaching it;
    None when they have no legal connected arrangement (with ``matched``: none in which every
    card borders a card it matches)."""
    if not cards:
        return 0, {}
    if matched and any(not any(network.matches(a, b) for b in cards) for a in cards):
        return None  # a card without a partner here can never border one
    classes, score = _card_classes(network, cards)
    pairs_cap = sum(1 for a in cards for b in cards if a.kind == SUPPORTER and network.matches(a, b))
    n_classes = len(classes)
    best_total = -1
    best_layout: dict[Cell, CardRef] | None = None
    visited = 0
    # Shapes with more borders first: a high total found early prunes the rest harder.
    candidates = sorted(shapes(len(cards), kind), key=lambda s: -_search_plan(s)[2][0])
    for shape in candidates:
        order, earlier, open_after = _search_plan(shape)
        if open_after[0] <= best_total:
            continue
        remaining = [len(group) for group in classes]
        chosen = [0] * len(order)
        size = len(order)

        def extend(position: int, tricks: int) -> None:
            nonlocal best_total, best_layout, visited
            visited += 1
            if deadline is not None and not visited % 4096:
                _check_deadline(deadline)
            if position == size:
                if tricks > best_total:
                    used = [0] * n_classes
                    layout = {}
                    for cell, cls in zip(order, chosen, strict=False):
                        layout[cell] = classes[cls][used[cls]]
                        used[cls] += 1
                    if matched and not _all_matched(network, layout):
                        return
                    best_total = tricks
                    best_layout = layout
                return
            if tricks + open_after[position] <= best_total:
                return
            for cls in range(n_classes):
                if not remaining[cls]:
                    continue
                gained = 0
                row = score[cls]
                for other in earlier[position]:
                    value = row[chosen[other]]
                    if value < 0:
                        break
                    gained += value
                else:
                    remaining[cls] -= 1
                    chosen[position] = cls
                    extend(position + 1, tricks + gained)
                    remaining[cls] += 1
                    if best_total >= pairs_cap:
                        return

        _check_deadline(deadline)
        extend(0, 0)
        if best_total >= pairs_cap:
            break
    if best_layout is None:
        return None
    return best_total, best_layout


# --- public entry points ----------------------------------------------------------------------


def oracle_solve(
    network: Network,
    rules: TricksRules = TricksRules(),
    kind: ShapeKind = "free",
    deadline: float | None = None,
) -> tuple[int, Arrangement] | None:
    """The maximum Trick total of ``network`` under ``rules`` and an arrangement reaching it, or
    None when no legal arrangement exists. ``deadline`` (a ``time.monotonic()`` value) raises
    OracleTimeout when passed."""
    cards = network.cards()
    matched = rules.every_card_matched
    if rules.connected:
        found = _best_connected(network, cards, kind, deadline, matched)
        if found is None:
            return None
        total, layout = found
        return total, _as_arrangement(layout.items())

    # Several pieces allowed: best[mask] is the best sum over partitions of the cards in mask.
    count = len(cards)
    piece: dict[int, tuple[int, dict[Cell, CardRef]] | None] = {}

    def piece_of(mask: int):
        if mask not in piece:
            members = [cards[i] for i in range(count) if mask >> i & 1]
            piece[mask] = _best_connected(network, members, kind, deadline, matched)
        return piece[mask]

    best: dict[int, tuple[int, list[dict[Cell, CardRef]]] | None] = {0: (0, [])}
    for mask in range(1, 1 << count):
        lowest = mask & -mask
        rest_of = mask ^ lowest
        top: tuple[int, list[dict[Cell, CardRef]]] | None = None
        # Every block containing the lowest card of mask, then the best of what is left.
        sub = rest_of
        while True:
            block = sub | lowest
            found = piece_of(block)
            rest = best[mask ^ block]
            if found is not None and rest is not None:
                rest_total, rest_layouts = rest
                total = found[0] + rest_total
                if top is None or total > top[0]:
                    top = (total, [found[1]] + rest_layouts)
            if sub == 0:
                break
            sub = (sub - 1) & rest_of
        assert top is not None or matched, "a single card is always a legal piece"
        best[mask] = top
    whole = best[(1 << count) - 1]
    if whole is None:
        return None
    total, layouts = whole
    # Lay the pieces side by side with an empty column between them, so that none touch.
    placed: list[tuple[Cell, CardRef]] = []
    offset = 0
    for layout in layouts:
        width = max(c for _, c in layout) + 1
        placed.extend(((r, c + offset), card) for (r, c), card in layout.items())
        offset += width + 1
    return total, _as_arrangement(placed)


def oracle_max_tricks(
    network: Network, rules: TricksRules = TricksRules(), kind: ShapeKind = "free"
) -> int | None:
    """The maximum Trick total of ``network`` under ``rules``, or None when it has no legal
    arrangement."""
    found = oracle_solve(network, rules, kind)
    return None if found is None else found[0]


def _as_arrangement(cells: Iterable[tuple[Cell, CardRef]]) -> Arrangement:
    return Arrangement(tuple(Placement(card, r, c) for (r, c), card in cells)).normalized()


def network_of(supporters: Iterable[int], events: dict[int | str, Iterable[int]]) -> Network:
    """A network from Supporter IDs and a mapping Event ID -> listed Supporter IDs."""
    return Network(
        tuple(Supporter(s) for s in supporters),
        tuple(Event(e, frozenset(ids)) for e, ids in events.items()),
    )
