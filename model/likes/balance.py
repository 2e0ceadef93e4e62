"""Likes and Lies games for a balance report: the uniform random player (the game of
``random_game`` for the same seed) and a simple greedy one, with the rules each round applies.

A rule fires when a round applies it: every player plays (``one_play``) and votes
(``every_player_votes``), and each line of the round's resolution names the rule behind it (the
Likes counted, ``likes``; the Influencer's move, ``influencer`` or ``influencer_third``; a tie for
first, ``tie``; a report or none, ``report``, ``no_report``; an Intent card's move,
``misinformation`` or ``true_information``; ten Likes exchanged, ``likes_exchange``; an Event card
drawn, ``event``, or a second landing, ``first_event_only``; a round's net move held at Start,
``start``). The game is decided by a pawn reaching Viral (``viral``; when the
``several_reach_viral`` option picks one of several, also ``tie-break (first_to_reach)`` or
``tie-break (furthest)``) or by the Intent decks running out (``intents_spent``, whoever the
``spent_intents`` option then makes win).

The greedy player (``GREEDY``) puts down the Intent card that moves him furthest toward Viral
unreported (``greedy_intent``) and never reports as Influencer. Both players are choices alone:
the game is ``random_game``'s, its loop building each decision's options, with the player as its
parameter.

The engine resolves whole rounds that random play builds legal (a vote never on one's own card,
a report never of oneself, an Intent card from one's own deck), so no rule refuses a move here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.likes import rules as likes_rules
from model.likes.cards import Catalogue
from model.likes.engine import GameResult
from model.likes.io import sample_catalogue
from model.likes.random_play import RANDOM, Strategy, random_game
from model.likes.rules import RULEBOOK as RULES
from model.likes.rules import LikesRules

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(RULES)


def greedy_intent(catalogue: Catalogue, rules: LikesRules, deck: tuple[str, ...], rng: random.Random) -> str:
    """The Intent card of ``deck`` that moves its player furthest toward Viral if not reported
    (ties at random)."""
    def steps(card_id: str) -> int:
        card = catalogue.intent(card_id)
        moved = likes_rules.intent_steps(card.kind, False, card.if_not_reported, card.if_reported,
                                         card.influencer_if_reported, rules.printed_steps)
        return int(moved.poster)

    best = max(steps(card) for card in deck)
    return rng.choice([card for card in deck if steps(card) == best])


def _never_report(options: list[str | None], rng: random.Random) -> str | None:
    return None


#: The greedy player puts down the Intent card that moves him furthest toward Viral if not
#: reported (``greedy_intent``), never reports as Influencer (a report moves him no nearer, and one
#: of True Information costs him steps), and gives his Like token at random.
GREEDY = Strategy(greedy_intent, RANDOM.like, _never_report)


def deciding(result: GameResult, rules: LikesRules) -> tuple[str, ...]:
    """The rules that decided the game: Viral reached in the deciding round (with the
    ``several_reach_viral`` tie-break when it picked one of several), or the Intent decks spent
    (``no_winner``, or the furthest pawns under ``spent_intents=furthest_wins``); none for a game
    random play stopped."""
    if result.status not in ("won", "no_winner") or result.decided_in is None:
        return ()
    last = result.rounds[result.decided_in - 1] if result.decided_in else None
    if result.status == "won" and last is not None and last.winners:
        return ("viral",) + ((f"tie-break ({rules.several_reach_viral})",) if last.tie_break else ())
    return ("intents_spent",)


def play_balance(seed: int, players: int, rules: LikesRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` with the sample board and cards, every seat played by ``player``:
    the game ``random_game`` plays with that player (``RANDOM`` or ``GREEDY``)."""
    names = tuple(f"P{i + 1}" for i in range(players))
    catalogue = sample_catalogue()
    strategy = RANDOM if player == "random" else GREEDY
    _, rounds, result = random_game(catalogue, rules, names, random.Random(seed), strategy)
    counts = RuleCounts()
    for resolved in result.rounds:
        counts.all(("one_play", "every_player_votes"))
        counts.all(step.rule for step in resolved.steps)
    decided = deciding(result, rules)
    counts.all(decided[:1])
    share = 1 / len(result.winners) if names[0] in result.winners else 0.0
    stats = {"first player wins": share, "game length (rounds)": float(len(result.rounds)),
             "winners per game": float(len(result.winners))}
    # How it ended is the engine's own outcome, as in ``random_game`` of the game's interface.
    termination = result.outcome.termination if result.outcome is not None else Termination.TURN_LIMIT
    seats = tuple(names.index(w) for w in result.winners)
    return PlayedGame(seed, players, Outcome(termination, tuple(result.winners)), stats, seats, 0,
                      len(result.rounds), len(rounds) * players, fired=dict(counts.counts), decided=decided)
