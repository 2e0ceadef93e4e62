"""Random Social Network games: legal for the referee, ended or dead, the same for a seed, and
played under the rules they are given."""

from __future__ import annotations

import dataclasses
import random

import pytest

from model.social.cards import LIKE, QUIZ, sample_decks
from model.social.engine import Referee, judge_game
from model.social.io import Event, GameSetup, RoundSetup, parse_game
from model.social.random_play import MAX_EVENTS, random_game
from model.social.rules import SocialRules

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def game_document(setup: GameSetup, rules: SocialRules) -> dict:
    """The game as the JSON log `verify social game` reads."""
    rounds = []
    for rnd in setup.rounds:
        doc = {"piles": {p.name: list(pile) for p, pile in zip(rnd.players, rnd.piles, strict=False)},
               "events": [e.json() for e in rnd.events]}
        if rnd.first is not None:
            doc["first"] = rnd.first
        rounds.append(doc)
    return {"players": [{"name": p.name, "colour": p.colour} for p in setup.players],
            "rules": dataclasses.asdict(rules), "rounds": rounds}


def play(seed: int, players: int = 3, rules: SocialRules = SocialRules()):
    return random_game(sample_decks(), rules, NAMES[:players], random.Random(seed))


def assert_dead_end(rnd: RoundSetup, rules: SocialRules) -> None:
    """A round that did not end stopped where nothing legal could change the table: no Quiz or
    Contest pending, no reward owed to a player with a card to put down, every card left a Like,
    and no Like may go anywhere."""
    referee = Referee(rnd, rules)
    for event in rnd.events:
        referee.apply(event)
    assert referee.end is None and len(rnd.events) < MAX_EVENTS
    assert referee.quiz is None
    for contest in referee.contests.values():
        assert contest.resolved
        owed = [p for p, n in contest.rewards.items() if n]
        assert not any(referee.hand[p] or referee.pile[p] for p in owed)
    for player in referee.names:
        left = referee.hand[player] + list(referee.pile[player])
        assert all(referee.cards[card].kind == LIKE for card in left), (player, left)
        for card in referee.hand[player]:
            for gallery in referee.gallery_owner:
                assert referee.violation(Event(player, "play", card=card, on=gallery)) is not None


@pytest.mark.parametrize("rules", [
    SocialRules(),
    SocialRules(contest_originator_wins="two_cards", contest_no_winner="originator"),
    SocialRules(draw_up_to_five="required", reward_closes_gallery=True,
                reward_can_end_round=False),
    SocialRules(rounds="one_per_player", like_own_gallery="returned_at_scoring",
                like_during_halt="returned_at_scoring"),
], ids=["literal", "contest_rewards", "draw_required", "lenient"])
def test_random_games_are_legal_logs_that_end_or_die(rules: SocialRules) -> None:
    dead = 0
    for seed in range(6):
        setup, result = play(seed, rules=rules)
        # Judged again from its JSON log: the document is valid and every event legal.
        parsed, parsed_rules = parse_game("random", game_document(setup, rules))
        assert parsed_rules == rules
        again = judge_game(parsed, rules)
        assert again == result
        assert all(r.violations == () for r in again.rounds)
        assert len(result.rounds) == rules.round_count(3)
        for rnd, verdict in zip(setup.rounds, result.rounds, strict=False):
            if verdict.end is None:
                assert_dead_end(rnd, rules)
                dead += 1
    # These seeds reach dead ends too (as about one round in eight does with the sample decks).
    assert dead > 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_other_table_sizes_play_legal_games(players: int) -> None:
    rules = SocialRules(two_player_quiz="removed", duel_originator_reward=True)
    for seed in range(3):
        setup, result = play(seed, players, rules)
        assert judge_game(*parse_game("random", game_document(setup, rules))) == result
        assert all(r.violations == () for r in result.rounds)
        if players == 2:
            assert all(r.end is not None for r in result.rounds)
            cards = [c for rnd in setup.rounds for pile in rnd.piles for c in pile]
            kinds = {card.id: card.kind for p in setup.players
                     for card in sample_decks().colour_cards(p.colour)}
            assert cards and all(kinds[c] != QUIZ for c in cards)


def test_a_seed_gives_one_game() -> None:
    assert play(11) == play(11)
    assert play(11) != play(12)


def test_the_rules_given_are_the_rules_played() -> None:
    """Only when the originator may win a Contest does a random game ever name him winner."""
    def originator_wins(rules: SocialRules) -> int:
        count = 0
        for seed in range(4):
            setup, _ = play(seed, rules=rules)
            for rnd in setup.rounds:
                started = {e.card: e.player for e in rnd.events if e.action == "play"}
                count += sum(1 for e in rnd.events
                             if e.action == "resolve" and e.winner == started[e.about])
        return count

    assert originator_wins(SocialRules()) == 0
    assert originator_wins(SocialRules(contest_originator_wins="one_card")) > 0
