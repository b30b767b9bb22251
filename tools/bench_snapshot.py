"""Issue 14's study of Pyodide's memory snapshot, outside the app: `python tools/bench_snapshot.py`.

bench/snapshot.html boots the vendored Pyodide without PyScript (PyScript passes no snapshot option to
`loadPyodide`), unpacks the app's files and imports its Python, first to make a snapshot
(`loadPyodide({_makeSnapshot: true})`, `makeMemorySnapshot()`), then timed from scratch and from that
snapshot (`loadPyodide({_loadSnapshot})`), cold (fresh profile) and warm (relaunched on it), interleaved.
The snapshot is served as a plain file by the same local static server; its compressed sizes say what a
host serving a Brotli or gzip copy would send.

`--only table` also imports what a TransAmerica table needs (its rules, face and svgwrite): Python's heap
then outgrows the build's initial 30 MiB, and the vendored Pyodide cannot load that snapshot (its
`restoreSnapshot` copies the heap into the initial memory: "RangeError: offset is out of bounds").
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]  # no type hints published
from bench import ROOT, load_once

SNAPSHOT_JS = """async () => {
    const reader = new FileReader();
    const read = new Promise((done) => { reader.onload = () => done(reader.result); });
    reader.readAsDataURL(new Blob([window.snapshot]));
    return (await read).split(",", 2)[1];
}"""


def make_snapshot(playwright: Any, url: str, only: str) -> tuple[bytes, int]:
    """The snapshot the page makes after the imports, and how many of them it found."""
    from support import CHROMIUM, FLAGS
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
    try:
        page = browser.new_page()
        page.goto(f"{url}bench/snapshot.html?mode=make&only={only}")
        page.wait_for_function("window.snapshot !== undefined", timeout=120_000)
        return base64.b64decode(page.evaluate(SNAPSHOT_JS)), int(page.evaluate("window.snapImported"))
    finally:
        browser.close()


def serve_with(snapshot: bytes, folder: Path) -> None:
    """A site root holding the app's static/ and bench/ and the snapshot beside the study's page."""
    (folder / "static").symlink_to(ROOT / "static")
    (folder / "bench").mkdir()
    for page in ("snapshot.html", "snapshot.js"):
        (folder / "bench" / page).symlink_to(ROOT / "bench" / page)
    (folder / "bench" / "snapshot.bin").write_bytes(snapshot)


def study(playwright: Any, runs: int, only: str) -> dict[str, Any]:
    from support import Site
    site = Site(ROOT)
    site.start()
    try:
        snapshot, imported = make_snapshot(playwright, site.url, only)
    finally:
        site.stop()
    figures: dict[str, Any] = {"imports": only, "modules_imported": imported, "snapshot_bytes": len(snapshot),
                               "snapshot_gzip_bytes": len(gzip.compress(snapshot, 6)),
                               "snapshot_brotli_bytes": len(brotli.compress(snapshot, quality=9))}
    times: dict[str, dict[str, list[float]]] = {mode: {"cold": [], "warm": []} for mode in ("plain", "load")}
    received: dict[str, list[int]] = {mode: [] for mode in times}
    with tempfile.TemporaryDirectory() as folder:
        serve_with(snapshot, Path(folder))
        site = Site(Path(folder))
        site.start()
        try:
            for _ in range(runs):
                for mode in times:  # interleaved, so drift hits both alike
                    url = f"{site.url}bench/snapshot.html?mode={mode}&only={only}"
                    with tempfile.TemporaryDirectory() as profile:
                        ms, count = load_once(playwright, Path(profile), url, "window.snapReadyAt", True)
                        if ms < 0:
                            raise RuntimeError(f"{url} failed: its window.snapError says why")
                        times[mode]["cold"].append(ms)
                        received[mode].append(count)
                        ms, _ = load_once(playwright, Path(profile), url, "window.snapReadyAt", False)
                        times[mode]["warm"].append(ms)
        finally:
            site.stop()
    for mode, kinds in times.items():
        figures[mode] = {kind: {"median_ms": round(statistics.median(samples)), "min_ms": round(min(samples)),
                                "max_ms": round(max(samples))} for kind, samples in kinds.items()}
        figures[mode]["cold_bytes"] = int(statistics.median(received[mode]))
    figures["runs"] = runs
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold and warm loads per mode")
    parser.add_argument("--only", choices=("start", "table"), default="start",
                        help="snapshot after the start's imports, or after a TransAmerica table's too")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        print(json.dumps(study(playwright, args.runs, args.only), indent=1))


if __name__ == "__main__":
    main()
