"""Social Network's questions (``verify social round``, ``game``, ``like``), declared once for the
command line and the page (``model.common.question``).

The parsers, referee and drawings are imported when a question is asked, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.common.question import NO, YES, Answered, Asked, Document, Question, Shared

#: The options every Social Network question takes, in the order its usage lists them.
JSON = Shared("json", "Print exactly one JSON object.")
RULE = Shared("rule", "A rule option, e.g. like_own_gallery=returned_at_scoring (repeatable; wins over the file).")
SVG = Shared("svg")


def _schema(name: str) -> tuple[str, str]:
    return ("model.social", f"social-{name}.schema.json")


@dataclass(frozen=True)
class RoundReply(Answered):
    """``verify social round``: each illegal event with the rule it breaks, the Profiles, scores."""

    #: The referee's judgement (``RoundResult``).
    result: Any
    #: The rules in force.
    rules: Any

    @property
    def exit_status(self) -> int:
        return NO if self.result.violations else YES

    def to_json(self) -> dict[str, Any]:
        from model.social.report import round_json

        return round_json(self.result, self.rules)

    def to_text(self, unicode: bool) -> str:
        from model.social.report import round_text

        return round_text(self.result) + "\n"

    def to_svg(self) -> str:
        from model.social.picture import round_svg

        return round_svg(self.result)


def answer_round(asked: Asked) -> RoundReply:
    from model.social.engine import judge_round
    from model.social.io import parse_round

    setup, rules = parse_round(*asked.inputs.read("log"), dict(asked.rules))
    return RoundReply(judge_round(setup, rules), rules)


ROUND = Question(
    game="social",
    words=("social", "round"),
    help="""Replay one round's log: each illegal event with the rule it breaks, the Profiles, scores.

    Exit status: 0 every event legal, 1 an illegal event found, 2 bad input.
    """,
    parameters=(Document("log", "LOG.json|-", "round-log.json", _schema("round"),
                 examples=("social/round*.json",)), JSON, RULE, SVG),
    answer=answer_round,
)


@dataclass(frozen=True)
class GameReply(Answered):
    """``verify social game``: every round replayed, the winner and the tie-break that decided."""

    #: The referee's judgement (``GameResult``).
    result: Any
    #: The rules in force.
    rules: Any

    @property
    def exit_status(self) -> int:
        return NO if any(r.violations for r in self.result.rounds) else YES

    def to_json(self) -> dict[str, Any]:
        from model.social.report import game_json

        return game_json(self.result, self.rules)

    def to_text(self, unicode: bool) -> str:
        from model.social.report import game_text

        return game_text(self.result) + "\n"

    def to_svg(self) -> str:
        from model.social.picture import game_svg

        return game_svg(self.result)


def answer_game(asked: Asked) -> GameReply:
    from model.social.engine import judge_game
    from model.social.io import parse_game

    setup, rules = parse_game(*asked.inputs.read("log"), dict(asked.rules))
    return GameReply(judge_game(setup, rules), rules)


GAME = Question(
    game="social",
    words=("social", "game"),
    help="""Replay every round of a game and name the winner, with the tie-break that decided it.

    Exit status: 0 every event legal, 1 an illegal event found, 2 bad input.
    """,
    parameters=(Document("log", "LOG.json|-", "game-log.json", _schema("game"),
                 examples=("social/game*.json",)), JSON, RULE, SVG),
    answer=answer_game,
)


@dataclass(frozen=True)
class LikeReply(Answered):
    """``verify social like``: was that Like legal?"""

    #: The judgement (``LikeAnswer``).
    answer: Any
    #: The rules in force.
    rules: Any

    @property
    def exit_status(self) -> int:
        return YES if self.answer.legal else NO

    def to_json(self) -> dict[str, Any]:
        from model.social.report import like_json

        return like_json(self.answer, self.rules)

    def to_text(self, unicode: bool) -> str:
        from model.social.report import like_text

        return like_text(self.answer) + "\n"


def answer_like(asked: Asked) -> LikeReply:
    from model.social.engine import judge_like
    from model.social.io import parse_like

    moment, rules = parse_like(*asked.inputs.read("like"), dict(asked.rules))
    return LikeReply(judge_like(moment, rules), rules)


LIKE = Question(
    game="social",
    words=("social", "like"),
    help="""Was that Like legal? From the Galleries on the table and who liked what.

    Exit status: 0 legal, 1 not legal (the rule and its remedy named), 2 bad input.
    """,
    parameters=(Document("like", "STATE.json|-", "like.json", _schema("like"),
                 examples=("social/like-*.json",)), JSON, RULE),
    answer=answer_like,
)

QUESTIONS: tuple[Question, ...] = (ROUND, GAME, LIKE)
