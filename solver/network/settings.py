"""Every tuning knob of the Locked Network solver, in one frozen object.

``solve_tricks`` takes a ``Settings`` (``DEFAULT_SETTINGS`` is what ships) and hands it to every
phase and search; no module of ``solver/network/`` defines a tuning number of its own. Each field
says what it trades; the measurements behind the shipped values are in
``benchmarks/tricks_settings.md`` (with the command that made each figure), not here.

Node budgets and CP-SAT's deterministic work are counts, not seconds, so that an answer does not
depend on the machine unless the time limit stops a search first. Facts of the problem (a card's
four sides, the 100 cards a table holds) are not knobs: they stay constants where they are used.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """The solver's tuning knobs, each with the value that ships."""

    # --- which searches a network gets ---------------------------------------------------------
    #: In ``auto`` mode, networks (or match groups) up to this many cards go straight to the exact
    #: search: it finishes before OR-Tools has imported.
    exact_auto_limit: int = 7
    #: An optimum below the simple bounds is re-proven by the exact search up to this many cards
    #: (also: the pieces search up to this size uses the exact search instead of the box model).
    confirm_limit: int = 10
    #: In ``auto`` mode, connected networks up to this many cards are settled box by box
    #: (the box descent); above it, the climb and CP-SAT's region model.
    box_descent_limit: int = 16
    #: The embedding search is asked only when at most this many matching pairs may lie apart:
    #: more, and it cannot finish; fewer, and hard questions go to slower phases.
    embed_apart: int = 10
    #: Models with more (cell, class) pairs than this are not built (building alone takes
    #: seconds): a larger limit tries hopeless models, a smaller one gives up on solvable ones.
    max_model_size: int = 40_000

    # --- node budgets of our own searches (a count: repeatable) ------------------------------
    #: The exact search's nodes when it confirms a CP-SAT optimum or settles a small network first.
    confirm_nodes: int = 20_000
    #: The embedding search's nodes per target: more settles more, at a loss where it settles nothing.
    embed_nodes: int = 30_000
    #: The first "does anything beat the arrangement found?": small, since a yes wastes it.
    embed_probe_nodes: int = 3_000
    #: Up to ``box_descent_limit`` cards, each step down from the cheap bound (the descent
    #: settles the hard ones faster).
    embed_step_nodes: int = 1_000
    #: "One Trick more?" in pieces for the connected climb and the descent's turns: more settles
    #: stalled networks, at a loss on networks it cannot settle.
    small_probe_nodes: int = 50_000
    #: Asked again for the same total, "one Trick more?" gets this many times the last budget.
    deeper_growth: int = 4
    #: Without ``connected``, how many times "one Trick more?" in pieces is asked deeper.
    pieces_deeper: int = 2
    #: Above ``box_descent_limit`` cards, how many times the climb asks deeper before CP-SAT.
    climb_deeper: int = 2
    #: The search from the few kind, per target in pieces.
    few_kind_nodes: int = 30_000
    #: The embedding search's probe before the search from the few kind.
    few_kind_probe: int = 10_000
    #: Connected, the search from the few kind on what the first probe leaves open.
    few_kind_upper_nodes: int = 15_000
    #: The embedding search's connected variant, per target (it refutes within a few hundred).
    joined_nodes: int = 1_000
    #: The embedding search kept to one piece, building an arrangement meeting a proven bound.
    one_piece_nodes: int = 3_000
    #: The same, first in each "one Trick more?".
    climb_nodes: int = 5_000
    #: The tiling search's nodes per ``tile_seconds`` of the time limit.
    tile_nodes: int = 200_000
    #: The time limit's seconds per ``tile_nodes``: smaller gives the tiling search more.
    tile_seconds: float = 2.0
    #: The span search's nodes per span when it looks for an arrangement meeting a bound.
    span_probe_nodes: int = 5_000

    # --- shares of the time left ----------------------------------------------------------------
    #: Where the tiling search runs out of nodes, its CP-SAT model gets this share of the time.
    fill_share: float = 0.8
    #: That model's CP-SAT work per second of the time limit.
    fill_work: float = 4.0
    #: Without ``connected``, the class model in a plain box gets this share (the rest to ``rest``).
    pieces_share: float = 0.25
    #: Without ``connected``, groups above 16 cards first get the plain model for this much work.
    plain_first_work: float = 8.0
    #: With ``every_card_matched``, the network without the rule gets this share first: more finds
    #: its optimum more often, less leaves more for the searches that keep the rule.
    relaxed_share: float = 0.75
    #: Local-search walks from the optimum without the rule towards one that keeps it.
    matched_walks: int = 8
    #: Those walks' steps per card.
    matched_steps: int = 1_000
    #: Connected above ``box_descent_limit`` cards, more walks get this share before CP-SAT.
    walks_share: float = 0.7
    #: ``leave_one_out``'s heuristic effort, as a share of the main heuristic's.
    leave_out_effort: float = 0.3
    #: Without ``connected``, large groups first get this share for a connected arrangement.
    connected_share: float = 0.15
    #: CP-SAT's first try at the bound itself gets this share of the time left...
    bound_attempt_share: float = 0.3
    #: ... but at least this many seconds.
    bound_attempt_seconds: float = 0.5
    #: The heuristic's effort is the time limit over this many seconds (at most 1): from the
    #: limit, not the clock, so that results stay repeatable.
    effort_seconds: float = 10.0
    #: The least heuristic effort (and the least share of a tiling budget) under a tiny limit.
    least_effort: float = 0.05

    # --- the box descent and its turns with the plain model -----------------------------------
    #: A box's CP-SAT work in the first round (each round quadruples it).
    box_first_work: float = 0.5
    #: A box's span-search nodes in the first round (each round quadruples them).
    box_first_nodes: int = 20_000
    #: Each round of the descent multiplies a box's budgets by this.
    box_growth: int = 4
    #: Rounds before the descent gives up (the clock usually stops it first).
    box_rounds: int = 12
    #: The first round in which a box the span search leaves open goes to CP-SAT.
    cpsat_from_round: int = 2
    #: The span search's nodes counted as one unit of CP-SAT's deterministic time.
    nodes_per_work: int = 150_000
    #: The descent's work alone before the plain model's first turn.
    first_descent_work: float = 0.25
    #: The descent's work, all told, before the turns begin.
    descent_before_turns: float = 1.0
    #: The plain model's first turn (CP-SAT work; each turn doubles it).
    first_plain_work: float = 1.0
    #: The plain model takes turns up to this many (card, cell) pairs (n^3: 16 cards).
    plain_turn_size: int = 4_096
    #: A turn is not started with less time than this left (seconds).
    turn_margin: float = 0.1

    # --- the rest of the time -------------------------------------------------------------------
    #: CP-SAT's work in the rest's first slice (each slice doubles it).
    rest_first_work: float = 1.0
    #: A box around the best layout is modelled only up to this many (cell, class) pairs.
    box_model_size: int = 8_000
    #: The plain model takes turns with the class model up to this many (card, cell) pairs.
    plain_model_size: int = 20_000
    #: The plain model's slice as a multiple of the class model's.
    plain_work: float = 4.0
    #: A model is not started with less time than this left (seconds).
    model_margin: float = 0.2
    #: Local-search steps per restart, per card.
    steps_per_card: int = 400

    # --- the searches' own knobs ----------------------------------------------------------------
    #: The next card of the embedding search is the one with fewest ways on among this many.
    fail_first_window: int = 6
    #: The search from the few kind is asked only with at most this many cards of the few kind...
    few_cards: int = 8
    #: ... and shapes within this many Tricks of the kinds bound.
    few_slack: int = 3
    #: Few cards with at most this many partners are placed first.
    low_partners: int = 2
    #: The tiling search tries at most this many shapes when n is not a rectangle's area.
    max_shapes: int = 12
    #: Tiling restart i gets this many times the i-th Luby number of nodes.
    restart_unit: int = 200
    #: Near-ties of the tiling search's card order are broken with up to this much noise.
    noise: float = 2.0
    #: How many partners' neighbourhoods a local-search move looks at for a new cell.
    relocate_width: int = 6
    #: How many tied placements the greedy step looks ahead for.
    lookahead_width: int = 12
    #: With ``every_card_matched``: repair moves per card for a layout grown without the rule.
    repair_steps: int = 20
    #: The greedy phase's starts: the start cards' count over the network's size...
    greedy_start_cards: int = 300
    #: ... but at least this many...
    greedy_least_starts: int = 2
    #: ... and at most this many (times the effort).
    greedy_most_starts: int = 12
    #: The local search after the greedy phase: this many steps per card...
    improve_steps_per_card: int = 200
    #: ... and at most this many (times the effort).
    improve_most_steps: int = 20_000
    #: The annealing's temperature at its first step (in Tricks)...
    anneal_hot: float = 0.8
    #: ... and at its last: lower settles sooner, higher wanders further.
    anneal_cold: float = 0.03
    #: The share of the annealing's steps that move one card (the others swap two).
    anneal_move_share: float = 0.5
    #: ``leave_one_out`` tries this many cards (the fewest partners first)...
    leave_out_cards: int = 8
    #: ... each with at most this many partners.
    leave_out_partners: int = 2

    # --- clocks, seeds and workers ------------------------------------------------------------
    #: Search nodes between two looks at the clock: the embedding search.
    embed_clock_every: int = 2_048
    #: ... the exact search.
    exact_clock_every: int = 2_048
    #: ... the search from the few kind.
    few_kind_clock_every: int = 256
    #: ... the span search.
    span_clock_every: int = 4_096
    #: ... the tiling search.
    tiling_clock_every: int = 256
    #: Annealing steps between two looks at the clock (when it runs against it).
    anneal_clock_every: int = 512
    #: Cells (or edges) a CP-SAT model is built over between two looks at the clock: rarer looks
    #: cost less, commoner ones stop nearer the deadline.
    model_clock_every: int = 64
    #: The least time (seconds) and deterministic work a CP-SAT model is given, so that one asked
    #: at the deadline still answers from its hint rather than not at all.
    least_model_seconds: float = 0.001
    #: A card to add (``verify tricks --add``) is solved in the time the first solve leaves, and
    #: at least this share of the limit: more keeps its answer proven, less keeps the limit.
    least_add_share: float = 0.01
    #: An unproven solve ending this close to its limit (seconds, or this share of it) was
    #: stopped by the clock.
    clock_slack: float = 0.05
    #: The local search's random seed (fixed: repeatable).
    heuristic_seed: int = 20250101
    #: The tiling search's random seed.
    tiling_seed: int = 20261201
    #: CP-SAT's random seed (one worker and a fixed seed make proven answers repeatable).
    cpsat_seed: int = 7
    #: The tiling question's CP-SAT model's seed.
    fill_seed: int = 11
    #: CP-SAT's linearization level (2: its full linear relaxation).
    cpsat_linearization: int = 2
    #: CP-SAT workers per solve: one is repeatable and free of the multi-worker soundness
    #: reports; with more, every OPTIMAL or INFEASIBLE is re-checked by one worker.
    cpsat_workers: int = 1

    # --- the seams ------------------------------------------------------------------------------
    #: The engine's seam sends a network of up to this many cards that the default path leaves
    #: unproven to the exact search as well, with the time left (the name is older than that order).
    exact_first_cards: int = 10
    #: The entry search solves the enlarged network for at most this many seconds first.
    best_first_seconds: float = 10.0


#: What ships.
DEFAULT_SETTINGS = Settings()
