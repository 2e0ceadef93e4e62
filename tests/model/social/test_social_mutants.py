"""Rules of Social Network that are easy to get almost right: who is rewarded how much, what a
Profile shows, how a tie is broken, when a 2-player round ends, the answer to "was that Like
legal?" in a Quiz halt. Each test changes one thing and names the rule it holds."""

from __future__ import annotations

import pytest
from social_logs import Scenario

from model.social.engine import End, judge_game, judge_like, judge_round
from model.social.io import parse_game, parse_round
from model.social.rules import SocialRules
from model.social.state import GalleryView, LikeMoment

GALLERIES = {"gallery": 23, "like": 0, "contest": 0, "quiz": 0}


def _round(scenario: Scenario, **extra):
    doc = scenario.log()
    doc.update(extra)
    setup, rules = parse_round("scenario", doc)
    return judge_round(setup, rules)


def _verdicts(scenario: Scenario, **extra) -> list[tuple[int, str]]:
    return [(v.index, v.rule) for v in _round(scenario, **extra).violations]


def _score(result, name: str):
    return next(p for p in result.players if p.name == name)


# --- rewards after a Contest ---------------------------------------------------------------------

def test_the_originator_puts_down_one_card_when_another_player_wins_the_contest() -> None:
    s = Scenario(3)
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    s.add("Bo", "reward", for_="red-contest-1", from_="pile")
    s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    second = s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    assert _verdicts(s) == [(second, "reward_earned")]


@pytest.mark.parametrize("reading,allowed", [("two_cards", 2), ("one_card", 1)])
def test_an_originator_who_wins_his_own_contest_puts_down_what_the_option_says(reading: str, allowed: int) -> None:
    s = Scenario(3, rules={"contest_originator_wins": reading})
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Ana")
    for _ in range(allowed):
        s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    extra = s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    assert _verdicts(s) == [(extra, "reward_earned")]


# --- what a Profile shows ------------------------------------------------------------------------

def test_a_reward_lies_face_down_and_a_played_card_face_up() -> None:
    s = Scenario(3)
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    s.add("Ana", "reward", for_="red-contest-1", from_="hand", card="red-gallery-1")
    ana = _score(_round(s), "Ana")
    assert ana.profile == (("red-contest-1", True), ("red-gallery-1", False))


def test_a_like_lies_face_up_in_the_profile_of_the_gallery_owner() -> None:
    s = Scenario(3)
    s.play("Ana", "gallery-1")
    s.play("Bo", "like-1", on="red-gallery-1")
    result = _round(s)
    assert _score(result, "Ana").profile == (("red-gallery-1", True), ("blue-like-1", True))
    assert _score(result, "Bo").profile == ()
    # Bo's Like stands: +2 for Ana's two Profile cards, -22 for the cards she still holds.
    assert _score(result, "Ana").score == 2 - 22


def test_a_score_names_the_players_colour() -> None:
    result = _round(Scenario(3))
    assert [(p.name, p.colour) for p in result.players] == [("Ana", "red"), ("Bo", "blue"), ("Cy", "green")]


def test_a_round_of_two_is_the_two_player_variant() -> None:
    assert _round(Scenario(2)).variant == "two_player"
    assert _round(Scenario(3)).variant == "base"


# --- the 2-player turn ---------------------------------------------------------------------------

def test_the_player_named_first_takes_the_first_turn() -> None:
    s = Scenario(2)
    first = s.play("Ana", "gallery-1")
    assert _verdicts(s, first="Bo") == [(first, "turn_order")]
    assert _verdicts(s, first="Ana") == []


def test_a_round_of_two_ends_at_the_second_pass_in_a_row() -> None:
    s = Scenario(2)
    s.play("Ana", "gallery-1")
    s.add("Bo", "pass")
    second = s.add("Ana", "pass")
    assert _round(s).end == End("both_passed", second, "Ana")


# --- the winner of a game ------------------------------------------------------------------------

def _galleries_round(plays: dict[str, int]) -> dict:
    s = Scenario(3, composition=GALLERIES)
    for name in s.names:
        s.piles[name] = sorted(s.piles[name], key=lambda c: int(c.rsplit("-", 1)[1]))
    for name, count in plays.items():
        for n in range(1, count + 1):
            s.play(name, f"gallery-{n}")
    return s.log()


def _game(*plays: dict[str, int]):
    rounds = [_galleries_round(p) for p in plays]
    doc = {"players": rounds[0]["players"], "deck": {"composition": GALLERIES},
           "rounds": [{"piles": r["piles"], "events": r["events"]} for r in rounds]}
    setup, rules = parse_game("game", doc)
    return judge_game(setup, rules)


def test_a_tie_on_points_goes_to_the_best_single_round() -> None:
    # A round of n Galleries scores n - (23 - n): Ana 4+2+3, Bo 3+3+3, the same total.
    result = _game({"Ana": 4, "Bo": 3}, {"Ana": 2, "Bo": 3}, {"Ana": 3, "Bo": 3})
    assert dict(result.totals)["Ana"] == dict(result.totals)["Bo"]
    assert (result.winners, result.decided_by) == (("Ana",), "best_round")


def test_a_tie_on_points_and_on_the_best_round_is_shared() -> None:
    result = _game({"Ana": 3, "Bo": 4}, {"Ana": 4, "Bo": 3}, {"Ana": 3, "Bo": 3})
    assert (result.winners, result.decided_by) == (("Ana", "Bo"), "shared")


def test_a_win_on_points_keeps_every_rounds_verdict() -> None:
    result = _game({"Ana": 3}, {"Ana": 3}, {"Ana": 3})
    assert (result.winners, result.decided_by) == (("Ana",), "score")
    assert [r.players[0].score for r in result.rounds] == [-17, -17, -17]


# --- "was that Like legal?" during a Quiz halt ---------------------------------------------------

def _halt_moment() -> LikeMoment:
    gallery = GalleryView("red-gallery-1", "Ana", True, (), False)
    return LikeMoment(("Ana", "Bo", "Cy"), (gallery,), "Bo", "red-gallery-1", True)


@pytest.mark.parametrize("reading,remedy", [("refused", "refused"), ("returned_at_scoring", "corrected_at_scoring")])
def test_no_like_stands_during_a_quiz_halt(reading: str, remedy: str) -> None:
    answer = judge_like(_halt_moment(), SocialRules(like_during_halt=reading))
    assert (answer.legal, answer.rule, answer.remedy) == (False, "quiz_halt", remedy)


def test_the_originator_puts_down_one_card_when_nobody_wins_under_the_option() -> None:
    s = Scenario(3, rules={"contest_no_winner": "originator"})
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner=None)
    s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    second = s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    assert _verdicts(s) == [(second, "reward_earned")]


def test_the_duel_winner_and_under_the_option_its_originator_put_down_one_card_each() -> None:
    s = Scenario(2, rules={"duel_originator_reward": True})
    s.play("Ana", "contest-1")
    s.add("Ana", "resolve", contest="red-contest-1", winner="Bo")
    s.add("Bo", "reward", for_="red-contest-1", from_="pile")
    s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    extra = s.add("Ana", "reward", for_="red-contest-1", from_="pile")
    assert [rule for _, rule in _verdicts(s)] == ["reward_earned"]
    assert _verdicts(s)[0][0] == extra
