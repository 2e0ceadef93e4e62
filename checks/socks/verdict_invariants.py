"""Oh My Socks!: invariants of what states verdicts to players, about the code the questions run.

- SO-19: ``verify socks advise`` scores every choice as the rulebook scores the face-up
  collections after it (a Super Sock in the set it was placed in, no points itself), offers one
  choice for each legal move, and lists the best first, so the advice never scores below the
  best placement;
- SO-20: ``verify socks replay`` accepts a log's claimed result exactly when its scores and its
  winners are those of the final table, with exit status 0, and refutes any other at its
  ``result`` step with exit status 1.

Both are exhaustive on their stated domains, run through the question's own answer functions.
"""

from __future__ import annotations

import copy
import json
import time
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from checks import asking
from checks.core import Context, Invariant, TimeUp
from checks.result import Counterexample
from checks.socks import explore as P
from model.socks import advise as socks_advise
from model.socks.engine import legal_moves, play
from model.socks.log import dump_log
from model.socks.random_play import write_log
from model.socks.rules import SocksRules
from model.socks.state import State
from solver.socks import score_game

GAME = "socks"
_SCORING = ("For each set, you will only score points if you have collected an even number of Socks. ... Each "
            "star symbol is worth one point.")
_SUPER = ("The Super Sock now represents a Sock of the chosen type but does not score any points itself.")
_WINNER = "The player with the highest total score wins the game. In case of a tie, the player with the fewest " \
          "sets of Socks wins."
#: The random games whose logs SO-20 replays with every claimed result of its domain.
REPLAY_SEEDS = range(4)
REPLAY_PLAYERS = (2, 3)


def rulebook_visible(state: State) -> tuple[int, ...]:
    """Each seat's score from its face-up collection, counted as the rulebook says: per set, the
    printed Socks and the Super Socks placed in it; an even count scores the printed stars."""
    sets, stars = state.catalogue.card_sets, state.catalogue.card_stars
    placed = {w.card: w.set for w in state.wilds}
    out = []
    for seat in range(state.players):
        count: Counter[int] = Counter()
        points: Counter[int] = Counter()
        for card in state.collections[seat]:
            number = sets[card] if sets[card] is not None else placed.get(card)
            if number is None:
                continue  # a Super Sock not yet placed belongs to no set
            count[number] += 1
            points[number] += stars[card]
        out.append(sum(points[n] for n in count if count[n] % 2 == 0))
    return tuple(out)


def _advice_wrong(state: State) -> str | None:
    advice = socks_advise.advise(state)
    moves = legal_moves(state)
    if Counter(c.move for c in advice.choices) != Counter(moves):
        return f"advise offers {len(advice.choices)} choices for {len(moves)} legal moves"
    me = state.current
    for choice in advice.choices:
        after = rulebook_visible(play(state, choice.move))
        if tuple(choice.scores) != after:
            return (f"advise scores {P.move_text(state, choice.move)} as {list(choice.scores)}; the rulebook, "
                    f"from the collections after it: {list(after)}")
        best_other = max(after[s] for s in range(state.players) if s != me)
        if choice.margin != after[me] - best_other:
            shown = P.move_text(state, choice.move)
            return f"advise gives {shown} the margin {choice.margin}, not {after[me] - best_other}"
    margins = [c.margin for c in advice.choices]
    if margins != sorted(margins, reverse=True):
        return f"advise lists the margins {margins}: not the best first"
    return None


def check_advice(ctx: Context) -> Counterexample | None:
    """SO-19: every reachable position with two cards drawn, advised."""
    for start, state in P.reachable(ctx.rules, P.clock_of(ctx)):
        if state.over or len(state.drawn) != 2:
            continue
        wrong = _advice_wrong(state)
        if wrong is not None:
            again = _advice_wrong(state)
            return Counterexample(P.state_json(state), f"{start.why}\n{P.draw_state(state)}",
                                  f"model.socks.advise.advise: {again or wrong}", again is not None)
    return None


def claims(scores: dict[str, int], winners: Sequence[str]) -> list[tuple[dict[str, int], list[str]]]:
    """The claimed results of SO-20's domain: the true one, every other set of winners with the
    true scores, and the true winners with one player's score one off either way."""
    names = sorted(scores)
    out = [(dict(scores), sorted(winners))]
    for size in range(len(names) + 1):
        for chosen in combinations(names, size):
            if sorted(chosen) != sorted(winners):
                out.append((dict(scores), list(chosen)))
    for name in names:
        for delta in (-1, 1):
            out.append(({**scores, name: scores[name] + delta}, sorted(winners)))
    return out


def _replay(log: dict[str, Any], claimed: tuple[dict[str, int], list[str]]) -> dict[str, Any]:
    document = copy.deepcopy(log)
    document["result"] = {"scores": claimed[0], "winners": claimed[1]}
    return asking.ask({"name": "SO-20", "question": "socks-replay", "documents": {"log": document}})


def check_replay_claims(ctx: Context) -> Counterexample | None:
    """SO-20: random logs under the rules in force, each replayed with every claim of the domain."""
    rules: SocksRules = ctx.rules
    for players in REPLAY_PLAYERS:
        for seed in REPLAY_SEEDS:
            written, _ = write_log(seed, players, rules, score_game=score_game)
            # The log as the tool writes it (``verify socks play --output``: dump_log's text), read
            # back as a replay reads the file, so that a log the tool writes but cannot read is caught.
            log = json.loads(dump_log(written))
            truth = log["result"]
            for claimed in claims(truth["scores"], truth["winners"]):
                if time.perf_counter() >= ctx.deadline:
                    raise TimeUp(f"time limit of {ctx.time_limit:g} s reached")
                right = claimed[0] == truth["scores"] and sorted(claimed[1]) == sorted(truth["winners"])
                got = _replay(log, claimed)
                answer = got.get("answer", {})
                if right:
                    ok = got["exit_status"] == 0 and answer.get("legal") is True
                else:
                    ok = got["exit_status"] == 1 and answer.get("legal") is False and answer.get("step") == "result"
                if ok:
                    continue
                said = {k: answer.get(k) for k in ("legal", "step", "rule")} if answer else got.get("line")
                return Counterexample(
                    {"players": players, "seed": seed, "claimed": {"scores": claimed[0], "winners": claimed[1]},
                     "true": truth},
                    f"a random {players}-player game (seed {seed}); the log claims scores {claimed[0]} and winners "
                    f"{claimed[1]}; its final table scores {truth['scores']}, winners {truth['winners']}",
                    f"verify socks replay: exit {got['exit_status']}, {json.dumps(said)}; the claim is "
                    f"{'right' if right else 'wrong'}, so the exit status should be {0 if right else 1}",
                    True)
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("SO-19", GAME, "Advice scores every choice as the rulebook and lists the best first",
              _SCORING + " " + _SUPER, P.DOMAIN + "; every one of them with two cards drawn",
              ("model.socks.advise.advise", "model.socks.advise.visible_scores"), check_advice, "exhaustive"),
    Invariant("SO-20", GAME, "A replay accepts a claimed result exactly when it is the final table's",
              _SCORING + " " + _WINNER,
              f"random legal games of seeds {REPLAY_SEEDS.start}-{REPLAY_SEEDS.stop - 1} for "
              f"{' and '.join(map(str, REPLAY_PLAYERS))} players under the rules in force, each log claiming the true "
              "result, every other set of winners, and one player's score one off either way",
              ("model.socks.log.replay", "model.socks.questions.answer_replay"), check_replay_claims, "exhaustive"),
)
