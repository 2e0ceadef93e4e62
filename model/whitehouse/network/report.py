"""Human-readable pictures of a ``verify tricks`` answer: a text report and an SVG drawing.

Pure functions of a TricksAnswer: nothing here solves, reads or writes. Cards are drawn as boxes
on their cells; a Trick border is marked between the two boxes (a double line), a border that
breaks the rule with a cross. ``ascii=True`` draws with ASCII only, for terminals and files that
cannot hold box drawing characters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from model.common.status import Status
from model.whitehouse.network.answer import TricksAnswer
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
    """The short label of a card in a grid: ``S12`` for a Supporter, ``E1`` for an Event
    written ``"E1"``, ``E44`` for an Event written 44."""
    if card.kind == SUPPORTER:
        return f"S{card.id}"
    return f"E{card.id}" if isinstance(card.id, int) else str(card.id)


def _cut(text: str, width: int, glyphs: _Glyphs) -> str:
    if len(text) <= width:
        return text
    return text[: width - len(glyphs.ellipsis)] + glyphs.ellipsis


def _name(network: Network, card: CardRef) -> str:
    if card.kind == SUPPORTER:
        assert isinstance(card.id, int), "a Supporter's ID is its number"
        return network.supporter(card.id).name or ""
    return network.event(card.id).name or ""


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


def _card_boxes(network: Network, arrangement: Arrangement, glyphs: _Glyphs) -> dict[Cell, _Box]:
    return {
        p.cell: _Box(card_label(p.card), _cut(_name(network, p.card), NAME_WIDTH, glyphs))
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
) -> list[str]:
    """A drawn arrangement; cells where ``new_card`` may enter are drawn dashed with the
    Tricks the arrangement has after it enters there."""
    boxes = _card_boxes(network, arrangement, glyphs)
    links = _links(network, arrangement.cells(), glyphs)
    for entry in entries:
        assert new_card is not None
        boxes[(entry.row, entry.col)] = _Box(card_label(new_card), f"-> {entry.tricks}", True)
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
            f"Tricks: not proven: the time limit came before any legal arrangement was found; "
            f"at most {solution.bound}"
        )
    else:
        lines.append(
            f"Tricks: {solution.tricks} found, at most {solution.bound}: "
            "not proven, the time limit came first"
        )
    if solution.proof:
        lines.append(f"Proof: {solution.proof}")
    return lines


def _claim(answer: TricksAnswer) -> list[str]:
    claim, solution = answer.claim, answer.solution
    if claim is None:
        return []
    head = f"Claim of {_tricks(claim.value)}:"
    if claim.holds is None:
        why = f"{solution.tricks} found" if solution.tricks is not None else "no arrangement found"
        return [f"{head} undecided ({why}, at most {solution.bound}; the time limit came first)"]
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


def _given(answer: TricksAnswer, glyphs: _Glyphs) -> list[str]:
    report, question = answer.given, answer.question
    if report is None or question.arrangement is None:
        return []
    verdict = "legal" if report.legal else "illegal"
    lines = [f"Given arrangement: {verdict}, {_tricks(report.tricks)}"]
    lines += [f"  - {violation}" for violation in report.violations]
    if answer.add is None:
        grid = arrangement_lines(question.network, question.arrangement, glyphs)
        lines += ["", *grid, *_legend(grid, glyphs)]
    return lines


def _add(answer: TricksAnswer, glyphs: _Glyphs) -> list[str]:
    add, question = answer.add, answer.question
    if add is None or question.arrangement is None or question.add_ref is None:
        return []
    ref = question.add_ref
    with_card = question.network.with_card(add.card)
    label = with_card.label(ref)
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
        lines.append(f"With it the network makes {found}, at most {after.bound} (not proven, time limit)")
    grid = arrangement_lines(with_card, question.arrangement, glyphs, ref, add.placements)
    return lines + ["", *grid, *_legend(grid, glyphs)]


def render_text(answer: TricksAnswer, ascii: bool = False) -> str:
    """The human-readable report of an answer."""
    glyphs = ASCII if ascii else UNICODE
    question, solution = answer.question, answer.solution
    sections = [_summary(answer)]
    if solution.arrangement is not None and solution.arrangement.placements:
        grid = arrangement_lines(question.network, solution.arrangement, glyphs)
        title = "A best arrangement:" if solution.status is Status.OPTIMAL else "The best arrangement found:"
        sections.append([title, *grid, *_legend(grid, glyphs)])
    for part in (_claim(answer), _given(answer, glyphs), _add(answer, glyphs)):
        if part:
            sections.append(part)
    rules = ", ".join(
        f"{name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in vars(question.rules).items()
    )
    sections.append([f"Rules: {rules}"])
    text = "\n\n".join("\n".join(section) for section in sections) + "\n"
    if ascii:
        text = text.encode("ascii", "replace").decode("ascii")
    return text


# --- SVG -------------------------------------------------------------------------------------

_CELL_W, _CELL_H, _GAP, _PAD = 84, 56, 14, 16
_FILL = {SUPPORTER: "#dbe8f6", "event": "#f9e3c8"}


def _svg_panel(
    title: str,
    network: Network,
    arrangement: Arrangement,
    top_y: float,
    new_card: CardRef | None = None,
    entries: Iterable[Entry] = (),
) -> tuple[list[str], float, float]:
    """One drawn arrangement; returns its SVG elements, width and height."""
    cells = arrangement.cells()
    entries = list(entries)
    every = list(cells) + [(e.row, e.col) for e in entries]
    top = min(r for r, _ in every)
    left = min(c for _, c in every)
    rows = max(r for r, _ in every) - top + 1
    cols = max(c for _, c in every) - left + 1

    def corner(cell: Cell) -> tuple[float, float]:
        return (
            _PAD + (cell[1] - left) * (_CELL_W + _GAP),
            top_y + 28 + (cell[0] - top) * (_CELL_H + _GAP),
        )

    def centre(cell: Cell) -> tuple[float, float]:
        x, y = corner(cell)
        return x + _CELL_W / 2, y + _CELL_H / 2

    parts = [f'<text x="{_PAD}" y="{top_y + 18}" class="title">{escape(title)}</text>']
    for placement in arrangement.placements:
        x, y = corner(placement.cell)
        card = placement.card
        parts.append(
            f'<rect x="{x}" y="{y}" width="{_CELL_W}" height="{_CELL_H}" rx="6" '
            f'fill="{_FILL[card.kind]}" stroke="#333"/>'
        )
        parts.append(f'<text x="{x + 8}" y="{y + 22}" class="label">{escape(card_label(card))}</text>')
        name = _name(network, card)
        if name:
            parts.append(f'<text x="{x + 8}" y="{y + 42}" class="name">{escape(name[:NAME_WIDTH])}</text>')
    for entry in entries:
        assert new_card is not None
        x, y = corner((entry.row, entry.col))
        parts.append(
            f'<rect x="{x}" y="{y}" width="{_CELL_W}" height="{_CELL_H}" rx="6" fill="none" '
            'stroke="#2a7" stroke-dasharray="5 4"/>'
        )
        parts.append(f'<text x="{x + 8}" y="{y + 22}" class="label">{escape(card_label(new_card))}</text>')
        parts.append(f'<text x="{x + 8}" y="{y + 42}" class="name">-&gt; {_tricks(entry.tricks)}</text>')
    for a, b in borders(cells):
        first, second = cells[a], cells[b]
        if first.kind == second.kind:
            continue
        (x1, y1), (x2, y2) = centre(a), centre(b)
        # Draw only across the gap between the two cards.
        if a[0] == b[0]:
            x1, x2 = x1 + _CELL_W / 2 - 4, x2 - _CELL_W / 2 + 4
        else:
            y1, y2 = y1 + _CELL_H / 2 - 4, y2 - _CELL_H / 2 + 4
        kind = "trick" if network.matches(first, second) else "broken"
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="{kind}"/>')
    width = 2 * _PAD + cols * _CELL_W + (cols - 1) * _GAP
    height = 28 + rows * _CELL_H + (rows - 1) * _GAP + _PAD
    return parts, width, height


def render_svg(answer: TricksAnswer) -> str:
    """An SVG picture: the best arrangement, and the given one (with where a card may enter)."""
    question, solution = answer.question, answer.solution
    panels: list[tuple[str, Network, Arrangement | None, CardRef | None, tuple[Entry, ...]]] = []
    if solution.arrangement is not None and solution.arrangement.placements:
        verdict = "proven maximum" if solution.status is Status.OPTIMAL else "not proven"
        panels.append((f"{_tricks(solution.tricks)} ({verdict})", question.network, solution.arrangement, None, ()))
    elif solution.status is Status.INFEASIBLE:
        panels.append(("No legal arrangement exists", question.network, None, None, ()))
    if question.arrangement is not None and question.arrangement.placements and answer.given is not None:
        verdict = "legal" if answer.given.legal else "illegal"
        network = question.network
        ref: CardRef | None = None
        entries: tuple[Entry, ...] = ()
        if answer.add is not None and question.add_ref is not None:
            network = network.with_card(answer.add.card)
            ref, entries = question.add_ref, answer.add.placements
        title = f"Given arrangement: {verdict}, {_tricks(answer.given.tricks)}"
        panels.append((title, network, question.arrangement, ref, entries))
    body: list[str] = []
    width: float = 2 * _PAD + _CELL_W
    y = 0.0
    for title, network, arrangement, ref, entries in panels:
        if arrangement is None:
            body.append(f'<text x="{_PAD}" y="{y + 18}" class="title">{escape(title)}</text>')
            y += 28 + _PAD
            width = max(width, 320)
            continue
        parts, w, h = _svg_panel(title, network, arrangement, y, ref, entries)
        body += parts
        width, y = max(width, w, 320), y + h
    height = max(y, 40)
    style = (
        ".title{font:bold 14px sans-serif}.label{font:bold 15px sans-serif}"
        ".name{font:11px sans-serif}.trick{stroke:#2a7;stroke-width:6}"
        ".broken{stroke:#c22;stroke-width:4;stroke-dasharray:3 3}"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">\n<style>{style}</style>\n'
        '<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n"
    )


def progress_line(best: int | None, bound: int | None, seconds: float) -> str:
    """One line for a running solve: ``solving: best 5, bound 7, 1.2 s``."""
    shown = "none yet" if best is None else str(best)
    limit = "not yet known" if bound is None else str(bound)
    return f"solving: best {shown}, bound {limit}, {seconds:.1f} s"
