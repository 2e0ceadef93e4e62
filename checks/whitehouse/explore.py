"""Small White House intern tables for the exhaustive checks, and the search over every game they
lead to through the engine's own ``legal_moves`` and ``apply``.

The tables use a small catalogue of their own (``CATALOGUE``): six Supporters, seven Events with
short listings, and Distractions of every action type, so that the Locked Networks stay tiny and
the real Trick oracle (``solver.network.oracle.trick_oracle``) proves each total at once. Every
table is a state the engine accepts (each card in exactly one place, networks laid out legally
by the oracle).
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from checks.core import Context, TimeUp
from checks.result import Counterexample
from model.common.errors import OutOfTime
from model.whitehouse.cards import Action, Catalogue, Distraction
from model.whitehouse.engine import Engine
from model.whitehouse.network.arrangement import SUPPORTER, Event, Network, Supporter
from model.whitehouse.state import Arrival, Move, Player, PutAway, State
from model.whitehouse.table import decider
from solver.network.oracle import trick_oracle

#: Events and the Supporters they list. S1 is listed on A, B, C and D (a star of 4 Tricks); S2 on
#: A and B, S3 on C and D, so that S1 S2 A B C D make 6 Tricks and S3 brings 8.
EVENTS: dict[str, frozenset[int]] = {
    "A": frozenset({1, 2}), "B": frozenset({1, 2}), "C": frozenset({1, 3}), "D": frozenset({1, 3}),
    "E": frozenset({4, 5}), "F": frozenset({5, 6}), "G": frozenset({2, 4}),
}
#: Distractions by ID: two or more of each type the tables need.
DISTRACTIONS: dict[str, Action] = {
    "R1": Action("reverse"), "R2": Action("reverse"), "R3": Action("reverse"), "R4": Action("reverse"),
    **{f"X{i}": Action("reshuffle", deck="supporter") for i in range(1, 9)},
    "G1": Action("gridlock"), "G2": Action("gridlock"), "G3": Action("gridlock"),
    "L1": Action("lies"), "L2": Action("lies"), "F1": Action("deflection"), "F2": Action("deflection"),
    "T1": Action("steal", kind="supporter"), "T2": Action("steal", kind="event"),
    "W1": Action("swap", kind="supporter"), "W2": Action("swap", kind="event"),
    "M1": Action("force_move", kind="supporter", to="deck"), "M2": Action("force_move", kind="event", to="next_player"),
    "K1": Action("take_row", row="supporter"), "K2": Action("take_row", row="event"),
    "N1": Action("draw", deck="event", count=2), "N2": Action("draw", deck="supporter", count=1),
    "O1": Action("remove_own", kind="supporter"), "O2": Action("remove_own", kind="event"),
    "H1": Action("reshuffle", deck="distraction"),
}
CATALOGUE = Catalogue(
    supporters=tuple(Supporter(n) for n in range(1, 7)),
    events=tuple(Event(e, listed) for e, listed in EVENTS.items()),
    distractions=tuple(Distraction(d, d, action) for d, action in DISTRACTIONS.items()),
    name="checks",
)


def engine(rules: Any) -> Engine:
    """A fresh engine on the checks' catalogue with the real Trick oracle (fresh, so that a
    patched rule function is the one it runs)."""
    return Engine(CATALOGUE, rules, trick_oracle(rules.tricks))


@dataclass(frozen=True)
class Seat:
    """One player's cards, as written in a table below."""

    network: tuple[int | str, ...] = ()
    supporters: tuple[int, ...] = ()
    events: tuple[str, ...] = ()
    gridlocks: tuple[str, ...] = ()
    lies: tuple[str, ...] = ()
    deflection: str | None = None


def player(referee: Engine, seat: Seat) -> Player:
    """The Player of ``seat``, its network laid out on a best arrangement by the oracle."""
    cards = seat.network
    network = Network(tuple(Supporter(c) for c in cards if isinstance(c, int)),
                      tuple(Event(c, EVENTS[c]) for c in cards if isinstance(c, str)))
    try:
        total = referee.oracle.total(network)
    except Exception as error:  # the engine's Trick oracle failing on a table is a finding
        raise TableFailed(seat, error) from error
    return Player(seat.supporters, seat.events, total.arrangement, total.tricks, seat.gridlocks, seat.lies,
                  seat.deflection)


def table(referee: Engine, seats: Iterable[Seat], decks: tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]],
          rows: tuple[tuple[int | None, int | None, int | None], tuple[str | None, str | None, str | None],
                      tuple[str | None, str | None, str | None]],
          current: int = 0, phase: str = "supporter", direction: int = 1) -> State:
    """A table at the start of ``current``'s action ``phase``, the round starting with them."""
    players = tuple(player(referee, s) for s in seats)
    n = len(players)
    order = tuple((current + direction * i) % n for i in range(n))
    return State(catalogue=CATALOGUE, rules=referee.rules, players=players, decks=decks, rows=rows,
                 current=current, phase=phase, direction=direction, round_order=order)  # type: ignore[arg-type]


# --- where every card is -------------------------------------------------------------------------


def places(state: State) -> Counter[tuple[str, int | str]]:
    """How many times each card (by deck kind and ID) lies anywhere on the table: decks, rows,
    Active Hands, Locked Networks, Gridlocks, Lies, Deflections, and the cards on their way (a
    card arriving, a played Distraction still to be put away)."""
    seen: Counter[tuple[str, int | str]] = Counter()
    kinds = ("S", "E", "D")
    for index in range(3):
        cards: tuple[int | str, ...] = state.decks[index]
        seen.update((kinds[index], c) for c in cards)
    for index, row in enumerate(state.rows):
        seen.update((kinds[index], c) for c in row if c is not None)
    for p in state.players:
        seen.update(("S", c) for c in p.supporters)
        seen.update(("E", c) for c in p.events)
        for placed in p.network.placements:
            seen[("S" if placed.card.kind == SUPPORTER else "E", placed.card.id)] += 1
        seen.update(("D", c) for c in p.gridlocks + p.lies)
        if p.deflection is not None:
            seen[("D", p.deflection)] += 1
    for step in state.queue:
        # During "more" the arrived card already sits in the network.
        if isinstance(step, Arrival) and step.stage != "more":
            seen[({"supporter": "S", "event": "E", "deflection": "D"}[step.kind], step.card)] += 1
        elif isinstance(step, PutAway):
            seen[("D", step.card)] += 1
    return seen


# --- every game from a table ---------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One transition the engine made: a state, a legal move in it, the state after."""

    before: State
    move: Move
    after: State
    #: The moves that led from the table to ``before``.
    path: tuple[Move, ...]


def games(ctx: Context, referee: Engine, start: State, depth: int) -> Iterator[Step]:
    """Every transition of every game from ``start`` of at most ``depth`` decisions, each state
    expanded once (breadth first): each legal move (``legal_moves``) applied with ``apply``."""
    seen = {start}
    frontier: list[tuple[State, tuple[Move, ...]]] = [(start, ())]
    for _ in range(depth):
        following: list[tuple[State, tuple[Move, ...]]] = []
        for state, path in frontier:
            if time.perf_counter() > ctx.deadline:
                raise TimeUp(f"time limit of {ctx.time_limit:g} s reached")
            for move in legal(referee, state, path):
                after = apply(referee, state, move, path)
                yield Step(state, move, after, path)
                if after not in seen:
                    seen.add(after)
                    following.append((after, path + (move,)))
        frontier = following


class EngineFailed(Exception):
    """The engine raised an error on a state of the domain (or on a legal move in it)."""

    def __init__(self, state: State, move: Move | None, path: tuple[Move, ...], error: Exception) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.state, self.move, self.path, self.error = state, move, path, error


class TableFailed(Exception):
    """The engine's Trick oracle failed on the network of a table's seat."""

    def __init__(self, seat: Seat, error: Exception) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.seat, self.error = seat, error


def legal(referee: Engine, state: State, path: tuple[Move, ...] = ()) -> list[Move]:
    """``referee.legal_moves(state)``; an error of the engine raised as EngineFailed."""
    try:
        return referee.legal_moves(state)
    except OutOfTime as stop:
        raise TimeUp(f"a Trick total was not proved in time: {stop}") from None
    except Exception as error:  # the engine failing is a finding, reported as one
        raise EngineFailed(state, None, path, error) from error


def apply(referee: Engine, state: State, move: Move, path: tuple[Move, ...] = ()) -> State:
    """``referee.apply(state, move)``; an error of the engine raised as EngineFailed."""
    try:
        return referee.apply(state, move)
    except OutOfTime as stop:
        raise TimeUp(f"a Trick total was not proved in time: {stop}") from None
    except Exception as error:  # a legal move the engine cannot apply is a finding
        raise EngineFailed(state, move, path, error) from error


def reporting_failures(check: Callable[[Context], Counterexample | None]) -> Callable[[Context], Counterexample | None]:
    """``check``, with an engine that fails on the domain reported as a counterexample."""

    @functools.wraps(check)
    def checked(ctx: Context) -> Counterexample | None:
        try:
            return check(ctx)
        except TableFailed as failed:
            return Counterexample({"network": list(failed.seat.network)},
                                  f"a Locked Network of {' '.join(map(str, failed.seat.network))}",
                                  f"the engine's Trick oracle fails on it: {failed}", True)
        except EngineFailed as failed:
            state = state_json(failed.state)
            state["path"] = [show_move(m) for m in failed.path]
            doing = "listing the legal moves" if failed.move is None else f"applying {show_move(failed.move)}"
            if failed.move is not None:
                state["move"] = show_move(failed.move)
            return Counterexample(state, draw_state(failed.state) + f"\n{doing}",
                                  f"the engine fails {doing}: {failed}", True)

    return checked


def draw_state(state: State) -> str:
    """The table in a few lines: decks and rows, then each player."""
    names = ("Supporter", "Event", "Distraction")
    lines = []
    for index, name in enumerate(names):
        deck = " ".join(map(str, state.decks[index])) or "empty"
        row = " ".join("__" if c is None else str(c) for c in state.rows[index])
        lines.append(f"{name} deck (top first): {deck}; row (closest..furthest): {row}")
    for seat, p in enumerate(state.players):
        network = " ".join(str(pl.card.id) for pl in p.network.placements) or "empty"
        extra = "".join(f"; {label} {' '.join(cards)}" for label, cards in
                        (("Gridlocks", p.gridlocks), ("Lies", p.lies)) if cards)
        extra += f"; Deflection {p.deflection}" if p.deflection else ""
        lines.append(f"player {seat}: hand {' '.join(map(str, p.supporters + p.events)) or 'empty'}; network "
                     f"{network} ({p.tricks} Tricks){extra}")
    head = state.queue[0] if state.queue else None
    if isinstance(head, Arrival):
        lines.append(f"player {state.current} to play, {state.phase} action; {head.kind} {head.card} arriving "
                     f"for player {head.receiver} ({head.stage}), player {decider(state)} to decide")
    else:
        lines.append(f"player {state.current} to play, {state.phase} action")
    return "\n".join(lines)


def show_move(move: Move) -> str:
    fields = {k: v for k, v in move.__dict__.items() if v not in (None, ())}
    return f"{type(move).__name__}({', '.join(f'{k}={v!r}' for k, v in fields.items())})"


def state_json(state: State) -> dict[str, Any]:
    return {
        "decks": [list(d) for d in state.decks], "rows": [list(r) for r in state.rows],
        "players": [{"supporters": list(p.supporters), "events": list(p.events),
                     "network": [p.card.id for p in p.network.placements], "tricks": p.tricks,
                     "gridlocks": list(p.gridlocks), "lies": list(p.lies), "deflection": p.deflection}
                    for p in state.players],
        "current": state.current, "phase": state.phase, "direction": state.direction,
        "round_order": list(state.round_order), "queue": [repr(s) for s in state.queue],
    }



