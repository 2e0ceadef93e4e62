"""Every error of `verify` is one line on standard error with the exit status of its kind: usage
errors (2) in the form of input errors, system errors such as a full standard output (2), the
tool's own bug (70); `verify` alone shows its help with examples."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
VERIFY = str(Path(sys.executable).parent / "verify")
NETWORK = str(ROOT / "examples" / "whitehouse" / "seven-tricks.json")


def run(*args: str, **kwargs):
    return CliRunner().invoke(cli, list(args), prog_name="verify", **kwargs)


def one_line(text: str) -> bool:
    return text.count("\n") == 1 and text.endswith("\n") and text.startswith("verify: ")


def leaf_commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command of `verify`, as the words that name it."""
    found = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += leaf_commands(command, (*path, name))
        else:
            found.append((*path, name))
    return found


COMMANDS = leaf_commands()


def test_every_command_is_found():
    assert ("tricks",) in COMMANDS and ("socks", "play") in COMMANDS and ("likes", "round") in COMMANDS


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_an_unknown_option_is_one_line(words):
    result = run(*words, "--no-such-flag")
    assert result.exit_code == 2, result.output
    assert one_line(result.stderr), result.stderr
    assert "no such option '--no-such-flag'" in result.stderr
    assert "Usage:" not in result.output and result.stdout == ""


def command_of(words: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for word in words:
        assert isinstance(command, click.Group)
        command = command.commands[word]
    return command


#: The commands with a required argument or option.
NEEDING = [words for words in COMMANDS if any(p.required for p in command_of(words).params)]


def test_commands_needing_something_are_found():
    assert ("tricks",) in NEEDING and ("compare",) in NEEDING and ("socks", "play") in NEEDING


@pytest.mark.parametrize("words", NEEDING, ids=" ".join)
def test_a_missing_argument_or_option_is_one_line(words):
    result = run(*words)
    assert result.exit_code == 2, result.output
    assert one_line(result.stderr), result.stderr
    assert "missing" in result.stderr and f"(see 'verify {' '.join(words)} --help')" in result.stderr


def test_a_bad_value_names_the_flag():
    result = run("socks", "play", "--seed", "1", "--players", "1")
    assert result.exit_code == 2
    assert result.stderr == "verify: --players: 1 is not in the range 2<=x<=10\n"


def test_an_extra_argument_is_one_line():
    result = run("options", "surplus")
    assert result.exit_code == 2 and one_line(result.stderr)
    assert result.stderr.startswith("verify: options: got unexpected extra argument (surplus)")


@pytest.mark.parametrize(("words", "wrong", "right"), [
    ((), "tricsk", "tricks"),
    (("whitehouse",), "replai", "replay"),
    (("likes",), "rond", "round"),
    (("social",), "lik", "like"),
])
def test_a_misspelt_command_gets_the_closest_name(words, wrong, right):
    result = run(*words, wrong)
    assert result.exit_code == 2
    where = f"{' '.join(words)}: " if words else ""
    assert result.stderr == f"verify: {where}no such command {wrong!r}; did you mean {right!r}?\n"


def test_a_misspelt_socks_command_is_not_read_as_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("socks", "replai", "log.json")
    assert result.exit_code == 2
    assert result.stderr == "verify: socks: no such command 'replai'; did you mean 'replay'?\n"


def test_a_socks_file_that_looks_like_a_command_is_still_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plays").write_text("{}")  # an existing file wins over a close command name
    result = run("socks", "plays")
    assert result.exit_code == 2 and "no such command" not in result.stderr
    assert result.stderr.startswith("verify: plays: ")
    missing = run("socks", "missing.json")
    assert missing.exit_code == 2 and "cannot read" in missing.stderr


def test_an_unknown_command_far_from_any_lists_them():
    result = run("frobnicate")
    assert result.exit_code == 2 and one_line(result.stderr)
    assert "no such command 'frobnicate' (commands: balance, checks, compare," in result.stderr


TIME_LIMITS = {
    "tricks": ["tricks", NETWORK],
    "checks": ["checks", "--game", "socks"],
    "compare": ["compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "0"],
}


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "0", "soon", "86401"])
@pytest.mark.parametrize("command", sorted(TIME_LIMITS))
def test_a_time_limit_must_be_a_finite_positive_number(command, value):
    result = run(*TIME_LIMITS[command], "--time-limit", value)
    assert result.exit_code == 2, result.output
    assert one_line(result.stderr) and result.stderr.startswith("verify: --time-limit: "), result.stderr
    assert result.stdout == ""


def test_a_good_time_limit_is_taken():
    assert run(*TIME_LIMITS["tricks"], "--time-limit", "5", "--json").exit_code == 0


def test_the_tools_own_bug_is_one_line_asking_for_a_report(monkeypatch):
    import checks.report

    def broken(*_):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(checks.report, "options_text", broken)
    monkeypatch.delenv("VERIFY_DEBUG", raising=False)
    result = run("options")
    assert result.exit_code == 70
    assert result.stderr == ("verify: internal error: RuntimeError: the table fell over \N{EM DASH} please "
                             "report it; VERIFY_DEBUG=1 shows the traceback\n")
    monkeypatch.setenv("VERIFY_DEBUG", "1")
    debug = run("options")
    assert debug.exit_code == 70
    assert "Traceback (most recent call last)" in debug.stderr and "the table fell over" in debug.stderr
    assert debug.stderr.endswith("VERIFY_DEBUG=1 shows the traceback\n")


def test_the_common_errors_reaching_the_boundary_keep_their_meaning(monkeypatch):
    """A time-out that no command turned into an answer is still undecided (3), a broken rule
    still a no (1), bad input still 2: each in one line."""
    import checks.report
    from model.common.errors import InputError, OutOfTime, RuleBroken

    cases = [
        (OutOfTime("the entry search ran out of time"), 3, "verify: undecided: the entry search ran out of time\n"),
        (RuleBroken("cost", "You may only take...", "the middle card costs 1"), 1,
         "verify: cost: the middle card costs 1\n"),
        (InputError("--rule", "x", "no such option"), 2, "verify: --rule: x: no such option\n"),
        (PermissionError(13, "Permission denied", "/etc/x"), 2, "verify: /etc/x: Permission denied\n"),
    ]
    for error, status, line in cases:
        def broken(*_, error=error):
            raise error

        monkeypatch.setattr(checks.report, "options_text", broken)
        result = run("options")
        assert (result.exit_code, result.stderr) == (status, line)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [["options"], ["options", "--help"], ["rulings", "--game", "likes"]])
def test_a_full_standard_output_is_one_line_and_exit_2(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([VERIFY, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr == "verify: cannot write standard output: No space left on device\n"


def test_a_closed_standard_output_is_one_line_and_exit_2():
    done = subprocess.run([VERIFY, "options"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          timeout=120, preexec_fn=lambda: os.close(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr == "verify: cannot write standard output: Bad file descriptor\n"


def test_a_closed_pipe_is_one_line_and_exit_2():
    process = subprocess.Popen([VERIFY, "options"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) == 2
    assert err == "verify: cannot write standard output: Broken pipe\n"


def test_verify_alone_shows_the_help_with_examples():
    result = run()
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: verify [OPTIONS] COMMAND [ARGS]...")
    assert "Examples:" in result.stdout and "verify tricks examples/whitehouse/seven-tricks.json" in result.stdout
    assert "70 the tool's own" in result.stdout and "130 interrupted" in result.stdout


@pytest.mark.parametrize("group", ["likes", "social", "whitehouse", "socks"])
def test_a_group_alone_shows_its_help(group):
    result = run(group)
    assert result.exit_code == 0 and result.stdout.startswith(f"Usage: verify {group} [OPTIONS]")


def test_help_is_still_clicks():
    result = run("socks", "play", "--help")
    assert result.exit_code == 0 and result.stdout.startswith("Usage: verify socks play [OPTIONS]")
    assert result.stderr == ""


def test_shell_completion():
    env = {"PATH": str(Path(VERIFY).parent), "_VERIFY_COMPLETE": "bash_source"}
    source = subprocess.run([VERIFY], env=env, capture_output=True, text=True, timeout=60)
    assert source.returncode == 0 and "complete -o nosort -F _verify_completion verify" in source.stdout
    env.update(_VERIFY_COMPLETE="bash_complete", COMP_WORDS="verify soc", COMP_CWORD="1")
    words = subprocess.run([VERIFY], env=env, capture_output=True, text=True, timeout=60)
    assert words.returncode == 0 and words.stdout.split() == ["plain,social", "plain,socks"]
    env.update(COMP_WORDS="verify socks rep", COMP_CWORD="2")
    socks = subprocess.run([VERIFY], env=env, capture_output=True, text=True, timeout=60)
    assert socks.stdout.split() == ["plain,replay"]
