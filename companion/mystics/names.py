"""Matching what players type to ids: ``rat_warriors``, ``Rat Warriors``, ``rat-warriors`` and ``roach``
(for ``roaches``) all name the same thing.

Pure functions, shared by the tracker (minion types, mice, initiative cards typed into an
order) so that every place accepts the same aliases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..errors import closest

#: An option: its id and the names it also answers to (its display name, ...).
Option = tuple[str, Sequence[str]]


def slug(text: str) -> str:
    """``"Rat-Warriors"`` -> ``"rat_warriors"``: lower case, words joined by ``_``."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in str(text).lower()).split())


def achievement_key(name: str) -> str:
    """An achievement's name as every part of the tracker compares and stores it: :func:`slug` with a
    possessive's "'s" left out (``Miz Maggie's Ally`` and ``miz maggie ally`` are ``miz_maggie_ally``;
    ``Cat Tamer`` is ``cat_tamer``)."""
    return slug(re.sub(r"['’]s\b", "", str(name).lower()))


def _forms(s: str) -> set[str]:
    """A slug and its singular readings (``roaches`` -> ``roache``, ``roach``)."""
    out = {s}
    if s.endswith("s"):
        out.add(s[:-1])
    if s.endswith("es"):
        out.add(s[:-2])
    return out


def _slugs(option: Option) -> set[str]:
    key, names = option
    return {slug(key), *(slug(n) for n in names)} - {""}


def matches(text: str, options: Iterable[Option]) -> list[str]:
    """The ids of the options ``text`` names, from the first rule that finds any.

    Rules in order: the exact id; the same words (case, spaces, ``_`` and ``-`` ignored);
    singular or plural (``roach``/``roaches``); the last word(s) of a single option's
    name (``centipede`` for ``Cave Centipede``). More than one id means ``text`` is
    ambiguous; none means unknown.
    """
    opts = list(options)
    if any(text == key for key, _ in opts):
        return [text]
    s = slug(text)
    if not s:
        return []
    rules = (
        lambda o: s in _slugs(o),
        lambda o: any(_forms(s) & _forms(x) for x in _slugs(o)),
        lambda o: any(x.endswith("_" + f) for x in _slugs(o) for f in _forms(s) | {s}),
    )
    for rule in rules:
        hits = list(dict.fromkeys(key for key, names in opts if rule((key, names))))
        if hits:
            return hits
    return []


def _words(s: str) -> set[str]:
    """The words of a slug of three letters or more, each with its singular readings (``rats`` ->
    ``rats``, ``rat``): the words a name is known by, not its "of" or "a"."""
    return {f for w in s.split("_") if len(w) >= 3 for f in _forms(w)}


def suggestions(text: str, options: Iterable[Option], n: int = 3) -> list[str]:
    """Ids close to ``text`` (by id or by name), best first; when none is spelt alike, the options
    with a word of ``text`` in their name, singular or plural (``rats``: Rat Warriors, then Elite Rat
    Warriors, the fewest other words first)."""
    opts = list(options)
    by_name = {name: key for key, names in opts for name in (key, *names)}
    hits = closest(str(text), list(by_name), n=n * 2)
    found = list(dict.fromkeys(by_name[h] for h in hits))
    if not found:
        typed = _words(slug(text))
        sharing = [(min(len(x.split("_")) for x in _slugs(o)), o[0]) for o in opts
                   if any(typed & _words(x) for x in _slugs(o))]
        found = [key for _, key in sorted(sharing, key=lambda p: p[0])]
    return found[:n]
