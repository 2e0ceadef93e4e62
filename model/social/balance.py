"""Social Network games for a balance report: the uniform random player (the game of
``random_game`` for the same seed) and a simple greedy one, with the rules each event applies and
those that refuse the events a player considers.

A rule fires when an event applies it: a draw up to five cards (``draw_up_to_five``), a Contest
resolved (``contest_winner``), a reward earned (``reward_earned``), a round brought to its end
(``round_over``); a round without an end stalled. A level total is decided as the game's result
says (``tie-break (best_round)``, ``tie-break (shared)``). Play is simultaneous, so no seat moves
first.

The greedy player (``GREEDY``), whenever he is the one to act, makes the legal event that scores
him the most points this round (``points``); who acts next is picked at random. Both players are
choices alone: the game is ``random_game``'s, its loop building the legal events, with the
player as its parameter.

A rule refuses an event when the referee (``Referee.violation``) names it for one of the events
the acting player considers before each event, as the play loop asks the referee about them
(``considered``): a refused event, or one left in place and corrected
at scoring (a second Like on a Gallery), is not played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.social.cards import LIKE, sample_decks
from model.social.engine import Referee
from model.social.random_play import Strategy, legal_events, random_game
from model.social.rules import SOCIAL_RULES, SocialRules
from model.social.state import Action, Event, GameSetup

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(rule.name for rule in SOCIAL_RULES)
#: The rule each kind of event applies.
EVENT_RULES = {"draw": "draw_up_to_five", "resolve": "contest_winner", "reward": "reward_earned"}


def considered(referee: Referee, player: str) -> tuple[list[Event], list[str]]:
    """The events ``player`` may make now and the rules that refuse the others he considers, as
    the play loop builds them (``legal_events``), a cycle offering all his stuck cards."""
    refused: list[str] = []
    kinds = legal_events(referee, player, _all_stuck, refused)
    return [event for events in kinds.values() for event in events], refused


def _all_stuck(stuck: tuple[str, ...]) -> tuple[str, ...]:
    return stuck


def points(referee: Referee, event: Event) -> int:
    """The points a legal event scores its player this round: a card of his out of his hand or
    pile (-1 each) into his own Profile (+1 each) is +2, a Like played on another's Gallery +1
    (it scores for the Gallery's owner); anything else scores nothing now."""
    if event.action == "reward":
        return 2
    if event.action == "play" and event.card is not None:
        return 1 if referee.cards[event.card].kind == LIKE else 2
    return 0


def _greedy_cycle(stuck: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    return stuck


def _greedy_choice(referee: Referee, kinds: Mapping[Action, list[Event]], rng: random.Random) -> Event:
    legal = [event for events in kinds.values() for event in events]
    best = max(points(referee, event) for event in legal)
    return rng.choice([event for event in legal if points(referee, event) == best])


#: The greedy player: the legal event that scores him the most points this round (``points``;
#: ties at random, in the order the loop builds them), all his stuck cards offered to a cycle.
GREEDY = Strategy(_greedy_cycle, _greedy_choice)


def count_refusals(setup: GameSetup, rules: SocialRules, refusals: RuleCounts) -> None:
    """Replay a game's logs and count, before each event, the refusals among what its player
    considered (``considered``)."""
    for played in setup.rounds:
        referee = Referee(played, rules)
        for event in played.events:
            refusals.all(considered(referee, event.player)[1])
            referee.apply(event)


def play_balance(seed: int, players: int, rules: SocialRules, solvers: Mapping[str, Any],
                 player: PlayerKind) -> PlayedGame:
    """One game from ``seed`` with the sample decks, every seat played by ``player``: the game
    ``random_game`` plays with that player (``RANDOM`` or ``GREEDY``)."""
    names = tuple(f"P{i + 1}" for i in range(players))
    refusals = RuleCounts()
    if player == "random":
        # Random play cycles some of its stuck cards; the refusals counted are those of
        # ``considered``, which offers them all, so the logs are replayed.
        setup, result = random_game(sample_decks(), rules, names, random.Random(seed))
        count_refusals(setup, rules, refusals)
    else:
        # The greedy player offers all his stuck cards to a cycle: what he considered is
        # ``considered``'s, counted as he plays.
        refused: list[str] = []
        setup, result = random_game(sample_decks(), rules, names, random.Random(seed), GREEDY, refused)
        refusals.all(refused)
    counts = RuleCounts()
    for played in setup.rounds:
        counts.all(EVENT_RULES[e.action] for e in played.events if e.action in EVENT_RULES)
    counts.all("round_over" for r in result.rounds if r.end is not None)
    stalled = sum(1 for r in result.rounds if r.end is None)
    plays = sum(1 for r in setup.rounds for e in r.events if e.action == "play")
    decided = (f"tie-break ({result.decided_by})",) if result.decided_by != "score" else ()
    stats = {"stalled rounds": stalled / len(result.rounds), "game length (plays)": float(plays),
             "winning score": float(max(total for _, total in result.totals))}
    seats = tuple(names.index(w) for w in result.winners)
    return PlayedGame(seed, players, Outcome(Termination.ROUNDS, tuple(result.winners), result.decided_by),
                      stats, seats, None, len(result.rounds), plays, fired=dict(counts.counts),
                      refused=dict(refusals.counts), decided=decided, stalled=stalled > 0)
