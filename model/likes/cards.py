"""Likes and Lies: the board and the cards a game is played with (the catalogue).

The catalogue files (board, Event cards, Intent cards) are read by ``model.likes.io`` with the
game's other documents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from model.likes.rules import CAPTION_CARDS, CONTENT_CARDS, IntentKind

#: What an Event card does.
EffectType = Literal["move", "to_start", "likes", "none"]


@dataclass(frozen=True)
class Board:
    """The track from Start (space 0) to Viral."""

    #: The number of spaces from Start to Viral: Viral is this space.
    spaces_to_viral: int
    #: The Event spaces (each strictly between Start and Viral).
    event_spaces: frozenset[int] = frozenset()
    #: An optional display name.
    name: str | None = None
    #: The Content cards in the box ("75 Content cards" unless the board file says otherwise).
    content_cards: int = CONTENT_CARDS
    #: The Caption cards in the box ("69 Caption cards" unless the board file says otherwise).
    caption_cards: int = CAPTION_CARDS

    @property
    def viral(self) -> int:
        return self.spaces_to_viral


@dataclass(frozen=True)
class EventCard:
    """An Event card: one effect of a closed set of types."""

    #: The card's identifier, unique among Event cards.
    id: str
    #: ``move`` (``amount`` steps, negative is back), ``to_start`` (back to Start),
    #: ``likes`` (``amount`` Likes on the counter) or ``none`` (no effect).
    effect: EffectType
    #: The steps or Likes of the effect (0 for ``to_start`` and ``none``).
    amount: int = 0
    #: An optional display name.
    name: str | None = None

    def describe(self) -> str:
        if self.effect == "move":
            return f"{self.amount:+d} steps"
        if self.effect == "likes":
            return f"+{self.amount} Likes"
        if self.effect == "to_start":
            return "back to Start"
        return "no effect"


@dataclass(frozen=True)
class IntentCard:
    """An Intent card; printed values, when present, replace the default steps."""

    #: The card's identifier, unique within a player's deck.
    id: str
    #: ``true_information`` or ``misinformation``.
    kind: IntentKind
    #: Printed steps for its poster when not reported (None: the default).
    if_not_reported: int | None = None
    #: Printed steps for its poster when reported (None: the default).
    if_reported: int | None = None
    #: Printed steps for the Influencer who reports it (None: the default).
    influencer_if_reported: int | None = None
    #: An optional display name.
    name: str | None = None


@dataclass(frozen=True)
class Catalogue:
    """The board and the cards a game is played with."""

    #: The board.
    board: Board
    #: Every Event card.
    events: tuple[EventCard, ...]
    #: The Intent deck each player owns a copy of, top card first.
    intents: tuple[IntentCard, ...]

    def event(self, card_id: str) -> EventCard:
        for card in self.events:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def intent(self, card_id: str) -> IntentCard:
        for card in self.intents:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def intent_ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.intents)
