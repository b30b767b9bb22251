"""The Freight Train table as SVG: pure functions from the engine's view to SVG strings.

One viewBox holds, top to bottom: the main yard (five rows, bumper on the left, open end on the
right) with, beside each row, one button per legal move of its open-end car; under it, the private
yard rows of the seat to move as sources of the same kind; the day, round, deck gauge (with the
window where the end-of-day card may lie) and what is asked now; then one strip per player: token
and points, locomotives, private yard (two rows) and trains. Every car shows its type's colour
*and* its type code, so colour is never the only cue; a mixed train's locomotive is striped and
coded. `draw_map` is the part that never changes (backdrop, headings, legend of car types);
`draw_position` everything else, with every board move as a target carrying `data-move`.
Every word goes through the translation function `t`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from textwrap import wrap
from typing import Any

from games.freight_train.cards import (
    CAR_TYPES,
    MAIN_ROW_CARS,
    MAIN_TAKE,
    MIXED,
    TYPE_ORDER,
    YARD_ROW_LIMIT,
    YARD_TAKE_MAX,
)
from games.freight_train.view import FreightTrainView
from ui import svg
from ui.i18n import Translate
from ui.palette import HIGHLIGHT, INK, PAPER, WHITE

WIDTH, HEIGHT = 1200.0, 900.0
VIEW_BOX = (0.0, 0.0, WIDTH, HEIGHT)
MARGIN = 8.0
BALLAST = "#3d3a33"  # the yard's ground
BALLAST_TEXT = "#f4efe0"
RAIL = "#a59d8c"
STRIP = "#48443c"  # a player's strip
BUMPER = "#c0392b"
LOCO_COLOUR = "#22262b"
CABOOSE_COLOUR = "#9b2d20"

# Car type -> (fill, ink); the type code is always printed on the car too.
CAR_COLOURS: dict[str, tuple[str, str]] = {
    "auto_rack": ("#c0392b", WHITE),
    "box": ("#8d5524", WHITE),
    "coil_steel": ("#8a9597", INK),
    "container": ("#2a62b0", WHITE),
    "gondola": ("#3b8f4e", WHITE),
    "hopper": ("#e8b923", INK),
    "ore": ("#4a3b6b", WHITE),
    "piggyback": ("#e67e22", INK),
    "refrigerator": ("#f4f1e8", INK),
    "stock": ("#e3a1bd", INK),
    "tank": ("#3c4a52", WHITE),
}
MIXED_STRIPES = ("#c0392b", "#e8b923", "#3b8f4e", "#2a62b0")

# The main yard and the move buttons beside each row.
MAIN_TOP = 34.0
ROW_H = 38.0
ROW_LABEL_W = 20.0
BUMPER_X = MARGIN + ROW_LABEL_W
CAR_W, CAR_H, CAR_STEP = 40.0, 26.0, 44.0
SLOT_X = BUMPER_X + 10
OPEN_X = SLOT_X + MAIN_ROW_CARS * CAR_STEP  # where a row's open end is
YARD_SRC_TOP = MAIN_TOP + 5 * ROW_H + 14  # the mover's private yard as sources
BUTTON_X = OPEN_X + 26
BUTTON_W, BUTTON_H, BUTTON_STEP = 74.0, 26.0, 78.0
INFO_X = 830.0
LEGEND_TOP = MAIN_TOP + 190
# One strip per player below.
PLAYERS_TOP = YARD_SRC_TOP + 2 * ROW_H + 14
PLAYERS_H = HEIGHT - PLAYERS_TOP - MARGIN
SMALL_W, SMALL_H, SMALL_STEP = 24.0, 18.0, 27.0
YARD_X = 150.0
TRAINS_X = YARD_X + 12 + YARD_ROW_LIMIT * SMALL_STEP + 24
LANE_H = 24.0
LOCO_W = 34.0


def _font(size: float, weight: str = "700", anchor: str = "middle") -> dict[str, Any]:
    return {"font-size": size, "font-weight": weight, "text-anchor": anchor}


def _text(dwg: Any, text: str, x: float, y: float, size: float = 13, weight: str = "600",
          anchor: str = "start", fill: str = BALLAST_TEXT, **attrs: Any) -> Any:
    return dwg.text(text, insert=(svg.r1(x), svg.r1(y)), fill=fill, **_font(size, weight, anchor), **attrs)


def car_code(car: str, t: Translate) -> str:
    return t(f"freight.code.{car}")


# -- the static layer ---------------------------------------------------------------------------

def draw_map(t: Translate) -> str:
    """The yard's ground, the headings and the legend of car types: drawn once per game."""
    dwg = svg.drawing(VIEW_BOX, t("freight.map.title"), t("freight.map.desc"), "board-map")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill=BALLAST))
    dwg.add(_text(dwg, t("freight.main_yard"), MARGIN + 2, MAIN_TOP - 12, 15, "700"))
    tracks = dwg.g(class_="tracks", stroke=RAIL, **{"stroke-width": 2})
    for r in range(5):
        y = MAIN_TOP + r * ROW_H + CAR_H + 3
        tracks.add(dwg.line((BUMPER_X, y), (OPEN_X + 16, y)))
        dwg.add(_text(dwg, str(r + 1), MARGIN + ROW_LABEL_W / 2, MAIN_TOP + r * ROW_H + 18, 14, "700",
                      "middle"))
        dwg.add(dwg.rect((BUMPER_X, MAIN_TOP + r * ROW_H), (6, CAR_H + 4), fill=BUMPER, stroke=INK))
        dwg.add(_text(dwg, "▸", OPEN_X + 6, MAIN_TOP + r * ROW_H + 20, 16, "700", fill=RAIL))
    dwg.add(tracks)
    dwg.add(dwg.line((MARGIN, PLAYERS_TOP - 7), (WIDTH - MARGIN, PLAYERS_TOP - 7), stroke=RAIL,
                     **{"stroke-width": 1, "stroke-dasharray": "6 4"}))
    legend = dwg.g(class_="legend")
    for k, car in enumerate(CAR_TYPES):
        x, y = INFO_X + (k % 3) * 122, LEGEND_TOP + (k // 3) * 22
        legend.add(_car(car, car_code(car, t), x, y, SMALL_W, SMALL_H))
        legend.add(_text(dwg, t(f"freight.type.{car}"), x + SMALL_W + 4, y + 13, 11, "600"))
    dwg.add(legend)
    return svg.render(dwg)


# -- cars and trains ---------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _car(car: str, code: str, x: float, y: float, w: float, h: float) -> svg.Frozen:
    """A car: its type's colour, its code, two bogies."""
    dwg = svg.ELEMENTS
    fill, ink = CAR_COLOURS[car]
    group = dwg.g(class_="car", **{"data-car": car})
    group.add(dwg.rect((x, y), (w, h - 3), rx=2, fill=fill, stroke=INK, **{"stroke-width": 1}))
    group.add(dwg.text(code, insert=(svg.r1(x + w / 2), svg.r1(y + h * 0.58)), fill=ink,
                       **_font(svg.r1(h * 0.5))))
    for bx in (x + w * 0.22, x + w * 0.78):
        group.add(dwg.circle((svg.r1(bx), svg.r1(y + h - 2)), r=svg.r1(h * 0.1), fill=INK))
    return svg.Frozen(group)


@lru_cache(maxsize=1024)
def _loco(kind: str | None, code: str, x: float, y: float) -> svg.Frozen:
    """A locomotive, pointing right; `kind` None is a spare one (no train yet)."""
    dwg = svg.ELEMENTS
    h = SMALL_H
    group = dwg.g(class_="loco spare" if kind is None else f"loco loco-{kind}")
    body = LOCO_COLOUR if kind is not None else "none"
    outline = INK if kind is not None else RAIL
    group.add(dwg.path(d=f"M{x} {y}H{x + LOCO_W - 8}L{x + LOCO_W} {y + 6}V{y + h - 3}H{x}Z",
                       fill=body, stroke=outline, **{"stroke-width": 1.2}))
    if kind == MIXED:
        for k, colour in enumerate(MIXED_STRIPES):
            group.add(dwg.rect((x + 2 + k * 6, y + 2), (6, 4), fill=colour))
    if kind is not None:
        group.add(dwg.text(code, insert=(svg.r1(x + LOCO_W / 2 - 2), svg.r1(y + h - 5)), fill=WHITE,
                           **_font(9)))
    return svg.Frozen(group)


def _codes(t: Translate) -> tuple[str, ...]:
    """The translated codes: one per car type, then the mixed train's and the caboose's (a cache key:
    the language may change)."""
    return (*(car_code(car, t) for car in CAR_TYPES), t("freight.code.mixed"), t("freight.code.caboose"))


@lru_cache(maxsize=2048)
def _private_row(row: tuple[str, ...], j: int, y: float, codes: tuple[str, ...]) -> svg.Frozen:
    dwg = svg.ELEMENTS
    cells = dwg.g(class_="yard-row private", **{"data-row": j})
    cells.add(dwg.rect((YARD_X, y), (4, SMALL_H), fill=BUMPER))
    for k, car in enumerate(row):
        cells.add(_car(car, codes[TYPE_ORDER[car]], YARD_X + 8 + k * SMALL_STEP, y, SMALL_W, SMALL_H))
    return svg.Frozen(cells)


@lru_cache(maxsize=2048)
def _train(kind: str, cars: tuple[str, ...], caboose: bool, i: int, x: float, y: float, step: float,
           width: float, codes: tuple[str, ...]) -> svg.Frozen:
    """A train: its number, the locomotive leading on the left, the cars in the order they were
    attached, and its caboose."""
    dwg = svg.ELEMENTS
    cell = dwg.g(class_="train mixed" if kind == MIXED else "train", **{"data-train": i, "data-kind": kind})
    cell.add(_text(dwg, str(i + 1), x - 3, y + 13, 10, "600", "end", fill=RAIL))
    cell.add(_loco(kind, codes[-2] if kind == MIXED else codes[TYPE_ORDER[kind]], x, y))
    for k, car in enumerate(cars):
        cell.add(_car(car, codes[TYPE_ORDER[car]], svg.r1(x + LOCO_W + 2 + k * step), y, svg.r1(width),
                      SMALL_H))
    if caboose:
        end_x = x + LOCO_W + 2 + len(cars) * step
        cell.add(dwg.rect((svg.r1(end_x), y + 2), (svg.r1(width), SMALL_H - 5), rx=3, fill=CABOOSE_COLOUR,
                          stroke=INK, class_="caboose"))
        cell.add(_text(dwg, codes[-1], end_x + width / 2, y + 13, 9, "700", "middle", fill=WHITE))
    return svg.Frozen(cell)


# -- the position -----------------------------------------------------------------------------

def draw_position(view: FreightTrainView, legal: Sequence[str], t: Translate) -> str:
    dwg = svg.drawing(VIEW_BOX, t("freight.position.title"), describe(view, t), "board-position",
                      interactive=True)
    groups = _group_moves(legal)
    mover = view["current_player"]
    dwg.add(_main_yard(dwg, view, groups, t))
    if mover is not None and view["phase"] != "arrange":
        dwg.add(_yard_sources(dwg, view, mover, groups, t))
    if groups["arrange"]:
        dwg.add(_pool(dwg, view, groups["arrange"], t))
    dwg.add(_info(dwg, view, t))
    dwg.add(_players(dwg, view, groups["caboose"], t))
    return svg.render(dwg)


def _group_moves(legal: Sequence[str]) -> dict[str, Any]:
    """The board moves by where they are drawn: per source row, refills, cabooses, the rebuild."""
    groups: dict[str, Any] = {"m": {}, "y": {}, "fill": [], "caboose": [], "arrange": []}
    for move in legal:
        if move.startswith("fill"):
            groups["fill"].append(move)
        elif move.startswith("caboose"):
            groups["caboose"].append(move)
        elif ">" in move:
            source, _, _ = move.partition(">")
            if source[0] in "my" and source[1:].isdigit():
                groups[source[0]].setdefault(int(source[1:]), []).append(move)
            else:
                groups["arrange"].append(move)
    return groups


def _destination(view: FreightTrainView, target: str, t: Translate) -> tuple[str, str]:
    """A move's target as (button text, spoken words)."""
    if target == "new":
        return t("freight.to.new"), t("freight.dest.new")
    if target == "mixed":
        return t("freight.to.mixed"), t("freight.dest.mixed")
    n = int(target[1:]) + 1
    if target[0] == "y":
        return t("freight.to.yard", n=n), t("freight.dest.yard", n=n)
    mover = view["current_player"]
    assert mover is not None  # a move to a train is legal only while someone is to move
    kind = view["trains"][mover][n - 1]["kind"]
    code = t("freight.code.mixed") if kind == MIXED else car_code(kind, t)
    return t("freight.to.train", n=n, code=code), t("freight.dest.train", n=n, kind=t(f"freight.type.{kind}"))


def _buttons(dwg: Any, view: FreightTrainView, moves: list[str], y: float, source_words: str, car: str,
             t: Translate) -> Any:
    """One button per legal move of a source's open-end car, left to right."""
    group = dwg.g(class_="move-buttons")
    for k, move in enumerate(moves):
        x = BUTTON_X + k * BUTTON_STEP
        text, words = _destination(view, move.partition(">")[2], t)
        label = t("freight.aria.take", car=t(f"freight.a_car.{car}"), source=source_words, target=words)
        button = svg.target(dwg.g(), move, label, "destination")
        button.add(dwg.rect((x, y), (BUTTON_W, BUTTON_H), rx=5, fill=PAPER, stroke=HIGHLIGHT,
                            **{"stroke-width": 2.5}))
        button.add(_text(dwg, text, x + BUTTON_W / 2, y + 17, 12, "700", "middle", fill=INK))
        group.add(button)
    return group


def _glow(dwg: Any, x: float, y: float, w: float, h: float) -> Any:
    return dwg.rect((x - 3, y - 3), (w + 6, h + 6), rx=4, fill="none", stroke=HIGHLIGHT, class_="source",
                    **{"stroke-width": 3})


def _main_yard(dwg: Any, view: FreightTrainView, groups: dict[str, Any], t: Translate) -> Any:
    group = dwg.g(class_="main-yard")
    fills = {int(move[5:]): move for move in groups["fill"]}
    for r, row in enumerate(view["main_yard"]):
        y = MAIN_TOP + r * ROW_H
        cells = dwg.g(class_="yard-row main", **{"data-row": r})
        for k, car in enumerate(row):
            cells.add(_car(car, car_code(car, t), SLOT_X + k * CAR_STEP, y, CAR_W, CAR_H + 3))
        group.add(cells)
        if r in fills:
            box = ((SLOT_X - 2, y - 2), (MAIN_ROW_CARS * CAR_STEP, CAR_H + 6))
            fill = svg.target(dwg.g(), fills[r], t("freight.aria.fill", n=r + 1), "refill")
            fill.add(dwg.rect(*box, rx=5, fill=PAPER, stroke=HIGHLIGHT, **{"stroke-width": 2.5,
                                                                            "fill-opacity": 0.9}))
            fill.add(_text(dwg, t("freight.fill"), SLOT_X + MAIN_ROW_CARS * CAR_STEP / 2, y + 19, 13, "700",
                           "middle", fill=INK))
            group.add(fill)
        moves = groups["m"].get(r)
        if moves:
            car = row[-1]
            group.add(_glow(dwg, SLOT_X + (len(row) - 1) * CAR_STEP, y, CAR_W, CAR_H))
            group.add(_buttons(dwg, view, moves, y + 1, t("freight.from.main", n=r + 1), car, t))
    return group


def _yard_sources(dwg: Any, view: FreightTrainView, seat: int, groups: dict[str, Any], t: Translate) -> Any:
    """The mover's private-yard rows, open end on the right, with their legal moves beside them."""
    group = dwg.g(class_="yard-sources", **{"data-seat": seat})
    group.add(_text(dwg, t("freight.yard_of", seat=seat + 1), MARGIN + 2, YARD_SRC_TOP - 2, 13, "700"))
    for j, row in enumerate(view["yards"][seat]):
        y = YARD_SRC_TOP + 6 + j * ROW_H
        group.add(_text(dwg, str(j + 1), MARGIN + ROW_LABEL_W / 2, y + 18, 13, "700", "middle"))
        shown = row[-MAIN_ROW_CARS:]  # the open end is what can be taken; the strip below shows all
        if len(row) > len(shown):
            group.add(_text(dwg, "…", BUMPER_X, y + 18, 14))
        for k, car in enumerate(shown):
            x = OPEN_X - (len(shown) - k) * CAR_STEP
            group.add(_car(car, car_code(car, t), x, y, CAR_W, CAR_H + 3))
        moves = groups["y"].get(j)
        if moves:
            group.add(_glow(dwg, OPEN_X - CAR_STEP, y, CAR_W, CAR_H))
            group.add(_buttons(dwg, view, moves, y + 1, t("freight.from.yard", n=j + 1), row[-1], t))
    return group


def _pool(dwg: Any, view: FreightTrainView, moves: list[str], t: Translate) -> Any:
    """While rebuilding the private yard: each waiting car type, with a button per yard row."""
    group = dwg.g(class_="pool")
    counts: dict[str, int] = {}
    for car in view["turn"]["pool"]:
        counts[car] = counts.get(car, 0) + 1
    by_car: dict[str, list[str]] = {}
    for move in moves:
        car = move.partition(">")[0]
        by_car.setdefault(car, []).append(move)
    group.add(_text(dwg, t("freight.pool"), BUTTON_X, MAIN_TOP - 12, 14, "700"))
    for k, (car, car_moves) in enumerate(by_car.items()):
        x, y = BUTTON_X + (k % 3) * 168, MAIN_TOP + (k // 3) * ROW_H
        group.add(_car(car, car_code(car, t), x, y, CAR_W, CAR_H + 3))
        group.add(_text(dwg, f"×{counts.get(car, 0)}", x + CAR_W + 4, y + 19, 13, "700"))
        for i, move in enumerate(car_moves):
            n = int(move[-1]) + 1
            bx = x + CAR_W + 34 + i * 46
            button = svg.target(dwg.g(), move, t("freight.aria.arrange", car=t(f"freight.a_car.{car}"), n=n),
                                "destination")
            button.add(dwg.rect((bx, y + 1), (42, BUTTON_H), rx=5, fill=PAPER, stroke=HIGHLIGHT,
                                **{"stroke-width": 2.5}))
            button.add(_text(dwg, t("freight.to.yard", n=n), bx + 21, y + 18, 12, "700", "middle", fill=INK))
            group.add(button)
    return group


def _info(dwg: Any, view: FreightTrainView, t: Translate) -> Any:
    """Day and round, the deck gauge with the end-of-day window, cabooses left, and the prompt."""
    group = dwg.g(class_="info")
    group.add(_text(dwg, t("freight.day", n=view["day"]), INFO_X, MAIN_TOP + 4, 18, "700"))
    for k in range(3):
        group.add(dwg.circle((INFO_X + 92 + k * 18, MAIN_TOP - 1), r=6, stroke=BALLAST_TEXT,
                             fill=HIGHLIGHT if k < view["day"] else "none", class_="day-pip"))
    group.add(_text(dwg, t("freight.round", n=view["round"]), INFO_X + 160, MAIN_TOP + 4, 14))
    deck = view["deck"]
    total = deck["cars"] + sum(map(len, view["main_yard"]))
    y = MAIN_TOP + 22
    gauge_w = WIDTH - MARGIN - INFO_X
    gauge = dwg.g(class_="deck-gauge", **{"data-cars": deck["cars"]})
    gauge.add(dwg.rect((INFO_X, y), (gauge_w, 14), rx=3, fill="none", stroke=BALLAST_TEXT))
    share = deck["cars"] / total if total else 0.0
    gauge.add(dwg.rect((INFO_X, y), (svg.r1(gauge_w * share), 14), rx=3, fill=RAIL))
    window = deck["end_card"]
    if window and total:
        # Cars are drawn from the top (the gauge's right end): the card lies this far down.
        x0 = INFO_X + gauge_w * max(deck["cars"] - window["max_before"], 0) / total
        x1 = INFO_X + gauge_w * max(deck["cars"] - window["min_before"], 0) / total
        gauge.add(dwg.rect((svg.r1(x0), y - 3), (svg.r1(max(x1 - x0, 3)), 20), fill=BUMPER, opacity=0.75,
                           class_="end-window"))
    group.add(gauge)
    if window:
        end = t("freight.end_card.window", min=window["min_before"], max=window["max_before"])
    else:
        end = t("freight.end_card.drawn")
    group.add(_text(dwg, t("freight.deck", n=deck["cars"]) + " · " + end, INFO_X, y + 32, 12))
    if view["options"].get("cabooses"):
        group.add(_text(dwg, t("freight.cabooses_left", n=view["cabooses"]), INFO_X, y + 50, 12))
    # SVG text does not wrap: about 46 characters fit the column at this size.
    lines = [part for line in _prompt(view, t) for part in wrap(line, 46)]
    for k, line in enumerate(lines[:5]):
        group.add(_text(dwg, line, INFO_X, MAIN_TOP + 96 + k * 18, 14, "700", fill=WHITE, class_="prompt"))
    return group


def _prompt(view: FreightTrainView, t: Translate) -> list[str]:
    phase, player = view["phase"], view["current_player"]
    if phase == "over" or player is None:  # no player to move once the game is over
        return [t("freight.prompt.over")]
    seat = player + 1
    turn = view["turn"]
    if phase == "main":
        return [t("freight.prompt.main", seat=seat, n=turn["taken"], total=MAIN_TAKE)]
    if phase == "private":
        return [t("freight.prompt.private", seat=seat, n=turn["taken"], total=YARD_TAKE_MAX)]
    if phase == "arrange":
        return [t("freight.prompt.arrange", seat=seat, n=len(turn["pool"]))]
    lines = [t("freight.prompt.turn", seat=seat)]
    if turn["filled"]:
        lines.append(t("freight.prompt.filled"))
    return lines


def _players(dwg: Any, view: FreightTrainView, cabooses: list[str], t: Translate) -> Any:
    group = dwg.g(class_="players")
    n = view["players"]
    strip_h = PLAYERS_H / n
    caboose_moves = {int(move[9:]): move for move in cabooses}
    for seat in range(n):
        group.add(_strip(dwg, view, seat, PLAYERS_TOP + seat * strip_h, strip_h,
                         caboose_moves if seat == view["current_player"] else {}, t))
    return group


def _strip(dwg: Any, view: FreightTrainView, seat: int, top: float, h: float, cabooses: dict[int, str],
           t: Translate) -> Any:
    """A player's strip: token, points, locomotives; private yard; trains."""
    strip = dwg.g(class_="player", **{"data-seat": seat})
    mover = seat == view["current_player"]
    strip.add(dwg.rect((MARGIN, top), (WIDTH - 2 * MARGIN, h - 4), rx=6, fill=STRIP,
                       stroke=HIGHLIGHT if mover else "none", **{"stroke-width": 2}))
    strip.add(svg.seat_token(dwg, seat, (MARGIN + 18, top + 18), 11, **{"stroke-width": 1.2}))
    strip.add(_text(dwg, f"★ {view['points'][seat]}", MARGIN + 36, top + 23, 16, "700", class_="points"))
    if view["start_player"] == seat:
        strip.add(_text(dwg, t("freight.first"), MARGIN + 6, top + 42, 11, "600", class_="marker"))
    strip.add(_text(dwg, t("freight.locos", n=view["locos"][seat]), MARGIN + 6, top + 58, 11, "600",
                    class_="locos"))
    if view["mobilised"][seat]:
        strip.add(_text(dwg, t("freight.mobilised"), MARGIN + 6, top + 72, 11, "600", class_="mobilised"))
    # Private yard: two rows, bumper left, open end right.
    codes = _codes(t)
    for j, row in enumerate(view["yards"][seat]):
        strip.add(_private_row(tuple(row), j, top + 8 + j * (SMALL_H + 6), codes))
    strip.add(_text(dwg, t("freight.yard"), YARD_X, top + 8 + 2 * (SMALL_H + 6) + 10, 10, "600", fill=RAIL))
    strip.add(_trains(dwg, view, seat, top, h, cabooses, t))
    return strip


def _trains(dwg: Any, view: FreightTrainView, seat: int, top: float, h: float, cabooses: dict[int, str],
            t: Translate) -> Any:
    """Trains in lanes, filled column by column; spare locomotives after them."""
    group = dwg.g(class_="trains")
    trains = view["trains"][seat]
    spare = max(view["locos"][seat] - len(trains), 0)
    lanes = max(int((h - 8) // LANE_H), 1)
    columns = max(-(-(len(trains) + (1 if spare else 0)) // lanes), 1)
    col_w = (WIDTH - MARGIN - 6 - TRAINS_X) / columns
    codes = _codes(t)
    longest = max((len(train["cars"]) + train["caboose"] for train in trains), default=1)
    step = min(SMALL_STEP, (col_w - LOCO_W - 12) / max(longest, 1))
    width = min(SMALL_W, step - 2)
    for i, train in enumerate(trains):
        x, y = TRAINS_X + (i // lanes) * col_w, top + 6 + (i % lanes) * LANE_H
        kind = train["kind"]
        group.add(_train(kind, tuple(train["cars"]), train["caboose"], i, x, y, step, width, codes))
        end_x = x + LOCO_W + 2 + len(train["cars"]) * step
        if i in cabooses:
            box = ((x - 2, y - 2), (svg.r1(end_x - x + width + 4), SMALL_H + 4))
            group.add(dwg.rect(*box, rx=4, fill="none", stroke=HIGHLIGHT, **{"stroke-width": 2.5}))
            hit = dwg.rect(*box, rx=4, fill=INK, **{"fill-opacity": 0, "pointer-events": "all"})
            label = t("freight.aria.caboose", n=i + 1, kind=t(f"freight.type.{kind}"))
            group.add(svg.target(hit, cabooses[i], label, "caboose"))
    if spare:
        k = len(trains)
        x, y = TRAINS_X + (k // lanes) * col_w, top + 6 + (k % lanes) * LANE_H
        spares = dwg.g(class_="spare-locos", **{"data-spare": spare})
        spares.add(_loco(None, "", x, y))
        spares.add(_text(dwg, f"×{spare}", x + LOCO_W + 4, y + 14, 12, "700", fill=RAIL))
        group.add(spares)
    return group


# -- text alternative --------------------------------------------------------------------------

def describe(view: FreightTrainView, t: Translate) -> str:
    parts = []
    if view["seat"] is not None:
        parts.append(t("freight.describe.you", seat=view["seat"] + 1))
    parts.append(t("freight.day", n=view["day"]) + ", " + t("freight.round", n=view["round"]) + ".")
    parts.extend(_prompt(view, t))
    for r, row in enumerate(view["main_yard"]):
        cars = ", ".join(t(f"freight.type.{car}") for car in row) or "–"
        parts.append(t("freight.describe.row", n=r + 1, cars=cars))
    for seat in range(view["players"]):
        trains = "; ".join(f"{t('freight.type.' + train['kind'])} ({len(train['cars'])})"
                           for train in view["trains"][seat]) or "–"
        parts.append(t("freight.describe.player", seat=seat + 1, points=view["points"][seat],
                       locos=view["locos"][seat], trains=trains,
                       yard=sum(map(len, view["yards"][seat]))))
    return " ".join(parts)
