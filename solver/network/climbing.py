"""The embedding searches asked "one Trick more?" and "how few?": the embedding bound, the
build in one piece, the climbs (connected, and in pieces) and the question the box descent asks
where it stalls (``one_more``)."""

from __future__ import annotations

from dataclasses import dataclass

from solver.network.bounds import Bound
from solver.network.embed import one_piece, pieces_layout, pieces_reach
from solver.network.few_kind import few_kind_fits, few_kind_reach
from solver.network.glue import glue
from solver.network.problem import (
    Layout,
    Problem,
    is_connected,
    layout_is_legal,
    layout_tricks,
)
from solver.network.run import Clock, joined_proof
from solver.network.settings import DEFAULT_SETTINGS, Settings


def deeper_nodes(first: int, deeper: int, settings: Settings = DEFAULT_SETTINGS) -> int:
    """The search in pieces' budget when "one Trick more?" is asked ``deeper`` times again for
    the same total: ``deeper_growth`` times the ask before, from ``first``."""
    return int(first * settings.deeper_growth**deeper)  # (int ** int is typed Any: a negative power)


def few_apart(problem: Problem, target: int, settings: Settings) -> bool:
    """True when ``target`` Tricks leave at most ``embed_apart`` matching pairs apart: where the
    embedding search is small enough to ask."""
    return problem.pair_count() - target <= settings.embed_apart


def built_in_one_piece(problem: Problem, clock: Clock, upper: int) -> Layout | None:
    """A connected arrangement meeting ``upper`` (a proven bound), built by the embedding search
    kept to one piece, where few pairs may lie apart (a node budget: repeatable); else None. The
    local search climbs towards the bound from one arrangement; this lays every card knowing
    how many pairs it may leave apart."""
    if not few_apart(problem, upper, clock.settings) or clock.left() <= 0:
        return None
    built = one_piece(problem, upper, clock.deadline, clock.settings.one_piece_nodes, clock.settings)
    if built is not None:
        clock.report(upper, upper)
    return built


def refutation(problem: Problem, value: int, clock: Clock, connected: bool = False) -> str | None:
    """A proof (in words, or "" when it has none) that no arrangement, even in pieces (with
    ``connected``: no connected one), makes more than ``value`` Tricks, from our embedding
    search; None when it finds none (a node limit, not the clock, decides when it gives up)."""
    if not few_apart(problem, value + 1, clock.settings):
        return None
    found = pieces_reach(problem, value + 1, clock.deadline, clock.settings.embed_nodes, settings=clock.settings)
    if found is False:
        return ""
    if not connected or not found:
        return None
    if pieces_reach(problem, value + 1, clock.deadline, clock.settings.joined_nodes, True, clock.settings) is False:
        return joined_proof(problem, value + 1)
    return None


def embedding_upper(problem: Problem, value: int, bound: int, clock: Clock, connected: bool) -> tuple[int, str | None]:
    """An upper bound at most ``bound`` from the embedding search: first "nothing beats
    ``value``" (often a few hundred nodes; connected, near the kinds bound, then the search from
    the few kind too), then down from ``bound`` while each target is refuted
    (high targets leave few pairs apart, so they are the cheap ones). A node limit per target,
    not the clock, decides when it gives up, so the answer is repeatable. With ``connected``, a
    target the search in pieces leaves open goes to its connected variant as well; the argument
    in words comes with the bound when that variant gave it (else None)."""
    joined: set[int] = set()

    def reach(target: int, nodes: int = clock.settings.embed_nodes) -> bool | None:
        if not few_apart(problem, target, clock.settings):
            return True  # not tried: as good as reachable
        found = pieces_reach(problem, target, clock.deadline, nodes, settings=clock.settings)
        if found is not True or not connected:
            return found  # (a search in pieces that ran out of nodes leaves its variant no hope)
        if pieces_reach(problem, target, clock.deadline, clock.settings.joined_nodes, True, clock.settings) is False:
            joined.add(target)
            return False
        return found

    def answer(upper: int) -> tuple[int, str | None]:
        return upper, joined_proof(problem, upper + 1) if upper + 1 in joined else None

    probe = reach(value + 1, clock.settings.embed_probe_nodes)
    if probe is False:
        return answer(value)
    if probe is None and connected and few_kind_fits(problem, value + 1, clock.settings):
        # Near the kinds bound the search from the few kind refutes in milliseconds what the
        # embedding search takes a second over. (In pieces the climb has asked it already.)
        nodes = clock.settings.few_kind_upper_nodes
        if few_kind_reach(problem, value + 1, clock.deadline, nodes, clock.settings)[0] is False:
            return answer(value)
    # Up to ``box_descent_limit`` cards the box descent settles what is hard here faster: only the
    # easy steps down then (and one larger probe where the descent stalls: ``cpsat_connected``).
    settings = clock.settings
    nodes = settings.embed_step_nodes if problem.size <= settings.box_descent_limit else settings.embed_nodes
    upper = bound
    while upper > value + 1 and reach(upper, nodes) is False:
        upper -= 1
    if upper == value + 1 and probe is None and nodes > clock.settings.embed_probe_nodes and reach(value + 1) is False:
        return answer(value)  # the probe's budget was too small for what the full one settles
    return answer(upper)


@dataclass(frozen=True)
class Settled:
    """What the embedding searches made of "one Trick more than the best known?" (``one_more``)."""

    #: True when they prove that no arrangement beats it.
    proven: bool = False
    #: An arrangement beating it, when they built one.
    better: Layout | None = None


def one_more(problem: Problem, clock: Clock, value: int, deeper: int = 0) -> Settled:
    """"One Trick more than ``value``?" to the embedding searches, connected (for the box
    descent up to ``box_descent_limit`` cards, and climbing above it: ``climb_connected``): built in
    one piece on a small budget; else, on a larger one, refuted in pieces, or reached in pieces
    that are then joined without losing a Trick (``glue``), or refuted by the connected variant.
    Asked ``deeper`` (1, 2, ...) for the same ``value`` again, the search in pieces gets
    clock.settings.deeper_growth times the budget of the ask before (the build in one piece, already asked, is
    left out). Node budgets: repeatable."""
    if not few_apart(problem, value + 1, clock.settings) or clock.left() <= 0:
        return Settled()
    if not deeper:
        built = one_piece(problem, value + 1, clock.deadline, clock.settings.climb_nodes, clock.settings)
        if built is not None or clock.left() <= 0:
            return Settled(better=built)
    nodes = deeper_nodes(clock.settings.small_probe_nodes, deeper, clock.settings)
    reached, in_pieces = ask_in_pieces(problem, value + 1, clock, nodes, not deeper)
    if reached is False:
        return Settled(proven=True)
    joined = glue(problem, in_pieces) if in_pieces is not None else None
    if (joined is not None and is_connected(joined) and layout_is_legal(problem, joined)
            and layout_tricks(problem, joined) > value):
        return Settled(better=joined)
    joined_nodes = clock.settings.joined_nodes
    if reached and pieces_reach(problem, value + 1, clock.deadline, joined_nodes, True, clock.settings) is False:
        return Settled(proven=True)
    return Settled()


def climb_connected(
    problem: Problem, clock: Clock, value: int, layout: Layout, upper: int
) -> tuple[int, Layout, bool]:
    """``one_more`` asked again from each better arrangement it builds (and, where it settles
    nothing, asked deeper, up to ``climb_deeper`` times): the best total and arrangement reached,
    and whether nothing beats it (proven). Node budgets: repeatable."""
    deeper = 0
    while clock.left() > 0:
        answer = one_more(problem, clock, value, deeper)
        if answer.proven:
            return value, layout, True
        if answer.better is None:
            if deeper == clock.settings.climb_deeper:
                break
            deeper += 1
            continue
        better = layout_tricks(problem, answer.better)
        if better <= value:
            break
        layout, value, deeper = answer.better, better, 0
        clock.report(value, upper)
    return value, layout, False


def climb_in_pieces(
    problem: Problem, clock: Clock, value: int, layout: Layout | None, bound: Bound
) -> tuple[int, Layout | None, bool]:
    """"One Trick more?" to the embedding search in pieces, asked again from each layout it
    reaches (in pieces, what it reaches is an answer); True last when it answers no. Where it
    gives up, it is asked again on ``deeper_growth`` times the budget, up to ``pieces_deeper`` times
    (node budgets per question, so repeatable)."""
    deeper = 0
    while value < bound.value and few_apart(problem, value + 1, clock.settings) and clock.left() > 0:
        nodes = deeper_nodes(clock.settings.embed_nodes, deeper, clock.settings)
        reached, found = ask_in_pieces(problem, value + 1, clock, nodes, not deeper)
        if reached is False:
            return value, layout, True
        if reached is None and deeper < clock.settings.pieces_deeper:
            deeper += 1
            continue
        if found is None:
            break
        value, layout, deeper = layout_tricks(problem, found), found, 0
        clock.report(value, bound.value)
    return value, layout, False


def ask_in_pieces(
    problem: Problem, target: int, clock: Clock, nodes: int, first: bool
) -> tuple[bool | None, Layout | None]:
    """"``target`` Tricks in pieces?" with a layout reaching it, from the embedding search on
    ``nodes``. Asked the ``first`` time where the search from the few kind fits, the embedding
    search first gets a probe of ``few_kind_probe`` nodes and then, where that settles nothing, the
    search from the few kind ``few_kind_nodes``: each settles in milliseconds much of what the other
    takes seconds over."""
    if first and few_kind_fits(problem, target, clock.settings):
        reached, found = pieces_layout(problem, target, clock.deadline, clock.settings.few_kind_probe, clock.settings)
        if reached is not None:
            return reached, found
        reached, found = few_kind_reach(problem, target, clock.deadline, clock.settings.few_kind_nodes, clock.settings)
        if reached is not None:
            return reached, found
    return pieces_layout(problem, target, clock.deadline, nodes, clock.settings)
