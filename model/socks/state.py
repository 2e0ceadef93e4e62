"""Oh My Socks!: a position (``State``): everything on the table, hidden cards included.

The engine (``model.socks.engine``) plays moves on it; it is a frozen value, so a position is
never changed, only followed by the next one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from model.socks import scoring
from model.socks.cards import Catalogue, WildValue
from model.socks.rules import SocksRules

#: How a face-up Super Sock without a set waits: typed by the next Sock anyone collects, by the
#: next Sock its owner collects, or chosen at the end.
Waiting = Literal["anyone", "owner", "end"]
WAIT_ANYONE: Literal["anyone"] = "anyone"
WAIT_OWNER: Literal["owner"] = "owner"
WAIT_END: Literal["end"] = "end"


@dataclass(frozen=True)
class WildState:
    """A Super Sock lying face up in a collection."""

    #: Its catalogue index.
    card: int
    #: The seat whose collection holds it.
    owner: int
    #: The set it belongs to, or None while it waits.
    set: int | None
    #: While it has no set: ``anyone``, ``owner`` or ``end`` (what will decide it).
    waiting: Waiting | None

    @classmethod
    def described(
        cls, card: int, owner: int, value: WildValue, first_of_game: bool, rules: SocksRules
    ) -> WildState:
        """A Super Sock from a position's description: its set, ``"end"`` (chosen at the end)
        or ``"waiting"`` (typed by the next Sock: anyone's when it was the game's first Sock
        and the rules say so, else its owner's)."""
        if value == "end":
            return cls(card, owner, None, WAIT_END)
        if value == "waiting":
            anyone = first_of_game and rules.super_first_sock == "anyone"
            return cls(card, owner, None, WAIT_ANYONE if anyone else WAIT_OWNER)
        return cls(card, owner, value, None)


@dataclass(frozen=True)
class State:
    """A position: everything on the table, hidden cards included."""

    #: The cards in play.
    catalogue: Catalogue
    #: The rule options.
    rules: SocksRules
    #: The players' names, clockwise from the first player.
    names: tuple[str, ...]
    #: The draw pile, top card first.
    deck: tuple[int, ...]
    #: The cards the seat to move has drawn and revealed; once the game is over, the cards of
    #: the last draw that were not played (the Washing Machine among them).
    drawn: tuple[int, ...]
    #: Each seat's face-up collection, in the order collected.
    collections: tuple[tuple[int, ...], ...]
    #: Each seat's face-down gifts, in the order received.
    gifts: tuple[tuple[int, ...], ...]
    #: Cards discarded face up (2 players: an arrow pointing at the empty side).
    discard: tuple[int, ...]
    #: The Super Socks lying face up.
    wilds: tuple[WildState, ...]
    #: The seat to move (once over: the seat that drew the Washing Machine).
    current: int
    #: The number of the turn being played, from 1.
    turn: int
    #: True once the Washing Machine has been drawn.
    over: bool
    #: True once any Sock has joined a collection face up.
    collected_any: bool

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    def sets_of(self, seat: int) -> tuple[int, ...]:
        """The set numbers a seat's face-up collection holds (typed Super Socks included), in
        ascending order: the sets a Super Sock added to it may join."""
        return collection_sets(self.catalogue, self.collections[seat], self.wilds, seat)


class TypedWild(Protocol):
    """A face-up Super Sock as the sets of a collection read it (a ``WildState``, or the engine's
    working copy of one during a turn)."""

    @property
    def owner(self) -> int: ...

    @property
    def set(self) -> int | None: ...


def collection_sets(
    catalogue: Catalogue, collection: Sequence[int], wilds: Sequence[TypedWild], seat: int
) -> tuple[int, ...]:
    """The set numbers ``seat``'s collection holds: its printed Socks' and its typed Super Socks'."""
    card_set = catalogue.card_sets
    printed = (number for c in collection if (number := card_set[c]) is not None)
    typed = (w.set for w in wilds if w.owner == seat and w.set is not None)
    return scoring.super_sock_sets(printed, typed)
