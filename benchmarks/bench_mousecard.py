"""Mouse Card task-check odds: how long one exact check takes from a full deck.

The target: any check up to skill 10 answers in under 50 ms. Every check is computed
cold (the result cache bypassed) and timed in CPU time. Times are printed in ms and as a
ratio against a baseline run in the same process: one exact hypergeometric probability
with Fractions (P(at least one J-or-better among 10 cards), the simplest exact answer there
is), so the figures stay comparable between machines.

1. The checks a game master calls most, at skill 10.
2. The grid: skill 1-10 x need 1-5 (at most the skill) x Aged 0-3 x 0-2 fate chips x both
   modes x 5 situations x 13 targets (62,400 checks). Skill 10 with need 4-5 (the slow
   part, 3,120 checks) is run in full, skill 8-9 with need 4-5 at 30%, the rest at 4% (a
   fixed sample, about 6,000 checks and 45 s). Each check is timed once; the 25 slowest
   are timed again (best of 3, so that a busy machine does not make a worst case).
   ``--quick`` runs a quarter of that.
3. The known-slow corner (skill 10, need 4-5, Aged 3, 2 fate chips, cautious), best of 3.
4. Beyond the grid, for the record: need 6-10 with Aged 3, disadvantage 3 and 3 chips.
5. The whole range: skill 1-10 x need 1-10 (at most the skill) x Aged 0-3 x disadvantage 0-3
   x 0-3 fate chips x both modes x 5 situations x 13 targets x every policy. A fixed sample
   (150 checks, 3 in 4 of them with need 6-10 at skill 8-10, where the time goes) plus
   section 4's corner; each check timed once, the 8 slowest again (best of 2). Reports the
   worst check and the worst per need, so a regression anywhere in need 1-10 shows.
6. The whole range with the default policies (the ones that maximise success, which every
   tool uses unless told otherwise): a fixed sample of 120 checks, 3 in 4 of them with need
   6-10 at skill 8-10, plus section 4's corner; the 10 slowest timed again (best of 3).
7. The two exact engines on the slowest checks known: plain Python (the reference) against
   the compiled engine that takes over large checks (companion/mousecard/passes.py, its
   inner loop compiled with numba in _sweep.py), with the ratio.
8. The book's choices (kings' cards: best, always, never; bonuses: best, cancel, success)
   with the default reading that a player sure to succeed stops: a fixed sample of 300
   checks at skill 8-10, every need, Aged and disadvantage 0-3, 0-3 chips, both modes.
9. The house reading "draws on when sure" (stop_when_sure=False) with every choice: a
   fixed sample of 300 checks at skill 8-10. A player who keeps drawing past certainty
   (most of all taking every king's card) makes the largest checks there are; they stay
   under the target here (worst about 20 ms), and section 10 maps the ones that do not.
10. Many fate chips (4-20; the book sets no limit, the tools allow 20), a fixed sample of 150
   checks at skill 8-10 with every choice, (a) stopping when sure and (b) drawing on, then
   the slowest draw-on checks known. Stopping when sure stays far under the target; drawing
   on, a player who cancels every bad card while still sure keeps drawing through long
   passes, and those checks took up to about 0.2 s (0.4 s before pass starts that differ in
   chips shared one pass; about 0.11 s before the search and the glue around the sweep were
   compiled; about 75 ms before starts that differ only in how their bonus splits between ace
   bonuses and chips shared one run, 2026-11-25). (c) The region where the target is still
   missed, mapped: every red card bad, every king's card taken, drawing on when sure,
   cautious, skill 10, with 3-20 chips, every need and target (``--quick``: median about
   42 ms, a third of the cells over 50 ms, the slowest about 64 ms; it was 55, 26 of 45 and
   74 ms before that last change). The slowest cell is timed again (best of 3).
11. Above skill 10 (outside the target), for the record: a pass longer than the kernel's
   exact uint64/float64 pairs allow is cut, and its states go on in further sweeps
   (passes.py, _Passes._exact_sweep); before, plain Python took 1-80 s for these.
12. The answer's wall-clock time on one core and on all of the machine's cores: a batch of
   several long runs is split among threads (passes.THREADS), which only the slowest checks
   (drawing on) need. Sections 1-11 time one core (passes.THREADS = 1), in CPU time.
13. The other house readings (``bad_succeeds``, ``cancel_draws_on``), each on or off at
   random, with every choice and stopping when sure: a fixed sample of 150 checks at skill
   8-10 (printed before section 11, with the other one-core samples).
14. Where the slowest check known spends its time (one core, best of 5): each compiled step
   of the engine (the sweep of a batch of pass runs, the members' reading of their runs'
   outcomes, the new passes they start, the search of player states ...), the rest (Python
   glue), and the pass runs each batch sweeps. It shows where the next gain must come from:
   section 10c's cells are several batches of a few to a dozen runs each, swept in full.

numpy and numba are loaded once before timing, as in a session. numba compiles the sweep
the first time it is ever used (about 10 s, which run.py does right after installing) and
caches it on disk; a new process then loads it in about 0.4 s with the first large check.

    .venv/bin/python benchmarks/bench_mousecard.py [--quick]
"""

from __future__ import annotations

import itertools
import math
import os
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import per_call

import companion.mousecard.odds as engine
import companion.mousecard.passes as passes
from companion.mousecard.odds import BONUS_POLICIES, KING_POLICIES, TaskCheck, _exact_odds

BUDGET_MS = 50.0
SITUATIONS = ("calm", "combat", "unknown", "combat-unknown", "red-bad")
TARGETS = tuple(range(2, 15))


def baseline() -> Fraction:
    return 1 - Fraction(math.comb(38, 10), math.comb(54, 10))


def cold(check: TaskCheck, runs: int = 1, clock: Any = time.process_time) -> float:
    """Seconds for one check computed from scratch (best of ``runs``): CPU time by default,
    so that other processes on a busy machine count as little as possible; section 12 passes
    the wall clock."""
    best = float("inf")
    for _ in range(runs):
        t = clock()
        _exact_odds.__wrapped__(check, None)
        best = min(best, clock() - t)
    return best


def grid(quick: bool) -> list[TaskCheck]:
    """Section 2's checks: the slow part of the grid in full, a fixed sample of the rest."""
    rng = random.Random(4)
    out = []
    for skill, need, aged, chips, mode, situation, target in itertools.product(
            range(1, 11), range(1, 6), range(4), range(3), ("cautious", "broke"), SITUATIONS, TARGETS):
        if need > skill:
            continue
        share = (1.0 if skill == 10 else 0.3 if skill >= 8 else 0.04) if need >= 4 else 0.04
        keep = rng.random() < (share / 4 if quick else share)
        if keep:
            out.append(TaskCheck(skill, target, need=need, situation=situation, aged=aged, mode=mode,
                                 fate_chips=chips))
    return out


def whole_range(quick: bool, policies: bool = True) -> list[TaskCheck]:
    """Section 5's checks (every policy varied) or section 6's (the default policies): a fixed
    sample over every parameter, weighted towards large needs, plus section 4's corner."""
    rng = random.Random(10 if policies else 11)
    out = [TaskCheck(10, 7, need=need, situation="combat", aged=3, disadvantage=3, fate_chips=3)
           for need in (6, 8, 10)]
    for n in range((40 if quick else 150) if policies else (30 if quick else 120)):
        skill = rng.randint(8, 10) if n % 4 else rng.randint(1, 10)
        need = rng.randint(6, skill) if n % 4 else rng.randint(1, skill)
        args: dict[str, Any] = dict(
            need=need, situation=rng.choice(SITUATIONS), aged=rng.randint(0, 3),
            disadvantage=rng.randint(0, 3), mode=rng.choice(("cautious", "broke")),
            fate_chips=rng.randint(0, 3))
        if policies:
            args.update(kings=rng.choice(KING_POLICIES), bonus=rng.choice(BONUS_POLICIES))
        args["red_bad"] = rng.choice(("joker", "all"))
        if policies:
            args["stop_when_sure"] = rng.random() < 0.8
        out.append(TaskCheck(skill, rng.choice(TARGETS), **args))
    return out


def report(label: str, times: list[float], base: float) -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    over = sum(1 for x in ms if x >= BUDGET_MS)
    print(f"{label}: {len(ms)} checks  median {statistics.median(ms):.2f} ms  p95 {p95:.2f} ms  "
          f"worst {ms[-1]:.2f} ms ({ms[-1] / (base * 1000):,.0f}x baseline)  over {BUDGET_MS:.0f} ms: {over}")


def sample(title: str, checks: list[TaskCheck], base: float, again: int, runs: int
           ) -> list[tuple[float, TaskCheck]]:
    """Time every check once, the ``again`` slowest again (best of ``runs``), report; slowest first."""
    start = time.perf_counter()
    timed = sorted(((cold(check), check) for check in checks), key=lambda x: x[0], reverse=True)
    timed = sorted([(cold(check, runs), check) for _t, check in timed[:again]] + timed[again:],
                   key=lambda x: x[0], reverse=True)
    report(title, [t for t, _c in timed], base)
    worst_t, worst_c = timed[0]
    print(f"   worst: {worst_t * 1000:.2f} ms = {worst_t / base:,.0f}x baseline: {worst_c.describe()}"
          f"  [{time.perf_counter() - start:.0f} s wall]")
    return timed


SLOWEST = (
    TaskCheck(10, 7, need=6, situation="combat", aged=3, disadvantage=3, fate_chips=3),
    TaskCheck(10, 7, need=8, situation="combat", aged=3, disadvantage=3, fate_chips=3),
    TaskCheck(10, 5, need=10, situation="combat", aged=3, disadvantage=3, fate_chips=3),
    TaskCheck(10, 7, need=3, situation="unknown", disadvantage=1, fate_chips=1, kings="always",
              bonus="cancel", stop_when_sure=False),
    TaskCheck(9, 9, need=1, situation="red-bad", aged=3, disadvantage=3, fate_chips=3, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(10, 10, need=9, situation="red-bad", mode="broke", aged=2, disadvantage=2, fate_chips=1,
              kings="always", bonus="cancel", red_bad="all"),
    TaskCheck(10, 2, need=10, situation="red-bad", mode="broke", aged=3, fate_chips=1, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(9, 4, situation="red-bad", mode="broke", aged=3, fate_chips=1, kings="always", red_bad="all",
              stop_when_sure=False),
    TaskCheck(8, "J", need=8, situation="red-bad", mode="broke", kings="always", red_bad="all",
              stop_when_sure=False),
    TaskCheck(10, "J", need=8, situation="red-bad", mode="broke", aged=3, disadvantage=3, fate_chips=3,
              kings="always", bonus="success", red_bad="all", stop_when_sure=False),
    TaskCheck(10, "Q", need=9, situation="combat", aged=2, disadvantage=2, fate_chips=2, kings="always",
              stop_when_sure=False),
    TaskCheck(9, "J", need=9, situation="red-bad", aged=2, disadvantage=3, fate_chips=2, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(10, 6, need=7, situation="red-bad", aged=2, disadvantage=3, fate_chips=3, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(10, 6, need=8, situation="red-bad", disadvantage=2, fate_chips=3, bonus="cancel", red_bad="all",
              stop_when_sure=False),
)


#: Section 10: drawing on when sure with many fate chips, the largest checks there are (a
#: player sure from the start who cancels every bad card while still sure, taking every king's
#: card, keeps drawing through long passes; about half a million (deck, player) states for the
#: first, 2.4 million before pass starts that differ in chips shared one pass).
MANY_CHIPS = (
    TaskCheck(10, 6, need=7, situation="red-bad", aged=2, disadvantage=3, fate_chips=12, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(10, 6, need=7, situation="red-bad", aged=2, disadvantage=3, fate_chips=20, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(10, 4, need=2, situation="red-bad", disadvantage=2, fate_chips=8, kings="always",
              bonus="cancel", red_bad="all", stop_when_sure=False),
    TaskCheck(10, 6, need=7, situation="red-bad", aged=2, disadvantage=3, fate_chips=8, kings="always",
              red_bad="all", stop_when_sure=False, mode="broke"),
)


#: Section 11: skills above 10 (outside the target; the tools allow 20).
ABOVE_10 = (
    *(TaskCheck(skill, 6, need=7, situation="red-bad", red_bad="all", fate_chips=3)
      for skill in (12, 16, 20)),
    TaskCheck(14, 6, need=7, situation="red-bad", red_bad="all", fate_chips=3, kings="always",
              stop_when_sure=False),
    TaskCheck(20, 6, need=7, situation="red-bad", red_bad="all", fate_chips=3, kings="always",
              stop_when_sure=False),
)


def policies(seed: int, n: int, stop: bool, chips: tuple[int, int] = (0, 3),
             readings: bool = False) -> list[TaskCheck]:
    """Sections 8-10 and 13: a fixed sample at skill 8-10 over every need, situation, bonus
    and choice, stopping when sure (``stop``) or drawing on, with ``chips`` (lowest, highest)
    fate chips; with ``readings``, the other house readings varied too."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        skill = rng.randint(8, 10)
        out.append(TaskCheck(skill, rng.choice(TARGETS), need=rng.randint(1, skill),
                             situation=rng.choice(SITUATIONS), aged=rng.randint(0, 3),
                             disadvantage=rng.randint(0, 3), mode=rng.choice(("cautious", "broke")),
                             fate_chips=rng.randint(*chips), kings=rng.choice(KING_POLICIES),
                             bonus=rng.choice(BONUS_POLICIES), red_bad=rng.choice(("joker", "all")),
                             stop_when_sure=stop, bad_succeeds=not readings or rng.random() < 0.5,
                             cancel_draws_on=not readings or rng.random() < 0.5))
    return out


def plain(check: TaskCheck) -> float:
    """CPU seconds for the plain-Python engine alone (once: it only sets the ratio)."""
    engine.VECTORISED = False
    try:
        return cold(check)
    finally:
        engine.VECTORISED = True


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    passes.THREADS = 1  # sections 1-11: one core (section 12 compares)
    # loads numpy and numba (and compiles the sweep if numba has not cached it yet)
    _exact_odds.__wrapped__(TaskCheck(10, 7, need=6, situation="combat", aged=3), None)
    base = per_call(baseline, 2000, clock=time.process_time)
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
        t = cold(check, 2)
        print(f"   {t * 1000:7.2f} ms  {t / base:8,.0f}x  {check.describe()}")
    print()
    checks = grid(quick)
    start = time.perf_counter()
    timed = [(cold(check), check) for check in checks]
    timed.sort(key=lambda x: x[0], reverse=True)
    confirmed = [(cold(check, 3), check) for _t, check in timed[:25]]  # re-time the slowest
    times = [t for t, _c in confirmed] + [t for t, _c in timed[25:]]
    worst = max(confirmed, key=lambda x: x[0])
    report("2. grid (skill 1-10, need 1-5, Aged 0-3, chips 0-2, both modes, all situations, all targets)",
           times, base)
    print(f"   worst: {worst[0] * 1000:.2f} ms = {worst[0] / base:,.0f}x baseline: {worst[1].describe()}"
          f"  [{time.perf_counter() - start:.0f} s wall]")
    print()
    corner = [TaskCheck(10, target, need=need, situation=situation, aged=3, fate_chips=2)
              for target, situation, need in itertools.product((7, 10, 11, 14), ("combat", "red-bad"),
                                                               (4, 5))]
    timed = [(cold(check, 3), check) for check in corner]
    report("3. known-slow corner (skill 10, need 4-5, Aged 3, 2 chips, cautious)", [t for t, _c in timed],
           base)
    worst = max(timed, key=lambda x: x[0])
    print(f"   worst: {worst[0] * 1000:.2f} ms = {worst[0] / base:,.0f}x baseline: {worst[1].describe()}")
    print()
    print("4. beyond the grid (need 6-10, Aged 3, disadvantage 3, 3 chips, cautious), for the record")
    for need in ((6, 8, 10) if not quick else (6,)):
        check = TaskCheck(10, 7, need=need, situation="combat", aged=3, disadvantage=3, fate_chips=3)
        t = cold(check, 2)
        print(f"   {t * 1000:7.2f} ms  {t / base:8,.0f}x  {check.describe()}")
    print()
    timed = sample("5. whole range (skill 1-10, need 1-10, Aged and disadvantage 0-3, chips 0-3, both modes, "
                   "all situations, targets and policies)", whole_range(quick), base, again=8, runs=2)
    by_need: dict[int, float] = {}
    for t, check in timed:
        by_need[check.need] = max(by_need.get(check.need, 0.0), t)
    for t, check in timed[1:5]:
        print(f"   next: {t * 1000:.2f} ms  {check.describe()}")
    print("   worst by need: " + "  ".join(f"{n}: {t * 1000:.0f} ms" for n, t in sorted(by_need.items())))
    print()
    timed = sample("6. whole range, default policies (skill 1-10, need 1-10, Aged and disadvantage 0-3, "
                   "chips 0-3, both modes, all situations and targets)", whole_range(quick, policies=False),
                   base, again=10, runs=3)
    for t, check in timed[1:3]:
        print(f"   next: {t * 1000:.2f} ms  {check.describe()}")
    print()
    print("7. the slowest checks known: plain Python engine -> compiled engine (ratio)")
    for check in SLOWEST[:2] if quick else SLOWEST:
        fast, slow = cold(check, 3), plain(check)
        print(f"   {slow * 1000:8.1f} ms -> {fast * 1000:6.1f} ms  {slow / fast:5.1f}x  {check.describe()}")
    print()
    n = 75 if quick else 300
    sample("8. the book's choices, stopping when sure (skill 8-10, every need, kings and bonus policy)",
           policies(12, n, stop=True), base, again=10, runs=3)
    print()
    timed = sample("9. drawing on when sure (skill 8-10, every need, kings and bonus policy)",
                   policies(13, n, stop=False), base, again=10, runs=3)
    for t, check in timed[1:4]:
        print(f"   next: {t * 1000:.2f} ms  {check.describe()}")
    print()
    n = 40 if quick else 150
    sample("10a. many fate chips (4-20), stopping when sure (skill 8-10, every need and choice)",
           policies(14, n, stop=True, chips=(4, 20)), base, again=8, runs=3)
    timed = sample("10b. many fate chips (4-20), drawing on when sure (skill 8-10, every need and choice)",
                   policies(15, n, stop=False, chips=(4, 20)), base, again=8, runs=2)
    for t, check in timed[1:6]:
        print(f"   next: {t * 1000:.2f} ms  {check.describe()}")
    region = [TaskCheck(10, target, need=need, situation="red-bad", fate_chips=chips, kings="always",
                        red_bad="all", stop_when_sure=False)
              for chips, need, target in itertools.product(
                  (3, 4, 8, 13, 20) if quick else range(3, 21), (1, 7, 10) if quick else (1, 4, 7, 10),
                  (4, 8, 12) if quick else (2, 4, 6, 8, 10, 12, 14))]
    timed = sorted(((cold(check), check) for check in region), key=lambda x: x[0], reverse=True)
    times = [t for t, _c in timed]
    over = sum(t > 0.05 for t in times)
    print(f"   10c. the region still over the target (every red card bad, kings always, drawing on, "
          f"skill 10, {len(region)} checks): median {statistics.median(times) * 1000:.1f} ms, {over} over "
          f"50 ms, slowest {cold(timed[0][1], 3) * 1000:.1f} ms: {timed[0][1].describe()}")
    print("   the slowest known (drawing on with many chips):")
    for check in MANY_CHIPS[:1] if quick else MANY_CHIPS:
        t = cold(check, 2)
        print(f"   {t * 1000:7.1f} ms  {t / base:8,.0f}x  {check.describe()}")
    print()
    sample("13. the other house readings (a bad card no success; a cancelled bad card ends the draw), "
           "each on or off, stopping when sure (skill 8-10, every need and choice)",
           policies(16, 40 if quick else 150, stop=True, readings=True), base, again=8, runs=3)
    print()
    print("11. above skill 10, for the record (passes cut where they outgrow exact uint64/float64 pairs)")
    for check in ABOVE_10[:2] if quick else ABOVE_10:
        t = cold(check)
        print(f"   {t * 1000:8.1f} ms  {t / base:9,.0f}x  {check.describe()}")
    print()
    cores = os.cpu_count() or 1
    print(f"12. answer time (wall clock, best of 3): one core -> all {cores} cores (ratio)")
    for check in (MANY_CHIPS[:1] if quick else MANY_CHIPS[:3]) + SLOWEST[-3:]:
        passes.THREADS = 1
        one = cold(check, 3, time.perf_counter)
        passes.THREADS = None
        every = cold(check, 3, time.perf_counter)
        print(f"   {one * 1000:7.1f} ms -> {every * 1000:7.1f} ms  {one / every:4.2f}x  {check.describe()}")
    passes.THREADS = None
    print()
    breakdown(MANY_CHIPS[0])


def breakdown(check: TaskCheck) -> None:
    """Section 14: the slowest check's CPU time per compiled step, the rest, and the runs per batch."""
    from companion.mousecard import _search, _sweep

    spent: dict[str, float] = {}
    runs: list[int] = []
    kernels = ("sweep", "read", "spread", "arrange", "gather", "quotients", "times")
    steps = [(_sweep, name) for name in kernels]
    steps += [(_search, name) for name in ("search", "tables", "bases", "numbered")]
    originals = [(module, name, getattr(module, name)) for module, name in steps]

    def timed(name: str, f: Any) -> Any:
        def call(*args: Any) -> Any:
            began = time.process_time()
            try:
                return f(*args)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - began
                if name == "sweep":
                    runs.append(int(args[7]))  # (its nruns)
        return call

    passes.THREADS = 1
    best: tuple[float, dict[str, float], list[int]] | None = None
    try:
        for module, name, f in originals:
            setattr(module, name, timed(name, f))
        for _ in range(5):
            spent.clear()
            runs.clear()
            began = time.process_time()
            _exact_odds.__wrapped__(check, None)
            total = time.process_time() - began
            if best is None or total < best[0]:
                best = (total, dict(spent), list(runs))
    finally:
        for module, name, f in originals:
            setattr(module, name, f)
        passes.THREADS = None
    assert best is not None
    total, spent, runs = best
    print(f"14. where the slowest check known spends its time (one core, best of 5): {total * 1000:.1f} ms, "
          f"{check.describe()}")
    parts = sorted(spent.items(), key=lambda x: -x[1])
    print("   in ms: " + "  ".join(f"{name} {t * 1000:.1f}" for name, t in parts if t >= 0.0005)
          + f"  the rest (Python) {(total - sum(spent.values())) * 1000:.1f}")
    print(f"   pass runs swept per batch (most draws left first): {runs}")


if __name__ == "__main__":
    main(sys.argv[1:])
