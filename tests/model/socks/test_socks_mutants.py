"""Oh My Socks! at its edges: card catalogues read afresh (the shipped sample is read once and
kept), every refusal of a Super Sock's set by its rule's name, a Super Sock waiting for its set,
the tie-breaks' scores and set counts, a Super Sock received face down, and where every card is."""

from __future__ import annotations

import copy

import pytest

from checks.socks.rulings import table_state
from model.common.errors import InputError
from model.socks.cards import parse_catalogue_document, sample_catalogue, sample_catalogue_json
from model.socks.engine import Move, RescueFrom, final_hands, outcome, places, play
from model.socks.rules import IllegalMove, SocksRules
from model.socks.state import WAIT_ANYONE, WAIT_OWNER

CATALOGUE = sample_catalogue()
ID = CATALOGUE.index
ANA, BO = 0, 1


def _document() -> dict:
    return copy.deepcopy(sample_catalogue_json())


def test_a_catalogue_read_again_from_the_sample_document_is_the_sample() -> None:
    fresh = parse_catalogue_document("sample", _document(), sample=True)
    sample = sample_catalogue()
    assert fresh == sample
    assert (fresh.washing_machine, fresh.sample, fresh.note) == (sample.washing_machine, True, sample.note)
    assert fresh.card_sets == sample.card_sets
    assert fresh.card_stars == sample.card_stars
    assert fresh.card_effects == sample.card_effects
    assert fresh.card_arrows == sample.card_arrows
    assert [fresh.index(card.id) for card in fresh.cards] == list(range(len(fresh.cards)))


def test_every_card_keeps_its_set_stars_effect_and_arrow() -> None:
    doc = _document()
    fresh = parse_catalogue_document("sample", doc)
    assert fresh.sample is False  # only the shipped sample says its values are illustrative
    for raw, card in zip(doc["cards"], fresh.cards, strict=True):
        wild = raw["set"] == "super"
        assert (card.id, card.set, card.stars, card.effect, card.arrow) == (
            raw["id"], None if wild else raw["set"], raw["stars"] or 0, raw["effect"], raw["arrow"])


def test_the_super_sock_carries_no_stars_even_when_the_document_leaves_them_out() -> None:
    doc = _document()
    super_sock = next(c for c in doc["cards"] if c["set"] == "super")
    del super_sock["stars"]
    fresh = parse_catalogue_document("sample", doc)
    assert fresh.cards[fresh.index(super_sock["id"])].stars == 0


def test_the_washing_machine_is_named_by_the_document_or_washing_machine() -> None:
    doc = _document()
    doc["washing_machine"] = {"id": "machine"}
    assert parse_catalogue_document("sample", doc).washing_machine == "machine"
    del doc["washing_machine"]
    assert parse_catalogue_document("sample", doc).washing_machine == "washing-machine"


@pytest.mark.parametrize("change,path", [
    (lambda cards: cards[1].update(id=cards[2]["id"]), "cards[2].id"),
    (lambda cards: cards[0].update(stars=1), "cards[0].stars"),
    (lambda cards: cards[0].update(effect="gift"), "cards[0].effect"),
    (lambda cards: cards[1].pop("stars"), "cards[1].stars"),
    (lambda cards: cards[1].update(id="washing-machine"), "washing_machine.id"),
])
def test_a_catalogue_that_breaks_a_card_rule_is_refused(change, path: str) -> None:
    doc = _document()
    assert doc["cards"][0]["set"] == "super"
    change(doc["cards"])
    with pytest.raises(InputError) as caught:
        parse_catalogue_document("catalogue", doc)
    assert caught.value.path == path


# --- positions ---------------------------------------------------------------------------------

def table(ana=(), bo=(), drawn=("7-1", "7-2"), supers=None, gifts=None, discard=(), rules=SocksRules()):
    """Ana to move, Bo and Cy beside her (``drawn`` with the Washing Machine: the game is over)."""
    seats = [("Ana", ana), ("Bo", bo), ("Cy", ())]
    players = [{"name": name, "collection": list(cards), "super_sock": (supers or {}).get(name),
                "gifts": list((gifts or {}).get(name, ()))} for name, cards in seats]
    return table_state({"players": players, "to_move": "Ana", "drawn": list(drawn), "deck": ["9-1", "9-2"],
                        "discard": list(discard)}, rules)


# --- a Super Sock's set --------------------------------------------------------------------------

SUPER_SET_BREAKS = {
    "a kept Super Sock joins none of the keeper's sets": (
        table(ana=("5-1",), drawn=("super", "7-1")), Move(ID("super"))),
    "a set is named for a kept Sock that is no Super Sock": (
        table(ana=("5-1",), drawn=("super", "7-1")), Move(ID("7-1"), super_set=5)),
    "a set is named for a passed Sock that is no Super Sock": (
        table(ana=("5-1",), drawn=("super", "7-1")), Move(ID("super"), super_set=5, passed_super_set=7)),
    "a rescued Super Sock joins none of the rescuer's sets": (
        table(ana=("5-1",), bo=("9-9", "super"), drawn=("3-2", "6-1"), supers={"Bo": 7}),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("super")),))),
    "a set is named for a rescued Sock that is no Super Sock": (
        table(ana=("5-1",), bo=("6-1",), drawn=("3-2", "9-5")),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1"), 5),))),
}


@pytest.mark.parametrize("label", sorted(SUPER_SET_BREAKS))
def test_a_super_socks_set_is_one_of_its_holders_sets(label: str) -> None:
    state, move = SUPER_SET_BREAKS[label]
    with pytest.raises(IllegalMove) as caught:
        play(state, move)
    assert caught.value.rule == "super-sock-set"


@pytest.mark.parametrize("first_of_game,rules,waiting", [
    (True, SocksRules(), WAIT_ANYONE),
    (False, SocksRules(), WAIT_OWNER),
    (True, SocksRules(super_first_sock="owner"), WAIT_OWNER),
])
def test_a_waiting_super_sock_keeps_its_owner_and_who_decides_its_set(first_of_game, rules, waiting) -> None:
    ana = ("super",) if first_of_game else ("super", "5-1")
    state = table(ana=ana, supers={"Ana": "waiting"}, rules=rules)
    (wild,) = state.wilds
    assert (wild.card, wild.owner, wild.set, wild.waiting) == (ID("super"), ANA, None, waiting)


# --- the end of the game -------------------------------------------------------------------------

OVER = ("washing-machine", "9-3")


def test_a_tie_on_points_goes_to_the_fewest_sets_with_both_counts_given() -> None:
    # Ana: 2-1 2-2 (3 stars, one set); Bo: 3-1 3-2 (3 stars) and 4-1: two sets.
    result = outcome(table(ana=("2-1", "2-2"), bo=("3-1", "3-2", "4-1"), drawn=OVER))
    assert (result.scores, result.set_counts, result.winners, result.decided_by) == (
        (3, 3, 0), (1, 2, 0), (ANA,), "fewest_sets")


def test_a_tie_on_points_and_sets_is_shared_with_both_counts_given() -> None:
    result = outcome(table(ana=("2-1", "2-2"), bo=("3-1", "3-2"), drawn=OVER))
    assert (result.scores, result.set_counts, result.winners, result.decided_by) == (
        (3, 3, 0), (1, 1, 0), (ANA, BO), "shared")


def test_a_super_sock_received_as_a_gift_is_face_down_in_the_final_hand() -> None:
    hands = final_hands(table(ana=("2-1",), gifts={"Ana": ("super",)}, drawn=OVER))
    assert [(w.id, w.set, w.face_down) for w in hands[ANA].wilds] == [("super", None, True)]


def test_every_card_has_its_one_place() -> None:
    state = table(ana=("2-1",), bo=("3-1",), gifts={"Bo": ("4-4",)}, discard=("5-1",))
    where = places(state)
    assert {CATALOGUE.id_of(card): place for card, place in where.items() if place != "deck"} == {
        "2-1": "collection:0", "3-1": "collection:1", "4-4": "gifts:1", "5-1": "discard",
        "7-1": "drawn", "7-2": "drawn"}
    assert sorted(CATALOGUE.id_of(c) for c, p in where.items() if p == "deck") == ["9-1", "9-2", "washing-machine"]
