"""Tasks on the page's clock, and bots thinking in slices between repaints (pure: the clock is a port).

Every task a table schedules (a bot's slice of thinking, its move, an animation frame, a round-end
screen) belongs to the table's current generation; `stop()` starts a new one, so a task scheduled for
a table that has since changed (another game, the lobby, a language switch) never runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from games.bots import Thinking
from games.core import Move

BOT_SLICE_MS = 12  # a bot thinks in slices this long, then lets the page repaint

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
        """After `delay_ms`, run the bot's thinking in slices of `BOT_SLICE_MS`; then `play` its move in
        a task of its own, so no task holds both a slice of thinking and a repaint."""
        self.stop()
        self.later(delay_ms, lambda: self._slice(start(), play))

    def _slice(self, thinking: Thinking, play: Callable[[Move], None]) -> None:
        deadline = self.clock.now_ms() + BOT_SLICE_MS
        try:
            while self.clock.now_ms() < deadline:
                next(thinking)
        except StopIteration as done:
            move: Move = done.value
            self.later(0, lambda: play(move))
            return
        self.later(0, lambda: self._slice(thinking, play))
