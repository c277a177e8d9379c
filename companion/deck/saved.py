"""The decks you saved: ``<user data>/decks/<game>-<name>.txt`` (or ``.json``, ``.csv``).

The deck builder writes them (*Save*) and lists them in its Open menu; the print page offers
them beside the bundled decks. One listing for every page, so both offer the same files under the
same names (:attr:`SavedDeck.name`). A deck's file is named after the deck (:func:`deck_stem`);
:func:`free_name` finds a name whose file is not taken yet.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..cards import user_data_dir
from ..errors import os_reason
from ..textio import slug as text_slug
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


def saved_decks(game: str, problems: list[str] | None = None) -> list[SavedDeck]:
    """The lists saved for ``game`` in :func:`decks_dir`, by file name: ``<game>-*.txt``, ``.json`` and
    ``.csv``.

    No folder yet: none. A folder that cannot be listed gives none, and the reason is added to
    ``problems`` (when given), for the page to say; it is never raised.
    """
    folder = decks_dir()
    try:
        if not folder.is_dir():
            return []
        paths = sorted(p for p in folder.glob(f"{game}-*.*")
                       if p.suffix.lower() in LIST_SUFFIXES and p.is_file())
    except OSError as exc:
        if problems is not None:
            problems.append(f"your decks folder {folder} cannot be read ({os_reason(exc)})")
        return []
    if not os.access(folder, os.R_OK | os.X_OK) and problems is not None:  # (glob keeps quiet about it)
        problems.append(f"your decks folder {folder} cannot be read (permission denied)")
    stems = [p.stem for p in paths]
    return [SavedDeck(p, game, twin=stems.count(p.stem) > 1) for p in paths]
