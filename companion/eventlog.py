"""Trackers are event logs: every table action is one JSON line; the state is a fold.

This is the one mechanism behind every tracker (Village MP, TMNT Block Zones, the
Mouse Card live deck, the Mice and Mystics dashboard). It gives, for free:

- **autosave**: each event is written with one ``write`` of a whole line to a file
  opened for appending, then flushed and ``fsync``-ed, before the state changes (a batch of
  events, :meth:`Tracker.batch`, in one ``write`` of all its lines); a line or a log larger
  than the tracker reads back (:data:`MAX_LINE_BYTES`, :data:`MAX_LOG_BYTES`) is refused;
- **undo / redo**: ``{"event": "undo"}`` and ``{"event": "redo"}`` are events too, so
  the log never loses anything and a redo survives a restart;
- **resume after a crash**: reopening folds the log again; a last line cut mid-write
  is moved to a ``.damaged`` side file (made durable before the log is cut: nothing is
  thrown away) and reported, as is another log's first line found inside it;
- **exact replay**: randomness comes from :func:`event_rng`, seeded by the seed the
  log records and the event's position, or is typed in by the user as event data (a tracker
  whose draws depend on data that may change records them in the event: :meth:`Tracker.complete`);
- **one log, two windows**: before each action a tracker reads its file again if another
  window (or a command) wrote it meanwhile, so no action is checked against a stale state;
- **a line counted once**: each line written carries the next number of its log (``"seq": 7``; in a
  log nobody edited, its line number), so a line copied into the log again word for word (a sync
  conflict, a hand edit) is set aside when read, never applied twice (:func:`_in_order`); anything
  else (lines without a number, older logs, lines moved) is read as before;
- **one encoding**: a line that is not UTF-8 (an old editor saved "Zoë" in Windows-1252) is named, with
  how to save the file as UTF-8, and nothing is appended until it is (:meth:`EventLog.not_utf8_refusal`):
  a UTF-8 line after it would leave a file no editor saves whole;
- **one game per log**: a new log's first line names its tracker
  (``{"event": "log", "tracker": "village"}``) and another game's tool refuses the file;
- **a new game over a finished one** (:func:`old_log_kept`): the old log is kept under another name,
  and put back if the new start cannot be written.

A tracker supplies ``initial`` state and a pure ``apply(state, event) -> state`` that
raises :class:`~companion.errors.RuleError` for an action the rules forbid; the
:class:`Tracker` checks an action against the current state *before* writing it.
"""

from __future__ import annotations

import codecs
import contextlib
import copy
import errno
import importlib
import json
import os
import random
import re
import secrets
import shlex
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from .errors import CompanionError, LogError, closest, did_you_mean, os_reason
from .textio import (
    MAX_TEXT_BYTES,
    bad_byte_place,
    fsync_folder,
    loads_noting_twice,
    lone_surrogate,
    read_bytes,
    unescape_pointer,
)
from .verdict import plural
from .written import note as note_written

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks
    fcntl = None  # type: ignore[assignment]

S = TypeVar("S")
Event = dict[str, Any]

UNDO = "undo"
REDO = "redo"
#: The first line of a log a tracker starts: ``{"event": "log", "tracker": "village"}``, so that
#: one game's log is never taken for another's (see :meth:`Tracker._check_owner`).
HEADER = "log"
#: The field in which each written line carries its number in the log (see :func:`_in_order`); the
#: events a tracker folds never hold it.
SEQ_FIELD = "seq"
#: The modules that define the trackers (imported to tell an older log's tool by its events).
TRACKER_MODULES = ("companion.village.game", "companion.mousecard.live", "companion.tmnt.game",
                   "companion.mystics.tracker")


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """An event with the 1-based line it came from (``None`` for events not yet written)."""

    line: int | None
    event: Event


#: The kind of :class:`LogProblem` every reader gives a line it cannot use.
UNUSABLE = "unusable"


@dataclass(frozen=True, slots=True)
class LogProblem:
    """Something in a log file that could not be used; the line stays in the file. ``kind`` tells
    problems apart (:data:`UNUSABLE`, or a tracker's own: the Mouse Card deck's ``"mismatch"``)."""

    line: int
    message: str
    kind: str = UNUSABLE
    #: a line set aside although it is an event (:func:`_in_order`: a copy, word for word, of a line read
    #: before it): that event, and the line it repeats (the action counted once, from that line); or the
    #: event a line that is not UTF-8 text holds, its bytes that are not read as U+FFFD (its kind is
    #: known, its text is not: :func:`_not_utf8_problem`), never applied
    event: Event | None = field(default=None, compare=False, hash=False)
    copy_of: int | None = field(default=None, compare=False, hash=False)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class EventFields:
    """What one kind of event takes, for a tracker's ``companion GAME events`` and for the warnings
    of its ``do`` (a field listed here is never called one the event does not take).

    ``fields``: needed; ``one_of``: exactly one of them is needed; ``optional``: may be left out;
    ``notes``: words shown after a field; ``objects``: the fields of an object a field holds (a
    Mice and Mystics mouse typed in, a TMNT card); ``rule``: how the fields go together; ``does``:
    what the event records.
    """

    does: str
    fields: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    objects: tuple[tuple[str, tuple[str, ...]], ...] = ()
    rule: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """Every field the event takes."""
        return (*self.one_of, *self.fields, *self.optional)

    def note(self, name: str) -> str:
        """The words shown after field ``name`` ("" if none)."""
        return dict(self.notes).get(name, "")

    def about(self, name: str) -> str:
        """What field ``name`` is for: its note, or the rule that names it ("" if neither)."""
        return self.note(name) or (self.rule if name in self.rule else "")

    def _shown(self, name: str) -> str:
        note = self.note(name)
        return f"{name} ({note})" if note else name

    @property
    def text(self) -> str:
        """The line ``companion GAME events`` prints: needed fields, [optional ones]: what it does."""
        parts = [" or ".join(self._shown(n) for n in self.one_of)] if self.one_of else []
        parts += [self._shown(n) for n in self.fields]
        if self.optional:
            parts.append("[" + ", ".join(self._shown(n) for n in self.optional) + "]")
        does = f"{self.does}; {self.rule}" if self.rule else self.does
        return f"{', '.join(parts)}: {does}" if parts else does

    def to_json(self, kind: str) -> dict[str, Any]:
        return {"kind": kind, "fields": list(self.fields), "one_of": list(self.one_of),
                "optional": list(self.optional), "notes": dict(self.notes),
                "objects": {k: list(v) for k, v in self.objects}, "rule": self.rule, "does": self.does,
                "text": self.text}


#: No event nests its values deeper than a few levels; a deeper line is damaged or hand-made.
MAX_DEPTH = 64
#: The longest line an action may append (its JSON, in bytes): far above any real action, far
#: below :data:`MAX_LOG_BYTES` (a note pasted by mistake is refused, not logged).
MAX_LINE_BYTES = 2**20
#: The largest log a tracker reads back (see :func:`~companion.textio.read_bytes`): an append that
#: would take a log past it is refused, so no log is ever written that its tool then refuses to open.
MAX_LOG_BYTES = MAX_TEXT_BYTES


def _mb(size: int) -> str:
    """``size`` bytes in MB, one decimal, rounded up (1 MB and a byte is "1.1 MB", never "1.0 MB")."""
    return f"{-(-size * 10 // 2**20) / 10:g} MB"


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl+C (SIGINT) off while the block runs, then deliver it (a write is then whole, or
    undone, and its bookkeeping done). Only in the main thread, and only when SIGINT has a Python-level
    handler (Python's own, which raises KeyboardInterrupt, or any set with :func:`signal.signal`): it is
    set aside for the block and called once after it if Ctrl+C came meanwhile. SIGINT ignored, or left to
    the system (``SIG_DFL``), is left as it is. Meanwhile Ctrl+C cannot stop the block: a write stuck on
    a stalled file system (a network share gone) cannot be interrupted until it returns."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[Any] = []
    try:
        previous = signal.getsignal(signal.SIGINT)
        if not callable(previous):  # SIG_IGN, SIG_DFL, or one set outside Python
            raise ValueError
        signal.signal(signal.SIGINT, lambda signum, frame: caught.append(frame))
    except ValueError:  # (not the main interpreter, or nothing to hold)
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            previous(signal.SIGINT, caught[0])  # the handler set aside (Python's own: KeyboardInterrupt)


def _too_deep(obj: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists/objects nest deeper than ``limit`` (checked without recursion)."""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return False


def _lone_surrogate(obj: Any) -> tuple[str, str] | None:
    """The JSON pointer and text of the first field name or text under ``obj`` that holds a lone
    surrogate (half of a character, from a JSON escape such as ``\\ud800`` without its other half, or
    a command-line word that is not UTF-8), which no UTF-8 line can hold; ``None`` when there is none.
    Checked without recursion."""
    stack: list[tuple[Any, str]] = [(obj, "")]
    while stack:
        value, pointer = stack.pop()
        if isinstance(value, str):
            if lone_surrogate(value) is not None:
                return pointer or "/", value
        elif isinstance(value, dict | list):
            items = list(value.items() if isinstance(value, dict) else enumerate(value))
            for key, item in reversed(items):  # (the first one first)
                place = f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"
                broken_key = isinstance(key, str) and lone_surrogate(key) is not None
                stack.append((key, place) if broken_key else (item, place))
    return None


def _check_loggable(event: Event, where: str | None) -> None:
    """Refuse (:class:`LogError`) an event that no log line could hold as its tool reads it back: one
    nested deeper than :data:`MAX_DEPTH` (its line would be set aside as damaged at the next opening),
    or one holding a lone surrogate (no UTF-8 file holds one)."""
    if _too_deep(event):
        raise LogError("this action is nested too deeply to log; it was not saved", where=where,
                       expected=f"lists and objects at most {MAX_DEPTH} levels deep",
                       found=f"more than {MAX_DEPTH} levels",
                       suggestion="Leave out the deeply nested value (no event's field takes one).")
    broken = _lone_surrogate(event)
    if broken is not None:
        pointer, text = broken
        shown_text = text.encode("utf-8", "backslashreplace").decode("utf-8")
        shown_text = shown_text if len(shown_text) <= 40 else shown_text[:39] + "…"
        raise LogError(f"this action's text at {pointer} holds a lone surrogate (half of a character), "
                       "which no log can hold; it was not saved", where=where,
                       expected="text of whole characters", found=f"'{shown_text}'",
                       suggestion="Fix the \\u escape (a character beyond U+FFFF needs both halves, e.g. "
                                  "\\ud83d\\ude00), or type the character itself as UTF-8 text.")


def parse_lines(text: str, *, source: str = "log") -> tuple[list[LoggedEvent], list[LogProblem]]:
    """Parse JSONL text into events, collecting (not raising) a problem per bad line."""
    events: list[LoggedEvent] = []
    problems: list[LogProblem] = []
    # lines end at "\n" only: an event's text may hold U+2028 and the like, which
    # str.splitlines would also split at
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        if not raw.replace("\0", "").strip():  # (a file system may zero-fill a write a crash cut short)
            problems.append(LogProblem(number, f"a line of {raw.count(chr(0))} NUL bytes, as a crash can "
                                               "leave, not an event"))
            continue
        try:
            obj, twice = loads_noting_twice(raw)
        except json.JSONDecodeError as exc:
            at = "" if exc.msg.endswith(" at") else " at"  # ("Unterminated string starting at")
            problems.append(LogProblem(number, f"not valid JSON ({exc.msg}{at} column {exc.colno})"))
            continue
        except RecursionError:
            problems.append(LogProblem(number, "cannot be read: nested too deeply "
                                               "(expected one event object per line)"))
            continue
        except ValueError as exc:  # e.g. a number with more digits than Python converts
            problems.append(LogProblem(number, f"cannot be read ({str(exc).split(';')[0]})"))
            continue
        if _too_deep(obj):
            problems.append(LogProblem(number, f"cannot be read: nested more than {MAX_DEPTH} levels deep "
                                               "(expected one event object per line)"))
            continue
        if not isinstance(obj, dict) or not isinstance(obj.get("event"), str):
            problems.append(LogProblem(
                number, 'expected an object with a string "event" field, found '
                f"{json.dumps(obj)[:60]}"))
            continue
        if twice:  # read as JSON reads it (the last value), and said: which one was meant is not known
            keys = list(dict.fromkeys(unescape_pointer(p.rsplit("/", 1)[1]) for p in twice))
            problems.append(LogProblem(number, f"{', '.join(repr(k) for k in keys[:3])} given twice in one "
                                               "object: the replay reads the last value (keep the one you "
                                               "mean and remove the other)"))
        events.append(LoggedEvent(number, obj))
    return events, problems


def _in_order(events: list[LoggedEvent]) -> tuple[list[LoggedEvent], list[LogProblem], int]:
    """The events to fold, without their :data:`SEQ_FIELD`; a problem for each line set aside as a copy,
    word for word, of a line read before it (the same number and the same action: a sync conflict or a
    hand edit duplicated it, and applied twice an award or an undo would count twice); and the highest
    number read, which the next line written goes above.

    Only such a copy is set aside. A line out of order, a number another action carries too (two
    windows writing at once where no lock can be had) or one that is no whole number is folded where
    it stands, as a log without numbers is (lines typed by hand, logs written before numbers); lines
    deleted leave a gap, which is no problem. A log's first line (:data:`HEADER`) begins its numbering:
    two logs joined into one are the tracker's to report (another game's first line), never copies."""
    kept: list[LoggedEvent] = []
    problems: list[LogProblem] = []
    seen: dict[int, LoggedEvent] = {}  # number -> the first line read with it
    top = 0
    for le in events:
        written = le.event.pop(SEQ_FIELD, None)
        if le.event.get("event") == HEADER:
            seen = {}
        if isinstance(written, int) and not isinstance(written, bool):
            first = seen.get(written)
            if first is not None and first.event == le.event:
                why = (f'a copy of line {first.line} (the same action, and both carry "{SEQ_FIELD}": '
                       f"{written}): set aside, so that the action counts once; to apply it as an action "
                       f'of its own, delete its "{SEQ_FIELD}" field')
                problems.append(LogProblem(le.line or 0, why, event=le.event, copy_of=first.line))
                continue
            seen.setdefault(written, le)
            top = max(top, written)
        kept.append(le)
    return kept, problems, top


def cut_kind(text: str) -> str | None:
    """The kind of event a line cut off mid-write was (its ``"event"`` field, if the cut came after it), or
    ``None``: what a crash left of a write says which action it was, though the line cannot be read."""
    kind = re.search(r'"event"\s*:\s*"([^"\\]*)"', text)
    return kind.group(1) if kind is not None else None


def _may_be_start(text: str) -> bool:
    """Whether a line cut off mid-write may have been a start: its kind reads "start", or the first line
    naming the tracker (written with the start, in the same append), or the cut came too early to show
    its kind (``{"event": "sta``: :func:`cut_kind` is ``None``). :meth:`Tracker.cut_start` and
    :meth:`Tracker.restarted_after_cut` read a cut line alike through this."""
    return cut_kind(text) in (None, "start", HEADER)


def _no_action(events: Iterable[LoggedEvent]) -> bool:
    """Whether ``events`` hold no action (at most the first line, naming the tracker)."""
    return all(le.event["event"] == HEADER for le in events)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError; so are over-long numbers
        return False
    return True


def event_rng(seed: int | str, *key: object) -> random.Random:
    """A deterministic RNG for one event: the same seed and key always give the same draws.

    Folds call this with the log's recorded seed and something that identifies the
    event (its line, or a running counter), so replaying a log reproduces every shuffle. The text is
    seeded as its UTF-8 bytes, as ``random.Random`` seeds text itself (the same draws), and a seed
    holding a lone surrogate (a log line's ``"\\ud800"``) seeds too, instead of failing to encode.
    """
    return random.Random(":".join(str(k) for k in (seed, *key)).encode("utf-8", "surrogatepass"))


def new_seed() -> int:
    """A fresh random seed for a new game's start event (the log records it; replays stay exact)."""
    return secrets.randbelow(2**31)


def undone_said(lines: Sequence[str]) -> list[str]:
    """What an undo says, alike in every tracker: each line the action had said, after ``Undone:``
    (so that none reads as news: an ambush taken back is no ambush), or ``Undone: the latest
    action`` when they are not known (another window wrote the log meanwhile)."""
    return [f"Undone: {line}" for line in lines if line] or ["Undone: the latest action"]


def redone_said(lines: Sequence[str]) -> list[str]:
    """What a redo says, alike in every tracker: each line the action said again, after ``Redone:``,
    or ``Redone: the action undone``."""
    return [f"Redone: {line}" for line in lines if line] or ["Redone: the action undone"]


#: The longest seed typed as a word, in characters (every tracker's start takes the same seeds).
SEED_TEXT_MAX = 100


#: What a start event's seed may be, as every tracker's refusal says it (:func:`good_seed`).
SEED_WORDS = f"a whole number or a word on one line of at most {SEED_TEXT_MAX} characters"


def good_seed(seed: object, *, logged: bool = False) -> bool:
    """Whether ``seed`` can seed a start event, in every tracker: a whole number, or a word on one line
    of at most :data:`SEED_TEXT_MAX` characters (:data:`SEED_WORDS`), as :func:`seed_from_text` reads
    what the player typed; ``logged``: a line already in a log is read as it was written (any text)."""
    if isinstance(seed, str):
        from .textio import one_line

        return logged or (bool(seed.strip()) and one_line(seed) and len(seed) <= SEED_TEXT_MAX)
    return isinstance(seed, int) and not isinstance(seed, bool)


def seed_from_text(text: str | None, *, where: str = "seed") -> int | str:
    """The seed a ``start`` event records, from what the player typed: a number (``-5`` too), a word, or
    (blank) a fresh random one (:func:`new_seed`). The log records it, so a replay deals the same way. A
    seed on several lines, or longer than :data:`SEED_TEXT_MAX` characters, is refused (every message
    that says the seed would carry it whole), as the TMNT start refuses it; ``where``: the box or option
    it was typed in, as the refusal names it (``--seed`` on the command line)."""
    from .errors import shown

    text = (text or "").strip()
    if not text:
        return new_seed()
    if not good_seed(text):  # (a blank one was drawn above)
        raise CompanionError(f"a seed is a number or a word on one line of at most {SEED_TEXT_MAX} "
                             "characters", where=where, found=shown(text, 40),
                             suggestion="Type one such as 1234 or \"table 2\" (or none: a fresh one is drawn "
                                        "and recorded).")
    # (at most SEED_TEXT_MAX digits: far below int()'s limit on digits)
    return int(text) if text.removeprefix("-").isdecimal() else text


#: What every tracker's refused second start suggests (:meth:`Tracker.restart_refused`).
NEW_GAME_HERE = ("Or give --new-game to start one here: it replaces the game in this log (undo brings that "
                 "game back).")


#: How to save a file as UTF-8, as every log's advice says it.
SAVE_AS_UTF8 = "an editor's Save As, encoding UTF-8"


def _not_utf8_words(number: int, raw: bytes, exc: UnicodeDecodeError,
                    utf8_elsewhere: bool) -> tuple[str, str]:
    """Of log line ``number`` (its bytes ``raw``), which is not UTF-8 text: where its first such byte is
    (its column as an editor counts it) and what it reads as in Windows-1252, what an old editor saves
    ("byte 0xeb at column 33, 'ë' in Windows-1252"); and how to mend the file ("save the file again as
    UTF-8 (...)"; ``utf8_elsewhere``: its other lines hold UTF-8 beyond ASCII, which a Save As of the
    whole file from another encoding would spoil, so the character is typed again instead)."""
    byte = raw[exc.start]
    column = bad_byte_place(raw, exc.start)[1]
    try:
        char = bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:  # (five bytes Windows-1252 leaves out)
        char = ""
    as_1252 = f", {char!r} in Windows-1252" if char.isprintable() and char else ""
    if utf8_elsewhere:
        mend = (f"open the file as UTF-8 (its other lines are), type again the character at line {number}, "
                f"column {column} (shown as \ufffd), and save it")
    else:
        mend = f"save the file again as UTF-8 ({SAVE_AS_UTF8})"
    return f"byte {byte:#04x} at column {column}{as_1252}", mend


def _not_utf8_problem(number: int, raw: bytes, found: str, mend: str) -> LogProblem:
    """The problem of log line ``number`` (its bytes ``raw``), which is not UTF-8 text (``found``, ``mend``:
    :func:`_not_utf8_words`). The line read with such bytes as U+FFFD is kept as the problem's
    :attr:`~LogProblem.event` when it is an event: the kind of action it was is known (a fate chip award
    moves no card), although its text is not, and it is never applied."""
    message = f"not UTF-8 text ({found}): {mend}; nothing is written to the log until then"
    events, _problems = parse_lines(raw.decode("utf-8", "replace"))
    # (U+FFFD is neither a quote nor a brace: the line's shape is as it was written)
    return LogProblem(number, message, event=events[0].event if events else None)


@dataclass(slots=True)
class BatchWrite:
    """What became of a batch of actions (:meth:`EventLog.batch` yields it): ``written`` once all its
    lines are saved, in one append (while it is False, none of them is in the file)."""

    written: bool = False


def _blocker(path: Path) -> Path | None:
    """A file standing where one of ``path``'s folders should be, if any."""
    try:
        return next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    except OSError:
        return None


def _folder_missing(path: Path) -> bool:
    """Whether the folder ``path`` would be in does not exist (and no file stands in its way:
    :func:`_blocker` says that one)."""
    try:
        return not path.parent.is_dir() and _blocker(path) is None
    except (OSError, ValueError):
        return False


def _missing_words(path: Path) -> str:
    """That the folder of ``path`` does not exist, naming it (:func:`_create_first` says what to do)."""
    return f"its folder {str(path.parent)!r} does not exist"


def _create_first(path: Path) -> str:
    """What to do about a log whose folder does not exist (no log ever makes a folder)."""
    return (f"Create the folder first (mkdir -p {shlex.quote(str(path.parent))}), or give the log's path "
            "in a folder that exists; no folder is made for a log (a mistyped one would start a game "
            "somewhere else), and nothing was written.")


def _folder_reason(path: Path, exc: OSError) -> str:
    """Why ``path`` cannot be made or opened, in a few words: a file standing where one of its
    folders should be is named (the system only says "file exists" or "not a directory"), and a
    folder that does not exist (no log makes one: :class:`MissingFolderError`)."""
    blocker = _blocker(path)
    if blocker is not None:
        return f"{blocker} is a file, not a folder"
    if isinstance(exc, FileNotFoundError) and _folder_missing(path):
        return _missing_words(path)
    return os_reason(exc)


class MissingFolderError(LogError):
    """A log in a folder that does not exist: no log makes a folder (a mistyped path is not a new
    game), so nothing is written there until the user creates it (:func:`missing_folder`)."""


def missing_folder(path: str | os.PathLike[str] | None) -> MissingFolderError | None:
    """Why a log cannot be kept at ``path``: the folder it is in does not exist (said naming the
    folder, with the ``mkdir -p`` that makes it); ``None`` when it does (or ``path`` is ``None``, a
    log in memory). A file where a folder should be is not this error: the write says it. A page
    opens its log through this (:meth:`companion.ui.TrackerPage.open_tracker`), so that a mistyped
    folder is said on opening, before anything is written."""
    if path is None:
        return None
    p = Path(path)
    if not _folder_missing(p):
        return None
    return MissingFolderError(f"cannot be made: {_missing_words(p)}", where=str(p),
                              suggestion=_create_first(p))


def folder_refusal(path: str | os.PathLike[str]) -> LogError | None:
    """Why a new log cannot be begun at ``path``, before anything is written: its folder does not
    exist (:func:`missing_folder`), or a file stands where one of its folders should be (named);
    ``None`` when its folder exists. The one check of a log's folder: a command that begins a log
    raises this (:func:`companion.cli.log_folder`) instead of writing into a folder it would have to
    make."""
    p = Path(path)
    blocker = _blocker(p)
    if blocker is not None:
        return LogError(f"cannot be made: {blocker} is a file, not a folder", where=str(p),
                        suggestion="Give the log's path in a folder that exists; nothing was written.")
    return missing_folder(p)


def lock_folder(path: str | os.PathLike[str], *, make_folder: bool = False) -> int | None:
    """The folder of the file ``path``, opened and locked (closing the descriptor lets it go); ``None``
    where no lock can be had (no fcntl, a file system without locks, a folder that does not exist: the
    write that follows says so): the action then goes on unlocked, as before locks existed. Advisory,
    POSIX only: a log's writers and the high-score table's take it (:meth:`EventLog.locked`,
    :func:`folder_locked`). No folder is made here (``make_folder``: the caller's own folder, which
    it may make: the high-score table's)."""
    if fcntl is None:
        return None
    folder = Path(os.path.realpath(path)).parent  # a file reached by a link: its real folder
    try:
        if make_folder:
            folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return None  # the write that follows reports a folder it cannot use
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:  # e.g. ENOLCK on some network file systems
        os.close(fd)
        return None
    return fd


@contextlib.contextmanager
def folder_locked(path: str | os.PathLike[str], *, make_folder: bool = False) -> Iterator[None]:
    """Hold :func:`lock_folder` of ``path`` for a read-change-write of a file other than a log (the
    high-score table, and a log's own :meth:`EventLog.locked`): not re-entrant, so never taken
    inside itself. ``make_folder``: make the folder first (the high-score table's own; never a log's)."""
    fd = lock_folder(path, make_folder=make_folder)
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # closing releases the lock


class EventLog:
    """An append-only JSONL file (or, with ``path=None``, an in-memory log for tests/demos)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, read_only: bool = False) -> None:
        self.path = Path(path) if path is not None else None
        self.read_only = read_only  # replay commands look without touching the file
        self.events: list[LoggedEvent] = []
        self.problems: list[LogProblem] = []
        self.recovered: str | None = None  # bytes moved aside after a crash, as text
        # and the number that line had in the file: a line written since takes it (:meth:`Tracker.cut_start`)
        self.recovered_line: int | None = None
        # a read-only open: the number of a last line cut by a crash, ignored and left in the file
        self.cut_line: int | None = None
        self.cut_text: str | None = None  # and that line's text, as read (what ``recovered`` is for a mend)
        self._lines = 0  # lines in the file so far, to number the next event
        self._seq = 0  # the highest number a line of the file carries (:data:`SEQ_FIELD`)
        self._size: int | None = None  # the file's size as last read or written (None: no file)
        self._mtime: int | None = None  # and its modification time (ns): an edit of the same size
        self._held = 0  # how deep this log's lock is held (see :meth:`locked`)
        #: the lines that are not UTF-8 text (saved in another encoding), each with what its problem says
        #: (:func:`_not_utf8_words`): nothing is appended to the file while it has one
        #: (:meth:`not_utf8_refusal`), so that it never holds two encodings
        self._not_utf8: dict[int, tuple[str, str]] = {}
        self._pending: list[bytes] | None = None  # lines held for one write (see :meth:`batch`)
        self._batch: BatchWrite | None = None  # and what became of them
        if self.path is not None and (self.path.exists() or read_only):
            self._load()  # a replay of a missing file is an error, not an empty game

    def _disk_stamp(self) -> tuple[int, int] | None:
        """The file's (size, modification time in ns) now; ``None`` when there is no file, or none
        can be seen (a file where its folder should be, a folder that may not be searched): the
        read or write that follows says why, as a :class:`LogError`."""
        try:
            st = self.path.stat() if self.path is not None else None
        except OSError:
            return None
        return None if st is None else (st.st_size, st.st_mtime_ns)

    def changed_on_disk(self) -> bool:
        """Whether someone else wrote the file since this log last read or wrote it (the same
        tracker open in two windows, or a command run meanwhile): its size or its modification
        time differs (an edit that keeps the size still moves the time)."""
        if self.path is None or self.read_only:
            return False
        size, mtime = self._disk_stamp() or (None, None)  # one stat: this runs before every action
        return size != self._size or (self._mtime is not None and mtime != self._mtime)

    def reload(self) -> None:
        """Read the file again, as a fresh :class:`EventLog` would. Refused (:class:`LogError`) while a
        batch is pending (:meth:`batch`): its lines were numbered after the events read before, so
        another writer's lines (where no lock could be had) must not slip in under them; the batch
        is then refused whole, and nothing of it is written."""
        if self._pending is not None:
            raise LogError("another window or command wrote to this log during this batch of actions (no "
                           "lock could be had on this file system); nothing of the batch was written",
                           where=str(self.path) if self.path is not None else None,
                           suggestion="Check the log as it is now, then try again.")
        self.events, self.problems, self._lines, self._size, self._mtime = [], [], 0, None, None
        self._seq = 0
        self._not_utf8 = {}
        self.cut_line = self.cut_text = None
        if self.path is not None and self.path.exists():
            self._load()

    # -- reading -----------------------------------------------------------------
    def _load(self) -> None:
        """Read the file: every line that is an event, a problem for every other line.

        A last line without its newline is a write cut by a crash (it is moved to a
        ``.damaged`` side file), unless it is a whole event (the file is mended). A file
        in which no line is an event is not an event log: it is refused, untouched.
        """
        assert self.path is not None
        before = self._disk_stamp()  # before the read: a write meanwhile shows as a change later
        data = read_bytes(self.path, what="event log", error=LogError)
        if data and not data.endswith(b"\n") and not self.read_only and not self._held:
            # a last line to mend: read again under the lock, so that no one appends between the
            # read and the cut (a window saving an action meanwhile would lose it), and no two
            # openers set the same line aside twice
            with self.locked():
                self._load()
            return
        size = len(data)
        cut = data.rfind(b"\n") + 1
        head, tail = data[:cut], data[cut:]
        raws = head.split(b"\n")[:-1]
        if tail and self._tail_text(tail) is None and _is_json(tail.decode("utf-8", "replace")):
            # a whole line in another encoding that only lacks its newline (an old editor's save), never
            # a write cut by a crash (every line written is UTF-8): a line that is not UTF-8, left as it is
            raws.append(tail)
            tail = b""
        lines: list[str] = []
        not_utf8: list[tuple[int, bytes, UnicodeDecodeError]] = []
        for number, raw in enumerate(raws, start=1):
            if number == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8):]
            try:
                lines.append(raw.decode("utf-8"))
            except UnicodeDecodeError as exc:
                lines.append("")  # keeps the numbering; reported instead
                not_utf8.append((number, raw, exc))
        # (whether the file's other lines hold UTF-8 beyond ASCII: a Save As of the whole file from
        # another encoding would spoil them, so the advice differs)
        utf8_elsewhere = any(not line.isascii() for line in lines)
        self._not_utf8 = {number: _not_utf8_words(number, raw, exc, utf8_elsewhere)
                          for number, raw, exc in not_utf8}
        unreadable = [_not_utf8_problem(number, raw, *self._not_utf8[number])
                      for number, raw, _exc in not_utf8]
        text = "".join(line + "\n" for line in lines)
        events, problems = parse_lines(text, source=str(self.path))
        problems = sorted(unreadable + problems, key=lambda pr: pr.line)
        tail_text = self._tail_text(tail) if tail else None
        if not events and not (tail_text is not None and _is_json(tail_text)):
            self._refuse_if_not_a_log(lines, unreadable, tail)
        if tail:
            if tail_text is not None and _is_json(tail_text):
                # A whole event that only lacks its newline: keep it (and mend the file).
                more, more_problems = parse_lines(tail_text, source=str(self.path))
                number = len(lines) + 1
                events += [LoggedEvent(number, le.event) for le in more]
                problems += [LogProblem(number, pr.message) for pr in more_problems]
                lines.append(tail_text)
                if not self.read_only:
                    self._write_raw(b"\n")
                    size += 1
            elif self.read_only:
                self.cut_line = len(lines) + 1
                self.cut_text = tail.decode("utf-8", "replace")
                problems.append(LogProblem(self.cut_line, "the last line is cut mid-write (a crash?); "
                                                           "it is ignored here and kept in the file"))
            else:
                # A crash mid-write left a partial last line: keep it aside, cut it off.
                damaged = self.path.with_name(self.path.name + ".damaged")
                try:  # the log opened for writing first: a read-only log gets no .damaged copy
                    with open(self.path, "r+b") as fh:
                        with open(damaged, "ab") as kept:  # durable before the log loses them
                            kept.write(tail + b"\n")
                            kept.flush()
                            os.fsync(kept.fileno())
                        fsync_folder(damaged)
                        fh.truncate(cut)
                        fh.flush()
                        os.fsync(fh.fileno())
                except OSError as exc:
                    raise LogError(f"its last line was cut by a crash and cannot be set aside "
                                   f"({os_reason(exc)}); nothing was changed", where=str(self.path),
                                   suggestion="Make the file and its folder writable, or look at it "
                                              "with 'replay' (read-only).") from None
                self.recovered = tail.decode("utf-8", "replace")
                self.recovered_line = len(lines) + 1
                size = cut
        events, misplaced, self._seq = _in_order(events)
        if misplaced:
            problems = sorted(problems + misplaced, key=lambda pr: pr.line)
        self.events, self.problems = events, problems
        self._lines = len(lines)
        self._size = size  # what was read (and mended): a write by anyone else changes it
        stamp = before if size == len(data) else self._disk_stamp()  # (mended: its new time)
        self._mtime = stamp[1] if stamp is not None else None

    def _refuse_if_not_a_log(self, lines: list[str], unreadable: list[LogProblem], tail: bytes) -> None:
        """No line is an event: an empty file is an empty log; a file whose only line is a cut
        event is a log whose first write was cut; anything else is not an event log."""
        if not any(line.strip() for line in lines) and not unreadable:
            if not tail or tail.lstrip().startswith(b"{"):
                return
        if unreadable and not any(line.strip() for line in lines):
            raise LogError("is not UTF-8 text (nothing was changed)", where=str(self.path),
                           expected="a UTF-8 event log", found=self._not_utf8[unreadable[0].line][0],
                           suggestion=f"Save it again as UTF-8 ({SAVE_AS_UTF8}), then open it again.")
        first = next((line for line in lines if line.strip()), tail.decode("utf-8", "replace"))
        if "\0" in first and "{" in first.replace("\0", ""):  # ("\0{\0"\0e...": each character in two bytes)
            raise LogError("is saved as UTF-16 text, not UTF-8 (nothing was changed)", where=str(self.path),
                           expected="a UTF-8 event log", found=repr(first.replace("\0", "").strip()[:60]),
                           suggestion="Save it again as UTF-8 (an editor's Save As, encoding UTF-8), then "
                                      "open it again.")
        raise LogError("is not an event log: no line in it is an event (nothing was changed)",
                       where=str(self.path), expected='one JSON event per line, e.g. {"event": "start"}',
                       found=repr(first.strip()[:60]))

    @property
    def not_utf8(self) -> list[int]:
        """The lines of the file that are not UTF-8 text, in its order (see :meth:`not_utf8_refusal`)."""
        return sorted(self._not_utf8)

    def not_utf8_refusal(self) -> LogError | None:
        """Why nothing is appended to this file now: a line of it is not UTF-8 text (saved in another
        encoding, as an old editor saves "Zoë"), and a UTF-8 line after it would make the file a mix
        of two encodings, which no editor then saves whole; ``None`` when every line is UTF-8 (or the
        log is in memory). The line stays as it is, unread, until the file is saved as UTF-8."""
        lines = self.not_utf8
        if self.path is None or not lines:
            return None
        first, more = lines[0], lines[1:]
        found, mend = self._not_utf8[first]
        also = (f" (and line{'s' if len(more) > 1 else ''} {', '.join(map(str, more[:5]))}"
                f"{', ...' if more[5:] else ''})" if more else "")
        return LogError(f"line {first}{also} is not UTF-8 text (saved in another encoding?): nothing is "
                        "written to this log until the file is all UTF-8 (an action's UTF-8 line would mix "
                        "two encodings in it); the action was not saved", where=str(self.path),
                        expected="a UTF-8 event log", found=f"line {first}: {found}",
                        suggestion=f"{mend[:1].upper()}{mend[1:]}, then try again; the file was left as "
                                   "it is.")

    @staticmethod
    def _tail_text(tail: bytes) -> str | None:
        """The unterminated last line as text; ``None`` if it is not UTF-8 (cut inside a
        character, or garbage: either way not an event to keep)."""
        try:
            return tail.decode("utf-8")
        except UnicodeDecodeError:
            return None

    def _write_raw(self, data: bytes) -> None:
        """Append ``data`` whole or not at all: a short write (a full disk) is undone, and said (a
        file this write made is removed again: a failed first write leaves no empty log behind). No
        folder is made: a log in a folder that does not exist is refused, naming the folder."""
        assert self.path is not None
        made = False
        try:
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o644)
                made = True
            except FileExistsError:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            missing = isinstance(exc, FileNotFoundError) and _folder_missing(self.path)
            reason = _missing_words(self.path) if missing else _folder_reason(self.path, exc)
            raise (MissingFolderError if missing else LogError)(
                f"cannot be written ({reason}); the action was not saved",
                where=str(self.path), suggestion=_create_first(self.path) if missing else None) from None
        try:
            before = os.fstat(fd).st_size
            try:
                view = memoryview(data)
                while view:
                    n = os.write(fd, view)
                    if n <= 0:  # pragma: no cover - os.write raises rather than writing nothing
                        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                    view = view[n:]
                os.fsync(fd)
                if made:  # the new file's name, durable too
                    fsync_folder(self.path)
            except OSError as exc:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, before)  # no half line left behind
                    os.fsync(fd)
                if made:
                    with contextlib.suppress(OSError):
                        self.path.unlink()
                raise LogError(f"could not be saved ({os_reason(exc)}); the action was not recorded",
                               where=str(self.path),
                               suggestion="Free some disk space, then try again.") from None
            self._size = before + len(data)
            self._mtime = os.fstat(fd).st_mtime_ns
            note_written(self.path)
        finally:
            os.close(fd)

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the log's folder lock: one tracker at a time reads-then-appends (two windows or
        a command on the same log never interleave a check and a write). Advisory, POSIX only."""
        if self._held:  # already held by this log (an action re-reading the file): no second lock
            self._held += 1
            try:
                yield
            finally:
                self._held -= 1
            return
        lock = contextlib.nullcontext() if self.read_only or self.path is None else folder_locked(self.path)
        with lock:
            self._held = 1
            try:
                yield
            finally:
                self._held = 0

    # -- writing -----------------------------------------------------------------
    def append(self, event: Event) -> LoggedEvent:
        """Write one event durably (one write, flush, fsync) and remember it; within :meth:`batch`,
        the line waits for the batch's one write. A line longer than :data:`MAX_LINE_BYTES`, or one
        that would take the file past :data:`MAX_LOG_BYTES` (what is read back), is refused first."""
        if self.read_only:
            raise LogError("this log was opened read-only (for a replay)", where=str(self.path))
        refused = self.not_utf8_refusal()
        if refused is not None:
            raise refused
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise LogError('an event must be an object with a string "event" field',
                           found=repr(event))
        # the line carries the log's next number: a copy of it is then told apart (:func:`_in_order`);
        # in a log nobody edited, its line number
        seq = max(self._seq, self._lines) + 1
        clean = {k: v for k, v in event.items() if k != SEQ_FIELD}
        record = {**clean, SEQ_FIELD: seq}
        where = str(self.path) if self.path is not None else None
        _check_loggable(clean, where)
        data = (json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n").encode("utf-8")
        if len(data) > MAX_LINE_BYTES:
            raise LogError("this action is too large to log; it was not saved", where=where,
                           expected=f"at most {MAX_LINE_BYTES // 2**20} MB per action",
                           found=f"{_mb(len(data))} of text",
                           suggestion="Shorten what was typed in it (a note, a name).")
        if self.path is not None:
            held = sum(map(len, self._pending)) if self._pending is not None else 0
            size = (self._size or 0) + held
            if size + len(data) > MAX_LOG_BYTES:
                raise LogError(f"this log would grow past {MAX_LOG_BYTES // 2**20} MB, the most a log is "
                               f"read back (it holds {_mb(size)}); the action was not saved", where=where,
                               suggestion="The log stays readable as it is. To go on, start a new game in a "
                                          "new log (the page's New game or Start chapter keeps this one "
                                          "under another name; on the command line, give a new LOG).")
            if self._pending is not None:
                self._pending.append(data)
            else:
                self._write_raw(data)
        self._lines += 1
        self._seq = seq
        logged = LoggedEvent(self._lines, clean)
        self.events.append(logged)
        return logged

    @contextlib.contextmanager
    def batch(self) -> Iterator[BatchWrite]:
        """Write every event appended in the block in one append (one write of all their lines,
        flush, fsync) when it ends: an error or a Ctrl+C within the block writes none of them (and
        drops them from :attr:`events` again), and Ctrl+C is held off during that write
        (:func:`interrupts_held`), so it leaves all of them or none; the :class:`BatchWrite` it yields
        says which, even when an error or a Ctrl+C follows. A crash of the machine or a ``kill -9``
        during the write may still leave the first of them (a line it cut is set aside at the next
        opening). A batch within a batch is written by the outer one (and yields its
        :class:`BatchWrite`)."""
        outer = self._pending is None
        start, lines, seq = len(self.events), self._lines, self._seq
        if outer:
            self._pending, self._batch = [], BatchWrite()
        handle = self._batch
        assert handle is not None
        held = len(self._pending or [])
        try:
            yield handle
            if outer:
                with interrupts_held():
                    if self._pending and self.path is not None:
                        self._write_raw(b"".join(self._pending))
                    self._pending = None  # (written: the events stay, even if Ctrl+C came meanwhile)
                    handle.written = True
        except BaseException:
            if self._pending is not None:  # not written: drop them
                del self.events[start:]
                self._lines, self._seq = lines, seq
                del self._pending[held:]
            raise
        finally:
            if outer:
                self._pending, self._batch = None, None

    def __iter__(self) -> Iterator[LoggedEvent]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)


@dataclass(frozen=True)
class NoStart:
    """Why a log holds nothing under way (:meth:`Tracker.no_start`), the one place its words come from
    (``replay``, a refused action, a page). ``reason``: ``"empty"`` (nothing was started in the log,
    nothing undone), ``"undone"`` (its start was undone: a redo brings it back), ``"missing"``
    (:meth:`Tracker.missing_start`: a redo would not help) or ``"unusable"`` (a page's log that cannot be
    used: :meth:`Tracker.refuse_writes`); ``why`` in words ("its start was undone"),
    ``hint``: what to do; ``thing``: what the log holds (a game, a session, a chapter)."""

    reason: str
    why: str
    hint: str
    thing: str = "game"

    @property
    def said(self) -> str:
        """"no game is under way in this log: " and why."""
        return f"no {self.thing} is under way in this log: {self.why}"

    @property
    def line(self) -> str:
        """The line ``replay`` begins with: "No game under way in this log: WHY. WHAT TO DO"."""
        return f"No {self.thing} under way in this log: {self.why}. {self.hint}"

    def to_json(self) -> dict[str, str]:
        return {"reason": self.reason, "why": self.why, "hint": self.hint}


class Tracker(Generic[S]):
    """State as a fold of an :class:`EventLog`, with validated actions and undo/redo.

    Subclasses define :meth:`initial` and :meth:`apply`. ``apply`` must be pure and
    raise :class:`RuleError` (or another :class:`CompanionError`) for an illegal action;
    for an unknown event kind it should raise :class:`LogError`.

    A line the rules reject is reported (:attr:`problems`) and is not an action: an undo
    takes back the latest action in force, never a rejected line. Before each action the
    tracker reads its file again if someone else wrote it meanwhile (:attr:`reloads` counts
    it), so two windows on one log never act on a stale state.
    """

    #: States kept every this many actions, so an undo folds at most this many again.
    CHECKPOINT = 16
    #: Which tool's logs these are (``"village"``, ``"mousecard"``...), written in a new log's
    #: first line; and the event kinds it knows. Set by each tracker.
    KIND: ClassVar[str] = ""
    EVENT_KINDS: ClassVar[frozenset[str]] = frozenset()
    #: The fields a "start" event of this tool may have (``None``: not said). Tools share kinds
    #: ("start", "draw"), so a log from before first lines is told apart by them too.
    START_FIELDS: ClassVar[frozenset[str] | None] = None
    _TRACKERS: ClassVar[dict[str, type[Tracker[Any]]]] = {}  # every tracker by its KIND
    #: Refuse a new start while the log holds a game (:meth:`restart_refused`); the command line's
    #: ``--new-game`` turns it off, so a start replaces that game in the same log (undo brings it back).
    one_game: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.KIND:
            Tracker._TRACKERS[cls.KIND] = cls

    def __init__(self, log: EventLog | str | os.PathLike[str] | None = None) -> None:
        self.log = log if isinstance(log, EventLog) else EventLog(log)
        self.problems: list[LogProblem] = list(self.log.problems)
        self.replaying = False  # True while the log's lines are folded (see :meth:`_rebuild`)
        self.reloads = 0
        self._foreign: LogError | None = None  # the file became another tool's log (see :meth:`sync`)
        self._no_writes: CompanionError | None = None  # see :meth:`check_writable`
        self._unusable: CompanionError | None = None  # see :meth:`refuse_writes`
        self._rebuild()
        self._check_owner()

    def restart_refused(self, started: bool) -> bool:
        """Whether a new start is refused: a game is under way (``started``), the tracker keeps one game
        a log (:attr:`one_game`), and the start is a new action (a log's lines are read as they were
        written). The refusal says the game's state in the tracker's words, then :data:`NEW_GAME_HERE`."""
        return started and self.one_game and not self.replaying

    def _check_owner(self) -> None:
        """Refuse another tool's log, before anything is appended to it: its first line names
        its tracker. A log from before those lines is told by its events
        (:meth:`_owner_by_events`); one that more than one tool could have written is read but
        not written to (:meth:`check_writable`)."""
        self._no_writes = None
        events = [le.event for le in self.log.events if le.event["event"] not in (UNDO, REDO)]
        if not self.KIND or not events:
            return
        if events[0]["event"] == HEADER:
            owners = [str(events[0].get("tracker", ""))]
        else:
            owners = self._owner_by_events(events)
        if owners == [self.KIND]:
            return
        where = str(self.log.path) if self.log.path is not None else "the log"
        if self.KIND in owners:  # an older log whose events more than one tool could have written
            tools = " or ".join(f"'companion {o}'" for o in owners)
            header = json.dumps({"event": HEADER, "tracker": self.KIND})
            self._no_writes = LogError(
                "this log has no first line naming its tool, and its events fit more than one: "
                f"{tools}; it can be read, but nothing is written to it until it says whose it is",
                where=where, expected=f"a log made by 'companion {self.KIND}'",
                suggestion=f"If it is a {self.KIND} log, add the line {header} at its top; nothing "
                           "was written to it.")
            return
        if not owners:  # e.g. another program's JSONL with "event" fields
            kinds = sorted({str(e["event"]) for e in events})
            shown = ", ".join(repr(k) for k in kinds[:5]) + (", ..." if kinds[5:] else "")
            raise LogError(f"not a companion log: none of its events is a {self.KIND} event",
                           where=where, expected=f"a log made by 'companion {self.KIND}'",
                           found=f"events {shown}",
                           suggestion="Give a new file name for a new log; this file was left untouched.")
        owner = " or ".join(owners)
        tools = " or ".join(f"'companion {o}'" for o in owners)
        if owner and not set(owners) <= set(self._TRACKERS):  # a first line naming no tool of ours
            for module in TRACKER_MODULES:  # (every tool, not only the ones imported so far)
                importlib.import_module(module)
            if not set(owners) <= set(self._TRACKERS):
                from .errors import closest

                near = closest(owner, sorted(self._TRACKERS), n=1)
                mend = (f"If line 1 means {near[0]!r}, mend it to "
                        f"{json.dumps({'event': HEADER, 'tracker': near[0]})}; else give" if near else "Give")
                raise LogError(f"this log is from a tool this companion does not know ({owner!r}), not a "
                               f"{self.KIND} log", where=where,
                               expected=f"a log made by 'companion {self.KIND}'",
                               suggestion=f"{mend} a new file name for a new log; this file was left "
                                          "untouched.")
        header = json.dumps({"event": HEADER, "tracker": self.KIND})
        raise LogError(f"this is a {owner or 'different'} log, not a {self.KIND} one",
                       where=where, expected=f"a log made by 'companion {self.KIND}'",
                       suggestion=(f"Open it with {tools}, or give a new file name for a new log." if owner
                                   else f"Its first line names no tool: if it is a {self.KIND} log, mend "
                                        f"line 1 to {header}; else give a new file name for a new log."))

    @classmethod
    def _fits(cls, events: list[Event], known: frozenset[str]) -> bool:
        """Whether this tool could have written ``events``: it knows every kind some tool knows
        (a kind none knows is a typo), and a "start" has only fields its own may have."""
        for e in events:
            kind = e["event"]
            if kind not in cls.EVENT_KINDS and kind in known:
                return False
            fields = cls.START_FIELDS
            if kind == "start" and fields is not None and not set(e) - {"event"} <= fields:
                return False
        return True

    def _owner_by_events(self, events: list[Event]) -> list[str]:
        """The tools whose log ``events`` (no first line naming it) may be, by kind: ``[KIND]``
        this tool's alone; none, another program's (no tool knows any of their kinds: a JSONL
        file of page views has "event" fields too).

        A tool that could have written them all (:meth:`_fits`) owns them: tools share kinds,
        so a Village log of start, draw, end_turn is not a Mouse Card one. When this tool and
        another both could have (a lone start with a seed), all are named, this one among
        them: claiming it would lock the other tool out of its own log at this tool's first
        action. When none fits (a hand-edited log: a start with a misspelt field), the tools
        that know the most of its events own it, all of them on a tie: a Village log of start,
        draw and mp is Village's (the Mouse Card tool knows start and draw only), and no two
        tools claim it alone, each writing into it."""
        for module in TRACKER_MODULES:  # every tool's kinds, not only the ones imported so far
            importlib.import_module(module)
        known = frozenset().union(*(t.EVENT_KINDS for t in self._TRACKERS.values()))
        kinds = [str(e["event"]) for e in events]
        if not any(k in known for k in kinds):
            return []
        fitting = sorted(kind for kind, other in self._TRACKERS.items() if other._fits(events, known))
        if fitting:  # (a lone Village start would fit TMNT's too: both are named)
            return fitting
        scores = {kind: sum(k in other.EVENT_KINDS for k in kinds) for kind, other in self._TRACKERS.items()}
        best = max(scores.values())
        return sorted(kind for kind, score in scores.items() if score == best)

    @property
    def is_new(self) -> bool:
        """Whether the log holds no action yet (at most its first line, naming its tracker)."""
        return _no_action(self.log.events)

    # -- nothing under way -----------------------------------------------------------
    #: What a start with no seed of its own loses when its line is lost (said by :meth:`missing_start`).
    FIRST_ACTION: ClassVar[str] = "its first action"

    @property
    def start_undone(self) -> bool:
        """Whether the log's start was undone (a redo brings it back)."""
        return bool(self._undone) and self._undone[-1].event.get("event") == "start"

    #: The file a trial in memory stands for (:meth:`first_refused`: its own log is no file), which its
    #: hints name, so that their commands run as written.
    _trial_of: str | None = None

    def _log_words(self, log: str | os.PathLike[str] | None) -> str:
        """The log as a hint names it: ``log`` as typed, else the tracker's file (that of the tracker a trial
        stands for; "LOG" for none)."""
        if log is not None:
            return str(log)
        return self._trial_of or (str(self.log.path) if self.log.path is not None else "LOG")

    def new_start(self, log: str | os.PathLike[str] | None = None) -> str:
        """How to start anew, as every hint of a log with nothing under way ends: "start a new game. Start
        one with: …" (:func:`~companion.logstarts.start_hint`)."""
        from .logstarts import LOG_STARTS, start_hint

        return f"start a new {LOG_STARTS[self.KIND].thing}. {start_hint(self.KIND, self._log_words(log))}"

    def cut_start(self, *, as_opened: bool = False) -> str | None:
        """Why nothing is under way when the log's only action, its start, was cut off mid-write by a crash
        (the last write interrupted; at most a first line naming the tracker before it), in words, or
        ``None``: the game never began. The cut line is left in the file by a read-only open (``replay``)
        and set aside in the ``.damaged`` side file by any other (:class:`EventLog`); nothing else of the
        file is touched, and no new start is made for the table.

        ``as_opened``: the log as it was when its cut line was set aside, before the lines written since
        (a page that starts its log by itself on opening, the Mouse Card page, has logged a start since):
        said only when that start is all that was written since (:meth:`restarted_after_cut`). A start
        cut after a start that was logged is not this: the game did begin (:meth:`cut_second_start`)."""
        from .logstarts import LOG_STARTS

        cut = self.log
        events = cut.events
        if as_opened and self.restarted_after_cut():
            events = [le for le in events if (le.line or 0) < (cut.recovered_line or 0)]
        if not _no_action(events):  # (not new, as it was)
            return None
        if cut.cut_line is not None and [p.line for p in self.problems] == [cut.cut_line]:
            text = cut.cut_text or ""
            said = f"its start (line {cut.cut_line}) was cut off mid-write by a crash"
        elif cut.recovered is not None and not self.problems:
            text, said = cut.recovered, "its start was cut off mid-write by a crash"
            if cut.path is not None:  # (in memory, a trial's log: its file is not named)
                said += f" (the half-written line is in {cut.path.name}.damaged)"
        else:
            return None
        if not _may_be_start(text):
            return None  # (a line of another kind: not a start cut off)
        return f"{said}, before any action was logged: the {LOG_STARTS[self.KIND].thing} never began"

    def _cut_start_line(self, *, maybe: bool = False) -> int | None:
        """The number the line a crash cut had, when opening the log set it aside and it was a start
        (:func:`cut_kind`), or, with ``maybe``, may have been one (:func:`_may_be_start`: cut before its
        kind, as :meth:`cut_start` reads it); else ``None``. Lines written since have taken its number
        and the ones after."""
        cut = self.log
        if cut.recovered is None:
            return None
        if not (_may_be_start(cut.recovered) if maybe else cut_kind(cut.recovered) == "start"):
            return None
        return cut.recovered_line

    def restarted_after_cut(self) -> bool:
        """Whether the line a crash cut (set aside when the log was opened) was, or may have been, a start
        (cut before its kind shows, as :meth:`cut_start` reads it), and the only line written since, bar a
        first line naming the tracker, is a start: a page that starts its log by itself on opening (the
        Mouse Card page) has started afresh where the cut start left nothing (:meth:`cut_start` with
        ``as_opened``)."""
        line = self._cut_start_line(maybe=True)
        if line is None:
            return False
        since = [le for le in self.log.events if (le.line or 0) >= line and le.event.get("event") != HEADER]
        return len(since) == 1 and since[0].event.get("event") == "start"

    def cut_second_start(self) -> str | None:
        """When the line a crash cut (set aside when the log was opened) was a start and a start logged
        before it is in force, in words: that second start never took effect, and the game the first one
        began stands (it did begin: never said as one that never began); else ``None``."""
        from .logstarts import LOG_STARTS

        line = self._cut_start_line()
        first = next((le for le in reversed(self._done) if le.event.get("event") == "start"), None)
        if line is None or first is None or (first.line or 0) >= line:
            return None
        return (f"the half-written line was another start, cut off before it was logged, so it never took "
                f"effect: the {LOG_STARTS[self.KIND].thing} begun on line {first.line} stands")

    def missing_start(self, log: str | os.PathLike[str] | None = None) -> tuple[str, str]:
        """Why no start is in force in a log that holds actions and whose start was not just undone
        (:attr:`start_undone`), in words, with what to do: a start cut off by a crash with nothing after
        it (:meth:`cut_start`: nothing is lost, the table starts again), a start line that cannot be used
        (which), one undone long ago (lines an older version logged after it), or none at all: the log
        lost its first action (a line deleted, or one that cannot be read). A redo helps in none of these."""
        from .logstarts import LOG_STARTS, start_hint

        cut = self.cut_start()
        if cut is not None:  # (in this very log: a new start sets the cut line aside, if it is still there)
            thing = LOG_STARTS[self.KIND].thing
            return cut, (f"Nothing of the table's state is lost: start the {thing} again. "
                         f"{start_hint(self.KIND, self._log_words(log))}")
        again = self.new_start(log)
        # (a start line that is not UTF-8 text is known by the kind its readable bytes spell)
        starts = sorted([le.line or 0 for le in self.log.events if le.event.get("event") == "start"]
                        + [p.line for p in self.log.problems if (p.event or {}).get("event") == "start"
                           and p.line in self.log.not_utf8])
        refused = [p.line for p in self.problems if p.line in starts]
        if refused:
            return (f"its start (line {refused[0]}) cannot be used",
                    f"Mend line {refused[0]} in the file (from a copy of the log), or {again}")
        if starts:
            return (f"its start (line {starts[0]}) was undone, and actions were logged after it",
                    f"A redo no longer brings it back: {again}")
        events = {le.line for le in self.log.events}
        first = min((le.line or 0 for le in self.log.events if le.event.get("event") != HEADER), default=0)
        unread = [p.line for p in self.problems if p.line not in events and (not first or p.line < first)]
        lost = (f"line {unread[0]}, before every action, cannot be used: was it the start?" if unread else
                f"the log lost {self.FIRST_ACTION}?")
        return (f"it has no start line ({lost})", "Nothing was undone, so a redo will not bring it back: put "
                f"the start line back from a copy of the log, or {again}")

    def no_start(self, log: str | os.PathLike[str] | None = None) -> NoStart | None:
        """Why nothing is under way in this log (``None``: a start is in force): it is empty, its start was
        undone (a redo brings it back), or its start is missing (:meth:`missing_start`: nothing was undone,
        so a redo would not help). ``log``: the log as the user named it, for the commands in the hint."""
        from .logstarts import LOG_STARTS, empty_log, for_log, start_hint

        if getattr(self.state, "started", True):
            return None
        where, thing = self._log_words(log), LOG_STARTS[self.KIND].thing
        if self._unusable is not None:  # (a page's stand-in for a log that cannot be used: not an empty one)
            return NoStart("unusable", f"the log cannot be used ({self._unusable.message})",
                           self._unusable.suggestion or "Mend the log, or open another.", thing)
        if self.is_new and not self.problems and self.cut_start() is None:  # (as every tracker's empty log)
            return NoStart("empty", empty_log(self.KIND), start_hint(self.KIND, where), thing)
        if self.start_undone:
            redo = for_log(LOG_STARTS[self.KIND].redo, where)
            hint = (f"Redo the undone start to go on with the {thing} ('{redo}', or the notebook page's "
                    f"Redo), or {self.new_start(log)}")
            return NoStart("undone", "its start was undone", hint, thing)
        return NoStart("missing", *self.missing_start(log), thing)

    # -- to implement --------------------------------------------------------------
    def initial(self) -> S:  # pragma: no cover - abstract
        raise NotImplementedError

    def apply(self, state: S, event: Event) -> S:  # pragma: no cover - abstract
        raise NotImplementedError

    def complete(self, state: S, event: Event) -> Event:
        """The event as it will be logged: :meth:`do` calls this before checking and writing a new
        action (never on replay). A tracker may return a copy with what the action decided filled
        in (e.g. the die rolls it drew from the seed), so a replay reads it instead of working it
        out again from data that may change. Default: ``event`` unchanged."""
        return event

    # -- folding -------------------------------------------------------------------
    @contextlib.contextmanager
    def _replaying(self) -> Iterator[None]:
        """While logged lines are applied again (reading the log, an undo, a redo), ``replaying``
        is True: a tracker may then keep a line its rules refuse today (see the Mice and Mystics
        start)."""
        before, self.replaying = self.replaying, True
        try:
            yield
        finally:
            self.replaying = before

    def _rebuild(self) -> None:
        """Fold the whole log: actions, undos and redos in their order. An undo takes back the
        latest action in force, a redo restores the latest undone one, and a new action clears
        what could be redone (the usual editor semantics); a rejected line is no action."""
        self._done: list[LoggedEvent] = []
        self._undone: list[LoggedEvent] = []
        self._marks: dict[int, S] = {0: self.initial()}  # the state after the first k actions
        self._state = self._marks[0]
        problems: list[LogProblem] = []
        # the log's own first line: its first event but undos and redos (see :meth:`_check_owner`)
        first = next((le for le in self.log.events if le.event["event"] not in (UNDO, REDO)), None)
        self._joined: LogError | None = None
        # (kept here too: a trial on a copy (:meth:`first_refused`) has a log in memory of its own)
        self._not_utf8: LogError | None = self.log.not_utf8_refusal()
        #: the line from which this log's lines were set aside unread (another game's log, joined to
        #: it: :meth:`_joined_error`), ``None`` when every line was read
        self.set_aside_from: int | None = None
        with self._replaying():
            for k, le in enumerate(self.log.events):
                kind = le.event["event"]
                if kind == HEADER:
                    if le is not first:  # another log's first line, inside this one (two files joined?)
                        rest = self.log.events[k + 1:]
                        problems.append(LogProblem(le.line or 0, self._stray_header(le.event, rest)))
                        if self._other_game(le.event):  # its game's lines are no actions of this one
                            self._joined = self._joined_error(le, rest)
                            self.set_aside_from = le.line
                            break
                    continue  # (which tool's log this is: checked once, see :meth:`_check_owner`)
                if kind == UNDO:
                    if self._done:
                        self._step_back()
                elif kind == REDO:
                    if self._undone:
                        self._step_forward(problems)
                else:
                    try:
                        state = self.apply(self._state, le.event)
                    except CompanionError as exc:
                        problems.append(LogProblem(le.line or 0, exc.render()))
                        continue
                    self._push(le, state)
                    self._undone.clear()
        self.problems = sorted(self.log.problems + problems, key=lambda pr: pr.line)  # in the file's order

    def _other_game(self, event: Event) -> bool:
        """Whether a first line found inside this log names another game's tool (its lines are that
        game's actions: never folded into this game)."""
        tool = event.get("tracker")
        return bool(self.KIND) and isinstance(tool, str) and bool(tool) and tool != self.KIND

    def _stray_header(self, event: Event, rest: Sequence[LoggedEvent] = ()) -> str:
        """What a first line found inside a log is, in words: a second first line of this game's is
        ignored, and the lines after it read as this log's; another game's sets itself and every line
        after it aside (``rest``), so that game's start, draws and undos never act on this one."""
        tool = event.get("tracker")
        shown = json.dumps(event, ensure_ascii=False)[:80]
        if self.KIND and tool == self.KIND:
            return (f"a second first line of a {tool} log inside this log, {shown}: ignored (were two logs "
                    "joined?); the events after it are read as this log's")
        if self._other_game(event):
            after = (f" and the {plural(len(rest), 'line')} after it (to line {rest[-1].line})"
                     if rest else "")
            return (f"another game's first line (a {str(tool)[:40]} log's) inside this log, {shown}: it"
                    f"{after} are set aside, not read as this {self.KIND} log's (were two logs joined?)")
        return (f"another log's first line inside this log, {shown}: ignored (were two logs joined?); "
                "the events after it are read as this log's")

    def _joined_error(self, le: LoggedEvent, rest: Sequence[LoggedEvent]) -> LogError:
        """Why nothing is written to a log that holds another game's log from line ``le.line`` on: a new
        action would go after that game's lines, where the next reading sets it aside too."""
        tool = str(le.event.get("tracker"))[:40]
        end = rest[-1].line if rest else le.line
        return LogError(f"another game's log (a {tool} log) is joined to this one from line {le.line}: "
                        "nothing is written to it until that part is moved out",
                        where=str(self.log.path or "LOG"),
                        suggestion=f"Move lines {le.line} to {end} into a file of their own (the {tool} log "
                                   f"they were), then try again; this {self.KIND} log's own lines are read "
                                   "as they are.")

    def _push(self, le: LoggedEvent, state: S) -> None:
        self._done.append(le)
        self._state = state
        if len(self._done) % self.CHECKPOINT == 0:
            self._marks[len(self._done)] = state

    def action_words(self, before: S, after: S) -> list[str]:
        """What the action that took the state from ``before`` to ``after`` said, in this tracker's own
        words (those its page and its ``do`` command say); ``[]`` when it said nothing. A page following
        its log says another window's action with them (:func:`companion.ui.followed_words`)."""
        return []

    def undone_words(self, taken: Sequence[str]) -> list[str]:
        """What an undo of an action that had said ``taken`` says (:func:`undone_said`; a tracker may
        leave out what only the action itself needed to say)."""
        return undone_said(taken)

    def undo_words(self, before: S, after: S) -> list[str]:
        """What the undo that took the state from ``before`` back to ``after`` says: the undone action's own
        words (:meth:`action_words`, from ``after`` to ``before``) as :meth:`undone_words` says them."""
        return self.undone_words(self.action_words(after, before))

    def redo_words(self, before: S, after: S) -> list[str]:
        """What the redo that took the state from ``before`` to ``after`` says (:func:`redone_said`)."""
        return redone_said(self.action_words(before, after))

    def before_latest(self) -> S | None:
        """The state before the latest action in force (``None`` when there is none): a page says what
        the latest action did by comparing the two."""
        return self.state_after(len(self._done) - 1) if self._done else None

    def state_after(self, n: int) -> S:
        """The state after the first ``n`` actions in force (0 <= n <= their number): the fold from the
        nearest kept state before it, as an undo's (:meth:`_step_back`), on a copy whose history is its
        own, so this tracker and its log are left as they are."""
        if not 0 <= n <= len(self._done):
            raise ValueError(f"no state after {n!r} actions: {len(self._done)} are in force")
        if n == len(self._done):
            return self._state
        trial = copy.copy(self)  # (shares the tracker's data; the fold's lists are the copy's)
        trial._done, trial._undone = self._done[:n + 1], []
        trial._marks = {k: v for k, v in self._marks.items() if k <= n + 1}
        trial._step_back()
        return trial.state

    def _step_back(self) -> None:
        """Take back the latest action: fold again from the nearest kept state."""
        self._undone.append(self._done.pop())
        n = len(self._done)
        for k in [k for k in self._marks if k > n]:
            del self._marks[k]
        base = max(self._marks)
        state = self._marks[base]
        with self._replaying():
            for le in self._done[base:]:
                state = self.apply(state, le.event)  # applied before to this very state: it holds
        self._state = state

    def _step_forward(self, problems: list[LogProblem]) -> None:
        le = self._undone.pop()
        try:
            with self._replaying():
                state = self.apply(self._state, le.event)
        except CompanionError as exc:  # pragma: no cover - it held on this very state before
            problems.append(LogProblem(le.line or 0, exc.render()))
            return
        self._push(le, state)

    def sync(self) -> bool:
        """Read the log again if someone else wrote it since (another window, a command);
        whether it did. A view calls it before building an event from the state it shows."""
        if not self.log.changed_on_disk():
            if self._foreign is not None:  # still the other tool's file: refused again, every time
                raise self._foreign
            return False
        self.log.reload()
        self._rebuild()
        try:
            self._check_owner()  # another tool may have started the file meanwhile
        except LogError as exc:
            self._foreign = exc
            raise
        self._foreign = None
        self.reloads += 1
        return True

    @property
    def state(self) -> S:
        return self._state

    @property
    def history(self) -> list[Event]:
        """The actions in force, oldest first (undone ones excluded)."""
        return [le.event for le in self._done]

    # -- acting --------------------------------------------------------------------
    def check_writable(self) -> None:
        """Refuse to write to an older log (no first line) that another tool could have
        written too (a first action of this tool's kind would lock that tool out of it), to one that
        holds another game's log (:meth:`_joined_error`) or a line that is not UTF-8 text
        (:meth:`EventLog.not_utf8_refusal`), or when told to (:meth:`refuse_writes`)."""
        if self._no_writes is not None:
            raise self._no_writes
        if self._joined is not None:
            raise self._joined
        if self._not_utf8 is not None:
            raise self._not_utf8

    def refuse_writes(self, reason: CompanionError) -> None:
        """Refuse every action from now on with ``reason``: a page whose log cannot be used
        stands on an empty tracker that must not look as if it saved anything (nor as if its log were
        merely empty: :meth:`no_start` says ``reason``)."""
        self._no_writes = self._unusable = reason

    def do(self, event: Event) -> S:
        """Complete ``event`` (:meth:`complete`), check it against the current state, then log it
        and make it current."""
        with self.log.locked():
            self.sync()
            self.check_writable()
            try:  # (either raises before anything is written)
                event = self.complete(self._state, event)
                new_state = self.apply(self._state, event)
            except CompanionError as exc:
                raise self._with_no_start(exc, event) from None
            with self.batch():  # (a new log's first line and its first action: one write)
                if self.KIND and not self.log.events and not self.log.problems:
                    self.log.append({"event": HEADER, "tracker": self.KIND})  # a new log says whose it is
                le = self.log.append(event)
        self._push(le, new_state)
        self._undone.clear()
        return new_state

    def _with_no_start(self, exc: CompanionError, event: Event) -> CompanionError:
        """``exc``, an action refused in a log with nothing under way, saying why and the way on when its
        start was undone or cannot be used (:meth:`no_start`: a redo, or a new start), as ``replay`` says
        it; a rule of the game alone says "the game has not started", and the player may start a new game
        over the one an undo took back."""
        if getattr(self._state, "started", True) or event.get("event") in ("start", "undo", "redo"):
            return exc
        none = self.no_start()
        if none is None or none.reason == "empty" or none.hint in (exc.suggestion or ""):
            return exc
        return exc.relabel(message=f"{exc.message} ({none.why})", suggestion=none.hint)

    @contextlib.contextmanager
    def batch(self) -> Iterator[BatchWrite]:
        """The actions taken in the block are written together, in one append, when it ends
        (:meth:`EventLog.batch`; the :class:`BatchWrite` yielded says whether they were): an error or a
        Ctrl+C within it writes none of them. On any error (a Ctrl+C held off until the write was whole
        too) the tracker folds the log again as it then holds, so its state is never ahead of the
        file, nor behind it."""
        try:
            with self.log.batch() as written:
                yield written
        except BaseException:
            self._rebuild()
            raise

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def set_aside(self) -> list[str]:
        """What reading the log set aside, in words: a last line cut by a crash (moved to the
        ``.damaged`` side file) first, then each line that could not be used (kept in the file).
        Every command and page that opens a log says these."""
        lines = [str(p) for p in self.problems]
        cut, path = self.log.recovered, self.log.path
        if cut is not None and path is not None:
            lines.insert(0, f"the last line was cut mid-write (cut off by a crash?): the half-written "
                            f"line was set aside in {path.name}.damaged: {cut.strip()[:80]!r}")
        return lines

    def fields_table(self) -> Mapping[str, EventFields] | None:
        """The :class:`EventFields` by kind of this tracker's game: the ``EVENT_FIELDS`` of the module
        that defines its class, or the game's class it is made from (a page's own subclass); ``None`` if
        none has one."""
        for cls in type(self).__mro__:
            table = getattr(sys.modules.get(cls.__module__), "EVENT_FIELDS", None)
            if isinstance(table, Mapping):
                return table
        return None

    def stray_fields(self) -> list[str]:
        """The fields of the log's lines that their event does not take (a hand edit's ``"dekc"`` for
        ``"deck"``), each in words with its line and, where one is close, the field it may mean: the replay
        reads such a line without them (the default stands in), as it always has, and every command and
        page that opens the log says so (``do`` refuses the same line). Only the top level of each line is
        read (``do`` says the rest)."""
        table = self.fields_table()
        if not table:
            return []
        out: list[str] = []
        for logged in self.log.events:
            if self.set_aside_from is not None and (logged.line or 0) >= self.set_aside_from:
                break  # (another game's lines, joined: set aside unread)
            event = logged.event
            kind = event.get("event")
            spec = table.get(kind) if isinstance(kind, str) else None
            if spec is None:  # the first line, undo, redo, or a kind the log's problems name
                continue
            for key in sorted(set(event) - set(spec.names) - {"event"}, key=str):
                hint = did_you_mean(closest(str(key), [n for n in spec.names if n not in event], n=1))
                out.append(f"line {logged.line} ({kind}): {str(key)!r} is not a field it takes, so the "
                           "replay ignored it" + (f". {hint}" if hint else ""))
        return out

    def act(self, event: Event) -> S:
        """One action as a log line writes it: ``{"event": "undo"}`` and ``{"event": "redo"}``
        undo and redo; any other event is done (:meth:`do`)."""
        kind = event.get("event")
        if kind == UNDO:
            return self.undo()
        if kind == REDO:
            return self.redo()
        return self.do(event)

    def first_refused(self, events: Iterable[Event]) -> tuple[int, CompanionError] | None:
        """The first of ``events`` the rules refuse, tried in turn (:meth:`act`) on a copy of
        this tracker kept in memory, as (its 1-based place, the error); ``None`` when every one
        is allowed. Nothing is written: a batch command writes all of its events or none."""
        trial = copy.copy(self)  # shares the tracker's data; its log and fold are its own
        trial._trial_of = self._log_words(None)  # (its hints name this tracker's file, not "LOG")
        trial.log = EventLog(None)
        trial.log.events = list(self.log.events)
        trial.log.recovered = self.log.recovered  # (a start cut by a crash is said as the log's: cut_start)
        trial.log.recovered_line = self.log.recovered_line
        trial._done, trial._undone, trial._marks = list(self._done), list(self._undone), dict(self._marks)
        for k, event in enumerate(events, start=1):
            try:
                trial.act(event)
            except CompanionError as exc:
                return k, exc
        return None

    def undo(self) -> S:
        with self.log.locked():
            self.sync()
            self.check_writable()
            if not self._done:
                raise LogError("nothing to undo")
            self.log.append({"event": UNDO})
        self._step_back()
        return self._state

    def redo(self) -> S:
        with self.log.locked():
            self.sync()
            self.check_writable()
            if not self._undone:
                raise LogError("nothing to redo")
            self.log.append({"event": REDO})
        self._step_forward(self.problems)
        return self._state


def replay(tracker_factory: Callable[[EventLog], Tracker[S]],
           path: str | os.PathLike[str]) -> Tracker[S]:
    """Open a log file read-and-resume: the tracker is ready to take further actions."""
    return tracker_factory(EventLog(path))


# -- a new log where a finished one was ------------------------------------------------------------

def _keep_aside(path: Path, kept: Path, again: str) -> None:
    """Move a finished log ``path`` aside to ``kept``; a refusal is said (the reason, the file
    untouched, what to do: ``again``, once the folder is writable)."""
    try:
        path.rename(kept)
    except OSError as exc:
        raise LogError(f"cannot keep the old log as {kept.name}: {os_reason(exc)}; nothing was changed",
                       where=str(path), suggestion=f"Make its folder writable, then {again} again.") from None


def _held_instead(path: Path) -> str | None:
    """What the file at ``path`` holds that a new log's first line alone does not, in words ("a new
    game"; "something else": a line that is not an event), or ``None`` (no file, or nothing more)."""
    if not path.exists():
        return None
    if path.stat().st_size > 4096:  # (far more than a first line)
        return "a new game"
    for raw in path.read_bytes().splitlines():
        if not raw.strip():
            continue
        try:
            event = json.loads(raw) or {}
        except (ValueError, RecursionError):
            return "something else"
        if not isinstance(event, dict):
            return "something else"
        if event.get("event") != HEADER:
            return "a new game"
    return None


def _put_back(path: Path, kept: Path) -> str | None:
    """Move the old log ``kept`` back to ``path``, over a new file there that holds no action (a new
    log's first line at most: the start that failed wrote nothing more); why it could not, or
    ``None`` (it is back under its name)."""
    try:
        held = _held_instead(path)
        if held is not None:
            return f"{path.name} holds {held} now"
        os.replace(kept, path)
    except OSError as exc:
        return os_reason(exc)
    fsync_folder(path, best_effort=True)  # (back under its name: durable with the folder's next sync)
    return None


@contextlib.contextmanager
def old_log_kept(tracker: Tracker[Any], name: Callable[[Path], Path], again: str, *,
                 changed: Callable[[], None] = lambda: None, back: Callable[[], None] = lambda: None,
                 stay: Callable[[LogError], None] = lambda _error: None) -> Iterator[Path | None]:
    """Start a new log where ``tracker``'s is, keeping the finished one under another name.

    Under the log's lock the tracker reads its file again (if another window wrote it, ``changed()``
    runs first: it may refuse, nothing moved); a log that holds no game (no file, or its first line
    alone) stays, any other is moved to ``name(path)``. The name it went to is yielded (``None``: it
    stayed), and the block writes the new log's start.

    If the block fails (a full disk), the old log comes back to its name over the new file when that
    holds no action: ``back()`` puts the page back on it, and the error says nothing was changed.
    When it cannot come back (the new file holds a game: a Ctrl+C once the start was written; a rename
    refused), the page stays on the new log: ``stay(error)`` gets the error that says where the old
    log is, which is then raised. A Ctrl+C or a bug goes on as it is, either way (after ``back`` or
    ``stay``). ``again``: what failed, as "start the new game"."""
    log, path = tracker.log, tracker.log.path
    if path is None:  # (a log in memory: nothing to keep)
        yield None
        return
    with log.locked():
        if tracker.sync():
            changed()
        kept = name(path) if path.exists() and not tracker.is_new else None
        if kept is not None:
            _keep_aside(path, kept, again)
    if kept is None:
        yield None
        return
    try:
        yield kept
    except BaseException as exc:
        with log.locked():
            trouble = _put_back(path, kept)
        if not isinstance(exc, CompanionError):  # a Ctrl+C, or a bug: as it is
            why = "interrupted (Ctrl+C)" if isinstance(exc, KeyboardInterrupt) else type(exc).__name__
            if trouble is None:
                back()
            else:
                stay(_not_back(path, kept, again, why, trouble))
            raise
        # (its place is the log's own, or none: the message, with its rule-book section if it has one)
        why = (exc.message + (f" ({exc.cite})" if exc.cite else "")) if exc.where in (None, str(path)) \
            else exc.render()
        if trouble is not None:
            error = _not_back(path, kept, again, why, trouble)
            stay(error)
            raise error from None
        back()
        raise LogError(f"could not {again}: {why}; nothing was changed: the old log is back under its name",
                       where=str(path), suggestion=exc.suggestion) from None


def _not_back(path: Path, kept: Path, again: str, why: str, trouble: str) -> LogError:
    """The error of a new log's start that failed (``why``) when the old log could not come back."""
    return LogError(f"could not {again}: {why}; the old log stays under the name it was given, {kept}, "
                    f"and could not be put back ({trouble})", where=str(path),
                    suggestion=f"Open it there, or rename it back to {path.name}.")
