"""The story control board: chapter track (hourglass, chapter end marker) and cheese wheel.

Rules (mice-and-mystics.txt): "Story Control Board" (the hourglass starts on page 1;
if it reaches the chapter end marker before the victory conditions are met, the mice
lose the chapter), "Surges" (a surge triggers when the wheel holds 6 or more cheese:
the hourglass moves one page; the room's special surge is followed, or else the
face-up encounter card's surge, which is then discarded; with neither, no minions come
but the hourglass still moves; then all cheese is removed from the wheel),
"Encounters" (the newest encounter card lies face up and decides the next surge),
"Captured Mouse" (the hourglass moves one page), "Achievements" / "Individual
Achievements" (several move the chapter end marker one page further).

Overflow: the book says to remove *all* cheese after a surge, so cheese beyond the 6th
is lost (``overflow="discard"``, the default). ``overflow="carry"`` is a house variant
that keeps the extra cheese on the emptied wheel; it is labelled as such wherever shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import cite
from ..errors import RuleError
from .limits import FIGURES_WHY, MAX_FIGURES, check

WHEEL_SIZE = 6
OVERFLOW_MODES = ("discard", "carry")

#: Individual achievements (rule book back cover): how far each moves the chapter end marker.
INDIVIDUAL_ACHIEVEMENTS: dict[str, int] = {
    "cheesemaster": 1, "roachmaster": 1, "poisonmaster": 0, "scaper": 1, "cat_tamer": 0,
}


@dataclass(frozen=True)
class Encounter:
    """The face-up encounter card: its name and the minions its surge places (if typed in)."""

    name: str
    surge: tuple[tuple[str, int], ...] = ()
    surge_text: str = ""


@dataclass(frozen=True)
class Room:
    """The room (tile) the mice are in, with its special surge if the chapter gives one."""

    name: str
    special_surge: tuple[tuple[str, int], ...] = ()
    special_surge_text: str = ""

    @property
    def has_special_surge(self) -> bool:
        return bool(self.special_surge or self.special_surge_text)


def figure_words(n: int, name: str) -> str:
    """``n`` figures of a minion type in words: "1 Rat Warriors figure", "2 Rat Warriors", "2 Spider
    figures" (a type's name may be plural or singular: the count never reads against it)."""
    if n == 1:
        return f"1 {name} figure"
    return f"{n} {name}" if name.endswith("s") else f"{n} {name} figures"


@dataclass(frozen=True)
class Surge:
    """One resolved surge, as a record on the dashboard."""

    page: int
    source: str  # "room", "encounter" or "none"
    name: str
    minions: tuple[tuple[str, int], ...] = ()
    text: str = ""
    discarded: int = 0  # cheese beyond the 6th that the book's "remove all cheese" throws away

    def describe(self, name: Callable[[str], str] = str) -> str:
        """The surge in words; ``name``: a minion type's name for its id."""
        what = ", ".join(figure_words(n, name(m)) for m, n in self.minions) or self.text or (
            "no minions (none were entered for its surge: place any it shows by hand)"
            if self.source == "encounter" else "no minions")
        if self.source == "room":
            head = f"room special surge ({self.name}): {what}"
        elif self.source == "encounter":
            head = f"encounter card {self.name!r} surge: {what}; the card is discarded"
        else:
            head = "no room surge and no face-up encounter card: no minions are placed"
        return f"Surge! hourglass to page {self.page}; {head} ({cite('mystics', 'Surges')})"

    def to_json(self) -> dict[str, Any]:
        return {"page": self.page, "source": self.source, "name": self.name,
                "minions": dict(self.minions), "text": self.text, "discarded_cheese": self.discarded}


@dataclass(frozen=True)
class Board:
    """The chapter track and the minion cheese wheel."""

    chapter_end: int = 6
    hourglass: int = 1
    wheel: int = 0
    surges: tuple[Surge, ...] = ()
    encounter: Encounter | None = None
    room: Room | None = None
    defeated: bool = False
    victory: bool = False
    achievements: tuple[tuple[str, str | None], ...] = ()
    overflow: str = "discard"
    lost_by: str = ""  # the reason a defeat event gave; "" when the hourglass lost the chapter
    #: how moving the chapter end marker lost the chapter (onto or behind the hourglass), in words;
    #: "" when it did not (the hourglass moved, or a defeat event)
    marker_loss: str = ""

    @property
    def pages_left(self) -> int:
        return max(self.chapter_end - self.hourglass, 0)

    @property
    def defeat_reason(self) -> str:
        """Why the chapter is lost, in words with the rule book section; "" while it is not."""
        if not self.defeated:
            return ""
        if self.lost_by:
            return f"{self.lost_by} ({cite('mystics', 'Defeat')})"
        if self.marker_loss:
            return f"{self.marker_loss} ({cite('mystics', 'Story Control Board')})"
        return f"the hourglass reached the chapter end marker ({cite('mystics', 'Story Control Board')})"


def minion_counts(value: Any, where: str, *,
                  limit: int | None = MAX_FIGURES) -> tuple[tuple[str, int], ...]:
    """``{"rat_warriors": 2}`` -> ``(("rat_warriors", 2),)`` with every count checked.

    A count above ``limit`` is refused (:data:`~companion.mystics.limits.MAX_FIGURES`): the
    fold keeps one entry per figure, so a huge count would fill the memory. ``limit=None``
    leaves that check to the caller (a logged start, which is kept: see the tracker).
    """
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise RuleError(f"{where}: minions must be an object of type -> number of figures",
                        found=repr(value)[:60])
    out = []
    for k, v in value.items():
        n = v.get("count", 1) if isinstance(v, Mapping) else v
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RuleError(f"{where}: bad number of {str(k)[:40]!r} figures {repr(n)[:40]}",
                            expected="a whole number")
        if limit is not None:
            check(n, f"number of {str(k)[:40]!r} figures", 0, limit, where=where, why=FIGURES_WHY)
        out.append((str(k), n))
    return tuple(out)


def check_defeat(board: Board, *, marker_moved: bool = False) -> Board:
    """Defeat (sticky) when the hourglass reaches the chapter end marker (Story Control Board).

    ``marker_moved``: the chapter end marker moved (not the hourglass); a marker put on the
    hourglass's page, or behind it, has been reached all the same, and the reason says so."""
    if not board.defeated and not board.victory and board.hourglass >= board.chapter_end:
        how = ""
        if marker_moved:
            where = "onto" if board.chapter_end == board.hourglass else "behind"
            how = (f"the chapter end marker was moved to page {board.chapter_end}, {where} the hourglass "
                   f"(page {board.hourglass}): the hourglass has reached it")
        return replace(board, defeated=True, marker_loss=how)
    return board


def move_hourglass(board: Board, pages: int = 1) -> Board:
    """The hourglass moved; forward, it stops on the chapter end marker (reaching it is the defeat:
    Story Control Board), so a jump of several pages never lands past it."""
    page = board.hourglass + pages
    if pages > 0 and board.hourglass < board.chapter_end:
        page = min(page, board.chapter_end)
    return check_defeat(replace(board, hourglass=max(page, 1)))


def move_chapter_end(board: Board, pages: int = 1) -> Board:
    """Achievements move the chapter end marker further; a defeat already suffered stands. Back, the
    marker stops on page 1, where the chapter track begins (the caller says so when it cut a move)."""
    return check_defeat(replace(board, chapter_end=max(board.chapter_end + pages, 1)), marker_moved=True)


def put_chapter_end(board: Board, page: int) -> Board:
    """The chapter end marker put on ``page`` (a chapter rule, a correction)."""
    return check_defeat(replace(board, chapter_end=page), marker_moved=True)


def add_cheese(board: Board, count: int) -> tuple[Board, Surge | None]:
    """Put cheese on the minion wheel; at 6 or more a surge triggers and is resolved here.

    Returns the new board and the surge (its minions still have to be placed by the caller).
    """
    if count < 0 and board.wheel + count < 0:
        raise RuleError(f"the minion cheese wheel holds {board.wheel} cheese, cannot take {-count}")
    wheel = board.wheel + count
    if wheel < WHEEL_SIZE:
        return replace(board, wheel=wheel), None
    extra = wheel - WHEEL_SIZE
    page = board.hourglass + 1
    if board.room is not None and board.room.has_special_surge:
        surge = Surge(page, "room", board.room.name, board.room.special_surge, board.room.special_surge_text)
        encounter = board.encounter
    elif board.encounter is not None:
        surge = Surge(page, "encounter", board.encounter.name, board.encounter.surge,
                      board.encounter.surge_text)
        encounter = None  # discarded after its surge (Surges, step 3)
    else:
        surge = Surge(page, "none", "")
        encounter = None
    # the book removes all cheese; the house "carry" variant keeps the extra (at most 5)
    left = min(extra, WHEEL_SIZE - 1) if board.overflow == "carry" else 0
    surge = replace(surge, discarded=extra - left)
    new = replace(board, wheel=left, encounter=encounter, surges=(*board.surges, surge))
    return move_hourglass(new, 1), surge
