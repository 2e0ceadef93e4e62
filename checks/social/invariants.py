"""Social Network invariants: the Quiz cases, the score identity, and the Like rule.

The Z3 encodings mirror ``model.social.engine``: the Quiz rewards of ``Referee._do_vote`` (the author's
vote is the truth; (a) all others right: they put a card down, not the author; (b) some right:
they and the author; (c) none right: only the author), ``Referee.scores`` (+1 a card in one's
Profile, returned Likes excluded; -1 a card in hand or draw pile; -1 a Like of one's own given
back) and ``like_rule`` (never on one's own Gallery, only on an active one, once per Gallery).
Counterexamples are replayed through a ``Referee`` built from a round log (the Quiz), a
``Referee`` whose table is set to the decoded cards (the scores), and ``like_rule``.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from checks.core import (
    Context,
    Invariant,
    agreement_counterexample,
    count,
    exactly_one,
    first_difference,
    read,
)
from checks.result import Counterexample
from model.social import engine as social
from model.social.cards import TWO_PLAYER_REMOVED_LIKES, sample_decks
from model.social.schema import parse_round
from model.social.state import GalleryView

GAME = "social"
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
COLOURS = ("red", "blue", "green", "yellow", "purple")
MAX_QUIZ_PLAYERS = 5
SCORE_PLAYERS, SCORE_CARDS = 3, 4
HAND, PILE, PROFILE = 0, 1, 2
RULE_CODES: tuple[str | None, ...] = (None, "like_own_gallery", "like_closed_gallery", "like_once_per_gallery")


def z3_quiz_rewards(truth: Any, votes: Sequence[Any]) -> tuple[Any, list[Any]]:
    """``_do_vote`` once every vote is in: (the author puts a card down, each other player
    does). The author is rewarded unless everyone else guessed right."""
    right = [v == truth for v in votes]
    everyone = z3.And(right) if right else z3.BoolVal(True)
    return z3.Not(everyone), right


def z3_scores(owner: Sequence[Any], where: Sequence[Any], profile_of: Sequence[Any],
              returned: Sequence[Any], players: int) -> list[Any]:
    """``Referee.scores``: each player's points from where every card lies."""
    out = []
    for p in range(players):
        shown = count(z3.And(w == PROFILE, q == p, z3.Not(r))
                      for w, q, r in zip(where, profile_of, returned, strict=False))
        held = count(z3.And(o == p, w != PROFILE) for o, w in zip(owner, where, strict=False))
        given_back = count(z3.And(o == p, r) for o, r in zip(owner, returned, strict=False))
        out.append(shown - held - given_back)
    return out


def z3_like_rule(own: Any, active: Any, owner_passed: Any, already: Any, pass_closes: bool,
                 like_own: str) -> tuple[Any, Any]:
    """``like_rule``: (the rule broken as an index into RULE_CODES, 0 = legal; the remedy,
    True = refused)."""
    closed = z3.Or(z3.Not(active), z3.And(owner_passed, z3.BoolVal(pass_closes)))
    rule = z3.If(own, 1, z3.If(closed, 2, z3.If(already, 3, 0)))
    refused = z3.And(own, z3.BoolVal(like_own == "refused"))
    return rule, refused


@dataclass(frozen=True)
class SocialEncoding:
    """The Z3 encodings of the Social Network rule functions (replaceable one by one)."""

    quiz_rewards: Callable[[Any, Sequence[Any]], tuple[Any, list[Any]]] = z3_quiz_rewards
    scores: Callable[[Sequence[Any], Sequence[Any], Sequence[Any], Sequence[Any], int], list[Any]] = z3_scores
    like_rule: Callable[[Any, Any, Any, Any, bool, str], tuple[Any, Any]] = z3_like_rule


# --- replaying a Quiz through the referee -----------------------------------------------------


def _pile(colour: str, players: int, first: str | None = None) -> list[str]:

    cards = [c.id for c in sample_decks().colour_cards(colour) if c.kind != "vote"]
    if players == 2:
        likes = [c for c in cards if "-like-" in c][-TWO_PLAYER_REMOVED_LIKES:]
        cards = [c for c in cards if c not in likes]
    if first is not None:
        cards.remove(first)
        cards.insert(0, first)
    return cards


def quiz_rewards(rules: Any, truth: bool, votes: Sequence[bool]) -> dict[str, int]:
    """Play a Quiz by the author (the first player) and the votes, through a ``Referee``; the
    rewards it grants once every vote is in."""

    players = len(votes) + 1
    quiz = f"{COLOURS[0]}-quiz-1"
    document = {
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(players)],
        "piles": {NAMES[i]: _pile(COLOURS[i], players, quiz if i == 0 else None) for i in range(players)},
        "events": [{"player": NAMES[0], "action": "play", "card": quiz},
                   {"player": NAMES[0], "action": "vote", "vote": truth}]
        + [{"player": NAMES[i + 1], "action": "vote", "vote": v} for i, v in enumerate(votes)],
        "rules": {},
    }
    setup, _ = parse_round("quiz", document)
    referee = social.Referee(setup, rules)
    for event in setup.events:
        referee.apply(event)
    assert referee.quiz is not None
    return dict(referee.quiz.rewards)


def _quiz_drawing(truth: bool, votes: Sequence[bool]) -> str:
    lines = [f"{NAMES[0]} (author): statement is {'true' if truth else 'false'}"]
    lines += [f"{NAMES[i + 1]}: votes {'true' if v else 'false'} ({'right' if v == truth else 'wrong'})"
              for i, v in enumerate(votes)]
    return "\n".join(lines)


# --- SN-1: the Quiz cases are exclusive and exhaustive ------------------------------------------


def quiz_sizes(rules: Any, most: int) -> range:
    """How many players besides the author a Quiz can have (none in a 2-player game whose
    Quiz cards are removed)."""
    return range(2 if rules.two_player_quiz == "removed" else 1, most)


def check_quiz_cases(ctx: Context) -> Counterexample | None:
    enc: SocialEncoding = ctx.z3
    for others in quiz_sizes(ctx.rules, MAX_QUIZ_PLAYERS):
        truth = z3.Bool("truth")
        votes = [z3.Bool(f"vote{i}") for i in range(others)]
        right = [v == truth for v in votes]
        case_a = z3.And(right)
        case_b = z3.And(z3.Or(right), z3.Not(z3.And(right)))
        case_c = z3.Not(z3.Or(right))
        author, rewarded = enc.quiz_rewards(truth, votes)
        as_written = z3.And(
            exactly_one([case_a, case_b, case_c]),
            z3.Implies(case_a, z3.And(z3.Not(author), z3.And(rewarded))),
            z3.Implies(case_b, z3.And(author, z3.And([r == g for r, g in zip(rewarded, right, strict=False)]))),
            z3.Implies(case_c, z3.And(author, z3.Not(z3.Or(rewarded)))),
        )
        solver = ctx.solver()
        solver.add(z3.Not(as_written))
        model = ctx.search(solver)
        if model is None:
            continue
        t = read(model, truth)
        vs = [read(model, v) for v in votes]
        got = quiz_rewards(ctx.rules, t, vs)
        right_names = [NAMES[i + 1] for i, v in enumerate(vs) if v == t]
        if len(right_names) == others:
            expected = set(right_names)
        else:
            expected = set(right_names) | {NAMES[0]}
        return Counterexample(
            {"players": list(NAMES[:others + 1]), "truth": t, "votes": vs, "rewards": got},
            _quiz_drawing(t, vs),
            f"the referee grants a card to {', '.join(sorted(got)) or 'nobody'}; the rulebook's "
            f"case gives {', '.join(sorted(expected)) or 'nobody'}",
            set(got) != expected,
        )
    return None


# --- SN-2: the score identity ------------------------------------------------------------------


@dataclass
class TableSymbols:
    owner: list[Any]
    where: list[Any]
    profile_of: list[Any]
    returned: list[Any]

    @classmethod
    def make(cls, cards: int) -> TableSymbols:
        return cls([z3.Int(f"own{c}") for c in range(cards)], [z3.Int(f"at{c}") for c in range(cards)],
                   [z3.Int(f"in{c}") for c in range(cards)], [z3.Bool(f"back{c}") for c in range(cards)])

    def facts(self, players: int) -> list[Any]:
        out = []
        for o, w, q, r in zip(self.owner, self.where, self.profile_of, self.returned, strict=False):
            out += [o >= 0, o < players, w >= HAND, w <= PROFILE, q >= 0, q < players]
            # Only a Like in another player's Profile can go back at scoring.
            out.append(z3.Implies(r, z3.And(w == PROFILE, q != o)))
        return out


@dataclass(frozen=True)
class Table:
    owner: list[int]
    where: list[int]
    profile_of: list[int]
    returned: list[bool]

    def card_ids(self) -> list[str]:
        ids: list[str] = []
        used: dict[tuple[int, str], int] = {}
        for c, o in enumerate(self.owner):
            kind = "like" if self.returned[c] else "gallery"
            used[(o, kind)] = used.get((o, kind), 0) + 1
            ids.append(f"{COLOURS[o]}-{kind}-{used[(o, kind)]}")
        return ids

    def json(self) -> dict[str, Any]:
        places = ("hand", "pile", "profile")
        return {"cards": [
            {"card": card, "owner": NAMES[o], "in": places[w] + (f" of {NAMES[q]}" if w == PROFILE else ""),
             "returned": r}
            for card, o, w, q, r in zip(self.card_ids(), self.owner, self.where, self.profile_of, self.returned,
                                        strict=False)]}

    def drawing(self, players: int) -> str:
        ids = self.card_ids()
        lines = []
        for p in range(players):
            hand = [ids[c] for c in range(len(ids)) if self.owner[c] == p and self.where[c] == HAND]
            pile = [ids[c] for c in range(len(ids)) if self.owner[c] == p and self.where[c] == PILE]
            shown = [ids[c] + (" (goes back)" if self.returned[c] else "") for c in range(len(ids))
                     if self.where[c] == PROFILE and self.profile_of[c] == p]
            lines.append(f"{NAMES[p]}: Profile [{', '.join(shown)}] hand [{', '.join(hand)}] "
                         f"pile [{', '.join(pile)}]")
        return "\n".join(lines)


def referee_scores(rules: Any, table: Table, players: int) -> list[int]:
    """Set a ``Referee``'s table to the decoded cards and score it with ``Referee.scores``."""

    document = {
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(players)],
        "piles": {NAMES[i]: _pile(COLOURS[i], players) for i in range(players)},
        "events": [], "rules": {},
    }
    setup, _ = parse_round("scores", document)
    referee = social.Referee(setup, rules)
    names = NAMES[:players]
    referee.hand = {n: [] for n in names}
    referee.pile = {n: deque() for n in names}
    referee.profile = {n: [] for n in names}
    referee.likes = {}
    for card, o, w, q, r in zip(table.card_ids(), table.owner, table.where, table.profile_of, table.returned,
                                strict=False):
        if w == HAND:
            referee.hand[names[o]].append(card)
        elif w == PILE:
            referee.pile[names[o]].append(card)
        else:
            gallery = f"{COLOURS[q]}-gallery-9"
            referee.profile[names[q]].append(social.Placed(card, names[o], True, gallery if r else None))
            if r:
                referee.likes.setdefault(gallery, []).append(social.LikeRecord(card, names[o], True))
    return [s.score for s in referee.scores()]


def check_score_identity(ctx: Context) -> Counterexample | None:
    enc: SocialEncoding = ctx.z3
    for players in range(2, SCORE_PLAYERS + 1):
        sym = TableSymbols.make(SCORE_CARDS)
        scores = enc.scores(sym.owner, sym.where, sym.profile_of, sym.returned, players)
        shown = count(z3.And(w == PROFILE, z3.Not(r)) for w, r in zip(sym.where, sym.returned, strict=False))
        solver = ctx.solver()
        solver.add(*sym.facts(players))
        solver.add(z3.Sum(scores) != 2 * shown - SCORE_CARDS)
        model = ctx.search(solver)
        if model is None:
            continue
        table = Table([read(model, v) for v in sym.owner], [read(model, v) for v in sym.where],
                      [read(model, v) for v in sym.profile_of], [read(model, v) for v in sym.returned])
        got = referee_scores(ctx.rules, table, players)
        in_profiles = sum(1 for w, r in zip(table.where, table.returned, strict=False) if w == PROFILE and not r)
        identity = 2 * in_profiles - SCORE_CARDS
        return Counterexample(
            {**table.json(), "scores": dict(zip(NAMES, got, strict=False)), "identity": identity},
            table.drawing(players),
            f"Referee.scores: {got}, total {sum(got)}; 2 x {in_profiles} cards in Profiles - "
            f"{SCORE_CARDS} cards = {identity}",
            sum(got) != identity,
        )
    return None


# --- SN-3: a Like stands only on another player's active Gallery, once -------------------------


def _like_python(rules: Any, own: bool, active: bool, passed: bool, already: bool) -> tuple[int, bool]:

    gallery = GalleryView("blue-gallery-1", "Ana" if own else "Bo", active, ("Ana",) if already else (), passed)
    verdict = social.like_rule("Ana", gallery, already, rules)
    if verdict is None:
        return 0, False
    rule, _, remedy = verdict
    return RULE_CODES.index(rule), remedy == "refused"


def check_like_rule(ctx: Context) -> Counterexample | None:
    enc: SocialEncoding = ctx.z3
    own, active, passed, already = (z3.Bool(n) for n in ("own", "active", "passed", "already"))
    rule, _ = enc.like_rule(own, active, passed, already, ctx.rules.pass_closes_gallery,
                            ctx.rules.like_own_gallery)
    closed = z3.Or(z3.Not(active), z3.And(passed, z3.BoolVal(ctx.rules.pass_closes_gallery)))
    solver = ctx.solver()
    solver.add(z3.Or(
        z3.And(rule == 0, z3.Or(own, closed, already)),   # a wrong Like passes
        z3.And(own, rule != 1),                           # the own-Gallery rule comes first
    ))
    model = ctx.search(solver)
    if model is None:
        return None
    values = [read(model, v) for v in (own, active, passed, already)]
    code, refused = _like_python(ctx.rules, *values)
    shown = dict(zip(("own_gallery", "active", "owner_passed", "already_liked"), values, strict=False))
    wrong = (code == 0 and (values[0] or not values[1] or (values[2] and ctx.rules.pass_closes_gallery)
                            or values[3])) or (values[0] and code != 1)
    return Counterexample(
        {**shown, "rule": RULE_CODES[code]},
        "Ana plays a Like on " + ("her own" if values[0] else "Bo's") + " Gallery blue-gallery-1 ("
        + ("active" if values[1] else "closed") + (", owner passed" if values[2] else "")
        + (", Ana already liked it" if values[3] else "") + ")",
        f"like_rule: {RULE_CODES[code] or 'legal'}",
        wrong,
    )


# --- SN-0: the encodings equal the Python functions -----------------------------------------------


def check_encodings(ctx: Context) -> Counterexample | None:
    enc: SocialEncoding = ctx.z3
    rules = ctx.rules
    # The Quiz rewards, 2 to 4 players, every vote.
    for others in quiz_sizes(rules, 4):
        def points(others: int = others) -> Iterator[tuple[tuple[bool, ...], tuple[bool, ...]]]:
            for values in itertools.product((False, True), repeat=others + 1):
                got = quiz_rewards(rules, values[0], values[1:])
                yield values, (NAMES[0] in got, *[NAMES[i + 1] in got for i in range(others)])

        def encode(truth: Any, *votes: Any) -> list[Any]:
            author, rewarded = enc.quiz_rewards(truth, list(votes))
            return [author, *rewarded]

        names = ("truth",) + tuple(f"vote{i}" for i in range(others))
        found = first_difference(ctx, "quiz rewards", names, points(), encode)
        if found is not None:
            def again(i: dict[str, Any], names: tuple[str, ...] = names) -> list[bool]:
                got = quiz_rewards(rules, i["truth"], [i[n] for n in names[1:]])
                return [NAMES[0] in got, *[NAMES[k + 1] in got for k in range(len(names) - 1)]]
            return agreement_counterexample(found, again, lambda i: encode(*[z3.BoolVal(v) for v in i.values()]))
    # The Like rule, every case.
    def like_points() -> Iterator[tuple[tuple[bool, ...], tuple[int, bool]]]:
        for values in itertools.product((False, True), repeat=4):
            yield values, _like_python(rules, *values)

    def like_encode(own: Any, active: Any, passed: Any, already: Any) -> list[Any]:
        return list(enc.like_rule(own, active, passed, already, rules.pass_closes_gallery, rules.like_own_gallery))

    found = first_difference(ctx, "like_rule", ("own", "active", "passed", "already"), like_points(), like_encode)
    if found is not None:
        return agreement_counterexample(found, lambda i: list(_like_python(rules, *i.values())),
                                        lambda i: like_encode(*[z3.BoolVal(v) for v in i.values()]))
    # The scores, 2 players, 2 cards, every place.
    places = [(w, q, r) for w in (HAND, PILE, PROFILE) for q in range(2) for r in (False, True)
              if (w == PROFILE or (q == 0 and not r))]

    def score_points() -> Iterator[tuple[tuple[Any, ...], tuple[int, ...]]]:
        for owners in itertools.product(range(2), repeat=2):
            for chosen in itertools.product(places, repeat=2):
                if any(r and q == o for (w, q, r), o in zip(chosen, owners, strict=False)):
                    continue
                table = Table(list(owners), [c[0] for c in chosen], [c[1] for c in chosen], [c[2] for c in chosen])
                flat = (*owners, *[v for c in chosen for v in (c[0], c[1])], *[c[2] for c in chosen])
                yield flat, tuple(referee_scores(rules, table, 2))

    def score_encode(o0: Any, o1: Any, w0: Any, q0: Any, w1: Any, q1: Any, r0: Any, r1: Any) -> list[Any]:
        return enc.scores([o0, o1], [w0, w1], [q0, q1], [r0, r1], 2)

    names = ("o0", "o1", "w0", "q0", "w1", "q1", "r0", "r1")
    found = first_difference(ctx, "Referee.scores", names, score_points(), score_encode)
    if found is None:
        return None

    def score_again(i: dict[str, Any]) -> list[int]:
        table = Table([i["o0"], i["o1"]], [i["w0"], i["w1"]], [i["q0"], i["q1"]], [i["r0"], i["r1"]])
        return referee_scores(rules, table, 2)

    def encode_again(i: dict[str, Any]) -> list[Any]:
        v = {k: (z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)) for k, x in i.items()}
        return score_encode(*[v[n] for n in names])

    return agreement_counterexample(found, score_again, encode_again)


_QUIZ = ("a) if all players guessed correctly, they, but not the author, put down a card; b) if some "
         "players guessed correctly, they and the author put down a card; c) if no one guessed "
         "correctly, only the author puts down a card.")
_SCORE = ("Each player receives 1 point for each card (both his own and those of opponents) in his "
          "Profile and loses 1 point for each card left in his hand and draw pile. ... you give the "
          "wrongly played cards back to the owner, which will count as a minus 1 point for him.")
_LIKE = ("A Like card is played in another player's Profile and only on top of an active Gallery. "
         "Each player may play only one Like card on each Gallery. Playing the Like card on your own "
         "Gallery is not allowed!")

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "SN-0", GAME, "The Z3 encodings equal the Quiz rewards, like_rule and Referee.scores",
        _QUIZ + " " + _LIKE,
        "Quizzes of 2-4 players with every vote; every Like case; 2 players with 2 cards in every place",
        ("model.social.engine.Referee._do_vote", "model.social.engine.like_rule", "model.social.engine.Referee.scores"),
        check_encodings,
    ),
    Invariant(
        "SN-1", GAME, "The Quiz cases a/b/c are exclusive and exhaustive, and reward as written",
        _QUIZ, f"Quizzes of 2-{MAX_QUIZ_PLAYERS} players, every vote",
        ("model.social.engine.Referee._do_vote",), check_quiz_cases,
    ),
    Invariant(
        "SN-2", GAME, "Score identity: the round's points total 2 x (cards in Profiles) - (cards)",
        _SCORE, f"2-{SCORE_PLAYERS} players and {SCORE_CARDS} cards, each in a hand, a pile or a Profile, "
        "any of them a Like given back",
        ("model.social.engine.Referee.scores",), check_score_identity,
    ),
    Invariant(
        "SN-3", GAME, "A Like stands only on another player's active Gallery, once",
        _LIKE, "every Like: own Gallery or not, active or closed, owner passed or not, liked before or not",
        ("model.social.engine.like_rule",), check_like_rule,
    ),
)

#: The Z3 encoding its invariants run with unless a caller passes another.
DEFAULT_ENCODING = SocialEncoding()
