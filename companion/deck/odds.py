"""Exact opening-hand odds for a decklist (hypergeometric, as fractions and percentages).

Generic: :func:`chance` gives the chance of at least ``k`` cards of a kind (a
filter such as ``{"type": ["basic-mouse"]}``) in the first ``n`` cards. Per game,
:func:`opening_odds` gives the questions players ask at the start of a game:

- Village TCG: no Basic Mouse in the opening 7, and still none after the redraw.
  The REDRAW RULE (village-tcg.txt, Gameplay, 2 Redraw Rule) shuffles the *whole*
  hand back into the deck and draws 7 new cards, so the second hand is drawn from
  the same full deck and is independent of the first: P(none twice) = p * p.
- TMNT TCG: a Character in the opening 5-card hand; then the four Block Zones are
  dealt from the top of the Deck, 1st to 4th (tmnt-tcg.txt, Getting Started (3)
  and (4)), i.e. cards 6 to 9. The 1st Block Zone card is flipped in the first
  Flip Phase and needs to be a Character (or Attack) for an Attack Phase. Each line is worked out
  when the deck holds the cards it looks at (the hand's from 5 cards, the 1st Block Zone's from 6, the
  rest from 9); a line the deck is too small for is n/a, saying the size it needs and why.

A format's ``hand_size`` (a house variant's opening hand) takes the place of 7 and 5, and the
Block Zones follow the hand it gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import cite
from ..probability import at_least, hypergeom_pmf, none_drawn, percent
from ..verdict import plural
from .decklist import Decklist
from .fields import Filter, describe, matches
from .formats import DeckFormat

__all__ = ["HAND_SECTIONS", "HAND_SIZES", "MAX_DRAWS", "Odds", "chance", "count_kind", "first_cards",
           "hand_cite", "hand_size", "kind_chance", "opening_odds", "question"]


@dataclass(frozen=True, slots=True)
class Odds:
    """One answer: a label, the exact probability (``None`` if the deck is too small), how, why."""

    label: str
    probability: Fraction | None
    detail: str = ""
    cite: str = ""

    @property
    def percent(self) -> str:
        """The chance as ``deck odds`` and the deck builder's Odds tab both show it: three decimal places,
        rounded half up from the exact fraction (a deck builder weighs small chances, such as no Basic
        Mouse twice: 0.043%, never "<0.1%"); ``n/a`` when the deck is too small."""
        return percent(self.probability) if self.probability is not None else "n/a"

    @property
    def exact(self) -> str:
        """The exact fraction (``5397/17110``), as both show it beside :attr:`percent`; ``""`` for n/a."""
        p = self.probability
        return "" if p is None else f"{p.numerator}/{p.denominator}"

    def to_json(self) -> dict[str, Any]:
        p = self.probability
        # as every command's JSON gives a probability: a float, and the exact fraction as text
        # under the same name + "_exact" (null both when the deck is too small to say)
        return {"label": self.label, "p": None if p is None else float(p),
                "p_exact": self.exact or None,
                "percent": self.percent, "detail": self.detail, "cite": self.cite}

    def line(self) -> str:
        frac = f"  ({self.exact})" if self.exact else ""
        return f"{self.percent:>9}  {self.label}{frac}"


def count_kind(deck: Decklist, flt: Filter) -> int:
    """How many cards of the deck match the filter."""
    return sum(e.count for e in deck.entries if matches(e.card, flt))


def _too_small(label: str, n: int, need: int, cite_: str = "", why: str = "") -> Odds:
    """A line the deck is too small for: n/a, saying the size it needs (``why``: the cards it looks at)."""
    return Odds(label, None, f"the deck has {plural(n, 'card')}; this needs at least {need}"
                + (f" ({why})" if why else ""), cite_)


def first_cards(draws: int) -> str:
    """``the first card``, ``the first 7 cards``: the cards a question looks at."""
    return "the first card" if draws == 1 else f"the first {draws} cards"


def question(flt: Filter, at_least_k: int, draws: int) -> str:
    """The question of a kind of card, as ``deck odds --kind`` and the deck builder's *Your own question*
    both say it: ``at least 1 card with name Apple in the first card``, ``at least 2 cards with type
    basic-mouse in the first 8 cards``."""
    return f"at least {plural(at_least_k, 'card')} with {describe(flt)} in {first_cards(draws)}"


def chance(deck: Decklist, flt: Filter, at_least_k: int = 1, draws: int = 7, *, source: str = "") -> Odds:
    """P(at least ``at_least_k`` cards matching ``flt`` among the first ``draws`` cards), said as
    :func:`question`; ``source``: the citation of ``draws`` when it is the opening hand
    (:func:`hand_cite`)."""
    n, k = deck.card_count, count_kind(deck, flt)
    label = question(flt, at_least_k, draws)
    if draws > n:
        return _too_small(label, n, draws, source)
    return Odds(label, at_least(n, k, draws, at_least_k),
                f"{k} of {plural(n, 'card')} match{'es' if k == 1 else ''}; hypergeometric, exact", source)


def kind_chance(deck: Decklist, flt: Filter, at_least_k: int = 1, draws: int | None = None,
                fmt: DeckFormat | None = None) -> Odds:
    """The question of a kind of card (``deck odds --kind``, the deck builder's *Your own question*):
    :func:`chance` in the first ``draws`` cards (``None``: the opening hand, :func:`hand_size`), citing
    where the opening hand comes from (:func:`hand_cite`) when ``draws`` is that hand, and only then."""
    hand = hand_size(deck.game, fmt)
    draws = hand if draws is None else draws
    return chance(deck, flt, at_least_k, draws, source=hand_cite(deck.game, fmt) if draws == hand else "")


#: The most cards ``deck odds --kind`` looks at (``--draws``) or asks for (``--at-least``): the exact sum
#: grows with them (999 of 200,000 cards: a quarter of a second; 100,000: minutes, with no answer a
#: table needs). The deck builder's boxes stop sooner (99 and 40).
MAX_DRAWS = 999

#: The rule books' opening hands: village-tcg.txt, Gameplay ("Each player draws 7 cards");
#: tmnt-tcg.txt, Getting Started (3) (5 cards).
HAND_SIZES = {"village": 7, "tmnt": 5}
#: The sections of the rule books that give :data:`HAND_SIZES`.
HAND_SECTIONS = {"village": "Gameplay", "tmnt": "Getting Started (3)"}


def hand_cite(game: str, fmt: DeckFormat | None = None) -> str:
    """Where the opening hand of :func:`hand_size` comes from: the rule book's section (the format's
    citation of it with ``fmt``: a house or your own format says so); ``""`` for a game without."""
    section = HAND_SECTIONS.get(game)
    if section is None:
        return ""
    return fmt.cite(section) if fmt is not None else cite(game, section)


def hand_size(game: str, fmt: DeckFormat | None = None) -> int:
    """The opening hand: ``fmt.hand_size`` when the format gives one, else the rule book's
    (:data:`HAND_SIZES`; 7 for a game without one). The one place the opening odds, ``deck odds``
    without ``--draws`` and the deck builder's *in the first* take it from."""
    return (fmt.hand_size if fmt is not None else None) or HAND_SIZES.get(game, 7)


def _village(deck: Decklist, hand: int, cite_: Callable[[str], str]) -> list[Odds]:
    n = deck.card_count
    flt = {"type": ["basic-mouse"]}
    k = count_kind(deck, flt)
    opening = cite_(HAND_SECTIONS["village"])
    redraw = cite_("Redraw Rule")
    if n < hand:
        return [_too_small(f"a Basic Mouse in the opening {hand}", n, hand, opening)]
    p = none_drawn(n, k, hand)
    base = f"{plural(k, 'Basic Mouse', 'Basic Mice')} in {plural(n, 'card')}"
    return [
        Odds(f"a Basic Mouse in the opening {hand}", 1 - p, base, opening),
        Odds(f"no Basic Mouse in the opening {hand}", p, f"{base}: C({n - k},{hand})/C({n},{hand})", opening),
        Odds("still no Basic Mouse after the redraw", p * p,
             f"the redraw shuffles the whole hand back and draws {hand} from the full deck again, "
             "so the new hand is independent of the first: p × p", redraw),
        Odds("a Basic Mouse to start with, using the redraw if needed", 1 - p * p,
             "1 − p × p; the redraw is allowed once per game", redraw),
    ]


def _tmnt(deck: Decklist, hand: int, cite_: Callable[[str], str]) -> list[Odds]:
    """The TMNT lines, each worked out when the deck holds the cards it looks at: the hand needs
    ``hand`` cards, the 1st Block Zone one more, the four Block Zones four more (a list of 5 to 8 cards
    still has its hand's odds); a line the deck is too small for is n/a, saying the size it needs."""
    n = deck.card_count
    k = count_kind(deck, {"type": ["character"]})
    hand_source = cite_(HAND_SECTIONS["tmnt"])
    block_cite = cite_("Getting Started (4)")
    first, last = hand + 1, hand + 4  # the four Block Zones are the next cards from the top
    base = f"{plural(k, 'Character')} in {plural(n, 'card')}"

    def line(label: str, need: int, cite_line: str, work: Callable[[], tuple[Fraction, str]]) -> Odds:
        if n < need:
            why = (f"the {hand}-card hand" if need == hand else
                   f"{hand} in hand, then the 1st Block Zone" if need == first else
                   f"{hand} in hand, then the 4 Block Zones")
            return _too_small(label, n, need, cite_line, why)
        p, detail = work()
        return Odds(label, p, detail, cite_line)

    def both() -> Fraction:
        # j Characters in hand leave k - j among the n - hand cards after it: a hand holding fewer than
        # k - (n - hand) is impossible (its chance is 0), and the rest of the deck could not hold the
        # others (a list of mostly Characters, as a deck is while its Characters go in first)
        return sum((hypergeom_pmf(n, k, hand, j) * at_least(n - hand, k - j, 4, 1)
                    for j in range(max(1, k - (n - hand)), min(k, hand) + 1)), Fraction(0))

    return [
        line(f"a Character in the opening {hand}-card hand", hand, hand_source,
             lambda: (at_least(n, k, hand, 1), base)),
        # the 4 cards after the hand: by symmetry, like any 4 cards
        line("a Character in the four Block Zones (dealt next from the top)", last, block_cite,
             lambda: (at_least(n, k, 4, 1), f"{base}; Block Zones are cards {first} to {last}")),
        line("a Character on the 1st Block Zone (flipped in your first Flip Phase)", first, block_cite,
             lambda: (Fraction(k, n), f"{base}; the 1st Block Zone is card {first}: {k}/{n}")),
        line("a Character both in hand and in the Block Zones", last, block_cite,
             lambda: (both(), f"sum over j Characters in hand: P(j in {hand}) × P(at least 1 of the other "
                              "k−j in the next 4)")),
        line("no Character in hand nor in the Block Zones", last, block_cite,
             lambda: (none_drawn(n, k, last), f"none among the first {last} cards")),
    ]


def opening_odds(deck: Decklist, fmt: DeckFormat | None = None) -> list[Odds]:
    """The game's opening questions (Village: Basic Mouse and redraw; TMNT: Characters).

    The opening hand is ``fmt.hand_size`` when the format gives one, else the rule book's
    (:data:`HAND_SIZES`); with ``fmt``, its citations are the format's (a house format or a
    format of the user's own says so).
    """
    hand = hand_size(deck.game, fmt)
    def cite_(section: str) -> str:
        return fmt.cite(section) if fmt is not None else cite(deck.game, section)
    if deck.game == "village":
        return _village(deck, hand, cite_)
    if deck.game == "tmnt":
        return _tmnt(deck, hand, cite_)
    return []
