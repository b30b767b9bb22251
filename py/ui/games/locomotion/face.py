"""Locomotion's face: the board (lanes, gaps, platforms, locomotives, dice, home and sheds) and a side
panel with every player's locomotives and repair tiles.

Driving a locomotive and entering one are played on the board; passing, the repair tile's choice
before the roll and the double's extra turn are buttons. The app's generic results table is the
game-over screen, so there is no screen between turns. `frames` animates a move: the locomotives
step by step (pushes and crashes shown), a shed taken, the platform sliding across the hub.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from games.locomotion import board_data as data
from games.locomotion.view import LocomotionView
from ui.games.face import Face
from ui.games.locomotion import draw
from ui.games.locomotion.draw import Transit, draw_frame
from ui.games.locomotion.log import LOG
from ui.i18n import Translate
from ui.panels import seat_chip

ACTIONS: dict[str, str] = {
    "roll": "loco.action.roll",
    **{f"repair {colour}": f"loco.action.repair.{colour}" for colour in data.COLOURS},
    "again": "loco.action.again",
    "stop": "loco.action.stop",
    "pass": "action.pass",
}


SLIDE_SHARES = (0.25, 0.5, 0.75)  # how far across the hub each frame of a slide shows the platform


class LocomotionFace(Face[LocomotionView]):
    actions = ACTIONS
    log = LOG
    board = draw
    animated = True

    def scores(self, view: LocomotionView) -> list[int]:
        """Locomotives in the sheds, per player (three wins)."""
        return [sum(1 for loco in view["sheds"] if loco // data.LOCOS_PER_PLAYER == seat)
                for seat in range(view["players"])]

    def draw_side(self, view: LocomotionView, t: Translate, names: Sequence[str]) -> str:
        """Per player: locomotives in sheds, on the track and at home, crashes and repair tiles."""
        columns = ("loco.side.sheds", "loco.side.track", "loco.side.home", "loco.side.crashes",
                   "loco.side.tiles")
        head = "".join(f'<th class="num">{escape(t(key))}</th>' for key in columns)
        rows = []
        for player in range(view["players"]):
            mine = [loco["place"] for loco in view["locos"] if loco["owner"] == player]
            cells = (mine.count("shed"), mine.count("track"), mine.count("home"), view["crashes"][player],
                     view["tiles"][player])
            you = f' ({escape(t("trick.you"))})' if player == view["seat"] else ""
            tds = "".join(f'<td class="num">{value}</td>' for value in cells)
            rows.append(f'<tr data-seat="{player}"><th>{seat_chip(player)} {player + 1}{you}</th>{tds}</tr>')
        parts = [f"<h3>{escape(t('loco.side.title'))}</h3>",
                 f'<table class="results"><thead><tr><th></th>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>',
                 f'<p class="note">{escape(t("loco.side.goal", n=data.LOCOS_TO_WIN))}</p>']
        if view["options"].get("repair_tiles"):
            parts.append(f'<p class="note">{escape(t("loco.pile", n=view["pile"]))}</p>')
        return "".join(parts)

    def frames(self, before: LocomotionView, after: LocomotionView, events: Sequence[Mapping[str, Any]],
               t: Translate) -> list[str]:
        """The position layer's pictures between two views (spectator views before and after one move),
        from the events that move emitted, in their order: a frame per square a locomotive steps (the
        one driven, or the one it pushes on), a crash marked where it happens before the locomotive
        goes home, a locomotive on its way to a shed, then the next turn's platform sliding with its
        riders. A drive happens on the layout of `before`; the slide, always the move's last event,
        leaves the position of `after`. Nothing to show (a `pass` with no slide, a double's choice
        before a repair tile's choice): []."""
        scene = before.copy()  # the position as the drive goes on: `before` stays as it was
        scene["locos"] = [loco.copy() for loco in before["locos"]]
        shots = []
        for event in events:
            kind = event["type"]
            if kind == "loco_driven":
                for mover, square in event["steps"]:
                    loco = scene["locos"][mover]
                    loco["square"], loco["place"] = square, "track"
                    shots.append(draw_frame(scene, t, moving=mover))
            elif kind == "loco_crashed":
                shots.append(draw_frame(scene, t, crashed=event["loco"]))
            elif kind == "loco_sheltered":
                shots.append(draw_frame(scene, t, sheltering=event["loco"]))
            elif kind == "platform_slid":
                shots.extend(draw_frame(after, t, transit=Transit(event["colour"], event["source"],
                                                                  event["target"], share))
                             for share in SLIDE_SHARES)
        return shots


FACE = LocomotionFace()
