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
from solver.network.loop import Board, Budget, Gave, Step, always, auto, run_phases
from solver.network.matched import why_never_all_matched
from solver.network.pieces import solve_in_pieces
from solver.network.problem import (
    Problem,
    layout_tricks,
)
from solver.network.run import (
    NO_RELAXATION,
    Clock,
    Outcome,
    Relaxed,
    nothing_found,
    proven_answer,
    said,
    the_rest,
)
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
    """The steps of the network's case (``CASES``) run by the loop."""
    bound = best_bound(problem)
    board = Board(problem, clock, method, bound, NO_RELAXATION, upper=bound.value, connected=rules.connected)
    steps = EVERY_CARD_MATCHED if problem.every_matched else CONNECTED_CASE if rules.connected else IN_PIECES_CASE
    outcome = run_phases(board, steps)
    return nothing_found(outcome) if outcome.layout is None else outcome


def _structure_step(board: Board) -> Gave:
    settled = _structure(board.problem, board.connected, board.method)
    return Gave(said(settled), answer=settled)


def _taken(outcome: Outcome) -> Gave:
    """A case's outcome: the answer where it settles it, else its best and its bound for ``rest``."""
    if outcome.status is not Status.UNPROVEN:
        return Gave(said(outcome), answer=outcome)
    return Gave(said(outcome), layout=outcome.layout, upper=outcome.bound)


def _connected_phases(board: Board) -> Gave:
    return _taken(solve_connected(board.problem, board.clock, board.method, board.relaxed))


def _phases_in_pieces(board: Board) -> Gave:
    return _taken(solve_in_pieces(board.problem, board.clock, board.method, board.relaxed))


def _rest(board: Board) -> Gave:
    so_far = Outcome(Status.UNPROVEN, board.value, board.upper, board.layout, None, None)
    rest = the_rest(board.problem, board.clock, so_far, board.connected, board.relaxed)
    return Gave(said(rest), answer=rest)


def _without_the_rule_applies(board: Board) -> bool:
    return board.problem.every_matched and auto(board)


def _structure(problem: Problem, connected: bool, method: str) -> Outcome | None:
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
    if connected and both_kinds and problem.pair_count() == 0:
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


def _without_the_rule(board: Board) -> Gave:
    """``every_card_matched``: the same network solved without the rule first, on the share of the
    time the loop hands it (its progress is not reported: its arrangements may break the rule). An
    optimum there is a bound here; its best arrangement, where it keeps every card matched (as
    it is, or once ``kept_to_the_rule`` has moved its lone cards), is one here."""
    problem, clock = board.problem, board.clock
    free = replace(problem, every_matched=False)
    rules = TricksRules(connected=board.connected, every_card_matched=False)
    found = _solve(free, rules, board.time_given(), "auto")
    if found.value is None or found.bound is None or found.layout is None:
        return Gave(NO_RELAXATION.said(problem), relaxed=NO_RELAXATION)
    start = kept_to_the_rule(problem, found.layout, found.value, board.connected, clock.settings)
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
        answer = proven_answer(value, start, bound, bound.rests_on)
        return Gave(said(answer), relaxed=relaxed, answer=answer)
    return Gave(relaxed.said(problem), relaxed=relaxed)


def _relaxation_proof(value: int, proof: str | None, proven_by: str) -> str:
    """The relaxation's bound in words."""
    why = proof if proof else {"cp-sat": "CP-SAT proves it"}.get(proven_by, "an exhaustive search shows it")
    return (
        f"even without the rule that every card borders a card it matches, no arrangement makes more "
        f"than {value} ({why}); an arrangement that keeps the rule is one of those"
    )


#: The name of the step that runs the phases of the network's case (``CASES``); not in the trace,
#: whose entries are those phases.
CASE_PHASES = "then the phases of the network's case"

STRUCTURE = Step("structure", always, _structure_step)
CONNECTED_PHASES = Step(CASE_PHASES, lambda b: b.connected, _connected_phases, traced=False)
PHASES_IN_PIECES = Step(CASE_PHASES, lambda b: not b.connected, _phases_in_pieces, traced=False)
REST = Step("rest", lambda b: auto(b) and b.clock.left() > 0, _rest, Budget(fields=("rest_first_work",)))

#: The steps of each case (``phases.CASES``): the structure, the case's phases (``connected``,
#: ``pieces``), then the rest of the time.
CONNECTED_CASE: tuple[Step, ...] = (STRUCTURE, CONNECTED_PHASES, REST)
IN_PIECES_CASE: tuple[Step, ...] = (STRUCTURE, PHASES_IN_PIECES, REST)
EVERY_CARD_MATCHED: tuple[Step, ...] = (
    STRUCTURE,
    Step("without the rule", _without_the_rule_applies, _without_the_rule,
         Budget(share="relaxed_share", fields=("matched_walks",))),
    CONNECTED_PHASES,
    PHASES_IN_PIECES,
    REST,
)
