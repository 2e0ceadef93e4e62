"""Why a move is illegal: the first rule it breaks, with the rulebook's sentence.

Called only for a move that ``Engine.legal_moves`` does not list; it never decides legality on its
own (the legal-move list does), it only names the rule. It reads the engine through ``Referee``
(the engine passes itself), so this module does not import the engine.
"""

from __future__ import annotations

from typing import Protocol

from model.whitehouse.cards import Catalogue
from model.whitehouse.notation import card_name, move_text
from model.whitehouse.rules import IllegalMove, RuleName, WhitehouseRules
from model.whitehouse.state import (
    KIND_INDEX,
    SLOTS,
    AcceptLies,
    Arrival,
    BlockLies,
    CardId,
    Choice,
    D,
    Keep,
    Lock,
    LockHand,
    Move,
    NoLies,
    Pass,
    Phase,
    Play,
    Player,
    PlayLies,
    State,
    Take,
    kind_of,
)
from model.whitehouse.table import COST, decider, remove_from_hand


class Referee(Protocol):
    """What the judge reads of the engine."""

    @property
    def catalogue(self) -> Catalogue: ...

    @property
    def rules(self) -> WhitehouseRules: ...

    def matches(self, a: CardId, b: CardId) -> bool: ...

    def choices(self, state: State, seat: int, paid: Player, card: str) -> list[Choice]: ...


PHASE_RULE: dict[Phase, RuleName] = {
    "supporter": "take-supporter", "event": "take-event", "distraction": "take-distraction",
}


def decision_name(state: State) -> str:
    """The decision the game waits for, in words: "whether to play Lies", "the event action", ..."""
    head = state.queue[0] if state.queue else None
    if isinstance(head, Arrival):
        return {
            "lies": "whether to play Lies",
            "block": "whether to block the Lies with a Deflection",
            "lock": f"whether to lock in {card_name(head.card)}",
            "more": f"whether to lock more cards beside {card_name(head.card)}",
        }.get(head.stage, "a decision")
    return f"the {state.phase} action"


def judge(engine: Referee, state: State, move: Move, player: int | None) -> IllegalMove:
    """The first rule ``move`` (made by seat ``player``, if given) breaks in ``state``."""
    if state.ended:
        return IllegalMove("game-over", "the game is over")
    waiting = decider(state)
    if player is not None and player != waiting:
        rule: RuleName = "decision" if state.queue else "turn-order"
        return IllegalMove(
            rule, f"the game waits for player {waiting} ({decision_name(state)}), not player {player}"
        )
    head = state.queue[0] if state.queue else None
    if isinstance(head, Arrival):
        return _judge_answer(engine, state, head, move)
    if isinstance(move, (PlayLies, NoLies, BlockLies, AcceptLies, Lock, Keep)):
        return IllegalMove("decision", f"no card is arriving: the game waits for {decision_name(state)}")
    me = state.players[state.current]
    if isinstance(move, LockHand):
        if engine.rules.lock_from_hand != "own_turn":
            return IllegalMove("lock-hand", f"under lock_from_hand={engine.rules.lock_from_hand} hand cards lock "
                               "only when a card arrives")
        return _judge_lock_cards(engine, me, move.cards)
    if isinstance(move, Pass):
        return IllegalMove("pass", f"a card of the {state.phase} row is within reach")
    if isinstance(move, Take) and move.row != state.phase or isinstance(move, Play) and state.phase != "distraction":
        return IllegalMove(PHASE_RULE[state.phase], f"this action takes from the {state.phase} row")
    if not isinstance(move, (Take, Play)):
        return IllegalMove("move-shape", f"{type(move).__name__} is not a move of this game")
    if move.slot not in SLOTS:
        return IllegalMove("move-shape", f"slot {move.slot} is not closest, middle or furthest")
    row = KIND_INDEX[state.phase]
    if state.rows[row][SLOTS.index(move.slot)] is None:
        return IllegalMove("empty-slot", f"the {move.slot} slot of the {state.phase} row is empty")
    cost = COST[move.slot]
    if len(move.discards) != cost:
        plural = "discard" if cost == 1 else "discards"
        return IllegalMove("take-cost", f"the {move.slot} card costs {cost} {plural}, not {len(move.discards)}")
    if len(set(move.discards)) != len(move.discards):
        return IllegalMove("take-cost", "the same card is discarded twice")
    for card in move.discards:
        if not me.holds(card):
            return IllegalMove("take-cost", f"{card_name(card)} is not in your Active Hand, so it cannot pay the cost")
        if isinstance(move, Take) and kind_of(card) != move.row:
            return IllegalMove("discard-kind",
                               f"{card_name(card)} is not a {move.row}: the cost is paid in {move.row}s")
    if isinstance(move, Play) and cost == 2 and not engine.rules.mixed_distraction_cost:
        if kind_of(move.discards[0]) != kind_of(move.discards[1]):
            return IllegalMove("mixed-cost", "under mixed_distraction_cost=false the two discards must be of one kind")
    if isinstance(move, Take):
        # Every Take that gets here pays its cost with its own row's cards: the engine lists it.
        return IllegalMove(PHASE_RULE[state.phase], f"{move_text(move)} is not legal here")
    return _judge_play(engine, state, move)


def _judge_play(engine: Referee, state: State, move: Play) -> IllegalMove:
    seat = state.current
    card = state.rows[D][SLOTS.index(move.slot)]
    assert card is not None, "an empty slot is refused before"
    action = engine.catalogue.distraction(card).action
    paid = state.players[seat]
    for c in move.discards:
        paid = remove_from_hand(paid, c)
    choices = engine.choices(state, seat, paid, card)
    given = {k: v for k, v in (("target", move.target), ("card", move.card), ("give", move.give)) if v is not None}
    n = len(state.players)
    if "target" in given and (not isinstance(move.target, int) or not 0 <= move.target < n or move.target == seat):
        rule: RuleName = "gridlock-target" if action.type == "gridlock" else "distraction-choice"
        return IllegalMove(rule, f"player {move.target} is not another player at this table")
    if choices == [{}] and given:
        return IllegalMove("move-shape", f"{action.describe()} takes no choice here ({', '.join(given)} given)")
    if not given and choices != [{}]:
        return IllegalMove("fizzle", f"{action.describe()} can be completed, so it does not fizzle: choose how")
    owner = state.players[move.target] if move.target is not None else paid
    for field, holder in (("card", owner), ("give", paid)):
        value = given.get(field)
        if value is None or action.type == "take_row" and field == "card":
            continue
        placed = {p.card.id for p in holder.network.placements}
        if value in placed and type(value) in (int, str):
            return IllegalMove("locked-network", f"{card_name(value)} is in a Locked Network")
        if not holder.holds(value):
            return IllegalMove("distraction-choice", f"{card_name(value)} is not in that Active Hand")
        if action.kind and kind_of(value) != action.kind:
            return IllegalMove("distraction-choice", f"{card_name(value)} is not a {action.kind}")
    if action.type == "take_row" and action.row is not None and move.card not in state.rows[KIND_INDEX[action.row]]:
        return IllegalMove("distraction-choice", f"{card_name(move.card)} is not in the {action.row} row")
    return IllegalMove("distraction-choice", f"{action.describe()}: this choice is not one the card allows")


def _judge_answer(engine: Referee, state: State, head: Arrival, move: Move) -> IllegalMove:
    if head.stage == "lies":
        return IllegalMove("decision", f"the game waits for {decision_name(state)}; answer lies or no_lies")
    if head.stage == "block":
        return IllegalMove("lies-block", "the Lies was played: answer block or accept")
    if not isinstance(move, (Lock, Keep)):
        return IllegalMove("decision", f"the game waits for {decision_name(state)}; answer lock or keep")
    player = state.players[head.receiver]
    if isinstance(move, Keep):
        return IllegalMove("lock-required", f"under lock_optional=false {card_name(head.card)}, taken from a row, "
                           "can lock in and must")
    if head.stage == "more":
        if move.with_card is None:
            return IllegalMove("lock-count", "name the hand card that locks beside the new card")
        return _judge_lock_cards(engine, player, (move.with_card,), beside=head.card)
    if move.with_card is None:
        if not engine.rules.single_lock:
            return IllegalMove("lock-single", f"under single_lock=false {card_name(head.card)} does not lock in alone: "
                               "only a matching pair locks in")
        return _judge_lock_cards(engine, player, (head.card,), arriving=True)
    if not player.holds(move.with_card):
        return IllegalMove("lock-hand", f"{card_name(move.with_card)} is not in the Active Hand")
    return _judge_lock_cards(engine, player, (head.card, move.with_card), arriving=True)


def _judge_lock_cards(
    engine: Referee, player: Player, cards: tuple[CardId, ...], beside: CardId | None = None, arriving: bool = False
) -> IllegalMove:
    hand_cards = cards[1:] if arriving else cards
    names = [card_name(card) for card in cards]
    for card in hand_cards:
        if not player.holds(card):
            return IllegalMove("lock-hand", f"{card_name(card)} is not in the Active Hand")
    if len(cards) == 2 and not engine.matches(*cards):
        return IllegalMove("lock-match", f"{names[0]} and {names[1]} do not match")
    if len(cards) == 1:
        if beside is not None and not engine.matches(cards[0], beside):
            return IllegalMove("lock-match", f"{names[0]} does not match {card_name(beside)}")
        if not any(engine.matches(cards[0], p.card.id) for p in player.network.placements):
            return IllegalMove("lock-single", f"no card in the network matches {names[0]}")
    # Without every_card_matched a single matching card always finds a place (``tricks.line_entry``)
    # and a matching pair always does: only that option keeps a card out.
    under = "under every_card_matched=true " if engine.rules.tricks.every_card_matched else ""
    return IllegalMove("lock-entry", f"{under}{' and '.join(names)} cannot enter the network")
