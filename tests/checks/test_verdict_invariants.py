"""The invariants of what the questions state (LN-8, SO-19, SO-20): proved as the code is, and
violated, with the engine agreeing, when a bug is planted in the verdict they are about."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from checks import registry
from checks.invariants import run_checks
from checks.result import Proved, Violated
from model.common.status import Status
from model.socks import advise as socks_advise
from model.socks import log as socks_log
from model.socks import questions as socks_questions
from model.whitehouse.network.answer import ClaimVerdict, TricksAnswer, TricksSolution
from solver.network import answer as network_answer

VERDICT_INVARIANTS = {"whitehouse": ("LN-8",), "socks": ("SO-19", "SO-20")}


def check(game: str, invariant_id: str) -> Any:
    return run_checks({game: registry.rules(game)}, game, only=lambda inv: inv.id == invariant_id)[0].result


@pytest.mark.parametrize("game,invariant_id", [(g, i) for g, ids in VERDICT_INVARIANTS.items() for i in ids])
def test_the_verdict_invariant_is_proved(game: str, invariant_id: str) -> None:
    assert isinstance(check(game, invariant_id), Proved)


def test_a_claim_judged_strictly_below_the_maximum_breaks_ln8(monkeypatch: pytest.MonkeyPatch) -> None:
    def strictly_below(solution: TricksSolution, value: int) -> ClaimVerdict:
        if solution.status is Status.OPTIMAL and solution.tricks is not None:
            return ClaimVerdict(value, solution.tricks > value, solution.tricks == value)
        return original(solution, value)

    original = network_answer.judge_claim
    monkeypatch.setattr(network_answer, "judge_claim", strictly_below)
    result = check("whitehouse", "LN-8")
    assert isinstance(result, Violated)
    assert result.counterexample.state["claim"] == result.counterexample.state["tricks"]


def test_an_illegal_arrangement_answered_yes_breaks_ln8(monkeypatch: pytest.MonkeyPatch) -> None:
    def claim_only(self: TricksAnswer) -> int:
        return 1 if self.claim is not None and self.claim.holds is False else 0

    monkeypatch.setattr(TricksAnswer, "exit_status", property(claim_only))
    result = check("whitehouse", "LN-8")
    assert isinstance(result, Violated)
    assert "exit_status" in result.counterexample.engine


def test_advice_that_ignores_the_super_socks_set_breaks_so19(monkeypatch: pytest.MonkeyPatch) -> None:
    original = socks_advise.visible_scores

    def super_sock_nowhere(state: Any) -> tuple[int, ...]:
        return tuple(original(replace(state, wilds=())))

    monkeypatch.setattr(socks_advise, "visible_scores", super_sock_nowhere)
    result = check("socks", "SO-19")
    assert isinstance(result, Violated) and result.counterexample.engine_agrees


def test_advice_listed_worst_first_breaks_so19(monkeypatch: pytest.MonkeyPatch) -> None:
    original = socks_advise.advise

    def worst_first(state: Any) -> Any:
        advice = original(state)
        return replace(advice, choices=tuple(reversed(advice.choices)))

    monkeypatch.setattr(socks_advise, "advise", worst_first)
    result = check("socks", "SO-19")
    assert isinstance(result, Violated)
    assert "not the best first" in result.counterexample.engine


def test_a_replay_that_never_reads_the_claimed_result_breaks_so20(monkeypatch: pytest.MonkeyPatch) -> None:
    original = socks_log.replay

    def claim_unread(source: str, data: Any, score_game: Any) -> Any:
        return original(source, {k: v for k, v in data.items() if k != "result"}, score_game)

    monkeypatch.setattr(socks_log, "replay", claim_unread)
    result = check("socks", "SO-20")
    assert isinstance(result, Violated)
    assert "exit 0" in result.counterexample.engine


def test_a_refuted_claim_answered_with_exit_0_breaks_so20(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socks_questions.ReplayReply, "exit_status", property(lambda self: 0))
    result = check("socks", "SO-20")
    assert isinstance(result, Violated)
