""""May I do that?": one move judged in a position, or every legal move there, with what it does.

``ask_move`` answers whether a move is legal (and if not, the rule it breaks with the rulebook's
sentence); ``list_moves`` lists every legal move, grouped by action, each with its cost (the cards
discarded), what it locks or may lock (with the Trick total after, when the engine knows it) and
what it leaves to a card nobody has seen (a draw from the face-down top of a deck, or from a deck
just reshuffled). Legality is the engine's alone (``Engine.legal_moves``); this module only
applies the move on a copy of the table and reads what changed.
"""

from __future__ import annotations

from typing import Any

from model.whitehouse.cards import DeckKind
from model.whitehouse.deciding import Lead, deciding_reason
from model.whitehouse.engine import Engine, decider
from model.whitehouse.io import LoadedPosition
from model.whitehouse.log import move_to_json
from model.whitehouse.notation import card_name as card_name  # the pictures read it here
from model.whitehouse.notation import move_text, move_words
from model.whitehouse.position import KindCard, reshuffled_deck
from model.whitehouse.report import state_json
from model.whitehouse.rules import RULES, IllegalMove, rules_dict
from model.whitehouse.state import (
    KIND_INDEX,
    KIND_NAMES,
    SLOTS,
    AcceptLies,
    Arrival,
    BlockLies,
    CardId,
    D,
    Keep,
    Lock,
    LockHand,
    Move,
    NoLies,
    Pass,
    Play,
    PlayLies,
    Refill,
    State,
    Take,
)

#: The groups of ``--list``, in this order, each with its heading.
GROUPS: dict[str, str] = {
    "lock_hand": "lock cards from the Active Hand",
    "take": "take a card from the row",
    "play": "take a Distraction and play it",
    "pass": "pass: no card of the row is within reach",
    "lies": "play a Lies card",
    "no_lies": "let the card arrive",
    "block": "block the Lies with the Deflection",
    "accept": "let the Lies stand",
    "lock": "lock the arriving card in",
    "keep": "keep the card in the Active Hand",
}

# --- what a move does ---------------------------------------------------------------------------------


def _waiting(state: State) -> dict[str, Any] | None:
    waiting: dict[str, Any] | None = state_json(state)["waiting_for"]
    return waiting


def _drawn(before: State, after: State) -> dict[DeckKind, list[CardId]]:
    """The cards that left each deck between two tables (only draws take cards from a deck)."""
    found: dict[DeckKind, list[CardId]] = {}
    for kind, index in KIND_INDEX.items():
        old: tuple[CardId, ...] = before.decks[index]
        new: set[CardId] = set(after.decks[index])
        left = [card for card in old if card not in new]
        if left:
            found[kind] = left
    return found


class _Unseen:
    """Which cards of a move's outcome nobody has seen."""

    def __init__(
        self, hidden: frozenset[KindCard], before: State, after: State, reshuffled: DeckKind | None
    ) -> None:
        self.hidden = set(hidden)
        self.notes: list[str] = []
        if reshuffled is not None and after.shuffles > before.shuffles:
            # Nobody sees the new order of a reshuffled deck.
            self.hidden |= {(reshuffled, card) for card in before.decks[KIND_INDEX[reshuffled]]}
            self.notes.append(f"nobody has seen the new order of the {reshuffled} deck")
        for kind, cards in _drawn(before, after).items():
            for card in cards:
                if (kind, card) not in self.hidden:
                    continue
                row = after.rows[KIND_INDEX[kind]]
                if card in row:
                    self.notes.append(f"the {kind} row's refill is a card nobody has seen")
                else:
                    self.notes.append(f"the {kind} drawn is a card nobody has seen")
        # Refills still to come in this action draw the top of the deck.
        for step in after.queue:
            if isinstance(step, Refill):
                deck = after.decks[step.row]
                kind = KIND_NAMES[step.row]
                if deck and (kind, deck[0]) in self.hidden:
                    self.notes.append(f"the {kind} row's refill is a card nobody has seen")
        self.notes = list(dict.fromkeys(self.notes))

    def card(self, kind: str, card: CardId) -> bool:
        return (kind, card) in self.hidden


def _lock_result(engine: Engine, before: State, seat: int, move: Move, cards: tuple[CardId, ...]) -> dict[str, Any]:
    """What locking ``cards`` for ``seat`` by ``move`` gives: the Trick total after, or the
    Gridlock that stops it."""
    after = engine.apply(before, move, seat)
    gridlocked = len(after.players[seat].gridlocks) < len(before.players[seat].gridlocks)
    return {
        "player": seat,
        "cards": list(cards),
        "gridlocked": gridlocked,
        "tricks_before": before.players[seat].tricks,
        "tricks_after": after.players[seat].tricks,
        "wins": bool(after.ended == "seven" and seat in after.winners),
    }


def _new_in_hands(before: State, after: State) -> list[tuple[int, CardId]]:
    found: list[tuple[int, CardId]] = []
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        found.extend((seat, card) for card in new.supporters + new.events if not old.holds(card))
    return found


def _ahead(engine: Engine, before: State, after: State, unseen: _Unseen) -> dict[str, Any] | None:
    """Where the card this move sets moving ends up if nobody plays Lies on it: who could stop it
    with Lies, and each way it may then lock in (none when it goes straight into the Active
    Hand); its options are None when the card is one nobody has seen. None when the move sets
    no card moving, or the next decision is about blocking a Lies."""
    state = after
    lies_from: list[int] = []
    head = state.queue[0] if state.queue and not state.ended else None
    if isinstance(head, Arrival) and head.kind != "deflection":
        card = head.card
        for _ in range(2 * len(state.players) + 2):
            if not (isinstance(head, Arrival) and head.card == card and head.stage == "lies"):
                break
            asker = decider(state)
            assert asker is not None
            lies_from.append(asker)
            state = engine.apply(state, NoLies(), asker)
            head = state.queue[0] if state.queue and not state.ended else None
    if isinstance(head, Arrival) and head.kind != "deflection":
        if head.stage not in ("lock", "more"):
            return None
        card, receiver = head.card, head.receiver
        options: list[dict[str, Any]] | None = []
        if unseen.card("supporter" if isinstance(card, int) else "event", card):
            options = None
        else:
            for option in engine.legal_moves(state):
                if isinstance(option, Lock) and options is not None:
                    cards = (card,) if option.with_card is None else (card, option.with_card)
                    options.append(_lock_result(engine, state, receiver, option, cards))
        return {"card": card, "player": receiver, "lies_from": lies_from, "options": options}
    arrived = _new_in_hands(before, state)
    if len(arrived) != 1:
        return None
    receiver, card = arrived[0]
    hidden = unseen.card("supporter" if isinstance(card, int) else "event", card)
    return {"card": card, "player": receiver, "lies_from": lies_from, "options": None if hidden else []}


def _blocked_by(before: State, after: State, seat: int) -> int | None:
    for other, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        if old.deflection is not None and new.deflection is None:
            return other
    return None


def outcome(position: LoadedPosition, seat: int, move: Move) -> dict[str, Any]:
    """What the legal ``move`` of ``seat`` does (the table is not changed)."""
    engine, state = position.engine, position.state
    after = engine.apply(state, move, seat)
    unseen = _Unseen(position.hidden, state, after, reshuffled_deck(engine, state, move))
    found: dict[str, Any] = {"move": move_to_json(move, seat), "notation": move_text(move), "cost": [], "card": None}
    head = state.queue[0] if state.queue else None
    if isinstance(move, (Take, Play)):
        found["cost"] = list(move.discards)
        row = KIND_INDEX[move.row] if isinstance(move, Take) else D
        found["card"] = state.rows[row][SLOTS.index(move.slot)]
    elif isinstance(head, Arrival):
        found["card"] = head.card
    found["effect"] = _effect(engine, state, after, seat, move)
    found["locks"] = None
    if isinstance(move, LockHand):
        found["locks"] = _lock_result(engine, state, seat, move, move.cards)
    elif isinstance(move, Lock) and isinstance(head, Arrival):
        cards = (head.card,) if move.with_card is None else (head.card, move.with_card)
        if head.stage == "more" and move.with_card is not None:
            cards = (move.with_card,)
        found["locks"] = _lock_result(engine, state, seat, move, cards)
    moving = isinstance(move, (Take, Play, NoLies, BlockLies))
    found["may_lock"] = _ahead(engine, state, after, unseen) if moving else None
    found["unseen"] = unseen.notes
    found["then"] = _waiting(after)
    return found


def _effect(engine: Engine, state: State, after: State, seat: int, move: Move) -> str:
    """The move in words."""
    head = state.queue[0] if state.queue else None
    if isinstance(move, Pass):
        return f"no {state.phase} is within reach: the action is skipped"
    if isinstance(move, Take):
        card = state.rows[KIND_INDEX[move.row]][SLOTS.index(move.slot)]
        cost = "for free" if not move.discards else "discarding " + " and ".join(map(card_name, move.discards))
        return f"takes {card_name(card)}, the {move.slot} {move.row}, {cost}"
    if isinstance(move, Play):
        card = state.rows[D][SLOTS.index(move.slot)]
        assert card is not None, "a legal Play names a slot holding a Distraction"
        action = engine.catalogue.distraction(card).action
        cost = "for free" if not move.discards else "discarding " + " and ".join(map(card_name, move.discards))
        words = f"takes {card_name(card)} ({action.describe()}), the {move.slot} Distraction, {cost}"
        choice = [f"player {move.target}" if move.target is not None else "",
                  f"card {card_name(move.card)}" if move.card is not None else "",
                  f"giving {card_name(move.give)}" if move.give is not None else ""]
        if any(choice):
            words += ": " + ", ".join(c for c in choice if c)
        if engine.fizzles(state, move):
            blocked = _blocked_by(state, after, seat)
            if blocked is not None:
                return words + f"; it is blocked by player {blocked}'s Deflection"
            return words + "; it fizzles (its action cannot be completed)"
        blocked = _blocked_by(state, after, seat)
        if blocked is not None:
            return words + f"; it is blocked by player {blocked}'s Deflection"
        return words
    if isinstance(head, Arrival):
        card = card_name(head.card)
        if isinstance(move, PlayLies):
            where = "Distractions" if head.kind == "deflection" else head.kind.capitalize()
            if state.players[head.receiver].deflection is not None:
                return (f"plays Lies on {card}: player {head.receiver} may still block it with their "
                        "Deflection")
            return f"plays Lies on {card}: it goes to the bottom of the {where} Deck, with the Lies card"
        if isinstance(move, NoLies):
            return f"lets {card} arrive"
        if isinstance(move, BlockLies):
            return f"consumes the Deflection to block the Lies: {card} arrives as normal"
        if isinstance(move, AcceptLies):
            return f"lets the Lies stand: {card} goes to the bottom of its deck"
        if isinstance(move, Keep):
            return f"keeps {card} in the Active Hand" if head.stage != "more" else "locks no more cards"
        if isinstance(move, Lock):
            if head.stage == "more":
                return f"locks {card_name(move.with_card)} in beside {card}"
            if move.with_card is None:
                return f"locks {card} in alone, beside a matching card of the network"
            return f"locks {card} and {card_name(move.with_card)} in as a Trick"
    if isinstance(move, LockHand):
        return "locks " + " and ".join(map(card_name, move.cards)) + " in from the Active Hand"
    return move.name


# --- the answers -------------------------------------------------------------------------------------


def _asked(state: State) -> dict[str, Any]:
    waiting = _waiting(state)
    return {"turn": state.turn, "waiting_for": waiting, "ended": state.ended, "winners": list(state.winners)}


def ask_move(position: LoadedPosition, seat: int, move: Move) -> dict[str, Any]:
    """The answer of ``verify whitehouse move --move``: legal (with what it does) or not (with
    the rule broken and its rulebook sentence)."""
    engine, state = position.engine, position.state
    answer: dict[str, Any] = {"question": "move", "move": move_to_json(move, seat), **_asked(state)}
    if position.over is not None:
        answer.update(legal=False, rule="game-over", rulebook=RULES["game-over"],
                      reason=f"the game is over: {position.over}", outcome=None)
    elif seat == decider(state) and engine.is_legal(state, move):
        answer.update(legal=True, rule=None, rulebook=None, reason=None, outcome=outcome(position, seat, move))
    else:
        error: IllegalMove = engine.explain(state, move, seat)
        lead = None if position.written is None else Lead(position.written)
        reason = deciding_reason(engine, state, move, seat, error, lead) or error.detail
        answer.update(legal=False, rule=error.rule, rulebook=error.sentence, reason=reason, outcome=None)
    answer["rules"] = rules_dict(engine.rules)
    return answer


def list_moves(position: LoadedPosition) -> dict[str, Any]:
    """The answer of ``verify whitehouse move --list``: every legal move, grouped by action."""
    engine, state = position.engine, position.state
    seat = decider(state)
    groups: dict[str, list[dict[str, Any]]] = {}
    moves = engine.legal_moves(state) if seat is not None else []
    for move in moves:
        assert seat is not None
        groups.setdefault(move.name, []).append(outcome(position, seat, move))
    ordered = [{"action": name, "heading": GROUPS[name], "moves": groups[name]} for name in GROUPS if name in groups]
    return {
        "question": "list",
        **_asked(state),
        "over": position.over,
        "count": len(moves),
        "legal": ordered,
        "rules": rules_dict(engine.rules),
    }


# --- as text -------------------------------------------------------------------------------------------


def _decision_words(waiting: dict[str, Any]) -> str:
    """What the player ``waiting`` (a ``waiting_for`` object) is to do, in words."""
    decision = waiting["decision"]
    card = card_name(waiting.get("card"))
    words = {
        "lies": f"play Lies against {card} or not",
        "block": f"block the Lies against {card} with a Deflection or not",
        "lock": f"lock {card} in or keep it",
    }.get(decision, f"take from the {decision} row")
    return f"player {waiting['player']} to {words}"


def _waiting_text(answer: dict[str, Any]) -> str:
    waiting = answer["waiting_for"]
    if waiting is None:
        who = " and ".join(f"player {s}" for s in answer["winners"])
        return f"the game is over ({who} won)" if who else "the game is over (the turn limit came first)"
    return f"turn {answer['turn']}, {_decision_words(waiting)}"


def _locks_text(lock: dict[str, Any]) -> str:
    cards = " and ".join(map(card_name, lock["cards"]))
    if lock["gridlocked"]:
        return f"{cards}: a Gridlock stops it (the cards go to the bottom of their decks)"
    text = f"{cards}: Tricks {lock['tricks_before']} -> {lock['tricks_after']}"
    return text + (", and wins" if lock["wins"] else "")


def outcome_lines(found: dict[str, Any]) -> list[str]:
    """A legal move's outcome, one line per fact, without indentation."""
    lines = [found["effect"]]
    if found["locks"] is not None:
        lines.append("locks " + _locks_text(found["locks"]))
    ahead = found["may_lock"]
    if ahead is not None:
        who = f"player {ahead['player']}"
        if ahead["lies_from"]:
            liars = ", ".join(f"player {s}" for s in ahead["lies_from"])
            lines.append(f"{liars} may first play Lies on {card_name(ahead['card'])}")
        if ahead["options"] is None:
            lines.append(f"what {card_name(ahead['card'])} may lock depends on a card nobody has seen")
        elif ahead["options"]:
            for option in ahead["options"]:
                lines.append(f"{who} may lock " + _locks_text(option))
        else:
            lines.append(f"{card_name(ahead['card'])} locks nothing: it goes into {who}'s Active Hand")
    lines.extend(found["unseen"])
    return lines


def render_move(answer: dict[str, Any]) -> str:
    """The answer of ``verify whitehouse move --move`` for a person."""
    move = answer["move"]
    if not answer["legal"]:
        lines = [f"ILLEGAL: {_move_words(move)} by player {move['player']}: {answer['reason']}",
                 f"  rule {answer['rule']}: \"{answer['rulebook']}\"",
                 f"  ({_waiting_text(answer)})"]
        return "\n".join(lines) + "\n"
    found = answer["outcome"]
    lines = [f"legal: {_move_words(move)} by player {move['player']} ({_waiting_text(answer)})"]
    lines.extend(f"  {line}" for line in outcome_lines(found))
    then = found["then"]
    lines.append("  next: " + ("nobody, the game is over" if then is None else _decision_words(then)))
    return "\n".join(lines) + "\n"


def _move_words(move: dict[str, Any]) -> str:
    """A move object in the move notation (what ``--move`` reads back)."""
    return move_words(move)


def render_list(answer: dict[str, Any]) -> str:
    """The answer of ``verify whitehouse move --list`` for a person."""
    head = _waiting_text(answer)
    if answer["over"]:
        head = f"the game is over: {answer['over']}"
    lines = [f"{head}: {answer['count']} legal move{'s' if answer['count'] != 1 else ''}"]
    for group in answer["legal"]:
        lines.append(f"{group['heading']}:")
        for found in group["moves"]:
            facts = outcome_lines(found)
            lines.append(f"  {_move_words(found['move'])}: {facts[0]}")
            lines.extend(f"      {fact}" for fact in facts[1:])
    return "\n".join(lines) + "\n"
