"""Mouse Card task-check odds: how long one exact check takes from a full deck.

The target: any check up to skill 10 answers in under 50 ms. Every check is computed
cold (the result cache bypassed) and timed in CPU time (best of two). Times are printed
in ms and as a ratio against a baseline run in the same process: one exact
hypergeometric probability with Fractions (P(at least one J-or-better among 10 cards),
the simplest exact answer there is), so the figures stay comparable between machines.

1. The checks a game master calls most, at skill 10.
2. A sweep: skills 1, 5, 10 x 8 targets x 5 situations x 2 modes x need 1-3 x Aged 0/2 x
   0/1 fate chip (2,880 checks): median, 95th percentile, worst, and how many exceed 50 ms.
3. The extreme corner (need 4-5 with Aged 3 and 2 fate chips), reported separately.

    .venv/bin/python benchmarks/bench_mousecard.py
"""

from __future__ import annotations

import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.mousecard.odds import TaskCheck, _exact_odds

BUDGET_MS = 50.0


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """Best of three runs, CPU seconds per call."""
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        for _ in range(repeat):
            fn()
        best = min(best, (time.process_time() - t) / repeat)
    return best


def baseline() -> Fraction:
    return 1 - Fraction(math.comb(38, 10), math.comb(54, 10))


def cold(check: TaskCheck) -> float:
    """CPU seconds for one check, computed from scratch (best of 2; CPU time, so that other
    processes on a busy machine do not count)."""
    best = float("inf")
    for _ in range(2):
        t = time.process_time()
        _exact_odds.__wrapped__(check, None)
        best = min(best, time.process_time() - t)
    return best


def report(label: str, times: list[float], base: float) -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    over = sum(1 for x in ms if x >= BUDGET_MS)
    print(f"{label}: {len(ms)} checks  median {statistics.median(ms):.2f} ms  p95 {p95:.2f} ms  "
          f"worst {ms[-1]:.2f} ms ({ms[-1] / (base * 1000):,.0f}x baseline)  over {BUDGET_MS:.0f} ms: {over}")


def main() -> None:
    base = per_call(baseline, 2000)
    print(f"baseline: one exact hypergeometric (Fraction) {base * 1e6:.1f} us")
    print()
    typical = [
        TaskCheck(10, "J"),
        TaskCheck(10, "J", situation="combat"),
        TaskCheck(10, "J", situation="combat", mode="broke"),
        TaskCheck(10, "Q", situation="combat-unknown", aged=2),
        TaskCheck(10, "Q", situation="combat-unknown", aged=2, mode="broke"),
        TaskCheck(10, "K", need=2, situation="unknown", disadvantage=1, fate_chips=1),
        TaskCheck(10, "A", situation="red-bad", aged=1, mode="broke"),
        TaskCheck(10, "9", need=3, situation="combat", aged=1, fate_chips=1),
    ]
    print("1. typical checks at skill 10")
    for check in typical:
        t = cold(check)
        print(f"   {t * 1000:7.2f} ms  {t / base:8,.0f}x  {check.describe()}")
    print()
    grid = list(itertools.product(
        (1, 5, 10), (2, 5, 8, 10, 11, 12, 13, 14),
        ("calm", "combat", "unknown", "combat-unknown", "red-bad"), ("cautious", "broke"),
        (1, 2, 3), (0, 2), (0, 1)))
    times, worst = [], (0.0, "")
    for skill, target, situation, mode, need, aged, chips in grid:
        check = TaskCheck(skill, target, need=need, situation=situation, aged=aged, mode=mode,
                          fate_chips=chips)
        t = cold(check)
        times.append(t)
        if t > worst[0]:
            worst = (t, check.describe())
    report("2. sweep", times, base)
    print(f"   slowest: {worst[1]}")
    print()
    extreme = list(itertools.product((10,), (7, 10, 11, 14), ("combat", "red-bad"), ("cautious", "broke"),
                                     (4, 5), (3,), (2,)))
    times, worst = [], (0.0, "")
    for skill, target, situation, mode, need, aged, chips in extreme:
        check = TaskCheck(skill, target, need=need, situation=situation, aged=aged, mode=mode,
                          fate_chips=chips)
        t = cold(check)
        times.append(t)
        if t > worst[0]:
            worst = (t, check.describe())
    report("3. extreme corner", times, base)
    print(f"   slowest: {worst[1]}")


if __name__ == "__main__":
    main()
