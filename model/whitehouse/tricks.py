"""The Trick total of a player's Locked Network during a game, and where new cards may enter.

The engine asks one question many times: "what is this network's proven maximum?". This module
answers it behind one seam, ``TrickOracle.total``: a cache keyed by the network's canonical form,
cheap exact bounds first (an arrangement that meets an upper bound needs no solve), and only then
the solver. Every answer is checked by the model's own checker before it is used.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from model.common.errors import OutOfTime
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
    border_allowed,
    border_facts,
    card_matched,
    check_arrangement,
    count_tricks,
    entry_cells,
    may_enter,
    neighbours,
    side_facts,
)

Cell = tuple[int, int]
#: A network's canonical form: its number of Supporters and, for each Event, the ranks of the
#: Supporters it lists.
CanonicalKey = tuple[int, tuple[tuple[int, ...], ...]]
#: Where an answer of ``TrickOracle.total`` came from.
AnswerSource = Literal["bound", "cache", "solver"]


def _borders(n: int) -> int:
    """The most borders n cells of the grid share: 2n - ceil(2 sqrt n) (Harary and Harborth)."""
    return 2 * n - math.ceil(2 * math.sqrt(n)) if n >= 2 else 0


#: A card of the graph of matching pairs: ("s", a Supporter's number) or ("e", an Event's index).
Node = tuple[str, int]


def upper_bound(network: Network) -> int:
    """An exact upper bound on the Trick total, added up over the components of the matching
    pairs (a Trick joins a Supporter and an Event that lists it, so both lie in one component):
    in each, every Trick is a matching pair; each card has four sides (the Supporters' side and
    the Events' side both cap the total); its n cards share at most ``_borders(n)`` borders; and
    its Tricks form no short cycle (``_acyclic_blocks``)."""
    if network.size < 2:
        return 0
    present = {s.id for s in network.supporters}
    parent: dict[Node, Node] = {}

    def root(card: Node) -> Node:
        while parent.setdefault(card, card) != card:
            parent[card] = parent[parent[card]]
            card = parent[card]
        return card

    listings = [event.supporters & present for event in network.events]
    for index, listed in enumerate(listings):
        for s in listed:
            parent[root(("e", index))] = root(("s", s))
    cards: dict[Node, int] = {}
    pairs: dict[Node, int] = {}
    by_events: dict[Node, int] = {}
    by_supporters: dict[Node, int] = {}
    degree: dict[int, int] = {s: 0 for s in present}
    for index, listed in enumerate(listings):
        component = root(("e", index))
        cards[component] = cards.get(component, 0) + 1
        pairs[component] = pairs.get(component, 0) + len(listed)
        by_events[component] = by_events.get(component, 0) + min(4, len(listed))
        for s in listed:
            degree[s] += 1
    for s in present:
        component = root(("s", s))
        cards[component] = cards.get(component, 0) + 1
        by_supporters[component] = by_supporters.get(component, 0) + min(4, degree[s])
    by_cycles: dict[Node, int] = {}
    for node, tricks in _acyclic_blocks(listings):
        component = root(node)
        by_cycles[component] = by_cycles.get(component, 0) + tricks
    return sum(min(pairs.get(c, 0), by_events.get(c, 0), by_supporters.get(c, 0), _borders(n),
                   by_cycles.get(c, 0))
               for c, n in cards.items())


def _blocks(edges: list[tuple[Node, Node]]) -> list[list[tuple[Node, Node]]]:
    """The biconnected blocks of a graph, each as its edges (Hopcroft and Tarjan)."""
    adjacent: dict[Node, list[Node]] = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    depth: dict[Node, int] = {}
    low: dict[Node, int] = {}
    stack: list[tuple[Node, Node]] = []
    found: list[list[tuple[Node, Node]]] = []

    def visit(node: Node, parent: Node | None, level: int) -> None:
        depth[node] = low[node] = level
        for other in adjacent[node]:
            if other == parent:
                continue
            if other not in depth:
                stack.append((node, other))
                visit(other, node, level + 1)
                low[node] = min(low[node], low[other])
                if low[other] >= depth[node]:
                    block = []
                    while True:
                        edge = stack.pop()
                        block.append(edge)
                        if edge == (node, other):
                            break
                    found.append(block)
            elif depth[other] < depth[node]:
                stack.append((node, other))
                low[node] = min(low[node], depth[other])

    for node in adjacent:
        if node not in depth:
            visit(node, None, 0)
    return found


def _acyclic_blocks(listings: list[frozenset[int]]) -> list[tuple[Node, int]]:
    """The most Tricks each block of the graph of matching pairs can hold, with a card of it.

    The Tricks of an arrangement are matching pairs that border: a cycle of them is a cycle of
    the grid. A 4-cycle of the grid is a 2 x 2 block, whose two Supporters both border both
    Events: two Events that list the same two Supporters. A 6-cycle is the rim of a 2 x 3 block,
    whose two middle cards (a Supporter and an Event) border, so they must match ("may share a
    border only if they match"), and with the rim they make two Events that list the same two
    Supporters again. So in a block with no two such Events and at most 7 cards (hence no cycle
    of 8 or more) the Tricks form no cycle: at most its cards less one. Any other block holds at
    most its pairs."""
    edges = [(("s", s), ("e", index)) for index, listed in enumerate(listings) for s in sorted(listed)]
    found = []
    for block in _blocks(edges):
        nodes = {node for edge in block for node in edge}
        tricks = len(block)
        if len(nodes) <= 7 and tricks >= len(nodes):
            supporters = {number for kind, number in nodes if kind == "s"}
            shared = [listings[index] & supporters for kind, index in nodes if kind == "e"]
            square = any(len(shared[i] & shared[j]) >= 2 for i in range(len(shared)) for j in range(i))
            if not square:
                tricks = len(nodes) - 1
        found.append((block[0][0], tricks))
    return found


def canonical_key(network: Network) -> CanonicalKey:
    """A key equal for networks that differ only in card names: Supporters ranked by number,
    each Event reduced to the ranks of the Supporters of this network it lists."""
    rank = {s.id: i for i, s in enumerate(sorted(network.supporters, key=lambda s: s.id))}
    events = sorted(tuple(sorted(rank[s] for s in e.supporters if s in rank)) for e in network.events)
    return (len(rank), tuple(events))


def _canonical(network: Network) -> tuple[Network, list[CardRef]]:
    """The network relabelled canonically (Supporters 1..k by rank of number, Events ``e0``..
    sorted by their listing), and the original cards in that same order. Solving the relabelled
    network makes every answer a function of the key alone, whatever was solved before."""
    supporters = sorted(network.supporters, key=lambda s: s.id)
    rank = {s.id: i for i, s in enumerate(supporters)}
    events = sorted(
        network.events, key=lambda e: (tuple(sorted(rank[s] for s in e.supporters if s in rank)), str(e.id))
    )
    relabelled = Network(
        tuple(Supporter(i + 1) for i in range(len(supporters))),
        tuple(
            Event(f"e{j}", frozenset(rank[s] + 1 for s in e.supporters if s in rank))
            for j, e in enumerate(events)
        ),
    )
    order = [CardRef(SUPPORTER, s.id) for s in supporters] + [CardRef(EVENT, e.id) for e in events]
    return relabelled, order


@dataclass(frozen=True)
class Total:
    """A network's Trick total and a legal arrangement that reaches it."""

    #: The proven maximum.
    tricks: int
    #: A legal arrangement with that many Tricks.
    arrangement: Arrangement
    #: How it was proven: "bound", "cache" or the solver's own word.
    proven_by: str


class UnprovenTotal(OutOfTime):
    """The solver did not prove the maximum (or decide an entry) within its time limit."""


@dataclass(frozen=True)
class Hint:
    """A legal arrangement of the network to solve, known before the solve (the network before
    its new cards came, with them beside it): a lower bound on the total and a candidate answer."""

    #: A legal arrangement of every card of the network.
    arrangement: Arrangement
    #: Its Trick count: the proven total is at least this.
    tricks: int


#: The seam to the solver: a network's proven maximum Trick total, a legal arrangement that
#: reaches it, and the solver's word for how it proved it. Raises ``UnprovenTotal`` when it cannot.
#: With a ``Hint`` whose count the solver proves to be the maximum, it returns the hint's own
#: arrangement without searching; otherwise its answer is the one it gives without the hint (the
#: oracle caches that one). A total below the hint's count is the solver's bug.
Solve = Callable[[Network, TricksRules, Hint | None], tuple[int, Arrangement, str]]


@dataclass(frozen=True)
class EntrySearch:
    """What the solver's exhaustive entry search found."""

    #: True when the search finished (so ``arrangement`` None means no entry exists).
    complete: bool
    #: A rearrangement in which the new card borders a matching card, if one was found.
    arrangement: Arrangement | None


#: The seam to the solver's entry search: ``(network with the new card, the new card, rules,
#: deadline as time.monotonic())``. Needed only under ``every_card_matched``.
Rearrange = Callable[[Network, CardRef, TricksRules, float], EntrySearch]


class TrickOracle:
    """Proven Trick totals with a cache and cheap bounds first.

    The answer is a function of the network, ``known`` and ``before`` alone (never of what was
    cached before): the solver always sees the canonically relabelled network, and the cache keeps
    only arrangements the solver found without a hint."""

    def __init__(self, rules: TricksRules, solve: Solve, rearrange: Rearrange) -> None:
        #: The Locked Network rules.
        self.rules = rules
        self._solve = solve
        #: The solver's entry search, for entries after rearranging under ``every_card_matched``.
        self.rearrange = rearrange
        # Per canonical key: the proven total, the solver's arrangement of the relabelled network
        # as one cell per card in ``relabelled.cards()`` order (None when a hint settled it), and
        # how it was proven.
        self._cache: dict[CanonicalKey, tuple[int, tuple[Cell, ...] | None, str]] = {}
        #: How many answers came from each source (bound, cache, solver).
        self.stats: dict[AnswerSource, int] = {"bound": 0, "cache": 0, "solver": 0}

    def under(self, rules: TricksRules) -> TrickOracle:
        """This oracle if ``rules`` are its own, else one with the same solver under ``rules``."""
        return self if rules == self.rules else TrickOracle(rules, self._solve, self.rearrange)

    def total(self, network: Network, known: Arrangement | None = None, before: Arrangement | None = None) -> Total:
        """The proven maximum of ``network``; ``known`` is a legal arrangement of it, if any, and
        ``before`` the arrangement of the network before its newest card came (the rest of
        ``network`` laid out legally), if any. The best of ``known`` and ``before`` with the new
        card in its best free cell (``grown``) is the hint: when it meets the upper bound it is
        the answer without a solve, else the solver receives it (a lower bound, and the answer
        when the solver's own bounds prove it), and whenever it reaches the proven total it is
        returned as it is."""
        if network.size == 0:
            return Total(0, Arrangement(()), "bound")
        bound = upper_bound(network)
        best, count = self._hint(network, bound, known, before)
        if best is not None and count >= bound:
            if count > bound:
                raise RuntimeError(f"a legal arrangement makes {count} Tricks, above the upper bound {bound}")
            self.stats["bound"] += 1
            return Total(bound, best.normalized(), "bound")
        key = canonical_key(network)
        relabelled, order = _canonical(network)
        cached = self._cache.get(key)
        if cached is None or (cached[1] is None and count < cached[0]):
            hint = None if best is None or cached is not None else Hint(_relabel(best, order, relabelled), count)
            tricks, arrangement, how = self._solve(relabelled, self.rules, hint)
            report = check_arrangement(relabelled, arrangement, self.rules)
            if not report.legal or report.tricks != tricks:
                raise RuntimeError(f"the solver's arrangement fails the checker: {report.violations}")
            # The arrangement of a solve the hint settled is the hint's: not kept, so that every
            # answer stays a function of the network and the hint given with it alone.
            position = {p.card: p.cell for p in arrangement.placements}
            cells = None if best is not None and tricks == count else tuple(position[c] for c in relabelled.cards())
            cached = (tricks, cells, how)
            self._cache[key] = cached
            self.stats["solver"] += 1
        else:
            self.stats["cache"] += 1
        tricks, cells, how = cached
        if count > tricks:
            raise RuntimeError(f"the proven total {tricks} is below a legal arrangement's {count}")
        if best is not None and count == tricks:
            return Total(tricks, best.normalized(), how)
        assert cells is not None, "a total the hint did not reach keeps the solver's arrangement"
        arrangement = Arrangement(tuple(Placement(card, r, c) for card, (r, c) in zip(order, cells, strict=True)))
        return Total(tricks, arrangement.normalized(), how)

    def _hint(
        self, network: Network, bound: int, known: Arrangement | None, before: Arrangement | None
    ) -> tuple[Arrangement | None, int]:
        """The better legal arrangement of ``known`` and ``grown(before)`` (the second only
        where the first falls short of ``bound``), with its Trick count (-1 with none)."""
        best, count = known, -1 if known is None else count_tricks(network, known)
        if before is not None and count < bound:
            larger = grown(network, before, self.rules)
            if larger is not None and (larger_count := count_tricks(network, larger)) > count:
                best, count = larger, larger_count
        return best, count


def grown(network: Network, before: Arrangement, rules: TricksRules) -> Arrangement | None:
    """``before`` (a legal arrangement of all of ``network`` but one card) with that card in the
    free cell where it makes most Tricks and breaks no rule (``entry_cells``); None when
    ``before`` lacks more or fewer cards than one, or the card fits nowhere."""
    placed = {p.card for p in before.placements}
    missing = [card for card in network.cards() if card not in placed]
    if len(missing) != 1 or len(placed) != network.size - 1:
        return None
    (card,) = missing
    cells = entry_cells(network, before, card, rules)
    if not cells:
        return None
    top = max(cells, key=lambda entry: entry.tricks)
    larger = Arrangement(before.placements + (Placement(card, top.row, top.col),))
    return larger if check_arrangement(network, larger, rules).legal else None


def _relabel(arrangement: Arrangement, order: list[CardRef], relabelled: Network) -> Arrangement:
    """``arrangement`` with its cards renamed as ``_canonical`` renames them."""
    name = dict(zip(order, relabelled.cards(), strict=True))
    return Arrangement(tuple(Placement(name[p.card], p.row, p.col) for p in arrangement.placements))


# --- entering the network ------------------------------------------------------------------------


def _fits(network: Network, cells: dict[Cell, CardRef], cell: Cell, card: CardRef) -> bool:
    """``card`` on the empty ``cell`` borders no non-matching card of the other kind."""
    touching = (cells[n] for n in neighbours(cell) if n in cells)
    return all(border_allowed(*border_facts(network, card, other)) for other in touching)


def single_entry(network: Network, arrangement: Arrangement, card: CardRef) -> Arrangement | None:
    """An arrangement of ``network`` (which already holds ``card``) where ``card`` entered beside
    ``arrangement`` and borders a matching card there; None when it cannot. The cells are tried
    in ``entry_cells``' order (by row, then column), without counting their Tricks."""
    cells = arrangement.cells()
    supporter = card.kind == SUPPORTER
    for cell in sorted({n for occupied in cells for n in neighbours(occupied) if n not in cells}):
        sides = [side_facts(network, card, cells[n]) for n in neighbours(cell) if n in cells]
        if may_enter(supporter, sides, False, False) and card_matched(supporter, sides):
            return Arrangement(arrangement.placements + (Placement(card, *cell),))
    return None


def pair_entry(network: Network, arrangement: Arrangement, first: CardRef, second: CardRef) -> Arrangement | None:
    """An arrangement where the matching pair ``first``-``second`` entered edge to edge, the pair
    bordering the cards already there (anywhere when the network was empty); None when it cannot."""
    cells = arrangement.cells()
    if not cells:
        return Arrangement((Placement(first, 0, 0), Placement(second, 0, 1)))
    # Above the leftmost card of the top row only that card is a neighbour: the pair's card of
    # its kind goes there, the partner above (this always works; other cells are tried first so
    # that the pair lands beside a matching card when it can).
    candidates = sorted({n for cell in cells for n in neighbours(cell) if n not in cells})
    for cell in candidates:
        for card, partner in ((first, second), (second, first)):
            if not _fits(network, cells, cell, card):
                continue
            for other in neighbours(cell):
                if other in cells:
                    continue
                trial = dict(cells)
                trial[cell] = card
                if _fits(network, trial, other, partner):
                    return Arrangement(arrangement.placements + (Placement(card, *cell), Placement(partner, *other)))
    top = min(cells)
    same, partner = (first, second) if first.kind == cells[top].kind else (second, first)
    above = (top[0] - 1, top[1])
    return Arrangement(arrangement.placements + (Placement(same, *above), Placement(partner, above[0] - 1, above[1])))


def line_entry(network: Network, old: Arrangement, card: CardRef) -> Arrangement | None:
    """A rearrangement that lets ``card`` enter beside a matching card: the old cards in one row,
    Supporters first and Events after, joined by a matching pair (or, where the old network holds
    no matching pair, which only a network allowed in pieces can, with an empty cell between the
    two kinds), and ``card`` above a card it matches, where it borders nothing else. Every border
    in the row is Supporter-Supporter, Event-Event or the matching junction, so the old cards stay
    one legal piece. None when no old card matches ``card``: this settles the question exactly,
    since the construction works whenever such a card exists."""
    olds = [p.card for p in old.placements]
    anchors = sorted((c for c in olds if network.matches(card, c)), key=lambda c: c._order)
    if not anchors:
        return None
    supporters = sorted((c for c in olds if c.kind == SUPPORTER), key=lambda c: c._order)
    events = sorted((c for c in olds if c.kind != SUPPORTER), key=lambda c: c._order)
    junction = next(((s, e) for s in supporters for e in events if network.matches(s, e)), None)
    gap = 1 if supporters and events and junction is None else 0
    if junction is not None:
        supporter, event = junction
        supporters = [c for c in supporters if c != supporter] + [supporter]
        events = [event] + [c for c in events if c != event]
    columns = {c: i for i, c in enumerate(supporters)}
    columns.update({c: len(supporters) + gap + i for i, c in enumerate(events)})
    placed = tuple(Placement(c, 0, columns[c]) for c in supporters + events)
    return Arrangement(placed + (Placement(card, -1, columns[anchors[0]]),))


#: Seconds the search for a card's entry into a rearranged network may take (with rule option
#: ``every_card_matched``), before it is reported as undecided.
ENTRY_SEARCH_SECONDS = 30.0


def rearranged_entry(
    network: Network, old: Arrangement, card: CardRef, rules: TricksRules, rearrange: Rearrange
) -> Arrangement | None:
    """A rearrangement that lets ``card`` enter beside a matching card, or None when none can.
    Without ``every_card_matched`` a construction always decides (``line_entry``); with it, the
    rearranged network must also keep every card beside a match, and the solver's exhaustive
    search (``rearrange``) decides."""
    if not rules.every_card_matched:
        return line_entry(network, old, card)
    found = rearrange(network, card, rules, time.monotonic() + ENTRY_SEARCH_SECONDS)
    if not found.complete:
        raise UnprovenTotal(f"the search for where {card.kind} {card.id} may enter ran out of time")
    return found.arrangement
