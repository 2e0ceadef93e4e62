"""Random legal games per second of every game, through the one game interface, on one core.

    python benchmarks/games_bench.py [--seconds S] [--smoke]

For each game and player count, plays seeds 0, 1, 2, ... with ``Game.random_game`` (what
``verify compare`` plays; the White House games with a fresh Trick oracle each, as compare does)
for ``S`` seconds, then the same with the game's balance play (``verify balance``: one oracle per
chunk of seeds, the random player). Prints a markdown table, games per second of wall clock and of
this process's CPU time, and the load average: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from checks.balance import play_chunk  # noqa: E402
from checks.registry import rules  # noqa: E402
from model.common.game import games  # noqa: E402
from solver.seams import engine_solvers  # noqa: E402

#: Player counts measured per game.
PLAYERS = {"whitehouse": (2, 3, 4, 5), "socks": (2, 3, 4), "social": (2, 3, 4), "likes": (3, 4, 5)}


def per_second(play: object, seconds: float) -> tuple[float, float, int]:
    """Games per second of ``play(seeds)`` (a chunk of 5 seeds at a time) over ``seconds``: of
    wall clock and of this process's CPU time, and the games played."""
    played, seed = 0, 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        played += len(play(range(seed, seed + 5)))  # type: ignore[operator]
        seed += 5
    return played / (time.perf_counter() - start), played / (time.process_time() - cpu), played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per row and column")
    parser.add_argument("--smoke", action="store_true", help="every row briefly (a second or two): CI runs it")
    args = parser.parse_args()
    seconds = 0.02 if args.smoke else args.seconds
    solvers = engine_solvers()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| game | players | games/s (random_game) | per CPU-s | games/s (balance play) | per CPU-s | games |")
    print("|---|---|---|---|---|---|---|")
    for game in games():
        in_force = rules(game.name)
        for players in PLAYERS[game.name][:1] if args.smoke else PLAYERS[game.name]:
            def plain(seeds: range, game=game, players=players, in_force=in_force) -> list:
                return [game.random_game(seed, players, in_force, solvers) for seed in seeds]

            def balanced(seeds: range, game=game, players=players, in_force=in_force) -> list:
                return play_chunk(game.name, in_force, players, "random", list(seeds))

            rate, cpu_rate, count = per_second(plain, seconds)
            balance_rate, balance_cpu_rate, balance_count = per_second(balanced, seconds)
            print(f"| {game.name} | {players} | {rate:.1f} | {cpu_rate:.1f} | {balance_rate:.1f} | "
                  f"{balance_cpu_rate:.1f} | {count} / {balance_count} |", flush=True)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
