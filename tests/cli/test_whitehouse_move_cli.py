"""``verify whitehouse move`` and ``verify whitehouse replay --at N``: exit codes, the one JSON
object, the shipped questions, the cut-and-ask round trip through the command line, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "examples" / "whitehouse" / "games").glob("*.json"))
POSITIONS = ROOT / "examples" / "whitehouse" / "positions"

#: Each shipped question: its exit status and the rule it breaks (None when legal).
SHIPPED = {
    "legal-take": (0, None),
    "unaffordable": (1, "take-cost"),
    "illegal-placement": (1, "lock-entry"),
    "lies-answers-take": (0, None),
    "gridlock": (0, None),
    "single-lock-off": (1, "decision"),
}


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def one_json(result) -> dict:
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.output
    return json.loads(lines[0])


def test_every_shipped_position_has_its_move_and_an_expected_answer():
    names = {p.stem for p in POSITIONS.glob("*.json")}
    assert names == set(SHIPPED)
    assert {p.stem for p in (POSITIONS / "moves").glob("*.json")} == names


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_question(name):
    code, rule = SHIPPED[name]
    position, move = str(POSITIONS / f"{name}.json"), str(POSITIONS / "moves" / f"{name}.json")
    text = run("whitehouse", "move", position, "--move", move)
    assert text.exit_code == code, text.output
    answer = one_json(run("whitehouse", "move", position, "--move", move, "--json"))
    assert answer["legal"] is (code == 0) and answer["rule"] == rule
    assert answer["rules"]["turn_limit"] == 500 and "connected" in answer["rules"]
    if rule:
        assert text.output.startswith("ILLEGAL:") and f"rule {rule}:" in text.output
    else:
        assert text.output.startswith("legal:")
    listing = run("whitehouse", "move", position, "--list", "--json")
    assert listing.exit_code == 0
    moves = [m["move"] for g in one_json(listing)["legal"] for m in g["moves"]]
    assert (answer["move"] in moves) is (code == 0)


def test_list_groups_by_action_with_cost_and_locks():
    result = run("whitehouse", "move", str(POSITIONS / "legal-take.json"), "--list", "--json")
    answer = one_json(result)
    assert [g["action"] for g in answer["legal"]] == ["take"]
    assert answer["count"] == 4 and sum(len(g["moves"]) for g in answer["legal"]) == 4
    costs = sorted(tuple(m["cost"]) for m in answer["legal"][0]["moves"])
    assert costs == [(), (5,), (5, 9), (9,)]
    free = next(m for m in answer["legal"][0]["moves"] if not m["cost"])
    assert free["card"] == 2 and free["may_lock"]["options"] == []
    text = run("whitehouse", "move", str(POSITIONS / "legal-take.json"), "--list")
    assert text.exit_code == 0 and "4 legal moves" in text.output and "Tricks 0 -> 1" in text.output
    assert "nobody has seen" in text.output


def test_rule_flag_changes_the_verdict():
    position = str(POSITIONS / "illegal-placement.json")
    move = str(POSITIONS / "moves" / "illegal-placement.json")
    result = run("whitehouse", "move", position, "--move", move, "--rule", "every_card_matched=false", "--json")
    assert result.exit_code == 0
    answer = one_json(result)
    assert answer["legal"] is True and answer["rules"]["every_card_matched"] is False


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_replay_at_every_move_then_ask(path, tmp_path):
    """Cut the log after each move, then the cut lists the log's next move and judges it legal
    (and judges the log's own illegal move illegal, with the replay's rule)."""
    log = json.loads(path.read_text())
    whole = one_json(run("whitehouse", "replay", str(path), "--json"))
    legal = whole["moves_applied"]
    cut = tmp_path / "cut.json"
    move_file = tmp_path / "move.json"
    for n in range(legal + 1):
        result = run("whitehouse", "replay", str(path), "--at", str(n))
        assert result.exit_code == 0, (n, result.output)
        document = json.loads(result.stdout)
        assert document["game"] == "whitehouse" and "moves" not in document and document["position"]
        cut.write_text(result.stdout)
        if n == len(log["moves"]):
            break
        listing = run("whitehouse", "move", str(cut), "--list", "--json")
        assert listing.exit_code == 0, (n, listing.output)
        moves = [m["move"] for g in one_json(listing)["legal"] for m in g["moves"]]
        made = log["moves"][n]
        move_file.write_text(json.dumps(made))
        judged = run("whitehouse", "move", str(cut), "--move", str(move_file), "--json")
        answer = one_json(judged)
        if n < legal:
            assert made in moves or {**made, "discards": made.get("discards", [])} in moves, n
            assert judged.exit_code == 0 and answer["legal"] is True, (n, answer)
        else:
            assert judged.exit_code == 1 and answer["legal"] is False
            assert answer["rule"] == whole["illegal"]["rule"]


def test_replay_at_a_move_after_an_illegal_one_reports_it():
    path = ROOT / "examples" / "whitehouse" / "games" / "illegal-unpaid-middle.json"
    result = run("whitehouse", "replay", str(path), "--at", "1")
    assert result.exit_code == 1 and "ILLEGAL move 0" in result.output
    answer = one_json(run("whitehouse", "replay", str(path), "--at", "1", "--json"))
    assert answer["status"] == "illegal"


def test_replay_at_past_the_end_is_bad_input():
    path = ROOT / "examples" / "whitehouse" / "games" / "reversal.json"
    result = run("whitehouse", "replay", str(path), "--at", "8")
    assert result.exit_code == 2
    assert result.output == "verify: --at: the log has 7 moves, so there is no move 8\n"


def test_replay_without_at_is_unchanged():
    path = ROOT / "examples" / "whitehouse" / "games" / "reversal.json"
    answer = one_json(run("whitehouse", "replay", str(path), "--json"))
    assert answer["status"] == "in_progress" and "position" not in answer


@pytest.mark.parametrize(
    "args",
    [(), ("--list", "--move", "m.json")],
    ids=["neither", "both"],
)
def test_move_needs_exactly_one_question(args):
    result = run("whitehouse", "move", str(POSITIONS / "legal-take.json"), *args)
    assert result.exit_code == 2 and "exactly one of --move" in result.output


def bad_position(tmp_path: Path, change) -> Path:
    data = json.loads((POSITIONS / "legal-take.json").read_text())
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    "change,where",
    [
        (lambda d: d["position"]["players"][1]["supporters"].append(5), "position.players[1].supporters[1]"),
        (lambda d: d["position"]["rows"]["event"].append("E25"), "position.rows.event"),
        (lambda d: d["position"]["players"][0].update(
            network=[{"supporter": 7, "row": 0, "col": 0}, {"event": "E1", "row": 0, "col": 1}]),
         "position.players[0].network"),
        (lambda d: d["position"]["players"][0]["events"].append("E77"), "position.players[0].events[1]"),
        (lambda d: d["position"]["unseen"].update(supporter=1), "position.unseen.supporter"),
        (lambda d: d["position"].update(pending=[{"step": "refill", "row": "event"}]), "position.pending"),
    ],
    ids=["card-twice", "four-in-a-row", "bad-arrangement", "unknown-card", "wrong-deck-size", "no-end-action"],
)
def test_bad_position_is_one_line_naming_file_and_path(tmp_path, change, where):
    path = bad_position(tmp_path, change)
    for question in (("--list",), ("--move", str(POSITIONS / "moves" / "legal-take.json"))):
        result = run("whitehouse", "move", str(path), *question)
        assert result.exit_code == 2, result.output
        lines = result.output.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"verify: {path}: {where}: "), result.output
        assert "Traceback" not in result.output


def test_bad_move_file_names_its_path(tmp_path):
    move = tmp_path / "move.json"
    move.write_text(json.dumps({"player": 0, "move": "take", "row": "supporter", "slot": "far"}))
    result = run("whitehouse", "move", str(POSITIONS / "legal-take.json"), "--move", str(move))
    assert result.exit_code == 2
    assert result.output.startswith(f"verify: {move}: slot: ") and len(result.output.splitlines()) == 1


def test_position_from_standard_input():
    text = (POSITIONS / "gridlock.json").read_text()
    result = run("whitehouse", "move", "-", "--move", str(POSITIONS / "moves" / "gridlock.json"), "--json",
                 input=text)
    assert result.exit_code == 0 and one_json(result)["outcome"]["may_lock"]["options"][0]["gridlocked"]


def test_a_log_is_not_a_position():
    result = run("whitehouse", "move", str(GAMES[0]), "--list")
    assert result.exit_code == 2 and "moves" in result.output and "replay --at" in result.output


# --- the move written inline, or in the move notation ---------------------------------------------------


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_listed_move_round_trips_through_its_notation(name):
    """Each move --list prints, given back to --move as printed, is the same legal move; and the
    first line of the answer names it the same way."""
    position = str(POSITIONS / f"{name}.json")
    listing = one_json(run("whitehouse", "move", position, "--list", "--json"))
    text = run("whitehouse", "move", position, "--list").output
    for group in listing["legal"]:
        for found in group["moves"]:
            assert f"  {found['notation']}: " in text
            answer = run("whitehouse", "move", position, "--move", found["notation"], "--json")
            assert answer.exit_code == 0, (found["notation"], answer.output)
            assert one_json(answer)["move"] == found["move"]
            said = run("whitehouse", "move", position, "--move", found["notation"])
            assert said.output.startswith(f"legal: {found['notation']} by player {found['move']['player']} ")


def test_the_move_inline_as_json_or_words_equals_the_file():
    position = str(POSITIONS / "legal-take.json")
    listing = one_json(run("whitehouse", "move", position, "--list", "--json"))
    assert sorted(m["notation"] for g in listing["legal"] for m in g["moves"]) == [
        "take supporter closest discards S5 S9", "take supporter furthest", "take supporter middle discards S5",
        "take supporter middle discards S9"]
    from_file = one_json(run("whitehouse", "move", position, "--move", str(POSITIONS / "moves" / "legal-take.json"),
                             "--json"))
    inline = '{"player": 0, "move": "take", "row": "supporter", "slot": "middle", "discards": ["S9"]}'
    for given in (inline, '{"move": "take", "row": "supporter", "slot": "middle", "discards": [9]}',
                  "take supporter middle discards S9", "take supporter middle discards 9 by player 0"):
        assert one_json(run("whitehouse", "move", position, "--move", given, "--json")) == from_file, given


def test_a_move_line_that_does_not_read_is_one_line_naming_the_word():
    result = run("whitehouse", "move", str(POSITIONS / "legal-take.json"), "--move", "take supporter far")
    assert result.exit_code == 2
    assert result.output.startswith("verify: --move: far is not a slot: one of closest, middle, furthest")
    assert len(result.output.splitlines()) == 1


def test_the_text_answer_says_who_acts_next():
    lies = run("whitehouse", "move", str(POSITIONS / "lies-answers-take.json"), "--move", "no_lies")
    assert lies.exit_code == 0 and lies.output.splitlines()[-1] == "  next: player 0 to lock S2 in or keep it"
    take = run("whitehouse", "move", str(POSITIONS / "legal-take.json"), "--move", "take supporter furthest")
    assert take.output.splitlines()[-1] == "  next: player 0 to take from the event row"


def test_the_readme_works_a_mid_action_position_through_and_ships_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index('## White House intern game: "May I do that?"'):readme.index("## Oh My Socks!")]
    shown = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    shipped = json.loads((POSITIONS / "lies-answers-take.json").read_text())
    shipped.pop("note")
    assert shown == shipped
    assert [step["step"] for step in shown["position"]["pending"]] == ["arrival", "refill", "end_action"]
    for key in ("pending", "stage", "block", "liar", "end_action", "turn", "round_order", "unseen"):
        assert f"`{key}`" in section, key
