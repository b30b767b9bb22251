"""The drawings' markup: written in one pass, as ElementTree writes it, finished pieces copied as kept."""

from __future__ import annotations

from xml.etree import ElementTree

import svgwrite

from ui import svg


def drawn(frozen: bool) -> svgwrite.Drawing:
    """A drawing with everything a board writes: text to escape in attributes and content, a <title>,
    a style sheet, nested groups, an empty element, and a piece that may be kept finished."""
    dwg = svg.drawing((0, 0, 100, 50), 'Rows & "cars" <1>', "Line one\nline\ttwo\r", "board-position", True)
    dwg.defs.add(dwg.style(".car { fill: red; } a > b"))
    piece = dwg.g(class_="car", **{"data-car": "box", "aria-label": "Box & tank\n<car>\t"})
    piece.set_desc(title="A box car & a <tank>")
    piece.add(dwg.rect((1.5, 2), (10, 5), fill="#8d5524"))
    piece.add(dwg.text("BX & <TK>", insert=(3, 4)))
    dwg.add(svg.Frozen(piece) if frozen else piece)
    dwg.add(dwg.g(id="empty"))
    dwg.add(svg.titled_text(dwg, "Ann…", "Annabelle & co", insert=(1, 1)))
    return dwg


def test_the_markup_is_what_elementtree_writes_with_pieces_kept_finished_or_not() -> None:
    expected = ElementTree.tostring(drawn(False).get_xml(), encoding="unicode")
    assert svg.render(drawn(False)) == expected
    assert svg.render(drawn(True)) == expected  # a kept piece is copied as it was written
    assert "<![CDATA[.car { fill: red; } a > b]]>" in expected and "&#10;" in expected
