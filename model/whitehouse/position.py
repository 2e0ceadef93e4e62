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
hooks ``pending_steps``/``deck_order``/``settle`` are how ``model.whitehouse.log`` reads the keys
this module added to the position object, so a log that starts from a cut position replays the
same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from model.common.errors import InputError, join_path
from model.whitehouse.cards import KINDS
from model.whitehouse.engine import Engine
from model.whitehouse.network.arrangement import WINNING_TRICKS, Arrangement, TricksRules
from model.whitehouse.rules import rules_dict, whitehouse_rules
from model.whitehouse.state import (
    KIND_INDEX,
    KIND_NAMES,
    Arrival,
    CardId,
    EndAction,
    PutAway,
    Refill,
    SharedWin,
    State,
    Step,
)
from model.whitehouse.tricks import TrickOracle

#: A card of one kind: ("supporter", 5), ("event", "E5"), ("distraction", "D20").
KindCard = tuple[str, CardId]


# --- reading the keys added to the position object (called by model.whitehouse.log) -----------------


def pending_steps(source: str, raw: dict[str, Any], position: Any,
                  claim: Callable[[str, Any, str], None]) -> tuple[Step, ...]:
    """The steps of ``position.pending``; the cards they carry are claimed (a card is in one
    place only)."""
    steps: list[Step] = []
    for index, step in enumerate(position.pending):
        path = join_path("position.pending", index)
        if step.step == "arrival":
            kind = "distraction" if step.kind == "deflection" else step.kind
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
    set; steps that need no decision are then resolved as the engine would."""
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
    state = dataclasses.replace(
        state, queue=queue, reversals=tuple(position.reversals), ended=position.ended,
        winners=tuple(position.winners), claims=tuple(position.claims), shuffles=position.shuffles,
    )
    if queue:
        state = engine._advance(state)
    return state


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
        if step.liar == step.receiver or not state.players[step.liar].lies:
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


def position_json(state: State) -> dict[str, Any]:
    """The table as a ``position`` object that ``load_log`` reads back into the same table."""
    return {
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
        "decks": {kind: list(deck) for kind, deck in zip(KIND_NAMES, state.decks, strict=True)},
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


def position_document(log: dict[str, Any], engine: Engine, state: State, note: str) -> dict[str, Any]:
    """A position document for ``state``, with the catalogue of the log document ``log``."""
    return {
        "game": "whitehouse",
        "note": note,
        "catalogue": log.get("catalogue", "sample"),
        "shuffle_seed": state.shuffle_seed,
        "rules": rules_dict(engine.rules),
        "position": position_json(state),
    }


def cut_note(source: str, moves: int) -> str:
    """The ``note`` of a position cut from a log."""
    return f"the table after move {moves} of {Path(source).name}"


# --- reading a position document --------------------------------------------------------------------


@dataclass(frozen=True)
class LoadedPosition:
    """A position document, read."""

    #: The engine (catalogue, rules, Trick oracle).
    engine: Engine
    #: The table.
    state: State
    #: The cards of the decks nobody has seen (the face-down tops given by ``unseen``).
    hidden: frozenset[KindCard]
    #: Why the position's game is over though it does not say so (a player already has 7 Tricks).
    over: str | None = None


def _placed(position: dict[str, Any]) -> Iterator[KindCard]:
    """Every card the position document places (hands, networks, beside hands, rows, listed deck
    cards, pending steps)."""
    for player in position.get("players", []):
        for card in player.get("supporters", []):
            yield "supporter", card
        for card in player.get("events", []):
            yield "event", card
        for cell in player.get("network", []):
            if cell.get("supporter") is not None:
                yield "supporter", cell["supporter"]
            if cell.get("event") is not None:
                yield "event", cell["event"]
        for key in ("gridlocks", "lies"):
            for card in player.get(key, []):
                yield "distraction", card
        if player.get("deflection") is not None:
            yield "distraction", player["deflection"]
    for kind in KIND_NAMES:
        for card in position.get("rows", {}).get(kind, []):
            if card is not None:
                yield kind, card
        for card in position.get("decks", {}).get(kind, []):
            yield kind, card
    for step in position.get("pending", []):
        if step.get("step") == "arrival":
            yield ("distraction" if step["kind"] == "deflection" else step["kind"]), step["card"]
        elif step.get("step") == "put_away":
            yield "distraction", step["card"]


def _check_beside_hands(source: str, engine: Engine, state: State) -> None:
    """Only a Gridlock sits in the space before a network, only Lies below a hand, only a
    Deflection above it."""
    for seat, player in enumerate(state.players):
        base = join_path("position.players", seat)
        for key, wanted, cards in (("gridlocks", "gridlock", player.gridlocks), ("lies", "lies", player.lies),
                                   ("deflection", "deflection", (player.deflection,))):
            for index, card in enumerate(cards):
                if card is None:
                    continue
                if engine.catalogue.distraction(card).action.type != wanted:
                    path = join_path(base, key) if key == "deflection" else join_path(join_path(base, key), index)
                    raise InputError(source, path, f"{card} is not a {wanted.capitalize()} card")


def typed_rule_flags(flags: dict[str, str]) -> dict[str, Any]:
    """``--rule NAME=VALUE`` flags checked and typed (a bad flag is bad input of ``--rule``)."""
    if not flags:
        return {}
    chosen = rules_dict(whitehouse_rules(flags, "--rule", ""))
    return {name: chosen[name] for name in flags}


def load_position(source: str, data: Any, oracle: Callable[[TricksRules], TrickOracle],
                  flags: dict[str, str] | None = None) -> LoadedPosition:
    """Read a position document; ``flags`` (``--rule``) win over its ``rules``. Every refusal is
    an ``InputError`` naming the JSON path."""
    from model.whitehouse.log import load_log

    if not isinstance(data, dict):
        raise InputError(source, "", "a position document is a JSON object")
    if data.get("moves"):
        raise InputError(source, "moves", "a position document holds no moves (cut a log with replay --at N)")
    if "position" not in data:
        raise InputError(source, "position", "required key is missing (the table the question is about)")
    typed = typed_rule_flags(flags or {})
    if typed and isinstance(data.get("rules", {}), dict):
        data = {**data, "rules": {**data.get("rules", {}), **typed}}
    loaded = load_log(source, data, oracle)
    engine, state = loaded.engine, loaded.start
    _check_beside_hands(source, engine, state)
    raw = data["position"]
    hidden: set[KindCard] = set()
    unseen = raw.get("unseen") or {}
    placed = set(_placed(raw))
    for kind in KINDS:
        if unseen.get(kind):
            hidden |= {(kind, card) for card in engine.catalogue.ids(kind) if (kind, card) not in placed}
    over = None
    if not state.ended:
        at_seven = [s for s, p in enumerate(state.players) if p.tricks >= WINNING_TRICKS and s not in state.claims]
        if at_seven:
            who = " and ".join(f"player {s}" for s in at_seven)
            over = f"{who} already made {WINNING_TRICKS} Tricks"
            state = dataclasses.replace(state, ended="seven", winners=tuple(at_seven), queue=())
    return LoadedPosition(engine, state, frozenset(hidden), over)
