"""The search of :class:`.passes._Automaton`, compiled with numba: every player state a check
can reach, and the move tables the compiled sweep (:mod:`._sweep`) looks moves up in.

The rules live here, once: what drawing a category does to a player state (:func:`moves`, as
:func:`.odds._moves`) and which pass start a state shares a run with (:func:`base_of`, whose
reasoning :meth:`.passes._Automaton._base` explains). :class:`.passes._Automaton` packs the
check's policies into ``rules`` (:func:`pack_rules`) and its card categories into ``kinds``.

Why compiled: a search meets a few thousand player states, and in numpy each of its some
twenty layers was some forty calls on small arrays (moves, sorts, inserts), whose fixed
costs were a fifth of the slowest check known. Here the search is one call (a worklist over
a hash set, :func:`search`), and so is tabling the moves (:func:`tables`, :func:`numbered`);
only sorting is left to numpy, whose sort is some ten times numba's. numba caches the
machine code beside this module (``cache=True``); :func:`.passes.warm` compiles it.
"""

from __future__ import annotations

import numba
import numpy as np

# the hash tables' and growing arrays' helpers: one copy, the sweep's
from ._sweep import _bits_for, _grown, _hashed, _slot

_B = 8  # bits per field of a packed player state (as :data:`.odds._B`)
_MASK = (1 << _B) - 1
_LATER = 0xFF  # cards drawn, in a searched state: not in the first pass (or not counted)
_TAG = 56  # where :func:`tables` tags a value with what it is (a player state's fields are below)

#: the places in ``rules`` (see :func:`pack_rules`)
NEED, BONUS, KINGS, STOP, CANCEL_ON, BROKE, CHIP_CAP, HORIZON, FAILING = range(9)
#: the places in a row of ``kinds``: successes, whether an ace, a bad card, a king, a joker
SUCC, ACE, BAD, KING, JOKER = range(5)
BONUSES = ("success", "cancel", "best")  #: the bonus policies, numbered for ``rules``
KINGS_TAKEN = ("never", "always", "best")  #: the kings' cards policies, numbered for ``rules``
#: what :func:`tables` numbers: player states (numbered by their sorted order), end codes,
#: new passes' starts after a joker, and diverted ends (see :class:`.passes._Automaton`)
PLAYER, END, TARGET, DIVERT = range(4)


def pack_rules(need: int, bonus: str, kings: str, stop: bool, cancel_draws_on: bool, broke: bool,
               chip_cap: int, horizon_kings: int, bad_failing: int) -> np.ndarray:
    """A check's policies as the compiled search reads them (places as :data:`NEED` ...)."""
    return np.array([need, BONUSES.index(bonus), KINGS_TAKEN.index(kings), stop, cancel_draws_on, broke,
                     chip_cap, horizon_kings, bad_failing], dtype=np.int64)


@numba.njit(cache=True)
def _pack(left: int, s: int, ab: int, ch: int, bad: int, bace: int) -> int:
    return (left << 5 * _B) | (s << 4 * _B) | (ab << 3 * _B) | (ch << 2 * _B) | (bad << _B) | bace


@numba.njit(cache=True)
def moves(player: int, kinds: np.ndarray, rules: np.ndarray, nxt: np.ndarray, ended: np.ndarray,
          code: np.ndarray, cancels: np.ndarray) -> None:
    """What drawing a card of each category does to a packed player state, as
    :func:`.odds._moves`, into ``nxt`` (the next packed state), ``ended`` (the draw ends),
    ``code`` (the end's code: the next state without its draws left, before the bonuses left
    are spent) and ``cancels`` (its bad card is cancelled), one entry per category."""
    need, bonus, kings = rules[NEED], rules[BONUS], rules[KINGS]
    broke, cancel_on, stop = rules[BROKE] != 0, rules[CANCEL_ON] != 0, rules[STOP] != 0
    left, s, ab = (player >> 5 * _B) & _MASK, (player >> 4 * _B) & _MASK, (player >> 3 * _B) & _MASK
    ch, bad, bace = (player >> 2 * _B) & _MASK, (player >> _B) & _MASK, player & _MASK
    for c in range(len(kinds)):
        ace, isbad = kinds[c, ACE], kinds[c, BAD] != 0
        ns, nab, nch, nleft = s + kinds[c, SUCC], ab + ace, ch, left - 1
        cancel = False
        if broke:  # a bad extra card takes effect (bonuses are spent at the end) and ends the draw
            stopped = isbad
        else:
            own = nab - ace  # an ace cannot cancel itself, but its extra success still counts
            b = own + nch
            total = nab + nch
            if bonus == 0 or not cancel_on:  # "success" (then bonuses are spent at the end)
                cancel = False
            elif bonus == 1:  # "cancel"
                cancel = b > 0
            elif b > 0 and ns + total - 1 >= need:  # "best": still certain after cancelling
                cancel = True
            elif ns + total >= need:  # stopping here succeeds for sure
                cancel = False
            else:  # stopping would fail: cancel and draw on
                cancel = b > 0
            cancel = cancel and isbad
            stopped = isbad and not cancel  # a bad card in effect ends a cautious draw
            if cancel:
                if own > 0:
                    nab -= 1
                else:
                    nch -= 1
        nbad, nbace = bad + stopped, bace + stopped * ace
        if kinds[c, KING] and not stopped and kings != 0 and (kings == 1 or ns + nab + nch < need):
            nleft += 1  # a king's card taken gives its draw back
        ended[c] = stopped or nleft == 0 or (stop and ns + nab + nch >= need)
        code[c] = _pack(0, ns, nab, nch, nbad, nbace)
        nxt[c] = code[c] | (max(nleft, 0) << 5 * _B)
        cancels[c] = cancel


@numba.njit(cache=True)
def base_of(player: int, rules: np.ndarray) -> int:
    """The pass start a packed player state shares a run with: the state with the fields its
    moves never read set aside (why: :meth:`.passes._Automaton._base`)."""
    need, bonus, kings, cap = rules[NEED], rules[BONUS], rules[KINGS], rules[CHIP_CAP]
    if rules[STOP]:  # the stop rule reads every field
        return player
    s_field, ab_field, ch_field = _MASK << 4 * _B, _MASK << 3 * _B, _MASK << 2 * _B
    rest = (_MASK << 3 * _B) | (_MASK << _B) | _MASK  # ace bonuses, bad cards, bad aces
    broke = rules[BROKE] != 0
    if broke and kings != 2:
        return player & ~(s_field | rest)
    if not broke and kings != 2 and bonus == 0:
        return player & ~(s_field | (_MASK << 3 * _B) | ch_field)
    if not broke and kings != 2 and bonus == 1:
        return (player & ~(s_field | ab_field | ch_field)) | (cap << 2 * _B)
    left, s, ab = (player >> 5 * _B) & _MASK, (player >> 4 * _B) & _MASK, (player >> 3 * _B) & _MASK
    ch = (player >> 2 * _B) & _MASK
    lowered = player - (max(s - need, 0) << 4 * _B)
    if broke:
        return lowered & ~rest if s >= need else lowered
    horizon = left + rules[HORIZON]
    margin = min(horizon, rules[FAILING])
    s = min(s, need)
    ch, ab = ch + ab, 0  # the bonus as one sum, all chips (a member's split: :meth:`.passes._Passes.read`)
    for _ in range(3):  # until the base is its own base (a base with more chips may be free)
        if bonus == 2 and ch >= horizon and s + ab + ch - need >= margin:
            s, ch = max(margin + need - ab - cap, 0), cap
        total = s + ch  # the margin read, as many of it in chips as can be
        now_ch = min(total, cap)
        now_s = min(total - now_ch, need)
        if now_s == s and now_ch == ch:  # (then it stays: a later round would give it again)
            break
        s, ch = now_s, now_ch
    return (lowered & ~(s_field | ab_field | ch_field)) | (s << 4 * _B) | (ch << 2 * _B)


@numba.njit(cache=True)
def bases(players: np.ndarray, rules: np.ndarray) -> np.ndarray:
    """:func:`base_of` of every packed player state."""
    out = np.empty_like(players)
    for i in range(len(players)):
        out[i] = base_of(players[i], rules)
    return out


@numba.njit(cache=True)
def _successors(key: int, kings: int, kinds: np.ndarray, rules: np.ndarray, first_size: int, refill: int,
                bounded: bool, out_keys: np.ndarray, out_kings: np.ndarray, nxt: np.ndarray,
                ended: np.ndarray, code: np.ndarray, cancels: np.ndarray) -> int:
    """The searched states a searched state leads to, each with the kings left in its pass's
    deck, into ``out_keys``/``out_kings``; returns how many (``nxt`` ... ``cancels``: room for
    its :func:`moves`). A new pass (a joker, or the first deck ran out) runs from its start's
    base, with a full deck's kings; a state that empties the first deck is met itself too
    (the kernel reads it there)."""
    player, drawn = key >> _B, key & 0xFF
    moves(player, kinds, rules, nxt, ended, code, cancels)
    n = 0
    for c in range(len(kinds)):
        king = kinds[c, KING]
        if ended[c] or (bounded and king != 0 and kings <= 0):  # (no king left in this pass's deck)
            continue
        if kinds[c, JOKER]:
            out_keys[n], out_kings[n] = (base_of(nxt[c], rules) << _B) | _LATER, refill
            n += 1
            continue
        nd = _LATER if drawn == _LATER else drawn + 1
        if nd == first_size:  # the first deck's last card: a reshuffle follows
            out_keys[n], out_kings[n] = (nxt[c] << _B) | _LATER, refill
            out_keys[n + 1], out_kings[n + 1] = (base_of(nxt[c], rules) << _B) | _LATER, refill
            n += 2
        else:
            out_keys[n], out_kings[n] = (nxt[c] << _B) | nd, kings - king if bounded else 0
            n += 1
    return n


@numba.njit(cache=True)
def search(start_keys: np.ndarray, start_kings: np.ndarray, known: np.ndarray, known_kings: np.ndarray,
           kinds: np.ndarray, rules: np.ndarray, first_size: int, refill: int, bounded: bool,
           most: int) -> tuple[np.ndarray, np.ndarray, bool]:
    """Every state searched from ``start_keys`` (packed player << 8 | cards drawn in the first
    pass, see :class:`.passes._Automaton`), each with the most kings left in its pass's deck it
    can be met with (in no order); and whether they are at most ``most`` (else the search
    stopped). ``known``/``known_kings``: a prior search's, gone on with from the starts.

    A state is searched again when met with more kings left (it can then make every move it
    could with fewer), so the states and their kings do not depend on the order they are met
    in. The order saves work: no move adds a draw left (a king's card taken gives back the
    one it took), and a move that keeps them takes a king's card, one king fewer left in the
    pass's deck (a new pass, with a full deck's kings, starts a draw fewer: a joker costs
    one). Searched by draws left, most first, and then by kings left, most first, a state is
    met with its most kings left before it is searched: once, but where a king is the first
    deck's last card (or a prior search met it)."""
    levels = refill + 1  # kings left run from 0 to a full deck's
    most_left = 0
    for k in start_kings:
        levels = max(levels, k + 1)
    for k in known_kings:
        levels = max(levels, k + 1)
    for key in start_keys:
        most_left = max(most_left, key >> 6 * _B)
    for key in known:
        most_left = max(most_left, key >> 6 * _B)
    n = len(known)
    cap = max(1024, 2 * (n + len(start_keys)))
    keys, kings = np.empty(cap, dtype=np.int64), np.empty(cap, dtype=np.int64)
    done = np.empty(cap, dtype=np.int64)
    keys[:n], kings[:n] = known, known_kings
    done[:n] = known_kings  # the kings left a state was searched with (-1: not yet)
    bits = _bits_for(cap)
    slots = _hashed(keys, n, bits)
    # the states to search, in a list per (draws left, kings left), the last one met first; a
    # state met again with more kings left is in another list too (searched from the first)
    first = np.full((most_left + 1) * levels, -1, dtype=np.int64)
    queued, then = np.empty(cap, dtype=np.int64), np.empty(cap, dtype=np.int64)  # an entry's state, the next
    nqueued = 0
    top = len(first) - 1  # the list of the next state to search (none after it)
    width = max(len(start_keys), 2 * len(kinds))
    cand_keys, cand_kings = np.empty(width, dtype=np.int64), np.empty(width, dtype=np.int64)
    ncand = len(start_keys)
    cand_keys[:ncand], cand_kings[:ncand] = start_keys, start_kings
    nxt, code = np.empty(len(kinds), dtype=np.int64), np.empty(len(kinds), dtype=np.int64)
    ended, cancels = np.empty(len(kinds), dtype=np.bool_), np.empty(len(kinds), dtype=np.bool_)
    while True:
        if n + ncand > len(keys):
            room = n + ncand
            keys, kings, done = _grown(keys, n, room), _grown(kings, n, room), _grown(done, n, room)
        if nqueued + ncand > len(queued):
            queued, then = _grown(queued, nqueued, nqueued + ncand), _grown(then, nqueued, nqueued + ncand)
        if 2 * (n + ncand) > len(slots):
            bits = _bits_for(n + ncand)
            slots = _hashed(keys, n, bits)
        for j in range(ncand):
            key, k = cand_keys[j], cand_kings[j]
            h = _slot(slots, key, bits)
            if slots[h, 0] == -1:  # met for the first time
                row = n
                n += 1
                keys[row], kings[row], done[row] = key, k, -1
                slots[h, 0], slots[h, 1] = key, row
            else:
                row = slots[h, 1]
                if k <= kings[row]:
                    continue
                kings[row] = k  # met with more kings left: searched again
            at = (key >> 6 * _B) * levels + k
            queued[nqueued], then[nqueued], first[at] = row, first[at], nqueued
            nqueued += 1
            top = max(top, at)
        if n > most:
            break
        row = -1
        while row < 0 and top >= 0:
            e = first[top]
            if e < 0:
                top -= 1
                continue
            first[top] = then[e]
            if done[queued[e]] < kings[queued[e]]:  # (else searched since with these kings left)
                row = queued[e]
        if row < 0:
            break
        done[row] = kings[row]
        ncand = _successors(keys[row], kings[row], kinds, rules, first_size, refill, bounded, cand_keys,
                            cand_kings, nxt, ended, code, cancels)
    return keys[:n].copy(), kings[:n].copy(), n <= most


@numba.njit(cache=True)
def _tagged(met: np.ndarray, tag: int, values: np.ndarray, index: np.ndarray, counts: np.ndarray,
            count: int) -> int:
    """Put the values ``met`` (of kind ``tag``) after the first ``count`` of ``values``, numbered
    on from ``counts[tag]``; returns the new count."""
    for x in met:
        values[count], index[count] = x | (tag << _TAG), counts[tag]
        counts[tag] += 1
        count += 1
    return count


@numba.njit(cache=True)
def tables(known: np.ndarray, kinds: np.ndarray, rules: np.ndarray, prior_players: np.ndarray,
           prior_table: np.ndarray, prior_cancels: np.ndarray, prior_divert: np.ndarray,
           prior_ends: np.ndarray, prior_targets: np.ndarray, prior_diverts: np.ndarray
           ) -> tuple[np.ndarray, ...]:
    """Every move of the players of the searched states ``known`` (sorted), before numbering:
    (players, table, cancels, divert, end codes, targets, diverts, code_max), as
    :class:`.passes._Automaton` keeps them but for ``table`` and ``divert``, whose entries are
    still ``tag << 32 | i``: the i-th distinct value of its kind (:data:`END` ...) met, in the
    order of the values returned (``divert`` entries untagged, -1: none; ``table``: a
    player state's number as it is, -1 one the search never met). :func:`numbered` then
    numbers them by the sorted values.

    ``prior_...``: the tables of the automaton whose search this one went on with (empty for
    none). Its players' moves are its own, numbered anew: the values it met come first, in
    its order, and a move to a state it never met is looked up again."""
    players = np.empty(len(known), dtype=np.int64)  # the distinct players, sorted as ``known``
    n = 0
    for key in known:
        if n == 0 or players[n - 1] != key >> _B:
            players[n] = key >> _B
            n += 1
    players = players[:n].copy()
    ncat = len(kinds)
    table = np.empty((n, ncat), dtype=np.int64)
    cancels = np.empty((n, ncat), dtype=np.bool_)
    divert = np.full((n, ncat), -1, dtype=np.int64)
    flat_table, flat_divert = table.reshape(-1), divert.reshape(-1)
    # the prior's players (a prior search's states are met again), and their numbers now
    prior_of = np.full(n, -1, dtype=np.int64)
    renumbered = np.empty(len(prior_players), dtype=np.int64)
    j = 0
    for i in range(n):
        if j < len(prior_players) and prior_players[j] == players[i]:
            prior_of[i], renumbered[j] = j, i
            j += 1
    pnend, pnew = len(prior_ends), len(prior_players) + len(prior_ends)
    unforeseen = pnew + len(prior_targets)  # the prior's column past every real one
    # every value met, tagged with its kind (players first: their number is their row; then the prior's)
    values = np.empty(max(64, 2 * (n + len(prior_ends) + len(prior_targets) + len(prior_diverts))),
                      dtype=np.int64)
    index = np.empty(len(values), dtype=np.int64)  # its number among its kind's
    counts = np.zeros(4, dtype=np.int64)
    count = _tagged(players, PLAYER, values, index, counts, 0)
    count = _tagged(prior_ends, END, values, index, counts, count)
    count = _tagged(prior_targets, TARGET, values, index, counts, count)
    count = _tagged(prior_diverts, DIVERT, values, index, counts, count)
    bits = _bits_for(len(values))
    slots = _hashed(values, count, bits)
    job_key, job_at = np.empty(2 * ncat, dtype=np.int64), np.empty(2 * ncat, dtype=np.int64)
    nxt, code = np.empty(ncat, dtype=np.int64), np.empty(ncat, dtype=np.int64)
    ended = np.empty(ncat, dtype=np.bool_)
    chips = not rules[STOP] and not rules[BROKE]  # (only drawing on cautiously can a member lack a chip)
    for i in range(n):
        p = players[i]
        j = prior_of[i]
        if j >= 0:  # the prior's moves
            again = False
            for c in range(ncat):
                v = prior_table[j, c]
                if v >= 0:
                    table[i, c] = renumbered[v]
                elif -1 - v < pnend:
                    table[i, c] = (END << 32) | (-1 - v)
                elif -1 - v < unforeseen:
                    table[i, c] = (TARGET << 32) | (-1 - v - pnew)
                else:
                    again = True
                cancels[i, c], divert[i, c] = prior_cancels[j, c], prior_divert[j, c]
            if again:  # a state the prior never met: this search may have
                moves(p, kinds, rules, nxt, ended, code, cancels[i])
                for c in range(ncat):
                    if prior_table[j, c] == -1 - unforeseen:
                        h = _slot(slots, nxt[c], bits)
                        table[i, c] = slots[h, 1] if slots[h, 0] == nxt[c] else -1
            continue
        s, ab, ch = (p >> 4 * _B) & _MASK, (p >> 3 * _B) & _MASK, (p >> 2 * _B) & _MASK
        bad, bace = (p >> _B) & _MASK, p & _MASK
        jobs = 0  # values to number: (tagged value, where its number goes: >= 0 table, < 0 divert)
        moves(p, kinds, rules, nxt, ended, code, cancels[i])
        for c in range(ncat):
            if ended[c]:
                job_key[jobs], job_at[jobs] = code[c] | (END << _TAG), i * ncat + c
                jobs += 1
            elif kinds[c, JOKER]:
                job_key[jobs], job_at[jobs] = nxt[c] | (TARGET << _TAG), i * ncat + c
                jobs += 1
            else:  # a draw that stays in the pass: a player state's number (-1: never met)
                h = _slot(slots, nxt[c], bits)
                table[i, c] = slots[h, 1] if slots[h, 0] == nxt[c] else -1
            if chips and cancels[i, c] and ab == 0:  # the member's own end: its bad card in effect
                ace = kinds[c, ACE]
                d = _pack(0, s + kinds[c, SUCC], ab + ace, ch, bad + 1, bace + ace)
                job_key[jobs], job_at[jobs] = d | (DIVERT << _TAG), -1 - (i * ncat + c)
                jobs += 1
        values, index = _grown(values, count, count + jobs), _grown(index, count, count + jobs)
        if 2 * (count + jobs) > len(slots):
            bits = _bits_for(count + jobs)
            slots = _hashed(values, count, bits)
        for q in range(jobs):
            key = job_key[q]
            tag = key >> _TAG
            h = _slot(slots, key, bits)
            row = slots[h, 1]
            if slots[h, 0] == -1:  # met for the first time: the next of its kind
                row = count
                count += 1
                values[row], index[row] = key, counts[tag]
                counts[tag] += 1
                slots[h, 0], slots[h, 1] = key, row
            got = index[row]
            if job_at[q] >= 0:
                flat_table[job_at[q]] = (tag << 32) | got
            else:
                flat_divert[-1 - job_at[q]] = got
    found = np.empty((4, max(counts[END], counts[TARGET], counts[DIVERT])), dtype=np.int64)
    for r in range(n, count):
        found[values[r] >> _TAG, index[r]] = values[r] & ((1 << _TAG) - 1)
    ends, targets = found[END, :counts[END]].copy(), found[TARGET, :counts[TARGET]].copy()
    diverts = found[DIVERT, :counts[DIVERT]].copy()
    # the most of each field (draws left first) an end's code, a divert's or a player state has
    code_max = np.zeros(6, dtype=np.int64)
    for some in (ends, players, diverts):
        for x in some:
            for f in range(6):
                code_max[f] = max(code_max[f], (x >> (5 - f) * _B) & _MASK)
    return players, table, cancels, divert, ends, targets, diverts, code_max


@numba.njit(cache=True)
def numbered(table: np.ndarray, divert: np.ndarray, end_rank: np.ndarray, target_rank: np.ndarray,
             divert_rank: np.ndarray) -> None:
    """Number :func:`tables`'s ``table`` and ``divert`` in place, by the sorted values (the i-th
    value met is the ``rank[i]``-th): ``table`` as :class:`.passes._Automaton` keeps it (< 0:
    ``-1 - column``, past every column for a state the search never met)."""
    n = len(table)
    nend = len(end_rank)
    unforeseen = nend + n + len(target_rank)
    flat_table, flat_divert = table.reshape(-1), divert.reshape(-1)
    for e in range(len(flat_table)):
        v = flat_table[e]
        tag, i = v >> 32, v & 0xFFFFFFFF
        if v < 0:
            flat_table[e] = -1 - unforeseen
        elif tag == END:
            flat_table[e] = -1 - end_rank[i]
        elif tag == TARGET:
            flat_table[e] = -1 - nend - n - target_rank[i]
        if flat_divert[e] >= 0:
            flat_divert[e] = divert_rank[flat_divert[e]]
