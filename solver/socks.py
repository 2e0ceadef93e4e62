"""Oh My Socks!: the open choices at the end of a game, chosen optimally.

A player's open wild cards (a Super Sock received face down, or one whose set was not given)
each join one of the player's sets. The choice is lexicographic: the best score, then the fewest
sets the tie-break counts, then (so that the answer is one fixed placement) as many wild cards as
possible in the lowest-numbered set, then the next, and so on.

Wild cards carry no stars and are interchangeable, so a placement is a count per set, and only
each count's parity changes a score: the placement is the choice of which sets' parity to flip
(as many as there are wild cards, less an even number). That choice is decided exactly, at once,
however many wild cards there are (the ``parity`` path): one open wild card (the common case) by
trying each set, several by sorting the sets by what flipping each one gains. CP-SAT decides the
same question by search (``method="cpsat"``), and the tests prove the paths equal. Every answer
is scored again by ``model.socks.scoring`` before it is returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from model.common.status import Status
from model.socks.rules import SocksRules
from model.socks.scoring import Hand, PlayerScore, decide_winners, score_hand

#: How ``choose_wilds`` is asked to decide.
Method = Literal["auto", "cpsat", "exact", "parity"]
#: How a placement was decided: ``none`` (nothing to choose), ``exact`` (each set tried),
#: ``parity`` (the sets whose parity flips, chosen by sorting) or ``cp-sat``.
DecidedBy = Literal["none", "exact", "parity", "cp-sat"]
#: The default rule options, one object for every default below (rules objects are frozen).
_DEFAULT_RULES = SocksRules()
#: CP-SAT's objective coefficients stay below this (the lexicographic stage is split otherwise).
_MAX_WEIGHT = 2**50


@dataclass(frozen=True)
class WildChoice:
    """The placement of one player's open wild cards."""

    #: optimal, or unproven when the time limit came first (never infeasible: any placement is legal).
    status: Status
    #: For each open wild card, in order, the set it joins (None when the player holds no set).
    placement: tuple[int | None, ...]
    #: The player's score with this placement.
    score: int
    #: The sets the tie-break counts, with this placement.
    set_count: int
    #: ``none`` (nothing to choose), ``exact`` (each set tried), ``parity`` or ``cp-sat``.
    method: DecidedBy


@dataclass(frozen=True)
class GameScore:
    """A whole table scored: every player, the winners, and how the choices were proven."""

    #: One entry per player, in input order.
    players: tuple[PlayerScore, ...]
    #: The winners' names.
    winners: tuple[str, ...]
    #: ``score``, ``fewest_sets``, ``shared`` or ``no_winner``.
    decided_by: str
    #: optimal (the default path always decides; only a CP-SAT solve asked for by name can stop
    #: at its time limit).
    status: Status


def expand(domain: Sequence[int], counts: Sequence[int]) -> tuple[int, ...]:
    """A count per set as one set per wild card, in ascending set order."""
    return tuple(number for number, count in zip(domain, counts, strict=False) for _ in range(count))


def _key(result: PlayerScore) -> tuple[int, int]:
    return (result.score, -result.set_count)


def _choose_one(hand: Hand, rules: SocksRules) -> WildChoice:
    # One open wild card: every set is tried; the first best (lowest set number) is kept.
    best: PlayerScore | None = None
    best_set = None
    for number in hand.domain():
        result = score_hand(hand, [number], rules)
        if best is None or _key(result) > _key(best):
            best, best_set = result, number
    assert best is not None
    return WildChoice(Status.OPTIMAL, (best_set,), best.score, best.set_count, "exact")


def _choose_parity(hand: Hand, rules: SocksRules) -> WildChoice:
    # Several open wild cards. Adding a_n of them to set n makes it even exactly when its count
    # and a_n have different parities; a set given an odd a_n "flips". Flipping set n gains its
    # stars when it was odd and loses them when it was even, and (under scoring_sets) adds or
    # removes one counted set. The sets that flip are some F with |F| <= free and |F| of free's
    # parity; the cards left over go in pairs, which change nothing. The lexicographically
    # largest counts then put every card left over in the first set: a_0 = free - |F minus set 0|,
    # a_n = 1 for every other n in F, and 0 elsewhere. So the placement maximises, in order, the
    # score, minus the counted sets, minus |F minus set 0|, and the earliest sets in F: each is a
    # sum over F of a value per set, and for a given |F| the best F is the best |F| sets by
    # (value, earliest set first). Each allowed |F| is tried.
    domain = hand.domain()
    free = len(hand.free_wilds())
    base = {number: 0 for number in domain}
    stars = {number: 0 for number in domain}
    for number, printed in hand.sets:
        base[number] += len(printed)
        stars[number] += sum(printed)
    for wild in hand.wilds:
        if wild.set is not None:
            base[wild.set] += 1
    scoring_sets = rules.tie_break_counts == "scoring_sets"
    flips: list[tuple[tuple[int, int, int], int]] = []
    for index, number in enumerate(domain):
        odd = base[number] % 2 == 1
        gain = stars[number] if odd else -stars[number]
        counted = (1 if odd else -1) if scoring_sets else 0
        flips.append(((gain, -counted, 0 if index == 0 else -1), index))
    flips.sort(key=lambda item: (item[0], -item[1]), reverse=True)
    best: tuple[tuple[int, int, int], int] | None = None
    total = (0, 0, 0)
    for size in range(0, min(free, len(domain)) + 1):
        if size:
            value = flips[size - 1][0]
            total = (total[0] + value[0], total[1] + value[1], total[2] + value[2])
        if size % 2 == free % 2 and (best is None or total > best[0]):
            best = (total, size)
    assert best is not None
    flipped = {index for _, index in flips[: best[1]]}
    counts = [1 if index in flipped else 0 for index in range(len(domain))]
    counts[0] = free - sum(counts[1:])
    placement = expand(domain, counts)
    result = score_hand(hand, placement, rules)
    return WildChoice(Status.OPTIMAL, placement, result.score, result.set_count, "parity")


def _cpsat(hand: Hand, rules: SocksRules, time_limit: float) -> WildChoice:
    from ortools.sat.python import cp_model

    domain = hand.domain()
    free = len(hand.free_wilds())
    base = {number: 0 for number in domain}
    stars = {number: 0 for number in domain}
    for number, values in hand.sets:
        base[number] += len(values)
        stars[number] += sum(values)
    for wild in hand.wilds:
        if wild.set is not None:
            base[wild.set] += 1

    # build
    model = cp_model.CpModel()
    added = [model.new_int_var(0, free, f"added_{n}") for n in domain]
    even = [model.new_bool_var(f"even_{n}") for n in domain]
    halves = [model.new_int_var(0, (base[n] + free) // 2 + 1, f"half_{n}") for n in domain]
    # every open wild card joins exactly one set
    model.add(sum(added) == free)
    # a set scores exactly when its count (printed + placed + chosen) is even
    for number, a, e, h in zip(domain, added, even, halves, strict=False):
        model.add(base[number] + a == 2 * h + 1 - e)
    score = sum(stars[n] * e for n, e in zip(domain, even, strict=False))
    counted = sum(even) if rules.tie_break_counts == "scoring_sets" else len(domain)

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    solver.parameters.max_time_in_seconds = time_limit

    def solve() -> bool:
        outcome = solver.solve(model)
        if outcome == cp_model.OPTIMAL:
            return True
        if outcome == cp_model.FEASIBLE:
            return False
        raise RuntimeError(f"CP-SAT returned {solver.status_name(outcome)} for a feasible model")

    # solve: best score, then fewest counted sets, then the lexicographically largest counts
    # (each maximize or minimize replaces the model's objective)
    proven = True
    model.maximize(score)
    proven &= solve()
    model.add(score == round(solver.objective_value))
    model.minimize(counted)
    proven &= solve()
    model.add(counted == round(solver.objective_value))
    chunks: list[list[int]] = [[]]
    weight = 1
    for index in range(len(domain)):
        weight *= free + 1
        if weight > _MAX_WEIGHT:
            chunks.append([])
            weight = free + 1
        chunks[-1].append(index)
    for chunk in chunks:
        weights = [(free + 1) ** (len(chunk) - 1 - k) for k in range(len(chunk))]
        objective = sum(w * added[i] for w, i in zip(weights, chunk, strict=False))
        model.maximize(objective)
        proven &= solve()
        model.add(objective == round(solver.objective_value))

    # decode
    counts = [solver.value(a) for a in added]
    placement = expand(domain, counts)
    result = score_hand(hand, placement, rules)
    status = Status.OPTIMAL if proven else Status.UNPROVEN
    return WildChoice(status, placement, result.score, result.set_count, "cp-sat")


def choose_wilds(
    hand: Hand, rules: SocksRules = _DEFAULT_RULES, method: Method = "auto", time_limit: float = 10.0
) -> WildChoice:
    """Place ``hand``'s open wild cards: best score, then fewest counted sets, then lowest sets.

    ``method="cpsat"`` always builds the CP-SAT model (which may stop at ``time_limit``),
    ``"exact"`` tries every set (one open wild card only), ``"parity"`` chooses the sets whose
    parity flips, and ``"auto"`` uses the exact path for one open wild card and the parity path
    otherwise: both always decide.
    """
    free = len(hand.free_wilds())
    domain = hand.domain()
    if free == 0 or not domain:
        result = score_hand(hand, [None] * free, rules)
        return WildChoice(Status.OPTIMAL, (None,) * free, result.score, result.set_count, "none")
    if method == "exact" and free != 1:
        raise ValueError("the exact path places one open wild card only")
    if method == "exact" or (method == "auto" and free == 1):
        choice = _choose_one(hand, rules)
    elif method in ("auto", "parity"):
        choice = _choose_parity(hand, rules)
    else:
        choice = _cpsat(hand, rules, time_limit)
    checked = score_hand(hand, choice.placement, rules)
    if (checked.score, checked.set_count) != (choice.score, choice.set_count):
        raise RuntimeError(f"the placement for {hand.name} does not score what the solver claims")
    return choice


def score_game(
    hands: Sequence[Hand], rules: SocksRules = _DEFAULT_RULES, method: Method = "auto"
) -> GameScore:
    """Score every hand with its open choices made optimally, and decide the winners."""
    players = []
    status = Status.OPTIMAL
    for hand in hands:
        choice = choose_wilds(hand, rules, method)
        if choice.status is not Status.OPTIMAL:
            status = Status.UNPROVEN
        players.append(score_hand(hand, choice.placement, rules))
    winners, decided_by = decide_winners(players, rules)
    return GameScore(tuple(players), tuple(winners), decided_by, status)
