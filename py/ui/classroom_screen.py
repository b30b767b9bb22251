"""Class games in the page (DOM via `ui.browser`): the teacher makes a class link from the lobby's
form, groups open it and play, and the results page gathers their result links (`ui.classroom`
decides what counts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ui import browser as web
from ui.classroom import (
    MAX_RESULTS,
    ClassGame,
    GroupResult,
    class_game,
    class_link_html,
    class_start_html,
    group_result,
    new_class_game,
    pasted_links,
    results_chart_svg,
    results_csv,
    results_html,
)
from ui.controller import Curtain
from ui.i18n import Translator
from ui.links import BadLink
from ui.lobby import LobbyChoice
from ui.markup import escape
from ui.navigation import Route
from ui.qr import TooLongForQr, qr_svg
from ui.saves import SaveStore, StorageFull
from ui.seats import MAX_NAME
from ui.table import Table
from ui.table_page import DomPage


class Classroom:
    def __init__(self, store: SaveStore, page: DomPage, tr: Callable[[], Translator],
                 play: Callable[[Table], None], go: Callable[[Route], None]) -> None:
        self.store, self.page, self.tr, self.play, self.go = store, page, tr, play, go
        self.game: ClassGame | None = None  # the class game opened (by a group) or whose results show

    def wire(self) -> None:
        web.on(web.by_id("results-add"), "submit", self.on_add)
        web.on(web.by_id("results-table"), "click", self.on_remove)
        web.on(web.by_id("results-csv"), "click", lambda _event: self.export())
        web.on(web.by_id("results-class-link"), "click", lambda _event: self.show_link())
        web.on(web.by_id("curtain-body"), "change", self.on_hints)

    def url(self, route: Route) -> str:
        return f"{web.page_url()}#{route.fragment}"

    # -- the teacher ------------------------------------------------------------------------------
    def create(self, choice: LobbyChoice) -> None:
        """A class game of the lobby's settings (a seed drawn now unless one was given)."""
        seed = choice.seed if choice.seed is not None else web.random_seed()
        self.game = new_class_game(choice.game_id, choice.seats, seed, choice.options)
        self.show_link()

    def show_link(self) -> None:
        game, t = self.game, self.tr()
        if game is None:
            return
        url = self.url(Route("class", game.text, game.hints))
        try:
            code = qr_svg(url, t("class.qr_title"))
        except TooLongForQr:
            code = ""
        self.page.open_curtain(Curtain("class", t("class.title"), class_link_html(url, code, game.hints, t), [
            ("data-curtain", "class-copy", t("send.copy")),
            ("data-curtain", "class-results", t("class.open_results")),
            ("data-curtain", "close", t("action.close"))]))

    def copy_link(self) -> None:
        if self.game:
            web.copy_text(self.url(Route("class", self.game.text, self.game.hints)))
            self.page.toast(self.tr()("send.copied"))

    def on_hints(self, event: Any) -> None:
        """The teacher turns suggestions on or off for the groups: another class link, and its code."""
        if self.game is not None and event.target.hasAttribute("data-class-hints"):
            self.game = replace(self.game, hints=bool(event.target.checked))
            self.show_link()
            web.focus_selector("#curtain-body [data-class-hints]")

    def open_results_page(self) -> None:
        if self.game:
            self.page.close_curtain()
            self.go(Route("results", self.game.text))
            self.show_results(self.game.text)

    # -- a group ----------------------------------------------------------------------------------
    def read(self, text: str, hints: bool = True) -> bool:
        """Take the class game of a class link's text, or say why it is none."""
        try:
            self.game = class_game(text, hints)
        except BadLink as err:
            self.page.toast(self.tr()(err.reason))
            return False
        return True

    def open_class(self, text: str, hints: bool) -> bool:
        """A group opens the class link: the game as set, and their names, then Start."""
        if not self.read(text, hints):
            return False
        assert self.game is not None
        t = self.tr()
        web.show("lobby", True)
        self.page.open_curtain(Curtain("class-start", t("class.title"), class_start_html(self.game, t), [
            ("data-curtain", "class-start", t("lobby.start")), ("data-curtain", "close", t("action.close"))]))
        return True

    def start(self) -> None:
        game = self.game
        if game is None:
            return
        names = [""] * len(game.seats)
        for field in web.document.querySelectorAll("#curtain-body [data-class-name]"):
            names[int(web.data(field, "class-name"))] = str(field.value)[:MAX_NAME]
        self.page.close_curtain()
        record, t = game.record, self.tr()
        named = [name or t("seat.default_name", n=seat + 1) for seat, name in enumerate(names)]
        table = Table.new(record["game"], game.seats, record["seed"], record["options"], named)
        table.hints = game.hints
        self.play(table)

    # -- the results page -----------------------------------------------------------------------------
    def show_results(self, text: str) -> bool:
        if not self.read(text):
            return False
        assert self.game is not None
        t = self.tr()
        for screen in ("lobby", "table"):
            web.show(screen, False)
        web.show("results", True)
        web.set_tab_title(t("class.results_title"))
        record = self.game.record
        web.by_id("results-game").textContent = t("class.results_of", game=t("game." + record["game"]),
                                                  seed=record["seed"])
        web.set_html("results-news", "")
        self.render()
        return True

    def rows(self) -> list[GroupResult]:
        """The kept results that still count (a link kept by another version may no longer)."""
        game = self.game
        assert game is not None
        rows = []
        for link in self.store.class_results(game.key):
            try:
                rows.append(group_result(game, link))
            except BadLink:
                continue
        return rows

    def render(self) -> None:
        game, t = self.game, self.tr()
        if game is None:
            return
        rows = self.rows()
        web.set_html("results-table", results_html(game, rows, t))
        web.set_html("results-chart", results_chart_svg(game, rows, t))
        web.by_id("results-csv").disabled = not rows

    def on_add(self, event: Any) -> None:
        event.preventDefault()
        game, t = self.game, self.tr()
        if game is None:
            return
        kept = self.store.class_results(game.key)
        news = []
        for n, link in enumerate(pasted_links(str(web.by_id("results-links").value)), start=1):
            try:
                group_result(game, link)
            except BadLink as err:
                news.append(t("class.refused", n=n, reason=t(err.reason)))
                continue
            if link in kept:
                news.append(t("class.already", n=n))
            elif len(kept) >= MAX_RESULTS:
                news.append(t("class.too_many", n=n, most=MAX_RESULTS))
            else:
                kept.append(link)
                news.append(t("class.added", n=n))
        try:
            self.store.keep_class_results(game.key, kept)
        except StorageFull:
            news.append(t("error.storage_full"))
        web.set_html("results-news", "".join(f"<li>{escape(line)}</li>" for line in news))
        web.by_id("results-links").value = ""
        self.render()

    def on_remove(self, event: Any) -> None:
        target = event.target.closest("[data-remove]")
        if target is None or self.game is None:
            return
        link = web.data(target, "remove")
        kept = [kept for kept in self.store.class_results(self.game.key) if kept != link]
        try:
            self.store.keep_class_results(self.game.key, kept)
        except StorageFull:
            self.page.toast(self.tr()("error.storage_full"))
        self.render()

    def export(self) -> None:
        if self.game:
            csv_text = results_csv(self.game, self.rows(), self.tr())
            web.download_text(f"rail-table-class-{self.game.key}.csv", csv_text, "text/csv")
