"""Keyboard focus on the table: the board as one tab stop with arrow keys between its targets, and
dialogs that take the focus, keep it while modal and give it back.

The geometry and the decisions are pure; the page is reached through a `Dom` (`ui.browser` in the
page, a fake in the tests), so that only the glue modules import the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ui.markup import escape

Point = tuple[float, float]

TARGETS = ".legal[data-move]"  # the board's playable targets, whatever the game draws
FOCUSABLE = ("button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, "
             '[tabindex]:not([tabindex="-1"])')
ARROWS: dict[str, Point] = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0),
                            "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}  # y grows down the screen
SIDEWAYS_COST = 2.0  # a target straight ahead beats a nearer one at a slant
# Curtain kind -> the button Escape presses. Not the hand-over (only the next player may open their
# hand) nor a round's end (Continue starts the next round: only on purpose, and it is not modal).
ESCAPE_ACTIONS = {"share": "close", "result": "close"}


class Dom(Protocol):
    """What focus handling asks of the page; `ui.browser` provides it."""

    document: Any

    def by_id(self, element_id: str) -> Any: ...

    def query_all(self, element_id: str, selector: str) -> list[Any]: ...

    def attribute(self, element: Any, name: str) -> str: ...

    def query(self, element_id: str, selector: str) -> Any: ...

    def set_attribute(self, element: Any, name: str, value: str) -> None: ...

    def centre(self, element: Any) -> Point: ...

    def active_element(self) -> Any: ...

    def contains(self, element_id: str, node: Any) -> bool: ...

    def same_node(self, a: Any, b: Any) -> bool: ...

    def is_connected(self, node: Any) -> bool: ...

    def shown(self, element_id: str) -> bool: ...

    def focus_element(self, element: Any) -> None: ...

    def click(self, element: Any) -> None: ...

    def on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None: ...

    def later(self, handler: Callable[[], None], ms: float = 0) -> int: ...

    def after_paint(self, handler: Callable[[], None]) -> None: ...


# -- pure ----------------------------------------------------------------------------------------
def nearest_in_direction(origin: Point, centres: Sequence[Point], direction: Point) -> int | None:
    """The index of the centre nearest to `origin` in `direction` (a unit vector): distance ahead
    plus twice the distance to the side. None when nothing lies ahead; ties go to the first."""
    best: int | None = None
    best_cost = 0.0
    for index, (x, y) in enumerate(centres):
        dx, dy = x - origin[0], y - origin[1]
        ahead = dx * direction[0] + dy * direction[1]
        if ahead < 0.5:  # behind, beside, or the origin itself (half a pixel of rounding)
            continue
        cost = ahead + SIDEWAYS_COST * abs(dx * direction[1] - dy * direction[0])
        if best is None or cost < best_cost:
            best, best_cost = index, cost
    return best


def nearest(origin: Point, centres: Sequence[Point]) -> int | None:
    """The index of the centre nearest to `origin`; None when there is none."""
    distances = [(x - origin[0]) ** 2 + (y - origin[1]) ** 2 for x, y in centres]
    return distances.index(min(distances)) if distances else None


def index_after_key(key: str, current: int, centres: Sequence[Point]) -> int | None:
    """Where a key moves the focus among targets: arrows by geometry, Home/End to the first/last.
    None: the key does not move it (not a navigation key, or nothing lies that way)."""
    if key == "Home":
        return 0 if centres else None
    if key == "End":
        return len(centres) - 1 if centres else None
    if key in ARROWS:
        return nearest_in_direction(centres[current], centres, ARROWS[key])
    return None


def out_of_tab_order(svg: str) -> str:
    """A position drawn with every target out of the tab order (`BoardFocus.after_render` gives one
    back its tab stop): a board is one tab stop, not one per target. A plain replace of the attribute
    as written (after a space): a pattern looking behind each match took a hundred times longer, up to
    27 ms of a Freight Train move in the browser."""
    return svg.replace(' tabindex="0"', ' tabindex="-1"')


def wrapped_tab(current: int | None, count: int, backwards: bool) -> int | None:
    """Tab inside a modal dialog with `count` focusable elements: the one to focus when the Tab would
    leave it (past either end, or from outside it); None when the browser's own move stays inside."""
    if count == 0:
        return None
    if current is None:
        return count - 1 if backwards else 0
    if backwards and current == 0:
        return count - 1
    if not backwards and current == count - 1:
        return 0
    return None


def announcement_html(lines: Sequence[str], reset: bool) -> str | None:
    """What the live region shows for new log lines (it replaces the last ones: only they are read),
    one paragraph each so that a line like the last is read again; None when the log was redrawn
    whole (a game opened, a language changed, an undo)."""
    if reset or not lines:
        return None
    return "".join(f"<p>{escape(line)}</p>" for line in lines)


# -- on the page ---------------------------------------------------------------------------------
def index_of(dom: Dom, elements: Sequence[Any], node: Any) -> int | None:
    if node is None:
        return None
    return next((index for index, element in enumerate(elements) if dom.same_node(element, node)), None)


@dataclass(frozen=True)
class Bookmark:
    """Where the focus was: an element (None: nothing had it), and its place when it was one of the
    board's targets, to come back near it if the target is gone."""

    element: Any
    place: Point | None


class BoardFocus:
    """The board's targets as one tab stop: arrow keys go to the nearest target that way, Home/End
    to the first and last; after a redraw the focus stays where it was on the board.

    A redraw reads no geometry: a size read between the page's changes would make the browser lay
    the page out inside the click's task (measured: a fifth of a click's time on a slowed phone).
    So a target's place is read when it takes the focus, and a focus lost with its target comes
    back once the new board is on screen."""

    def __init__(self, dom: Dom, board_id: str) -> None:
        self.dom = dom
        self.board_id = board_id
        self.last_move = ""  # the target focused last: the tab stop while it is on the board
        self.returning = False  # the focus, lost with its target or its dialog, returns to the board
        self.place: Point | None = None  # ... to the target nearest here (None: to the tab stop)
        self.last_place: Point | None = None  # ... and its place, read as it took the focus

    def wire(self) -> None:
        board = self.dom.by_id(self.board_id)
        self.dom.on(board, "keydown", self.on_key)
        self.dom.on(board, "focusin", self.on_focus)

    def targets(self) -> list[Any]:
        return self.dom.query_all(self.board_id, TARGETS)

    def on_focus(self, event: Any) -> None:
        move = self.dom.attribute(event.target, "data-move")
        if move:  # only targets take the focus on the board
            self.last_move, self.last_place = move, self.dom.centre(event.target)
            self.set_tab_stop(event.target)

    def on_key(self, event: Any) -> None:
        if event.key not in ARROWS and event.key not in ("Home", "End"):
            return
        targets = self.targets()
        current = index_of(self.dom, targets, event.target)
        if current is None:
            return
        event.preventDefault()  # the arrows would scroll the page
        index = index_after_key(event.key, current, [self.dom.centre(target) for target in targets])
        if index is not None:
            self.dom.focus_element(targets[index])  # its focusin makes it the tab stop

    def set_tab_stop(self, target: Any) -> None:
        """Only the tab stops that move are written: a tabindex set on the focused target, even to its
        value, makes Chromium recompute the page's style at once."""
        for other in self.dom.query_all(self.board_id, f'{TARGETS}[tabindex="0"]'):
            if not self.dom.same_node(other, target):
                self.dom.set_attribute(other, "tabindex", "-1")
        if self.dom.attribute(target, "tabindex") != "0":
            self.dom.set_attribute(target, "tabindex", "0")

    def bookmark(self) -> Bookmark:
        """Where the focus is now; a focus on its way back to the board keeps its place there."""
        active = self.dom.active_element()
        if active is None:
            return Bookmark(None, self.place if self.returning else None)
        return Bookmark(active, self.dom.centre(active) if self.dom.contains(self.board_id, active) else None)

    def before_render(self) -> None:
        """Note where the board's focus is: the redraw may take its target away."""
        active = self.dom.active_element()
        if active is not None:  # (on the body, a focus lost from the board is still on its way back)
            self.returning = self.dom.contains(self.board_id, active)
            self.place = self.place_of(active) if self.returning else None

    def place_of(self, target: Any) -> Point:
        """Where a focused target is, as read when it took the focus."""
        if self.last_place is not None and self.dom.attribute(target, "data-move") == self.last_move:
            return self.last_place
        return self.dom.centre(target)

    def after_render(self) -> None:
        """Give the tab stop back to one target (the focused one, else the last focused, else the
        first); a focus on its way back goes to the target nearest its place once the board is on
        screen and offers one (after the bots' turns). After every move: a few lookups, not one per
        target."""
        active = self.dom.active_element()
        if active is None and self.returning:
            self.dom.after_paint(self.return_focus)
            return
        if active is not None and self.dom.attribute(active, "data-move") and self.dom.contains(
                self.board_id, active):
            self.set_tab_stop(active)
            return
        last = self.last_move and self.dom.query(self.board_id, f'{TARGETS}[data-move="{self.last_move}"]')
        target = last or self.dom.query(self.board_id, TARGETS)
        if target is not None:
            self.set_tab_stop(target)

    def return_focus(self) -> None:
        """Bring a focus still on its way back to the board, unless it went elsewhere meanwhile."""
        if self.returning and self.dom.active_element() is None:
            self.bring_back()

    def bring_back(self) -> None:
        """Focus the target nearest the place the focus left (or the tab stop's), if there is one."""
        targets = self.targets()
        if not targets:
            return
        moves = [self.dom.attribute(target, "data-move") for target in targets]
        index = moves.index(self.last_move) if self.last_move in moves else 0
        if self.place is not None:
            index = nearest(self.place, [self.dom.centre(target) for target in targets]) or 0
        self.returning = False
        self.dom.focus_element(targets[index])
        self.set_tab_stop(targets[index])

    def come_back(self, place: Point | None) -> None:
        """Bring the focus back to the board, near `place` (None: to its tab stop), now if it offers
        targets, else when it does."""
        self.returning, self.place = True, place
        self.after_render()


class DialogFocus:
    """A dialog takes the focus when it opens and gives it back when it closes; while modal, Tab
    cycles inside it; Escape presses the button that closes it, where one does."""

    def __init__(self, dom: Dom, dialog_id: str, board: BoardFocus) -> None:
        self.dom = dom
        self.dialog_id = dialog_id
        self.board = board
        self.is_open = False
        self.modal = False
        self.escape: str | None = None
        self.back_to = Bookmark(None, None)

    def wire(self) -> None:
        # On the document: after a click on the backdrop the focus is on the body, not in the dialog.
        self.dom.on(self.dom.document, "keydown", self.on_key)

    def showing(self) -> bool:
        """Open and on screen: leaving the table hides a dialog without closing it."""
        return self.is_open and self.dom.shown(self.dialog_id)

    def open(self, kind: str, modal: bool) -> None:
        """Called before the dialog shows: one replacing another keeps the first one's way back."""
        if not self.showing():
            self.back_to = self.board.bookmark()
        self.is_open, self.modal, self.escape = True, modal, ESCAPE_ACTIONS.get(kind)
        self.dom.set_attribute(self.dom.by_id(self.dialog_id), "aria-modal", "true" if modal else "false")
        # A task later: a key that opened it (Enter on a target) must not reach its buttons.
        self.dom.later(self.focus_first, 0)

    def focus_first(self) -> None:
        """The first action button, or else the first focusable element."""
        found = (self.dom.query_all(self.dialog_id, ".curtain-actions button")
                 or self.dom.query_all(self.dialog_id, FOCUSABLE))
        if self.showing() and found:
            self.dom.focus_element(found[0])

    def close(self) -> None:
        """Give the focus back to what had it, or else to the board the dialog was over."""
        if not self.is_open:
            return
        self.is_open = False
        element = self.back_to.element
        if element is not None and self.dom.is_connected(element):
            self.dom.focus_element(element)
        else:
            self.board.come_back(self.back_to.place)

    def on_key(self, event: Any) -> None:
        if not self.showing():
            return
        if event.key == "Escape" and self.escape:
            buttons = self.dom.query_all(self.dialog_id, f'[data-curtain="{self.escape}"]')
            if buttons:
                event.preventDefault()
                self.dom.click(buttons[0])
        elif event.key == "Tab" and self.modal:
            self.keep_tab_inside(event)

    def keep_tab_inside(self, event: Any) -> None:
        inside = self.dom.query_all(self.dialog_id, FOCUSABLE)
        index = wrapped_tab(index_of(self.dom, inside, self.dom.active_element()), len(inside),
                            bool(event.shiftKey))
        if index is not None:
            event.preventDefault()
            self.dom.focus_element(inside[index])
