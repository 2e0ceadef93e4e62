"""Each rule of Social Network: one event that breaks only that rule is found, with its name."""

from __future__ import annotations

import pytest
from social_logs import Scenario

from model.social.engine import judge_round
from model.social.io import parse_round
from model.social.rules import RULES_BY_NAME, SOCIAL_RULES


def _played_out(scenario: Scenario, player: str) -> None:
    """``player`` plays every card of a one-kind deck, drawing as the hand empties."""
    for start in range(0, 23, 5):
        if start:
            scenario.add(player, "draw")
        for n in range(start + 1, min(start + 5, 23) + 1):
            scenario.play(player, f"gallery-{n}")


def round_over():
    s = Scenario(3, composition={"gallery": 23, "like": 0, "contest": 0, "quiz": 0})
    s.piles["Ana"] = sorted(s.piles["Ana"], key=lambda c: int(c.rsplit("-", 1)[1]))
    _played_out(s, "Ana")
    return s, s.play("Bo", "gallery-1")


def quiz_halt():
    s = Scenario(3)
    s.play("Ana", "quiz-1")
    return s, s.play("Bo", "gallery-1")


def card_not_in_hand():
    s = Scenario(3)
    return s, s.play("Ana", "gallery-2")


def draw_below_five():
    s = Scenario(3)
    return s, s.add("Ana", "draw")


def draw_up_to_five():
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    return s, s.add("Ana", "draw", count=2)


def draw_from_pile():
    s = Scenario(3, composition={"gallery": 23, "like": 0, "contest": 0, "quiz": 0})
    s.piles["Ana"] = sorted(s.piles["Ana"], key=lambda c: int(c.rsplit("-", 1)[1]))
    for n in range(1, 6):
        s.play("Ana", f"gallery-{n}")
    s.add("Ana", "draw")
    for n in range(6, 11):
        s.play("Ana", f"gallery-{n}")
    s.add("Ana", "draw")
    for n in range(11, 16):
        s.play("Ana", f"gallery-{n}")
    s.add("Ana", "draw")
    for n in range(16, 21):
        s.play("Ana", f"gallery-{n}")
    return s, s.add("Ana", "draw", count=5)  # 3 cards left in the pile


def draw_before_playing():
    s = Scenario(3, rules={"draw_up_to_five": "required"})
    s.play("Ana", "gallery-1")
    return s, s.play("Ana", "contest-1")


def like_on_active_gallery():
    s = Scenario(3)
    s.play("Ana", "contest-1")
    return s, s.play("Bo", "like-1", on="red-contest-1")


def like_closed_gallery():
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    s.play("Ana", "contest-1")
    return s, s.play("Bo", "like-1", on="red-gallery-1")


def like_once_per_gallery():
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    s.play("Bo", "like-1", on="red-gallery-1")
    return s, s.play("Bo", "like-2", on="red-gallery-1")


def like_own_gallery():
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    return s, s.play("Ana", "like-1", on="red-gallery-1")


def contest_not_pending():
    s = Scenario(3)
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    return s, s.add("Ana", "resolve", contest="red-contest-1", winner="Cy")


def contest_decided_by_originator():
    s = Scenario(3)
    s.play("Ana", "contest-1")
    return s, s.add("Bo", "resolve", contest="red-contest-1", winner="Bo")


def contest_winner():
    s = Scenario(3)
    s.play("Ana", "contest-1")
    return s, s.add("Ana", "resolve", contest="red-contest-1", winner="Ana")


def reward_earned():
    s = Scenario(3)
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Cy")
    return s, s.add("Bo", "reward", for_="red-contest-1", from_="pile")


def reward_from_pile():
    s = Scenario(3, composition={"gallery": 22, "like": 0, "contest": 1, "quiz": 0})
    s.piles["Ana"] = ["red-contest-1"] + [f"red-gallery-{n}" for n in range(1, 23)]
    hand, pile = s.piles["Ana"][1:5], s.piles["Ana"][5:]
    while pile:
        for card in hand:
            s.add("Ana", "play", card=card)
        s.add("Ana", "draw")
        hand, pile = pile[:4], pile[4:]
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    return s, s.add("Ana", "reward", for_="red-contest-1", from_="pile")


def contest_before_quiz():
    s = Scenario(3)
    s.play("Bo", "contest-1")
    s.play("Ana", "quiz-1")
    return s, s.add("Ana", "vote", vote=True)


def no_quiz_running():
    s = Scenario(3)
    return s, s.add("Ana", "vote", vote=True)


def quiz_author_votes_first():
    s = Scenario(3)
    s.play("Ana", "quiz-1")
    return s, s.add("Bo", "vote", vote=True)


def quiz_one_vote_each():
    s = Scenario(3)
    s.play("Ana", "quiz-1")
    s.add("Ana", "vote", vote=True)
    return s, s.add("Ana", "vote", vote=False)


def quiz_start():
    s = Scenario(3)
    s.play("Ana", "quiz-1")
    for name in ("Ana", "Bo", "Cy"):
        s.add(name, "vote", vote=True)
    return s, s.add("Bo", "start")


def pass_two_player_only():
    s = Scenario(3)
    return s, s.add("Ana", "pass")


def turn_order():
    s = Scenario(2)
    s.play("Ana", "gallery-1")
    return s, s.play("Ana", "contest-1")


def one_action_per_turn():
    s = Scenario(2)
    s.play("Ana", "gallery-1")
    return s, s.add("Bo", "draw")


def duel_first():
    s = Scenario(2)
    s.play("Ana", "contest-1")
    return s, s.play("Bo", "gallery-1")


BREAKERS = {name: globals().get(name) for name in RULES_BY_NAME}


def test_every_rule_has_a_case_that_breaks_only_it() -> None:
    missing = [name for name, breaker in BREAKERS.items() if breaker is None]
    assert not missing, f"no case breaks only {missing}"


def _verdicts(scenario: Scenario) -> list[tuple[int, str]]:
    setup, rules = parse_round("scenario", scenario.log())
    return [(v.index, v.rule) for v in judge_round(setup, rules).violations]


@pytest.mark.parametrize("rule", [rule.name for rule in SOCIAL_RULES])
def test_an_event_breaking_only_this_rule_is_found_with_its_name(rule: str) -> None:
    breaker = BREAKERS[rule]
    assert breaker is not None, f"no case breaks only {rule}"
    scenario, index = breaker()
    assert _verdicts(scenario) == [(index, rule)]


@pytest.mark.parametrize("rule", [rule.name for rule in SOCIAL_RULES])
def test_the_same_log_without_the_breaking_event_is_legal(rule: str) -> None:
    breaker = BREAKERS[rule]
    assert breaker is not None, f"no case breaks only {rule}"
    scenario, index = breaker()
    del scenario.events[index:]
    assert _verdicts(scenario) == []


def test_every_rule_quotes_the_rulebook_and_names_a_remedy() -> None:
    for rule in SOCIAL_RULES:
        assert rule.rulebook.strip() and rule.remedy in ("refused", "corrected_at_scoring")
    corrected = {r.name for r in SOCIAL_RULES if r.remedy == "corrected_at_scoring"}
    assert corrected == {"like_closed_gallery", "like_once_per_gallery"}
