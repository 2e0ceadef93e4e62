"""Likes and Lies: a player between rounds, the state the engine carries from round to round."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerState:
    """One player between rounds."""

    #: The player's name, unique at the table; seat order is the order of the players.
    name: str
    #: The pawn's space: 0 is Start.
    position: int = 0
    #: The Likes counter (always below 10 between rounds).
    likes: int = 0
    #: The run of Influencer rounds he carries (rounds he tied in do not break it).
    streak: int = 0
    #: The Intent cards left in his deck, top first.
    intent_deck: tuple[str, ...] = ()
    #: False when the deck's order is not known (the top-card rule then accepts any card).
    deck_order_known: bool = True
