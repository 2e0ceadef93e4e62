"""The option matrix: every invariant and every designer question under every value of every rule
option of its game, against a recorded expectation.

A rule clarification's effect on the invariants is a regression check of its own: each game
records, in ``checks/<game>/expected_matrix.json``, what its invariants and questions give under
the default options and every cell where one option value changes that, with a one-line reason.
Cells not listed are expected to equal the defaults' row. The matrix passes when every cell it
runs equals the record.

Record format::

    {"invariants": {"defaults": {"SO-5": "proved", ...},
                    "changes": [{"option": "final_tie", "value": "no_winner", "id": "SO-5",
                                 "status": "violated", "reason": "..."}]},
     "questions":  {"defaults": {...}, "changes": [...]}}

Rows are the defaults, then each option with each of its other values, every other option at
its default (one change at a time, as ``compare`` does).

Rulings (``verify rulings --all-options``): each ruling's cell is ``pass`` when its expected
outcome holds with the row's option over the ruling's own, ``fail`` when not. A ruling's outcome
is recorded for the option values it states, so the rows of an option it states are not run for
it (its sibling rulings state the other values), nor the rows of an option its situation does not
take (stating the option's default fails it: a Socks score file takes only the scoring options);
every other cell is expected to pass unless the record lists it, with the reason the outcome
changes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from checks import registry
from checks.invariants import run_checks
from checks.questions import all_questions, answer
from checks.result import Violated
from model.common.errors import InputError
from model.common.jsonio import load_json

Kind = Literal["invariants", "questions", "rulings"]
KINDS: tuple[Kind, ...] = ("invariants", "questions", "rulings")
#: What a cell shows as the outcome of an item.
Status = str


@dataclass(frozen=True)
class Row:
    """One setting of the options: the defaults (``option`` None) or one option changed."""

    game: str
    #: The option changed, None for the defaults.
    option: str | None
    #: Its value (None for the defaults).
    value: Any

    @property
    def label(self) -> str:
        if self.option is None:
            return "defaults"
        shown = ("true" if self.value else "false") if isinstance(self.value, bool) else str(self.value)
        return f"{self.option}={shown}"


@dataclass(frozen=True)
class Cell:
    """One invariant or question under one row."""

    row: Row
    #: The invariant's or question's ID.
    id: str
    #: What it gave: proved / violated / unknown, or yes / no / none_found / undecided.
    status: Status
    #: What the record expects.
    expected: Status
    #: The record's one-line reason for a cell that differs from the defaults ("" otherwise).
    reason: str
    #: One line on what was found (the counterexample's or witness's replay), "" if nothing.
    found: str
    seconds: float

    @property
    def matches(self) -> bool:
        return self.status == self.expected

    @property
    def undecided(self) -> bool:
        return self.status in ("unknown", "undecided")


@dataclass(frozen=True)
class Record:
    """What a game's matrix is expected to show."""

    defaults: Mapping[str, Status]
    #: (option, value, id) -> (status, reason)
    changes: Mapping[tuple[str, str, str], tuple[Status, str]]
    #: What an item the defaults do not list is expected to give (rulings: ``pass``).
    fallback: Status = "not recorded"

    def expected(self, row: Row, item: str) -> tuple[Status, str]:
        if row.option is not None:
            found = self.changes.get((row.option, _key(row.value), item))
            if found is not None:
                return found
        return self.defaults.get(item, self.fallback), ""


def _key(value: Any) -> str:
    return json.dumps(value)


def rows(game: str, options: Sequence[str] | None = None) -> list[Row]:
    """The defaults, then every other value of every option of ``game`` (or of those named)."""
    out = [Row(game, None, None)]
    for option in registry.options(game):
        if options is None or option.name in options:
            out += [Row(game, option.name, value) for value in option.alternatives]
    return out


def record_path(game: str) -> Any:
    """The shipped record of ``game`` (a resource of the installed ``checks.<game>`` package)."""
    return resources.files(f"checks.{game}").joinpath("expected_matrix.json")


def load_record(game: str, kind: Kind, source: Any = None) -> Record:
    """The record of ``game``'s ``kind`` cells, from ``source`` (a path) or the shipped one."""
    where = str(source) if source is not None else f"checks/{game}/expected_matrix.json"
    if source is not None:
        # A record the user names is an input file like any other: read as every input is.
        document = load_json(str(source))
    else:
        try:
            document = json.loads(record_path(game).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return Record({}, {}, _fallback(kind))
        except (OSError, ValueError) as error:
            raise InputError(where, "", f"cannot read the record: {error}") from None
    part = document.get(kind, {}) if isinstance(document, dict) else None
    if not isinstance(part, dict):
        raise InputError(where, kind, "expected an object")
    defaults = part.get("defaults", {})
    changes: dict[tuple[str, str, str], tuple[Status, str]] = {}
    for index, change in enumerate(part.get("changes", [])):
        try:
            changes[(change["option"], _key(change["value"]), change["id"])] = (change["status"], change["reason"])
        except (KeyError, TypeError):
            raise InputError(where, f"{kind}.changes[{index}]",
                             "each change needs option, value, id, status and reason") from None
    return Record(defaults, changes, _fallback(kind))


def _fallback(kind: Kind) -> Status:
    """A ruling passes unless the record says otherwise; an invariant or question must be listed."""
    return "pass" if kind == "rulings" else "not recorded"


def _ruling_cells(row: Row, time_limit: float) -> Iterator[tuple[str, Status, str, float]]:
    from checks import rulings

    default = None if row.option is None else registry.option(row.game, row.option).default
    for ruling in rulings.load(row.game):
        if row.option is not None and row.option in ruling.get("rules", {}):
            continue  # its outcome is recorded for the value it states
        stated_default = None if row.option is None else rulings.with_rules(ruling, {row.option: default})
        if stated_default is not None and not rulings.run_one(row.game, stated_default).passed:
            continue  # the option is not one its situation takes (a score file takes only scoring options)
        changed = ruling if row.option is None else rulings.with_rules(ruling, {row.option: row.value})
        started = time.perf_counter()
        result = rulings.run_one(row.game, changed)
        yield (ruling["name"], "pass" if result.passed else "fail", "; ".join(result.differences),
               time.perf_counter() - started)


def _invariant_cells(row: Row, time_limit: float) -> Iterator[tuple[str, Status, str, float]]:
    rules = registry.rules(row.game, {} if row.option is None else {row.option: row.value})
    for checked in run_checks({row.game: rules}, row.game, time_limit):
        result = checked.result
        found = ""
        if isinstance(result, Violated):
            found = result.counterexample.engine
        elif result.status == "unknown":
            found = getattr(result, "reason", "")
        yield checked.invariant.id, result.status, found, result.seconds


def _question_cells(row: Row, time_limit: float) -> Iterator[tuple[str, Status, str, float]]:
    rules = registry.rules(row.game, {} if row.option is None else {row.option: row.value})
    for question in all_questions():
        if question.game != row.game:
            continue
        got = answer(question, rules, time_limit)
        found = getattr(got, "witness", None)
        line = found.replay if found is not None else getattr(got, "proof", "") or getattr(got, "bound", "") \
            or getattr(got, "reason", "")
        yield question.id, got.status, line, got.seconds


def _row_cells(kind: Kind, row: Row, time_limit: float) -> list[tuple[str, Status, str, float]]:
    """Every cell of one row (a worker's job)."""
    cells_of = {"invariants": _invariant_cells, "questions": _question_cells, "rulings": _ruling_cells}[kind]
    return list(cells_of(row, time_limit))


def run_matrix(
    kind: Kind,
    games: Sequence[str],
    time_limit: float,
    records: Mapping[str, Record] | None = None,
    options: Sequence[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> list[Cell]:
    """Every cell of ``kind`` for ``games``, each compared with its game's record. With
    ``workers`` > 1 the rows run in that many processes (each row is independent; the cells come
    back in row order whatever finishes first)."""
    chosen = [row for game in games for row in rows(game, options)]
    if progress is not None:
        progress(0, len(chosen))
    found: list[list[tuple[str, Status, str, float]]] = []
    if workers <= 1:
        for done, row in enumerate(chosen, start=1):
            found.append(_row_cells(kind, row, time_limit))
            if progress is not None:
                progress(done, len(chosen))
    else:
        from concurrent.futures import ProcessPoolExecutor

        from checks.compare import _ignore_interrupts, _result, _stop

        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
        try:
            futures = [pool.submit(_row_cells, kind, row, time_limit) for row in chosen]
            for done, future in enumerate(futures, start=1):
                found.append(_result(future))
                if progress is not None:
                    progress(done, len(chosen))
        except BaseException:  # an interrupt or a failed row: the rest is not waited for
            _stop(pool)
            raise
        pool.shutdown()
    out: list[Cell] = []
    for row, cells in zip(chosen, found, strict=True):
        record = (records or {}).get(row.game) or load_record(row.game, kind)
        for item, status, line, seconds in cells:
            expected, reason = record.expected(row, item)
            out.append(Cell(row, item, status, expected, reason, line, seconds))
    return out


def summary(cells: Sequence[Cell]) -> dict[str, int]:
    return {"cells": len(cells), "as_recorded": sum(c.matches for c in cells),
            "differ": sum(not c.matches and not c.undecided for c in cells),
            "undecided": sum(not c.matches and c.undecided for c in cells)}


def as_record(cells: Sequence[Cell], kind: Kind, earlier: Mapping[str, Record] | None = None) -> dict[str, Any]:
    """The record these cells make (per game), keeping the reasons of ``earlier`` records where
    a change is the same; a new change's reason is left for a person to write."""
    out: dict[str, Any] = {}
    for game in dict.fromkeys(c.row.game for c in cells):
        mine = [c for c in cells if c.row.game == game]
        defaults = {c.id: c.status for c in mine if c.row.option is None}
        if kind == "rulings":  # every ruling passes under the options it states
            defaults = {item: status for item, status in defaults.items() if status != "pass"}
        changes = []
        old = (earlier or {}).get(game)
        for c in mine:
            if c.row.option is None or c.status == defaults.get(c.id, _fallback(kind)):
                continue
            reason = ""
            if old is not None:
                status, said = old.changes.get((c.row.option, _key(c.row.value), c.id), ("", ""))
                reason = said if status == c.status else ""
            changes.append({"option": c.row.option, "value": c.row.value, "id": c.id, "status": c.status,
                            "reason": reason or "TO BE EXPLAINED"})
        out[game] = {kind: {"defaults": defaults, "changes": changes}}
    return out
