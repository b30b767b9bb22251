"""Build dist/: exactly the files the app needs (the service worker's own list) plus their sw.js.

The result is a folder any static host serves as is; its pages carry their Content-Security-Policy in
a meta element, so the host needs no headers (a host that can send them may add `frame-ancestors`,
which a meta element cannot set). Deploy by replacing the whole folder: pages already open keep the
version they started with, from their worker's cache, until they reload.

Beside each text file and the WebAssembly runtime, dist/ holds a Brotli copy `<file>.br` and a gzip
copy `<file>.gz` (each only where it is at least 5% smaller), byte-identical from one build to the
next. A host that knows them sends one to a browser that accepts its encoding, under the original's
name and type; the worker caches what the browser decoded, so they are in no list of its. Hosts:
* nginx: `gzip_static on;` (ngx_http_gzip_static_module, built with `--with-http_gzip_static_module`)
  and `brotli_static on;` (the ngx_brotli module), in the `server` or `location` serving dist/;
* Caddy: `file_server { precompressed br gzip }`;
* Apache httpd: mod_rewrite rules that rewrite a request to its `.br`/`.gz` copy when the request's
  Accept-Encoding allows it, keeping the original's type and adding the Content-Encoding header;
* GitLab Pages serves the `.br`/`.gz` copies by itself; GitHub Pages ignores them (it serves `.gz`
  files as plain files) and gzips responses on the fly; `python3 -m http.server` ignores them.
Usage: `python3 tools/dist.py [--root DIR] [--out DIR]`.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import sys
from pathlib import Path, PurePosixPath

import brotli
from build_sw import REPO, SW_NAME, MissingFiles, site_files, write_sw

# What is worth compressing, measured on the vendored site: text shrinks 60-85% with Brotli, and so does
# pyodide.asm.wasm (9.6 MB to 2.7 MB; 3.5 MB with gzip). Not the .zip and .whl archives (app.zip,
# python_stdlib.zip, the wheels): their members are deflated already, so Brotli saves 2-5% on them for
# seconds of build; nor images or fonts, which are compressed formats too.
COMPRESSIBLE = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".svg", ".toml", ".py", ".txt", ".webmanifest", ".wasm"}
)
# A copy that saves less than this share of its original is not worth a file of its own.
MIN_SAVING = 0.05


class UnsafeOutput(ValueError):
    """The output folder is not something this tool may wipe."""


def clear_output(out: Path, root: Path) -> None:
    """Remove a previous build; refuse the site itself, its parents, or a folder that is not a build."""
    if not out.exists():
        return
    target, site = out.resolve(), root.resolve()
    if target == site or target in site.parents:
        raise UnsafeOutput(f"{out} holds the site itself")
    if any(target.iterdir()) and not (target / SW_NAME).is_file():
        raise UnsafeOutput(f"{out} is not empty and has no {SW_NAME}: not a previous build, left alone")
    shutil.rmtree(target)


def compressed_copies(name: str, data: bytes) -> dict[str, bytes]:
    """The copies dist/ holds of the file `name` with bytes `data`, by suffix (".br", ".gz").

    gzip's header would carry the time of the build: mtime=0 keeps two builds byte-identical."""
    if PurePosixPath(name).suffix not in COMPRESSIBLE:
        return {}
    copies = {".br": brotli.compress(data, quality=11), ".gz": gzip.compress(data, 9, mtime=0)}
    return {suffix: copy for suffix, copy in copies.items() if len(copy) <= len(data) * (1 - MIN_SAVING)}


def write_compressed(out: Path, files: list[str]) -> list[str]:
    """Write the compressed copies of the listed files of `out` beside them; returns their names."""
    written = []
    for name in files:
        source = out / name
        for suffix, copy in compressed_copies(name, source.read_bytes()).items():
            target = source.with_name(source.name + suffix)
            target.write_bytes(copy)
            # nginx recommends a copy with its original's modification time (it validates caches).
            stat = source.stat()
            os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            written.append(name + suffix)
    return written


def build_dist(root: Path, out: Path) -> list[str]:
    """Copy the site's files from `root` into `out` and write its sw.js; returns every file written."""
    files = site_files(root)
    clear_output(out, root)
    for name in files:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    write_sw(out)
    return [*files, SW_NAME]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO, help="site root to copy from")
    parser.add_argument("--out", type=Path, default=REPO / "dist", help="output folder (replaced)")
    args = parser.parse_args()
    try:
        served = build_dist(args.root, args.out)
    except (MissingFiles, UnsafeOutput) as error:
        sys.exit(str(error))
    copies = write_compressed(args.out, served)

    def megabytes(names: list[str]) -> str:
        return f"{sum((args.out / name).stat().st_size for name in names) / 1e6:.1f} MB"

    print(f"{args.out}: {len(served)} files, {megabytes(served)}, and {len(copies)} compressed copies, "
          f"{megabytes(copies)}")


if __name__ == "__main__":
    main()
