"""Likes and Lies: whole random legal games, for comparing rule options by simulation.

Each round every player puts down a Content card and an Intent card (chosen at random from his
deck, or its top card when the rules say so), gives his Like token to another player's card at
random, and an Influencer reports a random other player or nobody. The round is resolved by
``resolve_round`` under the rules in play; when a pawn lands on an Event space the engine asks for
an Event card and one is drawn at random (from those not yet drawn when Event cards are
discarded). The game ends as ``replay_game`` says: someone reaches Viral, or the Intent decks are
spent; when they are reshuffled instead, the Caption and Content cards in the box bound it.
A game random play stops before the rules end it (the box allows no more rounds, or an Event card
is due and every one has been drawn) says why in its ``stopped``; its outcome is then
``Termination.TURN_LIMIT``.

The loop is the same for any player (``Strategy``): it builds each decision's legal options (his
own deck's Intent cards, the other players' cards, the others or nobody to report) and the player
only chooses among them, with the game's random source; under ``intent_source=draw_top`` a deck
whose order is known leaves him no choice of Intent card. ``RANDOM``, the uniform random player,
is the default; the balance report's greedy player is another choice alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from model.likes.cards import Board, Catalogue
from model.likes.engine import (
    Draw,
    GameResult,
    History,
    IllegalInput,
    Play,
    Report,
    RoundInput,
    RoundResult,
    StopReason,
    Vote,
    replay_game,
    resolve_round,
    start_players,
)
from model.likes.rules import (
    CAPTION_CARDS,
    CONTENT_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    LikesRules,
    Role,
    roles,
)
from model.likes.state import PlayerState


def round_limit(players: int, board: Board | None = None) -> int:
    """The most rounds the Caption and Content cards allow at this table: a round uses one
    Caption card and one Content card per player, all discarded ("69 Caption cards", "75
    Content cards", unless the board file states other counts)."""
    captions = board.caption_cards if board else CAPTION_CARDS
    contents = board.content_cards if board else CONTENT_CARDS
    return min(captions, contents // players)


@dataclass(frozen=True)
class Strategy:
    """How a player plays a round. The loop builds his legal options for each decision; he only
    chooses among them, with the game's random source."""

    #: The Intent card he puts down, among those of his deck (when the rules let him choose).
    intent: Callable[[Catalogue, LikesRules, tuple[str, ...], random.Random], str]
    #: The player whose Content card gets his Like token, among the others.
    like: Callable[[list[str], random.Random], str]
    #: As Influencer: the player he reports, among the others, or nobody (None).
    report: Callable[[list[str | None], random.Random], str | None]


def _random_intent(catalogue: Catalogue, rules: LikesRules, deck: tuple[str, ...], rng: random.Random) -> str:
    return rng.choice(deck)


def _random_like(others: list[str], rng: random.Random) -> str:
    return rng.choice(others)


def _random_report(options: list[str | None], rng: random.Random) -> str | None:
    return rng.choice(options)


#: The uniform random player: each decision at random among its options.
RANDOM = Strategy(_random_intent, _random_like, _random_report)


def random_round(catalogue: Catalogue, players: tuple[PlayerState, ...], rules: LikesRules,
                 history: History, number: int, rng: random.Random,
                 player: Strategy = RANDOM) -> tuple[RoundInput, RoundResult] | None:
    """One legal round (counted from 1), every seat played by ``player``, and its resolution;
    None when it cannot be played because an Event card is due and every one has been drawn."""
    names = [p.name for p in players]
    plays = []
    for seat, state in enumerate(players):
        top_only = rules.intent_source == "draw_top" and state.deck_order_known
        intent = state.intent_deck[0] if top_only else player.intent(catalogue, rules, state.intent_deck, rng)
        plays.append(Play(state.name, f"C{number}-{seat + 1}", intent))
    received = {name: 0 for name in names}
    votes = []
    for voter in names:
        target = player.like([n for n in names if n != voter], rng)
        received[target] += 1
        votes.append(Vote(voter, plays[names.index(target)].content))
    # The Influencer is known once the votes are: he reports someone, or chooses not to.
    reports: tuple[Report, ...] = ()
    for name, role in roles(received).items():
        if role is Role.INFLUENCER:
            reports = (Report(name, player.report([None] + [n for n in names if n != name], rng)),)
    draws: list[Draw] = []
    while True:
        rnd = RoundInput(f"K{number}", tuple(plays), tuple(votes), reports, tuple(draws))
        try:
            return rnd, resolve_round(catalogue, players, rnd, rules, history)
        except IllegalInput as error:
            # The engine stops at the first landing that needs an Event card: draw it, replay.
            if error.missing_draw is None:
                raise
            used = {d.card for d in draws} | history.events
            if not rules.event_cards_discarded:
                used = set()
            deck = [card.id for card in catalogue.events if card.id not in used]
            if not deck:
                return None
            draws.append(Draw(error.missing_draw, rng.choice(deck)))


def random_game(
    catalogue: Catalogue, rules: LikesRules, names: Sequence[str], rng: random.Random,
    player: Strategy = RANDOM,
) -> tuple[tuple[PlayerState, ...], tuple[RoundInput, ...], GameResult]:
    """A whole legal game for the named players (3 to 5, in seat order), every seat played by
    ``player`` (the uniform random one unless told): the players at the start, every round's
    inputs, and the engine's replay of them."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    # "15 Intent cards are placed face down as a deck": each player's deck is shuffled.
    decks = {name: tuple(rng.sample(catalogue.intent_ids(), len(catalogue.intents)))
             for name in names}
    start = start_players(catalogue, tuple(names), decks)
    players, history = start, History()
    rounds: list[RoundInput] = []
    stopped: StopReason = "round_limit"
    while len(rounds) < round_limit(len(names), catalogue.board):
        if any(not p.intent_deck for p in players):
            if rules.spent_intents != "reshuffle":
                break
            # As ``replay_game`` does: the discards become the deck again, in no known order.
            players = tuple(replace(p, intent_deck=decks[p.name], deck_order_known=False)
                            if not p.intent_deck else p for p in players)
        played = random_round(catalogue, players, rules, history, len(rounds) + 1, rng, player)
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
    return start, tuple(rounds), game
