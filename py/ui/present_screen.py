"""Presenting in the page (DOM via `ui.browser`): the presenter's window opens the projector's and
tells it every drawing and public curtain; the projector's window follows it (`ui.present` decides
what each message shows). The presenter keeps the controls: a demonstration can be paused and
stepped through, both ways, at the bots' speed of its choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import BadRecord
from ui import browser as web
from ui.controller import Curtain, TableController
from ui.i18n import Translator
from ui.present import Projection, Shown, bye_message, hello_message, message_type, table_message
from ui.replay import Scrubber
from ui.table import Table
from ui.table_page import DomPage

CHANNEL = "railtable-present-"  # + the presentation's key, which the projector's address names


def hang_up(channel: Any) -> None:
    """Tell the other window this one is going, and close the line."""
    channel.postMessage(bye_message())
    channel.close()


class Presenter:
    """The presenter's window: the Present button, the channel and the bar of controls."""

    def __init__(self, controller: TableController, page: DomPage, tr: Callable[[], Translator],
                 toast: Callable[[str], None], change_speed: Callable[[str], None]) -> None:
        self.controller, self.page, self.tr, self.toast = controller, page, tr, toast
        self.change_speed = change_speed
        self.channel: Any = None

    def wire(self) -> None:
        web.on(web.by_id("present"), "click", lambda _event: self.open())
        web.on(web.by_id("present-bar"), "click", self.on_bar_click)
        web.on(web.by_id("present-speed"), "change",
               lambda event: self.change_speed(str(event.target.value)))
        web.on_leaving(lambda: hang_up(self.channel) if self.channel else None)

    def open(self) -> None:
        key = f"{web.random_seed():x}"
        if not web.open_window(f"./#present={key}", CHANNEL + key):
            self.toast(self.tr()("present.blocked"))
            return
        if self.channel is not None:  # one projector at a time: the one shown before is told it ended
            hang_up(self.channel)
        self.channel = web.channel(CHANNEL + key, self.on_message)
        self.page.presenting = self.post
        self.show_bar()

    def stop(self) -> None:
        if self.channel is not None:
            hang_up(self.channel)
        self.channel = None
        self.page.presenting = None
        if self.controller.paused:
            self.controller.set_paused(False)
        self.show_bar()

    def post(self, curtain: Curtain | None) -> None:
        """The table as it now stands, for the projector."""
        table, record = self.controller.table, self.controller.link_record()
        if self.channel is not None and table is not None and record is not None:
            caption = self.controller.explanation(self.controller.names())
            self.channel.postMessage(table_message(table, record, curtain, self.tr().lang, caption,
                                                   self.controller.overlays))
        self.show_bar()

    def on_message(self, text: str) -> None:
        kind = message_type(text)
        if kind == "hello":  # the projector's window has opened (or reloaded): where the table is
            self.post(self.page.curtain)
        elif kind == "bye":  # the projector's window was closed: the table goes on here
            self.channel.close()
            self.channel = None
            self.page.presenting = None
            self.show_bar()

    def show_bar(self) -> None:
        presenting, ctl = self.channel is not None, self.controller
        web.show("present-bar", presenting)
        web.by_id("present").setAttribute("aria-pressed", "true" if presenting else "false")
        web.show("present-demo", presenting and ctl.is_demo())
        pause = web.by_id("present-pause")
        pause.textContent = self.tr()("present.play" if ctl.paused else "present.pause")
        pause.setAttribute("aria-pressed", "true" if ctl.paused else "false")
        web.by_id("present-speed").value = ctl.speed

    def on_bar_click(self, event: Any) -> None:
        target = event.target.closest("[data-present]")
        action = web.data(target, "present") if target else ""
        ctl = self.controller
        if action == "stop":
            self.stop()
            return
        if action == "pause":
            ctl.set_paused(not ctl.paused)
        elif action in ("back", "forward"):
            if not ctl.paused:
                ctl.set_paused(True)
            (ctl.step_back if action == "back" else ctl.step_forward)()
        self.show_bar()


class Projector:
    """The projector's window: the presenter's table in the spectator's view, in projector display,
    with none of the controls."""

    def __init__(self, controller: TableController, page: DomPage, sit: Callable[[Table, Scrubber], None],
                 language: Callable[[str], None], tr: Callable[[], Translator]) -> None:
        self.controller, self.page, self.sit, self.language, self.tr = controller, page, sit, language, tr
        self.projection = Projection()
        self.channel: Any = None

    def start(self, key: str) -> None:
        root = web.document.documentElement
        root.setAttribute("data-projecting", "1")
        root.setAttribute("data-display", "projector")
        web.show("lobby", False)
        web.show("table", True)
        web.by_id("status").textContent = self.tr()("present.waiting")
        self.channel = web.channel(CHANNEL + key, self.on_message)
        web.on_leaving(lambda: hang_up(self.channel))
        self.channel.postMessage(hello_message())

    def on_message(self, text: str) -> None:
        kind = message_type(text)
        if kind == "table":
            try:
                shown = self.projection.take(text)
            except (BadRecord, ValueError, TypeError, KeyError):
                return  # not a table this version can show: the one on screen stays
            self.show(shown)
        elif kind == "bye":
            web.by_id("status").textContent = self.tr()("present.closed")

    def show(self, shown: Shown) -> None:
        if shown.lang != self.tr().lang:
            self.language(shown.lang)
        self.controller.told = shown.caption
        self.controller.overlays = shown.overlays
        if shown.fresh or self.controller.table is not shown.table:
            self.sit(shown.table, shown.scrubber)
        else:
            self.controller.scrub(len(shown.table.state.moves))
        if shown.curtain is not None:
            self.page.open_curtain(shown.curtain)
        elif self.page.curtain_open():
            self.page.close_curtain()
