"""Deck-building formats as data: one JSON file per format, validated by schema.

A format says how big a deck is (``min``/``max``/``exact``), how many copies of a
group of cards it may hold, which card types are exempt, how cards are grouped
(Village: by name and by each shared ability; TMNT: by title whatever the
printing), which cards are banned, and the advice the rule book gives. Bundled
formats live in ``data/formats/`` (``village-standard``, ``tmnt-standard`` and the
house variant ``village-casual-50``); users add their own in the ``formats`` folder
of :func:`companion.cards.user_data_dir`, or name a file with ``--format``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .. import RULE_BOOKS, cite
from ..cards import DATA_DIR, read_json_file, user_data_dir
from ..errors import CompanionError, closest
from ..verdict import counted

SCHEMA_PATH = DATA_DIR / "schemas" / "format.schema.json"


class FormatError(CompanionError):
    """A format file that cannot be read or does not fit ``format.schema.json``."""


@dataclass(frozen=True, slots=True)
class Group:
    """Cards with the same value at ``key`` count together toward the copy limit."""

    key: str
    label: str
    message: str = "{total} cards share the {label} {value}: {cards}; the limit is {limit}"
    message_one: str = "{total} copies of {value}; the limit is {limit}"


@dataclass(frozen=True, slots=True)
class AdviceItem:
    """One figure of an :class:`Advice`: ``label`` counts in the plural ("Basic Mice"); ``label_one`` is
    what one card is called ("Basic Mouse"), given by the format where it differs (``None``: the label as
    written, whatever the count: "1 Fruit", and a label of a format of your own is never guessed at)."""

    label: str
    filter: dict[str, tuple[Any, ...]]
    measure: str = "count"
    by: str | None = None
    of: dict[str, tuple[Any, ...]] | None = None
    min: int | None = None
    max: int | None = None
    label_one: str | None = None

    def counted(self, said: str) -> str:
        """``said`` (a count or a range: "1", "8-9", "at least 1") before the label in its number: "1
        Basic Mouse", "2 Basic Mice", "at least 1 Mega Mouse", "0 Basic Mice"
        (:func:`~companion.verdict.counted`)."""
        return counted(said, self.label_one or self.label, self.label)


@dataclass(frozen=True, slots=True)
class Advice:
    """A rule-book tip that is never a reason for illegality; reported as a note."""

    id: str
    intro: str
    section: str
    items: tuple[AdviceItem, ...]


@dataclass(frozen=True, slots=True)
class DeckFormat:
    """One format: the deck rules of a game, or a house variant of them."""

    id: str
    game: str
    name: str
    size_min: int | None
    size_max: int | None
    size_section: str
    limit: int
    exempt_types: tuple[str, ...]
    groups: tuple[Group, ...]
    limit_section: str
    description: str = ""
    house: str = ""
    hand_size: int | None = None
    banned: tuple[str, ...] = ()
    advice: tuple[Advice, ...] = ()
    path: str | None = None

    @property
    def bundled(self) -> bool:
        """Whether this format is one of the bundled files in ``data/formats/`` (else the user's own)."""
        return self.path is not None and _is_bundled(Path(self.path))

    def cite(self, section: str) -> str:
        """The citation for a rule of this format; house formats say they are house rules (by the format's
        name, as the Format menu shows it), and a format of the user's own cites its file, never the rule
        book it may not follow."""
        if not self.house:
            return self.source_cite(section)
        return f"house format {self.name}: {self.house}; {self.source_cite(section)}"

    def source_cite(self, section: str) -> str:
        """Where a rule of this format comes from, the house rule aside: the rule book's section (``based
        on`` it, for a bundled house format), or the user's own format file."""
        if not self.bundled:
            return f"your format file {Path(str(self.path)).name}, {section}"
        book = cite(self.game, section) if self.game in RULE_BOOKS else section
        return f"based on {book}" if self.house else book

    @property
    def size_text(self) -> str:
        """``"at least 60"``, ``"exactly 40"``, ``"from 40 to 50"``."""
        lo, hi = self.size_min, self.size_max
        if lo is not None and lo == hi:
            return f"exactly {lo}"
        if lo is not None and hi is not None:
            return f"from {lo} to {hi}"
        if lo is not None:
            return f"at least {lo}"
        return f"at most {hi}" if hi is not None else "any number of"


def validate_format(doc: Any, *, where: str = "format", text: str | None = None) -> list[str]:
    """Every problem of a format document, one line each (``line 3 /deck_size: ...``; the line
    when the file's ``text`` is given), empty when valid. The checks are
    :func:`companion.validation.validate_format_document` (``format.schema.json``)."""
    from ..validation import lines_of, validate_format_document

    issues = validate_format_document(doc, file=where)
    at = lines_of(text, [i.pointer for i in issues]) if text and issues else {}
    out = []
    for issue in issues:
        line = at.get(issue.pointer)  # a missing field: the line of its parent
        head = (f"line {line} " if line else "") + (issue.pointer or "/")
        out.append(replace(issue, file=head, pointer="", line=None, card_id=None).render())
    return out


def _filter(raw: Any) -> dict[str, tuple[Any, ...]]:
    return {k: tuple(v) for k, v in (raw or {}).items()}


def format_from_doc(doc: Any, *, where: str = "format", text: str | None = None) -> DeckFormat:
    """Build a :class:`DeckFormat` from a decoded format document (validated first; ``text``, the
    file's text, gives the problems their line numbers)."""
    errors = validate_format(doc, where=where, text=text)
    if errors:
        raise FormatError("is not a valid deck format:\n  " + "\n  ".join(errors), where=where,
                          suggestion="See data/schemas/format.schema.json")
    size = doc["deck_size"]
    lo, hi = size.get("min"), size.get("max")
    if size.get("exact") is not None:
        lo = hi = size["exact"]
    cl = doc["copy_limit"]
    groups = tuple(Group(key=g["key"], label=g["label"],
                         **{k: g[k] for k in ("message", "message_one") if k in g})
                   for g in cl["groups"])
    advice = tuple(
        Advice(id=a["id"], intro=a["intro"], section=a["section"],
               items=tuple(AdviceItem(label=i["label"], filter=_filter(i["filter"]),
                                      measure=i.get("measure", "count"), by=i.get("by"),
                                      of=_filter(i["of"]) if "of" in i else None,
                                      min=i.get("min"), max=i.get("max"),
                                      label_one=i.get("label_one")) for i in a["items"]))
        for a in doc.get("advice", []))
    return DeckFormat(id=doc["id"], game=doc["game"], name=doc["name"], size_min=lo, size_max=hi,
                      size_section=size["section"], limit=cl["limit"],
                      exempt_types=tuple(cl.get("exempt_types", ())), groups=groups,
                      limit_section=cl["section"], description=doc.get("description", ""),
                      house=doc.get("house", ""), hand_size=doc.get("hand_size"),
                      banned=tuple(doc.get("banned", ())), advice=advice, path=where)


def read_format(path: str | os.PathLike[str]) -> DeckFormat:
    """Load and validate one format file."""
    try:
        doc = read_json_file(path)
    except CompanionError as exc:
        raise FormatError(exc.message, where=exc.where) from None
    try:
        text: str | None = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, ValueError):
        text = None
    return format_from_doc(doc, where=str(path), text=text)


BUNDLED_DIR = DATA_DIR / "formats"


def _is_bundled(path: Path) -> bool:
    try:
        return path.resolve().parent == BUNDLED_DIR.resolve()
    except (OSError, RuntimeError):
        return False


def bundled_ids() -> set[str]:
    """The ids of the bundled formats (each bundled file is named by its id)."""
    return {p.stem for p in BUNDLED_DIR.glob("*.json")}


class _BundledIdError(FormatError):
    """A format of the user's own that reuses a bundled format's id (:func:`_refuse_bundled_id`)."""


def _refuse_bundled_id(fmt: DeckFormat) -> DeckFormat:
    """``fmt``, unless it is the user's own and reuses a bundled format's id: a format of your own
    never stands in for the rule book's (its problems would be cited as the book's)."""
    if not fmt.bundled and fmt.id in bundled_ids():
        raise _BundledIdError(f"this format of your own has the id {fmt.id!r}, which is a bundled format's",
                              where=str(fmt.path), expected="an id of its own", found=repr(fmt.id),
                              suggestion=f'Give it another "id", such as "{fmt.id}-mine", and use '
                                         f"--format {fmt.id}-mine; the bundled {fmt.id} stays as it is")
    return fmt


def format_files() -> list[Path]:
    """Bundled format files, then the user's own (``<user data>/formats/*.json``)."""
    files = sorted(BUNDLED_DIR.glob("*.json"))
    user = user_data_dir() / "formats"
    if user.is_dir():
        files += sorted(user.glob("*.json"))
    return files


def available_formats(game: str | None = None, *,
                      errors: list[FormatError] | None = None) -> list[DeckFormat]:
    """Every readable format (of ``game`` if given), standard ones first.

    A broken file, or a user's file with a bundled format's id, raises :class:`FormatError`,
    unless ``errors`` is given: then it is appended there and skipped (the deck builder shows it
    and carries on). So every id listed is the format that id names.
    """
    out = []
    for f in format_files():
        try:
            fmt = _refuse_bundled_id(read_format(f))
        except FormatError as exc:
            if errors is None:
                raise
            errors.append(exc)
            continue
        if game is None or fmt.game == game:
            out.append(fmt)
    return sorted(out, key=lambda f: (f.game, not f.id.endswith("-standard"), f.id))


def load_format(game: str, name: str | os.PathLike[str] | None = None, *,
                skipped: list[FormatError] | None = None) -> DeckFormat:
    """A format by id (``village-casual-50``), by short name (``casual-50``) or by file path.

    ``None`` gives the game's standard format (``<game>-standard``). A format is found by the
    ``id`` inside its file (the schema: "the name used with --format"), whatever the file is
    called. A format of the user's own never stands in for a bundled one: a file in their formats
    folder that reuses a bundled format's id is skipped (the bundled format stays in force), as is
    one that cannot be read, and each is added to ``skipped`` (when given) for the caller to warn
    of, as :func:`available_formats` does; a file named here (a path) with a bundled id is refused.
    """
    if name is None:
        name = f"{game}-standard"
    text = str(name)
    if text.endswith(".json") or os.sep in text or "/" in text:
        fmt = _refuse_bundled_id(read_format(text))
    else:
        fmt = _find_format(game, text, skipped)
    if fmt.game != game:
        raise FormatError(f"format {fmt.id!r} is for {fmt.game!r}, not {game!r}",
                          where=fmt.path, expected=repr(game), found=repr(fmt.game))
    return fmt


def _find_format(game: str, text: str, skipped: list[FormatError] | None = None) -> DeckFormat:
    """The readable format whose id is ``text`` or ``<game>-<text>`` (any case).

    A file named like that which cannot be read raises its own error (it is most likely the
    one meant); other files that cannot be read, and user files with the id of a bundled format,
    are skipped (added to ``skipped``); two user files with the same id are refused as ambiguous.
    """
    wanted = {text.lower(), f"{game}-{text.lower()}"}
    hits: dict[bool, list[DeckFormat]] = {True: [], False: []}  # by "is a user file"
    broken: list[FormatError] = []
    named: list[DeckFormat] = []  # files named like the wanted id that hold another id
    ids: list[str] = []
    for path in format_files():
        try:
            fmt = _refuse_bundled_id(read_format(path))
        except FormatError as exc:
            if path.stem.lower() in wanted and not isinstance(exc, _BundledIdError):
                broken.append(exc)  # (raised below, unless the id is found elsewhere)
            elif skipped is not None:
                skipped.append(exc)
            continue
        if fmt.game == game:
            ids.append(fmt.id)
        if fmt.id.lower() in wanted:
            hits[not fmt.bundled].append(fmt)
        elif path.stem.lower() in wanted:
            named.append(fmt)
    found = hits[True] or hits[False]
    if len(found) > 1:
        raise FormatError(f"{len(found)} format files have the id {found[0].id!r}: "
                          + ", ".join(str(f.path) for f in found),
                          suggestion="Give each format file its own id")
    if found:
        if skipped is not None:
            skipped += broken
        return found[0]
    if broken:
        raise broken[0]
    ids = sorted(set(ids))
    if named:
        hint: str | None = (f"{Path(str(named[0].path)).name} holds the format {named[0].id!r}: "
                            f"use --format {named[0].id}")
    else:
        near = closest(text, ids)
        hint = f"Did you mean {near[0]!r}?" if near else None
    raise FormatError(f"unknown deck format {text!r} for {game}",
                      expected=" or ".join(ids) or "a format file", suggestion=hint)
