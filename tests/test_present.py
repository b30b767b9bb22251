"""Presenting on a second screen: the projector follows the presenter's table move by move and both
ways, shows the spectator's view, and takes only the curtains everyone may see; a demonstration can
be paused and stepped through, and stepping forward again plays the very same moves."""

from __future__ import annotations

import json

import pytest

from games.core import BadRecord
from test_controller import EN, FakePage, controller
from ui.controller import Curtain
from ui.present import Projection, bye_message, hello_message, message_type, table_message
from ui.table import Table


def played(table: Table, moves: int) -> Table:
    for _ in range(moves):
        table.play(table.state.legal_moves()[0])
    return table


def test_the_projector_follows_the_presenters_table_both_ways_in_the_spectators_view() -> None:
    table = played(Table.new("transamerica", ["human", "greedy", "greedy"], seed=4, options={}), 5)
    projection = Projection()
    shown = projection.take(table_message(table, table.state.record(), None, "en"))
    assert shown.fresh and shown.table.state.moves == table.state.moves and shown.curtain is None

    page = FakePage()
    ctl = controller(page)
    ctl.sit(shown.table, None, shown.scrubber)
    assert EN("ta.your_cities") not in page.pictures[-1].side  # never a hand on the projector

    played(table, 2)
    later = projection.take(table_message(table, table.state.record(), None, "en"))
    assert not later.fresh and later.table is shown.table and later.table.state.moves == table.state.moves
    back = table.fork(4)
    earlier = projection.take(table_message(back, back.state.record(), None, "fr"))
    assert not earlier.fresh and len(earlier.table.state.moves) == 4 and earlier.lang == "fr"
    other = played(Table.new("locomotion", ["greedy", "greedy"], seed=1, options={}), 3)
    assert projection.take(table_message(other, other.state.record(), None, "en")).fresh


def test_only_the_curtains_everyone_may_see_reach_the_projector() -> None:
    table = Table.new("locomotion", ["greedy", "greedy"], seed=1, options={})
    projection = Projection()
    for kind, public in (("interlude", True), ("result", True), ("handover", False), ("send", False)):
        curtain = Curtain(kind, "Title", "<p>Body</p>", [("data-curtain", "next", "Go")], True, "<g/>")
        shown = projection.take(table_message(table, table.state.record(), curtain, "en"))
        assert (shown.curtain is not None) == public
        if shown.curtain:
            assert shown.curtain.buttons == [] and shown.curtain.overlay == "<g/>"


@pytest.mark.parametrize("text", ["", "[]", '{"v": 1, "type": "table"}',
                                  '{"v": 1, "type": "table", "record": {"game": "chess"}, "seats": [],'
                                  ' "names": [], "ply": 0, "lang": "en"}'])
def test_a_message_that_is_no_table_is_refused(text: str) -> None:
    with pytest.raises((BadRecord, ValueError)):
        Projection().take(text)


def test_message_types() -> None:
    assert message_type(hello_message()) == "hello" and message_type(bye_message()) == "bye"
    assert message_type("not json") == message_type(json.dumps({"v": 99, "type": "hello"})) == ""
    assert message_type(None) == ""


def test_a_demonstration_pauses_steps_both_ways_and_replays_the_same_moves() -> None:
    reference = Table.new("trick_of_the_rails", ["greedy", "strong", "greedy"], seed=8, options={})
    page = FakePage()
    ctl = controller(page, speed="fast")
    ctl.sit(reference, "g1")
    page.run(until=lambda: len(reference.state.moves) >= 6)
    ctl.set_paused(True)
    page.run()
    stopped = list(ctl.table.state.moves)
    assert ctl.is_demo() and len(stopped) >= 6  # paused: nothing more is played

    ctl.step_back()
    ctl.step_back()
    assert ctl.table.state.moves == stopped[:-2]
    ctl.step_forward()
    page.run()
    ctl.step_forward()
    page.run()
    assert ctl.table.state.moves == stopped  # the same moves again
    ctl.set_paused(False)
    page.run(until=lambda: len(ctl.table.state.moves) >= len(stopped) + 3)
    assert len(ctl.table.state.moves) >= len(stopped) + 3


def test_a_table_with_a_human_is_no_demonstration() -> None:
    page = FakePage()
    ctl = controller(page)
    ctl.sit(Table.new("locomotion", ["human", "greedy"], seed=1, options={}), "g1")
    ctl.set_paused(True)
    ctl.step_back()
    assert not ctl.is_demo() and ctl.table.state.moves == []
