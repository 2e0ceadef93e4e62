"""Random legal games for 2-5 players, with the invariants re-checked after every step.

- conservation: every card is in exactly one place;
- rows hold three slots and never a card twice;
- every Locked Network arrangement is legal, and each recorded Trick total is the network's
  maximum by an independent computation (the brute-force reference up to 7 cards, the solver
  called directly beyond);
- the game ends exactly when a player reaches 7;
- nothing but a Distraction moves a Supporter or Event from one player to another.
Outcomes of Distractions (effect, fizzled, blocked by a Deflection, stopped by Lies) are counted
over many games, and every type must reach every outcome it can have.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from budget import examples
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from oracle_tricks import oracle_max_tricks
from whitehouse_support import make_oracle

from model.whitehouse.cards import Catalogue, sample_catalogue
from model.whitehouse.engine import Engine, decider, new_game, shuffled_decks
from model.whitehouse.network.arrangement import SUPPORTER, WINNING_TRICKS, TricksRules, check_arrangement
from model.whitehouse.rules import WhitehouseRules
from model.whitehouse.state import Arrival, D, Play, PlayLies, PutAway, State
from model.whitehouse.tricks import canonical_key

CATALOGUE = sample_catalogue()
ENGINES: dict[WhitehouseRules, Engine] = {}
REFERENCE: dict[tuple, int] = {}


def engine_for(rules: WhitehouseRules, catalogue: Catalogue = CATALOGUE) -> Engine:
    key = (rules, catalogue.name, len(catalogue.supporters))
    if key not in ENGINES:
        ENGINES[key] = Engine(catalogue, rules, make_oracle(rules.tricks))
    return ENGINES[key]


def reference_total(network, rules) -> int | None:
    """The maximum by a computation independent of the engine's cache and bounds."""
    key = (canonical_key(network), rules)
    if key not in REFERENCE:
        if network.size <= 7:
            REFERENCE[key] = oracle_max_tricks(network, rules)
        else:
            from solver.network.solve import solve_tricks

            REFERENCE[key] = solve_tricks(network, rules, time_limit=30).tricks
    return REFERENCE[key]


def locations(state: State) -> Counter:
    """How many times each card occurs anywhere on the table."""
    seen: Counter = Counter()
    for index, deck in enumerate(state.decks):
        seen.update((index, c) for c in deck)
    for index, row in enumerate(state.rows):
        seen.update((index, c) for c in row if c is not None)
    for p in state.players:
        seen.update((0, c) for c in p.supporters)
        seen.update((1, c) for c in p.events)
        seen.update((0 if r.card.kind == SUPPORTER else 1, r.card.id) for r in p.network.placements)
        seen.update((D, c) for c in p.gridlocks + p.lies)
        if p.deflection:
            seen[(D, p.deflection)] += 1
    for step in state.queue:
        # During "more" the arrived card is already in the network.
        if isinstance(step, Arrival) and step.stage != "more":
            seen[({"supporter": 0, "event": 1, "deflection": D}[step.kind], step.card)] += 1
        elif isinstance(step, PutAway):
            seen[(D, step.card)] += 1
    return seen


def owners(state: State) -> dict:
    found = {}
    for seat, p in enumerate(state.players):
        for c in p.supporters + p.events:
            found[c] = seat
        for r in p.network.placements:
            found[r.card.id] = seat
    return found


def check_invariants(state: State, engine: Engine) -> None:
    everything = {(0, c) for c in engine.catalogue.ids("supporter")} | {
        (1, c) for c in engine.catalogue.ids("event")} | {(D, c) for c in engine.catalogue.ids("distraction")}
    seen = locations(state)
    assert set(seen) == everything, "a card is missing or unknown"
    assert all(n == 1 for n in seen.values()), [k for k, n in seen.items() if n > 1]
    for row in state.rows:
        assert len(row) == 3
    for p in state.players:
        network = engine.network(p.network)
        report = check_arrangement(network, p.network, engine.rules.tricks)
        assert report.legal, report.violations
        assert report.tricks == p.tricks, "the stored arrangement reaches the recorded total"
        reference = reference_total(network, engine.rules.tricks)
        if reference is not None:
            assert p.tricks == reference
    if state.ended:
        assert state.queue == (), "the game ended with steps still to resolve (cards on their way)"
    rules = engine.rules
    at_seven = [s for s, p in enumerate(state.players) if p.tricks >= WINNING_TRICKS]
    if state.ended == "seven":
        assert state.winners and all(state.players[s].tricks >= WINNING_TRICKS for s in state.winners)
    elif rules.off_turn_win == "at_once" and rules.simultaneous_seven == "first":
        assert at_seven == [], "someone reached 7 but the game goes on"


OUTCOMES: dict[str, set] = defaultdict(set)


def record(engine: Engine, state: State, move, after: State) -> None:
    """Count the outcome of a Distraction (effect, fizzle, blocked) or of a Lies answer."""
    if isinstance(move, Play):
        from model.whitehouse.state import SLOTS

        card = state.rows[D][SLOTS.index(move.slot)]
        action = engine.catalogue.distraction(card).action
        kind = action.type + (f":{action.to}" if action.to else "")
        shields = sum(p.deflection is not None for p in state.players)
        shields_after = sum(p.deflection is not None for p in after.players)
        blocked = after.decks[D][-1:] != state.decks[D][-1:] and shields_after < shields and action.type != "deflection"
        if blocked and card in after.decks[D][-2:]:
            OUTCOMES[kind].add("blocked")
        elif engine.fizzles(state, move):
            OUTCOMES[kind].add("fizzled")
        else:
            OUTCOMES[kind].add("effect")
        record.last = kind  # type: ignore[attr-defined]
    elif isinstance(move, PlayLies):
        head = state.queue[0]
        if head.source == "distraction":
            OUTCOMES[record.last].add("lied")  # type: ignore[attr-defined]


def moved_between_players(before: State, after: State, move) -> bool:
    old, new = owners(before), owners(after)
    changed = [c for c in new if c in old and old[c] != new[c]]
    if not changed:
        return True
    head = before.queue[0] if before.queue else None
    return isinstance(move, Play) or (isinstance(head, Arrival) and head.source == "distraction")


RULE_CHOICES = st.sampled_from([
    WhitehouseRules(),
    WhitehouseRules(lock_count="all", lies_before_lock=False, empty_deck="top_up"),
    WhitehouseRules(lock_from_hand="own_turn", reversals="once", against_self=False),
    WhitehouseRules(lock_optional=False, single_lock=False, deflection_vs_fizzle="blocked"),
    WhitehouseRules(tricks=TricksRules(every_card_matched=True), lock_count="all"),
])


class WhitehouseGames(RuleBasedStateMachine):
    """Plays one random legal game per example."""

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 10**6), rules=RULE_CHOICES)
    def start(self, players, seed, rules):
        self.engine = engine_for(rules)
        self.state = new_game(CATALOGUE, players, rules, shuffled_decks(CATALOGUE, seed), seed)

    @rule(choice=st.integers(0, 10**9))
    def play(self, choice):
        if self.state.ended:
            return
        moves = self.engine.legal_moves(self.state)
        assert moves, "a game that goes on always has a legal move"
        move = moves[choice % len(moves)]
        after = self.engine.apply(self.state, move, decider(self.state))
        assert moved_between_players(self.state, after, move), "a card changed hands without a Distraction"
        record(self.engine, self.state, move, after)
        self.state = after

    @invariant()
    def table_is_sound(self):
        if hasattr(self, "state"):
            check_invariants(self.state, self.engine)


TestWhitehouseGames = WhitehouseGames.TestCase
TestWhitehouseGames.settings = examples(0.625, stateful_step_count=400, deadline=None)


def _small_catalogue() -> Catalogue:
    """The sample with few Supporters and Events, so that decks and rows run dry."""
    return Catalogue(CATALOGUE.supporters[:9], CATALOGUE.events[:9], CATALOGUE.distractions, "small")


#: Every outcome each Distraction type can have (blocked needs a Deflection to be played against;
#: Lies needs a card arriving in a hand).
REACHABLE = {
    "remove_own": {"effect", "fizzled", "blocked"},
    "steal": {"effect", "fizzled", "blocked", "lied"},
    "swap": {"effect", "fizzled", "blocked", "lied"},
    "take_row": {"effect", "fizzled", "lied"},
    "force_move:deck": {"effect", "fizzled", "blocked"},
    "force_move:next_player": {"effect", "fizzled", "blocked", "lied"},
    "draw": {"effect", "fizzled", "lied"},
    "reshuffle": {"effect", "fizzled"},
    "reverse": {"effect"},
    "gridlock": {"effect", "blocked"},
    "lies": {"effect"},
    "deflection": {"effect", "lied"},
}


def _focused_catalogue(types: set[str]) -> Catalogue:
    """The sample's Supporters and Events with three copies of each Distraction of ``types``."""
    from dataclasses import replace

    chosen = [d for d in CATALOGUE.distractions if d.action.type in types]
    copies = tuple(replace(d, id=f"{d.id}-{n}") for n in range(3) for d in chosen)
    return Catalogue(CATALOGUE.supporters, CATALOGUE.events, copies, "focused")


def test_every_distraction_reaches_every_outcome():
    rules = WhitehouseRules(turn_limit=200)
    plan = [(CATALOGUE, 12), (_small_catalogue(), 16), (_focused_catalogue({"swap", "lies", "force_move"}), 10)]
    for catalogue, games in plan:
        engine = engine_for(rules, catalogue)
        for seed in range(games):
            players = 2 + seed % 4
            state = new_game(catalogue, players, rules, shuffled_decks(catalogue, seed), seed)
            rng = random.Random(seed)
            while not state.ended and state.turn < 80:
                move = rng.choice(engine.legal_moves(state))
                after = engine.apply(state, move, decider(state))
                record(engine, state, move, after)
                state = after
    missing = {t: sorted(want - OUTCOMES[t]) for t, want in REACHABLE.items() if want - OUTCOMES[t]}
    assert missing == {}


# --- wins in the middle of an action ------------------------------------------------------------------

#: A network of 6 Tricks that S20 brings to 7 (E5 and E11 list 20), and one that S1 brings to 7.
SIX_FOR_20 = [{"event": "E3", "row": 0, "col": 1}, {"supporter": 4, "row": 0, "col": 2},
              {"event": "E5", "row": 1, "col": 0}, {"supporter": 2, "row": 1, "col": 1},
              {"event": "E11", "row": 1, "col": 2}, {"event": "E27", "row": 2, "col": 1}]
SIX_FOR_1 = [{"supporter": 25, "row": 0, "col": 0}, {"event": "E4", "row": 0, "col": 1},
             {"event": "E7", "row": 1, "col": 0}, {"supporter": 7, "row": 1, "col": 1},
             {"event": "E10", "row": 1, "col": 2}, {"event": "E29", "row": 2, "col": 1}]
ROWS = {"supporter": [21, 22, 23], "event": ["E21", "E22", "E23"]}

#: Positions one move from a win in the middle of a Distraction's action: (name, players, the
#: Distraction row, the moves, the rule options and other parts of the position). The last move
#: wins; the rest of the action (the played card to the bottom, the row refilled, a second card on
#: its way) must still happen.
SWAP = {"player": 0, "move": "play", "slot": "furthest", "discards": [], "target": 1, "card": 1, "give": 20}
SWAPPERS = [{"supporters": [20], "network": SIX_FOR_1}, {"supporters": [1], "network": SIX_FOR_20}]
MID_ACTION_WINS = [
    ("steal", [{"network": SIX_FOR_20}, {"supporters": [20]}], "D3",
     [{"player": 0, "move": "play", "slot": "furthest", "discards": [], "target": 1, "card": 20},
      {"player": 0, "move": "lock"}], {}, {}),
    ("take-row", [{"network": SIX_FOR_20}, {}], "D8",
     [{"player": 0, "move": "play", "slot": "furthest", "discards": [], "card": 20},
      {"player": 0, "move": "lock"}], {}, {"rows": {"supporter": [21, 20, 23]}}),
    ("draw-two", [{"network": SIX_FOR_20}, {}], "D16",
     [{"player": 0, "move": "play", "slot": "furthest", "discards": []},
      {"player": 0, "move": "lock"}], {}, {"decks": {"event": ["E10", "E12"]}}),
    ("swap-first", SWAPPERS, "D6", [SWAP, {"player": 0, "move": "lock"}], {}, {}),
    ("swap-second", SWAPPERS, "D6", [SWAP, {"player": 0, "move": "keep"}, {"player": 1, "move": "lock"}], {}, {}),
    ("swap-shared", SWAPPERS, "D6", [SWAP, {"player": 0, "move": "lock"}, {"player": 1, "move": "lock"}],
     {"simultaneous_seven": "shared"}, {}),
    # Player 1's off-turn win waits for their turn, which begins when the swap's action is over.
    ("swap-off-turn-own-turn", SWAPPERS, "D6", [SWAP, {"player": 0, "move": "keep"}, {"player": 1, "move": "lock"}],
     {"off_turn_win": "own_turn"}, {}),
]


@pytest.mark.parametrize("name,players,distraction,moves,rules,more", MID_ACTION_WINS,
                         ids=[case[0] for case in MID_ACTION_WINS])
def test_a_win_in_the_middle_of_an_action_keeps_every_card_in_one_place(name, players, distraction, moves, rules,
                                                                         more):
    from whitehouse_support import make_oracle

    from model.whitehouse.io import load_log

    rows = {**ROWS, "distraction": ["D20", "D21", distraction], **more.get("rows", {})}
    position = {"players": players, "rows": rows, "phase": "distraction", "decks": more.get("decks", {})}
    log = load_log("test", {"game": "whitehouse", "position": position, "rules": rules, "moves": moves}, make_oracle)
    engine, state = log.engine, log.start
    for seat, move in log.moves:
        assert not state.ended, "the win comes with the last move"
        state = engine.apply(state, move, seat)
        check_invariants(state, engine)
    assert state.ended == "seven"
    assert state.queue == ()
    assert state.decks[D][-1] == distraction, "the played Distraction reaches the bottom of its deck"
    assert all(card is not None for row in state.rows for card in row), "the row is refilled"
    if name.startswith("swap"):
        # The second card of the swap is delivered: S20 to player 1, S1 to player 0.
        assert owners(state)[20] == 1 and owners(state)[1] == 0
    if name == "draw-two":
        assert state.players[0].events == ("E12",), "the second card drawn enters the Active Hand"
