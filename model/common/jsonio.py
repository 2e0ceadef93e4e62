"""Reading JSON input defensively, and turning pydantic's errors into one-line InputErrors.

The standard library accepts things no input file of ours should hold: NaN and Infinity,
duplicate keys (the last silently wins), integers of thousands of digits, nesting deep enough
to exhaust the recursion limit. Each is refused here with the JSON path where it occurs.
"""

from __future__ import annotations

import json
import re
import sys
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


def parse_json(source: str, text: str) -> Any:
    """Parse JSON text strictly; every refusal names the JSON path where it occurs."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise InputError(source, "", f"document is larger than the {MAX_BYTES // 1024} KiB limit")
    _check_depth(source, text)
    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as error:
        raise InputError(
            source, "", f"not valid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise InputError(source, "", "nesting too deep") from None
    _walk(source, value, "")
    return value


def load_json(path: str) -> Any:
    """Read and parse one JSON input file (``-`` for standard input)."""
    return parse_json(source_name(path), read_text(path))


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


def validation_error(source: str, data: Any, error: Any) -> InputError:
    """Turn the first error of a ``pydantic.ValidationError`` into an InputError."""
    first = error.errors(include_url=False)[0]
    message = _MESSAGES.get(first["type"], first["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if first["type"] not in _MESSAGES and "input" in first and not isinstance(
        first["input"], (dict, list)
    ):
        message = f"{message} (got {json.dumps(first['input'])[:40]})"
    return InputError(source, _location(data, tuple(first["loc"])), message)
