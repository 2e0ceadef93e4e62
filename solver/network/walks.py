"""With ``every_card_matched``: walks of the local search from the best arrangement without the
rule towards one that keeps every card matched (fixed seeds and step counts: repeatable)."""

from __future__ import annotations

import random
import time

from solver.network.heuristic import (
    anneal,
    repair_matched,
)
from solver.network.problem import (
    Layout,
    Problem,
    keeps_rules,
    layout_tricks,
)
from solver.network.run import Clock
from solver.network.settings import DEFAULT_SETTINGS, Settings


def kept_to_the_rule(
    problem: Problem, layout: Layout, value: int, connected: bool = True, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """The best arrangement keeping every card matched found from ``layout`` (the best found
    without the rule, making ``value``): itself when it keeps the rule; else its lone cards
    moved beside a partner (``repair_matched``), and walks of the local search from it (fixed
    seeds and step counts: repeatable); None when none keeps it."""
    if keeps_rules(problem, layout):
        return layout
    best = repair_matched(problem, layout, random.Random(settings.heuristic_seed), settings.repair_steps * problem.size)
    made = layout_tricks(problem, best) if best is not None else -1
    for walk in range(settings.matched_walks):
        if made >= value:
            break
        walked_made, walked = one_walk(problem, layout, walk, value, settings, connected)
        if walked_made > made:
            best, made = walked, walked_made
    return best


def one_walk(
    problem: Problem,
    start: Layout,
    walk: int,
    upper: int,
    settings: Settings,
    connected: bool = True,
    deadline: float | None = None,
) -> tuple[int, Layout]:
    """Walk ``walk`` of the local search from ``start`` (seed ``heuristic_seed`` + ``walk``,
    ``matched_steps`` steps per card): the Tricks of the arrangement it ends with where that
    keeps the rule, else -1, and the arrangement."""
    steps = settings.matched_steps * problem.size
    rng = random.Random(settings.heuristic_seed + walk)
    walked = anneal(problem, start, steps, rng, upper, deadline, connected, settings)
    return (layout_tricks(problem, walked) if keeps_rules(problem, walked) else -1), walked


def walks_to_the_rule(problem: Problem, clock: Clock, best: int, upper: int, start: Layout) -> Layout | None:
    """With ``every_card_matched``, above ``box_descent_limit`` cards: the walks (``one_walk``) from
    ``start`` (the best arrangement without the rule) after those ``kept_to_the_rule`` took, for
    the time ``clock`` gives (the loop hands the phase ``walks_share`` of the time left): the best
    arrangement keeping every card matched above ``best`` that they reach, or None. Repeatable
    unless the clock stops them."""
    deadline = clock.deadline
    found: Layout | None = None
    walk = clock.settings.matched_walks
    while best < upper and time.monotonic() < deadline:
        made, walked = one_walk(problem, start, walk, upper, clock.settings, deadline=deadline)
        walk += 1
        if made > best:
            found, best = walked, made
    return found
