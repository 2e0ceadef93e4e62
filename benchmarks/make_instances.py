"""Write the seeded Locked Network benchmark instances to ``benchmarks/instances/``.

Each instance is a ``verify tricks`` input file (``supporters``, ``events``, ``rules``), named
``<family>_n<cards>_s<seed>.json`` so that the benchmark reads family and size from the name.
The card data is synthetic (random IDs); no real card list is involved.

Families:
- ``game``: grown the way the rules let cards enter: each new card borders, and matches, a card
  already in the network. Each Event lists every Supporter it borders in that grown layout, then
  more of the network's Supporters up to a random 1-4 in all, plus decoy IDs outside the network.
- ``random-d<p>``: Supporter-Event pairs match independently with probability p, plus decoys.
- ``planted-k<k>``: a k x k checkerboard whose Events list exactly their grid-neighbour
  Supporters, plus decoys and a few extra matches; IDs random, order shuffled. Maximum 2n - 2k.
- ``stress``: game-grown networks of 30 to 100 cards.

Run ``python benchmarks/make_instances.py`` to regenerate; the output is byte-for-byte stable.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

INSTANCE_DIR = Path(__file__).resolve().parent / "instances"

#: (family, cards, how many, base seed). Sizes and counts follow the benchmark's targets.
PLAN: tuple[tuple[str, int, int], ...] = (
    ("game", 6, 10),
    ("game", 8, 10),
    ("game", 12, 10),
    ("game", 16, 10),
    ("random-d0.5", 7, 5),
    ("random-d0.2", 8, 5),
    ("random-d0.5", 8, 5),
    ("random-d0.8", 8, 5),
    ("random-d0.2", 10, 5),
    ("random-d0.5", 10, 5),
    ("random-d0.8", 10, 5),
    ("random-d0.2", 12, 5),
    ("random-d0.5", 12, 5),
    ("random-d0.8", 12, 5),
    ("random-d0.5", 16, 6),
    ("planted-k4", 16, 3),
    ("planted-k5", 25, 3),
    ("planted-k6", 36, 3),
    ("planted-k8", 64, 2),
    ("stress", 30, 2),
    ("stress", 60, 2),
    ("stress", 100, 2),
)

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
#: Printed card numbers are drawn from this range; decoys come from the same range.
ID_RANGE = range(1, 1000)


def _event_id(rng: random.Random, index: int) -> int | str:
    """Event IDs as a table would write them: sometimes a number, mostly a label."""
    return 500 + index if rng.random() < 0.3 else f"E{index + 1}"


def _decoys(rng: random.Random, present: set[int], most: int = 3) -> list[int]:
    outside = [i for i in rng.sample(ID_RANGE, 20) if i not in present]
    return outside[: rng.randint(0, most)]


def _document(supporters: list[int], events: list[tuple[int | str, list[int]]]) -> dict:
    return {
        "supporters": supporters,
        "events": [{"id": event_id, "supporters": listed} for event_id, listed in events],
        "rules": {"connected": True},
    }


def game_grown(cards: int, rng: random.Random) -> dict:
    """Grow a legal layout card by card, then print each Event's list from it."""
    layout: dict[tuple[int, int], str] = {}
    first = rng.choice("SE")
    layout[(0, 0)] = first
    while len(layout) < cards:
        kinds = ["S", "E"]
        rng.shuffle(kinds)
        for kind in kinds:
            other = "E" if kind == "S" else "S"
            spots = sorted(
                {
                    (r + dr, c + dc)
                    for (r, c), held in layout.items()
                    if held == other
                    for dr, dc in _STEPS
                    if (r + dr, c + dc) not in layout
                }
            )
            if spots:
                layout[rng.choice(spots)] = kind
                break
    supporter_cells = [cell for cell, kind in sorted(layout.items()) if kind == "S"]
    event_cells = [cell for cell, kind in sorted(layout.items()) if kind == "E"]
    ids = rng.sample(ID_RANGE, len(supporter_cells))
    supporter_at = dict(zip(supporter_cells, ids, strict=False))
    present = set(ids)
    events = []
    for index, (r, c) in enumerate(event_cells):
        bordering = [supporter_at[(r + dr, c + dc)] for dr, dc in _STEPS if (r + dr, c + dc) in supporter_at]
        target = max(len(bordering), rng.randint(1, 4))
        others = [s for s in ids if s not in bordering]
        listed = bordering + rng.sample(others, min(len(others), target - len(bordering)))
        events.append((_event_id(rng, index), sorted(listed) + _decoys(rng, present)))
    rng.shuffle(ids)
    rng.shuffle(events)
    return _document(ids, events)


def random_network(cards: int, density: float, rng: random.Random) -> dict:
    n_supporters = rng.randint(round(cards * 0.35), round(cards * 0.65))
    ids = rng.sample(ID_RANGE, n_supporters)
    present = set(ids)
    events = []
    for index in range(cards - n_supporters):
        listed = [s for s in ids if rng.random() < density]
        events.append((_event_id(rng, index), listed + _decoys(rng, present)))
    return _document(ids, events)


def planted(k: int, rng: random.Random) -> dict:
    cells = [(r, c) for r in range(k) for c in range(k)]
    supporter_cells = [cell for cell in cells if sum(cell) % 2 == 0]
    event_cells = [cell for cell in cells if sum(cell) % 2 == 1]
    ids = rng.sample(range(1, 10_000), len(supporter_cells))
    supporter_at = dict(zip(supporter_cells, ids, strict=False))
    present = set(ids)
    events = []
    for index, (r, c) in enumerate(event_cells):
        listed = [supporter_at[(r + dr, c + dc)] for dr, dc in _STEPS if (r + dr, c + dc) in supporter_at]
        if rng.random() < 0.25:
            listed.append(rng.choice(ids))
        events.append((_event_id(rng, index), sorted(set(listed)) + _decoys(rng, present)))
    rng.shuffle(ids)
    rng.shuffle(events)
    return _document(ids, events)


def build(family: str, cards: int, seed: int) -> dict:
    rng = random.Random(f"{family}/{cards}/{seed}")
    if family in ("game", "stress"):
        return game_grown(cards, rng)
    if family.startswith("random-d"):
        return random_network(cards, float(family.removeprefix("random-d")), rng)
    if family.startswith("planted-k"):
        return planted(int(family.removeprefix("planted-k")), rng)
    raise ValueError(f"unknown family {family!r}")


def _dumps(document: dict) -> str:
    """Compact JSON with one Event per line: small files, readable diffs."""
    events = ",\n  ".join(json.dumps(event) for event in document["events"])
    return (
        f'{{"supporters": {json.dumps(document["supporters"])},\n'
        f' "events": [\n  {events}\n ],\n'
        f' "rules": {json.dumps(document["rules"])}}}\n'
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=INSTANCE_DIR, help="output directory")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for family, cards, count in PLAN:
        for seed in range(count):
            path = args.out / f"{family}_n{cards:03d}_s{seed:02d}.json"
            path.write_text(_dumps(build(family, cards, seed)))
            written += 1
    print(f"wrote {written} instances to {args.out}")


if __name__ == "__main__":
    main()
