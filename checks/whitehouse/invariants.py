"""White House intern game invariants: the face-up rows and their costs.

A row is three slots (0 closest to its deck, 2 furthest); taking the card of slot ``i`` costs
``COST`` discards of that kind (0, 1 or 2), which go to the bottom of the deck; the cards closer to
the deck move one slot further, keeping their order, and the closest slot is refilled from the top
of the deck (option ``empty_deck``: or every empty slot is topped up). The Z3 encodings below
mirror ``model.whitehouse.engine`` (``COST``, ``_take_from_row``, ``_refill``, the take moves of
``Engine.legal_moves``) over symbolic card IDs; the shape of each case (deck length, which slots
hold a card, the hand, the slot taken, the discards) is enumerated, so each proof covers every
case up to the stated sizes. Counterexamples are replayed by applying a ``Take`` to a real
``State`` with ``Engine.apply``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import z3

from checks.core import Context, Invariant, concrete, count, pick, read
from checks.result import Counterexample
from model.whitehouse import engine
from model.whitehouse.cards import sample_catalogue
from model.whitehouse.state import Player, State
from model.whitehouse.state import Take as TakeMove
from solver.network.oracle import trick_oracle

if TYPE_CHECKING:
    from model.whitehouse.state import Slot

GAME = "whitehouse"
EMPTY = 0  # a symbolic slot holding 0 is empty (card IDs are positive)
SLOT_NAMES: tuple[Slot, Slot, Slot] = ("closest", "middle", "furthest")
MAX_DECK, MAX_HAND = 3, 3


def z3_cost(slot: Any) -> Any:
    """``COST``: the furthest card is free, the middle costs one discard, the closest two."""
    return pick([z3.IntVal(2), z3.IntVal(1), z3.IntVal(0)], slot)


def z3_take_from_row(row: Sequence[Any], slot: int) -> tuple[list[Any], Any]:
    """``_take_from_row``: the card leaves; the closer cards move one slot further, in order."""
    rest = [row[j] for j in range(3) if j != slot]
    return [z3.IntVal(EMPTY)] + rest, row[slot]


def z3_refill(row: Sequence[Any], deck: Sequence[Any], filled: Sequence[bool], empty_deck: str
              ) -> tuple[list[Any], list[Any], list[bool]]:
    """``_refill`` on a row whose occupancy is known: the closest slot from the top of the deck;
    with ``top_up``, every empty slot, the cards already there moving furthest."""
    deck = list(deck)
    if empty_deck == "top_up":
        present = [v for v, f in zip(row, filled, strict=False) if f]
        while len(present) < 3 and deck:
            present.insert(0, deck.pop(0))
        pad = 3 - len(present)
        return [z3.IntVal(EMPTY)] * pad + present, deck, [False] * pad + [True] * len(present)
    row, filled = list(row), list(filled)
    if not filled[0] and deck:
        row[0], filled[0] = deck.pop(0), True
    return row, deck, filled


def z3_can_take(filled: Any, hand_size: Any, slot: Any, cost: Callable[[Any], Any] = z3_cost) -> Any:
    """A take move exists for the slot: it holds a card and the hand can pay its cost."""
    return z3.And(filled, hand_size >= cost(slot))


@dataclass(frozen=True)
class RowsEncoding:
    """The Z3 encodings of the row rule functions (replaceable one by one)."""

    cost: Callable[[Any], Any] = z3_cost
    take_from_row: Callable[..., tuple[list[Any], Any]] = z3_take_from_row
    refill: Callable[..., tuple[list[Any], list[Any], list[bool]]] = z3_refill
    can_take: Callable[..., Any] = z3_can_take


# --- the cases of a take ----------------------------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """The shape of one take: what is where, which slot is taken, which hand cards pay."""

    deck: int
    filled: tuple[bool, bool, bool]
    hand: int
    slot: int
    discards: tuple[int, ...]


def shapes() -> list[Shape]:
    out = []
    for deck in range(MAX_DECK + 1):
        for a, b, c in itertools.product((False, True), repeat=3):
            filled = (a, b, c)
            for hand in range(MAX_HAND + 1):
                for slot in range(3):
                    if not filled[slot]:
                        continue
                    for discards in itertools.combinations(range(hand), 2 - slot):
                        out.append(Shape(deck, filled, hand, slot, discards))
    return out


@dataclass
class Symbols:
    deck: list[Any]
    row: list[Any]
    hand: list[Any]

    @classmethod
    def make(cls) -> Symbols:
        return cls([z3.Int(f"d{i}") for i in range(MAX_DECK)], [z3.Int(f"r{i}") for i in range(3)],
                   [z3.Int(f"h{i}") for i in range(MAX_HAND)])

    def facts(self) -> list[Any]:
        ids = self.deck + self.row + self.hand
        return [v > 0 for v in ids] + [z3.Distinct(ids)]


@dataclass
class Take:
    """A take worked through the encodings: the places before and after."""

    before_deck: list[Any]
    before_row: list[Any]
    before_hand: list[Any]
    deck: list[Any]
    row: list[Any]
    filled: list[bool]
    hand: list[Any]
    taken: Any


def encode_take(enc: RowsEncoding, sym: Symbols, shape: Shape, empty_deck: str) -> Take:
    deck = sym.deck[:shape.deck]
    row = [sym.row[i] if shape.filled[i] else z3.IntVal(EMPTY) for i in range(3)]
    hand = sym.hand[:shape.hand]
    paid = [hand[i] for i in shape.discards]
    kept = [c for i, c in enumerate(hand) if i not in shape.discards]
    new_row, taken = enc.take_from_row(row, shape.slot)
    # Which slots hold a card after the take: the same take applied to the slots' flags.
    flags, _ = enc.take_from_row([z3.IntVal(1 if f else 0) for f in shape.filled], shape.slot)
    filled = [concrete(flag) != 0 for flag in flags]
    new_row, new_deck, filled = enc.refill(new_row, deck + paid, filled, empty_deck)
    return Take(deck, row, hand, new_deck, new_row, filled, kept + [taken], taken)


def _places(take: Take) -> tuple[list[Any], list[Any]]:
    before = take.before_deck + [v for v in take.before_row] + take.before_hand
    after = take.deck + list(take.row) + take.hand
    return before, after


# --- replaying a take through the engine ---------------------------------------------------------


def replay_take(rules: Any, shape: Shape, deck: list[int], row: list[int | None], hand: list[int]) -> Any:
    """Apply ``Take(supporter, slot, discards)`` to a two-player table with these Supporters
    (the hand holds Supporters only, so nothing can lock) and return the state after it."""

    catalogue = sample_catalogue()
    events = catalogue.ids("event")
    distractions = catalogue.ids("distraction")
    state = State(
        catalogue=catalogue, rules=rules,
        players=(Player(supporters=tuple(hand)), Player()),
        decks=(tuple(deck), tuple(events[3:]), tuple(distractions[3:])),
        rows=((row[0], row[1], row[2]), (events[0], events[1], events[2]),
              (distractions[0], distractions[1], distractions[2])),
        current=0, phase="supporter", round_order=(0, 1),
    )
    move = TakeMove("supporter", SLOT_NAMES[shape.slot], tuple(hand[i] for i in shape.discards))
    referee = engine.Engine(catalogue, rules, trick_oracle(rules.tricks))
    legal = move in referee.legal_moves(state)
    after = referee.apply(state, move, 0) if legal else None
    return state, move, legal, after


def _decode_shape(model: z3.ModelRef, sym: Symbols, shape: Shape) -> tuple[list[int], list[int | None], list[int]]:

    # Map the symbolic IDs onto real Supporter numbers, keeping their order.
    ids = sample_catalogue().ids("supporter")
    used = [read(model, v) for v in sym.deck[:shape.deck] + sym.row + sym.hand[:shape.hand]]
    rank = {v: ids[i] for i, v in enumerate(sorted(set(used)))}
    deck = [rank[read(model, v)] for v in sym.deck[:shape.deck]]
    row = [rank[read(model, sym.row[i])] if shape.filled[i] else None for i in range(3)]
    hand = [rank[read(model, v)] for v in sym.hand[:shape.hand]]
    return deck, row, hand


def _draw_table(deck: list[int], row: list[int | None], hand: list[int]) -> str:
    slots = " ".join("__" if c is None else f"S{c}" for c in row)
    return (f"Supporter Deck (top first): {' '.join(f'S{c}' for c in deck) or 'empty'}\n"
            f"Supporter row (closest .. furthest): {slots}\n"
            f"Active Hand: {' '.join(f'S{c}' for c in hand) or 'empty'}")


def _case_counterexample(
    ctx: Context, violation: Callable[[Take, Shape], Any]
) -> tuple[Shape, list[int], list[int | None], list[int]] | None:
    """Ask Z3 for a take, over every row shape, that breaks ``violation``; decoded as the shape
    and the deck, row and hand it needs, or None when no take does."""
    enc: RowsEncoding = ctx.z3
    sym = Symbols.make()
    all_shapes = shapes()
    case = z3.Int("case")
    solver = ctx.solver()
    solver.add(*sym.facts())
    options = []
    for index, shape in enumerate(all_shapes):
        take = encode_take(enc, sym, shape, ctx.rules.empty_deck)
        options.append(z3.And(case == index, violation(take, shape)))
    solver.add(z3.Or(options))
    model = ctx.search(solver)
    if model is None:
        return None
    shape = all_shapes[read(model, case)]
    return (shape, *_decode_shape(model, sym, shape))


def _cards_of(state: Any) -> list[int]:
    player = state.players[0]
    return sorted(list(state.decks[0]) + [c for c in state.rows[0] if c is not None]
                  + list(player.supporters))


# --- WH-1: a take and its refill conserve the cards -------------------------------------------


def check_conserved(ctx: Context) -> Counterexample | None:
    probe = z3.Int("probe")

    def violation(take: Take, shape: Shape) -> Any:
        before, after = _places(take)
        return count(v == probe for v in before) != count(v == probe for v in after)

    found = _case_counterexample(ctx, lambda t, s: z3.And(probe > 0, violation(t, s)))
    if found is None:
        return None
    shape, deck, row, hand = found
    state, move, legal, after = replay_take(ctx.rules, shape, deck, row, hand)
    before_cards = _cards_of(state)
    after_cards = _cards_of(after) if after is not None else before_cards
    return Counterexample(
        {"deck": deck, "row": row, "hand": hand, "take": SLOT_NAMES[shape.slot],
         "discards": list(move.discards), "cards_before": before_cards, "cards_after": after_cards},
        _draw_table(deck, row, hand) + f"\nTake the {SLOT_NAMES[shape.slot]} Supporter",
        f"Engine.apply: {'legal' if legal else 'refused'}; Supporters on the table before "
        f"{before_cards}, after {after_cards}",
        legal and before_cards != after_cards,
    )


# --- WH-2: the furthest card is always affordable ----------------------------------------------


def check_furthest_affordable(ctx: Context) -> Counterexample | None:
    enc: RowsEncoding = ctx.z3
    hand_size = z3.Int("hand")
    solver = ctx.solver()
    solver.add(hand_size >= 0, hand_size <= MAX_HAND)
    solver.add(z3.Not(enc.can_take(z3.BoolVal(True), hand_size, z3.IntVal(2), enc.cost)))
    model = ctx.search(solver)
    if model is None:
        return None
    size = read(model, hand_size)

    ids = sample_catalogue().ids("supporter")
    hand, row, deck = list(ids[:size]), [ids[size], ids[size + 1], ids[size + 2]], list(ids[size + 3:size + 6])
    shape = Shape(len(deck), (True, True, True), size, 2, ())
    state, move, legal, _ = replay_take(ctx.rules, shape, deck, row, hand)
    return Counterexample(
        {"deck": deck, "row": row, "hand": hand, "take": "furthest"},
        _draw_table(deck, row, hand) + "\nTake the furthest Supporter for free",
        f"Engine.legal_moves {'lists' if legal else 'does not list'} the free take of the furthest "
        "Supporter",
        not legal,
    )


# --- WH-3: the row keeps its order and refills from the top -------------------------------------


def check_row_order(ctx: Context) -> Counterexample | None:
    def violation(take: Take, shape: Shape) -> Any:
        remaining = [take.before_row[j] for j in range(3) if j != shape.slot and shape.filled[j]]
        present = [v for v, f in zip(take.row, take.filled, strict=False) if f]
        drawn = len(present) - len(remaining)
        deck_before = take.before_deck + [take.before_hand[i] for i in shape.discards]
        wrong = [z3.BoolVal(drawn < 0)]
        # The remaining cards sit furthest from the deck, in their old order.
        if drawn >= 0:
            wrong += [a != b for a, b in zip(present[drawn:], remaining, strict=False)]
            # Every new face-up card is one of the deck's top cards.
            top = deck_before[:drawn]
            wrong += [z3.And([v != t for t in top] or [z3.BoolVal(True)]) for v in present[:drawn]]
        return z3.Or(wrong)

    found = _case_counterexample(ctx, violation)
    if found is None:
        return None
    shape, deck, row, hand = found
    state, move, legal, after = replay_take(ctx.rules, shape, deck, row, hand)
    new_row = list(after.rows[0]) if after is not None else row
    remaining = [row[j] for j in range(3) if j != shape.slot and row[j] is not None]
    present = [c for c in new_row if c is not None]
    drawn = len(present) - len(remaining)
    kept_order = drawn >= 0 and present[drawn:] == remaining
    from_top = drawn >= 0 and all(c in (deck + [hand[i] for i in shape.discards])[:drawn]
                                  for c in present[:drawn])
    return Counterexample(
        {"deck": deck, "row": row, "hand": hand, "take": SLOT_NAMES[shape.slot], "row_after": new_row},
        _draw_table(deck, row, hand) + f"\nTake the {SLOT_NAMES[shape.slot]} Supporter: the row becomes "
        + " ".join("__" if c is None else f"S{c}" for c in new_row),
        f"Engine.apply leaves the row {new_row}: remaining cards in order = {kept_order}, "
        f"new cards from the top of the deck = {from_top}",
        legal and not (kept_order and from_top),
    )


# --- WH-0: the encodings equal the engine ------------------------------------------------------


def check_encodings(ctx: Context) -> Counterexample | None:
    """Every take shape with concrete IDs: the encoded row, deck and hand after a take equal
    those ``Engine.apply`` leaves; the encoded take moves equal ``Engine.legal_moves``."""
    enc: RowsEncoding = ctx.z3

    ids = sample_catalogue().ids("supporter")
    sym = Symbols.make()
    case = z3.Int("case")
    values = {v: ids[i] for i, v in enumerate(sym.deck + sym.row + sym.hand)}
    pins = [v == n for v, n in values.items()]
    options: list[Any] = []
    results: list[tuple[Any, Any]] = []
    for index, shape in enumerate(shapes()):
        take = encode_take(enc, sym, shape, ctx.rules.empty_deck)
        deck = [values[v] for v in sym.deck[:shape.deck]]
        row = [values[sym.row[i]] if shape.filled[i] else None for i in range(3)]
        hand = [values[v] for v in sym.hand[:shape.hand]]
        _, _, legal, after = replay_take(ctx.rules, shape, deck, row, hand)
        # The shape pays the printed cost (2 - slot); the encoding must agree on its legality.
        encoded_legal = z3.And(enc.can_take(z3.BoolVal(True), z3.IntVal(shape.hand), z3.IntVal(shape.slot), enc.cost),
                               enc.cost(z3.IntVal(shape.slot)) == len(shape.discards))
        if after is None:
            options.append(z3.And(case == index, encoded_legal))
            results.append(("refused", None))
            continue
        engine_row = [EMPTY if c is None else c for c in after.rows[0]]
        expected = list(after.decks[0]) + engine_row + list(after.players[0].supporters)
        encoded = take.deck + list(take.row) + take.hand
        differs = z3.BoolVal(True) if len(expected) != len(encoded) else z3.Or(
            [a != b for a, b in zip(encoded, expected, strict=False)] or [z3.BoolVal(False)])
        options.append(z3.And(case == index, z3.Or(differs, z3.Not(encoded_legal))))
        results.append((expected, encoded))
    hand_size, slot, filled = z3.Int("hand_size"), z3.Int("slot"), z3.Bool("filled")
    for size in range(MAX_HAND + 1):
        for s in range(3):
            for f in (False, True):
                from model.whitehouse.table import COST
                python = f and size >= COST[SLOT_NAMES[s]]
                options.append(z3.And(case == -1 - (size * 6 + s * 2 + int(f)), hand_size == size,
                                      slot == s, filled == f,
                                      enc.can_take(filled, hand_size, slot, enc.cost) != python))
    solver = ctx.solver()
    solver.add(*pins)
    solver.add(z3.Or(options))
    model = ctx.search(solver)
    if model is None:
        return None
    index = read(model, case)
    if index < 0:
        code = -1 - index
        size, s, f = code // 6, (code % 6) // 2, bool(code % 2)
        from model.whitehouse.table import COST
        return Counterexample(
            {"hand": size, "slot": SLOT_NAMES[s], "filled": f},
            f"a hand of {size} Supporters, the {SLOT_NAMES[s]} slot {'holds a card' if f else 'empty'}",
            f"COST says {COST[SLOT_NAMES[s]]}; the encoded take rule disagrees with the engine",
            True,
        )
    shape = shapes()[index]
    expected, encoded = results[index]
    return Counterexample(
        {"take": SLOT_NAMES[shape.slot], "engine": expected,
         "z3": [read(model, v) for v in encoded] if encoded is not None else None},
        f"a take of the {SLOT_NAMES[shape.slot]} slot (deck {shape.deck}, row {shape.filled}, hand {shape.hand})",
        "deck + row + hand after the take: engine and encoding differ",
        True,
    )


_TAKE = ("First, take a Supporter. You can take the furthest Supporter from the Deck for free. Or "
         "you can take the middle Supporter by discarding a Supporter from your Active Hand to the "
         "bottom of the Deck. Or you can take the closest Supporter card to the Deck by discarding "
         "two Supporters to the bottom of the Deck.")
_REFILL = ("Draw a new card from the top of the Supporter Deck and place it in the slot closest to "
           "the Deck; the two remaining face-up cards keep their order.")
_DOMAIN = (f"decks of 0-{MAX_DECK} cards, every pattern of filled slots, hands of 0-{MAX_HAND} "
           "Supporters, every slot and every choice of discards, any card IDs")

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "WH-0", GAME, "The Z3 encodings of the rows equal the engine's take and refill",
        _TAKE + " " + _REFILL, _DOMAIN + " (IDs fixed to real Supporters)",
        ("model.whitehouse.engine.COST", "model.whitehouse.engine._take_from_row", "model.whitehouse.engine._refill",
         "model.whitehouse.engine.Engine.legal_moves"),
        check_encodings,
    ),
    Invariant(
        "WH-1", GAME, "A take and the refill conserve the cards (deck + row + hand)",
        _TAKE + " " + _REFILL, _DOMAIN,
        ("model.whitehouse.engine._take_from_row", "model.whitehouse.engine._refill"),
        check_conserved,
    ),
    Invariant(
        "WH-2", GAME, "The furthest card is affordable whenever its slot holds one",
        "You can take the furthest Supporter from the Deck for free. ... You may only take a card "
        "if you can pay its discard cost.",
        f"hands of 0-{MAX_HAND} cards, the furthest slot holding a card",
        ("model.whitehouse.engine.COST", "model.whitehouse.engine.Engine.legal_moves"),
        check_furthest_affordable,
    ),
    Invariant(
        "WH-3", GAME, "After a take the row keeps its order and refills from the top of the deck",
        _REFILL, _DOMAIN,
        ("model.whitehouse.engine._take_from_row", "model.whitehouse.engine._refill"),
        check_row_order,
    ),
)

#: The Z3 encoding its invariants run with unless a caller passes another.
DEFAULT_ENCODING = RowsEncoding()
