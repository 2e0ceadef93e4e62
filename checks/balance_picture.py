"""The balance report as one SVG: for each setting and kind of player, the seats' win shares
with their intervals, the distribution of game lengths, and how often each rule fired (the rules
that never fired marked so)."""

from __future__ import annotations

from checks import registry
from checks.balance import Balance, Estimate, Table
from model.common import svg

WIDTH = 640
#: The left column of labels, and the plot area right of it.
LABEL = 190
PLOT = WIDTH - LABEL - 70
ROW = 20
HISTOGRAM = 90

STYLE = (
    ".bar{fill:#4c78a8}.never{fill:#d62728}.axis{stroke:#999;stroke-width:1}"
    ".whisker{stroke:#222;stroke-width:1.5}.hist{fill:#72b7b2}.even{stroke:#e45756;stroke-dasharray:4 3}"
)


def _bar(y: float, label: str, value: Estimate, shown: str, cls: str = "bar") -> list[str]:
    """A horizontal bar of a share (0 to 1) with its interval as a whisker."""
    x0 = LABEL
    parts = [svg.text(LABEL - 8, y + 13, svg.shorten_to_width(label, LABEL - 16, 12), "small", "end", label),
             svg.rect(x0, y + 3, max(1.0, PLOT * value.mean), ROW - 8, cls, rx=2)]
    if value.high > value.low:
        lo, hi = x0 + PLOT * value.low, x0 + PLOT * value.high
        parts += [svg.line(lo, y + ROW / 2, hi, y + ROW / 2, "whisker"),
                  svg.line(lo, y + 5, lo, y + ROW - 5, "whisker"), svg.line(hi, y + 5, hi, y + ROW - 5, "whisker")]
    parts.append(svg.text(x0 + PLOT + 8, y + 13, shown, "small"))
    return parts


def used_share(share: Estimate) -> str:
    """The share of games a rule was used in, to the percent, or to a tenth below 1% (a rule
    used in 1 game of 200 is not "0%", beside the rules that never were)."""
    return f"{100 * share.mean:.0f}%" if share.mean >= 0.01 else f"{100 * share.mean:.1f}%"


def _table(found: Table, y: float) -> tuple[list[str], float]:
    setting = ", ".join(f"{k}={v}" for k, v in found.setting.items()) or "default rules"
    parts = [svg.text(10, y + 18, f"{found.player} player, {setting}: {found.games} games", "h2")]
    y += 30
    parts.append(svg.text(10, y + 14, "Wins by seat (95% interval)", "body bold"))
    y += 22
    even = LABEL + PLOT / len(found.seats)
    top = y
    for seat, value in enumerate(found.seats):
        parts += _bar(y, f"seat {seat + 1}", value, f"{100 * value.mean:.1f}%")
        y += ROW
    parts.append(svg.line(even, top, even, y, "even"))
    y += 10
    parts.append(svg.text(10, y + 14, "Turns per game", "body bold"))
    y += 22
    bins = found.lengths.histogram
    most = max(b.games for b in bins)
    step = PLOT / len(bins)
    for index, b in enumerate(bins):
        height = HISTOGRAM * b.games / most
        parts.append(svg.group([svg.rect(LABEL + index * step + 1, y + HISTOGRAM - height, step - 2, height, "hist",
                                         rx=1)], title=f"{b.low}-{b.high} turns: {b.games} games"))
    parts.append(svg.line(LABEL, y + HISTOGRAM, LABEL + PLOT, y + HISTOGRAM, "axis"))
    parts.append(svg.text(LABEL, y + HISTOGRAM + 14, str(bins[0].low), "small"))
    parts.append(svg.text(LABEL + PLOT, y + HISTOGRAM + 14, str(bins[-1].high), "small", "end"))
    parts.append(svg.text(LABEL - 8, y + 14, f"{most} games", "small muted", "end"))
    y += HISTOGRAM + 26
    parts.append(svg.text(10, y + 14, "Games in which each rule fired or refused a move", "body bold"))
    y += 22
    for use in found.rules:
        never = use.games == 0
        parts += _bar(y, use.rule, use.share, "never" if never else used_share(use.share),
                      "never" if never else "bar")
        y += ROW
    return parts, y + 16


def picture(report: Balance) -> str:
    """The whole report as an SVG document."""
    title = f"Balance of {registry.entry(report.game).title}"
    parts = [svg.text(10, 24, title, "h1"),
             svg.text(10, 44, f"{report.games} games per table from seed {report.seed}, {report.players} players",
                      "small muted")]
    y = 56.0
    for found in report.tables:
        drawn, y = _table(found, y)
        parts += drawn
    desc = (f"{title}: each seat's share of the wins with its 95% interval, the distribution of turns per game, "
            "and the share of games in which each rule fired, for each setting and kind of player.")
    return svg.document(title, desc, WIDTH, y, parts, STYLE)
