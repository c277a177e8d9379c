"""The deck builder's draft: what its editor holds, kept on every change, so that a reload of the page
(or a browser closed by mistake) brings back a list not saved yet.

One small JSON file, ``<user data>/drafts/deck-builder.json`` (:func:`draft_path`): outside the decks
folder, so neither the deck builder's Open menu nor the print page ever offers it as a saved deck. Per
game it keeps the list as typed, the Name box and the format chosen, and what the page knew of the list
(the saved file it was opened from or saved to, what that file held then, what the editor held when it
was last opened or saved): the page comes back as it was left, its *Save* writing the same deck's file,
and still asking first when another page saved that file meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..drafts import REQUIRED, DraftError, draft_text, flag_field, read_draft_doc, text_field
from ..drafts import draft_path as _page_draft_path

#: The deck builder's page name in its draft file (:mod:`companion.drafts`).
PAGE = "deck-builder"
__all__ = ["PAGE", "DraftError", "GameDraft", "draft_path", "games_text", "read_draft"]


@dataclass(frozen=True)
class GameDraft:
    """One game's editor, as the deck builder left it."""

    text: str  #: the list as typed
    name: str  #: the Name box
    format: str | None = None  #: the format chosen (its id)
    #: the list and name the editor held when the list was last opened, uploaded or saved (what tells
    #: an unsaved edit); ``None``: none yet
    clean: tuple[str, str] | None = None
    #: the file the editor holds (opened or saved) and its deck name (the page's ``deck_key``)
    held: tuple[Path, str] | None = None
    digest: str | None = None  #: what that file held when the page opened or saved it
    from_file: bool = False  #: the list was opened from that file (not saved under the name typed)
    source: str | None = None  #: the uploaded file the list came from, when it is none of the saved


def draft_path() -> Path:
    """Where the deck builder keeps its draft: ``<user data>/drafts/deck-builder.json``."""
    return _page_draft_path(PAGE)


def games_text(games: Mapping[str, GameDraft]) -> str:
    """The draft file's text for ``games`` (game id -> its editor)."""
    return draft_text(PAGE, {"games": {game: {
        "text": d.text, "name": d.name, "format": d.format,
        "clean": list(d.clean) if d.clean is not None else None,
        "held": [str(d.held[0]), d.held[1]] if d.held is not None else None,
        "digest": d.digest, "from_file": d.from_file, "source": d.source,
    } for game, d in games.items()}})


def read_draft(games: Iterable[str], path: Path | None = None) -> dict[str, GameDraft]:
    """The editors the draft at ``path`` (default :func:`draft_path`) keeps, of ``games`` (another game's
    is passed over); none when there is no draft. :class:`DraftError` when it cannot be read, or is not
    a draft the deck builder wrote: it is never changed here."""
    path = draft_path() if path is None else path
    doc = read_draft_doc(path, PAGE, "deck builder")
    if doc is None:
        return {}
    if not isinstance(doc.get("games"), dict):
        raise DraftError("holds no editors (its 'games' is not a JSON object)", where=str(path))
    wanted = set(games)
    try:
        return {game: _game_draft(entry) for game, entry in doc["games"].items() if game in wanted}
    except (TypeError, ValueError, KeyError) as exc:
        raise DraftError(f"holds an editor the deck builder cannot read ({exc})", where=str(path)) from None


def _game_draft(entry: Any) -> GameDraft:
    """One game's editor from the draft's JSON; ``TypeError`` or ``ValueError`` when it is not one."""
    def pair(key: str) -> tuple[str, str] | None:
        value = entry.get(key)
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            raise TypeError(f"{key!r} is not two texts")
        return value[0], value[1]

    if not isinstance(entry, dict):
        raise TypeError("an editor is not a JSON object")
    held = pair("held")
    return GameDraft(text=text_field(entry, "text", REQUIRED), name=text_field(entry, "name", REQUIRED),
                     format=text_field(entry, "format", None), clean=pair("clean"),
                     held=(Path(held[0]), held[1]) if held is not None else None,
                     digest=text_field(entry, "digest", None), from_file=flag_field(entry, "from_file"),
                     source=text_field(entry, "source", None))
