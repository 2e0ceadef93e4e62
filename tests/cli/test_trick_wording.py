"""Counts of Tricks read as English ("1 Trick"), and a win with more than 7 proven Tricks says
why."""

from __future__ import annotations

import re

from click.testing import CliRunner

from cli import cli


def test_play_text_says_1_trick_and_explains_a_total_above_7(tmp_path):
    result = CliRunner().invoke(cli, ["whitehouse", "play", "--seed", "3", "--players", "3",
                                      "--out", str(tmp_path / "log.json")])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert not re.search(r"\b1 Tricks\b", text)
    assert "  player 1: 1 Trick (proven)" in text
    assert text.startswith("player 2 made 7 Tricks and won")
    assert ("  note: player 2 has 8 proven Tricks, not 7: the lock that won added more than one Trick "
            "at once (7 or more wins)") in text.splitlines()
    assert "  player 2: 8 Tricks (proven)" in text


def test_no_note_when_the_winner_has_exactly_7(tmp_path):
    result = CliRunner().invoke(cli, ["whitehouse", "play", "--seed", "1", "--players", "3",
                                      "--out", str(tmp_path / "log.json")])
    assert result.exit_code == 0
    assert "note:" not in result.stdout and "7 Tricks (proven)" in result.stdout
