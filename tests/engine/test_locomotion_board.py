"""The designed Locomotion board: its data obeys the board brief, and the track built from it is sound."""

from __future__ import annotations

import pytest

from games.locomotion import board_data as data
from games.locomotion import track


def test_board_data_obeys_the_brief() -> None:
    assert data.problems() == []


def test_three_lanes_of_different_lengths_from_three_starts_to_three_finishes() -> None:
    assert len(set(data.lane_lengths())) == 3
    assert [track.SQUARES[sq].name for sq in track.START] == ["s0", "s1", "s2"]
    assert sorted(track.SQUARES[sq].name for sq in track.FINISH) == ["f0", "f1", "f2"]
    assert data.SHEDS == 9


def test_each_gap_reaches_every_other_by_one_slide_left_right_or_ahead() -> None:
    assert data.slide_direction(0, 2) == "ahead"  # south to north, across the hub
    assert data.slide_direction(0, 1) == "left"  # from the south gap, facing the hub, west is left
    assert data.slide_direction(0, 3) == "right"
    for gap in range(4):
        others = [data.slide_direction(gap, other) for other in range(4) if other != gap]
        assert sorted(others) == ["ahead", "left", "right"]


def test_setup_leaves_the_gap_after_the_starts_empty() -> None:
    assert track.SETUP_LAYOUT[0] == track.EMPTY
    assert sorted(track.SETUP_LAYOUT[1:]) == [0, 1, 2]


def test_every_platform_offers_a_through_route_in_every_gap() -> None:
    for layout_index, layout in enumerate(track.LAYOUTS):
        nxt = track.NEXT[layout_index]
        for gap, colour in enumerate(layout):
            if colour == track.EMPTY:
                continue
            ends = [nxt[track.SQUARE_INDEX[f"{data.COLOURS[colour]}.{lane}.{data.STRAND_LENGTH - 1}"]]
                    for lane in range(3)]
            straight = [track.SQUARES[end] for end in ends if end >= 0]
            assert any(sq.segment == gap + 1 and sq.step == 0 for sq in straight)


def test_track_only_leads_forward_and_every_kind_of_strand_occurs() -> None:
    causes = set()
    for layout_index in range(len(track.LAYOUTS)):
        nxt, to_go = track.NEXT[layout_index], track.TO_GO[layout_index]
        for sq, ahead in enumerate(nxt):
            if ahead >= 0:
                assert to_go[ahead] < to_go[sq]
            else:
                causes.add(track.cause(ahead))
    assert causes == set(track.CRASH_CAUSES)


def test_the_empty_gap_crashes_what_runs_into_it() -> None:
    nxt = track.NEXT[track.LAYOUT_INDEX[track.SETUP_LAYOUT]]
    assert all(nxt[start] == track.GAP_CRASH for start in track.START)
    assert all(nxt[finish] == track.FINISH_CRASH for finish in track.FINISH)


@pytest.mark.parametrize(("name", "value", "complaint"), [
    ("STRANDS", {**data.STRANDS, "red": ("BB<", ">=<", "B==", "=<=")}, "no through route"),
    ("STRANDS", {**data.STRANDS, "blue": ("<==", "=>=", "==<", "X==")}, "changes off the board"),
    ("SEGMENTS", ((1, 1, 1), (6, 6, 6), (6, 6, 6), (6, 6, 6), (6, 6, 6)), "different lengths"),
    ("GAP_POSITIONS", ((0, 0), (1, 0), (0, 1), (1, 1)), "around the hub"),
    ("GAP_POSITIONS", ((1, 0), (2, 0), (3, 0), (4, 0)), "one slide"),
    ("COLOUR_DIE", ("blue", "blue", "red", "red", "yellow", "red"), "colour die"),
    ("SETUP", ("blue", "", "red", "yellow"), "setup"),
    ("SHEDS", 8, "9 sheds"),
])
def test_the_validator_catches_a_broken_board(monkeypatch: pytest.MonkeyPatch, name: str, value: object,
                                               complaint: str) -> None:
    monkeypatch.setattr(data, name, value)
    assert any(complaint in problem for problem in data.problems())
