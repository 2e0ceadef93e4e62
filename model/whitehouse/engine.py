"""The White House intern game engine: setup, legal moves, applying a move, and the outcome.

``Engine.legal_moves(state)`` is the one source of truth: ``Engine.apply`` accepts exactly the
moves it lists (with their cards in any order: the list shows one, the rulebook names none) and
refuses every other one with an ``IllegalMove`` that names the rule broken and quotes the
rulebook (``Engine.explain`` finds which, with ``model.whitehouse.judge``). Rule options come in a
``WhitehouseRules`` object; the Trick total of a network comes from a ``TrickOracle`` (the solver
behind a cache).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations
from typing import Any, TypeVar, cast

from model.common.outcome import Outcome
from model.whitehouse import table
from model.whitehouse.cards import ACTION_TYPES, Action, Catalogue, DeckKind, HandKind
from model.whitehouse.judge import judge
from model.whitehouse.network.arrangement import EVENT, SUPPORTER, WINNING_TRICKS, Arrangement, CardRef, Network
from model.whitehouse.rules import DEFAULT_RULES, IllegalMove, WhitehouseRules
from model.whitehouse.state import (
    KIND_INDEX,
    KIND_NAMES,
    PHASES,
    SLOTS,
    AcceptLies,
    Arrival,
    ArrivalKind,
    BlockLies,
    CardId,
    Choice,
    D,
    DeckIndex,
    Decks,
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
    Row,
    Rows,
    S,
    SharedWin,
    SlotIndex,
    Stage,
    State,
    Step,
    Take,
    kind_of,
    move_key,
    with_deck,
    with_row,
)
from model.whitehouse.table import (
    COST,
    add_to_hand,
    decider,
    lies_candidates,
    play_order,
    remove_from_hand,
    replace,
)
from model.whitehouse.tricks import TrickOracle, pair_entry, rearranged_entry, single_entry

T = TypeVar("T")

__all__ = ["COST", "Engine", "SetupError", "check_redeal_stops", "decider", "new_game", "outcome", "play_order",
           "replace", "shuffled_decks"]


class SetupError(ValueError):
    """A game that cannot be set up as written (too few cards, a redeal that never stops)."""


# --- setup ---------------------------------------------------------------------------------------


def shuffled_decks(catalogue: Catalogue, seed: int) -> Decks:
    """The three decks shuffled by ``seed`` (deterministic), top card first."""
    rng = random.Random(seed)
    decks: list[tuple[CardId, ...]] = []
    for kind in KIND_NAMES:
        cards: list[CardId] = list(catalogue.ids(kind))
        rng.shuffle(cards)
        decks.append(tuple(cards))
    return cast(Decks, tuple(decks))


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
    rules: WhitehouseRules = DEFAULT_RULES,
    decks: Decks | None = None,
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
    supporter_deck, event_deck, distraction_deck = decks or shuffled_decks(catalogue, 0)
    supporters, events, distractions = list(supporter_deck), list(event_deck), list(distraction_deck)
    hands = []
    for _seat in range(players):
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
    if min(len(supporters), len(events), len(distractions)) < 3:
        raise SetupError("a deck has fewer than three cards left for its row")
    supporter_row, event_row, distraction_row = _deal_row(supporters), _deal_row(events), _deal_row(distractions)
    rows: Rows = (supporter_row, event_row, distraction_row)
    first = max(range(players), key=lambda seat: hands[seat].supporters[0])
    order = tuple((first + i) % players for i in range(players))
    return State(
        catalogue=catalogue,
        rules=rules,
        players=tuple(hands),
        decks=(tuple(supporters), tuple(events), tuple(distractions)),
        rows=rows,
        current=first,
        phase="supporter",
        direction=1,
        round_order=order,
        round_pos=0,
        shuffle_seed=shuffle_seed,
    )


# --- small helpers on states ----------------------------------------------------------------------


def _deal_row(deck: list[T]) -> tuple[T, T, T]:
    """The top three cards of ``deck``, taken off it, for its face-up row."""
    return (deck.pop(0), deck.pop(0), deck.pop(0))


# The helpers below take the other changes of the same step (``changes``, as ``replace``), so that
# a step copies the state once.


def _set_player(state: State, seat: int, player: Player, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players), **changes)


def _to_bottom(state: State, deck: DeckIndex, card: CardId, **changes: Any) -> State:
    return replace(state, decks=with_deck(state.decks, deck, state.decks[deck] + (card,)), **changes)


def _all_to_bottom(state: State, cards: tuple[tuple[DeckIndex, CardId], ...]) -> State:
    """Several cards going to the bottom at once, each with its deck, in the order the rulebook
    names them; option bottom_order=reversed puts them the other way round (decks are independent,
    so reversing the whole list reverses the order within each deck)."""
    for deck, card in reversed(cards) if state.rules.bottom_order == "reversed" else cards:
        state = _to_bottom(state, deck, card)
    return state


def _deck_of(card: CardId) -> DeckIndex:
    return S if isinstance(card, int) else E


def _take_from_row(state: State, row: DeckIndex, slot_index: SlotIndex) -> tuple[State, CardId]:
    """Remove the card of a slot (``table.take_from_row``): the cards closer to the deck move one
    slot further, keeping their order, so the closest slot is the one left empty for the refill."""
    taken: tuple[Row, CardId | None] = table.take_from_row(state.rows[row], slot_index)
    left, card = taken
    assert card is not None, "only a slot that holds a card is taken from"
    return replace(state, rows=with_row(state.rows, row, left)), card


def _refill(state: State, row: DeckIndex, **changes: Any) -> State:
    """Draw into the empty closest slot (option empty_deck: or top every empty slot up), by
    ``table.refill``."""
    deck: tuple[CardId, ...] = state.decks[row]
    cards, rest = table.refill(state.rows[row], deck, state.rules.empty_deck == "top_up")
    return replace(state, rows=with_row(state.rows, row, cards), decks=with_deck(state.decks, row, rest), **changes)


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
        self._single_entry: dict[tuple[Arrangement, CardId], bool] = {}
        # For each row and slot, and each number of cards discarded: the numbers of Supporters
        # among them for which ``table.discard_pays`` holds.
        self._pays: dict[tuple[DeckKind, SlotIndex], tuple[tuple[int, ...], ...]] = {}

    # --- networks ---

    def network(self, arrangement: Arrangement, extra: Iterable[CardId] = ()) -> Network:
        """The Network of an arrangement's cards plus ``extra`` cards."""
        refs = [p.card for p in arrangement.placements]
        supporters = [r.id for r in refs if r.kind == SUPPORTER and isinstance(r.id, int)]
        supporters += [c for c in extra if isinstance(c, int)]
        events = [r.id for r in refs if r.kind == EVENT and isinstance(r.id, str)]
        events += [c for c in extra if isinstance(c, str)]
        return Network(
            tuple(self.catalogue.supporter(s) for s in supporters),
            tuple(self.catalogue.event(e) for e in events),
        )

    def matches(self, a: CardId, b: CardId) -> bool:
        if isinstance(a, int) == isinstance(b, int):
            return False
        if isinstance(a, int) and isinstance(b, str):
            return self.catalogue.event(b).lists(a)
        if isinstance(b, int) and isinstance(a, str):
            return self.catalogue.event(a).lists(b)
        return False

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
        there (same-kind borders are allowed) and its partner above it. A single card can
        exactly when it matches a card of the network, unless ``every_card_matched`` holds: the
        network rearranged in a line lets it in then (``line_entry``)."""
        if len(cards) == 2:
            return self.matches(*cards)
        if not self.rules.tricks.every_card_matched:
            return any(self.matches(cards[0], p.card.id) for p in player.network.placements)
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
            head = state.queue[0]
            assert isinstance(head, Arrival), "only arrivals wait for a decision"
            return self._arrival_moves(state, head)
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

    def _take_moves(self, state: State, kind: HandKind) -> list[Move]:
        player = state.players[state.current]
        row = state.rows[KIND_INDEX[kind]]
        moves: list[Move] = []
        for index in _FURTHEST_FIRST:
            if row[index] is None:
                continue
            for discards in self._discard_options(player, kind, index):
                moves.append(Take(kind, SLOTS[index], discards))
        return moves

    def _discard_options(self, player: Player, kind: DeckKind, index: SlotIndex) -> list[tuple[CardId, ...]]:
        """Every set of Active Hand cards (in hand order, Supporters before Events) whose discard
        pays for the card in slot ``index`` of the ``kind`` row, by ``table.discard_pays``."""
        key = (kind, index)
        paying = self._pays.get(key)
        if paying is None:
            mixed = self.rules.mixed_distraction_cost
            paying = self._pays[key] = tuple(
                tuple(s for s in range(size + 1) if table.discard_pays(index, s, size - s, kind, mixed))
                for size in range(_MAX_DISCARDS + 1)
            )
        both: tuple[CardId, ...] = player.supporters + player.events
        options: list[tuple[CardId, ...]] = []
        for size in range(min(_MAX_DISCARDS, len(both)) + 1):
            counts = paying[size]
            if not counts:
                continue
            # The sets of ``combinations(both, size)`` that pay, in its order: where only
            # Supporters (or only Events) pay, those are the combinations of that kind alone.
            if counts == (size,):
                options.extend(combinations(player.supporters, size))
            elif counts == (0,):
                options.extend(combinations(player.events, size))
            elif len(counts) == size + 1:
                options.extend(combinations(both, size))
            else:
                options.extend(d for d in combinations(both, size)
                               if sum(1 for c in d if isinstance(c, int)) in counts)
        return options

    def _play_moves(self, state: State) -> list[Move]:
        seat = state.current
        player = state.players[seat]
        row = state.rows[D]
        moves: list[Move] = []
        for index in _FURTHEST_FIRST:
            card = row[index]
            if card is None:
                continue
            slot = SLOTS[index]
            # Only the actions on one's own hand have choices that depend on what paid the cost.
            own_hand = self.catalogue.distraction(card).action.type in ("remove_own", "swap")
            same = None if own_hand else self.choices(state, seat, player, card)
            for discards in self._discard_options(player, "distraction", index):
                found = same
                if found is None:
                    paid = player
                    for c in discards:
                        paid = remove_from_hand(paid, c)
                    found = self.choices(state, seat, paid, card)
                moves.extend(Play(slot, discards, **choice) for choice in found)
        return moves

    def choices(self, state: State, seat: int, paid: Player, card: str) -> list[Choice]:
        """The ways to play Distraction ``card`` once its cost is paid (``paid`` is the hand after
        paying); a single empty choice when there is nothing to choose or it fizzles."""
        action = self.catalogue.distraction(card).action
        others = play_order(state, seat)
        hands = {s: (paid if s == seat else state.players[s]) for s in range(len(state.players))}
        kind = action.kind
        found: list[Choice] = []
        if action.type == "remove_own":
            assert kind is not None
            found = [{"card": c} for c in paid.hand(kind)]
        elif action.type in ("steal", "force_move"):
            assert kind is not None
            found = [{"target": t, "card": c} for t in others for c in hands[t].hand(kind)]
        elif action.type == "swap":
            assert kind is not None
            found = [
                {"target": t, "card": c, "give": g}
                for g in paid.hand(kind) for t in others for c in hands[t].hand(kind)
            ]
        elif action.type == "take_row":
            assert action.row is not None
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
            more: list[Move] = [
                Lock(card) for card in player.hand("event" if arrival.kind == "supporter" else "supporter")
                if self.matches(card, arrival.card) and self.can_enter(player, (card,))
            ]
            return more + [Keep()]
        locks: list[Move] = self._arrival_locks(player, arrival.card)
        # A card arriving through a Distraction action "may join the network at once": keeping it
        # stays allowed even where a card taken from a row must lock (option lock_optional).
        if locks and not self.rules.lock_optional and arrival.source == "row":
            return locks
        return locks + [Keep()]

    def _arrival_locks(self, player: Player, card: CardId) -> list[Move]:
        other: HandKind = "event" if isinstance(card, int) else "supporter"
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
        if not self.is_legal(state, move):
            raise self.explain(state, move, player)
        return self._advance(self._do(state, move))

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``legal_moves`` lists ``move``, whatever order it names its cards in
        (``move_key``): a move is judged by what it does. ``apply`` applies the order given."""
        memo = state.__dict__.get("_legal")
        legal = set(memo[1]) if memo is not None and memo[0] is self else set(self.legal_moves(state))
        return move in legal or move_key(move) in {move_key(m) for m in legal}

    def _do(self, state: State, move: Move) -> State:
        if state.queue:
            return self._answer(state, move)
        seat = state.current
        if isinstance(move, Pass):
            return replace(state, queue=(EndAction(),))
        if isinstance(move, LockHand):
            player = state.players[seat]
            for card in move.cards:
                player = remove_from_hand(player, card)
            return self._lock(_set_player(state, seat, player), seat, move.cards,
                              self.entry(state.players[seat], move.cards))
        if isinstance(move, Take):
            return self._take(state, move)
        assert isinstance(move, Play)
        return self._play(state, move)

    def _pay(self, state: State, seat: int, discards: tuple[CardId, ...]) -> State:
        if not discards:
            return state
        player = state.players[seat]
        for card in discards:
            player = remove_from_hand(player, card)
        state = _all_to_bottom(state, tuple((_deck_of(card), card) for card in discards))
        return _set_player(state, seat, player)

    def _first_stage(self, kind: ArrivalKind) -> Stage:
        if kind == "deflection" or self.rules.lies_before_lock:
            return "lies"
        return "lock"

    def _take(self, state: State, move: Take) -> State:
        row = KIND_INDEX[move.row]
        state = self._pay(state, state.current, move.discards)
        taken: tuple[Row, CardId | None] = table.take_from_row(state.rows[row], _slot_index(move))
        left, card = taken
        assert card is not None, "only a slot that holds a card is taken from"
        arrival = Arrival(card, move.row, state.current, "row", self._first_stage(move.row))
        return replace(state, rows=with_row(state.rows, row, left), queue=(arrival, Refill(row), EndAction()))

    def _play(self, state: State, move: Play) -> State:
        seat = state.current
        state = self._pay(state, seat, move.discards)
        state, taken = _take_from_row(state, D, _slot_index(move))
        assert isinstance(taken, str), "the Distractions row holds Distractions"
        card = taken
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
                state = _all_to_bottom(state, ((D, card), (D, shield)))
                return replace(state, queue=tail)
        if fizzled:
            return replace(state, queue=(PutAway(card),) + tail)
        return self._effect(state, seat, card, action, move, tail)

    def _completable(self, state: State, action: Action, move: Play) -> bool:
        """Whether the action can be completed (``state`` is after the cost was paid)."""
        if action.type in ("remove_own", "steal", "force_move", "take_row"):
            return move.card is not None
        if action.type == "swap":
            return move.card is not None and move.give is not None
        if action.type in ("draw", "reshuffle"):
            assert action.deck is not None
            return bool(state.decks[KIND_INDEX[action.deck]])
        return True

    def fizzles(self, state: State, move: Play) -> bool:
        """Whether the legal ``move`` of the distraction action fizzles (its action cannot be
        completed: there is no card to remove, steal, swap, take or draw)."""
        paid = self._pay(state, state.current, move.discards)
        card = paid.rows[D][_slot_index(move)]
        assert card is not None, "a legal move takes a card"
        return not self._completable(paid, self.catalogue.distraction(card).action, move)

    def _effect(self, state: State, seat: int, card: str, action: Action, move: Play,
                tail: tuple[Step, ...]) -> State:
        players = state.players
        put_away: tuple[Step, ...] = (PutAway(card),)
        # A legal move names what its action needs (``choices``): the card, the target, the card
        # given, and the catalogue gives the action's parameters.
        if action.type == "remove_own":
            assert move.card is not None
            state = _set_player(state, seat, remove_from_hand(players[seat], move.card))
            state = _to_bottom(state, _deck_of(move.card), move.card)
            return replace(state, queue=put_away + tail)
        if action.type == "steal":
            assert move.card is not None and move.target is not None and action.kind is not None
            state = _set_player(state, move.target, remove_from_hand(players[move.target], move.card))
            arrival = Arrival(move.card, action.kind, seat, "distraction", self._first_stage(action.kind))
            return replace(state, queue=(arrival,) + put_away + tail)
        if action.type == "swap":
            assert move.card is not None and move.target is not None and move.give is not None
            assert action.kind is not None
            state = _set_player(state, move.target, remove_from_hand(players[move.target], move.card))
            state = _set_player(state, seat, remove_from_hand(state.players[seat], move.give))
            stage = self._first_stage(action.kind)
            mine = Arrival(move.card, action.kind, seat, "distraction", stage, swap=True)
            theirs = Arrival(move.give, action.kind, move.target, "distraction", stage, swap=True)
            return replace(state, queue=(mine, theirs, SharedWin()) + put_away + tail)
        if action.type == "take_row":
            assert action.row is not None
            row = KIND_INDEX[action.row]
            state, taken = _take_from_row(state, row, cast(SlotIndex, state.rows[row].index(move.card)))
            arrival = Arrival(taken, action.row, seat, "distraction", self._first_stage(action.row))
            return replace(state, queue=(arrival, Refill(row)) + put_away + tail)
        if action.type == "force_move":
            assert move.card is not None and move.target is not None and action.kind is not None
            state = _set_player(state, move.target, remove_from_hand(players[move.target], move.card))
            if action.to == "deck":
                state = _to_bottom(state, _deck_of(move.card), move.card)
                return replace(state, queue=put_away + tail)
            receiver = play_order(state, move.target)[0]
            arrival = Arrival(move.card, action.kind, receiver, "distraction", self._first_stage(action.kind))
            return replace(state, queue=(arrival,) + put_away + tail)
        if action.type == "draw":
            drawn_kind = action.deck
            assert drawn_kind is not None and drawn_kind != "distraction", "a draw is from a hand card's deck"
            deck = KIND_INDEX[drawn_kind]
            drawn = state.decks[deck][: action.count]
            state = replace(state, decks=with_deck(state.decks, deck, state.decks[deck][len(drawn):]))
            stage = self._first_stage(drawn_kind)
            arrivals = tuple(Arrival(c, drawn_kind, seat, "distraction", stage) for c in drawn)
            return replace(state, queue=arrivals + put_away + tail)
        if action.type == "reshuffle":
            assert action.deck is not None
            deck = KIND_INDEX[action.deck]
            cards: list[CardId] = list(state.decks[deck])
            random.Random(f"{state.shuffle_seed}:{state.shuffles}").shuffle(cards)
            state = replace(state, decks=with_deck(state.decks, deck, tuple(cards)), shuffles=state.shuffles + 1)
            return replace(state, queue=put_away + tail)
        if action.type == "reverse":
            return replace(state, reversals=state.reversals + (seat,), queue=put_away + tail)
        if action.type == "gridlock":
            assert move.target is not None
            victim = players[move.target]
            state = _set_player(state, move.target, replace(victim, gridlocks=victim.gridlocks + (card,)))
            return replace(state, queue=tail)
        if action.type == "lies":
            state = _set_player(state, seat, replace(players[seat], lies=players[seat].lies + (card,)))
            return replace(state, queue=tail)
        assert action.type == "deflection"
        old = players[seat].deflection
        if old is not None and self.rules.second_deflection == "old_first":
            # Playing a second Deflection sends the old one to the bottom first, before any Lies.
            state = _to_bottom(_set_player(state, seat, replace(players[seat], deflection=None)), D, old)
        arrival = Arrival(card, "deflection", seat, "distraction", "lies")
        return replace(state, queue=(arrival,) + tail)

    def _answer(self, state: State, move: Move) -> State:
        """A decision about the arrival at the head of the queue."""
        arrival = state.queue[0]
        assert isinstance(arrival, Arrival)
        rest = state.queue[1:]
        if isinstance(move, NoLies):
            asker = decider(state)
            assert asker is not None
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
            assert arrival.liar is not None and receiver.deflection is not None, "only a Lies met by a Deflection"
            liar_player = state.players[arrival.liar]
            state = _set_player(state, arrival.liar, replace(liar_player, lies=liar_player.lies[1:]))
            state = _set_player(state, arrival.receiver, replace(receiver, deflection=None))
            state = _all_to_bottom(state, ((D, liar_player.lies[0]), (D, receiver.deflection)))
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
            assert move.with_card is not None, "during more a hand card is named"
            cards: tuple[CardId, ...] = (move.with_card,)
        else:
            cards = (arrival.card,) if move.with_card is None else (arrival.card, move.with_card)
        entered = self.entry(player, cards)
        if move.with_card is not None:
            state = _set_player(state, seat, remove_from_hand(player, move.with_card))
        gridlocked = bool(player.gridlocks)
        state = self._lock(state, seat, cards, entered)
        more = (
            self.rules.lock_count == "all" and not gridlocked and arrival.stage == "lock" and not state.ended
        )
        if more:
            return replace(state, queue=(replace(arrival, stage="more"),) + rest)
        return replace(state, queue=rest)

    def _after_lies(self, arrival: Arrival) -> Stage:
        if arrival.kind == "deflection" or not self.rules.lies_before_lock:
            return "hand"
        return "lock"

    def _lied(self, state: State, arrival: Arrival, liar_seat: int | None, rest: tuple[Step, ...]) -> State:
        """The Lies stands: the card goes to the bottom of its deck, then the Lies card."""
        assert liar_seat is not None, "a Lies stands only once played"
        liar = state.players[liar_seat]
        deck = D if arrival.kind == "deflection" else KIND_INDEX[arrival.kind]
        state = _set_player(state, liar_seat, replace(liar, lies=liar.lies[1:]))
        state = _all_to_bottom(state, ((deck, arrival.card), (D, liar.lies[0])))
        return replace(state, queue=rest)

    def _lock(self, state: State, seat: int, cards: tuple[CardId, ...], entered: Arrangement | None) -> State:
        """Lock ``cards`` (already out of the hand) into the network, or lose them to a Gridlock."""
        player = state.players[seat]
        if player.gridlocks:
            state = _all_to_bottom(state, tuple((_deck_of(card), card) for card in cards)
                                   + ((D, player.gridlocks[0]),))
            return _set_player(state, seat, replace(player, gridlocks=player.gridlocks[1:]))
        assert entered is not None
        total = self.oracle.total(self.network(player.network, cards), entered, player.network)
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
        return replace(state, winners=(seat,), ended="seven")

    # --- automatic steps ---

    def resolve(self, state: State) -> State:
        """``state`` with every pending step that needs no decision resolved, as after a move (a
        position read from a document is resolved so)."""
        return self._advance(state) if state.queue else state

    def _advance(self, state: State) -> State:
        """Run every step that needs no decision, until one does or the game ends."""
        while not state.ended and state.queue:
            head, rest = state.queue[0], state.queue[1:]
            if isinstance(head, Arrival):
                if head.stage == "lies" and not lies_candidates(state, head):
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
                state = _refill(state, head.row, queue=rest)
            elif isinstance(head, PutAway):
                state = _to_bottom(state, D, head.card, queue=rest)
            elif isinstance(head, SharedWin):
                state = replace(state, queue=rest)
                winners = tuple(s for s in state.claims if state.players[s].tricks >= WINNING_TRICKS)
                if winners and self.rules.simultaneous_seven == "shared":
                    state = replace(state, winners=winners, ended="seven", claims=())
            else:
                state = self._end_action(state, rest)
        if state.ended and state.queue:
            state = self._finish_action(state)
        return state

    def _finish_action(self, state: State) -> State:
        """A win in the middle of an action: the rest of the action still happens, with no decision
        left to make (the game is over), so that every card ends in exactly one place: a card on
        its way (the second card of a swap, a second card drawn) enters its Active Hand, the played
        Distraction goes to the bottom of its deck, and the row is refilled."""
        queue = state.queue
        state = replace(state, queue=())
        for step in queue:
            if isinstance(step, Arrival):
                # During "more" the arrived card is already in the network.
                if step.stage != "more":
                    state = self._enter_hand(state, step, ())
            elif isinstance(step, Refill):
                state = _refill(state, step.row)
            elif isinstance(step, PutAway):
                state = _to_bottom(state, D, step.card)
        return state

    def _enter_hand(self, state: State, arrival: Arrival, rest: tuple[Step, ...]) -> State:
        player = state.players[arrival.receiver]
        if arrival.kind == "deflection":
            if player.deflection is not None:
                state = _to_bottom(state, D, player.deflection)
            return _set_player(state, arrival.receiver, replace(player, deflection=arrival.card), queue=rest)
        return _set_player(state, arrival.receiver, add_to_hand(player, arrival.card), queue=rest)

    def _end_action(self, state: State, queue: tuple[Step, ...]) -> State:
        """The action is over (``queue``: the steps left after it): the next action or turn."""
        index = PHASES.index(state.phase)
        if index < 2:
            return replace(state, phase=PHASES[index + 1], queue=queue)
        if state.turn >= self.rules.turn_limit:
            return replace(state, ended="turn_limit", queue=queue)
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
            direction=direction, reversals=reversals, turn=state.turn + 1, queue=queue,
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
        return judge(self, state, move, player)


def outcome(state: State) -> Outcome | None:
    """How the game ended (``State.outcome``): a player made 7 Tricks (the winners), or the turn
    limit came first (no winner). None while the game goes on."""
    return state.outcome()


#: The most cards a discard set is tried with (the closest slot costs two: one more shows a cost
#: that grew).
_MAX_DISCARDS = 3
#: The slots of a row in the order their moves are listed: the free one first.
_FURTHEST_FIRST: tuple[SlotIndex, SlotIndex, SlotIndex] = (2, 1, 0)


def _slot_index(move: Take | Play) -> SlotIndex:
    return cast(SlotIndex, SLOTS.index(move.slot))
