"""Oh My Socks! invariants: end-of-game scoring and the tie-break.

The Z3 encoding mirrors ``model.socks.scoring``: a hand is a few sets, each with its printed
Socks (how many, how many stars) and the Super Socks (wild cards) placed in it; a set scores its
stars when its Sock count, wild cards included, is even; the tie-break counts every set held (or,
option ``tie_break_counts``, only the scoring ones); ``decide_winners`` takes the highest score,
then the fewest sets, then the ``final_tie`` option. Counterexamples are rebuilt as ``Hand`` and
``PlayerScore`` values and replayed through ``score_hand`` and ``decide_winners``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from checks.core import (
    Context,
    Invariant,
    agreement_counterexample,
    count,
    first_difference,
    read,
)
from checks.result import Counterexample
from model.socks import scoring as socks_scoring
from model.socks.cards import DecidedBy, FinalTie, TieBreakCounts

GAME = "socks"
SETS, MAX_SOCKS, MAX_STARS_PER_SOCK, WILDS = 3, 5, 3, 2
PLAYERS, MAX_SCORE, MAX_SET_COUNT = 3, 6, 4
DECIDED: tuple[DecidedBy, ...] = ("score", "fewest_sets", "shared", "no_winner")

# The shapes of the encodings (Z3 expressions are untyped: Any).
SetsEncoding = Callable[[Sequence[Any], Sequence[Any]], list[Any]]
ScoreEncoding = Callable[[Sequence[Any], Sequence[Any]], Any]
SetCountEncoding = Callable[[Sequence[Any], TieBreakCounts], Any]
WinnersEncoding = Callable[[Sequence[Any], Sequence[Any], FinalTie], tuple[list[Any], Any]]
# A point of an equivalence check: the inputs and the Python function's outputs.
Point = tuple[tuple[Any, ...], tuple[Any, ...]]


def z3_set_counts(printed: Sequence[Any], wild_sets: Sequence[Any]) -> list[Any]:
    """Socks in each set: its printed Socks plus the wild cards placed in it."""
    return [printed[i] + count(w == i for w in wild_sets) for i in range(len(printed))]


def z3_set_stars(stars: Sequence[Any], wild_sets: Sequence[Any]) -> list[Any]:
    """Stars of each set: its printed Socks only (a Super Sock "does not score any points")."""
    return list(stars)


def z3_score(counts: Sequence[Any], stars: Sequence[Any]) -> Any:
    """A set scores its stars when its count is even."""
    return z3.Sum([z3.If(c % 2 == 0, s, 0) for c, s in zip(counts, stars, strict=False)] or [z3.IntVal(0)])


def z3_set_count(counts: Sequence[Any], tie_break_counts: TieBreakCounts) -> Any:
    """The sets the tie-break counts: every set held, or only the scoring ones."""
    if tie_break_counts == "scoring_sets":
        return count(z3.And(c > 0, c % 2 == 0) for c in counts)
    return count(c > 0 for c in counts)


def z3_decide_winners(scores: Sequence[Any], set_counts: Sequence[Any], final_tie: FinalTie
                      ) -> tuple[list[Any], Any]:
    """``decide_winners``: each player's win flag and what decided (an index into DECIDED)."""
    best = scores[0]
    for s in scores[1:]:
        best = z3.If(s > best, s, best)
    leader = [s == best for s in scores]
    big = MAX_SET_COUNT * 10 + 10
    fewest = z3.IntVal(big)
    for lead, sets in zip(leader, set_counts, strict=False):
        fewest = z3.If(z3.And(lead, sets < fewest), sets, fewest)
    still = [z3.And(lead, sets == fewest) for lead, sets in zip(leader, set_counts, strict=False)]
    leaders, stills = count(leader), count(still)
    wins = [z3.If(leaders == 1, lead, z3.If(stills == 1, st, z3.And(z3.BoolVal(final_tie != "no_winner"), st)))
            for lead, st in zip(leader, still, strict=False)]
    decided = z3.If(leaders == 1, 0, z3.If(stills == 1, 1, 3 if final_tie == "no_winner" else 2))
    return wins, decided


@dataclass(frozen=True)
class SocksEncoding:
    """The Z3 encodings of the scoring rule functions (replaceable one by one)."""

    set_counts: SetsEncoding = z3_set_counts
    set_stars: SetsEncoding = z3_set_stars
    score: ScoreEncoding = z3_score
    set_count: SetCountEncoding = z3_set_count
    decide_winners: WinnersEncoding = z3_decide_winners


# --- symbolic hands ---------------------------------------------------------------------------


@dataclass
class HandSymbols:
    printed: list[Any]
    stars: list[Any]
    wilds: list[Any]
    placed: list[Any]  # whether each wild card is in the hand

    @classmethod
    def make(cls, prefix: str = "") -> HandSymbols:
        return cls([z3.Int(f"{prefix}n{i}") for i in range(SETS)], [z3.Int(f"{prefix}s{i}") for i in range(SETS)],
                   [z3.Int(f"{prefix}w{j}") for j in range(WILDS)], [z3.Bool(f"{prefix}p{j}") for j in range(WILDS)])

    def facts(self) -> list[Any]:
        out = []
        for n, s in zip(self.printed, self.stars, strict=False):
            out += [n >= 0, n <= MAX_SOCKS, s >= 0, s <= MAX_STARS_PER_SOCK * n]
        for w in self.wilds:
            # A wild card joins a set the player holds (one with a printed Sock).
            out.append(z3.Or([z3.And(w == i, self.printed[i] > 0) for i in range(SETS)]))
        return out

    def wild_sets(self) -> list[Any]:
        """The set of each wild card in the hand (-1 for one not held)."""
        return [z3.If(p, w, -1) for w, p in zip(self.wilds, self.placed, strict=False)]


@dataclass(frozen=True)
class DecodedHand:
    printed: list[int]
    stars: list[int]
    wilds: list[int]  # the set index of each wild card held

    def hand(self, name: str = "P1", drop: int | None = None, without_wilds: bool = False) -> socks_scoring.Hand:
        sets = []
        for i, (n, s) in enumerate(zip(self.printed, self.stars, strict=False)):
            if n == 0 or i == drop:
                continue
            low, extra = divmod(s, n)
            values = tuple(low + 1 if k < extra else low for k in range(n))
            sets.append((i + 2, values))
        wilds = () if without_wilds else tuple(
            socks_scoring.Wild(f"super{k + 1}", w + 2) for k, w in enumerate(self.wilds) if w != drop)
        return socks_scoring.Hand(name, tuple(sets), wilds)

    def json(self) -> dict[str, Any]:
        hand = self.hand()
        return {"sets": {str(n): list(v) for n, v in hand.sets},
                "super_socks": [w.set for w in hand.wilds]}

    def drawing(self) -> str:
        lines = []
        for number, values in self.hand().sets:
            wild = sum(1 for w in self.wilds if w + 2 == number)
            total = len(values) + wild
            lines.append(f"set {number}: {len(values)} Sock{'s' if len(values) != 1 else ''} "
                         f"({sum(values)} stars){' + ' + str(wild) + ' Super Sock' if wild else ''}"
                         f" = {total}, {'even' if total % 2 == 0 else 'odd'}")
        return "\n".join(lines) or "no Socks"


def decode_hand(model: z3.ModelRef, sym: HandSymbols) -> DecodedHand:
    return DecodedHand(
        [read(model, n) for n in sym.printed], [read(model, s) for s in sym.stars],
        [read(model, w) for w, p in zip(sym.wilds, sym.placed, strict=False) if read(model, p)],
    )


def _score(enc: SocksEncoding, sym: HandSymbols, wild_sets: Sequence[Any] | None = None) -> Any:
    wild_sets = sym.wild_sets() if wild_sets is None else wild_sets
    counts = enc.set_counts(sym.printed, wild_sets)
    return enc.score(counts, enc.set_stars(sym.stars, wild_sets))


# --- SO-1: odd sets score nothing --------------------------------------------------------------


def check_odd_sets(ctx: Context) -> Counterexample | None:
    enc: SocksEncoding = ctx.z3
    sym = HandSymbols.make()
    odd = z3.Int("odd")
    counts = enc.set_counts(sym.printed, sym.wild_sets())
    stars = enc.set_stars(sym.stars, sym.wild_sets())
    without = enc.score([z3.If(odd == i, 0, c) for i, c in enumerate(counts)],
                        [z3.If(odd == i, 0, s) for i, s in enumerate(stars)])
    solver = ctx.solver()
    solver.add(*sym.facts(), odd >= 0, odd < SETS)
    solver.add(z3.Or([z3.And(odd == i, counts[i] % 2 == 1) for i in range(SETS)]))
    solver.add(enc.score(counts, stars) != without)
    model = ctx.search(solver)
    if model is None:
        return None
    hand = decode_hand(model, sym)
    j = read(model, odd)
    whole = socks_scoring.score_hand(hand.hand(), [], ctx.rules)
    rest = socks_scoring.score_hand(hand.hand(drop=j), [], ctx.rules)
    return Counterexample(
        {**hand.json(), "odd_set": j + 2, "score": whole.score, "score_without_it": rest.score},
        hand.drawing(),
        f"score_hand: {whole.score} with set {j + 2}, {rest.score} without it",
        whole.score != rest.score,
    )


# --- SO-2: a Super Sock changes only its own set's parity ---------------------------------------


def check_super_parity(ctx: Context) -> Counterexample | None:
    enc: SocksEncoding = ctx.z3
    sym = HandSymbols.make()
    solver = ctx.solver()
    solver.add(*sym.facts(), sym.placed[0], z3.Not(sym.placed[1]))
    with_it = enc.set_counts(sym.printed, [sym.wilds[0]])
    without = enc.set_counts(sym.printed, [])
    broken = [z3.If(sym.wilds[0] == i, with_it[i] % 2 == without[i] % 2, with_it[i] != without[i])
              for i in range(SETS)]
    solver.add(z3.Or(broken))
    model = ctx.search(solver)
    if model is None:
        return None
    hand = decode_hand(model, sym)
    after = socks_scoring.score_hand(hand.hand(), [], ctx.rules)
    before = socks_scoring.score_hand(hand.hand(without_wilds=True), [], ctx.rules)
    a = {s.set: s.count for s in after.sets}
    b = {s.set: s.count for s in before.sets}
    target = hand.wilds[0] + 2
    wrong = [n for n in sorted(set(a) | set(b))
             if (n == target and a.get(n, 0) % 2 == b.get(n, 0) % 2)
             or (n != target and a.get(n, 0) != b.get(n, 0))]
    return Counterexample(
        {**hand.json(), "counts_with": a, "counts_without": b},
        hand.drawing(),
        f"score_hand set counts without the Super Sock {b}, with it in set {target} {a}",
        bool(wrong),
    )


# --- SO-4: a Super Sock scores no points itself -------------------------------------------------


def check_super_no_points(ctx: Context) -> Counterexample | None:
    enc: SocksEncoding = ctx.z3
    sym = HandSymbols.make()
    solver = ctx.solver()
    solver.add(*sym.facts())
    solver.add(_score(enc, sym) > z3.Sum(sym.stars))
    model = ctx.search(solver)
    if model is None:
        return None
    hand = decode_hand(model, sym)
    got = socks_scoring.score_hand(hand.hand(), [], ctx.rules)
    printed = sum(hand.stars)
    return Counterexample(
        {**hand.json(), "score": got.score, "printed_stars": printed},
        hand.drawing(),
        f"score_hand gives {got.score} points from {printed} printed stars",
        got.score > printed,
    )


# --- the tie-break ------------------------------------------------------------------------------


@dataclass
class TableSymbols:
    scores: list[Any]
    sets: list[Any]

    @classmethod
    def make(cls) -> TableSymbols:
        return cls([z3.Int(f"score{p}") for p in range(PLAYERS)], [z3.Int(f"sets{p}") for p in range(PLAYERS)])

    def facts(self) -> list[Any]:
        out = []
        for s, n in zip(self.scores, self.sets, strict=False):
            out += [s >= 0, s <= MAX_SCORE, n >= 0, n <= MAX_SET_COUNT, z3.Implies(s > 0, n >= 1)]
        return out


def _players(model: z3.ModelRef, sym: TableSymbols) -> list[socks_scoring.PlayerScore]:
    return [socks_scoring.PlayerScore(f"P{p + 1}", read(model, s), read(model, n), (), ())
            for p, (s, n) in enumerate(zip(sym.scores, sym.sets, strict=False))]


def _table(players: Sequence[socks_scoring.PlayerScore]) -> str:
    return "\n".join(f"{p.name}: {p.score} points, {p.set_count} sets" for p in players)


def check_tie_break(ctx: Context) -> Counterexample | None:
    enc: SocksEncoding = ctx.z3
    sym = TableSymbols.make()
    wins, _ = enc.decide_winners(sym.scores, sym.sets, ctx.rules.final_tie)
    solver = ctx.solver()
    solver.add(*sym.facts())
    broken = []
    for p in range(PLAYERS):
        beaten_on_score = z3.Or([sym.scores[q] > sym.scores[p] for q in range(PLAYERS) if q != p])
        beaten_on_sets = z3.Or([z3.And(sym.scores[q] == sym.scores[p], sym.sets[q] < sym.sets[p])
                                for q in range(PLAYERS) if q != p])
        broken.append(z3.And(wins[p], z3.Or(beaten_on_score, beaten_on_sets)))
        # A unique top score wins outright, whatever the sets.
        unique_top = z3.And([sym.scores[q] < sym.scores[p] for q in range(PLAYERS) if q != p])
        broken.append(z3.And(unique_top, z3.Not(wins[p])))
    solver.add(z3.Or(broken))
    model = ctx.search(solver)
    if model is None:
        return None
    players = _players(model, sym)
    winners, decided = socks_scoring.decide_winners(players, ctx.rules)
    top = max(p.score for p in players)
    leaders = [p for p in players if p.score == top]
    fewest = min(p.set_count for p in leaders)
    right = {p.name for p in leaders if p.set_count == fewest}
    wrong = [w for w in winners if w not in right] or (
        [leaders[0].name] if len(leaders) == 1 and winners != [leaders[0].name] else [])
    return Counterexample(
        {"players": [{"name": p.name, "score": p.score, "sets": p.set_count} for p in players],
         "winners": winners, "decided_by": decided},
        _table(players),
        f"decide_winners: {', '.join(winners) or 'nobody'} ({decided})",
        bool(wrong),
    )


def check_always_winner(ctx: Context) -> Counterexample | None:
    enc: SocksEncoding = ctx.z3
    sym = TableSymbols.make()
    wins, _ = enc.decide_winners(sym.scores, sym.sets, ctx.rules.final_tie)
    solver = ctx.solver()
    solver.add(*sym.facts())
    solver.add(z3.Not(z3.Or(wins)))
    model = ctx.search(solver)
    if model is None:
        return None
    players = _players(model, sym)
    winners, decided = socks_scoring.decide_winners(players, ctx.rules)
    return Counterexample(
        {"players": [{"name": p.name, "score": p.score, "sets": p.set_count} for p in players],
         "winners": winners, "decided_by": decided},
        _table(players),
        f"decide_winners: {', '.join(winners) or 'nobody'} ({decided})",
        not winners,
    )


# --- SO-0: the encodings equal the Python functions -------------------------------------------


def check_encodings(ctx: Context) -> Counterexample | None:
    enc: SocksEncoding = ctx.z3
    rules = ctx.rules

    def hand_points() -> Iterator[Point]:
        for printed in itertools.product(range(4), repeat=2):
            for stars in itertools.product(*[range(0, 2 * n + 1, max(1, n)) for n in printed]):
                held = [i for i in range(2) if printed[i] > 0]
                for wild in [-1] + held:
                    hand = DecodedHand(list(printed) + [0], list(stars) + [0], [wild] if wild >= 0 else [])
                    got = socks_scoring.score_hand(hand.hand(), [], rules)
                    counts = {s.set: s.count for s in got.sets}
                    yield ((*printed, *stars, wild), (got.score, got.set_count, counts.get(2, 0), counts.get(3, 0)))

    def encode_hand(n0: Any, n1: Any, s0: Any, s1: Any, w: Any) -> list[Any]:
        counts = enc.set_counts([n0, n1], [w])
        return [enc.score(counts, enc.set_stars([s0, s1], [w])), enc.set_count(counts, rules.tie_break_counts),
                counts[0], counts[1]]

    found = first_difference(ctx, "score_hand", ("n0", "n1", "s0", "s1", "wild"), hand_points(), encode_hand)
    if found is not None:
        def hand_again(i: dict[str, Any]) -> list[Any]:
            hand = DecodedHand([i["n0"], i["n1"], 0], [i["s0"], i["s1"], 0], [i["wild"]] if i["wild"] >= 0 else [])
            got = socks_scoring.score_hand(hand.hand(), [], rules)
            counts = {s.set: s.count for s in got.sets}
            return [got.score, got.set_count, counts.get(2, 0), counts.get(3, 0)]
        return agreement_counterexample(found, hand_again,
                                        lambda i: encode_hand(*[z3.IntVal(v) for v in i.values()]))

    def table_points() -> Iterator[Point]:
        for scores in itertools.product(range(3), repeat=PLAYERS):
            for sets in itertools.product(range(1, 3), repeat=PLAYERS):
                players = [socks_scoring.PlayerScore(f"P{p + 1}", scores[p], sets[p], (), ()) for p in range(PLAYERS)]
                winners, decided = socks_scoring.decide_winners(players, rules)
                yield ((*scores, *sets), (*[f"P{p + 1}" in winners for p in range(PLAYERS)], DECIDED.index(decided)))

    def encode_table(*values: Any) -> list[Any]:
        wins, decided = enc.decide_winners(list(values[:PLAYERS]), list(values[PLAYERS:]), rules.final_tie)
        return [*wins, decided]

    names = tuple(f"score{p}" for p in range(PLAYERS)) + tuple(f"sets{p}" for p in range(PLAYERS))
    found = first_difference(ctx, "decide_winners", names, table_points(), encode_table)
    if found is None:
        return None

    def table_again(i: dict[str, Any]) -> list[Any]:
        vals = list(i.values())
        players = [socks_scoring.PlayerScore(f"P{p + 1}", vals[p], vals[PLAYERS + p], (), ()) for p in range(PLAYERS)]
        winners, decided = socks_scoring.decide_winners(players, rules)
        return [*[f"P{p + 1}" in winners for p in range(PLAYERS)], DECIDED.index(decided)]

    return agreement_counterexample(found, table_again,
                                    lambda i: encode_table(*[z3.IntVal(v) for v in i.values()]))


_SCORING = ("For each set, you will only score points if you have collected an even number of Socks "
            "(2, 4, 6, 8, 10 Socks). Sets with an odd number of Socks (1, 3, 5, 7, 9, 11 Socks) are "
            "discarded and score no points.")
_SUPER = ("The Super Sock now represents a Sock of the chosen type but does not score any points "
          "itself.")
_TIE = ("The player with the highest total score wins the game. In case of a tie, the player with "
        "the fewest sets of Socks wins.")
_HANDS = (f"hands of {SETS} sets of 0-{MAX_SOCKS} printed Socks with 0-{MAX_STARS_PER_SOCK} stars "
          f"each, and 0-{WILDS} Super Socks in sets the player holds")
_TABLES = f"{PLAYERS} players with 0-{MAX_SCORE} points and 0-{MAX_SET_COUNT} sets"

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "SO-0", GAME, "The Z3 encodings equal score_hand and decide_winners", _SCORING + " " + _TIE,
        "hands of 2 sets of 0-3 Socks, 0-6 stars, 0-1 Super Sock; 3 players with 0-2 points and "
        "1-2 sets",
        ("model.socks.scoring.score_hand", "model.socks.scoring.decide_winners"),
        check_encodings,
    ),
    Invariant(
        "SO-1", GAME, "An odd set scores nothing", _SCORING, _HANDS,
        ("model.socks.scoring.score_hand",), check_odd_sets,
    ),
    Invariant(
        "SO-2", GAME, "A Super Sock changes only its own set's parity", _SUPER, _HANDS,
        ("model.socks.scoring.score_hand",), check_super_parity,
    ),
    Invariant(
        "SO-3", GAME, "Highest score first, then the fewest sets: the tie-break order", _TIE, _TABLES,
        ("model.socks.scoring.decide_winners",), check_tie_break,
    ),
    Invariant(
        "SO-4", GAME, "A Super Sock scores no points itself", _SUPER, _HANDS,
        ("model.socks.scoring.score_hand",), check_super_no_points,
    ),
    Invariant(
        "SO-5", GAME, "Every finished game has a winner", _TIE + " (The rulebook says nothing more.)",
        _TABLES, ("model.socks.scoring.decide_winners",), check_always_winner,
    ),
)

#: The Z3 encoding its invariants run with unless a caller passes another.
DEFAULT_ENCODING = SocksEncoding()
