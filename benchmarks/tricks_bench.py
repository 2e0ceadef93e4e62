"""Benchmark of the Locked Network solver (``verify tricks``) on the seeded instances in
``benchmarks/instances/`` (written by ``benchmarks/make_instances.py``).

For each family and size it prints, in one table: how many instances, the share proven, median
and worst solve time, the worst gap (bound - tricks) left open, and the peak memory of the
process that solved them; and, side by side from the same run, two references on the same
instances with the same time limit:
- the brute-force oracle of the test suite (``tests/oracle_tricks.py``), where it finishes;
- a plain CP-SAT model written below (position booleans over an n x n box, single-commodity
  flow connectivity, no bounds, no symmetry breaking, no hint, one worker), for up to 18 cards.
Each solver runs in a fresh process per group, so that import costs stay out of the times and
peak memory (``ru_maxrss``) belongs to that solver alone. Every arrangement any of them returns is
checked with ``model.whitehouse.network.arrangement.check_arrangement``; disagreements between proven answers are listed.

Usage: ``python benchmarks/tricks_bench.py [--quick] [--families game,stress] [--time-limit S]``
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

INSTANCE_DIR = Path(__file__).resolve().parent / "instances"

#: Time limit per family (seconds); every other family gets DEFAULT_LIMIT.
FAMILY_LIMITS = {"planted-k8": 60.0, "stress": 20.0}
DEFAULT_LIMIT = 10.0
#: The plain model runs up to this many cards (an n x n box beyond that is only slow to build).
PLAIN_MAX_CARDS = 18
#: The oracle is tried up to this many cards, under the same time limit.
ORACLE_MAX_CARDS = 10
#: ``--quick``: (family, cards) -> instances taken, and a shorter time limit.
QUICK = {
    ("game", 6): 3,
    ("game", 8): 3,
    ("game", 12): 3,
    ("random-d0.2", 8): 2,
    ("random-d0.5", 10): 2,
    ("random-d0.8", 10): 2,
    ("planted-k4", 16): 1,
    ("planted-k5", 25): 1,
    ("stress", 30): 1,
}
QUICK_LIMIT = 3.0

#: The notes' row "CP-SAT, position booleans + flow" (random networks at density 0.5, 10 s):
#: median seconds where all were proven, else the number proven.
NOTES_PLAIN = {8: ("median", 0.08), 10: ("median", 1.50), 12: ("proven", "1 of 5"), 16: ("proven", "1 of 6")}


# --- instances ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Instance:
    path: Path
    family: str
    cards: int

    @property
    def name(self) -> str:
        return self.path.stem


def discover(families: set[str] | None, quick: bool) -> list[Instance]:
    found = []
    for path in sorted(INSTANCE_DIR.glob("*.json")):
        family, size, _seed = path.stem.split("_")
        instance = Instance(path, family, int(size.removeprefix("n")))
        if families and not any(instance.family.startswith(f) for f in families):
            continue
        found.append(instance)
    if quick:
        taken: dict[tuple[str, int], int] = {}
        kept = []
        for instance in found:
            key = (instance.family, instance.cards)
            if taken.get(key, 0) < QUICK.get(key, 0):
                taken[key] = taken.get(key, 0) + 1
                kept.append(instance)
        found = kept
    return found


def load(path: Path):
    """A ``verify tricks`` input file (as make_instances writes them) as (Network, TricksRules)."""
    from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules

    data = json.loads(path.read_text())
    supporters = tuple(
        Supporter(item) if isinstance(item, int) else Supporter(item["id"], item.get("name"))
        for item in data["supporters"]
    )
    events = tuple(Event(e["id"], frozenset(e["supporters"]), e.get("name")) for e in data["events"])
    return Network(supporters, events), TricksRules(**data.get("rules", {}))


# --- the plain CP-SAT model (the baseline) --------------------------------------------------------


class PlainOutOfTime(Exception):
    """Building the plain model alone took the whole time limit."""


def plain_cpsat(network, rules, time_limit: float, num_workers: int = 1, whole_limit: bool = False):
    """Position booleans over an n x n box, flow connectivity, nothing else. Returns
    (status, tricks, bound, arrangement) with status "optimal", "infeasible" or "unproven".

    ``rules.every_card_matched`` adds one clause per card (one of its Tricks holds). Without
    ``rules.connected`` the n x n box still holds an optimum: the pieces, laid corner to corner
    down the diagonal, share no border. ``whole_limit``: the time limit covers building the model
    too (the build stops, as unproven, when it alone takes the limit)."""
    deadline = time.perf_counter() + time_limit

    def on_time() -> None:
        if whole_limit and time.perf_counter() > deadline:
            raise PlainOutOfTime

    try:
        return _plain_cpsat(network, rules, time_limit, num_workers, whole_limit, deadline, on_time)
    except PlainOutOfTime:
        return "unproven", None, None, None


def _plain_cpsat(network, rules, time_limit, num_workers, whole_limit, deadline, on_time):
    from ortools.sat.python import cp_model

    from model.whitehouse.network.arrangement import Arrangement, Placement, count_tricks

    cards = network.cards()
    n = len(cards)
    if n == 0:
        return "optimal", 0, 0, Arrangement(())
    box = [(r, c) for r in range(n) for c in range(n)]
    links = [((r, c), (r + dr, c + dc)) for r, c in box for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n]
    model = cp_model.CpModel()
    at = {(i, p): model.new_bool_var(f"at_{i}_{p}") for i in range(n) for p in box}

    # Each card on exactly one cell, each cell holds at most one card.
    for i in range(n):
        model.add_exactly_one(at[i, p] for p in box)
    occupied = {}
    for p in box:
        occupied[p] = model.new_bool_var(f"occ_{p}")
        model.add(sum(at[i, p] for i in range(n)) == occupied[p])

    # A Supporter never borders an Event that does not list it (one row per Supporter, cell and
    # neighbouring cell, over all the Events it does not match).
    supporters = [i for i, card in enumerate(cards) if card.kind == "supporter"]
    events = [i for i, card in enumerate(cards) if card.kind == "event"]
    around = {(r, c): [q for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if q in occupied] for r, c in box}
    for s in supporters:
        strangers = [e for e in events if not network.matches(cards[s], cards[e])]
        if strangers:
            for p in box:
                for q in around[p]:
                    model.add(at[s, p] + sum(at[e, q] for e in strangers) <= 1)
        on_time()

    # A matching pair makes a Trick only when the two cards sit on neighbouring cells.
    tricks = []
    tricks_of: dict[int, list] = {i: [] for i in range(n)}
    for s in supporters:
        for e in events:
            if network.matches(cards[s], cards[e]):
                trick = model.new_bool_var(f"trick_{s}_{e}")
                for p in box:
                    model.add_bool_or([at[e, q] for q in around[p]]).only_enforce_if([trick, at[s, p]])
                tricks.append(trick)
                tricks_of[s].append(trick)
                tricks_of[e].append(trick)
        on_time()
    if rules.every_card_matched:
        # A Trick holds only when its two cards border: one per card means each borders a match.
        for i in range(n):
            model.add_bool_or(tricks_of[i])

    # Connectivity: one root sends one unit of flow to every other occupied cell.
    if rules.connected and n > 1:
        root = {p: model.new_bool_var(f"root_{p}") for p in box}
        model.add_exactly_one(root.values())
        inflow: dict = {p: [] for p in box}
        outflow: dict = {p: [] for p in box}
        for p, q in links:
            for u, v in ((p, q), (q, p)):
                flow = model.new_int_var(0, n - 1, f"flow_{u}_{v}")
                model.add(flow <= (n - 1) * occupied[u])
                model.add(flow <= (n - 1) * occupied[v])
                outflow[u].append(flow)
                inflow[v].append(flow)
        for p in box:
            model.add_implication(root[p], occupied[p])
            model.add(sum(inflow[p]) - sum(outflow[p]) == occupied[p] - n * root[p])
        on_time()

    model.maximize(sum(tricks))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = num_workers
    solver.parameters.random_seed = 0
    left = deadline - time.perf_counter() if whole_limit else time_limit
    solver.parameters.max_time_in_seconds = max(left, 0.001)
    result = solver.solve(model)
    if result == cp_model.INFEASIBLE:
        return "infeasible", None, None, None
    if result not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "unproven", None, None, None
    placements = tuple(
        Placement(cards[i], p[0], p[1]) for i in range(n) for p in box if solver.value(at[i, p])
    )
    arrangement = Arrangement(placements).normalized()
    # A solution short of the optimum may leave a Trick uncounted: count them on the layout.
    value = count_tricks(network, arrangement)
    bound = int(solver.best_objective_bound + 1e-6)
    status = "optimal" if result == cp_model.OPTIMAL else "unproven"
    return status, value, (value if status == "optimal" else bound), arrangement


# --- workers (each runs in a fresh process) -------------------------------------------------------


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _checked(network, rules, tricks, arrangement) -> bool:
    from model.whitehouse.network.arrangement import check_arrangement

    if arrangement is None:
        return tricks is None
    report = check_arrangement(network, arrangement, rules)
    return report.legal and report.tricks == tricks


def solver_worker(paths: list[Path], time_limit: float, engine: str) -> tuple[list[dict], float]:
    from model.whitehouse.network.arrangement import Event, Network, Supporter

    if engine == "solver":
        from solver.network.solve import solve_tricks

        def run(network, rules):
            answer = solve_tricks(network, rules, time_limit=time_limit)
            return answer.status.value, answer.tricks, answer.bound, answer.arrangement

    elif engine == "plain":

        def run(network, rules):
            return plain_cpsat(network, rules, time_limit)

    else:
        from oracle_tricks import OracleTimeout, oracle_solve

        def run(network, rules):
            try:
                found = oracle_solve(network, rules, deadline=time.monotonic() + time_limit)
            except OracleTimeout:
                return "unproven", None, None, None
            if found is None:
                return "infeasible", None, None, None
            return "optimal", found[0], found[0], found[1]

    # Warm up (imports, first-call costs) on a two-card network before timing anything.
    run(Network((Supporter(1),), (Event("E", frozenset({1})),)), load_rules_default())
    rows = []
    for path in paths:
        network, rules = load(path)
        start, start_cpu = time.perf_counter(), time.process_time()
        status, tricks, bound, arrangement = run(network, rules)
        seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        rows.append(
            {
                "name": path.stem,
                "status": status,
                "tricks": tricks,
                "bound": bound,
                "seconds": seconds,
                "cpu": cpu,
                "checked": _checked(network, rules, tricks, arrangement),
            }
        )
    return rows, _peak_mb()


def load_rules_default():
    from model.whitehouse.network.arrangement import TricksRules

    return TricksRules()


def in_fresh_process(paths: list[Path], time_limit: float, engine: str) -> tuple[list[dict], float]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(solver_worker, paths, time_limit, engine).result()


# --- the table ------------------------------------------------------------------------------------


def _fmt_time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    if seconds < 1:
        return f"{seconds * 1000:.1f}ms"
    return f"{seconds:.2f}s"


def _fmt_ratio(ratio: float | None, lower: bool) -> str:
    if ratio is None:
        return "-"
    text = f"{ratio:.0f}x" if ratio >= 10 else f"{ratio:.1f}x"
    return (">=" if lower else "") + text


@dataclass
class Group:
    family: str
    cards: int
    limit: float
    solver: list[dict]
    peak_mb: float
    oracle: list[dict] | None = None
    plain: list[dict] | None = None

    @property
    def proven(self) -> int:
        return sum(1 for row in self.solver if row["status"] != "unproven")

    @property
    def times(self) -> list[float]:
        return [row["seconds"] for row in self.solver]

    def speedups(self, reference: list[dict]) -> list[tuple[float, bool]]:
        """Per instance: reference time / solver time, and whether it is only a lower bound (the
        reference ran out of time, so its time is capped at the limit)."""
        pairs = []
        for mine, theirs in zip(self.solver, reference, strict=False):
            capped = theirs["status"] == "unproven"
            other = self.limit if capped else theirs["seconds"]
            pairs.append((other / max(mine["seconds"], 1e-6), capped))
        return pairs


def _median_ratio(pairs: list[tuple[float, bool]]) -> tuple[float | None, bool]:
    if not pairs:
        return None, False
    ordered = sorted(pairs)
    # The median is only a lower bound when a capped ratio sits at or above it.
    return statistics.median(r for r, _ in pairs), any(capped for _, capped in ordered[len(ordered) // 2 :])


def render(groups: list[Group], wall: float, load: tuple[float, float]) -> str:
    header = (
        f"{'family':<12} {'n':>4} {'cnt':>4} {'proven':>7} {'median':>9} {'worst':>9} {'gap':>4} "
        f"{'peakMB':>7} | {'oracle':>7} {'o.median':>9} {'o/solver':>9} | {'plain':>6} "
        f"{'p.median':>9} {'speed-up':>9}"
    )
    lines = [header, "-" * len(header)]
    for g in groups:
        gaps = [row["bound"] - row["tricks"] for row in g.solver if row["tricks"] is not None and row["bound"] is not None]
        none_found = sum(1 for row in g.solver if row["status"] == "unproven" and row["tricks"] is None)
        gap = str(max(gaps)) if gaps else "-"
        if none_found:
            gap = "none" if not gaps else gap + "?"
        oracle_cols = ("-", "-", "-")
        if g.oracle is not None:
            finished = [row for row in g.oracle if row["status"] != "unproven"]
            ratio, lower = _median_ratio(g.speedups(g.oracle))
            oracle_cols = (
                f"{len(finished)}/{len(g.oracle)}",
                _fmt_time(statistics.median(row["seconds"] for row in g.oracle)),
                _fmt_ratio(ratio, lower),
            )
        plain_cols = ("-", "-", "-")
        if g.plain is not None:
            proven = [row for row in g.plain if row["status"] != "unproven"]
            ratio, lower = _median_ratio(g.speedups(g.plain))
            plain_cols = (
                f"{len(proven)}/{len(g.plain)}",
                _fmt_time(statistics.median(row["seconds"] for row in g.plain)),
                _fmt_ratio(ratio, lower),
            )
        lines.append(
            f"{g.family:<12} {g.cards:>4} {len(g.solver):>4} {g.proven:>3}/{len(g.solver):<3} "
            f"{_fmt_time(statistics.median(g.times)):>9} {_fmt_time(max(g.times)):>9} {gap:>4} "
            f"{g.peak_mb:>7.0f} | {oracle_cols[0]:>7} {oracle_cols[1]:>9} {oracle_cols[2]:>9} | "
            f"{plain_cols[0]:>6} {plain_cols[1]:>9} {plain_cols[2]:>9}"
        )
    lines.append("-" * len(header))
    lines.append(
        "proven = optimal or infeasible within the limit; gap = worst bound - tricks left open "
        "('?': some runs found no arrangement); speed-up = median per-instance (reference time / "
        "solver time), '>=' when the reference hit the limit (its time counted as the limit)."
    )
    lines.extend(targets(groups))
    lines.extend(cross_checks(groups))
    limits = ", ".join(sorted({f"{g.family} {g.limit:g}s" for g in groups}))
    lines.append(
        f"wall time {wall:.0f}s on {os.cpu_count()} cores (load average {load[0]:.1f} at start, "
        f"{load[1]:.1f} at end: times are wall clock); limits: {limits}"
    )
    return "\n".join(lines)


def _verdict(ok: bool | None) -> str:
    return "n/a " if ok is None else ("PASS" if ok else "FAIL")


def targets(groups: list[Group]) -> list[str]:
    def pick(prefix: str, low: int = 0, high: int = 10**6) -> list[Group]:
        return [g for g in groups if g.family.startswith(prefix) and low <= g.cards <= high]

    out = ["targets:"]

    game = pick("game", high=16)
    if game:
        ok = all(g.proven == len(g.solver) and statistics.median(g.times) <= 0.05 and max(g.times) <= 1 for g in game)
        detail = ", ".join(f"n={g.cards} {g.proven}/{len(g.solver)} med {_fmt_time(statistics.median(g.times))} worst {_fmt_time(max(g.times))}" for g in game)
    out.append(f"  [{_verdict(ok if game else None)}] game-grown <= 16 cards: all proven, median <= 50ms, worst <= 1s per size" + (f" ({detail})" if game else ""))

    rand = pick("random", high=12)
    if rand:
        ok = all(g.proven == len(g.solver) for g in rand) and max(max(g.times) for g in rand) <= 2
        proven = sum(g.proven for g in rand)
        total = sum(len(g.solver) for g in rand)
        detail = f"{proven}/{total} proven, worst {_fmt_time(max(max(g.times) for g in rand))}"
    out.append(f"  [{_verdict(ok if rand else None)}] random <= 12 cards, any density: all proven, worst <= 2s" + (f" ({detail})" if rand else ""))

    r16 = pick("random-d0.5", 16, 16)
    if r16:
        g = r16[0]
        out.append(f"  [{_verdict(g.proven >= 5 and g.limit <= 10)}] random 16 @0.5: >= 5 of 6 proven in 10s ({g.proven}/{len(g.solver)} in {g.limit:g}s)")
    else:
        out.append("  [n/a ] random 16 @0.5: >= 5 of 6 proven in 10s")

    for family, ceiling in (("planted-k6", 5.0), ("planted-k8", 60.0)):
        found = pick(family)
        if found:
            g = found[0]
            ok = g.proven == len(g.solver) and max(g.times) <= ceiling
            out.append(f"  [{_verdict(ok)}] {family}: proven in <= {ceiling:g}s ({g.proven}/{len(g.solver)}, worst {_fmt_time(max(g.times))})")
        else:
            out.append(f"  [n/a ] {family}: proven in <= {ceiling:g}s")

    big = pick("stress", 100, 100)
    if big:
        g = big[0]
        found_all = all(row["tricks"] is not None and row["checked"] for row in g.solver)
        gaps = [row["bound"] - row["tricks"] for row in g.solver if row["tricks"] is not None]
        ok = found_all and g.peak_mb <= 2048
        out.append(f"  [{_verdict(ok)}] 100 cards: legal arrangement + gap, peak memory <= 2GB (gaps {gaps}, peak {g.peak_mb:.0f}MB)")
    else:
        out.append("  [n/a ] 100 cards: legal arrangement + gap, peak memory <= 2GB")

    pairs = [pair for g in groups if 10 <= g.cards <= 18 and g.plain is not None for pair in g.speedups(g.plain)]
    if pairs:
        ratio, lower = _median_ratio(pairs)
        total_mine = sum(row["seconds"] for g in groups if 10 <= g.cards <= 18 and g.plain is not None for row in g.solver)
        total_plain = sum(
            (g.limit if row["status"] == "unproven" else row["seconds"])
            for g in groups if 10 <= g.cards <= 18 and g.plain is not None for row in g.plain
        )
        out.append(
            f"  [{_verdict(ratio >= 10)}] >= 10x faster than the plain model over 10-18 cards "
            f"(median per instance {_fmt_ratio(ratio, lower)} over {len(pairs)} instances; "
            f"total time {total_plain / max(total_mine, 1e-9):.0f}x)"
        )
    else:
        out.append("  [n/a ] >= 10x faster than the plain model over 10-18 cards")

    notes = []
    verdicts = []
    for cards, (kind, value) in NOTES_PLAIN.items():
        # The notes measured with a 10 s limit; other limits are not comparable.
        found = [g for g in pick("random-d0.5", cards, cards) if g.plain is not None and g.limit == 10]
        if not found:
            continue
        g = found[0]
        proven = sum(1 for row in g.plain if row["status"] != "unproven")
        # CPU time: the notes were measured on an idle machine; this one may be busy.
        median = statistics.median(row["cpu"] for row in g.plain)
        if kind == "median":
            verdicts.append(value / 2 <= median <= value * 2)
            notes.append(f"n={cards} median CPU {_fmt_time(median)} vs {value:g}s")
        else:
            notes.append(f"n={cards} {proven} of {len(g.plain)} proven vs {value}")
    out.append(
        f"  [{_verdict(all(verdicts) if verdicts else None)}] plain model within 2x of the notes' "
        f"'position booleans + flow' medians" + (f" ({'; '.join(notes)})" if notes else "")
    )
    return out


def cross_checks(groups: list[Group]) -> list[str]:
    problems = []
    for g in groups:
        for label, rows in (("solver", g.solver), ("oracle", g.oracle), ("plain", g.plain)):
            for row in rows or []:
                if not row["checked"]:
                    problems.append(f"{row['name']}: {label} returned an arrangement the checker rejects")
        for label, rows in (("oracle", g.oracle), ("plain", g.plain)):
            for mine, theirs in zip(g.solver, rows or [], strict=False):
                if mine["status"] == "unproven" or theirs["status"] == "unproven":
                    if mine["status"] == "optimal" and theirs["tricks"] is not None and theirs["tricks"] > mine["tricks"]:
                        problems.append(f"{mine['name']}: {label} found {theirs['tricks']} > proven {mine['tricks']}")
                    if theirs["status"] == "optimal" and mine["tricks"] is not None and mine["tricks"] > theirs["tricks"]:
                        problems.append(f"{mine['name']}: solver found {mine['tricks']} > {label} proven {theirs['tricks']}")
                    continue
                if (mine["status"], mine["tricks"]) != (theirs["status"], theirs["tricks"]):
                    problems.append(
                        f"{mine['name']}: solver {mine['status']} {mine['tricks']} vs {label} "
                        f"{theirs['status']} {theirs['tricks']}"
                    )
    if not problems:
        return ["cross-checks: every arrangement passed the checker; all proven answers agree"]
    return ["cross-checks: DISAGREEMENTS"] + [f"  {p}" for p in problems]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the Locked Network solver.")
    parser.add_argument("--quick", action="store_true", help="a small subset with a short limit (< 2 min)")
    parser.add_argument("--families", help="comma-separated family prefixes, e.g. game,random-d0.5,stress")
    parser.add_argument("--time-limit", type=float, help="one time limit (s) for every family")
    parser.add_argument("--no-plain", action="store_true", help="skip the plain CP-SAT baseline")
    parser.add_argument("--no-oracle", action="store_true", help="skip the brute-force oracle")
    parser.add_argument("--rows", type=Path, help="also write every run (one row per instance) to this JSON file")
    parser.add_argument("--smoke", action="store_true", help="one small game instance, briefly: CI runs it")
    args = parser.parse_args(argv)
    if args.smoke:
        args.families, args.time_limit, args.no_plain, args.no_oracle = "game", 2.0, True, True

    families = set(args.families.split(",")) if args.families else None
    instances = discover(families, args.quick)[:1] if args.smoke else discover(families, args.quick)
    if not instances:
        parser.error("no instances match (run benchmarks/make_instances.py?)")
    grouped: dict[tuple[str, int], list[Instance]] = {}
    for instance in instances:
        grouped.setdefault((instance.family, instance.cards), []).append(instance)

    started = time.perf_counter()
    load_at_start = os.getloadavg()[0]
    groups = []
    for (family, cards), members in sorted(grouped.items(), key=lambda item: (item[0][0].split("-")[0], item[0][1], item[0][0])):
        if args.time_limit is not None:
            limit = args.time_limit
        elif args.quick:
            limit = QUICK_LIMIT
        else:
            limit = FAMILY_LIMITS.get(family, DEFAULT_LIMIT)
        paths = [m.path for m in members]
        rows, peak = in_fresh_process(paths, limit, "solver")
        group = Group(family, cards, limit, rows, peak)
        if not args.no_oracle and cards <= ORACLE_MAX_CARDS:
            group.oracle, _ = in_fresh_process(paths, limit, "oracle")
        if not args.no_plain and cards <= PLAIN_MAX_CARDS:
            group.plain, _ = in_fresh_process(paths, limit, "plain")
        groups.append(group)
        print(
            f"[{time.perf_counter() - started:6.0f}s] {family} n={cards}: {group.proven}/{len(rows)} proven, "
            f"worst {_fmt_time(max(group.times))}",
            file=sys.stderr,
            flush=True,
        )
    print(render(groups, time.perf_counter() - started, (load_at_start, os.getloadavg()[0])))
    if args.rows:
        runs = [
            {"family": g.family, "cards": g.cards, "limit": g.limit, "solver": g.solver, "oracle": g.oracle, "plain": g.plain}
            for g in groups
        ]
        args.rows.write_text(json.dumps(runs, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
