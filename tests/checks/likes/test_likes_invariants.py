"""The Likes and Lies invariants are about the engine's own functions: a bug planted in the engine
alone (the model function patched, never the proof) breaks its invariant, and `verify checks`
changes its answer; the designer question's answers, witness replayed."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import pytest
from click.testing import CliRunner

from checks import registry
from checks.invariants import run_checks
from checks.likes import invariants as likes_invariants
from checks.questions import QUESTIONS, No, Yes, answer
from checks.result import Violated
from cli import cli
from model.common.ops import PY, Ops
from model.likes import engine as likes_engine
from model.likes import rules as likes_rules
from model.likes.rules import RoleFlags, StreakStep, role_flags

DEFAULTS = registry.rules("likes")
IDS = [inv.id for inv in likes_invariants.INVARIANTS]
# checks.questions imports each game's questions (importing checks.likes.questions first is circular).
LL_Q1 = next(q for q in QUESTIONS if q.id == "LL-Q1")

_streak_step = likes_rules.streak_step
_moves_by_intent = likes_rules.moves_by_intent
_intent_steps = likes_rules.intent_steps
_floor_at_start = likes_rules.floor_at_start
_resolve_round = likes_engine.resolve_round
_report_penalty = likes_engine._report_penalty
_move = likes_engine._Table.move


def floor_minus_one(position: Any, ops: Ops = PY) -> Any:
    return ops.max((ops.const(-1), position))


def two_influencers(counts: Any, ops: Ops = PY) -> list[RoleFlags]:
    top = ops.max(counts)
    leaders = ops.count(c == top for c in counts)
    return [RoleFlags(ops.all((c == top, leaders <= 2)), ops.all((c == top, leaders > 2))) for c in counts]


def tie_resets(streak: Any, role: Any, after_third: Any, ops: Ops = PY) -> StreakStep:
    step = _streak_step(streak, role, after_third, ops)
    return StreakStep(ops.ite(role_flags(role).tied, ops.const(0), step.streak), step.penalised)


def influencer_moves(role: Any, there: Any, intent_in_tie: Any, ops: Ops = PY) -> Any:
    return ops.ite(there, True, _moves_by_intent(role, there, intent_in_tie, ops))


def poster_pays(kind: Any, reported: Any, a: Any = None, b: Any = None, c: Any = None,
                printed_steps: bool = True, ops: Ops = PY) -> Any:
    got = _intent_steps(kind, reported, a, b, c, printed_steps, ops)
    if kind != likes_rules.TRUE_INFORMATION:
        return got
    return likes_rules.IntentSteps(ops.ite(reported, ops.const(-2), got.poster), got.influencer)


def exact_count(position: Any, steps: Any, viral: Any, start_floor: Any, ops: Ops = PY) -> Any:
    end = position + steps
    held = _floor_at_start(end, ops) if start_floor == "each_move" else end
    return ops.ite(end == viral, viral, ops.ite(end > viral, position, held))


def keeps_played_card(catalogue: Any, players: Any, rnd: Any, *args: Any, **kwargs: Any) -> Any:
    result = _resolve_round(catalogue, players, rnd, *args, **kwargs)
    kept = tuple(replace(after, intent_deck=before.intent_deck)
                 for before, after in zip(players, result.players, strict=True))
    return replace(result, players=kept)


def reported_pays(table: Any, catalogue: Any, plays: Any, influencer: str, reported: str) -> None:
    _report_penalty(table, catalogue, plays, reported, reported)


def own_card_reported(table: Any, catalogue: Any, plays: Any, influencer: str, reported: str) -> None:
    _report_penalty(table, catalogue, plays, influencer, influencer)


def penalty_twice(table: Any, catalogue: Any, plays: Any, influencer: str, reported: str) -> None:
    _report_penalty(table, catalogue, plays, influencer, reported)
    _report_penalty(table, catalogue, plays, influencer, reported)


def streak_forgotten(catalogue: Any, players: Any, rnd: Any, *args: Any, **kwargs: Any) -> Any:
    result = _resolve_round(catalogue, players, rnd, *args, **kwargs)
    return replace(result, players=tuple(replace(p, streak=0) for p in result.players))


def report_reveals_nothing(catalogue: Any, players: Any, rnd: Any, *args: Any, **kwargs: Any) -> Any:
    result = _resolve_round(catalogue, players, rnd, *args, **kwargs)
    return replace(result, steps=tuple(replace(s, card=None) if s.rule == "report" else s for s in result.steps))


def likes_beyond_ten_lost(self: Any, name: str) -> None:
    rest, steps = likes_rules.exchange_likes(self.likes[name])
    if steps:
        self.likes[name] = 0
        self.move(name, steps, "likes_exchange", likes=0, may_land=self.rules.exchange_step_lands)


def events_unfloored(self: Any, name: str, steps: int, rule: Any, **kwargs: Any) -> None:
    start = self.position[name]
    count = len(self.steps)
    _move(self, name, steps, rule, **kwargs)
    if rule == "event" and start + steps < 0 and self.rules.start_floor == "each_move":
        self.position[name] = start + steps
        line = self.steps[count]
        self.steps[count] = replace(line, end=start + steps)


_count_votes = likes_engine._count_votes
_spent = likes_engine._spent
_winners = likes_engine._winners


def anyone_reports(rnd: Any, influencer: Any) -> Any:
    return rnd.reports[0].target if rnd.reports else None


def own_card_accepted(players: Any, rnd: Any, plays: Any) -> Any:
    own = {play.content: name for name, play in plays.items()}
    kept = tuple(v for v in rnd.votes if own[v.card] != v.voter)
    return _count_votes(players, replace(rnd, votes=kept), plays)


def furthest_not_won(players: Any, round_number: int, rules: Any) -> Any:
    return _spent(players, round_number, replace(rules, spent_intents="game_ends"))


def restart_never_restarts(streak: Any, role: Any, after_third: Any, ops: Ops = PY) -> StreakStep:
    return _streak_step(streak, role, "penalty_again" if after_third == "restart" else after_third, ops)


_start_players = likes_engine.start_players
_check_event_before_report = likes_engine._check_event_before_report


def untimed_report_first(rnd: Any, influencer: str, draws: Any, drawn: Any) -> None:
    """A report without a time counts as made before a timed Event card."""
    draw = draws.get(influencer)
    if influencer in drawn and draw is not None and draw.at is not None and any(
            r.target is not None and r.at is None for r in rnd.reports):
        raise likes_engine.IllegalInput("event_before_report", rnd.reports[0].path, "untimed report")
    _check_event_before_report(rnd, influencer, draws, drawn)


def order_without_landing(rnd: Any, influencer: str, draws: Any, drawn: Any) -> None:
    """The order of report and Event card is checked even when he drew none on landing."""
    draw = draws.get(influencer)
    if influencer not in drawn and draw is not None and draw.at is not None:
        for report in rnd.reports:
            if report.target is not None and report.at is not None and report.at <= draw.at:
                raise likes_engine.IllegalInput("event_before_report", report.path, "out of order")
    _check_event_before_report(rnd, influencer, draws, drawn)


def decks_ignored(catalogue: Any, names: Any, decks: Any = None) -> Any:
    return _start_players(catalogue, names)


def furthest_all_win(table: Any, after: Any, rules: Any) -> Any:
    if rules.several_reach_viral == "furthest":
        rules = replace(rules, several_reach_viral="all_win")
    return _winners(table, after, rules)


@dataclass(frozen=True)
class Planted:
    """A bug planted in the engine: (object, attribute, replacement)."""

    description: str
    patches: tuple[tuple[Any, str, Any], ...]


BUGS: dict[str, list[Planted]] = {
    "LL-1": [Planted("the Start floor is one space behind Start", ((likes_rules, "floor_at_start", floor_minus_one),))],
    "LL-2": [Planted("two players tied for first are both Influencers", ((likes_rules, "vote_roles", two_influencers),))],
    "LL-3": [Planted("the third-Influencer penalty moved to the fourth round", ((likes_rules, "PENALISED_RUN", 4),)),
             Planted("a tie resets the streak", ((likes_rules, "streak_step", tie_resets),)),
             Planted("the penalised round is -2", ((likes_rules, "INFLUENCER_STREAK_STEPS", -2),))],
    "LL-4": [Planted("9 Likes buy a step", ((likes_rules, "LIKES_PER_STEP", 9),))],
    "LL-5": [Planted("the Influencer also moves by his Intent", ((likes_rules, "moves_by_intent", influencer_moves),))],
    "LL-6": [Planted("a reported True Information costs its poster", ((likes_rules, "intent_steps", poster_pays),)),
             Planted("the Influencer's penalty is -1", ((likes_rules, "TRUE_INFORMATION_INFLUENCER_PENALTY", -1),))],
    "LL-7": [Planted("the played Intent card stays in the deck", ((likes_engine, "resolve_round", keeps_played_card),))],
    "LL-8": [Planted("the exchange loses the Likes beyond 10", ((likes_engine._Table, "exchange", likes_beyond_ten_lost),)),
             Planted("the reported player pays the Influencer's penalty",
                     ((likes_engine, "_report_penalty", reported_pays),)),
             Planted("the Influencer's own Intent is reported in his place",
                     ((likes_engine, "_report_penalty", own_card_reported),))],
    "LL-9": [Planted("Viral needs an exact count", ((likes_rules, "pawn_move", exact_count),))],
    "LL-11": [Planted("a tie is worth +4", ((likes_engine, "TIE_STEPS", 4),)),
              Planted("the run of Influencer rounds is not carried over", ((likes_engine, "resolve_round", streak_forgotten),)),
              Planted("the Influencer moves twice for reporting", ((likes_engine, "_report_penalty", penalty_twice),)),
              Planted("the report line reveals no Intent card",
                      ((likes_engine, "resolve_round", report_reveals_nothing),))],
    "LL-10": [Planted("an Event card's move is not held at Start", ((likes_engine._Table, "move", events_unfloored),))],
    "LL-12": [Planted("anyone may report", ((likes_engine, "_check_reports", anyone_reports),)),
              Planted("a Like token on one's own card is ignored, not refused",
                      ((likes_engine, "_count_votes", own_card_accepted),)),
              Planted("a report without a time is taken as made before the Influencer's timed Event card",
                      ((likes_engine, "_check_event_before_report", untimed_report_first),)),
              Planted("an Event card given to an Influencer who landed on none is put in order with his report",
                      ((likes_engine, "_check_event_before_report", order_without_landing),))],
    "LL-13": [Planted("the furthest pawns do not win when the decks are spent",
                      ((likes_engine, "_spent", furthest_not_won),))],
    "LL-14": [Planted("the run never restarts after the third", ((likes_rules, "streak_step", restart_never_restarts),))],
    "LL-15": [Planted("the furthest reading lets everyone on Viral win", ((likes_engine, "_winners", furthest_all_win),))],
    "LL-16": [Planted("the decks given are ignored: everyone gets the box's order",
                      ((likes_engine, "start_players", decks_ignored),))],
}
#: Other invariants a bug also breaks (the rule is used by both).
ALSO: dict[str, set[str]] = {"LL-1": {"LL-10"}, "LL-3": {"LL-11", "LL-14"}, "LL-9": {"LL-15"}, "LL-4": {"LL-8"}, "LL-5": {"LL-8", "LL-11"},
                             "LL-6": {"LL-11"}, "LL-8": {"LL-11"}}


def _checks_json() -> tuple[int, dict[str, str]]:
    result = CliRunner().invoke(cli, ["checks", "--game", "likes", "--json"])
    data = json.loads(result.stdout)
    return result.exit_code, {i["id"]: i["result"]["status"] for i in data["invariants"]}


def test_every_invariant_is_proved_under_the_defaults_and_none_is_a_second_encoding() -> None:
    checked = run_checks({"likes": DEFAULTS}, "likes")
    assert {c.invariant.id: c.result.status for c in checked} == dict.fromkeys(IDS, "proved")
    assert all(inv.argument in ("single-source", "exhaustive") for inv in likes_invariants.INVARIANTS)


def test_every_invariant_has_a_planted_bug() -> None:
    assert set(BUGS) == set(IDS)


CASES = [(invariant_id, bug) for invariant_id, bugs in BUGS.items() for bug in bugs]


@pytest.mark.parametrize(("invariant_id", "bug"), CASES, ids=[f"{i}: {b.description}" for i, b in CASES])
def test_a_bug_planted_in_the_engine_breaks_its_invariant(monkeypatch: pytest.MonkeyPatch, invariant_id: str,
                                                         bug: Planted) -> None:
    for target, attribute, replacement in bug.patches:
        monkeypatch.setattr(target, attribute, replacement)
    result = run_checks({"likes": DEFAULTS}, "likes", only=lambda inv: inv.id == invariant_id)[0].result
    assert isinstance(result, Violated), f"{bug.description}: {result}"
    assert result.counterexample.engine_agrees, result.counterexample.engine
    assert result.counterexample.drawing
    if bug is not BUGS[invariant_id][0]:
        return  # the command is run once per invariant, for its first bug (time)
    # The command changes its answer: exit 1, this invariant violated, the others as expected.
    code, statuses = _checks_json()
    assert code == 1
    broken = {i for i, s in statuses.items() if s != "proved"}
    assert invariant_id in broken and broken <= {invariant_id} | ALSO.get(invariant_id, set())


def test_the_engine_replays_a_planted_bug_in_a_round() -> None:
    """The exhaustive invariants' counterexamples are rounds the engine itself resolved."""
    rules = DEFAULTS
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(likes_rules, "pawn_move", exact_count)
        result = run_checks({"likes": rules}, "likes", only=lambda inv: inv.id == "LL-9")[0].result
        assert isinstance(result, Violated)
        state = result.counterexample.state
        assert state["players"] and state["round"]["plays"] and "Viral" in state["problem"]


def test_a_game_cannot_go_on_for_ever_under_the_defaults() -> None:
    found = answer(LL_Q1, DEFAULTS, 5)
    assert isinstance(found, No), found
    assert "15" in found.proof


def test_a_game_can_go_on_for_ever_when_the_intent_decks_are_reshuffled() -> None:
    found = answer(LL_Q1, registry.rules("likes", {"spent_intents": "reshuffle"}), 5)
    assert isinstance(found, Yes), found
    witness = found.witness
    assert witness.engine_agrees, witness.replay
    assert witness.state["period"] > 0 and "the same" in witness.replay


def test_the_question_sees_an_engine_that_keeps_the_played_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(likes_engine, "resolve_round", keeps_played_card)
    found = answer(LL_Q1, DEFAULTS, 5)
    assert not isinstance(found, No)
