"""Game logs of the White House intern game: the format, replaying one, and playing a random game.

A log names the catalogue ("sample" or an inline catalogue), the players and the deck orders (a
``seed``, explicit ``decks``, or a mid-game ``position``), the rule options, then every move and
every choice in order, each with the seat that made it. Replaying stops at the first illegal move
and names the rule it breaks. A log that does not parse, or names a card the catalogue does not
have, is bad input (``InputError``); a log that parses but holds an illegal move is a verdict.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, cast

from model.common.errors import InputError, join_path
from model.common.jsonio import validation_error
from model.whitehouse.cards import Catalogue, DeckKind, parse_catalogue, sample_catalogue, schema_models
from model.whitehouse.engine import Engine, SetupError, new_game, shuffled_decks
from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    ArrangementError,
    CardRef,
    Placement,
    TricksRules,
    check_arrangement,
)
from model.whitehouse.position import deck_order, pending_steps, settle
from model.whitehouse.rules import IllegalMove, RuleName, WhitehouseRules, rules_dict, whitehouse_rules
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
    from pydantic import BaseModel, ConfigDict, Field

    strict = ConfigDict(extra="forbid", strict=True)
    Seat = Annotated[int, Field(ge=0, le=11)]
    Number = Annotated[int, Field(ge=1, le=2**31 - 1)]
    Ident = Annotated[str, Field(min_length=1, max_length=40)]
    HandCard = Number | Ident
    Slot = Literal["closest", "middle", "furthest"]
    CatalogueIn = schema_models()

    class TakeIn(BaseModel):
        model_config = strict
        player: Seat
        move: Literal["take"]
        row: Literal["supporter", "event"]
        slot: Slot
        discards: list[HandCard] = Field(default_factory=list, max_length=2)

    class PlayIn(BaseModel):
        model_config = strict
        player: Seat
        move: Literal["play"]
        slot: Slot
        discards: list[HandCard] = Field(default_factory=list, max_length=2)
        target: Seat | None = None
        card: HandCard | None = None
        give: HandCard | None = None

    class LockIn(BaseModel):
        model_config = strict
        player: Seat
        move: Literal["lock"]
        with_card: HandCard | None = Field(default=None, alias="with")

    class LockHandIn(BaseModel):
        model_config = strict
        player: Seat
        move: Literal["lock_hand"]
        cards: list[HandCard] = Field(min_length=1, max_length=2)

    class Simple(BaseModel):
        model_config = strict
        player: Seat
        move: Literal["pass", "lies", "no_lies", "block", "accept", "keep"]

    MoveIn = Annotated[TakeIn | PlayIn | LockIn | LockHandIn | Simple, Field(discriminator="move")]

    class PlacementIn(BaseModel):
        model_config = strict
        supporter: Number | None = None
        event: Ident | None = None
        row: Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]
        col: Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]

    class PlayerIn(BaseModel):
        model_config = strict
        supporters: list[Number] = Field(default_factory=list,
                                         description="The Active Hand's Supporters, in arrival order.")
        events: list[Ident] = Field(default_factory=list, description="The Active Hand's Events, in arrival order.")
        network: list[PlacementIn] = Field(default_factory=list, description="A legal arrangement.")
        gridlocks: list[Ident] = Field(default_factory=list,
                                       description="Gridlocks in the player's space, oldest first.")
        lies: list[Ident] = Field(default_factory=list, description="Lies below the Active Hand, oldest first.")
        deflection: Ident | None = None

    Row = Annotated[
        list[HandCard | None],
        Field(min_length=3, max_length=3,
              description="The row's slots, closest to its deck first: closest, middle, furthest; null is an "
              "empty slot."),
    ]

    top_first = "Top card first; a card sent to the bottom is appended."

    class RowsIn(BaseModel):
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
        """A card on its way into a player's Active Hand (or a Deflection above it)."""

        model_config = strict
        step: Literal["arrival"]
        card: HandCard
        kind: Literal["supporter", "event", "deflection"]
        receiver: Seat
        source: Literal["row", "distraction"] = "row"
        stage: Literal["lies", "block", "lock", "more", "hand"] = "lies"
        asked: list[Seat] = Field(default_factory=list, description="Seats that declined to play Lies.")
        liar: Seat | None = Field(default=None, description="Who played Lies against it (stage block).")
        swap: bool = False

    class RefillIn(BaseModel):
        model_config = strict
        step: Literal["refill"]
        row: Literal["supporter", "event", "distraction"]

    class PutAwayIn(BaseModel):
        model_config = strict
        step: Literal["put_away"]
        card: Ident

    class MarkIn(BaseModel):
        model_config = strict
        step: Literal["shared_win", "end_action"]

    StepIn = Annotated[ArrivalIn | RefillIn | PutAwayIn | MarkIn, Field(discriminator="step")]

    class UnseenIn(BaseModel):
        """How many face-down cards on top of each deck nobody has seen (the cards the position
        places nowhere else); the cards of ``decks`` lie below them."""

        model_config = strict
        supporter: Annotated[int, Field(ge=0, le=10**6)] | None = None
        event: Annotated[int, Field(ge=0, le=10**6)] | None = None
        distraction: Annotated[int, Field(ge=0, le=10**6)] | None = None

    class PositionIn(BaseModel):
        """A table in the middle of a game. Cards it does not place go to the bottom of their
        deck in catalogue order, after the ``decks`` given."""

        model_config = strict
        players: list[PlayerIn] = Field(min_length=2, max_length=12)
        rows: RowsIn
        decks: DecksIn = Field(default_factory=DecksIn)
        current: Seat = 0
        phase: Literal["supporter", "event", "distraction"] = "supporter"
        direction: Literal[1, -1] = 1
        round_order: list[Seat] | None = Field(
            default=None, description="The seats of the current round in order (default: from current)."
        )
        turn: Annotated[int, Field(ge=1, le=10**6)] = 1
        reversals: list[Seat] = Field(
            default_factory=list, description="Seats that reversed the order of play this round, in order."
        )
        pending: list[StepIn] = Field(
            default_factory=list, max_length=64,
            description="Steps of the current action still to resolve, head first (ends with end_action).",
        )
        unseen: UnseenIn | None = None
        ended: Literal["seven", "turn_limit"] | None = None
        winners: list[Seat] = Field(default_factory=list)
        claims: list[Seat] = Field(default_factory=list, description="Seats at 7 whose win is still to be confirmed.")
        shuffles: Annotated[int, Field(ge=0, le=10**6)] = 0

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


# --- moves as JSON ----------------------------------------------------------------------------------


def move_to_json(move: Move, player: int) -> dict[str, Any]:
    """A move as one JSON object of a log."""
    data: dict[str, Any] = {"player": player, "move": move.name}
    if isinstance(move, Take):
        data.update(row=move.row, slot=move.slot, discards=list(move.discards))
    elif isinstance(move, Play):
        data.update(slot=move.slot, discards=list(move.discards))
        for key in ("target", "card", "give"):
            if getattr(move, key) is not None:
                data[key] = getattr(move, key)
    elif isinstance(move, Lock) and move.with_card is not None:
        data["with"] = move.with_card
    elif isinstance(move, LockHand):
        data["cards"] = list(move.cards)
    return data


def move_from_model(parsed: Any) -> tuple[int, Move]:
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


def _known_card(
    catalogue: Catalogue, source: str, path: str, card: Any, kinds: tuple[DeckKind, ...] = ("supporter", "event")
) -> None:
    for kind in kinds:
        if catalogue.has(kind, card):
            return
    what = " or ".join(kinds)
    raise InputError(source, path, f"no {what} {card!r} in the catalogue")


def check_move_cards(catalogue: Catalogue, source: str, path: str, raw: dict[str, Any]) -> None:
    for key in ("discards", "cards"):
        for index, card in enumerate(raw.get(key) or []):
            _known_card(catalogue, source, join_path(join_path(path, key), index), card)
    for key in ("card", "give", "with"):
        if raw.get(key) is not None:
            _known_card(catalogue, source, join_path(path, key), raw[key])


def load_log(source: str, data: Any, oracle: Callable[[TricksRules], TrickOracle]) -> LoadedLog:
    """Validate a log document; every refusal names the JSON path. ``oracle`` makes the Trick
    oracle (the solver wired in) for the log's own Locked Network rules."""
    from pydantic import ValidationError  # here, not at the top: ``verify --help`` stays fast

    log_model, _ = log_models()
    try:
        parsed = log_model.model_validate(data)
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
    try:
        if parsed.position is not None:
            if parsed.players is not None and parsed.players != len(parsed.position.players):
                raise InputError(source, "players", "differs from the number of players in position")
            start = _position(engine, source, data["position"], parsed.position, parsed.shuffle_seed)
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
    for index, (raw, move) in enumerate(zip(data.get("moves", []), parsed.moves, strict=False)):
        path = join_path("moves", index)
        check_move_cards(catalogue, source, path, raw)
        if move.player >= n:
            raise InputError(source, join_path(path, "player"), f"no player {move.player} at a table of {n}")
        moves.append(move_from_model(move))
    return LoadedLog(engine, start, tuple(moves))


def _full_decks(catalogue: Catalogue, source: str, path: str, decks: Any) -> Decks:
    out: list[tuple[Any, ...]] = []
    for kind, given in zip(KIND_NAMES, (decks.supporter, decks.event, decks.distraction), strict=False):
        where = join_path(path, kind)
        for index, card in enumerate(given):
            _known_card(catalogue, source, join_path(where, index), card, (kind,))
        if sorted(map(str, given)) != sorted(map(str, catalogue.ids(kind))):
            missing = [c for c in catalogue.ids(kind) if c not in given]
            detail = f"{missing[0]!r} is missing" if missing else "a card appears twice"
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
            raise InputError(source, path, f"{kind} {card!r} is already at {seen[(kind, card)]}")
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
    n = len(players)
    if position.current >= n:
        raise InputError(source, "position.current", f"no player {position.current} at a table of {n}")
    order = tuple((position.current + position.direction * i) % n for i in range(n))
    if position.round_order is not None:
        order = tuple(position.round_order)
        if sorted(order) != list(range(n)) or position.current not in order:
            raise InputError(source, "position.round_order", f"must name each of the {n} seats once")
    return settle(engine, source, position, queue, State(
        # Each row and deck holds cards of its own kind (claimed above, against the catalogue).
        catalogue=catalogue, rules=engine.rules, players=tuple(players), decks=cast(Decks, tuple(decks)),
        rows=cast(Rows, tuple(rows)), current=position.current, phase=position.phase,
        direction=position.direction, round_order=order, round_pos=order.index(position.current),
        turn=position.turn, shuffle_seed=shuffle_seed,
    ))


# --- replaying ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IllegalAt:
    """The first illegal move of a log."""

    #: Its index in ``moves``.
    index: int
    #: The seat the log says made it.
    player: int
    #: The move as written.
    move: dict[str, Any]
    #: The rule it breaks (a key of ``model.whitehouse.rules.RULES``).
    rule: RuleName
    #: The rulebook's sentence.
    sentence: str
    #: What is wrong, in words.
    detail: str


@dataclass(frozen=True)
class Replay:
    """The result of replaying a log."""

    #: The table after the last legal move.
    state: State
    #: How many moves were applied.
    applied: int
    #: The first illegal move, if any.
    illegal: IllegalAt | None
    #: The engine used (catalogue, rules, oracle).
    engine: Engine


def cut(log: LoadedLog, moves: int) -> LoadedLog:
    """The log up to (and without) move ``moves``: replaying it gives the table after move N."""
    return LoadedLog(log.engine, log.start, log.moves[:moves])


def replay(log: LoadedLog) -> Replay:
    """Apply the log's moves in order; stop at the first illegal one."""
    state = log.start
    for index, (seat, move) in enumerate(log.moves):
        try:
            state = log.engine.apply(state, move, seat)
        except IllegalMove as error:
            illegal = IllegalAt(index, seat, move_to_json(move, seat), error.rule, error.sentence, error.detail)
            return Replay(state, index, illegal, log.engine)
    return Replay(state, len(log.moves), None, log.engine)


# --- playing a random game -------------------------------------------------------------------------------


def random_game(
    catalogue: Catalogue,
    players: int,
    seed: int,
    engine: Engine,
) -> tuple[State, list[dict[str, Any]]]:
    """Play a random legal game: decks shuffled by ``seed``, every move drawn uniformly from the
    legal moves by a generator seeded with ``seed``. Returns the final state and the moves.
    ``engine`` holds the rules and the Trick oracle (the solver wired in by the caller)."""
    rules = engine.rules
    state = new_game(catalogue, players, rules, shuffled_decks(catalogue, seed), seed)
    rng = random.Random(seed)
    moves: list[dict[str, Any]] = []
    while not state.ended:
        seat = decider(state)
        assert seat is not None, "a game that goes on waits for a seat"
        move = rng.choice(engine.legal_moves(state))
        moves.append(move_to_json(move, seat))
        state = engine.apply(state, move, seat)
    return state, moves


def play_log(
    players: int, seed: int, rules: WhitehouseRules, oracle: TrickOracle, catalogue_data: dict[str, Any] | None = None
) -> tuple[dict[str, Any], State]:
    """A random legal game as a log document (and its final state)."""
    catalogue = parse_catalogue("catalogue", catalogue_data) if catalogue_data else sample_catalogue()
    try:
        state, moves = random_game(catalogue, players, seed, Engine(catalogue, rules, oracle))
    except SetupError as error:
        raise InputError("--players", "", str(error)) from None
    log = {
        "game": "whitehouse",
        "note": f"a random legal game, seed {seed}",
        "catalogue": catalogue_data if catalogue_data else "sample",
        "players": players,
        "seed": seed,
        "shuffle_seed": seed,
        "rules": rules_dict(rules),
        "moves": moves,
    }
    return log, state

