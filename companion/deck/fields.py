"""Card fields by path, and kind filters: the small language formats and odds share.

A *path* names a field of a card record; ``[]`` walks every item of a list, so
``abilities[].name`` gives each ability's name (a Village mouse with two abilities
has two values). A *filter* maps paths to allowed values; a card matches when
every path has at least one allowed value (case-insensitive). On the command line
a kind is written ``type=basic-mouse`` or ``type=item,magic`` (any of those); a value that
holds a comma itself (the ability ``Hide, Then Seek``) is read whole when it is a card's value
(see :func:`split_values`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..cards import Card, norm_text
from ..errors import CompanionError, closest, did_you_mean

Filter = Mapping[str, Sequence[Any]]

#: Friendly names for paths, usable in ``--kind`` (``ability=Nibble``, ``cost=2``).
ALIASES: dict[str, str] = {
    "title": "name",
    "ability": "abilities[].name",
    "abilities": "abilities[].name",
    "fruit_cost": "abilities[].fruit_cost",
    "fruit-cost": "abilities[].fruit_cost",
    "cost": "abilities[].fruit_cost",
    "kind": "attack_kind",
    "attack-kind": "attack_kind",
}

_PATH = re.compile(r"^[a-z_]+(\[\])?(\.[a-z_]+(\[\])?)*$")


def resolve_path(path: str) -> str:
    """An alias or a path, checked; raises :class:`CompanionError` on a malformed path."""
    p = ALIASES.get(path.strip().lower(), path.strip())
    if not _PATH.match(p):
        raise CompanionError(f"bad card field {path!r}",
                             expected="a field name like 'type', 'attribute' or 'abilities[].name'")
    return p


def values(card: Card, path: str) -> list[Any]:
    """Every value at ``path`` in the card (``[]`` if the field is missing)."""
    current: list[Any] = [card.data]
    for step in path.split("."):
        many = step.endswith("[]")
        key = step[:-2] if many else step
        nxt: list[Any] = []
        for obj in current:
            if not isinstance(obj, Mapping) or key not in obj:
                continue
            v = obj[key]
            if many:
                if isinstance(v, list | tuple):
                    nxt.extend(v)
            else:
                nxt.append(v)
        current = nxt
    return current


def norm(value: Any) -> str:
    """Comparable form of a value: normalised text (:func:`norm_text`); ``None`` as ``"unknown"``."""
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "true" if value else "false"
    return norm_text(str(value))


def matches(card: Card, flt: Filter) -> bool:
    """True when every path of the filter has an allowed value in this card."""
    for path, allowed in flt.items():
        want = {norm(a) for a in allowed}
        if not any(norm(v) in want for v in values(card, path)):
            return False
    return True


def split_values(text: str, known: Mapping[str, str] | Iterable[str] = ()) -> list[str]:
    """The values of a kind's ``VALUE[,VALUE...]``: split on commas, but commas inside a value that
    ``known`` holds (normalised with :func:`norm`: a card's own values) are kept, so a card's ability
    ``Hide, Then Seek`` is one value, not ``Hide`` and ``Then Seek``. From each place the longest run
    of comma-separated pieces that is a known value is taken whole (``Hide, Then Seek,Nibble`` is two
    values); a piece that starts no known value stands alone, as without ``known``."""
    have = set(known)
    pieces = text.split(",")
    out: list[str] = []
    i = 0
    while i < len(pieces):
        take = next((j for j in range(len(pieces), i + 1, -1)
                     if norm(",".join(pieces[i:j]).strip()) in have), i + 1)
        value = ",".join(pieces[i:take]).strip()
        if value:
            out.append(value)
        i = take
    return out


def parse_kind(specs: Iterable[str], cards: Iterable[Card] | None = None) -> dict[str, list[str]]:
    """``["type=item,magic", "food=lunch"]`` -> a filter: specs on different fields must all hold;
    specs on the same field add values, any of which matches (``type=item`` and ``type=magic``
    make ``type=item,magic``), as ``deck odds --kind`` says in its help.

    With ``cards`` (the game's card data), a field that no card has is refused with the fields the
    cards have and the closest (every spec's field is checked before any value), a value that no
    card has in that field with the closest value; and a value holding a comma
    (``ability=Hide, Then Seek``) is read whole when a card has it (see :func:`split_values`). In a
    true/false field (``instant``) a value is read as a card sheet's cell is
    (:func:`companion.textio.read_flag`: ``yes`` is true), and the values are said as true and false.
    """
    from ..textio import read_flag  # (the sheets' reader of true/false cells)

    pool = list(cards or ())
    specs = list(specs)
    for spec in specs:
        _known_field(spec, pool)
    flt: dict[str, list[str]] = {}
    for spec in specs:
        if "=" not in spec:
            raise CompanionError(f"bad kind {spec!r}", expected="FIELD=VALUE, like type=basic-mouse "
                                 "or attribute=fire or ability=Nibble")
        field, _, vals = spec.partition("=")
        path = resolve_path(field)
        found = [v for card in pool for v in values(card, path)]
        have = {norm(v): norm(v) if v is None or isinstance(v, bool) else str(v) for v in found
                if not isinstance(v, Mapping | list | tuple)}
        items = split_values(vals, have)
        if not items:
            raise CompanionError(f"bad kind {spec!r}: no value after '='",
                                 expected="FIELD=VALUE[,VALUE...]")
        flags = any(isinstance(v, bool) for v in found)  # a true/false field: read as card sheets read it
        if flags:
            items = [norm(flag) if (flag := read_flag(item)) is not None else item for item in items]
        for item in items if pool else ():
            if norm(item) not in have:
                known = sorted(repr(k) if "," in k else k for k in have.values())  # (a comma: whose?)
                listed = "one of " + ", ".join(known) if len(known) <= 12 else None
                if flags:  # JSON's words, as the card files and sheets write them (never Python's True)
                    listed = " or ".join(w for w in ("true", "false", "unknown") if w in known) \
                        + " (yes and no are read as true and false)"
                raise CompanionError(f"bad kind {spec!r}: no card has {field.strip()} {item!r}",
                                     expected=listed, suggestion=did_you_mean(closest(item, known)))
        flt.setdefault(path, []).extend(items)
    return flt


def _known_field(spec: str, cards: Sequence[Card]) -> None:
    """Refuse a kind whose field no card has (``colour=red``), listing the fields the cards have
    (and the aliases that reach a field of theirs) and the closest. A kind without ``=`` passes:
    :func:`parse_kind` says what is wrong with it."""
    field, equals, _ = spec.partition("=")
    if not equals or not cards or any(values(card, resolve_path(field)) for card in cards):
        return
    fields = sorted({k for card in cards for k in card.data})
    aliases = sorted(a for a, path in ALIASES.items() if a not in fields and "-" not in a
                     and any(values(card, path) for card in cards))
    raise CompanionError(f"bad kind {spec!r}: no card has the field {field.strip()!r}",
                         expected="one of the fields " + ", ".join(fields)
                         + (f" (or {', '.join(aliases)})" if aliases else ""),
                         suggestion=did_you_mean(closest(field.strip(), [*fields, *aliases])))


def describe(flt: Filter) -> str:
    """``{"type": ["item", "magic"]}`` -> ``"type item or magic"`` for messages and labels."""
    parts = []
    for path, allowed in flt.items():
        # (a card's name is its "name" in both games' words: "title" is the TMNT book's alone)
        label = {v: k for k, v in ALIASES.items() if k in {"ability", "fruit_cost", "kind"}}.get(path, path)
        parts.append(f"{label.replace('_', ' ')} {' or '.join(str(a) for a in allowed)}")
    return ", ".join(parts) if parts else "any card"
