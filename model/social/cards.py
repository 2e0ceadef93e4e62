"""Social Network cards: six colours of 25 cards, as data.

Each colour holds two voting cards (``true`` and ``false``) and 23 action cards split into
Gallery, Like, Contest and Quiz cards. The rulebook does not publish the split, so the shipped
composition (``model/social/data/social-sample-decks.json``) is illustrative; a log may bring its own.
A card's ID names its colour, kind and number: ``red-gallery-1``, ``blue-like-3``,
``red-vote-true``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

#: The kinds of action card.
ActionKind = Literal["gallery", "like", "contest", "quiz"]
#: The kinds of card: the action kinds and the voting cards.
CardKind = Literal["gallery", "like", "contest", "quiz", "vote"]

GALLERY: Literal["gallery"] = "gallery"
LIKE: Literal["like"] = "like"
CONTEST: Literal["contest"] = "contest"
QUIZ: Literal["quiz"] = "quiz"
VOTE: Literal["vote"] = "vote"
#: The action kinds in the order a deck lists them.
ACTION_KINDS: tuple[ActionKind, ...] = (GALLERY, LIKE, CONTEST, QUIZ)
#: "25 cards in 6 different colors": 2 voting cards and 23 action cards per colour.
CARDS_PER_COLOUR = 25
VOTING_CARDS = 2
ACTION_CARDS = CARDS_PER_COLOUR - VOTING_CARDS
#: "Before the game each player removes 5 Like cards from his deck."
TWO_PLAYER_REMOVED_LIKES = 5
HAND_SIZE = 5
SAMPLE_FILE = "social-sample-decks.json"


@dataclass(frozen=True)
class Card:
    """One card of one colour."""

    #: The card's ID, ``<colour>-<kind>-<n>`` or ``<colour>-vote-true|false``.
    id: str
    #: The colour (the owning player's).
    colour: str
    #: ``gallery``, ``like``, ``contest``, ``quiz`` or ``vote``.
    kind: CardKind
    #: The number within its colour and kind (1..); for a voting card 1 (true) or 0 (false).
    number: int


@dataclass(frozen=True)
class Decks:
    """The colours in the box and how each colour's 23 action cards split into kinds."""

    #: The colours, in the order the box lists them.
    colours: tuple[str, ...]
    #: For each action kind, how many cards of it a colour holds (summing to 23).
    composition: tuple[tuple[ActionKind, int], ...]
    #: True for the shipped illustrative composition.
    sample: bool = False

    def __post_init__(self) -> None:
        if sum(count for _, count in self.composition) != ACTION_CARDS:
            raise ValueError(f"a colour's action cards must number {ACTION_CARDS}")

    def count(self, kind: ActionKind) -> int:
        return dict(self.composition).get(kind, 0)

    def colour_cards(self, colour: str) -> tuple[Card, ...]:
        """Every card of one colour: action cards by kind and number, then the voting cards."""
        cards = [
            Card(f"{colour}-{kind}-{n}", colour, kind, n)
            for kind, count in self.composition
            for n in range(1, count + 1)
        ]
        cards.append(Card(f"{colour}-vote-true", colour, VOTE, 1))
        cards.append(Card(f"{colour}-vote-false", colour, VOTE, 0))
        return tuple(cards)

    def as_dict(self) -> dict[str, Any]:
        return {"colours": list(self.colours), "composition": dict(self.composition)}


def voting_card(colour: str, vote: bool) -> str:
    """The ID of a colour's voting card for ``true`` or ``false``."""
    return f"{colour}-vote-{'true' if vote else 'false'}"


@lru_cache(maxsize=1)
def sample_decks() -> Decks:
    """The shipped, illustrative composition."""
    text = resources.files("model.social").joinpath("data", SAMPLE_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return Decks(
        colours=tuple(data["colours"]),
        composition=tuple((kind, data["composition"][kind]) for kind in ACTION_KINDS),
        sample=True,
    )
