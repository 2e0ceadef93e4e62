"""How a White House intern move is written: the JSON object of a log, and one line of words that
the text answers print and ``verify whitehouse move --move`` reads back.

The line is the move's name followed by what it names, in this order::

    take ROW SLOT [discards CARD CARD]
    play SLOT [discards CARD CARD] [target SEAT] [card CARD] [give CARD]
    lock [with CARD]
    lock_hand cards CARD [CARD]
    pass | lies | no_lies | block | accept | keep

optionally ending in ``by player SEAT`` (the seat making the move). ROW is ``supporter`` or
``event``, SLOT ``closest``, ``middle`` or ``furthest``; a Supporter is written ``S5`` (``5``
reads the same), an Event or a Distraction by its ID. ``take supporter middle discards S9`` is the
log's ``{"move": "take", "row": "supporter", "slot": "middle", "discards": [9]}``. A card ID with a
space in it cannot be written this way: write the move as JSON.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from model.whitehouse.state import SLOTS, CardId, Lock, LockHand, Move, Play, Take

#: A Supporter as people write it: S and its number.
SUPPORTER_NAME = re.compile(r"S([1-9][0-9]*)")
#: The words that name what follows them (``by`` starts the closing ``by player SEAT``).
_KEYWORDS = ("discards", "cards", "with", "target", "card", "give", "by")
#: What each move names after its name: its fixed words, then the keywords it may use.
_SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "take": (("row", "slot"), ("discards",)),
    "play": (("slot",), ("discards", "target", "card", "give")),
    "lock": ((), ("with",)),
    "lock_hand": ((), ("cards",)),
    **{name: ((), ()) for name in ("pass", "lies", "no_lies", "block", "accept", "keep")},
}
#: The words each fixed field allows.
_FIXED: dict[str, tuple[str, ...]] = {"row": ("supporter", "event"), "slot": SLOTS}
#: The keywords naming a list of cards, and how many each holds at most.
_LISTS = {"discards": 2, "cards": 2}


class NotationError(ValueError):
    """A move line that does not read as a move; the message names the word at fault."""


def card_name(card: Any) -> str:
    """A card as people write it: S5, E5, D20; "-" for an empty slot."""
    if card is None:
        return "-"
    return f"S{card}" if isinstance(card, int) else str(card)


def read_card(word: str, events: Collection[str] = ()) -> CardId:
    """The card ``word`` names: an Event ID of ``events`` as it is, ``S5`` or ``5`` a Supporter,
    any other word as it is (an ID the catalogue may not have: the caller checks)."""
    if word in events:
        return word
    found = SUPPORTER_NAME.fullmatch(word)
    if found:
        return int(found.group(1))
    return int(word) if word.isdigit() and not word.startswith("0") else word


def move_json(move: Move, player: int) -> dict[str, Any]:
    """A move as one JSON object of a log."""
    data: dict[str, Any] = {"player": player, "move": move.name}
    if isinstance(move, Take):
        data.update(row=move.row, slot=move.slot, discards=list(move.discards))
    elif isinstance(move, Play):
        data.update(slot=move.slot, discards=list(move.discards))
        for key in ("target", "card", "give"):
            if getattr(move, key) is not None:
                data[key] = getattr(move, key)
    elif isinstance(move, Lock) and move.with_card is not None:
        data["with"] = move.with_card
    elif isinstance(move, LockHand):
        data["cards"] = list(move.cards)
    return data


def move_words(data: Mapping[str, Any]) -> str:
    """The line of a move given as a log's JSON object (its ``player`` left out)."""
    words = [str(data["move"])]
    for key in ("row", "slot"):
        if key in data:
            words.append(str(data[key]))
    for key in ("discards", "cards"):
        if data.get(key):
            words.append(f"{key} " + " ".join(map(card_name, data[key])))
    for key in ("with", "target", "card", "give"):
        if data.get(key) is not None:
            value = data[key]
            words.append(f"{key} {value if key == 'target' else card_name(value)}")
    return " ".join(words)


def move_text(move: Move) -> str:
    """The line of a move."""
    return move_words(move_json(move, 0))


def read_move(line: str, events: Collection[str] = ()) -> dict[str, Any]:
    """The log's JSON object of the move ``line`` writes (with ``player`` only when the line ends
    in ``by player SEAT``); ``events`` are the catalogue's Event IDs, so that an Event whose ID
    looks like a Supporter reads as the Event."""
    words = line.split()
    if not words:
        raise NotationError("the move is empty: write e.g. 'take supporter furthest' or 'pass'")
    name, rest = words[0], words[1:]
    if name not in _SHAPES:
        raise NotationError(f"{name} is not a move: the moves are {', '.join(_SHAPES)}")
    fixed, keywords = _SHAPES[name]
    data: dict[str, Any] = {"move": name}
    for field in fixed:
        if not rest or rest[0] in _KEYWORDS:
            raise NotationError(f"{name} names its {field} next: one of {', '.join(_FIXED[field])}")
        word = rest.pop(0)
        if word not in _FIXED[field]:
            raise NotationError(f"{word} is not a {field}: one of {', '.join(_FIXED[field])}")
        data[field] = word
    while rest:
        keyword = rest.pop(0)
        if keyword == "by":
            _read_player(rest, data)
            break
        if keyword not in keywords:
            allowed = ", ".join(keywords + ("by player",)) if keywords else "by player"
            raise NotationError(f"{keyword} does not belong to a {name} move here: after {name} come {allowed}")
        if keyword in data:
            raise NotationError(f"{keyword} is named twice")
        values: list[str] = []
        while rest and rest[0] not in _KEYWORDS:
            values.append(rest.pop(0))
        if not values:
            raise NotationError(f"{keyword} names nothing")
        if keyword in _LISTS:
            if len(values) > _LISTS[keyword]:
                raise NotationError(f"{keyword} names {len(values)} cards; at most {_LISTS[keyword]}")
            data[keyword] = [read_card(value, events) for value in values]
        elif len(values) > 1:
            raise NotationError(f"{keyword} names one {'seat' if keyword == 'target' else 'card'}, "
                                f"not {' '.join(values)}")
        elif keyword == "target":
            data[keyword] = _seat(values[0], "target")
        else:
            data[keyword] = read_card(values[0], events)
    if name == "lock_hand" and "cards" not in data:
        raise NotationError("lock_hand names its cards: lock_hand cards S2 E5")
    if name in ("take", "play"):
        data.setdefault("discards", [])
    return data


def _read_player(rest: list[str], data: dict[str, Any]) -> None:
    if len(rest) != 2 or rest[0] != "player":
        raise NotationError("a move line ends with 'by player SEAT', e.g. 'by player 0'")
    data["player"] = _seat(rest[1], "player")


def _seat(word: str, what: str) -> int:
    if not word.isdigit():
        raise NotationError(f"{what} {word} is not a seat number (0, 1, ...)")
    return int(word)
