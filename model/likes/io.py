"""Likes and Lies: input documents (pydantic schemas) and their translation into the frozen
types of ``model.likes.cards``, ``model.likes.state`` and ``model.likes.engine``.

Everything a document could get wrong without playing (a wrong key or type, an unknown player
or card, a state legal play cannot produce) is refused here as an ``InputError`` naming the
JSON path; what is left for the engine are verdicts about play.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from model.common.errors import InputError
from model.common.jsonio import parse_json, validation_error
from model.common.options import build_rules
from model.likes.cards import Board, Catalogue, EventCard, IntentCard
from model.likes.engine import (
    Draw,
    Play,
    Report,
    RoundInput,
    Vote,
)
from model.likes.rules import (
    LIKES_OPTIONS,
    LIKES_PER_STEP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    LikesRules,
    max_streak,
)
from model.likes.state import PlayerState

SAMPLE_BOARD = "likes-sample-board.json"
SAMPLE_EVENTS = "likes-sample-events.json"
SAMPLE_INTENTS = "likes-sample-intents.json"

Name = Annotated[str, Field(min_length=1, max_length=40)]
CardId = Annotated[str, Field(min_length=1, max_length=40)]
Note = Annotated[str, Field(max_length=2000)]
Steps = Annotated[int, Field(ge=-30, le=30)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class BoardDoc(_Strict):
    """A board: how many spaces lead from Start (space 0) to Viral, and which are Event spaces."""

    note: Note | None = None
    name: Name | None = None
    spaces_to_viral: int = Field(ge=2, le=200, description="Viral is this space; Start is 0.")
    event_spaces: list[int] = Field(
        default_factory=list, max_length=199,
        description="Event spaces, each strictly between Start and Viral, no repeats.")
    content_cards: int | None = Field(
        default=None, ge=1, le=100000,
        description="Content cards in the box; absent: the rulebook's 75.")
    caption_cards: int | None = Field(
        default=None, ge=1, le=100000,
        description="Caption cards in the box; absent: the rulebook's 69.")


class MoveEffect(_Strict):
    """Move forward (positive) or back (negative)."""

    type: Literal["move"]
    steps: Steps


class ToStartEffect(_Strict):
    """Go back to Start."""

    type: Literal["to_start"]


class LikesEffect(_Strict):
    """Add Likes to the counter (10 Likes are then exchanged for a step)."""

    type: Literal["likes"]
    likes: int = Field(ge=1, le=6)


class NoEffect(_Strict):
    """No effect."""

    type: Literal["none"]


Effect = Annotated[MoveEffect | ToStartEffect | LikesEffect | NoEffect, Field(discriminator="type")]


class EventCardDoc(_Strict):
    id: CardId
    name: Name | None = None
    effect: Effect


class EventCardsDoc(_Strict):
    """The Event cards (a closed set of effect types)."""

    note: Note | None = None
    cards: list[EventCardDoc] = Field(min_length=1, max_length=500)


class IntentCardDoc(_Strict):
    """An Intent card; a printed value replaces the rulebook's default step."""

    id: CardId
    name: Name | None = None
    kind: Literal["true_information", "misinformation"]
    if_not_reported: Steps | None = Field(
        default=None, description="Steps of its poster when not reported (default +2 / +1).")
    if_reported: Steps | None = Field(
        default=None, description="Steps of its poster when reported (default -2 / +1).")
    influencer_if_reported: Steps | None = Field(
        default=None, description="Steps of the Influencer who reports it (default 0 / -2).")


class IntentCardsDoc(_Strict):
    """The Intent deck each player owns a copy of, top card first."""

    note: Note | None = None
    cards: list[IntentCardDoc] = Field(min_length=1, max_length=60)


class PlayDoc(_Strict):
    player: Name
    content: CardId
    intent: CardId


class VoteDoc(_Strict):
    voter: Name
    card: CardId = Field(description="The Content card the Like token goes on.")
    taken_back: bool = Field(default=False, description="The token was taken back afterwards.")
    at: int | None = Field(default=None, ge=0, description="When the token went down.")


class ReportDoc(_Strict):
    by: Name
    target: Name | None = Field(description="The reported player; null: chooses not to report.")
    at: int | None = Field(default=None, ge=0,
                           description="When the report was made (the unit of the votes' at).")


class DrawDoc(_Strict):
    player: Name
    card: CardId
    at: int | None = Field(default=None, ge=0,
                           description="When the Event card was drawn (the unit of the votes' at).")


class RoundDoc(_Strict):
    """What the table did in one round."""

    caption: CardId
    plays: list[PlayDoc] = Field(max_length=10)
    votes: list[VoteDoc] = Field(max_length=20)
    reports: list[ReportDoc] = Field(default_factory=list, max_length=10)
    events: list[DrawDoc] = Field(default_factory=list, max_length=20)


class PlayerDoc(_Strict):
    """A player before the round."""

    name: Name
    position: int = Field(ge=0, le=200)
    likes: int = Field(ge=0, le=99)
    streak: int = Field(default=0, ge=0, le=99,
                        description="Influencer rounds in a row (rounds he tied in do not count).")
    intent_deck: list[CardId] | None = Field(
        default=None, max_length=60,
        description="Intent cards left, top first; absent: the full deck, order unknown.")


class RoundFileDoc(_Strict):
    """`verify likes round`: the state before a round, and the round."""

    note: Note | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    players: list[PlayerDoc] = Field(max_length=10)
    round: RoundDoc


class GamePlayerDoc(_Strict):
    name: Name
    intent_deck: list[CardId] | None = Field(
        default=None, max_length=60, description="His Intent deck, top first; absent: the full deck.")


class GameFileDoc(_Strict):
    """`verify likes game`: the players in seat order and every round from the start."""

    note: Note | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    players: list[GamePlayerDoc] = Field(max_length=10)
    rounds: list[RoundDoc] = Field(max_length=300)


#: Each input format, by the name of its schema file (``model/likes/data/likes-<name>.schema.json``).
SCHEMAS: dict[str, type[BaseModel]] = {
    "board": BoardDoc,
    "events": EventCardsDoc,
    "intents": IntentCardsDoc,
    "round": RoundFileDoc,
    "game": GameFileDoc,
}


def schema(name: str) -> dict[str, Any]:
    return SCHEMAS[name].model_json_schema()


def _validate(model: type[BaseModel], source: str, data: Any) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise validation_error(source, data, error) from None


def _read_sample(name: str) -> tuple[str, Any]:
    text = resources.files("model.likes").joinpath("data", name).read_text(encoding="utf-8")
    return name, parse_json(name, text)


def board_from(source: str, data: Any) -> Board:
    doc: BoardDoc = _validate(BoardDoc, source, data)
    seen: set[int] = set()
    for index, space in enumerate(doc.event_spaces):
        where = f"event_spaces[{index}]"
        if not 0 < space < doc.spaces_to_viral:
            raise InputError(source, where, f"Event space {space} is not between Start (0) and "
                                            f"Viral ({doc.spaces_to_viral})")
        if space in seen:
            raise InputError(source, where, f"Event space {space} is listed twice")
        seen.add(space)
    counts = {key: value for key, value in
              (("content_cards", doc.content_cards), ("caption_cards", doc.caption_cards))
              if value is not None}
    return Board(doc.spaces_to_viral, frozenset(doc.event_spaces), doc.name, **counts)


def events_from(source: str, data: Any) -> tuple[EventCard, ...]:
    doc: EventCardsDoc = _validate(EventCardsDoc, source, data)
    cards: list[EventCard] = []
    for index, card in enumerate(doc.cards):
        if any(c.id == card.id for c in cards):
            raise InputError(source, f"cards[{index}].id", f"Event card {card.id} is listed twice")
        effect = card.effect
        if isinstance(effect, MoveEffect):
            if effect.steps == 0:
                raise InputError(source, f"cards[{index}].effect.steps",
                                 "a move of 0 steps is no move; use the type none")
            cards.append(EventCard(card.id, "move", effect.steps, card.name))
        elif isinstance(effect, LikesEffect):
            cards.append(EventCard(card.id, "likes", effect.likes, card.name))
        else:
            cards.append(EventCard(card.id, effect.type, 0, card.name))
    return tuple(cards)


def intents_from(source: str, data: Any) -> tuple[IntentCard, ...]:
    doc: IntentCardsDoc = _validate(IntentCardsDoc, source, data)
    cards: list[IntentCard] = []
    for index, card in enumerate(doc.cards):
        if any(c.id == card.id for c in cards):
            raise InputError(source, f"cards[{index}].id", f"Intent card {card.id} is listed twice")
        cards.append(IntentCard(card.id, card.kind, card.if_not_reported, card.if_reported,
                                card.influencer_if_reported, card.name))
    return tuple(cards)


def read_sample_catalogue() -> Catalogue:
    """The shipped, illustrative board and cards, read from their files. A question reads them
    when it is asked (``model.likes.questions``), as it reads a board or cards it is given, so
    that its rulings check that reading too; what plays many games uses ``sample_catalogue``."""
    return Catalogue(
        board_from(*_read_sample(SAMPLE_BOARD)),
        events_from(*_read_sample(SAMPLE_EVENTS)),
        intents_from(*_read_sample(SAMPLE_INTENTS)),
    )


@lru_cache(maxsize=1)
def sample_catalogue() -> Catalogue:
    """The shipped, illustrative board and cards, read once (a ``Catalogue`` is immutable): for
    what plays many games with them (random play, the balance report, the checks), where reading
    the files again would cost a fifth of a game."""
    return read_sample_catalogue()


def rules_from(source: str, values: dict[str, Any], flags: dict[str, str] | None = None,
               ) -> LikesRules:
    """The document's ``rules`` object, then ``--rule NAME=VALUE`` flags on top of it."""
    rules = build_rules(LikesRules, LIKES_OPTIONS, values, source)
    if flags:
        flagged = build_rules(LikesRules, LIKES_OPTIONS, flags, "--rule", "")
        rules = dataclasses.replace(rules, **{name: getattr(flagged, name) for name in flags})
    return rules


def _check_players(source: str, names: Sequence[str]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InputError(source, "players",
                         f"the game is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)} "
                         "(rule players)")
    for index, name in enumerate(names):
        if name in names[:index]:
            raise InputError(source, f"players[{index}].name", f"player {name} is listed twice")


def _deck(source: str, path: str, catalogue: Catalogue, deck: list[str]) -> tuple[str, ...]:
    known = set(catalogue.intent_ids())
    for index, card in enumerate(deck):
        if card not in known:
            raise InputError(source, f"{path}[{index}]", f"unknown Intent card {card}")
        if card in deck[:index]:
            raise InputError(source, f"{path}[{index}]", f"Intent card {card} is listed twice")
    return tuple(deck)


def round_from(source: str, path: str, doc: RoundDoc, names: Sequence[str],
               catalogue: Catalogue) -> RoundInput:
    """A round's inputs, every player and card resolved (unknown ones are bad input)."""

    def player(where: str, name: str) -> str:
        if name not in names:
            raise InputError(source, where, f"unknown player {name}")
        return name

    plays = []
    for index, play in enumerate(doc.plays):
        where = f"{path}.plays[{index}]"
        player(f"{where}.player", play.player)
        try:
            catalogue.intent(play.intent)
        except KeyError:
            raise InputError(source, f"{where}.intent", f"unknown Intent card {play.intent}") from None
        plays.append(Play(play.player, play.content, play.intent, where))
    played = {play.content for play in doc.plays}
    votes = []
    for index, vote in enumerate(doc.votes):
        where = f"{path}.votes[{index}]"
        player(f"{where}.voter", vote.voter)
        if vote.card not in played:
            raise InputError(source, f"{where}.card",
                             f"no player put Content card {vote.card} down this round")
        votes.append(Vote(vote.voter, vote.card, vote.taken_back, vote.at, where))
    reports = []
    for index, report in enumerate(doc.reports):
        where = f"{path}.reports[{index}]"
        player(f"{where}.by", report.by)
        if report.target is not None:
            player(f"{where}.target", report.target)
        reports.append(Report(report.by, report.target, where, report.at))
    draws = []
    for index, draw in enumerate(doc.events):
        where = f"{path}.events[{index}]"
        player(f"{where}.player", draw.player)
        try:
            catalogue.event(draw.card)
        except KeyError:
            raise InputError(source, f"{where}.card", f"unknown Event card {draw.card}") from None
        draws.append(Draw(draw.player, draw.card, where, draw.at))
    return RoundInput(doc.caption, tuple(plays), tuple(votes), tuple(reports), tuple(draws), path)


def round_file_from(source: str, data: Any, catalogue: Catalogue,
                    flags: dict[str, str] | None = None
                    ) -> tuple[LikesRules, tuple[PlayerState, ...], RoundInput]:
    """A `verify likes round` document: the rules, the players before the round, the round."""
    doc: RoundFileDoc = _validate(RoundFileDoc, source, data)
    rules = rules_from(source, doc.rules, flags)
    names = [p.name for p in doc.players]
    _check_players(source, names)
    viral = catalogue.board.viral
    players = []
    running = None
    for index, p in enumerate(doc.players):
        where = f"players[{index}]"
        if p.position >= viral:
            raise InputError(source, f"{where}.position",
                             f"space {p.position} is Viral or beyond (Viral is {viral}): "
                             "the game is already over")
        if p.likes >= LIKES_PER_STEP:
            raise InputError(source, f"{where}.likes",
                             f"a counter of {p.likes} cannot start a round: 10 Likes are "
                             "exchanged at once and at most 4 come in a round")
        limit = max_streak(rules.streak_after_third)
        if limit is not None and p.streak > limit:
            raise InputError(source, f"{where}.streak",
                             f"a run of {p.streak} cannot start a round when the run restarts "
                             f"after the third (at most {limit})")
        if p.streak:
            if running is not None:
                raise InputError(source, f"{where}.streak",
                                 f"{running} already has a run of Influencer rounds; another "
                                 "player's Influencer round would have ended it")
            running = p.name
        if p.intent_deck is None:
            players.append(PlayerState(p.name, p.position, p.likes, p.streak,
                                       catalogue.intent_ids(), deck_order_known=False))
        else:
            deck = _deck(source, f"{where}.intent_deck", catalogue, p.intent_deck)
            players.append(PlayerState(p.name, p.position, p.likes, p.streak, deck))
    return rules, tuple(players), round_from(source, "round", doc.round, names, catalogue)


def game_file_from(source: str, data: Any, catalogue: Catalogue,
                   flags: dict[str, str] | None = None
                   ) -> tuple[LikesRules, tuple[PlayerState, ...], tuple[RoundInput, ...]]:
    """A `verify likes game` document: the rules, the players at the start, every round."""
    doc: GameFileDoc = _validate(GameFileDoc, source, data)
    rules = rules_from(source, doc.rules, flags)
    names = [p.name for p in doc.players]
    _check_players(source, names)
    players = []
    for index, p in enumerate(doc.players):
        deck = catalogue.intent_ids() if p.intent_deck is None else _deck(
            source, f"players[{index}].intent_deck", catalogue, p.intent_deck)
        players.append(PlayerState(p.name, intent_deck=deck))
    rounds = tuple(round_from(source, f"rounds[{index}]", rnd, names, catalogue)
                   for index, rnd in enumerate(doc.rounds))
    _check_box(source, rounds, catalogue)
    return rules, tuple(players), rounds


def _check_box(source: str, rounds: tuple[RoundInput, ...], catalogue: Catalogue) -> None:
    """A game uses no more Content and Caption cards than the box holds (the board file may
    state other counts than the rulebook's 75 and 69)."""
    board = catalogue.board
    contents: set[str] = set()
    captions: set[str] = set()
    for rnd in rounds:
        if rnd.caption not in captions:
            captions.add(rnd.caption)
            if len(captions) > board.caption_cards:
                raise InputError(source, f"{rnd.path}.caption",
                                 f"the game uses more than the {board.caption_cards} Caption "
                                 f"cards the box holds ({rnd.caption} is one too many)")
        for play in rnd.plays:
            if play.content not in contents:
                contents.add(play.content)
                if len(contents) > board.content_cards:
                    raise InputError(source, f"{play.path}.content",
                                     f"the game uses more than the {board.content_cards} "
                                     f"Content cards the box holds ({play.content} is one too "
                                     "many)")


def schema_text(name: str) -> str:
    """The JSON Schema file's exact text for one input format."""
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"
