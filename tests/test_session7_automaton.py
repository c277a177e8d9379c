"""The compiled search of player states (:mod:`companion.mousecard._search`) builds exactly the
move tables the numpy search built before it, kept here as the reference (:class:`_Reference`):
every field, dtype and order, for every automaton a check searches (cautious and broke, every
kings' and bonus policy, drawing on or not, from full and partial decks, searched again)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import companion.mousecard.odds as engine
from companion.mousecard import passes
from companion.mousecard.deck import FULL_DECK, parse_cards
from companion.mousecard.odds import _B, TaskCheck, _Setup
from companion.mousecard.passes import _MAX_STATES, Ints, Unsupported, _pack


def _most_kings(states: np.ndarray, kings: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ``states``, sorted, each with the most kings left it was met with."""
    order = np.lexsort((kings, states))  # by state, the most kings left last
    states, kings = states[order], kings[order]
    last = np.flatnonzero(np.append(states[1:] != states[:-1], True))
    return states[last], kings[last]


class _Reference:
    """The automaton as it was searched in numpy, layer by layer (before :mod:`._search`)."""

    # the search so far, for :meth:`more` (every state met, sorted; its kings left; every player's moves)
    _known: np.ndarray
    _known_kings: np.ndarray
    _stepped: list[tuple[np.ndarray, ...]]

    def __init__(self, st: _Setup, starts: tuple[Ints, Ints, Ints], first_size: int, broke: bool,
                 prior: _Reference | None = None) -> None:
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
        # than the first).
        if prior is None:
            most_left = int((np.asarray(starts[0], dtype=np.int64) >> 5 * _B).max())
            self.chip_cap = most_left + self.horizon_kings
        else:
            self.chip_cap = prior.chip_cap
        self.succ = np.array([int(i[1]) for i in info], dtype=np.int64)
        self.ace = np.array([int(i[0] == "ace") for i in info], dtype=np.int64)
        self.bad = np.array([bool(i[2]) for i in info])
        self.king = np.array([i[0] == "king" for i in info])
        self.joker = np.array([i[0] == "joker" for i in info])
        fb, later = _B, 0xFF
        # The search: states are packed (player) << 8 | cards drawn so far if still in the
        # first pass (else 0xFF), each with the kings left in its pass's deck. A later pass never
        # runs out (it starts from the full deck and draws at most the skill plus 4), and
        # neither does a first pass longer than its draws left plus its kings.
        # Cards drawn in the first pass are only counted when they can empty its deck.
        start_player, start_kings, start_first = (np.asarray(a, dtype=np.int64) for a in starts)
        longest = int(((start_player >> 5 * _B) + start_kings).max())
        counted = first_size <= longest
        # Kings left are only counted where an endless run of kings would otherwise keep
        # making new states: a king always taken (successes grow), or going for broke (bad
        # kings add up). Cautious, a king is taken only while not sure, so successes stop
        # growing, and a bad one ends the draw or spends a bonus.
        bounded = broke or st.kings == "always"
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
        cand, cand_kings = _most_kings(cand, cand_kings)
        if prior is None:
            known, known_kings = cand, cand_kings  # every state met, sorted
            frontier, left_kings = known, known_kings
            cand = cand[:0]
            stepped: list[tuple[np.ndarray, ...]] = []  # every (player, its moves), kept for the table
        else:  # searched on: only what the prior search did not meet (or met with fewer kings left)
            known, known_kings, stepped = prior._known, prior._known_kings.copy(), list(prior._stepped)
            frontier, left_kings = cand[:0], cand_kings[:0]
        while True:
            if len(cand):
                pos = np.searchsorted(known, cand)
                met = known[np.minimum(pos, len(known) - 1)] == cand
                more = met & (cand_kings > known_kings[np.minimum(pos, len(known) - 1)])
                known_kings[pos[more]] = cand_kings[more]
                known = np.insert(known, pos[~met], cand[~met])  # cand is sorted: known stays sorted
                known_kings = np.insert(known_kings, pos[~met], cand_kings[~met])
                frontier, left_kings = cand[more | ~met], cand_kings[more | ~met]
                if len(known) > _MAX_STATES:
                    raise Unsupported(f"more than {_MAX_STATES} player states")
            if not len(frontier):
                break
            player, drawn, kings = frontier >> fb, frontier & 0xFF, left_kings
            moves = self._step(*self._fields(player))
            stepped.append((player, *moves))
            nxt, ended = moves[:2]
            goes = ~ended
            nk = np.zeros_like(nxt)
            if bounded:
                goes &= ~self.king[None, :] | (kings > 0)[:, None]
                nk = kings[:, None] - self.king[None, :]
            nd = np.where(drawn != later, drawn + 1, later)[:, None]
            emptied = nd == first_size  # the first deck's last card: a reshuffle follows
            nd, nk = np.where(emptied, later, nd), np.where(emptied, refill, nk)
            within = goes & ~self.joker[None, :]
            jokers = goes & self.joker[None, :]
            # a new pass (a joker, or the first deck ran out) runs from its start's base; a
            # state that empties the first deck is met itself too (the kernel reads it there)
            reshuffled = self._base(np.concatenate([nxt[jokers], nxt[within & emptied]]))
            cand = np.concatenate([((nxt << fb) | nd)[within], (reshuffled << fb) | later])
            cand_kings = np.concatenate([nk[within], np.full(len(reshuffled), refill, dtype=np.int64)])
            if not len(cand):
                break
            cand, cand_kings = _most_kings(cand, cand_kings)
        self._known, self._known_kings, self._stepped = known, known_kings, stepped  # for :meth:`more`
        # each player's moves, from the search (a player met again has the same moves)
        players, first = np.unique(np.concatenate([p for p, *_m in stepped]), return_index=True)
        nxt, ended, code, cancels = (np.concatenate([m[k] for m in stepped])[first] for k in range(1, 5))
        self.size = len(players)
        self.left = self._fields(players)[0]
        self.players = players
        # The end columns are the codes a draw ends with; a member of a shared run reads one
        # as the code plus its difference, once the bonuses left are spent (:func:`._sweep.outcome`).
        codes, code_ids = np.unique(code[ended], return_inverse=True)
        self.nend = nend = len(codes)
        self.ends = codes
        # the most of each field (as :meth:`_fields` lists them) a pass can end with: an end's
        # code, or (a member whose draws run out first) any player state's
        self.code_max = [max(int(f.max(initial=0)), int(g.max(initial=0)))
                         for f, g in zip(self._fields(codes), self._fields(players), strict=True)]
        # A new pass starts from a player state (its first deck ran out) or, after a joker,
        # from one of ``targets`` (which the search met only as their bases): column
        # ``nend + t`` for player state t, ``nend + size + j`` for target j.
        jokers = np.flatnonzero(self.joker)
        self.targets = np.unique(nxt[:, jokers][~ended[:, jokers]])
        self.new_passes = np.concatenate([players, self.targets])  # the start of column nend + t
        # A move to a state the search never met (a king beyond the deck's) is never taken:
        # its weight is 0. It points at a column past every real one, so that a mistake in
        # that reasoning is caught (in :meth:`_Passes.respond`) and never counted as an outcome.
        unforeseen = nend + len(players) + len(self.targets)
        table = np.full(nxt.shape, -1 - unforeseen, dtype=np.int64)
        within = ~ended & ~self.joker[None, :]  # a draw that stays in the pass: a player state's number
        pos, known = self._find(nxt[within])
        table[within] = np.where(known, pos, -1 - unforeseen)
        table[:, jokers] = -1 - nend - len(players) - np.searchsorted(self.targets, nxt[:, jokers])
        table[ended] = -1 - code_ids.ravel()
        self.table = table
        self.cancels = cancels
        # Drawing on, a member of a run may hold fewer chips than the run's start (see
        # :meth:`_base`): it leaves the run where the run spends a chip the member no longer
        # has (a cancel with no ace bonus held). ``divert[state, category]`` >= 0: that draw's
        # end for such a member, its bad card in effect (code ``diverts[divert]``, as an end's).
        _lf, s, ab, ch, bad, bace = self._fields(players)
        chip = cancels & (ab == 0)[:, None]
        if st.stop or broke:
            chip[:] = False
        row, cat = np.nonzero(chip)
        dcode = _pack(0, s[row] + self.succ[cat], ab[row] + self.ace[cat], ch[row], bad[row] + 1,
                      bace[row] + self.ace[cat])
        self.diverts, divert_ids = np.unique(dcode, return_inverse=True)
        self.divert = np.full(chip.shape, -1, dtype=np.int64)
        self.divert[chip] = divert_ids.ravel()
        self.code_max = [max(f, int(g.max(initial=0)))
                         for f, g in zip(self.code_max, self._fields(self.diverts), strict=True)]

    def _base(self, player: np.ndarray) -> np.ndarray:
        """As :meth:`passes._Automaton._base`, in numpy."""
        st = self.st
        if st.stop:
            return player
        m = (1 << _B) - 1
        s_field, ab_field, ch_field = m << 4 * _B, m << 3 * _B, m << 2 * _B
        rest = (m << 3 * _B) | (m << _B) | m  # ace bonuses, bad cards, bad aces
        if self.broke and st.kings != "best":
            return player & ~(s_field | rest)
        if not self.broke and st.kings != "best" and st.bonus == "success":
            return player & ~(s_field | (m << 3 * _B) | ch_field)
        cap = self.chip_cap
        if not self.broke and st.kings != "best" and st.bonus == "cancel":
            return (player & ~(s_field | ab_field | ch_field)) | (cap << 2 * _B)
        left, s, ab, ch = self._fields(player)[:4]
        lowered = player - (np.maximum(s - st.need, 0) << 4 * _B)
        if self.broke:
            return np.where(s >= st.need, lowered & ~rest, lowered)
        horizon = left + self.horizon_kings
        margin = np.minimum(horizon, self.bad_failing)
        s = np.minimum(s, st.need)
        ch, ab = ch + ab, 0 * ab  # the bonus as one sum, all chips
        for _ in range(3):  # until the base is its own base (a base with more chips may be free)
            if st.bonus == "best":
                free = (ch >= horizon) & (s + ab + ch - st.need >= margin)
                s = np.where(free, np.maximum(margin + st.need - ab - cap, 0), s)
                ch = np.where(free, cap, ch)
            total = s + ch  # the margin read, as many of it in chips as can be
            now_ch = np.minimum(total, cap)
            now_s = np.minimum(total - now_ch, st.need)
            if (now_s == s).all() and (now_ch == ch).all():
                break
            s, ch = now_s, now_ch
        return (lowered & ~(s_field | ab_field | ch_field)) | (s << 4 * _B) | (ch << 2 * _B)

    def more(self, bases: np.ndarray) -> _Reference:
        """As :meth:`passes._Automaton.more`."""
        starts = (bases, np.full(len(bases), self.st.full_kings), np.zeros(len(bases), dtype=np.int64))
        return _Reference(self.st, starts, self.first_size, self.broke, prior=self)

    def _find(self, packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The numbers of packed states, and whether the search met each one."""
        pos = np.searchsorted(self.players, packed)
        found = self.players[np.minimum(pos, len(self.players) - 1)] == packed
        return pos, found

    def _fields(self, player: np.ndarray) -> tuple[np.ndarray, ...]:
        m = (1 << _B) - 1
        return tuple((player >> k * _B) & m for k in range(5, -1, -1))

    def _step(self, left: np.ndarray, s: np.ndarray, ab: np.ndarray, ch: np.ndarray, bad: np.ndarray,
              bace: np.ndarray) -> tuple[np.ndarray, ...]:
        """Every (state, category) move at once: (next packed state, ended, end code, cancelled),
        each states x categories. As :func:`.odds._moves`."""
        st, need = self.st, self.st.need
        shape = (len(left), len(self.succ))
        isbad, ace = self.bad[None, :], self.ace[None, :]
        ns = s[:, None] + self.succ[None, :]
        nab = ab[:, None] + ace
        nch = np.broadcast_to(ch[:, None], shape)
        nleft = np.broadcast_to(left[:, None] - 1, shape)
        if self.broke:  # a bad extra card takes effect (bonuses are spent at the end) and ends the draw
            cancel = np.zeros(shape, dtype=bool)
            stopped = added = np.broadcast_to(isbad, shape)
        else:
            own = nab - ace  # an ace cannot cancel itself, but its extra success still counts
            b = own + nch
            total = nab + nch
            if st.bonus == "success" or not st.cancel_draws_on:  # (then bonuses are spent at the end)
                cancel = np.zeros(shape, dtype=bool)
            elif st.bonus == "cancel":
                cancel = b > 0
            else:  # cancel if still certain after it, or if stopping here would fail
                sure = (b > 0) & (ns + total - 1 >= need)
                cancel = np.where(sure, True, np.where(ns + total >= need, False, b > 0))
            cancel &= isbad
            stopped = added = isbad & ~cancel  # a bad card in effect ends a cautious draw
            nab = np.where(cancel & (own > 0), nab - 1, nab)
            nch = np.where(cancel & (own <= 0), nch - 1, nch)
        nbad = bad[:, None] + added
        nbace = bace[:, None] + added * ace
        if st.kings != "never":
            took = self.king[None, :] & ~stopped
            if st.kings == "best":
                took &= ns + nab + nch < need
            nleft = np.where(took, nleft + 1, nleft)
        ended = stopped | (nleft == 0)
        if st.stop:
            ended |= ns + nab + nch >= need
        code = _pack(0, ns, nab, nch, nbad, nbace)
        return code | (np.maximum(nleft, 0) << 5 * _B), ended, code, cancel


ARRAYS = ("players", "table", "cancels", "divert", "diverts", "ends", "targets", "new_passes", "left",
          "_known", "_known_kings")
VALUES = ("size", "nend", "code_max", "chip_cap", "horizon_kings", "bad_failing", "first_size", "broke")


def searched(monkeypatch: pytest.MonkeyPatch, check: TaskCheck, deck: frozenset | None = None
             ) -> list[tuple[passes._Automaton, _Reference]]:
    """Every automaton the compiled engine searches for ``check``, each beside the reference's
    search from the same starts (gone on with from the reference's own prior)."""
    pairs: list[tuple[passes._Automaton, _Reference]] = []
    real = passes._Automaton.__init__

    def spy(self: passes._Automaton, st: _Setup, starts: tuple[Ints, Ints, Ints], first_size: int,
            broke: bool, prior: passes._Automaton | None = None) -> None:
        real(self, st, starts, first_size, broke, prior)
        ref_prior = None if prior is None else next(r for a, r in pairs if a is prior)
        pairs.append((self, _Reference(st, starts, first_size, broke, ref_prior)))

    monkeypatch.setattr(passes._Automaton, "__init__", spy)
    monkeypatch.setattr(engine, "PLAIN_BUDGET", -1)  # the compiled engine for every check
    engine._exact_odds.__wrapped__(check, deck)
    assert pairs, f"no automaton searched for {check}"
    return pairs


def assert_same(auto: passes._Automaton, ref: _Reference) -> None:
    for name in ARRAYS:
        got, want = getattr(auto, name), getattr(ref, name)
        assert (got.dtype, got.shape) == (want.dtype, want.shape), name
        assert (got == want).all(), name
    for name in VALUES:
        assert getattr(auto, name) == getattr(ref, name), name
    # the bases of every player state, of every target, and of states no search met
    rng = np.random.default_rng(len(auto.players))
    fields = [rng.integers(0, 16, 500) for _ in range(6)]
    others = _pack(*fields)
    for states in (auto.players, auto.targets, others, auto.players[:0]):
        got, want = auto._base(states), ref._base(states)
        assert got.dtype == want.dtype and (got == want).all()


CHECKS = [TaskCheck(7, 9, need=5, situation="red-bad", red_bad="all", aged=1, fate_chips=3, mode=mode,
                    kings=kings, bonus=bonus, stop_when_sure=stop)
          for mode in engine.MODES for kings in engine.KING_POLICIES for bonus in engine.BONUS_POLICIES
          for stop in (True, False) if mode == "cautious" or kings != "never"]  # (broke: no king, no search)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.describe())
def test_the_compiled_search_builds_the_numpy_searchs_tables(monkeypatch: pytest.MonkeyPatch,
                                                              check: TaskCheck) -> None:
    for auto, ref in searched(monkeypatch, check):
        assert_same(auto, ref)


@pytest.mark.parametrize(("check", "deck"), [
    # the slowest check known (its search is gone on with, too)
    (TaskCheck(10, 8, need=7, situation="red-bad", fate_chips=13, kings="always", red_bad="all",
               stop_when_sure=False), None),
    (TaskCheck(10, 7, need=6, situation="combat", aged=3, disadvantage=3, fate_chips=3), None),
    # a first deck that runs out (cards drawn counted), twice
    (TaskCheck(6, "Q", need=2, kings="always", stop_when_sure=False), frozenset(parse_cards("KH AS 2H"))),
    (TaskCheck(7, 9, need=6, situation="combat-unknown", aged=2, disadvantage=1, kings="always",
               bonus="cancel", red_bad="all", stop_when_sure=False), frozenset(parse_cards("AH"))),
    # broke, the rest of the deck short: kings' extra cards from a first deck that runs out
    (TaskCheck(10, "Q", need=6, situation="combat", mode="broke", aged=1, fate_chips=1, kings="always",
               stop_when_sure=False),
     frozenset([c for c in FULL_DECK if c.rank == 13] + random.Random(11).sample(
         [c for c in FULL_DECK if c.rank != 13], 7))),
    (TaskCheck(6, 4, need=6, situation="combat-unknown", aged=2, bonus="cancel", fate_chips=9,
               stop_when_sure=False), frozenset(random.Random(5).sample(FULL_DECK, 20))),
], ids=["slowest", "combat", "three-cards", "one-ace", "broke-short", "partial"])
def test_the_compiled_search_builds_them_for_large_and_partial_decks(
        monkeypatch: pytest.MonkeyPatch, check: TaskCheck, deck: frozenset | None) -> None:
    for auto, ref in searched(monkeypatch, check, deck):
        assert_same(auto, ref)


def test_a_search_gone_on_with_builds_the_same_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    # a member's new pass with a base of its own: the automaton is searched again (:meth:`more`)
    check = TaskCheck(3, 4, need=1, situation="combat", kings="never", fate_chips=3, red_bad="all",
                      stop_when_sure=False)
    pairs = searched(monkeypatch, check)
    assert len(pairs) > 1
    for auto, ref in pairs:
        assert_same(auto, ref)


def test_a_search_gone_on_with_numbers_anew_the_moves_to_states_only_it_met(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The slowest check's search gone on with from bases it never met (its players with a chip
    # fewer: members of shared runs). The first search's moves to states it never met point
    # past every column; some of those states are met now, and the new tables must say so.
    check = TaskCheck(10, 8, need=7, situation="red-bad", fate_chips=13, kings="always", red_bad="all",
                      stop_when_sure=False)
    pairs = searched(monkeypatch, check)
    auto = pairs[0][0]
    fewer = auto.players[(auto.players >> 2 * _B) & 0xFF > 0] - (1 << 2 * _B)
    bases = np.unique(auto._base(fewer))
    more = auto.more(bases[~auto._find(bases)[1]][:30])
    got, ref = pairs[-1]
    assert got is more
    assert_same(more, ref)
    never = auto.table == -1 - (auto.nend + auto.size + len(auto.targets))
    now = more.table[np.searchsorted(more.players, auto.players)]
    assert (never & (now != -1 - (more.nend + more.size + len(more.targets)))).any()


def test_a_search_past_the_states_allowed_declines_as_the_numpy_one_did(
        monkeypatch: pytest.MonkeyPatch) -> None:
    check = TaskCheck(10, 7, need=6, situation="combat", aged=3, disadvantage=3, fate_chips=3)
    st = searched(monkeypatch, check)[0][0].st
    starts: Any = ([_pack(10, 0, 0, st.chips)], [st.full_kings], [0])
    met = len(_Reference(st, starts, sum(st.full), False)._known)
    monkeypatch.setattr(passes, "_MAX_STATES", met - 1)
    with pytest.raises(Unsupported):
        passes._Automaton(st, starts, sum(st.full), False)
    monkeypatch.setattr(passes, "_MAX_STATES", met)
    assert len(passes._Automaton(st, starts, sum(st.full), False)._known) == met
