"""Why no arrangement can keep every card beside a card it matches (rule option
``every_card_matched``), when a count shows it.

If every card borders a card it matches, let each card point at one such neighbour: a card is
pointed at by at most as many cards as it has sides. So some set X of cards, whose partners
N(X) together have fewer than |X| sides, proves the option cannot be met (Hall's condition for
an assignment of each card to a partner, each partner taking at most four). A maximum flow finds
such a set whenever one exists; a card with no partner at all is the smallest case.
"""

from __future__ import annotations

from solver.network.bounds import SIDES
from solver.network.problem import Problem


def _name(problem: Problem, card: int) -> str:
    return f"{'Event' if problem.is_event[card] else 'Supporter'} {problem.cards[card].id}"


def _names(problem: Problem, cards: list[int]) -> str:
    return ", ".join(_name(problem, c) for c in cards)


def why_never_all_matched(problem: Problem) -> str | None:
    """A sentence a player can check, or None when the count allows every card a match."""
    lonely = [i for i in range(problem.size) if not problem.partners[i]]
    if lonely:
        return (
            f"{_name(problem, lonely[0])} matches no card of the network, so it can never border "
            "a card it matches"
        )
    crowd = _hall_violator(problem)
    if crowd is None:
        return None
    partners = sorted({j for i in crowd for j in problem.partners[i]})
    if len(partners) == 1:
        return (
            f"{_name(problem, partners[0])} is the only match of {len(crowd)} cards "
            f"({_names(problem, crowd)}), but it borders at most {SIDES} cards"
        )
    return (
        f"the {len(crowd)} cards {_names(problem, crowd)} match only the {len(partners)} cards "
        f"{_names(problem, partners)}, which border at most {SIDES * len(partners)} cards between them"
    )


def _hall_violator(problem: Problem) -> list[int] | None:
    """Cards X whose partners have fewer than |X| sides in all, or None when there is none."""
    import networkx as nx  # type: ignore[import-untyped]  # networkx ships no types; types-networkx is not installed

    n = problem.size
    graph = nx.DiGraph()
    for i in range(n):
        graph.add_edge("source", ("card", i), capacity=1)
        graph.add_edge(("side", i), "sink", capacity=SIDES)
        for j in problem.partners[i]:
            graph.add_edge(("card", i), ("side", j), capacity=1)
    value, (reachable, _) = nx.minimum_cut(graph, "source", "sink")
    if value >= n:
        return None
    # Cards on the source side with a partner on the sink side leave the set: the cut does not
    # grow, and then every partner of the set is on the source side, so 4 |N(X)| < |X|.
    crowd = [i for i in range(n) if ("card", i) in reachable]
    crowd = [i for i in crowd if all(("side", j) in reachable for j in problem.partners[i])]
    assert SIDES * len({j for i in crowd for j in problem.partners[i]}) < len(crowd)
    return crowd
