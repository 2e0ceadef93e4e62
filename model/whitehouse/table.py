"""Small functions on a White House intern table that the engine and the judge both read: the cost
of a slot, the order of play, whose decision the game waits for, and copies of frozen values with
a few fields changed.
"""

from __future__ import annotations

from typing import Any, TypeVar

from model.whitehouse.state import Arrival, CardId, Player, Slot, State

#: Cost in discarded cards of each slot.
COST: dict[Slot, int] = {"furthest": 0, "middle": 1, "closest": 2}

T = TypeVar("T")


def replace(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` for our frozen values, without its per-call introspection (the
    engine makes hundreds of thousands of small copies; this is the hot path)."""
    copy: T = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    copy.__dict__.pop("_legal", None)
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
