"""Editing a decklist's text as the player wrote it: counts, names, comments kept.

The deck builder's − and + buttons change one count where it is written (:func:`bump_text`), and a
save writes the deck's name into the list's own ``Name:`` line (:func:`with_name`, :func:`split_name`
the other way): every other character stays as typed. In a CSV list they change a row's count cell
(:func:`bump_csv`: its other columns, quotes and title row kept). A list the parser reads as JSON
(:func:`..decklist.list_form`) is rewritten from the list read instead (:func:`as_text`, :func:`bump`;
:func:`csv_text` keeps a CSV list's comment lines), and :func:`file_text` is what a save writes in a
file's form (never dropping what the player wrote that the file's form cannot keep, a CSV list's column,
a text list's comments: :func:`save_loses`). The rules of the text form (comments, a card's line, the
``Name:`` line) are the parser's own (:mod:`.decklist`). Pure text: no files (see :mod:`.saved`), no widgets.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from pathlib import Path, PurePath

from ..cards import Card, CardDB
from ..errors import CompanionError, shown
from ..verdict import and_list
from .decklist import (
    MAX_COUNT,
    Decklist,
    DecklistError,
    DeckNameError,
    card_line,
    csv_layout,
    csv_name,
    csv_row_text,
    group_label,
    key_for,
    list_form,
    name_line,
    parse_csv,
    parse_text,
    split_comment,
    to_json,
    to_text,
)


class ListFormError(CompanionError):
    """A list that cannot be written in its file's form: it must be read to be rewritten (nothing is
    written)."""


_COUNT = re.compile(r"^(?P<indent>\s*)(?P<count>\+?\d+)(?=[xX×]?\s)")  # a card line's count


def _ending(line: str) -> tuple[str, str]:
    """A line (from ``splitlines(keepends=True)``) cut into its text and its line ending (``""``: none)."""
    body = line.splitlines()[0] if line.splitlines() else ""
    return body, line[len(body):]


def _line_ending(lines: list[str]) -> str:
    """The list's own line ending: its first line's (``\\r\\n`` for a list typed on Windows), else ``\\n``."""
    return next((end for end in (_ending(line)[1] for line in lines) if end), "\n")


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


def _comment(line: str, db: CardDB) -> str:
    """A line's inline comment (``"  # early"``, with the spaces before it; ``""`` when none), cut
    where the parser cuts it (:func:`..decklist.split_comment`: a card whose name holds " #" keeps it)."""
    return split_comment(line.strip(), db)[1]


def _head_lines(lines: list[str], db: CardDB) -> list[int]:
    """The indexes of the ``Name:`` lines before the first card (the ones the parser reads as naming
    the list)."""
    out = []
    for i, raw in enumerate(lines):
        stripped = raw.strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        one = read_line(raw, db)
        if one is None or one.entries:  # the first card (or a line that cannot be read): no further
            break
        if one.name:  # (read on its own, only a Name: line names a list)
            out.append(i)
    return out


def split_name(text: str, db: CardDB) -> tuple[str, str]:
    """A list as the editor shows it, and its name: a text list's ``Name:`` line goes into the Name box
    (:func:`with_name` writes it back on *Save*), a JSON list's ``name`` and a CSV list's title row
    (:func:`..decklist.csv_name`) are read; ``""``: none."""
    form = list_form(text)
    if form == "json":
        try:
            doc = json.loads(text.replace("\ufeff", ""))
        except (ValueError, RecursionError):  # (the parser says why)
            return text, ""
        name = doc.get("name") if isinstance(doc, dict) else None
        return text, name.strip() if isinstance(name, str) else ""
    if form == "csv":
        return text, csv_name(text)  # (a CSV list without a title row: its file's name names it)
    lines = text.splitlines(keepends=True)
    names = _head_lines(lines, db)
    if not names:
        return text, ""
    name = line_name(lines[names[-1]], db)  # (the last one counts)
    for i in names:  # the line goes to the Name box; a comment written on it stays, as a comment line
        body, end = _ending(lines[i])
        comment = _comment(body, db).strip()
        lines[i] = body[: len(body) - len(body.lstrip())] + comment + end if comment else ""
    return "".join(lines), name


def with_name(text: str, name: str, db: CardDB) -> str:
    """A text list as saved: its ``Name:`` lines before the first card say ``name`` (their comments
    kept), or a ``Name:`` line is put first. Every other line stays as typed."""
    line = name_line(name, db)
    lines = text.splitlines(keepends=True)
    names = _head_lines(lines, db)
    for i in names:
        body, end = _ending(lines[i])
        indent = body[: len(body) - len(body.lstrip())]
        lines[i] = f"{indent}{line}{_comment(body, db)}{end}"
    if not names:
        lines.insert(0, line + _line_ending(lines))
    return "".join(lines)


def _set_count(line: str, n: int, db: CardDB, card: Card) -> str:
    """``line`` (a line of ``card``, without its ending) with ``n`` copies: only its count changes."""
    m = _COUNT.match(line)
    if m is not None:
        new = line[:m.start("count")] + str(n) + line[m.end("count"):]
        one = read_line(new, db)
        if one is not None and one.count_of(card) == n and len(one.entries) == 1:
            return new
    rest = line.strip().split(None, 1)[1]  # (never reached for a line the parser read; kept safe)
    return f"{n} {rest}"


def bump_text(text: str, db: CardDB, card: Card, delta: int) -> str:
    """A text list with ``delta`` copies of ``card`` more (or fewer), every other character as typed
    (each line keeps its own line ending; a new line takes the list's).

    One copy more goes on the card's first line (the first with room for it: a line holds at most
    :data:`MAX_COUNT`), else on a new line after its last one (at the end when the card is new); one
    copy fewer comes off its last line, so the copies + put on a new line go first. A line taken down
    to 0 leaves its comment as a comment line (``# early``): no comment the player wrote is lost."""
    lines = text.splitlines(keepends=True)
    end = _line_ending(lines)
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
                body, ending = _ending(lines[room[0]])
                lines[room[0]] = _set_count(body, room[1] + 1, db, card) + ending
            else:
                at = hits[-1][0] + 1 if hits else len(lines)
                if at and not _ending(lines[at - 1])[1]:  # the line before ends the text: it ends now
                    lines[at - 1] += end
                lines.insert(at, card_line(card, 1, db) + end)
        elif hits:
            i, n = hits[-1]
            body, ending = _ending(lines[i])
            if n > 1:
                lines[i] = _set_count(body, n - 1, db, card) + ending
            else:
                comment = _comment(body, db).strip()
                if comment:  # the card goes, what the player wrote about it stays
                    lines[i] = body[: len(body) - len(body.lstrip())] + comment + ending
                else:
                    del lines[i]
    return "".join(lines)


def comment_lines(text: str) -> list[str]:
    """The whole-line comments of a list (``#`` or ``//``), as typed: what a rewrite of a CSV list
    keeps."""
    return [line for line in text.splitlines() if line.strip().startswith(("#", "//"))]


def csv_name_row(name: str) -> str:
    """``Name: <name>`` (the name without spaces at its ends) as a CSV list's title row, in quotes where
    CSV needs them: the row :func:`..decklist.parse_csv` reads as the list's name. Refused
    (:class:`DeckNameError`) when it would not read back as ``name``: a row is one line."""
    name = name.strip()
    row = csv_row_text([f"Name: {name}"])
    if csv_name(f"{row}\ncount,card\n") != name:
        raise DeckNameError(f"the deck name {name!r} cannot be kept in a CSV list (a name is one line)",
                            suggestion="Write the name on one line")
    return row


def csv_text(deck: Decklist, db: CardDB, comments: Iterable[str] = ()) -> str:
    """``deck`` as a CSV list (its name as a ``Name:`` title row, :func:`csv_name_row`; a ``count,card``
    header row; a row a card, the name by id where the card's name is not enough), after ``comments``
    (which a CSV list keeps as comment lines)."""
    out = io.StringIO()
    if deck.name.strip():
        out.write(csv_name_row(deck.name) + "\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["count", "card"])
    for e in deck.entries:
        key = key_for(e.card, db)[0]
        left = e.count
        while left > 0:
            writer.writerow([min(left, MAX_COUNT), key])
            left -= MAX_COUNT
    return "".join(line + "\n" for line in comments) + out.getvalue()


def as_text(typed: str, deck: Decklist, db: CardDB, name: str = "") -> str:
    """``deck`` (what the JSON or CSV list ``typed`` reads as) as a text list: a ``Name:`` line saying
    ``name`` (:func:`..decklist.name_line`; none for ``""``), ``typed``'s comment lines (a CSV list's),
    then a line a card."""
    head = name_line(name, db) + "\n" if name.strip() else ""
    return head + "".join(c + "\n" for c in comment_lines(typed)) + to_text(deck, db, header=False)


def _cell_spans(line: str, sep: str) -> list[tuple[int, int]]:
    """Where each cell of a CSV row stands in ``line`` (start, end), quotes as a spreadsheet writes
    them (a separator in quotes is no separator): a cell is changed there, the others left as typed."""
    spans, start, quoted = [], 0, False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted  # (a doubled quote inside quotes turns it off and on again)
        elif ch == sep and not quoted:
            spans.append((start, i))
            start = i + 1
    return [*spans, (start, len(line))]


def _with_cell_count(line: str, sep: str, col: int, n: int) -> str | None:
    """The CSV row ``line`` with ``n`` in its cell ``col`` (the count's digits replaced, its quotes and
    spaces kept); ``None`` when the cell holds no count to replace."""
    spans = _cell_spans(line, sep)
    if col >= len(spans):
        return None
    start, end = spans[col]
    cell, hits = re.subn(r"\d+", str(n), line[start:end], count=1)
    return line[:start] + cell + line[end:] if hits else None


def bump_csv(text: str, db: CardDB, card: Card, delta: int, deck: Decklist | None = None) -> str:
    """The CSV list ``text`` (read as ``deck``; ``None``: read here) with ``delta`` copies of ``card`` more
    (or fewer), changed where it is written: a row's count cell changes, every other cell (a ``note``
    column's, quotes, a title row, a ``sep=`` line) and every other line stays as typed. One copy more goes
    in the card's first row with room for it, else in a new row after its last one (after the list's last
    row when the card is new: the card by name or id, by id in an ``id`` column with its name in the
    sheet's column of names, if any; an empty cell for each other column of the header); one copy fewer
    comes off its last row. A row taken down to 0 goes, unless it holds a cell of another column (a note):
    it is then kept as a comment line (``# 1,Apple,fav``), so nothing typed is lost. Refused
    (:class:`ListFormError`, the list left as it is) when the list's layout cannot be told or a change would
    not read back as meant."""
    before = _read_csv(text, db) if deck is None else deck
    lines = text.splitlines(keepends=True)
    end = _line_ending(lines)
    for _ in range(abs(delta)):
        layout = csv_layout("".join(lines))
        if layout is None or before is None:
            raise ListFormError("the CSV list's rows cannot be told apart, so − and + cannot change it",
                                suggestion="Change its counts in the list")
        hits = []  # (index, count column, count, whether the row holds a cell of another column)
        for number, count_col, card_col, cells in layout.rows:
            found = db.lookup(cells[card_col])
            if found is not None and found.id == card.id:
                count = re.search(r"\d+", cells[count_col])
                # (beside an id, a name cell that is the card's says no more; another name is the player's)
                says = {count_col, card_col, layout.card_col} | {
                    j for j in (layout.name_col,) if j is not None and j < len(cells)
                    and card.id in {c.id for c in db.named(cells[j])}}
                others = any(c for j, c in enumerate(cells) if j not in says)
                hits.append((number - 1, count_col, int(count.group()) if count else 0, others))
        if delta > 0:
            room = next((hit for hit in hits if hit[2] < MAX_COUNT), None)
            body, ending = _ending(lines[room[0]]) if room is not None else ("", "")
            changed = _with_cell_count(body, layout.delimiter, room[1], room[2] + 1) if room else None
            if room is not None and changed is not None:
                lines[room[0]] = changed + ending
            else:
                new = [""] * layout.width
                new[layout.count_col] = "1"
                new[layout.card_col] = card.id if layout.by_id else key_for(card, db)[0]
                if layout.name_col is not None:
                    new[layout.name_col] = card.name
                at = hits[-1][0] + 1 if hits else layout.last
                if at and not _ending(lines[at - 1])[1]:  # the line before ends the text: it ends now
                    lines[at - 1] += end
                lines.insert(at, csv_row_text(new, layout.delimiter) + end)
        elif hits:
            i, col, n, others = hits[-1]
            body, ending = _ending(lines[i])
            changed = _with_cell_count(body, layout.delimiter, col, n - 1) if n > 1 else None
            if changed is not None:
                lines[i] = changed + ending
            elif others:  # the card goes, what the player wrote beside it stays
                lines[i] = f"# {body.strip()}{ending}"
            else:
                del lines[i]
    out = "".join(lines)
    after = _read_csv(out, db)
    if before is None or after is None or after.count_of(card) != max(0, before.count_of(card) + delta) \
            or any(after.count_of(e.card) != e.count for e in before.entries if e.card.id != card.id):
        raise ListFormError("the CSV list would not read back as changed, so it is left as it is",
                            suggestion="Change its counts in the list")
    return out


def _read_csv(text: str, db: CardDB) -> Decklist | None:
    """``text`` read as a CSV list (``None``: it does not read)."""
    try:
        return parse_csv(text, db)
    except DecklistError:
        return None


def bump(typed: str, deck: Decklist, card: Card, delta: int, db: CardDB, name: str = "") -> str:
    """The list ``typed`` (read as ``deck``; ``name``: the deck's name as the page shows it) with
    ``delta`` copies of ``card`` more or fewer: a text list changes one count where it is written
    (:func:`bump_text`), a CSV list one count cell (:func:`bump_csv`: its other columns, title row and
    quotes kept); a JSON list is rewritten as a text list (:func:`as_text`), with a ``Name:`` line when
    the list's own name is not ``name``. A name a text list cannot hold is refused
    (:class:`DeckNameError`), the list left as it is."""
    form = list_form(typed)
    if form == "text":
        return bump_text(typed, db, card, delta)
    if form == "csv":
        return bump_csv(typed, db, card, delta, deck)
    after = deck.with_count(card, max(0, deck.count_of(card) + delta))  # (above MAX_COUNT: several lines)
    own = deck.name.strip() if deck.name.strip() != name.strip() else ""  # a JSON list's own name
    try:
        return as_text(typed, after, db, own)
    except DeckNameError as exc:
        raise DeckNameError(f"{exc.message}; − and + rewrite a JSON list as a text list, so the list is "
                            "left as it is", suggestion=f"{exc.suggestion} in the list's \"name\", or change "
                                                        "its counts in the JSON") from None


def json_named(typed: str, deck: Decklist | None, name: str) -> str:
    """A JSON list with ``name`` as its ``name`` (rewritten only when it says another, and only when
    the list reads, as ``deck``: a duplicate key or an odd number is never tidied away unseen)."""
    try:
        doc = json.loads(typed.replace("\ufeff", ""))
    except (ValueError, RecursionError):
        return typed
    if deck is None or not isinstance(doc, dict) or doc.get("name") == name:
        return typed
    doc = {**({"game": doc["game"]} if "game" in doc else {}), "name": name,
           **{k: v for k, v in doc.items() if k not in ("game", "name")}}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def text_loses(typed: str, db: CardDB | None = None) -> list[str]:
    """The columns of the CSV list ``typed`` that a text list (or a JSON one) cannot keep (a ``note``
    column: its cells are not read, but they are the player's); none for another form of list. With the
    card data ``db``, a name column beside an id column is kept out when it says nothing the ids do not
    (every cell empty, or the name of its row's card: a text or JSON list names the card by its id)."""
    layout = csv_layout(typed) if list_form(typed) == "csv" else None
    if layout is None:
        return []
    col = layout.name_col
    if db is None or col is None or not all(_names_its_card(cells, layout.card_col, col, db)
                                             for _line, _count, _card, cells in layout.rows):
        return layout.extra_columns
    return [c for i, c in enumerate(layout.header) if c and i not in (layout.count_col, layout.card_col, col)]


def _names_its_card(cells: tuple[str, ...], card_col: int, name_col: int, db: CardDB) -> bool:
    """Whether a CSV row's name cell says nothing its id cell does not: empty, or the id's card's name
    (an empty id: the name is what names the card, which the list keeps)."""
    name = cells[name_col].strip() if name_col < len(cells) else ""
    key = cells[card_col].strip() if card_col < len(cells) else ""
    if not name or not key:
        return True
    card = db.lookup(key)
    return card is not None and card.name.casefold() == name.casefold()


def _written(kind: str, items: list[str]) -> str:
    """Things of one ``kind`` a save would drop, in words: "comment '# early'", "columns 'note' and 'set'",
    "5 comments ('# a', '# b', '# c', …)"."""
    quoted = [shown(x, 40) for x in items]
    if len(quoted) == 1:
        return f"{kind} {quoted[0]}"
    if len(quoted) <= 3:
        return f"{kind}s {and_list(quoted)}"
    return f"{len(quoted)} {kind}s ({', '.join(quoted[:3])}, …)"


def _text_notes(typed: str, db: CardDB, *, lines: bool) -> tuple[list[str], list[str]]:
    """A text list's words beside its cards and name: (its comments, its labels). Its comment lines only
    with ``lines`` (a CSV list keeps them); every inline comment but the card's own name beside its id,
    which :func:`..decklist.card_line` writes (``1 leonardo-2  # Leonardo``) and the id says again. Labels:
    ``[Mice]``, ``Mice:`` (:func:`..decklist.group_label`)."""
    comments, labels = [], []
    for raw in typed.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith(("#", "//")):
            if lines:
                comments.append(line)
            continue
        head, comment = split_comment(line, db)
        if comment:
            one = read_line(head, db)
            said = comment.strip().removeprefix("#").removeprefix("//").strip().casefold()
            if one is None or len(one.entries) != 1 or said != one.entries[0].card.name.casefold():
                comments.append(comment.strip())
        if group_label(head, db) == "label":
            labels.append(head)
    return comments, labels


def save_loses(typed: str, deck: Decklist | None, wanted: str, db: CardDB) -> dict[str, list[str]]:
    """What the player wrote in the list ``typed`` (read as ``deck``) that a save into a file of the form
    ``wanted`` (:func:`file_form`) cannot keep, by kind (``column``, ``comment``, ``label``), each as typed;
    empty: nothing. A CSV list's extra columns in a text or JSON file (:func:`text_loses`), its comment
    lines in a JSON file; a text list's comments and labels in a JSON file, its inline comments and labels
    in a CSV file (which keeps comment lines: :func:`csv_text`). A list written in its own form, a JSON list
    and one that does not read (never rewritten) lose nothing."""
    form = list_form(typed)
    if form == wanted or form == "json" or deck is None:
        return {}
    if form == "csv":
        said = {"column": text_loses(typed, db),
                "comment": [c.strip() for c in comment_lines(typed)] if wanted == "json" else []}
    else:
        comments, labels = _text_notes(typed, db, lines=wanted == "json")
        said = {"comment": comments, "label": labels}
    return {kind: items for kind, items in said.items() if items}


def file_form(file_name: str) -> str:
    """The form of list a file's name says, in any case: ``"json"`` (``.json``), ``"csv"`` (``.csv``: a
    list kept in a spreadsheet) or ``"text"`` (any other name)."""
    return {".json": "json", ".csv": "csv"}.get(PurePath(file_name).suffix.lower(), "text")


def file_text(typed: str, deck: Decklist | None, name: str, file_name: str, db: CardDB) -> str:
    """What a save writes to the file ``file_name``: the list ``typed`` (read as ``deck``; ``None``:
    it cannot be read) in the file's form, with ``name`` where the form has a place for it.

    A ``.json`` file stays JSON and a ``.csv`` file CSV (a list of another form written from the list
    read; :class:`ListFormError` when it cannot be read); a text list's ``Name:`` line says ``name``
    (:func:`with_name`: every line as typed), a JSON list's ``name`` (:func:`json_named`); a CSV list
    written to a text file becomes a text list (:func:`as_text`, its comment lines kept). A save that would
    drop what the player wrote (:func:`save_loses`: a CSV list's ``note`` column in a text or JSON file, a
    text list's comments in a JSON file) is refused (:class:`ListFormError`, saying how to keep it). A list
    written anew as CSV has a ``Name:`` title row unless the file's own name already says ``name`` (as the
    pages name a saved list without one: ``village-sheet.csv`` is "sheet"), so a spreadsheet's file
    gains no row it does not need. A name a text list cannot hold is refused (:class:`DeckNameError`)."""
    form, wanted = list_form(typed), file_form(file_name)
    if lost := save_loses(typed, deck, wanted, db):
        kind, own = {"json": "JSON", "csv": "CSV"}.get(wanted, "text"), "CSV" if form == "csv" else "text"
        one = sum(len(items) for items in lost.values()) == 1
        said = ", and ".join(_written(k, items) for k, items in lost.items())
        raise ListFormError(f"{file_name} is a {kind} file, and a {kind} list cannot keep the {own} list's "
                            f"{said}: {'it' if one else 'they'} would be lost",
                            suggestion=f"Save it under another name (a new deck keeps such a list as a "
                                       f".{'csv' if 'column' in lost else 'txt'} file), or take "
                                       f"{'it' if one else 'them'} out of the list first")
    if wanted != "text" and form != wanted:
        if deck is None:  # the list must read to be written in the file's form
            raise ListFormError(f"{file_name} is a {wanted.upper()} list, and the editor's text cannot "
                                "be read as a list",
                                suggestion="Fix the list (see above), or give another name to save it as a "
                                           "text file")
        named = Decklist(deck.game, deck.entries, name)
        if wanted == "json":
            return json.dumps(to_json(named), indent=2, ensure_ascii=False) + "\n"
        from .saved import SavedDeck

        by_file = SavedDeck(Path(file_name), deck.game).name == name.strip()
        return csv_text(Decklist(deck.game, deck.entries, "") if by_file else named, db, comment_lines(typed))
    if form == "json":
        return json_named(typed, deck, name)
    if form == "csv":
        if wanted == "csv" or deck is None:  # (a list that does not read: as typed)
            return typed
        return as_text(typed, deck, db, name)  # (nothing a text list cannot keep: refused above)
    return with_name(typed, name, db)
