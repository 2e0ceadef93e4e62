"""The solvers behind the engines' seams, by the names the games declare (``Game.solvers``):
what a caller passes as ``solvers`` to any game's ``random_game``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solver.network.oracle import trick_oracle
from solver.socks import score_game


def engine_solvers() -> Mapping[str, Callable[..., Any]]:
    """Every seam the games name, wired to the project's solvers."""
    return {"trick_oracle": trick_oracle, "socks_score": score_game}
