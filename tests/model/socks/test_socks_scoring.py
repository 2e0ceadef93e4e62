"""Oh My Socks!: end-of-game scoring, the Super Sock placement solver, and the input formats."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from budget import examples
from hypothesis import given
from hypothesis import strategies as st

from model.common.errors import InputError
from model.common.status import Status
from model.socks.cards import sample_catalogue
from model.socks.io import SCHEMAS, parse_scoring, schema_text
from model.socks.rules import SOCKS_OPTIONS, SocksRules
from model.socks.scoring import Hand, Wild, decide_winners, score_hand
from solver.socks import choose_wilds, score_game

ROOT = Path(__file__).resolve().parents[3]
CONTRACT_EXAMPLE = json.loads((ROOT / "examples" / "socks" / "score.json").read_text())


def test_sample_catalogue_has_the_rulebook_composition():
    catalogue = sample_catalogue()
    assert catalogue.sample and "llustrative" in (catalogue.note or "")
    assert len(catalogue.cards) == 66
    wild = [c for c in catalogue.cards if c.wild]
    assert [c.id for c in wild] == ["super"]
    for n in range(2, 12):
        ids = [c.id for c in catalogue.cards if c.set == n]
        assert ids == [f"{n}-{k}" for k in range(1, n + 1)]
    assert sum(c.effect == "gift" for c in catalogue.cards) == 9
    assert sum(c.effect == "rescue" for c in catalogue.cards) == 9
    assert catalogue.washing_machine == "washing-machine"


def test_contract_example_scores_as_the_contract_says():
    scoring = parse_scoring("score.json", CONTRACT_EXAMPLE)
    game = score_game(scoring.hands, scoring.rules)
    ana, bo = game.players
    assert (ana.score, ana.set_count, bo.score, bo.set_count) == (0, 2, 3, 1)
    assert [(s.set, s.count, s.stars, s.scores) for s in ana.sets] == [(3, 1, 1, False), (7, 3, 3, False)]
    assert ana.wilds[0].set == 7 and not ana.wilds[0].chosen_by_solver
    assert game.winners == ("Bo",) and game.decided_by == "score"


def _doc(**player_a):
    return {"players": [dict({"name": "Ana"}, **player_a), {"name": "Bo", "collection": ["2-1"]}]}


@pytest.mark.parametrize(
    "document, path, words",
    [
        (_doc(collection=["9-99"]), "players[0].collection[0]", "unknown card ID"),
        (_doc(collection=["2-1"]), "players[1].collection[0]", "already appears at players[0].collection[0]"),
        (_doc(collection=["3-1", "super"], super_sock=12), "players[0].super_sock", "the catalogue has no set 12"),
        (_doc(sets={"3": [1]}, super_sock=1), "players[0].super_sock", "the catalogue has no set 1"),
        (_doc(collection=["3-1"], super_sock=3), "players[0].super_sock", "no Super Sock lies face up"),
        (_doc(collection=["3-1"], colour="red"), "players[0].colour", "unknown key"),
        (_doc(collection=["washing-machine"]), "players[0].collection[0]", "not a Sock"),
        (_doc(sets={"x": [1]}), "players[0].sets.x", "number"),
        (_doc(sets={"3": [1]}, collection=["3-1"]), "players[0].sets", "not both"),
        (_doc(), "players[0].collection", "required key is missing"),
        (_doc(sets={"3": []}), "players[0].sets.3", "at least one Sock"),
        (dict(_doc(collection=["3-1"]), rules={"colour": 1}), "rules.colour", "unknown rule option"),
        (dict(_doc(collection=["3-1"]), rules={"effect_timing": "before_pass"}), "rules.effect_timing", "unknown rule option"),
        ({"players": [{"name": "Ana", "collection": []}]}, "players", "at least 2"),
        ({"players": [{"name": "A", "collection": []}, {"name": "A", "collection": []}]}, "players[1].name", "twice"),
        (dict(_doc(collection=["x"]), cards=[{"id": "x", "set": 3, "arrow": "left"}]), "cards[0].stars", "missing"),
        (dict(_doc(collection=["x"]), cards=[{"id": "x", "set": "super", "stars": 2, "arrow": "up"}]), "cards[0].arrow", ""),
        (dict(_doc(collection=["x"]), cards=[{"id": "x", "set": "super", "stars": 2, "arrow": "left"}]), "cards[0].stars", "no stars"),
        (_doc(sets={"3": [True]}), "players[0].sets.3[0]", ""),
    ],
)
def test_bad_scoring_input_names_the_json_path(document, path, words):
    with pytest.raises(InputError) as caught:
        parse_scoring("f.json", document)
    assert caught.value.path == path
    assert words in caught.value.message


def test_sample_catalogue_is_flagged_and_sets_form_is_not():
    assert parse_scoring("f", _doc(collection=["3-1"])).catalogue == "sample"
    both_sets = {"players": [{"name": "A", "sets": {"3": [1]}}, {"name": "B", "sets": {"4": [2]}}]}
    assert parse_scoring("f", both_sets).catalogue == "none"
    assert parse_scoring("f", CONTRACT_EXAMPLE).catalogue == "user"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_shipped_schema_matches_the_model(name):
    shipped = (ROOT / "model" / "socks" / "data" / f"socks-{name}.schema.json").read_text()
    assert shipped == schema_text(name)


def test_every_option_is_a_field_with_its_default():
    rules = SocksRules()
    for option in SOCKS_OPTIONS:
        assert getattr(rules, option.name) == option.default
        assert option.default in [v for v, _ in option.values] and len(option.values) >= 2


# --- the solver against an oracle that tries every placement of every wild card ----------------


def brute_force(hand: Hand, rules: SocksRules) -> tuple[int, int, tuple]:
    """Best (score, fewest sets), then most wild cards in the lowest sets: by trying all."""
    domain = hand.domain()
    free = len(hand.free_wilds())
    if not domain:
        result = score_hand(hand, [None] * free, rules)
        return result.score, result.set_count, (None,) * free
    best = None
    for placement in itertools.product(domain, repeat=free):
        # The placement each wild card set would print: ascending set numbers.
        if list(placement) != sorted(placement):
            continue
        result = score_hand(hand, placement, rules)
        counts = tuple(placement.count(n) for n in domain)
        key = (result.score, -result.set_count, counts)
        if best is None or key > best[0]:
            best = (key, placement)
    (score, negative_sets, _), placement = best
    return score, -negative_sets, tuple(placement)


hands = st.builds(
    lambda sets, fixed, free: Hand(
        "P",
        tuple(sorted(sets.items())),
        tuple(Wild(f"f{i}", n) for i, n in enumerate(fixed))
        + tuple(Wild(f"w{i}", None, face_down=i % 2 == 0) for i in range(free)),
    ),
    st.dictionaries(
        st.integers(2, 11), st.lists(st.integers(0, 4), min_size=1, max_size=5).map(tuple), max_size=6
    ),
    # A Super Sock typed during the game may lie in a set the hand holds no printed Sock of.
    st.lists(st.sampled_from([2, 3, 5, 12]), max_size=1),
    st.integers(0, 4),
)

tie_breaks = st.sampled_from([SocksRules(), SocksRules(tie_break_counts="scoring_sets")])


@given(hands, tie_breaks)
@examples(1.5)
def test_cpsat_equals_exhaustive_enumeration(hand, rules):
    choice = choose_wilds(hand, rules, method="cpsat")
    score, sets, placement = brute_force(hand, rules)
    assert choice.status is Status.OPTIMAL
    assert (choice.score, choice.set_count) == (score, sets)
    assert choice.placement == placement


@given(hands.filter(lambda h: len(h.free_wilds()) == 1), tie_breaks)
def test_exact_path_equals_cpsat(hand, rules):
    exact = choose_wilds(hand, rules, method="exact")
    cpsat = choose_wilds(hand, rules, method="cpsat")
    assert exact.method in ("exact", "none") and cpsat.method in ("cp-sat", "none")
    assert (exact.score, exact.set_count, exact.placement) == (cpsat.score, cpsat.set_count, cpsat.placement)


def test_a_lone_super_sock_scores_nothing():
    hand = Hand("P", (), (Wild("super", None, face_down=True),))
    result = score_hand(hand, [None], SocksRules())
    assert (result.score, result.set_count, result.sets) == (0, 0, ())
    assert result.wilds[0].set is None


def test_placement_outside_the_players_sets_is_refused():
    hand = Hand("P", ((3, (1,)),), (Wild("super", None),))
    with pytest.raises(ValueError):
        score_hand(hand, [4], SocksRules())


def test_winners_in_the_rulebooks_order():
    def player(name, score, sets):
        return score_hand(Hand(name, tuple((10 + i, (0, 0)) for i in range(sets)) + ((99, (score, 0)),)), [], SocksRules())

    a, b, c = player("A", 5, 1), player("B", 5, 2), player("C", 5, 1)
    assert decide_winners([a, b], SocksRules()) == (["A"], "fewest_sets")
    assert decide_winners([a, c], SocksRules()) == (["A", "C"], "shared")
    assert decide_winners([a, c], SocksRules(final_tie="no_winner")) == ([], "no_winner")
    assert decide_winners([a, player("D", 6, 9)], SocksRules()) == (["D"], "score")
