"""`verify checks --all-options` and `verify questions`: the option matrix against its record,
the record written and read back, the questions' answers and exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import checks.questions
from checks import matrix, registry, rulings
from checks.invariants import INVARIANTS
from checks.questions import Asked, No, NoneFound, Question, Witness, Yes
from cli import cli
from model.common.errors import OutOfTime


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


#: Two options of Oh My Socks! (one of which breaks an invariant): rows enough for the tests.
FEW = ("--option", "final_tie", "--option", "tie_break_counts")


def test_the_rows_are_the_defaults_then_each_other_value_of_each_option() -> None:
    rows = matrix.rows("socks")
    assert rows[0].option is None and rows[0].label == "defaults"
    expected = sum(len(o.alternatives) for o in registry.options("socks"))
    assert len(rows) == 1 + expected
    assert {(r.option, r.value) for r in rows[1:]} == {
        (o.name, v) for o in registry.options("socks") for v in o.alternatives}


def test_a_record_saved_by_a_run_is_matched_by_the_next(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    first = invoke("checks", "--all-options", "--game", "socks", *FEW, "--save", str(record))
    assert first.exit_code in (0, 1), first.output
    saved = json.loads(record.read_text())
    assert set(saved["invariants"]["defaults"]) == {inv.id for inv, _ in
                                                   INVARIANTS if inv.game == "socks"}
    again = invoke("checks", "--all-options", "--game", "socks", *FEW, "--expected", str(record), "--json")
    assert again.exit_code == 0, again.output
    data = json.loads(again.stdout)["matrix"]
    assert data["summary"]["differ"] == 0 and data["summary"]["cells"] == len(data["cells"])
    assert {c["option"] for c in data["cells"]} == {None, "final_tie", "tie_break_counts"}
    assert all(cell["matches"] for cell in data["cells"])


def test_a_cell_that_differs_from_the_record_exits_1_and_is_named(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    invoke("checks", "--all-options", "--game", "socks", *FEW, "--save", str(record))
    saved = json.loads(record.read_text())
    first_id = sorted(saved["invariants"]["defaults"])[0]
    saved["invariants"]["changes"].append({"option": "final_tie", "value": "no_winner", "id": first_id,
                                           "status": "violated", "reason": "planted in the test"})
    record.write_text(json.dumps(saved))
    result = invoke("checks", "--all-options", "--game", "socks", *FEW, "--expected", str(record))
    assert result.exit_code == 1
    assert f"{first_id} under final_tie=no_winner: proved (NOT AS RECORDED: expected violated)" in result.stdout


@pytest.mark.parametrize("args", [
    ("checks", "--all-options", "--rule", "final_tie=no_winner"),
    ("checks", "--all-options", "--expected", "x.json"),
    ("checks", "--save", "x.json", "--game", "socks"),
    ("questions", "--all-options", "--rule", "final_tie=no_winner"),
    ("checks", "--option", "final_tie", "--game", "socks"),
])
def test_options_that_do_not_go_together_are_a_usage_error(args: tuple[str, ...]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_an_unknown_option_is_one_line_exit_2() -> None:
    result = invoke("checks", "--all-options", "--game", "socks", "--option", "no_such_option")
    assert result.exit_code == 2
    assert "no_such_option" in result.output and len(result.output.strip().splitlines()) == 1


def test_a_missing_record_file_is_one_line_exit_2(tmp_path: Path) -> None:
    result = invoke("checks", "--all-options", "--game", "socks", "--expected", str(tmp_path / "none.json"))
    assert result.exit_code == 2
    assert "none.json" in result.output and len(result.output.strip().splitlines()) == 1


def test_a_tiny_time_limit_leaves_cells_undecided_exit_3(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    invoke("checks", "--all-options", "--game", "socks", *FEW, "--save", str(record))
    result = invoke("checks", "--all-options", "--game", "socks", *FEW, "--expected", str(record),
                    "--time-limit", "0.000001")
    assert result.exit_code == 3, result.output


# --- questions, on questions planted for the test -----------------------------------------------


def _yes(asked: Asked) -> Yes:
    agrees = asked.rules.final_tie == "no_winner"
    return Yes(Witness({"winners": []}, "P1: 3 points\nP2: 3 points", "decide_winners: nobody", agrees))


def _no(asked: Asked) -> No:
    return No("every finished game of the domain was enumerated")


def _none(asked: Asked) -> NoneFound:
    return NoneFound("no such game in 1000 seeded games")


def _slow(asked: Asked) -> NoneFound:
    raise OutOfTime("time limit of 1 s reached")


def _planted(*searches) -> tuple[Question, ...]:
    return tuple(Question(f"SO-T{i}", "socks", f"planted question {i}?", "The rulebook says so.",
                          "a planted search", search) for i, search in enumerate(searches, start=1))


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch):
    def plant(*searches):
        questions = _planted(*searches)
        monkeypatch.setattr(checks.questions, "QUESTIONS", questions)
        return questions
    return plant


def test_questions_are_answered_and_printed_with_their_witness_proof_or_bound(planted) -> None:
    planted(_no, _none)
    result = invoke("questions", "--game", "socks")
    assert result.exit_code == 0, result.output
    assert "SO-T1   socks       no" in result.stdout
    assert "none found: no such game in 1000 seeded games" in result.stdout
    assert "2 questions: 0 yes, 1 no, 1 none found, 0 undecided" in result.stdout


def test_a_witness_the_engine_does_not_confirm_exits_1(planted) -> None:
    planted(_yes)
    result = invoke("questions", "--game", "socks")
    assert result.exit_code == 1
    assert "THE ENGINE DISAGREES" in result.stdout
    confirmed = invoke("questions", "--game", "socks", "--rule", "final_tie=no_winner", "--json")
    assert confirmed.exit_code == 0
    answer = json.loads(confirmed.stdout)["questions"][0]["answer"]
    assert answer["status"] == "yes" and answer["witness"]["engine_agrees"] is True


def test_a_question_out_of_time_is_undecided_exit_3(planted) -> None:
    planted(_slow)
    result = invoke("questions", "--game", "socks", "--json")
    assert result.exit_code == 3
    assert json.loads(result.stdout)["questions"][0]["answer"]["status"] == "undecided"


def test_the_question_matrix_shows_where_an_option_changes_the_answer(planted, tmp_path: Path) -> None:
    def depends(asked: Asked) -> Yes | No:
        return _yes(asked) if asked.rules.final_tie == "no_winner" else _no(asked)

    planted(depends)
    record = tmp_path / "record.json"
    invoke("questions", "--all-options", "--game", "socks", "--save", str(record))
    saved = json.loads(record.read_text())["questions"]
    assert saved["defaults"] == {"SO-T1": "no"}
    assert saved["changes"] == [{"option": "final_tie", "value": "no_winner", "id": "SO-T1", "status": "yes",
                                 "reason": "TO BE EXPLAINED"}]
    result = invoke("questions", "--all-options", "--game", "socks", "--expected", str(record))
    assert result.exit_code == 0, result.output
    assert "final_tie=no_winner" in result.stdout and "Y*" in result.stdout


def test_rows_run_in_two_processes_give_the_same_cells_in_the_same_order() -> None:
    one = json.loads(invoke("checks", "--all-options", "--game", "socks", *FEW, "--json").stdout)["matrix"]
    two = json.loads(invoke("checks", "--all-options", "--game", "socks", *FEW, "--workers", "2",
                            "--json").stdout)["matrix"]
    strip = [{k: v for k, v in c.items() if k != "seconds"} for c in one["cells"]]
    assert strip == [{k: v for k, v in c.items() if k != "seconds"} for c in two["cells"]]
    assert one["summary"] == two["summary"]


# --- the rulings matrix (verify rulings --all-options) -------------------------------------------


def test_a_ruling_is_not_run_under_the_rows_of_an_option_it_states() -> None:
    cells = matrix.run_matrix("rulings", ["socks"], 30.0, options=["final_tie"])
    stated = {r["name"] for r in rulings.load("socks") if "final_tie" in r.get("rules", {})}
    assert stated
    assert not {c.id for c in cells if c.row.option == "final_tie"} & stated
    assert stated <= {c.id for c in cells if c.row.option is None}


def test_a_ruling_is_not_run_under_an_option_its_situation_does_not_take() -> None:
    cells = matrix.run_matrix("rulings", ["socks"], 30.0, options=["gift_to_self"])
    under = {c.id for c in cells if c.row.option == "gift_to_self"}
    assert "score-01-example" not in under  # a score file takes only the scoring options
    assert "replay-01-claimed-result-holds" in under


def test_a_ruling_that_fails_under_an_option_is_expected_only_where_recorded() -> None:
    empty = matrix.Record({}, {}, "pass")
    cells = matrix.run_matrix("rulings", ["socks"], 30.0, {"socks": empty}, options=["gift_to_self"])
    wrong = {c.id for c in cells if not c.matches}
    assert "replay-01-claimed-result-holds" in wrong
    recorded = matrix.run_matrix("rulings", ["socks"], 30.0, options=["gift_to_self"])
    assert all(c.matches for c in recorded)
    assert next(c for c in recorded if c.id == "replay-01-claimed-result-holds" and c.row.option).reason


def test_a_record_that_is_not_json_is_one_line_exit_2(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text('{"invariants": {}, "invariants": {}}')
    result = invoke("checks", "--all-options", "--game", "socks", *FEW, "--expected", str(record))
    assert result.exit_code == 2, result.output
    assert "record.json" in result.output and "invariants" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_save_refuses_to_replace_a_record_it_cannot_read(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text("option,value\nfinal_tie,no_winner\n")
    result = invoke("checks", "--all-options", "--game", "socks", *FEW, "--save", str(record))
    assert result.exit_code == 2, result.output
    assert "record.json" in result.output and "CSV" in result.output
    assert record.read_text() == "option,value\nfinal_tie,no_winner\n"
