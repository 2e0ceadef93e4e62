"""Random full games of the White House intern game per second, by player count.

Usage: python benchmarks/whitehouse_bench.py [--games N] [--seconds S] [--players P ...] [--smoke]
       python benchmarks/whitehouse_bench.py --record FILE [--games N]
       python benchmarks/whitehouse_bench.py --compare FILE

Each game is played to its end (a player at 7 Tricks, or the turn limit) with moves drawn
uniformly from the legal moves, on the sample catalogue and the default rules. One engine (and so
one Trick cache) serves all games of a player count, as a long session would. Prints a table:
players, games, mean moves per game, games per second of wall clock and per second of this
process's CPU time (the machine may be shared: the load average is printed too), and where the
Trick totals came from (a bound met, the cache, or a solve).

``--record`` plays seeds 0 .. N-1 of every player count and writes, per game, a digest of its log,
every Trick total the game reached (seat and total, move by move), the final totals and the
winners. ``--compare`` plays the seeds a record names again and reports every game that differs:
a change to the engine or the oracle that changes no rule and weakens no answer leaves the record
as it is.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model.whitehouse.cards import sample_catalogue  # noqa: E402
from model.whitehouse.engine import Engine  # noqa: E402
from model.whitehouse.random_play import random_game  # noqa: E402
from model.whitehouse.rules import WhitehouseRules  # noqa: E402
from model.whitehouse.state import Move, State  # noqa: E402
from model.whitehouse.tricks import UnprovenTotal  # noqa: E402
from solver.network.oracle import trick_oracle  # noqa: E402

#: Seconds each solve may take before a game is counted as undecided.
SOLVE_LIMIT = 10.0
PLAYERS = (2, 3, 4, 5)


def bench(players: int, games: int, seconds: float) -> dict[str, Any]:
    catalogue = sample_catalogue()
    rules = WhitehouseRules()
    engine = Engine(catalogue, rules, trick_oracle(rules.tricks, SOLVE_LIMIT))
    played, moves, winners, undecided = 0, 0, 0, 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
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
    parser.add_argument("--smoke", action="store_true", help="two games per player count (a second or two): CI runs it")
    parser.add_argument("--record", type=Path, help="write the record of seeds 0 .. GAMES-1 to this file")
    parser.add_argument("--compare", type=Path, help="play a record's games again and report differences")
    args = parser.parse_args()
    if args.record:
        args.record.write_text(json.dumps({str(p): record(p, range(args.games)) for p in args.players}, indent=1))
        return
    if args.compare:
        sys.exit(1 if compare(args.compare) else 0)
    if args.smoke:
        args.games, args.seconds = 2, 0.5
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| players | games | won | undecided | moves/game | games/s | games/CPU-s | totals: bound / cache / solver |")
    print("|---|---|---|---|---|---|---|---|")
    for players in args.players:
        row = bench(players, args.games, args.seconds)
        s = row["stats"]
        print(
            f"| {players} | {row['games']} | {row['won']} | {row['undecided']} | {row['moves']:.0f} | "
            f"{row['per_second']:.1f} | {row['per_cpu_second']:.1f} | "
            f"{s['bound']} / {s['cache']} / {s['solver']} |",
            flush=True,
        )
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
