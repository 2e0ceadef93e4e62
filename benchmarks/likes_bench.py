"""Likes and Lies benchmark: rounds resolved per second.

Plays seeded random legal games on the illustrative sample board and decks (every vote, Intent
and report drawn at random among the legal ones, Event cards drawn as landings call for them),
keeps every round with the state before it, then times

- the engine alone (``resolve_round``) over all those rounds,
- the engine plus the independent checker (``check_round``),
- whole-game replays (``replay_game``), and
- one `verify likes round --json` process, start to finish.

Run: ``python benchmarks/likes_bench.py [--games N] [--seed S]``. Prints a markdown table.
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

from model.likes import (
    Draw,
    History,
    IllegalInput,
    Play,
    PlayerState,
    Report,
    RoundInput,
    RoundResult,
    Vote,
    replay_game,
    resolve_round,
    start_players,
)
from model.likes_check import check_round
from model.likes_io import sample_catalogue
from model.likes_rules import LikesRules

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def random_round(rng: random.Random, catalogue, players: tuple[PlayerState, ...],
                 history: History, number: int) -> tuple[RoundInput, RoundResult]:
    names = [p.name for p in players]
    plays = tuple(Play(p.name, f"C{number}-{i}", rng.choice(p.intent_deck))
                  for i, p in enumerate(players))
    received = dict.fromkeys(names, 0)
    votes = []
    for voter in names:
        target = rng.choice([n for n in names if n != voter])
        received[target] += 1
        votes.append(Vote(voter, f"C{number}-{names.index(target)}"))
    top = max(received.values())
    leaders = [n for n in names if received[n] == top]
    reports: tuple[Report, ...] = ()
    if len(leaders) == 1:
        target = rng.choice([None] + [n for n in names if n != leaders[0]])
        reports = (Report(leaders[0], target),)
    draws: list[Draw] = []
    while True:
        rnd = RoundInput(f"K{number}", plays, tuple(votes), reports, tuple(draws))
        try:
            return rnd, resolve_round(catalogue, players, rnd, LikesRules(), history)
        except IllegalInput as error:
            who = error.message.split()[0]
            draws.append(Draw(who, rng.choice(catalogue.events).id))


def random_game(rng: random.Random, catalogue):
    players = start_players(catalogue, NAMES[:rng.randint(3, 5)])
    start, history, rounds = players, History(), []
    for number in range(1, len(catalogue.intents) + 1):
        rnd, result = random_round(rng, catalogue, players, history, number)
        rounds.append((players, rnd, result))
        history = History(history.captions | {rnd.caption},
                          history.contents | {p.content for p in rnd.plays},
                          history.events | set(result.events_drawn))
        players = result.players
        if result.winners:
            break
    return start, rounds


def per_second(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    catalogue = sample_catalogue()
    rng = random.Random(args.seed)
    games = [random_game(rng, catalogue) for _ in range(args.games)]
    rounds = [(before, rnd) for _, played in games for before, rnd, _ in played]
    won = sum(1 for _, played in games if played[-1][2].winners)

    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        for before, rnd in rounds:
            resolve_round(catalogue, before, rnd)
        best = min(best, time.perf_counter() - began)

    began = time.perf_counter()
    for before, rnd in rounds:
        result = resolve_round(catalogue, before, rnd)
        assert not check_round(catalogue, before, rnd, result)
    checked = time.perf_counter() - began

    began = time.perf_counter()
    for start, played in games:
        replay_game(catalogue, start, tuple(rnd for _, rnd, _ in played))
    replayed = time.perf_counter() - began

    example = ROOT / "examples" / "likes" / "round-third-influencer.json"
    runs, cpu = [], []
    for _ in range(5):
        began = time.perf_counter()
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", "import cli; cli.main()", "likes", "round",
                        str(example), "--json"], check=True, capture_output=True, cwd=ROOT)
        runs.append(time.perf_counter() - began)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)

    lengths = [len(played) for _, played in games]
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
