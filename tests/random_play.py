"""Random games for any game of the registry, with a hook to check invariants after every move.

Shared by every game's engine tests so the play loop, the record round trip and the replay check
are written once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games import get_game
from games.core import Rng, State
from games.transamerica.board import BOARD

Check = Callable[[State, str | None], None]


def played_class_game(text: str, names: list[str], seed: int, moves: int | None = None) -> str:
    """A group's game of the class link `text`, its seats played at random (by `seed`) to its end or
    to `moves` moves: the link of where it got to (tests of the results page, and the gallery's)."""
    from ui.classroom import class_game
    from ui.links import encode_link
    from ui.table import Table

    game = class_game(text)
    record = game.record
    table = Table.new(record["game"], game.seats, record["seed"], record["options"], names)
    rng = Rng(seed)
    while not table.state.is_over() and (moves is None or len(table.state.moves) < moves):
        legal = table.state.legal_moves()
        table.play(legal[rng.below(len(legal))])
    return encode_link(table.state.record(), table.seats, table.names)


def play_random_game(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
                     check: Check | None = None, max_moves: int = 20000) -> State:
    """Play uniformly random legal moves to the end; `check(state, last_move)` runs after each move."""
    game = get_game(game_id)
    state = game.new_state(players, seed, options)
    rng = Rng.derive(seed, "random-play")
    if check:
        check(state, None)
    for _ in range(max_moves):
        if state.is_over():
            break
        legal = state.legal_moves()
        assert legal, "a live game must offer at least one legal move"
        assert state.current_player is not None
        move = rng.choice(legal)
        state.apply(move)
        if check:
            check(state, move)
    assert state.is_over(), f"game did not end within {max_moves} moves"
    assert state.current_player is None
    return state


def random_position(game_id: str, players: int, seed: int, options: dict[str, Any], moves: int) -> State:
    """A game after `moves` uniformly random legal moves (fewer if it ends first)."""
    state = get_game(game_id).new_state(players, seed, options)
    rng = Rng.derive(seed, "shot")
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def assert_record_round_trip(state: State) -> None:
    """The record survives JSON and replays to an identical state."""
    record = json.loads(json.dumps(state.record()))
    again = get_game(state.game_id).replay(record)
    assert again.record() == state.record()
    assert again.result().to_dict() == state.result().to_dict()
    assert again.view(None) == state.view(None)
    assert again.events == state.events


def mid_game_built(rng: Rng, count: int) -> frozenset[int]:
    """Track grown from four random starts, like the networks of a round in progress."""
    groups = [[rng.below(len(BOARD.points))] for _ in range(4)]
    built: set[int] = set()
    while len(built) < count:
        group = rng.choice(groups)
        q, e = rng.choice(BOARD.adjacent[rng.choice(group)])
        if e not in built:
            built.add(e)
            group.append(q)
    return frozenset(built)
