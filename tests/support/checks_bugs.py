"""Deliberately wrong rule variants, one per invariant, each written twice: in Python (patched
into the engine for the test) and as a Z3 encoding. The invariant it belongs to must report
Violated with a counterexample the patched engine reproduces.

A bug whose Python side alone changes is caught by the game's encoding check (``*-0``): the Z3
side still encodes the rule as written, so only the equality of the two can tell.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import z3

from checks.core import count
from checks.social import invariants as social
from checks.socks import invariants as socks
from model.social import engine as social_model
from model.socks import scoring as socks_scoring


@dataclass(frozen=True)
class Bug:
    """A wrong variant of one rule function."""

    #: What is wrong, in words.
    description: str
    #: The Z3 encodings to replace: {module name: {field: function}}.
    encodings: dict[str, dict[str, Callable]] = field(default_factory=dict)
    #: The Python side: (object, attribute, replacement), applied with monkeypatch.
    patches: tuple[tuple[Any, str, Any], ...] = ()
    #: Dictionary items to replace: (dict, key, value).
    items: tuple[tuple[dict, Any, Any], ...] = ()


def encodings_with(bug: Bug) -> dict[str, Any]:
    from checks.invariants import DEFAULT_ENCODINGS

    return {module: dataclasses.replace(DEFAULT_ENCODINGS[module], **fields)
            for module, fields in bug.encodings.items()}




# --- Socks ------------------------------------------------------------------------------------------


def _patched_score_hand(*, pairs_score=False, wild_twice=False, wild_star=False, wild_bonus=False):
    def score_hand(hand, chosen, rules):
        counts, stars = {}, {}
        for number, values in hand.sets:
            counts[number] = counts.get(number, 0) + len(values)
            stars[number] = stars.get(number, 0) + sum(values)
        picks = iter(chosen)
        placements = []
        for wild in hand.wilds:
            target = wild.set if wild.set is not None else next(picks)
            if target is not None:
                counts[target] = counts.get(target, 0) + (2 if wild_twice else 1)
                stars[target] = stars.get(target, 0) + (1 if wild_star else 0)
            placements.append(socks_scoring.WildPlacement(wild.id, target, wild.set is None, wild.face_down))
        sets = tuple(
            socks_scoring.SetScore(n, counts[n], stars[n], counts[n] >= 2 if pairs_score else counts[n] % 2 == 0)
            for n in sorted(counts) if counts[n] > 0)
        score = sum(s.stars for s in sets if s.scores) + (1 if wild_bonus and hand.wilds else 0)
        set_count = (sum(1 for s in sets if s.scores) if rules.tie_break_counts == "scoring_sets" else len(sets))
        return socks_scoring.PlayerScore(hand.name, score, set_count, sets, tuple(placements))
    return score_hand


def _sets_first_winners(players, rules):
    fewest = min(p.set_count for p in players)
    pool = [p for p in players if p.set_count == fewest]
    best = max(p.score for p in pool)
    still = [p for p in pool if p.score == best]
    if len(still) == 1:
        return [still[0].name], "score"
    return [p.name for p in still], "shared"


def _sets_first_z3(scores, set_counts, final_tie):
    """(Reports ``score`` for a single winner and ``shared`` otherwise, as its Python twin.)"""
    fewest = set_counts[0]
    for s in set_counts[1:]:
        fewest = z3.If(s < fewest, s, fewest)
    pool = [s == fewest for s in set_counts]
    best = z3.IntVal(-1)
    for in_pool, score in zip(pool, scores, strict=False):
        best = z3.If(z3.And(in_pool, score > best), score, best)
    wins = [z3.And(p, s == best) for p, s in zip(pool, scores, strict=False)]
    return wins, z3.If(count(wins) == 1, 0, 2)


def _nobody_in_final_tie(players, rules):
    winners, decided = _real_decide(players, rules)
    return ([], decided) if decided == "shared" else (winners, decided)


_real_decide = socks_scoring.decide_winners


def _nobody_in_final_tie_z3(scores, set_counts, final_tie):
    wins, decided = socks.z3_decide_winners(scores, set_counts, final_tie)
    return [z3.And(w, decided != 2) for w in wins], decided


# --- Social -----------------------------------------------------------------------------------------


def _author_always_z3(truth, votes):
    _, right = social.z3_quiz_rewards(truth, votes)
    return z3.BoolVal(True), right


def _author_always_do_vote(self, event, verdict):
    quiz = self.quiz
    quiz.votes[event.player] = event.vote
    if len(quiz.votes) < len(self.names):
        return
    truth = quiz.votes[quiz.author]
    right = [p for p in self.names if p != quiz.author and quiz.votes[p] == truth]
    quiz.rewards = {p: 1 for p in right + [quiz.author]}


def _returned_stay_z3(owner, where, profile_of, returned, players):
    out = []
    for p in range(players):
        shown = count(z3.And(w == social.PROFILE, q == p) for w, q in zip(where, profile_of, strict=False))
        held = count(z3.And(o == p, w != social.PROFILE) for o, w in zip(owner, where, strict=False))
        back = count(z3.And(o == p, r) for o, r in zip(owner, returned, strict=False))
        out.append(shown - held - back)
    return out


def _returned_stay_scores(self):
    returned = self.returned_likes()
    result = []
    for name in self.names:
        profile = tuple((p.card, p.face_up) for p in self.profile[name])
        mine = tuple(r for r in returned if r.player == name)
        hand = tuple(self.hand[name])
        pile = len(self.pile[name])
        score = len(profile) - len(hand) - pile - len(mine)
        result.append(social_model.PlayerScore(name, self.colour[name], profile, hand, pile, mine, score))
    return tuple(result)


def _own_allowed_z3(own, active, owner_passed, already, pass_closes, like_own):
    return social.z3_like_rule(z3.BoolVal(False), active, owner_passed, already, pass_closes, like_own)


_real_like_rule = social_model.like_rule


def _own_allowed(player, gallery, already_liked, rules):
    if gallery.owner == player:
        gallery = dataclasses.replace(gallery, owner="somebody else")
    return _real_like_rule(player, gallery, already_liked, rules)


def _own_corrected(player, gallery, already_liked, rules):
    verdict = _real_like_rule(player, gallery, already_liked, rules)
    if verdict is not None and verdict[0] == "like_own_gallery":
        return verdict[0], verdict[1], "corrected_at_scoring"
    return verdict


S, SO = (m.__name__ for m in (socks, social))

BUGS: dict[str, Bug] = {
    "SO-0": Bug("a hand with a Super Sock gets a bonus point (Python only)",
                patches=((socks_scoring, "score_hand", _patched_score_hand(wild_bonus=True)),)),
    "SO-1": Bug("every set of two or more Socks scores", {S: {"score": lambda c, s: z3.Sum(
                [z3.If(x >= 2, y, 0) for x, y in zip(c, s, strict=False)])}},
                ((socks_scoring, "score_hand", _patched_score_hand(pairs_score=True)),)),
    "SO-2": Bug("a Super Sock counts as two Socks", {S: {"set_counts": lambda p, w: [
                p[i] + 2 * count(x == i for x in w) for i in range(len(p))]}},
                ((socks_scoring, "score_hand", _patched_score_hand(wild_twice=True)),)),
    "SO-3": Bug("the fewest sets are looked at before the score", {S: {"decide_winners": _sets_first_z3}},
                ((socks_scoring, "decide_winners", _sets_first_winners),)),
    "SO-4": Bug("a Super Sock is worth a star", {S: {"set_stars": lambda s, w: [
                s[i] + count(x == i for x in w) for i in range(len(s))]}},
                ((socks_scoring, "score_hand", _patched_score_hand(wild_star=True)),)),
    "SO-5": Bug("a final tie has no winner even when shared", {S: {"decide_winners": _nobody_in_final_tie_z3}},
                ((socks_scoring, "decide_winners", _nobody_in_final_tie),)),
    "SN-0": Bug("a Like on one's own Gallery is corrected at scoring, not refused (Python only)",
                patches=((social_model, "like_rule", _own_corrected),)),
    "SN-1": Bug("the author always puts a card down", {SO: {"quiz_rewards": _author_always_z3}},
                ((social_model.Referee, "_do_vote", _author_always_do_vote),)),
    "SN-2": Bug("a returned Like still counts in the Profile", {SO: {"scores": _returned_stay_z3}},
                ((social_model.Referee, "scores", _returned_stay_scores),)),
    "SN-3": Bug("a Like on one's own Gallery is not looked for", {SO: {"like_rule": _own_allowed_z3}},
                ((social_model, "like_rule", _own_allowed),)),
}
