"""Validation of card files: JSON Schema per game, then checks across records.

One set of schema files (``data/schemas/*.schema.json``, draft 2020-12, linked by
``$id``/``$ref`` and resolved locally with :mod:`referencing`, never over the network)
serves two validators:

- a **fast path**: the schema is rewritten to draft 7 (refs inlined,
  ``unevaluatedProperties: false`` turned into ``additionalProperties: false`` over the
  exact set of known fields) and compiled once per game with :mod:`fastjsonschema`;
  valid data costs a few microseconds per card;
- the **explaining path**: only when the fast path rejects a document, :mod:`jsonschema`
  lists every error, which becomes a :class:`ValidationIssue` with file, card id, JSON
  pointer (``/cards/5/power``), a plain sentence of what was expected and found, and for
  an unknown field the closest known field name. jsonschema is the authority: if it
  finds nothing the document is valid.

If a schema uses something the rewrite cannot reproduce exactly, that game simply has
no fast path (same results, slower).

Checks a schema cannot express run across every record of a game
(:func:`check_collection`): duplicate ids, references that must resolve (a schema
property annotated ``"x-refers-to": ["search"]`` must name a card of that type), and
per-game counts registered with :func:`register_check` (the Mouse Card deck is exactly
54 cards with a red and a black joker; each Monarchs player has 7 + 3 starting cards).
A game package may add its own checks in ``companion/<game>/datachecks.py``: that module
is imported on first use and calls :func:`register_check`. Registered checks see only the
records that passed the schema (a malformed record is reported by the schema, never trips a
check), and their counts wait until every record of the game does.
:func:`collection_issues` runs these checks over a game's whole collection with an edited
document in place (``cards correct`` refuses a correction that would break them).

Deck-format files (``data/formats/*.json``, the user's ``formats`` folder, or any file
without ``cards`` that has ``deck_size``/``copy_limit``) are checked against
``format.schema.json`` instead (:func:`validate_format_document`).

Schemas may carry ``"x-message"`` on a combinator (``not``, ``anyOf``, ``oneOf``) to
replace jsonschema's wording with a plain sentence; ``"x-expected"`` and ``"x-problem"`` on a
``pattern`` say what it wants and what is wrong.
"""

from __future__ import annotations

import bisect
import importlib
import json
import math
import os
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from . import GAMES
from .errors import CompanionError, closest, closest_tied, did_you_mean, os_reason
from .textio import LONE_SURROGATE, loads_noting_twice, lone_surrogate, unescape_pointer
from .textio import escape_pointer as _escape
from .verdict import and_list

T = TypeVar("T")

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card

#: Files larger than this are refused rather than read into memory.
MAX_FILE_BYTES = 64 * 1024 * 1024
#: At most this many issues are kept per file (a garbage file would otherwise list millions).
MAX_ISSUES_PER_FILE = 2000

SCHEMA_BASE = "https://companion.local/schemas/"

# ---------------------------------------------------------------------------------------
# Issues and reports


@dataclass(frozen=True, slots=True)
class ValidationIssue:
    """One problem in one file: where it is, what was expected, what was found.

    ``kind`` is one of ``unreadable`` (the file cannot be read as text), ``json``
    (malformed JSON, ``line``/``column`` set; or a key given twice in one object, with its
    ``pointer`` and ``line``), ``schema``, ``unknown-field``,
    ``duplicate-id``, ``reference``, ``count`` or ``data``. ``severity`` is ``error``
    or ``warning`` (warnings do not make a file invalid). A ``duplicate-id`` names the card that holds
    the id first as data too: ``holder_file`` and ``holder_pointer`` (``/cards/3``), its file the same
    as ``file`` for an id used twice in one file.
    """

    file: str
    message: str
    pointer: str = ""
    card_id: str | None = None
    kind: str = "schema"
    expected: str | None = None
    found: str | None = None
    suggestion: str | None = None
    line: int | None = None
    column: int | None = None
    severity: str = "error"
    holder_file: str | None = None
    holder_pointer: str | None = None

    @property
    def where(self) -> str:
        """``file:line:column`` for JSON syntax errors, else ``file`` + pointer + card id."""
        if self.line is not None and self.column is not None:
            return f"{self.file}:{self.line}:{self.column}"
        text = self.file + (f":{self.line}" if self.line is not None else "")
        text += f" {self.pointer}" if self.pointer else ""
        return text + (f" (card {self.card_id!r})" if self.card_id else "")

    def render(self) -> str:
        """One readable line, the same shape as :meth:`CompanionError.render`."""
        details = []
        if self.expected is not None:
            details.append(f"expected {self.expected}")
        if self.found is not None:
            details.append(f"found {self.found}")
        text = f"{self.where}: {'warning: ' if self.severity == 'warning' else ''}{self.message}"
        if details:
            text += f" ({'; '.join(details)})"
        if self.suggestion:
            text += f". {self.suggestion}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass
class Report:
    """The result of validating some files: every issue, as data."""

    files: list[str] = field(default_factory=list)
    issues: list[ValidationIssue] = field(default_factory=list)
    cards: int = 0

    @property
    def errors(self) -> list[ValidationIssue]:
        return [i for i in self.issues if i.severity == "error"]

    @property
    def warnings(self) -> list[ValidationIssue]:
        return [i for i in self.issues if i.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def unreadable(self) -> bool:
        return any(i.kind == "unreadable" for i in self.issues)

    @property
    def exit_code(self) -> int:
        """0 valid, 1 invalid, 2 some file could not be read at all."""
        return 2 if self.unreadable else (0 if self.ok else 1)

    def summary(self) -> str:
        n_err, n_warn = len(self.errors), len(self.warnings)
        files = f"{len(self.files)} file{'s' * (len(self.files) != 1)}"
        head = f"{files}, {self.cards} card{'s' * (self.cards != 1)}"
        if self.ok:
            return f"valid: {head}" + (f", {n_warn} warning{'s' * (n_warn != 1)}" if n_warn else "")
        word = "unreadable" if self.unreadable else "invalid"
        return (f"{word}: {head}, {n_err} error{'s' * (n_err != 1)}"
                + (f", {n_warn} warning{'s' * (n_warn != 1)}" if n_warn else ""))

    def lines(self) -> list[str]:
        return [i.render() for i in self.issues] + [self.summary()]

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "exit_code": self.exit_code, "files": self.files, "cards": self.cards,
                "issues": [i.to_json() for i in self.issues]}

    def _repr_html_(self) -> str:  # pragma: no cover - notebook display
        import html

        items = "".join(f"<li>{html.escape(i.render())}</li>" for i in self.issues)
        return f"<b>{html.escape(self.summary())}</b><ul>{items}</ul>"


# ---------------------------------------------------------------------------------------
# Schemas: local registry, per-game validators


def schema_dir() -> Path:
    from .cards import DATA_DIR

    return DATA_DIR / "schemas"


@cache
def _registry_for(folder: str) -> Any:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = []
    for p in sorted(Path(folder).glob("*.schema.json")):
        contents = json.loads(p.read_text(encoding="utf-8"))
        uri = contents.get("$id", SCHEMA_BASE + p.name)
        resources.append((uri, Resource.from_contents(contents, default_specification=DRAFT202012)))

    def retrieve(uri: str) -> Any:  # no network: anything not bundled is an error
        from referencing.exceptions import NoSuchResource

        raise NoSuchResource(uri)  # (ref, given by place: mypy cannot see referencing's attrs __init__)

    return Registry(retrieve=retrieve).with_resources(resources)  # type: ignore[call-arg]


def registry() -> Any:
    """The :class:`referencing.Registry` of every bundled schema (no network access)."""
    return _registry_for(str(schema_dir()))


def schema_uri(game: str) -> str:
    return f"{SCHEMA_BASE}{game}.schema.json"


def game_schema(game: str) -> dict[str, Any]:
    """The JSON Schema of a game's card files (raises CompanionError if there is none)."""
    from referencing.exceptions import NoSuchResource

    try:
        return registry().contents(schema_uri(game))
    except (NoSuchResource, LookupError):
        raise CompanionError(f"no schema for game {game!r}",
                             expected=f"data/schemas/{game}.schema.json") from None


@cache
def whole_value_regex(pattern: str) -> re.Pattern[str]:
    """A schema ``pattern`` compiled with JSON Schema's (ECMA-262's) meaning of ``$``: the end of
    the value. Python's ``$`` also matches before a final newline, so ``^[a-z]+$`` would take
    ``"x\\n"`` as an id; an unescaped ``$`` outside a character class becomes ``\\Z`` (what
    fastjsonschema, the fast path, does too)."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "$":
            ch = r"\Z"
        out.append(ch)
        i += 1
    return re.compile("".join(out))


@cache
def _validator_class() -> Any:
    """Draft 2020-12 with ``pattern`` matched against the whole value (:func:`whole_value_regex`)."""
    from jsonschema import Draft202012Validator, ValidationError, validators

    def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Iterator[Any]:
        if validator.is_type(instance, "string") and not whole_value_regex(patrn).search(instance):
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    return validators.extend(Draft202012Validator, {"pattern": pattern})


@cache
def _detailed_for(folder: str, game: str) -> Any:
    return _validator_class()(game_schema(game), registry=_registry_for(folder))


def detailed_validator(game: str) -> Any:
    """A :class:`jsonschema.Draft202012Validator` for the game (explains every error), with
    patterns matched against the whole value as JSON Schema means them."""
    return _detailed_for(str(schema_dir()), game)


class FastPathUnsupported(Exception):
    """The schema uses something the draft-7 rewrite cannot reproduce exactly."""


_DROP = {"$schema", "$id", "$defs", "definitions", "title", "description", "$comment", "examples",
         "default", "deprecated", "readOnly", "writeOnly"}
_UNSUPPORTED = {"$dynamicRef", "$dynamicAnchor", "$recursiveRef", "prefixItems", "unevaluatedItems",
                "dependentSchemas", "dependentRequired", "minContains", "maxContains", "$anchor"}
_SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf")
_SUBSCHEMA_ONE = ("not", "if", "then", "else", "items", "contains", "additionalProperties",
                  "propertyNames")


def _draft7(node: Any, resolver: Any, depth: int = 0) -> Any:
    """Rewrite a 2020-12 schema node as an equivalent draft-7 node with refs inlined."""
    if depth > 60:
        raise FastPathUnsupported("schema too deep or recursive")
    if not isinstance(node, dict):
        return node
    bad = _UNSUPPORTED.intersection(node)
    if bad:
        raise FastPathUnsupported(f"keyword {sorted(bad)[0]}")
    out: dict[str, Any] = {}
    parts: list[Any] = []
    if "$ref" in node:
        resolved = resolver.lookup(node["$ref"])
        parts.append(_draft7(resolved.contents, resolved.resolver, depth + 1))
    for key, value in node.items():
        if key in _DROP or key == "$ref" or key.startswith("x-"):
            continue
        if key in ("properties", "patternProperties"):
            out[key] = {k: _draft7(v, resolver, depth + 1) for k, v in value.items()}
        elif key in _SUBSCHEMA_LISTS:
            out[key] = [_draft7(v, resolver, depth + 1) for v in value]
        elif key in _SUBSCHEMA_ONE:
            out[key] = _draft7(value, resolver, depth + 1)
        elif key == "unevaluatedProperties":
            if value is not False:
                raise FastPathUnsupported("unevaluatedProperties other than false")
        elif key == "const" and "enum" not in node:
            out["enum"] = [value]  # same test; fastjsonschema's terse mode mishandles "const"
        else:
            out[key] = value
    if node.get("unevaluatedProperties") is False:
        sure, maybe = _names(node, resolver)
        if not maybe <= set(sure) or _has_open_props(node, resolver):
            raise FastPathUnsupported("conditional or pattern properties with unevaluatedProperties")
        props = out.setdefault("properties", {})
        for name in sure:
            props.setdefault(name, {})
        out["additionalProperties"] = False
    if parts:
        out = {"allOf": [*parts, out]} if out else parts[0]
    return out


def _names(node: Any, resolver: Any, depth: int = 0) -> tuple[list[str], set[str]]:
    """Property names a schema node surely evaluates (properties, $ref, allOf) and those
    only some branches evaluate (if/then/else, anyOf, oneOf, not)."""
    sure: list[str] = []
    maybe: set[str] = set()
    if not isinstance(node, dict) or depth > 40:
        return sure, maybe
    if "$ref" in node:
        resolved = resolver.lookup(node["$ref"])
        s, m = _names(resolved.contents, resolved.resolver, depth + 1)
        sure += s
        maybe |= m
    sure += list(node.get("properties", {}))
    for sub in node.get("allOf", []):
        s, m = _names(sub, resolver, depth + 1)
        sure += s
        maybe |= m
    for key in ("if", "then", "else", "not"):
        if key in node:
            s, m = _names(node[key], resolver, depth + 1)
            maybe |= set(s) | m
    for key in ("anyOf", "oneOf"):
        for sub in node.get(key, []):
            s, m = _names(sub, resolver, depth + 1)
            maybe |= set(s) | m
    return list(dict.fromkeys(sure)), maybe


def _has_open_props(node: Any, resolver: Any, depth: int = 0) -> bool:
    if not isinstance(node, dict) or depth > 40:
        return False
    if "patternProperties" in node or "additionalProperties" in node:
        return True
    if "$ref" in node:
        resolved = resolver.lookup(node["$ref"])
        if _has_open_props(resolved.contents, resolved.resolver, depth + 1):
            return True
    return any(_has_open_props(s, resolver, depth + 1) for s in node.get("allOf", []))


@cache
def _fast_for(folder: str, game: str) -> Callable[[Any], Any] | None:
    import fastjsonschema

    reg = _registry_for(folder)
    try:
        try:
            return _fast_by_type(reg, game)
        except FastPathUnsupported:
            pass
        resolver = reg.resolver(base_uri=schema_uri(game))
        return _compile7(_draft7(reg.contents(schema_uri(game)), resolver))
    except (FastPathUnsupported, fastjsonschema.JsonSchemaDefinitionException):
        return None
    except Exception:  # a fastjsonschema limitation: jsonschema alone still gives the answer
        return None


def _compile7(schema: Any) -> Callable[[Any], Any]:
    import fastjsonschema

    # Terse exceptions: the fast path only needs yes/no; jsonschema explains failures.
    return fastjsonschema.compile(
        {"$schema": "http://json-schema.org/draft-07/schema#", **schema}, detailed_exceptions=False)


def _passes(cond: Any, value: Any, resolver: Any) -> bool:
    """Whether ``value`` fits the schema node ``cond`` (an ``if`` clause), via fastjsonschema.

    Not jsonschema: importing it costs about a second (its format checkers), and loading
    valid cards must not pay that; jsonschema is imported only to explain invalid data.
    """
    import fastjsonschema

    try:
        _compile7(_draft7(cond, resolver))(value)
    except fastjsonschema.JsonSchemaValueException:
        return False
    return True


def _only_type(cond: Any) -> bool:
    """Whether an ``if`` schema looks at nothing but the card's ``type``."""
    return (isinstance(cond, dict) and set(cond) <= {"properties", "required", "type"}
            and set(cond.get("properties", {})) <= {"type"} and set(cond.get("required", [])) <= {"type"}
            and cond.get("type", "object") == "object")


def _fast_by_type(reg: Any, game: str) -> Callable[[Any], Any]:
    """One compiled validator per card type, dispatched on ``card["type"]``.

    Exactly equivalent to the whole schema when the card schema picks its variant with
    ``if`` clauses on ``type`` alone (the convention of every game schema), and much
    faster: compiled ``if`` clauses that fail cost an exception per card.
    """
    top = reg.contents(schema_uri(game))
    cards = top.get("properties", {}).get("cards")
    if not isinstance(cards, dict) or cards.get("items") != {"$ref": "#/$defs/card"}:
        raise FastPathUnsupported("no cards: {items: {$ref: #/$defs/card}}")
    resolver = reg.resolver(base_uri=schema_uri(game))
    card = resolver.lookup("#/$defs/card")
    node, card_resolver = card.contents, card.resolver
    type_schema = node.get("properties", {}).get("type", {})
    types = type_schema.get("enum", [type_schema["const"]] if "const" in type_schema else [])
    if not types or not all(isinstance(t, str) for t in types):
        raise FastPathUnsupported("card types are not a list of strings")
    per_type: dict[str, Callable[[Any], Any]] = {}
    for t in types:
        parts = []
        for entry in node.get("allOf", []):
            if isinstance(entry, dict) and "if" in entry and set(entry) <= {"if", "then", "else"} \
                    and _only_type(entry["if"]):
                branch = entry.get("then" if _passes(entry["if"], {"type": t}, card_resolver) else "else")
                if branch is not None:
                    parts.append(branch)
            else:
                parts.append(entry)
        variant = {k: v for k, v in node.items() if k != "allOf"}
        if parts:
            variant["allOf"] = parts
        per_type[t] = _compile7(_draft7(variant, card_resolver))
    envelope = _compile7(_draft7({**top, "properties": {**top["properties"],
                                                        "cards": {**cards, "items": {}}}}, resolver))

    def validate(doc: Any) -> None:
        envelope(doc)
        for c in doc["cards"]:
            per_type[c["type"]](c)

    return validate


def fast_validator(game: str) -> Callable[[Any], Any] | None:
    """The compiled fast-path validator of a game, or ``None`` if its schema has none."""
    game_schema(game)
    return _fast_for(str(schema_dir()), game)


def card_fields(game: str) -> dict[str, list[str]]:
    """Card type -> the fields a card of that type may have, in a sensible column order.

    Derived from the schema (``#/$defs/card`` of the game's schema), so CSV columns and
    unknown-field suggestions always follow the schema files.
    """
    return {t: list(names) for t, names, _ in _card_fields(str(schema_dir()), game)}


def _null_only_fields(game: str, card_type: str) -> frozenset[str]:
    """Fields that are always null for a type (a joker's suit): null there is not 'unknown'."""
    for t, _, nulls in _card_fields(str(schema_dir()), game):
        if t == card_type:
            return nulls
    return frozenset()


def null_only_fields(game: str, card_type: str) -> frozenset[str]:
    """Fields the schema makes null for every card of a type (a joker's suit): such a null means
    "not applicable", not an unknown official value. Empty for an unknown game or type."""
    try:
        return _null_only_fields(game, card_type)
    except CompanionError:
        return frozenset()


@cache
def _card_fields(folder: str, game: str) -> tuple[tuple[str, tuple[str, ...], frozenset[str]], ...]:
    reg = _registry_for(folder)
    resolver = reg.resolver(base_uri=schema_uri(game))
    card = resolver.lookup("#/$defs/card")
    node, res = card.contents, card.resolver
    type_schema = node.get("properties", {}).get("type", {})
    types = list(type_schema.get("enum", [type_schema["const"]] if "const" in type_schema else []))
    out = []
    for t in types:
        names: list[str] = []
        nulls: set[str] = set()

        def walk(n: Any, r: Any, depth: int = 0, _t: str = t, _names: list[str] = names,
                 _nulls: set[str] = nulls) -> None:
            if not isinstance(n, dict) or depth > 40:
                return
            if "$ref" in n:
                got = r.lookup(n["$ref"])
                walk(got.contents, got.resolver, depth + 1)
            for pname, sub in n.get("properties", {}).items():
                _names.append(pname)
                if isinstance(sub, dict) and (sub.get("type") == "null" or
                                              ("const" in sub and sub["const"] is None)):
                    _nulls.add(pname)
            for sub in n.get("allOf", []):
                walk(sub, r, depth + 1)
            if "if" in n:
                branch = n.get("then" if _passes(n["if"], {"type": _t}, r) else "else")
                if branch is not None:
                    walk(branch, r, depth + 1)

        walk(node, res)
        uniq = list(dict.fromkeys(names))
        head = [f for f in ("id", "name", "type") if f in uniq]
        tail = [f for f in _TAIL if f in uniq]
        cols = head + [f for f in uniq if f not in head and f not in tail] + tail
        out.append((t, tuple(cols), frozenset(nulls)))
    return tuple(out)


_TAIL = ("replaces", "text", "notes", "qty", "art", "back", "unknown", "source")


def field_types(game: str) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Field -> (JSON types it may hold, JSON types of its list items), over every card type.

    Types are JSON Schema names (``integer``, ``string``, ``null``, ...); ``any`` when the
    schema does not say. Used by the spreadsheet import to read cells.
    """
    return dict(_field_types(str(schema_dir()), game))


def _json_types(node: Any, resolver: Any, depth: int = 0) -> set[str]:
    if not isinstance(node, dict) or depth > 40:
        return {"any"}
    found: set[str] = set()
    if "$ref" in node:
        got = resolver.lookup(node["$ref"])
        found |= _json_types(got.contents, got.resolver, depth + 1) - {"any"}
    t = node.get("type")
    if isinstance(t, str):
        found.add(t)
    elif isinstance(t, list):
        found |= {x for x in t if isinstance(x, str)}
    values = [node["const"]] if "const" in node else list(node.get("enum", []))
    for v in values:
        found.add(_SCHEMA_TYPE[_json_type(v)])
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key, []):
            found |= _json_types(sub, resolver, depth + 1) - {"any"}
    if "integer" in found and "number" not in found and node.get("type") == "number":
        found.add("number")
    return found or {"any"}


_SCHEMA_TYPE = {"null": "null", "a boolean": "boolean", "an integer": "integer", "a number": "number",
                "text": "string", "a list": "array", "an object": "object"}


@cache
def _field_types(folder: str, game: str) -> tuple[tuple[str, tuple[frozenset[str], frozenset[str]]], ...]:
    reg = _registry_for(folder)
    card = reg.resolver(base_uri=schema_uri(game)).lookup("#/$defs/card")
    out: dict[str, tuple[set[str], set[str]]] = {}
    types = [t for t, _, _ in _card_fields(folder, game)]

    def walk(n: Any, r: Any, t: str, depth: int = 0) -> None:
        if not isinstance(n, dict) or depth > 40:
            return
        if "$ref" in n:
            got = r.lookup(n["$ref"])
            walk(got.contents, got.resolver, t, depth + 1)
        for pname, sub in n.get("properties", {}).items():
            kinds, items = out.setdefault(pname, (set(), set()))
            kinds |= _json_types(sub, r)
            sub_items = sub.get("items") if isinstance(sub, dict) else None
            if sub_items is None and isinstance(sub, dict) and "$ref" in sub:
                sub_items = r.lookup(sub["$ref"]).contents.get("items")
            if sub_items is not None:
                items |= _json_types(sub_items, r)
        for sub in n.get("allOf", []):
            walk(sub, r, t, depth + 1)
        if "if" in n:
            passes = _passes(n["if"], {"type": t}, r)
            branch = n.get("then" if passes else "else")
            if branch is not None:
                walk(branch, r, t, depth + 1)

    for t in types:
        walk(card.contents, card.resolver, t)
    result = []
    for name, (kinds, items) in out.items():
        if len(kinds) > 1:
            kinds.discard("any")
        if len(items) > 1:
            items.discard("any")
        result.append((name, (frozenset(kinds), frozenset(items))))
    return tuple(result)


def all_fields(game: str) -> list[str]:
    """Every field any card of the game may have (the union over types, column order)."""
    fields: list[str] = []
    per_type = card_fields(game)
    for names in per_type.values():
        fields += names
    uniq = list(dict.fromkeys(fields))
    tail = [f for f in _TAIL if f in uniq]
    return [f for f in uniq if f not in tail] + tail


def other_game_fields(names: Iterable[str], game: str) -> tuple[str, list[str]] | None:
    """``(other game, its fields among names)`` when ``names`` (the fields a file's cards use, or a
    sheet's columns) are most likely another game's cards than ``game``'s: at least two of them are
    fields only that game has, they are most of the names ``game`` does not know, and they outnumber
    the names only ``game`` has (a TMNT file with a stray 'atk' and 'def' is still a TMNT file). The
    fields every game shares ('name', 'text'...) tell nothing. ``None`` otherwise. A card file (for
    ``validate``) and a sheet (for ``cards import``) of the wrong game are told so with it, as a
    decklist of the other game's cards is."""
    present = list(dict.fromkeys(names))
    try:
        mine = set(all_fields(game))
    except CompanionError:
        return None
    unknown = [n for n in present if n not in mine]
    best: tuple[str, list[str]] | None = None
    for other in GAMES:
        if other == game or not unknown:
            continue
        try:
            theirs = set(all_fields(other))
        except CompanionError:  # (a game without a card schema)
            continue
        fit = [n for n in unknown if n in theirs]
        own = [n for n in present if n in mine and n not in theirs]
        if len(fit) >= 2 and 2 * len(fit) > len(unknown) and len(fit) > len(own) \
                and (best is None or len(fit) > len(best[1])):
            best = other, fit
    return best


def _other_game_issue(doc: Any, file: str, game: str,
                      found: Sequence[ValidationIssue]) -> list[ValidationIssue]:
    """An error at ``/game`` when the fields of the cards the schema calls unknown are another game's
    (:func:`other_game_fields`): "Did you mean 'art'?" for a Village 'atk' in a file whose game says
    tmnt points the wrong way; the file's game is what to check."""
    if not any(i.kind == "unknown-field" for i in found):
        return []
    cards = doc.get("cards") if isinstance(doc, dict) else None
    names = [k for c in cards if type(c) is dict for k in c] if isinstance(cards, list) else []
    other = other_game_fields(names, game)
    if other is None:
        return []
    them, fields = other
    shown = and_list([f"'{f}'" for f in fields[:5]] + (["more"] if len(fields) > 5 else []))
    return [ValidationIssue(file, f"these cards' fields ({shown}) are {GAMES[them]}'s, not {GAMES[game]}'s",
                            pointer="/game", suggestion=f"Is the file's game right? If these are "
                                                        f'{GAMES[them]} cards, write "game": "{them}".')]


# ---------------------------------------------------------------------------------------
# Reading files


def read_document(path: str | os.PathLike[str]) -> tuple[Any, ValidationIssue | None]:
    """Read and parse a JSON file; ``(doc, None)`` or ``(None, issue)``, never an exception. A key
    given twice in one object refuses the file (its first such key is the issue): no loader reads it."""
    return _refused(*read_document_all(path))


def read_document_all(path: str | os.PathLike[str]
                      ) -> tuple[Any, ValidationIssue | None, list[ValidationIssue]]:
    """Read and parse a JSON file for ``validate``: ``(doc, problem, twice)``, never an exception.
    ``problem`` says why the file cannot be read as JSON (``doc`` is then ``None``); ``twice`` has
    an error for each key given twice in one object, with ``doc`` kept (the last value, as JSON
    readers keep it), so the file's other errors are found in the same run."""
    p = Path(path)
    f = str(path)
    try:
        if p.is_dir():
            return None, ValidationIssue(f, "is a directory, not a JSON file", kind="unreadable"), []
        if not p.is_file():
            what = "does not exist" if not p.exists() else "is not a regular file"
            return None, ValidationIssue(f, what, kind="unreadable"), []
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            return None, ValidationIssue(f, "is too large to be a card file", kind="unreadable",
                                         expected=f"at most {MAX_FILE_BYTES // 2**20} MB",
                                         found=f"{size / 2**20:.0f} MB"), []
        raw = p.read_bytes()
    except OSError as exc:
        return None, ValidationIssue(f, f"cannot be read ({os_reason(exc)})", kind="unreadable"), []
    except ValueError as exc:  # e.g. embedded NUL in the path
        return None, ValidationIssue(f, f"is not a usable path ({exc})", kind="unreadable"), []
    return parse_document_all(raw, file=f)


def _refused(doc: Any, problem: ValidationIssue | None,
             twice: list[ValidationIssue]) -> tuple[Any, ValidationIssue | None]:
    """``(doc, None)`` or ``(None, issue)``: a document with a key given twice is refused."""
    problem = problem or (twice[0] if twice else None)
    return (None, problem) if problem is not None else (doc, None)


def parse_document(raw: bytes | str, *, file: str) -> tuple[Any, ValidationIssue | None]:
    """Parse JSON text or bytes (UTF-8, BOM allowed); report errors with line and column.
    ``(doc, None)`` or ``(None, issue)``: a key given twice in one object refuses the document."""
    return _refused(*parse_document_all(raw, file=file))


def parse_document_all(raw: bytes | str, *,
                       file: str) -> tuple[Any, ValidationIssue | None, list[ValidationIssue]]:
    """Parse JSON text or bytes as :func:`parse_document` does, for ``validate``: ``(doc, problem,
    twice)``; ``problem`` says why it cannot be read (``doc`` is then ``None``), ``twice`` has an
    error for each key given twice in one object (with its JSON pointer and line), ``doc`` kept."""
    if isinstance(raw, bytes):
        from .textio import decode_text

        try:  # names UTF-16 (Notepad's "Unicode", PowerShell's >) as such
            text = decode_text(raw, where=file, what="JSON file",
                               suggestion="Save the file as UTF-8 (an editor's 'UTF-8' encoding).")
        except CompanionError as exc:
            return None, ValidationIssue(file, exc.message, kind="unreadable", expected=exc.expected,
                                         found=exc.found, suggestion=exc.suggestion), []
    else:
        text = raw.removeprefix("\ufeff")
    if "\x00" in text:
        return None, ValidationIssue(file, "is binary data, not JSON text", kind="unreadable",
                                     found=f"a NUL byte at offset {text.index(chr(0))}"), []
    if not text.strip():
        return None, ValidationIssue(file, "is empty", kind="json", expected="a JSON document",
                                     line=1, column=1), []
    constants: list[str] = []  # NaN, Infinity, -Infinity: read by Python's JSON, allowed by no JSON

    def constant(word: str) -> _Constant:
        constants.append(word)
        return _Constant(word)

    try:
        doc, twice = loads_noting_twice(text, parse_constant=constant)
    except json.JSONDecodeError as exc:
        sheet = Path(file).suffix.lower() in (".csv", ".tsv") or _looks_like_sheet(text)
        hint = (_sheet_hint(file, text) if sheet else _decklist_hint(file) if _looks_like_decklist(text)
                else json_syntax_hint(exc))
        return None, ValidationIssue(file, f"is not valid JSON: {exc.msg}", kind="json",
                                     line=exc.lineno, column=exc.colno, suggestion=hint), []
    except RecursionError:
        return None, ValidationIssue(file, "is nested too deeply to be read (lists or objects thousands of "
                                     "levels deep)", kind="json"), []
    except ValueError as exc:  # an integer with more digits than Python converts (its limit's message
        # names a Python setting, no help to whoever wrote the file): where it is, instead
        import sys

        long = re.search(rf"\d{{{sys.get_int_max_str_digits() + 1},}}", text)
        if long is None:  # (no other ValueError is known; said as Python says it)
            return None, ValidationIssue(file, f"is not usable JSON: {exc}", kind="json"), []
        line = text.count("\n", 0, long.start()) + 1
        return None, ValidationIssue(file, "is not usable JSON: it holds a number of thousands of digits "
                                     f"({len(long.group())})", kind="json", line=line,
                                     column=long.start() - text.rfind("\n", 0, long.start())), []
    if constants:  # (refused once, at its place: never a value of the wrong type and out of range too)
        return None, _constant_issue(doc, text, file, len(constants)), []
    return doc, None, _twice_issues(doc, twice, text, file)


class _Constant(str):
    """``NaN``, ``Infinity`` or ``-Infinity`` where a JSON value belongs, as Python's JSON reader takes it
    (no JSON allows it): kept as its word, to be found by :func:`_constant_issue`."""


def _constant_issue(doc: Any, text: str, file: str, count: int) -> ValidationIssue:
    """The first ``NaN``/``Infinity`` of a document (:class:`_Constant`, ``count`` of them in all) as the
    one problem that refuses it: the word, its pointer, line and card, and what to write instead."""
    stack: list[tuple[Any, list[Any]]] = [(doc, [])]
    while stack:  # depth first, in the order of the document
        value, path = stack.pop()
        if isinstance(value, _Constant):
            break
        if type(value) is dict:
            stack += [(v, [*path, k]) for k, v in reversed(value.items())]
        elif type(value) is list:
            stack += [(v, [*path, i]) for i, v in reversed(list(enumerate(value)))]
    pointer = _pointer(path)
    more = f" (and {count - 1} more such value{'s' * (count > 2)} after it)" if count > 1 else ""
    return ValidationIssue(file, f"is not valid JSON: {value} is not a number JSON allows{more}",
                           pointer=pointer, card_id=_card_id(doc, path), kind="json",
                           line=lines_of(text, [pointer]).get(pointer),
                           suggestion="Write a number in its place.")


def _twice_issues(doc: Any, pointers: Sequence[str], text: str, file: str) -> list[ValidationIssue]:
    """An error for each key given twice in one object (:func:`loads_noting_twice`): its pointer,
    the line of its last value (the one kept), the card it is in."""
    if not pointers:
        return []
    lines = pointer_lines(text, pointers)
    out = []
    for ptr in pointers:
        value: Any = doc
        path: list[Any] = []  # (an index of a list is a number: _card_id reads /cards/<n>)
        for part in ptr.split("/")[1:]:
            path.append(int(part) if type(value) is list else unescape_pointer(part))
            value = value[path[-1]]
        key = path[-1]
        what = ("this card" if len(path) == 3 and path[0] == "cards" else "the file" if len(path) == 1
                else "this object")
        out.append(ValidationIssue(file, f"the key {key!r} is given twice in {what}: only the last value "
                                   f"({_show(value, 30)}) would count", pointer=ptr, kind="json",
                                   card_id=_card_id(doc, path), line=lines.get(ptr),
                                   suggestion="Give it once (keep the right value)."))
    return out


def json_syntax_hint(exc: json.JSONDecodeError) -> str | None:
    """What to do about a JSON syntax error, where there is a likely fix: a comma left after the
    last item of a list or object (``[1, 2,]``, which JavaScript allows and JSON does not) is
    named with its line and column. ``None`` otherwise."""
    text, pos = exc.doc, exc.pos
    if not isinstance(text, str) or text[pos:pos + 1] not in ("]", "}"):
        return None
    before = len(text[:pos].rstrip(" \t\r\n")) - 1
    if before < 0 or text[before] != ",":
        return None
    line = text.count("\n", 0, before) + 1
    column = before - text.rfind("\n", 0, before)
    return (f"Remove the comma after the last item (line {line}, column {column}): JSON allows no comma "
            f"before a closing '{text[pos]}'.")


def _sheet_hint(file: str, text: str) -> str:
    """What to do with a CSV sheet given where a JSON card file belongs: the command that imports it
    (:func:`sheet_import_command`) as the game it is (:func:`sheet_games`), or, when it does not tell, the
    command for each game it may be."""
    games = sheet_games(text, file)
    said = [f"`{sheet_import_command(game, file)}`" for game in games]
    if len(said) == 1:
        return f"A CSV sheet is not a card file: make one of it with {said[0]}."
    each = [f"{command} ({GAMES[game]})" for command, game in zip(said, games, strict=True)]
    return ("A CSV sheet is not a card file: make one of it with the command of its game: "
            f"{', '.join(each[:-1])} or {each[-1]}.")


def sheet_import_command(game: str, file: str, out: str | os.PathLike[str] | None = None) -> str:
    """The command that imports the sheet ``file`` (as given; one given as text, ``<...>``, has no name:
    ``SHEET.csv``) as ``game``'s cards, one that runs as written: writing ``out`` (the card file asked
    for), or, when ``out`` is in a game's card folder (where another game's file is refused) or not given,
    a file of its name (else the sheet's, as ``.json``, named apart from the sheet: import never writes
    the file it reads) in the user's folder for ``game`` if there is one, else in the current folder
    (import makes no folder)."""
    import shlex

    from .cards import user_data_dir

    sheet = "SHEET.csv" if file.startswith("<") else file
    if out is None or folder_game(out, _game_roots()) is not None:
        name = Path(out).name if out is not None else f"{Path(sheet).stem}.json"
        if out is None and name.lower() == Path(sheet).name.lower():
            name = f"{Path(sheet).stem}-cards.json"
        mine = user_data_dir() / game  # (where the game's cards load from, if it is there: none is made)
        out = mine / name if mine.is_dir() else name
    return f"companion cards import {game} {shlex.quote(sheet)} --out {shlex.quote(str(out))}"


#: The rows of a sheet :func:`sheet_games` reads for its cards' types, at most.
_SHEET_ROWS_READ = 50


def sheet_games(text: str, file: str | None = None) -> list[str]:
    """The games whose cards the CSV sheet ``text`` may hold (one when it tells): those whose fields name
    the most of its columns; of those, the games of the most of its first rows' types (its ``type``
    column: ``fruit`` is a Village TCG type); then the game whose card folder ``file`` lies in
    (:func:`folder_game`), if it is one of them. In the order of :data:`~companion.GAMES`."""
    import csv
    import io
    from itertools import islice

    from .cardcsv import FILE_COLUMNS
    from .textio import csv_separator

    text = text.removeprefix("\ufeff")
    sep, stated = csv_separator(text.splitlines()[:1], header=_is_sheet_header)
    rows: list[list[str]] = []
    try:  # (a line a quote leaves open is as far as it is read: the rows before it tell)
        rows.extend(islice(csv.reader(io.StringIO(text.partition("\n")[2] if stated else text, newline=""),
                                      delimiter=sep or ","), _SHEET_ROWS_READ + 1))
    except csv.Error:
        pass
    header = [c.strip().lower().replace(" ", "_") for c in rows[0]] if rows else []
    columns = [c for c in header if c and c != "set" and c not in FILE_COLUMNS]
    fields: dict[str, set[str]] = {}
    for game in GAMES:
        try:
            fields[game] = set(all_fields(game))
        except CompanionError:  # (a game without a card schema)
            continue
    games = _most(list(fields), lambda game: sum(c in fields[game] for c in columns))
    if len(games) > 1 and "type" in header:
        at = header.index("type")
        types = [row[at].strip().lower().replace(" ", "-") for row in rows[1:] if len(row) > at]
        kinds = {game: set(card_fields(game)) for game in games}
        games = _most(games, lambda game: sum(t in kinds[game] for t in types))
    here = folder_game(file, _game_roots()) if file and len(games) > 1 else None
    return [here] if here in games else games


def _most(games: list[str], score: Callable[[str], int]) -> list[str]:
    """The ``games`` of the highest ``score`` (every one when none scores)."""
    scores = {game: score(game) for game in games}
    best = max(scores.values(), default=0)
    return [game for game in games if scores[game] == best] if best else games


def _is_sheet_header(cells: Sequence[str]) -> bool:
    """Whether a row's ``cells`` are a card sheet's header: they name the ``name`` and ``type`` columns
    every card sheet has, in any case, spaces around a name aside (`` Name , Type ``). The one test of
    :func:`sheet_games` and :func:`_looks_like_sheet`, so a text they read is a sheet to both or neither."""
    return {"name", "type"} <= {c.strip().lower() for c in cells}


def _looks_like_sheet(text: str) -> bool:
    """Whether text that is not JSON reads as a CSV sheet of cards: its header (after Excel's ``sep=;``
    line, if any) names the ``name`` and ``type`` columns every card sheet has (a sheet saved as .json)."""
    from .textio import csv_separator

    lines = text.removeprefix("\ufeff").splitlines()[:2]
    if lines and lines[0].strip().lower().startswith("sep="):
        lines = lines[1:]
    sep, _stated = csv_separator(lines[:1], header=_is_sheet_header, row=lambda _line: False)
    return sep is not None


#: A decklist's card line: a count (``3``, ``3x``) and a name (``3 Acorn Scout``, ``2x Leaf Dodge``).
_DECK_LINE = re.compile(r"^\d{1,3}\s*[x×]?\s+\S", re.IGNORECASE)
#: A decklist's other lines: a header (``Deck``, ``Main deck:``), its name, a ``[Mice]`` label.
_DECK_OTHER = re.compile(r"^(name\s*:.*|(main\s*)?deck\s*(list)?\s*:?|main\s*:?|\[[^\[\]]+\])$",
                         re.IGNORECASE)


def _looks_like_decklist(text: str) -> bool:
    """Whether text that is not JSON reads as a decklist: its lines (comments and blank lines aside)
    ``3 Card Name`` lines, with at most a header, a ``Name:`` line or labels besides."""
    lines = [line.strip() for line in text.splitlines()[:200]]
    lines = [line for line in lines if line and not line.startswith(("#", "//"))]
    cards = sum(bool(_DECK_LINE.match(line)) for line in lines)
    return cards > 0 and cards + sum(bool(_DECK_OTHER.match(line)) for line in lines) == len(lines)


def _decklist_hint(file: str) -> str:
    """What to do with a decklist given where a JSON card file belongs."""
    return (f"It looks like a decklist ('3 Card Name' lines), not a card file: check it with "
            f"`companion deck check GAME {file}` (GAME: village or tmnt).")


# ---------------------------------------------------------------------------------------
# Schema validation of one document


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def json_found(value: Any, limit: int = 40) -> str:
    """What a JSON value is, for a message's "found": its type and a short quote (``a list [{"id":
    "x"}]``, ``text "cards"``)."""
    return f"{_json_type(value)} {_show(value, limit)}"


def _show(value: Any, limit: int = 60) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"{_json_type(value)} nested too deeply to show"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # a lone surrogate, escaped
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show_typed(value: Any) -> str:
    """A found value with its kind: ``text "x"``, ``an integer 7``; null is just ``null``."""
    return "null" if value is None else f"{_json_type(value)} {_show(value)}"


def _pointer(parts: Iterable[Any]) -> str:
    return "".join("/" + _escape(str(p)) for p in parts)


def _unquoted(value: Any, types: Collection[str]) -> str | None:
    """The advice for a value typed in quotes that would be right without them (``"3"`` for a whole
    number, ``"true"``, ``"null"``): a hand-written JSON file's commonest type slip. ``None`` otherwise."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    right: Any = None
    if "integer" in types and re.fullmatch(r"[+-]?\d{1,9}", text):
        right = int(text)
    elif "number" in types and re.fullmatch(r"[+-]?(\d{1,9}(\.\d*)?|\.\d+)", text):
        right = float(text) if "." in text else int(text)
    elif "boolean" in types and text in ("true", "false"):
        right = text == "true"
    elif "null" in types and text == "null":
        return "Write null without quotes (it means unknown)"
    if right is None:
        return None
    return f"Write it without quotes: {json.dumps(right)}"


_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text",
               "boolean": "true or false", "null": "null (unknown)", "array": "a list", "object": "an object"}


def with_article(noun: str) -> str:
    """``noun`` after "a" or "an" ("an attack card", "a fruit card")."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def field_owners(game: str, name: str) -> list[str]:
    """The card types of ``game`` that have the field ``name`` (none: no card has it)."""
    return [t for t, names in card_fields(game).items() if name in names]


def field_hint(game: str, card_type: str, name: str, known: Iterable[str]) -> str | None:
    """What to say of a field a ``card_type`` card lacks: the types it belongs to (ATK on a Fruit
    card is no typo for 'art'), else the closest of the ``known`` field names."""
    owners = [t for t in field_owners(game, name) if t != card_type]
    if owners:
        return f"'{name}' belongs to {and_list(owners)} cards, not {card_type} cards"
    return did_you_mean(closest(name, sorted(known), n=1))


def _card_id(doc: Any, path: Sequence[Any]) -> str | None:
    if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int) and isinstance(doc, dict):
        cards = doc.get("cards")
        if isinstance(cards, list) and path[1] < len(cards) and isinstance(cards[path[1]], dict):
            cid = cards[path[1]].get("id")
            return cid if isinstance(cid, str) else None
    return None


def _issues_from_error(err: Any, doc: Any, file: str, game: str,
                       prefix: Sequence[Any] = ()) -> Iterator[ValidationIssue]:
    """The issues of one jsonschema error; ``prefix`` is the path of the validated value within
    ``doc`` (a card validated on its own: ``["cards", 3]``)."""
    path = [*prefix, *err.absolute_path]
    ptr = _pointer(path)
    cid = _card_id(doc, path)
    v, vv, inst, schema = err.validator, err.validator_value, err.instance, err.schema
    what = f"'{path[-1]}'" if path and isinstance(path[-1], str) else "the value"

    def issue(message: str, **kw: Any) -> ValidationIssue:
        base: dict[str, Any] = {"pointer": ptr, "card_id": cid}
        base.update(kw)
        return ValidationIssue(file, message, **base)

    if v == "required":
        for name in vv:
            if isinstance(inst, dict) and name not in inst:
                is_card = path[:1] == ["cards"] and len(path) == 2
                typed = is_card and inst.get("type") in _card_types(game)
                kind = (with_article(f"{inst.get('type')} card") if typed
                        else "every card" if is_card else "this object")
                yield issue(f"the field '{name}' is missing", pointer=_pointer([*path, name]),
                            expected=f"{kind} to have '{name}'")
    elif v in ("unevaluatedProperties", "additionalProperties"):
        known = (_known_names(schema, game) if v == "unevaluatedProperties"
                 else list(schema.get("properties", {})))
        extra = [k for k in inst if k not in known] if isinstance(inst, dict) else []
        is_card = path[:1] == ["cards"] and len(path) == 2 and isinstance(inst, dict)
        ctype = inst.get("type") if is_card else None
        for name in extra:
            typed = isinstance(ctype, str) and ctype in _card_types(game)
            owners = field_owners(game, str(name)) if typed else []
            if owners:  # a field of the game's other cards (ATK on a Fruit card): not a typo
                assert ctype is not None  # (owners only for a typed card: ctype is its type)
                yield issue(f"{with_article(ctype + ' card')} has no field '{name}'", kind="unknown-field",
                            pointer=_pointer([*path, name]),
                            expected="one of the fields " + ", ".join(known),
                            suggestion=f"'{name}' belongs to {and_list(owners)} cards: remove it, or "
                                       "check the card's type")
                continue
            hint = closest(str(name), known, n=1)
            yield issue(f"unknown field '{name}'", kind="unknown-field", pointer=_pointer([*path, name]),
                        expected="one of the fields " + ", ".join(known) if not hint else None,
                        suggestion=did_you_mean(hint))
    elif v == "type":
        types = [vv] if isinstance(vv, str) else list(vv)
        yield issue(f"{what} has the wrong type", expected=" or ".join(_TYPE_WORDS.get(t, t) for t in types),
                    found=_show_typed(inst), suggestion=_unquoted(inst, types))
    elif v == "enum":
        hint = closest_tied(inst, [str(x) for x in vv]) if isinstance(inst, str) else []
        yield issue(f"{what} is not an allowed value", expected="one of " + ", ".join(_show(x) for x in vv),
                    found=_show(inst), suggestion=did_you_mean(hint))
    elif v == "const":
        yield issue(f"{what} must be {_show(vv)}", expected=_show(vv), found=_show(inst))
    elif v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                 "exclusiveMaximum": "less than"}[v]
        yield issue(f"{what} {_OUT_OF_RANGE}", expected=f"{words} {vv}", found=_show(inst))
    elif v in ("minLength", "maxLength"):
        if v == "minLength" and vv == 1:
            yield issue(f"{what} is empty", expected="some text", found='""')
        else:
            words = "at least" if v == "minLength" else "at most"
            yield issue(f"{what} has the wrong length", expected=f"{words} {vv} characters",
                        found=f"{len(inst)} characters")
    elif v == "pattern":
        if inst == "" and schema.get("minLength", 0) >= 1:
            return  # the minLength error already says "is empty"
        desc = schema.get("x-expected")
        problem = schema.get("x-problem", "is not in the required form")
        yield issue(f"{what} {problem}", expected=desc or f"text matching {vv}", found=_show(inst))
    elif v in ("minItems", "maxItems"):
        words = "at least" if v == "minItems" else "at most"
        yield issue(f"{what} has the wrong number of items", expected=f"{words} {vv}", found=str(len(inst)))
    elif v == "uniqueItems":
        yield issue(f"{what} repeats an item", expected="no repeated items", found=_show(inst))
    elif v in ("not", "anyOf", "oneOf", "allOf") and schema.get("x-message"):
        yield issue(str(schema["x-message"]), found=None if isinstance(inst, dict | list) else _show(inst))
    else:
        yield issue(err.message)


def _card_types(game: str) -> tuple[str, ...]:
    """The card types a game's schema knows (none for a schema without cards, such as formats)."""
    try:
        return tuple(t for t, _, _ in _card_fields(str(schema_dir()), game))
    except Exception:  # no such schema, or one without #/$defs/card
        return ()


@cache
def _card_validator_for(folder: str, game: str) -> Any:
    return _validator_class()({"$ref": schema_uri(game) + "#/$defs/card"}, registry=_registry_for(folder))


def _untyped_card_issues(doc: Any, file: str, game: str, budget: int) -> list[ValidationIssue]:
    """The errors that a card's unknown, missing or mistyped ``type`` would otherwise hide.

    The schema picks a card's fields by its type, so a card whose type is not one of the game's
    is checked for nothing but the type: its bad id, empty name or ATK of ``x`` would surface
    only once the type is fixed, one round of ``validate`` later. Such a card is checked as the
    closest type (``basic-mous`` as a ``basic-mouse``, the type the type error suggests); with no
    close type (a sheet without a ``type`` column), as each type that has every field the card has
    (ATK and DEF: a Basic or Mega Mouse), keeping the errors that hold for each of them; when no
    type has them all, the errors that every type of the game finds (an id, a name, a source: what
    all card types share). The type's own error is reported by the schema. At most ``budget`` issues.
    """
    cards = doc.get("cards") if isinstance(doc, dict) else None
    types = list(_card_types(game))
    if not isinstance(cards, list) or not types:
        return []
    validator = _card_validator_for(str(schema_dir()), game)

    def as_type(i: int, card: dict[str, Any], card_type: str) -> list[ValidationIssue]:
        out = []
        for err in validator.iter_errors({**card, "type": card_type}):
            out += [issue for issue in _issues_from_error(err, doc, file, game, prefix=["cards", i])
                    if issue.pointer != f"/cards/{i}/type"]
        return out

    found: list[ValidationIssue] = []
    for i, card in enumerate(cards):
        if type(card) is not dict or card.get("type") in types:
            continue
        named = card.get("type")
        guess = closest_tied(named, types) if isinstance(named, str) else []
        if len(guess) == 1:
            found += as_type(i, card, guess[0])
        else:  # no type, or two as close ("mouse"): what holds for each that fits
            every = {t: as_type(i, card, t) for t in guess or types}
            fits = [t for t, issues in every.items() if all(x.kind != "unknown-field" for x in issues)]
            found += _held_by_each(every, fits or guess or types)
        if len(found) >= budget:
            break
    return found[:budget]


def _held_by_each(every: dict[str, list[ValidationIssue]], types: Sequence[str]) -> list[ValidationIssue]:
    """The issues found of a card checked as each of ``types`` (``every``: type -> its issues) that
    hold for all of them; one that names the type it was checked as ("a basic-mouse card to have
    'def'") names them all ("a basic-mouse or mega-mouse card")."""
    shared = set.intersection(*({(x.pointer, x.message) for x in every[t]} for t in types))
    first = with_article(f"{types[0]} card")
    each = with_article(f"{', '.join(types[:-1])} or {types[-1]} card") if len(types) > 1 else first
    return [replace(x, expected=x.expected.replace(first, each)) if x.expected else x
            for x in every[types[0]] if (x.pointer, x.message) in shared]


def _known_names(schema: Any, game: str) -> list[str]:
    try:
        reg = registry()
        sure, maybe = _names(schema, reg.resolver(base_uri=schema_uri(game)))
        return list(dict.fromkeys([*sure, *sorted(maybe)]))
    except Exception:  # an unusual schema: fall back to the node's own properties
        return list(schema.get("properties", {})) if isinstance(schema, dict) else []


def _document_game(doc: Any, file: str, game: str | None) -> tuple[str | None, list[ValidationIssue]]:
    """Which game's schema applies; issues if the document does not say or says wrongly."""
    if not isinstance(doc, dict):
        return None, [ValidationIssue(file, "is not a card file", expected='an object {"game": ..., '
                                      '"set": ..., "cards": [...]}', found=_json_type(doc))]
    named = doc.get("game")
    if isinstance(named, str) and named in GAMES:
        if game is not None and named != game:
            return None, [ValidationIssue(file, "holds cards of another game", pointer="/game",
                                          expected=_show(game), found=_show(named))]
        return named, []
    if game is not None:  # the schema reports the missing or wrong "game" itself
        return game, []
    if named is None:
        return None, [ValidationIssue(file, "the field 'game' is missing", pointer="/game",
                                      expected="one of " + ", ".join(GAMES))]
    hint = closest(named, list(GAMES), n=1) if isinstance(named, str) else []
    return None, [ValidationIssue(file, "names an unknown game", pointer="/game",
                                  expected="one of " + ", ".join(GAMES), found=_show(named),
                                  suggestion=did_you_mean(hint))]


def validate_document(doc: Any, *, file: str, game: str | None = None,
                      warnings: bool = True) -> list[ValidationIssue]:
    """Every schema error of one parsed card file, plus per-card data checks.

    ``game`` (if given) is the game the file must belong to; otherwise the file's own
    ``"game"`` field picks the schema. ``warnings`` off: the warnings only a walk of every field
    finds (names with stray spaces) are not looked for (a loader keeps only errors).
    """
    g, issues = _document_game(doc, file, game)
    if g is None:
        return issues
    try:
        fast = fast_validator(g)
    except CompanionError as exc:
        return [ValidationIssue(file, exc.message, pointer="/game", expected=exc.expected)]
    if fast is not None:
        try:
            fast(doc)
            marks = _marks(doc, names=warnings)  # one walk of every card for what the checks below look for
            return (issues + list(_card_checks(doc, file, g, warnings=warnings, marks=marks))
                    + list(_decimal_integers(doc, file, g, marks=marks)))
        except Exception:  # JsonSchemaException, or odd data the compiled code trips on
            pass
    found: list[ValidationIssue] = []
    try:
        errors = detailed_validator(g).iter_errors(doc)
        for err in errors:
            found.extend(_issues_from_error(err, doc, file, g))
            if len(found) >= MAX_ISSUES_PER_FILE:
                found.append(ValidationIssue(file, f"stopped after {MAX_ISSUES_PER_FILE} problems",
                                             severity="warning"))
                break
    except RecursionError:
        found.append(ValidationIssue(file, "is nested too deeply to be a card file"))
    else:
        said = {(i.pointer, i.message) for i in found}
        found += [i for i in _untyped_card_issues(doc, file, g, MAX_ISSUES_PER_FILE - len(found))
                  if (i.pointer, i.message) not in said]
    found = list(dict.fromkeys(_merge_misspelt(found)))  # one report per distinct problem
    not_objects = {i.pointer for i in found if i.expected == "an object" and "wrong type" in i.message}
    found = [i for i in found if i.pointer not in not_objects or i.expected == "an object"]
    # a whole number written 1e3 beyond the range is one problem, its range said in it (never two)
    decimals = _decimal_integers(doc, file, g, said=found)
    written = {i.pointer for i in decimals}
    found = [i for i in found if not (i.pointer in written and out_of_range(i))]
    found += decimals
    found.sort(key=_issue_order)
    issues += _other_game_issue(doc, file, g, found)
    if not found:
        found = list(_card_checks(doc, file, g, warnings=warnings))
    else:  # the schema's errors hide none of the card checks' problems: all in one run
        found += _checks_beside_schema(doc, file, g, found, warnings=warnings)
        found.sort(key=_issue_order)
    return issues + found


def _checks_beside_schema(doc: Any, file: str, game: str, schema: Sequence[ValidationIssue], *,
                          warnings: bool) -> list[ValidationIssue]:
    """The :func:`_card_checks` problems of a document the schema found problems in, so that one run
    of ``validate`` (or ``cards import``) lists every problem, not the card checks' only once the
    schema's are fixed.

    Left out: a problem at a place the schema reported already, or inside it (the same problem, or
    one its fix changes), an ``'unknown'`` entry naming a field whose value the schema refused; and
    everything once the schema's problems reached :data:`MAX_ISSUES_PER_FILE` (no more are kept
    after it) or the document is too deep to walk. A card whose type is not one of the game's gets
    only the checks that need no type (lone surrogates, untidy names): the others read the type's
    fields. At most what is left of :data:`MAX_ISSUES_PER_FILE`, then the "stopped after" warning.
    """
    if any(i.message.startswith("stopped after") or "nested too deeply" in i.message for i in schema):
        return []
    said = {i.pointer for i in schema if i.pointer}
    types = _card_types(game)  # (a tuple: a card's type may be a list, which no set can look up)
    cards = doc.get("cards") if isinstance(doc, dict) else None
    untyped = {i for i, c in enumerate(cards) if type(c) is dict and c.get("type") not in types} \
        if isinstance(cards, list) else set()

    def covered(pointer: str) -> bool:
        """Whether the schema reported this place or one holding it (below a card: its field)."""
        parts = pointer.split("/")
        first = 4 if pointer.startswith("/cards/") else 2
        return any("/".join(parts[:n]) in said for n in range(first, len(parts) + 1))

    out: list[ValidationIssue] = []
    budget = MAX_ISSUES_PER_FILE - len(schema)
    try:
        for issue in _card_checks(doc, file, game, warnings=warnings):
            m = _CARD_POINTER.match(issue.pointer)
            index = int(m.group(1)) if m else None
            if covered(issue.pointer):
                continue
            if index is not None and index in untyped and "lone surrogate" not in issue.message \
                    and not issue.pointer.endswith("/name"):
                continue
            flagged = issue.pointer.split("/")
            if index is not None and len(flagged) == 5 and flagged[3] == "unknown" and flagged[4].isdecimal():
                name = _cards_value(cards, index, "unknown", int(flagged[4]))
                if isinstance(name, str) and f"/cards/{index}/{_escape(name)}" in said:
                    continue  # (the schema refused that field's value: its fix says the rest)
            if index is not None and "not listed in 'unknown'" in issue.message \
                    and any(p.startswith(f"/cards/{index}/unknown") for p in said):
                continue  # an 'unknown' the schema refused lists nothing: its fix says the rest
            if len(out) >= budget:
                out.append(ValidationIssue(file, f"stopped after {MAX_ISSUES_PER_FILE} problems",
                                           severity="warning"))
                break
            out.append(issue)
    except RecursionError:  # (the schema's walk would have said "nested too deeply" first)
        pass
    return out


def _cards_value(cards: Any, index: int, key: str, item: int) -> Any:
    """``cards[index][key][item]`` if it is there, else ``None``."""
    try:
        return cards[index][key][item]
    except (LookupError, TypeError):
        return None


#: What :func:`_marks` finds in a card: a lone surrogate in a text, a ``name`` with stray spaces, a
#: float with no fractional part (each then looked for again, where it is, by its own check).
_LONE, _UNTIDY, _WHOLE = 1, 2, 4


def _marks(doc: Any, *, names: bool = True) -> list[int] | None:
    """For each card of ``doc`` (``None``: it has no list of cards), what one walk of its values finds
    (:data:`_LONE`, :data:`_UNTIDY`, :data:`_WHOLE`, or'd), so that valid data is walked once rather
    than by each check (the walks had cost the fast path half its time): a check then looks at the
    cards marked for it only, by its own walk, which says where and words the problem. ``names`` off:
    no name is tidied to look for :data:`_UNTIDY` (a load keeps no warning, so none is marked)."""
    from .cards import tidy_name

    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list):
        return None
    search, big = LONE_SURROGATE.search, 2**53  # (lone_surrogate's test, inline: every text of every card)
    out = []
    for card in cards:
        found = 0
        stack = [card]
        while stack:
            value = stack.pop()
            pairs: Iterable[tuple[Any, Any]] = value.items() if type(value) is dict else (
                enumerate(value) if type(value) is list else ())
            for key, item in pairs:
                t = type(item)
                if t is str:
                    if not item.isascii() and search(item) is not None:
                        found |= _LONE
                    if names and key == "name" and item.strip() and tidy_name(item) != item:
                        found |= _UNTIDY
                elif t is dict or t is list:
                    stack.append(item)
                elif t is float and item.is_integer() and abs(item) <= big:
                    found |= _WHOLE
        out.append(found)
    return out


def _marked(marks: Sequence[int] | None, i: int, mark: int) -> bool:
    """Whether card ``i`` may hold what ``mark`` stands for (``marks`` None: not walked yet, so it may)."""
    return marks is None or i >= len(marks) or bool(marks[i] & mark)


def _decimal_integers(doc: Any, file: str, game: str, *, marks: Sequence[int] | None = None,
                      said: Sequence[ValidationIssue] = ()) -> list[ValidationIssue]:
    """Whole numbers written with a decimal part or an exponent (``2.0``, ``1e0``) in cards.

    JSON Schema's ``integer`` takes them, but every number on a card is a whole number: ``2.0``
    would reach the trackers and printed cards as "2.0", and a sheet cell ``2.0`` is refused on
    import; refusing it here too keeps ``validate`` and ``cards import`` in agreement. Fields the
    schema types as ``number`` (none yet) may hold them. Values beyond 2**53 are left to the
    schema's range (a float there is not exact anyway). ``marks``: :func:`_marks` of ``doc``.
    ``said``: the schema's issues; where one says the value is out of range (``1e3``, when at most
    999 is allowed), the range is given instead of a whole number that would be refused too.
    """
    ranges = {i.pointer: i.expected for i in said if out_of_range(i)}
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list):
        return []
    types = field_types(game)
    out = []
    for i, card in enumerate(cards):
        if type(card) is not dict or not _marked(marks, i, _WHOLE):
            continue
        for key, value in card.items():
            if type(value) in (str, int, bool) or value is None or "number" in types.get(key, ((),))[0]:
                continue
            found = _whole_float(value)
            if found is None:
                continue
            path, number = found
            cid = card.get("id") if isinstance(card.get("id"), str) else None
            what = f"'{[k for k in (key, *path) if isinstance(k, str)][-1]}'"
            pointer = _pointer(["cards", i, key, *path])
            allowed = ranges.get(pointer)  # (out of range: its number would be refused too)
            write = f"{int(number)}" if allowed is None else f"a whole number {allowed}"
            out.append(ValidationIssue(file, f"{what} is a whole number written with a decimal part",
                                       pointer=pointer, card_id=cid,
                                       expected=f"a whole number, such as {int(number)}" if allowed is None
                                       else f"a whole number {allowed}", found=json.dumps(number),
                                       suggestion=f"Write {write} (no '.0' or exponent)."))
    return out


def _first_leaf(value: Any, hit: Callable[[Any], bool]) -> tuple[list[Any], Any] | None:
    """The path and value of the first leaf under ``value`` (through dicts and lists) that ``hit``."""
    t = type(value)
    if t is not dict and t is not list:
        return ([], value) if hit(value) else None
    items: Iterable[tuple[Any, Any]] = value.items() if t is dict else enumerate(value)
    for key, item in items:
        found = _first_leaf(item, hit)
        if found is not None:
            return [key, *found[0]], found[1]
    return None


def _whole_float(value: Any) -> tuple[list[Any], float] | None:
    """The path and value of the first float with no fractional part under ``value``, if any."""
    return _first_leaf(value, lambda v: type(v) is float and v.is_integer() and abs(v) <= 2**53)


FORMAT_SCHEMA = "format"  # data/schemas/format.schema.json, looked up like a game's schema


def is_format_document(doc: Any, file: str | os.PathLike[str]) -> bool:
    """A deck-format file rather than a card file: no ``cards``, and in a ``formats`` folder or
    with a format's own fields."""
    return isinstance(doc, dict) and "cards" not in doc and (
        Path(file).parent.name == "formats" or "deck_size" in doc or "copy_limit" in doc)


def validate_format_document(doc: Any, *, file: str) -> list[ValidationIssue]:
    """Every problem of one deck-format document: ``format.schema.json``, then the deck size's
    consistency (``exact`` or ``min``/``max``, and ``min`` not above ``max``)."""
    if not isinstance(doc, dict):
        return [ValidationIssue(file, "is not a deck format", expected='an object {"id", "game", "name", '
                                '"deck_size", "copy_limit"}', found=_json_type(doc))]
    found: list[ValidationIssue] = []
    try:
        # the compiled fast path first: a valid format never imports jsonschema (about a second
        # at the start of every deck command); jsonschema explains a format that fails it
        if _fits_fast(FORMAT_SCHEMA, doc):
            return _format_size_issues(doc, file)
        for err in detailed_validator(FORMAT_SCHEMA).iter_errors(doc):
            found.extend(_issues_from_error(err, doc, file, FORMAT_SCHEMA))
    except RecursionError:
        found.append(ValidationIssue(file, "is nested too deeply to be a deck format"))
    found = list(dict.fromkeys(_merge_misspelt(found)))
    found.sort(key=_issue_order)
    return found or _format_size_issues(doc, file)


def _fits_fast(schema: str, doc: Any) -> bool:
    """Whether ``doc`` passes the compiled fast path of ``schema`` (False: no fast path, or it fails)."""
    import fastjsonschema

    fast = fast_validator(schema)
    if fast is None:
        return False
    try:
        fast(doc)
    except (fastjsonschema.JsonSchemaException, RecursionError):
        return False
    return True


def _format_size_issues(doc: dict[str, Any], file: str) -> list[ValidationIssue]:
    """A schema-valid format's deck size: ``exact`` or ``min``/``max``, and ``min`` not above ``max``."""
    found = []
    size = doc["deck_size"]
    lo, hi, ex = size.get("min"), size.get("max"), size.get("exact")
    if ex is not None and (lo is not None or hi is not None):
        found.append(ValidationIssue(file, "give either exact or min/max, not both", pointer="/deck_size"))
    if lo is not None and hi is not None and lo > hi:
        found.append(ValidationIssue(file, f"min {lo} is more than max {hi}", pointer="/deck_size"))
    return found


def _format_id_issues(doc: dict[str, Any], file: str) -> list[ValidationIssue]:
    """A format file of the user's own (a file on disk, not in ``data/formats/``) that reuses a
    bundled format's id: the deck tools refuse it (see :mod:`.deck.formats`), so validate says so."""
    from .deck.formats import _is_bundled, bundled_ids

    path = Path(file)
    if not path.is_file() or _is_bundled(path) or doc["id"] not in bundled_ids():
        return []
    return [ValidationIssue(file, f"this format of your own has the id {doc['id']!r}, which is a bundled "
                                  "format's", pointer="/id", kind="data", expected="an id of its own",
                            found=repr(doc["id"]), suggestion=f'Give it another "id", such as '
                                                              f'"{doc["id"]}-mine"')]


def _merge_misspelt(found: list[ValidationIssue]) -> list[ValidationIssue]:
    """A misspelt required field gives two errors ('powr' unknown, 'power' missing): keep one."""
    missing = {i.pointer: i for i in found if _is_missing(i)}
    drop: set[str] = set()
    out = []
    for issue in found:
        if issue.kind == "unknown-field" and issue.suggestion:
            parent = issue.pointer.rsplit("/", 1)[0]
            name = issue.suggestion.removeprefix("Did you mean '").removesuffix("'?")
            miss = missing.get(f"{parent}/{name.replace('~', '~0').replace('/', '~1')}")
            if miss is not None:
                drop.add(miss.pointer)
                issue = replace(issue, suggestion=f"{issue.suggestion} ('{name}' is required)")
        out.append(issue)
    return [i for i in out if not (i.pointer in drop and _is_missing(i))]


def _is_missing(issue: ValidationIssue) -> bool:
    return issue.kind == "schema" and issue.message.startswith("the field '") and "missing" in issue.message


def _issue_order(issue: ValidationIssue) -> tuple[Any, ...]:
    parts = issue.pointer.split("/")[1:]
    # (an index is a short number; a field named by thousands of digits is sorted as a name: int() refuses it)
    return tuple((0, int(p), "") if p.isdecimal() and len(p) <= 18 else (1, 0, p) for p in parts)


def _untidy_names(value: Any, here: str) -> Iterator[tuple[str, str]]:
    """``(pointer, name)`` of each ``name`` under a card record (``value``, at pointer ``here``) with a
    space at an end or more than one together (:func:`companion.cards.tidy_name`); a blank one is the
    schema's to say."""
    from .cards import tidy_name

    if isinstance(value, dict):
        for key, item in value.items():
            if key == "name" and isinstance(item, str):
                if item.strip() and tidy_name(item) != item:
                    yield f"{here}/name", item
            elif isinstance(item, dict | list):
                yield from _untidy_names(item, f"{here}/{_escape(key)}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, dict | list):
                yield from _untidy_names(item, f"{here}/{i}")


def _card_checks(doc: Any, file: str, game: str, *, warnings: bool = True,
                 marks: Sequence[int] | None = None) -> Iterator[ValidationIssue]:
    """Checks on single cards the schema does not express: the ``unknown`` flags, demo labels,
    text that cannot be written as UTF-8 (lone surrogates), names with stray spaces (the loader
    tidies them: a warning, looked for only with ``warnings``: loading every card need not walk its
    fields for what it drops). ``marks``: :func:`_marks` of ``doc`` (the cards to walk for the last two)."""
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list):
        return
    for key in ("set", "source", "notes"):
        bad = _broken_text(doc.get(key), f"/{key}")
        if bad is not None:
            yield _broken_text_issue(file, bad, None)
    fields = card_fields(game)
    nulls = {t: _null_only_fields(game, t) for t in fields}
    from .cards import is_demo_set, is_demo_source, tidy_name

    demo = is_demo_set(doc.get("set", ""))
    for i, card in enumerate(cards):
        if type(card) is not dict:
            continue
        broken = _surrogate_path(card) if _marked(marks, i, _LONE) else None
        if broken is not None:
            cid = card.get("id")
            yield _broken_text_issue(file, (f"/cards/{i}{_pointer(broken[0])}", broken[1]),
                                     cid if isinstance(cid, str) else None)
        for pointer, name in _untidy_names(card, f"/cards/{i}") if warnings and _marked(marks, i, _UNTIDY) \
                else ():
            tidy = tidy_name(name)
            cid = card.get("id")
            yield ValidationIssue(file, f"'name' has spaces at an end, or more than one between words: it is "
                                        f"read as {_show(tidy)}", pointer=pointer,
                                  card_id=cid if isinstance(cid, str) else None, kind="data",
                                  severity="warning", found=_show(name), suggestion=f"Write {_show(tidy)}.")
        has_null = None in card.values()
        if not has_null and "unknown" not in card:  # the common case, kept cheap
            if not demo:
                continue
            if is_demo_source(card.get("source")):
                continue
        flagged = card.get("unknown", ())
        cid = card.get("id") if isinstance(card.get("id"), str) else None
        ctype = card.get("type")
        ctype = ctype if isinstance(ctype, str) else ""
        known = fields.get(ctype, list(card))
        flagged = flagged if isinstance(flagged, list) else []
        listed: set[Any] = set()
        for j, name in enumerate(flagged):
            if name not in known:
                yield ValidationIssue(file, f"'unknown' names {name!r}, not a field of a {ctype} card",
                                      pointer=f"/cards/{i}/unknown/{j}", card_id=cid, kind="data",
                                      suggestion=did_you_mean(closest(str(name), known, n=1)))
            elif name in listed:
                yield ValidationIssue(file, f"'unknown' lists {name!r} twice",
                                      pointer=f"/cards/{i}/unknown/{j}", card_id=cid, kind="data",
                                      severity="warning",
                                      suggestion=f'Keep one "{name}" in the list.')
            elif card.get(name) is not None:
                yield ValidationIssue(file, f"'unknown' lists {name!r}, but the card gives its value",
                                      pointer=f"/cards/{i}/unknown/{j}", card_id=cid, kind="data",
                                      severity="warning", expected=f"'{name}' null when it is unknown",
                                      found=_show(card.get(name)),
                                      suggestion=f'If the value is right, take "{name}" out of "unknown"; '
                                                 f'if it is a guess, make "{name}" null.')
            if isinstance(name, str):
                listed.add(name)
        if has_null:
            for key, value in card.items():
                if value is None and key not in flagged and key not in nulls.get(ctype, ()):
                    yield ValidationIssue(file, f"'{key}' is null (unknown) but not listed in 'unknown'",
                                          pointer=f"/cards/{i}/{key}", card_id=cid, kind="data",
                                          severity="warning",
                                          suggestion=f'Add "{key}" to the card\'s "unknown" list so '
                                                     "the tools show it as unknown and ask for the value.")
        source = card.get("source")
        if demo and not is_demo_source(source):
            yield ValidationIssue(file, "a card of a demo set whose source does not say demo",
                                  pointer=f"/cards/{i}/source", card_id=cid, kind="data", severity="warning",
                                  expected='a source starting with "demo:"', found=_show(source))


def _broken_text(value: Any, pointer: str) -> tuple[str, str] | None:
    """The pointer and text of the first string under ``value`` holding a lone surrogate, if any.

    A lone surrogate (from a JSON escape such as ``\\ud800`` without its other half) is not
    a character: no file, terminal or PDF can hold it as UTF-8. Cheap for plain ASCII text.
    """
    found = _surrogate_path(value)
    if found is None:
        return None
    path, text = found
    return pointer + _pointer(path), text


def _surrogate_path(value: Any) -> tuple[list[Any], str] | None:
    """The path and text of the first string under ``value`` holding a lone surrogate, if any."""
    return _first_leaf(value, lambda v: type(v) is str and lone_surrogate(v) is not None)


def _broken_text_issue(file: str, bad: tuple[str, str], card_id: str | None) -> ValidationIssue:
    pointer, text = bad
    char = lone_surrogate(text)
    code = f"U+{ord(char):04X}" if char else "a surrogate"
    field_ = pointer.rsplit("/", 1)[-1]
    what = f"'{field_}'" if not field_.isdecimal() else "the text"
    return ValidationIssue(file, f"{what} holds a lone surrogate ({code}): half of a character, which "
                           "cannot be saved, shown or printed", pointer=pointer, card_id=card_id,
                           kind="data", expected="text of whole characters",
                           found=json.dumps(text[:40] + ("..." if len(text) > 40 else "")),
                           suggestion="Fix the \\u escape in the file: a character beyond U+FFFF needs "
                                      "both halves (e.g. \\ud83d\\ude00), or type the character itself.")


# ---------------------------------------------------------------------------------------
# Checks across records


@dataclass(frozen=True, slots=True)
class Record:
    """One card record of a collection, with where it came from (for cross-record checks)."""

    file: str
    index: int
    data: Mapping[str, Any]
    #: False when the record fails its schema: registered checks do not see it.
    valid: bool = True

    @property
    def id(self) -> str | None:
        value = self.data.get("id")
        return value if isinstance(value, str) else None

    @property
    def pointer(self) -> str:
        return f"/cards/{self.index}"

    def issue(self, message: str, *, field_: str | None = None, **kw: Any) -> ValidationIssue:
        ptr = self.pointer + (f"/{field_}" if field_ else "")
        return ValidationIssue(self.file, message, pointer=ptr, card_id=self.id, **kw)


Check = Callable[[Sequence[Record]], Iterable[ValidationIssue]]
_CHECKS: dict[str, list[Check]] = {}
_PLUGINS_LOADED: set[str] = set()


def register_check(game: str) -> Callable[[Check], Check]:
    """Decorator: add a cross-record check for a game (``fn(records) -> issues``).

    A check sees only the records that passed the schema (:attr:`Record.valid`), so it may
    rely on the schema's types; its ``count`` issues are dropped while any record of the
    game fails the schema (a count over a partial collection would mislead).
    """

    def add(fn: Check) -> Check:
        _CHECKS.setdefault(game, [])
        if fn not in _CHECKS[game]:
            _CHECKS[game].append(fn)
        return fn

    return add


def _checks_for(game: str) -> list[Check]:
    if game not in _PLUGINS_LOADED:
        _PLUGINS_LOADED.add(game)
        try:
            importlib.import_module(f"companion.{game}.datachecks")
        except ModuleNotFoundError as exc:
            if exc.name != f"companion.{game}.datachecks":
                raise
    return list(_CHECKS.get(game, []))


def reference_fields(game: str) -> dict[str, tuple[str, ...] | None]:
    """Card fields whose values name other cards: field -> allowed target types (None: any).

    Declared in the schema with ``"x-refers-to": ["type", ...]`` (or ``true``) on the
    property, or on its ``items`` for a list of references.
    """
    out: dict[str, tuple[str, ...] | None] = {}

    def walk(node: Any, depth: int = 0) -> None:
        if depth > 60:
            return
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                for cand in (sub, sub.get("items") if isinstance(sub, dict) else None):
                    if isinstance(cand, dict) and "x-refers-to" in cand:
                        target = cand["x-refers-to"]
                        out[name] = tuple(target) if isinstance(target, list) else None
            for value in node.values():
                walk(value, depth + 1)
        elif isinstance(node, list):
            for value in node:
                walk(value, depth + 1)

    try:
        walk(game_schema(game))
    except CompanionError:
        return {}
    return out


def resolve_replacements(items: Sequence[T], key: Callable[[T], tuple[Any, Any]]) -> tuple[list[T], list[T]]:
    """Apply ``replaces``: a record naming an earlier record's id takes its place.

    ``key(item)`` gives ``(id, replaces)``. Returns the records in force (a replacement
    stands where the record it replaces stood) and the records whose ``replaces``
    names no earlier record. Used both when loading cards and by ``companion validate``.
    """
    kept: list[T] = []
    where: dict[str, int] = {}
    missing: list[T] = []
    for item in items:
        cid, target = key(item)
        pos = where.pop(target.lower(), None) if isinstance(target, str) else None
        if isinstance(target, str) and pos is None:
            missing.append(item)
        if pos is not None:
            kept[pos] = item
        else:
            pos = len(kept)
            kept.append(item)
        if isinstance(cid, str):
            where.setdefault(cid.lower(), pos)
    return kept, missing


def replaces_hint(card_id: str) -> str:
    """The suggestion for a card whose id is already a bundled (earlier) card's."""
    return (f'To change that card rather than add another, give this record "replaces": "{card_id}" '
            "(in a sheet: the replaces column), or choose a new id.")


def replaces_problems(items: Sequence[T], orphans: Sequence[T], key: Callable[[T], tuple[Any, Any]],
                      where: Callable[[T], str]) -> list[tuple[str, str, str | None]]:
    """Why each orphan's ``replaces`` takes the place of no card: ``(message, expected,
    suggestion)`` per orphan. ``items`` are every record in load order (``key`` gives id and
    replaces).

    Three cases: another record replaced that card already (with a new id, so the card is gone);
    the card is loaded only after this record; or no card has that id (closest ids suggested,
    never the typed one; for the first 50 orphans, as each search reads every id).
    """
    if not orphans:
        return []
    pos = {id(item): i for i, item in enumerate(items)}
    lost = {id(o) for o in orphans}
    first_replacer: dict[str, int] = {}  # the first record that did take a card's place
    last_with_id: dict[str, int] = {}
    for i, item in enumerate(items):
        cid, replaced = key(item)
        if isinstance(replaced, str) and id(item) not in lost:
            first_replacer.setdefault(replaced.lower(), i)
        if isinstance(cid, str):
            last_with_id[cid.lower()] = i
    ids: list[str] | None = None
    out: list[tuple[str, str, str | None]] = []
    for n, orphan in enumerate(orphans):
        target = str(key(orphan)[1])
        low, here = target.lower(), pos[id(orphan)]
        before, after = first_replacer.get(low, here), last_with_id.get(low, here)
        if before < here:
            earlier = items[before]
            cid = key(earlier)[0]
            out.append((f"replaces {target!r}, which {where(earlier)} (card {cid!r}) already replaces",
                        "one record replacing each card",
                        f"Replace {cid!r}, the record now in its place, or merge the two records into one."))
        elif after > here:
            out.append((f"replaces {target!r}, a card loaded only after this record "
                        f"(at {where(items[after])})",
                        "the id of a card loaded before it: bundled files, then your folder, then --cards "
                        "files, each in order",
                        "Load the file holding that card first, or leave out 'replaces' to add a new card."))
        else:
            hint = None
            if n < 50:
                if ids is None:
                    kept, _ = resolve_replacements(items, key)
                    ids = [c for c in (key(item)[0] for item in kept) if isinstance(c, str)]
                hint = did_you_mean(closest(target, [c for c in ids if c.lower() != low]))
            out.append((f"replaces {target!r}, which no card loaded before this file holds",
                        "the id of a card loaded before it (bundled, or in one of your files)", hint))
    return out


def check_collection(game: str, records: Sequence[Record]) -> list[ValidationIssue]:
    """Cross-record checks over every card of one game: ids, references, registered counts."""
    issues: list[ValidationIssue] = []
    every = list(records)
    records, orphans = resolve_replacements(every, lambda r: (r.id, r.data.get("replaces")))
    reasons = replaces_problems(every, orphans, lambda r: (r.id, r.data.get("replaces")),
                                lambda r: f"{r.file} {r.pointer}")
    for rec, (message, expected, suggestion) in zip(orphans, reasons, strict=True):
        issues.append(rec.issue(message, field_="replaces", kind="reference", expected=expected,
                                suggestion=suggestion))
    first: dict[str, Record] = {}
    for rec in records:
        cid = rec.id
        if cid is None:
            continue
        seen = first.get(cid.lower())
        if seen is None:
            first[cid.lower()] = rec
        else:
            where = f"{seen.file} {seen.pointer}" if seen.file != rec.file else seen.pointer
            issues.append(rec.issue(f"duplicate id {cid!r}: already used at {where}", field_="id",
                                    kind="duplicate-id", expected="ids unique within a game",
                                    suggestion=replaces_hint(cid) if seen.file != rec.file else None,
                                    holder_file=seen.file, holder_pointer=seen.pointer))
    refs = reference_fields(game)
    if refs:
        targets: dict[str, set[str]] = {}
        for rec in records:
            for key in ("id", "name"):
                v = rec.data.get(key)
                if isinstance(v, str):
                    targets.setdefault(v.lower(), set()).add(str(rec.data.get("type")))
        for rec in records:
            for fname, types in refs.items():
                value = rec.data.get(fname)
                values = list(enumerate(value)) if isinstance(value, list) else [(None, value)]
                for j, v in values:
                    if not isinstance(v, str):
                        continue
                    hit = targets.get(v.lower())
                    if hit and (types is None or hit & set(types)):
                        continue
                    ptr = fname if j is None else f"{fname}/{j}"
                    pool = [str(r.data.get("name")) for r in records
                            if types is None or r.data.get("type") in types]
                    kind_words = " or ".join(types) if types else "card"
                    issues.append(rec.issue(f"{v!r} does not name a {kind_words} card of this game",
                                            field_=ptr, kind="reference",
                                            expected=f"the id or name of a {kind_words} card",
                                            found=_show(v), suggestion=did_you_mean(closest(v, pool, n=2))))
    checked = [rec for rec in records if rec.valid]
    partial = len(checked) < len(records)
    for check in _checks_for(game):
        issues.extend(i for i in check(checked) if not (partial and i.kind == "count"))
    issues += _bundled_name_issues(game, every, records)
    return issues


def _in_play(record: Mapping[str, Any]) -> dict[str, Any]:
    """A card record without what does not change the card in play: where it is from and its name."""
    return {k: v for k, v in record.items() if k not in ("id", "source", "notes", "replaces")}


def _bundled_name_issues(game: str, every: Sequence[Record],
                         kept: Sequence[Record]) -> list[ValidationIssue]:
    """A warning for each card of the user's (a record of a file that is not bundled) whose name is a
    bundled card's: a decklist names cards by name, and a name reads as the first card loaded that
    has it (:meth:`companion.cards.CardDB.lookup`: the bundled one), so this card is reached only by
    its id. Not an error: a second printing of a title is allowed (``deck check`` says which card it
    read). ``every``: the records in load order; ``kept``: those in force (a record replaced is not).

    Names compare as :func:`companion.cards.norm_text` compares them. Left out: a record that fails
    the schema (it does not load; as for the registered checks), and a copy of a bundled card of that
    name, the same apart from its ``id``, ``source``, ``notes`` and ``replaces`` (it is that printing
    again, reached by name no less than the bundled one: a user's copy of the demo set is no mistake).
    A record another of the user's replaces under the same id (a correction of it) still counts, in
    its own file, as its card does; that correction is then not warned of again. A bundled card
    replaced by one of the user's (a ``replaces`` naming it) is gone from the decklists, so its name
    is free.

    Two cards of the user's sharing a name (in one file or in two; names compared as above, so
    "Twin" and "twin" do) are warned of the same way, on the one loaded later: a decklist naming it
    gets the first (even when the two play alike: two records of one card in your file are more likely
    a slip than two printings)."""
    from .cards import file_key, game_files, norm_text, tidy_name

    bundled_files = {file_key(f) for f in game_files(game)}
    keys: dict[str, bool] = {}

    def bundled(rec: Record) -> bool:
        if rec.file not in keys:
            keys[rec.file] = file_key(rec.file) in bundled_files
        return keys[rec.file]

    mine = [r for r in every if not bundled(r) and isinstance(r.data.get("name"), str) and r.id is not None]
    if not mine:
        return []
    bundled_ids = {r.id.lower() for r in every if bundled(r) and r.id is not None}
    first: dict[str, Record] = {}  # a name -> the first card in force that has it
    live: dict[str, str] = {}  # the id of each card in force -> its name
    printings: dict[str, list[dict[str, Any]]] = {}  # a name -> the bundled cards in force, in play
    for rec in kept:
        name = rec.data.get("name")
        if isinstance(name, str) and rec.id is not None:
            key = norm_text(name)
            first.setdefault(key, rec)
            live[rec.id.lower()] = key
            if rec.id.lower() in bundled_ids:
                printings.setdefault(key, []).append(_in_play(rec.data))
    earlier_mine: set[str] = set()
    out = []
    for rec in mine:
        cid, name = str(rec.id), str(rec.data.get("name"))
        low, key = cid.lower(), norm_text(name)
        corrects_mine = rec.data.get("replaces") == cid and low in earlier_mine
        again = low in earlier_mine  # (an id of yours given twice: its error says enough)
        earlier_mine.add(low)
        holder = first.get(key)
        if corrects_mine or not rec.valid or holder is None or live.get(low) != key or holder.id is None \
                or holder.id.lower() == low:
            continue
        if holder.id.lower() not in bundled_ids:  # the first card of that name is one of yours too
            if holder.valid and not again:
                out.append(_own_name_issue(rec, holder))
            continue
        if _in_play(rec.data) in printings.get(key, ()):
            continue
        where = (f"{holder.file} {holder.pointer}" if bundled(holder)
                 else f"as corrected at {holder.file} {holder.pointer}")
        shown = tidy_name(name)
        out.append(rec.issue(
            f"the bundled card {holder.id!r} ({where}) has this name too: a decklist naming {shown!r} "
            f"gets {holder.id!r} (loaded first), not this card", field_="name", kind="data",
            severity="warning", expected="a name of its own, or this card's id in decklists",
            found=f"the name {shown!r}",
            suggestion=f"To put this card in a deck, write its id in the list ('3 {cid}'); to change the "
                       f"bundled card instead, give this record \"replaces\": \"{holder.id}\"; or give "
                       "it a name of its own."))
    return out


def _own_name_issue(rec: Record, holder: Record) -> ValidationIssue:
    """The warning of :func:`_bundled_name_issues` for a card of the user's whose name an earlier card
    of the user's (``holder``, in this file or another) has: both places, and which one a decklist gets."""
    from .cards import tidy_name

    cid, hid = str(rec.id), str(holder.id)
    shown, theirs = tidy_name(str(rec.data.get("name"))), tidy_name(str(holder.data.get("name")))
    where = holder.pointer if holder.file == rec.file else f"{holder.file} {holder.pointer}"
    named = "has this name too" if shown == theirs else f"is named {theirs!r}, the same name to a decklist " \
                                                        "(names are matched ignoring case)"
    return rec.issue(f"your card {hid!r} ({where}) {named}: a decklist naming {shown!r} gets {hid!r} "
                     "(loaded first), not this card", field_="name", kind="data", severity="warning",
                     expected="a name of its own, or this card's id in decklists",
                     found=f"the name {shown!r}",
                     suggestion=f"Give one of the two a name of its own, or write this card's id in "
                                f"decklists ('3 {cid}').")


_CARD_POINTER = re.compile(r"/cards/(\d+)(?:/|$)")


def records_of(file: str, doc: Any, issues: Iterable[ValidationIssue] = ()) -> list[Record]:
    """The card records of a parsed card file, each marked valid unless ``issues`` (the file's
    :func:`validate_document` issues) hold an error inside it. If the issues were cut short
    (``MAX_ISSUES_PER_FILE``), no record of the file counts as valid."""
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        return []
    bad: set[int] = set()
    every = False
    for issue in issues:
        if issue.file != file:
            continue
        if issue.message.startswith("stopped after"):
            every = True
        m = _CARD_POINTER.match(issue.pointer)
        if m and issue.severity == "error":
            bad.add(int(m.group(1)))
    return [Record(file, i, c, valid=not every and i not in bad)
            for i, c in enumerate(doc["cards"]) if isinstance(c, dict)]


def _copies(rec: Record) -> int:
    qty = rec.data.get("qty", 1)
    return qty if isinstance(qty, int) and not isinstance(qty, bool) else 1


@register_check("mousecard")
def _mousecard_deck(records: Sequence[Record]) -> Iterator[ValidationIssue]:
    """The deck is 54 cards: 52 standard plus a red and a black joker (rules README, The Mouse
    Card system); order joker, 2..10, J, Q, K, A (mouse-card-system.txt, opening paragraph)."""
    if not records:
        return
    last = records[-1]
    total = sum(_copies(r) for r in records)
    if total != 54:
        yield ValidationIssue(last.file, "the Mouse Card deck has the wrong number of cards", kind="count",
                              expected="54 cards (52 plus two jokers)", found=f"{total} cards")
    jokers = [r for r in records if r.data.get("rank") == "joker" for _ in range(_copies(r))]
    colours = sorted(str(r.data.get("colour")) for r in jokers)
    if colours != ["black", "red"]:
        yield ValidationIssue(last.file, "the Mouse Card deck needs two jokers, one red and one black",
                              kind="count", expected="a red and a black joker",
                              found=", ".join(colours) or "no jokers")
    seen: dict[tuple[Any, Any], Record] = {}
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    values = {r: v for v, r in enumerate(ranks, 2)}
    for rec in records:
        rank, suit = rec.data.get("rank"), rec.data.get("suit")
        if rank == "joker":
            continue
        if (rank, suit) in seen or _copies(rec) > 1:
            yield rec.issue(f"the {rank} of {suit} appears more than once", field_="rank", kind="count",
                            expected="each rank of each suit once")
        seen[(rank, suit)] = rec
        if rank in values and rec.data.get("value") not in (None, values[rank]):
            yield rec.issue(f"the value of rank {rank} must be {values[rank]}", field_="value", kind="data",
                            expected=str(values[rank]), found=_show(rec.data.get("value")))
        colour = {"hearts": "red", "diamonds": "red", "clubs": "black", "spades": "black"}.get(str(suit))
        if colour and rec.data.get("colour") != colour:
            yield rec.issue(f"{suit} are {colour}", field_="colour", kind="data", expected=colour,
                            found=_show(rec.data.get("colour")))


@register_check("monarchs")
def _monarchs_starting(records: Sequence[Record]) -> Iterator[ValidationIssue]:
    """Each player's starting cards: seven +1 influence and three 0 influence
    (of-mice-and-monarchs.md, Set-up)."""
    per_player: dict[str, dict[int, int]] = {}
    last: dict[str, Record] = {}
    for rec in records:
        if rec.data.get("type") != "starting":
            continue
        player = str(rec.data.get("player"))
        infl = rec.data.get("influence")
        if isinstance(infl, int):
            per_player.setdefault(player, {}).setdefault(infl, 0)
            per_player[player][infl] += _copies(rec)
        last[player] = rec
    for player, counts in sorted(per_player.items()):
        got = (counts.get(1, 0), counts.get(0, 0))
        if got != (7, 3):
            yield last[player].issue(f"player {player}'s starting cards are not seven +1 and three 0",
                                     kind="count", expected="7 cards with +1 influence and 3 with 0",
                                     found=f"{got[0]} with +1 and {got[1]} with 0")


# ---------------------------------------------------------------------------------------
# Files and folders


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[Path], list[ValidationIssue]]:
    """Files to validate: files as given; a folder gives its ``*.json`` files (and those of
    any game-named subfolder); schema files are skipped."""
    files: list[Path] = []
    issues: list[ValidationIssue] = []
    for raw in paths:
        p = Path(raw)
        try:
            is_dir = p.is_dir()
            exists = p.exists()
        except OSError as exc:  # a name too long, a folder we may not enter
            issues.append(ValidationIssue(str(raw), f"cannot be read ({os_reason(exc)})", kind="unreadable"))
            continue
        except ValueError as exc:  # a NUL in the path
            issues.append(ValidationIssue(str(raw), f"is not a usable path ({exc})", kind="unreadable"))
            continue
        if not exists:
            issues.append(ValidationIssue(str(raw), "does not exist", kind="unreadable"))
        elif is_dir:
            try:
                found = sorted(f for f in p.glob("*.json") if not f.name.endswith(".schema.json"))
                for g in (*GAMES, "formats"):
                    if (p / g).is_dir():
                        found += sorted((p / g).glob("*.json"))
            except OSError as exc:
                issues.append(ValidationIssue(str(raw), f"cannot be listed ({os_reason(exc)})",
                                              kind="unreadable"))
                continue
            if not found:
                issues.append(ValidationIssue(str(raw), "is a folder with no JSON card files",
                                              kind="unreadable", expected="*.json files"))
            files += found
        else:
            files.append(p)
    return list(dict.fromkeys(files)), issues


def bundled_paths(*, include_user: bool = True) -> list[Path]:
    """Every bundled card file of every game (and the user's own, by default)."""
    from .cards import game_files, user_game_files

    files: list[Path] = []
    for g in GAMES:
        files += game_files(g)
        if include_user:
            files += user_game_files(g)
    return files


def validate_paths(paths: Iterable[str | os.PathLike[str]] = (), *, context: bool = True) -> Report:
    """Validate files and folders (no paths: every bundled file, deck formats included) and
    return every issue.

    With ``context`` the cross-record checks of a game also see its bundled cards (and
    the user's), as :func:`companion.cards.load_game` would load them, so an id that
    clashes with a bundled card is reported; issues are reported only for given files.
    """
    paths = list(paths)
    report = Report()
    if paths:
        files, report.issues = expand_paths(paths)
    else:
        from .deck.formats import format_files

        files = bundled_paths() + format_files()
    roots = _game_roots(paths)
    docs: list[tuple[str, Any]] = []
    expected: dict[str, str] = {}
    for f in files:
        report.files.append(str(f))
        doc, problem, twice = read_document_all(f)  # a key given twice: said, and the rest checked too
        if problem is not None:
            report.issues.append(problem)
        else:
            report.issues += twice
            docs.append((str(f), doc))
            game = folder_game(f, roots)
            if game is not None:
                expected[str(f)] = game
    _validate_docs(report, docs, context=bool(paths) and context, skip=files, expected=expected,
                   images=True)
    return report


#: The image files printing reads (Pillow), by suffix (as :data:`companion.printing.render.IMAGE_SUFFIXES`).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff")
#: A ``back`` that names a file (a folder separator, or a suffix) rather than a back's name.
BACK_FILE = re.compile(r"[/\\]|\.[A-Za-z][A-Za-z0-9]{1,4}$")


def back_kind(value: str) -> tuple[str, str]:
    """How printing reads a card's ``back``: ``("image", path)`` for an image file (by its
    suffix), ``("file", path)`` for a file that is not an image (a folder separator, or another
    suffix), else ``("label", name)``, a back's name printed on it ("Turtle Back"). Spaces around
    the value do not count."""
    text = value.strip()
    if text.lower().endswith(IMAGE_SUFFIXES):
        return "image", text
    return ("file" if BACK_FILE.search(text) else "label"), text


def image_issues(doc: Any, file: str) -> list[ValidationIssue]:
    """Warnings for cards whose ``art`` (or a ``back`` that names a file) is not an image that
    printing could read: missing, a folder, or not an image Pillow can open. Each value is read as
    printing reads it (:mod:`companion.printing.render`): ``art`` as written, ``back`` without the
    spaces around it (:func:`back_kind`); a relative path from the card file's folder. Warnings,
    not errors: only printing needs the images, and it stops with the same problem."""
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list):
        return []
    folder = Path(file).parent
    found: list[ValidationIssue] = []
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        cid = card.get("id") if isinstance(card.get("id"), str) else None
        for key in ("art", "back"):
            value = card.get(key)
            if not isinstance(value, str) or not value:  # printing: no art, the game's own back
                continue
            kind, text = back_kind(value) if key == "back" else ("image", value)
            if kind == "label":  # a back's name ("Turtle Back")
                continue
            problem = ("names a file that is not an image printing can read" if kind == "file"
                       else image_problem(folder / text))  # (an absolute path stays itself)
            if problem == "is not there" and not text.strip():
                problem = "is only spaces: printing looks for a file of that name, which is not there"
            if problem is not None:
                found.append(ValidationIssue(
                    file, f"{key} image {value!r} {problem}", pointer=f"/cards/{i}/{key}", card_id=cid,
                    kind="data", severity="warning",
                    expected="an image file (" + ", ".join(IMAGE_SUFFIXES) + "), read from the card "
                             "file's folder when the path is relative"
                             + (", or a back's name without a file suffix" if key == "back" else ""),
                    suggestion="Printing these cards stops here; fix the path or remove the field."))
    return found


def image_problem(path: Path) -> str | None:
    """Why printing could not read the image at ``path`` (``"is not there"``, ``"is a folder, not an
    image"``, ``"is not an image Pillow can read"``...), or ``None`` if it can. Pillow checks the
    file as printing opens it, without decoding its pixels; an unchanged file is checked once."""
    try:
        if path.is_dir():
            return "is a folder, not an image"
        if not path.is_file():
            return "is not there"
        stat = path.stat()
    except (OSError, ValueError):
        return "is not a usable path"
    return _pillow_problem(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4096)
def _pillow_problem(path: str, _mtime_ns: int, _size: int) -> str | None:
    """:func:`image_problem` for a file, by its path, modification time and size."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as im:
            im.verify()
    except UnidentifiedImageError:
        return "is not an image Pillow can read"
    except OSError as exc:
        if isinstance(exc, FileNotFoundError | PermissionError | IsADirectoryError):
            return f"cannot be read ({os_reason(exc)})"
        return f"is not an image Pillow can read ({exc})"
    except Exception as exc:  # a broken image (SyntaxError, a decompression bomb...)
        return f"is not an image Pillow can read ({exc})"
    return None


def _game_roots(paths: Iterable[str | os.PathLike[str]] = ()) -> list[Path]:
    """Folders whose game-named subfolders hold that game's cards: the bundled data, the user's
    folder, and folders given to ``validate``."""
    from .cards import DATA_DIR, user_data_dir

    roots = []
    for p in [DATA_DIR, user_data_dir(), *map(Path, paths)]:
        try:
            if p.is_dir():
                roots.append(p.resolve())
        except (OSError, ValueError, RuntimeError):
            continue
    return roots


def folder_game(path: str | os.PathLike[str], roots: Iterable[Path]) -> str | None:
    """The game a card file must hold because of where it lies: ``<root>/<game>/*.json`` (the
    loaders read the bundled and the user's game folders as that game's cards and refuse a file
    of another game there), or ``None``."""
    parent = Path(path).parent
    if parent.name not in GAMES:
        return None
    try:
        up = parent.parent.resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    return parent.name if up in set(roots) else None


def collection_issues(game: str, docs: Mapping[str, Any] | None = None, *,
                      issues: Mapping[str, Sequence[ValidationIssue]] | None = None) -> list[ValidationIssue]:
    """The cross-record issues of one game's whole collection (bundled files, then the user's,
    as :func:`companion.cards.load_game` loads them).

    Each document in ``docs`` (path -> parsed document) stands in for the file at that path, or
    comes after the others if no such file is loaded: the collection as it would be once saved.
    ``issues`` (path -> its :func:`validate_document` issues) spares validating a document again.
    """
    from .cards import game_files, user_game_files

    pending = {str(Path(p).resolve()): (str(p), d) for p, d in (docs or {}).items()}
    chosen: list[tuple[str, Any]] = []
    for f in [*game_files(game), *user_game_files(game)]:
        stand_in = pending.pop(str(f.resolve()), None)
        if stand_in is not None:
            chosen.append(stand_in)
            continue
        doc, problem = read_document(f)
        if problem is None:
            chosen.append((str(f), doc))
    chosen += pending.values()
    records: list[Record] = []
    for name, doc in chosen:
        if isinstance(doc, dict) and doc.get("game") == game:
            found = (issues or {}).get(name)
            records += records_of(name, doc, validate_document(doc, file=name, game=game)
                                  if found is None else found)
    return check_collection(game, records)


def validate_bytes(raw: bytes | str, *, file: str, context: bool = True) -> Report:
    """Validate one card file given as bytes or text (an upload in the notebook).

    With ``context``, an upload named as one of the user's own card files of its game (``my-cards.json``
    in ``<user data>/village/``, or ``corrections.json``) stands in for that file, in its place among
    the files the game loads, as the path box's check of that file does: the copy on disk is not read
    beside it (its ids would be the upload's own, "already used"). An upload of another name is
    checked after every file the game loads, as a new file of the user's would be."""
    report = Report(files=[file])
    doc, problem, twice = parse_document_all(raw, file=file)  # a key given twice: said, the rest checked too
    if problem is not None:
        report.issues.append(problem)
        return report
    report.issues += twice
    _validate_docs(report, [(file, doc)], context=context, skip=(),
                   texts={file: raw if isinstance(raw, str) else raw.decode("utf-8-sig")},
                   stand_ins=_upload_stands_in(file, doc) if context else None)
    return report


def _upload_stands_in(file: str, doc: Any) -> dict[str, str]:
    """``{file_key(the user's file): file}`` when ``file`` (an upload's name) is the name of one of the
    user's card files of the game ``doc`` names (:func:`companion.cards.user_game_files`), else ``{}``."""
    from .cards import file_key, user_game_files

    game = doc.get("game") if isinstance(doc, dict) else None
    if not isinstance(game, str) or game not in GAMES:
        return {}
    name = os.path.normcase(Path(file).name)
    return {file_key(f): file for f in user_game_files(game) if os.path.normcase(f.name) == name}


def _validate_docs(report: Report, docs: Sequence[tuple[str, Any]], *, context: bool,
                   skip: Iterable[Path], texts: Mapping[str, str] | None = None,
                   expected: Mapping[str, str] | None = None, lines: bool = True,
                   images: bool = False, stand_ins: Mapping[str, str] | None = None) -> None:
    """Validate parsed documents into ``report``; ``expected`` maps a file to the game its folder
    makes it (:func:`folder_game`): a file of another game there is an error, as the loaders
    refuse it, and its cards join no game's cross-record checks. ``lines``: give issues the line
    of the file where their value starts (reading files not in ``texts``). ``images``: the
    documents are files on disk, whose cards' image paths are checked (:func:`image_issues`) and
    which take their places among the game's files; ``stand_ins`` (:func:`file_key` of a loaded file ->
    a given name) places uploads the same way. The checks across records see the records in the
    order the cards load (:func:`_in_load_order`)."""
    from .cards import file_key

    records: dict[str, dict[str, list[Record]]] = {}  # game -> file -> its records
    expected = expected or {}
    for f, doc in docs:
        if is_format_document(doc, f):
            issues = validate_format_document(doc, file=f)
            report.issues += issues or _format_id_issues(doc, f)
            continue
        must = expected.get(f)
        found = validate_document(doc, file=f, game=must)
        if must is not None:
            found = [replace(i, suggestion=f"The {must} commands read every file in {Path(f).parent} "
                                           "and refuse this one: move it to the folder of the game it "
                                           "names.")
                     if i.pointer == "/game" and i.message == "holds cards of another game" else i
                     for i in found]
        if images:
            found += image_issues(doc, f)
        report.issues += found
        if isinstance(doc, dict) and isinstance(doc.get("cards"), list):
            report.cards += len(doc["cards"])
            game = doc.get("game")
            if isinstance(game, str) and game in GAMES and must in (None, game):
                records.setdefault(game, {}).setdefault(f, []).extend(records_of(f, doc, found))
    given = {f for f, _ in docs}
    skipped = {file_key(f) for f in skip}
    for game, by_file in records.items():
        recs = _in_load_order(game, by_file, context=context, skip=skipped, on_disk=images,
                              stand_ins=stand_ins)
        report.issues += [i for i in check_collection(game, recs) if i.file in given]
    if lines:
        _add_lines(report, texts or {})


def _in_load_order(game: str, given: Mapping[str, list[Record]], *, context: bool, skip: set[str],
                   on_disk: bool, stand_ins: Mapping[str, str] | None = None) -> list[Record]:
    """The records of the given files of one game (file -> records, in the order given), placed as
    :func:`companion.cards.load_game` loads them: the bundled files, then the user's files
    (:func:`companion.cards.user_game_files`: the corrections file last), then the other given files
    in the order given. With ``context`` the bundled and user files not given (nor in ``skip``, the
    :func:`companion.cards.file_key` of files being validated) are read from disk to stand in their
    places. ``on_disk``: the given names are paths of files (not uploads), matched to the loaded
    files by path; ``stand_ins`` (:func:`companion.cards.file_key` of a loaded file -> a given name):
    given documents (uploads) that take the place of those files, which are then not read."""
    from .cards import file_key, game_files, user_game_files

    by_key = {file_key(f): f for f in given} if on_disk else {}
    by_key.update({key: name for key, name in (stand_ins or {}).items() if name in given})
    placed: set[str] = set()
    out: list[Record] = []
    for f in [*game_files(game), *user_game_files(game)]:
        key = file_key(f)
        name = by_key.get(key)
        if name is not None:
            if name not in placed:
                out += given[name]
                placed.add(name)
            continue
        if not context or key in skip:
            continue
        doc, problem = read_document(f)
        if problem is None and isinstance(doc, dict) and doc.get("game") == game \
                and isinstance(doc.get("cards"), list):
            out += records_of(str(f), doc, validate_document(doc, file=str(f)))
    for name, recs in given.items():
        if name not in placed:
            out += recs
    return out


def _add_lines(report: Report, texts: Mapping[str, str]) -> None:
    """Give issues with a JSON pointer the line of the file where that value starts."""
    wanted: dict[str, set[str]] = {}
    for issue in report.issues:
        if issue.pointer and issue.line is None:
            wanted.setdefault(issue.file, set()).add(issue.pointer)
    for file, pointers in wanted.items():
        text = texts.get(file)
        if text is None:
            try:
                text = Path(file).read_text(encoding="utf-8-sig")
            except (OSError, ValueError):
                continue
        numbers: dict[str, str] = {}
        lines = pointer_lines(text, pointers, numbers)
        report.issues = [replace(i, line=_line_of(i.pointer, lines),
                                 found=_as_typed(i.found, numbers.get(i.pointer)))
                         if i.file == file and i.pointer and i.line is None else i for i in report.issues]


def _as_typed(found: str | None, typed: str | None) -> str | None:
    """An issue's ``found`` number as the file writes it (``typed``: ``1e3``, not JSON's reading of it,
    ``1000.0``), when it is that number; else ``found`` as it is."""
    if found is None or typed is None or found == typed:
        return found
    try:
        same = float(found) == float(typed) and math.isfinite(float(typed))
    except ValueError:  # (found is not a bare number: "text ...", "3 characters")
        return found
    return typed if same else found


_OUT_OF_RANGE = "is out of range"  # (how a schema's minimum or maximum is said: :func:`out_of_range`)


def out_of_range(issue: ValidationIssue) -> bool:
    """Whether ``issue`` says a value is beyond its schema's range (its ``expected`` says the range)."""
    return issue.message.endswith(_OUT_OF_RANGE)


def lines_of(text: str, pointers: Iterable[str]) -> dict[str, int | None]:
    """The line of ``text`` each JSON pointer's problem is said at: where its value starts
    (:func:`pointer_lines`), or its nearest parent's (a field left out); ``None`` where neither is."""
    pointers = list(pointers)
    lines = pointer_lines(text, pointers)
    return {p: _line_of(p, lines) for p in pointers}


def _line_of(pointer: str, lines: Mapping[str, int]) -> int | None:
    """The line of a pointer, or of its nearest ancestor that exists (a missing field)."""
    while pointer:
        if pointer in lines:
            return lines[pointer]
        pointer = pointer.rsplit("/", 1)[0]
    return lines.get("")


_WS = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null|NaN|-?Infinity")


def pointer_lines(text: str, pointers: Iterable[str],
                  numbers: dict[str, str] | None = None) -> dict[str, int]:
    """Line numbers (1-based) where the values at some JSON pointers start in ``text``.

    A small scanner over valid JSON (strings are read with :mod:`json`'s own scanner);
    the ancestors of every wanted pointer are recorded too. Returns what it found (an
    empty dict if the text is not what it expects). ``numbers``, if given, gets the text of each
    wanted value that is a number, as the file writes it (``1e3``, which JSON reads as 1000.0).
    """
    from json.decoder import scanstring  # type: ignore[attr-defined]  # (json's own; typeshed omits it)

    want: set[str] = set()
    for p in pointers:
        while True:
            want.add(p)
            if not p:
                break
            p = p.rsplit("/", 1)[0]
    found: dict[str, int] = {}
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line_at(pos: int) -> int:
        return bisect.bisect_left(newlines, pos) + 1

    def value(pos: int, path: str, depth: int) -> int:
        if depth > 200:
            raise ValueError("too deep")
        pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if path in want:
            found[path] = line_at(pos)
        ch = text[pos:pos + 1]
        if ch == "{":
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
            if text[pos:pos + 1] == "}":
                return pos + 1
            while True:
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                key, pos = scanstring(text, pos + 1)
                sub = path + "/" + key.replace("~", "~0").replace("/", "~1")
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                pos = value(pos + 1, sub, depth + 1)  # skip ':'
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                if text[pos:pos + 1] == ",":
                    pos += 1
                    continue
                return pos + 1
        if ch == "[":
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
            if text[pos:pos + 1] == "]":
                return pos + 1
            i = 0
            while True:
                pos = value(pos, f"{path}/{i}", depth + 1)
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                i += 1
                if text[pos:pos + 1] == ",":
                    pos += 1
                    continue
                return pos + 1
        if ch == '"':
            return scanstring(text, pos + 1)[1]
        m = _SCALAR.match(text, pos)
        if not m:
            raise ValueError(f"unexpected {ch!r}")
        if numbers is not None and path in want and m.group()[-1:].isdigit():
            numbers[path] = m.group()
        return m.end()

    try:
        value(0, "", 0)
    except (ValueError, IndexError, RecursionError):
        pass
    return found


# ---------------------------------------------------------------------------------------
# The loader's API


def ensure_valid(doc: Any, *, file: str, game: str | None = None) -> None:
    """Raise :class:`companion.cards.CardFileError` if ``doc`` does not fit its schema."""
    from .cards import CardFileError

    found = validate_document(doc, file=file, game=game, warnings=False)  # (a load drops warnings)
    errors = [i for i in found if i.severity == "error"]
    if errors:
        first = Report(files=[file], issues=errors[:1])
        _add_lines(first, {})  # its line in the file, as `companion validate` names it ("myv.json:2")
        raise CardFileError(first.issues[0].render() + _more_problems(doc, file=file, game=game))


def _more_problems(doc: Any, *, file: str, game: str | None) -> str:
    """`` (and 7 more errors; run `companion validate FILE` to list them all)``: what that command
    lists for the file besides its first error, counted the way it counts them (the schema's
    errors, then the checks across the game's cards, such as an id a bundled card holds, and its
    warnings), so the number agrees with what the user then sees. Empty if there is nothing more."""
    report = Report(files=[file])
    _validate_docs(report, [(file, doc)], context=True, skip=[Path(file)],
                   expected={file: game} if game is not None else None, lines=False, images=True)
    n_err, n_warn = len(report.errors) - 1, len(report.warnings)
    if n_err < 1 and not n_warn:
        return ""
    parts = [f"{n} more {word}{'s' * (n != 1)}" if word == "error" else f"{n} {word}{'s' * (n != 1)}"
             for n, word in ((n_err, "error"), (n_warn, "warning")) if n > 0]
    return f" (and {' and '.join(parts)}; run `companion validate {file}` to list them all)"


def ensure_checks(game: str, cards: Sequence[Card]) -> None:
    """Raise :class:`companion.cards.CardFileError` on the first error the game's registered checks
    (:func:`register_check`) find among ``cards``, the cards in force: a file ``companion validate``
    rejects for one of them (a Queen of Hearts coloured black; a Mouse Card deck of 55 cards) does not
    load either, so every command leaves it out with its warning, as it does a file failing the schema."""
    from .cards import CardFileError, thaw  # (a loaded card keeps lists as tuples; the checks read JSON)

    checks = _checks_for(game)
    if not checks:
        return
    records = [Record(c.file or "", c.index if c.index is not None else -1, thaw(c.data)) for c in cards]
    for check in checks:
        for issue in check(records):
            if issue.severity == "error":
                raise CardFileError(issue.message, where=issue.where, expected=issue.expected,
                                    found=issue.found, suggestion=issue.suggestion)


def ensure_unique(cards: Sequence[Card]) -> None:
    """Raise :class:`companion.cards.CardFileError` on duplicate ids within a game."""
    from .cards import CardFileError

    seen: dict[str, Card] = {}
    every = list(cards)
    cards, orphans = resolve_replacements(every, lambda c: (c.id, c.get("replaces")))
    if orphans:
        card = orphans[0]
        message, expected, suggestion = replaces_problems(
            every, orphans, lambda c: (c.id, c.get("replaces")), lambda c: f"{c.file} /cards/{c.index}")[0]
        raise CardFileError(message, where=f"{card.file} /cards/{card.index}/replaces",
                            expected=expected, suggestion=suggestion)
    for card in cards:
        key = card.id.lower()
        if key in seen:
            other = seen[key]
            raise CardFileError(f"duplicate {card.game} card id {card.id!r}",
                                where=f"{card.file} /cards/{card.index}",
                                found=f"also at {other.file} /cards/{other.index}",
                                expected="ids unique within a game",
                                suggestion=replaces_hint(card.id) if other.file != card.file else None)
        seen[key] = card
