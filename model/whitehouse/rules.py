"""The rules of the White House intern game as data: the rule options (every question the rulebook
leaves open, with the literal reading as default) and the rulebook sentences a refusal quotes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal, TypeAlias

from model.common.errors import RuleBroken
from model.common.options import RuleOption, build_rules
from model.whitehouse.network.arrangement import TRICKS_OPTIONS, TricksRules

G = "whitehouse"

# The values each option allows (the ``values`` of its RuleOption below; a test keeps them equal).
EmptyDeck: TypeAlias = Literal["stay_empty", "top_up"]
LockCount: TypeAlias = Literal["one", "all"]
LockFromHand: TypeAlias = Literal["on_arrival", "own_turn"]
LiesOrder: TypeAlias = Literal["after_receiver", "after_active"]
Reversals: TypeAlias = Literal["cancel", "once"]
OffTurnWin: TypeAlias = Literal["at_once", "own_turn"]
DeflectionVsFizzle: TypeAlias = Literal["fizzle", "blocked"]
SimultaneousSeven: TypeAlias = Literal["first", "shared"]
TurnLimit: TypeAlias = Literal[500, 200, 2000]
SecondDeflection: TypeAlias = Literal["old_first", "old_blocks"]
BottomOrder: TypeAlias = Literal["as_named", "reversed"]

WHITEHOUSE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="empty_deck", game=G,
        question="A deck is empty when its row must be refilled: what happens to the slot?",
        rulebook="Draw a new card from the top of the Supporter Deck and place it in the slot closest "
        "to the Deck; the two remaining face-up cards keep their order.",
        default="stay_empty",
        values=(
            ("stay_empty", "literal: there is no card to draw, so the slot stays empty"),
            ("top_up", "at each refill every empty slot is filled from the deck while it has cards"),
        ),
    ),
    RuleOption(
        name="lock_optional", game=G,
        question="Locking is 'can': may a player keep a matching pair in the Active Hand instead?",
        rulebook="If the Supporter you took matches a Supporter ID on an Event card in your Active Hand, "
        "you can combine them and lock them into your Locked Network as a Trick (see Tricks).",
        default=True,
        values=((True, "literal: 'you can', so keeping the card is allowed"),
                (False, "a card taken from a row that can lock must lock; a card arriving through a "
                 "Distraction action still 'may join the network at once', so it may also be kept")),
    ),
    RuleOption(
        name="lock_count", game=G,
        question="A taken card matches several cards in the Active Hand: one pair locks, or all that fit?",
        rulebook="If the Supporter you took matches a Supporter ID on an Event card in your Active Hand, "
        "you can combine them and lock them into your Locked Network as a Trick (see Tricks).",
        default="one",
        values=(("one", "literal: the card combines with one Event card ('an Event card')"),
                ("all", "after the pair, every other matching hand card may lock in beside the new card")),
    ),
    RuleOption(
        name="single_lock", game=G,
        question="May a single taken card lock in beside a matching card already in the network?",
        rulebook="locking a single card in beside a matching card already in the network",
        default=True,
        values=((True, "the Gridlock paragraph names this trick-forming move, so it exists"),
                (False, "only a matching pair locks in (the turn text names only pairs)")),
    ),
    RuleOption(
        name="lock_from_hand", game=G,
        question="May matching cards that sit in the Active Hand lock later, or only when one arrives?",
        rulebook="Otherwise, put the card in your list of Event cards in your Active Hand.",
        default="on_arrival",
        values=(("on_arrival", "literal: locking is offered only when a card arrives"),
                ("own_turn", "on their own turn, before each take, a player may lock hand cards")),
    ),
    RuleOption(
        name="lies_before_lock", game=G,
        question="May Lies stop a taken card that would lock at once and never enter the Active Hand?",
        rulebook="before a card is added to another player's Active Hand — a card taken from a row on "
        "their turn, or a card arriving through a Distraction action",
        default=True,
        values=((True, "literal: every card taken from a row may be stopped, before it locks"),
                (False, "a card that locks at once never enters the Active Hand, so Lies cannot stop it")),
    ),
    RuleOption(
        name="lies_order", game=G,
        question="Several players hold Lies: who may answer first?",
        rulebook="the player may play one of their Lies cards",
        default="after_receiver",
        values=(("after_receiver", "in the order of play, starting after the receiving player"),
                ("after_active", "in the order of play, starting after the player whose turn it is")),
    ),
    RuleOption(
        name="reversals", game=G,
        question="Two reversals in one round: do they cancel?",
        rulebook="The reversal takes effect from the next round, which starts with the player who would "
        "have played just before the player who played the card, and play then runs in the reversed "
        "direction.",
        default="cancel",
        values=(("cancel", "each card reverses: an even number in a round cancel out"),
                ("once", "any number of reversals in a round reverse the order once")),
    ),
    RuleOption(
        name="off_turn_win", game=G,
        question="A player reaches 7 off-turn (a card arriving through a Distraction): wins at once?",
        rulebook="The first player to make 7 Tricks wins.",
        default="at_once",
        values=(("at_once", "literal: the first to make 7 wins at that moment"),
                ("own_turn", "the win is claimed at the start of that player's next turn")),
    ),
    RuleOption(
        name="mixed_distraction_cost", game=G,
        question="A discard cost of two for a Distraction: may it be one Supporter and one Event?",
        rulebook="discarding two Supporter or Event cards from your Active Hand to the bottom of the "
        "relevant Deck",
        default=True,
        values=((True, "literal: any two Supporter or Event cards"),
                (False, "two cards of the same kind")),
    ),
    RuleOption(
        name="against_self", game=G,
        question="Is a Distraction that moves a card out of your own Active Hand played against you "
        "(so that your own Deflection blocks it)?",
        rulebook="A Distraction is played \"against\" a player when it removes, steals, swaps or forces "
        "the movement of a card from that player's Active Hand",
        default=True,
        values=((True, "literal: the definition covers every player's hand, yours included"),
                (False, "only other players are played against")),
    ),
    RuleOption(
        name="deflection_vs_fizzle", game=G,
        question="A Distraction that would fizzle meets a Deflection: blocked, or fizzles?",
        rulebook="A Distraction fizzles when its action cannot be completed",
        default="fizzle",
        values=(("fizzle", "literal: with no card to move it is not played against anyone; "
                 "the Deflection stays"),
                ("blocked", "the Deflection blocks it and both cards go to the bottom")),
    ),
    RuleOption(
        name="simultaneous_seven", game=G,
        question="One swap brings two players to 7: who wins?",
        rulebook="The first player to make 7 Tricks wins.",
        default="first",
        values=(("first", "the swapped cards arrive one at a time (the player of the swap first); "
                 "the first to make 7 wins at once"),
                ("shared", "both arrivals resolve, then everyone at 7 or more wins together")),
    ),
    RuleOption(
        name="turn_limit", game=G,
        question="A game that can no longer progress: when does it end?",
        rulebook="Play continues counter-clockwise (unless otherwise directed by the cards), until someone "
        "wins.",
        default=500,
        values=((500, "the game ends without a winner after 500 turns"),
                (200, "after 200 turns"), (2000, "after 2000 turns")),
    ),
    RuleOption(
        name="second_deflection", game=G,
        question="A second Deflection is played while one is face-up and a Lies may answer it: is the old "
        "one gone first, or can it block a Lies aimed at the new one?",
        rulebook="Playing a second deflection while one is already face-up sends the old card to the "
        "bottom of the Distractions Deck first.",
        default="old_first",
        values=(("old_first", "literal: playing the second sends the old one to the bottom 'first', before "
                 "anyone may answer with Lies, so it cannot block a Lies aimed at the new one"),
                ("old_blocks", "the old one stays until the new one is placed: it may block a Lies aimed "
                 "at the new one (and is consumed), and the new one then takes its place")),
    ),
    RuleOption(
        name="bottom_order", game=G,
        question="Two cards go to the bottom of one deck at once: in which order?",
        rulebook="Or you can take the closest Supporter card to the Deck by discarding two Supporters to "
        "the bottom of the Deck.",
        default="as_named",
        values=(("as_named", "literal: one after the other as they are named (the discards as the player "
                 "lists them; 'both cards': the Distraction, then the Deflection; the arriving card, then "
                 "the Lies; the Lies, then the Deflection that blocks it), so the last named is the bottom "
                 "card"),
                ("reversed", "the other way round: the first named is the bottom card")),
    ),
)


@dataclass(frozen=True)
class WhitehouseRules:
    """One choice for every White House intern rule option, plus the Locked Network options."""

    #: The Locked Network options (``connected``).
    tricks: TricksRules = field(default_factory=TricksRules)
    #: What an empty deck does to its row's slot.
    empty_deck: EmptyDeck = "stay_empty"
    #: A card that can lock may also be kept in the Active Hand.
    lock_optional: bool = True
    #: One pair locks, or every matching hand card.
    lock_count: LockCount = "one"
    #: A single card may lock beside a matching network card.
    single_lock: bool = True
    #: When hand cards may lock.
    lock_from_hand: LockFromHand = "on_arrival"
    #: Lies may stop a taken card before it locks.
    lies_before_lock: bool = True
    #: Who answers first with Lies.
    lies_order: LiesOrder = "after_receiver"
    #: Several reversals in a round.
    reversals: Reversals = "cancel"
    #: When an off-turn 7 wins.
    off_turn_win: OffTurnWin = "at_once"
    #: A two-card Distraction cost may mix kinds.
    mixed_distraction_cost: bool = True
    #: Moving a card out of your own hand is played against you.
    against_self: bool = True
    #: A would-be fizzle against a Deflection.
    deflection_vs_fizzle: DeflectionVsFizzle = "fizzle"
    #: Two players reaching 7 by one swap.
    simultaneous_seven: SimultaneousSeven = "first"
    #: Turns after which a game ends without a winner.
    turn_limit: TurnLimit = 500
    #: When the old Deflection leaves as a second one is played.
    second_deflection: SecondDeflection = "old_first"
    #: The order of two cards going to the bottom of one deck at once.
    bottom_order: BottomOrder = "as_named"


#: The rules when no option is given: every literal reading.
DEFAULT_RULES = WhitehouseRules()


def whitehouse_rules(values: Mapping[str, Any], source: str, path: str = "rules") -> WhitehouseRules:
    """Build the rules from a ``rules`` mapping that may mix game options and ``connected``."""
    tricks_names = {o.name for o in TRICKS_OPTIONS}
    numeric = {o.name for o in WHITEHOUSE_OPTIONS if isinstance(o.default, int) and not isinstance(o.default, bool)}
    # ``--rule turn_limit=200`` arrives as text; JSON brings a typed integer.
    values = {
        k: int(v) if k in numeric and isinstance(v, str) and v.strip().isdigit() else v for k, v in values.items()
    }
    tricks = build_rules(TricksRules, TRICKS_OPTIONS, {k: v for k, v in values.items() if k in tricks_names},
                         source, path)
    game = build_rules(WhitehouseRules, WHITEHOUSE_OPTIONS + TRICKS_OPTIONS,
                       {k: v for k, v in values.items() if k not in tricks_names}, source, path)
    return replace(game, tricks=tricks)


def rules_dict(rules: WhitehouseRules) -> dict[str, Any]:
    """The rules as a flat JSON object (the Locked Network options beside the game's options)."""
    flat = asdict(rules)
    flat.pop("tricks")
    return {**asdict(rules.tricks), **flat}


# --- the rulebook sentences a refusal names ------------------------------------------------------

#: The name of a rule a refusal names (a key of ``RULES``).
RuleName: TypeAlias = Literal[
    "turn-order", "take-supporter", "take-event", "take-distraction", "empty-slot", "take-cost",
    "discard-kind", "mixed-cost", "pass", "decision", "lies-block", "lock-match", "lock-entry",
    "lock-single", "lock-required", "lock-count", "lock-hand", "distraction-choice", "fizzle",
    "locked-network", "gridlock-target", "game-over", "move-shape",
]

RULES: dict[RuleName, str] = {
    "turn-order": "The player with the highest numbered Supporter takes the first turn; play then "
    "continues counter-clockwise from that player.",
    "take-supporter": "First, take a Supporter.",
    "take-event": "Second, pick an Event card, following a similar pattern.",
    "take-distraction": "Third, pick a Distraction card.",
    "empty-slot": "a card whose cost you cannot pay is out of reach that turn",
    "take-cost": "You may only take a card if you can pay its discard cost — a card whose cost you "
    "cannot pay is out of reach that turn.",
    "discard-kind": "Or you can take the middle Supporter by discarding a Supporter from your Active Hand "
    "to the bottom of the Deck.",
    "mixed-cost": "discarding two Supporter or Event cards from your Active Hand to the bottom of the "
    "relevant Deck",
    "pass": "Each turn, a player takes three actions.",
    "decision": "At any point in the game, before a card is added to another player's Active Hand",
    "lies-block": "The player whose Active Hand the card was going to enter may block the Lies by "
    "consuming their Deflection, which goes to the bottom of the Distractions Deck, and the card then "
    "enters their Active Hand as normal.",
    "lock-match": "A Trick is a border between a Supporter and a matching Event — the two cards sit edge "
    "to edge, and the Supporter's ID is listed on the Event.",
    "lock-entry": "A card enters your Locked Network when it borders a card already there (or when the "
    "network is empty), and it may not be placed where it would border a non-matching card of the "
    "other kind.",
    "lock-single": "locking a single card in beside a matching card already in the network",
    "lock-required": "you can combine them and lock them into your Locked Network as a Trick",
    "lock-count": "you can combine them and lock them into your Locked Network as a Trick",
    "lock-hand": "If the Supporter you took matches a Supporter ID on an Event card in your Active Hand, "
    "you can combine them",
    "distraction-choice": "You then play the Distraction card, following the action on the card.",
    "fizzle": "A Distraction fizzles when its action cannot be completed — there is no card to remove, "
    "steal, swap, take or draw.",
    "locked-network": "a card in a Locked Network cannot be removed, stolen, swapped or taken.",
    "gridlock-target": "The player who plays a Gridlock chooses another player and places the card face-up "
    "in the space between that player's Active Hand and their Locked Network.",
    "game-over": "The first player to make 7 Tricks wins.",
    "move-shape": "You then play the Distraction card, following the action on the card.",
}


class IllegalMove(RuleBroken):
    """A move the rules forbid: the rule's name, its rulebook sentence and what the move did. The
    message names the rule and quotes the rulebook."""

    def __init__(self, rule: RuleName, detail: str) -> None:
        super().__init__(rule, RULES[rule], detail)
        #: The rule's key in ``RULES``.
        self.rule: RuleName = rule

    def __str__(self) -> str:
        return f"{self.detail} (rule {self.rule}: \"{self.sentence}\")"
