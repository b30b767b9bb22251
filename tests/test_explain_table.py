"""The table's explanations: a demonstration's captions, "Suggest a move" and the overlays, decided by
the controller over a fake page (tests/test_controller.py's), and the class game's hints switch."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games.bots import bot_rng, decide, explain, get_bot
from games.transamerica import steiner
from games.transamerica.board import COLOURS
from test_controller import EN, FakePage, controller
from ui.bot_runner import BOT_SLICE_MS
from ui.controller import ADVISER, TableController
from ui.games import face_for
from ui.games.face import Face, Overlay
from ui.i18n import Translate, Translator
from ui.log import log_line
from ui.navigation import Route, parse_fragment
from ui.present import Projection, table_message
from ui.saves import MemoryStorage, SaveStore
from ui.table import Table

FR = Translator("fr")


def caption_of(table: Table, ply: int, translator: Translator = EN) -> str:
    """The caption of the move that led to `ply`, worked out afresh from the deciding seat's view."""
    before = table.game.replay(table.state.record(), ply - 1)
    seat = before.current_player
    assert seat is not None
    caption = explain(table.game.id, before.view(seat), table.state.moves[ply - 1])
    names = [f"Bot {n + 1}" for n in range(len(table.seats))]
    text = log_line(caption, translator, names, face_for(table.game.id).log, prefix="why.")
    assert text
    return text


def named(seats: list[str], game_id: str, seed: int) -> Table:
    return Table.new(game_id, seats, seed, {}, [f"Bot {n + 1}" for n in range(len(seats))])


@pytest.mark.parametrize("game_id", ["transamerica", "trick_of_the_rails", "freight_train", "locomotion"])
def test_a_demonstration_captions_every_bot_move_with_that_bots_reason(game_id: str) -> None:
    page = FakePage()
    ctl = controller(page)
    ctl.explaining = True
    table = named(["strong", "greedy", "random"], game_id, 21)
    ctl.sit(table, "demo")
    checked = 0
    while checked < 6:
        page.run(until=lambda after=checked: page.pictures[-1].ply > after and not ctl.animating)
        picture = page.pictures[-1]
        checked = picture.ply
        assert picture.caption == caption_of(table, picture.ply)
    assert not any("{" in p.caption for p in page.pictures)


def test_captions_follow_the_language_and_stop_when_switched_off() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    ctl.explaining = True
    table = named(["greedy", "greedy"], "transamerica", 4)
    ctl.sit(table, "demo")
    page.run(until=lambda: len(table.state.moves) == 3 and not ctl.animating)
    ctl.set_language(FR)
    assert page.pictures[-1].caption == caption_of(table, 3, FR)
    ctl.set_explaining(False)
    assert page.pictures[-1].caption == ""


def test_no_caption_at_a_table_with_a_human_a_bots_reason_would_tell_its_secrets() -> None:
    page = FakePage()
    ctl = controller(page)
    ctl.explaining = True
    table = Table.new("transamerica", ["human", "strong"], seed=3, options={})
    ctl.sit(table, "g1")
    ctl.human_move(table.state.legal_moves()[0])
    page.run(until=lambda: table.state.current_player == 0 and not ctl.animating)
    assert len(table.state.moves) >= 2  # the bot has played
    assert all(picture.caption == "" for picture in page.pictures)


def suggestion_table(hints: bool = True) -> tuple[FakePage, TableController, Table]:
    page = FakePage()
    ctl = controller(page)
    table = Table.new("transamerica", ["human", "greedy"], seed=8, options={})
    table.hints = hints
    ctl.sit(table, "g1")
    return page, ctl, table


def test_suggest_a_move_shows_the_strong_bots_choice_from_the_humans_own_view_and_why() -> None:
    page, ctl, table = suggestion_table()
    assert 'data-suggest="1"' in page.pictures[-1].actions
    state = table.state
    view = state.view(0)
    expected = decide(get_bot("transamerica", ADVISER), view, table.human_legal(), bot_rng(state.seed, 0, 0))
    ctl.suggest()
    assert page.pictures[-1].caption == EN("why.thinking")
    page.run(until=lambda: page.pictures[-1].suggested is not None)
    picture = page.pictures[-1]
    assert picture.suggested == expected
    why = log_line(explain("transamerica", view, expected), EN, ctl.names(), face_for("transamerica").log,
                   prefix="why.")
    assert picture.caption == EN("why.suggested", why=why)
    ctl.human_move(expected)  # playing it: the mark and the reason are gone
    assert page.pictures[-1].suggested is None and page.pictures[-1].caption == ""


def test_a_suggestion_for_a_position_left_behind_is_never_shown() -> None:
    page, ctl, table = suggestion_table()
    ctl.suggest()
    ctl.human_move(table.state.legal_moves()[0])  # before the adviser is done
    page.run(until=lambda: table.state.current_player == 0 and not ctl.animating)
    page.run(max_tasks=200)
    assert all(picture.suggested is None for picture in page.pictures)


def test_a_class_game_without_hints_offers_no_suggestion() -> None:
    page, ctl, _table = suggestion_table(hints=False)
    assert "data-suggest" not in page.pictures[-1].actions
    ctl.suggest()
    page.run(max_tasks=200)
    assert all(picture.suggested is None and picture.caption == "" for picture in page.pictures)


def test_no_suggestion_for_a_bot_nor_in_a_replay() -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    table = Table.new("transamerica", ["greedy", "human"], seed=8, options={})
    ctl.sit(table, "g1")
    assert "data-suggest" not in page.pictures[-1].actions  # the bot is to move


class Recorder(Face[Any]):
    """A face whose overlay records what it was given."""

    def __init__(self, real: Face[Any]) -> None:
        self.real, self.calls = real, []
        self.board, self.log = real.board, real.log

    def overlay(self, public: Any, seen: Sequence[Any], legal: Sequence[str], t: Translate,
                names: Sequence[str]) -> Overlay | None:
        self.calls.append(([view.get("seat") for view in seen], list(legal), public.get("seat")))
        return Overlay("<g/>", "<p>numbers</p>")


def recording(monkeypatch: pytest.MonkeyPatch, ctl: TableController) -> Recorder:
    recorder = Recorder(face_for("transamerica"))
    monkeypatch.setattr(TableController, "face", property(lambda self: recorder))
    ctl.overlays = True
    return recorder


def test_overlays_show_every_hand_in_a_demonstration_and_only_the_humans_own_otherwise(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    recorder = recording(monkeypatch, ctl)
    ctl.sit(named(["greedy", "greedy", "greedy"], "transamerica", 2), "demo")
    page.run(max_tasks=2)  # worked out in a task, drawn in the next
    assert recorder.calls[-1][0] == [0, 1, 2] and recorder.calls[-1][1]  # a demo: all hands, the moves
    assert page.overlays[-1] == Overlay("<g/>", "<p>numbers</p>")

    page = FakePage()
    ctl = controller(page, speed="normal")
    recorder = recording(monkeypatch, ctl)
    table = Table.new("transamerica", ["human", "greedy"], seed=3, options={})
    ctl.sit(table, "g1")
    page.run(max_tasks=1)
    assert recorder.calls[-1][:2] == ([0], table.human_legal())  # the human's own hand and moves
    ctl.projector = True
    ctl.human_move(table.state.legal_moves()[0])
    page.run(until=lambda: table.state.current_player == 1 and not ctl.animating)
    page.run(max_tasks=2)
    assert recorder.calls[-1][:2] == ([], [])  # a projector while the bot plays: nobody's secrets
    ctl.set_overlays(False)
    assert page.overlays[-1] is None


def test_the_overlay_is_drawn_in_a_task_of_its_own_and_only_when_the_position_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = FakePage()
    ctl = controller(page, speed="normal")
    recorder = recording(monkeypatch, ctl)
    ctl.sit(Table.new("transamerica", ["human", "greedy"], seed=3, options={}), "g1")
    assert recorder.calls == []  # not in the task that drew the board
    page.run(max_tasks=1)
    ctl.render()
    ctl.render()
    page.run(max_tasks=5)
    assert len(recorder.calls) == 1


def test_a_class_address_says_whether_groups_get_suggestions() -> None:
    on, off = Route("class", "AbC"), Route("class", "AbC", hints=False)
    assert parse_fragment("#" + on.fragment) == on
    assert parse_fragment("#" + off.fragment) == off and off.fragment.endswith("&hints=off")
    assert parse_fragment("#play=AbC&hints=off").value != "AbC"  # only a class game has the switch


def test_a_saved_game_keeps_its_hints_switch() -> None:
    store = SaveStore(MemoryStorage())
    table = Table.new("locomotion", ["human", "greedy"], seed=1, options={})
    store.save("off", table.state.record(), table.seats, over=False, updated=1, hints=False)
    store.save("on", table.state.record(), table.seats, over=False, updated=1)
    assert store.load("off").hints is False and store.load("on").hints is True


def test_the_projector_is_told_the_demonstrations_caption_and_whether_overlays_are_on() -> None:
    table = named(["greedy", "greedy"], "locomotion", 5)
    message = table_message(table, table.state.record(), None, "en", "Bot 1 drives.", True)
    shown = Projection().take(message)
    assert (shown.caption, shown.overlays) == ("Bot 1 drives.", True)
    bare = Projection().take(table_message(table, table.state.record(), None, "en"))
    assert (bare.caption, bare.overlays) == ("", False)


def test_six_hands_captions_and_overlays_are_worked_out_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """At six players an exact solve per hand takes tens of milliseconds: a caption and an overlay are
    worked out in the page's slices (a task each), never all in the task that plays or draws. Counted
    in the solver's growths (`steiner._grow`) per task, the page's clock costing a millisecond a look:
    a slice is `BOT_SLICE_MS` steps, each at most a solve's set-up (one growth per terminal), against
    170 in one task when the six hands were solved in the task that drew the overlay."""
    growths = [0]
    real_grow = steiner._grow

    def grow(*args: Any, **kwargs: Any) -> Any:
        growths[0] += 1
        return real_grow(*args, **kwargs)

    monkeypatch.setattr(steiner, "_grow", grow)
    page = FakePage()
    most = [0]
    schedule = page.later

    def counted(task: Callable[[], None], ms: float) -> int:
        def run() -> None:
            before = growths[0]
            task()
            most[0] = max(most[0], growths[0] - before)
        return schedule(run, ms)

    monkeypatch.setattr(page, "later", counted)
    ctl = controller(page, speed="fast")
    ctl.explaining, ctl.overlays = True, True
    table = named(["greedy"] * 6, "transamerica", 5)
    ctl.sit(table, "demo")
    page.run(until=lambda: len(table.state.moves) >= 24 and not ctl.animating)
    assert page.overlays and page.overlays[-1] is not None
    assert page.pictures[-1].caption == caption_of(table, page.pictures[-1].ply)
    assert 0 < most[0] <= BOT_SLICE_MS * (len(COLOURS) + 1)
