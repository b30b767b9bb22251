"""The only module that touches the browser: DOM access, events, timers, storage, clipboard.

Everything else in `ui` is pure and runs under CPython; keeping the JS boundary here means the
Pyodide-specific pitfalls (JsNull for missing keys, proxies for callbacks, QuotaExceededError as a
JsException) are handled once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document as document  # re-exported: other modules reach the DOM as `web.document`
from pyscript import window

from ui.saves import StorageFull

_listeners: list[Any] = []  # keep proxies alive for the page's lifetime


def mark_ready() -> None:
    """The app is interactive: tests and benchmarks wait for this attribute and timestamp."""
    window.railTableReadyAt = window.performance.now()
    root = document.documentElement
    root.setAttribute("data-app-ready", "1")
    root.removeAttribute("data-picture")  # static/js/picture.js's table, now Python's
    root.removeAttribute("data-resuming")


def keep_picture(save_id: str, picture_json: str) -> None:
    """Keep a saved game's table for the next visit (static/js/picture.js; absent: no picture kept)."""
    pictures = getattr(window, "railTablePicture", None)
    if pictures:
        pictures.keep(save_id, picture_json)


def keep_saved_games(lang: str, listing_json: str) -> None:
    """Keep the Continue list for the next visit, before Python is ready (static/js/picture.js)."""
    pictures = getattr(window, "railTablePicture", None)
    if pictures:
        pictures.keepSavedGames(lang, listing_json)


def channel(name: str, handler: Callable[[str], None]) -> Any:
    """A same-origin channel between this browser's windows (`postMessage(text)` sends): `handler`
    gets every text message another window sends on it."""
    opened = window.BroadcastChannel.new(name)
    on(opened, "message", lambda event: handler(event.data if isinstance(event.data, str) else ""))
    return opened


def open_window(address: str, name: str) -> bool:
    """Open `address` in a window of its own (a pop-up: the browser may refuse it)."""
    return bool(window.open(address, name, "popup"))


def on_leaving(handler: Callable[[], None]) -> None:
    """Call `handler` when the page goes away (closed, reloaded, navigated from)."""
    on(window, "pagehide", lambda _event: handler())


def on_hidden(handler: Callable[[], None]) -> None:
    """Call `handler` whenever the page goes out of sight (another tab, closed, reloaded)."""
    on(document, "visibilitychange",
       lambda _event: handler() if str(document.visibilityState) == "hidden" else None)


def keep_picture_map(key: str, svg: str) -> None:
    pictures = getattr(window, "railTablePicture", None)
    if pictures:
        pictures.keepMap(key, svg)


def take_queued_start() -> bool:
    """Whether "Start" was pressed before Python was ready (static/js/lobby.js), once."""
    lobby = getattr(window, "railTableLobby", None)
    return bool(lobby and lobby.take())


def fit_lobby() -> None:
    """Show the seats and options of the game and player count chosen (static/js/lobby.js)."""
    lobby = getattr(window, "railTableLobby", None)
    if lobby:
        lobby.fit()


def take_queued_move() -> str | None:
    """The move tapped on a kept picture before Python was ready, once."""
    pictures = getattr(window, "railTablePicture", None)
    move = pictures.take() if pictures else None
    return move if isinstance(move, str) else None


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def attribute(element: Any, name: str) -> str:
    """An element's attribute, "" when absent (getAttribute then gives JsNull)."""
    value = element.getAttribute(name)
    return str(value) if isinstance(value, str) else ""


def data(element: Any, name: str) -> str:
    """An element's `data-<name>` attribute, "" when absent (a missing dataset key raises in Pyodide)."""
    return attribute(element, f"data-{name}")


def set_html(element_id: str, html: str) -> None:
    by_id(element_id).innerHTML = html


def patch_html(element_id: str, html: str, depth: int = 4) -> None:
    """Like `set_html`, but keeps what did not change (static/js/patch.js): what a move did not
    change is not laid out again, and the focus stays on a target that is still there."""
    window.railTablePatch(element_id, html, depth)


def append_html(element_id: str, html: str) -> None:
    """Add to the end of a list: the nodes already there are neither parsed nor laid out again."""
    by_id(element_id).insertAdjacentHTML("beforeend", html)


def scroll_table_top() -> None:
    """A table opens at its top: the page's and the side panel's scroll from an earlier game reset.
    At the next frame: done at once, it would lay the whole new table out inside the task that drew it."""
    def reset(_time: float) -> None:
        window.scrollTo(0, 0)
        document.querySelector("#table .panel").scrollTop = 0

    window.requestAnimationFrame(create_once_callable(reset))


def show(element_id: str, visible: bool = True) -> None:
    by_id(element_id).hidden = not visible


def on(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    target.addEventListener(event, proxy)


def when_parsed(handler: Callable[[], None]) -> None:
    """Run `handler` once the page is parsed: now, or when it is (Python may start before)."""
    if document.readyState == "loading":
        on(window, "DOMContentLoaded", lambda _event: handler())
    else:
        handler()


def later(handler: Callable[[], None], ms: float = 0) -> int:
    return int(window.setTimeout(create_once_callable(handler), ms))


def scroll_to_end(element_id: str, reached: Callable[[float], None]) -> None:
    """Scroll to the bottom when the next frame is laid out anyway: reading the height now would
    force a layout of the whole page inside the current task. `reached` is told the offset scrolled to."""
    element = by_id(element_id)

    def scroll(_time: float) -> None:
        element.scrollTop = element.scrollHeight
        reached(element.scrollTop)

    window.requestAnimationFrame(create_once_callable(scroll))


def after_paint(handler: Callable[[], None]) -> None:
    """Call `handler` in the frame after the next one: once the board a click redrew is on screen,
    and with the page laid out for that frame, so that reading a size forces no layout of its own."""
    def next_frame(_time: float) -> None:
        window.requestAnimationFrame(create_once_callable(lambda _time: handler()))

    window.requestAnimationFrame(create_once_callable(next_frame))


def cancel(timer: int | None) -> None:
    if timer is not None:
        window.clearTimeout(timer)


def now_ms() -> float:
    return float(window.performance.now())


def wall_clock_ms() -> int:
    return int(window.Date.now())


def fresh_salt() -> int:
    """32 bits from the device's cryptographic randomness: a chance event of a game by link."""
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0])


def random_seed() -> int:
    """A fresh seed for a new game; from the browser's crypto generator, 53 bits (a JS-safe integer)."""
    words = window.crypto.getRandomValues(window.Uint32Array.new(2))
    return (int(words[0]) & 0x1FFFFF) << 32 | int(words[1])


def browser_languages() -> list[str]:
    langs = window.navigator.languages
    return [str(lang) for lang in langs] if langs else [str(window.navigator.language or "en")]


def location_hash() -> str:
    return str(window.location.hash or "")


def _address(fragment: str) -> str:
    """This page's address with another fragment ("" for none)."""
    return str(window.location.pathname) + str(window.location.search) + (f"#{fragment}" if fragment else "")


def push_location_hash(text: str, state: str) -> None:
    """Go to another fragment as a new history entry (Back returns here), marked with `state`."""
    window.history.pushState(state, "", _address(text))


def replace_location_hash_keeping_state(text: str) -> None:
    """Change the fragment of this history entry, keeping its state (what it was pushed over)."""
    window.history.replaceState(window.history.state, "", _address(text))


def history_state() -> str:
    """This history entry's state as the app pushed it; "" for any other (a JsNull, a foreign object)."""
    state = window.history.state
    return state if isinstance(state, str) else ""


def history_back() -> None:
    window.history.back()


def on_history(handler: Callable[[], None]) -> None:
    """Call `handler` when Back, Forward or an edited address changes the history entry."""
    on(window, "popstate", lambda _event: handler())


def set_tab_title(text: str) -> None:
    document.title = text


def focus_selector(selector: str) -> None:
    """Move the keyboard's focus to the element `selector` finds, if there is one."""
    element = document.querySelector(selector)
    if element:
        element.focus()


def locale_datetime(ms: int, locale: str) -> str:
    """A moment (ms since the epoch) as the locale writes a date and time, in the browser's time zone."""
    options = window.JSON.parse('{"dateStyle": "medium", "timeStyle": "short"}')
    return str(window.Date.new(ms).toLocaleString(locale, options))


def today_iso() -> str:
    """Today's date as YYYY-MM-DD (UTC)."""
    return str(window.Date.new().toISOString())[:10]


def page_url() -> str:
    return str(window.location.origin) + str(window.location.pathname)


def copy_text(text: str) -> None:
    clipboard = window.navigator.clipboard
    if clipboard:
        clipboard.writeText(text).catch(create_once_callable(lambda _error: None))


def download_text(filename: str, text: str, media_type: str = "application/json") -> None:
    """Offer `text` as a file the browser saves (a backup, a table): no server, so a link to a Blob of it."""
    kind = to_js({"type": media_type}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), kind)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    later(lambda: window.URL.revokeObjectURL(url), 1000)


def read_chosen_file(file_input: Any, max_bytes: int, handler: Callable[[str], None],
                     failed: Callable[[], None]) -> None:
    """Read the file chosen in `file_input` as text, then call `handler` with it (`failed` if it cannot
    be read or is over `max_bytes`, which are never read); the input is emptied so the same file can be
    chosen again."""
    files = file_input.files
    if not files or not files.length:
        return
    chosen = files.item(0)
    file_input.value = ""
    if int(chosen.size) > max_bytes:
        failed()
        return
    chosen.text().then(create_once_callable(lambda text: handler(str(text))),
                       create_once_callable(lambda _error: failed()))


def on_storage(handler: Callable[[str | None], None]) -> None:
    """Call `handler` with the key another tab of this site wrote (None: it cleared the storage)."""
    on(window, "storage", lambda event: handler(event.key if isinstance(event.key, str) else None))


def can_share() -> bool:
    """Whether the system's share sheet is there (phones, some desktops)."""
    return bool(getattr(window.navigator, "share", None))


def share_link(title: str, url: str) -> None:
    """The system's share sheet with `url`; a cancelled sheet is not an error."""
    options = to_js({"title": title, "url": url}, dict_converter=window.Object.fromEntries)
    window.navigator.share(options).catch(create_once_callable(lambda _error: None))


def prefers_reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


class LocalStorage:
    """`ui.saves` storage interface over window.localStorage."""

    def get(self, key: str) -> str | None:
        raw = window.localStorage.getItem(key)
        return raw if isinstance(raw, str) else None  # a missing key is JsNull, not None

    def set(self, key: str, value: str) -> None:
        try:
            window.localStorage.setItem(key, value)
        except Exception as err:  # QuotaExceededError arrives as a JsException
            if "quota" in str(err).lower():
                raise StorageFull() from err
            raise

    def remove(self, key: str) -> None:
        window.localStorage.removeItem(key)

    def keys(self) -> list[str]:
        storage = window.localStorage
        return [str(storage.key(i)) for i in range(int(storage.length))]


def expose(name: str, handler: Callable[..., Any]) -> None:
    """Make a Python function callable from JavaScript as `window.<name>` (tests and benchmarks use it)."""
    proxy = create_proxy(handler)
    _listeners.append(proxy)
    setattr(window, name, proxy)


# -- focus (what `ui.focus.Dom` asks of the page) ---------------------------------------------------
def query(element_id: str, selector: str) -> Any:
    """The first element inside `element_id` that `selector` finds, or None."""
    return by_id(element_id).querySelector(selector) or None  # JS null as None


def query_all(element_id: str, selector: str) -> list[Any]:
    return list(by_id(element_id).querySelectorAll(selector))


def set_attribute(element: Any, name: str, value: str) -> None:
    element.setAttribute(name, value)


def centre(element: Any) -> tuple[float, float]:
    box = element.getBoundingClientRect()
    return float(box.left + box.width / 2), float(box.top + box.height / 2)


def active_element() -> Any:
    """The focused element; None for the body, or for an element just hidden (the browser moves the
    focus off it only at its next style update)."""
    active = document.activeElement
    if not active or active.isSameNode(document.body) or active.closest("[hidden]"):
        return None
    return active


def contains(element_id: str, node: Any) -> bool:
    return bool(by_id(element_id).contains(node))


def same_node(a: Any, b: Any) -> bool:
    return bool(a.isSameNode(b))


def is_connected(node: Any) -> bool:
    return bool(node.isConnected)


def shown(element_id: str) -> bool:
    return not by_id(element_id).hidden


def focus_within(element_id: str) -> bool:
    """Whether the keyboard's focus is on `element_id` or inside it."""
    return bool(by_id(element_id).contains(document.activeElement))


def focus_element(element: Any) -> None:
    # In a dialog, without scrolling: a round-end sheet on a phone opens at its title, not at its button.
    if element.closest("#curtain"):
        element.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    else:
        element.focus()


def click(element: Any) -> None:
    element.click()
