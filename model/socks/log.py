"""Oh My Socks!: game logs. ``replay`` checks a log turn by turn and reports the first illegal
step or the final position (``model.socks.random_play.write_log`` writes one of a random game).

A log is bad input (InputError) when it is not a document of the format at all: wrong keys or
types, unknown card IDs or player names, a card twice in the deck, a result claimed for a game
that is not over. A log that parses but breaks a rule (a deck the setup cannot make, a player out
of turn, an illegal move, a pass against the arrow, a wrong claimed result) is a verdict,
reported in the ReplayReport. The two cards drawn and the winners are sets: their order in the
log does not matter.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from model.common.errors import InputError, join_path
from model.socks.cards import Catalogue, build_catalogue, sample_catalogue, validate
from model.socks.engine import (
    DISCARD,
    Discarded,
    GiftTo,
    Move,
    RescueFrom,
    check_setup,
    final_hands,
    neighbour,
    play,
    start,
)
from model.socks.io import (
    LogIn,
    TurnIn,
    card_index,
    parse_rules,
    player_seats,
    seat_of,
)
from model.socks.rules import RULES, IllegalMove, RuleName, SocksRules
from model.socks.scoring import Hand, PlayerScore
from model.socks.state import State


class ScoredGame(Protocol):
    """What the log needs of a scored table (``solver.socks.GameScore``)."""

    @property
    def players(self) -> Sequence[PlayerScore]: ...

    @property
    def winners(self) -> tuple[str, ...]: ...


#: The rulebook's reading of every option.
DEFAULT_RULES = SocksRules()

#: The seam to the optimal scorer (``solver.socks.score_game``): every hand scored with its
#: Super Sock placed best, and the winners.
ScoreGame = Callable[[Sequence[Hand], SocksRules], ScoredGame]

#: The rule a wrong claimed result breaks (scoring is the rulebook's).
RESULT_RULE: Literal["scoring"] = "scoring"
#: The rules a replay can find broken: a move's, or the claimed result's.
ReplayRule = RuleName | Literal["scoring"]
RULEBOOK: dict[ReplayRule, str] = {rule: sentence for rule, sentence in RULES.items()}
RULEBOOK[RESULT_RULE] = (
    "Each star symbol is worth one point. The player with the highest total score wins "
    "the game. In case of a tie, the player with the fewest sets of Socks wins."
)


def move_json(state: State, move: Move, after: State | None = None) -> dict[str, Any]:
    """A move as a log's turn entry. With ``after`` (the position the move leads to), the entry
    also says where the other card went (``passed_to``), unless the game ended before it was
    passed."""
    catalogue, names = state.catalogue, state.names
    entry: dict[str, Any] = {
        "player": names[state.current],
        "drawn": [catalogue.id_of(c) for c in state.drawn],
        "keep": catalogue.id_of(move.keep),
    }
    if move.super_set is not None:
        entry["super_set"] = move.super_set
    if move.passed_super_set is not None:
        entry["passed_super_set"] = move.passed_super_set
    other = next(c for c in state.drawn if c != move.keep)
    if after is not None and not (after.over and other in after.drawn):
        receiver = neighbour(state.players, state.current, catalogue.card_arrows[other])
        entry["passed_to"] = None if receiver is None else names[receiver]
    effects: list[dict[str, Any]] = []
    for effect in move.effects:
        if isinstance(effect, GiftTo):
            effects.append({"gift_to": names[effect.seat]})
        else:
            rescue: dict[str, Any] = {"rescue_from": names[effect.seat], "card": catalogue.id_of(effect.card)}
            if effect.super_set is not None:
                rescue["super_set"] = effect.super_set
            effects.append(rescue)
    if effects:
        entry["effects"] = effects
    return entry


@dataclass(frozen=True)
class ReplayReport:
    """What a replay found."""

    #: True when no rule is broken.
    legal: bool
    #: The turns replayed legally.
    turns: int
    #: True when the Washing Machine was drawn (the game is over).
    finished: bool
    #: The position after the last legal turn.
    state: State | None
    #: The step that broke a rule: ``setup``, ``turn N`` or ``result`` (None when legal).
    step: str | None = None
    #: The player whose turn broke the rule.
    player: str | None = None
    #: The rule broken (a key of RULEBOOK).
    rule: ReplayRule | None = None
    #: What is wrong, in words.
    message: str | None = None


def move_from_turn(
    source: str, turn: TurnIn, path: str, catalogue: Catalogue, seats: dict[str, int]
) -> Move:
    effects: list[GiftTo | RescueFrom] = []
    for index, effect in enumerate(turn.effects):
        where = join_path(join_path(path, "effects"), index)
        if (effect.gift_to is None) == (effect.rescue_from is None):
            raise InputError(source, where, "give exactly one of gift_to and rescue_from")
        if effect.gift_to is not None:
            if effect.card is not None:
                raise InputError(source, join_path(where, "card"), "a Gift's card is drawn unseen")
            if effect.super_set is not None:
                raise InputError(source, join_path(where, "super_set"), "a Gift's card is drawn unseen")
            effects.append(GiftTo(seat_of(source, seats, effect.gift_to, join_path(where, "gift_to"))))
        else:
            rescue_from = effect.rescue_from
            assert rescue_from is not None  # exactly one of gift_to and rescue_from (checked above)
            if effect.card is None:
                raise InputError(source, join_path(where, "card"), "required key is missing")
            seat = seat_of(source, seats, rescue_from, join_path(where, "rescue_from"))
            card = card_index(source, catalogue, effect.card, join_path(where, "card"))
            effects.append(RescueFrom(seat, card, effect.super_set))
    keep = card_index(source, catalogue, turn.keep, join_path(path, "keep"), machine=True)
    passed_to: int | Discarded | None = None
    if "passed_to" in turn.model_fields_set:
        name = turn.passed_to
        passed_to = DISCARD if name is None else seat_of(source, seats, name, join_path(path, "passed_to"))
    return Move(keep, turn.super_set, turn.passed_super_set, tuple(effects), passed_to)


def parse_log(source: str, data: Any) -> tuple[LogIn, Catalogue, SocksRules, list[int]]:
    """Validate a log document; returns it with its catalogue, rules and deck indices."""
    log = validate(source, LogIn, data)
    if log.catalogue is None:
        catalogue = sample_catalogue()
    else:
        wm = log.catalogue.washing_machine.id if log.catalogue.washing_machine else None
        catalogue = build_catalogue(source, log.catalogue.cards, wm, "catalogue.cards", note=log.catalogue.note)
    rules = parse_rules(source, log.rules)
    player_seats(source, log.players, "players")
    deck: list[int] = []
    seen: dict[int, int] = {}
    for index, card_id in enumerate(log.deck):
        where = join_path("deck", index)
        card = card_index(source, catalogue, card_id, where, machine=True)
        if card in seen:
            raise InputError(source, where, f"card {card_id!r} is already at deck[{seen[card]}]")
        seen[card] = index
        deck.append(card)
    return log, catalogue, rules, deck


def replay(source: str, data: Any, score_game: ScoreGame) -> ReplayReport:
    """Replay a log document (bad input raises InputError; a broken rule is in the report). A
    claimed result is checked against ``score_game`` (the optimal scorer, wired in by the caller)."""
    log, catalogue, rules, deck = parse_log(source, data)
    seats = player_seats(source, log.players, "players")
    moves: list[Move] = []
    for index, turn in enumerate(log.turns):
        path = join_path("turns", index)
        seat_of(source, seats, turn.player, join_path(path, "player"))
        for k, card_id in enumerate(turn.drawn):
            card_index(source, catalogue, card_id, join_path(join_path(path, "drawn"), k), machine=True)
        moves.append(move_from_turn(source, turn, path, catalogue, seats))
    try:
        check_setup(catalogue, deck)
    except IllegalMove as error:
        return ReplayReport(False, 0, False, None, "setup", None, error.rule, error.message)
    state = start(catalogue, rules, log.players, deck)
    for index, (turn, move) in enumerate(zip(log.turns, moves, strict=False)):
        step = f"turn {index + 1}"
        try:
            if state.over:
                raise IllegalMove("game-over", "the Washing Machine has been drawn: no turn follows")
            expected = log.players[state.current]
            if turn.player != expected:
                raise IllegalMove("turn-order", f"it is {expected}'s turn, not {turn.player}'s")
            drawn = [catalogue.index(c) for c in turn.drawn]
            # The two cards are drawn together: a set, in any order.
            if sorted(drawn) != sorted(state.drawn):
                shown = " and ".join(catalogue.id_of(c) for c in state.drawn)
                raise IllegalMove("draw", f"the top of the deck gives {shown}")
            state = play(state, move)
        except IllegalMove as error:
            return ReplayReport(False, index, state.over, state, step, turn.player, error.rule, error.message)
    if log.result is not None and not state.over:
        raise InputError(
            source, "result", "the game is not over (the Washing Machine has not been drawn): it has no result yet"
        )
    if log.result is not None:
        claimed = log.result
        game = score_game(final_hands(state), rules)
        actual = {p.name: p.score for p in game.players}
        # The winners are a set: any order, each once.
        if claimed.scores != actual or sorted(claimed.winners) != sorted(game.winners):
            message = (
                f"the log claims scores {claimed.scores} and winners {claimed.winners}; the rules "
                f"give {actual} and {list(game.winners)}"
            )
            return ReplayReport(False, len(moves), True, state, "result", None, RESULT_RULE, message)
    return ReplayReport(True, len(moves), state.over, state)


def dump_log(log: dict[str, Any]) -> str:
    """A log as JSON text: one line per key, per deck and per turn, so that a diff reads well."""
    lines = ["{"]
    items = list(log.items())
    for position, (key, value) in enumerate(items):
        comma = "," if position < len(items) - 1 else ""
        if key == "turns" and value:
            lines.append('  "turns": [')
            lines.extend(
                f"    {json.dumps(turn)}" + ("," if i < len(value) - 1 else "") for i, turn in enumerate(value)
            )
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines)
