"""Every game's rulings pass, and a ruling that fails names what differs."""

from __future__ import annotations

import copy
import json

import pytest

from checks import asking, registry
from checks.rulings import differences, load, module, run_one, run_rulings
from model.common.question import all_questions

#: The White House rulings replay whole games through the Trick solver; their own test file runs
#: them, so here they are only loaded.
FAST_GAMES = ("socks", "social", "likes")
CASES = [(game, ruling["name"]) for game in FAST_GAMES for ruling in module(game).load_rulings()]


def test_every_game_ships_rulings_with_a_source_and_an_expected_outcome() -> None:
    for game in registry.game_names():
        found = load(game)
        assert found, game
        for ruling in found:
            assert ruling["name"] and ruling["source"] and isinstance(ruling["expected"], dict), ruling["name"]


@pytest.mark.parametrize("game,name", CASES)
def test_ruling_passes(game: str, name: str) -> None:
    ruling = next(r for r in module(game).load_rulings() if r["name"] == name)
    result = run_one(game, ruling)
    assert result.passed, "\n".join(result.differences)


def test_a_failing_ruling_names_the_path_that_differs() -> None:
    ruling = copy.deepcopy(load("likes")[0])
    key = next(k for k in ("positions", "likes") if isinstance(ruling["expected"].get(k), dict))
    player = sorted(ruling["expected"][key])[0]
    ruling["expected"][key][player] += 100
    result = run_one("likes", ruling)
    assert not result.passed
    assert any(line.startswith(f"{key}.{player}: expected ") for line in result.differences)


def test_differences_walk_dicts_and_lists() -> None:
    assert differences({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == ["a[1].b: expected 2, got 3"]
    assert differences({"a": True}, {"a": 1}) == ["a: expected true, got 1"]
    assert differences({"a": 1}, {}) == ["a: expected 1, got nothing"]


def test_run_rulings_covers_one_game_or_all() -> None:
    assert {r.game for r in run_rulings("socks")} == {"socks"}


# --- the rulings of the questions users ask (checks.asking) ---------------------------------------

QUESTION_CASES = [(game, ruling["name"]) for game in registry.game_names()
                  for ruling in asking.load_question_rulings(game)]


@pytest.mark.parametrize("game,name", QUESTION_CASES)
def test_question_ruling_passes(game: str, name: str) -> None:
    ruling = next(r for r in asking.load_question_rulings(game) if r["name"] == name)
    result = run_one(game, ruling)
    assert result.passed, "\n".join(result.differences)


def test_every_question_has_rulings_with_an_exit_status() -> None:
    asked = {}
    for game in registry.game_names():
        for ruling in asking.load_question_rulings(game):
            question = asking.question_named(ruling["question"])
            assert question.game == game, ruling["name"]
            assert isinstance(ruling["expected"]["exit_status"], int), ruling["name"]
            assert ruling["source"].strip(), ruling["name"]
            asked.setdefault(question.name, set()).add(ruling["expected"]["exit_status"])
    assert sorted(asked) == sorted(q.name for q in all_questions())


def test_a_question_ruling_with_the_wrong_exit_status_fails() -> None:
    ruling = copy.deepcopy(next(r for r in asking.load_question_rulings("whitehouse")
                                if r["name"] == "tricks-03-claim-above-maximum"))
    ruling["expected"]["exit_status"] = 0
    result = run_one("whitehouse", ruling)
    assert not result.passed
    assert result.differences == ("exit_status: expected 0, got 1",)


def test_a_refused_question_gives_its_one_line_and_exit_2() -> None:
    ruling = next(r for r in asking.load_question_rulings("whitehouse") if r["name"] == "tricks-11-claim-out-of-range")
    assert asking.ask(ruling) == {"exit_status": 2,
                                  "line": "--claim: a claim is a Trick total from 0 to 2147483647, not -1"}


def test_question_rulings_are_run_by_verify_rulings() -> None:
    names = {r.name for r in run_rulings("whitehouse")}
    assert {"tricks-01-claim-at-maximum", "setup-redeal"} <= names


def test_a_ruling_argument_is_read_as_the_command_line_reads_it() -> None:
    ruling = next(r for r in asking.load_question_rulings("whitehouse") if r["name"] == "move-argument-notation")
    as_text = asking.ask(ruling)
    as_document = asking.ask({**{k: v for k, v in ruling.items() if k != "arguments"},
                              "documents": {"move": {"move": "take", "row": "supporter", "slot": "middle",
                                                     "discards": [9]}}})
    assert as_text == as_document
    assert as_text["exit_status"] == 0


def test_a_ruling_argument_for_a_document_read_only_from_a_file_is_the_rulings_own_bug() -> None:
    ruling = next(r for r in asking.load_question_rulings("whitehouse") if r["name"] == "move-argument-notation")
    with pytest.raises(ValueError, match="read from a file only"):
        asking.ask({**ruling, "arguments": {"position": "legal-take.json"}})


def test_a_question_ruling_states_lines_of_the_text_answer() -> None:
    ruling = copy.deepcopy(next(r for r in asking.load_question_rulings("whitehouse") if r["name"] == "move-play-swap"))
    assert run_one("whitehouse", ruling).passed
    said = ruling["expected"]["text"][1]
    ruling["expected"]["text"] = [said.replace("giving S5", "giving S9")]
    result = run_one("whitehouse", ruling)
    assert result.differences == (f"text[0]: expected {json.dumps(said.replace('giving S5', 'giving S9'))}, "
                                  f"got {json.dumps(said)}",)


def test_a_ruling_without_text_lines_is_judged_on_its_answer_alone() -> None:
    ruling = next(r for r in asking.load_question_rulings("whitehouse") if r["name"] == "move-legal-take")
    assert "text" not in ruling["expected"]
    assert "text" not in asking.evaluate(ruling)
    assert asking.ask(ruling)["text"][0].startswith("legal: take supporter middle")
