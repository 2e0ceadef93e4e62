"""The rule invariants of every game (all proved under the default options: test_checks_gate.py), each a complete
argument about the engine's own code (never a second encoding); an option can turn a proof into
a counterexample the engine reproduces; an Unknown when the time limit is tiny. Each game's
planted engine bugs, one per invariant at least, are in ``test_<game>_invariants.py``."""

from __future__ import annotations

from checks import registry
from checks.invariants import INVARIANTS, run_checks
from checks.result import Unknown, Violated

DEFAULTS = {game: registry.rules(game) for game in registry.game_names()}


def test_there_are_at_least_twenty_five_invariants_with_unique_ids() -> None:
    ids = [inv.id for inv, _ in INVARIANTS]
    assert len(ids) >= 25
    assert len(set(ids)) == len(ids)
    assert {inv.game for inv, _ in INVARIANTS} == set(registry.game_names())


def test_every_invariant_states_its_sentence_domain_and_functions() -> None:
    for inv, _ in INVARIANTS:
        assert inv.rulebook and inv.domain and inv.covers, inv.id


def test_every_invariant_argues_about_the_engine_itself() -> None:
    for inv, _ in INVARIANTS:
        assert inv.argument in ("single-source", "exhaustive", "symbolic"), inv.id


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
