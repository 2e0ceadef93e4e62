"""Oh My Socks! figures: full random legal games per second (one core), and scoring time per file.

    python benchmarks/socks_bench.py [--seconds S]

Prints a markdown table. Games are played by the engine with every decision drawn at random
(``play_random``: one checked simulation per turn); scoring parses a file and places every open
Super Sock (the exact path for one, CP-SAT for more).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.common.jsonio import load_json  # noqa: E402
from model.socks.cards import sample_catalogue  # noqa: E402
from model.socks.engine import play  # noqa: E402
from model.socks.io import parse_scoring  # noqa: E402
from model.socks.random_play import random_game  # noqa: E402
from model.socks.rules import SocksRules  # noqa: E402
from solver.socks import score_game  # noqa: E402


def games_per_second(players: int, seconds: float) -> tuple[float, float]:
    catalogue, rules = sample_catalogue(), SocksRules()
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(players)
    games = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, moves, _ = random_game(catalogue, rules, names, rng)
        games += 1
        turns += len(moves)
    elapsed = time.perf_counter() - start
    return games / elapsed, turns / games


def checked_games_per_second(players: int, seconds: float) -> float:
    """Games where every random move is played again through the full legality check."""
    catalogue, rules = sample_catalogue(), SocksRules()
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(players)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        first, moves, last = random_game(catalogue, rules, names, rng)
        state = first
        for move in moves:
            state = play(state, move)
        assert state == last
        games += 1
    return games / (time.perf_counter() - start)


def scoring_ms(path: Path, repeat: int = 20) -> float:
    data = load_json(str(path))
    start = time.perf_counter()
    for _ in range(repeat):
        scoring = parse_scoring(path.name, data)
        score_game(scoring.hands, scoring.rules)
    return (time.perf_counter() - start) / repeat * 1000


def many_wilds_document(wilds: int) -> dict:
    # Set n of the sample catalogue holds n Socks: at most that many in a hand.
    sets = {str(n): [1 + (n * k) % 3 for k in range(min(n, 1 + n % 3))] for n in range(2, 12)}
    return {
        "players": [
            {"name": "A", "sets": sets, "super_socks": ["choose"] * wilds},
            {"name": "B", "sets": {"4": [2, 1]}},
        ]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game measurement")
    parser.add_argument("--smoke", action="store_true", help="every row once, briefly (a second or two): CI runs it")
    args = parser.parse_args()
    if args.smoke:
        args.seconds = 0.05
    score_game(parse_scoring("warm-up", many_wilds_document(2)).hands)  # import CP-SAT once

    print("| figure | value |")
    print("|---|---|")
    for players in (2, 3, 4, 6):
        rate, turns = games_per_second(players, args.seconds)
        print(f"| random games/s, {players} players (one core) | {rate:,.0f} ({turns:.1f} turns/game) |")
    rate = checked_games_per_second(4, args.seconds)
    print(f"| random games/s, 4 players, every move re-checked by `play` | {rate:,.0f} |")
    for path in sorted((ROOT / "examples" / "socks").glob("*.json")):
        if path.name in {"game.log.json", "illegal.log.json", "position.json"}:
            continue
        print(f"| scoring examples/socks/{path.name} | {scoring_ms(path):.2f} ms |")
    for name in () if args.smoke else ("score.json", "super-sock-gift.json"):
        command = [sys.executable, "-c", "import cli; cli.main()", "socks", str(ROOT / "examples" / "socks" / name)]
        start = time.perf_counter()
        for _ in range(5):
            subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
        elapsed = (time.perf_counter() - start) / 5 * 1000
        print(f"| `verify socks examples/socks/{name}`, whole process | {elapsed:.0f} ms |")
    for wilds in (2,) if args.smoke else (2, 4, 8):
        document = many_wilds_document(wilds)
        start = time.perf_counter()
        for _ in range(5):
            scoring = parse_scoring("bench", document)
            score_game(scoring.hands, scoring.rules)
        elapsed = (time.perf_counter() - start) / 5 * 1000
        print(f"| scoring 10 sets with {wilds} open Super Socks (CP-SAT) | {elapsed:.2f} ms |")


if __name__ == "__main__":
    main()
