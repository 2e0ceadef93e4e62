"""The proven maximum Trick total of a Locked Network (public entry point).

The pipeline, cheapest argument first:
1. structure: the empty network and a single card make 0 Tricks; a connected network holding
   Supporters and Events but no matching pair has no legal arrangement (some Supporter-Event
   border is unavoidable); otherwise a legal one always exists;
2. simple bounds (``tricks_bounds``) and a heuristic arrangement (``tricks_heuristic``): when
   they meet, the bound's argument is the proof; below the bound, when the bound is the most
   borders the cards can have, a search that fills the shapes with that many borders card by
   card (``tiling``, a node budget that grows with the time limit) looks for an arrangement
   meeting it, and where that search runs out of nodes, a CP-SAT model of the same question
   (``fill_model``: one card per cell of such a shape, every border a matching pair);
3. the embedding search of our own (``tricks_embed``): no arrangement, even in pieces, lays more
   than so many matching pairs edge to edge; it settles most optima below the simple bounds
   and lowers the bound the later phases must reach; its connected variant adds that the groups
   of cards joined by Tricks must be able to border each other (only cards of one kind border
   without a Trick), which refutes targets only arrangements in pieces reach; kept to one
   piece, the same search builds an arrangement meeting the bound where few pairs may lie apart
   (it only builds: finding none proves nothing); without ``connected``, what it reaches in
   pieces is an answer, so it is asked "one Trick more?" again from each layout it reaches,
   and where it gives up, again on four and sixteen times the budget; there and in "one Trick
   more?" below, the first time it is asked near the kinds bound where one kind has at most 8
   cards, a small probe of it goes first and then the search from that kind (``few_kind``): it
   places only those cards, in shapes whose cells beside them leave room for the target
   (``shapes``), and matches the other kind's cards to those cells, following a placement only
   while the best matching to the cells still open can reach the target; connected, that
   search is also asked first where a small probe of the embedding search leaves one Trick more
   open;
4. small networks: the exact search of our own (``tricks_exact``);
5. up to 16 cards, span by span (``tricks_boxes``): each exact span of the arrangement first
   goes to our own span search (``tricks_span``), which settles most of them, and only the
   spans it leaves open to a small CP-SAT model (``tricks_cpsat``); after a little work (about
   a quarter of a second) the plain model (``plain``, hinted and bounded) takes turns with it
   (``portfolio``), in doubling slices of deterministic work, for networks the descent stalls on;
   where the descent's first share settles nothing (and again whenever a turn raises the best
   found), the embedding searches are asked for one Trick more: built in one piece, else
   refuted in pieces on a larger budget, or reached in pieces that are then joined
   (``tricks_glue``), or refuted by the connected variant; the turns start after a unit of the
   descent's work, each with that search in pieces asked again on four times the last budget;
6. above 16 cards, the same "one Trick more?" climbs from each arrangement it builds until it
   refutes one more or builds none (asked twice more, on four and sixteen times the budget in
   pieces, where it settles nothing); then CP-SAT: first a relaxation without connectivity in
   the perimeter region, whose pieces are then joined (``tricks_glue``), the connected model
   when joining fails.
7. whatever time the phases leave unused goes to ``rest``: CP-SAT models with the best
   arrangement as hint and the proven bound as a constraint (the class model, the full one when
   it fits, else a box around the best arrangement; and, taking turns with it up to 27 cards,
   the plain model of ``plain``), in slices of growing deterministic work, with local-search
   restarts between them; ``stopped_by`` is "search_exhausted" only when none of that can go on.
   Without ``connected``, groups of 17-27 cards get the plain model first, and a group the
   plain model holds goes to ``rest`` (the plain model first there) without a class-model share.
Up to 16 cards, leaving out one card with at most two partners (the rest arranged by the
heuristic, the card put back where it makes most, or set apart when pieces are allowed) often
beats the heuristic. Without ``connected`` a connected arrangement is a legal start, and the
embedding search's bound holds.
An optimum that rests on CP-SAT and lies below the simple bounds is confirmed by the exact
search when the network is small; with several CP-SAT workers (``cpsat.WORKERS``, 1 as shipped)
every OPTIMAL or INFEASIBLE is re-checked by one worker first.
With rule option ``every_card_matched`` a count first shows when some cards cannot all border a
match (``tricks_matched``); then the same network without the rule gets three quarters of the
time: its optimum bounds this one (an arrangement keeping the rule is legal without it), and its
best arrangement, where it keeps every card matched or moving its lone cards or a local search
from it makes it so, is often the answer; connected above 16 cards, more walks of that local
search come before CP-SAT's region model. After that, the heuristic keeps only arrangements
meeting the rule, the exact, span and embedding searches and the CP-SAT models require it, and
the bounds stay valid upper bounds.
Every phase stops at the time limit, model building included.
Every arrangement returned is checked by ``model.whitehouse.network.arrangement.check_arrangement`` first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from model.common.status import Status
from model.whitehouse.network.answer import Progress, StoppedBy, TricksSolution
from model.whitehouse.network.arrangement import MAX_CARDS, Network, TricksRules, check_arrangement
from solver.network.pipeline import Outcome, solve_problem
from solver.network.problem import build_problem, canonical_within_classes, to_arrangement
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.trace import Trace

Method = Literal["auto", "cpsat", "exact"]
#: The rulebook's reading of every Locked Network option.
DEFAULT_RULES = TricksRules()


def solve_tricks(
    network: Network,
    rules: TricksRules = DEFAULT_RULES,
    time_limit: float = 60.0,
    progress: Callable[[Progress], None] | None = None,
    method: Method = "auto",
    settings: Settings = DEFAULT_SETTINGS,
) -> TricksSolution:
    """The maximum Trick total over all legal arrangements of ``network`` under ``rules``.

    ``method="cpsat"`` forces the CP-SAT path (no small-network shortcut), ``"exact"`` the exact
    search of our own; ``"auto"`` picks. ``settings``: the tuning knobs (the defaults ship). The
    solution's ``phases`` is the trace of the phases that ran. Raises ValueError for a network
    over MAX_CARDS cards.
    """
    started = time.monotonic()
    if network.size > MAX_CARDS:
        raise ValueError(
            f"the network has {network.size} cards, more than the {MAX_CARDS} a table can hold"
        )
    if method not in ("auto", "cpsat", "exact"):
        raise ValueError(f"unknown method {method!r}: use auto, cpsat or exact")
    problem = build_problem(network, every_matched=rules.every_card_matched)
    trace = Trace()
    outcome: Outcome = solve_problem(problem, rules, started, time_limit, progress, method, settings, trace)
    arrangement = None
    if outcome.layout is not None:
        arrangement = to_arrangement(problem, canonical_within_classes(problem, outcome.layout))
        report = check_arrangement(network, arrangement, rules)
        if not report.legal or report.tricks != outcome.value:
            raise AssertionError(
                f"solver bug: its arrangement with {outcome.value} Tricks fails the checker "
                f"({report.tricks} Tricks; {'; '.join(report.violations) or 'legal'})"
            )
    return TricksSolution(
        status=outcome.status,
        tricks=outcome.value,
        bound=outcome.bound,
        arrangement=arrangement,
        proof=outcome.proof,
        proven_by=outcome.proven_by,
        seconds=time.monotonic() - started,
        stopped_by=_stopped_by(outcome.status, started, time_limit, settings.clock_slack),
        phases=tuple(trace.runs),
    )


def _stopped_by(status: Status, started: float, time_limit: float, slack: float) -> StoppedBy | None:
    """An unproven solve that ends within ``slack`` of its limit (seconds, or that share of the
    limit) was stopped by the clock: the phases check it between steps, not continuously."""
    if status is not Status.UNPROVEN:
        return None
    left = started + time_limit - time.monotonic()
    return "time_limit" if left <= max(slack, slack * time_limit) else "search_exhausted"
