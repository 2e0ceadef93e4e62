"""Random full games of the White House intern game per second, by player count.

Usage: python benchmarks/whitehouse_bench.py [--games N] [--seconds S] [--smoke]

Each game is played to its end (a player at 7 Tricks, or the turn limit) with moves drawn
uniformly from the legal moves, on the sample catalogue and the default rules. One engine (and so
one Trick cache) serves all games of a player count, as a long session would. Prints a table:
players, games, mean moves per game, games per second, and where the Trick totals came from
(a bound met, the cache, or a solve).
"""

from __future__ import annotations

import argparse
import time

from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine
from model.whitehouse.random_play import random_game
from model.whitehouse.rules import WhitehouseRules
from model.whitehouse.tricks import UnprovenTotal
from solver.network.oracle import trick_oracle

#: Seconds each solve may take before a game is counted as undecided.
SOLVE_LIMIT = 10.0


def bench(players: int, games: int, seconds: float) -> dict:
    catalogue = sample_catalogue()
    rules = WhitehouseRules()
    engine = Engine(catalogue, rules, trick_oracle(rules.tricks, SOLVE_LIMIT))
    played, moves, winners, undecided = 0, 0, 0, 0
    start = time.perf_counter()
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
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "undecided": undecided,
        "games": played,
        "won": winners,
        "moves": moves / played,
        "per_second": played / elapsed,
        "stats": dict(engine.oracle.stats),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--smoke", action="store_true", help="two games per player count (a second or two): CI runs it")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.seconds = 2, 0.5
    print("| players | games | won | undecided | moves/game | games/s | totals: bound / cache / solver |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 3, 4, 5):
        row = bench(players, args.games, args.seconds)
        s = row["stats"]
        print(
            f"| {players} | {row['games']} | {row['won']} | {row['undecided']} | {row['moves']:.0f} | "
            f"{row['per_second']:.1f} | "
            f"{s['bound']} / {s['cache']} / {s['solver']} |"
        )


if __name__ == "__main__":
    main()
