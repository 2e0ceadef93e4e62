"""The Locked Network solver wired into the White House engine's seams
(``model.whitehouse.tricks.Solve`` and ``Rearrange``): ``trick_oracle(rules)`` is what every caller
that plays or replays a White House game passes to its ``Engine``."""

from __future__ import annotations

from model.common.status import Status
from model.whitehouse.network.arrangement import Arrangement, CardRef, Network, TricksRules
from model.whitehouse.tricks import EntrySearch, Rearrange, Solve, TrickOracle, UnprovenTotal
from solver.network.entry import entry_after_rearranging
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.solve import solve_tricks

#: Seconds one proof of a game network's Trick total may take by default.
DEFAULT_TIME_LIMIT = 30.0


def engine_solve(time_limit: float = DEFAULT_TIME_LIMIT, settings: Settings = DEFAULT_SETTINGS) -> Solve:
    """The project's solver behind the engine's ``Solve`` seam: proven optima only (networks up
    to ``exact_first_cards`` go to the exact search first)."""

    def solve(network: Network, rules: TricksRules) -> tuple[int, Arrangement, str]:
        solution = None
        if network.size <= settings.exact_first_cards:
            # The exact search proves small game networks where the default path can run past
            # its limit.
            solution = solve_tricks(network, rules, time_limit=time_limit, method="exact", settings=settings)
        if solution is None or solution.status != Status.OPTIMAL:
            solution = solve_tricks(network, rules, time_limit=time_limit, settings=settings)
        if solution.status != Status.OPTIMAL or solution.arrangement is None or solution.tricks is None:
            raise UnprovenTotal(f"the solver reported {solution.status.value} for a {network.size}-card network")
        return solution.tricks, solution.arrangement, solution.proven_by or "solver"

    return solve


def engine_rearrange() -> Rearrange:
    """The solver's exhaustive entry search behind the engine's ``Rearrange`` seam."""

    def rearrange(network: Network, card: CardRef, rules: TricksRules, deadline: float) -> EntrySearch:
        found = entry_after_rearranging(network, card, rules, deadline)
        return EntrySearch(found.complete, found.arrangement)

    return rearrange


def trick_oracle(rules: TricksRules, time_limit: float = DEFAULT_TIME_LIMIT) -> TrickOracle:
    """A Trick oracle backed by the project's solver."""
    return TrickOracle(rules, engine_solve(time_limit), engine_rearrange())
