"""Tasks on the page's clock, and work in slices between repaints (pure: the clock is a port).

A bot's thinking, a demonstration's caption and an overlay are stepwise work (`Steps`): each runs in
slices of `BOT_SLICE_MS`, a task each, so the page repaints and answers between them. Every task a
table schedules (a slice, a bot's move, an animation frame, a round-end screen) belongs to the
table's current generation; `stop()` starts a new one, so a task scheduled for a table that has
since changed (another game, the lobby, a language switch) never runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar, cast

from games.bots import Thinking
from games.core import Move, Steps

BOT_SLICE_MS = 12  # stepwise work runs in slices this long, then lets the page repaint

T = TypeVar("T")
Task = Callable[[], None]


class Clock(Protocol):
    """The page's timers (`ui.browser` in the page, a fake in tests)."""

    def later(self, task: Task, ms: float) -> int: ...

    def cancel(self, timer: int) -> None: ...

    def now_ms(self) -> float: ...


class BotRunner:
    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.generation = 0
        self._timer: int | None = None

    def stop(self) -> None:
        """Forget every pending task: the next ones belong to a new generation."""
        if self._timer is not None:
            self.clock.cancel(self._timer)
            self._timer = None
        self.generation += 1

    def later(self, ms: float, task: Task) -> None:
        """Run `task` in a task of its own after `ms`, unless the generation has changed by then."""
        generation = self.generation

        def run() -> None:
            if generation == self.generation:
                task()

        self._timer = self.clock.later(run, ms)

    def think(self, start: Callable[[], Thinking], delay_ms: float, play: Callable[[Move], None]) -> None:
        """After `delay_ms`, run the bot's thinking in slices; then `play` its move in a task of its own,
        so no task holds both a slice of thinking and a repaint."""
        self.stop()
        self.later(delay_ms, lambda: self._slice(start(), play))

    def work(self, steps: Steps[T], then: Callable[[T], None]) -> None:
        """Run `steps` in slices from the next task on, then `then` with their result in a task of its
        own; all of it in this generation, so that a table that changes meanwhile drops them."""
        self.later(0, lambda: self._slice(steps, then))

    def _slice(self, steps: Steps[T], then: Callable[[T], None]) -> None:
        deadline = self.clock.now_ms() + BOT_SLICE_MS
        try:
            while self.clock.now_ms() < deadline:
                next(steps)
        except StopIteration as over:
            result = cast(T, over.value)  # the generator's return value, typed by `Steps[T]`
            self.later(0, lambda: then(result))
            return
        self.later(0, lambda: self._slice(steps, then))
