"""Oh My Socks!: the ``verify socks`` commands (exit codes, output, bad input, shipped examples)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "socks"
SCORE = str(EXAMPLES / "score.json")


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, list(args), input=stdin, prog_name="verify")


def test_score_is_the_default_subcommand_and_reads_stdin():
    direct = run("socks", SCORE, "--json")
    named = run("socks", "score", SCORE, "--json")
    piped = run("socks", "--json", "-", stdin=Path(SCORE).read_text())
    assert direct.exit_code == named.exit_code == piped.exit_code == 0
    assert direct.stdout == named.stdout == piped.stdout
    document = json.loads(direct.stdout)
    assert document["winners"] == ["Bo"] and document["decided_by"] == "score"
    assert document["players"][0]["super_sock"] == {"set": 7, "chosen_by_solver": False}


def test_sample_catalogue_warns_on_stderr_and_says_so_in_json():
    result = run("socks", str(EXAMPLES / "super-sock-gift.json"), "--json")
    assert result.exit_code == 0
    assert "illustrative" in result.stderr
    document = json.loads(result.stdout)
    assert document["catalogue"] == "sample"
    assert document["players"][0]["super_sock"] == {"set": 6, "chosen_by_solver": True}


@pytest.mark.parametrize(
    "document, where",
    [
        ('{"players": [{"name": "A", "collection": ["9-99"]}, {"name": "B", "collection": []}]}', "players[0].collection[0]"),
        ('{"players": [{"name": "A", "collection": []}, {"name": "B", "collection": []}], "extra": 1}', "extra"),
        ('{"players": [{"name": "A", "collection": ["3-1", "super"], "super_sock": 12}, {"name": "B", "collection": []}]}', "players[0].super_sock"),
        ('{"players": []', ""),
    ],
)
def test_bad_input_is_one_line_naming_file_and_path(document, where):
    result = run("socks", "-", stdin=document)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("verify: <stdin>")
    assert where in lines[0] and "Traceback" not in result.output
    assert result.stdout == ""


def test_missing_file_is_bad_input():
    result = run("socks", "no-such-file.json")
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_play_is_deterministic_and_replays_legally(tmp_path):
    first = run("socks", "play", "--seed", "5", "--players", "4")
    second = run("socks", "play", "--seed", "5", "--players", "4")
    assert first.exit_code == 0 and first.stdout == second.stdout
    log = json.loads(first.stdout)
    assert log["players"] == ["P1", "P2", "P3", "P4"] and log["seed"] == 5
    path = tmp_path / "log.json"
    written = run("socks", "play", "--seed", "5", "--players", "4", "-o", str(path), "--json")
    assert written.exit_code == 0 and json.loads(path.read_text()) == log
    assert json.loads(written.stdout)["result"] == log["result"]
    replayed = run("socks", "replay", str(path), "--json")
    assert replayed.exit_code == 0
    report = json.loads(replayed.stdout)
    assert report["legal"] and report["finished"]
    assert [p["score"] for p in report["result"]["players"]] == list(log["result"]["scores"].values())


def test_play_with_rule_options_and_two_players():
    result = run("socks", "play", "--seed", "3", "--players", "2", "--rule", "effect_timing=before_pass")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["rules"]["effect_timing"] == "before_pass"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "1"], "players"),
        (["--rule", "colour=red"], "unknown rule option"),
        (["--rule", "effect_timing=sometimes"], "effect_timing"),
    ],
)
def test_play_refuses_bad_flags(args, words):
    result = run("socks", "play", "--seed", "1", *args)
    assert result.exit_code == 2 and words in result.output


def test_play_output_error_leaves_nothing_behind(tmp_path):
    target = tmp_path / "missing-dir" / "log.json"
    result = run("socks", "play", "--seed", "1", "-o", str(target))
    assert result.exit_code == 2 and not target.exists()


def test_replay_illegal_step_exits_1_with_the_rule():
    result = run("socks", "replay", str(EXAMPLES / "illegal.log.json"), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["legal"] is False and report["rule"] == "rescue-only-one" and report["step"] == "turn 11"


def test_replay_unknown_card_is_bad_input():
    log = json.loads((EXAMPLES / "game.log.json").read_text())
    log["turns"][0]["keep"] = "12-1"
    result = run("socks", "replay", "-", stdin=json.dumps(log))
    assert result.exit_code == 2 and "turns[0].keep" in result.stderr and "unknown card ID" in result.stderr


def test_advise_lists_every_choice_best_first():
    result = run("socks", "advise", str(EXAMPLES / "position.json"), "--json")
    assert result.exit_code == 0
    advice = json.loads(result.stdout)
    margins = [c["margin"] for c in advice["choices"]]
    assert margins == sorted(margins, reverse=True) and len(margins) == 3
    rescue = [c for c in advice["choices"] if c["effects"] == [{"rescue_from": "Bo", "card": "9-1"}]]
    assert rescue and rescue[0]["score_change"] == {"Ana": 4, "Bo": 5, "Cy": 0}


def test_advise_refuses_a_card_seen_twice():
    position = json.loads((EXAMPLES / "position.json").read_text())
    position["discard"] = ["5-1"]
    result = run("socks", "advise", "-", stdin=json.dumps(position))
    assert result.exit_code == 2 and "players[0].collection[0]" in result.stderr


def test_group_help_lists_the_subcommands():
    result = run("socks", "--help")
    assert result.exit_code == 0
    for name in ("score", "play", "replay", "advise"):
        assert name in result.stdout


@pytest.mark.parametrize(
    "final_tie, last_line",
    [
        ("shared", "Winners (shared): A, B tie on 0 points and 1 set."),
        ("no_winner", "No winner: A, B tie on 0 points and 1 set (final_tie=no_winner)."),
    ],
)
def test_a_tie_the_tie_break_cannot_split(final_tie, last_line):
    document = {
        "players": [{"name": "A", "sets": {"3": [1]}}, {"name": "B", "sets": {"4": [2]}}],
        "rules": {"final_tie": final_tie},
    }
    result = run("socks", "-", stdin=json.dumps(document))
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == last_line


def _one_line_error(result, where):
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and where in lines[0] and "Traceback" not in result.output
    return lines[0]


def test_replay_refuses_a_result_for_an_unfinished_game():
    log = json.loads((EXAMPLES / "game.log.json").read_text())
    del log["turns"][-1]
    result = run("socks", "replay", "-", stdin=json.dumps(log))
    assert "not over" in _one_line_error(result, "<stdin>: result:")


def _unheld_super_sock_position():
    """The shipped position with Ana's Super Sock typed as a set she holds no Sock of."""
    position = json.loads((EXAMPLES / "position.json").read_text())
    seat = next(i for i, p in enumerate(position["players"]) if "super_sock" in p or "super_socks" in p)
    player = position["players"][seat]
    held = {int(c.split("-")[0]) for c in player["collection"] if c != "super"}
    player.pop("super_socks", None)
    player["super_sock"] = next(n for n in range(2, 12) if n not in held)
    return position, f"players[{seat}].super_sock"


@pytest.mark.parametrize("rules", [
    {"super_first_sock": "owner"},
    # Typed only as its owner's set, beside a Sock of it: never single, so never rescued.
    {"super_first_sock": "owner", "rescued_super": "keeps_set"},
])
def test_advise_refuses_a_super_sock_set_the_rules_cannot_leave_unheld(rules):
    position, where = _unheld_super_sock_position()
    position["rules"] = rules
    result = run("socks", "advise", "-", stdin=json.dumps(position))
    assert "not among this player's face-up sets" in _one_line_error(result, where)


@pytest.mark.parametrize("rules", [
    {},  # the game's first Sock typed by the next Sock anyone collects
    {"rescued_super": "keeps_set"},
    {"super_first_sock": "owner", "rescue_counts_super": False},  # the Sock beside it rescued
])
def test_advise_accepts_an_unheld_set_where_play_can_leave_one(rules):
    position, _ = _unheld_super_sock_position()
    position["rules"] = rules
    assert run("socks", "advise", "-", stdin=json.dumps(position)).exit_code == 0


def test_advise_refuses_a_super_sock_set_the_catalogue_does_not_have():
    position, where = _unheld_super_sock_position()
    seat = int(where.split("[")[1].split("]")[0])
    position["players"][seat]["super_sock"] = 12
    assert "the catalogue has no set 12" in _one_line_error(run("socks", "advise", "-", stdin=json.dumps(position)), where)


@pytest.mark.parametrize(
    "sets_a, sets_b, where, words",
    [
        ({"-3": [1]}, {"4": [2]}, "players[0].sets.-3", "the catalogue has no set -3"),
        ({"99": [1, 2]}, {"4": [2]}, "players[0].sets.99", "the catalogue has no set 99"),
        ({"2": [1, 1, 1]}, {"4": [2]}, "players[0].sets.2", "3 Socks of set 2, but the catalogue's set 2 holds 2"),
        ({"2": [1]}, {"2": [1, 1]}, "players[1].sets.2", "over all the players so far"),
    ],
)
def test_the_sets_form_refuses_sets_the_catalogue_does_not_have(sets_a, sets_b, where, words):
    document = {"players": [{"name": "A", "sets": sets_a}, {"name": "B", "sets": sets_b}]}
    result = run("socks", "-", stdin=json.dumps(document))
    assert words in _one_line_error(result, where)


def test_the_sets_form_checks_against_the_catalogue_given():
    cards = [{"id": f"x{k}", "set": 20, "stars": 1, "arrow": "left"} for k in range(3)]
    document = {"cards": cards, "players": [{"name": "A", "sets": {"20": [1, 1]}}, {"name": "B", "sets": {"20": [1]}}]}
    assert run("socks", "-", stdin=json.dumps(document)).exit_code == 0
    document["players"][1]["sets"] = {"3": [1]}
    assert "the catalogue has no set 3 (its sets: 20)" in _one_line_error(
        run("socks", "-", stdin=json.dumps(document)), "players[1].sets.3"
    )
