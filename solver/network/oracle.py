"""The Locked Network solver wired into the White House engine's seams
(``model.whitehouse.tricks.Solve`` and ``Rearrange``): ``trick_oracle(rules)`` is what every caller
that plays or replays a White House game passes to its ``Engine``."""

from __future__ import annotations

import time

from model.common.status import Status
from model.whitehouse.network.arrangement import Arrangement, CardRef, Network, TricksRules
from model.whitehouse.tricks import EntrySearch, Hint, Rearrange, Solve, TrickOracle, UnprovenTotal
from solver.network.bounds import best_bound
from solver.network.climbing import embedding_upper
from solver.network.entry import entry_after_rearranging
from solver.network.problem import build_problem
from solver.network.run import Clock
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.solve import solve_tricks

#: Seconds one proof of a game network's Trick total may take by default.
DEFAULT_TIME_LIMIT = 30.0


def engine_solve(time_limit: float = DEFAULT_TIME_LIMIT, settings: Settings = DEFAULT_SETTINGS) -> Solve:
    """The project's solver behind the engine's ``Solve`` seam: proven optima only.

    A hint whose count meets the solver's bounds (the simple ones, then the embedding search's)
    is the answer as it is. Otherwise the default path solves; a network up to
    ``exact_first_cards`` cards it leaves unproven goes to the exact search as well. The default
    path comes first: the embedding bound settles in milliseconds game networks on which the
    exact search spends its whole limit."""

    def solve(network: Network, rules: TricksRules, hint: Hint | None) -> tuple[int, Arrangement, str]:
        started = time.monotonic()
        if hint is not None:
            how = _hint_proven(network, rules, hint, Clock(started, time_limit, None, settings))
            if how is not None:
                return hint.tricks, hint.arrangement, how
        solution = solve_tricks(network, rules, time_limit=time_limit, settings=settings)
        if solution.status != Status.OPTIMAL and network.size <= settings.exact_first_cards:
            left = started + time_limit - time.monotonic()
            solution = solve_tricks(network, rules, time_limit=max(left, 0.0), method="exact", settings=settings)
        if solution.status != Status.OPTIMAL or solution.arrangement is None or solution.tricks is None:
            if hint is not None and solution.bound is not None and solution.bound <= hint.tricks:
                # The solve's proven upper bound meets the hint's count: the hint is the optimum.
                return hint.tricks, hint.arrangement, "bound"
            raise UnprovenTotal(f"the solver reported {solution.status.value} for a {network.size}-card network")
        return solution.tricks, solution.arrangement, solution.proven_by or "solver"

    return solve


def _hint_proven(network: Network, rules: TricksRules, hint: Hint, clock: Clock) -> str | None:
    """How the solver's bounds prove ``hint`` optimal without a search for an arrangement: the
    simple bounds, then the embedding search's (on a node budget; it refutes arrangements in
    pieces, and a connected one is legal in pieces too); None when they leave it open."""
    problem = build_problem(network, every_matched=rules.every_card_matched)
    bound = best_bound(problem).value
    if hint.tricks >= bound:
        return "bound"
    upper, _why = embedding_upper(problem, hint.tricks, bound, clock, connected=rules.connected)
    return "exhaustive search" if hint.tricks >= upper else None


def engine_rearrange() -> Rearrange:
    """The solver's exhaustive entry search behind the engine's ``Rearrange`` seam."""

    def rearrange(network: Network, card: CardRef, rules: TricksRules, deadline: float) -> EntrySearch:
        found = entry_after_rearranging(network, card, rules, deadline)
        return EntrySearch(found.complete, found.arrangement)

    return rearrange


def trick_oracle(rules: TricksRules, time_limit: float = DEFAULT_TIME_LIMIT) -> TrickOracle:
    """A Trick oracle backed by the project's solver."""
    return TrickOracle(rules, engine_solve(time_limit), engine_rearrange())
