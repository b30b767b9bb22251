"""Puts `py/` on the import path so engines, drawing and shared modules run under plain CPython."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
