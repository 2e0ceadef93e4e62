"""The Locked Network checker against the rulebook's own grid example."""

import pytest

from model.whitehouse.network.arrangement import (
    Arrangement,
    ArrangementError,
    CardRef,
    Event,
    Network,
    Placement,
    Supporter,
    TricksRules,
    check_arrangement,
    entry_cells,
    pieces,
)

S = lambda i: CardRef("supporter", i)  # noqa: E731
E = lambda i: CardRef("event", i)  # noqa: E731

# "S1 is a Supporter with two matching Events: E1 above it and E2 to its right ...
#  A second Supporter, S2, also matches E2."
RULEBOOK = Network(
    (Supporter(1, "S1"), Supporter(2, "S2")),
    (Event("E1", frozenset({1})), Event("E2", frozenset({1, 2}))),
)
PLAIN = Arrangement((Placement(E("E1"), 0, 0), Placement(S(1), 1, 0), Placement(E("E2"), 1, 1)))


def with_s2(row, col):
    return Arrangement(PLAIN.placements + (Placement(S(2), row, col),))


@pytest.mark.parametrize("cell", [(1, 2), (2, 1)])
def test_s2_right_of_or_below_e2_is_legal_with_three_tricks(cell):
    report = check_arrangement(RULEBOOK, with_s2(*cell))
    assert report.legal and report.tricks == 3 and report.violations == ()


def test_s2_on_top_of_e2_borders_e1_which_does_not_list_it():
    report = check_arrangement(RULEBOOK, with_s2(0, 1))
    assert not report.legal
    assert report.tricks == 3
    assert report.violations == (
        "Supporter 2 (S2) at row 0 col 1 borders Event E1 at row 0 col 0, which does not list it",
    )


def test_entry_cells_answer_the_rulebook_question():
    cells = {(e.row, e.col): e.tricks for e in entry_cells(RULEBOOK, PLAIN, S(2))}
    assert cells[(1, 2)] == 3 and cells[(2, 1)] == 3
    assert (0, 1) not in cells


def test_pieces_are_reported_when_connected_is_on_only():
    far = with_s2(5, 5)
    assert not check_arrangement(RULEBOOK, far).legal
    assert "2 pieces" in check_arrangement(RULEBOOK, far).violations[0]
    assert check_arrangement(RULEBOOK, far, TricksRules(connected=False)).legal


def test_incomplete_arrangements_are_not_verdicts():
    with pytest.raises(ArrangementError, match="not placed"):
        check_arrangement(RULEBOOK, PLAIN)
    with pytest.raises(ArrangementError, match="already holds"):
        check_arrangement(RULEBOOK, with_s2(1, 1))


def test_pieces_of_cells():
    assert pieces({(0, 0), (0, 1), (2, 2), (1, 1)}) == [[(0, 0), (0, 1), (1, 1)], [(2, 2)]]


def test_duplicate_ids_are_refused():
    with pytest.raises(ValueError):
        Network((Supporter(1), Supporter(1)), ())


def test_every_card_matched_reports_a_card_without_a_matching_border():
    below_s1 = with_s2(2, 0)
    assert check_arrangement(RULEBOOK, below_s1).legal
    report = check_arrangement(RULEBOOK, below_s1, TricksRules(every_card_matched=True))
    assert not report.legal
    assert report.violations == ("Supporter 2 (S2) at row 2 col 0 borders no card it matches",)
    assert check_arrangement(RULEBOOK, with_s2(1, 2), TricksRules(every_card_matched=True)).legal


def test_every_card_matched_keeps_only_entry_cells_beside_a_match():
    plain = {(e.row, e.col) for e in entry_cells(RULEBOOK, PLAIN, S(2))}
    matched = {(e.row, e.col) for e in entry_cells(RULEBOOK, PLAIN, S(2), TricksRules(every_card_matched=True))}
    assert matched == {(1, 2), (2, 1)} and matched < plain


def test_without_card_undoes_with_card():
    added = RULEBOOK.with_card(Event("E9", frozenset({2})))
    assert added.without_card(E("E9")) == RULEBOOK
    assert RULEBOOK.without_card(S(2)).supporters == (Supporter(1, "S1"),)
