"""Python's start from a memory snapshot, and whether the modules it restored fit the app's files.

A return visit can restore Python's memory as `tools/snapshot.mjs` left it, with the app's modules
already imported (`static/js/python_start.mjs` chooses; docs/architecture.md says why). A snapshot is
made from one build of app.zip, and a browser's cache may hold one older than the files PyScript then
unpacks, so `settle` forgets the restored modules when the builds differ: they are imported again,
from the files, like on a fresh start.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Written into app.zip by tools/vendor.py: a digest of every other file of the archive.
BUILD_FILE = Path(__file__).with_name("build.txt")
PACKAGES = ("games", "ui")

# The build the snapshot was made from; None when Python started afresh.
made_from: str | None = None


def build() -> str:
    """The build of the app's files on Python's file system ("" when they carry none)."""
    try:
        return BUILD_FILE.read_text(encoding="ascii").strip()
    except OSError:
        return ""


def app_modules() -> list[str]:
    """The app's modules Python holds now."""
    return [name for name in sys.modules if name.split(".")[0] in PACKAGES]


def take(names: list[str]) -> list[str]:
    """Import the modules `names` for a snapshot, in order, and note the build they come from. A
    module that needs the page (PyScript's `pyscript` module is not there yet) is left to the page's
    start; returns those imported."""
    global made_from
    imported = []
    for name in names:
        try:
            __import__(name)
        except ImportError:
            continue
        imported.append(name)
    made_from = build()
    return imported


def settle() -> bool:
    """After a restore, forget the app's modules if the snapshot came from another build of its files
    (a fresh start has nothing to forget); True when what Python holds fits the files."""
    if made_from is None or made_from == build():
        return True
    for name in app_modules():
        del sys.modules[name]
    return False
