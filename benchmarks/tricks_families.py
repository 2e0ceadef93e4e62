"""Per-family solve times of ``solve_tricks`` on ``benchmarks/instances/`` (one process, OR-Tools
imported before timing). Usage: ``python benchmarks/tricks_families.py [--limit S] PATTERN...``
where each PATTERN is a file-name glob such as ``random-d0.5_n012_*``."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]


def main() -> None:
    import ortools.sat.python.cp_model  # noqa: F401  (import cost kept out of the times)

    from model.whitehouse.network.arrangement import check_arrangement
    from model.whitehouse.network.io import load_question
    from solver.network.solve import solve_tricks

    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=10.0)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="one small instance, briefly: CI runs it")
    parser.add_argument("patterns", nargs="*")
    args = parser.parse_args()
    if args.smoke:
        args.patterns, args.limit = ["game_n008_s00"], 2.0
    if not args.patterns:
        parser.error("give at least one PATTERN")
    print("| family | instances | proven | median s | worst s | open gaps (seed:best/bound) |")
    print("|---|---|---|---|---|---|")
    for pattern in args.patterns:
        paths = sorted((ROOT / "benchmarks" / "instances").glob(pattern + ".json"))
        times, proven, gaps = [], 0, []
        for path in paths:
            question = load_question(str(path), None, ())
            start = time.monotonic()
            answer = solve_tricks(question.network, question.rules, time_limit=args.limit)
            seconds = time.monotonic() - start
            times.append(seconds)
            if answer.arrangement is not None:
                report = check_arrangement(question.network, answer.arrangement, question.rules)
                assert report.legal and report.tricks == answer.tricks
            if answer.status.value in ("optimal", "infeasible"):
                proven += 1
            else:
                gaps.append(f"{path.stem.split('_')[-1]}:{answer.tricks}/{answer.bound}")
            if args.verbose:
                print(f"  {path.stem} {answer.status.value} {answer.tricks}/{answer.bound} {seconds:.2f}s {answer.proven_by}", flush=True)
        print(
            f"| {pattern} | {len(paths)} | {proven} | {statistics.median(times):.3f} | {max(times):.3f} | {' '.join(gaps)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
