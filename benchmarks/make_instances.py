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
- ``engine``: grown by the White House engine's own entry rules (``pair_entry``, ``single_entry``
  and the rearranged entry of ``model/whitehouse/tricks.py``, as ``Engine.entry`` calls them) from
  a random catalogue: a matching pair, or one card that matches a card already in the network.
- ``checker-k<k>``: the planted k x k checkerboard, where each Event also lists each other
  Supporter of the network with probability 0.15 (many extra matching pairs).

Fresh instances: ``FRESH`` names four families (``game`` 10-16 cards, ``engine`` 18-24 cards,
``checker`` k = 4..10, ``dense``: random at match density 0.8, 14-16 cards) whose instances are
drawn from a seed given at run time (``benchmarks/tricks_fresh.py --seed S``), so that figures
need not rest on the committed instances. ``python benchmarks/make_instances.py --fresh FAMILY
SIZE SEED INDEX`` prints one of them; ``KEPT`` lists the few fresh ones committed (hard ones).

Run ``python benchmarks/make_instances.py`` to regenerate; the output is byte-for-byte stable.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

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
    return _document(ids, _relabelled(events))


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
    return _document(ids, _relabelled(events))


def _relabelled(events: list[tuple[int | str, list[int]]]) -> list[tuple[int | str, list[int]]]:
    """The Events of a planted board, shuffled, renamed by their place in the shuffled list: a
    label made from the Event's cell would tell the planted layout (no random draw is taken, so
    a seed gives the same board as before, only its Events renamed)."""
    return [(500 + i if isinstance(label, int) else f"E{i + 1}", listed) for i, (label, listed) in enumerate(events)]


def planted_extra(k: int, rng: random.Random, extra: float = 0.15) -> dict:
    """A k x k checkerboard whose Events list their grid-neighbour Supporters and, besides, each
    other Supporter of the network with probability ``extra``; plus decoys. IDs random, order
    shuffled. The checkerboard still reaches 2n - 2k, the polyomino bound, so that is the maximum;
    the extra matches only widen the search."""
    cells = [(r, c) for r in range(k) for c in range(k)]
    supporter_cells = [cell for cell in cells if sum(cell) % 2 == 0]
    event_cells = [cell for cell in cells if sum(cell) % 2 == 1]
    ids = rng.sample(range(1, 10_000), len(supporter_cells))
    supporter_at = dict(zip(supporter_cells, ids, strict=False))
    present = set(ids)
    events = []
    for index, (r, c) in enumerate(event_cells):
        listed = {supporter_at[(r + dr, c + dc)] for dr, dc in _STEPS if (r + dr, c + dc) in supporter_at}
        listed |= {s for s in ids if s not in listed and rng.random() < extra}
        events.append((_event_id(rng, index), sorted(listed) + _decoys(rng, present)))
    rng.shuffle(ids)
    rng.shuffle(events)
    return _document(ids, _relabelled(events))


def random_catalogue(rng: random.Random) -> tuple[list[int], dict[str, frozenset[int]]]:
    """Supporter numbers and Events (ID -> the Supporters it lists), shaped like the sample
    catalogue: 30-40 of each, every Event listing 3-6 of the catalogue's Supporters."""
    numbers = rng.sample(ID_RANGE, rng.randint(30, 40))
    events = {f"E{i + 1}": frozenset(rng.sample(numbers, rng.randint(3, 6))) for i in range(rng.randint(30, 40))}
    return numbers, events


def engine_grown(cards: int, rng: random.Random) -> dict:
    """A network grown as a game grows one, by the engine's entry rules, from a random catalogue.

    Each step locks in either a matching pair (both new; ``pair_entry``) or one new card that
    matches a card already in the network (``single_entry``, else the rearranged entry, which
    without ``every_card_matched`` is ``line_entry``), exactly the tests ``Engine.entry`` makes;
    every layout an entry returns is checked with ``check_arrangement``. The Events keep their
    whole catalogue listing, so Supporters outside the network are the decoys."""
    from model.whitehouse.network.arrangement import (
        EVENT,
        SUPPORTER,
        Arrangement,
        CardRef,
        Event,
        Network,
        Supporter,
        check_arrangement,
    )
    from model.whitehouse.tricks import line_entry, pair_entry, single_entry

    while True:  # a catalogue that runs out of entries before ``cards`` is drawn again
        numbers, listing = random_catalogue(rng)
        network = Network()
        arrangement = Arrangement(())
        held_s: list[int] = []
        held_e: list[str] = []
        while network.size < cards:
            free_s = [s for s in numbers if s not in held_s]
            free_e = [e for e in listing if e not in held_e]
            singles = [CardRef(SUPPORTER, s) for s in free_s if any(s in listing[e] for e in held_e)]
            singles += [CardRef(EVENT, e) for e in free_e if listing[e] & set(held_s)]
            pairs = [(s, e) for e in free_e for s in sorted(listing[e]) if s in free_s]
            if network.size + 2 > cards:
                pairs = []
            if not singles and not pairs:
                break
            if pairs and (not singles or rng.random() < 0.4):
                s, e = rng.choice(pairs)
                network = Network(network.supporters + (Supporter(s),), network.events + (Event(e, listing[e]),))
                entered = pair_entry(network, arrangement, CardRef(SUPPORTER, s), CardRef(EVENT, e))
                held_s.append(s)
                held_e.append(e)
            else:
                card = rng.choice(singles)
                if card.kind == SUPPORTER:
                    assert isinstance(card.id, int)
                    network = network.with_card(Supporter(card.id))
                    held_s.append(card.id)
                else:
                    assert isinstance(card.id, str)
                    network = network.with_card(Event(card.id, listing[card.id]))
                    held_e.append(card.id)
                entered = single_entry(network, arrangement, card) or line_entry(network, arrangement, card)
            assert entered is not None, "a card the engine accepts always enters"
            report = check_arrangement(network, entered)
            assert report.legal, report.violations
            arrangement = entered
        if network.size == cards:
            break
    supporters = list(held_s)
    events: list[tuple[int | str, list[int]]] = [(e, sorted(listing[e])) for e in held_e]
    rng.shuffle(supporters)
    rng.shuffle(events)
    return _document(supporters, events)


def build(family: str, cards: int, seed: int) -> dict:
    rng = random.Random(f"{family}/{cards}/{seed}")
    if family in ("game", "stress"):
        return game_grown(cards, rng)
    if family.startswith("random-d"):
        return random_network(cards, float(family.removeprefix("random-d")), rng)
    if family.startswith("planted-k"):
        return planted(int(family.removeprefix("planted-k")), rng)
    return _grow(family, cards, rng)


def _grow(family: str, cards: int, rng: random.Random) -> dict:
    """An instance of one of the families beyond the original plan, from its file family name."""
    if family == "engine":
        return engine_grown(cards, rng)
    if family.startswith("checker-k"):
        return planted_extra(int(family.removeprefix("checker-k")), rng)
    raise ValueError(f"unknown family {family!r}")


# --- fresh instances ----------------------------------------------------------------------------

#: Fresh families: name -> (sizes, the file family name of a size, its card count of a size).
#: A size is the card count, except for ``checker`` where it is k (k x k cards).
FRESH: dict[str, tuple[range, Callable[[int], str], Callable[[int], int]]] = {
    "game": (range(10, 17), lambda n: "game", lambda n: n),
    "engine": (range(18, 25), lambda n: "engine", lambda n: n),
    "checker": (range(4, 11), lambda k: f"checker-k{k}", lambda k: k * k),
    "dense": (range(14, 17), lambda n: "random-d0.8", lambda n: n),
}

#: Fresh instances kept in ``benchmarks/instances/`` (family, size, seed, index): hard ones found
#: with ``tricks_fresh.py --seed 20261201`` (10 s, connected): the slowest game-grown one proven
#: (2.7 s), two engine-grown ones left open (17/18, 20/24 Tricks/bound) and a checkerboard with
#: extra pairs where the solver stopped at 53 of the planted 60; and two that are hard only with
#: ``--connected false`` (5 s): an engine-grown one the plain model proves (21) where the solver
#: stops at 18, and a dense one the solver leaves at 23/24 (connected, it proves 23 in 70 ms).
#: From ``--seed 20261204`` (203 game-grown networks, 10 s, connected): three of the four left
#: open at 10 s by the solver and the plain model alike (Tricks/bound 19/20 and 18/19 of 15
#: cards, 21/22 of 16), and the slowest proven (15 cards, 19, about 7 s for ``verify tricks``).
#: From ``--seed 20261211`` (203 game-grown networks, 10 s, connected): the two where the box
#: descent found the better arrangement only after about 10 s (17 of 15 cards, 20 of 16), built in
#: one piece within 5 000 nodes. From ``--seed 20261214 --connected false`` (5 s): a game-grown
#: one left at 21 of at most 22 by the solver and the plain model alike. From ``--seed 20261218``
#: (10 s, connected): one left at 18 of at most 21, whose 19 the search in pieces reaches in
#: pieces that join into one network. From ``--seed 20261301 --every-card-matched true`` (10 s):
#: two engine-grown ones where the solver found no arrangement keeping every card matched (12 of
#: at most 21 after 60 s on the first), whose optimum without the rule keeps it already (21), or
#: does once the local search has walked from it (25). From ``--seed 20261312 --connected false
#: --every-card-matched true`` (10 s): one the solver called optimal at 13, where 15 is legal (a
#: group of cards without an arrangement yet gave its own bound as the network's). From ``--seed
#: 20261314 --connected false --every-card-matched true`` (10 s): one left at 20 of at most 21,
#: whose optimum in pieces without the rule (21) the local search, moving cards between pieces,
#: keeps to the rule. From ``--seed 20261404 --connected false`` (10 s): one left at 21 of at most
#: 22 (6 Supporters, 10 Events: the kinds bound), and the slowest proven (8 of each kind, 21, about
#: 4 s); the search from the kind with fewer cards refutes 22 in both, in 0.01 s and about a second.
#: From ``--seed 20261403 --every-card-matched true`` (10 s, connected): the slowest proven (20,
#: 3.2 s), where "one Trick more?" in pieces gave the embedding search's first budget nothing.
#: From ``--seed 20261420 --connected false`` and ``--seed 20261422 --every-card-matched true``:
#: the slowest of each (2.35 s, and 4.69 s connected), 7 Supporters and 9 Events, optimum 19;
#: the search from the few kind refuted 20 on 142 698 and 201 996 nodes with only the count of
#: cells as its bound, and on 6 558 and 926 with the matching bound (and the few cards of fewest
#: partners placed first). From ``--seed 20261453 --families engine`` (connected, 10 s): one left
#: at 24 of at most 25, where the climb's search in pieces refutes 25 on its third budget only.
#: From ``--seed 20261453 --families engine --every-card-matched true`` (connected, 10 s): one left
#: at 16 of at most 17 (the optimum without the rule), whose 17 keeping every card matched the
#: local search reaches from that optimum on its seventh walk; CP-SAT's region model finds none in
#: 30 s. From ``--seed 20261480`` with the same options: one left at 21 of at most 22, reached
#: the same way on the 21st walk.
KEPT: tuple[tuple[str, int, int, int], ...] = (
    ("game", 16, 20261201, 4),
    ("engine", 19, 20261201, 0),
    ("engine", 22, 20261201, 1),
    ("checker", 6, 20261201, 0),
    ("engine", 21, 20261201, 0),
    ("dense", 16, 20261201, 1),
    ("game", 15, 20261204, 19),
    ("game", 15, 20261204, 20),
    ("game", 16, 20261204, 6),
    ("game", 15, 20261204, 26),
    ("game", 15, 20261211, 28),
    ("game", 16, 20261211, 4),
    ("game", 16, 20261214, 2),
    ("game", 16, 20261218, 14),
    ("engine", 21, 20261301, 1),
    ("engine", 24, 20261301, 1),
    ("engine", 18, 20261312, 0),
    ("engine", 23, 20261314, 1),
    ("game", 16, 20261404, 24),
    ("game", 16, 20261404, 5),
    ("game", 16, 20261403, 28),
    ("game", 16, 20261420, 11),
    ("game", 16, 20261422, 2),
    ("engine", 23, 20261453, 2),
    ("engine", 19, 20261453, 1),
    ("engine", 21, 20261480, 1),
)


def fresh_name(family: str, size: int, seed: int, index: int) -> str:
    """The file stem of a fresh instance: ``<family>_n<cards>_s<seed>.<index>``."""
    _sizes, file_family, cards = FRESH[family]
    return f"{file_family(size)}_n{cards(size):03d}_s{seed}.{index}"


def fresh(family: str, size: int, seed: int, index: int) -> dict:
    """The ``index``-th fresh instance of ``family`` at ``size`` drawn from ``seed``. Its random
    stream is named apart from the committed instances' (``<family>/<cards>/<seed>``)."""
    sizes, file_family, cards = FRESH[family]
    if size not in sizes:
        raise ValueError(f"{family} sizes are {sizes.start}-{sizes.stop - 1}, not {size}")
    name = file_family(size)
    rng = random.Random(f"fresh/{name}/{cards(size)}/{seed}/{index}")
    if name == "game":
        return game_grown(cards(size), rng)
    if name.startswith("random-d"):
        return random_network(cards(size), float(name.removeprefix("random-d")), rng)
    return _grow(name, cards(size), rng)


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
    parser.add_argument(
        "--fresh", nargs=4, metavar=("FAMILY", "SIZE", "SEED", "INDEX"),
        help=f"print one fresh instance ({', '.join(FRESH)}) and write nothing",
    )
    parser.add_argument("--smoke", action="store_true",
                        help="build one instance of each family and each kept one, write nothing: CI runs it")
    args = parser.parse_args()
    if args.smoke:
        built = [build(family, cards, 0) for family, cards, _ in PLAN] + [fresh(*kept) for kept in KEPT]
        assert all(document["supporters"] and document["events"] for document in built)
        print(f"built {len(built)} instances")
        return
    if args.fresh:
        family, size, seed, index = args.fresh
        if family not in FRESH:
            parser.error(f"--fresh: unknown family {family!r} (one of {', '.join(FRESH)})")
        try:
            document = fresh(family, int(size), int(seed), int(index))
        except ValueError as error:
            parser.error(f"--fresh: {error}")
        print(_dumps(document), end="")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for family, cards, count in PLAN:
        for seed in range(count):
            path = args.out / f"{family}_n{cards:03d}_s{seed:02d}.json"
            path.write_text(_dumps(build(family, cards, seed)))
            written += 1
    for family, size, seed, index in KEPT:
        path = args.out / f"{fresh_name(family, size, seed, index)}.json"
        path.write_text(_dumps(fresh(family, size, seed, index)))
        written += 1
    print(f"wrote {written} instances to {args.out}")


if __name__ == "__main__":
    main()
