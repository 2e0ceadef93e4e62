"""The rulebook's examples and one case per rule option, as ruling data files."""

import pytest

from checks.whitehouse.rulings import differences, load_rulings
from model.whitehouse.rules import WHITEHOUSE_OPTIONS

RULINGS = load_rulings()


@pytest.mark.parametrize("ruling", RULINGS, ids=[r["name"] for r in RULINGS])
def test_ruling_holds(ruling):
    assert differences(ruling) == [], f"{ruling['name']} ({ruling['source'][:60]}...)"


def test_rulings_are_complete_documents():
    for ruling in RULINGS:
        assert set(ruling) == {"name", "source", "rules", "situation", "expected"}, ruling["name"]
        assert ruling["source"].strip(), ruling["name"]


def test_every_option_has_a_ruling_that_sets_it():
    covered = {name for r in RULINGS for name in r["rules"]}
    missing = [o.name for o in WHITEHOUSE_OPTIONS if o.name not in covered]
    assert missing == []


def test_rulebook_examples_are_present():
    names = {r["name"] for r in RULINGS}
    for needed in ("grid-example", "example-1-choices", "example-2-choices", "gridlock-own-turn",
                   "gridlock-off-turn", "gridlock-deflected", "lies-stops-take", "lies-blocked",
                   "lies-on-deflection", "second-deflection", "reversal"):
        assert needed in names


def test_a_wrong_expectation_is_reported():
    ruling = next(r for r in RULINGS if r["name"] == "reversal")
    broken = {**ruling, "expected": {"state": {"current": 3}}}
    assert differences(broken) == ["state.current: expected 3, got 0"]


def test_a_wrong_outcome_is_reported():
    ruling = next(r for r in RULINGS if r["name"] == "option-simultaneous-seven-shared")
    assert ruling["expected"]["outcome"] == {"termination": "goal", "winners": ["0", "1"], "decided_by": "shared"}
    broken = {**ruling, "expected": {"outcome": {**ruling["expected"]["outcome"], "decided_by": ""}}}
    assert differences(broken) == ['outcome.decided_by: expected "", got "shared"']
