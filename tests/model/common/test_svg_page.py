"""The shared page every picture is drawn on (``model.common.svg.Page``): text indented into a
panel is wrapped as far from the right edge as it is from the left, the next block starts below
the last line's descenders, a key line sits beside its sample, and a scaled group keeps its top
left corner."""

from __future__ import annotations

import re

import pytest
from svg_check import layout_problems

from model.common.svg import DESCENT, KEY_SWATCH, STYLES, Page, rect, scaled, text_width

WORDS = "Ana (red): -18 = 3 in Profile - 5 in hand - 16 in pile - 0 returned Likes, and a few words more"


def _drawn(page: Page) -> list[tuple[float, float, str]]:
    return [(float(x), float(y), content) for x, y, content in
            re.findall(r'<text x="([^"]+)" y="([^"]+)"[^>]*>([^<]*)</text>', "".join(page.body))]


@pytest.mark.parametrize(("content", "style"), [(WORDS, "h2"), ("i " * 120, "small")])
def test_text_indented_into_a_panel_stays_as_far_from_its_right_edge(content, style):
    # Words of "i" fill each line to within less than the indent of its end.
    page = Page(390)
    inner = page.pad + 10
    page.lines(content, style, inner)
    size, bold = STYLES[style]
    lines = _drawn(page)
    assert len(lines) > 2
    for x, _, shown in lines:
        assert x == inner and x + text_width(shown, size, bold) <= page.width - inner


def test_the_next_block_starts_below_the_descenders():
    page = Page(390)
    page.lines("typography", "body")
    (_, baseline, _), = _drawn(page)
    size = STYLES["body"][0]
    assert page.y >= baseline + DESCENT * size + 1


def test_bold_named_in_the_classes_is_measured_bold():
    plain, bold = Page(200), Page(200)
    plain.lines(WORDS, "small")
    bold.lines(WORDS, "small", extra="bold")
    assert len(_drawn(bold)) >= len(_drawn(plain))
    for _, _, content in _drawn(bold):
        assert text_width(content, 12, True) <= 200 - 2 * bold.pad


def test_a_key_line_is_beside_its_sample_and_clear_of_it():
    page = Page(390)
    page.key([rect(page.pad, page.y + 2, KEY_SWATCH, 18, "tile", 3)], "a long meaning " * 6)
    page.key([rect(page.pad, page.y + 2, KEY_SWATCH, 18, "tile", 3)], "short")
    svg = page.svg("a key", "two lines of a key", ".tile{fill:#eee;stroke:#333}")
    assert layout_problems(svg) == []
    assert all(x == page.pad + KEY_SWATCH + 10 for x, _, _ in _drawn(page))


def test_a_scaled_group_keeps_its_top_left_corner():
    group = scaled(['<rect x="10" y="20" width="100" height="50"/>'], 10, 20, 0.5)
    assert group.startswith('<g transform="translate(10 20) scale(0.5) translate(-10 -20)">')
