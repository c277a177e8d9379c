"""Exact odds for drawing cards without replacement, as :class:`fractions.Fraction`.

Shared by every area that asks "how likely is this hand?": deck building (opening
hands), the Mouse Card system (task checks) and anything else that draws from a
finite deck. Everything here is exact: binomial coefficients and dynamic
programming, never simulation (tests cross-check by simulation).

Vocabulary: a deck of ``population`` cards holds ``successes`` cards of the kind we
want; we draw ``draws`` cards. :func:`hypergeom_pmf` is the chance of exactly ``k``
of them; :func:`at_least` of ``k`` or more. :func:`multivariate_at_least` handles
several kinds at once ("at least one Character and at least two Attacks").
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from .errors import CompanionError

__all__ = [
    "at_least",
    "at_most",
    "distribution",
    "expected",
    "hypergeom_pmf",
    "multivariate_at_least",
    "multivariate_pmf",
    "none_drawn",
    "percent",
]


def _check(population: int, successes: int, draws: int) -> None:
    """Raise a :class:`CompanionError` naming the bad value (counts come from users)."""
    for label, value in (("deck size", population), ("number of cards of the kind", successes),
                         ("number of cards drawn", draws)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise CompanionError(f"bad {label} {value!r}", expected="a whole number, 0 or more")
    if successes > population:
        raise CompanionError(f"the deck has {population} cards, so it cannot hold {successes} of a kind",
                             expected=f"at most {population}", found=str(successes))
    if draws > population:
        raise CompanionError(f"cannot draw {draws} cards from a deck of {population}",
                             expected=f"at most {population} draws", found=str(draws))


def hypergeom_pmf(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(exactly ``k`` of the ``successes`` cards among ``draws`` cards from ``population``)."""
    _check(population, successes, draws)
    if k < 0 or k > draws or k > successes or draws - k > population - successes:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def distribution(population: int, successes: int, draws: int) -> list[Fraction]:
    """``[P(0), P(1), ..., P(draws)]`` of the number of successes drawn; sums to exactly 1."""
    _check(population, successes, draws)
    return [hypergeom_pmf(population, successes, draws, k) for k in range(draws + 1)]


def at_least(population: int, successes: int, draws: int, k: int = 1) -> Fraction:
    """P(at least ``k`` successes in ``draws``); ``k <= 0`` is certain.

    Example: 4 copies in a 60-card deck, 7 cards drawn, at least one: 39.950%.
    """
    _check(population, successes, draws)
    if k <= 0:
        return Fraction(1)
    # the shorter tail is the cheaper sum
    if k <= draws // 2:
        return 1 - sum((hypergeom_pmf(population, successes, draws, j) for j in range(k)), Fraction(0))
    return sum((hypergeom_pmf(population, successes, draws, j) for j in range(k, draws + 1)), Fraction(0))


def at_most(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(at most ``k`` successes in ``draws``)."""
    return 1 - at_least(population, successes, draws, k + 1)


def none_drawn(population: int, successes: int, draws: int) -> Fraction:
    """P(no success at all in ``draws``) = C(N-K, n) / C(N, n)."""
    return hypergeom_pmf(population, successes, draws, 0)


def expected(population: int, successes: int, draws: int) -> Fraction:
    """Mean number of successes drawn: n K / N."""
    _check(population, successes, draws)
    return Fraction(draws * successes, population) if population else Fraction(0)


def multivariate_pmf(counts: Sequence[int], drawn: Sequence[int]) -> Fraction:
    """P(exactly ``drawn[i]`` of kind ``i`` for every ``i``) when drawing ``sum(drawn)`` cards.

    ``counts`` partitions the whole deck: include an "everything else" kind.
    """
    if len(counts) != len(drawn):
        raise CompanionError("counts and drawn must have the same length",
                             found=f"{len(counts)} and {len(drawn)}")
    population, draws = sum(counts), sum(drawn)
    for c in counts:
        _check(population, c, min(draws, population))
    if draws > population:
        raise CompanionError(f"cannot draw {draws} cards from a deck of {population}")
    if any(d < 0 or d > c for c, d in zip(counts, drawn, strict=True)):
        return Fraction(0)
    num = 1
    for c, d in zip(counts, drawn, strict=True):
        num *= comb(c, d)
    return Fraction(num, comb(population, draws))


def multivariate_at_least(population: int, kinds: Sequence[tuple[int, int]], draws: int) -> Fraction:
    """P(for every kind ``(size, need)``, at least ``need`` of its ``size`` cards are drawn).

    Kinds must be disjoint; the rest of the deck is "other". Exact, by dynamic
    programming over the kinds: the state is how many of the ``draws`` cards are
    already taken by the kinds handled so far (the ways to choose them).
    """
    sizes = [s for s, _ in kinds]
    _check(population, sum(sizes), draws)
    for size, need in kinds:
        _check(population, size, 0)
        if need > size:
            return Fraction(0)
    # ways[t] = number of ways to pick t cards from the kinds so far, each meeting its need
    ways = {0: 1}
    for size, need in kinds:
        nxt: dict[int, int] = {}
        for taken, w in ways.items():
            for j in range(max(need, 0), min(size, draws - taken) + 1):
                nxt[taken + j] = nxt.get(taken + j, 0) + w * comb(size, j)
        ways = nxt
    other = population - sum(sizes)
    total = sum(w * comb(other, draws - t) for t, w in ways.items() if draws - t <= other)
    return Fraction(total, comb(population, draws))


def share(p: Fraction) -> str:
    """A probability to one decimal place, never rounded to a certainty it is not: a chance
    of 0.02% shows as "<0.1%" (a bad card that can happen must not read 0.0%), 99.97% as
    ">99.9%"; only 0 and 1 show as 0.0% and 100.0%."""
    if 0 < p < Fraction(1, 2000):
        return "<0.1%"
    if Fraction(1999, 2000) <= p < 1:
        return ">99.9%"
    return f"{float(p):.1%}"


def half_up(q: Fraction, places: int) -> int:
    """``q`` times ``10**places``, rounded half up exactly (``Fraction(1, 16) * 100`` at 1 place: 63, where
    ``round`` on the float gives 62): :func:`percent`'s rounding, and a table's number that must show
    the same figure."""
    return int((q * 10 ** places * 2 + 1) // 2)


def percent(p: Fraction | float, places: int = 3) -> str:
    """``Fraction(1, 3)`` -> ``"33.333%"`` (rounded half up, exactly, from the fraction); as
    :func:`share`, never a certainty it is not: 1/487635 is "<0.001%", not "0.000%"."""
    q = Fraction(p) * 100
    tiny = Fraction(1, 2 * 10 ** places)  # what rounds to 0 (or to 100) at ``places``
    if 0 < q < tiny:
        return f"<0.{'0' * (places - 1)}1%" if places else "<1%"
    if 100 - tiny <= q < 100:
        return f">99.{'9' * places}%" if places else ">99%"
    scale = 10 ** places
    whole, frac = divmod(half_up(q, places), scale)
    return f"{whole}.{frac:0{places}d}%" if places else f"{whole}%"
