"""White House intern game invariants: the face-up rows and their costs, and the table as a state
machine, each stated about the engine's own functions.

Two ways of arguing (``Invariant.argument``):

- ``single-source``: the row rules are written once in ``model.whitehouse.table`` (``slot_cost``,
  ``discard_pays`` against ``model.common.ops``; ``take_from_row`` and ``refill``, which decide on
  a row's shape alone). Z3 runs those very functions on symbolic values (``checks.z3ops.Z3``; card
  IDs as Z3 integers, every shape of deck, row and hand enumerated) and proves the rulebook's
  sentence, its numbers written here as literals. The functions are looked up at call time, so a
  patched engine function is the one proved.
- ``exhaustive``: every state of a stated domain (the small tables of
  ``checks.whitehouse.explore``, and every game of a bounded number of decisions from them) is
  run through the engine's own ``new_game``, ``legal_moves`` and ``apply``, with the real Trick
  oracle, and the property checked on each.

A counterexample is a state the engine accepts, replayed through the engine.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import z3

from checks.core import Context, Invariant, count, read
from checks.result import Counterexample
from checks.whitehouse import explore as pos
from checks.whitehouse.explore import Seat
from checks.z3ops import Z3
from model.common.outcome import Outcome, Termination
from model.whitehouse import engine, table
from model.whitehouse import rules as game_rules
from model.whitehouse.cards import sample_catalogue
from model.whitehouse.network.arrangement import TRICKS_OPTIONS
from model.whitehouse.rules import WHITEHOUSE_OPTIONS, IllegalMove, WhitehouseRules
from model.whitehouse.state import (
    SLOTS,
    Arrival,
    Keep,
    Lock,
    LockHand,
    NoLies,
    Pass,
    Play,
    Player,
    PlayLies,
    State,
    Take,
)
from solver.network.oracle import trick_oracle

if TYPE_CHECKING:
    from model.whitehouse.state import Slot

GAME = "whitehouse"
SLOT_NAMES: tuple[Slot, Slot, Slot] = ("closest", "middle", "furthest")
MAX_DECK, MAX_HAND = 3, 3
#: The rulebook's costs, closest to furthest: "the closest Supporter card to the Deck by
#: discarding two Supporters", "the middle Supporter by discarding a Supporter", "the furthest
#: Supporter from the Deck for free".
RULEBOOK_COST = (2, 1, 0)
#: "The first player to make 7 Tricks wins."
RULEBOOK_WIN = 7


# --- the cases of a take (single-source: the engine's own row functions on Z3 terms) ----------------


@dataclass(frozen=True)
class Shape:
    """The shape of one take: what is where, which slot is taken, which hand cards pay."""

    deck: int
    filled: tuple[bool, bool, bool]
    hand: int
    slot: int
    discards: tuple[int, ...]


def shapes() -> list[Shape]:
    out = []
    for deck in range(MAX_DECK + 1):
        for filled in itertools.product((False, True), repeat=3):
            for hand in range(MAX_HAND + 1):
                for slot in range(3):
                    if not filled[slot]:
                        continue
                    for discards in itertools.combinations(range(hand), RULEBOOK_COST[slot]):
                        out.append(Shape(deck, filled, hand, slot, discards))  # type: ignore[arg-type]
    return out


@dataclass
class Symbols:
    deck: list[Any]
    row: list[Any]
    hand: list[Any]

    @classmethod
    def make(cls) -> Symbols:
        return cls([z3.Int(f"d{i}") for i in range(MAX_DECK)], [z3.Int(f"r{i}") for i in range(3)],
                   [z3.Int(f"h{i}") for i in range(MAX_HAND)])

    def facts(self) -> list[Any]:
        ids = self.deck + self.row + self.hand
        return [v > 0 for v in ids] + [z3.Distinct(ids)]


@dataclass
class TakeTerms:
    """A take worked through the engine's row functions on Z3 terms: the places before and after
    (None is an empty slot)."""

    before_deck: list[Any]
    before_row: list[Any]
    before_hand: list[Any]
    deck: list[Any]
    row: list[Any]
    hand: list[Any]
    taken: Any


def symbolic_take(sym: Symbols, shape: Shape, top_up: bool) -> TakeTerms:
    """The discards go to the bottom of the deck, the card leaves its slot (``table.take_from_row``),
    the row is refilled (``table.refill``): the engine's functions, called on Z3 terms."""
    deck = sym.deck[:shape.deck]
    row = [sym.row[i] if shape.filled[i] else None for i in range(3)]
    hand = sym.hand[:shape.hand]
    paid = [hand[i] for i in shape.discards]
    kept = [c for i, c in enumerate(hand) if i not in shape.discards]
    left, taken = table.take_from_row(row, shape.slot)
    new_row, new_deck = table.refill(left, deck + paid, top_up)
    return TakeTerms(deck, row, hand, list(new_deck), list(new_row), kept + [taken], taken)


def replay_take(rules: Any, shape: Shape, deck: list[int], row: Sequence[int | None], hand: list[int]) -> Any:
    """Apply ``Take(supporter, slot, discards)`` to a two-player table of the sample catalogue with
    these Supporters (the hand holds Supporters only, so nothing can lock); the state before, the
    move, whether ``legal_moves`` lists it, and the state after (None when refused)."""
    catalogue = sample_catalogue()
    events = catalogue.ids("event")
    distractions = catalogue.ids("distraction")
    state = State(
        catalogue=catalogue, rules=rules,
        players=(Player(supporters=tuple(hand)), Player()),
        decks=(tuple(deck), tuple(events[3:]), tuple(distractions[3:])),
        rows=((row[0], row[1], row[2]), (events[0], events[1], events[2]),
              (distractions[0], distractions[1], distractions[2])),
        current=0, phase="supporter", round_order=(0, 1),
    )
    move = Take("supporter", SLOT_NAMES[shape.slot], tuple(hand[i] for i in shape.discards))
    referee = engine.Engine(catalogue, rules, trick_oracle(rules.tricks))
    legal = move in referee.legal_moves(state)
    after = referee.apply(state, move, 0) if legal else None
    return state, move, legal, after


def _decode_shape(model: z3.ModelRef, sym: Symbols, shape: Shape) -> tuple[list[int], list[int | None], list[int]]:
    # Map the symbolic IDs onto real Supporter numbers, keeping their order.
    ids = sample_catalogue().ids("supporter")
    used = [read(model, v) for v in sym.deck[:shape.deck] + sym.row + sym.hand[:shape.hand]]
    rank = {v: ids[i] for i, v in enumerate(sorted(set(used)))}
    deck = [rank[read(model, v)] for v in sym.deck[:shape.deck]]
    row = [rank[read(model, sym.row[i])] if shape.filled[i] else None for i in range(3)]
    hand = [rank[read(model, v)] for v in sym.hand[:shape.hand]]
    return deck, row, hand


def _draw_table(deck: list[int], row: Sequence[int | None], hand: list[int]) -> str:
    slots = " ".join("__" if c is None else f"S{c}" for c in row)
    return (f"Supporter Deck (top first): {' '.join(f'S{c}' for c in deck) or 'empty'}\n"
            f"Supporter row (closest .. furthest): {slots}\n"
            f"Active Hand: {' '.join(f'S{c}' for c in hand) or 'empty'}")


def _case_counterexample(
    ctx: Context, violation: Callable[[TakeTerms, Shape], Any]
) -> tuple[Shape, list[int], list[int | None], list[int]] | None:
    """Ask Z3 for a take, over every row shape, that breaks ``violation``; decoded as the shape
    and the deck, row and hand it needs, or None when no take does."""
    sym = Symbols.make()
    all_shapes = shapes()
    case = z3.Int("case")
    solver = ctx.solver()
    solver.add(*sym.facts())
    top_up = ctx.rules.empty_deck == "top_up"
    options = []
    for index, shape in enumerate(all_shapes):
        take = symbolic_take(sym, shape, top_up)
        options.append(z3.And(case == index, violation(take, shape)))
    solver.add(z3.Or(options))
    model = ctx.search(solver)
    if model is None:
        return None
    shape = all_shapes[read(model, case)]
    return (shape, *_decode_shape(model, sym, shape))


def _cards_of(state: Any) -> list[int]:
    player = state.players[0]
    return sorted(list(state.decks[0]) + [c for c in state.rows[0] if c is not None]
                  + list(player.supporters))


def _present(values: Sequence[Any]) -> list[Any]:
    return [v for v in values if v is not None]


# --- WH-1: a take and its refill conserve the cards -------------------------------------------


def check_conserved(ctx: Context) -> Counterexample | None:
    probe = z3.Int("probe")

    def violation(take: TakeTerms, shape: Shape) -> Any:
        before = take.before_deck + _present(take.before_row) + take.before_hand
        after = take.deck + _present(take.row) + take.hand
        # Every card once before (distinct IDs): some card is not exactly once after.
        return z3.And(probe > 0, count(v == probe for v in before) != count(v == probe for v in after))

    found = _case_counterexample(ctx, violation)
    if found is None:
        return None
    shape, deck, row, hand = found
    state, move, legal, after = replay_take(ctx.rules, shape, deck, row, hand)
    before_cards = _cards_of(state)
    after_cards = _cards_of(after) if after is not None else before_cards
    return Counterexample(
        {"deck": deck, "row": row, "hand": hand, "take": SLOT_NAMES[shape.slot],
         "discards": list(move.discards), "cards_before": before_cards, "cards_after": after_cards},
        _draw_table(deck, row, hand) + f"\nTake the {SLOT_NAMES[shape.slot]} Supporter",
        f"Engine.apply: {'legal' if legal else 'refused'}; Supporters on the table before "
        f"{before_cards}, after {after_cards} (take_from_row and refill are the engine's own functions)",
        legal and before_cards != after_cards,
    )


# --- WH-2: the cost of a slot ----------------------------------------------------------------


def check_cost(ctx: Context) -> Counterexample | None:
    slot = z3.Int("slot")
    solver = ctx.solver()
    solver.add(slot >= 0, slot <= 2)
    # The rulebook's numbers: the closest costs 2, the middle 1, the furthest is free.
    printed = z3.If(slot == 0, z3.IntVal(2), z3.If(slot == 1, z3.IntVal(1), z3.IntVal(0)))
    solver.add(table.slot_cost(slot, Z3) != printed)
    model = ctx.search(solver)
    if model is None:
        return None
    index = read(model, slot)
    cost = read(model, table.slot_cost(z3.IntVal(index), Z3))
    # Replayed: a hand of three Supporters before a full row; the discard sizes the engine offers.
    ids = sample_catalogue().ids("supporter")
    hand, row, deck = list(ids[:3]), [ids[3], ids[4], ids[5]], list(ids[6:9])
    shape = Shape(len(deck), (True, True, True), 3, index, ())
    state, _, _, _ = replay_take(ctx.rules, shape, deck, row, hand)
    referee = engine.Engine(state.catalogue, ctx.rules, trick_oracle(ctx.rules.tricks))
    sizes = sorted({len(m.discards) for m in referee.legal_moves(state)
                    if isinstance(m, Take) and m.slot == SLOT_NAMES[index]})
    return Counterexample(
        {"slot": SLOT_NAMES[index], "cost": cost, "rulebook": RULEBOOK_COST[index], "hand": hand, "row": row},
        _draw_table(deck, row, hand) + f"\nThe {SLOT_NAMES[index]} Supporter costs {cost} discards "
        f"(the rulebook: {RULEBOOK_COST[index]})",
        f"Engine.legal_moves offers the {SLOT_NAMES[index]} Supporter for {sizes or 'no'} discards "
        f"(slot_cost is the engine's own function)",
        sizes != [RULEBOOK_COST[index]],
    )


# --- WH-3: the row keeps its order and refills from the top -------------------------------------


def check_row_order(ctx: Context) -> Counterexample | None:
    top_up = ctx.rules.empty_deck == "top_up"

    def violation(take: TakeTerms, shape: Shape) -> Any:
        remaining = [take.before_row[j] for j in range(3) if j != shape.slot and shape.filled[j]]
        deck_before = take.before_deck + [take.before_hand[i] for i in shape.discards]
        wrong: list[Any] = []
        if not top_up:
            # "Draw a new card from the top of the Supporter Deck and place it in the slot closest
            # to the Deck; the two remaining face-up cards keep their order."
            expected = [deck_before[0] if deck_before else None] + [
                take.before_row[j] for j in range(3) if j != shape.slot]
            for got, want in zip(take.row, expected, strict=True):
                if (got is None) != (want is None):
                    return z3.BoolVal(True)
                if got is not None:
                    wrong.append(got != want)
            return z3.Or(wrong) if wrong else z3.BoolVal(False)
        # top_up: the remaining cards sit furthest from the deck in their old order, every empty
        # slot is filled while the deck has cards, each new card one of the deck's top cards.
        present = _present(take.row)
        drawn = len(present) - len(remaining)
        if drawn != min(3 - len(remaining), len(deck_before)) or any(
                take.row[j] is None for j in range(3 - len(present), 3)):
            return z3.BoolVal(True)
        wrong += [a != b for a, b in zip(present[drawn:], remaining, strict=True)]
        top = deck_before[:drawn]
        wrong += [z3.And([v != t for t in top]) for v in present[:drawn]]
        return z3.Or(wrong) if wrong else z3.BoolVal(False)

    found = _case_counterexample(ctx, violation)
    if found is None:
        return None
    shape, deck, row, hand = found
    state, move, legal, after = replay_take(ctx.rules, shape, deck, row, hand)
    new_row = list(after.rows[0]) if after is not None else row
    deck_before = deck + [hand[i] for i in shape.discards]
    remaining = [row[j] for j in range(3) if j != shape.slot]
    if not top_up:
        expected: list[int | None] = [deck_before[0] if deck_before else None] + remaining
        kept = new_row == expected
        wanted = f"the rulebook's row {expected}"
    else:
        present = [c for c in new_row if c is not None]
        left = [c for c in remaining if c is not None]
        drawn = len(present) - len(left)
        kept = (drawn == min(3 - len(left), len(deck_before)) and present[drawn:] == left
                and all(c in deck_before[:drawn] for c in present[:drawn]))
        wanted = "the remaining cards furthest in order, the empty slots topped up from the deck"
    return Counterexample(
        {"deck": deck, "row": row, "hand": hand, "take": SLOT_NAMES[shape.slot], "row_after": new_row},
        _draw_table(deck, row, hand) + f"\nTake the {SLOT_NAMES[shape.slot]} Supporter: the row becomes "
        + " ".join("__" if c is None else f"S{c}" for c in new_row),
        f"Engine.apply leaves the row {new_row}, not {wanted} (take_from_row and refill are the engine's own "
        "functions)",
        legal and not kept,
    )


# --- WH-4: which discards pay ------------------------------------------------------------------


def rulebook_pays(row: str, slot: Any, supporters: Any, events: Any, mixed: bool) -> Any:
    """The rulebook's sentences as a Z3 formula: the closest costs two, the middle one, the
    furthest nothing; Supporters pay for Supporters, Events for Events, and "a Supporter or Event"
    ("two Supporter or Event cards") for a Distraction; option mixed_distraction_cost=false: two
    cards of one kind."""
    cost = z3.If(slot == 0, z3.IntVal(2), z3.If(slot == 1, z3.IntVal(1), z3.IntVal(0)))
    if row == "supporter":
        return z3.And(supporters == cost, events == 0)
    if row == "event":
        return z3.And(events == cost, supporters == 0)
    total = supporters + events == cost
    return total if mixed else z3.And(total, z3.Not(z3.And(supporters == 1, events == 1)))


def _hand_table(rules: Any, row: str, supporters: int, events: int) -> State:
    """A two-player table of the checks' catalogue: player 0 to take from ``row`` with a hand of
    ``supporters`` Supporters and ``events`` Events, every row full."""
    referee = pos.engine(rules)
    return pos.table(referee, [Seat(supporters=(1, 2, 3)[:supporters], events=("A", "B", "C")[:events]), Seat()],
                     ((), (), ()), ((4, 5, 6), ("D", "E", "F"), ("R1", "R2", "R3")), phase=row)


def _offered_discards(referee: engine.Engine, state: State, slot: Slot) -> set[tuple[int, int]]:
    out = set()
    for move in referee.legal_moves(state):
        if isinstance(move, (Take, Play)) and move.slot == slot:
            s = sum(1 for c in move.discards if isinstance(c, int))
            out.add((s, len(move.discards) - s))
    return out


def check_pays(ctx: Context) -> Counterexample | None:
    mixed = ctx.rules.mixed_distraction_cost
    slot, s, e = z3.Int("slot"), z3.Int("supporters"), z3.Int("events")
    for row in ("supporter", "event", "distraction"):
        solver = ctx.solver()
        solver.add(slot >= 0, slot <= 2, s >= 0, e >= 0, s <= MAX_HAND, e <= MAX_HAND)
        solver.add(table.discard_pays(slot, s, e, row, mixed, Z3) != rulebook_pays(row, slot, s, e, mixed))
        model = ctx.search(solver)
        if model is None:
            continue
        index, ns, ne = read(model, slot), read(model, s), read(model, e)
        pays = bool(read(model, table.discard_pays(z3.IntVal(index), z3.IntVal(ns), z3.IntVal(ne), row, mixed, Z3)))
        state = _hand_table(ctx.rules, row, MAX_HAND, MAX_HAND)
        offered = (ns, ne) in _offered_discards(pos.engine(ctx.rules), state, SLOT_NAMES[index])
        return Counterexample(
            {"row": row, "slot": SLOT_NAMES[index], "supporters": ns, "events": ne, "pays": pays},
            pos.draw_state(state) + f"\nDiscard {ns} Supporters and {ne} Events for the {SLOT_NAMES[index]} {row}",
            f"discard_pays says {'it pays' if pays else 'it does not pay'}; Engine.legal_moves "
            f"{'offers' if offered else 'does not offer'} it (discard_pays is the engine's own function)",
            offered == pays,
        )
    return None


# --- WH-5: legal_moves offers exactly the takes that pay ------------------------------------------


def _subsets(cards: tuple[Any, ...]) -> Iterator[frozenset[Any]]:
    for size in range(len(cards) + 1):
        for chosen in itertools.combinations(cards, size):
            yield frozenset(chosen)


def _literal_pays(row: str, slot_index: int, chosen: frozenset[Any], mixed: bool) -> bool:
    cost = RULEBOOK_COST[slot_index]
    supporters = sum(1 for c in chosen if isinstance(c, int))
    events = len(chosen) - supporters
    if row == "supporter":
        return supporters == cost and events == 0
    if row == "event":
        return events == cost and supporters == 0
    return len(chosen) == cost and (mixed or cost < 2 or supporters != 1)


@pos.reporting_failures
def check_legal_takes(ctx: Context) -> Counterexample | None:
    mixed = ctx.rules.mixed_distraction_cost
    referee = pos.engine(ctx.rules)
    for row, row_index, filled, hand, state in _row_tables(referee, ((4, 5, 6), ("D", "E", "F"), ("R1", "R2", "R3"))):
        moves = pos.legal(referee, state)
        held = set(hand.supporters) | set(hand.events)
        offered = {(m.slot, frozenset(m.discards)) for m in moves if isinstance(m, (Take, Play))}
        wrong = next((m for m in moves if isinstance(m, (Take, Play)) and (
            len(set(m.discards)) != len(m.discards) or not set(m.discards) <= held
            or state.rows[row_index][SLOTS.index(m.slot)] is None)), None)
        problem = None
        if wrong is not None:
            problem = (f"offers {pos.show_move(wrong)}, which pays with cards not in the hand or "
                       "takes from an empty slot")
        paying = []
        for index in range(3):
            if not filled[index]:
                continue
            for chosen in _subsets(tuple(hand.supporters) + tuple(hand.events)):
                pays = _literal_pays(row, index, chosen, mixed)
                if pays:
                    paying.append((SLOTS[index], chosen))
                if problem is None and pays != ((SLOTS[index], chosen) in offered):
                    problem = (f"{'does not offer' if pays else 'offers'} the {SLOTS[index]} {row} "
                               f"for the discards {sorted(map(str, chosen)) or 'none'}, which "
                               f"{'pay' if pays else 'do not pay'} its cost")
        passes = any(isinstance(m, Pass) for m in moves)
        if problem is None and passes != (not paying):
            problem = ("offers Pass although a card is within reach" if passes
                       else "offers no Pass although no card is within reach")
        if problem is not None:
            return Counterexample(
                pos.state_json(state), pos.draw_state(state),
                f"Engine.legal_moves {problem} (found by running the engine; it agrees)", True)
    return None


# --- WH-6: a Distraction aimed at a player aims at another player ----------------------------------------


TARGETED = ("T1", "T2", "W1", "W2", "M1", "M2", "G1")


@pos.reporting_failures
def check_targets(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    for players in (2, 3, 4):
        for current in range(players):
            for card in TARGETED:
                for others_hold in (True, False):
                    seats = []
                    for seat in range(players):
                        holds = seat == current or others_hold
                        seats.append(Seat(supporters=(seat + 1,) if holds else (),
                                          events=("ABCD"[seat],) if holds else ()))
                    state = pos.table(referee, seats, ((), (), ()), ((None, None, None), (None, None, None),
                                                                     (None, None, card)),
                                      current=current, phase="distraction")
                    moves = [m for m in pos.legal(referee, state) if isinstance(m, Play)]
                    targets = {m.target for m in moves if m.target is not None}
                    problem = None
                    bad = next((m for m in moves if m.target is not None and (
                        m.target == current or not 0 <= m.target < players)), None)
                    if bad is not None:
                        problem = f"offers {pos.show_move(bad)}: player {bad.target} is not another player"
                    elif card == "G1" and targets != set(range(players)) - {current}:
                        problem = (f"offers the Gridlock against players {sorted(targets)}, not every other player "
                                   f"({sorted(set(range(players)) - {current})})")
                    if problem is not None:
                        return Counterexample(pos.state_json(state), pos.draw_state(state),
                                              f"Engine.legal_moves {problem} (found by running the engine)", True)
    return None


# --- the small tables of the state-machine checks -------------------------------------------------


def win_tables(rules: Any) -> list[State]:
    """Tables one move from a win (6 Tricks: S1 S2 A B C D; S3 brings 8), at the end of a deck."""
    referee = pos.engine(rules)
    six = (1, 2, "A", "B", "C", "D")
    return [
        # Player 0 takes S3 for free and locks it beside C and D (player 1 holds a Lies).
        pos.table(referee, [Seat(network=six, supporters=(5,), events=("F",)),
                            Seat(supporters=(4, 6), events=("E",), lies=("L1",))],
                  ((), (), ("L2", "N2")), ((None, None, 3), ("G", None, None), ("W1", "G1", "T2"))),
        # Player 0 swaps S3 to player 1, who holds 6 Tricks: a win off-turn, player 2 playing next
        # (play runs clockwise); or steals, or takes a row card.
        pos.table(referee, [Seat(supporters=(3,), events=("E",)), Seat(network=six, supporters=(5,)), Seat()],
                  ((), (), ("N1",)), ((4, None, 6), (None, "F", "G"), ("K1", "T1", "W1")), direction=-1),
        # 5 Tricks (S1 S2 A B C): D beside S1 makes 6, no win.
        pos.table(referee, [Seat(network=(1, 2, "A", "B", "C"), supporters=(4,)), Seat(events=("E",))],
                  ((5,), (), ()), ((None, None, 6), (None, "F", "D"), ("R1", "X1", "O1"))),
    ]


def gridlock_tables(rules: Any) -> list[State]:
    """Tables where a player with one or two Gridlocks has trick-forming moves, on their turn
    (a taken card, a matching pair in the hand under lock_from_hand=own_turn) and off it (a card
    arriving through a Distraction)."""
    referee = pos.engine(rules)
    return [
        pos.table(referee, [Seat(network=(1, "A"), supporters=(2,), events=("F", "G"), gridlocks=("G1", "G2")),
                            Seat(supporters=(3,), events=("E",))],
                  ((6,), (), ("X1",)), ((None, 5, 4), ("B", None, "D"), ("T1", "O1", "G3"))),
        # Player 2 forces an Event of player 0 to move on to player 1, who holds S3 and a Gridlock.
        pos.table(referee, [Seat(supporters=(4,), events=("C",)), Seat(supporters=(3,), gridlocks=("G3",)),
                            Seat(supporters=(5,), events=("E",))],
                  ((), (), ()), ((None, None, None), (None, None, None), ("X1", "X2", "M2")), current=2,
                  phase="distraction"),
    ]


def variety_tables(rules: Any) -> list[State]:
    """Tables whose Distractions cover every action type, with Lies, Deflections and decks at their end."""
    referee = pos.engine(rules)
    return [
        pos.table(referee, [Seat(network=(1, "A"), supporters=(2,), events=("B",), deflection="F1"),
                            Seat(supporters=(3,), events=("C",), lies=("L1",))],
                  ((), ("G",), ("K2", "H1")), ((None, 4, 5), ("D", None, "E"), ("N1", "O2", "F2"))),
        pos.table(referee, [Seat(supporters=(2, 4), events=("E",)), Seat(network=(1, "A"), supporters=(3,),
                                                                          events=("C",), deflection="F1")],
                  ((5,), (), ()), ((None, None, 6), (None, "D", "G"), ("M1", "W2", "R1"))),
        pos.table(referee, [Seat(supporters=(2,), events=("B",), lies=("L1",)),
                            Seat(supporters=(3,), events=("C",)), Seat(events=("E",))],
                  ((), (), ("X1",)), ((None, 1, None), ("A", None, None), ("N2", "M2", "L2"))),
    ]


#: Decisions searched from each table: every game of up to this many decisions.
DEPTH = 7


def _steps(ctx: Context, tables: list[State], depth: int = DEPTH) -> Iterator[pos.Step]:
    referee = pos.engine(ctx.rules)
    for start in tables:
        yield from pos.games(ctx, referee, start, depth)


def _step_counterexample(step: pos.Step, problem: str) -> Counterexample:
    state = pos.state_json(step.before)
    state["move"] = pos.show_move(step.move)
    state["path"] = [pos.show_move(m) for m in step.path]
    return Counterexample(
        state, pos.draw_state(step.before) + f"\nmove: {pos.show_move(step.move)}",
        f"Engine.apply: {problem} (found by running the engine's legal_moves and apply; it agrees)", True)


# --- WH-7: every move conserves the cards -------------------------------------------------------------


@pos.reporting_failures
def check_every_move_conserves(ctx: Context) -> Counterexample | None:
    tables = win_tables(ctx.rules) + gridlock_tables(ctx.rules) + variety_tables(ctx.rules)
    for start in tables:
        before = pos.places(start)
        assert all(n == 1 for n in before.values()), "a table holds each card once"
        for step in _steps(ctx, [start]):
            after = pos.places(step.after)
            if after != before:
                lost = sorted(map(str, (before - after).elements()))
                extra = sorted(map(str, (after - before).elements()))
                return _step_counterexample(step, f"the cards change: gone {lost or 'none'}, "
                                                  f"twice or new {extra or 'none'}")
    return None


# --- WH-8: a Gridlock cancels exactly one trick-forming move -------------------------------------------


def _forming(step: pos.Step) -> tuple[int, tuple[Any, ...]] | None:
    """The seat and the cards of a trick-forming move (a Lock, a LockHand), or None."""
    move, before = step.move, step.before
    if isinstance(move, LockHand):
        return before.current, move.cards
    if isinstance(move, Lock):
        head = before.queue[0]
        assert isinstance(head, Arrival)
        if head.stage == "more":
            return head.receiver, (move.with_card,)
        return head.receiver, (head.card,) if move.with_card is None else (head.card, move.with_card)
    return None


def _played(state: State, move: Play) -> str | None:
    """The action type of the Distraction ``move`` takes."""
    card = state.rows[2][SLOTS.index(move.slot)]
    return None if card is None else state.catalogue.distraction(str(card)).action.type


@pos.reporting_failures
def check_gridlock(ctx: Context) -> Counterexample | None:
    for step in _steps(ctx, gridlock_tables(ctx.rules)):
        forming = _forming(step)
        for seat, (old, new) in enumerate(zip(step.before.players, step.after.players, strict=True)):
            played_gridlock = (isinstance(step.move, Play) and step.move.target == seat
                               and _played(step.before, step.move) == "gridlock")
            if forming is not None and forming[0] == seat:
                continue
            if len(new.gridlocks) < len(old.gridlocks) or (len(new.gridlocks) > len(old.gridlocks)
                                                           and not played_gridlock):
                return _step_counterexample(step, f"player {seat}'s Gridlocks go from {len(old.gridlocks)} to "
                                                  f"{len(new.gridlocks)} on a move that forms no Trick of theirs")
        if forming is None:
            continue
        seat, cards = forming
        old, new = step.before.players[seat], step.after.players[seat]
        if old.gridlocks:
            # "does not lock in ... the cards go instead to the bottom of the appropriate Deck ...
            # and one of the Gridlock cards in the space goes to the bottom of the Distractions
            # Deck, the rest staying. The Locked Network itself is unaffected."
            problems = []
            if new.network != old.network or new.tricks != old.tricks:
                problems.append("the network changes")
            if len(new.gridlocks) != len(old.gridlocks) - 1 or not set(new.gridlocks) <= set(old.gridlocks):
                problems.append(f"the Gridlocks go from {list(old.gridlocks)} to {list(new.gridlocks)}")
            # The bottom of the deck; a refill of the row that follows may draw it from there when
            # it was the deck's only card.
            for card in cards:
                index = 0 if isinstance(card, int) else 1
                deck, row = step.after.decks[index], step.after.rows[index]
                if card not in deck[-len(cards):] and not (card in row and card not in deck):
                    problems.append(f"{card} is not at the bottom of its deck")
            for card in set(old.gridlocks) - set(new.gridlocks):
                deck, row = step.after.decks[2], step.after.rows[2]
                if card not in deck[-2:] and not (card in row and card not in deck):
                    problems.append(f"the Gridlock {card} is not at the bottom of the Distractions Deck")
            if problems:
                return _step_counterexample(step, f"player {seat} with Gridlocks {list(old.gridlocks)} makes a "
                                                  f"trick-forming move and {', '.join(problems)}")
        else:
            placed = {p.card.id for p in new.network.placements}
            if not set(cards) <= placed:
                return _step_counterexample(step, f"player {seat} holds no Gridlock, yet {list(cards)} do not "
                                                  "lock into the network")
    return None


# --- WH-9: the first player holds the highest-numbered Supporter -----------------------------------


@pos.reporting_failures
def check_first_player(ctx: Context) -> Counterexample | None:
    catalogue = sample_catalogue()
    supporters = catalogue.ids("supporter")
    top = (supporters[0], supporters[4], supporters[9], supporters[17], supporters[29])
    events = tuple(catalogue.ids("event"))
    distractions = tuple(catalogue.ids("distraction"))
    for players in (2, 3, 4):
        for dealt in itertools.permutations(top, players):
            rest = tuple(s for s in supporters if s not in dealt)
            decks = (tuple(dealt) + rest, events, distractions)
            state = engine.new_game(catalogue, players, ctx.rules, decks)
            hands = [p.supporters[0] for p in state.players]
            first = hands.index(max(hands))
            order = tuple((first + i) % players for i in range(players))
            if state.current != first or state.round_order != order or state.phase != "supporter":
                return Counterexample(
                    {"players": players, "dealt": list(dealt), "hands": hands, "first": state.current,
                     "round_order": list(state.round_order)},
                    f"{players} players dealt Supporters {list(dealt)} (seat order)",
                    f"new_game: player {state.current} plays first in the order {list(state.round_order)}; the "
                    f"highest Supporter {max(hands)} is player {first}'s, play running counter-clockwise "
                    f"{list(order)} (found by running the engine)", True)
    return None


# --- WH-10: the reversed round starts where the rulebook says ---------------------------------------


def _reversal_table(rules: Any, players: int, start: int, direction: int, reversing: tuple[int, ...]) -> State:
    """Empty hands and Supporter and Event rows, so each player's only move is the free furthest
    Distraction: the k-th player of the round plays the k-th card of the Distractions row and deck,
    a reversal for the positions in ``reversing``, a fizzling reshuffle otherwise."""
    referee = pos.engine(rules)
    reverses = iter(("R1", "R2", "R3", "R4"))
    fizzles = iter(f"X{i}" for i in range(1, 9))
    sequence = [next(reverses) if k in reversing else next(fizzles) for k in range(players)]
    sequence += [next(fizzles) for _ in range(players)]
    row = (sequence[2], sequence[1], sequence[0])
    return pos.table(referee, [Seat() for _ in range(players)], ((), (), tuple(sequence[3:])),
                     ((None, None, None), (None, None, None), row), current=start, direction=direction)


@pos.reporting_failures
def check_reversal(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    once = ctx.rules.reversals == "once"
    for players in (2, 3, 4):
        for start in range(players):
            for direction in (1, -1):
                for size in range(players + 1):
                    for reversing in itertools.combinations(range(players), size):
                        state = _reversal_table(ctx.rules, players, start, direction, reversing)
                        order = [(start + direction * k) % players for k in range(players)]
                        # "the rest of the current round continues as scheduled"; "The reversal
                        # takes effect from the next round, which starts with the player who
                        # would have played just before the player who played the card, and play
                        # then runs in the reversed direction." (the last card of the round; with
                        # option reversals=cancel an even number cancel out)
                        flips = bool(reversing) if once else len(reversing) % 2 == 1
                        if flips:
                            last = order[reversing[-1]]
                            first, new = (last - direction) % players, -direction
                        else:
                            first, new = order[0], direction
                        expected = order + [(first + new * k) % players for k in range(players)]
                        seen: list[int] = []
                        while len(seen) < 2 * players:
                            if state.phase == "supporter":
                                seen.append(state.current)
                            moves = pos.legal(referee, state)
                            if not moves:
                                break
                            state = pos.apply(referee, state, moves[0])
                        if seen != expected:
                            return Counterexample(
                                {"players": players, "start": start, "direction": direction,
                                 "reversing_positions": list(reversing), "turns": seen, "expected": expected},
                                f"{players} players, the round from player {start} running "
                                f"{'counter-clockwise' if direction == 1 else 'clockwise'}; the players at "
                                f"positions {list(reversing)} of the round play a reversal",
                                f"Engine.apply gives the turns {seen}; the rulebook {expected} (found by running "
                                "the engine)", True)
    return None


# --- WH-11: a win ends the game -------------------------------------------------------------------


@pos.reporting_failures
def check_win(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    for step in _steps(ctx, win_tables(ctx.rules)):
        before, after = step.before, step.after
        reached = [s for s, (o, n) in enumerate(zip(before.players, after.players, strict=True))
                   if o.tricks < RULEBOOK_WIN <= n.tricks]
        if after.ended == "seven":
            low = [s for s in after.winners if after.players[s].tricks < RULEBOOK_WIN]
            if low:
                return _step_counterexample(step, f"player {low[0]} wins with {after.players[low[0]].tricks} Tricks")
            if not set(reached) <= set(after.winners) or not reached:
                return _step_counterexample(step, f"the winners are {list(after.winners)}; the players who "
                                                  f"made 7 Tricks on this move are {reached}")
            if pos.legal(referee, after):
                return _step_counterexample(step, "the game is won but moves are still offered")
        elif reached:
            return _step_counterexample(step, f"player {reached[0]} makes {after.players[reached[0]].tricks} "
                                              "Tricks and the game goes on")
        elif any(p.tricks >= RULEBOOK_WIN for p in after.players):
            return _step_counterexample(step, "a player holds 7 Tricks and the game goes on")
        # The outcome a report gives: the winners by seat, none while the game goes on.
        outcome = after.outcome()
        if after.ended == "seven":
            expected = Outcome(Termination.GOAL, tuple(str(s) for s in after.winners),
                               "shared" if len(after.winners) > 1 else "")
            if outcome != expected:
                return _step_counterexample(step, f"the game is won by {list(after.winners)} but its outcome is "
                                                  f"{outcome}")
        elif after.ended is None and outcome is not None:
            return _step_counterexample(step, f"the game goes on but its outcome is {outcome}")
    return None


# --- WH-12: a move legal_moves does not offer is refused, with the rule it breaks ---------------------


#: The action that each phase is, by the rule a move of another action breaks.
PHASE_RULE = {"supporter": "take-supporter", "event": "take-event", "distraction": "take-distraction"}
#: The phase after each, within a turn: "First, take a Supporter ... Second, pick an Event card ...
#: Third, pick a Distraction card."
NEXT_PHASE = {"supporter": "event", "event": "distraction"}


def _lists(catalogue: Any, a: Any, b: Any) -> bool:
    """True when cards ``a`` and ``b`` (IDs) are a Supporter and an Event that lists it, read off
    the catalogue (not the engine's own ``matches``, which the refusals test)."""
    if isinstance(a, int) == isinstance(b, int):
        return False
    s_id, e_id = (a, b) if isinstance(a, int) else (b, a)
    return s_id in catalogue.event(str(e_id)).supporters


def _refusals(rules: Any, state: State, offered: list[Any]) -> Iterator[tuple[Any, int | None, str]]:
    """Moves near the offered ones, each broken in one way, and the rule the rulebook says it
    breaks (only those legal_moves does not offer are asked)."""
    n = len(state.players)
    if state.ended:
        yield Pass(), None, "game-over"
        return
    waiting = state.current if not state.queue else None
    if waiting is not None:
        # "play then continues counter-clockwise": another player's move is out of turn.
        for move in offered[:3]:
            yield move, (waiting + 1) % n, "turn-order"
    head = state.queue[0] if state.queue else None
    if isinstance(head, Arrival):
        for move in offered[:2]:
            yield move, (head.receiver + 1) % n if head.stage != "lies" else None, "decision"
        if head.stage == "lies":
            yield Keep(), None, "decision"
            yield Lock(None), None, "decision"
        elif head.stage == "block":
            yield NoLies(), None, "lies-block"
            yield PlayLies(), None, "lies-block"
        elif head.stage == "lock":
            yield NoLies(), None, "decision"
            if not rules.lock_optional and head.source == "row":
                yield Keep(), None, "lock-required"
            if not rules.single_lock:
                yield Lock(None), None, "lock-single"
            yield Lock(99 if isinstance(head.card, str) else "Z"), None, "lock-hand"
            # "the Supporter's ID is listed on the Event": a hand card that is not, does not lock.
            receiver = state.players[head.receiver]
            catalogue = state.catalogue
            for card in receiver.events if isinstance(head.card, int) else receiver.supporters:
                event, supporter = (card, head.card) if isinstance(head.card, int) else (head.card, card)
                if head.kind != "deflection" and supporter not in catalogue.event(str(event)).supporters:
                    yield Lock(card), None, "lock-match"
            if rules.single_lock and head.kind != "deflection":
                # "locking a single card in beside a matching card already in the network"
                beside = any(_lists(catalogue, head.card, p.card.id) for p in receiver.network.placements)
                yield Lock(None), None, "lock-entry" if beside else "lock-single"
        elif head.stage == "more":
            yield Lock(None), None, "lock-count"
        return
    if state.queue:
        return
    me = state.players[state.current]
    for move in (PlayLies(), NoLies(), Lock(None), Keep()):
        yield move, None, "decision"
    if me.supporters and me.events and rules.lock_from_hand != "own_turn":
        yield LockHand((me.supporters[0], me.events[0])), None, "lock-hand"
    if rules.lock_from_hand == "own_turn":
        # Hand cards lock on one's turn only as a pair that matches, or (single_lock) one card
        # beside a matching card of the network; a card not held does not lock.
        catalogue = state.catalogue
        for s_id in me.supporters:
            for e_id in me.events:
                if not _lists(catalogue, s_id, e_id):
                    yield LockHand((s_id, e_id)), None, "lock-match"
        yield LockHand((99,) + me.events[:1]), None, "lock-hand"
        placed = [p.card.id for p in me.network.placements]
        for card in (me.supporters + me.events) if rules.single_lock else ():
            if not any(_lists(catalogue, card, other) for other in placed):
                yield LockHand((card,)), None, "lock-single"
    if any(isinstance(m, (Take, Play)) for m in offered):
        yield Pass(), None, "pass"
    phase = state.phase
    for other in ("supporter", "event"):
        if other != phase:
            yield Take(other, "furthest"), None, PHASE_RULE[phase]
    if phase != "distraction":
        yield Play("furthest"), None, PHASE_RULE[phase]
    kind_row = {"supporter": 0, "event": 1, "distraction": 2}[phase]
    held: list[Any] = list(me.supporters) + list(me.events)
    own = [c for c in held if phase == "distraction" or (isinstance(c, int)) == (phase == "supporter")]
    foreign = [c for c in held if c not in own]

    def make(slot: Slot, discards: tuple[Any, ...]) -> Any:
        return Play(slot, discards) if phase == "distraction" else Take(phase, slot, discards)

    for index, slot in enumerate(SLOT_NAMES):
        cost = RULEBOOK_COST[index]
        if state.rows[kind_row][index] is None:
            if len(own) >= cost:
                yield make(slot, tuple(own[:cost])), None, "empty-slot"
            continue
        # "discarding two Supporters", "a Supporter", "for free": any other number breaks the cost.
        if len(own) > cost:
            yield make(slot, tuple(own[:cost + 1])), None, "take-cost"
        if cost > 0 and len(own) >= cost - 1:
            yield make(slot, tuple(own[:cost - 1])), None, "take-cost"
        if cost == 2 and own:
            yield make(slot, (own[0], own[0])), None, "take-cost"
        if cost >= 1:
            yield make(slot, (99,) + tuple(own[:cost - 1])), None, "take-cost"
        if phase != "distraction" and cost >= 1 and foreign and len(own) >= cost - 1:
            yield make(slot, tuple(own[:cost - 1]) + (foreign[0],)), None, "discard-kind"
        if phase == "distraction" and cost == 2 and not rules.mixed_distraction_cost and me.supporters and me.events:
            yield make(slot, (me.supporters[0], me.events[0])), None, "mixed-cost"
        if phase == "distraction":
            action = state.catalogue.distraction(str(state.rows[2][index])).action.type
            for paid in {m.discards for m in offered if isinstance(m, Play) and m.slot == slot}:
                chosen = [m for m in offered if isinstance(m, Play) and m.slot == slot and m.discards == paid]
                if any(m.target is not None or m.card is not None for m in chosen):
                    # "A Distraction fizzles when its action cannot be completed": this one can.
                    yield Play(slot, paid), None, "fizzle"
                if action == "gridlock":
                    # "chooses another player"
                    yield Play(slot, paid, target=state.current), None, "gridlock-target"
                elif action in ("steal", "swap", "force_move"):
                    yield Play(slot, paid, target=state.current, card=99), None, "distraction-choice"
                if action != "swap":
                    # "following the action on the card": only a swap gives a card in return.
                    kind = state.catalogue.distraction(str(state.rows[2][index])).action.kind
                    spare = [c for c in held if c not in paid and (kind is None or isinstance(c, int) == (
                        kind == "supporter"))]
                    aimed = [m for m in chosen if m.target is not None or m.card is not None]
                    for m in aimed[:1] if spare else ():
                        yield dataclasses.replace(m, give=spare[0]), None, "distraction-choice"
                # "a card in a Locked Network cannot be removed, stolen, swapped or taken"
                for m in chosen:
                    if m.target is None or m.card is None:
                        continue
                    kind = state.catalogue.distraction(str(state.rows[2][index])).action.kind
                    theirs = [p.card.id for p in state.players[m.target].network.placements
                              if (p.card.kind == "supporter") == (kind == "supporter")]
                    mine = [p.card.id for p in me.network.placements
                            if (p.card.kind == "supporter") == (kind == "supporter")]
                    if theirs:
                        yield dataclasses.replace(m, card=theirs[0]), None, "locked-network"
                    if m.give is not None and mine:
                        yield dataclasses.replace(m, give=mine[0]), None, "locked-network"


def _row_tables(
    referee: Any, full: tuple[tuple[Any, ...], ...]
) -> Iterator[tuple[str, int, tuple[bool, ...], Seat, State]]:
    """Every table of the WH-5 domain: each row to take from (the other two full, as ``full``
    gives them), each pattern of its filled slots, each hand of up to MAX_HAND Supporters and
    Events; as (row, its index, the slots filled, the hand, the state)."""
    for row_index, row in enumerate(("supporter", "event", "distraction")):
        for ns in range(MAX_HAND + 1):
            for ne in range(MAX_HAND + 1):
                for filled in itertools.product((False, True), repeat=3):
                    rows: list[tuple[Any, ...]] = list(full)
                    rows[row_index] = tuple(c if f else None for c, f in zip(full[row_index], filled, strict=True))
                    hand = Seat(supporters=(1, 2, 3)[:ns], events=("A", "B", "C")[:ne])
                    state = pos.table(referee, [hand, Seat(supporters=(), events=("G",))], ((), (), ()),
                                      tuple(rows), phase=row)  # type: ignore[arg-type]
                    yield row, row_index, filled, hand, state


def _refusal_states(ctx: Context) -> Iterator[State]:
    """The WH-5 tables (every hand and row pattern, each action) and every state of the games of
    up to four decisions from the tables of WH-7 (arrivals, Lies, locks, the end of a game)."""
    referee = pos.engine(ctx.rules)
    for *_, state in _row_tables(referee, ((4, 5, 6), ("D", "E", "F"), ("R1", "G1", "O1"))):
        yield state
    tables = win_tables(ctx.rules) + gridlock_tables(ctx.rules) + variety_tables(ctx.rules)
    seen: set[State] = set()
    for step in _steps(ctx, tables, 4):
        for state in (step.before, step.after):
            if state not in seen:
                seen.add(state)
                yield state


@pos.reporting_failures
def check_refusals(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    for state in _refusal_states(ctx):
        offered = pos.legal(referee, state)
        for move, player, rule in _refusals(ctx.rules, state, offered):
            if player is None and move in offered:
                continue
            try:
                referee.apply(state, move, player)
            except IllegalMove as refused:
                if refused.rule == rule and refused.sentence == game_rules.RULES[rule]:
                    continue
                problem = (f"refuses {pos.show_move(move)} naming the rule {refused.rule} "
                           f"(\"{refused.sentence}\"), not {rule}")
            except Exception as error:  # noqa: BLE001 - the engine failing on a move is a finding
                problem = f"fails on {pos.show_move(move)}: {type(error).__name__}: {error}"
            else:
                problem = f"accepts {pos.show_move(move)}, which breaks the rule {rule}"
            who = "" if player is None else f" by player {player}"
            found = pos.state_json(state)
            found["move"] = pos.show_move(move)
            return Counterexample(found, pos.draw_state(state) + f"\nmove{who}: {pos.show_move(move)}",
                                  f"Engine.apply {problem} (found by running the engine; it agrees)", True)
    return None


# --- WH-13: the table after a take is the rulebook's -------------------------------------------------


def rulebook_after_take(rules: Any, state: State, move: Take) -> tuple[Any, Any, Any, Any]:
    """The row's deck and row, the taker's Supporters and Events after ``move``, by the
    rulebook: the discards go to the bottom of the deck one after the other as named (option
    bottom_order=reversed: the other way round), the card leaves its slot, the cards closer to the
    deck move one slot further keeping their order, and the slot closest to the deck gets the top
    card of the deck (option empty_deck=top_up: every empty slot, the cards furthest); the taken
    card goes last into the Active Hand."""
    index = 0 if move.row == "supporter" else 1
    named = list(move.discards)
    deck = list(state.decks[index]) + (named[::-1] if rules.bottom_order == "reversed" else named)
    slot = SLOT_NAMES.index(move.slot)
    before = state.rows[index]
    taken = before[slot]
    remaining = [before[j] for j in range(3) if j != slot]
    if rules.empty_deck == "top_up":
        present = [c for c in remaining if c is not None]
        drawn = deck[:3 - len(present)]
        deck = deck[len(drawn):]
        row = [None] * (3 - len(present) - len(drawn)) + drawn[::-1] + present
    else:
        row = [deck.pop(0) if deck else None] + remaining
    me = state.players[state.current]
    supporters: list[Any] = [c for c in me.supporters if c not in named]
    events: list[Any] = [c for c in me.events if c not in named]
    (supporters if isinstance(taken, int) else events).append(taken)
    return tuple(deck), tuple(row), tuple(supporters), tuple(events)


@pos.reporting_failures
def check_after_take(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    full = ((4, 5, 6), ("D", "E", "G"), ("R1", "R2", "R3"))
    for row_index, row in enumerate(("supporter", "event")):
        for ns in range(MAX_HAND + 1):
            for ne in range(MAX_HAND + 1):
                for filled in itertools.product((False, True), repeat=3):
                    rows: list[tuple[Any, ...]] = list(full)
                    rows[row_index] = tuple(c if f else None for c, f in zip(full[row_index], filled, strict=True))
                    # Hands that match no card of the row (A-C list S1-S3 only; D, E and G list
                    # S1-S5), so the taken card goes into the Active Hand.
                    supporters = (6,)[:ns] if row == "event" else (1, 2, 3)[:ns]
                    if row == "event":
                        rows[0] = (4, 5, None)
                    hand = Seat(supporters=supporters, events=("A", "B", "C")[:ne])
                    deck: tuple[Any, ...] = ((), ("F",))[row_index]
                    decks = ((), deck, ()) if row_index else ((), (), ())
                    state = pos.table(referee, [hand, Seat()], decks, tuple(rows), phase=row)  # type: ignore[arg-type]
                    for move in pos.legal(referee, state):
                        if not isinstance(move, Take):
                            continue
                        # A copy of the state with no legal moves worked out yet: apply lists them itself.
                        after = pos.apply(referee, table.replace(state), move)
                        deck_after, row_after, s_after, e_after = rulebook_after_take(ctx.rules, state, move)
                        me = after.players[0]
                        got = (after.decks[row_index], after.rows[row_index], me.supporters, me.events)
                        problem = None
                        if after.queue:
                            problem = f"leaves {after.queue[0]!r} waiting, though nothing can lock or be lied about"
                        elif got != (deck_after, row_after, s_after, e_after):
                            problem = (f"gives deck {list(got[0])}, row {list(got[1])}, hand "
                                       f"{list(got[2]) + list(got[3])}; the rulebook deck {list(deck_after)}, "
                                       f"row {list(row_after)}, hand {list(s_after) + list(e_after)}")
                        elif after.phase != NEXT_PHASE[row] or after.current != state.current:
                            problem = (f"moves on to player {after.current}'s {after.phase} action, not player "
                                       f"{state.current}'s {NEXT_PHASE[row]} action")
                        elif after.players[1] != state.players[1] or me.network != state.players[0].network:
                            problem = "changes a card that the take does not move"
                        if problem is not None:
                            return _step_counterexample(pos.Step(state, move, after, ()), problem)
    return None


# --- WH-14: the rule options given are the rules played ---------------------------------------------


@pos.reporting_failures
def check_options_read(ctx: Context) -> Counterexample | None:
    defaults = WhitehouseRules()
    for option in WHITEHOUSE_OPTIONS + TRICKS_OPTIONS:
        in_tricks = option in TRICKS_OPTIONS
        for value, _ in option.values:
            forms: list[Any] = [value]
            if isinstance(value, int) and not isinstance(value, bool):
                forms.append(str(value))  # "--rule turn_limit=200" arrives as text
            for given in forms:
                rules = game_rules.whitehouse_rules({option.name: given}, "checks")
                got = getattr(rules.tricks if in_tricks else rules, option.name)
                flat = game_rules.rules_dict(rules)
                others = dataclasses.replace(rules.tricks if in_tricks else rules, **{option.name: option.default})
                rest_default = others == (defaults.tricks if in_tricks else defaults) and (
                    rules.tricks == defaults.tricks if not in_tricks else
                    dataclasses.replace(rules, tricks=defaults.tricks) == defaults)
                if got != value or type(got) is not type(value) or flat.get(option.name) != value or not rest_default:
                    return Counterexample(
                        {"option": option.name, "given": given, "read": got, "rules": flat},
                        f"the rule option {option.name}={given!r}, every other one at its default",
                        f"whitehouse_rules reads {option.name}={got!r} (rules_dict {flat.get(option.name)!r})"
                        + ("" if rest_default else ", and other options change too")
                        + " (found by running the engine's own reading)", True)
    return None


# --- WH-15: a Deflection blocks a Distraction played against its holder -------------------------------


#: Whom each Distraction is played against, by the rulebook: "when it removes, steals, swaps or
#: forces the movement of a card from that player's Active Hand, or when it is a Gridlock placed in
#: that player's space" (a swap moves a card out of both hands; option against_self=false: the
#: player's own hand does not count).
AGAINST_TARGET = ("steal", "swap", "force_move", "gridlock")
AGAINST_SELF = ("swap", "remove_own")
DEFLECTED = ("T1", "T2", "W1", "W2", "M1", "M2", "G1", "O1", "O2", "K1", "N2", "R1")


@pos.reporting_failures
def check_deflection(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    hands = ((4, "A"), (5, "C"), (6, "D"))
    for players in (2, 3):
        for holder in range(players):
            for card in DEFLECTED:
                seats = [Seat(supporters=(hands[s][0],), events=(str(hands[s][1]),),
                              deflection="F1" if s == holder else None) for s in range(players)]
                state = pos.table(referee, seats, ((), (), ("X1", "X2", "X3")), ((None, None, None), (None, None, None),
                                                                    (None, None, card)), phase="distraction")
                action = pos.CATALOGUE.distraction(card).action.type
                for move in pos.legal(referee, state):
                    if not isinstance(move, Play):
                        continue
                    victims = ([move.target] if action in AGAINST_TARGET and move.target is not None else []) + (
                        [0] if action in AGAINST_SELF and ctx.rules.against_self else [])
                    after = pos.apply(referee, table.replace(state), move)
                    blocked = holder in victims
                    problem = None
                    if blocked:
                        # "both cards go to the bottom of the Distractions Deck and the Distraction
                        # has no effect"
                        pair = (card, "F1") if ctx.rules.bottom_order == "as_named" else ("F1", card)
                        changed = [s for s in range(players) if (
                            after.players[s].supporters, after.players[s].events, after.players[s].gridlocks,
                            after.players[s].network) != (state.players[s].supporters, state.players[s].events,
                                                          state.players[s].gridlocks, state.players[s].network)]
                        if after.players[holder].deflection is not None:
                            problem = f"player {holder}'s Deflection stays, though {card} is played against them"
                        elif after.decks[2][-2:] != pair:
                            problem = (f"the Distractions Deck ends {list(after.decks[2][-2:])}, not "
                                       f"{list(pair)}")
                        elif changed:
                            problem = f"the blocked {card} still changes player {changed[0]}'s cards"
                    elif after.players[holder].deflection != "F1":
                        problem = f"player {holder}'s Deflection is used, though {card} is not played against them"
                    if problem is not None:
                        return _step_counterexample(pos.Step(state, move, after, ()), problem)
    return None


# --- WH-16: a Distraction fizzles exactly when its action cannot be completed ------------------------


FIZZLING = ("T1", "T2", "W1", "W2", "M1", "M2", "O1", "O2", "K1", "K2", "N1", "N2", "X1", "H1")


def rulebook_fizzles(state: State, card: str) -> bool:
    """"A Distraction fizzles when its action cannot be completed": no card of the kind to remove
    from your own hand, to steal, force or swap from another player's (or to give, for a swap), no
    card in the row to take, no card in the deck to draw or reshuffle (the played card is on its
    way, not in the deck)."""
    action = pos.CATALOGUE.distraction(card).action
    me = state.players[state.current]
    others = [p for s, p in enumerate(state.players) if s != state.current]
    kinds = {"supporter": 0, "event": 1, "distraction": 2}
    if action.type == "remove_own":
        return not me.hand(action.kind)  # type: ignore[arg-type]
    if action.type in ("steal", "force_move"):
        return not any(p.hand(action.kind) for p in others)  # type: ignore[arg-type]
    if action.type == "swap":
        return not me.hand(action.kind) or not any(p.hand(action.kind) for p in others)  # type: ignore[arg-type]
    if action.type == "take_row":
        return all(c is None for c in state.rows[kinds[str(action.row)]])
    return not state.decks[kinds[str(action.deck)]]


@pos.reporting_failures
def check_fizzles(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    for card in FIZZLING:
        for own, others, stocked in itertools.product((False, True), repeat=3):
            seats = [Seat(supporters=(4,) if own else (), events=("A",) if own else ()),
                     Seat(supporters=(5,) if others else (), events=("C",) if others else ())]
            decks = ((1,) if stocked else (), ("E",) if stocked else (), ("X2",) if stocked else ())
            rows = ((None, None, 6 if stocked else None), (None, None, "D" if stocked else None), (None, None, card))
            state = pos.table(referee, seats, decks, rows, phase="distraction")
            expected = rulebook_fizzles(state, card)
            for move in pos.legal(referee, state):
                if not isinstance(move, Play):
                    continue
                fizzles = referee.fizzles(state, move)
                problem = None
                if fizzles != expected:
                    problem = (f"fizzles says {card} {'fizzles' if fizzles else 'does not fizzle'}; its action "
                               f"{'cannot' if expected else 'can'} be completed")
                elif expected:
                    after = pos.apply(referee, state, move)
                    # It goes to the bottom of the Distractions Deck and does nothing else (the
                    # refill that follows draws it back into the row when the deck was empty).
                    if any((a.supporters, a.events) != (b.supporters, b.events)
                           for a, b in zip(after.players, state.players, strict=True)) or (
                            card not in after.decks[2] + after.rows[2]):
                        problem = f"the fizzled {card} still moves a card, or does not go to the bottom of its deck"
                if problem is not None:
                    return _step_counterexample(pos.Step(state, move, table.replace(state), ()), problem)
    return None


# --- WH-17: the game ends without a winner after the turn limit -------------------------------------


@pos.reporting_failures
def check_turn_limit(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    limit = ctx.rules.turn_limit
    for players in (2, 3):
        for left in range(3):
            # Nothing within reach: every action is a Pass, each turn of three.
            start = table.replace(pos.table(referee, [Seat() for _ in range(players)], ((), (), ()),
                                            ((None, None, None), (None, None, None), (None, None, None))),
                                  turn=limit - left)
            state, turns, passes = start, [start.turn], 0
            while not state.ended and passes < 3 * (left + 2):
                state = pos.apply(referee, state, Pass())
                passes += 1
                if not state.ended and state.phase == "supporter":
                    turns.append(state.turn)
            expected_turns = list(range(limit - left, limit + 1))
            outcome = state.outcome()
            # "after 500 turns" (option turn_limit): the game ends when the last turn is over.
            if (turns != expected_turns or passes != 3 * (left + 1) or state.ended != "turn_limit"
                    or outcome != Outcome(Termination.TURN_LIMIT, ()) or state.winners):
                return Counterexample(
                    {**pos.state_json(start), "turn": start.turn, "turns": turns, "passes": passes,
                     "ended": state.ended},
                    pos.draw_state(start) + f"\nturn {start.turn} of at most {limit}; every player can only pass",
                    f"Engine.apply counts the turns {turns} and ends the game ({state.ended}, {outcome}) after "
                    f"{passes} passes; the rulebook: turns {expected_turns}, the end without a winner after "
                    f"{3 * (left + 1)} (found by running the engine)", True)
    return None


# --- WH-18: Lies may answer every card on its way into another player's hand --------------------------


ARRIVING = ("K1", "K2", "T1", "T2", "W1", "W2", "N1", "N2", "M2", "F1")


@pos.reporting_failures
def check_lies_offered(ctx: Context) -> Counterexample | None:
    referee = pos.engine(ctx.rules)
    for phase, card in [("supporter", None), ("event", None)] + [("distraction", c) for c in ARRIVING]:
        # Player 1 holds a Lies; no card that arrives can lock with player 0's hand.
        state = pos.table(referee, [Seat(supporters=(4,), events=("A",)), Seat(supporters=(5,), events=("C",),
                                                                                lies=("L1",))],
                          ((3,), ("B",), ()), ((None, None, 6), (None, None, "D"), (None, None, card)), phase=phase)
        for move in pos.legal(referee, state):
            if not isinstance(move, (Take, Play)):
                continue
            after = pos.apply(referee, state, move)
            head = after.queue[0] if after.queue else None
            if not isinstance(head, Arrival) or head.receiver != 0 or table.decider(after) != 1 or \
                    pos.legal(referee, after) != [PlayLies(), NoLies()]:
                return _step_counterexample(
                    pos.Step(state, move, after, ()),
                    f"a card on its way into player 0's Active Hand ({head!r}) is not first put to player 1, who "
                    f"holds a Lies: the game waits for player {table.decider(after)}, who may "
                    f"{[pos.show_move(m) for m in pos.legal(referee, after)]}")
            # "a card taken from a row on their turn, or a card arriving through a Distraction action"
            # (option lock_optional=false tells the two apart).
            source = "row" if isinstance(move, Take) else "distraction"
            known = "a card taken from a row" if source == "row" else "a card arriving through a Distraction action"
            if head.source != source:
                return _step_counterexample(
                    pos.Step(state, move, after, ()),
                    f"the card on its way into player 0's Active Hand ({head!r}) is not known as {known}")
    return None


# --- the list ----------------------------------------------------------------------------------------


_TAKE = ("First, take a Supporter. You can take the furthest Supporter from the Deck for free. Or "
         "you can take the middle Supporter by discarding a Supporter from your Active Hand to the "
         "bottom of the Deck. Or you can take the closest Supporter card to the Deck by discarding "
         "two Supporters to the bottom of the Deck.")
_REFILL = ("Draw a new card from the top of the Supporter Deck and place it in the slot closest to "
           "the Deck; the two remaining face-up cards keep their order.")
_DISTRACTION_COST = ("Or you can take the middle Distraction by discarding a Supporter or Event from your "
                     "Active Hand to the bottom of the relevant Deck. Or you can take the closest Distraction "
                     "card to the Deck by discarding two Supporter or Event cards from your Active Hand to the "
                     "bottom of the relevant Deck.")
_REACH = ("You may only take a card if you can pay its discard cost — a card whose cost you cannot pay is out "
          "of reach that turn.")
_DOMAIN = (f"decks of 0-{MAX_DECK} cards, every pattern of filled slots, hands of 0-{MAX_HAND} "
           "Supporters, every slot and its cost's every choice of discards, any distinct card IDs")
_TABLES = (f"every game of up to {DEPTH} decisions (every legal move, Lies and locks included) from {{}} "
           "2-3 player tables of the checks' catalogue (6 Supporters, 7 Events, Distractions of every type)")
T = "model.whitehouse.table"
E = "model.whitehouse.engine"

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "WH-1", GAME, "A take and the refill conserve the cards (deck + row + hand)",
        _TAKE + " " + _REFILL, _DOMAIN,
        (f"{T}.take_from_row", f"{T}.refill"), check_conserved, argument="single-source",
    ),
    Invariant(
        "WH-2", GAME, "The furthest card is free, the middle costs one discard, the closest two",
        _TAKE, "every slot (closest, middle, furthest)", (f"{T}.slot_cost",), check_cost,
        argument="single-source",
    ),
    Invariant(
        "WH-3", GAME, "After a take the row keeps its order and refills from the top of the deck",
        _REFILL, _DOMAIN + "; option empty_deck=top_up: every empty slot topped up from the top of the deck",
        (f"{T}.take_from_row", f"{T}.refill"), check_row_order, argument="single-source",
    ),
    Invariant(
        "WH-4", GAME, "A discard pays exactly the slot's cost, in the row's kind (either kind for Distractions)",
        _TAKE + " " + _DISTRACTION_COST,
        f"the three rows, every slot, discards of 0-{MAX_HAND} Supporters and 0-{MAX_HAND} Events; option "
        "mixed_distraction_cost=false: two cards of one kind",
        (f"{T}.discard_pays",), check_pays, argument="single-source",
    ),
    Invariant(
        "WH-5", GAME, "legal_moves offers exactly the takes whose discards pay, and Pass only when none does",
        _TAKE + " " + _DISTRACTION_COST + " " + _REACH,
        f"each of the three actions, hands of 0-{MAX_HAND} Supporters and 0-{MAX_HAND} Events, every pattern of "
        "filled slots in the row, every subset of the hand as discards",
        (f"{E}.Engine.legal_moves", f"{T}.discard_pays", f"{T}.slot_cost"), check_legal_takes, argument="exhaustive",
    ),
    Invariant(
        "WH-6", GAME, "A Distraction aimed at a player is aimed at another player; a Gridlock at any other",
        "The player who plays a Gridlock chooses another player and places the card face-up in the space "
        "between that player's Active Hand and their Locked Network.",
        "2-4 players, every seat to play, each steal, swap, force move and Gridlock card, the others holding "
        "cards or none",
        (f"{E}.Engine.legal_moves", f"{E}.Engine.choices"), check_targets, argument="exhaustive",
    ),
    Invariant(
        "WH-7", GAME, "Every move of every kind conserves the cards, at the end of a game too",
        "Draw a new card from the top of the Supporter Deck ...; After you have played the card, it goes to the "
        "bottom of the Distractions Deck (unless it says otherwise).",
        _TABLES.format("the 8") + ": every Distraction type played, Lies and Deflections, decks at their end, "
        "positions one move from a win",
        (f"{E}.Engine.legal_moves", f"{E}.Engine.apply"), check_every_move_conserves, argument="exhaustive",
    ),
    Invariant(
        "WH-8", GAME, "A Gridlock cancels exactly one trick-forming move, and only that",
        "That player's next trick-forming move ... does not lock in, whether it happens on their turn or when a "
        "card arriving through a Distraction action joins the network at once: the cards go instead to the "
        "bottom of the appropriate Deck ..., and one of the Gridlock cards in the space goes to the bottom of "
        "the Distractions Deck, the rest staying. The Locked Network itself is unaffected",
        _TABLES.format("two") + ", players holding one or two Gridlocks, trick-forming moves on and off their "
        "turn",
        (f"{E}.Engine.legal_moves", f"{E}.Engine.apply"), check_gridlock, argument="exhaustive",
    ),
    Invariant(
        "WH-9", GAME, "The first player holds the highest-numbered Supporter; play runs counter-clockwise",
        "The player with the highest numbered Supporter takes the first turn; play then continues "
        "counter-clockwise from that player.",
        "2-4 players, every order in which five Supporters of the sample catalogue are dealt",
        (f"{E}.new_game",), check_first_player, argument="exhaustive",
    ),
    Invariant(
        "WH-10", GAME, "A reversal takes effect next round, from the player just before the one who played it",
        "When a card reverses the order of play, the rest of the current round continues as scheduled. The "
        "reversal takes effect from the next round, which starts with the player who would have played just "
        "before the player who played the card, and play then runs in the reversed direction.",
        "2-4 players, every first player and direction, every set of players of the round playing a reversal "
        "(the last card counts; option reversals=cancel: an even number cancel out), two rounds",
        (f"{E}.Engine.apply", f"{E}.Engine.legal_moves"), check_reversal, argument="exhaustive",
    ),
    Invariant(
        "WH-11", GAME, "Making 7 Tricks wins at once and ends the game; fewer never wins",
        "The first player to make 7 Tricks wins.",
        _TABLES.format("three") + ": one move from 7 Tricks (on and off turn) or from 6",
        (f"{E}.Engine.apply", f"{E}.Engine.legal_moves"), check_win, argument="exhaustive",
    ),
    Invariant(
        "WH-12", GAME, "A move legal_moves does not offer is refused, naming the rule it breaks",
        "The player with the highest numbered Supporter takes the first turn; play then continues "
        "counter-clockwise from that player. " + _TAKE + " " + _REACH + " Second, pick an Event card, following "
        "a similar pattern. Third, pick a Distraction card.",
        f"the WH-5 tables (each action, hands of 0-{MAX_HAND} Supporters and 0-{MAX_HAND} Events, every pattern "
        "of filled slots) and every state of the games of up to 4 decisions from the WH-7 tables; for each, the "
        "offered moves made by another player, a wrong number of discards, a card paid twice or not held, a "
        "discard of the wrong kind, a take from an empty slot or another row, Pass with a card in reach, a card "
        "given back for a Distraction that is no swap, an answer to no arrival or the wrong answer to one; option "
        "lock_from_hand=own_turn: a hand pair that does not match, a card not held, a single card matching nothing "
        "in the network",
        (f"{E}.Engine.apply", f"{E}.Engine.explain", "model.whitehouse.judge.judge"), check_refusals,
        argument="exhaustive",
    ),
    Invariant(
        "WH-13", GAME, "After a take the discards are at the bottom of the deck, the card last in the hand, "
                       "the next action begun",
        _TAKE + " " + _REFILL + " Otherwise, put the card in your list of Event cards in your Active Hand. "
        "Second, pick an Event card, following a similar pattern.",
        f"the Supporter and Event actions, hands of 0-{MAX_HAND} Supporters and 0-{MAX_HAND} Events matching no "
        "row card, every pattern of filled slots, an empty deck and a deck of one card, every take offered",
        (f"{E}.Engine.apply", f"{E}.Engine._take", f"{E}.Engine._pay", f"{T}.take_from_row", f"{T}.refill"),
        check_after_take, argument="exhaustive",
    ),
    Invariant(
        "WH-14", GAME, "Every rule option given is the one the engine plays by, the others at their defaults",
        "The rulebook's open questions, each answered by a rule option (its literal reading the default).",
        "every option of the game and of the Locked Network, every value (numbers also as text)",
        ("model.whitehouse.rules.whitehouse_rules", "model.whitehouse.rules.rules_dict"), check_options_read,
        argument="exhaustive",
    ),
    Invariant(
        "WH-15", GAME, "A Deflection blocks exactly the Distractions played against its holder",
        "A Distraction is played \"against\" a player when it removes, steals, swaps or forces the movement of a "
        "card from that player's Active Hand, or when it is a Gridlock placed in that player's space. ... Such a "
        "Distraction is blocked by a deflection card ...: both cards go to the bottom of the Distractions Deck "
        "and the Distraction has no effect.",
        "2-3 players each holding a Supporter and an Event, each of them holding the Deflection, each steal, swap, "
        "force move, remove-own, Gridlock, take-row, draw and reversal card, every way to play it",
        (f"{E}.Engine._play", f"{E}.Engine.apply"), check_deflection, argument="exhaustive",
    ),
    Invariant(
        "WH-16", GAME, "A Distraction fizzles exactly when its action cannot be completed, and then does nothing",
        "A Distraction fizzles when its action cannot be completed",
        "each remove-own, steal, swap, force move, take-row, draw and reshuffle card, the player and the other "
        "player holding cards or not, the decks and rows stocked or empty, every way to play it",
        (f"{E}.Engine.fizzles", f"{E}.Engine._completable", f"{E}.Engine.choices", f"{E}.Engine.apply"),
        check_fizzles, argument="exhaustive",
    ),
    Invariant(
        "WH-17", GAME, "The turns are counted one by one and the game ends without a winner after the turn limit",
        "Play continues counter-clockwise (unless otherwise directed by the cards), until someone wins.",
        "2-3 players who can only pass, 0-2 turns before the limit (option turn_limit: 500, 200 or 2000 turns)",
        (f"{E}.Engine._end_action", f"{E}.outcome", "model.whitehouse.state.State.outcome"), check_turn_limit,
        argument="exhaustive",
    ),
    Invariant(
        "WH-18", GAME, "A player holding Lies may answer every card on its way into another player's hand",
        "At any point in the game, before a card is added to another player's Active Hand — a card taken from a "
        "row on their turn, or a card arriving through a Distraction action, including a Deflection being placed "
        "on that player's hand — the player may play one of their Lies cards",
        "two players, the other one holding a Lies: a Supporter and an Event taken from their rows, and every "
        "take-row, steal, swap, draw, force-move-to-the-next-player and Deflection card played; each card known as "
        "taken from a row or arriving through a Distraction action",
        (f"{E}.Engine._take", f"{E}.Engine._effect", f"{E}.Engine._first_stage", f"{E}.Engine._advance"),
        check_lies_offered, argument="exhaustive",
    ),
)

