"""Game logs of the White House intern game: replaying one.

A log (read by ``model.whitehouse.io.load_log``) holds the start of a game and every move and
every choice in order, each with the seat that made it. Replaying stops at the first illegal move
and names the rule it breaks (a log that parses but holds an illegal move is a verdict, not bad
input).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from model.whitehouse.deciding import Lead, deciding_reason
from model.whitehouse.engine import Engine
from model.whitehouse.io import LoadedLog
from model.whitehouse.notation import move_json
from model.whitehouse.rules import IllegalMove, RuleName
from model.whitehouse.state import Move, State

# --- moves as JSON ---------------------------------------------------------------------------------

#: A move as one JSON object of a log (``notation.move_json``).
move_to_json = move_json


# --- replaying ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IllegalAt:
    """The first illegal move of a log."""

    #: Its index in ``moves``.
    index: int
    #: The seat the log says made it.
    player: int
    #: The move as written.
    move: dict[str, Any]
    #: The rule it breaks (a key of ``model.whitehouse.rules.RULES``).
    rule: RuleName
    #: The rulebook's sentence.
    sentence: str
    #: What is wrong, in words.
    detail: str


@dataclass(frozen=True)
class Replay:
    """The result of replaying a log."""

    #: The table after the last legal move.
    state: State
    #: How many moves were applied.
    applied: int
    #: The first illegal move, if any.
    illegal: IllegalAt | None
    #: The engine used (catalogue, rules, oracle).
    engine: Engine


def cut(log: LoadedLog, moves: int) -> LoadedLog:
    """The log up to (and without) move ``moves``: replaying it gives the table after move N. The
    written position goes with it: a refusal among the first N moves names the rule option that
    decided it (``deciding.Lead``) just as the whole log's replay does."""
    return LoadedLog(log.engine, log.start, log.moves[:moves], log.written)


def replay(log: LoadedLog, watch: Callable[[State, Move, State], None] | None = None) -> Replay:
    """Apply the log's moves in order; stop at the first illegal one (its reason names the rule
    option that decided it, where one did: ``deciding.deciding_reason``). ``watch`` is told each
    move applied, with the table before and after it (what ``replay --at`` follows of the cards
    nobody has seen), so that no move is applied twice."""
    state = log.start
    lead = None if log.written is None else Lead(log.written)
    for index, (seat, move) in enumerate(log.moves):
        try:
            after = log.engine.apply(state, move, seat)
        except IllegalMove as error:
            detail = deciding_reason(log.engine, state, move, seat, error, lead) or error.detail
            illegal = IllegalAt(index, seat, move_to_json(move, seat), error.rule, error.sentence, detail)
            return Replay(state, index, illegal, log.engine)
        if watch is not None:
            watch(state, move, after)
        lead, state = Lead(state, move, seat), after
    return Replay(state, len(log.moves), None, log.engine)
