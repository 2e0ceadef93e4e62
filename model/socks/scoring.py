"""Oh My Socks!: end-of-game scoring, the independent model.

The rulebook: "For each set, you will only score points if you have collected an even number of
Socks ... Each star symbol is worth one point. The player with the highest total score wins the
game. In case of a tie, the player with the fewest sets of Socks wins." A Super Sock "represents a
Sock of the chosen type but does not score any points itself".

This module scores a hand for a given placement of its wild cards and decides the winners. It
does not choose open placements (``solver/socks.py`` does, and every choice it makes is scored
again here) and shares no code with the engine, whose own end-of-game totals the tests compare
against this model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from model.socks.cards import DecidedBy, SocksRules


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
        """The sets an open wild card may join: those the player holds at the end."""
        numbers = {number for number, _ in self.sets}
        numbers.update(w.set for w in self.wilds if w.set is not None)
        return tuple(sorted(numbers))

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
    counts: dict[int, int] = {}
    stars: dict[int, int] = {}
    for number, values in hand.sets:
        counts[number] = counts.get(number, 0) + len(values)
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
            counts[target] = counts.get(target, 0) + 1
            stars.setdefault(target, 0)
        placements.append(WildPlacement(wild.id, target, wild.set is None, wild.face_down))
    sets = tuple(
        SetScore(number, counts[number], stars[number], counts[number] % 2 == 0)
        for number in sorted(counts)
        if counts[number] > 0
    )
    score = sum(s.stars for s in sets if s.scores)
    if rules.tie_break_counts == "scoring_sets":
        set_count = sum(1 for s in sets if s.scores)
    else:
        set_count = len(sets)
    return PlayerScore(hand.name, score, set_count, sets, tuple(placements))


def decide_winners(players: Sequence[PlayerScore], rules: SocksRules) -> tuple[list[str], DecidedBy]:
    """The winners and what decided: ``score``, ``fewest_sets``, ``shared`` or ``no_winner``."""
    best = max(p.score for p in players)
    leaders = [p for p in players if p.score == best]
    if len(leaders) == 1:
        return [leaders[0].name], "score"
    fewest = min(p.set_count for p in leaders)
    still = [p for p in leaders if p.set_count == fewest]
    if len(still) == 1:
        return [still[0].name], "fewest_sets"
    if rules.final_tie == "no_winner":
        return [], "no_winner"
    return [p.name for p in still], "shared"
