"""The lobby on the page: the new-game form, the Continue list and set-aside saves (DOM via `ui.browser`).

The form's HTML and its validation are pure (`ui.lobby`); this module reads and writes the page and
hands what the player chose to the app through callbacks.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ui import browser as web
from ui.games import playable_games
from ui.i18n import Translator
from ui.lobby import (
    LobbyChoice,
    backup_filename,
    date_locale,
    deleted_html,
    imported_text,
    parse_lobby,
    save_problems_html,
    saved_games_html,
)
from ui.preferences import Preferences
from ui.saves import MAX_BACKUP_CHARS, BadSave, SaveStore, StorageFull

# Controls that stay disabled in the page's HTML until Python can act on them (the new-game form
# works before: static/js/lobby.js).
CONTROLS = ("class-game", "link-input", "export-games", "import-games")
UNDO_DELETE_MS = 8000  # how long a deleted game can be brought back


class LobbyScreen:
    def __init__(self, store: SaveStore, tr: Translator, start: Callable[[LobbyChoice], None],
                 resume: Callable[[str], None], change_preference: Callable[[str, object], None],
                 toast: Callable[[str], None], on_game: Callable[[str], None],
                 class_game: Callable[[LobbyChoice], None]) -> None:
        self.store = store
        self.tr = tr
        self.game_id = playable_games()[0]
        self.start, self.resume, self.change_preference, self.toast = start, resume, change_preference, toast
        self.on_game = on_game  # another game chosen: the rules link follows
        self.class_game = class_game  # "Class game…": the form's game, the same deal for every group
        self.deleting: str | None = None  # a deleted game that can still be brought back
        self.delete_timer: int | None = None
        self.confirming: str | None = None  # a newer version's game the player asked to delete

    def wire(self) -> None:
        web.on(web.by_id("new-game"), "submit", self.on_start)
        web.on(web.by_id("new-game"), "change", self.on_change)
        web.on(web.by_id("saved-games"), "click", self.on_saved_click)
        web.on(web.by_id("save-problems"), "click", self.on_problem_click)
        for control in CONTROLS:
            web.by_id(control).disabled = False
        for button in web.document.querySelectorAll("#open-link button"):
            button.disabled = False
        web.on(web.by_id("undo-delete"), "click", self.on_undo_delete)
        web.on(web.by_id("class-game"), "click", lambda _event: self.submit(self.class_game))
        web.on(web.by_id("export-games"), "click", lambda _event: self.export_games())
        web.on(web.by_id("import-games"), "click", lambda _event: web.click(web.by_id("import-file")))
        web.on(web.by_id("import-file"), "change", lambda event: web.read_chosen_file(
            event.target, 4 * MAX_BACKUP_CHARS, self.import_games,
            lambda: self.toast(self.tr("error.backup_invalid"))))

    def form_preferences(self) -> dict[str, object]:
        """The preferences the form shows (the boot script shows the stored ones before Python)."""
        return {"speed": str(web.by_id("bot-speed").value), "autoplay": bool(web.by_id("autoplay").checked)}

    def show_preferences(self, prefs: Preferences) -> None:
        web.by_id("bot-speed").value = prefs.speed
        web.by_id("autoplay").checked = prefs.autoplay

    def read_form(self) -> None:
        """The new-game form is the page's own (index.html, from `tools/build_lobby.py`), translated
        like the rest of the page: drawing it here would import every game's engine at boot. Python
        reads which game it shows, as the player may have chosen before Python was ready."""
        chosen = web.document.querySelector("#new-game input[name=game]:checked")
        if chosen and str(chosen.value) in playable_games():
            self.game_id = str(chosen.value)
        web.fit_lobby()

    def render_saved_games(self, draw: bool = True) -> None:
        """List the saves in the lobby (unless `draw` is False: the page is going out of sight) and
        keep the list for the next visit."""
        listing = self.store.list_games()
        hidden = [self.deleting] if self.deleting else []
        html = saved_games_html(listing, self.tr, self.date_text, hidden, self.confirming)
        if draw:
            web.set_html("saved-games", html)
        if not (self.deleting or self.confirming or listing.problems):
            # For the next visit before Python (static/js/picture.js): shown only while every save
            # is still the revision listed, and no other is there.
            saves: dict[str, int | None] = {game.save_id: game.revision for game in listing.games}
            saves.update((newer.save_id, None) for newer in listing.newer)
            web.keep_saved_games(self.tr.lang, json.dumps({"html": html, "saves": saves}))
        if not draw:
            return
        web.set_html("undo-delete", deleted_html(self.tr) if self.deleting else "")
        box = web.by_id("save-problems")
        box.hidden = not listing.problems
        box.innerHTML = save_problems_html(listing, self.tr)

    def date_text(self, ms: int) -> str:
        return web.locale_datetime(ms, date_locale(self.tr.lang, web.browser_languages()))

    def read_seats(self) -> list[tuple[str, str]]:
        """The seats as chosen: the rows of the player count shown."""
        return [(str(row.querySelector("select").value), str(row.querySelector("input").value))
                for row in web.document.querySelectorAll("#seats .seat") if not row.hidden]

    def on_change(self, event: Any) -> None:
        target = event.target
        if target.name == "game":  # static/js/lobby.js shows its seats and options
            self.game_id = str(target.value)
            self.on_game(self.game_id)
        elif target.id == "bot-speed":
            self.change_preference("speed", str(target.value))
        elif target.id == "autoplay":
            self.change_preference("autoplay", bool(target.checked))

    def on_start(self, event: Any) -> None:
        event.preventDefault()
        self.submit()

    def submit(self, then: Callable[[LobbyChoice], None] | None = None) -> None:
        """Start the game the form describes (or hand it to `then`), or say what is wrong with it."""
        boxes = web.document.querySelectorAll(f'#options [data-game="{self.game_id}"] input[type=checkbox]')
        options = {str(box.name): bool(box.checked) for box in boxes}
        choice = parse_lobby(self.game_id, self.read_seats(), options, str(web.by_id("seed").value), self.tr)
        if isinstance(choice, str):
            self.toast(choice)
        else:
            (then or self.start)(choice)

    def on_saved_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if not target:
            return
        if web.data(target, "delete"):
            self.delete(web.data(target, "delete"))
        elif target.hasAttribute("data-save"):
            self.resume(web.data(target, "save"))
        else:
            self.on_newer_click(target)

    def on_newer_click(self, target: Any) -> None:
        """A newer version's game: ✕ asks first; only "Delete" then deletes it, "Keep" keeps it."""
        if target.hasAttribute("data-confirm-newer"):
            self.confirming = web.data(target, "confirm-newer")
            focus = f'#saved-games [data-keep-newer="{self.confirming}"]'
        else:
            save_id = web.data(target, "delete-newer") or web.data(target, "keep-newer")
            if target.hasAttribute("data-delete-newer"):
                self.store.delete(save_id)
            self.confirming = None
            focus = f'#saved-games [data-confirm-newer="{save_id}"]'
        self.render_saved_games()
        web.focus_selector(focus if web.document.querySelector(focus) else "#export-games")

    # -- backups ------------------------------------------------------------------------------------
    def export_games(self) -> None:
        web.download_text(backup_filename(web.today_iso()), self.store.export_games(web.wall_clock_ms()))

    def import_games(self, text: str) -> None:
        try:
            report = self.store.import_games(text)
        except BadSave as err:
            self.toast(self.tr(err.reason))
            return
        except StorageFull:
            self.toast(self.tr("error.storage_full"))
            return
        self.render_saved_games()
        self.toast(imported_text(report, self.tr))

    # -- deleting, undoably -----------------------------------------------------------------------
    def delete(self, save_id: str) -> None:
        """Hide a game, with an Undo for a while; it is only really deleted after that."""
        self.finish_delete()
        self.deleting = save_id
        self.delete_timer = web.later(self.finish_delete, UNDO_DELETE_MS)
        self.render_saved_games()
        web.focus_selector("#undo-delete button")  # the pressed button is gone: keep the keyboard nearby

    def finish_delete(self) -> None:
        """The game being deleted is gone for good: its time is up, another is deleted, or the
        app is about to open a game by its address."""
        if self.deleting:
            web.cancel(self.delete_timer)
            self.store.delete(self.deleting)
            self.deleting = None
            self.render_saved_games()

    def on_undo_delete(self, event: Any) -> None:
        save_id = self.deleting
        if save_id and event.target.closest("[data-undo-delete]"):
            web.cancel(self.delete_timer)
            self.deleting = None
            self.render_saved_games()
            web.focus_selector(f'#saved-games [data-save="{save_id}"]')

    def on_problem_click(self, event: Any) -> None:
        target = event.target.closest("[data-discard]")
        if target:
            self.store.discard(web.data(target, "discard"))
            self.render_saved_games()
