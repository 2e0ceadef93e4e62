"""What the page marks on its own grid for a given arrangement: each fault, cell by cell."""

from __future__ import annotations

from typing import Any

from model.whitehouse.network.arrangement import borders, neighbours, pieces
from model.whitehouse.network.io import TricksQuestion


def arrangement_marks(question: TricksQuestion) -> dict[str, Any]:
    """The given arrangement's faults, cell by cell: each border between a Supporter and an Event
    that does not list it (rule ``placement``), each card with no matching border (rule
    ``every_card_matched``, when in force), each cell off the largest piece (rule ``connected``,
    when in force)."""
    network, rules = question.network, question.rules
    assert question.arrangement is not None
    cells = question.arrangement.cells()
    broken = [
        {"a": list(a), "b": list(b), "rule": "placement"}
        for a, b in borders(cells)
        if cells[a].kind != cells[b].kind and not network.matches(cells[a], cells[b])
    ]
    unmatched = []
    if rules.every_card_matched:
        unmatched = [list(cell) for cell, card in sorted(cells.items())
                     if not any(n in cells and network.matches(card, cells[n]) for n in neighbours(cell))]
    apart: list[list[int]] = []
    if rules.connected:
        parts = sorted(pieces(cells), key=len, reverse=True)
        apart = [list(cell) for part in parts[1:] for cell in part]
    return {"broken": broken, "unmatched": unmatched, "apart": apart}
