"""Likes and Lies invariants, each a rulebook statement about the engine's own functions.

Two ways of arguing, named on each invariant:

- ``single-source``: the rule functions of ``model.likes.rules`` (``streak_step``,
  ``influencer_steps``, ``vote_roles``, ``exchange_likes``, ``floor_at_start``, ``pawn_move``,
  ``moves_by_intent``, ``intent_steps``) are written once against ``model.common.ops``; the engine
  runs them on Python values, the proofs here run the very same functions (looked up when the
  check runs) on Z3 terms (``checks.z3ops.Z3``) and compare them with the rulebook's numbers,
  written here as literals (the 3rd round in a row, -3, +5, 10 Likes, +2, -2, +1, Start 0);
- ``exhaustive``: every round the engine's ``resolve_round`` accepts from a few given small
  positions (``checks.likes.explore``) is checked.

A counterexample is replayed through the engine (its Python functions, or ``resolve_round``).
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import z3

from checks.core import Context, Invariant, TimeUp, read
from checks.likes import explore
from checks.result import Counterexample
from checks.z3ops import Z3
from model.common.outcome import Outcome, Termination
from model.likes import engine as likes_engine
from model.likes import rules as likes_rules
from model.likes.cards import Board
from model.likes.engine import Draw, History, Report, RoundInput, RoundResult
from model.likes.io import sample_catalogue
from model.likes.rules import (
    FallBackReading,
    IntentKind,
    LikesRules,
    Role,
    RoleFlags,
    RuleName,
    SeveralViralReading,
    SpentIntentsReading,
    StreakReading,
)
from model.likes.state import PlayerState

GAME = "likes"
#: A role as a Z3 integer: 0 the Influencer, 1 tied for first, 2 anyone else.
INFLUENCER, TIED, OTHER = 0, 1, 2
ROLES = (Role.INFLUENCER, Role.TIED, Role.OTHER)
STREAK_ROUNDS, MOVES, MAX_STEP, MAX_VIRAL, MAX_EVENT_LIKES, MAX_PRINTED = 7, 6, 30, 200, 30, 30
RULEBOOK = likes_rules.RULEBOOK


def _flags(code: Any) -> RoleFlags:
    """The role of a Z3 integer code, as the rule functions take it."""
    return RoleFlags(code == INFLUENCER, code == TIED)


def _on_time(ctx: Context) -> Callable[[], None]:
    def check() -> None:
        if time.perf_counter() >= ctx.deadline:
            raise TimeUp(f"time limit of {ctx.time_limit:g} s reached")
    return check


# --- LL-1: never behind Start (the move rule) -------------------------------------------------


def replay_moves(rules: LikesRules, start: int, viral: int, steps: list[int]) -> list[int]:
    """The positions after each move, through the engine's own move (``_Table.move``) on a board
    with no Event space; the round's net floor of ``start_floor=round_net`` at the end."""
    table = likes_engine._Table(
        Board(viral), sample_catalogue(), rules, likes_engine.RoundInput("replay", (), ()),
        likes_engine.History(), {"P1": start}, {"P1": 0}, {},
    )
    seen = []
    for step in steps:
        table.move("P1", step, "start")
        seen.append(table.position["P1"])
    if rules.start_floor == "round_net":
        seen.append(likes_rules.floor_at_start(seen[-1]))
    return seen


def check_start_floor(ctx: Context) -> Counterexample | None:
    viral, start = z3.Int("viral"), z3.Int("start")
    steps = [z3.Int(f"step{i}") for i in range(MOVES)]
    solver = ctx.solver()
    solver.add(viral >= 2, viral <= MAX_VIRAL, start >= 0, start < viral)
    solver.add(*[z3.And(s >= -MAX_STEP, s <= MAX_STEP) for s in steps])
    each_move = ctx.rules.start_floor == "each_move"
    position, seen = start, []
    for s in steps:
        position = likes_rules.pawn_move(position, s, viral, ctx.rules.start_floor, Z3)
        seen.append(position)
    final = likes_rules.floor_at_start(seen[-1], Z3)
    # Start is space 0: under each_move no move ends behind it; under round_net the round's result.
    watched = seen + [final] if each_move else [final]
    solver.add(z3.Or([p < 0 for p in watched]))
    model = ctx.search(solver)
    if model is None:
        return None
    v, p0, moves = read(model, viral), read(model, start), [read(model, s) for s in steps]
    positions = replay_moves(ctx.rules, p0, v, moves)
    watched_now = positions if each_move else positions[-1:]
    return Counterexample(
        {"viral": v, "start": p0, "moves": moves, "positions": positions},
        f"a pawn on space {p0} (Start 0, Viral {v}) moves " + ", ".join(f"{m:+d}" for m in moves),
        f"the engine's moves (_Table.move, through pawn_move, the function the proof ran) put it on {positions}",
        any(p < 0 for p in watched_now),
    )


# --- LL-2: at most one Influencer ----------------------------------------------------------------


def check_one_influencer(ctx: Context) -> Counterexample | None:
    for players in range(3, 6):  # "best played with 3-5 players"
        counts = [z3.Int(f"likes{i}") for i in range(players)]
        flags = likes_rules.vote_roles(counts, Z3)
        solver = ctx.solver()
        # One Like token each, never on one's own card: n Likes, at most n - 1 on a card.
        solver.add(*[z3.And(c >= 0, c <= players - 1) for c in counts], z3.Sum(counts) == players)
        wrong = []
        for i, (c, f) in enumerate(zip(counts, flags, strict=True)):
            others = [o for j, o in enumerate(counts) if j != i]
            # "The player with the most votes will become the Influencer": strictly the most.
            influencer = z3.And([c > o for o in others])
            # "If there is a tie, there will be no Influencer": he shares the most votes.
            tied = z3.And(z3.And([c >= o for o in others]), z3.Or([c == o for o in others]))
            wrong.append(z3.Or(f.influencer != influencer, f.tied != tied))
        solver.add(z3.Or(wrong))
        model = ctx.search(solver)
        if model is None:
            continue
        got = {f"P{i + 1}": read(model, c) for i, c in enumerate(counts)}
        roles_now = likes_rules.roles(got)
        top = max(got.values())
        leaders = [n for n, c in got.items() if c == top]
        expected = {n: (Role.INFLUENCER if len(leaders) == 1 else Role.TIED) if n in leaders else Role.OTHER
                    for n in got}
        named = [n for n, r in roles_now.items() if r is Role.INFLUENCER]
        tied_now = [n for n, r in roles_now.items() if r is Role.TIED]
        return Counterexample(
            {"likes": got, "roles": {n: r.value for n, r in roles_now.items()}},
            "\n".join(f"{n}: {c} Likes -> {roles_now[n].value}" for n, c in got.items()),
            f"the engine's roles (through vote_roles, the function the proof ran): Influencer "
            f"{', '.join(named) or 'none'}; tied {', '.join(tied_now) or 'none'}",
            roles_now != expected,
        )
    return None


# --- LL-3: the streak rule, with ties --------------------------------------------------------


def _expected_penalty(run: Any, after_third: str) -> Any:
    """"the 3rd time in a row", as each reading of the option counts it."""
    if after_third == "penalty_again":
        return run >= 3
    if after_third == "restart":
        return run % 3 == 0
    return run == 3


def check_streak(ctx: Context) -> Counterexample | None:
    return _streak_counterexample(ctx, ctx.rules.streak_after_third)


#: The readings of "the 3rd time in a row" for the rounds after it (``streak_after_third``).
STREAK_READINGS: tuple[StreakReading, ...] = ("penalty_again", "restart", "third_only")


def check_streak_readings(ctx: Context) -> Counterexample | None:
    for after_third in STREAK_READINGS:
        found = _streak_counterexample(ctx, after_third)
        if found is not None:
            return found
    return None


def _streak_counterexample(ctx: Context, after_third: StreakReading) -> Counterexample | None:
    roles = [z3.Int(f"role{t}") for t in range(STREAK_ROUNDS)]
    solver = ctx.solver()
    solver.add(*[z3.And(r >= 0, r <= 2) for r in roles])
    streak, run, wrong = z3.IntVal(0), z3.IntVal(0), []
    for role in roles:
        step = likes_rules.streak_step(streak, _flags(role), after_third, Z3)
        streak = step.streak
        move = likes_rules.influencer_steps(step.penalised, Z3)
        # A tie he is in neither breaks nor extends the run; anything else not his breaks it.
        run = z3.If(role == OTHER, 0, z3.If(role == INFLUENCER, run + 1, run))
        expected = _expected_penalty(run, after_third)
        wrong.append(z3.And(role == INFLUENCER, z3.Or(
            step.penalised != expected, move != z3.If(expected, -3, 5))))
    solver.add(z3.Or(wrong))
    model = ctx.search(solver)
    if model is None:
        return None
    seq = [ROLES[read(model, r)] for r in roles]
    streak_now, count_run = 0, 0
    moves: list[int | None] = []
    expected_moves: list[int | None] = []
    for role in seq:
        step = likes_rules.streak_step(streak_now, role, after_third)
        streak_now = step.streak
        count_run = 0 if role is Role.OTHER else count_run + (role is Role.INFLUENCER)
        if role is Role.INFLUENCER:
            moves.append(likes_rules.influencer_steps(step.penalised))
            expected_moves.append(-3 if _expected_penalty(count_run, after_third) else 5)
        else:
            moves.append(None)
            expected_moves.append(None)
    first = next((i for i, (a, b) in enumerate(zip(moves, expected_moves, strict=True)) if a != b), None)
    return Counterexample(
        {"streak_after_third": after_third, "roles": [r.value for r in seq], "influencer_moves": moves,
         "expected": expected_moves},
        "round: " + " ".join(f"{i + 1:>3}" for i in range(len(seq))) + "\nrole:  "
        + " ".join({Role.INFLUENCER: "  I", Role.TIED: "  T", Role.OTHER: "  -"}[r] for r in seq)
        + "\nmove:  " + " ".join(f"{m:+3d}" if m is not None else "  ." for m in moves),
        "the engine's streak_step and influencer_steps (the functions the proof ran) move the Influencer "
        + ", ".join(f"{m:+d}" for m in moves if m is not None)
        + (f"; round {first + 1} differs from the rulebook" if first is not None else ""),
        first is not None,
    )


# --- LL-4: counters below 10 after the trades -----------------------------------------------


def check_counters(ctx: Context) -> Counterexample | None:
    before, received, bonus = z3.Int("before"), z3.Int("received"), z3.Int("event_likes")
    solver = ctx.solver()
    solver.add(before >= 0, before <= 9, received >= 0, received <= 4,
               bonus >= 0, bonus <= MAX_EVENT_LIKES)
    total = before + received + bonus
    if ctx.rules.likes_exchange == "on_reaching":
        first, gained1 = likes_rules.exchange_likes(before + received, Z3)
        counter, gained2 = likes_rules.exchange_likes(first + bonus, Z3)
        gained = gained1 + gained2
    else:
        counter, gained = likes_rules.exchange_likes(total, Z3)
    # "exchange 10 Likes to gain +1 steps": below 10 after, every 10 a step, none lost.
    solver.add(z3.Or(counter >= 10, counter < 0, counter + 10 * gained != total))
    model = ctx.search(solver)
    if model is None:
        return None
    b, r, e = read(model, before), read(model, received), read(model, bonus)
    if ctx.rules.likes_exchange == "on_reaching":
        rest, s1 = likes_rules.exchange_likes(b + r)
        rest, s2 = likes_rules.exchange_likes(rest + e)
        steps = s1 + s2
    else:
        rest, steps = likes_rules.exchange_likes(b + r + e)
    return Counterexample(
        {"counter_before": b, "likes_received": r, "event_likes": e, "counter_after": rest, "steps": steps},
        f"counter {b}, receives {r} Likes, then {e} from an Event card",
        f"the engine's exchange_likes (the function the proof ran) leaves the counter at {rest} and gives "
        f"{steps} step(s)",
        not 0 <= rest < 10 or rest + 10 * steps != b + r + e,
    )


# --- LL-5: who moves by his Intent -----------------------------------------------------------


def _expected_mover(role: Any, there: Any, option: str) -> Any:
    in_tie = {"nobody": False, "others": role == OTHER, "everyone": True}[option]
    return z3.If(there, role == OTHER, in_tie)


def check_intent_movers(ctx: Context) -> Counterexample | None:
    role, there = z3.Int("role"), z3.Bool("there_is_influencer")
    option = ctx.rules.intent_in_tie
    moves = likes_rules.moves_by_intent(_flags(role), there, option, Z3)
    solver = ctx.solver()
    # With an Influencer nobody is tied; without one, nobody is the Influencer.
    solver.add(role >= 0, role <= 2, z3.Implies(there, role != TIED), z3.Implies(z3.Not(there), role != INFLUENCER))
    solver.add(moves != _expected_mover(role, there, option))
    model = ctx.search(solver)
    if model is None:
        return None
    r, t = ROLES[read(model, role)], read(model, there)
    got = likes_rules.moves_by_intent(r, t, option)
    expected = (r is Role.OTHER) if t else {"nobody": False, "others": r is Role.OTHER, "everyone": True}[option]
    return Counterexample(
        {"role": r.value, "there_is_influencer": t, "moves_by_intent": got},
        f"a player who is {r.value} in a round {'with' if t else 'without'} an Influencer",
        f"the engine's moves_by_intent (the function the proof ran) says he "
        f"{'moves' if got else 'does not move'} by his Intent card",
        got != expected,
    )


# --- LL-6: the Intent steps -------------------------------------------------------------------------

#: The rulebook's steps: (poster not reported, poster reported, Influencer when reported).
INTENT_DEFAULTS: dict[IntentKind, tuple[int, int, int]] = {
    likes_rules.MISINFORMATION: (2, -2, 0), likes_rules.TRUE_INFORMATION: (1, 1, -2)}


def check_intent_steps(ctx: Context) -> Counterexample | None:
    printed_steps = ctx.rules.printed_steps
    for kind, present in itertools.product(INTENT_DEFAULTS, itertools.product((False, True), repeat=3)):
        reported = z3.Bool("reported")
        values = [z3.Int(f"printed{i}") for i in range(3)]
        printed = [v if p else None for v, p in zip(values, present, strict=True)]
        got = likes_rules.intent_steps(kind, reported, printed[0], printed[1], printed[2], printed_steps, Z3)
        want = [v if p and printed_steps else d
                for v, p, d in zip(values, present, INTENT_DEFAULTS[kind], strict=True)]
        solver = ctx.solver()
        solver.add(*[z3.And(v >= -MAX_PRINTED, v <= MAX_PRINTED) for v in values])
        solver.add(z3.Or(got.poster != z3.If(reported, want[1], want[0]),
                         got.influencer != z3.If(reported, want[2], 0)))
        model = ctx.search(solver)
        if model is None:
            continue
        r = read(model, reported)
        shown = [read(model, v) if p else None for v, p in zip(values, present, strict=True)]
        now = likes_rules.intent_steps(kind, r, shown[0], shown[1], shown[2], printed_steps)
        chosen = [v if v is not None and printed_steps else d
                  for v, d in zip(shown, INTENT_DEFAULTS[kind], strict=True)]
        expected = (chosen[1], chosen[2]) if r else (chosen[0], 0)
        return Counterexample(
            {"kind": kind, "reported": r, "printed": shown, "poster": now.poster,
             "influencer": now.influencer, "expected": list(expected)},
            f"an Intent card of {kind.replace('_', ' ')}, {'reported' if r else 'not reported'}, "
            f"printed values (not reported, reported, Influencer) {shown}",
            f"the engine's intent_steps (the function the proof ran): poster {now.poster:+d}, "
            f"Influencer {now.influencer:+d}",
            (now.poster, now.influencer) != expected,
        )
    return None


# --- the state machine: every round from the given positions ----------------------------------

Problem = Callable[[explore.Transition, RoundResult, LikesRules], "str | None"]


def _exhaustive(ctx: Context, problem: Problem) -> Counterexample | None:
    for t in explore.explored(ctx.rules, _on_time(ctx)):
        found = problem(t, t.result, ctx.rules)
        if found is None:
            continue
        again = explore.replay(t, ctx.rules)
        agrees = problem(t, again, ctx.rules)
        return Counterexample(
            {**explore.state_json(t), "problem": found},
            explore.drawn(t),
            f"resolve_round, replaying the round: {agrees or 'no longer breaks it'}",
            agrees is not None,
        )
    return None


def cards_problem(t: explore.Transition, result: RoundResult, rules: LikesRules) -> str | None:
    played = {play.player: play.intent for play in t.rnd.plays}
    for before, after in zip(t.before, result.players, strict=True):
        name, card = before.name, played[before.name]
        if card not in before.intent_deck:
            return f"{name} played {card}, not in his deck {list(before.intent_deck)}"
        left = tuple(c for c in before.intent_deck if c != card)
        if after.intent_deck != left:
            return f"{name}'s deck after playing {card} is {list(after.intent_deck)}, not {list(left)}"
        if sorted(after.intent_deck + t.discarded[name] + (card,)) != sorted(t.full[name]):
            return (f"{name}'s deck {list(after.intent_deck)} and discards "
                    f"{list(t.discarded[name] + (card,))} are not his {len(t.full[name])} cards "
                    f"{list(t.full[name])}, each once")
    later = t.history.after(t.rnd, result)
    contents = {play.content for play in t.rnd.plays}
    if later.captions != t.history.captions | {t.rnd.caption} or later.contents != t.history.contents | contents:
        return "the Caption and Content cards of the round are not discarded"
    if not Counter(result.events_drawn) <= Counter(d.card for d in t.rnd.draws):
        return f"Event cards {list(result.events_drawn)} drawn, not the round's draws"
    if rules.event_cards_discarded and (set(result.events_drawn) & t.history.events
                                        or len(set(result.events_drawn)) < len(result.events_drawn)):
        return f"an Event card among {list(result.events_drawn)} was drawn before"
    return None


def divert_problem(t: explore.Transition, result: RoundResult, rules: LikesRules) -> str | None:
    owner = {play.content: play.player for play in t.rnd.plays}
    played = {play.player: play.intent for play in t.rnd.plays}
    votes = Counter(owner[vote.card] for vote in t.rnd.votes)
    for name, got in result.received:
        if got != votes[name]:
            return f"{name} receives {got} Likes, but {votes[name]} Like tokens are on his Content card"
    start_likes = {p.name: p.likes for p in t.before}
    # No Like lost either: the counter after, plus 10 for each step exchanged, is the counter
    # before plus the Likes received plus those of his Event card.
    for before, after in zip(t.before, result.players, strict=True):
        event_likes = sum(explore.CATALOGUE.event(s.card).amount for s in result.steps
                          if s.player == before.name and s.rule == "event" and s.card is not None
                          and explore.CATALOGUE.event(s.card).effect == "likes")
        exchanged = sum(s.move for s in result.steps if s.player == before.name and s.rule == "likes_exchange")
        if after.likes + 10 * exchanged != before.likes + votes[before.name] + event_likes:
            return (f"{before.name}: counter {before.likes}, {votes[before.name]} Likes received, "
                    f"{event_likes} from an Event card, {exchanged} step(s) exchanged, counter {after.likes} after")
    posted: Counter[str] = Counter()
    for s in result.steps:
        if s.rule == "likes" and s.likes != start_likes[s.player] + votes[s.player]:
            return f"{s.player}'s counter becomes {s.likes} on receiving his Likes, not " \
                   f"{start_likes[s.player]} + {votes[s.player]}"
        if s.rule not in ("misinformation", "true_information") or s.card is None:
            continue
        card_owner = s.card.split("-", 1)[0]
        if card_owner == s.player and s.card == played[s.player]:
            # "Being an Influencer: +5 steps; does not gain more steps for their posted Intent."
            if s.player == result.influencer:
                return f"the Influencer {s.player} moves {s.move:+d} by his own Intent card {s.card}"
            posted[s.player] += 1
            if posted[s.player] > 1:
                return f"{s.player} moves twice by his Intent card {s.card}"
            continue
        card = explore.CATALOGUE.intent(s.card)
        penalty = (card.kind == "true_information"
                   or (rules.printed_steps and card.influencer_if_reported is not None))
        if not (s.player == result.influencer and card_owner == result.reported
                and s.card == played[card_owner] and penalty):
            return f"{s.player} moves {s.move:+d} by {card_owner}'s Intent card {s.card}"
    return None


def viral_problem(t: explore.Transition, result: RoundResult, rules: LikesRules) -> str | None:
    viral = explore.VIRAL
    for s in result.steps:
        if s.end > viral:
            return f"{s.player} ends a move on space {s.end}, past Viral ({viral})"
        if s.move and s.start + s.move >= viral:
            if s.end != viral:
                return f"{s.player} moves {s.move:+d} from {s.start} (Viral {viral}) and stops on {s.end}"
            if s.player not in result.reached_viral:
                return f"{s.player} moves {s.move:+d} from {s.start} onto Viral but has not reached it"
    ending = {s.player for s in result.steps if s.end == viral and s.start != viral}
    for name in result.reached_viral:
        if name not in ending:
            return f"{name} reached Viral without a move onto it"
    seat = [p.name for p in result.players]
    standing = {p.name for p in result.players if p.position == viral}
    candidates = [n for n in result.reached_viral
                  if rules.viral_fall_back == "reached_wins" or n in standing]
    winners = list(result.winners)
    # "Players who reach the final space of the board, Viral, will win the game."
    if rules.several_reach_viral == "all_win":
        ok = winners == sorted(candidates, key=seat.index)
    elif rules.several_reach_viral == "first_to_reach":
        ok = winners == candidates[:1]
    else:
        # The move that would have carried furthest past Viral: each candidate's longest.
        over = {n: max(s.start + s.move - viral for s in result.steps if s.player == n and s.start + s.move >= viral)
                for n in candidates}
        best = max(over.values(), default=0)
        ok = winners == sorted((n for n in candidates if over[n] == best), key=seat.index)
    several = len(candidates) > 1
    tie_break = {"all_win": False, "first_to_reach": several}.get(rules.several_reach_viral,
                                                                   several and len(winners) == 1)
    if ok and result.tie_break != tie_break:
        return f"{', '.join(candidates)} reached Viral, {', '.join(winners)} won: tie break {result.tie_break}"
    if not ok:
        return f"{', '.join(candidates) or 'nobody'} reached Viral; the winners are {', '.join(winners) or 'nobody'}"
    return None


def start_problem(t: explore.Transition, result: RoundResult, rules: LikesRules) -> str | None:
    if rules.start_floor == "each_move":
        for s in result.steps:
            if s.end < 0:
                return f"{s.player} moves {s.move:+d} from {s.start} to {s.end}, behind Start (0)"
    for p in result.players:
        if p.position < 0:
            return f"{p.name} ends the round on {p.position}, behind Start (0)"
    return None


def steps_problem(t: explore.Transition, result: RoundResult, rules: LikesRules) -> str | None:
    fixed = {"influencer": 5, "influencer_third": -3, "tie": 2}
    for s in result.steps:
        if s.rule in fixed and s.move != fixed[s.rule]:
            return f"{s.player} moves {s.move:+d} for {s.rule}, not {fixed[s.rule]:+d}"
        if s.rule not in ("misinformation", "true_information"):
            continue
        if s.card is None:
            return f"{s.player} moves {s.move:+d} for {s.rule} by no Intent card"
        card = explore.CATALOGUE.intent(s.card)
        printed = (card.if_not_reported, card.if_reported, card.influencer_if_reported)
        unreported, reported, penalty = (p if p is not None and rules.printed_steps else d
                                         for p, d in zip(printed, INTENT_DEFAULTS[card.kind], strict=True))
        if s.player == result.influencer:
            want = penalty
        else:
            want = reported if result.reported == s.player else unreported
        if s.move != want:
            return f"{s.player} moves {s.move:+d} by the Intent card {s.card}, not {want:+d}"
    penalties = [s for s in result.steps if s.player == result.influencer
                 and s.rule in ("misinformation", "true_information")]
    if len(penalties) > (1 if result.reported is not None else 0):
        return f"the Influencer {result.influencer} moves {len(penalties)} times for reporting {result.reported}"
    lines = Counter(s.player for s in result.steps if s.rule in ("influencer", "influencer_third"))
    if result.influencer is not None and lines[result.influencer] != 1:
        return f"the Influencer {result.influencer} has {lines[result.influencer]} Influencer moves"
    # The run carried to the next round: an Influencer round extends it, a tie he is in leaves
    # it, any other round ends it; the 3rd in a row is the penalised one.
    for before, after in zip(t.before, result.players, strict=True):
        if before.name == result.influencer:
            run = before.streak + 1
            third = _expected_penalty(run, rules.streak_after_third)
            rule = next(s.rule for s in result.steps if s.player == before.name
                        and s.rule in ("influencer", "influencer_third"))
            if (rule == "influencer_third") != third:
                return f"{before.name}'s Influencer round {run} in a row is moved as {rule}"
            want = 0 if rules.streak_after_third == "restart" and run == 3 else run
        elif before.name in result.tied:
            want = before.streak
        else:
            want = 0
        if after.streak != want:
            return f"{before.name}'s run of Influencer rounds is {after.streak} after the round, not {want}"
    # "report (reveal) an Intent card from ONE other player": the Influencer's report line reveals
    # the reported player's own card; "can also choose not to report anyone": a line that says so.
    played = {play.player: play.intent for play in t.rnd.plays}
    reports = [(s.player, s.card) for s in result.steps if s.rule == "report"]
    if reports != ([(result.influencer, played[result.reported])] if result.reported is not None else []):
        return f"the report lines are {reports}, for the report of {result.reported} by {result.influencer}"
    passes = [s.player for s in result.steps if s.rule == "no_report"]
    if passes != ([result.influencer] if result.influencer is not None and result.reported is None else []):
        return f"the lines of no report are {passes}, for {result.influencer} reporting {result.reported}"
    ties = Counter(s.player for s in result.steps if s.rule == "tie")
    if sorted(ties) != sorted(result.tied) or any(n != 1 for n in ties.values()):
        return f"tied players {list(result.tied)}, tie moves for {dict(ties)}"
    return None


def check_cards(ctx: Context) -> Counterexample | None:
    return _exhaustive(ctx, cards_problem)


def check_no_divert(ctx: Context) -> Counterexample | None:
    return _exhaustive(ctx, divert_problem)


def check_viral(ctx: Context) -> Counterexample | None:
    return _exhaustive(ctx, viral_problem)


#: The readings of the two Viral questions (``several_reach_viral``, ``viral_fall_back``).
VIRAL_READINGS: tuple[tuple[SeveralViralReading, FallBackReading], ...] = tuple(itertools.product(
    ("all_win", "first_to_reach", "furthest"), ("reached_wins", "must_stand")))


def check_viral_readings(ctx: Context) -> Counterexample | None:
    on_time = _on_time(ctx)
    seen: set[tuple[object, ...]] = set()
    for t in explore.explored(ctx.rules, on_time):
        result = t.result
        if not result.reached_viral:
            continue
        key = (t.start, result.reached_viral, tuple(p.position for p in result.players),
               tuple((s.player, s.start + s.move) for s in result.steps if s.start + s.move >= explore.VIRAL))
        if key in seen:
            continue
        seen.add(key)
        on_time()
        # The Viral questions decide only who wins: the round is accepted and moved alike.
        for several, fall_back in VIRAL_READINGS:
            rules = replace(ctx.rules, several_reach_viral=several, viral_fall_back=fall_back)
            again = explore.replay(t, rules)
            found = viral_problem(t, again, rules)
            if found is None:
                continue
            return Counterexample(
                {**explore.state_json(t), "several_reach_viral": several, "viral_fall_back": fall_back,
                 "problem": found},
                explore.drawn(t) + f"\n  under several_reach_viral={several}, viral_fall_back={fall_back}",
                f"resolve_round under those readings: {viral_problem(t, explore.replay(t, rules), rules) or 'fine'}",
                viral_problem(t, explore.replay(t, rules), rules) is not None,
            )
    return None


def check_behind_start(ctx: Context) -> Counterexample | None:
    return _exhaustive(ctx, start_problem)


def check_round_steps(ctx: Context) -> Counterexample | None:
    return _exhaustive(ctx, steps_problem)



# --- LL-12: the engine accepts exactly the rounds the rules allow ----------------------------

#: The path given to the one input element a perturbation changes (the refusal must name it).
HERE = "perturbed"


Perturbation = tuple[str, tuple[PlayerState, ...], RoundInput, History, "tuple[RuleName, str] | None", LikesRules]


def _perturbations(t: explore.Transition, rules: LikesRules) -> list[Perturbation]:
    """Inputs one rule forbids, built from an accepted round, each with the rule and the path
    the refusal must name; and inputs that change nothing the rules care about (None: accepted,
    resolved as the round itself)."""
    rnd, history, before, result = t.rnd, t.history, t.before, t.result
    plays, votes = rnd.plays, rnd.votes
    out: list[Perturbation] = []

    def add(what: str, changed: RoundInput, rule: RuleName | None, path: str = HERE,
            players: tuple[PlayerState, ...] = before, used: History = history, rules: LikesRules = rules) -> None:
        out.append((what, players, changed, used, None if rule is None else (rule, path), rules))

    first = plays[0]
    add("the Caption card was used in an earlier round", rnd,
        "caption_once", f"{rnd.path}.caption", used=replace(history, captions=history.captions | {rnd.caption}))
    add("a Content card was used in an earlier round", replace(rnd, plays=(replace(first, path=HERE),) + plays[1:]),
        "content_once", used=replace(history, contents=history.contents | {first.content}))
    add("two players play the same Content card",
        replace(rnd, plays=(plays[0], replace(plays[1], content=first.content, path=HERE)) + plays[2:]),
        "content_once")
    add("a player plays a second time", replace(rnd, plays=plays + (replace(first, content="extra", path=HERE),)),
        "one_play")
    add("a player plays no cards", replace(rnd, plays=plays[1:]), "one_play", f"{rnd.path}.plays")
    other = next(c.id for c in explore.CATALOGUE.intents if c.id not in before[0].intent_deck)
    add("an Intent card not in the player's deck", replace(rnd, plays=(replace(first, intent=other, path=HERE),)
                                                          + plays[1:]), "intent_from_deck")
    for index, state in enumerate(before):
        if len(state.intent_deck) > 1 and state.deck_order_known and rules.intent_source == "draw_top":
            below = replace(plays[index], intent=state.intent_deck[1], path=HERE)
            add("an Intent card below the top of the deck",
                replace(rnd, plays=plays[:index] + (below,) + plays[index + 1:]), "intent_top_card")
            break
    if rules.spent_intents != "reshuffle":
        empty = (replace(before[0], intent_deck=()),) + before[1:]
        add("a player has no Intent card left", rnd, "intents_spent", "players[0].intent_deck", players=empty)
    vote = votes[0]
    add("a Like token taken back", replace(rnd, votes=(replace(vote, taken_back=True, path=HERE),) + votes[1:]),
        "vote_taken_back")
    own = next(p.content for p in plays if p.player == vote.voter)
    add("a Like token on one's own card", replace(rnd, votes=(replace(vote, card=own, path=HERE),) + votes[1:]),
        "vote_own_card")
    add("a second Like token", replace(rnd, votes=votes + (replace(vote, path=HERE),)), "one_like_token")
    add("a player puts no Like token down", replace(rnd, votes=votes[1:]), "every_player_votes", f"{rnd.path}.votes")
    add("Like tokens put down at different moments",
        replace(rnd, votes=tuple(replace(v, at=i, path=HERE if i else v.path) for i, v in enumerate(votes))),
        "simultaneous_votes")
    add("Like tokens put down at one moment", replace(rnd, votes=tuple(replace(v, at=7) for v in votes)), None)
    leader = result.influencer
    if leader is None:
        add("a report after a tie", replace(rnd, reports=(Report(plays[0].player, plays[1].player, HERE),)),
            "report_by_influencer")
    else:
        someone = next(p.player for p in plays if p.player != leader)
        add("a report by another than the Influencer", replace(rnd, reports=(Report(someone, leader, HERE),)),
            "report_by_influencer")
        add("the Influencer reports himself", replace(rnd, reports=(Report(leader, leader, HERE),)),
            "report_other_player")
        add("the Influencer reports twice", replace(rnd, reports=(Report(leader, someone),
                                                                 Report(leader, someone, HERE))), "report_one")
        if not rnd.reports:
            add("the Influencer chooses not to report", replace(rnd, reports=(Report(leader, None),)), None)
        draw = next((d for d in rnd.draws if d.player == leader), None)
        lines = [(s.player, s.rule) for s in result.steps]
        # His Event card drawn on his own Influencer move, before his report.
        drew_first = draw is not None and "report" in [r for _, r in lines] and (leader, "event") in lines and (
            lines.index((leader, "event")) < lines.index((leader, "report")))
        if draw is not None and drew_first and rnd.reports and rnd.reports[0].target is not None:
            report = rnd.reports[0]
            timed = tuple(replace(d, at=5) if d is draw else d for d in rnd.draws)
            add("a report made before the Influencer's Event card",
                replace(rnd, draws=timed, reports=(replace(report, at=5, path=HERE),)), "event_before_report")
            add("a report made after the Influencer's Event card",
                replace(rnd, draws=timed, reports=(replace(report, at=6),)), None)
            # Only two recorded times can be out of order: one time alone says nothing.
            add("a report's time recorded, not his Event card's", replace(rnd, reports=(replace(report, at=5),)),
                None)
            add("his Event card's time recorded, not the report's", replace(rnd, draws=timed), None)
        if draw is None and rnd.reports and rnd.reports[0].target is not None:
            # He drew no Event card (he landed on no Event space): one given to him, even timed with
            # his report, is a draw without landing, not a report before his Event card.
            report = rnd.reports[0]
            add("an Event card for an Influencer who lands on none, timed with his report",
                replace(rnd, draws=rnd.draws + (Draw(leader, explore.CATALOGUE.events[0].id, HERE, 5),),
                        reports=(replace(report, at=5),)), "event")
    drawer = plays[0].player
    card0 = explore.CATALOGUE.events[0].id
    extra = (Draw(drawer, card0, HERE),) if any(d.player == drawer for d in rnd.draws) else (
        Draw(drawer, card0), Draw(drawer, card0, HERE))
    add("a second Event card for one player", replace(rnd, draws=rnd.draws + extra), "first_event_only")
    idle = next((p.player for p in plays if all(d.player != p.player for d in rnd.draws)), None)
    if idle is not None:
        add("an Event card drawn without landing on an Event space",
            replace(rnd, draws=rnd.draws + (Draw(idle, explore.CATALOGUE.events[0].id, HERE),)), "event")
    if rnd.draws:
        drawn_before = replace(history, events=history.events | {rnd.draws[0].card})
        marked = replace(rnd, draws=(replace(rnd.draws[0], path=HERE),) + rnd.draws[1:])
        add("an Event card drawn in an earlier round", marked,
            "event_card_once" if rules.event_cards_discarded else None, used=drawn_before)
        cards = [d.card for d in rnd.draws]
        if not rules.event_cards_discarded and len(set(cards)) == len(cards) and not set(cards) & history.events:
            # The other reading of event_cards_discarded: these draws are each a first, so allowed;
            # once drawn before, refused.
            once = replace(rules, event_cards_discarded=True)
            add("under event_cards_discarded=true, Event cards never drawn before", rnd, None, rules=once)
            add("under event_cards_discarded=true, an Event card drawn in an earlier round", marked,
                "event_card_once", used=drawn_before, rules=once)
    return out


def check_accepts_the_rules(ctx: Context) -> Counterexample | None:
    on_time = _on_time(ctx)
    for refusal in explore.refusals(ctx.rules, on_time):
        error = refusal.error
        again = _refused(refusal, ctx.rules)
        return Counterexample(
            {"start": refusal.start, "round_number": refusal.number, "refused": error.rule,
             "path": error.path, "problem": f"a round the rules allow is refused ({error.rule})"},
            f"from: {refusal.start} (round {refusal.number}); plays "
            + ", ".join(f"{p.player} {p.intent}" for p in refusal.rnd.plays) + "; votes "
            + ", ".join(f"{v.voter}->{v.card}" for v in refusal.rnd.votes) + "; reports "
            + (", ".join(f"{r.by}->{r.target}" for r in refusal.rnd.reports) or "none"),
            f"resolve_round refuses it again: {again}" if again else "resolve_round now accepts it",
            again is not None,
        )
    for index, t in enumerate(_kinds_of_round(explore.explored(ctx.rules, on_time))):
        if index % 10 == 0:
            on_time()
        for what, players, rnd, history, want, rules in _perturbations(t, ctx.rules):
            problem = _perturbation_problem(t, players, rnd, history, want, rules)
            if problem is None:
                continue
            agrees = _perturbation_problem(t, players, rnd, history, want, rules)
            return Counterexample(
                {**explore.state_json(t), "perturbation": what, "problem": problem},
                explore.drawn(t) + f"\n  changed: {what}",
                f"resolve_round on the changed round: {agrees or 'no longer breaks it'}",
                agrees is not None,
            )
    return None


def _kinds_of_round(explored: tuple[explore.Transition, ...]) -> list[explore.Transition]:
    """The first accepted round of each kind: its position and round, with an Influencer or a
    tie, his report or none, who draws Event cards and whether the Influencer's own move drew one
    before his report (what decides which perturbations apply and what they must give)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for t in explored:
        lines: list[tuple[str | None, str]] = [(s.player, s.rule) for s in t.result.steps]
        leader = t.result.influencer
        drew_first = (leader, "event") in lines and (leader, "report") in lines and (
            lines.index((leader, "event")) < lines.index((leader, "report")))
        key = (t.start, t.number, leader is None, tuple(r.target is None for r in t.rnd.reports),
               tuple(sorted(d.player for d in t.rnd.draws)), drew_first)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _refused(refusal: explore.Refusal, rules: LikesRules) -> str | None:
    """The engine's refusal of the round again, or None when it accepts it now."""
    try:
        likes_engine.resolve_round(explore.CATALOGUE, refusal.before, refusal.rnd, rules, refusal.history)
    except likes_engine.IllegalInput as error:
        return f"{error.rule} at {error.path!r}"
    return None


def _perturbation_problem(t: explore.Transition, players: tuple[PlayerState, ...], rnd: RoundInput,
                          history: History, want: tuple[RuleName, str] | None, rules: LikesRules) -> str | None:
    try:
        got = likes_engine.resolve_round(explore.CATALOGUE, players, rnd, rules, history)
    except likes_engine.IllegalInput as error:
        if want is None:
            return f"refused ({error.rule} at {error.path!r}), though the rules allow it"
        if (error.rule, error.path) != want:
            return f"refused for {error.rule} at {error.path!r}, not {want[0]} at {want[1]!r}"
        return None
    if want is not None:
        return f"accepted, though it breaks {want[0]}"
    if got != t.result:
        return "accepted, but resolved otherwise than the round itself"
    return None



# --- LL-13: a replayed game ends as the rulebook says ----------------------------------------


def _second_round(rnd: RoundInput) -> RoundInput:
    """The same table decisions again, with fresh Caption and Content cards, as a log's next round."""
    fresh = {play.content: f"{play.content}-again" for play in rnd.plays}
    return replace(rnd, caption=f"{rnd.caption}-again", path="rounds[1]",
                   plays=tuple(replace(p, content=fresh[p.content]) for p in rnd.plays),
                   votes=tuple(replace(v, card=fresh[v.card]) for v in rnd.votes))


def game_problem(t: explore.Transition, rules: LikesRules) -> str | None:
    """What is wrong with ``replay_game`` on the round alone, and followed by a second round."""
    result = t.result
    one = likes_engine.replay_game(explore.CATALOGUE, t.before, (t.rnd,), rules)
    if one.rounds != (result,) or one.players != result.players:
        return "the replayed game's round or players are not the round's"
    spent = any(not p.intent_deck for p in result.players) and rules.spent_intents != "reshuffle"
    if result.winners:
        want: tuple[str, tuple[str, ...], int | None] = ("won", result.winners, 1)
    elif spent and rules.spent_intents == "furthest_wins":
        best = max(p.position for p in result.players)
        want = ("won", tuple(p.name for p in result.players if p.position == best), 1)
    elif spent:
        want = ("no_winner", (), 1)
    else:
        want = ("unfinished", (), None)
    got = (one.status, one.winners, one.decided_in)
    if got != want:
        return f"the game of this round alone is {got} (status, winners, round), not {want}"
    # "Players who reach the final space of the board, Viral, will win the game": ended on Viral.
    outcome = one.outcome
    if want[0] == "unfinished":
        if outcome is not None:
            return f"an unfinished game has the outcome {outcome}"
    else:
        on_viral = bool(result.winners)
        decided = ("no_winner" if not want[1] else "tie_break" if on_viral and result.tie_break
                   else "shared" if len(want[1]) > 1 else "")
        expected = Outcome(Termination.GOAL if on_viral else Termination.ROUNDS, want[1], decided)
        if outcome != expected:
            return f"the game's outcome is {outcome}, not {expected}"
    second = _second_round(t.rnd)
    two = likes_engine.replay_game(explore.CATALOGUE, t.before, (t.rnd, second), rules)
    if want[0] != "unfinished":
        # A round after the game is over breaks "game_over"; the game stays as it ended.
        error = two.violation
        if (two.status, two.decided_in, two.rounds, two.players) != ("illegal", 2, (result,), result.players) \
                or error is None or (error.rule, error.path) != ("game_over", second.path):
            return (f"a round after the game ended gives {two.status} in round {two.decided_in} "
                    f"({error.rule if error else 'no rule broken'}), not game_over in round 2")
        return None
    players = tuple(replace(p, intent_deck=t.full[p.name], deck_order_known=False) if not p.intent_deck else p
                    for p in result.players)
    try:
        follow = likes_engine.resolve_round(explore.CATALOGUE, players, second, rules,
                                            t.history.after(t.rnd, result))
    except likes_engine.IllegalInput as refused:
        # The players as the refused round found them (a spent deck reshuffled).
        if (two.status, two.decided_in, two.rounds, two.players) != ("illegal", 2, (result,), players) \
                or two.violation is None or two.violation.rule != refused.rule:
            return f"the second round, refused for {refused.rule}, gives {two.status} in round {two.decided_in}"
        return None
    if two.rounds != (result, follow) or two.players != follow.players:
        return "the second round is not resolved from the players and cards the first left"
    return None


#: The readings of "the Intent decks are spent" (``spent_intents``), each checked by LL-13.
SPENT_READINGS: tuple[SpentIntentsReading, ...] = ("game_ends", "reshuffle", "furthest_wins")


def check_game_end(ctx: Context) -> Counterexample | None:
    on_time = _on_time(ctx)
    for index, t in enumerate(_kinds_of_game(explore.explored(ctx.rules, on_time))):
        if index % 10 == 0:
            on_time()
        # The round is the same under each reading of spent_intents (no deck is empty before it);
        # each reading ends the game as it says.
        for spent in SPENT_READINGS:
            rules = replace(ctx.rules, spent_intents=spent)
            found = game_problem(t, rules)
            if found is not None:
                break
        if found is None:
            continue
        agrees = game_problem(t, rules)
        return Counterexample(
            {**explore.state_json(t), "spent_intents": rules.spent_intents, "problem": found},
            explore.drawn(t) + f"\n  replayed as a game (replay_game, spent_intents={rules.spent_intents}), "
            "then with a second round",
            f"replay_game again: {agrees or 'no longer breaks it'}",
            agrees is not None,
        )
    return None


def _kinds_of_game(explored: tuple[explore.Transition, ...]) -> list[explore.Transition]:
    """The first round of a game (round 1 of a position) of each kind of ending: who wins, by an
    option's tie break or not, whose deck is spent."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for t in explored:
        if t.number != 1:
            continue
        key = (t.start, t.result.winners, t.result.tie_break, tuple(not p.intent_deck for p in t.result.players),
               tuple(p.position for p in t.result.players))
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


# --- LL-16: the setup --------------------------------------------------------------------------

#: "All pawns start on the first space of the board." "15 Intent cards are placed face down as a
#: deck in front of each player."
SETUP = ("All pawns start on the first space of the board. Players cannot move further back than the "
         "Start space. 15 Intent cards are placed face down as a deck in front of each player.")


def setup_problem(players: tuple[PlayerState, ...], names: tuple[str, ...],
                  decks: dict[str, tuple[str, ...]] | None, cards: tuple[str, ...]) -> str | None:
    """What is wrong with the players ``start_players`` seats: in seat order, each on Start (space
    0) with an empty counter and no run, holding 15 Intent cards, the box's each once (his own
    shuffled deck, top first, when one is given)."""
    if tuple(p.name for p in players) != names:
        return f"the players are seated as {[p.name for p in players]}, not {list(names)}"
    for p in players:
        if (p.position, p.likes, p.streak) != (0, 0, 0):
            return f"{p.name} starts on space {p.position} with {p.likes} Likes and a run of {p.streak}"
        want = decks[p.name] if decks is not None else cards
        if len(p.intent_deck) != 15 or sorted(p.intent_deck) != sorted(cards) or p.intent_deck != want:
            return f"{p.name} starts with the Intent deck {list(p.intent_deck)}, not {list(want)}"
        if not p.deck_order_known:
            return f"{p.name}'s deck, just placed face down, is of no known order"
    return None


def check_setup(ctx: Context) -> Counterexample | None:
    catalogue = sample_catalogue()
    cards = catalogue.intent_ids()
    for count in range(3, 6):  # "best played with 3-5 players"
        names = tuple(f"P{i + 1}" for i in range(count))
        # The box's order for everyone, and a deck of his own for each (a different rotation).
        given = {name: cards[i + 1:] + cards[:i + 1] for i, name in enumerate(names)}
        for decks in (None, given):
            players = likes_engine.start_players(catalogue, names, decks)
            found = setup_problem(players, names, decks, cards)
            if found is None:
                continue
            again = setup_problem(likes_engine.start_players(catalogue, names, decks), names, decks, cards)
            return Counterexample(
                {"players": list(names), "decks": decks, "problem": found},
                f"{count} players sit down ({'each with his own shuffled deck' if decks else 'the box order'})",
                f"start_players again: {again or 'no longer breaks it'}",
                again is not None,
            )
    return None


MACHINE_DOMAIN = (
    "every round resolve_round accepts (every Intent card the rules let each pick, every way of "
    "putting the 3 Like tokens, every report or none, every Event card a landing draws) from 4 "
    "given positions of 3 players on a board with Viral at 8 and Event spaces 3 and 6 (Event cards "
    "-4 steps, +9 Likes, +3 steps; each player's own Misinformation and True Information cards, "
    "printed ones too): everyone on Start, 2 cards each (1 round); around the Event spaces (1 "
    "round); one step from Viral with 9 Likes, two Influencer rounds into a run, the last card of "
    "each deck (2 rounds: the game ends, or the decks are reshuffled); another one step from Viral "
    "two rounds into a run, the last card of each deck (1 round)"
)

INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "LL-1", GAME, "No pawn is ever behind Start",
        RULEBOOK["start"],
        f"a pawn on any space before Viral of a board with Viral at 2-{MAX_VIRAL}, {MOVES} moves of "
        f"-{MAX_STEP}..+{MAX_STEP} steps in a round; the option's floor (each move, or the round's result)",
        ("model.likes.rules.pawn_move", "model.likes.rules.floor_at_start", "model.likes.engine._Table.move"),
        check_start_floor, "single-source",
    ),
    Invariant(
        "LL-2", GAME, "At most one Influencer, the unique top vote-getter; a tie for first makes none",
        RULEBOOK["report_by_influencer"] + " If there is a tie, there will be no Influencer in that round.",
        "3-5 players, one Like token each, never on one's own card (every vote count)",
        ("model.likes.rules.vote_roles", "model.likes.rules.roles"), check_one_influencer, "single-source",
    ),
    Invariant(
        "LL-3", GAME,
        "The streak rule: the 3rd Influencer round in a row is -3 instead of +5; ties neither break nor extend it",
        RULEBOOK["influencer"] + " " + RULEBOOK["influencer_third"] + " " + RULEBOOK["streak"],
        f"every sequence of {STREAK_ROUNDS} rounds of roles (Influencer, tied for first, other) from a run of 0",
        ("model.likes.rules.streak_step", "model.likes.rules.influencer_steps"), check_streak, "single-source",
    ),
    Invariant(
        "LL-4", GAME, "Counters stay below 10 after the trades, and no Like is lost",
        RULEBOOK["likes_exchange"],
        f"a counter of 0-9, 0-4 Likes received, 0-{MAX_EVENT_LIKES} Likes from an Event card; "
        "exchanged as the likes_exchange option says",
        ("model.likes.rules.exchange_likes",), check_counters, "single-source",
    ),
    Invariant(
        "LL-5", GAME, "The Influencer never moves by his own Intent; others only as the tie option says",
        RULEBOOK["influencer"] + " " + RULEBOOK["intent"],
        "every role, with and without an Influencer",
        ("model.likes.rules.moves_by_intent",), check_intent_movers, "single-source",
    ),
    Invariant(
        "LL-6", GAME, "A reported True Information costs the Influencer -2, never its poster",
        RULEBOOK["misinformation"] + " " + RULEBOOK["true_information"],
        f"both kinds of Intent, reported or not, each printed value absent or any of "
        f"-{MAX_PRINTED}..+{MAX_PRINTED}",
        ("model.likes.rules.intent_steps",), check_intent_steps, "single-source",
    ),
    Invariant(
        "LL-7", GAME,
        "Cards are conserved: each Intent card is in its deck or discarded, once; used cards are discarded",
        RULEBOOK["intent_from_deck"] + " " + RULEBOOK["content_once"] + " " + RULEBOOK["first_event_only"],
        MACHINE_DOMAIN,
        ("model.likes.engine.resolve_round", "model.likes.engine.History.after"), check_cards, "exhaustive",
    ),
    Invariant(
        "LL-8", GAME, "Lies never divert: Likes go to the card's owner, none lost; an Intent card moves only its "
        "poster (and the Influencer who reports True Information)",
        RULEBOOK["likes"] + " " + RULEBOOK["likes_exchange"] + " " + RULEBOOK["misinformation"] + " "
        + RULEBOOK["true_information"],
        MACHINE_DOMAIN,
        ("model.likes.engine.resolve_round",), check_no_divert, "exhaustive",
    ),
    Invariant(
        "LL-9", GAME, "A pawn reaches Viral without an exact count, and reaching it wins",
        RULEBOOK["viral"] + " Do not need an exact number to get to Viral (for example, if players are 2 "
        "spaces from Viral, moving forward by 2 or more would let them win)",
        MACHINE_DOMAIN,
        ("model.likes.engine.resolve_round", "model.likes.engine._Table.move", "model.likes.rules.pawn_move"),
        check_viral, "exhaustive",
    ),
    Invariant(
        "LL-10", GAME, "No pawn ends a move behind Start, through a whole round with its Events",
        RULEBOOK["start"],
        MACHINE_DOMAIN,
        ("model.likes.engine.resolve_round", "model.likes.engine._Table.move"), check_behind_start, "exhaustive",
    ),
    Invariant(
        "LL-11", GAME,
        "Every move of a round is worth the rulebook's steps (Influencer +5, -3, tie +2, Intents); runs carry over",
        RULEBOOK["influencer"] + " " + RULEBOOK["influencer_third"] + " " + RULEBOOK["streak"] + " "
        + RULEBOOK["tie"] + " "
        + RULEBOOK["misinformation"] + " " + RULEBOOK["true_information"],
        MACHINE_DOMAIN,
        ("model.likes.engine.resolve_round", "model.likes.engine._report_penalty"), check_round_steps, "exhaustive",
    ),
    Invariant(
        "LL-12", GAME,
        "The engine accepts exactly the rounds the rules allow and refuses each broken rule by name",
        " ".join(RULEBOOK[r] for r in ("one_play", "intent_from_deck", "one_like_token", "vote_own_card",
                                        "report_by_influencer", "first_event_only")),
        MACHINE_DOMAIN + "; every round built from the rules at those positions, and from each accepted "
        "round every input one rule forbids (a used Caption, Content or Event card, a second play or "
        "none, a card from outside the deck or below its top, no Intent card left, a Like token taken "
        "back, on one's own card, a second one or none, tokens at different moments, a report by "
        "another than the Influencer, of himself, twice, before his Event card, a second Event card, "
        "one drawn without landing, also by an Influencer timed with his report) and inputs the rules do "
        "not care about (tokens at one moment, a choice not to report, a report after the Event card, "
        "the time of only one of the two); the draws also under the other reading of "
        "event_cards_discarded",
        ("model.likes.engine.resolve_round", "model.likes.engine._check_plays", "model.likes.engine._count_votes",
         "model.likes.engine._check_reports", "model.likes.engine._Table.land",
         "model.likes.engine._check_event_before_report"),
        check_accepts_the_rules, "exhaustive",
    ),
    Invariant(
        "LL-13", GAME,
        "A replayed game is won on Viral, ends when the Intent decks are spent, and takes no round after",
        RULEBOOK["viral"] + " " + RULEBOOK["intents_spent"] + " " + RULEBOOK["game_over"],
        "the first round from each of the 4 given positions of LL-7 (one of each ending: who wins, by "
        "a tie break or not, whose deck is spent, where the pawns stand), replayed as a game alone and "
        "followed by a second round with fresh Caption and Content cards; under each reading of "
        "spent_intents (game_ends, reshuffle, furthest_wins)",
        ("model.likes.engine.replay_game", "model.likes.engine._spent", "model.likes.engine.GameResult.outcome"),
        check_game_end, "exhaustive",
    ),
    Invariant(
        "LL-14", GAME,
        "Under every reading of the rounds after the 3rd, the 3rd Influencer round in a row is -3 and ties are neutral",
        RULEBOOK["influencer"] + " " + RULEBOOK["influencer_third"] + " " + RULEBOOK["streak"],
        f"every sequence of {STREAK_ROUNDS} rounds of roles from a run of 0, under each reading of "
        "streak_after_third (penalty_again, restart, third_only)",
        ("model.likes.rules.streak_step", "model.likes.rules.influencer_steps"), check_streak_readings,
        "single-source",
    ),
    Invariant(
        "LL-15", GAME, "Under every reading of the Viral questions, the winners are those the reading names",
        RULEBOOK["viral"],
        MACHINE_DOMAIN + "; of each round where someone reaches Viral, one of each kind (who reaches it, "
        "where the pawns end, which moves reach it), resolved again under each reading of "
        "several_reach_viral (all_win, first_to_reach, furthest) and viral_fall_back (reached_wins, must_stand)",
        ("model.likes.engine.resolve_round", "model.likes.engine._winners"), check_viral_readings, "exhaustive",
    ),
    Invariant(
        "LL-16", GAME,
        "A game starts with every pawn on Start, empty counters, no run, and each player's own 15 Intent cards",
        SETUP,
        "3, 4 and 5 players with the shipped 15 Intent cards, dealt in the box's order and each with a "
        "deck of his own order",
        ("model.likes.engine.start_players",), check_setup, "exhaustive",
    ),
)
