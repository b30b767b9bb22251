"""A package's modules compiled to bytecode ahead of their import, one module per task.

Under Pyodide, importing a module is mostly compiling its source: a game's rules took a tenth of a
second to import in one task on a slow machine, its own part of the page as long again. Compiled
ahead, one file per task (each a few tens of milliseconds at most), into the `__pycache__` the
import then reads, the import itself only runs the modules. Only what is not imported yet is
compiled; a file that cannot be compiled ahead is left to its import, which says why.
"""

from __future__ import annotations

import py_compile
import sys
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import partial
from importlib.util import cache_from_source, find_spec
from pathlib import Path
from typing import TypeVar

from games.core import Steps

T = TypeVar("T")


def compiling(package: str) -> list[Callable[[], None]]:
    """One step per module of `package` (a package of this app) not imported yet."""
    if package in sys.modules:
        return []
    spec = find_spec(package)  # imports the packages above it, not this one
    if spec is None or not spec.submodule_search_locations:
        return []
    folder = Path(next(iter(spec.submodule_search_locations)))
    return [partial(_compile, path) for path in sorted(folder.glob("*.py"))
            if not Path(cache_from_source(str(path))).exists()]


def _compile(path: Path) -> None:
    with suppress(py_compile.PyCompileError, OSError):  # its import compiles it, and says what is wrong
        py_compile.compile(str(path), doraise=True)


def preceded(steps: Iterable[Callable[[], object]], then: Steps[T]) -> Steps[T]:
    """`steps`, a pause after each, then the steps of `then` (and what it returns)."""
    for step in steps:
        step()
        yield
    return (yield from then)
