"""The rule invariants: all proved under the default options; each one's own injected bug is
reported as Violated, with a counterexample the (equally wrong) engine reproduces; an Unknown
when the time limit is tiny."""

from __future__ import annotations

import pytest
from checks_bugs import BUGS, encodings_with

from checks import registry
from checks.invariants import INVARIANTS, run_checks
from checks.result import Unknown, Violated

DEFAULTS = {game: registry.rules(game) for game in registry.game_names()}
#: Bugs that a second invariant catches too, by bug ID.
ALSO_CAUGHT: dict[str, set[str]] = {}


def test_there_are_at_least_twenty_five_invariants_with_unique_ids() -> None:
    ids = [inv.id for inv, _ in INVARIANTS]
    assert len(ids) >= 25
    assert len(set(ids)) == len(ids)
    assert {inv.game for inv, _ in INVARIANTS} == set(registry.game_names())


def test_every_invariant_states_its_sentence_domain_and_functions() -> None:
    for inv, _ in INVARIANTS:
        assert inv.rulebook and inv.domain and inv.covers, inv.id


def test_every_invariant_is_proved_under_the_default_options() -> None:
    checked = run_checks(DEFAULTS)
    assert {c.invariant.id: c.result.status for c in checked} == {inv.id: "proved" for inv, _ in INVARIANTS}


def test_every_invariant_has_its_own_bug() -> None:
    assert set(BUGS) == {inv.id for inv, _ in INVARIANTS}


@pytest.mark.parametrize("bug_id", sorted(BUGS))
def test_a_bug_is_caught_by_its_invariant_only(monkeypatch: pytest.MonkeyPatch, bug_id: str) -> None:
    bug = BUGS[bug_id]
    for target, attribute, replacement in bug.patches:
        monkeypatch.setattr(target, attribute, replacement)
    for mapping, key, value in bug.items:
        monkeypatch.setitem(mapping, key, value)
    game = next(inv.game for inv, _ in INVARIANTS if inv.id == bug_id)
    checked = run_checks(DEFAULTS, game, encodings=encodings_with(bug))
    by_id = {c.invariant.id: c.result for c in checked}
    result = by_id[bug_id]
    assert isinstance(result, Violated), f"{bug.description}: {result}"
    assert result.counterexample.engine_agrees, result.counterexample.engine
    assert result.counterexample.drawing
    caught = {i for i, r in by_id.items() if r.status != "proved"}
    assert caught == {bug_id} | ALSO_CAUGHT.get(bug_id, set())


def test_an_option_can_turn_a_proof_into_a_counterexample() -> None:
    rules = {"socks": registry.rules("socks", {"final_tie": "no_winner"})}
    checked = run_checks(rules, "socks", only=lambda inv: inv.id == "SO-5")
    result = checked[0].result
    assert isinstance(result, Violated)
    assert result.counterexample.state["winners"] == []
    assert result.counterexample.engine_agrees


def test_a_tiny_time_limit_gives_unknown_with_the_reason() -> None:
    checked = run_checks(DEFAULTS, "whitehouse", time_limit=1e-6, only=lambda inv: inv.id == "LN-2")
    result = checked[0].result
    assert isinstance(result, Unknown)
    assert "time limit" in result.reason
