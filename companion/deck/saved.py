"""The decks you saved: ``<user data>/decks/<game>-<name>.txt`` (or ``.json``, ``.csv``).

The deck builder writes them (*Save*) and lists them in its Open menu; the print page offers
them beside the bundled decks. One listing for every page, so both offer the same files under the
same names (:attr:`SavedDeck.name`). A deck's file is named after the deck (:func:`deck_stem`);
:func:`free_name` finds a name whose file is not taken yet.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from ..cards import user_data_dir
from ..errors import os_reason
from ..textio import slug as text_slug
from ..verdict import and_list
from .decklist import DeckNameError

#: The files that hold a list (never a backup, an image or a folder someone put there): the forms the
#: decklist reader takes (a CSV list kept in a spreadsheet too, as *Upload* takes it).
LIST_SUFFIXES = (".txt", ".json", ".csv")
MAX_SLUG = 80  # characters of a deck name kept in its file name (up to 4 bytes each in UTF-8)


def decks_dir() -> Path:
    """Where the deck builder saves lists: ``<user data>/decks``."""
    return user_data_dir() / "decks"


def slug(name: str) -> str:
    """A deck name as a file name (:func:`companion.textio.slug`, at most :data:`MAX_SLUG` characters):
    names that differ only in punctuation or case share one, so a save must not replace another deck's
    file unasked."""
    return text_slug(name, limit=MAX_SLUG)


def deck_stem(name: str, game: str) -> str:
    """The stem of the file a deck named ``name`` is saved in, after ``<game>-`` (``my-deck``)."""
    return slug(name).removeprefix(game + "-") or "deck"


def free_name(name: str, game: str) -> str:
    """``name 2``, ``name 3``...: the first whose file (of any list suffix) does not exist yet in
    :func:`decks_dir`. A long name is cut so that its number stays in the file name."""
    for k in range(2, 100_000):
        base = name
        while base and not slug(f"{base} {k}").endswith(f"-{k}"):
            base = base[:-1]  # (a file name keeps MAX_SLUG characters: the number must be among them)
        candidate = f"{base.rstrip()} {k}" if base.strip() else f"deck {k}"
        stem = deck_stem(candidate, game)
        if not any((decks_dir() / f"{game}-{stem}{suffix}").exists() for suffix in LIST_SUFFIXES):
            return candidate
    raise DeckNameError("no free deck name is left",
                        suggestion="Type another name and Save again")


@dataclass(frozen=True)
class SavedDeck:
    """One saved list of a game."""

    path: Path
    game: str
    #: another saved list of the game has the same stem (``x.txt`` and ``x.json``): the suffix tells
    twin: bool = False

    @property
    def name(self) -> str:
        """The deck's name in the menus (the deck builder's and the Print page's): the file's stem
        without the game's prefix (``my-deck``)."""
        return self.path.stem.removeprefix(f"{self.game}-") or self.path.stem

    @property
    def label(self) -> str:
        """How the deck builder's Open menu names it, after ``saved:``: :attr:`name`, and the
        :attr:`kind` when it has a twin (``my-deck (json)``)."""
        return self.labelled()

    def labelled(self, *notes: str) -> str:
        """:attr:`name` with ``notes`` in brackets, and the :attr:`kind` after them when it has a twin:
        ``my-deck``, ``my-deck (json)``, ``my-deck (your decks, json)`` (the print page's)."""
        shown = (*notes, self.kind) if self.twin else notes
        return self.name + (f" ({', '.join(shown)})" if shown else "")

    @property
    def kind(self) -> str:
        """The file's suffix without its dot (``txt``, ``json``, ``csv``): what tells twins apart."""
        return self.path.suffix[1:]


def digest(data: bytes) -> str:
    """What a file held, in a few characters (SHA-256): a page compares it to tell whether the file
    changed since it (or another page) opened or wrote it: a saved deck, a PDF the print page made."""
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str | None:
    """:func:`digest` of what ``path`` holds now; ``None`` when there is no such file. A file that cannot
    be read (a folder of that name, your decks folder a file, no permission) raises its
    :class:`OSError`: the caller says why."""
    try:
        return digest(path.read_bytes())
    except FileNotFoundError:
        return None


#: The decks folder as :func:`list_files` last listed it: the folder, its stamp then (device, inode and
#: times), its list files' names, and until when (ns) they stand for that stamp (``None``: for good).
_LISTED: tuple[Path, tuple[int, int, int, int], tuple[str, ...], int | None] | None = None
#: How long after a change of the folder a listing may miss the next one (ns): a file system keeps times
#: in ticks (Linux's of a few ms; FAT's of 2 s), so a file added in the tick of the change before it leaves
#: the folder's time as it was. A listing taken that soon stands for its stamp only for :data:`_RECHECK_NS`.
_SETTLE_NS = 3_000_000_000
_RECHECK_NS = 1_000_000_000


def list_files() -> tuple[str, ...] | None:
    """The names of the list files in :func:`decks_dir`, sorted: the files (never a folder) whose suffix is
    one of :data:`LIST_SUFFIXES`, in any case (never a backup, an image). ``None``: there is no folder (or
    it is a file). The one listing of the folder :func:`saved_decks` and :func:`decks_listing` read: it is
    kept while the folder's times say nothing was added, removed or renamed there since (one ``stat``), so
    a page may ask on every keystroke. Raises the :class:`OSError` of a folder that cannot be listed."""
    global _LISTED
    folder = decks_dir()
    try:
        st = folder.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    if not stat.S_ISDIR(st.st_mode):
        return None
    stamp = (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns)
    now = time.time_ns()
    if _LISTED is not None and _LISTED[:2] == (folder, stamp) and (_LISTED[3] is None or now < _LISTED[3]):
        return _LISTED[2]
    with os.scandir(folder) as entries:
        names = tuple(sorted(e.name for e in entries
                             if os.path.splitext(e.name)[1].lower() in LIST_SUFFIXES and e.is_file()))
    settled = now - st.st_mtime_ns > _SETTLE_NS  # (an entry added, removed or renamed sets the time)
    _LISTED = (folder, stamp, names, None if settled else now + _RECHECK_NS)
    return names


#: What :func:`decks_listing` gives: per list file, its name, and for one named after no game its
#: modification time and size (what it holds tells its game); ``None``: no folder, or one not listed.
Listing = tuple[tuple[str, int, int], ...] | None


def decks_listing() -> Listing:
    """The decks folder as :func:`saved_decks` would offer it, cheaply: its list files' names
    (:func:`list_files`: no file read), with the time and size of those named after no game (whose game
    their cards tell, so a change may move them to another game). A page compares it with the one it listed
    its menu from, on every refresh, to offer a deck another page, the print page or a file manager put
    there."""
    from .. import GAMES

    prefixes = tuple(f"{g}-" for g in GAMES)
    try:
        names = list_files()
        if names is None:
            return None
        folder, found = decks_dir(), []
        for name in names:
            if name.lower().startswith(prefixes):
                found.append((name, 0, 0))
            else:
                st = (folder / name).stat()
                found.append((name, st.st_mtime_ns, st.st_size))
    except OSError:
        return None
    return tuple(found)


def saved_decks(game: str, problems: list[str] | None = None, untold: list[str] | None = None
                ) -> list[SavedDeck]:
    """The lists saved for ``game`` in :func:`decks_dir`: by file name, ``<game>-*.txt``, ``.json`` and
    ``.csv`` (as the deck builder saves them), then the lists there named after no game (``my deck.txt``,
    put there by hand) whose cards are ``game``'s (:func:`deck_game`). A list whose game cannot be told is
    offered for no game, and ``untold`` (when given) gets why, naming it.

    No folder yet: none. A folder that cannot be listed gives none, and the reason is added to
    ``problems`` (when given), for the page to say; it is never raised.
    """
    from .. import GAMES

    folder = decks_dir()
    try:
        names = list_files()
        if names is None:
            return []
        lists = [folder / name for name in names]
    except OSError as exc:
        if problems is not None:
            problems.append(f"your decks folder {folder} cannot be read ({os_reason(exc)})")
        return []
    if not os.access(folder, os.R_OK | os.X_OK) and problems is not None:  # (a listing may keep quiet)
        problems.append(f"your decks folder {folder} cannot be read (permission denied)")
    prefixes = tuple(f"{g}-" for g in GAMES)
    paths = [p for p in lists if p.name.lower().startswith(f"{game}-")]
    for p in lists:
        if p.name.lower().startswith(prefixes):
            continue
        told, why = deck_game(p)
        if told == game:
            paths.append(p)
        elif told is None and untold is not None:
            untold.append(f"{p.name!r} is offered for no game: {why}; name it <game>-{p.stem}{p.suffix} "
                          f"(e.g. {next(iter(GAMES))}-{p.stem}{p.suffix}) to say whose it is")
    stems = [p.stem for p in paths]
    return [SavedDeck(p, game, twin=stems.count(p.stem) > 1) for p in paths]


#: per saved list named after no game: (path, modification time, size) -> its game, or ``None`` and why
_TOLD: dict[tuple[str, int, int], tuple[str | None, str]] = {}


def deck_game(path: Path) -> tuple[str | None, str]:
    """The game a decklist file is for, told by what it holds, not its name: a JSON list's ``"game"``, else
    the game whose cards most of its lines name (read with every game's cards, as a list is read); ``None``
    and why when that cannot be told (no line names a card of any game, two games' cards alike, a file that
    cannot be read). Kept per file until it changes: a page asks whenever its game changes."""
    from .. import GAMES
    from ..errors import CompanionError
    from ..textio import read_text
    from .decklist import DecklistError, list_form, parse, their_cards

    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
        if key in _TOLD:
            return _TOLD[key]
        text = read_text(path, what="decklist")
    except (OSError, CompanionError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) else exc.message
        return None, f"it cannot be read ({reason})"
    told: tuple[str | None, str]
    named = None
    if list_form(text) == "json":
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            doc = None
        named = doc.get("game") if isinstance(doc, dict) else None
    if isinstance(named, str):
        game = named.strip().lower()
        told = (game, "") if game in GAMES else \
            (None, f'its "game" is {named!r}, not one of {", ".join(GAMES)}')
    else:
        known: dict[str, int] = {}
        for game in GAMES:
            try:
                known[game] = len(parse(text, their_cards(game)).entries)
            except DecklistError as exc:
                known[game] = exc.known or 0
            except CompanionError:
                known[game] = 0
        most = max(known.values(), default=0)
        best = [g for g, n in known.items() if n == most]
        if most == 0:
            told = (None, "none of its lines names a card of any game")
        elif len(best) > 1:
            told = (None, f"its lines name as many cards of {and_list([GAMES[g] for g in best])}")
        else:
            told = (best[0], "")
    _TOLD[key] = told
    return told
