"""Social Network invariants: rulebook statements about the referee's own functions.

Single-source (Z3 runs the very rule function the referee runs, ``model.social.engine``, with
``checks.z3ops.Z3`` on symbolic inputs): the Quiz rewards (``quiz_rewards``, SN-1), the round's
scores (``round_scores``, SN-2) and the Like rule (``like_code`` and ``like_refused``, SN-3).
Exhaustive (every state a ``Referee`` reaches from the positions of ``checks.social.explore``,
through its own ``violation`` and ``apply``): cards are conserved (SN-4), the round ends when a
player is out of cards and only then (SN-5), no Like the rulebook forbids counts (SN-6), each
score is counted as the rulebook says (SN-7), nothing is played, drawn or discarded during a
Quiz halt (SN-8), and SN-9 to SN-13. One exploration serves all of them: the first of them run
may spend their time limits together on it, the others read what it found. The rulebook's
numbers (1 point, -1 point, 2 x the cards in Profiles) are written here as the rulebook gives
them, never read from the engine.

A counterexample of a single-source check is replayed through the referee (a round log for the
Quiz, a ``Referee`` whose table is set to the decoded cards for the scores, ``like_rule`` for a
Like); one of an exhaustive check is its log, run again through a fresh referee.
"""

from __future__ import annotations

import itertools
import os
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from checks.core import Context, Invariant, TimeUp, read
from checks.result import Counterexample
from checks.social import explore
from checks.social.explore import Position, Shadow, Step
from checks.z3ops import Z3
from model.social import engine as social
from model.social.cards import CONTEST, LIKE, QUIZ, TWO_PLAYER_REMOVED_LIKES, sample_decks, voting_card
from model.social.io import parse_round
from model.social.rules import CORRECTED, REFUSED, RuleName, SocialRules
from model.social.state import Event, GalleryView, GameSetup, LikeMoment, Player, RoundSetup

GAME = "social"
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
#: "150 cards (25 cards in 6 different colors)": at most 6 players.
MAX_PLAYERS = 6
SCORE_PLAYERS, SCORE_CARDS = 6, 8
HAND, PILE, PROFILE = social.AT_HAND, social.AT_PILE, social.AT_PROFILE


def _count(conditions: Sequence[Any]) -> Any:
    return z3.Sum([z3.If(c, 1, 0) for c in conditions]) if conditions else z3.IntVal(0)


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


def quiz_log(truth: bool, votes: Sequence[bool]) -> dict[str, Any]:
    """A round log: the first player plays a Quiz and votes ``truth``, the others vote."""
    players = len(votes) + 1
    quiz = f"{COLOURS[0]}-quiz-1"
    return {
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(players)],
        "piles": {NAMES[i]: _pile(COLOURS[i], players, quiz if i == 0 else None) for i in range(players)},
        "events": [{"player": NAMES[0], "action": "play", "card": quiz},
                   {"player": NAMES[0], "action": "vote", "vote": truth}]
        + [{"player": NAMES[i + 1], "action": "vote", "vote": v} for i, v in enumerate(votes)],
        "rules": {},
    }


def quiz_rewards(rules: SocialRules, truth: bool, votes: Sequence[bool]) -> dict[str, int]:
    """The rewards a ``Referee`` grants once every vote of ``quiz_log`` is in."""
    setup, _ = parse_round("quiz", quiz_log(truth, votes))
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


# --- SN-1: the Quiz cases a/b/c -----------------------------------------------------------------


def quiz_sizes(rules: SocialRules) -> range:
    """How many players besides the author a Quiz can have: 1 to 5 (none in a 2-player game
    whose Quiz cards are removed)."""
    return range(2 if rules.two_player_quiz == "removed" else 1, MAX_PLAYERS)


def check_quiz_cases(ctx: Context) -> Counterexample | None:
    for others in quiz_sizes(ctx.rules):
        truth = z3.Bool("truth")
        votes = [z3.Bool(f"vote{i}") for i in range(others)]
        author, rewarded = social.quiz_rewards(truth, votes, Z3)
        right = [v == truth for v in votes]
        # a) all guessed correctly: they, not the author; b) some: they and the author;
        # c) no one: only the author.
        case_a = z3.And(right)
        case_b = z3.And(z3.Or(right), z3.Not(z3.And(right)))
        case_c = z3.Not(z3.Or(right))
        each_right = z3.And([r == g for r, g in zip(rewarded, right, strict=True)])
        as_written = z3.And(
            _count([case_a, case_b, case_c]) == 1,
            z3.Implies(case_a, z3.And(z3.Not(author), each_right)),
            z3.Implies(case_b, z3.And(author, each_right)),
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
        expected = set(right_names) if len(right_names) == others else set(right_names) | {NAMES[0]}
        return Counterexample(
            {"players": list(NAMES[:others + 1]), "truth": t, "votes": vs, "rewards": got},
            _quiz_drawing(t, vs),
            f"the referee grants a card to {', '.join(sorted(got)) or 'nobody'}; the rulebook's "
            f"case gives {', '.join(sorted(expected)) or 'nobody'} (one source: the referee "
            "runs the function proved)",
            set(got) != expected or any(n != 1 for n in got.values()),
        )
    return None


# --- SN-2: each player's score, and their total ---------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Where each card lies at scoring: its owner's seat, its place, whose Profile, given back."""

    owner: list[int]
    where: list[int]
    profile_of: list[int]
    returned: list[bool]

    def card_ids(self) -> list[str]:
        ids: list[str] = []
        used: dict[tuple[int, str], int] = {}
        for c, o in enumerate(self.owner):
            kind = "like" if self.returned[c] or (self.where[c] == PROFILE and self.profile_of[c] != o) else "gallery"
            used[(o, kind)] = used.get((o, kind), 0) + 1
            ids.append(f"{COLOURS[o]}-{kind}-{used[(o, kind)]}")
        return ids

    def json(self) -> dict[str, Any]:
        places = {HAND: "hand", PILE: "pile", PROFILE: "profile"}
        return {"cards": [
            {"card": card, "owner": NAMES[o], "in": places[w] + (f" of {NAMES[q]}" if w == PROFILE else ""),
             "returned": r}
            for card, o, w, q, r in zip(self.card_ids(), self.owner, self.where, self.profile_of, self.returned,
                                        strict=True)]}

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

    def rulebook_scores(self, players: int) -> list[int]:
        """+1 a card in one's Profile, -1 a card in one's hand or pile, -1 a Like given back."""
        out = []
        for p in range(players):
            out.append(sum(1 for w, q, r in zip(self.where, self.profile_of, self.returned, strict=True)
                           if w == PROFILE and q == p and not r)
                       - sum(1 for o, w in zip(self.owner, self.where, strict=True) if o == p and w != PROFILE)
                       - sum(1 for o, r in zip(self.owner, self.returned, strict=True) if o == p and r))
        return out


def referee_scores(rules: SocialRules, table: Table, players: int) -> list[int]:
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
    for at, (card, o, w, q, r) in enumerate(zip(table.card_ids(), table.owner, table.where, table.profile_of,
                                                table.returned, strict=True)):
        if w == HAND:
            referee.hand[names[o]].append(card)
        elif w == PILE:
            referee.pile[names[o]].append(card)
        else:
            # A Like lies on a Gallery of its own (so no two are one player's on one Gallery).
            gallery = f"{COLOURS[q]}-gallery-{at + 1}"
            liked = r or q != o
            referee.profile[names[q]].append(social.Placed(card, names[o], True, gallery if liked else None))
            if liked:
                forced: RuleName | None = "like_own_gallery" if r and q == o else None
                referee.likes.setdefault(gallery, []).append(social.LikeRecord(card, names[o], r, forced))
    return [s.score for s in referee.scores()]


def _card_points(card: tuple[Any, Any, Any, Any], p: int) -> Any:
    """What one card is worth to player ``p`` at scoring, as the rulebook counts it."""
    o, w, q, r = card
    # "1 point for each card (both his own and those of opponents) in his Profile and loses 1
    # point for each card left in his hand and draw pile"; a Like given back "will count as a
    # minus 1 point for him".
    return (z3.If(z3.And(w == PROFILE, q == p, z3.Not(r)), 1, 0)
            + z3.If(z3.And(o == p, z3.Or(w == HAND, w == PILE)), -1, 0)
            + z3.If(z3.And(o == p, r), -1, 0))


def check_scores(ctx: Context) -> Counterexample | None:
    """By induction on the table: the empty table scores 0 for everyone, and adding any card to
    any table changes each score by what the card is worth to that player (so the total by 1
    for a card that counts in a Profile, by -1 for any other). The two calls of
    ``round_scores`` share the table, so Z3 compares only what the last card adds."""
    for players in range(2, SCORE_PLAYERS + 1):
        owner = [z3.Int(f"own{c}") for c in range(SCORE_CARDS)]
        where = [z3.Int(f"at{c}") for c in range(SCORE_CARDS)]
        profile_of = [z3.Int(f"in{c}") for c in range(SCORE_CARDS)]
        returned = [z3.Bool(f"back{c}") for c in range(SCORE_CARDS)]
        table = list(zip(owner, where, profile_of, returned, strict=True))
        # The scores of the first k cards of the table, k = 0 ... SCORE_CARDS.
        prefix = [social.round_scores(players, owner[:k], where[:k], profile_of[:k], returned[:k], Z3)
                  for k in range(SCORE_CARDS + 1)]
        if any(z3.simplify(z3.IntVal(0) + score).as_long() != 0 for score in prefix[0]):
            return _scores_counterexample(ctx.rules, Table([], [], [], []), players)
        solver = ctx.solver()
        for o, w, q, r in table:
            solver.add(o >= 0, o < players, z3.Or(w == HAND, w == PILE, w == PROFILE), q >= 0, q < players)
            # A card in a hand or pile is its owner's; only a card in a Profile goes back.
            solver.add(z3.Implies(w != PROFILE, q == o), z3.Implies(r, w == PROFILE))
        for cards in range(1, SCORE_CARDS + 1):
            full, before, last = prefix[cards], prefix[cards - 1], table[cards - 1]
            wrong = [after - earlier != _card_points(last, p)
                     for p, (after, earlier) in enumerate(zip(full, before, strict=True))]
            # Each card counts once: the points total 2 x (cards that count in Profiles) - (cards).
            _, w, _, r = last
            wrong.append(z3.Sum(full) - z3.Sum(before) != z3.If(z3.And(w == PROFILE, z3.Not(r)), 2 * 1 - 1, 2 * 0 - 1))
            solver.push()
            solver.add(z3.Or(wrong))
            model = ctx.search(solver)
            solver.pop()
            if model is None:
                continue
            found = Table([read(model, v) for v in owner[:cards]], [read(model, v) for v in where[:cards]],
                          [read(model, v) for v in profile_of[:cards]],
                          [read(model, v) for v in returned[:cards]])
            return _scores_counterexample(ctx.rules, found, players)
    return None


def _scores_counterexample(rules: SocialRules, table: Table, players: int) -> Counterexample:
    got = referee_scores(rules, table, players)
    expected = table.rulebook_scores(players)
    counted = sum(1 for w, r in zip(table.where, table.returned, strict=True) if w == PROFILE and not r)
    total = 2 * counted - len(table.owner)
    return Counterexample(
        {**table.json(), "scores": dict(zip(NAMES, got, strict=False)),
         "rulebook": dict(zip(NAMES, expected, strict=False))},
        table.drawing(players),
        f"Referee.scores: {got} (total {sum(got)}); the rulebook counts {expected} (total "
        f"2 x {counted} - {len(table.owner)} = {total}); one source: the referee runs the "
        "function proved",
        got != expected or sum(got) != total,
    )


# --- SN-3: a Like stands only on another player's active Gallery, once -------------------------


def _like_python(rules: SocialRules, own: bool, active: bool, passed: bool, already: bool
                 ) -> tuple[str | None, str | None]:
    """``like_rule`` on one case: (the rule broken, its remedy)."""
    gallery = GalleryView("blue-gallery-1", "Ana" if own else "Bo", active, ("Ana",) if already else (), passed)
    verdict = social.like_rule("Ana", gallery, already, rules)
    return (None, None) if verdict is None else (verdict[0], verdict[2])


def _like_expected(rules: SocialRules, own: bool, active: bool, passed: bool, already: bool
                   ) -> tuple[str | None, str | None]:
    """The rulebook's answer, for reports: own Gallery first, then closed, then twice."""
    if own:
        return "like_own_gallery", REFUSED if rules.like_own_gallery == "refused" else CORRECTED
    if not active or (passed and rules.pass_closes_gallery):
        return "like_closed_gallery", CORRECTED
    if already:
        return "like_once_per_gallery", CORRECTED
    return None, None


def check_like_rule(ctx: Context) -> Counterexample | None:
    rules: SocialRules = ctx.rules
    own, active, passed, already = (z3.Bool(n) for n in ("own", "active", "passed", "already"))
    code = social.like_code(own, active, passed, already, rules, Z3)
    refused = social.like_refused(code, rules, Z3)
    # "only on top of an active Gallery"; 2-player, under pass_closes_gallery, its owner's pass
    # closes it too.
    closed = z3.Or(z3.Not(active), z3.And(passed, z3.BoolVal(rules.pass_closes_gallery)))
    as_written = z3.And(
        # A Like stands exactly on another player's active Gallery he has not liked yet.
        (code == social.LIKE_LEGAL) == z3.And(z3.Not(own), z3.Not(closed), z3.Not(already)),
        # "Playing the Like card on your own Gallery is not allowed!" comes first ...
        own == (code == social.LIKE_OWN),
        z3.Implies(z3.And(z3.Not(own), closed), code == social.LIKE_CLOSED),
        z3.Implies(z3.And(z3.Not(own), z3.Not(closed), already), code == social.LIKE_TWICE),
        # ... and is taken back at once (unless like_own_gallery leaves it for scoring); the
        # others go back at scoring.
        refused == z3.And(own, z3.BoolVal(rules.like_own_gallery == "refused")),
    )
    solver = ctx.solver()
    solver.add(z3.Not(as_written))
    model = ctx.search(solver)
    if model is None:
        return None
    values = [bool(read(model, v)) for v in (own, active, passed, already)]
    got = _like_python(rules, *values)
    expected = _like_expected(rules, *values)
    shown = dict(zip(("own_gallery", "active", "owner_passed", "already_liked"), values, strict=True))
    return Counterexample(
        {**shown, "rule": got[0], "remedy": got[1]},
        "Ana plays a Like on " + ("her own" if values[0] else "Bo's") + " Gallery blue-gallery-1 ("
        + ("active" if values[1] else "closed") + (", owner passed" if values[2] else "")
        + (", Ana already liked it" if values[3] else "") + ")",
        f"like_rule: {got[0] or 'legal'}" + (f" ({got[1]})" if got[1] else "")
        + f"; the rulebook: {expected[0] or 'legal'}" + (f" ({expected[1]})" if expected[1] else "")
        + " (one source: the referee runs the function proved)",
        got != expected,
    )


# --- the state machine ----------------------------------------------------------------------------


#: A state-machine claim: its property and shadow, built for the rules in force.
ClaimMaker = tuple[Callable[[SocialRules], explore.Property], Callable[[SocialRules], Shadow] | None, Any]


def _claims(rules: SocialRules) -> dict[str, explore.Claim]:
    return {name: explore.Claim(_guarded(holds(rules)), grow(rules) if grow else None, start,
                                REFUSALS[name](rules) if name in REFUSALS else None)
            for name, (holds, grow, start) in CLAIMS.items()}


#: One exploration per position serves every state-machine invariant: its results under the
#: rules in force and the referee's functions as they are (patched functions give new ones).
_SURVEYS: dict[tuple[Any, ...], dict[str, tuple[Position, explore.Found] | None]] = {}


def _fingerprint() -> tuple[int, ...]:
    """The identity of every function of the referee (a patched one changes it), and the mutant
    a mutation tool has switched on, if any: mutmut switches its mutants inside the functions, by
    this variable, in processes forked after a clean run, so the functions keep their identity."""
    def ids(namespace: dict[str, Any]) -> tuple[int, ...]:
        # Dunder names aside (pickle adds ``__slotnames__`` to a class it copies).
        return tuple(id(v) for k, v in sorted(namespace.items()) if not k.startswith("__"))

    return (ids(vars(social)) + ids(dict(vars(social.Referee))) + (id(explore.POSITIONS), id(CLAIMS), id(REFUSALS))
            + tuple(id(v) for v in CLAIMS.values()) + (hash(os.environ.get("MUTANT_UNDER_TEST")),))


#: The explorations that ran out of time, with the time they were given (a claim checked after
#: one, with no more time, reports it at once rather than start again).
_OUT_OF_TIME: dict[tuple[Any, ...], tuple[float, str]] = {}


def survey(rules: SocialRules, left: Callable[[], object] | None = None, budget: float = 0.0
           ) -> dict[str, tuple[Position, explore.Found] | None]:
    """Every state reachable from every position, every claim checked on every step: the first
    step that breaks each claim (None: none does). ``left`` raises ``TimeUp`` when the
    ``budget`` (seconds) given is spent."""
    key = (rules, _fingerprint())
    if key in _SURVEYS:
        return _SURVEYS[key]
    if key in _OUT_OF_TIME and _OUT_OF_TIME[key][0] >= budget:
        raise TimeUp(_OUT_OF_TIME[key][1])
    claims = _claims(rules)
    out: dict[str, tuple[Position, explore.Found] | None] = {name: None for name in claims}
    try:
        for position in explore.POSITIONS:
            seen = explore.explore(position, rules, list(claims.values()), left)
            for name, found in zip(claims, seen.found, strict=True):
                if found is not None and out[name] is None:
                    out[name] = (position, found)
    except TimeUp as stop:
        if len(_OUT_OF_TIME) >= 8:
            _OUT_OF_TIME.clear()
        _OUT_OF_TIME[key] = (budget, stop.reason)
        raise
    if len(_SURVEYS) >= 8:
        _SURVEYS.clear()
    _SURVEYS[key] = out
    return out


def _exhaustive(name: str) -> Callable[[Context], Counterexample | None]:
    """The check of one state-machine claim (see ``survey``)."""
    def check(ctx: Context) -> Counterexample | None:
        rules: SocialRules = ctx.rules
        # The one exploration serves every state-machine claim: the check that runs it may
        # spend the time limits of all of them on it (their total stays what it was).
        shares = len(CLAIMS)
        deadline = ctx.deadline + (shares - 1) * ctx.time_limit

        def left() -> None:
            if time.perf_counter() >= deadline:
                raise TimeUp(f"time limit of {ctx.time_limit:g} s reached ({shares} x {ctx.time_limit:g} s for "
                             f"the exploration the {shares} state-machine invariants share)")

        found = survey(rules, left, shares * ctx.time_limit)[name]
        if found is None:
            return None
        position, step = found
        claim = _claims(rules)[name]
        again = explore.replay(position, rules, step.log, claim)
        return Counterexample(
            {**position.json(), "events": [e.json() for e in step.log]},
            position.drawing() + "\nthen:\n" + explore.log_drawing(step.log),
            f"{step.why} (the log replayed through a fresh Referee)" if again == step.why
            else f"{step.why}; the log replayed through a fresh Referee: {again or 'the claim holds'}",
            again is not None,
        )
    return check


def _guarded(prop: explore.Property) -> explore.Property:
    def holds(step: Step) -> str | None:
        try:
            return prop(step)
        except Exception as error:  # a planted bug may break the referee's own bookkeeping
            return f"the referee's state cannot be read after this event ({type(error).__name__}: {error})"
    return holds


# SN-4: cards are conserved by every event.


def conserved(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        after = step.after
        # Where the table has each card: hands, piles, Profiles, out of play, and the voting
        # cards "set aside" but for the one a player has put down in a Quiz.
        votes = after.quiz.votes if after.quiz else {}
        table: dict[str, list[str]] = {card: [] for card in after.cards}
        for name in after.names:
            for card in after.hand[name]:
                table[card].append("hand")
            for card in after.pile[name]:
                table[card].append("pile")
            for placed in after.profile[name]:
                table[placed.card].append("profile")
            for card in after.removed[name]:
                table[card].append("removed")
            for vote in (True, False):
                placed_vote = name in votes and votes[name] == vote
                table[voting_card(after.colour[name], vote)].append("voted" if placed_vote else "aside")
        # A card played lies face up; "Whenever you put a card in your Profile as a result of
        # winning a Contest or a Quiz, you put it face down".
        event = step.event
        if event.action in ("play", "reward"):
            put = (step.before.pile[event.player][0] if event.action == "reward" and event.from_pile
                   else event.card)
            lying = [p for name in after.names for p in after.profile[name] if p.card == put]
            face_up = event.action == "play"
            if [p.face_up for p in lying] != [face_up]:
                return (f"{put}, {'played' if face_up else 'put down as a reward'}, lies "
                        + (", ".join("face up" if p.face_up is True else "face down" if p.face_up is False
                                     else repr(p.face_up) for p in lying) or "nowhere in a Profile"))
        for card, places in after.locations().items():
            if len(places) != 1:
                return f"{card} is in {len(places)} places ({', '.join(map(str, places)) or 'none'})"
            if places != table.get(card):
                return f"{card} is said to be in {places[0]}; the table has it in {', '.join(table.get(card, []))}"
        for name in after.names:
            for card in list(after.hand[name]) + list(after.pile[name]):
                if after.owner[card] != name:
                    return f"{card}, {after.owner[card]}'s card, is in {name}'s hand or pile"
            for placed in after.profile[name]:
                if after.owner[placed.card] != placed.owner:
                    return f"{placed.card} lies in {name}'s Profile as {placed.owner}'s"
                if placed.owner != name and after.cards[placed.card].kind != LIKE:
                    return f"{placed.card} of {placed.owner}, not a Like, lies in {name}'s Profile"
                # "A Like card is played in another player's Profile": the Gallery's owner's.
                if placed.on is not None and after.owner[placed.on] != name:
                    return f"{placed.card}, a Like on {placed.on}, lies in {name}'s Profile"
        return None
    return holds


# SN-5: the round ends when a player is out of cards, and only then.


#: 2-player: the actions that are a whole turn ("In his turn the player can perform only one
#: of the following actions": play, cycle, pass; a draw is refused as a turn).
TURNS = ("play", "cycle", "pass", "draw")


def last_turn(rules: SocialRules) -> Shadow:
    """2-player: the last turn taken, (player, action), or None."""
    def grow(shadow: tuple[str, str] | None, step: Step) -> tuple[str, str] | None:
        if step.after.two_player and step.event.action in TURNS:
            return step.event.player, step.event.action
        return shadow
    return grow


def ends_when_out(rules: SocialRules) -> explore.Property:
    ending = ("play", "reward") if rules.reward_can_end_round else ("play",)

    def holds(step: Step) -> str | None:
        after, event = step.after, step.event
        player = event.player
        # "both players choose to pass one after the other"
        both = (after.two_player and event.action == "pass" and step.shadow is not None
                and step.shadow == (after.names[1] if player == after.names[0] else after.names[0], "pass"))
        if both and (after.end is None or after.end.reason != "both_passed"):
            return f"both players passed one after the other and the round goes on ({after.end})"
        if not both and after.end is not None and after.end.reason == "both_passed":
            return f"the round ends as both passed after {player} {event.describe()}"
        if both:
            return None
        out = not after.hand[player] and not after.pile[player]
        end = after.end
        if end is not None and end.reason == "out_of_cards":
            if end.player != player:
                return f"the round ends with {end.player} out of cards after {player}'s event"
            if not out:
                return (f"the round ends with {player} out of cards, who still holds "
                        f"{len(after.hand[player])} in hand and {len(after.pile[player])} in the pile")
            if event.action not in ending:
                return f"the round ends when {player} {event.describe()}"
        elif event.action in ending and out:
            return (f"{player} has played all of his cards ({event.describe()}) and the round "
                    + ("goes on" if end is None else f"ends as {end.reason}"))
        return None
    return holds


# SN-6: no Like the rulebook forbids counts at scoring.


@dataclass(frozen=True)
class LikeFact:
    """A Like the referee did not refuse, as the rulebook sees it."""

    card: str
    player: str
    gallery: str
    #: On the player's own Gallery.
    own: bool
    #: Its Gallery's owner had put a new card in his Profile since it (the rulebook's "closed").
    closed: bool
    #: Played while a Quiz halted the game.
    halted: bool


@dataclass(frozen=True)
class LikeShadow:
    """The Galleries the rulebook calls active, and every Like left on the table."""

    active: frozenset[str] = frozenset()
    likes: tuple[LikeFact, ...] = ()


def halted(referee: social.Referee, rules: SocialRules) -> bool:
    """The rulebook's halt, read from the table: a Quiz is being resolved, and (unless the Quiz
    halts at once, ``quiz_with_contest_pending``) every Contest pending when it was played is
    resolved."""
    quiz = referee.quiz
    if quiz is None:
        return False
    return rules.quiz_with_contest_pending == "halt_at_quiz" or all(
        referee.contests[c].resolved for c in quiz.contests)


def like_shadow(rules: SocialRules) -> Shadow:
    def grow(shadow: LikeShadow, step: Step) -> LikeShadow:
        event, after = step.event, step.after
        player = event.player

        def close(active: frozenset[str]) -> frozenset[str]:
            return frozenset(g for g in active if after.owner[g] != player)

        active, likes = shadow.active, shadow.likes
        if event.action == "play" and event.card is not None:
            kind = after.cards[event.card].kind
            if kind == LIKE and event.on is not None:
                own = after.owner[event.on] == player
                likes += (LikeFact(event.card, player, event.on, own, event.on not in active,
                                   halted(step.before, rules)),)
                if own:  # left in place, it is a new card in his own Profile
                    active = close(active)
            else:
                active = close(active) | ({event.card} if kind == "gallery" else set())
        elif event.action == "reward" and rules.reward_closes_gallery:
            active = close(active)
        elif event.action == "pass" and rules.pass_closes_gallery:
            active = close(active)
        return LikeShadow(active, likes)
    return grow


def counting_likes(rules: SocialRules, facts: Sequence[LikeFact]) -> set[str]:
    """The Likes the rulebook lets count: on another player's active Gallery, not in a halt;
    "more than one Like" of a player on a Gallery: the later ones go back (``earlier``: the
    earlier ones; ``all``: every one)."""
    out: set[str] = set()
    key: Callable[[LikeFact], tuple[str, str]] = lambda f: (f.player, f.gallery)  # noqa: E731
    for _, group in itertools.groupby(sorted(facts, key=key), key=key):
        kept = [f for f in group if not f.own and not f.closed]
        if len(kept) > 1:
            kept = {"later": kept[:1], "earlier": kept[-1:], "all": []}[rules.duplicate_like_returned]
        out |= {f.card for f in kept if not f.halted}
    return out


def likes_as_written(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        after = step.after
        facts = like_shadow(rules)(step.shadow, step).likes
        for fact in facts:
            if fact.own and rules.like_own_gallery == "refused":
                return f"{fact.player}'s Like {fact.card} on his own Gallery {fact.gallery} was not refused"
            if fact.halted and rules.like_during_halt == "refused":
                return f"{fact.player}'s Like {fact.card} during a Quiz halt was not refused"
        returned = after.returned_likes()
        for back in returned:
            fact = next((f for f in facts if f.card == back.card), None)
            # The rule a returned Like broke: played in a halt, on one's own Gallery, on a closed
            # one, or more than once.
            rule = (None if fact is None else "quiz_halt" if fact.halted else "like_own_gallery" if fact.own
                    else "like_closed_gallery" if fact.closed else "like_once_per_gallery")
            if back.rule != rule or back.player != (fact and fact.player) or back.gallery != (fact and fact.gallery):
                return (f"{back.card} goes back to {back.player} from {back.gallery} as {back.rule}; the rulebook: "
                        + ("it is no Like on the table" if fact is None
                           else f"to {fact.player} from {fact.gallery} as {rule}"))
        gone = {r.card for r in returned}
        counted = {p.card for name in after.names for p in after.profile[name]
                   if p.on is not None and p.card not in gone}
        expected = counting_likes(rules, facts)
        if counted != expected:
            extra, missing = sorted(counted - expected), sorted(expected - counted)
            return ("at scoring " + "; ".join(
                ([f"{', '.join(extra)} would count"] if extra else [])
                + ([f"{', '.join(missing)} would go back"] if missing else []))
                + f" (the rulebook lets {', '.join(sorted(expected)) or 'none'} count)")
        return None
    return holds


# SN-7: each score as the rulebook counts it, and the total.


def scored_as_written(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        after = step.after
        scored = after.scores()
        scores = {s.name: s.score for s in scored}
        returned = after.returned_likes()
        gone = {r.card for r in returned}
        returned_by = [r.player for r in returned]
        counted = cards = 0
        for name, score in zip(after.names, scored, strict=True):
            # What the scoring shows: the Profile cards that count, the hand, the pile, the Likes
            # given back.
            shown_cards = tuple((p.card, p.face_up) for p in after.profile[name] if p.card not in gone)
            seen = (score.name, score.colour, score.profile, score.hand, score.pile, score.returned)
            table = (name, after.colour[name], shown_cards, tuple(after.hand[name]), len(after.pile[name]),
                     tuple(r for r in returned if r.player == name))
            if seen != table:
                return f"{name}'s scoring shows {seen}; the table: {table}"
            shown = sum(1 for p in after.profile[name] if p.card not in gone)
            held = len(after.hand[name]) + len(after.pile[name])
            rulebook = 1 * shown - 1 * held - 1 * returned_by.count(name)
            if scores[name] != rulebook:
                return f"{name} scores {scores[name]}; the rulebook counts {rulebook}"
            counted += shown
            cards += held + len(after.profile[name])
        if sum(scores.values()) != 2 * counted - cards:
            return f"the scores total {sum(scores.values())}, not 2 x {counted} - {cards}"
        return None
    return holds


# SN-8: nothing is played, drawn or discarded during a Quiz halt.


def halt_holds(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        event = step.event
        if event.action not in ("play", "draw", "cycle") or not halted(step.before, rules):
            return None
        like = event.action == "play" and step.after.cards[event.card or ""].kind == LIKE
        if like and rules.like_during_halt == "returned_at_scoring" and step.verdict is not None:
            return None  # left in place, to go back at scoring
        return f"{event.player} {event.describe()} during {step.before.quiz and step.before.quiz.card}'s halt"
    return holds


# SN-9: a draw takes the hand up to 5 cards, never beyond, and only below 5.


def draws_up_to_five(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        event = step.event
        player = event.player
        held, now = len(step.before.hand[player]), len(step.after.hand[player])
        if event.action == "draw":
            if held >= 5:
                return f"{player} draws holding {held} cards"
            if now > 5:
                return f"{player} draws from {held} to {now} cards"
            pile = list(step.before.pile[player])
            wanted = min(5 - held, len(pile)) if event.count is None else event.count
            expected = (list(step.before.hand[player]) + pile[:wanted], pile[wanted:])
        elif event.action == "cycle":
            # Under the draw pile, then as many drawn from its top.
            kept = [c for c in step.before.hand[player] if c not in event.cards]
            pile = list(step.before.pile[player]) + list(event.cards)
            expected = (kept + pile[:len(event.cards)], pile[len(event.cards):])
        else:
            return None
        got = (list(step.after.hand[player]), list(step.after.pile[player]))
        if got != expected:
            return (f"{player} {event.describe()}: hand {got[0]}, pile {got[1]}; from the top of the "
                    f"pile: hand {expected[0]}, pile {expected[1]}")
        return None
    return holds


# SN-10: a Quiz's votes: its author first, then each other player once; Start! by its author.


def votes_as_written(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        event, quiz = step.event, step.before.quiz
        if event.action not in ("vote", "start"):
            return None
        if quiz is None:
            return f"{event.player} {event.describe()} with no Quiz being resolved"
        if event.action == "start":
            if event.player != quiz.author or len(quiz.votes) != len(step.before.names):
                return (f"{event.player} says Start! for {quiz.author}'s Quiz with "
                        f"{len(quiz.votes)} of {len(step.before.names)} votes in")
            return None
        if event.player in quiz.votes:
            return f"{event.player} votes a second time"
        if event.player != quiz.author and quiz.author not in quiz.votes:
            return f"{event.player} votes before {quiz.author}, the Quiz's author"
        return None
    return holds


# SN-11: 2-player: the players take turns, one action each.


def takes_turns(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        event, before = step.event, step.before
        if not before.two_player or event.action not in TURNS:
            return None
        if event.action == "draw":
            return f"{event.player} draws as a turn"
        if step.shadow is not None and step.shadow[0] == event.player:
            return f"{event.player} takes two turns in a row ({step.shadow[1]}, then {event.action})"
        if step.shadow is None and before.setup.first not in (None, event.player):
            return f"{event.player} takes the first turn; {before.setup.first} starts"
        return None
    return holds


def halt_begins(rules: SocialRules) -> explore.Refusal:
    """"you resolve the Contest and only then you halt the game": nothing is refused as a halt
    before the halt begins."""
    def refusal(before: social.Referee, event: Event, verdict: social.Violation, shadow: Any) -> str | None:
        if verdict.rule == "quiz_halt" and not halted(before, rules):
            return f"{event.player} {event.describe()} is refused as a halt before the Quiz halts the game"
        return None
    return refusal


# SN-12: the cards put down face down: who may, for what, how many, until when.

#: Cards each player may put down, by (player, Contest or Quiz), as the rulebook gives them.
Rewards = tuple[tuple[tuple[str, str], int], ...]


def earned(rules: SocialRules) -> Shadow:
    def grow(shadow: Rewards, step: Step) -> Rewards:
        event, after = step.event, step.after
        player, about = event.player, event.about
        owed = dict(shadow)
        if after.two_player and event.action in TURNS:
            # A duel's card goes down within its turn.
            owed = {k: n for k, n in owed.items() if k[1] not in after.contests}
        elif (not after.two_player and rules.contest_reward_lapses == "next_action"
              and not (event.action == "reward" and about in after.contests)):
            # "Then ... may put": a Contest's card not put down before anything else is gone.
            owed = {k: n for k, n in owed.items() if not (k[0] == player and k[1] in after.contests)}
        if event.action == "resolve" and about is not None:
            originator, winner = after.contests[about].originator, event.winner
            owed = {k: n for k, n in owed.items() if k[1] != about}
            gets: dict[str, int] = {}
            if after.two_player:
                # "The winner of the duel puts one of his cards in his profile"; a tie: nobody.
                if winner is not None:
                    gets[winner] = 1
                    if winner != originator and rules.duel_originator_reward:
                        gets[originator] = 1
            elif winner is None:
                if rules.contest_no_winner == "originator":
                    gets[originator] = 1
            elif winner == originator:
                gets[originator] = 2 if rules.contest_originator_wins == "two_cards" else 1
            else:  # "both the Contest's originator and the winner may put one of their cards"
                gets = {originator: 1, winner: 1}
            owed.update({(p, about): n for p, n in gets.items()})
        elif event.action == "vote" and after.quiz is not None and len(after.quiz.votes) == len(after.names):
            quiz = after.quiz
            truth = quiz.votes[quiz.author]
            others = [p for p in after.names if p != quiz.author]
            right = [p for p in others if quiz.votes[p] == truth]
            # a) all right: they, not the author; b) some: they and the author; c) none: the author.
            for p in right + ([] if len(right) == len(others) else [quiz.author]):
                owed[(p, quiz.card)] = 1
        elif event.action == "start" and step.before.quiz is not None:
            owed = {k: n for k, n in owed.items() if k[1] != step.before.quiz.card}
        elif event.action == "reward" and about is not None:
            owed[(player, about)] = owed.get((player, about), 0) - 1
        return tuple(sorted((k, n) for k, n in owed.items() if n > 0))
    return grow


def rewards_as_written(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        event = step.event
        if event.action != "reward":
            return None
        owed = dict(step.shadow).get((event.player, event.about or ""), 0)
        if owed < 1:
            return f"{event.player} {event.describe()}, which the rulebook does not give him"
        return None
    return holds


def reward_refused(rules: SocialRules) -> explore.Refusal:
    def refusal(before: social.Referee, event: Event, verdict: social.Violation, shadow: Any) -> str | None:
        if verdict.rule == "reward_earned" and dict(shadow).get((event.player, event.about or ""), 0) >= 1:
            return f"{event.player} {event.describe()} is refused, though the rulebook gives him that card"
        return None
    return refusal


# SN-13: each event is refused exactly when the rulebook forbids it, under a rule it breaks.


@dataclass(frozen=True)
class Facts:
    """What the rulebook keeps track of along a log, apart from the cards in hands, piles and
    Profiles: the active Galleries and the Likes (``like_shadow``), the cards owed face down
    (``earned``), the last turn (``last_turn``), the Contests played (card, originator,
    resolved) and the Quiz being resolved (card, author, the Contests pending when it came, the
    votes put down)."""

    likes: LikeShadow = LikeShadow()
    owed: Rewards = ()
    turn: tuple[str, str] | None = None
    contests: tuple[tuple[str, str, bool], ...] = ()
    quiz: tuple[str, str, frozenset[str], tuple[tuple[str, bool], ...]] | None = None


def facts(rules: SocialRules) -> Shadow:
    likes, owed, turns = like_shadow(rules), earned(rules), last_turn(rules)

    def grow(shadow: Facts, step: Step) -> Facts:
        event, after = step.event, step.after
        contests, quiz = shadow.contests, shadow.quiz
        kind = after.cards[event.card].kind if event.action == "play" and event.card in after.cards else None
        if kind == CONTEST:
            contests += ((event.card or "", event.player, False),)
        elif kind == QUIZ:
            quiz = (event.card or "", event.player, frozenset(c for c, _, done in contests if not done), ())
        elif event.action == "resolve":
            contests = tuple((c, o, done or c == event.about) for c, o, done in contests)
        elif event.action == "vote" and quiz is not None and event.vote is not None:
            quiz = quiz[:3] + (quiz[3] + ((event.player, event.vote),),)
        elif event.action == "start":
            quiz = None
        return Facts(likes(shadow.likes, replace_shadow(step, shadow.likes)),
                     owed(shadow.owed, replace_shadow(step, shadow.owed)),
                     turns(shadow.turn, replace_shadow(step, shadow.turn)), contests, quiz)
    return grow


def replace_shadow(step: Step, shadow: Any) -> Step:
    return Step(step.before, step.event, step.verdict, step.after, step.log, shadow)


def forbidden(rules: SocialRules, before: social.Referee, event: Event, known: Facts
              ) -> dict[RuleName, str]:
    """Every rule the rulebook says the event breaks, with its remedy (``refused``: taken back
    at once; ``corrected_at_scoring``: a wrong Like stays and goes back at scoring)."""
    out: dict[RuleName, str] = {}
    player, action = event.player, event.action
    two = len(before.names) == 2
    hand, pile = before.hand[player], before.pile[player]
    contests = {c: (o, done) for c, o, done in known.contests}
    quiz = known.quiz
    kind = before.cards[event.card].kind if event.card in before.cards else None
    # "As soon as a player has played all of his cards the round immediately ends"
    if before.end is not None:
        out["round_over"] = REFUSED
    # "All players are acting simultaneously: there are no turns": no passing.
    if not two and action == "pass":
        out["pass_two_player_only"] = REFUSED
    if two and action in TURNS and quiz is None:
        # "In his turn the player can perform only one of the following actions": no draw.
        if action == "draw":
            out["one_action_per_turn"] = REFUSED
        # The duel is resolved before the next turn.
        if any(not done for _, done in contests.values()):
            out["duel_first"] = REFUSED
        # "the players take turns, one after the other"
        due = before.setup.first if known.turn is None else next(n for n in before.names if n != known.turn[0])
        if due not in (None, player):
            out["turn_order"] = REFUSED
    if quiz is not None and action not in ("vote", "start"):
        card, author, pending, votes = quiz
        waiting = [c for c in pending if not contests[c][1]]
        if rules.quiz_with_contest_pending == "halt_at_quiz" or not waiting:
            # "no player may play, draw or discard cards until the Quiz is resolved"; the
            # pending Contests' resolution and their rewards, and the Quiz's own, go on.
            allowed = (action in ("resolve", "reward") and event.about in pending
                       or action == "reward" and event.about == card)
            if not allowed:
                like = action == "play" and kind == LIKE and rules.like_during_halt != "refused"
                out["quiz_halt"] = CORRECTED if like else REFUSED
        elif action == "play" and kind == QUIZ:
            # "you resolve the Contest and only then you halt the game": one Quiz at a time.
            out["contest_before_quiz"] = REFUSED
    if action in ("play", "cycle") or (action == "reward" and not event.from_pile):
        chosen = event.cards if action == "cycle" else (event.card,)
        if any(c not in hand for c in chosen):
            out["card_not_in_hand"] = REFUSED
    if action == "play":
        if rules.draw_up_to_five == "required" and not two and len(hand) < 5 and pile:
            out["draw_before_playing"] = REFUSED
        if kind == LIKE:
            galleries = {p.card: name for name in before.names for p in before.profile[name]
                         if p.face_up and p.on is None and before.cards[p.card].kind == "gallery"}
            on = event.on or ""
            if on not in galleries:
                out["like_on_active_gallery"] = REFUSED
            elif galleries[on] == player:
                out["like_own_gallery"] = REFUSED if rules.like_own_gallery == "refused" else CORRECTED
            elif on not in known.likes.active:
                out["like_closed_gallery"] = CORRECTED
            elif any(f.player == player and f.gallery == on and not f.own for f in known.likes.likes):
                out["like_once_per_gallery"] = CORRECTED
    elif action == "draw":
        held = len(hand)
        if held >= 5:
            out["draw_below_five"] = REFUSED
        if event.count is not None and held + event.count > 5:
            out["draw_up_to_five"] = REFUSED
        wanted = min(5 - held, len(pile)) if event.count is None else event.count
        if wanted <= 0 or wanted > len(pile):
            out["draw_from_pile"] = REFUSED
    elif action == "resolve":
        contest = contests.get(event.about or "")
        if contest is None or contest[1]:
            out["contest_not_pending"] = REFUSED
        else:
            if player != contest[0]:
                out["contest_decided_by_originator"] = REFUSED
            if not two and event.winner == contest[0] and rules.contest_originator_wins == "refused":
                out["contest_winner"] = REFUSED
    elif action == "reward":
        if dict(known.owed).get((player, event.about or ""), 0) < 1:
            out["reward_earned"] = REFUSED
        if event.from_pile and not pile:
            out["reward_from_pile"] = REFUSED
    elif action in ("vote", "start"):
        if quiz is None:
            out["no_quiz_running"] = REFUSED
        else:
            card, author, pending, votes = quiz
            voted = dict(votes)
            if action == "start":
                if player != author or len(voted) < len(before.names):
                    out["quiz_start"] = REFUSED
            else:
                if any(not contests[c][1] for c in pending):
                    out["contest_before_quiz"] = REFUSED
                if player in voted:
                    out["quiz_one_vote_each"] = REFUSED
                if player != author and author not in voted:
                    out["quiz_author_votes_first"] = REFUSED
    return out


def _mismatch(expected: dict[RuleName, str], verdict: social.Violation | None) -> str | None:
    """What is wrong with the referee's verdict, given every rule the rulebook says is broken:
    a legal event stands; one that breaks a rule taken back at once is refused under such a
    rule; one that breaks only rules corrected at scoring stays, under one of them."""
    if verdict is None:
        if not expected:
            return None
    elif expected.get(verdict.rule) == verdict.remedy and (
            verdict.remedy == REFUSED or REFUSED not in expected.values()):
        return None
    # Worded only when wrong: this runs on every event of every state.
    rulebook = ", ".join(f"{r} ({remedy})" for r, remedy in sorted(expected.items())) or "it is legal"
    got = "stands" if verdict is None else f"is judged {verdict.rule} ({verdict.remedy})"
    return f"{got}; the rulebook: {rulebook}"


def judged_as_written(rules: SocialRules) -> explore.Property:
    def holds(step: Step) -> str | None:
        why = _mismatch(forbidden(rules, step.before, step.event, step.shadow), step.verdict)
        return None if why is None else f"{step.event.player} {step.event.describe()} {why}"
    return holds


def refused_as_written(rules: SocialRules) -> explore.Refusal:
    def refusal(before: social.Referee, event: Event, verdict: social.Violation, shadow: Any) -> str | None:
        why = _mismatch(forbidden(rules, before, event, shadow), verdict)
        return None if why is None else f"{event.player} {event.describe()} {why}"
    return refusal


# SN-14: a game of 3 rounds (or one per player): the most total points wins, then the best round.

#: The games SN-14 runs through: (players, the points each can score in a round).
GAME_DOMAIN: tuple[tuple[int, tuple[int, ...]], ...] = ((2, (0, -1, -2)), (3, (0, -1)))


def _game(players: int, points: Sequence[Sequence[int]]) -> GameSetup:
    """A game whose rounds have no events: each player's draw pile holds as many cards as he
    loses points in that round (``points[round][seat]``, 0 or less), so that is his score."""
    decks = sample_decks()
    people = tuple(Player(NAMES[i], COLOURS[i]) for i in range(players))
    own = [[c.id for c in decks.colour_cards(COLOURS[i]) if c.kind != "vote"] for i in range(players)]
    rounds = tuple(RoundSetup(people, decks, tuple(tuple(own[i][:-score]) for i, score in enumerate(row)),
                              tuple(tuple(own[i][-score:]) for i, score in enumerate(row)), None, ())
                   for row in points)
    return GameSetup(people, rounds)


def rulebook_winners(points: Sequence[Sequence[int]]) -> tuple[tuple[str, ...], str]:
    """"The winner of the game is the player who has the most total points after 3 rounds. In
    case of a tie, the winner is the tied player who had the single highest score in a round.
    In case it's still a tie then all tied players win.\""""
    seats = range(len(points[0]))
    totals = [sum(row[p] for row in points) for p in seats]
    tied = [p for p in seats if totals[p] == max(totals)]
    if len(tied) == 1:
        return (NAMES[tied[0]],), "score"
    best = {p: max(row[p] for row in points) for p in tied}
    still = [p for p in tied if best[p] == max(best.values())]
    return tuple(NAMES[p] for p in still), "best_round" if len(still) == 1 else "shared"


def check_game_winner(ctx: Context) -> Counterexample | None:
    rules: SocialRules = ctx.rules
    for players in range(2, MAX_PLAYERS + 1):
        # "The game consists of 3 rounds"; under rounds=one_per_player, one round per player.
        wanted = 3 if rules.rounds == "three" else players
        if rules.round_count(players) != wanted:
            return Counterexample(
                {"players": players, "rounds": rules.round_count(players)}, f"{players} players",
                f"SocialRules.round_count: {rules.round_count(players)} rounds; the rulebook: {wanted}",
                rules.round_count(players) != wanted)
    for players, values in GAME_DOMAIN:
        rounds = rules.round_count(players)
        for at, combo in enumerate(itertools.product(values, repeat=players * rounds)):
            if at % 64 == 0 and time.perf_counter() >= ctx.deadline:
                raise TimeUp(f"time limit of {ctx.time_limit:g} s reached")
            points = [list(combo[r * players:(r + 1) * players]) for r in range(rounds)]
            result = social.judge_game(_game(players, points), rules)
            expected = rulebook_winners(points)
            totals = tuple((NAMES[p], sum(row[p] for row in points)) for p in range(players))
            if (result.winners, result.decided_by) == expected and result.totals == totals:
                continue
            again = social.judge_game(_game(players, points), rules)
            return Counterexample(
                {"players": list(NAMES[:players]), "rounds": points,
                 "winners": list(again.winners), "decided_by": again.decided_by},
                "\n".join(f"round {r + 1}: " + ", ".join(f"{NAMES[p]} {row[p]}" for p in range(players))
                          for r, row in enumerate(points)),
                f"judge_game: totals {dict(again.totals)}, winners {', '.join(again.winners)} "
                f"({again.decided_by}); the rulebook: totals {dict(totals)}, winners "
                f"{', '.join(expected[0])} ({expected[1]}) (the game judged again by a fresh call)",
                (again.winners, again.decided_by) != expected or again.totals != totals,
            )
    return None


# SN-15: "Was that Like legal?" answers as the rulebook does, and as a round's referee.


def check_like_question(ctx: Context) -> Counterexample | None:
    rules: SocialRules = ctx.rules
    for halt, own, active, passed, already in itertools.product((False, True), repeat=5):
        # The Gallery asked about, and another one beside it that answers otherwise.
        asked = GalleryView("blue-gallery-1", "Ana" if own else "Bo", active, ("Ana",) if already else (), passed)
        other = GalleryView("green-gallery-1", "Bo" if own else "Ana", not active, () if already else ("Ana",),
                            not passed)
        moment = LikeMoment(("Ana", "Bo", "Cy"), (other, asked), "Ana", asked.id, halt)
        answer = social.judge_like(moment, rules)
        if halt:
            # "no player may play ... until the Quiz is resolved"
            expected: tuple[str | None, str | None] = (
                "quiz_halt", REFUSED if rules.like_during_halt == "refused" else CORRECTED)
        else:
            expected = _like_expected(rules, own, active, passed, already)
        got = (answer.rule, answer.remedy)
        if got == expected and answer.legal == (expected[0] is None):
            continue
        again = social.judge_like(moment, rules)
        shown = dict(zip(("quiz_halt", "own_gallery", "active", "owner_passed", "already_liked"),
                         (halt, own, active, passed, already), strict=True))
        return Counterexample(
            {**shown, "legal": again.legal, "rule": again.rule, "remedy": again.remedy},
            "Ana plays a Like on " + ("her own" if own else "Bo's") + " Gallery blue-gallery-1 ("
            + ("active" if active else "closed") + (", owner passed" if passed else "")
            + (", Ana already liked it" if already else "") + (", in a Quiz halt" if halt else "")
            + "); beside it green-gallery-1, which answers otherwise",
            f"judge_like: {'legal' if again.legal else 'illegal'}, {again.rule or '-'} ({again.remedy or '-'}); "
            f"the rulebook: {expected[0] or 'legal'} ({expected[1] or '-'}) (asked again by a fresh call)",
            (again.rule, again.remedy) != expected or again.legal != (expected[0] is None),
        )
    return None


_QUIZ = ("a) if all players guessed correctly, they, but not the author, put down a card; b) if some "
         "players guessed correctly, they and the author put down a card; c) if no one guessed "
         "correctly, only the author puts down a card.")
_SCORE = ("Each player receives 1 point for each card (both his own and those of opponents) in his "
          "Profile and loses 1 point for each card left in his hand and draw pile. ... you give the "
          "wrongly played cards back to the owner, which will count as a minus 1 point for him.")
_LIKE = ("A Like card is played in another player's Profile and only on top of an active Gallery. "
         "Each player may play only one Like card on each Gallery. Playing the Like card on your own "
         "Gallery is not allowed!")
_WRONG_LIKES = ("When counting points, if you notice that someone has put more than one Like on one of "
                "your Galleries, or played a Like card on one of your closed Galleries, you give the "
                "wrongly played cards back to the owner, which will count as a minus 1 point for him.")
_PASSES = "A round ends as soon as any player is out of cards or both players choose to pass one after the other."
_REWARDS = ("Then both the Contest's originator and the winner may put one of their cards (either from their "
            "hand or the top card of their draw pile) face down in their respective Profiles. ... "
            "players who guessed correctly may put one of their cards (either from their hand or from the "
            "top of their draw pile) face down in their Profile")
_PENDING = ("If a player has played a Contest, but someone plays a Quiz before the Contest is resolved, you "
            "resolve the Contest and only then you halt the game in order to do the Quiz.")
_END = "As soon as a player has played all of his cards the round immediately ends and scoring begins."
_HALT = ("This immediately halts the game and no player may play, draw or discard cards until the Quiz "
         "is resolved.")
_DRAW = ("If at any time you have less than 5 cards in your hand, you can draw up to 5 cards in hand. If "
         "at any time you have in your hands cards that you don't like, you can put any number of cards "
         "underneath your draw pile and draw as many cards in place of them.")
_VOTES = ("The player who played the Quiz makes a statement about himself, ... and then plays one of his "
          "voting cards face down ... Other players then put one of their voting cards face down in front of "
          "them ... After the Quiz has been resolved, the player who played the Quiz card says \"Start!\" "
          "and the game continues.")
_TURNS = ("The game is not played simultaneously, but instead the players take turns, one after the other "
          "... In his turn the player can perform only one of the following actions: - play a card and draw "
          "a replacement card; - put any number of cards from his hand at the bottom of his draw pile and "
          "draw as many new cards; - pass.")
_CARDS = "Each player chooses a color and takes all corresponding cards."
_GAME = ("The game consists of 3 rounds, with scoring at the end of each round. ... The winner of the game "
         "is the player who has the most total points after 3 rounds. In case of a tie, the winner is the "
         "tied player who had the single highest score in a round. In case it's still a tie then all tied "
         "players win.")
_JUDGED = ("Each rule an event can break, as the rulebook gives it (model.social.rules.SOCIAL_RULES): an "
           "event that breaks none stands; one that breaks a rule that takes it back at once is refused; "
           "a wrong Like the scoring paragraph names stays, to go back at scoring.")


def _positions() -> str:
    return "; ".join(f"{p.name}: " + ", ".join(f"{n} {len(h)}+{len(pile)}" for n, _, h, pile in p.players)
                     for p in explore.POSITIONS)


STATES = (f"every state reachable from {len(explore.POSITIONS)} positions (cards in hand+pile: " + _positions()
          + "; the rest of each colour out of play) through every event of their cards (every play, "
          "a Like on every Gallery, draws of 1-3 or up to 5, cycles of 1-2 cards, every resolve and "
          "winner, every reward from hand or pile, both votes, Start!, pass); hands told apart as sets")
_REFEREE = ("model.social.engine.Referee.violation", "model.social.engine.Referee.apply")

#: The state-machine claims, by invariant: (property, shadow, the shadow's start).
CLAIMS: dict[str, ClaimMaker] = {
    "SN-4": (conserved, None, None),
    "SN-5": (ends_when_out, last_turn, None),
    "SN-6": (likes_as_written, like_shadow, LikeShadow()),
    "SN-7": (scored_as_written, None, None),
    "SN-8": (halt_holds, None, None),
    "SN-9": (draws_up_to_five, None, None),
    "SN-10": (votes_as_written, None, None),
    "SN-11": (takes_turns, last_turn, None),
    "SN-12": (rewards_as_written, earned, ()),
    "SN-13": (judged_as_written, facts, Facts()),
}

#: What each claim says of the events the referee refuses (where it says anything).
REFUSALS: dict[str, Callable[[SocialRules], explore.Refusal]] = {
    "SN-8": halt_begins,
    "SN-12": reward_refused,
    "SN-13": refused_as_written,
}

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "SN-1", GAME, "The Quiz cases a/b/c are exclusive and exhaustive, and reward as written",
        _QUIZ, f"Quizzes of 2-{MAX_PLAYERS} players (3-{MAX_PLAYERS} when 2-player Quizzes are "
        "removed), every vote of each",
        ("model.social.engine.quiz_rewards",), check_quiz_cases, argument="single-source",
    ),
    Invariant(
        "SN-2", GAME, "Each score: +1 a card in one's Profile, -1 one in hand or pile, -1 a Like "
        "given back; total 2 x (Profile cards) - (cards)",
        _SCORE, f"2-{SCORE_PLAYERS} players, tables of 0-{SCORE_CARDS} cards, each in its owner's hand or "
        "pile or in anyone's Profile, any card in a Profile given back or not (by induction: the empty "
        "table scores 0, and adding any card to any table changes each score by the card's worth)",
        ("model.social.engine.round_scores",), check_scores, argument="single-source",
    ),
    Invariant(
        "SN-3", GAME, "A Like stands only on another player's active Gallery, once",
        _LIKE, "every Like: own Gallery or not, active or closed, owner passed or not, liked before "
        "or not; the remedy of each",
        ("model.social.engine.like_code", "model.social.engine.like_refused"), check_like_rule,
        argument="single-source",
    ),
    Invariant(
        "SN-4", GAME, "Every event conserves the cards: each in one place, hands and piles their "
        "owner's, only Likes in another's Profile, each in its Gallery owner's",
        _CARDS + " " + _LIKE.split(" Each")[0], STATES, _REFEREE + ("model.social.engine.Referee.locations",),
        _exhaustive("SN-4"), argument="exhaustive",
    ),
    Invariant(
        "SN-5", GAME, "The round ends as soon as a player's hand and draw pile are both empty, or "
        "(2 players) both pass one after the other, and only then",
        _END + " " + _PASSES, STATES + "; a reward ends the round only under reward_can_end_round",
        _REFEREE + ("model.social.engine.Referee.outcome", "model.social.engine.Referee.out_of_cards"),
        _exhaustive("SN-5"), argument="exhaustive",
    ),
    Invariant(
        "SN-6", GAME, "No wrong Like counts: not on one's own Gallery, nor a closed one, nor twice",
        _LIKE + " " + _WRONG_LIKES, STATES,
        _REFEREE + ("model.social.engine.like_rule", "model.social.engine.Referee.returned_likes"),
        _exhaustive("SN-6"), argument="exhaustive",
    ),
    Invariant(
        "SN-7", GAME, "At every moment each score is counted as the rulebook says, and the total "
        "is 2 x (Profile cards) - (cards)",
        _SCORE, STATES, _REFEREE + ("model.social.engine.Referee.scores",),
        _exhaustive("SN-7"), argument="exhaustive",
    ),
    Invariant(
        "SN-8", GAME, "Nothing is played, drawn or discarded while a Quiz halts the game, and the "
        "halt waits for a pending Contest",
        _HALT + " " + _PENDING, STATES + "; a Like in a halt may stay to go back at scoring under like_during_halt",
        _REFEREE + ("model.social.engine.Referee.halted",),
        _exhaustive("SN-8"), argument="exhaustive",
    ),
    Invariant(
        "SN-9", GAME, "A draw takes cards from the top of the pile up to 5 in hand, never beyond, "
        "and only below 5; a cycle puts cards under the pile and draws as many",
        _DRAW, STATES, _REFEREE + ("model.social.engine.Referee._check_draw",),
        _exhaustive("SN-9"), argument="exhaustive",
    ),
    Invariant(
        "SN-10", GAME, "In a Quiz the author votes first, each other player once; the author says "
        "Start! once everyone has voted",
        _VOTES, STATES, _REFEREE + ("model.social.engine.Referee._check_vote",
                                    "model.social.engine.Referee._check_start"),
        _exhaustive("SN-10"), argument="exhaustive",
    ),
    Invariant(
        "SN-11", GAME, "2 players take turns, one action a turn (play, cycle or pass)",
        _TURNS, STATES, _REFEREE + ("model.social.engine.Referee._variant",),
        _exhaustive("SN-11"), argument="exhaustive",
    ),
    Invariant(
        "SN-12", GAME, "A card goes down face down only for whom the rulebook names: a Contest's "
        "originator and winner, a Quiz's right guessers (a, b, c); one each, right after",
        _REWARDS, STATES + "; who is rewarded when the originator wins, nobody wins, or (2 players) "
        "after a duel, as the options say",
        _REFEREE + ("model.social.engine.Referee._do_resolve", "model.social.engine.Referee._check_reward",
                    "model.social.engine.Referee._lapse"),
        _exhaustive("SN-12"), argument="exhaustive",
    ),
    Invariant(
        "SN-13", GAME, "Each event is refused exactly when it breaks a rule the rulebook takes back at "
        "once, under such a rule; a wrong Like it corrects at scoring stays, under its rule",
        _JUDGED, STATES + "; every event of the position's cards in every state, refused or not",
        _REFEREE + ("model.social.engine.Referee._variant", "model.social.engine.Referee._halt",
                    "model.social.engine.Referee._check", "model.social.engine.like_rule"),
        _exhaustive("SN-13"), argument="exhaustive",
    ),
    Invariant(
        "SN-14", GAME, "A game is 3 rounds (one per player under rounds=one_per_player); the most "
        "total points wins, a tie goes to the best single round, then all still tied win",
        _GAME, "round counts for 2-6 players; every game of 2 players scoring 0, -1 or -2 a round and "
        "of 3 players scoring 0 or -1 a round, over every round",
        ("model.social.engine.judge_game", "model.social.rules.SocialRules.round_count"),
        check_game_winner, argument="exhaustive",
    ),
    Invariant(
        "SN-15", GAME, "\"Was that Like legal?\" answers as the rulebook does: a halt refuses it, "
        "then not on one's own Gallery, only on an active one, once",
        _LIKE + " " + _HALT, "every moment: in a Quiz halt or not, own Gallery or not, active or closed, "
        "owner passed or not, liked before or not, with another Gallery beside it that answers otherwise",
        ("model.social.engine.judge_like",), check_like_question, argument="exhaustive",
    ),
)
