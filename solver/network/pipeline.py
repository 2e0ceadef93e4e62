"""The solve of one network: its structure, the network without the rule where
``every_card_matched`` is on, the phases of its case (``connected``, ``pieces``), and the rest of
the time (see ``solver.network.solve`` for the table of phases)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from model.common.status import Status
from model.whitehouse.network.answer import Progress
from model.whitehouse.network.arrangement import TricksRules
from solver.network.bounds import Bound, best_bound
from solver.network.connected import solve_connected
from solver.network.matched import why_never_all_matched
from solver.network.pieces import solve_in_pieces
from solver.network.problem import (
    Problem,
    layout_tricks,
)
from solver.network.run import Clock, Outcome, Relaxed, nothing_found, proven_answer, said, the_rest
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.trace import Trace
from solver.network.walks import kept_to_the_rule


def solve_problem(
    problem: Problem,
    rules: TricksRules,
    started: float,
    limit: float,
    progress: Callable[[Progress], None] | None,
    method: str,
    settings: Settings = DEFAULT_SETTINGS,
    trace: Trace | None = None,
) -> Outcome:
    return _solve(problem, rules, Clock(started, limit, progress, settings, trace), method)


def _solve(problem: Problem, rules: TricksRules, clock: Clock, method: str) -> Outcome:
    with clock.phase("structure") as ran:
        settled = _structure(problem, rules, method)
        ran.established = said(settled)
    if settled is not None:
        return settled
    relaxed = Relaxed()
    if problem.every_matched and method == "auto":
        with clock.phase("without the rule") as ran:
            relaxed = _without_the_rule(problem, rules, clock)
            ran.established = said(relaxed.answer) if relaxed.answer is not None else relaxed.said(problem)
        if relaxed.answer is not None:
            return relaxed.answer
    if rules.connected:
        outcome = solve_connected(problem, clock, method, relaxed)
    else:
        outcome = solve_in_pieces(problem, clock, method, relaxed)
    if method == "auto" and outcome.status is Status.UNPROVEN and clock.left() > 0:
        with clock.phase("rest") as ran:
            outcome = the_rest(problem, clock, outcome, rules.connected, relaxed)
            ran.established = said(outcome)
    return nothing_found(outcome) if outcome.layout is None else outcome


def _structure(problem: Problem, rules: TricksRules, method: str) -> Outcome | None:
    """The answers the network's structure gives alone, or None."""
    n = problem.size
    if n == 0:
        return Outcome(Status.OPTIMAL, 0, 0, {}, "an empty network makes no Tricks", "structure")
    if problem.every_matched:
        reason = why_never_all_matched(problem)
        if reason is not None:
            return Outcome(Status.INFEASIBLE, None, None, None, reason, "structure")
    if n == 1 and method != "cpsat":
        return Outcome(Status.OPTIMAL, 0, 0, {(0, 0): 0}, "a single card borders no other card", "structure")
    both_kinds = any(problem.is_event) and not all(problem.is_event)
    if rules.connected and both_kinds and problem.pair_count() == 0:
        return Outcome(
            Status.INFEASIBLE,
            None,
            None,
            None,
            "the network holds Supporters and Events but no Event lists any of its Supporters; "
            "in one connected network some Supporter must border some Event, and that border "
            "would not match",
            "structure",
        )
    return None


def _without_the_rule(problem: Problem, rules: TricksRules, clock: Clock) -> Relaxed:
    """``every_card_matched``: the same network solved without the rule first, on ``relaxed_share``
    of the time left (its progress is not reported: its arrangements may break the rule). An
    optimum there is a bound here; its best arrangement, where it keeps every card matched (as
    it is, or once ``kept_to_the_rule`` has moved its lone cards), is one here."""
    free = replace(problem, every_matched=False)
    found = _solve(free, replace(rules, every_card_matched=False), clock.share(clock.settings.relaxed_share), "auto")
    if found.value is None or found.bound is None or found.layout is None:
        return Relaxed()
    start = kept_to_the_rule(problem, found.layout, found.value, rules.connected, clock.settings)
    value = layout_tricks(problem, start) if start is not None else None
    proven = found.status is Status.OPTIMAL
    ceiling = None
    if proven and found.value < best_bound(problem).value:
        assert found.proven_by is not None
        proof = _relaxation_proof(found.value, found.proof, found.proven_by)
        ceiling = Bound(found.value, "relaxation", proof, found.proven_by)
    relaxed = Relaxed(ceiling=ceiling, start=start, hint=found.layout)
    bound = relaxed.bound(problem)
    clock.report(value, bound.value)
    if proven and value is not None and value >= bound.value:
        return replace(relaxed, answer=proven_answer(value, start, bound, bound.rests_on))
    return relaxed


def _relaxation_proof(value: int, proof: str | None, proven_by: str) -> str:
    """The relaxation's bound in words."""
    why = proof if proof else {"cp-sat": "CP-SAT proves it"}.get(proven_by, "an exhaustive search shows it")
    return (
        f"even without the rule that every card borders a card it matches, no arrangement makes more "
        f"than {value} ({why}); an arrangement that keeps the rule is one of those"
    )
