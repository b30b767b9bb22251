"""The figures of docs/reliability.md: what the fuzzing of `tests/test_fuzz.py` tried and how each ended.

Runs the same seeded inputs as `make test` (or, with `--soak`, as `make soak`) and prints, as
Markdown tables, the count of each outcome, then per game and per kind of damage. Deterministic:
the same code gives the same figures.

    .venv/bin/python tools/fuzz_report.py [--soak]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from test_fuzz import FUZZ, PARTS, Tally, run_part  # noqa: E402


def group(outcome: str) -> str:
    """The column of an outcome in the tables: a refusal's family (its reasons are in the first table),
    any other outcome whole ("decoded: another valid game", "crash: TypeError")."""
    family = outcome.split(":")[0]
    return family if family in ("refused", "set aside", "set aside on replay") else outcome


def row(cells: list[object]) -> str:
    return "| " + " | ".join(f"{cell:,}" if isinstance(cell, int) else str(cell) for cell in cells) + " |"


def table(tally: Tally, column: int, name: str, rows: list[str]) -> str:
    """Per game (column 0) or per damage (1): how many were tried and how each family of outcomes ended."""
    families = sorted({group(key[2]) for key in tally.counts})
    counts: Counter[tuple[str, str]] = Counter()
    for key, count in tally.counts.items():
        counts[key[column], group(key[2])] += count
    tried = tally.by(column)
    return "\n".join([row([name, "tried", *families]), row(["---"] * (len(families) + 2)),
                      *(row([r, tried[r], *(counts[r, f] for f in families)]) for r in rows)])


def report(title: str, tally: Tally, kinds: list[str], seconds: float) -> str:
    outcomes = sorted(tally.by(2).items())
    return "\n\n".join((
        f"### {title}: {tally.counts.total():,} tried, {len(tally.findings)} findings "
        f"({seconds:.1f} s of CPU)",
        "\n".join([row(["outcome", "count"]), row(["---", "---"]), *(row([o, c]) for o, c in outcomes)]),
        table(tally, 0, "game", sorted(tally.by(0))),
        table(tally, 1, "damage", kinds),
        *tally.findings,
    ))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--soak", action="store_true", help="the inputs of `make soak` (ten times more)")
    soak = parser.parse_args().soak
    for what, (_fuzz, _count, damage) in FUZZ.items():
        tally = Tally()
        start = time.process_time()
        for part in range(PARTS):
            run_part(what, part, soak, tally)
        print(report(what.capitalize(), tally, list(damage), time.process_time() - start), end="\n\n")

if __name__ == "__main__":
    main()
