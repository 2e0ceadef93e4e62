"""Social Network against the rulebook's own words: the points winner, a Quiz played while a
Contest is pending, the wrong Likes left in place, a Contest's reward, and every quote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from social_logs import Scenario

from model.social.engine import judge_game, judge_round
from model.social.io import parse_game, parse_round
from model.social.rules import SOCIAL_OPTIONS, SOCIAL_RULES

#: The rulebook beside the checkout (CI keeps ../shared next to it).
RULEBOOK = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "social-network.txt"
GALLERIES = {"gallery": 23, "like": 0, "contest": 0, "quiz": 0}


def _verdicts(scenario: Scenario, **rules: str) -> list[tuple[int, str, str]]:
    scenario.rules.update(rules)
    setup, chosen = parse_round("scenario", scenario.log())
    return [(v.index, v.rule, v.remedy) for v in judge_round(setup, chosen).violations]


def _round(scenario: Scenario, **rules: str):
    scenario.rules.update(rules)
    setup, chosen = parse_round("scenario", scenario.log())
    return judge_round(setup, chosen)


# --- the winner on points ---------------------------------------------------------------------

def _galleries_round(plays: dict[str, int]) -> dict:
    """A round in which each named player plays his first ``n`` Galleries (nothing else)."""
    s = Scenario(3, composition=GALLERIES)
    for name in s.names:
        s.piles[name] = sorted(s.piles[name], key=lambda c: int(c.rsplit("-", 1)[1]))
    for name, count in plays.items():
        for n in range(1, count + 1):
            s.play(name, f"gallery-{n}")
    log = s.log()
    return {"players": log["players"], "piles": log["piles"], "events": log["events"]}


def test_the_most_total_points_win_even_without_the_best_round() -> None:
    # Ana: 3 Galleries a round (-17 each); Bo 5 in round 1 (-13, the best round), then none.
    rounds = [_galleries_round(p) for p in ({"Ana": 3, "Bo": 5}, {"Ana": 3}, {"Ana": 3})]
    doc = {"players": rounds[0]["players"], "deck": {"composition": GALLERIES},
           "rounds": [{"piles": r["piles"], "events": r["events"]} for r in rounds]}
    setup, rules = parse_game("game", doc)
    result = judge_game(setup, rules)
    assert dict(result.totals) == {"Ana": -51, "Bo": -59, "Cy": -69}
    assert (result.winners, result.decided_by) == (("Ana",), "score")


# --- a Quiz played before a Contest is resolved -----------------------------------------------

def _quiz_with_contest_pending() -> tuple[Scenario, int]:
    s = Scenario(3)
    s.play("Bo", "contest-1")
    s.play("Ana", "quiz-1")
    return s, s.play("Cy", "gallery-1")


def test_cards_are_played_until_the_pending_contest_is_resolved() -> None:
    s, _ = _quiz_with_contest_pending()
    s.play("Bo", "gallery-1")
    s.add("Bo", "resolve", contest="blue-contest-1", winner="Cy")
    s.add("Cy", "reward", for_="blue-contest-1", from_="pile")
    halted = s.play("Cy", "gallery-2")  # the Contest is resolved: only now the game halts
    for name in ("Ana", "Bo", "Cy"):
        s.add(name, "vote", vote=True)
    s.add("Ana", "start")
    assert _verdicts(s) == [(halted, "quiz_halt", "refused")]


def test_the_quiz_halts_at_once_under_the_option() -> None:
    s, index = _quiz_with_contest_pending()
    assert _verdicts(s, quiz_with_contest_pending="halt_at_quiz") == [(index, "quiz_halt", "refused")]


def test_votes_and_a_second_quiz_wait_for_the_contest() -> None:
    s, _ = _quiz_with_contest_pending()
    vote = s.add("Ana", "vote", vote=True)
    second = s.play("Cy", "quiz-1")
    assert _verdicts(s) == [(vote, "contest_before_quiz", "refused"),
                            (second, "contest_before_quiz", "refused")]


# --- wrong Likes left in place until scoring --------------------------------------------------

def _halt_like(first_in_halt: bool) -> Scenario:
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    if not first_in_halt:
        s.play("Cy", "like-1", on="red-gallery-1")
    s.play("Bo", "quiz-1")
    s.play("Cy", "like-2" if not first_in_halt else "like-1", on="red-gallery-1")
    for name in ("Bo", "Ana", "Cy"):
        s.add(name, "vote", vote=True)
    s.add("Bo", "start")
    if first_in_halt:
        s.play("Cy", "like-2", on="red-gallery-1")
    return s


def test_a_like_left_in_place_during_a_halt_makes_the_next_one_a_duplicate() -> None:
    result = _round(_halt_like(first_in_halt=True), like_during_halt="returned_at_scoring")
    assert [(v.index, v.rule) for v in result.violations] == [(2, "quiz_halt"),
                                                                (7, "like_once_per_gallery")]
    cy = next(p for p in result.players if p.name == "Cy")
    assert [(r.card, r.rule) for r in cy.returned] == [("green-like-1", "quiz_halt"),
                                                       ("green-like-2", "like_once_per_gallery")]


def test_a_like_in_a_halt_after_a_legal_one_goes_back_once() -> None:
    result = _round(_halt_like(first_in_halt=False), like_during_halt="returned_at_scoring")
    cy = next(p for p in result.players if p.name == "Cy")
    assert [(r.card, r.rule) for r in cy.returned] == [("green-like-2", "quiz_halt")]


def test_the_owners_own_like_left_in_place_closes_his_gallery() -> None:
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    s.play("Ana", "like-1", on="red-gallery-1")
    late = s.play("Bo", "like-1", on="red-gallery-1")
    assert _verdicts(s, like_own_gallery="returned_at_scoring") == [
        (1, "like_own_gallery", "corrected_at_scoring"),
        (late, "like_closed_gallery", "corrected_at_scoring")]


# --- a Contest's reward: "Then ... may put" ---------------------------------------------------

def _late_reward() -> tuple[Scenario, int]:
    s = Scenario(3)
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    s.play("Bo", "gallery-1")
    return s, s.add("Bo", "reward", for_="red-contest-1", from_="pile")


def test_a_reward_not_put_down_then_has_lapsed() -> None:
    s, index = _late_reward()
    assert _verdicts(s) == [(index, "reward_earned", "refused")]


def test_a_reward_is_kept_for_the_round_under_the_option() -> None:
    s, _ = _late_reward()
    assert _verdicts(s, contest_reward_lapses="never") == []


def test_another_players_action_does_not_take_a_reward_away() -> None:
    s = Scenario(3)
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    s.play("Cy", "gallery-1")
    s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    s.add("Bo", "reward", for_="red-contest-1", from_="pile")
    assert _verdicts(s) == []


# --- every quote is the rulebook's own words --------------------------------------------------

def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _rulebook() -> str:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook is not beside the checkout ({RULEBOOK} is absent)")
    return _normal(RULEBOOK.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rule", SOCIAL_RULES, ids=lambda rule: rule.name)
def test_every_rule_quotes_the_rulebook_exactly(rule) -> None:
    assert _normal(rule.rulebook) in _rulebook()
    assert "(" not in rule.reading[:1] and "..." not in rule.rulebook


@pytest.mark.parametrize("option", SOCIAL_OPTIONS, ids=lambda option: option.name)
def test_every_option_quotes_the_rulebook_exactly(option) -> None:
    assert _normal(option.rulebook) in _rulebook()
