"""Social Network designer questions: a round can end with every score negative (2 players,
both pass at once), witnessed by a log replayed through the referee and `verify social round`;
a base round cannot (a proof on the referee's own scoring)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from checks import questions, registry  # checks.questions first: it collects every game's questions
from checks.questions import No, Yes, answer
from checks.social.questions import QUESTIONS
from cli import cli

BY_ID = {q.id: q for q in QUESTIONS}


def test_the_social_questions_are_listed() -> None:
    assert [q.id for q in QUESTIONS] == ["SN-Q1", "SN-Q2"]
    assert {q.id for q in questions.QUESTIONS if q.game == "social"} == {"SN-Q1", "SN-Q2"}


def test_a_round_can_end_with_every_score_negative(tmp_path: Path) -> None:
    found = answer(BY_ID["SN-Q1"], registry.rules("social"), 5)
    assert isinstance(found, Yes)
    witness = found.witness
    assert witness.engine_agrees, witness.replay
    assert witness.state["scores"] == {"Ana": -18, "Bo": -18}
    assert [e["action"] for e in witness.state["round"]["events"]] == ["pass", "pass"]
    # The witness is a round log `verify social round` reads: the round ends, every score < 0.
    path = tmp_path / "witness.json"
    path.write_text(json.dumps(witness.state["round"]))
    result = CliRunner().invoke(cli, ["social", "round", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["end"]["reason"] == "both_passed"
    assert all(p["score"] < 0 for p in report["players"])


def test_the_witness_names_the_options_it_was_found_under() -> None:
    rules = registry.rules("social", {"two_player_quiz": "removed"})
    found = answer(BY_ID["SN-Q1"], rules, 5)
    assert isinstance(found, Yes) and found.witness.engine_agrees
    assert found.witness.state["round"]["rules"] == {"two_player_quiz": "removed"}
    assert found.witness.state["scores"] == {"Ana": -14, "Bo": -14}


def test_a_base_round_cannot_end_with_every_score_negative() -> None:
    found = answer(BY_ID["SN-Q2"], registry.rules("social"), 5)
    assert isinstance(found, No)
    assert "at least 16 - 7 = 9" in found.proof
