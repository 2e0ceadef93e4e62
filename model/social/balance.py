"""Social Network games for a balance report: the uniform random player (the game of
``random_game`` for the same seed), with the rules each event applies.

A rule fires when an event applies it: a draw up to five cards (``draw_up_to_five``), a Contest
resolved (``contest_winner``), a reward earned (``reward_earned``), a round brought to its end
(``round_over``); a round without an end stalled. A level total is decided as the game's result
says (``tie-break (...)``). Play is simultaneous, so no seat moves first. No greedy player is
declared.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.social.cards import sample_decks
from model.social.random_play import random_game
from model.social.rules import SOCIAL_RULES, SocialRules

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(rule.name for rule in SOCIAL_RULES)
#: The rule each kind of event applies.
EVENT_RULES = {"draw": "draw_up_to_five", "resolve": "contest_winner", "reward": "reward_earned"}


def play_balance(seed: int, players: int, rules: SocialRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` with the sample decks, played as ``random_game``."""
    if player != "random":
        raise ValueError(f"Social Network declares no {player} player")
    names = tuple(f"P{i + 1}" for i in range(players))
    setup, result = random_game(sample_decks(), rules, names, random.Random(seed))
    counts = RuleCounts()
    for played in setup.rounds:
        counts.all(EVENT_RULES[e.action] for e in played.events if e.action in EVENT_RULES)
    counts.all("round_over" for r in result.rounds if r.end is not None)
    stalled = sum(1 for r in result.rounds if r.end is None)
    plays = sum(1 for r in setup.rounds for e in r.events if e.action == "play")
    decided = (f"tie-break ({result.decided_by})",) if result.decided_by not in ("", "score") else ()
    stats = {"stalled rounds": stalled / len(result.rounds), "game length (plays)": float(plays),
             "winning score": float(max(total for _, total in result.totals))}
    seats = tuple(names.index(w) for w in result.winners)
    return PlayedGame(seed, players, Outcome(Termination.ROUNDS, tuple(result.winners), result.decided_by),
                      stats, seats, None, len(result.rounds), plays, fired=dict(counts.counts), decided=decided,
                      stalled=stalled > 0)
