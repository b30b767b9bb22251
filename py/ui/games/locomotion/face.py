"""Locomotion's face: the board (lanes, gaps, platforms, locomotives, dice, home and sheds) and a side
panel with every player's locomotives and repair tiles.

Driving a locomotive and entering one are played on the board, and also offered as large buttons
(`move_buttons`: on a phone the board's locomotives are too small to tap); passing, the repair tile's
choice before the roll and the double's extra turn are buttons. The game-over screen adds where each
locomotive ended (`breakdown`); there is no screen between turns. `frames` animates a move: the locomotives
step by step (pushes and crashes shown), a shed taken, the platform sliding across the hub.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.locomotion import board_data as data
from games.locomotion.view import LocomotionView, LocoView, PreviewView
from ui.games.face import Face, Overlay
from ui.games.locomotion import draw
from ui.games.locomotion.draw import Transit, draw_frame
from ui.games.locomotion.log import LOG
from ui.i18n import Translate
from ui.markup import escape
from ui.panels import seat_chip
from ui.seats import seat_label

ACTIONS: dict[str, str] = {
    "roll": "loco.action.roll",
    **{f"repair {colour}": f"loco.action.repair.{colour}" for colour in data.COLOURS},
    "again": "loco.action.again",
    "stop": "loco.action.stop",
    "pass": "action.pass",
}


SLIDE_SHARES = (0.25, 0.5, 0.75)  # how far across the hub each frame of a slide shows the platform


# The side panel's columns: (short heading, full heading), the tiles only with repair tiles.
COLUMNS = (("loco.side.sheds", "loco.side.sheds_full"), ("loco.side.track", "loco.side.track_full"),
           ("loco.side.home", "loco.side.home_full"), ("loco.side.crashes", "loco.side.crashes_full"))
TILES_COLUMN = ("loco.side.tiles", "loco.side.tiles_full")
# Where a locomotive stands, in the order the game-over screen lists them.
PLACE_ORDER = {"shed": 0, "track": 1, "home": 2}


class LocomotionFace(Face[LocomotionView]):
    actions = ACTIONS
    log = LOG
    board = draw
    animated = True

    def scores(self, view: LocomotionView) -> list[int]:
        """Locomotives in the sheds, per player (three wins)."""
        return [sum(1 for loco in view["sheds"] if loco // data.LOCOS_PER_PLAYER == seat)
                for seat in range(view["players"])]

    def prompt(self, view: LocomotionView, legal: Sequence[str], t: Translate) -> str | None:
        """What the player to move decides now: how to roll, which locomotive to drive (and how
        far), whether to take a double's extra turn."""
        phase, player = view["phase"], view["current_player"]
        if player is None:
            return None
        if phase == "choose":
            return t("loco.ask.choose", n=view["tiles"][player])
        if phase == "extra":
            return t("loco.ask.extra")
        if phase != "drive" or view["dice"] is None:
            return None
        points = sum(view["dice"]["numbers"])
        if list(legal) == ["pass"]:
            return t("loco.ask.stuck")
        if view["extra_turn"]:
            return t("loco.ask.extra_turn", n=points)
        if any(move.startswith("enter ") for move in legal):
            return t("loco.ask.drive_or_enter", n=points)
        return t("loco.ask.drive", n=points)

    def move_buttons(self, view: LocomotionView, legal: Sequence[str], t: Translate) -> list[tuple[str, str]]:
        """Every legal drive and entry as (move, label), to offer as large buttons beside the board as
        well as on it: on a phone the whole board's locomotives are too small to tap. A label says
        which locomotive (where it stands) and what the move does to it (a shed, a crash, a push)."""
        locos = {loco["id"]: loco for loco in view["locos"]}
        buttons = []
        for move in legal:
            verb, _, arg = move.partition(" ")
            preview = view["previews"].get(move)
            if preview is None:  # pass
                continue
            if verb == "drive":
                driven, square = int(arg), locos[int(arg)]["square"]
                assert square is not None, move  # a locomotive is driven from the track
                label = t("loco.button.drive", place=draw.where(square, t))
            else:  # an entry's first step is onto its start square
                driven = draw.step(preview["steps"][0])[0]
                label = t("loco.button.enter", lane=t(f"loco.lane.{arg}"))
            buttons.append((move, " · ".join([label, *self._outcomes(preview, driven, t)])))
        return buttons

    @staticmethod
    def _outcomes(preview: PreviewView, driven: int, t: Translate) -> list[str]:
        """What a move does besides moving the `driven` locomotive on: a push, a crash, a shed."""
        outcomes = []
        if any(step[0] != driven for step in preview["steps"]):
            outcomes.append(t("loco.button.push"))
        if preview["crashed"] is not None:
            own = preview["crashed"] == driven
            outcomes.append(t("loco.button.crash" if own else "loco.button.crash_other"))
        if preview["sheltered"] is not None:
            outcomes.append(t("loco.button.shed"))
        return outcomes

    def overlay(self, public: LocomotionView, seen: Sequence[LocomotionView], legal: Sequence[str],
                t: Translate, names: Sequence[str]) -> Overlay | None:
        """What each legal move does and, before a roll, its odds (`overlay.py`); the moves are named
        as their buttons are. Everything is public: the spectator's view is enough."""
        # Imported here: it reads the bots' measures, and a table without overlays needs no bot.
        from ui.games.locomotion.overlay import overlay

        labels = {move: t(key) for move, key in ACTIONS.items()} | dict(self.move_buttons(public, legal, t))
        return overlay(public, legal, labels, t, names)

    def draw_side(self, view: LocomotionView, t: Translate, names: Sequence[str]) -> str:
        """Per player: their name on a line of its own (whole, however long), then their locomotives
        in sheds, on the track and at home, crashes, and repair tiles when they are played. Short
        headings (the full ones in <abbr title>) keep every column in a panel 340 px wide."""
        tiles = bool(view["options"].get("repair_tiles"))
        columns = COLUMNS + ((TILES_COLUMN,) if tiles else ())
        head = "".join(f'<th class="num" scope="col"><abbr title="{escape(t(full))}">'
                       f"{escape(t(short))}</abbr></th>" for short, full in columns)
        players = []
        for player in range(view["players"]):
            mine = [loco["place"] for loco in view["locos"] if loco["owner"] == player]
            cells = [mine.count("shed"), mine.count("track"), mine.count("home"), view["crashes"][player]]
            if tiles:
                cells.append(view["tiles"][player])
            you = f' ({escape(t("seat.you"))})' if player == view["seat"] else ""
            tds = "".join(f'<td class="num">{value}</td>' for value in cells)
            players.append(f'<tbody data-seat="{player}"><tr class="who"><th colspan="{len(columns)}" '
                           f'scope="rowgroup">{seat_chip(player)} {escape(seat_label(player, names, t))}{you}'
                           f"</th></tr><tr>{tds}</tr></tbody>")
        parts = [f"<h3>{escape(t('loco.side.title'))}</h3>",
                 f'<table class="results loco-standings"><thead><tr>{head}</tr></thead>'
                 f'{"".join(players)}</table>',
                 f'<p class="note">{escape(t("loco.side.goal", n=data.LOCOS_TO_WIN))}</p>']
        if tiles:
            parts.append(f'<p class="note">{escape(t("loco.pile", n=view["pile"]))}</p>')
        return "".join(parts)

    def breakdown(self, result: Mapping[str, Any], view: LocomotionView, t: Translate,
                  names: Sequence[str]) -> str:
        """Per player in the ranking's order, where each of their locomotives ended (the sheds by
        number, as on the board, in order of arrival; a square in words; home), with their crashes
        and turns."""
        order = sorted(range(view["players"]), key=lambda seat: (result["ranks"][seat], seat))
        blocks = [f'<h3>{escape(t("loco.end.title"))}</h3>']
        for seat in order:
            mine = sorted((loco for loco in view["locos"] if loco["owner"] == seat),
                          key=lambda loco: (PLACE_ORDER[loco["place"]], self._shed(loco, view)))
            items = "".join(f"<li>{escape(self._ending(loco, view, t))}</li>" for loco in mine)
            counts = t("loco.end.counts", crashes=view["crashes"][seat], turns=view["turns"][seat])
            blocks.append(f'<section class="loco-ending" data-seat="{seat}"><h4>{seat_chip(seat)} '
                          f'{escape(seat_label(seat, names, t))}</h4><ul>{items}</ul>'
                          f'<p class="note">{escape(counts)}</p></section>')
        return f'<div class="loco-breakdown">{"".join(blocks)}</div>'

    @staticmethod
    def _shed(loco: LocoView, view: LocomotionView) -> int:
        """The shed a locomotive took (they are filled in order of arrival), or -1."""
        return view["sheds"].index(loco["id"]) if loco["place"] == "shed" else -1

    @staticmethod
    def _ending(loco: LocoView, view: LocomotionView, t: Translate) -> str:
        if loco["place"] == "shed":
            return t("loco.end.shed", n=LocomotionFace._shed(loco, view) + 1)
        if loco["square"] is not None:
            return t("loco.end.track", place=draw.where(loco["square"], t))
        return t("loco.end.home")

    def frames(self, before: LocomotionView, after: LocomotionView, events: Sequence[Mapping[str, Any]],
               t: Translate, names: Sequence[str] = ()) -> list[str]:
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
                    shots.append(draw_frame(scene, t, moving=mover, names=names))
            elif kind == "loco_crashed":
                shots.append(draw_frame(scene, t, crashed=event["loco"], names=names))
            elif kind == "loco_sheltered":
                shots.append(draw_frame(scene, t, sheltering=event["loco"], names=names))
            elif kind == "platform_slid":
                shots.extend(draw_frame(after, t, transit=Transit(event["colour"], event["source"],
                                                                  event["target"], share), names=names)
                             for share in SLIDE_SHARES)
        return shots


FACE = LocomotionFace()
