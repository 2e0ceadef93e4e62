"""Options every command spells the same way: ``--rule`` wherever a game has options (a flag wins
over the file's ``rules``), ``-o/--output`` for a written file (``-``: standard output), files
with the usual permissions, one seed range, ``play --json`` only with ``-o``, exit 3 only where a
time limit can cause it, and ``verify examples DIR``."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
E = ROOT / "examples"


def run(*argv: str, cwd: Path = ROOT):
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(cli, [str(a) for a in argv], prog_name="verify")
    finally:
        os.chdir(old)


# --- --rule NAME=VALUE, over the file's rules ---


def test_socks_score_rule_flag_wins_over_the_files_rules():
    # tie.json says tie_break_counts=scoring_sets: Ana wins by the fewest scoring sets.
    plain = run("socks", "score", E / "socks/tie.json", "--json")
    flagged = run("socks", "score", E / "socks/tie.json", "--rule", "tie_break_counts=all_sets", "--json")
    assert json.loads(plain.stdout)["winners"] == ["Ana"]
    answer = json.loads(flagged.stdout)
    assert answer["winners"] == ["Ana", "Bo"] and answer["decided_by"] == "shared"
    assert answer["rules"]["tie_break_counts"] == "all_sets"


def test_socks_replay_rule_flag_changes_the_answer():
    assert run("socks", "replay", E / "socks/game.log.json").exit_code == 0
    flagged = run("socks", "replay", E / "socks/game.log.json", "--rule", "gift_to_self=false", "--json")
    assert flagged.exit_code == 1
    answer = json.loads(flagged.stdout)
    assert answer["rule"] == "gift-recipient" and answer["rules"]["gift_to_self"] is False


def test_socks_advise_rule_flag_changes_the_answer():
    plain = json.loads(run("socks", "advise", E / "socks/position.json", "--json").stdout)
    flagged = json.loads(run("socks", "advise", E / "socks/position.json", "--rule",
                             "effect_timing=before_pass", "--json").stdout)
    assert len(plain["choices"]) == 3 and len(flagged["choices"]) == 4
    assert flagged["rules"]["effect_timing"] == "before_pass"


def test_whitehouse_replay_rule_flag_changes_the_answer():
    log = E / "whitehouse/games/random-4p-seed7.json"
    assert run("whitehouse", "replay", log).exit_code == 0
    flagged = run("whitehouse", "replay", log, "--rule", "mixed_distraction_cost=false", "--json")
    assert flagged.exit_code == 1
    answer = json.loads(flagged.stdout)
    assert answer["status"] == "illegal" and answer["rules"]["mixed_distraction_cost"] is False


@pytest.mark.parametrize("argv", [
    ["socks", "score", "examples/socks/tie.json"],
    ["socks", "replay", "examples/socks/game.log.json"],
    ["socks", "advise", "examples/socks/position.json"],
    ["whitehouse", "replay", "examples/whitehouse/games/reversal.json"],
])
def test_a_bad_rule_flag_is_one_line_naming_the_flag(argv):
    result = run(*argv, "--rule", "no_such_option=1")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("verify: --rule: ")


def test_a_scoring_file_takes_only_the_scoring_options():
    result = run("socks", "score", E / "socks/tie.json", "--rule", "gift_to_self=false")
    assert result.exit_code == 2 and "unknown rule option" in result.output


# --- -o/--output, - for standard output, permissions ---


@pytest.mark.parametrize("command", [["socks", "play", "--seed", "3"],
                                     ["whitehouse", "play", "--seed", "3", "--players", "3"]])
def test_output_dash_is_standard_output_and_creates_no_file(command, tmp_path):
    printed = run(*command, cwd=tmp_path)
    dashed = run(*command, "-o", "-", cwd=tmp_path)
    assert dashed.exit_code == 0
    assert dashed.stdout == printed.stdout and json.loads(dashed.stdout)
    assert not (tmp_path / "-").exists() and list(tmp_path.iterdir()) == []
    # The summary goes to standard error, as for --svg -.
    assert dashed.stderr.strip()


def test_whitehouse_play_takes_output_and_its_former_name_out(tmp_path):
    new = run("whitehouse", "play", "--seed", "2", "--players", "3", "-o", tmp_path / "a.json")
    old = run("whitehouse", "play", "--seed", "2", "--players", "3", "--out", tmp_path / "b.json")
    assert new.exit_code == old.exit_code == 0 and new.stdout == old.stdout
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()
    help_text = run("whitehouse", "play", "--help").stdout
    assert "-o, --output" in help_text and "--out " not in help_text


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_written_files_get_0666_less_the_umask(mask, tmp_path):
    old = os.umask(mask)
    try:
        run("socks", "play", "--seed", "1", "-o", tmp_path / "log.json")
        run("tricks", E / "whitehouse/seven-tricks.json", "--svg", tmp_path / "net.svg")
        run("whitehouse", "play", "--seed", "1", "--players", "3", "-o", tmp_path / "wh.json")
    finally:
        os.umask(old)
    for name in ("log.json", "net.svg", "wh.json"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o666 & ~mask, name


@pytest.mark.parametrize("command", [["socks", "play"], ["whitehouse", "play", "--players", "2"],
                                     ["compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner",
                                      "--games", "2"]])
def test_one_seed_range_for_every_seed(command, tmp_path):
    top = 2**63 - 1
    assert run(*command, "--seed", str(top), "-o" if "play" in command else "--json",
               *([str(tmp_path / "log.json")] if "play" in command else [])).exit_code == 0
    for bad in ("-1", str(top + 1)):
        result = run(*command, "--seed", bad)
        assert result.exit_code == 2, (command, bad)


@pytest.mark.parametrize("command", [["socks", "play", "--seed", "1"],
                                     ["whitehouse", "play", "--seed", "1", "--players", "3"]])
def test_play_json_without_output_is_a_one_line_usage_error(command, tmp_path):
    result = run(*command, "--json", cwd=tmp_path)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith("verify: --json: ") and "-o/--output" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_play_json_with_output_prints_the_summary_with_rules(tmp_path):
    socks = json.loads(run("socks", "play", "--seed", "1", "-o", tmp_path / "s.json", "--json").stdout)
    white = json.loads(run("whitehouse", "play", "--seed", "1", "--players", "3", "-o", tmp_path / "w.json",
                           "--json").stdout)
    assert socks["rules"] == json.loads((tmp_path / "s.json").read_text())["rules"]
    assert white["rules"] == json.loads((tmp_path / "w.json").read_text())["rules"]


# --- exit 3 only where a time limit can cause it ---


def test_socks_score_always_decides_its_placement(tmp_path):
    # Five face-down Super Socks among 28 sets: the placement is decided exactly (no search, no
    # time limit), so the only statuses are 0 and 2.
    cards = [{"id": f"{n}-{k}", "set": n, "stars": k, "effect": None, "arrow": "left"}
             for n in range(2, 30) for k in range(1, 4)]
    cards += [{"id": f"S{i}", "set": "super", "arrow": "left"} for i in range(6)]
    ana = [f"{n}-1" for n in range(2, 30)] + [f"{n}-2" for n in range(2, 30, 3)]
    players = [{"name": "Ana", "collection": ana, "gifts": ["S0", "S1", "S2", "S3", "S4"]},
               {"name": "Bo", "collection": ["2-3", "3-3", "S5"]}]
    document = {"cards": cards, "players": players, "rules": {"tie_break_counts": "scoring_sets"}}
    (tmp_path / "score.json").write_text(json.dumps(document))
    result = run("socks", "score", tmp_path / "score.json", "--json")
    assert result.exit_code == 0
    answer = json.loads(result.stdout)
    assert answer["status"] == "optimal" and answer["winners"] == ["Ana"]
    help_text = " ".join(run("socks", "score", "--help").stdout.split())
    assert "Exit status: 0 scored, 2 bad input." in help_text and "3 " not in help_text.split("Exit status")[1]


def test_whitehouse_replay_time_limit_leaves_a_trick_total_unproven():
    log = E / "whitehouse/games/long-proof.json"
    proven = run("whitehouse", "replay", log)
    assert proven.exit_code == 0 and "6 Tricks (proven)" in proven.stdout
    hurried = run("whitehouse", "replay", log, "--time-limit", "0.000001")
    assert hurried.exit_code == 3 and hurried.stdout == ""
    assert hurried.stderr.startswith("verify: undecided: ")
    assert "3 a Trick total" in " ".join(run("whitehouse", "replay", "--help").stdout.split())


# --- verify examples DIR, from the installed package ---


def _verify() -> str:
    script = Path(sys.executable).parent / "verify"
    assert script.is_file(), f"the installed command is missing: {script}"
    return str(script)


def test_examples_are_copied_from_the_installed_package_and_run(tmp_path):
    copy = subprocess.run([_verify(), "examples", "ex"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert copy.returncode == 0, copy.stderr
    copied = sorted(p.relative_to(tmp_path / "ex") for p in (tmp_path / "ex").rglob("*.json"))
    shipped = sorted(p.relative_to(E) for p in E.rglob("*.json"))
    assert copied == shipped
    assert all((tmp_path / "ex" / p).read_bytes() == (E / p).read_bytes() for p in shipped)
    answer = subprocess.run([_verify(), "tricks", "ex/whitehouse/seven-tricks.json", "--json"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert answer.returncode == 0 and json.loads(answer.stdout)["tricks"] == 7
    again = subprocess.run([_verify(), "examples", "ex"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and again.stderr.count("\n") == 1 and "already exists" in again.stderr


def test_examples_refuse_before_writing_anything(tmp_path):
    (tmp_path / "ex" / "socks").mkdir(parents=True)
    (tmp_path / "ex" / "socks" / "tie.json").write_text("mine")
    result = run("examples", "ex", cwd=tmp_path)
    assert result.exit_code == 2
    assert [p.name for p in (tmp_path / "ex").rglob("*") if p.is_file()] == ["tie.json"]
    assert (tmp_path / "ex" / "socks" / "tie.json").read_text() == "mine"


def test_whitehouse_move_and_play_take_the_same_time_limit(tmp_path):
    log = json.loads((E / "whitehouse/games/long-proof.json").read_text())
    del log["moves"]
    (tmp_path / "position.json").write_text(json.dumps(log))
    assert run("whitehouse", "move", tmp_path / "position.json", "--list").exit_code == 0
    hurried = run("whitehouse", "move", tmp_path / "position.json", "--list", "--time-limit", "0.000001")
    assert hurried.exit_code == 3 and hurried.stderr.startswith("verify: undecided: ")
    # A random game's networks are small enough to be proven by their bound at once: the limit is
    # taken, and the game played.
    played = run("whitehouse", "play", "--seed", "1", "--players", "3", "--time-limit", "0.000001", cwd=tmp_path)
    assert played.exit_code == 0 and json.loads(played.stdout)["moves"]
    for command in (["whitehouse", "replay"], ["whitehouse", "move"], ["whitehouse", "play"]):
        assert "--time-limit" in run(*command, "--help").stdout
