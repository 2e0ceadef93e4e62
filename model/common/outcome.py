"""How a game ended: one ``Outcome`` type for every game, as python-chess's ``Outcome`` and
``Termination`` (``outcome()`` on a finished state; ``None`` while the game goes on)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Termination(str, Enum):  # noqa: UP042 (a StrEnum would change str() and format() of the members)
    """Why a game ended."""

    #: A player reached the goal (7 Tricks, Viral).
    GOAL = "goal"
    #: The card that ends the game was drawn (the Washing Machine).
    END_CARD = "end_card"
    #: Every round the rules give was played (Social Network).
    ROUNDS = "rounds"
    #: The cards the game is played with ran out before anyone reached the goal (Likes and
    #: Lies' Intent decks).
    OUT_OF_CARDS = "out_of_cards"
    #: A cap on the number of turns or rounds, outside the rulebook, stopped a random game.
    TURN_LIMIT = "turn_limit"


@dataclass(frozen=True)
class Outcome:
    """The end of a game."""

    #: Why it ended.
    termination: Termination
    #: The winners, by player name or seat as the game writes them; empty when nobody wins.
    winners: tuple[str, ...]
    #: How the winners were decided when several stood level (``"tie_break"``, ``"shared"``,
    #: ``"no_winner"``), or ``""`` when no tie arose.
    decided_by: str = ""

    @property
    def winner(self) -> str | None:
        """The single winner, or None for a shared win or no winner."""
        return self.winners[0] if len(self.winners) == 1 else None
