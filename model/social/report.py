"""Social Network verdicts as JSON objects and as text (pure functions, no printing)."""

from __future__ import annotations

from typing import Any

from model.common.options import rules_as_dict
from model.social.engine import EndReason, GameResult, LikeAnswer, RoundResult
from model.social.rules import RULES_BY_NAME, Remedy, SocialRules

_REMEDY_TEXT: dict[Remedy, str] = {"refused": "refused at once", "corrected_at_scoring": "corrected at scoring"}
_END_TEXT: dict[EndReason, str] = {"out_of_cards": "{player} played all of their cards",
             "both_passed": "both players passed one after the other ({player} second)"}


def round_json(result: RoundResult, rules: SocialRules | None = None) -> dict[str, Any]:
    """One round's verdict as a JSON object (``rules`` omitted inside a game's rounds)."""
    end = result.end
    data: dict[str, Any] = {
        "variant": result.variant,
        "legal": not result.violations,
        "finished": end is not None,
        "end": {"reason": end.reason, "event": end.index, "player": end.player} if end else None,
        "events": result.events,
        "illegal": [
            {"event": v.index, "player": v.player, "what": v.event, "rule": v.rule,
             "remedy": v.remedy, "reason": v.detail}
            for v in result.violations
        ],
        "players": [
            {
                "name": p.name,
                "colour": p.colour,
                "score": p.score,
                "profile": [{"card": card, "face": "up" if up else "down"}
                            for card, up in p.profile],
                "hand": list(p.hand),
                "pile": p.pile,
                "returned_likes": [{"card": r.card, "gallery": r.gallery, "rule": r.rule}
                                   for r in p.returned],
            }
            for p in result.players
        ],
        "deck": "sample" if result.sample_deck else "custom",
    }
    if rules is not None:
        data["rules"] = rules_as_dict(rules)
    return data


def round_text(result: RoundResult) -> str:
    """One round's verdict for people: the end, each illegal event, the Profiles and scores."""
    variant = "2-player game" if result.variant == "two_player" else "base game"
    lines = [f"Round of {len(result.players)} players ({variant}), {result.events} events."]
    end = result.end
    if end is None:
        lines.append("The log stops before the round ends: scores as of its last event.")
    else:
        lines.append(f"Ended at event {end.index}: " + _END_TEXT[end.reason].format(
            player=end.player) + ".")
    if not result.violations:
        lines.append("Illegal events: none.")
    else:
        lines.append(f"Illegal events: {len(result.violations)}.")
        for v in result.violations:
            lines.append(f"  event {v.index}: {v.player} {v.event}: breaks {v.rule}, "
                         f"{_REMEDY_TEXT[v.remedy]} ({v.detail}).")
    lines.append("Profiles and scores:")
    for p in result.players:
        up = [card for card, face_up in p.profile if face_up]
        down = len(p.profile) - len(up)
        lines.append(f"  {p.name} ({p.colour}): {p.score:+d} = {len(p.profile)} in Profile "
                     f"- {len(p.hand)} in hand - {p.pile} in pile - {len(p.returned)} returned "
                     "Likes")
        shown = ", ".join(up) if up else "no card face up"
        lines.append(f"    Profile: {shown}" + (f"; {down} face down" if down else ""))
        for r in p.returned:
            lines.append(f"    returned: {r.card} from {r.gallery} ({r.rule})")
    return "\n".join(lines)


def game_json(result: GameResult, rules: SocialRules) -> dict[str, Any]:
    """A game's verdict as a JSON object."""
    per_round = [{p.name: p.score for p in r.players} for r in result.rounds]
    return {
        "legal": all(not r.violations for r in result.rounds),
        "rounds": [round_json(r) for r in result.rounds],
        "totals": [{"name": name, "total": total, "rounds": [s[name] for s in per_round]}
                   for name, total in result.totals],
        "winners": list(result.winners),
        "decided_by": result.decided_by,
        "rules": rules_as_dict(rules),
    }


def game_text(result: GameResult) -> str:
    """A game's verdict for people: each round's scores, the totals, the winner and why."""
    names = [name for name, _ in result.totals]
    lines = [f"Game of {len(names)} players, {len(result.rounds)} rounds."]
    for number, r in enumerate(result.rounds, start=1):
        scores = ", ".join(f"{p.name} {p.score:+d}" for p in r.players)
        illegal = len(r.violations)
        end = "ended" if r.end else "unfinished"
        lines.append(f"Round {number}: {scores} ({end}, {illegal} illegal event"
                     f"{'' if illegal == 1 else 's'}).")
        for v in r.violations:
            lines.append(f"  event {v.index}: {v.player} {v.event}: breaks {v.rule}, "
                         f"{_REMEDY_TEXT[v.remedy]} ({v.detail}).")
    lines.append("Totals: " + ", ".join(f"{n} {t:+d}" for n, t in result.totals) + ".")
    winners = " and ".join(result.winners)
    if result.decided_by == "score":
        lines.append(f"Winner: {winners}, on points.")
    elif result.decided_by == "best_round":
        lines.append(f"Winner: {winners}: tied on points, with the highest single-round score.")
    else:
        lines.append(f"Winners: {winners}: tied on points and on the best single round, so all "
                     "of them win.")
    return "\n".join(lines)


def like_json(answer: LikeAnswer, rules: SocialRules) -> dict[str, Any]:
    return {
        "legal": answer.legal,
        "rule": answer.rule,
        "remedy": answer.remedy,
        "reason": answer.reason,
        "rulebook": RULES_BY_NAME[answer.rule].cited() if answer.rule else None,
        "rules": rules_as_dict(rules),
    }


def like_text(answer: LikeAnswer) -> str:
    if answer.legal:
        return f"Legal: {answer.reason}."
    assert answer.rule is not None and answer.remedy is not None
    if answer.remedy == "refused":
        remedy = "refused at once: the Like goes back to the hand"
    else:
        remedy = "corrected at scoring: the Like goes back to its owner and counts -1"
    return (f"Not legal: breaks {answer.rule} ({answer.reason}); {remedy}.\n"
            f"Rulebook: {RULES_BY_NAME[answer.rule].cited()}")
