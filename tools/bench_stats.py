"""The one percentile rule of the benchmark's tables (tools/bench.py and the modules it reads)."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The sample at fraction `q` of the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]
