"""Large task checks, compiled: the same exact odds as :func:`.odds._sequential`, faster.

Why a second engine: a cautious check with a high need (6 to 10 successes from skill 10,
many bad ranks, fate chips) keeps about 150,000 distinct (deck, player) states, and so do
the kings' extra cards after the thousands of different hands of a broke check; pure
Python spends about 5 µs on each. Here a numba-compiled search (:mod:`._search`) works out
the player's moves for every reachable player state at once, and a numba-compiled sweep
(:mod:`._sweep`) draws a whole batch of passes, layer by layer, in one call.

How it stays exact:

- A *pass* is the run of draws between two reshuffles. Every pass after the first starts
  from the full deck, and a joker costs a draw that no king gives back, so a pass that
  starts with *L* draws left only starts passes with fewer than *L*. Passes are processed
  in batches, by draws left at their start, from the most to the fewest; a batch is one
  sweep over layers (cards drawn in the pass), every pass in it starting with mass 1.
  The first pass of a broke check's extra cards is one batch of every hand that a king's
  card follows, each from its own rest of the deck, with the hand's ways as its mass.
- Within a pass every state of layer *n* has drawn *n* cards from a deck of *m*, so its
  mass is an integer over the falling factorial ``m (m-1) ... (m-n+1)``, below 2**84
  (:data:`_MAX_DEPTH_BITS`). The sweep keeps each such integer as a pair: its value modulo
  2**64 (``uint64`` arithmetic wraps exactly) and its value as a float64. Every term is
  positive, so the float's relative error only adds up, to far less than 2**-40; the pair
  therefore gives the integer back exactly (:func:`_exact`). A longer pass (above skill
  10) is cut in two: the sweep hands over the states after its first draws, and their
  exact masses, split into limbs of a few dozen bits, go on in sweeps of the rest of the
  pass (:meth:`_Passes._exact_sweep`).
- A batch's outcomes (the check ends, or a joker starts a pass) are exact integers per
  pass start. Weighing them by the starts' exact probabilities (hundreds of bits) and
  summing them per outcome and per new pass is done on 32-bit limbs in the compiled
  :func:`._sweep.read` and :func:`._sweep.spread` (as Python integers it was half the
  time of a long check drawing on when sure). A new pass's mass stays in limbs until its
  batch, beside a factor of its own; the batch brings its starts' masses over one
  denominator and sums them per start (:func:`._sweep.gather`), then takes out the factor
  they all share, which grows by about 50 bits a pass (a greatest common divisor, divided
  out exactly: :func:`_reduced`), so that the weights multiplied are a few limbs long. A
  Python integer is made only per outcome column and per batch.

States that meet again (the same cards in another order, the same player state) are
merged every layer (a hash table in :mod:`._sweep`): a dynamic programme over the deck's
composition, never an enumeration of orderings. The player's moves are those of
:func:`.odds._moves`, worked out for every reachable player state at once
(:class:`_Automaton`), and an end is kept as its outcome once the bonuses left are spent
(:func:`._sweep.outcome`, as :func:`.odds._finalize`), counted in the distribution of
successes and in that of bad cards (a result reports the two, never the joint).

Drawing on when sure, pass starts that differ only in fields their moves never read (see
:meth:`_Automaton._base`) share one run: the kernel sweeps it once and reads its ends for
each member as the end's code plus the member's difference. Drawing cautiously, ace bonuses
and chips are read only as their sum (aces pay first), so a run holds its bonus as chips and
a member with ace bonuses reads each end with as many of the run's spent chips turned back
into ace bonuses (at most its own): on the slowest check known this cut the runs swept per
batch from up to 14 to 3 and its time by a fifth to a quarter. Chips are read only as "any
left", so starts that differ in chips too share the run of the one with the most: a member
with fewer reads what the run did while it still had them, and where the run spends one
the member lacks, the member's own end (its bad card in effect). For the slowest check
known this cut the states swept from 2.4 million to half a million. A pass's moves never read its
draws left either, only whether they ran out, so a run from the full deck also serves
every later start with the same other fields and fewer draws left: such a start reads the
run's outcomes from as many draws short (a draw that leaves the run that many ends its
pass). Its sweep's outcomes are therefore kept by draws left (:class:`_Swept`). A batch of
several long runs is split among the machine's cores. The tests check that both engines
agree exactly, field by field, for every policy and both modes, from full and partial
decks.
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import TYPE_CHECKING, Any, cast

from .. import interrupt
from .odds import _B, _add, _pow

if TYPE_CHECKING:
    import numpy as np

    from .odds import _Acc, _Hands, _Setup

Ints = Any  # a list of ints or a numpy array of them: one value per start state
_TWO64 = 1 << 64
_MAX_KEY_BITS = 62  # a merge key (pass run, player state, cards drawn) must fit in an int64
_MAX_STATES = 200_000  # player states tabulated at once; larger checks use the plain engine
_MAX_DEPTH_BITS = 84  # masses must stay far below 2**(64 + 40) for :func:`_exact`
_FIELDS = (1 << 5 * _B) - 1  # a packed player state's fields but its draws left


#: Buffers the compiled sweep reuses (see :func:`._sweep.workspace`), one set per sweep running
#: at once: a page computes in a background thread, and a cancelled computation may still be
#: finishing its last sweep while the next one starts (``list.pop``/``append`` are atomic).
_WORK: list[tuple[Any, ...]] = []


class Unsupported(Exception):
    """The check is outside what this engine is sized for; the caller uses the plain engine."""


def _pack(left: Any, s: Any, ab: Any, ch: Any, bad: Any = 0, bace: Any = 0) -> Any:
    """A player state (numbers or arrays) packed into one integer, fields as in :func:`.odds._moves`."""
    return (left << 5 * _B) | (s << 4 * _B) | (ab << 3 * _B) | (ch << 2 * _B) | (bad << _B) | bace


def _falling(m: int, lo: int, hi: int) -> int:
    """(m-lo) (m-lo-1) ... (m-hi+1): draws lo..hi-1 of a pass from a deck of m cards."""
    return math.prod(range(m - hi + 1, m - lo + 1))


def _compiled_search() -> Any:
    """The compiled search of :class:`_Automaton` (:mod:`._search`)."""
    try:
        from . import _search
    except (ImportError, RuntimeError) as exc:  # pragma: no cover - numba is a dependency
        raise Unsupported(f"the compiled search is not available: {exc}") from exc
    return _search


class _Automaton:
    """Every player state a check can reach, and what drawing each category does to it.

    A player state is (draws left, successes, ace bonuses, chips, bad cards, bad aces)
    between draws, packed as in :func:`.odds._moves` (:func:`_pack`); states are numbered by
    their place in the sorted ``players``, so a move is a table look-up:

    - ``table[state, category]`` >= 0: the state the draw leads to within the pass;
    - otherwise ``-1 - column``: column < ``nend`` is an end with code ``ends[column]``
      (as :func:`.odds._moves` packs it, before the bonuses left are spent); ``nend + t``
      is a new pass from player state t (the first deck ran out) and ``nend + size + j``
      one from ``targets[j]`` (a joker reshuffled the deck);
    - ``cancels[state, category]``: the draw's bad card is cancelled.

    The moves follow :func:`.odds._moves` (the tests check that both engines agree exactly),
    cautious or broke (a broke hand's kings' extra cards); the search and the tables are
    compiled (:mod:`._search`: in numpy, the fixed costs of some forty calls per layer on
    small arrays were a fifth of the slowest check). The search counts the kings left in the
    current pass's deck, since a pass cannot draw more kings than its deck has (without
    that, "always take a king's card" would never end).

    ``starts``: (packed player states, kings in their decks, whether each is in the first
    pass), three arrays, for every state a check starts from; ``first_size``: the first
    pass's deck size (the first deck can run out; then the full deck comes back, kings and
    all). ``prior``: an automaton whose search this one goes on with (:meth:`more`), from
    ``starts`` (later passes only) on.
    """

    players: np.ndarray
    table: np.ndarray
    cancels: np.ndarray
    divert: np.ndarray  # (see below)
    ends: np.ndarray
    targets: np.ndarray
    diverts: np.ndarray
    # the search so far, for :meth:`more` (every state met, sorted; the most kings left it was met with)
    _known: np.ndarray
    _known_kings: np.ndarray

    def __init__(self, st: _Setup, starts: tuple[Ints, Ints, Ints], first_size: int, broke: bool,
                 prior: _Automaton | None = None) -> None:
        import numpy as np

        search = _compiled_search()
        self.st, self.broke = st, broke
        self.first_size = first_size
        info = st.info
        # what bounds a pass from the full deck (see :meth:`_base`): kings that give a draw
        # back, and the bad cards that do not succeed (the only ones that lower a sure
        # player's margin when cancelled)
        self.horizon_kings = 0 if st.kings == "never" else st.full_kings
        self.bad_failing = sum(n for n, (_kind, succeeds, bad) in zip(st.full, info, strict=True)
                               if bad and not succeeds)
        # The most chips a run from the full deck starts with (see :meth:`_base`): a run with as
        # many chips as its pass has draws never runs out (every later pass has fewer draws left
        # than the first). Not capped at the check's chips: a run holds its members' ace bonuses as
        # chips too, and a member holds at most as much bonus as its run unless neither runs out.
        start_player, start_kings, start_first = (np.asarray(a, dtype=np.int64) for a in starts)
        if prior is None:
            most_left = int((start_player >> 5 * _B).max())
            self.chip_cap = most_left + self.horizon_kings
        else:
            self.chip_cap = prior.chip_cap
        # the rules as the compiled search reads them: a row per category (successes, ace, bad,
        # king, joker: see :data:`._search.SUCC`), and the check's policies
        self.kinds = np.array([(int(succeeds), kind == "ace", bool(bad), kind == "king", kind == "joker")
                               for kind, succeeds, bad in info], dtype=np.int64)
        self.rules = search.pack_rules(st.need, st.bonus, st.kings, st.stop, st.cancel_draws_on, broke,
                                       self.chip_cap, self.horizon_kings, self.bad_failing)
        fb, later = _B, 0xFF
        # The search: states are packed (player) << 8 | cards drawn so far if still in the
        # first pass (else 0xFF), each with the kings left in its pass's deck. A later pass never
        # runs out (it starts from the full deck and draws at most the skill plus 4), and
        # neither does a first pass longer than its draws left plus its kings.
        # Cards drawn in the first pass are only counted when they can empty its deck.
        longest = int(((start_player >> 5 * _B) + start_kings).max())
        counted = first_size <= longest
        # Kings left are only counted where an endless run of kings would otherwise keep
        # making new states: a king always taken (successes grow), or going for broke (bad
        # kings add up). Cautious, a king is taken only while not sure, so successes stop
        # growing, and a bad one ends the draw or spends a bonus.
        bounded = bool(broke or st.kings == "always")
        refill = st.full_kings if bounded else 0
        # A state met with more kings left can make every move it could with fewer, so each
        # (player, cards drawn) keeps only the most kings left it was met with, and is searched
        # again only when met with more (a third of the states the pairs would be).
        # A pass from the full deck runs from its start's base (see :meth:`_base`): the
        # search meets bases only, each as a pass from the full deck (kings and all).
        in_first = start_first != 0
        cand = np.concatenate([(start_player[in_first] << fb) | (0 if counted else later),
                               (self._base(start_player[~in_first]) << fb) | later])
        cand_kings = np.concatenate([start_kings[in_first] * bounded,
                                     np.full(int((~in_first).sum()), refill, dtype=np.int64)])
        if prior is None:
            known, known_kings = cand[:0], cand_kings[:0]
        else:  # searched on: only what the prior search did not meet (or met with fewer kings left)
            known, known_kings = prior._known, prior._known_kings
        keys, kings, within = search.search(cand, cand_kings, known, known_kings, self.kinds, self.rules,
                                            int(first_size), refill, bounded, _MAX_STATES)
        if not within:
            raise Unsupported(f"more than {_MAX_STATES} player states")
        order = np.argsort(keys)
        self._known, self._known_kings = keys[order], kings[order]  # (sorted: for :meth:`more`)
        # Each player's moves (the players of the states met: numbered by their sorted order).
        # The end columns are the codes a draw ends with; a member of a shared run reads one
        # as the code plus its difference, once the bonuses left are spent (:func:`._sweep.outcome`).
        # A new pass starts from a player state (its first deck ran out) or, after a joker,
        # from one of ``targets`` (which the search met only as their bases): column
        # ``nend + t`` for player state t, ``nend + size + j`` for target j.
        # A move to a state the search never met (a king beyond the deck's) is never taken:
        # its weight is 0. It points at a column past every real one, so that a mistake in
        # that reasoning is caught (in :meth:`_Passes.respond`) and never counted as an outcome.
        # Drawing on, a member of a run may hold fewer chips than the run's start (see
        # :meth:`_base`): it leaves the run where the run spends a chip the member no longer
        # has (a cancel with no ace bonus held). ``divert[state, category]`` >= 0: that draw's
        # end for such a member, its bad card in effect (code ``diverts[divert]``, as an end's).
        # ``code_max``: the most of each field (as :meth:`_fields` lists them) a pass can end
        # with: an end's code, a divert's, or (a member whose draws run out first) any player state's.
        if prior is None:
            none, rows = cand[:0], np.empty((0, len(info)), dtype=np.int64)
            old = (none, rows, rows.astype(bool), rows, none, none, none)
        else:  # the prior's moves, numbered anew
            old = (prior.players, prior.table, prior.cancels, prior.divert, prior.ends, prior.targets,
                   prior.diverts)
        players, table, cancels, divert, *met, code_max = search.tables(self._known, self.kinds, self.rules,
                                                                        *old)
        ranked, ranks = [], []  # the end codes, targets and diverts sorted, and where each one met went
        for values in met:
            order = np.argsort(values)
            rank = np.empty_like(order)
            rank[order] = np.arange(len(order))
            ranked.append(values[order])
            ranks.append(rank)
        search.numbered(table, divert, *ranks)
        self.ends, self.targets, self.diverts = ranked
        self.players, self.table, self.cancels, self.divert = players, table, cancels, divert
        self.size, self.nend = len(self.players), len(self.ends)
        self.left = (self.players >> 5 * _B) & ((1 << _B) - 1)
        self.new_passes = np.concatenate([self.players, self.targets])  # the start of column nend + t
        self.code_max = [int(f) for f in code_max]

    def _base(self, player: np.ndarray) -> np.ndarray:
        """The pass start each packed player state shares a run with: the state with the
        fields its moves never read set aside (see :meth:`_Passes.drain`).

        A run only has to behave alike for its members until its pass ends (a new pass
        is a start of its own, with a base of its own), and a pass from the full deck draws
        at most its draws left plus the kings that give a draw back (``horizon``).
        Drawing on when sure (never with the stop rule, which reads every field):

        - going for broke, a king's card taken always (or never) reads only the draws left,
          so successes, ace bonuses, bad cards and bad aces are set aside;
        - drawing cautiously, kings' cards taken always (or never) and bonuses spent without
          the "best" reasoning read no successes, so they are set aside; spent only on
          successes, bonuses are never read either; spent on cancelling, chips are read only
          as "any left";
        - drawing cautiously with the "best" bonuses (or kings' cards "best"), the moves read
          the margin of sureness (successes, ace bonuses and chips beyond the need) and
          chips only as "any left"; successes above the need read nothing more than the
          need. A player with at least ``horizon`` chips and a margin of at least the bad
          cards that do not succeed (up to ``horizon``) cancels every bad card and takes
          every king's card (or, kings "best", none) until the pass ends, whatever the
          successes and chips (a member may then have fewer successes than its base:
          differences are signed, see :meth:`signed_fields`);
        - otherwise successes above the need read nothing more than the need (and going for
          broke, with the need met no king's card is taken, so bonuses and bad cards read
          nothing either).

        Drawing cautiously, the moves read ace bonuses and chips only as their sum (the bonus:
        ace bonuses pay first, so which of the two pays is never a choice), so a base holds its
        whole bonus as chips and no ace bonus. A member holding ``a`` ace bonuses (paid first) is,
        at each of the run's states, that state plus its difference with ``min(a, X)`` ace bonuses
        given back as chips, X being the chips the run has spent so far: the member paid those with
        aces (:func:`._sweep.read`, :func:`._sweep.spread`).

        Where chips are read only as "any left", players alike in everything else share the
        run of the one with the most bonus (up to :attr:`chip_cap`, which no pass can spend):
        a member with less is that run until the run spends a chip the member does not have,
        where the member's pass ends (see :attr:`divert` and :func:`._sweep.read`): where the
        run's chips come down to the member's shortfall (the run's chips only ever go down).
        With the margin read, successes make up the member's smaller bonus.

        A base is its own base. A member's new pass (its run's, shifted) may have a base
        that the search has not met; :meth:`more` then searches again (see
        :meth:`_Passes.drain`).

        The rules are compiled (:func:`._search.base_of`), for the search and for every batch.
        """
        import numpy as np

        player = np.asarray(player, dtype=np.int64)
        return cast(np.ndarray, _compiled_search().bases(player.ravel(), self.rules).reshape(player.shape))

    def more(self, bases: np.ndarray) -> _Automaton:
        """The automaton searched again with ``bases`` as more starts of later passes (from the
        full deck): a member of a shared run may start a new pass whose base its run's
        search never met."""
        import numpy as np

        starts = (bases, np.full(len(bases), self.st.full_kings), np.zeros(len(bases), dtype=np.int64))
        return _Automaton(self.st, starts, self.first_size, self.broke, prior=self)

    @staticmethod
    def signed_fields(delta: np.ndarray) -> tuple[np.ndarray, ...]:
        """The fields of packed differences between states (each from -128 to 127), as
        :meth:`_fields` lists them: a member of a shared run may have fewer successes or
        chips than its base."""
        out = []
        for _ in range(6):  # the lowest field first
            f = ((delta + (1 << _B - 1)) & ((1 << _B) - 1)) - (1 << _B - 1)
            out.append(f)
            delta = (delta - f) >> _B
        return tuple(reversed(out))

    def _find(self, packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The numbers of packed states, and whether the search met each one."""
        import numpy as np

        pos = np.searchsorted(self.players, packed)
        found = self.players[np.minimum(pos, len(self.players) - 1)] == packed
        return pos, found

    def _fields(self, player: np.ndarray) -> tuple[np.ndarray, ...]:
        m = (1 << _B) - 1
        return tuple((player >> k * _B) & m for k in range(5, -1, -1))

    def index(self, packed: list[int] | np.ndarray) -> list[int]:
        """The numbers of states the search met (they must have been met)."""
        import numpy as np

        pos, found = self._find(np.asarray(packed, dtype=np.int64))
        assert found.all(), "the search starts from these states"
        return pos.tolist()


#: Threads a batch of runs is split among (None: one per core; 1: never split). Runs are
#: independent, and the compiled sweep releases the GIL.
THREADS: int | None = None
#: A batch is split among threads only when the check's last sweep took at least this long
#: (seconds): a split costs about 0.3 ms, and the batches of a check shrink from the first
#: (the longest passes) on, so the last sweep foretells the next one. The answer is exact
#: either way.
PARALLEL_AFTER = 0.002
_POOL: list[Any] = []  # the thread pool, made on first use


def _threads() -> int:
    return THREADS if THREADS is not None else max(1, os.cpu_count() or 1)


def _pool() -> Any:
    from concurrent.futures import ThreadPoolExecutor

    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=_threads(), thread_name_prefix="mousecard-sweep"))
    return _POOL[0]


def _factors(m: int, depth: int) -> tuple[np.ndarray, ...]:
    """Per layer n of a pass from m cards: the factors that bring its masses (over m (m-1) ...
    (m-n+1)) and its draws' masses (one more card) over the whole pass's falling factorial,
    modulo 2**64 and as float64s."""
    import numpy as np

    now = [_falling(m, n, depth) for n in range(depth + 1)]
    nxt = [f // (m - n) if n < m else 0 for n, f in enumerate(now)]
    return (np.array([f % _TWO64 for f in now], dtype=np.uint64), np.array(now, dtype=np.float64),
            np.array([f % _TWO64 for f in nxt], dtype=np.uint64), np.array(nxt, dtype=np.float64))


def _exact(lo: np.ndarray, fl: np.ndarray) -> np.ndarray:
    """Exact integers (an object array) from their values mod 2**64 and the same values as
    float64s (sums of positive terms, far below 2**104: see :data:`_MAX_DEPTH_BITS`)."""
    import numpy as np

    hi = np.rint((fl - lo.astype(np.float64)) * (1.0 / _TWO64)).astype(np.int64)
    return hi.astype(object) * _TWO64 + lo.astype(object)


def _whole(parts: list[tuple[int, np.ndarray, np.ndarray]]) -> np.ndarray:
    """Exact integers (an object array) from their parts (see :class:`_Swept`)."""
    return cast("np.ndarray", sum(_exact(u, f) * (1 << shift) for shift, u, f in parts))


def _parts(values: np.ndarray) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """Exact integers (an object array) as parts (shift, uint64, float64) that the kernel's
    reader sums exactly: 64-bit limbs (the sweep's own sums, below 2**84, are one part)."""
    import numpy as np

    parts, shift = [], 0
    while True:
        low = values % _TWO64
        parts.append((shift, low.astype(np.uint64), low.astype(np.float64)))
        values, shift = values >> 64, shift + 64
        if not values.any():
            return parts


def _to_limbs(values: np.ndarray) -> np.ndarray:
    """Non-negative Python integers (an object array) as 32-bit limbs, lowest first."""
    import numpy as np

    width = max(1, -(-max(int(v).bit_length() for v in values.tolist()) // 32))
    data = b"".join(int(v).to_bytes(4 * width, "little") for v in values.tolist())
    return np.frombuffer(data, dtype="<u4").reshape(len(values), width).astype(np.uint64)


def _from_limbs(limbs: np.ndarray) -> np.ndarray:
    """Rows of 32-bit limbs (each below 2**32, lowest first) as Python integers (an object array)."""
    import numpy as np

    size = 4 * limbs.shape[1]
    data = limbs.astype("<u4").tobytes()
    out = np.empty(len(limbs), dtype=object)
    out[:] = [int.from_bytes(data[i:i + size], "little") for i in range(0, len(data), size)]
    return out


def _trim(limbs: np.ndarray) -> np.ndarray:
    """Rows of 32-bit limbs without the high limbs that are zero in every row (one kept)."""
    import numpy as np

    used = np.flatnonzero(limbs.any(axis=0))
    return np.ascontiguousarray(limbs[:, :max(1, int(used[-1]) + 1 if len(used) else 1)])


def _scaled(limbs: np.ndarray, which: np.ndarray | None, factors: list[int]) -> np.ndarray:
    """Rows of 32-bit limbs, row i times ``factors[which[i]]`` (every row times ``factors[0]``
    if ``which`` is None), trimmed (see :func:`._sweep.times`)."""
    import numpy as np

    if all(f == 1 for f in factors):
        return limbs
    if which is None:
        which = np.zeros(len(limbs), dtype=np.int64)
    scalars = _to_limbs(np.array(factors, dtype=object))
    return _trim(_kernel().times(np.ascontiguousarray(limbs), which, scalars))


def _sum_rows_by(keys: np.ndarray, limbs: np.ndarray, which: np.ndarray | None = None,
                 factors: list[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ``keys``, sorted, and the sum of the rows of ``limbs`` (exact integers as
    32-bit limbs) for each, row i times ``factors[which[i]]`` if given: carried and trimmed
    (:func:`._sweep.gather`)."""
    import numpy as np

    if which is None or factors is None:
        which, factors = np.zeros(len(keys), dtype=np.int64), [1]
    scalars = _to_limbs(np.array(factors, dtype=object))
    return cast("tuple[np.ndarray, np.ndarray]", _kernel().gather(
        np.ascontiguousarray(keys, dtype=np.int64), np.ascontiguousarray(limbs), which, scalars))


def _sum_by(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ``keys``, sorted, and the sum of ``values`` (exact integers in an object
    array) for each."""
    import numpy as np

    order = np.argsort(keys)
    keys = keys[order]
    first_of = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[first_of], np.add.reduceat(values[order], first_of)


def _reduced(limbs: np.ndarray) -> tuple[np.ndarray, int]:
    """Rows of 32-bit limbs (exact integers) divided by their greatest common divisor g: the
    quotients (32-bit limbs, trimmed) and g (1 if every row is zero).

    Why: a batch's weights share a large factor (each pass that led to them adds about 50
    bits: 440 of the 714 bits of the slowest check's last batch), and the products that
    weigh what the members read (:func:`._sweep.read`, :func:`._sweep.spread`) are as many
    as the weights' limbs. g is the greatest common divisor of a few rows, then also of
    those it fails to divide, until it divides them all (measured: one try or two); the
    division is exact and compiled (:func:`._sweep.quotients`): Python integers are made
    only of the rows tried.
    """
    import numpy as np

    if len(limbs) == 1:
        g = int(_from_limbs(limbs)[0])
        return (limbs, 1) if g == 0 else (np.ones((1, 1), dtype=np.uint64), g)
    g = math.gcd(*_from_limbs(limbs[::-(-len(limbs) // 8)]).tolist())  # 8 rows, spread out
    limbs = np.ascontiguousarray(limbs)
    while g > 1:
        shift = (g & -g).bit_length() - 1
        odd = g >> shift
        quotients, failed = _kernel().quotients(limbs, shift, _to_limbs(np.array([odd], dtype=object))[0],
                                                np.uint64(pow(odd, -1, 1 << 32)))
        if not failed.any():
            return _trim(quotients), g
        g = math.gcd(g, *_from_limbs(limbs[failed]).tolist())
    return limbs, 1


def warm() -> None:
    """Compile the sweep now (numba caches the machine code beside :mod:`._sweep`), so that
    the first large check a user asks for is not the one that waits ~10 s for it. ``run.py``
    calls this after installing."""
    from .odds import TaskCheck, exact_odds

    exact_odds(TaskCheck(10, 7, need=6, situation="combat", aged=3, fate_chips=2))


_WARMING: list[Any] = []  # the thread of :func:`warm_in_background`, once started


def warm_in_background() -> Any:
    """Load the compiled engine (:func:`warm`) in a daemon thread, once per process; returns the thread.

    A page starts it as it opens: numba takes about half a second to load the sweep's cached machine
    code (about 10 s to compile it where no cache was made), which the first large check asked for
    would otherwise wait, while the user is still reading the page. A failure here is never said: the
    check the user asks for meets it again and says it.
    """
    import threading

    def load() -> None:
        try:
            warm()
        except Exception:  # (said by the user's own check, if it meets it)
            pass

    if not _WARMING:
        thread = threading.Thread(target=load, name="companion-warm", daemon=True)
        _WARMING.append(thread)
        thread.start()
    return _WARMING[0]


def _put(masses: dict[Any, dict[int, int]], key: Any, e: int, w: int) -> None:
    """Add w / (base * B**e) to ``masses[key]``."""
    mass = masses.get(key)
    if mass is None:
        masses[key] = {e: w}
    else:
        mass[e] = mass.get(e, 0) + w


def _kernel() -> Any:
    try:
        from . import _sweep
    except (ImportError, RuntimeError) as exc:  # pragma: no cover - numba is a dependency
        raise Unsupported(f"the compiled sweep is not available: {exc}") from exc
    return _sweep


class _Swept:
    """Every swept pass run's outcomes, before its members read them (see :func:`._sweep.read`),
    in flat arrays sorted by ``key``: (run * 4 + kind) * 256 + ``a`` (for a new pass, ``a``
    is its draws left). Run r's entries of kind k are ``bounds[r, k]`` ..
    ``bounds[r, k + 1] - 1``, each with its packed ``code`` (an end's code, a player state or
    a new pass's start) and its mass over the run's pass's falling factorial (to
    ``depth[r]`` draws) in parts: part p is a uint64 and a float64 per entry (``u[e, p]``,
    ``f[e, p]``), its integer counting 2**``shifts[p]`` times. A new pass's exact
    mass is kept whole too, as 32-bit limbs (``limbs``, lowest first; the other entries'
    rows are never read), for :func:`._sweep.spread`. ``left[r]``: the run's
    draws left at its start (the most, if it has several starts: a broke check's first
    batch, only read as it is); a member reads it from that many draws minus its own.
    """

    def __init__(self) -> None:
        import numpy as np

        self.depth: list[int] = []
        self.left: list[int] = []
        self.n = 0
        # buffers, twice as long as needed when they grow (a batch appends; every batch reads all)
        self.key = np.zeros(0, dtype=np.int64)
        self.code = np.zeros(0, dtype=np.int64)
        self.limbs = np.zeros((0, 3), dtype=np.uint64)
        self.shifts: list[int] = [0]
        self.u = np.zeros((0, 1), dtype=np.uint64)
        self.f = np.zeros((0, 1), dtype=np.float64)

    def add(self, okeys: np.ndarray, parts: list[tuple[int, np.ndarray, np.ndarray]],
            tables: tuple[np.ndarray, ...], nruns: int, depth: int, left: int) -> list[int]:
        """Keep one sweep's ``nruns`` runs (its outcome keys, see :func:`._sweep.sweep`, and
        their masses in parts; ``tables``: the codes of the ends, the player states, the new
        passes and the members' own ends, see :func:`._sweep.arrange`); returns their numbers."""
        import numpy as np

        first = len(self.depth)
        for shift, _u, _f in parts:
            if shift not in self.shifts:  # a part no earlier run has: zeros there
                self.shifts.append(shift)
                self.u = np.concatenate([self.u, np.zeros((len(self.u), 1), dtype=np.uint64)], axis=1)
                self.f = np.concatenate([self.f, np.zeros((len(self.f), 1))], axis=1)
        cols = [self.shifts.index(shift) for shift, _u, _f in parts]
        # keys above every key so far: the buffers stay sorted
        shifts = np.array([shift for shift, _u, _f in parts], dtype=np.int64)
        key, code, u, f, news, limbs, status = _kernel().arrange(
            okeys, first, *tables, 5 * _B, np.stack([u for _s, u, _f in parts], axis=1),
            np.stack([f for _s, _u, f in parts], axis=1), shifts)
        if status:
            raise Unsupported("a move the search of player states did not foresee")
        n0, n1 = self.n, self.n + len(key)
        if n1 > len(self.key):
            size = max(2 * n1, 1 << 14)

            def grown(old: np.ndarray) -> np.ndarray:
                new = np.empty((size, *old.shape[1:]), dtype=old.dtype)
                new[:n0] = old[:n0]
                return new

            self.key, self.code, self.limbs = grown(self.key), grown(self.code), grown(self.limbs)
            self.u, self.f = grown(self.u), grown(self.f)
        if limbs.shape[1] > self.limbs.shape[1]:  # wider masses (a pass cut in parts): wider rows
            wider = np.zeros((len(self.limbs), limbs.shape[1]), dtype=np.uint64)
            wider[:, :self.limbs.shape[1]] = self.limbs
            self.limbs = wider
        self.key[n0:n1] = key
        self.code[n0:n1] = code
        if len(cols) < len(self.shifts):  # parts this sweep lacks
            self.u[n0:n1] = 0
            self.f[n0:n1] = 0.0
        self.u[n0:n1, cols] = u
        self.f[n0:n1, cols] = f
        # a new pass's exact mass, kept whole as limbs (only new passes' rows are read)
        self.limbs[n0 + news, :limbs.shape[1]] = limbs
        self.limbs[n0 + news, limbs.shape[1]:] = 0
        self.n = n1
        self.depth += [depth] * nruns
        self.left += [left] * nruns
        return list(range(first, first + nruns))

    def flat(self) -> tuple[Any, ...]:
        """Every run's entries so far: key, code, the parts (uint64 and float64, entries x
        parts, and the shifts), new passes' exact masses (32-bit limbs), and the bounds
        (runs x 5)."""
        import numpy as np

        n = self.n
        edges = np.arange(len(self.depth))[:, None] * 4 + np.arange(5)[None, :]
        key = self.key[:n]
        return (key, self.code[:n], self.u[:n], self.f[:n], np.array(self.shifts, dtype=np.int64),
                self.limbs[:n], np.searchsorted(key, edges * 256))


class _Passes:
    """The batches of passes of one check, their exact outcomes, and what is still pending.

    Masses end up as integers over ``base * B**e``, B the falling factorial of a whole pass
    from the full deck (``big``), as :func:`.odds._exact_odds` expects; ``base`` is the
    caller's (the first pass's falling factorial, times the ways of a broke hand).
    """

    def __init__(self, st: _Setup, auto: _Automaton) -> None:
        self.sweep = _kernel().sweep
        self.st, self.auto = st, auto
        full = st.full
        self.kings = st.full_kings  # a king taken gives its draw back
        self.depth_full = min(sum(full), int(auto.left.max()) + self.kings)  # the longest pass
        self.big = _falling(sum(full), 0, self.depth_full)  # B: a whole pass from the full deck
        # A joker always leaves the pass (it ends the check or reshuffles), so within a pass no
        # joker has been drawn: the DP follows the other categories, and jokers only make outcomes.
        self.jokers = [i for i, info in enumerate(st.info) if info[0] == "joker"]
        self.cats = cats = [i for i in range(len(full)) if i not in self.jokers]
        if len(cats) > 8 or sys.byteorder != "little":
            raise Unsupported("the remaining counts must pack into the bytes of one uint64")
        self.adopt(auto)
        widths = [max(1, full[i].bit_length()) for i in cats]
        self.step = [1 << sum(widths[:i]) for i in range(len(cats))]
        self.kbits = sum(widths)
        # Exact masses as {e: numerator over base * B**e}: adding one is a dict update, and
        # bringing them over one power of B is left to the few places that need it.
        self.succ: dict[int, dict[int, int]] = {}  # successes at the end -> mass
        self.bad: dict[int, dict[int, int]] = {}  # bad cards in effect at the end -> mass
        self.sums: dict[str, dict[int, int]] = {}  # "cards", "cancelled", "chips": linear totals
        # draws left -> chunks of pass starts: (states, masses as 32-bit limbs, e, scale: see :meth:`wait`)
        self.pending: dict[int, list[tuple[np.ndarray, np.ndarray, int, int]]] = {}
        self.swept = _Swept()  # every run's outcomes
        self.last_sweep = 0.0  # seconds (see :data:`PARALLEL_AFTER`)
        # runs of passes from the full deck, by their start's fields but the draws left
        self.shared: dict[int, int] = {}

    def adopt(self, auto: _Automaton) -> None:
        """Use ``auto``'s moves (the kernel's tables: the non-joker categories first, then the jokers)."""
        import numpy as np

        table = auto.table
        if self.jokers and (table[:, self.jokers] >= 0).any():  # pragma: no cover - see :class:`_Automaton`
            raise Unsupported("a joker that stays in the pass")
        self.auto = auto
        self.table = np.ascontiguousarray(table[:, self.cats + self.jokers])
        self.cancels = np.ascontiguousarray(auto.cancels[:, self.cats + self.jokers])
        self.divert = np.ascontiguousarray(auto.divert[:, self.cats + self.jokers])
        self.chips_of = np.ascontiguousarray(auto._fields(auto.players)[3], dtype=np.int64)

    def packed(self, deck: tuple[int, ...]) -> int:
        """The remaining non-joker cards of ``deck``, one byte per category, as the kernel keeps them."""
        return sum(deck[c] << 8 * i for i, c in enumerate(self.cats))

    def respond(self, deck: tuple[int, ...], depth: int, nruns: int, start_run: Ints, start_player: Ints,
                start_low: Ints, start_rest: Ints, start_mass: Ints) -> list[int]:
        """Sweep ``nruns`` pass runs (their starts: run, player state, cards drawn, remaining
        cards and mass) from decks of ``sum(deck)`` cards (jokers as in ``deck``), up to
        ``depth`` draws: the numbers their outcomes are kept under (in :attr:`swept`), for their
        members to read (:meth:`read`)."""
        import numpy as np

        auto = self.auto
        # the player states this batch can meet: those with no more draws left than its starts
        # (the sorted packing puts draws left first)
        start_player = np.asarray(start_player, dtype=np.int64)
        most_left = int(auto.left[start_player].max())
        size = int(np.searchsorted(auto.players, (most_left + 1) << 5 * _B))
        if (nruns * size).bit_length() + self.kbits > _MAX_KEY_BITS or nruns >= 1 << 21:
            raise Unsupported("too many states for one merge key")
        m = sum(deck)
        fixed = (self.table, self.cancels, self.divert, size, len(self.cats), auto.nend,
                 np.array([deck[j] for j in self.jokers], dtype=np.int64), nruns)
        lefts = np.ascontiguousarray(auto.left, dtype=np.int64)
        rest = (np.array(self.step, dtype=np.int64), self.kbits, lefts, self.chips_of)
        keys, parts = self._exact_sweep(
            fixed, rest, size, m, depth, np.asarray(start_run, dtype=np.int64), start_player,
            np.asarray(start_low, dtype=np.int64), np.asarray(start_rest, dtype=np.uint64),
            np.asarray(start_mass, dtype=object))
        tables = tuple(np.ascontiguousarray(t, dtype=np.int64)
                       for t in (auto.ends, auto.players, auto.new_passes, auto.diverts))
        return self.swept.add(keys, parts, tables, nruns, depth, most_left)

    def read(self, member_run: Ints, short: Ints, delta: Ints, weights: np.ndarray, common: int,
             e_out: int, ch0: Ints | None = None) -> None:
        """Add the exact outcomes of members of swept runs: member i reads run ``member_run[i]``
        (see :attr:`swept`), starts ``short[i]`` draws short of it and differs from its start
        by ``delta[i]`` in the other fields (see :meth:`_Automaton._base`; ``ch0[i]``: the chips its
        run started with, for the ace bonuses the member holds beyond the run's), with its weight
        (``weights``: 32-bit limbs, row i, times ``common``; over ``base * B**e_out``, the
        run's masses being over its pass)."""
        import numpy as np

        auto = self.auto
        member_run, short, delta = (np.asarray(x, dtype=np.int64) for x in (member_run, short, delta))
        fields = auto.signed_fields(delta)
        # a member's bonus (ace bonuses and chips) short of its run's: it runs out where the run's chips
        # come down to that many (see :meth:`_Automaton._base`); ``aces``: the ace bonuses it holds
        # beyond its run's, spent first (``ch0``: the chips the run started with)
        floor = -fields[3] - fields[2]
        aces = np.maximum(fields[2], 0)
        ch0 = np.zeros(len(member_run), dtype=np.int64) if ch0 is None else np.asarray(ch0, dtype=np.int64)
        key, code, vu, vf, shifts, values, bounds = self.swept.flat()
        # the outcome columns: successes (at most those drawn, the ace bonuses and the chips),
        # then bad cards in effect
        most = [f + int(g.max(initial=0)) for f, g in zip(auto.code_max, fields, strict=True)]
        nsucc = most[1] + most[2] + self.st.chips + 1
        ncols = nsucc + most[4] + 1
        need, chips, bonus = self.st.need, self.st.chips, _kernel().BONUSES.index(self.st.bonus)
        # every member's outcomes, weighed and summed per column (then the cards drawn, the
        # bad cards cancelled and the chips spent) as limbs, in one call
        sums, status = _kernel().read(key, code, vu, vf, shifts, bounds, member_run, short, delta, floor,
                                      aces, ch0, weights, need, chips, bonus, nsucc, ncols)
        if status == 2:  # pragma: no cover - a member's pass is one the search met
            raise Unsupported("an end the search of player states did not meet")
        used = np.flatnonzero(sums.any(axis=1))
        for c, total in zip(used.tolist(), (_from_limbs(sums[used]) * common).tolist(), strict=True):
            if c < nsucc:
                _put(self.succ, c, e_out, total)
            elif c < ncols:
                _put(self.bad, c - nsucc, e_out, total)
            else:
                _put(self.sums, ("cards", "cancelled", "chips")[c - ncols], e_out, total)
        # a new pass (a joker, or the first deck ran out) from state t: for each member still
        # in the pass, from t plus its difference (its draws left: its own). A run's new passes
        # are sorted by draws left, so a member's are its run's last ones, from the first with
        # more draws left than the member is short.
        first = np.searchsorted(key, (member_run * 4 + 2) * 256 + short + 1)
        per = bounds[member_run, 3] - first
        if per.sum():
            # members often meet in one start: summed there, exactly, as limbs (see :func:`._sweep.spread`)
            starts, sums = _kernel().spread(first, per, code, values, short, delta, floor, aces, ch0, weights,
                                            5 * _B)
            self.wait(starts, sums, e_out, common)

    def _exact_sweep(self, fixed: tuple[Any, ...], rest: tuple[Any, ...], size: int, m: int, depth: int,
                     run: np.ndarray, player: np.ndarray, low: np.ndarray, cards: np.ndarray,
                     mass: np.ndarray) -> tuple[np.ndarray, list[tuple[int, np.ndarray, np.ndarray]]]:
        """Sweep starts (``mass``: exact integers) through up to ``depth`` draws from ``m`` cards:
        the runs' outcome keys (see :func:`._sweep.sweep`) and their masses over the pass's
        falling factorial m (m-1) ... (m-depth+1), in parts (see :class:`_Swept`).

        The kernel keeps a mass as a uint64 and a float64 twin, exact while every sum stays
        below 2**84 (:data:`_MAX_DEPTH_BITS`; a run's sums never mix with another run's, so
        the bound is per run). A longer pass (above skill 10) is cut: the sweep stops after
        the first ``k`` draws and hands over that layer's states, whose exact masses go on,
        split into limbs of ``w`` bits, in sweeps of the rest of the pass; limb j's outcomes
        count 2**(w j) times. All of it is exact integer arithmetic.
        """
        import numpy as np

        per_run = int(_sum_by(run, mass)[1].max())

        def bound(k: int) -> int:  # the largest sum (the cards drawn: k times a run's whole mass)
            return per_run * _falling(m, 0, k) * max(k, 1)

        k = depth
        while k > 1 and bound(k).bit_length() > _MAX_DEPTH_BITS:
            k -= 1
        if bound(k).bit_length() > _MAX_DEPTH_BITS or max(mass.max(), 1).bit_length() > 64:
            raise Unsupported("passes too long for exact uint64/float64 pairs")
        okeys, ou, of, status, (fk, fc, fu, ff) = self._swept(
            fixed, (m, k, *_factors(m, k), *rest, k if k < depth else -1), run, player, low, cards, mass)
        if status == 1:  # pragma: no cover - the depth bounds every pass
            raise Unsupported("a pass longer than foreseen")
        if k == depth:
            return okeys, [(0, ou, of)]
        # the rest of the pass, from the states after k draws (their masses are over m^(k))
        values = _exact(ou, of) * _falling(m, k, depth)
        fmass = _exact(fu, ff)
        g = fk >> self.kbits
        frun, fplayer, flow = g // size, g % size, fk & ((1 << self.kbits) - 1)
        crowd = int(np.bincount(frun).max()) if len(frun) else 1  # the most states of one run
        unit = _falling(m - k, 0, depth - k) * (depth - k)
        w = max(8, min(60, _MAX_DEPTH_BITS - 2 - unit.bit_length() - crowd.bit_length()))
        keys_all, values_all = [okeys], [values]
        for j in range(-(-max(int(fmass.max(initial=0)), 1).bit_length() // w)):
            limb = (fmass >> (w * j)) & ((1 << w) - 1)
            keep = limb != 0
            if not keep.any():
                continue
            k2, p2 = self._exact_sweep(fixed, rest, size, m - k, depth - k, frun[keep], fplayer[keep],
                                       flow[keep], fc[keep], limb[keep])
            keys_all.append(k2)
            values_all.append(_whole(p2) * (1 << (w * j)))
        okeys, values = _sum_by(np.concatenate(keys_all), np.concatenate(values_all))
        return okeys, _parts(values)

    def _swept(self, fixed: tuple[Any, ...], after: tuple[Any, ...], run: np.ndarray, player: np.ndarray,
               low: np.ndarray, cards: np.ndarray, mass: np.ndarray) -> tuple[Any, ...]:
        """The kernel's sweep of these starts (its arguments: ``fixed``, the starts, ``after``),
        its outputs as :func:`._sweep.sweep` gives them (the buffers kept for the next call).

        Runs never meet, so a batch of several runs is split among the machine's cores
        (:data:`THREADS`; only after a long sweep: :data:`PARALLEL_AFTER`), runs dealt out in
        turn, one part swept here and each other one in a thread of its own (the sweep
        releases the GIL), and the parts' outputs put together: their outcome keys are the
        run's own (a run is in one part only). A check's answer comes sooner; the CPU time
        stays about the same.
        """
        import numpy as np

        parts = min(_threads(), int((run[1:] != run[:-1]).sum()) + 1)  # a run's starts are consecutive
        began = time.perf_counter()
        if parts < 2 or self.last_sweep < PARALLEL_AFTER:
            out = self._sweep_part(fixed, after, run, player, low, cards, mass)
            self.last_sweep = time.perf_counter() - began
            return out
        ordinal = np.cumsum(np.append(0, run[1:] != run[:-1]))  # runs numbered 0, 1, ... in order
        picks = [np.flatnonzero(ordinal % parts == j) for j in range(parts)]  # none empty
        pool = _pool()
        futures = [pool.submit(self._sweep_part, fixed, after, run[i], player[i], low[i], cards[i], mass[i])
                   for i in picks[1:]]
        i = picks[0]
        outs = [self._sweep_part(fixed, after, run[i], player[i], low[i], cards[i], mass[i])]
        outs += [f.result() for f in futures]
        self.last_sweep = time.perf_counter() - began
        frontier = tuple(np.concatenate([o[4][j] for o in outs]) for j in range(4))
        return (*(np.concatenate([o[j] for o in outs]) for j in range(3)), max(o[3] for o in outs), frontier)

    def _sweep_part(self, fixed: tuple[Any, ...], after: tuple[Any, ...], run: np.ndarray, player: np.ndarray,
                    low: np.ndarray, cards: np.ndarray, mass: np.ndarray) -> tuple[Any, ...]:
        """One call of the kernel, with a set of buffers of its own (see :data:`_WORK`)."""
        import numpy as np

        work = _WORK.pop() if _WORK else _kernel().workspace()
        *out, work = self.sweep(*fixed, run, player, low, cards, mass.astype(np.uint64),
                                mass.astype(np.float64), *after, work)
        _WORK.append(work)
        return tuple(out)

    def wait(self, starts: np.ndarray, masses: np.ndarray, e: int, scale: int = 1) -> None:
        """Pass starts (packed player states) with exact masses over ``base * B**e``, pending
        by draws left: ``masses`` (32-bit limbs, one row each, or Python integers in an object
        array) times ``scale``. The scale stays a factor of its own until the starts' batch
        (see :meth:`drain`): no Python integer is made per start."""
        import numpy as np

        if not len(starts):
            return
        if masses.dtype == object:
            masses = _to_limbs(masses)
        lefts = starts >> 5 * _B
        if (lefts[1:] < lefts[:-1]).any():  # (:func:`._sweep.spread` gives them in order already)
            order = np.argsort(lefts, kind="stable")
            starts, masses, lefts = starts[order], masses[order], lefts[order]
        cuts = [0, *(np.flatnonzero(lefts[1:] != lefts[:-1]) + 1).tolist(), len(lefts)]
        for k in range(len(cuts) - 1):
            lo, hi = cuts[k], cuts[k + 1]
            self.pending.setdefault(int(lefts[lo]), []).append((starts[lo:hi], masses[lo:hi], e, scale))

    def drain(self, first: tuple[int, ...] | None) -> None:
        """Sweep every pending pass start, batch by batch, from the most draws left to the
        fewest (a pass only starts passes with fewer). ``first``: the deck of the first batch
        (its outcomes are over ``base``); every other pass starts from the full deck."""
        import numpy as np

        full = self.st.full
        first_pass = first is not None
        # A first pass from a partial deck (the live deck's) runs as it is, one start from the
        # search's own start state; from the full deck it is like any later pass, so its run
        # serves later starts too (drawing on, the next batch's often).
        as_is = first is not None and tuple(first) != tuple(full)
        while self.pending:
            interrupt.check()  # a page that no longer wants the result stops it here
            auto = self.auto
            deck = first if first is not None and as_is else full
            chunks = self.pending.pop(max(self.pending))
            # every pass start's mass over base * B**top, summed per pass start (below: each
            # chunk's rows times its factor, :func:`._sweep.gather`): the chunks' factors (scale
            # and powers of B) share a large one, ``common``, which stays out of the limbs (the
            # products in :func:`._sweep.read` and :func:`._sweep.spread` are then of shorter numbers)
            top = max(e for _s, _w, e, _c in chunks)
            factors = [scale * _pow(top - e, self.big) for _s, _w, e, scale in chunks]
            common = math.gcd(*factors)
            states = np.concatenate([s for s, _w, _e, _c in chunks])
            masses = np.zeros((len(states), max(w.shape[1] for _s, w, _e, _c in chunks)), dtype=np.uint64)
            which = np.empty(len(states), dtype=np.int64)
            at = 0
            for j, (_s, w, _e, _c) in enumerate(chunks):
                masses[at:at + len(w), :w.shape[1]] = w
                which[at:at + len(w)] = j
                at += len(w)
            # Pass starts that differ only in fields their moves never read share one run,
            # from their base (see :meth:`_Automaton._base`), and read its outcomes shifted;
            # the same start met twice is one member. A run's moves never read its draws left
            # either (only whether they ran out), so a run swept in an earlier batch, from the
            # same base with more draws left, serves this batch's starts too: they read it from
            # that many draws short (see :func:`._sweep.read`).
            states, masses = _sum_rows_by(states, masses, which, [f // common for f in factors])
            left = int(states[0]) >> 5 * _B  # every start of a batch has as many draws left
            base = states if as_is else auto._base(states)
            shape = base if as_is else base & _FIELDS
            shapes, member_run = np.unique(shape, return_inverse=True)
            runs = [-1 if as_is else self.shared.get(x, -1) for x in shapes.tolist()]
            fresh = [i for i, r in enumerate(runs) if r < 0]
            m = sum(deck)
            if fresh:
                bases = shapes[fresh] | (0 if as_is else left << 5 * _B)
                starts, found = auto._find(bases)
                if not found.all():  # a member's new pass, with a base of its own: search again,
                    # for every pass start waiting too (one search rather than one per batch)
                    waiting = [auto._base(w) for chunks in self.pending.values() for w, _m, _e, _c in chunks]
                    more = np.unique(np.concatenate([bases[~found], *waiting]))
                    self.adopt(auto := auto.more(more[~auto._find(more)[1]]))
                    starts, found = auto._find(bases)
                    if not found.all():  # pragma: no cover - the search starts from them
                        raise Unsupported("a pass start the search of player states did not meet")
                depth = min(m, left + self.kings)  # the most cards drawn
                n = len(starts)
                swept = self.respond(deck, depth, n, np.arange(n), starts, np.zeros(n, dtype=np.int64),
                                     [self.packed(deck)] * n, np.ones(n, dtype=np.int64))
                for i, run in zip(fresh, swept, strict=True):
                    runs[i] = run
                    if not as_is:
                        self.shared[int(shapes[i])] = run
            short = np.array([self.swept.left[r] - left for r in runs], dtype=np.int64)[member_run]
            if not first_pass:  # a later pass's outcomes are over m^(depth): the factor brings them over B
                factor = [_falling(m, self.swept.depth[r], self.depth_full) for r in runs]
                shared = math.gcd(*factor)  # the deepest run's: it divides every other
                masses = _scaled(masses, member_run, [f // shared for f in factor])
                common *= shared
            masses, shared = _reduced(masses)  # the weights' own common factor stays out as well
            self.read(np.array(runs, dtype=np.int64)[member_run], short, states - base, masses,
                      common * shared, top + (0 if first_pass else 1), (base >> 2 * _B) & ((1 << _B) - 1))
            first_pass = as_is = False

    def finish(self, acc: _Acc) -> None:
        """Hand the outcomes to ``acc`` (whose ``per_draw`` becomes B)."""
        acc.per_draw = self.big
        for mine, theirs in ((self.succ, acc.successes), (self.bad, acc.bad)):
            for value, mass in mine.items():
                for e, w in mass.items():
                    _add(theirs, value, w, e, self.big)
        for name, mass in self.sums.items():
            for e, w in mass.items():
                _add(acc.sums, name, w, e, self.big)


def cautious(st: _Setup, start: tuple[int, ...], skill: int, acc: _Acc) -> int:
    """Fill ``acc`` for a cautious check of ``skill`` cards from the deck ``start``; returns the base.

    Masses end up as integers over ``base * B**e``, B the falling factorial of a whole pass
    from the full deck (set as ``acc.per_draw``), as :func:`.odds._exact_odds` expects.
    Raises :class:`Unsupported` for a check this engine is not sized for.
    """
    import numpy as np

    full = st.full
    first = start if any(start) else full
    begin = _pack(skill, 0, 0, st.chips)
    # from the full deck, the first pass is searched as any later one, from its start's base
    # (see :meth:`_Passes.drain`)
    as_is = tuple(first) != tuple(full)
    kings = sum(first[k] for k in st.king_idx)
    auto = _Automaton(st, ([begin], [kings], [int(as_is)]), sum(first), broke=False)
    passes = _Passes(st, auto)
    base = _falling(sum(first), 0, min(sum(first), skill + passes.kings))
    passes.wait(np.array([begin], dtype=np.int64), np.array([1], dtype=object), 0)
    passes.drain(first)
    passes.finish(acc)
    return base


def broke(st: _Setup, hands: _Hands, acc: _Acc) -> int:
    """Fill ``acc`` with the kings' extra cards after broke ``hands``; returns the factor F.

    Masses end up over ``den * F * B**e`` (den = C(deck, skill), over which the hands' ways
    are; F: the falling factorial of the extra cards' first pass), B set as ``acc.per_draw``;
    the caller brings its own outcomes (ways over ``den``) over ``den * F``.

    The hands that keep the deck make one batch: each start has its own remaining deck and,
    as the start of its merge key, the cards its hand drew, so that hands whose extra cards
    make the same draw meet. The hands with a joker (or that emptied the deck) start from
    the full deck and wait, with every reshuffle, in the pending passes.
    """
    import numpy as np

    full = st.full
    rest = np.array(hands.deck, dtype=np.int64)[None, :] - hands.drawn
    reshuffled = hands.joker | (rest.sum(axis=1) == 0)
    kept = ~reshuffled
    player = _pack(hands.kings, hands.s, hands.ab, st.chips, hands.bad, hands.bace)
    kings = np.where(reshuffled, st.full_kings, rest[:, list(st.king_idx)].sum(axis=1))
    # the first pass's deck, as far as the kernel needs it (its size and jokers: the same in every kept deck)
    first = tuple(rest[kept][0].tolist()) if kept.any() else full
    auto = _Automaton(st, (player, kings, kept), sum(first) if kept.any() else 0, broke=True)
    passes = _Passes(st, auto)
    factor = 1
    if kept.any():
        m1 = sum(first)
        depth = min(m1, int(hands.kings[kept].max()) + int(kings[kept].max()))
        factor = _falling(m1, 0, depth)
        cats = passes.cats
        low = hands.drawn[kept][:, cats] @ np.array(passes.step, dtype=np.int64)
        packed = rest[kept][:, cats] @ np.array([1 << 8 * i for i in range(len(cats))], dtype=np.int64)
        state = np.array(auto.index(player[kept]), dtype=np.int64)
        run = passes.respond(first, depth, 1, np.zeros(int(kept.sum()), dtype=np.int64), state, low, packed,
                             hands.ways[kept])
        passes.read(run, [0], [0], _to_limbs(np.ones(1, dtype=object)), 1, 0)
    if reshuffled.any():  # a pass from the full deck, like any later one
        passes.wait(player[reshuffled], hands.ways[reshuffled].astype(object), 0, factor)
    passes.drain(None)
    passes.finish(acc)
    return factor
