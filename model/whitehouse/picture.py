"""The White House intern game: a table as an SVG picture (pure functions: results in, SVG text
out).

The text answer's lines first (the verdict of a replay, or the answer to a move question), then
the table: whose turn it is and which of its three actions, the direction of play, the cards on
their way into a hand; the three face-up rows beside their decks (how many cards each holds, its
top card when it is known, each slot's cost; the Distraction row's actions named); then every
player: the text answer's Trick line, the Active Hand (Supporters and Events), the Gridlocks,
Lies and Deflection beside it, and the Locked Network drawn small as the Locked Network drawing
draws it (cards on their cells, Tricks as green borders; smaller where it is wider than a
phone). A move asked about is drawn too: the slot and the cards it names, outlined on the table
(dashed red when it is illegal, with the rule it breaks and the rulebook's sentence; blue when it
is legal, with what it does). An illegal lock of one card also shows where it aimed, in the
network it was to enter: the cards it had to border outlined, and each free cell beside them with
the card on it, dashed red, with the borders it would make there. A key explains the marks
drawn. The words are the text answer's (``model.whitehouse.report``, ``model.whitehouse.question``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from model.common.svg import (
    KEY_SWATCH,
    Page,
    group,
    line,
    page_width,
    rect,
    scaled,
    shorten_to_width,
    text,
    text_width,
    wrap,
)
from model.whitehouse.cards import Catalogue, Distraction
from model.whitehouse.io import LoadedPosition, unseen_cards
from model.whitehouse.log import Replay
from model.whitehouse.network.arrangement import CardRef, Cell, Network, borders, neighbours
from model.whitehouse.question import card_name, render_list, render_move
from model.whitehouse.report import render_replay, render_state, waiting
from model.whitehouse.state import KIND_INDEX, KIND_NAMES, PHASES, SLOTS, Arrival, CardId, Player, State, kind_of
from model.whitehouse.table import COST, decider

#: The narrowest picture: a phone's width, so that its text is drawn at full size there.
WIDTH = 390
_PAD = 14
#: A card of a row or a hand (a deck is narrower), and the gap between two.
_TILE_W, _DECK_W, _ROW_TILE_H, _HAND_TILE_H, _TILE_GAP = 88, 60, 72, 56, 6
#: A card of a Locked Network (wider for a long label), and the gap a Trick border is drawn in.
_CELL_W, _CELL_H, _CELL_GAP = 44, 30, 8
#: Where a panel's contents start, right of its edge.
_INSET = 10
#: The height of a caption above a card: a line of small text (its baseline 12 pixels down), its
#: descenders and the outline a move draws 3 pixels round the card, apart.
_CAPTION, _CAPTION_BASELINE = 21, 12

_STYLE = (
    ".panel{fill:#fafafa;stroke:#bbb}.winner{fill:#fff8e1;stroke:#d4a017;stroke-width:2}"
    ".deciding{fill:#f3f8ff;stroke:#1565c0;stroke-width:2}"
    ".illegal{fill:#fff4f4;stroke:#c22;stroke-width:2}.legal{fill:#f3fbf5;stroke:#2a7;stroke-width:2}"
    ".supporter{fill:#dbe8f6;stroke:#333}.event{fill:#f9e3c8;stroke:#333}.distraction{fill:#e9def7;stroke:#333}"
    ".deck{fill:#555;stroke:#222}.empty{fill:#fff;stroke:#aaa;stroke-dasharray:4 3}.seat{fill:#eee;stroke:#333}"
    ".label{font-size:13px;font-weight:bold}.name{font-size:12px}.cost{font-size:12px;fill:#666}"
    ".back{font-size:12px;fill:#fff}.back-label{font-size:13px;font-weight:bold;fill:#fff}.cell{font-size:12px;font-weight:bold}.tag{font-size:12px;font-style:italic}"
    ".trick{stroke:#2a7;stroke-width:5}.broken{stroke:#c22;stroke-width:4;stroke-dasharray:3 3}"
    ".named{fill:none;stroke:#c22;stroke-width:3;stroke-dasharray:5 3}.chosen{fill:none;stroke:#1565c0;stroke-width:3}"
    ".aim{fill:#fff4f4;stroke:#c22;stroke-width:2;stroke-dasharray:5 3}"
    ".pill{fill:#fff;stroke:#999}.now{fill:#1565c0;stroke:#0d3c75}.now-text{font-size:12px;fill:#fff;font-weight:bold}"
)
#: A Distraction's action in a word or two, for its card (the whole action is listed below the row).
_SHORT = {
    "remove_own": "remove own", "steal": "steal", "swap": "swap", "take_row": "take row",
    "force_move": "force move", "draw": "draw", "reshuffle": "reshuffle", "reverse": "reverse",
    "gridlock": "Gridlock", "lies": "Lies", "deflection": "Deflection",
}


# --- what a move names ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Aim:
    """Where an illegal lock of one card aimed: into a seat's Locked Network, beside a card there
    it matches (locking in alone) or the card it was to lock beside."""

    #: The seat whose network it was to enter.
    seat: int
    #: The card that was to enter.
    card: CardId
    #: The card it was to lock beside; None: any card of the network it matches.
    beside: CardId | None = None


@dataclass(frozen=True)
class _Marks:
    """What a move names, outlined on the table: hand cards (wherever they lie: a hand, a row, on
    their way), a row's slot, a target player, the card on its way that a decision is about."""

    #: ``named`` (an illegal move) or ``chosen`` (a legal one).
    cls: str = "named"
    cards: frozenset[CardId] = frozenset()
    slot: tuple[int, int] | None = None
    seats: frozenset[int] = frozenset()
    arrival: bool = False
    #: Each thing the move names, with its role: drawn as the move itself.
    roles: tuple[tuple[str, str, Any], ...] = field(default=())
    #: Where an illegal lock aimed, drawn in the network it was to enter.
    aim: _Aim | None = None


def _aim(state: State, move: dict[str, Any]) -> _Aim | None:
    """Where a lock of one card aims: the arriving card alone beside any card it matches, or a
    hand card beside the card that just locked in (the stage ``more``); None for any other move
    (a matching pair always finds room)."""
    head = state.queue[0] if state.queue else None
    if move["move"] != "lock" or not isinstance(head, Arrival) or head.kind == "deflection":
        return None
    if head.stage == "lock" and move.get("with") is None:
        return _Aim(head.receiver, head.card)
    if head.stage == "more" and move.get("with") is not None:
        return _Aim(head.receiver, move["with"], head.card)
    return None


def _marks(move: dict[str, Any], legal: bool, state: State | None = None) -> _Marks:
    """What ``move`` names; with ``state`` (the table it is played on), where an illegal lock
    aimed."""
    cards: list[CardId] = []
    roles: list[tuple[str, str, Any]] = []
    slot = None
    name = move["move"]
    if name in ("take", "play"):
        row = KIND_INDEX[move["row"]] if name == "take" else KIND_INDEX["distraction"]
        slot = (row, SLOTS.index(move["slot"]))
        roles.append(("takes" if name == "take" else "plays", "slot", slot))
    for key, role in (("discards", "discard"), ("cards", "locks")):
        for card in move.get(key) or []:
            cards.append(card)
            roles.append((role, "card", card))
    for key, role in (("with", "with"), ("card", "card"), ("give", "gives")):
        if move.get(key) is not None:
            cards.append(move[key])
            roles.append((role, "card", move[key]))
    seats = frozenset({move["target"]} if move.get("target") is not None else set())
    if seats:
        roles.append(("target", "seat", move["target"]))
    arrival = name in ("lies", "no_lies", "block", "accept", "keep", "lock")
    if arrival:
        roles.insert(0, ("about", "arrival", None))
    aim = _aim(state, move) if state is not None and not legal else None
    return _Marks("chosen" if legal else "named", frozenset(cards), slot, seats, arrival, tuple(roles), aim)


def _named(marks: _Marks | None, card: CardId | None) -> bool:
    """True when the move names this hand card (a Supporter or an Event)."""
    if marks is None or card is None:
        return False
    return any(type(c) is type(card) and c == card for c in marks.cards)


# --- cards --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tile:
    """One card drawn as a box: its label, up to two lines under it, its kind (a style), a hover
    title, an outline when a move names it, and a caption above it."""

    label: str
    lines: tuple[str, ...]
    kind: str
    title: str
    mark: str | None = None
    caption: str = ""
    width: float = _TILE_W
    #: A row's slot: what taking it costs, at the bottom of the box.
    cost: str = ""


def _card_words(catalogue: Catalogue, card: CardId) -> tuple[str, str]:
    """A hand card's kind and its name ("" when the catalogue does not know it)."""
    try:
        if isinstance(card, int):
            return "supporter", catalogue.supporter(card).name or ""
        return "event", catalogue.event(card).name or ""
    except KeyError:
        return ("supporter" if isinstance(card, int) else "event"), ""


def _distraction(catalogue: Catalogue, card: str) -> Distraction | None:
    try:
        return catalogue.distraction(card)
    except KeyError:
        return None


def _name_lines(name: str) -> tuple[str, ...]:
    """A card's name on at most two lines of its box (the second cut to fit)."""
    if not name:
        return ()
    room = _TILE_W - 8
    lines = wrap(name, room, 12)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return tuple(shorten_to_width(words, room, 12) for words in lines)


def _hand_tile(catalogue: Catalogue, card: CardId, where: str, mark: str | None = None, caption: str = "") -> _Tile:
    kind, name = _card_words(catalogue, card)
    label = card_name(card)
    title = f"{kind.capitalize()} {label}" + (f" ({name})" if name else "") + (f", {where}" if where else "")
    return _Tile(label, _name_lines(name), kind, title, mark, caption)


def _distraction_tile(catalogue: Catalogue, card: str, where: str, caption: str = "") -> _Tile:
    found = _distraction(catalogue, card)
    if found is None:
        return _Tile(card, (), "distraction", f"Distraction {card}, {where}", None, caption)
    action = found.action
    return _Tile(card, (_SHORT[action.type],), "distraction",
                 f"Distraction {card}: {action.describe()}, {where}. \u201c{found.quote}\u201d", None, caption)


def _draw_tile(x: float, y: float, tile: _Tile, height: float) -> str:
    width = tile.width
    shapes = [rect(x, y, width, height, tile.kind, 4)]
    back = tile.kind == "deck"
    shown = shorten_to_width(tile.label, width - 10, 13, True)
    shapes.append(text(x + width / 2, y + 17, shown, "back-label" if back else "label", "middle", title=tile.label))
    for index, words in enumerate(tile.lines):
        cls = "back" if back else "name"
        shown = shorten_to_width(words, width - 8, 12)
        shapes.append(text(x + width / 2, y + 32 + 15 * index, shown, cls, "middle", title=words))
    if tile.cost:
        shapes.append(text(x + width / 2, y + height - 7, tile.cost, "cost", "middle"))
    if tile.mark:
        shapes.append(rect(x - 3, y - 3, width + 6, height + 6, tile.mark, 6))
    return group(shapes, tile.title)


def _flow(page: Page, left: float, tiles: Sequence[_Tile], height: float) -> None:
    """Tiles in rows from ``left`` to the right edge of a panel, each under its caption."""
    if not tiles:
        return
    right = page.width - page.pad - _INSET
    captions = any(t.caption for t in tiles)
    step = height + _TILE_GAP + (_CAPTION if captions else 0) + 4
    x, y = left, page.y + 4
    for tile in tiles:
        if x > left and x + tile.width > right:
            x, y = left, y + step
        if tile.caption:
            caption = shorten_to_width(tile.caption, tile.width, 12)
            centre = x + tile.width / 2
            page.add([text(centre, y + _CAPTION_BASELINE, caption, "small muted", "middle", title=tile.caption)])
        page.add([_draw_tile(x, y + (_CAPTION if captions else 0), tile, height)])
        x += tile.width + _TILE_GAP
    page.y = y + step + 2


def _lines(page: Page, content: str, style: str = "body", x: float | None = None, extra: str = "") -> None:
    """``content`` in a shared style inside a panel: from ``_INSET`` right of its edge, unless
    ``x`` says where."""
    page.lines(content, style, page.pad + _INSET if x is None else x, extra)


def _panel(page: Page, top: float, start: int, cls: str) -> None:
    """A panel behind everything drawn since ``start`` (an index of the page's body)."""
    page.gap(4)
    page.body.insert(start, rect(page.pad, top, page.room, page.y - top, cls, 8))
    page.gap(10)


# --- the turn, the rows ---------------------------------------------------------------------------


def _order_line(state: State) -> str:
    order = ", ".join(str(seat) for seat in state.round_order) or "-"
    direction = "counter-clockwise" if state.direction == 1 else "clockwise"
    return f"this round's order of play: {order} ({direction})"


def _turn_line(state: State) -> str:
    if state.ended == "seven":
        who = " and ".join(f"player {s}" for s in state.winners)
        return f"the game is over: {who} won with 7 Tricks on turn {state.turn}"
    if state.ended:
        return f"the game is over on turn {state.turn}: the turn limit came first, no winner"
    return f"turn {state.turn}: player {decider(state)} to {waiting(state)}"


def _phases(page: Page, state: State) -> None:
    """The three actions of a turn as pills, the current one filled."""
    left = page.pad + _INSET
    y = page.y + 4
    parts = [text(left, y + 14, "action:", "small")]
    x = left + text_width("action:", 12) + 8
    for phase in PHASES:
        width = text_width(phase, 12, True) + 16
        now = phase == state.phase
        parts.append(rect(x, y, width, 20, "now" if now else "pill", 10))
        parts.append(text(x + width / 2, y + 14, phase, "now-text" if now else "small", "middle"))
        x += width + 6
    page.add([group(parts, f"the {state.phase} action of player {state.current}'s turn {state.turn}")])
    page.y = y + 24 + 4


def _status(page: Page, state: State, marks: _Marks | None) -> None:
    catalogue = state.catalogue
    top, start = page.y, len(page.body)
    _lines(page, _turn_line(state), "h2")
    if not state.ended:
        _phases(page, state)
    _lines(page, _order_line(state), "small")
    winners = [f"player {s}" for s in state.winners]
    if winners:
        _lines(page, "winner: " + " and ".join(winners), "body", None, "bold")
    arrivals = [step for step in state.queue if isinstance(step, Arrival)]
    if arrivals and not state.ended:
        _lines(page, "on its way into an Active Hand:", "small")
        tiles = []
        for index, step in enumerate(arrivals):
            where = f"on its way to player {step.receiver} ({step.stage})"
            mark = marks.cls if marks is not None and marks.arrival and index == 0 else None
            if step.kind == "deflection":
                tile = _distraction_tile(catalogue, str(step.card), where, f"to player {step.receiver}")
                tiles.append(dataclasses.replace(tile, mark=mark))
            else:
                if marks is not None and _named(marks, step.card):
                    mark = marks.cls
                tiles.append(_hand_tile(catalogue, step.card, where, mark, f"to player {step.receiver}"))
        _flow(page, page.pad + _INSET, tiles, _HAND_TILE_H)
    _panel(page, top, start, "panel")


def _deck_tile(state: State, index: int, hidden: frozenset[tuple[str, CardId]]) -> _Tile:
    kind = KIND_NAMES[index]
    deck: tuple[CardId, ...] = state.decks[index]
    count = f"{len(deck)} card{'s' if len(deck) != 1 else ''}"
    lines = ["card" if len(deck) == 1 else "cards"]
    title = f"the {kind} deck: {count}, face down"
    if deck and (kind, deck[0]) not in hidden:
        lines.append(f"top {card_name(deck[0])}")
        title += f"; the top card is {card_name(deck[0])}"
    return _Tile(str(len(deck)), tuple(lines), "deck", title, caption=f"deck {len(deck)}", width=_DECK_W)


def _rows(page: Page, state: State, hidden: frozenset[tuple[str, CardId]], marks: _Marks | None) -> None:
    catalogue = state.catalogue
    for index, kind in enumerate(KIND_NAMES):
        top, start = page.y, len(page.body)
        _lines(page, f"{kind} row (closest..furthest)", "h2")
        tiles = [_deck_tile(state, index, hidden)]
        row: tuple[CardId | None, ...] = state.rows[index]
        for slot_index, card in enumerate(row):
            slot = SLOTS[slot_index]
            cost = "free" if COST[slot] == 0 else f"cost {COST[slot]}"
            marked = marks is not None and marks.slot == (index, slot_index)
            where = f"the {slot} slot of the {kind} row ({cost})"
            if card is None:
                tile = _Tile("empty", (), "empty", f"{where}: empty", caption=slot)
            elif kind == "distraction":
                tile = _distraction_tile(catalogue, str(card), where, slot)
            else:
                tile = _hand_tile(catalogue, card, where, caption=slot)
                marked = marked or _named(marks, card)
            tiles.append(dataclasses.replace(tile, mark=marks.cls if marks and marked else None, cost=cost))
        _flow(page, page.pad + _INSET, tiles, _ROW_TILE_H)
        if kind == "distraction":
            for card in row:
                found = _distraction(catalogue, str(card)) if card is not None else None
                if found is not None:
                    _lines(page, f"{found.id}: {found.action.describe()}", "small")
        _panel(page, top, start, "panel")


# --- the players ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _NetworkDrawing:
    """A Locked Network laid out small: its cards on cells counted from the top left of the
    drawing (the cells an illegal lock aimed at included), and each card's width."""

    network: Network
    cells: dict[Cell, CardRef]
    width: float
    #: The card an illegal lock aimed to enter, the cards it was to border (its anchors),
    #: and the free cells beside them.
    aimed: CardRef | None = None
    anchors: tuple[Cell, ...] = ()
    free: tuple[Cell, ...] = ()

    @property
    def columns(self) -> int:
        return max(c for _, c in [*self.cells, *self.free]) + 1

    @property
    def rows(self) -> int:
        return max(r for r, _ in [*self.cells, *self.free]) + 1

    def drawn_width(self) -> float:
        return self.columns * self.width + (self.columns - 1) * _CELL_GAP


def _network_drawing(player: Player, catalogue: Catalogue, aim: _Aim | None) -> _NetworkDrawing:
    """How a player's (non-empty) Locked Network is laid out, with where an illegal lock into it
    aimed."""
    cells = player.network.normalized().cells()
    refs = list(cells.values())
    aimed = None
    if aim is not None:
        aimed = CardRef(kind_of(aim.card), aim.card)
        refs.append(aimed)
    network = Network(
        tuple(catalogue.supporter(c.id) for c in refs if c.kind == "supporter" and isinstance(c.id, int)),
        tuple(catalogue.event(c.id) for c in refs if c.kind == "event" and isinstance(c.id, str)),
    )
    anchors: list[Cell] = []
    free: list[Cell] = []
    if aimed is not None and aim is not None:
        beside = None if aim.beside is None else CardRef(kind_of(aim.beside), aim.beside)
        anchors = sorted(cell for cell, card in cells.items()
                         if (card == beside if beside is not None else network.matches(aimed, card)))
        free = sorted({n for cell in anchors for n in neighbours(cell) if n not in cells})
    # Counted from the top left of everything drawn (a free cell may lie above or left of the cards).
    top = min((r for r, _ in [*cells, *free]), default=0)
    left = min((c for _, c in [*cells, *free]), default=0)

    def moved(cell: Cell) -> Cell:
        return cell[0] - top, cell[1] - left

    labels = [card_name(c.id) for c in refs]
    width = max([_CELL_W] + [text_width(label, 12, True) + 10 for label in labels])
    return _NetworkDrawing(network, {moved(cell): card for cell, card in cells.items()}, width, aimed,
                           tuple(moved(c) for c in anchors), tuple(moved(c) for c in free))


def _network(page: Page, left: float, drawing: _NetworkDrawing) -> None:
    """A Locked Network drawn small: each card on its cell, Tricks as green borders; where an
    illegal lock aimed, the cards it was to border outlined and the free cells beside them drawn
    with the card on them, dashed red, with the borders it would make there."""
    network, cells, width = drawing.network, drawing.cells, drawing.width
    top = page.y + 4

    def corner(cell: Cell) -> tuple[float, float]:
        return left + cell[1] * (width + _CELL_GAP), top + cell[0] * (_CELL_H + _CELL_GAP)

    def border(one: tuple[Cell, CardRef], two: tuple[Cell, CardRef]) -> str:
        """The mark between two bordering cards, across the gap from the upper or left one."""
        (a, first), (b, second) = sorted((one, two))
        (xa, ya), (xb, yb) = corner(a), corner(b)
        if a[0] == b[0]:
            x1, x2, y1, y2 = xa + width - 3, xb + 3, ya + _CELL_H / 2, yb + _CELL_H / 2
        else:
            x1, x2, y1, y2 = xa + width / 2, xb + width / 2, ya + _CELL_H - 3, yb + 3
        return line(x1, y1, x2, y2, "trick" if network.matches(first, second) else "broken")

    parts = []
    for cell, card in cells.items():
        x, y = corner(cell)
        shapes = [rect(x, y, width, _CELL_H, card.kind, 4),
                  text(x + width / 2, y + 19, card_name(card.id), "cell", "middle")]
        parts.append(group(shapes, f"{network.label(card)} in the Locked Network"))
    for a, b in borders(cells):
        if cells[a].kind != cells[b].kind:
            parts.append(border((a, cells[a]), (b, cells[b])))
    aimed = drawing.aimed
    if aimed is not None:
        for cell in drawing.anchors:
            x, y = corner(cell)
            parts.append(rect(x - 3, y - 3, width + 6, _CELL_H + 6, "named", 6))
        for cell in drawing.free:
            x, y = corner(cell)
            shapes = [rect(x, y, width, _CELL_H, "aim", 4),
                      text(x + width / 2, y + 19, card_name(aimed.id), "cell", "middle")]
            parts.append(group(shapes, f"{network.label(aimed)} aimed at this cell"))
            for other in neighbours(cell):
                if other in cells and cells[other].kind != aimed.kind:
                    parts.append(border((cell, aimed), (other, cells[other])))
    # A network wider than the panel is drawn smaller, to fit it.
    factor = min(1.0, (page.width - page.pad - _INSET - left) / drawing.drawn_width())
    page.add(parts if factor == 1 else [scaled(parts, left, top, factor)])
    page.gap(4 + (drawing.rows * _CELL_H + (drawing.rows - 1) * _CELL_GAP) * factor + 8)


def _aim_line(drawing: _NetworkDrawing) -> str:
    """Where an illegal lock aimed, in words."""
    assert drawing.aimed is not None
    anchors = " or ".join(card_name(drawing.cells[cell].id) for cell in drawing.anchors)
    where = "on the dashed cells beside it" if drawing.free else "but every side of it is taken"
    return f"{card_name(drawing.aimed.id)} aimed to border {anchors} (outlined), {where}"


def _beside(catalogue: Catalogue, seat: int, player: Player) -> list[_Tile]:
    """The Gridlocks, Lies and Deflection beside a player's hand."""
    tiles = [_distraction_tile(catalogue, card, f"a Gridlock in player {seat}'s space") for card in player.gridlocks]
    tiles += [_distraction_tile(catalogue, card, f"Lies below player {seat}'s Active Hand") for card in player.lies]
    if player.deflection is not None:
        where = f"the Deflection above player {seat}'s Active Hand"
        tiles.append(_distraction_tile(catalogue, player.deflection, where))
    return tiles


def _player(page: Page, state: State, seat: int, marks: _Marks | None) -> None:
    catalogue = state.catalogue
    player = state.players[seat]
    top, start = page.y, len(page.body)
    inner = page.pad + _INSET
    page.gap(2)
    _lines(page, f"player {seat}: {player.tricks} Tricks (proven)", "h2", inner)
    tags = []
    if seat in state.winners:
        tags.append("winner")
    if seat == decider(state):
        tags.append("to decide now")
    if seat == state.current and not state.ended:
        tags.append("their turn")
    if marks is not None and seat in marks.seats:
        tags.append("the move's target")
    if tags:
        _lines(page, ", ".join(tags), "small", inner, "tag")
    hand = list(player.supporters) + list(player.events)
    counts = f"{len(player.supporters)} Supporter{'s' if len(player.supporters) != 1 else ''}, " \
             f"{len(player.events)} Event{'s' if len(player.events) != 1 else ''}"
    _lines(page, f"Active Hand: {counts}" if hand else "Active Hand: empty", "small", inner)
    tiles = [_hand_tile(catalogue, card, f"in player {seat}'s Active Hand",
                        marks.cls if marks is not None and _named(marks, card) else None) for card in hand]
    _flow(page, inner, tiles, _HAND_TILE_H)
    beside = _beside(catalogue, seat, player)
    if beside:
        words = [f"Gridlocks {' '.join(player.gridlocks)}" if player.gridlocks else "",
                 f"Lies {' '.join(player.lies)}" if player.lies else "",
                 f"Deflection {player.deflection}" if player.deflection else ""]
        _lines(page, "beside the hand: " + ", ".join(w for w in words if w), "small", inner)
        _flow(page, inner, beside, _HAND_TILE_H - 4)
    if player.network.placements:
        aim = marks.aim if marks is not None and marks.aim is not None and marks.aim.seat == seat else None
        drawing = _network_drawing(player, catalogue, aim)
        size = len(player.network.placements)
        _lines(page, f"Locked Network: {size} card{'s' if size != 1 else ''}, {player.tricks} Tricks", "small", inner)
        if drawing.anchors:
            _lines(page, _aim_line(drawing), "small", inner, "bold")
        _network(page, inner, drawing)
    else:
        _lines(page, "Locked Network: empty", "small", inner)
    cls = "winner" if seat in state.winners else "deciding" if seat == decider(state) else "panel"
    _panel(page, top, start, cls)


def _legend(page: Page, state: State, marks: _Marks | None) -> None:
    """A key to the marks drawn: a Trick, what a move names, a cell an illegal lock aimed at."""
    drawn = "".join(page.body)
    left = page.pad

    def outline(cls: str) -> Callable[[float], list[str]]:
        return lambda y: [rect(left + 2, y + 3, KEY_SWATCH - 4, 14, cls, 3)]

    items: list[tuple[Callable[[float], list[str]], str]] = []
    if 'class="trick"' in drawn:
        trick = "a Trick (a Supporter beside an Event that lists it)"
        items.append((lambda y: [line(left, y + 10, left + KEY_SWATCH, y + 10, "trick")], trick))
    if marks is not None:
        named = "what the illegal move names" if marks.cls == "named" else "what the move names"
        items.append((outline(marks.cls), named))
    if 'class="aim"' in drawn:
        items.append((outline("aim"), "a cell the illegal move aimed at, with the borders the card would make there"))
    for swatch, meaning in items:
        page.key(swatch(page.y + 2), meaning)


# --- the move ----------------------------------------------------------------------------------------


def _move_tiles(state: State, marks: _Marks) -> list[_Tile]:
    """The move itself: each slot, card and player it names, under its role."""
    catalogue = state.catalogue
    tiles = []
    head = state.queue[0] if state.queue else None
    for role, what, value in marks.roles:
        if what == "slot":
            row, slot_index = value
            kind, slot = KIND_NAMES[row], SLOTS[slot_index]
            card = state.rows[row][slot_index]
            where = f"the {slot} slot of the {kind} row"
            if card is None:
                tile = _Tile("empty", (), "empty", f"{where}: empty")
            elif kind == "distraction":
                tile = _distraction_tile(catalogue, str(card), where)
            else:
                tile = _hand_tile(catalogue, card, where)
            tiles.append(dataclasses.replace(tile, mark=marks.cls, caption=role, cost=slot))
        elif what == "card":
            tiles.append(_hand_tile(catalogue, value, f"the move's {role}", marks.cls, role))
        elif what == "seat":
            tiles.append(_Tile(f"player {value}", (), "seat", f"player {value}, the move's target", marks.cls, role))
        elif isinstance(head, Arrival):
            if head.kind == "deflection":
                tile = _distraction_tile(catalogue, str(head.card), "on its way")
            else:
                tile = _hand_tile(catalogue, head.card, f"on its way to player {head.receiver}")
            tiles.append(dataclasses.replace(tile, mark=marks.cls, caption="arriving"))
    return tiles


def _move(page: Page, state: State, lines: Sequence[str], marks: _Marks | None, legal: bool) -> None:
    """The answer to a move question in a panel: its lines, then the move drawn."""
    top, start = page.y, len(page.body)
    inner = page.pad + _INSET
    for index, words in enumerate(lines):
        words = words.strip()
        if index == 0:
            _lines(page, words, "h2", inner)
        elif words.startswith("rule "):
            _lines(page, words, "body", inner, "bold")
        else:
            _lines(page, words, "body", inner)
    if marks is not None:
        tiles = _move_tiles(state, marks)
        if tiles:
            _lines(page, "the move:", "small", inner)
            _flow(page, inner, tiles, _ROW_TILE_H)
    _panel(page, top, start, "legal" if legal else "illegal")


# --- the pictures ---------------------------------------------------------------------------------


def _width(state: State, lines: Iterable[str]) -> float:
    """A phone's width, or more for a word of ``lines`` too long for it (a Locked Network too wide
    for it is drawn smaller)."""
    words = [(w.strip(), "h2") for w in lines]
    words += [(_turn_line(state), "h2"), (_order_line(state), "small")]
    width = page_width(words, WIDTH, _PAD + _INSET)
    tiles = _DECK_W + 3 * _TILE_W + 3 * _TILE_GAP
    return max(width, tiles + 2 * (_PAD + _INSET))


def _table(page: Page, state: State, hidden: frozenset[tuple[str, CardId]], marks: _Marks | None) -> None:
    _status(page, state, marks)
    _rows(page, state, hidden, marks)
    for seat in range(len(state.players)):
        _player(page, state, seat, marks)
    _legend(page, state, marks)


def _state_words(state: State) -> list[str]:
    """The text answer's lines of the table (its drawn grids left out)."""
    return [w.strip() for w in render_state(state) if not w.startswith("      ")]


def replay_svg(result: Replay, at: int | None = None, log: Any = None) -> str:
    """A replayed log (``verify whitehouse replay``, with ``--at N`` the log cut after move N):
    the verdict, the first illegal move drawn with the rule it breaks, and the table. ``log``: the
    log document, whose ``unseen`` cards are never shown on top of a deck."""
    state = result.state
    hidden = unseen_cards(log, state.catalogue)
    words = render_replay(result).splitlines()
    head = words[: len(words) - len(render_state(state))]
    if result.illegal is not None:
        heading = f"White House intern game: the table before illegal move {result.illegal.index}"
    elif at is not None:
        heading = f"White House intern game: the table after move {at}"
    elif state.ended:
        heading = "White House intern game: the end of the game"
    else:
        heading = f"White House intern game: the table after {result.applied} moves"
    page = Page(_width(state, head), _PAD)
    page.lines(heading, "h1")
    marks = None
    if result.illegal is not None:
        marks = _marks(result.illegal.move, legal=False, state=state)
        _move(page, state, head[:2], marks, legal=False)
        rest = head[2:]
    else:
        rest = head
    for words_line in rest:
        page.lines(words_line.strip(), "body")
    page.gap(4)
    _table(page, state, hidden, marks)
    desc = " ".join(w.strip() for w in head) + " " + " ".join(_state_words(state))
    return page.svg(f"{heading}: {head[0]}", desc, _STYLE)


def move_svg(position: LoadedPosition, answer: dict[str, Any]) -> str:
    """The answer of ``verify whitehouse move`` on its table: with ``--move``, the move drawn (the
    slot and cards it names) with the rule it breaks, or what it does; with ``--list``, every
    legal move."""
    state = position.state
    if answer["question"] == "list":
        lines = render_list(answer).splitlines()
        page = Page(_width(state, lines[:1]), _PAD)
        heading = "White House intern game: every legal move"
        page.lines(heading, "h1")
        page.lines(lines[0], "h2")
        for words in lines[1:]:
            indent = len(words) - len(words.lstrip())
            style, extra = ("small", "") if indent else ("body", "bold")
            _lines(page, words.strip(), style, page.pad + min(indent, 6) * 3, extra)
        page.gap(4)
        _table(page, state, position.hidden, None)
        title = f"{heading}: {lines[0]}"
    else:
        lines = render_move(answer).splitlines()
        legal = bool(answer["legal"])
        page = Page(_width(state, lines), _PAD)
        heading = "White House intern game: " + ("a legal move" if legal else "an illegal move")
        page.lines(heading, "h1")
        marks = _marks(answer["move"], legal, state)
        _move(page, state, lines, marks, legal)
        _table(page, state, position.hidden, marks)
        title = f"White House intern game: {lines[0]}"
    desc = " ".join(w.strip() for w in lines) + " " + " ".join(_state_words(state))
    return page.svg(title, desc, _STYLE)
