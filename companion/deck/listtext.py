"""Editing a decklist's text as the player wrote it: counts, names, comments kept.

The deck builder's − and + buttons change one count where it is written (:func:`bump_text`), and a
save writes the deck's name into the list's own ``Name:`` line (:func:`with_name`, :func:`split_name`
the other way): every other character stays as typed. A list the parser reads as JSON or CSV
(:func:`list_form`) is rewritten from the list read instead (:func:`csv_text` keeps a CSV list's
comment lines). Pure text: no files (see :mod:`.saved`), no widgets.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable

from ..cards import Card, CardDB
from ..errors import CompanionError
from .decklist import (
    _COMMENT_MARK,  # where an inline comment may start: the parser's rule
    MAX_COUNT,
    DeckEntry,
    Decklist,
    DecklistError,
    looks_like_csv,
    parse_text,
    to_text,
)


class DeckNameError(CompanionError):
    """A deck name that cannot be used: a text list cannot hold it, or no free one is left (nothing
    is saved)."""


_NAME_LINE = re.compile(r"^\s*name\s*:", re.IGNORECASE)  # a "Name: My deck" line
_COUNT = re.compile(r"^(?P<indent>\s*)(?P<count>\+?\d+)(?=[xX×]?\s)")  # a card line's count


def list_form(text: str) -> str:
    """How the parser reads ``text``: ``"json"``, ``"csv"`` or ``"text"`` (see :func:`.decklist.parse`)."""
    text = text.replace("\ufeff", "")
    start = text.lstrip()[:1]
    if start == "{":
        return "json"
    if start == "[":
        try:
            json.loads(text)
        except ValueError:
            return "text"  # a "[Mice]" label
        return "json"
    return "csv" if looks_like_csv(text) else "text"


def line_name(line: str, db: CardDB) -> str:
    """The name a ``Name:`` line says (``""``: none, or a line that cannot be read)."""
    one = read_line(line, db)
    return "" if one is None else one.name


def read_line(line: str, db: CardDB) -> Decklist | None:
    """One line of a text list read on its own (a card, a ``Name:`` line, a header or a comment:
    what it says, as the parser reads it), or ``None`` if it cannot be read."""
    try:
        return parse_text(line, db)
    except DecklistError:
        return None


def inline_comment(line: str, db: CardDB) -> str:
    """A line's inline comment (``"  # early"``, with the spaces before it; ``""`` when none): where
    the parser's reading of the line ends, so a card whose name holds " #" keeps its name."""
    whole = read_line(line, db)
    if whole is None:
        return ""
    for mark in _COMMENT_MARK.finditer(line):
        if read_line(line[:mark.start()], db) == whole:
            return line[mark.start():]
    return ""


def _head_lines(lines: list[str], db: CardDB) -> list[int]:
    """The indexes of the ``Name:`` lines before the first card (the ones the parser reads)."""
    out = []
    for i, raw in enumerate(lines):
        stripped = raw.strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        one = read_line(raw, db)
        if one is None or one.entries:  # the first card (or a line that cannot be read): no further
            break
        if _NAME_LINE.match(raw) and one.name:
            out.append(i)
    return out


def split_name(text: str, db: CardDB) -> tuple[str, str]:
    """A list as the editor shows it, and its name: a text list's ``Name:`` line goes into the Name box
    (:func:`with_name` writes it back on *Save*), a JSON list's ``name`` is read; ``""``: none."""
    form = list_form(text)
    if form == "json":
        try:
            doc = json.loads(text.replace("\ufeff", ""))
        except ValueError:
            return text, ""
        name = doc.get("name") if isinstance(doc, dict) else None
        return text, name.strip() if isinstance(name, str) else ""
    if form == "csv":
        return text, ""  # a CSV list has no name: its file's name names it
    lines = text.splitlines(keepends=True)
    names = _head_lines(lines, db)
    if not names:
        return text, ""
    name = line_name(lines[names[-1]], db)  # (the last one counts)
    for i in names:  # the line goes to the Name box; a comment written on it stays, as a comment line
        body = lines[i].rstrip("\r\n")
        comment = inline_comment(body.strip(), db).strip()
        lines[i] = body[: len(body) - len(body.lstrip())] + comment + lines[i][len(body):] if comment else ""
    return "".join(lines), name


def name_line(name: str, db: CardDB) -> str:
    """``Name: <name>``, refused (:class:`DeckNameError`) when it would not read back as ``name``."""
    line = f"Name: {name}"
    if "\n" in name or "\r" in name or line_name(line, db) != name:
        raise DeckNameError(f"the deck name {name!r} cannot be kept in a text list (text after ' #' or "
                            "' //' reads as a comment); nothing was saved",
                            suggestion="Write the name without ' #' and ' //', then Save again")
    return line


def with_name(text: str, name: str, db: CardDB) -> str:
    """A text list as saved: its ``Name:`` lines before the first card say ``name`` (their comments
    kept), or a ``Name:`` line is put first. Every other line stays as typed."""
    line = name_line(name, db)
    lines = text.splitlines(keepends=True)
    names = _head_lines(lines, db)
    for i in names:
        raw = lines[i]
        body = raw.rstrip("\r\n")
        indent = body[: len(body) - len(body.lstrip())]
        lines[i] = f"{indent}{line}{inline_comment(body.strip(), db)}{raw[len(body):]}"
    if not names:
        lines.insert(0, line + "\n")
    return "".join(lines)


def _card_key(card: Card, db: CardDB) -> str:
    """How a new line names ``card`` so that it reads back as this printing: its name, else its id."""
    one = to_text(Decklist(db.game, (DeckEntry(card, 1),)), db, header=False).strip()
    return one.split(None, 1)[1]  # ("1 Acorn Scout", or "1 leonardo-2  # Leonardo")


def _set_count(line: str, n: int, db: CardDB, card: Card) -> str:
    """``line`` (a line of ``card``) with ``n`` copies: only its count changes."""
    m = _COUNT.match(line)
    if m is not None:
        new = line[:m.start("count")] + str(n) + line[m.end("count"):]
        one = read_line(new, db)
        if one is not None and one.count_of(card) == n and len(one.entries) == 1:
            return new
    rest = line.strip().split(None, 1)[1]  # (never reached for a line the parser read; kept safe)
    return f"{n} {rest}"


def bump_text(text: str, db: CardDB, card: Card, delta: int) -> str:
    """A text list with ``delta`` copies of ``card`` more (or fewer), every other character as typed.

    One copy more goes on the card's first line (the first with room for it: a line holds at most
    :data:`MAX_COUNT`), else on a new line after its last one (at the end when the card is new); one
    copy fewer comes off its last line, so the copies + put on a new line go first. A line taken down
    to 0 leaves its comment as a comment line (``# early``): no comment the player wrote is lost."""
    lines = text.splitlines()
    for _ in range(abs(delta)):
        hits = []  # (index, count) of the lines of this card
        for i, raw in enumerate(lines):
            stripped = raw.strip()
            if not stripped or stripped.startswith(("#", "//")):
                continue
            one = read_line(raw, db)
            if one is not None and len(one.entries) == 1 and one.entries[0].card.id == card.id:
                hits.append((i, one.entries[0].count))
        if delta > 0:
            room = next(((i, n) for i, n in hits if n < MAX_COUNT), None)
            if room is not None:
                lines[room[0]] = _set_count(lines[room[0]], room[1] + 1, db, card)
            else:
                at = hits[-1][0] + 1 if hits else len(lines)
                lines.insert(at, f"1 {_card_key(card, db)}")
        elif hits:
            i, n = hits[-1]
            if n > 1:
                lines[i] = _set_count(lines[i], n - 1, db, card)
            else:
                raw = lines[i]
                comment = inline_comment(raw.strip(), db).strip()
                if comment:  # the card goes, what the player wrote about it stays
                    lines[i] = raw[: len(raw) - len(raw.lstrip())] + comment
                else:
                    del lines[i]
    return "\n".join(lines) + "\n" if lines else ""


def comment_lines(text: str) -> list[str]:
    """The whole-line comments of a list (``#`` or ``//``), as typed: what a rewrite of a CSV list
    keeps."""
    return [line for line in text.splitlines() if line.strip().startswith(("#", "//"))]


def csv_text(deck: Decklist, db: CardDB, comments: Iterable[str] = ()) -> str:
    """``deck`` as a CSV list (a ``count,card`` header row, a row a card; the name by id where the
    card's name is not enough), after ``comments`` (which a CSV list keeps as comment lines)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["count", "card"])
    for e in deck.entries:
        key = _card_key(e.card, db).split("  #")[0]
        left = e.count
        while left > 0:
            writer.writerow([min(left, MAX_COUNT), key])
            left -= MAX_COUNT
    return "".join(line + "\n" for line in comments) + out.getvalue()
