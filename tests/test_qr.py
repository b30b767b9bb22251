"""QR codes of share links: what `ui.qr.qr_svg` draws is read back by a real decoder (zxing-cpp).

The test paints the SVG's own elements (its background and the path of its dark modules) into pixels,
so a drawing mistake (a run off by one, a row misplaced, a lost quiet zone) fails to decode.
"""

from __future__ import annotations

import importlib
import random
import re
import sys
import tomllib
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
import zxingcpp

from ui.qr import QUIET_ZONE, TooLongForQr, qr_svg

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
LINK_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
LINK_PREFIX = "https://example.org/rail/#play="
PIXELS_PER_MODULE = 4
MAX_BYTES = 2953  # QR version 40 at level L, in byte mode


def link(length: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return LINK_PREFIX + "".join(rng.choice(LINK_ALPHABET) for _ in range(length - len(LINK_PREFIX)))


def dark_modules(d: str) -> set[tuple[int, int]]:
    """The (column, row) of every module the path strokes: `M`/`m` move, `h` draws a horizontal stroke
    1 module wide centred on the current point's row."""
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, args in re.findall(r"([A-Za-z])([^A-Za-z]*)", d):
        numbers = [float(n) for n in args.split()]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        elif command == "h":
            (length,) = numbers
            assert length > 0 and (y - 0.5).is_integer() and x.is_integer()
            dark.update((int(x) + i, int(y - 0.5)) for i in range(int(length)))
            x += length
        else:
            raise AssertionError(f"unexpected path command {command}")
    return dark


def paint(svg: str) -> tuple[np.ndarray, set[tuple[int, int]], int]:
    """The SVG as a grayscale image, with its dark modules and its side in modules."""
    root = ElementTree.fromstring(svg)
    x0, y0, width, height = (int(v) for v in root.attrib["viewBox"].split())
    assert (x0, y0) == (0, 0) and width == height
    background, path = root.find(f"{SVG}rect"), root.find(f"{SVG}path")
    assert background is not None and path is not None
    assert background.attrib == {"width": str(width), "height": str(height), "fill": "#fff"}
    assert path.attrib["stroke"] == "#000" and "stroke-width" not in path.attrib  # 1 module
    dark = dark_modules(path.attrib["d"])
    image = np.full((width, width), 255, dtype=np.uint8)
    for x, y in dark:
        image[y, x] = 0
    return np.kron(image, np.ones((PIXELS_PER_MODULE, PIXELS_PER_MODULE), dtype=np.uint8)), dark, width


def decode(svg: str) -> str:
    image, _, _ = paint(svg)
    result = zxingcpp.read_barcode(image)
    assert result is not None, "no code found"
    assert result.format == zxingcpp.BarcodeFormat.QRCode
    return result.text


@pytest.mark.parametrize("text", [
    "https://example.org/rail/#play=AbC-_9",
    link(2000),
    "x" * MAX_BYTES,  # the most a QR code holds still fits
], ids=["short link", "2000-character link", "largest QR code"])
def test_a_reader_reads_back_the_text(text: str) -> None:
    assert decode(qr_svg(text, "Scan to play")) == text


def test_the_svg_is_one_labelled_image_that_css_sizes() -> None:
    svg = qr_svg(link(300), 'Scan "this" & play <here>')
    assert svg.startswith("<svg ")  # inline: no XML declaration
    root = ElementTree.fromstring(svg)  # well-formed
    assert root.tag == f"{SVG}svg"
    assert root.attrib["role"] == "img"
    assert root.attrib["aria-label"] == 'Scan "this" & play <here>'
    assert root.attrib["shape-rendering"] == "crispEdges"
    assert "width" not in root.attrib and "height" not in root.attrib
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == 'Scan "this" & play <here>'
    assert next(iter(root)) is title  # SVG asks for the title first


def test_the_quiet_zone_is_four_light_modules() -> None:
    _, dark, side = paint(qr_svg(link(2000), "QR"))
    columns, rows = {x for x, _ in dark}, {y for _, y in dark}
    assert min(columns) == min(rows) == QUIET_ZONE  # the finder patterns touch the zone's edge
    assert max(columns) == max(rows) == side - 1 - QUIET_ZONE


def test_too_long_for_a_qr_code() -> None:
    with pytest.raises(TooLongForQr) as error:
        qr_svg("x" * (MAX_BYTES + 1), "QR")
    assert isinstance(error.value, ValueError)


def test_every_vendored_wheel_is_unpacked_by_pyscript() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    vendor = importlib.import_module("vendor")
    files = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    assert "segno==1.6.6" in vendor.PINNED_WHEELS
    assert {f"./static/vendor/{name}" for name in vendor.WHEEL_FILES} <= set(files)
    requirements = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8").split()
    assert set(vendor.PINNED_WHEELS) <= set(requirements)  # CPython tests run the same versions
