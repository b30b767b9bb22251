"""TransAmerica's face: the map, the position layer, the cards and score track, the round-end screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from games.transamerica.view import TransAmericaView
from ui.games.face import Face, Interlude
from ui.games.transamerica import draw
from ui.games.transamerica.draw import (
    draw_hand,
    draw_missing,
    draw_score_track,
)
from ui.games.transamerica.log import LOG
from ui.i18n import Translate
from ui.panels import seat_chip

ACTIONS = {"end": "action.end_turn", "pass": "action.pass"}


class TransAmericaFace(Face[TransAmericaView]):
    actions = ACTIONS
    log = LOG
    board = draw

    def draw_side(self, view: TransAmericaView, t: Translate, names: Sequence[str]) -> str:
        seat = view["seat"]
        hands = view["cities"]
        own = hands[seat] if seat is not None else None
        parts = []
        if own:
            parts.append(f'<h3>{escape(t("ta.your_cities"))}</h3>{draw_hand(own, t)}')
        elif any(hands):
            for player, cities in enumerate(hands):
                if cities:
                    parts.append(f"<h3>{seat_chip(player)} {escape(t('ta.cities_of', n=player + 1))}</h3>"
                                 f"{draw_hand(cities, t)}")
        parts.append(f'<h3>{escape(t("ta.score_track"))}</h3>{draw_score_track(view, t)}')
        return "".join(parts)

    def interlude(self, event: Mapping[str, Any], view: TransAmericaView, t: Translate,
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
