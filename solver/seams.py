"""The solvers behind the engines' seams, by the names the games declare (``Game.solvers``):
what a caller passes as ``solvers`` to any game's ``random_game``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from solver.network.oracle import trick_oracle
from solver.socks import score_game


def engine_solvers() -> Mapping[str, Callable[..., Any]]:
    """Every seam the games name, wired to the project's solvers."""
    return {"trick_oracle": trick_oracle, "socks_score": score_game}


def question_solvers() -> Mapping[str, Callable[..., Any]]:
    """Every seam the games' questions name (``Question.solvers``), wired to the project's
    solvers: the engines' seams and the Locked Network's whole answer."""
    from solver.network.answer import answer_tricks

    return {**engine_solvers(), "tricks_answer": answer_tricks}


def solvers_for(names: Iterable[str]) -> dict[str, Callable[..., Any]]:
    """The solvers behind the seams ``names`` (a question's ``solvers``), as every front end wires
    them."""
    every = question_solvers()
    return {name: every[name] for name in names}
