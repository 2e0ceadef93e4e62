"""Hypothesis compares each Python rule function with its Z3 encoding on random inputs (the
checks prove them equal on bounded domains; these tests roam further)."""

from __future__ import annotations

import z3
from budget import examples
from hypothesis import given
from hypothesis import strategies as st

from checks.core import concrete
from checks.likes import invariants as likes_z3
from checks.whitehouse import invariants as rows_z3
from checks.whitehouse import network_invariants as tricks_z3
from model.likes import rules as likes_rules
from model.whitehouse.network import arrangement as tricks

ints = st.integers
roles = st.sampled_from(range(3))


@given(ints(0, 50), roles, st.sampled_from(["penalty_again", "restart", "third_only"]))
def test_streak_step(streak: int, role: int, after_third: str) -> None:
    python = likes_rules.streak_step(streak, likes_z3.ROLES[role], after_third)
    new, penalised = likes_z3.z3_streak_step(z3.IntVal(streak), z3.IntVal(role), after_third)
    assert (concrete(new), concrete(penalised)) == (python.streak, python.penalised)


@given(st.lists(ints(0, 20), min_size=1, max_size=8))
def test_roles(counts: list[int]) -> None:
    python = likes_rules.roles({f"P{i}": c for i, c in enumerate(counts)})
    encoded = likes_z3.z3_roles([z3.IntVal(c) for c in counts])
    assert [likes_z3.ROLES[concrete(r)] for r in encoded] == list(python.values())


@given(ints(0, 10_000))
def test_exchange_likes(likes: int) -> None:
    rest, steps = likes_z3.z3_exchange_likes(z3.IntVal(likes))
    assert (concrete(rest), concrete(steps)) == likes_rules.exchange_likes(likes)


@given(ints(-1000, 1000))
def test_floor_at_start(position: int) -> None:
    assert concrete(likes_z3.z3_floor_at_start(z3.IntVal(position))) == likes_rules.floor_at_start(position)


@given(roles, st.booleans(), st.sampled_from(["nobody", "others", "everyone"]))
def test_moves_by_intent(role: int, there: bool, option: str) -> None:
    encoded = likes_z3.z3_moves_by_intent(z3.IntVal(role), z3.BoolVal(there), option)
    assert concrete(encoded) == likes_rules.moves_by_intent(likes_z3.ROLES[role], there, option)


printed = st.one_of(st.none(), ints(-9, 9))


@given(st.booleans(), st.booleans(), printed, printed, printed, st.booleans())
def test_intent_steps(misinformation: bool, reported: bool, a, b, c, printed_steps: bool) -> None:
    kind = likes_rules.MISINFORMATION if misinformation else likes_rules.TRUE_INFORMATION
    python = likes_rules.intent_steps(kind, reported, a, b, c, printed_steps)
    pairs = [(z3.BoolVal(v is not None), z3.IntVal(v or 0)) for v in (a, b, c)]
    poster, influencer = likes_z3.z3_intent_steps(z3.BoolVal(misinformation), z3.BoolVal(reported), pairs,
                                                  printed_steps)
    assert (concrete(poster), concrete(influencer)) == (python.poster, python.influencer)


@st.composite
def layouts(draw):
    n = draw(ints(1, 6))
    cells = draw(st.lists(st.tuples(ints(0, 3), ints(0, 3)), min_size=n, max_size=n, unique=True))
    kinds = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    return tricks_z3.Layout(cells, kinds, {p for p, on in zip(pairs, chosen, strict=False) if on})


def _cards(layout: tricks_z3.Layout) -> tuple[list, object]:
    cards = [tricks_z3.Card(z3.IntVal(r), z3.IntVal(c), z3.BoolVal(s))
             for (r, c), s in zip(layout.cells, layout.supporter, strict=False)]
    return cards, lambda i, j: z3.BoolVal((min(i, j), max(i, j)) in layout.matches)


@given(layouts())
def test_count_tricks_and_legality(layout: tricks_z3.Layout) -> None:
    cards, match = _cards(layout)
    network, arrangement = layout.network(), layout.arrangement()
    assert concrete(tricks_z3.z3_count_tricks(cards, match)) == tricks.count_tricks(network, arrangement)
    report = tricks.check_arrangement(network, arrangement, tricks.TricksRules(connected=False))
    assert concrete(tricks_z3.z3_legal(cards, match)) == report.legal


@given(layouts())
def test_entry_cells(layout: tricks_z3.Layout) -> None:
    if len(layout.cells) < 2:
        return
    cards, match = _cards(layout)
    last = len(cards) - 1
    entries = tricks.entry_cells(layout.network(), layout.arrangement(last), layout.refs()[-1])
    offered = any((e.row, e.col) == layout.cells[-1] for e in entries)
    assert concrete(tricks_z3.z3_may_enter(cards[-1], cards[:-1], lambda i: match(i, last))) == offered


@examples(0.75)
@given(ints(0, 3), st.tuples(st.booleans(), st.booleans(), st.booleans()), ints(0, 3), ints(0, 2),
       st.sampled_from(["stay_empty", "top_up"]), st.data())
def test_take_and_refill(deck_size, filled, hand_size, slot, empty_deck, data) -> None:
    from checks.whitehouse.invariants import Shape, encode_take, replay_take
    from model.whitehouse.rules import WhitehouseRules

    if not filled[slot] or hand_size < 2 - slot:
        return
    import itertools

    discards = data.draw(st.sampled_from(list(itertools.combinations(range(hand_size), 2 - slot))))
    shape = Shape(deck_size, filled, hand_size, slot, discards)
    ids = list(range(1, 10))
    deck, row, hand = ids[:deck_size], [ids[3 + i] if filled[i] else None for i in range(3)], ids[6:6 + hand_size]
    rules = WhitehouseRules(empty_deck=empty_deck)
    _, _, legal, after = replay_take(rules, shape, deck, row, hand)
    assert legal
    sym = rows_z3.Symbols([z3.IntVal(v) for v in ids[:3]], [z3.IntVal(v) for v in ids[3:6]],
                          [z3.IntVal(v) for v in ids[6:9]])
    take = encode_take(rows_z3.RowsEncoding(), sym, shape, empty_deck)
    assert [concrete(v) for v in take.deck] == list(after.decks[0])
    assert [concrete(v) or None for v in take.row] == list(after.rows[0])
    assert [concrete(v) for v in take.hand] == list(after.players[0].supporters)
