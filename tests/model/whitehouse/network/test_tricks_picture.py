"""The Locked Network drawing: every card drawn under a label of its own, in the text and in
the SVG alike; names cut at a word boundary with the full text on hover; cards as wide as their
labels; the text answer's words in the picture."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from svg_check import PHONE_WIDTH, layout_problems, missing, render, texts, titles

from model.common.status import Status
from model.common.svg import shorten, text_width
from model.whitehouse.network.answer import AddAnswer, TricksAnswer, TricksSolution
from model.whitehouse.network.arrangement import (
    EVENT,
    SUPPORTER,
    Arrangement,
    CardRef,
    Entry,
    Event,
    Network,
    Placement,
    Supporter,
    TricksRules,
    check_arrangement,
)
from model.whitehouse.network.io import TricksQuestion
from model.whitehouse.network.report import UNICODE, arrangement_lines, card_labels, render_svg, render_text


def _answer(network: Network, layout: Arrangement, add: AddAnswer | None = None) -> TricksAnswer:
    tricks = check_arrangement(network, layout).tricks
    sol = TricksSolution(Status.OPTIMAL, tricks, tricks, layout, None, "cp-sat", 0.1)
    question = TricksQuestion("net.json", network, TricksRules(), None, layout, None if add is None else add.card)
    return TricksAnswer(question, sol, None, check_arrangement(network, layout), add)


def _row(network: Network) -> Arrangement:
    return Arrangement(tuple(Placement(card, 0, col) for col, card in enumerate(network.cards())))


# --- distinct labels -------------------------------------------------------------------------

#: Event IDs chosen to collide with each other's and the Supporters' usual labels.
EVENT_IDS = st.sampled_from(
    [1, 2, 12, 500, "E1", "E2", "E12", "E500", "S1", "S12", "S500", "1", "12", '"E1"', " E1", "E1 ", "e1", "500"]
)


@st.composite
def networks(draw: st.DrawFn) -> Network:
    supporters = draw(st.lists(st.sampled_from([1, 2, 12, 500]), unique=True, max_size=4))
    ids = draw(st.lists(EVENT_IDS, unique_by=str, max_size=6))
    return Network(tuple(Supporter(s) for s in supporters), tuple(Event(e, frozenset()) for e in ids))


@given(networks())
def test_distinct_cards_are_drawn_distinctly(network):
    labels = card_labels(network)
    assert len(set(labels.values())) == len(labels)
    if not labels:
        return
    # The grid draws those labels, and so does the SVG.
    grid = "\n".join(arrangement_lines(network, _row(network), UNICODE))
    drawn = re.findall(r"│ ([^\s│][^│]*?) *(?=│)", grid)
    assert sorted(drawn) == sorted(labels.values())
    svg = render_svg(_answer(network, _row(network)))
    assert set(labels.values()) <= set(texts(svg))


def test_an_event_500_and_an_event_e500_look_different():
    network = Network((Supporter(500),), (Event(500, frozenset({500})), Event("E500", frozenset({500}))))
    labels = card_labels(network)
    assert labels[CardRef(EVENT, 500)] == "E500"
    assert labels[CardRef(EVENT, "E500")] == '"E500"'
    assert labels[CardRef(SUPPORTER, 500)] == "S500"
    text = render_text(_answer(network, _row(network)))
    assert "│ E500 " in text and '│ "E500" ' in text


def test_the_usual_labels_are_kept_when_nothing_collides():
    events = (Event("E1", frozenset({1})), Event(7, frozenset({1})), Event("Leak", frozenset()))
    network = Network((Supporter(1),), events)
    assert sorted(card_labels(network).values()) == ["E1", "E7", "Leak", "S1"]


def test_a_card_to_add_is_labelled_with_the_network_it_joins():
    network = Network((Supporter(1),), (Event("S2", frozenset({1})),))
    layout = Arrangement((Placement(CardRef(SUPPORTER, 1), 0, 0), Placement(CardRef(EVENT, "S2"), 0, 1)))
    solution = TricksSolution(Status.OPTIMAL, 1, 1, layout, None, "bound", 0.1)
    add = AddAnswer(Supporter(2), (Entry(1, 0, 1),), solution)
    answer = _answer(network, layout, add)
    text, svg = render_text(answer), render_svg(answer)
    assert '│ "S2" ' in text and "╎ S2 " in text
    assert {'"S2"', "S2"} <= set(texts(svg))


# --- names and sizes -------------------------------------------------------------------------


def test_names_are_cut_at_a_word_boundary():
    assert shorten("Chief of Staff", 14) == "Chief of Staff"
    assert shorten("Deputy Chief of Staff", 14) == "Deputy Chief…"
    assert shorten("Supercalifragilistic", 14) == "Supercalifrag…"
    assert shorten("Deputy Chief of Staff", 14, "...") == "Deputy..."


def test_a_long_name_is_cut_in_both_drawings_and_whole_on_hover():
    name = "Deputy Assistant to the Chief of Staff"
    network = Network((Supporter(3, name),), (Event("A very long event identifier, forty ch", frozenset({3})),))
    answer = _answer(network, _row(network))
    svg = render_svg(answer)
    render(svg)
    assert "Deputy…" in texts(svg) and "│ Deputy…" in render_text(answer)
    assert any(name in title for title in titles(svg))
    # The long ID is drawn whole, inside its card and inside the picture: a phone's width, the
    # grid drawn smaller to fit it.
    assert "A very long event identifier, forty ch" in texts(svg)
    width = float(re.search(r'width="(\d+)"', svg).group(1))
    cards = [float(w) for w in re.findall(r'<rect x="[^"]+" y="[^"]+" width="([^"]+)" height="56"', svg)]
    assert cards and min(cards) >= text_width("A very long event identifier, forty ch", 15, True)
    assert width == PHONE_WIDTH < 16 + max(cards) * 2
    assert layout_problems(svg) == []


def test_names_and_ids_from_the_file_are_escaped():
    network = Network((Supporter(1, 'A & B <c> "d"'),), (Event("<E&1>", frozenset({1})),))
    svg = render_svg(_answer(network, _row(network)))
    render(svg)
    assert 'A & B <c> "d"' in texts(svg) and "<E&1>" in texts(svg)


# --- the picture says what the text says -----------------------------------------------------


def _words(text: str) -> list[str]:
    """The text answer without its grids: the lines the picture must show."""
    return [
        line for line in text.splitlines()
        if not any(mark in line for mark in "│┌└╎═║×") and not re.fullmatch(r"[\s\d-]*", line)
    ]


def test_the_svg_shows_the_text_answer_with_the_same_rows_columns_and_cards():
    network = Network(
        (Supporter(1), Supporter(2, "Adviser")),
        (Event("E1", frozenset({1})), Event("E2", frozenset({1, 2}))),
    )
    layout = Arrangement(
        (
            Placement(CardRef(EVENT, "E1"), 0, 0),
            Placement(CardRef(SUPPORTER, 2), 0, 1),
            Placement(CardRef(SUPPORTER, 1), 1, 0),
            Placement(CardRef(EVENT, "E2"), 1, 1),
        )
    )
    after = TricksSolution(Status.OPTIMAL, 4, 4, None, None, "bound", 0.1)
    add = AddAnswer(Supporter(9), (Entry(1, -1, 3), Entry(2, 1, 4)), after)
    network_with = Network(network.supporters, network.events + (Event("E9", frozenset({9})),))
    layout_with = Arrangement(layout.placements + (Placement(CardRef(EVENT, "E9"), 0, 2),))
    for answer in (_answer(network, layout), _answer(network_with, layout_with)):
        text, svg = render_text(answer), render_svg(answer)
        render(svg)
        assert missing(svg, _words(text)) == []
        grid_cells = re.findall(r"[│╎] ([^\s│╎][^│╎]*?) *(?=[│╎])", text)
        assert set(grid_cells) <= set(texts(svg))
    # The given arrangement with a card to add: rows and columns numbered as in the text.
    answer = _answer(network, layout, add)
    text, svg = render_text(answer), render_svg(answer)
    render(svg)
    assert missing(svg, _words(text)) == []
    drawn = texts(svg)
    for number in ("-1", "0", "1", "2"):
        assert number in drawn
    assert drawn.count("-> 3") == 1 and drawn.count("-> 4") == 1
    assert "a Trick" in drawn and "a border that breaks the rule" in drawn
    assert any("S9 may enter" in t for t in drawn)
    assert any("may enter at row 1 col -1: 3 Tricks after" in t for t in titles(svg))
