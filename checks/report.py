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
