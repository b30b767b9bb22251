"""TransAmerica's face: the map, the position layer, the cards and score track, the round-end screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ui.games.face import Face, Interlude
from ui.games.transamerica.draw import (
    describe,
    draw_hand,
    draw_map,
    draw_missing,
    draw_position,
    draw_score_track,
)
from ui.games.transamerica.log import LOG
from ui.i18n import Translate
from ui.panels import seat_chip
from ui.svg import View

ACTIONS = {"end": "action.end_turn", "pass": "action.pass"}


class TransAmericaFace(Face[View]):
    actions = ACTIONS
    log = LOG

    def draw_map(self, t: Translate) -> str:
        return draw_map(t)

    def draw_position(self, view: View, legal: Sequence[str], t: Translate) -> str:
        return draw_position(view, legal, t)

    def describe(self, view: View, t: Translate) -> str:
        return describe(view, t)

    def draw_side(self, view: View, t: Translate) -> str:
        seat = view["seat"]
        hands = view["cities"]
        parts = []
        if seat is not None and hands[seat]:
            parts.append(f'<h3>{escape(t("ta.your_cities"))}</h3>{draw_hand(hands[seat], t)}')
        elif any(hands):
            for player, cities in enumerate(hands):
                if cities:
                    parts.append(f"<h3>{seat_chip(player)} {escape(t('ta.cities_of', n=player + 1))}</h3>"
                                 f"{draw_hand(cities, t)}")
        parts.append(f'<h3>{escape(t("ta.score_track"))}</h3>{draw_score_track(view, t)}')
        return "".join(parts)

    def interlude(self, event: Mapping[str, Any], view: View, t: Translate,
                  names: Sequence[str]) -> Interlude | None:
        """The round-end screen: each player's penalty, and the exact missing track drawn on the map."""
        if event["type"] != "round_scored":
            return None
        rows = []
        for player, penalty in enumerate(event["penalties"]):
            status = t("ta.connected") if player in event["complete"] else t("ta.penalty", n=penalty)
            cities = ", ".join(event["cities"][player])
            rows.append(f'<tr><td>{seat_chip(player)} {escape(names[player])}</td>'
                        f'<td>{escape(status)}</td><td class="num">{event["scores"][player]}</td>'
                        f'<td class="cities">{escape(cities)}</td></tr>')
        body = (f'<table class="results"><thead><tr><th>{escape(t("result.player"))}</th>'
                f'<th>{escape(t("ta.this_round"))}</th><th class="num">{escape(t("result.score"))}</th>'
                f'<th>{escape(t("ta.cities"))}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
                f'<p class="note">{escape(t("ta.barrier_at", n=event["barrier"]))}</p>')
        return Interlude(t("ta.round_over", n=event["round"]), body, draw_missing(view, event, t))


FACE = TransAmericaFace()
