"""Exact hypergeometric odds (companion.probability) against hand-computed values and brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.probability import (
    at_least,
    at_most,
    distribution,
    expected,
    hypergeom_pmf,
    multivariate_at_least,
    multivariate_pmf,
    none_drawn,
    percent,
    share,
)


def test_published_value_four_copies_in_sixty_seven_drawn() -> None:
    p = at_least(60, 4, 7, 1)
    assert p == 1 - Fraction(comb(56, 7), comb(60, 7))
    assert p == Fraction(154289520, 386206920)
    assert percent(p) == "39.950%"


def test_pmf_by_hand() -> None:
    # 3 successes among 10, draw 2, exactly 1: C(3,1) C(7,1) / C(10,2) = 21/45
    assert hypergeom_pmf(10, 3, 2, 1) == Fraction(7, 15)
    assert hypergeom_pmf(10, 3, 2, 3) == 0
    assert hypergeom_pmf(10, 3, 2, -1) == 0
    assert none_drawn(60, 10, 7) == Fraction(comb(50, 7), comb(60, 7))


def test_edges() -> None:
    assert at_least(40, 0, 5, 1) == 0
    assert at_least(40, 40, 5, 5) == 1
    assert at_least(40, 9, 5, 0) == 1
    assert at_least(40, 9, 0, 1) == 0
    assert at_most(10, 3, 2, 0) == hypergeom_pmf(10, 3, 2, 0)
    assert expected(60, 4, 7) == Fraction(28, 60)
    assert expected(0, 0, 0) == 0


@pytest.mark.parametrize("args", [(5, 6, 1), (5, 2, 6), (-1, 0, 0), (10, -2, 1), (10, 2, 1.5)])
def test_bad_counts_are_companion_errors(args: tuple) -> None:
    with pytest.raises(CompanionError):
        at_least(*args)


@given(st.integers(0, 40).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n))))
def test_distribution_sums_to_one_and_tails_agree(t: tuple[int, int, int]) -> None:
    n, k, d = t
    dist = distribution(n, k, d)
    assert sum(dist) == 1
    for j in range(d + 2):
        assert at_least(n, k, d, j) == sum(dist[j:], Fraction(0))
        assert at_least(n, k, d, j) + at_most(n, k, d, j - 1) == 1


def test_multivariate_against_brute_force() -> None:
    # 10 cards: kind A = 0..2, kind B = 3..4, the rest other; draw 4
    deck = range(10)
    hits = total = 0
    for hand in itertools.combinations(deck, 4):
        total += 1
        a = sum(1 for c in hand if c < 3)
        b = sum(1 for c in hand if 3 <= c < 5)
        hits += a >= 1 and b >= 1
    assert multivariate_at_least(10, [(3, 1), (2, 1)], 4) == Fraction(hits, total)
    assert multivariate_at_least(10, [(3, 4)], 4) == 0
    assert multivariate_at_least(10, [(3, 0)], 4) == 1
    assert multivariate_pmf([3, 2, 5], [1, 1, 2]) == Fraction(3 * 2 * 10, comb(10, 4))
    assert multivariate_pmf([3, 2, 5], [4, 0, 0]) == 0
    with pytest.raises(CompanionError):
        multivariate_pmf([3, 2], [1])


@given(st.lists(st.integers(0, 6), min_size=1, max_size=3), st.integers(0, 12), st.data())
def test_multivariate_single_kind_matches_at_least(sizes: list[int], other: int, data: st.DataObject) -> None:
    population = sum(sizes) + other
    draws = data.draw(st.integers(0, population))
    need = data.draw(st.integers(0, 4))
    assert multivariate_at_least(population, [(sizes[0], need)], draws) == at_least(
        population, sizes[0], draws, need)


@pytest.mark.parametrize(("p", "places", "shown"), [
    (Fraction(1, 487635), 3, "<0.001%"),  # an Apple-rich hand: rare, never impossible
    (Fraction(3218390, 3218391), 3, ">99.999%"),  # near certain is not certain
    (Fraction(1, 200000), 3, "0.001%"), (Fraction(1, 200001), 3, "<0.001%"),
    (Fraction(0), 3, "0.000%"), (Fraction(1), 3, "100.000%"),  # only these are exact
    (Fraction(1, 1000), 0, "<1%"), (Fraction(999, 1000), 0, ">99%"),
])
def test_percent_never_rounds_to_a_certainty_it_is_not(p: Fraction, places: int, shown: str) -> None:
    assert percent(p, places) == shown


def test_percent_rounds_half_up_exactly() -> None:
    assert percent(Fraction(1, 3)) == "33.333%"
    assert percent(Fraction(2, 3)) == "66.667%"
    assert percent(Fraction(1, 16), 1) == "6.3%"
    assert percent(Fraction(1), 0) == "100%"
    assert percent(Fraction(0)) == "0.000%"


@pytest.mark.parametrize(("p", "shown"), [
    (Fraction(0), "0.0%"), (Fraction(1, 3000), "<0.1%"), (Fraction(1, 2000), "0.1%"),
    (Fraction(1, 3), "33.3%"), (Fraction(1999, 2000), ">99.9%"), (Fraction(2999, 3000), ">99.9%"),
    (Fraction(1), "100.0%"),
])
def test_a_share_is_never_rounded_to_an_impossibility_or_a_certainty(p: Fraction, shown: str) -> None:
    assert share(p) == shown
