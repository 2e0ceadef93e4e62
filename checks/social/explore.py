"""Social Network: every state a referee can reach from a few small positions, through its own
functions.

A ``Position`` is the last cards of a round: each player's hand and draw pile as given, the rest
of his colour out of play (in ``RoundSetup.removed``, where the 2-player game puts its five
Likes). ``explore`` starts a ``Referee`` there and follows, breadth first, every event the
referee does not refuse, out of every event of the position's cards (``candidates``: every play
of each player's cards, a Like on every Gallery of the position or on nothing, every draw of 1-3
cards or up to 5, every cycle of 1-2 cards, every resolve of every Contest with every winner,
every reward for every Contest and Quiz from the hand or the pile, both votes, Start!, pass).
States are told apart by everything the referee keeps (its violations and event count aside, and
the order of the cards in a hand, which no rule looks at), so the enumeration is complete up to
that order: every reachable state is visited once, each with a shortest log that reaches it.
Claims (``Claim``) are checked on every event performed (``Step``), and some on every event
refused; the first step that breaks each is returned with its log, which ``replay`` runs again
through a fresh referee.
"""

from __future__ import annotations

import itertools
import pickle
from collections import deque
from collections.abc import Callable, Iterator, Sequence
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
    # A hand of 4 and a pile of 2 (and no Gallery to put a Like on): draws and cycles.
    Position("a full hand", (
        _player("Ana", "red", ("like-1", "like-2", "like-3", "like-4"), ("like-5", "like-6")),
        _player("Bo", "blue", ("gallery-1",)),
        _player("Cy", "green", ("gallery-1",)),
    )),
    # A Quiz played while a Contest is pending: the Contest is resolved first.
    Position("quiz during a contest", (
        _player("Ana", "red", ("contest-1",), ("gallery-1",)),
        _player("Bo", "blue", ("quiz-1", "gallery-1")),
        _player("Cy", "green", ("like-1",)),
    )),
    # Two Quizzes while a Contest is pending: the second waits, as does a Quiz put down as a
    # Contest's reward.
    Position("two quizzes", (
        _player("Ana", "red", ("contest-1",)),
        _player("Bo", "blue", ("quiz-1",)),
        _player("Cy", "green", ("quiz-1",)),
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
    """What an exploration saw: how many states and steps, and the first step (in breadth-first
    order) that breaks each claim."""

    states: int = 0
    steps: int = 0
    found: list[Found | None] = field(default_factory=list)


@dataclass(frozen=True)
class Claim:
    """A property to check on every step, with the shadow state it carries along a log."""

    holds: Property
    shadow: Shadow | None = None
    start: Any = None
    #: Checked on each event the referee refuses (the state before it, the event, the verdict,
    #: the shadow): what the rulebook allows that was refused, or None.
    refusal: Refusal | None = None


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
    # The order of the cards in a hand is no rule's business: hands are told apart as sets.
    state["hand"] = {name: sorted(cards) for name, cards in referee.hand.items()}
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
#: What a claim says of a refused event: (the referee, the event, its verdict, the shadow) ->
#: what the rulebook allows that was refused, or None.
Refusal = Callable[[social.Referee, Event, social.Violation, Any], "str | None"]


def explore(position: Position, rules: SocialRules, claims: Sequence[Claim],
            left: Callable[[], object] | None = None) -> Explored:
    """Every state reachable from ``position`` under ``rules``, each claim checked on every step
    (its ``shadow`` carries its extra state along each log, from ``start``). A state reached by
    a step that breaks a claim is not explored further; the first such step of each claim is
    kept. An event the referee accepts and then fails on (it raises) breaks every claim.
    ``left`` is called now and then (it raises when the time is up)."""
    seen = Explored(found=[None] * len(claims))
    first = position.referee(rules)
    events = tuple(candidates(first, position))
    starts = tuple(c.start for c in claims)
    queue: deque[tuple[social.Referee, tuple[Event, ...], tuple[Any, ...]]] = deque([(first, (), starts)])
    keys = {state_key(first, starts)}
    # The claims that say something of a refused event, by their place in ``claims``.
    refusals = [(at, claim.refusal) for at, claim in enumerate(claims) if claim.refusal is not None]
    while queue:
        referee, log, carried = queue.popleft()
        seen.states += 1
        if seen.states > MAX_STATES:
            raise RuntimeError(f"position {position.name!r}: more than {MAX_STATES} states")
        if left is not None and seen.states % 64 == 0:
            left()
        for event in events:
            try:
                verdict = referee.violation(event)
            except Exception as error:  # a planted bug may break the referee's own bookkeeping
                failed = f"the referee fails judging {event.player} {event.describe()} ({type(error).__name__})"
                seen.found = [f or Found(position, log + (event,), failed) for f in seen.found]
                continue
            if verdict is not None and verdict.remedy == REFUSED:
                for at, refusal in refusals:
                    # Only the first refusal that breaks a claim is kept.
                    if seen.found[at] is None:
                        refused = refusal(referee, event, verdict, carried[at])
                        if refused is not None:
                            seen.found[at] = Found(position, log + (event,), refused)
                continue
            seen.steps += 1
            after = _copy(referee)
            try:
                after.apply(event)
            except Exception as error:  # a planted bug may break the referee's own bookkeeping
                failed = f"the referee accepts {event.player} {event.describe()} and fails ({type(error).__name__})"
                seen.found = [f or Found(position, log + (event,), failed) for f in seen.found]
                continue
            broken = False
            now = []
            for at, claim in enumerate(claims):
                step = Step(referee, event, verdict, after, log + (event,), carried[at])
                why = claim.holds(step)
                if why is not None:
                    broken = True
                    if seen.found[at] is None:
                        seen.found[at] = Found(position, step.log, why)
                now.append(claim.shadow(carried[at], step) if claim.shadow is not None else carried[at])
            if broken:
                continue
            key = state_key(after, tuple(now))
            if key not in keys:
                keys.add(key)
                queue.append((after, log + (event,), tuple(now)))
    return seen


def replay(position: Position, rules: SocialRules, log: tuple[Event, ...], claim: Claim) -> str | None:
    """Run the log again through a fresh referee at the position, event by event (``apply``),
    and check the claim on each event performed: what is wrong, or None."""
    holds, shadow = claim.holds, claim.shadow
    referee = position.referee(rules)
    now = claim.start
    for at, event in enumerate(log):
        before = _copy(referee)
        try:
            verdict = referee.apply(event)  # judges it (violation), then performs what stands
        except Exception as error:
            return f"the referee accepts {event.player} {event.describe()} and fails ({type(error).__name__}: {error})"
        if verdict is not None and verdict.remedy == REFUSED:
            if claim.refusal is not None and (why := claim.refusal(before, event, verdict, now)) is not None:
                return why
            continue
        step = Step(before, event, verdict, _copy(referee), log[:at + 1], now)
        why = holds(step)
        if why is not None:
            return why
        now = shadow(now, step) if shadow is not None else now
    return None


def log_drawing(log: tuple[Event, ...]) -> str:
    return "\n".join(f"{at + 1}. {e.player} {e.describe()}" for at, e in enumerate(log))
