"""Oh My Socks!: rulings. Each ruling is a data file (``checks/socks/data/*.json``): a
situation, the rule options in force, and the expected outcome. The rulebook's own examples come
first, then rulings that show what each rule option changes.

Two kinds of situation:

- ``{"kind": "score", "input": <a scoring file>}``: the outcome holds ``scores``, ``set_counts``,
  ``winners``, ``decided_by`` and ``super_sock`` (each player's first Super Sock's set).
- ``{"kind": "turns", ...}``: a table with every card known (players with ``collection``,
  ``gifts`` and ``super_sock``; ``to_move``; ``drawn``; ``deck`` top first, the Washing Machine
  added at the bottom unless listed; ``discard``) and ``turns`` as in a log (``keep``,
  ``super_set``, ``passed_super_set``, ``effects``). The outcome holds ``legal``, ``rule`` (the
  first rule broken), ``collections``, ``gifts``, ``discard``, ``over``, ``ended_by``,
  ``unplayed`` and ``super_sets``.

``evaluate`` returns the keys the ruling's ``expected`` names, so a ruling states only what it
is about.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from model.socks.cards import sample_catalogue
from model.socks.engine import play
from model.socks.io import TurnIn, parse_rules, parse_scoring
from model.socks.log import move_from_turn
from model.socks.rules import IllegalMove, RuleName, SocksRules
from model.socks.state import State, WildState
from solver.socks import score_game

SOURCE = "<ruling>"


def load_rulings() -> list[dict[str, Any]]:
    """Every shipped ruling, in file name order."""
    folder = resources.files("checks.socks").joinpath("data")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [json.loads(f.read_text("utf-8")) for f in files]


def _score(ruling: dict[str, Any]) -> dict[str, Any]:
    document = dict(ruling["situation"]["input"])
    if ruling.get("rules"):
        document["rules"] = ruling["rules"]
    scoring = parse_scoring(SOURCE, document)
    game = score_game(scoring.hands, scoring.rules)
    return {
        "scores": {p.name: p.score for p in game.players},
        "set_counts": {p.name: p.set_count for p in game.players},
        "winners": list(game.winners),
        "decided_by": game.decided_by,
        "super_sock": {p.name: p.wilds[0].set for p in game.players if p.wilds},
    }


def table_state(situation: dict[str, Any], rules: SocksRules) -> State:
    """A ``turns`` situation's table as an engine State (sample catalogue, every card known)."""
    catalogue = sample_catalogue()
    index = catalogue.index
    players = situation["players"]
    names = tuple(p["name"] for p in players)
    collections = tuple(tuple(index(c) for c in p.get("collection", [])) for p in players)
    wilds = []
    first_of_game = sum(len(c) for c in collections) == 1
    for seat, player in enumerate(players):
        for card in collections[seat]:
            if catalogue.card_sets[card] is not None:
                continue
            wilds.append(WildState.described(card, seat, player["super_sock"], first_of_game, rules))
    deck = tuple(index(c) for c in situation.get("deck", []))
    drawn = tuple(index(c) for c in situation["drawn"])
    if catalogue.wm not in deck + drawn:
        deck += (catalogue.wm,)
    return State(
        catalogue=catalogue,
        rules=rules,
        names=names,
        deck=deck,
        drawn=drawn,
        collections=collections,
        gifts=tuple(tuple(index(c) for c in p.get("gifts", [])) for p in players),
        discard=tuple(index(c) for c in situation.get("discard", [])),
        wilds=tuple(wilds),
        current=names.index(situation["to_move"]),
        turn=1,
        over=catalogue.wm in drawn,
        collected_any=any(collections),
    )


def _turns(ruling: dict[str, Any]) -> dict[str, Any]:
    situation = ruling["situation"]
    rules = parse_rules(SOURCE, ruling.get("rules"))
    state = table_state(situation, rules)
    seats = {name: seat for seat, name in enumerate(state.names)}
    broken: RuleName | None = None
    for turn in situation["turns"]:
        # Who plays and what was drawn follow from the table; only the decisions are given.
        entry = TurnIn.model_validate({"player": "-", "drawn": ["-", "-"], **turn})
        move = move_from_turn(SOURCE, entry, "turn", state.catalogue, seats)
        try:
            state = play(state, move)
        except IllegalMove as error:
            broken = error.rule
            break
    ids = state.catalogue.id_of
    return {
        "legal": broken is None,
        "rule": broken,
        "collections": {n: [ids(c) for c in state.collections[s]] for s, n in enumerate(state.names)},
        "gifts": {n: [ids(c) for c in state.gifts[s]] for s, n in enumerate(state.names)},
        "discard": [ids(c) for c in state.discard],
        "over": state.over,
        "ended_by": state.names[state.current] if state.over else None,
        "unplayed": [ids(c) for c in state.drawn] if state.over else [],
        "super_sets": {ids(w.card): w.set for w in state.wilds},
    }


def evaluate(ruling: dict[str, Any]) -> dict[str, Any]:
    """The actual outcome of a ruling's situation, with the keys its ``expected`` names."""
    kind = ruling["situation"]["kind"]
    outcome = _score(ruling) if kind == "score" else _turns(ruling)
    return {key: outcome.get(key) for key in ruling["expected"]}
