"""Social Network: whole random legal games, for comparing rule options by simulation.

Each round starts from freshly shuffled piles and grows a log one event at a time. At every step
a player who can act is picked at random, then one of the kinds of action open to him (play,
draw, cycle, resolve, reward, vote, start, pass), then one event of that kind; only events the
round's ``Referee`` judges legal under the rules in play are ever picked, so the options that
change what is legal change the games. Two habits keep random play from idling: a draw fills the
hand, and only cards that cannot be played now are cycled (a 2-player pass, likewise, only when
nothing else is legal). The finished log is judged by ``judge_game``, as any log.

Random play can reach a dead end the rulebook does not address: every card left is a Like and no
Gallery can take one more (closed, or each player's Like is on it). Cycling Likes for Likes is
all that is legal and it changes nothing, so the round stops there and is scored as it stands
(its ``end`` is None), as is a round that reaches ``MAX_EVENTS``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

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


def _legal(referee: Referee, player: str, rng: random.Random) -> dict[Action, list[Event]]:
    """The player's legal events by kind of action: candidates the referee does not refuse."""
    def keep(events: list[Event]) -> list[Event]:
        return [e for e in events if referee.violation(e) is None]

    hand, pile = referee.hand[player], referee.pile[player]
    galleries = [g for g in referee.active.values() if g is not None]
    found: dict[Action, list[Event]] = {}
    found["play"] = keep([Event(player, "play", card=card, on=g)
                          for card in hand
                          for g in (galleries if referee.cards[card].kind == LIKE else [None])])
    found["draw"] = keep([Event(player, "draw")])
    # Cycle some of the cards with no legal play (cycling a playable one only wastes time), and
    # only when the pile can bring something else: all Likes are alike to the rules, so trading
    # Likes for Likes changes nothing and would keep a dead round going for ever.
    stuck = [c for c in hand if all(e.card != c for e in found["play"])]
    if stuck and any(referee.cards[c].kind != LIKE for c in pile):
        chosen = tuple(rng.sample(stuck, rng.randint(1, len(stuck))))
        found["cycle"] = keep([Event(player, "cycle", cards=chosen)])
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


def _step(referee: Referee, rng: random.Random) -> Event | None:
    """One random legal event: a player who can act, a kind of action open to him, an event of
    that kind; None when nobody can do anything legal."""
    for player in rng.sample(referee.names, len(referee.names)):
        kinds = _legal(referee, player, rng)
        if kinds:
            return rng.choice(kinds[rng.choice(sorted(kinds))])
    return None


def random_round(players: tuple[Player, ...], decks: Decks, piles: list[list[str]],
                 removed: list[tuple[str, ...]], rules: SocialRules,
                 rng: random.Random) -> RoundSetup:
    """One round from shuffled piles to its end (or to ``MAX_EVENTS``): its setup and log."""
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
        event = _step(referee, rng)
        if event is None:
            break
        referee.apply(event)
        events.append(event)
    return RoundSetup(players, decks, tuple(shuffled), tuple(removed), first, tuple(events))


def random_game(decks: Decks, rules: SocialRules, names: Sequence[str],
                rng: random.Random) -> tuple[GameSetup, GameResult]:
    """A whole random legal game for the named players (2 to 6, one colour each in the decks'
    order): every round's log, and the referee's verdict on them."""
    players = tuple(Player(name, colour) for name, colour in zip(names, decks.colours, strict=False))
    if len(players) != len(names) or len(players) < 2:
        raise ValueError(f"2 to {len(decks.colours)} players, not {len(names)}")
    # "Before the game each player removes 5 Like cards": once, for every round.
    piles, removed = _piles(decks, players, rules, rng)
    rounds = tuple(random_round(players, decks, piles, removed, rules, rng)
                   for _ in range(rules.round_count(len(players))))
    setup = GameSetup(players, rounds)
    return setup, judge_game(setup, rules)
