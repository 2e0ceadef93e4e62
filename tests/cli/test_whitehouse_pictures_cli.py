"""``--svg PATH|-`` on ``verify whitehouse replay`` (also with ``--at N``) and ``verify whitehouse
move``: every picture of the shipped games and positions is drawn by cairo and shows the text
answer's words (each player's seat and Trick total, the rows and decks, the rule an illegal move
breaks); ``--svg -`` puts the SVG alone on standard output; a picture that fails writes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from svg_check import (
    PHONE_WIDTH,
    check_a_failed_picture_writes_nothing,
    check_an_unwritable_picture_is_bad_input,
    check_svg_on_standard_output,
    layout_problems,
    missing,
    picture,
    picture_width,
    render,
    run_cli,
    shows,
    texts,
)

from model.common.jsonio import load_json
from model.whitehouse.io import load_log
from model.whitehouse.log import cut, replay
from model.whitehouse.report import render_state
from solver.network.oracle import trick_oracle

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted((ROOT / "examples" / "whitehouse" / "games").glob("*.json"))
POSITIONS = ROOT / "examples" / "whitehouse" / "positions"
QUESTIONS = sorted(p.stem for p in POSITIONS.glob("*.json"))


run = run_cli


def table_words(lines: list[str]) -> list[str]:
    """What the picture must show of the text answer's table: each player's seat and Trick total,
    and each row's deck size."""
    words = []
    for line in lines:
        player = re.match(r"  (player \d+: \d+ Tricks \(proven\))", line)
        if player:
            words.append(player.group(1))
        deck = re.search(r"; (deck \d+)$", line)
        if deck:
            words.append(deck.group(1))
    return words


def labels(lines: list[str]) -> set[str]:
    """The card labels of the text answer's table: hands, rows, Gridlocks, Lies, Deflections and
    the Locked Networks' grids."""
    found: set[str] = set()
    for line in lines:
        if line.startswith("      "):
            found |= set(line.split()) - {"."}
            continue
        hand = re.search(r"hand (.*?)(;|$)", line)
        if hand and hand.group(1) != "(empty)":
            found |= set(hand.group(1).split())
        for key in ("gridlocks", "lies", "deflection"):
            beside = re.search(rf"{key} ([^,;]*)", line)
            if beside:
                found |= set(beside.group(1).split())
        row = re.search(r"row \(closest\.\.furthest\): (.*);", line)
        if row:
            found |= set(row.group(1).split()) - {"-"}
    return found


def table_of(text: str) -> list[str]:
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  player 0: "))
    return lines[first:]


# --- replay ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=[g.stem for g in GAMES])
def test_replay_picture_shows_the_text_answer(tmp_path, game):
    text, svg = picture(tmp_path, "whitehouse", "replay", str(game))
    lines = text.splitlines()
    table = table_of(text)
    head = lines[: len(lines) - len(table)]
    assert missing(svg, head) == []
    assert missing(svg, table_words(table)) == []
    assert labels(table) <= set(texts(svg))
    data = json.loads(run("whitehouse", "replay", str(game), "--json").stdout)
    state = data["state"]
    for seat, player in enumerate(state["players"]):
        assert shows(svg, f"player {seat}: {player['tricks']} Tricks (proven)")
    if state["ended"] == "seven":
        assert texts(svg).count("winner") == len(state["winners"])
        assert svg.count('class="winner"') == len(state["winners"])
    elif state["waiting_for"] is not None:
        assert shows(svg, f"turn {state['turn']}: player {state['waiting_for']['player']} to ")
        assert svg.count('class="now"') == 1, "the current action is filled"
    assert shows(svg, "counter-clockwise" if state["direction"] == "counter-clockwise" else "(clockwise)")


def _cuts(game: Path) -> list[int]:
    applied = json.loads(run("whitehouse", "replay", str(game), "--json").stdout)["moves_applied"]
    return sorted({0, applied // 2, applied})


@pytest.mark.parametrize("game", GAMES, ids=[g.stem for g in GAMES])
def test_replay_at_n_picture_draws_the_table_after_move_n(tmp_path, game):
    data = load_json(str(game))
    log = load_log(game.name, data, trick_oracle)
    for at in _cuts(game):
        answer, svg = picture(tmp_path, "whitehouse", "replay", str(game), "--at", str(at))
        result = replay(cut(log, at))
        if result.illegal is None:
            assert json.loads(answer)["position"]["turn"] == result.state.turn, "the position document"
            assert shows(svg, f"the table after move {at}")
        table = render_state(result.state)
        assert missing(svg, table_words(table)) == []
        assert labels(table) <= set(texts(svg))


def test_an_illegal_move_of_a_replay_is_drawn_with_its_rule(tmp_path):
    game = str(POSITIONS.parent / "games" / "illegal-unpaid-middle.json")
    text, svg = picture(tmp_path, "whitehouse", "replay", game)
    rule = re.search(r'rule (\S+): "(.*)"', text)
    assert rule is not None
    assert shows(svg, f"rule {rule.group(1)}:") and shows(svg, rule.group(2))
    # The middle Supporter it names: in the move drawn and in the row (and the legend's key).
    assert svg.count('class="named"') == 2 + 1
    move = re.findall(r'<g><title>Supporter S22[^<]*</title>.*?</g>', svg)
    assert len(move) == 2 and all('class="named"' in g for g in move)


# --- move -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", QUESTIONS)
def test_move_picture_shows_the_answer_and_the_table(tmp_path, name):
    position, move = str(POSITIONS / f"{name}.json"), str(POSITIONS / "moves" / f"{name}.json")
    text, svg = picture(tmp_path, "whitehouse", "move", position, "--move", move)
    assert missing(svg, text.splitlines()) == []
    answer = json.loads(run("whitehouse", "move", position, "--move", move, "--json").stdout)
    listing = run("whitehouse", "move", position, "--list", "--json").stdout
    assert json.loads(listing)["count"] >= 0
    mark = "chosen" if answer["legal"] else "named"
    assert f'class="{mark}"' in svg, "the move is drawn"
    if not answer["legal"]:
        assert shows(svg, f"rule {answer['rule']}: \"{answer['rulebook']}\"")
        assert shows(svg, answer["reason"])
    seats = len(load_json(position)["position"]["players"])
    for seat in range(seats):
        assert re.search(rf"^player {seat}: \d+ Tricks \(proven\)$", "\n".join(texts(svg)), re.M)


@pytest.mark.parametrize("name", QUESTIONS)
def test_list_picture_shows_every_legal_move(tmp_path, name):
    text, svg = picture(tmp_path, "whitehouse", "move", str(POSITIONS / f"{name}.json"), "--list")
    assert missing(svg, text.splitlines()) == []


def test_the_slot_an_unaffordable_take_names_is_outlined(tmp_path):
    name = "unaffordable"
    _, svg = picture(tmp_path, "whitehouse", "move", str(POSITIONS / f"{name}.json"), "--move",
                     str(POSITIONS / "moves" / f"{name}.json"))
    drawn = texts(svg)
    assert {"takes", "discard", "closest", "cost 2"} <= set(drawn)
    # The closest Supporter (S3) in the move and in the row, the discard S5 in the move and the
    # hand, and the legend's key.
    assert svg.count('class="named"') == 4 + 1


def test_an_illegal_placement_outlines_the_card_it_aimed_to_border(tmp_path):
    name = "illegal-placement"
    _, svg = picture(tmp_path, "whitehouse", "move", str(POSITIONS / f"{name}.json"), "--move",
                     str(POSITIONS / "moves" / f"{name}.json"))
    # S27's only match in the network, E1, has a Supporter on every side.
    assert shows(svg, "S27 aimed to border E1 (outlined), but every side of it is taken")
    network = re.search(r">Locked Network: 5 cards.*?>player 1: ", svg, re.S).group(0)
    assert network.count('class="named"') == 1 and 'class="aim"' not in svg
    # Besides: the move's arriving card, the card on its way, and the key.
    assert svg.count('class="named"') == 1 + 2 + 1


def _lock_beside(tmp_path: Path) -> Path:
    """A log whose second move is illegal: with lock_count=all, S27 locks in alone beside E1 (the
    cell right of it), then player 0 names E7, which does not list 27, to lock beside it."""
    log = load_json(str(POSITIONS / "illegal-placement.json"))
    log["rules"] = {"lock_count": "all"}
    players = log["position"]["players"]
    players[0]["network"] = [{"supporter": 6, "row": 0, "col": 1}, {"supporter": 3, "row": 1, "col": 0},
                             {"event": "E1", "row": 1, "col": 1}, {"supporter": 21, "row": 2, "col": 1}]
    players[0]["events"] = ["E7", "E13"]
    players[1].update(supporters=[10, 16], events=[])
    log["moves"] = [{"player": 0, "move": "lock"}, {"player": 0, "move": "lock", "with": "E7"}]
    path = tmp_path / "lock-beside.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


def test_the_cells_an_illegal_placement_aimed_at_are_drawn(tmp_path):
    text, svg = picture(tmp_path, "whitehouse", "replay", str(_lock_beside(tmp_path)))
    assert text.startswith("ILLEGAL move 1 (player 0): E7 does not match S27")
    assert shows(svg, "E7 aimed to border S27 (outlined), on the dashed cells beside it")
    # The three free sides of S27 (above, right, below), each with E7 on it, and the key.
    assert svg.count('class="aim"') == 3 + 1
    assert len(re.findall(r"<title>Event E7 \(The Midnight Post\) aimed at this cell</title>", svg)) == 3
    # Each of them would border S27, which E7 does not list (the one above S6 too, the one below
    # S21).
    network = re.search(r">Locked Network: 5 cards.*?>player 1: ", svg, re.S).group(0)
    assert network.count('class="broken"') == 3 + 2
    assert layout_problems(svg) == [] and picture_width(svg) <= PHONE_WIDTH


def test_a_position_hides_the_tops_nobody_has_seen(tmp_path):
    _, svg = picture(tmp_path, "whitehouse", "move", str(POSITIONS / "gridlock.json"), "--list")
    assert not any(t.startswith("top ") for t in texts(svg))
    _, svg = picture(tmp_path, "whitehouse", "replay", str(POSITIONS.parent / "games" / "reversal.json"))
    assert sum(t.startswith("top ") for t in texts(svg)) == 3


def test_a_replay_never_shows_a_card_nobody_has_seen_on_top_of_a_deck(tmp_path):
    log = load_json(str(POSITIONS / "gridlock.json"))
    log["moves"] = [load_json(str(POSITIONS / "moves" / "gridlock.json"))]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    _, svg = picture(tmp_path, "whitehouse", "replay", str(path))
    assert not any(t.startswith("top ") for t in texts(svg))


# --- standard output, failures ----------------------------------------------------------------------

GAME = str(POSITIONS.parent / "games" / "lies-blocked.json")
COMMANDS = [
    ["whitehouse", "replay", GAME],
    ["whitehouse", "replay", GAME, "--at", "1"],
    ["whitehouse", "replay", str(POSITIONS.parent / "games" / "illegal-unpaid-middle.json")],
    ["whitehouse", "move", str(POSITIONS / "unaffordable.json"), "--move", str(POSITIONS / "moves" / "unaffordable.json")],
    ["whitehouse", "move", str(POSITIONS / "legal-take.json"), "--move", str(POSITIONS / "moves" / "legal-take.json")],
    ["whitehouse", "move", str(POSITIONS / "legal-take.json"), "--list"],
]
IDS = ["replay", "replay --at", "replay illegal", "move illegal", "move legal", "move --list"]


@pytest.mark.parametrize("args", COMMANDS, ids=IDS)
def test_svg_dash_writes_the_picture_alone_on_standard_output(args):
    check_svg_on_standard_output(*args)


@pytest.mark.parametrize("args", COMMANDS, ids=IDS)
def test_a_picture_that_fails_writes_nothing(tmp_path, monkeypatch, args):
    check_a_failed_picture_writes_nothing(tmp_path, monkeypatch, *args)


@pytest.mark.parametrize("args", COMMANDS, ids=IDS)
def test_an_unwritable_picture_is_bad_input(tmp_path, args):
    check_an_unwritable_picture_is_bad_input(tmp_path, *args)


def test_a_position_on_standard_input_is_drawn(tmp_path):
    position = (POSITIONS / "legal-take.json").read_text(encoding="utf-8")
    move = str(POSITIONS / "moves" / "legal-take.json")
    result = run("whitehouse", "move", "-", "--move", move, "--svg", "-", input=position)
    assert result.exit_code == 0
    render(result.stdout)
    assert result.stderr.startswith("legal: ")
