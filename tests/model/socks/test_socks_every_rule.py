"""Oh My Socks!: every named rule is tested alone. For each rule of the registry (the engine's
``RULES`` and the replay's ``RULEBOOK``) there is at least one case: a position built from data
(never from the engine's own judgement) and a move, or a log with one step changed, that breaks
that rule alone and is refused with that rule named. A move case also gives the same move with
the fault corrected, which must be legal: the refusal can only come from the rule named."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from checks.socks.rulings import table_state
from model.socks.cards import BOTTOM_STACK, sample_catalogue
from model.socks.engine import DISCARD, GiftTo, Move, RescueFrom, check_setup, is_legal, legal_moves, play
from model.socks.log import RULEBOOK, replay
from model.socks.random_play import write_log
from model.socks.rules import RULES, IllegalMove, SocksRules
from model.socks.state import State
from solver.socks import score_game

CATALOGUE = sample_catalogue()
ID = CATALOGUE.index
ANA, BO, CY = 0, 1, 2
DEFAULTS = SocksRules()


def table(
    ana: tuple[str, ...] = (),
    bo: tuple[str, ...] = (),
    cy: tuple[str, ...] | None = (),
    drawn: tuple[str, str] = ("7-1", "7-2"),
    rules: SocksRules = DEFAULTS,
    supers: dict[str, Any] | None = None,
) -> State:
    """A table from data: Ana to move, Bo and (unless ``cy`` is None) Cy beside her."""
    seats = [("Ana", ana), ("Bo", bo)] + ([] if cy is None else [("Cy", cy)])
    players = [
        {"name": name, "collection": list(cards), "super_sock": (supers or {}).get(name)} for name, cards in seats
    ]
    situation = {"players": players, "to_move": "Ana", "drawn": list(drawn), "deck": ["9-1", "9-2", "9-3"]}
    return table_state(situation, rules)


@dataclass(frozen=True)
class MoveCase:
    """A position, a move breaking one rule, and the move with that fault corrected."""

    rule: str
    label: str
    state: State
    bad: Move
    good: Move


@dataclass(frozen=True)
class LogCase:
    """A legal log with one change that breaks one rule (``step`` is where the replay stops)."""

    rule: str
    label: str
    change: Callable[[dict[str, Any]], None]
    step: str


# 7-1 has a left arrow (to Bo), 7-2 a right one (to Cy); 4-4 is a Gift, 3-2 a Rescue.
MOVE_CASES = [
    MoveCase("keep", "keeps a card not drawn", table(), Move(ID("8-1")), Move(ID("7-1"))),
    MoveCase(
        "pass",
        "passes 7-2 (right arrow) to the left",
        table(),
        Move(ID("7-1"), passed_to=BO),
        Move(ID("7-1"), passed_to=CY),
    ),
    MoveCase(
        "pass",
        "says 7-2 is discarded with three players",
        table(),
        Move(ID("7-1"), passed_to=DISCARD),
        Move(ID("7-1"), passed_to=CY),
    ),
    MoveCase(
        "two-player-discard",
        "passes to the other player a card whose arrow points at the empty side",
        # Ana (the first seat) sits on Bo's right: 7-2's right arrow points at no-one.
        table(cy=None),
        Move(ID("7-1"), passed_to=BO),
        Move(ID("7-1"), passed_to=DISCARD),
    ),
    MoveCase(
        "super-sock-set",
        "adds a kept Super Sock to a set its keeper does not hold",
        table(ana=("5-1",), drawn=("super", "7-1")),
        Move(ID("super"), super_set=7),
        Move(ID("super"), super_set=5),
    ),
    MoveCase(
        "super-sock-set",
        "leaves a rescued Super Sock in its old set (rescued_super=rescuer_chooses)",
        table(ana=("5-1",), bo=("9-9", "super"), drawn=("3-2", "6-1"), supers={"Bo": 7}),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("super"), 7),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("super"), 5),)),
    ),
    MoveCase(
        "effect-activate",
        "skips a kept Gift",
        table(drawn=("4-4", "4-1")),
        Move(ID("4-4")),
        Move(ID("4-4"), effects=(GiftTo(BO),)),
    ),
    MoveCase(
        "effect-activate",
        "skips a kept Rescue although Bo holds a single Sock",
        table(bo=("6-1",), drawn=("3-2", "9-5")),
        Move(ID("3-2")),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
    ),
    MoveCase(
        "effect-none",
        "names a target for a card without an effect",
        table(),
        Move(ID("7-1"), effects=(GiftTo(BO),)),
        Move(ID("7-1")),
    ),
    MoveCase(
        "gift-recipient",
        "gives a Gift to oneself under gift_to_self=false",
        table(drawn=("4-4", "4-1"), rules=SocksRules(gift_to_self=False)),
        Move(ID("4-4"), effects=(GiftTo(ANA),)),
        Move(ID("4-4"), effects=(GiftTo(BO),)),
    ),
    MoveCase(
        "rescue-another-player",
        "rescues from oneself",
        table(ana=("5-1",), bo=("6-1",), drawn=("3-2", "9-5")),
        Move(ID("3-2"), effects=(RescueFrom(ANA, ID("5-1")),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
    ),
    MoveCase(
        "rescue-in-collection",
        "rescues a card Bo does not hold",
        table(bo=("6-1",), drawn=("3-2", "9-5")),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("5-2")),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
    ),
    MoveCase(
        "rescue-only-one",
        "rescues one Sock of a pair",
        table(bo=("6-1", "6-2", "8-1"), drawn=("3-2", "9-5")),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("8-1")),)),
    ),
    MoveCase(
        "rescue-ignored",
        "names a Rescue target when nobody holds a single Sock",
        # 5-3 goes left to Bo and pairs his 5-1 before the Rescue.
        table(bo=("6-1", "6-2", "5-1"), drawn=("3-2", "5-3")),
        Move(ID("3-2"), effects=(RescueFrom(BO, ID("6-1")),)),
        Move(ID("3-2")),
    ),
]


def _base_log() -> dict[str, Any]:
    log, _ = write_log(7, 3, score_game=score_game)
    return log


def _wm_from_bottom(log: dict[str, Any], place: int) -> None:
    deck = [c for c in log["deck"] if c != "washing-machine"]
    deck.insert(len(deck) + 1 - place, "washing-machine")
    log["deck"] = deck


def _append_turn(log: dict[str, Any]) -> None:
    log["turns"].append(dict(log["turns"][0]))
    log.pop("result")


LOG_CASES = [
    LogCase("setup", "the Washing Machine is 12th from the bottom", lambda log: _wm_from_bottom(log, 12), "setup"),
    LogCase("setup", "a card is missing from the deck", lambda log: log["deck"].remove("2-1"), "setup"),
    LogCase("game-over", "a turn after the Washing Machine", _append_turn, "turn 29"),
    LogCase(
        "turn-order",
        "P2 plays turn 4 instead of P1",
        lambda log: log["turns"][3].update(player=log["turns"][4]["player"]),
        "turn 4",
    ),
    LogCase(
        "draw",
        "turn 3 draws turn 2's cards",
        lambda log: log["turns"][2].update(drawn=list(log["turns"][1]["drawn"])),
        "turn 3",
    ),
    LogCase(
        "scoring",
        "a winner who did not win",
        lambda log: log["result"].update(winners=["P1"]),
        "result",
    ),
]


def test_every_named_rule_has_a_case_that_breaks_it_alone():
    covered = {case.rule for case in MOVE_CASES} | {case.rule for case in LOG_CASES}
    assert set(RULES) <= set(RULEBOOK)
    missing = set(RULEBOOK) - covered
    assert not missing, f"rules without a case that breaks them alone: {sorted(missing)}"
    assert covered <= set(RULEBOOK), f"cases for unknown rules: {sorted(covered - set(RULEBOOK))}"


@pytest.mark.parametrize("case", MOVE_CASES, ids=[f"{c.rule}: {c.label}" for c in MOVE_CASES])
def test_a_move_breaking_one_rule_is_refused_naming_it(case: MoveCase):
    with pytest.raises(IllegalMove) as caught:
        play(case.state, case.bad)
    assert caught.value.rule == case.rule
    assert caught.value.sentence == RULES[caught.value.rule]
    assert not is_legal(case.state, case.bad)
    assert is_legal(case.state, case.good)
    # The corrected move is among the legal ones (a stated pass aside, which they do not state).
    assert Move(case.good.keep, case.good.super_set, case.good.passed_super_set, case.good.effects) in legal_moves(
        case.state
    )


def test_the_game_over_refuses_any_move():
    state = table(drawn=("7-1", "washing-machine"))
    assert state.over and legal_moves(state) == []
    with pytest.raises(IllegalMove) as caught:
        play(state, Move(ID("7-1")))
    assert caught.value.rule == "game-over"


def test_the_base_log_is_legal():
    report = replay("log.json", _base_log(), score_game)
    assert report.legal and report.finished and report.turns == 28


@pytest.mark.parametrize("case", LOG_CASES, ids=[f"{c.rule}: {c.label}" for c in LOG_CASES])
def test_a_log_breaking_one_rule_is_refused_naming_it(case: LogCase):
    log = copy.deepcopy(_base_log())
    case.change(log)
    report = replay("log.json", log, score_game)
    assert not report.legal
    assert (report.rule, report.step) == (case.rule, case.step)
    assert report.message


@pytest.mark.parametrize("place, legal", [(1, True), (BOTTOM_STACK + 1, True), (BOTTOM_STACK + 2, False)])
def test_the_washing_machine_lies_among_the_bottom_eleven(place, legal):
    socks = list(range(len(CATALOGUE.cards)))
    deck = socks[: len(socks) + 1 - place] + [CATALOGUE.wm] + socks[len(socks) + 1 - place :]
    assert len(deck) - deck.index(CATALOGUE.wm) == place
    if legal:
        check_setup(CATALOGUE, deck)
    else:
        with pytest.raises(IllegalMove) as caught:
            check_setup(CATALOGUE, deck)
        assert caught.value.rule == "setup" and "card 12 from the bottom" in caught.value.message
