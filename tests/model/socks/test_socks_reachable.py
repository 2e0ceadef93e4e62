"""Oh My Socks!: every position the engine reaches is one that advice and scoring accept, and
they read it as the engine holds it and score it as the engine does.

Random games are walked through the engine's own ``play_random``; at every step the position is
written as the documents a player would give (a position for ``socks advise``, a scoring file for
``socks score``) and read back. A Super Sock typed by another player's Sock (the game's first
Sock under ``super_first_sock=anyone``, the default) lies in a set its holder holds no Sock of:
the walks reach such positions, and a test says so, so that they stay covered. The same checks
run exhaustively over the small deck of the invariants (``checks/socks/explore.py``) under
every reading of the options that decide where a Super Sock can lie.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

from checks.socks import explore as P
from model.common.options import rules_as_dict
from model.socks.advise import advise, parse_position, visible_scores
from model.socks.cards import sample_catalogue
from model.socks.engine import Move, legal_moves, new_game, outcome, play, play_random
from model.socks.io import parse_scoring
from model.socks.log import replay
from model.socks.random_play import write_log
from model.socks.rules import SocksRules
from model.socks.scoring import score_hand, unheld_set_reachable
from model.socks.state import WAIT_END, State
from solver.socks import choose_wilds, score_game

CATALOGUE = sample_catalogue()
ID = CATALOGUE.index

#: The readings walked: the defaults, and the other readings that leave a Super Sock in a set
#: its holder holds no Sock of (a rescued one keeping its set; the Sock beside it rescued), or
#: its set open until the end.
READINGS = {
    "defaults": SocksRules(),
    "keeps_set": SocksRules(rescued_super="keeps_set"),
    "rescue_ignores_super": SocksRules(super_first_sock="owner", rescue_counts_super=False),
    "chosen_at_end": SocksRules(super_received="chosen_at_end", super_without_set="chosen_at_end"),
}
#: (seed, players) of the walks: a fixed set, so that CI walks the same games every time.
WALKS = ((29, 3), (29, 2), (18, 2), (3, 2), (5, 4), (8, 3))


def _catalogue_entries(state: State) -> dict[str, Any]:
    """The ``cards`` of a document for a catalogue other than the sample (none for the sample)."""
    if state.catalogue.sample:
        return {}
    cards = [{"id": c.id, "set": "super" if c.set is None else c.set, "stars": c.stars, "effect": c.effect,
              "arrow": c.arrow} for c in state.catalogue.cards]
    return {"cards": cards}


def _wild_value(state: State, card: int) -> int | str:
    wild = next(w for w in state.wilds if w.card == card)
    if wild.set is not None:
        return wild.set
    return "end" if wild.waiting == WAIT_END else "waiting"


def position_document(state: State) -> dict[str, Any]:
    """What the player to move sees, as a ``socks advise`` document."""
    ids, card_sets = state.catalogue.id_of, state.catalogue.card_sets
    players = []
    for seat, name in enumerate(state.names):
        player: dict[str, Any] = {"name": name, "collection": [ids(c) for c in state.collections[seat]],
                                  "gifts": len(state.gifts[seat])}
        supers = {ids(c): _wild_value(state, c) for c in state.collections[seat] if card_sets[c] is None}
        if supers:
            player["super_socks"] = supers
        players.append(player)
    return {"players": players, "to_move": state.names[state.current], "discard": [ids(c) for c in state.discard],
            "drawn": [ids(c) for c in state.drawn], "rules": rules_as_dict(state.rules), **_catalogue_entries(state)}


def scoring_document(state: State) -> dict[str, Any]:
    """Every hand as it lies (gifts revealed), as a ``socks score`` document: a typed Super Sock
    in its set, an open one left for the tool to choose."""
    ids, card_sets = state.catalogue.id_of, state.catalogue.card_sets
    players = []
    for seat, name in enumerate(state.names):
        player: dict[str, Any] = {"name": name, "collection": [ids(c) for c in state.collections[seat]],
                                  "gifts": [ids(c) for c in state.gifts[seat]]}
        supers = {ids(c): _wild_value(state, c) for c in state.collections[seat] if card_sets[c] is None}
        if supers:
            player["super_socks"] = {card: value if isinstance(value, int) else "choose"
                                     for card, value in supers.items()}
        players.append(player)
    rules = {"tie_break_counts": state.rules.tie_break_counts, "final_tie": state.rules.final_tie}
    return {"players": players, "rules": rules, **_catalogue_entries(state)}


def unheld(state: State) -> bool:
    """A face-up Super Sock typed as a set its holder holds no printed Sock of."""
    card_sets = state.catalogue.card_sets
    return any(w.set is not None and w.set not in {card_sets[c] for c in state.collections[w.owner]}
               for w in state.wilds)


def check_advice(state: State) -> None:
    read = parse_position("position.json", position_document(state))
    assert (read.collections, read.discard, read.drawn, read.current) == (
        state.collections, state.discard, state.drawn, state.current)
    assert read.wilds == state.wilds and read.collected_any == state.collected_any
    assert [len(g) for g in read.gifts] == [len(g) for g in state.gifts]
    moves = legal_moves(state)
    assert legal_moves(read) == moves
    advice = advise(read)
    assert advice.scores == visible_scores(state)
    assert len(advice.choices) == len(moves) and {c.move for c in advice.choices} == set(moves)


def check_scoring(state: State) -> None:
    """The scoring file scores each hand as the engine's end of game would, now; the solver's
    placement of each open Super Sock, scored by the model's checker, reaches the engine's."""
    result = outcome(replace(state, over=True))
    assert result is not None
    read = parse_scoring("score.json", scoring_document(state))
    game = score_game(read.hands, read.rules)
    assert [(p.score, p.set_count) for p in game.players] == list(zip(result.scores, result.set_counts, strict=True))
    assert [game.players.index(p) for p in game.players if p.name in game.winners] == list(result.winners)
    for seat, hand in enumerate(read.hands):
        checked = score_hand(hand, choose_wilds(hand, read.rules).placement, read.rules)
        assert (checked.score, checked.set_count) == (result.scores[seat], result.set_counts[seat])


def walk(seed: int, players: int, rules: SocksRules) -> int:
    """Play one random game, checking advice and scoring at every step; the number of positions
    with a Super Sock in a set its holder holds no Sock of."""
    rng = random.Random(seed)
    state = new_game(CATALOGUE, rules, [f"P{i + 1}" for i in range(players)], rng)
    seen = 0
    while not state.over:
        seen += unheld(state)
        check_advice(state)
        check_scoring(state)
        _, state = play_random(state, rng)
    check_scoring(state)
    return seen + unheld(state)


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_every_position_of_a_random_game_is_advised_and_scored_as_the_engine_holds_it(reading: str) -> None:
    rules = READINGS[reading]
    reached = sum(walk(seed, players, rules) for seed, players in WALKS)
    # The walks do reach a Super Sock in a set its holder holds no Sock of.
    assert reached > 0


#: Every reading of the three options that decide where a Super Sock can lie.
SUPER_READINGS = [SocksRules(super_first_sock=first, rescued_super=rescued, rescue_counts_super=counts)
                  for first, rescued, counts in itertools.product(("anyone", "owner"), ("rescuer_chooses", "keeps_set"),
                                                                  (True, False))]


@pytest.mark.parametrize("rules", SUPER_READINGS, ids=lambda r: f"{r.super_first_sock}-{r.rescued_super}-"
                         f"{'counts' if r.rescue_counts_super else 'ignores'}")
def test_every_position_of_the_small_deck_is_advised_and_scored_as_the_engine_holds_it(rules: SocksRules) -> None:
    # Exhaustive over the invariants' domain (every position reachable from its starts); a Super
    # Sock in a set its holder holds no Sock of is reached exactly under the readings
    # unheld_set_reachable names, the only ones under which advice accepts one.
    clock = P.Clock(float("inf"), float("inf"))
    reached = 0
    for _, state in P.reachable(rules, clock):
        reached += unheld(state)
        if not state.over:
            check_advice(state)
        if state.wilds or state.over:
            check_scoring(state)
    assert (reached > 0) == unheld_set_reachable(rules)


def test_replay_accepts_the_games_walked() -> None:
    for seed, players in WALKS:
        log, _ = write_log(seed, players, score_game=score_game)
        assert replay("log.json", log, score_game).legal


# --- the report's own case: the game's first Sock is the Super Sock ------------------------------


def _first_sock_game() -> State:
    """Ana keeps the Super Sock as the game's first Sock and passes 7-2 (arrow right) to Cy, which
    types it as set 7; Bo keeps 9-1 and passes 9-2 (arrow right) to Ana. Ana holds the Super
    Sock of set 7 and 9-2, Cy to move."""
    top = [ID(c) for c in ("super", "7-2", "9-1", "9-2")]
    deck = top + [c for c in range(len(CATALOGUE.cards)) if c not in top] + [CATALOGUE.wm]
    state = new_game(CATALOGUE, SocksRules(), ["Ana", "Bo", "Cy"], random.Random(0))
    state = replace(state, deck=tuple(deck[2:]), drawn=tuple(deck[:2]))
    for keep in ("super", "9-1"):
        state = play(state, Move(ID(keep)))
    return state


def test_a_super_sock_typed_by_another_players_sock_is_advised() -> None:
    state = _first_sock_game()
    assert [(w.owner, w.set) for w in state.wilds] == [(0, 7)]
    assert [[CATALOGUE.id_of(c) for c in cards] for cards in state.collections] == [["super", "9-2"], ["9-1"], ["7-2"]]
    check_advice(state)


def test_a_super_sock_typed_by_another_players_sock_scores_in_its_own_set() -> None:
    # Set 7 holds the Super Sock alone and set 9 one Sock: both odd, 0 points, 2 sets (placed
    # in set 9 instead, it would make a pair and score 9-2's 3 stars).
    state = _first_sock_game()
    document = scoring_document(state)
    assert document["players"][0]["super_socks"] == {"super": 7}
    ana = score_game(parse_scoring("score.json", document).hands).players[0]
    assert (ana.score, ana.set_count) == (0, 2)
    assert [(s.set, s.count, s.scores) for s in ana.sets] == [(7, 1, False), (9, 1, False)]
    check_scoring(state)
