"""Small svgwrite helpers shared by every game's drawing.

Every board is a stack of complete `<svg>` documents with one viewBox (a static layer drawn once,
a dynamic layer redrawn after each move, overlays). Anything the player can play is an element
carrying `data-move`: the page's glue plays the move of the nearest such ancestor of a click, or
of the focused element on Enter/Space, so targets are also focusable buttons with a label.
"""

from __future__ import annotations

from math import cos, radians, sin
from typing import Any
from xml.etree import ElementTree

import svgwrite
from svgwrite.base import BaseElement
from svgwrite.etree import CDATA_TAG

from ui.palette import INK, seat_style

Point = tuple[float, float]

# Token shapes: number of corners (0 = circle), rotation of the first corner in degrees, and a
# scale that gives each shape about the same visual weight as a circle of the same radius.
SHAPES: dict[str, tuple[int, float, float]] = {
    "circle": (0, 0.0, 1.0),
    "square": (4, 45.0, 1.12),
    "triangle": (3, -90.0, 1.38),
    "diamond": (4, 0.0, 1.25),
    "pentagon": (5, -90.0, 1.08),
    "hexagon": (6, 0.0, 1.05),
}

# Builds elements that outlive any one drawing (see `Frozen`); validation off, as everywhere:
# it is several times slower and our input is our own.
ELEMENTS = svgwrite.Drawing(size=None, debug=False)


def drawing(view_box: tuple[float, float, float, float], title: str, desc: str, layer: str,
            interactive: bool = False) -> svgwrite.Drawing:
    """An `<svg>` with no fixed size (the page scales it), a viewBox and its text alternative.

    A picture is one image to assistive technology; an interactive layer is a group whose
    buttons stay reachable.
    """
    dwg = svgwrite.Drawing(
        size=None, debug=False, viewBox=" ".join(f"{v:g}" for v in view_box),
        class_=layer, role="group" if interactive else "img", **{"aria-label": title},
    )
    dwg.set_desc(title, desc)
    return dwg


def render(dwg: svgwrite.Drawing) -> str:
    """The drawing's markup: what ElementTree would write, written here in one pass over the tree
    (no namespace pass, a finished piece copied as it is): with `Frozen` pieces, a board's writing
    took a fifth to a tenth of ElementTree's time, on every click and every step of a scrubbed link."""
    return _markup(dwg.get_xml())


def _markup(element: ElementTree.Element) -> str:
    out: list[str] = []
    _write(element, out)
    return "".join(out)


# The tag of an element whose text is markup already written out (a finished piece, see `Frozen`).
MARKUP = "rail-table:markup"
ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;",
                                   "\n": "&#10;", "\t": "&#09;"})
TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _write(element: ElementTree.Element, out: list[str]) -> None:
    tag, text = element.tag, element.text
    if tag == MARKUP:
        out.append(text or "")
    elif tag == CDATA_TAG:  # svgwrite's way to a <style> sheet
        out.append(f"<![CDATA[{text}]]>")
    else:
        attributes = "".join([f' {name}="{value.translate(ATTRIBUTE_ESCAPES)}"'
                              for name, value in element.attrib.items()])
        if text or len(element):
            out.append(f"<{tag}{attributes}>")
            if text:
                out.append(text.translate(TEXT_ESCAPES))
            for child in element:
                _write(child, out)
            out.append(f"</{tag}>")
        else:
            out.append(f"<{tag}{attributes} />")
    if element.tail:
        out.append(element.tail.translate(TEXT_ESCAPES))


class Frozen:
    """A finished element kept as its markup, to be shared by every later drawing that shows it.

    svgwrite containers only ask a child for `get_xml()`, so a piece that looks the same in every
    position (a track on an edge, a car, the target of a move) is built and written out once: the
    layer redrawn on each click then costs a lookup and a copy per piece.
    """

    __slots__ = ("_xml",)

    def __init__(self, element: BaseElement) -> None:
        self._xml = ElementTree.Element(MARKUP)
        self._xml.text = _markup(element.get_xml())

    def get_xml(self) -> ElementTree.Element:
        return self._xml


def shorten(text: str, chars: int) -> str:
    """`text` in at most `chars` characters, ending in an ellipsis when cut (the whole of it then
    belongs in a <title>: SVG text cannot be measured before it is shown)."""
    return text if len(text) <= chars else text[:chars - 1].rstrip() + "…"


def titled_text(dwg: svgwrite.Drawing, shown: str, full: str, **attrs: Any) -> BaseElement:
    """A text showing `shown`; when that is `full` cut short, `full` is its <title> (its first child,
    as SVG asks), so a pointer or a screen reader still finds the whole of it."""
    if shown == full:
        return dwg.text(shown, **attrs)
    text = dwg.text("", **attrs)
    text.set_desc(title=full)
    text.add(dwg.tspan(shown))
    return text


def r1(value: float) -> float:
    """Coordinates to a tenth of a unit: plenty at any zoom, and a third of the text."""
    return round(value, 1)


def shape_points(shape: str, centre: Point, radius: float) -> list[Point]:
    corners, rotation, scale = SHAPES[shape]
    cx, cy = centre
    r = radius * scale
    return [(r1(cx + r * cos(radians(rotation + 360 * k / corners))),
             r1(cy + r * sin(radians(rotation + 360 * k / corners)))) for k in range(corners)]


def shape(dwg: svgwrite.Drawing, name: str, centre: Point, radius: float, **attrs: Any) -> BaseElement:
    if SHAPES[name][0] == 0:
        return dwg.circle(center=(r1(centre[0]), r1(centre[1])), r=r1(radius), **attrs)
    return dwg.polygon(shape_points(name, centre, radius), **attrs)


def seat_token(dwg: svgwrite.Drawing, seat: int, centre: Point, radius: float, **attrs: Any) -> BaseElement:
    """A seat's piece: its shape in its colour, outlined in ink, with the seat number (1-based)."""
    style = seat_style(seat)
    group = dwg.g(**attrs)
    group.add(shape(dwg, style.shape, centre, radius, fill=style.colour, stroke=INK))
    # The triangle's centre of mass sits low, so its number does too.
    dy = radius * 0.22 if style.shape == "triangle" else 0.0
    group.add(dwg.text(str(seat + 1), insert=(r1(centre[0]), r1(centre[1] + dy)), fill=style.ink,
                       dy=["0.35em"], class_="seat-number", stroke="none", **{
                           "font-size": r1(radius * (0.95 if style.shape == "triangle" else 1.15)),
                           "text-anchor": "middle", "font-weight": "700"}))
    return group


def target(element: BaseElement, move: str, label: str, kind: str) -> BaseElement:
    """Make an element a playable target: focusable, announced as a button, carrying its move."""
    element.update({"class": f"legal {kind}", "data-move": move, "tabindex": "0", "role": "button",
                    "aria-label": label})
    return element
