"""Generate the service worker `sw.js`: precache every file the app needs, versioned by their content.

The list is read from the file system through the INCLUDE / EXCLUDE rules below, so a new stylesheet,
rules page, locale or vendored chunk is cached without anyone editing a list; `tools/dist.py` copies
exactly the same list. Each version gets a cache of its own (`railtable-<version>`): a deploy, which is
a new sw.js, leaves open pages on the files of the version they started with and offers them a reload
(static/js/sw.template.js says how). Usage: `python3 tools/build_sw.py [--root DIR]` (default: the
repository).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from fnmatch import fnmatchcase
from pathlib import Path
from urllib.parse import quote

from vendor import PYODIDE_FILES, SVGWRITE_WHEEL

REPO = Path(__file__).resolve().parent.parent
TEMPLATE = REPO / "static" / "js" / "sw.template.js"
SW_NAME = "sw.js"

# Glob patterns, relative to the site root, of what the page and the rules pages request. The Python
# packages reach the browser inside static/vendor/app.zip, so of py/ only the entry script and the
# catalogs (fetched by the boot script before Python is ready) are served as files.
INCLUDE = (
    "index.html",
    "pyscript.toml",
    "py/main.py",
    "py/ui/locales/*.json",
    "static/**/*",
    "rules/**/*",
)
# Matched against the whole relative path (`*` also crosses folders). Source maps are requested only by
# developer tools; the template is the input of sw.js, not part of the site; dotfiles and *.tmp are
# editor, OS or half-written build debris. PyScript's code editor (codemirror), terminal (xterm) and
# MicroPython (mpy) chunks load only for `py-editor`, `terminal` and `type="mpy"` scripts, which the
# page does not use: drop these lines if it ever does. The .br/.gz copies that tools/dist.py writes
# beside the files are the host's alternative encodings of the same URLs, never requested by name.
EXCLUDE = (
    "*.map",
    "*.br",
    "*.gz",
    "*.tmp",
    ".*",
    "*/.*",
    "static/js/sw.template.js",
    "static/vendor/pyscript/codemirror*",
    "static/vendor/pyscript/xterm*",
    "static/vendor/pyscript/mpy-*",
)
# Without these the app cannot start offline: a build lacking one must fail rather than ship.
REQUIRED = (
    "index.html",
    "pyscript.toml",
    "py/main.py",
    *(f"static/vendor/pyodide/{name}" for name in PYODIDE_FILES),
    "static/vendor/pyscript/core.js",
    f"static/vendor/{SVGWRITE_WHEEL}",
    "static/vendor/app.zip",
    "static/vendor/app.css",
)


class MissingFiles(FileNotFoundError):
    """The site lacks files the app cannot start without (usually: `tools/vendor.py` was not run)."""

    def __init__(self, root: Path, names: list[str]) -> None:
        super().__init__(
            f"{root} lacks {', '.join(names)} (static/vendor/ is filled by `python3 tools/vendor.py`)"
        )
        self.names = names


def is_excluded(name: str) -> bool:
    return any(fnmatchcase(name, pattern) for pattern in EXCLUDE)


def site_files(root: Path) -> list[str]:
    """Every file the app needs, as sorted POSIX paths relative to the site root `root`."""
    found = {
        path.relative_to(root).as_posix()
        for pattern in INCLUDE
        for path in root.glob(pattern)
        if path.is_file()
    }
    files = sorted(name for name in found if not is_excluded(name))
    missing = [name for name in REQUIRED if name not in files]
    if missing:
        raise MissingFiles(root, missing)
    return files


def content_version(root: Path, files: list[str]) -> str:
    """A hash of every listed file's path and bytes: any change gives the worker a new cache."""
    digest = hashlib.sha256()
    for name in files:
        data = (root / name).read_bytes()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


def precache_urls(files: list[str]) -> list[str]:
    """The URLs the worker caches, relative to itself: "./" too, since the app is opened as a folder."""
    return ["./", *(f"./{quote(name)}" for name in files)]


def render_sw(version: str, files: list[str]) -> str:
    urls = json.dumps(precache_urls(files), indent=2)
    return (
        TEMPLATE.read_text(encoding="utf-8")
        .replace('"__VERSION__"', json.dumps(version))
        .replace("__URLS__", urls)
    )


def write_sw(root: Path) -> tuple[list[str], str]:
    """Write `root/sw.js` for the site at `root`; returns the precached files and the version."""
    files = site_files(root)
    version = content_version(root, files)
    (root / SW_NAME).write_text(render_sw(version, files), encoding="utf-8")
    return files, version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO, help="site root to scan and write sw.js into")
    args = parser.parse_args()
    try:
        files, version = write_sw(args.root)
    except MissingFiles as error:
        sys.exit(str(error))
    print(f"{args.root / SW_NAME}: {len(files)} files precached, version {version}")


if __name__ == "__main__":
    main()
