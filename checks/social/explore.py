"""Social Network: every state a referee can reach from a few small positions, through its own
functions.

A ``Position`` is the last cards of a round: each player's hand and draw pile as given, the rest
of his colour out of play (in ``RoundSetup.removed``, where the 2-player game puts its five
Likes). ``explore`` starts a ``Referee`` there and follows, breadth first, every event the
referee does not refuse, out of every event of the position's cards (``candidates``: every play
of each player's cards, a Like on every Gallery of the position or on nothing, every draw of 1-3
cards or up to 5, every cycle of 1-2 cards, every resolve of every Contest with every winner,
every reward for every Contest and Quiz from the hand or the pile, both votes, Start!, pass).
States are told apart by everything the referee keeps (its violations and event count aside),
so the enumeration is complete: every reachable state is visited once, each with a shortest log
that reaches it. A property is checked on every event performed (``Step``); the first that fails
is returned with its log, which ``replay`` runs again through a fresh referee.
"""

from __future__ import annotations

import itertools
import pickle
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from model.social import engine as social
from model.social.cards import CONTEST, GALLERY, LIKE, QUIZ, sample_decks
from model.social.rules import REFUSED, SocialRules
from model.social.state import Event, Player, RoundSetup

#: More states than this from one position is a sign the position is too large: stop.
MAX_STATES = 20000


@dataclass(frozen=True)
class Position:
    """Where an exploration starts: each player's hand and draw pile (top first)."""

    #: A short name, as the domain strings and counterexamples give it.
    name: str
    #: (name, colour, hand, pile) for each player.
    players: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...]
    #: 2-player: who takes the first turn.
    first: str | None = None

    def cards(self) -> tuple[str, ...]:
        return tuple(c for _, _, hand, pile in self.players for c in hand + pile)

    def setup(self, events: tuple[Event, ...] = ()) -> RoundSetup:
        """The round: each player's position cards as his pile, the rest of his colour out of
        play."""
        decks = sample_decks()
        players = tuple(Player(name, colour) for name, colour, _, _ in self.players)
        piles, removed = [], []
        for _, colour, hand, pile in self.players:
            mine = hand + pile
            piles.append(mine)
            removed.append(tuple(c.id for c in decks.colour_cards(colour)
                                 if c.kind != "vote" and c.id not in mine))
        return RoundSetup(players, decks, tuple(piles), tuple(removed), self.first, events)

    def referee(self, rules: SocialRules) -> social.Referee:
        """A referee with the position on the table."""
        referee = social.Referee(self.setup(), rules)
        for name, _, hand, pile in self.players:
            referee.hand[name] = list(hand)
            referee.pile[name] = deque(pile)
        return referee

    def json(self) -> dict[str, Any]:
        return {"position": self.name,
                "players": [{"name": n, "colour": c, "hand": list(h), "pile": list(p)}
                            for n, c, h, p in self.players]}

    def drawing(self) -> str:
        return "\n".join(f"{n} ({c}): hand [{', '.join(h)}] pile [{', '.join(p)}]"
                         for n, c, h, p in self.players)


def _player(name: str, colour: str, hand: tuple[str, ...], pile: tuple[str, ...] = ()
            ) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    return (name, colour, tuple(f"{colour}-{c}" for c in hand), tuple(f"{colour}-{c}" for c in pile))


#: The positions every state-machine invariant starts from.
POSITIONS: tuple[Position, ...] = (
    # Likes: on one's own Gallery, twice, on a closed Gallery; Cy is one play from the end.
    Position("likes", (
        _player("Ana", "red", ("gallery-1", "like-1", "gallery-2")),
        _player("Bo", "blue", ("like-1", "like-2")),
        _player("Cy", "green", ("like-1",)),
    )),
    # A Contest and its rewards, at the end of a draw pile.
    Position("contest", (
        _player("Ana", "red", ("contest-1",), ("gallery-1",)),
        _player("Bo", "blue", ("gallery-1",)),
        _player("Cy", "green", ("like-1",)),
    )),
    # A Quiz: the halt, the votes, the rewards (a, b, c).
    Position("quiz", (
        _player("Ana", "red", ("gallery-1", "quiz-1"), ("gallery-2",)),
        _player("Bo", "blue", ("like-1",)),
        _player("Cy", "green", ("gallery-1",)),
    )),
    # 2-player: turns, a duel, passes; Ana's last card in hand can go down as a reward while
    # her draw pile still holds a card.
    Position("two players", (
        _player("Ana", "red", ("contest-1",), ("gallery-1", "gallery-2")),
        _player("Bo", "blue", ("like-1",), ("gallery-1",)),
    ), first="Ana"),
)


@dataclass(frozen=True)
class Step:
    """One event performed: the referee before and after, and the log that led there."""

    before: social.Referee
    event: Event
    verdict: social.Violation | None
    after: social.Referee
    log: tuple[Event, ...]
    #: The shadow value the state before the event carries (see ``Shadow``).
    shadow: Any = None


@dataclass(frozen=True)
class Found:
    """A step that breaks a property: where it started, the log, and what is wrong."""

    position: Position
    log: tuple[Event, ...]
    why: str


@dataclass
class Explored:
    """What an exploration saw."""

    states: int = 0
    steps: int = 0
    found: Found | None = None
    seen: set[str] = field(default_factory=set)


def candidates(referee: social.Referee, position: Position) -> Iterator[Event]:
    """Every event of the position's cards, legal or not (see the module's docstring)."""
    names = referee.names
    kind = {c: referee.cards[c].kind for c in position.cards()}
    galleries = [c for c, k in kind.items() if k == GALLERY]
    contests = [c for c, k in kind.items() if k == CONTEST]
    quizzes = [c for c, k in kind.items() if k == QUIZ]
    for name, _, hand, pile in position.players:
        mine = hand + pile
        for card in mine:
            for on in ([None, *galleries] if kind[card] == LIKE else [None]):
                yield Event(name, "play", card=card, on=on)
        for count in (None, 1, 2, 3):
            yield Event(name, "draw", count=count)
        for size in (1, 2):
            for chosen in itertools.combinations(mine, size):
                yield Event(name, "cycle", cards=chosen)
        for contest in contests:
            for winner in (None, *names):
                yield Event(name, "resolve", about=contest, winner=winner)
        for about in contests + quizzes:
            yield Event(name, "reward", about=about, from_pile=True)
            for card in mine:
                yield Event(name, "reward", about=about, card=card)
        yield Event(name, "vote", vote=True)
        yield Event(name, "vote", vote=False)
        yield Event(name, "start")
        yield Event(name, "pass")


_FIXED = ("setup", "rules", "names", "two_player", "cards", "owner", "colour", "removed")


def state_key(referee: social.Referee, shadow: Any = None) -> str:
    """Everything the referee keeps that can change what comes next (its list of violations
    and its count of events aside; the end by its reason and player)."""
    state = {k: v for k, v in vars(referee).items() if k not in _FIXED + ("violations", "judged")}
    end = state.pop("end")
    state["end"] = None if end is None else (end.reason, end.player)
    return repr((sorted(state.items()), shadow))


def _copy(referee: social.Referee) -> social.Referee:
    """A copy of the referee's table (its fixed parts shared), through pickle: fast."""
    state = vars(referee)
    fixed = {k: state.pop(k) for k in _FIXED}
    violations = state.pop("violations")
    try:
        copied: social.Referee = pickle.loads(pickle.dumps(referee, pickle.HIGHEST_PROTOCOL))
    finally:
        state.update(fixed)
        state["violations"] = violations
    vars(copied).update(fixed)
    copied.violations = []
    return copied


#: A property of one step: None when it holds, else what is wrong, in words.
Property = Callable[[Step], "str | None"]
#: Extra state an exploration carries along a log (e.g. which Galleries the rulebook calls
#: active), updated on each step: (old shadow, step) -> new shadow. Part of the state's key.
Shadow = Callable[[Any, Step], Any]


def explore(position: Position, rules: SocialRules, holds: Property, shadow: Shadow | None = None,
            start: Any = None, left: Callable[[], object] | None = None) -> Explored:
    """Every state reachable from ``position`` under ``rules``; ``holds`` checked on every step
    (``shadow`` carries extra state along each log, from ``start``). Stops at the first step
    that breaks it. ``left`` is called now and then (it raises when the time is up)."""
    seen = Explored()
    first = position.referee(rules)
    events = tuple(candidates(first, position))
    queue: deque[tuple[social.Referee, tuple[Event, ...], Any]] = deque([(first, (), start)])
    seen.seen.add(state_key(first, start))
    while queue:
        referee, log, carried = queue.popleft()
        seen.states += 1
        if seen.states > MAX_STATES:
            raise RuntimeError(f"position {position.name!r}: more than {MAX_STATES} states")
        if left is not None and seen.states % 64 == 0:
            left()
        for event in events:
            verdict = referee.violation(event)
            if verdict is not None and verdict.remedy == REFUSED:
                continue
            after = _copy(referee)
            after.apply(event)
            seen.steps += 1
            step = Step(referee, event, verdict, after, log + (event,), carried)
            why = holds(step)
            if why is not None:
                seen.found = Found(position, step.log, why)
                return seen
            now = shadow(carried, step) if shadow is not None else carried
            key = state_key(after, now)
            if key not in seen.seen:
                seen.seen.add(key)
                queue.append((after, step.log, now))
    return seen


def replay(position: Position, rules: SocialRules, log: tuple[Event, ...], holds: Property,
           shadow: Shadow | None = None, start: Any = None) -> str | None:
    """Run the log again through a fresh referee at the position, event by event (``apply``),
    and check the property on each event performed: what is wrong, or None."""
    referee = position.referee(rules)
    now = start
    for at, event in enumerate(log):
        before = _copy(referee)
        verdict = referee.apply(event)
        if verdict is not None and verdict.remedy == REFUSED:
            continue
        step = Step(before, event, verdict, _copy(referee), log[:at + 1], now)
        why = holds(step)
        if why is not None:
            return why
        now = shadow(now, step) if shadow is not None else now
    return None


def event_json(event: Event) -> dict[str, Any]:
    """An event as a round log writes it (``model.social.schema``)."""
    out: dict[str, Any] = {"player": event.player, "action": event.action}
    if event.action == "play":
        out["card"] = event.card
        if event.on is not None:
            out["on"] = event.on
    elif event.action == "draw" and event.count is not None:
        out["count"] = event.count
    elif event.action == "cycle":
        out["cards"] = list(event.cards)
    elif event.action == "resolve":
        out.update({"contest": event.about, "winner": event.winner})
    elif event.action == "reward":
        out.update({"for": event.about, "from": "pile" if event.from_pile else "hand"})
        if not event.from_pile:
            out["card"] = event.card
    elif event.action == "vote":
        out["vote"] = event.vote
    return out


def log_drawing(log: tuple[Event, ...]) -> str:
    return "\n".join(f"{at + 1}. {e.player} {e.describe()}" for at, e in enumerate(log))
