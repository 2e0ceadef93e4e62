"""Oh My Socks! games for a balance report: the uniform random player (the game of
``random_game`` for the same seed) and a simple greedy one, with the rules each turn applies.

A rule fires when a turn applies it: two cards drawn (``draw``), one kept (``keep``), the other
passed (``pass``) or, at a table of two, discarded when its arrow points at the empty side
(``two-player-discard``), a Super Sock given its set (``super-sock-set``), a kept card's effect
activated (``effect-activate``) as a Gift (``gift-recipient``) or a Rescue (``rescue-only-one``),
or a Rescue ignored when nobody holds a single Sock (``rescue-ignored``); every game is set up
(``setup``) and played in turn (``turn-order``), and ended by the Washing Machine
(``game-over``, the rule that decides every game), and a level score is decided by the
tie-break and the ``final_tie`` option, named as ``tie-break (fewest_sets)``, ``tie-break
(shared)``, ``tie-break (no_winner)``.

The engine builds only legal moves (each decision of a turn is offered among its legal options
alone: a Rescue among the single Socks, a Gift among the seats allowed), so no rule refuses a
move here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.socks.cards import RESCUE, sample_catalogue
from model.socks.engine import GiftTo, Move, legal_moves, neighbour, new_game, outcome, play, play_random
from model.socks.rules import RULES, SocksRules
from model.socks.state import State

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(RULES)


def fired_by(state: State, move: Move, after: State) -> list[str]:
    """The rules ``move`` applies on ``state``, leading to ``after`` (see the module's
    docstring). The other card is not passed when the game ended before it was (a Gift drew the
    Washing Machine under ``effect_timing=before_pass``): it is still on the table, drawn."""
    fired = ["draw", "keep"]
    other = next(card for card in state.drawn if card != move.keep)
    if not (after.over and other in after.drawn):
        receiver = neighbour(state.players, state.current, state.catalogue.card_arrows[other])
        fired.append("pass" if receiver is not None else "two-player-discard")
    if move.super_set is not None:
        fired.append("super-sock-set")
    if state.catalogue.card_effects[move.keep] == RESCUE and not move.effects:
        fired.append("rescue-ignored")
    for effect in move.effects:
        fired += ["effect-activate", "gift-recipient" if isinstance(effect, GiftTo) else "rescue-only-one"]
    return fired


def greedy_move(state: State, rng: random.Random) -> tuple[Move, State]:
    """The greedy player keeps the drawn card with the most stars (any legal way of playing it)."""
    stars = state.catalogue.card_stars
    legal = legal_moves(state)
    best = max(stars[m.keep] for m in legal)
    move = rng.choice([m for m in legal if stars[m.keep] == best])
    return move, play(state, move)


def play_balance(seed: int, players: int, rules: SocksRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` on the sample catalogue; the random player draws as
    ``random_play.random_game`` does (the same generator, the same calls), so it plays the same game."""
    names = tuple(f"P{i + 1}" for i in range(players))
    rng = random.Random(seed)
    state = new_game(sample_catalogue(), rules, names, rng)
    counts = RuleCounts()
    counts.all(("setup", "turn-order"))  # every game is dealt, and its turns go round
    moves = 0
    while not state.over:
        before = state
        move, state = play_random(state, rng) if player == "random" else greedy_move(state, rng)
        counts.all(fired_by(before, move, state))
        moves += 1
    result = outcome(state)
    assert result is not None, "a game is played to its end"
    decided = ("game-over",) + ((f"tie-break ({result.decided_by})",) if result.decided_by != "score" else ())
    counts.all(decided[:1])
    share = 1 / len(result.winners) if 0 in result.winners else 0.0
    stats = {"first player wins": share, "game length (turns)": float(moves),
             "winning score": float(max(result.scores))}
    return PlayedGame(seed, players, result.outcome, stats, tuple(result.winners), 0, moves, moves,
                      fired=dict(counts.counts), decided=decided)
