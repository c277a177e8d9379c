"""Deck composition: counts by type, attribute, power, fruit cost..., as dicts, a table and a plot.

pandas and matplotlib are imported only by :func:`composition_frame` and
:func:`composition_figure`, so the rest stays quick to import.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..cards import type_name
from ..probability import half_up, percent
from .decklist import Decklist
from .fields import values

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from matplotlib.figure import Figure

#: (label, card path) per game: what the deck builder counts. Card types as in the card schemas.
FACETS: dict[str, tuple[tuple[str, str], ...]] = {
    "village": (("Type", "type"), ("ATK", "atk"), ("DEF", "def"),
                ("Fruit cost", "abilities[].fruit_cost"), ("Food", "food")),
    "tmnt": (("Type", "type"), ("Attribute", "attribute"), ("Power", "power"),
             ("Attack kind", "attack_kind")),
}
DEFAULT_FACETS: tuple[tuple[str, str], ...] = (("Type", "type"),)

#: Display order of card types (the rule books' own order); others follow alphabetically.
TYPE_ORDER = {"basic-mouse": 0, "mega-mouse": 1, "fruit": 2, "item": 3, "magic": 4,
              "character": 0, "attack": 1, "event": 3}


def facets_for(game: str) -> tuple[tuple[str, str], ...]:
    return FACETS.get(game, DEFAULT_FACETS)


def _label(v: Any) -> str:
    return "unknown" if v is None else str(v)


def _sort_key(path: str, label: str) -> tuple[int, float, str]:
    if label == "unknown":
        return (2, 0, label)
    if label.lstrip("-").isdecimal():
        return (0, int(label), label)
    if path == "type":
        return (1, TYPE_ORDER.get(label, 99), label)
    return (1, 0, label)


#: The facets whose values are words the rule books write (a type, an Attribute, an attack kind).
WORDED = frozenset({"Type", "Attribute", "Attack kind"})


def book_words(value: object) -> str:
    """A value as the rule books write it: the data's id of a word (``wind``, ``basic-mouse``) in the
    book's words ("Wind", "Basic Mouse": :func:`~companion.cards.type_name`, as the Cards page and the
    printed cards say them); anything else (a number, ``unknown``, a name with capitals) as it is."""
    text = str(value)
    return type_name(text) if re.fullmatch(r"[a-z][a-z-]*", text) and text != "unknown" else text


def shown_composition(comp: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """:func:`composition` as the deck builder and ``deck stats`` show it: a type's, an Attribute's and an
    attack kind's values in the book's words (:func:`book_words`); the counts, order and other facets as
    they are (``deck stats --json`` keeps the data's values)."""
    out: dict[str, dict[str, int]] = {}
    for facet, tally in comp.items():
        shown: dict[str, int] = {}
        for value, n in tally.items():
            key = book_words(value) if facet in WORDED else value
            shown[key] = shown.get(key, 0) + n
        out[facet] = shown
    return out


def share_text(count: int, total: int) -> str:
    """``count`` of ``total`` cards as a share to one decimal place, rounded half up exactly from the
    fraction (1 of 8 is "12.5%", 1 of 16 "6.3%"): what ``deck stats`` prints and the deck builder's
    composition table shows, so the two give one figure. An empty deck is 0.0%."""
    return percent(Fraction(count, total) if total > 0 else Fraction(0), 1)


def composition(deck: Decklist, facets: Sequence[tuple[str, str]] | None = None) -> dict[str, dict[str, int]]:
    """``{"Type": {"basic-mouse": 10, ...}, "ATK": {"1": 8, "unknown": 2}, ...}``.

    Cards without the field (Fruit have no ATK) are left out of that facet; a field
    that is present but unknown (``null``) counts as ``"unknown"``. A mouse with two
    abilities counts once per ability under Fruit cost. Empty facets are dropped.
    """
    out: dict[str, dict[str, int]] = {}
    for label, path in facets or facets_for(deck.game):
        tally: dict[str, int] = {}
        for e in deck.entries:
            for v in values(e.card, path):
                key = _label(v)
                tally[key] = tally.get(key, 0) + e.count
        if tally:
            out[label] = {k: tally[k] for k in sorted(tally, key=lambda s: _sort_key(path, s))}
    return out


def composition_frame(deck: Decklist, facets: Sequence[tuple[str, str]] | None = None) -> pd.DataFrame:
    """A long table: one row per (facet, value) with ``count`` and ``share`` (% of the deck, to one decimal
    place, as :func:`share_text` rounds it)."""
    import pandas as pd

    n = deck.card_count or 1
    # the share as deck stats and the page give it (1 of 16 is 6.3, where round() on the float gives 6.2):
    # as a number, for the table's sums and sorts
    rows = [{"facet": facet, "value": value, "count": count,
             "share": half_up(Fraction(100 * count, n), 1) / 10}
            for facet, tally in composition(deck, facets).items() for value, count in tally.items()]
    return pd.DataFrame(rows, columns=["facet", "value", "count", "share"])


def composition_figure(deck: Decklist, facets: Sequence[tuple[str, str]] | None = None,
                       *, title: str | None = None) -> Figure:
    """Bar charts, one per facet, side by side (a matplotlib Figure, no pyplot state)."""
    from matplotlib.figure import Figure

    comp = shown_composition(composition(deck, facets))
    cols = max(len(comp), 1)
    fig = Figure(figsize=(3.2 * cols, 2.8), layout="constrained")
    axes = fig.subplots(1, cols, squeeze=False)[0]
    if not comp:
        axes[0].text(0.5, 0.5, "empty deck", ha="center", va="center")
        axes[0].set_axis_off()
    for ax, (facet, tally) in zip(axes, comp.items(), strict=False):
        labels = list(tally)
        bars = ax.bar(range(len(labels)), list(tally.values()), color="#6b8e23" if deck.game == "village"
                      else "#16a085")
        ax.set_xticks(range(len(labels)), labels, rotation=30 if max(map(len, labels)) > 4 else 0,
                      ha="right" if max(map(len, labels)) > 4 else "center", fontsize=8)
        ax.bar_label(bars, fontsize=8)
        ax.set_title(facet, fontsize=10)
        ax.set_yticks([])
        for side in ("top", "right", "left"):
            ax.spines[side].set_visible(False)
    fig.suptitle(title or f"{deck.name or 'Deck'}: {deck.card_count} cards", fontsize=11)
    return fig
