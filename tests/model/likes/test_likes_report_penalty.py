"""Likes and Lies: when the Influencer moves his -2 for reporting True Information, under each
reading of ``report_penalty``.

The rulebook: "Players who posted True Information: +1 step; the Influencer -2 steps if reported
(unless the card specifies otherwise)", and players move by Intent "after the Influencer reports
someone". In the shared base round Ana, the Influencer, reports Ben's True Information; Cy and Dee
posted Misinformation, not reported. The -2 is moved with Ben's card, in seat order
(``with_intent``, literal), at once with the report (``at_report``), or after every Intent move
(``after_intents``); it is moved once, whichever the reading.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from likes_cases import BASE, resolve

from model.likes.engine import RoundResult

PENALTY = ("Ana", "true_information", -2)
BEN, CY, DEE = ("Ben", "true_information", 1), ("Cy", "misinformation", 2), ("Dee", "misinformation", 2)


def _round(reading: str, **round_changes: Any) -> RoundResult:
    doc = copy.deepcopy(BASE)
    doc["rules"] = {"report_penalty": reading}
    doc["round"].update(round_changes)
    return resolve(doc)


def _after_report(result: RoundResult) -> list[tuple[str, str, int]]:
    """The moves from the report on (Event lines left out: they move nobody here)."""
    steps = [(s.player, s.rule, s.move) for s in result.steps]
    start = steps.index(("Ana", "report", 0))
    return [step for step in steps[start + 1:] if step[1] != "event"]


@pytest.mark.parametrize("reading, order", [
    ("with_intent", [BEN, PENALTY, CY, DEE]),
    ("at_report", [PENALTY, BEN, CY, DEE]),
    ("after_intents", [BEN, CY, DEE, PENALTY]),
])
def test_the_influencers_penalty_comes_when_the_reading_says(reading: str, order: list) -> None:
    result = _round(reading)
    assert _after_report(result) == order
    # Ana: 2, +5 as Influencer, -2 for the report, once.
    assert {p.name: p.position for p in result.players} == {"Ana": 5, "Ben": 1, "Cy": 6, "Dee": 3}


@pytest.mark.parametrize("reading", ["with_intent", "at_report", "after_intents"])
def test_reporting_misinformation_or_no_one_costs_the_influencer_nothing(reading: str) -> None:
    misinformation = _round(reading, reports=[{"by": "Ana", "target": "Cy", "at": 2}])
    assert _after_report(misinformation) == [BEN, ("Cy", "misinformation", -2), DEE]
    nobody = _round(reading, reports=[])
    assert all(step.rule != "report" and (step.player, step.rule) != ("Ana", "true_information")
               for step in nobody.steps)
