"""The Of Mice and Monarchs solo high-score table, kept in the user data folder.

The table itself is a value (:class:`companion.monarchs.flow.HighScores`, pure rules);
this module is the file side: read it, and write it whole or not at all.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from .cards import user_data_dir
from .errors import CompanionError, os_reason
from .monarchs.flow import HighScore, HighScores
from .textio import write_text_atomic

#: Where earlier versions kept the table: among the user's own Monarchs card files, where
#: the card loader read it as a (broken) card file. It is moved on the first load or save.
LEGACY_NAME = "solo-high-scores.json"


def high_score_path() -> Path:
    """The table's file, in its own folder: never among the user's card files."""
    return user_data_dir() / "highscores" / "monarchs-solo.json"


def _legacy_path() -> Path:
    return user_data_dir() / "monarchs" / LEGACY_NAME


def load_high_scores(path: str | os.PathLike[str] | None = None) -> HighScores:
    """The kept table (empty when there is none yet)."""
    p = Path(path) if path is not None else high_score_path()
    if path is None and not p.exists() and _legacy_path().exists():
        p = _legacy_path()
    if not p.exists():
        return HighScores()
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise CompanionError(f"the high-score table cannot be read ({os_reason(exc)})", where=str(p),
                             suggestion=_MOVE_ASIDE) from None
    from .validation import parse_document  # (the card files' reader: line and column, every odd case)

    doc, problem = parse_document(raw, file=str(p))
    if problem is not None:
        raise CompanionError(f"the high-score table cannot be read ({problem.message})", where=problem.where,
                             expected=problem.expected, found=problem.found, suggestion=_MOVE_ASIDE)
    return HighScores.from_json(doc, where=str(p))


_MOVE_ASIDE = "Move the file aside to start a new table."


def save_high_scores(table: HighScores, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the table atomically (whole or not at all: see :func:`write_text_atomic`); a
    table kept where earlier versions put it is removed once the new file is written."""
    p = Path(path) if path is not None else high_score_path()
    try:
        written = write_text_atomic(p, json.dumps(table.to_json(), indent=2, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise CompanionError(f"the high-score table cannot be saved ({os_reason(exc)})", where=str(p),
                             suggestion="Check that the folder can be written (COMPANION_USER_DATA "
                                        "sets where the companion keeps its files)") from None
    if path is None:
        _legacy_path().unlink(missing_ok=True)
    return written


def _table_locked(path: str | os.PathLike[str] | None) -> contextlib.AbstractContextManager[None]:
    """The lock on the table's folder, held while a change reads, changes and rewrites the table, so
    two saves at once (two commands, the page and a command) never lose one of the scores: the
    trackers' folder lock (:func:`companion.eventlog.folder_locked`: advisory, POSIX only, none on a
    file system without locks)."""
    from .eventlog import folder_locked

    return folder_locked(path if path is not None else high_score_path(), make_folder=True)


def record_high_score(entry: HighScore,
                      path: str | os.PathLike[str] | None = None) -> tuple[HighScores, int | None]:
    """Load, add, save (under the table's lock: :func:`_table_locked`): the table after adding
    ``entry`` and its rank. A table holding scores of ``entry``'s scoring past its top ones (a file
    merged by hand: :meth:`HighScores.why_not_add`) is refused by :meth:`HighScores.add`, naming the
    file, and the file is left as it was."""
    with _table_locked(path):
        table, rank = load_high_scores(path).add(
            entry, where=str(Path(path) if path is not None else high_score_path()))
        save_high_scores(table, path)
    return table, rank


def remove_high_score(place: int, path: str | os.PathLike[str] | None = None, name: str | None = None, *,
                      entry: HighScore | None = None, variant: str | None = None
                      ) -> tuple[HighScores, HighScore]:
    """Load, remove the entry at ``place`` as the table shows it (``name`` for one of several tied
    there, ``""`` for the one without a name; ``entry``, the very row meant; ``variant``, the scoring's
    table the place is in: :meth:`HighScores.remove`), save: the table after it and the entry removed.
    The command line's ``--remove`` and the page's Remove both take scores back through here."""
    with _table_locked(path):
        table, gone = load_high_scores(path).remove(place, name, entry=entry, variant=variant)
        save_high_scores(table, path)
    return table, gone
