"""The browser glue: lobby, table screen, bots' pacing, autosave, links. DOM access goes through `ui.browser`.

One click: a `data-move` target -> `Table.play` -> autosave -> redraw the position layer (the map is drawn
once per game) -> the next bot is scheduled in short slices so the page never freezes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from importlib import import_module
from typing import Any

from games import get_game
from games.bots import bot_rng, get_bot, play_bots_game
from games.core import BadRecord, IllegalMove, MalformedMove
from ui import browser as web
from ui import panels
from ui.games import face_for, playable_games
from ui.i18n import Translator, pick_language
from ui.links import BadLink, decode_link, encode_link
from ui.lobby import LobbyChoice, lobby_options_html, lobby_seats_html, parse_lobby
from ui.log import log_line
from ui.replay import Scrubber
from ui.saves import SaveStore, StorageFull
from ui.table import HUMAN, Table

BOT_DELAY_MS = {"slow": 1200, "normal": 500, "fast": 120, "instant": 0}
INTERLUDE_MS = {"slow": 6000, "normal": 4000, "fast": 1500, "instant": 0}
FRAME_MS = 110  # one step of a move's animation
LOG_LINES = 200  # the latest moves; the whole game is in the save, the link and the replay
BOT_SLICE_MS = 12  # a bot thinks in slices this long, then lets the page repaint
LINK_PREFIX = "play="


class App:
    def __init__(self) -> None:
        self.store = SaveStore(web.LocalStorage())
        prefs = self.store.preferences()
        self.lang = prefs.get("lang") or pick_language(web.browser_languages())
        self.tr = Translator(self.lang)
        self.speed = prefs.get("speed") if prefs.get("speed") in BOT_DELAY_MS else "normal"
        self.table: Table | None = None
        self.save_id: str | None = None
        self.scrubber: Scrubber | None = None
        self.shown: int | None = None  # the seat whose secrets are on screen
        self.map_game: str | None = None
        self.bot_timer: int | None = None
        self.bot_generation = 0  # bumps when the table changes, so a stale bot never plays
        self.curtain_queue: list[dict[str, Any]] = []
        self.game_id = playable_games()[0]
        self.maps: dict[tuple[str, str], str] = {}
        self.log_cache: tuple[Any, str, int, list[str]] = (None, "", 0, [])
        self.log_drawn: tuple[list[str] | None, int] = (None, 0)  # the lines in #log, how many
        self.animating = False

    def t(self, key: str, /, **params: Any) -> str:
        return self.tr.t(key, **params)

    # -- start-up -----------------------------------------------------------------------------
    def start(self) -> None:
        self.apply_language()
        self.render_lobby()
        self.wire()
        web.show("boot", False)
        if web.location_hash().startswith("#" + LINK_PREFIX):
            self.open_link(web.location_hash()[1 + len(LINK_PREFIX):])
        web.by_id("start").disabled = False
        web.by_id("player-count").disabled = False
        web.by_id("seed").disabled = False
        web.by_id("bot-speed").disabled = False
        web.by_id("bot-speed").value = self.speed
        web.by_id("link-input").disabled = False
        for button in web.document.querySelectorAll("#open-link button"):
            button.disabled = False
        web.expose("railTableBotsGame", bots_game_json)
        web.mark_ready()
        self.warm_up([lambda: import_module("svgwrite"), lambda: face_for(self.game_id),
                      lambda: self.map_svg(self.game_id), lambda: get_bot(self.game_id, "strong")])

    def map_svg(self, game_id: str) -> str:
        """The static map, drawn once per game and language (it is the largest drawing)."""
        key = (game_id, self.lang)
        if key not in self.maps:
            self.maps[key] = face_for(game_id).draw_map(self.t)
        return self.maps[key]

    def warm_up(self, steps: list[Callable[[], object]]) -> None:
        """Import what the first game needs while the player is still in the lobby, one step per
        task, so the first "Start" does not freeze the page for the second these imports take."""
        if steps:
            def step() -> None:
                steps[0]()
                self.warm_up(steps[1:])
            web.later(step, 50)

    def wire(self) -> None:
        doc = web.document
        web.on(web.by_id("new-game"), "submit", self.on_start)
        web.on(web.by_id("new-game"), "change", self.on_lobby_change)
        web.on(web.by_id("open-link"), "submit", self.on_open_link)
        web.on(web.by_id("saved-games"), "click", self.on_saved_click)
        web.on(web.by_id("save-problems"), "click", self.on_problem_click)
        web.on(web.by_id("board-position"), "click", self.on_board_click)
        web.on(web.by_id("board-position"), "keydown", self.on_board_key)
        web.on(web.by_id("actions"), "click", self.on_action_click)
        web.on(web.by_id("curtain-actions"), "click", self.on_curtain_click)
        web.on(web.by_id("replay-bar"), "click", self.on_replay_click)
        web.on(web.by_id("replay-range"), "input", self.on_replay_range)
        web.on(web.by_id("play-on"), "click", self.on_play_on)
        web.on(web.by_id("share"), "click", self.on_share)
        web.on(web.by_id("to-lobby"), "click", lambda _e: self.show_lobby())
        web.on(web.by_id("home-link"), "click", self.on_home)
        for button in doc.querySelectorAll(".lang-choice"):
            web.on(button, "click", self.on_language)

    # -- language -----------------------------------------------------------------------------
    def apply_language(self) -> None:
        doc = web.document
        doc.documentElement.lang = self.lang
        for node in doc.querySelectorAll("[data-i18n]"):
            node.textContent = self.t(node.getAttribute("data-i18n"))
        for node in doc.querySelectorAll("[data-i18n-title]"):
            node.title = self.t(node.getAttribute("data-i18n-title"))
        for node in doc.querySelectorAll("[data-i18n-aria]"):
            node.setAttribute("aria-label", self.t(node.getAttribute("data-i18n-aria")))
        for button in doc.querySelectorAll(".lang-choice"):
            button.setAttribute("aria-pressed", "true" if web.data(button, "lang") == self.lang else "false")
        self.update_rules_link()

    def update_rules_link(self) -> None:
        game_id = self.table.game.id if self.table else self.game_id
        web.by_id("rules-link").href = f"./rules/{game_id}.{self.lang}.html"

    def on_language(self, event: Any) -> None:
        self.lang = web.data(event.currentTarget, "lang")
        self.tr = Translator(self.lang)
        self.save_preferences()
        self.apply_language()
        self.render_lobby(keep_values=True)
        if self.table:
            self.map_game = None
            self.render_table()

    def save_preferences(self) -> None:
        try:
            self.store.set_preferences({"lang": self.lang, "speed": self.speed})
        except StorageFull:
            self.toast(self.t("error.storage_full"))

    # -- lobby --------------------------------------------------------------------------------
    def render_lobby(self, keep_values: bool = False) -> None:
        previous = self.read_lobby_seats() if keep_values else None
        games_html = "".join(
            f'<label class="game-choice"><input type="radio" name="game" value="{game_id}"'
            f'{" checked" if game_id == self.game_id else ""}>'
            f'<span class="game-name">{escape(self.t("game." + game_id))}</span>'
            f'<span class="game-blurb">{escape(self.t("blurb." + game_id))}</span></label>'
            for game_id in playable_games()
        )
        fieldset = web.document.querySelector("#new-game fieldset.games")
        fieldset.innerHTML = f'<legend>{escape(self.t("lobby.game"))}</legend>{games_html}'
        game = get_game(self.game_id)
        count = web.by_id("player-count")
        current = int(count.value or 4)
        count.innerHTML = "".join(
            f'<option{" selected" if n == current else ""}>{n}</option>'
            for n in range(game.min_players, game.max_players + 1)
        )
        players = min(max(current, game.min_players), game.max_players)
        count.value = str(players)
        web.set_html("seats", lobby_seats_html(players, self.t, previous))
        web.set_html("options", lobby_options_html(game, self.t))
        self.render_saved_games()

    def read_lobby_seats(self) -> list[tuple[str, str]]:
        rows = []
        for row in web.document.querySelectorAll("#seats .seat"):
            kind = row.querySelector("select").value
            name = row.querySelector("input").value
            rows.append((str(kind), str(name)))
        return rows

    def on_lobby_change(self, event: Any) -> None:
        target = event.target
        if target.name == "game":
            self.game_id = str(target.value)
            self.render_lobby()
        elif target.id == "player-count":
            web.set_html("seats", lobby_seats_html(int(target.value), self.t, self.read_lobby_seats()))
        elif target.id == "bot-speed":
            self.speed = str(target.value)
            self.save_preferences()

    def on_start(self, event: Any) -> None:
        event.preventDefault()
        form = web.by_id("new-game")
        options = {
            str(box.name): bool(box.checked) for box in form.querySelectorAll("#options input[type=checkbox]")
        }
        choice: LobbyChoice | str = parse_lobby(
            self.game_id, self.read_lobby_seats(), options, str(web.by_id("seed").value), self.t
        )
        if isinstance(choice, str):
            self.toast(choice)
            return
        seed = choice.seed if choice.seed is not None else web.random_seed()
        table = Table.new(choice.game_id, choice.seats, seed, choice.options, choice.names)
        self.sit(table, new_save=True)

    def render_saved_games(self) -> None:
        listing = self.store.list_games()
        if listing.games:
            items = []
            for entry in listing.games:
                players = ", ".join(entry.names) if entry.names else str(len(entry.seats))
                status = self.t("lobby.status_over" if entry.over else "lobby.status_playing")
                items.append(
                    f'<li><button type="button" class="saved" data-save="{escape(entry.save_id)}">'
                    f'<span class="saved-title">{escape(self.t("game." + entry.game))}</span>'
                    f'<span class="saved-meta">{escape(players)} · {escape(status)} · '
                    f'{escape(self.t("lobby.moves", n=entry.ply))}</span></button>'
                    f'<button type="button" class="button ghost small" data-delete="{escape(entry.save_id)}"'
                    f' aria-label="{escape(self.t("lobby.delete"))}">✕</button></li>'
                )
            web.set_html("saved-games", "".join(items))
        else:
            web.set_html("saved-games", f'<li class="empty">{escape(self.t("lobby.no_saves"))}</li>')
        box = web.by_id("save-problems")
        box.hidden = not listing.problems
        box.innerHTML = "".join(
            f"<p>{escape(self.t('error.save_corrupt', key=problem.key))} "
            f"{escape(self.t(problem.reason, **problem.params))} "
            f'<button type="button" class="button ghost small" data-discard="{escape(problem.key)}">'
            f"{escape(self.t('lobby.discard'))}</button></p>"
            for problem in listing.problems
        )

    def on_problem_click(self, event: Any) -> None:
        target = event.target.closest("[data-discard]")
        if target:
            self.store.discard(web.data(target, "discard"))
            self.render_saved_games()

    def on_saved_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not target:
            return
        if web.data(target, "delete"):
            self.store.delete(web.data(target, "delete"))
            self.render_saved_games()
            return
        save_id = web.data(target, "save")
        try:
            saved = self.store.load(save_id)
            table = Table.from_record(saved.record, saved.seats, saved.names)
        except (BadRecord, ValueError) as err:
            self.store.quarantine(save_id, getattr(err, "reason", "error.save_corrupt"))
            self.toast(self.t("error.save_unreadable"))
            self.render_saved_games()
            return
        self.save_id = save_id
        self.sit(table, new_save=False)

    # -- links --------------------------------------------------------------------------------
    def on_open_link(self, event: Any) -> None:
        event.preventDefault()
        text = str(web.by_id("link-input").value).strip()
        marker = "#" + LINK_PREFIX
        self.open_link(text.split(marker, 1)[1] if marker in text else text)

    def open_link(self, text: str) -> None:
        try:
            record, seats = decode_link(text)
        except BadLink as err:
            self.toast(self.t(err.reason))
            web.set_location_hash("")
            return
        self.scrubber = Scrubber(get_game(record["game"]), record)
        table = Table.from_record(record, seats)
        self.save_id = None
        self.sit(table, new_save=False, replay=True)

    def on_share(self, _event: Any) -> None:
        if not self.table:
            return
        record = self.scrubber.record if self.scrubber else self.table.state.record()
        url = f"{web.page_url()}#{LINK_PREFIX}{encode_link(record, self.table.seats)}"
        web.copy_text(url)
        self.show_curtain(self.t("share.title"),
                          f'<p>{escape(self.t("share.copied"))}</p>'
                          f'<textarea class="share-url" readonly rows="4">{escape(url)}</textarea>',
                          [("data-curtain", "close", self.t("action.close"))])

    # -- replay of a shared link ----------------------------------------------------------------
    def on_replay_click(self, event: Any) -> None:
        target = event.target.closest("[data-replay]")
        if not target or not self.scrubber:
            return
        step = web.data(target, "replay")
        self.scrub({"first": 0, "prev": self.scrubber.ply - 1, "next": self.scrubber.ply + 1,
                    "last": self.scrubber.length}[step])

    def on_replay_range(self, event: Any) -> None:
        self.scrub(int(event.target.value))

    def scrub(self, ply: int) -> None:
        if not self.scrubber or not self.table:
            return
        self.table.state = self.scrubber.seek(ply)
        self.render_table()

    def on_play_on(self, _event: Any) -> None:
        if not self.scrubber or not self.table:
            return
        table = Table.from_record(self.scrubber.record, self.table.seats, self.table.names, self.scrubber.ply)
        self.scrubber = None
        web.set_location_hash("")
        self.sit(table, new_save=True)

    # -- the table ----------------------------------------------------------------------------
    def sit(self, table: Table, new_save: bool, replay: bool = False) -> None:
        self.stop_bots()
        # Load the seated bots now, in the task of the click that starts the game, if the lobby's
        # warm-up has not done it yet: loading them later would freeze the page while they think.
        for kind in sorted(set(table.seats) - {HUMAN}):
            get_bot(table.game.id, kind)
        self.table = table
        if not table.names:
            table.names = [panels.seat_label(seat, [], self.t) for seat in range(len(table.seats))]
        if not replay:
            self.scrubber = None
        if new_save:
            self.save_id = f"g{web.wall_clock_ms():x}{web.random_seed() & 0xFFFF:04x}"
        self.shown = None
        self.curtain_queue = []
        self.animating = False
        self.map_game = None
        web.show("lobby", False)
        web.show("table", True)
        web.show("replay-bar", replay)
        web.show("curtain", False)
        self.update_rules_link()
        if not replay:
            self.autosave()
        self.render_table()
        self.after_render()

    def show_lobby(self) -> None:
        self.stop_bots()
        self.table = None
        self.scrubber = None
        web.set_location_hash("")
        web.show("curtain", False)
        web.show("table", False)
        web.show("lobby", True)
        self.update_rules_link()
        self.render_saved_games()

    def on_home(self, event: Any) -> None:
        event.preventDefault()
        self.show_lobby()

    def render_table(self) -> None:
        table = self.table
        if not table:
            return
        face = face_for(table.game.id)
        state = table.state
        if table.needs_handover(self.shown) and not self.scrubber:
            viewer = None  # hide every secret until the next player confirms
        else:
            viewer = table.viewer(self.shown)
            self.shown = viewer if viewer is not None else self.shown
        view = state.view(viewer)
        legal = [] if self.scrubber or viewer is None else table.human_legal()
        if self.map_game != table.game.id:
            web.set_html("board-map", self.map_svg(table.game.id))
            web.set_html("board-overlay", "")
            self.map_game = table.game.id
        web.patch_html("board-position", face.draw_position(view, legal, self.t))
        web.by_id("board-desc").textContent = face.describe(view, self.t)
        web.by_id("table-title").textContent = self.t("game." + table.game.id)
        web.by_id("table").setAttribute("data-ply", str(len(state.moves)))  # for tests and bug reports
        scores = face.scores(view)
        web.patch_html("players", panels.players_html(table.names, table.seats, scores,
                                                    state.current_player, viewer, self.t))
        web.patch_html("hand", face.draw_side(view, self.t))
        web.set_html("status", escape(self.status_text(viewer)))
        buttons = [("data-move", move, self.t(key)) for move, key in face.actions.items() if move in legal]
        if table.can_undo() and not self.scrubber:
            buttons.append(("data-undo", "1", self.t("action.undo")))
        web.set_html("actions", panels.buttons_html(buttons))
        self.show_log()
        if self.scrubber:
            bar = web.by_id("replay-range")
            bar.max = str(self.scrubber.length)
            bar.value = str(self.scrubber.ply)
            web.by_id("replay-label").textContent = self.t("replay.at", ply=self.scrubber.ply,
                                                         total=self.scrubber.length)

    def show_log(self) -> None:
        """Append the log's new lines; it is redrawn only when it starts over (undo, language)."""
        lines = self.log_lines()
        drawn_for, drawn = self.log_drawn
        if drawn_for is lines:
            if drawn == len(lines):
                return
            web.append_html("log", panels.log_html(lines[drawn:]), keep=LOG_LINES)
        else:
            web.set_html("log", panels.log_html(lines[-LOG_LINES:]))
        self.log_drawn = (lines, len(lines))
        web.scroll_to_end("log")  # the newest move in view

    def log_lines(self) -> list[str]:
        """The move log; events are only ever appended to a state, so only new ones are formatted."""
        table = self.table
        assert table is not None
        state, events = table.state, table.state.events
        cached_state, lang, seen, lines = self.log_cache
        if cached_state is not state or lang != self.lang or seen > len(events):
            seen, lines = 0, []
        for event in events[seen:]:
            line = log_line(event, self.t, table.names, face_for(table.game.id).log)
            if line:
                lines.append(line)
        self.log_cache = (state, self.lang, len(events), lines)
        return lines

    def status_text(self, viewer: int | None) -> str:
        table = self.table
        assert table is not None
        state = table.state
        if state.is_over():
            return self.t("status.game_over")
        current = state.current_player
        name = table.names[current]
        if table.is_human(current) and viewer == current and not self.scrubber:
            return self.t("status.your_turn", name=name)
        return self.t("status.thinking", name=name) if not table.is_human(current) else \
            self.t("status.waiting", name=name)

    # -- moves --------------------------------------------------------------------------------
    def on_board_click(self, event: Any) -> None:
        target = event.target.closest("[data-move]")
        if target:
            self.human_move(str(target.getAttribute("data-move")))

    def on_board_key(self, event: Any) -> None:
        if event.key in ("Enter", " "):
            target = event.target.closest("[data-move]")
            if target:
                event.preventDefault()
                self.human_move(str(target.getAttribute("data-move")))

    def on_action_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not target or not self.table or self.animating:
            return
        if web.data(target, "undo"):
            self.table.undo()
            self.autosave()
            self.render_table()
        elif target.hasAttribute("data-move"):
            self.human_move(str(target.getAttribute("data-move")))

    def human_move(self, move: str) -> None:
        table = self.table
        if not table or self.scrubber or not table.is_human(table.state.current_player):
            return
        if table.needs_handover(self.shown) or self.animating:
            return
        before = self.view_before_move()
        try:
            events = table.play(move)
        except (IllegalMove, MalformedMove) as err:
            self.toast(self.t(err.reason, **err.params))
            return
        self.after_move(events, before)

    def view_before_move(self) -> dict[str, Any] | None:
        """The spectator's view before a move, when the game animates its moves and motion is wanted."""
        table = self.table
        if (not table or not face_for(table.game.id).animated or self.speed == "instant"
                or web.prefers_reduced_motion()):
            return None
        return table.state.view(None)

    def after_move(self, events: list[dict[str, Any]], before: dict[str, Any] | None) -> None:
        """Save the move just played and show it."""
        self.autosave()
        self.show_move(events, before, self.bot_generation)

    def show_move(self, events: list[dict[str, Any]], before: dict[str, Any] | None, generation: int) -> None:
        table = self.table
        if generation != self.bot_generation or not table:
            self.animating = False
            return
        self.curtain_queue.extend(e for e in events if e["type"] in ("round_scored", "game_over"))
        frames = [] if before is None else face_for(table.game.id).frames(
            before, table.state.view(None), events, self.t)
        self.animate(frames, generation)

    def animate(self, frames: list[str], generation: int) -> None:
        """Show a move's intermediate positions one by one (slides, pushes), then the new position."""
        if generation != self.bot_generation or not self.table:
            self.animating = False
            return
        if frames:
            self.animating = True
            web.patch_html("board-position", frames[0])
            web.later(lambda: self.animate(frames[1:], generation), FRAME_MS)
            return
        self.render_table()
        if self.curtain_queue or self.table.state.is_over():
            # A round-end or final screen gets a task of its own: drawn in the same task as the
            # board it could freeze the page. No move is taken until it shows.
            self.animating = True
            web.later(lambda: self.settle(generation), 0)
            return
        self.animating = False
        self.after_render()

    def settle(self, generation: int) -> None:
        self.animating = False
        if generation == self.bot_generation:
            self.after_render()

    def after_render(self) -> None:
        """Show what must be shown (round end, hand-over, game over) or let the next bot think."""
        table = self.table
        if not table or self.scrubber:
            return
        if self.curtain_queue:
            self.show_interlude(self.curtain_queue.pop(0))
            return
        if table.state.is_over():
            self.show_game_over()
            return
        if table.needs_handover(self.shown):
            name = table.names[table.state.current_player]
            self.show_curtain(self.t("handover.title", name=name),
                              f'<p>{escape(self.t("handover.text", name=name))}</p>',
                              [("data-curtain", "reveal", self.t("handover.ready", name=name))])
            return
        if not table.is_human(table.state.current_player):
            self.schedule_bot()

    # -- curtains: hand-over, round end, game over, messages -----------------------------------
    def show_curtain(self, title: str, body: str, buttons: list[tuple[str, str, str]],
                     beside_board: bool = False) -> None:
        """A dialog; `beside_board` keeps the board visible (the round-end screen draws on it)."""
        web.by_id("curtain").classList.toggle("beside-board", beside_board)
        web.by_id("curtain-title").textContent = title
        web.set_html("curtain-body", body)
        web.set_html("curtain-actions", panels.buttons_html(buttons))
        web.show("curtain", True)
        web.later(lambda: web.document.querySelector("#curtain-actions button").focus(), 0)

    def show_interlude(self, event: dict[str, Any]) -> None:
        table = self.table
        assert table is not None
        if event["type"] == "game_over":
            self.after_render()
            return
        face = face_for(table.game.id)
        shown = face.interlude(event, table.state.view(None), self.t, table.names)
        if shown is None:
            self.after_render()
            return
        title, body, overlay = shown
        web.set_html("board-overlay", overlay)
        self.show_curtain(title, body, [("data-curtain", "next", self.t("action.continue"))],
                          beside_board=True)
        if not table.humans:
            delay = INTERLUDE_MS[self.speed]
            generation = self.bot_generation
            self.bot_timer = web.later(lambda: self.auto_continue(generation), delay)

    def auto_continue(self, generation: int) -> None:
        if generation == self.bot_generation and not web.by_id("curtain").hidden:
            self.close_curtain()

    def show_game_over(self) -> None:
        table = self.table
        assert table is not None
        result = table.state.result().to_dict()
        self.show_curtain(self.t("result.title"), panels.results_html(result, table.names, self.t),
                          [("data-curtain", "lobby", self.t("table.lobby")),
                           ("data-curtain", "close", self.t("action.view_board"))])
        web.document.documentElement.setAttribute("data-game-over", "1")

    def on_curtain_click(self, event: Any) -> None:
        target = event.target.closest("[data-curtain]")
        if not target:
            return
        action = web.data(target, "curtain")
        if action == "lobby":
            web.show("curtain", False)
            self.show_lobby()
        elif action == "reveal":
            self.shown = self.table.state.current_player if self.table else None
            web.show("curtain", False)
            self.render_table()
            self.after_render()
        elif action == "next":
            self.close_curtain()
        else:
            web.show("curtain", False)

    def close_curtain(self) -> None:
        web.show("curtain", False)
        web.set_html("board-overlay", "")
        self.after_render()

    def toast(self, text: str) -> None:
        box = web.by_id("toast")
        box.textContent = text
        box.hidden = False
        web.later(lambda: setattr(box, "hidden", True), 5000)

    # -- bots ---------------------------------------------------------------------------------
    def stop_bots(self) -> None:
        web.cancel(self.bot_timer)
        self.bot_timer = None
        self.bot_generation += 1

    def schedule_bot(self) -> None:
        self.stop_bots()
        generation = self.bot_generation
        self.bot_timer = web.later(lambda: self.start_bot(generation), BOT_DELAY_MS[self.speed])

    def start_bot(self, generation: int) -> None:
        table = self.table
        if generation != self.bot_generation or not table or table.state.is_over():
            return
        state = table.state
        seat = state.current_player
        bot = get_bot(table.game.id, table.seats[seat])
        rng = bot_rng(state.seed, seat, len(state.moves))
        thinking = bot.think(state.view(seat), state.legal_moves(), rng)
        self.think(generation, thinking)

    def think(self, generation: int, thinking: Any) -> None:
        if generation != self.bot_generation or not self.table:
            return
        deadline = web.now_ms() + BOT_SLICE_MS
        try:
            while web.now_ms() < deadline:
                next(thinking)
        except StopIteration as done:
            # Playing and redrawing get a task of their own, so no task holds both a slice of
            # thinking and a repaint.
            move = done.value
            self.bot_timer = web.later(lambda: self.play_bot_move(generation, move), 0)
            return
        self.bot_timer = web.later(lambda: self.think(generation, thinking), 0)

    def play_bot_move(self, generation: int, move: str) -> None:
        if generation == self.bot_generation and self.table:
            before = self.view_before_move()
            events = self.table.play(move)
            self.autosave()
            # Showing the move gets a task of its own: with the rules and the save, redrawing a
            # large board in the same task could freeze the page. No move is taken until it shows.
            self.animating = True
            self.bot_timer = web.later(lambda: self.show_move(events, before, generation), 0)

    # -- saving -------------------------------------------------------------------------------
    def autosave(self) -> None:
        table = self.table
        if not table or not self.save_id or self.scrubber:
            return
        try:
            self.store.save(self.save_id, table.state.record(), table.seats, table.names,
                            over=table.state.is_over(), updated=web.wall_clock_ms())
        except StorageFull:
            self.toast(self.t("error.storage_full"))


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
