"""Social Network: each Profile at scoring as an SVG picture (pure functions: results in, SVG
text out).

For each player, the text answer's score line (``Ana (red): -18 = 3 in Profile - 5 in hand - 16
in pile - 0 returned Likes``) over their Profile: a card per tile (face-down ones drawn as card
backs), then each Like given back at scoring, struck through and edged in red, with the rule that
sent it back. A game draws every round so, then the totals and the winner with the tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.common.svg import Page, group, page_width, rect, shorten_to_width, text, text_width
from model.social.engine import GameResult, PlayerScore, RoundResult
from model.social.report import game_text, round_text

#: The narrowest picture: a phone's width, so that its text is drawn at full size there.
WIDTH = 390
_TILE_W, _TILE_H, _TILE_GAP = 108, 34, 6
#: Light fills for the colours the sample deck uses; any other colour is drawn grey.
_FILLS = {"red": "#f8d4d4", "blue": "#d4e2f8", "green": "#d6f0d6", "yellow": "#f8f0c8",
          "purple": "#e6d8f4", "orange": "#fbe0c4", "pink": "#f9d8e8", "black": "#dddddd",
          "white": "#ffffff"}
_STYLE = (
    ".panel{fill:#fafafa;stroke:#bbb}.tile{stroke:#666}.down{fill:#555;stroke:#222}"
    ".down-text{fill:#fff;font-size:12px}.card{font-size:12px}"
    ".returned{fill:#fff;stroke:#c22;stroke-width:2;stroke-dasharray:4 3}.strike{stroke:#c22;stroke-width:1.5}"
)


def _tiles(page: Page, left: float, cards: Sequence[tuple[str, str, str]]) -> None:
    """Tiles of (text, kind, hover title), wrapped to the page; kind: a fill, ``down`` or
    ``returned``."""
    per_row = max(int((page.width - page.pad - left + _TILE_GAP) // (_TILE_W + _TILE_GAP)), 1)
    for index, (content, kind, title) in enumerate(cards):
        row, col = divmod(index, per_row)
        x = left + col * (_TILE_W + _TILE_GAP)
        y = page.y + row * (_TILE_H + _TILE_GAP)
        shown = shorten_to_width(content, _TILE_W - 12, 12)
        if kind == "down":
            shapes = [rect(x, y, _TILE_W, _TILE_H, "down", 4),
                      text(x + _TILE_W / 2, y + 21, shown, "down-text", "middle")]
        elif kind == "returned":
            width = min(_TILE_W - 12, text_width(shown, 12))
            shapes = [rect(x, y, _TILE_W, _TILE_H, "returned", 4),
                      text(x + _TILE_W / 2, y + 21, shown, "card", "middle", title=content),
                      f'<line x1="{x + _TILE_W / 2 - width / 2:g}" y1="{y + 17:g}" '
                      f'x2="{x + _TILE_W / 2 + width / 2:g}" y2="{y + 17:g}" class="strike"/>']
        else:
            shapes = [rect(x, y, _TILE_W, _TILE_H, "tile", 4).replace("/>", f' fill="{kind}"/>'),
                      text(x + _TILE_W / 2, y + 21, shown, "card", "middle", title=content)]
        page.add([group(shapes, title)])
    rows = (len(cards) + per_row - 1) // per_row
    page.gap(rows * (_TILE_H + _TILE_GAP) + 2)


def _player(page: Page, player: PlayerScore, line: str, profile_line: str | None) -> None:
    top = page.y
    start = len(page.body)
    inner = page.pad + 10
    page.gap(4)
    page.lines(line, "h2", inner)
    if profile_line is not None:
        page.lines(profile_line, "small", inner, "muted")
    fill = _FILLS.get(player.colour.lower(), "#eeeeee")
    cards = [
        (card, fill, f"{card}, face up in {player.name}'s Profile: +1") if up
        else ("face down", "down", f"a face-down card in {player.name}'s Profile: +1")
        for card, up in player.profile
    ]
    _tiles(page, inner, cards)
    for returned in player.returned:
        page.lines(f"returned: {returned.card} from {returned.gallery} ({returned.rule})", "small", inner)
    if player.returned:
        _tiles(page, inner, [(r.card, "returned", f"{r.card} returned from {r.gallery} ({r.rule}): -1")
                             for r in player.returned])
    page.gap(4)
    page.body.insert(start, rect(page.pad, top, page.room, page.y - top, "panel", 8))
    page.gap(10)


def _round(page: Page, result: RoundResult, listing: bool = True) -> None:
    """The Profiles of one round, under the text answer's lines for each player (with
    ``listing``, also the line that lists the face-up cards)."""
    words = round_text(result).splitlines()
    by_name = {}
    for index, line in enumerate(words):
        for player in result.players:
            if line.startswith(f"  {player.name} ({player.colour}): "):
                by_name[player.name] = (line.strip(), words[index + 1].strip())
    for player in result.players:
        line, profile = by_name[player.name]
        _player(page, player, line, profile if listing else None)


def _width(lines: Sequence[str]) -> float:
    return page_width([(line, "h2") for line in lines], WIDTH, 24)


def round_svg(result: RoundResult) -> str:
    """One round (``verify social round``): how it ended, its illegal events, every Profile."""
    words = round_text(result).splitlines()
    head = words[: words.index("Profiles and scores:")]
    page = Page(_width(words))
    page.lines("Social Network: the Profiles at scoring", "h1")
    for line in head:
        page.lines(line, "small" if line.startswith("  ") else "body")
    page.gap(6)
    _round(page, result)
    scores = ", ".join(f"{p.name} {p.score:+d}" for p in result.players)
    return page.svg(f"Social Network round: {scores}", " ".join(head) + f" Scores: {scores}.", _STYLE)


def game_svg(result: GameResult) -> str:
    """A game (``verify social game``): every round's Profiles, the totals and the winner."""
    words = game_text(result).splitlines()
    page = Page(_width(words + [line for r in result.rounds for line in round_text(r).splitlines()]))
    page.lines("Social Network: a game", "h1")
    page.lines(words[0])
    round_lines = [line for line in words if line.startswith("Round ")]
    for line, played in zip(round_lines, result.rounds, strict=True):
        page.gap(6)
        page.lines(line, "h2")
        for event in [w for w in round_text(played).splitlines() if w.startswith("  event ")]:
            page.lines(event, "small")
        _round(page, played, listing=False)
    page.gap(6)
    for line in words:
        if line.startswith(("Totals:", "Winner")):
            page.lines(line, "h2")
    return page.svg("Social Network game: " + words[-1], " ".join(words), _STYLE)
