"""The cautious task check, compiled: the same exact odds as :func:`.odds._sequential`, faster.

Why a second engine: a cautious check with a high need (6 to 10 successes from skill 10,
many bad ranks, fate chips) keeps about 150,000 distinct (deck, player) states, and pure
Python spends about 5 µs on each. Here numpy works out the player's moves for every
reachable player state at once, and a numba-compiled sweep (:mod:`._sweep`) draws a whole
batch of passes, layer by layer, in one call.

How it stays exact:

- A *pass* is the run of draws between two reshuffles. Every pass after the first starts
  from the full deck, and a joker costs a draw that no king gives back, so a pass that
  starts with *L* draws left only starts passes with fewer than *L*. Passes are processed
  in batches, by draws left at their start, from the most to the fewest; a batch is one
  sweep over layers (cards drawn in the pass), every pass in it starting with mass 1.
- Within a pass every state of layer *n* has drawn *n* cards from a deck of *m*, so its
  mass is an integer over the falling factorial ``m (m-1) ... (m-n+1)``, below 2**80
  for skill 10. The sweep keeps each such integer as a pair: its value modulo 2**64 (``uint64``
  arithmetic wraps exactly) and its value as a float64. Every term is positive, so the
  float's relative error only adds up, to far less than 2**-40; the pair therefore gives
  the integer back exactly (:func:`_exact`).
- A batch's outcomes (the check ends, or a joker starts a pass) are exact integers per
  pass start; Python integers combine them with the exact probabilities of the starts.

States that meet again (the same cards in another order, the same player state) are
merged every layer (a hash table in :mod:`._sweep`): a dynamic programme over the deck's
composition, never an enumeration of orderings. The player's moves are those of :func:`.odds._moves`, worked
out for every reachable player state at once (:class:`_Automaton`). Drawing on when sure,
pass starts that differ only in successes above the need share one run (their moves
no longer depend on successes). The tests check that both engines agree exactly, field
by field, for every policy, from full and partial decks.
"""

from __future__ import annotations

import math
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from .odds import _Acc, _Setup

_TWO64 = 1 << 64
_MAX_KEY_BITS = 62  # a merge key (pass run, player state, cards drawn) must fit in an int64
_MAX_STATES = 20_000  # player states tabulated at once; larger checks use the plain engine
_MAX_DEPTH_BITS = 84  # masses must stay far below 2**(64 + 40) for :func:`_exact`


_WORK: tuple[Any, ...] | None = None  # buffers the compiled sweep reuses (see :func:`._sweep.workspace`)


class Unsupported(Exception):
    """The check is outside what this engine is sized for; the caller uses the plain engine."""


def _pack(left: Any, s: Any, ab: Any, ch: Any) -> Any:
    """A player state (numbers or arrays) packed into one integer, fields as in :func:`.odds._moves`."""
    from .odds import _B

    return (left << 3 * _B) | (s << 2 * _B) | (ab << _B) | ch


def _falling(m: int, lo: int, hi: int) -> int:
    """(m-lo) (m-lo-1) ... (m-hi+1): draws lo..hi-1 of a pass from a deck of m cards."""
    return math.prod(range(m - hi + 1, m - lo + 1))


class _Automaton:
    """Every player state a check can reach, and what drawing each category does to it.

    A player state is (draws left, successes, ace bonuses, chips) between draws, packed as
    in :func:`.odds._moves` (:func:`_pack`); states are numbered by their place in the sorted
    ``players``, so a move is a table look-up:

    - ``table[state, category]`` >= 0: the state the draw leads to within the pass;
    - otherwise ``-1 - column``: column < ``nend`` is the end ``end_codes[column]`` (packed
      as in :func:`.odds._moves`), and ``nend + t`` is a joker reshuffling the deck into a
      new pass that starts in state t;
    - ``cancels[state, category]``: the draw's bad card is cancelled.

    The moves follow :func:`.odds._moves` (the tests check that both engines agree exactly);
    here they are worked out for a whole frontier of states at once. The search counts the
    kings drawn in the current pass, since a pass cannot draw more kings than its deck has
    (without that, "always take a king's card" would never end).
    """

    def __init__(self, st: _Setup, skill: int, first_kings: int, first_size: int) -> None:
        import numpy as np

        from .odds import _B

        self.st = st
        info = st.info
        self.succ = np.array([int(i[1]) for i in info], dtype=np.int64)
        self.ace = np.array([int(i[0] == "ace") for i in info], dtype=np.int64)
        self.bad = np.array([bool(i[2]) for i in info])
        self.king = np.array([i[0] == "king" for i in info])
        self.joker = np.array([i[0] == "joker" for i in info])
        full_kings = sum(st.full[k] for k in st.king_idx)
        fb, later = _B, 0xFF
        # The search: states are packed (left, s, ab, ch) << 16 | cards drawn so far if still
        # in the first pass (else 0xFF) << 8 | kings drawn in this pass. The first deck can
        # run out (then the full deck comes back, kings and all); a later pass never does.
        start = _pack(skill, 0, 0, st.chips) << 2 * fb
        seen = {start}
        frontier = np.array([start], dtype=np.int64)
        while len(frontier):
            player, drawn, kings = frontier >> 2 * fb, (frontier >> fb) & 0xFF, frontier & 0xFF
            in_first = drawn != later
            left, s, ab, ch = self._fields(player)
            nxt, ended = self._step(left, s, ab, ch)[:2]
            limit = np.where(in_first, first_kings, full_kings)
            goes = (~self.king[None, :] | (kings < limit)[:, None]) & ~ended
            nk = kings[:, None] + self.king[None, :]
            nd = np.where(in_first, drawn + 1, later)[:, None]
            emptied = nd == first_size  # the first deck's last card: a reshuffle follows
            nd, nk = np.where(emptied, later, nd), np.where(emptied, 0, nk)
            within = goes & ~self.joker[None, :]
            cand = np.concatenate([((nxt << 2 * fb) | (nd << fb) | nk)[within],
                                   ((nxt << 2 * fb) | (later << fb))[goes & self.joker[None, :]]])
            new = [c for c in np.unique(cand).tolist() if c not in seen]
            seen.update(new)
            frontier = np.array(new, dtype=np.int64)
            if len(seen) > _MAX_STATES:
                raise Unsupported(f"more than {_MAX_STATES} player states")
        players = np.unique(np.array(sorted(seen), dtype=np.int64) >> 2 * fb)
        self.size = len(players)
        left, s, ab, ch = self._fields(players)
        self.left = left
        nxt, ended, code, cancels = self._step(left, s, ab, ch)
        end_codes, end_ids = np.unique(code[ended], return_inverse=True)
        self.end_codes: list[int] = end_codes.tolist()
        self.nend = nend = len(self.end_codes)
        self.players = players
        pos, known = self._find(nxt)
        # A move to a state the search never met (a king beyond the deck's) is never taken:
        # its weight is 0. It points at a column past every real one, so that a mistake in
        # that reasoning is caught (in :func:`cautious`) and never counted as an outcome.
        self.unforeseen = nend + len(players)
        table = np.where(known, pos, 0)
        table = np.where(self.joker[None, :], -1 - nend - table, table)
        table = np.where(~known & ~ended, -1 - self.unforeseen, table)
        table[ended] = -1 - end_ids.ravel()
        self.table = table
        self.cancels = cancels

    def _find(self, packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The numbers of packed states, and whether the search met each one."""
        import numpy as np

        pos = np.searchsorted(self.players, packed)
        found = self.players[np.minimum(pos, len(self.players) - 1)] == packed
        return pos, found

    def _fields(self, player: np.ndarray) -> tuple[np.ndarray, ...]:
        from .odds import _B

        m = (1 << _B) - 1
        return (player >> 3 * _B) & m, (player >> 2 * _B) & m, (player >> _B) & m, player & m

    def _step(self, left: np.ndarray, s: np.ndarray, ab: np.ndarray, ch: np.ndarray
              ) -> tuple[np.ndarray, ...]:
        """Every (state, category) move at once: (next packed state, ended, end code, cancelled),
        each states x categories. As :func:`.odds._moves`, cautious mode."""
        import numpy as np

        from .odds import _B

        st, need = self.st, self.st.need
        shape = (len(left), len(self.succ))
        ns = s[:, None] + self.succ[None, :]
        nab = ab[:, None] + self.ace[None, :]
        nch = np.broadcast_to(ch[:, None], shape)
        nleft = np.broadcast_to(left[:, None] - 1, shape)
        own = nab - self.ace[None, :]  # an ace cannot cancel itself
        b = own + nch
        if st.bonus == "success":
            cancel = np.zeros(shape, dtype=bool)
        elif st.bonus == "cancel":
            cancel = b > 0
        else:  # cancel if still certain after it, or if stopping here would fail
            cancel = np.where((b > 0) & (ns + b - 1 >= need), True, np.where(ns + b >= need, False, b > 0))
        cancel &= self.bad[None, :]
        stopped = self.bad[None, :] & ~cancel  # a bad card in effect ends a cautious draw
        nab = np.where(cancel & (own > 0), nab - 1, nab)
        nch = np.where(cancel & (own <= 0), nch - 1, nch)
        if st.kings != "never":
            took = self.king[None, :] & ~stopped
            if st.kings == "best":
                took &= ns + nab + nch < need
            nleft = np.where(took, nleft + 1, nleft)
        ended = stopped | (nleft == 0)
        if st.stop:
            ended |= ns + nab + nch >= need
        nbad = stopped.astype(np.int64)
        code = (ns << 4 * _B) | (nab << 3 * _B) | (nch << 2 * _B) | (nbad << _B) | nbad * self.ace[None, :]
        return _pack(np.maximum(nleft, 0), ns, nab, nch), ended, code, cancel

    def saturation(self, level: int) -> tuple[list[int], list[int]]:
        """For each state: how many successes it has above ``level`` if the search also met
        the state with exactly ``level`` (and all else alike), else 0; and that state."""
        import numpy as np

        from .odds import _B

        s = (self.players >> 2 * _B) & ((1 << _B) - 1)
        pos, found = self._find(self.players - (np.maximum(s - level, 0) << 2 * _B))
        extra = np.where(found & (s > level), s - level, 0)
        return extra.tolist(), np.where(extra > 0, pos, np.arange(len(self.players))).tolist()

    def shifted(self, states: np.ndarray, shift: np.ndarray) -> np.ndarray:
        """The numbers of ``states`` with ``shift`` more successes (each must have been met)."""

        from .odds import _B

        pos, found = self._find(self.players[states] + (shift << 2 * _B))
        if not found.all():
            raise Unsupported("a shifted state the search did not meet")
        return pos

    def index(self, left: int, s: int, ab: int, ch: int) -> int:
        """The number of a state the search met."""
        import numpy as np

        pos, found = self._find(np.array([_pack(left, s, ab, ch)], dtype=np.int64))
        assert found[0], "the search starts from this state"
        return int(pos[0])


def _factors(m: int, depth: int) -> tuple[np.ndarray, ...]:
    """Per layer n of a pass from m cards: the factors that bring its masses (over m (m-1) ...
    (m-n+1)) and its draws' masses (one more card) over the whole pass's falling factorial,
    modulo 2**64 and as float64s."""
    import numpy as np

    now = [_falling(m, n, depth) for n in range(depth + 1)]
    nxt = [f // (m - n) if n < m else 0 for n, f in enumerate(now)]
    return (np.array([f % _TWO64 for f in now], dtype=np.uint64), np.array(now, dtype=np.float64),
            np.array([f % _TWO64 for f in nxt], dtype=np.uint64), np.array(nxt, dtype=np.float64))


def _exact(lo: np.ndarray, fl: np.ndarray | None) -> np.ndarray:
    """Exact integers (an object array) from values mod 2**64 and, when they may be larger,
    the same values as float64s."""
    import numpy as np

    if fl is None:
        return lo.astype(object)
    hi = np.rint((fl - lo.astype(np.float64)) * (1.0 / _TWO64)).astype(np.int64)
    return hi.astype(object) * _TWO64 + lo.astype(object)


def _shifted(auto: _Automaton, members: dict[int, list[tuple[int, int]]], runs: list[int],
             run_of: np.ndarray, cols: np.ndarray, values: np.ndarray, scale: int
             ) -> tuple[list[int], list[tuple[int, int]]]:
    """Outcomes of shared pass runs, read by each member with its shift in successes.

    Returns the exact totals and, for each, (end code, -1) or (-1, the new pass's start state).
    """
    import numpy as np

    from .odds import _B

    counts = np.array([len(members[r]) for r in runs], dtype=np.int64)
    shift_of = np.array([sh for r in runs for sh, _w in members[r]], dtype=np.int64)
    weight_of = np.array([w * scale for r in runs for _sh, w in members[r]], dtype=object)
    first_member = np.cumsum(counts) - counts
    rep = np.repeat(np.arange(len(cols)), counts[run_of])
    member = first_member[run_of[rep]] + np.arange(len(rep)) - np.repeat(
        np.cumsum(counts[run_of]) - counts[run_of], counts[run_of])
    col, shift = cols[rep], shift_of[member]
    nend = auto.nend
    is_end = col < nend
    end_codes = np.array(auto.end_codes, dtype=np.int64)
    key = np.empty(len(rep), dtype=np.int64)
    key[is_end] = end_codes[col[is_end]] + (shift[is_end] << 4 * _B)
    key[~is_end] = (1 << 62) + auto.shifted(col[~is_end] - nend, shift[~is_end])
    order = np.argsort(key, kind="stable")
    key = key[order]
    first_of = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    totals = np.add.reduceat((weight_of[member] * values[rep])[order], first_of).tolist()
    outcomes = [(k, -1) if k < (1 << 62) else (-1, k - (1 << 62)) for k in key[first_of].tolist()]
    return totals, outcomes


def warm() -> None:
    """Compile the sweep now (numba caches the machine code beside :mod:`._sweep`), so that
    the first large check a user asks for is not the one that waits ~10 s for it. ``run.py``
    calls this after installing."""
    from .odds import TaskCheck, exact_odds

    exact_odds(TaskCheck(10, 7, need=6, situation="combat", aged=3, fate_chips=2))


def cautious(st: _Setup, start: tuple[int, ...], skill: int, acc: _Acc) -> int:
    """Fill ``acc`` for a cautious check of ``skill`` cards from the deck ``start``; returns the base.

    Masses end up as integers over ``base * B**e``, B the falling factorial of a whole pass
    from the full deck (set as ``acc.per_draw``), as :func:`.odds._exact_odds` expects.
    Raises :class:`Unsupported` for a check this engine is not sized for.
    """
    import numpy as np

    from .odds import _add

    try:
        from . import _sweep
    except (ImportError, RuntimeError) as exc:  # pragma: no cover - numba is a dependency
        raise Unsupported(f"the compiled sweep is not available: {exc}") from exc
    full = st.full
    ncat = len(full)
    first = start if any(start) else full
    kings = sum(full[k] for k in st.king_idx)  # a king taken gives its draw back
    auto = _Automaton(st, skill, sum(first[k] for k in st.king_idx), sum(first))
    depth_full = min(sum(full), skill + kings)  # the most cards a pass can draw
    big = _falling(sum(full), 0, depth_full)  # B: a whole pass from the full deck
    base = _falling(sum(first), 0, min(sum(first), skill + kings))
    if max(big, base).bit_length() > _MAX_DEPTH_BITS:
        raise Unsupported("passes too long for exact uint64/float64 pairs")
    acc.per_draw = big
    # A joker always leaves the pass (it ends the check or reshuffles), so within a pass no
    # joker has been drawn: the DP follows the other categories, and jokers only make outcomes.
    jokers = [i for i, info in enumerate(st.info) if info[0] == "joker"]
    cats = [i for i in range(ncat) if i not in jokers]
    if len(cats) > 8 or sys.byteorder != "little":
        raise Unsupported("the remaining counts must pack into the bytes of one uint64")
    table, cancels, nend = auto.table, auto.cancels, auto.nend
    if jokers and (table[:, jokers] >= 0).any():  # pragma: no cover - see :class:`_Automaton`
        raise Unsupported("a joker that stays in the pass")
    # the kernel's tables: the non-joker categories first, then the jokers
    table_cj = np.ascontiguousarray(table[:, cats + jokers])
    cancels_cj = np.ascontiguousarray(cancels[:, cats + jokers])
    ncat = len(cats)
    widths = [max(1, full[i].bit_length()) for i in cats]
    step = np.array([1 << sum(widths[:i]) for i in range(ncat)], dtype=np.int64)
    kbits = sum(widths)

    ends: dict[int, list[int]] = {}  # end code -> exact mass (numerator over base * B**e, e)
    sums: dict[str, list[int]] = {}  # "cards", "cancelled": expected values, the same way
    pending: dict[int, dict[int, list[int]]] = {}  # draws left -> {pass start state: mass}
    left_of = auto.left.tolist()
    end_codes = auto.end_codes
    # per state: successes above need + 1 (see the batch loop), and the state with need + 1
    saturated, base_of = auto.saturation(st.need + 1)
    batch = {auto.index(skill, 0, 0, st.chips): [1, 0]}
    deck, first_pass = first, True
    while True:
        # Drawing on when sure (no stop rule), a player with need + 1 successes or more makes
        # the same moves whatever the successes (every choice is then fixed): such pass starts
        # share one pass, run from need + 1 successes, and read its outcomes shifted.
        top = max(e for _w, e in batch.values())
        members: dict[int, list[tuple[int, int]]] = {}  # pass run -> [(shift, weight)]
        for k, (w, e) in batch.items():
            run, shift = k, 0
            if not st.stop and saturated[k] > 0:
                run, shift = base_of[k], saturated[k]
            members.setdefault(run, []).append((shift, w * big ** (top - e)))
        runs = list(members)
        nsid = len(runs)
        if (nsid * auto.size).bit_length() + kbits > _MAX_KEY_BITS:
            raise Unsupported("too many states for one merge key")
        m = sum(deck)
        depth = min(m, max(left_of[k] for k in runs) + kings)  # the most cards these passes can draw
        # below 2**64 the uint64 values alone are exact; above, the float64 twin is kept too
        # (the expected cards drawn, up to depth times the rest, is the largest sum)
        dual = (depth * _falling(m, 0, depth)).bit_length() > 64
        global _WORK
        if _WORK is None:
            _WORK = _sweep.workspace()
        okeys, ou, of, side_u, side_f, status, _WORK = _sweep.sweep(
            table_cj, cancels_cj, len(cats), nend, np.array([deck[j] for j in jokers], dtype=np.int64),
            np.array(runs, dtype=np.int64),
            np.full(nsid, sum(deck[c] << 8 * i for i, c in enumerate(cats)), dtype=np.uint64),
            np.ones(nsid, dtype=np.uint64), np.ones(nsid, dtype=np.float64), m, depth,
            *_factors(m, depth), step, kbits, _WORK)
        if status:  # pragma: no cover - the depth bounds every pass
            raise Unsupported("a pass longer than foreseen")
        # the batch's exact outcomes, combined with the exact probabilities of its pass starts;
        # a later pass's outcomes are over m^(depth): the factor brings them over B
        scale = 1 if first_pass else _falling(m, depth, depth_full)
        e_out = top + (0 if first_pass else 1)  # the first pass is over base, the others over B
        per_run = np.array([sum(w for _s, w in members[r]) * scale for r in runs], dtype=object)
        for k, name in enumerate(("cards", "cancelled")):
            total = int((per_run * _exact(side_u[k], side_f[k] if dual else None)).sum())
            if total:
                _add(sums, name, total, e_out, big)
        if len(okeys):  # exact sums per (column, pass run), sorted by column
            order = np.argsort(okeys)
            keys = okeys[order]
            values = _exact(ou[order], of[order] if dual else None)
            cols, run_of = keys // nsid, keys % nsid
            if len(cols) and int(cols[-1]) >= auto.unforeseen:  # sorted: the last is the largest
                raise Unsupported("a move the search of player states did not foresee")
            if all(len(v) == 1 and v[0][0] == 0 for v in members.values()):
                first_of = np.flatnonzero(np.concatenate(([True], cols[1:] != cols[:-1])))
                totals = np.add.reduceat(per_run[run_of] * values, first_of).tolist()
                outcomes = [(end_codes[c], -1) if c < nend else (-1, c - nend)
                            for c in cols[first_of].tolist()]
            else:  # every member of a shared run reads the run's outcomes shifted
                totals, outcomes = _shifted(auto, members, runs, run_of, cols, values, scale)
            for (code, state), total in zip(outcomes, totals, strict=True):
                if state < 0:
                    _add(ends, code, total, e_out, big)
                else:
                    _add(pending.setdefault(left_of[state], {}), state, total, e_out, big)
        if not pending:
            break
        batch = pending.pop(max(pending))
        deck, first_pass = full, False
    for code, (w, e) in ends.items():
        acc.end_code(st, w, e, code)
    for name, (w, e) in sums.items():
        _add(acc.sums, name, w, e, big)
    return base
