"""What a clarification changes: two settings of one rule option side by side.

For option NAME set to A and to B: the rulings whose outcome changes, the invariants whose result
changes, and (for the games whose engine plays random legal games from a seed) paired statistics
of random games: both settings are played on the same seeds, so that the difference of each pair
carries the effect and small effects show. Seeds are played in chunks, on a local process pool or
on a Ray cluster; the numbers are the same whatever runs them.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from checks import registry, rulings
from checks.invariants import run_checks
from model.common.errors import InputError
from solver.seams import engine_solvers

#: Seeds per chunk of simulation work.
CHUNK = 25
#: Players at the table in simulated games.
SIM_PLAYERS = 3
#: The confidence of the intervals.
CONFIDENCE = 0.95


@dataclass(frozen=True)
class RulingChange:
    name: str
    #: The outcome under A and under B (or the error raised).
    a: Any
    b: Any
    #: The paths that differ, as ``path: A -> B``.
    changes: tuple[str, ...]


@dataclass(frozen=True)
class InvariantChange:
    id: str
    title: str
    a: str
    b: str


@dataclass(frozen=True)
class Statistic:
    """A paired statistic over the simulated games."""

    #: Its name.
    name: str
    #: The mean under A and under B.
    mean_a: float
    mean_b: float
    #: The mean of the paired differences B - A, and its 95% confidence interval (Student's t,
    #: n - 1 degrees of freedom).
    difference: float
    low: float
    high: float
    #: On how many of the seeds the two settings gave a different value.
    changed: int = 0


@dataclass(frozen=True)
class Simulation:
    games: int
    seed: int
    players: int
    statistics: tuple[Statistic, ...]
    #: Why there is no simulation (None when there is one).
    unavailable: str | None = None


@dataclass(frozen=True)
class Comparison:
    game: str
    option: str
    a: Any
    b: Any
    rulings_total: int
    rulings: tuple[RulingChange, ...]
    invariants_total: int
    invariants: tuple[InvariantChange, ...]
    simulation: Simulation | None


# --- the settings -------------------------------------------------------------------------------


def settings(flags: Sequence[str], game: str | None) -> tuple[str, str, Any, Any]:
    """From exactly two ``--rule NAME=VALUE`` flags naming the same option: (game, name, A, B)."""
    pairs = []
    for flag in flags:
        name, sep, value = flag.partition("=")
        if not sep or not name.strip():
            raise InputError("--rule", "", f"expected NAME=VALUE, got {flag!r}")
        pairs.append((name.strip(), value.strip()))
    if len(pairs) != 2 or pairs[0][0] != pairs[1][0]:
        raise InputError("--rule", "", "compare takes two --rule flags for the same option: "
                                       "--rule NAME=A --rule NAME=B")
    name = pairs[0][0]
    if game is None:
        owners = registry.games_with(name)
        if not owners:
            raise InputError("--rule", name, "no game has this rule option (see `verify options`)")
        if len(owners) > 1:
            raise InputError("--rule", name, f"the option is in several games ({', '.join(owners)}): add --game")
        game = owners[0]
    a = registry.typed(game, name, pairs[0][1])
    b = registry.typed(game, name, pairs[1][1])
    return game, name, a, b


# --- rulings and invariants ------------------------------------------------------------------------


def ruling_changes(game: str, name: str, a: Any, b: Any) -> tuple[int, list[RulingChange]]:
    found = []
    loaded = rulings.load(game)
    for ruling in loaded:
        out_a, err_a = rulings.evaluate(game, rulings.with_rules(ruling, {name: a}))
        out_b, err_b = rulings.evaluate(game, rulings.with_rules(ruling, {name: b}))
        shown_a = out_a if err_a is None else {"error": err_a}
        shown_b = out_b if err_b is None else {"error": err_b}
        if shown_a == shown_b:
            continue
        changes = tuple(line.replace(", got ", " -> ").replace(": expected ", ": ")
                        for line in rulings.differences(shown_a, shown_b))
        found.append(RulingChange(ruling["name"], shown_a, shown_b, changes))
    return len(loaded), found


def invariant_changes(game: str, name: str, a: Any, b: Any, time_limit: float) -> tuple[int, list[InvariantChange]]:
    under_a = run_checks({game: registry.rules(game, {name: a})}, game, time_limit)
    under_b = run_checks({game: registry.rules(game, {name: b})}, game, time_limit)
    changed = [InvariantChange(x.invariant.id, x.invariant.title, x.result.status, y.result.status)
               for x, y in zip(under_a, under_b, strict=False) if x.result.status != y.result.status]
    return len(under_a), changed


# --- simulation -------------------------------------------------------------------------------------

def play_chunk(game: str, rules_a: Any, rules_b: Any, seeds: Sequence[int]) -> list[tuple[tuple, tuple]]:
    """Play each seed under both settings (a worker's whole job: a pure function of its input).
    Each game's record gives its statistics by name, in the order the game lists them."""
    found = registry.entry(game)
    solvers = engine_solvers()

    def play(rules: Any, seed: int) -> tuple[float, ...]:
        record = found.random_game(seed, SIM_PLAYERS, rules, solvers)
        return tuple(record.stats[name] for name in found.statistics)

    return [(play(rules_a, seed), play(rules_b, seed)) for seed in seeds]


def _chunks(seed: int, games: int) -> list[list[int]]:
    seeds = list(range(seed, seed + games))
    return [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is for the parent, which stops the workers itself."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _result(future: Any) -> Any:
    """A future's result, waited for in short steps so that an interrupt (which Python handles
    only between steps) is not held up by the wait."""
    from concurrent.futures import TimeoutError as WaitedTooLong

    while True:
        try:
            return future.result(timeout=0.1)
        except WaitedTooLong:
            continue


def _stop(pool: Any) -> None:
    """Stop a pool at once: every worker is terminated, so nothing queued runs and nothing is
    waited for. (The pool then fails the futures left, which nobody reads; cancelling them
    first would make Python 3.11's executor fail setting an error on a cancelled future.)"""
    # ProcessPoolExecutor keeps its workers in ``_processes`` (pid -> Process); it has no public
    # way to end them before Python 3.14's terminate_workers.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=1)
        if worker.is_alive():
            worker.kill()
    pool.shutdown(wait=False)


def _run_local(job: Callable[[list[int]], Any], chunks: list[list[int]], workers: int,
               progress: Callable[[int], None] | None) -> list:
    results: list = []
    if workers <= 1:
        for chunk in chunks:
            results.append(job(chunk))
            if progress:
                progress(len(chunk))
        return results
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        futures = [pool.submit(job, chunk) for chunk in chunks]
        for chunk, future in zip(chunks, futures, strict=False):
            results.append(_result(future))
            if progress:
                progress(len(chunk))
    except BaseException:  # an interrupt or a failed game: the rest is not waited for
        _stop(pool)
        raise
    pool.shutdown()
    return results


def _call(job: Callable[[list[int]], Any], chunk: list[int]) -> Any:
    return job(chunk)


def _run_ray(job: Callable[[list[int]], Any], chunks: list[list[int]], address: str,
             progress: Callable[[int], None] | None) -> list:
    try:
        import ray
    except ImportError:
        raise InputError("--ray", "", "Ray is not installed (pip install 'tabletop-verify[ray]')") from None
    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(_call)  # Ray wraps functions, not partials: the job travels as an argument
        refs = [remote.remote(job, chunk) for chunk in chunks]
        results = []
        for chunk, ref in zip(chunks, refs, strict=False):
            results.append(ray.get(ref))
            if progress:
                progress(len(chunk))
        return results
    finally:
        if started:
            ray.shutdown()


def run_chunks(job: Callable[[list[int]], Any], chunks: list[list[int]], workers: int = 1,
               ray_address: str | None = None, progress: Callable[[int], None] | None = None) -> list:
    """``job`` of each chunk of seeds, in the chunks' order, on this process, a local pool of
    ``workers`` or a Ray cluster (``local`` or an address). ``job`` is a pure function of its chunk
    (a module-level function, or a ``functools.partial`` of one), so the results are the same
    whatever runs them."""
    if ray_address:
        return _run_ray(job, chunks, ray_address, progress)
    return _run_local(job, chunks, workers, progress)


# --- statistics -------------------------------------------------------------------------------------


def _continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny, eps = 1e-300, 1e-15
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < eps:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _continued_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _continued_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (0 < p < 1, df > 0), by
    bisection on the distribution function."""
    if not 0.0 < p < 1.0 or not df > 0:
        raise ValueError(f"t quantile needs 0 < p < 1 and df > 0, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, high * 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def paired(name: str, a: Sequence[float], b: Sequence[float]) -> Statistic:
    """Means under A and B, the mean paired difference with its 95% confidence interval
    (Student's t for n - 1 degrees of freedom: the spread is estimated from the same games), and
    on how many seeds the value changed. Needs at least 2 pairs."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    if len(diffs) < 2:
        raise ValueError(f"a confidence interval needs at least 2 games, got {len(diffs)}")
    mean = statistics.fmean(diffs)
    half = t_quantile((1.0 + CONFIDENCE) / 2.0, len(diffs) - 1) * statistics.stdev(diffs) / math.sqrt(len(diffs))
    changed = sum(1 for d in diffs if d != 0)
    return Statistic(name, statistics.fmean(a), statistics.fmean(b), mean, mean - half, mean + half, changed)


def simulate(game: str, rules_a: Any, rules_b: Any, games: int, seed: int, workers: int = 1,
             ray_address: str | None = None, progress: Callable[[int], None] | None = None) -> Simulation:
    """Play ``games`` seeds from ``seed`` under both settings and pair the statistics."""
    chunks = _chunks(seed, games)
    try:
        results = run_chunks(partial(play_chunk, game, rules_a, rules_b), chunks, workers, ray_address, progress)
    except InputError:
        raise
    except Exception as error:  # an engine that cannot finish a game is reported, not hidden
        return Simulation(0, seed, SIM_PLAYERS, (), f"the engine failed: {type(error).__name__} {error}".strip())
    pairs = [pair for chunk in results for pair in chunk]
    found = []
    for index, name in enumerate(registry.entry(game).statistics):
        found.append(paired(name, [p[0][index] for p in pairs], [p[1][index] for p in pairs]))
    return Simulation(len(pairs), seed, SIM_PLAYERS, tuple(found))


def compare(flags: Sequence[str], game: str | None = None, games: int = 200, seed: int = 0,
            workers: int = 1, ray_address: str | None = None, time_limit: float = 30.0,
            progress: Callable[[int], None] | None = None) -> Comparison:
    """Everything that changes between ``--rule NAME=A`` and ``--rule NAME=B``."""
    if games == 1:
        raise InputError("--games", "", "a confidence interval needs at least 2 games (0: no random games)")
    game, name, a, b = settings(flags, game)
    total_rulings, changed_rulings = ruling_changes(game, name, a, b)
    total_invariants, changed_invariants = invariant_changes(game, name, a, b, time_limit)
    simulation = None
    if games > 0:
        simulation = simulate(game, registry.rules(game, {name: a}), registry.rules(game, {name: b}),
                              games, seed, workers, ray_address, progress)
    return Comparison(game, name, a, b, total_rulings, tuple(changed_rulings), total_invariants,
                      tuple(changed_invariants), simulation)
