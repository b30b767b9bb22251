"""QR codes of share links, drawn as inline SVG (pure: text in, SVG out).

segno encodes; this module draws its matrix itself, so the `<svg>` carries what the page needs (a role,
a label, a viewBox and no fixed size) in a few bytes per row. segno is imported when a code is first
drawn, never while the page starts (`tests/test_layers.py` holds that rule).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby

from ui.markup import escape

QUIET_ZONE = 4  # modules of light margin on every side, as the QR standard asks


class TooLongForQr(ValueError):
    """The text does not fit in the largest QR code (version 40, level L: 2,953 bytes)."""


def qr_svg(text: str, title: str) -> str:
    """An inline `<svg>` of the QR code of `text`, announced as one image named `title`.

    Raises TooLongForQr when no QR code holds `text`: the page then shows the link without a code.
    """
    import segno

    # Error correction at least L, the lowest: a code on a screen is never torn or smudged, what fails
    # there is a phone resolving small modules (blur, glare, a projector across a room), and a lower level
    # means fewer, larger modules (a 2,000-character link is version 33-L, 149 modules a side, against
    # 38-M, 169). segno still raises the level wherever that keeps the version, so shorter links get
    # M, Q or H for free. make_qr, not make: phone cameras do not read the Micro QR that make may choose.
    try:
        code = segno.make_qr(text, error="L")
    except segno.DataOverflowError as error:
        raise TooLongForQr(f"{len(text)} characters do not fit in a QR code") from error
    side = len(code.matrix) + 2 * QUIET_ZONE
    label = escape(title)
    # Black on white whatever the page's theme: readers need the contrast, and forced colours (Windows
    # high contrast) must not repaint it (`.qr` in app.css: a style attribute would break the page's
    # content policy). Each row's dark runs are strokes 1 module wide along the row's middle line;
    # crispEdges keeps neighbouring modules from bleeding into one another when scaled.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" class="qr" role="img" '
        f'aria-label="{label}" shape-rendering="crispEdges">'
        f'<title>{label}</title><rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path d="{_path(code.matrix)}" stroke="#000"/></svg>'
    )


def _path(matrix: tuple[bytearray, ...]) -> str:
    """Path data of the dark modules: per row, `M` to its first run, then `h` along a run and `m` over
    the light gap to the next."""
    rows = []
    for y, row in enumerate(matrix):
        commands: list[str] = []
        end = 0
        for start, length in _dark_runs(row):
            move = f"M{start + QUIET_ZONE} {y + QUIET_ZONE + 0.5}" if not commands else f"m{start - end} 0"
            commands.append(f"{move}h{length}")
            end = start + length
        rows.append("".join(commands))
    return "".join(rows)


def _dark_runs(row: bytearray) -> Iterator[tuple[int, int]]:
    """(first column, length) of each run of dark modules in a row."""
    x = 0
    for dark, run in groupby(row):
        length = sum(1 for _ in run)
        if dark:
            yield x, length
        x += length
