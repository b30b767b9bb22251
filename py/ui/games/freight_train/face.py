"""Freight Train's face: the yard and trains on the board, the standings in the side panel, and the
scoring of each day between days.

Car moves, refills and cabooses are board targets; confirming an action, rearranging the private
yard, mobilising a locomotive and passing are buttons.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from games.freight_train.cards import CATEGORIES
from games.freight_train.scoring import yard_points
from games.freight_train.view import FreightTrainView
from ui.games.face import Face, Interlude
from ui.games.freight_train import draw
from ui.games.freight_train.log import LOG
from ui.i18n import Translate
from ui.panels import seat_chip, seat_label

ACTIONS: dict[str, str] = {
    "done": "freight.action.done",
    "arrange": "freight.action.arrange",
    "loco": "freight.action.loco",
    "pass": "action.pass",
}


def _row(label: str, cells: Iterable[object], kind: str = "") -> str:
    """A table row: its label, then one number cell per player (cells are HTML)."""
    attr = f' class="{kind}"' if kind else ""
    return (f"<tr{attr}><th>{escape(label)}</th>"
            + "".join(f'<td class="num">{cell}</td>' for cell in cells) + "</tr>")


def _head(players: int, names: Sequence[str]) -> str:
    cells = "".join(f'<th class="num">{seat_chip(p)} {escape(names[p]) if names else p + 1}</th>'
                    for p in range(players))
    return f"<thead><tr><th></th>{cells}</tr></thead>"


class FreightTrainFace(Face[FreightTrainView]):
    actions = ACTIONS
    log = LOG
    board = draw

    def scores(self, view: FreightTrainView) -> list[int]:
        return list(view["points"])

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
            rows.append(f'<tr data-category="{category}"><th>{escape(t(f"freight.type.{category}"))}</th>'
                        f'{"".join(cells)}</tr>')
        cars = [sum(map(len, view["yards"][p])) for p in range(players)]
        yard = [yard_points(n, view["day"]) for n in cars]
        rows.append(_row(t("freight.yard"), (f"{n} <strong>{points:+d}</strong>"
                                             for n, points in zip(cars, yard, strict=True)), "yard"))
        totals = [sum(view["standings"][c][p] for c in CATEGORIES) + yard[p] for p in range(players)]
        rows.append(_row(t("freight.total"), (f"<strong>{total:+d}</strong>" for total in totals), "total"))
        title = t("freight.standings", day=view["day"])
        table = f'<table class="results standings">{_head(players, [])}<tbody>{"".join(rows)}</tbody></table>'
        parts = [f"<h3>{escape(title)}</h3>", table,
                 f'<p class="note">{escape(t("freight.standings.note"))}</p>']
        if view["days"]:
            past = "".join(_row(t("freight.day", n=d + 1), (f'{entry["total"]:+d}' for entry in day))
                           for d, day in enumerate(view["days"]))
            scores = _row(t("freight.points"), (f"<strong>{p}</strong>" for p in view["points"]), "total")
            parts.append(f'<h3>{escape(t("freight.past_days"))}</h3><table class="results days">'
                         f"{_head(players, [])}<tbody>{past}{scores}</tbody></table>")
        return "".join(parts)

    def interlude(self, event: Mapping[str, Any], view: FreightTrainView, t: Translate,
                  names: Sequence[str]) -> Interlude | None:
        """After a day is scored: every category's points, the private-yard bonus or penalty, the day's
        total and the scores."""
        if event["type"] != "day_scored":
            return None
        day = event["day"]
        players = len(event["points"])
        scored = view["days"][day - 1] if len(view["days"]) >= day else None
        labels = [seat_label(p, names, t) for p in range(players)]
        rows = []
        if scored is not None:
            for category in CATEGORIES:
                points = [entry["categories"][category] for entry in scored]
                if any(points):
                    rows.append(_row(t(f"freight.type.{category}"), (p or "·" for p in points)))
            rows.append(_row(t("freight.yard"), (f'{entry["yard"]:+d}' for entry in scored), "yard"))
        day_points = (f"<strong>{p:+d}</strong>" for p in event["points"])
        rows.append(_row(t("freight.day_total"), day_points, "total"))
        rows.append(_row(t("freight.points"), (f"<strong>{s}</strong>" for s in event["scores"]), "total"))
        body = (f'<table class="results day-scored">{_head(players, labels)}'
                f'<tbody>{"".join(rows)}</tbody></table>')
        return Interlude(t("freight.day_scored", day=day), body, "")


FACE = FreightTrainFace()
