"""The White House intern game engine: setup, legal moves, applying a move, and the outcome.

``Engine.legal_moves(state)`` is the one source of truth: ``Engine.apply`` accepts exactly the
moves it lists and refuses every other one with an ``IllegalMove`` that names the rule broken and
quotes the rulebook (``Engine.explain`` finds which). Rule options come in a ``WhitehouseRules``
object; the Trick total of a network comes from a ``TrickOracle`` (the solver behind a cache).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

from model.whitehouse.cards import ACTION_TYPES, Catalogue
from model.whitehouse.network.arrangement import EVENT, SUPPORTER, WINNING_TRICKS, Arrangement, CardRef, Network
from model.whitehouse.rules import IllegalMove, WhitehouseRules
from model.whitehouse.state import (
    KIND_INDEX,
    KIND_NAMES,
    PHASES,
    SLOTS,
    AcceptLies,
    Arrival,
    BlockLies,
    CardId,
    D,
    E,
    EndAction,
    Keep,
    Lock,
    LockHand,
    Move,
    NoLies,
    Pass,
    Play,
    Player,
    PlayLies,
    PutAway,
    Refill,
    S,
    SharedWin,
    State,
    Take,
    kind_of,
)
from model.whitehouse.tricks import TrickOracle, pair_entry, rearranged_entry, single_entry

#: Cost in discarded cards of each slot.
COST = {"furthest": 0, "middle": 1, "closest": 2}


class SetupError(ValueError):
    """A game that cannot be set up as written (too few cards, a redeal that never stops)."""


# --- setup ---------------------------------------------------------------------------------------


def shuffled_decks(catalogue: Catalogue, seed: int) -> tuple[tuple, tuple, tuple]:
    """The three decks shuffled by ``seed`` (deterministic), top card first."""
    rng = random.Random(seed)
    decks = []
    for kind in KIND_NAMES:
        cards = list(catalogue.ids(kind))
        rng.shuffle(cards)
        decks.append(tuple(cards))
    return tuple(decks)  # type: ignore[return-value]


def check_redeal_stops(catalogue: Catalogue) -> None:
    """Refuse a catalogue in which the redeal can never stop: a Supporter listed on every Event."""
    events = catalogue.events
    for supporter in catalogue.supporters:
        if events and all(e.lists(supporter.id) for e in events):
            raise SetupError(
                f"the redeal can never stop: every Event lists Supporter {supporter.id}, so a player "
                f"dealt Supporter {supporter.id} is always dealt a matching Event"
            )


def new_game(
    catalogue: Catalogue,
    players: int,
    rules: WhitehouseRules = WhitehouseRules(),
    decks: tuple[tuple, tuple, tuple] | None = None,
    shuffle_seed: int = 0,
) -> State:
    """Set the table up exactly as written: the deal (with the redeal of a matching pair), the three
    rows, and the first player (the highest-numbered Supporter); play runs counter-clockwise."""
    if players < 2:
        raise SetupError("the game needs at least 2 players")
    if players > catalogue.max_players():
        raise SetupError(
            f"the catalogue seats at most {catalogue.max_players()} players (each deck needs one card "
            "per player plus three for its row)"
        )
    check_redeal_stops(catalogue)
    supporters, events, distractions = (list(deck) for deck in (decks or shuffled_decks(catalogue, 0)))
    hands = []
    for seat in range(players):
        supporter = supporters.pop(0)
        tries = 0
        while True:
            if not events:
                raise SetupError("the Event Deck ran out during the deal")
            event = events.pop(0)
            if not catalogue.event(event).lists(supporter):
                break
            events.append(event)
            tries += 1
            if tries > len(events) + 1:
                raise SetupError(
                    f"the redeal never stops: every Event left in the deck lists Supporter {supporter}"
                )
        hands.append(Player(supporters=(supporter,), events=(event,)))
    rows = []
    for deck in (supporters, events, distractions):
        if len(deck) < 3:
            raise SetupError("a deck has fewer than three cards left for its row")
        rows.append((deck.pop(0), deck.pop(0), deck.pop(0)))
    first = max(range(players), key=lambda seat: hands[seat].supporters[0])
    order = tuple((first + i) % players for i in range(players))
    return State(
        catalogue=catalogue,
        rules=rules,
        players=tuple(hands),
        decks=(tuple(supporters), tuple(events), tuple(distractions)),
        rows=tuple(rows),  # type: ignore[arg-type]
        current=first,
        phase="supporter",
        direction=1,
        round_order=order,
        round_pos=0,
        shuffle_seed=shuffle_seed,
    )


# --- small helpers on states ----------------------------------------------------------------------


def replace(value, **changes):
    """``dataclasses.replace`` for our frozen values, without its per-call introspection (the
    engine makes hundreds of thousands of small copies; this is the hot path)."""
    copy = object.__new__(type(value))
    copy.__dict__.update(value.__dict__)
    copy.__dict__.update(changes)
    copy.__dict__.pop("_legal", None)
    return copy


def _set_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _to_bottom(state: State, deck: int, card: CardId) -> State:
    decks = list(state.decks)
    decks[deck] = decks[deck] + (card,)
    return replace(state, decks=tuple(decks))  # type: ignore[arg-type]


def _deck_of(card: CardId) -> int:
    return S if isinstance(card, int) else E


def _remove_from_hand(player: Player, card: CardId) -> Player:
    if isinstance(card, int):
        return replace(player, supporters=tuple(c for c in player.supporters if c != card))
    return replace(player, events=tuple(c for c in player.events if c != card))


def _add_to_hand(player: Player, card: CardId) -> Player:
    if isinstance(card, int):
        return replace(player, supporters=player.supporters + (card,))
    return replace(player, events=player.events + (card,))


def _take_from_row(state: State, row: int, slot_index: int) -> tuple[State, CardId]:
    """Remove the card of a slot; the cards closer to the deck move one slot further, keeping
    their order, so the closest slot is the one left empty for the refill."""
    cards = state.rows[row]
    card = cards[slot_index]
    new_row = (None,) + cards[:slot_index] + cards[slot_index + 1:]
    rows = list(state.rows)
    rows[row] = new_row
    return replace(state, rows=tuple(rows)), card  # type: ignore[arg-type]


def _refill(state: State, row: int) -> State:
    """Draw into the empty closest slot (option empty_deck: or top every empty slot up)."""
    cards = list(state.rows[row])
    deck = list(state.decks[row])
    if state.rules.empty_deck == "top_up":
        present = [c for c in cards if c is not None]
        while len(present) < 3 and deck:
            present.insert(0, deck.pop(0))
        cards = [None] * (3 - len(present)) + present
    elif cards[0] is None and deck:
        cards[0] = deck.pop(0)
    rows, decks = list(state.rows), list(state.decks)
    rows[row], decks[row] = tuple(cards), tuple(deck)
    return replace(state, rows=tuple(rows), decks=tuple(decks))  # type: ignore[arg-type]


def play_order(state: State, start: int) -> list[int]:
    """Every seat after ``start`` in the current direction of play (``start`` excluded)."""
    n = len(state.players)
    return [(start + state.direction * i) % n for i in range(1, n)]


def decider(state: State) -> int | None:
    """The seat whose decision the game waits for; None when the game is over."""
    if state.ended:
        return None
    if state.queue:
        head = state.queue[0]
        assert isinstance(head, Arrival), "only arrivals wait for a decision"
        if head.stage == "lies":
            return _lies_candidates(state, head)[0]
        return head.receiver
    return state.current


def _lies_candidates(state: State, arrival: Arrival) -> list[int]:
    start = arrival.receiver if state.rules.lies_order == "after_receiver" else state.current
    seats = play_order(state, start) + [start]
    return [
        seat for seat in seats
        if seat != arrival.receiver and state.players[seat].lies and seat not in arrival.asked
    ]


# --- the engine -----------------------------------------------------------------------------------


class Engine:
    """Legal moves and their effects under one set of rules, with one Trick oracle."""

    def __init__(self, catalogue: Catalogue, rules: WhitehouseRules, oracle: TrickOracle) -> None:
        #: The cards.
        self.catalogue = catalogue
        #: The rule options.
        self.rules = rules
        #: Proven Trick totals (shared cache), with the solver wired in by the caller.
        self.oracle = oracle
        self._single_entry: dict[tuple, bool] = {}

    # --- networks ---

    def network(self, arrangement: Arrangement, extra: Iterable[CardId] = ()) -> Network:
        """The Network of an arrangement's cards plus ``extra`` cards."""
        refs = [p.card for p in arrangement.placements]
        supporters = [r.id for r in refs if r.kind == SUPPORTER] + [c for c in extra if isinstance(c, int)]
        events = [r.id for r in refs if r.kind == EVENT] + [c for c in extra if isinstance(c, str)]
        return Network(
            tuple(self.catalogue.supporter(s) for s in supporters),
            tuple(self.catalogue.event(e) for e in events),
        )

    def matches(self, a: CardId, b: CardId) -> bool:
        if isinstance(a, int) == isinstance(b, int):
            return False
        supporter, event = (a, b) if isinstance(a, int) else (b, a)
        return self.catalogue.event(event).lists(supporter)  # type: ignore[arg-type]

    def entry(self, player: Player, cards: tuple[CardId, ...]) -> Arrangement | None:
        """A legal arrangement of the network with ``cards`` entered (a matching pair edge to
        edge, or one card beside a matching card already there); None when they cannot enter.
        The stored layout is tried first, then a rearrangement (``rearranged_entry``)."""
        refs = tuple(CardRef(kind_of(c), c) for c in cards)
        network = self.network(player.network, cards)
        if len(cards) == 2:
            if not self.matches(*cards):
                return None
            return pair_entry(network, player.network, *refs)
        (card,) = cards
        if not any(self.matches(card, p.card.id) for p in player.network.placements):
            return None
        return single_entry(network, player.network, refs[0]) or rearranged_entry(
            network, player.network, refs[0], self.rules.tricks, self.oracle.rearrange
        )

    def can_enter(self, player: Player, cards: tuple[CardId, ...]) -> bool:
        """Whether ``cards`` may lock in. A matching pair always can: the cell above the leftmost
        card of the top row borders that card only, so the pair's card of the same kind goes
        there (same-kind borders are allowed) and its partner above it."""
        if len(cards) == 2:
            return self.matches(*cards)
        key = (player.network, cards[0])
        known = self._single_entry.get(key)
        if known is None:
            if len(self._single_entry) > 100_000:
                self._single_entry.clear()
            known = self._single_entry[key] = self.entry(player, cards) is not None
        return known

    # --- legal moves ---

    def legal_moves(self, state: State) -> list[Move]:
        """Every legal move of the seat ``decider(state)``; empty when the game is over."""
        memo = state.__dict__.get("_legal")
        if memo is not None and memo[0] is self:
            return list(memo[1])
        moves = self._legal_moves(state)
        state.__dict__["_legal"] = (self, tuple(moves))
        return moves

    def _legal_moves(self, state: State) -> list[Move]:
        if state.ended:
            return []
        if state.queue:
            return self._arrival_moves(state, state.queue[0])  # type: ignore[arg-type]
        moves: list[Move] = []
        if self.rules.lock_from_hand == "own_turn":
            moves.extend(self._hand_locks(state.players[state.current]))
        if state.phase == "distraction":
            moves.extend(self._play_moves(state))
        else:
            moves.extend(self._take_moves(state, state.phase))
        if not any(isinstance(m, (Take, Play)) for m in moves):
            moves.append(Pass())
        return moves

    def _paid(self, hand: tuple, cost: int) -> Iterable[tuple]:
        return combinations(hand, cost)

    def _take_moves(self, state: State, kind: str) -> list[Move]:
        player = state.players[state.current]
        row = state.rows[KIND_INDEX[kind]]
        moves: list[Move] = []
        for index in (2, 1, 0):
            if row[index] is None:
                continue
            slot = SLOTS[index]
            for discards in combinations(player.hand(kind), COST[slot]):
                moves.append(Take(kind, slot, discards))
        return moves

    def _cost_options(self, player: Player, cost: int) -> list[tuple]:
        both = player.supporters + player.events
        options = list(combinations(both, cost))
        if cost == 2 and not self.rules.mixed_distraction_cost:
            options = [c for c in options if kind_of(c[0]) == kind_of(c[1])]
        return options

    def _play_moves(self, state: State) -> list[Move]:
        seat = state.current
        player = state.players[seat]
        row = state.rows[D]
        moves: list[Move] = []
        for index in (2, 1, 0):
            card = row[index]
            if card is None:
                continue
            slot = SLOTS[index]
            for discards in self._cost_options(player, COST[slot]):
                paid = player
                for c in discards:
                    paid = _remove_from_hand(paid, c)
                for choice in self._choices(state, seat, paid, card, index):
                    moves.append(Play(slot, discards, **choice))
        return moves

    def _choices(self, state: State, seat: int, paid: Player, card: str, index: int) -> list[dict]:
        """The ways to play Distraction ``card`` once its cost is paid (``paid`` is the hand after
        paying); a single empty choice when there is nothing to choose or it fizzles."""
        action = self.catalogue.distraction(card).action
        others = play_order(state, seat)
        hands = {s: (paid if s == seat else state.players[s]) for s in range(len(state.players))}
        kind = action.kind
        found: list[dict] = []
        if action.type == "remove_own":
            found = [{"card": c} for c in paid.hand(kind)]
        elif action.type in ("steal", "force_move"):
            found = [{"target": t, "card": c} for t in others for c in hands[t].hand(kind)]
        elif action.type == "swap":
            found = [
                {"target": t, "card": c, "give": g}
                for g in paid.hand(kind) for t in others for c in hands[t].hand(kind)
            ]
        elif action.type == "take_row":
            row = state.rows[KIND_INDEX[action.row]]
            found = [{"card": c} for c in row if c is not None]
        elif action.type == "gridlock":
            found = [{"target": t} for t in others]
        else:
            return [{}]
        if found:
            return found
        # It fizzles. Under deflection_vs_fizzle=blocked a target can still be named, so that
        # the target's Deflection meets it.
        if self.rules.deflection_vs_fizzle == "blocked" and action.type in ("steal", "force_move", "swap"):
            return [{"target": t} for t in others]
        return [{}]

    def _arrival_moves(self, state: State, arrival: Arrival) -> list[Move]:
        if arrival.stage == "lies":
            return [PlayLies(), NoLies()]
        if arrival.stage == "block":
            return [BlockLies(), AcceptLies()]
        player = state.players[arrival.receiver]
        if arrival.stage == "more":
            locks = [
                Lock(card) for card in player.hand("event" if arrival.kind == "supporter" else "supporter")
                if self.matches(card, arrival.card) and self.can_enter(player, (card,))
            ]
            return locks + [Keep()]
        locks = self._arrival_locks(player, arrival.card)
        if locks and not self.rules.lock_optional:
            return locks
        return locks + [Keep()]

    def _arrival_locks(self, player: Player, card: CardId) -> list[Move]:
        other = "event" if isinstance(card, int) else "supporter"
        locks: list[Move] = [
            Lock(partner) for partner in player.hand(other)
            if self.can_enter(player, (card, partner))
        ]
        if self.rules.single_lock and self.can_enter(player, (card,)):
            locks.append(Lock(None))
        return locks

    def _hand_locks(self, player: Player) -> list[Move]:
        moves: list[Move] = []
        for s in player.supporters:
            for e in player.events:
                if self.can_enter(player, (s, e)):
                    moves.append(LockHand((s, e)))
        if self.rules.single_lock and player.network.placements:
            for card in player.supporters + player.events:
                if self.can_enter(player, (card,)):
                    moves.append(LockHand((card,)))
        return moves

    # --- applying ---

    def apply(self, state: State, move: Move, player: int | None = None) -> State:
        """The state after ``move``; refuses an illegal move with an IllegalMove naming the rule."""
        if player is not None and player != decider(state):
            raise self.explain(state, move, player)
        memo = state.__dict__.get("_legal")
        legal = set(memo[1]) if memo is not None and memo[0] is self else set(self.legal_moves(state))
        if move not in legal:
            raise self.explain(state, move, player)
        return self._advance(self._do(state, move))

    def _do(self, state: State, move: Move) -> State:
        if state.queue:
            return self._answer(state, move)
        seat = state.current
        if isinstance(move, Pass):
            return replace(state, queue=(EndAction(),))
        if isinstance(move, LockHand):
            player = state.players[seat]
            for card in move.cards:
                player = _remove_from_hand(player, card)
            return self._lock(_set_player(state, seat, player), seat, move.cards,
                              self.entry(state.players[seat], move.cards))
        if isinstance(move, Take):
            return self._take(state, move)
        assert isinstance(move, Play)
        return self._play(state, move)

    def _pay(self, state: State, seat: int, discards: tuple[CardId, ...]) -> State:
        player = state.players[seat]
        for card in discards:
            player = _remove_from_hand(player, card)
            state = _to_bottom(state, _deck_of(card), card)
        return _set_player(state, seat, player)

    def _first_stage(self, kind: str) -> str:
        if kind == "deflection" or self.rules.lies_before_lock:
            return "lies"
        return "lock"

    def _take(self, state: State, move: Take) -> State:
        row = KIND_INDEX[move.row]
        state = self._pay(state, state.current, move.discards)
        state, card = _take_from_row(state, row, SLOTS.index(move.slot))
        arrival = Arrival(card, move.row, state.current, "row", self._first_stage(move.row))
        return replace(state, queue=(arrival, Refill(row), EndAction()))

    def _play(self, state: State, move: Play) -> State:
        seat = state.current
        state = self._pay(state, seat, move.discards)
        state, card = _take_from_row(state, D, SLOTS.index(move.slot))
        action = self.catalogue.distraction(card).action
        meta = ACTION_TYPES[action.type]
        tail = (Refill(D), EndAction())
        fizzled = not self._completable(state, action, move)
        # Whom it is played against: the target, and yourself (option against_self) when a card
        # leaves your own hand.
        against: list[int] = []
        if move.target is not None and meta.against in ("target", "both"):
            against.append(move.target)
        if meta.against in ("self", "both") and self.rules.against_self:
            against.append(seat)
        if fizzled and self.rules.deflection_vs_fizzle == "fizzle":
            against = []
        for victim in against:
            shield = state.players[victim].deflection
            if shield is not None:
                state = _set_player(state, victim, replace(state.players[victim], deflection=None))
                state = _to_bottom(_to_bottom(state, D, card), D, shield)
                return replace(state, queue=tail)
        if fizzled:
            return replace(state, queue=(PutAway(card),) + tail)
        return self._effect(state, seat, card, action, move, tail)

    def _completable(self, state: State, action, move: Play) -> bool:
        """Whether the action can be completed (``state`` is after the cost was paid)."""
        if action.type in ("remove_own", "steal", "force_move", "take_row"):
            return move.card is not None
        if action.type == "swap":
            return move.card is not None and move.give is not None
        if action.type in ("draw", "reshuffle"):
            return bool(state.decks[KIND_INDEX[action.deck]])
        return True

    def fizzles(self, state: State, move: Play) -> bool:
        """Whether the legal ``move`` of the distraction action fizzles (its action cannot be
        completed: there is no card to remove, steal, swap, take or draw)."""
        paid = self._pay(state, state.current, move.discards)
        card = paid.rows[D][SLOTS.index(move.slot)]
        return not self._completable(paid, self.catalogue.distraction(card).action, move)

    def _effect(self, state: State, seat: int, card: str, action, move: Play, tail: tuple) -> State:
        players = state.players
        put_away = (PutAway(card),)
        if action.type == "remove_own":
            state = _set_player(state, seat, _remove_from_hand(players[seat], move.card))
            state = _to_bottom(state, _deck_of(move.card), move.card)
            return replace(state, queue=put_away + tail)
        if action.type == "steal":
            state = _set_player(state, move.target, _remove_from_hand(players[move.target], move.card))
            arrival = Arrival(move.card, action.kind, seat, "distraction", self._first_stage(action.kind))
            return replace(state, queue=(arrival,) + put_away + tail)
        if action.type == "swap":
            state = _set_player(state, move.target, _remove_from_hand(players[move.target], move.card))
            state = _set_player(state, seat, _remove_from_hand(state.players[seat], move.give))
            stage = self._first_stage(action.kind)
            mine = Arrival(move.card, action.kind, seat, "distraction", stage, swap=True)
            theirs = Arrival(move.give, action.kind, move.target, "distraction", stage, swap=True)
            return replace(state, queue=(mine, theirs, SharedWin()) + put_away + tail)
        if action.type == "take_row":
            row = KIND_INDEX[action.row]
            state, taken = _take_from_row(state, row, state.rows[row].index(move.card))
            arrival = Arrival(taken, action.row, seat, "distraction", self._first_stage(action.row))
            return replace(state, queue=(arrival, Refill(row)) + put_away + tail)
        if action.type == "force_move":
            state = _set_player(state, move.target, _remove_from_hand(players[move.target], move.card))
            if action.to == "deck":
                state = _to_bottom(state, _deck_of(move.card), move.card)
                return replace(state, queue=put_away + tail)
            receiver = play_order(state, move.target)[0]
            arrival = Arrival(move.card, action.kind, receiver, "distraction", self._first_stage(action.kind))
            return replace(state, queue=(arrival,) + put_away + tail)
        if action.type == "draw":
            deck = KIND_INDEX[action.deck]
            drawn = state.decks[deck][: action.count]
            decks = list(state.decks)
            decks[deck] = decks[deck][len(drawn):]
            state = replace(state, decks=tuple(decks))  # type: ignore[arg-type]
            stage = self._first_stage(action.deck)
            arrivals = tuple(Arrival(c, action.deck, seat, "distraction", stage) for c in drawn)
            return replace(state, queue=arrivals + put_away + tail)
        if action.type == "reshuffle":
            deck = KIND_INDEX[action.deck]
            cards = list(state.decks[deck])
            random.Random(f"{state.shuffle_seed}:{state.shuffles}").shuffle(cards)
            decks = list(state.decks)
            decks[deck] = tuple(cards)
            state = replace(state, decks=tuple(decks), shuffles=state.shuffles + 1)  # type: ignore[arg-type]
            return replace(state, queue=put_away + tail)
        if action.type == "reverse":
            return replace(state, reversals=state.reversals + (seat,), queue=put_away + tail)
        if action.type == "gridlock":
            victim = players[move.target]
            state = _set_player(state, move.target, replace(victim, gridlocks=victim.gridlocks + (card,)))
            return replace(state, queue=tail)
        if action.type == "lies":
            state = _set_player(state, seat, replace(players[seat], lies=players[seat].lies + (card,)))
            return replace(state, queue=tail)
        assert action.type == "deflection"
        arrival = Arrival(card, "deflection", seat, "distraction", "lies")
        return replace(state, queue=(arrival,) + tail)

    def _answer(self, state: State, move: Move) -> State:
        """A decision about the arrival at the head of the queue."""
        arrival = state.queue[0]
        assert isinstance(arrival, Arrival)
        rest = state.queue[1:]
        if isinstance(move, NoLies):
            asker = decider(state)
            return replace(state, queue=(replace(arrival, asked=arrival.asked + (asker,)),) + rest)
        if isinstance(move, PlayLies):
            liar = decider(state)
            if state.players[arrival.receiver].deflection is not None:
                return replace(state, queue=(replace(arrival, stage="block", liar=liar),) + rest)
            return self._lied(state, arrival, liar, rest)
        if isinstance(move, AcceptLies):
            return self._lied(state, arrival, arrival.liar, rest)
        if isinstance(move, BlockLies):
            receiver = state.players[arrival.receiver]
            liar = state.players[arrival.liar]
            state = _set_player(state, arrival.liar, replace(liar, lies=liar.lies[1:]))
            state = _to_bottom(state, D, liar.lies[0])
            state = _set_player(state, arrival.receiver, replace(receiver, deflection=None))
            state = _to_bottom(state, D, receiver.deflection)
            return replace(state, queue=(replace(arrival, stage=self._after_lies(arrival)),) + rest)
        if isinstance(move, Keep):
            if arrival.stage == "more":
                return replace(state, queue=rest)
            if arrival.stage == "lock" and not self.rules.lies_before_lock:
                return replace(state, queue=(replace(arrival, stage="lies"),) + rest)
            return replace(state, queue=(replace(arrival, stage="hand"),) + rest)
        assert isinstance(move, Lock)
        seat = arrival.receiver
        player = state.players[seat]
        if arrival.stage == "more":
            cards: tuple[CardId, ...] = (move.with_card,)
        else:
            cards = (arrival.card,) if move.with_card is None else (arrival.card, move.with_card)
        entered = self.entry(player, cards)
        if move.with_card is not None:
            state = _set_player(state, seat, _remove_from_hand(player, move.with_card))
        gridlocked = bool(player.gridlocks)
        state = self._lock(state, seat, cards, entered)
        more = (
            self.rules.lock_count == "all" and not gridlocked and arrival.stage == "lock" and not state.ended
        )
        if more:
            return replace(state, queue=(replace(arrival, stage="more"),) + rest)
        return replace(state, queue=rest)

    def _after_lies(self, arrival: Arrival) -> str:
        if arrival.kind == "deflection" or not self.rules.lies_before_lock:
            return "hand"
        return "lock"

    def _lied(self, state: State, arrival: Arrival, liar_seat: int, rest: tuple) -> State:
        """The Lies stands: the card goes to the bottom of its deck, then the Lies card."""
        liar = state.players[liar_seat]
        deck = D if arrival.kind == "deflection" else KIND_INDEX[arrival.kind]
        state = _to_bottom(state, deck, arrival.card)
        state = _set_player(state, liar_seat, replace(liar, lies=liar.lies[1:]))
        state = _to_bottom(state, D, liar.lies[0])
        return replace(state, queue=rest)

    def _lock(self, state: State, seat: int, cards: tuple[CardId, ...], entered: Arrangement | None) -> State:
        """Lock ``cards`` (already out of the hand) into the network, or lose them to a Gridlock."""
        player = state.players[seat]
        if player.gridlocks:
            for card in cards:
                state = _to_bottom(state, _deck_of(card), card)
            state = _to_bottom(state, D, player.gridlocks[0])
            return _set_player(state, seat, replace(player, gridlocks=player.gridlocks[1:]))
        assert entered is not None
        total = self.oracle.total(self.network(player.network, cards), entered)
        state = _set_player(state, seat, replace(player, network=total.arrangement, tricks=total.tricks))
        if total.tricks >= WINNING_TRICKS:
            state = self._reached_seven(state, seat)
        return state

    def _reached_seven(self, state: State, seat: int) -> State:
        off_turn = seat != state.current
        if off_turn and self.rules.off_turn_win == "own_turn":
            return replace(state, claims=tuple(sorted(set(state.claims) | {seat})))
        swapping = bool(state.queue) and isinstance(state.queue[0], Arrival) and state.queue[0].swap
        if self.rules.simultaneous_seven == "shared" and swapping:
            return replace(state, claims=tuple(sorted(set(state.claims) | {seat})))
        return replace(state, winners=(seat,), ended="seven", queue=())

    # --- automatic steps ---

    def _advance(self, state: State) -> State:
        """Run every step that needs no decision, until one does or the game ends."""
        while not state.ended and state.queue:
            head, rest = state.queue[0], state.queue[1:]
            if isinstance(head, Arrival):
                if head.stage == "lies" and not _lies_candidates(state, head):
                    state = replace(state, queue=(replace(head, stage=self._after_lies(head)),) + rest)
                    continue
                if head.stage == "hand":
                    state = self._enter_hand(state, head, rest)
                    continue
                if head.stage == "block" and state.players[head.receiver].deflection is None:
                    state = self._lied(state, head, head.liar, rest)
                    continue
                if head.stage in ("lock", "more") and head.kind == "deflection":
                    state = self._enter_hand(state, head, rest)
                    continue
                if head.stage in ("lock", "more") and self._arrival_moves(state, head) == [Keep()]:
                    state = self._answer(state, Keep())
                    continue
                return state
            if isinstance(head, Refill):
                state = replace(_refill(state, head.row), queue=rest)
            elif isinstance(head, PutAway):
                state = replace(_to_bottom(state, D, head.card), queue=rest)
            elif isinstance(head, SharedWin):
                state = replace(state, queue=rest)
                winners = tuple(s for s in state.claims if state.players[s].tricks >= WINNING_TRICKS)
                if winners and self.rules.simultaneous_seven == "shared":
                    state = replace(state, winners=winners, ended="seven", queue=(), claims=())
            else:
                state = self._end_action(replace(state, queue=rest))
        return state

    def _enter_hand(self, state: State, arrival: Arrival, rest: tuple) -> State:
        player = state.players[arrival.receiver]
        if arrival.kind == "deflection":
            if player.deflection is not None:
                state = _to_bottom(state, D, player.deflection)
            state = _set_player(state, arrival.receiver, replace(player, deflection=arrival.card))
        else:
            state = _set_player(state, arrival.receiver, _add_to_hand(player, arrival.card))
        return replace(state, queue=rest)

    def _end_action(self, state: State) -> State:
        index = PHASES.index(state.phase)
        if index < 2:
            return replace(state, phase=PHASES[index + 1])
        if state.turn >= self.rules.turn_limit:
            return replace(state, ended="turn_limit")
        n = len(state.players)
        pos = state.round_pos + 1
        order, direction, reversals = state.round_order, state.direction, state.reversals
        if pos >= len(order):
            flips = len(reversals) % 2 if self.rules.reversals == "cancel" else min(1, len(reversals))
            if flips:
                # From the next round: start with the player who would have played just before the
                # player who played the (last) reversal, and run the other way.
                start = (reversals[-1] - direction) % n
                direction = -direction
            else:
                start = order[0]
            order = tuple((start + direction * i) % n for i in range(n))
            pos, reversals = 0, ()
        current = order[pos]
        state = replace(
            state, phase="supporter", current=current, round_order=order, round_pos=pos,
            direction=direction, reversals=reversals, turn=state.turn + 1,
        )
        if self.rules.empty_deck == "top_up":
            for row in (S, E, D):
                state = _refill(state, row)
        if current in state.claims and state.players[current].tricks >= WINNING_TRICKS:
            return replace(state, winners=(current,), ended="seven", claims=())
        return state

    # --- explaining a refusal ---

    def explain(self, state: State, move: Move, player: int | None = None) -> IllegalMove:
        """Why ``move`` is not legal here: the first rule it breaks."""
        from model.whitehouse.judge import judge

        return judge(self, state, move, player)


def outcome(state: State) -> tuple[str, tuple[int, ...]] | None:
    """The end of the game, checked in this order: a player made 7 Tricks (the winners), the turn
    limit came first (no winner). None while the game goes on."""
    if state.ended == "seven":
        return ("seven", state.winners)
    if state.ended == "turn_limit":
        return ("turn_limit", ())
    return None
