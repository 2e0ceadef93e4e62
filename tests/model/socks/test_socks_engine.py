"""Oh My Socks!: the engine. Every rule refuses a move that breaks only it; random legal games keep
every card in one place, end exactly at the Washing Machine, and score as the independent model."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from checks.socks.rulings import table_state
from model.socks.cards import BOTTOM_STACK, sample_catalogue, sample_catalogue_json
from model.socks.engine import (
    GiftTo,
    Move,
    RescueFrom,
    final_hands,
    is_legal,
    is_pseudo_legal,
    legal_moves,
    new_game,
    outcome,
    places,
    play,
    play_random,
)
from model.socks.io import parse_catalogue_document
from model.socks.log import replay
from model.socks.rules import RULES, SOCKS_OPTIONS, IllegalMove, SocksRules
from solver.socks import score_game

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE = sample_catalogue()
ID = CATALOGUE.index
ANA, BO, CY = 0, 1, 2


def table(ana=(), bo=(), cy=(), drawn=("7-1", "7-2"), rules=SocksRules(), super_sock=None):
    players = [
        {"name": "Ana", "collection": list(ana), "super_sock": super_sock},
        {"name": "Bo", "collection": list(bo)},
        {"name": "Cy", "collection": list(cy)},
    ]
    situation = {"players": players, "to_move": "Ana", "drawn": list(drawn), "deck": ["9-1", "9-2", "9-3"]}
    return table_state(situation, rules)


# Each case: a position, a move breaking exactly one rule, and the same move with that one fault
# corrected (which must be legal, so the refusal can only come from the rule named).
CASES = {
    "keep": (table(), Move(ID("8-1")), Move(ID("7-1"))),
    "super-sock-set": (
        table(ana=["5-1"], drawn=["super", "7-1"]),
        Move(ID("super"), super_set=7),
        Move(ID("super"), super_set=5),
    ),
    "effect-activate": (
        table(drawn=["4-4", "4-1"]),
        Move(ID("4-4")),
        Move(ID("4-4"), effects=(GiftTo(BO),)),
    ),
    "effect-none": (table(), Move(ID("7-1"), effects=(GiftTo(BO),)), Move(ID("7-1"))),
    "gift-recipient": (
        table(drawn=["4-4", "4-1"], rules=SocksRules(gift_to_self=False)),
        Move(ID("4-4"), effects=(GiftTo(ANA),)),
        Move(ID("4-4"), effects=(GiftTo(BO),)),
    ),
    "rescue-another-player": (
        table(ana=["5-1"], bo=["6-1"], drawn=["3-2", "9-5"]),
        Move(ID("3-2"), effects=(RescueFrom(ANA, ID("5-1")),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
    ),
    "rescue-in-collection": (
        table(bo=["6-1"], drawn=["3-2", "9-5"]),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("5-2")),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
    ),
    "rescue-only-one": (
        table(bo=["6-1", "6-2", "8-1"], drawn=["3-2", "9-5"]),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("8-1")),)),
    ),
    "rescue-ignored": (
        table(bo=["6-1", "6-2", "5-1"], drawn=["3-2", "5-3"]),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
        Move(ID("3-2")),
    ),
}


@pytest.mark.parametrize("rule_name", sorted(CASES))
def test_a_move_breaking_one_rule_is_refused_naming_it(rule_name):
    state, bad, good = CASES[rule_name]
    with pytest.raises(IllegalMove) as caught:
        play(state, bad)
    assert caught.value.rule == rule_name
    assert RULES[rule_name] in str(caught.value)
    assert not is_legal(state, bad)
    assert is_legal(state, good) and good in legal_moves(state)


def test_no_move_after_the_washing_machine():
    state = table(drawn=["7-1", "washing-machine"])
    assert state.over and legal_moves(state) == []
    with pytest.raises(IllegalMove) as caught:
        play(state, Move(ID("7-1")))
    assert caught.value.rule == "game-over"
    assert not is_pseudo_legal(state, Move(ID("7-1")))


def _example_log():
    return json.loads((ROOT / "examples" / "socks" / "game.log.json").read_text())


def test_replay_of_the_example_log_is_legal():
    report = replay("game.log.json", _example_log(), score_game)
    assert report.legal and report.finished


@pytest.mark.parametrize(
    "change, rule_name, step",
    [
        (lambda log: log["turns"][3].update(player=log["turns"][4]["player"]), "turn-order", "turn 4"),
        (lambda log: log["turns"][2].update(drawn=list(reversed(log["turns"][1]["drawn"]))), "draw", "turn 3"),
        (lambda log: log.update(deck=["washing-machine"] + [c for c in log["deck"] if c != "washing-machine"]), "setup", "setup"),
        (lambda log: log["deck"].remove("2-1"), "setup", "setup"),
        (lambda log: log["turns"].append(dict(log["turns"][0])), "game-over", None),
        (lambda log: log["result"].update(winners=["P1", "P2"]), "scoring", "result"),
    ],
)
def test_replay_names_the_first_broken_rule(change, rule_name, step):
    log = _example_log()
    change(log)
    report = replay("log.json", log, score_game)
    assert not report.legal and report.rule == rule_name
    if step is not None:
        assert report.step == step


# --- random legal games --------------------------------------------------------------------------

option_choices = st.fixed_dictionaries(
    {option.name: st.sampled_from([value for value, _ in option.values]) for option in SOCKS_OPTIONS}
).map(lambda values: SocksRules(**values))


def _three_wilds():
    """The sample with two more cards turned into Super Socks (a user catalogue may hold several)."""
    document = copy.deepcopy(sample_catalogue_json())
    for card in document["cards"]:
        if card["id"] in ("11-1", "10-1"):
            card.update(set="super", stars=0, effect=None)
    return parse_catalogue_document("three-wilds", document)


CATALOGUES = st.sampled_from([CATALOGUE, _three_wilds()])


def check_invariants(state) -> None:
    where = places(state)
    # every one of the 67 cards is in exactly one place
    assert sorted(where) == list(range(len(state.catalogue.cards) + 1))
    wm = state.catalogue.wm
    if wm in state.deck:
        assert not state.over
        assert len(state.deck) - state.deck.index(wm) <= BOTTOM_STACK + 1
    else:
        # the game ends exactly when the Washing Machine is drawn
        assert state.over and wm in state.drawn
    for wild in state.wilds:
        assert wild.card in state.collections[wild.owner]


@given(st.integers(0, 2**32), st.integers(2, 6), option_choices, CATALOGUES)
@examples(0.75)
def test_random_games_keep_the_invariants_and_score_as_the_model(seed, players, rules, catalogue):
    rng = random.Random(seed)
    state = new_game(catalogue, rules, [f"P{i}" for i in range(players)], rng)
    check_invariants(state)
    turns = 0
    while not state.over:
        move, after = play_random(state, rng)
        assert move in legal_moves(state)
        assert play(state, move) == after
        state = after
        turns += 1
        check_invariants(state)
    assert outcome(state) is not None
    engine = outcome(state)
    model = score_game(final_hands(state), rules)
    assert engine.scores == tuple(p.score for p in model.players)
    assert engine.set_counts == tuple(p.set_count for p in model.players)
    assert engine.winners == tuple(model.players.index(p) for p in model.players if p.name in model.winners)
    assert engine.decided_by == model.decided_by
    assert turns >= 1


class SocksGame(RuleBasedStateMachine):
    """Plays moves hypothesis picks among legal_moves, re-checking the invariants each step."""

    @initialize(seed=st.integers(0, 2**32), players=st.integers(2, 5), rules=option_choices, catalogue=CATALOGUES)
    def setup(self, seed, players, rules, catalogue):
        self.state = new_game(catalogue, rules, [f"P{i}" for i in range(players)], random.Random(seed))

    @precondition(lambda self: not self.state.over)
    @rule(data=st.data())
    def move(self, data):
        moves = legal_moves(self.state)
        assert moves, "a game that is not over always has a legal move"
        move = data.draw(st.sampled_from(moves))
        before = copy.copy(self.state)
        self.state = play(self.state, move)
        # the next turn starts, unless the Washing Machine came up during this one
        assert self.state.turn == before.turn + 1 or (self.state.over and self.state.turn == before.turn)

    @precondition(lambda self: self.state.over)
    @rule()
    def game_over(self):
        assert outcome(self.state) is not None and legal_moves(self.state) == []

    @invariant()
    def cards_in_place(self):
        if hasattr(self, "state"):
            check_invariants(self.state)


SocksGame.TestCase.settings = examples(0.375, stateful_step_count=40, deadline=None)
TestSocksGame = SocksGame.TestCase
