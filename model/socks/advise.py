"""Oh My Socks!: the turn advisor. For what the player to move can see (the collections, how
many gifts each player holds face down, the discard pile) and the two cards drawn, every legal
choice with its exact effect now on the visible scores, best first.

Visible score: the stars of the even sets of a face-up collection, a Super Sock counting in its
set once it has one. Face-down gifts are unknown to everyone until the end, so they count for
nobody here; a Gift's effect is one more face-down card for its receiver.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.common.errors import InputError, join_path
from model.socks.cards import Catalogue, WildValue, build_catalogue, sample_catalogue, validate
from model.socks.engine import GiftTo, Move, RescueFrom, legal_moves, neighbour, play
from model.socks.io import PositionIn, card_index, catalogue_sets, parse_rules, player_seats
from model.socks.scoring import hand_totals, typed_set_refusal
from model.socks.state import State, WildState


@dataclass(frozen=True)
class Choice:
    """One legal choice and what it does now."""

    #: The move.
    move: Move
    #: Where the other card goes: a seat, or None when it is discarded.
    passed_to: int | None
    #: Each seat's visible score after the move.
    scores: tuple[int, ...]
    #: Each seat's change of visible score.
    changes: tuple[int, ...]
    #: The mover's visible score minus the best opponent's, after the move.
    margin: int


@dataclass(frozen=True)
class Advice:
    """Every legal choice of a position, best first."""

    #: The position (hidden cards stand in for the unseen ones).
    state: State
    #: The visible scores before the move.
    scores: tuple[int, ...]
    #: The choices: highest margin first, then the mover's largest gain, then the fixed order of
    #: legal_moves.
    choices: tuple[Choice, ...]
    #: True when a drawn card is the Washing Machine: the game ends, nothing to choose.
    game_ends: bool


def visible_scores(state: State) -> tuple[int, ...]:
    """Each seat's score from its face-up collection alone."""
    card_set, card_stars = state.catalogue.card_sets, state.catalogue.card_stars
    typed = {w.card: w.set for w in state.wilds}
    totals = []
    for seat in range(state.players):
        # Per set: printed Socks, their stars, and the typed Super Socks in it (an untyped one
        # counts nowhere yet), scored by the scoring model's own rule.
        sets: dict[int, list[int]] = {}
        for card in state.collections[seat]:
            wild = card_set[card] is None
            number = typed.get(card) if wild else card_set[card]
            if number is None:
                continue
            counts = sets.setdefault(number, [0, 0, 0])
            counts[2 if wild else 0] += 1
            counts[1] += card_stars[card]
        score, _ = hand_totals([(n, s, w) for n, s, w in sets.values()], "all_sets")
        totals.append(score)
    return tuple(totals)


def parse_position(source: str, data: Any) -> State:
    """A position document as an engine State. Unseen cards (the deck, the face-down gifts) are
    filled with stand-ins in catalogue order, the Washing Machine at the bottom: no choice's
    visible effect depends on which unseen card is where."""
    doc = validate(source, PositionIn, data)
    rules = parse_rules(source, doc.rules)
    if rules.rescue_counts_gifts:
        raise InputError(
            source, "rules.rescue_counts_gifts", "advice sees only face-up cards; gifts are hidden"
        )
    catalogue: Catalogue = (
        build_catalogue(source, doc.cards, None, "cards") if doc.cards is not None else sample_catalogue()
    )
    names = [p.name for p in doc.players]
    seats = player_seats(source, names, "players", "name")
    if doc.to_move not in seats:
        raise InputError(source, "to_move", f"unknown player {doc.to_move!r}")
    used: dict[int, str] = {}

    def take(card_id: str, path: str, machine: bool = False) -> int:
        card = card_index(source, catalogue, card_id, path, machine)
        if card in used:
            raise InputError(source, path, f"card {card_id!r} already appears at {used[card]}")
        used[card] = path
        return card

    drawn = tuple(take(c, join_path("drawn", i), machine=True) for i, c in enumerate(doc.drawn))
    discard = tuple(take(c, join_path("discard", i)) for i, c in enumerate(doc.discard))
    collections = []
    for seat, player in enumerate(doc.players):
        path = join_path("players", seat)
        collections.append(
            tuple(take(c, join_path(join_path(path, "collection"), i)) for i, c in enumerate(player.collection))
        )
    first_of_game = sum(len(c) for c in collections) == 1
    known_sets = catalogue_sets(catalogue)
    wilds = []
    for seat, player in enumerate(doc.players):
        path = join_path("players", seat)
        own_wilds = [c for c in collections[seat] if catalogue.card_sets[c] is None]
        values: dict[int, tuple[str, WildValue]] = {}
        if player.super_sock is not None:
            if len(own_wilds) != 1:
                raise InputError(
                    source, join_path(path, "super_sock"), "give super_socks: not exactly one Super Sock here"
                )
            values[own_wilds[0]] = (join_path(path, "super_sock"), player.super_sock)
        for card_id, value in (player.super_socks or {}).items():
            where = join_path(join_path(path, "super_socks"), card_id)
            card = catalogue.index(card_id) if catalogue.knows(card_id) else None
            if card not in own_wilds:
                raise InputError(source, where, "not a Super Sock face up in this collection")
            values[card] = (where, value)
        for card in own_wilds:
            if card not in values:
                raise InputError(
                    source, join_path(path, "collection"), f"say the set of Super Sock {catalogue.id_of(card)}"
                )
            where, value = values[card]
            if isinstance(value, int):
                # The one rule of what play can type a Super Sock as (the scoring file's too).
                held = {n for c in collections[seat] if (n := catalogue.card_sets[c]) is not None}
                refusal = typed_set_refusal(value, held, known_sets, rules)
                if refusal is not None:
                    raise InputError(source, where, refusal)
            wilds.append(WildState.described(card, seat, value, first_of_game, rules))
    unseen = [c for c in range(len(catalogue.cards)) if c not in used]
    gifts = []
    for seat, player in enumerate(doc.players):
        if player.gifts > len(unseen):
            raise InputError(
                source, join_path(join_path("players", seat), "gifts"), "more gifts than unseen cards"
            )
        gifts.append(tuple(unseen[: player.gifts]))
        unseen = unseen[player.gifts:]
    deck = tuple(unseen) + (() if catalogue.wm in drawn else (catalogue.wm,))
    return State(
        catalogue=catalogue,
        rules=rules,
        names=tuple(names),
        deck=deck,
        drawn=drawn,
        collections=tuple(collections),
        gifts=tuple(gifts),
        discard=discard,
        wilds=tuple(wilds),
        current=seats[doc.to_move],
        turn=1,
        over=catalogue.wm in drawn,
        collected_any=any(collections),
    )


def advise(state: State) -> Advice:
    """Every legal choice with its effect on the visible scores, best first."""
    before = visible_scores(state)
    if state.over:
        return Advice(state, before, (), True)
    me = state.current
    choices = []
    for order, move in enumerate(legal_moves(state)):
        after_state = play(state, move)
        after = visible_scores(after_state)
        other = next(c for c in state.drawn if c != move.keep)
        best_other = max(after[s] for s in range(state.players) if s != me)
        changes = tuple(a - b for a, b in zip(after, before, strict=False))
        choice = Choice(move, _receiver(state, other), after, changes, after[me] - best_other)
        choices.append((-choice.margin, -changes[me], order, choice))
    choices.sort(key=lambda item: item[:3])
    return Advice(state, before, tuple(item[3] for item in choices), False)


def _receiver(state: State, card: int) -> int | None:
    return neighbour(state.players, state.current, state.catalogue.card_arrows[card])


def describe_move(state: State, move: Move) -> str:
    """A move in words: ``keep 5-1, pass 7-2 to Bo; Gift to Cy; Rescue 3-1 from Bo``."""
    catalogue, names = state.catalogue, state.names
    other = next(c for c in state.drawn if c != move.keep)
    receiver = _receiver(state, other)
    parts = [f"keep {catalogue.id_of(move.keep)}"]
    if move.super_set is not None:
        parts[-1] += f" into set {move.super_set}"
    passed = f"pass {catalogue.id_of(other)} to {names[receiver]}" if receiver is not None else (
        f"discard {catalogue.id_of(other)}"
    )
    if move.passed_super_set is not None:
        passed += f" (into their set {move.passed_super_set})"
    parts.append(passed)
    text = ", ".join(parts)
    for effect in move.effects:
        if isinstance(effect, GiftTo):
            text += f"; Gift to {names[effect.seat]}"
        elif isinstance(effect, RescueFrom):
            text += f"; Rescue {catalogue.id_of(effect.card)} from {names[effect.seat]}"
            if effect.super_set is not None:
                text += f" into set {effect.super_set}"
    return text
