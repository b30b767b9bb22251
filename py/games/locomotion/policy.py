"""Greedy play, used to tune the board and as the `greedy` bot's judgement: the best immediate progress
of one's own locomotives, minus own crashes, plus opponents' crashes (their progress counts against).

Progress is measured in squares to go (`track.TO_GO`); a crash costs the locomotive all of its progress.
Chance decisions (the double's extra turn, spending a repair tile) weigh every colour and dice sum.
"""

from __future__ import annotations

from games.core import Move
from games.locomotion import board_data as data
from games.locomotion.drive import Run, run_from
from games.locomotion.rules import HOME, PER_PLAYER, LocomotionState
from games.locomotion.track import HOME_TO_GO, LAYOUT_INDEX, NEXT, TO_GO, slid

SHED_TO_GO = -2  # a shed is worth a little more than waiting on a finish square, where it can be pushed
OPPONENT_WEIGHT = 1.0
TILE_MARGIN = 2.0  # how much better a chosen platform must be than the colour die to spend a tile
COLOURS = tuple(range(len(data.COLOURS)))  # the platforms by colour index

# Dice sums 2..12 with their chances out of 36, each with one pair of dice that gives it.
Sums = tuple[tuple[tuple[int, int], int], ...]
SUMS: Sums = tuple(((min(6, s - 1), s - min(6, s - 1)), 6 - abs(s - 7)) for s in range(2, 13))


def to_go(state: LocomotionState, loco: int) -> int:
    return squares_to_go(state.pos[loco], TO_GO[LAYOUT_INDEX[state.layout]])


def squares_to_go(square: int, table: list[int]) -> int:
    """From a square (or home, or a shed), by a layout's `table` of squares to go."""
    if square >= 0:
        return table[square]
    return HOME_TO_GO if square == HOME else SHED_TO_GO


def worth(state: LocomotionState, result: Run, table: list[int]) -> float:
    """What a drive's `result` is worth to the player to move, squares to go counted by `table`."""
    after = {loco: table[square] for loco, square in result.steps}
    if result.crashed >= 0:
        after[result.crashed] = HOME_TO_GO
    if result.sheltered >= 0:
        after[result.sheltered] = SHED_TO_GO
    player, pos = state.player, state.pos
    value = 0.0
    for loco, there in after.items():
        delta = squares_to_go(pos[loco], table) - there
        value += delta if loco // PER_PLAYER == player else -OPPONENT_WEIGHT * delta
    return value


def gain(state: LocomotionState, move: Move) -> float:
    """What a `drive`/`enter`/`pass` move is worth to the player to move, right now."""
    if move == "pass":
        return 0.0
    return worth(state, state.plan(move), TO_GO[LAYOUT_INDEX[state.layout]])


def best_drive(state: LocomotionState) -> tuple[Move, float]:
    """The best move of a turn waiting for its drive (first in legal order among equals)."""
    best, best_value = "", float("-inf")
    for move in state.legal_moves():
        value = gain(state, move)
        if value > best_value:
            best, best_value = move, value
    return best, best_value


def expected_turn(state: LocomotionState, colours: tuple[int, ...], sums: Sums = SUMS) -> float:
    """The mean value of the best drive over the given platform colours and dice sums (by default
    every sum, each by its chance), for a look-ahead state waiting for its roll. Each drive is walked
    on the layout the roll slides to, and no state is copied per roll: the bots ask this of every
    position they judge."""
    drives = state.drives()
    total = 0.0
    for colour in colours:
        index = LAYOUT_INDEX[slid(state.layout, state.pending if state.pending >= 0 else colour)[0]]
        nxt, table = NEXT[index], TO_GO[index]
        for numbers, weight in sums:
            points = numbers[0] + numbers[1]
            best = 0.0 if not drives else max(  # no drive: a pass
                worth(state, run_from(loco, square, entry, points, state.occupant, nxt), table)
                for _, loco, square, entry in drives)
            total += weight * best
    return total / (sum(weight for _, weight in sums) * len(colours))


def extra_turn(state: LocomotionState) -> LocomotionState:
    """A look-ahead state of the double's extra turn taken (phase "extra"), waiting for its roll."""
    again = state.lookahead()
    again.apply("again")
    if again.phase == "choose":
        again.apply("roll")
    return again


def tile_values(state: LocomotionState) -> tuple[float, dict[Move, float]]:
    """A repair-tile holder's choice before the roll (phase "choose"): the expected best drive with
    the colour die, and with each platform named by a tile (`repair <colour>` -> its value)."""
    rolling = state.lookahead()
    rolling.apply("roll")
    by_die = expected_turn(rolling, COLOURS)
    tiled = {}
    for colour, name in enumerate(data.COLOURS):
        move = f"repair {name}"
        named = state.lookahead()
        named.apply(move)
        tiled[move] = expected_turn(named, (colour,))
    return by_die, tiled


def choose(state: LocomotionState) -> Move:
    """The greedy move in any phase."""
    if state.phase == "drive":
        return best_drive(state)[0]
    if state.phase == "extra":
        return "again" if expected_turn(extra_turn(state), COLOURS) > 0 else "stop"
    by_die, tiled = tile_values(state)
    best, best_value = "roll", by_die + TILE_MARGIN
    for move, value in tiled.items():
        if value > best_value:
            best, best_value = move, value
    return best
