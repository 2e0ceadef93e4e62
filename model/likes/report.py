"""Likes and Lies: the answers of `verify likes` as JSON objects and as text (pure functions)."""

from __future__ import annotations

from typing import Any

from model.common.options import rules_as_dict
from model.likes.engine import GameResult, IllegalInput, RoundResult, Step
from model.likes.rules import DEFAULT_RULES, LikesRules
from model.likes.state import PlayerState


def violation_json(error: IllegalInput | None) -> dict[str, str | None] | None:
    if error is None:
        return None
    return {"rule": error.rule, "rulebook": error.sentence, "reading": error.reading,
            "path": error.path, "message": error.detail}


def _step_json(step: Step) -> dict[str, Any]:
    return {"player": step.player, "rule": step.rule, "move": step.move, "from": step.start,
            "to": step.end, "card": step.card, "likes": step.likes, "note": step.note}


def player_json(state: PlayerState) -> dict[str, Any]:
    return {"name": state.name, "position": state.position, "likes": state.likes,
            "streak": state.streak, "intent_deck": list(state.intent_deck)}


def _result_json(result: RoundResult) -> dict[str, Any]:
    return {
        "likes_received": dict(result.received),
        "influencer": result.influencer,
        "tied": list(result.tied),
        "reported": result.reported,
        "steps": [_step_json(step) for step in result.steps],
        "players": [player_json(p) for p in result.players],
        "reached_viral": list(result.reached_viral),
        "winners": list(result.winners),
    }


def round_json(rules: LikesRules, result: RoundResult | None,
               error: IllegalInput | None) -> dict[str, Any]:
    """The answer of `verify likes round --json`."""
    answer: dict[str, Any] = {"game": "likes", "command": "round", "legal": error is None,
                              "rules": rules_as_dict(rules), "violation": violation_json(error)}
    if result is not None:
        answer.update(_result_json(result))
    return answer


def game_json(rules: LikesRules, game: GameResult) -> dict[str, Any]:
    """The answer of `verify likes game --json`."""
    return {
        "game": "likes",
        "command": "game",
        "status": game.status,
        "legal": game.status != "illegal",
        "rules": rules_as_dict(rules),
        "winners": list(game.winners),
        "decided_in_round": game.decided_in,
        "rounds_played": len(game.rounds),
        "violation": violation_json(game.violation),
        "players": [player_json(p) for p in game.players],
        "rounds": [_result_json(r) for r in game.rounds],
    }


def rules_line(rules: LikesRules) -> str:
    changed = [f"{k}={_show(v)}" for k, v in rules_as_dict(rules).items()
               if v != getattr(DEFAULT_RULES, k)]
    return "Rules: " + (", ".join(changed) if changed else "the literal defaults")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def violation_text(error: IllegalInput) -> list[str]:
    return [f"Illegal input at {error.path}: {error.detail}",
            f"Rule {error.rule}: \"{error.sentence}\""
            + (f" ({error.reading})" if error.reading else "")]


def _names(names: tuple[str, ...] | list[str]) -> str:
    return ", ".join(names) if names else "none"


def _step_text(step: Step, width: int) -> str:
    if step.start != step.end or step.move:
        what = f"{step.move:+d}  {step.start:>2} -> {step.end:<2}"
    else:
        what = ""
    note = step.note
    if step.likes is not None:
        note = f"{note}; Likes {step.likes}" if note else f"Likes {step.likes}"
    return f"  {step.player:<{width}}  {step.rule:<20} {what:<15} {note}".rstrip()


def result_text(result: RoundResult) -> list[str]:
    names = [name for name, _ in result.received]
    width = max(len(name) for name in names)
    if result.influencer:
        head = f"Influencer: {result.influencer}; reported: {result.reported or 'no one'}"
    else:
        head = f"Tie for first: {_names(result.tied)}; no Influencer"
    lines = [
        "Likes received: " + ", ".join(f"{name} {count}" for name, count in result.received),
        head,
        "Steps:",
        *(_step_text(step, width) for step in result.steps),
        "After the round:",
        *(f"  {p.name:<{width}}  space {p.position:>2}  Likes {p.likes}  streak {p.streak}"
          for p in result.players),
    ]
    if result.winners:
        lines.append(f"Winners: {_names(result.winners)}")
    return lines


def round_text(rules: LikesRules, result: RoundResult | None, error: IllegalInput | None) -> str:
    """The answer of `verify likes round` as text."""
    lines = [rules_line(rules)]
    if error is not None:
        lines += violation_text(error)
    elif result is not None:
        lines += ["The round is legal."] + result_text(result)
    return "\n".join(lines)


def game_text(rules: LikesRules, game: GameResult) -> str:
    """The answer of `verify likes game` as text: one line per round, then the verdict."""
    lines = [rules_line(rules)]
    for number, result in enumerate(game.rounds, start=1):
        if result.influencer:
            own = next(s for s in result.steps
                       if s.player == result.influencer and s.rule.startswith("influencer"))
            who = f"Influencer {result.influencer} {own.move:+d}"
        else:
            who = f"tie {'/'.join(result.tied)} +2"
        where = ", ".join(f"{p.name} {p.position}" for p in result.players)
        lines.append(f"Round {number:>2}: {who:<22} spaces: {where}")
    if game.status == "won":
        lines.append(f"Won by {_names(game.winners)} in round {game.decided_in}.")
    elif game.status == "no_winner":
        lines.append(f"The Intent decks ran out after round {game.decided_in}: no winner.")
    elif game.status == "unfinished":
        lines.append(f"Unfinished: no winner after {len(game.rounds)} rounds.")
    else:
        assert game.violation is not None
        lines.append(f"Round {game.decided_in} is illegal.")
        lines += violation_text(game.violation)
    return "\n".join(lines)
