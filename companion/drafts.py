"""Drafts: what a page's boxes hold, kept on every change so that a reload of the page (or a browser
closed by mistake) brings it back: the deck builder's lists, the Of Mice and Monarchs score pad and buy
planner.

Each page keeps one small JSON file in ``<user data>/drafts/`` (:func:`draft_path`), outside every card
and deck folder (every ``.json`` of a game's card folder loads as a card file; every file of the decks
folder is offered as a saved deck). A draft names its form and its page (``{"draft": 1, "page":
"deck-builder", ...}``); a file that cannot be read, or is not a draft of that page, is said and left as
it is (:class:`DraftError`): the page writes it again only once the user changes something. This module
is the file's envelope and its keeping (:class:`DraftKeeper`: written when it changed, a failure said by
the page and cleared by the next write); each page's own module reads its parts
(:mod:`companion.deck.draft`, :mod:`companion.monarchs.draft`).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .cards import user_data_dir
from .errors import CompanionError, os_reason
from .textio import read_text, write_text_atomic

#: The drafts' form; a file of another form is not read as a draft (it is said, and left as it is).
DRAFT_FORM = 1
#: :func:`text_field`'s ``absent`` for a field every draft of the page has.
REQUIRED = object()


class DraftError(CompanionError):
    """A draft file that cannot be read (the page says so, and leaves the file as it is)."""


def draft_path(page: str) -> Path:
    """Where ``page`` keeps its draft: ``<user data>/drafts/<page>.json``."""
    return user_data_dir() / "drafts" / f"{page}.json"


def draft_text(page: str, parts: dict[str, Any]) -> str:
    """A draft file's text: its form and page, then ``parts`` (the page's own)."""
    return json.dumps({"draft": DRAFT_FORM, "page": page, **parts}, indent=1) + "\n"  # (ASCII: half a
    # character pasted is kept, escaped)


def read_draft_doc(path: Path, page: str, what: str) -> dict[str, Any] | None:
    """The JSON of ``page``'s draft at ``path`` (``what``: the page, as an error names it); ``None`` when
    there is none. :class:`DraftError` when it cannot be read or is not a draft of this version of that
    page: it is never changed here."""
    if not path.exists():
        return None
    text = read_text(path, what=f"{what} draft", error=DraftError)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DraftError(f"is not JSON ({exc.msg}, line {exc.lineno})", where=str(path)) from None
    except (ValueError, RecursionError) as exc:  # (a number of thousands of digits, nesting too deep)
        raise DraftError(f"is not JSON this page reads ({type(exc).__name__})", where=str(path)) from None
    if not isinstance(doc, dict) or doc.get("draft") != DRAFT_FORM or doc.get("page") != page:
        raise DraftError(f"is not a draft of this version of the {what} (form {DRAFT_FORM})", where=str(path))
    return doc


def text_field(doc: Mapping[str, Any], key: str, absent: Any = "") -> Any:
    """A draft's text field ``key``: ``absent`` when it is missing or null (:data:`REQUIRED`: never);
    ``TypeError`` naming the field when it is anything but text. The pages' readers share it, so a
    draft's field reads alike on every page."""
    value = doc.get(key)
    if value is None and absent is not REQUIRED:
        return absent
    if not isinstance(value, str):
        raise TypeError(f"{key!r} is not text")
    return value


def flag_field(doc: Mapping[str, Any], key: str) -> bool:
    """A draft's true-or-false field ``key`` (false when missing); ``TypeError`` when it is not one."""
    value = doc.get(key, False)
    if not isinstance(value, bool):
        raise TypeError(f"{key!r} is not true or false")
    return value


class Kept(enum.Enum):
    """What :meth:`DraftKeeper.keep` did with a page's draft."""

    UNCHANGED = "unchanged"  #: the text is what was last written (or found): nothing written
    WRITTEN = "written"
    #: written, where the page's last word on the draft was that it could not be (written, or read):
    #: that note is no longer true
    RECOVERED = "recovered"
    FAILED = "failed"  #: not written: :attr:`DraftKeeper.failure` says why (the next change tries again)


class DraftKeeper:
    """One page's draft file, kept as the page changes: written (atomically) only when its text differs
    from what was last written or found, and never fsync-ed (``durable=False``: a draft is re-written on
    every keystroke, and a lost one costs only a convenience). A write that fails is recorded, not
    raised: the page says it in its own words (:attr:`reason`) and goes on, and the next good write
    tells it the note can go (:attr:`Kept.RECOVERED`)."""

    def __init__(self, path: Path, kept: str | None = None) -> None:
        self.path = path
        #: the text last written or found on the page's opening (``None``: none known, e.g. a draft that
        #: could not be read: its first write recovers from it)
        self.kept = kept
        #: why the last write failed (``None``: it did not)
        self.failure: OSError | CompanionError | None = None

    @property
    def reason(self) -> str:
        """Why the last write failed, in words ("permission denied", or the error said in full); ``""``
        when it did not."""
        if self.failure is None:
            return ""
        return os_reason(self.failure) if isinstance(self.failure, OSError) else self.failure.render()

    def keep(self, text: str) -> Kept:
        """Write ``text`` unless it is what the file already holds; what was done (:class:`Kept`)."""
        if text == self.kept:
            return Kept.UNCHANGED
        recovering = self.kept is None or self.failure is not None
        try:
            write_text_atomic(self.path, text, durable=False)
        except (OSError, CompanionError) as exc:
            self.failure = exc
            return Kept.FAILED
        self.kept, self.failure = text, None
        return Kept.RECOVERED if recovering else Kept.WRITTEN
