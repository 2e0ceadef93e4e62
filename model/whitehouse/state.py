"""The state and the moves of the White House intern game (frozen values; the rules live in the
engine), and the names of every closed set of values they hold.

A state is a snapshot of the whole table: the three decks (top first; cards go to the bottom), the
three rows (slot 0 is closest to its deck, slot 2 furthest), every player's Active Hand, Locked
Network (its cards on a legal arrangement) and the Gridlocks, Lies and Deflection beside it, whose
turn and which of its three actions it is, and a queue of steps still to resolve (a card on its way
into a hand, a row to refill, a played Distraction to put away). The head of the queue may wait
for a player's decision; ``model.whitehouse.engine`` says which moves are legal and applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final, Literal, TypeAlias, TypedDict, cast

from model.common.outcome import Outcome, Termination
from model.whitehouse.cards import Catalogue, DeckKind, HandKind
from model.whitehouse.network.arrangement import Arrangement
from model.whitehouse.rules import WhitehouseRules

#: A hand card: a Supporter's number or an Event's ID.
CardId: TypeAlias = int | str
#: A slot of a row: closest to its deck, middle, furthest.
Slot: TypeAlias = Literal["closest", "middle", "furthest"]
SLOTS: tuple[Slot, Slot, Slot] = ("closest", "middle", "furthest")
#: A slot's index in its row (0 is closest to the deck).
SlotIndex: TypeAlias = Literal[0, 1, 2]
#: The index of a deck and of its row: Supporters, Events, Distractions.
DeckIndex: TypeAlias = Literal[0, 1, 2]
S: Final = 0
E: Final = 1
D: Final = 2
KIND_INDEX: dict[DeckKind, DeckIndex] = {"supporter": S, "event": E, "distraction": D}
KIND_NAMES: tuple[DeckKind, DeckKind, DeckKind] = ("supporter", "event", "distraction")
#: The action of a turn, named by the row it takes from.
Phase: TypeAlias = DeckKind
#: The phases of a turn, in order.
PHASES: tuple[Phase, Phase, Phase] = ("supporter", "event", "distraction")
#: What is on its way to an Active Hand: a hand card, or a Deflection going above it.
ArrivalKind: TypeAlias = Literal["supporter", "event", "deflection"]
#: Where an arriving card comes from: taken from a row on a turn, or brought by a Distraction.
ArrivalSource: TypeAlias = Literal["row", "distraction"]
#: The decision an arrival waits for (or "hand": it enters the Active Hand next).
Stage: TypeAlias = Literal["lies", "block", "lock", "more", "hand"]
#: Why a game ended: a player made 7 Tricks, or the turn limit came first.
Ending: TypeAlias = Literal["seven", "turn_limit"]
#: The direction of play: +1 counter-clockwise (seat order), -1 reversed.
Direction: TypeAlias = Literal[1, -1]
#: The name of a move in logs.
MoveName: TypeAlias = Literal["take", "play", "pass", "lies", "no_lies", "block", "accept", "lock", "keep", "lock_hand"]

#: The three decks, top card first: Supporters (numbers), Events and Distractions (IDs).
Decks: TypeAlias = tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]
#: One face-up row (closest, middle, furthest); None is an empty slot.
Row: TypeAlias = tuple[CardId | None, CardId | None, CardId | None]
SupporterRow: TypeAlias = tuple[int | None, int | None, int | None]
IdRow: TypeAlias = tuple[str | None, str | None, str | None]
#: The three rows, in deck order.
Rows: TypeAlias = tuple[SupporterRow, IdRow, IdRow]


def kind_of(card: CardId) -> HandKind:
    """A hand card's kind: Supporters are numbers, Events are strings."""
    return "supporter" if isinstance(card, int) else "event"


def with_deck(decks: Decks, index: DeckIndex, cards: tuple[CardId, ...]) -> Decks:
    """``decks`` with deck ``index`` replaced by ``cards`` (which are of that deck's kind)."""
    changed: list[tuple[CardId, ...]] = list(decks)
    changed[index] = cards
    return cast(Decks, tuple(changed))


def with_row(rows: Rows, index: DeckIndex, cards: Row) -> Rows:
    """``rows`` with row ``index`` replaced by ``cards`` (which are of that row's kind)."""
    changed: list[Row] = list(rows)
    changed[index] = cards
    return cast(Rows, tuple(changed))


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

    def hand(self, kind: HandKind) -> tuple[int, ...] | tuple[str, ...]:
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
    kind: ArrivalKind
    #: The seat of the player whose hand it is going to enter.
    receiver: int
    #: "row" (taken on a turn) or "distraction" (brought by a Distraction action).
    source: ArrivalSource
    #: "lies" (Lies may be played), "block" (the receiver may block the Lies), "lock" (the
    #: receiver may lock it in), "more" (further hand cards may lock beside it), "hand".
    stage: Stage
    #: Seats that were asked about Lies and declined.
    asked: tuple[int, ...] = ()
    #: The seat that played Lies against this card, during "block".
    liar: int | None = None
    #: Whether a swap brought it, for the "shared" win of a swap.
    swap: bool = False


@dataclass(frozen=True)
class Refill:
    """Draw a card into the closest slot of a row."""

    #: Deck/row index.
    row: DeckIndex


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
    decks: Decks
    #: The three rows, each (closest, middle, furthest); None is an empty slot.
    rows: Rows
    #: The seat whose turn it is.
    current: int
    #: The action of the turn: "supporter", "event" or "distraction".
    phase: Phase
    #: +1 counter-clockwise (seat order), -1 reversed.
    direction: Direction = 1
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
    ended: Ending | None = None
    #: Seats at 7 whose win is still to be confirmed (off-turn, or during a shared swap).
    claims: tuple[int, ...] = ()
    #: The seed of deck reshuffles during play.
    shuffle_seed: int = 0
    #: Reshuffles so far.
    shuffles: int = 0

    def outcome(self) -> Outcome | None:
        """How the game ended, None while it goes on: ``Termination.GOAL`` when a player made 7
        Tricks (the winners as seat numbers in text, ``"0"``; ``decided_by`` "shared" when a
        swap brought several to 7 together under simultaneous_seven=shared), or
        ``Termination.TURN_LIMIT`` with no winner when the turn limit came first."""
        if self.ended == "seven":
            winners = tuple(str(seat) for seat in self.winners)
            return Outcome(Termination.GOAL, winners, "shared" if len(winners) > 1 else "")
        if self.ended == "turn_limit":
            return Outcome(Termination.TURN_LIMIT, ())
        return None


# --- moves ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take a Supporter or an Event from its row, paying the slot's cost."""

    name: ClassVar[MoveName] = "take"
    #: "supporter" or "event".
    row: HandKind
    #: "furthest" (free), "middle" (one card) or "closest" (two cards).
    slot: Slot
    #: The hand cards discarded as the cost, in order.
    discards: tuple[CardId, ...] = ()


@dataclass(frozen=True)
class Play:
    """Take a Distraction from its row, paying the slot's cost, and play it."""

    name: ClassVar[MoveName] = "play"
    #: "furthest", "middle" or "closest".
    slot: Slot
    #: The hand cards discarded as the cost, in order.
    discards: tuple[CardId, ...] = ()
    #: The player the action is aimed at (steal, swap, force_move, gridlock).
    target: int | None = None
    #: The card the action moves: your own (remove_own), the target's (steal, swap, force_move),
    #: or one in the row (take_row).
    card: CardId | None = None
    #: swap: the card you give.
    give: CardId | None = None


class Choice(TypedDict, total=False):
    """One way to play a Distraction once its cost is paid: the fields of ``Play`` it sets."""

    target: int
    card: CardId
    give: CardId


@dataclass(frozen=True)
class Pass:
    """No card of the row is within reach: the action is skipped."""

    name: ClassVar[MoveName] = "pass"


@dataclass(frozen=True)
class PlayLies:
    """Play a Lies card: the arriving card goes to the bottom of its deck instead."""

    name: ClassVar[MoveName] = "lies"


@dataclass(frozen=True)
class NoLies:
    """Let the card arrive."""

    name: ClassVar[MoveName] = "no_lies"


@dataclass(frozen=True)
class BlockLies:
    """Consume your Deflection to block the Lies: the card arrives as normal."""

    name: ClassVar[MoveName] = "block"


@dataclass(frozen=True)
class AcceptLies:
    """Let the Lies stand."""

    name: ClassVar[MoveName] = "accept"


@dataclass(frozen=True)
class Lock:
    """Lock the arriving card in: with the named hand card as a Trick, or alone (no card named)
    beside a matching card already in the network. During "more" (option lock_count=all) the
    named hand card locks alone beside the card that just arrived."""

    name: ClassVar[MoveName] = "lock"
    #: The hand card it combines with, or None.
    with_card: CardId | None = None


@dataclass(frozen=True)
class Keep:
    """Put the arriving card into the Active Hand (or stop locking)."""

    name: ClassVar[MoveName] = "keep"


@dataclass(frozen=True)
class LockHand:
    """(Option lock_from_hand=own_turn) lock hand cards on your turn: a matching pair, or one card
    beside a matching card already in the network."""

    name: ClassVar[MoveName] = "lock_hand"
    #: One or two hand cards.
    cards: tuple[CardId, ...]


Move = Take | Play | Pass | PlayLies | NoLies | BlockLies | AcceptLies | Lock | Keep | LockHand
MOVE_TYPES: dict[MoveName, type[Move]] = {
    m.name: m for m in (Take, Play, Pass, PlayLies, NoLies, BlockLies, AcceptLies, Lock, Keep, LockHand)
}
#: The moves that carry nothing but their name.
SimpleMove = Pass | PlayLies | NoLies | BlockLies | AcceptLies | Keep
SIMPLE_MOVES: dict[MoveName, type[SimpleMove]] = {
    m.name: m for m in (Pass, PlayLies, NoLies, BlockLies, AcceptLies, Keep)
}


def unordered(cards: tuple[CardId, ...]) -> tuple[CardId, ...]:
    """``cards`` in one fixed order (Supporters by number, then Events by ID): the order of a
    list the rulebook gives no order to."""
    return tuple(sorted(cards, key=lambda card: (isinstance(card, str), card if isinstance(card, int) else 0,
                                                 str(card))))


def move_key(move: Move) -> Move:
    """What ``move`` does, whatever order it lists its cards in: the rulebook names no order for
    the discards that pay a cost nor for the cards locked from the hand, so two moves with the same
    key are the same move (an option such as bottom_order may still read the order given, which
    the engine applies as listed)."""
    if isinstance(move, Take):
        return Take(move.row, move.slot, unordered(move.discards))
    if isinstance(move, Play):
        return Play(move.slot, unordered(move.discards), move.target, move.card, move.give)
    if isinstance(move, LockHand):
        return LockHand(unordered(move.cards))
    return move
