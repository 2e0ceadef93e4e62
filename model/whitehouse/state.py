"""The state and the moves of the White House intern game (frozen values, no behaviour).

A state is a snapshot of the whole table: the three decks (top first; cards go to the bottom), the
three rows (slot 0 is closest to its deck, slot 2 furthest), every player's Active Hand, Locked
Network (its cards on a legal arrangement) and the Gridlocks, Lies and Deflection beside it, whose
turn and which of its three actions it is, and a queue of steps still to resolve (a card on its way
into a hand, a row to refill, a played Distraction to put away). The head of the queue may wait
for a player's decision; ``model.whitehouse.engine`` says which moves are legal and applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from model.whitehouse.cards import Catalogue
from model.whitehouse.network.arrangement import Arrangement
from model.whitehouse.rules import WhitehouseRules

CardId = int | str
SLOTS: tuple[str, ...] = ("closest", "middle", "furthest")
#: Deck and row index of each kind.
S, E, D = 0, 1, 2
KIND_INDEX = {"supporter": S, "event": E, "distraction": D}
KIND_NAMES = ("supporter", "event", "distraction")
#: The phases of a turn, in order.
PHASES = ("supporter", "event", "distraction")


def kind_of(card: CardId) -> str:
    """A hand card's kind: Supporters are numbers, Events are strings."""
    return "supporter" if isinstance(card, int) else "event"


@dataclass(frozen=True)
class Player:
    """One player's cards."""

    #: Supporter numbers in the Active Hand, in arrival order.
    supporters: tuple[int, ...] = ()
    #: Event IDs in the Active Hand, in arrival order.
    events: tuple[str, ...] = ()
    #: The Locked Network on a legal arrangement.
    network: Arrangement = field(default_factory=lambda: Arrangement(()))
    #: The network's proven Trick total.
    tricks: int = 0
    #: Gridlock cards in the space between the hand and the network, oldest first.
    gridlocks: tuple[str, ...] = ()
    #: Lies cards below the Active Hand, oldest first.
    lies: tuple[str, ...] = ()
    #: The Deflection face-up above the Active Hand, if any.
    deflection: str | None = None

    def hand(self, kind: str) -> tuple:
        return self.supporters if kind == "supporter" else self.events

    def holds(self, card: CardId) -> bool:
        return card in self.hand(kind_of(card))


# --- queued steps --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrival:
    """A card on its way into a player's Active Hand (or a Deflection on its way above it)."""

    #: The card: a Supporter number, an Event ID, or a Deflection's ID.
    card: CardId
    #: "supporter", "event" or "deflection".
    kind: str
    #: The seat of the player whose hand it is going to enter.
    receiver: int
    #: "row" (taken on a turn) or "distraction" (brought by a Distraction action).
    source: str
    #: "lies" (Lies may be played), "block" (the receiver may block the Lies), "lock" (the
    #: receiver may lock it in), "more" (further hand cards may lock beside it), "hand".
    stage: str
    #: Seats that were asked about Lies and declined.
    asked: tuple[int, ...] = ()
    #: The seat that played Lies against this card, during "block".
    liar: int | None = None
    #: The seat a swap came from, for the "shared" win of a swap.
    swap: bool = False


@dataclass(frozen=True)
class Refill:
    """Draw a card into the closest slot of a row."""

    #: Deck/row index.
    row: int


@dataclass(frozen=True)
class PutAway:
    """A played Distraction goes to the bottom of the Distractions Deck."""

    #: The card.
    card: str


@dataclass(frozen=True)
class SharedWin:
    """The end of a swap: everyone who reached 7 during it wins together (option "shared")."""


@dataclass(frozen=True)
class EndAction:
    """The current action is over: the next one begins (or the next turn)."""


Step = Arrival | Refill | PutAway | SharedWin | EndAction


@dataclass(frozen=True)
class State:
    """The whole table."""

    #: The cards of this game.
    catalogue: Catalogue = field(repr=False, compare=False)
    #: The rule options.
    rules: WhitehouseRules
    #: Players in counter-clockwise seat order.
    players: tuple[Player, ...]
    #: The three decks (Supporters, Events, Distractions), top card first.
    decks: tuple[tuple, tuple, tuple]
    #: The three rows, each (closest, middle, furthest); None is an empty slot.
    rows: tuple[tuple, tuple, tuple]
    #: The seat whose turn it is.
    current: int
    #: The action of the turn: "supporter", "event" or "distraction".
    phase: str
    #: +1 counter-clockwise (seat order), -1 reversed.
    direction: int = 1
    #: The seats of the current round, in order of play.
    round_order: tuple[int, ...] = ()
    #: The position of ``current`` in ``round_order``.
    round_pos: int = 0
    #: Seats that reversed the order of play this round, in order.
    reversals: tuple[int, ...] = ()
    #: Steps still to resolve, head first.
    queue: tuple[Step, ...] = ()
    #: Turns begun so far (1 on the first turn).
    turn: int = 1
    #: Seats that won; empty while the game goes on.
    winners: tuple[int, ...] = ()
    #: Why the game ended: "seven" or "turn_limit"; None while it goes on.
    ended: str | None = None
    #: Seats at 7 whose win is still to be confirmed (off-turn, or during a shared swap).
    claims: tuple[int, ...] = ()
    #: The seed of deck reshuffles during play.
    shuffle_seed: int = 0
    #: Reshuffles so far.
    shuffles: int = 0


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take a Supporter or an Event from its row, paying the slot's cost."""

    name: ClassVar[str] = "take"
    #: "supporter" or "event".
    row: str
    #: "furthest" (free), "middle" (one card) or "closest" (two cards).
    slot: str
    #: The hand cards discarded as the cost, in order.
    discards: tuple[CardId, ...] = ()


@dataclass(frozen=True)
class Play:
    """Take a Distraction from its row, paying the slot's cost, and play it."""

    name: ClassVar[str] = "play"
    #: "furthest", "middle" or "closest".
    slot: str
    #: The hand cards discarded as the cost, in order.
    discards: tuple[CardId, ...] = ()
    #: The player the action is aimed at (steal, swap, force_move, gridlock).
    target: int | None = None
    #: The card the action moves: your own (remove_own), the target's (steal, swap, force_move),
    #: or one in the row (take_row).
    card: CardId | None = None
    #: swap: the card you give.
    give: CardId | None = None


@dataclass(frozen=True)
class Pass:
    """No card of the row is within reach: the action is skipped."""

    name: ClassVar[str] = "pass"


@dataclass(frozen=True)
class PlayLies:
    """Play a Lies card: the arriving card goes to the bottom of its deck instead."""

    name: ClassVar[str] = "lies"


@dataclass(frozen=True)
class NoLies:
    """Let the card arrive."""

    name: ClassVar[str] = "no_lies"


@dataclass(frozen=True)
class BlockLies:
    """Consume your Deflection to block the Lies: the card arrives as normal."""

    name: ClassVar[str] = "block"


@dataclass(frozen=True)
class AcceptLies:
    """Let the Lies stand."""

    name: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Lock:
    """Lock the arriving card in: with the named hand card as a Trick, or alone (no card named)
    beside a matching card already in the network. During "more" (option lock_count=all) the
    named hand card locks alone beside the card that just arrived."""

    name: ClassVar[str] = "lock"
    #: The hand card it combines with, or None.
    with_card: CardId | None = None


@dataclass(frozen=True)
class Keep:
    """Put the arriving card into the Active Hand (or stop locking)."""

    name: ClassVar[str] = "keep"


@dataclass(frozen=True)
class LockHand:
    """(Option lock_from_hand=own_turn) lock hand cards on your turn: a matching pair, or one card
    beside a matching card already in the network."""

    name: ClassVar[str] = "lock_hand"
    #: One or two hand cards.
    cards: tuple[CardId, ...]


Move = Take | Play | Pass | PlayLies | NoLies | BlockLies | AcceptLies | Lock | Keep | LockHand
MOVE_TYPES: dict[str, type] = {
    m.name: m for m in (Take, Play, Pass, PlayLies, NoLies, BlockLies, AcceptLies, Lock, Keep, LockHand)
}

Outcome = Literal["seven", "turn_limit"]
