"""Deliberately wrong rule variants, one per invariant, each written twice: in Python (patched
into the engine for the test) and as a Z3 encoding. The invariant it belongs to must report
Violated with a counterexample the patched engine reproduces.

A bug whose Python side alone changes is caught by the game's encoding check (``*-0``): the Z3
side still encodes the rule as written, so only the equality of the two can tell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import z3

from checks.core import count
from checks.likes import invariants as likes
from checks.socks import invariants as socks
from checks.whitehouse import invariants as whitehouse
from checks.whitehouse import network_invariants as tricks
from model.likes import engine as likes_engine
from model.likes import rules as likes_rules
from model.socks import scoring as socks_scoring
from model.whitehouse import engine as wh_engine
from model.whitehouse.network import arrangement as tricks_model


@dataclass(frozen=True)
class Bug:
    """A wrong variant of one rule function."""

    #: What is wrong, in words.
    description: str
    #: The Z3 encodings to replace: {module name: {field: function}}.
    encodings: dict[str, dict[str, Callable]] = field(default_factory=dict)
    #: The Python side: (object, attribute, replacement), applied with monkeypatch.
    patches: tuple[tuple[Any, str, Any], ...] = ()
    #: Dictionary items to replace: (dict, key, value).
    items: tuple[tuple[dict, Any, Any], ...] = ()


def encodings_with(bug: Bug) -> dict[str, Any]:
    from checks.invariants import DEFAULT_ENCODINGS

    return {module: dataclasses.replace(DEFAULT_ENCODINGS[module], **fields)
            for module, fields in bug.encodings.items()}


# --- Locked Network -------------------------------------------------------------------------------


WRAP = 4


def _wrap_adjacent(a, b):
    dc = a.col - b.col
    return z3.Or(
        z3.And(a.row == b.row, z3.Or(dc == 1, dc == -1, dc == WRAP - 1, dc == 1 - WRAP)),
        z3.And(a.col == b.col, z3.Or(a.row - b.row == 1, b.row - a.row == 1)),
    )


def _wrap_neighbours(cell):
    row, col = cell
    yield from ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    yield from ((row, col - WRAP + 1), (row, col + WRAP - 1))


def _wrap_borders(cells):
    occupied = set(cells)
    for row, col in sorted(occupied):
        for other in ((row, col + 1), (row + 1, col), (row, col - WRAP + 1)):
            if other in occupied and other != (row, col):
                yield (row, col), other


def _directional_count(cards, match, adjacent=tricks.z3_adjacent):
    """Counts a border only when the Supporter sits left of or above the Event."""
    out = []
    for i in range(len(cards)):
        for j in range(len(cards)):
            if i == j:
                continue
            a, b = cards[i], cards[j]
            right_or_below = z3.Or(z3.And(a.row == b.row, b.col - a.col == 1),
                                   z3.And(a.col == b.col, b.row - a.row == 1))
            out.append(z3.And(right_or_below, a.supporter, z3.Not(b.supporter), match(i, j)))
    return count(out)


def _directional_count_python(network, arrangement):
    cells = arrangement.cells()
    return sum(1 for a, b in tricks_model.borders(cells)
               if cells[a].kind == tricks_model.SUPPORTER and network.matches(cells[a], cells[b]))


def _any_match_may_enter(new, cards, match_new, adjacent=tricks.z3_adjacent):
    empty = z3.And([z3.Or(new.row != c.row, new.col != c.col) for c in cards])
    touches = z3.Or([adjacent(new, c) for c in cards])
    some = z3.Or([z3.And(adjacent(new, c), new.supporter != c.supporter, match_new(i)) for i, c in enumerate(cards)])
    none_other = z3.And([z3.Not(z3.And(adjacent(new, c), new.supporter != c.supporter)) for c in cards])
    return z3.And(empty, touches, z3.Or(some, none_other))


def _any_match_entry_cells(network, arrangement, card):
    cells = arrangement.cells()
    if not cells:
        return [tricks_model.Entry(0, 0, 0)]
    base = tricks_model.count_tricks(network, arrangement)
    candidates = {n for cell in cells for n in tricks_model.neighbours(cell) if n not in cells}
    entries = []
    for cell in sorted(candidates):
        touching = [cells[n] for n in tricks_model.neighbours(cell) if n in cells]
        others = [o for o in touching if o.kind != card.kind]
        if others and not any(network.matches(card, o) for o in others):
            continue
        gained = sum(1 for other in touching if network.matches(card, other))
        entries.append(tricks_model.Entry(cell[0], cell[1], base + gained))
    return entries


_real_check_arrangement = tricks_model.check_arrangement
_real_count_tricks = tricks_model.count_tricks


def _misses_below(network, arrangement, rules=tricks_model.TricksRules()):
    report = _real_check_arrangement(network, arrangement, rules)
    cells = arrangement.cells()
    kept = []
    for violation in report.violations:
        vertical = any(
            (row + 1, col) in cells and cells[(row + 1, col)].kind != card.kind
            and not network.matches(card, cells[(row + 1, col)])
            and f"row {row} col {col}" in violation and f"row {row + 1} col {col}" in violation
            for (row, col), card in cells.items())
        if not vertical:
            kept.append(violation)
    return tricks_model.ArrangementReport(not kept, report.tricks, tuple(kept))


def _surround_bonus(cards, match, adjacent=tricks.z3_adjacent):
    base = tricks.z3_count_tricks(cards, match, adjacent)
    full = [count(z3.And(adjacent(cards[i], cards[j]), cards[i].supporter != cards[j].supporter, match(i, j))
                  for j in range(len(cards)) if j != i) == 4 for i in range(len(cards))]
    return base + count(full)


def _surround_bonus_python(network, arrangement):
    cells = arrangement.cells()
    full = sum(1 for cell, card in cells.items()
               if sum(1 for n in tricks_model.neighbours(cell) if n in cells and network.matches(card, cells[n])) == 4)
    return _real_count_tricks(network, arrangement) + full


# --- White House rows -------------------------------------------------------------------------------


def _refill_keeps_top_z3(row, deck, filled, empty_deck):
    row, filled = list(row), list(filled)
    if not filled[0] and deck:
        row[0], filled[0] = deck[0], True
    return row, list(deck), filled


def _refill_keeps_top(state, row):
    cards = list(state.rows[row])
    deck = state.decks[row]
    if cards[0] is None and deck:
        cards[0] = deck[0]
    rows = list(state.rows)
    rows[row] = tuple(cards)
    return dataclasses.replace(state, rows=tuple(rows))


def _refill_from_bottom(state, row):
    cards = list(state.rows[row])
    deck = list(state.decks[row])
    if cards[0] is None and deck:
        cards[0] = deck.pop()
    rows, decks = list(state.rows), list(state.decks)
    rows[row], decks[row] = tuple(cards), tuple(deck)
    return dataclasses.replace(state, rows=tuple(rows), decks=tuple(decks))


def _reversed_take_z3(row, slot):
    rest = [row[j] for j in range(3) if j != slot]
    return [z3.IntVal(whitehouse.EMPTY)] + rest[::-1], row[slot]


def _reversed_take(state, row, slot_index):
    cards = state.rows[row]
    card = cards[slot_index]
    rest = cards[:slot_index] + cards[slot_index + 1:]
    rows = list(state.rows)
    rows[row] = (None,) + rest[::-1]
    return dataclasses.replace(state, rows=tuple(rows)), card


# --- Socks ------------------------------------------------------------------------------------------


def _patched_score_hand(*, pairs_score=False, wild_twice=False, wild_star=False, wild_bonus=False):
    def score_hand(hand, chosen, rules):
        counts, stars = {}, {}
        for number, values in hand.sets:
            counts[number] = counts.get(number, 0) + len(values)
            stars[number] = stars.get(number, 0) + sum(values)
        picks = iter(chosen)
        placements = []
        for wild in hand.wilds:
            target = wild.set if wild.set is not None else next(picks)
            if target is not None:
                counts[target] = counts.get(target, 0) + (2 if wild_twice else 1)
                stars[target] = stars.get(target, 0) + (1 if wild_star else 0)
            placements.append(socks_scoring.WildPlacement(wild.id, target, wild.set is None, wild.face_down))
        sets = tuple(
            socks_scoring.SetScore(n, counts[n], stars[n], counts[n] >= 2 if pairs_score else counts[n] % 2 == 0)
            for n in sorted(counts) if counts[n] > 0)
        score = sum(s.stars for s in sets if s.scores) + (1 if wild_bonus and hand.wilds else 0)
        set_count = (sum(1 for s in sets if s.scores) if rules.tie_break_counts == "scoring_sets" else len(sets))
        return socks_scoring.PlayerScore(hand.name, score, set_count, sets, tuple(placements))
    return score_hand


def _sets_first_winners(players, rules):
    fewest = min(p.set_count for p in players)
    pool = [p for p in players if p.set_count == fewest]
    best = max(p.score for p in pool)
    still = [p for p in pool if p.score == best]
    if len(still) == 1:
        return [still[0].name], "score"
    return [p.name for p in still], "shared"


def _sets_first_z3(scores, set_counts, final_tie):
    """(Reports ``score`` for a single winner and ``shared`` otherwise, as its Python twin.)"""
    fewest = set_counts[0]
    for s in set_counts[1:]:
        fewest = z3.If(s < fewest, s, fewest)
    pool = [s == fewest for s in set_counts]
    best = z3.IntVal(-1)
    for in_pool, score in zip(pool, scores, strict=False):
        best = z3.If(z3.And(in_pool, score > best), score, best)
    wins = [z3.And(p, s == best) for p, s in zip(pool, scores, strict=False)]
    return wins, z3.If(count(wins) == 1, 0, 2)


def _nobody_in_final_tie(players, rules):
    winners, decided = _real_decide(players, rules)
    return ([], decided) if decided == "shared" else (winners, decided)


_real_decide = socks_scoring.decide_winners


def _nobody_in_final_tie_z3(scores, set_counts, final_tie):
    wins, decided = socks.z3_decide_winners(scores, set_counts, final_tie)
    return [z3.And(w, decided != 2) for w in wins], decided


# --- Likes and Lies ---------------------------------------------------------------------------------


def _floor_minus_one_z3(position):
    return z3.If(position < -1, -1, position)


def _floor_minus_one(position):
    return max(-1, position)


def _two_influencers_z3(counts):
    top = counts[0]
    for c in counts[1:]:
        top = z3.If(c > top, c, top)
    leaders = count(c == top for c in counts)
    return [z3.If(c == top, z3.If(leaders <= 2, likes.INFLUENCER, likes.TIED), likes.OTHER) for c in counts]


def _two_influencers(vote_counts):
    top = max(vote_counts.values())
    leaders = [n for n, c in vote_counts.items() if c == top]
    role = likes_rules.Role.INFLUENCER if len(leaders) <= 2 else likes_rules.Role.TIED
    return {n: role if n in leaders else likes_rules.Role.OTHER for n in vote_counts}


def _tie_resets_z3(streak, role, after_third):
    new, penalised = likes.z3_streak_step(streak, role, after_third)
    return z3.If(role == likes.TIED, 0, new), penalised


_real_streak_step = likes_rules.streak_step


def _tie_resets(streak, role, after_third):
    if role is likes_rules.Role.TIED:
        return likes_rules.StreakStep(0, False)
    return _real_streak_step(streak, role, after_third)


def _strict_exchange_z3(total):
    steps = z3.If(total > 10, total / 10, 0)
    return total - 10 * steps, steps


def _strict_exchange(total):
    steps = total // 10 if total > 10 else 0
    return total - 10 * steps, steps


def _nine_per_step(total):
    return divmod(total, 9)[::-1]


def _influencer_moves_z3(role, there, intent_in_tie):
    return z3.If(there, z3.BoolVal(True), likes.z3_moves_by_intent(role, there, intent_in_tie))


_real_moves_by_intent = likes_rules.moves_by_intent


def _influencer_moves(role, there, intent_in_tie):
    return True if there else _real_moves_by_intent(role, there, intent_in_tie)


def _poster_pays_z3(misinformation, reported, printed, printed_steps):
    poster, influencer = likes.z3_intent_steps(misinformation, reported, printed, printed_steps)
    return z3.If(z3.And(z3.Not(misinformation), reported), -2, poster), influencer


_real_intent_steps = likes_rules.intent_steps


def _poster_pays(kind, reported, *args, **kwargs):
    got = _real_intent_steps(kind, reported, *args, **kwargs)
    if kind == likes_rules.TRUE_INFORMATION and reported:
        return likes_rules.IntentSteps(-2, got.influencer)
    return got


T, W, S, LI = (m.__name__ for m in (tricks, whitehouse, socks, likes))

BUGS: dict[str, Bug] = {
    "LN-0": Bug("the border check misses a non-matching card below (Python only)",
                patches=((tricks_model, "check_arrangement", _misses_below),)),
    "LN-1": Bug("a card matched on all four sides counts a fifth Trick",
                {T: {"count_tricks": _surround_bonus}},
                ((tricks_model, "count_tricks", _surround_bonus_python),)),
    "LN-2": Bug("the rows wrap around a 4-column table", {T: {"adjacent": _wrap_adjacent}},
                ((tricks_model, "borders", _wrap_borders), (tricks_model, "neighbours", _wrap_neighbours))),
    "LN-3": Bug("a Trick counts only with the Supporter left of or above the Event",
                {T: {"count_tricks": _directional_count}},
                ((tricks_model, "count_tricks", _directional_count_python),)),
    "LN-4": Bug("a card may enter beside a non-matching card if it also matches one",
                {T: {"may_enter": _any_match_may_enter}},
                ((tricks_model, "entry_cells", _any_match_entry_cells),)),
    "WH-0": Bug("the refill draws the deck's bottom card (Python only)",
                patches=((wh_engine, "_refill", _refill_from_bottom),)),
    "WH-1": Bug("the refill shows the deck's top card but leaves it in the deck",
                {W: {"refill": _refill_keeps_top_z3}}, ((wh_engine, "_refill", _refill_keeps_top),)),
    "WH-2": Bug("the furthest card costs one discard", {W: {"cost": lambda slot: whitehouse.pick(
                [z3.IntVal(2), z3.IntVal(1), z3.IntVal(1)], slot)}},
                items=((wh_engine.COST, "furthest", 1),)),
    "WH-3": Bug("the cards left in the row swap places", {W: {"take_from_row": _reversed_take_z3}},
                ((wh_engine, "_take_from_row", _reversed_take),)),
    "SO-0": Bug("a hand with a Super Sock gets a bonus point (Python only)",
                patches=((socks_scoring, "score_hand", _patched_score_hand(wild_bonus=True)),)),
    "SO-1": Bug("every set of two or more Socks scores", {S: {"score": lambda c, s: z3.Sum(
                [z3.If(x >= 2, y, 0) for x, y in zip(c, s, strict=False)])}},
                ((socks_scoring, "score_hand", _patched_score_hand(pairs_score=True)),)),
    "SO-2": Bug("a Super Sock counts as two Socks", {S: {"set_counts": lambda p, w: [
                p[i] + 2 * count(x == i for x in w) for i in range(len(p))]}},
                ((socks_scoring, "score_hand", _patched_score_hand(wild_twice=True)),)),
    "SO-3": Bug("the fewest sets are looked at before the score", {S: {"decide_winners": _sets_first_z3}},
                ((socks_scoring, "decide_winners", _sets_first_winners),)),
    "SO-4": Bug("a Super Sock is worth a star", {S: {"set_stars": lambda s, w: [
                s[i] + count(x == i for x in w) for i in range(len(s))]}},
                ((socks_scoring, "score_hand", _patched_score_hand(wild_star=True)),)),
    "SO-5": Bug("a final tie has no winner even when shared", {S: {"decide_winners": _nobody_in_final_tie_z3}},
                ((socks_scoring, "decide_winners", _nobody_in_final_tie),)),
    "LL-0": Bug("9 Likes buy a step (Python only)", patches=((likes_rules, "exchange_likes", _nine_per_step),)),
    "LL-1": Bug("the Start floor is one space behind Start", {LI: {"floor_at_start": _floor_minus_one_z3}},
                ((likes_engine, "floor_at_start", _floor_minus_one), (likes_rules, "floor_at_start", _floor_minus_one))),
    "LL-2": Bug("two players tied for first are both Influencers", {LI: {"roles": _two_influencers_z3}},
                ((likes_rules, "roles", _two_influencers),)),
    "LL-3": Bug("a tie resets the streak", {LI: {"streak_step": _tie_resets_z3}},
                ((likes_rules, "streak_step", _tie_resets),)),
    "LL-4": Bug("exactly 10 Likes are not exchanged", {LI: {"exchange_likes": _strict_exchange_z3}},
                ((likes_rules, "exchange_likes", _strict_exchange),)),
    "LL-5": Bug("the Influencer also moves by his Intent", {LI: {"moves_by_intent": _influencer_moves_z3}},
                ((likes_rules, "moves_by_intent", _influencer_moves),)),
    "LL-6": Bug("a reported True Information costs its poster", {LI: {"intent_steps": _poster_pays_z3}},
                ((likes_rules, "intent_steps", _poster_pays),)),
}
