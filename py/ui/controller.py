"""What the table screen decides, pure: whose view it shows, when bots think, what a move animates,
when it saves, and which screen comes next (a hand-over, a round's end, the results).

It draws nothing itself and touches no browser: it hands a `TablePicture` (every region of the table
as HTML) and `Curtain`s to a `Page`, which `ui.app` implements over the DOM and tests fake.

One move: `human_move` or a bot's `think` -> `Table.play` -> autosave -> (a task later) the move's
animation frames, 110 ms apart -> the new position -> (a task later) whatever must be shown, or the
next bot. Each step is a task of its own so that none holds the page for long.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.bots import Thinking, bot_rng, get_bot
from games.core import Event, IllegalMove, MalformedMove
from ui import panels
from ui.bot_runner import BotRunner, Clock
from ui.games import face_for
from ui.games.face import Face
from ui.i18n import Translator
from ui.log import log_line
from ui.replay import Scrubber
from ui.saves import SaveStore, StorageFull
from ui.table import HUMAN, Table

BOT_DELAY_MS = {"slow": 1200, "normal": 500, "fast": 120, "instant": 0}
INTERLUDE_MS = {"slow": 6000, "normal": 4000, "fast": 1500, "instant": 0}
FRAME_MS = 110  # one step of a move's animation
LOG_LINES = 200  # the latest moves; the whole game is in the save, the link and the replay
CURTAIN_EVENTS = ("round_scored", "day_scored", "game_over")  # events that may open a screen


@dataclass(frozen=True)
class Curtain:
    """A dialog over the table. `kind` names it for the page ("result" marks the game over);
    `overlay` is drawn over the board while it is open (a round's missing track)."""

    kind: str
    title: str
    body: str
    buttons: list[tuple[str, str, str]]
    beside_board: bool = False
    overlay: str = ""


@dataclass(frozen=True)
class LogUpdate:
    """New log lines to append, or (`reset`) the lines that replace the whole log."""

    lines: list[str]
    reset: bool


@dataclass(frozen=True)
class TablePicture:
    """Every region of the table screen, as HTML or text."""

    title: str
    ply: int
    map: str | None  # None: the map on screen is still right
    position: str
    description: str
    players: str
    side: str
    status: str
    actions: str
    log: LogUpdate | None  # None: nothing new
    replay: tuple[int, int, str] | None  # (ply, length, label) while scrubbing a shared link


class Page(Clock, Protocol):
    """What the table asks of the page."""

    def draw_table(self, picture: TablePicture) -> None: ...

    def draw_position(self, svg: str) -> None: ...

    def open_curtain(self, curtain: Curtain) -> None: ...

    def close_curtain(self) -> None: ...

    def curtain_open(self) -> bool: ...

    def toast(self, text: str) -> None: ...

    def reduced_motion(self) -> bool: ...

    def wall_clock_ms(self) -> int: ...


@dataclass
class LogFeed:
    """The move log's lines; events are only ever appended to a state, so only new ones are formatted,
    and only lines not yet on screen are sent."""

    state: object = None
    lang: str = ""
    seen: int = 0
    lines: list[str] = field(default_factory=list)
    drawn: int = -1  # lines on screen; -1: the screen shows another log

    def update(self, table: Table, face: Face[Any], tr: Translator) -> LogUpdate | None:
        events = table.state.events
        if self.state is not table.state or self.lang != tr.lang or self.seen > len(events):
            self.state, self.lang, self.seen, self.lines, self.drawn = table.state, tr.lang, 0, [], -1
        for event in events[self.seen:]:
            line = log_line(event, tr, table.names, face.log)
            if line:
                self.lines.append(line)
        self.seen = len(events)
        if self.drawn == len(self.lines):
            return None
        reset = self.drawn < 0
        update = LogUpdate(self.lines[-LOG_LINES:] if reset else self.lines[self.drawn:], reset)
        self.drawn = len(self.lines)
        return update


class TableController:
    def __init__(self, page: Page, store: SaveStore, tr: Translator, speed: str,
                 on_leave: Callable[[], None]) -> None:
        self.page = page
        self.store = store
        self.tr = tr
        self.speed = speed
        self.on_leave = on_leave  # back to the lobby
        self.runner = BotRunner(page)
        self.table: Table | None = None
        self.save_id: str | None = None
        self.scrubber: Scrubber | None = None
        self.shown: int | None = None  # the seat whose secrets are on screen
        self.curtains: list[Event] = []  # round ends and the game's end still to show
        self.animating = False  # a move is being shown: no other move until it is
        self.maps: dict[tuple[str, str], str] = {}
        self.map_on_screen: tuple[str, str] | None = None
        self.log = LogFeed()

    def t(self, key: str, /, **params: Any) -> str:
        return self.tr.t(key, **params)

    def map_svg(self, game_id: str) -> str:
        """The static map, drawn once per game and language (it is the largest drawing)."""
        key = (game_id, self.tr.lang)
        if key not in self.maps:
            self.maps[key] = face_for(game_id).draw_map(self.t)
        return self.maps[key]

    # -- sitting down and leaving -------------------------------------------------------------
    def sit(self, table: Table, save_id: str | None, scrubber: Scrubber | None = None) -> None:
        """Show `table`: saved under `save_id` (None: not saved), or scrubbed through a shared link."""
        self.runner.stop()
        # Load the seated bots now, in the task of the click that starts the game: loading them
        # during their first turn would freeze the page while they think.
        for kind in sorted(set(table.seats) - {HUMAN}):
            get_bot(table.game.id, kind)
        if not table.names:
            table.names = [panels.seat_label(seat, [], self.t) for seat in range(len(table.seats))]
        self.table, self.save_id, self.scrubber = table, save_id, scrubber
        self.shown = None
        self.curtains = []
        self.animating = False
        self.map_on_screen = None
        self.log = LogFeed()
        if scrubber is None:
            self.autosave()
        self.render()
        self.after_render()

    def leave(self) -> None:
        self.runner.stop()
        self.table = None
        self.scrubber = None
        self.on_leave()

    def set_language(self, tr: Translator) -> None:
        self.tr = tr
        if self.table:
            self.render()

    # -- what the screen shows ----------------------------------------------------------------
    @property
    def face(self) -> Face[Any]:
        assert self.table is not None
        return face_for(self.table.game.id)

    def viewer(self) -> int | None:
        """The seat whose view is on screen; None (the spectator's) until the next human confirms
        a hand-over, and whenever nobody at the table is human."""
        table = self.table
        assert table is not None
        if self.handover_due():
            return None
        viewer = table.viewer(self.shown)
        if viewer is not None:
            self.shown = viewer
        return viewer

    def handover_due(self) -> bool:
        """A hand-over curtain is needed: the game hides something from the human to move, and the
        screen shows another seat's secrets (never while scrubbing a link)."""
        table = self.table
        return bool(table and not self.scrubber and table.needs_handover(self.shown))

    def picture(self) -> TablePicture:
        table = self.table
        assert table is not None
        face, state = self.face, table.state
        viewer = self.viewer()
        view = state.view(viewer)
        legal = [] if self.scrubber or viewer is None else table.human_legal()
        map_key = (table.game.id, self.tr.lang)
        map_svg = None if self.map_on_screen == map_key else self.map_svg(table.game.id)
        self.map_on_screen = map_key
        buttons = [("data-move", move, self.t(key)) for move, key in face.actions.items() if move in legal]
        if table.can_undo() and not self.scrubber:
            buttons.append(("data-undo", "1", self.t("action.undo")))
        return TablePicture(
            title=self.t("game." + table.game.id), ply=len(state.moves), map=map_svg,
            position=face.draw_position(view, legal, self.t), description=face.describe(view, self.t),
            players=panels.players_html(table.names, table.seats, face.scores(view), state.current_player,
                                        viewer, self.t),
            side=face.draw_side(view, self.t, self.names()),
            status=self.status_text(viewer, face.prompt(view, legal, self.t) if legal else None),
            actions=panels.buttons_html(buttons), log=self.log.update(table, face, self.tr),
            replay=None if not self.scrubber else (
                self.scrubber.ply, self.scrubber.length,
                self.t("replay.at", ply=self.scrubber.ply, total=self.scrubber.length)))

    def render(self) -> None:
        if self.table:
            self.page.draw_table(self.picture())

    def names(self) -> list[str]:
        """Every player's name by seat, a default one ("Player 2") where none was given."""
        assert self.table is not None
        return [panels.seat_label(seat, self.table.names, self.t) for seat in range(len(self.table.seats))]

    def status_text(self, viewer: int | None, prompt: str | None = None) -> str:
        """Whose turn it is; to the player to move, what the game asks of them (`prompt`)."""
        table = self.table
        assert table is not None
        current = table.state.current_player
        if current is None:
            return self.t("status.game_over")
        name = table.names[current]
        if not table.is_human(current):
            return self.t("status.thinking", name=name)
        if viewer == current and not self.scrubber:
            return prompt or self.t("status.your_turn", name=name)
        return self.t("status.waiting", name=name)

    # -- moves --------------------------------------------------------------------------------
    def human_move(self, move: str) -> None:
        table = self.table
        if (not table or self.scrubber or self.animating or self.handover_due()
                or not table.is_human(table.state.current_player)):
            return
        before = self.view_before_move()
        try:
            events = table.play(move)
        except (IllegalMove, MalformedMove) as err:
            self.page.toast(self.t(err.reason, **err.params))
            return
        self.autosave()
        self.show_move(events, before)

    def undo(self) -> None:
        if self.table and not self.animating and not self.scrubber:
            self.table.undo()
            self.autosave()
            self.render()

    def view_before_move(self) -> Mapping[str, Any] | None:
        """The spectator's view before a move, when the game animates its moves and motion is wanted."""
        table = self.table
        if (not table or not self.face.animated or self.speed == "instant" or self.page.reduced_motion()):
            return None
        return table.state.view(None)

    def show_move(self, events: Sequence[Event], before: Mapping[str, Any] | None) -> None:
        table = self.table
        assert table is not None
        self.curtains.extend(e for e in events if e["type"] in CURTAIN_EVENTS)
        frames = [] if before is None else self.face.frames(before, table.state.view(None), events, self.t)
        self.animate(frames)

    def animate(self, frames: list[str]) -> None:
        """Show a move's intermediate positions one by one (slides, pushes), then the new position."""
        if frames:
            self.animating = True
            self.page.draw_position(frames[0])
            self.runner.later(FRAME_MS, lambda: self.animate(frames[1:]))
            return
        self.render()
        if self.curtains or (self.table and self.table.state.is_over()):
            # A round-end or final screen gets a task of its own: drawn in the same task as the
            # board it could freeze the page. No move is taken until it shows.
            self.animating = True
            self.runner.later(0, self.settle)
            return
        self.animating = False
        self.after_render()

    def settle(self) -> None:
        self.animating = False
        self.after_render()

    def after_render(self) -> None:
        """Show what must be shown (round end, hand-over, game over) or let the next bot think."""
        table = self.table
        if not table or self.scrubber:
            return
        while self.curtains:
            event = self.curtains.pop(0)
            interlude = None if event["type"] == "game_over" else self.face.interlude(
                event, table.state.view(None), self.t, self.names())
            if interlude:
                if interlude.board is not None:
                    self.page.draw_position(interlude.board)
                self.page.open_curtain(Curtain("interlude", interlude.title, interlude.body,
                                               [("data-curtain", "next", self.t("action.continue"))],
                                               beside_board=True, overlay=interlude.overlay))
                if not table.humans:
                    self.runner.later(INTERLUDE_MS[self.speed], self.auto_continue)
                return
        current = table.state.current_player
        if current is None:
            result = table.state.result().to_dict()
            body = panels.results_html(result, table.names, self.t) + self.face.breakdown(
                result, table.state.view(None), self.t, self.names())
            self.page.open_curtain(Curtain("result", self.t("result.title"), body,
                                           [("data-curtain", "lobby", self.t("table.lobby")),
                                            ("data-curtain", "close", self.t("action.view_board"))]))
        elif self.handover_due():
            name = table.names[current]
            self.page.open_curtain(Curtain("handover", self.t("handover.title", name=name),
                                           panels.handover_html(name, self.t),
                                           [("data-curtain", "reveal", self.t("handover.ready", name=name))]))
        elif not table.is_human(current):
            self.bot_turn()

    def auto_continue(self) -> None:
        """A bots-only table goes on past a round's end by itself."""
        if self.page.curtain_open():
            self.curtain_action("next")

    def curtain_action(self, action: str) -> None:
        if action == "lobby":
            self.page.close_curtain()
            self.leave()
        elif action == "reveal":
            self.shown = self.table.state.current_player if self.table else None
            self.page.close_curtain()
            self.render()
            self.after_render()
        elif action == "next":
            self.page.close_curtain()
            self.render()  # the new round's board, where the interlude showed the one that ended
            self.after_render()
        else:
            self.page.close_curtain()

    # -- bots -----------------------------------------------------------------------------------
    def bot_turn(self) -> None:
        table = self.table
        assert table is not None

        def start() -> Thinking:
            state = table.state
            seat = state.current_player
            assert seat is not None
            bot = get_bot(table.game.id, table.seats[seat])
            rng = bot_rng(state.seed, seat, len(state.moves))
            return bot.think(state.view(seat), state.legal_moves(), rng)

        self.runner.think(start, BOT_DELAY_MS[self.speed], self.play_bot_move)

    def play_bot_move(self, move: str) -> None:
        table = self.table
        assert table is not None
        before = self.view_before_move()
        events = table.play(move)
        self.autosave()
        # Showing the move gets a task of its own: with the rules and the save, redrawing a large
        # board in the same task could freeze the page. No move is taken until it shows.
        self.animating = True
        self.runner.later(0, lambda: self.show_move(events, before))

    # -- a shared link's scrubber -----------------------------------------------------------------
    def scrub(self, ply: int) -> None:
        if self.scrubber and self.table:
            self.table.state = self.scrubber.seek(ply)
            self.render()

    def play_on(self, save_id: str) -> None:
        """Leave the scrubber: a new saved game continues from the position on screen."""
        if self.scrubber and self.table:
            self.sit(self.table.fork(self.scrubber.ply), save_id)

    def link_record(self) -> dict[str, Any] | None:
        """What a share link carries: the whole record (all of a scrubbed link's moves)."""
        if not self.table:
            return None
        return self.scrubber.record if self.scrubber else self.table.state.record()

    # -- saving -----------------------------------------------------------------------------------
    def autosave(self) -> None:
        table = self.table
        if not table or not self.save_id or self.scrubber:
            return
        try:
            self.store.save(self.save_id, table.state.record(), table.seats, table.names,
                            over=table.state.is_over(), updated=self.page.wall_clock_ms())
        except StorageFull:
            self.page.toast(self.t("error.storage_full"))
