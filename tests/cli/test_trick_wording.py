"""Counts of Tricks read as English ("1 Trick"), and a win with more than 7 proven Tricks says so
once."""

from __future__ import annotations

import re

from click.testing import CliRunner

from cli import cli


def test_play_text_says_1_trick_and_a_total_above_7_once(tmp_path):
    result = CliRunner().invoke(cli, ["whitehouse", "play", "--seed", "3", "--players", "3",
                                      "--out", str(tmp_path / "log.json")])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert not re.search(r"\b1 Tricks\b", text)
    assert "  player 1: 1 Trick (proven)" in text
    assert text.startswith("player 2 reached 7 Tricks (8 proven) and won")
    assert "not 7" not in text and "note:" not in text
    assert "  player 2: 8 Tricks (proven)" in text


def test_no_note_when_the_winner_has_exactly_7(tmp_path):
    result = CliRunner().invoke(cli, ["whitehouse", "play", "--seed", "1", "--players", "3",
                                      "--out", str(tmp_path / "log.json")])
    assert result.exit_code == 0
    assert "note:" not in result.stdout and "7 Tricks (proven)" in result.stdout
