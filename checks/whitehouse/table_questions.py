"""A designer question about the White House intern table (the Locked Network's own questions are
in ``checks.whitehouse.questions``).

WH-QT1: can a player make 7 Tricks during another player's turn? The rulebook lets a card that
arrives through a Distraction join the network "at once, even though it is not that player's
turn", and says "The first player to make 7 Tricks wins", so the answer decides when such a win
counts (option off_turn_win). Searched exhaustively through the engine's own ``legal_moves`` and
``apply`` from the small tables one move from a win of ``checks.whitehouse.invariants``; a witness
is replayed move by move through a fresh engine.
"""

from __future__ import annotations

from typing import Any

from checks.core import Context, TimeUp
from checks.questions import Asked, NoneFound, Question, Witness, Yes
from checks.whitehouse import explore as pos
from checks.whitehouse import invariants as wh
from model.common.errors import OutOfTime

GAME = "whitehouse"
DEPTH = wh.DEPTH


def _context(asked: Asked) -> Context:
    return Context(asked.rules, asked.deadline, asked.time_limit)


def off_turn_seven(asked: Asked) -> Yes | NoneFound:
    context = _context(asked)
    tables = wh.win_tables(asked.rules)
    for number, start in enumerate(tables):
        try:
            steps = list(wh._steps(context, [start]))
        except TimeUp as stop:
            raise OutOfTime(stop.reason) from None
        for step in steps:
            seat = next((s for s, (old, new) in enumerate(zip(step.before.players, step.after.players, strict=True))
                         if s != step.before.current and old.tricks < wh.RULEBOOK_WIN <= new.tricks), None)
            if seat is None:
                continue
            return Yes(_replayed(asked.rules, number, step, seat))
        asked.left()
    return NoneFound(f"no player made 7 Tricks off-turn in any game of up to {DEPTH} decisions from the "
                     f"{len(tables)} tables one move from a win")


def _replayed(rules: Any, number: int, step: pos.Step, seat: int) -> Witness:
    """The witness's moves replayed from its table through a fresh engine."""
    referee = pos.engine(rules)
    state = wh.win_tables(rules)[number]
    start = state
    for move in step.path + (step.move,):
        state = referee.apply(state, move)
    tricks = state.players[seat].tricks
    agrees = tricks >= wh.RULEBOOK_WIN and seat != step.before.current
    ended = ("the game ends: player(s) " + ", ".join(map(str, state.winners)) + " win"
             if state.ended == "seven" else "the game goes on (the win waits for their own turn)")
    return Witness(
        {**pos.state_json(start), "moves": [pos.show_move(m) for m in step.path + (step.move,)], "player": seat},
        pos.draw_state(start) + "\nmoves: " + "; ".join(pos.show_move(m) for m in step.path + (step.move,)),
        f"Engine.apply, replaying the moves: player {seat} makes {tricks} Tricks during player "
        f"{step.before.current}'s turn; {ended}",
        agrees,
    )


QUESTIONS: tuple[Question, ...] = (
    Question(
        "WH-QT1", GAME, "Can a player make 7 Tricks during another player's turn?",
        "A card that arrives in your Active Hand through a Distraction action (stolen, swapped, taken or drawn) "
        "may join the network at once, even though it is not that player's turn. ... The first player to make "
        "7 Tricks wins.",
        f"exhaustive: every game of up to {DEPTH} decisions from small tables one move from a win, through the "
        "engine's legal_moves and apply",
        off_turn_seven,
    ),
)
