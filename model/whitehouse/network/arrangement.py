"""The Locked Network of the White House intern game: cards, arrangements, and the checker.

A Locked Network is a set of Supporter and Event cards laid on a square grid. The rulebook:
"A Supporter and an Event may share a border only if they match" and "A card enters your Locked
Network when it borders a card already there"; every matching Supporter-Event border is a Trick,
and the network's Trick total is the most that any legal arrangement achieves.

This module states those rules and checks a given arrangement against them. It shares no code
with the solver, so that every arrangement the solver returns can be checked independently.

The rules themselves (what one border is worth, which borders are allowed, where a card may enter,
when an arrangement is legal) are written once, against ``model.common.ops.Ops``: the checker and
the engine call them with plain Python values, and the proofs in ``checks/whitehouse`` call the very
same functions with Z3 terms.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from model.common.ops import PY, Ops, Value
from model.common.options import RuleOption

SUPPORTER: Literal["supporter"] = "supporter"
EVENT: Literal["event"] = "event"
Kind = Literal["supporter", "event"]
EventId = int | str
Cell = tuple[int, int]

#: The most cards any table holds in one network; larger inputs are refused.
MAX_CARDS = 100
#: A card has four sides, so it takes part in at most four Tricks.
SIDES = 4
#: The win condition: "The first player to make 7 Tricks wins."
WINNING_TRICKS = 7

TRICKS_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="connected",
        game="whitehouse",
        question="After rearranging, must the Locked Network stay one connected network?",
        rulebook=(
            "A card enters your Locked Network when it borders a card already there (or when the "
            "network is empty) ... You may rearrange the cards in your Locked Network at any time"
        ),
        default=True,
        values=(
            (True, "literal: cards enter only by bordering the network, so it stays in one piece"),
            (False, "a rearrangement may leave the network in several pieces"),
        ),
    ),
    RuleOption(
        name="every_card_matched",
        game="whitehouse",
        question="After rearranging, must every card keep at least one matching border?",
        rulebook=(
            "A card enters your Locked Network when it borders a card already there ... You may "
            "rearrange the cards in your Locked Network at any time"
        ),
        default=False,
        values=(
            (False, "literal: a rearrangement must only keep every border legal"),
            (True, "every card keeps a matching border, as it had when it locked in"),
        ),
    ),
)


@dataclass(frozen=True)
class TricksRules:
    """The rule options that change the Trick total of a Locked Network."""

    #: The occupied cells must be edge-connected (the network is one piece).
    connected: bool = True
    #: Every card must border at least one card it matches (a Trick of its own).
    every_card_matched: bool = False


@dataclass(frozen=True)
class Supporter:
    """A Supporter card."""

    #: The unique number printed on the card (an integer >= 1).
    id: int
    #: An optional display name.
    name: str | None = None


@dataclass(frozen=True)
class Event:
    """An Event card."""

    #: The Event's identifier, unique among Events (a string or an integer, as written).
    id: EventId
    #: The Supporter numbers the card lists; most are usually not in this network.
    supporters: frozenset[int]
    #: An optional display name.
    name: str | None = None

    def lists(self, supporter_id: int) -> bool:
        """True when this Event lists the Supporter, i.e. the two match."""
        return supporter_id in self.supporters


@dataclass(frozen=True, order=True)
class CardRef:
    """A reference to one card of a network: its kind and its ID."""

    #: ``"supporter"`` or ``"event"``.
    kind: Kind = field(compare=False)
    #: The card's ID (a Supporter's number, or an Event's ID).
    id: int | str = field(compare=False)
    # Orders Supporters before Events and IDs by value, integers before strings.
    _order: tuple[int, int, int, str] = field(init=False, repr=False, compare=True, hash=False)

    def __post_init__(self) -> None:
        rank = 0 if self.kind == SUPPORTER else 1
        order = (rank, 0, self.id, "") if isinstance(self.id, int) else (rank, 1, 0, self.id)
        object.__setattr__(self, "_order", order)

    def __hash__(self) -> int:
        return hash((self.kind, type(self.id), self.id))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CardRef)
            and self.kind == other.kind
            and type(self.id) is type(other.id)
            and self.id == other.id
        )


@dataclass(frozen=True)
class Network:
    """The cards of one Locked Network (no positions)."""

    #: The Supporters, in input order.
    supporters: tuple[Supporter, ...] = ()
    #: The Events, in input order.
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        ids = [s.id for s in self.supporters]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate Supporter ID")
        keys = [str(e.id) for e in self.events]
        if len(set(keys)) != len(keys):
            raise ValueError("duplicate Event ID")

    @property
    def size(self) -> int:
        return len(self.supporters) + len(self.events)

    def cards(self) -> list[CardRef]:
        """Every card, Supporters first, each in input order."""
        return [CardRef(SUPPORTER, s.id) for s in self.supporters] + [
            CardRef(EVENT, e.id) for e in self.events
        ]

    def supporter(self, supporter_id: int) -> Supporter:
        for card in self.supporters:
            if card.id == supporter_id:
                return card
        raise KeyError(supporter_id)

    def card(self, ref: CardRef) -> Supporter | Event:
        """The card a reference names; KeyError when the network holds no such card."""
        if ref.kind == EVENT:
            return self.event(ref.id)
        if isinstance(ref.id, int):
            return self.supporter(ref.id)
        raise KeyError(ref.id)  # a Supporter's ID is an integer

    def event(self, event_id: EventId) -> Event:
        for card in self.events:
            if card.id == event_id and type(card.id) is type(event_id):
                return card
        raise KeyError(event_id)

    def matching_pairs(self) -> list[tuple[int, EventId]]:
        """Every (Supporter ID, Event ID) pair of this network that matches."""
        present = {s.id for s in self.supporters}
        return [(s, e.id) for e in self.events for s in sorted(e.supporters & present)]

    def matches(self, a: CardRef, b: CardRef) -> bool:
        """True when a and b are a Supporter and an Event that lists it (in either order)."""
        if a.kind == b.kind:
            return False
        supporter, event = (a, b) if a.kind == SUPPORTER else (b, a)
        listing = self.event(event.id)
        # A Supporter's ID is an integer; no Event lists any other.
        return isinstance(supporter.id, int) and listing.lists(supporter.id)

    def label(self, card: CardRef) -> str:
        """How a message names a card: ``Supporter 7 (Name)`` or ``Event E1``."""
        data = self.card(card)
        text = f"{card.kind.capitalize()} {card.id}"
        return f"{text} ({data.name})" if data.name else text

    def with_card(self, card: Supporter | Event) -> Network:
        """This network with one more card."""
        if isinstance(card, Supporter):
            return Network(self.supporters + (card,), self.events)
        return Network(self.supporters, self.events + (card,))

    def without_card(self, card: CardRef) -> Network:
        """This network without one of its cards."""
        if card.kind == SUPPORTER:
            return Network(tuple(s for s in self.supporters if s.id != card.id), self.events)
        return Network(self.supporters, tuple(e for e in self.events if e.id != card.id))


@dataclass(frozen=True)
class Placement:
    """One card on one cell of the grid."""

    #: The card.
    card: CardRef
    #: The cell's row (any integer; rows grow downwards).
    row: int
    #: The cell's column (any integer; columns grow to the right).
    col: int

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)


class ArrangementError(ValueError):
    """An arrangement that is not a layout of the network at all (not a rule verdict)."""

    def __init__(self, index: int | None, message: str) -> None:
        #: The position of the faulty placement in the arrangement, or None for the whole.
        self.index = index
        #: What is wrong, in words.
        self.message = message
        super().__init__(message)


@dataclass(frozen=True)
class Arrangement:
    """Every card of a network on its own cell."""

    #: The placements, one per card.
    placements: tuple[Placement, ...]

    def cells(self) -> dict[Cell, CardRef]:
        return {p.cell: p.card for p in self.placements}

    def normalized(self) -> Arrangement:
        """The same layout moved so that its top row and left column are 0, sorted by cell."""
        if not self.placements:
            return self
        top = min(p.row for p in self.placements)
        left = min(p.col for p in self.placements)
        moved = (Placement(p.card, p.row - top, p.col - left) for p in self.placements)
        return Arrangement(tuple(sorted(moved, key=lambda p: (p.row, p.col))))


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The four cells that share an edge with ``cell`` (never the corners)."""
    row, col = cell
    yield (row - 1, col)
    yield (row + 1, col)
    yield (row, col - 1)
    yield (row, col + 1)


def borders(cells: Iterable[Cell]) -> Iterator[tuple[Cell, Cell]]:
    """Each pair of occupied cells that share an edge, once (right and down from each cell)."""
    occupied = set(cells)
    for row, col in sorted(occupied):
        for other in ((row, col + 1), (row + 1, col)):
            if other in occupied:
                yield (row, col), other


# --- the rules, written once (Python values for the engine, Z3 terms for the proofs) -------------


def border_trick(a_supporter: Value, b_supporter: Value, listed: Value, ops: Ops = PY) -> Value:
    """"Each border between a matching Supporter and Event is one Trick": the two cards that share
    the border are of different kinds (``a_supporter``, ``b_supporter``: each card is a Supporter)
    and the Event lists the Supporter (``listed``)."""
    return ops.all((ops.not_(a_supporter == b_supporter), listed))


def border_allowed(a_supporter: Value, b_supporter: Value, listed: Value, ops: Ops = PY) -> Value:
    """"A Supporter and an Event may share a border only if they match": a border of two cards of
    different kinds needs the Event to list the Supporter; same-kind borders are allowed."""
    return ops.implies(ops.not_(a_supporter == b_supporter), listed)


#: One border as the rules see it: (first card is a Supporter, second card is a Supporter, the
#: Event of the two lists the Supporter of the two).
BorderFacts = tuple[Value, Value, Value]


def tricks_total(facts: Iterable[BorderFacts], ops: Ops = PY) -> Value:
    """The Trick total of a set of borders: one Trick for each matching Supporter-Event border."""
    return ops.count(border_trick(a, b, listed, ops) for a, b, listed in facts)


def card_matched(card_supporter: Value, sides: Iterable[tuple[Value, Value]], ops: Ops = PY) -> Value:
    """A card borders at least one card it matches; ``sides`` lists, for each card it borders,
    (that card is a Supporter, the Event of the two lists the Supporter of the two)."""
    return ops.any(border_trick(card_supporter, other, listed, ops) for other, listed in sides)


def may_enter(
    card_supporter: Value,
    touching: Sequence[tuple[Value, Value]],
    network_empty: Value,
    every_card_matched: Value,
    ops: Ops = PY,
) -> Value:
    """"A card enters your Locked Network when it borders a card already there (or when the
    network is empty), and it may not be placed where it would border a non-matching card of the
    other kind." ``touching`` lists, for each card the empty cell borders, (that card is a
    Supporter, the Event of the two lists the Supporter of the two). With ``every_card_matched``
    the card must also border a card it matches."""
    borders_one = len(touching) > 0
    clean = ops.all(border_allowed(card_supporter, other, listed, ops) for other, listed in touching)
    matched = card_matched(card_supporter, touching, ops)
    beside = ops.all((borders_one, clean, ops.implies(every_card_matched, matched)))
    return ops.any((network_empty, beside))


def arrangement_legal(
    allowed: Iterable[Value],
    matched: Iterable[Value],
    pieces: Value,
    rules: TricksRules,
    ops: Ops = PY,
) -> Value:
    """An arrangement is legal when every border is allowed (``allowed``, one per border); with
    rule option ``every_card_matched``, every card borders a card it matches (``matched``, one per
    card); with ``connected``, the cards lie in one piece (``pieces`` <= 1)."""
    conditions = [ops.all(allowed)]
    if rules.every_card_matched:
        conditions.append(ops.all(matched))
    if rules.connected:
        conditions.append(pieces <= 1)
    return ops.all(conditions)


def check_complete(network: Network, arrangement: Arrangement) -> None:
    """Raise ArrangementError unless the arrangement names every card exactly once, each on its
    own cell. Such faults are bad input, not rule verdicts."""
    known = set(network.cards())
    placed: set[CardRef] = set()
    cells: dict[Cell, CardRef] = {}
    for index, placement in enumerate(arrangement.placements):
        if placement.card not in known:
            raise ArrangementError(index, f"{placement.card.kind} {placement.card.id} is not in the network")
        if placement.card in placed:
            raise ArrangementError(index, f"{network.label(placement.card)} is placed twice")
        if placement.cell in cells:
            raise ArrangementError(
                index, f"row {placement.row} col {placement.col} already holds {network.label(cells[placement.cell])}"
            )
        placed.add(placement.card)
        cells[placement.cell] = placement.card
    missing = [card for card in network.cards() if card not in placed]
    if missing:
        raise ArrangementError(None, f"{network.label(missing[0])} is not placed")


def count_tricks(network: Network, arrangement: Arrangement) -> int:
    """The matching Supporter-Event borders of an arrangement (legal or not)."""
    cells = arrangement.cells()
    return int(tricks_total(border_facts(network, cells[a], cells[b]) for a, b in borders(cells)))


def listed(network: Network, a: CardRef, b: CardRef) -> bool:
    """Of two cards of different kinds, the Event lists the Supporter (False for the same kind)."""
    return network.matches(a, b)


def border_facts(network: Network, a: CardRef, b: CardRef) -> BorderFacts:
    """What the rules need to know of the border between cards ``a`` and ``b``."""
    return (a.kind == SUPPORTER, b.kind == SUPPORTER, listed(network, a, b))


def side_facts(network: Network, card: CardRef, other: CardRef) -> tuple[bool, bool]:
    """What the rules need to know of a card that ``card`` borders."""
    return (other.kind == SUPPORTER, listed(network, card, other))


def pieces(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The edge-connected pieces of a set of cells, each sorted, in order of their first cell."""
    unseen = set(cells)
    found = []
    for start in sorted(unseen):
        if start not in unseen:
            continue
        unseen.discard(start)
        piece, queue = [start], deque([start])
        while queue:
            for other in neighbours(queue.popleft()):
                if other in unseen:
                    unseen.discard(other)
                    piece.append(other)
                    queue.append(other)
        found.append(sorted(piece))
    return found


@dataclass(frozen=True)
class ArrangementReport:
    """The checker's verdict on one arrangement."""

    #: True when no rule is broken.
    legal: bool
    #: The matching Supporter-Event borders (counted also when the arrangement is illegal).
    tricks: int
    #: Each broken rule, in words.
    violations: tuple[str, ...]


def _where(cell: Cell) -> str:
    return f"row {cell[0]} col {cell[1]}"


def check_arrangement(
    network: Network, arrangement: Arrangement, rules: TricksRules = TricksRules()
) -> ArrangementReport:
    """Check a complete arrangement against the rules: list every violation and count Tricks."""
    check_complete(network, arrangement)
    cells = arrangement.cells()
    violations = []
    allowed = []
    for a, b in borders(cells):
        first, second = cells[a], cells[b]
        ok = bool(border_allowed(*border_facts(network, first, second)))
        allowed.append(ok)
        if not ok:
            supporter, event = (first, second) if first.kind == SUPPORTER else (second, first)
            s_cell, e_cell = (a, b) if first.kind == SUPPORTER else (b, a)
            violations.append(
                f"{network.label(supporter)} at {_where(s_cell)} borders {network.label(event)} "
                f"at {_where(e_cell)}, which does not list it"
            )
    matched = []
    if rules.every_card_matched:
        for cell, card in sorted(cells.items()):
            sides = [side_facts(network, card, cells[n]) for n in neighbours(cell) if n in cells]
            ok = bool(card_matched(card.kind == SUPPORTER, sides))
            matched.append(ok)
            if not ok:
                violations.append(f"{network.label(card)} at {_where(cell)} borders no card it matches")
    parts = pieces(cells) if rules.connected else []
    if len(parts) > 1:
        shown = "; ".join(
            ", ".join(str(cells[c].id) for c in part) for part in parts
        )
        violations.append(f"the network is in {len(parts)} pieces: {shown}")
    legal = bool(arrangement_legal(allowed, matched, len(parts), rules))
    return ArrangementReport(legal, count_tricks(network, arrangement), tuple(violations))


@dataclass(frozen=True)
class Entry:
    """A cell where a new card may enter the network, and the Tricks after it does."""

    #: The cell's row.
    row: int
    #: The cell's column.
    col: int
    #: The Tricks of the arrangement with the new card on this cell.
    tricks: int


def entry_cells(
    network: Network, arrangement: Arrangement, card: CardRef, rules: TricksRules = TricksRules()
) -> list[Entry]:
    """Every empty cell where ``card`` (already in ``network``) may enter beside ``arrangement``:
    it borders a card already there (any cell when the network is empty) and borders no
    non-matching card of the other kind; with ``every_card_matched``, it borders a card it
    matches. Sorted by row, then column."""
    cells = arrangement.cells()
    if not cells:
        return [Entry(0, 0, 0)] if may_enter(card.kind == SUPPORTER, [], True, rules.every_card_matched) else []
    base = count_tricks(network, arrangement)
    candidates = {n for cell in cells for n in neighbours(cell) if n not in cells}
    entries = []
    supporter = card.kind == SUPPORTER
    for cell in sorted(candidates):
        touching = [side_facts(network, card, cells[n]) for n in neighbours(cell) if n in cells]
        if not may_enter(supporter, touching, False, rules.every_card_matched):
            continue
        gained = tricks_total((supporter, other, match) for other, match in touching)
        entries.append(Entry(cell[0], cell[1], base + gained))
    return entries
