"""Locked Network invariants (White House intern game): Trick bounds and legal entry.

The Z3 encoding mirrors ``model/tricks.py``: a card on a cell (row, column) of a kind; two cards
border when they sit edge to edge (``neighbours``/``borders``, never corners); ``count_tricks``
counts the borders between a Supporter and an Event that lists it; an arrangement is legal when no
Supporter borders an Event that does not list it; ``entry_cells`` lets a card in on an empty cell
that borders the network and no non-matching card of the other kind. Which Supporters an Event
lists is left free (a ``match`` Boolean per pair of cards), so each proof covers every catalogue.
A counterexample is rebuilt as a ``Network`` and an ``Arrangement`` and replayed through
``model.whitehouse.network.arrangement`` (looked up at call time, so that a test can inject a bug on both sides).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from checks.core import Context, Invariant, TimeUp, count, read
from checks.result import Counterexample
from model.whitehouse.network import arrangement as tricks

GAME = "whitehouse"


@dataclass(frozen=True)
class Card:
    """A card of a symbolic arrangement."""

    row: Any
    col: Any
    #: True for a Supporter, False for an Event.
    supporter: Any


Match = Callable[[int, int], Any]


def z3_adjacent(a: Card, b: Card) -> Any:
    """``neighbours``: edge to edge, never the corner cards."""
    return z3.Or(
        z3.And(a.row == b.row, z3.Or(a.col - b.col == 1, b.col - a.col == 1)),
        z3.And(a.col == b.col, z3.Or(a.row - b.row == 1, b.row - a.row == 1)),
    )


def z3_count_tricks(cards: Sequence[Card], match: Match, adjacent: Callable[[Card, Card], Any] = z3_adjacent) -> Any:
    """``count_tricks``: the bordering pairs of a Supporter and an Event that lists it."""
    return count(
        z3.And(adjacent(cards[i], cards[j]), cards[i].supporter != cards[j].supporter, match(i, j))
        for i in range(len(cards)) for j in range(i + 1, len(cards))
    )


def z3_legal(cards: Sequence[Card], match: Match, adjacent: Callable[[Card, Card], Any] = z3_adjacent) -> Any:
    """``check_arrangement`` (borders): no Supporter borders an Event that does not list it."""
    return z3.And([
        z3.Implies(z3.And(adjacent(cards[i], cards[j]), cards[i].supporter != cards[j].supporter),
                   match(i, j))
        for i in range(len(cards)) for j in range(i + 1, len(cards))
    ] or [z3.BoolVal(True)])


def z3_may_enter(new: Card, cards: Sequence[Card], match_new: Callable[[int], Any],
                 adjacent: Callable[[Card, Card], Any] = z3_adjacent) -> Any:
    """``entry_cells``: an empty cell that borders a card already there and no non-matching card
    of the other kind (any cell when the network is empty)."""
    if not cards:
        return z3.BoolVal(True)
    empty = z3.And([z3.Or(new.row != c.row, new.col != c.col) for c in cards])
    touches = z3.Or([adjacent(new, c) for c in cards])
    clean = z3.And([
        z3.Implies(z3.And(adjacent(new, c), new.supporter != c.supporter), match_new(i))
        for i, c in enumerate(cards)
    ])
    return z3.And(empty, touches, clean)


@dataclass(frozen=True)
class TricksEncoding:
    """The Z3 encodings of the Locked Network rule functions (replaceable one by one)."""

    adjacent: Callable[[Card, Card], Any] = z3_adjacent
    count_tricks: Callable[..., Any] = z3_count_tricks
    legal: Callable[..., Any] = z3_legal
    may_enter: Callable[..., Any] = z3_may_enter


# --- symbolic arrangements and their decoding ----------------------------------------------


def symbolic(n: int, box: int, prefix: str = "c", ordered: bool = True) -> tuple[list[Card], dict[str, Any]]:
    """``n`` cards on distinct cells of a ``box`` x ``box`` grid, and a free match relation.
    With ``ordered`` the cards are sorted by (row, column) and the layout touches row 0 and
    column 0: every arrangement is a translation of one such (borders do not move)."""
    cards = [Card(z3.Int(f"{prefix}{i}_r"), z3.Int(f"{prefix}{i}_c"), z3.Bool(f"{prefix}{i}_s"))
             for i in range(n)]
    matches = {(i, j): z3.Bool(f"{prefix}m{i}_{j}") for i in range(n) for j in range(i + 1, n)}
    facts = []
    for card in cards:
        facts += [card.row >= 0, card.row < box, card.col >= 0, card.col < box]
    if ordered and n:
        for a, b in zip(cards, cards[1:], strict=False):
            facts.append(z3.Or(a.row < b.row, z3.And(a.row == b.row, a.col < b.col)))
        facts.append(cards[0].row == 0)
        facts.append(z3.Or([c.col == 0 for c in cards]))
    else:
        for i in range(n):
            for j in range(i + 1, n):
                facts.append(z3.Or(cards[i].row != cards[j].row, cards[i].col != cards[j].col))
    return cards, {"matches": matches, "facts": facts}


def match_of(matches: dict[tuple[int, int], Any]) -> Match:
    return lambda i, j: matches[(min(i, j), max(i, j))]


@dataclass(frozen=True)
class Layout:
    """A decoded arrangement: cells, kinds and which pairs match."""

    cells: list[tuple[int, int]]
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

    def network(self) -> tricks.Network:
        """Supporters 1.. and Events E1.., each Event listing the Supporters it matches."""
        refs = self.refs()
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
        return {
            "supporters": [{"id": s.id} for s in network.supporters],
            "events": [{"id": e.id, "supporters": sorted(e.supporters)} for e in network.events],
            "arrangement": [{"card": str(r.id), "row": row, "col": col}
                            for r, (row, col) in zip(self.refs(), self.cells, strict=False)],
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


def decode(model: z3.ModelRef, cards: Sequence[Card], matches: dict[tuple[int, int], Any]) -> Layout:
    return Layout(
        [(read(model, c.row), read(model, c.col)) for c in cards],
        [read(model, c.supporter) for c in cards],
        {pair for pair, var in matches.items() if read(model, var)},
    )


# --- LN-1: at most 4 Tricks per card -----------------------------------------------------------

PER_CARD_CARDS, PER_CARD_BOX = 6, 3


def check_per_card(ctx: Context) -> Counterexample | None:
    enc: TricksEncoding = ctx.z3
    cards, extra = symbolic(PER_CARD_CARDS, PER_CARD_BOX, ordered=False)
    match = match_of(extra["matches"])
    whole = enc.count_tricks(cards, match, enc.adjacent)
    rest = enc.count_tricks(cards[1:], lambda i, j: match(i + 1, j + 1), enc.adjacent)
    solver = ctx.solver()
    solver.add(*extra["facts"])
    solver.add(whole - rest > tricks.SIDES)
    model = ctx.search(solver)
    if model is None:
        return None
    layout = decode(model, cards, extra["matches"])
    network = layout.network()
    full = tricks.count_tricks(network, layout.arrangement())
    without = tricks.count_tricks(network, tricks.Arrangement(layout.arrangement().placements[1:]))
    own = full - without
    first = layout.refs()[0]
    return Counterexample(
        {**layout.json(), "card": str(first.id), "card_tricks": own},
        layout.drawing({0: "*"}),
        f"count_tricks gives the starred card {own} Tricks ({full} with it, {without} without)",
        own > tricks.SIDES,
    )


# --- LN-2: at most 2n - ceil(2 sqrt n) Tricks --------------------------------------------------

BOUND_MAX_CARDS = 7


def trick_bound(n: int) -> int:
    """The most borders n cells of the square grid can share (Harary and Harborth, 1976)."""
    return 2 * n - math.ceil(2 * math.sqrt(n)) if n else 0


def check_total_bound(ctx: Context) -> Counterexample | None:
    enc: TricksEncoding = ctx.z3
    for n in range(1, BOUND_MAX_CARDS + 1):
        cards, extra = symbolic(n, n, prefix=f"n{n}c")
        match = match_of(extra["matches"])
        solver = ctx.solver()
        solver.add(*extra["facts"])
        solver.add(enc.count_tricks(cards, match, enc.adjacent) > trick_bound(n))
        model = ctx.search(solver)
        if model is None:
            continue
        layout = decode(model, cards, extra["matches"])
        got = tricks.count_tricks(layout.network(), layout.arrangement())
        return Counterexample(
            {**layout.json(), "cards": n, "bound": trick_bound(n), "tricks": got},
            layout.drawing(),
            f"count_tricks counts {got} Tricks for {n} cards; the bound is {trick_bound(n)}",
            got > trick_bound(n),
        )
    return None


# --- LN-3: the fewest cards that make 7 Tricks -------------------------------------------------

#: 2n - ceil(2 sqrt n) >= 7 first holds at n = 6 (a 2 x 3 block of 3 Supporters and 3 Events).
FEWEST_FOR_SEVEN = 6


def _seven_query(ctx: Context, n: int) -> tuple[z3.Solver, list[Card], dict[str, Any], Any]:
    enc: TricksEncoding = ctx.z3
    cards, extra = symbolic(n, n, prefix=f"w{n}c")
    match = match_of(extra["matches"])
    solver = ctx.solver()
    solver.add(*extra["facts"])
    solver.add(enc.legal(cards, match, enc.adjacent))
    return solver, cards, extra, enc.count_tricks(cards, match, enc.adjacent)


def check_fewest_for_seven(ctx: Context) -> Counterexample | None:
    # Fewer cards never make 7 (a legal arrangement of FEWEST_FOR_SEVEN - 1 cards).
    solver, cards, extra, total = _seven_query(ctx, FEWEST_FOR_SEVEN - 1)
    solver.add(total >= tricks.WINNING_TRICKS)
    model = ctx.search(solver)
    if model is not None:
        layout = decode(model, cards, extra["matches"])
        report = tricks.check_arrangement(layout.network(), layout.arrangement(), ctx.rules.tricks)
        return Counterexample(
            {**layout.json(), "tricks": report.tricks},
            layout.drawing(),
            f"check_arrangement: legal={report.legal}, {report.tricks} Tricks with "
            f"{FEWEST_FOR_SEVEN - 1} cards",
            report.legal and report.tricks >= tricks.WINNING_TRICKS,
        )
    # FEWEST_FOR_SEVEN cards can: Z3 finds a witness, which the checker must accept.
    solver, cards, extra, total = _seven_query(ctx, FEWEST_FOR_SEVEN)
    solver.add(total >= tricks.WINNING_TRICKS)
    model = ctx.search(solver)
    if model is not None:
        layout = decode(model, cards, extra["matches"])
        report = tricks.check_arrangement(layout.network(), layout.arrangement(), ctx.rules.tricks)
        if report.legal and report.tricks >= tricks.WINNING_TRICKS:
            return None
        return Counterexample(
            {**layout.json(), "tricks": report.tricks},
            layout.drawing(),
            f"Z3's witness for {FEWEST_FOR_SEVEN} cards is refused by check_arrangement: "
            f"legal={report.legal}, {report.tricks} Tricks ({'; '.join(report.violations)})",
            False,
        )
    # No witness: show the best that many cards make under the encoded rule.
    best = z3.Optimize()
    best.set("timeout", max(1, int((ctx.deadline - time.perf_counter()) * 1000)))
    solver, cards, extra, total = _seven_query(ctx, FEWEST_FOR_SEVEN)
    best.add(*solver.assertions())
    best.maximize(total)
    if best.check() != z3.sat:
        raise TimeUp(f"time limit of {ctx.time_limit:g} s reached")
    model = best.model()
    layout = decode(model, cards, extra["matches"])
    most = read(model, total)
    report = tricks.check_arrangement(layout.network(), layout.arrangement(), ctx.rules.tricks)
    return Counterexample(
        {**layout.json(), "tricks": report.tricks},
        layout.drawing(),
        f"the most {FEWEST_FOR_SEVEN} cards make is {most}; check_arrangement counts "
        f"{report.tricks} on this best arrangement",
        report.tricks == most and most < tricks.WINNING_TRICKS,
    )


# --- LN-4: every allowed placement keeps the network legal -------------------------------------

ENTRY_CARDS, ENTRY_BOX = 4, 4


def check_entry_keeps_legal(ctx: Context) -> Counterexample | None:
    enc: TricksEncoding = ctx.z3
    cards, extra = symbolic(ENTRY_CARDS + 1, ENTRY_BOX + 2, prefix="e", ordered=False)
    match = match_of(extra["matches"])
    old, new = cards[:-1], cards[-1]
    last = len(cards) - 1
    solver = ctx.solver()
    solver.add(*extra["facts"])
    solver.add(enc.legal(old, match, enc.adjacent))
    solver.add(enc.may_enter(new, old, lambda i: match(i, last), enc.adjacent))
    solver.add(z3.Not(enc.legal(cards, match, enc.adjacent)))
    model = ctx.search(solver)
    if model is None:
        return None
    layout = decode(model, cards, extra["matches"])
    network = layout.network()
    ref = layout.refs()[-1]
    entries = tricks.entry_cells(network, layout.arrangement(ENTRY_CARDS), ref)
    offered = any((e.row, e.col) == layout.cells[-1] for e in entries)
    report = tricks.check_arrangement(network, layout.arrangement(), ctx.rules.tricks)
    return Counterexample(
        {**layout.json(), "entering": str(ref.id)},
        layout.drawing({ENTRY_CARDS: "+"}),
        f"entry_cells {'offers' if offered else 'refuses'} the cell of the entering card (+); "
        f"check_arrangement then says legal={report.legal}"
        + (f" ({'; '.join(report.violations)})" if report.violations else ""),
        offered and not report.legal,
    )


# --- LN-0: the encodings equal the Python rule functions ----------------------------------------

EQ_CARDS, EQ_BOX = 3, 2


def check_encodings(ctx: Context) -> Counterexample | None:
    """Every arrangement of up to EQ_CARDS cards in an EQ_BOX x EQ_BOX box, every kind and
    match pattern: the encoded Trick count, legality and entry verdict equal ``count_tricks``,
    ``check_arrangement`` (borders) and ``entry_cells``."""
    import itertools

    enc: TricksEncoding = ctx.z3
    cells = [(r, c) for r in range(EQ_BOX) for c in range(EQ_BOX)]
    for n in range(1, EQ_CARDS + 1):
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        cards, extra = symbolic(n, EQ_BOX, prefix=f"q{n}", ordered=False)
        match = match_of(extra["matches"])
        outputs = [enc.count_tricks(cards, match, enc.adjacent), enc.legal(cards, match, enc.adjacent)]
        if n > 1:
            outputs.append(enc.may_enter(cards[-1], cards[:-1], lambda i, n=n, match=match: match(i, n - 1),
                                         enc.adjacent))
        cases = []
        for placed in itertools.permutations(cells, n):
            if list(placed[:-1]) != sorted(placed[:-1]):
                continue  # the cards before the entering one are interchangeable
            for kinds in itertools.product((True, False), repeat=n):
                for chosen in itertools.product((True, False), repeat=len(pairs)):
                    layout = Layout(list(placed), list(kinds), {p for p, on in zip(pairs, chosen, strict=False) if on})
                    expected = _python_outputs(layout, n)
                    at = [c.row == r for c, (r, _) in zip(cards, placed, strict=False)]
                    at += [c.col == col for c, (_, col) in zip(cards, placed, strict=False)]
                    at += [c.supporter == k for c, k in zip(cards, kinds, strict=False)]
                    at += [extra["matches"][p] == on for p, on in zip(pairs, chosen, strict=False)]
                    cases.append(z3.And(z3.And(at), z3.Or([o != v for o, v in zip(outputs, expected, strict=False)])))
        solver = ctx.solver()
        solver.add(z3.Or(cases))
        model = ctx.search(solver)
        if model is None:
            continue
        layout = decode(model, cards, extra["matches"])
        python = _python_outputs(layout, n)
        encoded = [read(model, o) for o in outputs]
        return Counterexample(
            {**layout.json(), "python": python, "z3": encoded},
            layout.drawing(),
            f"count_tricks, legal borders, entry of the last card: Python {python}, Z3 {encoded}",
            python != encoded,
        )
    return None


def _python_outputs(layout: Layout, n: int) -> list[int | bool]:
    network = layout.network()
    arrangement = layout.arrangement()
    tricks_now = tricks.count_tricks(network, arrangement)
    report = tricks.check_arrangement(network, arrangement, tricks.TricksRules(connected=False))
    out: list[int | bool] = [tricks_now, report.legal]
    if n > 1:
        entries = tricks.entry_cells(network, layout.arrangement(n - 1), layout.refs()[-1])
        out.append(any((e.row, e.col) == layout.cells[-1] for e in entries))
    return out


_SIDES = ("A card borders the cards directly above, below, left and right of it — never the corner "
          "cards. ... Because a card has only four sides, a single card counts for at most 4 "
          "Tricks — one per side.")

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "LN-0", GAME, "The Z3 encodings equal count_tricks, the border check and entry_cells",
        "Each border between a matching Supporter and Event is one Trick.",
        f"every arrangement of 1-{EQ_CARDS} cards on a {EQ_BOX} x {EQ_BOX} grid, every kind "
        "and match pattern",
        ("model.whitehouse.network.arrangement.count_tricks", "model.whitehouse.network.arrangement.check_arrangement",
         "model.whitehouse.network.arrangement.entry_cells"),
        check_encodings,
    ),
    Invariant(
        "LN-1", GAME, "A card takes part in at most 4 Tricks", _SIDES,
        f"{PER_CARD_CARDS} cards anywhere on a {PER_CARD_BOX} x {PER_CARD_BOX} grid, any catalogue",
        ("model.whitehouse.network.arrangement.neighbours", "model.whitehouse.network.arrangement.count_tricks"),
        check_per_card,
    ),
    Invariant(
        "LN-2", GAME, "n cards make at most 2n - ceil(2 sqrt n) Tricks",
        "Your Locked Network is a grid of your cards. ... Each border between a matching "
        "Supporter and Event is one Trick.",
        f"n = 1..{BOUND_MAX_CARDS} cards on an n x n grid (every layout up to translation), any "
        "catalogue, legal or not",
        ("model.whitehouse.network.arrangement.borders", "model.whitehouse.network.arrangement.count_tricks"),
        check_total_bound,
    ),
    Invariant(
        "LN-3", GAME, f"The fewest cards that can make 7 Tricks is {FEWEST_FOR_SEVEN}",
        "The first player to make 7 Tricks wins. A Trick is a matching border, so a single card "
        "may be part of several Tricks, but it counts for at most 4 of them.",
        f"{FEWEST_FOR_SEVEN - 1} and {FEWEST_FOR_SEVEN} cards on a square grid of their size, "
        "legal arrangements, any catalogue; the witness is checked by check_arrangement",
        ("model.whitehouse.network.arrangement.count_tricks", "model.whitehouse.network.arrangement.check_arrangement"),
        check_fewest_for_seven,
    ),
    Invariant(
        "LN-4", GAME, "Every placement entry_cells allows keeps the network legal",
        "A card enters your Locked Network when it borders a card already there ... and it may "
        "not be placed where it would border a non-matching card of the other kind.",
        f"a legal network of {ENTRY_CARDS} cards and one entering card on a "
        f"{ENTRY_BOX + 2} x {ENTRY_BOX + 2} grid, any catalogue",
        ("model.whitehouse.network.arrangement.entry_cells", "model.whitehouse.network.arrangement.check_arrangement"),
        check_entry_keeps_legal,
    ),
)

#: The Z3 encoding its invariants run with unless a caller passes another.
DEFAULT_ENCODING = TricksEncoding()
