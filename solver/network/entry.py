"""May a single card enter a Locked Network once the network is rearranged, when the rearranged
network too must keep every card beside a card it matches (rule option ``every_card_matched``)?

Without that option a construction settles the question (``model.whitehouse.tricks.line_entry``).
With it, the question is: is there a legal arrangement of the network with the card in it such
that, without the card, the old cards still form a legal network (in one piece when ``connected``
is on, each card beside a match)? The exact search of ``exact`` enumerates arrangements of
the whole network and stops at the first that passes that test; it is exhaustive, so "no" is a
proof. A count (``matched``) settles most "no" answers first, and the solver's best
arrangement of the enlarged network most "yes" answers. Cards of one class are interchangeable,
so the test looks at every cell holding a card of the entering card's class, and the card is then
put on the cell that worked.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from model.common.status import Status
from model.whitehouse.network.arrangement import (
    Arrangement,
    CardRef,
    Network,
    Placement,
    TricksRules,
    check_arrangement,
)
from solver.network.exact import exact_search
from solver.network.matched import why_never_all_matched
from solver.network.problem import Cell, Problem, around, build_problem, cell_pieces, to_arrangement
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.solve import solve_tricks


@dataclass(frozen=True)
class EntrySearch:
    """What the search established."""

    #: An arrangement of the network with the card entered last, or None.
    arrangement: Arrangement | None
    #: True when the search ran to the end (None above then proves that the card cannot enter).
    complete: bool


def _old_network_legal(problem: Problem, pieces: list[dict[Cell, int]], connected: bool) -> bool:
    """The cells left (by class) form a legal network: each card beside a match, in one piece
    when ``connected``."""
    cells = {cell: k for piece in pieces for cell, k in piece.items()}
    partners = [problem.class_partners(k) for k in range(len(problem.classes))]
    for cell, k in cells.items():
        if not any(cells.get(other) in partners[k] for other in around(cell)):
            return False
    return not connected or len(cell_pieces(cells)) <= 1


def entry_after_rearranging(
    network: Network, card: CardRef, rules: TricksRules, deadline: float, settings: Settings = DEFAULT_SETTINGS
) -> EntrySearch:
    """An arrangement of ``network`` (which holds ``card``) in which the other cards form a legal
    network under ``rules`` and ``card`` borders one of them that it matches (the enlarged
    network's best arrangement first, solved for at most ``best_first_seconds``)."""
    problem = build_problem(network, every_matched=True)
    old = network.without_card(card)
    if why_never_all_matched(problem) is not None:
        return EntrySearch(None, True)
    # Most often the best arrangement of the enlarged network already works.
    seconds = max(0.0, min(settings.best_first_seconds, deadline - time.monotonic()))
    best = solve_tricks(network, rules, time_limit=seconds, settings=settings)
    if best.status == Status.INFEASIBLE:
        return EntrySearch(None, True)
    if best.arrangement is not None:
        rest = Arrangement(tuple(p for p in best.arrangement.placements if p.card != card))
        if check_arrangement(old, rest, rules).legal:
            return EntrySearch(best.arrangement, True)
    index = next(i for i, ref in enumerate(problem.cards) if ref == card)
    card_class = problem.class_of[index]

    def accept(pieces: list[dict[Cell, int]]) -> bool:
        for at, piece in enumerate(pieces):
            for cell, k in piece.items():
                if k != card_class:
                    continue
                rest = [dict(p) for p in pieces]
                del rest[at][cell]
                if _old_network_legal(problem, [p for p in rest if p], rules.connected):
                    return True
        return False

    found = exact_search(problem, -1, 0, deadline, pieces=not rules.connected, accept=accept, settings=settings)
    if found.layout is None:
        return EntrySearch(None, found.complete)
    arrangement = to_arrangement(problem, found.layout)
    twins = [problem.cards[i] for i in problem.classes[card_class]]
    return EntrySearch(_card_on_its_cell(old, arrangement, card, twins, rules), True)


def _card_on_its_cell(
    old: Network, arrangement: Arrangement, card: CardRef, twins: list[CardRef], rules: TricksRules
) -> Arrangement:
    """Swap ``card`` with one of its ``twins`` (the cards interchangeable with it) onto a cell
    whose removal leaves the ``old`` cards legal (the model's checker decides, independently of
    the search)."""
    where = {p.card: (p.row, p.col) for p in arrangement.placements}
    for twin in twins:
        swapped = {**where, twin: where[card], card: where[twin]}
        rest = Arrangement(tuple(Placement(c, *swapped[c]) for c in where if c != card))
        if check_arrangement(old, rest, rules).legal:
            return Arrangement(rest.placements + (Placement(card, *swapped[card]),))
    raise AssertionError("solver bug: the entry search accepted an arrangement the checker refuses")

