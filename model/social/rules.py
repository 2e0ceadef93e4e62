"""Social Network: the rules a log is judged by, and the questions the rulebook leaves open.

``SOCIAL_RULES`` names every rule an event can break, with the rulebook sentence it comes from and
its remedy: ``refused`` (the referee takes the event back at once, nothing changes) or
``corrected_at_scoring`` (the card stays where it was put; at scoring it goes back to its owner
and counts -1). ``SOCIAL_OPTIONS`` are the open questions; ``SocialRules`` holds one choice each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from model.common.options import RuleOption

GAME = "social"
REFUSED: Literal["refused"] = "refused"
CORRECTED: Literal["corrected_at_scoring"] = "corrected_at_scoring"
Remedy = Literal["refused", "corrected_at_scoring"]
#: The name of every rule an event can break (those of ``SOCIAL_RULES``, in its order).
RuleName = Literal[
    "round_over",
    "quiz_halt",
    "card_not_in_hand",
    "draw_below_five",
    "draw_up_to_five",
    "draw_from_pile",
    "draw_before_playing",
    "like_on_active_gallery",
    "like_closed_gallery",
    "like_once_per_gallery",
    "like_own_gallery",
    "contest_not_pending",
    "contest_decided_by_originator",
    "contest_winner",
    "reward_earned",
    "reward_from_pile",
    "contest_before_quiz",
    "no_quiz_running",
    "quiz_author_votes_first",
    "quiz_one_vote_each",
    "quiz_start",
    "pass_two_player_only",
    "turn_order",
    "one_action_per_turn",
    "duel_first",
]

# The readings of each open question (``SOCIAL_OPTIONS``), one alias per set of values.
#: ``rounds``: 3 rounds, or one per player.
RoundsReading = Literal["three", "one_per_player"]
#: ``like_own_gallery``, ``like_during_halt``: what a wrong Like of that sort gets.
WrongLikeReading = Literal["refused", "returned_at_scoring"]
#: ``contest_originator_wins``.
OriginatorWinsReading = Literal["refused", "one_card", "two_cards"]
#: ``contest_no_winner``: who puts a card down when nobody wins a Contest.
NoWinnerReading = Literal["nobody", "originator"]
#: ``duplicate_like_returned``: which of a player's Likes on one Gallery go back.
DuplicateLikeReading = Literal["later", "earlier", "all"]
#: ``draw_up_to_five``.
DrawReading = Literal["optional", "required"]
#: ``two_player_quiz``.
TwoPlayerQuizReading = Literal["played", "removed"]
#: ``out_of_cards``: what a 2-player player must have run out of.
OutOfCardsReading = Literal["hand_and_pile", "hand"]
#: ``quiz_with_contest_pending``: when a Quiz played before a Contest is resolved halts the game.
QuizPendingReading = Literal["halt_after_contest", "halt_at_quiz"]
#: ``contest_reward_lapses``: until when a Contest's reward may be put down.
RewardLapseReading = Literal["next_action", "never"]


@dataclass(frozen=True)
class SocialRule:
    """One rule an event can break."""

    #: The rule's name, as reported in verdicts.
    name: RuleName
    #: The rulebook's words it comes from, quoted exactly (whitespace aside).
    rulebook: str
    #: What the referee does with an event that breaks it (a rule option may change it).
    remedy: Remedy
    #: True for the rules of the 2-player game only.
    two_player: bool = False
    #: How the tool reads the quote, where the words alone do not say it ("" when they do).
    reading: str = ""

    def cited(self) -> str:
        """The quote followed by the reading in brackets, as reports print it."""
        return f"{self.rulebook} ({self.reading})" if self.reading else self.rulebook


SOCIAL_RULES: tuple[SocialRule, ...] = (
    SocialRule("round_over", "As soon as a player has played all of his cards the round "
               "immediately ends and scoring begins.", REFUSED),
    SocialRule("quiz_halt", "This immediately halts the game and no player may play, draw or "
               "discard cards until the Quiz is resolved.", REFUSED),
    SocialRule("card_not_in_hand", "You play your cards one by one.", REFUSED,
               reading="A card played, cycled or put down from the hand must be in that "
                       "player's hand."),
    SocialRule("draw_below_five", "If at any time you have less than 5 cards in your hand, you "
               "can draw up to 5 cards in hand.", REFUSED),
    SocialRule("draw_up_to_five", "If at any time you have less than 5 cards in your hand, you "
               "can draw up to 5 cards in hand.", REFUSED, reading="Not beyond 5."),
    SocialRule("draw_from_pile", "Each player then shuffles his cards and puts them face down in "
               "a draw pile next to himself.", REFUSED,
               reading="One cannot draw more cards than the pile holds."),
    SocialRule("draw_before_playing", "If at any time you have less than 5 cards in your hand, "
               "you can draw up to 5 cards in hand.", REFUSED,
               reading="Read as an obligation: rule option draw_up_to_five=required."),
    SocialRule("like_on_active_gallery", "A Like card is played in another player's Profile and "
               "only on top of an active Gallery.", REFUSED),
    SocialRule("like_closed_gallery", "When a player plays a new card in his Profile, the active "
               "Gallery becomes inactive, and no more Likes can be played on it.", CORRECTED),
    SocialRule("like_once_per_gallery", "Each player may play only one Like card on each "
               "Gallery.", CORRECTED),
    SocialRule("like_own_gallery", "Playing the Like card on your own Gallery is not allowed!",
               REFUSED),
    SocialRule("contest_not_pending", "The first player to do the task or answer the question "
               "correctly wins the contest", REFUSED,
               reading="Only a Contest in play and not yet won is resolved."),
    SocialRule("contest_decided_by_originator", "in case of ambiguity, the player who played the "
               "Contest decides the winner", REFUSED),
    SocialRule("contest_winner", "Then both the Contest's originator and the winner may put one "
               "of their cards (either from their hand or the top card of their draw pile) face "
               "down in their respective Profiles", REFUSED,
               reading="The originator and the winner are two players."),
    SocialRule("reward_earned", "Then both the Contest's originator and the winner may put one of "
               "their cards (either from their hand or the top card of their draw pile) face down "
               "in their respective Profiles", REFUSED,
               reading="Only a Contest's originator and winner, or a Quiz's correct guessers (a, "
                       "b, c), put a card down, one each."),
    SocialRule("reward_from_pile", "(either from their hand or the top card of their draw pile)",
               REFUSED, reading="The top card of an empty draw pile cannot be put down."),
    SocialRule("contest_before_quiz", "If a player has played a Contest, but someone plays a Quiz "
               "before the Contest is resolved, you resolve the Contest and only then you halt the "
               "game in order to do the Quiz.", REFUSED),
    SocialRule("no_quiz_running", "Other players then put one of their voting cards face down in "
               "front of them", REFUSED, reading="Votes are cast only during a Quiz."),
    SocialRule("quiz_author_votes_first", "The player who played the Quiz makes a statement about "
               "himself, for example: \"my favorite fruit is banana\", and then plays one of his "
               "voting cards face down", REFUSED,
               reading="The other players vote after the author."),
    SocialRule("quiz_one_vote_each", "Other players then put one of their voting cards face down "
               "in front of them", REFUSED, reading="One vote each."),
    SocialRule("quiz_start", "After the Quiz has been resolved, the player who played the Quiz "
               "card says \"Start!\" and the game continues.", REFUSED),
    SocialRule("pass_two_player_only", "All players are acting simultaneously \u2014 there are no "
               "turns during the game!", REFUSED, reading="Passing is a 2-player action."),
    SocialRule("turn_order", "The game is not played simultaneously, but instead the players "
               "take turns, one after the other", REFUSED, two_player=True),
    SocialRule("one_action_per_turn", "In his turn the player can perform only one of the "
               "following actions:", REFUSED, two_player=True,
               reading="Play a card and draw a replacement card; put any number of cards from "
                       "his hand at the bottom of his draw pile and draw as many new cards; "
                       "pass."),
    SocialRule("duel_first", "If you play a Contest card you have to challenge your opponent to "
               "a duel where both of you perform the same task", REFUSED, two_player=True,
               reading="The duel is resolved before the next turn."),
)

RULES_BY_NAME: dict[RuleName, SocialRule] = {rule.name: rule for rule in SOCIAL_RULES}

SOCIAL_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="rounds", game=GAME,
        question="How many rounds make a game?",
        rulebook="The game consists of 3 rounds, with scoring at the end of each round.",
        default="three",
        values=(("three", "literal: 3 rounds, as this rulebook says"),
                ("one_per_player", "one round per player (a reading also played)")),
    ),
    RuleOption(
        name="reward_closes_gallery", game=GAME,
        question="Does a card put face down into a Profile (a Contest or Quiz reward) close that "
                 "player's active Gallery, as playing a new card does?",
        rulebook="Whenever you put a card in your Profile as a result of winning a Contest or a "
                 "Quiz, you put it face down and its action is not performed.",
        default=False,
        values=((False, "literal: a reward is put, not played, so the Gallery stays active"),
                (True, "any new card in the Profile closes the active Gallery")),
    ),
    RuleOption(
        name="like_own_gallery", game=GAME,
        question="What happens to a Like played on the player's own Gallery?",
        rulebook="Playing the Like card on your own Gallery is not allowed!",
        default="refused",
        values=(("refused", "literal: not allowed, taken back at once (the scoring paragraph "
                            "names only the other two wrong Likes)"),
                ("returned_at_scoring", "found at scoring and returned with -1, as the other "
                                        "wrong Likes")),
    ),
    RuleOption(
        name="contest_originator_wins", game=GAME,
        question="May the originator of a Contest win it (and what does it earn)?",
        rulebook="Then both the Contest's originator and the winner may put one of their cards",
        default="refused",
        values=(("refused", "literal: 'both the originator and the winner' are two players"),
                ("one_card", "the originator may win and puts one card down"),
                ("two_cards", "the originator may win and puts two cards down, one per title")),
    ),
    RuleOption(
        name="contest_no_winner", game=GAME,
        question="Nobody does the task: does the originator still put a card down?",
        rulebook="Then both the Contest's originator and the winner may put one of their cards",
        default="nobody",
        values=(("nobody", "literal: the reward comes 'then', after someone wins (as the "
                           "2-player tie: nobody scores)"),
                ("originator", "the originator still puts one card down")),
    ),
    RuleOption(
        name="duplicate_like_returned", game=GAME,
        question="A player put two Likes on one Gallery: which goes back at scoring?",
        rulebook="When counting points, if you notice that someone has put more than one Like on "
                 "one of your Galleries, or played a Like card on one of your closed Galleries, "
                 "you give the wrongly played cards back to the owner, which will count as a "
                 "minus 1 point for him.",
        default="later",
        values=(("later", "literal: the Like played when one was already there is the wrong one"),
                ("earlier", "the earlier Like goes back, the last one stays"),
                ("all", "every Like of that player on that Gallery goes back")),
    ),
    RuleOption(
        name="draw_up_to_five", game=GAME,
        question="Is drawing back up to 5 cards optional?",
        rulebook="If at any time you have less than 5 cards in your hand, you can draw up to 5 "
                 "cards in hand.",
        default="optional",
        values=(("optional", "literal: 'can'; a player may play on with fewer cards"),
                ("required", "a player with fewer than 5 cards and a draw pile must draw up to 5 "
                             "before playing again")),
    ),
    RuleOption(
        name="reward_can_end_round", game=GAME,
        question="Does the round end when a player's last card goes down face down as a reward?",
        rulebook="As soon as a player has played all of his cards the round immediately ends and "
                 "scoring begins.",
        default=True,
        values=((True, "literal: all of his cards are out of hand and pile, however they went"),
                (False, "only a card played (not a reward) ends the round")),
    ),
    RuleOption(
        name="pass_closes_gallery", game=GAME,
        question="2-player: does the Gallery owner's pass close their active Gallery?",
        rulebook="Other players may put Like cards on top of your Gallery as long as you don't "
                 "play any new cards in your Profile.",
        default=False,
        values=((False, "literal: a pass plays no new card, so the Gallery stays active"),
                (True, "a pass closes the passing player's active Gallery")),
    ),
    RuleOption(
        name="duel_originator_reward", game=GAME,
        question="2-player: after a duel the opponent won, does the Contest's originator also put "
                 "a card down?",
        rulebook="The winner of the duel puts one of his cards in his profile, as per the base "
                 "rules.",
        default=False,
        values=((False, "literal: only the winner of the duel is named"),
                (True, "'as per the base rules': the originator puts one down too")),
    ),
    RuleOption(
        name="two_player_quiz", game=GAME,
        question="2-player: are Quiz cards played? (The 2-player changes do not mention "
                 "Quizzes.)",
        rulebook="When playing with 2 players the following rules changes apply:",
        default="played",
        values=(("played", "literal: no change is listed, so Quizzes are played as in the base "
                           "game"),
                ("removed", "Quiz cards are taken out of the decks before the game, like the 5 "
                            "Likes")),
    ),
    RuleOption(
        name="out_of_cards", game=GAME,
        question="2-player: when is a player 'out of cards'?",
        rulebook="A round ends as soon as any player is out of cards or both players choose to "
                 "pass one after the other.",
        default="hand_and_pile",
        values=(("hand_and_pile", "literal: as the base game's 'played all of his cards', hand "
                                  "and draw pile both empty"),
                ("hand", "the hand is empty, even with cards left in the draw pile")),
    ),
    RuleOption(
        name="like_during_halt", game=GAME,
        question="What does a Like played during a Quiz halt get?",
        rulebook="This immediately halts the game and no player may play, draw or discard cards "
                 "until the Quiz is resolved.",
        default="refused",
        values=(("refused", "literal: nobody may play, so it is taken back at once"),
                ("returned_at_scoring", "it stays, and goes back at scoring with -1 as a wrongly "
                                        "played Like")),
    ),
    RuleOption(
        name="quiz_with_contest_pending", game=GAME,
        question="A Quiz is played before a Contest is resolved: may cards still be played until "
                 "the Contest is resolved?",
        rulebook="If a player has played a Contest, but someone plays a Quiz before the Contest "
                 "is resolved, you resolve the Contest and only then you halt the game in order "
                 "to do the Quiz.",
        default="halt_after_contest",
        values=(("halt_after_contest", "literal: 'only then you halt the game': play goes on "
                                       "until the Contest is resolved, then the Quiz halts it"),
                ("halt_at_quiz", "the Quiz halts the game at once; only the pending Contest's "
                                 "resolution and its rewards come before the votes")),
    ),
    RuleOption(
        name="contest_reward_lapses", game=GAME,
        question="Base game: until when may a Contest's originator and winner put their card "
                 "down?",
        rulebook="Then both the Contest's originator and the winner may put one of their cards",
        default="next_action",
        values=(("next_action", "literal: 'then', right after the Contest: a player who does "
                                "anything else first has let it go"),
                ("never", "the right stays until it is used or the round ends")),
    ),
)


@dataclass(frozen=True)
class SocialRules:
    """One choice for each open question of the Social Network rulebook."""

    #: ``three`` or ``one_per_player``.
    rounds: RoundsReading = "three"
    #: A face-down reward closes the active Gallery of the player who puts it down.
    reward_closes_gallery: bool = False
    #: ``refused`` or ``returned_at_scoring``.
    like_own_gallery: WrongLikeReading = "refused"
    #: ``refused``, ``one_card`` or ``two_cards``.
    contest_originator_wins: OriginatorWinsReading = "refused"
    #: ``nobody`` or ``originator``.
    contest_no_winner: NoWinnerReading = "nobody"
    #: ``later``, ``earlier`` or ``all``.
    duplicate_like_returned: DuplicateLikeReading = "later"
    #: ``optional`` or ``required``.
    draw_up_to_five: DrawReading = "optional"
    #: A face-down reward that empties hand and pile ends the round.
    reward_can_end_round: bool = True
    #: 2-player: a pass closes the passing player's active Gallery.
    pass_closes_gallery: bool = False
    #: 2-player: the originator of a duel the opponent won puts a card down too.
    duel_originator_reward: bool = False
    #: 2-player: ``played`` or ``removed``.
    two_player_quiz: TwoPlayerQuizReading = "played"
    #: 2-player: ``hand_and_pile`` or ``hand``.
    out_of_cards: OutOfCardsReading = "hand_and_pile"
    #: ``refused`` or ``returned_at_scoring``.
    like_during_halt: WrongLikeReading = "refused"
    #: ``halt_after_contest`` or ``halt_at_quiz``.
    quiz_with_contest_pending: QuizPendingReading = "halt_after_contest"
    #: ``next_action`` or ``never``.
    contest_reward_lapses: RewardLapseReading = "next_action"

    def round_count(self, players: int) -> int:
        return 3 if self.rounds == "three" else players
