"""Likes and Lies: the board after a round, or at the end of a game, as an SVG picture (pure
functions: results in, SVG text out).

The track from Start to Viral in rows of spaces, the Event spaces marked ``E`` (the mark
explained under the board), every pawn on its space (a coloured pawn per player, named in the
key and in its hover title), then each player's space, Likes counter (out of the 10 that make a
step) and Influencer streak, with the text answer's lines above: the Likes received, the
Influencer and the report, the winners or the verdict of the game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from model.common.svg import KEY_SWATCH, Page, circle, group, hsl_hex, page_width, rect, shorten_to_width, text
from model.likes.cards import Board
from model.likes.engine import GameResult, IllegalInput, RoundResult
from model.likes.report import game_text, result_text, rules_line, violation_text
from model.likes.rules import LIKES_PER_STEP, LikesRules
from model.likes.state import PlayerState

#: The narrowest picture: a phone's width, so that its text is drawn at full size there.
WIDTH = 390
_CELL, _CELL_GAP = 38, 3
_STYLE = (
    ".space{fill:#f4f4f4;stroke:#999}.event{fill:#f9d9a8;stroke:#b36b00}.start{fill:#dfeede;stroke:#4a7}"
    ".viral{fill:#f3c6d9;stroke:#b0306a}.num{font-size:12px;fill:#555}.pip{stroke:#888}"
    ".pawn{stroke:#222;stroke-width:1.5}"
)


def _colour(seat: int) -> str:
    return hsl_hex(seat * 137.5 + 200, 0.65, 0.5)


def _board(page: Page, board: Board, players: Sequence[PlayerState]) -> None:
    per_row = max(int((page.room + _CELL_GAP) // (_CELL + _CELL_GAP)), 1)
    seats = {p.name: seat for seat, p in enumerate(players)}
    on: dict[int, list[PlayerState]] = {}
    for player in players:
        on.setdefault(min(max(player.position, 0), board.viral), []).append(player)
    top = page.y + 4
    for space in range(board.viral + 1):
        row, col = divmod(space, per_row)
        x, y = page.pad + col * (_CELL + _CELL_GAP), top + row * (_CELL + _CELL_GAP)
        kind = (
            "start" if space == 0 else "viral" if space == board.viral
            else "event" if space in board.event_spaces else "space"
        )
        label = {"start": "Start", "viral": "Viral", "event": f"{space} E"}.get(kind, str(space))
        title = {"start": "space 0: Start", "viral": f"space {space}: Viral",
                 "event": f"space {space}: an Event space"}.get(kind, f"space {space}")
        shapes = [rect(x, y, _CELL, _CELL, kind, 4), text(x + 3, y + 13, label, "num")]
        here = on.get(space, [])
        if here:
            title += ": " + ", ".join(p.name for p in here)
        parts = [group(shapes, title)]
        cols = min(len(here), 4)
        for index, player in enumerate(here):
            prow, pcol = divmod(index, 4)
            radius = 7 if cols <= 2 else 4.5
            step = (_CELL - 4) / max(cols, 1)
            cx = x + 2 + step * (pcol + 0.5)
            cy = y + 25 + prow * (2 * radius + 1)
            parts.append(group([circle(cx, cy, radius, "pawn", _colour(seats[player.name]))],
                               f"{player.name}: space {player.position}"))
        page.add(parts)
    rows = math.ceil((board.viral + 1) / per_row)
    page.gap(4 + rows * (_CELL + _CELL_GAP) + 4)
    if any(0 < space < board.viral for space in board.event_spaces):
        y = page.y + 2
        swatch = [rect(page.pad, y, KEY_SWATCH, 20, "event", 4), text(page.pad + 3, y + 13, "E", "num")]
        page.key(swatch, "E: an Event space; a player who lands on it draws an Event card")
        page.gap(4)


def _pips(x: float, y: float, filled: int, total: int, colour: str) -> list[str]:
    out = []
    for index in range(total):
        fill = colour if index < filled else "#eeeeee"
        out.append(circle(x + index * 12 + 5, y, 4.5, "pip", fill))
    return out


def _players(page: Page, players: Sequence[PlayerState]) -> None:
    name_room = 120.0
    for seat, player in enumerate(players):
        colour = _colour(seat)
        y = page.y + 16
        name = shorten_to_width(player.name, name_room, 14, True)
        parts = [
            circle(page.pad + 8, y - 5, 7, "pawn", colour),
            text(page.pad + 22, y, name, "body bold", title=player.name),
            text(page.pad + 26 + name_room, y, f"space {player.position}", "body"),
        ]
        likes_x = page.pad + 22
        parts.append(text(likes_x, y + 22, f"Likes {player.likes}", "small"))
        parts += _pips(likes_x + 62, y + 18, min(player.likes, LIKES_PER_STEP), LIKES_PER_STEP, "#e0457b")
        streak_x = likes_x + 62 + LIKES_PER_STEP * 12 + 14
        parts.append(text(streak_x, y + 22, f"streak {player.streak}", "small"))
        parts += _pips(streak_x + 62, y + 18, player.streak, max(3, player.streak), "#3b7dd8")
        page.add([group(parts, f"{player.name}: space {player.position}, Likes {player.likes}, "
                               f"streak {player.streak}")])
        page.gap(46)
    page.gap(2)


def _width(lines: Sequence[str]) -> float:
    # The key's rows: the pips of a long streak widen it.
    return page_width([(line, "body") for line in lines], WIDTH)


def _key_width(players: Sequence[PlayerState]) -> float:
    streak = max((p.streak for p in players), default=0)
    return 14 + 22 + 62 + LIKES_PER_STEP * 12 + 14 + 62 + max(3, streak) * 12 + 14


def round_svg(rules: LikesRules, board: Board, result: RoundResult | None, error: IllegalInput | None) -> str:
    """One round (``verify likes round``): the board and every player after it, or the rule the
    round's input breaks."""
    head = [rules_line(rules)]
    if error is not None or result is None:
        lines = head + (violation_text(error) if error is not None else [])
        page = Page(_width(lines))
        page.lines("Likes and Lies: an illegal round", "h1")
        for line in lines:
            page.lines(line)
        return page.svg("Likes and Lies: an illegal round", " ".join(lines), _STYLE)
    words = result_text(result)
    lines = head + ["The round is legal."] + words[:2] + [w for w in words if w.startswith("Winners:")]
    page = Page(max(_width(lines), _key_width(result.players)))
    page.lines("Likes and Lies: the board after the round", "h1")
    for line in lines:
        page.lines(line)
    _board(page, board, result.players)
    _players(page, result.players)
    return page.svg("Likes and Lies: after the round", " ".join(lines[1:]) + " " + _where(result.players), _STYLE)


def _where(players: Sequence[PlayerState]) -> str:
    return "Spaces: " + ", ".join(f"{p.name} {p.position}" for p in players) + "."


def game_svg(rules: LikesRules, board: Board, game: GameResult) -> str:
    """A replayed game (``verify likes game``): the board at its end (or before the round that
    breaks a rule), every player's Likes and streak, and the verdict."""
    text_lines = game_text(rules, game).splitlines()
    verdict = [line for line in text_lines if not line.startswith("Round ") or "illegal" in line]
    last = [" ".join(line.split()) for line in text_lines if line.startswith("Round ") and "illegal" not in line]
    lines = verdict[:1] + last[-1:] + verdict[1:]
    page = Page(max(_width(lines), _key_width(game.players)))
    where = {"won": "at the end of the game", "illegal": "before the round that breaks a rule"}
    page.lines(f"Likes and Lies: the board {where.get(game.status, 'after the last round')}", "h1")
    for line in lines:
        page.lines(line)
    _board(page, board, game.players)
    _players(page, game.players)
    title = "Likes and Lies: " + (verdict[1] if len(verdict) > 1 else "a game")
    return page.svg(title, " ".join(lines[1:]) + " " + _where(game.players), _STYLE)
