"""Shared helpers of the White House intern game tests: a Trick oracle that uses the project's
solver, or the brute-force reference of ``tests/oracle_tricks.py`` for networks it can handle while
the solver cannot answer; and small builders of positions."""

from __future__ import annotations

import time

from oracle_tricks import oracle_solve

from model.whitehouse.network.arrangement import Network, TricksRules
from model.whitehouse.tricks import TrickOracle, solver_solve


def solver_available() -> bool:
    from solver.network.solve import solve_tricks

    try:
        solve_tricks(Network(), TricksRules(), time_limit=1.0)
    except NotImplementedError:
        return False
    return True


def reference_solve(network: Network, rules: TricksRules):
    found = oracle_solve(network, rules, deadline=time.monotonic() + 20)
    assert found is not None, "a network reached in play always has a legal arrangement"
    return found[0], found[1], "reference"


def make_oracle(rules: TricksRules = TricksRules()) -> TrickOracle:
    """The solver behind the seam when it answers; else the brute-force reference."""
    return TrickOracle(rules, solver_solve() if solver_available() else reference_solve)


def install_default_oracle(monkeypatch) -> None:
    """Make every ``TrickOracle`` built without a solver (CLI, rulings) use ``make_oracle``'s."""
    if solver_available():
        return
    original = TrickOracle.__init__

    def init(self, rules, solve=None):
        original(self, rules, solve or reference_solve)

    monkeypatch.setattr(TrickOracle, "__init__", init)
