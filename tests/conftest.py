"""Puts `py/` on the import path so engines, drawing and shared modules run under plain CPython, and
brings a stalled test's stacks from its xdist worker to the run's summary."""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
import threading
import traceback
from pathlib import Path

import greenlet  # type: ignore[import-untyped]
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

# Where a worker leaves the stacks of a test that ran past its time limit (pyproject's `timeout`). The
# limit ends the worker, whose own output xdist does not show: the run reads them from there.
STALLS = "RAIL_TABLE_STALLS"
DEPTH = 12  # the innermost frames of each stack


def in_worker(config: pytest.Config) -> bool:
    """Whether this process is one of xdist's workers rather than the run itself."""
    return hasattr(config, "workerinput")


def pytest_configure(config: pytest.Config) -> None:
    if not in_worker(config):  # its workers start later, with this set
        os.environ[STALLS] = tempfile.mkdtemp(prefix="rail-table-stalls-")


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: object) -> bool | None:
    """In a worker, the time limit writes every thread's stack where the run will read it before it
    ends the worker; alone, pytest-timeout's own limit prints them."""
    if not in_worker(item.config):
        return None
    limit: float = settings.timeout  # type: ignore[attr-defined]
    timer = threading.Timer(limit, _stalled, (item.nodeid, limit))
    timer.daemon = True

    def cancel() -> None:
        timer.cancel()
        timer.join()

    item.cancel_timeout = cancel  # type: ignore[attr-defined]  # what pytest-timeout calls at the end
    timer.start()
    return True


def _stalled(nodeid: str, limit: float) -> None:
    here = threading.get_ident()
    frames = [(f"thread {ident}", frame) for ident, frame in sys._current_frames().items() if ident != here]
    # A test waiting on Playwright is a paused greenlet (Playwright's loop runs in another): its own
    # stack holds the line that called.
    frames += [("paused greenlet", g.gr_frame) for g in gc.get_objects()
               if isinstance(g, greenlet.greenlet) and g.gr_frame is not None]
    stacks = [f"{name}:\n{''.join(traceback.format_stack(frame, limit=DEPTH))}" for name, frame in frames]
    folder = Path(os.environ[STALLS])
    (folder / f"{os.getpid()}.txt").write_text(f"{nodeid} ran past {limit:g} s\n\n" + "\n".join(stacks),
                                              encoding="utf-8")
    os._exit(1)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if in_worker(config):
        return
    for stall in sorted(Path(os.environ[STALLS]).glob("*.txt")):
        terminalreporter.section("stalled test: every thread's stack", sep="+")
        terminalreporter.write(stall.read_text(encoding="utf-8"))


def pytest_unconfigure(config: pytest.Config) -> None:
    if not in_worker(config):
        shutil.rmtree(os.environ.pop(STALLS, ""), ignore_errors=True)
