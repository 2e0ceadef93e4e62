"""Upper bounds on the Trick total that a player can check by hand, and the grid region a good
arrangement must lie in.

Every bound here holds for any set of cells, connected or not:
- each matching Supporter-Event pair borders at most once: Tricks <= matching pairs;
- a card has four sides and borders each card at most once: the Tricks form a subgraph of the
  match graph where each card has degree <= min(4, its partners); the largest such subgraph
  (a degree-constrained subgraph, found as a maximum flow) bounds the total;
- n cells have at most 2n - ceil(2 sqrt n) adjacent pairs (Harary and Harborth), and Tricks join
  only cards of one group of cards linked by matches, so the bound applies per group;
- k Supporters and m Events make at most 3k + m - ceil(2 sqrt k) - 1 Tricks, and the same with
  the kinds' roles swapped (``kinds_bound``; a count of the cells beside the k cards), per group;
- the last three per group, taking the smallest for each group.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from solver.network.problem import Cell, Problem, match_components

#: A card has four sides.
SIDES = 4

#: The arguments a bound rests on (see ``cheap_bounds``).
BoundArgument = Literal["pairs", "sides", "borders", "kinds", "groups", "relaxation"]
#: A node of the flow search: a Supporter ("s") or an Event ("e"), by card index.
_Node = tuple[Literal["s", "e"], int]


@dataclass(frozen=True)
class Bound:
    """An upper bound on the Trick total and the argument behind it."""

    #: The bound.
    value: int
    #: Which argument: "pairs", "sides", "borders", "kinds" or "groups" (``cheap_bounds``), or
    #: "relaxation": the proven optimum of the network without a rule option that only forbids.
    argument: BoundArgument
    #: The argument in words a player can check.
    proof: str
    #: What the bound rests on, in ``proven_by``'s words: "bound" for the simple arguments; a
    #: relaxation's bound rests on how its optimum was proven.
    rests_on: str = "bound"


def _twice_root(n: int) -> int:
    """ceil(2 sqrt n), in integers, for n >= 1."""
    return math.isqrt(4 * n - 1) + 1


def edge_bound(cells: int) -> int:
    """The most adjacent pairs ``cells`` grid cells can have: 2n - ceil(2 sqrt n)."""
    if cells <= 0:
        return 0
    return 2 * cells - _twice_root(cells)


def beside_bound(cards: int) -> int:
    """The fewest cells beside ``cards`` grid cells (not among them), counting two more for each
    pair of them that border: k + ceil(2 sqrt k) + 1.

    Colour the grid as a chessboard. The cards on one colour, k' of them, are the corners of unit
    squares (the cells of the other colour beside them) in a grid turned by 45 degrees, and k'
    unit squares have at least k' + ceil(2 sqrt k') + 1 corners (Euler's formula with the least
    perimeter, 2 ceil(2 sqrt k'), of Harary and Harborth). A cell beside cards of one colour is
    one of the cards of the other colour only where two cards border, and each such cell takes
    part in at least one border: so the cells beside all k, with two for each border, number at
    least the sum over both colours, at least k + ceil(2 sqrt k) + 1."""
    if cards <= 0:
        return 0
    return cards + _twice_root(cards) + 1


def kinds_bound(few: int, many: int) -> int:
    """The most Tricks ``few`` cards of one kind can make with ``many`` of the other:
    3 few + many - ceil(2 sqrt few) - 1 (0 without both kinds).

    The ``few`` cards have 4 few sides; two of them that border use up two sides, and a cell
    beside them that holds no card of the other kind takes up at least one. With ``beside_bound``
    cells beside them (two counted for each border among them) and at most ``many`` of them
    holding the other kind, at most 4 few + many - beside_bound(few) sides face a card of the
    other kind."""
    if few <= 0 or many <= 0:
        return 0
    return 4 * few + many - beside_bound(few)


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def degree_limited_tricks(problem: Problem, members: list[int] | None = None) -> dict[int, int]:
    """For each match group (keyed by its first card), the largest number of matching pairs that
    can border at once when no card borders more than min(4, its partners) cards: a bipartite
    degree-constrained subgraph (a maximum flow, by augmenting paths: at most 4 per card, each
    found by a breadth-first search, so fast even at 100 cards and without a graph library)."""
    chosen = set(range(problem.size) if members is None else members)
    room = {i: min(SIDES, len(problem.partners[i])) for i in chosen}
    # paired[i]: the cards i is linked to in the current subgraph.
    paired: dict[int, set[int]] = {i: set() for i in chosen}
    supporters = sorted(i for i in chosen if not problem.is_event[i] and problem.partners[i])
    for start in supporters:
        while room[start] > 0:
            # Breadth-first search over alternating paths: Supporter -> unpaired Event (an
            # unused link) -> back to a Supporter along a used link.
            came_from: dict[_Node, _Node | None] = {("s", start): None}
            queue = [start]
            end = None
            while queue and end is None:
                following = []
                for s in queue:
                    for e in sorted(problem.partners[s]):
                        if e not in chosen or e in paired[s] or ("e", e) in came_from:
                            continue
                        came_from[("e", e)] = ("s", s)
                        if room[e] > 0:
                            end = e
                            break
                        for t in sorted(paired[e]):
                            if ("s", t) not in came_from:
                                came_from[("s", t)] = ("e", e)
                                following.append(t)
                    if end is not None:
                        break
                queue = following
            if end is None:
                break
            # Flip the links along the path.
            node: _Node | None = ("e", end)
            while node is not None and node[0] == "e":
                previous = came_from[node]
                assert previous is not None
                s, e = previous[1], node[1]
                paired[s].add(e)
                paired[e].add(s)
                before = came_from[previous]
                if before is not None:
                    paired[previous[1]].discard(before[1])
                    paired[before[1]].discard(previous[1])
                node = before
            room[start] -= 1
            room[end] -= 1
    result: dict[int, int] = {}
    for group in match_components(problem):
        if len(group) < 2:
            continue
        result[group[0]] = sum(len(paired[i]) for i in group if i in chosen and not problem.is_event[i])
    return result


def cheap_bounds(problem: Problem) -> list[Bound]:
    """Every simple bound, simplest argument first."""
    pairs = problem.pair_count()
    counted = _plural(pairs, "matching Supporter-Event pair", "matching Supporter-Event pairs")
    bounds = [
        Bound(
            pairs,
            "pairs",
            "the network has no matching Supporter-Event pair" if pairs == 0 else f"the network has only {counted}",
        )
    ]
    if pairs == 0:
        return bounds
    flows = degree_limited_tricks(problem)
    sides = sum(flows.values())
    bounds.append(
        Bound(
            sides,
            "sides",
            "no card takes part in more than 4 Tricks, nor more than the cards it matches: "
            f"at most {sides}",
        )
    )
    groups = [g for g in match_components(problem) if len(g) >= 2]
    borders = [edge_bound(len(g)) for g in groups]
    total = sum(borders)
    if len(groups) == 1 and len(groups[0]) == problem.size:
        words = f"{problem.size} cards have at most {_plural(total, 'border', 'borders')}"
    elif len(groups) == 1:
        k = len(groups[0])
        words = (
            f"only {k} cards match any other card, and {k} cards have at most "
            f"{_plural(total, 'border', 'borders')}"
        )
    else:
        sizes = ", ".join(str(len(g)) for g in groups)
        parts = " + ".join(str(b) for b in borders)
        words = (
            f"Tricks join only cards that match each other; the groups of {sizes} cards that "
            f"match among themselves have at most {parts} = {total} borders"
        )
    bounds.append(Bound(total, "borders", words))
    kinds = [_group_kinds(problem, g) for g in groups]
    bounds.append(Bound(sum(k.value for k in kinds), "kinds", _kinds_words(kinds)))
    if len(groups) > 1:
        mixed = [min(flows[g[0]], b, k.value) for g, b, k in zip(groups, borders, kinds, strict=False)]
        if sum(mixed) < min(sides, total, sum(k.value for k in kinds)):
            parts = " + ".join(str(m) for m in mixed)
            bounds.append(
                Bound(
                    sum(mixed),
                    "groups",
                    "Tricks join only cards that match each other; each group of cards that "
                    "match among themselves is held by its borders, by its cards' four sides "
                    f"and matches, or by how many of each kind it has: at most {parts} = {sum(mixed)}",
                )
            )
    return bounds


@dataclass(frozen=True)
class _Kinds:
    """``kinds_bound`` for one group of cards that match among themselves."""

    #: The bound.
    value: int
    #: The kind the argument counts the sides of ("Supporter" or "Event").
    kind: str
    #: How many cards of that kind, and of the other.
    few: int
    many: int


def _group_kinds(problem: Problem, group: list[int]) -> _Kinds:
    supporters = sum(1 for i in group if not problem.is_event[i])
    events = len(group) - supporters
    by_supporters = _Kinds(kinds_bound(supporters, events), "Supporter", supporters, events)
    by_events = _Kinds(kinds_bound(events, supporters), "Event", events, supporters)
    return by_events if by_events.value < by_supporters.value else by_supporters


def _kinds_words(kinds: list[_Kinds]) -> str:
    def one(k: _Kinds) -> str:
        other = "Event" if k.kind == "Supporter" else "Supporter"
        return (
            f"{_plural(k.few, k.kind, k.kind + 's')} have {4 * k.few} sides; the cells beside them, "
            f"counting two for each border between two of them, number at least "
            f"{k.few} + ceil(2 sqrt {k.few}) + 1 = {beside_bound(k.few)}, and each that holds no "
            f"{other} takes up a side: with {_plural(k.many, other, other + 's')}, at most "
            f"{4 * k.few} + {k.many} - {beside_bound(k.few)} = {k.value}"
        )

    if len(kinds) == 1:
        return one(kinds[0])
    parts = "; ".join(one(k) for k in kinds)
    total = " + ".join(str(k.value) for k in kinds)
    return (
        f"Tricks join only cards that match each other; per group of cards that match among "
        f"themselves: {parts}; in all at most {total} = {sum(k.value for k in kinds)}"
    )


def best_bound(problem: Problem) -> Bound:
    """The smallest simple bound (the simplest argument among equals)."""
    bounds = cheap_bounds(problem)
    return min(bounds, key=lambda b: b.value)


def group_bound(problem: Problem, group: list[int]) -> int:
    """The simple bound for one group of cards linked by matches."""
    if len(group) < 2:
        return 0
    sub = problem.subproblem(group)
    return best_bound(sub).value


def region(cards: int, target: int) -> list[Cell]:
    """The cells a connected arrangement of ``cards`` cards with at least ``target`` Tricks may
    use once moved to touch row 0 and column 0.

    Over R rows and C columns, n cells have at most n - R horizontal and n - C vertical
    neighbours, so Tricks <= 2n - R - C: such an arrangement fits an R x C box with
    R + C <= 2n - target and R * C >= n. Connected, it also has R + C <= n + 1 (the triangle
    r + c <= n - 1). Ordered by row, then column.
    """
    n = cards
    limit = min(2 * n - target, n + 1)
    cells = []
    for r in range(n):
        for c in range(n - r):
            for rows in range(r + 1, limit):
                cols = max(c + 1, -(-n // rows))
                if rows + cols <= limit:
                    cells.append((r, c))
                    break
    return cells
