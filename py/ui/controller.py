"""What the table screen decides, pure: whose view it shows, when bots think, what a move animates,
when it saves, and which screen comes next (a hand-over, a round's end, the results).

It draws nothing itself and touches no browser: it hands a `TablePicture` (every region of the table
as HTML) and `Curtain`s to a `Page`, which `ui.app` implements over the DOM and tests fake.

One move: `human_move` or a bot's `think` -> `Table.play` -> autosave -> (a task later) the move's
animation frames, 110 ms apart -> the new position -> (a task later) whatever must be shown, or the
next bot. Each step is a task of its own so that none holds the page for long.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from games.bots import Caption, Thinking, bot_rng, explaining, get_bot
from games.core import Event, IllegalMove, MalformedMove, State, Steps
from ui import panels
from ui.bot_runner import BotRunner, Clock
from ui.games import face_for
from ui.games.face import Face, Overlay
from ui.i18n import Translator
from ui.log import LogEntry, log_entry, log_line
from ui.preferences import BOT_DELAY_MS
from ui.qr import TooLongForQr, qr_svg
from ui.replay import Scrubber
from ui.saves import MovedOn, SaveStore, StorageFull
from ui.seats import HUMAN, seat_label
from ui.table import Table

INTERLUDE_MS = {"slow": 6000, "normal": 4000, "fast": 1500, "instant": 0}
FRAME_MS = 110  # one step of a move's animation
CURTAIN_EVENTS = ("round_scored", "day_scored", "game_over")  # events that may open a screen
ADVISER = "strong"  # the level whose choice "Suggest a move" shows


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


LOG_BATCH = 100  # events formatted and drawn per task: a long game's log comes over several tasks


@dataclass(frozen=True)
class LogUpdate:
    """New log lines to append, or (`reset`) the lines that replace the whole log. `catching_up`: an
    earlier part of a long log, drawn after the board (not news: the live region does not read it)."""

    lines: list[LogEntry]
    reset: bool
    catching_up: bool = False
    more: bool = False  # more of the log follows in later tasks


@dataclass(frozen=True)
class TablePicture:
    """Every region of the table screen, as HTML or text."""

    title: str
    tab_title: str  # the browser tab's: the game, and whether a human is to move
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
    caption: str = ""  # why the last bot played its move (a demonstration), or a suggestion and why
    suggested: str | None = None  # the move "Suggest a move" found, marked on the board


@dataclass(frozen=True)
class Keepsake:
    """A saved game's table as drawn, kept so that a reload or "Continue" shows it at once, before
    Python is ready (static/js/picture.js); `revision` ties it to its save, `autoplay` says whether
    the "play my only move" switch was shown."""

    save_id: str
    revision: int
    game_id: str
    lang: str
    autoplay: bool
    picture: TablePicture


class Suggestion(NamedTuple):
    """The adviser's move for the human to move at `ply`, and why."""

    ply: int
    move: str
    caption: Caption


class Page(Clock, Protocol):
    """What the table asks of the page."""

    def draw_table(self, picture: TablePicture) -> None: ...

    def draw_position(self, svg: str) -> None: ...

    def keep_picture(self, kept: Keepsake) -> None: ...

    def draw_log(self, update: LogUpdate) -> None: ...

    def draw_overlay(self, overlay: Overlay | None) -> None: ...

    def open_curtain(self, curtain: Curtain) -> None: ...

    def close_curtain(self) -> None: ...

    def curtain_open(self) -> bool: ...

    def toast(self, text: str) -> None: ...

    def reduced_motion(self) -> bool: ...

    def wall_clock_ms(self) -> int: ...


class Before(NamedTuple):
    """What the table saw before a move: the spectator's view (the round-end screens read it) and, when
    the move is shown on its way, the seat on screen and its view (the frames start from it, so a
    player's own hand stays in view while a card travels)."""

    spectator: Mapping[str, Any]
    seat: int | None
    seen: Mapping[str, Any] | None


@dataclass
class LogFeed:
    """The move log's lines; events are only ever appended to a state, so only new ones are formatted,
    and only lines not yet on screen are sent."""

    state: object = None
    lang: str = ""
    seen: int = 0
    lines: list[LogEntry] = field(default_factory=list)
    drawn: int = -1  # lines on screen; -1: the screen shows another log

    def update(self, table: Table, face: Face[Any], tr: Translator,
               catching_up: bool = False) -> LogUpdate | None:
        """The lines to draw of at most `LOG_BATCH` more events (`behind` says whether any are left)."""
        events = table.state.events
        if self.state is not table.state or self.lang != tr.lang or self.seen > len(events):
            self.state, self.lang, self.seen, self.lines, self.drawn = table.state, tr.lang, 0, [], -1
        # A long log starts empty with the board, and fills in the tasks after: the board first.
        long_start = self.drawn < 0 and len(events) > LOG_BATCH
        upto = self.seen if long_start else min(len(events), self.seen + LOG_BATCH)
        for event in events[self.seen:upto]:
            line = log_entry(event, tr, table.names, face.log, self.lines[-1] if self.lines else None)
            if line:
                self.lines.append(line)
        self.seen = upto
        if self.drawn == len(self.lines) and self.drawn >= 0:
            return None
        reset = self.drawn < 0
        update = LogUpdate(self.lines[:] if reset else self.lines[self.drawn:], reset, catching_up,
                           more=upto < len(events))
        self.drawn = len(self.lines)
        return update

    def behind(self, table: Table) -> bool:
        return self.state is table.state and self.seen < len(table.state.events)


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
        self.link_of: Callable[[Table], str] | None = None  # the address that sends a game by link on
        self.sent_at: int | None = None  # the ply at which the game by link was last offered to send
        self.sent_url = ""
        self.revision = 0  # of the save this table follows: another one in storage is another tab's
        self.elsewhere = False  # the game went on elsewhere: nothing moves until the player chooses
        self.scrubber: Scrubber | None = None
        self.shown: int | None = None  # the seat whose secrets are on screen
        # Round ends and the game's end still to show, each with the spectator's view before its move.
        self.curtains: list[tuple[Event, Mapping[str, Any]]] = []
        self.animating = False  # a move is being shown: no other move until it is
        self.maps: dict[tuple[str, str], str] = {}
        self.map_on_screen: tuple[str, str] | None = None
        self.side: tuple[Hashable, str] | None = None  # the side panel drawn last, and what it showed
        self.log = LogFeed()
        self.projector = False  # a shared screen: no hand on screen while no human is to move
        self.autoplay = False  # play a human's only legal move for them, where the game offers it
        self.paused = False  # a demonstration stopped by its presenter: no bot moves until played or stepped
        self.explaining = False  # a demonstration says why each bot plays its move
        self.overlays = False  # the position's mathematics, drawn over the board and beside it
        self.caption: tuple[int, Caption] | None = None  # the last bot move's reason, and the ply it led to
        self.suggestion: Suggestion | None = None
        self.asked = -1  # the ply at which the adviser is thinking (-1: it is not)
        self.adviser = BotRunner(page)  # its own tasks: a bot's turn or a redraw never cancels it
        self.overlay_drawn: Hashable = None  # what the overlay on screen was drawn for
        self.overlay_coming: Hashable = None  # what the overlay being worked out is for
        # The overlay's own tasks, on the page's clock: a bot's turn must not cancel them.
        self.overlay_runner = BotRunner(page)
        self.told: str | None = None  # a projector's caption, as its presenter's window said it
        self.ahead: tuple[Hashable, str] | None = None  # a board drawn a task before its picture, and of what
        self.drawing: Table | None = None  # the scrubbed table whose next position is to be drawn in steps
        self.unshown: tuple[Table, TablePicture] | None = None  # a picture made, to be shown in a next task

    def t(self, key: str, /, **params: Any) -> str:
        return self.tr.t(key, **params)

    def map_svg(self, game_id: str) -> str:
        """The static map, drawn once per game and language (it is the largest drawing)."""
        key = (game_id, self.tr.lang)
        if key not in self.maps:
            self.maps[key] = face_for(game_id).draw_map(self.t)
        return self.maps[key]

    # -- sitting down and leaving -------------------------------------------------------------
    def sit(self, table: Table, save_id: str | None, scrubber: Scrubber | None = None,
            revision: int = 0) -> None:
        """Show `table`: saved under `save_id` (None: not saved) at `revision` (0: a new save), or
        scrubbed through a shared link."""
        self.runner.stop()
        self.adviser.stop()
        self.overlay_runner.stop()
        # Load the seated bots now, in the task of the click that starts the game: loading them
        # during their first turn would freeze the page while they think.
        for kind in sorted(set(table.seats) - {HUMAN}):
            get_bot(table.game.id, kind)
        if not table.names:
            table.names = [seat_label(seat, [], self.t) for seat in range(len(table.seats))]
        self.table, self.save_id, self.scrubber = table, save_id, scrubber
        self.revision, self.elsewhere = revision, False
        self.sent_at = None
        self.shown = None
        self.curtains = []
        self.animating = False
        self.map_on_screen = None
        self.side = None
        self.log = LogFeed()
        self.caption, self.suggestion, self.asked = None, None, -1
        self.overlay_drawn = self.overlay_coming = None
        if scrubber is None and not revision:  # a new save (a resumed one is as stored, and another
            self.autosave()                    # tab may hold it: writing it again would stop that tab)
        self.render()
        self.after_render()

    def leave(self) -> None:
        self.stand_up()
        self.on_leave()

    def stand_up(self) -> None:
        """Leave the table without calling `on_leave`: the app is already showing the lobby (Back)."""
        self.runner.stop()
        self.adviser.stop()
        self.overlay_runner.stop()
        self.overlay_coming = None
        self.table = None
        self.scrubber = None
        self.paused = False

    def set_language(self, tr: Translator) -> None:
        self.tr = tr
        if self.table:
            self.render()

    def set_projector(self, on: bool) -> None:
        self.projector = on
        self.render()

    # -- what the screen shows ----------------------------------------------------------------
    @property
    def face(self) -> Face[Any]:
        assert self.table is not None
        return face_for(self.table.game.id)

    def viewer(self) -> int | None:
        """The seat whose view is on screen; None (the spectator's) until the next human confirms
        a hand-over, whenever nobody at the table is human, and always in a shared link's replay:
        whoever opened it may be any player, or none, so it shows nobody's secrets."""
        table = self.table
        assert table is not None
        if (self.scrubber or self.handover_due()
                or (self.projector and not table.human_here(table.state.current_player))):
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
        view, legal, names = self.position(viewer)
        map_key = (table.game.id, self.tr.lang)
        map_svg = None if self.map_on_screen == map_key else self.map_svg(table.game.id)
        self.map_on_screen = map_key
        on_board = [("data-move", move, label) for move, label in face.move_buttons(view, legal, self.t)]
        buttons = [("data-move", move, self.t(key)) for move, key in face.actions.items() if move in legal]
        if table.can_undo() and not self.scrubber:
            buttons.append(("data-undo", "1", self.t("action.undo")))
        if table.by_link and not self.scrubber and (table.away(state.current_player) or state.is_over()):
            buttons.append(("data-send", "1", self.send_label()))
        # The board's moves come first; none of them is more expected than another.
        if self.can_suggest(viewer):
            buttons.append(("data-suggest", "1", self.t("action.suggest")))
        actions = (panels.buttons_html(on_board, primary=False)
                   + panels.buttons_html(buttons, primary=not on_board))
        suggestion = self.suggestion if self.suggestion and self.suggestion.ply == len(state.moves) else None
        return TablePicture(
            title=self.t("game." + table.game.id), tab_title=self.tab_title(), ply=len(state.moves),
            map=map_svg,
            position=self.board(face, view, legal, names),
            description=face.describe(view, self.t, names),
            players=panels.players_html(table.names, table.seats, face.scores(view), state.current_player,
                                        viewer, self.t),
            side=self.side_panel(face, view, names),
            status=self.status_text(viewer, names, face.prompt(view, legal, self.t) if legal else None),
            actions=actions, log=self.log.update(table, face, self.tr),
            replay=None if not self.scrubber else (
                self.scrubber.ply, self.scrubber.length,
                self.t("replay.at", ply=self.scrubber.ply, total=self.scrubber.length)),
            caption=self.caption_text(suggestion, names), suggested=suggestion.move if suggestion else None)

    def caption_text(self, suggestion: Suggestion | None, names: list[str]) -> str:
        """The suggestion on screen and why; else, while a demonstration explains itself, why the bot
        played the move that led here; else nothing."""
        table = self.table
        assert table is not None
        if suggestion is not None:
            why = log_line(suggestion.caption, self.t, names, self.face.log, prefix="why.") or ""
            return self.t("why.suggested", why=why)
        if self.asked == len(table.state.moves):
            return self.t("why.thinking")
        return self.explanation(names)

    def explanation(self, names: list[str]) -> str:
        """Why the bot played the move that led here, while a demonstration explains itself (on a
        projector: as its presenter said it)."""
        table = self.table
        assert table is not None
        if self.told is not None:
            return self.told
        if self.explaining and self.caption and self.caption[0] == len(table.state.moves):
            return log_line(self.caption[1], self.t, names, self.face.log, prefix="why.") or ""
        return ""

    def side_panel(self, face: Face[Any], view: Mapping[str, Any], names: list[str]) -> str:
        """The side panel, drawn again only when what it shows changed (its face's `side_key`)."""
        key = face.side_key(view)
        full_key = None if key is None else (key, tuple(names), self.tr.lang)
        if full_key is None or self.side is None or self.side[0] != full_key:
            self.side = (full_key, face.draw_side(view, self.t, names))
        return self.side[1]

    def position(self, viewer: int | None) -> tuple[Mapping[str, Any], list[str], list[str]]:
        """What the board shows `viewer`: the view, the moves it offers, the players' names."""
        table = self.table
        assert table is not None
        legal = [] if self.scrubber or viewer is None else table.human_legal()
        return table.state.view(viewer), legal, self.names()

    def board(self, face: Face[Any], view: Mapping[str, Any], legal: Sequence[str],
              names: Sequence[str]) -> str:
        """The board of a position: as drawn ahead (`draw_ahead`) if it was, for this very view."""
        ahead, self.ahead = self.ahead, None
        key = (view, list(legal), list(names), self.tr.lang)
        if ahead is not None and ahead[0] == key:
            return ahead[1]
        return face.draw_position(view, legal, self.t, names)

    def drawing_ahead(self, game_id: str, view: Mapping[str, Any], legal: Sequence[str],
                      names: Sequence[str]) -> Steps[None]:
        """Draw a board in steps, before the picture that shows it: a position never drawn before (a
        link opened, a jump across a long game) has every piece to draw, which with the rest of the
        picture held the page longer than a tap may."""
        key = (view, list(legal), list(names), self.tr.lang)
        board = yield from face_for(game_id).position_steps(view, legal, self.t, names)
        self.ahead = (key, board)

    def drawing_replay_ahead(self, state: State, names: Sequence[str]) -> Steps[None]:
        """The board a shared link's replay opens on (its last position, as a spectator sees it, with
        nothing to play), drawn before the table is seated."""
        return self.drawing_ahead(state.game_id, state.view(None), [],
                                  [seat_label(seat, names, self.t) for seat in range(state.num_players)])

    def render(self) -> None:
        table = self.table
        if table:
            self.show_unshown()  # pictures are shown in the order made: each brings its part of the log
            self.show(self.picture())

    def show_unshown(self) -> None:
        unshown, self.unshown = self.unshown, None
        if unshown is not None and unshown[0] is self.table:
            self.show(unshown[1])

    def show(self, picture: TablePicture) -> None:
        table = self.table
        if table:
            self.page.draw_table(picture)
            if self.keepable():
                assert self.save_id is not None
                self.page.keep_picture(Keepsake(self.save_id, self.revision, table.game.id, self.tr.lang,
                                                self.offers_autoplay(), picture))
            self.catch_up_log()
            self.refresh_overlay()

    def overlay_key(self) -> Hashable:
        """What the overlay on screen depends on (None: no overlay)."""
        table = self.table
        if not table or not self.overlays:
            return None
        return (id(table.state), len(table.state.moves), self.viewer(), self.tr.lang, tuple(table.names))

    def refresh_overlay(self) -> None:
        """The overlay, worked out again in slices when the position changed, then drawn in a task of
        its own: an exact solve per hand could otherwise freeze the page."""
        key = self.overlay_key()
        if key is not None and key == self.overlay_coming:
            return
        self.overlay_runner.stop()  # what was being worked out is for a position now gone
        self.overlay_coming = None
        if key == self.overlay_drawn:
            return
        if key is None:
            self.overlay_drawn = None
            self.page.draw_overlay(None)
            return

        def draw(overlay: Overlay | None) -> None:
            self.overlay_coming = None
            if self.overlay_key() == key:
                self.overlay_drawn = key
                self.page.draw_overlay(overlay)
        self.overlay_coming = key
        self.overlay_runner.work(self.overlaying(), draw)

    def overlaying(self) -> Steps[Overlay | None]:
        """The face's overlay of the position on screen, in steps. Secrets only of seats whose view is on
        screen: every seat's in a demonstration (bots have nothing to hide from a class), the human's
        own when their view is shown, none on a projector at a table with humans. The moves of the
        player to move (a hand can be read from them) only when their view may be shown."""
        table = self.table
        assert table is not None
        state, viewer = table.state, self.viewer()
        seats = range(len(table.seats)) if not table.humans else [] if viewer is None else [viewer]
        current = state.current_player
        legal = state.legal_moves() if current is not None and current in seats else []
        seen = [state.view(seat) for seat in seats]
        return self.face.overlaying(state.view(None), seen, legal, self.t, self.names())

    # -- explanations and suggestions ----------------------------------------------------------------
    def set_explaining(self, on: bool) -> None:
        self.explaining = on
        if self.table:
            self.render()

    def set_overlays(self, on: bool) -> None:
        self.overlays = on
        if self.table:
            self.refresh_overlay()

    def can_suggest(self, viewer: int | None) -> bool:
        """Whether "Suggest a move" is offered: to the human to move, on their own view, where hints
        are on."""
        table = self.table
        return bool(table and table.hints and not self.scrubber and not self.elsewhere and viewer is not None
                    and viewer == table.state.current_player and table.human_here(viewer))

    def suggest(self) -> None:
        """The adviser's move from the human's own view, thought in slices, then marked with its reason."""
        table = self.table
        if not table or not self.can_suggest(self.viewer()) or self.animating:
            return
        state, seat, ply = table.state, table.state.current_player, len(table.state.moves)
        assert seat is not None
        view, legal = state.view(seat), table.human_legal()
        self.asked = ply
        self.render()

        def start() -> Thinking:
            return get_bot(table.game.id, ADVISER).think(view, legal, bot_rng(state.seed, seat, ply))

        def found(move: str) -> None:  # in a task of its own, after the thinking's last slice
            if self.table is table and table.state is state and len(state.moves) == ply:
                self.adviser.work(explaining(table.game.id, view, move), lambda why: told(move, why))

        def told(move: str, why: Caption) -> None:
            if self.table is table and table.state is state and len(state.moves) == ply:
                self.asked = -1
                self.suggestion = Suggestion(ply, move, why)
                self.render()

        self.adviser.think(start, 0, found)

    def keepable(self) -> bool:
        """Whether the table on screen may be shown again before Python is ready: a saved game, as this
        device would show it on its return; never a hand that a hand-over would hide first."""
        table = self.table
        if not table or not self.save_id or self.scrubber or self.elsewhere:
            return False
        shared_secrets = not table.by_link and len(table.humans) > 1 and table.hides_secrets
        return not (shared_secrets and self.viewer() is not None)

    def catch_up_log(self) -> None:
        """The rest of a long log (a game opened or replayed at its end), a batch per task after the
        board, so that opening the longest game never holds the page for all of it at once."""
        table = self.table
        if table and self.log.behind(table):
            def more() -> None:
                if self.table is table and self.log.behind(table):
                    update = self.log.update(table, self.face, self.tr, catching_up=True)
                    if update:
                        self.page.draw_log(update)
                    self.catch_up_log()
            self.runner.later(0, more)

    def tab_title(self) -> str:
        """The browser tab's title: it says when a human is to move, seen from another tab too."""
        table = self.table
        assert table is not None
        game = self.t("game." + table.game.id)
        your_turn = not self.scrubber and table.human_here(table.state.current_player)
        return self.t("tab.your_turn" if your_turn else "tab.game", game=game)

    def names(self) -> list[str]:
        """Every player's name by seat, a default one ("Player 2") where none was given."""
        assert self.table is not None
        return [seat_label(seat, self.table.names, self.t) for seat in range(len(self.table.seats))]

    def status_text(self, viewer: int | None, names: list[str], prompt: str | None) -> str:
        """Whose turn it is; to the player to move, what the game asks of them (`prompt`)."""
        table = self.table
        assert table is not None
        current = table.state.current_player
        if current is None:
            return self.t("status.game_over")
        name = names[current]
        if self.scrubber or self.paused:  # a replay or a paused demonstration: nobody thinks
            return self.t("status.waiting", name=name)
        if not table.is_human(current):
            return self.t("status.thinking", name=name)
        if table.away(current) and table.me is not None:
            return self.t("status.away", name=name)
        if viewer == current and not self.scrubber:
            return prompt or self.t("status.your_turn", name=name)
        return self.t("status.waiting", name=name)

    # -- moves --------------------------------------------------------------------------------
    def human_move(self, move: str) -> None:
        table = self.table
        if (not table or self.scrubber or self.animating or self.elsewhere or self.handover_due()
                or not table.human_here(table.state.current_player)):
            return
        before = self.before_move()
        try:
            events = table.play(move)
            self.adviser.stop()  # a suggestion still being thought of is for a position now gone
        except (IllegalMove, MalformedMove) as err:
            self.page.toast(self.t(err.reason, **err.params))
            return
        self.autosave()
        self.show_move(events, before)

    def undo(self) -> None:
        if self.table and not self.animating and not self.scrubber and not self.elsewhere:
            self.table.undo()
            self.autosave()
            self.render()

    def motion_wanted(self) -> bool:
        """Whether a move is shown on its way there: the game animates, and speed and player allow."""
        return self.face.animated and self.speed != "instant" and not self.page.reduced_motion()

    def before_move(self) -> Before:
        table = self.table
        assert table is not None
        spectator = table.state.view(None)
        if not self.motion_wanted():
            return Before(spectator, None, None)
        seat = self.viewer()
        return Before(spectator, seat, spectator if seat is None else table.state.view(seat))

    def show_move(self, events: Sequence[Event], before: Before) -> None:
        table = self.table
        assert table is not None
        self.curtains.extend((e, before.spectator) for e in events if e["type"] in CURTAIN_EVENTS)
        frames = [] if before.seen is None else self.face.frames(
            before.seen, table.state.view(before.seat), events, self.t, self.names())
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
        if not table or self.scrubber or self.elsewhere:
            return
        while self.curtains:
            event, before = self.curtains.pop(0)
            interlude = None if event["type"] == "game_over" else self.face.interlude(
                event, table.state.view(None), self.t, self.names(), before)
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
        if table.by_link and table.me is None:
            return  # nothing moves on a device that has not said who is here
        if current is None:
            result = table.state.result().to_dict()
            body = panels.results_html(result, table.names, self.t) + self.face.breakdown(
                result, table.state.view(None), self.t, self.names())
            # In a game by link the others learn the end from this device: sending it comes first.
            send = [("data-curtain", "send", self.t("send.result"))] if table.by_link else []
            self.page.open_curtain(Curtain("result", self.t("result.title"), body,
                                           [*send, ("data-curtain", "rematch", self.t("action.rematch")),
                                            ("data-curtain", "result_link", self.t("result.link")),
                                            ("data-curtain", "lobby", self.t("table.lobby")),
                                            ("data-curtain", "close", self.t("action.view_board"))]))
        elif self.handover_due():
            name = self.names()[current]
            self.page.open_curtain(Curtain("handover", self.t("handover.title", name=name),
                                           panels.handover_html(name, self.t),
                                           [("data-curtain", "reveal", self.t("handover.ready", name=name))]))
        elif not table.is_human(current):
            if not self.paused:
                self.bot_turn()
        elif table.away(current):
            if self.sent_at != len(table.state.moves):  # offered once per turn; a button offers it again
                self.offer_send()
        else:
            self.schedule_autoplay()

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
        elif action == "send":
            self.offer_send()
        elif action == "next":
            self.page.close_curtain()
            self.render()  # the new round's board, where the interlude showed the one that ended
            self.after_render()
        else:
            self.page.close_curtain()

    # -- a forced move played for the human -----------------------------------------------------
    def offers_autoplay(self) -> bool:
        """Whether the table offers to play a forced move: only in games that ask for it, and only
        where a human plays."""
        return self.table is not None and bool(self.table.humans) and self.face.autoplay_forced

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = on
        if self.table and not self.animating and not self.page.curtain_open():
            self.schedule_autoplay()

    def forced_move(self) -> str | None:
        """The move to play for the human to move: their only legal one, when they asked for that and
        their game offers it; never while scrubbing, nor for a human behind a hand-over curtain."""
        table = self.table
        if not table or not self.autoplay or self.scrubber or not self.face.autoplay_forced:
            return None
        legal = [] if self.handover_due() else table.human_legal()
        return legal[0] if len(legal) == 1 else None

    def schedule_autoplay(self) -> None:
        """Play the forced move after the bots' delay, so the player sees it being played for them."""
        table = self.table
        if table and self.forced_move():
            state, ply = table.state, len(table.state.moves)
            self.runner.later(BOT_DELAY_MS[self.speed], lambda: self.play_forced(state, ply))

    def play_forced(self, state: object, ply: int) -> None:
        # Only in the position it was due in: an undo (a new state) or any move since cancels it.
        table = self.table
        move = self.forced_move()
        if move and table and table.state is state and len(table.state.moves) == ply:
            self.human_move(move)

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
        before = self.before_move()
        seat = table.state.current_player
        view = table.state.view(seat) if self.explaining and self.is_demo() else None
        events = table.play(move)
        self.autosave()
        # Its board is drawn in the tasks after this one, and showing the move gets a task of its own:
        # the board, the rest of the picture and the page's patching of them took 30-137 ms in one
        # task of a Freight Train game in the browser. No move is taken until it shows.
        self.animating = True
        ply = len(table.state.moves)

        def explained(why: Caption) -> None:  # the caption first, so that the new position shows it
            if self.explaining:
                self.caption = (ply, why)
            self.show_move(events, before)

        def drawn(_: None) -> None:
            if view is None:
                self.show_move(events, before)
            else:
                self.runner.work(explaining(table.game.id, view, move), explained)
        self.runner.work(self.drawing_ahead(table.game.id, *self.position(self.viewer())), drawn)

    # -- a demonstration: bots only, paused, stepped both ways ----------------------------------------
    def is_demo(self) -> bool:
        """Nobody but bots plays this saved game: its presenter may pause it and step through it."""
        return bool(self.table and not self.table.humans and not self.scrubber)

    def set_paused(self, on: bool) -> None:
        """Stop the bots (one thinking forgets its thoughts: it decides the same move again; a move
        being shown ends its way there), or let them go on."""
        self.paused = on
        if self.animating:  # the move's last picture comes, and says so
            return
        if on:
            self.runner.stop()
        self.render()
        if not on and not self.page.curtain_open():
            self.after_render()

    def step_forward(self) -> None:
        """While paused, the next bot plays its move."""
        table = self.table
        if (self.paused and self.is_demo() and table and not self.animating and not self.page.curtain_open()
                and table.state.current_player is not None):
            self.bot_turn()

    def step_back(self) -> None:
        """While paused, the position before the last move. A bot decides from its view and a
        generator seeded by the seat and ply, and chance comes from the game's seed, so stepping
        forward again plays the very same move (the save keeps the moves stepped back over until
        then)."""
        table = self.table
        if self.paused and self.is_demo() and table and not self.animating and table.state.moves:
            self.runner.stop()
            self.page.close_curtain()
            back = table.fork(len(table.state.moves) - 1)
            saved = self.revision
            self.sit(back, self.save_id, revision=saved)

    # -- a shared link's scrubber -----------------------------------------------------------------
    def scrub(self, ply: int) -> None:
        """Go to `ply` at once, and draw it in steps (`draw_scrubbed`)."""
        table = self.table
        if self.scrubber and table:
            table.state = self.scrubber.seek(ply)
            self.draw_scrubbed(table)

    def draw_scrubbed(self, table: Table) -> None:
        """Draw the position reached in steps: its board (in tasks of its own), the rest of its
        picture, then the page, each in a task of its own (a jump across the longest game draws pieces
        never drawn before: with the seek, in one task, that held the page longer than a tap may).
        Steps asked for meanwhile (a dragged bar) are drawn once, at the position they reach."""
        if self.drawing is table:
            return
        self.drawing = table

        def board() -> None:
            if self.table is not table:
                self.drawing = None
                return
            reached = len(table.state.moves)

            def picture(_: None) -> None:
                self.drawing = None
                if self.table is not table:
                    return
                if len(table.state.moves) != reached:  # moved on meanwhile: that position's board first
                    self.draw_scrubbed(table)
                    return
                self.show_unshown()
                self.unshown = (table, self.picture())
                self.page.later(self.show_unshown, 0)
            self.runner.work(self.drawing_ahead(table.game.id, *self.position(self.viewer())), picture)
        self.page.later(board, 0)

    def play_on(self, save_id: str) -> None:
        """Leave the scrubber: a new saved game continues from the position on screen."""
        if self.scrubber and self.table:
            self.sit(self.table.fork(self.scrubber.ply), save_id)

    def link_record(self) -> dict[str, Any] | None:
        """What a share link carries: the whole record (all of a scrubbed link's moves)."""
        if not self.table:
            return None
        return self.scrubber.record if self.scrubber else self.table.state.record()

    # -- a game by link ---------------------------------------------------------------------------
    def ask_who(self) -> None:
        """The first link of a game on this device: which of its players is here (or nobody)."""
        table = self.table
        assert table is not None
        names = self.names()
        # A link is sent to the player to move: their name comes first.
        current = table.state.current_player
        seats = sorted(table.humans, key=lambda seat: seat != current)
        buttons = [("data-curtain", f"me-{seat}", names[seat]) for seat in seats]
        body = (panels.paragraph(self.t("who.body", game=self.t("game." + table.game.id)))
                + f"<p>{panels.help_link(self.t)}</p>")
        self.page.open_curtain(Curtain("who", self.t("who.title"), body,
                                       [*buttons, ("data-curtain", "watch", self.t("who.watch"))]))

    def take_seat(self, seat: int) -> None:
        table = self.table
        if table and table.is_human(seat):
            table.me = seat
            self.page.close_curtain()
            self.autosave()
            self.render()
            self.after_render()

    def send_label(self) -> str:
        """"Send to Ann" while she is to play on her device; "Send the result" once the game is over."""
        table = self.table
        assert table is not None
        current = table.state.current_player
        return self.t("send.result") if current is None else self.t("send.to", name=self.names()[current])

    def offer_send(self) -> None:
        """The screen that sends the game on: its link to copy, share or scan, and what a link holds."""
        table = self.table
        if not table or not self.link_of:
            return
        self.sent_at = len(table.state.moves)
        self.sent_url = self.link_of(table)
        current = table.state.current_player
        name = self.names()[current] if current is not None else ""
        try:
            code = qr_svg(self.sent_url, self.t("send.qr_title"))
        except TooLongForQr:
            code = ""  # the page says so and offers the link alone
        self.page.open_curtain(Curtain(
            "send", self.send_label(), panels.send_html(self.sent_url, name, self.t, code),
            [("data-curtain", "copy", self.t("send.copy")), ("data-curtain", "share", self.t("send.share")),
             ("data-curtain", "close", self.t("action.close"))]))

    # -- saving -----------------------------------------------------------------------------------
    def autosave(self) -> None:
        table = self.table
        if not table or not self.save_id or self.scrubber or self.elsewhere:
            return
        try:
            self.revision = self.store.save(self.save_id, table.state.record(), table.seats, table.names,
                                            over=table.state.is_over(), updated=self.page.wall_clock_ms(),
                                            follows=self.revision, by_link=table.by_link, me=table.me,
                                            hints=table.hints)
        except MovedOn as moved:
            self.moved_on(moved.ply)
        except StorageFull:
            self.page.toast(self.t("error.storage_full"))

    def check_elsewhere(self) -> None:
        """Another tab wrote this game's save (the storage event): if it went on there, say so now,
        before a move here could be lost."""
        if self.table and self.save_id and not self.scrubber and not self.elsewhere:
            stored = self.store.revision(self.save_id)
            if stored is not None and stored != self.revision:
                self.moved_on(None if stored < 0 else self.store.load(self.save_id).ply)

    def moved_on(self, there: int | None) -> None:
        """The save went on without this table (`there` moves; None: a newer version took it over):
        this table stops and asks whether to load the newer game or keep its own as a copy."""
        table = self.table
        assert table is not None
        self.runner.stop()
        self.elsewhere, self.animating = True, False
        here = len(table.state.moves)
        if there is None:
            body = self.t("elsewhere.newer_version", here=here)
            buttons = [("data-curtain", "keep_copy", self.t("elsewhere.keep_copy"))]
        else:
            body = self.t("elsewhere.body", there=there, here=here)
            buttons = [("data-curtain", "load_newer", self.t("elsewhere.load_newer")),
                       ("data-curtain", "keep_copy", self.t("elsewhere.keep_copy"))]
        title = self.t("elsewhere.title")
        self.page.open_curtain(Curtain("elsewhere", title, panels.paragraph(body), buttons))

    def keep_as_copy(self, save_id: str) -> None:
        """This table's game goes on under a save of its own; the other tab's stays as it is."""
        self.save_id, self.revision, self.elsewhere = save_id, 0, False
        self.page.close_curtain()
        self.autosave()
        self.render()
        self.after_render()
