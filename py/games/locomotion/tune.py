"""Tune the board by simulation: `cd py && python3 -m games.locomotion.tune [--games N] [--players 2 3 4]`.

Plays games with the greedy policy (`policy.py`) in every seat, and with uniformly random moves, and
prints per player count: turns per player (extra turns for doubles not counted), the share of driven
moves in which a locomotive crashed, and moves per game. The figures go in `board_data`'s docstring.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from games.core import Move, Rng
from games.locomotion import GAME, policy
from games.locomotion.rules import LocomotionState

Policy = Callable[[LocomotionState, Rng], Move]


def greedy(state: LocomotionState, rng: Rng) -> Move:
    return policy.choose(state)


def uniform(state: LocomotionState, rng: Rng) -> Move:
    return rng.choice(state.legal_moves())


def play(players: int, seed: int, chooser: Policy, options: dict[str, bool]) -> LocomotionState:
    state = GAME.new_state(players, seed, options)
    rng = Rng.derive(seed, "tune")
    while not state.is_over():
        state.apply(chooser(state, rng))
    return state


def summary(states: list[LocomotionState]) -> dict[str, float]:
    turns = sorted(sum(s.turns) / s.num_players for s in states)
    drives = sum(sum(1 for m in s.moves if m.startswith(("drive", "enter"))) for s in states)
    crashes = sum(sum(s.crashes) for s in states)
    count = len(states)
    return {
        "turns": sum(turns) / count,
        "p10": turns[count // 10],
        "p90": turns[count * 9 // 10],
        "crash": crashes / drives,
        "moves": sum(len(s.moves) for s in states) / count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--repair-tiles", action="store_true")
    args = parser.parse_args()
    options = {"repair_tiles": args.repair_tiles}
    print("| players | policy | turns per player: mean (p10-p90) | crash share of moves | moves per game |")
    print("|---------|--------|----------------------------------|----------------------|----------------|")
    for players in args.players:
        for name, chooser, games in (("greedy", greedy, args.games), ("random", uniform, args.games // 2)):
            row = summary([play(players, seed, chooser, options) for seed in range(games)])
            print(f"| {players} | {name} | {row['turns']:.1f} ({row['p10']:.1f}-{row['p90']:.1f}) "
                  f"| {row['crash']:.1%} | {row['moves']:.0f} |")


if __name__ == "__main__":
    main()
