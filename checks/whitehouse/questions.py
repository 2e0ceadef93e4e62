"""Designer questions about the White House intern game's Locked Network, answered with a witness
replayed through the engine (``model.whitehouse.network.arrangement`` and the engine's entry rule in
``model.whitehouse.tricks``) or with a complete argument.

- LN-Q1: can a lock lower a Trick total? The known case: thirteen cards laid as a diamond make 16
  Tricks; an Event that lists only the Supporter in the middle locks in, and the fourteen cards make
  at most 15. "At most 15" is an exhaustive search: 16 is the Supporters' side of the bound (each
  Supporter in at most min(4, its listings) Tricks), so an arrangement with 16 has every Supporter
  bordering exactly those Events; every embedding of that border graph in the grid is tried.
- LN-Q2: what is the fewest cards that make 7 Tricks? Six (a 2 x 3 checkerboard), and Z3, running
  the engine's own ``tricks_total`` on the engine's ``borders``, proves that no layout of five or
  fewer cards in one piece makes 7, whatever the kinds and the catalogue.
"""

from __future__ import annotations

import importlib.util
import itertools
import math
from collections.abc import Iterator
from importlib import import_module
from typing import Any

from checks.core import Context, TimeUp
from checks.questions import Asked, No, NoneFound, Question, Witness, Yes
from checks.whitehouse import network_invariants as proofs
from model.common.errors import OutOfTime
from model.whitehouse import tricks as engine_tricks
from model.whitehouse.network import arrangement as tricks

GAME = "whitehouse"
Cell = tuple[int, int]
Ref = tricks.CardRef


def _s(number: int) -> Ref:
    return Ref(tricks.SUPPORTER, number)


def _e(name: str) -> Ref:
    return Ref(tricks.EVENT, name)


# --- the diamond ----------------------------------------------------------------------------------

#: Supporter 1 in the middle, Events Et, El, Er, Eb on its four sides, each listing the Supporter
#: at its tip (2, 3, 4, 5) and the two corner Supporters it shares with a neighbour (6, 7, 8, 9).
LISTING: dict[str, frozenset[int]] = {
    "Et": frozenset({1, 2, 6, 7}), "El": frozenset({1, 3, 6, 8}),
    "Er": frozenset({1, 4, 7, 9}), "Eb": frozenset({1, 5, 8, 9}),
}
#: The Event that locks in: it lists only Supporter 1.
NEWCOMER = "EX"
DIAMOND: dict[Ref, Cell] = {
    _s(1): (2, 2), _s(2): (0, 2), _s(3): (2, 0), _s(4): (2, 4), _s(5): (4, 2),
    _s(6): (1, 1), _s(7): (1, 3), _s(8): (3, 1), _s(9): (3, 3),
    _e("Et"): (1, 2), _e("El"): (2, 1), _e("Er"): (2, 3), _e("Eb"): (3, 2),
}
#: After the lock, 15 Tricks: Supporter 2 moved out beside Supporter 3, the newcomer on its cell.
AFTER_15: dict[Ref, Cell] = {**{k: v for k, v in DIAMOND.items() if k != _s(2)},
                             _e(NEWCOMER): (0, 2), _s(2): (2, -1)}
#: After the lock under every_card_matched (every card beside a match): the newcomer under
#: Supporter 1, Eb with Supporters 5, 8, 9 moved to the left beside Supporter 3.
AFTER_MATCHED: dict[Ref, Cell] = {
    **{k: v for k, v in DIAMOND.items() if k not in (_s(5), _s(8), _s(9), _e("Eb"))},
    _e(NEWCOMER): (3, 2), _s(8): (2, -1), _e("Eb"): (3, -1), _s(9): (4, -1), _s(5): (3, -2),
}


def diamond_networks() -> tuple[tricks.Network, tricks.Network]:
    """The thirteen cards of the diamond, and the same with the newcomer."""
    supporters = tuple(tricks.Supporter(n) for n in range(1, 10))
    events = tuple(tricks.Event(k, v) for k, v in LISTING.items())
    before = tricks.Network(supporters, events)
    return before, before.with_card(tricks.Event(NEWCOMER, frozenset({1})))


def _arrangement(cells: dict[Ref, Cell]) -> tricks.Arrangement:
    return tricks.Arrangement(tuple(tricks.Placement(card, *cell) for card, cell in cells.items()))


def _draw(network: tricks.Network, arrangement: tricks.Arrangement) -> str:
    cells = arrangement.cells()
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    lines = []
    for row in range(min(rows), max(rows) + 1):
        line = []
        for col in range(min(cols), max(cols) + 1):
            card = cells.get((row, col))
            label = "." if card is None else (f"S{card.id}" if card.kind == tricks.SUPPORTER else str(card.id))
            line.append(label.ljust(3))
        lines.append(" ".join(line).rstrip())
    listed = "; ".join(f"{e.id} lists {', '.join(f'S{s}' for s in sorted(e.supporters))}" for e in network.events)
    return "\n".join(lines + [f"({listed})"])


def _json(arrangement: tricks.Arrangement) -> list[dict[str, Any]]:
    return [{p.card.kind: p.card.id, "row": p.row, "col": p.col} for p in arrangement.placements]


# --- an arrangement that reaches the Supporters' side of the bound ----------------------------------


def supporters_cap(network: tricks.Network) -> int:
    """The Supporters' side of the bound: a Supporter has four sides and borders each Event it is
    listed on at most once, so it takes part in at most min(4, listings) Tricks."""
    return sum(min(4, sum(1 for e in network.events if s.id in e.supporters)) for s in network.supporters)


def reaching_cap(network: tricks.Network, rules: tricks.TricksRules, asked: Asked) -> tricks.Arrangement | None:
    """A legal arrangement (by ``check_arrangement`` under ``rules``) with ``supporters_cap``
    Tricks, or None when none exists (a complete search: with that many Tricks every Supporter
    borders exactly min(4, listings) of its Events, so each choice of those borders is embedded
    in the grid in every way, the first Supporter on (0, 0), and every other card is tried on every
    cell it may border). ValueError when the chosen borders do not join all of those cards."""
    target = supporters_cap(network)
    listings = {s.id: [e for e in network.events if s.id in e.supporters] for s in network.supporters}
    choices = [itertools.combinations(events, min(4, len(events))) for events in listings.values()]
    for chosen in itertools.product(*choices):
        asked.left()
        required: dict[Ref, set[Ref]] = {c: set() for c in network.cards()}
        for s, events in zip(listings, chosen, strict=True):
            for event in events:
                required[_s(s)].add(Ref(tricks.EVENT, event.id))
                required[Ref(tricks.EVENT, event.id)].add(_s(s))
        found = _embed(network, rules, required, target, asked)
        if found is not None:
            return found
    return None


def _embed(network: tricks.Network, rules: tricks.TricksRules, required: dict[Ref, set[Ref]],
           target: int, asked: Asked) -> tricks.Arrangement | None:
    linked = [c for c in network.cards() if required[c]]
    rest = [c for c in network.cards() if not required[c]]
    if not linked:
        raise ValueError("no border is required")
    order = [linked[0]]
    for card in order:
        order.extend(sorted(required[card] - set(order), key=lambda c: c._order))
    if len(order) != len(linked):
        raise ValueError("the required borders leave the cards in several groups")
    where: dict[Ref, Cell] = {}
    taken: dict[Cell, Ref] = {}

    def allowed(card: Ref, cell: Cell) -> bool:
        return all(
            tricks.border_allowed(*tricks.border_facts(network, card, taken[n]))
            for n in tricks.neighbours(cell) if n in taken
        )

    def place(k: int) -> tricks.Arrangement | None:
        if k == len(order):
            for extra in itertools.permutations(rest):
                found = place_rest(list(extra))
                if found is not None:
                    return found
            return None
        asked.left()
        card = order[k]
        anchors = [where[o] for o in required[card] if o in where]
        if not anchors:
            candidates: set[Cell] = {(0, 0)}
        else:
            candidates = set(tricks.neighbours(anchors[0]))
            for anchor in anchors[1:]:
                candidates &= set(tricks.neighbours(anchor))
        for cell in sorted(candidates - set(taken)):
            if not allowed(card, cell):
                continue
            where[card], taken[cell] = cell, card
            found = place(k + 1)
            del where[card], taken[cell]
            if found is not None:
                return found
        return None

    def place_rest(extra: list[Ref]) -> tricks.Arrangement | None:
        if not extra:
            arrangement = tricks.Arrangement(tuple(tricks.Placement(c, *cell) for c, cell in where.items()))
            report = tricks.check_arrangement(network, arrangement, rules)
            return arrangement if report.legal and report.tricks >= target else None
        card = extra[0]
        cells = {n for cell in taken for n in tricks.neighbours(cell)} - set(taken)
        if not rules.connected:
            cells.add((1000 * (len(where) + 1), 0))  # apart from every other card
        for cell in sorted(cells):
            if not allowed(card, cell):
                continue
            where[card], taken[cell] = cell, card
            found = place_rest(extra[1:])
            del where[card], taken[cell]
            if found is not None:
                return found
        return None

    return place(0)


# --- LN-Q1 ------------------------------------------------------------------------------------------


def _no_rearrange(network: tricks.Network, card: Ref, rules: tricks.TricksRules, deadline: float) -> Any:
    raise OutOfTime("the entry search after rearranging is not run here")


def lock_lowers(asked: Asked) -> Yes | No | NoneFound:
    rules = asked.rules
    network_rules: tricks.TricksRules = rules.tricks
    if not rules.single_lock and rules.lock_count == "one":
        return No(
            "with single_lock=false only a matching pair locks in, and a pair always adds a Trick: "
            "take the best arrangement before the lock; the cell above the leftmost card of its top "
            "row borders that card only, so the pair's card of the same kind goes there and its "
            "partner above it (no new border but the pair's own Trick; one piece; every card still "
            "beside a match): the total after is at least the total before plus 1"
        )
    if not rules.single_lock:
        return NoneFound(
            "with single_lock=false and lock_count=all a single card locks in only beside the card "
            "that just locked in with its pair; the diamond case needs the newcomer to lock beside "
            "a card already in the network, so it does not apply, and no other network was searched"
        )
    if not network_rules.connected and not network_rules.every_card_matched:
        return No(
            "with connected=false (and every_card_matched=false) a card that locks in may be set "
            "apart on a cell that borders no card: every legal arrangement before the lock stays "
            "legal with it and keeps its Tricks, so the total never falls"
        )
    before, after = diamond_networks()
    diamond = _arrangement(DIAMOND)
    checked = tricks.check_arrangement(before, diamond, network_rules)
    bound = engine_tricks.upper_bound(before)
    newcomer = _e(NEWCOMER)
    if network_rules.every_card_matched:
        entered = _arrangement(AFTER_MATCHED)
        how_entered = "the arrangement given here (the engine's own search after rearranging takes ~10 s)"
    else:
        entered_or_none = engine_tricks.single_entry(after, diamond, newcomer) or engine_tricks.rearranged_entry(
            after, diamond, newcomer, network_rules, _no_rearrange)
        if entered_or_none is None:
            return NoneFound("the diamond: the engine's entry rule does not let the newcomer lock in")
        entered = entered_or_none
        how_entered = "the engine's entry rule (single_entry, then rearranged_entry)"
    entry_report = tricks.check_arrangement(after, entered, network_rules)
    cells = entered.cells()
    where = next(cell for cell, card in cells.items() if card == newcomer)
    sides = [tricks.side_facts(after, newcomer, cells[n]) for n in tricks.neighbours(where) if n in cells]
    beside_match = bool(tricks.card_matched(False, sides))
    best = _arrangement(AFTER_15)
    best_report = tricks.check_arrangement(after, best, network_rules)
    if not best_report.legal:
        best, best_report = entered, entry_report
    cap = supporters_cap(after)
    reached = reaching_cap(after, network_rules, asked)
    if reached is not None:
        return NoneFound(
            "the diamond only: under these options its fourteen cards still reach 16 Tricks; no "
            "other network was searched"
        )
    agrees = (checked.legal and checked.tricks == 16 == bound and entry_report.legal and beside_match
              and best_report.legal and best_report.tricks < checked.tricks)
    replay = (
        f"before: check_arrangement says legal={checked.legal} with {checked.tricks} Tricks, and "
        f"upper_bound gives {bound}, so 16 is the total; the lock: {how_entered} puts {NEWCOMER} "
        f"beside Supporter 1 (borders a match: {beside_match}; check_arrangement legal="
        f"{entry_report.legal}, {entry_report.tricks} Tricks); after: the best arrangement shown makes "
        f"{best_report.tricks} Tricks (legal={best_report.legal}), and no legal arrangement of the "
        f"fourteen cards makes {cap} (exhaustive search of every way to lay the borders 16 needs, "
        f"through border_allowed and check_arrangement): the total falls from {checked.tricks} to "
        f"at most {cap - 1}"
    )
    state = {
        "supporters": [s.id for s in after.supporters],
        "events": [{"id": e.id, "supporters": sorted(e.supporters)} for e in after.events],
        "before": _json(diamond), "entered": _json(entered), "after": _json(best),
        "tricks_before": checked.tricks, "tricks_after": best_report.tricks,
    }
    drawing = ("before (the diamond, 16 Tricks):\n" + _draw(before, diamond)
               + f"\nafter {NEWCOMER} locks in ({best_report.tricks} Tricks):\n" + _draw(after, best))
    return Yes(Witness(state, drawing, replay, agrees))


# --- LN-Q2 ------------------------------------------------------------------------------------------


def fewest_for_seven(asked: Asked) -> Yes | No | NoneFound:
    rules: tricks.TricksRules = asked.rules.tricks
    context = Context(asked.rules, asked.deadline, asked.time_limit)
    try:
        smaller = proofs.fewer_cannot(context, 5)
    except TimeUp as stop:
        raise OutOfTime(stop.reason) from stop
    layout = smaller if smaller is not None else proofs.SEVEN_WITH_SIX
    network, arrangement = layout.network(), layout.arrangement()
    report = tricks.check_arrangement(network, arrangement, rules)
    counted = tricks.count_tricks(network, arrangement)
    n = len(layout.cells)
    if smaller is None:
        why = (f"fewer cannot: Z3 proves that no layout of 1-5 cards in one piece (every fixed "
               f"polyomino) makes 7 Tricks, whatever the kinds and the catalogue, on the engine's "
               f"own tricks_total and borders; a layout in pieces makes the sum of its pieces, and "
               f"2n - ceil(2 sqrt n) = {2 * 5 - math.ceil(2 * math.sqrt(5))} for n = 5 bounds them "
               f"all (the bound adds up over pieces)")
    else:
        why = "Z3 found this smaller layout making 7 Tricks through the engine's tricks_total"
    replay = (f"check_arrangement: legal={report.legal}, {report.tricks} Tricks; count_tricks: "
              f"{counted}; {n} cards; {why}")
    return Yes(Witness({**layout.json(), "cards": n, "tricks": counted}, layout.drawing(), replay,
                       report.legal and counted >= 7))


QUESTIONS_OWN: tuple[Question, ...] = (
    Question(
        "LN-Q1", GAME, "Can a lock lower a Trick total?",
        "You may rearrange the cards in your Locked Network at any time, and your Trick total is the "
        "most matching borders that arrangement can achieve. ... A card enters your Locked Network "
        "when it borders a card already there (or when the network is empty), and it may not be "
        "placed where it would border a non-matching card of the other kind.",
        "the 14-card case (the 13-card diamond making 16 Tricks plus an Event listing only its middle "
        "Supporter), replayed through check_arrangement, upper_bound and the engine's entry rule; "
        "'at most 15 after' by an exhaustive search of every arrangement reaching the Supporters' "
        "side of the bound (16); under single_lock=false with lock_count=one, or connected=false "
        "with every_card_matched=false, a proof that no lock lowers it; under single_lock=false "
        "with lock_count=all, none found (the diamond does not apply and nothing else is searched)",
        lock_lowers,
    ),
    Question(
        "LN-Q2", GAME, "What is the fewest cards that make 7 Tricks?",
        "The first player to make 7 Tricks wins. A Trick is a matching border, so a single card may "
        "be part of several Tricks, but it counts for at most 4 of them — one per side — toward the 7.",
        "a 6-card witness (the 2 x 3 checkerboard) checked by check_arrangement; fewer: Z3 on the "
        "engine's tricks_total over every layout of 1-5 cards in one piece (91 fixed polyominoes), "
        "and the bound 2n - ceil(2 sqrt n) for layouts in pieces",
        fewest_for_seven,
    ),
)


def _more() -> Iterator[Question]:
    name = "checks.whitehouse.table_questions"
    if importlib.util.find_spec(name) is not None:
        yield from import_module(name).QUESTIONS


#: The White House questions: the Locked Network's, then the table's (when that module exists).
QUESTIONS: tuple[Question, ...] = QUESTIONS_OWN + tuple(_more())
