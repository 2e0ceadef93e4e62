"""``verify tricks`` as a user runs it: exit statuses, verdicts, flags, standard input, SVG."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "whitehouse"


def verify(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["tricks", *args], input=input)


def verify_json(*args: str, input: str | None = None) -> tuple[int, dict]:
    result = verify(*args, "--json", input=input)
    assert result.exit_code in (0, 1, 3), result.output
    return result.exit_code, json.loads(result.stdout)


def example(name: str) -> str:
    return str(EXAMPLES / name)


def write(tmp_path: Path, doc: dict, name: str = "network.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def hard_network(cards: int = 20, seed: int = 7) -> dict:
    """A random network dense enough that no solver proves its maximum in a few milliseconds."""
    rng = random.Random(seed)
    supporters = list(range(1, cards // 2 + 1))
    events = [
        {"id": f"E{i}", "supporters": sorted(s for s in supporters if rng.random() < 0.5)}
        for i in range(cards - len(supporters))
    ]
    return {"supporters": supporters, "events": events}


# --- the rulebook's example ------------------------------------------------------------------


def test_rulebook_example_makes_three_tricks():
    status, out = verify_json(example("rulebook-example.json"))
    assert status == 0
    assert (out["status"], out["tricks"], out["bound"]) == ("optimal", 3, 3)
    assert out["claim"] == {"value": 3, "holds": True, "exact": True}
    assert out["given_arrangement"] == {"legal": True, "tricks": 3, "violations": []}
    assert out["rules"] == {"connected": True, "every_card_matched": False}
    rows = [p["row"] for p in out["arrangement"]]
    cols = [p["col"] for p in out["arrangement"]]
    assert min(rows) == 0 and min(cols) == 0


def test_rulebook_s2_on_top_of_e2_is_illegal():
    status, out = verify_json(example("rulebook-illegal-s2.json"))
    assert status == 1
    given = out["given_arrangement"]
    assert given["legal"] is False
    assert given["tricks"] == 3
    assert len(given["violations"]) == 1
    assert "Supporter 2" in given["violations"][0] and "Event E1" in given["violations"][0]


def test_rulebook_where_may_s2_go():
    status, out = verify_json(example("rulebook-where-s2.json"))
    assert status == 0
    cells = {(p["row"], p["col"]): p["tricks"] for p in out["add"]["placements"]}
    # Right of E2 and below E2, each making a third Trick; never the cell marked X.
    assert cells[(1, 2)] == 3 and cells[(2, 1)] == 3
    assert (0, 1) not in cells
    assert all(t <= 3 for t in cells.values())
    assert out["add"]["max_after"] == 3
    assert out["tricks"] == 2


def test_text_report_of_the_rulebook_example():
    result = verify(example("rulebook-illegal-s2.json"))
    assert result.exit_code == 1
    text = result.stdout
    assert "Tricks: 3, the proven maximum" in text
    assert "Given arrangement: illegal, 3 Tricks" in text
    assert "Supporter 2 at row 0 col 1 borders Event E1 at row 0 col 0, which does not list it" in text
    assert "═" in text and "║" in text and "×" in text
    assert "┌" in text


def test_ascii_drawing_is_plain_ascii():
    result = verify(example("seven-tricks.json"), "--ascii")
    assert result.exit_code == 0
    result.stdout.encode("ascii")
    assert "+----" in result.stdout and "=" in result.stdout
    assert "Chief of Staff" in result.stdout


# --- claims and exit statuses ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "status", "holds", "exact"),
    [("7", 0, True, True), ("6", 0, True, False), ("8", 1, False, False), ("0", 0, True, False)],
)
def test_claim_verdicts(claim, status, holds, exact):
    code, out = verify_json(example("seven-tricks.json"), "--claim", claim)
    assert code == status
    assert out["tricks"] == 7 and out["status"] == "optimal"
    assert out["claim"] == {"value": int(claim), "holds": holds, "exact": exact}


def test_claim_in_the_file_holds():
    code, out = verify_json(example("seven-tricks.json"))
    assert code == 0
    assert out["claim"] == {"value": 7, "holds": True, "exact": True}
    assert out["proof"]


def test_claim_text_verdicts():
    assert "Claim of 7 Tricks: holds, exactly the maximum" in verify(example("seven-tricks.json")).stdout
    refuted = verify(example("seven-tricks.json"), "--claim", "8")
    assert refuted.exit_code == 1
    assert "Claim of 8 Tricks: does not hold (the maximum is 7)" in refuted.stdout


def test_illegal_arrangement_lists_every_violation():
    code, out = verify_json(example("illegal-arrangement.json"))
    assert code == 1
    given = out["given_arrangement"]
    assert given["legal"] is False and given["tricks"] == 3
    assert len(given["violations"]) == 3
    assert any("2 pieces" in v for v in given["violations"])
    assert out["tricks"] == 7  # the network itself is fine


def test_network_without_a_legal_arrangement():
    code, out = verify_json(example("no-legal-arrangement.json"))
    assert code == 1
    assert out["status"] == "infeasible"
    assert out["tricks"] is None and out["bound"] is None and out["arrangement"] is None
    text = verify(example("no-legal-arrangement.json")).stdout
    assert "no legal arrangement exists" in text


def test_rule_flag_wins_over_the_file(tmp_path):
    code, out = verify_json(example("no-legal-arrangement.json"), "--rule", "connected=false")
    assert code == 0
    assert (out["status"], out["tricks"]) == ("optimal", 0)
    assert out["rules"] == {"connected": False, "every_card_matched": False}
    doc = json.loads(Path(example("no-legal-arrangement.json")).read_text())
    path = write(tmp_path, {**doc, "rules": {"connected": False}})
    assert verify_json(path)[1]["status"] == "optimal"
    code, out = verify_json(path, "--rule", "connected=true")
    assert (code, out["status"], out["rules"]) == (1, "infeasible", {"connected": True, "every_card_matched": False})


def test_claim_flag_wins_over_the_file():
    code, out = verify_json(example("rulebook-example.json"), "--claim", "4")
    assert code == 1
    assert out["claim"]["value"] == 4 and out["claim"]["holds"] is False


def test_unproven_within_a_tiny_time_limit(tmp_path):
    doc = {**hard_network(), "claim": 10**6}
    code, out = verify_json(write(tmp_path, doc), "--time-limit", "0.001")
    assert out["status"] == "unproven"
    assert out["bound"] is not None
    # A claim above the bound is refuted even unproven; without it the answer is open.
    assert out["claim"] == {"value": 10**6, "holds": False, "exact": None}
    assert code == 1
    code, out = verify_json(write(tmp_path, hard_network()), "--time-limit", "0.001")
    assert (code, out["status"]) == (3, "unproven")
    assert "claim" not in out
    text = verify(write(tmp_path, hard_network()), "--time-limit", "0.001")
    assert text.exit_code == 3
    assert "not proven" in text.stdout


def test_proven_json_is_deterministic():
    first = verify(example("seven-tricks.json"), "--json").stdout
    second = verify(example("seven-tricks.json"), "--json").stdout
    assert first == second
    assert "seconds" not in json.loads(first)


# --- input: standard input, SVG, nothing written on error ------------------------------------


def test_standard_input():
    text = Path(example("rulebook-example.json")).read_text()
    code, out = verify_json("-", input=text)
    assert code == 0 and out["tricks"] == 3
    bad = verify("-", "--json", input='{"supporters": [1], "events": [{"id": "E1", "supporters": [0]}]}')
    assert bad.exit_code == 2
    assert bad.stderr.startswith("verify: <stdin>: events[0].supporters[0]: ")


def test_svg_is_written(tmp_path):
    target = tmp_path / "answer.svg"
    result = verify(example("rulebook-where-s2.json"), "--svg", str(target))
    assert result.exit_code == 0
    root = ElementTree.fromstring(target.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    lines = [e for e in root.iter() if e.tag.endswith("line")]
    assert lines, "Trick borders are drawn"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.svg"]


def test_svg_of_an_infeasible_network_and_an_illegal_arrangement(tmp_path):
    for name in ("no-legal-arrangement.json", "illegal-arrangement.json"):
        target = tmp_path / f"{name}.svg"
        assert verify(example(name), "--svg", str(target)).exit_code == 1
        ElementTree.fromstring(target.read_text(encoding="utf-8"))


def test_nothing_is_written_on_bad_input(tmp_path):
    target = tmp_path / "answer.svg"
    source = write(tmp_path, {"supporters": [1, 1], "events": []})
    result = verify(source, "--svg", str(target))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["network.json"]


def test_unwritable_svg_path_is_bad_input(tmp_path):
    target = tmp_path / "missing-folder" / "answer.svg"
    result = verify(example("rulebook-example.json"), "--svg", str(target))
    assert result.exit_code == 2
    assert result.stderr.startswith("verify: --svg: cannot write")
    assert not target.parent.exists()


def test_progress_line_shows_the_latest_report(capsys):
    from cli_questions import ProgressLine as _ProgressLine
    from model.whitehouse.network.answer import Progress

    line = _ProgressLine()
    line.draw(0.6)
    assert capsys.readouterr().err == "\rsolving: best none yet, bound not yet known, 0.6 s"
    line(Progress(best=5, bound=9, seconds=0.3))
    line.draw(1.25)
    # Padded with spaces so that nothing of the longer line before remains.
    assert capsys.readouterr().err.rstrip(" ") == "\rsolving: best 5, bound 9, 1.2 s"


def test_progress_line_stays_silent_for_a_short_solve(capsys):
    from cli_questions import ProgressLine as _ProgressLine
    from model.whitehouse.network.answer import Progress

    with _ProgressLine() as line:
        line(Progress(best=5, bound=9, seconds=0.01))
    assert capsys.readouterr().err == ""


# --- the installed console command ------------------------------------------------------------


def test_installed_console_command():
    command = shutil.which("verify") or str(Path(sys.executable).parent / "verify")
    if not os.path.exists(command):
        pytest.fail("the verify console command is not installed (pip install -e .)")
    done = subprocess.run(
        [command, "tricks", "examples/whitehouse/seven-tricks.json", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["claim"] == {"value": 7, "holds": True, "exact": True}
    bad = subprocess.run(
        [command, "tricks", "-"], input="[1]", cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert bad.returncode == 2
    assert bad.stderr == "verify: <stdin>: the document should be a JSON object\n"
    # A terminal that cannot show box drawing characters gets the ASCII drawing.
    plain = subprocess.run(
        [command, "tricks", "examples/whitehouse/rulebook-illegal-s2.json"],
        cwd=ROOT,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
    )
    assert plain.returncode == 1, plain.stderr
    text = plain.stdout.decode("ascii")
    assert "|x|" in text and "+----+" in text
