"""Which rule option decided that a move is illegal: under another value of that option alone the
same move, after the same step, is legal.

A refusal names the rule the move breaks in the table it meets. Where a rule option made that
table what it is, the bare reason misleads: under single_lock=false a Supporter taken from a row
that could only lock in alone goes straight into the Active Hand, so a "lock" that follows is told
"no card is arriving". The reason then says "under single_lock=false ...". The option is found by
asking again under each other value of each option, one option at a time (as the option matrix
does), from the table before the step that led here: the previous move, or the resolving of the
steps a written position left pending.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from model.common.errors import OutOfTime
from model.whitehouse.engine import Engine
from model.whitehouse.judge import decision_name
from model.whitehouse.network.arrangement import TRICKS_OPTIONS
from model.whitehouse.notation import card_name
from model.whitehouse.rules import WHITEHOUSE_OPTIONS, IllegalMove, rules_dict, whitehouse_rules
from model.whitehouse.state import KIND_NAMES, Arrival, CardId, Move, State
from model.whitehouse.table import decider


@dataclass(frozen=True)
class Lead:
    """The step that led to the table a move is judged in."""

    #: The table before that step.
    before: State
    #: The move made there (with ``seat``), or None: the written position's pending steps were
    #: resolved.
    move: Move | None = None
    #: The seat that made ``move``.
    seat: int | None = None


def value_text(value: Any) -> str:
    """An option's value as ``--rule`` writes it: true, false, top_up, 500."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _alternatives(engine: Engine) -> Iterator[tuple[str, Any, Engine]]:
    """Each other value of each option, with an engine under rules that differ in that alone."""
    current = rules_dict(engine.rules)
    for option in WHITEHOUSE_OPTIONS + TRICKS_OPTIONS:
        for value, _meaning in option.values:
            if value == current[option.name]:
                continue
            rules = whitehouse_rules({**current, option.name: value}, "rules")
            yield option.name, value, Engine(engine.catalogue, rules, engine.oracle.under(rules.tricks))


def _table_under(other: Engine, state: State, lead: Lead | None) -> State:
    """The table the move would meet under ``other``'s rules: the lead's step taken again under
    them, or (with no lead, or one those rules refuse) the same table."""
    if lead is not None:
        before = dataclasses.replace(lead.before, rules=other.rules)
        try:
            return other.resolve(before) if lead.move is None else other.apply(before, lead.move, lead.seat)
        except IllegalMove:
            pass
    return dataclasses.replace(state, rules=other.rules)


def _where(state: State, card: CardId) -> str:
    """Where ``card`` lies now, in words."""
    for seat, player in enumerate(state.players):
        if player.holds(card):
            return f"went into player {seat}'s Active Hand"
        if any(p.card.id == card for p in player.network.placements):
            return f"went into player {seat}'s Locked Network"
    for kind, deck in zip(KIND_NAMES, state.decks, strict=True):
        if card in deck:
            return f"went to the {kind} deck"
    return "was dealt with"


def deciding_reason(engine: Engine, state: State, move: Move, seat: int | None, refusal: IllegalMove,
                    lead: Lead | None = None) -> str | None:
    """The reason for ``refusal`` (of ``move`` by ``seat`` in ``state``) that names the option
    deciding it, or None when no single option's other value makes the move legal."""
    current = rules_dict(engine.rules)
    for name, value, other in _alternatives(engine):
        try:
            there = _table_under(other, state, lead)
            legal = (seat is None or seat == decider(there)) and other.is_legal(there, move)
        except (IllegalMove, OutOfTime):
            continue
        if legal:
            under = f"under {name}={value_text(current[name])}"
            return f"{_worded(under, name, state, there, refusal)}; under {name}={value_text(value)} this move is legal"
    return None


def _worded(under: str, name: str, state: State, there: State, refusal: IllegalMove) -> str:
    """Why the move is refused ``under`` the option's value, where ``there`` is the table it would
    meet under the other value: the decision the game waits for, when the two differ (and where
    the card that would be arriving went instead), else the refusal's own detail."""
    if _waiting(state) == _waiting(there):
        return refusal.detail if f"under {name}=" in refusal.detail else f"{under} {refusal.detail}"
    head, now = (there.queue[0] if there.queue else None), (state.queue[0] if state.queue else None)
    if isinstance(head, Arrival) and not (isinstance(now, Arrival) and now.card == head.card):
        under += f" {card_name(head.card)} {_where(state, head.card)}, so"
    if state.ended:
        return f"{under} the game is over: nobody decides {decision_name(there)}"
    there_what = decision_name(there)
    if decider(there) != decider(state):
        there_what = f"player {decider(there)} ({there_what})"
    return f"{under} the game waits for player {decider(state)} ({decision_name(state)}), not for {there_what}"


def _waiting(state: State) -> tuple[int | None, str]:
    """Whom the game waits for, and for what."""
    return decider(state), "" if state.ended else decision_name(state)
