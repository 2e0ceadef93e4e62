"""The Locked Network: the invariant of what ``verify tricks`` states about a claim.

LN-8: a claim holds exactly when it is at most the proven maximum (exact when equal); while the
maximum is unproven it holds when the best found reaches it, fails when the proven bound is below
it, and is otherwise open; a network with no legal arrangement makes no claim hold. The exit
status is 1 exactly when a question is answered no (the claim refuted, the given arrangement
illegal, no legal arrangement), else 3 when one is open, else 0.

Exhaustive over every solve outcome of a small range (each status, every best found and bound up
to a few Tricks) with every claim around them and every verdict on a given arrangement, judged by
the function the command runs (``solver.network.answer.judge_claim``) and the answer's own exit
status (``TricksAnswer.exit_status``).
"""

from __future__ import annotations

from collections.abc import Iterator

from checks.core import Context, Invariant
from checks.result import Counterexample
from model.common.status import Status
from model.whitehouse.network.answer import TricksAnswer, TricksSolution
from model.whitehouse.network.arrangement import ArrangementReport, Network
from model.whitehouse.network.io import TricksQuestion
from solver.network import answer as network_answer

GAME = "whitehouse"
#: The largest Trick total and bound of the domain.
TOP = 5
CLAIM_SENTENCE = ("The first player to make 7 Tricks wins. ... your Trick total is the most matching borders that "
                  "arrangement can achieve. (verify tricks: a claim holds when the network's maximum is at least "
                  "the claim.)")


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


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("LN-8", GAME, "A claim holds exactly when it is at most the proven maximum; exit 1 on a no",
              CLAIM_SENTENCE,
              f"every solve outcome with Trick totals and bounds 0-{TOP} (optimal, unproven with and without a best "
              f"found, infeasible), every claim 0-{TOP + 1} or none, a given arrangement legal, illegal or none",
              ("solver.network.answer.judge_claim", "model.whitehouse.network.answer.TricksAnswer.exit_status"),
              check_claims, "exhaustive"),
)
