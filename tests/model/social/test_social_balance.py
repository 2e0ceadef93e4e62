"""Social Network games of the balance report: the greedy player makes the event that scores
him the most points, the refusals counted are the referee's verdicts on what random play
considers, and a level total is decided by the tie-break."""

from __future__ import annotations

import random
from collections import Counter

from model.common.balance import RuleCounts
from model.social.balance import GREEDY, RULEBOOK, considered, count_refusals, play_balance, points
from model.social.cards import sample_decks
from model.social.engine import Referee
from model.social.random_play import random_game
from model.social.rules import SocialRules

NAMES = ("P1", "P2", "P3")


def test_the_greedy_player_makes_the_event_that_scores_him_the_most_points() -> None:
    rules = SocialRules()
    for seed in range(2):
        setup, result = random_game(sample_decks(), rules, NAMES, random.Random(seed), GREEDY)
        assert all(not r.violations for r in result.rounds)
        for played in setup.rounds:
            referee = Referee(played, rules)
            for event in played.events:
                legal, _ = considered(referee, event.player)
                assert points(referee, event) == max(points(referee, e) for e in legal), (seed, event)
                referee.apply(event)


def test_the_greedy_players_refusals_counted_as_he_plays_are_those_of_what_he_considered() -> None:
    # Counted as the play loop builds his legal events, they are what a replay of his logs
    # counts (``considered`` before each of his events).
    rules = SocialRules()
    for seed in range(2):
        setup, _ = random_game(sample_decks(), rules, NAMES, random.Random(seed), GREEDY)
        replayed = RuleCounts()
        count_refusals(setup, rules, replayed)
        assert sum(replayed.counts.values()) > 0
        assert play_balance(seed, 3, rules, {}, "greedy").refused == dict(replayed.counts)


def test_the_greedy_player_plays_other_games_than_the_random_one() -> None:
    rules = SocialRules()
    greedy = [play_balance(seed, 3, rules, {}, "greedy") for seed in range(2)]
    random_ = [play_balance(seed, 3, rules, {}, "random") for seed in range(2)]
    # He plays a card whenever one scores, so he draws far less often.
    assert sum(g.fired["draw_up_to_five"] for g in greedy) < sum(g.fired["draw_up_to_five"] for g in random_) / 2


def test_random_play_chooses_among_what_its_player_considered() -> None:
    # Every event of random_game's logs is one ``considered`` finds legal (a cycle, whose cards
    # random play picks at random among the same stuck cards, by its kind).
    rules = SocialRules()
    setup, _ = random_game(sample_decks(), rules, NAMES, random.Random(0))
    for played in setup.rounds:
        referee = Referee(played, rules)
        for event in played.events:
            legal, refused = considered(referee, event.player)
            if event.action == "cycle":
                assert any(e.action == "cycle" and set(event.cards) <= set(e.cards) for e in legal)
            else:
                assert event in legal
            assert set(refused) <= set(RULEBOOK)
            referee.apply(event)


def test_the_refusals_are_the_referees_verdicts_on_the_events_considered() -> None:
    rules = SocialRules()
    game = play_balance(0, 3, rules, {}, "random")
    setup, _ = random_game(sample_decks(), rules, NAMES, random.Random(0))
    expected: Counter[str] = Counter()
    for played in setup.rounds:
        referee = Referee(played, rules)
        for event in played.events:
            hand = referee.hand[event.player]
            galleries = [g for g in referee.active.values() if g is not None]
            # A Like on one's own active Gallery is considered and refused, as is a second Like
            # of his on a Gallery (left in place, it would go back at scoring).
            own = referee.active[event.player]
            likes = [c for c in hand if referee.cards[c].kind == "like"]
            if not referee.halted() and own is not None and likes:
                expected["like_own_gallery"] += len(likes)
            for gallery in galleries:
                if any(r.player == event.player for r in referee.likes[gallery]) and not referee.halted():
                    expected["like_once_per_gallery"] += len(likes)
            referee.apply(event)
    assert game.refused["like_own_gallery"] == expected["like_own_gallery"] > 0
    assert game.refused["like_once_per_gallery"] == expected["like_once_per_gallery"] > 0
    assert game.refused["quiz_halt"] > 0 and set(game.refused) <= set(RULEBOOK)


def test_a_level_total_is_decided_by_the_tie_break() -> None:
    rules = SocialRules()
    found = set()
    for seed in range(11):
        game = play_balance(seed, 3, rules, {}, "random")
        _, result = random_game(sample_decks(), rules, NAMES, random.Random(seed))
        expected = () if result.decided_by == "score" else (f"tie-break ({result.decided_by})",)
        assert game.decided == expected, seed
        found.add(result.decided_by)
    assert "best_round" in found
