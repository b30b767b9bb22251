"""Build dist/: exactly the files the app needs (the service worker's own list) plus their sw.js.

The result is a folder any static host serves as is; its pages carry their Content-Security-Policy in
a meta element, so the host needs no headers (a host that can send them may add `frame-ancestors`,
which a meta element cannot set). Deploy by replacing the whole folder: pages already open keep the
version they started with, from their worker's cache, until they reload.
Usage: `python3 tools/dist.py [--root DIR] [--out DIR]`.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from build_sw import REPO, SW_NAME, MissingFiles, site_files, write_sw


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
        written = build_dist(args.root, args.out)
    except (MissingFiles, UnsafeOutput) as error:
        sys.exit(str(error))
    size = sum((args.out / name).stat().st_size for name in written)
    print(f"{args.out}: {len(written)} files, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
