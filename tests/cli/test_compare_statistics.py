"""`verify compare`'s statistics: Student's t intervals (honest for a few games), the count of
seeds whose value changed, at least 2 games, and a warning when A and B are the same."""

from __future__ import annotations

import json
import math
import random
import statistics

import pytest
from click.testing import CliRunner

from checks.compare import incomplete_beta, paired, t_cdf, t_quantile
from cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args), prog_name="verify")


@pytest.mark.parametrize(("p", "df", "expected"), [
    (0.975, 1, 12.706204736),
    (0.975, 2, 4.302652730),
    (0.975, 4, 2.776445105),
    (0.975, 9, 2.262157163),
    (0.975, 29, 2.045229642),
    (0.975, 199, 1.971956544),
    (0.995, 10, 3.169272673),
    (0.95, 5, 2.015048373),
    (0.9, 30, 1.310415025),
    (0.999, 1, 318.308838986),
    (0.75, 3, 0.764892328),
])
def test_t_quantile_matches_the_tables(p, df, expected):
    assert t_quantile(p, df) == pytest.approx(expected, rel=1e-8)
    assert t_quantile(1 - p, df) == pytest.approx(-expected, rel=1e-8)


def test_t_quantile_tends_to_the_normal_one():
    assert t_quantile(0.975, 10**7) == pytest.approx(1.959963985, rel=1e-6)
    assert t_quantile(0.5, 3) == 0.0


def test_t_cdf_and_the_incomplete_beta():
    assert t_cdf(0.0, 7) == pytest.approx(0.5)
    assert t_cdf(1.0, 1) == pytest.approx(0.75)  # Cauchy: 1/2 + atan(1)/pi
    assert incomplete_beta(2, 3, 0.4) == pytest.approx(0.5248)  # a polynomial: 6x^2 - 8x^3 + 3x^4
    assert incomplete_beta(1, 1, 0.3) == pytest.approx(0.3)
    for bad in [(0.0, 3), (1.0, 3), (0.5, 0)]:
        with pytest.raises(ValueError):
            t_quantile(*bad)


def test_the_interval_covers_95_percent_at_5_games():
    """Normal differences, 5 games: the t interval covers the true mean about 95% of the time
    (the normal quantile's covered 88%)."""
    rng = random.Random(0)
    trials, covered = 4000, 0
    for _ in range(trials):
        b = [rng.gauss(0.3, 1.0) for _ in range(5)]
        s = paired("x", [0.0] * 5, b)
        covered += s.low <= 0.3 <= s.high
    assert 0.935 <= covered / trials <= 0.965


def test_paired_uses_n_minus_1_degrees_of_freedom():
    a, b = [0.0] * 5, [1.0, 2.0, 0.0, 3.0, 1.5]
    s = paired("x", a, b)
    half = t_quantile(0.975, 4) * statistics.stdev(b) / math.sqrt(5)
    assert (s.low, s.high) == pytest.approx((statistics.fmean(b) - half, statistics.fmean(b) + half))
    with pytest.raises(ValueError):
        paired("x", [1.0], [2.0])


def test_seeds_changed_counts_a_rare_effect():
    a = [0.0] * 200
    b = [0.0] * 197 + [1.0] * 3
    s = paired("first player wins", a, b)
    assert s.changed == 3
    assert s.low < 0 < s.high, "the interval alone covers 0"


def test_compare_shows_seeds_changed():
    result = run("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "20")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = next(line for line in lines if "B - A [95% CI]" in line)
    assert header.endswith("seeds changed")
    rows = lines[lines.index(header) + 1:]
    assert rows and all(row.rstrip().endswith(" of 20") for row in rows)
    data = json.loads(run("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner",
                          "--games", "20", "--json").stdout)
    assert all(isinstance(s["changed"], int) and 0 <= s["changed"] <= 20 for s in data["simulation"]["statistics"])


def test_one_game_is_refused():
    result = run("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "1")
    assert result.exit_code == 2
    assert result.stderr == "verify: --games: a confidence interval needs at least 2 games (0: no random games)\n"
    assert result.stdout == ""


def test_no_games_is_still_allowed():
    result = run("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "0")
    assert result.exit_code == 0 and "Random games" not in result.stdout


def test_a_setting_compared_with_itself_is_warned_about():
    result = run("compare", "--rule", "final_tie=shared", "--rule", "final_tie=shared", "--games", "0")
    assert result.exit_code == 0
    assert result.stderr == ("verify: warning: A and B are the same setting (final_tie=shared): "
                             "nothing can change\n")
    assert "Rulings whose outcome changes: 0 of" in result.stdout
    differ = run("compare", "--rule", "final_tie=shared", "--rule", "final_tie=no_winner", "--games", "0")
    assert differ.stderr == ""
