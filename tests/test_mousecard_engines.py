"""The two exact engines for cautious Mouse Card checks must agree to the last digit.

The plain engine (:func:`companion.mousecard.odds._sequential`) is the reference; the
numpy engine (:mod:`companion.mousecard.passes`) takes over large cautious checks. Every
field of the result (exact Fractions) is compared, over every policy, situation and
reading, from full and partial decks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import companion.mousecard.odds as engine
from companion.mousecard import _sweep, passes
from companion.mousecard.deck import FULL_DECK, parse_cards
from companion.mousecard.odds import TaskCheck

SITUATIONS = ("calm", "combat", "unknown", "combat-unknown", "red-bad")


def plain(check: TaskCheck, deck: frozenset | None = None) -> engine.CheckOdds:
    engine.VECTORISED = False
    try:
        return engine._exact_odds.__wrapped__(check, deck)
    finally:
        engine.VECTORISED = True


def numpy_engine(check: TaskCheck, deck: frozenset | None = None) -> engine.CheckOdds:
    """The compiled engine on every cautious check and every broke hand's extra cards (no
    plain-Python budget first); fails if it declined, so that agreement is never the plain
    engine agreeing with itself."""
    budget, real = engine.PLAIN_BUDGET, (passes.cautious, passes.broke, engine._extra_cards)
    ran: list[str] = []
    needed: list[str] = []

    def spy(name: str, fn: Callable[..., int], into: list[str]) -> Callable[..., int]:
        def wrapped(*args: object) -> int:
            result = fn(*args)
            into.append(name)
            return result
        return wrapped

    engine.PLAIN_BUDGET = -1  # over budget at once
    passes.cautious, passes.broke = spy("cautious", real[0], ran), spy("broke", real[1], ran)
    engine._extra_cards = spy("broke", real[2], needed)
    try:
        result = engine._exact_odds.__wrapped__(check, deck)
    finally:
        engine.PLAIN_BUDGET = budget
        passes.cautious, passes.broke, engine._extra_cards = real
    if check.mode == "cautious":
        sure_at_once = check.stop_when_sure and check.fate_chips >= check.need
        assert ran or sure_at_once, f"the compiled engine declined {check}"
    else:
        assert ran == needed, f"the compiled engine declined {check}"
    return result


def random_check(rng: random.Random, max_skill: int, mode: str = "cautious") -> TaskCheck:
    skill = rng.randint(1, max_skill)
    return TaskCheck(skill, rng.randint(2, 14), need=rng.randint(1, skill), mode=mode,
                     situation=rng.choice(SITUATIONS), aged=rng.randint(0, 3),
                     disadvantage=rng.randint(0, 3), fate_chips=rng.randint(0, 3),
                     kings=rng.choice(engine.KING_POLICIES), bonus=rng.choice(engine.BONUS_POLICIES),
                     red_bad=rng.choice(("joker", "all")), stop_when_sure=rng.random() < 0.6)


@pytest.mark.parametrize("seed", range(6))
def test_both_engines_agree_exactly_on_a_fixed_sample_of_every_policy(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        check = random_check(rng, 7)
        assert numpy_engine(check) == plain(check), check


@pytest.mark.parametrize("seed", range(4))
def test_both_engines_agree_under_the_other_house_readings(seed: int) -> None:
    rng = random.Random(300 + seed)
    for _ in range(10):
        check = replace(random_check(rng, 7, mode=rng.choice(engine.MODES)),
                        bad_succeeds=rng.random() < 0.5, cancel_draws_on=rng.random() < 0.5)
        assert numpy_engine(check) == plain(check), check


@pytest.mark.parametrize("seed", range(4))
def test_both_engines_agree_exactly_on_broke_hands_and_their_extra_cards(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(12):
        check = random_check(rng, 10, mode="broke")
        assert numpy_engine(check) == plain(check), check


@pytest.mark.parametrize("check", [
    TaskCheck(10, 7, need=6, situation="combat", aged=3, disadvantage=3, fate_chips=3),
    TaskCheck(10, "J", need=4, situation="combat-unknown", aged=2, fate_chips=2),
    TaskCheck(9, "Q", need=3, situation="red-bad", red_bad="all", fate_chips=1, stop_when_sure=False),
    TaskCheck(8, 5, need=2, situation="unknown", disadvantage=2, kings="always", stop_when_sure=False),
    TaskCheck(10, "K", need=5, situation="combat", aged=1, bonus="cancel", fate_chips=2),
    # broke, with many hands that kings' extra cards follow (the slowest broke checks known)
    TaskCheck(10, 2, need=10, situation="red-bad", mode="broke", aged=3, fate_chips=1, kings="always",
              red_bad="all", stop_when_sure=False),
    TaskCheck(10, 10, need=9, situation="red-bad", mode="broke", aged=2, disadvantage=2, fate_chips=1,
              kings="always", bonus="cancel", red_bad="all"),
], ids=lambda c: c.describe())
def test_both_engines_agree_exactly_on_large_checks(check: TaskCheck) -> None:
    assert numpy_engine(check) == plain(check)


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), keep=st.integers(1, 54))
def test_both_engines_agree_from_a_partial_deck_even_when_it_runs_out(seed: int, keep: int) -> None:
    # A live deck with few cards left is emptied mid-check and reshuffled: both engines.
    rng = random.Random(seed)
    check = random_check(rng, 6, mode=rng.choice(engine.MODES))
    deck = frozenset(rng.sample(FULL_DECK, keep))
    assert numpy_engine(check, deck) == plain(check, deck)


def test_both_engines_agree_when_a_three_card_deck_runs_out_twice() -> None:
    deck = frozenset(parse_cards("KH AS 2H"))
    for check in (TaskCheck(6, "J", need=3, situation="combat", aged=1, fate_chips=1),
                  TaskCheck(6, "Q", need=2, kings="always", stop_when_sure=False)):
        assert numpy_engine(check, deck) == plain(check, deck)


@pytest.mark.parametrize("keep", [10, 11, 12, 14])
def test_broke_extra_cards_agree_when_the_rest_of_the_deck_is_short_or_empty(keep: int) -> None:
    # 10 cards for a hand of 10: every extra card comes from the full deck again; 11 or 12:
    # the rest runs out among the kings' extra cards. The deck keeps all four kings.
    rest = [c for c in FULL_DECK if c.rank != 13]
    deck = frozenset([c for c in FULL_DECK if c.rank == 13] + random.Random(keep).sample(rest, keep - 4))
    check = TaskCheck(10, "Q", need=6, situation="combat", mode="broke", aged=1, fate_chips=1,
                      kings="always", stop_when_sure=False)
    assert numpy_engine(check, deck) == plain(check, deck)


def test_a_check_the_numpy_engine_declines_still_gets_the_exact_answer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    check = TaskCheck(7, "J", need=3, situation="combat", aged=2, fate_chips=1)
    right = plain(check)

    def decline(*_args: object) -> int:
        raise passes.Unsupported("for the test")

    monkeypatch.setattr(passes, "cautious", decline)
    monkeypatch.setattr(passes, "broke", decline)
    monkeypatch.setattr(engine, "PLAIN_BUDGET", -1)
    assert engine._exact_odds.__wrapped__(check, None) == right
    broke = replace(check, mode="broke", kings="always")
    assert engine._exact_odds.__wrapped__(broke, None) == plain(broke)


def test_small_checks_stay_in_plain_python_and_large_ones_go_to_numpy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = passes.cautious

    def spy(*args: object) -> int:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes, "cautious", spy)
    engine._exact_odds.__wrapped__(TaskCheck(3, "J", situation="combat"), None)
    assert calls == []
    engine._exact_odds.__wrapped__(TaskCheck(10, 7, need=6, situation="combat", aged=3, fate_chips=2), None)
    assert calls == [1]


@settings(max_examples=200)
@given(st.lists(st.integers(0, 2**100), min_size=1, max_size=50))
def test_integers_come_back_exactly_from_their_uint64_and_float64_twins(values: list[int]) -> None:
    lo = np.array([v % 2**64 for v in values], dtype=np.uint64)
    fl = np.array([float(v) for v in values])
    assert passes._exact(lo, fl).tolist() == values


@settings(max_examples=100)
@given(st.lists(st.integers(0, 2**700), min_size=1, max_size=30))
def test_integers_come_back_exactly_from_32_bit_limbs(values: list[int]) -> None:
    limbs = passes._to_limbs(np.array(values, dtype=object))
    assert limbs.dtype == np.uint64 and int(limbs.max()) < 2**32
    assert passes._from_limbs(limbs).tolist() == values


@settings(max_examples=100)
@given(st.lists(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 2**90)), max_size=6), min_size=1,
                max_size=8),
       st.data())
def test_members_new_passes_are_weighed_and_summed_exactly_as_limbs(
        members: list[list[tuple[int, int]]], data: st.DataObject) -> None:
    """:func:`._sweep.spread` against Python integers: member i reads its own entries
    (start, exact mass), moved by its difference and draws short, times its weight."""
    weights = [data.draw(st.integers(1, 2**600)) for _ in members]
    short = [data.draw(st.integers(0, 2)) for _ in members]
    delta = [data.draw(st.integers(0, 3)) for _ in members]
    codes, masses, first, count = [], [], [], []
    for entries in members:
        first.append(len(codes))
        count.append(len(entries))
        for start, mass in entries:
            codes.append((start + 3) << 40)
            masses.append(mass)
    expected: dict[int, int] = {}
    for i, entries in enumerate(members):
        for start, mass in entries:
            key = ((start + 3 - short[i]) << 40) + delta[i]
            expected[key] = expected.get(key, 0) + mass * weights[i]
    def ints(xs: list[int]) -> np.ndarray:
        return np.array(xs, dtype=np.int64)

    limbs = passes._to_limbs(np.array(masses or [0], dtype=object))
    weight_limbs = passes._to_limbs(np.array(weights, dtype=object))
    starts, sums = _sweep.spread(ints(first), ints(count), ints(codes or [0]), limbs, ints(short),
                                 ints(delta), ints([0] * len(first)), ints([0] * len(first)),
                                 ints([0] * len(first)), weight_limbs, 40)
    got = dict(zip(starts.tolist(), passes._from_limbs(sums).tolist(), strict=True))
    assert got == expected


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 2**400)), min_size=1, max_size=40),
       st.lists(st.integers(1, 2**300), min_size=1, max_size=4), st.data())
def test_pass_starts_are_scaled_and_summed_exactly_as_limbs(
        rows: list[tuple[int, int]], factors: list[int], data: st.DataObject) -> None:
    """A batch's pass starts (see :meth:`.passes._Passes.drain`): masses kept as limbs, each
    row times one of a few factors (:func:`.passes._scaled`), then summed per start
    (:func:`.passes._sum_rows_by`), against Python integers."""
    which = [data.draw(st.integers(0, len(factors) - 1)) for _ in rows]
    keys = np.array([k for k, _v in rows], dtype=np.int64)
    limbs = passes._to_limbs(np.array([v for _k, v in rows], dtype=object))
    scaled = passes._scaled(limbs, np.array(which, dtype=np.int64), factors)
    products = [v * factors[w] for (_k, v), w in zip(rows, which, strict=True)]
    assert passes._from_limbs(scaled).tolist() == products
    assert scaled.shape[1] == 1 or scaled[:, -1].any()  # trimmed
    starts, sums = passes._sum_rows_by(keys, scaled)
    expected: dict[int, int] = {}
    for (k, _v), product in zip(rows, products, strict=True):
        expected[k] = expected.get(k, 0) + product
    assert starts.tolist() == sorted(expected)
    assert passes._from_limbs(sums).tolist() == [expected[k] for k in sorted(expected)]


def test_the_compiled_sweep_reuses_its_buffers_without_carrying_anything_over() -> None:
    """The kernel keeps its buffers and hash tables from one call to the next (fresh memory
    was a third of the time): a check computed again after others must come out the same."""
    big = TaskCheck(10, 7, need=8, situation="combat", aged=3, disadvantage=3, fate_chips=3)
    other = TaskCheck(10, "K", need=3, situation="red-bad", red_bad="all", kings="always",
                      fate_chips=1, stop_when_sure=False)
    small = TaskCheck(6, 9, need=2, situation="unknown", aged=1)
    first = numpy_engine(big)
    for check in (other, small, other):
        numpy_engine(check)
    assert numpy_engine(big) == first == plain(big)


@settings(max_examples=300)
@given(need=st.integers(1, 12), chips=st.integers(0, 4), bonus=st.sampled_from(engine.BONUS_POLICIES),
       s=st.integers(0, 14), ab=st.integers(0, 4), spent=st.integers(0, 4), bad=st.integers(0, 9),
       bace=st.integers(0, 2))
def test_the_compiled_engines_outcomes_are_the_plain_engines(
        need: int, chips: int, bonus: str, s: int, ab: int, spent: int, bad: int, bace: int) -> None:
    # the compiled sweep spends the bonuses left at each end; odds._finalize is the reference
    ch = max(0, chips - spent)
    code = (s << 4 * engine._B) | (ab << 3 * engine._B) | (ch << 2 * engine._B) | (bad << engine._B) | bace
    got = _sweep.outcome(np.int64(code), need, chips, _sweep.BONUSES.index(bonus))
    (fs, fbad, fspent), canc = engine._finalize(need, chips, bonus, s, ab, ch, bad, ab == bad == bace == 1)
    assert tuple(got) == (fs, fbad, fspent, canc)


@pytest.mark.parametrize("bonus", engine.BONUS_POLICIES)
@pytest.mark.parametrize("mode", engine.MODES)
def test_drawing_on_when_sure_shares_runs_from_the_need_itself(bonus: str, mode: str) -> None:
    # need 1, drawing on: every pass start with a success already shares one run (its moves
    # no longer depend on successes), and reads the run's outcomes shifted
    check = TaskCheck(7, "Q", need=1, situation="combat", aged=2, mode=mode, fate_chips=1, bonus=bonus,
                      kings="always", stop_when_sure=False)
    assert numpy_engine(check) == plain(check)


@pytest.mark.parametrize("mode", engine.MODES)
def test_a_shared_run_from_the_need_is_searched_with_a_full_decks_kings(mode: str) -> None:
    # Going for broke with every red card bad, the start with exactly the need was first met
    # late in a pass, with no kings left in its deck; a shared run starts it from the full
    # deck, so its kings' cards must have been searched too (the compiled engine declined
    # this check, and the plain engine took 1.8 s over its skill 8 twin)
    check = TaskCheck(5, 8, need=5, situation="red-bad", mode=mode, kings="always", bonus="cancel",
                      red_bad="all", stop_when_sure=False)
    assert numpy_engine(check) == plain(check)


@pytest.mark.parametrize(("mode", "bonus"), [("broke", "best"), ("cautious", "cancel")])
def test_pass_starts_that_differ_only_in_fields_their_moves_never_read_share_one_run(
        monkeypatch: pytest.MonkeyPatch, mode: str, bonus: str) -> None:
    # Drawing on with kings' cards always taken: going for broke, a pass reads only the draws
    # left (one run per batch, whatever the successes, bonuses and bad cards so far);
    # cautious with bonuses spent on cancelling, it never reads the successes
    check = TaskCheck(6, "Q", need=3, situation="red-bad", red_bad="all", mode=mode, kings="always",
                      bonus=bonus, fate_chips=1, stop_when_sure=False)
    seen: list[tuple[int, int]] = []
    real = passes._Passes.read

    def spy(self: passes._Passes, member_run: np.ndarray, *args: object) -> None:
        seen.append((len(np.unique(member_run)), len(member_run)))
        real(self, member_run, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "read", spy)
    assert numpy_engine(check) == plain(check)
    assert max(members - runs for runs, members in seen) > 0
    if mode == "broke":
        assert all(runs == 1 for runs, _members in seen)


def test_a_new_pass_after_a_partial_deck_runs_out_runs_from_its_base() -> None:
    # drawing on cautiously with bonuses spent on cancelling, a pass never reads the successes;
    # the first deck (one ace, a success) runs out, and the new pass shares the run of its
    # base, which the search must have met (the compiled engine declined this check)
    check = TaskCheck(7, 9, need=6, situation="combat-unknown", aged=2, disadvantage=1, kings="always",
                      bonus="cancel", red_bad="all", stop_when_sure=False)
    deck = frozenset(parse_cards("AH"))
    assert numpy_engine(check, deck) == plain(check, deck)


@pytest.mark.parametrize("seed", range(3))
def test_both_engines_agree_with_many_fate_chips_drawing_on(seed: int) -> None:
    # many chips: a sure player cancels bad cards while still sure and keeps drawing, and
    # pass starts with plenty of chips share runs whatever their successes and chips
    rng = random.Random(100 + seed)
    for _ in range(4):
        check = replace(random_check(rng, 6), fate_chips=rng.randint(4, 20), stop_when_sure=False)
        assert numpy_engine(check) == plain(check), check


@pytest.mark.parametrize("bonus", engine.BONUS_POLICIES)
def test_pass_starts_with_more_chips_than_their_pass_can_spend_share_one_run(
        monkeypatch: pytest.MonkeyPatch, bonus: str) -> None:
    # 15 chips for need 2: every later pass starts with more chips than it has draws, so its
    # chips (and, with the "best" bonuses, its successes) are never read within the pass
    check = TaskCheck(6, 9, need=2, situation="red-bad", red_bad="all", aged=1, kings="always",
                      bonus=bonus, fate_chips=15, stop_when_sure=False)
    seen: list[tuple[int, np.ndarray]] = []
    real = passes._Passes.read

    def spy(self: passes._Passes, member_run: np.ndarray, short: np.ndarray, delta: np.ndarray,
            *args: object) -> None:
        seen.append((len(np.unique(member_run)), delta))
        real(self, member_run, short, delta, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "read", spy)
    assert numpy_engine(check) == plain(check)
    assert max(len(deltas) - runs for runs, deltas in seen) > 0
    chips = np.concatenate([passes._Automaton.signed_fields(d)[3] for _r, d in seen])
    assert chips.max() > 0  # members with more chips than their run's start


@pytest.mark.parametrize("bonus", ["best", "cancel"])
def test_pass_starts_with_fewer_chips_read_the_run_of_the_one_with_most_until_it_spends_one_they_lack(
        monkeypatch: pytest.MonkeyPatch, bonus: str) -> None:
    # 3 chips for need 2, red 2s and 3s bad: later passes start with 0-3 chips; players alike
    # but for their chips (with "best", for their successes and chips together) share the run
    # of the one with the most, each reading it only while it still has the chips the run has
    # spent, and ending its pass where the run spends one it lacks (a diverted end)
    check = TaskCheck(5, 8, need=2, situation="combat", aged=2, fate_chips=3, bonus=bonus,
                      stop_when_sure=False)
    fewest: list[int] = []
    diverted: list[int] = []
    real = passes._Passes.read

    def spy(self: passes._Passes, member_run: np.ndarray, short: np.ndarray, delta: np.ndarray,
            *args: object) -> None:
        chips = passes._Automaton.signed_fields(np.asarray(delta, dtype=np.int64))[3]
        fewest.append(int(chips.min()))
        diverted.append(int(((self.swept.flat()[1] >> 62) & 1).sum()))
        real(self, member_run, short, delta, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "read", spy)
    assert numpy_engine(check) == plain(check)
    assert min(fewest) < 0  # members with fewer chips than their run's start
    assert max(diverted) > 0  # ends where a run spent a chip a member lacked


@pytest.mark.parametrize("check", [
    TaskCheck(8, 6, need=5, situation="red-bad", red_bad="all", aged=1, kings="always", fate_chips=12,
              stop_when_sure=False),
    TaskCheck(7, 9, need=3, situation="combat", aged=3, kings="best", fate_chips=5, stop_when_sure=False),
    TaskCheck(6, 4, need=6, situation="combat-unknown", aged=2, bonus="cancel", fate_chips=9,
              stop_when_sure=False),
])
def test_a_pass_starts_base_is_its_own_base(monkeypatch: pytest.MonkeyPatch, check: TaskCheck) -> None:
    # the search meets bases only; a base whose base were another start would be searched
    # for in vain (the compiled engine would decline the check)
    searched: list[passes._Automaton] = []
    real = passes._Automaton.__init__

    def spy(self: passes._Automaton, *args: object, **kwargs: object) -> None:
        real(self, *args, **kwargs)  # type: ignore[arg-type]
        searched.append(self)

    monkeypatch.setattr(passes._Automaton, "__init__", spy)
    assert numpy_engine(check) == plain(check)
    for auto in searched:
        bases = auto._base(auto.players)
        assert (auto._base(bases) == bases).all()
        assert (bases != auto.players).any()  # some players share a run


@given(st.lists(st.integers(-128, 127), min_size=6, max_size=6))
def test_signed_differences_of_packed_states_unpack_field_by_field(fields: list[int]) -> None:
    packed = sum(f << (8 * (5 - k)) for k, f in enumerate(fields))
    got = passes._Automaton.signed_fields(np.array([packed], dtype=np.int64))
    assert [int(g[0]) for g in got] == fields


def test_a_members_new_pass_with_a_base_of_its_own_is_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # 3 chips for need 1, every card bad and a success: players of one margin share a run
    # (its start holds as many chips as it can), and a member's new pass (its run's, shifted)
    # has a base of its own, a start the first search never met (the compiled engine
    # declined such checks until the automaton could be searched again)
    check = TaskCheck(3, 4, need=1, situation="combat", kings="never", fate_chips=3, red_bad="all",
                      stop_when_sure=False)
    calls: list[int] = []
    real = passes._Automaton.more

    def more(self: passes._Automaton, bases: np.ndarray) -> passes._Automaton:
        calls.append(len(bases))
        return real(self, bases)

    monkeypatch.setattr(passes._Automaton, "more", more)
    assert numpy_engine(check) == plain(check)
    assert calls


@pytest.mark.parametrize("check", [
    TaskCheck(6, 9, need=3, situation="combat", aged=1, fate_chips=2),
    TaskCheck(7, "J", need=4, situation="red-bad", red_bad="all", fate_chips=1, kings="always",
              stop_when_sure=False),
    TaskCheck(6, 8, need=5, situation="unknown", mode="broke", kings="always", fate_chips=1, bonus="cancel",
              stop_when_sure=False),
], ids=["cautious", "drawing-on", "broke"])
def test_passes_too_long_for_exact_pairs_are_cut_and_stay_exact(
        monkeypatch: pytest.MonkeyPatch, check: TaskCheck) -> None:
    # above skill 10 a pass outgrows the kernel's exact uint64/float64 pairs (2**84): the sweep
    # stops partway and its states go on, their exact masses split into limbs, in sweeps of
    # the rest. A lower limit cuts these smaller checks the same way, several times over.
    right = plain(check)
    cuts: list[int] = []
    real = passes._Passes._exact_sweep

    def spy(self: passes._Passes, *args: object) -> object:
        cuts.append(args[4])  # type: ignore[arg-type]  # the depth swept
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "_exact_sweep", spy)
    for bits in (30, 42):
        monkeypatch.setattr(passes, "_MAX_DEPTH_BITS", bits)
        cuts.clear()
        assert numpy_engine(check) == right
        assert len(cuts) > len(set(cuts)) or len(set(cuts)) > 1  # the passes were cut


def test_a_check_above_skill_10_is_compiled_and_exact() -> None:
    # skill 11: its first pass (up to 15 cards) is too long for exact pairs; this took the
    # plain engine a second (skill 14 drawing on: 80 s, now 1.5 s)
    check = TaskCheck(11, 6, need=7, situation="red-bad", red_bad="all", fate_chips=3)
    assert numpy_engine(check) == plain(check)


@pytest.mark.parametrize("threads", [1, 3])
def test_a_batch_of_runs_split_among_threads_gives_the_same_exact_answer(
        monkeypatch: pytest.MonkeyPatch, threads: int) -> None:
    # runs never meet, so a batch's runs may be swept in parallel parts; the parts' outcomes
    # put together must be the one-call answer to the last digit
    check = TaskCheck(8, 7, need=5, situation="red-bad", red_bad="all", aged=1, fate_chips=3,
                      kings="always", stop_when_sure=False)
    parts: list[int] = []
    real = passes._Passes._sweep_part

    def spy(self: passes._Passes, *args: object) -> object:
        parts.append(len(args[2]))  # type: ignore[arg-type]  # args[2]: the starts' runs
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "_sweep_part", spy)
    monkeypatch.setattr(passes, "THREADS", threads)
    monkeypatch.setattr(passes, "PARALLEL_AFTER", 0.0)  # however quick the last sweep
    assert numpy_engine(check) == plain(check)
    deep_batches = len(parts)
    monkeypatch.setattr(passes, "THREADS", 1)
    parts.clear()
    numpy_engine(check)
    if threads == 1:
        assert deep_batches == len(parts)
    else:  # some batches went out in several parts
        assert deep_batches > len(parts)


@pytest.mark.parametrize("stop_when_sure", [True, False])
def test_a_run_from_the_full_deck_serves_later_starts_with_fewer_draws_left(
        monkeypatch: pytest.MonkeyPatch, stop_when_sure: bool) -> None:
    # a pass's moves read its draws left only when they run out: a start with fewer draws left
    # reads the run of an earlier batch (the same other fields) from as many draws short,
    # its pass ending with a draw that leaves the run that many (or a joker drawn then)
    check = TaskCheck(9, 8, need=4, situation="combat-unknown", aged=2, fate_chips=2, kings="always",
                      stop_when_sure=stop_when_sure)
    shorts: list[int] = []
    swept: list[int] = []
    read, respond = passes._Passes.read, passes._Passes.respond

    def spy_read(self: passes._Passes, member_run: np.ndarray, short: np.ndarray, *args: object) -> None:
        shorts.extend(np.asarray(short).tolist())
        read(self, member_run, short, *args)  # type: ignore[arg-type]

    def spy_respond(self: passes._Passes, deck: tuple[int, ...], depth: int, nruns: int,
                    *args: object) -> list[int]:
        swept.append(nruns)
        return respond(self, deck, depth, nruns, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "read", spy_read)
    monkeypatch.setattr(passes._Passes, "respond", spy_respond)
    assert numpy_engine(check) == plain(check)
    assert max(shorts) > 0  # some start read a run from draws short
    assert sum(swept) < len(shorts)  # fewer runs swept than starts read


@pytest.mark.parametrize("keep", [54, 53])
def test_the_first_pass_from_the_full_deck_serves_later_starts_and_from_a_partial_deck_none(
        monkeypatch: pytest.MonkeyPatch, keep: int) -> None:
    # Drawing on, bonuses spent on cancelling, with more chips than a pass can spend: the
    # first pass's start and the start after a joker on the first card (one draw fewer, the
    # same other fields) share a base. From the full deck, the first pass's run serves both;
    # from a partial deck the first pass is drawn from other cards, and no later start may
    # read its run.
    check = TaskCheck(6, 9, need=3, situation="red-bad", red_bad="all", aged=1, kings="always",
                      bonus="cancel", fate_chips=15, stop_when_sure=False)
    deck = frozenset(FULL_DECK[:keep]) if keep < 54 else None
    reads: list[tuple[list[int], list[int]]] = []
    real = passes._Passes.read

    def spy(self: passes._Passes, member_run: np.ndarray, short: np.ndarray, *args: object) -> None:
        reads.append((np.asarray(member_run).tolist(), np.asarray(short).tolist()))
        real(self, member_run, short, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "read", spy)
    assert numpy_engine(check, deck) == plain(check, deck)
    later = [short for runs, shorts in reads[1:] for run, short in zip(runs, shorts, strict=True) if run == 0]
    if keep == 54:
        assert later and min(later) == 1  # the start one draw short read the first run
    else:
        assert later == []


@pytest.mark.parametrize("bonus", ["best", "cancel"])
@pytest.mark.parametrize("chips", [1, 3])
def test_members_that_split_their_bonus_otherwise_share_a_run_exactly(
        monkeypatch: pytest.MonkeyPatch, bonus: str, chips: int) -> None:
    # A player's moves read only the sum of ace bonuses and chips, never the split (aces pay
    # first): a pass start holding more ace bonuses and fewer chips than its run rides it, and
    # reads each of its ends with as many ace bonuses turned into chips as the run has spent chips
    # (at most its own extra ace bonuses). Every red card bad, so aces and chips pay often.
    seen: list[int] = []
    real = passes._Passes.read

    def spy(self: passes._Passes, member_run: np.ndarray, short: np.ndarray, delta: np.ndarray,
            *args: object) -> None:
        seen.append(int(self.auto.signed_fields(np.asarray(delta, dtype=np.int64))[2].max(initial=0)))
        real(self, member_run, short, delta, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(passes._Passes, "read", spy)
    for check in (TaskCheck(7, 9, need=3, situation="red-bad", red_bad="all", kings="always", bonus=bonus,
                            fate_chips=chips, stop_when_sure=False),
                  TaskCheck(6, "Q", need=2, situation="red-bad", red_bad="all", aged=1, bonus=bonus,
                            fate_chips=chips, stop_when_sure=False)):
        assert numpy_engine(check) == plain(check), check
    assert max(seen) > 0  # (members with more ace bonuses than their run were read)
