"""Freight Train's board on a classroom projector (issue 9): in projector mode at 1920x1080 the
board's box is about 1301x940 CSS px, and every word and number on the board is at least 20 px
there; the same drawing fits a laptop's box (about 930x680) whole. The page's own measure is
`tests/browser/test_layout.py`; these checks hold the drawing to it without a browser: sizes,
the viewBox's shape, and cars that stay in their column and strip however long the trains grow."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from test_freight_train_draw import GAMES

from games.freight_train.cards import CAR_TYPES
from svg_checks import NS, Shot, by_class, parse, sampled, t
from ui import viewbox
from ui.games.freight_train import draw
from ui.i18n import Translator

ROOT = Path(__file__).resolve().parents[2]
PROJECTOR_BOX = (1301.0, 940.0)  # CSS px
PROJECTOR_TEXT_PX = 20.0


def projector_scale() -> float:
    """CSS px per viewBox unit: the board fits its box whole."""
    return min(PROJECTOR_BOX[0] / draw.WIDTH, PROJECTOR_BOX[1] / draw.HEIGHT)


def positions(players: int, seed: int, options: dict[str, bool]) -> list[ElementTree.Element]:
    """The board of every ninth position of a random game (each phase and the end included)."""
    return [parse(draw.draw_position(view, legal, t)) for view, _, legal in
            sampled("freight_train", players, seed, options, 9)]


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}p")
def boards(request: pytest.FixtureRequest) -> list[ElementTree.Element]:
    players, seed, options, _ = request.param
    return positions(players, seed, options)


def rects(element: ElementTree.Element) -> list[tuple[float, float, float, float]]:
    """Every rect under `element` as (left, top, right, bottom)."""
    boxes = []
    for rect in element.iter(NS + "rect"):
        x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
        boxes.append((x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0"))))
    return boxes


def test_the_board_is_shaped_like_its_boxes() -> None:
    assert 1.35 <= viewbox.aspect(draw.draw_map(t)) <= 1.45


def test_every_text_is_20_px_on_the_projector(boards: list[ElementTree.Element]) -> None:
    least = PROJECTOR_TEXT_PX / projector_scale()
    for root in [parse(draw.draw_map(t)), *boards]:
        for text in root.iter(NS + "text"):
            if "seat-number" in (text.get("class") or ""):
                continue  # the shared token sizes it; freight_train.css raises it (below)
            assert float(text.get("font-size", "0")) >= least, text.text


def test_the_projector_raises_the_seat_tokens_numbers() -> None:
    css = (ROOT / "styles/freight_train.css").read_text(encoding="utf-8")
    rule = re.search(r'html\[data-display="projector"\] \.board-position \.player \.seat-number \{([^}]*)\}',
                     css)
    assert rule, "no projector rule for the numbers in the players' tokens"
    size = re.search(r"font-size:\s*([\d.]+)px", rule.group(1))
    assert size and float(size.group(1)) * projector_scale() >= PROJECTOR_TEXT_PX


def check_columns(root: ElementTree.Element) -> None:
    """Private yards under their head, trains under theirs, all inside their player's strip."""
    heads = {e.text: float(e.get("x", "0")) for e in by_class(parse(draw.draw_map(t)), "column-heads")[0]}
    trains_x = heads["⟦freight.heading.trains⟧"]
    for strip in by_class(root, "player"):
        _, top, right, bottom = rects(strip)[0]  # the strip's ground
        for row in by_class(strip, "private"):
            assert all(top <= y0 and y1 <= bottom and x1 <= trains_x for _, y0, x1, y1 in rects(row))
        extents = []
        for train in by_class(strip, "train"):
            boxes = rects(train)
            assert all(trains_x <= x0 and x1 <= right and top <= y0 and y1 <= bottom
                       for x0, y0, x1, y1 in boxes)
            extents.append((min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                            max(b[3] for b in boxes)))
        for k, (x0, y0, x1, y1) in enumerate(extents):  # no train drawn over another
            assert all(x1 <= ax0 or ax1 <= x0 or y1 <= ay0 or ay1 <= y0 for ax0, ay0, ax1, ay1 in extents[:k])


def test_cars_stay_in_their_column_and_strip(boards: list[ElementTree.Element]) -> None:
    for root in boards:
        check_columns(root)


def test_a_crowded_strip_packs_its_trains_closer() -> None:
    """Nine trains of eleven cars and a caboose in a five-player strip: far more than any game
    holds, the cars closer together but still in the strip."""
    shot: Shot = sampled("freight_train", 5, 4, {"cabooses": True}, 10**6)[-1]
    view = copy.deepcopy(shot[1])
    view["trains"][0] = [{"kind": car, "cars": [car] * 11, "caboose": True} for car in CAR_TYPES[:9]]
    view["locos"][0] = 9
    root = parse(draw.draw_position(view, [], t))
    check_columns(root)
    strips = by_class(root, "player")
    crowded, roomy = (rects(by_class(by_class(strips[seat], "train")[0], "car")[0])[0] for seat in (0, 1))
    assert crowded[2] - crowded[0] < roomy[2] - roomy[0]


def test_the_yards_and_their_buttons_leave_the_right_column_free(boards: list[ElementTree.Element]) -> None:
    for root in boards:
        info_x = float(by_class(root, "info")[0].find(NS + "text").get("x", "0"))
        for kind in ("main-yard", "yard-sources", "pool"):
            for group in by_class(root, kind):
                assert all(x1 < info_x for _, _, x1, _ in rects(group)), kind


# Long names of the widest capitals (an old link's names may pass the lobby's 20 characters).
LONG_NAMES = ["W" * 30, "M" * 20, "Wolfeschlegelsteinhausen Bergdorf"]


def bold_width(text: str, size: float) -> float:
    """A bold sans-serif text's width, erring wide: W and M near 1 em, capitals 0.78, thin 0.3."""
    def em(c: str) -> float:
        if c in "WMmw":
            return 0.95
        if c.isupper() or c.isdigit():
            return 0.78
        return 0.3 if c in " il.,:;'’()" else 0.62
    return sum(em(c) for c in text) * size


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_long_names_fit_cut_with_an_ellipsis_and_whole_in_a_title(lang: str) -> None:
    tr = Translator(lang)
    info_w = draw.WIDTH - draw.MARGIN - draw.INFO_X
    seen = set()
    for view, _, legal in sampled("freight_train", 3, 2, {"cabooses": True}, 9):
        mover = view["current_player"]
        if mover is None:
            continue
        root = parse(draw.draw_position(view, legal, tr, LONG_NAMES))
        name = LONG_NAMES[mover]
        shown = name if len(name) <= draw.NAME_CHARS else name[:draw.NAME_CHARS - 1].rstrip() + "…"
        prompt = by_class(root, "prompt")[0]
        lines = [(e.text or "", float(e.get("font-size", "0"))) for e in prompt.iter(NS + "text")]
        assert any(shown in text for text, _ in lines)  # the name is never split between lines
        assert all(bold_width(text, size) <= info_w for text, size in lines if shown in text)
        if shown != name:
            assert name in prompt.find(NS + "title").text
        for heading in by_class(root, "yard-of"):
            assert shown in (heading.text or "")
            assert bold_width(heading.text or "", float(heading.get("font-size", "0"))) < draw.INFO_X - 16
            assert shown == name or name in heading.find(NS + "title").text
            seen.add(mover)
    assert seen == {0, 1, 2}
