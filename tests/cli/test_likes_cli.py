"""``verify likes round`` and ``verify likes game`` as a user runs them: verdicts naming the
rule broken (one test input per rule, breaking only that rule), bad input, exit statuses."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "likes"
ROUND = json.loads((EXAMPLES / "round-third-influencer.json").read_text(encoding="utf-8"))
GAME = json.loads((EXAMPLES / "game-worked-example.json").read_text(encoding="utf-8"))


def verify(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["likes", *args], input=input)


def write(tmp_path: Path, doc: Any, name: str = "doc.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def answer(tmp_path: Path, command: str, doc: dict, *flags: str) -> tuple[int, dict]:
    result = verify(command, write(tmp_path, doc), "--json", *flags)
    assert result.exit_code in (0, 1), result.output + result.stderr
    return result.exit_code, json.loads(result.stdout)


def test_example_round_resolves_step_by_step() -> None:
    result = verify("round", str(EXAMPLES / "round-third-influencer.json"), "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["legal"] and out["influencer"] == "Ben" and out["reported"] == "Dee"
    ben = [(s["rule"], s["move"]) for s in out["steps"] if s["player"] == "Ben" and s["move"]]
    assert ben == [("influencer_third", -3), ("true_information", -3), ("event", 2)]
    assert [p["position"] for p in out["players"]] == [8, 5, 5, 1]


def test_example_game_is_won_by_dee() -> None:
    result = verify("game", str(EXAMPLES / "game-worked-example.json"))
    assert result.exit_code == 0
    assert "Round  4: Influencer Ana -3" in result.stdout
    assert result.stdout.rstrip().endswith("Won by Dee in round 11.")


@pytest.mark.parametrize("name,command,rule", [
    ("round-own-vote.json", "round", "vote_own_card"),
    ("game-report-in-tie.json", "game", "report_by_influencer"),
])
def test_illegal_examples_exit_1(name: str, command: str, rule: str) -> None:
    text = verify(command, str(EXAMPLES / name))
    assert text.exit_code == 1 and f"Rule {rule}:" in text.stdout
    result = verify(command, str(EXAMPLES / name), "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["violation"]["rule"] == rule


def _round(change: Callable[[dict], None]) -> dict:
    doc = copy.deepcopy(ROUND)
    change(doc)
    return doc


def _players(doc: dict, index: int, **values: Any) -> None:
    doc["players"][index].update(values)


# Each input breaks exactly one rule of a legal round (the shipped example).
ROUND_BREAKS: dict[str, tuple[Callable[[dict], None], str, tuple[str, ...]]] = {
    "one_play (twice)": (lambda d: d["round"]["plays"].append(
        {"player": "Ana", "content": "C15", "intent": "M4"}), "round.plays[4]", ()),
    "one_play (missing)": (lambda d: d["round"]["plays"].pop(3), "round.plays", ()),
    "content_once": (lambda d: d["round"]["plays"][3].update(content="C13"), "round.plays[3]", ()),
    "intent_from_deck": (lambda d: _players(d, 0, intent_deck=["M1", "M2"]), "round.plays[0]", ()),
    "intent_top_card": (lambda d: _players(d, 0, intent_deck=["M1", "M3"]), "round.plays[0]",
                        ("--rule", "intent_source=draw_top")),
    "intents_spent": (lambda d: _players(d, 0, intent_deck=[]), "players[0].intent_deck", ()),
    "every_player_votes": (lambda d: d["round"]["votes"].pop(3), "round.votes", ()),
    "one_like_token": (lambda d: d["round"]["votes"].append({"voter": "Dee", "card": "C11"}),
                       "round.votes[4]", ()),
    "vote_own_card": (lambda d: d["round"]["votes"][2].update(card="C13"), "round.votes[2]", ()),
    "vote_taken_back": (lambda d: d["round"]["votes"].insert(
        3, {"voter": "Dee", "card": "C11", "taken_back": True}), "round.votes[3]", ()),
    "simultaneous_votes": (lambda d: [v.update(at=7 if v["voter"] != "Dee" else 8)
                                      for v in d["round"]["votes"]], "round.votes[3]", ()),
    "report_by_influencer": (lambda d: d["round"]["reports"][0].update(by="Ana"),
                             "round.reports[0]", ()),
    "report_other_player": (lambda d: d["round"]["reports"][0].update(target="Ben"),
                            "round.reports[0]", ()),
    "report_one": (lambda d: d["round"]["reports"].append({"by": "Ben", "target": "Ana"}),
                   "round.reports[1]", ()),
    "event (no draw)": (lambda d: d["round"]["events"].clear(), "round.events", ()),
    "event (draw without landing)": (lambda d: d["round"]["events"].append(
        {"player": "Ana", "card": "E01"}), "round.events[1]", ()),
    "first_event_only": (lambda d: d["round"]["events"].append(
        {"player": "Ben", "card": "E01"}), "round.events[1]", ()),
}


@pytest.mark.parametrize("case", sorted(ROUND_BREAKS))
def test_round_input_breaking_one_rule_is_named(tmp_path: Path, case: str) -> None:
    change, path, flags = ROUND_BREAKS[case]
    code, out = answer(tmp_path, "round", _round(change), *flags)
    assert code == 1 and not out["legal"]
    assert out["violation"]["rule"] == case.split(" ")[0]
    assert out["violation"]["path"] == path
    assert out["violation"]["rulebook"]


def _game(change: Callable[[dict], None]) -> dict:
    doc = copy.deepcopy(GAME)
    change(doc)
    return doc


def _replay_content(doc: dict, round_index: int, play_index: int) -> None:
    """Play again, in a later round, the Content card the same seat played in round 1."""
    old = doc["rounds"][round_index]["plays"][play_index]["content"]
    reused = doc["rounds"][0]["plays"][play_index]["content"]
    doc["rounds"][round_index]["plays"][play_index]["content"] = reused
    for vote in doc["rounds"][round_index]["votes"]:
        if vote["card"] == old:
            vote["card"] = reused


GAME_BREAKS: dict[str, tuple[Callable[[dict], None], str, tuple[str, ...]]] = {
    "caption_once": (lambda d: d["rounds"][2].update(caption=d["rounds"][1]["caption"]),
                     "rounds[2].caption", ()),
    "content_once": (lambda d: _replay_content(d, 2, 0), "rounds[2].plays[0]", ()),
    "game_over": (lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][-1])), "rounds[11]", ()),
}


@pytest.mark.parametrize("case", sorted(GAME_BREAKS))
def test_game_input_breaking_one_rule_is_named(tmp_path: Path, case: str) -> None:
    change, path, flags = GAME_BREAKS[case]
    code, out = answer(tmp_path, "game", _game(change), *flags)
    assert code == 1 and out["status"] == "illegal"
    assert out["violation"]["rule"] == case
    assert out["violation"]["path"] == path


def test_game_stops_at_the_first_illegal_round(tmp_path: Path) -> None:
    doc = _game(lambda d: d["rounds"][5]["votes"][0].update(taken_back=True))
    code, out = answer(tmp_path, "game", doc)
    assert code == 1 and out["decided_in_round"] == 6 and out["rounds_played"] == 5


def test_unfinished_log_is_not_a_verdict(tmp_path: Path) -> None:
    code, out = answer(tmp_path, "game", _game(lambda d: d["rounds"].__delitem__(slice(5, None))))
    assert code == 0 and out["status"] == "unfinished" and out["winners"] == []


def test_rule_flag_changes_the_answer(tmp_path: Path) -> None:
    doc = _game(lambda d: d["rounds"].__delitem__(slice(4, None)))
    _, literal = answer(tmp_path, "game", doc)
    _, tie = answer(tmp_path, "game", doc, "--rule", "intent_in_tie=others")
    # Round 3 is a tie: with the option, Cy and Dee move by their Intent cards too.
    assert [p["position"] for p in literal["rounds"][2]["players"]] == [12, 4, 0, 6]
    assert [p["position"] for p in tie["rounds"][2]["players"]] == [12, 4, 1, 8]
    assert tie["rules"]["intent_in_tie"] == "others" and literal["rules"]["intent_in_tie"] == "nobody"


# Bad input: one line on stderr naming the file and the JSON path, exit 2, nothing on stdout.
BAD_ROUNDS: dict[str, tuple[Callable[[dict], None], str]] = {
    "unknown voter": (lambda d: d["round"]["votes"][0].update(voter="Zed"), "round.votes[0].voter"),
    "unknown Intent card": (lambda d: d["round"]["plays"][0].update(intent="X9"),
                            "round.plays[0].intent"),
    "unknown Event card": (lambda d: d["round"]["events"][0].update(card="E99"),
                           "round.events[0].card"),
    "vote on no card": (lambda d: d["round"]["votes"][0].update(card="C99"), "round.votes[0].card"),
    "counter of 10": (lambda d: _players(d, 0, likes=10), "players[0].likes"),
    "pawn on Viral": (lambda d: _players(d, 1, position=25), "players[1].position"),
    "two runs": (lambda d: _players(d, 2, streak=1), "players[2].streak"),
    "two players": (lambda d: d["players"].__delitem__(slice(2, None)), "players"),
    "duplicate player": (lambda d: _players(d, 3, name="Ana"), "players[3].name"),
    "unknown key": (lambda d: d["round"].update(mood="tense"), "round.mood"),
    "boolean as integer": (lambda d: _players(d, 0, likes=True), "players[0].likes"),
    "unknown rule": (lambda d: d.update(rules={"house_rule": True}), "rules.house_rule"),
    "bad rule value": (lambda d: d.update(rules={"intent_in_tie": "some"}), "rules.intent_in_tie"),
    "restart run too long": (lambda d: d.update(rules={"streak_after_third": "restart"})
                             or _players(d, 1, streak=3), "players[1].streak"),
}


@pytest.mark.parametrize("case", sorted(BAD_ROUNDS))
def test_bad_round_input_exits_2_with_the_path(tmp_path: Path, case: str) -> None:
    change, path = BAD_ROUNDS[case]
    file = write(tmp_path, _round(change))
    result = verify("round", file, "--json")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"verify: {file}: {path}: ")


def test_bad_game_input_names_the_round(tmp_path: Path) -> None:
    file = write(tmp_path, _game(lambda d: d["rounds"][7]["plays"][1].update(player="Zed")))
    result = verify("game", file)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"verify: {file}: rounds[7].plays[1].player: unknown player Zed"


@pytest.mark.parametrize("text,message", [
    ("{", "not valid JSON"),
    ('{"players": [], "players": []}', "key appears twice"),
    ("[1, 2]", ""),
])
def test_malformed_documents_exit_2(tmp_path: Path, text: str, message: str) -> None:
    result = verify("round", write(tmp_path, text))
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_bad_board_file_is_named(tmp_path: Path) -> None:
    board = write(tmp_path, {"spaces_to_viral": 25, "event_spaces": [3, 25]}, "board.json")
    result = verify("round", str(EXAMPLES / "round-third-influencer.json"), "--board", board)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"verify: {board}: event_spaces[1]: ")


def test_bad_rule_flag_is_bad_input() -> None:
    result = verify("round", str(EXAMPLES / "round-third-influencer.json"),
                    "--rule", "intent_in_tie=maybe")
    assert result.exit_code == 2 and result.stderr.startswith("verify: --rule: intent_in_tie: ")


def test_standard_input_is_read() -> None:
    result = verify("round", "-", "--json", input=json.dumps(ROUND))
    assert result.exit_code == 0 and json.loads(result.stdout)["influencer"] == "Ben"


def test_user_catalogues_are_used(tmp_path: Path) -> None:
    board = write(tmp_path, {"spaces_to_viral": 30, "event_spaces": []}, "board.json")
    result = verify("round", str(EXAMPLES / "round-third-influencer.json"), "--json",
                    "--board", board)
    # Ben's Event card is no longer drawn: the board has no Event spaces.
    assert result.exit_code == 1
    assert json.loads(result.stdout)["violation"]["path"] == "round.events[0]"
