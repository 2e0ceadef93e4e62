"""Hypothesis strategies and builders for Locked Networks, shared by the Tricks tests.

Networks are valid by construction: unique Supporter IDs, unique Event IDs (integers and strings
mixed, never two that print alike), Event lists drawn as a random subset of the network's
Supporters plus decoy IDs that are not in the network.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from model.whitehouse.network.arrangement import Event, Network, Supporter, TricksRules

#: The largest Supporter ID the strategies draw (the input contract allows up to 2^31 - 1).
MAX_ID = 2**31 - 1

event_ids = st.one_of(
    st.integers(1, MAX_ID),
    st.text(alphabet="ABEVXZ0123456789-_", min_size=1, max_size=6),
)


@st.composite
def networks(draw, min_cards: int = 0, max_cards: int = 7) -> Network:
    """A network of ``min_cards``..``max_cards`` cards with random matches and decoy IDs."""
    size = draw(st.integers(min_cards, max_cards))
    n_supporters = draw(st.integers(0, size))
    n_events = size - n_supporters
    supporter_ids = draw(
        st.lists(st.integers(1, MAX_ID), min_size=n_supporters, max_size=n_supporters, unique=True)
    )
    present = set(supporter_ids)
    ids = draw(st.lists(event_ids, min_size=n_events, max_size=n_events, unique_by=str))
    decoys = st.integers(1, MAX_ID).filter(lambda x: x not in present)
    events = []
    for event_id in ids:
        mask = draw(st.lists(st.booleans(), min_size=n_supporters, max_size=n_supporters))
        listed = {s for s, keep in zip(supporter_ids, mask, strict=False) if keep}
        listed |= draw(st.sets(decoys, max_size=3))
        events.append(Event(event_id, frozenset(listed)))
    return Network(tuple(Supporter(s) for s in supporter_ids), tuple(events))


rules_options = st.builds(TricksRules, connected=st.booleans(), every_card_matched=st.booleans())


@st.composite
def matched_networks(draw, min_cards: int = 2, max_cards: int = 7) -> Network:
    """A network in which every card matches at least one other card of it (the networks a
    game produces), so that rule option ``every_card_matched`` is not refused outright."""
    base = draw(networks(max(2, min_cards), max_cards))
    supporters, events = list(base.supporters), list(base.events)
    if not supporters:
        supporters.append(Supporter(draw(st.integers(1, MAX_ID).filter(lambda x: str(x) not in {str(e.id) for e in events}))))
        events = events[:-1] if len(events) > 1 else events
    if not events:
        events.append(Event("E", frozenset()))
        supporters = supporters[:-1] if len(supporters) > 1 else supporters
    lists = [set(e.supporters) for e in events]
    present = {s.id for s in supporters}
    for listed in lists:
        if not listed & present:
            listed.add(draw(st.sampled_from(sorted(present))))
    for supporter in supporters:
        if not any(supporter.id in listed for listed in lists):
            lists[draw(st.integers(0, len(lists) - 1))].add(supporter.id)
    return Network(tuple(supporters), tuple(Event(e.id, frozenset(listed), e.name) for e, listed in zip(events, lists, strict=True)))


def checkerboard(k: int, rng: random.Random, extra_matches: int = 0, decoys: int = 2) -> Network:
    """A planted k x k checkerboard: Supporters on one colour, Events on the other, each Event
    listing exactly its grid-neighbour Supporters, plus up to ``decoys`` IDs outside the network
    per Event and ``extra_matches`` further random matches. IDs are random and the card order is
    shuffled. The planted layout stays legal, so its 2n - 2k Tricks (the most any n = k * k cells
    can have) is the maximum."""
    cells = [(r, c) for r in range(k) for c in range(k)]
    supporter_cells = [cell for cell in cells if sum(cell) % 2 == 0]
    event_cells = [cell for cell in cells if sum(cell) % 2 == 1]
    pool = rng.sample(range(1, 10**6), len(supporter_cells) + 10 * len(event_cells) + extra_matches + 5)
    supporter_of = {cell: pool.pop() for cell in supporter_cells}
    listed: dict[tuple[int, int], set[int]] = {}
    for r, c in event_cells:
        near = ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
        listed[(r, c)] = {supporter_of[cell] for cell in near if cell in supporter_of}
        listed[(r, c)] |= {pool.pop() for _ in range(rng.randint(0, decoys))}
    for _ in range(extra_matches):
        if event_cells and supporter_cells:
            listed[rng.choice(event_cells)].add(supporter_of[rng.choice(supporter_cells)])
    event_names = [rng.choice(["E", "ev", ""]) + str(pool.pop()) for _ in event_cells]
    events = [
        Event(name if not name.isdigit() else int(name), frozenset(listed[cell]))
        for name, cell in zip(event_names, event_cells, strict=False)
    ]
    supporters = [Supporter(supporter_of[cell]) for cell in supporter_cells]
    rng.shuffle(supporters)
    rng.shuffle(events)
    return Network(tuple(supporters), tuple(events))


def renamed(network: Network, rng: random.Random) -> Network:
    """The same network with fresh Supporter and Event IDs (lists renamed alike, decoys kept
    outside the network) and both card lists shuffled."""
    present = {s.id for s in network.supporters}
    fresh = rng.sample(range(1, 10**7), len(present) + len(network.events))
    supporter_map = {old: fresh.pop() for old in sorted(present)}
    new_present = set(supporter_map.values())
    supporters = [Supporter(supporter_map[s.id], s.name) for s in network.supporters]
    events = []
    for event in network.events:
        listed = set()
        for s in event.supporters:
            if s in supporter_map:
                listed.add(supporter_map[s])
            else:
                # A decoy stays a decoy: renamed to an ID no Supporter here uses.
                decoy = s
                while decoy in new_present:
                    decoy += 10**7
                listed.add(decoy)
        new_id = fresh.pop()
        events.append(Event(new_id if rng.random() < 0.5 else f"E{new_id}", frozenset(listed), event.name))
    rng.shuffle(supporters)
    rng.shuffle(events)
    return Network(tuple(supporters), tuple(events))
