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
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .cards import CardFileError, load_game, read_json_file, thaw, user_data_dir
from .errors import CompanionError, closest, did_you_mean
from .textio import write_text_atomic

FILE_NAME = "corrections.json"


def corrections_path(game: str) -> Path:
    return user_data_dir() / game / FILE_NAME


def parse_assignment(text: str) -> tuple[str, Any]:
    """``life=5`` -> ("life", 5); values are JSON when they parse (numbers, null, lists), else text."""
    field, sep, raw = text.partition("=")
    if not sep or not field.strip():
        raise CompanionError(f"cannot read {text!r}", expected="FIELD=VALUE, e.g. life=5")
    raw = raw.strip()
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return field.strip(), value


def correct_card(game: str, card: str, values: Mapping[str, Any], *, note: str = "") -> dict[str, Any]:
    """Record the user's values for one card; returns the record written.

    Fields set to a value here are dropped from the card's ``unknown`` (and ``uncertain``)
    lists; a field set to null (unknown after all) is added to ``unknown``, unless the
    schema makes it null for every card of that type (a joker's suit).
    """
    db = load_game(game)
    target = _one_card(db, card)
    known = set(target.data) | _schema_fields(game, target.type)
    for field in values:
        if field == "source":
            # The source is the record's provenance: the book's section for the facts it still
            # holds, then each correction with its note. Replacing it would label the book's
            # facts with the new source and lose the earlier notes, so it is kept and appended to.
            raise CompanionError("'source' cannot be corrected: it keeps the book's citation and the "
                                 "note of each correction", where=target.id,
                                 suggestion="Say where your value comes from with --note; it is added "
                                            "to the source.")
        if field in {"id", "type", "replaces"}:
            raise CompanionError(f"{field!r} cannot be corrected", where=target.id,
                                 suggestion="Add a card file of your own for a different card.")
        if field not in known:
            raise CompanionError(f"{target.type} cards have no field {field!r}", where=target.id,
                                 suggestion=did_you_mean(closest(field, sorted(known), n=1)))
    _check_shapes(game, target.id, values)
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
    names = ", ".join(sorted(values)) + (f" ({note})" if note else "")
    base = str(record.get("source", ""))
    record["source"] = (f"{base}; {names}" if "user correction" in base  # earlier notes stay
                        else f"{base} | user correction: {names}")
    path = corrections_path(game)
    doc = read_json_file(path) if path.exists() else {"game": game, "set": "User corrections",
                                                      "cards": []}
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardFileError('expected an object with a "cards" list', where=str(path))
    mine = [c for c in doc["cards"] if isinstance(c, dict) and c.get("id") == target.id]
    if mine:  # correcting a correction: update it in place, keep what replaces
        record["replaces"] = mine[0].get("replaces", target.id)
        doc["cards"] = [record if c is mine[0] else c for c in doc["cards"]]
    else:
        record["replaces"] = target.id
        doc["cards"].append(record)
    _write_validated(path, doc, game)
    return record


def _one_card(db: Any, key: str) -> Any:
    """The card an id or name names; a name that several printings carry is refused with their
    ids (correcting one of them silently would leave the user unsure which)."""
    target = db.find(key)
    if target.id.lower() == key.strip().lower():
        return target
    same = db.named(key) or db.named(target.name)
    if len(same) > 1:
        ids = ", ".join(c.id for c in same)
        raise CompanionError(f"{key.strip()!r} names {len(same)} {db.game} cards", where=db.game,
                             expected="one card", found=ids,
                             suggestion=f"Give the id of the one to correct, e.g. `companion cards "
                                        f"correct {db.game} {same[0].id} ...`.")
    return target


def _check_shapes(game: str, card_id: str, values: Mapping[str, Any]) -> None:
    """Refuse text where a list or an object belongs, showing how to write one (the shell takes
    ``classes=healer`` as the text "healer")."""
    from .validation import field_types

    types = field_types(game)
    for field, value in values.items():
        kinds = types.get(field, (frozenset(), frozenset()))[0]
        if not isinstance(value, str) or "string" in kinds:
            continue
        if "array" in kinds:
            items = ", ".join(json.dumps(v.strip()) for v in value.split(";") if v.strip()) or '"..."'
            raise CompanionError(f"'{field}' is a list", where=card_id, expected="a JSON list",
                                 found=f"text {json.dumps(value)}",
                                 suggestion=f"Write it as JSON, quoted for the shell: {field}='[{items}]'.")
        if "object" in kinds:
            raise CompanionError(f"'{field}' is an object", where=card_id, expected="a JSON object",
                                 found=f"text {json.dumps(value)}",
                                 suggestion=f"Write it as JSON, quoted for the shell: "
                                            f"{field}='{{\"name\": ...}}'.")


def _schema_fields(game: str, card_type: str) -> set[str]:
    from .validation import card_fields

    return set(card_fields(game).get(card_type, ()))


def _write_validated(path: Path, doc: dict[str, Any], game: str) -> None:
    """Validate the file and the whole game with it in place, then replace the file atomically;
    on any problem (the file's schema, or a check across the game's cards such as a Mouse Card
    deck's colours and duplicates) nothing is written and the issues are listed."""
    from .validation import collection_issues, ensure_valid

    ensure_valid(doc, file=str(path), game=game)
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
