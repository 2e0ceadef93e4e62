"""A designer's balance report: is the game fair to every seat, how long does it run, which rules
of its rulebook matter in play, and how does a rule option's answer move all of that.

Many seeds are played through the game's declared balance play (``Game.balance``: the uniform
random player, and the greedy one where the game declares it), on the same chunks, pool or Ray
cluster as ``verify compare`` (``checks.compare.run_chunks``), so the numbers are the same
whatever runs them. Every figure is a mean over the games with its 95% confidence interval
(Student's t, as ``compare``); two settings of one option are also paired seed by seed.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from checks import registry
from checks.compare import CHUNK, CONFIDENCE, Statistic, paired, run_chunks, t_quantile
from model.common.balance import PlayedGame, PlayerKind
from model.common.errors import InputError
from model.common.outcome import Termination
from solver.seams import engine_solvers

#: Bins of the game-length histogram.
LENGTH_BINS = 10


@dataclass(frozen=True)
class Estimate:
    """A mean over the games with its 95% confidence interval."""

    #: The mean.
    mean: float
    #: The interval's ends (Student's t, n - 1 degrees of freedom).
    low: float
    high: float


@dataclass(frozen=True)
class RuleUse:
    """How one rule of the game's registry was used in play."""

    #: Its name in the game's rule registry.
    rule: str
    #: In how many games it fired (or refused a move) at least once.
    games: int
    #: The share of games in which it fired or refused a move.
    share: Estimate
    #: How often it fired per game (an effect applied).
    per_game: Estimate
    #: How often it refused a move the legal-move generation considered, per game.
    refused: Estimate
    #: The share of games it decided.
    decided: Estimate


@dataclass(frozen=True)
class Bin:
    """One bar of the game-length histogram: games of ``low`` to ``high`` turns, both included."""

    low: int
    high: int
    #: How many games.
    games: int


@dataclass(frozen=True)
class Lengths:
    """How long the games ran."""

    #: Turns (or rounds) per game.
    turns: Estimate
    #: Moves (or plays) per game.
    moves: Estimate
    #: The fewest turns, the 10th, 50th and 90th percentiles, and the most.
    quantiles: tuple[float, float, float, float, float]
    #: The distribution of turns.
    histogram: tuple[Bin, ...]


@dataclass(frozen=True)
class Table:
    """The report of one setting and one kind of player."""

    #: The rule options set apart from the defaults.
    setting: Mapping[str, Any]
    #: Who played every seat.
    player: PlayerKind
    #: How many games.
    games: int
    #: Each seat's share of the wins (a win shared by k players counts 1/k to each).
    seats: tuple[Estimate, ...]
    #: The share of wins of the seat that moved first (None when play is simultaneous).
    first_player: Estimate | None
    #: Games won by several players together, and games nobody won.
    shared: Estimate
    no_winner: Estimate
    #: Games stopped by a turn limit outside the rulebook, and games that stalled.
    turn_limit: Estimate
    stalled: Estimate
    #: How long the games ran.
    lengths: Lengths
    #: Every rule of the registry, in the registry's order.
    rules: tuple[RuleUse, ...]
    #: The rules that neither fired nor refused a move in these games ("never mattered in play").
    never_fired: tuple[str, ...]
    #: Decisions named outside the registry (the tie-break's words), with their share of games.
    other_decisions: tuple[tuple[str, Estimate], ...]


@dataclass(frozen=True)
class Difference:
    """Two settings of one option for one kind of player, paired seed by seed."""

    option: str
    a: Any
    b: Any
    player: PlayerKind
    #: The paired statistics (B - A).
    statistics: tuple[Statistic, ...]


@dataclass(frozen=True)
class Balance:
    """The whole balance report."""

    game: str
    #: Players at the table.
    players: int
    #: The first seed (games are seeds ``seed`` to ``seed + games - 1``).
    seed: int
    games: int
    #: The rules in force apart from the settings compared (every option's value).
    rules: Mapping[str, Any]
    #: One table per setting and kind of player.
    tables: tuple[Table, ...]
    #: With two settings of one option: what changes, for each kind of player.
    differences: tuple[Difference, ...] = ()


# --- the settings ----------------------------------------------------------------------------------


Settings = tuple[dict[str, Any], list[dict[str, Any]], tuple[str, Any, Any] | None]


def settings(game: str, flags: Sequence[str], all_options: bool) -> Settings:
    """The base option values, the settings to report (one, two for an option named twice as in
    ``compare``, or one per value of every option with ``all_options``), and the option compared
    with its two values (None unless one is named twice)."""
    base: dict[str, Any] = {}
    twice: list[tuple[str, Any]] = []
    for flag in flags:
        name, sep, value = flag.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InputError("--rule", "", f"expected NAME=VALUE, got {flag!r}")
        typed = registry.typed(game, name, value.strip())
        if name in base:
            if twice:
                raise InputError("--rule", name, "only one option may be given two values")
            twice = [(name, base[name]), (name, typed)]
        else:
            base[name] = typed
    if twice and all_options:
        raise InputError("--all-options", "", "give an option two values or --all-options, not both")
    if twice:
        name = twice[0][0]
        rest = {k: v for k, v in base.items() if k != name}
        return rest, [{**rest, name: value} for _, value in twice], (name, twice[0][1], twice[1][1])
    if all_options:
        found = [{**base, option.name: value} for option in registry.entry(game).options
                 if option.name not in base for value, _ in option.values]
        return base, found, None
    return base, [base], None


# --- playing -----------------------------------------------------------------------------------------


def play_chunk(game: str, rules: Any, players: int, player: PlayerKind, seeds: Sequence[int]) -> list[PlayedGame]:
    """Play each seed (a worker's whole job: a pure function of its input)."""
    found = registry.entry(game)
    assert found.balance is not None, f"{game} declares no balance play"
    solvers = _solvers(game)
    return [found.balance(seed, players, rules, solvers, player) for seed in seeds]


@cache
def _solvers(game: str) -> Mapping[str, Any]:
    """The seams of ``game``'s play, once per process. Those the game declares make what its
    engine asks (a Trick oracle from the rules): one serves every game this process plays, so
    its cache of proven totals carries over from game to game and chunk to chunk. An answer is a
    function of its question alone, so the games are the same whatever was played before."""
    declared = registry.entry(game).solvers
    return {name: cache(make) if name in declared else make for name, make in engine_solvers().items()}


def play(game: str, rules: Any, players: int, player: PlayerKind, games: int, seed: int, workers: int = 1,
         ray_address: str | None = None, progress: Callable[[int], None] | None = None) -> list[PlayedGame]:
    """Seeds ``seed`` to ``seed + games - 1``, played by ``player``, in seed order."""
    seeds = list(range(seed, seed + games))
    chunks = [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    job = partial(play_chunk, game, rules, players, player)
    return [played for chunk in run_chunks(job, chunks, workers, ray_address, progress) for played in chunk]


# --- adding up -----------------------------------------------------------------------------------------


def estimate(values: Sequence[float]) -> Estimate:
    """The mean with its 95% confidence interval (at least 2 values)."""
    if len(values) < 2:
        raise ValueError(f"a confidence interval needs at least 2 games, got {len(values)}")
    mean = statistics.fmean(values)
    half = t_quantile((1.0 + CONFIDENCE) / 2.0, len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(mean, mean - half, mean + half)


def share(values: Sequence[float]) -> Estimate:
    """A share of games (each value between 0 and 1): the mean and its interval, kept within 0
    and 1."""
    found = estimate(values)
    return Estimate(found.mean, max(0.0, found.low), min(1.0, found.high))


def count(values: Sequence[float]) -> Estimate:
    """A count per game (each value 0 or more): the mean and its interval, kept at or above 0."""
    found = estimate(values)
    return Estimate(found.mean, max(0.0, found.low), found.high)


def never_bound(games: int) -> float:
    """The most a rule that never fired in ``games`` games can fire per game, at 95% confidence:
    the p with (1 - p)^games = 0.05."""
    return 1.0 - (1.0 - CONFIDENCE) ** (1.0 / games)


def win_share(played: PlayedGame, seat: int | None) -> float:
    """The seat's share of the game's win (1/k of a win shared by k players)."""
    won = played.winning_seats
    return 1.0 / len(won) if seat is not None and seat in won else 0.0


def per_seat(played: PlayedGame) -> list[float]:
    """Each seat's share of the game's win."""
    return [win_share(played, seat) for seat in range(played.players)]


def _quantile(ordered: Sequence[int], q: float) -> float:
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def lengths(games: Sequence[PlayedGame]) -> Lengths:
    """The turns and moves of the games, and the distribution of turns."""
    turns = sorted(g.turns for g in games)
    low, high = turns[0], turns[-1]
    width = max(1, math.ceil((high - low + 1) / LENGTH_BINS))
    bins = []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        bins.append(Bin(start, end, sum(1 for t in turns if start <= t <= end)))
    quantiles = (float(low), _quantile(turns, 0.1), _quantile(turns, 0.5), _quantile(turns, 0.9), float(high))
    return Lengths(estimate([float(g.turns) for g in games]), estimate([float(g.moves) for g in games]),
                   quantiles, tuple(bins))


def table(game: str, setting: Mapping[str, Any], player: PlayerKind, games: Sequence[PlayedGame]) -> Table:
    """Add up the games of one setting and one kind of player."""
    rulebook = registry.entry(game).rulebook
    seats = tuple(share([win_share(g, seat) for g in games]) for seat in range(games[0].players))
    simultaneous = all(g.first_seat is None for g in games)
    first = None if simultaneous else share([win_share(g, g.first_seat) for g in games])
    uses = []
    for rule in rulebook:
        fired = [float(g.fired.get(rule, 0)) for g in games]
        refused = [float(g.refused.get(rule, 0)) for g in games]
        used = [float(f > 0 or r > 0) for f, r in zip(fired, refused, strict=True)]
        uses.append(RuleUse(rule, int(sum(used)), share(used), count(fired), count(refused),
                            share([float(rule in g.decided) for g in games])))
    others = sorted({d for g in games for d in g.decided if d not in rulebook})
    return Table(
        dict(setting), player, len(games), seats, first,
        share([float(len(g.winning_seats) > 1) for g in games]),
        share([float(not g.winning_seats) for g in games]),
        share([float(g.outcome.termination is Termination.TURN_LIMIT) for g in games]),
        share([float(g.stalled) for g in games]),
        lengths(games), tuple(uses), tuple(u.rule for u in uses if u.games == 0),
        tuple((d, share([float(d in g.decided) for g in games])) for d in others),
    )


def fired(played: PlayedGame, rule: str) -> float:
    """How often ``rule`` fired in the game."""
    return float(played.fired.get(rule, 0))


def difference(option: str, a: Any, b: Any, player: PlayerKind, games_a: Sequence[PlayedGame],
               games_b: Sequence[PlayedGame], rulebook: Sequence[str]) -> Difference:
    """Seat shares, first player, no winner, lengths and each rule's firing, paired seed by seed."""
    found = []

    def pair(name: str, value: Callable[[PlayedGame], float]) -> None:
        found.append(paired(name, [value(g) for g in games_a], [value(g) for g in games_b]))

    for seat in range(games_a[0].players):
        pair(f"seat {seat + 1} wins", partial(win_share, seat=seat))
    if any(g.first_seat is not None for g in games_a):
        pair("first player wins", lambda g: win_share(g, g.first_seat))
    pair("no winner", lambda g: float(not g.winning_seats))
    pair("turns", lambda g: float(g.turns))
    pair("moves", lambda g: float(g.moves))
    for rule in rulebook:
        pair(f"{rule} fires per game", partial(fired, rule=rule))
    return Difference(option, a, b, player, tuple(found))


# --- the report ------------------------------------------------------------------------------------------


def balance(game: str, flags: Sequence[str] = (), games: int = 200, players: int | None = None, seed: int = 0,
            workers: int = 1, ray_address: str | None = None, all_options: bool = False,
            progress: Callable[[int], None] | None = None) -> Balance:
    """Play ``games`` seeds under each setting with each kind of player the game declares, and
    add them up (``progress`` is told how many games each finished chunk held)."""
    found = registry.entry(game)
    if found.balance is None:
        raise InputError("GAME", game, "this game declares no balance play")
    if games < 2:
        raise InputError("--games", str(games), "a confidence interval needs at least 2 games")
    seats = found.default_players if players is None else players
    base, chosen, compared = settings(game, flags, all_options)
    played: dict[tuple[int, PlayerKind], list[PlayedGame]] = {}
    for index, setting in enumerate(chosen):
        rules = registry.rules(game, setting)
        for player in found.balance_players:
            try:
                played[index, player] = play(game, rules, seats, player, games, seed, workers, ray_address, progress)
            except ValueError as error:  # a table the engine refuses (too many players, ...)
                if isinstance(error, InputError):
                    raise
                raise InputError("--players", str(seats), str(error)) from None
    tables = tuple(table(game, setting, player, played[index, player])
                   for index, setting in enumerate(chosen) for player in found.balance_players)
    differences: tuple[Difference, ...] = ()
    if compared is not None:
        name, a, b = compared
        differences = tuple(difference(name, a, b, player, played[0, player], played[1, player], found.rulebook)
                            for player in found.balance_players)
    rules_in_force = {option.name: base.get(option.name, option.default) for option in found.options}
    return Balance(game, seats, seed, games, rules_in_force, tables, differences)


def total_games(game: str, flags: Sequence[str], games: int, all_options: bool) -> int:
    """How many games ``balance`` plays in all (for a progress bar)."""
    _, chosen, _ = settings(game, flags, all_options)
    return games * len(chosen) * len(registry.entry(game).balance_players)
