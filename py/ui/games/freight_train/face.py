"""Freight Train's face: the yard and trains on the board, the standings in the side panel, and the
scoring of each day between days.

Car moves, refills and cabooses are board targets; confirming an action, rearranging the private
yard, mobilising a locomotive and passing are buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import Steps
from games.freight_train.cards import CATEGORIES, MIXED
from games.freight_train.scoring import yard_points
from games.freight_train.view import FreightTrainView
from ui.games.face import Face, Interlude, Overlay
from ui.games.freight_train import draw, sheet
from ui.games.freight_train.log import LOG
from ui.games.freight_train.overlay import draw_places
from ui.i18n import Translate
from ui.log import signed
from ui.markup import escape
from ui.panels import seats_head, seats_row

# The table emphasises the first legal one: never rearranging, which costs a point.
ACTIONS: dict[str, str] = {
    "done": "freight.action.done",
    "loco": "freight.action.loco",
    "pass": "action.pass",
    "arrange": "freight.action.arrange",
}


CODES_ONLY_FROM = 4  # players from which a category's row says its code only (its name on hover)


def _category_head(category: str, players: int, t: Translate) -> str:
    """A category's row head: its code in the car's colours, and its name while there is room."""
    code = t("freight.code.mixed") if category == MIXED else draw.car_code(category, t)
    name = t(f"freight.type.{category}")
    badge = f'<abbr class="ft-code" data-car="{category}" title="{escape(name)}">{escape(code)}</abbr>'
    shown = "" if players >= CODES_ONLY_FROM else f" {escape(name)}"
    return f'<th scope="row">{badge}{shown}</th>'


class FreightTrainFace(Face[FreightTrainView]):
    actions = ACTIONS
    log = LOG
    board = draw

    def position_steps(self, view: FreightTrainView, legal: Sequence[str], t: Translate,
                       names: Sequence[str] = ()) -> Steps[str]:
        return draw.position_steps(view, legal, t, names)

    def scores(self, view: FreightTrainView) -> list[int]:
        return list(view["points"])

    def prompt(self, view: FreightTrainView, legal: Sequence[str], t: Translate) -> str | None:
        return draw.ask(view, legal, t)

    def draw_side(self, view: FreightTrainView, t: Translate, names: Sequence[str]) -> str:
        """Who is first and second now in every category with a train, what the private yards would
        score if the day ended now, and the points of the days already scored."""
        players = view["players"]
        caboose_code = escape(t("freight.code.caboose"))
        rows = []
        for category in CATEGORIES:
            lengths = [next((len(train["cars"]) for train in trains if train["kind"] == category), 0)
                       for trains in view["trains"]]
            if not any(lengths):
                continue
            points = view["standings"][category]
            cells = []
            for p in range(players):
                caboose = any(train["kind"] == category and train["caboose"] for train in view["trains"][p])
                length = f'{lengths[p]}{"+" + caboose_code if caboose else ""}' if lengths[p] else "·"
                score = f" <strong>{points[p]}</strong>" if points[p] else ""
                cells.append(f'<td class="num">{length}{score}</td>')
            rows.append(f'<tr data-category="{category}">{_category_head(category, players, t)}'
                        f'{"".join(cells)}</tr>')
        cars = [sum(map(len, view["yards"][p])) for p in range(players)]
        yard = [yard_points(n, view["day"]) for n in cars]
        yard_cells = [f"{n} <strong>{signed(points)}</strong>" for n, points in zip(cars, yard, strict=True)]
        rows.append(seats_row(t("freight.yard"), yard_cells, "yard"))
        totals = [sum(view["standings"][c][p] for c in CATEGORIES) + yard[p] for p in range(players)]
        rows.append(seats_row(t("freight.total"), [f"<strong>{signed(total)}</strong>" for total in totals],
                                     "total"))
        title = t("freight.standings", day=view["day"])
        table = (f'<table class="results ft-sheet standings">{seats_head(players, names, t)}'
                 f'<tbody>{"".join(rows)}</tbody></table>')
        parts = [f"<h3>{escape(title)}</h3>", table,
                 f'<p class="note">{escape(t("freight.standings.note"))}</p>']
        if view["days"]:
            past = [seats_row(t("freight.day", n=d + 1), [signed(entry["total"]) for entry in day])
                    for d, day in enumerate(view["days"])]
            scores = seats_row(t("freight.points"), [f"<strong>{p}</strong>" for p in view["points"]],
                                      "total")
            head = seats_head(players, names, t)
            parts.append(f'<h3>{escape(t("freight.past_days"))}</h3><table class="results ft-sheet days">'
                         f'{head}<tbody>{"".join(past)}{scores}</tbody></table>')
        return "".join(parts)

    def breakdown(self, result: Mapping[str, Any], view: FreightTrainView, t: Translate,
                  names: Sequence[str]) -> str:
        return sheet.breakdown(result, names, t)

    def interlude(self, event: Mapping[str, Any], view: FreightTrainView, t: Translate, names: Sequence[str],
                  before: FreightTrainView | None = None) -> Interlude | None:
        """After a day is scored: each category's places, ties and cabooses, the private yards, the
        day's totals; behind it the trains of that day, from the last view that still holds them (the
        next day's deal takes them away)."""
        if event["type"] != "day_scored":
            return None
        day = event["day"]
        ended = next((seen for seen in (view, before) if seen is not None and seen["day"] == day), None)
        board = draw.draw_position(ended, [], t, names) if ended is not None else None
        body = sheet.day_sheet(event, ended or view, names, t)
        return Interlude(t("freight.day_scored", day=day), body, "", board)

    def overlay(self, public: FreightTrainView, seen: Sequence[FreightTrainView], legal: Sequence[str],
                t: Translate, names: Sequence[str]) -> Overlay | None:
        """Who is first and second in every category now (all public: `seen` adds nothing)."""
        return draw_places(public, t, names)


FACE = FreightTrainFace()
