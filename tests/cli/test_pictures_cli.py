"""``--svg PATH|-`` on every command that shows an end or a position: each picture of a shipped
example is drawn by cairo and shows the text answer's words; ``--svg -`` puts the SVG alone on
standard output; a picture that fails to draw writes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from svg_check import (
    check_a_failed_picture_writes_nothing,
    check_an_unwritable_picture_is_bad_input,
    check_svg_on_standard_output,
    cut_texts,
    missing,
    picture,
    run_cli,
    shows,
    texts,
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


run = run_cli


def example(path: str) -> str:
    return str(EXAMPLES / path)


# --- verify tricks ---------------------------------------------------------------------------

TRICKS = ["seven-tricks.json", "rulebook-illegal-s2.json", "rulebook-where-s2.json", "no-legal-arrangement.json",
          "illegal-arrangement.json", "rulebook-example.json"]


@pytest.mark.parametrize("name", TRICKS)
def test_tricks_picture_shows_the_text_answer(tmp_path, name):
    text, svg = picture(tmp_path, "tricks", example(f"whitehouse/{name}"))
    words = [line for line in text.splitlines()
             if not any(mark in line for mark in "│┌└╎═║×") and not re.fullmatch(r"[\s\d-]*", line)]
    assert missing(svg, words) == []
    cells = re.findall(r"[│╎] ([^\s│╎][^│╎]*?) *(?=[│╎])", text)
    drawn, cut = set(texts(svg)), cut_texts(svg)
    for cell in cells:
        assert cell in drawn or cell in cut, f"{cell!r}: drawn whole, or cut to fit with the whole on hover"
    for header in (line for line in text.splitlines() if re.fullmatch(r"[\s\d-]+", line)):
        assert set(header.split()) <= set(texts(svg)), "the same row and column numbers"


# --- verify socks ----------------------------------------------------------------------------

SOCKS = ["score.json", "super-sock-gift.json", "rulebook-example.json", "tie.json"]


@pytest.mark.parametrize("name", SOCKS)
def test_socks_picture_shows_every_line_of_the_score(tmp_path, name):
    text, svg = picture(tmp_path, "socks", example(f"socks/{name}"))
    assert missing(svg, text.splitlines()) == []


def test_socks_picture_sorts_sets_greys_odd_ones_and_reveals_gifts(tmp_path):
    _, svg = picture(tmp_path, "socks", example("socks/super-sock-gift.json"))
    drawn = texts(svg)
    assert {"4-1", "4-2", "6-1", "super", "9-2", "9-5", "8-6"} <= set(drawn)
    assert drawn.count("gift") == 3, "two face-down Socks and the face-down Super Sock"
    assert "Super" in drawn
    # Cy's set 2 is odd: drawn greyed, and it alone.
    odd = re.findall(r'<g class="odd">(.*?)</g></g>', svg)
    assert len(odd) == 1 and "set 2: 1 Sock" in odd[0]


KEY = {
    "stars": "★ 2: a Sock's stars; a set scores its stars when it holds an even number of Socks",
    "odd": "greyed: a set of an odd number of Socks, which scores nothing",
    "gift": "dashed, gift: a Sock received face down as a Gift, revealed at the end",
    "super": "gold, Super: the Super Sock, a Sock of the set it is in (it scores no stars itself)",
    "tool": "tool: the tool chose its set, the best for its player",
}


@pytest.mark.parametrize(("name", "marks"), [
    ("super-sock-gift.json", {"stars", "odd", "gift", "super", "tool"}),
    ("tie.json", {"stars", "odd"}),
    ("rulebook-example.json", {"stars", "odd", "super", "tool"}),
])
def test_socks_picture_has_a_key_to_the_marks_it_draws(tmp_path, name, marks):
    _, svg = picture(tmp_path, "socks", example(f"socks/{name}"))
    assert {mark for mark, meaning in KEY.items() if shows(svg, meaning)} == marks
    assert ('class="tile gift"' in svg) == ("gift" in marks) and ('class="super' in svg) == ("super" in marks)


@pytest.mark.parametrize("name", SOCKS)
def test_socks_picture_carries_the_sample_catalogue_warning_the_text_prints(tmp_path, name):
    result = run("socks", example(f"socks/{name}"))
    warnings = [line.removeprefix("verify: ") for line in result.stderr.splitlines()]
    _, svg = picture(tmp_path, "socks", example(f"socks/{name}"))
    assert [w for w in warnings if shows(svg, w)] == warnings
    assert shows(svg, "warning:") == bool(warnings)
    assert any(warnings) == (name == "super-sock-gift.json"), "the shipped examples: one names sample cards"


def test_socks_picture_of_a_tie_break(tmp_path):
    _, svg = picture(tmp_path, "socks", "score", example("socks/tie.json"))
    assert shows(svg, "Winner: Ana, by the fewest scoring sets (1): Ana, Bo tie on 4 points.")


def test_socks_replay_pictures(tmp_path):
    text, svg = picture(tmp_path, "socks", "replay", example("socks/game.log.json"))
    assert missing(svg, text.splitlines()) == []
    text, svg = picture(tmp_path, "socks", "replay", example("socks/illegal.log.json"))
    assert missing(svg, text.splitlines()) == []


# --- verify likes ----------------------------------------------------------------------------


def _likes_rows(text: str) -> list[tuple[str, str, str, str]]:
    return re.findall(r"^  (\S+) +space +(\d+) +Likes (\d+) +streak (\d+)$", text, re.M)


def test_likes_round_picture_shows_the_board_the_counters_and_the_streaks(tmp_path):
    text, svg = picture(tmp_path, "likes", "round", example("likes/round-third-influencer.json"))
    lines = text.splitlines()
    head = lines[: lines.index("Steps:")]
    assert missing(svg, head) == []
    drawn = texts(svg)
    rows = _likes_rows(text)
    assert len(rows) == 4
    for name, space, likes, streak in rows:
        assert {name, f"space {space}", f"Likes {likes}", f"streak {streak}"} <= set(drawn)
    # Every space of the sample board, the Event spaces marked.
    assert {"Start", "Viral", "3 E", "7 E", "11 E", "14 E", "18 E", "22 E", "1", "24"} <= set(drawn)
    assert svg.count('class="pawn"') == 4 + 4, "a pawn on the board and one in the key per player"


@pytest.mark.parametrize("args", [["round", "round-third-influencer.json"], ["game", "game-worked-example.json"]])
def test_likes_picture_explains_the_event_mark(tmp_path, args):
    _, svg = picture(tmp_path, "likes", args[0], example(f"likes/{args[1]}"))
    assert any(t.endswith(" E") for t in texts(svg)), "the sample board has Event spaces"
    assert shows(svg, "E: an Event space; a player who lands on it draws an Event card")


def test_likes_illegal_round_picture_names_the_rule(tmp_path):
    text, svg = picture(tmp_path, "likes", "round", example("likes/round-own-vote.json"))
    assert missing(svg, text.splitlines()) == []


@pytest.mark.parametrize("extra", [[], ["--rule", "intent_in_tie=others"]])
def test_likes_game_picture(tmp_path, extra):
    text, svg = picture(tmp_path, "likes", "game", example("likes/game-worked-example.json"), *extra)
    lines = text.splitlines()
    verdict = [line for line in lines if not line.startswith("Round ") or "illegal" in line]
    assert missing(svg, verdict) == []
    assert missing(svg, [line for line in lines if line.startswith("Round ")][-1:]) == []


def test_likes_picture_refuses_a_board_on_standard_input(tmp_path):
    result = run("likes", "round", example("likes/round-third-influencer.json"), "--board", "-",
                 "--svg", str(tmp_path / "x.svg"), input="{}")
    assert result.exit_code == 2 and result.stderr.startswith("verify: --svg: ")
    assert list(tmp_path.iterdir()) == []


# --- verify social ---------------------------------------------------------------------------

SOCIAL_ROUNDS = ["round.json", "round-disputed.json", "round-two-player.json"]


@pytest.mark.parametrize("name", SOCIAL_ROUNDS)
def test_social_round_picture_shows_every_profile_and_sum(tmp_path, name):
    text, svg = picture(tmp_path, "social", "round", example(f"social/{name}"))
    assert missing(svg, [line for line in text.splitlines() if line != "Profiles and scores:"]) == []


def test_social_picture_marks_returned_likes(tmp_path):
    _, svg = picture(tmp_path, "social", "round", example("social/round-disputed.json"))
    assert svg.count('class="returned"') == 2 and svg.count('class="strike"') == 2
    assert texts(svg).count("face down") == 3


@pytest.mark.parametrize("name", ["game.json", "game-two-player.json"])
def test_social_game_picture(tmp_path, name):
    text, svg = picture(tmp_path, "social", "game", example(f"social/{name}"))
    assert missing(svg, text.splitlines()) == []


# --- standard output, failures ---------------------------------------------------------------

COMMANDS = [
    ["tricks", example("whitehouse/rulebook-where-s2.json")],
    ["socks", example("socks/score.json")],
    ["socks", "replay", example("socks/game.log.json")],
    ["likes", "round", example("likes/round-third-influencer.json")],
    ["likes", "game", example("likes/game-worked-example.json")],
    ["social", "round", example("social/round.json")],
    ["social", "game", example("social/game.json")],
]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_svg_dash_writes_the_picture_alone_on_standard_output(args):
    check_svg_on_standard_output(*args)


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_a_picture_that_fails_writes_nothing(tmp_path, monkeypatch, args):
    check_a_failed_picture_writes_nothing(tmp_path, monkeypatch, *args)


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_an_unwritable_picture_is_bad_input(tmp_path, args):
    check_an_unwritable_picture_is_bad_input(tmp_path, *args)
