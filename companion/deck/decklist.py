"""Decklists: the text form TCG players already write, a JSON form, and the way back.

Text form, one entry a line::

    Deck
    # Mice first
    3 Acorn Scout
    2x Barley Runner      // comments after a space are fine too
    20 fruit-apple        ← a card may be named by its id

Counts are written ``3`` or ``3x``; names and ids are case-insensitive (and curly
apostrophes, quotes, dashes and repeated spaces match the plain ones); blank lines
and comments (``#``, ``//``) are skipped; one header line (``Deck``, ``Main``,
``Main deck:``) is allowed, and ``Name: My deck`` names the list, both before the first card
(after it, or a second header, is an error that says so). A sideboard (``Sideboard``, ``Side``,
``Maybe``...) is not part of the deck: its header is an error, not a silent merge.

JSON form: ``{"game": "village", "name": "...", "cards": [{"card": "Acorn Scout", "count": 3}]}``
(``game`` in any case). ``count`` is a JSON whole number from 1 to 999 (1 when left out);
text such as ``"3"`` is refused, with the number to write instead.

A list that cannot be read raises one :class:`DecklistError` listing *every* bad
line (line number, or for JSON the JSON pointer such as ``/cards/2/card``; the text; what
is wrong; up to three close card names), never just the first.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, CardDB
from ..errors import CompanionError, closest, did_you_mean
from ..textio import read_text
from .fields import norm

#: The largest count one line may hold; anything bigger is a typo, not a deck.
MAX_COUNT = 999

_HEADER = re.compile(r"^(deck|main|main\s*deck|maindeck|decklist|deck\s*list)\s*:?\s*(\(\d+\))?$",
                     re.IGNORECASE)
_NAME = re.compile(r"^name\s*:\s*(?P<name>.*)$", re.IGNORECASE)
_SIDE = re.compile(r"^(sideboard|side\s*board|side\s*deck|side|maybe(board)?|extra\s*deck|tokens?)"
                   r"\s*:?\s*(\(\d+\))?$", re.IGNORECASE)  # a section after the main deck
_COMMENT_MARK = re.compile(r"\s+(#|//)")  # an inline comment starts here (unless a card's name goes on)
_TRAILING_COUNT = re.compile(r"(?P<name>.+?)\s+[x×]?(?P<count>\d+)[x×]?", re.IGNORECASE)  # "Acorn Scout x3"
#: Lines that get close card names in an error; later ones only their problem (each look-up
#: compares with every card, and a file of 200,000 unknown lines took half a minute).
_SUGGEST_LINES = 100
_SHOWN_ISSUES = 50  # problems a message lists before "... and N more"


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of one card (one printing) in a list."""

    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class Decklist:
    """A parsed list: each printing once, with its total count, in first-seen order."""

    game: str
    entries: tuple[DeckEntry, ...] = ()
    name: str = ""
    #: How the list was read where it could have been read otherwise (a name that several cards
    #: carry): plain sentences naming the line, for a check to show beside its verdict.
    readings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def card_count(self) -> int:
        return sum(e.count for e in self.entries)

    def __len__(self) -> int:
        return self.card_count

    def count_of(self, card: Card | str) -> int:
        """Copies of this printing (a :class:`Card` or its id)."""
        cid = card.id if isinstance(card, Card) else card
        return sum(e.count for e in self.entries if e.card.id == cid)

    def cards(self) -> list[Card]:
        """Every copy, expanded: a 60-card deck gives 60 items."""
        return [e.card for e in self.entries for _ in range(e.count)]

    def with_count(self, card: Card, count: int) -> Decklist:
        """A copy of the list with this printing at ``count`` copies (0 removes it)."""
        if count < 0 or count > MAX_COUNT:
            raise CompanionError(f"bad count {count!r} for {card.name!r}",
                                 expected=f"a whole number from 0 to {MAX_COUNT}")
        entries: list[DeckEntry] = []
        done = False
        for e in self.entries:
            if e.card.id == card.id:
                if count and not done:
                    entries.append(DeckEntry(card, count))
                done = True
            else:
                entries.append(e)
        if not done and count:
            entries.append(DeckEntry(card, count))
        return Decklist(self.game, tuple(entries), self.name)

    def add(self, card: Card, delta: int = 1) -> Decklist:
        """Add (or with a negative ``delta`` remove) copies; never below zero."""
        return self.with_count(card, max(0, min(MAX_COUNT, self.count_of(card) + delta)))


@dataclass(frozen=True, slots=True)
class LineIssue:
    """One unreadable line: where, the text as written, what is wrong, close card names.

    A text list names its ``line``; a JSON list names a JSON ``pointer`` (``/cards/2/card``,
    ``""`` for the whole document) and has no line (``None``).
    """

    line: int | None
    text: str
    problem: str
    suggestions: tuple[str, ...] = ()
    pointer: str | None = None

    @property
    def place(self) -> str:
        """``line 3``, ``/cards/2/card`` or ``the top level``: where the problem is."""
        if self.pointer is not None:
            return self.pointer or "the top level"
        return f"line {self.line}"

    def render(self) -> str:
        hint = did_you_mean(self.suggestions)
        text = self.text if len(self.text) <= 80 else self.text[:79] + "…"
        return f"{self.place}: {text!r}: {self.problem}" + (f". {hint}" if hint else "")

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "pointer": self.pointer, "text": self.text, "problem": self.problem,
                "suggestions": list(self.suggestions)}


class DecklistError(CompanionError):
    """A decklist with unreadable lines; ``.issues`` lists every one of them."""

    def __init__(self, issues: Iterable[LineIssue], *, where: str | None = None) -> None:
        self.issues: tuple[LineIssue, ...] = tuple(issues)
        n = len(self.issues)
        pointers = [i.pointer for i in self.issues if i.pointer is not None]
        if any(not p.startswith("/cards/") for p in pointers):
            head = "the decklist cannot be read"  # the JSON document's shape, not one entry
        else:
            what = ("entry", "entries") if pointers else ("line", "lines")
            head = f"the decklist has {n} {what[n != 1]} that cannot be read"
        body = "".join(f"\n  {line}" for line in self.rendered_issues())
        super().__init__(head + (":" if body else "") + body, where=where)

    def rendered_issues(self) -> list[str]:
        """The problems as lines, the first :data:`_SHOWN_ISSUES` then "... and N more" (the JSON
        form, :meth:`to_json`, keeps them all)."""
        shown = [i.render() for i in self.issues[:_SHOWN_ISSUES]]
        more = len(self.issues) - _SHOWN_ISSUES
        return [*shown, f"... and {more} more"] if more > 0 else shown

    def to_json(self) -> dict[str, Any]:
        return {"error": self.render(), "issues": [i.to_json() for i in self.issues]}


def _card_part(rest: str, db: CardDB) -> str:
    """What follows a line's count, without the "x" of "3 x Card" (unless a card's name starts
    with "X ")."""
    if re.match(r"^[x×]\s+", rest, re.IGNORECASE) and db.lookup(rest) is None:
        return rest[1:].strip()
    return rest


def _content(line: str, db: CardDB) -> tuple[str, str]:
    """A stripped line cut into what it says and its inline comment (``  # ...`` or ``  // ...``
    with the spaces before it, ``""`` when none). A card may have " #" or " //" in its name
    ("Sword // Shield"), so the cut is the latest one before which the line still names a
    card; else the first."""
    cuts = [m.start() for m in _COMMENT_MARK.finditer(line)]
    if not cuts:
        return line, ""
    for cut in reversed([*cuts[1:], len(line)]):
        head = line[:cut].strip()
        rest = head.split(None, 1)[-1]
        if db.lookup(head) is not None or db.lookup(_card_part(rest, db)) is not None:
            return head, line[cut:]
    return line[:cuts[0]].strip(), line[cuts[0]:]


def _parse_count(token: str, unit: str = "line") -> int | str:
    """The count of a line (or JSON entry: ``unit``), or the reason it is not one."""
    t = token.rstrip("xX×")
    if not re.fullmatch(r"[+-]?\d+", t):
        return f"bad count {token!r}: write a whole number like '3' or '3x'"
    if len(t.lstrip("+-").lstrip("0")) > len(str(MAX_COUNT)):  # never int() a 5,000-digit number
        return (f"bad count {_short(token, 20)}: a count is at least 1" if t.startswith("-")
                else f"bad count {_short(token, 20)}: at most {MAX_COUNT} copies in one {unit}")
    n = int(t)
    if n <= 0:
        return f"bad count {token!r}: a count is at least 1 (leave the {unit} out instead)"
    if n > MAX_COUNT:
        return f"bad count {token!r}: at most {MAX_COUNT} copies in one {unit}"
    return n


def _resolve(db: CardDB, key: str, line: int | None, text: str, issues: list[LineIssue],
             pointer: str | None = None, readings: list[str] | None = None) -> Card | None:
    card = db.lookup(key)
    if card is None:  # close names for the first lines only: a list of 200,000 strangers is not a deck
        close = tuple(db.suggest(key)) if len(issues) < _SUGGEST_LINES else ()
        shown = repr(key) if len(key) <= 60 else repr(key[:59] + "…")  # (a pasted page is no card name)
        issues.append(LineIssue(line, text, f"unknown {db.game} card {shown}", close, pointer))
    elif readings is not None and len(readings) < _SHOWN_ISSUES and card.id != key.strip().lower():
        same = db.named(card.name)
        place = f"line {line}" if pointer is None else pointer
        if db.replacement_of(key) is card:  # the id of a card replaced since the list was written
            readings.append(f"{place}: {key.strip()!r} is the id of a card that {card.id} replaces"
                            + (f" (in {card.file})" if card.file else "") + f"; read as {card.id}.")
        elif len(same) > 1:  # a name, not an id, that several cards carry: say which was read
            others = ", ".join(c.id for c in same if c.id != card.id)
            readings.append(f"{place}: {key.strip()!r} names {len(same)} {db.game} cards; read as "
                            f"{card.id}, the first (not {others}). Write the id to choose one.")
    return card


def _merge(game: str, found: list[tuple[Card, int]], name: str, readings: list[str]) -> Decklist:
    totals: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for card, n in found:
        totals[card.id] = totals.get(card.id, 0) + n
        cards.setdefault(card.id, card)
    return Decklist(game, tuple(DeckEntry(cards[i], totals[i]) for i in totals), name, tuple(readings))


def _misplaced(line: str, header: int, first_card: int) -> str | None:
    """Why a header, ``Name:`` or sideboard line cannot stand where it is (``None``: it can).
    A list has one header and one name, both before its first card, and no other section."""
    if _SIDE.match(line):
        return ("not a card: a sideboard (or other section) is not part of the deck; keep only the "
                "main deck in this list")
    what = "a 'Name:' line" if _NAME.match(line) else "a header line"
    if first_card:
        return (f"not a card: {what} goes before the first card (line {first_card}); "
                "move it up or leave it out")
    if header and not _NAME.match(line):
        return f"not a card: a second header line (the first is line {header}); leave this one out"
    return None


def parse_text(text: str, db: CardDB, *, name: str = "", where: str | None = None,
               bare_count: int | None = None) -> Decklist:
    """Parse the text form against ``db``; raise :class:`DecklistError` listing every bad line.

    A line without a count is an error for a deck; lists where a bare card name is
    natural (a Monarchs score list) pass ``bare_count=1``.
    """
    issues: list[LineIssue] = []
    found: list[tuple[Card, int]] = []
    readings: list[str] = []
    header = first_card = 0  # the line numbers of the header and of the first card line (0: none yet)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        line = _content(line, db)[0]
        shown = raw.strip()
        m = _NAME.match(line)
        if (_HEADER.match(line) or m or _SIDE.match(line)) and db.lookup(line) is None:
            misplaced = _misplaced(line, header, first_card)
            if misplaced:
                issues.append(LineIssue(number, shown, misplaced))
            elif m:
                name = m.group("name").strip() or name
            else:
                header = number
            continue
        first_card = first_card or number
        parts = line.split(None, 1)
        first = parts[0]
        no_count = not any(ch.isdecimal() for ch in first) and first.lower() not in {"x", "×"} \
            and not re.fullmatch(r"[+-].*", first)
        if no_count and bare_count is not None:
            card = _resolve(db, line, number, shown, issues, readings=readings)
            if card is not None:
                found.append((card, bare_count))
            continue
        if no_count:
            # no count first: say how to write it, with the card if it is one ("Acorn Scout x3"
            # and "Pear 20" have theirs at the end: move it to the front)
            n, guess = 1, db.lookup(line)
            tail = _TRAILING_COUNT.fullmatch(line)
            if guess is None and tail and isinstance(_parse_count(tail.group("count")), int):
                guess = db.lookup(tail.group("name"))
                n = int(tail.group("count")) if guess else 1
            if guess is not None:  # the card is known: the example says all there is to say
                key = _key_for(DeckEntry(guess, n), db)[0]
                issues.append(LineIssue(number, shown, "the count is missing: write the number of copies "
                                        f"before the card, like '{n} {key}'"))
                continue
            sugg = tuple(db.suggest(line)) if len(issues) < _SUGGEST_LINES else ()
            issues.append(LineIssue(number, shown, "no count: write the number of copies first, "
                                    f"like '{n} {line}'", sugg))
            continue
        count = _parse_count(first)
        rest = parts[1].strip() if len(parts) > 1 else ""
        rest = _card_part(rest, db)
        if not rest:
            issues.append(LineIssue(number, shown, "no card name after the count"))
            continue
        card = _resolve(db, rest, number, shown, issues, readings=readings)
        if isinstance(count, str):
            issues.append(LineIssue(number, shown, count, ()))
            continue
        if card is not None:
            found.append((card, count))
    if issues:
        issues.sort(key=lambda i: i.line)
        raise DecklistError(issues, where=where)
    return _merge(db.game, found, name, readings)


def edit_count(text: str, db: CardDB, card: Card, count: int) -> str:
    """Set ``card`` (this printing) to ``count`` copies in a text decklist, keeping every other line.

    Comments, headers and the order stay as written: the first line naming the card
    gets the new count (or goes, at 0), later lines for it go, and a card not yet in
    the list is appended. This is how the deck builder's + and - buttons edit a list.
    """
    lines = text.splitlines()
    hits: list[tuple[int, str, str]] = []
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        parts = _content(line, db)[0].split(None, 1)
        if len(parts) < 2 or isinstance(_parse_count(parts[0]), str):
            continue
        rest = parts[1].strip()
        rest = _card_part(rest, db)
        hit = db.lookup(rest)
        if hit is not None and hit.id == card.id:
            hits.append((i, parts[0], rest))
    if hits:
        i, token, rest = hits[0]
        raw = lines[i]
        comment = _content(raw.strip(), db)[1]
        indent = raw[: len(raw) - len(raw.lstrip())]
        suffix = "x" if token[-1:].lower() in {"x", "×"} else ""
        drop = {j for j, _, _ in hits[1:]} | ({i} if count <= 0 else set())
        lines[i] = f"{indent}{count}{suffix} {rest}{comment}"
        lines = [line for j, line in enumerate(lines) if j not in drop]
    elif count > 0:
        key, note = _key_for(DeckEntry(card, count), db)
        lines.append(f"{count} {key}" + (f"  # {note}" if note else ""))
    return "\n".join(lines) + "\n" if lines else ""


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words: ``an array``, ``the number 5``, ``null``."""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    if value is None or isinstance(value, bool):
        return _short(value)
    what = "number" if isinstance(value, int | float) else "text"
    return f"the {what} {_short(value, 30)}"


def _json_count(raw: Any) -> int | str:
    """The count of a JSON entry, or the reason it is not one. A count is a JSON whole number
    (``3``, never ``"3"``: a decklist written by a program should not pass by luck), and the
    message shows the number as given, however large."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        if raw <= 0:
            return f"bad count {_short(raw, 40)}: a count is at least 1 (leave the entry out instead)"
        if raw > MAX_COUNT:
            return f"bad count {_short(raw, 40)}: at most {MAX_COUNT} copies in one entry"
        return raw
    if isinstance(raw, str):
        digits = re.fullmatch(r"\s*0*(\d{1,3})\s*[xX×]?\s*", raw)
        if digits and 1 <= int(digits.group(1)) <= MAX_COUNT:
            return (f"bad count {_short(raw, 20)}: a count is a JSON number, not text: "
                    f"write {int(digits.group(1))} without quotes")
    return (f"bad count {_short(raw, 40)}: a count is a whole number from 1 to {MAX_COUNT}, "
            "written without quotes, like 3")


def parse_json(doc: Any, db: CardDB, *, where: str | None = None) -> Decklist:
    """Parse the JSON form (already decoded); a problem names its JSON pointer (``/cards/2/card``)."""
    example = f'{{"game": "{db.game}", "cards": [{{"card": "...", "count": 3}}]}}'
    if not isinstance(doc, Mapping):
        wrap = (f"; put the list in an object: {{\"game\": \"{db.game}\", \"cards\": [...]}}"
                if isinstance(doc, list) else f", like {example}")
        raise DecklistError([LineIssue(None, _short(doc), 'expected an object with a "cards" list, found '
                                       f"{_json_kind(doc)}{wrap}", pointer="")], where=where)
    if not isinstance(doc.get("cards"), list):
        found = "nothing" if "cards" not in doc else _json_kind(doc["cards"])
        raise DecklistError([LineIssue(None, _short(doc.get("cards")), 'expected a "cards" list, found '
                                       f"{found}, like {example}", pointer="/cards")], where=where)
    game = doc.get("game", db.game)
    if not isinstance(game, str) or norm(game) != norm(db.game):
        raise CompanionError(f"this decklist is for {game!r}, not {db.game!r}",
                             where=f"{where}: /game" if where else "/game",
                             expected=repr(db.game), found=repr(game))
    name = doc.get("name", "")
    name = name if isinstance(name, str) else str(name)
    issues: list[LineIssue] = []
    found: list[tuple[Card, int]] = []
    readings: list[str] = []
    # A field this form does not have is a mistake to say, never dropped in silence (a
    # "cnt" or a "sideboard" would leave cards out of the count with no word)
    issues += _unknown_keys(doc, _LIST_KEYS, "")
    for index, item in enumerate(doc["cards"]):
        text = _short(item)
        here = f"/cards/{index}"
        if isinstance(item, Mapping):
            issues += _unknown_keys(item, _ENTRY_KEYS, here)
        if not isinstance(item, Mapping) or not isinstance(item.get("card"), str) or not item["card"].strip():
            hint = ""
            if isinstance(item, Mapping) and "card" not in item and "name" in item:
                hint = ': the card\'s name or id goes in "card"'
            issues.append(LineIssue(None, text, 'expected {"card": "<name or id>", "count": <number>}'
                                    + hint, pointer=f"{here}/card" if isinstance(item, Mapping) else here))
            continue
        count = _json_count(item.get("count", 1))
        card = _resolve(db, item["card"], None, text, issues, pointer=f"{here}/card", readings=readings)
        if isinstance(count, str):
            issues.append(LineIssue(None, text, count, pointer=f"{here}/count"))
            continue
        if card is not None:
            found.append((card, count))
    if issues:
        raise DecklistError(issues, where=where)
    return _merge(db.game, found, name, readings)


#: The fields of a JSON decklist and of each of its entries (what :func:`to_json` writes).
_LIST_KEYS = ("game", "name", "cards")
_ENTRY_KEYS = ("card", "count", "name")


def _unknown_keys(obj: Mapping[str, Any], known: tuple[str, ...], here: str) -> list[LineIssue]:
    """A problem for each field of ``obj`` not in ``known``, with the closest known one."""
    out = []
    for key in obj:
        if key not in known:
            hint = did_you_mean(closest(str(key), known))
            takes = ", ".join(repr(k) for k in known)
            what = "a decklist entry" if here else "a decklist"
            out.append(LineIssue(None, _short(obj), f"unknown field {str(key)!r} ({what} takes {takes})"
                                 + (f". {hint}" if hint else ""), pointer=f"{here}/{key}"))
    return out


def _short(value: Any, limit: int = 80) -> str:
    """``value`` as JSON text, cut to ``limit`` characters (never an error, even for a number of
    thousands of digits, which Python will not turn into text)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        try:
            text = repr(value)
        except ValueError:  # (Python turns no number of over 4,300 digits into text)
            text = (f"a number of about {int(value.bit_length() * 0.30103)} digits" if isinstance(value, int)
                    else "a value holding a number of thousands of digits")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse(text: str, db: CardDB, *, name: str = "", where: str | None = None) -> Decklist:
    """Either form: text starting with ``{`` (or ``[``, never a text line) is read as JSON,
    anything else as the text form."""
    if text.lstrip().startswith(("{", "[")):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            lines = text.splitlines()  # the error may point past the last line ("{\n")
            shown = lines[exc.lineno - 1].strip() if exc.lineno <= len(lines) else ""
            raise DecklistError([LineIssue(exc.lineno, shown, f"not valid JSON: {exc.msg}")],
                                where=where) from None
        except ValueError:  # a number of thousands of digits (Python's int limit)
            raise DecklistError([LineIssue(None, _short(text, 40), "a number in it has thousands of digits",
                                           pointer="")], where=where) from None
        except RecursionError:
            raise DecklistError([LineIssue(1, text[:40], "nested too deeply")], where=where) from None
        deck = parse_json(doc, db, where=where)
        return deck if deck.name or not name else Decklist(deck.game, deck.entries, name, deck.readings)
    return parse_text(text, db, name=name, where=where)


def read_decklist(path: str | os.PathLike[str], db: CardDB) -> Decklist:
    """Read a decklist file in either form; the file name (without suffix) names it by default."""
    p = Path(path)
    text = read_text(p, what="decklist")
    return parse(text, db, name=p.stem, where=str(p))


def _key_for(entry: DeckEntry, db: CardDB | None) -> tuple[str, str]:
    """How to write a card so it reads back as the same printing: its name, else its id."""
    card = entry.card
    first = db.lookup(card.name) if db is not None else card
    shared = db is not None and len(db.named(card.name)) > 1  # the id says which of them, unasked
    if first is not None and first.id == card.id and not shared and not _COMMENT_MARK.search(card.name):
        return card.name, ""  # (a name holding " #" or " //" would read as a comment: the id then)
    return card.id, card.name


def to_text(deck: Decklist, db: CardDB | None = None, *, header: bool = True) -> str:
    """The text form: ``Name:`` line, then ``3 Card Name`` per entry (an id where a name is ambiguous).

    With ``db``, a printing that is not the first of its name is written by id, with
    the name as a comment, so the list reads back exactly (see :func:`parse_text`).
    """
    lines: list[str] = []
    if header and deck.name:
        lines.append(f"Name: {deck.name}")
    for e in deck.entries:
        key, comment = _key_for(e, db)
        lines.append(f"{e.count} {key}" + (f"  # {comment}" if comment else ""))
    return "\n".join(lines) + "\n"


def to_json(deck: Decklist) -> dict[str, Any]:
    """The JSON form, by card id (exact printing)."""
    return {"game": deck.game, "name": deck.name,
            "cards": [{"card": e.card.id, "count": e.count, "name": e.card.name} for e in deck.entries]}
