"""Social Network: events judged per second, on ordinary and on long round logs.

Run: ``python benchmarks/social_bench.py [--smoke]``. The logs are legal random rounds from the test
suite's log writer (``tests/social_logs.py``); "long" rounds stall with many card cycles between
plays, so that one round holds thousands of events. Two figures per row: the referee alone (on a
parsed log), and reading the document too (pydantic validation, card and pile checks).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from social_logs import random_log  # noqa: E402

from model.social.engine import judge_round  # noqa: E402
from model.social.io import parse_round  # noqa: E402


def measure(label: str, logs: list[dict], repeats: int = 3) -> tuple[str, int, int, float, float]:
    events = sum(len(log["events"]) for log in logs)
    setups = [parse_round("bench", log) for log in logs]
    best_judge = best_total = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for setup, rules in setups:
            judge_round(setup, rules)
        best_judge = min(best_judge, time.perf_counter() - start)
        start = time.perf_counter()
        for log in logs:
            judge_round(*parse_round("bench", log))
        best_total = min(best_total, time.perf_counter() - start)
    return label, len(logs), events, events / best_judge, events / best_total


def main() -> None:
    # --smoke: every row on a few short logs, once (a second or two): CI runs it.
    smoke = "--smoke" in sys.argv[1:]
    many, long_events, repeats = (3, 300, 1) if smoke else (100, 12000, 3)
    rows = [
        measure("2 players, ordinary rounds", [random_log(s, 2)[0] for s in range(many)], repeats),
        measure("3 players, ordinary rounds", [random_log(s, 3)[0] for s in range(many)], repeats),
        measure("6 players, ordinary rounds", [random_log(s, 6)[0] for s in range(many // 2 or 1)], repeats),
        measure("6 players, long rounds", [random_log(s, 6, long_events, stall=0.99)[0]
                                           for s in range(3)], repeats),
    ]
    print("| logs | rounds | events | judged/s (referee) | judged/s (read + referee) |")
    print("|---|---|---|---|---|")
    for label, count, events, judged, total in rows:
        print(f"| {label} | {count} | {events} | {judged:,.0f} | {total:,.0f} |")


if __name__ == "__main__":
    main()
