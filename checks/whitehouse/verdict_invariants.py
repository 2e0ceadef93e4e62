"""The Locked Network: the invariants of what ``verify tricks`` states about a claim (LN-8) and
of what its JSON answer states about the solve (LN-9).

LN-8: a claim holds exactly when it is at most the proven maximum (exact when equal); while the
maximum is unproven it holds when the best found reaches it, fails when the proven bound is below
it, and is otherwise open; a network with no legal arrangement makes no claim hold. The exit
status is 1 exactly when a question is answered no (the claim refuted, the given arrangement
illegal, no legal arrangement), else 3 when one is open, else 0.

Exhaustive over every solve outcome of a small range (each status, every best found and bound up
to a few Tricks) with every claim around them and every verdict on a given arrangement, judged by
the function the command runs (``solver.network.answer.judge_claim``) and the answer's own exit
status (``TricksAnswer.exit_status``).

LN-9: the JSON answer (``TricksAnswer.to_json``) states the solve as it came out: its status,
Tricks, bound, proof and what proved it, its arrangement placement by placement (the card as
``kind: ID``, its row and column); ``stopped_by`` exactly when it is unproven, and the same for the
solve of the network with a card to ``add``; ``phases`` exactly when ``--explain`` is given (the
answer asked without it has none): each phase that ran, in order, with its name, seconds and work
rounded to the millisecond, nodes and what it established.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from checks.core import Context, Invariant
from checks.result import Counterexample
from model.common.status import Status
from model.whitehouse.network.answer import AddAnswer, PhaseRun, StoppedBy, TricksAnswer, TricksSolution
from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    ArrangementReport,
    CardRef,
    Network,
    Placement,
    Supporter,
)
from model.whitehouse.network.io import TricksQuestion
from solver.network import answer as network_answer

GAME = "whitehouse"
#: The largest Trick total and bound of the domain.
TOP = 5
CLAIM_SENTENCE = ("The first player to make 7 Tricks wins. ... your Trick total is the most matching borders that "
                  "arrangement can achieve. (verify tricks: a claim holds when the network's maximum is at least "
                  "the claim.)")

JSON_SENTENCE = ("status: optimal, infeasible or unproven ... arrangement: each placement as "
                 "{\"supporter\": 12, \"row\": 0, \"col\": 0} ... stopped_by (present when status is unproven) ... "
                 "proof (string or null) ... add: {placements, max_after} (status rules as for tricks) (verify tricks "
                 "contract, Output; --explain: each phase that ran, in order, with its seconds, the nodes of our own "
                 "searches, CP-SAT's deterministic time (work) and what it established)")
#: A solve's trace: seconds and work that the answer writes to the millisecond.
TRACE = (PhaseRun("structure", 0.0123456, 3, 0.2504, "nothing"), PhaseRun("cp-sat", 1.5, 0, 2.0007, "optimal 2"))
#: A solve's arrangement: both kinds of card, integer and text IDs, rows unlike columns.
LAYOUT = Arrangement((Placement(CardRef(SUPPORTER, 7), 0, 1), Placement(CardRef(EVENT, "E1"), 0, 2),
                      Placement(CardRef(EVENT, 12), 1, 1)))


def solutions() -> Iterator[TricksSolution]:
    """Every solve outcome of the domain."""
    yield TricksSolution(Status.INFEASIBLE, None, None, None, None, "structure", 0.0)
    for tricks in range(TOP + 1):
        yield TricksSolution(Status.OPTIMAL, tricks, tricks, None, None, "bound", 0.0)
    for bound in range(TOP + 1):
        yield TricksSolution(Status.UNPROVEN, None, bound, None, None, None, 0.0, "time_limit")
        for tricks in range(bound + 1):
            yield TricksSolution(Status.UNPROVEN, tricks, bound, None, None, None, 0.0, "time_limit")


def rulebook_claim(solution: TricksSolution, value: int) -> tuple[bool | None, bool | None]:
    """(holds, exact) as the contract states them."""
    if solution.status is Status.INFEASIBLE:
        return False, False
    if solution.status is Status.OPTIMAL:
        assert solution.tricks is not None
        return value <= solution.tricks, value == solution.tricks
    if solution.tricks is not None and value <= solution.tricks:
        return True, None
    if solution.bound is not None and solution.bound < value:
        return False, None
    return None, None


def rulebook_exit(solution: TricksSolution, claimed: bool, holds: bool | None, given: bool | None) -> int:
    """1 when a question is answered no (no legal arrangement, the claim refuted, the given
    arrangement illegal), else 3 when one is open (the maximum unproven, the claim open), else 0."""
    if solution.status is Status.INFEASIBLE or (claimed and holds is False) or given is False:
        return 1
    if solution.status is Status.UNPROVEN or (claimed and holds is None):
        return 3
    return 0


def check_claims(ctx: Context) -> Counterexample | None:
    """LN-8: every solve outcome, claim and given-arrangement verdict of the domain."""
    question = TricksQuestion("LN-8", Network(), ctx.rules.tricks)
    for solution in solutions():
        for value in [None, *range(TOP + 2)]:
            verdict = None if value is None else network_answer.judge_claim(solution, value)
            expected = None if value is None else rulebook_claim(solution, value)
            if verdict is not None and expected is not None and \
                    (verdict.value, verdict.holds, verdict.exact) != (value, *expected):
                return _counterexample(solution, value, None,
                                       f"judge_claim: holds {verdict.holds}, exact {verdict.exact}; the contract: "
                                       f"holds {expected[0]}, exact {expected[1]}")
            for given in (None, True, False):
                report = None if given is None else ArrangementReport(given, 0, () if given else ("a wrong border",))
                answer = TricksAnswer(question, solution, verdict, report, None)
                want = rulebook_exit(solution, value is not None, None if expected is None else expected[0], given)
                if answer.exit_status != want:
                    return _counterexample(solution, value, given,
                                           f"TricksAnswer.exit_status: {answer.exit_status}; the contract: {want}")
    return None


def _counterexample(solution: TricksSolution, value: int | None, given: bool | None, said: str) -> Counterexample:
    state = {"status": solution.status.value, "tricks": solution.tricks, "bound": solution.bound, "claim": value,
             "given_arrangement_legal": given}
    drawing = (f"{solution.status.value}: best {solution.tricks}, bound {solution.bound}; claim {value}; "
               f"given arrangement {'none' if given is None else 'legal' if given else 'illegal'}")
    return Counterexample(state, drawing, said, True)


def _traced(solution: TricksSolution, index: int) -> TricksSolution:
    """The solution with a proof, a trace, (when unproven) either reason to stop, and (when it
    found one) an arrangement."""
    reasons: tuple[StoppedBy, ...] = ("time_limit", "search_exhausted")
    stopped = reasons[index % 2] if solution.status is Status.UNPROVEN else None
    layout = None if solution.tricks is None else LAYOUT
    return dataclasses.replace(solution, proof=f"proof {index}", stopped_by=stopped,
                               phases=TRACE[:index % 3], arrangement=layout)


def _stated_solve(solution: TricksSolution) -> dict[str, Any]:
    """What the contract says the JSON states of one solve."""
    stated: dict[str, Any] = {"status": solution.status.value, "tricks": solution.tricks, "bound": solution.bound}
    if solution.status is Status.UNPROVEN:
        stated["stopped_by"] = solution.stopped_by
    return stated


def _json_fault(question: TricksQuestion, solution: TricksSolution, after: TricksSolution | None,
                explain: bool) -> str | None:
    """Where the JSON answer misstates the solve (None when it states it as the contract says)."""
    add = None if after is None else AddAnswer(Supporter(9), (), after)
    answer = TricksAnswer(question, solution, None, None, add)
    # Without --explain is the answer asked with no flag: the phases are there only when asked.
    written = answer.to_json(explain=True) if explain else answer.to_json()
    placements = None if solution.arrangement is None else [
        {p.card.kind: p.card.id, "row": p.row, "col": p.col} for p in solution.arrangement.placements]
    want = {**_stated_solve(solution), "arrangement": placements, "proof": solution.proof,
            "proven_by": solution.proven_by}
    for key, value in want.items():
        if key not in written or written[key] != value:
            return f"{key}: {written.get(key, 'left out')!r}; the solve: {value!r}"
    if "stopped_by" in written and solution.status is not Status.UNPROVEN:
        return f"stopped_by {written['stopped_by']!r} on a proven answer"
    if after is not None:
        want_add = {**_stated_solve(after), "max_after": after.tricks}
        written_add = written.get("add", {})
        del want_add["tricks"]
        for key, value in want_add.items():
            if key not in written_add or written_add[key] != value:
                return f"add.{key}: {written_add.get(key, 'left out')!r}; the solve with the card: {value!r}"
    if not explain:
        return None if "phases" not in written else "phases without --explain"
    phases = written.get("phases")
    if not isinstance(phases, list) or len(phases) != len(solution.phases):
        return f"phases: {phases!r}; the trace has {len(solution.phases)}"
    for phase, ran in zip(phases, solution.phases, strict=True):
        # Seconds and work are written rounded to the millisecond: no more digits, no fewer.
        if (phase.get("name"), phase.get("nodes"), phase.get("established")) != (ran.name, ran.nodes, ran.established) \
                or any(phase.get(key) != round(getattr(ran, key), 3) for key in ("seconds", "work")):
            return f"phase {phase!r}; it ran as {ran!r}"
    return None


def check_json(ctx: Context) -> Counterexample | None:
    """LN-9: every solve outcome of the domain, each with every solve of the network with a card
    to add (or none), with and without the trace."""
    question = TricksQuestion("LN-9", Network(), ctx.rules.tricks)
    outcomes = [_traced(solution, index) for index, solution in enumerate(solutions())]
    for solution in outcomes:
        for after in (None, *outcomes):
            for explain in (False, True):
                fault = _json_fault(question, solution, after, explain)
                if fault is not None:
                    said = f"TricksAnswer.to_json{'(explain)' if explain else ''}: {fault}"
                    return _counterexample(solution, None, None, said)
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("LN-8", GAME, "A claim holds exactly when it is at most the proven maximum; exit 1 on a no",
              CLAIM_SENTENCE,
              f"every solve outcome with Trick totals and bounds 0-{TOP} (optimal, unproven with and without a best "
              f"found, infeasible), every claim 0-{TOP + 1} or none, a given arrangement legal, illegal or none",
              ("solver.network.answer.judge_claim", "model.whitehouse.network.answer.TricksAnswer.exit_status"),
              check_claims, "exhaustive"),
    Invariant("LN-9", GAME, "The JSON answer states the solve as it came out, stopped_by exactly when unproven",
              JSON_SENTENCE,
              f"every solve outcome with Trick totals and bounds 0-{TOP}, each with a proof, a trace of 0-2 phases and "
              "(when it found one) a three-card arrangement, with every outcome of the solve with a card to add or "
              "none, with and without --explain",
              ("model.whitehouse.network.answer.TricksAnswer.to_json",),
              check_json, "exhaustive"),
)
