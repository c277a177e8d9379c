"""Card database: load a game's card files into immutable records.

Card files are JSON documents ``{"game": ..., "set": ..., "cards": [...]}`` under
``data/<game>/``, plus the user's own files (the user data folder, or paths given
with ``--cards``). Records are immutable :class:`Card` values; a :class:`CardDB`
looks cards up by id or by name (case-insensitive) and suggests close matches.

Validation against the JSON Schemas in ``data/schemas/`` lives in
:mod:`companion.validation`; :func:`load_game` runs it on every file it loads.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from . import GAMES
from .errors import CompanionError, UnknownCardError, closest, name_typos, typo_allowance

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

#: The bundled data folder (``data/`` at the top of the repository).
DATA_DIR = Path(os.environ.get("COMPANION_DATA", Path(__file__).resolve().parent.parent / "data"))


def user_data_dir() -> Path:
    """The user data folder (their own cards, decks, formats, logs, high scores): the one the
    environment variable ``COMPANION_USER_DATA`` names, or ``~/.companion`` when it is unset, empty
    or only spaces (``Path("")`` would be the current folder). The one place the variable is read."""
    named = os.environ.get("COMPANION_USER_DATA", "")
    return Path(named) if named.strip() else Path.home() / ".companion"


class CardFileError(CompanionError):
    """A card file that cannot be read or does not fit the schema."""


def tidy_name(text: str) -> str:
    """A name as the companion keeps it: no space at either end, one between words (``"ZZ  Fig"`` is
    ``"ZZ Fig"``, as look-ups compare it). The loader tidies every ``name`` of a record (a card's, an
    ability's), so exact look-ups find it too; ``companion validate`` warns of one typed otherwise."""
    return " ".join(text.split())


def _freeze(value: Any, key: str | None = None) -> Any:
    """A record's value read-only (dicts as mappings, lists as tuples), each ``name`` tidied."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v, k) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if key == "name" and isinstance(value, str):
        return tidy_name(value)
    return value


def thaw(value: Any) -> Any:
    """Back to plain JSON types (dicts and lists), e.g. for writing a card file."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Card:
    """One card (or record: a hero, a die face...) of one game, read-only.

    ``data`` holds every field of the record as in the file (lists become tuples);
    ``card["atk"]`` and ``card.get("atk")`` read it. ``file`` and ``index`` say where
    the record came from, for error messages (``/cards/<index>``).
    """

    game: str
    id: str
    name: str
    type: str
    set: str
    source: str
    data: Mapping[str, Any] = field(repr=False, compare=False)
    file: str | None = field(default=None, repr=False, compare=False)
    index: int | None = field(default=None, repr=False, compare=False)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def is_demo(self) -> bool:
        """Demo cards are made up to exercise the tools; never present them as official.
        Labelled as the bundled demo files are (:func:`is_demo_label`)."""
        return is_demo_label(self.set, self.source)

    def to_json(self) -> dict[str, Any]:
        return thaw(self.data)


#: The bundled demo cards' label: each card's ``source`` starts with the word "demo" ("demo: made up
#: ..."), and a demo set's name holds the word ("Village TCG Demo Set", "... Demo Court").
_DEMO_SOURCE = re.compile(r"\s*demo(?![\w'])", re.IGNORECASE)
_DEMO_WORD = re.compile(r"(?<![\w'])demo(?![\w'])", re.IGNORECASE)
_NOT_DEMO = re.compile(r"(?<![\w'])(?:not|no|never)\s+(?:an?\s+)?demo(?![\w'])", re.IGNORECASE)


def is_demo_set(set_name: Any) -> bool:
    """Whether a set's name says it is a demo set: the word "demo" in it ("TMNT TCG Demo Set"),
    never inside another word ("Demon Hunters", "Demolition") nor denied ("Not a demo")."""
    text = str(set_name or "")
    return bool(_DEMO_WORD.search(text)) and not _NOT_DEMO.search(text)


def is_demo_source(source: Any) -> bool:
    """Whether a card's ``source`` labels it demo: it starts with the word "demo" ("demo: ...")."""
    return isinstance(source, str) and bool(_DEMO_SOURCE.match(source))


def is_demo_label(set_name: Any, source: Any) -> bool:
    """Whether a card is labelled demo the way the bundled demo files label theirs: its ``source``
    starts with the word "demo" ("demo: made up to exercise the tools"), or its set is a demo set
    (:func:`is_demo_set`). A source that only holds the word later ("not a demo", "my demolition
    set") is no label."""
    return is_demo_source(source) or is_demo_set(set_name)


def card_from_record(game: str, set_name: str, record: Mapping[str, Any], *,
                     file: str | None = None, index: int | None = None) -> Card:
    """Build a :class:`Card` from a (validated) record of a card file; its names tidied
    (:func:`tidy_name`)."""
    return Card(game=game, id=str(record["id"]), name=tidy_name(str(record["name"])),
                type=str(record["type"]), set=str(record.get("set", set_name)),
                source=str(record.get("source", "")), data=_freeze(dict(record)),
                file=file, index=index)


#: Characters that print as nothing (zero-width space, non-joiner and joiner, word joiner, a byte-order
#: mark inside text): copied from a web page or a chat along with a card's name, they are no part of it.
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
#: Typographic look-alikes written the plain way before comparing: curly and other apostrophes,
#: quotation marks, and dashes/hyphens/minus signs ("April O’Neil" is "April O'Neil"); zero-width
#: characters dropped.
_LOOKALIKES = str.maketrans({
    **dict.fromkeys(ZERO_WIDTH, None),
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u02bc\u02b9\u00b4`", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-"),
})


def norm_text(text: str) -> str:
    """Text as it compares: Unicode NFKC, typographic quotes and dashes made plain, zero-width
    characters dropped, runs of spaces made one, case-folded. Two titles that print alike compare
    equal."""
    t = unicodedata.normalize("NFKC", str(text).translate(_LOOKALIKES)).translate(_LOOKALIKES)
    return " ".join(t.split()).casefold()


class CardDB:
    """A game's cards with lookup by id or name (case-insensitive) and suggestions.

    ``replaced`` maps the id of a card another record replaced (``"replaces"``) to the id of the
    card in its place now (:func:`load_game` follows chains of them); without it, each card's own
    ``replaces`` is read. :meth:`lookup` reads a replaced id as its replacement, so a decklist
    written before a card was replaced still reads.
    """

    def __init__(self, game: str, cards: Iterable[Card], replaced: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.cards: tuple[Card, ...] = tuple(cards)
        self._by_id = {c.id.lower(): c for c in self.cards}
        if replaced is None:
            replaced = {c["replaces"]: c.id for c in self.cards if isinstance(c.get("replaces"), str)}
        #: replaced id (lower case) -> the card in its place, for ids no card holds now
        self._replaced = {old.lower(): self._by_id[new.lower()] for old, new in replaced.items()
                          if old.lower() not in self._by_id and new.lower() in self._by_id}
        self._by_name: dict[str, list[Card]] = {}
        for c in self.cards:
            self._by_name.setdefault(c.name.lower(), []).append(c)
        # ids and names as :func:`norm_text` compares them ("April O’Neil" is "April O'Neil"),
        # made on the first look-up that needs them (a few µs a card, which validating a
        # big file does not spend)
        self._by_norm: tuple[dict[str, Card], dict[str, list[Card]]] | None = None

    def _normalised(self) -> tuple[dict[str, Card], dict[str, list[Card]]]:
        if self._by_norm is None:
            ids: dict[str, Card] = {}
            names: dict[str, list[Card]] = {}
            for c in self.cards:
                ids.setdefault(norm_text(c.id), c)
                names.setdefault(norm_text(c.name), []).append(c)
            self._by_norm = (ids, names)
        return self._by_norm

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.lookup(key) is not None

    def by_id(self, card_id: str) -> Card:
        try:
            return self._by_id[card_id.lower()]
        except KeyError:
            raise UnknownCardError(card_id, self.game, self.suggest(card_id)) from None

    def lookup(self, key: str) -> Card | None:
        """The card with this id, else the first with this name, else the card that replaced a
        card with this id (:meth:`replacement_of`); ``None`` if none. Case does not matter, nor
        what :func:`norm_text` forgives (curly apostrophes and quotes, dashes, Unicode form,
        repeated spaces)."""
        k = key.strip().lower()
        if k in self._by_id:
            return self._by_id[k]
        named = self._by_name.get(k)
        if named:
            return named[0]
        if k in self._replaced:
            return self._replaced[k]
        k = norm_text(key)
        if not k:
            return None
        ids, names = self._normalised()
        return ids.get(k) or (names[k][0] if k in names else None)

    def replacement_of(self, key: str) -> Card | None:
        """The card that took the place of the card whose id is ``key`` (a record with
        ``"replaces"`` and an id of its own), or ``None`` if no card was replaced by that id or a
        card holds that id now."""
        return self._replaced.get(key.strip().lower())  # (holds only ids no card has now)

    def named(self, name: str) -> tuple[Card, ...]:
        """Every printing that carries this name (a title may have several printings), names
        compared as :func:`norm_text` compares them (a title spelt with a plain apostrophe on one
        card and a curly one on another is one title), in the order of the cards."""
        return tuple(self._normalised()[1].get(norm_text(name), ()))

    def find(self, key: str) -> Card:
        """Like :meth:`lookup` but raises :class:`UnknownCardError` with close matches."""
        card = self.lookup(key)
        if card is None:
            raise UnknownCardError(key.strip(), self.game, self.suggest(key))
        return card

    def suggest(self, text: str, n: int = 3) -> list[str]:
        """Up to ``n`` card names close to ``text`` (ids matched too, names returned), closest first;
        none when no name is close, never a stranger to make up ``n``.

        A name is close when it (or its card's id) is at most :func:`~companion.errors.typo_allowance`
        typos from ``text``, read whole or as the start of one of its words (``Sword`` for Needle Sword:
        :func:`~companion.errors.name_typos`), and at most one typo further than the closest name (after
        'Queen of Hearts', one typo from 'Qeen of Hearts', not 'Ace of Hearts', three)."""
        word = text.strip()
        allowed = typo_allowance(word)
        scores: dict[str, int] = {}  # each close name offered -> its typos from the text

        def weigh(hits: list[tuple[str, str]]) -> bool:
            """Score each name offered (with what it was matched by: itself or its card's id); false for
            a text too long to compare letter by letter (a pasted page)."""
            for name, matched in hits:
                typos = name_typos(word, matched)
                if typos is None:
                    return False
                if typos <= allowed:
                    scores[name] = min(typos, scores.get(name, typos))
            return True

        named = [(h, h) for h in closest(word, [c.name for c in self.cards], n=max(n, 8))]
        if not weigh(named):  # (as close as difflib says)
            return [name for name, _ in named][:n]
        if len(scores) < n:  # ids too (an id typed, or a name's id closer than the name)
            by_id = {c.id: c.name for c in self.cards}
            weigh([(by_id[h], h) for h in closest(word, list(by_id), n=max(n, 8))])
        best = min(scores.values(), default=0)
        return sorted((name for name, typos in scores.items() if typos <= best + 1),
                      key=scores.__getitem__)[:n]

    def of_type(self, *types: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.type in types)

    def frame(self) -> pd.DataFrame:
        """A pandas DataFrame, one row per card, one column per field.

        Numbers stay integers (nullable, so a missing or unknown value is ``<NA>``, never
        a float); lists are joined by '; ' and nested records (abilities) read as
        ``Nibble (fruit_cost 1): text``. :meth:`unknown_cells` says which cells are
        unknown official values rather than fields a card does not have.
        """
        import pandas as pd

        rows = []
        for c in self.cards:
            row: dict[str, Any] = {}
            for k, v in c.data.items():
                if isinstance(v, tuple):
                    v = "; ".join(_record_text(x) if isinstance(x, Mapping) else str(x) for x in v)
                elif isinstance(v, Mapping):
                    v = _record_text(v)
                row[k] = v
            rows.append(row)
        frame = pd.DataFrame(rows)
        for col in frame.columns:
            values = [c.data[col] for c in self.cards if c.data.get(col) is not None]
            if values and all(type(v) is int for v in values):
                frame[col] = frame[col].astype("Int64")
        front = [c for c in ("id", "name", "type", "set") if c in frame.columns]
        return frame[front + [c for c in frame.columns if c not in front]]

    def unknown_cells(self) -> set[tuple[str, str]]:
        """``(card id, field)`` pairs whose official value is unknown (null in the data), leaving
        out fields that are null because they do not apply (:func:`not_applicable`)."""
        return {(c.id, k) for c in self.cards for k, v in c.data.items()
                if v is None and not not_applicable(c, k)}

    def not_applicable_cells(self) -> set[tuple[str, str]]:
        """``(card id, field)`` pairs that are null because the field does not apply to the card's
        type (a joker's suit): shown as "—", never as unknown."""
        return {(c.id, k) for c in self.cards for k, v in c.data.items()
                if v is None and not_applicable(c, k)}


def corrected_fields(card: Card) -> frozenset[str]:
    """The fields of ``card`` holding a value of the user's own (``companion cards correct``): those
    its ``source`` records after ``" | user correction: "``
    (:func:`companion.corrections.correction_entries`), for the card list and the card page to mark
    them (``5*``). Empty for a card never corrected."""
    from .corrections import MARK, correction_entries

    if MARK not in card.source:
        return frozenset()
    return frozenset(name for names, _note in correction_entries(card.source) for name in names
                     if name in card.data)


def not_applicable(card: Card, field_: str) -> bool:
    """Whether ``card``'s ``field_`` is null because the schema makes it null for every card of
    that type (a joker has no suit), rather than because the official value is unknown."""
    from .validation import null_only_fields

    return card.get(field_, 0) is None and field_ in null_only_fields(card.game, card.type)


def _record_text(record: Mapping[str, Any]) -> str:
    """A nested record as one readable phrase: ``Nibble (fruit_cost 1): Look at ...``."""
    rest = {k: v for k, v in record.items() if k not in ("name", "text")}
    head = str(record.get("name", ""))
    if rest:
        inner = ", ".join(f"{k} {'unknown' if v is None else thaw(v)}" for k, v in rest.items())
        head = f"{head} ({inner})" if head else inner
    return f"{head}: {record['text']}" if record.get("text") else head


def game_files(game: str, data_dir: Path | None = None) -> list[Path]:
    """The bundled card files of a game, sorted."""
    folder = (data_dir or DATA_DIR) / game
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


#: The file ``companion cards correct`` writes in a game's user folder (:mod:`companion.corrections`).
CORRECTIONS_NAME = "corrections.json"


def user_game_files(game: str) -> list[Path]:
    """The user's own card files of a game (in :func:`user_data_dir`), sorted, the corrections
    file last: a correction replaces a card loaded before it, which may be one of your own in a
    file whose name sorts after "corrections"."""
    # an earlier version kept the Monarchs solo high scores among them (see
    # companion.highscores.LEGACY_NAME): not a card file, so never read as one
    files = [f for f in game_files(game, user_data_dir()) if f.name != "solo-high-scores.json"]
    return sorted(files, key=lambda f: f.name == CORRECTIONS_NAME)


#: What :func:`card_files_stamp` gives: per card file of yours, its path, modification time, size, inode.
FilesStamp = tuple[tuple[str, int, int, int], ...]


def card_files_stamp(game: str) -> FilesStamp:
    """What says whether ``game``'s cards must be read again (a page keeps them while it is the same):
    each card file of yours (:func:`user_game_files`), as its path, modification time, size and inode (a
    file replaced whole, as editors save, is a new inode); a file gone meanwhile is stamped as gone.
    One ``stat`` a file: far cheaper than reading the cards."""
    stamps = []
    for path in user_game_files(game):
        try:
            st = path.stat()
        except OSError:
            stamps.append((str(path), -1, -1, -1))
        else:
            stamps.append((str(path), st.st_mtime_ns, st.st_size, st.st_ino))
    return tuple(stamps)


@dataclass(frozen=True, slots=True)
class ReadHere:
    """What the companion reads at a path (:func:`read_here`): ``kind`` is ``"bundled"``,
    ``"cards"`` (a card folder of ``game``), ``"corrections"`` (``game``'s corrections file),
    ``"format"``, ``"decks"`` (your decks folder) or ``"state"`` (your logs, high scores and drafts
    folders); ``what`` says it in words ("your village card
    file, which every village command reads")."""

    kind: str
    game: str | None
    what: str


def read_here(path: str | os.PathLike[str]) -> ReadHere | None:
    """What the companion itself loads at ``path``, whether or not the file exists yet: anything
    in the bundled data folder; a ``.json`` file in one of your card folders (``<user
    data>/<game>/``: every one of them loads as that game's cards, so a new one there is read
    too) or in your formats folder; a list file (``.txt``, ``.json``, ``.csv``) in your decks
    folder, which the deck builder and the print page offer. ``None``: nothing reads that path
    unasked. A command that writes a file refuses these (a deck command may write a decklist to
    your decks folder), so no decklist, plot or sheet ever replaces (or joins) the data every later
    command loads."""
    from .textio import within

    try:  # where a write would land: through a symbolic link, at the file it points to
        p = Path(os.path.realpath(path))
        folder, user = p.parent, user_data_dir().resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    if within(p, DATA_DIR):
        return ReadHere("bundled", None, "in the bundled data folder, which is never changed")
    there = p.exists()
    from .deck.saved import LIST_SUFFIXES

    kept = {"logs": "the trackers' game logs", "highscores": "the Monarchs solo high scores",
            "drafts": "what the pages' editors hold, brought back on a reload"}
    if folder.parent == user and folder.name in kept:  # (any file: a game log replaced is a game lost)
        where = f"your {folder.name} folder, which holds {kept[folder.name]}"
        return ReadHere("state", None, f"a file in {where}" if there else f"in {where}")
    if folder == user / "decks" and p.suffix.lower() in LIST_SUFFIXES:
        return ReadHere("decks", None, "your saved decklist, which the deck builder and the print page open"
                        if there else "in your decks folder, which holds the deck builder's saved decklists")
    if p.suffix.lower() != ".json":
        return None
    if folder == user / "formats":
        return ReadHere("format", None, "your format file, which the deck commands read" if there else
                        "in your formats folder, where every .json file is read as a deck format")
    if folder.parent == user and folder.name in GAMES:
        game = folder.name
        if p.name == CORRECTIONS_NAME:
            return ReadHere("corrections", game, f"your {game} corrections file (`companion cards correct` "
                                                 f"writes it; every {game} command reads it)")
        return ReadHere("cards", game, f"your {game} card file, which every {game} command reads" if there
                        else f"in your {game} card folder, where every .json file is read as {game} cards")
    return None


def check_game(game: str) -> str:
    if game not in GAMES:
        raise CompanionError(f"unknown game {game!r}", expected=" or ".join(GAMES),
                             suggestion=(f"Did you mean {closest(game, GAMES)[0]!r}?"
                                         if closest(game, GAMES) else None))
    return game


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file, turning every failure into a :class:`CardFileError` (with line and
    column for malformed JSON)."""
    from .validation import read_document

    doc, problem = read_document(path)
    if problem is not None:
        raise CardFileError(problem.message, where=problem.where, expected=problem.expected,
                            found=problem.found, suggestion=problem.suggestion)
    return doc


def load_file(path: str | os.PathLike[str], game: str | None = None, *,
              validate: bool = True) -> list[Card]:
    """Load one card file (validated unless ``validate=False``) into cards."""
    doc = read_json_file(path)
    if validate:
        from .validation import ensure_valid

        ensure_valid(doc, file=str(path), game=game)
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardFileError('expected an object with a "cards" list', where=str(path))
    g = str(doc.get("game", game))
    if game is not None and g != game:
        raise CardFileError("holds cards of another game", where=str(path),
                            expected=repr(game), found=repr(g))
    set_name = str(doc.get("set", ""))
    return [card_from_record(g, set_name, rec, file=str(path), index=i)
            for i, rec in enumerate(doc["cards"])]


def file_key(path: str | os.PathLike[str]) -> str:
    """A file's path as the loaders tell files apart: resolved, in the case the system compares."""
    try:
        return os.path.normcase(str(Path(path).resolve()))
    except (OSError, ValueError, RuntimeError):  # an odd path: itself (load_file reports it)
        return str(path)


def load_game(game: str, extra: Iterable[str | os.PathLike[str]] = (), *,
              include_user: bool = True, validate: bool = True,
              leave_out: Collection[tuple[str, int]] = ()) -> CardDB:
    """All cards of a game: bundled files, the user data folder, then ``extra`` files.

    A record with ``"replaces": "<id>"`` (a user's correction) takes the place of the
    earlier record with that id. A file named twice (an ``extra`` file that is bundled or
    in the user's folder, or given twice) is read once, where it first appears.
    ``leave_out`` names records not to load, as ``(file_key(file), index)``: the card page
    leaves out a correction whose card is in a file of yours that does not load. Inside
    :func:`leaving_out`, the files and records of your folder it left out are left out here too.

    Raises :class:`CardFileError` naming the first bad file (``companion validate``
    lists every error of every file).
    """
    check_game(game)
    files: list[Path] = game_files(game)
    skip = set(leave_out)
    if include_user:
        left_files, left_records = _LEFT_OUT.get().get(game, _NOTHING_LEFT_OUT)
        files += [f for f in user_game_files(game) if file_key(f) not in left_files]
        skip |= left_records
    files += [Path(p) for p in extra]
    seen: set[str] = set()
    cards: list[Card] = []
    for f in files:
        key = file_key(f)
        if key in seen:
            continue
        seen.add(key)
        cards += [c for c in load_file(f, game, validate=validate) if (key, c.index) not in skip]
    from .validation import ensure_checks, ensure_unique, resolve_replacements

    if validate:
        ensure_unique(cards)
    kept, orphans = resolve_replacements(cards, lambda c: (c.id, c.get("replaces")))
    if validate:
        ensure_checks(game, kept)
    return CardDB(game, kept, replaced=replaced_ids(cards, kept, orphans))


def replaced_ids(loaded: Sequence[Card], kept: Sequence[Card],
                 orphans: Sequence[Card] = ()) -> dict[str, str]:
    """Replaced id -> the id of the card in its place now, given every record ``loaded`` (in load
    order), those ``kept`` in force and the ``orphans`` whose ``replaces`` replaced nothing
    (:func:`companion.validation.resolve_replacements`): a card replaced, then its replacement
    replaced in turn, leads to the last of them."""
    in_force = {c.id.lower() for c in kept}
    lost = {id(c) for c in orphans}
    step: dict[str, str] = {}
    for card in loaded:
        old = card.get("replaces")
        if isinstance(old, str) and old.lower() != card.id.lower() and id(card) not in lost:
            step.setdefault(old.lower(), card.id)
    out: dict[str, str] = {}
    for old in step:
        new, seen = step[old], {old}
        while new.lower() not in in_force and new.lower() in step and new.lower() not in seen:
            seen.add(new.lower())
            new = step[new.lower()]
        if new.lower() in in_force and old not in in_force:
            out[old] = new
    return out


#: The key of :func:`load_what_loads`'s problems when even the bundled cards do not load.
BUNDLED = "bundled data"

#: What :func:`load_what_loads` left out of your card folder: the files (:func:`file_key`) and the
#: records (``(file_key(file), index)``, as ``load_game``'s ``leave_out``).
LeftOut = tuple[frozenset[str], frozenset[tuple[str, int]]]
_NOTHING_LEFT_OUT: LeftOut = (frozenset(), frozenset())
#: Per game, what :func:`load_game` leaves out of your folder while :func:`leaving_out` runs.
_LEFT_OUT: ContextVar[Mapping[str, LeftOut]] = ContextVar("companion_left_out", default=MappingProxyType({}))


@contextmanager
def leaving_out(game: str, extra: Iterable[str | os.PathLike[str]] = ()
                ) -> Iterator[tuple[CardDB, dict[str, list[str]]]]:
    """:func:`load_what_loads`, and while the block runs every :func:`load_game` of ``game`` that
    reads your folder leaves out the same files and records: code that loads the cards itself (the
    Mice and Mystics data, a correction) reads the cards that load, and one broken file
    of yours stops none of it. A ``--cards`` file (``extra``) that does not load is still raised.
    The cards it loads are what :class:`KeptCards` (:func:`game_cards`) gives in the block while your
    card files stay as they were: code that loads them itself does not read them again."""
    extra = list(extra)
    stamp = card_files_stamp(game)  # (before reading: a file written meanwhile is read again)
    db, skipped, left = _what_loads(game, extra)
    token = _LEFT_OUT.set({**_LEFT_OUT.get(), game: left})
    held = _HELD.get()
    if not extra and BUNDLED not in skipped:  # (then the cards are those load_game(game) loads in the block)
        held = {**held, game: ((stamp, left), db)}
    held_token = _HELD.set(held)
    try:
        yield db, skipped
    finally:
        _HELD.reset(held_token)
        _LEFT_OUT.reset(token)


#: Per game, the cards the running :func:`leaving_out` block loaded, with what they were read at: your
#: card files' stamp and what the block leaves out (:class:`KeptCards` gives them while these hold).
_HELD: ContextVar[Mapping[str, tuple[tuple[FilesStamp, LeftOut], CardDB]]] = ContextVar(
    "companion_held_cards", default=MappingProxyType({}))


class KeptCards:
    """A game's cards as ``load_game(game)`` loads them, for one holder (a tracker, one command): read at the
    first call, then kept while your card files stay the same (:func:`card_files_stamp`) and the same ones
    are left out (:func:`leaving_out`), so a card file changed meanwhile (``companion cards correct``, the
    card page) is read anew. Inside a :func:`leaving_out` block the cards it loaded are taken, not read
    again. ``leave_out``: outside such a block, read in one (a card file of yours that does not load is
    left out, as a page leaves it out). A call costs one ``stat`` a file of yours; a load that fails is
    raised and not kept."""

    def __init__(self, game: str, *, leave_out: bool = False) -> None:
        self.game = check_game(game)
        self.leave_out = leave_out
        self._kept: tuple[tuple[FilesStamp, LeftOut], CardDB] | None = None

    def __call__(self) -> CardDB:
        key = _read_at(self.game)  # (before reading: a file written meanwhile is read at the next call)
        if self._kept is None or self._kept[0] != key:
            self._kept = (key, self._read(key))
        return self._kept[1]

    def _read(self, key: tuple[FilesStamp, LeftOut]) -> CardDB:
        """The cards, ``key`` being what they are read at now (:func:`_read_at`)."""
        if self.leave_out and not leaving_out_active(self.game):
            with leaving_out(self.game):  # (what is left out is the block's now)
                return self._read(_read_at(self.game))
        held = _HELD.get().get(self.game)
        return held[1] if held is not None and held[0] == key else load_game(self.game)


def type_name(card_type: object) -> str:
    """A card type as the games name it, the words of a printed card's type line ("Basic Mouse",
    "Die Face"), not the data's id (``basic-mouse``): the printed faces and the Cards page both say it
    so, so the page and the card never read differently."""
    return str(card_type).replace("-", " ").title()


class CardsAsRead:
    """Per game, the cards that load (:func:`load_what_loads`: a card file of yours that does not load is
    left out, with its errors) as a page last read them, and your card files' stamp then
    (:func:`card_files_stamp`). A page chooses when to read again: the Printables page whenever a card
    file of yours changed (:meth:`current`), the deck builder only on *Reload card data* (:meth:`read`),
    saying meanwhile that the files changed (:meth:`changed`), so a list being checked never changes
    under its builder."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[FilesStamp, CardDB, dict[str, list[str]]]] = {}

    def read(self, game: str) -> tuple[CardDB, dict[str, list[str]]]:
        """Read ``game``'s cards now, and keep them: the cards and, per file left out, its errors."""
        stamp = card_files_stamp(game)  # (before reading: a file written meanwhile is read again)
        db, skipped = load_what_loads(game)
        self._kept[game] = (stamp, db, skipped)
        return db, skipped

    def current(self, game: str) -> tuple[CardDB, dict[str, list[str]]]:
        """``game``'s cards, read again only when your card files changed since (one ``stat`` a file)."""
        kept = self._kept.get(game)
        if kept is None or kept[0] != card_files_stamp(game):
            return self.read(game)
        return kept[1], kept[2]

    def last(self, game: str) -> tuple[CardDB, dict[str, list[str]]]:
        """``game``'s cards as last read (read now if never), no file looked at: for work done at every
        keystroke."""
        kept = self._kept.get(game)
        return (kept[1], kept[2]) if kept is not None else self.read(game)

    def changed(self, game: str) -> bool:
        """Whether your card files of ``game`` changed since they were read (``False`` if never read)."""
        kept = self._kept.get(game)
        return kept is not None and kept[0] != card_files_stamp(game)


def _read_at(game: str) -> tuple[FilesStamp, LeftOut]:
    """What ``load_game(game)`` would load now depends on: your card files' stamp, what is left out."""
    return card_files_stamp(game), _LEFT_OUT.get().get(game, _NOTHING_LEFT_OUT)


def game_cards(game: str) -> CardDB:
    """``load_game(game)``, not read again inside a :func:`leaving_out` block that read the same card files
    (:class:`KeptCards`)."""
    return KeptCards(game)()


def leaving_out_active(game: str) -> bool:
    """Whether a :func:`leaving_out` block of ``game`` runs: its :func:`load_game` leaves out what that block
    found already, so code that loads the cards needs no block of its own (which reads your folder again)."""
    return game in _LEFT_OUT.get()


def load_what_loads(game: str, extra: Iterable[str | os.PathLike[str]] = ()
                    ) -> tuple[CardDB, dict[str, list[str]]]:
    """A game's cards as :func:`load_game` loads them, leaving out any card file of your own that
    does not load; returns the cards and, per file left out, its errors (as ``companion validate``
    words them). A later file of yours (your corrections above all) is left out record by record
    when it only fails through a card in a file left out: a record that corrects or replaces such a
    card is left out (keyed ``"<file> /cards/<i> (card '<id>')"``), and its others stay in force.
    If even the bundled cards do not load, the database is empty and the error is listed under
    :data:`BUNDLED`.

    ``extra`` files (``--cards``) load last, as :func:`load_game` loads them; one that does not load
    is never left out: its error is raised (it was named on purpose)."""
    db, skipped, _left = _what_loads(game, extra)
    return db, skipped


def _what_loads(game: str, extra: Iterable[str | os.PathLike[str]]
                ) -> tuple[CardDB, dict[str, list[str]], LeftOut]:
    """:func:`load_what_loads`, with what it left out of your folder (:data:`LeftOut`)."""
    from .validation import validate_paths

    extra = list(extra)
    try:  # (inside :func:`leaving_out` already, what it leaves out stays out, said once)
        return load_game(game, extra=extra), {}, _LEFT_OUT.get().get(game, _NOTHING_LEFT_OUT)
    except CompanionError as first:
        failure = first
    skipped: dict[str, list[str]] = {}
    good: list[Path] = []
    leave_out: set[tuple[str, int]] = set()
    for f in user_game_files(game):
        try:  # in order, beside the bundled cards and your files before it, as the game loads them
            load_game(game, include_user=False, extra=[*good, f], leave_out=leave_out)
        except CompanionError as exc:
            # records that correct a missing card, or lean on a card of a file left out, go alone
            if f.name == CORRECTIONS_NAME or skipped:
                left = _corrections_left_out(game, good, f, skipped, leave_out)
                if left:
                    try:  # without the corrections of cards left out, the others load
                        load_game(game, include_user=False, extra=[*good, f],
                                  leave_out=leave_out | {(file_key(f), i) for i in left})
                    except CompanionError:
                        pass
                    else:
                        leave_out |= {(file_key(f), i) for i in left}
                        skipped.update(left.values())
                        good.append(f)
                        continue
            # every problem, as `companion validate` words them (it also sees the bundled cards,
            # so a correction of a bundled card is no problem), else the one the loading met
            # (e.g. an id another of your files already uses)
            skipped[str(f)] = [i.render() for i in validate_paths([f]).errors] or [exc.render()]
            continue
        good.append(f)
    left_out = (frozenset(file_key(f) for f in user_game_files(game)) - {file_key(f) for f in good},
                frozenset(leave_out))
    try:
        db = load_game(game, include_user=False, extra=[*good, *extra], leave_out=leave_out)
        return db, skipped, left_out
    except CompanionError as exc:
        if extra and not skipped.get(BUNDLED):
            try:
                load_game(game, include_user=False, extra=good, leave_out=leave_out)
            except CompanionError:
                pass
            else:  # the files of yours that load are fine: the file named is to blame
                raise exc from None
        skipped.setdefault(BUNDLED, []).append(exc.render() if skipped else failure.render())
        return CardDB(game, ()), skipped, left_out


def _corrections_left_out(game: str, good: list[Path], path: Path, skipped: dict[str, list[str]],
                          leave_out: set[tuple[str, int]]) -> dict[int, tuple[str, list[str]]]:
    """The records of your corrections file (``path``) that correct a card no file loaded before
    it holds, because the card's file is left out (in ``skipped``) or no card has that id: index ->
    (its key in the page's problems, why). Empty if the file does not load for another reason.
    ``leave_out``: the records of earlier files already left out."""
    from .validation import read_document, resolve_replacements, validate_paths

    try:
        loaded = load_game(game, include_user=False, extra=good, leave_out=leave_out)
        fixes = load_file(path, game)
    except CompanionError:
        return {}
    _kept, orphans = resolve_replacements([*loaded.cards, *fixes], lambda c: (c.id, c.get("replaces")))
    holders: dict[str, str] = {}  # card id -> the file left out that holds it
    for f in skipped:
        doc, _problem = read_document(f)
        cards = doc.get("cards") if isinstance(doc, dict) else None
        for card in cards if isinstance(cards, list) else []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                holders.setdefault(card["id"].lower(), f)
    left: dict[int, tuple[str, list[str]]] = {}
    errors = None
    for card in orphans:
        target, index = str(card.get("replaces")), int(card.index or 0)
        holder = holders.get(target.lower())
        verb, what = ("corrects", "correction") if path.name == CORRECTIONS_NAME else ("replaces", "record")
        if holder is not None:
            why = [f"{verb} {target!r}, a card of {holder}, which is left out (see above): fix that file "
                   f"and this {what} applies again"]
        else:  # no card has that id: as `companion validate` says it
            errors = validate_paths([path]).errors if errors is None else errors
            why = [i.render() for i in errors if i.pointer.startswith(f"/cards/{index}/")] or [
                f"{verb} {target!r}, which no card loaded before it holds"]
        left[index] = (f"{path} /cards/{index} (card {card.id!r})", why)
    return left


#: The end of a key of :func:`load_what_loads`'s problems that names one correction, not a file.
RECORD_KEY = re.compile(r" /cards/\d+ \(card '.*'\)$")


#: :func:`_left_out_said`'s last answer for each file: path -> ((st_mtime_ns, st_size), answer).
_LEFT_OUT_SAID: dict[str, tuple[tuple[int, int], tuple[tuple[str, ...], bool] | None]] = {}


def _left_out_said(key: str) -> tuple[tuple[str, ...], bool] | None:
    """What the card file ``key`` says for :func:`left_out_holders`: each card's id and name that is
    text, in order and as :func:`norm_text` compares them, and whether a card has no name; ``None`` if
    it cannot be read as a list of cards. An unchanged file (same path, st_mtime_ns and st_size) is
    read once: the deck page asks on every change of the list."""
    from .validation import read_document

    try:
        st = os.stat(key)
        stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
    except (OSError, ValueError):
        stamp = None
    if stamp is not None:
        cached = _LEFT_OUT_SAID.get(key)
        if cached is not None and cached[0] == stamp:
            return cached[1]
    doc, _problem = read_document(key)
    cards = doc.get("cards") if isinstance(doc, dict) else None
    answer: tuple[tuple[str, ...], bool] | None = None
    if isinstance(cards, list):
        said: list[str] = []
        nameless = False
        for card in cards:
            if not isinstance(card, dict) or not isinstance(card.get("name"), str):
                nameless = True
            for text in (card.get(k) for k in ("id", "name")) if isinstance(card, dict) else ():
                if isinstance(text, str):
                    said.append(norm_text(text))
        answer = (tuple(said), nameless)
    if stamp is None:
        _LEFT_OUT_SAID.pop(key, None)
    else:
        _LEFT_OUT_SAID[key] = (stamp, answer)  # only the latest per path
    return answer


def left_out_holders(names: Iterable[str], left_out: Iterable[str]) -> tuple[dict[str, str], list[str]]:
    """Which card file left out (``left_out``: :func:`load_what_loads`'s keys; the bundled data and single
    corrections are passed over) holds a card of each of ``names`` (its id or name, compared as
    :func:`norm_text` compares them), and which of those files cannot be told (they cannot be read as a
    list of cards, or hold a card without a name). A name unknown to the cards that load is blamed on a
    file left out only when that file holds it, or may hold it: any other file left out is not the reason."""
    wanted = {norm_text(n): n for n in names}
    held: dict[str, str] = {}
    untold: list[str] = []
    for key in left_out:
        if key == BUNDLED or RECORD_KEY.search(key):
            continue
        answer = _left_out_said(key)
        if answer is None:
            untold.append(key)
            continue
        said, nameless = answer
        if nameless:
            untold.append(key)  # (its name may be any of them)
        for text in said:
            if text in wanted:
                held.setdefault(wanted[text], key)
    return held, list(dict.fromkeys(untold))


def left_out_file_words(path: str) -> tuple[str, str]:
    """How a card file of yours left out (``path``: a key of :func:`load_what_loads`'s problems) is said
    where one of its cards is asked for (``cards correct`` of its card, a sheet's id it holds on import):
    what the file is, and the command that lists its problems. One wording for both, so the file blamed
    reads the same wherever it is blamed."""
    return ("a card file of yours that does not load and is left out",
            f"`companion validate {path}` lists its problems")
