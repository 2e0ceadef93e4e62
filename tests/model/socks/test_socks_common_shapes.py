"""Oh My Socks! in the project's common shapes: a broken rule is a RuleBroken (rule, rulebook
sentence, detail), and a finished game has an Outcome (the Washing Machine ended it)."""

from __future__ import annotations

import random

import pytest

from checks.socks.rulings import table_state
from model.common.errors import RuleBroken
from model.common.outcome import Outcome, Termination
from model.socks.cards import sample_catalogue
from model.socks.engine import Move, new_game, outcome, play
from model.socks.random_play import random_game
from model.socks.rules import RULES, IllegalMove, SocksRules
from model.socks.state import State

CATALOGUE = sample_catalogue()
NAMES = ("Ana", "Bo", "Cy")


def _table() -> State:
    players = [{"name": name, "collection": []} for name in NAMES]
    situation = {"players": players, "to_move": "Ana", "drawn": ["7-1", "7-2"], "deck": ["9-1", "9-2"]}
    return table_state(situation, SocksRules())


def test_an_illegal_move_is_a_rule_broken_with_its_rulebook_sentence():
    with pytest.raises(RuleBroken) as caught:
        play(_table(), Move(CATALOGUE.index("8-1")))
    error = caught.value
    assert isinstance(error, IllegalMove) and isinstance(error, ValueError)
    assert error.rule == "keep"
    assert error.sentence == RULES["keep"] == "Choose one card to add to your collection."
    assert error.detail == error.message == "the kept card is not one of the two cards drawn"
    # The text is what it always was: the detail, then the rule and its sentence.
    assert str(error) == (
        "the kept card is not one of the two cards drawn "
        "(rule keep: Choose one card to add to your collection.)"
    )


def test_no_outcome_while_the_game_goes_on():
    assert outcome(new_game(CATALOGUE, SocksRules(), NAMES, random.Random(1))) is None


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("final_tie", ["shared", "no_winner"])
def test_a_finished_game_has_an_outcome(seed, final_tie):
    rules = SocksRules(final_tie=final_tie)
    _, _, final = random_game(CATALOGUE, rules, NAMES, random.Random(seed))
    result = outcome(final)
    assert result is not None
    end = result.outcome
    assert isinstance(end, Outcome)
    assert end.termination is Termination.END_CARD
    assert end.winners == tuple(NAMES[seat] for seat in result.winners)
    assert end.decided_by == ("" if result.decided_by == "score" else result.decided_by)
    assert end.winner == (end.winners[0] if len(end.winners) == 1 else None)


@pytest.mark.parametrize(
    "ana, final_tie, expected",
    [
        # Ana holds an odd 9 besides her pair: the same points as Bo's pair, one set more.
        (["7-1", "7-2", "9-1"], "shared", Outcome(Termination.END_CARD, ("Bo",), "fewest_sets")),
        (["7-1", "7-2"], "shared", Outcome(Termination.END_CARD, ("Ana", "Bo"), "shared")),
        (["7-1", "7-2"], "no_winner", Outcome(Termination.END_CARD, (), "no_winner")),
        (["7-1", "7-2", "7-3", "7-6"], "shared", Outcome(Termination.END_CARD, ("Ana",), "")),
    ],
)
def test_the_outcome_names_the_winners_and_the_tie_break(ana, final_tie, expected):
    # Ana's 7-1 and 7-2 score 3 + 1 stars, Bo's 7-4 and 7-5 score 3 + 1: a tie on points.
    players = [
        {"name": "Ana", "collection": ana},
        {"name": "Bo", "collection": ["7-4", "7-5"]},
        {"name": "Cy", "collection": []},
    ]
    situation = {"players": players, "to_move": "Cy", "drawn": ["5-1", "washing-machine"]}
    state = table_state(situation, SocksRules(final_tie=final_tie))
    result = outcome(state)
    assert result is not None and state.over
    assert result.outcome == expected
