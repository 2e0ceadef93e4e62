"""Small Oh My Socks! positions, and every game reachable from them through the engine's own
``legal_moves`` and ``play``: the domain of the state-machine invariants and of the questions.

A deck of 7 Sock cards and the Washing Machine (a Super Sock, two Gifts, two Rescues, Socks of
sets 2, 3 and 4) is small enough to play out every game, yet holds every rule a turn can use:
the first Sock of the game being the Super Sock, Gifts (one of them drawing the Washing Machine),
Rescues of a single Sock (a typed Super Sock making a pair), the 2-player discard, and draws one
move from the end of the deck. ``observe`` plays one move through the engine's own turn (its
``_run_turn``, as ``play`` does) and records what the table held at each decision.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from checks.core import TimeUp
from model.socks import engine
from model.socks.cards import Card, Catalogue
from model.socks.engine import Move
from model.socks.log import move_json
from model.socks.rules import SocksRules
from model.socks.state import State, WildState

#: The cards: (ID, set or None for the Super Sock, stars, effect, arrow).
CARDS: tuple[Card, ...] = (
    Card("2a", 2, 1, None, "left"),
    Card("2b", 2, 2, "rescue", "right"),
    Card("3a", 3, 1, "gift", "left"),
    Card("3b", 3, 0, None, "right"),
    Card("3c", 3, 2, "rescue", "left"),
    Card("4a", 4, 3, "gift", "right"),
    Card("S", None, 0, None, "left"),
)
CATALOGUE = Catalogue(CARDS, note="7 Sock cards for the exhaustive checks")
WM = CATALOGUE.wm
_I = {card.id: index for index, card in enumerate(CARDS)}


def label(card: int) -> str:
    return CATALOGUE.id_of(card) if card != WM else "WM"


def _ids(*names: str) -> tuple[int, ...]:
    return tuple(WM if n == "WM" else _I[n] for n in names)


@dataclass(frozen=True)
class Start:
    """A starting position: the deck (top first), and cards already on the table."""

    #: What it is for, in words.
    why: str
    names: tuple[str, ...]
    deck: tuple[int, ...]
    collections: tuple[tuple[int, ...], ...] = ()
    gifts: tuple[tuple[int, ...], ...] = ()
    #: Face-up Super Socks: (card, owner, set).
    wilds: tuple[tuple[int, int, int], ...] = ()


THREE = ("A", "B", "C")
#: The Sock cards in one order; the starts use each of its rotations.
ORDER = _ids("S", "2a", "3a", "3b", "2b", "3c", "4a")
#: Where the Washing Machine goes in the deck (0 = top): drawn in the third turn with another
#: card, drawn alone after the other cards, or last.
WM_AT = (4, 6, 7)


def _rotations() -> tuple[Start, ...]:
    out = []
    for players in (THREE, ("A", "B")):
        for shift in range(len(ORDER)):
            socks = ORDER[shift:] + ORDER[:shift]
            for at in WM_AT:
                deck = socks[:at] + (WM,) + socks[at:]
                out.append(Start(f"{len(players)} players, deck {' '.join(label(c) for c in deck)}", players, deck))
    return tuple(out)


#: One mid-game position, one move from the end: B holds a single 3; C holds 2a with a Super Sock
#: typed as set 2 (a pair for Rescue), a single 3 and a face-down gift of set 3; A draws a Rescue
#: and a Gift, and the Washing Machine is the deck's last card.
MIDGAME = Start("3 players mid-game, one move from the end", THREE, _ids("2b", "4a", "WM"),
                ((), _ids("3b"), _ids("2a", "3c", "S")), ((), (), _ids("3a")), ((_I["S"], 2, 2),))
STARTS: tuple[Start, ...] = _rotations() + (MIDGAME,)
#: The domain, in words.
DOMAIN = ("every position reachable through legal_moves and play from 43 starts: the 7 Sock cards "
          "2a 2b 3a 3b 3c 4a and a Super Sock (two Gifts, two Rescues) in the 7 rotations of one "
          "order with the Washing Machine 5th, 7th or last, for 3 and for 2 players, and one "
          "3-player position one move from the end (a Super Sock typed as set 2, a face-down gift)")


def position(start: Start, rules: SocksRules) -> State:
    """The start as the engine's State, with the first seat's two cards drawn."""
    state = engine.start(CATALOGUE, rules, start.names, start.deck)
    if not start.collections and not start.gifts:
        return state
    players = len(start.names)
    wilds = tuple(WildState(card, owner, number, None) for card, owner, number in start.wilds)
    return replace(state, collections=start.collections or ((),) * players,
                   gifts=start.gifts or ((),) * players, wilds=wilds, collected_any=True)


@dataclass
class Clock:
    """The deadline of a check or a question."""

    deadline: float
    time_limit: float

    def tick(self) -> None:
        if time.perf_counter() > self.deadline:
            raise TimeUp(f"time limit of {self.time_limit:g} s reached")


def clock_of(context: Any) -> Clock:
    return Clock(context.deadline, context.time_limit)


@dataclass(frozen=True)
class Step:
    """One legal move of a reachable position and the position it leads to."""

    start: Start
    state: State
    move: Move
    after: State


def explore(rules: SocksRules, clock: Clock, starts: Sequence[Start] = STARTS
            ) -> Iterator[tuple[Start, State, list[tuple[Move, State]]]]:
    """Every position reachable from the starts (each once per start), finished ones included,
    with each of its ``legal_moves`` and the position ``play`` makes of it."""
    for start in starts:
        first = position(start, rules)
        seen = {first}
        stack = [first]
        while stack:
            clock.tick()
            state = stack.pop()
            moves = [(move, engine.play(state, move)) for move in engine.legal_moves(state)]
            yield start, state, moves
            for _, after in moves:
                if after not in seen:
                    seen.add(after)
                    stack.append(after)


def reachable(rules: SocksRules, clock: Clock, starts: Sequence[Start] = STARTS) -> Iterator[tuple[Start, State]]:
    """Every position reachable from the starts (each once per start), finished ones included."""
    for start, state, _ in explore(rules, clock, starts):
        yield start, state


def steps(rules: SocksRules, clock: Clock, starts: Sequence[Start] = STARTS) -> Iterator[Step]:
    """Every legal move of every reachable position, through ``legal_moves`` and ``play``."""
    for start, state, moves in explore(rules, clock, starts):
        for move, after in moves:
            yield Step(start, state, move, after)


# --- one move, observed ----------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What the table held at one moment of a turn (a copy)."""

    deck: tuple[int, ...]  # top card first
    drawn: tuple[int, ...]
    collections: tuple[tuple[int, ...], ...]
    gifts: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    wilds: tuple[WildState, ...]
    over: bool

    @classmethod
    def of(cls, table: Any) -> Table:
        return cls(tuple(reversed(table.deck)), tuple(table.drawn), tuple(tuple(c) for c in table.collections),
                   tuple(tuple(g) for g in table.gifts), tuple(table.discard),
                   tuple(WildState(w.card, w.owner, w.set, w.waiting) for w in table.wilds), table.over)

    def typed(self, card: int) -> int | None:
        """The set of a face-up Super Sock (None while it waits or when it is not face up)."""
        return next((w.set for w in self.wilds if w.card == card), None)

    def held_sets(self, seat: int) -> list[int]:
        """The Sock sets a seat's collection holds: its printed Socks' and its typed Super Socks'."""
        held = {CATALOGUE.card_sets[c] for c in self.collections[seat] if CATALOGUE.card_sets[c] is not None}
        held.update(w.set for w in self.wilds if w.owner == seat and w.set is not None)
        return sorted(n for n in held if n is not None)


@dataclass(frozen=True)
class Event:
    """One decision of the turn and the table when it was asked."""

    #: ``set`` (a Super Sock's set), ``passed``, ``gift`` or ``rescue``.
    kind: str
    #: What the engine offered (sets, or effect targets).
    options: tuple[Any, ...]
    #: What the move answered (a set, a receiver seat or None, an effect target or None).
    given: Any
    #: For ``set``: True for the kept card, False for the passed one.
    kept: bool | None
    table: Table


@dataclass
class Observed:
    """A move played through the engine's own turn: each decision and the table after the turn
    (before the next seat draws)."""

    events: list[Event] = field(default_factory=list)
    end: Table | None = None


def observe(state: State, move: Move) -> Observed:
    """Play ``move`` through the engine's turn (``engine._run_turn`` with the checker ``play``
    uses), recording the table at every decision. Raises IllegalMove as ``play`` does."""
    out = Observed()
    table = engine._Table.of(state)

    class Watch(engine._FromMove):
        def set_for(self, options: list[int], kept: bool) -> int | None:
            given = super().set_for(options, kept)
            out.events.append(Event("set", tuple(options), given, kept, Table.of(table)))
            return given

        def passed(self, receiver: int | None) -> None:
            super().passed(receiver)
            out.events.append(Event("passed", (), receiver, None, Table.of(table)))

        def effect(self, kind: Any, options: Sequence[Any], state: Any) -> Any:
            snapshot = Table.of(table)
            given = super().effect(kind, options, state)
            out.events.append(Event(kind, tuple(options), given, None, snapshot))
            return given

    engine._run_turn(table, Watch(move, state))
    out.end = Table.of(table)
    return out


# --- drawing ---------------------------------------------------------------------------------


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(label(c) for c in cards) or "-"


def draw_state(state: State) -> str:
    """A position, one line per pile and per seat."""
    lines = [f"deck (top first): {cards_text(state.deck)}", f"drawn: {cards_text(state.drawn)}"
             + (" (game over)" if state.over else f" by {state.names[state.current]}")]
    for seat, name in enumerate(state.names):
        wilds = [f"S in set {w.set}" if w.set is not None else f"S waiting ({w.waiting})"
                 for w in state.wilds if w.owner == seat]
        lines.append(f"{name}: collection {cards_text(state.collections[seat])}"
                     + (f" [{', '.join(wilds)}]" if wilds else "")
                     + f"; gifts {cards_text(state.gifts[seat])}")
    if state.discard:
        lines.append(f"discard: {cards_text(state.discard)}")
    return "\n".join(lines)


def state_json(state: State) -> dict[str, Any]:
    return {
        "players": list(state.names),
        "deck": [label(c) for c in state.deck],
        "drawn": [label(c) for c in state.drawn],
        "collections": {n: [label(c) for c in state.collections[s]] for s, n in enumerate(state.names)},
        "gifts": {n: [label(c) for c in state.gifts[s]] for s, n in enumerate(state.names)},
        "discard": [label(c) for c in state.discard],
        "super_socks": [{"owner": state.names[w.owner], "set": w.set, "waiting": w.waiting} for w in state.wilds],
        "to_move": state.names[state.current],
        "over": state.over,
    }


def move_data(state: State, move: Move) -> dict[str, Any]:
    """A move as a log's turn entry (``model.socks.log.move_json``)."""
    return move_json(state, move)


def move_text(state: State, move: Move) -> str:
    return json.dumps(move_json(state, move))
