"""Likes and Lies in the vocabulary every game shares: an illegal input is a broken rule
(``RuleBroken``), and a game's result has an ``Outcome``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from model.common.errors import RuleBroken
from model.common.outcome import Termination
from model.likes.engine import GameResult, IllegalInput, RoundInput, replay_game, start_players
from model.likes.io import sample_catalogue
from model.likes.random_play import random_game
from model.likes.rules import RULEBOOK, LikesRules
from model.likes.state import PlayerState

CATALOGUE = sample_catalogue()
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def play(seed: int, rules: LikesRules,
         players: int = 3) -> tuple[tuple[PlayerState, ...], tuple[RoundInput, ...], GameResult]:
    return random_game(CATALOGUE, rules, NAMES[:players], random.Random(seed))


def test_an_illegal_input_is_a_broken_rule() -> None:
    error = IllegalInput("vote_own_card", "round.votes[0]", "Ana votes for her own Content card")
    assert isinstance(error, RuleBroken)
    assert (error.rule, error.sentence, error.detail) == (
        "vote_own_card", RULEBOOK["vote_own_card"], "Ana votes for her own Content card")
    assert error.message == error.detail and error.path == "round.votes[0]"
    assert str(error) == ("round.votes[0]: Ana votes for her own Content card "
                          f"(rule vote_own_card: {RULEBOOK['vote_own_card']})")


def test_a_won_game_reaches_the_goal() -> None:
    for seed in range(10):
        _, _, result = play(seed, LikesRules())
        outcome = result.outcome
        assert outcome is not None
        if result.status == "won":
            assert outcome.termination is Termination.GOAL and outcome.winners == result.winners
            assert outcome.decided_by == ("shared" if len(result.winners) > 1 else "")
        else:
            assert result.status == "no_winner"
            assert (outcome.termination, outcome.winners, outcome.decided_by) == (
                Termination.ROUNDS, (), "no_winner")


def test_one_of_several_on_viral_wins_by_a_tie_break() -> None:
    rules = LikesRules(several_reach_viral="first_to_reach")
    seen = set()
    for seed in range(40):
        _, _, result = play(seed, rules, 5)
        if result.status != "won":
            continue
        last = result.rounds[-1]
        outcome = result.outcome
        assert outcome is not None and outcome.termination is Termination.GOAL
        assert outcome.decided_by == ("tie_break" if len(last.reached_viral) > 1 else "")
        seen.add(outcome.decided_by)
    assert seen == {"", "tie_break"}


def test_a_random_game_stopped_by_random_play_ends_at_the_turn_limit() -> None:
    rules = LikesRules(event_cards_discarded=True, spent_intents="reshuffle")
    stopped = []
    for seed in range(10):
        start, rounds, result = play(seed, rules)
        if result.status == "unfinished":
            assert result.stopped in ("round_limit", "event_cards")
            outcome = result.outcome
            assert outcome is not None and outcome.termination is Termination.TURN_LIMIT
            assert outcome.winners == () and outcome.decided_by == "no_winner"
            # The replay of its log is the same game, which simply has not ended yet.
            replayed = replay_game(CATALOGUE, start, rounds, rules)
            assert replayed == result and replayed.outcome is None
            stopped.append(seed)
    assert stopped


def test_a_game_whose_intent_decks_are_spent_ends_after_its_rounds() -> None:
    rules = LikesRules(spent_intents="furthest_wins")
    start = start_players(CATALOGUE, NAMES[:3], {name: () for name in NAMES[:3]})
    result = replay_game(CATALOGUE, start, (), rules)
    assert result.status == "won" and result.outcome is not None
    assert result.outcome.termination is Termination.ROUNDS
    assert result.outcome.winners == NAMES[:3] and result.outcome.decided_by == "shared"
    ended = replay_game(CATALOGUE, start, (), dataclasses.replace(rules, spent_intents="game_ends"))
    assert ended.outcome is not None and ended.outcome.termination is Termination.ROUNDS
    assert ended.outcome.decided_by == "no_winner"


def test_an_unfinished_or_illegal_log_has_no_outcome() -> None:
    start, rounds, result = play(1, LikesRules())
    cut = replay_game(CATALOGUE, start, rounds[:1], LikesRules())
    assert cut.status == "unfinished" and cut.outcome is None
    illegal = replay_game(CATALOGUE, start, rounds + rounds[-1:], LikesRules())
    assert illegal.status == "illegal" and illegal.outcome is None
    assert isinstance(illegal.violation, RuleBroken)


@pytest.mark.parametrize("spent", ["game_ends", "furthest_wins"])
def test_the_interface_and_the_balance_report_say_how_a_game_ended_as_the_engine_does(spent: str) -> None:
    """A game whose Intent decks are spent ends by its rounds (``ROUNDS``), not by cards running
    out, whether or not the option then names winners; one that reached Viral by its goal."""
    from model.likes.balance import play_balance
    from model.likes.game import GAME

    rules = LikesRules(spent_intents=spent)  # type: ignore[arg-type]
    seen = set()
    for seed in range(60):
        _, _, result = random_game(sample_catalogue(), rules, ("P1", "P2", "P3"), random.Random(seed))
        assert result.outcome is not None
        ended = result.outcome.termination
        seen.add(ended)
        assert GAME.random_game(seed, 3, rules, {}).outcome.termination is ended
        assert play_balance(seed, 3, rules, {}, "random").outcome.termination is ended
    assert seen == {Termination.GOAL, Termination.ROUNDS}
