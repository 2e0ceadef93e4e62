"""How `verify checks`, `options`, `rulings` and `compare` show their answers: pure functions
from results to text or to one JSON object."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from checks.invariants import Checked
from checks.result import Unknown, Violated, result_json
from model.common.options import RuleOption


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _indent(text: str, by: str = "    ") -> str:
    return textwrap.indent(text, by)


# --- checks -------------------------------------------------------------------------------------


def summary(checked: Sequence[Checked]) -> dict[str, int]:
    out = {"proved": 0, "violated": 0, "unknown": 0}
    for item in checked:
        out[item.result.status] += 1
    return out


def checks_text(checked: Sequence[Checked], show_times: bool = True) -> str:
    """A table of invariant x result (with time), then each counterexample drawn."""
    lines = [f"{'ID':<6} {'game':<11} {'result':<9} {'time':>7}  invariant"]
    for item in checked:
        inv, result = item.invariant, item.result
        seconds = f"{result.seconds:.2f}s" if show_times else ""
        lines.append(f"{inv.id:<6} {inv.game:<11} {result.status:<9} {seconds:>7}  {inv.title}")
    for item in checked:
        inv, result = item.invariant, item.result
        if isinstance(result, Violated):
            cex = result.counterexample
            agree = "the engine agrees" if cex.engine_agrees else "THE ENGINE DISAGREES with the Z3 encoding"
            lines += ["", f"{inv.id} violated: {inv.title}",
                      f"  rulebook: \"{inv.rulebook}\"", f"  domain: {inv.domain} ({inv.argument})",
                      "  counterexample:", _indent(cex.drawing),
                      f"  replayed: {cex.engine} ({agree})"]
        elif isinstance(result, Unknown):
            lines += ["", f"{inv.id} unknown: {result.reason}"]
    counts = summary(checked)
    total = sum(item.result.seconds for item in checked)
    noun = "invariant" if len(checked) == 1 else "invariants"
    lines += ["", f"{len(checked)} {noun}: {counts['proved']} proved, {counts['violated']} violated, "
                  f"{counts['unknown']} unknown" + (f" ({total:.1f} s)" if show_times else "")]
    return "\n".join(lines)


def checks_json(checked: Sequence[Checked], rules_by_game: dict[str, Any]) -> dict[str, Any]:
    return {
        "rules": {game: _rules_dict(rules) for game, rules in rules_by_game.items()},
        "invariants": [
            {"id": i.invariant.id, "game": i.invariant.game, "title": i.invariant.title,
             "rulebook": i.invariant.rulebook, "domain": i.invariant.domain,
             "argument": i.invariant.argument, "covers": list(i.invariant.covers), "result": result_json(i.result)}
            for i in checked
        ],
        "summary": summary(checked),
    }


def _rules_dict(rules: Any) -> dict[str, Any]:
    flat = asdict(rules)
    nested = flat.pop("tricks", None)
    return {**(nested or {}), **flat}


# --- options --------------------------------------------------------------------------------------


def options_text(options: Sequence[RuleOption]) -> str:
    blocks = []
    for option in options:
        meaning = dict(option.values)
        lines = [f"{option.game} {option.name}",
                 f"  question:  {option.question}",
                 f"  rulebook:  \"{option.rulebook}\"",
                 f"  default:   {_value(option.default)} ({meaning[option.default]})"]
        for value in option.alternatives:
            lines.append(f"  or:        {_value(value)} ({meaning[value]})")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + f"\n\n{len(options)} rule options"


# --- rulings ----------------------------------------------------------------------------------------


def rulings_text(results: Sequence[Any]) -> str:
    lines = []
    for result in results:
        lines.append(f"{'pass' if result.passed else 'FAIL'}  {result.game:<11} {result.name}")
        for difference in result.differences:
            lines.append(f"      {difference}")
    passed = sum(1 for r in results if r.passed)
    lines.append(f"\n{len(results)} rulings: {passed} passed, {len(results) - passed} failed")
    return "\n".join(lines)


def rulings_json(results: Sequence[Any]) -> dict[str, Any]:
    passed = sum(1 for r in results if r.passed)
    return {"rulings": [asdict(r) | {"differences": list(r.differences)} for r in results],
            "summary": {"passed": passed, "failed": len(results) - passed}}


# --- compare ----------------------------------------------------------------------------------------


def compare_text(comparison: Any) -> str:
    c = comparison
    a, b = f"{c.option}={_value(c.a)}", f"{c.option}={_value(c.b)}"
    lines = [f"{c.game}: A = {a}, B = {b}", "",
             f"Rulings whose outcome changes: {len(c.rulings)} of {c.rulings_total}"]
    for change in c.rulings:
        lines.append(f"  {change.name}")
        lines += [f"    {line}" for line in change.changes]
    lines += ["", f"Invariants whose result changes: {len(c.invariants)} of {c.invariants_total}"]
    lines += [f"  {i.id} {i.title}: {i.a} -> {i.b}" for i in c.invariants]
    sim = c.simulation
    if sim is not None:
        lines.append("")
        if sim.unavailable:
            lines.append(f"Random games: none ({sim.unavailable})")
        else:
            lines.append(f"Random games: {sim.games} seeds from {sim.seed}, {sim.players} players, "
                         "both settings on each seed (paired)")
            shown = [(s, f"{s.difference:+.3f} [{s.low:+.3f}, {s.high:+.3f}]") for s in sim.statistics]
            width = max([len("B - A [95% CI]")] + [len(interval) for _, interval in shown])
            lines.append(f"  {'statistic':<24} {'A':>9} {'B':>9}   {'B - A [95% CI]':<{width}}   seeds changed")
            for s, interval in shown:
                lines.append(f"  {s.name:<24} {s.mean_a:>9.3f} {s.mean_b:>9.3f}   {interval:<{width}}   "
                             f"{s.changed} of {sim.games}")
    return "\n".join(lines)


def compare_warnings(comparison: Any) -> list[str]:
    """What the person comparing should know before reading the answer."""
    c = comparison
    if c.a == c.b:
        return [f"A and B are the same setting ({c.option}={_value(c.a)}): nothing can change"]
    return []


def compare_json(comparison: Any) -> dict[str, Any]:
    out = asdict(comparison)
    out["rulings"] = [asdict(r) | {"changes": list(r.changes)} for r in comparison.rulings]
    # The rules in force under A and under B: every other option at its default.
    from checks import registry
    from model.common.options import rules_as_dict

    out["rules"] = {side: rules_as_dict(registry.rules(comparison.game, {comparison.option: value}))
                    for side, value in (("a", comparison.a), ("b", comparison.b))}
    return json.loads(json.dumps(out))


# --- the option matrix -------------------------------------------------------------------------

_LETTERS = {"proved": "P", "violated": "V", "unknown": "?", "yes": "Y", "no": "N", "none_found": "-",
            "undecided": "?"}
_LEGEND = {"invariants": "P proved, V violated, ? unknown",
           "questions": "Y yes, N no, - none found, ? undecided"}


def matrix_text(cells: Sequence[Any], kind: str) -> str:
    """Per game: a table of setting x item (one letter a cell), then every cell that differs
    from the defaults' row or from the record, with its reason and what was found."""
    lines: list[str] = []
    for game in dict.fromkeys(c.row.game for c in cells):
        mine = [c for c in cells if c.row.game == game]
        items = list(dict.fromkeys(c.id for c in mine))
        labels = list(dict.fromkeys(c.row.label for c in mine))
        width = max(len(label) for label in labels)
        col = max(len(item) for item in items) + 1
        by = {(c.row.label, c.id): c for c in mine}
        defaults = {c.id: c.status for c in mine if c.row.option is None}
        if lines:
            lines.append("")
        lines.append(f"{game} {kind} under every option value ({len(labels) - 1} settings besides the defaults)")
        if kind == "rulings":  # too many, and too long, for a column each: one line a setting
            for label in labels:
                row_cells = [c for c in mine if c.row.label == label]
                failed = sum(c.status == "fail" for c in row_cells)
                wrong = sum(not c.matches for c in row_cells)
                lines.append(f"{label:<{width}}  {len(row_cells)} rulings, {failed} fail"
                             + (f", {wrong} NOT AS RECORDED" if wrong else ""))
            items = []
        else:
            lines.append(f"{'':<{width}}  " + "".join(f"{item:<{col}}" for item in items).rstrip())
        for label in labels if items else ():
            row = ""
            for item in items:
                cell = by.get((label, item))
                if cell is None:
                    row += f"{'':<{col}}"
                    continue
                mark = "!" if not cell.matches else "*" if cell.status != defaults.get(item) else ""
                row += f"{_LETTERS.get(cell.status, cell.status) + mark:<{col}}"
            lines.append(f"{label:<{width}}  {row.rstrip()}")
        if kind == "rulings":
            lines.append("each fail is listed below, with the record's reason when it is recorded")
        else:
            lines.append(f"{_LEGEND[kind]}; * differs from the defaults, as recorded; ! not as recorded")
        for cell in mine:
            if cell.matches and (cell.row.option is None or cell.status == defaults.get(cell.id)):
                continue
            said = (f"recorded: {cell.reason}" if cell.matches and cell.reason
                    else f"NOT AS RECORDED: expected {cell.expected}")
            lines += ["", f"{cell.id} under {cell.row.label}: {cell.status} ({said})"]
            if cell.found:
                lines.append(_indent(textwrap.fill(cell.found, 96, subsequent_indent="  "), "  "))
    from checks.matrix import summary as matrix_summary

    counts = matrix_summary(cells)
    total = sum(c.seconds for c in cells)
    lines += ["", f"{counts['cells']} cells: {counts['as_recorded']} as recorded, {counts['differ']} differ, "
                  f"{counts['undecided']} undecided ({total:.1f} s)"]
    return "\n".join(lines)


def matrix_json(cells: Sequence[Any], kind: str, games: Sequence[str]) -> dict[str, Any]:
    """The matrix as one JSON object: the default rules of each game (every row changes one
    option of them), and every cell with what the record expects."""
    from checks import registry
    from checks.matrix import summary as matrix_summary

    return {
        "rules": {game: _rules_dict(registry.rules(game)) for game in games},
        "matrix": {
            "kind": kind,
            "cells": [{"game": c.row.game, "option": c.row.option, "value": c.row.value, "id": c.id,
                       "status": c.status, "expected": c.expected, "matches": c.matches, "reason": c.reason,
                       "found": c.found, "seconds": round(c.seconds, 3)} for c in cells],
            "summary": matrix_summary(cells),
        },
    }


# --- designer questions -----------------------------------------------------------------------


def questions_text(answered: Sequence[Any], show_times: bool = True) -> str:
    """A table of question x answer, then each answer in full: the witness drawn and replayed,
    the proof, or the bound searched."""
    from checks.questions import No, NoneFound, Yes

    lines = [f"{'ID':<7} {'game':<11} {'answer':<11} {'time':>7}  question"]
    for item in answered:
        q, a = item.question, item.answer
        seconds = f"{a.seconds:.2f}s" if show_times else ""
        lines.append(f"{q.id:<7} {q.game:<11} {a.status.replace('_', ' '):<11} {seconds:>7}  {q.asks}")
    for item in answered:
        q, a = item.question, item.answer
        lines += ["", f"{q.id} {q.asks}", f"  rulebook: \"{q.rulebook}\"", f"  method: {q.method}"]
        if isinstance(a, Yes):
            agree = "the engine agrees" if a.witness.engine_agrees else "THE ENGINE DISAGREES with the search"
            lines += ["  yes: witness", _indent(a.witness.drawing), f"  replayed: {a.witness.replay} ({agree})"]
        elif isinstance(a, No):
            lines.append(f"  no: {a.proof}")
        elif isinstance(a, NoneFound):
            lines.append(f"  none found: {a.bound}")
        else:
            lines.append(f"  undecided: {a.reason}")
    counts = questions_summary(answered)
    lines += ["", f"{len(answered)} questions: " + ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in counts.items())]
    return "\n".join(lines)


def questions_summary(answered: Sequence[Any]) -> dict[str, int]:
    out = {"yes": 0, "no": 0, "none_found": 0, "undecided": 0}
    for item in answered:
        out[item.answer.status] += 1
    return out


def questions_json(answered: Sequence[Any], rules_by_game: dict[str, Any]) -> dict[str, Any]:
    from checks.questions import answer_json

    return {
        "rules": {game: _rules_dict(rules) for game, rules in rules_by_game.items()},
        "questions": [{"id": i.question.id, "game": i.question.game, "asks": i.question.asks,
                       "rulebook": i.question.rulebook, "method": i.question.method,
                       "answer": answer_json(i.answer)} for i in answered],
        "summary": questions_summary(answered),
    }
