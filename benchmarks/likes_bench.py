"""Likes and Lies benchmark: rounds resolved per second.

Plays seeded random legal games (``model.likes.random_play``, as ``verify compare`` does) on the
illustrative sample board and decks (every vote, Intent and report drawn at random among the
legal ones, Event cards drawn as landings call for them), keeps every round with the state
before it, then times

- the engine alone (``resolve_round``) over all those rounds,
- the engine plus the independent checker (``check_round``),
- whole-game replays (``replay_game``), and
- one `verify likes round --json` process, start to finish.

Run: ``python benchmarks/likes_bench.py [--games N] [--seed S] [--smoke]``. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from model.likes.check import check_round
from model.likes.engine import History, replay_game, resolve_round
from model.likes.io import sample_catalogue
from model.likes.random_play import random_game
from model.likes.rules import LikesRules

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def rounds_of(start, inputs, result):
    """Each round of a played game with the players and the used cards before it."""
    players, history = start, History()
    for rnd, resolved in zip(inputs, result.rounds, strict=False):
        yield players, history, rnd, resolved
        players, history = resolved.players, history.after(rnd, resolved)


def per_second(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--smoke", action="store_true", help="a few games, one process run (a second or two): CI runs it")
    args = parser.parse_args()
    if args.smoke:
        args.games = 5
    catalogue = sample_catalogue()
    rules = LikesRules()
    rng = random.Random(args.seed)
    games = [random_game(catalogue, rules, NAMES[:rng.randint(3, 5)], rng) for _ in range(args.games)]
    rounds = [step for game in games for step in rounds_of(*game)]
    won = sum(1 for _, _, result in games if result.winners)

    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        for before, history, rnd, _ in rounds:
            resolve_round(catalogue, before, rnd, rules, history)
        best = min(best, time.perf_counter() - began)

    began = time.perf_counter()
    for before, history, rnd, _ in rounds:
        result = resolve_round(catalogue, before, rnd, rules, history)
        assert not check_round(catalogue, before, rnd, result)
    checked = time.perf_counter() - began

    began = time.perf_counter()
    for start, inputs, _ in games:
        replay_game(catalogue, start, inputs, rules)
    replayed = time.perf_counter() - began

    example = ROOT / "examples" / "likes" / "round-third-influencer.json"
    runs, cpu = [], []
    for _ in range(1 if args.smoke else 5):
        began = time.perf_counter()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", "import cli; cli.main()", "likes", "round",
                        str(example), "--json"], check=True, capture_output=True, cwd=ROOT)
        runs.append(time.perf_counter() - began)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)

    lengths = [len(inputs) for _, inputs, _ in games]
    print(f"{args.games} seeded random games (seed {args.seed}), {len(rounds)} rounds, "
          f"{won} won, median {statistics.median(lengths):g} rounds a game")
    print()
    print("| measure | figure |")
    print("|---|---|")
    print(f"| rounds resolved per second (engine) | {per_second(len(rounds), best)} |")
    print(f"| rounds resolved and checked per second (engine + checker) "
          f"| {per_second(len(rounds), checked)} |")
    print(f"| games replayed per second | {per_second(len(games), replayed)} |")
    print(f"| `verify likes round --json`, one process (median of 5) "
          f"| {statistics.median(runs) * 1000:.0f} ms wall, "
          f"{statistics.median(cpu) * 1000:.0f} ms CPU |")


if __name__ == "__main__":
    main()
