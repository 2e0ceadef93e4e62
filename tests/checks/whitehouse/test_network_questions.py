"""The Locked Network's designer questions: LN-Q1 (can a lock lower a Trick total?) and LN-Q2 (the
fewest cards that make 7 Tricks), answered under the default options with witnesses replayed
through the engine, and under the options that change the answer."""

from __future__ import annotations

import time
from typing import Any

import pytest

from checks import registry
from checks.questions import Asked, No, NoneFound, Yes, answer
from checks.whitehouse import questions
from model.whitehouse.network import arrangement as tricks

BY_ID = {q.id: q for q in questions.QUESTIONS}


def _answer(question_id: str, options: dict[str, Any] | None = None) -> Any:
    return answer(BY_ID[question_id], registry.rules("whitehouse", options or {}), 30.0)


def test_the_questions_are_listed_with_their_sentences() -> None:
    assert {"LN-Q1", "LN-Q2"} <= set(BY_ID)
    for question in questions.QUESTIONS_OWN:
        assert question.game == "whitehouse" and question.rulebook and question.method


def test_a_lock_can_lower_the_trick_total_under_the_defaults() -> None:
    found = _answer("LN-Q1")
    assert isinstance(found, Yes), found
    witness = found.witness
    assert witness.engine_agrees, witness.replay
    assert witness.state["tricks_before"] == 16 and witness.state["tricks_after"] == 15
    assert "no legal arrangement of the fourteen cards makes 16" in witness.replay
    assert "EX" in witness.drawing


def test_a_lock_lowers_it_under_every_card_matched_too() -> None:
    found = _answer("LN-Q1", {"every_card_matched": True})
    assert isinstance(found, Yes) and found.witness.engine_agrees, found


@pytest.mark.parametrize("options", [{"connected": False}, {"single_lock": False}])
def test_where_no_lock_can_lower_it_the_answer_is_a_proof(options: dict[str, Any]) -> None:
    assert isinstance(_answer("LN-Q1", options), No)


def test_a_single_card_after_a_pair_is_not_searched() -> None:
    assert isinstance(_answer("LN-Q1", {"single_lock": False, "lock_count": "all"}), NoneFound)


def test_the_search_behind_at_most_15_is_complete_on_what_it_can_decide() -> None:
    before, after = questions.diamond_networks()
    asked = Asked(None, time.perf_counter() + 30, 30)
    # Thirteen cards reach 16 (the diamond); with the newcomer, only when it may sit apart.
    reached = questions.reaching_cap(before, tricks.TricksRules(), asked)
    assert reached is not None and tricks.check_arrangement(before, reached).tricks == 16
    assert questions.reaching_cap(after, tricks.TricksRules(), asked) is None
    apart = questions.reaching_cap(after, tricks.TricksRules(connected=False), asked)
    assert apart is not None and tricks.check_arrangement(after, apart, tricks.TricksRules(connected=False)).legal


def test_six_cards_are_the_fewest_that_make_seven() -> None:
    found = _answer("LN-Q2")
    assert isinstance(found, Yes), found
    assert found.witness.engine_agrees and found.witness.state["cards"] == 6
    assert found.witness.state["tricks"] == 7


def test_a_planted_bug_in_the_trick_count_changes_the_fewest(monkeypatch: pytest.MonkeyPatch) -> None:
    real = tricks.tricks_total
    monkeypatch.setattr(tricks, "tricks_total", lambda facts, ops=tricks.PY: 2 * real(facts, ops))
    found = _answer("LN-Q2")
    assert isinstance(found, Yes) and found.witness.state["cards"] < 6
