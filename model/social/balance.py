"""Social Network games for a balance report: the uniform random player (the game of
``random_game`` for the same seed) and a simple greedy one, with the rules each event applies and
those that refuse the events a player considers.

A rule fires when an event applies it: a draw up to five cards (``draw_up_to_five``), a Contest
resolved (``contest_winner``), a reward earned (``reward_earned``), a round brought to its end
(``round_over``); a round without an end stalled. A level total is decided as the game's result
says (``tie-break (best_round)``, ``tie-break (shared)``). Play is simultaneous, so no seat moves
first.

The greedy player, whenever he is the one to act, makes the legal event that scores him the most
points this round (``points``); who acts next is picked at random, as in random play.

A rule refuses an event when the referee (``Referee.violation``) names it for one of the events
the acting player considers before each event, as random play asks the referee about them
(``considered``): a refused event, or one left in place and corrected at scoring (a second Like
on a Gallery), is not played.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from model.common.balance import PlayedGame, PlayerKind, RuleCounts
from model.common.outcome import Outcome, Termination
from model.social.cards import LIKE, QUIZ, TWO_PLAYER_REMOVED_LIKES, VOTE, Decks, sample_decks
from model.social.engine import GameResult, Referee, judge_game
from model.social.random_play import MAX_EVENTS, random_game
from model.social.rules import SOCIAL_RULES, SocialRules
from model.social.state import Event, GameSetup, Player, RoundSetup

#: The rule registry a balance report counts.
RULEBOOK: tuple[str, ...] = tuple(rule.name for rule in SOCIAL_RULES)
#: The rule each kind of event applies.
EVENT_RULES = {"draw": "draw_up_to_five", "resolve": "contest_winner", "reward": "reward_earned"}


def considered(referee: Referee, player: str) -> tuple[list[Event], list[str]]:
    """The events ``player`` may make now and the rules that refuse the others he considers, as
    random play builds them: each card of his hand played (a Like on each active Gallery), a
    draw up to five, a cycle of the cards with no legal play (when the pile holds more than
    Likes), each of his Contests resolved with each winner or none, each reward he earned (from
    the pile or each card of his hand), a vote and Start! during a Quiz, and (2-player) a pass
    when nothing else is legal."""
    legal: list[Event] = []
    refused: list[str] = []

    def ask(events: Sequence[Event]) -> list[Event]:
        kept = []
        for event in events:
            verdict = referee.violation(event)
            if verdict is None:
                kept.append(event)
            else:
                refused.append(verdict.rule)
        legal.extend(kept)
        return kept

    hand, pile = referee.hand[player], referee.pile[player]
    galleries = [g for g in referee.active.values() if g is not None]
    plays = ask([Event(player, "play", card=card, on=gallery) for card in hand
                 for gallery in (galleries if referee.cards[card].kind == LIKE else [None])])
    ask([Event(player, "draw")])
    stuck = tuple(card for card in hand if all(e.card != card for e in plays))
    if stuck and any(referee.cards[card].kind != LIKE for card in pile):
        ask([Event(player, "cycle", cards=stuck)])
    ask([Event(player, "resolve", about=contest, winner=winner)
         for contest, state in referee.contests.items() if state.originator == player and not state.resolved
         for winner in (None, *referee.names)])
    earned = [card for card, state in referee.contests.items() if state.rewards.get(player)]
    quiz = referee.quiz
    if quiz is not None:
        if quiz.rewards.get(player):
            earned.append(quiz.card)
        ask([Event(player, "vote", vote=vote) for vote in (True, False)])
        ask([Event(player, "start")])
    ask([Event(player, "reward", about=about, from_pile=True) for about in earned if pile]
        + [Event(player, "reward", about=about, card=card) for about in earned for card in hand])
    if referee.two_player and not legal:
        ask([Event(player, "pass")])
    return legal, refused


def points(referee: Referee, event: Event) -> int:
    """The points a legal event scores its player this round: a card of his out of his hand or
    pile (-1 each) into his own Profile (+1 each) is +2, a Like played on another's Gallery +1
    (it scores for the Gallery's owner); anything else scores nothing now."""
    if event.action == "reward":
        return 2
    if event.action == "play" and event.card is not None:
        return 1 if referee.cards[event.card].kind == LIKE else 2
    return 0


def piles(decks: Decks, players: tuple[Player, ...], rules: SocialRules,
          rng: random.Random) -> tuple[list[list[str]], list[tuple[str, ...]]]:
    """Each player's action cards, unshuffled, and the cards removed before a 2-player game
    (five Likes, and the Quizzes when ``two_player_quiz`` removes them)."""
    found, removed = [], []
    for player in players:
        cards = [c for c in decks.colour_cards(player.colour) if c.kind != VOTE]
        out: list[str] = []
        if len(players) == 2:
            out = rng.sample([c.id for c in cards if c.kind == LIKE], TWO_PLAYER_REMOVED_LIKES)
            if rules.two_player_quiz == "removed":
                out += [c.id for c in cards if c.kind == QUIZ]
        found.append([c.id for c in cards if c.id not in out])
        removed.append(tuple(c.id for c in cards if c.id in out))
    return found, removed


def greedy_round(players: tuple[Player, ...], decks: Decks, cards: list[list[str]], removed: list[tuple[str, ...]],
                 rules: SocialRules, rng: random.Random, refusals: RuleCounts) -> RoundSetup:
    """One round of greedy players from freshly shuffled piles to its end (or ``MAX_EVENTS``, or
    nobody able to act). Play is simultaneous: before each event a player who can act is picked
    at random, as in random play (who is quickest is no choice of his), and makes the event
    that scores him the most points this round (``points``; ties at random)."""
    shuffled = []
    for pile in cards:
        order = list(pile)
        rng.shuffle(order)
        shuffled.append(tuple(order))
    first = players[0].name if len(players) == 2 else None
    referee = Referee(RoundSetup(players, decks, tuple(shuffled), tuple(removed), first, ()), rules)
    events: list[Event] = []
    while referee.end is None and len(events) < MAX_EVENTS:
        legal: list[Event] = []
        refused: list[str] = []
        for player in rng.sample(referee.names, len(referee.names)):
            legal, refused = considered(referee, player)
            if legal:
                break
        if not legal:
            break
        refusals.all(refused)
        best = max(points(referee, e) for e in legal)
        event = rng.choice([e for e in legal if points(referee, e) == best])
        referee.apply(event)
        events.append(event)
    return RoundSetup(players, decks, tuple(shuffled), tuple(removed), first, tuple(events))


def greedy_game(decks: Decks, rules: SocialRules, names: Sequence[str], rng: random.Random,
                refusals: RuleCounts) -> tuple[GameSetup, GameResult]:
    """A whole game of greedy players, set up and judged as ``random_game``'s."""
    players = tuple(Player(name, colour) for name, colour in zip(names, decks.colours, strict=False))
    if len(players) != len(names) or len(players) < 2:
        raise ValueError(f"2 to {len(decks.colours)} players, not {len(names)}")
    cards, removed = piles(decks, players, rules, rng)
    rounds = tuple(greedy_round(players, decks, cards, removed, rules, rng, refusals)
                   for _ in range(rules.round_count(len(players))))
    setup = GameSetup(players, rounds)
    return setup, judge_game(setup, rules)


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
    """One game from ``seed`` with the sample decks: the random player's is ``random_game``'s."""
    names = tuple(f"P{i + 1}" for i in range(players))
    refusals = RuleCounts()
    if player == "random":
        setup, result = random_game(sample_decks(), rules, names, random.Random(seed))
        count_refusals(setup, rules, refusals)
    else:
        setup, result = greedy_game(sample_decks(), rules, names, random.Random(seed), refusals)
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
