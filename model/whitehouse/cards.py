"""Card catalogues of the White House intern game: Supporters, Events and Distractions.

The rulebook names each card's fields but publishes no card list, so catalogues are data files:
the shipped sample (``model/whitehouse/data/whitehouse-sample-catalogue.json``, illustrative) or any user
catalogue in the same format. A Distraction's action is one of a closed set of types, each with
its parameters; ``ACTION_TYPES`` states for each whether it is played "against" a player and when
it fizzles.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal, TypeAlias, cast, overload

from model.common.errors import InputError, join_path
from model.common.jsonio import validation_error
from model.whitehouse.network.arrangement import Event, Kind, Supporter

#: A hand card's kind (and a Locked Network card's): Supporter or Event.
HandKind: TypeAlias = Kind

#: A deck (and its row): Supporters, Events, Distractions.
DeckKind: TypeAlias = Literal["supporter", "event", "distraction"]
KINDS: tuple[DeckKind, ...] = ("supporter", "event", "distraction")
#: The type of a Distraction's action.
ActionName: TypeAlias = Literal[
    "remove_own", "steal", "swap", "take_row", "force_move", "draw", "reshuffle", "reverse", "gridlock", "lies",
    "deflection",
]
#: A parameter an action's card carries (``Action``'s fields).
ActionParam: TypeAlias = Literal["kind", "row", "to", "deck", "count"]
#: Whom a Distraction is played "against": the target, yourself, both, or nobody ("").
Against: TypeAlias = Literal["target", "self", "both", ""]
#: Where force_move sends the card: the bottom of its deck, or the next player's Active Hand.
Destination: TypeAlias = Literal["deck", "next_player"]

#: The smallest and largest player counts a catalogue is checked for (more if the cards suffice).
MIN_PLAYERS = 2
MAX_PLAYERS = 12


@dataclass(frozen=True)
class ActionType:
    """What one type of Distraction action does (metadata, as data)."""

    #: The type's name, as written in catalogues.
    name: ActionName
    #: The parameters a card of this type carries.
    params: tuple[ActionParam, ...]
    #: Whom it is played "against" (the rulebook's definition): "target", "self", "both", or "".
    against: Against
    #: When it fizzles ("there is no card to remove, steal, swap, take or draw"), or "never".
    fizzles: str
    #: Whether the card stays in play (Gridlock, Lies, Deflection) instead of going to the bottom.
    stays: bool = False


ACTION_TYPES: dict[ActionName, ActionType] = {
    t.name: t
    for t in (
        ActionType("remove_own", ("kind",), "self",
                   "no card of that kind in your own Active Hand"),
        ActionType("steal", ("kind",), "target",
                   "no other player has a card of that kind in their Active Hand"),
        ActionType("swap", ("kind",), "both",
                   "you or every other player lack a card of that kind in the Active Hand"),
        ActionType("take_row", ("row",), "",
                   "the row holds no card"),
        ActionType("force_move", ("kind", "to"), "target",
                   "no other player has a card of that kind in their Active Hand"),
        ActionType("draw", ("deck", "count"), "",
                   "the deck is empty"),
        ActionType("reshuffle", ("deck",), "",
                   "the deck is empty"),
        ActionType("reverse", (), "", "never"),
        ActionType("gridlock", (), "target", "never", stays=True),
        ActionType("lies", (), "", "never", stays=True),
        ActionType("deflection", (), "", "never", stays=True),
    )
}


@dataclass(frozen=True)
class Action:
    """The action printed on a Distraction card."""

    #: One of ``ACTION_TYPES``.
    type: ActionName
    #: remove_own, steal, swap, force_move: which kind of hand card ("supporter" or "event").
    kind: HandKind | None = None
    #: take_row: the face-up row taken from ("supporter" or "event").
    row: HandKind | None = None
    #: force_move: where the card goes: "deck" (bottom of its deck) or "next_player" (the Active
    #: Hand of the player after the target in the direction of play).
    to: Destination | None = None
    #: draw, reshuffle: which deck.
    deck: DeckKind | None = None
    #: draw: how many cards (1 to 3).
    count: int | None = None

    def describe(self) -> str:
        """The action in a few words, for reports."""
        kind = self.kind or self.row or self.deck or ""
        one = f"an {kind}" if kind[:1] in ("a", "e", "i", "o", "u") else f"a {kind}"
        words: dict[ActionName, str] = {
            "remove_own": f"remove {one} from your own Active Hand",
            "steal": f"steal {one} from another player",
            "swap": f"swap {one} with another player",
            "take_row": f"take a card from the {kind} row",
            "force_move": f"force another player to move {one} "
            + ("to the bottom of its deck" if self.to == "deck" else "to the next player"),
            "draw": f"draw {self.count} from the {kind} deck",
            "reshuffle": f"reshuffle the {kind} deck",
            "reverse": "reverse the order of play",
            "gridlock": "Gridlock",
            "lies": "Lies",
            "deflection": "Deflection",
        }
        return words[self.type]


@dataclass(frozen=True)
class Distraction:
    """A Distraction card."""

    #: The card's identifier, unique among Distractions.
    id: str
    #: The quote printed on the card.
    quote: str
    #: The action.
    action: Action


@dataclass(frozen=True)
class Catalogue:
    """Every card of one game's three decks, in catalogue order."""

    #: The Supporters.
    supporters: tuple[Supporter, ...]
    #: The Events.
    events: tuple[Event, ...]
    #: The Distractions.
    distractions: tuple[Distraction, ...]
    #: The catalogue's name (for reports).
    name: str = ""
    # The cards by ID, filled in from the three tuples.
    _supporters: dict[int, Supporter] = field(init=False, repr=False, compare=False)
    _events: dict[int | str, Event] = field(init=False, repr=False, compare=False)
    _distractions: dict[str, Distraction] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_supporters", {s.id: s for s in self.supporters})
        object.__setattr__(self, "_events", {e.id: e for e in self.events})
        object.__setattr__(self, "_distractions", {d.id: d for d in self.distractions})

    def supporter(self, number: int) -> Supporter:
        return self._supporters[number]

    def event(self, event_id: str) -> Event:
        return self._events[event_id]

    def distraction(self, card_id: str) -> Distraction:
        return self._distractions[card_id]

    def has(self, kind: DeckKind, card: int | str) -> bool:
        tables: dict[DeckKind, dict[Any, Any]] = {
            "supporter": self._supporters, "event": self._events, "distraction": self._distractions,
        }
        table = tables[kind]
        return card in table and type(card) is (int if kind == "supporter" else str)

    @overload
    def ids(self, kind: Literal["supporter"]) -> tuple[int, ...]: ...

    @overload
    def ids(self, kind: Literal["event", "distraction"]) -> tuple[str, ...]: ...

    @overload
    def ids(self, kind: DeckKind) -> tuple[int, ...] | tuple[str, ...]: ...

    def ids(self, kind: DeckKind) -> tuple[int, ...] | tuple[str, ...]:
        if kind == "supporter":
            return tuple(s.id for s in self.supporters)
        if kind == "event":
            # A catalogue's Events have text IDs (its schema says so); a network's may be numbers.
            return tuple(cast(str, e.id) for e in self.events)
        return tuple(d.id for d in self.distractions)

    def max_players(self) -> int:
        """The most players the catalogue can seat: each is dealt one Supporter and one Event and
        each row needs three cards; the dealt pair must not match (checked at the deal)."""
        return min(len(self.supporters) - 3, len(self.events) - 3)


# --- input schema (pydantic, imported lazily by ``load_catalogue``) ------------------------------


#: A Supporter as every answer writes it: S and its number ("S5").
SUPPORTER_PATTERN = r"^S[1-9][0-9]*$"
SUPPORTER_TEXT = re.compile(SUPPORTER_PATTERN)


def supporter_number(value: Any) -> Any:
    """``"S5"`` read as Supporter 5 (the way every answer writes it); any other value as it is."""
    if isinstance(value, str):
        if SUPPORTER_TEXT.match(value):
            return int(value[1:])
    return value


def hand_card(value: Any, info: Any) -> Any:
    """A Supporter or an Event: ``"S5"`` is Supporter 5 unless the catalogue has an Event of that ID
    (the validation context's ``events``)."""
    events = (info.context or {}).get("events", ()) if info is not None else ()
    return value if isinstance(value, str) and value in events else supporter_number(value)


@cache
def schema_models() -> Any:
    """The pydantic model of a catalogue document (``log.py`` nests it in a game log)."""
    # pydantic is imported here, not at the top, so that ``verify --help`` stays fast.
    from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

    strict = ConfigDict(extra="forbid", strict=True)
    Positive = Annotated[int, Field(ge=1, le=2**31 - 1)]
    Written = Annotated[str, Field(pattern=SUPPORTER_PATTERN)]
    # A Supporter number, or "S5" (``supporter_number``).
    Number = Annotated[Positive, BeforeValidator(supporter_number, json_schema_input_type=Positive | Written)]
    Ident = Annotated[str, Field(min_length=1, max_length=40)]
    Hand = Literal["supporter", "event"]

    class SupporterIn(BaseModel):
        model_config = strict
        number: Number = Field(description="The unique number printed on the card (5, or \"S5\").")
        name: str | None = Field(default=None, description="The person's name.")

    class EventIn(BaseModel):
        model_config = strict
        id: Ident = Field(description="The Event's identifier, unique among Events.")
        name: str | None = None
        supporters: list[Number] = Field(description="The Supporter numbers the card lists (5, or \"S5\").")

    class RemoveOwn(BaseModel):
        model_config = strict
        type: Literal["remove_own"]
        kind: Hand

    class Steal(BaseModel):
        model_config = strict
        type: Literal["steal"]
        kind: Hand

    class Swap(BaseModel):
        model_config = strict
        type: Literal["swap"]
        kind: Hand

    class TakeRow(BaseModel):
        model_config = strict
        type: Literal["take_row"]
        row: Hand

    class ForceMove(BaseModel):
        model_config = strict
        type: Literal["force_move"]
        kind: Hand
        to: Literal["deck", "next_player"] = Field(
            description="deck: the card goes to the bottom of its deck; next_player: into the Active Hand of "
            "the player after the target in the direction of play.")

    class Draw(BaseModel):
        model_config = strict
        type: Literal["draw"]
        deck: Hand
        count: Annotated[int, Field(ge=1, le=3)] = 1

    class Reshuffle(BaseModel):
        model_config = strict
        type: Literal["reshuffle"]
        deck: Literal["supporter", "event", "distraction"]

    class Plain(BaseModel):
        model_config = strict
        type: Literal["reverse", "gridlock", "lies", "deflection"]

    ActionIn = Annotated[
        RemoveOwn | Steal | Swap | TakeRow | ForceMove | Draw | Reshuffle | Plain,
        Field(discriminator="type"),
    ]

    class DistractionIn(BaseModel):
        model_config = strict
        id: Ident = Field(description="The card's identifier, unique among Distractions.")
        quote: str = Field(description="The quote attributed to the President.")
        action: ActionIn

    class CatalogueIn(BaseModel):
        """A White House intern card catalogue."""

        model_config = strict
        note: str | None = Field(default=None, description="Free text, e.g. 'illustrative'.")
        name: str | None = None
        supporters: list[SupporterIn] = Field(max_length=500)
        events: list[EventIn] = Field(max_length=500)
        distractions: list[DistractionIn] = Field(max_length=500)

    return CatalogueIn


def catalogue_schema() -> dict[str, Any]:
    """The JSON Schema of a catalogue file."""
    schema: dict[str, Any] = schema_models().model_json_schema()
    return schema


def parse_catalogue(source: str, data: Any, path: str = "") -> Catalogue:
    """Validate a catalogue document and build the Catalogue; errors name the JSON path."""
    from pydantic import ValidationError  # here, not at the top: ``verify --help`` stays fast

    model = schema_models()
    try:
        parsed = model.model_validate(data)
    except ValidationError as error:
        inner = validation_error(source, data, error)
        full = inner.path if not path else (f"{path}.{inner.path}" if inner.path else path)
        raise InputError(source, full, inner.message) from None

    def at(*keys: str | int) -> str:
        where = path
        for key in keys:
            where = join_path(where, key)
        return where

    seen_numbers: set[int] = set()
    for index, card in enumerate(parsed.supporters):
        if card.number in seen_numbers:
            raise InputError(source, at("supporters", index, "number"), f"Supporter {card.number} appears twice")
        seen_numbers.add(card.number)
    seen_events: set[str] = set()
    for index, card in enumerate(parsed.events):
        if card.id in seen_events:
            raise InputError(source, at("events", index, "id"), f"Event {card.id} appears twice")
        seen_events.add(card.id)
        if len(set(card.supporters)) != len(card.supporters):
            raise InputError(source, at("events", index, "supporters"), "a Supporter number is listed twice")
    seen_distractions: set[str] = set()
    for index, card in enumerate(parsed.distractions):
        if card.id in seen_distractions:
            raise InputError(source, at("distractions", index, "id"), f"Distraction {card.id} appears twice")
        seen_distractions.add(card.id)
    catalogue = Catalogue(
        supporters=tuple(Supporter(s.number, s.name) for s in parsed.supporters),
        events=tuple(Event(e.id, frozenset(e.supporters), e.name) for e in parsed.events),
        distractions=tuple(
            Distraction(d.id, d.quote, Action(**d.action.model_dump())) for d in parsed.distractions
        ),
        name=parsed.name or "",
    )
    if len(catalogue.distractions) < 3:
        raise InputError(source, at("distractions"), "the Distractions row needs at least 3 cards")
    if catalogue.max_players() < MIN_PLAYERS:
        raise InputError(
            source, path, f"too few cards for {MIN_PLAYERS} players: each deck needs 3 cards for its "
            "row plus one per player"
        )
    return catalogue


SAMPLE = "whitehouse-sample-catalogue.json"


def sample_catalogue_data() -> dict[str, Any]:
    """The shipped sample catalogue (illustrative) as a JSON document."""
    text = resources.files("model.whitehouse").joinpath("data", SAMPLE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def sample_catalogue() -> Catalogue:
    """The shipped sample catalogue (illustrative)."""
    return parse_catalogue(SAMPLE, sample_catalogue_data())
