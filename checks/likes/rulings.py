"""Likes and Lies rulings: the rulebook's examples and what each rule option changes, as data.

A ruling's ``situation`` is a round document (``players`` and ``round``) or a game document
(``players`` and ``rounds``), as `verify likes` reads them, optionally with its own ``board``,
``events`` and ``intents`` catalogues (the illustrative samples otherwise). ``expected`` holds
any of the keys of the outcome below; ``evaluate`` returns the actual outcome with the same keys.

Outcome keys: ``legal``, ``rule`` (the rule an input breaks, or null), ``status`` (games),
``winners``, ``decided_in`` (games), ``influencer_moves`` (per round: the Influencer's own move,
or the tie bonus), ``positions``, ``likes``, ``streaks`` (after the last legal round), ``events``
(per player: the Event cards drawn, in order), ``rejected`` (the JSON path of the field a document
is refused for as bad input, as `verify likes` would exit 2 for it; null when it is read).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from model.common.errors import InputError
from model.likes.cards import Catalogue
from model.likes.engine import IllegalInput, RoundResult, replay_game, resolve_round
from model.likes.io import (
    board_from,
    events_from,
    game_file_from,
    intents_from,
    round_file_from,
    sample_catalogue,
)

_CATALOGUE_KEYS = ("board", "events", "intents")


def load_rulings() -> list[dict[str, Any]]:
    """Every ruling shipped with the package, in file name order."""
    folder = resources.files("checks.likes").joinpath("data")
    files = sorted((item for item in folder.iterdir() if item.name.endswith(".json")),
                   key=lambda item: item.name)
    return [json.loads(item.read_text(encoding="utf-8")) for item in files]


def _catalogue(situation: dict[str, Any]) -> Catalogue:
    sample = sample_catalogue()
    name = situation.get("name", "situation")
    return Catalogue(
        board_from(f"{name}.board", situation["board"]) if "board" in situation else sample.board,
        events_from(f"{name}.events", situation["events"]) if "events" in situation
        else sample.events,
        intents_from(f"{name}.intents", situation["intents"]) if "intents" in situation
        else sample.intents,
    )


def _own_move(result: RoundResult) -> int | None:
    for step in result.steps:
        if step.rule in ("influencer", "influencer_third", "tie"):
            return step.move
    return None


def outcome(situation: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    """The full outcome of a situation under the given rule options."""
    catalogue = _catalogue(situation)
    document = {k: v for k, v in situation.items() if k not in _CATALOGUE_KEYS}
    document["rules"] = rules
    try:
        return _outcome(catalogue, document)
    except InputError as bad:
        # Refused as bad input before any round is resolved: only where (the other keys are absent).
        return {"legal": False, "rejected": bad.path}


def _outcome(catalogue: Catalogue, document: dict[str, Any]) -> dict[str, Any]:
    results: list[RoundResult]
    if "rounds" in document:
        chosen, players, rounds = game_file_from("ruling", document, catalogue)
        game = replay_game(catalogue, players, rounds, chosen)
        results, final, error = list(game.rounds), game.players, game.violation
        extra: dict[str, Any] = {"status": game.status, "winners": list(game.winners),
                                 "decided_in": game.decided_in}
    else:
        chosen, players, rnd = round_file_from("ruling", document, catalogue)
        try:
            result = resolve_round(catalogue, players, rnd, chosen)
            results, final, error = [result], result.players, None
            extra = {"winners": list(result.winners)}
        except IllegalInput as caught:
            results, final, error = [], players, caught
            extra = {"winners": []}
    events: dict[str, list[str]] = {p.name: [] for p in final}
    for result in results:
        for step in result.steps:
            if step.rule == "event":
                events[step.player].append(step.card or "")
    return {
        "legal": error is None,
        "rule": error.rule if error else None,
        **extra,
        "influencer_moves": [_own_move(r) for r in results],
        "positions": {p.name: p.position for p in final},
        "likes": {p.name: p.likes for p in final},
        "streaks": {p.name: p.streak for p in final},
        "events": {name: cards for name, cards in events.items() if cards},
        "rejected": None,
    }


def evaluate(ruling: dict[str, Any]) -> dict[str, Any]:
    """The actual outcome of a ruling, in the shape of its ``expected``."""
    actual = outcome(ruling["situation"], ruling.get("rules", {}))
    return {key: actual.get(key) for key in ruling["expected"]}
