"""Shared by the page's tests: the installed `verify`, the shipped examples each form reads, a
network hard enough that its solve runs until stopped, and running `verify` on a document."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

VERIFY = str(Path(sys.executable).parent / "verify")

#: Each question: the endpoint, and the `verify` command that answers the same file.
COMMANDS = {
    "tricks": ("/api/tricks", ["tricks"]),
    "socks": ("/api/socks", ["socks"]),
    "like": ("/api/social/like", ["social", "like"]),
    "round": ("/api/likes/round", ["likes", "round"]),
    "moves": ("/api/whitehouse/moves", ["whitehouse", "move"]),
}
#: The file each endpoint's document is given as (the name in messages and downloads).
FILES = {"tricks": "network.json", "socks": "socks.json", "like": "like.json", "round": "round.json",
         "moves": "position.json"}


def run_verify(args: list[str], documents: dict[str, Any], where: Path) -> subprocess.CompletedProcess[str]:
    """`verify ARGS` in ``where``, after writing each document (by file name) there; a string
    document is written as it is (text that is not JSON)."""
    for name, doc in documents.items():
        (where / name).write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return subprocess.run([VERIFY, *args], cwd=where, capture_output=True, text=True, timeout=120)


def cli_answer(kind: str, doc: Any, where: Path, extra: tuple[str, ...] = ()) -> tuple[int, Any, str]:
    """What `verify ... FILE --json` answers for ``doc``: (exit status, the JSON, standard error)."""
    name = FILES[kind]
    args = [*COMMANDS[kind][1], name, "--json", *extra]
    if kind == "moves" and not extra:
        args.append("--list")
    done = run_verify(args, {name: doc}, where)
    return done.returncode, json.loads(done.stdout) if done.stdout.strip() else None, done.stderr


def hard_network(n: int = 20, k: int = 5, seed: int = 1) -> dict[str, Any]:
    """A random network whose solve is not proven in many seconds (20 Supporters, 20 Events)."""
    rng = random.Random(seed)
    supporters = list(range(1, n + 1))
    return {"supporters": supporters,
            "events": [{"id": f"E{i}", "supporters": sorted(rng.sample(supporters, k))} for i in range(n)]}


def small_network(seed: int) -> dict[str, Any]:
    """A random small network (up to 5 Supporters and 4 Events), sometimes with a claim."""
    rng = random.Random(seed)
    supporters = list(range(1, rng.randint(1, 5) + 1))
    events = [{"id": f"E{i}", "supporters": sorted(rng.sample(range(1, 8), rng.randint(1, 4)))}
              for i in range(rng.randint(1, 4))]
    doc: dict[str, Any] = {"supporters": supporters, "events": events}
    if rng.random() < 0.5:
        doc["claim"] = rng.randint(0, 8)
    if rng.random() < 0.3:
        doc["rules"] = {"connected": rng.choice([True, False])}
    return doc


def socks_sets(seed: int) -> dict[str, Any]:
    """A random finished game of Oh My Socks! in the sets form (ties are frequent)."""
    rng = random.Random(seed)
    players = []
    for index in range(rng.randint(2, 4)):
        sets = {str(s): [rng.randint(0, 2) for _ in range(rng.randint(1, 3))]
                for s in rng.sample(range(2, 12), rng.randint(1, 3))}
        player: dict[str, Any] = {"name": f"P{index}", "sets": sets}
        if rng.random() < 0.3:
            player["super_sock"] = "choose"
        players.append(player)
    doc: dict[str, Any] = {"players": players}
    if rng.random() < 0.5:
        doc["rules"] = {"tie_break_counts": rng.choice(["all_sets", "scoring_sets"])}
    return doc
