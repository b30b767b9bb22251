"""The Freight Train table as SVG: pure functions from the engine's view to SVG strings.

One viewBox holds, top to bottom: the main yard (five rows, bumper on the left, open end on the
right) with, beside each row, one button per legal move of its open-end car; under it, the private
yard rows of the seat to move as sources of the same kind; on the right the day, round, deck gauge
(with the window where the end-of-day card may lie), what is asked now and the legend; then one
strip per player: token, points and locomotives, private yard (two rows) and trains. Every car
shows its type's colour *and* its type code, so colour is never the only cue; a mixed train's
locomotive is striped and coded. `draw_map` is the part that never changes (backdrop, headings,
legend of car types); `draw_position` everything else, with every board move as a target carrying
`data-move`. Every word goes through the translation function `t`.

Sizes: the viewBox (1280x920) is about as wide for its height as the board's box on a laptop or a
projector, and every text is at least `TEXT` units tall: 20 CSS px or more in projector mode, where
the board is drawn about 1.02 px per unit (the seat tokens' numbers excepted: freight_train.css).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import ceil
from textwrap import wrap
from typing import Any, NamedTuple

from games.core import Steps, finish
from games.freight_train.cards import (
    CAR_TYPES,
    MAIN_ROW_CARS,
    MAIN_TAKE,
    MIXED,
    TYPE_ORDER,
    YARD_ROW_LIMIT,
    YARD_TAKE_MAX,
)
from games.freight_train.view import FreightTrainView, TrainView
from ui import svg
from ui.i18n import Translate
from ui.palette import HIGHLIGHT, INK, PAPER, WHITE
from ui.seats import seat_label

WIDTH, HEIGHT = 1280.0, 920.0
VIEW_BOX = (0.0, 0.0, WIDTH, HEIGHT)
MARGIN = 8.0
TEXT = 20  # the smallest text, in units
HEADING = 22
LINE = 22  # from one line of text to the next
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
MAIN_TOP = 36.0
ROW_H = 42.0
ROW_LABEL_W = 22.0
BUMPER_X = MARGIN + ROW_LABEL_W
CAR_W, CAR_H, CAR_STEP = 48.0, 32.0, 52.0
SLOT_X = BUMPER_X + 10
OPEN_X = SLOT_X + MAIN_ROW_CARS * CAR_STEP  # where a row's open end is
YARD_SRC_TOP = MAIN_TOP + 5 * ROW_H + 30  # the mover's private yard as sources, under its heading
BUTTON_X = OPEN_X + 22
BUTTON_W, BUTTON_H, BUTTON_STEP = 88.0, 32.0, 92.0  # four buttons: the most one car is offered
# While the private yard is rebuilt: each waiting car type in two columns beside the main yard.
POOL_CHARS = 36  # the pool's heading, on two lines between the main yard and the right-hand column
POOL_TOP = MAIN_TOP + 24  # under that heading
POOL_STEP_X, POOL_STEP_Y = 204.0, 34.0
POOL_BUTTON_W = 60.0
# The column on the right: day, deck, prompt, then the legend down to the players' strips.
INFO_X = 740.0
INFO_W = WIDTH - MARGIN - INFO_X
PROMPT_CHARS = 48  # SVG text does not wrap: 53 fit in Arial, fewer leave room for wider fonts
# One strip per player below.
HEADS_Y = YARD_SRC_TOP + 2 * ROW_H + 22  # the players' column heads, on the baseline of their text
PLAYERS_TOP = HEADS_Y + 8
PLAYERS_H = HEIGHT - PLAYERS_TOP - MARGIN
LEGEND_W, LEGEND_H, LEGEND_STEP = 40.0, 28.0, 30.0
LEGEND_TOP = PLAYERS_TOP - 6 - 6 * LEGEND_STEP  # two columns of six, ending above the strips
SMALL_W, SMALL_H, SMALL_STEP = 40.0, 30.0, 42.0
TOKEN_R = 16.0
YARD_X = 180.0  # after the players' column: points, locomotives, who plays first
TRAINS_X = YARD_X + 8 + YARD_ROW_LIMIT * SMALL_STEP + 24
TRAINS_END = WIDTH - MARGIN - 6
LANE_H = 32.0
TIGHT_LANE_H = 31.0  # lanes this close only when a strip is crowded: one unit between cars
TRAIN_GAP = 30.0  # between two trains in a lane: room for the next one's number
LOCO_W = 46.0
MIN_STEP = 12.0  # the tightest cars ever get in a crowded strip
NAME_CHARS = 20  # the lobby's longest name; a longer one (an old link's) is cut, whole in a <title>


def _font(size: float, weight: str = "700", anchor: str = "middle") -> dict[str, Any]:
    return {"font-size": size, "font-weight": weight, "text-anchor": anchor}


def _text(dwg: Any, text: str, x: float, y: float, size: float = TEXT, weight: str = "600",
          anchor: str = "start", fill: str = BALLAST_TEXT, **attrs: Any) -> Any:
    return dwg.text(text, insert=(svg.r1(x), svg.r1(y)), fill=fill, **_font(size, weight, anchor), **attrs)


def _code_size(h: float) -> float:
    """A car's code: at least `TEXT`, a little larger on the main yard's larger cars."""
    return max(TEXT, svg.r1(h * 0.6))


def _baseline(y: float, h: float, size: float) -> float:
    """The baseline that centres capitals of `size` on a body `h` tall from `y`."""
    return svg.r1(y + h / 2 + size * 0.36)


def car_code(car: str, t: Translate) -> str:
    return t(f"freight.code.{car}")


def _slots(name: str) -> int:
    """How many of the prompt's average characters `name` is as wide as (erring wide): a name of
    capitals is far wider than the sentences `PROMPT_CHARS` was measured on."""
    return ceil(sum(2 if c in "WMmw" else 1.5 if c.isupper() or c.isdigit() else 1 for c in name))


# -- the static layer ---------------------------------------------------------------------------

def draw_map(t: Translate) -> str:
    """The yard's ground, the headings and the legend of car types: drawn once per game."""
    dwg = svg.drawing(VIEW_BOX, t("freight.map.title"), t("freight.map.desc"), "board-map")
    dwg.add(dwg.rect((0, 0), (WIDTH, HEIGHT), fill=BALLAST))
    dwg.add(_text(dwg, t("freight.main_yard"), MARGIN + 2, MAIN_TOP - 10, HEADING, "700"))
    tracks = dwg.g(class_="tracks", stroke=RAIL, **{"stroke-width": 2})
    for r in range(5):
        y = MAIN_TOP + r * ROW_H
        tracks.add(dwg.line((BUMPER_X, y + CAR_H + 4), (OPEN_X + 16, y + CAR_H + 4)))
        dwg.add(_text(dwg, str(r + 1), MARGIN + ROW_LABEL_W / 2, _baseline(y, CAR_H, TEXT), TEXT, "700",
                      "middle"))
        dwg.add(dwg.rect((BUMPER_X, y), (6, CAR_H + 4), fill=BUMPER, stroke=INK))
        dwg.add(_text(dwg, "▸", OPEN_X + 2, _baseline(y, CAR_H, TEXT), TEXT, "700", fill=RAIL))
    dwg.add(tracks)
    dwg.add(_column_heads(dwg, t))
    # The legend takes the right-hand column down to the strips; the dashed line stops short of it.
    dwg.add(dwg.line((MARGIN, HEADS_Y - 24), (INFO_X - 16, HEADS_Y - 24), stroke=RAIL,
                     **{"stroke-width": 1, "stroke-dasharray": "6 4"}))
    dwg.add(_legend(dwg, t))
    return svg.render(dwg)


def _legend(dwg: Any, t: Translate) -> Any:
    """Every car type's colour and code with its name, in two columns (the longest French names need
    a half of the column)."""
    legend = dwg.g(class_="legend")
    words = _words(t)
    for k, car in enumerate(CAR_TYPES):
        x, y = INFO_X + (k // 6) * INFO_W / 2, LEGEND_TOP + (k % 6) * LEGEND_STEP
        legend.add(_a_car(car, words, x, y, LEGEND_W, LEGEND_H))
        legend.add(_text(dwg, t(f"freight.type.{car}"), x + LEGEND_W + 6, _baseline(y, LEGEND_H - 3, TEXT)))
    return legend


def _column_heads(dwg: Any, t: Translate) -> Any:
    """One head per column of the players' strips, at the x where that column starts in every strip."""
    heads = dwg.g(class_="column-heads")
    for key, x in (("freight.heading.players", MARGIN + 6), ("freight.yard", YARD_X),
                   ("freight.heading.trains", TRAINS_X - 12)):
        heads.add(_text(dwg, t(key), x, HEADS_Y, TEXT, "700", fill=RAIL, **{"data-x": str(x)}))
    return heads


# -- cars and trains ---------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _car(car: str, code: str, name: str, x: float, y: float, w: float, h: float) -> svg.Frozen:
    """A car: its type's colour, its code, two bogies, and its full name on hover."""
    dwg = svg.ELEMENTS
    fill, ink = CAR_COLOURS[car]
    group = dwg.g(class_="car", **{"data-car": car})
    group.set_desc(title=name)
    group.add(dwg.rect((x, y), (w, h - 3), rx=2, fill=fill, stroke=INK, **{"stroke-width": 1}))
    size = _code_size(h)
    group.add(dwg.text(code, insert=(svg.r1(x + w / 2), _baseline(y, h - 3, size)), fill=ink, **_font(size)))
    # Both bogies in one path: a car is the board's most repeated piece, and every element counts in
    # the layout of a board that shows two hundred of them.
    r, cy = svg.r1(h * 0.1), svg.r1(y + h - 2)
    group.add(dwg.path(d="".join(f"M{svg.r1(bx - r)} {cy}a{r} {r} 0 1 0 {svg.r1(2 * r)} 0a{r} {r} 0 1 0 "
                                 f"{svg.r1(-2 * r)} 0" for bx in (x + w * 0.22, x + w * 0.78)), fill=INK))
    return svg.Frozen(group)


@lru_cache(maxsize=1024)
def _loco(kind: str | None, code: str, name: str, x: float, y: float) -> svg.Frozen:
    """A locomotive, pointing right, named by its train on hover; `kind` None is a spare one (no train
    yet)."""
    dwg = svg.ELEMENTS
    h = SMALL_H
    group = dwg.g(class_="loco spare" if kind is None else f"loco loco-{kind}")
    group.set_desc(title=name)
    body = LOCO_COLOUR if kind is not None else "none"
    outline = INK if kind is not None else RAIL
    group.add(dwg.path(d=f"M{x} {y}H{x + LOCO_W - 8}L{x + LOCO_W} {y + 6}V{y + h - 3}H{x}Z",
                       fill=body, stroke=outline, **{"stroke-width": 1.2}))
    if kind == MIXED:  # the stripes stay above the code's capitals
        for k, colour in enumerate(MIXED_STRIPES):
            group.add(dwg.rect((x + 2 + k * 6, y + 1), (6, 3), fill=colour))
    if kind is not None:
        group.add(dwg.text(code, insert=(svg.r1(x + (LOCO_W - 8) / 2 + 1), _baseline(y + 1, h - 3, TEXT)),
                           fill=WHITE, **_font(TEXT)))
    return svg.Frozen(group)


class Words(NamedTuple):
    """The translated words drawn on cars, one per car type, then the mixed train's and the caboose's
    (a cache key: the language may change)."""

    codes: tuple[str, ...]
    names: tuple[str, ...]


def _words(t: Translate) -> Words:
    codes = (*(car_code(car, t) for car in CAR_TYPES), t("freight.code.mixed"), t("freight.code.caboose"))
    names = (*(t(f"freight.type.{car}") for car in CAR_TYPES), t("freight.type.mixed"), t("freight.caboose"))
    return Words(codes, names)


def _a_car(car: str, words: Words, x: float, y: float, w: float, h: float) -> svg.Frozen:
    i = TYPE_ORDER[car]
    return _car(car, words.codes[i], words.names[i], x, y, w, h)


@lru_cache(maxsize=2048)
def _private_row(row: tuple[str, ...], j: int, y: float, words: Words) -> svg.Frozen:
    dwg = svg.ELEMENTS
    cells = dwg.g(class_="yard-row private", **{"data-row": j})
    cells.add(dwg.rect((YARD_X, y), (4, SMALL_H), fill=BUMPER))
    for k, car in enumerate(row):
        cells.add(_a_car(car, words, YARD_X + 8 + k * SMALL_STEP, y, SMALL_W, SMALL_H))
    return svg.Frozen(cells)


@lru_cache(maxsize=2048)
def _train(kind: str, cars: tuple[str, ...], caboose: bool, i: int, x: float, y: float, step: float,
           width: float, words: Words) -> svg.Frozen:
    """A train: its number, the locomotive leading on the left, the cars in the order they were
    attached, and its caboose."""
    dwg = svg.ELEMENTS
    cell = dwg.g(class_="train mixed" if kind == MIXED else "train", **{"data-train": i, "data-kind": kind})
    cell.add(_text(dwg, str(i + 1), x - 4, _baseline(y, SMALL_H - 3, TEXT), TEXT, "600", "end", fill=RAIL))
    i = -2 if kind == MIXED else TYPE_ORDER[kind]
    cell.add(_loco(kind, words.codes[i], words.names[i], x, y))
    for k, car in enumerate(cars):
        cell.add(_a_car(car, words, svg.r1(x + LOCO_W + 2 + k * step), y, svg.r1(width), SMALL_H))
    if caboose:
        end_x = x + LOCO_W + 2 + len(cars) * step
        tail = dwg.g(class_="caboose")
        tail.set_desc(title=words.names[-1])
        tail.add(dwg.rect((svg.r1(end_x), y + 2), (svg.r1(width), SMALL_H - 5), rx=3, fill=CABOOSE_COLOUR,
                          stroke=INK))
        tail.add(_text(dwg, words.codes[-1], end_x + width / 2, _baseline(y + 2, SMALL_H - 5, TEXT), TEXT,
                       "700", "middle", fill=WHITE))
        cell.add(tail)
    return svg.Frozen(cell)


# -- the position -----------------------------------------------------------------------------

def draw_position(view: FreightTrainView, legal: Sequence[str], t: Translate,
                  names: Sequence[str] = ()) -> str:
    return finish(position_steps(view, legal, t, names))


def position_steps(view: FreightTrainView, legal: Sequence[str], t: Translate,
                   names: Sequence[str] = ()) -> Steps[str]:
    """The board in steps: each player's strip first, a step each (drawn afresh, the five strips of a
    five-player game's last position took 55-134 ms in one task in the browser), then the rest."""
    groups = _group_moves(legal)
    words = _words(t)
    players = svg.ELEMENTS.g(class_="players")
    for strip in strips(view, groups, t, names, words):
        players.add(_strip(strip))
        yield
    dwg = svg.drawing(VIEW_BOX, t("freight.position.title"), describe(view, t, names), "board-position",
                      interactive=True)
    mover = view["current_player"]
    dwg.add(_main_yard(dwg, view, groups, t, words))
    if mover is not None and view["phase"] != "arrange":
        dwg.add(_yard_sources(dwg, view, mover, groups, t, seat_label(mover, names, t), words))
    if groups["arrange"]:
        dwg.add(_pool(dwg, view, groups, t, words))
    dwg.add(_info(dwg, view, legal, t, names))
    dwg.add(players)
    return svg.render(dwg)


# How natural a board move is, lower first: putting a rebuilt yard's car back, adding a car to one of
# your trains, starting a train of its type, starting the mixed train, parking it in your private
# yard, refilling a row (only natural when nothing else is), attaching a caboose (it ends the turn).
NATURAL = {"arrange": 0, "t": 1, "n": 2, "m": 3, "y": 4, "fill": 5, "caboose": 6}


def _nature(move: str) -> int:
    if move.startswith(("fill", "caboose")):
        return NATURAL[move.split(" ")[0].split(">")[0]]
    source, _, target = move.partition(">")
    return NATURAL["arrange"] if source in TYPE_ORDER else NATURAL[target[0]]


def suggested(legal: Sequence[str]) -> frozenset[str]:
    """The board moves ringed in yellow: the most natural of the legal ones (never a penalty; the
    others get a quiet outline)."""
    board = [move for move in legal if ">" in move or move.startswith("fill")]
    best = min(map(_nature, board), default=None)
    return frozenset(move for move in board if _nature(move) == best)


def _ring(suggested: bool) -> dict[str, Any]:
    """A target's outline: yellow and thick for the suggested moves, quiet for the others."""
    if suggested:
        return {"stroke": HIGHLIGHT, "stroke-width": 3, "class": "suggested"}
    return {"stroke": RAIL, "stroke-width": 1.5}


def _group_moves(legal: Sequence[str]) -> dict[str, Any]:
    """The board moves by where they are drawn: per source row, refills, cabooses, the rebuild."""
    groups: dict[str, Any] = {"m": {}, "y": {}, "fill": [], "caboose": [], "arrange": [],
                              "suggested": suggested(legal)}
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


def _buttons(dwg: Any, view: FreightTrainView, groups: dict[str, Any], moves: list[str], y: float,
             source_words: str, car: str, t: Translate) -> Any:
    """One button per legal move of a source's open-end car, left to right."""
    group = dwg.g(class_="move-buttons")
    for k, move in enumerate(moves):
        x = BUTTON_X + k * BUTTON_STEP
        text, words = _destination(view, move.partition(">")[2], t)
        label = t("freight.aria.take", car=t(f"freight.a_car.{car}"), source=source_words, target=words)
        button = svg.target(dwg.g(), move, label, "destination")
        button.add(dwg.rect((x, y), (BUTTON_W, BUTTON_H), rx=5, fill=PAPER,
                            **_ring(move in groups["suggested"])))
        group.add(button)
        # The words on the button are drawn over it, outside it: its label says them in full, so a
        # screen reader reads them once (and the pointer goes through them to the button).
        group.add(_text(dwg, text, x + BUTTON_W / 2, _baseline(y, BUTTON_H, TEXT), TEXT, "700", "middle",
                        fill=INK))
    return group


def _source(dwg: Any, car: str, label: str, x: float, y: float, words: Words) -> Any:
    """A car that can move now: ringed, and named with where it stands for a screen reader."""
    group = dwg.g(class_="source", role="img", **{"aria-label": label})
    group.add(dwg.rect((x - 3, y - 3), (CAR_W + 6, CAR_H + 6), rx=4, fill="none", stroke=HIGHLIGHT,
                       **{"stroke-width": 3}))
    group.add(_a_car(car, words, x, y, CAR_W, CAR_H + 3))
    return group


def _main_yard(dwg: Any, view: FreightTrainView, groups: dict[str, Any], t: Translate, words: Words) -> Any:
    group = dwg.g(class_="main-yard")
    fills = {int(move[5:]): move for move in groups["fill"]}
    for r, row in enumerate(view["main_yard"]):
        y = MAIN_TOP + r * ROW_H
        cells = dwg.g(class_="yard-row main", **{"data-row": r})
        moves = groups["m"].get(r)
        for k, car in enumerate(row):
            x = SLOT_X + k * CAR_STEP
            if moves and k == len(row) - 1:
                label = t("freight.aria.main_car", car=t(f"freight.type.{car}"), n=r + 1)
                cells.add(_source(dwg, car, label, x, y, words))
            else:
                cells.add(_a_car(car, words, x, y, CAR_W, CAR_H + 3))
        group.add(cells)
        if r in fills:
            box = ((SLOT_X - 2, y - 2), (MAIN_ROW_CARS * CAR_STEP, CAR_H + 6))
            fill = svg.target(dwg.g(), fills[r], t("freight.aria.fill", n=r + 1), "refill")
            fill.add(dwg.rect(*box, rx=5, fill=PAPER, **{"fill-opacity": 0.9},
                              **_ring(fills[r] in groups["suggested"])))
            fill.add(_text(dwg, t("freight.fill"), SLOT_X + MAIN_ROW_CARS * CAR_STEP / 2,
                           _baseline(y, CAR_H, TEXT), TEXT, "700", "middle", fill=INK))
            group.add(fill)
        if moves:
            group.add(_buttons(dwg, view, groups, moves, y + 1, t("freight.from.main", n=r + 1), row[-1], t))
    return group


def _yard_sources(dwg: Any, view: FreightTrainView, seat: int, groups: dict[str, Any], t: Translate,
                  name: str, words: Words) -> Any:
    """The mover's private-yard rows, open end on the right, with their legal moves beside them, under
    the mover's name."""
    group = dwg.g(class_="yard-sources", **{"data-seat": seat})
    short = svg.shorten(name, NAME_CHARS)
    heading = _text(dwg, t("freight.yard_of", name=short), MARGIN + 2, YARD_SRC_TOP - 10, TEXT, "700",
                    class_="yard-of")
    if short != name:
        heading.set_desc(title=t("freight.yard_of", name=name))
    group.add(heading)
    for j, row in enumerate(view["yards"][seat]):
        y = YARD_SRC_TOP + j * ROW_H
        group.add(_text(dwg, str(j + 1), MARGIN + ROW_LABEL_W / 2, _baseline(y, CAR_H, TEXT), TEXT, "700",
                        "middle"))
        # The open end is what can be taken (the strip below shows all): a longer row gives its
        # first slot to an ellipsis.
        shown = row if len(row) <= MAIN_ROW_CARS else row[1 - MAIN_ROW_CARS:]
        if len(row) > len(shown):
            group.add(_text(dwg, "…", SLOT_X + CAR_W / 2, _baseline(y, CAR_H, TEXT), TEXT, "700", "middle"))
        moves = groups["y"].get(j)
        for k, car in enumerate(shown):
            x = OPEN_X - (len(shown) - k) * CAR_STEP
            if moves and k == len(shown) - 1:
                label = t("freight.aria.yard_car", car=t(f"freight.type.{car}"), n=j + 1)
                group.add(_source(dwg, car, label, x, y, words))
            else:
                group.add(_a_car(car, words, x, y, CAR_W, CAR_H + 3))
        if moves:
            group.add(_buttons(dwg, view, groups, moves, y + 1, t("freight.from.yard", n=j + 1), row[-1], t))
    return group


def _pool(dwg: Any, view: FreightTrainView, groups: dict[str, Any], t: Translate, words: Words) -> Any:
    """While rebuilding the private yard: each waiting car type, with a button per yard row, in two
    columns beside the main yard (which has no moves then), under a heading on two lines."""
    group = dwg.g(class_="pool")
    counts: dict[str, int] = {}
    for car in view["turn"]["pool"]:
        counts[car] = counts.get(car, 0) + 1
    by_car: dict[str, list[str]] = {}
    for move in groups["arrange"]:
        by_car.setdefault(move.partition(">")[0], []).append(move)
    for k, line in enumerate(wrap(t("freight.pool"), POOL_CHARS)[:2]):
        group.add(_text(dwg, line, BUTTON_X, MAIN_TOP - 10 + k * LINE, TEXT, "700"))
    for k, (car, car_moves) in enumerate(by_car.items()):
        x, y = BUTTON_X + (k % 2) * POOL_STEP_X, POOL_TOP + (k // 2) * POOL_STEP_Y
        group.add(_a_car(car, words, x, y, SMALL_W, SMALL_H))
        group.add(_text(dwg, f"×{counts.get(car, 0)}", x + SMALL_W + 3, _baseline(y, SMALL_H - 3, TEXT),
                        TEXT, "700"))
        for i, move in enumerate(car_moves):
            n = int(move[-1]) + 1
            bx = x + POOL_STEP_X - 2 - (len(car_moves) - i) * (POOL_BUTTON_W + 2)
            button = svg.target(dwg.g(), move, t("freight.aria.arrange", car=t(f"freight.a_car.{car}"), n=n),
                                "destination")
            button.add(dwg.rect((bx, y - 1), (POOL_BUTTON_W, SMALL_H + 2), rx=5, fill=PAPER,
                                **_ring(move in groups["suggested"])))
            group.add(button)
            group.add(_text(dwg, t("freight.to.yard", n=n), bx + POOL_BUTTON_W / 2,
                            _baseline(y - 1, SMALL_H + 2, TEXT), TEXT, "700", "middle", fill=INK))
    return group


def _info(dwg: Any, view: FreightTrainView, legal: Sequence[str], t: Translate, names: Sequence[str]) -> Any:
    """Day, round and deck; the deck gauge with the end-of-day window; cabooses left; the prompt."""
    group = dwg.g(class_="info")
    top = MAIN_TOP - 10  # the baseline of the first line, beside the main yard's heading
    group.add(_text(dwg, t("freight.day", n=view["day"]), INFO_X, top, HEADING, "700"))
    for k in range(3):
        group.add(dwg.circle((INFO_X + 100 + k * 20, top - 7), r=7, stroke=BALLAST_TEXT,
                             fill=HIGHLIGHT if k < view["day"] else "none", class_="day-pip"))
    deck = view["deck"]
    group.add(_text(dwg, t("freight.round", n=view["round"]), INFO_X + 164, top))
    group.add(_text(dwg, t("freight.deck", n=deck["cars"]), INFO_X + 284, top))
    group.add(_gauge(dwg, view, top + 10))
    window = deck["end_card"]
    if window:
        end = t("freight.end_card.window", min=window["min_before"], max=window["max_before"])
    else:
        end = t("freight.end_card.drawn")
    lines = [end]
    if view["options"].get("cabooses"):
        lines.append(t("freight.cabooses_left", n=view["cabooses"]))
    for k, line in enumerate(lines):
        group.add(_text(dwg, line, INFO_X, top + 44 + k * LINE))
    group.add(_prompt_lines(dwg, view, legal, t, _mover(view, names, t), top + 44 + len(lines) * LINE + 4))
    return group


def _gauge(dwg: Any, view: FreightTrainView, y: float) -> Any:
    """The deck as a bar, with the window where the end-of-day card may lie."""
    deck = view["deck"]
    total = deck["cars"] + sum(map(len, view["main_yard"]))
    gauge = dwg.g(class_="deck-gauge", **{"data-cars": deck["cars"]})
    gauge.add(dwg.rect((INFO_X, y), (INFO_W, 14), rx=3, fill="none", stroke=BALLAST_TEXT))
    share = deck["cars"] / total if total else 0.0
    gauge.add(dwg.rect((INFO_X, y), (svg.r1(INFO_W * share), 14), rx=3, fill=RAIL))
    window = deck["end_card"]
    if window and total:
        # Cars are drawn from the top (the gauge's right end): the card lies this far down.
        x0 = INFO_X + INFO_W * max(deck["cars"] - window["max_before"], 0) / total
        x1 = INFO_X + INFO_W * max(deck["cars"] - window["min_before"], 0) / total
        gauge.add(dwg.rect((svg.r1(x0), y - 3), (svg.r1(max(x1 - x0, 3)), 20), fill=BUMPER, opacity=0.75,
                           class_="end-window"))
    return gauge


def _prompt_lines(dwg: Any, view: FreightTrainView, legal: Sequence[str], t: Translate, name: str,
                  y: float) -> Any:
    """The prompt as one paragraph, wrapped by hand (SVG text does not wrap), cut short with an
    ellipsis where the legend begins; the whole of it is its <title> when anything was cut. The
    mover's name is wrapped as one word as wide as it is drawn (a stand-in of `_slots` characters)."""
    group = dwg.g(class_="prompt")
    room = max(int((LEGEND_TOP - 10 - y) // LINE) + 1, 1)
    shown = svg.shorten(name, NAME_CHARS)
    stand_in = "\0" * _slots(shown)
    lines = [line.replace(stand_in, shown) for line in wrap(" ".join(_prompt(view, legal, t, stand_in)),
                                                             PROMPT_CHARS)]
    if len(lines) > room or shown != name:
        group.set_desc(title=" ".join(_prompt(view, legal, t, name)))
    if len(lines) > room:
        lines = [*lines[:room - 1], lines[room - 1].rstrip(".") + "…"]
    for k, line in enumerate(lines):
        group.add(_text(dwg, line, INFO_X, y + k * LINE, TEXT, "700", fill=WHITE))
    return group


def _asked(view: FreightTrainView, legal: Sequence[str], t: Translate) -> list[str]:
    """What the player to move is asked to do now, sentence by sentence (`legal` sharpens it:
    confirm, refill, pass)."""
    phase, turn = view["phase"], view["turn"]
    if phase == "over" or view["current_player"] is None:  # no player to move once the game is over
        return [t("freight.prompt.over")]
    if list(legal) == ["done"]:
        return [t("freight.prompt.confirm")]
    if phase == "main":
        return [t("freight.prompt.main", n=turn["taken"], total=MAIN_TAKE)]
    if phase == "private":
        return [t("freight.prompt.private", n=turn["taken"], total=YARD_TAKE_MAX)]
    if phase == "arrange":
        return [t("freight.prompt.arrange", n=len(turn["pool"]))]
    if list(legal) == ["pass"]:
        return [t("freight.prompt.pass")]
    if legal and all(move.startswith("fill") for move in legal):
        return [t("freight.prompt.must_fill")]
    return [t("freight.prompt.turn"), *([t("freight.prompt.filled")] if turn["filled"] else [])]


def ask(view: FreightTrainView, legal: Sequence[str], t: Translate) -> str:
    """The status line for the player to move."""
    return " ".join(_asked(view, legal, t))


def _mover(view: FreightTrainView, names: Sequence[str], t: Translate) -> str:
    """The name of the player to move ("" once the game is over)."""
    player = view["current_player"]
    return "" if player is None else seat_label(player, names, t)


def _prompt(view: FreightTrainView, legal: Sequence[str], t: Translate, name: str) -> list[str]:
    """The board's prompt: who is to move (`name`), then what they are asked."""
    who = [] if view["current_player"] is None else [t("freight.prompt.seat", name=name)]
    return who + _asked(view, legal, t)


def strips(view: FreightTrainView, groups: dict[str, Any], t: Translate, names: Sequence[str],
           words: Words) -> list[Strip]:
    """What each player's strip shows, top to bottom; the mover's holds its caboose moves."""
    n = view["players"]
    strip_h = PLAYERS_H / n
    caboose_moves = {int(move[9:]): move for move in groups["caboose"]}
    return [_strip_of(view, seat, PLAYERS_TOP + seat * strip_h, strip_h,
                      caboose_moves if seat == view["current_player"] else {}, groups, t,
                      seat_label(seat, names, t), words) for seat in range(n)]


TrainKey = tuple[str, tuple[str, ...], bool]  # a train as (kind, cars, caboose)


class Strip(NamedTuple):
    """All that a player's strip shows, its words translated: the key its drawing is kept under (a move
    changes one or two strips of up to five, and the others are not drawn again)."""

    seat: int
    top: float
    h: float
    mover: bool
    name: str
    points: int
    notes: tuple[tuple[str, str], ...]  # (words, class): locomotives, who plays first, mobilised
    yards: tuple[tuple[str, ...], ...]
    trains: tuple[TrainKey, ...]
    spare: int  # locomotives without a train
    spare_words: str
    cabooses: tuple[tuple[int, str, str, bool], ...]  # (train, move, label, suggested)
    words: Words


def _train_keys(trains: Sequence[TrainView]) -> tuple[TrainKey, ...]:
    return tuple((train["kind"], tuple(train["cars"]), train["caboose"]) for train in trains)


def _strip_of(view: FreightTrainView, seat: int, top: float, h: float, cabooses: dict[int, str],
              groups: dict[str, Any], t: Translate, name: str, words: Words) -> Strip:
    trains = view["trains"][seat]
    notes = [(t("freight.locos", n=view["locos"][seat]), "locos")]
    if view["start_player"] == seat:
        notes.append((t("freight.first"), "marker"))
    if view["mobilised"][seat]:
        notes.append((t("freight.mobilised"), "mobilised"))
    spare = max(view["locos"][seat] - len(trains), 0)
    rings = tuple((i, move, t("freight.aria.caboose", n=i + 1, kind=t(f"freight.type.{trains[i]['kind']}")),
                   move in groups["suggested"]) for i, move in sorted(cabooses.items()))
    return Strip(seat, top, h, seat == view["current_player"], name, view["points"][seat], tuple(notes),
                 tuple(map(tuple, view["yards"][seat])), _train_keys(trains), spare,
                 t("freight.spare_locos", n=spare) if spare else "", rings, words)


@lru_cache(maxsize=64)
def _strip(strip: Strip) -> svg.Frozen:
    """A player's strip: token (their name on hover), points, locomotives, who plays first; private
    yard; trains."""
    dwg = svg.ELEMENTS
    top, h = strip.top, strip.h
    group = dwg.g(class_="player", **{"data-seat": strip.seat})
    group.add(dwg.rect((MARGIN, top), (WIDTH - 2 * MARGIN, h - 4), rx=6, fill=STRIP,
                       stroke=HIGHLIGHT if strip.mover else "none", **{"stroke-width": 2}))
    token = svg.seat_token(dwg, strip.seat, (MARGIN + 6 + TOKEN_R, top + 24), TOKEN_R,
                           **{"stroke-width": 1.2})
    token.set_desc(title=strip.name)
    group.add(token)
    group.add(_text(dwg, f"★ {strip.points}", MARGIN + 14 + 2 * TOKEN_R, top + 31, HEADING, "700",
                    class_="points"))
    for k, (note, kind) in enumerate(strip.notes):
        group.add(_text(dwg, note, MARGIN + 6, top + 54 + k * 22, class_=kind))
    lanes = _lanes(strip.trains, strip.spare > 0, top, h)
    # Private yard: two rows, bumper left, open end right, level with the first two lanes of trains.
    for j, row in enumerate(strip.yards):
        group.add(_private_row(row, j, lanes.y(j), strip.words))
    group.add(_trains(dwg, strip, lanes))
    return svg.Frozen(group)


class Lanes(NamedTuple):
    """Where a strip's trains go: its lanes, how far apart cars are, and each train's place (lane, x),
    then the spare locomotives'."""

    top: float  # of the first lane's cars
    pitch: float  # from one lane to the next
    step: float
    places: list[tuple[int, float]]

    def y(self, lane: int) -> float:
        return svg.r1(self.top + lane * self.pitch)


def _lane_options(h: float) -> list[tuple[int, float]]:
    """(lanes, pitch) a strip `h` tall offers: roomy lanes, then one lane more if closer lanes allow it
    (a crowded strip takes it before its cars get closer)."""
    roomy = max(int((h - 8) // LANE_H), 2)
    tight = int((h - 6) // TIGHT_LANE_H)
    return [(roomy, LANE_H), *([(tight, TIGHT_LANE_H)] if tight > roomy else [])]


def _flow(widths: Sequence[float], lanes: int) -> tuple[list[tuple[int, float]], bool]:
    """Each item's lane and x, left to right and lane after lane (the last one running on), and
    whether they all end before the strip does."""
    places = []
    lane, x = 0, TRAINS_X
    for w in widths:
        if x > TRAINS_X and x + w > TRAINS_END and lane < lanes - 1:
            lane, x = lane + 1, TRAINS_X
        places.append((lane, x))
        x += w + TRAIN_GAP
    return places, all(x + w <= TRAINS_END for (_, x), w in zip(places, widths, strict=True))


def train_lanes(view: FreightTrainView, seat: int, top: float, h: float) -> Lanes:
    """Where `seat`'s trains lie in its strip (from `top`, `h` high): the board's lanes, which the
    overlay's rings follow too."""
    trains = view["trains"][seat]
    return _lanes(_train_keys(trains), view["locos"][seat] > len(trains), top, h)


def _lanes(trains: Sequence[TrainKey], spare: bool, top: float, h: float) -> Lanes:
    return _pack(top, h, [len(cars) + caboose for _, cars, caboose in trains], spare)


def _pack(top: float, h: float, lengths: Sequence[int], spare: bool) -> Lanes:
    """The lanes of a strip for trains of `lengths` cars: cars as wide as in the private yard while
    they fit, closer together only in a strip too crowded for that."""
    step = SMALL_STEP
    while True:
        widths = [LOCO_W + 2 + n * step for n in lengths] + ([LOCO_W + 40] if spare else [])
        for lanes, pitch in _lane_options(h):
            places, fits = _flow(widths, lanes)
            if fits or step <= MIN_STEP:
                first = top + (h - 4 - lanes * pitch) / 2 + (pitch - SMALL_H) / 2  # the lanes centred
                return Lanes(first, pitch, step, places)
        step -= 2


def _trains(dwg: Any, strip: Strip, lanes: Lanes) -> Any:
    """Trains one after another in lanes, then the spare locomotives."""
    group = dwg.g(class_="trains")
    step = lanes.step
    width = min(SMALL_W, step - 2)
    cabooses = {i: (move, label, suggested) for i, move, label, suggested in strip.cabooses}
    for i, (kind, cars, caboose) in enumerate(strip.trains):
        lane, x = lanes.places[i]
        y = lanes.y(lane)
        group.add(_train(kind, cars, caboose, i, x, y, step, width, strip.words))
        if i in cabooses:
            move, label, suggested = cabooses[i]
            end_x = x + LOCO_W + 2 + len(cars) * step
            box = ((x - 2, y - 2), (svg.r1(end_x - x + width + 4), SMALL_H + 4))
            target = svg.target(dwg.g(), move, label, "caboose")
            target.add(dwg.rect(*box, rx=4, fill=INK, **{"fill-opacity": 0, "pointer-events": "all"},
                                **_ring(suggested)))
            group.add(target)
    if strip.spare:
        lane, x = lanes.places[-1]
        y = lanes.y(lane)
        spares = dwg.g(class_="spare-locos", **{"data-spare": strip.spare})
        spares.add(_loco(None, "", strip.spare_words, x, y))
        spares.add(_text(dwg, f"×{strip.spare}", x + LOCO_W + 5, _baseline(y, SMALL_H - 3, TEXT), TEXT, "700",
                         fill=RAIL))
        group.add(spares)
    return group


# -- text alternative --------------------------------------------------------------------------

def describe(view: FreightTrainView, t: Translate, names: Sequence[str] = ()) -> str:
    parts = []
    if view["seat"] is not None:
        parts.append(t("freight.describe.you", name=seat_label(view["seat"], names, t)))
    parts.append(t("freight.day", n=view["day"]) + ", " + t("freight.round", n=view["round"]) + ".")
    parts.extend(_prompt(view, (), t, _mover(view, names, t)))
    for r, row in enumerate(view["main_yard"]):
        cars = ", ".join(t(f"freight.type.{car}") for car in row) or "–"
        parts.append(t("freight.describe.row", n=r + 1, cars=cars))
    for seat in range(view["players"]):
        trains = "; ".join(f"{t('freight.type.' + train['kind'])} ({len(train['cars'])})"
                           for train in view["trains"][seat]) or "–"
        parts.append(t("freight.describe.player", name=seat_label(seat, names, t),
                       points=view["points"][seat], locos=view["locos"][seat], trains=trains,
                       yard=sum(map(len, view["yards"][seat]))))
    return " ".join(parts)
