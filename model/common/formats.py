"""Which input document is this? The formats every command reads, recognised by their shape, so
that a file given to the wrong command is answered with the command that reads it ("this looks
like a Socks score file: try `verify socks FILE`") instead of the first key it lacks.

Each game declares its formats (``Game.formats``), each with the JSON Schema its reader's models
generate. A document fits a format when it has the schema's shape: every required key, no key
the schema does not allow, values of the JSON types it states, its constants and enumerations,
all the way down (bounds, patterns and lengths are not looked at: a document with a wrong
number is still of its format). A document that fits none is left to its reader's own message.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.resources import files
from typing import Any

from model import GAME_PACKAGES
from model.common.errors import InputError

#: Items of an array looked at: enough to tell the formats apart, cheap on a huge array.
ITEMS_LOOKED_AT = 50

_JSON_TYPES: Mapping[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,), "null": (type(None),),
    "integer": (int,), "number": (int, float),
}


@dataclass(frozen=True)
class DocumentFormat:
    """An input document a command reads."""

    #: What it is, with its article, as a hint names it (``a Socks score file``).
    title: str
    #: How to give it to the command that reads it (``verify socks FILE``).
    usage: str
    #: The places that read it: a command's words, and the option that names the file when it is
    #: not the command's argument (``socks score``, ``likes round --board``).
    readers: tuple[str, ...]
    #: Its JSON Schema: the package and the file name in the package's ``data`` folder.
    schema: tuple[str, str]
    #: The part of the schema that describes it, as a JSON pointer (``/properties/moves/items``:
    #: one move of a log); empty for the whole schema.
    pointer: str = ""
    #: Keys it has beyond those its schema requires (a log's ``moves``, where the schema is shared).
    needs: tuple[str, ...] = ()

    def fits(self, document: Any) -> bool:
        """True when ``document`` has this format's shape."""
        if not isinstance(document, dict) or any(key not in document for key in self.needs):
            return False
        root = _schema(*self.schema)
        return _fits(_at(root, self.pointer), document, root)


@cache
def _schema(package: str, name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((files(package) / "data" / name).read_text(encoding="utf-8"))
    return loaded


def _at(root: dict[str, Any], pointer: str) -> dict[str, Any]:
    """The part of ``root`` a JSON pointer (``/$defs/Move``) names."""
    node: Any = root
    for step in pointer.split("/")[1:]:
        node = node[int(step)] if isinstance(node, list) else node[step.replace("~1", "/").replace("~0", "~")]
    assert isinstance(node, dict), f"{pointer} names no schema"
    return node


def _is(value: Any, kind: str) -> bool:
    if isinstance(value, bool) and kind in ("integer", "number"):
        return False
    return isinstance(value, _JSON_TYPES.get(kind, object))


def _fits(schema: Any, value: Any, root: dict[str, Any]) -> bool:
    """True when ``value`` has the shape ``schema`` describes (``root`` resolves its ``$ref``s)."""
    if schema is True or not isinstance(schema, dict):
        return schema is not False
    if "$ref" in schema and not _fits(_at(root, schema["$ref"].removeprefix("#")), value, root):
        return False
    if any(not any(_fits(one, value, root) for one in schema[key]) for key in ("anyOf", "oneOf") if key in schema):
        return False
    if any(not _fits(one, value, root) for one in schema.get("allOf", ())):
        return False
    kinds = schema.get("type")
    if kinds is not None and not any(_is(value, kind) for kind in ([kinds] if isinstance(kinds, str) else kinds)):
        return False
    if "const" in schema and value != schema["const"]:
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if isinstance(value, dict):
        return _object_fits(schema, value, root)
    if isinstance(value, list):
        items = schema.get("items", True)
        return all(_fits(items, item, root) for item in value[:ITEMS_LOOKED_AT])
    return True


def _object_fits(schema: dict[str, Any], value: dict[str, Any], root: dict[str, Any]) -> bool:
    properties: dict[str, Any] = schema.get("properties", {})
    if any(key not in value for key in schema.get("required", ())):
        return False
    others = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            if not _fits(properties[key], item, root):
                return False
        elif "patternProperties" not in schema and not _fits(others, item, root):
            return False
    return True


def all_formats() -> tuple[DocumentFormat, ...]:
    """Every game's formats, in the order of ``model.GAME_PACKAGES`` and of each game's list."""
    games = (import_module(f"model.{name}.game").GAME for name in GAME_PACKAGES)
    return tuple(found for game in games for found in game.formats)


def recognise(document: Any) -> tuple[DocumentFormat, ...]:
    """The formats ``document`` fits, in the order of ``all_formats``."""
    return tuple(found for found in all_formats() if found.fits(document))


def mix_up(document: Any, reader: str) -> str | None:
    """What to tell someone who gave ``document`` to ``reader`` (``socks score``, ``likes round
    --board``) when its reader refused it: the command that reads it, when it is a document of
    another format; None when it is of a format ``reader`` reads (its own message says what is
    wrong) or of none."""
    found = recognise(document)
    if not found or any(reader in each.readers for each in found):
        return None
    return f"this looks like {found[0].title}: try `{found[0].usage}`"


def with_mix_up(error: InputError, document: Any, reader: str) -> InputError:
    """``error``, or, when ``document`` is one of another command, the refusal that names the
    command that reads it instead (what both front ends say)."""
    hint = mix_up(document, reader)
    return error if hint is None else InputError(error.source, "", hint)
