"""Oh My Socks! designer questions: answered on the engine's own functions, witnesses replayed."""

from __future__ import annotations

from typing import Any

import pytest

import checks.questions  # noqa: F401  (imported first: it loads every game's questions)
from checks import registry
from checks.questions import No, NoneFound, Yes, answer
from checks.socks.questions import QUESTIONS
from model.common.ops import PY, Ops
from model.socks import scoring
from model.socks.game import GAME

ASKED = {q.id: q for q in QUESTIONS}


def ask(question_id: str, **options: Any) -> Any:
    return answer(ASKED[question_id], registry.rules("socks", options), time_limit=30)


def test_the_questions_are_listed() -> None:
    assert list(ASKED) == ["SO-Q1", "SO-Q2"]
    assert {q.id for q in checks.questions.QUESTIONS if q.game == "socks"} == {"SO-Q1", "SO-Q2"}


def test_a_game_always_has_a_winner_under_the_default_final_tie() -> None:
    found = ask("SO-Q1")
    assert isinstance(found, No), found
    assert "winner_flags" in found.proof and "2-10 players" in found.proof


def test_a_game_can_end_with_no_winner_under_final_tie_no_winner() -> None:
    found = ask("SO-Q1", final_tie="no_winner")
    assert isinstance(found, Yes), found
    witness = found.witness
    assert witness.engine_agrees and witness.state["winners"] == []
    assert witness.state["position"]["over"] is True
    assert "engine.outcome" in witness.replay and "decide_winners" in witness.replay


_winner_flags = scoring.winner_flags


def nobody_in_a_final_tie(scores: Any, set_counts: Any, final_tie: Any, ops: Ops = PY) -> Any:
    return _winner_flags(scores, set_counts, "no_winner", ops)


def test_a_bug_in_the_winners_changes_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring, "winner_flags", nobody_in_a_final_tie)
    found = ask("SO-Q1")
    assert isinstance(found, Yes) and found.witness.engine_agrees


def test_a_gift_can_end_the_game_mid_turn() -> None:
    found = ask("SO-Q2")
    assert isinstance(found, Yes), found
    assert found.witness.engine_agrees and found.witness.state["after"]["drawn"] == ["WM"]
    before = ask("SO-Q2", effect_timing="before_pass")
    assert isinstance(before, Yes) and "never passed" in before.witness.replay


def test_under_gift_lost_no_gift_ends_the_game() -> None:
    assert isinstance(ask("SO-Q2", gift_washing_machine="gift_lost"), NoneFound)


def test_only_final_tie_no_winner_leaves_a_game_without_a_winner() -> None:
    for option in GAME.options:
        for value, _ in option.values:
            if value == option.default or option.name == "final_tie":
                continue
            assert isinstance(ask("SO-Q1", **{option.name: value}), No), (option.name, value)
