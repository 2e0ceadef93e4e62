"""The input of ``verify tricks``: its JSON schema (pydantic) and its conversion to model types.

Two layers, as the errors they find differ. The pydantic models check shape, types and ranges
(unknown keys, booleans posing as integers, IDs outside 1..2^31-1); the conversion then checks
what needs the whole document: duplicate IDs, the card limit, an arrangement that is not a
layout of the network, a card to ``add`` that is already there. Every refusal is an InputError
naming the file and the JSON path of the fault.

The JSON Schema shipped in ``model/whitehouse/network/data/tricks-input.schema.json`` is ``input_schema()``;
regenerate it with ``python -m model.whitehouse.network.io > model/whitehouse/network/data/tricks-input.schema.json``.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    GetCoreSchemaHandler,
    GetPydanticSchema,
    PlainValidator,
    Tag,
    ValidationError,
    WithJsonSchema,
)

from model.common.errors import InputError, join_path
from model.common.jsonio import load_json, source_name, validation_error
from model.common.options import build_rules
from model.whitehouse.network.arrangement import (
    EVENT,
    MAX_CARDS,
    SUPPORTER,
    TRICKS_OPTIONS,
    Arrangement,
    ArrangementError,
    CardRef,
    Event,
    Network,
    Placement,
    Supporter,
    TricksRules,
    check_complete,
)

#: The largest card ID (and claim) the input may hold.
ID_MAX = 2**31 - 1
#: The range of rows and columns.
COORD_MIN, COORD_MAX = -(2**31), 2**31 - 1
#: The longest Event ID written as a string, and the longest display name.
MAX_ID_CHARS, MAX_NAME_CHARS = 40, 60

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _printable(value: str) -> str:
    if _CONTROL.search(value):
        raise ValueError("must not hold control characters (a line break, a tab ...)")
    return value


def _event_id(value: Any) -> int | str:
    """An Event ID as written: a non-empty string, or an integer in the ID range."""
    if isinstance(value, str):
        if not 1 <= len(value) <= MAX_ID_CHARS:
            raise ValueError(f"an Event ID string has 1 to {MAX_ID_CHARS} characters")
        return _printable(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= ID_MAX:
            raise ValueError(f"an integer Event ID must be from 1 to {ID_MAX}")
        return value
    raise ValueError("an Event ID is a string or an integer")


CardId = Annotated[int, Field(ge=1, le=ID_MAX)]
Coordinate = Annotated[int, Field(ge=COORD_MIN, le=COORD_MAX)]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS), AfterValidator(_printable)]
EventId = Annotated[
    int | str,
    PlainValidator(_event_id),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "minLength": 1, "maxLength": MAX_ID_CHARS},
                {"type": "integer", "minimum": 1, "maximum": ID_MAX},
            ]
        }
    ),
]


def _without_none(source: Any) -> Any:
    """``X`` of the annotation ``X | None``."""
    kept = [arg for arg in get_args(source) if arg is not types.NoneType]
    if len(kept) != 1:
        raise TypeError(f"expected X | None, got {source!r}")
    return kept[0]


def _as_given(source: Any, handler: GetCoreSchemaHandler) -> Any:
    return handler(_without_none(source))


#: Marks an optional key ``X | None`` (default None) that is validated and described as ``X``
#: alone: a key is optional by leaving it out, and ``null`` is refused like any other value
#: that is not an ``X``; only a key left out is None.
OMITTABLE = GetPydanticSchema(_as_given)


def _rules_schema() -> dict[str, Any]:
    """The ``rules`` object, written from the option registry so the two never disagree."""
    json_types = {bool: "boolean", int: "integer", str: "string"}
    properties = {}
    for option in TRICKS_OPTIONS:
        values = [value for value, _ in option.values]
        properties[option.name] = {
            "type": json_types[type(option.default)],
            "enum": values,
            "default": option.default,
            "description": option.question,
        }
    return {"type": "object", "properties": properties, "additionalProperties": False}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SupporterIn(_Strict):
    """A Supporter written as an object."""

    id: CardId = Field(description="The number printed on the card.")
    name: Annotated[Name | None, OMITTABLE] = Field(default=None, description="An optional display name.")


def _supporter_form(value: Any) -> str:
    return "object" if isinstance(value, dict) else "id"


SupporterEntry = Annotated[
    Annotated[CardId, Tag("id")] | Annotated[SupporterIn, Tag("object")],
    Discriminator(_supporter_form),
]


class EventIn(_Strict):
    """An Event card."""

    id: EventId = Field(description="Unique among the Events: a string or an integer.")
    supporters: list[CardId] = Field(
        description="The Supporter IDs the card lists; they may be outside this network."
    )
    name: Annotated[Name | None, OMITTABLE] = Field(default=None, description="An optional display name.")


class PlacementIn(_Strict):
    """One card of the arrangement on one cell: exactly one of ``supporter`` and ``event``."""

    model_config = ConfigDict(
        json_schema_extra={"oneOf": [{"required": ["supporter"]}, {"required": ["event"]}]}
    )

    supporter: Annotated[CardId | None, OMITTABLE] = Field(default=None, description="A Supporter's ID.")
    event: Annotated[EventId | None, OMITTABLE] = Field(default=None, description="An Event's ID.")
    row: Coordinate
    col: Coordinate


class AddIn(_Strict):
    """A card about to enter the network: ``{"supporter": 5}`` or
    ``{"event": "E9", "supporters": [5, 8]}``."""

    model_config = ConfigDict(
        json_schema_extra={
            "oneOf": [
                {"required": ["supporter"], "not": {"required": ["supporters"]}},
                {"required": ["event", "supporters"]},
            ]
        }
    )

    supporter: Annotated[CardId | None, OMITTABLE] = Field(default=None, description="A new Supporter's ID.")
    event: Annotated[EventId | None, OMITTABLE] = Field(default=None, description="A new Event's ID.")
    supporters: Annotated[list[CardId] | None, OMITTABLE] = Field(
        default=None, description="The Supporters the Event lists."
    )
    name: Annotated[Name | None, OMITTABLE] = Field(default=None, description="An optional display name.")


class TricksInput(_Strict):
    """The input document of ``verify tricks``."""

    model_config = ConfigDict(title="verify tricks input")

    supporters: list[SupporterEntry] = Field(max_length=MAX_CARDS)
    events: list[EventIn] = Field(max_length=MAX_CARDS)
    claim: Annotated[int | None, OMITTABLE] = Field(
        default=None, ge=0, le=ID_MAX, description="A Trick total someone claims the network makes."
    )
    arrangement: Annotated[list[PlacementIn] | None, OMITTABLE] = Field(
        default=None, max_length=MAX_CARDS, description="A layout to check against the rules."
    )
    add: Annotated[AddIn | None, OMITTABLE] = Field(
        default=None, description="A card about to enter beside the arrangement."
    )
    rules: Annotated[dict[str, Any] | None, OMITTABLE, WithJsonSchema(_rules_schema())] = Field(
        default=None, description="Rule options; unknown names are an error."
    )
    note: Annotated[str | None, OMITTABLE] = Field(default=None, max_length=2000, description="Free text, ignored.")


def input_schema() -> dict[str, Any]:
    """The JSON Schema of the input (the one shipped in ``model/data``)."""
    schema = TricksInput.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"

    # An optional key is written by leaving it out; ``null`` is not an accepted value.
    def drop_null_defaults(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("default", 0) is None:
                del node["default"]
            for value in node.values():
                drop_null_defaults(value)
        elif isinstance(node, list):
            for value in node:
                drop_null_defaults(value)

    drop_null_defaults(schema)
    return schema


@dataclass(frozen=True)
class TricksQuestion:
    """Everything ``verify tricks`` is asked about one network."""

    #: The file the question came from, as messages name it (``<stdin>`` for ``-``).
    source: str
    #: The cards.
    network: Network
    #: The rule options in force.
    rules: TricksRules = TricksRules()
    #: A Trick total someone claims, or None.
    claim: int | None = None
    #: A layout laid on the table to be checked, or None. It names every card exactly once.
    arrangement: Arrangement | None = None
    #: A card about to enter beside ``arrangement`` (not yet in ``network``), or None.
    add: Supporter | Event | None = None

    @property
    def add_ref(self) -> CardRef | None:
        """The card to add, as a reference."""
        if self.add is None:
            return None
        return CardRef(SUPPORTER if isinstance(self.add, Supporter) else EVENT, self.add.id)


_POLISH = (
    (re.compile(r"^Input should be a valid dictionary or instance of \w+"), "should be a JSON object"),
    (re.compile(r"^Input should be a valid dictionary"), "should be a JSON object"),
    (re.compile(r"^Input should be a valid list"), "should be a JSON array"),
    (re.compile(r"^Input should be a valid integer"), "should be an integer"),
    (re.compile(r"^Input should be a valid string"), "should be a string"),
    (re.compile(r"^Input should be"), "should be"),
    (re.compile(r"^List should have"), "should have"),
    (re.compile(r"^String should have"), "should have"),
)


def _pydantic_error(source: str, data: Any, error: ValidationError) -> InputError:
    found = validation_error(source, data, error)
    message = found.message
    for pattern, replacement in _POLISH:
        if pattern.search(message):
            message = pattern.sub(replacement, message, count=1)
            break
    message = message.replace(" after validation", "")
    return InputError(source, found.path, message)


def _supporter_path(raw: Any, index: int) -> str:
    path = join_path("supporters", index)
    return join_path(path, "id") if isinstance(raw, dict) else path


def _network(source: str, doc: TricksInput, data: dict[str, Any]) -> Network:
    supporters: list[Supporter] = []
    first_seen: dict[int, str] = {}
    for index, entry in enumerate(doc.supporters):
        card = Supporter(entry) if isinstance(entry, int) else Supporter(entry.id, entry.name)
        path = _supporter_path(data["supporters"][index], index)
        if card.id in first_seen:
            raise InputError(source, path, f"Supporter {card.id} appears twice (first at {first_seen[card.id]})")
        first_seen[card.id] = path
        supporters.append(card)
    events: list[Event] = []
    event_seen: dict[str, str] = {}
    for index, written in enumerate(doc.events):
        path = join_path(join_path("events", index), "id")
        # "1" and 1 would print alike, so they count as the same ID.
        if str(written.id) in event_seen:
            raise InputError(
                source, path, f"Event ID {written.id} appears twice (first at {event_seen[str(written.id)]})"
            )
        event_seen[str(written.id)] = path
        listed = _listed(source, join_path(join_path("events", index), "supporters"), written.supporters)
        events.append(Event(written.id, listed, written.name))
    total = len(supporters) + len(events)
    if total > MAX_CARDS:
        # The schema holds each list to MAX_CARDS, so the first card past the limit is an Event:
        # the path names it.
        path = join_path("events", MAX_CARDS - len(supporters))
        raise InputError(source, path, f"a network holds at most {MAX_CARDS} cards; this one has {total}")
    return Network(tuple(supporters), tuple(events))


def _listed(source: str, path: str, ids: Sequence[int]) -> frozenset[int]:
    seen: set[int] = set()
    for index, supporter_id in enumerate(ids):
        if supporter_id in seen:
            raise InputError(source, join_path(path, index), f"Supporter {supporter_id} is listed twice")
        seen.add(supporter_id)
    return frozenset(seen)


def _arrangement(source: str, network: Network, placements: list[PlacementIn]) -> Arrangement:
    converted = []
    for index, item in enumerate(placements):
        path = join_path("arrangement", index)
        # A key left out is None (``null`` is refused): None means not given.
        if item.supporter is not None and item.event is None:
            card = CardRef(SUPPORTER, item.supporter)
        elif item.event is not None and item.supporter is None:
            card = CardRef(EVENT, item.event)
        else:
            what = "both a supporter and an event" if item.supporter is not None else "neither a supporter nor an event"
            raise InputError(source, path, f"a placement names one card; this one names {what}")
        converted.append(Placement(card, item.row, item.col))
    arrangement = Arrangement(tuple(converted))
    try:
        check_complete(network, arrangement)
    except ArrangementError as error:
        path = "arrangement" if error.index is None else join_path("arrangement", error.index)
        raise InputError(source, path, error.message) from None
    return arrangement


def _add(source: str, network: Network, item: AddIn) -> Supporter | Event:
    # A key left out is None (``null`` is refused): None means not given.
    card: Supporter | Event
    if item.supporter is not None and item.event is None:
        if item.supporters is not None:
            raise InputError(source, "add.supporters", "only an Event lists supporters")
        if any(s.id == item.supporter for s in network.supporters):
            raise InputError(source, "add.supporter", f"Supporter {item.supporter} is already in the network")
        card = Supporter(item.supporter, item.name)
    elif item.event is not None and item.supporter is None:
        if item.supporters is None:
            raise InputError(source, "add.supporters", "required key is missing")
        if any(str(e.id) == str(item.event) for e in network.events):
            raise InputError(source, "add.event", f"Event {item.event} is already in the network")
        card = Event(item.event, _listed(source, "add.supporters", item.supporters), item.name)
    else:
        raise InputError(source, "add", "name one card: a supporter, or an event with its supporters")
    if network.size >= MAX_CARDS:
        raise InputError(source, "add", f"the network already holds {MAX_CARDS} cards, the most it may")
    return card


def _rules(source: str, raw: Mapping[str, Any] | None, path: str = "rules") -> TricksRules:
    if raw is None:
        return TricksRules()
    by_name = {option.name: option for option in TRICKS_OPTIONS}
    for name, value in raw.items():
        option = by_name.get(name)
        # JSON says true, not "true": text is for --rule flags only.
        if option is not None and type(value) is not type(option.default):
            shown = ", ".join(json.dumps(v) for v, _ in option.values)
            raise InputError(
                source, join_path(path, name), f"rule {name} takes one of {shown}, not {json.dumps(value)}"
            )
    return build_rules(TricksRules, TRICKS_OPTIONS, raw, source, path)


def parse_question(
    data: Any,
    source: str,
    claim: int | None = None,
    rule_flags: Mapping[str, str] | None = None,
) -> TricksQuestion:
    """Check a parsed JSON document and turn it into a TricksQuestion. ``claim`` and
    ``rule_flags`` (from ``--claim`` and ``--rule``) win over the file."""
    if not isinstance(data, dict):
        raise InputError(source, "", "the document should be a JSON object")
    try:
        doc = TricksInput.model_validate(data)
    except ValidationError as error:
        raise _pydantic_error(source, data, error) from None
    network = _network(source, doc, data)
    rules = _rules(source, doc.rules)
    if rule_flags:
        flagged = build_rules(TricksRules, TRICKS_OPTIONS, rule_flags, "--rule", "")
        rules = dataclasses.replace(rules, **{name: getattr(flagged, name) for name in rule_flags})
    if claim is not None and not 0 <= claim <= ID_MAX:
        raise InputError("--claim", "", f"a claim is a Trick total from 0 to {ID_MAX}, not {claim}")
    arrangement = None if doc.arrangement is None else _arrangement(source, network, doc.arrangement)
    add = None
    if doc.add is not None:
        if arrangement is None:
            raise InputError(source, "add", "needs an arrangement: a card enters beside the cards on the table")
        add = _add(source, network, doc.add)
    return TricksQuestion(
        source=source,
        network=network,
        rules=rules,
        claim=claim if claim is not None else doc.claim,
        arrangement=arrangement,
        add=add,
    )


def load_question(
    path: str, claim: int | None = None, rule_flags: Mapping[str, str] | None = None
) -> TricksQuestion:
    """Read and check one input file (``-`` for standard input)."""
    return parse_question(load_json(path), source_name(path), claim, rule_flags)


if __name__ == "__main__":
    json.dump(input_schema(), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
