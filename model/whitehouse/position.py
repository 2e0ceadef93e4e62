"""Position documents of the White House intern game: a table in the middle of a game, as JSON.

A position document is a game log without its moves::

    {"game": "whitehouse", "catalogue": "sample" | {...}, "shuffle_seed": 0, "rules": {...},
     "position": {...}}

Its ``position`` is the log format's mid-game position object (``PositionIn``): the rows, the
decks (their known cards, top first), every Active Hand, Locked Network (a legal arrangement) and
the Gridlocks, Lies and Deflection beside it, whose turn and which action, the direction of play
and the current round, plus what an action in progress still has to resolve (``pending``: a card
on its way into a hand, a row to refill, a played Distraction to put away), the reversals of the
round, how the game ended, and ``unseen``: how many face-down cards on top of each deck nobody
has seen.

``verify whitehouse replay LOG.json --at N`` writes the table after move N in this format
(``position_document``); ``verify whitehouse move`` reads it back (``load_position``). The two
hooks ``pending_steps``/``deck_order``/``settle`` are how ``model.whitehouse.io`` reads the keys
this module added to the position object, so a log that starts from a cut position replays the
same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from model.common.errors import InputError, join_path
from model.whitehouse.cards import DeckKind
from model.whitehouse.engine import Engine
from model.whitehouse.network.arrangement import Arrangement
from model.whitehouse.notation import card_name
from model.whitehouse.rules import rules_dict
from model.whitehouse.state import (
    KIND_INDEX,
    KIND_NAMES,
    SLOTS,
    Arrival,
    CardId,
    EndAction,
    Move,
    Play,
    PutAway,
    Refill,
    SharedWin,
    State,
    Step,
)

#: A card of one kind: ("supporter", 5), ("event", "E5"), ("distraction", "D20").
KindCard = tuple[DeckKind, CardId]


# --- reading the keys added to the position object (called by model.whitehouse.io) ------------------


def pending_steps(source: str, raw: dict[str, Any], position: Any,
                  claim: Callable[[DeckKind, Any, str], None]) -> tuple[Step, ...]:
    """The steps of ``position.pending``; the cards they carry are claimed (a card is in one
    place only)."""
    steps: list[Step] = []
    for index, step in enumerate(position.pending):
        path = join_path("position.pending", index)
        if step.step == "arrival":
            kind: DeckKind = "distraction" if step.kind == "deflection" else step.kind
            if step.stage == "more" and step.kind != "deflection":
                # During "more" the arrived card has locked in already: it lies in its receiver's
                # network (as the engine keeps it, and as replay --at writes it), not a second time.
                _check_locked_in(source, position, step, join_path(path, "card"))
            else:
                claim(kind, step.card, join_path(path, "card"))
            steps.append(Arrival(step.card, step.kind, step.receiver, step.source, step.stage,
                                 tuple(step.asked), step.liar, step.swap))
        elif step.step == "refill":
            steps.append(Refill(KIND_INDEX[step.row]))
        elif step.step == "put_away":
            claim("distraction", step.card, join_path(path, "card"))
            steps.append(PutAway(step.card))
        elif step.step == "shared_win":
            steps.append(SharedWin())
        else:
            steps.append(EndAction())
    return tuple(steps)


def _check_locked_in(source: str, position: Any, step: Any, path: str) -> None:
    """An arrival at stage ``more`` names a card its receiver has locked in (a receiver not at the
    table is refused with the step's other seats, by ``settle``)."""
    players = position.players
    if not 0 <= step.receiver < len(players):
        return
    cells = players[step.receiver].network
    if not any((cell.supporter if step.kind == "supporter" else cell.event) == step.card for cell in cells):
        raise InputError(source, path, f"at stage more {card_name(step.card)} has already locked in, so it lies in "
                                       f"player {step.receiver}'s network; it is not there")


def deck_order(source: str, position: Any, kind: str, given: list[Any], rest: list[Any]) -> tuple[Any, ...]:
    """One deck, top first. Without ``unseen`` the cards of ``decks`` come first and the cards
    the position places nowhere go below them in catalogue order; with ``unseen.<kind>`` those
    cards lie face down on top (nobody knows their order) and the known cards below them."""
    count = None if position.unseen is None else getattr(position.unseen, kind)
    if count is None:
        return tuple(given + rest)
    if count != len(rest):
        raise InputError(
            source, f"position.unseen.{kind}",
            f"{count} unseen cards, but the position places {len(rest)} {kind} cards nowhere "
            f"(the face-down top of the deck holds exactly those)",
        )
    return tuple(rest + given)


def settle(engine: Engine, source: str, position: Any, queue: tuple[Step, ...], state: State) -> State:
    """The table with the added keys (pending steps, reversals, the end, reshuffles) checked and
    set, as written: the caller resolves the steps that need no decision (``Engine.resolve``)."""
    n = len(state.players)

    def seat(value: int | None, path: str) -> None:
        if value is not None and value >= n:
            raise InputError(source, path, f"no player {value} at a table of {n}")

    for key in ("reversals", "winners", "claims"):
        for index, value in enumerate(getattr(position, key)):
            seat(value, join_path(join_path("position", key), index))
    for index, step in enumerate(queue):
        path = join_path("position.pending", index)
        if isinstance(step, Arrival):
            seat(step.receiver, join_path(path, "receiver"))
            seat(step.liar, join_path(path, "liar"))
            for i, asked in enumerate(step.asked):
                seat(asked, join_path(join_path(path, "asked"), i))
            _check_arrival(engine, source, path, state, step)
        if isinstance(step, EndAction) and index != len(queue) - 1:
            raise InputError(source, path, "end_action is the last step of an action")
    if queue and not isinstance(queue[-1], EndAction):
        raise InputError(source, "position.pending", "the steps of an action end with end_action")
    if position.ended == "seven" and not position.winners:
        raise InputError(source, "position.winners", "a game that ended with 7 Tricks has winners")
    if position.winners and position.ended != "seven":
        raise InputError(source, "position.ended", "a game with winners ended with 7 Tricks (\"seven\")")
    return dataclasses.replace(
        state, queue=queue, reversals=tuple(position.reversals), ended=position.ended,
        winners=tuple(position.winners), claims=tuple(position.claims), shuffles=position.shuffles,
    )


def _check_arrival(engine: Engine, source: str, path: str, state: State, step: Arrival) -> None:
    catalogue = engine.catalogue
    if step.kind == "deflection":
        if catalogue.distraction(str(step.card)).action.type != "deflection":
            raise InputError(source, join_path(path, "card"), f"{step.card} is not a Deflection")
        if step.stage in ("lock", "more"):
            raise InputError(source, join_path(path, "stage"), "a Deflection does not lock in")
    if step.stage == "block":
        if step.liar is None:
            raise InputError(source, join_path(path, "liar"), "stage block names the player who played Lies")
        # Lies are played before a card is added to *another* player's Active Hand, from below
        # the liar's own hand.
        if step.liar == step.receiver:
            raise InputError(source, join_path(path, "liar"),
                             f"player {step.liar} receives the card, and Lies are played on a card going to another "
                             f"player")
        if not state.players[step.liar].lies:
            raise InputError(source, join_path(path, "liar"),
                             f"player {step.liar} has no Lies card below their Active Hand")


# --- writing a position ---------------------------------------------------------------------------


def _arrangement_json(arrangement: Arrangement) -> list[dict[str, Any]]:
    return [{p.card.kind: p.card.id, "row": p.row, "col": p.col} for p in arrangement.normalized().placements]


def step_json(step: Step) -> dict[str, Any]:
    """One pending step as JSON (``PositionIn.pending``)."""
    if isinstance(step, Arrival):
        return {
            "step": "arrival", "card": step.card, "kind": step.kind, "receiver": step.receiver,
            "source": step.source, "stage": step.stage, "asked": list(step.asked), "liar": step.liar,
            "swap": step.swap,
        }
    if isinstance(step, Refill):
        return {"step": "refill", "row": KIND_NAMES[step.row]}
    if isinstance(step, PutAway):
        return {"step": "put_away", "card": step.card}
    return {"step": "shared_win" if isinstance(step, SharedWin) else "end_action"}


def reshuffled_deck(engine: Engine, state: State, move: Move) -> DeckKind | None:
    """The deck ``move`` reshuffles in ``state``: a reshuffle Distraction's; None for any other move."""
    if not isinstance(move, Play):
        return None
    played = state.rows[KIND_INDEX["distraction"]][SLOTS.index(move.slot)]
    if not isinstance(played, str):
        return None
    action = engine.catalogue.distraction(played).action
    return action.deck if action.type == "reshuffle" else None


def hidden_after_move(hidden: frozenset[KindCard], engine: Engine, before: State, move: Move,
                      after: State) -> frozenset[KindCard]:
    """The deck cards nobody has seen after ``move`` took ``before`` to ``after``: the ``hidden``
    ones still in their deck, and every card of a deck a reshuffle Distraction shuffled (nobody
    sees its new order); a card stops being hidden once it leaves its deck."""
    cards = set(hidden)
    deck = reshuffled_deck(engine, before, move)
    if deck is not None and after.shuffles > before.shuffles:
        cards |= {(deck, card) for card in before.decks[KIND_INDEX[deck]]}
    return frozenset((kind, card) for kind, card in cards if card in after.decks[KIND_INDEX[kind]])


def _unseen_tops(state: State, hidden: frozenset[KindCard]) -> dict[str, int]:
    """How many cards on top of each deck nobody has seen (a position's ``unseen``): hidden cards
    are always a deck's top, since known cards join a deck only at its bottom."""
    tops: dict[str, int] = {}
    for kind, deck in zip(KIND_NAMES, state.decks, strict=True):
        count = 0
        while count < len(deck) and (kind, deck[count]) in hidden:
            count += 1
        if count:
            tops[kind] = count
    return tops


def position_json(state: State, hidden: frozenset[KindCard] = frozenset()) -> dict[str, Any]:
    """The table as a ``position`` object that ``load_log`` reads back into the same table; the
    ``hidden`` cards on top of its decks are written as ``unseen`` counts, never by name."""
    tops = _unseen_tops(state, hidden)
    written = {
        "players": [
            {
                "supporters": list(p.supporters),
                "events": list(p.events),
                "network": _arrangement_json(p.network),
                "gridlocks": list(p.gridlocks),
                "lies": list(p.lies),
                "deflection": p.deflection,
            }
            for p in state.players
        ],
        "rows": {kind: list(row) for kind, row in zip(KIND_NAMES, state.rows, strict=True)},
        "decks": {kind: list(deck[tops.get(kind, 0):]) for kind, deck in zip(KIND_NAMES, state.decks, strict=True)},
        "current": state.current,
        "phase": state.phase,
        "direction": state.direction,
        "round_order": list(state.round_order),
        "turn": state.turn,
        "reversals": list(state.reversals),
        "pending": [step_json(step) for step in state.queue],
        "ended": state.ended,
        "winners": list(state.winners),
        "claims": list(state.claims),
        "shuffles": state.shuffles,
    }
    if tops:
        written["unseen"] = tops
    return written


def position_document(log: dict[str, Any], engine: Engine, state: State, note: str,
                      hidden: frozenset[KindCard] = frozenset()) -> dict[str, Any]:
    """A position document for ``state``, with the catalogue of the log document ``log``; the
    ``hidden`` deck cards (``hidden_after_move``) stay unseen in it."""
    return {
        "game": "whitehouse",
        "note": note,
        "catalogue": log.get("catalogue", "sample"),
        "shuffle_seed": state.shuffle_seed,
        "rules": rules_dict(engine.rules),
        "position": position_json(state, hidden),
    }


def cut_note(source: str, moves: int) -> str:
    """The ``note`` of a position cut from a log."""
    return f"the table after move {moves} of {Path(source).name}"
