"""An SVG document's shape, read without svgwrite or an XML parser: the page sizes the board's box by
it at every new map, and importing either at start would slow the boot."""

from __future__ import annotations

import re

VIEW_BOX = re.compile(r'<svg\b[^>]*?\bviewBox="([^"]+)"')


def aspect(svg: str) -> float:
    """Width over height of an `<svg>` document's viewBox."""
    found = VIEW_BOX.search(svg)
    if found is None:
        raise ValueError("an svg document without a viewBox")
    _x, _y, width, height = (float(part) for part in found.group(1).replace(",", " ").split())
    return width / height
