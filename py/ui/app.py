"""The page's wiring: DOM events to the lobby and the table, links, language and preferences.

What the table decides lives in `ui.controller` (pure, tested under CPython) and is drawn by
`ui.table_page`; the lobby's form is `ui.lobby_screen`; every fragment of HTML comes from the pure
modules that draw it. DOM access goes through `ui.browser`, the only module that imports the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import import_module
from typing import Any

from games import get_game
from games.bots import get_bot, play_bots_game
from games.core import BadRecord
from ui import browser as web
from ui import panels
from ui.controller import BOT_DELAY_MS, Curtain, TableController
from ui.games import face_for
from ui.i18n import LANGUAGES, Translator, pick_language
from ui.links import BadLink, decode_link, encode_link
from ui.lobby import LobbyChoice
from ui.lobby_screen import LobbyScreen
from ui.replay import Scrubber
from ui.saves import SaveStore, StorageFull
from ui.table import Table
from ui.table_page import DomPage

LINK_PREFIX = "play="


class App:
    def __init__(self) -> None:
        self.store = SaveStore(web.LocalStorage())
        prefs = self.store.preferences()
        lang, speed = prefs.get("lang"), prefs.get("speed")
        # A preference this version does not know (another version's, or tampered) is not used.
        self.tr = Translator(lang if lang in LANGUAGES else pick_language(web.browser_languages()))
        speed = speed if speed in BOT_DELAY_MS else "normal"
        self.lobby = LobbyScreen(self.store, self.tr, speed, self.start_game, self.resume,
                                 self.speed_changed, self.toast)
        self.table = TableController(DomPage(), self.store, self.tr, speed, self.show_lobby)

    def toast(self, text: str) -> None:
        self.table.page.toast(text)

    def start(self) -> None:
        self.apply_language()
        self.lobby.render()
        self.wire()
        web.show("boot", False)
        if web.location_hash().startswith("#" + LINK_PREFIX):
            self.open_link(web.location_hash()[1 + len(LINK_PREFIX):])
        web.expose("railTableBotsGame", bots_game_json)
        web.mark_ready()
        game_id = self.lobby.game_id
        self.warm_up([lambda: import_module("svgwrite"), lambda: face_for(game_id),
                      lambda: self.table.map_svg(game_id), lambda: get_bot(game_id, "strong")])

    def warm_up(self, steps: list[Callable[[], object]]) -> None:
        """Import what the first game needs while the player is still in the lobby, one step per
        task, so the first "Start" does not freeze the page for the second these imports take."""
        if steps:
            def step() -> None:
                steps[0]()
                self.warm_up(steps[1:])
            web.later(step, 50)

    def wire(self) -> None:
        table = self.table
        self.lobby.wire()
        web.on(web.by_id("open-link"), "submit", self.on_open_link)
        web.on(web.by_id("board-position"), "click", self.on_board_click)
        web.on(web.by_id("board-position"), "keydown", self.on_board_key)
        web.on(web.by_id("actions"), "click", self.on_action_click)
        web.on(web.by_id("curtain-actions"), "click", self.on_curtain_click)
        web.on(web.by_id("replay-bar"), "click", self.on_replay_click)
        web.on(web.by_id("replay-range"), "input", lambda event: table.scrub(int(event.target.value)))
        web.on(web.by_id("play-on"), "click", self.on_play_on)
        web.on(web.by_id("share"), "click", self.on_share)
        web.on(web.by_id("to-lobby"), "click", lambda _event: table.leave())
        web.on(web.by_id("home-link"), "click", self.on_home)
        for button in web.document.querySelectorAll(".lang-choice"):
            web.on(button, "click", self.on_language)

    # -- language and preferences -----------------------------------------------------------------
    def apply_language(self) -> None:
        doc, lang = web.document, self.tr.lang
        doc.documentElement.lang = lang
        for node in doc.querySelectorAll("[data-i18n]"):
            node.textContent = self.tr(node.getAttribute("data-i18n"))
        for node in doc.querySelectorAll("[data-i18n-title]"):
            node.title = self.tr(node.getAttribute("data-i18n-title"))
        for node in doc.querySelectorAll("[data-i18n-aria]"):
            node.setAttribute("aria-label", self.tr(node.getAttribute("data-i18n-aria")))
        for button in doc.querySelectorAll(".lang-choice"):
            button.setAttribute("aria-pressed", "true" if web.data(button, "lang") == lang else "false")
        self.update_rules_link()

    def update_rules_link(self) -> None:
        game_id = self.table.table.game.id if self.table.table else self.lobby.game_id
        web.by_id("rules-link").href = f"./rules/{game_id}.{self.tr.lang}.html"

    def on_language(self, event: Any) -> None:
        self.tr = Translator(web.data(event.currentTarget, "lang"))
        self.lobby.tr = self.tr
        self.save_preferences()
        self.apply_language()
        self.lobby.render(keep_values=True)
        self.table.set_language(self.tr)

    def speed_changed(self, speed: str) -> None:
        self.table.speed = speed
        self.save_preferences()

    def save_preferences(self) -> None:
        try:
            self.store.set_preferences({"lang": self.tr.lang, "speed": self.table.speed})
        except StorageFull:
            self.toast(self.tr("error.storage_full"))

    # -- screens ------------------------------------------------------------------------------------
    def sit(self, table: Table, save_id: str | None, scrubber: Scrubber | None = None) -> None:
        web.show("lobby", False)
        web.show("table", True)
        web.show("curtain", False)
        self.table.sit(table, save_id, scrubber)
        self.update_rules_link()

    def show_lobby(self) -> None:
        web.set_location_hash("")
        web.show("curtain", False)
        web.show("table", False)
        web.show("lobby", True)
        self.update_rules_link()
        self.lobby.render_saved_games()

    def on_home(self, event: Any) -> None:
        event.preventDefault()
        self.table.leave()

    def start_game(self, choice: LobbyChoice) -> None:
        seed = choice.seed if choice.seed is not None else web.random_seed()
        self.sit(Table.new(choice.game_id, choice.seats, seed, choice.options, choice.names), new_save_id())

    def resume(self, save_id: str) -> None:
        try:
            saved = self.store.load(save_id)
            table = Table.from_record(saved.record, saved.seats, saved.names)
        except (BadRecord, ValueError) as err:
            self.store.quarantine(save_id, getattr(err, "reason", "error.save_corrupt"))
            self.toast(self.tr("error.save_unreadable"))
            self.lobby.render_saved_games()
            return
        self.sit(table, save_id)

    # -- links ----------------------------------------------------------------------------------------
    def on_open_link(self, event: Any) -> None:
        event.preventDefault()
        text = str(web.by_id("link-input").value).strip()
        marker = "#" + LINK_PREFIX
        self.open_link(text.split(marker, 1)[1] if marker in text else text)

    def open_link(self, text: str) -> None:
        try:
            record, seats = decode_link(text)
        except BadLink as err:
            self.toast(self.tr(err.reason))
            web.set_location_hash("")
            return
        self.sit(Table.from_record(record, seats), None, Scrubber(get_game(record["game"]), record))

    def on_share(self, _event: Any) -> None:
        record = self.table.link_record()
        if record is None or not self.table.table:
            return
        url = f"{web.page_url()}#{LINK_PREFIX}{encode_link(record, self.table.table.seats)}"
        web.copy_text(url)
        self.table.page.open_curtain(Curtain("share", self.tr("share.title"), panels.share_html(url, self.tr),
                                             [("data-curtain", "close", self.tr("action.close"))]))

    def on_replay_click(self, event: Any) -> None:
        target = event.target.closest("[data-replay]")
        scrubber = self.table.scrubber
        if target and scrubber:
            step = web.data(target, "replay")
            self.table.scrub({"first": 0, "prev": scrubber.ply - 1, "next": scrubber.ply + 1,
                              "last": scrubber.length}[step])

    def on_play_on(self, _event: Any) -> None:
        web.set_location_hash("")
        self.table.play_on(new_save_id())

    # -- the table ------------------------------------------------------------------------------------
    def on_board_click(self, event: Any) -> None:
        target = event.target.closest("[data-move]")
        if target:
            self.table.human_move(web.attribute(target, "data-move"))

    def on_board_key(self, event: Any) -> None:
        target = event.target.closest("[data-move]")
        if event.key in ("Enter", " ") and target:
            event.preventDefault()
            self.table.human_move(web.attribute(target, "data-move"))

    def on_action_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not target:
            return
        if web.data(target, "undo"):
            self.table.undo()
        elif target.hasAttribute("data-move"):
            self.table.human_move(web.attribute(target, "data-move"))

    def on_curtain_click(self, event: Any) -> None:
        target = event.target.closest("[data-curtain]")
        if target:
            self.table.curtain_action(web.data(target, "curtain"))


def new_save_id() -> str:
    return f"g{web.wall_clock_ms():x}{web.random_seed() & 0xFFFF:04x}"


def bots_game_json(spec_json: str) -> str:
    """A seeded bots-only game played in this runtime (the cross-runtime test and benchmarks call it)."""
    spec = json.loads(spec_json)
    decision_ms: list[list[float]] = []
    state = play_bots_game(spec["game"], spec["players"], spec["seed"], spec["options"], spec["levels"],
                           decision_ms)
    return json.dumps({"record": state.record(), "result": state.result().to_dict(),
                       "decision_ms": decision_ms})


def start() -> None:
    App().start()
