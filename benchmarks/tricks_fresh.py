"""The Locked Network solver against a plain CP-SAT model on networks it was not tuned on.

Four families (``make_instances.FRESH``): game-grown networks of 10-16 cards, networks of 18-24
cards grown by the White House engine's entry rules from random catalogues, planted k x k
checkerboards with extra matching pairs (k = 4..10), and dense random networks (match density
0.8) of 14-16 cards. Besides the committed instances of those families and sizes, every run draws
FRESH instances from ``--seed S`` (``--count N`` per family and size; by default 29 per size for
the game-grown family, 203 networks, and 5 for the others), so that the figures do not
rest on the instances the solver was tuned on; any one of them is printed again by
``python benchmarks/make_instances.py --fresh FAMILY SIZE SEED INDEX``.

For each family one fresh process runs ``solver.network.solve.solve_tricks`` on every instance and
another runs ``tricks_bench.plain_cpsat`` (OR-Tools imported and warmed up before timing). The
plain model's time covers building it too; a plain run that does not prove its answer within the
limit counts as the limit. Every arrangement either side returns is checked with
``model.whitehouse.network.arrangement.check_arrangement``; when both sides prove an answer the
two must agree (a mismatch prints a line starting ``!!! MISMATCH``, and the exit status is 1).

The solver runs as shipped: one CP-SAT worker (``--solver-workers N`` forces N, for a comparison
at equal threads), every other setting at its default (``--set NAME=VALUE``, repeatable, changes a
field of ``solver.network.settings.Settings``: how each figure of ``tricks_settings.md`` is made
again). ``--num-workers`` sets the plain model's.

Usage: ``python benchmarks/tricks_fresh.py --seed S [--count N | --count FAMILY=N ...]
[--time-limit T] [--families game,engine,checker,dense] [--max-k K] [--num-workers W]
[--connected false] [--every-card-matched true] [--no-committed] [--by-size] [--set NAME=VALUE ...]``
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

import make_instances  # noqa: E402  (the benchmarks folder is on the path only from here)

#: An instance solved by both sides: (family, size, name, verify-tricks document).
Job = tuple[str, int, str, dict[str, Any]]
#: A solver that slower than plain by more than this many seconds is counted.
SLOWER_MARGIN = 0.5
#: Fresh instances per family and size unless ``--count`` says otherwise: game-grown networks
#: 29 for each of the 7 sizes (203 in all, the at least 200 the targets ask for), 5 elsewhere.
DEFAULT_COUNTS = {"game": 29}
DEFAULT_COUNT = 5


# --- instances ----------------------------------------------------------------------------------


def committed(families: list[str], max_k: int) -> list[Job]:
    """The committed instances of the fresh families' file families and sizes."""
    wanted: dict[tuple[str, int], tuple[str, int]] = {}
    for family in families:
        sizes, file_family, cards = make_instances.FRESH[family]
        for size in sizes:
            if family == "checker" and size > max_k:
                continue
            wanted[(file_family(size), cards(size))] = (family, size)
    jobs = []
    for path in sorted(make_instances.INSTANCE_DIR.glob("*.json")):
        stem_family, n, _seed = path.stem.split("_")
        found = wanted.get((stem_family, int(n.removeprefix("n"))))
        if found is not None:
            jobs.append((found[0], found[1], path.stem, json.loads(path.read_text())))
    return jobs


def drawn(families: list[str], counts: dict[str, int], seed: int, max_k: int) -> list[Job]:
    """``counts[family]`` fresh instances per family and size, drawn from ``seed``."""
    jobs = []
    for family in families:
        sizes, _file_family, _cards = make_instances.FRESH[family]
        for size in sizes:
            if family == "checker" and size > max_k:
                continue
            for index in range(counts[family]):
                name = make_instances.fresh_name(family, size, seed, index)
                jobs.append((family, size, name, make_instances.fresh(family, size, seed, index)))
    return jobs


# --- workers (each runs in a fresh process) -------------------------------------------------------


def network_of(document: dict[str, Any]):
    from model.whitehouse.network.arrangement import Event, Network, Supporter

    supporters = tuple(
        Supporter(item) if isinstance(item, int) else Supporter(item["id"], item.get("name"))
        for item in document["supporters"]
    )
    events = tuple(Event(e["id"], frozenset(e["supporters"]), e.get("name")) for e in document["events"])
    return Network(supporters, events)


def worker(
    side: str,
    documents: list[dict[str, Any]],
    rules_given: dict[str, bool],
    limit: float,
    workers: int,
    overrides: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    import ortools.sat.python.cp_model  # noqa: F401  (import cost kept out of the times)

    from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules, check_arrangement

    rules = TricksRules(**rules_given)
    stopped: list[str | None] = []  # the solver's stopped_by, per run
    if side == "solver":
        from solver.network.settings import Settings
        from solver.network.solve import solve_tricks

        # The solver ships with one CP-SAT worker; with more, each OPTIMAL or INFEASIBLE is
        # re-checked by one worker before it counts.
        settings = Settings(**{"cpsat_workers": workers, **(overrides or {})})

        def run(network):
            answer = solve_tricks(network, rules, time_limit=limit, settings=settings)
            stopped.append(answer.stopped_by)
            return answer.status.value, answer.tricks, answer.bound, answer.arrangement

    else:
        from tricks_bench import plain_cpsat

        def run(network):
            return plain_cpsat(network, rules, limit, num_workers=workers, whole_limit=True)

    run(Network((Supporter(1),), (Event("E", frozenset({1})),)))  # warm up
    rows = []
    for document in documents:
        network = network_of(document)
        start, start_cpu = time.perf_counter(), time.process_time()
        status, tricks, bound, arrangement = run(network)
        seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        checked = tricks is None
        if arrangement is not None:
            report = check_arrangement(network, arrangement, rules)
            checked = report.legal and report.tricks == tricks
        rows.append(
            {"status": status, "tricks": tricks, "bound": bound, "seconds": seconds, "cpu": cpu, "checked": checked,
             "stopped_by": stopped[-1] if stopped else None}
        )
    return rows


def in_fresh_process(*args: Any) -> list[dict[str, Any]]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(worker, *args).result()


# --- the table ------------------------------------------------------------------------------------


@dataclass
class Run:
    family: str
    size: int
    name: str
    cards: int
    solver: dict[str, Any]
    plain: dict[str, Any]
    limit: float

    @property
    def solver_time(self) -> float:
        return float(self.solver["seconds"])

    @property
    def plain_time(self) -> float:
        """The plain model's time, the limit when it did not prove its answer."""
        return self.limit if self.plain["status"] == "unproven" else float(self.plain["seconds"])

    @property
    def ratio(self) -> float:
        return self.solver_time / max(self.plain_time, 1e-6)


def duration(seconds: float) -> str:
    """``seconds`` as a table shows it: milliseconds below one second."""
    return f"{seconds * 1000:.0f}ms" if seconds < 1 else f"{seconds:.2f}s"


def _answer(row: dict[str, Any]) -> str:
    if row["status"] == "optimal":
        return f"optimal {row['tricks']}"
    if row["status"] == "infeasible":
        return "infeasible"
    found = "none" if row["tricks"] is None else row["tricks"]
    why = f" ({row['stopped_by']})" if row.get("stopped_by") else ""
    return f"unproven {found}/{row['bound'] if row['bound'] is not None else '?'}{why}"


def problems(runs: list[Run]) -> list[str]:
    out = []
    for run in runs:
        for side, row in (("solver", run.solver), ("plain", run.plain)):
            if not row["checked"]:
                out.append(f"!!! MISMATCH {run.name}: the {side}'s arrangement fails check_arrangement ({_answer(row)})")
        mine, theirs = run.solver, run.plain
        proven = {"optimal", "infeasible"}
        if mine["status"] in proven and theirs["status"] in proven:
            if (mine["status"], mine["tricks"]) != (theirs["status"], theirs["tricks"]):
                out.append(f"!!! MISMATCH {run.name}: solver {_answer(mine)} vs plain {_answer(theirs)}")
            continue
        for proven_row, other, who in ((mine, theirs, "plain"), (theirs, mine, "solver")):
            if proven_row["status"] == "infeasible" and other["tricks"] is not None:
                out.append(f"!!! MISMATCH {run.name}: {who} found {other['tricks']} where the other proved infeasible")
            if proven_row["status"] == "optimal" and other["tricks"] is not None and other["tricks"] > proven_row["tricks"]:
                out.append(f"!!! MISMATCH {run.name}: {who} found {other['tricks']} > proven {proven_row['tricks']}")
    return out


def table(runs: list[Run], key) -> list[str]:
    header = (
        f"| {'family':<12} | {'cards':>5} | {'cnt':>3} | {'S proven':>8} | {'S median':>8} | {'S worst':>8} | "
        f"{'P proven':>8} | {'P median':>8} | {'P worst':>8} | {'S/P total':>9} | {'worst S/P':>9} | "
        f"{'on instance':<30} | {'S > P+0.5s':>10} |"
    )
    lines = [header, "|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|"]
    groups: dict[Any, list[Run]] = {}
    families = list(dict.fromkeys(r.family for r in runs))
    for run in sorted(runs, key=lambda r: (families.index(r.family), r.size)):
        groups.setdefault(key(run), []).append(run)
    for label, members in groups.items():
        cards = sorted({r.cards for r in members})
        s_times = [r.solver_time for r in members]
        p_times = [r.plain_time for r in members]
        worst = max(members, key=lambda r: r.ratio)
        lines.append(
            f"| {label:<12} | {f'{cards[0]}-{cards[-1]}' if len(cards) > 1 else cards[0]:>5} | {len(members):>3} | "
            f"{sum(r.solver['status'] != 'unproven' for r in members):>8} | {duration(statistics.median(s_times)):>8} | "
            f"{duration(max(s_times)):>8} | {sum(r.plain['status'] != 'unproven' for r in members):>8} | "
            f"{duration(statistics.median(p_times)):>8} | {duration(max(p_times)):>8} | "
            f"{sum(s_times) / max(sum(p_times), 1e-9):>9.3f} | {worst.ratio:>9.2f} | {worst.name:<30} | "
            f"{sum(r.solver_time > r.plain_time + SLOWER_MARGIN for r in members):>10} |"
        )
    return lines


def worst_cases(runs: list[Run]) -> list[str]:
    lines = ["worst cases (solver | plain):"]
    for family in dict.fromkeys(r.family for r in runs):
        members = [r for r in runs if r.family == family]
        slowest = max(members, key=lambda r: r.solver_time)
        behind = max(members, key=lambda r: r.solver_time - r.plain_time)
        for what, run in (("slowest solver", slowest), ("most behind plain", behind)):
            lines.append(
                f"  {family:<8} {what:<17} {run.name:<30} solver {duration(run.solver_time)} (CPU {duration(run.solver['cpu'])}) "
                f"{_answer(run.solver)} | plain {duration(run.plain['seconds'])} (CPU {duration(run.plain['cpu'])}) {_answer(run.plain)}"
            )
    return lines


def true_or_false(text: str) -> bool:
    if text.lower() in ("true", "yes", "1"):
        return True
    if text.lower() in ("false", "no", "0"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, not {text!r}")


def families_and_counts(
    parser: argparse.ArgumentParser, families_text: str, count_texts: list[str]
) -> tuple[list[str], dict[str, int]]:
    """``--families`` (comma-separated) and the fresh instances per family and size: the
    defaults, then each ``--count N`` (every family) or ``--count FAMILY=N`` in turn; a usage
    error names an unknown family."""
    families = [f for f in families_text.split(",") if f]
    unknown = [f for f in families if f not in make_instances.FRESH]
    if unknown:
        parser.error(f"unknown families {unknown} (known: {', '.join(make_instances.FRESH)})")
    counts = {family: DEFAULT_COUNTS.get(family, DEFAULT_COUNT) for family in families}
    for text in count_texts:
        family, _, number = text.rpartition("=")
        if family and family not in counts:
            parser.error(f"--count {text}: unknown family {family!r}")
        for f in [family] if family else families:
            counts[f] = int(number)
    return families, counts


def settings_given(parser: argparse.ArgumentParser, given: list[str]) -> dict[str, Any]:
    """``--set NAME=VALUE`` flags as Settings fields, each value of its field's type."""
    from dataclasses import fields

    from solver.network.settings import DEFAULT_SETTINGS

    known = {field.name for field in fields(DEFAULT_SETTINGS)}
    overrides: dict[str, Any] = {}
    for item in given:
        name, _, text = item.partition("=")
        if name not in known or not text:
            parser.error(f"--set {item}: expected NAME=VALUE with NAME a field of Settings")
        kind = type(getattr(DEFAULT_SETTINGS, name))
        try:
            overrides[name] = kind(text)
        except ValueError:
            parser.error(f"--set {item}: {name} takes a {kind.__name__}")
    return overrides


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    smoke = "--smoke" in (sys.argv[1:] if argv is None else argv)
    parser.add_argument("--smoke", action="store_true", help="one small fresh game network, briefly: CI runs it")
    parser.add_argument("--seed", type=int, required=not smoke, help="draws the fresh instances")
    parser.add_argument(
        "--count", action="append", default=[], metavar="N|FAMILY=N",
        help="fresh instances per family and size (default: game 29, i.e. 203 networks, others 5); "
        "FAMILY=N for one family; repeatable",
    )
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per instance and side")
    parser.add_argument("--families", default=",".join(make_instances.FRESH), help="comma-separated")
    parser.add_argument("--max-k", type=int, default=10, help="largest checkerboard side")
    parser.add_argument("--num-workers", type=int, default=2, help="CP-SAT threads of the plain model")
    parser.add_argument("--solver-workers", type=int, default=1, help="CP-SAT threads of the solver (as shipped: 1)")
    parser.add_argument("--connected", type=true_or_false, default=True, metavar="true|false")
    parser.add_argument("--every-card-matched", type=true_or_false, default=False, metavar="true|false")
    parser.add_argument("--no-committed", action="store_true", help="fresh instances only")
    parser.add_argument("--by-size", action="store_true", help="also one row per family and size")
    parser.add_argument("--rows", type=Path, help="also write every run to this JSON file")
    parser.add_argument(
        "--set", action="append", default=[], dest="settings", metavar="NAME=VALUE",
        help="a field of the solver's Settings (repeatable), e.g. climb_deeper=1",
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.seed, args.families, args.count, args.time_limit, args.no_committed = 0, "game", ["1"], 2.0, True
    overrides = settings_given(parser, args.settings)

    families, counts = families_and_counts(parser, args.families, args.count)
    kept = [] if args.no_committed else committed(families, args.max_k)
    jobs = kept + drawn(families, counts, args.seed, args.max_k)
    jobs = jobs[:1] if args.smoke else jobs
    rules = {"connected": args.connected, "every_card_matched": args.every_card_matched}

    started = time.perf_counter()
    load_at_start = os.getloadavg()
    runs: list[Run] = []
    for family in families:
        mine = [job for job in jobs if job[0] == family]
        if not mine:
            continue
        documents = [job[3] for job in mine]
        solver_rows = in_fresh_process("solver", documents, rules, args.time_limit, args.solver_workers, overrides)
        plain_rows = in_fresh_process("plain", documents, rules, args.time_limit, args.num_workers)
        for (fam, size, name, document), s_row, p_row in zip(mine, solver_rows, plain_rows, strict=True):
            cards = len(document["supporters"]) + len(document["events"])
            runs.append(Run(fam, size, name, cards, s_row, p_row, args.time_limit))
        print(f"[{time.perf_counter() - started:5.0f}s] {family}: {len(mine)} instances", file=sys.stderr, flush=True)

    load_at_end = os.getloadavg()
    print(
        f"rules connected={str(args.connected).lower()} every_card_matched={str(args.every_card_matched).lower()}; "
        f"limit {args.time_limit:g}s per instance and side; threads: solver {args.solver_workers}, "
        f"plain {args.num_workers}; fresh seed {args.seed}; "
        f"{len(jobs) - len(kept)} fresh + {len(kept)} committed instances"
        + "".join(f"; {name}={value}" for name, value in overrides.items())
    )
    print("S = solver (solve_tricks), P = plain CP-SAT; times are wall clock, P counts the limit when unproven;")
    print("S/P total = solver's total time / plain's; worst S/P = the largest per-instance ratio.")
    lines = table(runs, lambda r: r.family)
    if args.by_size:
        lines += [""] + table(runs, lambda r: f"{r.family} {r.size}")
    print("\n".join(lines))
    print("\n".join(worst_cases(runs)))
    print(
        f"CPU time in all: solver {sum(r.solver['cpu'] for r in runs):.0f}s, plain {sum(r.plain['cpu'] for r in runs):.0f}s "
        f"(wall: solver {sum(r.solver_time for r in runs):.0f}s, plain {sum(r.plain_time for r in runs):.0f}s)"
    )
    found = problems(runs)
    print("\n".join(found) if found else "cross-checks: every arrangement passed the checker; all proven answers agree")
    print(
        f"wall time {time.perf_counter() - started:.0f}s on {os.cpu_count()} cores; load average (1, 5, 15 min) "
        f"{' '.join(f'{x:.2f}' for x in load_at_start)} at start, {' '.join(f'{x:.2f}' for x in load_at_end)} at end"
    )
    if args.rows:
        args.rows.write_text(
            json.dumps([{"family": r.family, "size": r.size, "name": r.name, "cards": r.cards,
                         "solver": r.solver, "plain": r.plain} for r in runs], indent=1) + "\n"
        )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
