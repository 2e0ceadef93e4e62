"""Social Network: the referee's own view of a game, whatever document or random play it came
from: the players, a round's setup and its events, a game's rounds, and the moment of one Like.

``model.social.io`` turns input documents into these types; the referee
(``model.social.engine``) and random play (``model.social.random_play``) use them and never the
input schemas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from model.social.cards import Decks

#: What an event does: draw, cycle, play, resolve (a Contest), reward, vote, start or pass.
Action = Literal["draw", "cycle", "play", "resolve", "reward", "vote", "start", "pass"]


@dataclass(frozen=True)
class Event:
    """One event of a log, as the referee reads it."""

    #: The player who acts.
    player: str
    #: ``draw``, ``cycle``, ``play``, ``resolve``, ``reward``, ``vote``, ``start`` or ``pass``.
    action: Action
    #: The card played, or put down from the hand as a reward.
    card: str | None = None
    #: For a Like: the Gallery it is played on.
    on: str | None = None
    #: For a draw: how many cards (None: up to 5).
    count: int | None = None
    #: For a cycle: the cards put under the draw pile, in order.
    cards: tuple[str, ...] = ()
    #: For a resolve: the Contest; for a reward: the Contest or Quiz that earned it.
    about: str | None = None
    #: For a resolve: the winner (None: nobody, or a tied duel).
    winner: str | None = None
    #: For a reward: taken from the top of the draw pile (else from the hand).
    from_pile: bool = False
    #: For a vote: the voting card put down (the author's is the statement's truth).
    vote: bool | None = None

    def json(self) -> dict[str, Any]:
        """The event as a round log writes it (``model.social.io``)."""
        out: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.action == "play":
            out["card"] = self.card
            if self.on is not None:
                out["on"] = self.on
        elif self.action == "draw" and self.count is not None:
            out["count"] = self.count
        elif self.action == "cycle":
            out["cards"] = list(self.cards)
        elif self.action == "resolve":
            out.update({"contest": self.about, "winner": self.winner})
        elif self.action == "reward":
            out.update({"for": self.about, "from": "pile" if self.from_pile else "hand"})
            if not self.from_pile:
                out["card"] = self.card
        elif self.action == "vote":
            out["vote"] = self.vote
        return out

    def describe(self) -> str:
        """The event in a few words, for reports."""
        if self.action == "play":
            return f"plays {self.card}" + (f" on {self.on}" if self.on else "")
        if self.action == "draw":
            return "draws" + (f" {self.count}" if self.count else " up to 5")
        if self.action == "cycle":
            return f"cycles {len(self.cards)} card{'s' if len(self.cards) != 1 else ''}"
        if self.action == "resolve":
            return f"resolves {self.about}: winner {self.winner or 'nobody'}"
        if self.action == "reward":
            where = "the top of the pile" if self.from_pile else self.card
            return f"puts down {where} for {self.about}"
        if self.action == "vote":
            return f"votes {'true' if self.vote else 'false'}"
        return {"start": "says Start!", "pass": "passes"}.get(self.action, self.action)


@dataclass(frozen=True)
class Player:
    """A player at the table."""

    #: The player's name.
    name: str
    #: The colour of their cards.
    colour: str


@dataclass(frozen=True)
class RoundSetup:
    """What a round starts from: players, cards, shuffled piles; and its events."""

    #: The players, in the order the log lists them.
    players: tuple[Player, ...]
    #: The deck composition in use.
    decks: Decks
    #: Each player's draw pile as shuffled, top first (the first 5 become the hand).
    piles: tuple[tuple[str, ...], ...]
    #: Cards out of the game (2-player: 5 Likes, and the Quizzes when removed), per player.
    removed: tuple[tuple[str, ...], ...]
    #: 2-player: who takes the first turn (None: whoever acts first).
    first: str | None
    #: The events, in order.
    events: tuple[Event, ...]


@dataclass(frozen=True)
class GameSetup:
    """A game: its rounds."""

    #: The players.
    players: tuple[Player, ...]
    #: Each round.
    rounds: tuple[RoundSetup, ...]


@dataclass(frozen=True)
class GalleryView:
    """A face-up Gallery at the moment of a Like."""

    #: The Gallery's name or card ID.
    id: str
    #: Its owner.
    owner: str
    #: Still active (its owner has played no new card in their Profile since).
    active: bool
    #: The players who already put a Like on it.
    likes: tuple[str, ...]
    #: 2-player: its owner has passed since playing it.
    owner_passed_since: bool


@dataclass(frozen=True)
class LikeMoment:
    """The question "was that Like legal?" and what it needs to know."""

    #: The players.
    players: tuple[str, ...]
    #: The Galleries on the table.
    galleries: tuple[GalleryView, ...]
    #: Who plays the Like.
    player: str
    #: The Gallery it is played on.
    gallery: str
    #: A Quiz halt is on.
    quiz_halt: bool
