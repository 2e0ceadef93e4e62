"""The page under load: many quick questions at once, with and without two hard solves running.

    python benchmarks/web_load.py [--questions N] [--solves-seconds S] [--smoke]

Starts `verify serve` on 127.0.0.1 (a free port; nothing leaves this machine), then for each
scenario posts ``N`` quick questions at once (at most 500; the shipped Socks score files, Social
Network Likes and Likes and Lies rounds, in turn) and times each reply. The scenario "two solves
running" first starts two hard Locked Network solves (20 Supporters, 20 Events: not proven within
their time limit) through ``/api/jobs/tricks`` and waits until both report progress. Every reply
must be the same as the one the idle server gave for the same document. Prints a markdown table:
replies by status, the median, 95th percentile and worst latency, and the solves' state after the
burst. The whole run is bounded: each request gives up after 120 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
VERIFY = str(Path(sys.executable).parent / "verify")
EXAMPLES = ROOT / "examples"
#: The quick questions: (endpoint, the shipped files it reads).
QUICK = [
    ("/api/socks", ["socks/score.json", "socks/tie.json", "socks/rulebook-example.json", "socks/super-sock-gift.json"]),
    ("/api/social/like", ["social/like-legal.json", "social/like-own.json", "social/like-closed.json"]),
    ("/api/likes/round", ["likes/round-own-vote.json", "likes/round-third-influencer.json"]),
]
JSON = {"Content-Type": "application/json"}


def hard_network(seed: int) -> dict[str, Any]:
    """20 Supporters, 20 Events of 5 Supporters each: a solve that runs to its time limit."""
    rng = random.Random(seed)
    supporters = list(range(1, 21))
    return {"supporters": supporters,
            "events": [{"id": f"E{i}", "supporters": sorted(rng.sample(supporters, 5))} for i in range(20)]}


def questions(count: int) -> list[tuple[str, Any]]:
    documents = [(path, json.loads((EXAMPLES / name).read_text(encoding="utf-8")))
                 for path, names in QUICK for name in names]
    return [documents[i % len(documents)] for i in range(count)]


def start_server() -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([VERIFY, "serve", "--port", "0", "--solves", "2", "--time-limit", "120"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline() if process.stdout else ""
    match = re.search(r"http://127\.0\.0\.1:\d+", line)
    if not match:
        process.kill()
        raise SystemExit(f"verify serve did not start: {line!r}")
    return process, match.group(0)


async def ask(client: httpx.AsyncClient, path: str, document: Any) -> tuple[int, float, Any]:
    began = time.perf_counter()
    reply = await client.post(path, json=document, headers=JSON)
    return reply.status_code, time.perf_counter() - began, reply.json()


async def burst(base: str, asked: list[tuple[str, Any]]) -> list[tuple[int, float, Any]]:
    limits = httpx.Limits(max_connections=len(asked), max_keepalive_connections=len(asked))
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as client:
        return list(await asyncio.gather(*(ask(client, path, doc) for path, doc in asked)))


async def start_solves(base: str, seconds: float) -> list[str]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        ids = []
        for seed in (1, 2):
            reply = await client.post(f"/api/jobs/tricks?time_limit={seconds:g}", json=hard_network(seed),
                                      headers=JSON)
            if reply.status_code != 202:
                raise SystemExit(f"a solve did not start: {reply.status_code} {reply.text}")
            ids.append(reply.json()["id"])
        end = time.monotonic() + 30
        while time.monotonic() < end:
            views = [(await client.get(f"/api/jobs/tricks/{i}")).json() for i in ids]
            if all(v["progress"] for v in views):
                return ids
            await asyncio.sleep(0.1)
        raise SystemExit("the solves reported no progress within 30 s")


async def solves_state(base: str, ids: list[str], cancel: bool) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        views = [(await client.get(f"/api/jobs/tricks/{i}")).json() for i in ids]
        if cancel:
            for i in ids:
                await client.delete(f"/api/jobs/tricks/{i}")
    return ", ".join(f"{v['state']} {v['seconds']:.0f} s (best {v['progress']['best']}, bound "
                     f"{v['progress']['bound']})" if v["progress"] else v["state"] for v in views)


def row(name: str, replies: list[tuple[int, float, Any]], reference: dict[str, Any], asked: list[tuple[str, Any]],
        wall: float, solves: str) -> str:
    latencies = sorted(seconds for _, seconds, _ in replies)
    by_status: dict[int, int] = {}
    for status, _, _ in replies:
        by_status[status] = by_status.get(status, 0) + 1
    same = sum(1 for (_, _, body), (path, doc) in zip(replies, asked, strict=True)
               if body == reference[json.dumps([path, doc], sort_keys=True)])
    p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)]
    statuses = ", ".join(f"{count} x {status}" for status, count in sorted(by_status.items()))
    return (f"| {name} | {len(replies)} | {statuses} | {same} | {statistics.median(latencies):.2f} | {p95:.2f} | "
            f"{latencies[-1]:.2f} | {wall:.2f} | {solves} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=200, help="quick questions at once (at most 500)")
    parser.add_argument("--solves-seconds", type=float, default=90.0, help="the two solves' time limit")
    parser.add_argument("--smoke", action="store_true", help="a few questions on the idle server only: CI runs it")
    args = parser.parse_args()
    count = 5 if args.smoke else max(1, min(args.questions, 500))
    asked = questions(count)
    process, base = start_server()
    try:
        reference: dict[str, Any] = {}
        for path, doc in asked[: sum(len(names) for _, names in QUICK)]:
            status, _, body = asyncio.run(burst(base, [(path, doc)]))[0]
            reference[json.dumps([path, doc], sort_keys=True)] = body
        print("| scenario | questions | replies | same as idle | median s | p95 s | worst s | all answered in s | "
              "solves after the burst |")
        print("|---|---|---|---|---|---|---|---|---|")
        began = time.perf_counter()
        replies = asyncio.run(burst(base, asked))
        print(row("idle server", replies, reference, asked, time.perf_counter() - began, "none"), flush=True)
        if args.smoke:
            return
        ids = asyncio.run(start_solves(base, args.solves_seconds))
        began = time.perf_counter()
        replies = asyncio.run(burst(base, asked))
        wall = time.perf_counter() - began
        print(row("two solves running", replies, reference, asked, wall,
                  asyncio.run(solves_state(base, ids, cancel=True))), flush=True)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    main()
