"""Oh My Socks!: end-of-game scoring, the independent model.

The rulebook: "For each set, you will only score points if you have collected an even number of
Socks ... Each star symbol is worth one point. The player with the highest total score wins the
game. In case of a tie, the player with the fewest sets of Socks wins." A Super Sock "represents a
Sock of the chosen type but does not score any points itself".

This module scores a hand for a given placement of its wild cards and decides the winners. It
does not choose open placements (``solver/socks.py`` does, and every choice it makes is scored
again here).

The rules themselves are written once, against ``model.common.ops`` (``set_scores``,
``set_points``, ``counted_for_tie_break``, ``hand_totals``, ``winner_flags``): ``score_hand`` and
``decide_winners`` call them, the engine's own end-of-game totals (``model.socks.engine``) call
them, and the proofs of ``checks/socks`` call the very same functions on Z3 terms.

What a Super Sock may be typed as is written once here too: ``super_sock_sets`` (the sets it may
join, which the engine offers and ``score_hand`` checks every placement against) and
``typed_set_refusal`` (whether a position given as input can show it in a set, which the scoring
file and the advice position both ask).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from model.common.ops import PY, Ops, Value
from model.socks.cards import DecidedBy
from model.socks.rules import FinalTie, SocksRules, TieBreakCounts

#: What ``winner_flags`` says decided, by index.
DECIDED_ORDER: tuple[DecidedBy, ...] = ("score", "fewest_sets", "shared", "no_winner")


# --- the rules, written once (Python values under ``PY``, Z3 terms under the proofs' ops) -----


def set_scores(printed: Value, supers: Value, ops: Ops = PY) -> Value:
    """A set scores when it holds an even number of Socks, its Super Socks counted among them
    ("The Super Sock now represents a Sock of the chosen type")."""
    return (printed + supers) % 2 == 0


def set_points(printed: Value, stars: Value, supers: Value, ops: Ops = PY) -> Value:
    """A set's points: the stars of its printed Socks when it scores, else none (a Super Sock
    "does not score any points itself")."""
    return ops.ite(set_scores(printed, supers, ops), stars, ops.const(0))


def counted_for_tie_break(printed: Value, supers: Value, tie_break_counts: TieBreakCounts, ops: Ops = PY) -> Value:
    """Whether the tie-break's "fewest sets of Socks" counts this set: every set held, or under
    ``tie_break_counts=scoring_sets`` only the scoring ones."""
    held = printed + supers > 0
    if tie_break_counts == "scoring_sets":
        return ops.all((held, set_scores(printed, supers, ops)))
    return held


def hand_totals(
    sets: Sequence[tuple[Value, Value, Value]], tie_break_counts: TieBreakCounts, ops: Ops = PY
) -> tuple[Value, Value]:
    """A hand's total and its set count for the tie-break; each set given as (printed Socks,
    their stars, Super Socks placed in it)."""
    score = ops.sum(set_points(printed, stars, supers, ops) for printed, stars, supers in sets)
    counted = ops.count(counted_for_tie_break(printed, supers, tie_break_counts, ops) for printed, _, supers in sets)
    return score, counted


def winner_flags(
    scores: Sequence[Value], set_counts: Sequence[Value], final_tie: FinalTie, ops: Ops = PY
) -> tuple[list[Value], Value]:
    """Whether each player wins, and what decided (an index into ``DECIDED_ORDER``): the highest
    score, then among those the fewest sets, then the ``final_tie`` option (all still tied win,
    or nobody)."""
    best = ops.max(scores)
    leads = [score == best for score in scores]
    above = ops.max(set_counts) + 1
    fewest = ops.min([ops.ite(lead, sets, above) for lead, sets in zip(leads, set_counts, strict=True)])
    still = [ops.all((lead, sets == fewest)) for lead, sets in zip(leads, set_counts, strict=True)]
    leaders, tied = ops.count(leads), ops.count(still)
    shared = final_tie != "no_winner"
    nobody = ops.any(())
    flags = [ops.ite(leaders == 1, lead, ops.ite(tied == 1, st, st if shared else nobody))
             for lead, st in zip(leads, still, strict=True)]
    decided = ops.ite(leaders == 1, ops.const(0), ops.ite(tied == 1, ops.const(1), ops.const(2 if shared else 3)))
    return flags, decided


# --- which set a Super Sock may be in (written once: engine, scoring, advice and solver) ------


def super_sock_sets(printed: Iterable[int], typed: Iterable[int]) -> tuple[int, ...]:
    """The sets a Super Sock joining a collection may be added to ("you must add it to one of
    your Sock sets"), in ascending order: every set its holder holds, given as the sets of the
    printed Socks and of the Super Socks already typed (a set held through a Super Sock alone is
    one of the holder's sets too). The engine offers these when a Super Sock is added, and an open
    Super Sock at the end joins one of them (gifts revealed among the printed Socks)."""
    return tuple(sorted(set(printed) | set(typed)))


def unheld_set_reachable(rules: SocksRules) -> bool:
    """Whether play can leave a Super Sock typed as a set its holder holds no printed Sock of:
    the game's first Sock typed by the next Sock anyone collects (``super_first_sock=anyone``,
    "the next Sock collected determines its type"), or the lone Sock beside it rescued because a
    Super Sock does not count for Rescue (``rescue_counts_super=false``). Otherwise a Super Sock
    is typed only as a set its holder holds, and the Sock of that set stays beside it: with the
    Super Sock it makes two, no single Sock for Rescue, and neither is the Super Sock, so
    ``rescued_super=keeps_set`` never moves one either."""
    return rules.super_first_sock == "anyone" or not rules.rescue_counts_super


def typed_set_refusal(
    number: int, held: Iterable[int], catalogue_sets: Collection[int], rules: SocksRules
) -> str | None:
    """Why a position cannot show a face-up Super Sock typed as set ``number`` (None: play can
    reach it). ``held`` are the holder's sets without this Super Sock (``super_sock_sets``); a
    Super Sock's type is always a set of the catalogue, and one its holder holds unless
    ``unheld_set_reachable``."""
    if number not in catalogue_sets:
        shown = ", ".join(str(n) for n in sorted(catalogue_sets))
        return f"the catalogue has no set {number} (its sets: {shown})"
    sets = sorted(set(held))
    if number in sets or unheld_set_reachable(rules):
        return None
    shown = ", ".join(str(n) for n in sets) or "none"
    return (f"set {number} is not among this player's face-up sets ({shown}): under these rules a Super "
            "Sock is typed only as one of its holder's sets")


@dataclass(frozen=True)
class Wild:
    """A Super Sock (wild card) in a player's hand at the end."""

    #: Its card ID (None when the hand was given as star values per set).
    id: str | None
    #: The set it was added to during the game; None when it is still to be chosen.
    set: int | None
    #: True when it was received face down as a Gift.
    face_down: bool = False


@dataclass(frozen=True)
class Hand:
    """Everything one player holds at the end, gifts revealed."""

    #: The player's name.
    name: str
    #: Each set number with the star values of its printed Socks, sorted by set number. A set
    #: may hold no printed Sock when a wild card was placed in it during the game.
    sets: tuple[tuple[int, tuple[int, ...]], ...]
    #: The wild cards, in the order given.
    wilds: tuple[Wild, ...] = ()

    def domain(self) -> tuple[int, ...]:
        """The sets an open wild card may join: those the player holds at the end
        (``super_sock_sets``)."""
        return super_sock_sets((number for number, _ in self.sets), (w.set for w in self.wilds if w.set is not None))

    def free_wilds(self) -> tuple[Wild, ...]:
        """The wild cards whose set is still to be chosen."""
        return tuple(w for w in self.wilds if w.set is None)


@dataclass(frozen=True)
class SetScore:
    """One set of a player at the end."""

    #: The set number.
    set: int
    #: Socks in the set, wild cards included.
    count: int
    #: Stars on its printed Socks.
    stars: int
    #: True when the count is even, so the stars score.
    scores: bool


@dataclass(frozen=True)
class WildPlacement:
    """Where a wild card ended up."""

    #: Its card ID, or None.
    id: str | None
    #: The set it counts in; None when the player holds no set for it to join.
    set: int | None
    #: True when the tool chose the set (a face-down gift, or a set the input left open).
    chosen_by_solver: bool
    #: True when it was a face-down gift.
    face_down: bool


@dataclass(frozen=True)
class PlayerScore:
    """One player's scoring."""

    #: The player's name.
    name: str
    #: Total points.
    score: int
    #: The sets the tie-break counts (see the ``tie_break_counts`` option).
    set_count: int
    #: Every set held, by set number.
    sets: tuple[SetScore, ...]
    #: Every wild card and where it counts.
    wilds: tuple[WildPlacement, ...]


def score_hand(hand: Hand, chosen: Sequence[int | None], rules: SocksRules) -> PlayerScore:
    """Score ``hand`` with its open wild cards placed in ``chosen`` (one set per open wild card,
    in order; None only when the player holds no set at all). Raises ValueError for a
    placement outside the player's sets."""
    free = hand.free_wilds()
    if len(chosen) != len(free):
        raise ValueError(f"{len(free)} open wild cards but {len(chosen)} placements")
    domain = set(hand.domain())
    printed: dict[int, int] = {}
    stars: dict[int, int] = {}
    supers: dict[int, int] = {}
    for number, values in hand.sets:
        printed[number] = printed.get(number, 0) + len(values)
        stars[number] = stars.get(number, 0) + sum(values)
    placements = []
    picks = iter(chosen)
    for wild in hand.wilds:
        target = wild.set if wild.set is not None else next(picks)
        if target is None and domain:
            raise ValueError(f"wild card {wild.id} must join one of the sets {sorted(domain)}")
        if target is not None and target not in domain:
            raise ValueError(f"wild card {wild.id} cannot join set {target}: not held")
        if target is not None:
            supers[target] = supers.get(target, 0) + 1
            printed.setdefault(target, 0)
            stars.setdefault(target, 0)
        placements.append(WildPlacement(wild.id, target, wild.set is None, wild.face_down))
    held = [(number, printed[number], stars[number], supers.get(number, 0))
            for number in sorted(printed) if printed[number] + supers.get(number, 0) > 0]
    sets = tuple(SetScore(number, n + w, s, set_scores(n, w)) for number, n, s, w in held)
    score, set_count = hand_totals([(n, s, w) for _, n, s, w in held], rules.tie_break_counts)
    return PlayerScore(hand.name, score, set_count, sets, tuple(placements))


def decide_winners(players: Sequence[PlayerScore], rules: SocksRules) -> tuple[list[str], DecidedBy]:
    """The winners and what decided: ``score``, ``fewest_sets``, ``shared`` or ``no_winner``."""
    flags, decided = winner_flags([p.score for p in players], [p.set_count for p in players], rules.final_tie)
    return [p.name for p, won in zip(players, flags, strict=True) if won], DECIDED_ORDER[decided]
