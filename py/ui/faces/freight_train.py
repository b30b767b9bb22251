"""Freight Train's face: the yard and trains on the board, the standings in the side panel, and the
scoring of each day between days.

Car moves, refills and cabooses are board targets; confirming an action, rearranging the private
yard, mobilising a locomotive and passing are buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from games.freight_train.cards import CATEGORIES
from games.freight_train.scoring import yard_points
from ui.draw.freight_train import describe, draw_map, draw_position
from ui.i18n import Translate
from ui.panels import seat_chip, seat_label

ACTIONS: dict[str, str] = {
    "done": "freight.action.done",
    "arrange": "freight.action.arrange",
    "loco": "freight.action.loco",
    "pass": "action.pass",
}

__all__ = ["ACTIONS", "describe", "draw_map", "draw_position", "draw_side", "interlude", "scores"]


def scores(view: dict[str, Any]) -> list[int]:
    return list(view["points"])


def _head(players: int, names: Sequence[str]) -> str:
    cells = "".join(f'<th class="num">{seat_chip(p)} {escape(names[p]) if names else p + 1}</th>'
                    for p in range(players))
    return f"<thead><tr><th></th>{cells}</tr></thead>"


def draw_side(view: dict[str, Any], t: Translate) -> str:
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
    rows.append(f'<tr class="yard"><th>{escape(t("freight.yard"))}</th>'
                + "".join(f'<td class="num">{n} <strong>{points:+d}</strong></td>'
                          for n, points in zip(cars, yard, strict=True)) + "</tr>")
    totals = [sum(view["standings"][c][p] for c in CATEGORIES) + yard[p] for p in range(players)]
    rows.append(f'<tr class="total"><th>{escape(t("freight.total"))}</th>'
                + "".join(f'<td class="num"><strong>{total:+d}</strong></td>' for total in totals) + "</tr>")
    title = t("freight.standings", day=view["day"])
    parts = [f"<h3>{escape(title)}</h3>",
             f'<table class="results standings">{_head(players, [])}<tbody>{"".join(rows)}</tbody></table>',
             f'<p class="note">{escape(t("freight.standings.note"))}</p>']
    if view["days"]:
        past = "".join(
            f'<tr><th>{escape(t("freight.day", n=d + 1))}</th>'
            + "".join(f'<td class="num">{entry["total"]:+d}</td>' for entry in day) + "</tr>"
            for d, day in enumerate(view["days"]))
        points = "".join(f'<td class="num"><strong>{p}</strong></td>' for p in view["points"])
        parts.append(f'<h3>{escape(t("freight.past_days"))}</h3>'
                     f'<table class="results days">{_head(players, [])}<tbody>{past}'
                     f'<tr class="total"><th>{escape(t("freight.points"))}</th>{points}</tr></tbody></table>')
    return "".join(parts)


def interlude(event: dict[str, Any], view: dict[str, Any], t: Translate,
              names: list[str]) -> tuple[str, str, str] | None:
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
                rows.append(f'<tr><th>{escape(t(f"freight.type.{category}"))}</th>'
                            + "".join(f'<td class="num">{p or "·"}</td>' for p in points) + "</tr>")
        rows.append(f'<tr class="yard"><th>{escape(t("freight.yard"))}</th>'
                    + "".join(f'<td class="num">{entry["yard"]:+d}</td>' for entry in scored) + "</tr>")
    rows.append(f'<tr class="total"><th>{escape(t("freight.day_total"))}</th>'
                + "".join(f'<td class="num"><strong>{p:+d}</strong></td>' for p in event["points"]) + "</tr>")
    rows.append(f'<tr class="total"><th>{escape(t("freight.points"))}</th>'
                + "".join(f'<td class="num"><strong>{s}</strong></td>' for s in event["scores"]) + "</tr>")
    body = (f'<table class="results day-scored">{_head(players, labels)}'
            f'<tbody>{"".join(rows)}</tbody></table>')
    return t("freight.day_scored", day=day), body, ""
