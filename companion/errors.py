"""The project's error types.

Every error a user can cause is a :class:`CompanionError` (a ``ValueError``), whose
message names where the problem is, what was expected, what was found, the rule it
breaks and, where one exists, a suggestion. The CLI and the notebooks show these messages instead of
tracebacks; anything else escaping is a bug.
"""

from __future__ import annotations

import difflib
import errno
from collections.abc import Iterable
from typing import Any, Self, TypeVar, overload

from . import GAMES

_E = TypeVar("_E", bound="CompanionError")

#: A field :meth:`CompanionError.relabel` keeps (``None`` is a value it may be given: no place).
_KEEP: Any = object()


def os_reason(exc: BaseException) -> str:
    """Why a file operation failed, in a few words ("permission denied"), for every message
    that reports one (never "None", never a traceback's wording)."""
    reason = getattr(exc, "strerror", None)
    if reason:
        return reason[:1].lower() + reason[1:]
    if isinstance(exc, PermissionError):
        return "permission denied"
    return str(exc) or type(exc).__name__


class CompanionError(ValueError):
    """Base class for every error caused by user input or user files.

    ``where`` is a place (a path, a line, a JSON pointer, a field or a control), said before the
    sentence; ``cite`` is the rule-book section the sentence applies (``cite("tmnt", "Attack
    Phase")``), said after it in brackets, as every verdict says its citation."""

    exit_code: int = 2

    def __init__(
        self,
        message: str,
        *,
        where: str | None = None,
        expected: str | None = None,
        found: str | None = None,
        suggestion: str | None = None,
        cite: str | None = None,
    ) -> None:
        self.message = message
        self.where = where
        self.expected = expected
        self.found = found
        self.suggestion = suggestion
        self.cite = cite
        super().__init__(self.render())

    def render(self, *, where: bool = True) -> str:
        """One readable paragraph: ``where: message (expected ...; found ...) (cite). Did you mean
        ...?`` (``where`` off: without the place, for a caller that names it itself; the citation
        stays, as it belongs to the sentence)."""
        # (a message that opens with its place, "--blocks 3 but ...", is not given it twice)
        named = self.where and self.message.startswith(f"{self.where} ")
        text = f"{self.where}: {self.message}" if self.where and where and not named else self.message
        details = []
        if self.expected is not None:
            details.append(f"expected {self.expected}")
        if self.found is not None:
            details.append(f"found {self.found}")
        if details:
            text += f" ({'; '.join(details)})"
        if self.cite:
            text += f" ({self.cite})"
        if self.suggestion:
            text += ("" if text.endswith(("?", "!", ".")) else ".") + f" {self.suggestion}"
        return text

    @overload
    def relabel(self, *, message: str | None = None, where: str | None = _KEEP,
                suggestion: str | None = _KEEP, cls: None = None) -> Self: ...

    @overload
    def relabel(self, *, message: str | None = None, where: str | None = _KEEP,
                suggestion: str | None = _KEEP, cls: type[_E]) -> _E: ...

    def relabel(self, *, message: str | None = None, where: str | None = _KEEP,
                suggestion: str | None = _KEEP, cls: type[CompanionError] | None = None) -> CompanionError:
        """A copy of this error said another way: another ``message``, ``where`` (``None``: no place)
        or ``suggestion``, of class ``cls`` (default: its own), every other field kept (the citation,
        what was expected and found, the exit code, a subclass's own fields such as a decklist's
        issues). For a caller that names the place as its user typed it (``--cards``, a page's box)."""
        kind = cls or type(self)
        out = kind.__new__(kind)  # (no __init__: a subclass's takes other arguments)
        out.__dict__.update(self.__dict__)
        if cls is not None and self.exit_code != cls.exit_code:
            out.exit_code = self.exit_code
        if message is not None:
            out.message = message
        if where is not _KEEP:
            out.where = where
        if suggestion is not _KEEP:
            out.suggestion = suggestion
        out.args = (out.render(),)
        return out


_PATH_HINTS: dict[int, str] = {
    errno.ENAMETOOLONG: "Use a shorter name (at most 255 characters per part of the path).",
    errno.EACCES: "Check the permissions of the file and of the folders above it.",
    errno.EPERM: "Check the permissions of the file and of the folders above it.",
    errno.ENOTDIR: "A part of the path is a file, not a folder.",
    errno.EISDIR: "It is a folder: give a file's path.",
    errno.ENOENT: "Check the path.",
    errno.EROFS: "The disk is read-only: choose another place.",
    errno.ENOSPC: "Free some disk space, then try again.",
}


class PathError(CompanionError):
    """A file or folder the system would not let us use (a name too long, a folder we may not
    enter, a path through a file): reported with the path and the system's reason, as a user's
    error, wherever in the program the path was first touched."""

    def __init__(self, exc: OSError) -> None:
        where = None if exc.filename is None else str(exc.filename)
        self.reason = os_reason(exc)  #: the system's reason alone ("permission denied")
        super().__init__(f"cannot be used ({self.reason})", where=where,
                         suggestion=_PATH_HINTS.get(exc.errno or 0))


class RuleError(CompanionError):
    """An action the rules do not allow (an illegal attack, a purchase you cannot afford)."""


class UnknownCardError(CompanionError):
    """A card name or id that is not in the card database; carries close matches."""

    def __init__(self, name: str, game: str, suggestions: Iterable[str] = (), *,
                 where: str | None = None, cite: str | None = None) -> None:
        self.name = name
        self.game = game
        self.suggestions = tuple(suggestions)
        hint = did_you_mean(self.suggestions)
        shown = name if len(name) <= 60 else name[:59] + "…"  # (a pasted page is not a card name)
        super().__init__(f"unknown {game_words(game)} card {shown!r}", where=where, suggestion=hint,
                         cite=cite)


def game_words(game: str) -> str:
    """A game id as a message names the game (``village`` is ``Village TCG``; ``mystics ability`` is
    ``Mice and Mystics ability``): a player reads the game's name, never the id the files use."""
    first, _, rest = game.partition(" ")
    return " ".join(filter(None, (GAMES.get(first, first), rest)))


class LogError(CompanionError):
    """A malformed or unknown event in a tracker's event log."""


def _typos(a: str, b: str) -> int:
    """The fewest single-letter typos (a letter left out, added, changed, or two swapped) that
    turn ``a`` into ``b`` (the optimal string alignment distance)."""
    return _typo_row(a, b)[-1]


def _typo_row(a: str, b: str) -> list[int]:
    """:func:`_typos` from ``a`` to each prefix of ``b`` (``b[:0]``, ``b[:1]``, ... ``b``)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev


#: The longest word :func:`name_typos` compares letter by letter (as :func:`closest`: a pasted page is
#: not a name)
_TYPO_LIMIT = 64


def name_typos(word: str, name: str) -> int | None:
    """How many typos ``word`` is from ``name`` (case-insensitive): the whole name, or, for a word of
    three characters or more, the start of one of the name's words, counted one more (a name typed in
    part: 'Sword' is 1 from 'Needle Sword', 'Peasant Mose' 2 from 'Peasant Mouse (A, 0)'). ``None`` for a
    word too long to compare (:data:`_TYPO_LIMIT`); a long name is read as far as such a word reaches."""
    w, h = word.strip().lower(), name.strip().lower()[:4 * _TYPO_LIMIT]
    if len(w) > _TYPO_LIMIT:
        return None
    whole = _typo_row(w, h)  # (to each prefix of the name: also the part from its first word, k == 0)
    best = whole[-1]
    if len(w) >= 3:  # (a part is one typo further than the whole: the whole name ranks first)
        starts = [k for k, c in enumerate(h) if c.isalnum() and (k == 0 or not h[k - 1].isalnum())]
        best = min([best, *(min(whole if k == 0 else _typo_row(w, h[k:])) + 1 for k in starts)])
    return best


def typo_allowance(word: str) -> int:
    """The most typos a suggestion may be from ``word`` (:func:`name_typos`): one for a word of up to
    four characters, two up to seven, then one more for every three (a third of the word: 'Karie' may
    mean 'Karai', two typos; 'Aple' never 'Grape', three)."""
    return max(1, (len(word.strip()) + 1) // 3)


def as_listed(word: str, choices: Iterable[str]) -> str:
    """The choice ``word`` names in any case (``Village-MP`` for ``village-mp``), as it is listed;
    ``word`` itself when none is (the caller then refuses it, with :func:`closest`)."""
    key = word.casefold()
    return next((c for c in choices if c.casefold() == key), word)


def closest(word: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """Up to ``n`` close matches for ``word`` among ``choices`` (case-insensitive), best first:
    the fewest typos away first ("Apel": Apple before Grape), then difflib's likeness."""
    pool = list(dict.fromkeys(choices))
    lowered = {c.lower(): c for c in pool}
    w = word.lower()
    hits = difflib.get_close_matches(w, list(lowered), n=max(n, 8), cutoff=cutoff)
    if len(w) <= _TYPO_LIMIT:  # (a pasted page is not compared letter by letter)
        hits = sorted(hits, key=lambda h: _typos(w, h))[:n]  # stable: difflib's order breaks ties
    else:
        hits = hits[:n]
    if not hits:  # substring matches help with partial names ("Scout" -> "Acorn Scout")
        hits = [c for c in lowered if w and w in c][:n]
    return [lowered[h] for h in hits]


def closest_tied(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The best of :func:`closest`'s matches and those as few typos away, or every choice that holds
    the word when the best does ("mouse": basic-mouse and mega-mouse alike): a guess that picks one of
    two equal readings misleads."""
    pool = list(dict.fromkeys(choices))
    hits = closest(word, pool, n=n)
    w = word.lower()
    if hits and w and w in hits[0].lower():
        return [c for c in pool if w in c.lower()][:n]
    if len(hits) < 2:
        return hits
    best = _typos(w, hits[0].lower())
    return [h for h in hits if _typos(w, h.lower()) == best]


def did_you_mean(suggestions: Iterable[str]) -> str | None:
    """``"Did you mean 'A' or 'B'?"`` or ``None`` when there is nothing to suggest."""
    s = [repr(x) for x in suggestions]
    if not s:
        return None
    if len(s) == 1:
        return f"Did you mean {s[0]}?"
    return f"Did you mean {', '.join(s[:-1])} or {s[-1]}?"


def shown(value: Any, limit: int = 60) -> str:
    """A value from an event as a message shows it: text quoted (``'five'``), anything else as JSON
    writes it (``null``, ``true``, ``{"id": 0}``, ``2.5``), never as Python would (``None``,
    ``{'id': 0}``); cut short when long (:func:`cut`: text inside its quotes, ``'99999…'``)."""
    import json
    import math

    if isinstance(value, str):
        text = repr(value)
    elif isinstance(value, float) and not math.isfinite(value):  # (1e400 is read as infinity)
        return "a number too large to read" if not math.isnan(value) else "NaN"
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):  # (a value no JSON line holds: said as Python says it)
            text = repr(value)
    return cut(text, limit, quoted=isinstance(value, str))


def cut(text: str, limit: int, *, quoted: bool = False) -> str:
    """``text`` cut to ``limit`` characters, ending in "…" where it is cut; ``quoted`` text (a string as
    Python or JSON quotes it) is cut inside its quotes, so the quote closes (``'99999…'``)."""
    if len(text) <= limit:
        return text
    return text[:limit - 2] + "…" + text[-1] if quoted else text[:limit - 1] + "…"
