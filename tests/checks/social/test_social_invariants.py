"""Social Network invariants about the referee itself: all proved under the defaults, none a
second encoding; a bug planted in one engine function alone (never in the proof) makes its
invariant fail and changes what a ``verify`` command prints; the option that breaks one."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from checks import registry
from checks.invariants import run_checks
from checks.result import Unknown, Violated
from checks.social import explore
from checks.social import invariants as social_checks
from cli import cli
from model.common.ops import PY
from model.social import engine

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "social"
DEFAULTS = {"social": registry.rules("social")}
IDS = [inv.id for inv in social_checks.INVARIANTS]


def result_of(invariant_id: str, rules: Any = None) -> Any:
    chosen = {"social": rules} if rules is not None else DEFAULTS
    checked = run_checks(chosen, "social", only=lambda inv: inv.id == invariant_id)
    return checked[0].result


def verify(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    return f"exit {result.exit_code}\n{result.output}"


def write(tmp_path: Path, document: dict[str, Any]) -> str:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(document))
    return str(path)


def test_every_social_invariant_is_proved_under_the_defaults() -> None:
    checked = run_checks(DEFAULTS, "social")
    assert {c.invariant.id: c.result.status for c in checked} == {i: "proved" for i in IDS}
    assert IDS == [f"SN-{n}" for n in range(1, 16)]


def test_no_social_invariant_is_a_second_encoding() -> None:
    arguments = {inv.id: inv.argument for inv in social_checks.INVARIANTS}
    assert set(arguments.values()) <= {"single-source", "exhaustive"}
    assert [i for i, a in arguments.items() if a == "single-source"] == ["SN-1", "SN-2", "SN-3"]
    for inv in social_checks.INVARIANTS:
        assert inv.rulebook and inv.domain and inv.covers, inv.id


def test_out_of_cards_hand_breaks_the_end_when_out_and_nothing_else() -> None:
    rules = registry.rules("social", {"out_of_cards": "hand"})
    checked = run_checks({"social": rules}, "social")
    assert {c.invariant.id for c in checked if c.result.status != "proved"} == {"SN-5"}
    result = next(c.result for c in checked if c.invariant.id == "SN-5")
    assert isinstance(result, Violated) and result.counterexample.engine_agrees
    assert "0 in hand and 1 in the pile" in result.counterexample.engine
    assert result.counterexample.state["position"] == "two players"


def test_the_shared_exploration_out_of_time_is_not_run_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(social_checks, "_SURVEYS", {})
    monkeypatch.setattr(social_checks, "_OUT_OF_TIME", {})
    started: list[str] = []
    real = explore.explore

    def counted(position: explore.Position, *args: Any) -> explore.Explored:
        started.append(position.name)
        return real(position, *args)

    monkeypatch.setattr(explore, "explore", counted)
    checked = run_checks(DEFAULTS, "social", time_limit=1e-6, only=lambda inv: inv.id in ("SN-4", "SN-5"))
    assert [c.result.status for c in checked] == ["unknown", "unknown"]
    first = checked[0].result
    assert isinstance(first, Unknown)
    assert "10 x 1e-06 s for the exploration the 10 state-machine invariants share" in first.reason
    assert started == [explore.POSITIONS[0].name]


def test_the_positions_reach_what_the_invariants_are_about() -> None:
    seen: set[str] = set()

    def note(step: explore.Step) -> None:
        verdict, after = step.verdict, step.after
        if verdict is not None:
            seen.add(verdict.rule)
        if after.end is not None:
            seen.add(after.end.reason)
        if step.event.action in ("reward", "vote", "start", "pass", "cycle", "draw", "resolve"):
            seen.add(step.event.action)
        if after.returned_likes():
            seen.add("returned")
        return None

    rules = registry.rules("social", {"like_own_gallery": "returned_at_scoring",
                                      "like_during_halt": "returned_at_scoring"})
    for position in explore.POSITIONS:
        explore.explore(position, rules, [explore.Claim(note)])
    assert {"out_of_cards", "both_passed", "reward", "vote", "start", "pass", "cycle", "draw",
            "resolve", "returned", "like_own_gallery", "like_closed_gallery",
            "like_once_per_gallery", "quiz_halt"} <= seen


# --- planted bugs, one per invariant, each in one engine function ------------------------------

_real_like_code = engine.like_code
_real_round_scores = engine.round_scores
_real_scores = engine.Referee.scores
_real_returned_likes = engine.Referee.returned_likes


def _author_always(truth: Any, votes: Any, ops: Any = PY) -> tuple[Any, list[Any]]:
    right = [vote == truth for vote in votes]
    return ops.any((ops.all(right), ops.not_(ops.all(right)))), right


def _pile_costs_nothing(players: int, owner: Any, where: Any, profile_of: Any, returned: Any,
                        ops: Any = PY) -> list[Any]:
    cards = list(zip(owner, where, profile_of, returned, strict=True))
    out = []
    for p in range(players):
        shown = ops.count(ops.all((w == engine.AT_PROFILE, q == p, ops.not_(r))) for _, w, q, r in cards)
        held = ops.count(ops.all((o == p, w == engine.AT_HAND)) for o, w, _, _ in cards)
        back = ops.count(ops.all((o == p, r)) for o, _, _, r in cards)
        out.append(shown - held - back)
    return out


def _own_not_looked_for(own: Any, active: Any, passed: Any, already: Any, rules: Any, ops: Any = PY) -> Any:
    return _real_like_code(False, active, passed, already, rules, ops)


def _cycle_keeps_the_cards(self: engine.Referee, event: Any, verdict: Any) -> None:
    for card in event.cards:  # under the pile, and still in hand
        self.pile[event.player].append(card)


def _out_when_hand_empty(self: engine.Referee, player: str) -> bool:
    return not self.hand[player]


def _closed_likes_stay(self: engine.Referee) -> list[engine.ReturnedLike]:
    return [r for r in _real_returned_likes(self) if r.rule != "like_closed_gallery"]


def _pile_not_scored(self: engine.Referee) -> tuple[engine.PlayerScore, ...]:
    return tuple(dataclasses.replace(s, score=s.score + s.pile) for s in _real_scores(self))


def _never_halted(self: engine.Referee) -> bool:
    return False


def _log_out_of_hand() -> dict[str, Any]:
    """Ana plays her 5 Galleries without drawing (18 cards left in her pile); then Bo plays."""
    document = _three_players()
    document["events"] = [{"player": "Ana", "action": "play", "card": f"red-gallery-{n}"} for n in range(1, 6)]
    document["events"].append({"player": "Bo", "action": "play", "card": "blue-gallery-1"})
    return document


def _log_quiz_reward() -> dict[str, Any]:
    """A Quiz everybody guessed; the author puts a card down anyway."""
    document = social_checks.quiz_log(True, [True, True])
    document["events"].append({"player": "Ana", "action": "reward", "for": "red-quiz-1", "from": "pile"})
    return document


def _draw_from_the_bottom(self: engine.Referee, player: str, count: int) -> None:
    pile, hand = self.pile[player], self.hand[player]
    for _ in range(min(count, len(pile))):
        hand.append(pile.pop())


_real_check_vote = engine.Referee._check_vote
_real_variant = engine.Referee._variant


def _votes_twice(self: engine.Referee, event: Any) -> Any:
    verdict = _real_check_vote(self, event)
    return None if verdict is not None and verdict[0] == "quiz_one_vote_each" else verdict


def _no_turn_order(self: engine.Referee, event: Any) -> Any:
    verdict = _real_variant(self, event)
    return None if verdict is not None and verdict[0] == "turn_order" else verdict


def _base_game_passes(self: engine.Referee, event: Any) -> Any:
    verdict = _real_variant(self, event)
    return None if verdict is not None and verdict[0] == "pass_two_player_only" else verdict


def _log_base_game_pass() -> dict[str, Any]:
    """3 players: Ana passes, then plays a Gallery."""
    document = _three_players()
    document["events"] = [{"player": "Ana", "action": "pass"},
                          {"player": "Ana", "action": "play", "card": "red-gallery-1"}]
    return document


_real_judge_game = engine.judge_game


def _last_round_left_out(setup: Any, rules: Any) -> engine.GameResult:
    return _real_judge_game(dataclasses.replace(setup, rounds=setup.rounds[:-1]), rules)


_real_judge_like = engine.judge_like


def _closed_looks_active(moment: Any, rules: Any) -> engine.LikeAnswer:
    galleries = tuple(dataclasses.replace(g, active=True) for g in moment.galleries)
    return _real_judge_like(dataclasses.replace(moment, galleries=galleries), rules)


def _three_players(first: str | None = None) -> dict[str, Any]:
    document = social_checks.quiz_log(True, [True, True])
    document["piles"] = {name: social_checks._pile(colour, 3, first if name == "Ana" else None)
                         for name, colour in zip(("Ana", "Bo", "Cy"), social_checks.COLOURS, strict=False)}
    return document


def _log_votes_twice() -> dict[str, Any]:
    document = social_checks.quiz_log(True, [False, True])
    document["events"].insert(3, {"player": "Bo", "action": "vote", "vote": True})
    return document


def _log_two_turns() -> dict[str, Any]:
    """2 players: Ana plays twice in a row."""
    document = social_checks.quiz_log(True, [True])
    document["piles"] = {name: social_checks._pile(colour, 2)
                         for name, colour in zip(("Ana", "Bo"), social_checks.COLOURS, strict=False)}
    document["events"] = [{"player": "Ana", "action": "play", "card": "red-gallery-1"},
                          {"player": "Ana", "action": "play", "card": "red-gallery-2"}]
    return document


def _log_late_reward() -> dict[str, Any]:
    """Bo wins Ana's Contest, plays a Gallery, and only then puts his card down."""
    document = _three_players("red-contest-1")
    document["events"] = [{"player": "Ana", "action": "play", "card": "red-contest-1"},
                          {"player": "Ana", "action": "resolve", "contest": "red-contest-1", "winner": "Bo"},
                          {"player": "Bo", "action": "play", "card": "blue-gallery-1"},
                          {"player": "Bo", "action": "reward", "for": "red-contest-1", "from": "pile"}]
    return document


@dataclasses.dataclass(frozen=True)
class Planted:
    description: str
    target: Any
    attribute: str
    replacement: Callable[..., Any]
    #: The verify command whose output the bug changes: arguments, or a log to write first.
    command: tuple[str, ...]
    log: Callable[[], dict[str, Any]] | None = None


PLANTED: dict[str, Planted] = {
    "SN-1": Planted("the author always puts a card down", engine, "quiz_rewards", _author_always,
                    ("social", "round", "{log}", "--json"), _log_quiz_reward),
    "SN-2": Planted("a card in the draw pile costs nothing", engine, "round_scores", _pile_costs_nothing,
                    ("social", "round", str(EXAMPLES / "round.json"), "--json")),
    "SN-3": Planted("a Like on one's own Gallery is not looked for", engine, "like_code", _own_not_looked_for,
                    ("social", "like", str(EXAMPLES / "like-own.json"), "--json")),
    "SN-4": Planted("a cycle keeps the cards in hand", engine.Referee, "_do_cycle", _cycle_keeps_the_cards,
                    ("social", "round", str(EXAMPLES / "round.json"), "--json")),
    "SN-5": Planted("a player is out of cards with an empty hand", engine.Referee, "out_of_cards",
                    _out_when_hand_empty, ("social", "round", "{log}", "--json"), _log_out_of_hand),
    "SN-6": Planted("a Like on a closed Gallery is not given back", engine.Referee, "returned_likes",
                    _closed_likes_stay, ("social", "round", str(EXAMPLES / "round-disputed.json"), "--json")),
    "SN-7": Planted("the draw pile is not scored", engine.Referee, "scores", _pile_not_scored,
                    ("social", "round", str(EXAMPLES / "round.json"), "--json")),
    "SN-8": Planted("a Quiz never halts the game", engine.Referee, "halted", _never_halted,
                    ("social", "round", str(EXAMPLES / "round-disputed.json"), "--json")),
    "SN-9": Planted("cards are drawn from the bottom of the pile", engine.Referee, "_draw",
                    _draw_from_the_bottom, ("social", "round", str(EXAMPLES / "round.json"), "--json")),
    "SN-10": Planted("a player may vote twice", engine.Referee, "_check_vote", _votes_twice,
                     ("social", "round", "{log}", "--json"), _log_votes_twice),
    "SN-11": Planted("2 players need not take turns", engine.Referee, "_variant", _no_turn_order,
                     ("social", "round", "{log}", "--json"), _log_two_turns),
    "SN-12": Planted("a Contest's card may go down any time later", engine.Referee, "_lapse",
                     lambda self, event: None, ("social", "round", "{log}", "--json"), _log_late_reward),
    "SN-13": Planted("a player may pass in the base game", engine.Referee, "_variant", _base_game_passes,
                     ("social", "round", "{log}", "--json"), _log_base_game_pass),
    "SN-14": Planted("the totals leave out the last round", engine, "judge_game", _last_round_left_out,
                     ("social", "game", str(EXAMPLES / "game.json"), "--json")),
    "SN-15": Planted("a closed Gallery is taken for an active one", engine, "judge_like", _closed_looks_active,
                     ("social", "like", str(EXAMPLES / "like-closed.json"), "--json")),
}


_real_locations = engine.Referee.locations


def _hand_said_to_be_pile(self: engine.Referee) -> dict[str, list[Any]]:
    where = _real_locations(self)
    return {card: ["pile" if p == "hand" else p for p in places] for card, places in where.items()}


def test_a_card_said_to_be_elsewhere_than_it_lies_breaks_the_conservation(monkeypatch: pytest.MonkeyPatch) -> None:
    assert result_of("SN-4").status == "proved"
    monkeypatch.setattr(engine.Referee, "locations", _hand_said_to_be_pile)
    result = result_of("SN-4")
    assert isinstance(result, Violated), result
    assert result.counterexample.engine_agrees, result.counterexample.engine
    assert "is said to be in pile; the table has it in hand" in result.counterexample.engine


_real_do_reward = engine.Referee._do_reward


def _reward_face_up(self: engine.Referee, event: Any, verdict: Any) -> None:
    _real_do_reward(self, event, verdict)
    self.profile[event.player][-1].face_up = True


def test_a_reward_put_down_face_up_breaks_the_conservation(monkeypatch: pytest.MonkeyPatch) -> None:
    assert result_of("SN-4").status == "proved"
    monkeypatch.setattr(engine.Referee, "_do_reward", _reward_face_up)
    result = result_of("SN-4")
    assert isinstance(result, Violated), result
    assert result.counterexample.engine_agrees, result.counterexample.engine
    assert "put down as a reward, lies face up" in result.counterexample.engine


def test_every_social_invariant_has_a_planted_bug() -> None:
    assert sorted(PLANTED) == sorted(IDS)


@pytest.mark.parametrize("invariant_id", sorted(PLANTED))
def test_a_bug_in_the_engine_alone_breaks_its_invariant_and_the_command(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, invariant_id: str) -> None:
    bug = PLANTED[invariant_id]
    args = list(bug.command)
    if bug.log is not None:
        args = [write(tmp_path, bug.log()) if a == "{log}" else a for a in args]
    before = verify(*args)
    assert result_of(invariant_id).status == "proved"
    monkeypatch.setattr(bug.target, bug.attribute, bug.replacement)
    result = result_of(invariant_id)
    assert isinstance(result, Violated), f"{bug.description}: {result}"
    assert result.counterexample.engine_agrees, result.counterexample.engine
    assert result.counterexample.drawing
    assert verify(*args) != before, bug.description
