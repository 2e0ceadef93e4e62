"""Likes and Lies: an independent checker of resolved rounds.

It re-derives from the rulebook, with its own arithmetic and none of the engine's code, what a
resolved round (``RoundResult``) must satisfy: who is the Influencer, what every movement line
is worth, that each line starts where the last one ended, that Start and Viral bound every pawn,
that only the first Event space landing draws, how the streaks and counters end. It checks the
literal default rules (``DEFAULT_RULES``) and the options that change only amounts and order of
one round, except ``start_floor=round_net``, whose pawns may stand behind Start mid-round.
"""

from __future__ import annotations

from collections import Counter

from model.likes.cards import Catalogue, IntentCard
from model.likes.engine import RoundInput, RoundResult
from model.likes.rules import DEFAULT_RULES, IntentKind, LikesRules
from model.likes.state import PlayerState

# The rulebook's numbers, restated here so that the checker shares nothing with the engine.
_INFLUENCER, _THIRD_TIME, _TIE = 5, -3, 2
_DEFAULTS: dict[IntentKind, tuple[int, int, int]] = {
    # kind: (poster not reported, poster reported, Influencer when reported)
    "misinformation": (2, -2, 0),
    "true_information": (1, 1, -2),
}
_INTENT_RULES = {"misinformation", "true_information"}


def _expected_intent(card: IntentCard, reported: bool, printed: bool) -> tuple[int, int]:
    unreported, when_reported, penalty = _DEFAULTS[card.kind]
    if printed:
        unreported = card.if_not_reported if card.if_not_reported is not None else unreported
        when_reported = card.if_reported if card.if_reported is not None else when_reported
        penalty = card.influencer_if_reported if card.influencer_if_reported is not None else penalty
    return (when_reported, penalty) if reported else (unreported, 0)


def check_round(
    catalogue: Catalogue,
    before: tuple[PlayerState, ...],
    rnd: RoundInput,
    result: RoundResult,
    rules: LikesRules = DEFAULT_RULES,
) -> list[str]:
    """Every way ``result`` departs from the rules for this round; empty when it is right."""
    problems: list[str] = []
    if rules.start_floor != "each_move":
        raise ValueError("the checker follows pawns move by move: start_floor must be each_move")
    viral = catalogue.board.viral
    names = [p.name for p in before]
    owner = {play.content: play.player for play in rnd.plays}
    intent = {play.player: play.intent for play in rnd.plays}

    # The vote: one Like per token, the unique top vote-getter is the Influencer.
    votes = Counter(owner[vote.card] for vote in rnd.votes)
    top = max(votes[name] for name in names)
    leaders = [name for name in names if votes[name] == top]
    influencer = leaders[0] if len(leaders) == 1 else None
    tied = tuple(leaders) if influencer is None else ()
    if dict(result.received) != {name: votes[name] for name in names}:
        problems.append(f"Likes received {dict(result.received)}, the votes give {dict(votes)}")
    if (result.influencer, result.tied) != (influencer, tied):
        problems.append(f"Influencer {result.influencer} / tied {result.tied}, "
                        f"the votes give {influencer} / {tied}")
    reported = rnd.reports[0].target if rnd.reports else None
    if result.reported != reported:
        problems.append(f"reported {result.reported}, the input reports {reported}")

    # Each player's lines, in order: every line starts where the last ended and obeys the board.
    after = {p.name: p for p in result.players}
    for state in before:
        name = state.name
        lines = [step for step in result.steps if step.player == name]
        here = state.position
        for step in lines:
            if step.start != here:
                problems.append(f"{name}: a {step.rule} line starts on {step.start}, not {here}")
            expected_end = min(viral, max(0, step.start + step.move))
            if step.end != expected_end:
                problems.append(f"{name}: {step.start}{step.move:+d} ends on {step.end}, "
                                f"not {expected_end}")
            here = step.end
        if after[name].position != here:
            problems.append(f"{name} ends on {after[name].position}, his last line on {here}")

        # Amounts: the Influencer's own move, the tie bonus, the Intent move.
        own = [s for s in lines if s.rule in ("influencer", "influencer_third")]
        ties = [s for s in lines if s.rule == "tie"]
        # The Influencer never moves by his own Intent: his Intent lines are report penalties.
        intent_lines = [s for s in lines if s.rule in _INTENT_RULES]
        mine, penalties = ([], intent_lines) if name == influencer else (intent_lines, [])
        if name == influencer:
            run = state.streak + 1
            third = {"penalty_again": run >= 3, "restart": run == 3, "third_only": run == 3}[
                rules.streak_after_third]
            wanted = [_THIRD_TIME if third else _INFLUENCER]
            if [s.move for s in own] != wanted:
                problems.append(f"{name} is Influencer ({run} in a row): {wanted}, "
                                f"not {[s.move for s in own]}")
            wanted_penalty = []
            if reported is not None:
                card = catalogue.intent(intent[reported])
                penalty = _expected_intent(card, True, rules.printed_steps)[1]
                wanted_penalty = [penalty] if penalty else []
            if [s.move for s in penalties] != wanted_penalty:
                problems.append(f"{name} reports: {wanted_penalty}, not {[s.move for s in penalties]}")
        else:
            if own or penalties:
                problems.append(f"{name} is not Influencer but moves as one")
            moves = influencer is not None or rules.intent_in_tie == "everyone" or (
                rules.intent_in_tie == "others" and name not in tied)
            card = catalogue.intent(intent[name])
            wanted = [_expected_intent(card, reported == name, rules.printed_steps)[0]] if moves else []
            if [s.move for s in mine] != wanted:
                problems.append(f"{name} moves by Intent {[s.move for s in mine]}, not {wanted}")
        if [s.move for s in ties] != ([_TIE] if name in tied else []):
            problems.append(f"{name}: tie lines {[s.move for s in ties]}")

        # Events: only the first landing on an Event space draws, and it draws the given card.
        landings = [i for i, s in enumerate(lines)
                    if s.end != s.start and s.end in catalogue.board.event_spaces
                    and not (s.rule == "likes_exchange" and not rules.exchange_step_lands)]
        drawn = [s for s in lines if s.rule == "event"]
        given = [d.card for d in rnd.draws if d.player == name]
        if landings:
            first = landings[0]
            if not drawn or lines.index(drawn[0]) != first + 1 or drawn[0].card not in given:
                problems.append(f"{name} lands on an Event space but the next line is not "
                                f"the Event card drawn ({given})")
        for step in drawn:
            event = catalogue.event(step.card or "")
            moved = {"move": event.amount, "to_start": -step.start}.get(event.effect, 0)
            if step.move != moved:
                problems.append(f"{name}: Event card {event.id} moves {step.move}, not {moved}")
        if len(drawn) > (1 if landings else 0):
            problems.append(f"{name} executes {len(drawn)} Event cards")

        # Counters: Likes in, 10 out per step, below 10 at the end.
        gained = votes[name] + sum(
            catalogue.event(s.card or "").amount for s in drawn
            if catalogue.event(s.card or "").effect == "likes")
        exchanged = sum(s.move for s in lines if s.rule == "likes_exchange")
        if after[name].likes != state.likes + gained - 10 * exchanged or after[name].likes >= 10:
            problems.append(f"{name}: counter {state.likes} + {gained} - 10 x {exchanged} "
                            f"is not {after[name].likes}, or not below 10")

        # Streaks: a run grows by an Influencer round, survives his ties, ends otherwise.
        if name == influencer:
            run = state.streak + 1
            streak = 0 if rules.streak_after_third == "restart" and run == 3 else run
        elif name in tied:
            streak = state.streak
        else:
            streak = 0
        if after[name].streak != streak:
            problems.append(f"{name}: streak {after[name].streak}, not {streak}")

    # Viral: reached by a line ending there; the literal rule lets all who reach it win.
    reached = {s.player for s in result.steps if s.end == viral}
    if set(result.reached_viral) != reached:
        problems.append(f"reached Viral {result.reached_viral}, the lines say {sorted(reached)}")
    if (rules.several_reach_viral == "all_win" and rules.viral_fall_back == "reached_wins"
            and set(result.winners) != reached):
        problems.append(f"winners {result.winners}, but {sorted(reached)} reached Viral")
    return problems
