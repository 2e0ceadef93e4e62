"""Two checkouts' Locked Network solvers on the same fresh networks, side by side.

"This" is the checkout holding this script; "other" is ``--other PATH``, another checkout, say a
worktree of an earlier commit (``git worktree add --detach /tmp/before <commit>``). Each side
runs in a fresh process of its own that imports only its own checkout's packages (checked: each
answer says which file its ``solve_tricks`` came from). The networks (``make_instances.fresh``,
as in ``tricks_fresh.py``) go to the two sides in turn, one at a time, so that a slow spell of
the machine falls on both alike: on a 2-core machine the same code's total over 203 networks
has varied by a third from one run to the next, so two runs made apart compare little. The plain
model is not run here (``tricks_fresh.py`` puts it beside the solver).

Prints per family: networks, undecided, total and median time, how many took over a second,
the worst; the networks whose times differ most; and a line starting ``!!! MISMATCH`` (exit
status 1) where both sides proved different answers or an arrangement fails the checker.

Usage: ``python -P benchmarks/tricks_compare.py --other PATH --seed S [--families game,engine]
[--count N | --count FAMILY=N ...] [--time-limit T] [--connected false]
[--every-card-matched true]``
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: A run over this many seconds counts as slow (the target: every network within a second).
SLOW = 1.0


# --- each side, in a process of its own (nothing of either checkout imported before) -------------


def _start(root: str) -> None:
    """Put ``root`` first on the path, import OR-Tools (its import cost kept out of the times)
    and warm up on a one-pair network."""
    sys.path.insert(0, root)
    import ortools.sat.python.cp_model  # noqa: F401

    _solve({"supporters": [1], "events": [{"id": "E", "supporters": [1]}]}, {}, 1.0)


def _solve(document: dict[str, Any], rules_given: dict[str, bool], limit: float) -> dict[str, Any]:
    from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules, check_arrangement
    from solver.network import solve

    # The network is built here, not by ``tricks_fresh.network_of``: importing that module puts
    # this checkout first on the path, ahead of the other side's.
    supporters = tuple(
        Supporter(item) if isinstance(item, int) else Supporter(item["id"], item.get("name"))
        for item in document["supporters"]
    )
    events = tuple(Event(e["id"], frozenset(e["supporters"]), e.get("name")) for e in document["events"])
    network = Network(supporters, events)
    rules = TricksRules(**rules_given)
    start = time.perf_counter()
    answer = solve.solve_tricks(network, rules, time_limit=limit)
    seconds = time.perf_counter() - start
    checked = answer.arrangement is None
    if answer.arrangement is not None:
        report = check_arrangement(network, answer.arrangement, rules)
        checked = report.legal and report.tricks == answer.tricks
    return {"status": answer.status.value, "tricks": answer.tricks, "bound": answer.bound,
            "seconds": seconds, "checked": checked, "source": solve.__file__}


# --- the comparison --------------------------------------------------------------------------------


def _answer(row: dict[str, Any]) -> str:
    if row["status"] in ("optimal", "infeasible"):
        return f"{row['status']} {row['tricks']}" if row["status"] == "optimal" else "infeasible"
    return f"unproven {row['tricks']}/{row['bound']}"


def summary(label: str, rows: list[dict[str, Any]]) -> str:
    from tricks_fresh import duration

    times = [row["seconds"] for row in rows]
    return (
        f"| {label:<6} | {len(rows):>3} | {sum(row['status'] == 'unproven' for row in rows):>9} | "
        f"{sum(times):>8.1f}s | {duration(statistics.median(times)):>8} | {sum(t > SLOW for t in times):>8} | "
        f"{duration(max(times)):>8} |"
    )


def mismatches(names: list[str], this: list[dict[str, Any]], other: list[dict[str, Any]]) -> list[str]:
    out = []
    for name, mine, theirs in zip(names, this, other, strict=True):
        for side, row in (("this", mine), ("other", theirs)):
            if not row["checked"]:
                out.append(f"!!! MISMATCH {name}: {side}'s arrangement fails check_arrangement ({_answer(row)})")
        proven = ("optimal", "infeasible")
        if mine["status"] in proven and theirs["status"] in proven and _answer(mine) != _answer(theirs):
            out.append(f"!!! MISMATCH {name}: this {_answer(mine)} vs other {_answer(theirs)}")
    return out


def main(argv: list[str] | None = None) -> int:
    sys.path[:0] = [str(HERE)]
    import make_instances
    from tricks_fresh import duration, families_and_counts, true_or_false

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    smoke = "--smoke" in (sys.argv[1:] if argv is None else argv)
    parser.add_argument("--smoke", action="store_true",
                        help="this checkout against itself on the smallest fresh game networks: CI runs it")
    parser.add_argument("--other", type=Path, required=not smoke, help="the other checkout's root")
    parser.add_argument("--seed", type=int, required=not smoke, help="draws the fresh instances")
    parser.add_argument("--families", default="game", help="comma-separated (default: game)")
    parser.add_argument("--count", action="append", default=[], metavar="N|FAMILY=N",
                        help="fresh instances per family and size (as tricks_fresh.py: game 29, i.e. "
                        "203 networks, others 5)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per network and side")
    parser.add_argument("--connected", type=true_or_false, default=True, metavar="true|false")
    parser.add_argument("--every-card-matched", type=true_or_false, default=False, metavar="true|false")
    args = parser.parse_args(argv)
    if args.smoke:
        args.other, args.seed, args.families, args.count, args.time_limit = ROOT, 0, "game", ["1"], 2.0
    other = args.other.resolve()
    if not (other / "solver" / "network" / "solve.py").is_file():
        parser.error(f"--other {args.other}: no solver/network/solve.py there")
    families, counts = families_and_counts(parser, args.families, args.count)
    rules = {"connected": args.connected, "every_card_matched": args.every_card_matched}

    context = multiprocessing.get_context("spawn")
    sides = [ProcessPoolExecutor(1, context, initializer=_start, initargs=(str(root),)) for root in (ROOT, other)]
    status = 0
    print(f"this = {ROOT}, other = {other}; fresh seed {args.seed}; limit {args.time_limit:g}s; rules {rules}")
    print(f"| side   | cnt | undecided |    total |   median | over {SLOW:.0f} s |    worst |")
    print("|--------|-----|-----------|----------|----------|----------|----------|")
    try:
        for family in families:
            sizes = make_instances.FRESH[family][0]
            names: list[str] = []
            rows: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
            for size in sizes:
                for index in range(counts[family]):
                    document = make_instances.fresh(family, size, args.seed, index)
                    names.append(make_instances.fresh_name(family, size, args.seed, index))
                    for side, root, out in zip(sides, (ROOT, other), rows, strict=True):
                        row = side.submit(_solve, document, rules, args.time_limit).result()
                        if not Path(row["source"]).resolve().is_relative_to(root):
                            raise SystemExit(f"the side of {root} ran {row['source']}: not its own checkout")
                        out.append(row)
            print(summary(f"{family[:4]} T", rows[0]))
            print(summary(f"{family[:4]} O", rows[1]))
            gaps = sorted(range(len(names)), key=lambda i: rows[0][i]["seconds"] - rows[1][i]["seconds"])
            for label, picked in (("this faster", gaps[:3]), ("this slower", gaps[::-1][:3])):
                print(f"  {family} {label}: " + ", ".join(
                    f"{names[i]} {duration(rows[1][i]['seconds'])} -> {duration(rows[0][i]['seconds'])}" for i in picked))
            found = mismatches(names, rows[0], rows[1])
            print("\n".join(found) if found else f"  {family}: every arrangement passed the checker; proven answers agree")
            status = status or (1 if found else 0)
    finally:
        for side in sides:
            side.shutdown()
    return status


if __name__ == "__main__":
    sys.exit(main())
