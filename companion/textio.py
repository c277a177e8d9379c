"""Reading the user's text files (decklists, logs, sheets): every failure a clear error.

One place for what every reader needs: a directory, a missing file, an unreadable or
oversized file, or bytes that are not UTF-8 become a :class:`CompanionError` naming
the file, what was expected and what was found; never a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import secrets
import stat
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .errors import CompanionError, cut, os_reason, shown
from .written import note as note_written

_E = TypeVar("_E", bound=CompanionError)

#: Larger than any decklist, log or sheet a table produces; guards against reading a disk image.
MAX_TEXT_BYTES = 64 * 2**20

#: Half of a character: a lone UTF-16 surrogate (a JSON escape such as ``\ud800`` without its other half,
#: a command-line word that is not UTF-8, a paste into a text box). No UTF-8 file, log, plot or PDF holds it.
LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


def lone_surrogate(text: str) -> str | None:
    """The first half of a character (:data:`LONE_SURROGATE`) in ``text``, or ``None``."""
    if text.isascii():
        return None
    found = LONE_SURROGATE.search(text)
    return None if found is None else found.group()


def read_bytes(path: str | os.PathLike[str], *, what: str = "file",
               error: type[CompanionError] = CompanionError,
               max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a user file; ``what`` names the expected kind ("decklist", "event log")."""
    p = Path(path)
    where = str(p)
    a_what = f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"
    try:
        if p.is_dir():
            raise error(f"is a directory, not {a_what}", where=where)
        if not p.exists():
            raise error("no such file", where=where, expected=a_what)
        if not p.is_file():
            raise error("is not a regular file", where=where, expected=a_what)
        size = p.stat().st_size
        if size > max_bytes:
            raise error(f"is too large for {a_what}", where=where,
                        expected=f"at most {max_bytes // 2**20} MB", found=f"{size / 2**20:.0f} MB")
        return p.read_bytes()
    except CompanionError:
        raise
    except OSError as exc:
        raise error(f"cannot be read ({os_reason(exc)})", where=where) from None
    except ValueError as exc:  # an embedded NUL in the path
        raise error(f"is not a usable path ({exc})", where=where) from None


def _looks_like_utf16(raw: bytes) -> bool:
    """A UTF-16 file (what Windows Notepad and PowerShell's ``>`` save): a UTF-16 byte-order mark,
    or NUL bytes in every other place of its start (ASCII text in UTF-16)."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    head = raw[:512]
    if len(head) < 4:
        return False
    for parity in (0, 1):
        half = head[parity::2]
        if half.count(0) >= 0.8 * len(half) and head[1 - parity::2].count(0) <= 0.1 * len(half):
            return True
    return False


def _looks_like_utf32(raw: bytes) -> bool:
    """A UTF-32 file: a UTF-32 byte-order mark, or the two high bytes of every character NUL and its low
    byte almost never (text in the first 65,536 characters, in either byte order)."""
    if raw[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return True
    head = raw[:512]
    head = head[:len(head) - len(head) % 4]
    if len(head) < 8:
        return False
    quarter = len(head) // 4
    for low, high in ((0, (2, 3)), (3, (0, 1))):  # little-endian, big-endian
        if (all(head[h::4].count(0) >= 0.9 * quarter for h in high)
                and head[low::4].count(0) <= 0.1 * quarter):
            return True
    return False


#: What to do with text that is not UTF-8, unless a reader says otherwise: every kind of file the
#: companion reads (a decklist or a sheet from a spreadsheet, a list from a text editor).
UTF8_HINT = ("Save it again as UTF-8 (in a spreadsheet: the file type 'CSV UTF-8'; in a text editor: "
             "the encoding UTF-8).")


def bad_byte_place(raw: bytes, offset: int) -> tuple[int, int]:
    """The line and column (both from 1, the column in characters) of the byte at ``offset``:
    what an editor shows, where a byte offset helps nobody. Lines end as the readers split them
    (``\\n``, ``\\r\\n`` or ``\\r``)."""
    before = raw[:offset].decode("utf-8", errors="replace").removeprefix("\ufeff")
    lines = re.split(r"\r\n|\r|\n", before)
    return len(lines), len(lines[-1]) + 1


def decode_text(raw: bytes, *, where: str, what: str = "file",
                error: type[CompanionError] = CompanionError, suggestion: str | None = None) -> str:
    """UTF-8 text (a byte-order mark is allowed and dropped); UTF-32 and UTF-16 are named as such, and a
    byte that is not UTF-8 by its line and column (with :data:`UTF8_HINT` unless ``suggestion``)."""
    if _looks_like_utf32(raw):  # (first: its byte-order mark begins as UTF-16's does)
        raise error("is not UTF-8 text (it looks like UTF-32)", where=where, expected=f"a UTF-8 {what}",
                    found="UTF-32 text", suggestion=suggestion or UTF8_HINT)
    if _looks_like_utf16(raw):
        raise error("is not UTF-8 text (it looks like UTF-16)", where=where, expected=f"a UTF-8 {what}",
                    found="UTF-16 text", suggestion=suggestion or "Save it again as UTF-8 (in Notepad: "
                    "Save as, Encoding UTF-8).")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        offset = exc.start + (3 if raw.startswith(b"\xef\xbb\xbf") else 0)  # (counted after the mark)
        line, column = bad_byte_place(raw, offset)
        raise error("is not UTF-8 text", where=where, expected=f"a UTF-8 {what}",
                    found=f"the byte {raw[offset]:#04x} on line {line}, column {column}",
                    suggestion=suggestion or UTF8_HINT) from None


def read_stdin(*, what: str = "file", error: type[CompanionError] = CompanionError,
               max_bytes: int = MAX_TEXT_BYTES) -> str:
    """Standard input as text, with the same checks as a file (size, UTF-8, a byte-order mark)."""
    where = "<stdin>"
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream put in its place (a notebook, a test): already decoded
        return sys.stdin.read().removeprefix("\ufeff")
    try:
        raw = buffer.read(max_bytes + 1)
    except OSError as exc:
        raise error(f"cannot be read ({os_reason(exc)})", where=where) from None
    if len(raw) > max_bytes:
        raise error(f"is too large for {what}", where=where, expected=f"at most {max_bytes // 2**20} MB")
    return decode_text(raw, where=where, what=what, error=error)


def read_text(path: str | os.PathLike[str], *, what: str = "file",
              error: type[CompanionError] = CompanionError, allow_stdin: bool = False) -> str:
    """A user's text file as a string; ``-`` reads standard input when ``allow_stdin``."""
    if allow_stdin and str(path) == "-":
        return read_stdin(what=what, error=error)
    return decode_text(read_bytes(path, what=what, error=error), where=str(path), what=what, error=error)


#: The separators a CSV file may use, in the order they are tried.
CSV_SEPARATORS = (",", "\t", ";")
#: Excel's first line stating the separator; a spreadsheet that saves the file again may quote it
#: (``"sep=;"``) or pad it with empty cells (``sep=;;;``)
_SEP_LINE = re.compile(r'^ *"?sep=(.)"?[,;\t]*\s*$', re.IGNORECASE)


def csv_cells(line: str, sep: str) -> list[str]:
    """One line of CSV as its cells (quotes as a spreadsheet writes them), stripped."""
    import csv

    try:
        row = next(csv.reader([line], delimiter=sep), [])
    except csv.Error:
        row = line.split(sep)
    return [c.strip() for c in row]


def csv_separator(lines: Sequence[str], *, header: Callable[[list[str]], bool] | None = None,
                  row: Callable[[str], bool] | None = None) -> tuple[str | None, bool]:
    """The separator of CSV ``lines`` (``,``, tab or ``;``), and whether the first line is Excel's
    ``sep=;`` line stating it (the data starts after it). Otherwise: the first separator whose
    cells of the first line ``header`` accepts (a header row naming the columns wanted), else, when
    every line is a ``row`` (default: any), the first separator every line holds; ``None`` if none.
    One sniffer for card sheets and decklists, so both read a spreadsheet's file alike."""
    if not lines:
        return None, False
    if (m := _SEP_LINE.match(lines[0].strip("\r\n"))) is not None:
        return m.group(1), True
    stripped = [line.strip() for line in lines]
    if header is not None:
        for sep in CSV_SEPARATORS:
            if header(csv_cells(stripped[0], sep)):
                return sep, False
    if row is None or all(row(line) for line in stripped):
        for sep in CSV_SEPARATORS:
            if all(sep in line for line in stripped):
                return sep, False
    return None, False


def slug(name: str, *, default: str = "deck", limit: int = 60) -> str:
    """A name as a file name: lower case, letters, marks and digits of any script kept
    (``Дракон`` -> ``дракон``), every other run of characters one hyphen, at most ``limit``
    characters; ``default`` when nothing is left. Names that differ only in punctuation or
    case share a file, so a caller that saves must not replace another's file unasked."""
    text = unicodedata.normalize("NFKC", name).lower()
    kept = "".join(ch if unicodedata.category(ch)[0] in "LMN" else "-" for ch in text)
    return re.sub(r"-+", "-", kept).strip("-")[:limit].strip("-") or default


def within(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether ``path`` lies in ``folder``, links resolved (``False`` for a path that cannot be
    resolved): the bundled data, or the user's decks."""
    try:
        return Path(path).resolve().is_relative_to(Path(folder).resolve())
    except (OSError, ValueError, RuntimeError):
        return False


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file (existing files by identity, else by resolved path):
    an output that is one of the inputs would replace what is being read."""
    try:
        pa, pb = Path(a), Path(b)
        if pa.exists() and pb.exists():
            return pa.samefile(pb)
        return pa.resolve() == pb.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def _stage(path: str | os.PathLike[str], data: bytes, *, parents: bool, durable: bool = True) -> Path:
    """``data`` in a new temporary file beside ``path`` (beside the file a symbolic link points
    to), flushed and (``durable``) fsync-ed, with the permissions the save will have."""
    target = Path(os.path.realpath(path))
    if parents:
        target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(target.stat().st_mode)  # a save keeps the file's permissions
    except OSError:
        mode = None  # a new file: what the user's umask allows (os.open applies it)
    # Refused before anything is written (what is saved with it, e.g. a PDF's layout file, too):
    # a folder cannot be replaced by a file, and a file the user may not write (write-protected)
    # is not replaced behind the protection's back, as writing it in place would not be either.
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    if mode is not None and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
    for _ in range(100):
        tmp = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - 100 names of 32 random bits all taken
        raise FileExistsError(f"no free temporary name beside {target}")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _commit(tmp: Path, path: str | os.PathLike[str], *, durable: bool = True) -> None:
    """Rename a staged file over ``path`` (the file a symbolic link points to: the link stays),
    then (``durable``) flush the folder so the rename is on disk too."""
    target = Path(os.path.realpath(path))
    os.replace(tmp, target)
    if durable:
        fsync_folder(target, best_effort=True)  # (not possible everywhere, e.g. on Windows)
    note_written(path)


def fsync_folder(path: Path, *, best_effort: bool = False) -> None:
    """Make the names in ``path``'s folder durable (a file made, renamed or removed there). A folder
    that cannot be opened, or a file system that cannot sync a folder (EINVAL, ENOTSUP, EBADF), is
    let be: nothing more can be done there. ``best_effort``: no error of the sync is raised either."""
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return  # (a folder we may not open: the file's own fsync is what there is)
    try:
        os.fsync(fd)
    except OSError as exc:
        if not best_effort and exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def is_special(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a device or a pipe (``/dev/stdout``, ``/dev/fd/3``, a named pipe, a
    terminal): such a file is written straight through, as there is nothing to replace (and
    standard output sent to a file must not be swapped for another file)."""
    text = os.fspath(path)
    if os.name == "posix" and text.startswith(("/dev/std", "/dev/fd/", "/proc/")):
        return True
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


@contextlib.contextmanager
def staged_bytes(path: str | os.PathLike[str], data: bytes, *, parents: bool = True,
                 durable: bool = True) -> Iterator[None]:
    """Save ``data`` to ``path`` whole or not at all, once the ``with`` body (what is saved with
    it, e.g. a PDF's layout file) has run without an error.

    The bytes go to a temporary file in the same folder, flushed and fsync-ed, before the body;
    after it the file is renamed over the target (keeping its permissions; a symbolic link
    keeps pointing at it). On any error, in the body too, the old file stays as it was and no
    temporary file is left. A pipe or a device (``/dev/stdout``) is written straight through
    after the body. ``parents``: make missing folders (``companion print --layout-json`` does
    not: a mistyped folder is an error there). A path holding a NUL character, which no file
    system takes, is the user's error (a :class:`CompanionError` naming it), before anything is written.

    ``durable=False`` skips both fsyncs (the file's and its folder's): the write stays atomic (a
    temporary file renamed over the target: a reader sees the old file or the new one, never half
    of one), but a crash of the machine may lose it. For a file re-written on every keystroke that
    a lost write costs little (a page's draft: :mod:`companion.drafts`), where two fsyncs a change
    would make typing wait on the disk; saves, logs and everything else stay durable.
    """
    if "\0" in os.fspath(path):
        raise CompanionError("is not a usable path (it holds a NUL character)",
                             where=os.fspath(path).replace("\0", "\\0"), suggestion="Nothing was written.")
    if is_special(path):
        yield
        with open(path, "wb") as fh:
            fh.write(data)
        return
    tmp = _stage(path, data, parents=parents, durable=durable)
    try:
        yield
        _commit(tmp, path, durable=durable)
    finally:
        tmp.unlink(missing_ok=True)


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes, *, parents: bool = True,
                       durable: bool = True) -> Path:
    """Write a whole file or nothing, so a crash or a full disk never leaves half a save (see
    :func:`staged_bytes`; ``durable=False``: without the fsyncs, for a draft re-written on every change)."""
    with staged_bytes(path, data, parents=parents, durable=durable):
        pass
    return Path(path)


def write_text_atomic(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8",
                      parents: bool = True, durable: bool = True) -> Path:
    """:func:`write_bytes_atomic` for text; line endings are written as given."""
    return write_bytes_atomic(path, text.encode(encoding), parents=parents, durable=durable)


#: The longest player name a page or a start event takes: a name shows in every board line and message.
PLAYER_NAME_MAX = 40


def numbered_name(name: str, n: int) -> str:
    """``name`` itself for 1, else with ``-<n>`` before its suffix: ``deck.pdf``, ``deck-2.pdf``."""
    if n == 1:
        return name
    path = Path(name)
    return f"{path.stem}-{n}{path.suffix}"


def write_new(path: Path, data: bytes) -> None:
    """Write a file that does not exist yet, whole or not at all; :class:`FileExistsError` if it
    does. The name is claimed first (``O_EXCL``: no other window can take it meanwhile), then
    filled atomically; a failed write gives the name back."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666))
    try:
        write_bytes_atomic(path, data)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def one_line(text: str) -> bool:
    """Whether ``text`` holds no line break, tab or other control character (each would break the
    line of a board, a journal or a message it is shown in)."""
    return not any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in text)


def number_text(value: int | str) -> str:
    """A number (or the digits typed for one) as a message shows it, shortened when it has many
    digits (a log or a typed option may hold thousands of them, which would drown the message)."""
    try:
        text = str(value)
    except ValueError:  # (Python writes out no int of thousands of digits)
        return "a number of thousands of digits"
    digits = len(text.lstrip("-"))
    return text if digits <= 15 else f"{text[:12]}... (a number of {digits} digits)"


def not_whole_said(text: str, lo: int | None = None, hi: int | None = None) -> str:
    """Why ``text``, typed where a whole number from ``lo`` to ``hi`` belongs (either end ``None``: not
    said), is refused, in words: "expected a whole number, found '1.5': did you mean 1 or 2?". A number
    typed in another form ('1.5', '3.0', '1e3') is told the whole numbers either side of it that would be
    taken, none outside the range: when none would ('1e3' for 0 to 20), or the text is no number, the
    range is said instead ("(1000 is out of range: it takes 0 to 20)"). A number of many digits gets no
    suggestion (no one meant it)."""
    said = f"expected a whole number, found {text!r}"
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    near: list[int] = []
    if math.isfinite(number) and abs(number) < 1e15:
        near = sorted({math.floor(number), math.ceil(number)})
        taken = [n for n in near if (lo is None or n >= lo) and (hi is None or n <= hi)]
        if taken:
            return f"{said}: did you mean {' or '.join(map(str, taken))}?"
    if lo is None and hi is None:
        return said
    takes = f"{lo} to {hi}" if lo is not None and hi is not None else f"{lo} or more" if lo is not None \
        else f"at most {hi}"
    out = f"{near[0]} is out of range: " if len(near) == 1 else ""  # ('1e3': 1000)
    return f"{said} ({out}it takes {takes})"


def logged_text(text: str, limit: int) -> str:
    """Text from a line already in a log (a name, a title, a reason) as a board, journal or message
    shows it: on one line (line breaks, tabs and other control characters as spaces, each run of
    spaces one space), cut at ``limit`` characters with "…". A logged line is read as it was, never
    refused (it may predate a limit), so this one rule keeps every tracker's replay alike."""
    text = " ".join("".join(ch if one_line(ch) else " " for ch in text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


#: The zero-width non-joiner and joiner: format characters that Persian and Indic names need to be spelt
#: right (they change how letters join), so a name may hold them.
JOINERS = frozenset("\u200c\u200d")


def format_character(name: str) -> str | None:
    """The first invisible format character in ``name`` (Unicode category Cf: a zero-width space, a
    direction mark, a soft hyphen; never one of :data:`JOINERS`), as a message names it ("U+200B ZERO
    WIDTH SPACE"); None when there is none. A new name holding one is refused: it would show as a name
    already known (a session's, with chips and draws of its own), or turn the rest of a line around."""
    found = next((ch for ch in name if unicodedata.category(ch) == "Cf" and ch not in JOINERS), None)
    if found is None:
        return None
    return f"U+{ord(found):04X} {unicodedata.name(found, 'FORMAT CHARACTER')}"


#: How many characters a refusal of a text too long quotes on each side of its limit (:func:`shown_over`).
OVER_SHOWN = 24


def shown_over(text: str, limit: int) -> str:
    """``text`` (of a new action, refused) as an error message shows it: quoted, whole when it fits in
    ``limit`` characters; one over ``limit`` shows where it goes over, the end of what fits then what is
    too many ("…'of the Hollow', then past character 60: 'w'"), so the player sees what to cut."""
    if len(text) <= limit:
        return repr(text)
    fits = text[:limit]
    return (("…" if len(fits) > OVER_SHOWN else "") + repr(fits[-OVER_SHOWN:])
            + f", then past character {limit}: " + cut(repr(text[limit:]), OVER_SHOWN, quoted=True))


def line_problem(text: str, what: str, limit: int, *, error: type[_E], noun: str = "name",
                 collapse: bool = False, over: bool = False, where: str | None = None) -> _E | None:
    """Why ``text``, typed for a new action, is refused, or ``None``: it is one line (no line break, tab
    or other control character) of at most ``limit`` characters, spaces at its ends aside, without an
    invisible format character (:func:`format_character`). The one check of a short text that a board,
    a journal or a message shows on one line: a name (a player's, :func:`player_name` and the pages' boxes;
    a Village card's, ``village.game.why_not_card_text``), a TMNT correction's reason.
    ``what`` names the text in the refusal ("the mouse's name", "the Reason"), ``noun`` says what it is
    ("name", "reason") in what is expected and what to do. ``collapse``: the text is kept with each run
    of spaces as one (a player's name), so its length is counted so, and one on several lines is quoted
    as typed. ``over``: a text too long is said with how many characters are too many, and quoted where
    it goes over (:func:`shown_over`) rather than cut short (a long limit would quote it all). The error
    is ``error``, at ``where``."""
    stripped = text.strip()
    kept = " ".join(text.split()) if collapse else stripped
    expected = f"a {noun} on one line, at most {limit} characters"
    if not one_line(stripped):
        return error(f"{what} must be one line (no line break, tab or other control character)",
                     where=where, expected=expected, found=shown(text if collapse else stripped, limit),
                     suggestion=f"Write the {noun} on one line.")
    if len(kept) > limit:
        many = f", {len(kept) - limit} too many" if over else ""
        return error(f"{what} is {len(kept)} characters long{many}", where=where, expected=expected,
                     found=shown_over(kept, limit) if over else shown(kept, limit), suggestion="Shorten it.")
    hidden = format_character(kept)
    if hidden is not None:  # (a zero-width space: a look-alike name; a direction mark turns lines)
        return error(f"{what} holds an invisible format character ({hidden})", where=where, expected=expected,
                     found=shown(kept, limit), suggestion=f"Type the {noun} again without it.")
    return None


def player_name(name: str, k: int, *, logged: bool = False, error: type[CompanionError] = CompanionError,
                where: str | None = None) -> str:
    """Player ``k``'s name as the pages take it: spaces collapsed, on one line, at most
    :data:`PLAYER_NAME_MAX` characters. A new start with a name on several lines (or holding a tab
    or another control character) or a longer one is refused (``error``, at ``where``:
    :func:`line_problem`); ``logged``: a line already in a log, read as it was, shown collapsed onto
    one line and cut short, never refused."""
    if logged:
        return logged_text(name, PLAYER_NAME_MAX)
    problem = line_problem(name, f"player {k}'s name", PLAYER_NAME_MAX, error=error, collapse=True,
                           where=where)
    if problem is not None:
        raise problem
    return " ".join(name.split())


#: The words a sheet's cell (or a ``--kind`` filter) writes true and false with.
FLAG_WORDS = {"true": True, "false": False, "yes": True, "no": False}


def read_flag(text: str) -> bool | None:
    """A true/false value as a sheet's cell (or a ``--kind`` filter) writes it: one of
    :data:`FLAG_WORDS`, any case, spaces around it aside; ``None`` for anything else."""
    return FLAG_WORDS.get(text.strip().lower())


def player_names(names: Sequence[str], *, logged: bool = False, error: type[CompanionError] = CompanionError,
                 where: str | None = None) -> list[str]:
    """The players' names as a start takes them (:func:`player_name` each, numbered from 1). A new
    start whose two players share a name (any case) is refused too: every message names the player
    ("Eve ends the turn; turn 2: Eve draws a card"), which would then say neither; a logged one is
    read as it was."""
    out = [player_name(n, k, logged=logged, error=error, where=where) for k, n in enumerate(names, start=1)]
    if not logged and len(out) == 2 and out[0].casefold() == out[1].casefold():
        raise error(f"both players are named {out[0]!r}", where=where, expected="two different names",
                    suggestion='Tell them apart, e.g. "Eve" and "Eve B".')
    return out


def folder_problem(folder: str | os.PathLike[str]) -> str | None:
    """What keeps ``folder`` from taking a new file, in words ("does not exist", "is a file, not a
    folder"), or ``None`` when it is a folder that exists. Commands never make a folder (a mistyped
    one would quietly put a file somewhere else): each names the problem its own way. A log's folder
    is not checked here but by the log itself (:func:`companion.eventlog.folder_refusal`), in its
    words."""
    path = Path(folder)
    try:
        if path.is_dir():
            return None
        there = path.exists()
    except (OSError, ValueError):  # (a name the system cannot take: no such folder either)
        there = False
    return "is a file, not a folder" if there else "does not exist"


def loads_noting_twice(text: str, **kwargs: Any) -> tuple[Any, list[str]]:
    """``json.loads(text, **kwargs)`` and the JSON pointer of every key an object gives more than
    once (``/cards/0/name``), in the order of the document: the one place a repeated key is found.

    JSON keeps a repeated key's last value without a word, so the first is lost: a mistake to report
    (with the pointer, and :func:`companion.validation.pointer_lines` for its line). Objects stay plain
    dicts; the pointers cost nothing unless a key is repeated. Raises what :func:`json.loads` raises.
    Here, not in :mod:`companion.validation`, so that a log's reader and ``do`` use it without loading
    the schemas' module.
    """
    marked: dict[int, tuple[dict[str, Any], list[str]]] = {}  # id -> (the object, kept alive; keys)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(items)
        if len(out) != len(items):
            seen: set[str] = set()
            keys: list[str] = []
            for key, _value in items:
                if key in seen and key not in keys:
                    keys.append(key)
                seen.add(key)
            marked[id(out)] = (out, keys)
        return out

    doc = json.loads(text, object_pairs_hook=pairs, **kwargs)
    if not marked:
        return doc, []
    found: list[str] = []
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:  # depth first, in the order of the document
        value, here = stack.pop()
        if type(value) is dict:
            found += [f"{here}/{escape_pointer(k)}" for k in marked.get(id(value), (None, []))[1]]
            stack += [(v, f"{here}/{escape_pointer(k)}") for k, v in reversed(value.items())]
        elif type(value) is list:
            stack += [(v, f"{here}/{i}") for i, v in reversed(list(enumerate(value)))]
    return doc, found


def escape_pointer(key: str) -> str:
    """A key as one part of a JSON pointer (``/`` is ``~1``, ``~`` is ``~0``)."""
    return key.replace("~", "~0").replace("/", "~1")


def unescape_pointer(part: str) -> str:
    """One part of a JSON pointer as the key it names (``~1`` is ``/``, ``~0`` is ``~``)."""
    return part.replace("~1", "/").replace("~0", "~")
