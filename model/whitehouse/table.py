"""Small functions on a White House intern table that the engine and the judge both read: the cost
of a slot and the discards that pay it, taking a card from a row and refilling it, the order of
play, whose decision the game waits for, and copies of frozen values with a few fields changed.

The row rules (``slot_cost``, ``discard_pays``, ``take_from_row``, ``refill``) are written once:
the engine calls them on its cards, and the proofs in ``checks/`` call the same functions on Z3
terms (``slot_cost`` and ``discard_pays`` against ``model.common.ops``; ``take_from_row`` and
``refill`` decide on the shape of a row alone, which slots hold a card and how long the deck is,
so any card values pass through them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from model.common.ops import PY, Ops, Value
from model.whitehouse.cards import DeckKind
from model.whitehouse.state import SLOTS, Arrival, CardId, Player, Slot, State

T = TypeVar("T")
V = TypeVar("V")


def slot_cost(slot: Value, ops: Ops = PY) -> Value:
    """The discard cost of the card in slot ``slot`` (0 closest to its deck, 2 furthest): the
    furthest card is free, the middle one costs one discard, the closest one two."""
    return ops.ite(slot == 2, ops.const(0), ops.ite(slot == 1, ops.const(1), ops.const(2)))


#: Cost in discarded cards of each slot, by name (``slot_cost`` of its index).
COST: dict[Slot, int] = {name: slot_cost(index) for index, name in enumerate(SLOTS)}


def discard_pays(slot: Value, supporters: Value, events: Value, row: DeckKind, mixed: bool,
                 ops: Ops = PY) -> Value:
    """Whether discarding ``supporters`` Supporters and ``events`` Events from the Active Hand
    pays for the card in slot ``slot`` of ``row``: exactly the slot's cost, in cards of the row's
    kind for the Supporter and Event rows, of either kind for the Distractions row (option
    mixed_distraction_cost=false: two cards of one kind)."""
    cost = slot_cost(slot, ops)
    if row == "supporter":
        return ops.all((supporters == cost, events == 0))
    if row == "event":
        return ops.all((events == cost, supporters == 0))
    one_kind = ops.any((supporters == 0, events == 0))
    return ops.all((supporters + events == cost, ops.any((mixed, cost < 2, one_kind))))


def take_from_row(row: Sequence[V | None], slot: int) -> tuple[tuple[V | None, V | None, V | None], V | None]:
    """The row after the card of slot ``slot`` leaves, and that card: the cards closer to the deck
    move one slot further, keeping their order, so the closest slot is left empty (None)."""
    rest = tuple(row[:slot]) + tuple(row[slot + 1:])
    return (None, rest[0], rest[1]), row[slot]


def refill(row: Sequence[V | None], deck: Sequence[V], top_up: bool
           ) -> tuple[tuple[V | None, V | None, V | None], tuple[V, ...]]:
    """The row and its deck after a refill: the empty closest slot gets the top card of the deck;
    with ``top_up`` (option empty_deck=top_up) every empty slot is filled while the deck has cards,
    the cards already there moving furthest from the deck."""
    cards = list(row)
    rest = list(deck)
    if top_up:
        present = [c for c in cards if c is not None]
        while len(present) < 3 and rest:
            present.insert(0, rest.pop(0))
        cards = [None] * (3 - len(present)) + present
    elif cards[0] is None and rest:
        cards[0] = rest.pop(0)
    return (cards[0], cards[1], cards[2]), tuple(rest)


def replace(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` for our frozen values, without its per-call introspection (the
    engine makes hundreds of thousands of small copies; this is the hot path)."""
    copy: T = object.__new__(type(value))
    fields = value.__dict__.copy()
    fields.update(changes)
    fields.pop("_legal", None)
    object.__setattr__(copy, "__dict__", fields)
    return copy


def remove_from_hand(player: Player, card: CardId) -> Player:
    """The player with ``card`` out of the Active Hand."""
    if isinstance(card, int):
        return replace(player, supporters=tuple(c for c in player.supporters if c != card))
    return replace(player, events=tuple(c for c in player.events if c != card))


def add_to_hand(player: Player, card: CardId) -> Player:
    """The player with ``card`` last in the Active Hand."""
    if isinstance(card, int):
        return replace(player, supporters=player.supporters + (card,))
    return replace(player, events=player.events + (card,))


def play_order(state: State, start: int) -> list[int]:
    """Every seat after ``start`` in the current direction of play (``start`` excluded)."""
    n = len(state.players)
    return [(start + state.direction * i) % n for i in range(1, n)]


def lies_candidates(state: State, arrival: Arrival) -> list[int]:
    """The seats that may still play Lies against ``arrival``, the first to answer first."""
    start = arrival.receiver if state.rules.lies_order == "after_receiver" else state.current
    seats = play_order(state, start) + [start]
    return [
        seat for seat in seats
        if seat != arrival.receiver and state.players[seat].lies and seat not in arrival.asked
    ]


def decider(state: State) -> int | None:
    """The seat whose decision the game waits for; None when the game is over."""
    if state.ended:
        return None
    if state.queue:
        head = state.queue[0]
        assert isinstance(head, Arrival), "only arrivals wait for a decision"
        if head.stage == "lies":
            return lies_candidates(state, head)[0]
        return head.receiver
    return state.current
