"""Social Network from files: read a document, judge it (one call per command)."""

from __future__ import annotations

from model.common.jsonio import load_json, source_name
from model.social.engine import GameResult, LikeAnswer, RoundResult, judge_game, judge_like, judge_round
from model.social.rules import SocialRules
from model.social.schema import parse_game, parse_like, parse_round


def judge_round_file(path: str, flags: dict[str, str]) -> tuple[RoundResult, SocialRules]:
    """Replay and score the round log in ``path`` (``-``: standard input)."""
    setup, rules = parse_round(source_name(path), load_json(path), flags)
    return judge_round(setup, rules), rules


def judge_game_file(path: str, flags: dict[str, str]) -> tuple[GameResult, SocialRules]:
    """Replay every round of the game log in ``path`` and name the winner."""
    setup, rules = parse_game(source_name(path), load_json(path), flags)
    return judge_game(setup, rules), rules


def judge_like_file(path: str, flags: dict[str, str]) -> tuple[LikeAnswer, SocialRules]:
    """Answer "was that Like legal?" for the moment described in ``path``."""
    moment, rules = parse_like(source_name(path), load_json(path), flags)
    return judge_like(moment, rules), rules
