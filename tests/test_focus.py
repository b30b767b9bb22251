"""Keyboard focus on the table (ui.focus): the geometry of arrow keys, the board as one tab stop that
keeps the focus across redraws, and dialogs that take, keep and give back the focus. The page is a
fake `Dom`; tests/browser/test_accessibility.py runs the same code in the browser."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from ui.focus import (
    FOCUSABLE,
    BoardFocus,
    DialogFocus,
    announcement_html,
    index_after_key,
    nearest,
    nearest_in_direction,
    out_of_tab_order,
    wrapped_tab,
)

RIGHT, LEFT, UP, DOWN = (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0)
#  0 1 2      a 3 x 3 grid, 10 px apart, in reading order
#  3 4 5
#  6 7 8
GRID = [(float(x * 10), float(y * 10)) for y in range(3) for x in range(3)]


# -- pure -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("start", "direction", "expected"), [
    (4, RIGHT, 5), (4, LEFT, 3), (4, UP, 1), (4, DOWN, 7),
    (0, RIGHT, 1), (8, UP, 5), (2, DOWN, 5),
    (2, RIGHT, None), (0, UP, None), (6, LEFT, None),
])
def test_arrows_go_to_the_nearest_target_that_way(start: int, direction: tuple[float, float],
                                                   expected: int | None) -> None:
    assert nearest_in_direction(GRID[start], GRID, direction) == expected


def test_a_target_straight_ahead_beats_a_nearer_one_at_a_slant() -> None:
    centres = [(0.0, 0.0), (6.0, 5.0), (10.0, 0.0)]  # 7.8 px away at 40 degrees, 10 px straight ahead
    assert nearest_in_direction(centres[0], centres, RIGHT) == 2
    # ... but a slanted one is taken when nothing lies straight ahead: no key is a dead end.
    assert nearest_in_direction(centres[0], centres[:2], RIGHT) == 1
    assert nearest_in_direction(centres[0], centres[:2], DOWN) == 1


def test_targets_at_the_same_height_are_not_above_or_below() -> None:
    centres = [(0.0, 0.0), (10.0, 0.3), (20.0, -0.2)]  # rounding, not a row above or below
    assert nearest_in_direction(centres[0], centres, UP) is None
    assert nearest_in_direction(centres[0], centres, DOWN) is None


def test_ties_go_to_the_first_target() -> None:
    centres = [(0.0, 0.0), (10.0, 5.0), (10.0, -5.0)]
    assert nearest_in_direction(centres[0], centres, RIGHT) == 1


def test_nearest_target_to_a_place() -> None:
    assert nearest((11.0, 19.0), GRID) == 7
    assert nearest((0.0, 0.0), []) is None


def test_keys_home_end_and_arrows() -> None:
    assert index_after_key("Home", 4, GRID) == 0
    assert index_after_key("End", 4, GRID) == 8
    assert index_after_key("ArrowRight", 4, GRID) == 5
    assert index_after_key("ArrowUp", 1, GRID) is None
    assert index_after_key("a", 4, GRID) is None
    assert index_after_key("Home", 0, []) is None


def test_every_target_of_a_drawing_leaves_the_tab_order() -> None:
    svg = '<g class="legal" tabindex="0" data-move="a"/><g tabindex="0"/><g data-tabindex="0"/>'
    expected = '<g class="legal" tabindex="-1" data-move="a"/><g tabindex="-1"/><g data-tabindex="0"/>'
    assert out_of_tab_order(svg) == expected


@pytest.mark.parametrize(("current", "count", "backwards", "expected"), [
    (2, 3, False, 0),     # Tab on the last wraps to the first
    (0, 3, True, 2),      # Shift+Tab on the first wraps to the last
    (0, 3, False, None),  # inside: the browser's own Tab
    (1, 3, True, None),
    (None, 3, False, 0),  # from outside the dialog (the body after a click on the backdrop)
    (None, 3, True, 2),
    (None, 0, False, None),
    (0, 1, False, 0),
])
def test_tab_stays_inside_a_modal_dialog(current: int | None, count: int, backwards: bool,
                                         expected: int | None) -> None:
    assert wrapped_tab(current, count, backwards) == expected


def test_new_log_lines_are_announced_once_each_and_escaped() -> None:
    assert announcement_html(["Ann lays a track: Denver → Omaha.", "<b>"], reset=False) == (
        "<p>Ann lays a track: Denver → Omaha.</p><p>&lt;b&gt;</p>")
    assert announcement_html(["A whole log redrawn"], reset=True) is None  # a game opened: not read out
    assert announcement_html([], reset=False) is None


# -- a fake page ----------------------------------------------------------------------------------
@dataclass(eq=False)
class Element:
    name: str
    attrs: dict[str, str] = field(default_factory=dict)
    centre: tuple[float, float] = (0.0, 0.0)
    connected: bool = True
    clicks: int = 0


@dataclass
class Event:
    key: str
    target: Any = None
    shiftKey: bool = False
    prevented: bool = False

    def preventDefault(self) -> None:
        self.prevented = True


class FakeDom:
    """Containers by id holding elements; a selector filters by its `[attr]` / `[attr="value"]` parts."""

    def __init__(self) -> None:
        self.document = Element("document")
        self.children: dict[str, list[Element]] = {"board": [], "dialog": []}
        self.containers = {name: Element(name) for name in self.children}
        self.active: Element | None = None
        self.listeners: dict[tuple[str, str], Callable[[Any], None]] = {}
        self.tasks: list[Callable[[], None]] = []
        self.frames: list[Callable[[], None]] = []  # what waits for the board to be on screen
        self.measured = 0  # geometry reads
        self.tabindex_writes: list[str] = []  # the targets whose tabindex the page set

    def by_id(self, element_id: str) -> Element:
        return self.containers[element_id]

    def query(self, element_id: str, selector: str) -> Element | None:
        return next(iter(self.query_all(element_id, selector)), None)

    def query_all(self, element_id: str, selector: str) -> list[Element]:
        found = [e for e in self.children[element_id] if e.connected]
        if selector == FOCUSABLE:
            return [e for e in found if e.attrs.get("tabindex") != "-1"]
        if selector == ".curtain-actions button":
            return [e for e in found if "data-curtain" in e.attrs]
        for name, value in re.findall(r'\[([\w-]+)(?:="([^"]*)")?\]', selector):
            found = [e for e in found if name in e.attrs and (not value or e.attrs[name] == value)]
        return found

    def attribute(self, element: Element, name: str) -> str:
        return element.attrs.get(name, "")

    def set_attribute(self, element: Element, name: str, value: str) -> None:
        if name == "tabindex":
            self.tabindex_writes.append(element.name)
        element.attrs[name] = value

    def centre(self, element: Element) -> tuple[float, float]:
        self.measured += 1
        return element.centre

    def active_element(self) -> Element | None:
        return self.active if self.active is not None and self.active.connected else None

    def contains(self, element_id: str, node: Element) -> bool:
        return node in self.children[element_id]

    def same_node(self, a: Element, b: Element) -> bool:
        return a is b

    def is_connected(self, node: Element) -> bool:
        return node.connected

    def shown(self, element_id: str) -> bool:
        return "hidden" not in self.containers[element_id].attrs

    def focus_element(self, element: Element) -> None:
        self.active = element
        if element in self.children["board"]:
            self.listeners[("board", "focusin")](Event("", target=element))

    def click(self, element: Element) -> None:
        element.clicks += 1

    def on(self, target: Element, event: str, handler: Callable[[Any], None]) -> None:
        self.listeners[(target.name, event)] = handler

    def later(self, handler: Callable[[], None], ms: float = 0) -> int:
        self.tasks.append(handler)
        return len(self.tasks)

    def after_paint(self, handler: Callable[[], None]) -> None:
        self.frames.append(handler)

    def run_tasks(self) -> None:
        while self.tasks:
            self.tasks.pop(0)()

    def paint(self) -> None:
        frames, self.frames = self.frames, []
        for handler in frames:
            handler()

    # What the page does to the board: a redraw, and a key.
    def draw_board(self, moves: list[str], centres: list[tuple[float, float]] | None = None) -> list[Element]:
        """A redraw that keeps the elements of moves still offered (as ui.browser.patch_html does),
        every target drawn out of the tab order but the focused one, whose tab stop the patch keeps."""
        kept = {e.attrs["data-move"]: e for e in self.children["board"]}
        for element in kept.values():
            if element.attrs["data-move"] not in moves:
                element.connected = False
        self.children["board"] = [kept.get(move) or Element(move, {"data-move": move}) for move in moves]
        for element, centre in zip(self.children["board"], centres or GRID, strict=False):
            if element is not self.active_element():
                element.attrs["tabindex"] = "-1"
            element.centre = centre
        return self.children["board"]

    def key(self, key: str, shift: bool = False) -> Event:
        event = Event(key, target=self.active, shiftKey=shift)
        source = "board" if self.active in self.children["board"] else "document"
        self.listeners[(source, "keydown")](event)
        if source == "board":  # it bubbles up to the document
            self.listeners[("document", "keydown")](event)
        return event


def tab_stops(dom: FakeDom) -> list[str]:
    return [e.name for e in dom.children["board"] if e.attrs.get("tabindex") == "0"]


MOVES = [f"m{i}" for i in range(9)]


@pytest.fixture
def dom() -> FakeDom:
    return FakeDom()


@pytest.fixture
def board(dom: FakeDom) -> BoardFocus:
    focus = BoardFocus(dom, "board")
    focus.wire()
    return focus


@pytest.fixture
def dialog(dom: FakeDom, board: BoardFocus) -> DialogFocus:
    focus = DialogFocus(dom, "dialog", board)
    focus.wire()
    return focus


def render(dom: FakeDom, board: BoardFocus, moves: list[str],
           centres: list[tuple[float, float]] | None = None) -> list[Element]:
    """A redraw, then the frame that shows it."""
    board.before_render()
    targets = dom.draw_board(moves, centres)
    board.after_render()
    dom.paint()
    return targets


# -- the board -------------------------------------------------------------------------------------
def test_the_board_is_one_tab_stop_the_first_target_at_first(dom: FakeDom, board: BoardFocus) -> None:
    render(dom, board, MOVES)
    assert tab_stops(dom) == ["m0"]
    render(dom, board, [])  # nothing to play: nothing to do, nothing fails
    assert tab_stops(dom) == []


def test_arrow_keys_move_the_focus_and_the_tab_stop(dom: FakeDom, board: BoardFocus,
                                                    dialog: DialogFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[4])
    event = dom.key("ArrowRight")
    assert dom.active is targets[5] and event.prevented
    assert tab_stops(dom) == ["m5"]
    dom.key("ArrowDown")
    assert dom.active is targets[8]
    assert dom.key("ArrowDown").prevented and dom.active is targets[8]  # the edge: it stays, no scrolling
    dom.key("Home")
    assert dom.active is targets[0]
    dom.key("End")
    assert dom.active is targets[8] and tab_stops(dom) == ["m8"]
    assert not dom.key("Enter").prevented  # Enter plays the target: ui.app's handler, not this one


def test_the_last_focused_target_stays_the_tab_stop_after_a_redraw(dom: FakeDom, board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[3])
    dom.active = None  # the player tabbed away, off the page
    render(dom, board, MOVES)
    assert tab_stops(dom) == ["m3"]
    render(dom, board, MOVES[4:])  # gone: the first target is the tab stop
    assert tab_stops(dom) == ["m4"]


def test_the_focus_stays_on_a_target_still_offered(dom: FakeDom, board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[2])
    render(dom, board, ["m1", "m2", "m3"])
    assert dom.active is targets[2] and tab_stops(dom) == ["m2"]


def test_a_redraw_sets_no_tabindex_on_the_focused_target_still_offered(dom: FakeDom,
                                                                       board: BoardFocus) -> None:
    """A tabindex set on the focused element, even to its value, makes Chromium recompute the page's
    style at once: twice a move on a slowed phone, 3 of a click's 55 ms."""
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[2])
    dom.tabindex_writes.clear()
    render(dom, board, ["m1", "m2", "m3"])
    assert dom.active is targets[2] and tab_stops(dom) == ["m2"]
    assert dom.tabindex_writes == []


def test_a_played_target_leaves_the_focus_on_the_nearest_one(dom: FakeDom, board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[4])
    remaining = [move for move in MOVES if move != "m4"]
    new = render(dom, board, remaining, [c for i, c in enumerate(GRID) if i != 4])
    # m4 sat at (10, 10); m1, m3, m5 and m7 are as near: the first of them takes the focus.
    assert dom.active is new[1] and dom.active.name == "m1"
    assert tab_stops(dom) == ["m1"]


def test_a_redraw_reads_no_geometry_and_the_focus_returns_once_the_board_is_on_screen(
        dom: FakeDom, board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[4])  # its place is read as it takes the focus
    dom.measured = 0
    board.before_render()
    new = dom.draw_board([move for move in MOVES if move != "m4"], [c for i, c in enumerate(GRID) if i != 4])
    board.after_render()
    assert dom.measured == 0 and dom.active_element() is None  # nothing read while the page changes
    dom.paint()
    assert dom.active is new[1] and tab_stops(dom) == ["m1"]


def test_a_focus_that_went_elsewhere_before_the_paint_stays_there(dom: FakeDom, board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[4])
    board.before_render()
    dom.draw_board(MOVES[:4])
    board.after_render()
    dom.active = Element("a button the player tabbed to")
    dom.paint()
    assert dom.active.name == "a button the player tabbed to"


def test_the_focus_comes_back_to_the_board_when_it_offers_targets_again(dom: FakeDom,
                                                                         board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[8])
    render(dom, board, [])  # the bots' turn: nothing to focus
    assert dom.active_element() is None
    render(dom, board, [])
    new = render(dom, board, ["a", "b"], [(0.0, 0.0), (19.0, 21.0)])
    assert dom.active is new[1]


def test_the_board_never_takes_the_focus_from_elsewhere(dom: FakeDom, board: BoardFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[8])
    render(dom, board, [])
    dom.active = Element("a button beside the board")
    render(dom, board, MOVES)
    assert dom.active.name == "a button beside the board"
    dom.active = None  # and a place it left long ago is forgotten
    render(dom, board, MOVES)
    assert dom.active is None


# -- dialogs ---------------------------------------------------------------------------------------
def open_dialog(dom: FakeDom, dialog: DialogFocus, kind: str, modal: bool = True) -> list[Element]:
    dom.children["dialog"] = [Element("text", {}), Element("close", {"data-curtain": "close"}),
                              Element("other", {"data-curtain": "lobby"})]
    dialog.open(kind, modal)
    dom.containers["dialog"].attrs.pop("hidden", None)  # the page shows it
    dom.run_tasks()
    return dom.children["dialog"]


def test_a_dialog_takes_the_focus_on_its_first_button_and_gives_it_back(dom: FakeDom, board: BoardFocus,
                                                                         dialog: DialogFocus) -> None:
    opener = Element("share")
    dom.active = opener
    inside = open_dialog(dom, dialog, "share")
    assert dom.active is inside[1]
    assert dom.containers["dialog"].attrs["aria-modal"] == "true"
    dialog.close()
    assert dom.active is opener


def test_tab_cycles_inside_a_modal_dialog(dom: FakeDom, dialog: DialogFocus) -> None:
    inside = open_dialog(dom, dialog, "result")
    dom.active = inside[2]
    assert dom.key("Tab").prevented and dom.active is inside[0]
    assert dom.key("Tab", shift=True).prevented and dom.active is inside[2]
    assert not dom.key("Tab", shift=True).prevented  # from the last back to the middle: the browser's
    dom.active = None  # a click on the backdrop
    dom.key("Tab")
    assert dom.active is inside[0]


def test_the_round_end_beside_the_board_takes_the_focus_but_does_not_hold_it(dom: FakeDom,
                                                                               dialog: DialogFocus) -> None:
    inside = open_dialog(dom, dialog, "interlude", modal=False)
    assert dom.active is inside[1]
    assert dom.containers["dialog"].attrs["aria-modal"] == "false"
    dom.active = inside[2]
    assert not dom.key("Tab").prevented  # on to the board and the panel
    assert not dom.key("Escape").prevented  # Continue starts the next round: only on purpose
    assert inside[1].clicks == 0


@pytest.mark.parametrize(("kind", "closes"), [("share", True), ("result", True), ("handover", False),
                                              ("interlude", False)])
def test_escape_closes_the_dialogs_that_may_close(dom: FakeDom, dialog: DialogFocus, kind: str,
                                                  closes: bool) -> None:
    inside = open_dialog(dom, dialog, kind)
    event = dom.key("Escape")
    assert (inside[1].clicks, event.prevented) == ((1, True) if closes else (0, False))


def test_closing_a_dialog_opened_after_a_move_focuses_the_board_near_that_move(
        dom: FakeDom, board: BoardFocus, dialog: DialogFocus) -> None:
    targets = render(dom, board, MOVES)
    dom.focus_element(targets[6])
    new = render(dom, board, MOVES[:6])  # the last move: its target and those after it are gone
    assert dom.active is new[3]  # (0, 10), the nearest to (0, 20)
    render(dom, board, [])  # then the round ends, with no target left
    open_dialog(dom, dialog, "interlude", modal=False)
    new = render(dom, board, MOVES)  # the board behind the dialog: the dialog keeps the focus
    assert dom.active.name == "close"
    dom.active.connected = False  # the dialog closes, its button with it
    dialog.close()
    dom.paint()
    assert dom.active is new[3]


def test_a_dialog_opened_over_another_returns_the_focus_to_the_first_opener(dom: FakeDom,
                                                                             dialog: DialogFocus) -> None:
    opener = Element("opener")
    dom.active = opener
    open_dialog(dom, dialog, "interlude", modal=False)
    open_dialog(dom, dialog, "share")
    dialog.close()
    assert dom.active is opener
    dom.active = None
    dialog.close()  # closing twice does nothing more
    assert dom.active is None


def test_a_dialog_opened_with_nothing_focused_hands_the_focus_to_the_board(dom: FakeDom, board: BoardFocus,
                                                                           dialog: DialogFocus) -> None:
    open_dialog(dom, dialog, "handover")  # the first player's hand-over, as the game starts
    assert dom.active.name == "close"
    dom.active.connected = False
    dialog.close()  # "show me my cards": the board is drawn for them next
    assert dom.active_element() is None
    targets = render(dom, board, MOVES)
    assert dom.active is targets[0] and tab_stops(dom) == ["m0"]


def test_a_dialog_hidden_by_leaving_the_table_holds_no_key(dom: FakeDom, dialog: DialogFocus) -> None:
    open_dialog(dom, dialog, "result")
    dom.containers["dialog"].attrs["hidden"] = ""  # Back to the lobby: the page hides it, unclosed
    dom.active = Element("a field in the lobby")
    assert not dom.key("Tab").prevented and not dom.key("Escape").prevented
    opener = Element("opener")
    dom.active = opener
    open_dialog(dom, dialog, "share")  # the next dialog returns to its own opener
    dialog.close()
    assert dom.active is opener
