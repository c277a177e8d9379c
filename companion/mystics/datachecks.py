"""Cross-record checks on Mice and Mystics card data that the schema cannot express.

Imported by :mod:`companion.validation` on first use (its ``register_check`` hook).
Top-level references (a hero's ``starting_equipment``, a minion's ``counterpart``, a
chapter's ``minions`` and ``excluded_mice``) are declared in the schema with
``x-refers-to``; this module checks the nested ones: a search card's
``requirements.mouse`` (a hero), a chapter's ``setup_minions[].minion`` (a minion) and its
special searches' ``card`` (a search card), and that a chapter's tiles, setup tiles and
tile rules agree. Sources: mice-and-mystics.txt, Search Cards; Story Book.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..errors import closest, did_you_mean
from ..validation import Record, ValidationIssue, register_check


def _targets(records: Sequence[Record], kind: str) -> dict[str, str]:
    """Lower-case id and name -> display name, of every record of ``kind``."""
    out: dict[str, str] = {}
    for rec in records:
        if rec.data.get("type") != kind:
            continue
        for key in ("id", "name"):
            v = rec.data.get(key)
            if isinstance(v, str):
                out[v.lower()] = str(rec.data.get("name", v))
    return out


def _ref(rec: Record, value: Any, field_: str, kind: str, pool: dict[str, str]) -> Iterator[ValidationIssue]:
    if isinstance(value, str) and value.lower() not in pool:
        yield rec.issue(f"{value!r} does not name a {kind} card of this game", field_=field_,
                        kind="reference",
                        expected=f"the id or name of a {kind} card", found=repr(value),
                        suggestion=did_you_mean(closest(value, sorted(set(pool.values())), n=2)))


@register_check("mystics")
def nested_references(records: Sequence[Record]) -> Iterator[ValidationIssue]:
    """References inside objects: requirements.mouse, setup_minions, special-search cards."""
    heroes, minions, search = (_targets(records, k) for k in ("hero", "minion", "search"))
    for rec in records:
        data = rec.data
        req = data.get("requirements")
        if data.get("type") == "search" and isinstance(req, dict):
            yield from _ref(rec, req.get("mouse"), "requirements/mouse", "hero", heroes)
        if data.get("type") != "chapter":
            continue
        for j, placed in enumerate(data.get("setup_minions") or ()):
            if isinstance(placed, dict):
                yield from _ref(rec, placed.get("minion"), f"setup_minions/{j}/minion", "minion", minions)
        for j, rule in enumerate(data.get("special_searches") or ()):
            if isinstance(rule, dict):
                yield from _ref(rec, rule.get("card"), f"special_searches/{j}/card", "search", search)


@register_check("mystics")
def chapter_tiles(records: Sequence[Record]) -> Iterator[ValidationIssue]:
    """A chapter's setup tiles and tile rules name tiles listed in its ``tiles``."""
    for rec in records:
        data = rec.data
        if data.get("type") != "chapter" or not isinstance(data.get("tiles"), list):
            continue
        numbers = {t.get("number") for t in data["tiles"] if isinstance(t, dict)}
        listed = ", ".join(str(n) for n in sorted(n for n in numbers if isinstance(n, int)))
        checks: list[tuple[str, Any]] = [(f"setup_tiles/{j}", n)
                                         for j, n in enumerate(data.get("setup_tiles") or ())]
        for key in ("special_rules", "special_searches", "special_surges"):
            checks += [(f"{key}/{j}/tile", r.get("tile")) for j, r in enumerate(data.get(key) or ())
                       if isinstance(r, dict)]
        checks += [(f"setup_minions/{j}/tile", m.get("tile"))
                   for j, m in enumerate(data.get("setup_minions") or ()) if isinstance(m, dict)]
        for ptr, n in checks:
            if isinstance(n, int) and n not in numbers:
                yield rec.issue(f"tile {n} is not one of this chapter's tiles", field_=ptr, kind="reference",
                                expected=f"a tile number listed in 'tiles' ({listed})", found=str(n))
