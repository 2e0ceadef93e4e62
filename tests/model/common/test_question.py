"""The declared questions: every game lists its own, each well formed, and the one handler of
each outcome that is not an answer."""

from __future__ import annotations

import subprocess
import sys
from fnmatch import fnmatch
from importlib.resources import files

import pytest

from model import GAME_PACKAGES
from model.common.errors import InputError, OutOfTime, RuleBroken
from model.common.question import (
    BAD_INPUT,
    NO,
    UNDECIDED,
    Document,
    Shared,
    all_questions,
    outcome_of,
    rules_over,
)
from model.whitehouse.tricks import UnprovenTotal

QUESTIONS = all_questions()


def test_every_game_declares_questions_and_names_are_unique():
    assert {q.game for q in QUESTIONS} == set(GAME_PACKAGES)
    assert len({q.words for q in QUESTIONS}) == len(QUESTIONS)
    assert len({q.name for q in QUESTIONS}) == len(QUESTIONS)
    assert ("tricks",) in {q.words for q in QUESTIONS}


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.name for q in QUESTIONS])
def test_each_question_has_one_argument_and_its_schemas_exist(question):
    arguments = [d for d in question.documents if d.flag is None]
    assert len(arguments) == 1 and question.documents[0] is arguments[0]
    names = [p.name for p in question.parameters if not isinstance(p, Shared)]
    assert len(names) == len(set(names))
    for document in question.documents:
        assert document.file_name.endswith(".json")
        if document.schema is not None:
            package, name = document.schema
            assert (files(package) / "data" / name).is_file(), document.schema
    kinds = [p.kind for p in question.parameters if isinstance(p, Shared)]
    assert len(kinds) == len(set(kinds)) and "json" in kinds


def test_the_declarations_import_nothing_heavy():
    probe = ("import sys; from model.common.question import all_questions; all_questions(); "
             "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('pydantic', 'ortools', 'z3', 'solver', 'networkx'))))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == ""


def test_each_outcome_has_one_handler():
    refused = outcome_of(InputError("a.json", "rules", "no such option"))
    assert refused is not None and (refused.exit_status, refused.kind) == (BAD_INPUT, "refused")
    assert refused.line == "a.json: rules: no such option"
    late = outcome_of(UnprovenTotal("S1 S2: no proof within 1 s"))
    assert late is not None and (late.exit_status, late.kind) == (UNDECIDED, "undecided")
    assert late.line.startswith("undecided: ")
    assert outcome_of(OutOfTime("x")).exit_status == UNDECIDED  # type: ignore[union-attr]
    broken = outcome_of(RuleBroken("cost", "You pay.", "too little"))
    assert broken is not None and (broken.exit_status, broken.line) == (NO, "cost: too little")
    assert outcome_of(KeyError("bug")) is None


def test_rule_flags_win_over_the_documents_rules():
    assert rules_over({"rules": {"a": 1, "b": 2}}, {"b": 3}) == {"rules": {"a": 1, "b": 3}}
    assert rules_over({"x": 1}, {"b": 3}) == {"x": 1, "rules": {"b": 3}}
    assert rules_over([1], {"b": 3}) == [1]
    assert rules_over({"rules": 5}, {"b": 3}) == {"rules": 5}
    assert rules_over({"rules": {"a": 1}}, {}) == {"rules": {"a": 1}}


def test_a_document_is_the_argument_unless_an_option_names_it():
    argument = Document("log", "LOG.json|-", "log.json")
    option = Document("board", "FILE", "board.json", flag="--board")
    assert argument.flag is None and option.flag == "--board"


def test_each_game_lists_its_questions():
    from model.common.game import games

    for game in games():
        assert game.questions and all(q.game == game.name for q in game.questions)
    assert tuple(q for game in games() for q in game.questions) == QUESTIONS


def test_every_example_pattern_names_shipped_files():
    shipped = files("model") / "examples"
    for question in QUESTIONS:
        argument = question.documents[0]
        assert argument.examples, f"{question.name}: the page offers no example of {argument.name}"
        for document in question.documents:
            for pattern in document.examples:
                folder, _, glob = pattern.rpartition("/")
                found = [c for c in (shipped / folder).iterdir() if fnmatch(c.name, glob)]
                assert found, f"{question.name}: no shipped file matches {pattern}"
