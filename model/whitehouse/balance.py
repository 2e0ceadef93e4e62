"""White House games for a balance report: the uniform random player (the game of
``random_game`` for the same seed) and a simple greedy one, with the rules each move applies.

A rule fires when a move applies it: a card taken from its row (``take-supporter``,
``take-event``, ``take-distraction``, the Distraction then played: ``distraction-choice``) and
its cost paid (``take-cost``, ``mixed-cost`` when the two cards are of both kinds), an action
skipped (``pass``), a Lies played (``decision``) or blocked (``lies-block``), a card locked
(``lock-entry``) as a Trick (``lock-match``) or alone (``lock-single``), hand cards locked on
one's own turn (``lock-hand``), a Distraction that fizzles (``fizzle``); every game's first turn
is ``turn-order``'s, and the end by 7 Tricks is ``game-over``, the rule that decides the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine, new_game, shuffled_decks
from model.whitehouse.network.arrangement import TricksRules
from model.whitehouse.rules import RULES, WhitehouseRules
from model.whitehouse.state import SLOTS, BlockLies, Lock, LockHand, Move, Pass, Play, PlayLies, State, Take
from model.whitehouse.table import decider
from model.whitehouse.tricks import TrickOracle

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(RULES)


def greedy_rank(move: Move) -> int:
    """The greedy player's preference (lower first): make a Trick, lock a card, keep a card from
    being stopped, stop another's card, take a card for free, then anything else."""
    if isinstance(move, Lock | LockHand):
        return 0 if isinstance(move, LockHand) or move.with_card is not None else 1
    if isinstance(move, BlockLies):
        return 2
    if isinstance(move, PlayLies):
        return 3
    if isinstance(move, Take | Play) and not move.discards:
        return 4
    return 5


def fired_by(engine: Engine, state: State, move: Move) -> list[str]:
    """The rules ``move`` applies on ``state`` (see the module's docstring)."""
    fired: list[str] = []
    if isinstance(move, Take):
        fired.append(f"take-{move.row}")
    elif isinstance(move, Play):
        fired += ["take-distraction", "distraction-choice"]
        if engine.fizzles(state, move):
            fired.append("fizzle")
    if isinstance(move, Take | Play) and move.discards:
        fired.append("take-cost")
        if len({isinstance(card, int) for card in move.discards}) > 1:
            fired.append("mixed-cost")
    if isinstance(move, Pass):
        fired.append("pass")
    elif isinstance(move, PlayLies):
        fired.append("decision")
    elif isinstance(move, BlockLies):
        fired.append("lies-block")
    elif isinstance(move, Lock):
        fired += ["lock-entry", "lock-match" if move.with_card is not None else "lock-single"]
    elif isinstance(move, LockHand):
        fired.append("lock-hand")
    return fired


def refused_by(engine: Engine, state: State, seat: int, legal: list[Move]) -> list[str]:
    """The rules that put a slot of the row out of reach on a turn's take: each slot no legal
    move takes is asked of the judge (``Engine.explain``) as a move taking it, and the rule it
    names refused it (an empty slot, a cost that cannot be paid, ...). Arrivals refuse nothing
    here."""
    if state.queue or state.ended:
        return []
    taken = {m.slot for m in legal if isinstance(m, Take | Play)}
    refused: list[str] = []
    for slot in SLOTS:
        if slot not in taken:
            move: Move = Play(slot) if state.phase == "distraction" else Take(state.phase, slot)
            refused.append(engine.explain(state, move, seat).rule)
    return refused


def play_balance(seed: int, players: int, rules: WhitehouseRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` on the sample catalogue; the random player draws every move as
    ``random_play.random_game`` does (the same generator, the same calls), so it plays the same game."""
    make_oracle: Callable[[TricksRules], TrickOracle] = solvers["trick_oracle"]
    catalogue = sample_catalogue()
    engine = Engine(catalogue, rules, make_oracle(rules.tricks))
    state = new_game(catalogue, players, rules, shuffled_decks(catalogue, seed), seed)
    first = state.current
    rng = random.Random(seed)
    counts, refusals = RuleCounts(), RuleCounts()
    counts.fired("turn-order")  # the highest numbered Supporter took the first turn
    moves = 0
    while not state.ended:
        seat = decider(state)
        assert seat is not None, "a game that goes on waits for a seat"
        legal = engine.legal_moves(state)
        refusals.all(refused_by(engine, state, seat, legal))
        if player == "greedy":
            best = min(greedy_rank(m) for m in legal)
            legal = [m for m in legal if greedy_rank(m) == best]
        move = rng.choice(legal)
        counts.all(fired_by(engine, state, move))
        state = engine.apply(state, move, seat)
        moves += 1
    winners = tuple(state.winners)
    decided = ("game-over",) if winners else ()
    counts.all(decided)
    share = 1 / len(winners) if first in winners else 0.0
    stats = {"first player wins": share, "game length (turns)": float(state.turn),
             "most Tricks at the end": float(max(p.tricks for p in state.players))}
    ending = Outcome(Termination.GOAL if winners else Termination.TURN_LIMIT, tuple(map(str, winners)))
    return PlayedGame(seed, players, ending, stats, winners, first, state.turn, moves,
                      fired=dict(counts.counts), refused=dict(refusals.counts), decided=decided)
