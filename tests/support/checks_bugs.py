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
from model.social import engine as social_model


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


SO = social.__name__

BUGS: dict[str, Bug] = {
    "SN-0": Bug("a Like on one's own Gallery is corrected at scoring, not refused (Python only)",
                patches=((social_model, "like_rule", _own_corrected),)),
    "SN-1": Bug("the author always puts a card down", {SO: {"quiz_rewards": _author_always_z3}},
                ((social_model.Referee, "_do_vote", _author_always_do_vote),)),
    "SN-2": Bug("a returned Like still counts in the Profile", {SO: {"scores": _returned_stay_z3}},
                ((social_model.Referee, "scores", _returned_stay_scores),)),
    "SN-3": Bug("a Like on one's own Gallery is not looked for", {SO: {"like_rule": _own_allowed_z3}},
                ((social_model, "like_rule", _own_allowed),)),
}
