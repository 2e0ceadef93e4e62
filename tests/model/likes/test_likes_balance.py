"""Likes and Lies games of the balance report: the greedy player puts down the Intent card that
moves him furthest and never reports, every line of a round's resolution is counted under its
rule, and each game is decided by Viral (with the option's tie-break) or by the spent Intent
decks."""

from __future__ import annotations

import random
from dataclasses import replace

from model.likes import rules as likes_rules
from model.likes.balance import GREEDY, deciding, play_balance
from model.likes.cards import Catalogue
from model.likes.io import sample_catalogue
from model.likes.random_play import random_game
from model.likes.rules import LikesRules

NAMES = ("P1", "P2", "P3", "P4")


def unreported_steps(catalogue: Catalogue, card_id: str, rules: LikesRules) -> int:
    card = catalogue.intent(card_id)
    moved = likes_rules.intent_steps(card.kind, False, card.if_not_reported, card.if_reported,
                                     card.influencer_if_reported, rules.printed_steps)
    return int(moved.poster)


def test_the_greedy_player_puts_down_the_intent_that_moves_him_furthest_and_never_reports() -> None:
    catalogue, rules = sample_catalogue(), LikesRules()
    for seed in range(3):
        _, rounds, result = random_game(catalogue, rules, NAMES, random.Random(seed), GREEDY)
        assert result.status == "won"
        # Each deck holds every Intent card at the start, then what the rounds left of it.
        decks = {name: catalogue.intent_ids() for name in NAMES}
        for rnd, resolved in zip(rounds, result.rounds, strict=True):
            assert all(report.target is None for report in rnd.reports)
            for play in rnd.plays:
                best = max(unreported_steps(catalogue, card, rules) for card in decks[play.player])
                assert unreported_steps(catalogue, play.intent, rules) == best, (seed, rnd.caption, play)
            decks = {p.name: p.intent_deck for p in resolved.players}
        assert all(step.rule != "report" for r in result.rounds for step in r.steps)


def test_the_greedy_player_plays_other_games_than_the_random_one() -> None:
    rules = LikesRules()
    greedy = [play_balance(seed, 4, rules, {}, "greedy") for seed in range(4)]
    random_ = [play_balance(seed, 4, rules, {}, "random") for seed in range(4)]
    assert [g.fired for g in greedy] != [g.fired for g in random_]
    # Misinformation moves him furthest unreported, and nobody reports in his games.
    assert sum(g.fired.get("misinformation", 0) for g in greedy) > sum(g.fired.get("misinformation", 0)
                                                                        for g in random_)
    assert all("report" not in g.fired for g in greedy)


def test_every_line_of_a_resolution_fires_its_rule() -> None:
    rules = LikesRules()
    for seed in range(3):
        game = play_balance(seed, 4, rules, {}, "random")
        _, _, result = random_game(sample_catalogue(), rules, NAMES, random.Random(seed))
        lines: dict[str, int] = {}
        for resolved in result.rounds:
            for step in resolved.steps:
                lines[step.rule] = lines.get(step.rule, 0) + 1
        for rule, times in lines.items():
            assert game.fired[rule] == times + (1 if rule == "viral" else 0), (seed, rule)
        assert {"influencer", "misinformation", "true_information", "likes"} <= set(game.fired)


def test_viral_decides_and_the_several_reach_viral_option_is_its_tie_break() -> None:
    rules = LikesRules(several_reach_viral="first_to_reach")
    seen = set()
    for seed in range(10):
        game = play_balance(seed, 4, rules, {}, "random")
        _, _, result = random_game(sample_catalogue(), rules, NAMES, random.Random(seed))
        assert result.status == "won" and game.decided[0] == "viral"
        tie_break = result.rounds[-1].tie_break
        assert game.decided[1:] == (("tie-break (first_to_reach)",) if tie_break else ())
        seen.add(tie_break)
    assert seen == {False, True}


def test_spent_intent_decks_decide_a_game_the_furthest_pawns_win() -> None:
    # Viral out of reach: every game runs until the Intent decks are spent, and under
    # furthest_wins the furthest pawns win it, with nobody on Viral.
    far = sample_catalogue()
    far = replace(far, board=replace(far.board, spaces_to_viral=500))
    for spent in ("furthest_wins", "game_ends"):
        rules = LikesRules(spent_intents=spent)
        _, _, result = random_game(far, rules, NAMES, random.Random(0))
        assert result.status == ("won" if spent == "furthest_wins" else "no_winner")
        assert deciding(result, rules) == ("intents_spent",)
