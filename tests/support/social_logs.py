"""Writers of Social Network logs for the tests, independent of the referee.

``random_log`` plays a round with legal events only, keeping its own plain account of the table
(it reads the sample deck file itself and imports nothing of the engine), and records before every
event what an injected event would break there. ``Scenario`` builds small hand-made logs in which
one event breaks one named rule.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[2] / "model" / "social" / "data" / "social-sample-decks.json"
KINDS = ("gallery", "like", "contest", "quiz")
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def composition_of(deck: dict | None = None) -> dict[str, int]:
    data = deck or json.loads(SAMPLE.read_text())
    return dict(data["composition"])


def colours() -> list[str]:
    return list(json.loads(SAMPLE.read_text())["colours"])


def colour_cards(colour: str, composition: dict[str, int]) -> list[str]:
    return [f"{colour}-{kind}-{n}" for kind in KINDS for n in range(1, composition[kind] + 1)]


def kind_of(card: str) -> str:
    return card.split("-")[1]


class _Table:
    """The generator's own account of a round (no rules beyond what it needs to stay legal)."""

    def __init__(self, rng: random.Random, players: int, composition: dict[str, int]) -> None:
        self.rng = rng
        self.names = list(NAMES[:players])
        self.colours = dict(zip(self.names, colours(), strict=False))
        self.two = players == 2
        self.piles: dict[str, list[str]] = {}
        self.removed: dict[str, list[str]] = {}
        for name in self.names:
            cards = colour_cards(self.colours[name], composition)
            if self.two:
                likes = [c for c in cards if kind_of(c) == "like"]
                out = rng.sample(likes, 5)
                cards = [c for c in cards if c not in out]
            rng.shuffle(cards)
            self.piles[name] = cards
        self.hand = {n: self.piles[n][:5] for n in self.names}
        self.pile = {n: self.piles[n][5:] for n in self.names}
        self.profile = {n: 0 for n in self.names}
        self.active: dict[str, str | None] = {n: None for n in self.names}
        self.liked: dict[str, set[str]] = {}
        self.pending: dict[str, str] = {}  # unresolved Contest -> originator
        self.rewards: list[tuple[str, str]] = []  # (player, Contest) still to put down
        self.events: list[dict] = []
        self.snapshots: list[dict] = []
        self.over = False
        self.turn = 0

    def snapshot(self) -> None:
        self.snapshots.append({
            "hand": {n: list(h) for n, h in self.hand.items()},
            "pile": {n: len(p) for n, p in self.pile.items()},
            "active": dict(self.active),
            "profile_cards": {n: self.profile[n] for n in self.names},
        })

    def emit(self, event: dict) -> None:
        self.snapshot()
        self.events.append(event)

    def out(self, name: str) -> bool:
        return not self.hand[name] and not self.pile[name]

    def put_down(self, name: str, about: str) -> None:
        if self.hand[name] and (not self.pile[name] or self.rng.random() < 0.5):
            card = self.rng.choice(self.hand[name])
            self.emit({"player": name, "action": "reward", "for": about, "from": "hand",
                       "card": card})
            self.hand[name].remove(card)
        elif self.pile[name]:
            self.emit({"player": name, "action": "reward", "for": about, "from": "pile"})
            self.pile[name].pop(0)
        else:
            return
        self.profile[name] += 1
        if self.out(name):
            self.over = True

    def resolve(self, contest: str) -> None:
        originator = self.pending.pop(contest)
        others = [n for n in self.names if n != originator]
        if self.two:
            winner = self.rng.choice(self.names + [None])
            takers = [winner] if winner else []
        else:
            winner = self.rng.choice(others + [None])
            takers = [originator, winner] if winner else []
        self.emit({"player": originator, "action": "resolve", "contest": contest,
                   "winner": winner})
        for taker in takers:
            if self.over:
                return
            if self.rng.random() < 0.8:
                self.put_down(taker, contest)

    def quiz(self, author: str, card: str) -> None:
        for contest in list(self.pending):
            if self.over:
                return
            self.resolve(contest)
        if self.over:
            return
        truth = self.rng.random() < 0.5
        votes = {author: truth}
        self.emit({"player": author, "action": "vote", "vote": truth})
        for name in self.names:
            if name != author:
                votes[name] = self.rng.random() < 0.5
                self.emit({"player": name, "action": "vote", "vote": votes[name]})
        others = [n for n in self.names if n != author]
        right = [n for n in others if votes[n] == truth]
        takers = right if len(right) == len(others) else right + [author]
        for taker in takers:
            if self.over:
                return
            if self.rng.random() < 0.8:
                self.put_down(taker, card)
        if not self.over:
            self.emit({"player": author, "action": "start"})

    def play(self, name: str, card: str, on: str | None = None) -> None:
        event = {"player": name, "action": "play", "card": card}
        if on:
            event["on"] = on
        self.emit(event)
        self.hand[name].remove(card)
        if on:
            owner = next(n for n in self.names if self.active[n] == on)
            self.liked[on].add(name)
            self.profile[owner] += 1
        else:
            self.profile[name] += 1
            self.active[name] = None
        if self.two and self.pile[name]:
            self.hand[name].append(self.pile[name].pop(0))
        kind = kind_of(card)
        if kind == "gallery":
            self.active[name] = card
            self.liked[card] = set()
        if self.out(name):
            self.over = True
            return
        if kind == "contest":
            self.pending[card] = name
            if self.two:
                self.resolve(card)
        elif kind == "quiz":
            self.quiz(name, card)

    def playable(self, name: str) -> list[tuple[str, str | None]]:
        moves: list[tuple[str, str | None]] = []
        for card in self.hand[name]:
            if kind_of(card) != "like":
                moves.append((card, None))
                continue
            for other in self.names:
                gallery = self.active[other]
                if other != name and gallery and name not in self.liked[gallery]:
                    moves.append((card, gallery))
        return moves

    def step_base(self) -> None:
        name = self.rng.choice(self.names)
        roll = self.rng.random()
        if self.pending and roll < 0.15:
            self.resolve(self.rng.choice(sorted(self.pending)))
        elif len(self.hand[name]) < 5 and self.pile[name] and roll < 0.45:
            count = min(5 - len(self.hand[name]), len(self.pile[name]))
            if self.rng.random() < 0.5:
                self.emit({"player": name, "action": "draw"})
            else:
                count = self.rng.randint(1, count)
                self.emit({"player": name, "action": "draw", "count": count})
            self.hand[name] += self.pile[name][:count]
            del self.pile[name][:count]
        elif self.hand[name] and roll < 0.5:
            cards = self.rng.sample(self.hand[name], self.rng.randint(1, len(self.hand[name])))
            self.cycle(name, cards)
        else:
            moves = self.playable(name)
            if moves:
                self.play(name, *self.rng.choice(moves))

    def cycle(self, name: str, cards: list[str]) -> None:
        self.emit({"player": name, "action": "cycle", "cards": cards})
        for card in cards:
            self.hand[name].remove(card)
        self.pile[name] += cards
        self.hand[name] += self.pile[name][:len(cards)]
        del self.pile[name][:len(cards)]

    def step_two(self, passes: int) -> int:
        name = self.names[self.turn % 2]
        self.turn += 1
        moves = self.playable(name)
        roll = self.rng.random()
        if moves and roll < 0.8:
            self.play(name, *self.rng.choice(moves))
            return 0
        if self.hand[name] and roll < 0.9:
            self.cycle(name, self.rng.sample(self.hand[name], 1))
            return 0
        self.emit({"player": name, "action": "pass"})
        return passes + 1

    def log(self) -> dict:
        return {
            "players": [{"name": n, "colour": self.colours[n]} for n in self.names],
            "piles": self.piles,
            "events": self.events,
        }


def random_log(
    seed: int, players: int, max_events: int = 400, stall: float = 0.0
) -> tuple[dict, list[dict]]:
    """A round log of legal events only, and before each event a snapshot of the table.
    ``stall``: the chance, before each step, that a player cycles a card instead (long logs)."""
    rng = random.Random(seed)
    table = _Table(rng, players, composition_of())
    passes = 0
    while not table.over and len(table.events) < max_events:
        if not table.two and rng.random() < stall:
            name = rng.choice(table.names)
            if table.hand[name]:
                table.cycle(name, [rng.choice(table.hand[name])])
        elif table.two:
            passes = table.step_two(passes)
            if passes >= 2:
                break
        else:
            table.step_base()
    table.snapshot()
    return table.log(), table.snapshots


def injections(log: dict, snapshots: list[dict], rng: random.Random) -> tuple[int, dict, str]:
    """An event that breaks exactly one rule at a random point of a base-game log outside a
    Quiz, and that rule's name. Refused events change nothing, so the rest stays legal."""
    events = log["events"]
    halted = _halted(events)
    choices = [i for i in range(len(events)) if not halted[i]]
    at = rng.choice(choices) if choices else 0
    snap = snapshots[at]
    names = [p["name"] for p in log["players"]]
    name = rng.choice(names)
    colour = next(p["colour"] for p in log["players"] if p["name"] == name)
    options = ["vote", "start", "pass", "not_in_hand"]
    if len(snap["hand"][name]) >= 5:
        options.append("draw_full")
    if snap["active"][name]:
        options.append("own_like")
    likes = [c for c in snap["hand"][name] if kind_of(c) == "like"]
    what = rng.choice(options)
    if what == "vote":
        return at, {"player": name, "action": "vote", "vote": True}, "no_quiz_running"
    if what == "start":
        return at, {"player": name, "action": "start"}, "no_quiz_running"
    if what == "pass":
        return at, {"player": name, "action": "pass"}, "pass_two_player_only"
    if what == "draw_full":
        return at, {"player": name, "action": "draw"}, "draw_below_five"
    if what == "own_like" and likes:
        return (at, {"player": name, "action": "play", "card": likes[0],
                     "on": snap["active"][name]}, "like_own_gallery")
    held = set(snap["hand"][name])
    absent = [c for c in colour_cards(colour, composition_of())
              if c not in held and kind_of(c) != "like"]
    return (at, {"player": name, "action": "play", "card": rng.choice(absent)},
            "card_not_in_hand")


def _halted(events: list[dict]) -> list[bool]:
    """For each position: is a Quiz halt on just before that event?"""
    flags, on = [], False
    for event in events:
        flags.append(on)
        if event["action"] == "play" and kind_of(event["card"]) == "quiz":
            on = True
        elif event["action"] == "start":
            on = False
    flags.append(on)
    return flags


class Scenario:
    """A small hand-made round: players Ana (red), Bo (blue), Cy (green) or Ana and Bo.

    Each hand starts gallery-1, like-1, like-2, contest-1, quiz-1 (the piles are ordered so);
    the rest of the colour follows in catalogue order."""

    def __init__(self, players: int = 3, composition: dict[str, int] | None = None,
                 rules: dict | None = None) -> None:
        self.names = list(NAMES[:players])
        self.colour = dict(zip(self.names, colours(), strict=False))
        self.composition = composition or composition_of()
        self.rules = rules or {}
        self.events: list[dict] = []
        self.piles = {}
        for name in self.names:
            cards = colour_cards(self.colour[name], self.composition)
            if players == 2:
                likes = [c for c in cards if kind_of(c) == "like"]
                cards = [c for c in cards if c not in likes[-5:]]
            first = [f"{self.colour[name]}-{k}" for k in
                     ("gallery-1", "like-1", "like-2", "contest-1", "quiz-1")]
            top = [c for c in first if c in cards]
            self.piles[name] = top + [c for c in cards if c not in top]

    def card(self, name: str, short: str) -> str:
        return f"{self.colour[name]}-{short}"

    def add(self, player: str, action: str, **fields) -> int:
        event = {"player": player, "action": action}
        for key, value in fields.items():
            event[key.rstrip("_")] = value
        self.events.append(event)
        return len(self.events) - 1

    def play(self, player: str, short: str, on: str | None = None) -> int:
        fields = {"card": self.card(player, short)}
        if on:
            fields["on"] = on
        return self.add(player, "play", **fields)

    def log(self) -> dict:
        doc = {
            "players": [{"name": n, "colour": self.colour[n]} for n in self.names],
            "piles": self.piles,
            "events": self.events,
        }
        if self.composition != composition_of():
            doc["deck"] = {"composition": self.composition}
        if self.rules:
            doc["rules"] = self.rules
        return doc
