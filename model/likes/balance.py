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

The greedy player puts down the Intent card that moves him furthest toward Viral unreported and
never reports as Influencer (``greedy_intent``).

The engine resolves whole rounds that random play builds legal (a vote never on one's own card,
a report never of oneself, an Intent card from one's own deck), so no rule refuses a move here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.likes import rules as likes_rules
from model.likes.cards import Catalogue
from model.likes.engine import (
    Draw,
    GameResult,
    History,
    IllegalInput,
    Play,
    RoundInput,
    RoundResult,
    StopReason,
    Vote,
    replay_game,
    resolve_round,
    start_players,
)
from model.likes.io import sample_catalogue
from model.likes.random_play import random_game, round_limit
from model.likes.rules import MAX_PLAYERS, MIN_PLAYERS, LikesRules
from model.likes.rules import RULEBOOK as RULES
from model.likes.state import PlayerState

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(RULES)


def greedy_intent(catalogue: Catalogue, player: PlayerState, rules: LikesRules, rng: random.Random) -> str:
    """The greedy player puts down the Intent card that moves him furthest toward Viral if not
    reported, never reports as Influencer (a report moves him no nearer, and one of True
    Information costs him steps), and gives his Like token at random."""
    if rules.intent_source == "draw_top" and player.deck_order_known:
        return player.intent_deck[0]

    def steps(card_id: str) -> int:
        card = catalogue.intent(card_id)
        moved = likes_rules.intent_steps(card.kind, False, card.if_not_reported, card.if_reported,
                                         card.influencer_if_reported, rules.printed_steps)
        return int(moved.poster)

    best = max(steps(card) for card in player.intent_deck)
    return rng.choice([card for card in player.intent_deck if steps(card) == best])


def greedy_round(catalogue: Catalogue, players: tuple[PlayerState, ...], rules: LikesRules, history: History,
                 number: int, rng: random.Random) -> tuple[RoundInput, RoundResult] | None:
    """One round of greedy players (``greedy_intent``), resolved as ``random_play.random_round``
    resolves its rounds (an Event card drawn at random when one is due); None when an Event card
    is due and every one has been drawn."""
    names = [p.name for p in players]
    plays = tuple(Play(p.name, f"C{number}-{seat + 1}", greedy_intent(catalogue, p, rules, rng))
                  for seat, p in enumerate(players))
    votes = []
    for voter in names:
        target = rng.choice([n for n in names if n != voter])
        votes.append(Vote(voter, plays[names.index(target)].content))
    draws: list[Draw] = []
    while True:
        rnd = RoundInput(f"K{number}", plays, tuple(votes), (), tuple(draws))
        try:
            return rnd, resolve_round(catalogue, players, rnd, rules, history)
        except IllegalInput as error:
            if error.missing_draw is None:
                raise
            used = ({d.card for d in draws} | history.events) if rules.event_cards_discarded else set()
            deck = [card.id for card in catalogue.events if card.id not in used]
            if not deck:
                return None
            draws.append(Draw(error.missing_draw, rng.choice(deck)))


def greedy_game(catalogue: Catalogue, rules: LikesRules, names: Sequence[str],
                rng: random.Random) -> tuple[tuple[RoundInput, ...], GameResult]:
    """A whole game of greedy players, set up, bounded and replayed as ``random_game``'s."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    decks = {name: tuple(rng.sample(catalogue.intent_ids(), len(catalogue.intents))) for name in names}
    start = start_players(catalogue, tuple(names), decks)
    players, history = start, History()
    rounds: list[RoundInput] = []
    stopped: StopReason = "round_limit"
    while len(rounds) < round_limit(len(names), catalogue.board):
        if any(not p.intent_deck for p in players):
            if rules.spent_intents != "reshuffle":
                break
            players = tuple(replace(p, intent_deck=decks[p.name], deck_order_known=False)
                            if not p.intent_deck else p for p in players)
        played = greedy_round(catalogue, players, rules, history, len(rounds) + 1, rng)
        if played is None:
            stopped = "event_cards"
            break
        rnd, result = played
        rounds.append(rnd)
        players = result.players
        history = history.after(rnd, result)
        if result.winners:
            break
    game = replay_game(catalogue, start, tuple(rounds), rules)
    if game.status == "unfinished":
        game = replace(game, stopped=stopped)
    return tuple(rounds), game


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
    """One game from ``seed`` with the sample board and cards: the random player's is
    ``random_game``'s."""
    names = tuple(f"P{i + 1}" for i in range(players))
    catalogue = sample_catalogue()
    if player == "random":
        _, rounds, result = random_game(catalogue, rules, names, random.Random(seed))
    else:
        rounds, result = greedy_game(catalogue, rules, names, random.Random(seed))
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
