"""The White House intern game's questions (``verify tricks``, ``verify whitehouse replay`` and
``move``), declared once for the command line and the page (``model.common.question``).

The parsers, engines and drawings are imported when a question is asked, never at start-up.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from model.common.question import (
    NO,
    YES,
    Answered,
    Asked,
    Document,
    Option,
    Question,
    Shared,
    UsageProblem,
    rules_over,
)

#: The seams the questions need: the Locked Network's answer (``solver.network.answer``) and
#: the Trick oracle of the engine (``solver.network.oracle``).
TRICKS_ANSWER, TRICK_ORACLE = "tricks_answer", "trick_oracle"
SVG = Shared("svg")
TRICK_TIME_LIMIT = Shared("time_limit", "Seconds the proof of each Trick total may take (exit 3 when one is not "
                                        "proven).", 30.0)


@dataclass(frozen=True)
class TricksReply(Answered):
    """``verify tricks``: the proven maximum, the claim judged, the arrangement checked, the
    entry cells of a new card."""

    #: The solver's answer, checked by the model's checker (``TricksAnswer``).
    answer: Any
    #: ``--ascii``: draw with ASCII characters only.
    ascii: bool
    #: ``--explain``: also the solver's phases as they ran.
    explain: bool = False

    @property
    def exit_status(self) -> int:
        return int(self.answer.exit_status)

    def to_json(self) -> dict[str, Any]:
        return dict(self.answer.to_json(explain=self.explain))

    def to_text(self, unicode: bool) -> str:
        from model.whitehouse.network.report import render_text

        return str(render_text(self.answer, ascii=self.ascii or not unicode, explain=self.explain))

    def to_svg(self) -> str:
        from model.whitehouse.network.report import render_svg

        return str(render_svg(self.answer))

    def page_extras(self) -> dict[str, Any]:
        from model.whitehouse.network.marks import arrangement_marks

        question = self.answer.question
        return {} if question.arrangement is None else {"marks": arrangement_marks(question)}


def answer_tricks(asked: Asked) -> TricksReply:
    from model.whitehouse.network.io import parse_question

    source, data = asked.inputs.read("network")
    question = parse_question(data, source, asked.options["claim"], asked.rules)
    answer = asked.solvers[TRICKS_ANSWER](question, asked.time_limit, asked.progress)
    return TricksReply(answer, bool(asked.options["use_ascii"]), bool(asked.options["explain"]))


TRICKS = Question(
    game="whitehouse",
    words=("tricks",),
    help="""How many Tricks a Locked Network makes (White House intern game), proven.

    FILE (or - for standard input) is a JSON network of Supporters and Events, with optional
    claim, arrangement to check, card to add and rules. Exit status: 0 every question answered
    yes, 1 one answered no (claim refuted, illegal arrangement, no legal arrangement), 2 bad
    input, 3 undecided within the time limit.
    """,
    parameters=(
        Document("network", "FILE|-", "network.json", ("model.whitehouse.network", "tricks-input.schema.json"),
                 examples=("whitehouse/*.json",)),
        Shared("json", "Print exactly one JSON object."),
        Option("claim", ("--claim",), "integer", "A Trick total to check (wins over the file).", "N"),
        Shared("rule", "A rule option, e.g. connected=false (repeatable; wins over the file)."),
        Shared("time_limit", "Seconds the solve may take before it reports what it has.", 60.0),
        SVG,
        Option("use_ascii", ("--ascii",), "flag", "Draw with ASCII characters only."),
        Option("explain", ("--explain",), "flag",
               "Also show the solver's phases as they ran (after the answer; with --json, a phases key)."),
    ),
    answer=answer_tricks,
    solvers=(TRICKS_ANSWER,),
    progress=True,
)


@dataclass(frozen=True)
class ReplayReply(Answered):
    """``verify whitehouse replay``: the first illegal move, or the final table; with ``--at N``
    the table after move N as a position document."""

    #: The replay (``model.whitehouse.log.Replay``).
    result: Any
    #: ``--at N``: where the log was cut (None: played to its end).
    at: int | None
    #: The log document (with the ``--rule`` values over its rules).
    log: Any
    #: The log's source, as messages name it.
    source: str
    #: ``--at N``: the deck cards nobody has seen at the cut (``position.hidden_after_move``).
    hidden: frozenset[Any] = frozenset()

    @property
    def cut_position(self) -> bool:
        """True when the answer is the position after move ``at``."""
        return self.at is not None and self.result.illegal is None

    @property
    def exit_status(self) -> int:
        return NO if self.result.illegal and not self.cut_position else YES

    def to_json(self) -> dict[str, Any]:
        from model.whitehouse.report import replay_json

        if self.cut_position:
            from model.whitehouse.position import cut_note, position_document

            assert self.at is not None
            note = cut_note(self.source, self.at)
            return dict(position_document(self.log, self.result.engine, self.result.state, note, self.hidden))
        return dict(replay_json(self.result))

    def json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1 if self.cut_position else None) + "\n"

    def to_text(self, unicode: bool) -> str:
        from model.whitehouse.report import render_replay

        return self.json_text() if self.cut_position else str(render_replay(self.result))

    def to_svg(self) -> str:
        from model.whitehouse.picture import replay_svg

        return str(replay_svg(self.result, self.at, self.log))


def answer_replay(asked: Asked) -> ReplayReply:
    from model.common.errors import InputError
    from model.whitehouse.io import load_log, typed_rule_flags
    from model.whitehouse.log import cut, replay

    typed = typed_rule_flags(dict(asked.rules))
    source, data = asked.inputs.read("log")
    data = rules_over(data, typed)
    oracle = asked.solvers[TRICK_ORACLE]
    log = load_log(source, data, lambda chosen: oracle(chosen, asked.time_limit))
    at = asked.options["at"]
    if at is None:
        return ReplayReply(replay(log), at, data, source)
    if at > len(log.moves):
        raise InputError("--at", "", f"the log has {len(log.moves)} moves, so there is no move {at}")
    log = cut(log, at)
    from model.whitehouse.io import unseen_cards
    from model.whitehouse.position import hidden_after_move

    hidden = unseen_cards(data, log.engine.catalogue)

    def follow(before: Any, move: Any, after: Any) -> None:
        nonlocal hidden
        hidden = hidden_after_move(hidden, log.engine, before, move, after)

    result = replay(log, follow)
    return ReplayReply(result, at, data, source, hidden)


REPLAY = Question(
    game="whitehouse",
    words=("whitehouse", "replay"),
    help="""Replay a recorded game: the first illegal move and the rule it breaks, or the final table,
    each player's proven Trick total and the winner.

    Exit status: 0 replayed, every move legal; 1 a move is illegal; 2 bad input; 3 a Trick total
    not proven within --time-limit.
    """,
    parameters=(
        Document("log", "LOG.json|-", "log.json", ("model.whitehouse", "whitehouse-log.schema.json"),
                 examples=("whitehouse/games/*.json",)),
        Shared("json", "Print exactly one JSON object, with the rules in force."),
        Shared("rule", "A rule option, e.g. lock_count=all (repeatable; wins over the file's rules)."),
        Option("at", ("--at",), "integer",
               "Print the table after move N as a position document (JSON), for whitehouse move.", "N", 0),
        TRICK_TIME_LIMIT,
        SVG,
    ),
    answer=answer_replay,
    solvers=(TRICK_ORACLE,),
)


@dataclass(frozen=True)
class MoveReply(Answered):
    """``verify whitehouse move``: one move judged, or every legal move listed."""

    #: The position the move is asked in (``LoadedPosition``).
    position: Any
    #: The answer object (``ask_move`` or ``list_moves``).
    answer: dict[str, Any]
    #: True for ``--list``.
    listed: bool

    @property
    def exit_status(self) -> int:
        return YES if self.listed or self.answer["legal"] else NO

    def to_json(self) -> dict[str, Any]:
        return self.answer

    def to_text(self, unicode: bool) -> str:
        from model.whitehouse.question import render_list, render_move

        return str(render_list(self.answer) if self.listed else render_move(self.answer))

    def to_svg(self) -> str:
        from model.whitehouse.picture import move_svg

        return str(move_svg(self.position, self.answer))


def one_move_or_list(options: Any, given: Any) -> None:
    """``whitehouse move`` judges a move (``--move``) or lists every move (``--list``): one."""
    if (given("move") is not None) == bool(options["list_all"]):
        raise UsageProblem("give exactly one of --move MOVE or --list")


def read_move(value: str) -> tuple[str, Any]:
    """``--move VALUE``: a file, ``-``, a JSON object written inline or one line of the move notation."""
    from model.whitehouse.io import read_move_argument

    return read_move_argument(value)


def answer_move(asked: Asked) -> MoveReply:
    from model.whitehouse.io import load_position, parse_move
    from model.whitehouse.question import ask_move, list_moves

    source, data = asked.inputs.read("position")
    oracle = asked.solvers[TRICK_ORACLE]
    position = load_position(source, data, lambda chosen: oracle(chosen, asked.time_limit), dict(asked.rules))
    if asked.options["list_all"]:
        return MoveReply(position, list_moves(position), True)
    seat, move = parse_move(*asked.inputs.read("move"), position)
    return MoveReply(position, ask_move(position, seat, move), False)


MOVE = Question(
    game="whitehouse",
    words=("whitehouse", "move"),
    help="""May I do that? Judge one move in a position (exit 0 legal, 1 illegal, with the rule broken)
    or list every legal move there with its cost and what it would lock (exit 0); exit 2 bad
    input, 3 a Trick total not proven within --time-limit.""",
    parameters=(
        Document("position", "POSITION.json|-", "position.json", examples=("whitehouse/positions/*.json",)),
        Document("move", "MOVE", "move.json", flag="--move",
                 help="The move to judge: a file (MOVE.json, or - for standard input) or an inline JSON object "
                 "holding a move of a log, or one line in the move notation ('take supporter middle discards S9'); "
                 "its player defaults to the one the game waits for.",
                 examples=("whitehouse/positions/moves/*.json",), reader=read_move),
        Option("list_all", ("--list",), "flag", "List every legal move, grouped by action."),
        Shared("rule", "A rule option; repeatable."),
        Shared("json", "Print exactly one JSON object."),
        TRICK_TIME_LIMIT,
        SVG,
    ),
    answer=answer_move,
    solvers=(TRICK_ORACLE,),
    check=one_move_or_list,
)

QUESTIONS: tuple[Question, ...] = (TRICKS, REPLAY, MOVE)
