"""Decklists: the text form TCG players already write, a JSON form, and the way back.

Text form, one entry a line::

    Deck
    # Mice first
    3 Acorn Scout
    2x Barley Runner      // comments after a space are fine too
    20 fruit-apple        ← a card may be named by its id

Counts are written ``3`` or ``3x``; names and ids are case-insensitive (and curly
apostrophes, quotes, dashes and repeated spaces match the plain ones); blank lines
and comments (``#``, ``//``) are skipped, and so are labels in brackets (``[Mice]``) and section headers
(``Mice:``, ``Fruit (20):``: no count, a colon at the end) over a group of cards (``[Sideboard]`` and
``Sideboard:`` are errors, as below); one header line (``Deck``, ``Main``,
``Main deck:``) is allowed, and ``Name: My deck`` names the list, both before the first card
(after it, or a second header, is an error that says so). A sideboard (``Sideboard``, ``Side``,
``Maybe``...) is not part of the deck: its header is an error, not a silent merge.

JSON form: ``{"game": "village", "name": "...", "cards": [{"card": "Acorn Scout", "count": 3}]}``
(``game`` in any case). ``count`` is a JSON whole number from 1 to 999, never left out (as a
text line's count is not); text such as ``"3"`` is refused, with the number to write instead.

CSV form (a list kept in a spreadsheet, :func:`parse_csv`): a ``count,card`` header row, and above
it at most one title row (one cell: ``My deck,,`` or ``Name: My deck``), which names the list.

A list that cannot be read raises one :class:`DecklistError` listing *every* bad
line or entry, one problem each (its line number, and for JSON the JSON pointer such as
``/cards/2/card``; the text; what is wrong; up to three close card names), never just the first.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..cards import ZERO_WIDTH, Card, CardDB, KeptCards, norm_text
from ..errors import CompanionError, closest, cut, did_you_mean, game_words, shown
from ..textio import CSV_SEPARATORS, csv_cells, csv_separator, loads_noting_twice, read_text, unescape_pointer
from ..validation import is_format_document, json_syntax_hint
from .fields import norm

#: The largest count one line may hold; anything bigger is a typo, not a deck.
MAX_COUNT = 999

_HEADER = re.compile(r"^(deck|main|main\s*deck|maindeck|decklist|deck\s*list)\s*:?\s*(\(\d+\))?$",
                     re.IGNORECASE)
_NAME = re.compile(r"^name\s*:\s*(?P<name>.*)$", re.IGNORECASE)
_SIDE = re.compile(r"^(sideboard|side\s*board|side\s*deck|side|maybe(board)?|extra\s*deck|tokens?)"
                   r"\s*:?\s*(\(\d+\))?$", re.IGNORECASE)  # a section after the main deck
_LABEL = re.compile(r"\[([^\[\]]+)\]")  # "[Mice]", "[Main]": a label over a group of cards
#: "Mice:", "Fruit (20):", "Characters:": a section header over a group of cards, as exported lists write
#: one (no count first: a line that names no card and ends with a colon)
_SECTION = re.compile(r"^(?P<label>[^\d\s:+-][^:]*?)\s*(\(\d+\))?\s*:\s*(\(\d+\))?$")
_COMMENT_MARK = re.compile(r"\s+(#|//)")  # an inline comment starts here (unless a card's name goes on)
#: A card with its count after it, as other tools write one: "Acorn Scout x3", "Acorn Scout x 3",
#: "Acorn Scout ×3", "Acorn Scout 3x", "Acorn Scout (3)", "Acorn Scout [x3]", "Acorn Scout - 3",
#: "Acorn Scout * 3" (read as no count: the error says how to write it, "3 Acorn Scout")
_TRAILING_COUNT = re.compile(r"(?P<name>.*?\S)(?:\s*[-–:,]\s*|\s+|(?=[(\[]))(?P<open>[(\[]\s*)?[x×*]?\s*"
                             r"(?P<count>\d+)\s*[x×]?(?(open)\s*[)\]])", re.IGNORECASE)
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
    #: What of the file was left unread (a spreadsheet's column a decklist does not take): plain
    #: sentences naming the line, for a command to say as warnings.
    warnings: tuple[str, ...] = field(default=(), compare=False)

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
        """A copy of the list with this printing at ``count`` copies (0 removes it). A total may be
        above :data:`MAX_COUNT` (as lines of the same card add up): :func:`to_text` and
        :func:`to_json` write it as several lines or entries of at most that many."""
        if count < 0:
            raise CompanionError(f"bad count {count!r} for {card.name!r}",
                                 expected="a whole number, 0 or more")
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
        return self.with_count(card, max(0, self.count_of(card) + delta))


@dataclass(frozen=True, slots=True)
class LineIssue:
    """One unreadable line: where, the text as written, what is wrong, close card names.

    A text list names its ``line``; a JSON list names a JSON ``pointer`` (``/cards/2/card``,
    ``""`` for the whole document), and the line it starts on when the list's text is known
    (``None``: not known).
    """

    line: int | None
    text: str
    problem: str
    suggestions: tuple[str, ...] = ()
    pointer: str | None = None
    #: the card name or id that no card of the game carries, when that is the problem
    unknown: str | None = field(default=None, compare=False)

    @property
    def place(self) -> str:
        """``line 3``, ``line 4 /cards/2/card`` (``/cards/2/card`` with no line) or ``line 1, the top
        level``: where the problem is."""
        if self.pointer is None:
            return f"line {self.line}"
        pointer = self.pointer or "the top level"
        if self.line is None:
            return pointer
        return f"line {self.line} {pointer}" if self.pointer else f"line {self.line}, {pointer}"

    def render(self) -> str:
        hint = did_you_mean(self.suggestions)
        text = self.text if len(self.text) <= 80 else self.text[:79] + "…"
        return f"{self.place}: {text!r}: {self.problem}" + (f". {hint}" if hint else "")

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "pointer": self.pointer, "text": self.text, "problem": self.problem,
                "suggestions": list(self.suggestions)}


def listed_issues(issues: Sequence[LineIssue]) -> list[str]:
    """Problems as lines, the first :data:`_SHOWN_ISSUES` then "... and N more" (the JSON form, each
    :meth:`LineIssue.to_json`, keeps them all): how a decklist's (and a score file's) are listed."""
    shown = [i.render() for i in issues[:_SHOWN_ISSUES]]
    more = len(issues) - _SHOWN_ISSUES
    return [*shown, f"... and {more} more"] if more > 0 else shown


class DecklistError(CompanionError):
    """A decklist with unreadable lines; ``.issues`` lists every one of them."""

    def __init__(self, issues: Iterable[LineIssue], *, where: str | None = None, hint: str | None = None,
                 other_game: tuple[str, int, int] | None = None, known: int | None = None) -> None:
        self.issues: tuple[LineIssue, ...] = tuple(issues)
        #: how many lines (entries) named a card of the list's game, when the parser counted them
        self.known = known
        #: ``(game, k, n)``: ``k`` of the ``n`` unknown names are that game's cards (:func:`other_game_of`);
        #: ``hint`` says what to do then (said first, before the lines)
        self.other_game = other_game
        self.hint = hint
        pointers = [i.pointer for i in self.issues if i.pointer is not None]
        if any(not p.startswith("/cards/") for p in pointers):
            head = "the decklist cannot be read"  # the JSON document's shape, not one entry
            self._headline = "The list cannot be read"
        else:
            # entries, not problems, are counted: /cards/3/count and /cards/3/card are one entry
            n = len({p.split("/")[2] for p in pointers}) if pointers else len(self.issues)
            what = ("entry", "entries") if pointers else ("line", "lines")
            head = f"the decklist has {n} {what[n != 1]} that cannot be read"
            self._headline = f"{n} {what[n != 1]} cannot be read"
        body = "".join(f"\n  {line}" for line in self.rendered_issues())
        # what to do comes first, before the lines (18 unknown cards of another game would bury it)
        lead = f"{head}. {hint}" if hint else head + (":" if body else "")
        super().__init__(lead + body, where=where)

    def headline(self) -> str:
        """The problem in a few words for a panel's title: ``2 lines cannot be read``, ``9 entries
        cannot be read`` (a JSON list), ``The list cannot be read`` (its shape)."""
        return self._headline

    def rendered_issues(self) -> list[str]:
        """The problems as lines (:func:`listed_issues`)."""
        return listed_issues(self.issues)

    def to_json(self) -> dict[str, Any]:
        return {"error": self.render(), "issues": [i.to_json() for i in self.issues],
                **({"other_game": self.other_game[0], "hint": self.hint} if self.other_game else {})}

    def with_hint(self, hint: str | None) -> DecklistError:
        """The same problems with another ``hint`` (a command names itself: ``deck check tmnt``)."""
        return DecklistError(self.issues, where=self.where, hint=hint, other_game=self.other_game,
                             known=self.known)

    def run_instead(self, command: Callable[[str], str]) -> DecklistError:
        """When the list reads as another game's (:attr:`other_game`), the same problems with the command
        to run instead as the hint (``command(game)``: ``companion deck check tmnt``), as every command
        reading a decklist says it; else this error itself."""
        if self.other_game is None:
            return self
        other, k, n = self.other_game
        return self.with_hint(f"{looks_like(other, k, n)}: use `{command(other)}`.")


class CardFileNotDecklist(CompanionError):
    """A card file (``{"game", "set", "cards": [card records]}``) given where a decklist goes: said
    once, instead of an "unknown field" problem for every field of every card."""


def looks_like_card_file(doc: Any) -> bool:
    """Whether a JSON document is a card file rather than a decklist: a ``cards`` list of records
    (objects, none with a ``card`` field), most of them with an ``id`` and a ``type``."""
    cards = doc.get("cards") if isinstance(doc, Mapping) else None
    if not isinstance(cards, list) or not cards:
        return False
    if not all(isinstance(c, Mapping) and "card" not in c for c in cards):
        return False
    return 2 * sum("id" in c and "type" in c for c in cards) > len(cards)


def card_file_error(where: str | None, *, suggestion: str | None = None) -> CardFileNotDecklist:
    """The one message for a card file given as a decklist (:func:`looks_like_card_file`); a command
    passes its own ``suggestion`` (its ``--cards`` option)."""
    file = where or "FILE"
    return CardFileNotDecklist(
        'this is a card file (its "cards" are card records, with ids and types), not a decklist',
        where=where, expected="a decklist: lines like '3 Card Name', or JSON like "
                              '{"game": ..., "cards": [{"card": "Card Name", "count": 3}]}',
        suggestion=suggestion or "A card file adds cards to the game (put it in your card folder, or pass "
                                 f"it with --cards); check it with `companion validate {file}`.")


class NotADecklist(CompanionError):
    """A JSON file that is clearly some other kind of file (a Monarchs score list, a deck format):
    said in one line, instead of an "unknown field" problem for each of its fields."""


def other_kind_of_file(doc: Any, where: str | None = None) -> tuple[str, str] | None:
    """What a JSON document (read from ``where``) that is clearly not a decklist is, and what to do
    with it, as ``(kind, suggestion)``; ``None`` when it may be a decklist (its problems are then
    listed one by one). A deck format is told as ``companion validate`` tells one
    (:func:`..validation.is_format_document`), a card file by :func:`looks_like_card_file`."""
    if not isinstance(doc, Mapping):
        return None
    if is_format_document(doc, where or ""):
        has = [what for key, what in (("deck_size", "a deck size"), ("copy_limit", "a copy limit"))
               if key in doc]
        why = f"it has {' and '.join(has)}" if has else "it is in a formats folder, and has no cards"
        return (f"a deck format file ({why})", "Use it with --format FILE, beside the decklist it checks")
    cards = doc.get("cards")
    game = doc.get("game")
    monarchs = game is None or (isinstance(game, str) and norm(game) == "monarchs")
    if isinstance(cards, list) and cards and monarchs:
        scored = sum(isinstance(c, Mapping) and "card" not in c and ("color" in c or "crowns" in c)
                     for c in cards)
        if 2 * scored > len(cards):
            return ("an Of Mice and Monarchs score list (its cards are colours and crowns)",
                    "Score it with `companion score monarchs FILE`")
    return None


#: The games with decklists, for the hint that a list is another game's.
_DECK_GAMES = ("village", "tmnt")


def other_game_of(issues: Iterable[LineIssue], game: str,
                  known: int | None = None) -> tuple[str, int, int] | None:
    """``(game, k, n)`` when the list is most likely another game's (one that has decklists):
    most of its ``n`` unknown card names (``k`` of them, at least 2) are that game's cards, or it
    names no card of ``game`` and every one of its unknown names is that game's (``3 Acorn Scout``
    alone, read as TMNT). ``known``: how many lines named a card of ``game`` (``None``: not counted,
    only the first test applies). A name neither game knows (gibberish, a typo) is never counted for
    the other game: one of its names among five strangers gets no such word."""
    return other_game_of_names([u for i in issues if (u := i.unknown)], game, known)


#: per game, its cards as :func:`their_cards` last read them
_THEIR_CARDS: dict[str, KeptCards] = {}


def their_cards(game: str) -> CardDB:
    """``game``'s cards as a command or page of another game reads them, to say whose a name is: kept
    between calls (a page asks at every keystroke in a list with a bad line), read again when your
    card files change; a broken one of yours is left out (the other cards still tell)."""
    kept = _THEIR_CARDS.get(game) or _THEIR_CARDS.setdefault(game, KeptCards(game, leave_out=True))
    return kept()


def other_game_of_names(unknown: Sequence[str], game: str,
                        known: int | None = None) -> tuple[str, int, int] | None:
    """:func:`other_game_of` for the ``unknown`` card names themselves (a command's one card name,
    ``cards correct village leonardo``)."""
    if not unknown or (len(unknown) < 2 and known is None):
        return None
    for other in _DECK_GAMES:
        if other == game:
            continue
        try:
            db = their_cards(other)
        except CompanionError:
            continue
        theirs = [db.lookup(name) is not None for name in unknown]
        k = sum(theirs)
        if k >= 2 and 2 * k > len(unknown):
            return other, k, len(unknown)
        if known == 0 and k == len(unknown):  # every card it names is the other game's
            return other, k, len(unknown)
    return None


def their_card_names(unknown: Iterable[str], other: str) -> list[str]:
    """The names of ``other``'s cards among the ``unknown`` names (or ids) of a list, each once, in the
    list's order: the cards that make it look like ``other``'s list (:func:`other_game_of`), to name."""
    try:
        db = their_cards(other)
    except CompanionError:
        return []
    found = [card.name for name in unknown if (card := db.lookup(name)) is not None]
    return list(dict.fromkeys(found))


def _game_hint(exc: DecklistError, game: str) -> DecklistError:
    """``exc``, with a word on the game when its unknown names are mostly another game's cards."""
    found = other_game_of(exc.issues, game, exc.known)
    if found is None:
        return exc
    other, k, n = found
    return DecklistError(exc.issues, where=exc.where, other_game=found, known=exc.known,
                         hint=f"{looks_like(other, k, n)}: read the list as a {other} list.")


def looks_like(other: str, k: int, n: int) -> str:
    """``These look like TMNT TCG cards (17 of the 18 unknown names are)``; ``This looks like a
    Village TCG card (the one unknown name is)``."""
    from .. import GAMES

    if n == 1:
        return f"This looks like a {GAMES[other]} card (the one unknown name is)"
    return f"These look like {GAMES[other]} cards ({k} of the {n} unknown names {'is' if k == 1 else 'are'})"


def _card_part(rest: str, db: CardDB) -> str:
    """What follows a line's count, without the "x" of "3 x Card" (unless a card's name starts
    with "X ")."""
    if re.match(r"^[x×]\s+", rest, re.IGNORECASE) and db.lookup(rest) is None:
        return rest[1:].strip()
    return rest


def split_comment(line: str, db: CardDB) -> tuple[str, str]:
    """A stripped line cut into what it says and its inline comment (``  # ...`` or ``  // ...``
    with the spaces before it, ``""`` when none). A card may have " #" or " //" in its name
    ("Sword // Shield"), so the cut is the latest one before which the line still names a
    card; else the first."""
    cuts = [m.start() for m in _COMMENT_MARK.finditer(line)]
    if not cuts:
        return line, ""
    for at in reversed([*cuts[1:], len(line)]):
        head = line[:at].strip()
        rest = head.split(None, 1)[-1]
        if db.lookup(head) is not None or db.lookup(_card_part(rest, db)) is not None:
            return head, line[at:]
    return line[:cuts[0]].strip(), line[cuts[0]:]


def _parse_count(token: str, unit: str = "line") -> int | str:
    """The count of a line (or JSON entry: ``unit``), or the reason it is not one."""
    t, said = token.rstrip("xX×"), shown(token, 22)  # (a long one cut inside its quotes: '99999…')
    if not re.fullmatch(r"[+-]?\d+", t):
        return f"bad count {said}: write a whole number like '3' or '3x'"
    if len(t.lstrip("+-").lstrip("0")) > len(str(MAX_COUNT)):  # never int() a 5,000-digit number
        return (f"bad count {said}: a count is at least 1" if t.startswith("-")
                else f"bad count {said}: at most {MAX_COUNT} copies in one {unit}")
    n = int(t)
    if n <= 0:
        return f"bad count {said}: a count is at least 1 (leave the {unit} out instead)"
    if n > MAX_COUNT:
        return f"bad count {said}: at most {MAX_COUNT} copies in one {unit}"
    return n


def _resolve(db: CardDB, key: str, line: int | None, text: str, issues: list[LineIssue],
             pointer: str | None = None, readings: list[str] | None = None, *,
             suggest: bool = True) -> Card | None:
    """The card ``key`` names, else ``None`` and its problem added to ``issues`` (with close names
    while ``issues`` is short and ``suggest`` is true: the caller's own count of problems so far)."""
    card = db.lookup(key)
    if card is None:  # close names for the first lines only: a list of 200,000 strangers is not a deck
        close = tuple(db.suggest(key)) if suggest and len(issues) < _SUGGEST_LINES else ()
        said = repr(key) if len(key) <= 60 else repr(key[:59] + "…")  # (a pasted page is no card name)
        issues.append(LineIssue(line, text, f"unknown {game_words(db.game)} card {said}", close, pointer,
                                unknown=key))
    elif readings is not None and len(readings) < _SHOWN_ISSUES and card.id != key.strip().lower():
        same = db.named(card.name)
        place = f"line {line}" if pointer is None else pointer
        if db.replacement_of(key) is card:  # the id of a card replaced since the list was written
            readings.append(f"{place}: {key.strip()!r} is the id of a card that {card.id} replaces"
                            + (f" (in {card.file})" if card.file else "") + f"; read as {card.id}.")
        elif len(same) > 1:  # a name, not an id, that several cards carry: say which was read
            others = ", ".join(c.id for c in same if c.id != card.id)
            readings.append(f"{place}: {key.strip()!r} names {len(same)} {game_words(db.game)} cards; "
                            f"read as {card.id}, the first (not {others}). Write the id to choose one.")
    return card


def _merge(game: str, found: list[tuple[Card, int]], name: str, readings: list[str],
           warnings: Iterable[str] = ()) -> Decklist:
    totals: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for card, n in found:
        totals[card.id] = totals.get(card.id, 0) + n
        cards.setdefault(card.id, card)
    return Decklist(game, tuple(DeckEntry(cards[i], totals[i]) for i in totals), name, tuple(readings),
                    tuple(warnings))


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


_NO_ZERO_WIDTH = str.maketrans(dict.fromkeys(ZERO_WIDTH, None))


def group_label(line: str, db: CardDB) -> str | None:
    """What a text list's line (stripped, its comment cut: :func:`split_comment`) is when it stands over the
    cards after it rather than naming one: ``"label"`` for a label the parser reads like a comment
    (``[Mice]``, or a section header ``Mice:``), ``"side"`` for a ``[Sideboard]`` label (not part of the
    deck: an issue); ``None``: neither (a card, a header, a ``Name:`` line)."""
    label = _LABEL.fullmatch(line)
    if label and db.lookup(line) is None:
        return "side" if _SIDE.match(label.group(1).strip()) else "label"
    section = _SECTION.fullmatch(line)
    if section and not _SIDE.match(line) and not _HEADER.match(line) and not _NAME.match(line) \
            and db.lookup(line) is None and db.lookup(section.group("label")) is None:
        return "label"
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
        raw = raw.translate(_NO_ZERO_WIDTH)  # (pasted along with a name: they print as nothing)
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        line = split_comment(line, db)[0]
        shown = raw.strip()
        label = group_label(line, db)
        if label == "side":  # "[Sideboard]" is not part of the deck: said so
            issues.append(LineIssue(number, shown, _misplaced(line[1:-1].strip(), 0, 0) or ""))
        if label is not None:
            continue
        section = _SECTION.fullmatch(line)
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
            guess = db.lookup(line) or (db.lookup(section.group("label")) if section else None)
            n, said = 1, line
            tail = _TRAILING_COUNT.fullmatch(line)
            if guess is None and tail:
                # its count after it ("Sticky Honey x 3", "Harvest Moon (3)"): the example moves it to the
                # front, so that the line it gives reads (a count no line takes, "x 0", left out); for an
                # unknown card only when an x or brackets say it is a count ("Nothing 3" may be a name)
                after, card = _parse_count(tail.group("count")), db.lookup(tail.group("name"))
                marked = re.search(r"[x×*(\[]", line[tail.end("name"):], re.IGNORECASE)
                if card is not None or (marked and isinstance(after, int)):
                    n, said, guess = after if isinstance(after, int) else 1, tail.group("name"), card
            if guess is not None:  # the card is known: the example says all there is to say
                key = key_for(guess, db)[0]
                issues.append(LineIssue(number, shown, "the count is missing: write the number of copies "
                                        f"before the card, like '{n} {key}'"))
                continue
            sugg = (tuple(db.suggest(said) or (db.suggest(line) if said != line else ()))
                    if len(issues) < _SUGGEST_LINES else ())  # (the whole line again only when it differs)
            issues.append(LineIssue(number, shown, "no count: write the number of copies first, "
                                    f"like '{n} {said}'", sugg))
            continue
        count = _parse_count(first)
        rest = parts[1].strip() if len(parts) > 1 else ""
        rest = _card_part(rest, db)
        if isinstance(count, str) and (hint := _csv_row_issue(number, shown)) is not None:  # "3,Acorn Scout"
            issues.append(hint)
            continue
        if not rest:
            issues.append(LineIssue(number, shown, "no card name after the count"))
            continue
        if isinstance(count, str):  # one problem a line: a bad count, and the card if unknown too
            issues.append(_bad_count_issue(db, number, shown, count, rest, len(issues)))
            continue
        card = _resolve(db, rest, number, shown, issues, readings=readings)
        if card is not None:
            found.append((card, count))
    if issues:
        issues.sort(key=lambda i: cast(int, i.line))  # (a text list: every issue has its line)
        raise DecklistError(issues, where=where, known=len(found))
    return _merge(db.game, found, name, readings)


def _csv_row_issue(number: int, shown: str) -> LineIssue | None:
    """A text line that looks like a CSV row (``3,Acorn Scout``): how to write it."""
    csv_row = _CSV_ROW.match(shown)
    if csv_row is None:
        return None
    n, card = csv_row.group("count"), csv_row.group("rest").strip().strip('"').strip()
    return LineIssue(number, shown, f"this looks like CSV; write '{n} {card}' (the count, a space, the "
                                    "card), or give the list a header row 'count,card'")


def _bad_count_issue(db: CardDB, number: int, shown: str, count: str, key: str, n_issues: int) -> LineIssue:
    """The one problem of a line whose count is bad: the count's problem, and the card's if it is
    unknown too (a text line that looks like a CSV row is told how to write it before this)."""
    mine: list[LineIssue] = [LineIssue(number, shown, count)]
    _resolve(db, key, number, shown, mine, suggest=n_issues < _SUGGEST_LINES)
    return _one_issue(mine)


def _one_issue(problems: Sequence[LineIssue], pointer: str | None = None) -> LineIssue:
    """The problems of one line or entry as its one problem: ``bad count "3": ...; and unknown card
    'Raphel'`` (the one with close names last, so that "Did you mean" follows its name). Its pointer:
    theirs when they share one, else ``pointer`` (the entry's: ``/cards/3``)."""
    if len(problems) == 1:
        return problems[0]
    ordered = sorted(problems, key=lambda i: bool(i.suggestions))  # (stable: else as given)
    first = ordered[0]
    pointers = {i.pointer for i in ordered}
    return LineIssue(first.line, first.text, "; and ".join(i.problem for i in ordered),
                     next((i.suggestions for i in ordered if i.suggestions), ()),
                     first.pointer if len(pointers) == 1 else pointer,
                     unknown=next((i.unknown for i in ordered if i.unknown), None))


#: A text line that is a CSV row with its count first (``3,Acorn Scout``, ``3;Apple``).
_CSV_ROW = re.compile(r'^\s*"?(?P<count>\d+)"?\s*[,;\t]\s*(?P<rest>.+)$')
#: A CSV row with its count last (``Acorn Scout,3``).
_CSV_ROW_LAST = re.compile(r'^(?P<rest>.+?)\s*[,;\t]\s*"?(?P<count>\d+)"?\s*$')
#: Header cells of a CSV decklist: the count's column and the card's (any case).
_CSV_COUNT = {"count", "qty", "quantity", "copies", "amount", "number", "n", "#", "x"}
_CSV_CARD = {"card", "name", "card name", "cardname", "card_name", "id", "card id", "card_id", "title"}
#: The card columns that hold an id (one printing), where the others may hold a name several printings share.
_CSV_ID = {"id", "card id", "card_id"}


#: A header cell: a column's name (words, never starting with a digit as a row's count does).
_COLUMN_NAME = re.compile(r"[^\W\d][\w #-]{0,39}|#")


def _csv_header(cells: list[str]) -> bool:
    """Whether a CSV decklist's first row is a header: two cells or more, each empty or a column's
    name, one of them a decklist's column (``count``, ``qty``; ``card``, ``name``...). A header
    may still lack the count or the card column: :func:`_header_columns` says which it has."""
    named = [c for c in cells if c]
    return (len(cells) >= 2 and all(_COLUMN_NAME.fullmatch(c) for c in named)
            and any(len(c) > 1 and c.lower() in _CSV_COUNT | _CSV_CARD for c in named))


#: A CSV decklist's columns: its count's, its card's, and the name column read in a row whose card cell is
#: empty (``None``: none; a header with an id column and a name column has one: :func:`_header_columns`).
Columns = tuple[int, int, int | None]


def _header_columns(cells: list[str]) -> tuple[int | None, int | None, int | None]:
    """The header's count column, card column and name column (``None``: it has none). The card column is
    its id column when it has one beside a column of names (``count,name,id``, in any order: an id names one
    printing, where a name may be shared by several), and that column of names is then read only in a row
    whose id cell is empty; else its first card column."""
    low = [c.lower() for c in cells]
    count_col = next((i for i, c in enumerate(low) if c in _CSV_COUNT), None)
    cards = [i for i, c in enumerate(low) if c in _CSV_CARD and i != count_col]
    ids = [i for i in cards if low[i] in _CSV_ID]
    names = [i for i in cards if i not in ids]
    if ids and names:
        return count_col, ids[0], names[0]
    return count_col, cards[0] if cards else None, None


def _whole(cell: str) -> bool:
    """Whether a cell is a count's digits (``3``): what tells a row's count from its card."""
    return bool(re.fullmatch(r"\d+", cell))


def _row_columns(cells: Sequence[str], columns: Columns | None) -> tuple[Columns, int, int]:
    """Where one row of a CSV decklist keeps its count and its card, as :func:`parse_csv` reads it and
    :func:`csv_layout` edits it (the one place these rules live): the sheet's ``columns`` (its header's;
    ``None`` before the first row of a sheet without a header, which that row sets: a count then a card,
    unless it is two cells, a card then a count); in a row of two cells whose card cell holds the count
    (``Acorn Scout,3``), the other way round; a row whose card cell is empty reads the sheet's name column,
    if any. Gives the columns for the rows after it, and this row's count and card indexes (a cell past
    the row's end is empty)."""
    if columns is None:  # no header: the first row says which is which
        card_first = len(cells) == 2 and _whole(cells[1]) and not _whole(cells[0])
        columns = (1, 0, None) if card_first else (0, 1, None)
    count_col, card_col, name_col = columns

    def cell(i: int) -> str:
        return cells[i] if i < len(cells) else ""

    if max(len(cells), count_col + 1, card_col + 1) == 2 and _whole(cell(card_col)) \
            and not _whole(cell(count_col)):
        return columns, card_col, count_col  # this row has them the other way round
    if name_col is not None and not cell(card_col):
        return columns, count_col, name_col
    return columns, count_col, card_col


def _header_issue(number: int, line: str, cells: list[str], count_col: int | None) -> LineIssue:
    """The problem of a header without a count or a card column, with the column names close to
    the header's other cells (``nom``: ``name``)."""
    lacking, names = ("count", _CSV_COUNT) if count_col is None else ("card", _CSV_CARD)
    others = [c for i, c in enumerate(cells) if c and i != count_col and c.lower() not in _CSV_CARD]
    close = [hit for c in others for hit in closest(c, sorted(names), n=1, cutoff=0.5)]
    return LineIssue(number, line, f"the header has no {lacking} column (expected count,card or qty,name, "
                                   "in either order: a column for the number of copies and one for the "
                                   "card's name or id)", tuple(dict.fromkeys(close)))


def _csv_row(line: str) -> bool:
    """Whether a line is a CSV row of a count and a card, in either order."""
    return bool(_CSV_ROW.match(line) or _CSV_ROW_LAST.match(line))


def _rows(text: str) -> list[tuple[int, str]]:
    """The lines that are neither blank (nor empty rows) nor comments, with their line numbers, as
    written (a ``sep=`` line's tab kept)."""
    return [(number, line) for number, line in enumerate(text.splitlines(), start=1)
            if not _blank_row(line) and not line.strip().startswith(("#", "//"))]


#: Rows searched for a CSV decklist's header row (a spreadsheet's title or notes may stand above it).
_HEADER_ROWS = 20


def _csv_start(text: str) -> tuple[str | None, bool, int, list[tuple[int, str]]]:
    """How a CSV decklist starts: its separator (``None``: the list is no CSV), whether a ``sep=`` first
    line states it, the line number of its header row (0: none, its rows are cards from the first), and
    its rows (:func:`_rows`, the ``sep=`` line taken off), read once for the caller too.

    The header is the first of its first :data:`_HEADER_ROWS` rows that is one (:func:`_csv_header`,
    with any separator, or the one the ``sep=`` line states): rows above it are a title or a mistake
    (:func:`parse_csv` says which). Without one, :func:`companion.textio.csv_separator` tells (every
    row a count and a card), as it does for a card sheet."""
    rows = _rows(text)
    if not rows:
        return None, False, 0, []
    sep, stated = csv_separator([rows[0][1]])  # (a sep= line, or the separators of the first row)
    data = rows[1:] if stated else rows
    for number, line in data[:_HEADER_ROWS]:
        for each in (sep,) if stated and sep else CSV_SEPARATORS:
            if _csv_header(csv_cells(line.strip(), each)):
                return each, stated, number, data
    if stated:  # the sep= line says the separator: a list of rows without a header
        return sep, stated, 0, data
    # (every row tried as a header above, the first too: only the rows' own separators are left to tell)
    return csv_separator([line for _, line in rows], row=_csv_row)[0], False, 0, data


def looks_like_csv(text: str) -> bool:
    """Whether ``text`` is a CSV decklist (see :func:`parse_csv`)."""
    return _csv_start(text)[0] is not None


def _blank_row(line: str) -> bool:
    """Whether a line is blank or a spreadsheet's empty row: cells that are all empty (``,``,
    ``;;;``, ``"",""``), whatever the separator. Skipped like a blank line, as ``cards import`` does."""
    return not line.strip(' \t,;"')


def _csv_title(cells: list[str]) -> str | None:
    """The name a title row above a CSV decklist's header says: its one cell (``My deck,,``), without a
    ``Name:`` before it (``Name: My deck``, as ``deck export --to csv`` writes it); ``None``: the row
    is no title (it has more than one cell)."""
    said = [c for c in cells if c]
    if len(said) != 1:
        return None
    m = _NAME.match(said[0])
    return (m.group("name") if m else said[0]).strip()


def csv_name(text: str) -> str:
    """The name a CSV decklist's title row says (:func:`parse_csv`); ``""``: it has none."""
    sep, _stated, head, data = _csv_start(text)
    rows = [(n, line) for n, line in data if n < head]
    title = _csv_title(csv_cells(rows[0][1].strip(), sep or ",")) if rows else None
    return title or ""


@dataclass(frozen=True)
class CsvLayout:
    """Where a CSV decklist keeps what :func:`parse_csv` reads: what editing its rows in place needs
    (:func:`..listtext.bump_csv`), so every other cell stays as typed."""

    delimiter: str
    header: tuple[str, ...]  #: the header row's cells (none: the list has no header)
    count_col: int
    card_col: int
    #: its card rows: (line number, from 1; the row's count column; its card column; its cells, with an
    #: empty one for each of those two past the row's end)
    rows: tuple[tuple[int, int, int, tuple[str, ...]], ...]
    last: int  #: the line number of its last row, header or card (0: none)
    #: the column of names read where the card column (then an id column) is empty (:func:`_header_columns`)
    name_col: int | None = None

    @property
    def width(self) -> int:
        """The cells a new row has: the header's (a count and a card without one)."""
        return max(len(self.header), self.count_col + 1, self.card_col + 1)

    @property
    def extra_columns(self) -> list[str]:
        """The header's columns a decklist does not read (``note``): what a text list cannot keep."""
        return [c for i, c in enumerate(self.header) if c and i not in (self.count_col, self.card_col)]

    @property
    def by_id(self) -> bool:
        """Whether its card column is an id column (``id``, ``card_id``): a new row names its card there
        by id (and by name in :attr:`name_col`, if any)."""
        return bool(self.header) and self.header[self.card_col].lower() in _CSV_ID


def csv_layout(text: str) -> CsvLayout | None:
    """The layout of the CSV decklist ``text`` as :func:`parse_csv` reads it (its separator, header,
    columns, and each card row's count and card cells, a header-less row's in either order); ``None``
    when ``text`` is no CSV list or its header lacks a count or a card column."""
    sep, _stated, head, data = _csv_start(text)
    if sep is None:
        return None
    header: tuple[str, ...] = ()
    columns: Columns | None = None
    rows: list[tuple[int, int, int, tuple[str, ...]]] = []
    last = 0
    for number, raw in data:
        cells = csv_cells(raw.strip(), sep)
        if number < head:
            continue
        last = number
        if number == head:
            count_col, card_col, name_col = _header_columns(cells)
            if count_col is None or card_col is None:
                return None
            header, columns = tuple(cells), (count_col, card_col, name_col)
            continue
        columns, here, there = _row_columns(cells, columns)
        cells += [""] * (max(here, there) + 1 - len(cells))
        rows.append((number, here, there, tuple(cells)))
    if columns is None:
        return None
    return CsvLayout(sep, header, columns[0], columns[1], tuple(rows), last, columns[2])


def csv_row_text(cells: Sequence[str], delimiter: str = ",") -> str:
    """One row of CSV, its cells in quotes where a spreadsheet needs them (the separator, a quote)."""
    import csv
    import io

    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerow(cells)
    return out.getvalue().rstrip("\n")


def _above_header_issue(number: int, line: str, cells: list[str], head: int, delimiter: str) -> LineIssue:
    """The problem of a row above a CSV decklist's header row that is not its title (one title row
    is read there, :func:`_csv_title`): a ``Name:`` row split by the separator is told to quote it."""
    if _NAME.match(line) and len([c for c in cells if c]) > 1:
        whole = csv_row_text([line.rstrip(delimiter + " ")], delimiter)
        return LineIssue(number, line, f"a 'Name:' row is one cell, and {delimiter!r} separates cells: "
                                       f"put the name in quotes, like {whole}")
    return LineIssue(number, line, f"above the header row (line {head}) only one title row is read (one "
                                   "cell, like 'Name: My deck'): move this row below the header if it is a "
                                   "card, else leave it out")


def _separator_issue(number: int, line: str, cells: list[str], delimiter: str, said: str) -> LineIssue | None:
    """The problem of a row that holds a count and a card behind another separator than the sheet's
    (``2,Sai`` in a ``;`` sheet: one cell to the sheet), with the row to write; ``None``: it does not.
    ``said``: what states the sheet's separator (``its header row, line 1``)."""
    if len([c for c in cells if c]) != 1:
        return None
    for other in CSV_SEPARATORS:
        split = [c for c in csv_cells(line, other) if c] if other != delimiter else []
        if len(split) == 2 and sum(bool(re.fullmatch(r"\d+", c)) for c in split) == 1:
            return LineIssue(number, line, f"this row separates its cells with {other!r}, but the sheet "
                                           f"separates them with {delimiter!r} ({said}): write "
                                           f"{csv_row_text(split, delimiter)!r}")
    return None


def parse_csv(text: str, db: CardDB, *, name: str = "", where: str | None = None) -> Decklist:
    """A decklist kept in a spreadsheet, saved as CSV: a header row ``count,card`` (or ``qty``,
    ``quantity``, ``copies``; ``card``, ``name``, ``id``; in either order), or no header and two
    columns, a count and a card, in either order (:func:`_row_columns`). A header with an ``id`` column
    and a column of names reads the id (one printing: ``count,name,id``, ``2,Leonardo,leonardo-2`` is
    leonardo-2), and the name where the id cell is empty. Another column a header names (``set``, a note)
    is not read: its cells are no part of the deck, with a warning in the list's ``warnings`` saying they
    stay in the file (the deck builder's − and + and a save keep them: :mod:`.listtext`); a header without a
    count or a card column (``count,nom``) is the one problem said. ``;`` and tabs separate cells too, and a
    first line ``sep=;`` (Excel's) states the separator; a cell in quotes may hold the separator. Blank
    lines, rows whose cells are all empty (a spreadsheet's ``,,`` or ``;;;``) and ``#`` or ``//``
    comments are skipped. One title row may stand above the header (:func:`_csv_title`: ``My deck,,``
    or ``Name: My deck``): it names the list; any other row there is a problem. Raise
    :class:`DecklistError` with one problem per bad row, by line."""
    found_sep, stated, head, data = _csv_start(text)
    delimiter = found_sep or ","
    said = "its sep= line says so" if stated else f"as its header row, line {head}, does" if head \
        else "as its first row does"
    issues: list[LineIssue] = []
    found: list[tuple[Card, int]] = []
    readings: list[str] = []
    columns: Columns | None = None
    width = 0  # the header's columns (0: no header), whose cells a row may fill
    ignored: list[str] = []  # the header's columns a decklist does not take, as warnings
    above = 0  # rows above the header so far (the first may be the title)
    for number, raw in data:  # (the sep= line: no row)
        line = raw.strip()
        cells = csv_cells(line, delimiter)
        if number < head:  # above the header: its title, and nothing else
            title = None if above else _csv_title(cells)
            above += 1
            if title is None:
                issues.append(_above_header_issue(number, line, cells, head, delimiter))
            else:
                name = title or name
            continue
        if number == head:
            count_col, card_col, name_col = _header_columns(cells)
            if count_col is None or card_col is None:  # no row can be read without both
                issues.append(_header_issue(number, line, cells, count_col))
                break
            columns, width = (count_col, card_col, name_col), len(cells)
            ignored += [f"line {number}: the column {c!r} is read only in a row whose {cells[card_col]!r} "
                        "cell is empty (an id names one printing, where a name may name several): elsewhere "
                        "its cells are no part of the deck, and stay in the file as they are" if i == name_col
                        else f"line {number}: the column {c!r} is not read (a decklist takes a count and a "
                        "card): its cells are no part of the deck, and stay in the file as they are"
                        for i, c in enumerate(cells)
                        if c and i not in (count_col, card_col)]
            continue
        columns, here, there = _row_columns(cells, columns)
        if (wrong := _separator_issue(number, line, cells, delimiter, said)) is not None:
            issues.append(wrong)
            continue
        cells += [""] * (max(*columns[:2], here, there) + 1 - len(cells))
        # (a cell under a column the header names but a decklist does not take is not read)
        extra = [c for i, c in enumerate(cells) if i not in columns[:2] and i >= width and c]
        token, key = cells[here], cells[there]
        if extra:
            holds = f"the header names {width} columns" if width else "a row holds a count and a card"
            issues.append(LineIssue(number, line, f"{len(cells)} cells: {holds} (put a card name holding "
                                                  f"{delimiter!r} in quotes)"))
            continue
        if not key:
            issues.append(LineIssue(number, line, "no card in this row"))
            continue
        count = _parse_count(token) if token else "no count in this row: write the number of copies"
        if isinstance(count, str):
            issues.append(_bad_count_issue(db, number, line, count, key, len(issues)))
            continue
        card = _resolve(db, key, number, line, issues, readings=readings)
        if card is not None:
            found.append((card, count))
    if issues:
        raise DecklistError(issues, where=where, known=len(found))
    return _merge(db.game, found, name, readings, ignored)


def _chunks(count: int) -> list[int]:
    """``count`` copies as the counts of lines of at most :data:`MAX_COUNT` each (none for 0)."""
    full, rest = divmod(max(0, count), MAX_COUNT)
    return [MAX_COUNT] * full + ([rest] if rest else [])


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words: ``an array``, ``the number 5``, ``null``."""
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "an object"
    if value is None or isinstance(value, bool):
        return short_json(value)
    what = "number" if isinstance(value, int | float) else "text"
    return f"the {what} {short_json(value, 30)}"


def _json_count(raw: Any) -> int | str:
    """The count of a JSON entry, or the reason it is not one. A count is a JSON whole number
    (``3``, never ``"3"``: a decklist written by a program should not pass by luck), and the
    message shows the number as given, however large."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        if raw <= 0:
            return f"bad count {short_json(raw, 40)}: a count is at least 1 (leave the entry out instead)"
        if raw > MAX_COUNT:
            return f"bad count {short_json(raw, 40)}: at most {MAX_COUNT} copies in one entry"
        return raw
    if isinstance(raw, str):
        digits = re.fullmatch(r"\s*0*(\d{1,3})\s*[xX×]?\s*", raw)
        if digits and 1 <= int(digits.group(1)) <= MAX_COUNT:
            return (f"bad count {short_json(raw, 20)}: a count is a JSON number, not text: "
                    f"write {int(digits.group(1))} without quotes")
    return (f"bad count {short_json(raw, 40)}: a count is a whole number from 1 to {MAX_COUNT}, "
            "written without quotes, like 3")


def parse_json(doc: Any, db: CardDB, *, where: str | None = None, twice: Collection[str] = ()) -> Decklist:
    """Parse the JSON form (already decoded); a problem names its JSON pointer (``/cards/2/card``).
    ``twice``: the pointers of keys the text gave twice (:func:`..textio.loads_noting_twice`)."""
    example = f'{{"game": "{db.game}", "cards": [{{"card": "...", "count": 3}}]}}'
    if not isinstance(doc, Mapping):
        wrap = (f"; put the list in an object: {{\"game\": \"{db.game}\", \"cards\": [...]}}"
                if isinstance(doc, list) else f", like {example}")
        raise DecklistError([LineIssue(None, short_json(doc), 'expected an object with a "cards" list, found '
                                       f"{_json_kind(doc)}{wrap}", pointer="")], where=where)
    if (other := other_kind_of_file(doc, where)) is not None:
        import shlex

        file = shlex.quote(where) if where and not where.startswith("<") else "FILE"
        raise NotADecklist(f"this is {other[0]}, not a decklist", where=where,
                           expected="a decklist: lines like '3 Card Name', or JSON like " + example,
                           suggestion=other[1].replace("FILE", file))
    if not isinstance(doc.get("cards"), list):
        kind = "nothing" if "cards" not in doc else _json_kind(doc["cards"])
        raise DecklistError([LineIssue(None, short_json(doc.get("cards")), 'expected a "cards" list, found '
                                       f"{kind}, like {example}", pointer="/cards")], where=where)
    if looks_like_card_file(doc):  # (before its game: a card file of another game is a card file too)
        raise card_file_error(where)
    game = doc.get("game", db.game)
    if not isinstance(game, str) or norm(game) != norm(db.game):
        raise CompanionError(f"this decklist is for {game!r}, not {db.game!r}",
                             where=f"{where} /game" if where else "/game",
                             expected=repr(db.game), found=repr(game))
    name = doc.get("name", "")
    name = name if isinstance(name, str) else str(name)
    issues: list[LineIssue] = []
    found: list[tuple[Card, int]] = []
    readings: list[str] = []
    # A field this form does not have is a mistake to say, never dropped in silence (a
    # "cnt" or a "sideboard" would leave cards out of the count with no word)
    issues += _unknown_keys(doc, _LIST_KEYS, "")
    issues += twice_issues(doc, "", twice)
    for index, item in enumerate(doc["cards"]):
        here = f"/cards/{index}"
        entry, mine = _entry(db, item, here, twice, readings, suggest=len(issues) < _SUGGEST_LINES)
        if mine:  # one problem an entry, as a text list has one a line
            issues.append(_one_issue(mine, here))
        elif entry is not None:
            found.append(entry)
    if issues:
        raise DecklistError(issues, where=where, known=len(found))
    return _merge(db.game, found, name, readings)


#: What an entry of a JSON decklist is, as its problems say it.
_ENTRY = '{"card": "<name or id>", "count": <number>}'


def _entry(db: CardDB, item: Any, here: str, twice: Collection[str], readings: list[str], *,
           suggest: bool = True) -> tuple[tuple[Card, int] | None, list[LineIssue]]:
    """The JSON decklist entry ``item`` (at pointer ``here``) as its card and count, and its problems
    (the entry is read only without any): its card, its count (never left out: a forgotten count is not
    read as 1), a ``name`` that is not its card's, fields it does not have and keys given twice.
    ``suggest``: close names for an unknown card."""
    text = short_json(item)
    if not isinstance(item, Mapping):
        return None, [LineIssue(None, text, f"expected {_ENTRY}, found {_json_kind(item)}", pointer=here)]
    mine: list[LineIssue] = []
    key = item.get("card")
    card = None
    if "card" in item and isinstance(key, str) and key.strip():
        if "count" not in item:
            mine.append(LineIssue(None, text, 'no "count": add "count": N, the number of copies (a whole '
                                              f"number from 1 to {MAX_COUNT})", pointer=f"{here}/count"))
    else:
        found = 'no "card"' if "card" not in item else f'{_json_kind(key)} in "card"'
        hint = ': the card\'s name or id goes in "card"' if "card" not in item and "name" in item else ""
        mine.append(LineIssue(None, text, f"expected {_ENTRY}, found {found}{hint}", pointer=f"{here}/card"))
    count = _json_count(item["count"]) if "count" in item else 0
    if isinstance(count, str):
        mine.append(LineIssue(None, text, count, pointer=f"{here}/count"))
    if isinstance(key, str) and key.strip():
        card = _resolve(db, key, None, text, mine, pointer=f"{here}/card", readings=readings, suggest=suggest)
    if card is not None and "name" in item:  # a reminder of the card: it must be the card's name
        said = item["name"]
        if not isinstance(said, str) or norm_text(said) != norm_text(card.name):
            mine.append(LineIssue(None, text, f'"name" says {short_json(said, 40)}, but "card" '
                                  f"{short_json(key, 40)} is {card.name!r} ({card.id}): make them agree, or "
                                  'leave "name" out (the card is read from "card")', pointer=f"{here}/name"))
    mine += _unknown_keys(item, _ENTRY_KEYS, here) + twice_issues(item, here, twice)
    return (card, count) if card is not None and isinstance(count, int) and count else None, mine


def twice_issues(obj: Mapping[str, Any], here: str, twice: Collection[str], *,
                 whole: str = "the decklist") -> list[LineIssue]:
    """A problem for each key ``obj`` (at pointer ``here``) gave twice, of the pointers ``twice``
    (:func:`read_json`: JSON would keep the last value without a word; a card file with one is
    refused too). ``whole``: what the document is called (``the score file``)."""
    what = "this entry" if here else whole
    keys = [unescape_pointer(p[len(here) + 1:]) for p in twice
            if p.startswith(f"{here}/") and "/" not in p[len(here) + 1:]]
    return [LineIssue(None, short_json(obj), f"the key {key!r} is given twice in {what}: only the last "
                      f"value ({short_json(obj[key], 30)}) would count; give it once",
                      pointer=f"{here}/{key}")
            for key in keys if key in obj]


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
            out.append(LineIssue(None, short_json(obj), f"unknown field {str(key)!r} ({what} takes {takes})"
                                 + (f". {hint}" if hint else ""), pointer=f"{here}/{key}"))
    return out


def _dumps(value: Any) -> str:
    """``value`` as JSON text, a number of the list as it was written (``1e400``, not "Infinity")."""
    written: list[str] = []

    def plain(v: Any) -> Any:
        if isinstance(v, _JsonFloat):
            written.append(v.text)
            return f"\x00{len(written) - 1}\x00"
        if isinstance(v, Mapping):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, list | tuple):
            return [plain(x) for x in v]
        return v

    text = json.dumps(plain(value), ensure_ascii=False)
    for i, raw in enumerate(written):
        text = text.replace(json.dumps(f"\x00{i}\x00"), raw)
    return text


def short_json(value: Any, limit: int = 80) -> str:
    """``value`` as JSON text, cut to ``limit`` characters (never an error, even for a number of
    thousands of digits, which Python will not turn into text)."""
    try:
        text = _dumps(value)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except RecursionError:
            text = "a value nested too deeply"
        except ValueError:  # (Python turns no number of over 4,300 digits into text)
            text = (f"a number of about {int(value.bit_length() * 0.30103)} digits" if isinstance(value, int)
                    else "a value holding a number of thousands of digits")
    return cut(text, limit, quoted=isinstance(value, str))  # (text inside its quotes: "99999…")


class ShortNames(CardDB):
    """The Mouse Card deck's cards, found also by the names ``odds mousecard --cards`` takes (``AH``,
    ``10H``, ``QS``, ``q♥``, ``red joker``: :func:`companion.mousecard.deck.parse_card`), so one decklist
    serves both; a name that is no such card is looked up as before (and its close names suggested)."""

    #: The longest such name ("queen of diamonds", with room): a longer one is never tried, so a list of
    #: many long strangers costs no more than it did (the parser's refusal works out close cards).
    LONGEST = 20

    @classmethod
    def of(cls, db: CardDB) -> ShortNames:
        """``db`` as it is (its cards, replacements and look-ups), reading short names too."""
        short = cls.__new__(cls)
        short.__dict__.update(vars(db))
        return short

    def lookup(self, key: str) -> Card | None:
        from ..mousecard.deck import parse_card

        card = super().lookup(key)
        if card is None and len(key.strip()) <= self.LONGEST:
            try:
                card = super().lookup(parse_card(key).id)
            except CompanionError:
                return None
        return card


def parse(text: str, db: CardDB, *, name: str = "", where: str | None = None) -> Decklist:
    """Either form (see :func:`_parse`); a list whose unknown names are mostly another game's cards
    says so (:class:`DecklistError`'s ``other_game`` and ``hint``). A Mouse Card list takes the short
    names too (:class:`ShortNames`), whichever page or command reads it."""
    if db.game == "mousecard" and not isinstance(db, ShortNames):
        db = ShortNames.of(db)
    try:
        return _parse(text, db, name=name, where=where)
    except DecklistError as exc:
        raise _game_hint(exc, db.game) from None


def list_form(text: str) -> str:
    """How :func:`parse` reads ``text``: ``"json"``, ``"csv"`` or ``"text"``. Text starting with ``{``
    is JSON, and so is text starting with ``[`` that is JSON, or that is too deep (or holds too long a
    number) to tell (else it is a text list whose first line is a ``[Mice]`` label); a CSV decklist
    (:func:`looks_like_csv`) is CSV; anything else is the text form. A byte-order mark (pasted with
    the text) is no part of it."""
    text = text.replace("\ufeff", "")
    start = text.lstrip()[:1]
    if start == "[":
        try:
            json.loads(text)
        except json.JSONDecodeError:
            return "text"  # "[Mice]": a label over the cards after it
        except (ValueError, RecursionError):
            return "json"  # JSON that cannot be read: :func:`parse` says why
        return "json"
    if start == "{":
        return "json"
    return "csv" if looks_like_csv(text) else "text"


def _parse(text: str, db: CardDB, *, name: str = "", where: str | None = None) -> Decklist:
    """The list in its form (:func:`list_form`): JSON, CSV or the text form."""
    text = text.replace("\ufeff", "")
    form = list_form(text)
    if form == "csv":  # a list kept in a spreadsheet
        return parse_csv(text, db, name=name, where=where)
    if form == "json":
        try:
            doc, twice = read_json(text)
        except json.JSONDecodeError as exc:
            raise DecklistError([_syntax_issue(exc)], where=where) from None
        except ValueError:  # a number of thousands of digits (Python's int limit)
            raise DecklistError([LineIssue(None, short_json(text, 40), "a number in it has thousands of "
                                           "digits", pointer="")], where=where) from None
        except RecursionError:
            raise DecklistError([LineIssue(1, text[:40], "nested too deeply")], where=where) from None
        try:
            deck = parse_json(doc, db, where=where, twice=twice)
        except DecklistError as exc:
            raise _with_lines(exc, text) from None
        return deck if deck.name or not name else Decklist(deck.game, deck.entries, name, deck.readings)
    return parse_text(text, db, name=name, where=where)


def _with_lines(exc: DecklistError, text: str) -> DecklistError:
    """``exc`` (a JSON list's problems, by JSON pointer) with the line of each problem in ``text``, as
    ``companion validate`` finds it for a card file (:func:`..validation.pointer_lines`; a field left out:
    its entry's line)."""
    from dataclasses import replace

    from ..validation import lines_of

    pointers = [i.pointer for i in exc.issues if i.pointer is not None and i.line is None]
    if not pointers:
        return exc
    at = lines_of(text, pointers)
    issues = [replace(i, line=at[i.pointer]) if i.pointer is not None and i.line is None else i
              for i in exc.issues]
    return DecklistError(issues, where=exc.where, hint=exc.hint, other_game=exc.other_game, known=exc.known)


def read_json(text: str) -> tuple[Any, list[str]]:
    """JSON text as a list (or a score file) is read: a number with a fraction or an exponent kept
    as written (``1e9`` shows as ``1e9``), and the pointers of the keys given twice
    (:func:`..textio.loads_noting_twice`, for :func:`twice_issues`). Raises what
    :func:`json.loads` raises."""
    return loads_noting_twice(text, parse_float=_JsonFloat)


#: Characters of a long line shown before the place JSON cannot be read (a one-line list is not
#: quoted whole).
_BEFORE_ERROR = 40


def _syntax_issue(exc: json.JSONDecodeError) -> LineIssue:
    """The problem of a list that is not valid JSON: its line, the text up to the place (not the
    whole of a long line), and the fix a card file's error gives where there is a likely one (a
    comma before a closing bracket: :func:`..validation.json_syntax_hint`)."""
    lines = exc.doc.splitlines()  # the error may point past the last line ("{\n")
    line = lines[exc.lineno - 1].rstrip() if exc.lineno <= len(lines) else ""
    start = max(0, exc.colno - 1 - _BEFORE_ERROR)
    excerpt = ("…" if start else "") + line[start:].strip()
    hint = json_syntax_hint(exc)
    why = (f"not valid JSON: {exc.msg} (column {exc.colno}). {hint}" if hint else
           f"not valid JSON: {exc.msg} (column {exc.colno}; a list that starts with '{{' is read as JSON)")
    return LineIssue(exc.lineno, excerpt, why)


class _JsonFloat(float):
    """A JSON number with a fraction or an exponent, as written (``1e400``, which as a float is
    infinite, shows as ``1e400`` in messages, never "Infinity")."""

    __slots__ = ("text",)
    text: str

    def __new__(cls, text: str) -> _JsonFloat:
        number = super().__new__(cls, text)
        number.text = text
        return number

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def read_decklist(path: str | os.PathLike[str], db: CardDB) -> Decklist:
    """Read a decklist file in either form; the file name (without suffix) names it by default."""
    p = Path(path)
    text = read_text(p, what="decklist")
    return parse(text, db, name=p.stem, where=str(p))


def key_for(card: Card, db: CardDB | None) -> tuple[str, str]:
    """How to write a card so it reads back as the same printing: ``(its name, "")``, else ``(its id,
    its name)`` (the name then goes in a comment)."""
    first = db.lookup(card.name) if db is not None else card
    shared = db is not None and len(db.named(card.name)) > 1  # the id says which of them, unasked
    if first is not None and first.id == card.id and not shared and not _COMMENT_MARK.search(card.name):
        return card.name, ""  # (a name holding " #" or " //" would read as a comment: the id then)
    return card.id, card.name


def card_line(card: Card, count: int, db: CardDB | None) -> str:
    """One line of ``count`` copies of ``card`` (at most :data:`MAX_COUNT`): ``3 Acorn Scout``, or by
    id with the name as a comment (``1 leonardo-2  # Leonardo``) where the name would read otherwise."""
    key, comment = key_for(card, db)
    return f"{count} {key}" + (f"  # {comment}" if comment else "")


class DeckNameError(CompanionError):
    """A deck name that cannot be used: a text list cannot hold it, or no free one is left (nothing
    is written)."""


def name_line(name: str, db: CardDB) -> str:
    """``Name: <name>`` (the name without spaces at its ends): the one way a text list is given its
    name. Refused (:class:`DeckNameError`) when the parser would not read it back as ``name``: text
    after ' #' or ' //' reads as a comment (unless a card's name goes on), and a name is one line."""
    name = name.strip()
    line = f"Name: {name}"
    one_line = len(line.splitlines()) == 1
    try:
        said = parse_text(line, db).name if one_line else None
    except DecklistError:
        said = None
    if said != name:
        why = "text after ' #' or ' //' reads as a comment" if one_line else "a name is one line"
        raise DeckNameError(f"the deck name {name!r} cannot be kept in a text list ({why})",
                            suggestion="Write the name on one line, without ' #' and ' //'" if not one_line
                            else "Write the name without ' #' and ' //'")
    return line


def to_text(deck: Decklist, db: CardDB | None = None, *, header: bool = True) -> str:
    """The text form: ``Name:`` line (:func:`name_line`: a name it cannot hold is refused with
    :class:`DeckNameError`, never written to read back as another), then ``3 Card Name`` per entry
    (an id where a name is ambiguous).

    With ``db``, a printing that is not the first of its name is written by id, with
    the name as a comment, so the list reads back exactly (see :func:`parse_text`).
    """
    lines: list[str] = []
    if header and deck.name.strip():
        lines.append(name_line(deck.name, db if db is not None else CardDB(deck.game, ())))
    for e in deck.entries:  # (a total above MAX_COUNT as several lines: each reads back)
        lines += [card_line(e.card, n, db) for n in _chunks(e.count)]
    return "\n".join(lines) + "\n"


def to_json(deck: Decklist) -> dict[str, Any]:
    """The JSON form, by card id (exact printing)."""
    return {"game": deck.game, "name": deck.name,  # (a total above MAX_COUNT as several entries)
            "cards": [{"card": e.card.id, "count": n, "name": e.card.name}
                      for e in deck.entries for n in _chunks(e.count)]}


def counts_json(deck: Decklist) -> list[dict[str, Any]]:
    """Each printing of ``deck`` once, with its total count (never cut into entries of at most
    :data:`MAX_COUNT`, as :func:`to_json` writes a list): ``{"card": id, "name", "type", "count"}``, in the
    list's order. What a verdict's JSON gives a script about the cards it judged."""
    return [{"card": e.card.id, "name": e.card.name, "type": e.card.type, "count": e.count}
            for e in deck.entries]
