"""The bots' harness shared by every game: levels, the thinking protocol, budgets, bots-only games.

A bot is an object with `think(view, legal, rng)`: a generator that yields `None` every few
milliseconds of work and finally returns its move. The browser glue runs it in slices between
repaints so the page never freezes; under CPython `decide()` simply runs it to the end.

Bots are functions of a seat's **view** (never of the full state) and of their own seeded
generator, `bot_rng(seed, seat, ply)`: a bots-only game is then the same in every runtime. For
that, bots bound their search by a count of work steps; the wall-clock `Deadline` is only a safety
net that a well-sized bot never reaches (tests check the decision times).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from importlib import import_module
from typing import Any, Protocol

from games import get_game
from games.core import Move, Rng, State

LEVELS = ("random", "greedy", "strong")

# Work between two yields: well under the glue's 40 ms slices, even at Pyodide's ~2.5x slowdown.
SLICE_SECONDS = 0.005

Thinking = Generator[None, None, Move]


class Bot(Protocol):
    def think(self, view: dict[str, Any], legal: list[Move], rng: Rng) -> Thinking: ...


class RandomBot:
    """Any legal move, uniformly: the same for every game."""

    def think(self, view: dict[str, Any], legal: list[Move], rng: Rng) -> Thinking:
        yield None
        return rng.choice(legal)


class Deadline:
    """A decision's time budget and the clock of its slices between two yields.

    `slice_over()` says "yield now" (and starts the next slice); `expired()` says "stop searching
    and answer with the best move so far". The budget runs on processor time, so a loaded machine
    (a test run beside others) does not cut a search short that an idle one would finish.
    """

    def __init__(self, seconds: float, slice_seconds: float = SLICE_SECONDS,
                 clock: Callable[[], float] = time.process_time,
                 slice_clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._slice_clock = slice_clock
        self._start = clock()
        self._slice_start = slice_clock()
        self.seconds = seconds
        self.slice_seconds = slice_seconds

    def elapsed(self) -> float:
        return self._clock() - self._start

    def expired(self) -> bool:
        return self.elapsed() >= self.seconds

    def slice_over(self) -> bool:
        now = self._slice_clock()
        if now - self._slice_start < self.slice_seconds:
            return False
        self._slice_start = now
        return True


def get_bot(game_id: str, level: str) -> Bot:
    """The bot of that level; greedy and strong live in `games.<game_id>.bots.BOTS`, loaded on use."""
    get_game(game_id)  # rejects an unknown game id with the registry's error
    if level not in LEVELS:
        raise ValueError(f"unknown bot level: {level!r}")
    if level == "random":
        return RandomBot()
    return import_module(f"games.{game_id}.bots").BOTS[level]


def decide(bot: Bot, view: dict[str, Any], legal: list[Move], rng: Rng) -> Move:
    """Run a bot's thinking to its answer in one go (CPython, tests, arena)."""
    thinking = bot.think(view, legal, rng)
    while True:
        try:
            next(thinking)
        except StopIteration as answer:
            return answer.value


def bot_rng(seed: int, seat: int, ply: int) -> Rng:
    """The generator of the bot deciding at `ply` for `seat`: independent of who played before."""
    return Rng.derive(seed, "bot", seat, ply)


def play_bots_game(game_id: str, players: int, seed: int, options: dict[str, Any] | None,
                   levels: Sequence[str], decision_ms: list[list[float]] | None = None,
                   max_moves: int = 20000) -> State:
    """Play a game where every seat is a bot of `levels[seat]`; returns the finished state.

    When `decision_ms` is given it receives, per seat, the wall time of each decision in ms.
    """
    if len(levels) != players:
        raise ValueError("one bot level per seat")
    bots = [get_bot(game_id, level) for level in levels]
    state = get_game(game_id).new_state(players, seed, options)
    if decision_ms is not None:
        decision_ms[:] = [[] for _ in range(players)]
    for _ in range(max_moves):
        seat = state.current_player
        if seat is None:
            return state
        view, legal, rng = state.view(seat), state.legal_moves(), bot_rng(seed, seat, len(state.moves))
        start = time.perf_counter()
        move = decide(bots[seat], view, legal, rng)
        if decision_ms is not None:
            decision_ms[seat].append((time.perf_counter() - start) * 1000.0)
        state.apply(move)
    raise RuntimeError(f"bots-only game did not end within {max_moves} moves")
