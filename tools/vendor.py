"""Install the pinned browser runtime into static/vendor/ and package the Python app for the page.

* Pyodide and @pyscript/core come from node_modules (installed by `npm ci` from package-lock.json);
  only the files the page loads are copied, never source maps.
* The pure-Python wheels (svgwrite draws the boards, segno encodes QR codes) come from PyPI, pinned;
  PyScript unpacks each through `[files]` (no micropip), so pyscript.toml lists every one of them.
* `app.zip` holds the `games` and `ui` packages; it is written byte-for-byte reproducibly (fixed
  timestamps, sorted entries) so the service worker's content hash only changes when the code does.
* `app.css` is the page's one stylesheet: PyScript's and every sheet of styles/, in cascade order. One
  request instead of seven: the browser starts PyScript's chain to Pyodide sooner (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
PINNED_WHEELS = ("svgwrite==1.4.3", "segno==1.6.6")
PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)
APP_PACKAGES = ("games", "ui")
APP_SUFFIXES = (".py", ".json")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)
BUILD_ENTRY = "ui/build.txt"  # ui/snapshot.py reads it
# The page's stylesheet, in cascade order: PyScript's own, the app's, the boards', one per game.
STYLESHEETS = (
    "static/vendor/pyscript/core.css", "styles/app.css", "styles/board.css", "styles/transamerica.css",
    "styles/trick_of_the_rails.css", "styles/freight_train.css", "styles/locomotion.css",
)


def copy_runtime(node_modules: Path) -> None:
    pyodide_src = node_modules / "pyodide"
    pyscript_src = node_modules / "@pyscript" / "core" / "dist"
    if not pyodide_src.is_dir() or not pyscript_src.is_dir():
        sys.exit("node_modules is missing pyodide or @pyscript/core: run `npm ci` first")
    (VENDOR / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, VENDOR / "pyodide" / name)
    target = VENDOR / "pyscript"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for path in sorted(pyscript_src.iterdir()):
        # PyScript's own service worker is for its worker mode, which we do not use.
        if path.suffix in (".js", ".css") and path.name != "service-worker.js":
            shutil.copy2(path, target / path.name)


def wheel_file(pin: str) -> str:
    """The file of a pinned pure-Python wheel: "name==version" -> "name-version-py3-none-any.whl"."""
    name, version = pin.split("==")
    return f"{name}-{version}-py3-none-any.whl"


WHEEL_FILES = tuple(wheel_file(pin) for pin in PINNED_WHEELS)
SVGWRITE_WHEEL = WHEEL_FILES[0]  # tools/build_sw.py requires it by name


def fetch_wheels() -> None:
    missing = {pin: name for pin, name in zip(PINNED_WHEELS, WHEEL_FILES, strict=True)
               if not (VENDOR / name).exists()}
    if not missing:
        return
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--dest", str(VENDOR), *missing],
        check=True,
    )
    # pyscript.toml names the files: a wheel published under another tag must fail here, not at boot.
    absent = [name for name in missing.values() if not (VENDOR / name).exists()]
    if absent:
        sys.exit(f"pip downloaded no {', '.join(absent)}: check the tags of the wheels in {VENDOR}")


def write_if_changed(target: Path, data: bytes) -> None:
    """Write `target` only when its content changes: an unchanged build keeps its time stamp."""
    if not target.exists() or target.read_bytes() != data:
        tmp = target.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(target)


def stylesheet(root: Path = ROOT) -> str:
    """The page's one stylesheet: each of STYLESHEETS under a comment naming it."""
    unlisted = sorted(path.name for path in (root / "styles").glob("*.css")
                      if f"styles/{path.name}" not in STYLESHEETS)
    if unlisted:
        sys.exit(f"styles/ holds {', '.join(unlisted)}, which STYLESHEETS in tools/vendor.py does not list")
    parts = ((name, (root / name).read_text(encoding="utf-8")) for name in STYLESHEETS)
    return "".join(f"/* {name} */\n{text.rstrip()}\n" for name, text in parts)


def build_stylesheet() -> None:
    write_if_changed(VENDOR / "app.css", stylesheet().encode())


def build_app_zip() -> Path:
    target = VENDOR / "app.zip"
    files = sorted(
        path for package in APP_PACKAGES for path in (ROOT / "py" / package).rglob("*")
        if path.is_file() and path.suffix in APP_SUFFIXES and "__pycache__" not in path.parts
    )
    entries = [(path.relative_to(ROOT / "py").as_posix(), path.read_bytes()) for path in files]
    entries.append((BUILD_ENTRY, app_build(entries).encode()))
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, content)
    write_if_changed(target, data.getvalue())
    return target


def app_build(entries: list[tuple[str, bytes]]) -> str:
    """The app's build: a digest of its files' names and bytes, and of the wheels it is unpacked with
    (by name, which carries the pinned version). A memory snapshot notes the build it was made from,
    and Python's start compares it with the files it was given (ui/snapshot.py)."""
    digest = hashlib.sha256(" ".join(WHEEL_FILES).encode())
    for name, content in sorted(entries):
        digest.update(f"{name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app-only", action="store_true", help="only rebuild app.zip and app.css")
    args = parser.parse_args()
    VENDOR.mkdir(parents=True, exist_ok=True)
    if not args.app_only:
        copy_runtime(ROOT / "node_modules")
        fetch_wheels()
    build_app_zip()
    build_stylesheet()


if __name__ == "__main__":
    main()
