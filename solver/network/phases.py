"""The phases of the Locked Network solver, as data: what each one is, when it runs, what share of
the work it gets and what it gives, and the order in which each case runs them.

The trace of a solve (``TricksSolution.phases``) names these phases, in the order of its case's
list; ``solve.py``'s text is the same table in words (``tests/solver/network/test_phases.py``
holds the two together). A phase runs only when its ``when`` holds and no phase before it has
settled the answer; whatever time is left after the last one goes to ``rest``.

One loop runs them (``loop.run_phases``): ``pipeline``'s lists (``CONNECTED_CASE``,
``IN_PIECES_CASE``, ``EVERY_CARD_MATCHED``: the structure, the case's phases, the rest) and the
case's phases, ``connected.CONNECTED`` and ``pieces.IN_PIECES``, are these lists as steps, each
with its ``when`` as a predicate and its budget as the ``Settings`` fields it draws on
(``loop.Budget``). The same test holds the steps to ``CASES`` and each step's budget fields to
its phase's ``budget`` here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: What a phase can give: a better arrangement (a lower bound on the maximum), a lower upper
#: bound, or a proof that closes the question (the answer).
Gives = Literal["arrangement", "upper bound", "answer"]
#: The cases of the solver, each with its own list of phases.
Case = Literal["connected, up to 16 cards", "connected, above 16 cards", "in pieces", "every card matched"]


@dataclass(frozen=True)
class Phase:
    """One phase of the solver."""

    #: Its name in the trace and in ``solve.py``'s table.
    name: str
    #: When it runs, in words: the network's size, the rule options, ``method``.
    when: str
    #: Its budget: a node count, CP-SAT work or a share of the time left (``Settings`` fields).
    budget: str
    #: What it can give.
    gives: tuple[Gives, ...]


PHASES: dict[str, Phase] = {
    phase.name: phase
    for phase in (
        Phase(
            "structure",
            "always",
            "none",
            ("answer",),
        ),
        Phase(
            "without the rule",
            "every_card_matched, method auto",
            "relaxed_share of the time; matched_walks walks",
            ("arrangement", "upper bound", "answer"),
        ),
        Phase(
            "heuristic",
            "always (method cpsat: a hint only)",
            "the effort from the time limit (effort_seconds, least_effort)",
            ("arrangement", "answer"),
        ),
        Phase(
            "tiling",
            "method auto, below the polyomino bound",
            "tile_nodes per tile_seconds; fill_share of the time left, fill_work",
            ("answer",),
        ),
        Phase(
            "span reach",
            "method auto, up to box_descent_limit cards",
            "span_probe_nodes per span",
            ("arrangement", "answer"),
        ),
        Phase(
            "leave one out",
            "method auto, up to box_descent_limit cards",
            "leave_out_effort of the effort (effort_seconds, least_effort)",
            ("arrangement", "answer"),
        ),
        Phase(
            "climb in pieces",
            "method auto",
            "embed_nodes, deeper_growth, pieces_deeper",
            ("arrangement", "answer"),
        ),
        Phase(
            "embedding bound",
            "method auto",
            "embed_probe_nodes, embed_step_nodes, embed_nodes",
            ("upper bound", "answer"),
        ),
        Phase(
            "local search",
            "method auto",
            "the effort from the time limit (effort_seconds, least_effort)",
            ("arrangement", "answer"),
        ),
        Phase(
            "one piece",
            "method auto",
            "one_piece_nodes",
            ("answer",),
        ),
        Phase(
            "exact",
            "method exact; auto up to exact_auto_limit cards (in pieces confirm_limit)",
            "the time left",
            ("arrangement", "answer"),
        ),
        Phase(
            "quick exact",
            "method auto, up to confirm_limit cards",
            "confirm_nodes",
            ("arrangement", "answer"),
        ),
        Phase(
            "descent",
            "method auto, up to box_descent_limit cards",
            "the time left, in turns: first_descent_work, first_plain_work, small_probe_nodes",
            ("arrangement", "upper bound", "answer"),
        ),
        Phase(
            "climb",
            "method auto, above box_descent_limit cards",
            "climb_nodes, small_probe_nodes, climb_deeper",
            ("arrangement", "answer"),
        ),
        Phase(
            "walks",
            "method auto, every_card_matched, above box_descent_limit cards",
            "walks_share of the time, from walk matched_walks",
            ("arrangement", "answer"),
        ),
        Phase(
            "region model",
            "not settled before",
            "bound_attempt_share (at least bound_attempt_seconds), then the time left",
            ("arrangement", "upper bound", "answer"),
        ),
        Phase(
            "plain model",
            "method auto, above box_descent_limit cards, up to plain_model_size",
            "plain_first_work",
            ("arrangement", "upper bound", "answer"),
        ),
        Phase(
            "connected share",
            "method auto, above box_descent_limit cards",
            "connected_share of the time",
            ("arrangement", "answer"),
        ),
        Phase(
            "box model",
            "above confirm_limit, to max_model_size, else rest (plain_model_size)",
            "pieces_share of the time",
            ("arrangement", "upper bound", "answer"),
        ),
        Phase(
            "rest",
            "auto with time left; cpsat, in pieces: max_model_size and plain_model_size",
            "the time left, in slices from rest_first_work",
            ("arrangement", "upper bound", "answer"),
        ),
    )
}

#: The phases of each case, in the order they run.
CASES: dict[Case, tuple[str, ...]] = {
    "connected, up to 16 cards": (
        "structure", "heuristic", "tiling", "span reach", "embedding bound", "local search", "one piece",
        "leave one out", "exact", "quick exact", "descent", "rest",
    ),
    "connected, above 16 cards": (
        "structure", "heuristic", "tiling", "embedding bound", "local search", "one piece", "climb", "walks",
        "region model", "rest",
    ),
    # Each group of cards linked by matches in turn (the list again for each), then the rest.
    "in pieces": (
        "structure", "heuristic", "tiling", "span reach", "leave one out", "climb in pieces", "embedding bound",
        "span reach", "plain model", "connected share", "exact", "box model", "rest",
    ),
    # The network without the rule first (its own case's phases, run inside it), then the phases
    # of the case of the network's size and ``connected`` between its structure and its rest.
    "every card matched": ("structure", "without the rule", "then the phases of the network's case", "rest"),
}


def case_of(size: int, connected: bool, every_card_matched: bool, box_descent_limit: int) -> Case:
    """The case a network falls in (``box_descent_limit``: the Settings field)."""
    if every_card_matched:
        return "every card matched"
    if not connected:
        return "in pieces"
    return "connected, up to 16 cards" if size <= box_descent_limit else "connected, above 16 cards"
