"""Checks shared by the picture tests: an SVG parses, cairo draws it (and draws something), and
the texts it shows."""

from __future__ import annotations

import functools
import re
import struct
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path
from typing import Any

import cairosvg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _pixels(png: bytes) -> bytes:
    """The decompressed image data of a PNG (filter bytes included)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data = 8, b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    return zlib.decompress(data)


def render(svg: str) -> bytes:
    """The picture drawn by cairo as a PNG; fails when cairo cannot draw it or draws a blank."""
    root = parse(svg)
    children = [child.tag for child in root]
    assert children[:2] == [f"{SVG}title", f"{SVG}desc"], "a <title> and a <desc> first"
    assert (root.findtext(f"{SVG}title") or "").strip() and (root.findtext(f"{SVG}desc") or "").strip()
    assert root.get("viewBox"), "a viewBox, so that a page can scale it"
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    assert len(set(_pixels(png))) > 8, "cairo drew a blank picture"
    return png


def texts(svg: str) -> list[str]:
    """Every drawn text of the picture (the hover titles left out), in document order."""
    out = []
    for element in parse(svg).iter(f"{SVG}text"):
        content = (element.text or "") + "".join(child.tail or "" for child in element)
        out.append(content)
    return out


def titles(svg: str) -> list[str]:
    """Every hover title (those of the picture itself left out)."""
    root = parse(svg)
    top = {id(e) for e in root if e.tag == f"{SVG}title"}
    return [e.text or "" for e in root.iter(f"{SVG}title") if id(e) not in top]


def cut_texts(svg: str) -> dict[str, str]:
    """Each text drawn cut to fit (ending with an ellipsis) with its whole as its hover title:
    the whole text -> the text drawn. A cut text must begin as the whole does."""
    out = {}
    for element in parse(svg).iter(f"{SVG}text"):
        hover = element.find(f"{SVG}title")
        if hover is None:
            continue
        whole = hover.text or ""
        shown = "".join(child.tail or "" for child in element)
        assert shown.endswith("…") and whole.startswith(shown[:-1].rstrip()), (shown, whole)
        out[whole] = shown
    return out


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def shows(svg: str, line: str) -> bool:
    """True when the picture shows ``line`` (wrapped over several texts or in one)."""
    return _squash(line) in _squash(" ".join(texts(svg)))


def missing(svg: str, lines: list[str]) -> list[str]:
    """The lines of a text answer the picture does not show."""
    return [line for line in lines if line.strip() and not shows(svg, line)]


def run_cli(*args: str, input: str | None = None) -> Any:
    """``verify ARGS`` in this process, standard output and error apart."""
    from click.testing import CliRunner

    from cli import cli

    return CliRunner().invoke(cli, list(args), input=input)


def picture(tmp_path: Path, *args: str) -> tuple[str, str]:
    """The text answer of one command and its picture (rendered by cairo): ``--svg PATH`` changes
    neither the exit status nor the answer."""
    target = tmp_path / "picture.svg"
    plain = run_cli(*args)
    drawn = run_cli(*args, "--svg", str(target))
    assert drawn.exit_code == plain.exit_code, drawn.output
    assert drawn.stdout == plain.stdout, "the text answer does not change"
    svg = target.read_text(encoding="utf-8")
    render(svg)
    return plain.stdout, svg


def check_svg_on_standard_output(*args: str) -> None:
    """``--svg -``: the picture alone on standard output, the text (or JSON) answer on standard
    error, the exit status unchanged."""
    plain = run_cli(*args)
    drawn = run_cli(*args, "--svg", "-")
    assert drawn.exit_code == plain.exit_code
    assert drawn.stdout.startswith("<svg ") and drawn.stdout.endswith("</svg>\n")
    render(drawn.stdout)
    assert drawn.stderr.endswith(plain.stdout), "the text answer goes to standard error"
    with_json = run_cli(*args, "--json", "--svg", "-")
    assert with_json.stdout == drawn.stdout
    assert with_json.stderr.endswith(run_cli(*args, "--json").stdout)


def check_a_failed_picture_writes_nothing(tmp_path: Path, monkeypatch: Any, *args: str) -> None:
    """A picture that fails to draw is the tool's own bug: one line, exit 70, nothing written."""

    def broken(*_: object, **__: object) -> str:
        raise RuntimeError("the picture broke")

    monkeypatch.setattr("model.common.svg.document", broken)
    monkeypatch.setattr("model.whitehouse.network.report.document", broken)
    target = tmp_path / "picture.svg"
    for where in (str(target), "-"):
        result = run_cli(*args, "--svg", where)
        assert result.exit_code == 70 and "internal error" in result.stderr
        assert "the picture broke" in result.stderr
        assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def check_an_unwritable_picture_is_bad_input(tmp_path: Path, *args: str) -> None:
    target = tmp_path / "missing" / "picture.svg"
    result = run_cli(*args, "--svg", str(target))
    assert result.exit_code == 2 and result.stderr.startswith("verify: --svg: cannot write")
    assert result.stdout == ""
    assert not target.parent.exists()


# --- layout: where each text is drawn -------------------------------------------------------------
#
# A text's box is its ink as cairo draws it (the renderer these tests use, with the font the
# pictures ask for first, DejaVu Sans), measured with cairo's text extents: the box cairosvg
# fills. Two texts must not overlap, a text must not cross a box's edge (it lies inside the box or
# clear of it), a line, a circle or the picture's edge, each with a clearance of ``CLEARANCE``
# pixels; a strike-through line (class ``strike``) is meant to cross its text.

#: The least gap (pixels) between a text and anything else drawn.
CLEARANCE = 1.0
#: The widest picture the page shows at its natural size on a phone.
PHONE_WIDTH = 390

Box = tuple[float, float, float, float]


def _styles(root: ElementTree.Element) -> dict[str, dict[str, str]]:
    """Each selector of the picture's style sheet (``text``, ``.name``) and its declarations."""
    sheet = "".join(e.text or "" for e in root.iter(f"{SVG}style"))
    rules: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", sheet):
        declarations = dict(
            (key.strip(), value.strip()) for key, _, value in (d.partition(":") for d in body.split(";")) if key.strip()
        )
        for selector in selectors.split(","):
            rules.setdefault(selector.strip(), {}).update(declarations)
    return rules


def _declared(rules: dict[str, dict[str, str]], element: ElementTree.Element, key: str) -> str | None:
    """A property of an element: its attribute, else the last of its classes' rules that sets it
    (the style sheet's own order), else the element's type's rule."""
    if element.get(key) is not None:
        return element.get(key)
    classes = (element.get("class") or "").split()
    found = None
    for selector, declarations in rules.items():
        if selector.startswith(".") and selector[1:] in classes and key in declarations:
            found = declarations[key]
    if found is None:
        found = rules.get(element.tag.removeprefix(SVG), {}).get(key)
    return found


def _transform(value: str | None, scale: float, dx: float, dy: float) -> tuple[float, float, float]:
    """The group's ``transform`` (translates and uniform scales) composed with the outer one
    (a point p is drawn at ``scale * p + (dx, dy)``)."""
    steps = re.findall(r"(translate|scale)\(([^)]*)\)", value or "")
    assert "".join(f"{k}({a})" for k, a in steps).replace(" ", "") == (value or "").replace(" ", ""), value
    for kind, args in steps:
        numbers = [float(n) for n in re.split(r"[\s,]+", args.strip())]
        if kind == "translate":
            tx, ty = numbers[0], numbers[1] if len(numbers) > 1 else 0.0
            dx, dy = dx + scale * tx, dy + scale * ty
        else:
            assert len(numbers) == 1 or numbers[0] == numbers[1], "a uniform scale"
            scale *= numbers[0]
    return scale, dx, dy


@functools.cache
def _context() -> Any:
    import cairocffi

    return cairocffi.Context(cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, 1, 1))


@functools.cache
def _ink(content: str, size: float, bold: bool, italic: bool) -> tuple[float, float, float, float]:
    """Cairo's ink extents of a text: x bearing, y bearing, width, height."""
    import cairocffi

    context = _context()
    context.select_font_face(
        "DejaVu Sans",
        cairocffi.FONT_SLANT_ITALIC if italic else cairocffi.FONT_SLANT_NORMAL,
        cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL,
    )
    context.set_font_size(size)
    x_bearing, y_bearing, width, height, _, _ = context.text_extents(content)
    return x_bearing, y_bearing, width, height


class Drawn:
    """What a picture draws, in the picture's own pixels: each text with its box, and the boxes,
    lines and circles it could collide with."""

    def __init__(self, svg: str) -> None:
        root = parse(svg)
        self.width = float(root.get("width") or 0)
        self.height = float(root.get("height") or 0)
        self.texts: list[tuple[str, Box]] = []
        #: Each box's outer and inner edges (its stroke included), and its class.
        self.rects: list[tuple[Box, Box, str]] = []
        self.lines: list[tuple[Box, str]] = []
        self.circles: list[tuple[Box, str]] = []
        self._rules = _styles(root)
        self._walk(root, 1.0, 0.0, 0.0)

    def _size(self, element: ElementTree.Element) -> float:
        size = _declared(self._rules, element, "font-size")
        assert size is not None and size.endswith("px"), f"a text with no size: {element.attrib}"
        return float(size[:-2])

    def _stroke(self, element: ElementTree.Element) -> float:
        stroke = _declared(self._rules, element, "stroke")
        if stroke in (None, "none"):
            return 0.0
        return float(_declared(self._rules, element, "stroke-width") or 1)

    def _walk(self, element: ElementTree.Element, scale: float, dx: float, dy: float) -> None:
        tag = element.tag.removeprefix(SVG)

        def at(x: float, y: float) -> tuple[float, float]:
            return scale * x + dx, scale * y + dy

        number = lambda key: float(element.get(key) or 0)  # noqa: E731
        cls = element.get("class") or ""
        if tag == "g":
            scale, dx, dy = _transform(element.get("transform"), scale, dx, dy)
        elif tag == "text":
            content = (element.text or "") + "".join(child.tail or "" for child in element)
            size = self._size(element)
            bold = _declared(self._rules, element, "font-weight") == "bold"
            italic = _declared(self._rules, element, "font-style") == "italic"
            x_bearing, y_bearing, width, height = _ink(content, size, bold, italic)
            anchor = element.get("text-anchor")
            left = {"middle": -width / 2, "end": -width}.get(anchor or "", x_bearing)
            x, y = number("x"), number("y")
            (x1, y1), (x2, y2) = at(x + left, y + y_bearing), at(x + left + width, y + y_bearing + height)
            if content.strip():
                self.texts.append((content, (x1, y1, x2, y2)))
        elif tag == "rect" and not (element.get("width") or "").endswith("%"):
            x, y, w, h = number("x"), number("y"), number("width"), number("height")
            half = self._stroke(element) / 2
            (ox1, oy1), (ox2, oy2) = at(x - half, y - half), at(x + w + half, y + h + half)
            (ix1, iy1), (ix2, iy2) = at(x + half, y + half), at(x + w - half, y + h - half)
            self.rects.append(((ox1, oy1, ox2, oy2), (ix1, iy1, ix2, iy2), cls))
        elif tag == "line":
            half = self._stroke(element) / 2
            xs, ys = sorted([number("x1"), number("x2")]), sorted([number("y1"), number("y2")])
            (x1, y1), (x2, y2) = at(xs[0] - half, ys[0] - half), at(xs[1] + half, ys[1] + half)
            self.lines.append(((x1, y1, x2, y2), cls))
        elif tag == "circle":
            r = number("r") + self._stroke(element) / 2
            (x1, y1), (x2, y2) = at(number("cx") - r, number("cy") - r), at(number("cx") + r, number("cy") + r)
            self.circles.append(((x1, y1, x2, y2), cls))
        for child in element:
            self._walk(child, scale, dx, dy)


def _meet(a: Box, b: Box, gap: float = CLEARANCE) -> bool:
    """The two boxes come closer than ``gap``."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _inside(a: Box, b: Box, gap: float = CLEARANCE) -> bool:
    """``a`` lies inside ``b``, at least ``gap`` from its edges."""
    return a[0] >= b[0] + gap and a[1] >= b[1] + gap and a[2] <= b[2] - gap and a[3] <= b[3] - gap


def _shown(box: Box) -> str:
    return "(" + ", ".join(f"{v:.1f}" for v in box) + ")"


def layout_problems(svg: str) -> list[str]:
    """Every text drawn over another text, across a box's edge, a line or a circle, or past the
    picture's edge (empty when the picture reads cleanly)."""
    drawn = Drawn(svg)
    problems = []
    frame = (0.0, 0.0, drawn.width, drawn.height)
    for index, (content, box) in enumerate(drawn.texts):
        where = f"text {content!r} {_shown(box)}"
        if not _inside(box, frame):
            problems.append(f"{where} runs past the picture's edge {_shown(frame)}")
        for other, other_box in drawn.texts[index + 1 :]:
            if _meet(box, other_box):
                problems.append(f"{where} overlaps text {other!r} {_shown(other_box)}")
        for outer, inner, cls in drawn.rects:
            if _meet(box, outer) and not _inside(box, inner):
                problems.append(f"{where} crosses the edge of a box {cls!r} {_shown(outer)}")
        for kind, shapes in (("line", drawn.lines), ("circle", drawn.circles)):
            for shape, cls in shapes:
                if cls != "strike" and _meet(box, shape):
                    problems.append(f"{where} touches a {kind} {cls!r} {_shown(shape)}")
    return problems


def picture_width(svg: str) -> float:
    """The natural width of a picture (pixels)."""
    return float(parse(svg).get("width") or 0)
