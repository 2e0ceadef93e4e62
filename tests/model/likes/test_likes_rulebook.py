"""Likes and Lies against the rulebook's own words: the Influencer's Event before his report,
the tie's +2 from its constant, the box's Content and Caption cards, the -2 for reporting True
Information, and every quote."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import model.likes.engine as engine
from cli import cli
from model.likes.engine import IllegalInput, resolve_round
from model.likes.io import round_file_from, sample_catalogue
from model.likes.rules import LIKES_OPTIONS, READINGS, RULEBOOK

#: The rulebook beside the checkout (CI keeps ../shared next to it).
RULEBOOK_FILE = (Path(__file__).resolve().parents[3].parent / "shared" / "rules"
                 / "likes-and-lies.txt")
CATALOGUE = sample_catalogue()  # Viral is 25; Event spaces 3, 7, 11, 14, 18, 22

# Ana is Influencer: +5 from 2 lands on the Event space 7 (E09, no effect) before she reports.
ROUND: dict[str, Any] = {
    "players": [{"name": "Ana", "position": 2, "likes": 0},
                {"name": "Ben", "position": 0, "likes": 0},
                {"name": "Cy", "position": 4, "likes": 0}],
    "round": {
        "caption": "K1",
        "plays": [{"player": "Ana", "content": "C1", "intent": "M3"},
                  {"player": "Ben", "content": "C2", "intent": "M1"},
                  {"player": "Cy", "content": "C3", "intent": "M2"}],
        "votes": [{"voter": "Ben", "card": "C1"}, {"voter": "Cy", "card": "C1"},
                  {"voter": "Ana", "card": "C2"}],
        "reports": [{"by": "Ana", "target": "Ben", "at": 2}],
        "events": [{"player": "Ana", "card": "E09", "at": 1}],
    },
}


def _resolve(doc: dict[str, Any]):
    rules, players, rnd = round_file_from("round", doc, CATALOGUE)
    return resolve_round(CATALOGUE, players, rnd, rules)


def _with(**times: int | None) -> dict[str, Any]:
    doc = copy.deepcopy(ROUND)
    if "report" in times:
        doc["round"]["reports"][0]["at"] = times["report"]
    if "draw" in times:
        doc["round"]["events"][0]["at"] = times["draw"]
    return doc


# --- "they should first execute the Event card before reporting anyone" ---------------------

def test_the_influencer_executes_his_event_card_before_reporting() -> None:
    result = _resolve(_with())
    rules = [s.rule for s in result.steps if s.player == "Ana"]
    assert rules.index("event") < rules.index("report")


@pytest.mark.parametrize("report", [0, 1])
def test_a_report_before_the_influencers_event_card_is_refused(report: int) -> None:
    with pytest.raises(IllegalInput) as caught:
        _resolve(_with(report=report))
    assert (caught.value.rule, caught.value.path) == ("event_before_report", "round.reports[0]")
    assert caught.value.sentence == RULEBOOK["event_before_report"]


def test_an_order_not_recorded_is_not_judged() -> None:
    assert _resolve(_with(report=None)).reported == "Ben"
    assert _resolve(_with(draw=None, report=0)).reported == "Ben"


def test_a_choice_not_to_report_reports_nobody_early() -> None:
    doc = _with(report=0)
    doc["round"]["reports"][0]["target"] = None
    assert _resolve(doc).reported is None


def test_an_event_reached_after_the_report_is_drawn_after_it() -> None:
    # Ben's -2 for reporting Dee's True Information takes him onto the Event space 3 (E02).
    doc = json.loads((Path(__file__).resolve().parents[3] / "examples" / "likes"
                      / "round-third-influencer.json").read_text(encoding="utf-8"))
    doc["round"]["reports"][0]["at"] = 1
    doc["round"]["events"][0]["at"] = 2
    assert _resolve(doc).reported == "Dee"


# --- "Tie: each player that is tied for first +2 steps" -------------------------------------

def test_the_tie_moves_by_its_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = copy.deepcopy(ROUND)
    # Ben -> Cy, Cy -> Ana, Ana -> Ben: one Like each, all tied for first.
    doc["round"]["votes"] = [{"voter": "Ben", "card": "C3"}, {"voter": "Cy", "card": "C1"},
                             {"voter": "Ana", "card": "C2"}]
    doc["round"]["reports"], doc["round"]["events"] = [], []
    monkeypatch.setattr(engine, "TIE_STEPS", 4)  # Ana 2 -> 6, Ben 0 -> 4, Cy 4 -> 8
    result = _resolve(doc)
    assert [(s.player, s.move) for s in result.steps if s.rule == "tie"] == [
        ("Ana", 4), ("Ben", 4), ("Cy", 4)]


# --- the box: 75 Content cards, 69 Caption cards ---------------------------------------------

def _long_game(rounds: int, players: int = 3) -> dict[str, Any]:
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"][:players]
    return {"players": [{"name": n} for n in names],
            "rounds": [{"caption": f"K{r}",
                        "plays": [{"player": n, "content": f"C{r}-{n}", "intent": "M1"}
                                  for n in names],
                        "votes": []} for r in range(1, rounds + 1)]}


def _run(tmp_path: Path, doc: dict[str, Any], *args: str):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return CliRunner().invoke(cli, ["likes", "game", str(path), *args]), str(path)


def test_a_game_with_more_content_cards_than_the_box_is_bad_input(tmp_path: Path) -> None:
    # 27 rounds of 3 players put 81 Content cards down; the 76th is the first of round 26.
    result, path = _run(tmp_path, _long_game(27))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"verify: {path}: rounds[25].plays[0].content: ")
    assert "75 Content cards" in result.stderr


def test_a_game_with_more_caption_cards_than_the_box_is_bad_input(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"spaces_to_viral": 25, "content_cards": 1000}), encoding="utf-8")
    result, path = _run(tmp_path, _long_game(70), "--board", str(board))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"verify: {path}: rounds[69].caption: ")


def test_a_board_file_may_state_its_own_counts(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"spaces_to_viral": 25, "content_cards": 81}), encoding="utf-8")
    result, _ = _run(tmp_path, _long_game(27), "--board", str(board))
    assert result.exit_code != 2, result.stderr


# --- the -2 for reporting True Information ----------------------------------------------------

def test_the_report_penalty_option_is_listed() -> None:
    result = CliRunner().invoke(cli, ["options", "--game", "likes"])
    assert result.exit_code == 0 and "report_penalty" in result.stdout
    option = next(o for o in LIKES_OPTIONS if o.name == "report_penalty")
    assert option.default == "with_intent" and option.values[0][1].startswith("literal")


# --- every quote is the rulebook's own words --------------------------------------------------

def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _rulebook() -> str:
    if not RULEBOOK_FILE.is_file():
        pytest.skip(f"the rulebook is not beside the checkout ({RULEBOOK_FILE} is absent)")
    return _normal(RULEBOOK_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rule", sorted(RULEBOOK))
def test_every_rule_quotes_the_rulebook_exactly(rule: str) -> None:
    assert _normal(RULEBOOK[rule]) in _rulebook()


@pytest.mark.parametrize("option", LIKES_OPTIONS, ids=lambda option: option.name)
def test_every_option_quotes_the_rulebook_exactly(option) -> None:
    assert _normal(option.rulebook) in _rulebook()


def test_readings_belong_to_named_rules() -> None:
    assert set(READINGS) <= set(RULEBOOK) and all(READINGS.values())
