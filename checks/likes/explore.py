"""Every round the engine accepts from a few small positions, for the state-machine invariants.

The positions are given (``STARTS``): three players on a board of 8 spaces with two Event spaces,
each with his own Intent cards (so that a card names its owner), some on Start with two cards
left, some one step from Viral, one Like short of an exchange, two Influencer rounds into a run,
with the last card of their deck. From each, every round the table could play is built (every
Intent card the rules let each player pick, every way of putting the three Like tokens, every
report the Influencer could make or none, every Event card a landing could draw) and resolved by
the engine's own ``resolve_round``; the rounds that follow are explored the same way, up to
one or two rounds (``STARTS``), or until the game is won or the Intent decks are spent (as ``replay_game`` ends
it). The inputs the engine refuses are not rounds of the game and are left out.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from model.likes import engine as likes_engine
from model.likes.cards import Board, Catalogue, EventCard, IntentCard
from model.likes.engine import Draw, History, IllegalInput, Play, Report, RoundInput, RoundResult, Vote
from model.likes.rules import LikesRules
from model.likes.state import PlayerState

NAMES = ("Ana", "Ben", "Cy")
#: Viral is space 8; Event spaces 3 and 6.
VIRAL, EVENT_SPACES = 8, (3, 6)

CATALOGUE = Catalogue(
    Board(VIRAL, frozenset(EVENT_SPACES), name="small board"),
    (
        EventCard("back4", "move", -4, "4 steps back"),
        EventCard("likes9", "likes", 9, "9 Likes"),
        EventCard("fwd3", "move", 3, "3 steps on"),
    ),
    tuple(
        card
        for name in NAMES
        for card in (
            IntentCard(f"{name}-M", "misinformation"),
            IntentCard(f"{name}-T", "true_information"),
            IntentCard(f"{name}-Mp", "misinformation", 3, -3, None, "printed +3 / -3"),
            IntentCard(f"{name}-Tp", "true_information", None, None, -3, "printed Influencer -3"),
        )
    ),
)


def _player(name: str, position: int = 0, likes: int = 0, streak: int = 0,
            deck: tuple[str, ...] = ("M", "T")) -> PlayerState:
    return PlayerState(name, position, likes, streak, tuple(f"{name}-{card}" for card in deck))


#: The given positions: (what it is, how many rounds are explored from it, the players).
STARTS: tuple[tuple[str, int, tuple[PlayerState, ...]], ...] = (
    ("everyone on Start, two Intent cards each", 1,
     tuple(_player(name) for name in NAMES)),
    ("around the Event spaces, two Intent cards each", 1,
     (_player("Ana", 2, 8, 1, ("Mp", "Tp")), _player("Ben", 4, 0, 0, ("M", "Tp")),
      _player("Cy", 5, 5, 0, ("T", "Mp")))),
    ("Ana one step from Viral with 9 Likes, Ben two Influencer rounds into a run, Cy on an "
     "Event space's neighbour; the last Intent card of each deck", 2,
     (_player("Ana", VIRAL - 1, 9, 0, ("Mp",)), _player("Ben", 5, 0, 2, ("Tp",)),
      _player("Cy", 2, 9, 0, ("M",)))),
    ("Ben two Influencer rounds into a run one step from Viral, Ana on Start with 9 Likes, Cy "
     "behind an Event space; printed cards; the last Intent card of each deck", 1,
     (_player("Ana", 0, 9, 0, ("Tp",)), _player("Ben", VIRAL - 1, 3, 2, ("Mp",)),
      _player("Cy", 5, 0, 0, ("T",)))),
)


@dataclass(frozen=True)
class Transition:
    """One round the engine accepted."""

    #: The given position it was reached from.
    start: str
    #: The round's number from that position (1 is the first).
    number: int
    #: The players before the round (their decks as the round sees them: refilled when spent).
    before: tuple[PlayerState, ...]
    #: The Intent cards each player discarded since his deck was last full, by name.
    discarded: dict[str, tuple[str, ...]]
    #: Each player's deck at the given position (what a reshuffle gives back), by name.
    full: dict[str, tuple[str, ...]]
    #: The cards used before.
    history: History
    #: The round's inputs.
    rnd: RoundInput
    #: The engine's resolution.
    result: RoundResult


def _rounds(players: tuple[PlayerState, ...], rules: LikesRules, history: History,
            number: int) -> Iterator[tuple[RoundInput, RoundResult | IllegalInput]]:
    names = [p.name for p in players]
    choices = []
    for state in players:
        top_only = rules.intent_source == "draw_top" and state.deck_order_known
        choices.append(state.intent_deck[:1] if top_only else state.intent_deck)
    for intents in itertools.product(*choices):
        plays = tuple(Play(name, f"C{number}-{name}", intent) for name, intent in zip(names, intents, strict=True))
        for targets in itertools.product(*[[o for o in names if o != n] for n in names]):
            votes = tuple(Vote(voter, f"C{number}-{target}") for voter, target in zip(names, targets, strict=True))
            counts = {n: targets.count(n) for n in names}
            top = max(counts.values())
            leaders = [n for n in names if counts[n] == top]
            reports: list[tuple[Report, ...]] = [()]
            if len(leaders) == 1:
                reports += [(Report(leaders[0], t),) for t in names if t != leaders[0]]
            for report in reports:
                yield from _with_draws(players, rules, history, RoundInput(
                    f"K{number}", plays, votes, report, ()))


def _with_draws(players: tuple[PlayerState, ...], rules: LikesRules, history: History,
                rnd: RoundInput) -> Iterator[tuple[RoundInput, RoundResult | IllegalInput]]:
    """The round resolved with every Event card its landings could draw (a refusal for another
    reason than a missing draw is yielded as the error)."""
    try:
        yield rnd, likes_engine.resolve_round(CATALOGUE, players, rnd, rules, history)
    except IllegalInput as error:
        if error.missing_draw is None:
            yield rnd, error
            return
        used = {d.card for d in rnd.draws} | history.events if rules.event_cards_discarded else set()
        for card in CATALOGUE.events:
            if card.id not in used:
                yield from _with_draws(players, rules, history, replace(
                    rnd, draws=rnd.draws + (Draw(error.missing_draw, card.id),)))


@dataclass(frozen=True)
class Refusal:
    """A round the rules allow (``_rounds`` builds it from the rulebook) that the engine refused."""

    #: The given position it was reached from.
    start: str
    #: The round's number from that position.
    number: int
    #: The players before the round.
    before: tuple[PlayerState, ...]
    #: The cards used before.
    history: History
    #: The round's inputs.
    rnd: RoundInput
    #: The engine's refusal.
    error: IllegalInput


def transitions(rules: LikesRules, refused: list[Refusal] | None = None) -> Iterator[Transition]:
    """Every round the engine accepts from the given positions, as many rounds from each as
    ``STARTS`` says; the rounds built from the rules that it refuses are added to ``refused``."""
    for label, depth, start in STARTS:
        decks = {p.name: p.intent_deck for p in start}
        nothing: tuple[str, ...] = ()
        frontier: set[tuple[tuple[PlayerState, ...], tuple[tuple[str, ...], ...], History]] = {
            (start, tuple(nothing for _ in start), History())}
        for number in range(1, depth + 1):
            following: set[tuple[tuple[PlayerState, ...], tuple[tuple[str, ...], ...], History]] = set()
            for players, spent, history in sorted(frontier, key=repr):
                discarded = dict(zip(NAMES, spent, strict=True))
                if any(not p.intent_deck for p in players):
                    if rules.spent_intents != "reshuffle":
                        continue  # the game is over (replay_game: game_over)
                    # As replay_game does: the discards are the player's deck again.
                    refilled = {p.name for p in players if not p.intent_deck}
                    players = tuple(
                        replace(p, intent_deck=decks[p.name], deck_order_known=False)
                        if p.name in refilled else p for p in players)
                    discarded = {n: () if n in refilled else d for n, d in discarded.items()}
                for rnd, result in _rounds(players, rules, history, number):
                    if isinstance(result, IllegalInput):
                        if refused is not None:
                            refused.append(Refusal(label, number, players, history, rnd, result))
                        continue
                    yield Transition(label, number, players, discarded, decks, history, rnd, result)
                    if result.winners:
                        continue
                    played = {play.player: play.intent for play in rnd.plays}
                    after_discards = tuple(discarded[n] + (played[n],) for n in NAMES)
                    # Rounds that leave the same players lead to the same rounds: one is kept
                    # (the Event cards drawn matter only when they are discarded).
                    later = history.after(rnd, result)
                    if not rules.event_cards_discarded:
                        later = replace(later, events=frozenset())
                    following.add((result.players, after_discards, later))
            frontier = following


def drawn(t: Transition) -> str:
    """A transition drawn for a person: the players before, the round, the engine's lines."""
    lines = [f"from: {t.start} (round {t.number})"]
    for p in t.before:
        lines.append(f"  {p.name}: space {p.position}, {p.likes} Likes, streak {p.streak}, "
                     f"deck {list(p.intent_deck)}")
    lines.append("  plays: " + ", ".join(f"{p.player} {p.intent}" for p in t.rnd.plays))
    lines.append("  votes: " + ", ".join(f"{v.voter}->{v.card.split('-', 1)[1]}" for v in t.rnd.votes))
    lines.append("  report: " + (", ".join(f"{r.by} reports {r.target}" for r in t.rnd.reports) or "none"))
    if t.rnd.draws:
        lines.append("  draws: " + ", ".join(f"{d.player} {d.card}" for d in t.rnd.draws))
    for s in t.result.steps:
        lines.append(f"  {s.player:<4} {s.rule:<18} {s.move:+d}  {s.start} -> {s.end}"
                     + (f"  {s.note}" if s.note else ""))
    lines.append("  after: " + ", ".join(f"{p.name} {p.position}" for p in t.result.players)
                 + (f"; winners {', '.join(t.result.winners)}" if t.result.winners else ""))
    return "\n".join(lines)


def state_json(t: Transition) -> dict[str, object]:
    """A transition as JSON-ready data (the names of a ``likes round`` file)."""
    return {
        "start": t.start,
        "round_number": t.number,
        "players": [{"name": p.name, "position": p.position, "likes": p.likes, "streak": p.streak,
                     "intent_deck": list(p.intent_deck)} for p in t.before],
        "round": {
            "plays": [{"player": p.player, "content": p.content, "intent": p.intent} for p in t.rnd.plays],
            "votes": [{"voter": v.voter, "card": v.card} for v in t.rnd.votes],
            "reports": [{"by": r.by, "target": r.target} for r in t.rnd.reports],
            "draws": [{"player": d.player, "card": d.card} for d in t.rnd.draws],
        },
        "after": [{"name": p.name, "position": p.position, "likes": p.likes, "streak": p.streak}
                  for p in t.result.players],
        "winners": list(t.result.winners),
    }


def replay(t: Transition, rules: LikesRules) -> RoundResult:
    """The transition's round resolved again by the engine."""
    return likes_engine.resolve_round(CATALOGUE, t.before, t.rnd, rules, t.history)


def _fingerprint() -> tuple[object, ...]:
    """What the exploration depends on: the engine's and the rules' functions and constants as
    they are now (a function replaced, for example by a test, gives another fingerprint)."""
    from model.likes import rules as likes_rules

    out: list[object] = []
    for space in (vars(likes_rules), vars(likes_engine), vars(likes_engine._Table),
                  vars(likes_engine.History)):
        for name, value in space.items():
            try:
                hash(value)
            except TypeError:
                continue
            out.append((name, value))
    return tuple(out)


_EXPLORED: dict[tuple[object, ...], tuple[tuple[Transition, ...], tuple[Refusal, ...]]] = {}


def explored(rules: LikesRules, on_time: Callable[[], object] = lambda: None) -> tuple[Transition, ...]:
    """``transitions(rules)`` as a tuple, computed once for the state-machine invariants that
    share it, again whenever the rules or any engine function differ; ``on_time`` is called
    every hundred rounds (it raises when the time is up). The process is part of the key: a
    forked process (a test runner that forks after loading the code, such as mutmut's) may run
    other code behind the very same function objects, so it never reuses its parent's rounds."""
    return _explore(rules, on_time)[0]


def refusals(rules: LikesRules, on_time: Callable[[], object] = lambda: None) -> tuple[Refusal, ...]:
    """The rounds built from the rules (``_rounds``) that the engine refused while ``explored``
    explored the same positions (none, when the engine follows the rulebook)."""
    return _explore(rules, on_time)[1]


def _explore(rules: LikesRules, on_time: Callable[[], object]) -> tuple[tuple[Transition, ...], tuple[Refusal, ...]]:
    key = (rules, os.getpid(), _fingerprint())
    if key not in _EXPLORED:
        found = []
        refused: list[Refusal] = []
        for index, transition in enumerate(transitions(rules, refused)):
            if index % 100 == 0:
                on_time()
            found.append(transition)
        if len(_EXPLORED) >= 4:
            _EXPLORED.clear()
        _EXPLORED[key] = (tuple(found), tuple(refused))
    return _EXPLORED[key]
