"""Oh My Socks!: what the commands print (pure functions: data in, text or JSON objects out)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from model.common.options import rules_as_dict
from model.common.status import Status
from model.socks.advise import Advice, describe_move
from model.socks.engine import RescueFrom
from model.socks.log import RULEBOOK, ReplayReport
from model.socks.rules import SCORING_OPTION_NAMES, SocksRules
from model.socks.scoring import PlayerScore, WildPlacement

SAMPLE_WARNING = (
    "warning: scored with the sample catalogue, whose star values are illustrative: "
    "its winners are not the real game's"
)


class ScoredTable(Protocol):
    """A whole table scored (``solver.socks.GameScore``): what the output shows of it."""

    @property
    def players(self) -> Sequence[PlayerScore]: ...
    @property
    def winners(self) -> Sequence[str]: ...
    @property
    def decided_by(self) -> str: ...
    @property
    def status(self) -> Status: ...


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def scoring_rules(rules: SocksRules) -> dict[str, Any]:
    """The scoring options, as the ``rules`` object of the output."""
    everything = rules_as_dict(rules)
    return {name: everything[name] for name in SCORING_OPTION_NAMES}


def player_json(player: PlayerScore) -> dict[str, Any]:
    wilds = [
        {"id": w.id, "set": w.set, "chosen_by_solver": w.chosen_by_solver, "face_down": w.face_down}
        for w in player.wilds
    ]
    first = wilds[0] if wilds else None
    return {
        "name": player.name,
        "score": player.score,
        "set_count": player.set_count,
        "sets": [
            {"set": s.set, "count": s.count, "stars": s.stars, "scores": s.scores} for s in player.sets
        ],
        "super_sock": None
        if first is None
        else {"set": first["set"], "chosen_by_solver": first["chosen_by_solver"]},
        "super_socks": wilds,
    }


def score_json(game: ScoredTable, rules: SocksRules, catalogue: str) -> dict[str, Any]:
    """The contract's output object for a scored table (``game``: a solver.socks.GameScore)."""
    return {
        "players": [player_json(p) for p in game.players],
        "winners": list(game.winners),
        "decided_by": game.decided_by,
        "rules": scoring_rules(rules),
        "catalogue": catalogue,
        "status": game.status.value,
    }


def wild_text(wild: WildPlacement) -> str:
    name = f"Super Sock {wild.id}" if wild.id else "Super Sock"
    if wild.face_down:
        name += " (face-down gift)"
    if wild.set is None:
        return f"{name}: no set to join, scores nothing"
    how = "chosen by the tool" if wild.chosen_by_solver else "set during the game"
    return f"{name}: set {wild.set} ({how})"


def render_score(game: ScoredTable, rules: SocksRules) -> str:
    """The scored table in words: each player's sets, then the winners and why."""
    counted = "scoring set" if rules.tie_break_counts == "scoring_sets" else "set"
    lines = []
    for player in game.players:
        lines.append(f"{player.name}: {plural(player.score, 'point')} ({plural(player.set_count, counted)})")
        wild_sets = {w.set for w in player.wilds}
        for s in player.sets:
            socks = plural(s.count, "Sock") + (" (Super Sock included)" if s.set in wild_sets else "")
            verdict = f"scores {s.stars}" if s.scores else "odd, scores nothing"
            lines.append(f"  set {s.set}: {socks}, {plural(s.stars, 'star')}: {verdict}")
        for wild in player.wilds:
            lines.append(f"  {wild_text(wild)}")
    lines.append(winner_line(game, rules))
    return "\n".join(lines)


def winner_line(game: ScoredTable, rules: SocksRules) -> str:
    by_name = {p.name: p for p in game.players}
    counted = "scoring sets" if rules.tie_break_counts == "scoring_sets" else "sets"
    if game.decided_by == "score":
        winner = by_name[game.winners[0]]
        return f"Winner: {winner.name}, by score ({plural(winner.score, 'point')})."
    top = max(p.score for p in game.players)
    tied = [p for p in game.players if p.score == top]
    names = ", ".join(p.name for p in tied)
    if game.decided_by == "fewest_sets":
        winner = by_name[game.winners[0]]
        return (
            f"Winner: {winner.name}, by the fewest {counted} ({winner.set_count}): "
            f"{names} tie on {plural(top, 'point')}."
        )
    fewest = plural(min(p.set_count for p in tied), counted[:-1])
    if game.decided_by == "no_winner":
        return f"No winner: {names} tie on {plural(top, 'point')} and {fewest} (final_tie=no_winner)."
    return f"Winners (shared): {', '.join(game.winners)} tie on {plural(top, 'point')} and {fewest}."


def _sentence(report: ReplayReport) -> str:
    """The rulebook's sentence of the rule an illegal replay broke."""
    assert report.rule is not None  # a replay that is not legal names the rule it broke
    return RULEBOOK[report.rule]


def replay_json(
    report: ReplayReport, game: ScoredTable | None, rules: SocksRules | None, catalogue: str
) -> dict[str, Any]:
    out: dict[str, Any] = {"legal": report.legal, "turns": report.turns, "finished": report.finished}
    if not report.legal:
        out.update(
            step=report.step,
            player=report.player,
            rule=report.rule,
            rulebook=_sentence(report),
            message=report.message,
        )
    elif report.finished and report.state is not None:
        out["ended_by"] = report.state.names[report.state.current]
    if game is not None and rules is not None:
        out["result"] = score_json(game, rules, catalogue)
    return out


def render_replay(report: ReplayReport, game: ScoredTable | None, rules: SocksRules | None) -> str:
    if not report.legal:
        who = f" ({report.player})" if report.player else ""
        return (
            f"Illegal at {report.step}{who}: {report.message}.\n"
            f"Rule {report.rule}: \"{_sentence(report)}\""
        )
    lines = [f"Replayed {plural(report.turns, 'turn')}: every step is legal."]
    if not report.finished or report.state is None:
        lines.append("The log stops before the Washing Machine is drawn: the game is not over.")
        return "\n".join(lines)
    state = report.state
    lines.append(f"The game ended on turn {state.turn}: {state.names[state.current]} drew the Washing Machine.")
    if game is not None and rules is not None:
        lines.append(render_score(game, rules))
    return "\n".join(lines)


def advice_json(advice: Advice) -> dict[str, Any]:
    state = advice.state
    names, catalogue = state.names, state.catalogue
    choices = []
    for choice in advice.choices:
        other = next(c for c in state.drawn if c != choice.move.keep)
        effects: list[dict[str, Any]] = []
        for effect in choice.move.effects:
            if isinstance(effect, RescueFrom):
                rescue: dict[str, Any] = {"rescue_from": names[effect.seat], "card": catalogue.id_of(effect.card)}
                if effect.super_set is not None:
                    rescue["super_set"] = effect.super_set
                effects.append(rescue)
            else:
                effects.append({"gift_to": names[effect.seat]})
        choices.append(
            {
                "keep": catalogue.id_of(choice.move.keep),
                "super_set": choice.move.super_set,
                "pass": catalogue.id_of(other),
                "pass_to": None if choice.passed_to is None else names[choice.passed_to],
                "passed_super_set": choice.move.passed_super_set,
                "effects": effects,
                "score_change": dict(zip(names, choice.changes, strict=False)),
                "scores": dict(zip(names, choice.scores, strict=False)),
                "margin": choice.margin,
            }
        )
    return {
        "to_move": names[state.current],
        "drawn": [catalogue.id_of(c) for c in state.drawn],
        "game_ends": advice.game_ends,
        "scores": dict(zip(names, advice.scores, strict=False)),
        "choices": choices,
        "rules": rules_as_dict(state.rules),
    }


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def render_advice(advice: Advice) -> str:
    state = advice.state
    names, catalogue = state.names, state.catalogue
    me = state.current
    drawn = " and ".join(catalogue.label(c) for c in state.drawn)
    now = ", ".join(f"{n} {s}" for n, s in zip(names, advice.scores, strict=False))
    lines = [f"{names[me]} to move, drew {drawn}.", f"Visible scores now: {now}."]
    if advice.game_ends:
        lines.append("The Washing Machine is drawn: the game ends at once, nothing to choose.")
        return "\n".join(lines)
    for rank, choice in enumerate(advice.choices, 1):
        changes = ", ".join(f"{n} {_signed(c)}" for n, c in zip(names, choice.changes, strict=False))
        lines.append(f"{rank:>2}. {describe_move(state, choice.move)}")
        lines.append(f"    {changes}; margin to the best opponent {_signed(choice.margin)}")
    if any(c.move.effects and any(not isinstance(e, RescueFrom) for e in c.move.effects) for c in advice.choices):
        lines.append("A Gift's card is drawn unseen: it counts for its receiver only at the end.")
    return "\n".join(lines)


def render_play(log: dict[str, Any], path: str | None) -> str:
    result = log["result"]
    scores = ", ".join(f"{n} {s}" for n, s in result["scores"].items())
    where = f"Wrote {path}: " if path else ""
    return (
        f"{where}seed {log['seed']}, {len(log['players'])} players, {len(log['turns'])} turns; "
        f"scores {scores}; winners {', '.join(result['winners']) or 'none'}."
    )
