"""The Locked Network invariants prove the engine's own functions: a bug planted in one engine
function alone (never in the proof) makes its invariant fail with a counterexample the engine
reproduces, and changes what `verify tricks` (or a game replay) answers; every invariant is proved under the default
options and under each Locked Network option value."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from checks import registry
from checks.core import run
from checks.result import Proved, Violated
from checks.whitehouse import network_invariants
from cli import cli
from model.common.ops import PY
from model.whitehouse import tricks as lock
from model.whitehouse.network import arrangement as tricks

BY_ID = {inv.id: inv for inv in network_invariants.INVARIANTS}


def _run(invariant_id: str, options: dict[str, Any] | None = None) -> Any:
    return run(BY_ID[invariant_id], registry.rules("whitehouse", options or {}), 30.0)


def _tricks_json(tmp_path: Path, document: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "network.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(cli, ["tricks", str(path), "--json", "--time-limit", "10"])
    if result.exit_code not in (0, 1):  # e.g. the solver's arrangement refused by the checker
        return {"exit": result.exit_code, "output": result.output}
    answer = json.loads(result.stdout)
    return {"exit": result.exit_code, **{key: answer.get(key) for key in ("tricks", "given_arrangement", "add")}}


def _s(number: int, row: int, col: int) -> dict[str, Any]:
    return {"supporter": number, "row": row, "col": col}


def _e(name: str, row: int, col: int) -> dict[str, Any]:
    return {"event": name, "row": row, "col": col}


# --- planted bugs: one engine function each ---------------------------------------------------------

_real_borders = tricks.borders
_real_tricks_total = tricks.tricks_total
_real_may_enter = tricks.may_enter


def _pieces_with_corners(cells: Any) -> list[list[tuple[int, int]]]:
    """Connectivity through corners too."""
    unseen = set(cells)
    found = []
    for start in sorted(unseen):
        if start not in unseen:
            continue
        unseen.discard(start)
        piece, todo = [start], [start]
        while todo:
            r, c = todo.pop()
            for other in [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]:
                if other in unseen:
                    unseen.discard(other)
                    piece.append(other)
                    todo.append(other)
        found.append(sorted(piece))
    return found


def _borders_with_corners(cells: Any) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """Corner cards border too."""
    occupied = set(cells)
    yield from _real_borders(occupied)
    for row, col in sorted(occupied):
        for other in ((row + 1, col + 1), (row + 1, col - 1)):
            if other in occupied:
                yield (row, col), other


def _borders_wrapping(cells: Any) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """The rows wrap around a 4-column table."""
    occupied = set(cells)
    yield from _real_borders(occupied)
    for row, col in sorted(occupied):
        if (row, col + 3) in occupied:
            yield (row, col), (row, col + 3)


def _tricks_twice(facts: Any, ops: Any = PY) -> Any:
    """Every Trick counted twice."""
    return 2 * _real_tricks_total(facts, ops)


def _enters_beside_any_match(card: Any, touching: Any, network_empty: Any, every_card_matched: Any,
                             ops: Any = PY) -> Any:
    """A card may enter beside a non-matching card if it also matches one."""
    matched = tricks.card_matched(card, touching, ops)
    return ops.any((_real_may_enter(card, touching, network_empty, every_card_matched, ops),
                    ops.all((len(touching) > 0, matched))))


def _neighbours_without_below(cell: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """The card below is not a neighbour (entry_cells neither offers nor checks that side)."""
    row, col = cell
    yield (row - 1, col)
    yield (row, col - 1)
    yield (row, col + 1)


def _fits_anywhere(*_: Any) -> bool:
    """A pair's card may go on any cell beside the network, matching or not."""
    return True


_real_matches = tricks.Network.matches


def _matches_any_listing(self: Any, a: Any, b: Any) -> bool:
    """A Supporter matches an Event when any Event of the network lists it."""
    if a.kind == b.kind:
        return False
    supporter = a if a.kind == tricks.SUPPORTER else b
    return any(e.lists(supporter.id) for e in self.events) or bool(_real_matches(self, a, b))


def _asks_tricks(document: dict[str, Any]) -> Callable[[Path], Any]:
    """`verify tricks` on this network, arrangement and card to add."""
    return lambda tmp_path: _tricks_json(tmp_path, document)


def _replays_a_game(tmp_path: Path) -> Any:
    """`verify whitehouse replay` of the shipped random four-player game."""
    game = Path(__file__).resolve().parents[3] / "examples" / "whitehouse" / "games" / "random-4p-seed7.json"
    result = CliRunner().invoke(cli, ["whitehouse", "replay", str(game), "--json"])
    return (result.exit_code, result.output)


#: Supporter 3 to add: E1 lists it, E2 does not, and the cell below E1 borders both.
_ENTRY_DOCUMENT = {
    "supporters": [1], "events": [{"id": "E1", "supporters": [1, 3]}, {"id": "E2", "supporters": [1]}],
    "arrangement": [_e("E1", 0, 0), _s(1, 0, 1), _e("E2", 1, 1)],
    "add": {"supporter": 3},
}

PLANTED: dict[str, tuple[Any, str, Callable[..., Any], Callable[[Path], Any]]] = {
    "LN-0": (tricks, "pieces", _pieces_with_corners, _asks_tricks({
        "supporters": [1], "events": [{"id": "E1", "supporters": [1]}],
        "arrangement": [_s(1, 0, 0), _e("E1", 1, 1)]})),
    "LN-1": (tricks, "borders", _borders_with_corners, _asks_tricks({
        "supporters": [1], "events": [{"id": "E1", "supporters": [1]}],
        "arrangement": [_s(1, 0, 0), _e("E1", 1, 1)]})),
    "LN-2": (tricks, "borders", _borders_wrapping, _asks_tricks({
        "supporters": [1, 2, 3], "events": [{"id": "E1", "supporters": [1]}],
        "arrangement": [_s(1, 0, 0), _s(2, 0, 1), _s(3, 0, 2), _e("E1", 0, 3)]})),
    "LN-3": (tricks, "tricks_total", _tricks_twice, _asks_tricks({
        "supporters": [1], "events": [{"id": "E1", "supporters": [1]}],
        "arrangement": [_s(1, 0, 0), _e("E1", 0, 1)]})),
    "LN-4": (tricks, "may_enter", _enters_beside_any_match, _asks_tricks(_ENTRY_DOCUMENT)),
    "LN-5": (tricks, "neighbours", _neighbours_without_below, _asks_tricks(_ENTRY_DOCUMENT)),
    "LN-6": (lock, "_fits", _fits_anywhere, _replays_a_game),
    "LN-7": (tricks.Network, "matches", _matches_any_listing, _asks_tricks({
        "supporters": [1], "events": [{"id": "E1", "supporters": [1]}, {"id": "E2", "supporters": []}],
        "arrangement": [_e("E1", 0, 0), _s(1, 0, 1), _e("E2", 0, 2)]})),
}


def test_every_invariant_has_a_planted_bug() -> None:
    assert set(PLANTED) == set(BY_ID)


@pytest.mark.parametrize("invariant_id", sorted(PLANTED))
def test_a_bug_in_the_engine_alone_breaks_its_invariant_and_the_answer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, invariant_id: str
) -> None:
    module, function, bug, ask = PLANTED[invariant_id]
    assert isinstance(_run(invariant_id), Proved)
    before = ask(tmp_path)
    monkeypatch.setattr(module, function, bug)
    result = _run(invariant_id)
    assert isinstance(result, Violated), f"{invariant_id} with {bug.__doc__}: {result}"
    assert result.counterexample.engine_agrees, result.counterexample.engine
    assert result.counterexample.drawing
    after = ask(tmp_path)
    assert after != before, f"{ask.__doc__ or 'verify tricks'} does not see {bug.__doc__}"


# --- the list itself -----------------------------------------------------------------------------


def test_no_invariant_argues_by_a_second_encoding() -> None:
    assert network_invariants.INVARIANTS
    for inv in network_invariants.INVARIANTS:
        assert inv.argument in ("single-source", "exhaustive"), inv.id
        assert inv.rulebook and inv.domain and inv.covers, inv.id


@pytest.mark.parametrize("options", [{}, {"connected": False}, {"every_card_matched": True}],
                         ids=["defaults", "connected=false", "every_card_matched=true"])
def test_every_invariant_is_proved_under_the_locked_network_options(options: dict[str, Any]) -> None:
    for invariant_id in BY_ID:
        result = _run(invariant_id, options)
        assert isinstance(result, Proved), f"{invariant_id} under {options}: {result}"


def test_the_rulebook_entry_sentence_alone_gives_the_rulebook_example() -> None:
    # The rulebook's grid: S1 with E1 above and E2 to its right; S2 may enter right of or below
    # E2, not on top of it (between E1 and E2).
    layout = network_invariants.Layout([(1, 0), (0, 0), (1, 1), (9, 9)], [True, False, False, True],
                                       {(0, 1), (0, 2), (2, 3)})
    placed = {(1, 0): 0, (0, 0): 1, (1, 1): 2}
    allowed = network_invariants.rulebook_entries(layout, placed, 3, tricks.TricksRules())
    assert {(1, 2), (2, 1)} <= allowed and (0, 1) not in allowed
    network = layout.network()
    entries = tricks.entry_cells(network, layout.arrangement(3), layout.refs()[3])
    assert {(e.row, e.col) for e in entries} == allowed
