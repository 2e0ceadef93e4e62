"""Oh My Socks!: the rules a move can break, each with its rulebook sentence, and the rule
options: one reading of every open question of the rulebook (``SocksRules``; the defaults are the
literal readings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from model.common.errors import RuleBroken
from model.common.options import RuleOption

GAME = "socks"

#: The rules a move can break (the keys of RULES).
RuleName = Literal[
    "game-over",
    "turn-order",
    "draw",
    "setup",
    "keep",
    "pass",
    "two-player-discard",
    "super-sock-set",
    "effect-activate",
    "effect-none",
    "gift-recipient",
    "rescue-another-player",
    "rescue-in-collection",
    "rescue-only-one",
    "rescue-ignored",
]

#: Each rule a move can break, with the rulebook sentence it comes from (word for word: a test
#: finds each one in the rulebook).
RULES: dict[RuleName, str] = {
    "game-over": "The game ends immediately when you draw the Washing Machine card.",
    "turn-order": "You then take turns, playing clockwise.",
    "draw": "On your turn, draw 2 cards and reveal them.",
    "setup": "Take 10 Sock cards (without looking at them) and shuffle the Washing Machine card "
    "into them. Place this small stack underneath the remaining cards to form a draw pile "
    "containing all the cards.",
    "keep": "Choose one card to add to your collection.",
    "pass": "Pass the other card to the player on your left or right, depending on the direction "
    "of the arrow on the card.",
    "two-player-discard": "On your turn, if the arrow on the card you deal points to the side "
    "with no-one on it, that card is discarded.",
    "super-sock-set": "When you add the Super Sock to your collection, you must add it to one of "
    "your Sock sets.",
    "effect-activate": "If the card you kept has an effect, you must activate it if possible.",
    "effect-none": "Effects do not apply when you give or receive a card.",
    "gift-recipient": "Draw the top card from the deck without looking at it and give it to the "
    "player of your choice.",
    "rescue-another-player": "Choose a single Sock from another player's collection and place it "
    "in your own collection.",
    "rescue-in-collection": "Choose a single Sock from another player's collection and place it "
    "in your own collection.",
    "rescue-only-one": "This Sock must be the only one of its type in the other player's "
    "collection.",
    "rescue-ignored": "If no players have a single Sock card the action is ignored.",
}

#: How the engine reads a rule's sentence, where the sentence alone does not say which part of
#: it the rule is about.
READINGS: dict[RuleName, str] = {
    "rescue-another-player": "the Sock is taken from another player, never from the rescuer",
    "rescue-in-collection": "the Sock taken lies face up in that player's collection",
    "two-player-discard": "with two players, a card whose arrow points at the empty side is "
    "discarded, and one whose arrow points at the other player is passed to them",
    "pass": "the arrow alone decides who receives the other card",
}


class IllegalMove(RuleBroken):
    """A move that breaks a rule of Oh My Socks!: ``rule`` is a key of RULES, ``sentence`` its
    rulebook sentence, ``detail`` what the move did."""

    #: The rule broken (a key of RULES).
    rule: RuleName

    def __init__(self, rule: RuleName, detail: str) -> None:
        super().__init__(rule, RULES[rule], detail)

    @property
    def message(self) -> str:
        """What is wrong, in words (the detail)."""
        return self.detail

    def __str__(self) -> str:
        return f"{self.detail} (rule {self.rule}: {self.sentence})"


# The values of each rule option (``SOCKS_OPTIONS`` describes them; a test checks they agree).
WashingMachinePair = Literal["unplayed", "kept"]
GiftWashingMachine = Literal["ends_game", "gift_lost"]
SuperReceived = Literal["receiver_chooses", "chosen_at_end"]
SuperFirstSock = Literal["anyone", "owner"]
SuperWithoutSet = Literal["next_own_sock", "chosen_at_end"]
RescuedSuper = Literal["rescuer_chooses", "keeps_set"]
EffectTiming = Literal["after_pass", "before_pass"]
TieBreakCounts = Literal["all_sets", "scoring_sets"]
FinalTie = Literal["shared", "no_winner"]

SOCKS_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="washing_machine_pair",
        game=GAME,
        question="The Washing Machine is one of the two cards drawn: is the other card played?",
        rulebook="The game ends immediately when you draw the Washing Machine card.",
        default="unplayed",
        values=(
            ("unplayed", "literal: the game ends at once; the other card is neither kept nor passed"),
            ("kept", "the player who drew adds the other card to their collection (no effect)"),
        ),
    ),
    RuleOption(
        name="gift_washing_machine",
        game=GAME,
        question="A Gift draws the Washing Machine from the top of the deck: what happens?",
        rulebook=(
            "Draw the top card from the deck without looking at it ... The game ends "
            "immediately when you draw the Washing Machine card."
        ),
        default="ends_game",
        values=(
            ("ends_game", "literal: drawing it for a Gift is drawing it; the game ends at once"),
            ("gift_lost", "the Gift gives nothing; the Washing Machine goes back on top of the deck"),
        ),
    ),
    RuleOption(
        name="super_received",
        game=GAME,
        question="A Super Sock passed face up to a player (effects do not apply on receipt): "
        "when is its set chosen?",
        rulebook=(
            "When you add the Super Sock to your collection, you must add it to one of your Sock "
            "sets. ... Note: Effects do not apply when you give or receive a card."
        ),
        default="receiver_chooses",
        values=(
            (
                "receiver_chooses",
                "literal: adding it to a collection is not an effect, so the receiver adds it to "
                "one of their sets at once",
            ),
            ("chosen_at_end", "it waits beside the collection; its set is chosen at the end"),
        ),
    ),
    RuleOption(
        name="super_first_sock",
        game=GAME,
        question="The Super Sock is the first Sock collected in the game: whose next Sock "
        "decides its type?",
        rulebook="If this is the first Sock collected in the game, the next Sock collected "
        "determines its type.",
        default="anyone",
        values=(
            ("anyone", "literal: the next Sock collected by anyone (a passed card counts)"),
            ("owner", "the next Sock its owner collects"),
        ),
    ),
    RuleOption(
        name="super_without_set",
        game=GAME,
        question="A Super Sock joins a collection with no Sock set yet (and it is not the "
        "first Sock of the game): what decides its set?",
        rulebook="When you add the Super Sock to your collection, you must add it to one of "
        "your Sock sets.",
        default="next_own_sock",
        values=(
            (
                "next_own_sock",
                "as the rulebook's note for the first Sock: the next Sock its owner collects",
            ),
            ("chosen_at_end", "its set is chosen at the end, as for a face-down gift"),
        ),
    ),
    RuleOption(
        name="rescued_super",
        game=GAME,
        question="A Super Sock taken by Rescue: does it keep the set it had, or join one of "
        "the rescuer's sets (even where the rescuer holds no Sock of its old set)?",
        rulebook="When you add the Super Sock to your collection, you must add it to one of "
        "your Sock sets.",
        default="rescuer_chooses",
        values=(
            (
                "rescuer_chooses",
                "literal: Rescue places it in the rescuer's collection, and the sentence says "
                "nothing but 'when you add the Super Sock to your collection', so the rescuer "
                "adds it to one of their own sets",
            ),
            ("keeps_set", "it keeps the set it had, even where the rescuer holds no Sock of it"),
        ),
    ),
    RuleOption(
        name="rescue_counts_super",
        game=GAME,
        question="For Rescue's 'only one of its type', does a Super Sock count as a Sock of its set?",
        rulebook="The Super Sock now represents a Sock of the chosen type ... This Sock must be "
        "the only one of its type in the other player's collection.",
        default=True,
        values=(
            (True, "literal: it represents a Sock of its set, so one Sock plus it makes two"),
            (False, "only printed Socks count; the Super Sock itself is never taken"),
        ),
    ),
    RuleOption(
        name="rescue_counts_gifts",
        game=GAME,
        question="For Rescue's 'only one of its type', do face-down gifts count?",
        rulebook="That player keeps it face down next to their collection.",
        default=False,
        values=(
            (False, "literal: gifts lie next to the collection, not in it, and nobody sees them"),
            (True, "a face-down gift of the same set makes the Sock no longer the only one"),
        ),
    ),
    RuleOption(
        name="rescued_card_effect",
        game=GAME,
        question="Does the effect of a Sock taken by Rescue apply?",
        rulebook="If the card you kept has an effect, you must activate it if possible.",
        default=False,
        values=(
            (False, "literal: only the card you kept from your draw has its effect applied"),
            (True, "a rescued Gift or Rescue is activated at once by the rescuer"),
        ),
    ),
    RuleOption(
        name="gift_to_self",
        game=GAME,
        question="May a Gift be given to the player who plays it?",
        rulebook="give it to the player of your choice.",
        default=True,
        values=(
            (True, "literal: any player, the sentence excludes nobody"),
            (False, "only another player"),
        ),
    ),
    RuleOption(
        name="effect_timing",
        game=GAME,
        question="Is the kept card's effect activated after the other card is passed, or before?",
        rulebook="Choose one card to add ... Pass the other card ... If the card you kept has an "
        "effect, you must activate it if possible.",
        default="after_pass",
        values=(
            ("after_pass", "literal: in the order the rulebook lists the steps"),
            ("before_pass", "the effect first, then the other card is passed"),
        ),
    ),
    RuleOption(
        name="tie_break_counts",
        game=GAME,
        question="Tie-break 'fewest sets of Socks': every set collected, or only scoring sets?",
        rulebook="In case of a tie, the player with the fewest sets of Socks wins.",
        default="all_sets",
        values=(
            ("all_sets", "literal: every set the player holds, odd ones included"),
            ("scoring_sets", "only the sets that score (an even number of Socks)"),
        ),
    ),
    RuleOption(
        name="final_tie",
        game=GAME,
        question="The tie-break ties too: who wins?",
        rulebook="In case of a tie, the player with the fewest sets of Socks wins.",
        default="shared",
        values=(
            ("shared", "the rulebook says nothing more, so every tied player wins"),
            ("no_winner", "the game is drawn: nobody wins"),
        ),
    ),
)

#: The options that change end-of-game scoring (the only ones a scoring file may set).
SCORING_OPTION_NAMES = ("tie_break_counts", "final_tie")
SCORING_OPTIONS = tuple(o for o in SOCKS_OPTIONS if o.name in SCORING_OPTION_NAMES)


@dataclass(frozen=True)
class SocksRules:
    """One reading of every open question of the rulebook (defaults: the literal ones)."""

    #: ``unplayed`` or ``kept``: the card drawn with the Washing Machine.
    washing_machine_pair: WashingMachinePair = "unplayed"
    #: ``ends_game`` or ``gift_lost``: a Gift that draws the Washing Machine.
    gift_washing_machine: GiftWashingMachine = "ends_game"
    #: ``receiver_chooses`` or ``chosen_at_end``: a Super Sock passed face up.
    super_received: SuperReceived = "receiver_chooses"
    #: ``anyone`` or ``owner``: whose next Sock types a Super Sock that was the game's first Sock.
    super_first_sock: SuperFirstSock = "anyone"
    #: ``next_own_sock`` or ``chosen_at_end``: a Super Sock joining a collection with no set.
    super_without_set: SuperWithoutSet = "next_own_sock"
    #: ``rescuer_chooses`` or ``keeps_set``: the set of a Super Sock taken by Rescue.
    rescued_super: RescuedSuper = "rescuer_chooses"
    #: True: a Super Sock counts as a Sock of its set for Rescue.
    rescue_counts_super: bool = True
    #: True: face-down gifts count for Rescue's "only one of its type".
    rescue_counts_gifts: bool = False
    #: True: the effect of a rescued card applies too.
    rescued_card_effect: bool = False
    #: True: a Gift may go to the player who plays it.
    gift_to_self: bool = True
    #: ``after_pass`` or ``before_pass``: when the kept card's effect is activated.
    effect_timing: EffectTiming = "after_pass"
    #: ``all_sets`` or ``scoring_sets``: what the tie-break counts.
    tie_break_counts: TieBreakCounts = "all_sets"
    #: ``shared`` or ``no_winner``: when the tie-break ties too.
    final_tie: FinalTie = "shared"
