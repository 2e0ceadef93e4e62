"""How a replayed or played White House intern game is reported: one JSON object, or text."""

from __future__ import annotations

from typing import Any

from model.whitehouse.log import Replay
from model.whitehouse.network.arrangement import SUPPORTER, WINNING_TRICKS, Arrangement
from model.whitehouse.rules import rules_dict
from model.whitehouse.state import KIND_NAMES, Arrival, State
from model.whitehouse.table import decider


def _arrangement_json(arrangement: Arrangement) -> list[dict[str, Any]]:
    return [{p.card.kind: p.card.id, "row": p.row, "col": p.col} for p in arrangement.normalized().placements]


def state_json(state: State) -> dict[str, Any]:
    """The table as JSON: every card's place, each player's proven Trick total, the winners."""
    head = state.queue[0] if state.queue else None
    waiting: dict[str, Any] | None = None
    if not state.ended:
        waiting = {"player": decider(state)}
        if isinstance(head, Arrival):
            waiting["decision"] = {"lies": "lies", "block": "block", "lock": "lock", "more": "lock"}[head.stage]
            waiting["card"] = head.card
        else:
            waiting["decision"] = state.phase
    return {
        "ended": state.ended,
        "winners": list(state.winners),
        "turn": state.turn,
        "current": state.current,
        "phase": state.phase,
        "direction": "counter-clockwise" if state.direction == 1 else "clockwise",
        "round_order": list(state.round_order),
        "waiting_for": waiting,
        "players": [
            {
                "player": seat,
                "tricks": p.tricks,
                "supporters": list(p.supporters),
                "events": list(p.events),
                "network": _arrangement_json(p.network),
                "gridlocks": list(p.gridlocks),
                "lies": list(p.lies),
                "deflection": p.deflection,
            }
            for seat, p in enumerate(state.players)
        ],
        "rows": {kind: list(row) for kind, row in zip(KIND_NAMES, state.rows, strict=False)},
        "decks": {kind: list(deck) for kind, deck in zip(KIND_NAMES, state.decks, strict=False)},
    }


def replay_json(result: Replay) -> dict[str, Any]:
    """The answer of ``verify whitehouse replay --json``."""
    illegal = result.illegal
    status = "illegal" if illegal else ("finished" if result.state.ended else "in_progress")
    return {
        "status": status,
        "moves_applied": result.applied,
        "illegal": None if illegal is None else {
            "index": illegal.index,
            "player": illegal.player,
            "move": illegal.move,
            "rule": illegal.rule,
            "rulebook": illegal.sentence,
            "reason": illegal.detail,
        },
        "state": state_json(result.state),
        "rules": rules_dict(result.engine.rules),
    }


def _card(card: Any) -> str:
    if card is None:
        return "-"
    return f"S{card}" if isinstance(card, int) else str(card)


def _grid(arrangement: Arrangement) -> list[str]:
    cells = arrangement.normalized().cells()
    if not cells:
        return []
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    width = max(len(_card(c.id if c.kind != SUPPORTER else c.id)) for c in cells.values()) + 1
    lines = []
    for r in range(rows):
        line = ""
        for c in range(cols):
            card = cells.get((r, c))
            line += (_card(card.id) if card else ".").ljust(width)
        lines.append("      " + line.rstrip())
    return lines


def waiting(state: State) -> str:
    head = state.queue[0] if state.queue else None
    if isinstance(head, Arrival):
        card = _card(head.card)
        return {
            "lies": f"play Lies against {card} or not",
            "block": f"block the Lies against {card} with a Deflection or not",
            "lock": f"lock {card} in or keep it",
            "more": f"lock more cards beside {card} or stop",
        }.get(head.stage, "decide")
    return f"take from the {state.phase} row"


def render_state(state: State) -> list[str]:
    """The table in plain text."""
    lines = []
    for seat, p in enumerate(state.players):
        extra = []
        if p.gridlocks:
            extra.append(f"gridlocks {' '.join(p.gridlocks)}")
        if p.lies:
            extra.append(f"lies {' '.join(p.lies)}")
        if p.deflection:
            extra.append(f"deflection {p.deflection}")
        hand = " ".join(_card(c) for c in p.supporters + p.events) or "(empty)"
        tail = f"; {', '.join(extra)}" if extra else ""
        noun = "Trick" if p.tricks == 1 else "Tricks"
        lines.append(f"  player {seat}: {p.tricks} {noun} (proven); hand {hand}{tail}")
        lines.extend(_grid(p.network))
    for kind, row in zip(KIND_NAMES, state.rows, strict=False):
        shown = " ".join(_card(c) for c in row)
        lines.append(f"  {kind} row (closest..furthest): {shown}; deck {len(state.decks[KIND_NAMES.index(kind)])}")
    return lines


def _winners(state: State) -> str:
    """Who won and with how many Tricks, said once: "player 2 made 7 Tricks", or, where the lock
    that won added several Tricks at once, "player 2 reached 7 Tricks (8 proven)"."""
    who = " and ".join(f"player {seat}" for seat in state.winners)
    totals = [state.players[seat].tricks for seat in state.winners]
    if all(total == WINNING_TRICKS for total in totals):
        return f"{who} made {WINNING_TRICKS} Tricks"
    return f"{who} reached {WINNING_TRICKS} Tricks ({' and '.join(map(str, totals))} proven)"


def render_replay(result: Replay) -> str:
    """The answer of ``verify whitehouse replay`` for a person."""
    state = result.state
    lines = []
    if result.illegal:
        bad = result.illegal
        lines.append(f"ILLEGAL move {bad.index} (player {bad.player}): {bad.detail}")
        lines.append(f"  rule {bad.rule}: \"{bad.sentence}\"")
        lines.append(f"  after {result.applied} legal moves the table was:")
    elif state.ended == "seven":
        lines.append(f"{_winners(state)} and won on turn {state.turn} ({result.applied} moves, all legal)")
    elif state.ended == "turn_limit":
        lines.append(f"no winner: the turn limit ({result.engine.rules.turn_limit}) came first "
                     f"({result.applied} moves, all legal)")
    else:
        order = ", ".join(str(seat) for seat in state.round_order)
        direction = "counter-clockwise" if state.direction == 1 else "clockwise"
        lines.append(f"game in progress after {result.applied} legal moves: turn {state.turn}, "
                     f"player {decider(state)} to {waiting(state)}")
        lines.append(f"  this round's order of play: {order} ({direction})")
    lines.extend(render_state(state))
    return "\n".join(lines) + "\n"
