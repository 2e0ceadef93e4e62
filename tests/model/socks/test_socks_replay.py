"""Oh My Socks!: replaying logs. The two cards drawn and the winners are sets; a log may say where
the passed card went, and a pass against the arrow is refused under the pass rule; a result
claimed for a game that is not over is bad input; the formats state the seating convention."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from model.common.errors import InputError
from model.socks.io import LogIn, PositionIn
from model.socks.log import replay
from model.socks.random_play import write_log
from model.socks.rules import SocksRules
from solver.socks import score_game


def _log(seed: int, players: int, rules: SocksRules | None = None) -> dict[str, Any]:
    log, _ = write_log(seed, players, rules or SocksRules(), score_game=score_game)
    return log


def _replay(log: dict[str, Any]):
    return replay("log.json", log, score_game)


def test_a_shared_win_may_list_its_winners_in_any_order():
    log = _log(43, 3)
    assert log["result"]["winners"] == ["P1", "P2"]
    log["result"]["winners"] = ["P2", "P1"]
    assert _replay(log).legal


def test_a_winner_missing_or_added_is_still_a_wrong_result():
    for winners in (["P1"], ["P1", "P2", "P3"], ["P2", "P1", "P1"]):
        log = _log(43, 3)
        log["result"]["winners"] = winners
        report = _replay(log)
        assert not report.legal and (report.rule, report.step) == ("scoring", "result")


def test_the_two_cards_drawn_may_be_listed_in_any_order():
    log = _log(7, 3)
    for turn in log["turns"]:
        turn["drawn"].reverse()
    report = _replay(log)
    assert report.legal and report.finished


def test_play_always_says_where_the_passed_card_went():
    for players in (2, 3, 5):
        log = _log(11, players)
        assert all("passed_to" in turn for turn in log["turns"])
        assert _replay(log).legal
    two = _log(11, 2)
    assert None in [turn["passed_to"] for turn in two["turns"]]  # some arrows point at no-one


def test_no_pass_is_written_when_the_game_ends_before_it():
    # effect_timing=before_pass: a Gift drawing the Washing Machine ends the game before the pass.
    rules = SocksRules(effect_timing="before_pass")
    for seed in range(300):
        log = _log(seed, 3, rules)
        last = log["turns"][-1]
        if "passed_to" not in last:
            assert last.get("effects") and "gift_to" in last["effects"][-1]
            assert _replay(log).legal
            last["passed_to"] = "P1"
            report = _replay(log)
            assert (report.rule, report.step) == ("game-over", f"turn {len(log['turns'])}")
            return
    pytest.skip("no game of these seeds ends on a Gift before the pass")


def test_the_pass_may_be_left_out_when_reading():
    log = _log(7, 3)
    for turn in log["turns"]:
        del turn["passed_to"]
    assert _replay(log).legal


def _wrong_way(log: dict[str, Any], players: list[str]) -> int:
    """Send the first passed card of the log to the player who should not get it; its index."""
    for index, turn in enumerate(log["turns"]):
        receiver = turn["passed_to"]
        if receiver is None:
            continue
        others = [p for p in players if p not in (turn["player"], receiver)]
        turn["passed_to"] = others[0]
        return index
    raise AssertionError("no card is passed in this log")


def test_a_pass_against_the_arrow_is_refused_under_the_pass_rule():
    log = _log(7, 3)
    index = _wrong_way(log, log["players"])
    report = _replay(log)
    assert not report.legal
    assert (report.rule, report.step) == ("pass", f"turn {index + 1}")
    assert "arrow points" in (report.message or "")


@pytest.mark.parametrize("rule, stated", [("two-player-discard", "other"), ("pass", None)])
def test_two_players_a_discard_and_a_pass_are_told_apart(rule, stated):
    log = _log(11, 2)
    wanted = None if stated == "other" else "someone"
    index = next(i for i, t in enumerate(log["turns"]) if (t["passed_to"] is None) == (wanted is None))
    turn = log["turns"][index]
    turn["passed_to"] = next(p for p in log["players"] if p != turn["player"]) if stated == "other" else None
    report = _replay(log)
    assert (report.rule, report.step) == (rule, f"turn {index + 1}")


def test_a_pass_to_an_unknown_player_is_bad_input():
    log = _log(7, 3)
    log["turns"][2]["passed_to"] = "Zed"
    with pytest.raises(InputError) as caught:
        _replay(log)
    assert caught.value.path == "turns[2].passed_to"


def test_a_result_claimed_for_an_unfinished_game_is_bad_input():
    log = _log(7, 3)
    del log["turns"][-1]
    with pytest.raises(InputError) as caught:
        _replay(log)
    assert caught.value.path == "result" and "not over" in caught.value.message
    # Without the claim the same log is a legal game that goes on.
    del log["result"]
    report = _replay(log)
    assert report.legal and not report.finished


def test_an_illegal_turn_is_reported_before_the_claimed_result():
    log = _log(7, 3)
    log["turns"] = log["turns"][:5]
    log["turns"][3]["player"] = log["turns"][4]["player"]
    report = _replay(copy.deepcopy(log))
    assert (report.rule, report.step) == ("turn-order", "turn 4")


@pytest.mark.parametrize("model", [LogIn, PositionIn])
def test_the_formats_state_the_seating_convention(model):
    description = model.model_json_schema()["properties"]["players"]["description"]
    for words in ("clockwise", "first player first", "passed left goes to the next player",
                  "passed right to the previous one", "two players", "on the right of the second"):
        assert words in description, words
