"""The memory snapshot of Python's start: made from one build of app.zip, precached with the site,
and set aside by `ui.snapshot.settle` when the files it is restored over are of another build."""

from __future__ import annotations

import gzip
import importlib
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
vendor = importlib.import_module("vendor")
build_sw = importlib.import_module("build_sw")

# Run in a fresh interpreter: settling forgets the app's modules, as the page's start does.
SETTLE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from ui import snapshot
import games.core, ui.i18n
snapshot.BUILD_FILE = __import__("pathlib").Path(sys.argv[2])
results = {"fresh": snapshot.settle()}
snapshot.made_from = snapshot.build()
results["same build"] = snapshot.settle()
results["kept"] = snapshot.app_modules()
snapshot.made_from = "an older build"
results["another build"] = snapshot.settle()
results["left"] = snapshot.app_modules()  # the function outlives its forgotten module
print(json.dumps(results))
"""


def test_settle_forgets_the_modules_of_a_snapshot_of_another_build(tmp_path: Path) -> None:
    mark = tmp_path / "build.txt"
    mark.write_text("the build of the files\n", encoding="ascii")
    run = subprocess.run([sys.executable, "-c", SETTLE, str(ROOT / "py"), str(mark)], capture_output=True,
                         text=True, timeout=60, check=True)
    results = __import__("json").loads(run.stdout)
    assert results["fresh"] is True  # nothing was restored
    assert results["same build"] is True
    assert {"games.core", "ui.i18n", "ui.snapshot"} <= set(results["kept"])
    assert results["another build"] is False
    assert results["left"] == []  # imported again, from the files, by what comes next


def test_app_zip_carries_the_digest_of_its_other_files() -> None:
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "app.zip") as archive:
        entries = [(name, archive.read(name)) for name in archive.namelist() if name != vendor.BUILD_ENTRY]
        mark = archive.read(vendor.BUILD_ENTRY).decode()
    assert mark == vendor.app_build(entries)
    name, content = entries[0]
    assert vendor.app_build([(name, content + b"\n"), *entries[1:]]) != mark  # any change is another build


def test_the_snapshot_is_made_by_the_build_and_precached_with_the_site() -> None:
    snapshot = ROOT / "static" / "vendor" / "start.snapshot"
    with gzip.open(snapshot) as inflated:  # gzip: a browser inflates it natively
        header = inflated.read(4)
        size = 4 + len(inflated.read())
    assert header == b"\0snp"  # Pyodide's snapshot mark
    assert size > 30 << 20  # Python's whole initial memory, and a header
    assert "static/vendor/start.snapshot" in build_sw.site_files(ROOT)
    assert snapshot.stat().st_mtime >= (ROOT / "static" / "vendor" / "app.zip").stat().st_mtime

