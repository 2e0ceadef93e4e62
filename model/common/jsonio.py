"""Reading JSON input defensively, and turning pydantic's errors into one-line InputErrors.

The standard library accepts things no input file of ours should hold: NaN and Infinity,
duplicate keys (the last silently wins), integers of thousands of digits, nesting deep enough
to exhaust the recursion limit. Each is refused here with the JSON path where it occurs.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from model.common.errors import InputError, join_path

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 32
# Big enough for every limit we state (2**63), small enough that no arithmetic on it is slow.
MAX_INT_DIGITS = 20
#: The integers a document may hold: a signed 64-bit number (every count, ID and seed fits).
MIN_INT, MAX_INT = -(2**63), 2**63 - 1
#: How a file saved as UTF-16 or UTF-32 begins (its byte order mark).
_WIDE_MARKS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
#: A YAML mapping's first line: ``players:`` or ``name: Ana`` (JSON's keys are quoted).
_YAML_KEY = re.compile(r"^(?:---\s*$|[A-Za-z_][\w -]*:(?:\s|$))")
#: Told each document ``load_json`` reads (its source as messages name it, and its value), while
#: ``keeping_documents`` is in force: how an error's hint finds the document it is about.
_KEEP: ContextVar[Callable[[str, Any], None] | None] = ContextVar("keep_documents", default=None)


class _Duplicated(dict[str, Any]):
    """An object in which a key occurred twice; kept so the walk can report its path."""

    duplicate: str = ""


class _Refused:
    """A scalar the document may not hold (NaN, Infinity, a huge integer), kept for its path."""

    def __init__(self, what: str) -> None:
        self.what = what


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            dup = _Duplicated(pairs)
            dup.duplicate = key
            return dup
        seen[key] = value
    return seen


def _parse_int(text: str) -> Any:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        return _Refused(f"integer of {len(digits)} digits is far outside every limit")
    value = int(text)
    if not MIN_INT <= value <= MAX_INT:
        return _Refused(f"integer {value} is outside the signed 64-bit range (-2**63 to 2**63-1)")
    return value


def _parse_constant(name: str) -> Any:
    return _Refused(f"{name} is not a number JSON allows")


def _check_depth(source: str, text: str) -> None:
    depth = 0
    for match in _BRACKETS.finditer(_STRINGS.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise InputError(source, "", f"nesting deeper than {MAX_DEPTH} levels")


def _walk(source: str, value: Any, path: str) -> None:
    if isinstance(value, _Refused):
        raise InputError(source, path, value.what)
    if isinstance(value, _Duplicated):
        raise InputError(source, join_path(path, value.duplicate), "key appears twice")
    if isinstance(value, dict):
        for key, item in value.items():
            _walk(source, item, join_path(path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(source, item, join_path(path, index))


def _wide_without_mark(start: bytes) -> bool:
    """Two bytes that begin JSON text in UTF-16 without a byte order mark: an ASCII character and
    a zero byte, in either order."""
    if len(start) < 2 or start.count(0) != 1:
        return False
    other = start[1] if start[0] == 0 else start[0]
    return chr(other) in '{["-0123456789tfn \t\r\n'


def source_name(path: str) -> str:
    """How a file argument is named in messages: ``-`` reads standard input."""
    return "<stdin>" if path == "-" else path


def read_text(path: str, max_bytes: int = MAX_BYTES) -> str:
    """Read a file (``-`` for standard input) as UTF-8, refusing one larger than ``max_bytes``."""
    source = source_name(path)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with Path(path).open("rb") as handle:
                data = handle.read(max_bytes + 1)
    except OSError as error:
        raise InputError(source, "", f"cannot read the file: {error.strerror or error}") from None
    if len(data) > max_bytes:
        raise InputError(source, "", f"file is larger than the {max_bytes // 1024} KiB limit")
    if data.startswith(_WIDE_MARKS) or _wide_without_mark(data[:2]):
        raise InputError(source, "", "UTF-16 or UTF-32 text, not UTF-8: save the file as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(source, "", f"not UTF-8 text (byte {error.start})") from None


def _not_json(text: str) -> str | None:
    """What text that is not JSON looks like, for the common mix-ups: a table saved as CSV, a
    picture (SVG) or other XML, YAML. None when it looks like none of them."""
    lines = [line for line in text.splitlines() if line.strip()][:5]
    first = lines[0].lstrip() if lines else ""
    if first.startswith("<"):
        return "SVG" if "<svg" in text[:4096] else "XML or HTML"
    if first.startswith(("{", "[")):
        return None
    for separator in (",", ";", "\t"):
        counts = {line.count(separator) for line in lines}
        if len(counts) == 1 and counts.pop() >= 1:
            return "CSV"
    if _YAML_KEY.match(first):
        return "YAML"
    return None


def parse_json(source: str, text: str) -> Any:
    """Parse JSON text strictly; every refusal names the JSON path where it occurs."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise InputError(source, "", f"document is larger than the {MAX_BYTES // 1024} KiB limit")
    if not text.lstrip("\ufeff \t\r\n"):
        raise InputError(source, "", "standard input is empty" if source == "<stdin>" else "the file is empty")
    _check_depth(source, text)
    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as error:
        looks = _not_json(text)
        if looks is not None:
            raise InputError(source, "", f"this is not JSON (it looks like {looks})") from None
        raise InputError(
            source, "", f"not valid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise InputError(source, "", "nesting too deep") from None
    _walk(source, value, "")
    return value


def load_json(path: str) -> Any:
    """Read and parse one JSON input file (``-`` for standard input)."""
    source = source_name(path)
    document = parse_json(source, read_text(path))
    keep = _KEEP.get()
    if keep is not None:
        keep(source, document)
    return document


@contextmanager
def keeping_documents(keep: Callable[[str, Any], None]) -> Iterator[None]:
    """Within it, ``keep(source, document)`` is told each document ``load_json`` reads: a front
    end keeps them to recognise a document its reader refused (``model.common.formats``)."""
    token = _KEEP.set(keep)
    try:
        yield
    finally:
        _KEEP.reset(token)


_MESSAGES = {
    "extra_forbidden": "unknown key",
    "missing": "required key is missing",
}


def _location(data: Any, loc: tuple[str | int, ...]) -> str:
    """The JSON path of a pydantic error location, keeping only the steps the data really has
    (pydantic adds the names of union members and validators to its locations)."""
    path, node = "", data
    for step in loc:
        if isinstance(node, dict) and isinstance(step, str) and (step in node or step == loc[-1]):
            path, node = join_path(path, step), node.get(step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            path, node = join_path(path, step), node[step]
    return path


def _telling_error(errors: list[Any]) -> Any:
    """The error to name: the first, except where a field takes a word or an object (a catalogue:
    ``"sample"`` or one written in) and an object was given: then not being the word says nothing,
    and the object's own first fault is named instead."""
    first = errors[0]
    where = tuple(first["loc"])
    if first["type"] == "literal_error" and where and isinstance(first.get("input"), dict):
        for other in errors[1:]:
            at = tuple(other["loc"])
            # A fault of the same field in the union's other member: same path up to the member.
            if len(at) >= len(where) and at[: len(where) - 1] == where[:-1] and at[len(where) - 1] != where[-1]:
                return other
    return first


def validation_error(source: str, data: Any, error: Any) -> InputError:
    """Turn the telling error of a ``pydantic.ValidationError`` into an InputError."""
    first = _telling_error(error.errors(include_url=False))
    message = _MESSAGES.get(first["type"], first["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if first["type"] not in _MESSAGES and "input" in first and not isinstance(
        first["input"], (dict, list)
    ):
        message = f"{message} (got {json.dumps(first['input'])[:40]})"
    return InputError(source, _location(data, tuple(first["loc"])), message)
