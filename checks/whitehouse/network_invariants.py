"""Locked Network invariants (White House intern game): Trick bounds, legal entry, the checker.

Every invariant is about the engine's own functions in ``model.whitehouse.network.arrangement``,
looked up at call time (so that a bug planted in the engine is what the check sees):

- ``single-source``: the rule functions written once against ``model.common.ops`` (``border_trick``,
  ``border_allowed``, ``tricks_total``, ``card_matched``, ``may_enter``, ``arrangement_legal``) are
  called with Z3 terms for the cards' kinds and for which Supporters each Event lists (free, so each
  proof covers every catalogue), on the borders the engine's own ``borders`` yields;
- ``exhaustive``: every state of the stated domain goes through ``count_tricks``,
  ``check_arrangement`` and ``entry_cells``, and the result is compared with the rulebook's
  sentences, written here on their own (cards border when they sit edge to edge, the numbers 4, 7
  and 2n - ceil(2 sqrt n) as literals).

A counterexample is a network and an arrangement the engine accepts, replayed through it.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import z3

from checks.core import Context, Invariant, TimeUp, read
from checks.result import Counterexample
from checks.z3ops import Z3
from model.whitehouse import tricks as lock
from model.whitehouse.network import arrangement as tricks

GAME = "whitehouse"
Cell = tuple[int, int]


def _rules(ctx: Context) -> tricks.TricksRules:
    rules = ctx.rules.tricks
    assert isinstance(rules, tricks.TricksRules)
    return rules


def _in_time(ctx: Context) -> None:
    if time.perf_counter() >= ctx.deadline:
        raise TimeUp(f"time limit of {ctx.time_limit:g} s reached")


def _options(rules: tricks.TricksRules) -> str:
    return f"connected={str(rules.connected).lower()}, every_card_matched={str(rules.every_card_matched).lower()}"


# --- the rulebook's sentences, on their own ---------------------------------------------------


def edge_to_edge(a: Cell, b: Cell) -> bool:
    """"A card borders the cards directly above, below, left and right of it — never the corner
    cards": one row or one column apart, not both."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def one_piece(cells: Sequence[Cell]) -> bool:
    """The cells are edge-connected (every card reached from the first, border by border)."""
    if not cells:
        return True
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        here = todo.pop()
        for other in cells:
            if other not in seen and edge_to_edge(here, other):
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def harary_harborth(n: int) -> int:
    """The most borders n cells of the square grid can share: 2n - ceil(2 sqrt n)."""
    return 2 * n - math.ceil(2 * math.sqrt(n)) if n else 0


@cache
def polyominoes(n: int) -> tuple[tuple[Cell, ...], ...]:
    """Every layout of n cells in one piece, up to translation (fixed polyominoes: 1, 2, 6, 19,
    63, 216, 760, 2725 for n = 1..8), each touching row 0 and column 0."""
    if n <= 0:
        return ()
    if n == 1:
        return (((0, 0),),)
    grown: set[tuple[Cell, ...]] = set()
    for shape in polyominoes(n - 1):
        occupied = set(shape)
        for r, c in shape:
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell not in occupied:
                    top = min(x for x, _ in occupied | {cell})
                    left = min(y for _, y in occupied | {cell})
                    grown.add(tuple(sorted((x - top, y - left) for x, y in occupied | {cell})))
    return tuple(sorted(grown))


# --- layouts: cells, kinds and a catalogue, as the engine's Network and Arrangement --------------


@dataclass(frozen=True)
class Layout:
    """Cards on cells: ``supporter[i]`` says card i is a Supporter; ``matches`` holds the pairs
    (i, j), i < j, of a Supporter and an Event that lists it."""

    cells: list[Cell]
    supporter: list[bool]
    matches: set[tuple[int, int]]

    def refs(self) -> list[tricks.CardRef]:
        refs, s, e = [], 0, 0
        for is_supporter in self.supporter:
            if is_supporter:
                s += 1
                refs.append(tricks.CardRef(tricks.SUPPORTER, s))
            else:
                e += 1
                refs.append(tricks.CardRef(tricks.EVENT, f"E{e}"))
        return refs

    def network(self, upto: int | None = None) -> tricks.Network:
        """Supporters 1.. and Events E1.., each Event listing the Supporters it matches (the first
        ``upto`` cards only, when given)."""
        refs = self.refs()[: len(self.cells) if upto is None else upto]
        numbers = {i: r.id for i, r in enumerate(refs) if r.kind == tricks.SUPPORTER and isinstance(r.id, int)}
        supporters = tuple(tricks.Supporter(number) for number in numbers.values())
        events = []
        for i, ref in enumerate(refs):
            if ref.kind != tricks.EVENT:
                continue
            listed = frozenset(
                number for j, number in numbers.items() if (min(i, j), max(i, j)) in self.matches
            )
            events.append(tricks.Event(ref.id, listed))
        return tricks.Network(supporters, tuple(events))

    def arrangement(self, upto: int | None = None) -> tricks.Arrangement:
        refs = self.refs()
        chosen = range(len(refs) if upto is None else upto)
        return tricks.Arrangement(tuple(tricks.Placement(refs[i], *self.cells[i]) for i in chosen))

    def json(self) -> dict[str, Any]:
        network = self.network()
        out: list[dict[str, Any]] = []
        for ref, (row, col) in zip(self.refs(), self.cells, strict=True):
            out.append({ref.kind: ref.id, "row": row, "col": col})
        return {
            "supporters": [s.id for s in network.supporters],
            "events": [{"id": e.id, "supporters": sorted(e.supporters)} for e in network.events],
            "arrangement": out,
        }

    def drawing(self, mark: dict[int, str] | None = None) -> str:
        refs = self.refs()
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        where = {cell: i for i, cell in enumerate(self.cells)}
        lines = []
        for row in range(min(rows), max(rows) + 1):
            line = []
            for col in range(min(cols), max(cols) + 1):
                i = where.get((row, col))
                label = "." if i is None else (f"S{refs[i].id}" if refs[i].kind == tricks.SUPPORTER
                                               else str(refs[i].id))
                if i is not None and mark and i in mark:
                    label += mark[i]
                line.append(label.ljust(4))
            lines.append(" ".join(line).rstrip())
        listed = [f"{e.id} lists {', '.join(f'S{s}' for s in sorted(e.supporters)) or 'nobody here'}"
                  for e in self.network().events]
        return "\n".join(lines + (["(" + "; ".join(listed) + ")"] if listed else []))


class Symbols:
    """Free Z3 kinds for cells and a free listing for each pair of cells (every catalogue)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.kind: dict[Cell, Any] = {}
        self.listed: dict[tuple[Cell, Cell], Any] = {}

    def is_supporter(self, cell: Cell) -> Any:
        if cell not in self.kind:
            self.kind[cell] = z3.Bool(f"{self.prefix}s_{cell[0]}_{cell[1]}")
        return self.kind[cell]

    def lists(self, a: Cell, b: Cell) -> Any:
        key = (min(a, b), max(a, b))
        if key not in self.listed:
            self.listed[key] = z3.Bool(f"{self.prefix}m_{key[0][0]}_{key[0][1]}_{key[1][0]}_{key[1][1]}")
        return self.listed[key]

    def facts(self, pairs: Iterable[tuple[Cell, Cell]]) -> list[tricks.BorderFacts]:
        return [(self.is_supporter(a), self.is_supporter(b), self.lists(a, b)) for a, b in pairs]

    def decode(self, model: z3.ModelRef, cells: Sequence[Cell]) -> Layout:
        kinds = [bool(read(model, self.is_supporter(c))) for c in cells]
        matches = {
            (i, j) for i, j in itertools.combinations(range(len(cells)), 2)
            if kinds[i] != kinds[j] and read(model, self.lists(cells[i], cells[j]))
        }
        return Layout(list(cells), kinds, matches)


# --- LN-0: the checker and count_tricks follow the rulebook on every small arrangement -------------

BOX_ROWS, BOX_COLS, BOX_CARDS = 2, 3, 4


def _box_layouts(ctx: Context) -> Iterable[Layout]:
    """Every arrangement of 1..BOX_CARDS cards on the BOX_ROWS x BOX_COLS grid touching row 0 and
    column 0, every kind of card on each cell and every catalogue (which Supporters each Event
    lists)."""
    box = [(r, c) for r in range(BOX_ROWS) for c in range(BOX_COLS)]
    for n in range(1, BOX_CARDS + 1):
        for cells in itertools.combinations(box, n):
            if min(r for r, _ in cells) or min(c for _, c in cells):
                continue
            _in_time(ctx)
            for kinds in itertools.product((True, False), repeat=n):
                pairs = [(i, j) for i, j in itertools.combinations(range(n), 2) if kinds[i] != kinds[j]]
                for chosen in itertools.product((True, False), repeat=len(pairs)):
                    yield Layout(list(cells), list(kinds), {p for p, on in zip(pairs, chosen, strict=True) if on})


def rulebook_verdict(layout: Layout, rules: tricks.TricksRules) -> tuple[int, bool]:
    """The Tricks and the legality of a layout by the rulebook's sentences alone: "Each border
    between a matching Supporter and Event is one Trick", "a Supporter never borders an Event that
    does not list it", and per option one piece (``connected``) and a matching border for every
    card (``every_card_matched``)."""
    n = len(layout.cells)
    tricks_count, legal = 0, True
    matched = [False] * n
    for i, j in itertools.combinations(range(n), 2):
        if not edge_to_edge(layout.cells[i], layout.cells[j]) or layout.supporter[i] == layout.supporter[j]:
            continue
        if (i, j) in layout.matches:
            tricks_count += 1
            matched[i] = matched[j] = True
        else:
            legal = False
    if rules.connected and not one_piece(layout.cells):
        legal = False
    if rules.every_card_matched and not all(matched):
        legal = False
    return tricks_count, legal


def check_checker(ctx: Context) -> Counterexample | None:
    rules = _rules(ctx)
    for layout in _box_layouts(ctx):
        network, arrangement = layout.network(), layout.arrangement()
        report = tricks.check_arrangement(network, arrangement, rules)
        counted = tricks.count_tricks(network, arrangement)
        expected_tricks, expected_legal = rulebook_verdict(layout, rules)
        if (report.tricks, counted, report.legal, not report.violations) != (
            expected_tricks, expected_tricks, expected_legal, expected_legal
        ):
            return Counterexample(
                {**layout.json(), "rules": {"connected": rules.connected,
                                            "every_card_matched": rules.every_card_matched},
                 "expected": {"tricks": expected_tricks, "legal": expected_legal},
                 "engine": {"tricks": counted, "legal": report.legal,
                            "violations": list(report.violations)}},
                layout.drawing(),
                f"count_tricks gives {counted}, check_arrangement legal={report.legal} with "
                f"{report.tricks} Tricks ({'; '.join(report.violations) or 'no violations'}); the "
                f"rulebook gives {expected_tricks} Tricks, legal={expected_legal} ({_options(rules)})",
                True,
            )
    return None


# --- LN-1: a card takes part in at most 4 Tricks ---------------------------------------------------

AROUND = [(r, c) for r in (-1, 0, 1) for c in (-1, 0, 1) if (r, c) != (0, 0)]


def check_per_card(ctx: Context) -> Counterexample | None:
    """The card on (0, 0), any of the 8 cells around it occupied (256 layouts), every kind and
    catalogue: its Tricks, tricks_total over the engine's borders with it less those without it."""
    symbols = Symbols("p")
    solver = ctx.solver()
    for occupied in itertools.product((False, True), repeat=len(AROUND)):
        _in_time(ctx)
        cells = [(0, 0)] + [cell for cell, on in zip(AROUND, occupied, strict=True) if on]
        with_card = tricks.tricks_total(symbols.facts(tricks.borders(cells)), Z3)
        without = tricks.tricks_total(symbols.facts(tricks.borders(cells[1:])), Z3)
        solver.push()
        solver.add(with_card - without > 4)
        model = ctx.search(solver)
        solver.pop()
        if model is None:
            continue
        layout = symbols.decode(model, cells)
        network = layout.network()
        full = tricks.count_tricks(network, layout.arrangement())
        rest = tricks.count_tricks(network, tricks.Arrangement(layout.arrangement().placements[1:]))
        own = full - rest
        return Counterexample(
            {**layout.json(), "card": layout.json()["arrangement"][0], "card_tricks": own},
            layout.drawing({0: "*"}),
            f"count_tricks gives the starred card {own} Tricks ({full} with it, {rest} without); "
            "single-source: the proof ran the engine's own border_trick and borders",
            own > 4,
        )
    return None


# --- LN-2: n cards make at most 2n - ceil(2 sqrt n) Tricks -----------------------------------------

BOUND_MAX_CARDS = 7


def _checkerboard(cells: Sequence[Cell], parity: int) -> Layout:
    kinds = [(r + c) % 2 == parity for r, c in cells]
    matches = {(i, j) for i, j in itertools.combinations(range(len(cells)), 2) if kinds[i] != kinds[j]}
    return Layout(list(cells), kinds, matches)


def check_total_bound(ctx: Context) -> Counterexample | None:
    """Every layout of n = 1..BOUND_MAX_CARDS cards in one piece, laid as a checkerboard (either
    colouring) with every Event listing every Supporter, so that every border matches: count_tricks
    stays within 2n - ceil(2 sqrt n)."""
    for n in range(1, BOUND_MAX_CARDS + 1):
        bound = harary_harborth(n)
        for cells in polyominoes(n):
            _in_time(ctx)
            for parity in (0, 1):
                layout = _checkerboard(cells, parity)
                network, arrangement = layout.network(), layout.arrangement()
                got = tricks.count_tricks(network, arrangement)
                if got > bound:
                    return Counterexample(
                        {**layout.json(), "cards": n, "bound": bound, "tricks": got},
                        layout.drawing(),
                        f"count_tricks counts {got} Tricks for {n} cards; 2n - ceil(2 sqrt n) = {bound}",
                        True,
                    )
    return None


# --- LN-3: the fewest cards that can make 7 Tricks is 6 --------------------------------------------

FEWEST_FOR_SEVEN = 6
#: The 2 x 3 checkerboard: 3 Supporters, 3 Events, 7 borders, every one a Trick.
SEVEN_WITH_SIX = _checkerboard([(r, c) for r in range(2) for c in range(3)], 0)


def fewer_cannot(ctx: Context, most: int) -> Layout | None:
    """Z3, on the engine's own tricks_total and borders: no layout of 1..most cards in one piece
    (every fixed polyomino), whatever the kinds and the catalogue, makes 7 Tricks. A layout that
    does, when one exists."""
    symbols = Symbols("w")
    solver = ctx.solver()
    for n in range(1, most + 1):
        for cells in polyominoes(n):
            _in_time(ctx)
            solver.push()
            solver.add(tricks.tricks_total(symbols.facts(tricks.borders(cells)), Z3) >= 7)
            model = ctx.search(solver)
            solver.pop()
            if model is not None:
                return symbols.decode(model, cells)
    return None


def check_fewest_for_seven(ctx: Context) -> Counterexample | None:
    rules = _rules(ctx)
    found = fewer_cannot(ctx, FEWEST_FOR_SEVEN - 1)
    if found is not None:
        report = tricks.check_arrangement(found.network(), found.arrangement(), rules)
        return Counterexample(
            {**found.json(), "tricks": report.tricks},
            found.drawing(),
            f"check_arrangement counts {report.tricks} Tricks with {len(found.cells)} cards "
            f"(legal={report.legal}); single-source: the proof ran the engine's tricks_total",
            report.tricks >= 7,
        )
    six = SEVEN_WITH_SIX
    report = tricks.check_arrangement(six.network(), six.arrangement(), rules)
    if report.legal and report.tricks >= 7:
        return None
    return Counterexample(
        {**six.json(), "tricks": report.tricks, "legal": report.legal},
        six.drawing(),
        f"check_arrangement refuses the 2 x 3 checkerboard or counts too few: legal={report.legal}, "
        f"{report.tricks} Tricks ({'; '.join(report.violations) or 'no violations'})",
        True,
    )


# --- LN-4: every placement the entry rule allows keeps the network legal --------------------------

#: Borders and cards of the old network other than those the entering card touches.
OLD_BORDERS, OLD_CARDS = 2, 2


def check_entry_keeps_legal(ctx: Context) -> Counterexample | None:
    """The entering card on (0, 0), any of the cells the engine's ``neighbours`` gives occupied (16
    layouts), every kind and catalogue, beside an old network that is legal (its borders allowed,
    its cards matched under ``every_card_matched``, one piece): whenever ``may_enter`` lets the
    card in, ``arrangement_legal`` holds after."""
    rules = _rules(ctx)
    symbols = Symbols("e")
    around = list(tricks.neighbours((0, 0)))
    card = symbols.is_supporter((0, 0))
    old_allowed = [z3.Bool(f"e_old_allowed_{i}") for i in range(OLD_BORDERS)]
    old_matched = [z3.Bool(f"e_old_matched_{i}") for i in range(OLD_CARDS)]
    solver = ctx.solver()
    for occupied in itertools.product((False, True), repeat=len(around)):
        _in_time(ctx)
        touching_cells = [cell for cell, on in zip(around, occupied, strict=True) if on]
        touching = [(symbols.is_supporter(c), symbols.lists((0, 0), c)) for c in touching_cells]
        before = tricks.arrangement_legal(old_allowed, old_matched, 1, rules, Z3)
        enters = tricks.may_enter(card, touching, False, rules.every_card_matched, Z3)
        allowed = old_allowed + [tricks.border_allowed(card, other, listed, Z3) for other, listed in touching]
        matched = old_matched + [tricks.card_matched(card, touching, Z3)]
        after = tricks.arrangement_legal(allowed, matched, 1 if touching else 2, rules, Z3)
        solver.push()
        solver.add(before, enters, z3.Not(after))
        model = ctx.search(solver)
        solver.pop()
        if model is None:
            continue
        cells = touching_cells + [(0, 0)]
        layout = symbols.decode(model, cells)
        network = layout.network()
        ref = layout.refs()[-1]
        old = layout.arrangement(len(cells) - 1)
        entries = tricks.entry_cells(network, old, ref, rules)
        offered = any((e.row, e.col) == (0, 0) for e in entries)
        report = tricks.check_arrangement(network, layout.arrangement(), rules)
        return Counterexample(
            {**layout.json(), "entering": ref.id},
            layout.drawing({len(cells) - 1: "+"}),
            f"entry_cells {'offers' if offered else 'refuses'} the cell of the entering card (+); "
            f"check_arrangement then says legal={report.legal}"
            + (f" ({'; '.join(report.violations)})" if report.violations else "")
            + "; single-source: the proof ran the engine's may_enter and arrangement_legal",
            offered and not report.legal,
        )
    return None


# --- LN-5: a network grown card by card through entry_cells --------------------------------------

GROW_SUPPORTERS, GROW_EVENTS = 2, 2


@dataclass(frozen=True)
class Grown:
    """A state of the growing network: which cards of ``layout`` are placed, and where."""

    layout: Layout
    placed: tuple[tuple[int, Cell], ...]

    def as_layout(self) -> Layout:
        order = [i for i, _ in self.placed]
        index = {i: k for k, i in enumerate(order)}
        return Layout(
            [cell for _, cell in self.placed],
            [self.layout.supporter[i] for i in order],
            {(min(index[i], index[j]), max(index[i], index[j])) for i, j in self.layout.matches
             if i in index and j in index},
        )


def rulebook_entries(layout: Layout, placed: dict[Cell, int], card: int, rules: tricks.TricksRules) -> set[Cell]:
    """"A card enters your Locked Network when it borders a card already there (or when the
    network is empty), and it may not be placed where it would border a non-matching card of the
    other kind"; under ``every_card_matched`` it borders a card it matches."""
    def matches(i: int, j: int) -> bool:
        return layout.supporter[i] != layout.supporter[j] and (min(i, j), max(i, j)) in layout.matches

    free = {(r + dr, c + dc) for r, c in placed for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} - set(placed)
    out = set()
    for cell in free:
        beside = [i for other, i in placed.items() if edge_to_edge(cell, other)]
        if any(layout.supporter[i] != layout.supporter[card] and not matches(i, card) for i in beside):
            continue
        if rules.every_card_matched and not any(matches(i, card) for i in beside):
            continue
        out.add(cell)
    return out


def _catalogues() -> Iterable[Layout]:
    """Supporters 1..GROW_SUPPORTERS and Events E1..GROW_EVENTS, every catalogue; no cells yet."""
    kinds = [True] * GROW_SUPPORTERS + [False] * GROW_EVENTS
    pairs = [(s, GROW_SUPPORTERS + e) for s in range(GROW_SUPPORTERS) for e in range(GROW_EVENTS)]
    for chosen in itertools.product((True, False), repeat=len(pairs)):
        yield Layout([(0, 0)] * len(kinds), kinds, {p for p, on in zip(pairs, chosen, strict=True) if on})


def _starts() -> Iterable[Grown]:
    """Every matching pair locked in side by side (either card on the left), as the game starts a
    network; and the 2 x 3 checkerboard with one card missing, one
    move from 7 Tricks."""
    for catalogue in _catalogues():
        for i, j in sorted(catalogue.matches):
            for a, b in ((i, j), (j, i)):
                yield Grown(catalogue, ((a, (0, 0)), (b, (0, 1))))
    six = SEVEN_WITH_SIX
    for missing in range(len(six.cells)):
        yield Grown(six, tuple((i, six.cells[i]) for i in range(len(six.cells)) if i != missing))


def _engine_network(grown: Grown, card: int) -> tuple[tricks.Network, tricks.Arrangement, tricks.CardRef]:
    """The placed cards plus ``card``, as the engine's network, arrangement and card."""
    with_card = Grown(grown.layout, grown.placed + ((card, (10**6, 10**6)),))
    layout = with_card.as_layout()
    return layout.network(), layout.arrangement(len(grown.placed)), layout.refs()[-1]


def _single_lock_problem(grown: Grown, card: int, rules: tricks.TricksRules) -> str | None:
    """The engine's lock of one card beside the network as laid (``single_entry``): it locks in
    exactly when some cell the rulebook allows borders a card it matches, beside such a card, and
    leaves the network legal."""
    network, old, ref = _engine_network(grown, card)
    placed = dict((cell, i) for i, cell in grown.placed)
    layout = grown.layout

    def matches(i: int) -> bool:
        return layout.supporter[i] != layout.supporter[card] and (min(i, card), max(i, card)) in layout.matches

    possible = any(
        any(matches(i) for other, i in placed.items() if edge_to_edge(cell, other))
        for cell in rulebook_entries(layout, placed, card, rules)
    )
    locked = lock.single_entry(network, old, ref)
    if locked is None:
        return f"single_entry does not lock {ref.kind} {ref.id} in, though a cell beside a match is allowed" \
            if possible else None
    if not possible:
        return f"single_entry locks {ref.kind} {ref.id} in, though no allowed cell borders a card it matches"
    cells = locked.cells()
    where = next(cell for cell, c in cells.items() if c == ref)
    beside = any(network.matches(ref, cells[n]) for n in cells if edge_to_edge(n, where))
    report = tricks.check_arrangement(network, locked, rules)
    moved = [p for p in old.placements if cells.get(p.cell) != p.card]
    if not beside or not report.legal or moved:
        return (f"single_entry locks {ref.kind} {ref.id} in at row {where[0]} col {where[1]}: beside a "
                f"match={beside}, cards moved={len(moved)}, check_arrangement legal={report.legal}")
    return None


def _normalized(placed: tuple[tuple[int, Cell], ...]) -> frozenset[tuple[int, Cell]]:
    top = min(r for _, (r, _) in placed)
    left = min(c for _, (_, c) in placed)
    return frozenset((i, (r - top, c - left)) for i, (r, c) in placed)


def check_growth(ctx: Context) -> Counterexample | None:
    rules = _rules(ctx)
    seen: set[tuple[int, frozenset[tuple[int, Cell]]]] = set()
    stack = list(_starts())
    while stack:
        _in_time(ctx)
        grown = stack.pop()
        placed = dict((cell, i) for i, cell in grown.placed)
        for card in range(len(grown.layout.cells)):
            if card in placed.values():
                continue
            network, old, ref = _engine_network(grown, card)
            entries = tricks.entry_cells(network, old, ref, rules)
            offered = {(e.row, e.col) for e in entries}
            expected = rulebook_entries(grown.layout, placed, card, rules)
            problem = None
            if offered != expected:
                problem = (f"entry_cells offers {sorted(offered)}, the rulebook allows {sorted(expected)} "
                           f"for {ref.kind} {ref.id}")
            else:
                problem = _single_lock_problem(grown, card, rules)
            for entry in entries:
                if problem:
                    break
                after = Grown(grown.layout, grown.placed + ((card, (entry.row, entry.col)),))
                layout = after.as_layout()
                counted = tricks.count_tricks(layout.network(), layout.arrangement())
                if counted != entry.tricks:
                    problem = (f"{ref.kind} {ref.id} enters at row {entry.row} col {entry.col} with "
                               f"{entry.tricks} Tricks, said entry_cells; count_tricks counts {counted}")
                    break
                key = (id(grown.layout), _normalized(after.placed))
                if key in seen:
                    continue
                seen.add(key)
                report = tricks.check_arrangement(layout.network(), layout.arrangement(), rules)
                if not report.legal or report.tricks != entry.tricks:
                    problem = (f"{ref.kind} {ref.id} enters at row {entry.row} col {entry.col} "
                               f"({entry.tricks} Tricks said entry_cells); check_arrangement: "
                               f"legal={report.legal}, {report.tricks} Tricks "
                               f"({'; '.join(report.violations) or 'no violations'})")
                    break
                if len(after.placed) == len(grown.layout.cells) and grown.layout is SEVEN_WITH_SIX:
                    if (entry.row, entry.col) == grown.layout.cells[card] and report.tricks < 7:
                        problem = (f"the 2 x 3 checkerboard completed makes {report.tricks} Tricks, not 7")
                        break
                stack.append(after)
            if grown.layout is SEVEN_WITH_SIX and grown.layout.cells[card] not in offered and not problem:
                problem = f"entry_cells does not offer the cell that completes 7 Tricks for {ref.kind} {ref.id}"
            if problem:
                shown = grown.as_layout()
                entering = f"entering: {ref.kind} {ref.id}"
                if ref.kind == tricks.EVENT:
                    listed = ", ".join(f"S{s}" for s in sorted(network.event(ref.id).supporters))
                    entering += f" (lists {listed or 'nobody here'})"
                return Counterexample(
                    {**shown.json(), "entering": {ref.kind: ref.id},
                     "offered": [list(c) for c in sorted(offered)], "allowed": [list(c) for c in sorted(expected)]},
                    shown.drawing() + "\n" + entering,
                    problem + f" ({_options(rules)})",
                    True,
                )
    return None


# --- LN-6: a matching pair always locks in and adds a Trick -------------------------------------

PAIR_CARDS = 3
NEW_SUPPORTER, NEW_EVENT = 99, "E99"


def _pair_cases(ctx: Context, rules: tricks.TricksRules) -> Iterable[tuple[Layout, tricks.Network, tricks.Arrangement]]:
    """Every legal arrangement (by check_arrangement) of 0..PAIR_CARDS cards on the LN-0 grid,
    every catalogue, and the new pair: Supporter 99 and Event E99 listing it, E99 also listing
    any of the old Supporters and any of the old Events listing Supporter 99."""
    empty = Layout([], [], set())
    pair = tricks.Network((tricks.Supporter(NEW_SUPPORTER),),
                          (tricks.Event(NEW_EVENT, frozenset({NEW_SUPPORTER})),))
    yield empty, pair, tricks.Arrangement(())
    for layout in _box_layouts(ctx):
        if len(layout.cells) > PAIR_CARDS:
            break
        network, old = layout.network(), layout.arrangement()
        if not tricks.check_arrangement(network, old, rules).legal:
            continue
        for s_listed in itertools.product((False, True), repeat=len(network.supporters)):
            for e_listing in itertools.product((False, True), repeat=len(network.events)):
                chosen = {x.id for x, on in zip(network.supporters, s_listed, strict=True) if on}
                listed = frozenset({NEW_SUPPORTER} | chosen)
                events = tuple(
                    tricks.Event(e.id, e.supporters | ({NEW_SUPPORTER} if on else frozenset()))
                    for e, on in zip(network.events, e_listing, strict=True)
                )
                bigger = tricks.Network(network.supporters + (tricks.Supporter(NEW_SUPPORTER),),
                                        events + (tricks.Event(NEW_EVENT, listed),))
                yield layout, bigger, old


def check_pair_entry(ctx: Context) -> Counterexample | None:
    """The engine's pair lock (``pair_entry``), either card named first."""
    rules = _rules(ctx)
    s, e = tricks.CardRef(tricks.SUPPORTER, NEW_SUPPORTER), tricks.CardRef(tricks.EVENT, NEW_EVENT)
    for layout, bigger, old in _pair_cases(ctx, rules):
        before = tricks.count_tricks(bigger, old) if old.placements else 0
        for first, second in ((s, e), (e, s)):
            entered = lock.pair_entry(bigger, old, first, second)
            problem = None
            if entered is None:
                problem = "pair_entry does not let the pair lock in"
            else:
                cells = entered.cells()
                moved = [p for p in old.placements if cells.get(p.cell) != p.card]
                report = tricks.check_arrangement(bigger, entered, rules)
                where = {card: cell for cell, card in cells.items()}
                if moved or not report.legal or report.tricks < before + 1 or not edge_to_edge(where[s], where[e]):
                    problem = (f"pair_entry: cards moved={len(moved)}, the pair edge to edge="
                               f"{edge_to_edge(where[s], where[e])}, check_arrangement legal={report.legal} "
                               f"({'; '.join(report.violations) or 'no violations'}), {report.tricks} Tricks "
                               f"after {before}")
            if problem:
                shown = layout.drawing() if layout.cells else "(an empty network)"
                listed = ", ".join(f"S{x}" for x in sorted(bigger.event(NEW_EVENT).supporters))
                return Counterexample(
                    {**(layout.json() if layout.cells else {}), "pair": [{"supporter": NEW_SUPPORTER},
                                                                         {"event": NEW_EVENT}]},
                    shown + f"\nlocking in: Supporter {NEW_SUPPORTER} and Event {NEW_EVENT} (lists {listed})",
                    problem + f" ({_options(rules)})",
                    True,
                )
    return None


# --- LN-7: a network's cards and matches are the printed ones ----------------------------------------

NETWORK_SUPPORTERS, NETWORK_EVENTS = 3, 2


def _network_catalogues() -> Iterable[tuple[tricks.Network, dict[tuple[int, str], bool]]]:
    """Supporters 1-3 and Events E1, E2 (one of them with an integer ID), every listing of them,
    and which pairs match by the printed listing."""
    supporters = tuple(range(1, NETWORK_SUPPORTERS + 1))
    pairs = [(s, e) for e in range(NETWORK_EVENTS) for s in supporters]
    for chosen in itertools.product((True, False), repeat=len(pairs)):
        lists = {p: on for p, on in zip(pairs, chosen, strict=True)}
        for event_ids in (("E1", "E2"), ("E1", 2)):
            events = tuple(tricks.Event(event_ids[e], frozenset(s for s in supporters if lists[(s, e)]))
                           for e in range(NETWORK_EVENTS))
            network = tricks.Network(tuple(tricks.Supporter(s) for s in supporters), events)
            yield network, {(s, str(event_ids[e])): on for (s, e), on in lists.items()}


def _network_problem(network: tricks.Network, listed: dict[tuple[int, str], bool]) -> str | None:
    refs = network.cards()
    supporters = [r for r in refs if r.kind == tricks.SUPPORTER]
    events = [r for r in refs if r.kind == tricks.EVENT]
    if [r.id for r in supporters] != [s.id for s in network.supporters] or [r.id for r in events] != [
            e.id for e in network.events] or len(refs) != network.size:
        return f"cards() lists {[r.id for r in refs]}"
    expected = sorted((s, str(e)) for (s, e), on in listed.items() if on)
    pairs = network.matching_pairs()
    if sorted((s, str(e)) for s, e in pairs) != expected:
        return f"matching_pairs() gives {pairs}, the printed listings {expected}"
    for a in refs:
        for b in refs:
            if a.kind == b.kind:
                want = False
            else:
                s, e = (a, b) if a.kind == tricks.SUPPORTER else (b, a)
                want = listed[(int(s.id), str(e.id))]
            if bool(network.matches(a, b)) != want or bool(tricks.listed(network, a, b)) != want:
                return f"matches({a.kind} {a.id}, {b.kind} {b.id}) is {not want}"
        if network.card(a).id != a.id or (a.kind == tricks.SUPPORTER) != isinstance(network.card(a), tricks.Supporter):
            return f"card({a.kind} {a.id}) is {network.card(a)}"
        # The same kind and ID is the same card; another kind or ID is another card.
        twin = tricks.CardRef(a.kind, a.id)
        if twin != a or hash(twin) != hash(a) or any(other == a for other in refs if other is not a):
            return f"the card {a.kind} {a.id} is not told apart from the others"
        rest = network.without_card(a)
        if rest.cards() != [r for r in refs if r != a]:
            return f"without_card({a.kind} {a.id}) leaves {[r.id for r in rest.cards()]}"
        back = rest.with_card(network.card(a))
        same_kind = [r for r in refs if r.kind == a.kind and r != a] + [a]
        if [r for r in back.cards() if r.kind == a.kind] != same_kind or back.size != network.size:
            return f"with_card({a.kind} {a.id}) gives {[r.id for r in back.cards()]}"
    return None


def check_network_cards(ctx: Context) -> Counterexample | None:
    for network, listed in _network_catalogues():
        _in_time(ctx)
        problem = _network_problem(network, listed)
        if problem is not None:
            return Counterexample(
                {"supporters": [s.id for s in network.supporters],
                 "events": [{"id": e.id, "supporters": sorted(e.supporters)} for e in network.events]},
                "; ".join(f"{e.id} lists {', '.join(f'S{s}' for s in sorted(e.supporters)) or 'nobody'}"
                          for e in network.events),
                f"Network: {problem} (found by running the engine's own Network)", True)
    # "Your Locked Network is a grid of your cards": where it lies does not matter.
    for layout in itertools.islice(_box_layouts(ctx), 0, None, 7):
        arrangement = layout.arrangement()
        moved = tricks.Arrangement(tuple(tricks.Placement(p.card, p.row - 3, p.col + 5)
                                         for p in reversed(arrangement.placements)))
        normal = moved.normalized()
        if sorted(normal.placements, key=lambda p: (p.row, p.col)) != list(normal.placements) or \
                {(p.card, p.cell) for p in normal.placements} != {(p.card, p.cell) for p in arrangement.placements}:
            return Counterexample(layout.json(), layout.drawing(),
                                  f"Arrangement.normalized moves the layout to {normal.placements}", True)
    return None


# --- the list ---------------------------------------------------------------------------------

_BORDERS = ("A Trick is a border between a Supporter and a matching Event — the two cards sit edge "
            "to edge, and the Supporter's ID is listed on the Event. ... A card borders the cards "
            "directly above, below, left and right of it — never the corner cards. A Supporter and "
            "an Event may share a border only if they match ... Each border between a matching "
            "Supporter and Event is one Trick.")
_SIDES = ("A card borders the cards directly above, below, left and right of it — never the corner "
          "cards. ... Because a card has only four sides, a single card counts for at most 4 "
          "Tricks — one per side.")
_ENTRY = ("A card enters your Locked Network when it borders a card already there (or when the network "
          "is empty), and it may not be placed where it would border a non-matching card of the "
          "other kind.")
_A = "model.whitehouse.network.arrangement."

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "LN-0", GAME, "count_tricks and the checker follow the rulebook on every small arrangement",
        _BORDERS,
        f"every arrangement of 1-{BOX_CARDS} cards on a {BOX_ROWS} x {BOX_COLS} grid (touching its "
        "first row and column), every kind of card on each cell, every catalogue; the option values "
        "in force",
        (_A + "count_tricks", _A + "check_arrangement", _A + "borders", _A + "neighbours", _A + "pieces"),
        check_checker, argument="exhaustive",
    ),
    Invariant(
        "LN-1", GAME, "A card takes part in at most 4 Tricks", _SIDES,
        "a card on a cell and any of the 8 cells around it occupied (256 layouts), every kind of "
        "card, every catalogue",
        (_A + "borders", _A + "border_trick", _A + "tricks_total"),
        check_per_card, argument="single-source",
    ),
    Invariant(
        "LN-2", GAME, "n cards make at most 2n - ceil(2 sqrt n) Tricks",
        "Your Locked Network is a grid of your cards. ... Each border between a matching "
        "Supporter and Event is one Trick.",
        f"every layout of n = 1..{BOUND_MAX_CARDS} cards in one piece (1,067 fixed polyominoes), "
        "each as a checkerboard of either colouring with every Event listing every Supporter (every "
        "border a Trick)",
        (_A + "borders", _A + "count_tricks"),
        check_total_bound, argument="exhaustive",
    ),
    Invariant(
        "LN-3", GAME, f"The fewest cards that can make 7 Tricks is {FEWEST_FOR_SEVEN}",
        "The first player to make 7 Tricks wins. A Trick is a matching border, so a single card "
        "may be part of several Tricks, but it counts for at most 4 of them.",
        f"every layout of 1-{FEWEST_FOR_SEVEN - 1} cards in one piece (91 fixed polyominoes), every "
        "kind of card, every catalogue, legal or not; and the 2 x 3 checkerboard of 3 Supporters and "
        "3 Events, checked by check_arrangement under the option values in force",
        (_A + "borders", _A + "tricks_total", _A + "check_arrangement"),
        check_fewest_for_seven, argument="single-source",
    ),
    Invariant(
        "LN-4", GAME, "Every placement the entry rule allows keeps the network legal", _ENTRY,
        "a card entering beside a legal network, any of the 4 cells beside it occupied, every kind "
        "of card, every catalogue; the option values in force",
        (_A + "neighbours", _A + "may_enter", _A + "border_allowed", _A + "card_matched",
         _A + "arrangement_legal"),
        check_entry_keeps_legal, argument="single-source",
    ),
    Invariant(
        "LN-5", GAME, "A network grown card by card through entry_cells stays legal", _ENTRY,
        f"every network grown from a matching pair locked in side by side by entering the other cards "
        f"one by one, {GROW_SUPPORTERS} Supporters and {GROW_EVENTS} Events, every catalogue; and the "
        "2 x 3 checkerboard one card short of 7 Tricks; entry_cells against the rulebook at every "
        "state, check_arrangement after every entry, the engine's single_entry lock of every card not yet in; "
        "the option values in force",
        (_A + "entry_cells", _A + "check_arrangement", _A + "count_tricks",
         "model.whitehouse.tricks.single_entry"),
        check_growth, argument="exhaustive",
    ),
    Invariant(
        "LN-6", GAME, "A matching pair always locks in and adds at least 1 Trick",
        "If the Supporter you took matches a Supporter ID on an Event card in your Active Hand, you "
        "can combine them and lock them into your Locked Network as a Trick (see Tricks). ... Each "
        "border between a matching Supporter and Event is one Trick.",
        f"every legal arrangement of 0-{PAIR_CARDS} cards on a {BOX_ROWS} x {BOX_COLS} grid, every "
        "kind of card, every catalogue, and a new matching pair whose Event lists any of the old "
        "Supporters and whose Supporter any of the old Events list; either card named first; the "
        "option values in force",
        ("model.whitehouse.tricks.pair_entry", "model.whitehouse.tricks._fits", _A + "check_arrangement",
         _A + "count_tricks"),
        check_pair_entry, argument="exhaustive",
    ),
    Invariant(
        "LN-7", GAME, "A network's cards match exactly as their Events are printed",
        "A Trick is a border between a Supporter and a matching Event — the two cards sit edge to edge, "
        "and the Supporter's ID is listed on the Event.",
        f"Supporters 1-{NETWORK_SUPPORTERS} and {NETWORK_EVENTS} Events (string or integer IDs), every "
        "listing; every card taken out and put back; and every seventh small arrangement of LN-0 moved "
        "on the grid",
        (_A + "Network.matches", _A + "Network.matching_pairs", _A + "Network.without_card",
         _A + "Network.with_card", _A + "Network.card", _A + "CardRef", _A + "Arrangement.normalized"),
        check_network_cards, argument="exhaustive",
    ),
)

