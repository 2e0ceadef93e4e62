"""Oh My Socks!: the cards and the catalogue (and its file format).

The rulebook gives the deck's composition (one Super Sock, and n cards of set n for n = 2..11:
66 Sock cards, plus the Washing Machine) but not each card's stars, effect or arrow. Those come
from a catalogue: the shipped sample (``model/socks/data/socks-sample-catalogue.json``, illustrative
values) or one the user supplies. Nothing about individual cards is written in code.

The catalogue format is a strict pydantic model (unknown keys and wrong types are refused); what
pydantic cannot see (an ID used twice, stars on the Super Sock) is checked in ``build_catalogue``.
The other input formats, which use it, are in ``model/socks/io.py``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from model.common.errors import InputError, join_path
from model.common.jsonio import validation_error

#: The set value that marks the Super Sock (a wild card) in a catalogue.
Super = Literal["super"]
SUPER: Super = "super"
#: A card's effect, by name.
EffectName = Literal["gift", "rescue"]
#: A card's effect, or None for a card without one.
Effect = EffectName | None
#: Where a card goes when passed.
Arrow = Literal["left", "right"]
GIFT: Literal["gift"] = "gift"
RESCUE: Literal["rescue"] = "rescue"
LEFT: Literal["left"] = "left"
RIGHT: Literal["right"] = "right"
#: A face-up Super Sock's set in a position: a set number, ``waiting`` (typed by the next Sock)
#: or ``end`` (chosen at the end).
WildValue = int | Literal["waiting", "end"]
#: What decided the winners: the highest score, then the fewest sets, then the ``final_tie``
#: option (``shared`` or ``no_winner``).
DecidedBy = Literal["score", "fewest_sets", "shared", "no_winner"]
#: The rulebook's setup: this many Sock cards are shuffled with the Washing Machine at the bottom.
BOTTOM_STACK = 10
#: Cards drawn at the start of each turn.
DRAW_PER_TURN = 2
#: The table sizes ``play`` accepts (the rulebook names none; 2 has its own variant).
MIN_PLAYERS, MAX_PLAYERS = 2, 10
SAMPLE_CATALOGUE_FILE = "socks-sample-catalogue.json"

@dataclass(frozen=True)
class Card:
    """One card of the catalogue: a Sock (or the Super Sock)."""

    #: The card's ID, unique in the catalogue.
    id: str
    #: The set number (an integer), or None for a Super Sock (a wild card).
    set: int | None
    #: Stars printed on the card (0 for a Super Sock).
    stars: int
    #: ``gift``, ``rescue`` or None.
    effect: Effect
    #: ``left`` or ``right``: where the card goes when passed.
    arrow: Arrow

    @property
    def wild(self) -> bool:
        return self.set is None


@dataclass(frozen=True)
class Catalogue:
    """Every card of one deck, plus the Washing Machine. Cards are referred to by their index."""

    #: The Sock cards, in catalogue order.
    cards: tuple[Card, ...]
    #: The Washing Machine's ID.
    washing_machine: str = "washing-machine"
    #: True for the shipped sample (illustrative stars, effects and arrows).
    sample: bool = False
    #: The catalogue's note (the sample says it is illustrative).
    note: str | None = None
    _index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    #: Per card index (the Washing Machine last): the set (None for a Super Sock or the machine).
    card_sets: tuple[int | None, ...] = field(init=False, repr=False, compare=False, hash=False)
    #: Per card index: the stars.
    card_stars: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    #: Per card index: the effect.
    card_effects: tuple[Effect, ...] = field(init=False, repr=False, compare=False, hash=False)
    #: Per card index: the arrow.
    card_arrows: tuple[Arrow | None, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        index = {card.id: i for i, card in enumerate(self.cards)}
        if len(index) != len(self.cards):
            raise ValueError("duplicate card ID in the catalogue")
        if self.washing_machine in index:
            raise ValueError("the Washing Machine's ID is also a Sock card's")
        object.__setattr__(self, "_index", index)
        # Flat per-index tables: the engine reads these on every turn.
        object.__setattr__(self, "card_sets", tuple(c.set for c in self.cards) + (None,))
        object.__setattr__(self, "card_stars", tuple(c.stars for c in self.cards) + (0,))
        object.__setattr__(self, "card_effects", tuple(c.effect for c in self.cards) + (None,))
        object.__setattr__(self, "card_arrows", tuple(c.arrow for c in self.cards) + (None,))

    @property
    def wm(self) -> int:
        """The Washing Machine's index (just past the Sock cards)."""
        return len(self.cards)

    def index(self, card_id: str) -> int:
        """A card's index from its ID (the Washing Machine included); KeyError if unknown."""
        if card_id == self.washing_machine:
            return self.wm
        return self._index[card_id]

    def id_of(self, index: int) -> str:
        return self.washing_machine if index == self.wm else self.cards[index].id

    def knows(self, card_id: str) -> bool:
        return card_id in self._index

    def label(self, index: int) -> str:
        """How text names a card: ``7-2 (set 7, 2 stars, gift)``."""
        if index == self.wm:
            return "the Washing Machine"
        card = self.cards[index]
        if card.wild:
            return f"{card.id} (Super Sock)"
        stars = f"{card.stars} star" + ("" if card.stars == 1 else "s")
        effect = f", {card.effect}" if card.effect else ""
        return f"{card.id} (set {card.set}, {stars}{effect})"


# --- the catalogue file -------------------------------------------------------------------

NonNegative = Annotated[int, Field(ge=0)]
CardId = Annotated[str, Field(min_length=1, max_length=64)]
Model = TypeVar("Model", bound=BaseModel)


class StrictModel(BaseModel):
    """An input document's part: unknown keys and wrong types are refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class CardIn(StrictModel):
    """One card of a catalogue."""

    id: CardId
    set: int | Super = Field(description='A set number, or "super" for the Super Sock')
    stars: NonNegative | None = Field(None, description="Required for Sock cards; 0 for the Super Sock")
    effect: Effect = None
    arrow: Arrow


class WashingMachineIn(StrictModel):
    """The Washing Machine card."""

    id: CardId


class CatalogueIn(StrictModel):
    """A catalogue file: the Sock cards and the Washing Machine."""

    note: str | None = None
    cards: list[CardIn] = Field(min_length=1, max_length=1000)
    washing_machine: WashingMachineIn | None = None


def validate(source: str, model: type[Model], data: Any) -> Model:
    """Validate a parsed JSON document against a schema model (errors name the JSON path)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise validation_error(source, data, error) from None


def card_from_json(raw: CardIn) -> Card:
    """A Card from a validated catalogue entry (see ``build_catalogue``)."""
    return Card(
        id=raw.id,
        set=raw.set if isinstance(raw.set, int) else None,
        stars=raw.stars or 0,
        effect=raw.effect,
        arrow=raw.arrow,
    )


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
        # The Washing Machine sits beside the cards: under ``catalogue`` in a log, at the top of a
        # catalogue file.
        beside = path.rpartition(".")[0]
        raise InputError(source, join_path(join_path(beside, "washing_machine"), "id"),
                         f"{wm!r} is also a Sock card's ID")
    return Catalogue(tuple(card_from_json(c) for c in cards), wm, sample, note)


def parse_catalogue_document(source: str, data: Any, sample: bool = False) -> Catalogue:
    """A catalogue file (``{"note", "cards", "washing_machine"}``)."""
    doc = validate(source, CatalogueIn, data)
    wm = doc.washing_machine.id if doc.washing_machine else None
    return build_catalogue(source, doc.cards, wm, "cards", sample, doc.note)


@lru_cache(maxsize=1)
def sample_catalogue_json() -> dict[str, Any]:
    """The shipped sample catalogue document, as parsed JSON."""
    text = resources.files("model.socks").joinpath("data", SAMPLE_CATALOGUE_FILE).read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


@lru_cache(maxsize=1)
def sample_catalogue() -> Catalogue:
    """The shipped sample catalogue (the rulebook's composition, illustrative values)."""
    return parse_catalogue_document(SAMPLE_CATALOGUE_FILE, sample_catalogue_json(), sample=True)
