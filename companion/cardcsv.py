"""Spreadsheet round trip for card files: CSV in, JSON card file out, and back.

Print-and-play designers keep their cards in a sheet. The columns are the fields of
the game's schema (:func:`companion.validation.all_fields`), in the schema's order,
plus a ``set`` column; ``qty`` is the number of copies. How a cell is read:

- empty, or only spaces: the card does not have that field;
- ``null``: the value is unknown (shown as unknown by the tools), in a field that may be null;
- a whole number, ``true``/``false`` (or ``yes``/``no``): for fields that hold numbers or flags
  (``2.0`` is not a whole number as a card prints it, and a formula such as ``=1+1`` is not a
  value: both are refused with the reason);
- ``a; b; c``: a list (``keywords``, ``classes``, ``unknown``...);
- in a text field (``name``, ``text``, ``source``...) the cell is the text as it stands, even
  when it starts with ``[`` (TMNT's ``[F] forceful``), ``{`` or a quotation mark; only a cell
  that is one whole JSON string (``"..."``) is read as JSON: that is how text that is empty,
  only spaces, or the word ``null`` in a field that may be null is written;
- in other fields a cell starting with ``[`` or ``{`` is JSON: lists of objects such as
  Village ``abilities`` are written that way.

A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return would be
run as a formula by a spreadsheet (a sheet of someone else's cards could hold
``=HYPERLINK(...)``), so export writes it after an apostrophe, ``'=1+1``, as spreadsheets
themselves do; import takes off one apostrophe before such a character. Numbers are never
protected (``-1`` in a number column is a number, not a formula).

Export writes exactly this form, so export then import gives back the same cards. A sheet
whose ``set`` column names several sets is imported one set at a time: ``set_name`` (the
CLI's ``--set``) then picks that set's rows; for a sheet of one set it names the set. A first
line ``sep=;`` (Excel's way of stating the separator) is honoured. Import checks every cell,
the schema and the ids against the game's loaded cards (bundled and the user's) and reports
every problem by row and column (``row 4, column F 'power'``) in one run; it never writes a
file when something is wrong. A quote that is never closed (or closes only on a later line, with
more text after it) takes in the separators and rows after it: that is reported with the line it
opens on, instead of the cells it hid.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .errors import CompanionError, closest, did_you_mean
from .textio import read_flag  # (a true/false cell, as a --kind filter reads one)

#: A number cell: ASCII digits, as JSON and `cards correct` take them (a sheet's "٣" is text)
_INT = re.compile(r"^[+-]?\d+$", re.ASCII)
_NUMBER = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$", re.ASCII)
#: A cell starting with one of these is a formula to a spreadsheet (OWASP's CSV injection list).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: More digits than this is no card's number (and Python's int() refuses above 4300).
MAX_DIGITS = 100
MAX_CSV_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class SheetProblem:
    """One problem of a sheet: where it is (the row, the column's letter and the field it holds, any
    of them ``None`` for a problem of the whole sheet), what is wrong, and close names offered."""

    problem: str
    row: int | None = None
    column: str | None = None
    field: str | None = None
    suggestions: tuple[str, ...] = ()

    def render(self) -> str:
        """``row 4, column F 'power': ...``: the problem as every import message says it."""
        col = None
        if self.column is not None:
            col = f"column {self.column}" + (f" {self.field!r}" if self.field else "")
        elif self.field is not None:
            col = f"field {self.field!r} (no such column)"
        where = ", ".join(x for x in (None if self.row is None else f"row {self.row}", col) if x)
        return f"{where}: {self.problem}" if where else self.problem

    def to_json(self) -> dict[str, Any]:
        """The problem's parts, as ``deck check --json`` gives a decklist's, and its whole text
        (``message``: what the plain list of problems said)."""
        return {"row": self.row, "column": self.column, "field": self.field, "problem": self.problem,
                "suggestions": list(self.suggestions), "message": self.render()}


class WrittenWhole(ValueError):
    """A cell holding a whole number written with a point or an exponent (``2.0``, ``1e3``), where a
    whole number belongs: refused. ``number`` is the whole number it stands for and ``value`` the
    cell's value with it in place (a list's item at ``at``, ``/2``), so that import can check that
    number against the schema before suggesting it (``1e3`` is 1000, more than a card holds)."""

    def __init__(self, text: str, number: int, value: Any, at: str = "") -> None:
        super().__init__(f"expected a whole number, found the number {text}")
        self.text, self.number, self.value, self.at = text, number, value, at

    def advice(self, out_of_range: str | None = None) -> str:
        """The problem with what to write: ``(write 2)``, or when the schema refuses that number
        too (``out_of_range``: what it expects, ``at most 999``), the range instead."""
        if out_of_range is None:
            return f"{self} (write {self.number})"
        return (f"expected a whole number {out_of_range}, found the number {self.text} ({self.number} is "
                "out of range)")


class CsvImportError(CompanionError):
    """A spreadsheet that cannot become a valid card file; ``issues`` lists each one
    (:class:`SheetProblem`), ``problems`` the same as text. ``doc``: the card file the sheet converts
    to when only the checks among the game's loaded cards refuse it (an id already there, or twice in
    the sheet), as import would write it, else ``None``: :func:`added_before` reads it rather than
    converting the sheet again."""

    def __init__(self, file: str, problems: Sequence[SheetProblem | str], *,
                 doc: dict[str, Any] | None = None) -> None:
        self.issues = [p if isinstance(p, SheetProblem) else SheetProblem(p) for p in problems]
        self.doc = doc
        said = self.problems
        n = len(said)
        head = f"{n} problem{'s' * (n != 1)}, nothing written"
        super().__init__(head + ": " + "; ".join(said[:5]) + (" ..." if n > 5 else ""), where=file)

    @property
    def problems(self) -> list[str]:
        """The problems as text, one a problem (:meth:`SheetProblem.render`)."""
        return [p.render() for p in self.issues]


def column_letter(index: int) -> str:
    """Spreadsheet column name of a 0-based index: 0 -> A, 25 -> Z, 26 -> AA."""
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(65 + rem) + name
    return name


#: Columns for fields of the card file as a whole, which a sheet repeats on each of the set's
#: rows (as it does the set's name): column -> the file's field. An export has them only when a
#: file has the field; an import gives the file the one value its rows share. Their cells are read
#: as a text field's (:func:`decode_cell`): an empty cell gives no value, so notes that are empty or
#: only spaces are written as a JSON string (``""``) and come back as they were.
#:
#: A file's ``"$schema"`` is not carried (a judgement, not an oversight): it tells an editor where
#: the schema lies relative to that file (the bundled files' ``../schemas/...``), the companion
#: never reads it (the ``game`` picks the schema), and the imported file is written elsewhere (never
#: in the bundled folder), where the same text would name a schema that is not there.
FILE_COLUMNS = {"set_source": "source", "set_notes": "notes"}
_TEXT = frozenset({"string"})  # how a FILE_COLUMNS cell is read and written


def columns(game: str, file_fields: bool = True) -> list[str]:
    """The sheet's columns for a game: every schema field, then ``set`` (and, with
    ``file_fields``, the :data:`FILE_COLUMNS`)."""
    from .validation import all_fields

    return [*all_fields(game), "set", *(FILE_COLUMNS if file_fields else ())]


# ---------------------------------------------------------------------------------------
# Cells


def _same(a: Any, b: Any) -> bool:
    """Equality that tells 1 from true and 1 from 1.0 (JSON values)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _is_text(kinds: frozenset[str]) -> bool:
    """A field that holds text (and perhaps null), nothing else: its cells are read as text."""
    return "string" in kinds and kinds <= {"string", "null"}


def _looks_like_formula(cell: str) -> bool:
    """Whether a cell would be run as a formula by a spreadsheet (``=``, ``@``, ``+``/``-``...)."""
    return cell.lstrip("'")[:1] in FORMULA_START


def protect(cell: str) -> str:
    """A text cell as export writes it: after an apostrophe if a spreadsheet would run it as a
    formula (also if it starts with apostrophes before such a character, so that import, which
    takes off one apostrophe, gives it back exactly)."""
    return "'" + cell if _looks_like_formula(cell) else cell


def unprotect(cell: str) -> str:
    """The cell without the apostrophe :func:`protect` put before a formula character."""
    return cell[1:] if cell.startswith("'") and _looks_like_formula(cell) else cell


def _whole_number(stripped: str, kinds: frozenset[str]) -> tuple[bool, Any]:
    """Read a number cell: ``(True, value)``, ``(False, None)`` if it is not a number; raises
    ValueError for a number the field cannot hold as written (2.0 where a whole number belongs)."""
    if _INT.match(stripped):
        if len(stripped.lstrip("+-")) > MAX_DIGITS:
            raise ValueError(f"a number of {len(stripped.lstrip('+-'))} digits is more than any card "
                             "holds (expected a whole number from the schema's range)")
        return True, int(stripped)
    if _NUMBER.match(stripped):
        value = float(stripped)
        if "number" in kinds:
            return True, value
        if "string" in kinds:  # a field that also takes text: "2.0" is that text
            return False, None
        if value.is_integer() and abs(value) < 1e15:  # (said with its number once its range is known)
            raise WrittenWhole(stripped, int(value), int(value))
        raise ValueError(f"expected a whole number, found the number {stripped}")
    return False, None


def decode_cell(text: str, kinds: frozenset[str], items: frozenset[str]) -> tuple[bool, Any]:
    """Read one cell: ``(present, value)``; raises ValueError with a plain reason."""
    if text == "" or text.isspace():
        return False, None
    text = unprotect(text)
    stripped = text.strip()
    if _is_text(kinds):
        if stripped == "null" and "null" in kinds:
            return True, None
        if len(stripped) >= 2 and stripped[0] == stripped[-1] == '"':
            try:
                value = json.loads(stripped)
            except (json.JSONDecodeError, RecursionError, ValueError):
                value = None
            if isinstance(value, str):
                return True, value
        return True, text
    if stripped == "null":
        return True, None
    if stripped[:1] in ("[", "{", '"'):  # a list or an object (or a value that needs JSON's form)
        try:
            return True, json.loads(stripped)
        except RecursionError:
            raise ValueError(f"a cell starting with {stripped[0]!r} must be JSON (it is nested too "
                             "deeply to read)") from None
        except (json.JSONDecodeError, ValueError) as exc:
            reason = getattr(exc, "msg", None) or "not readable"
            raise ValueError(f"a cell starting with {stripped[0]!r} must be JSON ({reason})") from None
    if kinds & {"integer", "number"}:
        is_number, value = _whole_number(stripped, kinds)
        if is_number:
            return True, value
        if "string" not in kinds and (stripped[:1] in ("=", "@") or (
                stripped[:1] in ("+", "-") and len(stripped) > 1)):
            raise ValueError(f"the cell holds a spreadsheet formula ({stripped[:40]}), not a number: type "
                             "the number itself (a sheet saved as CSV keeps a formula's result, not the "
                             "formula)")
    if "boolean" in kinds and read_flag(stripped) is not None:
        return True, read_flag(stripped)
    if "array" in kinds and "string" not in kinds:
        parts = [p.strip() for p in text.split(";")]
        out: list[Any] = []
        first: tuple[int, WrittenWhole] | None = None
        for k, part in enumerate(parts):
            try:
                out.append(decode_cell(part, items or frozenset({"any"}), frozenset())[1] if part else part)
            except WrittenWhole as exc:  # (the list with its whole number in place, for its range)
                first = first or (k, exc)
                out.append(exc.number)
        if first is not None:
            raise WrittenWhole(first[1].text, first[1].number, out, f"/{first[0]}")
        return True, out
    return True, text


def encode_cell(value: Any, kinds: frozenset[str], items: frozenset[str]) -> str:
    """Write one value so that :func:`decode_cell` reads back exactly the same value (text that
    a spreadsheet would run as a formula after an apostrophe: :func:`protect`)."""
    if value is None:
        natural = "null"
    elif isinstance(value, bool):
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
    number = isinstance(value, int | float) and not isinstance(value, bool)
    cells = [natural, json.dumps(value, ensure_ascii=False)]
    if not number:
        cells = [protect(c) for c in cells]
    for cell in cells:
        try:
            present, back = decode_cell(cell, kinds, items)
        except ValueError:
            continue
        if present and _same(back, value):
            return cell
    return cells[-1]


# ---------------------------------------------------------------------------------------
# Export


def rows_for(game: str, cards: Iterable[Mapping[str, Any]], set_name: str | Iterable[str] = "",
             files: Iterable[Mapping[str, Any]] = ()) -> list[list[str]]:
    """Header plus one row per card (``set_name`` one for all, or one per card).

    ``files``: per card, its card file's own fields (``source``, ``notes``), written in the
    :data:`FILE_COLUMNS` (columns only for the fields some file has) so an import gives them back.
    """
    from .validation import field_types

    cards = list(cards)
    per_file = list(files)
    kept = {col: field for col, field in FILE_COLUMNS.items()
            if any(isinstance(f.get(field), str) for f in per_file)}
    cols = [*columns(game, file_fields=False), *kept]
    types = field_types(game)
    sets = [set_name] if isinstance(set_name, str) else list(set_name)
    out = [cols]
    for i, card in enumerate(cards):
        row = []
        for c in cols:
            if c == "set":
                row.append(protect(sets[i] if len(sets) > 1 else (sets[0] if sets else "")))
            elif c in kept:  # (as a text cell: blank notes as "", to come back as they were)
                value = per_file[i].get(kept[c]) if i < len(per_file) else None
                row.append(encode_cell(value, _TEXT, frozenset()) if isinstance(value, str) else "")
            elif c in card:
                kinds, items = types.get(c, (frozenset({"any"}), frozenset()))
                row.append(encode_cell(card[c], kinds, items))
            else:
                row.append("")
        out.append(row)
    return out


def export_csv(game: str, cards: Iterable[Mapping[str, Any]], set_name: str | Iterable[str] = "",
               files: Iterable[Mapping[str, Any]] = ()) -> str:
    """The CSV text of some cards (``,``-separated, quoted where needed); ``files`` as in
    :func:`rows_for`."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\r\n").writerows(rows_for(game, cards, set_name, files))
    return buf.getvalue()


# ---------------------------------------------------------------------------------------
# Import


def read_csv_file(path: str | os.PathLike[str]) -> bytes:
    """A sheet's bytes, or a :class:`CompanionError` naming the path and why it cannot be read: the
    checks and words of every file a command reads (:func:`companion.textio.read_bytes`)."""
    from .textio import read_bytes

    return read_bytes(path, what="CSV sheet", max_bytes=MAX_CSV_BYTES)


#: How a spreadsheet's own file begins (.xlsx and .ods are zip files, .xls an OLE2 compound file): a
#: workbook saved under a .csv name, or picked in place of its CSV export.
_WORKBOOK_STARTS = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")


def read_csv_text(raw: bytes | str, *, file: str) -> str:
    """A sheet's text: UTF-8 (a byte-order mark dropped), at most :data:`MAX_CSV_BYTES`; a workbook
    (.xlsx, .ods, .xls) or text in another encoding is refused with how to save it as CSV UTF-8."""
    if isinstance(raw, str):
        return raw.removeprefix("\ufeff")
    if raw.startswith(_WORKBOOK_STARTS):
        raise CompanionError("is a spreadsheet workbook (.xlsx, .ods or .xls), not a CSV sheet", where=file,
                             expected="a CSV sheet: text, a header row of field names, then one card a row",
                             found="a workbook file",
                             suggestion="In the spreadsheet choose File > Save As, 'CSV UTF-8', and give "
                                        "that file.")
    if len(raw) > MAX_CSV_BYTES:
        raise CompanionError("is too large for a card sheet", where=file,
                             expected=f"at most {MAX_CSV_BYTES // 2**20} MB",
                             found=f"{len(raw) / 2**20:.0f} MB")
    from .textio import decode_text

    return decode_text(raw, where=file, what="CSV sheet",
                       suggestion="In a spreadsheet choose 'CSV UTF-8' when saving.")


def _header(text: str) -> tuple[str, str]:
    """The sheet's text without a ``sep=`` line, and its separator (:func:`companion.textio.csv_separator`
    of the first line: a ``sep=`` line's, else the first of ``,``, tab or ``;`` it holds, else ``,``)."""
    from .textio import csv_separator

    head, _, rest = text.partition("\n")
    sep, stated = csv_separator([head])
    return (rest if stated else text), sep or ","


def import_csv(game: str, raw: bytes | str, *, file: str = "<csv>", set_name: str | None = None,
               source: str | None = None, out: str | os.PathLike[str] | None = None,
               check_loaded: bool = True, notes: str | None = None, on_page: bool = False) -> dict[str, Any]:
    """Turn a sheet into a validated card file document, or raise :class:`CsvImportError`
    listing every problem by row and column (header, cells, schema and ids, in one run).

    ``set_name``: for a sheet whose ``set`` column names several sets, the set whose rows to
    import (the other rows, and rows with no set, are left out); otherwise the set's name
    (default: the sheet's one set, else the file name). ``source`` and ``notes``: the card
    file's own (default: the ``set_source`` and ``set_notes`` columns, which an export writes
    for a file that has them; the rows of a file share one). ``check_loaded``: check the cards
    against the game's loaded cards (bundled, then the user's folder) as ``validate`` and every
    reader do: an id already there is refused (the ``replaces`` column changes such a card; an id only a
    card file of yours left out holds names that file, to be fixed first: :func:`_held_left_out`);
    ``out`` is the file to be written, which stands in for the file of that path if the user's
    folder holds it. ``on_page``: the sheet was given to the Cards page, so another game's sheet is told
    to pick that game there rather than given the command that imports it.
    """
    from .cards import check_game
    from .validation import field_types, out_of_range, validate_document

    check_game(game)
    text = read_csv_text(raw, file=file)
    if "\x00" in text:
        raise CompanionError("is binary data, not a CSV sheet", where=file)
    if not text.strip():
        raise CsvImportError(file, ["the sheet is empty (expected a header row of field names)"])
    if text.lstrip()[:1] in ("{", "["):
        base = Path(file).name
        sheet = Path(base).with_suffix(".csv").name  # (never the file itself: export refuses that)
        if sheet.lower() == base.lower():
            sheet = f"{Path(base).stem}-sheet.csv"
        raise CsvImportError(file, [
            "this is JSON (a card file?), not a CSV sheet: a sheet's first row names the columns. A card "
            f"file needs no import: `companion validate {base}` checks it, and `companion cards export "
            f"{game} --cards {base} -o {sheet}` makes a sheet of it"])
    whole = text
    text, delimiter = _header(text)
    offset = whole.count("\n", 0, len(whole) - len(text))  # a "sep=" line read off: lines start at 2
    problems: list[SheetProblem] = []

    def lines_of() -> Iterator[tuple[list[str], int, str]]:
        """The sheet's rows, read as they are needed (a large sheet is never held as a table), each
        with the line of the file it starts on and its text as the file holds it."""
        held: list[str] = []

        def lines() -> Iterator[str]:
            for line in io.StringIO(text, newline=""):
                held.append(line)
                yield line

        reader = csv.reader(lines(), delimiter=delimiter)
        start = 1 + offset
        try:
            for row in reader:
                yield row, start, "".join(held)
                held.clear()
                start = reader.line_num + 1 + offset
        except csv.Error as exc:
            hint = (f"; a quote opened on line {start} and never closed would do that: a cell's text "
                    'in quotes ends with a second " (a quote inside it is written twice: "")'
                    if "field limit" in str(exc) else "")
            unreadable = f"line {reader.line_num + offset}: not a readable CSV sheet ({exc}){hint}"
            if hint and '"' not in "".join(held):  # no quote: one cell longer than any card's text
                unreadable = (f"line {reader.line_num + offset}: a cell holds more than "
                              f"{csv.field_size_limit():,} characters, more than import reads in one cell "
                              "(a picture or a page pasted in?): shorten it, or give a picture as a "
                              "file's path in the 'art' column")
            raise CsvImportError(file, [*problems, SheetProblem(unreadable)]) from None

    def rows_of() -> Iterator[list[str]]:
        return (row for row, _, _ in lines_of())

    header = [h.strip() for h in next(rows_of(), [])]
    known = columns(game)
    types = field_types(game)
    example = _Examples(game, types)  # (a JSON column's problems end with how to write it)
    cols: list[str | None] = []  # the field each column holds (None: no name, unknown, repeated)
    ignored: set[int] = set()    # columns already reported in the header: their cells are not read
    near: dict[int, int] = {}    # an unknown column -> its problem, which names the closest column
    for j, h in enumerate(header):
        if h == "":
            cols.append(None)
            continue
        norm = h.lower().replace(" ", "_")
        name = h if h in known else norm if norm in known else None
        if name is None:
            hint = closest(h, known, n=1)
            near[j] = len(problems)
            problems.append(SheetProblem(f"unknown column {h!r} " + (f"({did_you_mean(hint)})" if hint else
                                                                     f"(expected one of {', '.join(known)})"),
                                         1, column_letter(j), suggestions=tuple(hint)))
            ignored.add(j)
        elif name in cols:
            problems.append(SheetProblem(f"the column {name!r} appears twice", 1, column_letter(j)))
            ignored.add(j)
            name = None
        cols.append(name)
    for required in [c for c in ("name", "type", "source") if c not in cols]:
        misspelt = next((j for j, k in near.items() if problems[k].suggestions == (required,)), None)
        if misspelt is not None:  # 'sauce' for 'source': one problem, not two; and its cells are read as
            # the column's, so that the rows' own problems are found in this run too (nothing is written)
            k = near.pop(misspelt)
            problems[k] = replace(problems[k], problem=problems[k].problem[:-1]
                                  + f" The column {required!r} is required)")
            cols[misspelt] = required
            ignored.discard(misspelt)
        else:
            problems.append(SheetProblem(f"the column {required!r} is missing "
                                         f"(every card needs its own {required})", 1))
    if len(near) > UNKNOWN_COLUMNS_SHOWN:  # (thousands of columns: one problem, not one line each)
        dropped = set(near.values())  # (a set: thousands of columns are tested against it)
        said = [(header[j], problems[k].suggestions) for j, k in sorted(near.items())]
        problems = [pr for k, pr in enumerate(problems) if k not in dropped]
        problems.insert(min(dropped), _unknown_columns(said, sorted(near), known))
        near.clear()
    missing_cols = [c for c in ("name", "type", "source") if c not in cols]
    problems += _other_game_problem(header, game, file, out=out, on_page=on_page)

    bad: set[tuple[int, str]] = set()  # (card index, field) with a cell problem already reported
    # (card index, field) -> a cell's whole number written 2.0 or 1e3 (its problem's index): the card
    # holds the number, so that the schema says whether to suggest it or the range instead
    written: dict[tuple[int, str], tuple[int, WrittenWhole]] = {}
    set_col = cols.index("set") if "set" in cols else None

    def set_of(row: list[str]) -> str:
        return unprotect(row[set_col]) if set_col is not None and set_col < len(row) else ""

    sets: set[str] = set()
    if set_col is not None:  # a first pass for the set names alone
        first_pass = rows_of()
        next(first_pass, None)
        sets = {name for row in first_pass for name in [set_of(row)] if name.strip()}
    pick = set_name is not None and len(sets) > 1  # several sets: --set chooses one
    if pick and set_name not in sets:
        hint = closest(str(set_name), sorted(sets), n=1)
        raise CsvImportError(file, [*problems, SheetProblem(
            f"--set {set_name!r} is not one of the sheet's sets ({', '.join(sorted(sets))})"
            + (f" ({did_you_mean(hint)})" if hint else ""), suggestions=tuple(hint))])
    cards: list[dict[str, Any]] = []
    rows: list[int] = []
    named: dict[int, str] = {}  # card index -> the name its id was made from (no id given: _slug)
    file_values: dict[str, dict[str, int]] = {}  # file column -> each value -> the first row it is on
    reader = lines_of()
    next(reader, None)
    for r, (row, line, raw) in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        if pick and not set_of(row).strip():  # in no set of the several: never left out unsaid
            problems.append(SheetProblem("no set named, and the sheet names several: fill in the row's set",
                                         r, column_letter(set_col or 0), "set"))
            continue
        if pick and set_of(row) != set_name:
            continue
        quote = _open_quote(row, line, raw, delimiter)
        if quote is not None:
            j, message = quote
            name = cols[j] if j < len(cols) else None
            problems.append(SheetProblem(message, r, column_letter(j), name))
            # what the quote took in is not this row's cells: no problem of the cells it hid
            bad.update((len(cards), c) for c in cols[j:] if c is not None)
        if len(row) > len(cols) and any(cell.strip() for cell in row[len(cols):]):
            problems.append(SheetProblem("a value beyond the last named column", r, column_letter(len(cols))))
        card: dict[str, Any] = {}
        for j, name in enumerate(cols):
            cell = row[j] if j < len(row) else ""
            if name is None:
                if cell.strip() and j not in ignored:
                    problems.append(SheetProblem("a value in a column with no name", r, column_letter(j)))
                continue
            if name == "set":
                continue
            if name in FILE_COLUMNS:  # read as a text cell: "" (quoted) is blank notes, an empty cell none
                present, value = decode_cell(cell, _TEXT, frozenset())
                if present:
                    file_values.setdefault(name, {}).setdefault(value, r)
                continue
            kinds, items = types.get(name, (frozenset({"any"}), frozenset()))
            try:
                present, value = decode_cell(cell, kinds, items)
            except WrittenWhole as exc:
                written[(len(cards), name)] = (len(problems), exc)
                problems.append(SheetProblem(exc.advice(), r, column_letter(j), name))
                bad.add((len(cards), name))
                card[name] = exc.value
                continue
            except ValueError as exc:  # (a cell of a JSON column that is no JSON: how to write it too)
                problems.append(example.to(SheetProblem(str(exc), r, column_letter(j), name)))
                bad.add((len(cards), name))
                continue
            if present:
                card[name] = value
        if "id" not in card and isinstance(card.get("name"), str) and (len(cards), "id") not in bad:
            card = {"id": _slug(card["name"]), **card}
            named[len(cards)] = card["name"]
        cards.append(card)
        rows.append(r)
    if set_name is None:
        if len(sets) > 1:
            problems.append(SheetProblem(f"the 'set' column names several sets "
                                         f"({', '.join(map(repr, sorted(sets)))}); import one set at a time, "
                                         "with --set NAME"))
        set_name = next(iter(sets)) if sets else Path(file).stem or "My cards"
    doc: dict[str, Any] = {"game": game, "set": set_name}
    given = {"source": source, "notes": notes}
    for col, field_ in FILE_COLUMNS.items():
        values = file_values.get(col, {})
        if given[field_] is None and len(values) > 1:
            listed = ", ".join(f"row {r} {_cut(v)}" for v, r in values.items())
            problems.append(SheetProblem(f"gives the card file several {field_} texts ({listed}); a card "
                                         "file has one: make them the same"
                                         + (" (or give --source)" if field_ == "source" else ""),
                                         column=column_letter(cols.index(col)), field=col))
        elif given[field_] is None and values:
            given[field_] = next(iter(values))
    if given["source"]:  # (a blank source is no source: --source refuses one)
        doc["source"] = given["source"]
    if given["notes"] is not None:  # notes kept even when empty or only spaces, as the file had them
        doc["notes"] = given["notes"]
    doc["cards"] = cards
    quiet = set(missing_cols) | ({"id"} if "name" in missing_cols else set())
    issues = [i for i in validate_document(doc, file=file) if i.severity == "error"]
    # the sheet converts on its own (refused, if at all, for the loaded cards alone): the error carries it
    converted = doc if cards and not problems and not issues else None
    if check_loaded:
        issues += _loaded_issues(game, doc, file, out, issues)
    for issue in issues:
        index, field = _card_field(issue.pointer)
        refused = written.get((index, field)) if index is not None and field is not None else None
        if refused is not None and issue.pointer == f"/cards/{index}/{field}{refused[1].at}" \
                and out_of_range(issue):  # 1e3: never "write 1000" (at most 999)
            problems[refused[0]] = replace(problems[refused[0]], problem=refused[1].advice(issue.expected))
        if index is not None and ((index, field) in bad or (field in quiet and _is_missing(issue))):
            continue  # said already: the cell's own problem, or the missing column
        first = (_card_field(issue.holder_pointer or "")[0]
                 if issue.kind == "duplicate-id" and issue.holder_file == issue.file else None)
        if first is not None and index is not None and first < len(rows):  # twice in this sheet
            column = column_letter(cols.index("id")) if "id" in cols else None
            made = _ids_from_names(str(issue.card_id), [(rows[k], named[k]) for k in (first, index)
                                                        if k in named], "id" in cols)
            problems.append(SheetProblem(f"duplicate id {issue.card_id!r} (first on row {rows[first]})"
                                         + (f"; {made}" if made else ""),
                                         rows[index], column, "id" if column else None))
            continue
        found = example.to(_locate(issue, cols, rows))
        if issue.kind == "duplicate-id" and index in named:  # a loaded card's id, made from this name
            made = _ids_from_names(str(issue.card_id), [(rows[index], named[index])], "id" in cols)
            found = replace(found, problem=f"{found.problem.rstrip('.')}. {made[:1].upper()}{made[1:]}")
        problems.append(found)
    if not cards and not problems:  # a header alone (or blank rows): a card file of nothing
        problems.append(SheetProblem("the sheet has no card rows (a header alone, or blank rows): nothing to "
                                     "import"))
    if problems:  # in the sheet's order (a problem of the whole sheet first)
        problems.sort(key=lambda p: p.row or 0)
        raise CsvImportError(file, problems, doc=converted)
    return doc


@dataclass(frozen=True, slots=True)
class AddedBefore:
    """A sheet whose cards are in the user's cards already (:func:`added_before`): ``path``, the card file
    of the user's folder holding them as the sheet has them, and ``cards``, how many."""

    path: Path
    cards: int

    def said(self, game: str, sheet: str) -> tuple[str, str, str, str]:
        """What the Cards page and ``cards import`` say of it, in the same words: the headline, the line
        saying where the cards are, how to change them, and the command that does it, writing a changed
        sheet over that file (``sheet``: the sheet as the command names it, quoted for a shell)."""
        import shlex

        from . import GAMES
        from .verdict import plural

        are, them = ("is", "it") if self.cards == 1 else ("are", "them")
        return (f"already in your {GAMES[game]} cards",
                f"Its {plural(self.cards, 'card')} {are} in {self.path} as the sheet has {them} "
                "(added before): there is nothing to add.",
                f"To change {them}, change the sheet and write it over that file",
                f"companion cards import {game} {sheet} --out {shlex.quote(str(self.path))}")


def added_before(game: str, refused: CsvImportError) -> AddedBefore | None:
    """The card file of the user's ``game`` folder that holds the sheet's cards just as the sheet has them
    (the sheet added before, by the Cards page or ``cards import``), for a sheet that import refuses: the
    same sheet added twice is nothing to add, not a list of duplicate ids each advising a ``replaces``
    column (which would add its cards a second time). ``None`` when no file holds them, or the sheet does
    not convert even on its own. Reads files, writes none, says nothing: the page and the command say it
    (:meth:`AddedBefore.said`).

    ``refused``: the import's refusal, whose ``doc`` is the sheet already converted (the sheet is
    converted once, by :func:`import_csv`; ``None`` when it does not convert on its own)."""
    from .cards import CORRECTIONS_NAME, read_json_file, user_game_files

    doc = refused.doc
    if doc is None:
        return None
    cards = json.loads(card_file_text(doc))["cards"]  # (as the file written holds them)
    for path in user_game_files(game):
        if path.name == CORRECTIONS_NAME:
            continue
        try:
            held = read_json_file(path)
        except CompanionError:
            continue
        if isinstance(held, dict) and held.get("cards") == cards:
            return AddedBefore(Path(path), len(cards))
    return None


#: The longest example cell a problem shows (a longer one would bury the problem it follows)
_EXAMPLE_LIMIT = 200


def json_example(game: str, name: str) -> str | None:
    """How to write a cell of the JSON column ``name`` (Village ``abilities``: a list of objects), as a
    bundled card of ``game`` holds it (a list: its first item alone): ``Acorn Scout's: [{"name": ...}]``;
    ``None`` when no bundled card has one short enough to show. A real card's value, never a made-up one."""
    from .cards import load_game, thaw
    from .validation import field_types

    kinds, items = field_types(game).get(name, (frozenset(), frozenset()))
    for card in load_game(game, include_user=False):
        value = thaw(card.data.get(name))
        if isinstance(value, list) and value:
            value = value[:1]
        if value in (None, [], {}):
            continue
        cell = encode_cell(value, kinds, items)
        return f"{card.name}'s: {cell}" if len(cell) <= _EXAMPLE_LIMIT else None
    return None


class _Examples:
    """The schema's problems of a sheet's cells in a column of JSON objects (Village ``abilities``), the
    first of each row followed by how to write that column (:func:`json_example`), as a number column's
    problem says the number to write: such a cell is the one a sheet cannot show the form of (a cell that
    is not JSON at all too, after what JSON found)."""

    def __init__(self, game: str, types: Mapping[str, tuple[frozenset[str], frozenset[str]]]) -> None:
        self.game, self.types = game, types
        self.examples: dict[str, str | None] = {}  # per column, its example (read once)
        self.said: set[tuple[int | None, str]] = set()  # (row, column) whose example is said

    def to(self, p: SheetProblem) -> SheetProblem:
        """``p``, with the example of its column when it is the first problem of its row there."""
        kinds, items = self.types.get(p.field or "", (frozenset(), frozenset()))
        if p.field is None or "object" not in kinds | items or (p.row, p.field) in self.said:
            return p
        self.said.add((p.row, p.field))
        if p.field not in self.examples:
            self.examples[p.field] = json_example(self.game, p.field)
        example = self.examples[p.field]
        return p if example is None else replace(p, problem=f"{p.problem}; this column is written as JSON, "
                                                            f"like {example}")


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


#: Unknown columns said one by one up to this many; more are said in one problem (:func:`_unknown_columns`).
UNKNOWN_COLUMNS_SHOWN = 5


def _unknown_columns(said: Sequence[tuple[str, tuple[str, ...]]], at: Sequence[int],
                     known: Sequence[str]) -> SheetProblem:
    """The unknown columns of a sheet that has more than :data:`UNKNOWN_COLUMNS_SHOWN` of them as one
    problem of its header row (``said``: each one's name and the closest known names, ``at``: its index):
    the first few, each with its column and the closest known name, then how many more, and the columns
    the game knows."""
    def one(name: str, near: tuple[str, ...], j: int) -> str:
        return f"{name!r} (column {column_letter(j)}" + (f": {did_you_mean(near)})" if near else ")")

    first = ", ".join(one(*x, j) for x, j in zip(said[:UNKNOWN_COLUMNS_SHOWN], at, strict=False))
    return SheetProblem(f"{len(said)} unknown columns: {first} and {len(said) - UNKNOWN_COLUMNS_SHOWN} more "
                        f"(expected only these: {', '.join(known)}); their cells are not read", 1)


def _other_game_problem(header: Sequence[str], game: str, file: str, *,
                        out: str | os.PathLike[str] | None = None,
                        on_page: bool = False) -> list[SheetProblem]:
    """A problem of the whole sheet when its columns are another game's cards' fields
    (:func:`companion.validation.other_game_fields`): a TMNT sheet imported as village. Its unknown
    columns are still said (:func:`import_csv`); this says what to do about them all: on the Cards page
    (``on_page``), pick that game there; else the command that imports the sheet as that game's, writing
    ``out`` where it runs as written (:func:`~companion.validation.sheet_import_command`)."""
    from . import GAMES
    from .validation import other_game_fields, sheet_import_command

    names = [h.lower().replace(" ", "_") for h in header if h]
    other = other_game_fields([n for n in names if n != "set" and n not in FILE_COLUMNS], game)
    if other is None:
        return []
    them, fields = other
    shown = ", ".join(map(repr, fields[:5])) + (", ..." if len(fields) > 5 else "")
    said = f"this sheet's columns ({shown}) are the {GAMES[them]}'s, not the {GAMES[game]}'s"
    if on_page:
        return [SheetProblem(f"{said}: pick {GAMES[them]} in the game menu at the top of this "
                             "page, then check the sheet again")]
    return [SheetProblem(f"{said}: import it as a {them} sheet (`{sheet_import_command(them, file, out)}`)")]


def _open_quote(row: Sequence[str], line: int, raw: str, delimiter: str) -> tuple[int, str] | None:
    """``(column index, why)`` when a quote in the row's text (``raw``, from file line ``line``)
    is never closed, or closes only on a later line with more text after it (``"Pip,basic-mouse,2``
    then a quote on a later line): the separators and line breaks it took in were read as one
    cell's text, and the row's own cells after it are missing. A cell in quotes that holds line
    breaks and ends in its closing quote is fine. Only rows that end without a line break (the
    last) or hold one in a cell are parsed again, strictly."""
    inner = raw.rstrip("\r\n")
    if inner != raw and not any(_LINE_BREAK.search(cell) for cell in row):
        return None  # one whole line, its line break outside every cell: no quote ran past it
    try:
        for _ in csv.reader(io.StringIO(raw, newline=""), delimiter=delimiter, strict=True):
            pass
        return None
    except csv.Error as exc:
        at_end = "unexpected end of data" in str(exc)
    breaks = [k for k, cell in enumerate(row) if _LINE_BREAK.search(cell)]
    j = len(row) - 1 if at_end or not breaks else breaks[0]
    opened = line + sum(len(_LINE_BREAK.findall(cell)) for cell in row[:j])
    cell = row[j] if row else ""
    shown = json.dumps(cell if len(cell) <= 60 else cell[:57] + "...", ensure_ascii=False)
    last = line + len(_LINE_BREAK.findall(inner))
    if at_end:
        lines = f" (lines {opened}-{last})" if last > opened else ""
        return j, (f"a quote opened on line {opened} is never closed, so the rest of the sheet{lines} was "
                   f"read into this one cell (found {shown}). Close it "
                   'with a second " where the cell ends, or take it out (a quote inside a cell in quotes '
                   'is written twice: "")')
    return j, (f"a quote opened on line {opened} is not closed on that line but on line {last}, with more "
               f"text after it, so the separators and line breaks between were read into this one cell "
               f'(found {shown}). Close it with a second " where the cell ends, or take it out')


def _is_missing(issue: Any) -> bool:
    return str(issue.message).startswith("the field '") and str(issue.message).endswith("' is missing")


_CARD_FIELD = re.compile(r"^/cards/(\d+)(?:/([^/]+))?")


def _card_field(pointer: str) -> tuple[int | None, str | None]:
    """``(card index, field)`` of a pointer into the cards (``/cards/3/atk/0`` -> (3, "atk"))."""
    m = _CARD_FIELD.match(pointer)
    if not m:
        return None, None
    return int(m.group(1)), (m.group(2).replace("~1", "/").replace("~0", "~") if m.group(2) else None)


def _loaded_issues(game: str, doc: dict[str, Any], file: str, out: str | os.PathLike[str] | None,
                   schema_issues: Sequence[Any]) -> list[Any]:
    """The cross-record errors of the sheet's cards among the game's loaded cards (bundled, then
    the user's folder, this file last or in place of ``out``): ids already used, a ``replaces``
    that names no card, references, counts: what ``validate`` and every reader would refuse."""
    from .validation import collection_issues

    key = str(out) if out is not None else file
    known = {key: [replace(i, file=key) for i in schema_issues]}  # the sheet is validated once
    found = collection_issues(game, {key: doc}, issues=known)
    # (an id the sheet holds twice: its holder is the sheet too, named as the sheet's own issues are)
    mine = [replace(issue, file=file, holder_file=file if issue.holder_file == key else issue.holder_file)
            for issue in found if issue.file == key and issue.severity == "error"]
    others = [i for i in found if i.file != key and i.severity == "error"]
    if others:  # the file written in place of one that others lean on (a correction of its card)
        before = set(collection_issues(game))
        mine += [replace(i, file=file, pointer="", card_id=None, expected=None,
                         message=f"writing {key} would break {i.file} {i.pointer}"
                                 + (f" (card {i.card_id!r})" if i.card_id else "") + f": {i.message}",
                         suggestion=f"Keep the card it needs in the sheet, or change {Path(i.file).name} "
                                    "first")
                 for i in others if i not in before]
    return _held_left_out(game, mine)


def _held_left_out(game: str, issues: list[Any]) -> list[Any]:
    """``issues``, with each duplicate id whose card is in a card file of yours left out (it does not
    load, so its cards are not shown) said so: that file is named, to be fixed first, or the sheet's card
    given another id. The ``replaces`` advice would change a card that does not load. An id a card that
    loads holds too is left as it is (that card is the one the sheet would clash with)."""
    from .cards import RECORD_KEY, left_out_file_words, load_what_loads

    # (the issue says where the id's first card is: ``holder_file``, another file than the sheet)
    held = {i for i in issues if i.kind == "duplicate-id" and i.holder_file not in (None, i.file)}
    if not held:
        return issues
    db, skipped = load_what_loads(game)
    left_out = {key for key in skipped if not RECORD_KEY.search(key)}
    loaded = {card.id.lower() for card in db}
    out: list[Any] = []
    for issue in issues:
        if issue in held and issue.holder_file in left_out and str(issue.card_id).lower() not in loaded:
            path = issue.holder_file
            what, how = left_out_file_words(path)
            issue = replace(issue, message=f"duplicate id {issue.card_id!r}: held by {path} "
                                           f"{issue.holder_pointer}, {what} (its cards are not shown)",
                            suggestion=f"Fix {Path(path).name} first ({how}), or give this card another id.")
        out.append(issue)
    return out


def _ids_from_names(card_id: str, made: Sequence[tuple[int, str]], id_column: bool) -> str:
    """The words a duplicate id's problem adds when the id was made from a name (``made``: the rows, with
    their names, whose id cell was empty or whose sheet has no id column): that it was, why two names give
    one id (:func:`_slug` keeps only ASCII letters and digits), and how to give ids. Empty for no row."""
    if not made:
        return ""
    names = " and ".join(repr(name) for _row, name in made)
    rows = " and ".join(str(row) for row, _name in made)
    whose = (f"the ids of rows {rows} are made from their names {names}" if len(made) > 1 else
             f"the id of row {rows} is made from its name {names}")
    why = (f"a name with no letters or digits gives {card_id!r}" if card_id == _slug("") else
           "a name's id keeps only its letters and digits, accents dropped")
    them = f"rows {rows}" if len(made) > 1 else f"row {rows}"
    own = "ids of their own" if len(made) > 1 else "an id of its own"
    how = (f"give {them} {own} in the id column" if id_column else
           f"add an 'id' column and give {them} {own} there")
    return f"{whose} ({why}): {how} (lower case letters, digits and hyphens, such as '{card_id}-2')"


def _slug(name: str) -> str:
    """A card id from a name: ASCII letters and digits, accents dropped ("Café" -> "cafe")."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return s or "card"


def _cut(text: str) -> str:
    """A long text shown shortly, its end too (two that differ at the end never look the same)."""
    return repr(text) if len(text) <= 60 else repr(text[:40] + " … " + text[-15:])


def _locate(issue: Any, cols: Sequence[str | None], rows: Sequence[int]) -> SheetProblem:
    """The row, column and field (``row R, column C 'field'``) of an issue found in the built document."""
    parts = issue.pointer.split("/")[1:]
    text = issue.render().split(": ", 1)[1] if ": " in issue.render() else issue.message
    if len(parts) >= 2 and parts[0] == "cards" and parts[1].isdecimal() and int(parts[1]) < len(rows):
        field = parts[2] if len(parts) >= 3 else None
        column = column_letter(cols.index(field)) if field is not None and field in cols else None
        return SheetProblem(text, rows[int(parts[1])], column, field)
    return SheetProblem(text)


def card_file_text(doc: Mapping[str, Any]) -> str:
    """A card file as the project writes them: 2-space indented UTF-8 JSON.

    The same text as ``json.dumps(doc, indent=2)``, made a thousand cards at a time: the
    indenting encoder would otherwise hold a small string for every token of a large file at
    once (about 400 MB for 400,000 cards)."""
    cards = doc.get("cards")
    if not isinstance(cards, list) or not cards or list(doc)[-1] != "cards":
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    head = json.dumps({**doc, "cards": []}, indent=2, ensure_ascii=False)
    step = 1000
    # a list of cards at one level deeper, without its brackets (JSON strings hold no newline)
    body = ",\n".join("  " + json.dumps(cards[i:i + step], indent=2, ensure_ascii=False)[2:-2]
                      .replace("\n", "\n  ") for i in range(0, len(cards), step))
    return head[:-4] + "[\n" + body + "\n  ]\n}\n"
