"""The table's decisions without a browser: a fake page with a fake clock runs every task in order.

What is checked is what a player sees: which curtain opens when, which moves a bot plays and when,
what is saved, what a move animates, and that a task of a table that has gone never runs.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

import pytest

from games.bots import bot_rng, decide, get_bot
from games.core import Steps, finish
from ui.controller import (
    FRAME_MS,
    INTERLUDE_MS,
    LOG_BATCH,
    Curtain,
    Keepsake,
    LogUpdate,
    TableController,
    TablePicture,
)
from ui.games.face import Overlay
from ui.i18n import Translator
from ui.log import LogEntry, log_entry
from ui.replay import Scrubber
from ui.saves import MemoryStorage, SaveStore
from ui.table import Table


class FakePage:
    """Records what the controller shows; `run()` plays the scheduled tasks in time order."""

    def __init__(self, reduced_motion: bool = False) -> None:
        self.time = 0.0
        self.tasks: list[tuple[float, int, Callable[[], None]]] = []
        self.cancelled: set[int] = set()
        self.serial = 0
        self.pictures: list[TablePicture] = []
        self.positions: list[str] = []  # animation frames
        self.curtains: list[Curtain] = []
        self.curtain: Curtain | None = None
        self.toasts: list[str] = []
        self.logs: list[LogUpdate] = []  # parts of a long log drawn after the board
        self.motion_reduced = reduced_motion
        self.kept: list[Keepsake] = []  # pictures kept for the next visit
        self.shown: list[str] = []  # what was drawn, in order: "table", "frame", "curtain:<kind>"
        self.overlays: list[Overlay | None] = []

    def later(self, task: Callable[[], None], ms: float) -> int:
        self.serial += 1
        heapq.heappush(self.tasks, (self.time + ms, self.serial, task))
        return self.serial

    def cancel(self, timer: int) -> None:
        self.cancelled.add(timer)

    def now_ms(self) -> float:
        self.time += 1.0  # every look at the clock costs a millisecond: bots think in slices
        return self.time

    def wall_clock_ms(self) -> int:
        return 1_700_000_000_000 + int(self.time)

    def reduced_motion(self) -> bool:
        return self.motion_reduced

    def draw_table(self, picture: TablePicture) -> None:
        self.pictures.append(picture)
        self.shown.append("table")

    def keep_picture(self, kept: Keepsake) -> None:
        self.kept.append(kept)

    def draw_position(self, svg: str) -> None:
        self.positions.append(svg)
        self.shown.append("frame")

    def draw_log(self, update: LogUpdate) -> None:
        self.logs.append(update)
        self.shown.append("log")

    def draw_overlay(self, overlay: Overlay | None) -> None:
        self.overlays.append(overlay)

    def open_curtain(self, curtain: Curtain) -> None:
        self.curtain = curtain
        self.curtains.append(curtain)
        self.shown.append(f"curtain:{curtain.kind}")

    def close_curtain(self) -> None:
        self.curtain = None

    def curtain_open(self) -> bool:
        return self.curtain is not None

    def toast(self, text: str) -> None:
        self.toasts.append(text)

    def run(self, max_tasks: int = 100_000, until: Callable[[], bool] = lambda: False) -> int:
        """Run tasks in time order until none is left or `until()` holds; the number run."""
        done = 0
        while self.tasks and done < max_tasks and not until():
            at, serial, task = heapq.heappop(self.tasks)
            self.time = max(self.time, at)
            if serial not in self.cancelled:
                task()
                done += 1
        return done


EN = Translator("en")


def controller(page: FakePage, speed: str = "instant",
               storage: MemoryStorage | None = None) -> TableController:
    left: list[bool] = []
    ctl = TableController(page, SaveStore(storage or MemoryStorage()), EN, speed, lambda: left.append(True))
    ctl.left = left  # type: ignore[attr-defined]
    return ctl


def test_a_bots_only_game_plays_to_its_end_and_shows_the_results() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("locomotion", ["greedy", "random"], seed=5, options={})
    ctl.sit(table, "g1")
    page.run()
    assert table.state.is_over()
    assert page.curtain is not None and page.curtain.kind == "result"
    assert page.pictures[-1].status == EN("status.game_over")
    saved = ctl.store.load("g1")
    assert saved.record == table.state.record()  # the finished game is saved


def test_bots_play_what_they_decide_from_their_own_view() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["strong", "greedy", "random"], seed=9, options={})
    ctl.sit(table, "g1")
    page.run(until=lambda: len(table.state.moves) >= 12)
    replayed = Table.new("transamerica", ["strong", "greedy", "random"], seed=9, options={})
    for move in table.state.moves[:12]:
        state = replayed.state
        seat = state.current_player
        assert seat is not None
        bot = get_bot("transamerica", replayed.seats[seat])
        rng = bot_rng(state.seed, seat, len(state.moves))
        assert decide(bot, state.view(seat), state.legal_moves(), rng) == move
        replayed.play(move)


def test_a_bot_thinks_in_slices_and_plays_in_a_task_of_its_own() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("trick_of_the_rails", ["strong", "strong", "strong"], seed=2, options={})
    ctl.sit(table, "g1")
    tasks = page.run(until=lambda: len(table.state.moves) == 1)
    assert tasks >= 3  # the delay, at least one slice of thinking, then the move
    assert ctl.animating and ctl.ahead is None  # the move is played; its board is drawn next
    page.run(max_tasks=1)
    assert ctl.animating and ctl.ahead is not None and page.pictures[-1].ply == 0
    page.run(max_tasks=1)  # then shown
    assert page.pictures[-1].ply == 1 and not ctl.animating


def test_a_bots_move_is_shown_on_a_board_drawn_after_the_task_that_played_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The task playing a bot's move does not draw its board, and the task showing it only puts the
    picture on the page: all of it in one task held a Freight Train game's page up to 137 ms."""
    from ui.games.freight_train import draw

    page = FakePage()
    ctl = controller(page)
    table = Table.new("freight_train", ["greedy", "greedy"], seed=4, options={})
    ctl.sit(table, "g1")
    drawn = []
    real, steps = draw.draw_position, draw.position_steps

    def position_steps(*args: Any) -> Steps[str]:
        board = yield from steps(*args)
        drawn.append(len(table.state.moves))
        return board
    monkeypatch.setattr(draw, "position_steps", position_steps)
    page.run(until=lambda: len(table.state.moves) == 1)
    assert ctl.animating and drawn == []  # played, its board not drawn yet
    page.run(until=lambda: bool(drawn))
    assert ctl.animating and page.pictures[-1].ply == 0  # drawn, not shown yet
    page.run(max_tasks=1)
    assert page.pictures[-1].ply == 1 and drawn == [1]
    assert page.pictures[-1].position == real(table.state.view(None), [], EN, ctl.names())


def test_leaving_the_table_cancels_its_bots() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    table = Table.new("freight_train", ["greedy", "greedy"], seed=4, options={})
    ctl.sit(table, "g1")
    ctl.leave()
    page.run()
    assert table.state.moves == [] and ctl.left == [True]  # type: ignore[attr-defined]


def test_a_new_table_makes_the_old_tables_tasks_stale() -> None:
    page = FakePage()
    ctl = controller(page)
    old = Table.new("locomotion", ["greedy", "greedy"], seed=4, options={})
    ctl.sit(old, "g1")
    page.run(max_tasks=1)  # the first bot has decided; its move is a task still to run
    new = Table.new("locomotion", ["human", "greedy"], seed=4, options={})
    ctl.sit(new, "g2")
    page.run()
    assert old.state.moves == [] and new.state.moves == []  # the old bot never plays, the human is to move


def test_hot_seat_curtain_only_where_the_game_hides_something() -> None:
    page = FakePage()
    ctl = controller(page)
    loco = Table.new("locomotion", ["human", "human"], seed=1, options={})
    ctl.sit(loco, "g1")
    for _ in range(2):
        player = loco.state.current_player
        while loco.state.current_player == player and not loco.state.is_over():
            ctl.human_move(loco.state.legal_moves()[0])
            page.run()
    assert len({seat for seat in loco.state.movers}) == 2  # both humans played
    assert [c.kind for c in page.curtains] == []

    page = FakePage()
    ctl = controller(page)
    ta = Table.new("transamerica", ["human", "human"], seed=1, options={})
    ctl.sit(ta, "g2")
    assert page.curtain is not None and page.curtain.kind == "handover"  # before the first cards show
    assert EN("ta.your_cities") not in page.pictures[-1].side
    ctl.human_move(ta.state.legal_moves()[0])  # refused behind the curtain
    assert ta.state.moves == []
    ctl.curtain_action("reveal")
    assert EN("ta.your_cities") in page.pictures[-1].side
    ctl.human_move(ta.state.legal_moves()[0])  # seat 0 places its marker: seat 1 is next
    page.run()
    assert page.curtain is not None and page.curtain.kind == "handover"

    visible = Table.new("transamerica", ["human", "human"], seed=1, options={"visible_cards": True})
    page = FakePage()
    ctl = controller(page)
    ctl.sit(visible, "g3")
    assert page.curtain is None


def test_a_saved_tables_picture_is_kept_as_drawn_with_its_revision() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["human", "greedy", "greedy"], seed=3, options={})
    ctl.sit(table, "g1")
    ctl.human_move(table.state.legal_moves()[0])
    page.run()
    kept = page.kept[-1]
    assert (kept.save_id, kept.game_id, kept.lang) == ("g1", "transamerica", "en")
    assert kept.revision == ctl.store.revision("g1")  # the picture of the position saved last
    assert kept.picture == page.pictures[-1]
    assert EN("ta.your_cities") in kept.picture.side  # the one human's own cities: their device

    page = FakePage()
    ctl = controller(page)
    ctl.sit(Table.from_record(table.state.record(), table.seats), None,
            Scrubber(table.game, table.state.record(), table.state))
    assert page.kept == []  # a link's replay is not a saved game


def test_a_hand_on_a_shared_device_is_never_kept_only_the_board_behind_the_hand_over() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["human", "human"], seed=1, options={})
    ctl.sit(table, "g1")
    ctl.curtain_action("reveal")
    shown = len(page.kept)
    assert EN("ta.your_cities") in page.pictures[-1].side and len(page.pictures) > shown
    ctl.human_move(table.state.legal_moves()[0])
    page.run()
    assert page.curtain is not None and page.curtain.kind == "handover"
    assert page.kept and all(EN("ta.your_cities") not in kept.picture.side for kept in page.kept)
    assert page.kept[-1].revision == ctl.store.revision("g1")


def test_a_round_end_screen_opens_beside_the_board_and_a_bots_only_table_goes_on() -> None:
    page = FakePage()
    ctl = controller(page, speed="fast")
    table = Table.new("transamerica", ["greedy", "greedy"], seed=3, options={})
    ctl.sit(table, "g1")
    page.run(until=lambda: page.curtain is not None)
    curtain = page.curtain
    assert curtain is not None and curtain.kind == "interlude" and curtain.beside_board and curtain.overlay
    opened_at = page.time
    page.run(until=lambda: page.curtain is None)
    assert page.time - opened_at >= INTERLUDE_MS["fast"]  # the screen stays up a while
    assert table.state.events[-1]["type"] != "game_over"  # and then the next round starts


def test_a_move_animates_unless_motion_is_unwanted() -> None:
    for reduced, speed, animated in ((False, "normal", True), (True, "normal", False),
                                     (False, "instant", False)):
        page = FakePage(reduced_motion=reduced)
        ctl = controller(page, speed=speed)
        table = Table.new("locomotion", ["human", "greedy"], seed=6, options={})
        ctl.sit(table, "g1")
        drive = next(m for m in table.state.legal_moves() if m.startswith(("enter", "drive")))
        start = page.time
        ctl.human_move(drive)
        page.run(until=lambda ctl=ctl, table=table: table.state.current_player != 0 and not ctl.animating)
        assert bool(page.positions) is animated
        if animated:
            assert page.shown.index("frame") < len(page.shown) - 1 - page.shown[::-1].index("table")
            assert page.time - start >= FRAME_MS * (len(page.positions) - 1)
        assert page.pictures[-1].ply == len(table.state.moves)


def test_an_illegal_move_is_refused_with_a_message() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("freight_train", ["human", "greedy"], seed=2, options={})
    ctl.sit(table, "g1")
    ctl.human_move("m9>t9")
    ctl.human_move("no such move")
    assert table.state.moves == [] and len(page.toasts) == 2


def test_undo_takes_back_an_unconfirmed_move_and_saves() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["human", "greedy"], seed=3, options={})
    ctl.sit(table, "g1")
    ctl.human_move(table.state.legal_moves()[0])  # the marker: a turn of its own
    page.run(until=lambda: table.state.current_player == 0 and not ctl.animating)
    assert "data-undo" not in page.pictures[-1].actions
    track = next(m for m in table.state.legal_moves() if m.startswith("track "))
    ctl.human_move(track)
    assert "data-undo" in page.pictures[-1].actions
    ctl.undo()
    assert track not in table.state.moves
    assert ctl.store.load("g1").record["moves"] == table.state.moves


def test_a_full_storage_says_so_and_the_game_goes_on() -> None:
    page = FakePage()
    ctl = controller(page, storage=MemoryStorage(quota=300))
    table = Table.new("locomotion", ["greedy", "greedy"], seed=8, options={})
    ctl.sit(table, "g1")
    page.run()
    assert table.state.is_over() and page.toasts and set(page.toasts) == {EN("error.storage_full")}


def test_the_log_sends_only_new_lines_and_starts_over_in_another_language() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("locomotion", ["human", "greedy"], seed=6, options={})
    ctl.sit(table, "g1")
    first = page.pictures[-1].log
    assert first is not None and first.reset
    ctl.human_move(table.state.legal_moves()[0])
    page.run(until=lambda: table.state.current_player == 0 and not ctl.animating)
    updates = [p.log for p in page.pictures[1:] if p.log is not None]
    assert updates and not any(u.reset for u in updates)
    assert sum(len(u.lines) for u in [first, *updates]) == len(ctl.log.lines)
    ctl.set_language(Translator("fr"))
    again = page.pictures[-1].log
    assert again is not None and again.reset and again.lines != first.lines[: len(again.lines)]
    assert page.pictures[-1].map is not None  # the map is drawn again in French


def test_a_long_log_is_drawn_after_the_board_a_batch_per_task_and_is_not_news() -> None:
    from games.bots import play_bots_game

    record = play_bots_game("freight_train", 5, 3, None, ["greedy"] * 5).record()
    page = FakePage()
    ctl = controller(page)
    table = Table.from_record(record, ["human"] * 5)
    assert len(table.state.events) > 2 * LOG_BATCH  # a long game: its log takes several tasks
    ctl.sit(table, None, Scrubber(table.game, record, table.state))
    first = page.pictures[-1].log
    assert first is not None and first.reset and not first.catching_up and first.more
    assert page.tasks and not page.logs  # the rest comes a task later, not with the board
    page.run()
    assert len(page.logs) >= 2 and all(u.catching_up and not u.reset for u in page.logs)
    assert [u.more for u in page.logs] == [True] * (len(page.logs) - 1) + [False]
    drawn = [line for update in [first, *page.logs] for line in update.lines]
    expected: list[LogEntry] = []
    for event in table.state.events:  # the whole log, formatted at once
        line = log_entry(event, EN, table.names, ctl.face.log, expected[-1] if expected else None)
        if line:
            expected.append(line)
    assert drawn == expected
    ctl.scrub(3)  # back: a new log, short enough for one picture
    page.run()
    assert page.pictures[-1].log is not None and page.pictures[-1].log.reset and not ctl.log.behind(table)


@pytest.mark.parametrize("game_id", ["transamerica", "trick_of_the_rails", "freight_train", "locomotion"])
def test_a_shared_links_scrubber_shows_a_spectator_and_plays_no_bot(game_id: str) -> None:
    from games import get_game
    from games.bots import play_bots_game
    from ui.replay import Scrubber

    game = get_game(game_id)
    finished = play_bots_game(game_id, game.min_players + 1, 7, None, ["greedy"] * (game.min_players + 1))
    record = finished.record()
    page = FakePage()
    ctl = controller(page)
    seats = ["human"] + ["greedy"] * game.min_players
    ctl.sit(Table.from_record(record, seats), None, Scrubber(game, record))
    ctl.scrub(len(record["moves"]) // 2)
    page.run()
    picture: Any = page.pictures[-1]
    assert picture.replay[:2] == (len(record["moves"]) // 2, len(record["moves"]))
    face, names = ctl.face, ctl.names()
    for ply in range(len(record["moves"]) + 1):  # whoever opened the link: nobody's secrets, nobody thinking
        ctl.scrub(ply)
        page.run()
        shown = page.pictures[-1]
        spectator = ctl.table.state.view(None)  # type: ignore[union-attr]
        assert shown.position == face.draw_position(spectator, [], EN, names)
        assert shown.side == face.draw_side(spectator, EN, names)
        assert "thinking" not in shown.status and "Your" not in shown.side
    ctl.scrub(len(record["moves"]) // 2)
    page.run()
    assert ctl.store.list_games().games == []  # a link is not saved until played on
    ctl.play_on("g9")
    assert ctl.store.load("g9").record["moves"] == record["moves"][: len(record["moves"]) // 2]


def test_a_scrubbed_position_is_drawn_in_steps_and_a_dragged_bar_draws_where_it_stops() -> None:
    """A jump across the longest game: the seek at once, then its board, the rest of its picture and
    the page, each in a task of its own; steps asked for meanwhile are drawn once, where they end."""
    from games.bots import play_bots_game

    record = play_bots_game("freight_train", 5, 3, None, ["greedy"] * 5).record()
    page = FakePage()
    ctl = controller(page)
    table = Table.from_record(record, ["human"] * 5)
    ctl.sit(table, None, Scrubber(table.game, record, table.state))
    page.run()
    drawn, boards = len(page.pictures), []
    real = ctl.drawing_ahead
    ctl.drawing_ahead = lambda *args: boards.append(len(table.state.moves)) or real(*args)  # type: ignore[method-assign]
    made: list[int] = []
    picture = ctl.picture
    ctl.picture = lambda: made.append(len(table.state.moves)) or picture()  # type: ignore[method-assign]
    for ply in (0, 100, 200, 336):  # a dragged bar
        ctl.scrub(ply)
        assert len(table.state.moves) == ply  # the position is reached at once, in the input's task
    assert len(page.pictures) == drawn and not boards  # nothing drawn in the input's task
    page.run(max_tasks=1)
    assert boards == [336] and ctl.ahead is None  # its board is to be drawn, from the next task
    page.run(max_tasks=1)
    assert ctl.ahead is not None and not made  # the board first, in a task of its own
    page.run(max_tasks=1)
    assert made == [336] and len(page.pictures) == drawn  # then the picture, made but not yet on the page
    page.run(max_tasks=1)
    assert len(page.pictures) == drawn + 1 and page.pictures[-1].ply == 336  # then shown
    assert page.pictures[-1].position == ctl.face.draw_position(table.state.view(None), [], EN, ctl.names())
    ctl.scrub(10)
    page.run(until=lambda: made[-1] == 10)  # its picture is made, and a change of language draws the table
    ctl.set_language(Translator("fr"))  # at once: the picture made first is shown first, then the new one
    assert [p.ply for p in page.pictures[-2:]] == [10, 10] and page.pictures[-1].title == Translator("fr")(
        "game.freight_train")
    page.run()
    assert page.pictures[-1].title == Translator("fr")("game.freight_train")


@pytest.mark.parametrize("seats", [["greedy", "random", "strong"], ["human", "greedy"]])
def test_freight_train_shows_every_days_scoring(seats: list[str]) -> None:
    page = FakePage()
    ctl = controller(page, speed="fast")
    table = Table.new("freight_train", seats, seed=3, options={})
    ctl.sit(table, "g1")
    while not table.state.is_over():
        page.run(until=lambda: page.curtain is not None or (
            "human" in seats and table.state.current_player == 0 and not ctl.animating))
        if page.curtain is not None and page.curtain.kind == "interlude":
            if "human" in seats:
                ctl.curtain_action("next")  # a human closes the day's screen; bots-only tables go on alone
            else:
                page.run(until=lambda: page.curtain is None)
        elif not table.state.is_over():
            ctl.human_move(table.state.legal_moves()[-1])
    page.run(until=lambda: page.curtain is not None)
    if "human" in seats:
        ctl.curtain_action("next")  # the last day's screen, then the results
    page.run()
    days = [c for c in page.curtains if c.kind == "interlude"]
    assert [c.title for c in days] == [EN("freight.day_scored", day=d) for d in (1, 2, 3)]
    assert all(EN("freight.yard") in c.body and c.beside_board for c in days)
    assert page.curtains[-1].kind == "result"


def test_the_tab_says_whose_turn_it_is() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    ctl.sit(Table.new("transamerica", ["human", "greedy"], seed=3, options={}), "g1")
    assert page.pictures[-1].tab_title == "● Your turn · TransAmerica · Rail Table"
    ctl.set_language(Translator("fr"))
    assert page.pictures[-1].tab_title == "● À vous de jouer · TransAmerica · Rail Table"
    page = FakePage()
    ctl = controller(page, speed="normal")
    ctl.sit(Table.new("transamerica", ["greedy", "greedy"], seed=3, options={}), "g2")
    assert page.pictures[-1].tab_title == "TransAmerica · Rail Table"


def test_players_are_named_never_numbered() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    ctl.sit(Table.new("transamerica", ["greedy", "human"], seed=3, options={}, names=["", "Bea"]), "g1")
    assert page.pictures[-1].status == "Player 1 is thinking…"


def test_the_result_screen_offers_a_rematch_first_then_the_result_link() -> None:
    page = FakePage()
    ctl = controller(page)
    ctl.sit(Table.new("locomotion", ["greedy", "random"], seed=5, options={}), "g1")
    page.run()
    assert page.curtain is not None
    assert [b[1] for b in page.curtain.buttons] == ["rematch", "result_link", "lobby", "close"]
    assert page.curtain.buttons[0][2] == EN("action.rematch")


def test_standing_up_stops_the_bots_without_leaving_twice() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    table = Table.new("freight_train", ["greedy", "greedy"], seed=4, options={})
    ctl.sit(table, "g1")
    ctl.stand_up()  # Back in the browser: the app already shows the lobby
    page.run()
    assert table.state.moves == [] and ctl.left == [] and ctl.table is None  # type: ignore[attr-defined]


def test_a_projector_shows_no_hand_while_a_bot_plays() -> None:
    for projector in (False, True):
        page = FakePage()
        ctl = controller(page, speed="normal")
        ctl.projector = projector
        table = Table.new("transamerica", ["human", "greedy"], seed=3, options={})
        ctl.sit(table, "g1")
        assert EN("ta.your_cities") in page.pictures[-1].side  # the human to move sees their cities
        ctl.human_move(table.state.legal_moves()[0])
        page.run(until=lambda ctl=ctl, table=table: table.state.current_player == 1 and not ctl.animating)
        assert page.pictures[-1].ply == 1  # the bot's turn is on screen
        assert (EN("ta.your_cities") in page.pictures[-1].side) is not projector
        page.run(until=lambda ctl=ctl, table=table: table.state.current_player == 0 and not ctl.animating)
        assert EN("ta.your_cities") in page.pictures[-1].side  # back to the human: no hand-over
        assert page.curtains == []


def test_switching_the_projector_on_redraws_the_table_without_the_hand() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    table = Table.new("transamerica", ["human", "greedy"], seed=3, options={})
    ctl.sit(table, "g1")
    ctl.human_move(table.state.legal_moves()[0])
    page.run(until=lambda: table.state.current_player == 1 and not ctl.animating)
    assert EN("ta.your_cities") in page.pictures[-1].side
    ctl.set_projector(True)
    assert EN("ta.your_cities") not in page.pictures[-1].side


@pytest.fixture
def trick_autoplay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trick of the Rails offers to play a forced move (its face says so; set here for the test)."""
    from ui.games import face_for

    monkeypatch.setattr(face_for("trick_of_the_rails"), "autoplay_forced", True)


def at_a_forced_move(seats: list[str], asked: bool) -> tuple[FakePage, TableController, Table, int]:
    """A Trick of the Rails table (autoplay `asked` for or not) played to a human's forced move."""
    page = FakePage()
    ctl = controller(page, speed="normal")
    ctl.autoplay = asked
    table = Table.new("trick_of_the_rails", seats, seed=1, options={})
    ctl.sit(table, "g1")
    return page, ctl, table, play_to_a_forced_move(page, ctl, table)


def play_to_a_forced_move(page: FakePage, ctl: TableController, table: Table) -> int:
    """Play the humans' first legal move until one has a single legal move; its ply."""
    while True:
        page.run(until=lambda: page.curtain is not None or (
            table.is_human(table.state.current_player) and not ctl.animating))
        if page.curtain is not None and page.curtain.kind == "handover":
            if len(table.state.legal_moves()) == 1:
                return len(table.state.moves)
            ctl.curtain_action("reveal")
            continue
        if page.curtain is not None:
            ctl.curtain_action("next")
            continue
        if len(table.state.legal_moves()) == 1:
            return len(table.state.moves)
        ctl.human_move(table.state.legal_moves()[0])


@pytest.mark.usefixtures("trick_autoplay")
def test_a_forced_move_is_played_for_the_human_after_a_visible_pause() -> None:
    from ui.preferences import BOT_DELAY_MS

    page, _ctl, table, ply = at_a_forced_move(["human", "greedy", "greedy"], asked=True)
    forced, shown_at = table.state.legal_moves()[0], page.time
    assert len(table.state.moves) == ply and page.pictures[-1].ply == ply  # the player sees it first
    page.run(until=lambda: len(table.state.moves) > ply)
    assert table.state.moves[ply] == forced and page.time - shown_at >= BOT_DELAY_MS["normal"]


def test_no_forced_move_is_played_when_not_asked_for_or_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.games import face_for

    for game_offers, asked in ((True, False), (False, True)):
        monkeypatch.setattr(face_for("trick_of_the_rails"), "autoplay_forced", game_offers)
        page, _ctl, table, ply = at_a_forced_move(["human", "greedy", "greedy"], asked)
        page.run()
        assert len(table.state.moves) == ply


@pytest.mark.usefixtures("trick_autoplay")
def test_a_forced_move_waits_behind_a_hand_over() -> None:
    page, ctl, table, ply = at_a_forced_move(["human", "human", "human"], asked=True)
    assert page.curtain is not None and page.curtain.kind == "handover"
    page.run()
    assert len(table.state.moves) == ply  # never played for a player who has not taken the device
    ctl.curtain_action("reveal")
    page.run(until=lambda: len(table.state.moves) > ply)
    assert len(table.state.moves) == ply + 1


@pytest.mark.usefixtures("trick_autoplay")
def test_a_forced_move_is_never_played_in_a_shared_links_replay() -> None:
    from ui.replay import Scrubber

    page = FakePage()
    ctl = controller(page, speed="normal")
    ctl.autoplay = True
    table = Table.new("trick_of_the_rails", ["human", "greedy", "greedy"], seed=1, options={})
    ctl.sit(table, "g1")
    ply = play_to_a_forced_move(page, ctl, table)
    record = table.state.record()
    ctl.sit(Table.from_record(record, table.seats), None, Scrubber(table.game, record))
    ctl.scrub(ply)
    page.run()
    assert ctl.forced_move() is None and ctl.table is not None and len(ctl.table.state.moves) == ply


def test_the_side_panel_is_drawn_again_only_when_it_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """TransAmerica's cards and score track do not change with a track: redrawing them after every
    click was most of the click's work."""
    from ui.games import face_for
    face = face_for("transamerica")
    drawn: list[object] = []
    real = face.draw_side
    monkeypatch.setattr(face, "draw_side", lambda view, t, names: drawn.append(view) or real(view, t, names))
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["human", "human"], seed=17, options={})
    ctl.sit(table, "g1")
    for _ in range(2):  # each player, after the hand-over, places a start marker
        ctl.curtain_action("reveal")
        ctl.human_move(next(m for m in table.state.legal_moves() if m.startswith("marker")))
    ctl.curtain_action("reveal")
    before = len(drawn)
    side = page.pictures[-1].side
    ctl.human_move(next(m for m in table.state.legal_moves() if m.startswith("track")))
    assert len(drawn) == before and page.pictures[-1].side == side
    ctl.set_language(Translator("fr"))
    assert len(drawn) == before + 1 and page.pictures[-1].side != side


def two_tabs(seats: list[str]) -> tuple[MemoryStorage, list[tuple[FakePage, TableController, Table]]]:
    """The same saved game open in two tabs of one browser (one storage)."""
    storage = MemoryStorage()
    first_page = FakePage()
    first = controller(first_page, storage=storage)
    table = Table.new("transamerica", seats, seed=3, options={})
    first.sit(table, "g1")
    tabs = [(first_page, first, table)]
    saved = first.store.load("g1")
    second_page = FakePage()
    second = controller(second_page, storage=storage)
    other = Table.from_record(saved.record, saved.seats, saved.names)
    second.sit(other, "g1", revision=saved.revision)
    tabs.append((second_page, second, other))
    return storage, tabs


def test_a_tab_whose_game_went_on_elsewhere_never_overwrites_it() -> None:
    storage, [(page_a, a, table_a), (page_b, b, table_b)] = two_tabs(["human", "human"])
    for ctl in (a, b):
        ctl.curtain_action("reveal")  # the hot-seat hand-over: the first player shows their cities
    a.human_move(table_a.state.legal_moves()[0])
    page_a.run()
    there = dict(storage.items)
    b.human_move(table_b.state.legal_moves()[-1])  # the other tab, unaware, plays its own move
    assert storage.items == there  # refused: the first tab's move is not lost
    assert page_b.curtain is not None and page_b.curtain.kind == "elsewhere"
    assert [button[1] for button in page_b.curtain.buttons] == ["load_newer", "keep_copy"]
    assert EN("elsewhere.body", there=1, here=1) in page_b.curtain.body
    b.human_move(table_b.state.legal_moves()[0])  # nothing moves until the player chooses
    assert len(table_b.state.moves) == 1 and storage.items == there
    b.keep_as_copy("g2")
    assert page_b.curtain is not None and page_b.curtain.kind == "handover"  # the copy goes on
    assert b.store.load("g1").record["moves"] == table_a.state.moves
    assert b.store.load("g2").record["moves"] == table_b.state.moves
    b.curtain_action("reveal")
    b.human_move(table_b.state.legal_moves()[0])  # the copy goes on by itself
    page_b.run()
    assert b.store.load("g2").ply == 2 and b.store.load("g1").ply == 1


def test_a_tab_learns_at_once_that_its_game_went_on_elsewhere_and_its_bots_stop() -> None:
    _storage, [(page_a, a, table_a), (page_b, b, table_b)] = two_tabs(["human", "greedy"])
    b.check_elsewhere()  # a storage event of another key, or a write of the same revision: nothing
    assert page_b.curtain is None
    a.human_move(table_a.state.legal_moves()[0])  # the greedy bot is now to move in both tabs
    b.check_elsewhere()
    assert page_b.curtain is not None and page_b.curtain.kind == "elsewhere"
    page_b.run()
    assert len(table_b.state.moves) == 0  # its bot did not play on over the other tab's game
    page_a.run(until=lambda: len(table_a.state.moves) > 1)
    assert b.store.load("g1").record["moves"] == table_a.state.moves


def test_a_game_taken_over_by_a_newer_version_can_only_be_kept_as_a_copy() -> None:
    storage, [(_page_a, _a, _table_a), (page_b, b, _table_b)] = two_tabs(["human", "human"])
    entry = storage.items["railtable/v1/game/g1"].replace('"v":1', '"v":2')
    storage.set("railtable/v1/game/g1", entry)
    b.check_elsewhere()
    assert page_b.curtain is not None
    assert [button[1] for button in page_b.curtain.buttons] == ["keep_copy"]
    assert storage.items["railtable/v1/game/g1"] == entry


def test_a_game_by_link_shows_only_this_devices_seat_and_sends_the_turn_on() -> None:
    from games.core import seeded_salts

    page = FakePage()
    ctl = controller(page)
    sent: list[int] = []

    def link_of(table: Table) -> str:
        sent.append(len(table.state.moves))
        return f"https://example.org/#play=turn{len(table.state.moves)}"

    ctl.link_of = link_of
    table = Table.new("transamerica", ["human", "greedy", "human"], 5, {}, ["Ann", "Bot", "Cy"], me=0,
                      by_link=True, salt_source=seeded_salts(1))
    ctl.sit(table, "l1")
    assert page.curtain is None  # no hand-over: Ann's device shows Ann's cities only
    while table.state.current_player == 0:
        ctl.human_move(table.state.legal_moves()[0])
        page.run(until=lambda: not ctl.animating and table.state.current_player != 1)
    page.run(until=lambda: page.curtain is not None)
    assert table.state.current_player == 2  # the bot played here, after Ann, and Cy is away
    curtain = page.curtain
    assert curtain is not None and curtain.kind == "send" and curtain.title == "Send to Cy"
    assert "turn" in curtain.body and '<svg' in curtain.body and 'role="img"' in curtain.body
    assert [b[1] for b in curtain.buttons] == ["copy", "share", "close"]
    assert sent == [len(table.state.moves)] and ctl.sent_url.endswith(f"turn{len(table.state.moves)}")
    cy_cities = table.state.view(2)["cities"][2]  # never on Ann's screen
    assert all(not any(city in p.side + p.description for city in cy_cities) for p in page.pictures)
    moves = len(table.state.moves)
    ctl.human_move(table.state.legal_moves()[0])  # Ann cannot play Cy's turn
    assert len(table.state.moves) == moves
    assert "send them the game" in page.pictures[-1].status and 'data-send="1"' in page.pictures[-1].actions
    ctl.curtain_action("close")
    ctl.render()
    ctl.after_render()
    assert page.curtain is None  # offered once per turn; the button offers it again
    ctl.offer_send()
    assert page.curtain is not None and page.curtain.kind == "send"
    saved = ctl.store.load("l1")
    assert saved.by_link and saved.me == 0 and saved.record["chance"] == "fresh"


def test_a_device_that_has_not_said_who_it_is_shows_no_hand_and_moves_nothing() -> None:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["human", "greedy", "human"], 5, {}, ["Ann", "Bot", "Cy"],
                      by_link=True)
    ctl.sit(table, "l1")
    ctl.ask_who()
    assert page.curtain is not None and page.curtain.kind == "who"
    assert [b[1:] for b in page.curtain.buttons] == [("me-0", "Ann"), ("me-2", "Cy"),
                                                     ("watch", "Just watching")]  # Ann to move: first
    assert "send them" not in page.pictures[-1].status
    assert ctl.viewer() is None and "Your cities" not in page.pictures[-1].side
    page.run()
    assert table.state.moves == []
    ctl.take_seat(2)
    assert page.curtain is None and table.me == 2 and ctl.store.load("l1").me == 2


def test_playing_a_forced_move_is_offered_only_where_a_human_plays() -> None:
    for seats, offered in ((["human", "greedy", "greedy"], True), (["greedy", "greedy", "greedy"], False)):
        ctl = controller(FakePage(), speed="normal")
        ctl.sit(Table.new("trick_of_the_rails", seats, seed=2, options={}), "g1")
        assert ctl.offers_autoplay() is offered


def test_a_links_board_drawn_ahead_is_the_one_its_table_shows_and_is_not_drawn_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from games.bots import play_bots_game
    from ui.games import face_for

    record = play_bots_game("locomotion", 3, 5, None, ["greedy"] * 3).record()
    face = face_for("locomotion")
    drawn: list[object] = []
    real = face.draw_position
    monkeypatch.setattr(face, "draw_position", lambda view, *rest: drawn.append(view) or real(view, *rest))
    page = FakePage()
    ctl = controller(page)
    table = Table.from_record(record, ["human"] * 3, ["Ann", "", "Cy"])
    finish(ctl.drawing_replay_ahead(table.state, table.names))
    assert len(drawn) == 1
    ctl.sit(table, None, Scrubber(table.game, record, table.state))
    assert len(drawn) == 1  # taken as drawn
    assert page.pictures[-1].position == real(table.state.view(None), [], EN, ["Ann", "Player 2", "Cy"])
    finish(ctl.drawing_replay_ahead(table.state, ["Zebulon", "", ""]))  # for other names: not this board
    ctl.render()
    assert len(drawn) == 3 and "Zebulon" not in page.pictures[-1].position
