"""Oh My Socks!: input documents (scoring file, game log, advice position; the catalogue's format
is in ``model.socks.cards``, beside the cards, and exported here too).

Each format is a strict pydantic model (unknown keys and wrong types are refused; the JSON Schemas
in ``model/socks/data/socks-*.schema.json`` are generated from them). What pydantic cannot see (unknown
card IDs, a card used twice, a Super Sock typed as a set play cannot give it) is checked here in
plain code; every refusal is an InputError naming the JSON path.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from model.common.errors import InputError, join_path
from model.common.options import build_rules
from model.socks.cards import CardId, Catalogue, NonNegative, StrictModel, WildValue, sample_catalogue

# The catalogue format lives beside the cards (the sample catalogue is read with it); its names
# are exported here too, with the formats that use it.
from model.socks.cards import CardIn as CardIn
from model.socks.cards import CatalogueIn as CatalogueIn
from model.socks.cards import WashingMachineIn as WashingMachineIn
from model.socks.cards import build_catalogue as build_catalogue
from model.socks.cards import parse_catalogue_document as parse_catalogue_document
from model.socks.cards import validate as validate
from model.socks.rules import SCORING_OPTIONS, SOCKS_OPTIONS, SocksRules
from model.socks.scoring import Hand, Wild, typed_set_refusal

Name = Annotated[str, Field(min_length=1, max_length=64)]
SetChoice = int | Literal["choose"]
#: Which catalogue a scoring file was scored with: the shipped ``sample``, the ``user``'s (given
#: in the file), or ``none`` (the file gives star values, no card IDs).
CatalogueKind = Literal["sample", "user", "none"]


class ScoringPlayerIn(StrictModel):
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


class ScoringIn(StrictModel):
    """The end-of-game scoring file of ``verify socks FILE``."""

    cards: list[CardIn] | None = Field(None, min_length=1, max_length=1000)
    players: list[ScoringPlayerIn] = Field(min_length=2, max_length=20)
    rules: dict[str, Any] | None = None


def parse_rules(source: str, raw: dict[str, Any] | None, scoring_only: bool = False) -> SocksRules:
    """The ``rules`` object (absent: every default)."""
    options = SCORING_OPTIONS if scoring_only else SOCKS_OPTIONS
    return build_rules(SocksRules, options, raw or {}, source)


# --- the scoring file -----------------------------------------------------------------------


class ScoringInput:
    """A parsed scoring file: one Hand per player, the rules, and which catalogue was used."""

    def __init__(self, hands: list[Hand], rules: SocksRules, catalogue: CatalogueKind) -> None:
        #: One Hand per player, in input order.
        self.hands = hands
        #: The rule options (only the scoring ones can differ from the defaults).
        self.rules = rules
        #: ``sample`` (the illustrative catalogue), ``user`` (given in the file), or ``none``.
        self.catalogue = catalogue


def catalogue_sets(catalogue: Catalogue) -> set[int]:
    """The set numbers of a catalogue's printed Socks."""
    return {card.set for card in catalogue.cards if card.set is not None}


def _set_value(
    source: str, path: str, value: SetChoice, held: set[int], catalogue: Catalogue, rules: SocksRules
) -> int | None:
    """A stated Super Sock set (None for ``choose``), refused where play cannot type a Super Sock
    so (``model.socks.scoring.typed_set_refusal``: the one rule the engine and advice follow)."""
    if value == "choose":
        return None
    refusal = typed_set_refusal(value, held, catalogue_sets(catalogue), rules)
    if refusal is not None:
        raise InputError(source, path, refusal)
    return value


def _collection_hand(
    source: str, path: str, player: ScoringPlayerIn, catalogue: Catalogue, used: dict[str, str], rules: SocksRules
) -> Hand:
    stars: dict[int, list[int]] = {}
    face_up_wilds: list[str] = []
    gift_wilds: list[str] = []
    for key, ids in (("collection", player.collection), ("gifts", player.gifts)):
        for index, card_id in enumerate(ids or []):
            where = join_path(join_path(path, key), index)
            if card_id == catalogue.washing_machine:
                raise InputError(source, where, "the Washing Machine is not a Sock")
            if not catalogue.knows(card_id):
                raise InputError(source, where, f"unknown card ID {card_id!r}")
            if card_id in used:
                raise InputError(source, where, f"card {card_id!r} already appears at {used[card_id]}")
            used[card_id] = where
            card = catalogue.cards[catalogue.index(card_id)]
            if card.set is None:
                (face_up_wilds if key == "collection" else gift_wilds).append(card_id)
            else:
                stars.setdefault(card.set, []).append(card.stars)
    face_up_sets = {
        number for c in player.collection or [] if (number := catalogue.cards[catalogue.index(c)].set) is not None
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
        given[face_up_wilds[0]] = _set_value(source, where, player.super_sock, face_up_sets, catalogue, rules)
    if player.super_socks is not None:
        if not isinstance(player.super_socks, dict):
            raise InputError(
                source, join_path(path, "super_socks"), "with a collection, map card IDs to sets"
            )
        for card_id, value in player.super_socks.items():
            where = join_path(join_path(path, "super_socks"), card_id)
            if card_id not in face_up_wilds:
                raise InputError(source, where, "not a Super Sock face up in this collection")
            given[card_id] = _set_value(source, where, value, face_up_sets, catalogue, rules)
    wilds = tuple(Wild(c, given.get(c)) for c in face_up_wilds) + tuple(
        Wild(c, None, face_down=True) for c in gift_wilds
    )
    return Hand(player.name, tuple((n, tuple(v)) for n, v in sorted(stars.items())), wilds)


def _sets_hand(
    source: str, path: str, player: ScoringPlayerIn, catalogue: Catalogue, dealt: dict[int, int], rules: SocksRules
) -> Hand:
    """A hand given by star values. Each set must be one of the catalogue's, and the Socks of a
    set (``dealt`` counts them over the players so far) no more than the catalogue holds."""
    sets_path = join_path(path, "sets")
    sizes: dict[int, int] = {}
    for card in catalogue.cards:
        if card.set is not None:
            sizes[card.set] = sizes.get(card.set, 0) + 1
    numbers: dict[int, tuple[int, ...]] = {}
    for key, printed in (player.sets or {}).items():
        where = join_path(sets_path, key)
        try:
            number = int(key)
        except ValueError:
            raise InputError(source, where, "a set is named by its number") from None
        if number in numbers:
            raise InputError(source, where, f"set {number} is given twice")
        if number not in sizes:
            shown = ", ".join(str(n) for n in sorted(sizes))
            raise InputError(source, where, f"the catalogue has no set {number} (its sets: {shown})")
        dealt[number] = dealt.get(number, 0) + len(printed)
        if dealt[number] > sizes[number]:
            total = "" if dealt[number] == len(printed) else " over all the players so far"
            raise InputError(
                source,
                where,
                f"{dealt[number]} Socks of set {number}{total}, but the catalogue's set {number} "
                f"holds {sizes[number]}",
            )
        numbers[number] = tuple(printed)
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
    wilds = tuple(Wild(None, _set_value(source, where, v, held, catalogue, rules)) for where, v in values)
    for key, values_ in (player.sets or {}).items():
        if not values_ and int(key) not in {w.set for w in wilds}:
            raise InputError(
                source, join_path(sets_path, key), "a set holds at least one Sock (or the Super Sock)"
            )
    return Hand(player.name, tuple(sorted(numbers.items())), wilds)


def parse_scoring(source: str, data: Any) -> ScoringInput:
    """Parse and check a scoring file (see ``/spec/socks.md``)."""
    doc = validate(source, ScoringIn, data)
    rules = parse_rules(source, doc.rules, scoring_only=True)
    uses_ids = any(p.sets is None for p in doc.players)
    kind: CatalogueKind
    if doc.cards is not None:
        catalogue, kind = build_catalogue(source, doc.cards, None, "cards"), "user"
    else:
        catalogue, kind = sample_catalogue(), "sample" if uses_ids else "none"
    hands: list[Hand] = []
    names: dict[str, int] = {}
    used: dict[str, str] = {}
    dealt: dict[int, int] = {}
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
            hands.append(_sets_hand(source, path, player, catalogue, dealt, rules))
        elif player.collection is None:
            raise InputError(source, join_path(path, "collection"), "required key is missing (or give sets)")
        else:
            hands.append(_collection_hand(source, path, player, catalogue, used, rules))
    return ScoringInput(hands, rules, kind)


# --- the game log ---------------------------------------------------------------------------

#: The seating convention, as the log and position formats state it.
SEATING = (
    "The players in their seats, clockwise, the first player first. A card passed left goes to "
    "the next player in this list (the first after the last), a card passed right to the "
    "previous one. With two players they sit side by side, the first player on the right of the "
    "second: a left arrow from the first player, or a right arrow from the second, reaches the "
    "other player; any other arrow points at the empty side and the card is discarded."
)


class EffectIn(StrictModel):
    """One effect target: ``{"gift_to": NAME}`` or ``{"rescue_from": NAME, "card": ID}``."""

    gift_to: Name | None = None
    rescue_from: Name | None = None
    card: CardId | None = None
    super_set: int | None = Field(
        None,
        description="A rescued Super Sock: the rescuer's set it joins (rule option rescued_super)",
    )


class TurnIn(StrictModel):
    """One turn of a log: who played, what they drew, and every decision."""

    player: Name
    drawn: list[CardId] = Field(min_length=2, max_length=2)
    keep: CardId
    super_set: int | None = None
    passed_super_set: int | None = None
    passed_to: Name | None = Field(
        None,
        description="Where the other card went: the receiving player's name, or null when it "
        "was discarded (2 players, the arrow pointing at the empty side). Optional; when given "
        "it is checked against the card's arrow (left is the next player in `players`, right "
        "the previous one). Absent when the game ended before the card was passed.",
    )
    effects: list[EffectIn] = Field(default_factory=list, max_length=70)


class ResultIn(StrictModel):
    """The result a log claims (checked on replay)."""

    scores: dict[str, int]
    winners: list[Name]


class LogIn(StrictModel):
    """A game log: the setup (players, rules, catalogue, shuffled deck) and every turn."""

    game: Literal["socks"]
    note: str | None = None
    seed: int | None = Field(None, ge=0, le=2**63 - 1, description="The seed the game was played from (0 to 2**63-1).")
    catalogue: CatalogueIn | None = None
    players: list[Name] = Field(min_length=2, max_length=10, description=SEATING)
    rules: dict[str, Any] | None = None
    deck: list[CardId] = Field(min_length=1, max_length=1001)
    turns: list[TurnIn] = Field(max_length=1000)
    result: ResultIn | None = None


# --- the advice position --------------------------------------------------------------------


class PositionPlayerIn(StrictModel):
    """One player as the player to move sees them."""

    name: Name
    collection: list[CardId] = Field(default_factory=list)
    super_sock: WildValue | None = None
    super_socks: dict[str, WildValue] | None = None
    gifts: NonNegative = Field(0, description="How many face-down gifts lie beside the collection")


class PositionIn(StrictModel):
    """What the player to move sees, and the two cards drawn."""

    cards: list[CardIn] | None = Field(None, min_length=1, max_length=1000)
    rules: dict[str, Any] | None = None
    players: list[PositionPlayerIn] = Field(min_length=2, max_length=10, description=SEATING)
    to_move: Name
    discard: list[CardId] = Field(default_factory=list)
    drawn: list[CardId] = Field(min_length=2, max_length=2)


def player_seats(source: str, names: list[str], path: str, key: str | None = None) -> dict[str, int]:
    """Seat numbers by name; a name used twice is bad input. ``key`` is the name's key when each
    player is an object (a position's ``players[2].name``), None when the list holds the names
    (a log's ``players[2]``), so that the refusal names the very value."""
    seats: dict[str, int] = {}
    for index, name in enumerate(names):
        if name in seats:
            where = join_path(path, index)
            raise InputError(source, where if key is None else join_path(where, key), f"name {name!r} is used twice")
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


#: The input formats, by the name of their schema file ``model/socks/data/socks-NAME.schema.json``.
SCHEMAS: dict[str, type[BaseModel]] = {
    "catalogue": CatalogueIn,
    "scoring": ScoringIn,
    "log": LogIn,
    "position": PositionIn,
}


def schema_text(name: str) -> str:
    """The JSON Schema of one input format, as shipped in ``model/socks/data/socks-NAME.schema.json``."""
    schema = SCHEMAS[name].model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"
