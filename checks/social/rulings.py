"""Social Network rulings: the rulebook's situations and what each rule option changes.

A ruling's ``situation`` holds one of ``round`` (a round log), ``game`` (a game log) or ``like``
(the moment of one Like); its ``rules`` are the options in force. ``evaluate`` returns the outcome
in the shape of ``expected``:
- a round: ``illegal`` (``[event, rule, remedy]`` each), ``scores`` (name -> points), ``end``
  (the reason, or null), ``returned`` (the Likes given back at scoring), ``deck`` (``sample``:
  the shipped illustrative split of a colour's cards, or ``custom``: the log's own);
- a game: ``winners`` and ``decided_by``;
- a Like: ``legal``, ``rule``, ``remedy``;
- any document the tool refuses as bad input: ``input_error`` (the JSON path named).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from model.common.errors import InputError
from model.social.engine import judge_game, judge_like, judge_round
from model.social.io import parse_game, parse_like, parse_round

RULINGS = ("data",)


def _with_rules(document: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    return {**document, "rules": {**document.get("rules", {}), **rules}}


def evaluate(ruling: dict[str, Any]) -> dict[str, Any]:
    """The actual outcome of one ruling, in the same shape as its ``expected``."""
    situation, rules = ruling["situation"], ruling.get("rules", {})
    source = ruling["name"]
    try:
        if "round" in situation:
            setup, chosen = parse_round(source, _with_rules(situation["round"], rules))
            result = judge_round(setup, chosen)
            return {
                "illegal": [[v.index, v.rule, v.remedy] for v in result.violations],
                "scores": {p.name: p.score for p in result.players},
                "end": result.end.reason if result.end else None,
                "returned": [r.card for p in result.players for r in p.returned],
                "deck": "sample" if result.sample_deck else "custom",
            }
        if "game" in situation:
            game, chosen = parse_game(source, _with_rules(situation["game"], rules))
            outcome = judge_game(game, chosen)
            return {"winners": list(outcome.winners), "decided_by": outcome.decided_by}
        moment, chosen = parse_like(source, _with_rules(situation["like"], rules))
        answer = judge_like(moment, chosen)
        return {"legal": answer.legal, "rule": answer.rule, "remedy": answer.remedy}
    except InputError as error:
        return {"input_error": error.path}


def load_rulings() -> list[dict[str, Any]]:
    """Every shipped ruling, in file-name order."""
    folder = resources.files("checks.social").joinpath(*RULINGS)
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return [json.loads(f.read_text(encoding="utf-8")) for f in files]
