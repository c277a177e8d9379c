"""Reading the user's text files (decklists, logs, sheets): every failure a clear error.

One place for what every reader needs: a directory, a missing file, an unreadable or
oversized file, or bytes that are not UTF-8 become a :class:`CompanionError` naming
the file, what was expected and what was found; never a traceback.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from .errors import CompanionError

#: Larger than any decklist, log or sheet a table produces; guards against reading a disk image.
MAX_TEXT_BYTES = 64 * 2**20


def read_bytes(path: str | os.PathLike[str], *, what: str = "file",
               error: type[CompanionError] = CompanionError,
               max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a user file; ``what`` names the expected kind ("decklist", "event log")."""
    p = Path(path)
    where = str(p)
    try:
        if p.is_dir():
            raise error(f"is a directory, not a {what}", where=where)
        if not p.exists():
            raise error("no such file", where=where, expected=f"a {what}")
        if not p.is_file():
            raise error("is not a regular file", where=where, expected=f"a {what}")
        size = p.stat().st_size
        if size > max_bytes:
            raise error(f"is too large for a {what}", where=where,
                        expected=f"at most {max_bytes // 2**20} MB", found=f"{size / 2**20:.0f} MB")
        return p.read_bytes()
    except CompanionError:
        raise
    except OSError as exc:
        raise error(f"cannot be read ({exc.strerror or exc})", where=where) from None
    except ValueError as exc:  # an embedded NUL in the path
        raise error(f"is not a usable path ({exc})", where=where) from None


def decode_text(raw: bytes, *, where: str, what: str = "file",
                error: type[CompanionError] = CompanionError, suggestion: str | None = None) -> str:
    """UTF-8 text (a byte-order mark is allowed and dropped)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error("is not UTF-8 text", where=where, expected=f"a UTF-8 {what}",
                    found=f"byte {raw[exc.start]:#04x} at offset {exc.start}",
                    suggestion=suggestion) from None


def read_text(path: str | os.PathLike[str], *, what: str = "file",
              error: type[CompanionError] = CompanionError, allow_stdin: bool = False) -> str:
    """A user's text file as a string; ``-`` reads standard input when ``allow_stdin``."""
    if allow_stdin and str(path) == "-":
        return sys.stdin.read()
    return decode_text(read_bytes(path, what=what, error=error), where=str(path), what=what, error=error)


def stage_bytes(path: str | os.PathLike[str], data: bytes, *, parents: bool = True) -> Path:
    """Write ``data`` to a new temporary file beside ``path``, flushed and fsync-ed, and return
    it: the caller renames it over ``path`` (``os.replace``) once everything else it saves
    with it is written, or deletes it. ``path`` itself is not touched. ``parents``: make
    missing folders (the command line does not: a mistyped folder is an error there)."""
    target = Path(path)
    if parents:
        target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes, *, parents: bool = True) -> Path:
    """Write a whole file or nothing, so a crash or a full disk never leaves half a save.

    The bytes go to a temporary file in the same folder, are flushed and fsync-ed, then the
    file is renamed over the target; on any error the old file stays as it was.
    """
    tmp = stage_bytes(path, data, parents=parents)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return Path(path)


def write_text_atomic(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8",
                      parents: bool = True) -> Path:
    """:func:`write_bytes_atomic` for text; line endings are written as given."""
    return write_bytes_atomic(path, text.encode(encoding), parents=parents)
