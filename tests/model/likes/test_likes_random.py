"""Random Likes and Lies games: legal round by round, ended within the limit, the same for a seed,
and played under the rules they are given."""

from __future__ import annotations

import random

import pytest

from model.likes.check import check_round
from model.likes.engine import replay_game
from model.likes.io import game_file_from, sample_catalogue
from model.likes.random_play import random_game, round_limit
from model.likes.rules import LikesRules

CATALOGUE = sample_catalogue()
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
RULES = [
    LikesRules(),
    LikesRules(streak_after_third="restart", likes_exchange="end_of_round", intent_in_tie="others",
               several_reach_viral="furthest", viral_fall_back="must_stand"),
    LikesRules(streak_after_third="third_only", exchange_step_lands=False, intent_in_tie="everyone",
               printed_steps=False, intent_source="draw_top", spent_intents="reshuffle"),
    LikesRules(event_cards_discarded=True, spent_intents="furthest_wins", start_floor="round_net"),
]


def play(seed: int, rules: LikesRules = LikesRules(), players: int = 3):
    return random_game(CATALOGUE, rules, NAMES[:players], random.Random(seed))


def game_document(start, rounds, rules: LikesRules) -> dict:
    """The game as the JSON document `verify likes game` reads."""
    return {
        "rules": {name: getattr(rules, name) for name in rules.__dataclass_fields__},
        "players": [{"name": p.name, "intent_deck": list(p.intent_deck)} for p in start],
        "rounds": [{
            "caption": rnd.caption,
            "plays": [{"player": p.player, "content": p.content, "intent": p.intent}
                      for p in rnd.plays],
            "votes": [{"voter": v.voter, "card": v.card} for v in rnd.votes],
            "reports": [{"by": r.by, "target": r.target} for r in rnd.reports],
            "events": [{"player": d.player, "card": d.card} for d in rnd.draws],
        } for rnd in rounds],
    }


@pytest.mark.parametrize("rules", RULES, ids=["literal", "variant-a", "variant-b", "variant-c"])
def test_random_games_are_legal_and_end(rules: LikesRules) -> None:
    for seed in range(30):
        start, rounds, result = play(seed, rules, 3 + seed % 3)
        # The log read back as a document replays to the same verdict, every round legal.
        read_rules, players, read_rounds = game_file_from("random", game_document(start, rounds, rules),
                                                          CATALOGUE)
        assert read_rules == rules and players == start
        assert replay_game(CATALOGUE, players, read_rounds, rules) == result
        assert result.status != "illegal" and len(result.rounds) == len(rounds)
        assert 0 < len(rounds) <= round_limit(len(start))
        if rules.start_floor == "each_move":
            before = start
            for rnd, resolved in zip(rounds, result.rounds, strict=False):
                assert check_round(CATALOGUE, before, rnd, resolved, rules) == []
                before = resolved.players
        # The game stops at its end, and only there.
        assert not any(r.winners for r in result.rounds[:-1])
        if result.status == "won":
            assert result.winners and result.decided_in == len(rounds)
        elif result.status == "no_winner":
            assert all(not p.intent_deck for p in result.players)
        elif len(rounds) < round_limit(len(start)):
            # Stopped early: an Event card was due and every one had been drawn (all but the
            # ones drawn earlier in the round that could not be finished).
            assert result.status == "unfinished" and rules.event_cards_discarded
            drawn = {card for r in result.rounds for card in r.events_drawn}
            assert len(drawn) >= len(CATALOGUE.events) - (len(start) - 1)


def test_a_seed_gives_one_game() -> None:
    assert play(5) == play(5)
    assert play(5) != play(6)


def test_the_rules_given_are_the_rules_played() -> None:
    """Drawn from the top, the Intent cards come out in deck order; chosen, they need not. With
    Event cards discarded, none comes up twice in a game; otherwise some do."""
    def in_deck_order(rules: LikesRules) -> bool:
        for seed in range(5):
            start, rounds, _ = play(seed, rules)
            for seat, player in enumerate(start):
                played = tuple(rnd.plays[seat].intent for rnd in rounds)
                if played != player.intent_deck[:len(played)]:
                    return False
        return True

    def repeated_events(rules: LikesRules) -> int:
        count = 0
        for seed in range(10):
            drawn = [card for r in play(seed, rules)[2].rounds for card in r.events_drawn]
            count += len(drawn) - len(set(drawn))
        return count

    assert in_deck_order(LikesRules(intent_source="draw_top"))
    assert not in_deck_order(LikesRules())
    assert repeated_events(LikesRules(event_cards_discarded=True)) == 0
    assert repeated_events(LikesRules()) > 0


def test_the_box_bounds_a_reshuffled_game() -> None:
    assert round_limit(3) == 25 and round_limit(5) == 15
    with pytest.raises(ValueError):
        play(0, players=2)
