"""One question of the page, answered by the library call the CLI makes for it.

Each ``answer_*`` takes the parsed documents the CLI would read from files (the page's input,
named as the file the page downloads) and returns a ``Reply``: the exit status the CLI would
end with, the object ``verify ... --json`` prints, and the picture ``--svg`` draws. Bad input
raises the library's ``InputError``, whose text is the CLI's one-line message after ``verify: ``.
These functions run in a worker process (``web.jobs``); they import the solvers lazily.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypedDict

from model.common.errors import InputError

#: The file name each input is given in messages and downloads (``verify tricks network.json``).
SOURCES = {
    "network": "network.json",
    "socks": "socks.json",
    "like": "like.json",
    "round": "round.json",
    "position": "position.json",
    "move": "move.json",
}

Kind = Literal["tricks", "socks", "like", "round", "moves", "move"]
KINDS: tuple[Kind, ...] = ("tricks", "socks", "like", "round", "moves", "move")


class Reply(TypedDict, total=False):
    """What the page gets for one question."""

    #: The exit status the CLI ends with (0 yes, 1 no, 3 undecided).
    exit: int
    #: The object ``verify ... --json`` prints (absent when undecided without an answer).
    answer: dict[str, Any]
    #: The picture ``--svg`` draws, when the command draws one.
    svg: str
    #: Lines the CLI prints on standard error besides the answer (``verify: warning ...``).
    warnings: list[str]
    #: The CLI's line for an undecided answer (``undecided: ...``).
    undecided: str
    #: What the page marks on its own grid (the Locked Network's broken borders, entry cells).
    marks: dict[str, Any]


Progress = Callable[[Any], None]


def answer_tricks(document: Any, time_limit: float, progress: Progress | None = None) -> Reply:
    """``verify tricks network.json --json --svg``: the proven maximum, the best arrangement,
    the claim, the given arrangement checked, where a new card may enter."""
    from model.whitehouse.network.io import parse_question
    from model.whitehouse.network.report import render_svg
    from solver.network.answer import answer_tricks as solve

    question = parse_question(document, SOURCES["network"])
    answer = solve(question, time_limit, progress)
    reply: Reply = {"exit": answer.exit_status, "answer": answer.to_json(), "svg": render_svg(answer)}
    if question.arrangement is not None:
        reply["marks"] = arrangement_marks(question)
    return reply


def arrangement_marks(question: Any) -> dict[str, Any]:
    """The given arrangement's faults, cell by cell, for the page's grid: each border between a
    Supporter and an Event that does not list it (rule ``placement``), each card with no
    matching border (rule ``every_card_matched``, when in force), each cell off the largest
    piece (rule ``connected``, when in force)."""
    from model.whitehouse.network.arrangement import borders, neighbours, pieces

    network, rules = question.network, question.rules
    cells = question.arrangement.cells()
    broken = [
        {"a": list(a), "b": list(b), "rule": "placement"}
        for a, b in borders(cells)
        if cells[a].kind != cells[b].kind and not network.matches(cells[a], cells[b])
    ]
    unmatched = []
    if rules.every_card_matched:
        unmatched = [list(cell) for cell, card in sorted(cells.items())
                     if not any(n in cells and network.matches(card, cells[n]) for n in neighbours(cell))]
    apart: list[list[int]] = []
    if rules.connected:
        parts = sorted(pieces(cells), key=len, reverse=True)
        apart = [list(cell) for part in parts[1:] for cell in part]
    return {"broken": broken, "unmatched": unmatched, "apart": apart}


def answer_socks(document: Any) -> Reply:
    """``verify socks socks.json --json --svg``: scores, winners, how the tie was broken."""
    from model.socks.io import parse_scoring
    from model.socks.picture import score_svg, socks_of_scoring
    from model.socks.report import SAMPLE_WARNING, score_json
    from solver.socks import score_game

    source = SOURCES["socks"]
    scoring = parse_scoring(source, document)
    game = score_game(scoring.hands, scoring.rules)
    reply: Reply = {"exit": 0, "answer": score_json(game, scoring.rules, scoring.catalogue)}
    if scoring.catalogue == "sample":
        reply["warnings"] = [SAMPLE_WARNING]
    reply["svg"] = score_svg(game, scoring.rules, socks_of_scoring(source, document, scoring.hands))
    return reply


def answer_like(document: Any) -> Reply:
    """``verify social like like.json --json``: was that Like legal?"""
    from model.social.engine import judge_like
    from model.social.report import like_json
    from model.social.schema import parse_like

    moment, rules = parse_like(SOURCES["like"], document, {})
    answer = judge_like(moment, rules)
    return {"exit": 0 if answer.legal else 1, "answer": like_json(answer, rules)}


def answer_round(document: Any) -> Reply:
    """``verify likes round round.json --json --svg``: the round resolved step by step (with the
    sample board, Event cards and Intent deck)."""
    from model.likes.engine import IllegalInput, resolve_round
    from model.likes.io import load_catalogue, round_file_from
    from model.likes.picture import round_svg
    from model.likes.report import round_json

    catalogue = load_catalogue()
    rules, players, rnd = round_file_from(SOURCES["round"], document, catalogue, None)
    result, error = None, None
    try:
        result = resolve_round(catalogue, players, rnd, rules)
    except IllegalInput as illegal:
        error = illegal
    return {"exit": 1 if error else 0, "answer": round_json(rules, result, error),
            "svg": round_svg(rules, catalogue.board, result, error)}


def _position(document: Any, time_limit: float) -> Any:
    from model.whitehouse.question import load_position
    from solver.network.oracle import trick_oracle

    return load_position(SOURCES["position"], document, lambda chosen: trick_oracle(chosen, time_limit), {})


def answer_moves(position_document: Any, time_limit: float) -> Reply:
    """``verify whitehouse move position.json --list --json --svg``: which moves do I have?"""
    from model.whitehouse.picture import move_svg
    from model.whitehouse.question import list_moves
    from model.whitehouse.tricks import UnprovenTotal

    try:
        position = _position(position_document, time_limit)
        answer = list_moves(position)
    except UnprovenTotal as error:
        return {"exit": 3, "undecided": f"undecided: {error}"}
    return {"exit": 0, "answer": answer, "svg": move_svg(position, answer)}


def answer_move(position_document: Any, move_document: Any, time_limit: float) -> Reply:
    """``verify whitehouse move position.json --move move.json --json --svg``: may I do that?"""
    from model.whitehouse.picture import move_svg
    from model.whitehouse.question import ask_move, parse_move
    from model.whitehouse.tricks import UnprovenTotal

    try:
        position = _position(position_document, time_limit)
        seat, move = parse_move(SOURCES["move"], move_document, position)
        answer = ask_move(position, seat, move)
    except UnprovenTotal as error:
        return {"exit": 3, "undecided": f"undecided: {error}"}
    return {"exit": 0 if answer["legal"] else 1, "answer": answer, "svg": move_svg(position, answer)}


def answer(kind: Kind, documents: dict[str, Any], time_limit: float, progress: Progress | None = None) -> Reply:
    """Answer one question of ``kind`` from its documents (by input name: ``network``, ...)."""
    if kind == "tricks":
        return answer_tricks(documents["network"], time_limit, progress)
    if kind == "socks":
        return answer_socks(documents["socks"])
    if kind == "like":
        return answer_like(documents["like"])
    if kind == "round":
        return answer_round(documents["round"])
    if kind == "moves":
        return answer_moves(documents["position"], time_limit)
    if kind == "move":
        return answer_move(documents["position"], documents["move"], time_limit)
    raise InputError("request", "", f"no question {kind!r}")


def error_json(error: InputError) -> dict[str, str]:
    """A refusal as the page shows it: the CLI's line, and the file and JSON path it names."""
    return {"error": f"verify: {error}", "source": error.source, "path": error.path, "message": error.message}
