"""The regression record of the Locked Network solver: its answer on every committed network.

For every instance in ``benchmarks/instances/`` and every Locked Network example in
``examples/whitehouse/``, under each of the four readings of ``connected`` and
``every_card_matched``, one JSON line: the name, the rules, the status, the
Trick total, the bound, what the proof rests on, the proof text and a digest of the arrangement
(deterministic for proven answers: the same search gives the same arrangement). With the solver's
trace (``phases``), also each phase's name, what it established and its nodes or CP-SAT work, the
deterministic part of the trace.

A refactor of the solver changes none of these lines for proven answers: run the script before and
after and compare (``--compare OLD.jsonl NEW.jsonl`` prints every line that differs; unproven
answers depend on the clock and are compared by status only).

Usage: ``python -P benchmarks/tricks_answers.py [--time-limit S] [--only SUBSTRING] > FILE.jsonl``
and ``python -P benchmarks/tricks_answers.py --compare OLD.jsonl NEW.jsonl``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

INSTANCE_DIR = ROOT / "benchmarks" / "instances"
EXAMPLE_DIR = ROOT / "examples" / "whitehouse"
READINGS = [
    {"connected": True, "every_card_matched": False},
    {"connected": False, "every_card_matched": False},
    {"connected": True, "every_card_matched": True},
    {"connected": False, "every_card_matched": True},
]


def cases(only: str | None) -> list[tuple[str, dict[str, Any], dict[str, bool]]]:
    """(name, network document, rules) for every committed network and reading."""
    found = []
    paths = [(path.stem, path) for path in sorted(INSTANCE_DIR.glob("*.json"))]
    paths += [(f"example-{path.stem}", path) for path in sorted(EXAMPLE_DIR.glob("*.json"))]
    for name, path in paths:
        document = json.loads(path.read_text())
        for rules in READINGS:
            found.append((name, document, dict(rules)))
    return [case for case in found if only is None or only in case[0]]


def answer_line(name: str, document: dict[str, Any], rules_given: dict[str, bool], limit: float) -> dict[str, Any]:
    from model.whitehouse.network.answer import arrangement_json
    from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules
    from solver.network.solve import solve_tricks

    supporters = tuple(
        Supporter(item) if isinstance(item, int) else Supporter(item["id"], item.get("name"))
        for item in document["supporters"]
    )
    events = tuple(Event(e["id"], frozenset(e["supporters"]), e.get("name")) for e in document["events"])
    network = Network(supporters, events)
    solution = solve_tricks(network, TricksRules(**rules_given), time_limit=limit)
    placed = json.dumps(arrangement_json(solution.arrangement), sort_keys=True)
    line: dict[str, Any] = {
        "name": name,
        "rules": rules_given,
        "status": solution.status.value,
        "tricks": solution.tricks,
        "bound": solution.bound,
        "proven_by": solution.proven_by,
        "proof": solution.proof,
        "arrangement": hashlib.sha256(placed.encode()).hexdigest()[:16],
        "seconds": round(solution.seconds, 3),
    }
    phases = getattr(solution, "phases", None)
    if phases is not None:
        line["phases"] = [[p.name, p.established, p.nodes, p.work] for p in phases]
    return line


def compare(old_path: Path, new_path: Path) -> int:
    """Print every case whose answer differs (unproven: by status only); 1 when any does."""

    def read(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        return {(row["name"], json.dumps(row["rules"], sort_keys=True)): row for row in rows}

    old, new = read(old_path), read(new_path)
    differ = 0
    keys = ("status", "tricks", "bound", "proven_by", "proof", "arrangement")
    for key in sorted(old.keys() | new.keys()):
        if key not in old or key not in new:
            print(f"only in one record: {key}")
            differ += 1
            continue
        a, b = old[key], new[key]
        both_proven = a["status"] != "unproven" and b["status"] != "unproven"
        fields = keys if both_proven else ("status",)
        changed = [f for f in fields if a.get(f) != b.get(f)]
        if "phases" in a and "phases" in b and both_proven and a["phases"] != b["phases"]:
            changed.append("phases")
        if changed:
            differ += 1
            print(f"{key[0]} {key[1]}: " + "; ".join(f"{f}: {a.get(f)!r} -> {b.get(f)!r}" for f in changed))
    seconds = sum(r["seconds"] for r in old.values()), sum(r["seconds"] for r in new.values())
    print(f"{len(old)} cases, {differ} differ; {seconds[0]:.1f} s -> {seconds[1]:.1f} s in all")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per network")
    parser.add_argument("--only", help="only cases whose name contains this")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    parser.add_argument("--smoke", action="store_true", help="the first case only, briefly: CI runs it")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    import ortools.sat.python.cp_model  # noqa: F401  (import cost kept out of the first answer)

    for name, document, rules in cases(args.only)[:1] if args.smoke else cases(args.only):
        print(json.dumps(answer_line(name, document, rules, args.time_limit)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
