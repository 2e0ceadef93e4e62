"""Oh My Socks!: input documents (catalogue, scoring file, game log, advice position).

Each format is a strict pydantic model (unknown keys and wrong types are refused; the JSON Schemas
in ``model/socks/data/socks-*.schema.json`` are generated from them). What pydantic cannot see (unknown
card IDs, a card used twice, a Super Sock set the player does not hold) is checked here in plain
code; every refusal is an InputError naming the JSON path.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from model.common.errors import InputError, join_path
from model.common.jsonio import validation_error
from model.common.options import build_rules
from model.socks.cards import (
    SCORING_OPTIONS,
    SOCKS_OPTIONS,
    SUPER,
    Catalogue,
    SocksRules,
    card_from_json,
    sample_catalogue,
)
from model.socks.scoring import Hand, Wild

NonNegative = Annotated[int, Field(ge=0)]
CardId = Annotated[str, Field(min_length=1, max_length=64)]
Name = Annotated[str, Field(min_length=1, max_length=64)]
SetChoice = int | Literal["choose"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CardIn(_Strict):
    """One card of a catalogue."""

    id: CardId
    set: int | Literal["super"] = Field(description='A set number, or "super" for the Super Sock')
    stars: NonNegative | None = Field(None, description="Required for Sock cards; 0 for the Super Sock")
    effect: Literal["gift", "rescue"] | None = None
    arrow: Literal["left", "right"]


class WashingMachineIn(_Strict):
    """The Washing Machine card."""

    id: CardId


class CatalogueIn(_Strict):
    """A catalogue file: the Sock cards and the Washing Machine."""

    note: str | None = None
    cards: list[CardIn] = Field(min_length=1, max_length=1000)
    washing_machine: WashingMachineIn | None = None


class ScoringPlayerIn(_Strict):
    """One player at the end: card IDs (``collection`` and ``gifts``) or star values (``sets``)."""

    name: Name
    collection: list[CardId] | None = None
    gifts: list[CardId] | None = None
    sets: dict[str, list[NonNegative]] | None = None
    super_sock: SetChoice | None = None
    super_socks: dict[str, SetChoice] | list[SetChoice] | None = Field(
        None,
        description="Several wild cards: by card ID (collection form) or as a list (sets form)",
    )


class ScoringIn(_Strict):
    """The end-of-game scoring file of ``verify socks FILE``."""

    cards: list[CardIn] | None = Field(None, min_length=1, max_length=1000)
    players: list[ScoringPlayerIn] = Field(min_length=2, max_length=20)
    rules: dict[str, Any] | None = None


def _validate(source: str, model: type[BaseModel], data: Any) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise validation_error(source, data, error) from None


def build_catalogue(
    source: str,
    cards: list[CardIn],
    washing_machine: str | None,
    path: str,
    sample: bool = False,
    note: str | None = None,
) -> Catalogue:
    """A Catalogue from validated entries; checks IDs and Super Sock fields."""
    seen: dict[str, int] = {}
    for index, card in enumerate(cards):
        where = join_path(path, index)
        if card.id in seen:
            raise InputError(source, join_path(where, "id"), f"card ID {card.id!r} appears twice")
        seen[card.id] = index
        if card.set == SUPER:
            if card.stars:
                raise InputError(source, join_path(where, "stars"), "the Super Sock carries no stars")
            if card.effect is not None:
                raise InputError(source, join_path(where, "effect"), "the Super Sock has no effect")
        elif card.stars is None:
            raise InputError(source, join_path(where, "stars"), "required key is missing")
    wm = washing_machine or "washing-machine"
    if wm in seen:
        raise InputError(source, "washing_machine.id", f"{wm!r} is also a Sock card's ID")
    return Catalogue(tuple(card_from_json(c) for c in cards), wm, sample, note)


def parse_catalogue_document(source: str, data: Any, sample: bool = False) -> Catalogue:
    """A catalogue file (``{"note", "cards", "washing_machine"}``)."""
    doc = _validate(source, CatalogueIn, data)
    wm = doc.washing_machine.id if doc.washing_machine else None
    return build_catalogue(source, doc.cards, wm, "cards", sample, doc.note)


def parse_rules(source: str, raw: dict[str, Any] | None, scoring_only: bool = False) -> SocksRules:
    """The ``rules`` object (absent: every default)."""
    options = SCORING_OPTIONS if scoring_only else SOCKS_OPTIONS
    return build_rules(SocksRules, options, raw or {}, source)


# --- the scoring file -----------------------------------------------------------------------


class ScoringInput:
    """A parsed scoring file: one Hand per player, the rules, and which catalogue was used."""

    def __init__(self, hands: list[Hand], rules: SocksRules, catalogue: str) -> None:
        #: One Hand per player, in input order.
        self.hands = hands
        #: The rule options (only the scoring ones can differ from the defaults).
        self.rules = rules
        #: ``sample`` (the illustrative catalogue), ``user`` (given in the file), or ``none``.
        self.catalogue = catalogue


def _set_value(source: str, path: str, value: SetChoice, held: set[int], what: str) -> int | None:
    if value == "choose":
        return None
    if value not in held:
        shown = ", ".join(str(n) for n in sorted(held)) or "none"
        raise InputError(source, path, f"set {value} is not among this player's {what} ({shown})")
    return value


def _collection_hand(
    source: str, path: str, player: ScoringPlayerIn, catalogue: Catalogue, used: dict[str, str]
) -> Hand:
    stars: dict[int, list[int]] = {}
    face_up_wilds: list[str] = []
    gift_wilds: list[str] = []
    for key in ("collection", "gifts"):
        for index, card_id in enumerate(getattr(player, key) or []):
            where = join_path(join_path(path, key), index)
            if card_id == catalogue.washing_machine:
                raise InputError(source, where, "the Washing Machine is not a Sock")
            if not catalogue.knows(card_id):
                raise InputError(source, where, f"unknown card ID {card_id!r}")
            if card_id in used:
                raise InputError(source, where, f"card {card_id!r} already appears at {used[card_id]}")
            used[card_id] = where
            card = catalogue.cards[catalogue.index(card_id)]
            if card.wild:
                (face_up_wilds if key == "collection" else gift_wilds).append(card_id)
            else:
                stars.setdefault(card.set, []).append(card.stars)
    face_up_sets = {
        catalogue.cards[catalogue.index(c)].set
        for c in player.collection or []
        if not catalogue.cards[catalogue.index(c)].wild
    }
    given: dict[str, int | None] = {}
    if player.super_sock is not None and player.super_socks is not None:
        raise InputError(source, join_path(path, "super_socks"), "give super_sock or super_socks, not both")
    if player.super_sock is not None:
        where = join_path(path, "super_sock")
        if len(face_up_wilds) != 1:
            message = (
                "no Super Sock lies face up in this collection"
                if not face_up_wilds
                else f"this collection holds {len(face_up_wilds)} Super Socks: give super_socks"
            )
            raise InputError(source, where, message)
        given[face_up_wilds[0]] = _set_value(source, where, player.super_sock, face_up_sets, "face-up sets")
    if player.super_socks is not None:
        if not isinstance(player.super_socks, dict):
            raise InputError(
                source, join_path(path, "super_socks"), "with a collection, map card IDs to sets"
            )
        for card_id, value in player.super_socks.items():
            where = join_path(join_path(path, "super_socks"), card_id)
            if card_id not in face_up_wilds:
                raise InputError(source, where, "not a Super Sock face up in this collection")
            given[card_id] = _set_value(source, where, value, face_up_sets, "face-up sets")
    wilds = tuple(Wild(c, given.get(c)) for c in face_up_wilds) + tuple(
        Wild(c, None, face_down=True) for c in gift_wilds
    )
    return Hand(player.name, tuple((n, tuple(v)) for n, v in sorted(stars.items())), wilds)


def _sets_hand(source: str, path: str, player: ScoringPlayerIn) -> Hand:
    sets_path = join_path(path, "sets")
    numbers: dict[int, tuple[int, ...]] = {}
    for key, values in (player.sets or {}).items():
        where = join_path(sets_path, key)
        try:
            number = int(key)
        except ValueError:
            raise InputError(source, where, "a set is named by its number") from None
        if number in numbers:
            raise InputError(source, where, f"set {number} is given twice")
        numbers[number] = tuple(values)
    values: list[tuple[str, SetChoice]] = []
    if player.super_sock is not None and player.super_socks is not None:
        raise InputError(source, join_path(path, "super_socks"), "give super_sock or super_socks, not both")
    if player.super_sock is not None:
        values.append((join_path(path, "super_sock"), player.super_sock))
    if player.super_socks is not None:
        if not isinstance(player.super_socks, list):
            raise InputError(source, join_path(path, "super_socks"), "with sets, give a list of sets")
        values += [
            (join_path(join_path(path, "super_socks"), i), v) for i, v in enumerate(player.super_socks)
        ]
    held = set(numbers)
    wilds = tuple(Wild(None, _set_value(source, where, v, held, "sets")) for where, v in values)
    for key, values_ in (player.sets or {}).items():
        if not values_ and int(key) not in {w.set for w in wilds}:
            raise InputError(
                source, join_path(sets_path, key), "a set holds at least one Sock (or the Super Sock)"
            )
    return Hand(player.name, tuple(sorted(numbers.items())), wilds)


def parse_scoring(source: str, data: Any) -> ScoringInput:
    """Parse and check a scoring file (see ``/spec/socks.md``)."""
    doc = _validate(source, ScoringIn, data)
    rules = parse_rules(source, doc.rules, scoring_only=True)
    uses_ids = any(p.sets is None for p in doc.players)
    if doc.cards is not None:
        catalogue, kind = build_catalogue(source, doc.cards, None, "cards"), "user"
    else:
        catalogue, kind = sample_catalogue(), "sample" if uses_ids else "none"
    hands: list[Hand] = []
    names: dict[str, int] = {}
    used: dict[str, str] = {}
    for index, player in enumerate(doc.players):
        path = join_path("players", index)
        if player.name in names:
            raise InputError(source, join_path(path, "name"), f"name {player.name!r} is used twice")
        names[player.name] = index
        if player.sets is not None:
            if player.collection is not None or player.gifts is not None:
                raise InputError(
                    source, join_path(path, "sets"), "give either sets or collection and gifts, not both"
                )
            hands.append(_sets_hand(source, path, player))
        elif player.collection is None:
            raise InputError(source, join_path(path, "collection"), "required key is missing (or give sets)")
        else:
            hands.append(_collection_hand(source, path, player, catalogue, used))
    return ScoringInput(hands, rules, kind)


# --- the game log ---------------------------------------------------------------------------


class EffectIn(_Strict):
    """One effect target: ``{"gift_to": NAME}`` or ``{"rescue_from": NAME, "card": ID}``."""

    gift_to: Name | None = None
    rescue_from: Name | None = None
    card: CardId | None = None


class TurnIn(_Strict):
    """One turn of a log: who played, what they drew, and every decision."""

    player: Name
    drawn: list[CardId] = Field(min_length=2, max_length=2)
    keep: CardId
    super_set: int | None = None
    passed_super_set: int | None = None
    effects: list[EffectIn] = Field(default_factory=list, max_length=70)


class ResultIn(_Strict):
    """The result a log claims (checked on replay)."""

    scores: dict[str, int]
    winners: list[Name]


class LogIn(_Strict):
    """A game log: the setup (players, rules, catalogue, shuffled deck) and every turn."""

    game: Literal["socks"]
    note: str | None = None
    seed: int | None = None
    catalogue: CatalogueIn | None = None
    players: list[Name] = Field(min_length=2, max_length=10)
    rules: dict[str, Any] | None = None
    deck: list[CardId] = Field(min_length=1, max_length=1001)
    turns: list[TurnIn] = Field(max_length=1000)
    result: ResultIn | None = None


# --- the advice position --------------------------------------------------------------------

WildValue = int | Literal["waiting", "end"]


class PositionPlayerIn(_Strict):
    """One player as the player to move sees them."""

    name: Name
    collection: list[CardId] = Field(default_factory=list)
    super_sock: WildValue | None = None
    super_socks: dict[str, WildValue] | None = None
    gifts: NonNegative = Field(0, description="How many face-down gifts lie beside the collection")


class PositionIn(_Strict):
    """What the player to move sees, and the two cards drawn."""

    cards: list[CardIn] | None = Field(None, min_length=1, max_length=1000)
    rules: dict[str, Any] | None = None
    players: list[PositionPlayerIn] = Field(min_length=2, max_length=10)
    to_move: Name
    discard: list[CardId] = Field(default_factory=list)
    drawn: list[CardId] = Field(min_length=2, max_length=2)


def player_seats(source: str, names: list[str], path: str) -> dict[str, int]:
    """Seat numbers by name; a name used twice is bad input."""
    seats: dict[str, int] = {}
    for index, name in enumerate(names):
        if name in seats:
            raise InputError(source, join_path(path, index), f"name {name!r} is used twice")
        seats[name] = index
    return seats


def card_index(source: str, catalogue: Catalogue, card_id: str, path: str, machine: bool = False) -> int:
    """A card's index; unknown IDs (and the Washing Machine unless allowed) are bad input."""
    if card_id == catalogue.washing_machine and not machine:
        raise InputError(source, path, "the Washing Machine is not a Sock")
    try:
        return catalogue.index(card_id)
    except KeyError:
        raise InputError(source, path, f"unknown card ID {card_id!r}") from None


def seat_of(source: str, seats: dict[str, int], name: str, path: str) -> int:
    if name not in seats:
        raise InputError(source, path, f"unknown player {name!r}")
    return seats[name]


def validate(source: str, model: type[BaseModel], data: Any) -> Any:
    """Validate a parsed JSON document against a schema model (errors name the JSON path)."""
    return _validate(source, model, data)


#: The input formats, by the name of their schema file ``model/socks/data/socks-NAME.schema.json``.
SCHEMAS: dict[str, type[BaseModel]] = {
    "catalogue": CatalogueIn,
    "scoring": ScoringIn,
    "log": LogIn,
    "position": PositionIn,
}


def schema_text(name: str) -> str:
    """The JSON Schema of one input format, as shipped in ``model/socks/data/socks-NAME.schema.json``."""
    import json

    schema = SCHEMAS[name].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"
