"""Spreadsheet round trip for card files: CSV in, JSON card file out, and back.

Print-and-play designers keep their cards in a sheet. The columns are the fields of
the game's schema (:func:`companion.validation.all_fields`), in the schema's order,
plus a ``set`` column; ``qty`` is the number of copies. How a cell is read:

- empty: the card does not have that field;
- ``null``: the value is unknown (shown as unknown by the tools);
- a whole number, ``true``/``false``: for fields that hold numbers or flags;
- ``a; b; c``: a list (``keywords``, ``classes``, ``unknown``...);
- a cell starting with ``[``, ``{`` or ``"`` is JSON: lists of objects such as
  Village ``abilities`` are written that way, and so is any text that would otherwise
  be misread (a name that is literally ``null``, text starting with a quote).

Export writes exactly this form, so export then import gives back the same cards. A sheet
whose ``set`` column names several sets is imported one set at a time: ``set_name`` (the
CLI's ``--set``) then picks that set's rows; for a sheet of one set it names the set.
Import checks every cell and the schema and reports every problem by row and column
(``row 4, column F 'power'``); it never writes a file when something is wrong.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import CompanionError, closest, did_you_mean

_INT = re.compile(r"^[+-]?\d{1,18}$")
_NUMBER = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")
_BOOLS = {"true": True, "false": False, "yes": True, "no": False}
MAX_CSV_BYTES = 32 * 1024 * 1024


class CsvImportError(CompanionError):
    """A spreadsheet that cannot become a valid card file; ``problems`` lists each one."""

    def __init__(self, file: str, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        n = len(self.problems)
        head = f"{n} problem{'s' * (n != 1)}, nothing written"
        super().__init__(head + ": " + "; ".join(self.problems[:5]) + (" ..." if n > 5 else ""),
                         where=file)


def column_letter(index: int) -> str:
    """Spreadsheet column name of a 0-based index: 0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(65 + rem) + name
    return name


def columns(game: str) -> list[str]:
    """The sheet's columns for a game: every schema field, then ``set``."""
    from .validation import all_fields

    return [*all_fields(game), "set"]


# ---------------------------------------------------------------------------------------
# Cells


def _same(a: Any, b: Any) -> bool:
    """Equality that tells 1 from true and 1 from 1.0 (JSON values)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def decode_cell(text: str, kinds: frozenset[str], items: frozenset[str]) -> tuple[bool, Any]:
    """Read one cell: ``(present, value)``; raises ValueError with a plain reason."""
    if text == "":
        return False, None
    stripped = text.strip()
    if stripped == "null":
        return True, None
    if stripped[:1] in ('[', '{', '"'):
        try:
            return True, json.loads(stripped)
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            reason = getattr(exc, "msg", None) or "not readable"
            raise ValueError(f"a cell starting with {stripped[0]!r} must be JSON ({reason})") from None
    if kinds & {"integer", "number"} and _INT.match(stripped):
        return True, int(stripped)
    if "number" in kinds and _NUMBER.match(stripped):
        return True, float(stripped)
    if "boolean" in kinds and stripped.lower() in _BOOLS:
        return True, _BOOLS[stripped.lower()]
    if "array" in kinds and "string" not in kinds:
        parts = [p.strip() for p in text.split(";")]
        return True, [decode_cell(p, items or frozenset({"any"}), frozenset())[1] if p else p for p in parts]
    return True, text


def encode_cell(value: Any, kinds: frozenset[str], items: frozenset[str]) -> str:
    """Write one value so that :func:`decode_cell` reads back exactly the same value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        natural = "true" if value else "false"
    elif isinstance(value, int | float):
        natural = json.dumps(value)
    elif isinstance(value, str):
        natural = value
    elif isinstance(value, list) and value and all(
            isinstance(x, str | int) and not isinstance(x, bool) for x in value):
        natural = "; ".join(str(x) for x in value)
    else:
        natural = json.dumps(value, ensure_ascii=False)
    try:
        present, back = decode_cell(natural, kinds, items)
    except ValueError:
        present, back = False, None
    if present and _same(back, value):
        return natural
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------------------------------
# Export


def rows_for(game: str, cards: Iterable[Mapping[str, Any]],
             set_name: str | Iterable[str] = "") -> list[list[str]]:
    """Header plus one row per card (``set_name`` one for all, or one per card)."""
    from .validation import field_types

    cols = columns(game)
    types = field_types(game)
    sets = [set_name] if isinstance(set_name, str) else list(set_name)
    out = [cols]
    for i, card in enumerate(cards):
        row = []
        for c in cols:
            if c == "set":
                row.append(sets[i] if len(sets) > 1 else (sets[0] if sets else ""))
            elif c in card:
                kinds, items = types.get(c, (frozenset({"any"}), frozenset()))
                row.append(encode_cell(card[c], kinds, items))
            else:
                row.append("")
        out.append(row)
    return out


def export_csv(game: str, cards: Iterable[Mapping[str, Any]], set_name: str | Iterable[str] = "") -> str:
    """The CSV text of some cards (``,``-separated, quoted where needed)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows_for(game, cards, set_name))
    return buf.getvalue()


# ---------------------------------------------------------------------------------------
# Import


def _delimiter(header_line: str) -> str:
    for d in (",", "\t", ";"):
        if d in header_line:
            return d
    return ","


def read_csv_text(raw: bytes | str, *, file: str) -> str:
    if isinstance(raw, str):
        return raw.removeprefix("\ufeff")
    if len(raw) > MAX_CSV_BYTES:
        raise CompanionError("is too large for a card sheet", where=file,
                             expected=f"at most {MAX_CSV_BYTES // 2**20} MB",
                             found=f"{len(raw) / 2**20:.0f} MB")
    from .textio import decode_text

    return decode_text(raw, where=file, what="CSV sheet",
                       suggestion="In a spreadsheet choose 'CSV UTF-8' when saving.")


def import_csv(game: str, raw: bytes | str, *, file: str = "<csv>", set_name: str | None = None,
               source: str | None = None) -> dict[str, Any]:
    """Turn a sheet into a validated card file document, or raise :class:`CsvImportError`
    listing every problem by row and column.

    ``set_name``: for a sheet whose ``set`` column names several sets, the set whose rows to
    import (the other rows, and rows with no set, are left out); otherwise the set's name
    (default: the sheet's one set, else the file name).
    """
    from .cards import check_game
    from .validation import field_types, validate_document

    check_game(game)
    text = read_csv_text(raw, file=file)
    if "\x00" in text:
        raise CompanionError("is binary data, not a CSV sheet", where=file)
    if not text.strip():
        raise CsvImportError(file, ["the sheet is empty (expected a header row of field names)"])
    first = text.splitlines()[0] if text.splitlines() else ""
    try:
        table = list(csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(first)))
    except csv.Error as exc:
        raise CsvImportError(file, [f"not a readable CSV sheet ({exc})"]) from None
    header = [h.strip() for h in table[0]]
    known = columns(game)
    types = field_types(game)
    problems: list[str] = []
    cols: list[str | None] = []
    for j, h in enumerate(header):
        where = f"row 1, column {column_letter(j)}"
        if h == "":
            cols.append(None)
            continue
        norm = h.lower().replace(" ", "_")
        name = h if h in known else norm if norm in known else None
        if name is None:
            problems.append(f"{where}: unknown column {h!r}" +
                            (f" ({did_you_mean(closest(h, known, n=1))})" if closest(h, known, n=1)
                             else f" (expected one of {', '.join(known)})"))
        elif name in cols:
            problems.append(f"{where}: the column {name!r} appears twice")
        cols.append(name)
    for required in ("name", "type"):
        if required not in cols:
            problems.append(f"row 1: the column {required!r} is missing (every card needs it)")
    if problems:
        raise CsvImportError(file, problems)

    cards: list[dict[str, Any]] = []
    rows: list[int] = []
    set_col = cols.index("set") if "set" in cols else None

    def set_of(row: list[str]) -> str:
        return row[set_col] if set_col is not None and set_col < len(row) else ""

    sets = {set_of(row) for row in table[1:] if any(cell.strip() for cell in row)} - {""}
    pick = set_name is not None and len(sets) > 1  # several sets: --set chooses one
    if pick and set_name not in sets:
        raise CsvImportError(file, [f"--set {set_name!r} is not one of the sheet's sets "
                                    f"({', '.join(sorted(sets))})"
                                    + (f" ({did_you_mean(closest(str(set_name), sorted(sets), n=1))})"
                                       if closest(str(set_name), sorted(sets), n=1) else "")])
    for r, row in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if pick and set_of(row) != set_name:
            continue
        if len(row) > len(cols) and any(cell.strip() for cell in row[len(cols):]):
            problems.append(f"row {r}, column {column_letter(len(cols))}: "
                            "a value beyond the last named column")
        card: dict[str, Any] = {}
        for j, name in enumerate(cols):
            cell = row[j] if j < len(row) else ""
            if name is None:
                if cell.strip():
                    problems.append(f"row {r}, column {column_letter(j)}: a value in a column with no name")
                continue
            if name == "set":
                continue
            kinds, items = types.get(name, (frozenset({"any"}), frozenset()))
            try:
                present, value = decode_cell(cell, kinds, items)
            except ValueError as exc:
                problems.append(f"row {r}, column {column_letter(j)} {name!r}: {exc}")
                continue
            if present:
                card[name] = value
        if "id" not in card and isinstance(card.get("name"), str):
            card = {"id": _slug(card["name"]), **card}
        cards.append(card)
        rows.append(r)
    if set_name is None:
        if len(sets) > 1:
            problems.append(f"the 'set' column names several sets ({', '.join(sorted(sets))}); "
                            "import one set at a time, with --set NAME")
        set_name = next(iter(sets)) if sets else Path(file).stem or "My cards"
    doc: dict[str, Any] = {"game": game, "set": set_name}
    if source:
        doc["source"] = source
    doc["cards"] = cards
    if problems:
        raise CsvImportError(file, problems)
    first_row: dict[str, int] = {}
    for card, r in zip(cards, rows, strict=True):
        cid = card.get("id")
        if isinstance(cid, str):
            if cid.lower() in first_row:
                col = f", column {column_letter(cols.index('id'))} 'id'" if "id" in cols else ""
                problems.append(f"row {r}{col}: duplicate id {cid!r} (first on row {first_row[cid.lower()]})")
            first_row.setdefault(cid.lower(), r)
    for issue in validate_document(doc, file=file):
        if issue.severity != "error":
            continue
        problems.append(_locate(issue, cols, rows))
    if problems:
        raise CsvImportError(file, problems)
    return doc


def _slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s or "card"


def _locate(issue: Any, cols: Sequence[str | None], rows: Sequence[int]) -> str:
    """``row R, column C 'field': message`` for an issue found in the built document."""
    parts = issue.pointer.split("/")[1:]
    text = issue.render().split(": ", 1)[1] if ": " in issue.render() else issue.message
    if len(parts) >= 2 and parts[0] == "cards" and parts[1].isdecimal() and int(parts[1]) < len(rows):
        where = f"row {rows[int(parts[1])]}"
        if len(parts) >= 3:
            field = parts[2]
            if field in cols:
                where += f", column {column_letter(cols.index(field))} {field!r}"
            else:
                where += f", field {field!r} (no such column)"
        return f"{where}: {text}"
    return text


def card_file_text(doc: Mapping[str, Any]) -> str:
    """A card file as the project writes them: 2-space indented UTF-8 JSON."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
