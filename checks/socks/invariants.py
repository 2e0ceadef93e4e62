"""Oh My Socks! invariants: rulebook statements about the engine's own functions.

Scoring and the tie-break (SO-1..SO-7) are proved ``single-source``: Z3 runs the very rule
functions the engine runs (``model.socks.scoring``: ``set_points``, ``hand_totals``,
``winner_flags``, written once against ``model.common.ops``) on symbolic hands and tables, and
checks each against the rulebook's numbers written here as literals. The rest are
``exhaustive``: every end position of a stated domain scored by the engine (SO-8), and every move
of every game reachable from small positions through the engine's ``legal_moves`` and ``play``
(SO-9..SO-14, see ``checks/socks/explore.py``). A counterexample is a hand, a table or a
position the engine accepts, replayed through the engine.
"""

from __future__ import annotations

import copy
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import z3

from checks.core import Context, Invariant, read
from checks.result import Counterexample
from checks.socks import explore as P
from checks.z3ops import Z3
from model.common.errors import InputError
from model.socks import engine, random_play
from model.socks import scoring as socks_scoring
from model.socks.cards import Catalogue
from model.socks.engine import GiftTo, RescueFrom
from model.socks.rules import FinalTie, IllegalMove, SocksRules, TieBreakCounts
from model.socks.state import State, WildState
from solver.socks import score_game

GAME = "socks"
#: The rulebook's numbers, as it writes them.
EVEN = (2, 4, 6, 8, 10)
ODD = (1, 3, 5, 7, 9, 11)
#: The symbolic hands: this many sets, each of 0-11 Socks in all, 0-3 stars per printed Sock,
#: and up to this many Super Socks in the hand.
SETS, MOST_SOCKS, MOST_STARS, SUPERS = 3, 11, 3, 2
#: The symbolic tables: 2 to this many players for the tie-break order, and for "someone wins"
#: every table size the engine plays (2-10).
MOST_PLAYERS, MOST_PLAYERS_WIN = 6, 10

_SCORING = ("For each set, you will only score points if you have collected an even number of Socks "
            "(2, 4, 6, 8, 10 Socks). Sets with an odd number of Socks (1, 3, 5, 7, 9, 11 Socks) are "
            "discarded and score no points.")
_STARS = "Each star symbol is worth one point."
_SUPER = ("The Super Sock now represents a Sock of the chosen type but does not score any points "
          "itself.")
_TIE = ("The player with the highest total score wins the game. In case of a tie, the player with "
        "the fewest sets of Socks wins.")
_HANDS = (f"hands of {SETS} sets of 0-{MOST_SOCKS} Socks each (printed Socks plus Super Socks), "
          f"0-{MOST_STARS} stars per printed Sock, 0-{SUPERS} Super Socks in the hand; every option value")
_TABLES = f"2-{MOST_PLAYERS} players with any scores and set counts of 0 or more; every option value"
_TABLES_WIN = f"2-{MOST_PLAYERS_WIN} players with any scores and set counts of 0 or more; every option value"
_SINGLE = "single-source: Z3 ran the engine's own rule function; replayed through score_hand"


# --- symbolic hands ----------------------------------------------------------------------------


@dataclass(frozen=True)
class HandSymbols:
    """A symbolic hand: per set, its printed Socks, their stars and the Super Socks in it."""

    printed: tuple[Any, ...]
    stars: tuple[Any, ...]
    supers: tuple[Any, ...]

    @classmethod
    def make(cls, prefix: str = "") -> HandSymbols:
        return cls(tuple(z3.Int(f"{prefix}n{i}") for i in range(SETS)),
                   tuple(z3.Int(f"{prefix}s{i}") for i in range(SETS)),
                   tuple(z3.Int(f"{prefix}w{i}") for i in range(SETS)))

    def sets(self) -> list[tuple[Any, Any, Any]]:
        return list(zip(self.printed, self.stars, self.supers, strict=True))

    def facts(self, supers: int = SUPERS) -> list[Any]:
        out = [z3.Sum(list(self.supers)) <= supers]
        for n, s, w in self.sets():
            out += [n >= 0, w >= 0, n + w <= MOST_SOCKS, s >= 0, s <= MOST_STARS * n]
        return out

    def socks(self, i: int) -> Any:
        return self.printed[i] + self.supers[i]


def totals(sets: Sequence[tuple[Any, Any, Any]], rules: SocksRules) -> tuple[Any, Any]:
    """The engine's own ``hand_totals`` on Z3 terms."""
    return socks_scoring.hand_totals(sets, rules.tie_break_counts, Z3)


@dataclass(frozen=True)
class DecodedHand:
    printed: tuple[int, ...]
    stars: tuple[int, ...]
    supers: tuple[int, ...]

    @classmethod
    def of(cls, model: z3.ModelRef, sym: HandSymbols) -> DecodedHand:
        return cls(tuple(read(model, n) for n in sym.printed), tuple(read(model, s) for s in sym.stars),
                   tuple(read(model, w) for w in sym.supers))

    def hand(self, name: str = "P1") -> socks_scoring.Hand:
        """The hand as ``score_hand`` takes it: set i is set number i + 2; its stars spread over
        its printed Socks; each Super Sock placed in its set."""
        sets: list[tuple[int, tuple[int, ...]]] = []
        wilds: list[socks_scoring.Wild] = []
        for i, (n, s, w) in enumerate(zip(self.printed, self.stars, self.supers, strict=True)):
            if n + w == 0:
                continue
            low, extra = divmod(s, n) if n else (0, 0)
            sets.append((i + 2, tuple(low + 1 if k < extra else low for k in range(n))))
            wilds += [socks_scoring.Wild(f"super{len(wilds) + 1}", i + 2) for _ in range(w)]
        return socks_scoring.Hand(name, tuple(sets), tuple(wilds))

    def json(self) -> dict[str, Any]:
        hand = self.hand()
        return {"sets": {str(n): list(v) for n, v in hand.sets}, "super_socks": [w.set for w in hand.wilds]}

    def drawing(self) -> str:
        lines = []
        for i, (n, s, w) in enumerate(zip(self.printed, self.stars, self.supers, strict=True)):
            if n + w:
                lines.append(f"set {i + 2}: {n} Sock{'s' if n != 1 else ''} ({s} stars)"
                             + (f" + {w} Super Sock{'s' if w != 1 else ''}" if w else "")
                             + f" = {n + w}, {'even' if (n + w) % 2 == 0 else 'odd'}")
        return "\n".join(lines) or "no Socks"

    def scored(self, rules: SocksRules) -> socks_scoring.PlayerScore:
        return socks_scoring.score_hand(self.hand(), [], rules)


def _hand_counterexample(hand: DecodedHand, extra: dict[str, Any], engine_says: str, agrees: bool
                         ) -> Counterexample:
    return Counterexample({**hand.json(), **extra}, hand.drawing(), f"{engine_says} ({_SINGLE})", agrees)


def check_odd_sets(ctx: Context) -> Counterexample | None:
    """SO-1: removing a set of 1, 3, 5, 7, 9 or 11 Socks does not change the score."""
    sym = HandSymbols.make()
    odd = z3.Int("odd")
    without = [(z3.If(odd == i, 0, n), z3.If(odd == i, 0, s), z3.If(odd == i, 0, w))
               for i, (n, s, w) in enumerate(sym.sets())]
    solver = ctx.solver()
    solver.add(*sym.facts(), odd >= 0, odd < SETS)
    solver.add(z3.Or([z3.And(odd == i, z3.Or([sym.socks(i) == k for k in ODD])) for i in range(SETS)]))
    solver.add(totals(sym.sets(), ctx.rules)[0] != totals(without, ctx.rules)[0])
    model = ctx.search(solver)
    if model is None:
        return None
    hand, j = DecodedHand.of(model, sym), read(model, odd)
    rest = DecodedHand(*(tuple(0 if i == j else v for i, v in enumerate(vals))
                         for vals in (hand.printed, hand.stars, hand.supers)))
    whole, less = hand.scored(ctx.rules).score, rest.scored(ctx.rules).score
    return _hand_counterexample(hand, {"odd_set": j + 2, "score": whole, "score_without_it": less},
                                f"score_hand: {whole} with set {j + 2}, {less} without it", whole != less)


def check_even_sets(ctx: Context) -> Counterexample | None:
    """SO-6: the score is the stars of the sets of 2, 4, 6, 8 or 10 Socks, one point a star."""
    sym = HandSymbols.make()
    expected = z3.Sum([z3.If(z3.Or([sym.socks(i) == k for k in EVEN]), sym.stars[i], 0) for i in range(SETS)])
    solver = ctx.solver()
    solver.add(*sym.facts(), totals(sym.sets(), ctx.rules)[0] != expected)
    model = ctx.search(solver)
    if model is None:
        return None
    hand = DecodedHand.of(model, sym)
    want = sum(s for n, s, w in zip(hand.printed, hand.stars, hand.supers, strict=True) if n + w in EVEN)
    got = hand.scored(ctx.rules).score
    return _hand_counterexample(hand, {"score": got, "stars_of_even_sets": want},
                                f"score_hand gives {got} points; the even sets hold {want} stars", got != want)


def check_super_parity(ctx: Context) -> Counterexample | None:
    """SO-2: one more Super Sock in set k flips set k between scoring and not, and changes no
    other set: the score moves by exactly set k's stars."""
    sym = HandSymbols.make()
    k = z3.Int("k")
    more = [(n, s, w + z3.If(k == i, 1, 0)) for i, (n, s, w) in enumerate(sym.sets())]
    before, after = totals(sym.sets(), ctx.rules)[0], totals(more, ctx.rules)[0]
    solver = ctx.solver()
    solver.add(*sym.facts(SUPERS - 1), k >= 0, k < SETS)
    change = []
    for i in range(SETS):
        was_even = z3.Or([sym.socks(i) == e for e in (0,) + EVEN])
        change.append(z3.And(k == i, sym.socks(i) + 1 <= MOST_SOCKS,
                             after - before != z3.If(was_even, -sym.stars[i], sym.stars[i])))
    solver.add(z3.Or(change))
    model = ctx.search(solver)
    if model is None:
        return None
    hand, j = DecodedHand.of(model, sym), read(model, k)
    plus = replace(hand, supers=tuple(w + (1 if i == j else 0) for i, w in enumerate(hand.supers)))
    a, b = hand.scored(ctx.rules).score, plus.scored(ctx.rules).score
    n = hand.printed[j] + hand.supers[j]
    want = -hand.stars[j] if n % 2 == 0 else hand.stars[j]
    return _hand_counterexample(hand, {"super_sock_added_to": j + 2, "score": a, "score_after": b},
                                f"score_hand: {a} points, {b} with one more Super Sock in set {j + 2} "
                                f"(the rulebook: {a + want})", b - a != want)


def check_super_no_points(ctx: Context) -> Counterexample | None:
    """SO-4: a hand scores (and counts sets) as if each Super Sock were a Sock of its set with no
    star; and never more than its printed stars."""
    sym = HandSymbols.make()
    plain = [(n + w, s, z3.IntVal(0)) for n, s, w in sym.sets()]
    score, counted = totals(sym.sets(), ctx.rules)
    plain_score, plain_counted = totals(plain, ctx.rules)
    solver = ctx.solver()
    solver.add(*sym.facts())
    solver.add(z3.Or(score != plain_score, counted != plain_counted, score > z3.Sum(list(sym.stars))))
    model = ctx.search(solver)
    if model is None:
        return None
    hand = DecodedHand.of(model, sym)
    as_socks = DecodedHand(tuple(n + w for n, w in zip(hand.printed, hand.supers, strict=True)), hand.stars,
                           (0,) * SETS)
    a, b = hand.scored(ctx.rules), as_socks.scored(ctx.rules)
    wrong = (a.score, a.set_count) != (b.score, b.set_count) or a.score > sum(hand.stars)
    return _hand_counterexample(
        hand, {"score": a.score, "score_as_plain_socks": b.score, "printed_stars": sum(hand.stars)},
        f"score_hand: {a.score} points, {a.set_count} sets; with each Super Sock a starless Sock "
        f"{b.score} points, {b.set_count} sets; printed stars {sum(hand.stars)}", wrong)


def check_tie_break_count(ctx: Context) -> Counterexample | None:
    """SO-7: the tie-break counts every set holding a Sock (``tie_break_counts=all_sets``) or only
    the sets of 2, 4, 6, 8 or 10 Socks (``scoring_sets``)."""
    sym = HandSymbols.make()
    scoring_only = ctx.rules.tie_break_counts == "scoring_sets"
    expected = z3.Sum([z3.If(z3.Or([sym.socks(i) == k for k in EVEN]) if scoring_only else sym.socks(i) >= 1, 1, 0)
                       for i in range(SETS)])
    solver = ctx.solver()
    solver.add(*sym.facts(), totals(sym.sets(), ctx.rules)[1] != expected)
    model = ctx.search(solver)
    if model is None:
        return None
    hand = DecodedHand.of(model, sym)
    sizes = [n + w for n, w in zip(hand.printed, hand.supers, strict=True)]
    want = sum(1 for c in sizes if (c in EVEN if scoring_only else c >= 1))
    got = hand.scored(ctx.rules).set_count
    return _hand_counterexample(hand, {"set_count": got, "expected": want},
                                f"score_hand counts {got} sets for the tie-break; the rulebook reading "
                                f"tie_break_counts={ctx.rules.tie_break_counts} counts {want}", got != want)


# --- the tie-break ------------------------------------------------------------------------------


def table_solver(ctx: Context) -> z3.Solver:
    """A solver for the tables (as ``Context.solver``: fixed seed, the time left as its timeout)
    that first turns the nested choices of ``winner_flags`` into plain constraints: much faster
    on them."""
    ctx.solver()  # TimeUp when no time is left
    solver = z3.Then("simplify", "elim-term-ite", "smt").solver()
    solver.set("random_seed", 0)
    solver.set("timeout", max(1, int((ctx.deadline - time.perf_counter()) * 1000)))
    return solver


def _table_symbols(players: int) -> tuple[list[Any], list[Any], list[Any]]:
    scores = [z3.Int(f"score{p}") for p in range(players)]
    sets = [z3.Int(f"sets{p}") for p in range(players)]
    facts = [v >= 0 for v in scores + sets]
    return scores, sets, facts


def _table_counterexample(model: z3.ModelRef, scores: list[Any], sets: list[Any], rules: SocksRules,
                          broken: Callable[[list[socks_scoring.PlayerScore], list[str]], bool]) -> Counterexample:
    players = [socks_scoring.PlayerScore(f"P{p + 1}", read(model, s), read(model, n), (), ())
               for p, (s, n) in enumerate(zip(scores, sets, strict=True))]
    winners, decided = socks_scoring.decide_winners(players, rules)
    return Counterexample(
        {"players": [{"name": p.name, "score": p.score, "sets": p.set_count} for p in players],
         "winners": winners, "decided_by": decided},
        "\n".join(f"{p.name}: {p.score} points, {p.set_count} sets" for p in players),
        f"decide_winners: {', '.join(winners) or 'nobody'} ({decided}) (single-source: Z3 ran the engine's "
        "own winner_flags, which decide_winners and the engine's end of game call)",
        broken(players, winners),
    )


def _wrong_winners(players: list[socks_scoring.PlayerScore], winners: list[str]) -> bool:
    top = max(p.score for p in players)
    leaders = [p for p in players if p.score == top]
    fewest = min(p.set_count for p in leaders)
    best = [p.name for p in leaders if p.set_count == fewest]
    return any(w not in best for w in winners) or (len(best) == 1 and winners != best)


def check_tie_break(ctx: Context) -> Counterexample | None:
    """SO-3: a winner has the highest score and, among those, the fewest sets; a player alone
    with the highest score, or alone with the fewest sets among the highest, wins."""
    for players in range(2, MOST_PLAYERS + 1):
        scores, sets, facts = _table_symbols(players)
        wins, _ = socks_scoring.winner_flags(scores, sets, ctx.rules.final_tie, Z3)
        broken = []
        for p in range(players):
            others = [q for q in range(players) if q != p]
            beaten = z3.Or([scores[q] > scores[p] for q in others]
                           + [z3.And(scores[q] == scores[p], sets[q] < sets[p]) for q in others])
            alone = z3.And([z3.Or(scores[q] < scores[p], z3.And(scores[q] == scores[p], sets[q] > sets[p]))
                            for q in others])
            broken += [z3.And(wins[p], beaten), z3.And(alone, z3.Not(wins[p]))]
        solver = table_solver(ctx)
        solver.add(*facts, z3.Or(broken))
        model = ctx.search(solver)
        if model is not None:
            return _table_counterexample(model, scores, sets, ctx.rules, _wrong_winners)
    return None


def check_always_winner(ctx: Context) -> Counterexample | None:
    """SO-5: someone wins."""
    for players in range(2, MOST_PLAYERS_WIN + 1):
        scores, sets, facts = _table_symbols(players)
        wins, _ = socks_scoring.winner_flags(scores, sets, ctx.rules.final_tie, Z3)
        solver = table_solver(ctx)
        solver.add(*facts, z3.Not(z3.Or(wins)))
        model = ctx.search(solver)
        if model is not None:
            return _table_counterexample(model, scores, sets, ctx.rules, lambda _, winners: not winners)
    return None


# --- SO-8: the engine's end of game is the scoring model's --------------------------------------

#: The cards dealt out in the end positions of SO-8 (the Super Sock among them).
END_CARDS = ("2a", "3a", "3b", "S")
#: Where each of them may lie: a seat's collection or face-down gifts (or still in the deck).
END_PLACES = ("A", "A gift", "B", "B gift", "deck")
#: A set none of END_CARDS belongs to: a face-up Super Sock typed as it holds no printed Sock of
#: its set (as after a Rescue took that Sock under rescue_counts_super=false).
LONE_SET = 4


def end_positions(rules: SocksRules) -> Iterator[State]:
    """Every 2-player end position dealing END_CARDS into END_PLACES, a face-up Super Sock in
    each set its owner holds or still to be chosen."""
    cards = [P.CATALOGUE.index(c) for c in END_CARDS]
    others = [c for c in range(P.WM) if c not in cards]
    base = engine.start(P.CATALOGUE, rules, ("A", "B"), P.ORDER + (P.WM,))
    for places in itertools.product(range(len(END_PLACES)), repeat=len(cards)):
        piles: list[list[int]] = [[], [], [], [], list(others)]
        for card, place in zip(cards, places, strict=True):
            piles[place].append(card)
        super_card = P.CATALOGUE.index("S")
        owner = next((seat for seat, pile in ((0, 0), (1, 2)) if super_card in piles[pile]), None)
        choices: list[int | None] = [None]
        if owner is not None:
            held = {P.CATALOGUE.card_sets[c] for c in piles[2 * owner]} - {None}
            choices += sorted(n for n in held if n is not None)
            choices.append(LONE_SET)
        for choice in choices:
            wilds = () if owner is None else (WildState(super_card, owner, choice, "end" if choice is None else None),)
            yield replace(base, deck=tuple(piles[4]), drawn=(P.WM,), over=True,
                          collections=(tuple(piles[0]), tuple(piles[2])), gifts=(tuple(piles[1]), tuple(piles[3])),
                          wilds=wilds, collected_any=True)


def check_engine_scores(ctx: Context) -> Counterexample | None:
    """SO-8: the engine's own end of game (``outcome``: gifts revealed, open Super Socks placed
    at best) gives each seat the score and set count, and the table the winners, that the scoring
    model gives ``final_hands`` (``score_hand`` with ``choose_wilds``, ``decide_winners``)."""
    clock = P.clock_of(ctx)
    for state in end_positions(ctx.rules):
        clock.tick()
        result = engine.outcome(state)
        model = score_game(engine.final_hands(state), ctx.rules)
        assert result is not None
        said = (list(result.scores), list(result.set_counts), [state.names[s] for s in result.winners],
                result.decided_by)
        want = ([p.score for p in model.players], [p.set_count for p in model.players], list(model.winners),
                model.decided_by)
        if said != want:
            return Counterexample(
                {"position": P.state_json(state), "engine": said, "scoring_model": want},
                P.draw_state(state),
                f"engine.outcome: scores {said[0]}, sets {said[1]}, winners {said[2]} ({said[3]}); "
                f"score_game of final_hands: scores {want[0]}, sets {want[1]}, winners {want[2]} ({want[3]}) "
                "(exhaustive: the position is the engine's own)",
                True,
            )
    return None


# --- the state machine -----------------------------------------------------------------------


def _step_counterexample(step: P.Step, what: str) -> Counterexample:
    return Counterexample(
        {"start": step.start.why, "position": P.state_json(step.state), "move": P.move_data(step.state, step.move)},
        P.draw_state(step.state) + f"\nmove: {P.move_text(step.state, step.move)}",
        f"{what} (exhaustive: the move is one of the engine's legal_moves, replayed through play)",
        True,
    )


def _state_counterexample(start: P.Start, state: State, what: str) -> Counterexample:
    return Counterexample({"start": start.why, "position": P.state_json(state)}, P.draw_state(state),
                          f"{what} (exhaustive: the position was reached through the engine's play)", True)


def _all_cards(state: State) -> list[int]:
    cards = list(state.deck) + list(state.drawn) + list(state.discard)
    for seat in range(state.players):
        cards += list(state.collections[seat]) + list(state.gifts[seat])
    return sorted(cards)


def _places_of(state: State) -> dict[int, str]:
    """Where each card lies, read off the position's piles (as ``engine.places`` names them)."""
    out = {c: "deck" for c in state.deck} | {c: "drawn" for c in state.drawn} | {c: "discard" for c in state.discard}
    for seat in range(state.players):
        out |= {c: f"collection:{seat}" for c in state.collections[seat]}
        out |= {c: f"gifts:{seat}" for c in state.gifts[seat]}
    return out


def check_conservation(ctx: Context) -> Counterexample | None:
    """SO-9: every card is in exactly one place (deck, drawn, a collection, a seat's gifts, the
    discard) in every position, and each face-up Super Sock lies in its owner's collection."""
    every = list(range(P.WM + 1))
    for start, state in P.reachable(ctx.rules, P.clock_of(ctx)):
        cards = _all_cards(state)
        if cards != every:
            twice = sorted(c for c, n in Counter(cards).items() if n > 1)
            lost = sorted(set(every) - set(cards))
            return _state_counterexample(start, state, f"cards twice: {P.cards_text(twice)}; cards lost: "
                                                       f"{P.cards_text(lost)}")
        want = _places_of(state)
        try:
            where = engine.places(state)
        except (ValueError, TypeError) as error:
            return _state_counterexample(start, state, f"engine.places refuses the position: {error}")
        if where != want:
            wrong = sorted(c for c in want if where.get(c) != want[c])
            return _state_counterexample(start, state, "engine.places puts "
                                         + ", ".join(f"{P.label(c)} in {where.get(c)}, not {want[c]}" for c in wrong))
        supers = [c for seat in range(state.players) for c in state.collections[seat]
                  if P.CATALOGUE.card_sets[c] is None]
        for card in supers:
            held = [w for w in state.wilds if w.card == card]
            if len(held) != 1 or card not in state.collections[held[0].owner]:
                return _state_counterexample(start, state, f"{P.label(card)} is face up but its Super Sock state "
                                                           f"is {held}")
        if len(state.wilds) != len(supers):
            return _state_counterexample(start, state, f"{len(state.wilds)} Super Sock states for {len(supers)} "
                                                       "face-up Super Socks")
    return None


def check_game_end(ctx: Context) -> Counterexample | None:
    """SO-10: the game is over exactly when the Washing Machine has been drawn, and then no move
    is legal; until then the seat to move has drawn 2 cards and turns pass clockwise; a whole
    ``random_game`` is such a game, dealt by ``new_game`` and played by legal moves."""
    for start, state, moves in P.explore(ctx.rules, P.clock_of(ctx)):
        drawn_wm = P.WM in state.drawn
        if state.over != drawn_wm or state.over == (P.WM in state.deck):
            return _state_counterexample(start, state, f"over={state.over}, the Washing Machine "
                                                       f"{'drawn' if drawn_wm else 'not drawn'}")
        if state.over and moves:
            return _state_counterexample(start, state, f"the game is over, yet {len(moves)} moves are legal")
        if not state.over and (len(state.drawn) != 2 or not moves):
            return _state_counterexample(start, state, f"{len(state.drawn)} cards drawn, {len(moves)} legal moves")
        for move, after in moves:
            step = P.Step(start, state, move, after)
            wrong = _next_draw_wrong(step, ctx.rules)
            if wrong:
                return _step_counterexample(step, wrong)
    for names in (P.THREE, ("A", "B")):
        for seed in RANDOM_GAME_SEEDS:
            wrong = _random_game_wrong(ctx.rules, names, seed)
            if wrong:
                return Counterexample({"random_game": {"players": list(names), "seed": seed}, "wrong": wrong},
                                      f"random_game with {len(names)} players, seed {seed}",
                                      f"{wrong} (exhaustive: the engine's random_game on the 7 Sock cards)", True)
    return None


#: The seeds of the whole random games SO-10 plays on the 7 Sock cards, for 3 and for 2 players.
RANDOM_GAME_SEEDS = range(10)


def _random_game_wrong(rules: SocksRules, names: tuple[str, ...], seed: int) -> str | None:
    """Why ``random_game`` is not a game dealt by ``new_game`` and played to the Washing Machine
    by legal moves, each turn by ``play``; None when it is."""
    first, moves, final = random_play.random_game(P.CATALOGUE, rules, names, random.Random(seed))
    if first != engine.new_game(P.CATALOGUE, rules, names, random.Random(seed)):
        return "its start is not new_game's deal with the same seed"
    state = first
    for number, move in enumerate(moves, 1):
        if state.over or move not in engine.legal_moves(state):
            return f"move {number} is not one of legal_moves"
        state = engine.play(state, move)
    if state != final or not final.over:
        return f"its {len(moves)} moves, played, do not reach its final position with the Washing Machine drawn"
    return None


def _next_draw_wrong(step: P.Step, rules: SocksRules) -> str | None:
    """Why the position after a move is not the next seat clockwise drawing the deck's top 2
    cards, the game ending at the Washing Machine; None when it is."""
    state, after = step.state, step.after
    end = P.observe(state, step.move).end
    assert end is not None
    if end.over:
        return None if after.over and P.WM in after.drawn else "the Washing Machine was drawn, the game goes on"
    top = end.deck[:2]
    want: tuple[int, ...]
    if top[:1] == (P.WM,):
        want, over = (P.WM,), True
    elif top[1:2] == (P.WM,):
        want, over = ((P.WM,) if rules.washing_machine_pair == "kept" else top), True
    else:
        want, over = top, False
    if after.over != over or after.drawn != want:
        return (f"the deck's top cards were {P.cards_text(top)}; the next position has drawn "
                f"{P.cards_text(after.drawn)}{' (game over)' if after.over else ''}")
    if not over and after.current != (state.current + 1) % state.players:
        return f"{state.names[after.current]} moves next, not the next seat clockwise"
    return None


def _receiver(players: int, seat: int, arrow: str | None) -> int | None:
    """The rulebook's pass: left is the next seat clockwise, right the previous; with 2 players
    side by side (seat 0 on the right of seat 1), an arrow to the empty side discards."""
    if players == 2:
        if seat == 0:
            return 1 if arrow == "left" else None
        return 0 if arrow == "right" else None
    return (seat + 1) % players if arrow == "left" else (seat - 1) % players


def check_keep_and_pass(ctx: Context) -> Counterexample | None:
    """SO-11: the kept card joins the mover's collection, the other goes where its arrow points
    (or is discarded); only the kept card's effect is activated (a rescued card's too under
    ``rescued_card_effect``)."""
    effects = P.CATALOGUE.card_effects
    for step in P.steps(ctx.rules, P.clock_of(ctx)):
        state, move, seat = step.state, step.move, step.state.current
        seen = P.observe(state, move)
        end = seen.end
        assert end is not None
        other = next(c for c in state.drawn if c != move.keep)
        if move.keep not in end.collections[seat]:
            return _step_counterexample(step, f"the kept card {P.label(move.keep)} is not in the mover's collection")
        rescued = [e.given.card for e in seen.events if e.kind == "rescue" and isinstance(e.given, RescueFrom)]
        to = _receiver(state.players, seat, P.CATALOGUE.card_arrows[other])
        if end.over and other in end.drawn:
            pass  # the game ended before the pass (a Gift drew the Washing Machine first)
        elif other in rescued:
            if other not in end.collections[seat]:
                return _step_counterexample(step, f"{P.label(other)} was passed and rescued back, but is not "
                                                  "in the mover's collection")
        elif (other not in end.discard) if to is None else (other not in end.collections[to]):
            where = "the discard" if to is None else f"{state.names[to]}'s collection"
            return _step_counterexample(step, f"{P.label(other)} should go to {where}")
        activated = [e for e in seen.events if e.kind in ("gift", "rescue")]
        wrong = _effects_wrong(activated, effects[move.keep], ctx.rules, end.over)
        if wrong:
            return _step_counterexample(step, wrong)
    return None


def _effects_wrong(activated: list[P.Event], kept: str | None, rules: SocksRules, over: bool) -> str | None:
    """Why the effects activated are not the kept card's (then each rescued card's, under
    rescued_card_effect); None when they are."""
    kinds = [e.kind for e in activated]
    due = kept
    for number, event in enumerate(activated):
        if event.kind != due:
            return f"effects activated: {kinds}; effect {number + 1} should be {due or 'none'}"
        rescued = event.given if isinstance(event.given, RescueFrom) else None
        due = P.CATALOGUE.card_effects[rescued.card] if rescued is not None and rules.rescued_card_effect else None
    if due is not None and not over:
        return f"effects activated: {kinds or 'none'}; {due} is still due"
    return None


def _singles(table: P.Table, rescuer: int, players: int, rules: SocksRules) -> set[tuple[int, int]]:
    """The rulebook's Rescue targets: a Sock that is the only one of its type in another player's
    collection (a typed Super Sock a Sock of its set under rescue_counts_super, face-down gifts
    counted under rescue_counts_gifts)."""
    out: set[tuple[int, int]] = set()
    for seat in range(players):
        if seat == rescuer:
            continue
        kinds: dict[int, list[int]] = {}
        for card in table.collections[seat]:
            kind = P.CATALOGUE.card_sets[card]
            if kind is None:
                kind = table.typed(card) if rules.rescue_counts_super else None
            if kind is not None:
                kinds.setdefault(kind, []).append(card)
        gifts = Counter(P.CATALOGUE.card_sets[c] for c in table.gifts[seat]) if rules.rescue_counts_gifts else Counter()
        out.update((seat, cards[0]) for kind, cards in kinds.items() if len(cards) + gifts[kind] == 1)
    return out


def check_rescue(ctx: Context) -> Counterexample | None:
    """SO-12: Rescue takes a Sock that is the only one of its type in another player's collection,
    into the rescuer's; every such Sock may be chosen; with none, Rescue is ignored."""
    offered: dict[tuple[Any, ...], set[Any]] = {}
    expected: dict[tuple[Any, ...], set[tuple[int, int]]] = {}
    example: dict[tuple[Any, ...], P.Step] = {}
    for step in P.steps(ctx.rules, P.clock_of(ctx)):
        seen = P.observe(step.state, step.move)
        assert seen.end is not None
        rescues = [e for e in seen.events if e.kind == "rescue"]
        for number, event in enumerate(rescues):
            singles = _singles(event.table, step.state.current, step.state.players, ctx.rules)
            given = event.given
            if given is None and singles:
                return _step_counterexample(step, f"Rescue is ignored though {_targets(singles)} "
                                                  f"{'is' if len(singles) == 1 else 'are'} single")
            if given is not None and given.target not in singles:
                return _step_counterexample(step, f"Rescue takes {P.label(given.card)}, not a single Sock "
                                                  f"(single: {_targets(singles) or 'none'})")
            if given is not None and given.card not in seen.end.collections[step.state.current] and not (
                    seen.end.over and given.card in seen.end.drawn):
                return _step_counterexample(step, f"{P.label(given.card)} is not in the rescuer's collection")
            if number == 0:
                key = (step.state, step.move.keep, step.move.super_set, step.move.passed_super_set)
                offered.setdefault(key, set()).add(None if given is None else given.target)
                expected[key] = singles
                example.setdefault(key, step)
    for key, targets in offered.items():
        if expected[key] and targets != expected[key]:
            missing = expected[key] - targets
            return _step_counterexample(example[key], f"no legal move rescues {_targets(missing)}")
    return None


def _targets(targets: set[tuple[int, int]]) -> str:
    return ", ".join(f"{P.label(card)} of seat {seat}" for seat, card in sorted(targets))


def check_gift(ctx: Context) -> Counterexample | None:
    """SO-13: a Gift gives the deck's top card face down to a player of the giver's choice (any
    player, or any other under gift_to_self=false); drawing the Washing Machine ends the game
    (or, under gift_washing_machine=gift_lost, it goes back on top)."""
    offered: dict[tuple[Any, ...], set[int]] = {}
    example: dict[tuple[Any, ...], P.Step] = {}
    for step in P.steps(ctx.rules, P.clock_of(ctx)):
        seen = P.observe(step.state, step.move)
        end = seen.end
        assert end is not None
        for event in (e for e in seen.events if e.kind == "gift"):
            if not isinstance(event.given, GiftTo):
                return _step_counterexample(step, "a kept Gift is not given")
            top, to = event.table.deck[0], event.given.seat
            before = step.move.effects[:step.move.effects.index(event.given)]
            key = (step.state, step.move.keep, step.move.super_set, step.move.passed_super_set, before)
            offered.setdefault(key, set()).add(to)
            example.setdefault(key, step)
            if top == P.WM:
                lost = ctx.rules.gift_washing_machine == "gift_lost"
                fine = (not end.over and end.deck[:1] == (P.WM,)) if lost else (end.over and P.WM in end.drawn)
                if not fine:
                    return _step_counterexample(step, "the Gift drew the Washing Machine: "
                                                      + ("it should go back on top" if lost else "the game should end"))
            elif top not in end.gifts[to] or any(top in c for c in end.collections):
                return _step_counterexample(step, f"the deck's top card {P.label(top)} is not face down with "
                                                  f"{step.state.names[to]}")
    for key, seats in offered.items():
        step = example[key]
        everyone = set(range(step.state.players))
        want = everyone if ctx.rules.gift_to_self else everyone - {step.state.current}
        if seats != want:
            return _step_counterexample(step, f"the Gift may go to seats {sorted(seats)}, not {sorted(want)}")
    return None


def check_super_set(ctx: Context) -> Counterexample | None:
    """SO-14: a Super Sock added to a collection holding Sock sets joins one of them, the
    player's choice among all of them (a passed one under super_received=chosen_at_end waits for
    the end); the game's first Sock, when a Super Sock, waits, and the next printed Sock kept
    (by anyone, or by its owner under super_first_sock=owner) gives it its type."""
    for step in P.steps(ctx.rules, P.clock_of(ctx)):
        state, move, seat = step.state, step.move, step.state.current
        seen = P.observe(state, move)
        end = seen.end
        assert end is not None
        for event in (e for e in seen.events if e.kind == "set"):
            other = next(c for c in state.drawn if c != move.keep)
            holder = seat if event.kept else _receiver(state.players, seat, P.CATALOGUE.card_arrows[other])
            held = event.table.held_sets(seat if holder is None else holder)
            if event.kept and not state.collected_any:
                want: list[int] = []
            elif not event.kept and ctx.rules.super_received == "chosen_at_end":
                want = []
            else:
                want = held
            if list(event.options) != want:
                return _step_counterexample(step, f"the Super Sock's sets offered are {list(event.options)}, "
                                                  f"not {want}")
        if P.CATALOGUE.card_sets[move.keep] is None and move.super_set is not None:
            wild = next((w for w in end.wilds if w.card == move.keep), None)
            if wild is None or (wild.owner == seat and wild.set != move.super_set):
                return _step_counterexample(step, f"the kept Super Sock is not in set {move.super_set}")
        wrong = _first_sock_wrong(step, seen, ctx.rules)
        if wrong:
            return _step_counterexample(step, wrong)
        kind = P.CATALOGUE.card_sets[move.keep]
        if kind is None:
            continue
        for wild in state.wilds:
            typed_by_it = wild.waiting == "anyone" or (wild.waiting == "owner" and wild.owner == seat)
            if wild.set is not None or not typed_by_it:
                continue
            now = next((w for w in end.wilds if w.card == wild.card), None)
            if now is not None and now.owner == wild.owner and now.set != kind:
                return _step_counterexample(step, f"the waiting Super Sock should now be of set {kind}, "
                                                  f"not {now.set}")
    return None


def _first_sock_wrong(step: P.Step, seen: P.Observed, rules: SocksRules) -> str | None:
    """The game's first Sock collected, a Super Sock, takes the type of the next printed Sock
    collected in the game (by anyone, or by its owner under super_first_sock=owner): why not in
    this move, or None."""
    state, seat, end = step.state, step.state.current, seen.end
    assert end is not None
    if any(P.CATALOGUE.card_sets[c] is not None for cards in state.collections for c in cards):
        return None  # a printed Sock is already collected
    first = [w.card for w in state.wilds if w.set is None]
    if not state.collected_any and P.CATALOGUE.card_sets[step.move.keep] is None:
        first.append(step.move.keep)
    if not first:
        return None
    # The Socks collected during the turn, in order: the kept card, then the passed one and any
    # rescued one in the order they happened.
    collected = [(seat, step.move.keep)]
    other = next(c for c in state.drawn if c != step.move.keep)
    for event in seen.events:
        if event.kind == "passed" and event.given is not None:
            collected.append((event.given, other))
        elif event.kind == "rescue" and isinstance(event.given, RescueFrom):
            collected.append((seat, event.given.card))
    for card in first:
        owner = next((w.owner for w in state.wilds if w.card == card), seat)
        printed = [c for who, c in collected if P.CATALOGUE.card_sets[c] is not None
                   and (rules.super_first_sock == "anyone" or who == owner)]
        want = P.CATALOGUE.card_sets[printed[0]] if printed else None
        now = next((w.set for w in end.wilds if w.card == card), None)
        if now != want:
            return (f"the game's first Sock, the Super Sock, is of set {now} after this move; the next Sock "
                    f"collected ({P.label(printed[0]) if printed else 'none yet'}) makes it {want}")
    return None


# --- SO-15..SO-18: the scoring model's hands, the final tie, moves as given, the cards ---------

#: The small hands of SO-15: sets 2 and 3 with 0-3 printed Socks each (set 2's Socks 1, 2, 3
#: stars, set 3's one star each), and 0-2 Super Socks typed as set 2, 3 or 4 (4: no printed Sock).
HAND_SETS, HAND_MOST_PRINTED, HAND_SUPERS = (2, 3), 3, 2
WILD_SETS = (2, 3, 4)
TIE_BREAK_READINGS: tuple[TieBreakCounts, ...] = ("all_sets", "scoring_sets")
FINAL_TIE_READINGS: tuple[FinalTie, ...] = ("shared", "no_winner")


def small_hands() -> Iterator[socks_scoring.Hand]:
    for sizes in itertools.product(range(HAND_MOST_PRINTED + 1), repeat=len(HAND_SETS)):
        sets = tuple((number, tuple(range(1, n + 1)) if number == 2 else (1,) * n)
                     for number, n in zip(HAND_SETS, sizes, strict=True) if n)
        for count in range(HAND_SUPERS + 1):
            for typed in itertools.combinations_with_replacement(WILD_SETS, count):
                yield socks_scoring.Hand("P1", sets, tuple(socks_scoring.Wild(f"super{i + 1}", t)
                                                           for i, t in enumerate(typed)))


def rulebook_hand(hand: socks_scoring.Hand, counts: str) -> tuple[int, int]:
    """The rulebook's score and tie-break set count of a hand whose Super Socks are all typed."""
    socks: Counter[int] = Counter()
    stars: Counter[int] = Counter()
    for number, values in hand.sets:
        socks[number] += len(values)
        stars[number] += sum(values)
    for wild in hand.wilds:
        assert wild.set is not None
        socks[wild.set] += 1
    score = sum(stars[n] for n, k in socks.items() if k in EVEN)
    counted = sum(1 for k in socks.values() if (k in EVEN if counts == "scoring_sets" else k >= 1))
    return score, counted


def _hand_text(hand: socks_scoring.Hand) -> str:
    lines = [f"set {n}: {len(v)} Socks ({sum(v)} stars)" for n, v in hand.sets]
    lines += [f"{w.id}: a Super Sock in set {w.set}" for w in hand.wilds]
    return "\n".join(lines) or "no Socks"


def check_score_hand(ctx: Context) -> Counterexample | None:
    """SO-15: ``score_hand`` gives every small hand the rulebook's score (the stars of the sets of
    2, 4, 6, ... Socks, Super Socks counted as starless Socks of their set) and tie-break count,
    under each reading of ``tie_break_counts``."""
    clock = P.clock_of(ctx)
    for counts in TIE_BREAK_READINGS:
        rules = replace(ctx.rules, tie_break_counts=counts)
        for hand in small_hands():
            clock.tick()
            got = socks_scoring.score_hand(hand, [], rules)
            want = rulebook_hand(hand, counts)
            if (got.score, got.set_count) != want:
                return Counterexample(
                    {"sets": {str(n): list(v) for n, v in hand.sets}, "super_socks": [w.set for w in hand.wilds],
                     "tie_break_counts": counts, "score": got.score, "set_count": got.set_count,
                     "expected": list(want)},
                    _hand_text(hand),
                    f"score_hand: {got.score} points, {got.set_count} sets; the rulebook under "
                    f"tie_break_counts={counts}: {want[0]} points, {want[1]} sets (exhaustive: the engine's "
                    "score_hand on the hand)", True)
    return None


def check_final_tie(ctx: Context) -> Counterexample | None:
    """SO-16: players tied on the highest score and on the fewest sets among them all win under
    ``final_tie=shared`` (decided ``shared``) and none wins under ``no_winner`` (decided
    ``no_winner``); otherwise the option changes nothing."""
    for reading in FINAL_TIE_READINGS:
        rules = replace(ctx.rules, final_tie=reading)
        for players in range(2, MOST_PLAYERS + 1):
            scores, sets, facts = _table_symbols(players)
            wins, decided = socks_scoring.winner_flags(scores, sets, reading, Z3)
            plain, plain_decided = socks_scoring.winner_flags(scores, sets, "shared", Z3)
            top = z3.Int("top")
            low = z3.Int("low")
            leads = [s == top for s in scores]
            still = [z3.And(lead, n == low) for lead, n in zip(leads, sets, strict=True)]
            tie = z3.Sum([z3.If(st, 1, 0) for st in still]) >= 2
            want = [st if reading == "shared" else z3.BoolVal(False) for st in still]
            solver = table_solver(ctx)
            solver.add(*facts, z3.Or([top == s for s in scores]), *[s <= top for s in scores],
                       z3.Or([z3.And(lead, n == low) for lead, n in zip(leads, sets, strict=True)]),
                       *[z3.Implies(lead, n >= low) for lead, n in zip(leads, sets, strict=True)])
            solver.add(z3.If(tie, z3.Or(decided != (2 if reading == "shared" else 3),
                                        *[w != x for w, x in zip(wins, want, strict=True)]),
                             z3.Or(decided != plain_decided, *[w != x for w, x in zip(wins, plain, strict=True)])))
            model = ctx.search(solver)
            if model is not None:
                return _table_counterexample(model, scores, sets, rules, lambda _, __: True)
    return None


def _refused(state: State, move: engine.Move) -> str | None:
    """The rule ``play`` names refusing the move (through ``check_move``); None when it accepts it."""
    try:
        engine.check_move(state, move)
    except IllegalMove as error:
        return error.rule
    return None


def _move_wrong(state: State, move: engine.Move, after: State, seen: P.Observed) -> str | None:
    """Why the given moves near ``move`` are not accepted or refused as the rulebook says."""
    seat, players = state.current, state.players
    other = next(c for c in state.drawn if c != move.keep)
    to = _receiver(players, seat, P.CATALOGUE.card_arrows[other])
    passed = any(e.kind == "passed" for e in seen.events)
    stated: int | engine.Discarded = engine.DISCARD if to is None else to
    if passed and _refused(state, replace(move, passed_to=stated)) is not None:
        return f"the move stating the pass the arrow gives ({stated}) is refused"
    wrongs: list[int | engine.Discarded] = [*range(players), engine.DISCARD]
    for wrong in wrongs:
        if wrong == stated and passed:
            continue
        rule = _refused(state, replace(move, passed_to=wrong))
        want = ("two-player-discard" if to is None else "pass") if passed else "game-over"
        if rule != want:
            said = "accepted" if rule is None else f"refused as {rule}"
            return f"the move stating the other card {wrong!r} is {said}, not refused as {want}"
    if P.CATALOGUE.card_sets[move.keep] is not None and move.super_set is None:
        rule = _refused(state, replace(move, super_set=HAND_SETS[0]))
        if rule != "super-sock-set":
            return f"a set named for the kept printed Sock is {rule or 'accepted'}, not refused as super-sock-set"
    for number, effect in enumerate(move.effects):
        if isinstance(effect, GiftTo):
            changed: Any = GiftTo(players)
            want = "gift-recipient"
        elif effect.super_set is not None:
            changed, want = replace(effect, super_set=None), "super-sock-set"
        else:
            changed, want = replace(effect, super_set=HAND_SETS[0]), "super-sock-set"
        effects = move.effects[:number] + (changed,) + move.effects[number + 1:]
        rule = _refused(state, replace(move, effects=effects))
        if rule != want:
            return f"effect {number + 1} changed to {changed} is {rule or 'accepted'}, not refused as {want}"
        if isinstance(effect, GiftTo) and effect.seat != seat:
            # The same Gift to the giver, the position read under gift_to_self=false.
            others_only = replace(state, rules=replace(state.rules, gift_to_self=False))
            to_self = move.effects[:number] + (GiftTo(seat),) + move.effects[number + 1:]
            rule = _refused(others_only, replace(move, effects=to_self))
            if rule != "gift-recipient":
                return (f"under gift_to_self=false a Gift to the giver is {rule or 'accepted'}, not refused as "
                        "gift-recipient")
    end = seen.end
    assert end is not None
    if after.turn != state.turn + (0 if end.over else 1):
        return f"the turn after turn {state.turn} is {after.turn}"
    return None


def check_moves_as_given(ctx: Context) -> Counterexample | None:
    """SO-17: ``play`` accepts each move ``legal_moves`` offers and refuses, naming the rule, the
    same move with the other card stated to go elsewhere than its arrow says, a set named for a
    printed Sock, a Super Sock rescued without a set, a Gift to no seat, or (the position read
    under gift_to_self=false) a Gift to the giver; a finished game takes
    no move; ``play_random`` plays one of the offered moves as ``play`` does; ``is_legal`` says
    the same of the offered moves, of a card kept that was not drawn, of the other card passed to
    the mover, and of a finished game."""
    for start, state, moves in P.explore(ctx.rules, P.clock_of(ctx)):
        if state.over:
            rule = _refused(state, engine.Move(state.drawn[0]))
            if rule != "game-over":
                return _state_counterexample(start, state, f"a move in a finished game is {rule or 'accepted'}, "
                                                           "not refused as game-over")
            if engine.is_legal(state, engine.Move(state.drawn[0])):
                return _state_counterexample(start, state, "is_legal takes a move in a finished game")
            continue
        move, after = engine.play_random(state, random.Random(len(moves)))
        if (move, after) not in moves:
            return _state_counterexample(start, state, f"play_random plays {P.move_text(state, move)}, not a "
                                                       "legal move played")
        for move, after in moves:
            step = P.Step(start, state, move, after)
            wrong = _move_wrong(state, move, after, P.observe(state, move))
            if not wrong and not engine.is_legal(state, move):
                wrong = "is_legal refuses it"
            if wrong:
                return _step_counterexample(step, wrong)
        # The first move kept as a card not drawn, or stating its other card passed to the mover.
        first = moves[0][0]
        for changed in (replace(first, keep=P.WM), replace(first, passed_to=state.current)):
            if engine.is_legal(state, changed):
                return _state_counterexample(start, state, f"is_legal takes {changed}, which keeps a card not "
                                                           "drawn or passes the other card to the mover")
    return None


#: The rulebook's components: 66 Sock cards in 11 sets, one Super Sock and n cards of set n for
#: n = 2..11; 1 Washing Machine; 10 Sock cards shuffled with it under the rest.
SOCK_CARDS, SUPER_SOCKS, SETS_OF_N, BOTTOM_SOCKS = 66, 1, range(2, 12), 10
SETUP_SEEDS = range(20)
#: The Washing Machine's ID in a catalogue file without a ``washing_machine`` entry (the catalogue
#: format's default), and an ID a file may give it instead.
DEFAULT_WM_ID, OTHER_WM_ID = "washing-machine", "machine"


def _super_entry(document: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = next(c for c in document["cards"] if c["set"] == "super")
    return entry


def _first_sock_entry(document: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = next(c for c in document["cards"] if c["set"] != "super")
    return entry


#: Catalogues the rulebook rules out, each the shipped file with one entry changed: the Super
#: Sock "does not score any points itself" and has no effect of its own; a card's arrow points
#: "left or right"; a card's stars are counted, never fewer than none.
IMPOSSIBLE_CATALOGUES: tuple[tuple[str, Callable[[dict[str, Any]], None]], ...] = (
    ("a Super Sock with a star", lambda d: _super_entry(d).update(stars=1)),
    ("a Super Sock with a Gift", lambda d: _super_entry(d).update(effect="gift")),
    ("a Sock whose arrow points up", lambda d: _first_sock_entry(d).update(arrow="up")),
    ("a Sock with -1 stars", lambda d: _first_sock_entry(d).update(stars=-1)),
)


def check_catalogue(ctx: Context) -> Counterexample | None:
    """SO-18: the shipped catalogue, read through the engine's own reader, holds the rulebook's
    66 Sock cards (one Super Sock, n cards of set n for n = 2..11) and 1 Washing Machine, every
    card as its entry says, the Washing Machine under the ID its entry gives (``washing-machine``,
    the format's default, without one); a catalogue the rulebook rules out (a Super Sock with a
    star or an effect, an arrow neither left nor right, fewer than no stars) is refused as bad
    input; a shuffled deck holds every card once, the Washing Machine among the bottom 11, and
    ``new_game`` deals from it; ``check_setup`` accepts a draw pile exactly when it is such a
    deck."""
    from model.socks import cards as socks_cards

    document = socks_cards.sample_catalogue_json()
    catalogue = socks_cards.parse_catalogue_document("catalogue", document, sample=True)

    def wrong(what: str) -> Counterexample:
        return Counterexample({"catalogue": socks_cards.SAMPLE_CATALOGUE_FILE, "wrong": what},
                              what, f"{what} (exhaustive: the engine's parse_catalogue_document on the shipped file)",
                              True)

    kinds = Counter(c.set for c in catalogue.cards)
    if len(catalogue.cards) != SOCK_CARDS or kinds[None] != SUPER_SOCKS or any(kinds[n] != n for n in SETS_OF_N):
        return wrong(f"{len(catalogue.cards)} Sock cards, {kinds[None]} Super Socks, sets {dict(kinds)}")
    wm_id = document["washing_machine"]["id"]
    if catalogue.wm != SOCK_CARDS or catalogue.index(wm_id) != catalogue.wm or catalogue.id_of(catalogue.wm) != wm_id:
        return wrong(f"the Washing Machine {wm_id} is not card {SOCK_CARDS}")
    for index, entry in enumerate(document["cards"]):
        card = catalogue.cards[index]
        read_as = (None if entry["set"] == "super" else entry["set"], entry.get("stars") or 0, entry.get("effect"),
                   entry["arrow"])
        tables = (catalogue.card_sets[index], catalogue.card_stars[index], catalogue.card_effects[index],
                  catalogue.card_arrows[index])
        if (card.id, card.set, card.stars, card.effect, card.arrow) != (entry["id"], *read_as) or tables != read_as \
                or catalogue.index(card.id) != index:
            return wrong(f"card {index} ({entry['id']}) is read as {card}, {tables}")
    if (catalogue.card_sets[catalogue.wm], catalogue.card_stars[catalogue.wm], catalogue.card_effects[catalogue.wm],
            catalogue.card_arrows[catalogue.wm]) != (None, 0, None, None):
        return wrong("the Washing Machine has a set, stars, an effect or an arrow")
    for wm_entry, wm_id in ((None, DEFAULT_WM_ID), ({"id": OTHER_WM_ID}, OTHER_WM_ID)):
        renamed = copy.deepcopy(document)
        renamed["washing_machine"] = wm_entry
        if wm_entry is None:
            del renamed["washing_machine"]
        other = socks_cards.parse_catalogue_document("catalogue", renamed)
        if other.washing_machine != wm_id or other.index(wm_id) != other.wm or other.id_of(other.wm) != wm_id \
                or other.knows(wm_id):
            return wrong(f"a file {'without a Washing Machine entry' if wm_entry is None else f'naming it {wm_id}'} "
                         f"is read with the Washing Machine {other.washing_machine!r}")
    for what, change in IMPOSSIBLE_CATALOGUES:
        impossible = copy.deepcopy(document)
        change(impossible)
        try:
            socks_cards.parse_catalogue_document("catalogue", impossible)
        except InputError:
            continue
        return wrong(f"a catalogue with {what} is read, not refused as bad input")
    for seed in SETUP_SEEDS:
        deck = engine.shuffled_deck(catalogue, random.Random(seed))
        from_bottom = len(deck) - deck.index(catalogue.wm) if catalogue.wm in deck else None
        if sorted(deck) != list(range(SOCK_CARDS + 1)) or from_bottom is None or from_bottom > BOTTOM_SOCKS + 1:
            return wrong(f"shuffled_deck with seed {seed}: {len(deck)} cards, the Washing Machine "
                         f"{from_bottom} from the bottom")
        names = ("A", "B", "C")
        dealt = engine.new_game(catalogue, ctx.rules, names, random.Random(seed))
        if dealt != engine.start(catalogue, ctx.rules, names, deck) or dealt.drawn != deck[:2] \
                or dealt.deck != deck[2:] or (dealt.current, dealt.turn, dealt.over) != (0, 1, False):
            return wrong(f"new_game with seed {seed} is not the first player drawing the top 2 cards of "
                         "shuffled_deck's deck")
    # A log's draw pile: accepted exactly when it holds every card once, the Washing Machine among
    # the bottom 11.
    socks = list(range(SOCK_CARDS))
    for at in range(SOCK_CARDS + 1):
        pile = socks[:at] + [catalogue.wm] + socks[at:]
        from_bottom = len(pile) - at
        if _setup_refused(catalogue, pile) != (from_bottom > BOTTOM_SOCKS + 1):
            return wrong(f"check_setup {'refuses' if from_bottom <= BOTTOM_SOCKS + 1 else 'accepts'} a deck with "
                         f"the Washing Machine {from_bottom} from the bottom")
    for what, pile in (("a Sock twice and one missing", [socks[0]] + socks[:-1] + [catalogue.wm]),
                       ("no Washing Machine", socks + [socks[0]]),
                       ("a Sock missing", socks[1:] + [catalogue.wm])):
        if not _setup_refused(catalogue, pile):
            return wrong(f"check_setup accepts a deck with {what}")
    return None


def _setup_refused(catalogue: Catalogue, deck: list[int]) -> bool:
    """Whether the engine's ``check_setup`` refuses the draw pile (as the rule ``setup``)."""
    try:
        engine.check_setup(catalogue, deck)
    except IllegalMove as error:
        return error.rule == "setup"
    return False


# --- the list --------------------------------------------------------------------------------

_SCORE_FN = "model.socks.scoring.hand_totals"
_WIN_FN = "model.socks.scoring.winner_flags"

INVARIANTS: tuple[Invariant, ...] = (
    Invariant("SO-1", GAME, "An odd set scores nothing", _SCORING, _HANDS,
              (_SCORE_FN, "model.socks.scoring.set_points"), check_odd_sets, "single-source"),
    Invariant("SO-2", GAME, "A Super Sock changes only its own set's parity", _SUPER, _HANDS,
              (_SCORE_FN, "model.socks.scoring.set_scores"), check_super_parity, "single-source"),
    Invariant("SO-3", GAME, "Highest score first, then the fewest sets: the tie-break order", _TIE, _TABLES,
              (_WIN_FN,), check_tie_break, "single-source"),
    Invariant("SO-4", GAME, "A Super Sock scores no points itself", _SUPER, _HANDS,
              (_SCORE_FN, "model.socks.scoring.set_points"), check_super_no_points, "single-source"),
    Invariant("SO-5", GAME, "Every finished game has a winner", _TIE + " (The rulebook says nothing more.)",
              _TABLES_WIN, (_WIN_FN,), check_always_winner, "single-source"),
    Invariant("SO-6", GAME, "An even set scores its stars, one point a star", _SCORING + " " + _STARS, _HANDS,
              (_SCORE_FN, "model.socks.scoring.set_points"), check_even_sets, "single-source"),
    Invariant("SO-7", GAME, "The tie-break counts the sets the option names",
              "In case of a tie, the player with the fewest sets of Socks wins.", _HANDS,
              (_SCORE_FN, "model.socks.scoring.counted_for_tie_break"), check_tie_break_count, "single-source"),
    Invariant("SO-8", GAME, "The engine's end of game scores as the scoring model",
              "It's time to reveal any Gift cards you received during the game and to add them to your Sock "
              "sets. ... If the Super Sock is received face down as a gift, the player will choose which Sock set "
              "it belongs to at the end of the game. " + _TIE,
              f"every 2-player end position dealing {', '.join(END_CARDS)} to A's or B's collection or face-down "
              "gifts or the deck, a face-up Super Sock in each set its owner holds, in set 4 (no printed Sock) or open "
              f"({len(END_PLACES) ** len(END_CARDS)} deals); every option value",
              ("model.socks.engine.outcome", "model.socks.engine.final_hands", "solver.socks.score_game"),
              check_engine_scores, "exhaustive"),
    Invariant("SO-9", GAME, "Every move keeps every card in exactly one place",
              "Place this small stack underneath the remaining cards to form a draw pile containing all the cards.",
              P.DOMAIN, ("model.socks.engine.legal_moves", "model.socks.engine.play"), check_conservation,
              "exhaustive"),
    Invariant("SO-10", GAME, "The game ends exactly when the Washing Machine is drawn",
              "On your turn, draw 2 cards and reveal them. ... The game ends immediately when you draw the "
              "Washing Machine card. ... You then take turns, playing clockwise.",
              P.DOMAIN + f"; whole random_game games on those 7 Sock cards, seeds 0-{RANDOM_GAME_SEEDS[-1]}, "
              "for 3 and for 2 players",
              ("model.socks.engine.legal_moves", "model.socks.engine.play", "model.socks.random_play.random_game"),
              check_game_end, "exhaustive"),
    Invariant("SO-11", GAME, "Keep one card, pass the other by its arrow; only the kept card's effect",
              "Choose one card to add to your collection. ... Pass the other card to the player on your left or "
              "right, depending on the direction of the arrow on the card. ... If the card you kept has an "
              "effect, you must activate it if possible. Note: Effects do not apply when you give or receive a "
              "card.", P.DOMAIN, ("model.socks.engine.legal_moves", "model.socks.engine.play"),
              check_keep_and_pass, "exhaustive"),
    Invariant("SO-12", GAME, "Rescue takes only a Sock that is the only one of its type",
              "Choose a single Sock from another player's collection and place it in your own collection. This "
              "Sock must be the only one of its type in the other player's collection. If no players have a "
              "single Sock card the action is ignored.", P.DOMAIN,
              ("model.socks.engine.legal_moves", "model.socks.engine.play"), check_rescue, "exhaustive"),
    Invariant("SO-13", GAME, "A Gift gives the top card face down to the player of your choice",
              "Draw the top card from the deck without looking at it and give it to the player of your choice. "
              "That player keeps it face down next to their collection.", P.DOMAIN,
              ("model.socks.engine.legal_moves", "model.socks.engine.play"), check_gift, "exhaustive"),
    Invariant("SO-14", GAME, "A Super Sock joins one of its owner's sets, or the next Sock's",
              "When you add the Super Sock to your collection, you must add it to one of your Sock sets. ... "
              "Note: If this is the first Sock collected in the game, the next Sock collected determines its "
              "type.", P.DOMAIN, ("model.socks.engine.legal_moves", "model.socks.engine.play"),
              check_super_set, "exhaustive"),
    Invariant("SO-15", GAME, "The scoring model scores every small hand as the rulebook",
              _SCORING + " " + _STARS + " " + _SUPER + " In case of a tie, the player with the fewest sets of Socks "
              "wins.",
              "every hand of sets 2 and 3 with 0-3 printed Socks each (1-3 stars a Sock) and 0-2 Super Socks typed "
              "as set 2, 3 or 4 (a set with no printed Sock), under each reading of tie_break_counts; every option "
              "value", ("model.socks.scoring.score_hand", _SCORE_FN), check_score_hand, "exhaustive"),
    Invariant("SO-16", GAME, "A tie on score and sets is shared, or has no winner, as final_tie says",
              _TIE + " (The rulebook says nothing more: the final_tie option reads it.)",
              f"2-{MOST_PLAYERS} players with any scores and set counts of 0 or more, under each reading of "
              "final_tie; every option value", (_WIN_FN,), check_final_tie, "single-source"),
    Invariant("SO-17", GAME, "A move given is played as legal_moves offers it, and refused when it says otherwise",
              "Choose one card to add to your collection. ... Pass the other card to the player on your left or "
              "right, depending on the direction of the arrow on the card. ... When you add the Super Sock to your "
              "collection, you must add it to one of your Sock sets. ... give it to the player of your choice. ... "
              "The game ends immediately when you draw the Washing Machine card.",
              P.DOMAIN + "; each legal move with the other card stated elsewhere, a set named for a printed Sock, "
              "a rescued Super Sock's set left out (or one named for a printed Sock), a Gift to a seat past the "
              "last, a Gift to the giver read under gift_to_self=false; a move in a finished game; play_random; "
              "is_legal on each legal move, on the first one keeping a card not drawn or passing the other card to "
              "the mover, and in a finished game",
              ("model.socks.engine.play", "model.socks.engine.legal_moves", "model.socks.engine.play_random",
               "model.socks.engine.check_move", "model.socks.engine.is_legal"),
              check_moves_as_given, "exhaustive"),
    Invariant("SO-18", GAME, "The cards are the rulebook's 66 Socks and the Washing Machine, shuffled as it says",
              "66 Sock cards (divided into 11 sets: one Super Sock, two of \"2\", three of \"3\", etc.) ... 1 "
              "Washing Machine card ... Take 10 Sock cards (without looking at them) and shuffle the Washing Machine "
              "card into them. Place this small stack underneath the remaining cards to form a draw pile containing "
              "all the cards. ... Pass the other card to the player on your left or right, depending on the "
              "direction of the arrow on the card. ... The Super Sock now represents a Sock of the chosen type but "
              "does not score any points itself.",
              f"the shipped catalogue file read by the engine's reader, every card; the same file with its Washing "
              f"Machine entry left out or naming it {OTHER_WM_ID!r}; the same file with one of "
              f"{len(IMPOSSIBLE_CATALOGUES)} entries the rulebook rules out ("
              + ", ".join(what for what, _ in IMPOSSIBLE_CATALOGUES) + f"); shuffled_deck and new_game under "
              f"{len(SETUP_SEEDS)} seeds; check_setup on the deck with the Washing Machine at each of its "
              f"{SOCK_CARDS + 1} places, and on decks with a Sock missing, twice or no Washing Machine; every option "
              "value",
              ("model.socks.cards.parse_catalogue_document", "model.socks.engine.shuffled_deck",
               "model.socks.engine.new_game", "model.socks.engine.check_setup"), check_catalogue,
              "exhaustive"),
)

