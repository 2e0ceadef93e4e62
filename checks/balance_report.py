"""The balance report as text and as JSON (the schema is
``model/common/data/output/balance.schema.json``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from checks import registry
from checks.balance import Balance, Estimate, Table, never_bound

#: The width of the rule table's figures: a count with its interval, "659.15 [621.19, 697.11]".
COLUMN = 24


def percent(value: Estimate) -> str:
    return f"{100 * value.mean:5.1f}% [{100 * value.low:.1f}, {100 * value.high:.1f}]"


def number(value: Estimate) -> str:
    return f"{value.mean:.2f} [{value.low:.2f}, {value.high:.2f}]"


def _setting(setting: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in setting.items()) or "the defaults"


def table_lines(found: Table) -> list[str]:
    """One setting and one kind of player."""
    lines = [f"{found.player} player, {_setting(dict(found.setting))}: {found.games} games"]
    lines.append("  wins by seat    " + "   ".join(f"seat {i + 1} {percent(s)}" for i, s in enumerate(found.seats)))
    if found.first_player is not None:
        lines.append(f"  first player    {percent(found.first_player)}")
    lines.append(f"  shared wins     {percent(found.shared)}   no winner {percent(found.no_winner)}")
    lines.append(f"  turn limit      {percent(found.turn_limit)}   stalled {percent(found.stalled)}")
    q = found.lengths.quantiles
    lines.append(f"  turns per game  {number(found.lengths.turns)}   min {q[0]:g}, 10% {q[1]:g}, median {q[2]:g}, "
                 f"90% {q[3]:g}, max {q[4]:g}")
    lines.append(f"  moves per game  {number(found.lengths.moves)}")
    width = max(len(u.rule) for u in found.rules)
    lines.append(f"  {'rule':<{width}}  {'games used':>11}  {'fires per game':<{COLUMN}}  "
                 f"{'refusals per game':<{COLUMN}}  decided")
    for use in found.rules:
        if use.games == 0:
            continue
        decided = percent(use.decided) if use.decided.mean else "-"
        refused = number(use.refused) if use.refused.mean else "-"
        lines.append(f"  {use.rule:<{width}}  {use.games:>5}/{found.games:<5}  {number(use.per_game):<{COLUMN}}  "
                     f"{refused:<{COLUMN}}  {decided}")
    for name, share in found.other_decisions:
        lines.append(f"  decided by {name}: {percent(share)}")
    if found.never_fired:
        lines.append(f"  never mattered in play (fired or refused in none of {found.games} games, so in at most "
                     f"{100 * never_bound(found.games):.1f}% of games at 95%): {', '.join(found.never_fired)}")
    return lines


def text(report: Balance) -> str:
    """The whole report as text."""
    title = registry.entry(report.game).title
    lines = [f"Balance of {title}: {report.games} games per table from seed {report.seed}, "
             f"{report.players} players (95% intervals)"]
    for found in report.tables:
        lines += [""] + table_lines(found)
    for change in report.differences:
        lines += ["", f"{change.option}: {change.a} -> {change.b}, {change.player} player, paired on the same seeds "
                      "(B - A, 95% interval; only what changed)"]
        for stat in change.statistics:
            if stat.changed:
                lines.append(f"  {stat.name:<34} {stat.mean_a:8.3f} -> {stat.mean_b:8.3f}   "
                             f"{stat.difference:+.3f} [{stat.low:+.3f}, {stat.high:+.3f}]")
    return "\n".join(lines) + "\n"


def to_json(report: Balance) -> dict[str, Any]:
    """The whole report as JSON: the dataclasses as objects, the histogram's bins as objects."""
    found = asdict(report)
    found["rules"] = dict(report.rules)
    for index, one in enumerate(report.tables):
        found["tables"][index]["never_fired_bound"] = never_bound(one.games)
        found["tables"][index]["other_decisions"] = [{"decision": name, "share": asdict(share)}
                                                     for name, share in one.other_decisions]
    return found
