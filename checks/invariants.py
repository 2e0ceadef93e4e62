"""Every rule invariant of the four games, proved about the engines' own code on stated domains.

``INVARIANTS`` lists them all (each game's ``checks.<game>.INVARIANT_MODULES``, in game order),
and ``run_checks`` runs a selection under chosen rule options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from checks.core import Invariant, run
from checks.result import CheckResult
from model import GAME_PACKAGES


def _modules() -> tuple[ModuleType, ...]:
    """Each game's invariant modules (``checks.<game>.INVARIANT_MODULES``), in game order."""
    found = []
    for game in GAME_PACKAGES:
        for name in import_module(f"checks.{game}").INVARIANT_MODULES:
            found.append(import_module(name))
    return tuple(found)


#: The modules of invariants, in the order they are run and listed.
MODULES = _modules()
#: Every invariant, with the module that defines it.
INVARIANTS: tuple[tuple[Invariant, str], ...] = tuple(
    (invariant, module.__name__) for module in MODULES for invariant in module.INVARIANTS
)
#: Seconds each check may take by default.
DEFAULT_TIME_LIMIT = 30.0


@dataclass(frozen=True)
class Checked:
    """One invariant and its result."""

    invariant: Invariant
    result: CheckResult


def invariant(invariant_id: str) -> Invariant:
    for found, _ in INVARIANTS:
        if found.id == invariant_id:
            return found
    raise KeyError(invariant_id)


def run_checks(
    rules_by_game: Mapping[str, Any],
    game: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    only: Callable[[Invariant], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Checked]:
    """Run the invariants of ``game`` (all games when None), each within ``time_limit``
    seconds, under the rules object of its game. ``progress`` is told (invariants done, invariants chosen) before the
    first and after each one."""
    selected = [(inv, module) for inv, module in INVARIANTS
                if (game is None or inv.game == game) and (only is None or only(inv))]
    out = []
    if progress is not None:
        progress(0, len(selected))
    for inv, _ in selected:
        out.append(Checked(inv, run(inv, rules_by_game[inv.game], time_limit)))
        if progress is not None:
            progress(len(out), len(selected))
    return out
