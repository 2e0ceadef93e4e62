"""Commands built from declared questions: a new question needs no edit to cli.py.

A toy question, declared here as a game package would declare it, becomes a command with the
shared options, reads its documents, and prints and exits as every question command does."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import click
import pytest
from click.testing import CliRunner

from cli_questions import add_questions
from model.common.question import (
    NO,
    YES,
    Answered,
    Asked,
    Document,
    Option,
    Question,
    Shared,
    UsageProblem,
)


@dataclass(frozen=True)
class Count(Answered):
    """How many cards the toy document lists, and whether that is the claim."""

    cards: int
    claim: int | None
    warnings: tuple[str, ...] = ()

    @property
    def exit_status(self) -> int:
        return NO if self.claim is not None and self.claim != self.cards else YES

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "claim": self.claim}

    def to_text(self, unicode: bool) -> str:
        return f"{self.cards} cards\n"

    def to_svg(self) -> str:
        return f"<svg>{self.cards}</svg>"


def answer_count(asked: Asked) -> Count:
    source, data = asked.inputs.read("hand")
    extra = len(asked.inputs.read("more")[1]["cards"]) if asked.inputs.given("more") else 0
    warnings = ("warning: an empty hand",) if not data["cards"] else ()
    return Count(len(data["cards"]) + extra, asked.options["claim"], warnings)


def not_both(options: Any, given: Any) -> None:
    if options["claim"] is not None and given("more") is not None:
        raise UsageProblem("give --claim or --more, not both")


TOY = Question(
    game="toy",
    words=("toy", "count"),
    help="Count the cards of a hand.\n\n    Exit status: 0 counted, 1 the claim is wrong.",
    parameters=(
        Document("hand", "HAND.json|-", "hand.json"),
        Shared("json", "Print exactly one JSON object."),
        Option("claim", ("--claim",), "integer", "The count claimed.", "N", 0),
        Document("more", "MORE", "more.json", flag="--more", help="More cards: a file, or the cards inline.",
                 reader=lambda text: ("--more", {"cards": text.split(",")}) if "," in text else (text, json.load(open(text)))),
        Shared("svg"),
    ),
    answer=answer_count,
    check=not_both,
)


def written(path: str, text: str, flag: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


@pytest.fixture
def toy_cli():
    root = click.Group("verify")
    root.add_command(click.Group("toy"))
    add_questions(root, (TOY,), written)
    return root


def run(group: click.Group, *words: str, stdin: str | None = None):
    return CliRunner().invoke(group, list(words), input=stdin)


def test_a_declared_question_is_a_command(toy_cli, tmp_path):
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({"cards": [1, 2, 3]}))
    result = run(toy_cli, "toy", "count", str(hand))
    assert (result.exit_code, result.stdout) == (YES, "3 cards\n")
    result = run(toy_cli, "toy", "count", str(hand), "--json", "--claim", "2")
    assert result.exit_code == NO and json.loads(result.stdout) == {"cards": 3, "claim": 2}
    usage = run(toy_cli, "toy", "count", "--help").stdout
    assert "HAND.json|-" in usage and "--claim N" in usage and "--more MORE" in usage and "--svg" in usage


def test_the_picture_and_the_warnings(toy_cli, tmp_path):
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps({"cards": []}))
    result = run(toy_cli, "toy", "count", str(hand), "--svg", "-")
    assert result.stdout == "<svg>0</svg>"
    assert result.stderr == "verify: warning: an empty hand\n0 cards\n"
    picture = tmp_path / "count.svg"
    result = run(toy_cli, "toy", "count", str(hand), "--svg", str(picture))
    assert result.stdout == "0 cards\n" and picture.read_text() == "<svg>0</svg>"


def test_documents_from_standard_input_and_options_that_clash(toy_cli, tmp_path):
    more = tmp_path / "more.json"
    more.write_text(json.dumps({"cards": [4]}))
    result = run(toy_cli, "toy", "count", "-", "--more", str(more), stdin='{"cards": [1]}')
    assert (result.exit_code, result.stdout) == (YES, "2 cards\n")
    inline = run(toy_cli, "toy", "count", "-", "--more", "7,8,9", stdin='{"cards": [1]}')
    assert (inline.exit_code, inline.stdout) == (YES, "4 cards\n")
    both = run(toy_cli, "toy", "count", "-", "--more", "-", stdin='{"cards": [1]}')
    assert both.exit_code == 2 and "the hand and the more cannot both come from standard input" in both.output
    clash = run(toy_cli, "toy", "count", "-", "--more", str(more), "--claim", "1", stdin='{"cards": [1]}')
    assert clash.exit_code == 2 and "give --claim or --more, not both" in clash.output


def test_only_the_command_line_imports_its_modules_and_click():
    """``web/`` asks the same questions without the command line's modules; ``model/`` declares
    them without click."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for layer, refused in (("web", {"cli", "cli_boundary", "cli_output", "cli_questions"}),
                           ("model", {"cli", "cli_boundary", "cli_output", "cli_questions", "click"})):
        for path in (root / layer).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                assert not {n.split(".")[0] for n in names} & refused, f"{path} imports {names}"


def test_every_declared_question_is_a_command_of_verify():
    from cli import cli
    from model.common.question import all_questions

    for question in all_questions():
        command: Any = cli
        for word in question.words:
            command = command.commands[word]
        declared = [p.name for p in question.parameters if not isinstance(p, Shared)]
        assert [p.name for p in command.params if p.name in declared] == declared, question.name


def test_cli_py_is_thin_and_declares_each_option_once():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    source = (root / "cli.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 700
    declared = re.findall(r'click\.(?:option|Option)\(\[?"(-[-\w]+)"',
                          source + (root / "cli_questions.py").read_text(encoding="utf-8"))
    assert declared and len(declared) == len(set(declared)), sorted(declared)
