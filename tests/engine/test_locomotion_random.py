"""Random Locomotion games with the issue's invariants checked after every move, and record round trips."""

from __future__ import annotations

import json

import pytest

from games.core import State
from games.locomotion import board_data as data
from games.locomotion.rules import HOME, SHED, LocomotionState
from games.locomotion.track import EMPTY, SQUARES
from random_play import assert_record_round_trip, play_random_game

GAMES_PER_COUNT = 1000


def check(state: State, move: str | None) -> None:
    assert isinstance(state, LocomotionState)
    n = state.num_players
    # Every locomotive is accounted for: at home, in a shed or on exactly one square.
    assert len(state.pos) == n * data.LOCOS_PER_PLAYER
    on_track = [loco for loco, sq in enumerate(state.pos) if sq >= 0]
    assert all(sq in (HOME, SHED) or 0 <= sq < len(SQUARES) for sq in state.pos)
    # At most one locomotive per square: the occupant table is the exact inverse of the positions.
    assert sum(1 for loco in state.occupant if loco >= 0) == len(on_track)
    assert all(state.occupant[state.pos[loco]] == loco for loco in on_track)
    # The platforms always fill exactly 3 of the 4 gaps, each platform once.
    assert state.layout.count(EMPTY) == 1
    assert sorted(state.layout) == [EMPTY, 0, 1, 2]
    # Sheds: in order of arrival, at most 9, and 3 of one player's end the game.
    assert sorted(state.sheds) == [loco for loco, sq in enumerate(state.pos) if sq == SHED]
    assert len(state.sheds) <= data.SHEDS
    sheltered = [state.sheltered(p) for p in range(n)]
    assert max(sheltered) <= data.LOCOS_TO_WIN
    assert state.is_over() == (max(sheltered) == data.LOCOS_TO_WIN)
    # Repair tiles are only moved between the pile and the players.
    expected_tiles = data.REPAIR_TILES if state.options["repair_tiles"] else 0
    assert sum(state.tiles) + state.pile == expected_tiles
    assert state.phase in ("choose", "drive", "extra", "over")
    assert state.extra is False or state.driven >= 0


def play_and_check(players: int, seed: int) -> LocomotionState:
    state = play_random_game("locomotion", players, seed, {"repair_tiles": seed % 3 == 0}, check=check)
    assert isinstance(state, LocomotionState)
    assert_record_round_trip(state)
    result = state.result()
    assert result.winners == [state.winner] and result.scores[state.winner] == data.LOCOS_TO_WIN
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int) -> None:
    lengths = [len(play_and_check(players, seed).moves) for seed in range(GAMES_PER_COUNT)]
    assert min(lengths) > 10


def test_views_of_random_games_are_json() -> None:
    for seed in range(5):
        state = play_and_check(4, seed)
        view = state.view(2)
        assert json.loads(json.dumps(view)) == view
        assert view["winner"] == state.winner and view["phase"] == "over"
