"""Freight Train's overlay: who is first and who is second in every category if the day ended now.

The places are the engine's own (`scoring.places`), the points its own (`view["standings"]`, a
caboose doubling them), so the overlay can never disagree with the day's scoring. Everything shown is
public: the spectator's view is enough and no seat's secret is read.

* The panel: a table, one row per category with a train, its first and its second (a tie names
  every tied player and says so; tied firsts leave no second place).
* The board: each placed train ringed in its strip, gold for first and silver for second, dashed
  when tied, with a badge "1", "2" ("=1", "=2" for a tie), in the board's viewBox (`draw.VIEW_BOX`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from games.freight_train.cards import CATEGORIES, MIXED
from games.freight_train.scoring import places
from games.freight_train.view import FreightTrainView
from ui import svg
from ui.games.face import Overlay
from ui.games.freight_train import draw
from ui.games.freight_train.sheet import cars
from ui.i18n import Translate
from ui.markup import escape
from ui.palette import INK
from ui.panels import seat_chip
from ui.seats import seat_label

PLACE_COLOURS = {1: "#ffd21f", 2: "#d9dee2"}  # gold and silver rings
RING_WIDTH = 4.0
BADGE_H = 24.0


class Place(NamedTuple):
    """The seats in one place of a category (first or second: several when tied) and their trains'
    length."""

    seats: list[int]
    length: int


def lengths(view: FreightTrainView, category: str) -> list[int]:
    """Each player's train length in a category (0: no such train)."""
    return [next((len(train["cars"]) for train in trains if train["kind"] == category), 0)
            for trains in view["trains"]]


def standings(view: FreightTrainView) -> dict[str, tuple[Place, Place]]:
    """Category -> (first, second), for every category with a train (second may hold no seat)."""
    found = {}
    for category in CATEGORIES:
        sizes = lengths(view, category)
        firsts, seconds = places(sizes)
        if firsts:
            second = Place(seconds, sizes[seconds[0]] if seconds else 0)
            found[category] = (Place(firsts, sizes[firsts[0]]), second)
    return found


def draw_places(view: FreightTrainView, t: Translate, names: Sequence[str]) -> Overlay:
    """The panel and the rings of a position (the spectator's view: all of it is public)."""
    table = standings(view)
    return Overlay(_rings(view, table, t), _panel(view, table, t, names))


# -- the panel -------------------------------------------------------------------------------------

def _panel(view: FreightTrainView, table: dict[str, tuple[Place, Place]], t: Translate,
           names: Sequence[str]) -> str:
    head = "".join(f'<th scope="col">{escape(t(key))}</th>' for key in (
        "why.freight.overlay.category", "why.freight.overlay.first", "why.freight.overlay.second"))
    rows = [f'<tr data-category="{category}">{_category(category, t)}'
            f'{_place(view, category, first, "first", t, names)}'
            f'{_place(view, category, second, "second", t, names)}</tr>'
            for category, (first, second) in table.items()]
    if not rows:
        rows = [f'<tr><td colspan="3">{escape(t("why.freight.overlay.none"))}</td></tr>']
    return (f'<table class="ft-places"><caption>{escape(t("why.freight.overlay.caption"))}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _category(category: str, t: Translate) -> str:
    code = t("freight.code.mixed") if category == MIXED else draw.car_code(category, t)
    return (f'<th scope="row"><abbr class="ft-code" data-car="{category}" aria-hidden="true">{escape(code)}'
            f'</abbr> {escape(t(f"freight.type.{category}"))}</th>')


def _place(view: FreightTrainView, category: str, place: Place, kind: str, t: Translate,
           names: Sequence[str]) -> str:
    """One place: each player with the points they would score, the train's length, a tie said."""
    if not place.seats:
        return f'<td class="{kind}">–</td>'
    points = view["standings"][category]
    who = " = ".join(f'<span class="ft-seat">{seat_chip(p)}{escape(seat_label(p, names, t))} '
                     f'<strong>+{points[p]}</strong></span>' for p in place.seats)
    tied = len(place.seats) > 1
    tie = f' <em class="ft-tie">({escape(t("why.freight.overlay.tied"))})</em>' if tied else ""
    seats = " ".join(map(str, place.seats))
    return (f'<td class="{kind}{" tied" if tied else ""}" data-seats="{seats}">{who}{tie} '
            f'<span class="ft-length">{escape(cars(place.length, t))}</span></td>')


# -- the rings on the board --------------------------------------------------------------------------

def _rings(view: FreightTrainView, table: dict[str, tuple[Place, Place]], t: Translate) -> str:
    dwg = svg.drawing(draw.VIEW_BOX, t("why.freight.overlay.title"), t("why.freight.overlay.desc"),
                      "board-insight")
    group = dwg.g(class_="ft-places", fill="none")
    strip_h = draw.PLAYERS_H / view["players"]
    for category, (first, second) in table.items():
        for number, place in ((1, first), (2, second)):
            for seat in place.seats:
                index = next(i for i, train in enumerate(view["trains"][seat]) if train["kind"] == category)
                group.add(_ring(dwg, view, seat, index, draw.PLAYERS_TOP + seat * strip_h, strip_h,
                                number, len(place.seats) > 1))
    dwg.add(group)
    return svg.render(dwg)


def _ring(dwg: Any, view: FreightTrainView, seat: int, index: int, top: float, h: float, number: int,
          tied: bool) -> Any:
    """A ring round train `index` of `seat`, where `draw` lays it out in the seat's strip (the same
    packing of lanes, so the ring always fits the train), and its badge."""
    trains = view["trains"][seat]
    lanes = draw.train_lanes(view, seat, top, h)
    lane, x = lanes.places[index]
    y = lanes.y(lane)
    train = trains[index]
    width = min(draw.SMALL_W, lanes.step - 2)
    right = x + draw.LOCO_W + 2 + (len(train["cars"]) - 1 + train["caboose"]) * lanes.step + width
    colour = PLACE_COLOURS[number]
    ring = dwg.g(class_=f"place place-{number}{' tied' if tied else ''}",
                 **{"data-seat": seat, "data-train": index, "data-kind": train["kind"]})
    ring.add(dwg.rect((svg.r1(x - 3), svg.r1(y - 3)), (svg.r1(right - x + 6), draw.SMALL_H + 6), rx=5,
                      stroke=colour, **{"stroke-width": RING_WIDTH},
                      **({"stroke-dasharray": "8 4"} if tied else {})))
    label = f"={number}" if tied else str(number)
    badge_w = 16.0 + 12.0 * len(label)
    left = min(right - badge_w / 2, draw.WIDTH - draw.MARGIN - badge_w)
    badge_y = y - BADGE_H / 2 - 2
    ring.add(dwg.rect((svg.r1(left), svg.r1(badge_y)), (badge_w, BADGE_H), rx=BADGE_H / 2, fill=colour,
                      stroke=INK))
    ring.add(dwg.text(label, insert=(svg.r1(left + badge_w / 2), svg.r1(badge_y + BADGE_H / 2 + 7)),
                      fill=INK, **{"font-size": draw.TEXT, "font-weight": "700", "text-anchor": "middle"}))
    return ring
