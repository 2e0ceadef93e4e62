"""Checks shared by the picture tests: an SVG parses, cairo draws it (and draws something), and
the texts it shows."""

from __future__ import annotations

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
