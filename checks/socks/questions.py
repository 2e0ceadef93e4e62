"""Oh My Socks! designer questions, answered on the engine's own functions.

SO-Q1 asks whether a game can end with no winner. Z3 runs the engine's own ``winner_flags``
(single-source) on every table of 2-10 players: when no table is left without a winner the
answer is a proof "no"; otherwise a finished game with no winner is looked for among every game
played out from the small positions of ``checks/socks/explore.py``, and replayed through the
engine's ``outcome`` and through ``decide_winners`` of the scoring model.

SO-Q2 asks whether a Gift can end the game in the middle of a turn (by drawing the Washing
Machine), searched over the same games and replayed through ``play``.
"""

from __future__ import annotations

import z3

from checks.core import TimeUp
from checks.questions import Asked, No, NoneFound, Question, Witness, Yes
from checks.socks import explore as P
from checks.z3ops import Z3
from model.common.errors import OutOfTime
from model.socks import engine
from model.socks import scoring as socks_scoring
from model.socks.cards import MAX_PLAYERS, MIN_PLAYERS
from model.socks.engine import GiftTo
from model.socks.rules import SocksRules
from solver.socks import score_game

GAME = "socks"


def _clock(asked: Asked) -> P.Clock:
    return P.Clock(asked.deadline, asked.time_limit)


def _rules_text(rules: SocksRules) -> str:
    return f"final_tie={rules.final_tie}, tie_break_counts={rules.tie_break_counts}"


def _always_a_winner(asked: Asked) -> bool:
    """Z3: the engine's winner_flags names a winner on every table of 2-10 players."""
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        scores = [z3.Int(f"score{p}") for p in range(players)]
        sets = [z3.Int(f"sets{p}") for p in range(players)]
        wins, _ = socks_scoring.winner_flags(scores, sets, asked.rules.final_tie, Z3)
        solver = z3.Then("simplify", "elim-term-ite", "smt").solver()
        solver.set("random_seed", 0)
        solver.set("timeout", max(1, int(asked.left() * 1000)))
        solver.add(*[v >= 0 for v in scores + sets], z3.Not(z3.Or(wins)))
        answer = solver.check()
        if answer == z3.sat:
            return False
        if answer != z3.unsat:
            raise OutOfTime(f"time limit of {asked.time_limit:g} s reached")
    return True


def no_winner(asked: Asked) -> Yes | No | NoneFound:
    rules = asked.rules
    if _always_a_winner(asked):
        return No(f"single-source: Z3 proved that the engine's own winner_flags (which decide_winners and "
                  f"the engine's end of game call) names at least one winner for every table of "
                  f"{MIN_PLAYERS}-{MAX_PLAYERS} players with any scores and set counts, under "
                  f"{_rules_text(rules)}: the highest score, then the fewest sets, and a tie on both is shared")
    try:
        for start, state in P.reachable(rules, _clock(asked)):
            if not state.over:
                continue
            result = engine.outcome(state)
            assert result is not None
            if result.winners:
                continue
            model = score_game(engine.final_hands(state), rules)
            shown = ", ".join(f"{name} {score} points, {sets} sets" for name, score, sets
                              in zip(state.names, result.scores, result.set_counts, strict=True))
            replay = (f"engine.outcome: {shown}; winners: none ({result.decided_by}); decide_winners of the "
                      f"scoring model: {', '.join(model.winners) or 'none'} ({model.decided_by})")
            return Yes(Witness({"start": start.why, "position": P.state_json(state),
                                "scores": list(result.scores), "set_counts": list(result.set_counts),
                                "winners": [], "decided_by": result.decided_by},
                               P.draw_state(state), replay, not result.winners and not model.winners))
    except TimeUp as stop:
        raise OutOfTime(stop.reason) from None
    return NoneFound(f"Z3 found a table with no winner under {_rules_text(rules)}, but no finished game among "
                     f"{P.DOMAIN} ends so")


def gift_ends_the_game(asked: Asked) -> Yes | No | NoneFound:
    rules = asked.rules
    try:
        for step in P.steps(rules, _clock(asked)):
            if not step.after.over or not any(isinstance(e, GiftTo) for e in step.move.effects):
                continue
            seen = P.observe(step.state, step.move)
            gift = next((e for e in seen.events if e.kind == "gift"), None)
            # The game ends within the turn itself (under gift_lost the Washing Machine goes back on
            # top and ends the game only when the next seat draws it).
            if gift is None or gift.table.deck[:1] != (P.WM,) or seen.end is None or not seen.end.over:
                continue
            other = next(c for c in step.state.drawn if c != step.move.keep)
            passed = other not in step.after.drawn
            replay = (f"engine.play: the Gift drew the Washing Machine and the game is over; the other card "
                      f"{P.label(other)} was {'passed first' if passed else 'never passed'}")
            return Yes(Witness({"start": step.start.why, "position": P.state_json(step.state),
                                "move": P.move_data(step.state, step.move), "after": P.state_json(step.after)},
                               P.draw_state(step.state) + f"\nmove: {P.move_text(step.state, step.move)}",
                               replay, step.after.over and P.WM in step.after.drawn))
    except TimeUp as stop:
        raise OutOfTime(stop.reason) from None
    return NoneFound(f"no Gift drew the Washing Machine and ended the game in {P.DOMAIN}")


_TIE = ("The player with the highest total score wins the game. In case of a tie, the player with the "
        "fewest sets of Socks wins.")

QUESTIONS: tuple[Question, ...] = (
    Question(
        "SO-Q1", GAME, "Can a Socks game end with no winner, and under which options?", _TIE,
        f"Z3 on the engine's own winner_flags for {MIN_PLAYERS}-{MAX_PLAYERS} players with any scores and set "
        f"counts (a proof when none is left without a winner); else every finished game of {P.DOMAIN}, "
        "replayed through engine.outcome and decide_winners",
        no_winner,
    ),
    Question(
        "SO-Q2", GAME, "Can a Gift draw the Washing Machine and end the game in the middle of a turn?",
        "Draw the top card from the deck without looking at it and give it to the player of your choice. ... "
        "The game ends immediately when you draw the Washing Machine card.",
        f"every move of {P.DOMAIN}, replayed through play",
        gift_ends_the_game,
    ),
)
