"""Social Network: whole random legal games, for comparing rule options by simulation.

Each round starts from freshly shuffled piles and grows a log one event at a time. At every step
a player who can act is picked at random, then one of the kinds of action open to him (play,
draw, cycle, resolve, reward, vote, start, pass), then one event of that kind; only events the
round's ``Referee`` judges legal under the rules in play are ever picked, so the options that
change what is legal change the games. Two habits keep random play from idling: a draw fills the
hand, and only cards that cannot be played now are cycled (a 2-player pass, likewise, only when
nothing else is legal). The finished log is judged by ``judge_game``, as any log.

The loop is the same for any player (``Strategy``): it builds the legal events and the player
only chooses among them (which stuck cards to cycle, which event to make), with the game's random
source. ``RANDOM``, the uniform random player, is the default; the balance report's greedy player
is another choice alone.

Random play can reach a dead end the rulebook does not address: every card left is a Like and no
Gallery can take one more (closed, or each player's Like is on it). Cycling Likes for Likes is
all that is legal and it changes nothing, so the round stops there and is scored as it stands
(its ``end`` is None), as is a round that reaches ``MAX_EVENTS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from model.social.cards import LIKE, QUIZ, TWO_PLAYER_REMOVED_LIKES, VOTE, Decks
from model.social.engine import GameResult, Referee, judge_game
from model.social.rules import SocialRules
from model.social.state import Action, Event, GameSetup, Player, RoundSetup

#: A round that has not ended after this many events stops there and is scored as it stands.
MAX_EVENTS = 2000


def _piles(decks: Decks, players: tuple[Player, ...], rules: SocialRules,
           rng: random.Random) -> tuple[list[list[str]], list[tuple[str, ...]]]:
    """Each player's action cards, the removed ones apart (2-player: five Likes, and the Quizzes
    when they are removed), unshuffled."""
    piles, removed = [], []
    for player in players:
        cards = [c for c in decks.colour_cards(player.colour) if c.kind != VOTE]
        out: list[str] = []
        if len(players) == 2:
            likes = [c.id for c in cards if c.kind == LIKE]
            out = rng.sample(likes, TWO_PLAYER_REMOVED_LIKES)
            if rules.two_player_quiz == "removed":
                out += [c.id for c in cards if c.kind == QUIZ]
        piles.append([c.id for c in cards if c.id not in out])
        removed.append(tuple(c.id for c in cards if c.id in out))
    return piles, removed


@dataclass(frozen=True)
class Strategy:
    """How a player acts when he is the one to act. The loop builds his legal events; he only
    chooses among them, with the game's random source."""

    #: Which of his stuck cards (those with no legal play now, in hand order) he offers to cycle.
    cycle: Callable[[tuple[str, ...], random.Random], tuple[str, ...]]
    #: The event he makes among his legal ones, given by kind of action (none of them empty).
    choose: Callable[[Referee, Mapping[Action, list[Event]], random.Random], Event]


def _random_cycle(stuck: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    return tuple(rng.sample(stuck, rng.randint(1, len(stuck))))


def _random_choice(referee: Referee, kinds: Mapping[Action, list[Event]], rng: random.Random) -> Event:
    return rng.choice(kinds[rng.choice(sorted(kinds))])


#: The uniform random player: some of his stuck cards cycled, then a kind of action open to him
#: and an event of that kind, each at random.
RANDOM = Strategy(_random_cycle, _random_choice)


def legal_events(referee: Referee, player: str, cycled: Callable[[tuple[str, ...]], tuple[str, ...]],
                 refused: list[str] | None = None) -> dict[Action, list[Event]]:
    """The player's legal events by kind of action (kinds with none left out): the candidates
    below that the referee does not refuse; the rule refusing each other one is added to
    ``refused``. The candidates: each card of his hand played (a Like on each active Gallery), a
    draw up to five, a cycle of the stuck cards ``cycled`` picks, each of his Contests resolved
    with each winner or none, a vote and Start! during a Quiz, each reward he earned (from the
    pile or each card of his hand), and (2-player) a pass when nothing else is legal."""
    def keep(events: list[Event]) -> list[Event]:
        kept = []
        for event in events:
            verdict = referee.violation(event)
            if verdict is None:
                kept.append(event)
            elif refused is not None:
                refused.append(verdict.rule)
        return kept

    hand, pile = referee.hand[player], referee.pile[player]
    galleries = [g for g in referee.active.values() if g is not None]
    found: dict[Action, list[Event]] = {}
    found["play"] = keep([Event(player, "play", card=card, on=g)
                          for card in hand
                          for g in (galleries if referee.cards[card].kind == LIKE else [None])])
    found["draw"] = keep([Event(player, "draw")])
    # Cycle only cards with no legal play (cycling a playable one only wastes time), and only
    # when the pile can bring something else: all Likes are alike to the rules, so trading Likes
    # for Likes changes nothing and would keep a dead round going for ever.
    stuck = tuple(c for c in hand if all(e.card != c for e in found["play"]))
    if stuck and any(referee.cards[c].kind != LIKE for c in pile):
        found["cycle"] = keep([Event(player, "cycle", cards=cycled(stuck))])
    found["resolve"] = keep([Event(player, "resolve", about=contest, winner=winner)
                             for contest, state in referee.contests.items()
                             if state.originator == player and not state.resolved
                             for winner in (None, *referee.names)])
    earned = [c for c, state in referee.contests.items() if state.rewards.get(player)]
    quiz = referee.quiz
    if quiz is not None:
        if quiz.rewards.get(player):
            earned.append(quiz.card)
        found["vote"] = keep([Event(player, "vote", vote=v) for v in (True, False)])
        found["start"] = keep([Event(player, "start")])
    found["reward"] = keep([Event(player, "reward", about=about, from_pile=True)
                            for about in earned if pile]
                           + [Event(player, "reward", about=about, card=card)
                              for about in earned for card in hand])
    if referee.two_player and not any(found.values()):
        # A pass ends the round when the other player passed just before: pass only when stuck.
        found["pass"] = keep([Event(player, "pass")])
    return {kind: events for kind, events in found.items() if events}


def _step(referee: Referee, player: Strategy, rng: random.Random, refused: list[str] | None) -> Event | None:
    """The next event: a seat who can act picked at random (play is simultaneous: who is
    quickest is no choice of his), then his choice among his legal events; None when nobody can
    do anything legal. The rules refusing the other events the acting seat considered are added
    to ``refused``."""
    def cycled(stuck: tuple[str, ...]) -> tuple[str, ...]:
        return player.cycle(stuck, rng)

    for name in rng.sample(referee.names, len(referee.names)):
        considered: list[str] = []
        kinds = legal_events(referee, name, cycled, considered)
        if kinds:
            if refused is not None:
                refused.extend(considered)
            return player.choose(referee, kinds, rng)
    return None


def random_round(players: tuple[Player, ...], decks: Decks, piles: list[list[str]],
                 removed: list[tuple[str, ...]], rules: SocialRules,
                 rng: random.Random, player: Strategy = RANDOM,
                 refused: list[str] | None = None) -> RoundSetup:
    """One round from shuffled piles to its end (or to ``MAX_EVENTS``), every seat played by
    ``player``: its setup and log. The rules refusing the other events each acting seat
    considered are added to ``refused``, when given."""
    shuffled = []
    for pile in piles:
        cards = list(pile)
        rng.shuffle(cards)
        shuffled.append(tuple(cards))
    # 2-player: the first player in seat order takes the first turn of every round.
    first = players[0].name if len(players) == 2 else None
    setup = RoundSetup(players, decks, tuple(shuffled), tuple(removed), first, ())
    referee = Referee(setup, rules)
    events: list[Event] = []
    while referee.end is None and len(events) < MAX_EVENTS:
        event = _step(referee, player, rng, refused)
        if event is None:
            break
        referee.apply(event)
        events.append(event)
    return RoundSetup(players, decks, tuple(shuffled), tuple(removed), first, tuple(events))


def random_game(decks: Decks, rules: SocialRules, names: Sequence[str], rng: random.Random,
                player: Strategy = RANDOM, refused: list[str] | None = None) -> tuple[GameSetup, GameResult]:
    """A whole legal game for the named players (2 to 6, one colour each in the decks' order),
    every seat played by ``player`` (the uniform random one unless told): every round's log, and
    the referee's verdict on them. The rules refusing the other events each acting seat
    considered are added to ``refused``, when given."""
    players = tuple(Player(name, colour) for name, colour in zip(names, decks.colours, strict=False))
    if len(players) != len(names) or len(players) < 2:
        raise ValueError(f"2 to {len(decks.colours)} players, not {len(names)}")
    # "Before the game each player removes 5 Like cards": once, for every round.
    piles, removed = _piles(decks, players, rules, rng)
    rounds = tuple(random_round(players, decks, piles, removed, rules, rng, player, refused)
                   for _ in range(rules.round_count(len(players))))
    setup = GameSetup(players, rounds)
    return setup, judge_game(setup, rules)
