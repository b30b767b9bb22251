"""The bots' harness shared by every game: levels, the thinking protocol, budgets, bots-only games.

A bot is an object with `think(view, legal, rng)`: a generator that yields `None` every few
milliseconds of work and finally returns its move. The browser glue runs it in slices between
repaints so the page never freezes; under CPython `decide()` simply runs it to the end.

Bots are functions of a seat's **view** (never of the full state) and of their own seeded
generator, `bot_rng(seed, seat, ply)`: a bots-only game is then the same in every runtime. For
that, bots bound their search by a count of work steps and never by the clock: the clock (`Pacer`)
only says when to yield, and tests check that the counted work stays within the time allowed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol, TypeVar

from games import get_game
from games.core import Move, Rng, SaltSource, State, Steps, ViewHeader, finish

# Links code a seat by its place here (ui/links.py): a new level goes at the end.
LEVELS = ("random", "greedy", "strong", "expert")

# Work between two yields: at Pyodide's ~2.5x slowdown, a few ms in the browser, so the glue's slices
# of thinking end on time even on a busy machine.
SLICE_SECONDS = 0.002

Thinking = Steps[Move]

# Why a bot plays a move, in no language: {"type": "ta.toward", "player": 0, "city": "Denver", ...}, read
# like a log event from the catalog's `why.` keys (`ui.log.log_line(..., prefix="why.")`). Each game's
# `games.<game_id>.explain.explaining(view, move)` builds it from the deciding seat's view before the
# move, with the measures its bots decide by, so a caption never says more than that seat could see.
# Like a bot's thinking it works in steps (an exact solve can take long), which the page runs in slices.
Caption = dict[str, Any]

# The view type a bot reads: its game's view (e.g. `TransAmericaView`), or any mapping for a bot of
# every game. Contravariant: a bot that reads any mapping is also a bot of each game's view.
V = TypeVar("V", bound=Mapping[str, Any], contravariant=True)


class Bot(Protocol[V]):
    def think(self, view: V, legal: list[Move], rng: Rng) -> Thinking: ...


class RandomBot:
    """Any legal move, uniformly: the same for every game."""

    def think(self, view: Mapping[str, Any], legal: list[Move], rng: Rng) -> Thinking:
        yield None
        return rng.choice(legal)


class BySize:
    """A level whose bot depends on the table's size: `sized[players]` where given, else `default`
    (a search worth its cost at one table size may be wasted, or too slow, at another)."""

    def __init__(self, default: Bot[Any], sized: Mapping[int, Bot[Any]]) -> None:
        self.default = default
        self.sized = dict(sized)

    def at(self, players: int) -> Bot[Any]:
        return self.sized.get(players, self.default)

    def think(self, view: Mapping[str, Any], legal: list[Move], rng: Rng) -> Thinking:
        return self.at(view["players"]).think(view, legal, rng)


def seat_of(view: ViewHeader) -> int:
    """The seat a bot plays: bots are only ever given a seat's view, never a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a bot needs a seat's view, not a spectator's")
    return seat


class Pacer:
    """When a thinking bot should yield: after every `slice_seconds` of wall time.

    It never stops a search: a search cut by the clock would choose differently on a slower
    machine or runtime, and a seeded bots-only game must be the same everywhere.
    """

    def __init__(self, slice_seconds: float = SLICE_SECONDS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._slice_start = clock()
        self.slice_seconds = slice_seconds

    def slice_over(self) -> bool:
        now = self._clock()
        if now - self._slice_start < self.slice_seconds:
            return False
        self._slice_start = now
        return True


def get_bot(game_id: str, level: str) -> Bot[Any]:
    """The bot of that level; greedy and strong live in `games.<game_id>.bots.BOTS`, loaded on use.

    It reads that game's view type: give it the views of that game's states only.
    """
    get_game(game_id)  # rejects an unknown game id with the registry's error
    if level not in LEVELS:
        raise ValueError(f"unknown bot level: {level!r}")
    if level == "random":
        return RandomBot()
    bots: dict[str, Bot[Any]] = import_module(f"games.{game_id}.bots").BOTS
    return bots[level]


def explaining(game_id: str, view: Mapping[str, Any], move: Move) -> Steps[Caption]:
    """Why a seat whose view is `view` plays `move` (a demonstration's caption, a suggestion's reason),
    in steps."""
    get_game(game_id)
    reason: Caption = yield from import_module(f"games.{game_id}.explain").explaining(view, move)
    return reason


def explain(game_id: str, view: Mapping[str, Any], move: Move) -> Caption:
    """`explaining` in one go (CPython, tests)."""
    return finish(explaining(game_id, view, move))


def decide(bot: Bot[V], view: V, legal: list[Move], rng: Rng) -> Move:
    """Run a bot's thinking to its answer in one go (CPython, tests, arena)."""
    return finish(bot.think(view, legal, rng))


def bot_rng(seed: int, seat: int, ply: int) -> Rng:
    """The generator of the bot deciding at `ply` for `seat`: independent of who played before."""
    return Rng.derive(seed, "bot", seat, ply)


def play_bots_game(game_id: str, players: int, seed: int, options: dict[str, Any] | None,
                   levels: Sequence[str], decision_ms: list[list[float]] | None = None,
                   salt_source: SaltSource | None = None,
                   clock: Callable[[], float] = time.perf_counter) -> State:
    """Play a game where every seat is a bot of `levels[seat]`; returns the finished state.

    When `decision_ms` is given it receives, per seat, the time of each decision in ms on `clock`
    (wall time; `time.process_time` for the CPU time a busy machine does not inflate). With a
    `salt_source` (e.g. `core.seeded_salts(seed)`) the game has fresh chance, drawing its salts from it.
    A game that outlasts the game's own bound on its length (`Game.max_moves`) is a bug: RuntimeError.
    """
    if len(levels) != players:
        raise ValueError("one bot level per seat")
    bots = [get_bot(game_id, level) for level in levels]
    game = get_game(game_id)
    state = game.new_state(players, seed, options, fresh_chance=salt_source is not None)
    state.salt_source = salt_source
    max_moves = game.max_moves(players)
    if decision_ms is not None:
        decision_ms[:] = [[] for _ in range(players)]
    while (seat := state.current_player) is not None:
        if len(state.moves) >= max_moves:
            raise RuntimeError(f"bots-only game did not end within {max_moves} moves")
        view, legal, rng = state.view(seat), state.legal_moves(), bot_rng(seed, seat, len(state.moves))
        start = clock()
        move = decide(bots[seat], view, legal, rng)
        if decision_ms is not None:
            decision_ms[seat].append((clock() - start) * 1000.0)
        state.apply(move)
    return state
