"""Social Network designer questions: can a round end with every score negative?

SN-Q1 searches round logs breadth first from the deal, through the referee's own ``violation``
and ``apply``, for a round that ends with every score below 0; its witness is a round log (the
document ``verify social round`` reads), replayed through ``judge_round``. SN-Q2 asks the same of
the base game (3 or more players), where a round ends only when a player has played all of his
cards: Z3 runs the referee's own ``round_scores`` on that player's cards and proves his score
cannot be negative.
"""

from __future__ import annotations

from collections import deque
from dataclasses import fields
from typing import Any

import z3

from checks.questions import Asked, No, NoneFound, Question, Witness, Yes
from checks.social.explore import log_drawing
from checks.z3ops import Z3
from model.social import engine as social
from model.social.cards import LIKE, QUIZ, TWO_PLAYER_REMOVED_LIKES, VOTE, sample_decks
from model.social.io import parse_round
from model.social.rules import REFUSED, SocialRules
from model.social.state import Event

GAME = "social"
NAMES = ("Ana", "Bo", "Cy")
COLOURS = ("red", "blue", "green")
#: How many events SN-Q1 looks ahead from the deal.
DEPTH = 3


def deal(players: int, rules: SocialRules) -> dict[str, Any]:
    """A round document under ``rules`` (named in its ``rules`` key when not the defaults):
    each player's action cards in the sample decks' order (2-player: the last 5 Likes, and the
    Quizzes under ``two_player_quiz=removed``, out of the game)."""
    piles: dict[str, list[str]] = {}
    for name, colour in zip(NAMES[:players], COLOURS, strict=False):
        cards = [c for c in sample_decks().colour_cards(colour) if c.kind != VOTE]
        if players == 2:
            likes = [c.id for c in cards if c.kind == LIKE][-TWO_PLAYER_REMOVED_LIKES:]
            cards = [c for c in cards if c.id not in likes
                     and not (rules.two_player_quiz == "removed" and c.kind == QUIZ)]
        piles[name] = [c.id for c in cards]
    chosen = {f.name: getattr(rules, f.name) for f in fields(rules)
              if getattr(rules, f.name) != getattr(SocialRules(), f.name)}
    return {"players": [{"name": n, "colour": c} for n, c in zip(NAMES[:players], COLOURS, strict=False)],
            "piles": piles, "events": [], "rules": chosen}


def _events(referee: social.Referee) -> list[Event]:
    """Every event of the table as it stands: each card in hand played (a Like on every face-up
    Gallery), a draw up to 5, a cycle of each card, every resolve and reward, both votes,
    Start!, a pass."""
    out: list[Event] = []
    for name in referee.names:
        hand = referee.hand[name]
        for card in hand:
            targets = list(referee.gallery_owner) if referee.cards[card].kind == LIKE else [None]
            out += [Event(name, "play", card=card, on=on) for on in targets]
            out.append(Event(name, "cycle", cards=(card,)))
        out.append(Event(name, "draw"))
        for contest in referee.contests:
            out += [Event(name, "resolve", about=contest, winner=w) for w in (None, *referee.names)]
        for about in [*referee.contests, *([referee.quiz.card] if referee.quiz else [])]:
            out.append(Event(name, "reward", about=about, from_pile=True))
            out += [Event(name, "reward", about=about, card=card) for card in hand]
        out += [Event(name, "vote", vote=True), Event(name, "vote", vote=False),
                Event(name, "start"), Event(name, "pass")]
    return out


def _all_negative(asked: Asked) -> Yes | No | NoneFound:
    rules: SocialRules = asked.rules
    document = deal(2, rules)
    setup, _ = parse_round("deal", document)
    queue: deque[tuple[tuple[Event, ...]]] = deque([((),)])
    tried = 0
    while queue:
        (log,) = queue.popleft()
        asked.left()
        referee = social.Referee(setup, rules)
        for event in log:
            referee.apply(event)
        if len(log) == DEPTH:
            continue
        for event in _events(referee):
            verdict = referee.violation(event)
            if verdict is not None and verdict.remedy == REFUSED:
                continue
            tried += 1
            after = social.Referee(setup, rules)
            for earlier in (*log, event):
                after.apply(earlier)
            if after.end is not None and all(s.score < 0 for s in after.scores()):
                return Yes(_witness(rules, document, (*log, event)))
            if after.end is None:
                queue.append(((*log, event),))
    return NoneFound(f"every log of up to {DEPTH} events of a 2-player round from the deal "
                     f"({tried} events the referee accepts)")


def _witness(rules: SocialRules, document: dict[str, Any], log: tuple[Event, ...]) -> Witness:
    found = {**document, "events": [e.json() for e in log]}
    setup, _ = parse_round("witness", found)
    result = social.judge_round(setup, rules)
    scores = {s.name: s.score for s in result.players}
    shown = ", ".join(f"{n} {v}" for n, v in scores.items())
    end = result.end
    return Witness(
        {"round": found, "scores": scores},
        "2-player round dealt in the sample decks' order, then:\n" + log_drawing(log),
        f"judge_round: the round ends ({end.reason if end else 'it does not end'}) with scores "
        f"{shown}; {len(result.violations)} illegal events",
        end is not None and not result.violations and all(v < 0 for v in scores.values()),
    )


def _base_game_ender(asked: Asked) -> Yes | No | NoneFound:
    """The player who ends a base round holds no card: each of his action cards lies in his own
    Profile or, a Like, in any Profile, counted or given back. Z3 proves, on ``round_scores``
    itself, that his score is at least (non-Like cards) - (Like cards), whatever the other
    players' cards do."""
    decks = sample_decks()
    likes = decks.count(LIKE)
    others = sum(count for kind, count in decks.composition if kind != LIKE)
    players, extra = 3, 6
    owner: list[Any] = []
    where: list[Any] = []
    profile_of: list[Any] = []
    returned: list[Any] = []
    facts = []
    for _ in range(others):  # the ender's (seat 0) non-Like cards: in his own Profile
        owner.append(z3.IntVal(0))
        where.append(z3.IntVal(social.AT_PROFILE))
        profile_of.append(z3.IntVal(0))
        returned.append(z3.BoolVal(False))
    for c in range(likes + extra):  # his Likes, then cards of the others, anywhere they may be
        o, w, q, r = z3.Int(f"o{c}"), z3.Int(f"w{c}"), z3.Int(f"q{c}"), z3.Bool(f"r{c}")
        owner.append(o)
        where.append(w)
        profile_of.append(q)
        returned.append(r)
        facts += [q >= 0, q < players, z3.Implies(r, w == social.AT_PROFILE)]
        if c < likes:
            facts += [o == 0, w == social.AT_PROFILE]
        else:
            facts += [o >= 1, o < players, z3.Or(w == social.AT_HAND, w == social.AT_PILE, w == social.AT_PROFILE),
                      z3.Implies(w != social.AT_PROFILE, q == o)]
    ender = social.round_scores(players, owner, where, profile_of, returned, Z3)[0]
    bound = others - likes
    asked.left()
    solver = z3.Solver()
    solver.set("timeout", max(1, int(asked.left() * 1000)))
    solver.add(*facts, ender < bound)
    answer = solver.check()
    if answer != z3.unsat or bound < 0:
        return NoneFound(f"Z3 found no proof that the ender scores at least {bound} ({answer})")
    return No(
        f"with the sample decks ({others} non-Like and {likes} Like cards a colour), the player "
        f"who ends a base round has no card in hand or pile, so each of his cards lies in his own "
        f"Profile (+1) or, a Like, in some Profile (0 counted, -1 given back); Z3 proves on "
        f"round_scores itself (3 players, his 23 cards and {extra} of the others' cards anywhere) "
        f"that he scores at least {others} - {likes} = {bound}, so he is never negative. Premises, "
        "from the referee's moves and checked on every reachable state by SN-4 and SN-5: only a "
        "Like lies in another player's Profile, and the round ends by a player out of cards only "
        "when his hand and pile are both empty."
    )


_SCORING = ("Each player receives 1 point for each card (both his own and those of opponents) in his "
            "Profile and loses 1 point for each card left in his hand and draw pile.")

QUESTIONS: tuple[Question, ...] = (
    Question(
        "SN-Q1", GAME, "Can a Social Network round end with every score negative?",
        _SCORING + " A round ends as soon as any player is out of cards or both players choose to "
        "pass one after the other.",
        f"breadth-first search of every log of up to {DEPTH} events the referee accepts, from a "
        "2-player deal in the sample decks' order; the witness replayed through judge_round",
        _all_negative,
    ),
    Question(
        "SN-Q2", GAME, "Can a round of 3 or more players (no passing) end with every score negative?",
        "As soon as a player has played all of his cards the round immediately ends and scoring "
        "begins. " + _SCORING,
        "Z3 on round_scores: the score of the player who ends the round, his cards in Profiles only "
        "(sample decks)",
        _base_game_ender,
    ),
)
