"""The White House table invariants (WH-*) are about the engine's own functions: each planted bug,
a patch of one engine function alone (never of the proof), turns its invariant from proved into
violated, and ``verify checks`` (``run_checks``, and the command line once) changes its answer."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from checks import registry
from checks.core import run
from checks.invariants import run_checks
from checks.result import Proved, Violated
from checks.whitehouse import invariants as wh
from cli import cli
from model.common.ops import PY
from model.whitehouse import engine, judge, table
from model.whitehouse import rules as rules_module
from model.whitehouse.rules import IllegalMove
from model.whitehouse.state import Arrival, D, Take

DEFAULTS = {game: registry.rules(game) for game in registry.game_names()}
RULES = DEFAULTS["whitehouse"]
IDS = {inv.id for inv in wh.INVARIANTS}


# --- the planted bugs: one engine function each ---------------------------------------------------

_refill, _take, _cost, _pays = table.refill, table.take_from_row, table.slot_cost, table.discard_pays


def refill_keeps_top(row: Any, deck: Any, top_up: bool) -> Any:
    cards, _ = _refill(row, deck, top_up)
    return cards, tuple(deck)  # the card drawn is also left in the deck


def refill_from_bottom(row: Any, deck: Any, top_up: bool) -> Any:
    cards, rest = _refill(row, tuple(reversed(deck)), top_up)
    return cards, tuple(reversed(rest))


def take_swaps_rest(row: Any, slot: int) -> Any:
    (empty, a, b), card = _take(row, slot)
    return (empty, b, a), card


def furthest_costs_one(slot: Any, ops: Any = PY) -> Any:
    return ops.ite(slot == 2, ops.const(1), _cost(slot, ops))


def middle_takes_two(slot: Any, supporters: Any, events: Any, row: Any, mixed: bool, ops: Any = PY) -> Any:
    # Two discards also pay for the middle card.
    over = ops.all((slot == 1, supporters + events == 2, ops.any((row == "distraction", events == 0
                                                                   if row == "supporter" else supporters == 0))))
    return ops.any((_pays(slot, supporters, events, row, mixed, ops), over))


def events_pay_for_supporters(slot: Any, supporters: Any, events: Any, row: Any, mixed: bool,
                              ops: Any = PY) -> Any:
    if row == "supporter":
        return supporters + events == _cost(slot, ops)
    return _pays(slot, supporters, events, row, mixed, ops)


_choices = engine.Engine.choices


def gridlock_on_oneself(self: engine.Engine, state: Any, seat: int, paid: Any, card: str) -> Any:
    found = _choices(self, state, seat, paid, card)
    if self.catalogue.distraction(card).action.type == "gridlock":
        found = [*found, {"target": seat}]
    return found


_lock = engine.Engine._lock


def gridlock_kept(self: engine.Engine, state: Any, seat: int, cards: Any, entered: Any) -> Any:
    player = state.players[seat]
    if not player.gridlocks:
        return _lock(self, state, seat, cards, entered)
    state = engine._all_to_bottom(state, tuple((engine._deck_of(c), c) for c in cards))
    return state  # the cards are lost to the Gridlock, which stays


def gridlock_clears_all(self: engine.Engine, state: Any, seat: int, cards: Any, entered: Any) -> Any:
    player = state.players[seat]
    if len(player.gridlocks) < 2:
        return _lock(self, state, seat, cards, entered)
    state = engine._all_to_bottom(state, tuple((engine._deck_of(c), c) for c in cards)
                                  + tuple((D, g) for g in player.gridlocks))
    return engine._set_player(state, seat, engine.replace(player, gridlocks=()))


_new_game = engine.new_game


def lowest_first(catalogue: Any, players: int, *args: Any, **kwargs: Any) -> Any:
    state = _new_game(catalogue, players, *args, **kwargs)
    first = min(range(players), key=lambda s: state.players[s].supporters[0])
    return dataclasses.replace(state, current=first, round_order=tuple((first + i) % players for i in range(players)))


_end_action = engine.Engine._end_action


def reversal_from_the_reverser(self: engine.Engine, state: Any) -> Any:
    after = _end_action(self, state)
    if state.reversals and after.round_pos == 0 and after.direction != state.direction:
        # The next round starts with the player who played the card, not the one before them.
        start = state.reversals[-1]
        n = len(state.players)
        order = tuple((start + after.direction * i) % n for i in range(n))
        after = dataclasses.replace(after, current=start, round_order=order)
    return after


_lied = engine.Engine._lied


def lies_card_lost(self: engine.Engine, state: Any, arrival: Arrival, liar: Any, rest: Any) -> Any:
    after = _lied(self, state, arrival, liar, rest)
    decks = list(after.decks)
    decks[D] = decks[D][:-1]  # the Lies card never reaches the bottom of the Distractions Deck
    return dataclasses.replace(after, decks=tuple(decks))


_judge = judge.judge


def cost_refusal_named_as_kind(referee: Any, state: Any, move: Any, player: Any) -> Any:
    refused = _judge(referee, state, move, player)
    if refused.rule == "take-cost":
        return IllegalMove("discard-kind", refused.detail)  # the wrong rule is named
    return refused


_apply = engine.Engine.apply


def apply_accepts_a_second_discard(self: engine.Engine, state: Any, move: Any, player: Any = None) -> Any:
    if isinstance(move, Take) and move.slot == "furthest" and len(move.discards) == 1 and not state.queue:
        # The free card is also taken for one discard (which is simply ignored).
        return _apply(self, state, Take(move.row, move.slot), player)
    return _apply(self, state, move, player)


_judge_play = judge._judge_play


def extra_choice_named_as_shape(referee: Any, state: Any, move: Any) -> Any:
    refused = _judge_play(referee, state, move)
    if refused.detail.endswith("this choice is not one the card allows"):
        return IllegalMove("move-shape", refused.detail)  # the wrong rule is named
    return refused


_pay = engine.Engine._pay


def discards_to_the_top(self: engine.Engine, state: Any, seat: int, discards: Any) -> Any:
    after = _pay(self, state, seat, discards)
    decks: list[Any] = [tuple(c for c in d if c not in discards) for d in after.decks]
    for card in discards:
        index = 0 if isinstance(card, int) else 1
        decks[index] = (card,) + decks[index]
    return dataclasses.replace(after, decks=tuple(decks))


_take_method = engine.Engine._take


def taken_card_first_in_hand(self: engine.Engine, state: Any, move: Any) -> Any:
    after = _take_method(self, state, move)
    head: Any = after.queue[0]
    seat = after.current
    player = after.players[seat]
    # The card goes into the hand at the front, skipping the arrival.
    if isinstance(head.card, int):
        player = dataclasses.replace(player, supporters=(head.card,) + player.supporters)
    else:
        player = dataclasses.replace(player, events=(head.card,) + player.events)
    players = list(after.players)
    players[seat] = player
    return dataclasses.replace(after, players=tuple(players), queue=after.queue[1:])


_whitehouse_rules = rules_module.whitehouse_rules


def tricks_options_dropped(values: Any, source: str, path: str = "rules") -> Any:
    # The Locked Network options given are lost: the default ones are played.
    rules = _whitehouse_rules(values, source, path)
    return dataclasses.replace(rules, tricks=type(rules.tricks)())


_play = engine.Engine._play


def deflection_blocks_nothing(self: engine.Engine, state: Any, move: Any) -> Any:
    held = [p.deflection for p in state.players]
    bare = dataclasses.replace(state, players=tuple(dataclasses.replace(p, deflection=None) for p in state.players))
    after = _play(self, bare, move)
    return dataclasses.replace(after, players=tuple(dataclasses.replace(p, deflection=d)
                                                    for p, d in zip(after.players, held, strict=True)))


_completable = engine.Engine._completable


def draw_from_an_empty_deck(self: engine.Engine, state: Any, action: Any, move: Any) -> Any:
    # A draw or reshuffle is completed even when its deck is empty.
    return action.type in ("draw", "reshuffle") or _completable(self, state, action, move)


def turns_counted_twice(self: engine.Engine, state: Any) -> Any:
    after = _end_action(self, state)
    if after.turn != state.turn and not after.ended:
        after = dataclasses.replace(after, turn=after.turn + 1)  # each new turn counts two
    return after


_first_stage = engine.Engine._first_stage


def supporters_skip_lies(self: engine.Engine, kind: Any) -> Any:
    # A Supporter on its way goes straight into the hand: nobody may answer it with Lies.
    return "hand" if kind == "supporter" else _first_stage(self, kind)


_effect = engine.Engine._effect


def swapped_cards_from_a_row(self: engine.Engine, state: Any, seat: int, card: str, action: Any, move: Any,
                             tail: Any) -> Any:
    after = _effect(self, state, seat, card, action, move, tail)
    if action.type != "swap":
        return after
    # The swapped cards are taken for cards from a row (which option lock_optional=false makes lock).
    queue = tuple(dataclasses.replace(s, source="row") if isinstance(s, Arrival) else s for s in after.queue)
    return dataclasses.replace(after, queue=queue)


@dataclasses.dataclass(frozen=True)
class Bug:
    invariant: str
    description: str
    patch: Callable[[pytest.MonkeyPatch], None]


BUGS = (
    Bug("WH-1", "the refill leaves the card it draws in the deck too",
        lambda m: m.setattr(table, "refill", refill_keeps_top)),
    Bug("WH-2", "the furthest card costs one discard",
        lambda m: m.setattr(table, "slot_cost", furthest_costs_one)),
    Bug("WH-3", "the two cards left in the row swap places",
        lambda m: m.setattr(table, "take_from_row", take_swaps_rest)),
    Bug("WH-3", "the refill draws the bottom card of the deck",
        lambda m: m.setattr(table, "refill", refill_from_bottom)),
    Bug("WH-4", "two discards also pay for the middle card",
        lambda m: m.setattr(table, "discard_pays", middle_takes_two)),
    Bug("WH-5", "Events pay for Supporters",
        lambda m: m.setattr(table, "discard_pays", events_pay_for_supporters)),
    Bug("WH-6", "a Gridlock may be placed on oneself",
        lambda m: m.setattr(engine.Engine, "choices", gridlock_on_oneself)),
    Bug("WH-7", "a Lies that stands loses its card",
        lambda m: m.setattr(engine.Engine, "_lied", lies_card_lost)),
    Bug("WH-8", "a Gridlock is never used up",
        lambda m: m.setattr(engine.Engine, "_lock", gridlock_kept)),
    Bug("WH-8", "one trick-forming move clears every Gridlock",
        lambda m: m.setattr(engine.Engine, "_lock", gridlock_clears_all)),
    Bug("WH-9", "the lowest-numbered Supporter plays first",
        lambda m: m.setattr(engine, "new_game", lowest_first)),
    Bug("WH-10", "the reversed round starts with the player who reversed",
        lambda m: m.setattr(engine.Engine, "_end_action", reversal_from_the_reverser)),
    Bug("WH-11", "6 Tricks win instead of 7",
        lambda m: m.setattr(engine, "WINNING_TRICKS", 6)),
    Bug("WH-14", "the Locked Network options given are lost",
        lambda m: m.setattr(rules_module, "whitehouse_rules", tricks_options_dropped)),
    Bug("WH-15", "a Deflection blocks nothing",
        lambda m: m.setattr(engine.Engine, "_play", deflection_blocks_nothing)),
    Bug("WH-16", "a draw from an empty deck does not fizzle",
        lambda m: m.setattr(engine.Engine, "_completable", draw_from_an_empty_deck)),
    Bug("WH-17", "each new turn counts two",
        lambda m: m.setattr(engine.Engine, "_end_action", turns_counted_twice)),
    Bug("WH-18", "a Supporter on its way cannot be answered with Lies",
        lambda m: m.setattr(engine.Engine, "_first_stage", supporters_skip_lies)),
    Bug("WH-18", "the cards of a swap are taken for cards from a row",
        lambda m: m.setattr(engine.Engine, "_effect", swapped_cards_from_a_row)),
    Bug("WH-12", "a wrong number of discards is refused as the wrong kind",
        lambda m: m.setattr(engine, "judge", cost_refusal_named_as_kind)),
    Bug("WH-12", "the free card is also taken for one discard",
        lambda m: m.setattr(engine.Engine, "apply", apply_accepts_a_second_discard)),
    Bug("WH-12", "a choice the card does not allow (a card given back for a steal) is named a wrong shape",
        lambda m: m.setattr(judge, "_judge_play", extra_choice_named_as_shape)),
    Bug("WH-13", "the discards go to the top of the deck",
        lambda m: m.setattr(engine.Engine, "_pay", discards_to_the_top)),
    Bug("WH-13", "the taken card goes first into the hand",
        lambda m: m.setattr(engine.Engine, "_take", taken_card_first_in_hand)),
)


def _invariant(invariant_id: str) -> Any:
    return next(inv for inv in wh.INVARIANTS if inv.id == invariant_id)


def _verify_checks(invariant_id: str) -> str:
    """The answer of ``verify checks --game whitehouse`` (the library function it calls) for one
    invariant."""
    (checked,) = run_checks(DEFAULTS, "whitehouse", only=lambda inv: inv.id == invariant_id)
    return checked.result.status


# --- the tests -------------------------------------------------------------------------------------


def test_every_invariant_is_proved_under_the_defaults() -> None:
    for inv in wh.INVARIANTS:
        result = run(inv, RULES, 30)
        assert isinstance(result, Proved), (inv.id, result)


def test_no_invariant_argues_by_a_second_encoding() -> None:
    assert {inv.argument for inv in wh.INVARIANTS} <= {"single-source", "exhaustive"}
    for inv in wh.INVARIANTS:
        assert inv.rulebook and inv.domain and inv.covers, inv.id


def test_every_invariant_has_a_planted_bug() -> None:
    assert {bug.invariant for bug in BUGS} == IDS


@pytest.mark.parametrize("bug", BUGS, ids=lambda b: f"{b.invariant}: {b.description}")
def test_a_planted_engine_bug_breaks_its_invariant(monkeypatch: pytest.MonkeyPatch, bug: Bug) -> None:
    bug.patch(monkeypatch)
    result = run(_invariant(bug.invariant), RULES, 30)
    assert isinstance(result, Violated), f"{bug.description}: {result}"
    cex = result.counterexample
    assert cex.engine_agrees, cex.engine
    assert cex.drawing and cex.state
    # What ``verify checks --game whitehouse`` runs changes its answer.
    assert _verify_checks(bug.invariant) == "violated"


def test_verify_checks_changes_its_answer_with_a_planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under the defaults every WH invariant is proved (above); with 6 Tricks winning, WH-11 alone
    # is violated and the command exits 1.
    monkeypatch.setattr(engine, "WINNING_TRICKS", 6)
    planted = CliRunner().invoke(cli, ["checks", "--game", "whitehouse", "--json"])
    assert planted.exit_code == 1
    found = json.loads(planted.output)
    statuses = {i["id"]: i["result"]["status"] for i in found["invariants"] if i["id"] in IDS}
    assert statuses == {i: "violated" if i == "WH-11" else "proved" for i in IDS}


def test_an_option_that_breaks_a_statement_shows_as_violated() -> None:
    rules = registry.rules("whitehouse", {"off_turn_win": "own_turn"})
    result = run(_invariant("WH-11"), rules, 30)
    assert isinstance(result, Violated)
    assert "goes on" in result.counterexample.engine


def test_a_player_can_make_seven_tricks_off_turn_and_the_witness_replays() -> None:
    from checks.questions import Yes, answer
    from checks.whitehouse.table_questions import QUESTIONS

    (question,) = QUESTIONS
    found = answer(question, RULES, 30)
    assert isinstance(found, Yes), found
    assert found.witness.engine_agrees
    assert "during player 0's turn; the game ends" in found.witness.replay


def test_an_engine_that_fails_on_the_domain_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: engine.Engine, state: Any, seat: int, cards: Any, entered: Any) -> Any:
        raise RuntimeError("planted")

    monkeypatch.setattr(engine.Engine, "_lock", broken)
    result = run(_invariant("WH-7"), RULES, 30)
    assert isinstance(result, Violated)
    assert "the engine fails applying" in result.counterexample.engine and "planted" in result.counterexample.engine


# --- planted bugs that show only under a rule option ------------------------------------------------

_judge_lock_cards = judge._judge_lock_cards


def unmatched_hand_pair_named_single(referee: Any, player: Any, cards: Any, beside: Any = None,
                                     arriving: bool = False) -> Any:
    if not arriving and beside is None and len(cards) == 2 and not referee.matches(*cards):
        return _judge_lock_cards(referee, player, cards[:1], beside, arriving)  # the wrong rule is named
    return _judge_lock_cards(referee, player, cards, beside, arriving)


def test_a_hand_lock_refused_under_lock_from_hand_own_turn_names_its_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    # Under lock_from_hand=own_turn WH-12 also asks for hand locks that break a rule: a pair that
    # does not match, a card not held, a single card that matches nothing in the network.
    rules = registry.rules("whitehouse", {"lock_from_hand": "own_turn"})
    assert isinstance(run(_invariant("WH-12"), rules, 30), Proved)
    monkeypatch.setattr(judge, "_judge_lock_cards", unmatched_hand_pair_named_single)
    result = run(_invariant("WH-12"), rules, 30)
    assert isinstance(result, Violated), result
    assert result.counterexample.engine_agrees
    assert "LockHand" in result.counterexample.engine and "not lock-match" in result.counterexample.engine
