"""A good legal arrangement, found fast: greedy growth, then local search.

Greedy growth starts from one card and adds, one at a time, the card and cell that gain the most
Tricks; ties go to the placement that keeps the most future Tricks open (a free cell beside the
new card where one of its unplaced partners could sit next to another of its partners), then to
the most compact cell. Local search (simulated annealing) then moves one card to its best legal
cell elsewhere, or swaps two cards, keeping the network in one piece. Everything is
deterministic: a fixed seed and fixed iteration counts, never the clock.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from collections.abc import Collection
from dataclasses import replace

from solver.network.problem import Cell, Layout, Problem, around, keeps_rules, layout_tricks, line_layout
from solver.network.settings import DEFAULT_SETTINGS, Settings

#: The eight cells around a cell, in order round it (edge neighbours at odd positions).
_RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))

_EIGHT = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _legal_at(problem: Problem, layout: Layout, card: int, cell: Cell, skip: Cell | None = None) -> int:
    """-1 when ``card`` may not sit on ``cell`` (an incompatible neighbour), else its Tricks there."""
    row, col = cell
    partners = problem.partners[card]
    kinds = problem.is_event
    kind = kinds[card]
    gain = 0
    for other_cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        other = layout.get(other_cell)
        if other is None or other_cell == skip:
            continue
        if other in partners:
            gain += 1
        elif kinds[other] != kind:
            return -1
    return gain


def _compactness(layout: Layout, cell: Cell) -> int:
    row, col = cell
    return sum(1 for dr, dc in _EIGHT if (row + dr, col + dc) in layout)


def _lookahead(problem: Problem, layout: Layout, placed: set[int], card: int, cell: Cell) -> int:
    """How well ``card`` on ``cell`` leaves room for its unplaced partners: for each, the best free
    cell beside ``cell`` where it is legal, scored 1 + its other placed partners around it."""
    layout[cell] = card
    score = 0
    for partner in problem.partners[card]:
        if partner in placed:
            continue
        best = 0
        for spot in around(cell):
            if spot in layout:
                continue
            gain = _legal_at(problem, layout, partner, spot)
            if gain > best:
                best = gain
        score += best
    del layout[cell]
    return score


def greedy(
    problem: Problem, start: int, rng: random.Random | None, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """Grow a connected legal layout from ``start``; None when some card finds no legal cell."""
    layout: Layout = {}
    placed: set[int] = set()
    unplaced = set(range(problem.size))
    # For each free cell beside the layout: the unplaced cards that would gain Tricks there.
    gains: dict[Cell, dict[int, int]] = {}

    def put(card: int, spot: Cell) -> None:
        layout[spot] = card
        placed.add(card)
        unplaced.discard(card)
        gains.pop(spot, None)
        for options in gains.values():
            options.pop(card, None)
        for free in around(spot):
            if free in layout:
                continue
            hungry = {x for c in around(free) if c in layout for x in problem.partners[layout[c]]}
            found = {}
            for x in hungry & unplaced:
                gain = _legal_at(problem, layout, x, free)
                if gain > 0:
                    found[x] = gain
            gains[free] = found

    put(start, (0, 0))
    while unplaced:
        top = max((g for options in gains.values() for g in options.values()), default=0)
        options = [(x, spot) for spot, found in gains.items() for x, g in found.items() if g == top]
        if not options and problem.every_matched:
            # Every card must border a card it matches: placing only cards that gain keeps
            # each new card, and the start card with the first one, beside a match.
            return None
        if not options:
            # Nothing gains now: place a card that has partners (they may follow), else any card.
            waiting = sorted(unplaced, key=lambda x: (not problem.partners[x], x))
            frontier = sorted({s for c in layout for s in around(c) if s not in layout})
            for x in waiting:
                legal = [spot for spot in frontier if _legal_at(problem, layout, x, spot) == 0]
                if legal:
                    options = [(x, spot) for spot in legal]
                    break
            if not options:
                return None
        # The most compact placements first; among those, keep the most future Tricks open.
        options.sort(key=lambda o: (-_compactness(layout, o[1]), o[0], o[1]))
        width = settings.lookahead_width
        if len(options) > width:
            cut = _compactness(layout, options[width - 1][1])
            options = [o for o in options if _compactness(layout, o[1]) >= cut][: 2 * width]
        best_key = None
        choice = options[0]
        for x, spot in options:
            key = (
                _lookahead(problem, layout, placed, x, spot),
                _compactness(layout, spot),
                rng.random() if rng else 0.0,
            )
            if best_key is None or key > best_key:
                best_key, choice = key, (x, spot)
        put(*choice)
    return layout


def _connected_without(layout: Layout, cell: Cell) -> bool:
    """True when the layout stays in one piece without ``cell``."""
    occupied_around = [c for c in around(cell) if c in layout]
    if len(occupied_around) <= 1:
        return True
    # Quick test: the occupied edge neighbours lie on one run of occupied cells around ``cell``.
    row, col = cell
    ring = [(row + dr, col + dc) in layout for dr, dc in _RING]
    if not all(ring):
        first_gap = ring.index(False)
        runs_with_neighbour = 0
        inside = False
        has_neighbour = False
        for step in range(1, len(_RING) + 1):
            index = (first_gap + step) % len(_RING)
            if ring[index]:
                inside = True
                has_neighbour = has_neighbour or index % 2 == 1
            elif inside:
                runs_with_neighbour += has_neighbour
                inside = has_neighbour = False
        if runs_with_neighbour <= 1:
            return True
    else:
        return True
    start = occupied_around[0]
    seen = {start, cell}
    queue = deque([start])
    while queue:
        for other in around(queue.popleft()):
            if other in layout and other not in seen:
                seen.add(other)
                queue.append(other)
    return len(seen) == len(layout)


def anneal(
    problem: Problem,
    layout: Layout,
    iterations: int,
    rng: random.Random,
    upper: int,
    deadline: float | None = None,
    connected: bool = True,
    settings: Settings = DEFAULT_SETTINGS,
) -> Layout:
    """Simulated annealing over connected legal layouts (legal layouts in any number of pieces
    when not ``connected``); returns the best seen (stopping early at ``deadline`` when given:
    the rest-of-the-time phase runs it against the clock).

    With ``every_card_matched`` only layouts keeping every card matched count as seen: a start
    that breaks the rule (the best layout without it, say) is where the walk begins, not a
    result, and comes back only when the walk sees nothing keeping the rule (``keeps_rules``
    tells)."""
    layout = dict(layout)
    where = {card: cell for cell, card in layout.items()}
    current = layout_tricks(problem, layout)
    best, best_layout = current, dict(layout)
    if not keeps_rules(problem, layout):
        best = -1  # nothing keeping the rule seen yet
    cards = list(range(problem.size))
    if problem.size < 2 or current >= upper and best >= 0:
        return best_layout
    hot, cold, move_share = settings.anneal_hot, settings.anneal_cold, settings.anneal_move_share
    for step in range(iterations):
        if deadline is not None and step % settings.anneal_clock_every == 0 and time.monotonic() > deadline:
            break
        heat = hot * (cold / hot) ** (step / max(1, iterations - 1))
        if rng.random() < move_share:
            # Move one card to its best legal cell elsewhere on the border of the rest.
            x = rng.choice(cards)
            here = where[x]
            if connected and not _connected_without(layout, here):
                continue
            before = _legal_at(problem, layout, x, here)
            del layout[here]
            spots = []
            top = -1
            partners: Collection[int] = problem.partners[x]
            if len(partners) > settings.relocate_width:
                partners = rng.sample(sorted(partners), settings.relocate_width)
            for partner in partners:
                for spot in around(where[partner]):
                    if spot == here or spot in layout:
                        continue
                    gain = _legal_at(problem, layout, x, spot)
                    if gain > top:
                        top, spots = gain, [spot]
                    elif gain == top and gain >= 0 and spot not in spots:
                        spots.append(spot)
            delta = top - before
            if top < 0 or not (delta >= 0 or rng.random() < math.exp(delta / heat)):
                layout[here] = x
                continue
            spot = sorted(spots)[rng.randrange(len(spots))]
            layout[spot] = x
            where[x] = spot
            current += delta
        else:
            # Swap two cards of different classes.
            x, y = rng.choice(cards), rng.choice(cards)
            if problem.class_of[x] == problem.class_of[y]:
                continue
            cx, cy = where[x], where[y]
            before = _legal_at(problem, layout, x, cx, skip=cy) + _legal_at(problem, layout, y, cy, skip=cx)
            layout[cx], layout[cy] = y, x
            gx = _legal_at(problem, layout, x, cy, skip=cx)
            gy = _legal_at(problem, layout, y, cx, skip=cy)
            if gx < 0 or gy < 0:
                layout[cx], layout[cy] = x, y
                continue
            delta = gx + gy - before
            if not (delta >= 0 or rng.random() < math.exp(delta / heat)):
                layout[cx], layout[cy] = x, y
                continue
            where[x], where[y] = cy, cx
            current += delta
        if current > best and keeps_rules(problem, layout):
            best, best_layout = current, dict(layout)
            if best >= upper:
                break
    return best_layout


def _unmatched(problem: Problem, layout: Layout) -> list[int]:
    """The cards of the layout that border no card they match, in index order."""
    return sorted(
        card
        for cell, card in layout.items()
        if not any(layout.get(other) in problem.partners[card] for other in around(cell))
    )


def repair_matched(problem: Problem, layout: Layout, rng: random.Random, steps: int) -> Layout | None:
    """For ``every_card_matched``: move cards that border no match, one at a time, to a legal
    cell beside one of their partners (keeping the network in one piece), until every card is
    matched; None when ``steps`` moves did not get there."""
    layout = dict(layout)
    where = {card: cell for cell, card in layout.items()}

    def matched(card: int) -> bool:
        return any(layout.get(other) in problem.partners[card] for other in around(where[card]))

    lonely = set(_unmatched(problem, layout))
    for _ in range(steps):
        if not lonely:
            return layout
        x = sorted(lonely)[rng.randrange(len(lonely))]
        here = where[x]
        if not _connected_without(layout, here):
            continue  # it holds the network together: another card, another time
        del layout[here]
        top, spots = 0, []
        for partner in sorted(problem.partners[x]):
            for spot in around(where[partner]):
                if spot in layout or spot == here:
                    continue
                gain = _legal_at(problem, layout, x, spot)
                if gain > top:
                    top, spots = gain, [spot]
                elif gain == top and gain > 0 and spot not in spots:
                    spots.append(spot)
        if not spots:
            layout[here] = x
            continue
        spot = sorted(spots)[rng.randrange(len(spots))]
        layout[spot] = x
        where[x] = spot
        lonely.discard(x)
        for cell in list(around(here)) + list(around(spot)):
            card = layout.get(cell)
            if card is not None:
                if matched(card):
                    lonely.discard(card)
                else:
                    lonely.add(card)
    return layout if not lonely else None


def grown_then_repaired(
    problem: Problem,
    free: Problem,
    start: int,
    grow_rng: random.Random | None,
    rng: random.Random,
    settings: Settings = DEFAULT_SETTINGS,
) -> Layout | None:
    """For ``every_card_matched``: a layout grown without the rule (``free`` is the problem
    without it), then repaired card by card (``repair_matched``); None when that fails."""
    grown = greedy(free, start, grow_rng, settings)
    return repair_matched(problem, grown, rng, settings.repair_steps * problem.size) if grown is not None else None


def _starts(problem: Problem, count: int) -> list[int]:
    """Start cards: the most connected first, then the least, alternating; one per class."""
    reps = [members[0] for members in problem.classes]
    by_degree = sorted(reps, key=lambda i: (-len(problem.partners[i]), i))
    order: list[int] = []
    low, high = len(by_degree) - 1, 0
    while len(order) < min(count, len(by_degree)):
        order.append(by_degree[high])
        high += 1
        if len(order) < count and low >= high:
            order.append(by_degree[low])
            low -= 1
    return list(dict.fromkeys(order))[:count]


def connected_heuristic(
    problem: Problem, upper: int, effort: float = 1.0, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """The best connected legal layout found (stopping at ``upper``), or None when none exists
    (with ``every_matched``: when none was found). ``effort`` (0..1) scales the number of
    greedy starts and local-search steps."""
    best, rng = greedy_phase(problem, upper, effort, settings)
    return improve(problem, best, upper, effort, rng, settings) if best is not None else None


def greedy_phase(
    problem: Problem, upper: int, effort: float = 1.0, settings: Settings = DEFAULT_SETTINGS
) -> tuple[Layout | None, random.Random]:
    """The first half of ``connected_heuristic``: the best greedy layout, and the random source
    that ``improve`` should go on with (so that splitting the two changes no result)."""
    rng = random.Random(settings.heuristic_seed)
    n = problem.size
    if n == 0:
        return {}, rng
    fallback = line_layout(problem)
    if fallback is None:
        return None, rng
    best: Layout | None = fallback if keeps_rules(problem, fallback) else None
    best_value = layout_tricks(problem, fallback) if best is not None else -1
    least, most, cards = settings.greedy_least_starts, settings.greedy_most_starts, settings.greedy_start_cards
    starts = max(1, round(effort * max(least, min(most, cards // max(1, n)))))
    if problem.every_matched:
        # Matched layouts come from greedy growth alone: try every class as a start.
        starts = max(starts, len(problem.classes))
    free = replace(problem, every_matched=False) if problem.every_matched else problem
    for round_index, start in enumerate(_starts(problem, starts)):
        if best_value >= upper:
            break
        layout = greedy(problem, start, rng if round_index % 2 else None, settings)
        if layout is None and problem.every_matched:
            # (A random source of its own: the main one goes on as without the repair.)
            own = random.Random(settings.heuristic_seed + 1 + start)
            layout = grown_then_repaired(problem, free, start, own if round_index % 2 else None, own, settings)
        if layout is None or not keeps_rules(problem, layout):
            continue
        value = layout_tricks(problem, layout)
        if value > best_value:
            best, best_value = layout, value
    return best, rng


def improve(
    problem: Problem,
    layout: Layout,
    upper: int,
    effort: float = 1.0,
    rng: random.Random | None = None,
    settings: Settings = DEFAULT_SETTINGS,
) -> Layout:
    """Local search from ``layout`` (stopping at ``upper``); the better of the two."""
    value = layout_tricks(problem, layout)
    if value >= upper or problem.size < 3:
        return layout
    iterations = round(effort * min(settings.improve_most_steps, settings.improve_steps_per_card * problem.size))
    rng = rng or random.Random(settings.heuristic_seed)
    improved = anneal(problem, layout, iterations, rng, upper, settings=settings)
    return improved if layout_tricks(problem, improved) > value else layout


def leave_one_out(
    problem: Problem,
    value: int,
    upper: int,
    effort: float,
    connected: bool = True,
    settings: Settings = DEFAULT_SETTINGS,
) -> Layout | None:
    """A layout better than ``value`` found by leaving one card out: the rest arranged by
    ``connected_heuristic``, the card then put back on the free cell beside them where it makes
    the most Tricks (legally), or, without ``connected``, set apart. Only cards with few partners
    (a lone match is often better given up than built around); None when nothing better was
    found. Only the ``leave_out_cards`` cards of fewest partners, each with at most
    ``leave_out_partners``: giving up a card with many matches rarely pays."""
    n = problem.size
    if n < 3:
        return None
    few = [i for i in range(n) if len(problem.partners[i]) <= settings.leave_out_partners]
    order = sorted(few, key=lambda i: (len(problem.partners[i]), i))[: settings.leave_out_cards]
    best: Layout | None = None
    for card in order:
        if value >= upper:
            break
        others = [i for i in range(n) if i != card]
        sub = problem.subproblem(others)
        sub_upper = min(upper, _sides(sub))
        arranged = connected_heuristic(sub, sub_upper, effort, settings)
        if arranged is None:
            continue
        layout = {cell: others[i] for cell, i in arranged.items()}
        if connected:
            spots = sorted({s for c in layout for s in around(c) if s not in layout})
            scored = [(_legal_at(problem, layout, card, spot), spot) for spot in spots]
            scored = [(gain, spot) for gain, spot in scored if gain >= 0]
            if not scored:
                continue
            gain, spot = max(scored, key=lambda item: (item[0], (-item[1][0], -item[1][1])))
            layout[spot] = card
        else:
            left = max(c for _, c in layout) + 2
            layout[(min(r for r, _ in layout), left)] = card
        if not keeps_rules(problem, layout):
            continue
        found = layout_tricks(problem, layout)
        if found > value:
            value, best = found, layout
    return best


def _sides(problem: Problem) -> int:
    """A quick upper bound for a heuristic's stopping point: the Supporters' four sides."""
    return sum(min(4, len(problem.partners[i])) for i in range(problem.size) if not problem.is_event[i])
