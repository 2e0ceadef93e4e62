"""Social Network properties: random legal logs, injected illegal events, invariants per event."""

from __future__ import annotations

import copy
import random

from budget import examples
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from social_logs import Scenario, injections, random_log

from model.social.engine import Referee, judge_round
from model.social.io import Event, parse_round

HALT_ACTIONS = {"vote", "start", "resolve", "reward"}


def check_invariants(referee: Referee) -> None:
    """Each card in exactly one place; scores are Profile minus hand, pile and returned Likes."""
    for card, places in referee.locations().items():
        assert len(places) == 1, f"{card} is in {places}"
    returned = referee.returned_likes()
    back = {r.card for r in returned}
    for score in referee.scores():
        name = score.name
        in_profile = [p.card for p in referee.profile[name] if p.card not in back]
        mine = sum(1 for r in returned if r.player == name)
        expected = len(in_profile) - len(referee.hand[name]) - len(referee.pile[name]) - mine
        assert score.score == expected


def table_state(referee: Referee) -> tuple:
    return (
        {n: list(h) for n, h in referee.hand.items()},
        {n: list(p) for n, p in referee.pile.items()},
        {n: [(p.card, p.face_up, p.on) for p in prof] for n, prof in referee.profile.items()},
    )


def replay_checking(log: dict) -> Referee:
    setup, rules = parse_round("generated", log)
    referee = Referee(setup, rules)
    check_invariants(referee)
    for event in setup.events:
        halted = referee.halted()
        before = table_state(referee)
        verdict = referee.apply(event)
        if verdict is not None and verdict.remedy == "refused":
            assert table_state(referee) == before, "a refused event changed the table"
        if halted and table_state(referee) != before:
            assert event.action in HALT_ACTIONS, f"{event.action} changed the table in a halt"
        check_invariants(referee)
    return referee


@examples(0.75)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_random_legal_logs_are_judged_legal_with_invariants_after_every_event(
    seed: int, players: int
) -> None:
    log, _ = random_log(seed, players)
    referee = replay_checking(log)
    assert referee.violations == []


@examples(0.75)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6))
def test_one_injected_illegal_event_is_found_with_its_rule(seed: int, players: int) -> None:
    log, snapshots = random_log(seed, players)
    at, event, rule = injections(log, snapshots, random.Random(seed))
    broken = copy.deepcopy(log)
    broken["events"].insert(at, event)
    setup, rules = parse_round("injected", broken)
    found = [(v.index, v.rule) for v in judge_round(setup, rules).violations]
    assert found == [(at, rule)]


def test_a_quiz_played_as_the_last_card_ends_the_round_at_once() -> None:
    for seed in range(200):
        log, _ = random_log(seed, 3)
        last = log["events"][-1]
        if last["action"] == "play" and "quiz" in last["card"]:
            referee = replay_checking(log)
            assert referee.end is not None and referee.end.index == len(log["events"]) - 1
            return
    raise AssertionError("no generated round ends on a Quiz")


class RefereeMachine(RuleBasedStateMachine):
    """Throws plausible events, legal or not, at a referee; the table stays consistent."""

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 1000))
    def setup(self, players: int, seed: int) -> None:
        scenario = Scenario(players)
        rng = random.Random(seed)
        for name in scenario.names:
            rng.shuffle(scenario.piles[name])
        setup, rules = parse_round("machine", scenario.log())
        self.referee = Referee(setup, rules)
        self.names = scenario.names

    def _cards(self, player: str) -> list[str]:
        return sorted(self.referee.hand[player]) + sorted(self.referee.pile[player])[:2]

    def _apply(self, event: Event) -> None:
        halted = self.referee.halted()
        before = table_state(self.referee)
        verdict = self.referee.apply(event)
        if verdict is not None and verdict.remedy == "refused":
            assert table_state(self.referee) == before
        if halted and table_state(self.referee) != before:
            assert event.action in HALT_ACTIONS

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from(self.names))
        card = data.draw(st.sampled_from(self._cards(player)))
        on = None
        if self.referee.cards[card].kind == "like":
            galleries = sorted(self.referee.gallery_owner) or [card]
            on = data.draw(st.sampled_from(galleries))
        self._apply(Event(player, "play", card=card, on=on))

    @rule(data=st.data())
    def draw_or_cycle(self, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from(self.names))
        if data.draw(st.booleans()) or not self.referee.hand[player]:
            self._apply(Event(player, "draw", count=data.draw(st.none() | st.integers(1, 5))))
        else:
            cards = data.draw(st.lists(st.sampled_from(self._cards(player)), min_size=1,
                                       max_size=3, unique=True))
            self._apply(Event(player, "cycle", cards=tuple(cards)))

    @rule(data=st.data())
    def resolve_or_reward(self, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from(self.names))
        played = sorted(self.referee.contests) + (
            [self.referee.quiz.card] if self.referee.quiz else [])
        if not played:
            return
        about = data.draw(st.sampled_from(played))
        if data.draw(st.booleans()):
            winner = data.draw(st.none() | st.sampled_from(self.names))
            self._apply(Event(player, "resolve", about=about, winner=winner))
        else:
            from_pile = data.draw(st.booleans())
            card = None if from_pile else data.draw(st.sampled_from(self._cards(player)))
            self._apply(Event(player, "reward", card=card, about=about, from_pile=from_pile))

    @rule(data=st.data())
    def quiz_talk(self, data: st.DataObject) -> None:
        player = data.draw(st.sampled_from(self.names))
        action = data.draw(st.sampled_from(["vote", "start", "pass"]))
        self._apply(Event(player, action, vote=data.draw(st.booleans()) if action == "vote"
                          else None))

    @invariant()
    def consistent(self) -> None:
        check_invariants(self.referee)


TestRefereeMachine = RefereeMachine.TestCase
TestRefereeMachine.settings = examples(0.625, stateful_step_count=40, deadline=None)
