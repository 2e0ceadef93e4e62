"""Oh My Socks!: the game engine (legal moves, playing a turn, the end of the game) on the
positions of ``model.socks.state``.

Conventions the rulebook leaves to the table, stated once:

- Seats are listed clockwise and seat 0 starts ("the player wearing the most fun socks").
  "Left" is the next seat clockwise, "right" the previous one.
- Two players sit side by side, seat 0 on the right of seat 1: a card seat 0 passes with a left
  arrow, or seat 1 with a right arrow, reaches the other player; any other arrow points at the
  empty side and the card is discarded face up.
- A move is everything decided during one turn: the card kept, the set a Super Sock joins (also
  the receiver's choice for a passed Super Sock, and the rescuer's for a rescued one), and the
  targets of the effects activated, in the order they are activated. A move may also state where
  the other card went (a seat, or discarded); the arrow decides that, so a stated pass is checked.

A turn: the two drawn cards are revealed; the kept card joins the collection, the other is passed
as its arrow says, and the kept card's effect is activated if possible (after the pass, or before
it under ``effect_timing=before_pass``). Then the next seat draws two; the game ends at once when
the Washing Machine is drawn.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol, TypeVar

from model.common.outcome import Outcome, Termination
from model.socks import scoring
from model.socks.cards import (
    BOTTOM_STACK,
    GIFT,
    LEFT,
    RESCUE,
    Arrow,
    Catalogue,
    DecidedBy,
    Effect,
    EffectName,
)
from model.socks.rules import IllegalMove, SocksRules
from model.socks.scoring import DECIDED_ORDER, Hand, Wild
from model.socks.state import WAIT_ANYONE, WAIT_END, WAIT_OWNER, State, Waiting, WildState, collection_sets

T = TypeVar("T")

#: How a move states that the other card was discarded (2-player variant).
Discarded = Literal["discard"]
DISCARD: Discarded = "discard"


@dataclass(frozen=True)
class GiftTo:
    """A Gift's target: the seat that receives the top card face down."""

    #: The receiving seat.
    seat: int


@dataclass(frozen=True)
class RescueFrom:
    """A Rescue's target: a single Sock in another seat's collection."""

    #: The seat it is taken from.
    seat: int
    #: The card taken (its catalogue index).
    card: int
    #: The set a rescued Super Sock joins in the rescuer's collection (None when no such choice).
    super_set: int | None = None

    @property
    def target(self) -> tuple[int, int]:
        """The seat and card, without the set chosen for a rescued Super Sock."""
        return self.seat, self.card


EffectChoice = GiftTo | RescueFrom


@dataclass(frozen=True)
class Move:
    """Every decision of one turn."""

    #: The drawn card kept (catalogue index).
    keep: int
    #: The set a kept Super Sock joins (None when no such choice arises).
    super_set: int | None = None
    #: The set a passed Super Sock joins, chosen by its receiver (None when no such choice).
    passed_super_set: int | None = None
    #: The effect targets, in the order the effects are activated.
    effects: tuple[EffectChoice, ...] = ()
    #: Where the other card went, as stated: the receiving seat, ``discard``, or None when the
    #: move does not say (the arrow decides it; a stated pass is checked against the arrow).
    passed_to: int | Discarded | None = None


def neighbour(players: int, seat: int, arrow: Arrow | None) -> int | None:
    """Where a card passed from ``seat`` goes (None: discarded, 2-player variant)."""
    if players == 2:
        reaches = (seat == 0) == (arrow == LEFT)
        return 1 - seat if reaches else None
    step = 1 if arrow == LEFT else -1
    return (seat + step) % players


# --- setup ---------------------------------------------------------------------------------


def shuffled_deck(catalogue: Catalogue, rng: random.Random) -> tuple[int, ...]:
    """The rulebook's setup: shuffle the Socks, shuffle 10 of them with the Washing Machine, and
    put that stack under the rest. Top card first."""
    socks = list(range(len(catalogue.cards)))
    rng.shuffle(socks)
    split = max(0, len(socks) - BOTTOM_STACK)
    bottom = socks[split:] + [catalogue.wm]
    rng.shuffle(bottom)
    return tuple(socks[:split] + bottom)


def check_setup(catalogue: Catalogue, deck: Sequence[int]) -> None:
    """Raise IllegalMove (rule setup) unless the deck holds every card once and the Washing
    Machine lies among the bottom 11."""
    if sorted(deck) != list(range(len(catalogue.cards) + 1)):
        missing = sorted(set(range(len(catalogue.cards) + 1)) - set(deck))
        shown = ", ".join(catalogue.id_of(c) for c in missing[:5])
        raise IllegalMove("setup", f"the draw pile lacks {shown}")
    from_bottom = len(deck) - list(deck).index(catalogue.wm)
    if from_bottom > BOTTOM_STACK + 1:
        raise IllegalMove(
            "setup",
            f"the Washing Machine is card {from_bottom} from the bottom; it must be among the "
            f"bottom {BOTTOM_STACK + 1}",
        )


def start(
    catalogue: Catalogue, rules: SocksRules, names: Sequence[str], deck: Sequence[int]
) -> State:
    """The position after setup, with the first seat's two cards drawn."""
    players = len(names)
    table = _Table.empty(catalogue, rules, players, deck)
    table.draw_for_turn()
    return table.freeze(tuple(names), 1)


def new_game(
    catalogue: Catalogue, rules: SocksRules, names: Sequence[str], rng: random.Random
) -> State:
    """A freshly shuffled game."""
    return start(catalogue, rules, names, shuffled_deck(catalogue, rng))


# --- the mutable table one turn works on ----------------------------------------------------


@dataclass(slots=True)
class _OpenWild:
    """A face-up Super Sock while a turn is worked on (a mutable WildState)."""

    card: int
    owner: int
    set: int | None
    waiting: Waiting | None


class _Table:
    """A working copy of a State for one turn (lists, not tuples)."""

    __slots__ = (
        "catalogue", "rules", "players", "deck", "drawn", "collections", "gifts", "discard",
        "wilds", "current", "over", "collected_any",
    )

    catalogue: Catalogue
    rules: SocksRules
    players: int
    #: The draw pile, top card last (so that drawing pops).
    deck: list[int]
    drawn: list[int]
    collections: list[list[int]]
    gifts: list[list[int]]
    discard: list[int]
    wilds: list[_OpenWild]
    current: int
    over: bool
    collected_any: bool

    @classmethod
    def empty(cls, catalogue: Catalogue, rules: SocksRules, players: int, deck: Sequence[int]) -> _Table:
        table = cls()
        table.catalogue, table.rules, table.players = catalogue, rules, players
        table.deck = list(reversed(deck))
        table.drawn, table.discard, table.wilds = [], [], []
        table.collections = [[] for _ in range(players)]
        table.gifts = [[] for _ in range(players)]
        table.current, table.over, table.collected_any = 0, False, False
        return table

    @classmethod
    def of(cls, state: State) -> _Table:
        table = cls()
        table.catalogue, table.rules, table.players = state.catalogue, state.rules, state.players
        table.deck = list(reversed(state.deck))
        table.drawn = list(state.drawn)
        table.collections = [list(c) for c in state.collections]
        table.gifts = [list(g) for g in state.gifts]
        table.discard = list(state.discard)
        table.wilds = [_OpenWild(w.card, w.owner, w.set, w.waiting) for w in state.wilds]
        table.current, table.over, table.collected_any = state.current, state.over, state.collected_any
        return table

    def freeze(self, names: tuple[str, ...], turn: int) -> State:
        return State(
            catalogue=self.catalogue,
            rules=self.rules,
            names=names,
            deck=tuple(reversed(self.deck)),
            drawn=tuple(self.drawn),
            collections=tuple(tuple(c) for c in self.collections),
            gifts=tuple(tuple(g) for g in self.gifts),
            discard=tuple(self.discard),
            wilds=tuple(WildState(w.card, w.owner, w.set, w.waiting) for w in self.wilds),
            current=self.current,
            turn=turn,
            over=self.over,
            collected_any=self.collected_any,
        )

    # where things are

    def sets_of(self, seat: int) -> tuple[int, ...]:
        return collection_sets(self.catalogue, self.collections[seat], self.wilds, seat)

    def neighbour(self, seat: int, arrow: Arrow | None) -> int | None:
        return neighbour(self.players, seat, arrow)

    def rescue_targets(self, rescuer: int) -> list[RescueFrom]:
        """Every single Sock another seat holds face up, in seat then collection order."""
        card_set = self.catalogue.card_sets
        counts_super = self.rules.rescue_counts_super
        targets: list[RescueFrom] = []
        for offset in range(1, self.players):
            seat = (rescuer + offset) % self.players
            typed = {w.card: w.set for w in self.wilds if w.owner == seat}
            count: dict[int, int] = {}
            first: dict[int, int] = {}
            for card in self.collections[seat]:
                kind = card_set[card]
                if kind is None:
                    kind = typed.get(card)
                    if kind is None or not counts_super:
                        continue
                count[kind] = count.get(kind, 0) + 1
                first.setdefault(kind, card)
            if self.rules.rescue_counts_gifts:
                for card in self.gifts[seat]:
                    kind = card_set[card]
                    if kind is not None and kind in count:
                        count[kind] += 1
            targets.extend(RescueFrom(seat, first[k]) for k, n in count.items() if n == 1)
        targets.sort(key=lambda t: ((t.seat - rescuer) % self.players, self.collections[t.seat].index(t.card)))
        return targets

    # moving cards

    def collect(self, seat: int, card: int, choose_set: Callable[[list[int]], int | None], kept: bool) -> None:
        """Add a card face up to a seat's collection (the Super Sock rules included)."""
        card_set = self.catalogue.card_sets[card]
        self.collections[seat].append(card)
        if card_set is not None:
            for wild in self.wilds:
                if wild.set is None and (
                    wild.waiting == WAIT_ANYONE or (wild.waiting == WAIT_OWNER and wild.owner == seat)
                ):
                    wild.set, wild.waiting = card_set, None
        else:
            first_of_game = kept and not self.collected_any
            held = list(self.sets_of(seat))
            waiting: Waiting
            if first_of_game:
                waiting = WAIT_ANYONE if self.rules.super_first_sock == "anyone" else WAIT_OWNER
                choose_set([])
                self.wilds.append(_OpenWild(card, seat, None, waiting))
            elif not kept and self.rules.super_received == "chosen_at_end":
                choose_set([])
                self.wilds.append(_OpenWild(card, seat, None, WAIT_END))
            elif held:
                self.wilds.append(_OpenWild(card, seat, choose_set(held), None))
            else:
                waiting = WAIT_OWNER if self.rules.super_without_set == "next_own_sock" else WAIT_END
                choose_set([])
                self.wilds.append(_OpenWild(card, seat, None, waiting))
        self.collected_any = True

    def take(self, rescuer: int, target: RescueFrom, choose_set: Callable[[list[int]], int | None]) -> None:
        """Move a rescued card into the rescuer's collection. A Super Sock joins one of the
        rescuer's sets (``choose_set``), or keeps its set under ``rescued_super=keeps_set``."""
        self.collections[target.seat].remove(target.card)
        for wild in self.wilds:
            if wild.card == target.card:
                wild.owner = rescuer
                self.collections[rescuer].append(target.card)
                if self.rules.rescued_super == "rescuer_chooses":
                    wild.set = None
                    held = list(self.sets_of(rescuer))
                    wild.set = choose_set(held)
                    if wild.set is None:
                        next_own = self.rules.super_without_set == "next_own_sock"
                        wild.waiting = WAIT_OWNER if next_own else WAIT_END
                return
        self.collect(rescuer, target.card, _no_choice, kept=False)

    def pop_top(self) -> int:
        return self.deck.pop()

    def draw_for_turn(self) -> None:
        """The seat to move draws two cards; the Washing Machine ends the game at once."""
        wm = self.catalogue.wm
        first = self.pop_top()
        if first == wm:
            self.drawn, self.over = [first], True
            return
        second = self.pop_top()
        if second == wm:
            self.over = True
            if self.rules.washing_machine_pair == "kept":
                self.drawn = [second]
                self.collect(self.current, first, _no_choice_end, kept=False)
                for wild in self.wilds:
                    if wild.card == first and wild.waiting is None and wild.set is None:
                        wild.waiting = WAIT_END
            else:
                self.drawn = [first, second]
            return
        self.drawn = [first, second]


def _no_choice(options: list[int]) -> int | None:
    # A rescued printed Sock never asks for a set; a Super Sock only waits.
    return options[0] if options else None


def _no_choice_end(options: list[int]) -> None:
    return None


# --- a turn, with its choice points -----------------------------------------------------------


class _Chooser:
    """Answers a turn's choice points: from a Move (checking it), at random, or by enumeration."""

    def keep(self, drawn: list[int]) -> int:
        raise NotImplementedError

    def set_for(self, options: list[int], kept: bool) -> int | None:
        raise NotImplementedError

    def set_for_done(self, kept: bool) -> None:
        """Called once the kept (or passed) card has joined its collection."""

    def passed(self, receiver: int | None) -> None:
        """Called when the other card is passed to ``receiver`` (None: discarded)."""

    def rescued_set(self, options: list[int]) -> int | None:
        """The rescuer's set for a rescued Super Sock: one of ``options`` (None when empty)."""
        raise NotImplementedError

    def rescued_done(self) -> None:
        """Called once a rescued card has joined the rescuer's collection."""

    def effect(self, kind: EffectName, options: Sequence[EffectChoice], state: _Table) -> EffectChoice | None:
        raise NotImplementedError

    def finish(self) -> None:
        """Called once the turn is over (the game may have ended during it)."""


def _run_turn(table: _Table, chooser: _Chooser) -> None:
    seat = table.current
    drawn = table.drawn
    keep = chooser.keep(list(drawn))
    other = drawn[1] if drawn[0] == keep else drawn[0]
    table.drawn = []
    table.collect(seat, keep, lambda options: chooser.set_for(options, kept=True), kept=True)
    chooser.set_for_done(kept=True)
    effect = table.catalogue.card_effects[keep]
    if table.rules.effect_timing == "before_pass":
        _activate(table, chooser, seat, effect)
        if table.over:
            table.drawn = [other] + table.drawn
            chooser.set_for_done(kept=False)
            chooser.finish()
            return
    receiver = table.neighbour(seat, table.catalogue.card_arrows[other])
    chooser.passed(receiver)
    if receiver is None:
        table.discard.append(other)
    else:
        table.collect(receiver, other, lambda options: chooser.set_for(options, kept=False), kept=False)
    chooser.set_for_done(kept=False)
    if table.rules.effect_timing == "after_pass":
        _activate(table, chooser, seat, effect)
    chooser.finish()


def _activate(table: _Table, chooser: _Chooser, seat: int, effect: Effect) -> None:
    """Activate a kept card's effect (and, under rescued_card_effect, a rescued card's)."""
    while effect is not None and not table.over:
        if effect == GIFT:
            everyone = range(table.players)
            seats = [s for s in everyone if table.rules.gift_to_self or s != seat]
            choice = chooser.effect(GIFT, [GiftTo(s) for s in seats], table)
            assert isinstance(choice, GiftTo)  # one of the seats offered
            top = table.pop_top()
            if top == table.catalogue.wm:
                if table.rules.gift_washing_machine == "gift_lost":
                    table.deck.append(top)
                else:
                    table.drawn, table.over = [top], True
            else:
                table.gifts[choice.seat].append(top)
            return
        targets = table.rescue_targets(seat)
        rescued = chooser.effect(RESCUE, targets, table)
        if rescued is None:
            return
        assert isinstance(rescued, RescueFrom)  # one of the targets offered
        table.take(seat, rescued, chooser.rescued_set)
        chooser.rescued_done()
        effect = table.catalogue.card_effects[rescued.card] if table.rules.rescued_card_effect else None


class _FromMove(_Chooser):
    """Plays a given Move, refusing the first decision that breaks a rule."""

    def __init__(self, move: Move, state: State) -> None:
        self.move, self.current, self.players = move, state.current, state.players
        self.names, self.catalogue, self.drawn = state.names, state.catalogue, state.drawn
        self.next_effect = 0
        self.sets_used = {True: False, False: False}
        self.was_passed = False
        self.rescue: RescueFrom | None = None
        self.rescue_set_used = False

    def keep(self, drawn: list[int]) -> int:
        if self.move.keep not in drawn:
            raise IllegalMove("keep", "the kept card is not one of the two cards drawn")
        return self.move.keep

    def set_for(self, options: list[int], kept: bool) -> int | None:
        given = self.move.super_set if kept else self.move.passed_super_set
        self.sets_used[kept] = True
        who = "the player" if kept else "the receiver"
        if not options:
            if given is not None:
                raise IllegalMove(
                    "super-sock-set",
                    f"{who} holds no Sock set to add this Super Sock to now: its set is decided later",
                )
            return None
        if given is None:
            raise IllegalMove("super-sock-set", f"{who} must add the Super Sock to one of their sets")
        if given not in options:
            shown = ", ".join(str(o) for o in options)
            raise IllegalMove("super-sock-set", f"set {given} is not among {who}'s sets ({shown})")
        return given

    def set_for_done(self, kept: bool) -> None:
        given = self.move.super_set if kept else self.move.passed_super_set
        if given is not None and not self.sets_used[kept]:
            what = "kept" if kept else "passed"
            raise IllegalMove("super-sock-set", f"a set is named but the {what} card is not a Super Sock")

    def passed(self, receiver: int | None) -> None:
        self.was_passed = True
        stated = self.move.passed_to
        if stated is None or stated == (DISCARD if receiver is None else receiver):
            return
        other = next(c for c in self.drawn if c != self.move.keep)
        card, arrow = self.catalogue.id_of(other), self.catalogue.card_arrows[other]
        said = "discarded" if stated == DISCARD else f"passed to seat {stated}"
        if isinstance(stated, int) and 0 <= stated < self.players:
            said = f"passed to {self.names[stated]}"
        if receiver is None:
            raise IllegalMove(
                "two-player-discard", f"{card}'s arrow points {arrow}, at the side with no-one: it is "
                f"discarded, not {said}",
            )
        raise IllegalMove("pass", f"{card}'s arrow points {arrow}: it goes to {self.names[receiver]}, not {said}")

    def rescued_set(self, options: list[int]) -> int | None:
        assert self.rescue is not None  # asked only right after a Rescue target is given
        given = self.rescue.super_set
        self.rescue_set_used = True
        if not options:
            if given is not None:
                raise IllegalMove(
                    "super-sock-set", "the rescuer holds no Sock set to add this Super Sock to now"
                )
            return None
        if given is None:
            raise IllegalMove("super-sock-set", "the rescuer must add the Super Sock to one of their sets")
        if given not in options:
            shown = ", ".join(str(o) for o in options)
            raise IllegalMove("super-sock-set", f"set {given} is not among the rescuer's sets ({shown})")
        return given

    def rescued_done(self) -> None:
        if self.rescue is not None and self.rescue.super_set is not None and not self.rescue_set_used:
            raise IllegalMove(
                "super-sock-set",
                "a set is named for the rescued card, but no set is chosen for it (it is not a Super "
                "Sock, or under rescued_super=keeps_set it keeps its set)",
            )
        self.rescue, self.rescue_set_used = None, False

    def effect(self, kind: EffectName, options: Sequence[EffectChoice], state: _Table) -> EffectChoice | None:
        effects = self.move.effects
        given = effects[self.next_effect] if self.next_effect < len(effects) else None
        if kind == RESCUE and not options:
            if isinstance(given, RescueFrom):
                raise IllegalMove("rescue-ignored", "no player has a single Sock, so Rescue is ignored")
            return None
        self.next_effect += 1
        if kind == GIFT:
            if not isinstance(given, GiftTo):
                raise IllegalMove("effect-activate", "the kept Gift must be given to a player")
            if not 0 <= given.seat < self.players:
                raise IllegalMove("gift-recipient", f"there is no seat {given.seat}")
            if given not in options:
                raise IllegalMove("gift-recipient", "under gift_to_self=false a Gift goes to another player")
            return given
        if not isinstance(given, RescueFrom):
            raise IllegalMove("effect-activate", "a single Sock can be rescued, so Rescue must take one")
        if given.seat == self.current or not 0 <= given.seat < self.players:
            raise IllegalMove("rescue-another-player", "Rescue takes a Sock from another player")
        card, owner = self.catalogue.id_of(given.card), self.names[given.seat]
        if given.card not in state.collections[given.seat]:
            raise IllegalMove("rescue-in-collection", f"{card} is not face up in {owner}'s collection")
        if not any(isinstance(o, RescueFrom) and o.target == given.target for o in options):
            raise IllegalMove("rescue-only-one", f"{card} is not the only Sock of its type in {owner}'s collection")
        self.rescue = given
        return given

    def finish(self) -> None:
        if self.next_effect < len(self.move.effects):
            raise IllegalMove("effect-none", "an effect target is given but no effect is activated for it")
        if self.move.passed_to is not None and not self.was_passed:
            raise IllegalMove(
                "game-over", "the game ended before the other card was passed: it is not played"
            )


class _Pick(Protocol):
    """Makes one decision: one of the options (``random.Random.choice``, or an enumeration's)."""

    def __call__(self, options: Sequence[T], /) -> T: ...


class _Recorder(_Chooser):
    """Makes each decision with ``pick`` and records the Move it amounts to."""

    def __init__(self, pick: _Pick) -> None:
        self.pick = pick
        self.kept: int | None = None
        self.sets: dict[bool, int | None] = {True: None, False: None}
        self.effects: list[EffectChoice] = []

    def keep(self, drawn: list[int]) -> int:
        kept = self.pick(drawn)
        self.kept = kept
        return kept

    def set_for(self, options: list[int], kept: bool) -> int | None:
        if not options:
            return None
        chosen = self.pick(options)
        self.sets[kept] = chosen
        return chosen

    def set_for_done(self, kept: bool) -> None:
        pass

    def rescued_set(self, options: list[int]) -> int | None:
        if not options:
            return None
        chosen = self.pick(options)
        rescued = self.effects[-1]
        assert isinstance(rescued, RescueFrom)  # asked only right after a Rescue target is picked
        self.effects[-1] = replace(rescued, super_set=chosen)
        return chosen

    def effect(self, kind: EffectName, options: Sequence[EffectChoice], state: _Table) -> EffectChoice | None:
        if not options:
            return None
        choice = self.pick(options)
        self.effects.append(choice)
        return choice

    def move(self) -> Move:
        assert self.kept is not None
        return Move(self.kept, self.sets[True], self.sets[False], tuple(self.effects))


class _Branch(Exception):
    """Raised by the enumerating picker at the first decision past its prefix."""

    def __init__(self, count: int) -> None:
        self.count = count


def _finish_turn(table: _Table, state: State) -> State:
    if table.over:
        return table.freeze(state.names, state.turn)
    table.current = (state.current + 1) % state.players
    table.draw_for_turn()
    return table.freeze(state.names, state.turn + 1)


# --- the public interface ---------------------------------------------------------------------


def is_pseudo_legal(state: State, move: Move) -> bool:
    """The move's shape fits the position: the game is on and the kept card was drawn."""
    return not state.over and move.keep in state.drawn


def check_move(state: State, move: Move) -> None:
    """Raise IllegalMove naming the first rule the move breaks."""
    play(state, move)


def is_legal(state: State, move: Move) -> bool:
    if not is_pseudo_legal(state, move):
        return False
    try:
        play(state, move)
    except IllegalMove:
        return False
    return True


def play(state: State, move: Move) -> State:
    """The position after ``move``; IllegalMove names the first rule it breaks."""
    if state.over:
        raise IllegalMove("game-over", "the game is over: the Washing Machine was drawn")
    table = _Table.of(state)
    _run_turn(table, _FromMove(move, state))
    return _finish_turn(table, state)


def play_random(state: State, rng: random.Random) -> tuple[Move, State]:
    """A random legal move (each decision uniform among its options) and the position after it."""
    table = _Table.of(state)
    recorder = _Recorder(rng.choice)
    _run_turn(table, recorder)
    return recorder.move(), _finish_turn(table, state)


def legal_moves(state: State) -> list[Move]:
    """Every legal move, in a fixed order (kept card as drawn, then sets, then targets)."""
    if state.over:
        return []
    moves: list[Move] = []
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        position = iter(prefix)

        def pick(options: Sequence[T], /, position: Iterator[int] = position) -> T:
            index = next(position, None)
            if index is None:
                raise _Branch(len(options))
            return options[index]

        recorder = _Recorder(pick)
        try:
            _run_turn(_Table.of(state), recorder)
        except _Branch as branch:
            stack.extend(prefix + [i] for i in reversed(range(branch.count)))
            continue
        moves.append(recorder.move())
    return moves


# --- the end of the game ------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """The end of a game, as the engine scores it."""

    #: Each seat's total, with open Super Socks placed at best.
    scores: tuple[int, ...]
    #: Each seat's set count for the tie-break.
    set_counts: tuple[int, ...]
    #: The winning seats.
    winners: tuple[int, ...]
    #: ``score``, ``fewest_sets``, ``shared`` or ``no_winner``.
    decided_by: DecidedBy
    #: The players' names, by seat.
    names: tuple[str, ...]

    @property
    def outcome(self) -> Outcome:
        """The end in the shape every game gives it: the Washing Machine ended it; the winners by
        name; ``decided_by`` the tie-break's word (``fewest_sets``, ``shared``, ``no_winner``), or
        ``""`` when the highest score alone decided."""
        decided_by = "" if self.decided_by == "score" else self.decided_by
        winners = tuple(self.names[seat] for seat in self.winners)
        return Outcome(Termination.END_CARD, winners, decided_by)


def _engine_totals(state: State, seat: int) -> tuple[int, int]:
    # Gifts revealed join their sets; a waiting or face-down Super Sock takes the best set. Each
    # placement is scored by the rule functions of model.socks.scoring.
    card_set, card_stars = state.catalogue.card_sets, state.catalogue.card_stars
    printed: dict[int, int] = {}
    stars: dict[int, int] = {}
    supers: dict[int, int] = {}
    open_wilds = 0
    for card in state.collections[seat] + state.gifts[seat]:
        number = card_set[card]
        if number is None:
            continue
        printed[number] = printed.get(number, 0) + 1
        stars[number] = stars.get(number, 0) + card_stars[card]
    faceup_wilds = {w.card: w for w in state.wilds}
    for card in state.collections[seat] + state.gifts[seat]:
        if card_set[card] is not None:
            continue
        wild = faceup_wilds.get(card)
        if wild is not None and wild.set is not None:
            supers[wild.set] = supers.get(wild.set, 0) + 1
            printed.setdefault(wild.set, 0)
            stars.setdefault(wild.set, 0)
        else:
            open_wilds += 1
    domain = scoring.super_sock_sets(printed, supers)
    best: tuple[int, int] | None = None
    for placement in itertools.product(domain, repeat=open_wilds if domain else 0):
        trial = dict(supers)
        for number in placement:
            trial[number] = trial.get(number, 0) + 1
        sets = [(printed[n], stars[n], trial.get(n, 0)) for n in sorted(printed)]
        score, counted = scoring.hand_totals(sets, state.rules.tie_break_counts)
        if best is None or (score, -counted) > (best[0], -best[1]):
            best = (score, counted)
    assert best is not None
    return best


def outcome(state: State) -> Result | None:
    """None while the game goes on; else the scores and winners (checked in the rulebook's
    order: highest total, then fewest sets, then the ``final_tie`` option; see
    ``model.socks.scoring.winner_flags``)."""
    if not state.over:
        return None
    totals = [_engine_totals(state, seat) for seat in range(state.players)]
    scores = tuple(t[0] for t in totals)
    set_counts = tuple(t[1] for t in totals)
    flags, decided = scoring.winner_flags(scores, set_counts, state.rules.final_tie)
    winners = tuple(seat for seat, won in enumerate(flags) if won)
    return Result(scores, set_counts, winners, DECIDED_ORDER[decided], state.names)


def final_hands(state: State) -> list[Hand]:
    """Each seat's hand at the end (gifts revealed), for the scoring model."""
    catalogue = state.catalogue
    faceup_wilds = {w.card: w for w in state.wilds}
    hands = []
    for seat, name in enumerate(state.names):
        stars: dict[int, list[int]] = {}
        wilds = []
        for card in state.collections[seat]:
            number = catalogue.card_sets[card]
            if number is None:
                wilds.append(Wild(catalogue.id_of(card), faceup_wilds[card].set))
            else:
                stars.setdefault(number, []).append(catalogue.card_stars[card])
        for card in state.gifts[seat]:
            number = catalogue.card_sets[card]
            if number is None:
                wilds.append(Wild(catalogue.id_of(card), None, face_down=True))
            else:
                stars.setdefault(number, []).append(catalogue.card_stars[card])
        sets = tuple((n, tuple(v)) for n, v in sorted(stars.items()))
        hands.append(Hand(name, sets, tuple(wilds)))
    return hands


def places(state: State) -> dict[int, str]:
    """Where each card is (for invariant checks): ``deck``, ``drawn``, ``collection:N``,
    ``gifts:N`` or ``discard``. Raises ValueError when a card is in two places."""
    where: dict[int, str] = {}

    def put(cards: Sequence[int], place: str) -> None:
        for card in cards:
            if card in where:
                raise ValueError(f"card {state.catalogue.id_of(card)} is in {where[card]} and {place}")
            where[card] = place

    put(state.deck, "deck")
    put(state.drawn, "drawn")
    put(state.discard, "discard")
    for seat in range(state.players):
        put(state.collections[seat], f"collection:{seat}")
        put(state.gifts[seat], f"gifts:{seat}")
    return where
