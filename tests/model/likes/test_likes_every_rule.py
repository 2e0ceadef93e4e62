"""Likes and Lies, every named rule alone: for each rule of ``RULEBOOK`` one case, written by
hand from a small legal round, in which only that rule is at stake. A rule an input can break is
refused with its name (and the JSON path); a rule the engine applies is seen in the line it
writes, with the numbers worked out by hand here. A rule with neither fails the test."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from likes_cases import BASE, CATALOGUE
from likes_cases import resolve as _resolve

from model.common.errors import InputError
from model.likes.engine import IllegalInput, RoundResult, replay_game
from model.likes.io import game_file_from
from model.likes.rules import RULEBOOK


def _game_round(doc: dict[str, Any]) -> dict[str, Any]:
    """The base round from the start (everyone on 0, no report): nobody lands on an Event."""
    rnd = copy.deepcopy(doc["round"])
    rnd["reports"] = [{"by": "Ana", "target": None}]
    rnd["events"] = []
    return rnd


def _second_round(caption: str) -> dict[str, Any]:
    """The base round again with new Content and Intent cards."""
    rnd = _game_round(BASE)
    rnd["caption"] = caption
    for play in rnd["plays"]:
        play["content"] += "b"
        play["intent"] = {"M3": "M4", "T1": "T2", "M1": "M5", "M2": "M6"}[play["intent"]]
    for vote in rnd["votes"]:
        vote["card"] += "b"
    return rnd


def _game(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    game = {"players": [{"name": p["name"]} for p in BASE["players"]],
            "rounds": [_game_round(BASE)]}
    change(game)
    return game


def _round(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    change(doc)
    return doc


def _refusal(doc: dict[str, Any]) -> tuple[str, str]:
    """The rule named and the path of the refusal of a round or game document."""
    try:
        if "rounds" in doc:
            rules, players, rounds = game_file_from("case", doc, CATALOGUE)
            error = replay_game(CATALOGUE, players, rounds, rules).violation
            assert error is not None, "the game is legal"
            raise error
        _resolve(doc)
    except IllegalInput as error:
        return error.rule, error.path
    except InputError as error:
        # Bad input (exit 2) names the rule in its message.
        return error.message.rsplit("(rule ", 1)[-1].rstrip(")"), error.path
    raise AssertionError("the round is legal")


def _player(doc: dict[str, Any], index: int, **values: Any) -> None:
    doc["players"][index].update(values)


def _round_of(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["round"]


# A rule an input can break: the change that breaks it alone, and the path refused.
REFUSED: dict[str, tuple[Callable[[], dict[str, Any]], str]] = {
    "players": (lambda: _round(lambda d: d["players"].__delitem__(slice(2, None))), "players"),
    "one_play": (lambda: _round(lambda d: d["round"]["plays"].append(
        {"player": "Ana", "content": "C5", "intent": "M4"})), "round.plays[4]"),
    # Dee puts down Cy's card (Ana's Like follows the card to it).
    "content_once": (lambda: _round(lambda d: (d["round"]["plays"][3].update(content="C3"),
                                               d["round"]["votes"][3].update(card="C3"))),
                     "round.plays[3]"),
    "caption_once": (lambda: _game(lambda g: g["rounds"].append(_second_round("K1"))),
                     "rounds[1].caption"),
    "intent_from_deck": (lambda: _round(lambda d: _player(d, 0, intent_deck=["M1", "M2"])),
                         "round.plays[0]"),
    "intent_top_card": (lambda: _round(lambda d: (_player(d, 0, intent_deck=["M1", "M3"]),
                                                  d.update(rules={"intent_source": "draw_top"}))),
                        "round.plays[0]"),
    "intents_spent": (lambda: _round(lambda d: _player(d, 1, intent_deck=[])),
                      "players[1].intent_deck"),
    "every_player_votes": (lambda: _round(lambda d: d["round"]["votes"].pop()), "round.votes"),
    "one_like_token": (lambda: _round(lambda d: d["round"]["votes"].append(
        {"voter": "Ana", "card": "C3"})), "round.votes[4]"),
    "vote_own_card": (lambda: _round(lambda d: d["round"]["votes"][3].update(card="C1")),
                      "round.votes[3]"),
    "vote_taken_back": (lambda: _round(lambda d: d["round"]["votes"][3].update(taken_back=True)),
                        "round.votes[3]"),
    "simultaneous_votes": (lambda: _round(lambda d: [v.update(at=5 if v["voter"] != "Ana" else 6)
                                                     for v in d["round"]["votes"]]),
                           "round.votes[3]"),
    "report_by_influencer": (lambda: _round(lambda d: d["round"]["reports"][0].update(by="Cy")),
                             "round.reports[0]"),
    "report_other_player": (lambda: _round(lambda d: d["round"]["reports"][0].update(
        target="Ana")), "round.reports[0]"),
    "report_one": (lambda: _round(lambda d: d["round"]["reports"].append(
        {"by": "Ana", "target": "Cy"})), "round.reports[1]"),
    "event": (lambda: _round(lambda d: d["round"]["events"].pop(0)), "round.events"),
    "event_before_report": (lambda: _round(lambda d: d["round"]["reports"][0].update(at=0)),
                            "round.reports[0]"),
    "first_event_only": (lambda: _round(lambda d: d["round"]["events"].append(
        {"player": "Ana", "card": "E01"})), "round.events[2]"),
    "event_card_once": (lambda: _round(lambda d: (d["round"]["events"][1].update(card="E09"),
                                                  d.update(rules={"event_cards_discarded": True}))),
                        "round.events[1]"),
    "game_over": (lambda: _game(lambda g: (
        [p.update(intent_deck=[pl["intent"]]) for p, pl in zip(g["players"], BASE["round"]["plays"],
                                                                strict=True)],
        g["rounds"].append(_second_round("K2")))), "rounds[1]"),
}


def _lines(result: RoundResult, rule: str) -> list[tuple[str, int, int, int]]:
    return [(s.player, s.move, s.start, s.end) for s in result.steps if s.rule == rule]


def _order(result: RoundResult) -> list[str]:
    return [s.rule for s in result.steps]


# A rule the engine applies: the document and what it must write, worked out by hand.
APPLIED: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[RoundResult], bool]]] = {
    "likes": (lambda: BASE, lambda r: [(s.player, s.likes) for s in r.steps if s.rule == "likes"]
              == [("Ana", 3), ("Dee", 1)]),
    "report": (lambda: BASE, lambda r: [(s.player, s.card) for s in r.steps if s.rule == "report"]
               == [("Ana", "T1")] and r.reported == "Ben"),
    "no_report": (lambda: _round(lambda d: (d["round"]["reports"][0].update(target=None))),
                  lambda r: _lines(r, "no_report") == [("Ana", 0, 7, 7)] and r.reported is None),
    "influencer": (lambda: BASE, lambda r: _lines(r, "influencer") == [("Ana", 5, 2, 7)]),
    "influencer_third": (lambda: _round(lambda d: (_player(d, 0, streak=2, position=9),
                                                   d["round"]["events"].pop(0))),
                         lambda r: _lines(r, "influencer_third") == [("Ana", -3, 9, 6)]),
    "streak": (lambda: _round(lambda d: _player(d, 0, streak=1)),
               lambda r: [p.streak for p in r.players] == [2, 0, 0, 0]),
    # Ben -> Ana, Cy -> Dee, Dee -> Ana, Ana -> Dee: Ana and Dee tie with 2; Dee lands on 3.
    "tie": (lambda: _round(lambda d: (d["round"]["votes"][1].update(card="C4"),
                                      d["round"].update(reports=[], events=[
                                          {"player": "Dee", "card": "E12"}]))),
            lambda r: _lines(r, "tie") == [("Ana", 2, 2, 4), ("Dee", 2, 1, 3)]
            and r.influencer is None),
    "intent": (lambda: BASE, lambda r: _order(r).index("report") < min(
        i for i, rule in enumerate(_order(r)) if rule in ("misinformation", "true_information"))),
    "misinformation": (lambda: BASE, lambda r: _lines(r, "misinformation")
                       == [("Cy", 2, 4, 6), ("Dee", 2, 1, 3)]),
    "true_information": (lambda: BASE, lambda r: _lines(r, "true_information")
                         == [("Ben", 1, 0, 1), ("Ana", -2, 7, 5)]),
    # Third time in a row from space 2: -3 stops at Start.
    "start": (lambda: _round(lambda d: (_player(d, 0, streak=2),
                                        d["round"].update(events=[
                                            {"player": "Dee", "card": "E12"}]))),
              lambda r: _lines(r, "influencer_third") == [("Ana", -3, 2, 0)]
              and min(p.position for p in r.players) >= 0),
    # Ana 8 + 3 Likes: 10 are exchanged at once for a step, 2 -> 3 (an Event space: E09).
    "likes_exchange": (lambda: _round(lambda d: (_player(d, 0, likes=8),
                                                 d["round"]["events"][0].update(at=None))),
                       lambda r: _lines(r, "likes_exchange") == [("Ana", 1, 2, 3)]
                       and r.players[0].likes == 1),
    "viral": (lambda: _round(lambda d: _player(d, 2, position=23)),
              lambda r: r.reached_viral == ("Cy",) and r.winners == ("Cy",)),
}


def test_every_rule_has_one_case() -> None:
    assert not set(REFUSED) & set(APPLIED)
    missing = sorted(set(RULEBOOK) - set(REFUSED) - set(APPLIED))
    assert not missing, f"no case for {missing}"
    assert set(REFUSED) | set(APPLIED) == set(RULEBOOK)


def test_the_base_round_is_legal() -> None:
    result = _resolve(BASE)
    assert [p.position for p in result.players] == [5, 1, 6, 3]


@pytest.mark.parametrize("rule", sorted(REFUSED))
def test_an_input_breaking_only_this_rule_is_refused_with_its_name(rule: str) -> None:
    build, path = REFUSED[rule]
    assert _refusal(build()) == (rule, path)


@pytest.mark.parametrize("rule", sorted(APPLIED))
def test_an_applied_rule_writes_its_line(rule: str) -> None:
    build, holds = APPLIED[rule]
    assert holds(_resolve(build()))
