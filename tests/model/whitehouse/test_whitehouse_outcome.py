"""``State.outcome()``: None while the game goes on, the common Outcome once it ended."""

from __future__ import annotations

from whitehouse_support import make_oracle

from model.common.outcome import Outcome, Termination
from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine, new_game, outcome, replace, shuffled_decks
from model.whitehouse.random_play import random_game
from model.whitehouse.rules import WhitehouseRules


def start():
    catalogue = sample_catalogue()
    return new_game(catalogue, 3, WhitehouseRules(), shuffled_decks(catalogue, 4))


def test_none_while_the_game_goes_on():
    state = start()
    assert state.outcome() is None and outcome(state) is None


def test_seven_tricks_is_the_goal_and_names_the_seat():
    state = replace(start(), ended="seven", winners=(2,))
    assert state.outcome() == Outcome(Termination.GOAL, ("2",), "")
    assert state.outcome().winner == "2"


def test_a_shared_seven_names_every_winner():
    state = replace(start(), ended="seven", winners=(0, 2))
    assert state.outcome() == Outcome(Termination.GOAL, ("0", "2"), "shared")
    assert state.outcome().winner is None


def test_the_turn_limit_has_no_winner():
    state = replace(start(), ended="turn_limit")
    assert state.outcome() == Outcome(Termination.TURN_LIMIT, ())


def test_a_played_game_ends_with_its_outcome():
    catalogue = sample_catalogue()
    rules = WhitehouseRules(turn_limit=200)
    state, _ = random_game(catalogue, 2, 2, Engine(catalogue, rules, make_oracle(rules.tricks)))
    result = state.outcome()
    assert result is not None
    if state.ended == "seven":
        assert result.termination is Termination.GOAL
        assert result.winners == tuple(str(seat) for seat in state.winners)
        assert all(state.players[seat].tricks >= 7 for seat in state.winners)
    else:
        assert result.termination is Termination.TURN_LIMIT and result.winners == ()
        assert state.turn == rules.turn_limit
