"""Arrangements in pieces seen from the kind with fewer cards: can the cards make ``target``
Tricks when the network may lie in pieces?

Every Trick joins a card of the few kind (f cards) to one of the many kind (m cards). Once the
few cards have their cells, the best the others can do is a matching: each card of the many kind
goes to one cell beside the few cards, where it makes a Trick with every few card around that
cell, and may go there only if it matches every one of them (beside a card of the other kind that
it does not match it would break rule 1); cards of one kind may border freely, and a card beside
none of the few makes no Trick and lies apart. So the search places the few cards, and each
placement's best is a matching, found exactly. The placements are in the shapes that ``shapes``
grows: those whose count of cells leaves room for ``target``.

In one shape the few cards are placed one at a time. Each cell beside the shape keeps the many
cards that match every few card placed around it so far, and only a many card matching at least
as many few cards as the cell has around it can ever lie there. The best matching of the many
cards to those cells, each cell weighing its count of few neighbours, bounds what the shape can
make with the placement so far (placing more only takes cards away from cells); a placement
whose bound falls short of ``target`` is not followed. The few cards with at most ``low_partners``
partners are placed first, each in every cell: around such a card at most that many cells can
hold a card, and the bound sees the loss at once. Then the shape's cells get the other cards in
turn, each next the cell sharing most cells beside it with those already filled.

Where one kind has few cards and the target is close to the kinds bound, this search is small
where the embedding search is large: its placements are of f cards, not of all of them.
"""

from __future__ import annotations

from model.common.errors import OutOfTime
from solver.network.bounds import SIDES, beside_bound
from solver.network.nodes import NodeBudget, count_nodes
from solver.network.problem import STEPS, Cell, Layout, Problem, apart_layout, layout_is_legal
from solver.network.settings import DEFAULT_SETTINGS, Settings
from solver.network.shapes import Shape, shapes


def _kinds(problem: Problem) -> tuple[list[int], list[int]]:
    """The matched cards of the kind with fewer of them, then of the other (Supporters first
    when even)."""
    matched = [i for i in range(problem.size) if problem.partners[i]]
    supporters = [i for i in matched if not problem.is_event[i]]
    events = [i for i in matched if problem.is_event[i]]
    return (supporters, events) if len(supporters) <= len(events) else (events, supporters)


def few_kind_fits(problem: Problem, target: int, settings: Settings = DEFAULT_SETTINGS) -> bool:
    """True when the search is small enough to ask: at most ``few_cards`` cards of the few kind,
    and shapes within ``few_slack`` of the least count their number can have (the shapes of 8
    cards within 3 are grown in about a quarter of a second, once per process)."""
    few, many = _kinds(problem)
    limit = 4 * len(few) + len(many) - target
    return 0 < len(few) <= settings.few_cards and limit - beside_bound(len(few)) <= settings.few_slack


def few_kind_reach(
    problem: Problem, target: int, deadline: float, node_limit: int | None = None, settings: Settings = DEFAULT_SETTINGS
) -> tuple[bool | None, Layout | None]:
    """True when some arrangement in pieces has at least ``target`` Tricks, with such a layout
    (None when it breaks a rule option the problem carries: ``every_matched``); False when none
    has (so no connected one has either); None when ``deadline`` (time.monotonic) or
    ``node_limit`` nodes came first."""
    few, many = _kinds(problem)
    if target <= 0:
        apart = apart_layout(problem, [{(0, 0): i} for i in range(problem.size)])
        return True, apart if layout_is_legal(problem, apart) else None
    if not few:
        return False, None
    limit = 4 * len(few) + len(many) - target
    cards = _Cards(problem, few, many, settings.low_partners)
    budget = NodeBudget(deadline, node_limit, settings.few_kind_clock_every)
    try:
        for cells, _count in shapes(len(few), limit):
            found = _Fill(cards, cells, target, budget).search()
            if found is not None:
                return True, found if layout_is_legal(problem, found) else None
    except OutOfTime:
        return None, None
    finally:
        count_nodes(budget.nodes)
    return False, None


class _Cards:
    """The two kinds' cards and who matches whom, as bits, the same for every shape."""

    def __init__(self, problem: Problem, few: list[int], many: list[int], low_partners: int) -> None:
        self.problem = problem
        self.few = few
        self.many = many
        many_index = {card: k for k, card in enumerate(many)}
        #: Per few card (by index), its partners among the many (bit k: many[k]).
        self.partner_bits = [sum(1 << many_index[p] for p in problem.partners[card]) for card in few]
        few_set = set(few)
        counts = [sum(p in few_set for p in problem.partners[card]) for card in many]
        #: Per count w of few neighbours, the many cards matching at least w few cards (bits):
        #: only those may lie in a cell beside w of them.
        self.eligible = [sum(1 << k for k, n in enumerate(counts) if n >= w) for w in range(SIDES + 1)]
        #: The few cards placed first, those with fewest partners first (indices into ``few``).
        self.first = sorted(
            (i for i in range(len(few)) if self.partner_bits[i].bit_count() <= low_partners),
            key=lambda i: (self.partner_bits[i].bit_count(), i),
        )


class _Fill:
    """Every placement of the few cards in one shape that may reach ``target``."""

    def __init__(self, cards: _Cards, cells: Shape, target: int, budget: NodeBudget) -> None:
        self.cards = cards
        self.cells = cells
        self.target = target
        self.budget = budget
        taken = set(cells)
        # The cells beside the shape, and per cell the shape's cells around it (by index).
        beside: dict[Cell, list[int]] = {}
        for k, (r, c) in enumerate(cells):
            for dr, dc in STEPS:
                side = (r + dr, c + dc)
                if side not in taken:
                    beside.setdefault(side, []).append(k)
        self.spots = sorted(beside)
        around = [beside[spot] for spot in self.spots]
        self.weight = [len(members) for members in around]
        #: Per shape cell, the beside cells next to it.
        self.next_to = [[s for s, members in enumerate(around) if k in members] for k in range(len(cells))]
        #: Per beside cell, the many cards that may lie there: they match every few card placed
        #: around it so far and at least as many few cards as the cell has around it.
        self.open_to = [cards.eligible[w] for w in self.weight]
        self.heaviest_first = sorted(range(len(self.spots)), key=lambda s: -self.weight[s])
        #: The steps: a few card to place in every free cell, or a cell to give every card left.
        self.plan = [(True, i) for i in cards.first] + [(False, k) for k in _fill_order(len(cells), around)]
        self.placed: list[int | None] = [None] * len(cells)  # per shape cell, its few card's index
        self.used = [False] * len(cards.few)

    def search(self) -> Layout | None:
        """The layout of the first placement reaching ``target``, or None."""
        if _matched(self.heaviest_first, self.weight, self.open_to, len(self.cards.many), self.target) is None:
            return None
        return self._step(0)

    def _step(self, step: int) -> Layout | None:
        while step < len(self.plan) and not self.plan[step][0] and self.placed[self.plan[step][1]] is not None:
            step += 1  # (a cell a few card of ``first`` already took)
        self.budget.tick()
        if step == len(self.plan):
            return self._layout()
        is_card, which = self.plan[step]
        if is_card:
            for k in range(len(self.cells)):
                if self.placed[k] is None:
                    found = self._place(step, which, k)
                    if found is not None:
                        return found
        else:
            for index in range(len(self.cards.few)):
                if not self.used[index]:
                    found = self._place(step, index, which)
                    if found is not None:
                        return found
        return None

    def _place(self, step: int, index: int, k: int) -> Layout | None:
        """Few card ``index`` in shape cell ``k``, then the steps after ``step``."""
        bits = self.cards.partner_bits[index]
        open_to = self.open_to
        touched = self.next_to[k]
        saved = [open_to[s] for s in touched]
        for s in touched:
            open_to[s] &= bits
        found = None
        if _matched(self.heaviest_first, self.weight, open_to, len(self.cards.many), self.target) is not None:
            self.placed[k], self.used[index] = index, True
            found = self._step(step + 1)
            self.placed[k], self.used[index] = None, False
        for s, before in zip(touched, saved, strict=True):
            open_to[s] = before
        return found

    def _layout(self) -> Layout | None:
        """With every few card placed, the best matching as a layout when it reaches ``target``."""
        held = _matched(self.heaviest_first, self.weight, self.open_to, len(self.cards.many), self.target)
        if held is None:
            return None
        few, many = self.cards.few, self.cards.many
        layout: Layout = {
            cell: few[index] for cell, index in zip(self.cells, self.placed, strict=True) if index is not None
        }
        for spot, k in held.items():
            layout[self.spots[spot]] = many[k]
        placed = set(layout.values())
        rest = [{(0, 0): i} for i in range(self.cards.problem.size) if i not in placed]
        return apart_layout(self.cards.problem, [layout, *rest])


def _fill_order(size: int, around: list[list[int]]) -> list[int]:
    """The shape's cells in the order they get cards: each next the one sharing most beside
    cells with those before it (so that beside cells are closed, and die, early)."""
    shared = [[0] * size for _ in range(size)]
    for members in around:
        for i in members:
            for j in members:
                if i != j:
                    shared[i][j] += 1
    order = [max(range(size), key=lambda i: (sum(shared[i]), -i))]
    while len(order) < size:
        left = [i for i in range(size) if i not in order]
        order.append(max(left, key=lambda i: (sum(shared[i][j] for j in order), sum(shared[i]), -i)))
    return order


def _matched(
    heaviest_first: list[int], weight: list[int], open_to: list[int], m: int, target: int
) -> dict[int, int] | None:
    """A matching of the m many cards (bits of ``open_to``) to the cells beside the few, each cell
    weighing its count of few neighbours, that reaches ``target``: per cell held, its card; None
    when the best falls short. The cells are taken heaviest first, each kept when an augmenting
    path still holds every cell kept (the greedy is exact for weights on one side), and the
    search stops once the total reaches ``target`` or the cards left cannot bring it there."""
    holder = [-1] * m  # per many card, the cell it holds
    unheld = (1 << m) - 1
    seen = 0

    def augment(spot: int) -> bool:
        nonlocal seen, unheld
        options = open_to[spot] & ~seen
        free = options & unheld
        if free:
            low = free & -free
            holder[low.bit_length() - 1] = spot
            unheld ^= low
            return True
        while options:
            low = options & -options
            seen |= low
            card = low.bit_length() - 1
            if augment(holder[card]):
                holder[card] = spot
                return True
            options &= ~seen
        return False

    total = matched = 0
    for spot in heaviest_first:
        if total >= target:
            break
        if not open_to[spot]:
            continue
        # The cells after this one weigh at most as much, and each takes one card.
        if total + (m - matched) * weight[spot] < target:
            return None
        seen = 0
        if augment(spot):
            total += weight[spot]
            matched += 1
    if total < target:
        return None
    return {spot: card for card, spot in enumerate(holder) if spot >= 0}
