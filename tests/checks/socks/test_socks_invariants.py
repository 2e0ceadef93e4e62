"""Oh My Socks! invariants prove statements about the engine's own functions.

Each invariant gets a bug planted in one engine function alone (never in the proof): the
invariant must stop being proved, and a command a user runs (``verify socks score``, ``verify
rulings``, ``verify socks play``, or the random games ``verify compare`` plays) must change its
answer too.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from click.testing import CliRunner

from checks import registry
from checks.invariants import run_checks
from checks.result import Proved, Violated
from checks.socks import invariants as socks_invariants
from cli import cli
from model.common.ops import PY, Ops
from model.socks import cards, engine, scoring
from model.socks import game as socks_game
from model.socks import io as socks_io
from model.socks import log as socks_log
from model.socks import random_play as socks_random_play
from model.socks.cards import GIFT
from model.socks.game import GAME
from model.socks.game import random_game as socks_random_game
from model.socks.random_play import write_log
from model.socks.rules import SocksRules
from model.socks.state import State
from solver.socks import score_game

RULES = {"socks": registry.rules("socks", {})}
INVARIANTS = {inv.id: inv for inv in socks_invariants.INVARIANTS}

# A table of hands (star values per set): a set of 5 Socks, sets of 4 Socks, a single Sock, a
# Super Sock making a set even, and two players alone with the fewest sets.
HANDS = {"players": [
    {"name": "Ana", "sets": {"5": [1, 1, 1, 1, 1], "3": [2, 2], "4": [1]}},
    {"name": "Bo", "sets": {"6": [1, 1, 1, 1], "7": [2, 2]}},
    {"name": "Cy", "sets": {"8": [3, 3], "9": [1, 1], "10": [0]}},
    {"name": "Dee", "sets": {"11": [0, 1]}},
    {"name": "Eve", "sets": {"2": [1]}, "super_socks": [2]},
]}
# Ana draws the Super Sock holding three sets: each is a move.
POSITION = {
    "players": [{"name": "Ana", "collection": ["5-1", "7-1", "9-4"]}, {"name": "Bo", "collection": ["5-2", "6-1"]},
                {"name": "Cy", "collection": ["4-1"]}],
    "to_move": "Ana", "discard": [], "drawn": ["super", "3-2"],
}
# A tie the tie-break ties too (the rulebook names no winner then; final_tie=shared).
TIE = {"players": [{"name": "Ana", "sets": {"3": [2, 2]}}, {"name": "Bo", "sets": {"5": [2, 2]}}]}


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def score_file(tmp_path: Any, data: dict[str, Any]) -> Callable[[], Any]:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return lambda: invoke("socks", "score", str(path), "--json")


def advise_file(tmp_path: Any) -> Callable[[], Any]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    return lambda: invoke("socks", "advise", str(path))


def plays() -> Any:
    return [invoke("socks", "play", "--seed", str(seed)) for seed in range(3)]


def rulings() -> Any:
    code, out = invoke("rulings", "--game", "socks", "--json")
    return code, json.loads(out)["summary"]


def random_games() -> Any:
    rules = GAME.make_rules({}, "test")
    return [socks_random_game(seed, 3, rules, {}).outcome for seed in range(20)]


# --- the planted bugs, one engine function each ------------------------------------------------

_set_points, _set_scores, _counted = scoring.set_points, scoring.set_scores, scoring.counted_for_tie_break
_winner_flags = scoring.winner_flags


def five_socks_score(printed: Any, stars: Any, supers: Any, ops: Ops = PY) -> Any:
    return ops.ite(ops.any((scoring.set_scores(printed, supers, ops), printed + supers == 5)), stars, ops.const(0))


def super_counts_twice(printed: Any, supers: Any, ops: Ops = PY) -> Any:
    return (printed + 2 * supers) % 2 == 0


def super_scores_a_star(printed: Any, stars: Any, supers: Any, ops: Ops = PY) -> Any:
    return ops.ite(scoring.set_scores(printed, supers, ops), stars + supers, ops.const(0))


def big_sets_score_double(printed: Any, stars: Any, supers: Any, ops: Ops = PY) -> Any:
    points = ops.ite(printed + supers >= 4, 2 * stars, stars)
    return ops.ite(scoring.set_scores(printed, supers, ops), points, ops.const(0))


def singles_not_counted(printed: Any, supers: Any, tie_break_counts: Any, ops: Ops = PY) -> Any:
    held = printed + supers > 1
    if tie_break_counts == "scoring_sets":
        return ops.all((held, scoring.set_scores(printed, supers, ops)))
    return held


def sets_before_score(scores: Any, set_counts: Any, final_tie: Any, ops: Ops = PY) -> Any:
    # The tie-break read first: fewest sets, then the score.
    flags, decided = _winner_flags([-n for n in set_counts], scores, final_tie, ops)
    return flags, decided


def nobody_in_a_final_tie(scores: Any, set_counts: Any, final_tie: Any, ops: Ops = PY) -> Any:
    return _winner_flags(scores, set_counts, "no_winner", ops)


def gifts_not_revealed(state: State, seat: int) -> tuple[int, int]:
    hidden = replace(state, gifts=tuple(() for _ in state.gifts))
    return _engine_totals(hidden, seat)


_engine_totals = engine._engine_totals
_take = engine._Table.take
_finish_turn = engine._finish_turn
_neighbour = engine.neighbour
_rescue_targets = engine._Table.rescue_targets
_activate = engine._activate
_collect = engine._Table.collect
_draw_for_turn = engine._Table.draw_for_turn


def rescue_copies(self: Any, rescuer: int, target: Any, choose_set: Any) -> None:
    _take(self, rescuer, target, choose_set)
    self.collections[target.seat].append(target.card)  # the Sock stays with its owner as well


def counterclockwise(table: Any, state: State) -> State:
    # _finish_turn hands the turn to the seat after the one given: give it the seat two back.
    return _finish_turn(table, replace(state, current=(state.current - 2) % state.players))


def arrows_reversed(players: int, seat: int, arrow: Any) -> int | None:
    return _neighbour(players, seat, "right" if arrow == "left" else "left")


def any_sock_rescued(self: Any, rescuer: int) -> list[engine.RescueFrom]:
    # Every Sock of another seat, single or not.
    return [engine.RescueFrom((rescuer + offset) % self.players, card)
            for offset in range(1, self.players) for card in self.collections[(rescuer + offset) % self.players]
            if self.catalogue.card_sets[card] is not None]


def gift_to_the_giver(table: Any, chooser: Any, seat: int, effect: Any) -> None:
    if effect == GIFT:
        choice = chooser.effect(GIFT, [engine.GiftTo(s) for s in range(table.players)], table)
        top = table.pop_top()
        if top == table.catalogue.wm:
            table.drawn, table.over = [top], True
        else:
            table.gifts[seat].append(top)  # whatever seat was chosen
        assert choice is not None
        return
    _activate(table, chooser, seat, effect)


def super_sock_lowest_set_only(self: Any, seat: int, card: int, choose_set: Any, kept: bool) -> None:
    _collect(self, seat, card, lambda options: choose_set(options[:1]), kept)


def washing_machine_second_ignored(self: Any) -> None:
    # The Washing Machine drawn as the second card is put back under the deck.
    _draw_for_turn(self)
    if self.over and len(self.drawn) == 2 and self.deck:
        first, wm = self.drawn
        self.deck.insert(0, wm)
        self.over = False
        self.drawn = [first, self.deck.pop()]


_shuffled_deck = engine.shuffled_deck


def tie_break_option_ignored(printed: Any, supers: Any, tie_break_counts: Any, ops: Ops = PY) -> Any:
    return _counted(printed, supers, "all_sets", ops)


def final_tie_always_shared(scores: Any, set_counts: Any, final_tie: Any, ops: Ops = PY) -> Any:
    return _winner_flags(scores, set_counts, "shared", ops)


def any_pass_stated(self: Any, receiver: Any) -> None:
    self.was_passed = True  # the stated receiver is never compared with the arrow's


def washing_machine_in_twenty(catalogue: Any, rng: Any) -> tuple[int, ...]:
    # The Washing Machine shuffled into the bottom 20 Socks, not 10.
    deck = list(_shuffled_deck(catalogue, rng))
    deck.remove(catalogue.wm)
    deck.insert(rng.randrange(len(deck) - 19, len(deck) + 1), catalogue.wm)
    return tuple(deck)


def score_with(tmp_path: Any, data: dict[str, Any], *rules: str) -> Callable[[], Any]:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return lambda: invoke("socks", "score", str(path), "--json", *[a for r in rules for a in ("--rule", r)])


def wrong_pass_replayed(tmp_path: Any) -> Callable[[], Any]:
    """A log of a random game whose first passed card is said to go to the player the arrow does
    not point at, replayed."""
    log, _ = write_log(7, 3, SocksRules(), score_game=score_game)
    for turn in log["turns"]:
        if turn.get("passed_to") is not None:
            turn["passed_to"] = next(p for p in log["players"] if p not in (turn["player"], turn["passed_to"]))
            break
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return lambda: invoke("socks", "replay", str(path))


@dataclass(frozen=True)
class Bug:
    what: str
    target: Any
    name: str
    replacement: Any
    #: The user-facing answer that changes (a function of the test's tmp_path).
    answer: Callable[[Any], Callable[[], Any]]


BUGS: dict[str, Bug] = {
    "SO-1": Bug("a set of 5 Socks scores", scoring, "set_points", five_socks_score,
                lambda tmp: score_file(tmp, HANDS)),
    "SO-2": Bug("a Super Sock counts as two Socks", scoring, "set_scores", super_counts_twice,
                lambda tmp: score_file(tmp, HANDS)),
    "SO-3": Bug("the fewest sets are looked at before the score", scoring, "winner_flags", sets_before_score,
                lambda tmp: score_file(tmp, HANDS)),
    "SO-4": Bug("a Super Sock is worth a star", scoring, "set_points", super_scores_a_star,
                lambda tmp: score_file(tmp, HANDS)),
    "SO-5": Bug("a final tie has no winner even when shared", scoring, "winner_flags", nobody_in_a_final_tie,
                lambda tmp: score_file(tmp, TIE)),
    "SO-6": Bug("a set of 4 or more Socks scores its stars twice", scoring, "set_points", big_sets_score_double,
                lambda tmp: score_file(tmp, HANDS)),
    "SO-7": Bug("the tie-break does not count single Socks", scoring, "counted_for_tie_break",
                singles_not_counted, lambda tmp: score_file(tmp, HANDS)),
    "SO-8": Bug("the engine's end of game leaves the gifts face down", engine, "_engine_totals",
                gifts_not_revealed, lambda tmp: random_games),
    "SO-9": Bug("a rescued Sock stays in its owner's collection too", engine._Table, "take", rescue_copies,
                lambda tmp: plays),
    "SO-10": Bug("turns pass counterclockwise", engine, "_finish_turn", counterclockwise, lambda tmp: plays),
    "SO-11": Bug("the arrows point the other way", engine, "neighbour", arrows_reversed, lambda tmp: rulings),
    "SO-12": Bug("Rescue takes any Sock", engine._Table, "rescue_targets", any_sock_rescued, lambda tmp: rulings),
    "SO-13": Bug("a Gift goes to the giver, whoever is chosen", engine, "_activate", gift_to_the_giver,
                 lambda tmp: rulings),
    "SO-14": Bug("a Super Sock may join only its owner's lowest set", engine._Table, "collect",
                 super_sock_lowest_set_only, advise_file),
    "SO-15": Bug("the tie-break counts every set whatever tie_break_counts says", scoring, "counted_for_tie_break",
                 tie_break_option_ignored, lambda tmp: score_with(tmp, HANDS, "tie_break_counts=scoring_sets")),
    "SO-16": Bug("a final tie is shared under final_tie=no_winner too", scoring, "winner_flags",
                 final_tie_always_shared, lambda tmp: score_with(tmp, TIE, "final_tie=no_winner")),
    "SO-17": Bug("a pass stated against the arrow is accepted", engine._FromMove, "passed", any_pass_stated,
                 wrong_pass_replayed),
    "SO-18": Bug("the Washing Machine is shuffled into the bottom 20 Socks", engine, "shuffled_deck",
                 washing_machine_in_twenty, lambda tmp: random_games),
}
#: A second bug for the end of the game: the Washing Machine drawn second does not end it.
SECOND = Bug("the Washing Machine drawn as the second card does not end the game", engine._Table,
             "draw_for_turn", washing_machine_second_ignored, lambda tmp: plays)


def check(invariant_id: str) -> Any:
    return run_checks(RULES, "socks", only=lambda inv: inv.id == invariant_id)[0].result


def test_every_invariant_is_proved_under_the_defaults() -> None:
    results = run_checks(RULES, "socks")
    assert [c.invariant.id for c in results] == [f"SO-{n}" for n in range(1, 21)]
    assert all(isinstance(c.result, Proved) for c in results), [c.invariant.id for c in results
                                                                 if not isinstance(c.result, Proved)]


def test_no_invariant_argues_from_a_second_encoding() -> None:
    assert {inv.argument for inv in socks_invariants.INVARIANTS} <= {"single-source", "exhaustive"}


def test_every_invariant_has_a_planted_bug() -> None:
    assert set(BUGS) == set(INVARIANTS)


@pytest.mark.parametrize("invariant_id", list(BUGS))
def test_a_bug_in_the_engine_alone_is_caught(invariant_id: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
                                             ) -> None:
    bug = BUGS[invariant_id]
    answer = bug.answer(tmp_path)
    before = answer()
    monkeypatch.setattr(bug.target, bug.name, bug.replacement)
    result = check(invariant_id)
    assert isinstance(result, Violated), (bug.what, result)
    assert result.counterexample.engine_agrees, result.counterexample
    assert answer() != before, bug.what


def test_the_washing_machine_drawn_second_ends_the_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    before = SECOND.answer(tmp_path)()
    monkeypatch.setattr(SECOND.target, SECOND.name, SECOND.replacement)
    assert isinstance(check("SO-10"), Violated)
    assert SECOND.answer(tmp_path)() != before


_build_catalogue = cards.build_catalogue


def washing_machine_entry_ignored(source: str, data: Any, sample: bool = False) -> Any:
    # The file's washing_machine entry is not read: the Washing Machine keeps the default ID.
    doc = cards.validate(source, cards.CatalogueIn, data)
    return _build_catalogue(source, doc.cards, None, "cards", sample, doc.note)


def super_sock_stars_dropped(source: str, entries: Any, washing_machine: Any, path: str, sample: bool = False,
                             note: Any = None) -> Any:
    # A Super Sock's stars are dropped instead of refused.
    cleaned = [e.model_copy(update={"stars": None}) if e.set == cards.SUPER else e for e in entries]
    return _build_catalogue(source, cleaned, washing_machine, path, sample, note)


def catalogue_play(tmp_path: Any, change: Callable[[dict[str, Any]], None]) -> Callable[[], Any]:
    """``verify socks play`` with the shipped catalogue, changed, given as a file."""
    document = copy.deepcopy(cards.sample_catalogue_json())
    change(document)
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return lambda: invoke("socks", "play", "--seed", "1", "--catalogue", str(path))


def test_the_washing_machine_is_read_under_the_id_its_entry_gives(monkeypatch: pytest.MonkeyPatch, tmp_path: Any
                                                                  ) -> None:
    answer = catalogue_play(tmp_path, lambda d: d.update(washing_machine={"id": "machine"}))
    before = answer()
    assert before[0] == 0 and '"machine"' in before[1]
    # The reader as the engine has it, bound in both modules that offer it.
    monkeypatch.setattr(cards, "parse_catalogue_document", washing_machine_entry_ignored)
    monkeypatch.setattr(socks_io, "parse_catalogue_document", washing_machine_entry_ignored)
    result = check("SO-18")
    assert isinstance(result, Violated) and result.counterexample.engine_agrees, result
    assert "naming it machine" in result.counterexample.drawing
    assert answer() != before


def test_a_super_sock_with_a_star_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    answer = catalogue_play(tmp_path, lambda d: next(c for c in d["cards"] if c["set"] == "super").update(stars=1))
    before = answer()
    assert before[0] == 2
    monkeypatch.setattr(cards, "build_catalogue", super_sock_stars_dropped)
    result = check("SO-18")
    assert isinstance(result, Violated) and result.counterexample.engine_agrees, result
    assert "a Super Sock with a star" in result.counterexample.drawing
    assert answer() != before


_check_setup, _new_game, _random_game = engine.check_setup, engine.new_game, socks_random_play.random_game


def washing_machine_among_twelve(catalogue: Any, deck: Any) -> None:
    # The Washing Machine 12th from the bottom is let through.
    deck = list(deck)
    if catalogue.wm in deck and len(deck) - deck.index(catalogue.wm) == 12:
        deck[-12], deck[-11] = deck[-11], deck[-12]
    _check_setup(catalogue, deck)


def second_seat_starts(catalogue: Any, rules: Any, names: Any, rng: Any) -> State:
    # The deal gives the first turn to the second seat (it draws the top 2 cards).
    state = _new_game(catalogue, rules, names, rng)
    return replace(state, current=1)


def last_move_dropped(catalogue: Any, rules: Any, names: Any, rng: Any) -> Any:
    first, moves, final = _random_game(catalogue, rules, names, rng)
    return first, moves[:-1], final


def only_pseudo_legal(state: State, move: engine.Move) -> bool:
    # play's refusal is not asked.
    return engine.is_pseudo_legal(state, move)


def setup_replayed(tmp_path: Any) -> Callable[[], Any]:
    """A random game's log with its Washing Machine moved to 12th from the bottom, replayed."""
    log, _ = write_log(3, 3, SocksRules(), score_game=score_game)
    deck = [c for c in log["deck"] if c != "washing-machine"]
    deck.insert(len(deck) - 11, "washing-machine")
    log["deck"] = deck
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    return lambda: invoke("socks", "replay", str(path))


def random_records() -> Any:
    """The random games ``verify compare`` plays: their ends, lengths and statistics."""
    rules = GAME.make_rules({}, "test")
    return [socks_random_game(seed, 3, rules, {}) for seed in range(20)]


@pytest.mark.parametrize("what,targets,replacement,invariant,answer", [
    # The engine function, wherever a module bound it under its own name.
    ("check_setup lets the Washing Machine lie 12th from the bottom",
     [(engine, "check_setup"), (socks_log, "check_setup")], washing_machine_among_twelve, "SO-18", setup_replayed),
    ("new_game gives the first turn to the second seat", [(engine, "new_game"), (socks_random_play, "new_game")],
     second_seat_starts, "SO-18", lambda tmp: random_records),
    ("random_game leaves out its last move", [(socks_random_play, "random_game"), (socks_game, "play_random_game")],
     last_move_dropped, "SO-10", lambda tmp: random_records),
])
def test_a_setup_or_whole_game_bug_is_caught(what: str, targets: Any, replacement: Any, invariant: str,
                                              answer: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    shown = answer(tmp_path)
    before = shown()
    for target, name in targets:
        monkeypatch.setattr(target, name, replacement)
    result = check(invariant)
    assert isinstance(result, Violated) and result.counterexample.engine_agrees, (what, result)
    assert shown() != before, what


def test_is_legal_asks_play(monkeypatch: pytest.MonkeyPatch) -> None:
    # No command asks is_legal; the invariant alone sees it.
    monkeypatch.setattr(engine, "is_legal", only_pseudo_legal)
    result = check("SO-17")
    assert isinstance(result, Violated) and result.counterexample.engine_agrees, result
    assert "is_legal takes" in result.counterexample.engine


def test_under_final_tie_no_winner_only_so5_is_violated() -> None:
    rules = {"socks": registry.rules("socks", {"final_tie": "no_winner"})}
    results = {c.invariant.id: c.result for c in run_checks(rules, "socks")}
    assert [i for i, r in results.items() if not isinstance(r, Proved)] == ["SO-5"]
    cex = results["SO-5"]
    assert isinstance(cex, Violated) and cex.counterexample.engine_agrees
    assert cex.counterexample.state["winners"] == []

