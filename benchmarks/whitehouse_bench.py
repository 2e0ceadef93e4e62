"""Random full games of the White House intern game per second, by player count.

Usage: python benchmarks/whitehouse_bench.py [--games N] [--seconds S] [--players P ...] [--first-seed S]
                                            [--plain] [--smoke]
       python benchmarks/whitehouse_bench.py --record FILE [--games N]
       python benchmarks/whitehouse_bench.py --compare FILE

Each game is played to its end (a player at 7 Tricks, or the turn limit) with moves drawn
uniformly from the legal moves, on the sample catalogue and the default rules. One engine (and so
one Trick cache) serves all games of a player count, as a long session would. Prints a table:
players, games, mean moves per game, games per second of wall clock and per second of this
process's CPU time (the machine may be shared: the load average is printed too), and where the
Trick totals came from (a bound met, the cache, or a solve). Games are seeds ``--first-seed``
(default 0) and on.

``--plain`` also sets the plain CP-SAT model (``tricks_bench.plain_cpsat``) beside the solver on
the networks the solver was asked in those games (the "solver" column): each distinct network,
canonically relabelled as the oracle hands it over, with its rules, is solved after the games by
the solver without a hint and by the plain model, each with one CP-SAT worker and the games'
limit per solve (the plain model's time covers building it). A table per player count gives,
for the solver as the games asked it (with the hint the engine handed it), the solver without a
hint and the plain model: networks, how many each proved, total wall and CPU time, median and
worst time (with the worst network's size in cards). Every arrangement is checked by the
model's checker, and every total proven by two sides must agree (a line starting
``!!! MISMATCH`` names each that does not, and the exit status is 1).

``--record`` plays seeds 0 .. N-1 of every player count and writes, per game, a digest of its log,
every Trick total the game reached (seat and total, move by move), the final totals and the
winners. ``--compare`` plays the seeds a record names again and reports every game that differs:
a change to the engine or the oracle that changes no rule and weakens no answer leaves the record
as it is.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent)]

from model.whitehouse.cards import sample_catalogue  # noqa: E402
from model.whitehouse.engine import Engine  # noqa: E402
from model.whitehouse.network.arrangement import Arrangement, Network, TricksRules, check_arrangement  # noqa: E402
from model.whitehouse.random_play import random_game  # noqa: E402
from model.whitehouse.rules import WhitehouseRules  # noqa: E402
from model.whitehouse.state import Move, State  # noqa: E402
from model.whitehouse.tricks import CanonicalKey, Hint, Solve, TrickOracle, UnprovenTotal, canonical_key  # noqa: E402
from solver.network.oracle import engine_rearrange, engine_solve, trick_oracle  # noqa: E402

#: Seconds each solve may take before a game is counted as undecided.
SOLVE_LIMIT = 10.0
PLAYERS = (2, 3, 4, 5)


@dataclass(frozen=True)
class Asked:
    """A network the solver was asked during the games, and its answer there."""

    #: The network as the oracle handed it over (canonically relabelled).
    network: Network
    #: The Locked Network rules it was asked under.
    rules: TricksRules
    #: The proven total the games used; None when the solver did not prove one in its limit.
    tricks: int | None
    #: Seconds the solve took in the game (with the hint the engine handed it, if any).
    seconds: float
    #: CPU-seconds of this process it took.
    cpu: float


def recording(solve: Solve, asked: dict[CanonicalKey, Asked]) -> Solve:
    """``solve`` as it is, noting the first time each distinct network is asked."""

    def ask(network: Network, rules: TricksRules, hint: Hint | None) -> tuple[int, Arrangement, str]:
        start, cpu = time.perf_counter(), time.process_time()
        tricks: int | None = None
        try:
            answer = solve(network, rules, hint)
            tricks = answer[0]
            return answer
        finally:
            took = Asked(network, rules, tricks, time.perf_counter() - start, time.process_time() - cpu)
            asked.setdefault(canonical_key(network), took)

    return ask


def bench(
    players: int, games: int, seconds: float, first_seed: int = 0, asked: dict[CanonicalKey, Asked] | None = None
) -> dict[str, Any]:
    """Random games from ``first_seed`` on; ``asked``, if given, receives the networks solved."""
    catalogue = sample_catalogue()
    rules = WhitehouseRules()
    if asked is None:
        oracle = trick_oracle(rules.tricks, SOLVE_LIMIT)
    else:
        oracle = TrickOracle(rules.tricks, recording(engine_solve(SOLVE_LIMIT), asked), engine_rearrange())
    engine = Engine(catalogue, rules, oracle)
    played, moves, winners, undecided = 0, 0, 0, 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        try:
            state, log = random_game(catalogue, players, seed, engine)
        except UnprovenTotal:
            # A network the solver could not prove within its limit: the game cannot go on.
            undecided += 1
            continue
        played += 1
        moves += len(log)
        winners += bool(state.winners)
        if time.perf_counter() - start > seconds:
            break
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return {
        "players": players,
        "undecided": undecided,
        "games": played,
        "won": winners,
        "moves": moves / max(1, played),
        "per_second": played / elapsed,
        "per_cpu_second": played / cpu,
        "stats": dict(engine.oracle.stats),
    }


# --- the plain model beside the solver --------------------------------------------------------------

#: The sides of the plain table, in its order.
SIDES = ("solver in the games (hint)", "solver, no hint", "plain CP-SAT")


@dataclass(frozen=True)
class Beside:
    """One network's answer from each side: the proven total (None when unproven) and seconds."""

    #: The network's size in cards.
    cards: int
    #: Per side (``SIDES``' order): the proven total, None when the side did not prove one.
    tricks: tuple[int | None, ...]
    #: Per side: the seconds it took.
    seconds: tuple[float, ...]
    #: Per side: the CPU-seconds of this process it took (the figure the load does not move).
    cpu: tuple[float, ...]
    #: What is wrong with an answer (an arrangement the checker refuses), if anything.
    faults: tuple[str, ...]


def beside(asked: Asked, limit: float) -> Beside:
    """``asked``'s network solved again by the solver without a hint and by the plain model."""
    # The plain model every solver table sets beside the solver (the benchmarks folder is on the
    # path only from here; imported by name, as a script outside the typed packages).
    plain_cpsat = importlib.import_module("tricks_bench").plain_cpsat
    network, rules = asked.network, asked.rules
    faults = []
    start, cpu = time.perf_counter(), time.process_time()
    try:
        tricks, arrangement, _how = engine_solve(limit)(network, rules, None)
        solved: int | None = tricks
        report = check_arrangement(network, arrangement, rules)
        if not report.legal or report.tricks != tricks:
            faults.append(f"the solver's arrangement fails the checker: {report.violations}")
    except UnprovenTotal:
        solved = None
    solver_seconds, solver_cpu = time.perf_counter() - start, time.process_time() - cpu
    start, cpu = time.perf_counter(), time.process_time()
    status, plain, _bound, layout = plain_cpsat(network, rules, limit, num_workers=1, whole_limit=True)
    plain_seconds, plain_cpu = time.perf_counter() - start, time.process_time() - cpu
    if layout is not None:
        report = check_arrangement(network, layout, rules)
        if not report.legal or report.tricks != plain:
            faults.append(f"the plain model's arrangement fails the checker: {report.violations}")
    if status == "infeasible":
        faults.append("the plain model calls the network infeasible")
    return Beside(
        network.size,
        (asked.tricks, solved, plain if status == "optimal" else None),
        (asked.seconds, solver_seconds, plain_seconds),
        (asked.cpu, solver_cpu, plain_cpu),
        tuple(faults),
    )


def warm_up() -> None:
    """OR-Tools imported and both sides run once, so that no import cost lands in a time."""
    from model.whitehouse.network.arrangement import Event, Supporter

    network = Network((Supporter(1), Supporter(2)), (Event("e0", frozenset({1, 2})),))
    beside(Asked(network, TricksRules(), 2, 0.0, 0.0), 1.0)


def duration(seconds: float) -> str:
    """``seconds`` as the table shows it: milliseconds below one second."""
    return f"{seconds * 1000:.0f}ms" if seconds < 1 else f"{seconds:.2f}s"


def plain_rows(players: int, solves: int, answers: list[Beside]) -> list[str]:
    """The plain table's rows of one player count: one per side."""
    if not answers:
        return [f"| {players} | {solves} | 0 | - | {side} | - | - | - | - | - |" for side in SIDES]
    sizes = sorted(a.cards for a in answers)
    lines = []
    for index, side in enumerate(SIDES):
        times = [a.seconds[index] for a in answers]
        worst = max(answers, key=lambda a: a.seconds[index])
        proven = sum(a.tricks[index] is not None for a in answers)
        lines.append(
            f"| {players} | {solves} | {len(answers)} | {sizes[0]}-{sizes[-1]} | {side} | {proven} | "
            f"{duration(sum(times))} | {duration(sum(a.cpu[index] for a in answers))} | "
            f"{duration(statistics.median(times))} | "
            f"{duration(worst.seconds[index])} ({worst.cards}) |"
        )
    return lines


def disagreements(players: int, answers: list[Beside]) -> list[str]:
    """A line per network whose proven totals differ, or whose answer the checker refuses."""
    out = []
    for number, answer in enumerate(answers):
        proven = {t for t in answer.tricks if t is not None}
        if len(proven) > 1:
            shown = ", ".join(f"{side} {t}" for side, t in zip(SIDES, answer.tricks, strict=True))
            out.append(f"!!! MISMATCH players {players}, network {number} ({answer.cards} cards): {shown}")
        out += [f"!!! MISMATCH players {players}, network {number}: {fault}" for fault in answer.faults]
    return out


class _TotalsEngine(Engine):
    """The engine, noting every Trick total a move leaves that differs from the one before."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.totals: list[list[int]] = []

    def apply(self, state: State, move: Move, player: int | None = None) -> State:
        after = super().apply(state, move, player)
        for seat, (old, new) in enumerate(zip(state.players, after.players, strict=True)):
            if old.tricks != new.tricks:
                self.totals.append([seat, new.tricks])
        return after


def record(players: int, seeds: range) -> dict[str, Any]:
    """Per seed: the log's digest, the Trick totals reached, the final totals and the winners."""
    catalogue = sample_catalogue()
    rules = WhitehouseRules()
    engine = _TotalsEngine(catalogue, rules, trick_oracle(rules.tricks, SOLVE_LIMIT))
    games: dict[str, Any] = {}
    for seed in seeds:
        engine.totals = []
        state, log = random_game(catalogue, players, seed, engine)
        games[str(seed)] = {
            "log": hashlib.sha256(json.dumps(log, sort_keys=True).encode()).hexdigest(),
            "moves": len(log),
            "totals": engine.totals,
            "final": [p.tricks for p in state.players],
            "winners": list(state.winners),
            "ended": state.ended,
        }
    return games


def compare(path: Path) -> int:
    """Play the record's seeds again; print each difference. The number of games that differ."""
    recorded = json.loads(path.read_text())
    differ, locks = 0, 0
    for players, games in recorded.items():
        now = record(int(players), range(len(games)))
        for seed, was in games.items():
            locks += len(was["totals"])
            if now[seed] != was:
                differ += 1
                fields = [k for k in was if now[seed][k] != was[k]]
                print(f"players {players} seed {seed}: {', '.join(fields)} differ")
    total = sum(len(g) for g in recorded.values())
    print(f"{total - differ} of {total} games as recorded ({locks} Trick totals compared)")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--players", type=int, nargs="+", default=list(PLAYERS))
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--plain", action="store_true",
        help="then solve each network the solver was asked with the plain CP-SAT model, beside the solver",
    )
    parser.add_argument(
        "--smoke", action="store_true",
        help="two games per player count, the plain model on two networks (a few seconds): CI runs it",
    )
    parser.add_argument("--record", type=Path, help="write the record of seeds 0 .. GAMES-1 to this file")
    parser.add_argument("--compare", type=Path, help="play a record's games again and report differences")
    args = parser.parse_args()
    if args.record:
        args.record.write_text(json.dumps({str(p): record(p, range(args.games)) for p in args.players}, indent=1))
        return
    if args.compare:
        sys.exit(1 if compare(args.compare) else 0)
    plain_limit, plain_networks = SOLVE_LIMIT, None
    if args.smoke:
        args.games, args.seconds, args.plain = 2, 0.5, True
        plain_limit, plain_networks = 2.0, 2
    print(f"load average at start: {_load()}")
    print("| players | games | won | undecided | moves/game | games/s | games/CPU-s | totals: bound / cache / solver |")
    print("|---|---|---|---|---|---|---|---|")
    asked: dict[int, dict[CanonicalKey, Asked]] = {}
    solves: dict[int, int] = {}
    for players in args.players:
        asked[players] = {}
        row = bench(players, args.games, args.seconds, args.first_seed, asked[players] if args.plain else None)
        s = row["stats"]
        solves[players] = s["solver"]
        print(
            f"| {players} | {row['games']} | {row['won']} | {row['undecided']} | {row['moves']:.0f} | "
            f"{row['per_second']:.1f} | {row['per_cpu_second']:.1f} | "
            f"{s['bound']} / {s['cache']} / {s['solver']} |",
            flush=True,
        )
    print(f"load average at end: {_load()}")
    if args.plain:
        sys.exit(1 if plain_table(asked, solves, plain_limit, plain_networks) else 0)


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def plain_table(
    asked: dict[int, dict[CanonicalKey, Asked]], solves: dict[int, int], limit: float, most: int | None
) -> list[str]:
    """Print the plain model beside the solver (the first ``most`` networks of each player count,
    all when None); return the disagreements, each also printed."""
    warm_up()
    started = time.perf_counter()
    print(
        f"\nThe plain model beside the solver: each distinct network the solver was asked in these games "
        f"(solves: in the games, counting a network asked again), solved again; limit {limit:g}s per solve, "
        f"one CP-SAT worker each side. Load average at start: {_load()}"
    )
    print("| players | solves | networks | cards | side | proven | total | total CPU | median | worst (cards) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    found = []
    for players, networks in asked.items():
        answers = [beside(a, limit) for a in list(networks.values())[:most]]
        print("\n".join(plain_rows(players, solves[players], answers)), flush=True)
        found += disagreements(players, answers)
    print("\n".join(found) if found else "every arrangement passed the checker; every total proven by two sides agrees")
    print(f"wall time {time.perf_counter() - started:.0f}s; load average at end: {_load()}")
    return found


if __name__ == "__main__":
    main()
