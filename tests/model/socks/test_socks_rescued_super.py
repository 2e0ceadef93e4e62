"""Oh My Socks!: a Super Sock taken by Rescue, under each reading of ``rescued_super``.

Bo holds 9-9 and the Super Sock typed as set 7 (the game's first Sock, typed by a Sock another
player collected: Bo holds no 7), so the Super Sock is the only one of its type and Ana, keeping
the Rescue 3-2 beside her 5-1, may take it. Under ``rescuer_chooses`` (literal: "When you add the
Super Sock to your collection, you must add it to one of your Sock sets") she adds it to one of
her own sets, 3 or 5, and its old set 7 is refused; under ``keeps_set`` it stays a 7 and no set
may be named for it.
"""

from __future__ import annotations

import pytest

from checks.socks.rulings import table_state
from model.socks.cards import sample_catalogue
from model.socks.engine import Move, RescueFrom, legal_moves, play
from model.socks.rules import IllegalMove, SocksRules
from model.socks.state import State

CATALOGUE = sample_catalogue()
ID = CATALOGUE.index
ANA, BO = 0, 1


def position(rules: SocksRules) -> State:
    return table_state({
        "players": [{"name": "Ana", "collection": ["5-1"]},
                    {"name": "Bo", "collection": ["9-9", "super"], "super_sock": 7},
                    {"name": "Cy", "collection": []}],
        "to_move": "Ana", "drawn": ["3-2", "6-1"], "deck": ["9-1", "9-2", "9-3"],
    }, rules)


def rescue_super(super_set: int | None) -> Move:
    return Move(ID("3-2"), effects=(RescueFrom(BO, ID("super"), super_set),))


def offered_sets(state: State) -> list[int | None]:
    """The sets legal_moves names for the rescued Super Sock, one per move that takes it."""
    return [effect.super_set for move in legal_moves(state) for effect in move.effects
            if isinstance(effect, RescueFrom) and effect.card == ID("super")]


@pytest.mark.parametrize("rules, offered, taken", [
    (SocksRules(rescued_super="rescuer_chooses"), [3, 5], 5),
    (SocksRules(rescued_super="keeps_set"), [None], None),
])
def test_the_moves_offered_for_a_rescued_super_sock(rules: SocksRules, offered: list, taken: int | None) -> None:
    state = position(rules)
    assert offered_sets(state) == offered
    after = play(state, rescue_super(taken))
    (wild,) = after.wilds
    assert (wild.owner, wild.set) == (ANA, 5 if taken == 5 else 7)
    assert ID("super") in after.collections[ANA] and ID("super") not in after.collections[BO]


@pytest.mark.parametrize("rules, refused", [
    # The rescuer adds it to one of her sets: naming none, or its old set, breaks the rule.
    (SocksRules(rescued_super="rescuer_chooses"), (None, 7, 9)),
    # It keeps its set: naming one for it, even its own, breaks the rule.
    (SocksRules(rescued_super="keeps_set"), (5, 7)),
])
def test_a_set_the_reading_does_not_give_a_rescued_super_sock_is_refused(
    rules: SocksRules, refused: tuple[int | None, ...]
) -> None:
    state = position(rules)
    for super_set in refused:
        with pytest.raises(IllegalMove) as caught:
            play(state, rescue_super(super_set))
        assert caught.value.rule == "super-sock-set", super_set
