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

The engine offers each decision of a turn among its legal options alone, so the moves played
are legal; a rule refuses a target an effect could have taken (``refused_by``): each Sock face up
in another player's collection that a Rescue does not take is asked of the engine as the move
taking it, and so is each seat a Gift does not go to, and the rule the engine names for that
target refused it (``rescue-only-one`` for a Sock that is not single, ``gift-recipient`` for
one's own seat under ``gift_to_self=false``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.socks.cards import RESCUE, sample_catalogue
from model.socks.engine import (
    GiftTo,
    Move,
    RescueFrom,
    check_move,
    legal_moves,
    neighbour,
    new_game,
    outcome,
    play,
    play_random,
)
from model.socks.random_play import Strategy, turns
from model.socks.rules import RULES, IllegalMove, SocksRules
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


#: The rules the engine checks a chosen effect target against, at that decision.
TARGET_RULES = frozenset({"gift-recipient", "rescue-another-player", "rescue-in-collection", "rescue-only-one"})


def refused_by(state: State, move: Move) -> list[str]:
    """The rules that put an effect's other targets out of reach: for each effect ``move``
    activates, each seat a Gift could go to and each Sock face up in another player's collection
    at that moment (the passed card too, once passed) that it does not choose is asked of the
    engine as the move choosing it there (``check_move`` with the effects up to it), and the rule
    it names for that target counted. A target the engine accepts there refuses nothing (it
    fails later, if at all, for the effects left out)."""
    refused: list[str] = []
    other = next(card for card in state.drawn if card != move.keep)
    receiver = neighbour(state.players, state.current, state.catalogue.card_arrows[other])
    passed_first = state.rules.effect_timing == "after_pass"
    taken: set[int] = set()
    for index, effect in enumerate(move.effects):
        candidates: list[GiftTo | RescueFrom]
        if isinstance(effect, GiftTo):
            candidates = [GiftTo(seat) for seat in range(state.players) if seat != effect.seat]
        else:
            held = [(seat, card) for seat in range(state.players) if seat != state.current
                    for card in state.collections[seat]]
            if passed_first and receiver is not None and receiver != state.current:
                held.append((receiver, other))
            candidates = [RescueFrom(seat, card) for seat, card in held
                          if card not in taken and (seat, card) != effect.target]
            taken.add(effect.card)
        for candidate in candidates:
            try:
                check_move(state, replace(move, effects=move.effects[:index] + (candidate,)))
            except IllegalMove as error:
                if error.rule in TARGET_RULES:
                    refused.append(error.rule)
    return refused


def greedy_move(state: State, rng: random.Random) -> tuple[Move, State]:
    """The greedy player keeps the drawn card with the most stars (any legal way of playing it)."""
    stars = state.catalogue.card_stars
    legal = legal_moves(state)
    best = max(stars[m.keep] for m in legal)
    move = rng.choice([m for m in legal if stars[m.keep] == best])
    return move, play(state, move)


#: The greedy player (``greedy_move``).
GREEDY: Strategy = greedy_move


def play_balance(seed: int, players: int, rules: SocksRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` on the sample catalogue, every seat played by ``player``: the game
    ``random_play.random_game`` plays with that player (the same generator, the same loop)."""
    names = tuple(f"P{i + 1}" for i in range(players))
    rng = random.Random(seed)
    first = state = new_game(sample_catalogue(), rules, names, rng)
    counts, refusals = RuleCounts(), RuleCounts()
    counts.all(("setup", "turn-order"))  # every game is dealt, and its turns go round
    moves = 0
    for before, move, state in turns(first, rng, play_random if player == "random" else GREEDY):
        counts.all(fired_by(before, move, state))
        refusals.all(refused_by(before, move))
        moves += 1
    result = outcome(state)
    assert result is not None, "a game is played to its end"
    decided = ("game-over",) + ((f"tie-break ({result.decided_by})",) if result.decided_by != "score" else ())
    counts.all(decided[:1])
    share = 1 / len(result.winners) if 0 in result.winners else 0.0
    stats = {"first player wins": share, "game length (turns)": float(moves),
             "winning score": float(max(result.scores))}
    return PlayedGame(seed, players, result.outcome, stats, tuple(result.winners), 0, moves, moves,
                      fired=dict(counts.counts), refused=dict(refusals.counts), decided=decided)
