"""The inner loop of the compiled engine (:mod:`.passes`), compiled with numba.

One *batch* of passes is swept in one call, run by run, each layer by layer (layer n: n
cards drawn in the pass). A state is (pass run, player state, cards drawn per category);
states that meet again are merged in an open-addressing hash table, so every layer costs
one visit per state and category. Masses are kept exactly as in :mod:`.passes`: the value
modulo 2**64 (``uint64`` wraps exactly) and the same value as a float64. A sweep returns
each run's outcomes by draws left (:func:`sweep`, kept in order by :func:`arrange`); each
member of a run then reads them from its own draws left and shifted by its own difference,
once the bonuses left are spent (:func:`read`, :func:`outcome`), and the members' exact
weights multiply and sum what they read as 32-bit limbs: per outcome (:func:`read`) and per
new pass (:func:`spread`). A batch's pass starts are brought over one denominator and summed
per start (:func:`gather`), and their common factor is divided out (:func:`quotients`).

Why compiled: a layer is a few thousand to a hundred thousand states, each drawing one of
up to 8 categories. numpy needs some 25 calls per layer (and a sort to merge), and their
fixed costs dominated checks with a high need; here the whole batch is one call. numba
compiles this module once and caches the machine code beside it (``cache=True``).

Everything here is plain arithmetic over arrays; the rules live in :mod:`.passes` (the
move tables) and :mod:`.odds` (:func:`outcome` is :func:`.odds._finalize` for one code,
and a property test holds the two together).
"""

from __future__ import annotations

import numba
import numpy as np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: multiply, keep the top bits
#: (run, player) pairs up to which a batch finds its rows by direct index, not by hashing
#: (an int32 each: 64 MB at most, for the largest checks only; the probe and its cache
#: misses were a third of the sweep, and half of it on broke checks with thousands of runs)
DENSE_ROWS = 1 << 24


@numba.njit(cache=True)
def _slot(table: np.ndarray, key: np.int64, bits: int) -> int:
    """The slot of ``key`` in an open-addressing table of 2**bits (key, row) pairs (key -1: empty)."""
    mask = (1 << bits) - 1
    h = np.int64((np.uint64(key) * _GOLDEN) >> np.uint64(64 - bits))
    while table[h, 0] != -1 and table[h, 0] != key:
        h = (h + 1) & mask
    return h


@numba.njit(cache=True)
def _doubled(table: np.ndarray, keys: np.ndarray, slots: np.ndarray, n: int, bits: int) -> int:
    """Twice the slots for a hash table's n keys (``keys[t]`` at row t, in slot ``slots[t]``):
    every key placed again in the first 2**(bits+1) slots of its buffer; returns bits + 1.
    Called only when the table is half full, so it stays out of the loops' way."""
    for t in range(n):
        table[slots[t], 0] = -1
    bits += 1
    for t in range(n):
        h = _slot(table, keys[t], bits)
        table[h, 0] = keys[t]
        table[h, 1] = t
        slots[t] = h
    return bits


@numba.njit(cache=True)
def _hashed(keys: np.ndarray, n: int, bits: int) -> np.ndarray:
    """A new hash table of 2**bits (key, row) slots holding ``keys[0 .. n-1]`` (at rows 0 .. n-1),
    for a table that outgrew its slots (the compiled search's, :mod:`._search`)."""
    table = np.full((1 << bits, 2), -1, dtype=np.int64)
    for row in range(n):
        h = _slot(table, keys[row], bits)
        table[h, 0] = keys[row]
        table[h, 1] = row
    return table


@numba.njit(cache=True)
def _bits_for(n: int) -> int:
    """Table bits for n entries at most half full."""
    bits = 4
    while (1 << bits) < 2 * n:
        bits += 1
    return bits


@numba.njit(cache=True)
def _grown(a: np.ndarray, n: int, cap: int) -> np.ndarray:
    """``a`` (its first n entries kept) with room for ``cap`` entries."""
    if len(a) >= cap:
        return a
    b = np.empty(max(cap, 2 * len(a)), dtype=a.dtype)
    b[:n] = a[:n]
    return b


@numba.njit(cache=True)
def _grown_rows(a: np.ndarray, n: int, cap: int) -> np.ndarray:
    """:func:`_grown` for a table: room for ``cap`` rows."""
    if len(a) >= cap:
        return a
    b = np.empty((max(cap, 2 * len(a)), a.shape[1]), dtype=a.dtype)
    b[:n] = a[:n]
    return b


@numba.njit(cache=True)
def _table(n: int, table: np.ndarray) -> np.ndarray:
    """An empty hash table for n entries (``table`` itself when it is big enough)."""
    if len(table) >= 2 * n:
        return table
    return np.full((1 << _bits_for(n), 2), -1, dtype=np.int64)


BONUSES = ("best", "cancel", "success")  #: the bonus policies, numbered for :func:`outcome`


@numba.njit(cache=True)
def outcome(code: np.int64, need: int, chips: int, bonus: int) -> tuple[int, int, int, int]:
    """The outcome of a check that ends as ``code`` (successes, ace bonuses, chips, bad cards,
    bad aces, 8 bits each) once the bonuses left are spent, as :func:`.odds._finalize`:
    (successes, bad cards in effect, chips spent, bad cards cancelled at the end).
    ``bonus``: the policy's place in :data:`BONUSES`."""
    s, ab, ch = (code >> 32) & 0xFF, (code >> 24) & 0xFF, (code >> 16) & 0xFF
    bad, bace = (code >> 8) & 0xFF, code & 0xFF
    spent, canc = chips - ch, 0
    lone = ab == 1 and bad == 1 and bace == 1  # the only ace is the only bad card: it cannot cancel itself
    if bonus == 0:  # "best": reach the need first (aces before chips), then cancel, then extra successes
        gap = max(0, need - s)
        if ab + ch >= gap:
            use = min(ab, gap)
            s, ab, ch, spent = s + gap, ab - use, ch - (gap - use), spent + gap - use
    if bonus != 2:  # cancel: aces first (they cost nothing), then chips
        k = 0 if lone else min(bad, ab)
        bad, ab, canc = bad - k, ab - k, canc + k
        k = min(bad, ch)
        bad, ch, spent, canc = bad - k, ch - k, spent + k, canc + k
    s += ab
    if bonus != 0:  # chips only when they make the check succeed
        gap = need - s
        if 0 < gap <= ch:
            s, spent = s + gap, spent + gap
    return s, bad, spent, canc


@numba.njit(cache=True)
def _first_above(key: np.ndarray, lo: int, hi: int, value: int) -> int:
    """The first index in ``lo`` .. ``hi`` (sorted keys) whose key is above ``value``."""
    while lo < hi:
        mid = (lo + hi) // 2
        if key[mid] <= value:
            lo = mid + 1
        else:
            hi = mid
    return lo


@numba.njit(cache=True, nogil=True, inline="always")
def _high(u: np.uint64, f: float) -> np.uint64:
    """The bits above the lowest 64 of an exact sum kept as its value mod 2**64 (``u``) and
    as a float64 (``f``), as :func:`.passes._exact` finds them (see :mod:`.passes`)."""
    # rounded to the nearest integer (the quotient is within 2**-20 of one, and not negative):
    # as a truncation, which is cheaper than a call to rint
    return np.uint64(np.int64((f - float(u)) * (1.0 / 18446744073709551616.0) + 0.5))


@numba.njit(cache=True, nogil=True, inline="always")
def _add_exact(limbs: np.ndarray, row: int, u: np.uint64, f: float, shift: int) -> None:
    """Add to ``limbs[row]`` (32-bit limbs, carried later: :func:`_carry`) the exact sum kept as its
    twins ``u`` (mod 2**64) and ``f`` (a float64), ``shift`` bits up (a multiple of 32), as
    :func:`.passes._exact` finds it."""
    low = np.uint64(0xFFFFFFFF)
    above = _high(u, f)
    o = shift // 32
    limbs[row, o] += u & low
    limbs[row, o + 1] += u >> np.uint64(32)
    limbs[row, o + 2] += above & low
    limbs[row, o + 3] += above >> np.uint64(32)


@numba.njit(cache=True, nogil=True, inline="always")
def _used(limbs: np.ndarray, row: int, used: int) -> int:
    """The limbs the rows so far need (``used``, at least 1), with ``limbs[row]`` (carried) too: the rest,
    zero in every row, are cut off the array returned."""
    for k in range(limbs.shape[1] - 1, used - 1, -1):
        if limbs[row, k]:
            return k + 1
    return used


@numba.njit(cache=True, nogil=True)
def read(key: np.ndarray, code: np.ndarray, vu: np.ndarray, vf: np.ndarray, shifts: np.ndarray,
         bounds: np.ndarray, mem_run: np.ndarray, mem_short: np.ndarray, mem_delta: np.ndarray,
         mem_floor: np.ndarray, mem_aces: np.ndarray, mem_ch0: np.ndarray, weight: np.ndarray, need: int,
         chips: int, bonus: int, nsucc: int,
         ncols: int) -> tuple:
    """What the members read off their runs' outcomes, each weighed by its exact ``weight``
    (32-bit limbs, row i) and summed per outcome column. The outcomes (from :func:`sweep`)
    are kept sorted by ``key`` = (run * 4 + kind) * 256 + a; run r's entries of kind k are
    ``bounds[r, k]`` .. ``bounds[r, k + 1] - 1``, each with its packed ``code`` and its mass
    in parts: part p (``vu[e, p]`` mod 2**64, ``vf[e, p]`` as float64) counts
    2**``shifts[p]`` times (a multiple of 64).

    A member starts ``mem_short[i]`` draws short of its run (whose moves never read the
    draws left, only whether they ran out) and differs from it by ``mem_delta[i]`` in the
    other fields (packed, signed): it is in the pass while its run has more than that many
    draws left (kinds 0 and 3: ``a`` above it), and its pass ends with a draw that leaves its
    run exactly that many (kind 1, ``a`` equal to it) or with a joker drawn then (kind 2, a
    new pass with that many draws left). An end's code plus the member's difference gives,
    once the bonuses left are spent (:func:`outcome`), its column of successes (below
    ``nsucc``) and of bad cards (from ``nsucc``, below ``ncols``).

    A member may hold less bonus (ace bonuses and chips) than its run, ``mem_floor[i]`` less
    (see :meth:`.passes._Automaton._base`): it is in the pass only while its run holds at
    least that many chips (the run's chips only go down), so it reads only what the run did
    then (the chips held, or left after a cancel, at least ``mem_floor[i]``), and where the run
    spends a chip it lacks, its own end instead (an end with bit 62 set in its code, read when
    the run holds exactly ``mem_floor[i]`` chips). A member holding ``mem_aces[i]`` more ace
    bonuses than its run (whose bonus is all chips) paid with them the first chips the run
    spent: at an end where the run holds ``held`` of the ``mem_ch0[i]`` chips it started with,
    ``min(mem_aces[i], mem_ch0[i] - held)`` of the member's ace bonuses are chips instead.

    Members of one run with the same shortfall read the same entries: those are summed by
    code once for all of them (the same end met with other draws left is one sum; about
    half the entries on long checks drawing on), and each member reads the sums into
    columns of its own (uint64 and float64 twins, per part), whose exact values then
    multiply its weight, as limbs (:func:`_add_product`).

    Returns, per column (successes, bad cards, then the cards drawn, the bad cards
    cancelled and the chips spent: ``ncols + 3`` rows), the weighed sum as 32-bit limbs
    (carried, lowest first), and a status (2: an outcome beyond its columns). New passes
    are left to :func:`spread`.

    Why one call: reading into dense (column, member) matrices, finding their non-zero
    cells and gathering those for a separate weighing took longer than the reading itself.
    """
    nmem = len(mem_run)
    nparts = vu.shape[1]
    nout = ncols + 3
    top = 0
    for p in range(nparts):
        top = max(top, shifts[p] // 32)
    xw = top + 5  # a column's exact value: parts below 2**(shift + 104), summed
    acc = np.zeros((nout, xw + weight.shape[1] + 1), dtype=np.uint64)
    cu = np.zeros((nout, nparts), dtype=np.uint64)  # one member's columns
    cf = np.zeros((nout, nparts), dtype=np.float64)
    x = np.zeros((1, xw), dtype=np.uint64)
    fields = (np.int64(1) << 40) - 1
    split = (np.int64(1) << 16) - (np.int64(1) << 24)  # one ace bonus's worth moved to chips
    diverted, side = np.int64(1) << 62, np.int64(1) << 61  # an end's own bit; a kind 3 entry's tag
    status = 0
    order = np.argsort(mem_run * 256 + mem_short)  # members by (run, shortfall)
    most = 1
    for r in range(len(bounds)):
        most = max(most, bounds[r, 4] - bounds[r, 0])
    bits = _bits_for(most)
    table = np.full((1 << bits, 2), -1, dtype=np.int64)
    gcode = np.empty(most, dtype=np.int64)  # a group's sums: code (kind 3 tagged), uint64, float64
    gu = np.empty((most, nparts), dtype=np.uint64)
    gf = np.empty((most, nparts), dtype=np.float64)
    slots = np.empty(most, dtype=np.int64)
    g0 = 0
    while g0 < nmem:
        r, short = mem_run[order[g0]], mem_short[order[g0]]
        g1 = g0
        while g1 < nmem and mem_run[order[g1]] == r and mem_short[order[g1]] == short:
            g1 += 1
        n = 0
        for k in range(4):
            lo, hi = bounds[r, k], bounds[r, k + 1]
            base = (r * 4 + k) * 256 + short
            if k == 1 or k == 2:  # a draws left equal to the member's shortfall
                if short == 0:
                    continue
                lo = _first_above(key, lo, hi, base - 1)
                hi = _first_above(key, lo, hi, base)
            else:  # more draws left than the member's shortfall
                lo = _first_above(key, lo, hi, base)
            for e in range(lo, hi):
                # kind 3: 2 ch, cards drawn; 2 ch + 1, bad cards cancelled
                c = code[e] | side if k == 3 else code[e] & (fields | diverted)
                h = _slot(table, c, bits)
                if table[h, 0] == -1:
                    table[h, 0] = c
                    table[h, 1] = n
                    gcode[n], slots[n] = c, h
                    for p in range(nparts):
                        gu[n, p] = 0
                        gf[n, p] = 0.0
                    n += 1
                t = table[h, 1]
                for p in range(nparts):
                    gu[t, p] += vu[e, p]
                    gf[t, p] += vf[e, p]
        for t in range(n):
            table[slots[t], 0] = -1
        for j in range(g0, g1):
            i = order[j]
            delta, floor, aces, ch0 = mem_delta[i], mem_floor[i], mem_aces[i], mem_ch0[i]
            cu[:, :] = 0
            cf[:, :] = 0.0
            # (with one part, the sums of cancels and chips spent stay in registers: every
            # entry adds to them, and through memory each waited for the one before)
            canc_u, canc_f, spent_u, spent_f = np.uint64(0), 0.0, np.uint64(0), 0.0
            for t in range(n):
                c = gcode[t]
                if c & side:
                    c ^= side
                    if (c >> 1) >= floor:
                        for p in range(nparts):
                            cu[ncols + (c & 1), p] += gu[t, p]
                            cf[ncols + (c & 1), p] += gf[t, p]
                    continue
                held = (c >> 16) & 0xFF
                if ((c >> 62) & 1 and held != floor) or held < floor:
                    continue
                # the member's split of its bonus: its ``aces`` more ace bonuses than the run pay for
                # the first chips the run spent (``ch0 - held``), then it pays as the run does
                moved = min(aces, max(ch0 - held, 0)) * split
                fs, fbad, spent, canc = outcome((c & fields) + delta + moved, need, chips, bonus)
                if fs >= nsucc or nsucc + fbad >= ncols:
                    status = 2
                    continue
                if nparts == 1:
                    u, f = gu[t, 0], gf[t, 0]
                    cu[fs, 0] += u
                    cf[fs, 0] += f
                    cu[nsucc + fbad, 0] += u
                    cf[nsucc + fbad, 0] += f
                    canc_u += u * np.uint64(canc)
                    canc_f += f * canc
                    spent_u += u * np.uint64(spent)
                    spent_f += f * spent
                    continue
                for p in range(nparts):
                    u, f = gu[t, p], gf[t, p]
                    cu[fs, p] += u
                    cf[fs, p] += f
                    cu[nsucc + fbad, p] += u
                    cf[nsucc + fbad, p] += f
                    cu[ncols + 1, p] += u * np.uint64(canc)
                    cf[ncols + 1, p] += f * canc
                    cu[ncols + 2, p] += u * np.uint64(spent)
                    cf[ncols + 2, p] += f * spent
            cu[ncols + 1, 0] += canc_u
            cf[ncols + 1, 0] += canc_f
            cu[ncols + 2, 0] += spent_u
            cf[ncols + 2, 0] += spent_f
            for col in range(nout):
                used = False
                for p in range(nparts):
                    if cf[col, p] != 0.0:
                        used = True
                if not used:
                    continue
                x[0, :] = 0
                for p in range(nparts):  # the exact value from its twins (as :func:`.passes._exact`)
                    _add_exact(x, 0, cu[col, p], cf[col, p], shifts[p])
                _carry(x, 0)
                _add_product(acc, col, x, 0, weight, i)
        g0 = g1
    for col in range(nout):
        _carry(acc, col)
    return acc, status


def workspace() -> tuple[np.ndarray, ...]:
    """Buffers for :func:`sweep`, reused from call to call (it returns them, grown as needed):
    fresh memory costs page faults that took a third of the time."""
    tab = np.full((16, 2), -1, dtype=np.int64)
    i64, u64, f64 = np.empty(0, dtype=np.int64), np.empty(0, dtype=np.uint64), np.empty(0, dtype=np.float64)
    return (tab, i64, np.empty((0, 1), dtype=np.uint64), np.empty((0, 1), dtype=np.float64), tab.copy(),
            i64, i64.copy(), u64, u64.copy(), u64.copy(), u64.copy(), f64, f64.copy(), i64.copy(),
            np.empty(0, dtype=np.int32))


# nogil: a page computes in a background thread, and the notebook's own thread stays free
# to handle the controls while a long sweep runs
@numba.njit(cache=True, nogil=True)
def sweep(table: np.ndarray, cancels: np.ndarray, divert: np.ndarray, size: int, ncat: int, nend: int,
          joker_counts: np.ndarray, nruns: int, start_run: np.ndarray, start_player: np.ndarray,
          start_low: np.ndarray, start_rest: np.ndarray, start_u: np.ndarray, start_f: np.ndarray,
          m: int, depth: int, fnow_u: np.ndarray, fnow_f: np.ndarray, fnext_u: np.ndarray,
          fnext_f: np.ndarray, step: np.ndarray, kbits: int, lefts: np.ndarray, chips: np.ndarray,
          stop_at: int, work: tuple) -> tuple:
    """Sweep one batch of pass runs; return their outcomes, summed per run.

    ``size``: player states 0 .. size-1 are the only ones this batch can meet (every pass
    keeps or lowers its draws left, and states are numbered in order of draws left), so a
    (run, player) is ``run * size + player``: a smaller batch gets smaller indices.
    ``table[player, c]``: the move of drawing category c, the ``ncat`` non-joker ones first,
    then the jokers (>= 0: the next player state within the pass; < 0: ``-1 - column``, the
    pass ends: column < ``nend`` is an end, ``nend + t`` a new pass from player state t);
    ``cancels[player, c]``: that draw's bad card is cancelled; ``divert[player, c]`` >= 0: the
    end (bit 31 set in its column) of a member that lacks the chip this cancel spends.
    ``start_*``: per start state,
    its pass run (< ``nruns``: the label its outcomes are summed under), player state, cards
    already drawn (packed as ``step``: a broke hand), remaining cards per category (one byte
    each, packed) and mass.
    ``fnow_*[n]`` / ``fnext_*[n]`` bring layer n's masses, and the masses of its draws,
    over the falling factorial of the whole pass (m (m-1) ... (m-depth+1)).
    ``lefts[player]``: its draws left; ``chips[player]``: its chips (a member reads only what
    its run did while it still had chips, see :func:`read`).
    ``work``: buffers from :func:`workspace` or the last call.

    Returns each run's outcomes, not yet read by its members (see :func:`read`), as keys
    ``((run * 4 + kind) * 256 + a) * 2**32 + b`` (unsorted) with their masses as uint64
    and float64: kind 0, an end (``a``: the draws left of the state it came from, ``b``:
    its column, with bit 31 set for an end in ``divert``); 1, a draw within the pass that
    leaves ``a`` draws (``b``: the player state it leads to); 2, a new pass (``b``: its column
    past the ends); 3, the cards drawn (``b`` = 2 ch, ch the chips held) and the bad cards
    cancelled (``b`` = 2 ch + 1, ch the chips left after the cancel) from states with ``a``
    draws left.
    Then a status (0 fine, 1: a pass went beyond ``depth``); the states of layer
    ``stop_at`` (-1: none), which the sweep hands over instead of drawing on (keys,
    remaining cards, masses as uint64 and float64); and the buffers for the next call.

    Buffers only grow between layers, never inside the loop over states (which keeps
    that loop tight); a hash table uses the first slots of its buffer, as many as it needs
    (twice as many when half full), and is cleared slot by slot, not reallocated.
    """
    gtab, gk, gu, gf, ttab, keys, nkeys, rests, nrests, mus, nmus, mfs, nmfs, nslots, rowid = work
    dense = nruns * size <= DENSE_ROWS  # a (run, player)'s row: rowid[run * size + player]
    if dense and len(rowid) < nruns * size:
        rowid = np.full(min(max(nruns * size, 2 * len(rowid)), DENSE_ROWS), -1, dtype=np.int32)
    nj = len(joker_counts)
    width = ncat + nj + 2  # the categories, the jokers, an empty deck, and "drew a card"
    kmask = (np.int64(1) << kbits) - 1
    n_starts = len(start_player)
    if gu.shape[1] != width:
        gu = np.empty((0, width), dtype=np.uint64)
        gf = np.empty((0, width), dtype=np.float64)
    ng = 0
    gplayer = np.empty(len(gk), dtype=np.int64)  # each (run, player) row's player state
    status = 0
    # a pass too long for exact uint64/float64 pairs goes on in another sweep: the states of
    # layer ``stop_at`` are handed over (key, remaining cards, mass)
    fkeys = np.empty(0, dtype=np.int64)
    frests = np.empty(0, dtype=np.uint64)
    fmus = np.empty(0, dtype=np.uint64)
    fmfs = np.empty(0, dtype=np.float64)
    nf = 0
    # A hash table uses only the first 2**bits slots of its buffer, as many as this call
    # needs: the buffers are kept from call to call, and keys spread over a table sized for
    # the largest check ever swept miss the cache (measured: twice the time).
    gbits = _bits_for(n_starts)
    if not dense:
        gtab = _table(n_starts, gtab)
    # One run at a time (its starts are consecutive): states of different runs never meet,
    # and one run's layers keep their hash tables small enough to stay in the cache.
    i0 = 0
    while i0 < n_starts:
        i1 = i0 + 1
        while i1 < n_starts and start_run[i1] == start_run[i0]:
            i1 += 1
        n_states = i1 - i0
        keys = _grown(keys, 0, n_states)
        rests = _grown(rests, 0, n_states)
        mus = _grown(mus, 0, n_states)
        mfs = _grown(mfs, 0, n_states)
        for i in range(n_states):
            keys[i] = ((start_run[i0 + i] * size + start_player[i0 + i]) << kbits) | start_low[i0 + i]
            rests[i] = start_rest[i0 + i]
            mus[i] = start_u[i0 + i]
            mfs[i] = start_f[i0 + i]
        i0 = i1
        n = 0
        while n_states:
            last = n == m  # the deck is empty: every state reshuffles before its next draw
            if n == stop_at:
                fkeys = _grown(fkeys, nf, nf + n_states)
                frests = _grown(frests, nf, nf + n_states)
                fmus = _grown(fmus, nf, nf + n_states)
                fmfs = _grown(fmfs, nf, nf + n_states)
                for i in range(n_states):
                    fkeys[nf] = keys[i]
                    frests[nf] = rests[i]
                    fmus[nf] = mus[i]
                    fmfs[nf] = mfs[i]
                    nf += 1
                break
            if n >= depth and not last:
                status = 1
                break
            # room for every (run, player) of this layer and every child state
            gk = _grown(gk, ng, ng + n_states)
            gplayer = _grown(gplayer, ng, ng + n_states)
            gu = _grown_rows(gu, ng, ng + n_states)
            gf = _grown_rows(gf, ng, ng + n_states)
            if not dense and (1 << gbits) < 2 * (ng + n_states):  # more slots: every row placed again
                nslots = _grown(nslots, 0, ng)
                for r in range(ng):
                    nslots[r] = _slot(gtab, gk[r], gbits)
                for r in range(ng):
                    gtab[nslots[r], 0] = -1
                gtab = _table(ng + n_states, gtab)
                gbits = _bits_for(ng + n_states)
                for r in range(ng):
                    h = _slot(gtab, gk[r], gbits)
                    gtab[h, 0] = gk[r]
                    gtab[h, 1] = r
            bound = n_states * ncat
            nkeys = _grown(nkeys, 0, bound)
            nrests = _grown(nrests, 0, bound)
            nmus = _grown(nmus, 0, bound)
            nmfs = _grown(nmfs, 0, bound)
            nslots = _grown(nslots, 0, bound)
            ttab = _table(bound, ttab)
            # Slots for twice this layer's states (the next layer is rarely larger), grown below
            # if it is: a table sized for every state's every draw is mostly empty, and its
            # scattered slots miss the cache.
            tbits = min(_bits_for(2 * n_states + 64), _bits_for(bound))
            nn = 0
            fu_now, ff_now = fnow_u[n], fnow_f[n]
            fu, ff = fnext_u[n], fnext_f[n]
            for i in range(n_states):
                key = keys[i]
                g = key >> kbits
                if dense:
                    r = np.int64(rowid[g])
                    fresh = r == -1
                    if fresh:
                        r = ng
                        rowid[g] = ng
                else:
                    h = _slot(gtab, g, gbits)
                    fresh = gtab[h, 0] == -1
                    if fresh:
                        gtab[h, 0] = g
                        gtab[h, 1] = ng
                    r = gtab[h, 1]
                if fresh:
                    gk[ng] = g
                    gplayer[ng] = g % size  # (a division per row, not per state)
                    for c in range(width):
                        gu[ng, c] = 0
                        gf[ng, c] = 0.0
                    ng += 1
                mu, mf = mus[i], mfs[i]
                if last:
                    gu[r, width - 2] += mu
                    gf[r, width - 2] += mf
                    continue
                gu[r, width - 1] += mu * fu_now
                gf[r, width - 1] += mf * ff_now
                for j in range(nj):
                    c = joker_counts[j]
                    if c:
                        gu[r, ncat + j] += mu * np.uint64(c) * fu
                        gf[r, ncat + j] += mf * c * ff
                player = gplayer[r]
                run_key = (g - player) << kbits  # (run * size) << kbits
                rest = rests[i]
                for c in range(ncat):
                    cnt = (rest >> np.uint64(8 * c)) & np.uint64(0xFF)
                    if cnt == 0:
                        continue
                    wu = mu * cnt
                    wf = mf * float(cnt)
                    gu[r, c] += wu * fu
                    gf[r, c] += wf * ff
                    move = table[player, c]
                    if move < 0:
                        continue
                    nkey = run_key + (move << kbits) + (key & kmask) + step[c]
                    h2 = _slot(ttab, nkey, tbits)
                    if ttab[h2, 0] == -1:
                        if 2 * nn >= (1 << tbits):  # half full: twice the slots
                            tbits = _doubled(ttab, nkeys, nslots, nn, tbits)
                            h2 = _slot(ttab, nkey, tbits)
                        ttab[h2, 0] = nkey
                        ttab[h2, 1] = nn
                        nkeys[nn] = nkey
                        nrests[nn] = rest - (np.uint64(1) << np.uint64(8 * c))
                        nmus[nn] = 0
                        nmfs[nn] = 0.0
                        nslots[nn] = h2
                        nn += 1
                    t = ttab[h2, 1]
                    nmus[t] += wu
                    nmfs[t] += wf
            for t in range(nn):  # clear the table for the next layer
                ttab[nslots[t], 0] = -1
            if last:
                break
            keys, nkeys = nkeys, keys
            rests, nrests = nrests, rests
            mus, nmus = nmus, mus
            mfs, nmfs = nmfs, mfs
            n_states = nn
            n += 1
        if status:
            break
    # clear the (run, player) rows for the next call: by index, or in the hash table (find
    # every slot first: a cleared slot would cut the probe sequence of a key placed after it)
    if dense:
        for r in range(ng):
            rowid[gk[r]] = -1
    else:
        nslots = _grown(nslots, 0, ng)
        for r in range(ng):
            nslots[r] = _slot(gtab, gk[r], gbits)
        for r in range(ng):
            gtab[nslots[r], 0] = -1
    # The run's outcomes, by what a member of the run reads off them (see :func:`read`), each
    # key (run, kind, a, b) summed in a hash table: kind 0, an end (a: the draws left of the
    # state it came from, b: its column, bit 31 set for a member's end in ``divert``); 1, a
    # draw within the pass that leaves ``a`` draws (b: the player state it leads to); 2, a new
    # pass (b: its column past the ends); 3, the cards drawn (b = 2 ch, the chips held) and the
    # bad cards cancelled (b = 2 ch + 1, the chips left) from states with ``a`` draws left.
    bound = ng * (2 * width)  # at most every row's every draw and diversion, its cards and cancels
    nkeys = _grown(nkeys, 0, bound)
    nmus = _grown(nmus, 0, bound)
    nmfs = _grown(nmfs, 0, bound)
    nslots = _grown(nslots, 0, bound)
    ttab = _table(bound, ttab)
    tbits = min(_bits_for(ng + 64), _bits_for(bound))  # grown below when half full, as in the layers
    nn = 0
    for r in range(ng):
        player = gk[r] % size
        run = np.int64(gk[r] // size)
        ell = np.int64(lefts[player])
        spends = np.int64(0)  # a cancel here spends a chip (no ace bonus held)
        for c in range(width - 2):
            if divert[player, c] >= 0:
                spends = 1
        for c in range(2 * width - 1):
            # the row's columns: each category's draws (a joker's: a new pass or an end), an empty
            # deck and the cards drawn; past them, the bad cards cancelled
            if c < width:
                vu, vf = gu[r, c], gf[r, c]
            elif c > width:  # a member's end where it lacks the chip this cancel spends
                c2 = c - width - 1
                if divert[player, c2] < 0:
                    continue
                vu, vf = gu[r, c2], gf[r, c2]
            else:  # every cancelled draw's mass
                vu, vf = np.uint64(0), 0.0
                for c2 in range(width - 2):
                    if cancels[player, c2]:
                        vu += gu[r, c2]
                        vf += gf[r, c2]
            if vf == 0.0:
                continue
            if c > width:
                kind, a, b = 0, ell, np.int64(divert[player, c - width - 1]) | (np.int64(1) << 31)
            elif c == width - 1:
                kind, a, b = 3, ell, 2 * np.int64(chips[player])
            elif c == width:
                kind, a, b = 3, ell, 2 * (np.int64(chips[player]) - spends) + 1
            else:
                # an empty deck: the next draw starts a new pass from this very state
                move = table[player, c] if c < width - 2 else -1 - nend - player
                if move >= 0:
                    if lefts[move] == ell:  # a king's card gave the draw back: no member's pass ends
                        continue
                    kind, a, b = 1, np.int64(lefts[move]), np.int64(move)
                elif -1 - move < nend:
                    kind, a, b = 0, ell, np.int64(-1 - move)
                else:
                    kind, a, b = 2, np.int64(0), np.int64(-1 - move - nend)
            # the insertion below is the layer loop's, written out again on purpose: as a shared
            # numba function (even inlined) the layer loop ran 4x slower
            okey = ((((run << 2) | kind) << 8 | a) << 32) | b
            h = _slot(ttab, okey, tbits)
            if ttab[h, 0] == -1:
                if 2 * nn >= (1 << tbits):
                    tbits = _doubled(ttab, nkeys, nslots, nn, tbits)
                    h = _slot(ttab, okey, tbits)
                ttab[h, 0] = okey
                ttab[h, 1] = nn
                nkeys[nn] = okey
                nmus[nn] = 0
                nmfs[nn] = 0.0
                nslots[nn] = h
                nn += 1
            t = ttab[h, 1]
            nmus[t] += vu
            nmfs[t] += vf
    for t in range(nn):
        ttab[nslots[t], 0] = -1
    return (nkeys[:nn].copy(), nmus[:nn].copy(), nmfs[:nn].copy(), status,
            (fkeys[:nf].copy(), frests[:nf].copy(), fmus[:nf].copy(), fmfs[:nf].copy()),
            (gtab, gk, gu, gf, ttab, keys, nkeys, rests, nrests, mus, nmus, mfs, nmfs, nslots, rowid))


@numba.njit(cache=True, nogil=True)
def spread(first: np.ndarray, count: np.ndarray, code: np.ndarray, limbs: np.ndarray, short: np.ndarray,
           delta: np.ndarray, floor: np.ndarray, aces: np.ndarray, ch0: np.ndarray, weight: np.ndarray,
           left_shift: int) -> tuple:
    """The new passes that members start, each with its exact mass: member i reads entries
    ``first[i]`` .. ``first[i] + count[i] - 1`` (new passes of its run, each a packed start
    ``code`` and an exact mass in 32-bit ``limbs``, lowest first), starts each one ``short[i]``
    draws short (draws left are the field at ``left_shift``) and ``delta[i]`` apart, and
    weighs it by its own exact ``weight`` (32-bit limbs); an entry whose chips (the field
    below ``left_shift`` by 24) are fewer than ``floor[i]`` is not the member's, and its start
    holds ``min(aces[i], ch0[i] - chips)`` more chips and as many fewer ace bonuses than the
    run's plus the difference (see :func:`read`). Returns the distinct starts, in order of
    their draws left (the field at ``left_shift``, 8 bits), and their masses as 32-bit limbs
    (carried, lowest first; without the high limbs that are zero in every mass, one kept).

    Why here: the products of Python integers (a few hundred bits by a few dozen) and their
    sums per start took half of a long check drawing on when sure; as limbs they are
    plain 64-bit multiplications, each split in two 32-bit halves so that no sum overflows.
    """
    nmem = len(first)
    width = limbs.shape[1] + weight.shape[1] + 1
    total = 0
    for i in range(nmem):
        total += count[i]
    # The starts' hash table: room for every (member, entry) pair's start, but only as many
    # slots in use as the starts met need (twice as many when half full): a few thousand,
    # from a hundred thousand pairs (a table sized for them all missed the cache).
    bits = _bits_for(min(total, 8192))
    table = np.empty((1 << max(bits, _bits_for(total)), 2), dtype=np.int64)  # (pages untouched until used)
    table[:1 << bits, 0] = -1
    half = 1 << (bits - 1)
    row_of = np.empty(total, dtype=np.int64)  # each (member, entry) pair's start, numbered
    starts = np.empty(total, dtype=np.int64)
    slots = np.empty(total, dtype=np.int64)
    split = (np.int64(1) << (left_shift - 24)) - (np.int64(1) << (left_shift - 16))  # (as in :func:`read`)
    n = 0
    p = 0
    for i in range(nmem):
        moved = delta[i] - (short[i] << left_shift)
        for e in range(first[i], first[i] + count[i]):
            held = (code[e] >> (left_shift - 24)) & 0xFF
            if held < floor[i]:
                row_of[p] = -1
                p += 1
                continue
            key = code[e] + moved + min(aces[i], max(ch0[i] - held, 0)) * split
            h = _slot(table, key, bits)
            if table[h, 0] == -1:
                if n >= half:
                    table[1 << bits:2 << bits, 0] = -1
                    bits = _doubled(table, starts, slots, n, bits)
                    half = 1 << (bits - 1)
                    h = _slot(table, key, bits)
                table[h, 0] = key
                table[h, 1] = n
                starts[n] = key
                slots[n] = h
                n += 1
            row_of[p] = table[h, 1]
            p += 1
    acc = np.zeros((n, width), dtype=np.uint64)
    three = limbs.shape[1] == 3  # (a pass's masses: below 2**84)
    p = 0
    for i in range(nmem):
        for e in range(first[i], first[i] + count[i]):
            r = row_of[p]
            p += 1
            if r < 0:
                continue
            if three:
                _add_three(acc, r, limbs, e, weight, i)
            else:
                _add_product(acc, r, limbs, e, weight, i)
    # in order of draws left (a counting sort), as the caller keeps them
    place = np.zeros(257, dtype=np.int64)
    for t in range(n):
        place[((starts[t] >> left_shift) & 0xFF) + 1] += 1
    for k in range(256):
        place[k + 1] += place[k]
    out_starts = np.empty(n, dtype=np.int64)
    out = np.empty((n, width), dtype=np.uint64)
    used = 1
    for t in range(n):
        k = (starts[t] >> left_shift) & 0xFF
        j = place[k]
        place[k] += 1
        out_starts[j] = starts[t]
        for c in range(width):
            out[j, c] = acc[t, c]
        _carry(out, j)
        used = _used(out, j, used)
    return out_starts, out[:, :used].copy()


@numba.njit(cache=True, nogil=True, inline="always")
def _add_product(acc: np.ndarray, r: int, x: np.ndarray, i: int, y: np.ndarray, j: int) -> None:
    """acc[r] += x[i] * y[j], rows of 32-bit limbs (lowest first): each 64-bit product split in
    its two halves, so that a limb of ``acc`` takes billions of them before it could overflow
    (:func:`_carry` then brings every limb below 2**32)."""
    low = np.uint64(0xFFFFFFFF)
    for a in range(x.shape[1]):
        xa = x[i, a]
        if xa == 0:
            continue
        for b in range(y.shape[1]):
            prod = xa * y[j, b]
            acc[r, a + b] += prod & low
            acc[r, a + b + 1] += prod >> np.uint64(32)


@numba.njit(cache=True, nogil=True, inline="always")
def _add_three(acc: np.ndarray, r: int, x: np.ndarray, i: int, y: np.ndarray, j: int) -> None:
    """:func:`_add_product` for a row ``x[i]`` of three limbs: the products of each limb of
    ``y[j]`` summed per limb of ``acc`` in registers first, so that each limb of ``acc`` is
    added to once (a tenth less time in :func:`spread`), fewer than 5 * 2**32 each time."""
    low = np.uint64(0xFFFFFFFF)
    x0, x1, x2 = x[i, 0], x[i, 1], x[i, 2]
    t0, t1, t2 = np.uint64(0), np.uint64(0), np.uint64(0)  # the limbs to come, not yet added
    for b in range(y.shape[1]):
        yb = y[j, b]
        p0, p1, p2 = x0 * yb, x1 * yb, x2 * yb
        acc[r, b] += t0 + (p0 & low)
        t0 = t1 + (p0 >> np.uint64(32)) + (p1 & low)
        t1 = t2 + (p1 >> np.uint64(32)) + (p2 & low)
        t2 = p2 >> np.uint64(32)
    w = y.shape[1]
    acc[r, w] += t0
    acc[r, w + 1] += t1
    acc[r, w + 2] += t2


@numba.njit(cache=True, nogil=True, inline="always")
def _carry(acc: np.ndarray, r: int) -> None:
    """Row r of ``acc`` carried: every limb below 2**32 (the row is wide enough for its value)."""
    low = np.uint64(0xFFFFFFFF)
    carry = np.uint64(0)
    for k in range(acc.shape[1]):
        v = acc[r, k] + carry
        acc[r, k] = v & low
        carry = v >> np.uint64(32)


@numba.njit(cache=True, nogil=True)
def times(limbs: np.ndarray, which: np.ndarray, scalars: np.ndarray) -> np.ndarray:
    """Exact products as 32-bit limbs (lowest first, carried): row i of ``limbs`` times row
    ``which[i]`` of ``scalars`` (32-bit limbs too).

    Why: a pass start's mass is kept as limbs from the sweep that found it to the one that
    reads it (see :meth:`.passes._Passes.drain`); bringing a batch's masses over one
    denominator is then a product by a few known factors, with no Python integer made.
    """
    n = len(limbs)
    out = np.zeros((n, limbs.shape[1] + scalars.shape[1] + 1), dtype=np.uint64)
    for i in range(n):
        _add_product(out, i, limbs, i, scalars, which[i])
        _carry(out, i)
    return out


@numba.njit(cache=True, nogil=True)
def quotients(limbs: np.ndarray, shift: int, odd: np.ndarray, inverse: np.uint64) -> tuple:
    """Rows of 32-bit limbs (lowest first) divided exactly by ``2**shift * odd`` (``odd``: an
    odd number as 32-bit limbs, its top limb not zero; ``inverse``: its inverse modulo
    2**32). Returns the quotients (32-bit limbs, carried) and, per row, whether the divisor
    failed to divide it (its quotient is then meaningless).

    Jebelean's exact division, lowest limb first: each quotient limb is the lowest limb left
    times the inverse (mod 2**32), and that limb times the divisor is taken off. A divisor
    that divides the row leaves nothing; one that does not leaves a remainder or goes
    below zero (the quotient of a row that ``odd`` divides has at most the limbs that are
    computed, so no other outcome is possible).

    Why: a batch's pass starts share a large factor (each pass drawn adds one); taken out,
    the weights that :func:`spread` and :func:`read` multiply are half as long or less.
    """
    n, w = limbs.shape
    wg = len(odd)
    ws, bs = shift // 32, np.uint64(shift % 32)
    wr = max(w - ws, 1)  # the row's limbs after the shift
    wq = max(wr - wg + 1, 1)  # the quotient's
    low = np.uint64(0xFFFFFFFF)
    base = np.uint64(1) << np.uint64(32)
    out = np.zeros((n, wq), dtype=np.uint64)
    failed = np.zeros(n, dtype=np.bool_)
    r = np.zeros(wr + wg, dtype=np.uint64)  # the row left (room to go below zero)
    for i in range(n):
        bad = False
        for k in range(min(ws, w)):
            if limbs[i, k]:
                bad = True
        if ws < w and limbs[i, ws] & ((np.uint64(1) << bs) - np.uint64(1)):
            bad = True
        r[:] = 0
        for k in range(wr):
            if ws + k < w:
                v = limbs[i, ws + k] >> bs
                if bs and ws + k + 1 < w:
                    v |= (limbs[i, ws + k + 1] << (np.uint64(32) - bs)) & low
                r[k] = v
        for j in range(wq):
            q = (r[j] * inverse) & low
            out[i, j] = q
            if q == 0:
                continue
            borrow = np.uint64(0)
            for b in range(wg):  # r -= q * odd * 2**(32 j)
                prod = q * odd[b] + borrow
                part = prod & low
                borrow = prod >> np.uint64(32)
                if r[j + b] >= part:
                    r[j + b] -= part
                else:
                    r[j + b] += base - part
                    borrow += np.uint64(1)
            k = j + wg
            while borrow and k < len(r):
                if r[k] >= borrow:
                    r[k] -= borrow
                    borrow = np.uint64(0)
                else:
                    r[k] += base - borrow
                    borrow = np.uint64(1)
                k += 1
            if borrow:
                bad = True
        for k in range(len(r)):
            if r[k]:
                bad = True
        failed[i] = bad
    return out, failed


@numba.njit(cache=True, nogil=True)
def gather(keys: np.ndarray, limbs: np.ndarray, which: np.ndarray, scalars: np.ndarray) -> tuple:
    """The distinct ``keys`` (not negative), sorted, and for each the sum of its rows of
    ``limbs`` (32-bit limbs, lowest first), row i times row ``which[i]`` of ``scalars``
    (32-bit limbs too): carried, without the high limbs that are zero in every sum (one kept).

    Why: a batch's pass starts come in chunks, each over its own power of B and with its
    own factor; bringing them over one and summing them per start took a dozen numpy
    passes over the limbs (a sort, sums per start and a carry per limb). The rows are
    summed per key in a hash table, and only the distinct keys sorted (a few times fewer).
    """
    n = len(keys)
    width = limbs.shape[1] + scalars.shape[1] + 1
    bits = _bits_for(min(n, 8192))  # twice the slots when half full (as in :func:`spread`)
    table = np.empty((1 << max(bits, _bits_for(n)), 2), dtype=np.int64)  # (pages untouched until used)
    table[:1 << bits, 0] = -1
    half = 1 << (bits - 1)
    distinct = np.empty(n, dtype=np.int64)
    slots = np.empty(n, dtype=np.int64)
    acc = np.empty((n, width), dtype=np.uint64)
    m = 0
    for i in range(n):
        h = _slot(table, keys[i], bits)
        if table[h, 0] == -1:
            if m >= half:
                table[1 << bits:2 << bits, 0] = -1
                bits = _doubled(table, distinct, slots, m, bits)
                half = 1 << (bits - 1)
                h = _slot(table, keys[i], bits)
            table[h, 0] = keys[i]
            table[h, 1] = m
            distinct[m] = keys[i]
            slots[m] = h
            for k in range(width):
                acc[m, k] = 0
            m += 1
        _add_product(acc, table[h, 1], limbs, i, scalars, which[i])
    order = np.argsort(distinct[:m])
    out = np.empty((m, width), dtype=np.uint64)
    used = 1
    for t in range(m):
        for k in range(width):
            out[t, k] = acc[order[t], k]
        _carry(out, t)
        used = _used(out, t, used)
    return distinct[:m][order], out[:, :used].copy()


@numba.njit(cache=True, nogil=True)
def arrange(okeys: np.ndarray, first: int, ends: np.ndarray, players: np.ndarray, new_passes: np.ndarray,
            diverts: np.ndarray, left_shift: int, vu: np.ndarray, vf: np.ndarray,
            shifts: np.ndarray) -> tuple:
    """A sweep's outcomes (its keys, see :func:`sweep`, and their masses in parts: ``vu[e, p]``
    mod 2**64 and ``vf[e, p]`` as float64, part p counting 2**``shifts[p]`` times) as
    :class:`.passes._Swept` keeps them: each one's key ``((first + run) * 4 + kind) * 256 + a``
    (for a new pass, ``a`` is its draws left: the field at ``left_shift`` of its start) and
    its code (an end's, from ``ends``, or a member's own, from ``diverts`` with bit 62 set; a
    player state, from ``players``; a new pass's start, from ``new_passes``; the kind 3 ``b``
    as it is), in order of key (stable). Returns the keys, the codes, the masses' parts in
    that order, the places of the new passes (in no particular order) and their exact masses
    as 32-bit limbs (carried, lowest first), and a status (1: a new pass beyond ``new_passes``).

    Why: decoding, looking up and sorting in numpy took a dozen passes over the outcomes.
    """
    n = len(okeys)
    key = np.empty(n, dtype=np.int64)
    code = np.empty(n, dtype=np.int64)
    status = 0
    lo = np.int64(1) << 62
    hi = np.int64(0)
    nnew = 0
    for i in range(n):
        ok = okeys[i]
        b = ok & 0xFFFFFFFF
        a = (ok >> 32) & 0xFF
        kind = (ok >> 40) & 3
        run = ok >> 42
        if kind == 0:
            c = diverts[b & 0x7FFFFFFF] | (np.int64(1) << 62) if b >> 31 else ends[b]
        elif kind == 1:
            c = players[b]
        elif kind == 2:
            nnew += 1
            if b >= len(new_passes):
                status = 1
                c = np.int64(0)
            else:
                c = new_passes[b]
            a = (c >> left_shift) & 0xFF
        else:
            c = b
        code[i] = c
        key[i] = ((first + run) * 4 + kind) * 256 + a
        lo = min(lo, key[i])
        hi = max(hi, key[i])
    # each outcome's place in order of key: counted when the keys span a few runs, else sorted
    dest = np.empty(n, dtype=np.int64)
    if n and hi - lo <= max(4 * n, 1 << 16):
        place = np.zeros(hi - lo + 2, dtype=np.int64)
        for i in range(n):
            place[key[i] - lo + 1] += 1
        for k in range(hi - lo + 1):
            place[k + 1] += place[k]
        for i in range(n):
            dest[i] = place[key[i] - lo]
            place[key[i] - lo] += 1
    else:
        order = np.argsort(key, kind="mergesort")
        for t in range(n):
            dest[order[t]] = t
    nparts = vu.shape[1]
    top = 0
    for p in range(nparts):
        top = max(top, shifts[p] // 32)
    skey = np.empty(n, dtype=np.int64)
    scode = np.empty(n, dtype=np.int64)
    su = np.empty((n, nparts), dtype=np.uint64)
    sf = np.empty((n, nparts), dtype=np.float64)
    news = np.empty(nnew, dtype=np.int64)
    limbs = np.zeros((nnew, top + 5), dtype=np.uint64)  # parts below 2**(shift + 104), summed
    j = 0
    for i in range(n):  # (read in order, written in place: cheaper than the other way round)
        t = dest[i]
        skey[t] = key[i]
        scode[t] = code[i]
        for p in range(nparts):
            su[t, p] = vu[i, p]
            sf[t, p] = vf[i, p]
        if (key[i] >> 8) & 3 == 2:  # a new pass: its exact mass (as :func:`.passes._exact`)
            news[j] = t
            for p in range(nparts):
                _add_exact(limbs, j, vu[i, p], vf[i, p], shifts[p])
            _carry(limbs, j)
            j += 1
    used = 1
    for j in range(nnew):
        used = _used(limbs, j, used)
    return skey, scode, su, sf, news, limbs[:, :used].copy(), status
