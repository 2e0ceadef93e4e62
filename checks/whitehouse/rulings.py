"""Rulings of the White House intern game: the rulebook's examples and one case per rule option,
as data files (``checks/whitehouse/data/*.json``) with the expected outcome.

A ruling's ``situation`` is one of:
- ``{"kind": "entry", "network": ..., "arrangement": [...], "card": {...}}``: where a card may
  enter a Locked Network laid out as given (the rulebook's grid example);
- ``{"kind": "game", "catalogue": "sample" | {...}, "position": {...}, "moves": [...]}``: a table
  and moves, replayed under the ruling's ``rules``.
``expected`` names what is checked: ``illegal`` (null, or ``{"index", "rule"}``), ``state`` (any
part of the replay's state object), ``legal_moves`` (after the moves), ``deck_bottoms`` (the last
two cards of each deck), ``outcome`` (how the game ended, ``State.outcome``: its termination, winners and
``decided_by``; null while it goes on). ``evaluate`` returns the actual outcome in the same shape.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from model.whitehouse.io import load_log
from model.whitehouse.log import move_to_json, replay
from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    CardRef,
    Event,
    Network,
    Placement,
    Supporter,
    count_tricks,
    entry_cells,
)
from model.whitehouse.report import replay_json
from model.whitehouse.rules import whitehouse_rules
from model.whitehouse.table import decider
from solver.network.oracle import trick_oracle

RULINGS_PACKAGE = "checks.whitehouse"
RULINGS_DIR = ("data",)


def load_rulings() -> list[dict[str, Any]]:
    """Every ruling file, sorted by file name."""
    folder = resources.files(RULINGS_PACKAGE).joinpath(*RULINGS_DIR)
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            found.append(json.loads(entry.read_text(encoding="utf-8")))
    return found


def _project(actual: Any, template: Any) -> Any:
    """The part of ``actual`` that ``template`` asks about (dict keys, list items)."""
    if isinstance(template, dict) and isinstance(actual, dict):
        return {key: _project(actual.get(key), value) for key, value in template.items()}
    if isinstance(template, list) and isinstance(actual, list) and len(template) == len(actual):
        return [_project(a, t) for a, t in zip(actual, template, strict=False)]
    return actual


def _entry(situation: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:

    net = situation["network"]
    card = situation["card"]
    supporters = [Supporter(s) for s in net["supporters"]]
    events = [Event(e["id"], frozenset(e["supporters"])) for e in net["events"]]
    if "supporter" in card:
        supporters.append(Supporter(card["supporter"]))
        ref = CardRef(SUPPORTER, card["supporter"])
    else:
        events.append(Event(card["event"], frozenset(card["supporters"])))
        ref = CardRef(EVENT, card["event"])
    network = Network(tuple(supporters), tuple(events))
    placements = tuple(
        Placement(CardRef(SUPPORTER, p["supporter"]) if "supporter" in p else CardRef(EVENT, p["event"]),
                  p["row"], p["col"])
        for p in situation["arrangement"]
    )
    arrangement = Arrangement(placements)
    cells = entry_cells(network, arrangement, ref, whitehouse_rules(rules, "rules").tricks)
    base = count_tricks(network, arrangement)
    return {
        "cells": [[e.row, e.col] for e in cells],
        "trick_cells": [[e.row, e.col] for e in cells if e.tricks > base],
    }


def _game(ruling: dict[str, Any]) -> dict[str, Any]:

    situation = ruling["situation"]
    log = {
        "game": "whitehouse",
        "catalogue": situation.get("catalogue", "sample"),
        "position": situation["position"],
        "rules": ruling.get("rules", {}),
        "moves": situation.get("moves", []),
    }
    loaded = load_log(ruling["name"], log, trick_oracle)
    result = replay(loaded)
    answer = replay_json(result)
    state = result.state

    seat = decider(state)
    ended = state.outcome()
    return {
        "illegal": None if result.illegal is None else {"index": result.illegal.index, "rule": result.illegal.rule},
        "state": answer["state"],
        "legal_moves": [move_to_json(m, seat) for m in result.engine.legal_moves(state)] if seat is not None else [],
        "deck_bottoms": {k: list(v[-2:]) for k, v in answer["state"]["decks"].items()},
        "outcome": None if ended is None else {"termination": ended.termination.value, "winners": list(ended.winners),
                                               "decided_by": ended.decided_by},
    }


def evaluate(ruling: dict[str, Any]) -> dict[str, Any]:
    """The actual outcome of a ruling's situation, in the shape of its ``expected``."""
    situation = ruling["situation"]
    actual = _entry(situation, ruling.get("rules", {})) if situation["kind"] == "entry" else _game(ruling)
    projected: dict[str, Any] = _project(actual, ruling["expected"])
    return projected


def differences(ruling: dict[str, Any]) -> list[str]:
    """Where the actual outcome differs from the expected one (empty when the ruling holds)."""
    actual = evaluate(ruling)
    found: list[str] = []

    def walk(path: str, want: Any, got: Any) -> None:
        if isinstance(want, dict) and isinstance(got, dict):
            for key in want:
                walk(f"{path}.{key}" if path else key, want[key], got.get(key))
        elif isinstance(want, list) and isinstance(got, list) and len(want) == len(got) and any(
            isinstance(w, dict) for w in want
        ):
            for index, (w, g) in enumerate(zip(want, got, strict=False)):
                walk(f"{path}[{index}]", w, g)
        elif want != got:
            found.append(f"{path}: expected {json.dumps(want)}, got {json.dumps(got)}")

    walk("", ruling["expected"], actual)
    return found
