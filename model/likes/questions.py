"""Likes and Lies' questions (``verify likes round``, ``game``), declared once for the command line
and the page (``model.common.question``).

The parsers, engine and drawings are imported when a question is asked, never at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.common.errors import InputError
from model.common.question import NO, YES, Answered, Asked, Document, Parameter, Question, Shared


def _schema(name: str) -> tuple[str, str]:
    return ("model.likes", f"likes-{name}.schema.json")


def _parameters(argument: Document) -> tuple[Parameter, ...]:
    """The options every Likes and Lies question takes: the board and cards, each a file or the
    illustrative sample."""
    return (
        argument,
        Shared("json", "Print exactly one JSON object."),
        Shared("rule", "A rule option, e.g. intent_in_tie=others (repeatable; wins over the file)."),
        Document("board", "FILE", "board.json", _schema("board"), "--board",
                 optional=True,
                 help="A board file (default: the illustrative sample)."),
        Document("events", "FILE", "events.json", _schema("events"), "--events",
                 optional=True,
                 help="Event cards (default: the illustrative sample)."),
        Document("intents", "FILE", "intents.json", _schema("intents"), "--intents",
                 optional=True,
                 help="The Intent deck (default: the illustrative sample)."),
        Shared("svg"),
    )


def board_from_a_file(options: Any, source: Any) -> None:
    """The picture reads the board again: with ``--svg`` it comes from a file, not standard input."""
    if options.get("svg") and source("board") == "-":
        raise InputError("--svg", "", "the board is drawn from a file: give --board FILE, not -")


def _catalogue(asked: Asked) -> Any:
    """The board and cards: each from its document where one is given, else the sample, read
    from the shipped files when the question is asked (not from the cache random play fills)."""
    from model.likes.cards import Catalogue
    from model.likes.io import board_from, events_from, intents_from, read_sample_catalogue

    sample = read_sample_catalogue()
    given = asked.inputs.given
    return Catalogue(
        board_from(*asked.inputs.read("board")) if given("board") else sample.board,
        events_from(*asked.inputs.read("events")) if given("events") else sample.events,
        intents_from(*asked.inputs.read("intents")) if given("intents") else sample.intents,
    )


@dataclass(frozen=True)
class RoundReply(Answered):
    """``verify likes round``: every move with the rule behind it, and the new state."""

    #: The rules in force.
    rules: Any
    #: The board the picture draws.
    board: Any
    #: The round resolved (None when an input breaks a rule).
    result: Any
    #: The first input that breaks a rule (``IllegalInput``), or None.
    error: Any

    @property
    def exit_status(self) -> int:
        return NO if self.error else YES

    def to_json(self) -> dict[str, Any]:
        from model.likes.report import round_json

        return round_json(self.rules, self.result, self.error)

    def to_text(self, unicode: bool) -> str:
        from model.likes.report import round_text

        return round_text(self.rules, self.result, self.error) + "\n"

    def to_svg(self) -> str:
        from model.likes.picture import round_svg

        return round_svg(self.rules, self.board, self.result, self.error)


def answer_round(asked: Asked) -> RoundReply:
    from model.likes.engine import IllegalInput, resolve_round
    from model.likes.io import round_file_from

    catalogue = _catalogue(asked)
    rules, players, rnd = round_file_from(*asked.inputs.read("round"), catalogue, dict(asked.rules))
    try:
        return RoundReply(rules, catalogue.board, resolve_round(catalogue, players, rnd, rules), None)
    except IllegalInput as error:
        return RoundReply(rules, catalogue.board, None, error)


ROUND = Question(
    game="likes",
    words=("likes", "round"),
    help="""Resolve one round: every move with the rule behind it, and the new state.

    Exit status: 0 the round is legal (resolved), 1 an input breaks a rule (named), 2 bad input.
    """,
    parameters=_parameters(Document("round", "ROUND.json|-", "round.json", _schema("round"),
                 examples=("likes/round-*.json",))),
    answer=answer_round,
    check=board_from_a_file,
)


@dataclass(frozen=True)
class GameReply(Answered):
    """``verify likes game``: a game log replayed to its winner, or to the first input that
    breaks a rule."""

    #: The rules in force.
    rules: Any
    #: The board the picture draws.
    board: Any
    #: The replay (``GameResult``).
    game: Any

    @property
    def exit_status(self) -> int:
        return NO if self.game.status == "illegal" else YES

    def to_json(self) -> dict[str, Any]:
        from model.likes.report import game_json

        return game_json(self.rules, self.game)

    def to_text(self, unicode: bool) -> str:
        from model.likes.report import game_text

        return game_text(self.rules, self.game) + "\n"

    def to_svg(self) -> str:
        from model.likes.picture import game_svg

        return game_svg(self.rules, self.board, self.game)


def answer_game(asked: Asked) -> GameReply:
    from model.likes.engine import replay_game
    from model.likes.io import game_file_from

    catalogue = _catalogue(asked)
    rules, players, rounds = game_file_from(*asked.inputs.read("game"), catalogue, dict(asked.rules))
    return GameReply(rules, catalogue.board, replay_game(catalogue, players, rounds, rules))


GAME = Question(
    game="likes",
    words=("likes", "game"),
    help="""Replay a game log to its winner, or to the first input that breaks a rule.

    Exit status: 0 replayed (won, no winner, or unfinished), 1 an input breaks a rule, 2 bad input.
    """,
    parameters=_parameters(Document("game", "LOG.json|-", "game.json", _schema("game"),
                 examples=("likes/game-*.json",))),
    answer=answer_game,
    check=board_from_a_file,
)

QUESTIONS: tuple[Question, ...] = (ROUND, GAME)
