"""The compiled engine's exact arithmetic outside the sweep (:mod:`companion.mousecard._sweep`),
each kernel against plain Python integers on random inputs.

The kernels keep exact integers as 32-bit limbs (lowest first) and sums as twins (the value
mod 2**64 and the same value as a float64): every test draws values large enough to carry
across limbs (and across the 64-bit twin), and compares with Python's own integers.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.mousecard import _sweep, passes
from companion.mousecard.odds import _B, TaskCheck

FIELDS = 5 * _B  # a packed player state's fields but its draws left


def limbs(values: list[int]) -> np.ndarray:
    return passes._to_limbs(np.array(values, dtype=object))


def ints(rows: np.ndarray) -> list[int]:
    return passes._from_limbs(rows).tolist()


def twins(values: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Exact integers (below 2**84) as the sweep keeps them: mod 2**64 and as float64."""
    return (np.array([v % 2**64 for v in values], dtype=np.uint64),
            np.array([float(v) for v in values], dtype=np.float64))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 2**400), min_size=1, max_size=12), st.integers(1, 2**150),
       st.integers(0, 70), st.lists(st.integers(0, 2**300), max_size=4), st.data())
def test_exact_quotients_divide_what_the_divisor_divides_and_flag_the_rest(
        quotients: list[int], odd: int, shift: int, others: list[int], data: st.DataObject) -> None:
    odd |= 1
    g = odd << shift
    rows = [q * g for q in quotients]
    # rows the divisor does not divide: off by a little (a borrow across every limb), or
    # missing a power of two
    for v in others:
        rows.append(v * g + data.draw(st.integers(1, g - 1)) if g > 1 else v)
    got, failed = _sweep.quotients(limbs(rows), shift, limbs([odd])[0], np.uint64(pow(odd, -1, 2**32)))
    assert int(got.max()) < 2**32
    values = ints(got)
    for row, value, bad in zip(rows, values, failed.tolist(), strict=True):
        assert bad == (row % g != 0)
        if not bad:
            assert value == row // g


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2**300), min_size=1, max_size=30), st.integers(1, 2**250))
def test_a_batchs_weights_lose_exactly_their_greatest_common_divisor(
        cofactors: list[int], factor: int) -> None:
    rows = [c * factor for c in cofactors]
    got, g = passes._reduced(limbs(rows))
    if not any(rows):
        assert g == 1 and ints(got) == rows
        return
    assert g == math.gcd(*rows)
    assert [q * g for q in ints(got)] == rows
    assert got.shape[1] == 1 or got[:, -1].any()  # trimmed


def test_weights_that_share_nothing_or_are_one_row_come_back_whole() -> None:
    got, g = passes._reduced(limbs([6, 35, 2**90 + 1]))
    assert g == 1 and ints(got) == [6, 35, 2**90 + 1]
    got, g = passes._reduced(limbs([3 * 2**200]))
    assert g == 3 * 2**200 and ints(got) == [1]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 2**300)), min_size=1, max_size=40),
       st.lists(st.integers(1, 2**200), min_size=1, max_size=5), st.data())
def test_pass_starts_are_brought_over_one_denominator_and_summed_per_start(
        rows: list[tuple[int, int]], factors: list[int], data: st.DataObject) -> None:
    """:func:`._sweep.gather` (through :func:`.passes._sum_rows_by`): every row times its
    chunk's factor, summed per start, against Python integers."""
    which = [data.draw(st.integers(0, len(factors) - 1)) for _ in rows]
    keys = np.array([k << 40 for k, _v in rows], dtype=np.int64)
    starts, sums = passes._sum_rows_by(keys, limbs([v for _k, v in rows]), np.array(which, dtype=np.int64),
                                       factors)
    expected: dict[int, int] = {}
    for (k, v), w in zip(rows, which, strict=True):
        expected[k << 40] = expected.get(k << 40, 0) + v * factors[w]
    assert starts.tolist() == sorted(expected)
    assert ints(sums) == [expected[k] for k in sorted(expected)]
    assert sums.shape[1] == 1 or sums[:, -1].any()  # trimmed


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 5), st.integers(1, 9), st.integers(0, 4),
                                   st.integers(0, 2**84) | st.integers(2**83, 2**84)), max_size=6),
                min_size=1, max_size=8),
       st.data())
def test_new_passes_are_weighed_and_summed_by_start_in_order_of_draws_left(
        members: list[list[tuple[int, int, int, int]]], data: st.DataObject) -> None:
    """:func:`._sweep.spread` with members that lack chips (an entry with fewer chips than
    the member's floor is not the member's), against Python integers; the starts come out
    grouped by draws left, as :meth:`.passes._Passes.wait` keeps them."""
    # weights of a few limbs, their top limbs large (the products carry into the top limbs)
    weights = [data.draw(st.integers(1, 2**500) | st.integers(2**95, 2**96)) for _ in members]
    short = [data.draw(st.integers(0, 2)) for _ in members]
    delta = [data.draw(st.integers(0, 3)) for _ in members]
    floor = [data.draw(st.integers(0, 3)) for _ in members]
    codes, masses, first, count = [], [], [], []
    for entries in members:
        first.append(len(codes))
        count.append(len(entries))
        for s, left, chips, mass in entries:
            codes.append(((left + 2) << FIELDS) | (chips << 2 * _B) | s)
            masses.append(mass)
    expected: dict[int, int] = {}
    for i, entries in enumerate(members):
        for s, left, chips, mass in entries:
            if chips < floor[i]:
                continue
            key = (((left + 2 - short[i]) << FIELDS) | (chips << 2 * _B) | s) + delta[i]
            expected[key] = expected.get(key, 0) + mass * weights[i]

    def arr(xs: list[int]) -> np.ndarray:
        return np.array(xs, dtype=np.int64)

    none = arr([0] * len(first))  # (no member holds more ace bonuses than its run)
    starts, sums = _sweep.spread(arr(first), arr(count), arr(codes or [0]), limbs(masses or [0]), arr(short),
                                 arr(delta), arr(floor), none, none, limbs(weights), FIELDS)
    assert dict(zip(starts.tolist(), ints(sums), strict=True)) == expected
    lefts = (starts >> FIELDS).tolist()
    assert lefts == sorted(lefts)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0, 1, 2, 900]), st.integers(0, 3), st.integers(0, 2),
                          st.integers(0, 9), st.integers(0, 2**84)), min_size=1, max_size=40),
       st.booleans(), st.data())
def test_a_sweeps_outcomes_are_decoded_and_kept_in_order_with_exact_new_pass_masses(
        outcomes: list[tuple[int, int, int, int, int]], two_parts: bool, data: st.DataObject) -> None:
    """:func:`._sweep.arrange` against numpy: codes looked up by kind, keys sorted (stably:
    counted when the runs are few, merged when a run far off spreads the keys), the masses'
    parts permuted alike, and a new pass's exact mass as limbs."""
    ends = np.array([(7 << FIELDS) + b for b in range(10)], dtype=np.int64)
    players = ends + (1 << 32)
    new_passes = np.array([((b % 4 + 1) << FIELDS) + b for b in range(10)], dtype=np.int64)
    diverts = ends + 5
    okeys, values = [], []
    for run, kind, a, b, value in outcomes:
        if kind == 0 and data.draw(st.booleans()):
            b |= 1 << 31  # a member's own end
        okeys.append((((run << 2 | kind) << 8 | a) << 32) | b)
        values.append(value)
    okeys_arr = np.array(okeys, dtype=np.int64)
    shifts = [0, 64] if two_parts else [0]
    parts = [twins([v % 2**64 if two_parts else v for v in values])]
    if two_parts:
        parts.append(twins([v >> 64 for v in values]))
    vu = np.stack([u for u, _f in parts], axis=1)
    vf = np.stack([f for _u, f in parts], axis=1)
    first = data.draw(st.integers(0, 5))
    key, code, su, sf, news, new_limbs, status = _sweep.arrange(
        okeys_arr, first, ends, players, new_passes, diverts, FIELDS, vu, vf,
        np.array(shifts, dtype=np.int64))
    assert status == 0
    want_code, want_key = [], []
    for ok in okeys:
        b, a, kind, run = ok & 0xFFFFFFFF, (ok >> 32) & 0xFF, (ok >> 40) & 3, ok >> 42
        if kind == 0:
            c = int(diverts[b & 0x7FFFFFFF]) | (1 << 62) if b >> 31 else int(ends[b])
        elif kind == 1:
            c = int(players[b])
        elif kind == 2:
            c = int(new_passes[b])
            a = c >> FIELDS
        else:
            c = b
        want_code.append(c)
        want_key.append(((first + run) * 4 + kind) * 256 + a)
    order = np.argsort(np.array(want_key), kind="stable")
    assert key.tolist() == [want_key[i] for i in order]
    assert code.tolist() == [want_code[i] for i in order]
    assert np.array_equal(su, vu[order]) and np.array_equal(sf, vf[order])
    # each new pass's place (in sorted order) with its exact mass
    placed = {t: values[i] for t, i in enumerate(order) if (okeys[i] >> 40) & 3 == 2}
    assert len(news) == len(new_limbs) == len(placed)
    if placed:
        assert dict(zip(news.tolist(), ints(new_limbs), strict=True)) == placed
        assert new_limbs.shape[1] == 1 or new_limbs[:, -1].any()  # trimmed


def test_tables_grow_past_their_first_slots_without_losing_a_start() -> None:
    """Thousands of distinct starts: the hash tables of :func:`._sweep.gather` and
    :func:`._sweep.spread` start small and double (every start placed again)."""
    rng = np.random.default_rng(7)
    n = 30_000
    keys = rng.integers(0, 12_000, n) * 977 + (5 << FIELDS)
    values = [int(v) << 40 for v in rng.integers(1, 2**62, n)]
    which = rng.integers(0, 2, n)
    starts, sums = passes._sum_rows_by(keys, limbs(values), which, [3, 2**100 + 1])
    expected: dict[int, int] = {}
    for k, v, w in zip(keys.tolist(), values, which.tolist(), strict=True):
        expected[k] = expected.get(k, 0) + v * (3, 2**100 + 1)[w]
    assert starts.tolist() == sorted(expected)
    assert ints(sums) == [expected[k] for k in sorted(expected)]
    # one member reading 30,000 entries, another the same ones a draw short
    codes = ((rng.integers(1, 9, n) << FIELDS) + rng.integers(0, 2**20, n)).astype(np.int64)
    one = np.zeros(2, dtype=np.int64)
    starts, sums = _sweep.spread(one, np.full(2, n), codes, limbs(values), np.array([0, 1]), one, one, one,
                                 one, limbs([5, 2**70]), FIELDS)
    expected = {}
    for c, v in zip(codes.tolist(), values, strict=True):
        expected[c] = expected.get(c, 0) + 5 * v
        expected[c - (1 << FIELDS)] = expected.get(c - (1 << FIELDS), 0) + 2**70 * v
    assert dict(zip(starts.tolist(), ints(sums), strict=True)) == expected


def test_a_new_pass_beyond_the_searched_ones_is_flagged() -> None:
    table = np.zeros(2, dtype=np.int64)
    okeys = np.array([(2 << 40) | 5], dtype=np.int64)
    u, f = twins([1])
    *_rest, status = _sweep.arrange(okeys, 0, table, table, table, table, FIELDS, u[:, None], f[:, None],
                                    np.zeros(1, dtype=np.int64))
    assert status == 1


Entry = tuple[int, int, int, int, int]


def reference_read(entries: list[Entry], members: list[Entry], need: int, chips: int, bonus: int, nsucc: int,
                   ncols: int) -> list[int]:
    """What :func:`._sweep.read` computes, with Python integers: entries (run, kind, a, code,
    value), members (run, short, delta, floor, weight)."""
    out = [0] * (ncols + 3)
    for run, short, delta, floor, weight in members:
        for r, kind, a, code, value in entries:
            if r != run:
                continue
            if kind in (1, 2) and (short == 0 or a != short):
                continue
            if kind in (0, 3) and a <= short:
                continue
            if kind == 3:
                if code >> 1 >= floor:
                    out[ncols + (code & 1)] += value * weight
                continue
            held = (code >> 2 * _B) & 0xFF
            if (code >> 62 & 1 and held != floor) or held < floor:
                continue
            fs, fbad, spent, canc = (int(x) for x in _sweep.outcome(
                np.int64((code & ((1 << 40) - 1)) + delta), need, chips, bonus))
            out[fs] += value * weight
            out[nsucc + fbad] += value * weight
            out[ncols + 1] += value * weight * canc
            out[ncols + 2] += value * weight * spent
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3), st.integers(0, 4), st.integers(0, 4),
                          st.integers(0, 3), st.integers(0, 3), st.integers(0, 2), st.booleans(),
                          st.integers(0, 2**80)), min_size=1, max_size=30),
       st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3), st.integers(0, 2), st.integers(0, 2),
                          st.integers(1, 2**300)), min_size=1, max_size=8, unique_by=lambda m: m[:4]),
       st.integers(1, 6), st.integers(0, 3), st.sampled_from(_sweep.BONUSES), st.booleans())
def test_members_read_their_runs_outcomes_weighed_and_summed_per_column(
        raw: list[tuple[int, ...]], members: list[tuple[int, int, int, int, int]], need: int, chips: int,
        bonus: str, two_parts: bool) -> None:
    """:func:`._sweep.read` against Python integers: each member reads its run's entries by
    its shortfall and its floor, its ends' outcomes as :func:`._sweep.outcome` gives them,
    and every column's sum is weighed by the member's exact weight (a few hundred bits)."""
    entries = []
    for run, kind, a, s, ab, bad, held, diverted, value in raw:
        ch = min(held, chips)  # chips held: at most the check's
        if kind == 3:
            code = 2 * ch + (bad & 1)
        else:
            code = (s << 4 * _B) | (ab << 3 * _B) | (ch << 2 * _B) | (bad << _B) | (bad & 1 if ab else 0)
            if kind == 0 and diverted:
                code |= 1 << 62
        entries.append((run, kind, a, code, value))
    # the kernel's inputs: entries sorted by key, each kind's bounds per run, masses as twins
    entries.sort(key=lambda e: (e[0] * 4 + e[1]) * 256 + e[2])
    key = np.array([(r * 4 + k) * 256 + a for r, k, a, _c, _v in entries], dtype=np.int64)
    code = np.array([c for _r, _k, _a, c, _v in entries], dtype=np.int64)
    values = [v for *_x, v in entries]
    if two_parts:  # a pass cut in parts: the part above 2**64 counts 2**64 times
        parts = [twins([v % 2**64 for v in values]), twins([v >> 64 for v in values])]
        shifts = [0, 64]
    else:
        parts, shifts = [twins(values)], [0]
    vu = np.stack([u for u, _f in parts], axis=1)
    vf = np.stack([f for _u, f in parts], axis=1)
    bounds = np.searchsorted(key, (np.arange(3)[:, None] * 4 + np.arange(5)[None, :]) * 256)
    nsucc = 4 + 4 + chips + 1 + 3
    ncols = nsucc + 4 + 3 + 1
    # a member's difference from its run: more successes and bad cards (packed)
    members = [(r, short, (ds << 4 * _B) | (ds << _B), floor, w) for r, short, ds, floor, w in members]
    run, short, delta, floor, weight = (list(x) for x in zip(*members, strict=True))
    none = [0] * len(run)  # (no member holds more ace bonuses than its run)
    columns = (np.array(x, dtype=np.int64) for x in (run, short, delta, floor, none, none))
    got, status = _sweep.read(key, code, vu, vf, np.array(shifts, dtype=np.int64), bounds, *columns,
                              limbs(weight), need, chips, _sweep.BONUSES.index(bonus), nsucc, ncols)
    assert status == 0
    assert int(got.max()) < 2**32
    assert ints(got) == reference_read(entries, members, need, chips, _sweep.BONUSES.index(bonus), nsucc,
                                       ncols)


def test_the_slowest_known_check_stays_exact_after_the_weights_lose_their_common_factor() -> None:
    """A check drawing on with many passes (the batches' weights share hundreds of bits):
    the compiled engine agrees with the plain one (see tests/test_mousecard_engines.py)."""
    from companion.mousecard import odds

    check = TaskCheck(9, 8, need=6, situation="red-bad", fate_chips=4, kings="always", red_bad="all",
                      stop_when_sure=False)
    fast = odds._exact_odds.__wrapped__(check, None)
    odds.VECTORISED = False
    try:
        slow = odds._exact_odds.__wrapped__(check, None)
    finally:
        odds.VECTORISED = True
    assert fast == slow
