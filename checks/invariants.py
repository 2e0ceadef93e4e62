"""Every rule invariant of the four games, proved with Z3 on bounded domains.

``INVARIANTS`` lists them all (Locked Network and White House rows, Socks scoring, Social Network,
Likes and Lies); ``ENCODINGS`` holds the Z3 encodings each one runs with by default, and
``run_checks`` runs a selection under chosen rule options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from checks.core import Invariant, run
from checks.likes import invariants as likes
from checks.result import CheckResult
from checks.social import invariants as social
from checks.socks import invariants as socks
from checks.whitehouse import invariants as whitehouse
from checks.whitehouse import network_invariants as tricks

#: The modules of invariants, in the order they are run and listed.
MODULES = (tricks, whitehouse, socks, social, likes)
#: Default Z3 encodings per module.
DEFAULT_ENCODINGS: dict[str, Any] = {
    tricks.__name__: tricks.TricksEncoding(),
    whitehouse.__name__: whitehouse.RowsEncoding(),
    socks.__name__: socks.SocksEncoding(),
    social.__name__: social.SocialEncoding(),
    likes.__name__: likes.LikesEncoding(),
}
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
    encodings: Mapping[str, Any] | None = None,
    only: Callable[[Invariant], bool] | None = None,
) -> list[Checked]:
    """Run the invariants of ``game`` (all games when None), each within ``time_limit``
    seconds, under the rules object of its game; ``encodings`` replaces a module's Z3 encodings
    (keyed by module name)."""
    chosen = dict(DEFAULT_ENCODINGS)
    chosen.update(encodings or {})
    out = []
    for inv, module in INVARIANTS:
        if game is not None and inv.game != game:
            continue
        if only is not None and not only(inv):
            continue
        out.append(Checked(inv, run(inv, rules_by_game[inv.game], chosen[module], time_limit)))
    return out
