"""Social Network in the vocabulary every game shares: a Violation is a broken rule
(``RuleBroken``), and a game's result has an ``Outcome``."""

from __future__ import annotations

import random

import pytest
from social_logs import Scenario

from model.common.errors import RuleBroken
from model.common.outcome import Outcome, Termination
from model.social.cards import sample_decks
from model.social.engine import DecidedBy, GameResult, judge_round
from model.social.io import parse_round
from model.social.random_play import random_game
from model.social.report import round_json, round_text
from model.social.rules import RULES_BY_NAME, SocialRules


def test_a_violation_stands_for_the_rule_broken() -> None:
    scenario = Scenario(3)
    index = scenario.play("Ana", "gallery-2")
    setup, rules = parse_round("scenario", scenario.log())
    result = judge_round(setup, rules)
    (violation,) = result.violations
    assert (violation.index, violation.rule, violation.remedy) == (index, "card_not_in_hand", "refused")
    assert violation.sentence == RULES_BY_NAME["card_not_in_hand"].rulebook
    error = violation.error()
    assert isinstance(error, RuleBroken)
    assert (error.rule, error.sentence, error.detail) == (violation.rule, violation.sentence, violation.detail)
    assert str(error) == violation.detail
    # The reports show the detail as the reason, as they always have.
    assert round_json(result)["illegal"][0]["reason"] == violation.detail
    assert f"({violation.detail})." in round_text(result)


@pytest.mark.parametrize(("decided_by", "words"), [("score", ""), ("best_round", "tie_break"),
                                                     ("shared", "shared")])
def test_a_game_ends_when_every_round_is_played(decided_by: DecidedBy, words: str) -> None:
    winners = ("Ana", "Bo") if decided_by == "shared" else ("Ana",)
    result = GameResult((), (("Ana", 3), ("Bo", 3 if decided_by != "score" else 1)), winners, decided_by)
    assert result.outcome == Outcome(Termination.ROUNDS, winners, words)


def test_a_random_game_has_the_outcome_of_its_result() -> None:
    for seed in range(3):
        _, result = random_game(sample_decks(), SocialRules(), ("Ana", "Bo", "Cy"), random.Random(seed))
        outcome = result.outcome
        assert outcome.termination is Termination.ROUNDS
        assert outcome.winners == result.winners
        assert outcome.winner == (result.winners[0] if len(result.winners) == 1 else None)
