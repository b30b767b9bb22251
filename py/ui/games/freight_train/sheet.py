"""Freight Train's score sheets as HTML: the end-of-day scoring and the game-over breakdown.

Both fit a 340 px column: a day's categories read as lines ("1st: Ann, 5 cars: +3") rather than one
column per player, and the tables with a column per player abbreviate names from four players on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.freight_train.cards import CABOOSE_FACTOR, CATEGORIES, YARD_SCORE
from games.freight_train.player import Player, Train
from games.freight_train.scoring import category_table, yard_points
from games.freight_train.view import CategoryScore, DayScore, FreightTrainView
from ui.i18n import Translate, join
from ui.log import signed
from ui.markup import escape
from ui.panels import seat_chip, seats_head, seats_row
from ui.seats import seat_label


def cars(n: int, t: Translate) -> str:
    return t("freight.sheet.cars.one" if n == 1 else "freight.sheet.cars", n=n)


# -- the end of a day -----------------------------------------------------------------------------

def end_of_day_table(view: FreightTrainView) -> list[CategoryScore]:
    """Every category's lengths, cabooses and points for the trains the view holds (the engine's own
    scoring, so the sheet can never disagree with it)."""
    players = []
    for trains in view["trains"]:
        player = Player(0, 0)
        player.trains = [Train(train["kind"], list(train["cars"]), train["caboose"]) for train in trains]
        players.append(player)
    return category_table(players)


def _who(seats: Sequence[int], names: Sequence[str], t: Translate) -> str:
    return join([seat_label(p, names, t) for p in seats], t)


def _place_line(place: int, seats: list[int], length: int, entry: CategoryScore, names: Sequence[str],
                t: Translate) -> str:
    """One place of a category: who, how long, and what it scored (ties: how the points were split)."""
    tied = len(seats) > 1
    base = [entry["points"][p] // (CABOOSE_FACTOR if entry["cabooses"][p] else 1) for p in seats]
    if not base[0]:
        points = t("freight.sheet.no_points")
    else:
        points = t("freight.sheet.each" if tied else "freight.sheet.plus", n=base[0])
    key = f"freight.sheet.{'tied' if tied else 'place'}.{place}"
    text = t(key, who=_who(seats, names, t), cars=cars(length, t), points=points, count=len(seats))
    return f'<li class="place place-{place}{" tied" if tied else ""}">{escape(text)}</li>'


def _caboose_lines(entry: CategoryScore, names: Sequence[str], t: Translate) -> list[str]:
    lines = []
    for p, caboose in enumerate(entry["cabooses"]):
        if not caboose:
            continue
        points = entry["points"][p]
        if points:
            text = t("freight.sheet.caboose", who=seat_label(p, names, t), base=points // CABOOSE_FACTOR,
                     points=points)
        else:
            text = t("freight.sheet.caboose_none", who=seat_label(p, names, t))
        lines.append(f'<li class="caboose">{escape(text)}</li>')
    return lines


def category_lines(entry: CategoryScore, names: Sequence[str], t: Translate) -> str:
    """A category's first and second places, then what each caboose did."""
    lengths = entry["lengths"]
    ranked = sorted({n for n in lengths if n > 0}, reverse=True)
    lines = []
    for place, length in enumerate(ranked[:2], start=1):
        seats = [p for p, n in enumerate(lengths) if n == length]
        lines.append(_place_line(place, seats, length, entry, names, t))
        if len(seats) > 1:  # tied firsts leave no second place
            break
    lines.extend(_caboose_lines(entry, names, t))
    return "".join(lines)


def _category(category: str, lines: str, t: Translate) -> str:
    name = escape(t(f"freight.type.{category}"))
    return f'<li data-category="{category}"><strong>{name}</strong>{lines}</li>'


def _categories(table: Sequence[CategoryScore], names: Sequence[str], t: Translate) -> str:
    rows = "".join(_category(entry["category"], f"<ul>{category_lines(entry, names, t)}</ul>", t)
                   for entry in table if any(entry["lengths"]))
    if not rows:
        return f'<p>{escape(t("freight.sheet.no_trains"))}</p>'
    return f'<ul class="ft-categories">{rows}</ul>'


def _scored_categories(day: Sequence[DayScore], names: Sequence[str], t: Translate) -> str:
    """Without the trains (already back in the deck): who scored what in each category."""
    rows = []
    for category in CATEGORIES:
        points = [entry["categories"][category] for entry in day]
        if any(points):
            who = t("list.separator").join(f"{seat_label(p, names, t)} {signed(n)}"
                                           for p, n in enumerate(points) if n)
            rows.append(_category(category, f" {escape(who)}", t))
    return f'<ul class="ft-categories">{"".join(rows)}</ul>'


def _yards(day: int, left: Sequence[int], yard: Sequence[int], names: Sequence[str], t: Translate) -> str:
    """Each private yard's cars and the bonus or penalty they brought, under the day's rule."""
    rate, per = YARD_SCORE[day]
    rule = t(f"freight.sheet.yard_rule.{'bonus' if rate > 0 else 'penalty' if rate < 0 else 'none'}", per=per)
    lines = []
    for p, (n, points) in enumerate(zip(left, yard, strict=True)):
        text = t("freight.sheet.yard_line", who=seat_label(p, names, t), cars=cars(n, t),
                 points=signed(points))
        lines.append(f"<li>{escape(text)}</li>")
    return (f'<h4>{escape(t("freight.yard"))}</h4><p class="note">{escape(rule)}</p>'
            f'<ul class="ft-yards">{"".join(lines)}</ul>')


def _day_totals(event: Mapping[str, Any], yards: Sequence[int], names: Sequence[str], t: Translate) -> str:
    """Per player: trains, yard, the day's total and the score, one row each (fits 340 px)."""
    keys = ("freight.sheet.trains", "freight.yard.short", "freight.day_total", "freight.points")
    heads = "".join(f'<th class="num" scope="col">{escape(t(key))}</th>' for key in keys)
    rows = []
    for p, (total, score) in enumerate(zip(event["points"], event["scores"], strict=True)):
        cells = (signed(total - yards[p]), signed(yards[p]), f"<strong>{signed(total)}</strong>",
                 f"<strong>{score}</strong>")
        who = f"{seat_chip(p)} {escape(seat_label(p, names, t))}"
        rows.append(f'<tr data-seat="{p}"><th scope="row">{who}</th>'
                    + "".join(f'<td class="num">{cell}</td>' for cell in cells) + "</tr>")
    return (f'<table class="results ft-sheet day-totals"><thead><tr><th></th>{heads}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def day_sheet(event: Mapping[str, Any], view: FreightTrainView, names: Sequence[str], t: Translate) -> str:
    """The scoring of the day that ended: each category's places, ties and cabooses; each private yard's
    bonus or penalty; the day's totals. `view` still holds the day's trains when it shows that day."""
    day = event["day"]
    if view["day"] == day:
        categories = _categories(end_of_day_table(view), names, t)
    else:
        categories = _scored_categories(view["days"][day - 1], names, t)
    # Private yards stay as they were when the day was scored until the next day's first move.
    left = [sum(map(len, rows)) for rows in view["yards"]]
    if len(view["days"]) >= day:
        yard = [entry["yard"] for entry in view["days"][day - 1]]
    else:
        yard = [yard_points(n, day) for n in left]
    heads = [f"<h4>{escape(t(key))}</h4>" for key in ("freight.sheet.totals", "freight.sheet.categories")]
    return (f'<div class="ft-day-sheet">{heads[0]}{_day_totals(event, yard, names, t)}{heads[1]}{categories}'
            f'{_yards(day, left, yard, names, t)}</div>')


# -- the game over ----------------------------------------------------------------------------------

def _day_table(d: int, days: Sequence[DayScore], names: Sequence[str], t: Translate) -> str:
    """One scored day: each category where someone scored, the yard, the day's total, per player."""
    rows = []
    for category in CATEGORIES:
        points = [day["categories"][category] for day in days]
        if any(points):
            rows.append(seats_row(t(f"freight.type.{category}"), [n or "·" for n in points]))
    rows.append(seats_row(t("freight.yard"), [signed(day["yard"]) for day in days], "yard"))
    totals = [f'<strong>{signed(day["total"])}</strong>' for day in days]
    rows.append(seats_row(t("freight.day_total"), totals, "total"))
    head = seats_head(len(days), names, t, t("freight.day", n=d))
    return f'<table class="results ft-sheet day-{d}">{head}<tbody>{"".join(rows)}</tbody></table>'


def breakdown(result: Mapping[str, Any], names: Sequence[str], t: Translate) -> str:
    """Game over: each day per category, then the score built from the start, rearranging and the days."""
    details = result.get("breakdown") or []
    if not details:
        return ""
    players = len(details)
    days = [[detail["days"][d] for detail in details] for d in range(len(details[0]["days"]))]
    parts = [_day_table(d + 1, day, names, t) for d, day in enumerate(days)]
    rows = [seats_row(t("freight.sheet.start"), [detail["start"] for detail in details]),
            seats_row(t("freight.sheet.rearranged"), [signed(detail["rearranged"]) for detail in details])]
    rows += [seats_row(t("freight.day", n=d + 1), [signed(entry["total"]) for entry in day])
             for d, day in enumerate(days)]
    rows.append(seats_row(t("freight.points"), [f"<strong>{s}</strong>" for s in result["scores"]], "total"))
    parts.append(f'<table class="results ft-sheet summary">{seats_head(players, names, t)}'
                 f'<tbody>{"".join(rows)}</tbody></table>')
    return f'<div class="ft-breakdown"><h3>{escape(t("freight.sheet.by_day"))}</h3>{"".join(parts)}</div>'
