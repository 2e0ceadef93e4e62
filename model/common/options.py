"""Rule options: every question a rulebook leaves open, as a named clarification.

Each game declares its options as data (a tuple of ``RuleOption``) beside a frozen dataclass that
holds one choice for each; engines take that object as an argument and read nothing else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from model.common.errors import InputError, join_path

T = TypeVar("T")


@dataclass(frozen=True)
class RuleOption:
    """One open question of a rulebook and the readings the tool knows."""

    #: The option's name, as written in ``rules`` objects and ``--rule NAME=VALUE``.
    name: str
    #: The game it belongs to (``whitehouse``, ``socks``, ``social``, ``likes``).
    game: str
    #: The question in plain words.
    question: str
    #: The rulebook sentence the question comes from, quoted.
    rulebook: str
    #: The default reading (the most literal one unless said otherwise).
    default: Any
    #: Every allowed value, the default included, each with what it means.
    values: tuple[tuple[Any, str], ...]

    @property
    def alternatives(self) -> tuple[Any, ...]:
        return tuple(value for value, _ in self.values if value != self.default)

    def parse(self, source: str, path: str, raw: Any) -> Any:
        """Accept a value from JSON (typed) or from ``--rule`` (text); refuse anything else."""
        allowed = [value for value, _ in self.values]
        if isinstance(raw, str) and not any(isinstance(v, str) for v in allowed):
            lowered = raw.strip().lower()
            textual = {"true": True, "false": False}
            raw = textual.get(lowered, raw)
        if any(raw == v and type(raw) is type(v) for v in allowed):
            return raw
        shown = ", ".join(_show(v) for v in allowed)
        raise InputError(source, path, f"rule {self.name} takes one of {shown}, not {_show(raw)}")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def build_rules(
    cls: type[T],
    options: Sequence[RuleOption],
    values: Mapping[str, Any],
    source: str,
    path: str = "rules",
) -> T:
    """Make a rules object of dataclass ``cls`` from a mapping of option names to values."""
    by_name = {option.name: option for option in options}
    chosen: dict[str, Any] = {}
    for name, raw in values.items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise InputError(source, join_path(path, name), f"unknown rule option (known: {known})")
        chosen[name] = by_name[name].parse(source, join_path(path, name), raw)
    return cls(**chosen)


def parse_rule_flags(flags: Sequence[str]) -> dict[str, str]:
    """Split ``--rule NAME=VALUE`` flags into a mapping; a malformed flag is bad input."""
    parsed: dict[str, str] = {}
    for flag in flags:
        name, sep, value = flag.partition("=")
        if not sep or not name.strip():
            raise InputError("--rule", "", f"expected NAME=VALUE, got {flag!r}")
        parsed[name.strip()] = value.strip()
    return parsed


def rules_as_dict(rules: Any) -> dict[str, Any]:
    """A rules object as the ``rules`` object of JSON output."""
    return dataclasses.asdict(rules)
