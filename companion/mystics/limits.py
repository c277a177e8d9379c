"""How large the numbers the Mice and Mystics tracker takes in may be, and how much a screen draws.

The rule book prints no maximum for these numbers, but the table has one: a chapter track
of a handful of pages, a handful of figures of one minion type on a tile. A typo (or a
hand-edited log) with a huge number would otherwise make the fold build one figure, and
the screens one character or cell, per unit of it. Each limit below is generous for any
real table; the tracker refuses a new value beyond it, naming the field, the value and
the range (:func:`check`), and the renderers draw at most ``DRAWN_*`` items of what an
older log may still hold.
"""

from __future__ import annotations

from .. import cite
from ..errors import RuleError
from ..textio import number_text as show  # (as every message shows a number: see there)
from .odds import MAX_DICE

#: Pages of the chapter track (chapter end marker, hourglass). Chapter 1 puts the chapter end
#: marker on page 6 and achievements move it a page at a time (mice-and-mystics.txt, Story
#: Control Board; Achievements); 30 is also where the notebook's chapter end stepper stops.
MAX_PAGE = 30
PAGE_WHY = f"the chapter track has a handful of pages ({cite('mystics', 'Story Control Board')})"
#: Figures of one minion type on the board at once: encounters and surges place a handful
#: (chapter 1 starts with 3 rat warriors; a space holds 4 small figures: Sharing Spaces); the
#: notebook's figure box goes to 20.
MAX_FIGURES = 20
FIGURES_WHY = ("a handful of figures of one minion type are on the board "
               f"({cite('mystics', 'Placing Minions on the Board')})")
#: Life of a mouse, of a minion figure or of a boss initiative card: the wound markers its card
#: holds before the figure is captured or defeated (Mouse Hero Cards; Captured Mouse); the
#: notebook's life box goes to 20.
MAX_LIFE = 20
LIFE_WHY = f"the wound markers a card holds before capture or defeat ({cite('mystics', 'Captured Mouse')})"
#: Wounds, heals or cheese in one event: a roll gives at most one per die, and the odds
#: calculator allows at most 50 dice (:data:`companion.mystics.odds.MAX_DICE`).
MAX_COUNT = MAX_DICE
COUNT_WHY = f"one roll gives at most one per die ({cite('mystics', 'Battle')})"
#: Chapter numbers: a story book has a dozen or so chapters; the notebook's box goes to 99.
MAX_CHAPTER = 99
CHAPTER_WHY = f"a chapter of the story book ({cite('mystics', 'Story Book')})"
#: A hero or minion card's battle, defense, lore and move: the dice its rolls have (or the spaces it
#: moves), a handful; as many as the odds calculator takes.
MAX_STAT = MAX_DICE
STAT_WHY = f"the dice a card rolls, or the spaces it moves ({cite('mystics', 'Mouse Hero Cards')})"
#: Mice in a chapter's party (its Party Setup): a handful of heroes.
MAX_PARTY = MAX_FIGURES
PARTY_WHY = f"a chapter's party is a handful of mice ({cite('mystics', 'Game setup')})"

#: Pages a text or notebook chapter track draws one by one; past them it says how many there are.
DRAWN_PAGES = MAX_PAGE
#: Figures whose wounds a minion list draws one by one; past them it says how many there are.
DRAWN_FIGURES = MAX_FIGURES
#: Life pips a mouse's row draws.
DRAWN_LIFE = MAX_LIFE


def check(value: int, field: str, low: int, high: int, *, where: str, why: str) -> int:
    """``value`` if ``low <= value <= high``; else a :class:`RuleError` naming the field, the value
    and the allowed range, with ``why``: the game's reason for the limit."""
    if not low <= value <= high:
        raise RuleError(f"{where}: {field} {show(value)} is out of range",
                        expected=f"{low} to {high}: {why}")
    return value


def drawn_pages(hourglass: int, chapter_end: int, limit: int = DRAWN_PAGES) -> tuple[list[int | None], int]:
    """The chapter track's pages to draw (``None`` where pages are left out) and the number of pages.

    Past ``limit`` pages only the hourglass's and the chapter end marker's pages are drawn, so a
    huge page (an older log's) never makes a drawing of one cell per page.
    """
    last = max(hourglass, chapter_end, 1)
    if last <= limit:
        return list(range(1, last + 1)), last
    beyond = sorted({p for p in (hourglass, chapter_end) if p > limit})
    return [*range(1, limit + 1), None, *beyond], last


def drawn_figures(wounds: tuple[int, ...], limit: int = DRAWN_FIGURES) -> str:
    """A minion type's figures' wounds as text (``[0, 1]``), at most ``limit`` of them drawn."""
    if len(wounds) <= limit:
        return str(list(wounds))
    return str(list(wounds[:limit]))[:-1] + f", ... ({len(wounds)} figures)]"
