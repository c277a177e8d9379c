"""Filling in what the rule books do not show: the user's corrections to bundled cards.

An unknown official value is ``null`` in the data and listed in the card's ``unknown``.
A player who owns the game can read the real number off the card and record it:
:func:`correct_card` writes a record that ``replaces`` the bundled one into the user's
``corrections.json`` for that game. The record says it is a user correction in its
``source``, after the book's citation, with each correction's fields and note (the source
itself cannot be corrected: the book's facts the record still holds keep their citation);
a name that several printings carry must be given as an id. The bundled file is never
changed, and nothing is written unless the new file validates and the game's cards with it
in place pass the checks across records (a Mouse Card deck keeps one of each card and the
suits' colours).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import (
    CORRECTIONS_NAME,
    CardFileError,
    corrected_fields,
    load_game,
    read_json_file,
    thaw,
    user_data_dir,
)
from .errors import CompanionError, game_words
from .textio import write_text_atomic

if TYPE_CHECKING:  # pragma: no cover
    from .validation import ValidationIssue

FILE_NAME = CORRECTIONS_NAME
#: What joins the book's citation and the corrections in a corrected record's ``source``.
MARK = " | user correction: "


class CorrectionError(CompanionError):
    """Values that do not fit the card: every problem, each naming the value as it was given
    (``life=1e3``), since the file they would go to is not at fault; ``issues`` for ``--json``."""

    def __init__(self, issues: Sequence[ValidationIssue]) -> None:
        self.issues = list(issues)
        if len(self.issues) == 1:
            one = self.issues[0]
            super().__init__(one.message, where=one.file, expected=one.expected, found=one.found,
                             suggestion=_nothing_saved(one.suggestion))
        else:
            super().__init__(f"{len(self.issues)} problems: "
                             + "; ".join(i.render().rstrip(".") for i in self.issues),
                             suggestion=_nothing_saved(None))


def _nothing_saved(suggestion: str | None) -> str:
    """The suggestion, then "Nothing was saved." as a sentence of its own, as every refusal of
    ``cards correct`` ends (after a question too: "Did you mean 'life'? Nothing was saved.")."""
    said = (suggestion or "").strip().rstrip(".")
    if said and not said.endswith(("?", "!")):
        said += "."
    return f"{said} Nothing was saved." if said else "Nothing was saved."


def corrections_path(game: str) -> Path:
    return user_data_dir() / game / FILE_NAME


def parse_assignment(text: str) -> tuple[str, Any]:
    """``life=5`` -> ("life", 5); values are JSON when they parse (numbers, null, lists), else text."""
    field, sep, raw = text.partition("=")
    if not sep or not field.strip():
        raise CompanionError(f"cannot read {text!r}", expected="FIELD=VALUE, e.g. life=5")
    raw = raw.strip()
    try:  # NaN and Infinity are not JSON values (a card file could not hold them): text
        value = json.loads(raw, parse_constant=_not_json)
    except (json.JSONDecodeError, RecursionError, ValueError):
        value = raw
    return field.strip(), value


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def correct_card(game: str, card: str, values: Mapping[str, Any], *, note: str = "",
                 written: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Record the user's values for one card; returns the record written.

    Fields set to a value here are dropped from the card's ``unknown`` (and ``uncertain``)
    lists; a field set to null (unknown after all) is added to ``unknown``, unless the
    schema makes it null for every card of that type (a joker's suit). A field of the user's
    correction set back to the card's own value (the book's, :func:`uncorrected`; ``null`` for one
    the book does not show) undoes that correction: its entry leaves the source, and with no
    correction left the record leaves the corrections file (the card reads as the book has it, never
    marked as yours); the card as it then stands is returned. ``written`` maps a field
    to the value as the user typed it (``life=1e3``), for messages; a value that does not fit
    the card is a :class:`CorrectionError` naming it, and nothing is written.
    """
    db = load_game(game)
    target = _one_card(db, card)
    said = {f: (written or {}).get(f) or f"{f}={json.dumps(v)}" for f, v in values.items()}
    _check_names(target, correctable_fields(game, target), said)
    shapes = _check_shapes(game, said, values)
    path = corrections_path(game)
    own = uncorrected(game, target, path)
    # a correction of yours set back to the card's own value is undone (a value never corrected is
    # recorded even when it is the book's: the user confirms it, as the note may say)
    restored = {f for f, v in values.items() if f in corrected_fields(target) and _holds(own, f, v)}
    record = thaw(target.data)
    record.update(values)
    for flag in ("unknown", "uncertain"):
        if isinstance(record.get(flag), list):
            record[flag] = [f for f in record[flag] if f not in values]
            if not record[flag]:
                del record[flag]
    from .validation import null_only_fields

    not_applicable = null_only_fields(game, target.type)
    now_unknown = [f for f, v in values.items() if v is None and f not in not_applicable]
    if now_unknown:
        flagged = record.get("unknown")
        record["unknown"] = [*(flagged if isinstance(flagged, list) else []), *now_unknown]
    _check_values(game, target.id, record, values, said, shapes)
    record["source"] = correction_source(str(record.get("source", "")), set(values) - restored, note,
                                         restored=restored)
    doc = read_json_file(path) if path.exists() else {"game": game, "set": "User corrections",
                                                      "cards": []}
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise _not_corrections(doc, path)
    mine = [c for c in doc["cards"] if isinstance(c, dict) and c.get("id") == target.id]
    if MARK not in record["source"]:  # every value is the card's own again: no correction is left
        if mine:
            doc["cards"] = [c for c in doc["cards"] if c is not mine[0]]
            _write_validated(path, doc, game)
        return thaw(own.data)
    if mine:  # correcting a correction: update it in place, keep what replaces
        record["replaces"] = mine[0].get("replaces", target.id)
        doc["cards"] = [record if c is mine[0] else c for c in doc["cards"]]
    else:
        record["replaces"] = target.id
        doc["cards"].append(record)
    _write_validated(path, doc, game)
    return record


def _not_corrections(doc: Any, path: Path) -> CardFileError:
    """The corrections file ``path`` holds ``doc``, which is not an object with a "cards" list: what it
    holds instead (its type and a short quote), and what to do; nothing is written."""
    import shlex

    from .validation import json_found

    found = (json_found(doc) if not isinstance(doc, dict) else 'an object with no "cards"'
             if "cards" not in doc else f'"cards" holding {json_found(doc["cards"])}')
    return CardFileError("is not a corrections file", where=str(path),
                         expected='an object with a "cards" list', found=found,
                         suggestion=f"Nothing was written. Mend it (`companion validate "
                                    f"{shlex.quote(str(path))}` lists its problems), or move it out of the "
                                    "folder: the next correction starts a new one.")


def uncorrected(game: str, card: Any, path: Path | None = None) -> Any:
    """``card`` as it reads without the user's corrections (``path``: the corrections file, by default
    the game's): the bundled record (or the card file of the user's own) that a record of the corrections
    file replaces, else ``card`` itself. What "undoing" a correction goes back to."""
    from .cards import file_key

    path = corrections_path(game) if path is None else path
    if card.file is None or card.index is None or file_key(card.file) != file_key(path):
        return card
    before = load_game(game, leave_out={(file_key(path), card.index)})
    return before.lookup(str(card.get("replaces") or card.id)) or card


def _holds(card: Any, field: str, value: Any) -> bool:
    """Whether ``card`` has ``value`` for ``field`` as its own, read with certainty (a field its record
    lists as ``uncertain`` is not: setting the same value there confirms the reading, a correction)."""
    if field not in card.data:
        return False
    flagged = card.get("uncertain")
    if isinstance(flagged, tuple | list) and field in flagged:
        return False
    return json.dumps(thaw(card.data[field]), sort_keys=True) == json.dumps(value, sort_keys=True)


def correction_source(base: str, fields: Iterable[str], note: str = "", *,
                      restored: Iterable[str] = ()) -> str:
    """A corrected record's ``source``: the book's citation, then one entry per correction in
    force, ``fields (note)``, e.g. ``"... | user correction: life (read off my copy); battle"``.

    A field corrected again leaves the entry of its earlier correction (that value is gone, and
    so is what its note said about it), so correcting ``life`` four times reads ``life`` once,
    not ``life; life; life; life``; the other fields of that entry keep it, note and all. A note
    is written as typed unless its brackets do not pair up or it holds a backslash: then each
    ``(``, ``)`` and ``\\`` is written after a backslash, so any note reads back as it was
    (:func:`correction_entries`). ``restored``: fields set back to the card's own value (the book's):
    their entries go and none is added, and with no entry left the source is the book's alone.
    """
    now = set(fields)
    gone = now | set(restored)
    book, sep, tail = base.partition(MARK)
    kept = []
    for names, rest in _entry_texts(tail) if sep else []:
        left = [n for n in names.split(", ") if n not in gone]
        if left:
            kept.append(", ".join(left) + rest)
    if now:
        kept.append(", ".join(sorted(now)) + (f" ({_note_text(note)})" if note else ""))
    return book + MARK + "; ".join(kept) if kept else book


def correction_entries(source: str) -> list[tuple[list[str], str | None]]:
    """The corrections a ``source`` records, oldest first: ``(fields, note or None)`` each."""
    _book, sep, tail = source.partition(MARK)
    out: list[tuple[list[str], str | None]] = []
    for names, rest in _entry_texts(tail) if sep else []:
        note = None
        if rest.startswith(" (") and rest.endswith(")"):
            note = re.sub(r"\\(.)", r"\1", rest[2:-1], flags=re.DOTALL) if "\\" in rest else rest[2:-1]
        out.append((names.split(", "), note))
    return out


def _note_text(note: str) -> str:
    """A note as written between the brackets of its entry: as typed when the scan of
    :func:`_entry_texts` finds its end unaided, else with ``\\``, ``(`` and ``)`` escaped."""
    depth = 0
    for ch in note:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            break
    if depth == 0 and "\\" not in note:
        return note
    return note.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


_NAMES = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:, [A-Za-z_][A-Za-z0-9_]*)*(?: \(|;|$)")


def _entry_texts(tail: str) -> list[tuple[str, str]]:
    """The entries after :data:`MARK`, each ``(field names, the rest)``: the rest is ``""`` or the
    note in brackets, as written. Entries part at a ``"; "`` outside brackets (a backslash escapes
    the character after it). A source written before notes were escaped may hold a bracket that
    never closes: its entries then part at each ``"; "`` followed by field names."""
    pieces: list[str] = []
    depth, start, i = 0, 0, 0
    while i < len(tail):
        ch = tail[i]
        if ch == "\\" and depth > 0:
            i += 2
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif depth == 0 and tail.startswith("; ", i):
            pieces.append(tail[start:i])
            start = i + 2
            i += 1
        i += 1
    pieces.append(tail[start:])
    if depth > 0:  # an unclosed bracket of an older note: part where field names follow
        pieces = []
        start = 0
        for m in re.finditer("; ", tail):
            if _NAMES.match(tail, m.end()) and m.start() >= start:
                pieces.append(tail[start:m.start()])
                start = m.end()
        pieces.append(tail[start:])
    out = []
    for piece in pieces:
        names, paren, rest = piece.partition(" (")
        out.append((names, paren + rest))
    return out


def _check_values(game: str, card_id: str, record: dict[str, Any], values: Mapping[str, Any],
                  said: Mapping[str, str], shapes: Sequence[ValidationIssue] = ()) -> None:
    """Refuse values that do not fit the card, every problem at once, each naming the value as
    the user gave it (``life=1e3``) with what the field takes; the rest of the corrected card
    (``card_id`` with this correction) must validate too.

    A number written with a decimal point or an exponent (``2.0``, ``1e3``) is refused where a
    whole number belongs, as it is in card files and sheets (the trackers and printed cards would
    show "2.0"); its value is checked too (``1e3`` is also more than 999).
    """
    from .validation import ValidationIssue, field_types, validate_document

    types = field_types(game)
    checked = dict(record)
    problems: dict[str, list[ValidationIssue]] = {f: [] for f in values}
    shaped = {i.file for i in shapes}  # text for a list: the schema would only say "wrong type"
    for field in values:
        problems[field] += [i for i in shapes if i.file == said[field]]
    for field, value in values.items():
        if type(value) is float and math.isfinite(value) and value.is_integer() and \
                "number" not in types.get(field, (frozenset(),))[0]:
            checked[field] = int(value)
            raw = said[field].partition("=")[2]
            problems[field].append(ValidationIssue(
                said[field], f"'{field}' is a whole number: write it with digits only",
                expected=f"a whole number such as {int(value)}", found=raw,
                suggestion=f"Write {field}={int(value)}."))
    doc = {"game": game, "set": "User corrections", "cards": [checked]}
    others: list[ValidationIssue] = []
    for issue in validate_document(doc, file=card_id, game=game):
        if issue.severity != "error":
            continue
        named = issue.pointer.split("/")[3] if issue.pointer.count("/") >= 3 else None
        if named in problems:
            if said[named] in shaped:
                continue
            value = values[named]
            whole = issue.pointer == f"/cards/0/{named}" and type(value) in (int, float)
            problems[named].append(replace(issue, file=said[named], pointer="", card_id=None, line=None,
                                           found=said[named].partition("=")[2] if whole else issue.found))
        else:
            others.append(replace(issue, file=f"{card_id} with this correction", card_id=None, line=None,
                                  pointer=issue.pointer.removeprefix("/cards/0")))
    found = []
    for issues in problems.values():
        if len(issues) > 1:  # "Write life=1000" (or "such as 1000") would not do either
            issues = [replace(i, suggestion=None, expected="a whole number, in digits")
                      if i.suggestion and i.suggestion.startswith("Write ") else i for i in issues]
        found += issues
    if found or others:
        raise CorrectionError(found + others)


def printings_named(db: Any, key: str, target: Any) -> list[Any]:
    """The cards ``key`` may mean, ``target`` being the one ``db`` finds for it: that card alone for
    an id (or the id of a card it replaced), else every printing of its name."""
    if target.id.lower() == key.strip().lower() or db.replacement_of(key) is target:
        return [target]
    return list(db.named(key) or db.named(target.name))


def correctable_fields(game: str, card: Any) -> set[str]:
    """The fields a correction of ``card`` may set: its own and those its type's schema has."""
    return set(card.data) | _schema_fields(game, card.type)


def _one_card(db: Any, key: str) -> Any:
    """The card an id or name names; a name that several printings carry is refused with their
    ids (correcting one of them silently would leave the user unsure which)."""
    target = db.find(key)
    same = printings_named(db, key, target)
    if len(same) > 1:
        ids = ", ".join(c.id for c in same)
        raise CompanionError(f"{key.strip()!r} names {len(same)} {game_words(db.game)} cards", where=db.game,
                             expected="one card", found=ids,
                             suggestion=f"Give the id of the one to correct, e.g. `companion cards "
                                        f"correct {db.game} {same[0].id} ...`.")
    return target


def _check_names(target: Any, known: set[str], said: Mapping[str, str]) -> None:
    """Refuse, all at once, fields that cannot be corrected or that the card's type does not have
    (their values are not checked: there is nothing to check them against)."""
    from .validation import ValidationIssue, field_hint, with_article

    problems = []
    for field, arg in said.items():
        if field == "source":
            # The source is the record's provenance: the book's section for the facts it still
            # holds, then each correction with its note. Replacing it would label the book's
            # facts with the new source and lose the earlier notes, so it is kept and appended to.
            problems.append(ValidationIssue(arg, "'source' cannot be corrected: it keeps the book's "
                                            "citation and the note of each correction",
                                            suggestion="Say where your value comes from with --note; it "
                                                       "is added to the source."))
        elif field in {"id", "type", "replaces"}:
            problems.append(ValidationIssue(arg, f"{field!r} cannot be corrected",
                                            suggestion="Add a card file of your own for a different card."))
        elif field not in known:
            problems.append(ValidationIssue(arg, f"{target.id!r} is {with_article(target.type + ' card')}, "
                                            f"which has no field {field!r}",
                                            suggestion=field_hint(target.game, target.type, field, known)))
    if problems:
        raise CorrectionError(problems)


def _check_shapes(game: str, said: Mapping[str, str], values: Mapping[str, Any]) -> list[ValidationIssue]:
    """Text where a list or an object belongs, each with how to write one (the shell takes
    ``classes=healer`` as the text "healer"); ``said`` maps a field to the value as given."""
    from .validation import ValidationIssue, field_types

    types = field_types(game)
    problems = []
    for field, value in values.items():
        kinds = types.get(field, (frozenset(), frozenset()))[0]
        if not isinstance(value, str) or "string" in kinds:
            continue
        if "array" in kinds:
            items = ", ".join(json.dumps(v.strip()) for v in value.split(";") if v.strip()) or '"..."'
            problems.append(ValidationIssue(said[field], f"'{field}' is a list", expected="a JSON list",
                                            found=f"text {json.dumps(value)}",
                                            suggestion=f"Write it as JSON, quoted for the shell: "
                                                       f"{field}='[{items}]'."))
        elif "object" in kinds:
            problems.append(ValidationIssue(said[field], f"'{field}' is an object", expected="a JSON object",
                                            found=f"text {json.dumps(value)}",
                                            suggestion=f"Write it as JSON, quoted for the shell: "
                                                       f"{field}='{{\"name\": ...}}'."))
    return problems


def _schema_fields(game: str, card_type: str) -> set[str]:
    from .validation import card_fields

    return set(card_fields(game).get(card_type, ()))


def _write_validated(path: Path, doc: dict[str, Any], game: str) -> None:
    """Validate the file and the whole game with it in place, then replace the file atomically;
    on any problem (the file's schema, or a check across the game's cards such as a Mouse Card
    deck's colours and duplicates) nothing is written and the issues are listed."""
    from .validation import collection_issues, validate_document

    # The correction itself was checked (_check_values); this is what the rest of the file adds.
    errors = [i for i in validate_document(doc, file=str(path), game=game) if i.severity == "error"]
    if errors:
        raise CompanionError("not saved: the corrections file would not validate: "
                             + "; ".join(i.render() for i in errors), where=str(path),
                             suggestion=f"Run `companion validate {path}` and fix the file by hand.")
    before = set(collection_issues(game))
    new = [i for i in collection_issues(game, {str(path): doc}) if i.severity == "error" and i not in before]
    if new:
        more = f" (and {len(new) - 3} more)" if len(new) > 3 else ""
        raise CompanionError(f"not saved: with this correction the {game} cards would not validate: "
                             + "; ".join(i.render() for i in new[:3]) + more, where=str(path),
                             suggestion="Correct the other fields too in the same command, or use "
                                        "values that fit the rest of the cards.")
    old = path.read_text(encoding="utf-8") if path.exists() else None
    write_text_atomic(path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    try:
        load_game(game)  # the whole game still loads (ids, references) with the correction in place
    except CompanionError:
        if old is None:
            path.unlink(missing_ok=True)
        else:
            write_text_atomic(path, old)
        raise
