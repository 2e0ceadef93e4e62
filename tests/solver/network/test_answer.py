"""The library behind ``verify tricks``: the input schema, the verdicts and exit statuses in every
solver state (the unproven ones included), and the drawing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model.common.errors import InputError
from model.common.status import Status
from model.whitehouse.network.answer import AddAnswer, TricksAnswer, TricksSolution
from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    CardRef,
    Event,
    Network,
    Placement,
    Supporter,
    TricksRules,
    check_arrangement,
)
from model.whitehouse.network.io import TricksQuestion, input_schema, load_question, parse_question
from model.whitehouse.network.report import ASCII, UNICODE, arrangement_lines, render_svg, render_text
from solver.network.answer import judge_claim

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "model" / "whitehouse" / "network" / "data" / "tricks-input.schema.json"
EXAMPLES = sorted((ROOT / "examples" / "whitehouse").glob("*.json"))

NETWORK = Network(
    (Supporter(1), Supporter(2, "Adviser")),
    (Event("E1", frozenset({1})), Event("E2", frozenset({1, 2}))),
)
LAYOUT = Arrangement(
    (
        Placement(CardRef(EVENT, "E1"), 0, 0),
        Placement(CardRef(SUPPORTER, 1), 1, 0),
        Placement(CardRef(EVENT, "E2"), 1, 1),
        Placement(CardRef(SUPPORTER, 2), 1, 2),
    )
)


def solution(status: Status, tricks: int | None, bound: int | None, arrangement=None) -> TricksSolution:
    proven_by = "cp-sat" if status is not Status.UNPROVEN else None
    stopped_by = "time_limit" if status is Status.UNPROVEN else None
    return TricksSolution(status, tricks, bound, arrangement, None, proven_by, 0.5, stopped_by)


def answer(sol: TricksSolution, claim: int | None = None, given: Arrangement | None = None, add=None) -> TricksAnswer:
    question = TricksQuestion("net.json", NETWORK, TricksRules(), claim, given, None if add is None else add.card)
    report = None if given is None else check_arrangement(NETWORK, given)
    verdict = None if claim is None else judge_claim(sol, claim)
    return TricksAnswer(question, sol, verdict, report, add)


# --- the schema --------------------------------------------------------------------------------


def test_shipped_schema_matches_the_pydantic_model():
    shipped = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert shipped == input_schema(), "regenerate: python -m model.whitehouse.network.io > " + str(SCHEMA.relative_to(ROOT))


def test_schema_forbids_unknown_keys_everywhere():
    schema = input_schema()
    assert schema["additionalProperties"] is False
    for name, definition in schema["$defs"].items():
        assert definition["additionalProperties"] is False, name
    assert schema["properties"]["rules"]["additionalProperties"] is False
    assert schema["required"] == ["supporters", "events"]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_examples_are_valid_by_schema_and_by_model(path):
    jsonschema = pytest.importorskip("jsonschema")
    document = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(input_schema()).validate(document)
    question = load_question(str(path))
    assert question.network.size <= 6
    assert "note" in document


def test_flags_win_over_the_file():
    doc = {"supporters": [1], "events": [], "claim": 2, "rules": {"connected": True}}
    question = parse_question(doc, "f.json", claim=5, rule_flags={"connected": "false"})
    assert question.claim == 5
    assert question.rules == TricksRules(connected=False)
    assert parse_question(doc, "f.json").rules == TricksRules(connected=True)


def test_rule_value_in_json_must_be_a_boolean():
    with pytest.raises(InputError) as caught:
        parse_question({"supporters": [], "events": [], "rules": {"connected": "false"}}, "f.json")
    assert caught.value.path == "rules.connected"


# --- verdicts in every solver state ----------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "tricks", "bound", "claim", "holds", "exact"),
    [
        (Status.OPTIMAL, 7, 7, 7, True, True),
        (Status.OPTIMAL, 7, 7, 5, True, False),
        (Status.OPTIMAL, 7, 7, 8, False, False),
        (Status.INFEASIBLE, None, None, 0, False, False),
        (Status.UNPROVEN, 6, 9, 5, True, None),
        (Status.UNPROVEN, 6, 9, 6, True, None),
        (Status.UNPROVEN, 6, 9, 7, None, None),
        (Status.UNPROVEN, 6, 9, 9, None, None),
        (Status.UNPROVEN, 6, 9, 10, False, None),
        (Status.UNPROVEN, None, 9, 1, None, None),
        (Status.UNPROVEN, None, 9, 10, False, None),
    ],
)
def test_claim_verdict(status, tricks, bound, claim, holds, exact):
    verdict = judge_claim(solution(status, tricks, bound), claim)
    assert (verdict.holds, verdict.exact) == (holds, exact)


@pytest.mark.parametrize(
    ("sol", "claim", "given", "expected"),
    [
        (solution(Status.OPTIMAL, 3, 3, LAYOUT), None, None, 0),
        (solution(Status.OPTIMAL, 3, 3, LAYOUT), 3, LAYOUT, 0),
        (solution(Status.OPTIMAL, 3, 3, LAYOUT), 4, None, 1),
        (solution(Status.INFEASIBLE, None, None), None, None, 1),
        (solution(Status.UNPROVEN, 3, 5, LAYOUT), None, None, 3),
        (solution(Status.UNPROVEN, 3, 5, LAYOUT), 2, None, 3),  # the claim holds; the maximum is open
        (solution(Status.UNPROVEN, 3, 5, LAYOUT), 4, None, 3),
        (solution(Status.UNPROVEN, 3, 5, LAYOUT), 6, None, 1),  # "no" wins over "open"
        (solution(Status.UNPROVEN, None, 5), None, None, 3),
    ],
)
def test_exit_status(sol, claim, given, expected):
    assert answer(sol, claim, given).exit_status == expected


def test_illegal_given_arrangement_answers_no():
    illegal = Arrangement(
        (
            Placement(CardRef(EVENT, "E1"), 0, 0),
            Placement(CardRef(SUPPORTER, 2), 0, 1),
            Placement(CardRef(SUPPORTER, 1), 1, 0),
            Placement(CardRef(EVENT, "E2"), 1, 1),
        )
    )
    result = answer(solution(Status.OPTIMAL, 3, 3, LAYOUT), 3, illegal)
    assert result.exit_status == 1
    out = result.to_json()
    assert out["given_arrangement"]["legal"] is False
    assert out["claim"] == {"value": 3, "holds": True, "exact": True}


def test_unproven_card_to_add_leaves_the_answer_open():
    add = AddAnswer(Supporter(9), (), solution(Status.UNPROVEN, 3, 6))
    result = answer(solution(Status.OPTIMAL, 3, 3, LAYOUT), None, LAYOUT, add)
    assert result.exit_status == 3
    assert result.to_json()["add"] == {
        "placements": [], "max_after": 3, "status": "unproven", "bound": 6, "stopped_by": "time_limit",
    }


def test_json_keys_follow_the_contract():
    out = answer(solution(Status.OPTIMAL, 3, 3, LAYOUT), 3, LAYOUT).to_json()
    assert list(out) == [
        "status", "tricks", "bound", "arrangement", "proof", "proven_by", "claim", "given_arrangement", "rules",
    ]
    assert out["arrangement"][0] == {"event": "E1", "row": 0, "col": 0}
    assert out["arrangement"][1] == {"supporter": 1, "row": 1, "col": 0}
    unproven = answer(solution(Status.UNPROVEN, None, 5)).to_json()
    assert (unproven["status"], unproven["tricks"], unproven["bound"], unproven["arrangement"]) == (
        "unproven", None, 5, None,
    )
    # Why it stopped, only when unproven (the contract's compatible extension).
    assert unproven["stopped_by"] == "time_limit" and "stopped_by" not in out
    assert "seconds" not in out


# --- drawing ---------------------------------------------------------------------------------


def test_grid_marks_every_trick_border():
    assert arrangement_lines(NETWORK, LAYOUT, UNICODE) == [
        "       0           1           2",
        "  ┌─────────┐",
        "0 │ E1      │",
        "  │         │",
        "  └─────────┘",
        "       ║",
        "  ┌─────────┐ ┌─────────┐ ┌─────────┐",
        "1 │ S1      │═│ E2      │═│ S2      │",
        "  │         │ │         │ │ Adviser │",
        "  └─────────┘ └─────────┘ └─────────┘",
    ]


def test_ascii_grid():
    lines = arrangement_lines(NETWORK, LAYOUT, ASCII)
    text = "\n".join(lines)
    text.encode("ascii")
    assert "|=|" in text and "H" in text


def test_text_report_states_an_unproven_answer():
    text = render_text(answer(solution(Status.UNPROVEN, 3, 5, LAYOUT), 4))
    assert "Tricks: 3 found, at most 5: not proven" in text
    assert "Claim of 4 Tricks: undecided" in text
    assert "The best arrangement found:" in text


def test_text_report_in_ascii_holds_no_other_character():
    network = Network((Supporter(1, "Zoë ☂"),), ())
    question = TricksQuestion("f.json", network)
    one = Arrangement((Placement(CardRef(SUPPORTER, 1), 0, 0),))
    text = render_text(TricksAnswer(question, solution(Status.OPTIMAL, 0, 0, one), None, None, None), ascii=True)
    assert text.isascii()
    assert "Zo" in text


def test_svg_draws_tricks_and_broken_borders():
    illegal = Arrangement(
        (
            Placement(CardRef(EVENT, "E1"), 0, 0),
            Placement(CardRef(SUPPORTER, 2), 0, 1),
            Placement(CardRef(SUPPORTER, 1), 1, 0),
            Placement(CardRef(EVENT, "E2"), 1, 1),
        )
    )
    svg = render_svg(answer(solution(Status.OPTIMAL, 3, 3, LAYOUT), None, illegal))
    assert svg.count('class="trick"') == 3 + 3
    assert svg.count('class="broken"') == 1
    assert "Given arrangement: illegal" in svg


def test_an_unproven_answer_says_why_it_stopped():
    from solver.network.solve import solve_tricks

    hard = load_question(str(ROOT / "benchmarks" / "instances" / "stress_n030_s00.json"), None, ())
    timed = solve_tricks(hard.network, hard.rules, time_limit=0.5)
    assert timed.status is Status.UNPROVEN and timed.stopped_by == "time_limit"
    assert solve_tricks(NETWORK, TricksRules(), time_limit=5).stopped_by is None
