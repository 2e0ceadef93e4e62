"""The README's pasted output is what the commands print today.

Every fenced block of README.md whose first line is ``$ verify ...`` is a command and its output:
the command is split as a shell would, run from the repository root, and everything it prints
(standard output and standard error) must equal the rest of the block exactly. A ``< FILE`` in
the command feeds FILE to standard input.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FENCE = re.compile(r"^(`{3,}|~{3,})")


@dataclass(frozen=True)
class Example:
    """One command of the README and the output it shows."""

    #: The line of README.md where the command is.
    line: int
    #: The command as written, without the ``$ ``.
    command: str
    #: The output shown below it.
    output: str


def examples(text: str) -> list[Example]:
    """Every fenced block whose first line starts with ``$ verify``."""
    found = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index].strip())
        if not opening:
            index += 1
            continue
        fence = opening.group(1)
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        body = lines[index + 1 : end]
        if body and body[0].startswith("$ verify"):
            output = "\n".join(body[1:]) + "\n" if body[1:] else ""
            found.append(Example(index + 2, body[0][2:], output))
        index = end + 1
    return found


EXAMPLES = examples(README.read_text(encoding="utf-8")) if README.exists() else []


def test_examples_are_found_in_a_fenced_block():
    sample = "text\n\n```console\n$ verify x --json\n{}\n\nlast\n```\n\n```\nnot a command\n```\n"
    assert examples(sample) == [Example(4, "verify x --json", "{}\n\nlast\n")]


def test_readme_shows_verify_commands():
    assert README.exists(), "README.md is missing"
    assert EXAMPLES, "README.md has no fenced block starting with a line `$ verify ...`"


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"line {e.line}" for e in EXAMPLES])
def test_readme_output_is_current(example: Example, monkeypatch):
    words = shlex.split(example.command)
    assert words[0] == "verify"
    stdin = None
    if "<" in words:
        at = words.index("<")
        stdin = (ROOT / words[at + 1]).read_text(encoding="utf-8")
        words = words[:at] + words[at + 2 :]
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, words[1:], input=stdin, prog_name="verify")
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), (
        result.exception
    )
    assert result.output == example.output, f"README.md line {example.line}: `{example.command}`"
