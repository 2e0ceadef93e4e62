"""An upper bound by embedding the match graph: can the cards, allowed in several pieces, make
at least t Tricks?

Every Trick is an edge of the match graph (a Supporter and an Event that lists it) laid edge to
edge. With m matching pairs, t Tricks leave at most m - t pairs apart. This search lays the
matched cards out one at a time, in breadth-first order of the match graph, each either beside
a partner already laid or as the first card of a new piece, and gives up a branch as soon as more
than m - t pairs are certainly apart. Cards with no partner never make a Trick and are left out.

Its answer "no" is a proof for every rule set: a legal connected arrangement is in particular an
arrangement in pieces. With rule option ``every_card_matched`` (the problem carries it) the search
answers for arrangements that keep it: a card borders a partner only within its own piece, so a
branch ends where a card has given up every partner, and a leaf counts only where every card
borders one. When the gap between the best arrangement found and the cheap bound is
one or two Tricks, the search is small (few pairs may be left apart), which is exactly where the
CP-SAT models struggle to prove the last Trick.

With ``connected`` it answers for connected arrangements only. In an arrangement that follows a
branch of the search, the search's pieces are exactly the groups of cards joined by Tricks, each
laid as in the arrangement; in one connected network the pieces (and the cards without any
partner, left out of the search) must border each other, and a border that is not a Trick joins
two cards of one kind (a Supporter and an Event that border match, and would make a Trick). So
when every card is laid, each piece needs a card with a free side that a card of the same kind in
another piece also has (or a partnerless card of its kind to lean on), and the pieces linked that
way must form one whole: otherwise the branch holds no connected arrangement.
"""

from __future__ import annotations

import time
from collections import deque
from functools import cache

from model.common.errors import OutOfTime
from solver.network.nodes import count_nodes
from solver.network.problem import (
    Cell,
    Layout,
    Problem,
    apart_layout,
    is_connected,
    layout_is_legal,
    layout_tricks,
)
from solver.network.settings import DEFAULT_SETTINGS, Settings

#: Inside the search a cell is one number, (row + _SHIFT) * _WIDTH + column + _SHIFT: its sides
#: are then sums, and a dict keyed by an int is looked up faster than one keyed by a tuple (the
#: search looks up millions). A piece of at most MAX_CARDS (100) cards grown from (0, 0) stays
#: within _SHIFT rows and columns of it.
_WIDTH = 256
_SHIFT = 128
_ORIGIN = _SHIFT * _WIDTH + _SHIFT
#: A cell number is below _WIDTH * _WIDTH = 2 ** 16: a piece and a cell make one key.
_CELL_BITS = 16
#: The first cell of row 0: a cell below it lies above row 0.
_ROW_ZERO = _SHIFT * _WIDTH
#: The steps to the four sides, in ``_sides``'s order (up, down, left, right).
_STEPS = (-_WIDTH, _WIDTH, -1, 1)


def _cell(number: int) -> Cell:
    """The (row, column) of a cell numbered as in the search."""
    row, col = divmod(number, _WIDTH)
    return (row - _SHIFT, col - _SHIFT)


def _board(board: dict[int, int]) -> dict[Cell, int]:
    """A piece of the search with its cells as (row, column)."""
    return {_cell(number): card for number, card in board.items()}


@cache
def _sides(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells beside ``cell`` (cached: the search asks for the same few cells millions of
    times)."""
    row, col = cell
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


def _order(problem: Problem, matched: list[int]) -> list[int]:
    """Breadth-first order over the match graph, each component from its busiest card."""
    left = set(matched)
    order: list[int] = []
    while left:
        start = max(sorted(left), key=lambda i: len(problem.partners[i]))
        left.discard(start)
        queue = deque([start])
        while queue:
            card = queue.popleft()
            order.append(card)
            for other in sorted(problem.partners[card], key=lambda j: -len(problem.partners[j])):
                if other in left:
                    left.discard(other)
                    queue.append(other)
    return order


def _pieces_can_join(problem: Problem, boards: list[dict[int, int]], loners: tuple[bool, bool]) -> bool:
    """True unless the pieces laid provably cannot be one connected network (see the module's
    text): pieces are linked when both hold a card of one kind with a free side; the partnerless
    cards of a kind (``loners``: Supporters, Events) link every piece with such a free side."""
    if len(boards) <= 1 and not any(loners):
        return True
    # Per piece, the kinds (0: Supporter, 1: Event) of its cards with a free side.
    open_kinds: list[set[int]] = []
    for board in boards:
        kinds: set[int] = set()
        for cell, card in board.items():
            kind = 1 if problem.is_event[card] else 0
            if kind not in kinds and any(cell + step not in board for step in _STEPS):
                kinds.add(kind)
        open_kinds.append(kinds)
    # Nodes: the pieces, then one per kind with partnerless cards; linked through the kinds.
    hubs = [kind for kind in (0, 1) if loners[kind]]
    nodes = len(boards) + len(hubs)
    if nodes <= 1:
        return True
    reached = {0} if boards else {len(boards)}
    frontier = list(reached)
    # A piece with a free side of kind k reaches every other such piece and kind k's hub.
    while frontier:
        node = frontier.pop()
        kinds = open_kinds[node] if node < len(boards) else {hubs[node - len(boards)]}
        for other in range(nodes):
            if other in reached:
                continue
            other_kinds = open_kinds[other] if other < len(boards) else {hubs[other - len(boards)]}
            if kinds & other_kinds:
                reached.add(other)
                frontier.append(other)
    return len(reached) == nodes


def pieces_reach(
    problem: Problem,
    target: int,
    deadline: float,
    node_limit: int | None = None,
    connected: bool = False,
    settings: Settings = DEFAULT_SETTINGS,
) -> bool | None:
    """True when some arrangement of the cards, each piece legal, has at least ``target``
    Tricks; False when none has; None when ``deadline`` (time.monotonic) or ``node_limit``
    search nodes came first (a node limit keeps the answer the same on every machine). With
    ``connected``, True only for layouts whose pieces may join into one network (see the
    module's text): False then also refutes connected arrangements only."""
    return _embed(problem, target, deadline, node_limit, connected, one=False, settings=settings)[0]


def pieces_layout(
    problem: Problem, target: int, deadline: float, node_limit: int | None = None, settings: Settings = DEFAULT_SETTINGS
) -> tuple[bool | None, Layout | None]:
    """``pieces_reach``'s answer and, when it is True, the layout it reached: its pieces set
    apart, each card without a partner on its own. The layout is None when it breaks a rule
    option the problem carries (``every_matched``: a card laid with none of its partners beside
    it), so True may come without one."""
    return _embed(problem, target, deadline, node_limit, connected=False, one=False, record=True, settings=settings)


def one_piece(
    problem: Problem, target: int, deadline: float, node_limit: int, settings: Settings = DEFAULT_SETTINGS
) -> Layout | None:
    """A connected legal layout of every card with at least ``target`` Tricks, built by the same
    search kept to one piece, or None (no such layout, or ``node_limit`` or ``deadline`` came
    first). Where few pairs may lie apart this search is small: the bound met this way is met by
    a layout, and so proven. The cards without a partner go last, each beside cards of its own
    kind only; a layout that breaks a rule option the problem carries is passed over."""
    return _embed(problem, target, deadline, node_limit, connected=True, one=True, settings=settings)[1]


def _with_loners(problem: Problem, board: dict[Cell, int], loners: list[int]) -> Layout | None:
    """``board`` with each partnerless card added beside cards of its own kind only (such a
    card makes no Trick, and beside the other kind it would break rule 1), first free cell in
    sorted order; None when one finds no such cell."""
    layout = dict(board)
    for card in loners:
        kind = problem.is_event[card]
        spots = sorted(
            {
                side
                for cell in layout
                for side in _sides(cell)
                if side not in layout
                and all(problem.is_event[layout[n]] == kind for n in _sides(side) if n in layout)
            }
        )
        if not spots:
            return None
        layout[spots[0]] = card
    return layout


def _all_beside_a_partner(boards: list[dict[int, int]], partner_bits: list[int]) -> bool:
    """True when every card laid on ``boards`` borders a partner (rule option
    ``every_card_matched``; a card borders only cards of its own piece)."""
    for board in boards:
        for cell, card in board.items():
            if not any(partner_bits[card] >> board[cell + step] & 1 for step in _STEPS if cell + step in board):
                return False
    return True


def _embed(
    problem: Problem,
    target: int,
    deadline: float,
    node_limit: int | None,
    connected: bool,
    one: bool,
    record: bool = False,
    settings: Settings = DEFAULT_SETTINGS,
) -> tuple[bool | None, Layout | None]:
    """``pieces_reach``'s search; with ``one``, kept to one piece and giving the layout found;
    with ``record``, giving the layout in pieces it reached (if it keeps the rules)."""
    pairs = problem.pair_count()
    budget = pairs - target
    if budget < 0:
        return False, None
    matched = [i for i in range(problem.size) if problem.partners[i]]
    unmatched = [i for i in range(problem.size) if not problem.partners[i]]
    if problem.every_matched and unmatched:
        return False, None  # a card without a partner borders none
    # Per kind (Supporters, Events): whether some card of it has no partner.
    loners = (any(not problem.is_event[i] for i in unmatched), any(problem.is_event[i] for i in unmatched))
    order = _order(problem, matched)
    kept: list[Layout] = []
    clock_every, window = settings.embed_clock_every, settings.fail_first_window

    def _keep(layout: Layout | None, joined: bool) -> bool:
        # The checker's rules, not the search's: legal, connected if ``joined``, the rule options,
        # the target.
        if (layout is None or (joined and not is_connected(layout)) or not layout_is_legal(problem, layout)
                or layout_tricks(problem, layout) < target):
            return False
        kept.append(layout)
        return True

    # Cells numbered (``_cell``): each card laid, its piece and cell; each piece, its cards;
    # and per piece, for each cell beside a card, the cards beside it (bit c: card c).
    position: dict[int, tuple[int, int]] = {}
    boards: list[dict[int, int]] = []
    beside_cards: list[dict[int, int]] = []
    # Per piece, its cards off row 0 (none: the piece is still one row).
    off_row = [0] * problem.size
    # Sets of cards as bits (bit c: card c), the innermost loops' currency: the cards laid; per
    # card, its partners, the cards it may not border (the other kind, not matching), and the
    # partners it has given up: pairs already counted as apart, from both ends (a card put off,
    # see below, pays for every partner laid so far, at once).
    laid_cards = 0
    partner_bits = [sum(1 << j for j in problem.partners[i]) for i in range(problem.size)]
    compatible = problem.compatible
    clash_bits = [
        sum(1 << j for j in range(problem.size) if not compatible(i, j)) for i in range(problem.size)
    ]
    given_up = [0] * problem.size
    nodes = [0]
    partners = problem.partners

    def unpaid_laid(card: int) -> list[int]:
        gone = given_up[card]
        return [p for p in partners[card] if p in position and not gone >> p & 1]

    # Kept up to date as cards are laid and put off, for ``forced_apart`` (the innermost loop):
    # per laid card, its partners still to come (unlaid, not given up) and its free sides; per
    # unlaid card, its partners laid and not given up.
    pending = [0] * problem.size
    free = [0] * problem.size
    count = [0] * problem.size
    # And their sums, for the first two looks of ``forced_apart``: over the laid cards, partners
    # to come beyond free sides; over the unlaid ones, laid partners beyond the first.
    over_total = 0
    excess = 0

    def forced_apart(room: int) -> int:
        # Pairs of a laid and an unlaid card that must lie apart, counted two ways (the larger
        # count holds): a laid card with more partners to come than free sides leaves the rest
        # apart; an unlaid card borders from one cell at most the laid partners around that cell.
        # Stops counting once the count exceeds ``room``.
        by_laid = over_total
        if by_laid > room or excess <= room:
            return by_laid  # (with ``excess`` within ``room``, the second count is too)
        by_unlaid = 0
        for card in order:
            wanted = count[card]
            if wanted < 2 or card in position:
                continue
            laid = partner_bits[card] & laid_cards & ~given_up[card]
            best = 0
            bad = clash_bits[card]
            rest = laid
            while rest:
                low = rest & -rest
                rest ^= low
                piece, anchor = position[low.bit_length() - 1]
                board = boards[piece]
                around = beside_cards[piece]
                for step in _STEPS:
                    cell = anchor + step
                    if cell in board:
                        continue
                    near = around[cell]
                    if near & bad:
                        continue
                    covered = (near & laid).bit_count()
                    if covered > best:
                        best = covered
                if best == wanted:
                    break
            by_unlaid += wanted - best
            if by_unlaid > room:
                break
        return by_laid if by_laid > by_unlaid else by_unlaid

    def lay(card: int, piece: int, cell: int, apart: int) -> bool:
        nonlocal laid_cards, over_total, excess
        board = boards[piece]
        around = beside_cards[piece]
        gone = given_up[card]
        saved_over, saved_excess = over_total, excess
        if count[card] > 1:
            excess -= count[card] - 1
        to_come = 0
        for p in partners[card]:
            if gone >> p & 1:
                continue
            if p in position:
                if pending[p] > free[p]:
                    over_total -= 1
                pending[p] -= 1
            else:
                to_come += 1
                if count[p] > 0:
                    excess += 1
                count[p] += 1
        pending[card] = to_come
        taken = 0
        bit = 1 << card
        for step in _STEPS:
            side = cell + step
            around[side] = around.get(side, 0) | bit
            other = board.get(side)
            if other is not None:
                if pending[other] >= free[other]:
                    over_total += 1
                free[other] -= 1
                taken += 1
        free[card] = 4 - taken
        if to_come > free[card]:
            over_total += to_come - free[card]
        board[cell] = card
        position[card] = (piece, cell)
        laid_cards |= bit
        off = not _ROW_ZERO <= cell < _ROW_ZERO + _WIDTH
        off_row[piece] += off
        if search(apart):
            return True
        off_row[piece] -= off
        laid_cards ^= bit
        over_total, excess = saved_over, saved_excess
        del board[cell]
        del position[card]
        for step in _STEPS:
            side = cell + step
            around[side] ^= bit
            other = board.get(side)
            if other is not None:
                free[other] += 1
        for p in partners[card]:
            if gone >> p & 1:
                continue
            if p in position:
                pending[p] += 1
            else:
                count[p] -= 1
        return False

    def search(apart: int) -> bool:
        nonlocal over_total, excess
        nodes[0] += 1
        if node_limit is not None and nodes[0] > node_limit:
            raise OutOfTime
        if nodes[0] % clock_every == 0 and time.monotonic() > deadline:
            raise OutOfTime
        if apart + forced_apart(budget - apart) > budget:
            return False
        if len(position) == len(order):
            # A guard: the put-off cut below already keeps every card a partner it can border,
            # and a card laid beside none starts a piece whose next card is its partner beside
            # it, so this is never reached. A "yes" must never rest on that argument alone.
            if problem.every_matched and not _all_beside_a_partner(boards, partner_bits):
                return False
            if one:
                return _keep(_with_loners(problem, _board(boards[0]), unmatched) if boards else None, joined=True)
            if record:
                # The answer stays True whether or not the layout keeps every rule option.
                pieces = [_board(b) for b in boards] + [{(0, 0): c} for c in unmatched]
                _keep(apart_layout(problem, pieces), joined=False)
            return not connected or _pieces_can_join(problem, boards, loners)
        # Of the cards with a laid partner they have not given up, the one with the fewest
        # ways on (fail first): each goes beside one of those partners, or is put off (it will
        # border none of them: those pairs are apart from now on).
        chosen: tuple[int, list[int], list[tuple[int, int, int]], bool] | None = None
        looked = 0
        first_left = -1
        for card in order:
            if card in position:
                continue
            if first_left < 0:
                first_left = card
            if not count[card]:
                continue  # (its laid partners not given up: none)
            laid = unpaid_laid(card)
            looked += 1
            if looked > window:
                break
            options = placements(card, laid, apart)
            put_off = apart + len(laid) <= budget
            if chosen is None or len(options) + put_off < len(chosen[2]) + chosen[3]:
                chosen = (card, laid, options, put_off)
                if len(options) + put_off <= 1:
                    break
        if chosen is None:
            if one and boards:
                return False  # kept to one piece: every card goes beside a laid partner
            # Nothing left to lay beside the pieces: the first card left starts a new piece.
            boards.append({})
            beside_cards.append({})
            found = lay(first_left, len(boards) - 1, _ORIGIN, apart)
            boards.pop()
            beside_cards.pop()
            return found
        card, laid, options, put_off = chosen
        for cost, piece, cell in options:
            if lay(card, piece, cell, apart + cost):
                return True
        if put_off and problem.every_matched:
            gives_up = sum(1 << p for p in laid)
            if (given_up[card] | gives_up) == partner_bits[card] or any(
                (given_up[p] | 1 << card) == partner_bits[p] for p in laid
            ):
                put_off = False  # a card would give up every partner: it could border none
        if put_off:
            saved_over, saved_excess = over_total, excess
            for p in laid:
                given_up[card] |= 1 << p
                given_up[p] |= 1 << card
                if pending[p] > free[p]:
                    over_total -= 1
                pending[p] -= 1
            # (An unlaid card put off has a laid partner: count >= 1 before, 0 after.)
            excess -= count[card] - 1
            count[card] -= len(laid)
            if search(apart + len(laid)):
                return True
            for p in laid:
                given_up[card] ^= 1 << p
                given_up[p] ^= 1 << card
                pending[p] += 1
            count[card] += len(laid)
            over_total, excess = saved_over, saved_excess
        return False

    def placements(card: int, laid: list[int], apart: int) -> list[tuple[int, int, int]]:
        """The cells beside a laid partner where ``card`` may go within the budget, as
        (pairs newly apart, piece, cell)."""
        found = []
        tried: set[int] = set()  # piece * 2**16 + cell
        bad = clash_bits[card]
        laid_bits = partner_bits[card] & laid_cards & ~given_up[card]  # ``laid``'s bits
        for partner in laid:
            piece, anchor = position[partner]
            board = boards[piece]
            around = beside_cards[piece]
            for step in _STEPS:
                cell = anchor + step
                key = piece << _CELL_BITS | cell
                if cell in board or key in tried:
                    continue
                tried.add(key)
                if len(board) == 1 and step != 1:
                    continue  # a piece of one card: the second goes to its right (rotations)
                if cell < _ROW_ZERO:
                    if not off_row[piece]:
                        continue  # while the piece is one row, the first card off it goes below (mirror)
                near = around[cell]
                if near & bad:
                    continue
                cost = len(laid) - (near & laid_bits).bit_count()
                if apart + cost <= budget:
                    found.append((cost, piece, cell))
        return found

    try:
        return search(0), (kept[0] if kept else None)
    except OutOfTime:
        return None, None
    finally:
        count_nodes(nodes[0])
