"""Likes and Lies engine: random legal rounds and games against the rulebook's invariants, the
independent checker, and a naive history-based reference for the streak rule."""

from __future__ import annotations

import dataclasses

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from likes_gen import legal_round, start_state

from model.likes.check import check_round
from model.likes.engine import History, replay_game, start_players
from model.likes.io import sample_catalogue
from model.likes.rules import (
    LikesRules,
    Role,
    intent_steps,
    moves_by_intent,
    streak_step,
)
from model.likes.state import PlayerState

CATALOGUE = sample_catalogue()
VIRAL = CATALOGUE.board.viral

# Option sets the checker follows (it walks pawns move by move, so start_floor stays each_move).
CHECKED_RULES = [
    LikesRules(),
    LikesRules(streak_after_third="restart", likes_exchange="end_of_round", intent_in_tie="others"),
    LikesRules(streak_after_third="third_only", exchange_step_lands=False, intent_in_tie="everyone",
               printed_steps=False, intent_source="draw_top"),
]


def reference_streak(history: list[dict[str, str]], name: str) -> int:
    """The rulebook's streak, read backwards through the roles of every round so far: count the
    Influencer rounds back to the last round someone else was Influencer or others tied; rounds
    he tied in are skipped."""
    run = 0
    for roles in reversed(history):
        if roles[name] == "influencer":
            run += 1
        elif roles[name] == "other":
            break
    return run


@pytest.mark.parametrize("rules", CHECKED_RULES, ids=["literal", "variant-a", "variant-b"])
@given(data=st.data())
def test_random_round_passes_the_independent_checker(rules: LikesRules, data) -> None:
    players = data.draw(start_state(CATALOGUE, rules))
    rnd, result = legal_round(data, CATALOGUE, players, rules)
    assert check_round(CATALOGUE, players, rnd, result, rules) == []
    assert all(0 <= p.position <= VIRAL for p in result.players)
    assert all(0 <= p.likes < 10 for p in result.players)
    assert (result.influencer is None) != (len(result.tied) == 0)


@given(data=st.data())
def test_checker_catches_a_changed_move(data) -> None:
    players = data.draw(start_state(CATALOGUE))
    rnd, result = legal_round(data, CATALOGUE, players)
    moving = [i for i, s in enumerate(result.steps) if s.move]
    index = data.draw(st.sampled_from(moving))
    step = result.steps[index]
    wrong = dataclasses.replace(step, move=step.move + data.draw(st.sampled_from([-1, 1])))
    steps = result.steps[:index] + (wrong,) + result.steps[index + 1:]
    assert check_round(CATALOGUE, players, rnd, dataclasses.replace(result, steps=steps)) != []


@given(data=st.data())
def test_net_floor_never_leaves_a_pawn_behind_start(data) -> None:
    rules = LikesRules(start_floor="round_net")
    players = data.draw(start_state(CATALOGUE, rules))
    _, result = legal_round(data, CATALOGUE, players, rules)
    assert all(0 <= p.position <= VIRAL for p in result.players)


@examples(0.625)
@given(data=st.data(), rules=st.sampled_from(CHECKED_RULES))
def test_random_game_streaks_and_end(data, rules: LikesRules) -> None:
    count = data.draw(st.integers(3, 5))
    players = start_players(CATALOGUE, ("Ana", "Ben", "Cy", "Dee", "Eve")[:count])
    history, roles, rounds = History(), [], []
    while True:
        rnd, result = legal_round(data, CATALOGUE, players, rules, history, len(rounds) + 1)
        roles.append({p.name: ("influencer" if p.name == result.influencer else
                               "tied" if p.name in result.tied else "other") for p in players})
        assert check_round(CATALOGUE, players, rnd, result, rules) == []
        if rules.streak_after_third == "penalty_again":
            for state in result.players:
                assert state.streak == reference_streak(roles, state.name)
        assert sum(1 for p in result.players if p.streak) <= 1
        rounds.append(rnd)
        history = history.after(rnd, result)
        players = result.players
        if result.winners or not players[0].intent_deck:
            break
    game = replay_game(CATALOGUE, start_players(CATALOGUE, tuple(p.name for p in players)),
                       tuple(rounds), rules)
    # The game ends exactly when someone reaches Viral (with literal Viral rules), else when
    # the Intent decks run out.
    if result.reached_viral:
        assert game.status == "won" and game.decided_in == len(rounds)
        assert set(game.winners) <= set(result.reached_viral)
    else:
        assert game.status == "no_winner" and len(rounds) == len(CATALOGUE.intents)
    assert all(not r.reached_viral for r in game.rounds[:-1])


class LikesGame(RuleBasedStateMachine):
    """Plays legal rounds of the literal rules and re-checks the invariants after each."""

    @initialize(data=st.data())
    def setup(self, data) -> None:
        count = data.draw(st.integers(3, 5))
        self.players: tuple[PlayerState, ...] = start_players(
            CATALOGUE, ("Ana", "Ben", "Cy", "Dee", "Eve")[:count])
        self.history = History()
        self.roles: list[dict[str, str]] = []
        self.over = False
        self.number = 0

    @rule(data=st.data())
    def play_round(self, data) -> None:
        if self.over:
            return
        self.number += 1
        before = self.players
        rnd, result = legal_round(data, CATALOGUE, before, LikesRules(), self.history, self.number)
        assert check_round(CATALOGUE, before, rnd, result) == []
        self.roles.append({p.name: ("influencer" if p.name == result.influencer else
                                    "tied" if p.name in result.tied else "other") for p in before})
        if result.influencer:
            third = reference_streak(self.roles, result.influencer) >= 3
            own = [s.rule for s in result.steps if s.player == result.influencer
                   and s.rule.startswith("influencer")]
            assert own == ["influencer_third" if third else "influencer"]
        self.history = self.history.after(rnd, result)
        self.players = result.players
        self.over = bool(result.winners) or not self.players[0].intent_deck
        assert bool(result.winners) == bool(result.reached_viral)

    @invariant()
    def pawns_on_the_board(self) -> None:
        assert all(0 <= p.position <= VIRAL for p in self.players)

    @invariant()
    def counters_below_ten(self) -> None:
        assert all(0 <= p.likes < 10 for p in self.players)

    @invariant()
    def streaks_follow_the_tie_rule(self) -> None:
        for state in self.players:
            assert state.streak == reference_streak(self.roles, state.name)

    @invariant()
    def nobody_at_viral_while_the_game_goes_on(self) -> None:
        if not self.over:
            assert all(p.position < VIRAL for p in self.players)


LikesGame.TestCase.settings = examples(0.375, stateful_step_count=20)
TestLikesGame = LikesGame.TestCase


@given(streak=st.integers(0, 20), role=st.sampled_from(list(Role)),
       choice=st.sampled_from(["penalty_again", "restart", "third_only"]))
def test_streak_step_against_its_sentence(streak: int, role: Role, choice: str) -> None:
    step = streak_step(streak, role, choice)
    if role is Role.TIED:
        assert step.streak == streak and not step.penalised
    elif role is Role.OTHER:
        assert step.streak == 0 and not step.penalised
    else:
        run = streak + 1
        assert step.penalised == (run >= 3 if choice == "penalty_again" else run == 3)


@pytest.mark.parametrize("kind,reported,expected", [
    ("misinformation", False, (2, 0)),
    ("misinformation", True, (-2, 0)),
    ("true_information", False, (1, 0)),
    ("true_information", True, (1, -2)),
])
def test_intent_defaults_are_the_rulebook_values(kind, reported, expected) -> None:
    moves = intent_steps(kind, reported)
    assert (moves.poster, moves.influencer) == expected


def test_printed_values_override_only_when_honoured() -> None:
    assert intent_steps("misinformation", True, 3, -3, None).poster == -3
    assert intent_steps("misinformation", True, 3, -3, None, printed_steps=False).poster == -2
    assert intent_steps("true_information", True, None, None, -3).influencer == -3


def test_intent_in_tie_choices() -> None:
    assert not moves_by_intent(Role.TIED, False, "nobody")
    assert not moves_by_intent(Role.OTHER, False, "nobody")
    assert moves_by_intent(Role.OTHER, False, "others")
    assert not moves_by_intent(Role.TIED, False, "others")
    assert moves_by_intent(Role.TIED, False, "everyone")
    assert not moves_by_intent(Role.INFLUENCER, True, "everyone")
