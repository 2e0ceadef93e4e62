"""Social Network input documents: a round's log, a game's log, and the moment of one Like.

The pydantic models here define the JSON formats (and the shipped JSON Schemas); ``parse_round``,
``parse_game`` and ``parse_like`` turn a parsed document into the engine's own types (those of
``model.social.state``, which imports nothing from here), refusing as bad input (an ``InputError``
naming the JSON path) anything that is not a document of the game at all: unknown keys, players
or card IDs, a pile that is not the player's cards. Whether the events are legal is the referee's
question, not this module's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from model.common.errors import InputError, join_path
from model.common.jsonio import validation_error
from model.common.options import build_rules
from model.social.cards import (
    ACTION_CARDS,
    ACTION_KINDS,
    LIKE,
    QUIZ,
    TWO_PLAYER_REMOVED_LIKES,
    VOTE,
    Card,
    Decks,
    sample_decks,
)
from model.social.rules import SOCIAL_OPTIONS, SocialRules
from model.social.state import Event, GalleryView, GameSetup, LikeMoment, Player, RoundSetup

MAX_PLAYERS = 6
MAX_EVENTS = 20000
Name = Annotated[str, Field(min_length=1, max_length=40)]
CardId = Annotated[str, Field(min_length=1, max_length=60)]
Text = Annotated[str, Field(max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class CompositionIn(_Strict):
    """How many cards of each action kind one colour holds (23 in all)."""

    gallery: int = Field(ge=0, le=ACTION_CARDS)
    like: int = Field(ge=0, le=ACTION_CARDS)
    contest: int = Field(ge=0, le=ACTION_CARDS)
    quiz: int = Field(ge=0, le=ACTION_CARDS)

    @model_validator(mode="after")
    def _sums(self) -> CompositionIn:
        total = self.gallery + self.like + self.contest + self.quiz
        if total != ACTION_CARDS:
            raise ValueError(f"the four kinds must add up to {ACTION_CARDS} cards, not {total}")
        return self


class DeckIn(_Strict):
    """A deck composition: the colours in the box (optional) and each colour's split."""

    note: Text | None = None
    colours: list[Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,19}$")]] | None = Field(
        None, min_length=2, max_length=MAX_PLAYERS
    )
    composition: CompositionIn


class PlayerIn(_Strict):
    """A player and the colour of their cards."""

    name: Name
    colour: str


class DrawIn(_Strict):
    """Draw cards into the hand (``count`` absent: up to 5)."""

    action: Literal["draw"]
    player: Name
    count: int | None = Field(None, ge=1, le=5)


class CycleIn(_Strict):
    """Put cards from the hand under the draw pile and draw as many."""

    action: Literal["cycle"]
    player: Name
    cards: list[CardId] = Field(min_length=1, max_length=25)


class PlayIn(_Strict):
    """Play a card: a Gallery, Contest or Quiz into one's own Profile, a Like ``on`` a Gallery."""

    action: Literal["play"]
    player: Name
    card: CardId
    on: CardId | None = None
    task: Text | None = None
    statement: Text | None = None


class ResolveIn(_Strict):
    """Say who won a Contest (``winner`` null: nobody, or a 2-player duel tied)."""

    action: Literal["resolve"]
    player: Name
    contest: CardId
    winner: Name | None


class RewardIn(_Strict):
    """Put one card face down in one's own Profile, earned by a Contest or Quiz (``for``)."""

    action: Literal["reward"]
    player: Name
    for_: CardId = Field(alias="for")
    from_: Literal["hand", "pile"] = Field(alias="from")
    #: Required from the hand; absent from the pile (its top card is taken).
    card: CardId | None = None


class VoteIn(_Strict):
    """Put a voting card face down during a Quiz (the author's vote is the truth)."""

    action: Literal["vote"]
    player: Name
    vote: bool


class StartIn(_Strict):
    """"Start!": the Quiz's author ends the halt."""

    action: Literal["start"]
    player: Name


class PassIn(_Strict):
    """2-player: pass the turn."""

    action: Literal["pass"]
    player: Name


EventIn = Annotated[
    DrawIn | CycleIn | PlayIn | ResolveIn | RewardIn | VoteIn | StartIn | PassIn,
    Field(discriminator="action"),
]


class RoundIn(_Strict):
    """One round: each player's draw pile as shuffled (top first), then the events in order."""

    piles: dict[Name, list[CardId]]
    first: Name | None = None
    events: list[EventIn] = Field(max_length=MAX_EVENTS)


class RoundLogIn(RoundIn):
    """The log of one round."""

    players: list[PlayerIn] = Field(min_length=2, max_length=MAX_PLAYERS)
    deck: DeckIn | None = None
    rules: dict[str, Any] = {}


class GameLogIn(_Strict):
    """The log of a whole game: the players, then every round."""

    players: list[PlayerIn] = Field(min_length=2, max_length=MAX_PLAYERS)
    deck: DeckIn | None = None
    rules: dict[str, Any] = {}
    rounds: list[RoundIn] = Field(min_length=1, max_length=MAX_PLAYERS)


class GalleryIn(_Strict):
    """One face-up Gallery on the table."""

    id: Name
    owner: Name
    active: bool
    likes: list[Name] = []
    owner_passed_since: bool = False


class LikeMomentIn(_Strict):
    """The moment of one Like: the Galleries on the table and the Like in question."""

    players: list[Name] = Field(min_length=2, max_length=MAX_PLAYERS)
    galleries: list[GalleryIn] = Field(max_length=200)
    player: Name
    gallery: Name
    quiz_halt: bool = False
    rules: dict[str, Any] = {}


def _validate(model: type[BaseModel], source: str, data: Any) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise validation_error(source, data, error) from None


def _decks(source: str, deck: DeckIn | None) -> Decks:
    if deck is None:
        return sample_decks()
    colours = tuple(deck.colours) if deck.colours else sample_decks().colours
    if len(set(colours)) != len(colours):
        raise InputError(source, "deck.colours", "a colour is listed twice")
    composition = tuple((kind, getattr(deck.composition, kind)) for kind in ACTION_KINDS)
    return Decks(colours=colours, composition=composition)


def _players(source: str, players: list[PlayerIn], decks: Decks) -> tuple[Player, ...]:
    names: set[str] = set()
    colours: set[str] = set()
    for index, player in enumerate(players):
        path = join_path("players", index)
        if player.name in names:
            raise InputError(source, join_path(path, "name"), f"player {player.name!r} twice")
        if player.colour not in decks.colours:
            known = ", ".join(decks.colours)
            raise InputError(source, join_path(path, "colour"),
                             f"unknown colour {player.colour!r} (known: {known})")
        if player.colour in colours:
            raise InputError(source, join_path(path, "colour"),
                             f"colour {player.colour!r} taken by another player")
        names.add(player.name)
        colours.add(player.colour)
    return tuple(Player(p.name, p.colour) for p in players)


def rules_from(
    source: str, raw: dict[str, Any], flags: dict[str, str] | None = None
) -> SocialRules:
    """The rule options of a document's ``rules`` object, with ``--rule`` flags winning."""
    from_file = build_rules(SocialRules, SOCIAL_OPTIONS, raw, source, "rules")
    if not flags:
        return from_file
    from_flags = build_rules(SocialRules, SOCIAL_OPTIONS, flags, "--rule", "")
    chosen = {name: getattr(from_file, name) for name in raw}
    chosen.update({name: getattr(from_flags, name) for name in flags})
    return SocialRules(**chosen)


def _round(
    source: str, path: str, round_in: RoundIn, players: tuple[Player, ...], decks: Decks,
    rules: SocialRules,
) -> RoundSetup:
    two_player = len(players) == 2
    if two_player and decks.count(LIKE) < TWO_PLAYER_REMOVED_LIKES:
        raise InputError(source, "deck.composition.like",
                         f"the 2-player game removes {TWO_PLAYER_REMOVED_LIKES} Likes from each "
                         f"deck: a colour needs at least that many, not {decks.count(LIKE)}")
    names = {p.name for p in players}
    cards: dict[str, Card] = {}
    owner: dict[str, str] = {}
    for player in players:
        for card in decks.colour_cards(player.colour):
            cards[card.id] = card
            owner[card.id] = player.name
    piles_path = join_path(path, "piles")
    for name in round_in.piles:
        if name not in names:
            raise InputError(source, join_path(piles_path, name), f"unknown player {name!r}")
    piles: list[tuple[str, ...]] = []
    removed: list[tuple[str, ...]] = []
    for player in players:
        pile_path = join_path(piles_path, player.name)
        if player.name not in round_in.piles:
            raise InputError(source, pile_path, "required key is missing (the player's pile)")
        pile = round_in.piles[player.name]
        seen: set[str] = set()
        for index, card_id in enumerate(pile):
            here = join_path(pile_path, index)
            if card_id not in cards:
                raise InputError(source, here, f"unknown card {card_id!r}")
            if owner[card_id] != player.name:
                raise InputError(source, here, f"{card_id} is {owner[card_id]}'s card")
            if cards[card_id].kind == VOTE:
                raise InputError(source, here, "voting cards are set aside, not shuffled in")
            if card_id in seen:
                raise InputError(source, here, f"{card_id} appears twice")
            seen.add(card_id)
        out = [c.id for c in decks.colour_cards(player.colour)
               if c.kind != VOTE and c.id not in seen]
        out_likes = [c for c in out if cards[c].kind == LIKE]
        if two_player:
            quiz_out = rules.two_player_quiz == "removed"
            expected_out = TWO_PLAYER_REMOVED_LIKES + (decks.count(QUIZ) if quiz_out else 0)
            bad = [c for c in out if cards[c].kind not in ((LIKE, QUIZ) if quiz_out else (LIKE,))]
            wrong_quiz = quiz_out and any(cards[c].kind == QUIZ for c in seen)
            if bad or len(out_likes) != TWO_PLAYER_REMOVED_LIKES or wrong_quiz:
                what = "5 Likes" + (" and every Quiz" if quiz_out else "")
                raise InputError(source, pile_path,
                                 f"a 2-player pile holds the colour's action cards except {what} "
                                 f"({len(seen)} cards given, {ACTION_CARDS - expected_out} "
                                 "expected)")
        elif out:
            raise InputError(source, pile_path,
                             f"the pile lacks {len(out)} of the player's cards ({out[0]} ...)")
        piles.append(tuple(pile))
        removed.append(tuple(out))
    if round_in.first is not None and round_in.first not in names:
        raise InputError(source, join_path(path, "first"), f"unknown player {round_in.first!r}")
    events = tuple(
        _event(source, join_path(join_path(path, "events"), index), event, names, cards)
        for index, event in enumerate(round_in.events)
    )
    return RoundSetup(players, decks, tuple(piles), tuple(removed), round_in.first, events)


def _event(source: str, path: str, event: Any, names: set[str], cards: dict[str, Card]) -> Event:
    def known_player(name: str, key: str) -> str:
        if name not in names:
            raise InputError(source, join_path(path, key), f"unknown player {name!r}")
        return name

    def known_card(card_id: str, key: str | tuple[str, int]) -> str:
        where = join_path(path, key) if isinstance(key, str) else join_path(
            join_path(path, key[0]), key[1])
        if card_id not in cards:
            raise InputError(source, where, f"unknown card {card_id!r}")
        return card_id

    player = known_player(event.player, "player")
    if isinstance(event, DrawIn):
        return Event(player, "draw", count=event.count)
    if isinstance(event, CycleIn):
        if len(set(event.cards)) != len(event.cards):
            raise InputError(source, join_path(path, "cards"), "a card is listed twice")
        listed = tuple(known_card(c, ("cards", i)) for i, c in enumerate(event.cards))
        return Event(player, "cycle", cards=listed)
    if isinstance(event, PlayIn):
        card = known_card(event.card, "card")
        if cards[card].kind == LIKE and event.on is None:
            raise InputError(source, join_path(path, "on"),
                             "a Like is played on a Gallery: say which ('on')")
        if cards[card].kind != LIKE and event.on is not None:
            raise InputError(source, join_path(path, "on"),
                             f"only a Like is played on another card ({card} is a "
                             f"{cards[card].kind})")
        on = known_card(event.on, "on") if event.on is not None else None
        return Event(player, "play", card=card, on=on)
    if isinstance(event, ResolveIn):
        winner = known_player(event.winner, "winner") if event.winner is not None else None
        return Event(player, "resolve", about=known_card(event.contest, "contest"), winner=winner)
    if isinstance(event, RewardIn):
        if event.from_ == "hand" and event.card is None:
            raise InputError(source, join_path(path, "card"),
                             "a reward from the hand names its card")
        if event.from_ == "pile" and event.card is not None:
            raise InputError(source, join_path(path, "card"),
                             "a reward from the pile is its top card: give no card")
        put = known_card(event.card, "card") if event.card is not None else None
        return Event(player, "reward", card=put, about=known_card(event.for_, "for"),
                     from_pile=event.from_ == "pile")
    if isinstance(event, VoteIn):
        return Event(player, "vote", vote=event.vote)
    return Event(player, event.action)


def parse_round(
    source: str, data: Any, flags: dict[str, str] | None = None
) -> tuple[RoundSetup, SocialRules]:
    """A round log document as the referee's setup and the rule options it names."""
    log = _validate(RoundLogIn, source, data)
    decks = _decks(source, log.deck)
    players = _players(source, log.players, decks)
    rules = rules_from(source, log.rules, flags)
    return _round(source, "", log, players, decks, rules), rules


def parse_game(
    source: str, data: Any, flags: dict[str, str] | None = None
) -> tuple[GameSetup, SocialRules]:
    """A game log document as its rounds' setups and the rule options it names."""
    log = _validate(GameLogIn, source, data)
    decks = _decks(source, log.deck)
    players = _players(source, log.players, decks)
    rules = rules_from(source, log.rules, flags)
    wanted = rules.round_count(len(players))
    if len(log.rounds) != wanted:
        raise InputError(source, "rounds", f"a game has {wanted} rounds under rule rounds="
                                           f"{rules.rounds}, this log has {len(log.rounds)}")
    rounds = tuple(
        _round(source, join_path("rounds", index), round_in, players, decks, rules)
        for index, round_in in enumerate(log.rounds)
    )
    return GameSetup(players, rounds), rules


def parse_like(
    source: str, data: Any, flags: dict[str, str] | None = None
) -> tuple[LikeMoment, SocialRules]:
    """A Like-moment document, checked for consistency."""
    doc = _validate(LikeMomentIn, source, data)
    if len(set(doc.players)) != len(doc.players):
        raise InputError(source, "players", "a player is listed twice")
    names = set(doc.players)
    ids: set[str] = set()
    active_owners: set[str] = set()
    for index, gallery in enumerate(doc.galleries):
        path = join_path("galleries", index)
        if gallery.id in ids:
            raise InputError(source, join_path(path, "id"), f"Gallery {gallery.id!r} twice")
        ids.add(gallery.id)
        if gallery.owner not in names:
            raise InputError(source, join_path(path, "owner"), f"unknown player {gallery.owner!r}")
        if gallery.active:
            if gallery.owner in active_owners:
                raise InputError(source, join_path(path, "active"),
                                 f"{gallery.owner} already has an active Gallery (one at a time)")
            active_owners.add(gallery.owner)
        for like_index, liker in enumerate(gallery.likes):
            if liker not in names:
                raise InputError(source, join_path(join_path(path, "likes"), like_index),
                                 f"unknown player {liker!r}")
    if doc.player not in names:
        raise InputError(source, "player", f"unknown player {doc.player!r}")
    if doc.gallery not in ids:
        raise InputError(source, "gallery", f"no Gallery {doc.gallery!r} among 'galleries'")
    rules = rules_from(source, doc.rules, flags)
    galleries = tuple(GalleryView(g.id, g.owner, g.active, tuple(g.likes), g.owner_passed_since)
                      for g in doc.galleries)
    return LikeMoment(tuple(doc.players), galleries, doc.player, doc.gallery, doc.quiz_halt), rules


SCHEMAS: dict[str, type[BaseModel]] = {
    "social-round.schema.json": RoundLogIn,
    "social-game.schema.json": GameLogIn,
    "social-like.schema.json": LikeMomentIn,
}


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON Schema shipped for an input format."""
    schema = model.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema
