"""Likes and Lies: the rule options and the pure movement and streak rules.

Everything here is a function of small integers and named choices, with no game state, so that
each rule can be read against its rulebook sentence. The rule functions are written once against
``model.common.ops`` (an ``ops`` argument, Python values by default): the engine
(``model/likes/engine.py``) runs them on numbers and only sequences them; the proofs of
``checks/likes`` run the very same functions on Z3 terms. A role is taken as a ``Role`` or as its
two conditions (``RoleFlags``), so that it can be a symbol too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from model.common.ops import PY, Ops, Value
from model.common.options import RuleOption

GAME = "likes"
#: "Likes and Lies is best played with 3-5 players."
MIN_PLAYERS, MAX_PLAYERS = 3, 5
#: "15 Intent cards for each player"
INTENT_CARDS_PER_PLAYER = 15
#: "they must exchange 10 Likes to gain +1 steps"
LIKES_PER_STEP = 10
#: "Being an Influencer: +5 steps"
INFLUENCER_STEPS = 5
#: "Being an Influencer the 3rd time in a row: -3 steps instead of +5 steps"
INFLUENCER_STREAK_STEPS = -3
#: The round of a run of Influencer rounds that is penalised: "the 3rd time in a row".
PENALISED_RUN = 3
#: "Tie: each player that is tied for first +2 steps"
TIE_STEPS = 2
#: "Players who posted Misinformation: +2 steps if not reported; -2 steps if reported"
MISINFORMATION_NOT_REPORTED, MISINFORMATION_REPORTED = 2, -2
#: "Players who posted True Information: +1 step; the Influencer -2 steps if reported"
TRUE_INFORMATION_STEPS, TRUE_INFORMATION_INFLUENCER_PENALTY = 1, -2
#: "75 Content cards" and "69 Caption cards": the box's counts, unless a board file states its own.
CONTENT_CARDS, CAPTION_CARDS = 75, 69

MISINFORMATION: Literal["misinformation"] = "misinformation"
TRUE_INFORMATION: Literal["true_information"] = "true_information"
IntentKind = Literal["misinformation", "true_information"]

# The readings of each open question (``LIKES_OPTIONS``), one alias per set of values.
#: ``streak_after_third``: what a fourth Influencer round in a row brings.
StreakReading = Literal["penalty_again", "restart", "third_only"]
#: ``several_reach_viral``: who wins when several reach Viral in one round.
SeveralViralReading = Literal["all_win", "first_to_reach", "furthest"]
#: ``viral_fall_back``.
FallBackReading = Literal["reached_wins", "must_stand"]
#: ``likes_exchange``: when 10 Likes turn into a step.
ExchangeReading = Literal["on_reaching", "end_of_round"]
#: ``intent_in_tie``: who moves by Intent in a round without an Influencer.
IntentInTieReading = Literal["nobody", "others", "everyone"]
#: ``start_floor``: where the Start floor applies.
StartFloorReading = Literal["each_move", "round_net"]
#: ``intent_source``: how a player's Intent card is picked.
IntentSourceReading = Literal["choose", "draw_top"]
#: ``spent_intents``: what happens when the Intent decks are spent.
SpentIntentsReading = Literal["game_ends", "reshuffle", "furthest_wins"]
#: ``report_penalty``: when the Influencer's -2 for reporting True Information is moved.
ReportPenaltyReading = Literal["with_intent", "at_report", "after_intents"]

#: The name of every rule the engine applies or an input can break (the keys of ``RULEBOOK``).
RuleName = Literal[
    "players",
    "one_play",
    "content_once",
    "caption_once",
    "intent_from_deck",
    "intent_top_card",
    "intents_spent",
    "every_player_votes",
    "one_like_token",
    "vote_own_card",
    "vote_taken_back",
    "simultaneous_votes",
    "likes",
    "report_by_influencer",
    "report_other_player",
    "report_one",
    "report",
    "no_report",
    "influencer",
    "influencer_third",
    "streak",
    "tie",
    "intent",
    "misinformation",
    "true_information",
    "start",
    "likes_exchange",
    "event",
    "event_before_report",
    "first_event_only",
    "event_card_once",
    "viral",
    "game_over",
]

# The rulebook sentences behind every rule the engine applies or an input can break, by name.
RULEBOOK: dict[RuleName, str] = {
    "players": "Likes and Lies is best played with 3-5 players.",
    "one_play": (
        "Each player chooses a Content card based on the caption given and places it face down in "
        "the middle of the table. Each player chooses one Intent card and places it face down on "
        "the table in front of them."
    ),
    "content_once": "Discard the used Content cards, Intent cards, and Caption cards.",
    "caption_once": "Discard the used Content cards, Intent cards, and Caption cards.",
    "intent_from_deck": "15 Intent cards are placed face down as a deck in front of each player.",
    "intent_top_card": "15 Intent cards are placed face down as a deck in front of each player.",
    "intents_spent": "15 Intent cards are placed face down as a deck in front of each player.",
    "every_player_votes": (
        "Each player votes and gives \u201clikes\u201d by placing their Like tokens on their "
        "favourite Content card."
    ),
    "one_like_token": "1 Like token for each player",
    "vote_own_card": "Players CANNOT vote for their own Content card.",
    "vote_taken_back": (
        "Once a player has put their Like token on a Content card to vote, they cannot take it back."
    ),
    "simultaneous_votes": "The voting must happen at the same time.",
    "likes": "Each player adds the number of Likes they received to their counter.",
    "report_by_influencer": (
        "The player with the most votes will become the Influencer of the round and have the "
        "power to report (reveal) an Intent card from ONE other player."
    ),
    "report_other_player": (
        "The player with the most votes will become the Influencer of the round and have the "
        "power to report (reveal) an Intent card from ONE other player."
    ),
    "report_one": (
        "The player with the most votes will become the Influencer of the round and have the "
        "power to report (reveal) an Intent card from ONE other player."
    ),
    "report": (
        "The player with the most votes will become the Influencer of the round and have the "
        "power to report (reveal) an Intent card from ONE other player."
    ),
    "no_report": "The Influencer can also choose not to report anyone.",
    "influencer": "Being an Influencer: +5 steps; does not gain more steps for their posted Intent.",
    "influencer_third": (
        "Being an Influencer the 3rd time in a row: -3 steps instead of +5 steps; can still "
        "report players."
    ),
    "streak": (
        "Ties do not interrupt or contribute to the condition of \u201cif being an Influencer 3 "
        "times in a row\u201d if that player was one of the tied players (only rounds that "
        "interrupt are if someone else becomes Influencer or if other players tie for first)"
    ),
    "tie": "Tie: each player that is tied for first +2 steps",
    "intent": (
        "If there is an Influencer, players move by the number of steps of their Intent card "
        "after the Influencer reports someone or chooses not to report"
    ),
    "misinformation": (
        "Players who posted Misinformation: +2 steps if not reported; -2 steps if reported "
        "(unless the card specifies otherwise)."
    ),
    "true_information": (
        "Players who posted True Information: +1 step; the Influencer -2 steps if reported "
        "(unless the card specifies otherwise)."
    ),
    "start": "Players cannot move further back than the Start space.",
    "likes_exchange": (
        "When a player reaches 10+ Likes on their counter, they must exchange 10 Likes to gain "
        "+1 steps."
    ),
    "event": "Players who landed on an Event space will draw an Event card.",
    "event_before_report": (
        "If the Influencer lands on Event, they should first execute the Event card before "
        "reporting anyone."
    ),
    "first_event_only": (
        "If players land on Event multiple times within the turn, only the first event will count."
    ),
    "event_card_once": "69 Event cards",
    "viral": (
        "Players who reach the final space of the board, \u201cViral\u201d, will win the game."
    ),
    "game_over": (
        "Players who reach the final space of the board, \u201cViral\u201d, will win the game."
    ),
}

#: How the tool reads a quote where the words alone do not say it (printed after the quote).
READINGS: dict[RuleName, str] = {
    "intent_from_deck": "A used Intent card is discarded: each player plays from what is left of "
                        "his own deck.",
    "report_by_influencer": "Only the Influencer reports; after a tie for first there is none.",
    "viral": "No exact number is needed: moving onto Viral or past it wins.",
}


def cited(rule: RuleName) -> str:
    """A rule's quote followed by its reading in brackets, if it has one."""
    reading = READINGS.get(rule)
    return f"{RULEBOOK[rule]} ({reading})" if reading else RULEBOOK[rule]


LIKES_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="streak_after_third",
        game=GAME,
        question="A fourth (fifth, ...) Influencer round in a row: -3 again, or not?",
        rulebook=RULEBOOK["influencer_third"],
        default="penalty_again",
        values=(
            ("penalty_again", "literal: from the third on, every round is one of "
             "\u201cbeing an Influencer 3 times in a row\u201d, so -3 again"),
            ("restart", "the run restarts after the third: the fourth is +5, the sixth -3 again"),
            ("third_only", "only the third round in a row is -3; the fourth and later are +5"),
        ),
    ),
    RuleOption(
        name="several_reach_viral",
        game=GAME,
        question="Several players reach Viral in the same round: who wins?",
        rulebook=RULEBOOK["viral"],
        default="all_win",
        values=(
            ("all_win", "literal: \u201cPlayers who reach ... Viral will win\u201d: all of them"),
            ("first_to_reach", "the first to reach Viral in the order the round resolves "
             "(Likes exchanges, then the Influencer or tied players, then Intents in seat order)"),
            ("furthest", "the one whose move would have carried furthest past Viral; "
             "equals all win"),
        ),
    ),
    RuleOption(
        name="viral_fall_back",
        game=GAME,
        question="A player reaches Viral and falls back in the same round: has he won?",
        rulebook=RULEBOOK["viral"],
        default="reached_wins",
        values=(
            ("reached_wins", "literal: reaching Viral wins, whatever moves come later that round"),
            ("must_stand", "only a pawn standing on Viral when the round ends wins"),
        ),
    ),
    RuleOption(
        name="likes_exchange",
        game=GAME,
        question="When are 10 Likes exchanged for a step: on reaching 10, or after all movement?",
        rulebook=RULEBOOK["likes_exchange"],
        default="on_reaching",
        values=(
            ("on_reaching", "literal: \u201cwhen a player reaches 10+\u201d, at once: right after "
             "the Likes are added, before the Influencer moves"),
            ("end_of_round", "after the Influencer, tie and Intent movement"),
        ),
    ),
    RuleOption(
        name="exchange_step_lands",
        game=GAME,
        question="Does the step from a Likes exchange count as landing on an Event space?",
        rulebook=RULEBOOK["event"],
        default=True,
        values=(
            (True, "literal: a player who lands on an Event space draws, however he got there"),
            (False, "the exchange step never draws an Event card"),
        ),
    ),
    RuleOption(
        name="intent_in_tie",
        game=GAME,
        question="In a tie for first (no Influencer), who moves by his Intent card?",
        rulebook=RULEBOOK["intent"],
        default="nobody",
        values=(
            ("nobody", "literal: players move by Intent only \u201cif there is an Influencer\u201d"),
            ("others", "the players not tied for first move by Intent, as not reported"),
            ("everyone", "everyone moves by Intent as not reported, tied players on top of +2"),
        ),
    ),
    RuleOption(
        name="start_floor",
        game=GAME,
        question="\u201cCannot move further back than Start\u201d: after each move, or on the "
        "round's net movement?",
        rulebook=RULEBOOK["start"],
        default="each_move",
        values=(
            ("each_move", "literal: a pawn stops at Start on every move that would pass it"),
            ("round_net", "moves add up during the round; only the round's result is held at Start"),
        ),
    ),
    RuleOption(
        name="printed_steps",
        game=GAME,
        question="Do step values printed on an Intent card replace the default steps?",
        rulebook=RULEBOOK["misinformation"],
        default=True,
        values=(
            (True, "literal: \u201cunless the card specifies otherwise\u201d: printed values win"),
            (False, "every card moves by the default steps; printed values are ignored"),
        ),
    ),
    RuleOption(
        name="intent_source",
        game=GAME,
        question="Is the Intent card chosen from one's own deck, or the top card drawn?",
        rulebook=RULEBOOK["one_play"],
        default="choose",
        values=(
            ("choose", "literal: \u201cEach player chooses one Intent card\u201d from his deck"),
            ("draw_top", "the top card of his face-down deck is played"),
        ),
    ),
    RuleOption(
        name="spent_intents",
        game=GAME,
        question="The Intent decks are spent (after the fifteenth round) and nobody is Viral: "
        "what then?",
        rulebook=RULEBOOK["intents_spent"],
        default="game_ends",
        values=(
            ("game_ends", "literal: no Intent card can be chosen, so the game ends, no winner"),
            ("reshuffle", "the discarded Intent cards become each player's deck again"),
            ("furthest_wins", "the game ends and the pawns furthest along win"),
        ),
    ),
    RuleOption(
        name="event_cards_discarded",
        game=GAME,
        question="Is a drawn Event card out of the game, so that it cannot be drawn again?",
        rulebook=RULEBOOK["content_once"],
        default=False,
        values=(
            (False, "literal: the discard rule names Content, Intent and Caption cards only"),
            (True, "Event cards are discarded too: each may be drawn once per game"),
        ),
    ),
    RuleOption(
        name="report_penalty",
        game=GAME,
        question="When does the Influencer move his -2 for reporting True Information, relative "
        "to the other Intent moves (it matters with Events and several_reach_viral=first_to_reach)?",
        rulebook=RULEBOOK["true_information"],
        default="with_intent",
        values=(
            ("with_intent", "literal: the -2 is one of the reported card's steps, so it is moved "
             "with that card, when its poster moves by it (in seat order)"),
            ("at_report", "at once, when the Influencer reports, before anyone moves by Intent"),
            ("after_intents", "after every Intent move of the round"),
        ),
    ),
)


@dataclass(frozen=True)
class LikesRules:
    """One choice for each open question of the rulebook (see ``LIKES_OPTIONS``)."""

    #: What a fourth Influencer round in a row brings.
    streak_after_third: StreakReading = "penalty_again"
    #: Who wins when several reach Viral in one round.
    several_reach_viral: SeveralViralReading = "all_win"
    #: Whether reaching Viral wins even if the pawn falls back later that round.
    viral_fall_back: FallBackReading = "reached_wins"
    #: When 10 Likes turn into a step.
    likes_exchange: ExchangeReading = "on_reaching"
    #: Whether the exchange step can land on an Event space.
    exchange_step_lands: bool = True
    #: Who moves by Intent in a tie round.
    intent_in_tie: IntentInTieReading = "nobody"
    #: Where the Start floor applies.
    start_floor: StartFloorReading = "each_move"
    #: Whether printed Intent step values replace the defaults.
    printed_steps: bool = True
    #: How a player's Intent card is picked.
    intent_source: IntentSourceReading = "choose"
    #: What happens when the Intent decks are spent.
    spent_intents: SpentIntentsReading = "game_ends"
    #: Whether an Event card can come up only once a game.
    event_cards_discarded: bool = False
    #: When the Influencer's -2 for reporting True Information is moved.
    report_penalty: ReportPenaltyReading = "with_intent"


#: The literal reading of every open question (the default of every rules argument).
DEFAULT_RULES = LikesRules()


class Role(str, Enum):  # noqa: UP042 (a StrEnum would change str() and format() of a role)
    """A player's part in the vote of one round, as far as the streak rule cares."""

    #: The unique top vote-getter.
    INFLUENCER = "influencer"
    #: One of the players tied for first (there is no Influencer).
    TIED = "tied"
    #: Anyone else: someone else is Influencer, or others tied for first.
    OTHER = "other"


@dataclass(frozen=True)
class RoleFlags:
    """A role as two conditions, so that a rule can be written once for Python values and for
    Z3 terms (``model.common.ops``): at most one of them holds; neither is ``Role.OTHER``."""

    #: He is the Influencer.
    influencer: Value
    #: He is one of the players tied for first.
    tied: Value


def role_flags(role: Role | RoleFlags) -> RoleFlags:
    """The two conditions of a role (a ``RoleFlags`` passes through)."""
    if isinstance(role, RoleFlags):
        return role
    return RoleFlags(role is Role.INFLUENCER, role is Role.TIED)


def role_of(flags: RoleFlags) -> Role:
    """The role of two Python conditions."""
    return Role.INFLUENCER if flags.influencer else Role.TIED if flags.tied else Role.OTHER


@dataclass(frozen=True)
class StreakStep:
    """What the streak rule says about one player for one round."""

    #: The player's run of Influencer rounds after this round.
    streak: int
    #: True when this Influencer round is penalised (-3 instead of +5).
    penalised: bool


def streak_step(streak: Value, role: Role | RoleFlags, after_third: StreakReading,
                ops: Ops = PY) -> StreakStep:
    """The streak rule: an Influencer round extends the run, a round the player ties in leaves it
    alone, any other round (someone else Influencer, others tied) ends it."""
    flags = role_flags(role)
    run = streak + 1
    if after_third == "penalty_again":
        grown, penalised = run, run >= PENALISED_RUN
    elif after_third == "restart":
        grown, penalised = ops.ite(run == PENALISED_RUN, ops.const(0), run), run == PENALISED_RUN
    elif after_third == "third_only":
        grown, penalised = run, run == PENALISED_RUN
    else:
        raise ValueError(f"unknown streak_after_third choice {after_third!r}")
    new = ops.ite(flags.influencer, grown, ops.ite(flags.tied, streak, ops.const(0)))
    return StreakStep(new, ops.all((flags.influencer, penalised)))


def influencer_steps(penalised: Value, ops: Ops = PY) -> Value:
    """The Influencer's own move: +5, or -3 in a penalised round; never his Intent's steps."""
    return ops.ite(penalised, ops.const(INFLUENCER_STREAK_STEPS), ops.const(INFLUENCER_STEPS))


def max_streak(after_third: StreakReading) -> int | None:
    """The longest run a player can carry into a round under the option (None: no limit)."""
    return PENALISED_RUN - 1 if after_third == "restart" else None


@dataclass(frozen=True)
class IntentSteps:
    """The moves an Intent card causes once the report is known."""

    #: The steps of the player who posted it.
    poster: int
    #: The steps of the Influencer because of it (non-zero only when it is reported).
    influencer: int


def intent_steps(
    kind: IntentKind,
    reported: Value,
    if_not_reported: Value | None = None,
    if_reported: Value | None = None,
    influencer_if_reported: Value | None = None,
    printed_steps: bool = True,
    ops: Ops = PY,
) -> IntentSteps:
    """The Intent rule: Misinformation +2 unreported, -2 reported; True Information +1 either way
    and -2 for the Influencer who reported it; values printed on the card replace the defaults
    when ``printed_steps`` is on ("unless the card specifies otherwise")."""
    if kind == MISINFORMATION:
        defaults = (MISINFORMATION_NOT_REPORTED, MISINFORMATION_REPORTED, 0)
    elif kind == TRUE_INFORMATION:
        defaults = (TRUE_INFORMATION_STEPS, TRUE_INFORMATION_STEPS, TRUE_INFORMATION_INFLUENCER_PENALTY)
    else:
        raise ValueError(f"unknown Intent kind {kind!r}")
    printed = (if_not_reported, if_reported, influencer_if_reported)
    unreported, reported_steps, penalty = (
        p if printed_steps and p is not None else ops.const(d)
        for p, d in zip(printed, defaults, strict=False)
    )
    return IntentSteps(ops.ite(reported, reported_steps, unreported),
                       ops.ite(reported, penalty, ops.const(0)))


def moves_by_intent(role: Role | RoleFlags, there_is_influencer: Value,
                    intent_in_tie: IntentInTieReading, ops: Ops = PY) -> Value:
    """Whether a player moves by his Intent card this round."""
    flags = role_flags(role)
    if intent_in_tie == "nobody":
        in_tie: Value = False
    elif intent_in_tie == "others":
        in_tie = ops.not_(flags.tied)
    elif intent_in_tie == "everyone":
        in_tie = True
    else:
        raise ValueError(f"unknown intent_in_tie choice {intent_in_tie!r}")
    return ops.ite(there_is_influencer, ops.not_(flags.influencer), in_tie)


def exchange_likes(likes: Value, ops: Ops = PY) -> tuple[Value, Value]:
    """The Likes exchange: (the counter after it, the steps gained); 10 Likes buy one step."""
    return likes % LIKES_PER_STEP, ops.div(likes, ops.const(LIKES_PER_STEP))


def floor_at_start(position: Value, ops: Ops = PY) -> Value:
    """No pawn goes further back than Start (space 0)."""
    return ops.max((ops.const(0), position))


def pawn_move(position: Value, steps: Value, viral: Value, start_floor: StartFloorReading,
              ops: Ops = PY) -> Value:
    """Where one move leaves a pawn: on Viral when it reaches or passes it (no exact count is
    needed), else held at Start under ``start_floor=each_move`` (the round's net floor of
    ``round_net`` is applied once the round is over, with ``floor_at_start``)."""
    end = position + steps
    held = floor_at_start(end, ops) if start_floor == "each_move" else end
    return ops.ite(end >= viral, viral, held)


def vote_roles(counts: Sequence[Value], ops: Ops = PY) -> list[RoleFlags]:
    """Each player's role from the Likes he received, in seat order: the unique top vote-getter
    is the Influencer; if several share the top count, they are tied and there is no Influencer."""
    top = ops.max(counts)
    leaders = ops.count(count == top for count in counts)
    return [RoleFlags(ops.all((count == top, leaders == 1)), ops.all((count == top, leaders > 1)))
            for count in counts]


def roles(vote_counts: dict[str, int]) -> dict[str, Role]:
    """Each player's role from the Likes he received (``vote_roles``), by name."""
    flags = vote_roles(list(vote_counts.values()))
    return {name: role_of(f) for name, f in zip(vote_counts, flags, strict=True)}
