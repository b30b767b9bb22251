"""TransAmerica's face: the map, the position layer, the cards and score track, the round-end screen,
and a track growing into place as it is laid."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.core import Steps, finish
from games.transamerica.board import BOARD
from games.transamerica.rules import MAX_TRACKS
from games.transamerica.view import TransAmericaView
from ui.games.face import Face, Interlude, Overlay
from ui.games.transamerica import draw
from ui.games.transamerica.draw import (
    GROWTH_SHARES,
    draw_growth,
    draw_hand,
    draw_missing,
    draw_score_track,
    networks_of,
)
from ui.games.transamerica.log import LOG
from ui.i18n import Translate
from ui.markup import escape
from ui.panels import seat_chip, seats_head, seats_row

ACTIONS = {"end": "action.end_turn", "pass": "action.pass"}


class TransAmericaFace(Face[TransAmericaView]):
    actions = ACTIONS
    log = LOG
    board = draw
    animated = True

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
                    heading = escape(t("ta.cities_of", name=names[player]))
                    parts.append(f"<h3>{seat_chip(player)} {heading}</h3>{draw_hand(cities, t)}")
        parts.append(f'<h3>{escape(t("ta.score_track"))}</h3>{draw_score_track(view, t, names)}'
                     f"{barrier_notes(view, t)}")
        return "".join(parts)

    def side_key(self, view: TransAmericaView) -> Hashable:
        """The cards on show and the score track change a few times a round, not with every track."""
        return (view["seat"], tuple(tuple(cities or ()) for cities in view["cities"]), tuple(view["scores"]),
                view["barrier"], len(view["history"]) < 2)

    def prompt(self, view: TransAmericaView, legal: Sequence[str], t: Translate) -> str | None:
        return prompt(view, legal, t) if legal else None

    def breakdown(self, result: Mapping[str, Any], view: TransAmericaView, t: Translate,
                  names: Sequence[str]) -> str:
        return breakdown(result, t, names)

    def interlude(self, event: Mapping[str, Any], view: TransAmericaView, t: Translate,
                  names: Sequence[str], before: TransAmericaView | None = None) -> Interlude | None:
        """The round-end screen: each player's penalty, the exact missing track drawn over the board
        as that round ended (the next round may already be dealt)."""
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
        board = draw.draw_position(ended_round(view, event), [], t, names)
        return Interlude(t("ta.round_over", n=event["round"]), body, draw_missing(view, event, t, names),
                         board)

    def overlay(self, public: TransAmericaView, seen: Sequence[TransAmericaView], legal: Sequence[str],
                t: Translate, names: Sequence[str]) -> Overlay:
        return finish(self.overlaying(public, seen, legal, t, names))

    def overlaying(self, public: TransAmericaView, seen: Sequence[TransAmericaView], legal: Sequence[str],
                   t: Translate, names: Sequence[str]) -> Steps[Overlay]:
        """Each seen hand's cheapest missing track over the board, with its cost (`overlay.py`): an
        exact solve per hand, each of which can take tens of milliseconds at six players."""
        # Imported here: it reads the bots' measures, and a table without overlays needs no bot.
        from ui.games.transamerica.overlay import overlaying

        return (yield from overlaying(public, seen, t, names))

    def frames(self, before: TransAmericaView, after: TransAmericaView, events: Sequence[Mapping[str, Any]],
               t: Translate, names: Sequence[str] = ()) -> list[str]:
        """A track laid grows out of its player's network over the position before it (the table then
        draws `after`); markers, the end of a turn and passes appear at once."""
        return [draw_growth(before, str(event["edge"]), int(event["player"]), share, t, names)
                for event in events if event["type"] == "track_placed" for share in GROWTH_SHARES]


def ended_round(view: TransAmericaView, event: Mapping[str, Any]) -> TransAmericaView:
    """The board as the round of `event` (a "round_scored") ended: its track, networks and markers.

    The event holds the track and the markers; the networks follow from the track. Nobody is to
    move and no hand is ringed: the round-end overlay rings the cities each player lacked.
    """
    tracks = [list(entry) for entry in event["tracks"]]
    markers = [None if m is None else list(m) for m in event["markers"]]
    track_networks, marker_networks = networks_of([str(name) for name, _ in tracks], markers)
    return {
        **view,
        "current_player": None,
        "round": event["round"],
        "phase": "build",
        "tracks_left": MAX_TRACKS - len(tracks),
        "markers": markers,
        "tracks": tracks,
        "track_networks": track_networks,
        "marker_networks": marker_networks,
        "turn": {"placed": [], "plain_left": 0, "second_after_completion": False},
        "cities": [None] * view["players"],
    }


# -- what the player to move is asked -------------------------------------------------------------

def prompt(view: TransAmericaView, legal: Sequence[str], t: Translate) -> str:
    """What the legal moves let the player to move do now, in the rules' words."""
    if view["phase"] == "marker":
        return t("ta.prompt.marker")
    if list(legal) == ["pass"]:
        return t("ta.prompt.pass")
    if view["turn"]["second_after_completion"]:
        return t("ta.prompt.second_chance")
    costs = {BOARD.edges[BOARD.edge_index[move[6:]]].cost for move in legal if move.startswith("track ")}
    may_move = any(move.startswith("end ") for move in legal)
    if view["turn"]["placed"] and costs:
        return t("ta.prompt.one_more_or_move" if may_move else "ta.prompt.one_more")
    if view["turn"]["placed"]:
        return t("ta.prompt.end_or_move" if may_move else "ta.prompt.end")
    if view["tracks_left"] == 1:
        return t("ta.prompt.last_track")
    if costs == {1}:
        return t("ta.prompt.build_plain")
    if costs == {2}:
        return t("ta.prompt.build_double")
    return t("ta.prompt.build")


# -- beside the score track -----------------------------------------------------------------------

def barrier_notes(view: TransAmericaView, t: Translate) -> str:
    """The barrier in words (rulings 2 and 8): what ends the game, and whether the barrier may move."""
    if view["options"].get("visible_cards"):
        notes = [t("ta.barrier.visible", n=view["players"])]
    else:
        notes = [t("ta.barrier.explain", n=view["barrier"])]
        if len(view["history"]) < 2:  # round 2 is not scored yet: the barrier may still move
            notes.append(t("ta.barrier.moves"))
    return "".join(f'<p class="note ta-barrier-note">{escape(note)}</p>' for note in notes)


# -- the game-over breakdown ----------------------------------------------------------------------

def breakdown(result: Mapping[str, Any], t: Translate, names: Sequence[str]) -> str:
    """Each round's points lost per player (a column each, named in full in the header's title),
    then the total lost and the final score: narrow enough for the side panel."""
    lost = [list(entry["penalties"]) for entry in result["breakdown"]]
    if not lost or not lost[0]:
        return ""
    players = range(len(lost))
    rows = [seats_row(t("ta.round_n", n=k + 1), [f"−{lost[p][k]}" if lost[p][k] else "0" for p in players])
            for k in range(len(lost[0]))]
    rows.append(seats_row(t("ta.points_lost"), [f"−{sum(lost[p])}" if sum(lost[p]) else "0" for p in players],
                     "ta-total"))
    rows.append(seats_row(t("result.score"), [str(s) for s in result["scores"]], "ta-total"))
    return (f'<table class="results ta-breakdown"><caption>{escape(t("ta.breakdown"))}</caption>'
            f'{seats_head(len(lost), names, t, t("ta.round"))}'
            f'<tbody>{"".join(rows)}</tbody></table>')


FACE = TransAmericaFace()
