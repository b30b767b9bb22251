"""The page's wiring: DOM events to the lobby and the table, the address and history, links, language
and preferences.

What the table decides lives in `ui.controller` (pure, tested under CPython) and is drawn by
`ui.table_page`; the lobby's form is `ui.lobby_screen`; every fragment of HTML comes from the pure
modules that draw it. DOM access goes through `ui.browser`, the only module that imports the browser.

The page is ready once the lobby is: its modules are the only ones imported before. The rest (the
table, links, class games, presenting: most of the app's code, which Pyodide compiles at every start)
is the `TableSide`, imported and built after, while the player is in the lobby, or at once by whatever
needs it first (an address naming a game, a link, a class game or its results; a "Start"). Its modules
are imported where they are used below.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any

from games.bots import get_bot, play_bots_game
from games.core import BadRecord, Steps
from ui import browser as web
from ui.games import face_for
from ui.i18n import Translator
from ui.lobby import LobbyChoice
from ui.lobby_screen import LobbyScreen
from ui.navigation import OVER_LOBBY, Route, back_to_lobby, link_text, parse_fragment
from ui.preferences import Preferences
from ui.saves import GAME_PREFIX, MadeByNewerVersion, SaveStore, StorageFull, link_save_id

if TYPE_CHECKING:
    from ui.classroom_screen import Classroom
    from ui.controller import TableController
    from ui.links import BadLink, SharedTable
    from ui.present_screen import Projector
    from ui.replay import Scrubber
    from ui.table import Table
    from ui.table_page import DomPage

# What the table's side imports, in the order the idle steps after the start import them.
TABLE_MODULES = ("ui.controller", "ui.table_page", "ui.classroom_screen", "ui.present_screen")


class TableSide:
    """All of the page but the lobby: the table's controller and page, class games, the presenter's
    and the projector's windows."""

    def __init__(self, app: App) -> None:
        from ui.classroom_screen import Classroom
        from ui.controller import TableController
        from ui.present_screen import Presenter, Projector
        from ui.table_page import DomPage

        self.page = DomPage()
        self.table = TableController(self.page, app.store, app.tr, app.prefs.speed, app.on_left)
        self.table.link_of = lambda table: app.link_url(table.state.record(), table, by_link=True)
        self.classroom = Classroom(app.store, self.page, lambda: app.tr, app.play_class_game, app.go)
        self.presenter = Presenter(self.table, self.page, lambda: app.tr, app.toast,
                                   lambda speed: app.change_preference("speed", speed))
        self.projector = Projector(self.table, self.page,
                                   lambda table, scrubber: app.sit(table, None, scrubber),
                                   app.use_language, lambda: app.tr)
        # Their controls are on the table, the results page or a dialog, which none shows before now.
        self.presenter.wire()
        self.classroom.wire()
        self.page.wire()
        web.on_hidden(self.page.keep_now)  # the table's latest picture, for a return before Python


class App:
    def __init__(self) -> None:
        self.store = SaveStore(web.LocalStorage())
        self.prefs = Preferences.read(self.store.preferences(), web.browser_languages())
        self.tr = Translator(self.prefs.lang)
        self.lobby = LobbyScreen(self.store, self.tr, self.start_game, self.resume, self.change_preference,
                                 self.toast, lambda _game_id: self.update_rules_link(), self.make_class)
        self.built: TableSide | None = None  # built on first use: `side()`

    def side(self) -> TableSide:
        """The table's side, built now if it is not yet (with the player's preferences)."""
        if self.built is None:
            self.built = TableSide(self)
            self.table_preferences()
        return self.built

    # The parts of the table's side: using any of them builds it.
    @property
    def page(self) -> DomPage:
        return self.side().page

    @property
    def table(self) -> TableController:
        return self.side().table

    @property
    def classroom(self) -> Classroom:
        return self.side().classroom

    @property
    def projector(self) -> Projector:
        return self.side().projector

    @property
    def seated(self) -> Table | None:
        """The game at the table, if any (asking does not build the table's side)."""
        return self.built.table.table if self.built else None

    def toast(self, text: str) -> None:
        self.page.toast(text)

    def start(self) -> None:
        self.apply_language()
        self.lobby.read_form()
        self.wire()
        for key, value in self.lobby.form_preferences().items():  # changed before Python was ready
            if value != getattr(self.prefs, key):
                self.change_preference(key, value)
        self.apply_preferences()
        web.show("boot", False)
        self.follow_address()
        # Listing the saves imports the engine of every game saved: at a game, only after its board.
        later = [self.lobby.render_saved_games] if self.seated else []
        if not later:
            self.lobby.render_saved_games()
        web.expose("railTableBotsGame", bots_game_json)
        web.mark_ready()
        queued = web.take_queued_move()  # tapped on the kept picture of this game before now
        if queued and self.seated:
            self.table.human_move(queued)
        elif web.take_queued_start() and not self.seated:  # "Start" pressed before now
            self.lobby.submit()
        # The table's side, one module per task, then what the game in view needs (svgwrite, its face,
        # map and strong bot), 50 ms apart, imported while the player is in the lobby so that the first
        # "Start" does not freeze the page for the second these imports take. Once a game is at the
        # table, the game in view is that one: its code is there already, and no other game's is loaded.
        first_game = [lambda: import_module("svgwrite"), lambda: face_for(self.game_in_view()),
                      lambda: self.table.map_svg(self.game_in_view()),
                      lambda: get_bot(self.game_in_view(), "strong")]
        self.in_steps([*later, *(partial(import_module, name) for name in TABLE_MODULES), self.side,
                       lambda: self.in_steps(first_game, 50)], 0)

    def in_steps(self, steps: list[Callable[[], object]], gap_ms: float) -> None:
        """Run `steps` one per task, `gap_ms` apart, so that none holds the page for long."""
        if steps:
            def step() -> None:
                steps[0]()
                self.in_steps(steps[1:], gap_ms)
            web.later(step, gap_ms)

    def wire(self) -> None:
        """The page's controls; those of the table's side reach it when used (`TableSide` wires its
        parts' own controls when it is built)."""
        self.lobby.wire()
        web.on(web.by_id("results-lobby"), "click", lambda _event: self.leave_results())
        web.on(web.by_id("open-link"), "submit", self.on_open_link)
        web.on(web.by_id("board-position"), "click", self.on_board_click)
        web.on(web.by_id("board-position"), "keydown", self.on_board_key)
        web.on(web.by_id("actions"), "click", self.on_action_click)
        web.on(web.by_id("curtain-actions"), "click", self.on_curtain_click)
        web.on(web.by_id("replay-bar"), "click", self.on_replay_click)
        web.on(web.by_id("replay-range"), "input", lambda event: self.table.scrub(int(event.target.value)))
        web.on(web.by_id("play-on"), "click", self.on_play_on)
        web.on(web.by_id("share"), "click", self.on_share)
        web.on(web.by_id("to-lobby"), "click", lambda _event: self.table.leave())
        web.on(web.by_id("home-link"), "click", self.on_home)
        web.on(web.by_id("autoplay-table"), "change",
               lambda event: self.change_preference("autoplay", bool(event.target.checked)))
        web.on(web.by_id("projector"), "click", lambda _event: self.change_preference(
            "display", "normal" if self.prefs.projector else "projector"))
        web.by_id("projector").disabled = False
        web.on(web.by_id("explain"), "click",
               lambda _event: self.change_preference("explain", not self.prefs.explain))
        web.on(web.by_id("overlays"), "click",
               lambda _event: self.change_preference("overlays", not self.prefs.overlays))
        for button in web.document.querySelectorAll(".lang-choice"):
            web.on(button, "click", self.on_language)
        web.on_history(self.follow_address)
        web.on_storage(self.on_storage)
        # The Continue list as it stands when the player leaves, for their return before Python.
        web.on_hidden(lambda: self.lobby.render_saved_games(draw=False))

    # -- language and preferences -----------------------------------------------------------------
    def apply_language(self) -> None:
        doc, lang = web.document, self.tr.lang
        doc.documentElement.lang = lang
        for node in doc.querySelectorAll("[data-i18n]"):
            node.textContent = self.tr(node.getAttribute("data-i18n"))
        for node in doc.querySelectorAll("[data-i18n-title]"):
            node.title = self.tr(node.getAttribute("data-i18n-title"))
        for node in doc.querySelectorAll("[data-i18n-aria]"):
            label = self.tr(node.getAttribute("data-i18n-aria"), n=web.data(node, "i18n-n"))
            node.setAttribute("aria-label", label)
        for node in doc.querySelectorAll("[data-i18n-placeholder]"):
            node.placeholder = self.tr(node.getAttribute("data-i18n-placeholder"), n=web.data(node, "i18n-n"))
        for button in doc.querySelectorAll(".lang-choice"):
            button.setAttribute("aria-pressed", "true" if web.data(button, "lang") == lang else "false")
        if not self.seated:
            web.set_tab_title(self.tr("app.name"))
        self.update_rules_link()

    def game_in_view(self) -> str:
        """The game at the table, else the one chosen in the lobby."""
        seated = self.seated
        return seated.game.id if seated else self.lobby.game_id

    def update_rules_link(self) -> None:
        web.by_id("rules-link").href = f"./rules/{self.game_in_view()}.{self.tr.lang}.html"

    def on_language(self, event: Any) -> None:
        self.change_preference("lang", web.data(event.currentTarget, "lang"))
        self.use_language(self.prefs.lang)

    def use_language(self, lang: str) -> None:
        """Speak `lang` (a projector follows its presenter's language without storing it)."""
        self.tr = Translator(lang)
        self.lobby.tr = self.tr
        self.apply_language()
        self.lobby.render_saved_games()
        if self.built:
            self.built.table.set_language(self.tr)

    def change_preference(self, key: str, value: object) -> None:
        self.prefs = self.prefs.changed(key, value)
        self.apply_preferences()
        try:
            self.store.set_preferences(self.prefs.stored())
        except StorageFull:
            self.toast(self.tr("error.storage_full"))

    def apply_preferences(self) -> None:
        """Show the preferences in every control that sets them, and hand the table its own."""
        prefs = self.prefs
        self.lobby.show_preferences(prefs)
        web.by_id("autoplay-table").checked = prefs.autoplay
        web.by_id("projector").setAttribute("aria-pressed", "true" if prefs.projector else "false")
        web.document.documentElement.setAttribute("data-display", prefs.display)
        for switch, on in (("explain", prefs.explain), ("overlays", prefs.overlays)):
            web.by_id(switch).setAttribute("aria-pressed", "true" if on else "false")
        if self.built:
            self.table_preferences()

    def table_preferences(self) -> None:
        """Hand the table the preferences it follows (when they change, and when it is built)."""
        prefs, table = self.prefs, self.table
        table.speed = prefs.speed
        if table.projector != prefs.projector:
            table.set_projector(prefs.projector)
        if table.autoplay != prefs.autoplay:
            table.set_autoplay(prefs.autoplay)
        if table.explaining != prefs.explain:
            table.set_explaining(prefs.explain)
        if table.overlays != prefs.overlays:
            table.set_overlays(prefs.overlays)

    # -- screens and the address --------------------------------------------------------------------
    def follow_address(self) -> None:
        """Show the screen the address names: at start (a reload, an opened address) and when Back
        or Forward changes it."""
        route = parse_fragment(web.location_hash())
        web.show("results", route.screen == "results")
        if route.screen == "present":
            if self.projector.channel is None:
                self.projector.start(route.value)
        elif route.screen == "class":
            self.table.stand_up()
            self.show_lobby()
            if not self.classroom.open_class(route.value, route.hints):
                clear_address()
        elif route.screen == "results":
            self.table.stand_up()
            if not self.classroom.show_results(route.value):
                clear_address()
                self.show_lobby()
        elif route.screen == "link":
            self.open_link(route.value)
        elif route.screen == "game":
            if self.table.save_id != route.value or not self.table.table or self.table.scrubber:
                self.lobby.finish_delete()  # a game deleted a moment ago is not brought back this way
                self.open_save(route.value)
        elif self.seated:
            self.table.stand_up()
            self.show_lobby()

    def go(self, route: Route) -> None:
        """A new history entry over the lobby's: Back returns to the lobby, Forward comes here again."""
        web.push_location_hash(route.fragment, OVER_LOBBY)

    def sit(self, table: Table, save_id: str | None, scrubber: Scrubber | None = None,
            revision: int = 0) -> None:
        if table.by_link:  # its QR codes need segno: imported while the player looks at the board
            self.in_steps([lambda: import_module("segno")], 1000)
        self.page.appearing = bool(web.by_id("table").hidden)
        web.show("lobby", False)
        web.show("table", True)
        web.show("curtain", False)
        web.document.documentElement.removeAttribute("data-game-over")
        self.table.sit(table, save_id, scrubber, revision)
        web.show("autoplay-field", self.table.offers_autoplay())
        web.show("explain", not table.humans and scrubber is None)  # only bots' moves are explained
        self.update_rules_link()

    def show_lobby(self) -> None:
        web.show("curtain", False)
        web.show("table", False)
        web.show("lobby", True)
        web.set_tab_title(self.tr("app.name"))
        self.update_rules_link()
        self.lobby.render_saved_games()

    def on_left(self) -> None:
        """The player left the table (Lobby, the brand, the result screen's Lobby): like Back."""
        if back_to_lobby(web.history_state()):
            web.history_back()
        else:
            web.push_location_hash("", "")
        self.show_lobby()

    def on_home(self, event: Any) -> None:
        event.preventDefault()
        if self.seated:
            self.table.leave()

    def start_game(self, choice: LobbyChoice) -> None:
        from ui.table import Table

        seed = choice.seed if choice.seed is not None else web.random_seed()
        table = Table.new(choice.game_id, choice.seats, seed, choice.options, choice.names, choice.me,
                          choice.by_link, web.fresh_salt)
        save_id = link_save_id(table.state.record()) if table.by_link else new_save_id()
        self.sit(table, save_id)
        self.go(Route("game", save_id))

    def make_class(self, choice: LobbyChoice) -> None:
        if choice.by_link:  # a game by link draws its chance on each device: no two groups' dice agree
            self.toast(self.tr("error.class_by_link"))
            return
        self.classroom.create(choice)

    def play_class_game(self, table: Table) -> None:
        """A group starts the class game: saved here like any game, its address then names it."""
        save_id = new_save_id()
        self.sit(table, save_id)
        web.replace_location_hash_keeping_state(Route("game", save_id).fragment)

    def leave_results(self) -> None:
        web.show("results", False)
        self.on_left()

    def resume(self, save_id: str) -> None:
        if self.open_save(save_id):
            self.go(Route("game", save_id))

    def open_save(self, save_id: str) -> bool:
        """Sit at a saved game; if it cannot be (gone, or unreadable and set aside), the lobby says why."""
        from ui.table import Table

        try:
            saved = self.store.load(save_id)
            table = Table.from_record(saved.record, saved.seats, saved.names, me=saved.me,
                                      by_link=saved.by_link, salt_source=web.fresh_salt)
            table.hints = saved.hints
        except (BadRecord, ValueError) as err:
            reason = getattr(err, "reason", "error.save_damaged")
            if isinstance(err, MadeByNewerVersion):
                message = "lobby.newer_save"  # kept as it is, for the newer version
            elif reason == "error.save_missing":
                message = reason
            else:
                message = "error.save_unreadable"
                self.store.quarantine(save_id, reason, **getattr(err, "params", {}))
            clear_address()
            self.table.stand_up()
            self.show_lobby()
            self.toast(self.tr(message))
            return False
        self.sit(table, save_id, revision=saved.revision)
        return True

    def on_storage(self, key: str | None) -> None:
        """Another tab wrote the storage: the game here may have gone on there, the list may have changed."""
        if self.seated:
            if key is None or key == f"{GAME_PREFIX}{self.table.save_id}":
                self.table.check_elsewhere()
        elif key is None or key.startswith(GAME_PREFIX):
            self.lobby.render_saved_games()

    def rematch(self) -> None:
        """The finished game again: same game, seats, names and options, a new deal, a new save."""
        finished = self.table.table
        if finished:
            table = finished.rematch(web.random_seed())
            save_id = link_save_id(table.state.record()) if table.by_link else new_save_id()
            self.sit(table, save_id)
            web.replace_location_hash_keeping_state(Route("game", save_id).fragment)

    # -- links ----------------------------------------------------------------------------------------
    def on_open_link(self, event: Any) -> None:
        event.preventDefault()
        text = link_text(str(web.by_id("link-input").value).strip())
        if self.open_link(text):
            self.go(Route("link", text))

    def open_link(self, text: str) -> bool:
        """Open a link, or say why it cannot be opened. A damaged header is refused at once; then, each
        in tasks of its own so that opening the longest link never holds the page for all of it, its
        game's rules are compiled, the link decoded, its game's drawing code compiled, its map drawn
        and the board it opens on."""
        from ui.links import BadLink, link_game

        try:
            game_id = link_game(text)
        except BadLink as err:
            self.refuse_link(err)
            return False
        return self.decode_on(text, self.opening(text, game_id))

    def opening(self, text: str, game_id: str) -> Steps[SharedTable]:
        """The steps of opening a link of `game_id`: its game decoded, then what its table needs."""
        from ui.links import decoding
        from ui.precompile import compiling, preceded

        shared = yield from preceded(compiling(f"games.{game_id}"), decoding(text))
        parts: list[Callable[[], object]] = [*compiling(f"ui.games.{game_id}"), lambda: face_for(game_id),
                                             lambda: self.table.map_svg(game_id)]
        for step in parts:
            step()
            yield
        if not shared.by_link and shared.state is not None:
            yield from self.table.drawing_replay_ahead(shared.state, shared.names)
        return shared

    def decode_on(self, text: str, steps: Steps[SharedTable]) -> bool:
        """One step of opening a link, the next a task later while the address still names it; False
        when the link is refused."""
        from ui.links import BadLink

        try:
            next(steps)
        except StopIteration as done:
            self.opened(done.value)
        except BadLink as err:
            self.refuse_link(err)
            return False
        else:
            def step() -> None:
                if parse_fragment(web.location_hash()) == Route("link", text):  # not left meanwhile
                    self.decode_on(text, steps)
            web.later(step, 0)
        return True

    def refuse_link(self, err: BadLink) -> None:
        self.toast(self.tr(err.reason))
        clear_address()

    def opened(self, shared: SharedTable) -> None:
        if shared.by_link:
            self.take_game_by_link(shared)
        else:
            self.watch(shared)

    def watch(self, shared: SharedTable) -> None:
        """A link's game as a replay: anyone may scrub it, nobody's secrets shown."""
        from ui.replay import Scrubber
        from ui.table import Table

        if shared.state is None:
            table = Table.from_record(shared.record, shared.seats, shared.names, salt_source=web.fresh_salt)
        else:  # the game as the link was decoded: not replayed a second time
            table = Table.at(shared.state, shared.seats, shared.names, web.fresh_salt)
        self.sit(table, None, Scrubber(table.game, shared.record, table.state))

    def take_game_by_link(self, shared: SharedTable) -> None:
        """A friend's turn arrives: the game is saved on this device (updating the one here) and goes on
        at its table; the first time, the player says who they are. The address then names the saved
        game, so Back leaves it instead of stepping through the links that came before."""
        try:
            received = self.store.take_link(shared.record, shared.seats, shared.names, web.wall_clock_ms())
        except StorageFull:
            self.toast(self.tr("error.storage_full"))
            self.watch(shared)
            return
        web.replace_location_hash_keeping_state(Route("game", received.save_id).fragment)
        self.open_save(received.save_id)
        if received.note:
            self.toast(self.tr(received.note))
        if received.me is None and self.table.table:
            self.table.ask_who()

    def take_seat(self, seat: int | None) -> None:
        """The answer to "Who are you?": remembered for this game on this device (None: watching)."""
        table = self.table.table
        if table is None:
            return
        if seat is None:
            from ui.links import SharedTable

            self.page.close_curtain()
            self.watch(SharedTable(table.state.record(), table.seats, table.names, True))
            return
        self.table.take_seat(seat)

    def on_share(self, _event: Any) -> None:
        from ui import panels
        from ui.controller import Curtain
        from ui.qr import TooLongForQr, qr_svg

        record = self.table.link_record()
        if record is None or not self.table.table:
            return
        url = self.link_url(record, self.table.table, by_link=False)
        web.copy_text(url)
        try:
            code = qr_svg(url, self.tr("send.qr_title"))
        except TooLongForQr:
            code = ""
        self.page.open_curtain(Curtain("share", self.tr("share.title"), panels.share_html(url, self.tr, code),
                                       [("data-curtain", "close", self.tr("action.close"))]))

    def link_url(self, record: dict[str, Any], table: Table, by_link: bool) -> str:
        """The whole address of a link to `record` at `table`, names included."""
        from ui.links import encode_link

        text = encode_link(record, table.seats, table.names, by_link)
        return f"{web.page_url()}#{Route('link', text).fragment}"

    def on_replay_click(self, event: Any) -> None:
        target = event.target.closest("[data-replay]")
        scrubber = self.table.scrubber
        if target and scrubber:
            step = web.data(target, "replay")
            self.table.scrub({"first": 0, "prev": scrubber.ply - 1, "next": scrubber.ply + 1,
                              "last": scrubber.length}[step])

    def on_play_on(self, _event: Any) -> None:
        save_id = new_save_id()
        web.replace_location_hash_keeping_state(Route("game", save_id).fragment)
        self.table.play_on(save_id)

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
        elif web.data(target, "send"):
            self.table.offer_send()
        elif web.data(target, "suggest"):
            self.table.suggest()
        elif target.hasAttribute("data-move"):
            self.table.human_move(web.attribute(target, "data-move"))

    def on_curtain_click(self, event: Any) -> None:
        target = event.target.closest("[data-curtain]")
        action = web.data(target, "curtain") if target else ""
        if action == "rematch":
            self.rematch()
        elif action == "load_newer" and self.table.save_id:
            self.page.close_curtain()
            self.open_save(self.table.save_id)
        elif action.startswith("me-"):
            self.take_seat(int(action[3:]))
        elif action == "watch":
            self.take_seat(None)
        elif action == "copy":
            web.copy_text(self.table.sent_url)
            self.toast(self.tr("send.copied"))
        elif action == "share":
            web.share_link(self.tr("app.name"), self.table.sent_url)
        elif action == "class-copy":
            self.classroom.copy_link()
        elif action == "class-results":
            self.classroom.open_results_page()
        elif action == "class-start":
            self.classroom.start()
        elif action == "result_link":
            self.on_share(None)
        elif action == "keep_copy":
            save_id = new_save_id()
            web.replace_location_hash_keeping_state(Route("game", save_id).fragment)
            self.table.keep_as_copy(save_id)
        elif action:
            self.table.curtain_action(action)


def clear_address() -> None:
    """An address that named what could not be opened names the lobby again (same history entry)."""
    if parse_fragment(web.location_hash()).screen != "lobby":
        web.replace_location_hash_keeping_state("")


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
