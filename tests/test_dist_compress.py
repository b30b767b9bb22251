"""dist/'s precompressed copies: each decodes to its original, is smaller, is the same from one build to
the next, is left out where it would not pay, and is never in the service worker's list."""

from __future__ import annotations

import gzip
import random
import subprocess
import sys
from pathlib import Path

import brotli

from test_offline_build import FAKE_SITE, ROOT, build_sw, dist, make_site

TEXT = "".join(f"<p>Rule {n}: a track joins two dots; cities are scored.</p>\n" for n in range(400))
NOISE = random.Random(7).randbytes(30_000)  # compresses by nothing, like an already compressed file


def build(site: Path, out: Path) -> list[str]:
    """dist/ as `tools/dist.py` builds it: the site, its worker, then the compressed copies."""
    return dist.write_compressed(out, dist.build_dist(site, out))


def test_copies_decode_to_the_original_and_are_smaller() -> None:
    data = TEXT.encode()
    copies = dist.compressed_copies("rules/ta.en.html", data)
    assert sorted(copies) == [".br", ".gz"]
    assert brotli.decompress(copies[".br"]) == data
    assert gzip.decompress(copies[".gz"]) == data
    assert all(len(copy) <= 0.95 * len(data) for copy in copies.values())
    assert len(copies[".br"]) < len(copies[".gz"])


def test_copies_that_would_not_pay_are_skipped() -> None:
    assert dist.compressed_copies("static/vendor/pyodide/pyodide.asm.wasm", NOISE) == {}
    assert dist.compressed_copies("py/ui/locales/en.json", b"{}") == {}  # headers outweigh the bytes
    # Archives are left alone by name, however well this one would shrink: real ones are deflated.
    assert dist.compressed_copies("static/vendor/app.zip", TEXT.encode()) == {}
    assert dist.compressed_copies("static/icon.png", TEXT.encode()) == {}


def fake_site(root: Path) -> Path:
    site = make_site(root, {**FAKE_SITE, "rules/ta.en.html": TEXT})
    (site / "static/vendor/pyodide/pyodide.asm.wasm").write_bytes(NOISE)
    return site


def test_dist_writes_the_copies_beside_their_files_reproducibly(tmp_path: Path) -> None:
    site = fake_site(tmp_path / "site")
    first, second = tmp_path / "one", tmp_path / "two"
    copies = build(site, first)
    assert build(site, second) == copies
    assert {"rules/ta.en.html.br", "rules/ta.en.html.gz", "sw.js.br", "sw.js.gz"} <= set(copies)
    assert not any(name.startswith("static/vendor/pyodide/pyodide.asm.wasm") for name in copies)
    for name in copies:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
        original = (first / name[:-3]).read_bytes()
        decode = brotli.decompress if name.endswith(".br") else gzip.decompress
        assert decode((first / name).read_bytes()) == original, name
        assert (first / name).stat().st_mtime_ns == (first / name[:-3]).stat().st_mtime_ns
    assert (first / "rules/ta.en.html.gz").read_bytes()[4:8] == bytes(4)  # no build time in the header


def test_the_copies_are_not_precached(tmp_path: Path) -> None:
    site = fake_site(tmp_path / "site")
    out = tmp_path / "dist"
    served = dist.build_dist(site, out)
    worker = (out / "sw.js").read_text(encoding="utf-8")
    assert dist.write_compressed(out, served)
    assert not any(".br" in line or ".gz" in line for line in worker.splitlines() if '"./' in line)
    # Even a worker built again over dist/, copies and all, lists and hashes the same files.
    assert build_sw.site_files(out) == build_sw.site_files(site)
    build_sw.write_sw(out)
    assert (out / "sw.js").read_text(encoding="utf-8") == worker


def test_command_line_reports_the_copies(tmp_path: Path) -> None:
    site = fake_site(tmp_path / "site")
    out = tmp_path / "out"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "dist.py"), "--root", str(site), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "compressed copies" in run.stdout
    assert (out / "rules/ta.en.html.br").is_file() and (out / "rules/ta.en.html.gz").is_file()
