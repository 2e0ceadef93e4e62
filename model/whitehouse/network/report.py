"""Human-readable pictures of a ``verify tricks`` answer: a text report and an SVG drawing.

Pure functions of a TricksAnswer: nothing here solves, reads or writes. Cards are drawn as boxes
on their cells; a Trick border is marked between the two boxes (a double line), a border that
breaks the rule with a cross. ``ascii=True`` draws with ASCII only, for terminals and files that
cannot hold box drawing characters.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from model.common.status import Status
from model.common.svg import (
    document,
    group,
    line,
    rect,
    scaled,
    shorten,
    shorten_to_width,
    text,
    text_width,
    widest_word,
    wrap,
)
from model.whitehouse.network.answer import TricksAnswer, TricksSolution
from model.whitehouse.network.arrangement import (
    SUPPORTER,
    Arrangement,
    CardRef,
    Cell,
    Entry,
    Network,
    borders,
)

#: The longest name drawn inside a card's box; longer ones are cut.
NAME_WIDTH = 14


@dataclass(frozen=True)
class _Glyphs:
    top: str
    side: str
    bottom: str
    candidate_top: str
    candidate_side: str
    candidate_bottom: str
    across: str
    down: str
    broken: str
    ellipsis: str


UNICODE = _Glyphs("┌─┐", "│", "└─┘", "┌╌┐", "╎", "└╌┘", "═", "║", "×", "…")
ASCII = _Glyphs("+-+", "|", "+-+", "+ +", ":", "+ +", "=", "H", "x", "...")


@dataclass(frozen=True)
class _Box:
    """What one cell of a drawn grid shows."""

    #: The first line: the card's short label.
    label: str
    #: The second line (a name, or Tricks after entering), or "".
    detail: str = ""
    #: A card about to enter, drawn dashed.
    candidate: bool = False


def card_label(card: CardRef) -> str:
    """The usual short label of a card in a grid: ``S12`` for a Supporter, ``E1`` for an Event
    written ``"E1"``, ``E44`` for an Event written 44 (``card_labels`` tells them apart when
    two would be drawn alike)."""
    if card.kind == SUPPORTER:
        return f"S{card.id}"
    return f"E{card.id}" if isinstance(card.id, int) else str(card.id)


def card_labels(network: Network) -> dict[CardRef, str]:
    """Every card's label in a drawing of ``network``, no two alike: the usual ``card_label``,
    except that an Event whose string ID would be drawn like another card (Event ``"E500"``
    beside Event 500, Event ``"S12"`` beside Supporter 12), starts with a quote or has spaces
    at either end is drawn quoted, as JSON writes it (``"E500"``). Supporters and integer IDs
    are drawn ``S``/``E`` and a number, quoted IDs start with a quote, and no other string is
    drawn like either, so the labels are distinct."""
    cards = network.cards()
    usual = {card: card_label(card) for card in cards}
    taken: dict[str, int] = {}
    for label in usual.values():
        taken[label] = taken.get(label, 0) + 1
    labels = {}
    for card, label in usual.items():
        written = card.id
        if isinstance(written, str) and (
            taken[label] > 1 or written.startswith('"') or written != written.strip()
        ):
            label = json.dumps(written, ensure_ascii=False)
        labels[card] = label
    return labels


def _cut(text: str, width: int, glyphs: _Glyphs) -> str:
    return shorten(text, width, glyphs.ellipsis)


def _name(network: Network, card: CardRef) -> str:
    return network.card(card).name or ""


def draw_grid(
    boxes: dict[Cell, _Box],
    links: dict[tuple[Cell, Cell], str],
    glyphs: _Glyphs,
) -> list[str]:
    """Draw boxes on their cells with row and column numbers; ``links`` maps a pair of
    bordering cells (the upper or left one first) to the mark drawn between them."""
    if not boxes:
        return ["(no cards)"]
    rows = [r for r, _ in boxes]
    cols = [c for _, c in boxes]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    inner = max(max(len(b.label), len(b.detail)) for b in boxes.values()) + 2
    two_lines = any(b.detail for b in boxes.values())
    margin = max(len(str(r)) for r in range(top, bottom + 1)) + 1
    cell_width = inner + 2

    def row_text(pieces: list[str], lead: str = "") -> str:
        return (lead.rjust(margin - 1) + " " + "".join(pieces)).rstrip()

    header = [str(c).center(cell_width) + " " for c in range(left, right + 1)]
    lines = [row_text(header)]
    for r in range(top, bottom + 1):
        box_top: list[str] = []
        box_bottom: list[str] = []
        first: list[str] = []
        second: list[str] = []
        for c in range(left, right + 1):
            box = boxes.get((r, c))
            gap_mark = links.get(((r, c), (r, c + 1)), " ")
            if box is None:
                for part in (box_top, box_bottom, first, second):
                    part.append(" " * cell_width + " ")
                first[-1] = " " * cell_width + gap_mark
                continue
            t = glyphs.candidate_top if box.candidate else glyphs.top
            b = glyphs.candidate_bottom if box.candidate else glyphs.bottom
            side = glyphs.candidate_side if box.candidate else glyphs.side
            box_top.append(t[0] + t[1] * inner + t[2] + " ")
            box_bottom.append(b[0] + b[1] * inner + b[2] + " ")
            first.append(side + (" " + box.label).ljust(inner) + side + gap_mark)
            second.append(side + (" " + box.detail).ljust(inner) + side + " ")
        lines.append(row_text(box_top))
        lines.append(row_text(first, str(r)))
        if two_lines:
            lines.append(row_text(second))
        lines.append(row_text(box_bottom))
        if r < bottom:
            gap = [links.get(((r, c), (r + 1, c)), " ").center(cell_width) + " " for c in range(left, right + 1)]
            lines.append(row_text(gap))
    return lines


def _card_boxes(
    network: Network, arrangement: Arrangement, glyphs: _Glyphs, labels: dict[CardRef, str]
) -> dict[Cell, _Box]:
    return {
        p.cell: _Box(labels[p.card], _cut(_name(network, p.card), NAME_WIDTH, glyphs))
        for p in arrangement.placements
    }


def _links(network: Network, cells: dict[Cell, CardRef], glyphs: _Glyphs) -> dict[tuple[Cell, Cell], str]:
    """Each Trick border (and each border that breaks the rule) of a layout, with its mark."""
    links = {}
    for a, b in borders(cells):
        first, second = cells[a], cells[b]
        if first.kind == second.kind:
            continue
        if network.matches(first, second):
            links[(a, b)] = glyphs.across if a[0] == b[0] else glyphs.down
        else:
            links[(a, b)] = glyphs.broken
    return links


def arrangement_lines(
    network: Network,
    arrangement: Arrangement,
    glyphs: _Glyphs,
    new_card: CardRef | None = None,
    entries: Iterable[Entry] = (),
    labels: dict[CardRef, str] | None = None,
) -> list[str]:
    """A drawn arrangement; cells where ``new_card`` may enter are drawn dashed with the
    Tricks the arrangement has after it enters there. ``labels``: the cards' labels (by default
    ``card_labels`` of ``network``)."""
    labels = card_labels(network) if labels is None else labels
    boxes = _card_boxes(network, arrangement, glyphs, labels)
    links = _links(network, arrangement.cells(), glyphs)
    for entry in entries:
        assert new_card is not None
        boxes[(entry.row, entry.col)] = _Box(labels[new_card], f"-> {entry.tricks}", True)
    return draw_grid(boxes, links, glyphs)


def _legend(lines: list[str], glyphs: _Glyphs) -> list[str]:
    body = "\n".join(lines[1:])
    marks = []
    if glyphs.across in body or glyphs.down in body:
        marks.append(f"{glyphs.across} {glyphs.down} a Trick")
    if glyphs.broken in body:
        marks.append(f"{glyphs.broken} a border that breaks the rule")
    return ["  ".join(marks)] if marks else []


def _count(n: int | None, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _tricks(n: int | None) -> str:
    return _count(n, "Trick")


def _summary(answer: TricksAnswer) -> list[str]:
    solution = answer.solution
    network = answer.question.network
    pairs = len(network.matching_pairs())
    lines = [
        f"Network: {_count(len(network.supporters), 'Supporter')}, "
        f"{_count(len(network.events), 'Event')}, "
        f"{_count(pairs, 'matching Supporter-Event pair')}"
    ]
    if solution.status is Status.OPTIMAL:
        lines.append(f"Tricks: {solution.tricks}, the proven maximum (method: {solution.proven_by})")
    elif solution.status is Status.INFEASIBLE:
        lines.append("Tricks: none: no legal arrangement exists, so this network is illegal on the table")
    elif solution.tricks is None:
        lines.append(
            f"Tricks: not proven: {_stop_reason(solution)} before any legal arrangement was found; "
            f"at most {solution.bound}"
        )
    else:
        lines.append(
            f"Tricks: {solution.tricks} found, at most {solution.bound}: "
            f"not proven, {_stop_reason(solution)}"
        )
    if solution.proof:
        lines.append(f"Proof: {solution.proof}")
    return lines


def _stop_reason(solution: TricksSolution) -> str:
    """Why an unproven solve stopped, in words (the JSON's ``stopped_by``)."""
    if solution.stopped_by == "search_exhausted":
        return "every search gave up before the time limit"
    return "the time limit came first"


def _claim(answer: TricksAnswer) -> list[str]:
    claim, solution = answer.claim, answer.solution
    if claim is None:
        return []
    head = f"Claim of {_tricks(claim.value)}:"
    if claim.holds is None:
        why = f"{solution.tricks} found" if solution.tricks is not None else "no arrangement found"
        return [f"{head} undecided ({why}, at most {solution.bound}; {_stop_reason(solution)})"]
    if claim.holds:
        if claim.exact:
            return [f"{head} holds, exactly the maximum"]
        if claim.exact is False:
            return [f"{head} holds (the maximum is {solution.tricks})"]
        return [f"{head} holds ({solution.tricks} found; the maximum is not proven)"]
    if solution.status is Status.INFEASIBLE:
        return [f"{head} does not hold (no legal arrangement exists)"]
    if solution.status is Status.OPTIMAL:
        return [f"{head} does not hold (the maximum is {solution.tricks})"]
    return [f"{head} does not hold (at most {solution.bound} are possible)"]


def answer_labels(answer: TricksAnswer) -> dict[CardRef, str]:
    """The labels of every card an answer draws, the card to add included (``card_labels``):
    the text and the SVG drawing name each card alike."""
    network = answer.question.network
    if answer.add is not None:
        network = network.with_card(answer.add.card)
    return card_labels(network)


def _given_words(answer: TricksAnswer) -> list[str]:
    """The verdict on the given arrangement, and each rule it breaks."""
    report, question = answer.given, answer.question
    if report is None or question.arrangement is None:
        return []
    verdict = "legal" if report.legal else "illegal"
    lines = [f"Given arrangement: {verdict}, {_tricks(report.tricks)}"]
    return lines + [f"  - {violation}" for violation in report.violations]


def _given(answer: TricksAnswer, glyphs: _Glyphs, labels: dict[CardRef, str]) -> list[str]:
    lines = _given_words(answer)
    question = answer.question
    if lines and answer.add is None and question.arrangement is not None:
        grid = arrangement_lines(question.network, question.arrangement, glyphs, labels=labels)
        lines += ["", *grid, *_legend(grid, glyphs)]
    return lines


def _add_words(answer: TricksAnswer) -> list[str]:
    """Where the card to add may enter, and what the network makes with it."""
    add, question = answer.add, answer.question
    if add is None or question.arrangement is None or question.add_ref is None:
        return []
    label = question.network.with_card(add.card).label(question.add_ref)
    if add.placements:
        lines = [f"{label} may enter on {len(add.placements)} {'cell' if len(add.placements) == 1 else 'cells'}:"]
        lines += [f"  row {e.row} col {e.col}: {_tricks(e.tricks)} after" for e in add.placements]
    else:
        lines = [f"{label} cannot enter: every empty cell beside the network borders a card it does not match"]
    after = add.solution
    if after.status is Status.OPTIMAL:
        lines.append(
            f"With it the network's maximum is {_tricks(after.tricks)} (proven; method: {after.proven_by})"
        )
    elif after.status is Status.INFEASIBLE:
        lines.append("With it the network has no legal arrangement at all")
    else:
        found = "none found" if after.tricks is None else f"{after.tricks} found"
        lines.append(f"With it the network makes {found}, at most {after.bound} (not proven: {_stop_reason(after)})")
    return lines


def _add(answer: TricksAnswer, glyphs: _Glyphs, labels: dict[CardRef, str]) -> list[str]:
    add, question = answer.add, answer.question
    if add is None or question.arrangement is None or question.add_ref is None:
        return []
    with_card = question.network.with_card(add.card)
    grid = arrangement_lines(with_card, question.arrangement, glyphs, question.add_ref, add.placements, labels)
    return _add_words(answer) + ["", *grid, *_legend(grid, glyphs)]


def _rules_line(answer: TricksAnswer) -> str:
    rules = ", ".join(
        f"{name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in vars(answer.question.rules).items()
    )
    return f"Rules: {rules}"


def _best_title(answer: TricksAnswer) -> str:
    return "A best arrangement:" if answer.solution.status is Status.OPTIMAL else "The best arrangement found:"


def phases_lines(solution: TricksSolution) -> list[str]:
    """The solver's trace as a table: each phase that ran, in order, with its seconds, our own
    searches' nodes, CP-SAT's deterministic work, and what it established."""
    head = ("phase", "seconds", "nodes", "work", "established")
    rows = [
        (p.name, f"{p.seconds:.3f}", str(p.nodes), f"{p.work:.2f}", p.established) for p in solution.phases
    ]
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(4)]

    def line(row: tuple[str, str, str, str, str]) -> str:
        name, seconds, nodes, work, established = row
        return (
            f"  {name:<{widths[0]}}  {seconds:>{widths[1]}}  {nodes:>{widths[2]}}  {work:>{widths[3]}}"
            f"  {established}"
        )

    return ["Phases (work: CP-SAT's deterministic time):", line(head), *(line(row) for row in rows)]


def render_text(answer: TricksAnswer, ascii: bool = False, explain: bool = False) -> str:
    """The human-readable report of an answer; with ``explain``, the solver's phases after it."""
    glyphs = ASCII if ascii else UNICODE
    question, solution = answer.question, answer.solution
    labels = answer_labels(answer)
    sections = [_summary(answer)]
    if solution.arrangement is not None and solution.arrangement.placements:
        grid = arrangement_lines(question.network, solution.arrangement, glyphs, labels=labels)
        sections.append([_best_title(answer), *grid, *_legend(grid, glyphs)])
    for part in (_claim(answer), _given(answer, glyphs, labels), _add(answer, glyphs, labels)):
        if part:
            sections.append(part)
    sections.append([_rules_line(answer)])
    if explain:
        sections.append(phases_lines(solution))
    text = "\n\n".join("\n".join(section) for section in sections) + "\n"
    if ascii:
        text = text.encode("ascii", "replace").decode("ascii")
    return text


# --- SVG -------------------------------------------------------------------------------------
#
# The SVG says what the text says, in the same order and words (the summary, each arrangement
# under the same heading, the claim, the given arrangement's verdict and broken rules, where a
# card may enter, the rules), with each grid drawn as cards on cells under the same row and
# column numbers and the same card labels; a card's full name and ID are its hover title.

_CELL_W, _CELL_H, _GAP, _PAD = 84, 56, 14, 16
#: The picture's width: a phone's (the text wraps to it). A grid too wide for it draws its cards
#: narrower, their names cut (whole on hover), down to the width of their labels; a grid still
#: too wide is drawn smaller, to fit.
WIDTH = 390
#: The narrowest card, and the room left and right of its label and name.
_LEAST_CELL_W, _CARD_INSET = 48, 8
_LABEL_SIZE, _NAME_SIZE, _LINE_SIZE, _HEAD_SIZE = 15, 12, 13, 15
_SVG_STYLE = (
    ".label{font-size:15px;font-weight:bold}.name{font-size:12px}.num{font-size:12px;fill:#666}"
    ".line{font-size:13px}.head{font-size:15px;font-weight:bold}"
    ".supporter{fill:#dbe8f6;stroke:#333}.event{fill:#f9e3c8;stroke:#333}"
    ".entry{fill:#effaf3;stroke:#2a7;stroke-dasharray:5 4}"
    ".trick{stroke:#2a7;stroke-width:6}.broken{stroke:#c22;stroke-width:4;stroke-dasharray:3 3}"
    ".trick-key{stroke:#2a7;stroke-width:6}.broken-key{stroke:#c22;stroke-width:4;stroke-dasharray:3 3}"
)


@dataclass(frozen=True)
class _Panel:
    """One arrangement to draw, with the cells where a new card may enter."""

    network: Network
    arrangement: Arrangement
    labels: dict[CardRef, str]
    new_card: CardRef | None = None
    entries: tuple[Entry, ...] = ()

    def cells(self) -> list[Cell]:
        return [p.cell for p in self.arrangement.placements] + [(e.row, e.col) for e in self.entries]

    def texts(self) -> list[tuple[str, str]]:
        """Each card's drawn label and name (a new card's name is the Tricks after it enters)."""
        out = [
            (self.labels[p.card], shorten(_name(self.network, p.card), NAME_WIDTH))
            for p in self.arrangement.placements
        ]
        if self.new_card is not None:
            out += [(self.labels[self.new_card], f"-> {e.tricks}") for e in self.entries]
        return out

    def _natural_card_width(self) -> float:
        widest = max(
            max(text_width(label, _LABEL_SIZE, True), text_width(name, _NAME_SIZE)) for label, name in self.texts()
        )
        return max(_CELL_W, widest + 2 * _CARD_INSET + 2)

    def _least_card_width(self) -> float:
        """The narrowest a card can be drawn: its label whole (a name can be cut)."""
        widest = max(text_width(label, _LABEL_SIZE, True) for label, _ in self.texts())
        return max(_LEAST_CELL_W, widest + 2 * _CARD_INSET + 2)

    def margin(self) -> float:
        """The width of the row numbers' column."""
        rows = {r for r, _ in self.cells()}
        return max(text_width(str(r), _NAME_SIZE) for r in rows) + 10

    def _span(self) -> tuple[int, int]:
        cells = self.cells()
        rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) - min(c for _, c in cells) + 1
        return rows, cols

    def _width_with(self, card_width: float) -> float:
        cols = self._span()[1]
        return self.margin() + cols * card_width + (cols - 1) * _GAP

    def card_width(self, room: float) -> float:
        """Each card's width in a grid drawn ``room`` pixels wide at most: as wide as its label and
        name need, narrower (the names cut) where the grid would not fit, never narrower than the
        labels need."""
        cols = self._span()[1]
        fits = (room - self.margin() - (cols - 1) * _GAP) / cols
        return max(min(self._natural_card_width(), fits), self._least_card_width())

    def scale(self, room: float) -> float:
        """How much smaller than natural size the grid is drawn so that it fits ``room`` (1: not)."""
        return min(1.0, room / self._width_with(self.card_width(room)))

    def size(self, room: float) -> tuple[float, float]:
        """The drawn width and height of the grid in ``room`` pixels."""
        rows = self._span()[0]
        scale = self.scale(room)
        width = self._width_with(self.card_width(room))
        return width * scale, (18 + rows * _CELL_H + (rows - 1) * _GAP) * scale

    def kinds(self) -> set[str]:
        """Which marks the panel draws: ``trick``, ``broken``, ``entry``."""
        cells = self.arrangement.cells()
        found = {"entry"} if self.entries else set()
        for a, b in borders(cells):
            if cells[a].kind != cells[b].kind:
                found.add("trick" if self.network.matches(cells[a], cells[b]) else "broken")
        return found

    def draw(self, left_x: float, top_y: float, room: float) -> list[str]:
        """The grid at ``(left_x, top_y)``, at most ``room`` pixels wide."""
        cells = self.arrangement.cells()
        every = self.cells()
        top = min(r for r, _ in every)
        left = min(c for _, c in every)
        width, margin = self.card_width(room), self.margin()
        name_room = width - 2 * _CARD_INSET
        x0, y0 = left_x + margin, top_y + 18

        def corner(cell: Cell) -> tuple[float, float]:
            return x0 + (cell[1] - left) * (width + _GAP), y0 + (cell[0] - top) * (_CELL_H + _GAP)

        def name_text(x: float, y: float, name: str) -> str:
            """A card's second line, cut to fit the card (the whole on hover)."""
            shown = shorten_to_width(shorten(name, NAME_WIDTH), name_room, _NAME_SIZE)
            return text(x + _CARD_INSET, y + 42, shown, "name", title=name)

        parts = []
        for c in range(left, max(c for _, c in every) + 1):
            x, _ = corner((top, c))
            parts.append(text(x + width / 2, top_y + 12, str(c), "num", "middle"))
        for r in range(top, max(r for r, _ in every) + 1):
            _, y = corner((r, left))
            parts.append(text(left_x + margin - 8, y + _CELL_H / 2 + 4, str(r), "num", "end"))
        for placement in self.arrangement.placements:
            x, y = corner(placement.cell)
            card = placement.card
            name = _name(self.network, card)
            title = f"{self.network.label(card)} at row {placement.row} col {placement.col}"
            shapes = [
                rect(x, y, width, _CELL_H, card.kind),
                text(x + _CARD_INSET, y + 22, self.labels[card], "label"),
            ]
            if name:
                shapes.append(name_text(x, y, name))
            parts.append(group(shapes, title))
        for entry in self.entries:
            assert self.new_card is not None
            x, y = corner((entry.row, entry.col))
            title = (
                f"{self.network.label(self.new_card)} may enter at row {entry.row} col {entry.col}: "
                f"{_tricks(entry.tricks)} after"
            )
            shapes = [
                rect(x, y, width, _CELL_H, "entry"),
                text(x + _CARD_INSET, y + 22, self.labels[self.new_card], "label"),
                name_text(x, y, f"-> {entry.tricks}"),
            ]
            parts.append(group(shapes, title))
        for a, b in borders(cells):
            first, second = cells[a], cells[b]
            if first.kind == second.kind:
                continue
            (xa, ya), (xb, yb) = corner(a), corner(b)
            # Drawn across the gap between the two cards, reaching 3 pixels into each (clear of
            # the texts, which start _CARD_INSET in).
            if a[0] == b[0]:
                x1, x2, y1, y2 = xa + width - 3, xb + 3, ya + _CELL_H / 2, yb + _CELL_H / 2
            else:
                x1, x2, y1, y2 = xa + width / 2, xb + width / 2, ya + _CELL_H - 3, yb + 3
            kind = "trick" if self.network.matches(first, second) else "broken"
            parts.append(line(x1, y1, x2, y2, kind))
        scale = self.scale(room)
        if scale < 1:
            return [scaled(parts, left_x, top_y, scale)]
        return parts


def _legend_items(panel: _Panel) -> list[tuple[str, str]]:
    """The marks a panel draws and what each means, in the text legend's words."""
    items = []
    kinds = panel.kinds()
    if "trick" in kinds:
        items.append(("trick", "a Trick"))
    if "broken" in kinds:
        items.append(("broken", "a border that breaks the rule"))
    if "entry" in kinds and panel.new_card is not None:
        items.append(("entry", f"{panel.labels[panel.new_card]} may enter, -> the Tricks after"))
    return items


_Block = tuple[str, str] | _Panel


def _svg_blocks(answer: TricksAnswer) -> list[_Block]:
    """What the picture shows, top to bottom: lines of text (with their style) and grids."""
    question, solution = answer.question, answer.solution
    labels = answer_labels(answer)
    summary = _summary(answer)
    blocks: list[_Block] = [("line", summary[0]), ("head", summary[1]), *(("line", x) for x in summary[2:])]
    if solution.arrangement is not None and solution.arrangement.placements:
        blocks += [("gap", ""), ("head", _best_title(answer)), _Panel(question.network, solution.arrangement, labels)]
    claim = _claim(answer)
    if claim:
        blocks += [("gap", ""), *(("head", x) for x in claim)]
    given = _given_words(answer)
    if given:
        blocks += [("gap", ""), ("head", given[0]), *(("line", x.strip()) for x in given[1:])]
        if answer.add is None and question.arrangement is not None and question.arrangement.placements:
            blocks.append(_Panel(question.network, question.arrangement, labels))
    add = _add_words(answer)
    if add and answer.add is not None and question.arrangement is not None and question.add_ref is not None:
        blocks += [("gap", ""), ("head", add[0]), *(("line", x.strip()) for x in add[1:])]
        network = question.network.with_card(answer.add.card)
        blocks.append(_Panel(network, question.arrangement, labels, question.add_ref, answer.add.placements))
    blocks += [("gap", ""), ("line", _rules_line(answer))]
    return blocks


def _describe(answer: TricksAnswer) -> str:
    summary = _summary(answer)
    return " ".join(summary[:2]) + "."


def render_svg(answer: TricksAnswer) -> str:
    """The answer as an SVG picture: the text answer's lines, each arrangement drawn as cards on
    their cells under the text's row and column numbers, Trick borders green, broken borders
    red and dashed, and the cells where a new card may enter dashed with the Tricks after."""
    blocks = _svg_blocks(answer)
    sizes = {"line": _LINE_SIZE, "head": _HEAD_SIZE, "gap": _LINE_SIZE}
    width = float(WIDTH)
    for block in blocks:
        if isinstance(block, _Panel):
            for _, meaning in _legend_items(block):
                width = max(width, widest_word(meaning, _LINE_SIZE) + 2 * _PAD + 40)
        else:
            width = max(width, widest_word(block[1], sizes[block[0]], block[0] == "head") + 2 * _PAD)
    room = width - 2 * _PAD
    body: list[str] = []
    y = float(_PAD)
    for block in blocks:
        if isinstance(block, _Panel):
            y += 4
            body += block.draw(_PAD, y, room)
            y += block.size(room)[1] + 10
            for kind, meaning in _legend_items(block):
                if kind == "entry":
                    body.append(rect(_PAD, y + 2, 28, 14, "entry", 3))
                else:
                    body.append(line(_PAD, y + 9, _PAD + 28, y + 9, kind + "-key"))
                for shown in wrap(meaning, room - 40, _LINE_SIZE):
                    body.append(text(_PAD + 40, y + 14, shown, "line"))
                    y += 20
            continue
        style, content = block
        if style == "gap":
            y += 10
            continue
        size = sizes[style]
        for shown in wrap(content, room, size, style == "head"):
            y += size + 5
            body.append(text(_PAD, y, shown, style))
        y += 2
    return document("Locked Network: " + _summary(answer)[1], _describe(answer), width, y + _PAD, body, _SVG_STYLE)


def progress_line(best: int | None, bound: int | None, seconds: float) -> str:
    """One line for a running solve: ``solving: best 5, bound 7, 1.2 s``."""
    shown = "none yet" if best is None else str(best)
    limit = "not yet known" if bound is None else str(bound)
    return f"solving: best {shown}, bound {limit}, {seconds:.1f} s"
