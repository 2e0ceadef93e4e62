"""The small SVG vocabulary every game's picture is written with (pure functions, no I/O).

A picture is a whole SVG document of a fixed natural size (its ``viewBox``, laid out for a
phone's width where the content allows) that a page may scale down (``style="max-width:100%"``;
a page that wants the height to follow sets ``height:auto`` itself: cairo draws nothing of a
picture whose own style says so), with a ``<title>`` and a ``<desc>`` for screen readers as its
first children. Every text that came from an input file goes through ``escape``. Layouts are
measured with ``text_width``, a deliberately generous estimate of how wide a sans-serif text is
drawn, so that no text runs past its box or the picture's edge.
"""

from __future__ import annotations

import colorsys
import re
import unicodedata
from collections.abc import Iterable
from html import escape as _html_escape

#: Characters XML 1.0 does not allow at all (even escaped): they are drawn as U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")

#: The widths (in em) of the narrow and the wide Latin characters of a sans-serif font; every
#: other character is taken as ``_OTHER``. Generous on purpose: DejaVu Sans (what most Linux
#: machines draw ``sans-serif`` with) is among the widest.
_NARROW = frozenset(" !'(),-./:;I[]`fijlrt|")
_WIDE = frozenset("MWmw@%")
_UPPER, _DIGIT, _LOWER, _OTHER, _NARROW_EM, _WIDE_EM, _FULL_EM = 0.74, 0.66, 0.63, 0.72, 0.36, 0.95, 1.05
#: Bold text is this much wider.
_BOLD = 1.08

#: The ellipsis that ends a shortened text.
ELLIPSIS = "…"

#: The fonts every picture asks for: what phones, browsers and cairo have.
FONT_FAMILY = "'DejaVu Sans',Verdana,Arial,sans-serif"


def escape(text: object) -> str:
    """``text`` safe inside an XML element or a quoted attribute: ``& < > " '`` escaped,
    characters XML cannot hold at all replaced by U+FFFD."""
    return _html_escape(_NOT_XML.sub("\ufffd", str(text)), quote=True)


def _char_em(char: str) -> float:
    if char in _NARROW:
        return _NARROW_EM
    if char in _WIDE:
        return _WIDE_EM
    if char.isdigit():
        return _DIGIT
    if "a" <= char <= "z":
        return _LOWER
    if "A" <= char <= "Z":
        return _UPPER
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return _FULL_EM
    if unicodedata.combining(char):
        return 0.0
    return _OTHER


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of the drawn width of ``text`` at font size ``size`` (pixels)."""
    width = sum(_char_em(c) for c in text) * size
    return width * _BOLD if bold else width


def shorten(text: str, fits: int, ellipsis: str = ELLIPSIS) -> str:
    """``text`` cut to at most ``fits`` characters, at a word boundary where one is near, ending
    with ``ellipsis``; unchanged when it fits."""
    if len(text) <= fits:
        return text
    room = max(fits - len(ellipsis), 1)
    cut = text[: room + 1]
    space = cut.rfind(" ")
    # A word boundary, unless it would throw away more than half of the room.
    head = cut[:space] if space >= room // 2 else text[:room]
    return (head.rstrip(" ,;:-") or text[:room]) + ellipsis


def shorten_to_width(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` shortened (as ``shorten``) until it is drawn at most ``width`` pixels wide."""
    fits = len(text)
    shown = text
    while fits > 1 and text_width(shown, size, bold) > width:
        fits -= 1
        shown = shorten(text, fits)
    return shown


def attrs(**values: object) -> str:
    """Attributes from keywords (``class_`` for ``class``; underscores become dashes; None is
    left out), each value escaped."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = f"{value:g}" if isinstance(value, float) else value
        out.append(f'{name}="{escape(shown)}"')
    return " ".join(out)


def text(x: float, y: float, content: str, cls: str, anchor: str | None = None, title: str | None = None) -> str:
    """One ``<text>`` element; with ``title`` (the full text of a shortened one) a hover title."""
    inner = escape(content)
    if title is not None and title != content:
        inner = f"<title>{escape(title)}</title>{inner}"
    return f"<text {attrs(x=float(x), y=float(y), class_=cls, text_anchor=anchor)}>{inner}</text>"


def rect(x: float, y: float, width: float, height: float, cls: str, rx: float = 6) -> str:
    shape = attrs(x=float(x), y=float(y), width=float(width), height=float(height), rx=float(rx), class_=cls)
    return f"<rect {shape}/>"


def line(x1: float, y1: float, x2: float, y2: float, cls: str) -> str:
    return f"<line {attrs(x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), class_=cls)}/>"


def scaled(parts: Iterable[str], x: float, y: float, factor: float) -> str:
    """Elements drawn ``factor`` times their size, their top left corner ``(x, y)`` kept."""
    transform = f"translate({x:g} {y:g}) scale({factor:.4g}) translate({-x:g} {-y:g})"
    return f'<g transform="{transform}">' + "".join(parts) + "</g>"


def group(parts: Iterable[str], title: str | None = None, cls: str | None = None) -> str:
    """Elements in a ``<g>``; its ``title`` is shown on hover over any of them."""
    head = f"<g {attrs(class_=cls)}>" if cls else "<g>"
    hover = f"<title>{escape(title)}</title>" if title else ""
    return head + hover + "".join(parts) + "</g>"


#: The styles every picture shares; each picture adds its own.
BASE_STYLE = (
    f"text{{font-family:{FONT_FAMILY};fill:#222}}"
    ".h1{font-size:17px;font-weight:bold}.h2{font-size:15px;font-weight:bold}"
    ".body{font-size:14px}.small{font-size:12px}.bold{font-weight:bold}.muted{fill:#666}"
)


def document(title: str, desc: str, width: float, height: float, body: Iterable[str], style: str = "") -> str:
    """A whole SVG document of natural size ``width`` x ``height`` pixels: a white background,
    the accessible ``title`` and ``desc``, the shared and the given styles, then ``body``."""
    w, h = f"{max(width, 1):.0f}", f"{max(height, 1):.0f}"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'role="img" style="max-width:100%">\n'
        f"<title>{escape(title)}</title>\n<desc>{escape(desc)}</desc>\n"
        f"<style>{BASE_STYLE}{style}</style>\n"
        '<rect width="100%" height="100%" fill="white"/>\n'
    )
    return head + "\n".join(body) + "\n</svg>\n"


def wrap(content: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``content`` broken at spaces into lines drawn at most ``width`` pixels wide (a single
    word wider than that keeps a line of its own)."""
    lines: list[str] = []
    current = ""
    for word in content.split(" "):
        attempt = f"{current} {word}" if current else word
        if current and text_width(attempt, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = attempt
    lines.append(current)
    return lines


def widest_word(content: str, size: float, bold: bool = False) -> float:
    """The drawn width of the widest word of ``content`` (what ``wrap`` cannot break)."""
    return max((text_width(w, size, bold) for w in content.split(" ")), default=0.0)


#: How far below its baseline a text's descenders reach (g, p, parentheses), in em, rounded up.
DESCENT = 0.3

#: The size (pixels) and boldness of each shared text style of ``BASE_STYLE``.
STYLES: dict[str, tuple[float, bool]] = {"h1": (17, True), "h2": (15, True), "body": (14, False), "small": (12, False)}


#: The width of a key's sample (``Page.key``).
KEY_SWATCH = 28


class Page:
    """A picture drawn top to bottom: lines of text wrapped to the page, and drawn blocks, each
    below the last. ``y`` is where the next one starts."""

    def __init__(self, width: float, pad: float = 14) -> None:
        self.width = width
        self.pad = pad
        self.y = pad
        self.body: list[str] = []

    @property
    def room(self) -> float:
        """The width inside the margins."""
        return self.width - 2 * self.pad

    def lines(self, content: str, style: str = "body", x: float | None = None, extra: str = "") -> None:
        """``content`` in a shared style (a key of ``STYLES``), wrapped from ``x`` to as far from
        the right edge as ``x`` is from the left (so that text indented into a panel stays inside
        it); ``extra``: more classes (``bold`` among them is measured bold). Below the last line,
        room for its descenders and a gap."""
        size, bold = STYLES[style]
        bold = bold or "bold" in extra.split()
        left = self.pad if x is None else x
        cls = f"{style} {extra}".strip()
        for shown in wrap(content.strip(), self.width - 2 * left, size, bold):
            self.y += size + 4
            self.body.append(text(left, self.y, shown, cls))
        self.y += DESCENT * size + 2

    def key(self, swatch: list[str], meaning: str) -> None:
        """One line of the picture's key: ``swatch`` (drawn by the caller at the left margin, at
        most ``KEY_SWATCH`` pixels wide and 18 high, from ``y + 2``), and ``meaning`` beside it, in
        small text."""
        top = self.y
        self.add(swatch)
        self.lines(meaning, "small", self.pad + KEY_SWATCH + 10)
        self.y = max(self.y, top + 24)

    def gap(self, height: float) -> None:
        self.y += height

    def add(self, parts: Iterable[str]) -> None:
        self.body.extend(parts)

    def svg(self, title: str, desc: str, style: str = "") -> str:
        return document(title, desc, self.width, self.y + self.pad, self.body, style)


def page_width(contents: Iterable[tuple[str, str]], least: float, pad: float = 14) -> float:
    """The width a page needs: ``least``, or more for a word of a ``(text, style)`` that could
    not be wrapped inside it."""
    width = least
    for content, style in contents:
        size, bold = STYLES[style]
        width = max(width, widest_word(content, size, bold) + 2 * pad)
    return width


def hsl_hex(hue: float, saturation: float, lightness: float) -> str:
    """A colour as ``#rrggbb`` (every renderer reads it) from hue (degrees), saturation and
    lightness (0 to 1)."""
    r, g, b = colorsys.hls_to_rgb((hue % 360) / 360, lightness, saturation)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def circle(cx: float, cy: float, r: float, cls: str, fill: str | None = None) -> str:
    return f"<circle {attrs(cx=float(cx), cy=float(cy), r=float(r), class_=cls, fill=fill)}/>"
