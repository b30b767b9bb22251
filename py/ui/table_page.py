"""The table screen in the page: the `Page` that `ui.controller.TableController` draws on (DOM via
`ui.browser`). It decides nothing: each region of a `TablePicture` goes to its element, patched so
that the browser lays out only what a move changed."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from ui import browser as web
from ui import panels, viewbox
from ui.controller import Curtain, Keepsake, LogUpdate, TablePicture
from ui.focus import BoardFocus, DialogFocus, announcement_html, out_of_tab_order
from ui.games.face import Overlay

TOAST_MS = 5000  # how long a message stays (a newer one restarts the count)
LOG_END_SLACK_PX = 24  # a log scrolled to within about a line of its end is read at its end


class DomPage:
    """The table screen in the page: what `TableController` shows, drawn into the DOM."""

    def __init__(self) -> None:
        self.board = BoardFocus(web, "board-position")
        self.dialog = DialogFocus(web, "curtain", self.board)
        self.toast_timer: int | None = None
        self.map: str | None = None  # the map on screen, and its key once kept (game.lang)
        # Told of every drawing and curtain while the table is presented on a second screen.
        self.presenting: Callable[[Curtain | None], None] | None = None
        self.curtain: Curtain | None = None
        self.map_kept: str | None = None
        self.keeping: tuple[Keepsake, str] | None = None  # the latest picture to keep, with its map
        self.appearing = False  # the next table drawn takes the lobby's place (see `draw_table`)
        self.board_due: TablePicture | None = None  # an appearing table's picture, its board still to draw
        self.log_at_end = True  # False while a player has the log scrolled up to older moves
        self.log_scrolled_to = math.inf  # where the page last scrolled the log, until a player scrolls it

    def wire(self) -> None:
        """Arrows on the board, keys in dialogs, and the log's scrolling."""
        self.board.wire()
        self.dialog.wire()
        log = web.by_id("log")

        def scrolled(_event: object) -> None:
            # Read as the browser scrolls, when the page is laid out anyway; a move appending lines
            # would otherwise have to lay it out to know. The event comes a frame after its scroll,
            # maybe after the next move's lines: the log still where the page put it is at its end.
            top = log.scrollTop
            self.log_at_end = (top + log.clientHeight >= log.scrollHeight - LOG_END_SLACK_PX
                               or top >= self.log_scrolled_to - LOG_END_SLACK_PX)
            if self.log_at_end:
                web.show("log-newest", False)
            else:
                self.log_scrolled_to = math.inf  # a player's scroll: only their return to the end counts

        web.on(log, "scroll", scrolled)
        web.on(web.by_id("log-newest"), "click", lambda _event: self.show_newest_moves())

    def note_log_scrolled(self, top: float) -> None:
        self.log_scrolled_to = top

    def show_newest_moves(self) -> None:
        """Back from older moves to the newest; the focus goes to the log, where the button it was on
        no longer shows."""
        web.focus_selector("#log")
        self.follow_log()

    def follow_log(self) -> None:
        """Scroll the log to its newest move, and keep it there as moves come."""
        self.log_at_end = True
        web.show("log-newest", False)
        web.scroll_to_end("log", self.note_log_scrolled)

    def later(self, task: Callable[[], None], ms: float) -> int:
        return web.later(task, ms)

    def cancel(self, timer: int) -> None:
        web.cancel(timer)

    def now_ms(self) -> float:
        return web.now_ms()

    def wall_clock_ms(self) -> int:
        return web.wall_clock_ms()

    def reduced_motion(self) -> bool:
        return web.prefers_reduced_motion()

    def draw_table(self, picture: TablePicture) -> None:
        self.board.before_render()
        if picture.map is not None:  # a new game or language: the board's box takes the map's shape
            self.map, self.map_kept = picture.map, None
            web.set_html("board-map", picture.map)
            web.set_html("board-overlay", "")
            web.by_id("board").style.setProperty("--aspect", f"{viewbox.aspect(picture.map):.4f}")
            web.scroll_table_top()
        appearing, self.appearing = self.appearing, False
        if appearing:
            # A table taking the lobby's place is laid out over two frames, the rest of it first, then
            # its board, each drawn in a task of its own: all at once, the first layout of the largest
            # board held the page longer than a tap may. No other table's pieces show on its map.
            # Its move buttons come with its board: what can be played is all there at once.
            web.set_html("board-position", "")
            web.set_html("actions", "")
            self.board_due = picture
            web.after_paint(self.draw_board_soon)
        else:
            self.board_due = None
            self.draw_moves(picture)
        web.by_id("board-desc").textContent = picture.description
        web.by_id("table-title").textContent = picture.title
        web.set_tab_title(picture.tab_title)
        web.by_id("table").setAttribute("data-ply", str(picture.ply))  # for tests and bug reports
        web.patch_html("players", picture.players)
        web.patch_html("hand", picture.side)
        web.by_id("status").textContent = picture.status
        caption = web.by_id("caption")
        if caption.textContent != picture.caption:  # a live region: said only when it changes
            caption.textContent = picture.caption
        web.show("caption", bool(picture.caption))
        if picture.log is not None:
            self.draw_log(picture.log)
        if self.presenting:
            self.presenting(self.curtain)
        web.show("replay-bar", picture.replay is not None)
        if picture.replay is not None:
            ply, length, label = picture.replay
            bar = web.by_id("replay-range")
            bar.max = str(length)
            bar.value = str(ply)
            web.by_id("replay-label").textContent = label
        self.board.after_render()

    def draw_moves(self, picture: TablePicture) -> None:
        """The board's position and the move buttons, the suggested move marked: what can be played."""
        web.patch_html("board-position", out_of_tab_order(picture.position))
        # Patched, so a focused button still offered keeps the focus; one taken away (Undo with nothing
        # left to undo) hands it to the board rather than dropping it on the page.
        buttons_had_focus = web.focus_within("actions")
        web.patch_html("actions", picture.actions)
        if buttons_had_focus and not web.focus_within("actions"):
            self.board.come_back(None)
        self.mark_suggested(picture.suggested)

    def mark_suggested(self, move: str | None) -> None:
        """Ring the suggested move's targets, on the board and among the buttons (an attribute, not a
        class: patching pairs nodes by class, and a focused target must stay the same node)."""
        for element in web.document.querySelectorAll("#table [data-suggested]"):
            element.removeAttribute("data-suggested")
        if move is not None:
            quoted = json.dumps(move)
            for element in web.document.querySelectorAll(
                    f"#board-position [data-move={quoted}], #actions [data-move={quoted}]"):
                element.setAttribute("data-suggested", "")

    def draw_overlay(self, overlay: Overlay | None) -> None:
        web.set_html("board-insight", overlay.svg if overlay else "")
        web.set_html("insight", overlay.html if overlay else "")
        web.show("insight", bool(overlay and overlay.html))

    def keep_picture(self, kept: Keepsake) -> None:
        """Keep the table as just drawn, for static/js/picture.js, once it is on screen: writing it
        (its text and the cache's copy) took a seventh of a click's time on a slowed phone. Of
        pictures drawn meanwhile (bots at instant speed), the latest is kept; one not yet kept when
        the page goes out of sight is kept then (a hidden page paints no frame)."""
        if self.map is None:
            return
        if self.keeping is None:
            web.after_paint(self.keep_now)
        self.keeping = (kept, self.map)

    def keep_now(self) -> None:
        """Keep the table waiting to be kept, in the regions' own HTML; the map, the largest drawing,
        is kept once per game and language."""
        if self.keeping is None:
            return
        (kept, map_svg), self.keeping = self.keeping, None
        map_key = f"{kept.game_id}.{kept.lang}"
        if self.map_kept != map_key:
            web.keep_picture_map(map_key, map_svg)
            self.map_kept = map_key
        picture = kept.picture
        web.keep_picture(kept.save_id, json.dumps({
            "rev": kept.revision, "game": kept.game_id, "lang": kept.lang, "aspect": viewbox.aspect(map_svg),
            "ply": picture.ply, "title": picture.title, "tab": picture.tab_title,
            "position": out_of_tab_order(picture.position), "description": picture.description,
            "players": picture.players, "side": picture.side, "status": picture.status,
            "actions": picture.actions, "autoplay": kept.autoplay}))

    def draw_log(self, update: LogUpdate) -> None:
        lines = panels.log_html(update.lines)
        if update.reset:
            web.set_html("log", lines)
            self.follow_log()
        else:
            web.append_html("log", lines)
            if self.log_at_end:  # the newest move in view, unless a player is reading older ones
                web.scroll_to_end("log", self.note_log_scrolled)
            elif lines:  # who reads older moves is told of newer ones, and given the way to them
                web.show("log-newest")
        web.by_id("log").setAttribute("aria-busy", "true" if update.more else "false")
        news = None if update.catching_up else announcement_html([line.text for line in update.lines],
                                                                   update.reset)
        if news:  # screen readers hear the new lines, not the whole board
            web.set_html("log-news", news)

    def draw_board_soon(self) -> None:
        web.later(self.draw_board_due)

    def draw_board_due(self) -> None:
        picture, self.board_due = self.board_due, None
        if picture is not None:
            self.board.before_render()
            self.draw_moves(picture)
            self.board.after_render()

    def draw_position(self, svg: str) -> None:
        self.board_due = None  # a newer position
        self.board.before_render()
        web.patch_html("board-position", out_of_tab_order(svg))
        self.board.after_render()

    def open_curtain(self, curtain: Curtain) -> None:
        box = web.by_id("curtain")
        box.classList.toggle("beside-board", curtain.beside_board)
        if curtain.beside_board:
            web.set_html("board-overlay", curtain.overlay)
        web.by_id("curtain-title").textContent = curtain.title
        web.set_html("curtain-body", curtain.body)
        buttons = [b for b in curtain.buttons if b[1] != "share" or web.can_share()]  # no sheet, no button
        web.set_html("curtain-actions", panels.buttons_html(buttons))
        self.dialog.open(curtain.kind, modal=not curtain.beside_board)
        web.show("curtain", True)
        self.curtain = curtain
        if self.presenting:
            self.presenting(curtain)
        if curtain.kind == "result":
            web.document.documentElement.setAttribute("data-game-over", "1")

    def close_curtain(self) -> None:
        self.curtain = None
        if self.presenting:
            self.presenting(None)
        web.show("curtain", False)
        web.set_html("board-overlay", "")
        self.dialog.close()

    def curtain_open(self) -> bool:
        return not web.by_id("curtain").hidden

    def toast(self, text: str) -> None:
        """A message for a while: a newer one replaces it and gets its own full while."""
        box = web.by_id("toast")
        box.textContent = text
        box.hidden = False
        web.cancel(self.toast_timer)
        self.toast_timer = web.later(lambda: setattr(box, "hidden", True), TOAST_MS)
