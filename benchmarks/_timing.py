"""Timing for the benchmarks: best of several runs, so a busy shared machine shows less.

Figures are only compared as ratios against a baseline timed in the same process.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def per_call(fn: Callable[[], object], repeat: int, *, runs: int = 3,
             clock: Callable[[], float] = time.perf_counter) -> float:
    """Best of ``runs`` runs of ``repeat`` calls: seconds per call (``clock=time.process_time``
    for CPU time)."""
    best = float("inf")
    for _ in range(runs):
        t = clock()
        for _ in range(repeat):
            fn()
        best = min(best, (clock() - t) / repeat)
    return best
