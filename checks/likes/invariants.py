"""Likes and Lies invariants: the Start floor, the Influencer, the streak, the Likes exchange.

The Z3 encodings mirror the pure rule functions of ``model.likes.rules`` (``streak_step``,
``roles``, ``exchange_likes``, ``floor_at_start``, ``moves_by_intent``, ``intent_steps``) and the
engine's move (``model.likes.engine._Table.move``: a pawn stops at Viral, and at Start on every move under
``start_floor=each_move``). Counterexamples are replayed through those same Python functions, looked
up at call time, and the moves through the engine's own table.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from checks.core import (
    Context,
    Invariant,
    agreement_counterexample,
    count,
    first_difference,
    read,
)
from checks.result import Counterexample
from model.likes import engine as likes_engine
from model.likes import rules as likes_rules
from model.likes.io import sample_catalogue
from model.likes.rules import Role

GAME = "likes"
INFLUENCER, TIED, OTHER = 0, 1, 2
ROLES = (Role.INFLUENCER, Role.TIED, Role.OTHER)
STREAK_ROUNDS, MOVES, MAX_STEP, MAX_VIRAL = 7, 4, 5, 40


def z3_streak_step(streak: Any, role: Any, after_third: str) -> tuple[Any, Any]:
    """``streak_step``: a tie leaves the run alone, any other round ends it, an Influencer round
    extends it (and is penalised as the option says)."""
    run = streak + 1
    if after_third == "penalty_again":
        grown, penalised = run, run >= likes_rules.PENALISED_RUN
    elif after_third == "restart":
        grown, penalised = z3.If(run == likes_rules.PENALISED_RUN, 0, run), run == likes_rules.PENALISED_RUN
    else:
        grown, penalised = run, run == likes_rules.PENALISED_RUN
    new = z3.If(role == TIED, streak, z3.If(role == OTHER, 0, grown))
    return new, z3.And(role == INFLUENCER, penalised)


def z3_roles(counts: Sequence[Any]) -> list[Any]:
    """``roles``: the unique top vote-getter is the Influencer; several at the top are tied."""
    top = counts[0]
    for c in counts[1:]:
        top = z3.If(c > top, c, top)
    leaders = count(c == top for c in counts)
    return [z3.If(c == top, z3.If(leaders == 1, INFLUENCER, TIED), OTHER) for c in counts]


def z3_exchange_likes(likes: Any) -> tuple[Any, Any]:
    """``exchange_likes``: (the counter after it, the steps gained); 10 Likes buy a step."""
    return likes % likes_rules.LIKES_PER_STEP, likes / likes_rules.LIKES_PER_STEP


def z3_floor_at_start(position: Any) -> Any:
    """``floor_at_start``: no pawn goes further back than Start (space 0)."""
    return z3.If(position < 0, 0, position)


def z3_move(position: Any, steps: Any, viral: Any, start_floor: str, floor: Callable[[Any], Any]) -> Any:
    """``_Table.move``: a pawn stops on Viral; under ``each_move`` it stops at Start."""
    end = position + steps
    held = floor(end) if start_floor == "each_move" else end
    return z3.If(end >= viral, viral, held)


def z3_moves_by_intent(role: Any, there_is_influencer: Any, intent_in_tie: str) -> Any:
    """``moves_by_intent``."""
    tie = {"nobody": z3.BoolVal(False), "others": role != TIED, "everyone": z3.BoolVal(True)}[intent_in_tie]
    return z3.If(there_is_influencer, role != INFLUENCER, tie)


def z3_intent_steps(misinformation: Any, reported: Any, printed: Sequence[tuple[Any, Any]],
                    printed_steps: bool) -> tuple[Any, Any]:
    """``intent_steps``: (the poster's steps, the Influencer's), printed values (each a pair
    ``(present, value)``, in the order not reported / reported / Influencer if reported) winning
    when ``printed_steps`` is on."""
    defaults = [
        z3.If(misinformation, likes_rules.MISINFORMATION_NOT_REPORTED, likes_rules.TRUE_INFORMATION_STEPS),
        z3.If(misinformation, likes_rules.MISINFORMATION_REPORTED, likes_rules.TRUE_INFORMATION_STEPS),
        z3.If(misinformation, 0, likes_rules.TRUE_INFORMATION_INFLUENCER_PENALTY),
    ]
    chosen = [z3.If(z3.And(z3.BoolVal(printed_steps), present), value, default)
              for (present, value), default in zip(printed, defaults, strict=False)]
    return z3.If(reported, chosen[1], chosen[0]), z3.If(reported, chosen[2], 0)


@dataclass(frozen=True)
class LikesEncoding:
    """The Z3 encodings of the Likes and Lies rule functions (replaceable one by one)."""

    streak_step: Callable[[Any, Any, str], tuple[Any, Any]] = z3_streak_step
    roles: Callable[[Sequence[Any]], list[Any]] = z3_roles
    exchange_likes: Callable[[Any], tuple[Any, Any]] = z3_exchange_likes
    floor_at_start: Callable[[Any], Any] = z3_floor_at_start
    move: Callable[[Any, Any, Any, str, Callable[[Any], Any]], Any] = z3_move
    moves_by_intent: Callable[[Any, Any, str], Any] = z3_moves_by_intent
    intent_steps: Callable[[Any, Any, Sequence[tuple[Any, Any]], bool], tuple[Any, Any]] = z3_intent_steps


# --- LL-1: never behind Start ---------------------------------------------------------------------


def replay_moves(rules: Any, start: int, viral: int, steps: Sequence[int]) -> list[int]:
    """The positions after each move, through the engine's own move (``_Table.move``) on a board
    with no Event space; the round's net floor of ``start_floor=round_net`` at the end."""

    table = likes_engine._Table(
        likes_engine.Board(viral), sample_catalogue(), rules, likes_engine.RoundInput("replay", (), ()),
        likes_engine.History(), {"P1": start}, {"P1": 0}, {},
    )
    seen = []
    for step in steps:
        # Each move is labelled with the rule it is replayed for.
        table.move("P1", step, "start")
        seen.append(table.position["P1"])
    if rules.start_floor == "round_net" and seen[-1] < 0:
        seen.append(likes_rules.floor_at_start(seen[-1]))
    return seen


def check_start_floor(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    viral, start = z3.Int("viral"), z3.Int("start")
    steps = [z3.Int(f"step{i}") for i in range(MOVES)]
    solver = ctx.solver()
    solver.add(viral >= 2, viral <= MAX_VIRAL, start >= 0, start < viral)
    solver.add(*[z3.And(s >= -MAX_STEP, s <= MAX_STEP) for s in steps])
    position, seen = start, []
    for s in steps:
        position = enc.move(position, s, viral, ctx.rules.start_floor, enc.floor_at_start)
        seen.append(position)
    final = seen[-1] if ctx.rules.start_floor == "each_move" else enc.floor_at_start(seen[-1])
    watched = seen + [final] if ctx.rules.start_floor == "each_move" else [final]
    solver.add(z3.Or([p < 0 for p in watched]))
    model = ctx.search(solver)
    if model is None:
        return None
    v, p0, moves = read(model, viral), read(model, start), [read(model, s) for s in steps]
    positions = replay_moves(ctx.rules, p0, v, moves)
    watched_now = positions if ctx.rules.start_floor == "each_move" else positions[-1:]
    return Counterexample(
        {"viral": v, "start": p0, "moves": moves, "positions": positions},
        f"a pawn on space {p0} (Start 0, Viral {v}) moves " + ", ".join(f"{m:+d}" for m in moves),
        f"the engine's moves put it on {positions}",
        any(p < 0 for p in watched_now),
    )


# --- LL-2: at most one Influencer -------------------------------------------------------------


def check_one_influencer(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    for players in range(likes_rules.MIN_PLAYERS, likes_rules.MAX_PLAYERS + 1):
        counts = [z3.Int(f"likes{i}") for i in range(players)]
        roles = enc.roles(counts)
        solver = ctx.solver()
        # One Like token each, never on one's own card: n Likes, at most n - 1 on a card.
        solver.add(*[z3.And(c >= 0, c <= players - 1) for c in counts], z3.Sum(counts) == players)
        influencers = count(r == INFLUENCER for r in roles)
        tied = count(r == TIED for r in roles)
        top_beaten = z3.Or([z3.And(roles[i] == INFLUENCER, counts[j] >= counts[i])
                            for i in range(players) for j in range(players) if i != j])
        solver.add(z3.Or(influencers > 1, z3.And(influencers == 0, tied < 2), top_beaten))
        model = ctx.search(solver)
        if model is None:
            continue
        got = {f"P{i + 1}": read(model, c) for i, c in enumerate(counts)}
        roles_now = likes_rules.roles(got)
        named = [n for n, r in roles_now.items() if r is Role.INFLUENCER]
        tied_now = [n for n, r in roles_now.items() if r is Role.TIED]
        return Counterexample(
            {"likes": got, "roles": {n: r.value for n, r in roles_now.items()}},
            "\n".join(f"{n}: {c} Likes -> {roles_now[n].value}" for n, c in got.items()),
            f"roles: Influencer {', '.join(named) or 'none'}; tied {', '.join(tied_now) or 'none'}",
            len(named) > 1 or (not named and len(tied_now) < 2)
            or any(got[o] >= got[n] for n in named for o in got if o != n),
        )
    return None


# --- LL-3: the streak rule, with ties ---------------------------------------------------------


def _expected_penalty(run: Any, after_third: str) -> Any:
    """The rulebook's "3rd time in a row", where a tie he is in neither breaks nor extends it."""
    third = likes_rules.PENALISED_RUN
    if after_third == "penalty_again":
        return run >= third
    if after_third == "restart":
        return run % third == 0
    return run == third


def check_streak(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    after_third = ctx.rules.streak_after_third
    roles = [z3.Int(f"role{t}") for t in range(STREAK_ROUNDS)]
    solver = ctx.solver()
    solver.add(*[z3.And(r >= 0, r <= 2) for r in roles])
    streak, run, wrong = z3.IntVal(0), z3.IntVal(0), []
    for role in roles:
        streak, penalised = enc.streak_step(streak, role, after_third)
        run = z3.If(role == OTHER, 0, z3.If(role == INFLUENCER, run + 1, run))
        wrong.append(penalised != z3.And(role == INFLUENCER, _expected_penalty(run, after_third)))
    solver.add(z3.Or(wrong))
    model = ctx.search(solver)
    if model is None:
        return None
    seq = [ROLES[read(model, r)] for r in roles]
    streak_now, got, expected, count_run = 0, [], [], 0
    for role in seq:
        step = likes_rules.streak_step(streak_now, role, after_third)
        streak_now = step.streak
        got.append(step.penalised)
        count_run = 0 if role is Role.OTHER else count_run + (role is Role.INFLUENCER)
        expected.append(role is Role.INFLUENCER and bool(_expected_penalty(count_run, after_third)))
    first = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None)
    return Counterexample(
        {"roles": [r.value for r in seq], "penalised": got, "expected": expected},
        "round: " + " ".join(f"{i + 1:>3}" for i in range(len(seq))) + "\nrole:  "
        + " ".join({Role.INFLUENCER: "  I", Role.TIED: "  T", Role.OTHER: "  -"}[r] for r in seq)
        + "\n-3:    " + " ".join("  x" if p else "  ." for p in got),
        "streak_step penalises rounds " + (", ".join(str(i + 1) for i, p in enumerate(got) if p) or "none")
        + (f"; round {first + 1} differs from the rulebook" if first is not None else ""),
        first is not None,
    )


# --- LL-4: counters below 10 after the trades ------------------------------------------------


def check_counters(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    before, received, bonus = z3.Int("before"), z3.Int("received"), z3.Int("event_likes")
    solver = ctx.solver()
    most = likes_rules.MAX_PLAYERS - 1
    solver.add(before >= 0, before < likes_rules.LIKES_PER_STEP, received >= 0, received <= most,
               bonus >= 0, bonus <= likes_rules.LIKES_PER_STEP - 1)
    if ctx.rules.likes_exchange == "on_reaching":
        first, gained1 = enc.exchange_likes(before + received)
        counter, gained2 = enc.exchange_likes(first + bonus)
        gained = gained1 + gained2
    else:
        counter, gained = enc.exchange_likes(before + received + bonus)
    solver.add(z3.Or(counter >= likes_rules.LIKES_PER_STEP, counter < 0,
                     counter + likes_rules.LIKES_PER_STEP * gained != before + received + bonus))
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
        f"exchange_likes leaves the counter at {rest} and gives {steps} step(s)",
        rest >= likes_rules.LIKES_PER_STEP or rest + likes_rules.LIKES_PER_STEP * steps != b + r + e,
    )


# --- LL-5: who moves by his Intent ------------------------------------------------------------


def check_intent_movers(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    role, there = z3.Int("role"), z3.Bool("there_is_influencer")
    option = ctx.rules.intent_in_tie
    moves = enc.moves_by_intent(role, there, option)
    allowed_in_tie = {"nobody": z3.BoolVal(False), "others": role == OTHER, "everyone": z3.BoolVal(True)}[option]
    solver = ctx.solver()
    # With an Influencer nobody is tied; without one, nobody is the Influencer.
    solver.add(role >= 0, role <= 2, z3.Implies(there, role != TIED), z3.Implies(z3.Not(there), role != INFLUENCER))
    solver.add(moves != z3.If(there, role == OTHER, allowed_in_tie))
    model = ctx.search(solver)
    if model is None:
        return None
    r, t = ROLES[read(model, role)], read(model, there)
    got = likes_rules.moves_by_intent(r, t, option)
    expected = (r is Role.OTHER) if t else {"nobody": False, "others": r is Role.OTHER, "everyone": True}[option]
    return Counterexample(
        {"role": r.value, "there_is_influencer": t, "moves_by_intent": got},
        f"a player who is {r.value} in a round {'with' if t else 'without'} an Influencer",
        f"moves_by_intent says he {'moves' if got else 'does not move'} by his Intent card",
        got != expected,
    )


# --- LL-6: a reported True Information costs the Influencer, not its poster ------------------------


def check_reported_true_information(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    misinformation, reported = z3.Bool("misinformation"), z3.Bool("reported")
    absent = [(z3.BoolVal(False), z3.IntVal(0))] * 3
    poster, influencer = enc.intent_steps(misinformation, reported, absent, ctx.rules.printed_steps)
    expected_poster = z3.If(misinformation, z3.If(reported, -2, 2), 1)
    expected_influencer = z3.If(z3.And(z3.Not(misinformation), reported), -2, 0)
    solver = ctx.solver()
    solver.add(z3.Or(poster != expected_poster, influencer != expected_influencer))
    model = ctx.search(solver)
    if model is None:
        return None
    m, r = read(model, misinformation), read(model, reported)
    kind = likes_rules.MISINFORMATION if m else likes_rules.TRUE_INFORMATION
    got = likes_rules.intent_steps(kind, r, printed_steps=ctx.rules.printed_steps)
    want = (-2 if r else 2, 0) if m else (1, -2 if r else 0)
    return Counterexample(
        {"kind": kind, "reported": r, "poster": got.poster, "influencer": got.influencer},
        f"an Intent card of {kind.replace('_', ' ')} with no printed values, {'reported' if r else 'not reported'}",
        f"intent_steps: poster {got.poster:+d}, Influencer {got.influencer:+d}",
        (got.poster, got.influencer) != want,
    )


# --- LL-0: the encodings equal the Python functions -----------------------------------------------


def check_encodings(ctx: Context) -> Counterexample | None:
    enc: LikesEncoding = ctx.z3
    rules = ctx.rules
    checks: list[_Check] = []

    def streak_points() -> _Points:
        for streak in range(7):
            for code, role in enumerate(ROLES):
                step = likes_rules.streak_step(streak, role, rules.streak_after_third)
                yield (streak, code), (step.streak, step.penalised)
    checks.append(("streak_step", ("streak", "role"), streak_points,
                   lambda s, r: list(enc.streak_step(s, r, rules.streak_after_third)),
                   lambda i: list(_astuple(likes_rules.streak_step(i["streak"], ROLES[i["role"]],
                                                                 rules.streak_after_third)))))

    def exchange_points() -> _Points:
        for likes in range(30):
            yield (likes,), likes_rules.exchange_likes(likes)
    checks.append(("exchange_likes", ("likes",), exchange_points, lambda x: list(enc.exchange_likes(x)),
                   lambda i: list(likes_rules.exchange_likes(i["likes"]))))

    def floor_points() -> _Points:
        for position in range(-10, 31):
            yield (position,), (likes_rules.floor_at_start(position),)
    checks.append(("floor_at_start", ("position",), floor_points, lambda p: [enc.floor_at_start(p)],
                   lambda i: [likes_rules.floor_at_start(i["position"])]))

    def mover_points() -> _Points:
        for code, role in enumerate(ROLES):
            for there in (False, True):
                yield (code, there), (likes_rules.moves_by_intent(role, there, rules.intent_in_tie),)
    checks.append(("moves_by_intent", ("role", "there_is_influencer"), mover_points,
                   lambda r, t: [enc.moves_by_intent(r, t, rules.intent_in_tie)],
                   lambda i: [likes_rules.moves_by_intent(ROLES[i["role"]], i["there_is_influencer"],
                                                          rules.intent_in_tie)]))

    printed_values = (None, -3, -1, 0, 3)

    def intent_python(m: bool, r: bool, a: int | None, b: int | None, c: int | None) -> tuple[int, int]:
        kind = likes_rules.MISINFORMATION if m else likes_rules.TRUE_INFORMATION
        got = likes_rules.intent_steps(kind, r, a, b, c, rules.printed_steps)
        return got.poster, got.influencer

    def intent_points() -> _Points:
        for m, r in itertools.product((False, True), repeat=2):
            for a, b, c in itertools.product(printed_values, repeat=3):
                flat = (m, r, a is not None, a or 0, b is not None, b or 0, c is not None, c or 0)
                yield flat, intent_python(m, r, a, b, c)

    def intent_encode(m: Any, r: Any, ha: Any, a: Any, hb: Any, b: Any, hc: Any, c: Any) -> list[Any]:
        return list(enc.intent_steps(m, r, [(ha, a), (hb, b), (hc, c)], rules.printed_steps))

    def intent_again(i: dict[str, Any]) -> list[int]:
        v = list(i.values())
        return list(intent_python(v[0], v[1], v[3] if v[2] else None, v[5] if v[4] else None,
                                  v[7] if v[6] else None))
    checks.append(("intent_steps", ("misinformation", "reported", "has_a", "a", "has_b", "b", "has_c", "c"),
                   intent_points, intent_encode, intent_again))

    for players in range(likes_rules.MIN_PLAYERS, likes_rules.MAX_PLAYERS + 1):
        def role_points(players: int = players) -> _Points:
            for counts in itertools.product(range(players), repeat=players):
                if sum(counts) != players:
                    continue
                got = likes_rules.roles({f"P{i}": c for i, c in enumerate(counts)})
                yield counts, tuple(ROLES.index(got[f"P{i}"]) for i in range(players))
        names = tuple(f"likes{i}" for i in range(players))
        checks.append((f"roles ({players} players)", names, role_points, lambda *c: enc.roles(list(c)),
                       lambda i: [ROLES.index(r) for r in likes_rules.roles(
                           {f"P{k}": v for k, v in enumerate(i.values())}).values()]))

    for function, names, points, encode, python_again in checks:
        found = first_difference(ctx, function, names, points(), encode)
        if found is not None:
            def encode_again(i: dict[str, Any], encode: Callable[..., Sequence[Any]] = encode) -> Sequence[Any]:
                return encode(*[z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v) for v in i.values()])
            return agreement_counterexample(found, python_again, encode_again)
    return None


def _astuple(step: Any) -> tuple[int, bool]:
    return (step.streak, step.penalised)


#: The points of an encoding check: (inputs, the Python function's outputs) pairs.
_Points = Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]
#: An encoding check: the function's name, its inputs' names, its points, the encoding, and the
#: Python function again on one point.
_Check = tuple[str, tuple[str, ...], Callable[[], _Points], Callable[..., Sequence[Any]],
               Callable[[dict[str, Any]], Sequence[Any]]]


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "LL-0", GAME, "The Z3 encodings equal the likes_rules functions",
        "Being an Influencer the 3rd time in a row: -3 steps instead of +5 steps ... When a player "
        "reaches 10+ Likes on their counter, they must exchange 10 Likes to gain +1 steps.",
        "streaks 0-6 x every role; counters 0-29; positions -10..30; every Intent with printed "
        "values in {none, -3, -1, 0, 3}; every vote count of 3-5 players",
        ("model.likes.rules.streak_step", "model.likes.rules.exchange_likes",
         "model.likes.rules.floor_at_start", "model.likes.rules.moves_by_intent",
         "model.likes.rules.intent_steps", "model.likes.rules.roles"),
        check_encodings,
    ),
    Invariant(
        "LL-1", GAME, "No pawn is ever behind Start",
        likes_rules.RULEBOOK["start"],
        f"a pawn anywhere on a board of 2-{MAX_VIRAL} spaces, {MOVES} moves of -{MAX_STEP}..+{MAX_STEP} "
        "steps in a round",
        ("model.likes.rules.floor_at_start", "model.likes.engine._Table.move"), check_start_floor,
    ),
    Invariant(
        "LL-2", GAME, "At most one Influencer; without one, at least two are tied for first",
        likes_rules.RULEBOOK["report_by_influencer"],
        "3-5 players, one Like token each, never on one's own card (every vote count)",
        ("model.likes.rules.roles",), check_one_influencer,
    ),
    Invariant(
        "LL-3", GAME, "The streak rule: the 3rd Influencer round in a row is -3; ties neither break nor extend it",
        likes_rules.RULEBOOK["influencer_third"] + " " + likes_rules.RULEBOOK["streak"],
        f"every sequence of {STREAK_ROUNDS} rounds of roles (Influencer, tied for first, other)",
        ("model.likes.rules.streak_step",), check_streak,
    ),
    Invariant(
        "LL-4", GAME, "Counters stay below 10 after the trades, and no Like is lost",
        likes_rules.RULEBOOK["likes_exchange"],
        "a counter of 0-9, 0-4 Likes received, 0-9 Likes from an Event card",
        ("model.likes.rules.exchange_likes",), check_counters,
    ),
    Invariant(
        "LL-5", GAME, "The Influencer never moves by his own Intent; others only as the tie option says",
        likes_rules.RULEBOOK["influencer"] + " " + likes_rules.RULEBOOK["intent"],
        "every role, with and without an Influencer",
        ("model.likes.rules.moves_by_intent",), check_intent_movers,
    ),
    Invariant(
        "LL-6", GAME, "A reported True Information costs the Influencer -2, never its poster",
        likes_rules.RULEBOOK["misinformation"] + " " + likes_rules.RULEBOOK["true_information"],
        "both kinds of Intent, reported or not, no printed values",
        ("model.likes.rules.intent_steps",), check_reported_true_information,
    ),
)

#: The Z3 encoding its invariants run with unless a caller passes another.
DEFAULT_ENCODING = LikesEncoding()
