"""Oh My Socks! games of the balance report: where the other card goes (passed, or discarded at a
table of two), a Rescue ignored, the targets an effect could not take, and the Washing Machine and
the tie-break deciding the games."""

from __future__ import annotations

import random

from model.socks.balance import play_balance
from model.socks.cards import RESCUE, sample_catalogue
from model.socks.engine import RescueFrom, legal_moves, new_game, outcome, play_random
from model.socks.random_play import random_game
from model.socks.rules import SocksRules


def names(players: int) -> list[str]:
    return [f"P{i + 1}" for i in range(players)]


def test_the_other_card_is_passed_or_at_a_table_of_two_discarded() -> None:
    rules = SocksRules()
    for seed in range(3):
        game = play_balance(seed, 2, rules, {}, "random")
        _, moves, final = random_game(sample_catalogue(), rules, names(2), random.Random(seed))
        assert game.fired["two-player-discard"] == len(final.discard) > 0
        assert game.fired["pass"] + game.fired["two-player-discard"] == len(moves) == game.moves
        assert "two-player-discard" not in play_balance(seed, 3, rules, {}, "random").fired


def test_a_card_not_passed_before_a_gift_ends_the_game_is_not_counted_as_passed() -> None:
    # effect_timing=before_pass: a Gift that draws the Washing Machine ends the game before the
    # other card is passed (seed 4 at a table of three).
    rules = SocksRules(effect_timing="before_pass")
    game = play_balance(4, 3, rules, {}, "random")
    _, _, final = random_game(sample_catalogue(), rules, names(3), random.Random(4))
    assert len(final.drawn) == 2 and final.catalogue.wm in final.drawn
    assert game.fired["pass"] == game.moves - 1


def test_a_rescue_with_no_single_sock_to_take_is_ignored() -> None:
    rules = SocksRules()
    seen = 0
    for seed in range(12):
        state = new_game(sample_catalogue(), rules, names(2), rng := random.Random(seed))
        ignored = 0
        while not state.over:
            before = state
            move, state = play_random(state, rng)
            ignored += before.catalogue.card_effects[move.keep] == RESCUE and not move.effects
        assert play_balance(seed, 2, rules, {}, "random").fired.get("rescue-ignored", 0) == ignored, seed
        seen += ignored
    assert seen > 0


def test_the_washing_machine_decides_every_game_and_a_level_score_the_tie_break() -> None:
    rules = SocksRules()
    found = set()
    for seed in range(14):
        game = play_balance(seed, 3, rules, {}, "random")
        _, _, final = random_game(sample_catalogue(), rules, names(3), random.Random(seed))
        result = outcome(final)
        assert result is not None
        tie_break = () if result.decided_by == "score" else (f"tie-break ({result.decided_by})",)
        assert game.decided == ("game-over",) + tie_break, seed
        found.add(result.decided_by)
    assert "fewest_sets" in found


def test_every_sock_a_rescue_could_not_take_is_refused_by_rescue_only_one() -> None:
    # At the Rescue (after the pass) the other players' collections are as the turn left them,
    # with the rescued Sock back; the legal targets are those of the legal moves keeping the same
    # card. Every other Sock there is one the engine refuses.
    rules = SocksRules()
    for seed in range(3):
        state = new_game(sample_catalogue(), rules, names(3), rng := random.Random(seed))
        expected = 0
        while not state.over:
            before = state
            move, state = play_random(state, rng)
            if not move.effects or not isinstance(move.effects[0], RescueFrom):
                continue
            rescued = move.effects[0].target
            there = {(seat, card) for seat in range(3) if seat != before.current
                     for card in state.collections[seat]} | {rescued}
            legal = {m.effects[0].target for m in legal_moves(before)
                     if m.keep == move.keep and isinstance(m.effects[0], RescueFrom)}
            assert rescued in legal and legal <= there
            expected += len(there - legal)
        game = play_balance(seed, 3, rules, {}, "random")
        assert game.refused == {"rescue-only-one": expected} and expected > 0, seed


def test_a_gift_to_oneself_is_refused_only_when_the_option_forbids_it() -> None:
    for seed in range(2):
        allowed = play_balance(seed, 3, SocksRules(), {}, "random")
        assert "gift-recipient" not in allowed.refused and allowed.fired["gift-recipient"] > 0
        forbidden = play_balance(seed, 3, SocksRules(gift_to_self=False), {}, "random")
        assert forbidden.refused["gift-recipient"] == forbidden.fired["gift-recipient"] > 0
