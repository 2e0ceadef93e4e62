"""Reading the White House intern game's input documents: game logs, positions and moves.

A log names the catalogue ("sample" or an inline catalogue), the players and the deck orders (a
``seed``, explicit ``decks``, or a mid-game ``position``), the rule options, then every move and
every choice in order, each with the seat that made it. A position document is a log without
moves: one table a question is asked about. A move is a log's JSON move object or a line in the
move notation. A document that does not parse, or names a card the catalogue does not have, is
bad input (``InputError``, naming the JSON path); a move the rules forbid is not (replaying a log
or asking about a move judges it).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, cast

from model.common.errors import InputError, join_path
from model.common.jsonio import load_json, parse_json, source_name, validation_error
from model.whitehouse.cards import (
    KINDS,
    SUPPORTER_PATTERN,
    Catalogue,
    DeckKind,
    hand_card,
    parse_catalogue,
    sample_catalogue,
    sample_catalogue_data,
    schema_models,
    supporter_number,
)
from model.whitehouse.engine import Engine, SetupError, new_game, shuffled_decks
from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    WINNING_TRICKS,
    Arrangement,
    ArrangementError,
    CardRef,
    Placement,
    TricksRules,
    check_arrangement,
)
from model.whitehouse.notation import NotationError, card_name, read_move
from model.whitehouse.position import KindCard, deck_order, pending_steps, settle
from model.whitehouse.rules import rules_dict, whitehouse_rules
from model.whitehouse.state import (
    KIND_NAMES,
    SIMPLE_MOVES,
    Decks,
    Lock,
    LockHand,
    Move,
    Play,
    Player,
    Rows,
    State,
    Take,
)
from model.whitehouse.table import decider
from model.whitehouse.tricks import TrickOracle

# --- schema ---------------------------------------------------------------------------------------


@cache
def log_models() -> Any:
    # pydantic is imported here, not at the top, so that ``verify --help`` stays fast.
    from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

    strict = ConfigDict(extra="forbid", strict=True)
    Seat = Annotated[int, Field(ge=0, le=11)]
    Positive = Annotated[int, Field(ge=1, le=2**31 - 1)]
    Written = Annotated[str, Field(pattern=SUPPORTER_PATTERN)]
    # A Supporter: its number or "S5" (``cards.supporter_number``); a hand card: a Supporter or an
    # Event ID ("S5" is Supporter 5 unless the catalogue has an Event of that ID: ``cards.hand_card``).
    Number = Annotated[Positive, BeforeValidator(supporter_number, json_schema_input_type=Positive | Written)]
    Ident = Annotated[str, Field(min_length=1, max_length=40)]
    HandCard = Annotated[Positive | Ident, BeforeValidator(hand_card)]
    Slot = Literal["closest", "middle", "furthest"]
    CatalogueIn = schema_models()
    by = "The seat making the move."
    paid = ("The hand cards that pay the slot's cost (furthest free, middle one card, closest two), in any "
            "order; they go to the bottom of their decks in the order given (option bottom_order).")

    class TakeIn(BaseModel):
        """Take a card from the Supporter or Event row, paying its slot's cost."""

        model_config = strict
        player: Seat = Field(description=by)
        move: Literal["take"]
        row: Literal["supporter", "event"] = Field(description="The row taken from: the action in progress.")
        slot: Slot = Field(description="The slot taken: closest to its deck, middle, or furthest.")
        discards: list[HandCard] = Field(default_factory=list, max_length=2, description=paid)

    class PlayIn(BaseModel):
        """Take a Distraction from its row, paying its slot's cost, and play it."""

        model_config = strict
        player: Seat = Field(description=by)
        move: Literal["play"]
        slot: Slot = Field(description="The slot taken: closest to its deck, middle, or furthest.")
        discards: list[HandCard] = Field(default_factory=list, max_length=2, description=paid)
        target: Seat | None = Field(default=None, description="The player the action is aimed at (steal, swap, "
                                    "force_move, gridlock).")
        card: HandCard | None = Field(default=None, description="The card the action moves: your own (remove_own), "
                                      "the target's (steal, swap, force_move), or one in a row (take_row).")
        give: HandCard | None = Field(default=None, description="swap: the card you give.")

    class LockIn(BaseModel):
        """Lock the arriving card in."""

        model_config = strict
        player: Seat = Field(description=by)
        move: Literal["lock"]
        with_card: HandCard | None = Field(
            default=None, alias="with",
            description="The hand card the arriving card locks with as a Trick; without it the arriving card "
            "locks in alone beside a matching card of the network. At stage more (lock_count=all): the hand "
            "card that locks in beside the card that just arrived.")

    class LockHandIn(BaseModel):
        """Lock hand cards on your turn (option lock_from_hand=own_turn)."""

        model_config = strict
        player: Seat = Field(description=by)
        move: Literal["lock_hand"]
        cards: list[HandCard] = Field(min_length=1, max_length=2, description="A matching pair, or one card that "
                                      "locks in beside a matching card of the network; in any order.")

    class Simple(BaseModel):
        """A move that names nothing but itself."""

        model_config = strict
        player: Seat = Field(description=by)
        move: Literal["pass", "lies", "no_lies", "block", "accept", "keep"] = Field(
            description="pass: no card of the row is within reach; lies: play a Lies card against the arriving "
            "card; no_lies: let it arrive; block: consume your Deflection against the Lies; accept: let the "
            "Lies stand; keep: put the arriving card into the Active Hand (or, at stage more, lock no more).")

    MoveIn = Annotated[TakeIn | PlayIn | LockIn | LockHandIn | Simple, Field(discriminator="move")]

    class PlacementIn(BaseModel):
        """One card of a Locked Network and its cell."""

        model_config = strict
        supporter: Number | None = Field(default=None, description="The Supporter in this cell (5, or \"S5\"); "
                                         "give exactly one of supporter and event.")
        event: Ident | None = Field(default=None, description="The Event in this cell (its ID); give exactly one "
                                    "of supporter and event.")
        row: Annotated[int, Field(ge=-(2**31), le=2**31 - 1)] = Field(
            description="The cell's row: 0 the top row, larger numbers lower (negative rows are allowed).")
        col: Annotated[int, Field(ge=-(2**31), le=2**31 - 1)] = Field(
            description="The cell's column: 0 the left column, larger numbers further right (negative columns are "
            "allowed).")

    class PlayerIn(BaseModel):
        """One player's cards."""

        model_config = strict
        supporters: list[Number] = Field(default_factory=list,
                                         description="The Active Hand's Supporters (5, or \"S5\"), in arrival order.")
        events: list[Ident] = Field(default_factory=list, description="The Active Hand's Events, in arrival order.")
        network: list[PlacementIn] = Field(
            default_factory=list,
            description="The Locked Network as laid out, one cell per card: a legal arrangement (no Supporter "
            "beside an Event that does not list it; in one piece unless connected=false). Its Trick total is "
            "proven when the position is read, never given.")
        gridlocks: list[Ident] = Field(
            default_factory=list,
            description="Gridlock cards in the space between the Active Hand and the Locked Network, oldest first "
            "(the oldest goes when one stops a lock).")
        lies: list[Ident] = Field(
            default_factory=list,
            description="Lies cards below the Active Hand, oldest first (the oldest is played next). A Lies just "
            "played against a card at stage block is still here, first, until block or accept resolves it.")
        deflection: Ident | None = Field(default=None,
                                         description="The Deflection face-up above the Active Hand, or null.")

    Row = Annotated[
        list[HandCard | None],
        Field(min_length=3, max_length=3,
              description="The row's slots, closest to its deck first: closest, middle, furthest; null is an "
              "empty slot."),
    ]

    top_first = "Top card first; a card sent to the bottom is appended."

    class RowsIn(BaseModel):
        """The three face-up rows."""

        model_config = strict
        supporter: Row
        event: Row
        distraction: Row

    class DecksIn(BaseModel):
        """The deck orders, each listed top card first. From a seed or explicit decks, seat 0 is dealt
        first (each seat in turn takes the top Supporter, then the top Event), and then the first
        card drawn for each row goes to the slot closest to its deck, the next to the middle and
        the third to the furthest."""

        model_config = strict
        supporter: list[Number] = Field(default_factory=list, description=top_first)
        event: list[Ident] = Field(default_factory=list, description=top_first)
        distraction: list[Ident] = Field(default_factory=list, description=top_first)

    class ArrivalIn(BaseModel):
        """A card on its way into a player's Active Hand (or a Deflection on its way above it)."""

        model_config = strict
        step: Literal["arrival"] = Field(
            description="arrival: a card taken from a row or brought by a Distraction, on its way into an Active "
            "Hand, or a Deflection just played, on its way above its player's Active Hand.")
        card: HandCard = Field(description="The card on its way (5 or \"S5\", an Event ID, or the Deflection's ID); "
                               "it is in no other place of the position.")
        kind: Literal["supporter", "event", "deflection"] = Field(description="What the card is.")
        receiver: Seat = Field(
            description="The seat whose Active Hand it goes into: the player to move for a take; for force_move "
            "to next_player, the player after the target in the direction of play.")
        source: Literal["row", "distraction"] = Field(
            default="row",
            description="row: taken from a row on a turn (under lock_optional=false it must lock if it can); "
            "distraction: brought by a Distraction action (it may always be kept).")
        stage: Literal["lies", "block", "lock", "more", "hand"] = Field(
            default="lies",
            description="What the card waits for: lies (players holding Lies may play one, in the order of "
            "lies_order, skipping those in asked), block (a Lies was played: the receiver may block it with "
            "their Deflection or accept it), lock (the receiver may lock it in or keep it), more (lock_count=all: "
            "after its lock, more hand cards may lock in beside it), hand (it goes into the Active Hand, no "
            "decision left).")
        asked: list[Seat] = Field(default_factory=list,
                                  description="Seats that were asked about Lies for this card and declined.")
        liar: Seat | None = Field(default=None,
                                  description="At stage block: the seat that played the Lies (that Lies card is "
                                  "still first in its lies); null otherwise.")
        swap: bool = Field(default=False, description="true when a swap brought it (the two swapped cards arrive "
                           "one after the other; simultaneous_seven=shared reads it).")

    class RefillIn(BaseModel):
        """Draw a card into the empty closest slot of a row."""

        model_config = strict
        step: Literal["refill"] = Field(description="refill: the top card of the row's deck goes to its empty "
                                        "closest slot (the row a card was just taken from).")
        row: Literal["supporter", "event", "distraction"] = Field(description="The row to refill.")

    class PutAwayIn(BaseModel):
        """A played Distraction on its way to the bottom of the Distractions Deck."""

        model_config = strict
        step: Literal["put_away"] = Field(description="put_away: the Distraction just played goes to the bottom "
                                          "of the Distractions Deck.")
        card: Ident = Field(description="The Distraction's ID (in no other place of the position).")

    class MarkIn(BaseModel):
        """A step that carries no card."""

        model_config = strict
        step: Literal["shared_win", "end_action"] = Field(
            description="end_action: the action is over and the next begins (the Event action after the Supporter "
            "action, the Distraction action after it, then the next player's turn); always the last step. "
            "shared_win: the end of a swap under simultaneous_seven=shared: everyone who reached 7 during it "
            "wins together.")

    StepIn = Annotated[ArrivalIn | RefillIn | PutAwayIn | MarkIn, Field(discriminator="step")]

    unseen = ("How many face-down cards on top of the {} Deck nobody has seen: exactly the cards of that deck the "
              "position places nowhere else.")

    class UnseenIn(BaseModel):
        """How many face-down cards on top of each deck nobody has seen (the cards the position
        places nowhere else); the cards of ``decks`` lie below them."""

        model_config = strict
        supporter: Annotated[int, Field(ge=0, le=10**6)] | None = Field(default=None,
                                                                        description=unseen.format("Supporter"))
        event: Annotated[int, Field(ge=0, le=10**6)] | None = Field(default=None, description=unseen.format("Event"))
        distraction: Annotated[int, Field(ge=0, le=10**6)] | None = Field(
            default=None, description=unseen.format("Distractions"))

    class PositionIn(BaseModel):
        """A table in the middle of a game. Cards it does not place go to the bottom of their
        deck in catalogue order, after the ``decks`` given."""

        model_config = strict
        players: list[PlayerIn] = Field(min_length=2, max_length=12,
                                        description="Every player in seat order: seat 0 first, counter-clockwise.")
        rows: RowsIn = Field(description="The three face-up rows.")
        decks: DecksIn = Field(
            default_factory=DecksIn,
            description="The known cards of each deck, top first (below the unseen ones when unseen is given). "
            "Without unseen, the cards the position places nowhere else go below them in catalogue order.")
        current: Seat = Field(default=0, description="The seat whose turn it is.")
        phase: Literal["supporter", "event", "distraction"] = Field(
            default="supporter",
            description="The action of the turn in progress: supporter (first), event (second), distraction "
            "(third).")
        direction: Literal[1, -1] = Field(default=1, description="The direction of play this round: 1 "
                                          "counter-clockwise (seat 0, 1, 2, ...), -1 clockwise.")
        round_order: list[Seat] | None = Field(
            default=None,
            description="The seats of the current round in order of play: each seat once, each followed by the "
            "next seat in the direction of play, with current at the place turn gives it (turn T is turn "
            "(T-1) mod players + 1 of its round). Default: the round that puts current there.")
        turn: Annotated[int, Field(ge=1, le=10**6)] = Field(
            default=1,
            description="Turns begun so far, this one included (1 on the first turn). A round has one turn per "
            "player, so turn fixes current's place in round_order. Default: current's place in round_order (a "
            "turn of the first round), or 1 without round_order.")
        reversals: list[Seat] = Field(
            default_factory=list,
            description="Seats that reversed the order of play this round, in order (each has played this round); "
            "the reversal takes effect from the next round.")
        pending: list[StepIn] = Field(
            default_factory=list, max_length=64,
            description="What the action in progress still has to resolve, head first, ending with end_action; "
            "empty between actions. A take leaves an arrival of the card taken (receiver the player to move, "
            "source row), a refill of its row and end_action; a Distraction leaves what its action moves, a "
            "put_away of the card (unless it stays in play), a refill of the Distractions row and end_action. "
            "Steps that need no decision are resolved when the position is read.",
        )
        unseen: UnseenIn | None = Field(default=None, description="How many face-down cards on top of each deck "
                                        "nobody has seen; without it every deck's order is known.")
        ended: Literal["seven", "turn_limit"] | None = Field(
            default=None, description="null while the game goes on; seven when a player made 7 Tricks (winners "
            "names them); turn_limit when the turn limit came first.")
        winners: list[Seat] = Field(default_factory=list, description="The seats that won (when ended is seven).")
        claims: list[Seat] = Field(
            default_factory=list,
            description="Seats at 7 Tricks whose win is still to be confirmed: off-turn under off_turn_win=own_turn "
            "(at the start of their next turn), or during a swap under simultaneous_seven=shared.")
        shuffles: Annotated[int, Field(ge=0, le=10**6)] = Field(
            default=0, description="Reshuffles so far (with shuffle_seed it fixes the order of the next one).")

    class LogIn(BaseModel):
        """A White House intern game log."""

        model_config = strict
        game: Literal["whitehouse"]
        note: str | None = None
        # The catalogue's model is made at run time (by ``schema_models``), so mypy cannot see it as a type.
        catalogue: Literal["sample"] | CatalogueIn = "sample"  # type: ignore[valid-type]
        players: Annotated[int, Field(ge=2, le=12)] | None = Field(
            default=None,
            description="How many players: seats 0 to players-1 in counter-clockwise order; seat 0 is dealt first.",
        )
        seed: Annotated[int, Field(ge=0, le=2**63 - 1)] | None = Field(
            default=None, description="Shuffles the three decks (instead of decks or position)."
        )
        decks: DecksIn | None = Field(
            default=None,
            description="Every card of each deck, top card first: seat 0 is dealt first, then the first card "
            "drawn for each row goes to the slot closest to its deck.",
        )
        position: PositionIn | None = None
        shuffle_seed: Annotated[int, Field(ge=0, le=2**63 - 1)] = 0
        rules: dict[str, bool | int | str] = Field(default_factory=dict)
        moves: list[MoveIn] = Field(default_factory=list, max_length=100000)

    return LogIn, MoveIn


def log_schema() -> dict[str, Any]:
    """The JSON Schema of a game log."""
    schema: dict[str, Any] = log_models()[0].model_json_schema(by_alias=True)
    return schema



# --- a move object -----------------------------------------------------------------------------------


def move_from_model(parsed: Any) -> tuple[int, Move]:
    """The seat and the move of a validated move object (``log_models``)."""
    name = parsed.move
    if name == "take":
        return parsed.player, Take(parsed.row, parsed.slot, tuple(parsed.discards))
    if name == "play":
        return parsed.player, Play(parsed.slot, tuple(parsed.discards), parsed.target, parsed.card, parsed.give)
    if name == "lock":
        return parsed.player, Lock(parsed.with_card)
    if name == "lock_hand":
        return parsed.player, LockHand(tuple(parsed.cards))
    return parsed.player, SIMPLE_MOVES[name]()


# --- loading a log ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadedLog:
    """A parsed log: the start of the game and the moves to replay."""

    #: The engine (catalogue, rules, Trick oracle).
    engine: Engine
    #: The table before the first move.
    start: State
    #: (seat, move) pairs in order.
    moves: tuple[tuple[int, Move], ...]
    #: A mid-game position's table as written, before its steps that need no decision were
    #: resolved (``start`` is after); None for a log dealt from a seed or from decks.
    written: State | None = None


def _known_card(
    catalogue: Catalogue, source: str, path: str, card: Any, kinds: tuple[DeckKind, ...] = ("supporter", "event")
) -> None:
    for kind in kinds:
        if catalogue.has(kind, card):
            return
    what = " or ".join(kinds)
    raise InputError(source, path, f"no {what} {card_name(card)} in the catalogue")


def check_move_cards(catalogue: Catalogue, source: str, path: str, parsed: Any) -> None:
    """Every card the parsed move names is in the catalogue (a path names the key as written)."""
    for key in ("discards", "cards"):
        for index, card in enumerate(getattr(parsed, key, None) or []):
            _known_card(catalogue, source, join_path(join_path(path, key), index), card)
    for key, attribute in (("card", "card"), ("give", "give"), ("with", "with_card")):
        value = getattr(parsed, attribute, None)
        if value is not None:
            _known_card(catalogue, source, join_path(path, key), value)


def event_ids(data: Any) -> frozenset[str]:
    """The Event IDs of the catalogue a document names, so that "S5" reads as Supporter 5 only
    where no Event has that ID (the validation context of ``log_models``)."""
    catalogue = data.get("catalogue", "sample") if isinstance(data, dict) else "sample"
    if catalogue == "sample":
        return frozenset(str(e["id"]) for e in sample_catalogue_data()["events"])
    events = catalogue.get("events") if isinstance(catalogue, dict) else None
    if not isinstance(events, list):
        return frozenset()
    return frozenset(e["id"] for e in events if isinstance(e, dict) and isinstance(e.get("id"), str))


def load_log(source: str, data: Any, oracle: Callable[[TricksRules], TrickOracle]) -> LoadedLog:
    """Validate a log document; every refusal names the JSON path. ``oracle`` makes the Trick
    oracle (the solver wired in) for the log's own Locked Network rules."""
    from pydantic import ValidationError  # here, not at the top: ``verify --help`` stays fast

    log_model, _ = log_models()
    try:
        parsed = log_model.model_validate(data, context={"events": event_ids(data)})
    except ValidationError as error:
        raise validation_error(source, data, error) from None
    if isinstance(parsed.catalogue, str):
        catalogue = sample_catalogue()
    else:
        catalogue = parse_catalogue(source, data["catalogue"], "catalogue")
    rules = whitehouse_rules(parsed.rules, source)
    given = [k for k in ("seed", "decks", "position") if getattr(parsed, k) is not None]
    if len(given) != 1:
        raise InputError(source, "", "give exactly one of seed, decks or position (the deck orders)")
    engine = Engine(catalogue, rules, oracle(rules.tricks))
    written = None
    try:
        if parsed.position is not None:
            if parsed.players is not None and parsed.players != len(parsed.position.players):
                raise InputError(source, "players", "differs from the number of players in position")
            written = _position(engine, source, data["position"], parsed.position, parsed.shuffle_seed)
            start = engine.resolve(written)
        else:
            if parsed.players is None:
                raise InputError(source, "players", "required key is missing")
            if parsed.seed is not None:
                decks = shuffled_decks(catalogue, parsed.seed)
            else:
                decks = _full_decks(catalogue, source, "decks", parsed.decks)
            start = new_game(catalogue, parsed.players, rules, decks, parsed.shuffle_seed)
    except SetupError as error:
        raise InputError(source, "", str(error)) from None
    moves = []
    n = len(start.players)
    for index, move in enumerate(parsed.moves):
        path = join_path("moves", index)
        check_move_cards(catalogue, source, path, move)
        if move.player >= n:
            raise InputError(source, join_path(path, "player"), f"no player {move.player} at a table of {n}")
        moves.append(move_from_model(move))
    return LoadedLog(engine, start, tuple(moves), written)


def _full_decks(catalogue: Catalogue, source: str, path: str, decks: Any) -> Decks:
    out: list[tuple[Any, ...]] = []
    for kind, given in zip(KIND_NAMES, (decks.supporter, decks.event, decks.distraction), strict=False):
        where = join_path(path, kind)
        for index, card in enumerate(given):
            _known_card(catalogue, source, join_path(where, index), card, (kind,))
        if sorted(map(str, given)) != sorted(map(str, catalogue.ids(kind))):
            missing = [c for c in catalogue.ids(kind) if c not in given]
            detail = f"{card_name(missing[0])} is missing" if missing else "a card appears twice"
            raise InputError(source, where, f"must hold every {kind} of the catalogue once: {detail}")
        out.append(tuple(given))
    supporters, events, distractions = out
    return (supporters, events, distractions)


def _position(engine: Engine, source: str, raw: dict[str, Any], position: Any, shuffle_seed: int) -> State:
    """A mid-game table from a ``position`` object (used by rulings and edited logs)."""
    catalogue = engine.catalogue
    seen: dict[tuple[DeckKind, Any], str] = {}

    def claim(kind: DeckKind, card: Any, path: str) -> None:
        _known_card(catalogue, source, path, card, (kind,))
        if (kind, card) in seen:
            raise InputError(source, path, f"{kind} {card_name(card)} is already at {seen[(kind, card)]}")
        seen[(kind, card)] = path

    players = []
    for seat, (_p_raw, p) in enumerate(zip(raw["players"], position.players, strict=False)):
        base = join_path(join_path("position", "players"), seat)
        held: tuple[tuple[str, DeckKind], ...] = (
            ("supporters", "supporter"), ("events", "event"), ("gridlocks", "distraction"), ("lies", "distraction")
        )
        for key, kind in held:
            for index, card in enumerate(getattr(p, key)):
                claim(kind, card, join_path(join_path(base, key), index))
        if p.deflection is not None:
            claim("distraction", p.deflection, join_path(base, "deflection"))
        placements = []
        for index, cell in enumerate(p.network):
            path = join_path(join_path(base, "network"), index)
            if (cell.supporter is None) == (cell.event is None):
                raise InputError(source, path, "give exactly one of supporter or event")
            kind, card = (SUPPORTER, cell.supporter) if cell.supporter is not None else (EVENT, cell.event)
            claim(kind, card, path)
            placements.append(Placement(CardRef(kind, card), cell.row, cell.col))
        arrangement = Arrangement(tuple(placements))
        network = engine.network(arrangement)
        try:
            report = check_arrangement(network, arrangement, engine.rules.tricks)
        except ArrangementError as error:
            raise InputError(source, join_path(base, "network"), error.message) from None
        if not report.legal:
            raise InputError(source, join_path(base, "network"), f"not a legal arrangement: {report.violations[0]}")
        total = engine.oracle.total(network, arrangement)
        players.append(Player(tuple(p.supporters), tuple(p.events), total.arrangement, total.tricks,
                              tuple(p.gridlocks), tuple(p.lies), p.deflection))
    rows: list[tuple[Any, ...]] = []
    for kind in KIND_NAMES:
        cards = getattr(position.rows, kind)
        for index, card in enumerate(cards):
            if card is not None:
                claim(kind, card, f"position.rows.{kind}[{index}]")
        rows.append(tuple(cards))
    queue = pending_steps(source, raw, position, claim)
    decks: list[tuple[Any, ...]] = []
    for kind in KIND_NAMES:
        given = list(getattr(position.decks, kind))
        for index, card in enumerate(given):
            claim(kind, card, f"position.decks.{kind}[{index}]")
        rest = [c for c in catalogue.ids(kind) if (kind, c) not in seen]
        decks.append(deck_order(source, position, kind, given, rest))
    order, turn = _round_order(source, position, len(players))
    return settle(engine, source, position, queue, State(
        # Each row and deck holds cards of its own kind (claimed above, against the catalogue).
        catalogue=catalogue, rules=engine.rules, players=tuple(players), decks=cast(Decks, tuple(decks)),
        rows=cast(Rows, tuple(rows)), current=position.current, phase=position.phase,
        direction=position.direction, round_order=order, round_pos=order.index(position.current),
        turn=turn, shuffle_seed=shuffle_seed,
    ))


def _round_order(source: str, position: Any, n: int) -> tuple[tuple[int, ...], int]:
    """The current round and the turn, checked against ``current``, ``direction`` and
    ``reversals``: a round gives each seat one turn, each seat followed by the next one in the
    direction of play, and turn T is turn (T-1) mod n + 1 of its round (the first round starts on
    turn 1). Of ``round_order`` and ``turn`` the one not written follows from the other (turn 1
    when neither is)."""
    current, direction = position.current, position.direction
    if current >= n:
        raise InputError(source, "position.current", f"no player {current} at a table of {n}")
    turn_given = "turn" in position.model_fields_set
    place = (position.turn - 1) % n
    way = "counter-clockwise" if direction == 1 else "clockwise"
    if position.round_order is None:
        first = (current - direction * place) % n
        return tuple((first + direction * i) % n for i in range(n)), position.turn
    order = tuple(position.round_order)
    if sorted(order) != list(range(n)):
        raise InputError(source, "position.round_order", f"must name each of the {n} seats once")
    for i in range(1, n):
        if order[i] != (order[i - 1] + direction) % n:
            raise InputError(
                source, join_path("position.round_order", i),
                f"play runs {way} (direction {direction}), so seat {(order[i - 1] + direction) % n} follows "
                f"seat {order[i - 1]}, not seat {order[i]}",
            )
    if not turn_given and current in order:
        place = order.index(current)
    if order[place] != current:
        raise InputError(
            source, "position.current",
            f"turn {position.turn} is turn {place + 1} of its round of {n}, which round_order gives to seat "
            f"{order[place]}, not seat {current}",
        )
    played = order[: place + 1]
    for index, seat in enumerate(position.reversals):
        if seat < n and (seat not in played or seat in position.reversals[:index]):
            raise InputError(
                source, join_path("position.reversals", index),
                f"seat {seat} has not reversed the order this round: only a seat that has played this round "
                f"({', '.join(map(str, played))}) may have, once",
            )
    return order, position.turn if turn_given else place + 1


# --- reading a position document --------------------------------------------------------------------


@dataclass(frozen=True)
class LoadedPosition:
    """A position document, read."""

    #: The engine (catalogue, rules, Trick oracle).
    engine: Engine
    #: The table.
    state: State
    #: The cards of the decks nobody has seen (the face-down tops given by ``unseen``).
    hidden: frozenset[KindCard]
    #: Why the position's game is over though it does not say so (a player already has 7 Tricks).
    over: str | None = None
    #: The table as written, before its pending steps that need no decision were resolved.
    written: State | None = None


def placed_cards(position: dict[str, Any]) -> Iterator[KindCard]:
    """Every card the position document places (hands, networks, beside hands, rows, listed deck
    cards, pending steps)."""
    for player in position.get("players", []):
        for card in player.get("supporters", []):
            yield "supporter", card
        for card in player.get("events", []):
            yield "event", card
        for cell in player.get("network", []):
            if cell.get("supporter") is not None:
                yield "supporter", cell["supporter"]
            if cell.get("event") is not None:
                yield "event", cell["event"]
        for key in ("gridlocks", "lies"):
            for card in player.get(key, []):
                yield "distraction", card
        if player.get("deflection") is not None:
            yield "distraction", player["deflection"]
    for kind in KIND_NAMES:
        for card in position.get("rows", {}).get(kind, []):
            if card is not None:
                yield kind, card
        for card in position.get("decks", {}).get(kind, []):
            yield kind, card
    for step in position.get("pending", []):
        if step.get("step") == "arrival":
            yield ("distraction" if step["kind"] == "deflection" else step["kind"]), step["card"]
        elif step.get("step") == "put_away":
            yield "distraction", step["card"]


def unseen_cards(log: Any, catalogue: Catalogue) -> frozenset[KindCard]:
    """The cards a log's starting position leaves face down on top of its decks (its ``unseen``),
    which nobody has seen (as ``load_position`` reads them); none for a log dealt from a seed or
    from explicit decks."""
    position = log.get("position") if isinstance(log, dict) else None
    if not isinstance(position, dict):
        return frozenset()
    unseen = position.get("unseen") or {}
    placed = set(placed_cards(position))
    return frozenset(
        (kind, card) for kind in KINDS if unseen.get(kind) for card in catalogue.ids(kind) if (kind, card) not in placed
    )


def _check_beside_hands(source: str, engine: Engine, state: State) -> None:
    """Only a Gridlock sits in the space before a network, only Lies below a hand, only a
    Deflection above it."""
    for seat, player in enumerate(state.players):
        base = join_path("position.players", seat)
        for key, wanted, cards in (("gridlocks", "gridlock", player.gridlocks), ("lies", "lies", player.lies),
                                   ("deflection", "deflection", (player.deflection,))):
            for index, card in enumerate(cards):
                if card is None:
                    continue
                if engine.catalogue.distraction(card).action.type != wanted:
                    path = join_path(base, key) if key == "deflection" else join_path(join_path(base, key), index)
                    raise InputError(source, path, f"{card} is not a {wanted.capitalize()} card")


def typed_rule_flags(flags: dict[str, str]) -> dict[str, Any]:
    """``--rule NAME=VALUE`` flags checked and typed (a bad flag is bad input of ``--rule``)."""
    if not flags:
        return {}
    chosen = rules_dict(whitehouse_rules(flags, "--rule", ""))
    return {name: chosen[name] for name in flags}


def load_position(source: str, data: Any, oracle: Callable[[TricksRules], TrickOracle],
                  flags: dict[str, str] | None = None) -> LoadedPosition:
    """Read a position document; ``flags`` (``--rule``) win over its ``rules``. Every refusal is
    an ``InputError`` naming the JSON path."""
    if not isinstance(data, dict):
        raise InputError(source, "", "a position document is a JSON object")
    if data.get("moves"):
        raise InputError(source, "moves", "a position document holds no moves (cut a log with replay --at N)")
    if "position" not in data:
        raise InputError(source, "position", "required key is missing (the table the question is about)")
    typed = typed_rule_flags(flags or {})
    if typed and isinstance(data.get("rules", {}), dict):
        data = {**data, "rules": {**data.get("rules", {}), **typed}}
    loaded = load_log(source, data, oracle)
    engine, state = loaded.engine, loaded.start
    _check_beside_hands(source, engine, state)
    hidden = unseen_cards(data, engine.catalogue)
    over = None
    if not state.ended:
        at_seven = [s for s, p in enumerate(state.players) if p.tricks >= WINNING_TRICKS and s not in state.claims]
        if at_seven:
            who = " and ".join(f"player {s}" for s in at_seven)
            over = f"{who} already made {WINNING_TRICKS} Tricks"
            state = dataclasses.replace(state, ended="seven", winners=tuple(at_seven), queue=())
    return LoadedPosition(engine, state, hidden, over, loaded.written)


# --- reading a move ---------------------------------------------------------------------------------


def read_move_argument(value: str) -> tuple[str, Any]:
    """The move ``--move VALUE`` gives, and its source for messages: a JSON object written inline
    (``{"move": "pass"}``), ``-`` (standard input), a file (a name ending in ``.json``, holding a
    path separator, or naming a file that exists), or else one line in the move notation
    (``take supporter middle discards S9``, ``model.whitehouse.notation``)."""
    if value.lstrip().startswith("{"):
        return "--move", parse_json("--move", value)
    if value == "-" or value.endswith(".json") or "/" in value or os.sep in value or os.path.exists(value):
        return source_name(value), load_json(value)
    return "--move", value


def parse_move(source: str, data: Any, position: LoadedPosition) -> tuple[int, Move]:
    """One move: a log's JSON move object, or a line in the move notation (``read_move``); its
    ``player`` (``by player N``) defaults to the seat the game waits for. Bad input is an
    ``InputError``; a move the rules forbid is not (``ask_move`` judges it)."""
    from pydantic import TypeAdapter, ValidationError  # here, so that `verify --help` stays fast

    events = frozenset(position.engine.catalogue.ids("event"))
    if isinstance(data, str):
        try:
            data = read_move(data, events)
        except NotationError as error:
            raise InputError(source, "", f"{error} (the move notation: README, 'May I do that?')") from None
    if isinstance(data, dict) and "player" not in data:
        waiting = decider(position.state)
        data = {"player": position.state.current if waiting is None else waiting, **data}
    _, move_model = log_models()
    try:
        parsed = TypeAdapter(move_model).validate_python(data, context={"events": events})
    except ValidationError as error:
        raise validation_error(source, data, error) from None
    check_move_cards(position.engine.catalogue, source, "", parsed)
    n = len(position.state.players)
    if parsed.player >= n:
        raise InputError(source, join_path("", "player"), f"no player {parsed.player} at a table of {n}")
    seat, move = move_from_model(parsed)
    return seat, move
