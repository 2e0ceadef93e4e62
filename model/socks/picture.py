"""Oh My Socks!: the end of a game as an SVG picture (pure functions: results in, SVG text out).

Each player's collection sorted into its sets, one row of cards per set under the set's line of
the text answer (``set 4: 2 Socks, 4 stars: scores 4``); odd sets, which score nothing, are
greyed out; a Super Sock is drawn gold in the set it counts in; face-down gifts are revealed,
drawn with a dashed edge and marked ``gift``. Then the winner line, with the tie-break that
decided it, and a key to the marks drawn (the stars, a gift, an odd set, the Super Sock). A table
scored with the sample catalogue carries the warning the text answer prints. The words are the
text answer's (``model.socks.report``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from model.common.svg import KEY_SWATCH, Page, group, hsl_hex, page_width, rect, shorten_to_width, text
from model.socks.cards import sample_catalogue
from model.socks.io import ScoringIn, build_catalogue, parse_scoring, validate
from model.socks.log import ReplayReport
from model.socks.report import SAMPLE_WARNING, ScoredTable, plural, render_replay, wild_text, winner_line
from model.socks.rules import SocksRules
from model.socks.scoring import Hand, PlayerScore, WildPlacement
from model.socks.state import State

#: The narrowest picture: a phone's width, so that its text is drawn at full size there.
WIDTH = 390
_TILE_W, _TILE_H, _TILE_GAP = 52, 54, 6


@dataclass(frozen=True)
class Sock:
    """One printed Sock of a collection (Super Socks come from the scoring itself)."""

    #: Its set.
    set: int
    #: Its stars.
    stars: int
    #: Its card ID, when the input named cards.
    id: str | None = None
    #: True when it was received face down as a Gift (revealed at the end).
    face_down: bool = False


def socks_of_hand(hand: Hand) -> tuple[Sock, ...]:
    """A hand's printed Socks from its star values (no IDs: a hand given by ``sets``)."""
    return tuple(Sock(number, stars) for number, values in hand.sets for stars in values)


def socks_of_state(state: State) -> list[tuple[Sock, ...]]:
    """Each seat's printed Socks at the end of a game, face-down gifts revealed."""
    catalogue = state.catalogue
    out = []
    for seat in range(state.players):
        held = [(card, False) for card in state.collections[seat]] + [(card, True) for card in state.gifts[seat]]
        out.append(
            tuple(
                Sock(number, catalogue.card_stars[card], catalogue.id_of(card), gift)
                for card, gift in held
                if (number := catalogue.card_sets[card]) is not None
            )
        )
    return out


@dataclass(frozen=True)
class Collections:
    """What a scoring file holds besides its hands: each player's printed Socks, and the
    catalogue they were scored with."""

    #: Each player's printed Socks, in the order of the file's players.
    socks: tuple[tuple[Sock, ...], ...]
    #: True when the file names cards of the sample catalogue, whose star values are
    #: illustrative (the text answer warns so).
    sample: bool = False


def socks_of_scoring(source: str, data: Any, hands: Sequence[Hand]) -> Collections:
    """Each player's printed Socks in a scoring file (already checked by ``parse_scoring``): by
    card ID with gifts marked where the file names cards, else from ``hands``; and whether it
    was scored with the sample catalogue."""
    sample = parse_scoring(source, data).catalogue == "sample"
    doc = validate(source, ScoringIn, data)
    catalogue = build_catalogue(source, doc.cards, None, "cards") if doc.cards is not None else sample_catalogue()
    out = []
    for player, hand in zip(doc.players, hands, strict=True):
        if player.collection is None:
            out.append(socks_of_hand(hand))
            continue
        held = [(c, False) for c in player.collection] + [(c, True) for c in player.gifts or []]
        socks = []
        for card_id, gift in held:
            card = catalogue.cards[catalogue.index(card_id)]
            if card.set is not None:
                socks.append(Sock(card.set, card.stars, card_id, gift))
        out.append(tuple(socks))
    return Collections(tuple(out), sample)


_STYLE = (
    ".panel{fill:#fafafa;stroke:#bbb}.won{fill:#fff8e1;stroke:#d4a017;stroke-width:2}"
    ".warning{fill:#fff4e5;stroke:#d08000}.key-stars{font-size:12px;font-weight:bold}"
    ".tile{stroke:#555}.gift{stroke-dasharray:4 3;stroke-width:2}.super{fill:#f6d55c;stroke:#a07800}"
    ".odd{opacity:0.45}.id{font-size:12px}.stars{font-size:14px;font-weight:bold}.tag{font-size:12px;font-style:italic}"
)


def _colour(number: int) -> str:
    return hsl_hex(number * 47, 0.55, 0.85)


def _tile(x: float, y: float, fill: str | None, lines: tuple[str, str, str], title: str, classes: str) -> str:
    """One card: its ID (cut to fit, whole in the hover title), its stars, and a tag."""
    card_id, middle, tag = lines
    shapes = [rect(x, y, _TILE_W, _TILE_H, classes, 4).replace("/>", f' fill="{fill}"/>' if fill else "/>")]
    if card_id:
        shown = shorten_to_width(card_id, _TILE_W - 8, 12)
        shapes.append(text(x + _TILE_W / 2, y + 15, shown, "id", "middle", title=card_id))
    shapes.append(text(x + _TILE_W / 2, y + 33, middle, "stars", "middle"))
    if tag:
        shapes.append(text(x + _TILE_W / 2, y + 49, tag, "tag", "middle"))
    return group(shapes, title)


def _set_line(player: PlayerScore, number: int) -> str:
    """The text answer's line of one set."""
    wild_sets = {w.set for w in player.wilds}
    s = next(s for s in player.sets if s.set == number)
    socks = plural(s.count, "Sock") + (" (Super Sock included)" if s.set in wild_sets else "")
    verdict = f"scores {s.stars}" if s.scores else "odd, scores nothing"
    return f"set {s.set}: {socks}, {plural(s.stars, 'star')}: {verdict}"


def _tiles(page: Page, cards: list[tuple[str | None, tuple[str, str, str], str, str]], left: float) -> None:
    per_row = max(int((page.width - page.pad - left + _TILE_GAP) // (_TILE_W + _TILE_GAP)), 1)
    for index, (fill, lines, title, classes) in enumerate(cards):
        row, col = divmod(index, per_row)
        x = left + col * (_TILE_W + _TILE_GAP)
        y = page.y + row * (_TILE_H + _TILE_GAP)
        page.add([_tile(x, y, fill, lines, title, classes)])
    rows = (len(cards) + per_row - 1) // per_row
    page.gap(rows * (_TILE_H + _TILE_GAP))


def _sock_card(sock: Sock) -> tuple[str | None, tuple[str, str, str], str, str]:
    what = f"Sock {sock.id}" if sock.id else "A Sock"
    title = f"{what}: set {sock.set}, {plural(sock.stars, 'star')}" + (", a face-down gift" if sock.face_down else "")
    return _colour(sock.set), (sock.id or "", f"★ {sock.stars}", "gift" if sock.face_down else ""), title, (
        "tile gift" if sock.face_down else "tile"
    )


def _wild_card(wild: WildPlacement) -> tuple[str | None, tuple[str, str, str], str, str]:
    tag = "gift" if wild.face_down else ("tool" if wild.chosen_by_solver else "")
    return None, (wild.id or "", "Super", tag), wild_text(wild), "super gift" if wild.face_down else "super"


def _player(page: Page, player: PlayerScore, socks: Sequence[Sock], counted: str, won: bool) -> None:
    top = page.y
    page.gap(4)
    inner = page.pad + 10
    page.lines(f"{player.name}: {plural(player.score, 'point')} ({plural(player.set_count, counted)})", "h2", inner)
    start = len(page.body)
    for s in player.sets:
        cards = [_sock_card(sock) for sock in socks if sock.set == s.set]
        cards += [_wild_card(w) for w in player.wilds if w.set == s.set]
        row_start = len(page.body)
        page.lines(_set_line(player, s.set), "body", inner)
        _tiles(page, cards, inner)
        if not s.scores:
            page.body[row_start:] = [group(page.body[row_start:], cls="odd")]
        page.gap(4)
    for wild in player.wilds:
        page.lines(wild_text(wild), "small", inner)
        if wild.set is None:
            _tiles(page, [_wild_card(wild)], inner)
    page.gap(6)
    panel = rect(page.pad, top, page.room, page.y - top, "won" if won else "panel", 8)
    page.body.insert(start - 1, panel)
    page.gap(10)


def _key(page: Page, game: ScoredTable, collections: Sequence[Sequence[Sock]]) -> None:
    """What the marks drawn mean: the stars always, a gift, an odd set and the Super Sock (and a
    set the tool chose for it) where one is drawn."""
    wilds = [w for p in game.players for w in p.wilds]
    gift = any(s.face_down for socks in collections for s in socks) or any(w.face_down for w in wilds)
    odd = any(not s.scores for p in game.players for s in p.sets)
    x, width, height = page.pad, KEY_SWATCH, 18

    def swatch(classes: str, fill: str | None = None, label: str = "", cls: str = "key-stars") -> list[str]:
        y = page.y + 4
        box = rect(x, y, width, height, classes, 3)
        if fill:
            box = box.replace("/>", f' fill="{fill}"/>')
        return [box, text(x + width / 2, y + 13, label, cls, "middle")] if label else [box]

    page.gap(4)
    page.key(swatch("tile", _colour(4), "★"), "★ 2: a Sock's stars; a set scores its stars when it holds "
             "an even number of Socks")
    if odd:
        page.key([group(swatch("tile", _colour(4)), cls="odd")], "greyed: a set of an odd number of Socks, "
                 "which scores nothing")
    if gift:
        page.key(swatch("tile gift", _colour(4)), "dashed, gift: a Sock received face down as a Gift, "
                 "revealed at the end")
    if wilds:
        page.key(swatch("super"), "gold, Super: the Super Sock, a Sock of the set it is in (it scores no "
                 "stars itself)")
    if any(w.chosen_by_solver for w in wilds):
        page.key(swatch("super", label="tool", cls="tag"), "tool: the tool chose its set, the best for "
                 "its player")


def _warning(page: Page, warning: str) -> None:
    """The text answer's warning, in a box of its own."""
    top, start = page.y, len(page.body)
    page.gap(2)
    page.lines(warning, "small", page.pad + 10)
    page.body.insert(start, rect(page.pad, top, page.room, page.y - top + 2, "warning", 6))
    page.gap(12)


def _table(page: Page, game: ScoredTable, rules: SocksRules, collections: Sequence[Sequence[Sock]]) -> None:
    counted = "scoring set" if rules.tie_break_counts == "scoring_sets" else "set"
    for player, socks in zip(game.players, collections, strict=True):
        _player(page, player, socks, counted, player.name in game.winners)
    page.lines(winner_line(game, rules), "h2")
    _key(page, game, collections)


def _width(game: ScoredTable | None, rules: SocksRules | None, lines: Sequence[str]) -> float:
    contents = [(line, "h2") for line in lines]
    if game is not None and rules is not None:
        contents.append((winner_line(game, rules), "h2"))
        for player in game.players:
            contents.append((player.name, "h2"))
            contents += [(wild_text(w), "small") for w in player.wilds]
    return page_width(contents, WIDTH, 24)


def _desc(game: ScoredTable, rules: SocksRules) -> str:
    scores = ", ".join(f"{p.name} {plural(p.score, 'point')}" for p in game.players)
    return f"Each player's Socks sorted into sets: {scores}. {winner_line(game, rules)}"


def score_svg(game: ScoredTable, rules: SocksRules, collections: Collections) -> str:
    """A scored table (``verify socks FILE``); ``collections``: each player's printed Socks, in
    the order of ``game.players``, and whether the sample catalogue scored them."""
    page = Page(_width(game, rules, ()))
    page.lines("Oh My Socks!: the final scores", "h1")
    page.gap(4)
    desc = _desc(game, rules)
    if collections.sample:
        _warning(page, SAMPLE_WARNING)
        desc = f"{desc} ({SAMPLE_WARNING})"
    _table(page, game, rules, collections.socks)
    return page.svg("Oh My Socks! scores: " + winner_line(game, rules), desc, _STYLE)


def replay_svg(
    report: ReplayReport, game: ScoredTable | None, rules: SocksRules | None
) -> str:
    """A replayed log (``verify socks replay``): its verdict, and when the game ended legally
    the final table with every gift revealed."""
    lines = render_replay(report, None, None).splitlines()
    page = Page(_width(game, rules, lines))
    page.lines("Oh My Socks!: a replayed game", "h1")
    for line in lines:
        page.lines(line, "body")
    page.gap(6)
    if game is not None and rules is not None and report.state is not None:
        _table(page, game, rules, socks_of_state(report.state))
        desc = " ".join(lines) + " " + _desc(game, rules)
        return page.svg("Oh My Socks! replay: " + winner_line(game, rules), desc, _STYLE)
    return page.svg("Oh My Socks! replay: " + lines[0], " ".join(lines), _STYLE)
