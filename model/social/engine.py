"""Social Network: the referee that replays a round's log, and the scoring.

Play is simultaneous, so a round is an ordered log of events. The ``Referee`` takes them one at a
time, as a referee at the table would: an event that breaks a rule is either refused (taken back
at once: nothing changes) or, for the wrong Likes the rulebook's scoring paragraph names, left in
place and corrected at scoring (the Like goes back to its owner and counts -1). Each verdict names
the rule (``model.social.rules.SOCIAL_RULES``).

Legality is layered: ``Referee.violation(event)`` answers without changing anything, and
``Referee.apply(event)`` records the verdict and performs what stands. ``Referee.outcome()`` checks
the end conditions in a written order. The 2-player variant (turns, one action a turn, duels,
passing) is chosen by the number of players, never by a flag.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from model.common.errors import RuleBroken
from model.common.ops import PY, Ops, Value
from model.common.outcome import Outcome, Termination
from model.social.cards import CONTEST, GALLERY, HAND_SIZE, LIKE, QUIZ, Card, CardKind, voting_card
from model.social.rules import CORRECTED, REFUSED, RULES_BY_NAME, Remedy, RuleName, SocialRules
from model.social.state import Action, Event, GalleryView, GameSetup, LikeMoment, RoundSetup

#: A place a card can be in (the invariant: each of a player's cards is in exactly one).
Place = Literal["hand", "pile", "profile", "aside", "voted", "removed"]
HAND: Place = "hand"
PILE: Place = "pile"
PROFILE: Place = "profile"
ASIDE: Place = "aside"
VOTED: Place = "voted"
REMOVED: Place = "removed"
# Actions that are a whole turn in the 2-player game; the rest follow up on one.
TURN_ACTIONS: frozenset[Action] = frozenset({"play", "cycle", "pass", "draw"})
#: Why a round ended: a player is out of cards, or (2-player) both passed one after the other.
EndReason = Literal["out_of_cards", "both_passed"]
#: The base game, or the 2-player variant.
Variant = Literal["base", "two_player"]
#: How a game's winners were found: on points, by the best single round, or all tied ones.
DecidedBy = Literal["score", "best_round", "shared"]
#: A rule broken: its name, why (in words), and what the referee does about it.
Verdict = tuple[RuleName, str, Remedy]


@dataclass(frozen=True)
class Violation:
    """An illegal event and what the referee does with it: the broken rule (``rule``,
    ``sentence``, ``detail``, as ``RuleBroken``), where it happened and its remedy."""

    #: The event's position in the log (0-based).
    index: int
    #: The player who acted.
    player: str
    #: The event in a few words.
    event: str
    #: The rule broken (a name of ``SOCIAL_RULES``).
    rule: RuleName
    #: ``refused`` (nothing happened) or ``corrected_at_scoring``.
    remedy: Remedy
    #: The rulebook's sentence the rule comes from, quoted exactly.
    sentence: str
    #: What the event did that the rule forbids, in words.
    detail: str

    def error(self) -> RuleBroken:
        """The broken rule this violation stands for."""
        return RuleBroken(self.rule, self.sentence, self.detail)


@dataclass
class Placed:
    """A card in a Profile."""

    #: The card.
    card: str
    #: The player whose card it is.
    owner: str
    #: Face up (played) or face down (a reward).
    face_up: bool
    #: For a Like: the Gallery it lies on.
    on: str | None = None


@dataclass
class LikeRecord:
    """A Like lying on a Gallery, with what scoring needs to know about it."""

    #: The Like card.
    card: str
    #: Who played it.
    player: str
    #: The Gallery was closed when it came.
    closed: bool
    #: Goes back at scoring whatever else holds (a Like on one's own Gallery, or in a halt,
    #: under the options that leave it in place): the rule's name.
    forced: RuleName | None = None


@dataclass
class Contest:
    """A Contest in play."""

    #: The player who played it.
    originator: str
    #: Resolved: someone won it, or nobody did.
    resolved: bool = False
    #: How many face-down cards each player may still put down for it.
    rewards: dict[str, int] = field(default_factory=dict)


@dataclass
class Quiz:
    """A Quiz being resolved (the game is halted)."""

    #: The Quiz card.
    card: str
    #: The player who played it.
    author: str
    #: Contests unresolved when it was played: they are resolved first.
    contests: frozenset[str]
    #: The votes put down so far (the author's is the truth).
    votes: dict[str, bool] = field(default_factory=dict)
    #: How many face-down cards each player may still put down for it.
    rewards: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class End:
    """Why and when a round ended."""

    #: ``out_of_cards`` or ``both_passed``.
    reason: EndReason
    #: The event that ended it.
    index: int
    #: The player who ran out of cards, or who passed second.
    player: str


@dataclass(frozen=True)
class ReturnedLike:
    """A wrongly played Like given back to its owner at scoring (-1 for them)."""

    #: The Like card.
    card: str
    #: Its owner (who played it).
    player: str
    #: The Gallery it lay on.
    gallery: str
    #: The rule it broke.
    rule: RuleName


@dataclass(frozen=True)
class PlayerScore:
    """One player's cards and points at scoring."""

    #: The player.
    name: str
    #: Their colour.
    colour: str
    #: The cards in their Profile that count (+1 each): (card, face up).
    profile: tuple[tuple[str, bool], ...]
    #: The cards left in hand (-1 each).
    hand: tuple[str, ...]
    #: How many cards are left in the draw pile (-1 each).
    pile: int
    #: Their Likes given back at scoring (-1 each).
    returned: tuple[ReturnedLike, ...]
    #: The round's score.
    score: int


@dataclass(frozen=True)
class RoundResult:
    """The referee's verdict on a round log."""

    #: ``base`` or ``two_player``.
    variant: Variant
    #: How the round ended (None: the log stops before it does; the scores are as of then).
    end: End | None
    #: How many events the log holds.
    events: int
    #: Every illegal event, in log order.
    violations: tuple[Violation, ...]
    #: Every player's scoring.
    players: tuple[PlayerScore, ...]
    #: The deck composition is the shipped illustrative one.
    sample_deck: bool


class Referee:
    """Replays one round's events and keeps the state of the table."""

    def __init__(self, setup: RoundSetup, rules: SocialRules) -> None:
        #: The round's setup.
        self.setup = setup
        #: The rule options.
        self.rules = rules
        self.names: tuple[str, ...] = tuple(p.name for p in setup.players)
        self.two_player = len(self.names) == 2
        self.cards: dict[str, Card] = {}
        self.owner: dict[str, str] = {}
        for player in setup.players:
            for card in setup.decks.colour_cards(player.colour):
                self.cards[card.id] = card
                self.owner[card.id] = player.name
        self.colour = {p.name: p.colour for p in setup.players}
        self.hand: dict[str, list[str]] = {}
        self.pile: dict[str, deque[str]] = {}
        self.profile: dict[str, list[Placed]] = {name: [] for name in self.names}
        self.removed: dict[str, tuple[str, ...]] = {}
        for name, pile, removed in zip(self.names, setup.piles, setup.removed, strict=False):
            self.hand[name] = list(pile[:HAND_SIZE])
            self.pile[name] = deque(pile[HAND_SIZE:])
            self.removed[name] = removed
        #: Each player's active Gallery (None: none).
        self.active: dict[str, str | None] = {name: None for name in self.names}
        #: Every face-up Gallery in play and its owner.
        self.gallery_owner: dict[str, str] = {}
        #: The Likes on each Gallery, in the order they came.
        self.likes: dict[str, list[LikeRecord]] = {}
        self.contests: dict[str, Contest] = {}
        self.quiz: Quiz | None = None
        #: 2-player: who takes the next turn (None: whoever acts first).
        self.turn: str | None = setup.first if self.two_player else None
        #: 2-player: the Contest whose duel must be resolved before the next turn.
        self.duel: str | None = None
        #: 2-player: the player whose turn action was the last one, if it was a pass.
        self.passed: str | None = None
        self._both_passed = False
        self.end: End | None = None
        self.violations: list[Violation] = []
        self.judged = 0

    # --- legality ---------------------------------------------------------------------------

    def violation(self, event: Event) -> Violation | None:
        """The first rule the event breaks, in a written order; None when it is legal."""
        index = self.judged
        check = self._round_over(event) or self._variant(event) or self._halt(event)
        if check is None:
            check = self._check(event)
        elif check[2] == CORRECTED:
            # A Like left in place during a halt must still be a Like that could lie there.
            own = self._check_play(event)
            if own is not None and own[2] == REFUSED:
                check = own
        if check is None:
            return None
        rule, detail, remedy = check
        return Violation(index, event.player, event.describe(), rule, remedy,
                         RULES_BY_NAME[rule].rulebook, detail)

    def _check(self, event: Event) -> Verdict | None:
        """The rule the event breaks by what it does (``_check_<action>``), if any."""
        check: Verdict | None = getattr(self, f"_check_{event.action}")(event)
        return check

    def _refuse(self, rule: RuleName, reason: str) -> Verdict:
        return rule, reason, RULES_BY_NAME[rule].remedy

    def _round_over(self, event: Event) -> Verdict | None:
        if self.end is not None:
            return self._refuse("round_over", f"the round ended at event {self.end.index}")
        return None

    def _variant(self, event: Event) -> Verdict | None:
        if not self.two_player:
            if event.action == "pass":
                return self._refuse("pass_two_player_only",
                                    "there are no turns to pass with more than 2 players")
            return None
        if event.action not in TURN_ACTIONS or self.quiz is not None:
            return None
        if event.action == "draw":
            return self._refuse("one_action_per_turn",
                                "drawing up to 5 is not a 2-player action (a play draws one "
                                "replacement)")
        if self.duel is not None:
            return self._refuse("duel_first", f"the duel of {self.duel} is not resolved")
        if self.turn is not None and event.player != self.turn:
            return self._refuse("turn_order", f"it is {self.turn}'s turn")
        return None

    def halted(self) -> bool:
        """A Quiz halts the game: from its play, or (``quiz_with_contest_pending`` literal) once
        every Contest pending when it was played is resolved."""
        quiz = self.quiz
        if quiz is None:
            return False
        if self.rules.quiz_with_contest_pending == "halt_at_quiz":
            return True
        return not self._waiting(quiz)

    def _waiting(self, quiz: Quiz) -> list[str]:
        """The Contests a Quiz waits for: pending when it was played, not resolved yet."""
        return sorted(c for c in quiz.contests if not self.contests[c].resolved)

    def _halt(self, event: Event) -> Verdict | None:
        quiz = self.quiz
        if quiz is None:
            return None
        if event.action in ("vote", "start"):
            return None
        if not self.halted():
            # Play goes on until the Contests are resolved; only one Quiz at a time.
            if event.action == "play" and self._kind(event.card) == QUIZ:
                return self._refuse("contest_before_quiz",
                                    f"{quiz.author}'s Quiz {quiz.card} waits for "
                                    f"{self._waiting(quiz)[0]} to be resolved")
            return None
        if event.action in ("resolve", "reward") and event.about in quiz.contests:
            return None
        if event.action == "reward" and event.about == quiz.card:
            return None
        reason = f"{quiz.author}'s Quiz {quiz.card} halts the game"
        if event.action == "play" and self._kind(event.card) == LIKE:
            remedy: Remedy = REFUSED if self.rules.like_during_halt == "refused" else CORRECTED
            return "quiz_halt", reason, remedy
        return self._refuse("quiz_halt", reason)

    def _kind(self, card: str | None) -> CardKind | None:
        return self.cards[card].kind if card is not None and card in self.cards else None

    def _check_draw(self, event: Event) -> Verdict | None:
        held, pile = len(self.hand[event.player]), len(self.pile[event.player])
        if held >= HAND_SIZE:
            return self._refuse("draw_below_five", f"{event.player} holds {held} cards")
        if event.count is not None and held + event.count > HAND_SIZE:
            return self._refuse("draw_up_to_five",
                                f"{held} in hand + {event.count} drawn is more than 5")
        wanted = event.count if event.count is not None else min(HAND_SIZE - held, pile)
        if wanted == 0 or wanted > pile:
            return self._refuse("draw_from_pile", f"the draw pile holds {pile} cards")
        return None

    def _check_cycle(self, event: Event) -> Verdict | None:
        hand = self.hand[event.player]
        for card in event.cards:
            if card not in hand:
                return self._refuse("card_not_in_hand", f"{card} is not in {event.player}'s hand")
        return None

    def _check_play(self, event: Event) -> Verdict | None:
        player, card = event.player, event.card
        if card not in self.hand[player]:
            return self._refuse("card_not_in_hand", f"{card} is not in {player}'s hand")
        if (
            self.rules.draw_up_to_five == "required"
            and not self.two_player
            and len(self.hand[player]) < HAND_SIZE
            and self.pile[player]
        ):
            return self._refuse("draw_before_playing",
                                f"{player} holds {len(self.hand[player])} cards and must draw "
                                "up to 5 first")
        if self._kind(card) != LIKE:
            return None
        return self._like_verdict(player, event.on)

    def _like_verdict(self, player: str, gallery: str | None) -> Verdict | None:
        owner = self.gallery_owner.get(gallery or "")
        if gallery is None or owner is None:
            return self._refuse("like_on_active_gallery",
                                f"{gallery} is not a face-up Gallery in play")
        # Every Like of his lying on it counts, one left in place during a halt too.
        already = any(r.player == player and r.forced != "like_own_gallery"
                      for r in self.likes[gallery])
        view = GalleryView(gallery, owner, self.active[owner] == gallery, (), False)
        return like_rule(player, view, already, self.rules)

    def _check_resolve(self, event: Event) -> Verdict | None:
        contest = self.contests.get(event.about or "")
        if contest is None or contest.resolved:
            what = "already resolved" if contest else "not a Contest in play"
            return self._refuse("contest_not_pending", f"{event.about} is {what}")
        if event.player != contest.originator:
            return self._refuse("contest_decided_by_originator",
                                f"{contest.originator} played {event.about} and says who won")
        if (
            not self.two_player
            and event.winner == contest.originator
            and self.rules.contest_originator_wins == "refused"
        ):
            return self._refuse("contest_winner",
                                f"{contest.originator} played {event.about} and cannot win it")
        return None

    def _check_reward(self, event: Event) -> Verdict | None:
        player = event.player
        earned = self._rewards_for(event.about)
        if earned is None or earned.get(player, 0) == 0:
            return self._refuse("reward_earned", f"{player} has no card to put down for "
                                                 f"{event.about}")
        if event.from_pile and not self.pile[player]:
            return self._refuse("reward_from_pile", f"{player}'s draw pile is empty")
        if not event.from_pile and event.card not in self.hand[player]:
            return self._refuse("card_not_in_hand", f"{event.card} is not in {player}'s hand")
        return None

    def _rewards_for(self, card: str | None) -> dict[str, int] | None:
        if card in self.contests:
            return self.contests[card].rewards
        if self.quiz is not None and card == self.quiz.card:
            return self.quiz.rewards if len(self.quiz.votes) == len(self.names) else None
        return None

    def _check_vote(self, event: Event) -> Verdict | None:
        quiz = self.quiz
        if quiz is None:
            return self._refuse("no_quiz_running", "no Quiz is being resolved")
        waiting = self._waiting(quiz)
        if waiting:
            return self._refuse("contest_before_quiz", f"{waiting[0]} is resolved first")
        if event.player in quiz.votes:
            return self._refuse("quiz_one_vote_each", f"{event.player} has voted")
        if event.player != quiz.author and quiz.author not in quiz.votes:
            return self._refuse("quiz_author_votes_first", f"{quiz.author} has not voted")
        return None

    def _check_start(self, event: Event) -> Verdict | None:
        quiz = self.quiz
        if quiz is None:
            return self._refuse("no_quiz_running", "no Quiz is being resolved")
        if event.player != quiz.author:
            return self._refuse("quiz_start", f"{quiz.author} played the Quiz and says Start!")
        if len(quiz.votes) < len(self.names):
            return self._refuse("quiz_start", "not everyone has voted")
        return None

    def _check_pass(self, event: Event) -> Verdict | None:
        return None

    # --- performing -------------------------------------------------------------------------

    def apply(self, event: Event) -> Violation | None:
        """Judge one event, record the verdict, perform whatever stands."""
        verdict = self.violation(event)
        self.judged += 1
        if verdict is not None:
            self.violations.append(verdict)
            if verdict.remedy == REFUSED:
                return verdict
        if self.two_player and event.action in TURN_ACTIONS:
            self._turn_taken(event)
        elif not self.two_player and self.rules.contest_reward_lapses == "next_action":
            self._lapse(event)
        perform = getattr(self, f"_do_{event.action}")
        perform(event, verdict)
        self.end = self.outcome(event)
        return verdict

    def _turn_taken(self, event: Event) -> None:
        self.turn = self._other(event.player)
        # A duel's rewards are put down within its turn.
        for contest in self.contests.values():
            contest.rewards.clear()
        if event.action != "pass":
            self.passed = None

    def _lapse(self, event: Event) -> None:
        """"Then ... may put": a Contest's reward not put down before its holder does anything
        else is gone."""
        for card, contest in self.contests.items():
            if event.action == "reward" and event.about == card:
                continue
            contest.rewards.pop(event.player, None)

    def _other(self, player: str) -> str:
        return self.names[1] if player == self.names[0] else self.names[0]

    def _draw(self, player: str, count: int) -> None:
        pile, hand = self.pile[player], self.hand[player]
        for _ in range(min(count, len(pile))):
            hand.append(pile.popleft())

    def _close(self, player: str) -> None:
        self.active[player] = None

    def _do_draw(self, event: Event, verdict: Violation | None) -> None:
        held = len(self.hand[event.player])
        self._draw(event.player, event.count if event.count is not None else HAND_SIZE - held)

    def _do_cycle(self, event: Event, verdict: Violation | None) -> None:
        hand, pile = self.hand[event.player], self.pile[event.player]
        for card in event.cards:
            hand.remove(card)
            pile.append(card)
        self._draw(event.player, len(event.cards))

    def _do_play(self, event: Event, verdict: Violation | None) -> None:
        player, card = event.player, event.card
        assert card is not None
        self.hand[player].remove(card)
        kind = self._kind(card)
        if kind == LIKE:
            assert event.on is not None
            owner = self.gallery_owner[event.on]
            closed = self.active[owner] != event.on
            forced: RuleName | None = None
            if verdict and verdict.rule in ("like_own_gallery", "quiz_halt"):
                forced = verdict.rule
            self.likes[event.on].append(LikeRecord(card, player, closed, forced))
            self.profile[owner].append(Placed(card, player, True, event.on))
            if owner == player:
                # Left in place, a Like on his own Gallery is a new card in his Profile.
                self._close(player)
        else:
            self.profile[player].append(Placed(card, player, True))
            self._close(player)
            if kind == GALLERY:
                self.active[player] = card
                self.gallery_owner[card] = player
                self.likes[card] = []
            elif kind == CONTEST:
                self.contests[card] = Contest(player)
                if self.two_player:
                    self.duel = card
            elif kind == QUIZ:
                pending = frozenset(c for c, s in self.contests.items() if not s.resolved)
                self.quiz = Quiz(card, player, pending)
        if self.two_player:
            self._draw(player, 1)

    def _do_resolve(self, event: Event, verdict: Violation | None) -> None:
        assert event.about is not None
        contest = self.contests[event.about]
        contest.resolved = True
        originator, winner = contest.originator, event.winner
        rewards: dict[str, int] = {}
        if self.two_player:
            self.duel = None
            if winner is not None:
                rewards[winner] = 1
                if winner != originator and self.rules.duel_originator_reward:
                    rewards[originator] = 1
        elif winner is None:
            if self.rules.contest_no_winner == "originator":
                rewards[originator] = 1
        elif winner == originator:
            rewards[originator] = 2 if self.rules.contest_originator_wins == "two_cards" else 1
        else:
            rewards[originator] = 1
            rewards[winner] = 1
        contest.rewards = rewards

    def _do_reward(self, event: Event, verdict: Violation | None) -> None:
        player = event.player
        earned = self._rewards_for(event.about)
        assert earned is not None
        earned[player] -= 1
        if event.from_pile:
            card = self.pile[player].popleft()
        else:
            assert event.card is not None
            card = event.card
            self.hand[player].remove(card)
        self.profile[player].append(Placed(card, player, False))
        if self.rules.reward_closes_gallery:
            self._close(player)

    def _do_vote(self, event: Event, verdict: Violation | None) -> None:
        quiz = self.quiz
        assert quiz is not None and event.vote is not None
        quiz.votes[event.player] = event.vote
        if len(quiz.votes) < len(self.names):
            return
        others = [p for p in self.names if p != quiz.author]
        author, right = quiz_rewards(quiz.votes[quiz.author], [quiz.votes[p] for p in others])
        winners = [p for p, won in zip(others, right, strict=True) if won]
        quiz.rewards = {p: 1 for p in winners + ([quiz.author] if author else [])}

    def _do_start(self, event: Event, verdict: Violation | None) -> None:
        self.quiz = None

    def _do_pass(self, event: Event, verdict: Violation | None) -> None:
        if self.rules.pass_closes_gallery:
            self._close(event.player)
        self._both_passed = self.passed is not None and self.passed != event.player
        self.passed = event.player

    # --- end and scoring --------------------------------------------------------------------

    def out_of_cards(self, player: str) -> bool:
        if self.two_player and self.rules.out_of_cards == "hand":
            return not self.hand[player]
        return not self.hand[player] and not self.pile[player]

    def outcome(self, event: Event) -> End | None:
        """Whether the event just performed ends the round, checked in this order: both players
        passed one after the other (2-player); the acting player is out of cards after playing
        (or, unless ``reward_can_end_round`` is off, after putting down a reward)."""
        if self.end is not None:
            return self.end
        index = self.judged - 1
        if event.action == "pass" and self._both_passed:
            return End("both_passed", index, event.player)
        ends = ("play", "reward") if self.rules.reward_can_end_round else ("play",)
        if event.action in ends and self.out_of_cards(event.player):
            return End("out_of_cards", index, event.player)
        return None

    def returned_likes(self) -> list[ReturnedLike]:
        """The Likes that go back to their owners at scoring, in the order they were played."""
        returned: list[ReturnedLike] = []
        keep = self.rules.duplicate_like_returned
        for gallery, records in self.likes.items():
            wrong: dict[int, RuleName] = {}
            by_player: dict[str, list[int]] = {}
            for at, record in enumerate(records):
                if record.forced:
                    wrong[at] = record.forced
                elif record.closed:
                    wrong[at] = "like_closed_gallery"
                # "More than one Like on one of your Galleries": a Like left in place during a
                # halt is one of them.
                if record.forced != "like_own_gallery" and not record.closed:
                    by_player.setdefault(record.player, []).append(at)
            for positions in by_player.values():
                if len(positions) < 2:
                    continue
                extra = {"later": positions[1:], "earlier": positions[:-1], "all": positions}[keep]
                for at in extra:
                    wrong.setdefault(at, "like_once_per_gallery")
            for at in sorted(wrong):
                record = records[at]
                returned.append(ReturnedLike(record.card, record.player, gallery, wrong[at]))
        return returned

    def scores(self) -> tuple[PlayerScore, ...]:
        """Each player's score if the round were scored now: +1 a Profile card (returned Likes
        excluded), -1 a card in hand or draw pile, -1 a Like of theirs given back."""
        returned = self.returned_likes()
        gone = {r.card for r in returned}
        seat = {name: at for at, name in enumerate(self.names)}
        # The table as ``round_scores`` reads it: each card's owner, place and Profile.
        owner: list[int] = []
        where: list[int] = []
        profile_of: list[int] = []
        back: list[bool] = []
        for name in self.names:
            # A card in a hand or draw pile counts against the player holding it.
            for place, cards in ((AT_HAND, list(self.hand[name])), (AT_PILE, list(self.pile[name]))):
                for _ in cards:
                    owner.append(seat[name])
                    where.append(place)
                    profile_of.append(seat[name])
                    back.append(False)
            for placed in self.profile[name]:
                owner.append(seat[placed.owner])
                where.append(AT_PROFILE)
                profile_of.append(seat[name])
                back.append(placed.card in gone)
        points = round_scores(len(self.names), owner, where, profile_of, back)
        result: list[PlayerScore] = []
        for name, score in zip(self.names, points, strict=True):
            profile = tuple((p.card, p.face_up) for p in self.profile[name] if p.card not in gone)
            mine = tuple(r for r in returned if r.player == name)
            hand = tuple(self.hand[name])
            pile = len(self.pile[name])
            result.append(PlayerScore(name, self.colour[name], profile, hand, pile, mine, int(score)))
        return tuple(result)

    def locations(self) -> dict[str, list[Place]]:
        """Every place each card of the game is in (a list, so a card in two shows it)."""
        where: dict[str, list[Place]] = {card: [] for card in self.cards}
        for name in self.names:
            for card in self.hand[name]:
                where[card].append(HAND)
            for card in self.pile[name]:
                where[card].append(PILE)
            for placed in self.profile[name]:
                where[placed.card].append(PROFILE)
            for card in self.removed[name]:
                where[card].append(REMOVED)
            colour = self.colour[name]
            votes = self.quiz.votes if self.quiz else {}
            for vote in (True, False):
                placed_vote = name in votes and votes[name] == vote
                where[voting_card(colour, vote)].append(VOTED if placed_vote else ASIDE)
        return where

    def result(self) -> RoundResult:
        return RoundResult(
            variant="two_player" if self.two_player else "base",
            end=self.end,
            events=len(self.setup.events),
            violations=tuple(self.violations),
            players=self.scores(),
            sample_deck=self.setup.decks.sample,
        )


# --- the rule functions, written once (``model.common.ops``) ----------------------------------

#: What ``like_code`` answers: the Like stands, or the rule it breaks.
LIKE_LEGAL, LIKE_OWN, LIKE_CLOSED, LIKE_TWICE = 0, 1, 2, 3
#: The rule each ``like_code`` answer names (None: the Like stands).
LIKE_RULES: tuple[RuleName | None, ...] = (None, "like_own_gallery", "like_closed_gallery",
                                           "like_once_per_gallery")
#: Where a card lies at scoring, for ``round_scores``.
AT_HAND, AT_PILE, AT_PROFILE = 0, 1, 2


def quiz_rewards(truth: Value, votes: Sequence[Value], ops: Ops = PY) -> tuple[Value, list[Value]]:
    """Once every vote is revealed: (the author puts a card down, each other player does), from
    the author's vote (the statement's truth) and the others' votes. (a) All guessed right: they
    put a card down, not the author; (b) some did: they and the author; (c) nobody did: only the
    author."""
    right = [vote == truth for vote in votes]
    return ops.not_(ops.all(right)), right


def like_code(own: Value, active: Value, owner_passed: Value, already: Value, rules: SocialRules,
              ops: Ops = PY) -> Value:
    """Whether a Like on a face-up Gallery stands, in the rulebook's order: never on one's own
    Gallery (``LIKE_OWN``); only on an active one (``LIKE_CLOSED``; 2-player, under
    ``pass_closes_gallery``, its owner's pass closes it too); one per player per Gallery
    (``LIKE_TWICE``); else ``LIKE_LEGAL``."""
    closed = ops.any((ops.not_(active), ops.all((owner_passed, rules.pass_closes_gallery))))
    return ops.ite(own, ops.const(LIKE_OWN),
                   ops.ite(closed, ops.const(LIKE_CLOSED),
                           ops.ite(already, ops.const(LIKE_TWICE), ops.const(LIKE_LEGAL))))


def like_refused(code: Value, rules: SocialRules, ops: Ops = PY) -> Value:
    """A wrong Like (``like_code``) is taken back at once, rather than corrected at scoring: only
    one on one's own Gallery, unless ``like_own_gallery`` leaves it in place."""
    return ops.all((code == LIKE_OWN, rules.like_own_gallery == "refused"))


def round_scores(players: int, owner: Sequence[Value], where: Sequence[Value],
                 profile_of: Sequence[Value], returned: Sequence[Value], ops: Ops = PY) -> list[Value]:
    """Each player's points (players by seat 0..) from where every card lies: its owner's seat,
    ``AT_HAND``, ``AT_PILE`` or ``AT_PROFILE``, whose Profile it is in, and whether it is a Like
    given back at scoring. +1 a card in one's Profile (returned Likes excluded), -1 a card in
    one's hand or draw pile, -1 a Like of one's own given back."""
    cards = list(zip(owner, where, profile_of, returned, strict=True))
    out = []
    for p in range(players):
        shown = ops.count(ops.all((w == AT_PROFILE, q == p, ops.not_(r))) for _, w, q, r in cards)
        held = ops.count(ops.all((o == p, w != AT_PROFILE)) for o, w, _, _ in cards)
        given_back = ops.count(ops.all((o == p, r)) for o, _, _, r in cards)
        out.append(shown - held - given_back)
    return out


def like_rule(
    player: str, gallery: GalleryView, already_liked: bool, rules: SocialRules
) -> Verdict | None:
    """Whether a Like on a face-up Gallery stands (``like_code``), with the rule broken, why, and
    its remedy (``like_refused``). None when it is legal."""
    code = like_code(gallery.owner == player, gallery.active, gallery.owner_passed_since,
                     already_liked, rules)
    if code == LIKE_LEGAL:
        return None
    remedy: Remedy = REFUSED if like_refused(code, rules) else CORRECTED
    if code == LIKE_OWN:
        return "like_own_gallery", f"{gallery.id} is {player}'s own Gallery", remedy
    if code == LIKE_CLOSED:
        why = "passed" if gallery.active else "played a new card in their Profile"
        return "like_closed_gallery", f"{gallery.owner} has {why} since {gallery.id}", remedy
    return "like_once_per_gallery", f"{player} already put a Like on {gallery.id}", remedy


def judge_round(setup: RoundSetup, rules: SocialRules) -> RoundResult:
    """Replay a round's log and score it."""
    referee = Referee(setup, rules)
    for event in setup.events:
        referee.apply(event)
    return referee.result()


@dataclass(frozen=True)
class GameResult:
    """Three rounds (or one per player) and the winner."""

    #: Each round's verdict.
    rounds: tuple[RoundResult, ...]
    #: Each player's total, in player order.
    totals: tuple[tuple[str, int], ...]
    #: The winner(s).
    winners: tuple[str, ...]
    #: ``score``, ``best_round`` (the tied player with the single highest round) or ``shared``.
    decided_by: DecidedBy

    @property
    def outcome(self) -> Outcome:
        """How the game ended, in the words every game shares: every round was played; a win
        on points needed no tie-break, ``best_round`` is one, ``shared`` leaves several."""
        return Outcome(Termination.ROUNDS, self.winners, _OUTCOME_DECIDED_BY[self.decided_by])


_OUTCOME_DECIDED_BY: dict[DecidedBy, str] = {"score": "", "best_round": "tie_break", "shared": "shared"}


def judge_game(setup: GameSetup, rules: SocialRules) -> GameResult:
    """Replay every round; the most points wins; tie: the highest single-round score; still
    tied: all of them win."""
    rounds = tuple(judge_round(r, rules) for r in setup.rounds)
    names = [p.name for p in setup.players]
    per_round = {name: [next(s.score for s in r.players if s.name == name) for r in rounds]
                 for name in names}
    totals = tuple((name, sum(per_round[name])) for name in names)
    top = max(total for _, total in totals)
    tied = [name for name, total in totals if total == top]
    if len(tied) == 1:
        return GameResult(rounds, totals, tuple(tied), "score")
    best = max(max(per_round[name]) for name in tied)
    still = [name for name in tied if max(per_round[name]) == best]
    decided: DecidedBy = "best_round" if len(still) == 1 else "shared"
    return GameResult(rounds, totals, tuple(still), decided)


@dataclass(frozen=True)
class LikeAnswer:
    """The answer to "was that Like legal?"."""

    #: True when the Like stands.
    legal: bool
    #: The rule broken (None when legal).
    rule: RuleName | None
    #: ``refused`` or ``corrected_at_scoring`` (None when legal).
    remedy: Remedy | None
    #: Why, in words.
    reason: str


def judge_like(moment: LikeMoment, rules: SocialRules) -> LikeAnswer:
    """Was that Like legal? The same rules, in the same order, as the referee of a log."""
    if moment.quiz_halt:
        remedy: Remedy = REFUSED if rules.like_during_halt == "refused" else CORRECTED
        return LikeAnswer(False, "quiz_halt", remedy, "a Quiz halts the game: nobody may play")
    gallery = next(g for g in moment.galleries if g.id == moment.gallery)
    already = moment.player in gallery.likes
    verdict = like_rule(moment.player, gallery, already, rules)
    if verdict is None:
        return LikeAnswer(True, None, None,
                          f"{gallery.id} is {gallery.owner}'s active Gallery and {moment.player} "
                          "has no Like on it yet")
    rule, reason, remedy = verdict
    return LikeAnswer(False, rule, remedy, reason)
