"""Every picture of every shipped example reads cleanly: drawn by cairo, no text over another
text, across a box's edge, a line or a circle, or past the picture's edge (``svg_check.Drawn``
measures each text with cairo), and no wider than a phone (390 pixels), the width the page
(``verify serve``) shows its pictures at.

"Every picture": each file in ``examples/`` with each command that has ``--svg`` for it (the
table below; ``test_every_example_is_drawn`` keeps it whole). The picture of an illegal White
House placement that shows the cells the card aimed at is checked so in
``test_whitehouse_pictures_cli.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from svg_check import PHONE_WIDTH, layout_problems, picture, picture_width

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
WHITEHOUSE = EXAMPLES / "whitehouse"
POSITIONS = WHITEHOUSE / "positions"


def _relative(path: Path) -> str:
    return str(path.relative_to(EXAMPLES))


def _cases() -> list[tuple[str, ...]]:
    """(command words..., example path relative to ``examples/``, more words...) of every
    picture a shipped example has."""
    cases: list[tuple[str, ...]] = []
    cases += [("tricks", _relative(p)) for p in sorted(WHITEHOUSE.glob("*.json"))]
    logs = sorted((WHITEHOUSE / "games").glob("*.json")) + sorted(POSITIONS.glob("*.json"))
    cases += [("whitehouse", "replay", _relative(p)) for p in logs]
    for position in sorted(POSITIONS.glob("*.json")):
        cases.append(("whitehouse", "move", _relative(position), "--list"))
        cases.append(("whitehouse", "move", _relative(position), "--move", _relative(POSITIONS / "moves" / position.name)))
    socks = EXAMPLES / "socks"
    cases += [("socks", "replay", _relative(p)) for p in sorted(socks.glob("*.log.json"))]
    cases += [("socks", "score", _relative(p)) for p in sorted(socks.glob("*.json"))
              if not p.name.endswith(".log.json") and p.name != "position.json"]
    likes = EXAMPLES / "likes"
    cases += [("likes", "round", _relative(p)) for p in sorted(likes.glob("round-*.json"))]
    cases += [("likes", "game", _relative(p)) for p in sorted(likes.glob("game-*.json"))]
    social = EXAMPLES / "social"
    cases += [("social", "round", _relative(p)) for p in sorted(social.glob("round*.json"))]
    cases += [("social", "game", _relative(p)) for p in sorted(social.glob("game*.json"))]
    return cases


CASES = _cases()
#: Example files no command with ``--svg`` reads, and the command that reads each.
NOT_DRAWN = {
    "socks/position.json": "socks advise",
    "social/like-closed.json": "social like",
    "social/like-legal.json": "social like",
    "social/like-own.json": "social like",
}


def _args(case: tuple[str, ...]) -> list[str]:
    return [str(EXAMPLES / word) if word.endswith(".json") else word for word in case]


def test_every_example_is_drawn():
    drawn = {word for case in CASES for word in case if word.endswith(".json")}
    every = {_relative(p) for p in EXAMPLES.rglob("*.json")}
    assert every - drawn == set(NOT_DRAWN), "each example is drawn, or read only by a command without --svg"


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c) for c in CASES])
def test_picture_reads_cleanly_on_a_phone(tmp_path, case):
    _, svg = picture(tmp_path, *_args(case))
    assert layout_problems(svg) == []
    assert picture_width(svg) <= PHONE_WIDTH
