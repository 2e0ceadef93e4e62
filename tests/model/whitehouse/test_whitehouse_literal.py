"""Rules of the White House intern game read literally, each protected by a test of its own: the
deal and its redeal, the first player and the order of play, a reversal's next round, an off-turn
win, whose Lies may answer an arrival, a Gridlock against a single-card lock, whom taking from a
row is played against, and a card arriving through a Distraction under lock_optional=false.
"""

from __future__ import annotations

from whitehouse_support import make_oracle

from model.whitehouse.cards import sample_catalogue
from model.whitehouse.engine import Engine, decider, new_game, shuffled_decks
from model.whitehouse.io import load_log
from model.whitehouse.rules import WhitehouseRules
from model.whitehouse.state import D, E, Keep, Lock, NoLies, Play, PlayLies, S, State, Take

CATALOGUE = sample_catalogue()
ROWS = {"supporter": [21, 22, 23], "event": ["E21", "E22", "E23"], "distraction": ["D20", "D21", "D17"]}
#: A network of 6 Tricks that S20 brings to 7 (E5 and E11 list 20).
SIX_FOR_20 = [{"event": "E3", "row": 0, "col": 1}, {"supporter": 4, "row": 0, "col": 2},
              {"event": "E5", "row": 1, "col": 0}, {"supporter": 2, "row": 1, "col": 1},
              {"event": "E11", "row": 1, "col": 2}, {"event": "E27", "row": 2, "col": 1}]
FURTHEST_SUPPORTER = {"player": 0, "move": "take", "row": "supporter", "slot": "furthest", "discards": []}


def table(players, rows=None, phase="supporter", current=0, rules=None, moves=(), **position):
    """An engine and the state after ``moves`` from a position (sample catalogue)."""
    position = {"players": players, "rows": {**ROWS, **(rows or {})}, "phase": phase, "current": current, **position}
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": rules or {}, "moves": list(moves)},
                   make_oracle)
    state = log.start
    for seat, move in log.moves:
        state = log.engine.apply(state, move, seat)
    return log.engine, state


def _decks(supporters, events):
    """The shuffled decks of seed 0 with ``supporters`` and ``events`` moved to the top, in order."""
    s, e, d = shuffled_decks(CATALOGUE, 0)
    return (tuple(supporters) + tuple(c for c in s if c not in supporters),
            tuple(events) + tuple(c for c in e if c not in events), d)


# --- the deal -------------------------------------------------------------------------------------


def test_a_matching_dealt_pair_is_redealt_until_it_does_not_match():
    # Seat 0 is dealt S2 and then E5 and E3 (both list 2): each goes to the bottom of the Event
    # Deck, in that order, and E1 (which does not list 2) is dealt instead. Seat 1 gets S10 and E2.
    decks = _decks([2, 10], ["E5", "E3", "E1", "E2"])
    state = new_game(CATALOGUE, 2, WhitehouseRules(), decks)
    assert state.players[0].supporters == (2,) and state.players[0].events == ("E1",)
    assert state.players[1].supporters == (10,) and state.players[1].events == ("E2",)
    assert state.decks[E][-2:] == ("E5", "E3")
    # The rows are the next three cards of each deck, the first drawn in the closest slot.
    assert state.rows[S] == decks[S][2:5] and state.rows[E] == decks[E][4:7]


def test_a_pair_that_does_not_match_is_kept():
    decks = _decks([2, 10], ["E1", "E2"])
    state = new_game(CATALOGUE, 2, WhitehouseRules(), decks)
    assert state.players[0].events == ("E1",) and state.decks[E][-1] == decks[E][-1]


# --- the first player and the order of play --------------------------------------------------------


def _play_turn(engine: Engine, state: State) -> State:
    """The current player's three actions, each the first legal move (a free take when there is one)."""
    seat = state.current
    while state.current == seat and not state.ended:
        state = engine.apply(state, engine.legal_moves(state)[0], decider(state))
    return state


def test_the_highest_numbered_supporter_plays_first_then_counter_clockwise():
    # Seat 2 of 4 is dealt S29, the highest: it plays first, then seats 3, 0, 1 (seat order is
    # counter-clockwise), and the next round starts with seat 2 again.
    decks = _decks([3, 7, 29, 12], ["E2", "E6", "E1", "E3"])
    rules = WhitehouseRules()
    state = new_game(CATALOGUE, 4, rules, decks)
    assert [p.supporters for p in state.players] == [(3,), (7,), (29,), (12,)]
    assert state.current == 2 and state.round_order == (2, 3, 0, 1)
    engine = Engine(CATALOGUE, rules, make_oracle())
    seen = [state.current]
    for _ in range(4):
        state = _play_turn(engine, state)
        seen.append(state.current)
    assert seen == [2, 3, 0, 1, 2]


# --- a reversal's next round -------------------------------------------------------------------------


def test_the_reversed_round_starts_with_the_player_before_the_one_who_reversed():
    # Round 0, 1, 2, 3; seat 2 reverses. The round ends as scheduled (seat 3), then the next one
    # starts with seat 1 (who would have played just before seat 2) and runs the other way:
    # 1, 0, 3, 2. (Seat 2 itself, seat 3 after it, or the old first seat 0 would all be wrong.)
    engine, state = table([{}, {}, {}, {}], rows={"distraction": ["D28", "D29", "D20"]}, phase="distraction",
                          current=2, round_order=[0, 1, 2, 3])
    state = engine.apply(state, Play("furthest"), 2)
    assert state.current == 3
    state = _play_turn(engine, state)
    assert state.current == 1 and state.round_order == (1, 0, 3, 2) and state.direction == -1


# --- an off-turn win -----------------------------------------------------------------------------------


def test_a_win_reached_off_turn_counts_at_once():
    # Player 0 swaps S20 for player 1's S9: S20 arrives in player 1's hand during player 0's turn
    # and locks to make 7. Player 1 wins at that moment, on player 0's turn.
    engine, state = table([{"supporters": [20]}, {"supporters": [9], "network": SIX_FOR_20}],
                          rows={"distraction": ["D20", "D21", "D6"]}, phase="distraction")
    state = engine.apply(state, Play("furthest", (), target=1, card=9, give=20), 0)
    assert state.players[0].supporters == (9,), "S9 matches nothing of player 0's and enters the hand"
    assert decider(state) == 1 and state.current == 0
    state = engine.apply(state, Lock(), 1)
    assert state.ended == "seven" and state.winners == (1,) and state.current == 0 and state.turn == 1


# --- Lies: only against another player's arrival ---------------------------------------------------------


def test_lies_answer_only_a_card_entering_another_players_hand():
    # Player 0 holds Lies and takes a Supporter: nobody may lie about it (the only Lies is the
    # receiver's own), so the card enters player 0's hand at once.
    engine, state = table([{"lies": ["D25"]}, {}], moves=[FURTHEST_SUPPORTER])
    assert state.queue == () and state.players[0].supporters == (23,) and state.phase == "event"
    assert state.players[0].lies == ("D25",)
    # The same take with the Lies in player 1's hand waits for player 1.
    engine, state = table([{}, {"lies": ["D25"]}], moves=[FURTHEST_SUPPORTER])
    assert decider(state) == 1 and engine.legal_moves(state) == [PlayLies(), NoLies()]


# --- a Gridlock against a single-card lock ----------------------------------------------------------------


def test_a_gridlock_stops_a_single_card_locking_beside_the_network():
    # Player 0 takes S20, which matches E5 in the network, and locks it in alone: the Gridlock stops
    # it. S20 goes to the bottom of the Supporter Deck, the oldest Gridlock to the bottom of the
    # Distractions Deck, and the network is unchanged.
    network = [{"supporter": 2, "row": 0, "col": 0}, {"event": "E5", "row": 0, "col": 1}]
    engine, state = table([{"network": network, "gridlocks": ["D22", "D23"]}, {}],
                          rows={"supporter": [21, 22, 20]}, moves=[FURTHEST_SUPPORTER])
    assert Lock() in engine.legal_moves(state)
    before = state.players[0]
    state = engine.apply(state, Lock(), 0)
    player = state.players[0]
    assert player.network == before.network and player.tricks == before.tricks == 1
    assert player.supporters == () and player.gridlocks == ("D23",)
    assert state.decks[S][-1] == 20 and state.decks[D][-1] == "D22"


# --- taking from a row is played against nobody -----------------------------------------------------------


def test_taking_a_card_from_a_row_is_not_played_against_yourself():
    # Player 0's own Deflection does not block their own take from the Supporter row (D8): the card
    # is taken, the Deflection stays.
    engine, state = table([{"deflection": "D28"}, {}], rows={"distraction": ["D20", "D21", "D8"]},
                          phase="distraction")
    state = engine.apply(state, Play("furthest", (), card=23), 0)
    assert state.players[0].deflection == "D28"
    assert state.players[0].supporters == (23,) and state.decks[D][-1] == "D8"


# --- lock_optional=false and a card arriving through a Distraction ----------------------------------------


def test_a_card_arriving_through_a_distraction_may_stay_in_the_hand_under_lock_optional_false():
    # "A card that arrives in your Active Hand through a Distraction action ... may join the network
    # at once": player 0 steals S2, which matches E5 in their hand, and may keep it.
    rules = {"lock_optional": False}
    engine, state = table([{"events": ["E5"]}, {"supporters": [2]}], rows={"distraction": ["D20", "D21", "D3"]},
                          phase="distraction", rules=rules)
    state = engine.apply(state, Play("furthest", (), target=1, card=2), 0)
    assert engine.legal_moves(state) == [Lock("E5"), Keep()]
    kept = engine.apply(state, Keep(), 0)
    assert kept.players[0].supporters == (2,) and kept.players[0].events == ("E5",)
    # A card taken from a row on the turn must still lock.
    engine, state = table([{"events": ["E5"]}, {}], rows={"supporter": [21, 22, 2]}, rules=rules,
                          moves=[FURTHEST_SUPPORTER])
    assert engine.legal_moves(state) == [Lock("E5")]
    assert Take("event", "furthest") not in engine.legal_moves(state)
