"""The proven maximum Trick total of a Locked Network (public entry point).

The solver runs phases, cheapest argument first, each case its own list of them
(``phases.CASES``, ``phases.PHASES``; ``tests/solver/network/test_phases.py`` holds that
list and this text together). A phase runs when its condition holds and no phase before it has
settled the answer; each records what it established in the solution's trace (``phases``).
Every budget is a field of ``settings.Settings``; each phase declares the fields it draws on, and
the one loop that runs the phases (``loop.run_phases``) hands each its share of the time.

Phases per case, in order:

connected, up to 16 cards:
    structure, heuristic, tiling, span reach, embedding bound, local search, one piece,
    leave one out, exact, quick exact, descent, rest
connected, above 16 cards:
    structure, heuristic, tiling, embedding bound, local search, one piece, climb, walks,
    region model, rest
in pieces:
    structure, heuristic, tiling, span reach, leave one out, climb in pieces, embedding bound,
    span reach, plain model, connected share, exact, box model, rest
every card matched:
    structure, without the rule, then the phases of the network's case, rest

The phases (name: when it runs -> what it can give):

    structure: always -> answer
    without the rule: every_card_matched, method auto -> arrangement, upper bound, answer
    heuristic: always (method cpsat: a hint only) -> arrangement, answer
    tiling: method auto, below the polyomino bound -> answer
    span reach: method auto, up to box_descent_limit cards -> arrangement, answer
    leave one out: method auto, up to box_descent_limit cards -> arrangement, answer
    climb in pieces: method auto -> arrangement, answer
    embedding bound: method auto -> upper bound, answer
    local search: method auto -> arrangement, answer
    one piece: method auto -> answer
    exact: method exact; auto up to exact_auto_limit cards (in pieces confirm_limit) -> arrangement, answer
    quick exact: method auto, up to confirm_limit cards -> arrangement, answer
    descent: method auto, up to box_descent_limit cards -> arrangement, upper bound, answer
    climb: method auto, above box_descent_limit cards -> arrangement, answer
    walks: method auto, every_card_matched, above box_descent_limit cards -> arrangement, answer
    region model: not settled before -> arrangement, upper bound, answer
    plain model: method auto, above box_descent_limit cards, up to plain_model_size -> arrangement, upper bound, answer
    connected share: method auto, above box_descent_limit cards -> arrangement, answer
    box model: above confirm_limit, to max_model_size, else rest (plain_model_size) -> arrangement, upper bound, answer
    rest: auto with time left; cpsat, in pieces: max_model_size and plain_model_size -> arrangement, upper bound, answer

What each phase does:
- structure: the empty network and a single card make 0 Tricks; with ``every_card_matched`` a
  count shows when some cards cannot all border a match (``matched``); a connected network
  holding Supporters and Events but no matching pair has no legal arrangement.
- without the rule: the same network solved without ``every_card_matched`` first: its optimum
  bounds this one (an arrangement keeping the rule is legal without it), and its best
  arrangement, where it keeps every card matched (as it is, with its lone cards moved, or after
  walks of the local search), is often the answer. After it, the heuristic keeps only
  arrangements meeting the rule, the searches and models require it, and the bounds stay valid.
- heuristic: simple bounds (``bounds``) and greedy growth (``heuristic``); meeting the bound
  proves it.
- tiling: where the bound is the most borders the cards can have, a search that fills the shapes
  with that many borders card by card (``tiling``), and where it runs out of nodes the same
  question as a CP-SAT model (``fill_model``).
- span reach: our span search (``span``, via ``boxes.reach_by_span``) looks for an arrangement
  meeting the bound, span by span.
- leave one out: one card with few partners set aside, the rest arranged, the card put back
  where it makes most (or set apart in pieces).
- climb in pieces: in pieces, what the embedding search (``embed``) reaches is an answer: "one
  Trick more?" asked again from each layout it reaches, deeper where it gives up, near the kinds
  bound the search from the few kind (``few_kind``, ``shapes``) first.
- embedding bound: no arrangement, even in pieces, lays more than so many matching pairs edge
  to edge (``embed``); connected, the groups joined by Tricks must also border each other. The
  embedding runs before the walks and the models because it lowers the bound they must reach.
- local search: annealing from the best arrangement towards the bound (``heuristic``).
- one piece: the embedding search kept to one piece builds an arrangement meeting the bound.
- exact, quick exact: the exact search of our own (``exact``); the quick one on a node budget.
- descent: span by span (``boxes``): each exact span first to our span search, the spans it
  leaves open to a small CP-SAT model (``cpsat``), taking turns with the plain model (``plain``,
  ``portfolio``); where it stalls, "one Trick more?" to the embedding searches: built in one
  piece, refuted in pieces, reached in pieces then joined (``glue``), or refuted connected.
- climb: the same "one Trick more?" asked again from each arrangement it builds until it refutes
  one more or builds none, deeper where it settles nothing.
- walks: more walks of the local search from the optimum without the rule; they come before the
  region model, which alone can prove the best kept to the rule optimal below the bound.
- region model: CP-SAT (``cpsat``): first a relaxation without connectivity in the perimeter
  region (``bounds.region``), whose pieces are joined (``glue``), the connected model when
  joining fails; the bound itself first, then anything better than the best found.
- plain model, connected share, box model: larger groups in pieces: the plain model for a fixed
  work, the connected phases for a share of the time, the class model in a plain box.
- rest: CP-SAT models with the best arrangement as hint and the proven bound as a constraint
  (``rest``: the class model, and the plain model in turns up to 27 cards), in slices of
  growing work, with local-search restarts; ``stopped_by`` is "search_exhausted" only when none
  of that can go on.

An optimum that rests on CP-SAT and lies below the simple bounds is confirmed by the exact
search when the network is small; with several CP-SAT workers (``Settings.cpsat_workers``, 1 as
shipped) every OPTIMAL or INFEASIBLE is re-checked by one worker first. Every phase stops at the
time limit, model building included. Every arrangement returned is checked by
``model.whitehouse.network.arrangement.check_arrangement`` first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from model.common.status import Status
from model.whitehouse.network.answer import Progress, StoppedBy, TricksSolution
from model.whitehouse.network.arrangement import MAX_CARDS, Network, TricksRules, check_arrangement
from solver.network.pipeline import solve_problem
from solver.network.problem import build_problem, canonical_within_classes, to_arrangement
from solver.network.run import Outcome
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.trace import Trace

Method = Literal["auto", "cpsat", "exact"]
#: The rulebook's reading of every Locked Network option.
DEFAULT_RULES = TricksRules()
#: The time limit a caller who names none gets (seconds): the caller's choice, not a tuning knob.
DEFAULT_TIME_LIMIT = 60.0


def solve_tricks(
    network: Network,
    rules: TricksRules = DEFAULT_RULES,
    time_limit: float = DEFAULT_TIME_LIMIT,
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
