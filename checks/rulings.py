"""Run every ruling of every game: a situation, the options in force, the expected outcome.

Each game's rulings module reads its own data files (``load_rulings``) and computes the actual
outcome of a ruling in the shape of its ``expected`` (``evaluate``). A ruling passes when the two
are equal; when not, each difference is named by its path in the outcome.
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from checks import asking, registry


@dataclass(frozen=True)
class RulingResult:
    """One ruling run."""

    #: The game.
    game: str
    #: The ruling's name.
    name: str
    #: The rulebook sentence or example it comes from.
    source: str
    #: The options it states.
    rules: dict[str, Any]
    #: True when the actual outcome equals the expected one.
    passed: bool
    #: Each difference, as ``path: expected X, got Y`` (or the error raised).
    differences: tuple[str, ...]


def _show(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` differs from ``expected``, by path (``positions.Ana``, ``illegal[0]``)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for key in list(expected) + [k for k in actual if k not in expected]:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                out.append(f"{where}: expected {_show(expected[key])}, got nothing")
            elif key not in expected:
                continue
            else:
                out += differences(expected[key], actual[key], where)
        return out
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        out = []
        for index, (e, a) in enumerate(zip(expected, actual, strict=False)):
            out += differences(e, a, f"{path}[{index}]")
        return out
    if expected == actual and type(expected) is type(actual):
        return []
    return [f"{path or 'outcome'}: expected {_show(expected)}, got {_show(actual)}"]


def module(game: str) -> Any:
    """The game's rulings module, ``checks.<game>.rulings`` (``load_rulings`` and ``evaluate``)."""
    return importlib.import_module(f"checks.{registry.entry(game).name}.rulings")


def load(game: str) -> list[dict]:
    """The game's rulings: its engine rulings, then its question rulings (``checks.asking``)."""
    return [*module(game).load_rulings(), *asking.load_question_rulings(registry.entry(game).name)]


def with_rules(ruling: dict, overrides: Mapping[str, Any]) -> dict:
    """A copy of the ruling with some options set (the others as the ruling states them)."""
    changed = copy.deepcopy(ruling)
    changed["rules"] = {**ruling.get("rules", {}), **overrides}
    return changed


def evaluate(game: str, ruling: dict) -> tuple[dict | None, str | None]:
    """The actual outcome of a ruling, or the error that stopped the engine."""
    try:
        if "question" in ruling:
            return asking.evaluate(ruling), None
        return module(game).evaluate(ruling), None
    except Exception as error:  # an engine that fails is reported, never hidden
        return None, f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def run_one(game: str, ruling: dict) -> RulingResult:
    actual, error = evaluate(game, ruling)
    found = [f"the engine raised {error}"] if error else differences(ruling["expected"], actual)
    return RulingResult(game, ruling["name"], ruling.get("source", ""), dict(ruling.get("rules", {})),
                        not found, tuple(found))


def run_rulings(game: str | None = None) -> list[RulingResult]:
    """Every ruling of ``game`` (of every game when None), in registry then file order."""
    games = registry.game_names() if game is None else (registry.entry(game).name,)
    return [run_one(g, ruling) for g in games for ruling in load(g)]
