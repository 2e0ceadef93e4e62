"""Likes and Lies: a round's inputs, and the engine that resolves rounds and replays games (the
board and the cards are ``model.likes.cards``, a player between rounds ``model.likes.state``).

A round, as the rulebook orders it: a Caption card; each player's Content card and Intent card
face down; the Content cards revealed; one Like token from each player, all at once, never on
his own card and never taken back; Likes added to the counters; the unique top vote-getter is
the Influencer and may report one other player's Intent (a tie for first makes no Influencer).
Then the pawns move: the Influencer +5 (-3 the third time in a row), tied players +2 each, and,
if there is an Influencer, everyone else by his Intent card after the report. Ten Likes buy a
step, an Event space draws an Event card (the first landing of a round only), no pawn goes
behind Start, and reaching Viral wins.

The engine applies the pure rules of ``model.likes.rules`` in that order and writes down
every move with the rule behind it. Inputs that break a rule raise ``IllegalInput`` (a verdict);
documents that are not valid at all are refused earlier, by ``model.likes.io``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from model.common.errors import RuleBroken
from model.common.outcome import Outcome, Termination

# The rule functions are looked up in their module when called (``likes_rules.streak_step``), so
# that the function the engine runs is the one the proofs of ``checks/likes`` run.
from model.likes import rules as likes_rules
from model.likes.cards import Board, Catalogue
from model.likes.rules import (
    DEFAULT_RULES,
    LIKES_PER_STEP,
    READINGS,
    RULEBOOK,
    TIE_STEPS,
    LikesRules,
    Role,
    RuleName,
)
from model.likes.state import PlayerState

#: Where a replayed game stands: won, ended without a winner (the Intent decks are spent),
#: unfinished (the log stops first) or illegal (an input breaks a rule).
GameStatus = Literal["won", "no_winner", "unfinished", "illegal"]
#: Why random play stopped a game the rules had not ended: the Caption and Content cards in the
#: box allow no more rounds, or an Event card is due and every one has been drawn.
StopReason = Literal["round_limit", "event_cards"]


@dataclass(frozen=True)
class Play:
    """A player's face-down Content and Intent cards for the round."""

    #: The player.
    player: str
    #: The Content card's identifier.
    content: str
    #: The Intent card's identifier (in his own deck).
    intent: str
    #: Where it is in the input.
    path: str = ""


@dataclass(frozen=True)
class Vote:
    """A Like token put on a Content card."""

    #: The player who placed it.
    voter: str
    #: The Content card it went on.
    card: str
    #: True when the token was taken back afterwards.
    taken_back: bool = False
    #: When it went down, in any unit the table records (None: not recorded).
    at: int | None = None
    #: Where it is in the input.
    path: str = ""


@dataclass(frozen=True)
class Report:
    """A report: a player reveals another's Intent card (``target`` None: chooses not to)."""

    #: The reporting player.
    by: str
    #: The reported player, or None for a choice not to report.
    target: str | None
    #: Where it is in the input.
    path: str = ""
    #: When it was made, in the unit of the round's other times (None: not recorded).
    at: int | None = None


@dataclass(frozen=True)
class Draw:
    """The Event card a player drew on landing on an Event space."""

    #: The player.
    player: str
    #: The Event card's identifier.
    card: str
    #: Where it is in the input.
    path: str = ""
    #: When it was drawn, in the unit of the round's other times (None: not recorded).
    at: int | None = None


@dataclass(frozen=True)
class RoundInput:
    """Everything the table decided in one round."""

    #: The Caption card's identifier.
    caption: str
    #: One play per player.
    plays: tuple[Play, ...]
    #: The Like tokens, in the order recorded.
    votes: tuple[Vote, ...]
    #: The reports (at most one is legal; none means no report).
    reports: tuple[Report, ...] = ()
    #: The Event cards drawn.
    draws: tuple[Draw, ...] = ()
    #: Where the round is in the input (``round`` or ``rounds[3]``).
    path: str = "round"


@dataclass(frozen=True)
class Step:
    """One line of a round's resolution: a move or another effect, and the rule behind it."""

    #: The player concerned.
    player: str
    #: The rule's name (a key of ``likes_rules.RULEBOOK``).
    rule: RuleName
    #: The steps the rule asks for (0 when nothing moves).
    move: int = 0
    #: The pawn's space before.
    start: int = 0
    #: The pawn's space after (Start and Viral applied).
    end: int = 0
    #: The card involved, if any.
    card: str | None = None
    #: The Likes counter after this line, when it changed.
    likes: int | None = None
    #: A short explanation.
    note: str = ""


@dataclass(frozen=True)
class RoundResult:
    """A resolved round."""

    #: Likes each player received, in seat order.
    received: tuple[tuple[str, int], ...]
    #: The Influencer, or None after a tie for first.
    influencer: str | None
    #: The players tied for first (empty when there is an Influencer).
    tied: tuple[str, ...]
    #: The reported player, or None.
    reported: str | None
    #: Every line of the resolution, in order.
    steps: tuple[Step, ...]
    #: The players after the round, in seat order.
    players: tuple[PlayerState, ...]
    #: The players who reached Viral this round, in the order they did.
    reached_viral: tuple[str, ...]
    #: The winners (empty while the game goes on).
    winners: tuple[str, ...]
    #: The Event cards drawn this round.
    events_drawn: tuple[str, ...] = ()
    #: Several players could win this round and the ``several_reach_viral`` option named one.
    tie_break: bool = False


class IllegalInput(RuleBroken):
    """An input that breaks a rule: a verdict about play, not a malformed document. As every
    ``RuleBroken``: the ``rule`` (a key of ``likes_rules.RULEBOOK``), its rulebook ``sentence``
    and the ``detail``; and where the input is."""

    #: The rule broken (a key of ``likes_rules.RULEBOOK``).
    rule: RuleName

    def __init__(self, rule: RuleName, path: str, message: str, missing_draw: str | None = None) -> None:
        super().__init__(rule, RULEBOOK[rule], message)
        #: The JSON path of the offending input.
        self.path = path
        #: The player who landed on an Event space and drew no Event card (else None).
        self.missing_draw = missing_draw
        #: How the tool reads the quote, where the words alone do not say it (else None).
        self.reading = READINGS.get(rule)
        cited = f"{self.sentence} ({self.reading})" if self.reading else self.sentence
        self.args = (f"{path}: {message} (rule {rule}: {cited})",)

    @property
    def message(self) -> str:
        """What is wrong, in words (the ``detail``)."""
        return self.detail


@dataclass(frozen=True)
class History:
    """Cards already used earlier in the game (discarded)."""

    #: Caption cards played.
    captions: frozenset[str] = frozenset()
    #: Content cards played.
    contents: frozenset[str] = frozenset()
    #: Event cards drawn.
    events: frozenset[str] = frozenset()

    def after(self, rnd: RoundInput, result: RoundResult) -> History:
        """The cards used once ``rnd`` (resolved as ``result``) is over too."""
        return History(
            self.captions | {rnd.caption},
            self.contents | {play.content for play in rnd.plays},
            self.events | set(result.events_drawn),
        )


def _check_plays(players: tuple[PlayerState, ...], rnd: RoundInput, rules: LikesRules,
                 history: History) -> dict[str, Play]:
    """One Content and one Intent card per player, from his own deck, no card used twice."""
    if rnd.caption in history.captions:
        raise IllegalInput("caption_once", f"{rnd.path}.caption",
                           f"Caption card {rnd.caption} was used in an earlier round")
    plays: dict[str, Play] = {}
    owners: dict[str, str] = {}
    decks = {p.name: p for p in players}
    for play in rnd.plays:
        if play.player in plays:
            raise IllegalInput("one_play", play.path, f"{play.player} plays a second time this round")
        if play.content in owners:
            raise IllegalInput("content_once", play.path,
                               f"Content card {play.content} is already played by {owners[play.content]}")
        if play.content in history.contents:
            raise IllegalInput("content_once", play.path,
                               f"Content card {play.content} was used in an earlier round")
        state = decks[play.player]
        if play.intent not in state.intent_deck:
            raise IllegalInput("intent_from_deck", play.path,
                               f"Intent card {play.intent} is not in {play.player}'s deck "
                               "(already used)")
        if (rules.intent_source == "draw_top" and state.deck_order_known
                and state.intent_deck[0] != play.intent):
            raise IllegalInput("intent_top_card", play.path,
                               f"{play.player} must play the top card of his deck, "
                               f"{state.intent_deck[0]}, not {play.intent}")
        plays[play.player] = play
        owners[play.content] = play.player
    for state in players:
        if state.name not in plays:
            raise IllegalInput("one_play", f"{rnd.path}.plays",
                               f"{state.name} plays no Content and Intent card")
    return plays


def _count_votes(players: tuple[PlayerState, ...], rnd: RoundInput,
                 plays: dict[str, Play]) -> dict[str, int]:
    """One Like token each, placed at the same moment, never on one's own card, never taken
    back; each Like goes to the owner of the card."""
    owner = {play.content: name for name, play in plays.items()}
    received = {p.name: 0 for p in players}
    voted: set[str] = set()
    moment: Vote | None = None
    for vote in rnd.votes:
        if vote.taken_back:
            raise IllegalInput("vote_taken_back", vote.path,
                               f"{vote.voter} took back the Like token put on {vote.card}")
        if owner[vote.card] == vote.voter:
            raise IllegalInput("vote_own_card", vote.path,
                               f"{vote.voter} voted for his own Content card {vote.card}")
        if vote.voter in voted:
            raise IllegalInput("one_like_token", vote.path,
                               f"{vote.voter} votes a second time but has one Like token")
        if vote.at is not None:
            if moment is not None and moment.at != vote.at:
                raise IllegalInput("simultaneous_votes", vote.path,
                                   f"{vote.voter} voted at {vote.at}, {moment.voter} at {moment.at}")
            moment = moment or vote
        voted.add(vote.voter)
        received[owner[vote.card]] += 1
    for state in players:
        if state.name not in voted:
            raise IllegalInput("every_player_votes", f"{rnd.path}.votes",
                               f"{state.name} puts no Like token down")
    return received


def _check_reports(rnd: RoundInput, influencer: str | None) -> str | None:
    """Only the Influencer reports, at most once, and never himself; returns the reported."""
    for index, report in enumerate(rnd.reports):
        if report.by != influencer:
            why = "there is no Influencer after a tie" if influencer is None else (
                f"the Influencer is {influencer}")
            raise IllegalInput("report_by_influencer", report.path,
                               f"{report.by} reports, but {why}")
        if report.target == report.by:
            raise IllegalInput("report_other_player", report.path,
                               f"{report.by} reports his own Intent card")
        if index > 0:
            raise IllegalInput("report_one", report.path,
                               f"{report.by} reports a second time this round")
    return rnd.reports[0].target if rnd.reports else None


@dataclass
class _Table:
    """The mutable scratch state of one round's resolution (never escapes ``resolve_round``)."""

    board: Board
    catalogue: Catalogue
    rules: LikesRules
    rnd: RoundInput
    history: History
    position: dict[str, int]
    likes: dict[str, int]
    draws: dict[str, Draw]
    steps: list[Step] = field(default_factory=list)
    drawn: dict[str, str] = field(default_factory=dict)
    reached: list[str] = field(default_factory=list)
    overshoot: dict[str, int] = field(default_factory=dict)

    def move(self, name: str, steps: int, rule: RuleName, *, card: str | None = None,
             note: str = "", may_land: bool = True, likes: int | None = None) -> None:
        start = self.position[name]
        end = likes_rules.pawn_move(start, steps, self.board.viral, self.rules.start_floor)
        notes = [note] if note else []
        if end >= self.board.viral:
            self.overshoot[name] = max(self.overshoot.get(name, 0), start + steps - self.board.viral)
            if name not in self.reached:
                self.reached.append(name)
            notes.append("reaches Viral")
        elif end != start + steps:
            notes.append("held at Start")
        self.position[name] = end
        self.steps.append(Step(name, rule, steps, start, end, card, likes, "; ".join(notes)))
        if may_land and end != start and end in self.board.event_spaces:
            self.land(name)

    def note(self, name: str, rule: RuleName, *, card: str | None = None, likes: int | None = None,
             note: str = "") -> None:
        here = self.position[name]
        self.steps.append(Step(name, rule, 0, here, here, card, likes, note))

    def land(self, name: str) -> None:
        space = self.position[name]
        if name in self.drawn:
            self.note(name, "first_event_only",
                      note=f"lands on Event space {space} again; only the first event counts")
            return
        draw = self.draws.get(name)
        if draw is None:
            raise IllegalInput("event", f"{self.rnd.path}.events",
                               f"{name} lands on Event space {space} but draws no Event card",
                               missing_draw=name)
        if self.rules.event_cards_discarded and (
            draw.card in self.history.events or draw.card in self.drawn.values()
        ):
            raise IllegalInput("event_card_once", draw.path,
                               f"Event card {draw.card} was drawn before")
        self.drawn[name] = draw.card
        card = self.catalogue.event(draw.card)
        what = f"draws {card.id} on Event space {space}: {card.describe()}"
        if card.effect == "move":
            self.move(name, card.amount, "event", card=card.id, note=what)
        elif card.effect == "to_start":
            self.move(name, -self.position[name], "event", card=card.id, note=what)
        elif card.effect == "likes":
            self.likes[name] += card.amount
            self.note(name, "event", card=card.id, likes=self.likes[name], note=what)
            if self.rules.likes_exchange == "on_reaching":
                self.exchange(name)
        else:
            self.note(name, "event", card=card.id, note=what)

    def exchange(self, name: str) -> None:
        rest, steps = likes_rules.exchange_likes(self.likes[name])
        if steps:
            self.likes[name] = rest
            self.move(name, steps, "likes_exchange", likes=rest,
                      note=f"{steps * LIKES_PER_STEP} Likes exchanged",
                      may_land=self.rules.exchange_step_lands)


def resolve_round(
    catalogue: Catalogue,
    players: tuple[PlayerState, ...],
    rnd: RoundInput,
    rules: LikesRules = DEFAULT_RULES,
    history: History = History(),
) -> RoundResult:
    """Resolve one round from the state before it; raise ``IllegalInput`` at the first input
    that breaks a rule. ``players`` and ``rnd`` must already name only known players and cards
    (``model/likes_io.py`` sees to that)."""
    for index, state in enumerate(players):
        if not state.intent_deck:
            if rules.spent_intents != "reshuffle":
                raise IllegalInput("intents_spent", f"players[{index}].intent_deck",
                                   f"{state.name} has no Intent card left: the game is over")
    players = tuple(
        replace(s, intent_deck=catalogue.intent_ids(), deck_order_known=False)
        if not s.intent_deck else s for s in players
    )
    plays = _check_plays(players, rnd, rules, history)
    received = _count_votes(players, rnd, plays)
    role = likes_rules.roles(received)
    influencer = next((name for name, r in role.items() if r is Role.INFLUENCER), None)
    tied = tuple(name for name, r in role.items() if r is Role.TIED)
    reported = _check_reports(rnd, influencer)
    draws: dict[str, Draw] = {}
    for draw in rnd.draws:
        if draw.player in draws:
            raise IllegalInput("first_event_only", draw.path,
                               f"{draw.player} draws a second Event card this round")
        draws[draw.player] = draw

    table = _Table(catalogue.board, catalogue, rules, rnd, history,
                   {p.name: p.position for p in players}, {p.name: p.likes for p in players}, draws)
    # Likes first: "Each player adds the number of Likes they received to their counter."
    for state in players:
        if received[state.name]:
            table.likes[state.name] += received[state.name]
            count = received[state.name]
            table.note(state.name, "likes", likes=table.likes[state.name],
                       note=f"receives {count} Like{'s' if count > 1 else ''}")
    if rules.likes_exchange == "on_reaching":
        for state in players:
            table.exchange(state.name)

    # The Influencer moves (and executes his Event) before reporting; tied players +2 each.
    streaks = {p.name: likes_rules.streak_step(p.streak, role[p.name], rules.streak_after_third)
               for p in players}
    if influencer is not None:
        penalised = streaks[influencer].penalised
        run = next(p.streak for p in players if p.name == influencer) + 1
        table.move(influencer, likes_rules.influencer_steps(penalised),
                   "influencer_third" if penalised else "influencer",
                   note=f"Influencer with {received[influencer]} Likes, {_ordinal(run)} time in a row")
        _check_event_before_report(rnd, influencer, draws, table.drawn)
        if reported is None:
            table.note(influencer, "no_report", note="reports no one")
        else:
            kind = catalogue.intent(plays[reported].intent).kind.replace("_", " ")
            table.note(influencer, "report", card=plays[reported].intent,
                       note=f"reports {reported}: {kind}")
            if rules.report_penalty == "at_report":
                _report_penalty(table, catalogue, plays, influencer, reported)
    else:
        for name in tied:
            table.move(name, TIE_STEPS, "tie", note=f"tied for first with {received[name]} Likes")

    # Everyone else moves by Intent, after the report.
    for state in players:
        name = state.name
        if not likes_rules.moves_by_intent(role[name], influencer is not None, rules.intent_in_tie):
            continue
        card = catalogue.intent(plays[name].intent)
        is_reported = reported == name
        moves = likes_rules.intent_steps(card.kind, is_reported, card.if_not_reported, card.if_reported,
                             card.influencer_if_reported, rules.printed_steps)
        label = "Misinformation" if card.kind == "misinformation" else "True Information"
        printed = card.if_reported if is_reported else card.if_not_reported
        table.move(name, moves.poster, card.kind, card=card.id,
                   note=f"{label}, {'reported' if is_reported else 'not reported'}"
                   + (" (printed value)" if rules.printed_steps and printed is not None else ""))
        if is_reported and influencer is not None and rules.report_penalty == "with_intent":
            _report_penalty(table, catalogue, plays, influencer, name)
    if influencer is not None and reported is not None and rules.report_penalty == "after_intents":
        _report_penalty(table, catalogue, plays, influencer, reported)

    if rules.likes_exchange == "end_of_round":
        for state in players:
            table.exchange(state.name)

    if rules.start_floor == "round_net":
        for state in players:
            held = likes_rules.floor_at_start(table.position[state.name])
            if held != table.position[state.name]:
                table.steps.append(Step(state.name, "start", 0, table.position[state.name], held,
                                        None, None, "the round's net movement is held at Start"))
                table.position[state.name] = held

    for draw in rnd.draws:
        if draw.player not in table.drawn:
            raise IllegalInput("event", draw.path,
                               f"{draw.player} draws an Event card without landing on an Event space")

    after = tuple(
        replace(
            state,
            position=table.position[state.name],
            likes=table.likes[state.name],
            streak=streaks[state.name].streak,
            intent_deck=tuple(c for c in state.intent_deck if c != plays[state.name].intent),
        )
        for state in players
    )
    winners, tie_break = _winners(table, after, rules)
    return RoundResult(
        received=tuple((p.name, received[p.name]) for p in players),
        influencer=influencer,
        tied=tied,
        reported=reported,
        steps=tuple(table.steps),
        players=after,
        reached_viral=tuple(table.reached),
        winners=winners,
        events_drawn=tuple(table.drawn.values()),
        tie_break=tie_break,
    )


def _check_event_before_report(rnd: RoundInput, influencer: str, draws: dict[str, Draw],
                               drawn: dict[str, str]) -> None:
    """An Influencer who landed on an Event space before reporting executes its card first: a
    report recorded (``at``) before or with his Event card is out of order."""
    draw = draws.get(influencer)
    if influencer not in drawn or draw is None or draw.at is None:
        return
    for report in rnd.reports:
        if report.target is not None and report.at is not None and report.at <= draw.at:
            raise IllegalInput("event_before_report", report.path,
                               f"{influencer} reports {report.target} at {report.at} but draws "
                               f"his Event card {draw.card} at {draw.at}")


def _report_penalty(table: _Table, catalogue: Catalogue, plays: dict[str, Play],
                    influencer: str, reported: str) -> None:
    """The Influencer's move for reporting ``reported``'s Intent card (True Information: -2)."""
    card = catalogue.intent(plays[reported].intent)
    moves = likes_rules.intent_steps(card.kind, True, card.if_not_reported, card.if_reported,
                         card.influencer_if_reported, table.rules.printed_steps)
    if not moves.influencer:
        return
    label = "Misinformation" if card.kind == "misinformation" else "True Information"
    printed = table.rules.printed_steps and card.influencer_if_reported is not None
    table.move(influencer, moves.influencer, card.kind, card=card.id,
               note=f"reported {reported}'s {label}" + (" (printed value)" if printed else ""))


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _winners(table: _Table, after: tuple[PlayerState, ...],
             rules: LikesRules) -> tuple[tuple[str, ...], bool]:
    """Who wins this round, if anyone, under the Viral options; and whether the option picked
    one of several who could win."""
    if rules.viral_fall_back == "must_stand":
        standing = {p.name for p in after if p.position == table.board.viral}
        candidates = [name for name in table.reached if name in standing]
    else:
        candidates = list(table.reached)
    if not candidates:
        return (), False
    if rules.several_reach_viral == "first_to_reach":
        return (candidates[0],), len(candidates) > 1
    several = len(candidates) > 1
    if rules.several_reach_viral == "furthest":
        best = max(table.overshoot[name] for name in candidates)
        candidates = [name for name in candidates if table.overshoot[name] == best]
    seat = [p.name for p in after]
    return tuple(sorted(candidates, key=seat.index)), several and len(candidates) == 1


@dataclass(frozen=True)
class GameResult:
    """A replayed game."""

    #: ``won``, ``no_winner`` (the Intent decks ran out), ``unfinished`` (the log stops before
    #: the end) or ``illegal`` (an input breaks a rule).
    status: GameStatus
    #: Every round resolved, in order (the illegal round is not among them).
    rounds: tuple[RoundResult, ...]
    #: The players after the last legal round.
    players: tuple[PlayerState, ...]
    #: The winners (empty unless ``won``).
    winners: tuple[str, ...] = ()
    #: The round (counted from 1) that decided the game or held the illegal input.
    decided_in: int | None = None
    #: The rule broken, when ``illegal``.
    violation: IllegalInput | None = None
    #: Why random play stopped a game the rules had not ended (None: it did not, or the game
    #: is a log's replay). Not compared: a random game equals the replay of its log.
    stopped: StopReason | None = field(default=None, compare=False)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, in the words every game shares: ``GOAL`` when someone reached
        Viral, ``ROUNDS`` when the Intent decks are spent (every round they allow was played),
        ``TURN_LIMIT`` when random play stopped it (``stopped``); None while it goes on
        (``unfinished``) or when an input is ``illegal``. ``decided_by`` is ``tie_break`` when
        an option picked one of several who reached Viral, ``shared`` for several winners,
        ``no_winner`` for none."""
        if self.status == "illegal" or (self.status == "unfinished" and self.stopped is None):
            return None
        if self.status == "unfinished":
            return Outcome(Termination.TURN_LIMIT, (), "no_winner")
        # The round that decided it (none when the Intent decks were spent before the first):
        # someone reached Viral in it, or it was the last the decks allowed.
        deciding = self.rounds[self.decided_in - 1] if self.decided_in else None
        on_viral = deciding is not None and bool(deciding.winners)
        termination = Termination.GOAL if on_viral else Termination.ROUNDS
        if not self.winners:
            decided_by = "no_winner"
        elif on_viral and deciding is not None and deciding.tie_break:
            decided_by = "tie_break"
        elif len(self.winners) > 1:
            decided_by = "shared"
        else:
            decided_by = ""
        return Outcome(termination, self.winners, decided_by)


def start_players(catalogue: Catalogue, names: tuple[str, ...],
                  decks: dict[str, tuple[str, ...]] | None = None) -> tuple[PlayerState, ...]:
    """Everyone on Start, counters at 0, each with his full Intent deck."""
    decks = decks or {}
    return tuple(PlayerState(name, intent_deck=decks.get(name, catalogue.intent_ids()))
                 for name in names)


#: How a replay ended: (status, the deciding round, the winners).
_End = tuple[Literal["won", "no_winner"], int, tuple[str, ...]]


def replay_game(
    catalogue: Catalogue,
    players: tuple[PlayerState, ...],
    rounds: tuple[RoundInput, ...],
    rules: LikesRules = DEFAULT_RULES,
) -> GameResult:
    """Replay a game round by round to its end, or to the first input that breaks a rule."""
    history = History()
    done: list[RoundResult] = []
    starting_decks = {p.name: p.intent_deck for p in players}
    ended: _End | None = None
    for number, rnd in enumerate(rounds, start=1):
        if ended is None and rules.spent_intents != "reshuffle" and any(
            not p.intent_deck for p in players
        ):
            ended = _spent(players, number - 1, rules)
        if ended is not None:
            status, when, _ = ended
            why = "was won" if status == "won" else "ended when the Intent decks ran out"
            error = IllegalInput("game_over", rnd.path, f"the game {why} in round {when}")
            return GameResult("illegal", tuple(done), players, (), number, error)
        if rules.spent_intents == "reshuffle":
            # The discards are the player's own deck again, in an order nobody recorded.
            players = tuple(
                replace(p, intent_deck=starting_decks[p.name], deck_order_known=False)
                if not p.intent_deck else p for p in players
            )
        try:
            result = resolve_round(catalogue, players, rnd, rules, history)
        except IllegalInput as error:
            return GameResult("illegal", tuple(done), players, (), number, error)
        done.append(result)
        players = result.players
        history = history.after(rnd, result)
        if result.winners:
            ended = ("won", number, result.winners)
    if ended is None and rules.spent_intents != "reshuffle" and any(
        not p.intent_deck for p in players
    ):
        ended = _spent(players, len(rounds), rules)
    if ended is None:
        return GameResult("unfinished", tuple(done), players)
    status, when, winners = ended
    return GameResult(status, tuple(done), players, winners, when)



def _spent(players: tuple[PlayerState, ...], round_number: int, rules: LikesRules) -> _End:
    """The end when the Intent decks are spent (every round their cards allow was played): no
    winner, or the furthest pawns."""
    if rules.spent_intents == "furthest_wins":
        best = max(p.position for p in players)
        return ("won", round_number, tuple(p.name for p in players if p.position == best))
    return ("no_winner", round_number, ())
