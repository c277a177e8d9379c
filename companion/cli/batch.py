"""The shared half of the trackers' ``GAME do LOG EVENT...`` and ``GAME events`` commands
(Village TCG, TMNT, Mice and Mystics).

``do`` reads each command-line EVENT (:func:`read_event`), tries them all on a copy of the
tracker kept in memory, and writes them (in one append) only when every one is allowed (:func:`write_all`);
the events are :func:`watched`, so a field the rules never read (a typo) can be named
(:func:`unread_keys`, :func:`unread_fields`). ``events`` prints a tracker's table of
:class:`~companion.eventlog.EventFields` (:func:`print_events`).

Imported by the handlers only: ``companion --help`` does not load it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import CompanionError, closest, did_you_mean, shown

if TYPE_CHECKING:
    from ..eventlog import BatchWrite

#: What a refusal adds when a batch of events was refused.
ALL_OR_NOTHING = "Nothing was written: the events are written only when every one of them is allowed"


def then(text: str, more: str) -> str:
    """``text`` and then the sentence ``more``: a full stop between them unless ``text`` already ends a
    sentence (``"Did you mean 'x'?"`` is not followed by a stray ``.``)."""
    text = text.rstrip()
    return f"{text}{'' if text.endswith(('.', '?', '!')) else '.'} {more}"


def read_event(raw: str, k: int, kinds: Iterable[str], *, error: type[CompanionError] = CompanionError,
               written: str | None = None) -> dict[str, Any]:
    """Command-line EVENT number ``k`` as an event: ``undo`` or ``redo`` in any case, or a JSON object
    with a text ``event`` field. A bare word gets the JSON it stands for (``draw`` ->
    ``{"event": "draw"}``); ``written``: a sentence added to every refusal (what was written)."""
    where = f"event {k}"
    word = raw.strip()
    if word.lower() in ("undo", "redo"):
        return {"event": word.lower()}
    known = sorted({*kinds, "undo", "redo"})
    from ..textio import loads_noting_twice, unescape_pointer

    try:
        event, twice = loads_noting_twice(raw)
    except json.JSONDecodeError as exc:
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", word):  # an event kind typed without its JSON
            kind = word.lower() if word.lower() in known else None
            guess = did_you_mean(closest(word, known))
            hint = (f"Write it as JSON: '{{\"event\": \"{kind}\"}}' (with its fields, if it takes any)"
                    if kind else "Write an event as JSON: '{\"event\": \"KIND\"}'")
            hint = then(guess, hint) if guess and not kind else hint
            raise error(f"{word[:40]!r} is not an event: an event is a JSON object, or undo or redo",
                        where=where, expected=None if kind else "KIND one of " + ", ".join(known),
                        suggestion=then(hint, written) if written else hint) from None
        # (a message that ends at the position it names: "Unterminated string starting at")
        msg = f"{exc.msg} column {exc.colno}" if exc.msg.endswith(" at") else exc.msg
        raise error(f"event is not valid JSON: {msg}", where=f"{where}, column {exc.colno}",
                    found=repr(raw[:60]), suggestion=written) from None
    except (RecursionError, ValueError):  # nested thousands deep, or a number of thousands of digits
        raise error("event cannot be read (nested too deeply, or a number too long)",
                    where=where, found=repr(raw[:60]), suggestion=written) from None
    if not isinstance(event, dict):
        raise error('an event is a JSON object such as {"event": "undo"}', where=where,
                    found=repr(raw[:60]), suggestion=written)
    if twice:  # (JSON keeps the last value without a word: which one was meant is the user's to say)
        from ..verdict import and_list

        keep = "Keep the value you mean and remove the other"
        fields = and_list([repr(unescape_pointer(p.rsplit("/", 1)[1]))
                           + (f" (at {p})" if p.count("/") > 1 else "") for p in twice[:3]])
        raise error(f"the event gives {fields} twice", where=where,
                    expected="each field once", found=repr(raw[:60]),
                    suggestion=then(keep, written) if written else keep)
    if "event" not in event:
        raise error("the event has no 'event' field", where=where, expected='{"event": KIND, ...} with KIND '
                    "one of " + ", ".join(known), found=repr(raw[:60]), suggestion=written)
    if not isinstance(event["event"], str):
        raise error("the 'event' field names the event kind as text", where=where,
                    expected="one of " + ", ".join(known), found=shown(event["event"]), suggestion=written)
    return event


class Watched(dict):
    """An event (or an object inside it) that remembers which of its fields the rules read
    (see :func:`unread_keys`)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)


def seeded(event: Any, *, unless: tuple[str, ...] = ()) -> Any:
    """``event``, and if it is a start with no seed (nor any of the fields ``unless`` names, such as
    TMNT's ``first``, that make one needless), a fresh seed recorded in it: the log keeps it, so each
    game's shuffles, dice or coin flips differ and a replay is exact."""
    from ..eventlog import new_seed

    if isinstance(event, dict) and event.get("event") == "start" and "seed" not in event \
            and not any(k in event for k in unless):
        event["seed"] = new_seed()
    return event


def watched(value: Any) -> Any:
    """``value`` with every object in it a :class:`Watched` (the attacks of an attack event too)."""
    if isinstance(value, dict):
        return Watched({k: watched(v) for k, v in value.items()})
    if isinstance(value, list):
        return [watched(v) for v in value]
    return value


def unread_keys(obj: Any, path: str) -> list[tuple[str, str, Any]]:
    """(where, field, the object holding it) for every field of ``obj`` (and the objects in it)
    the rules did not read; the object's ``read`` says what they looked for there."""
    out: list[tuple[str, str, Any]] = []
    if isinstance(obj, list):
        for j, item in enumerate(obj):
            out += unread_keys(item, f"{path}[{j}]")
    if isinstance(obj, Watched):
        out += [(path, key, obj) for key in sorted(set(obj) - obj.read - {"event"})]
        for key, value in obj.items():
            out += unread_keys(value, f"{path + '.' if path else ''}{key}")
    return out


def unread_fields(events: list[Any], table: Mapping[str, Any]) -> tuple[str | None, list[str]]:
    """Fields the rules never read, after a trial of ``events``: the first close to one they
    looked for or the event takes (a typo, whose value would otherwise be dropped for the
    default), in words, or ``None``; and the others, each in words (ignored: said as a warning,
    as village do says them). ``table``: the tracker's :class:`~companion.eventlog.EventFields`
    by kind. A field the event takes that was not needed this time (rolls for a surge that did
    not come) is said to be unused, never one it does not take."""
    typo: str | None = None
    others: list[str] = []
    for k, event in enumerate(events, start=1):
        kind = event.get("event")
        spec = table.get(kind) if isinstance(kind, str) else None
        listed = set(spec.names) if spec is not None else set()
        where = f"event {k} of {len(events)} ({kind})"
        for path, key, obj in unread_keys(event, ""):
            field = f"{path + '.' if path else ''}{key!r}"
            if not path and key in listed:  # taken, but not needed by what happened
                about = spec.about(key) if spec is not None else ""
                others.append(f"{where}: {field} was not used this time"
                              + (f" ({about})" if about else "") + ", so it was ignored")
                continue
            looked_for = obj.read | (listed if not path else set())
            given = set(obj) - {key, "event"}
            like = closest(key, sorted(looked_for | given), n=1)
            if like and like[0] in given:  # a second spelling of a field given too: its value stands
                others.append(f"{where}: {field} is not a field it takes (it looks like {like[0]!r}, "
                              "which is given too), so it was ignored")
                continue
            hint = did_you_mean(closest(key, sorted(looked_for - set(obj))))
            if hint:  # (the first typo is said: the batch is refused for it)
                typo = typo or f"{where}: {field} is not a field it takes. {hint}"
            else:
                top = re.match(r"[A-Za-z_]+", path)
                takes = dict(spec.objects).get(top.group()) if spec is not None and top else None
                others.append(f"{where}: {field} is not a field it takes"
                              + (f" (an object in {top.group()} takes {', '.join(takes)})"
                                 if top and takes else "") + ", so it was ignored")
    return typo, others


def say_stray_fields(tracker: Any, *, quiet: bool = False) -> list[str]:
    """:meth:`~companion.eventlog.Tracker.stray_fields`, each said on standard error as a warning
    (``quiet``: not said, for ``--json``, whose ``warnings`` hold them); the lines are returned."""
    lines = tracker.stray_fields()
    for line in [] if quiet else lines:
        print(f"companion: warning: {line}", file=sys.stderr)
    return lines


def _a(name: str) -> str:
    """The article before a field's name: an 'attacks', a 'mouse'."""
    return "an" if name[:1].lower() in "aeiou" else "a"


def _quoted(names: Iterable[str]) -> str:
    """``a 'mouse' or a 'minion'``, ``an 'attacks'``: field names as a refusal says them."""
    return " or ".join(f"{_a(n)} {n!r}" for n in names)


def missing_field(events: list[Any], table: Mapping[str, Any], *,
                  tool: str | None = None) -> tuple[int, CompanionError] | None:
    """The first of ``events`` that lacks a field its kind needs (``table``: the game's
    :class:`~companion.eventlog.EventFields` by kind: ``fields`` each needed, one of ``one_of``), as
    (its 1-based place, the error); ``None`` when none does. Checked before the rules, which would
    otherwise refuse the event for the value a missing field defaults to ("every Power as a number"
    for a 'charcter'). A field the event does not take that is close to the missing one is named as
    its typo (Did you mean 'character'?). ``tool``: the game's command (``companion TOOL events``)."""
    for k, event in enumerate(events, start=1):
        kind = dict.get(event, "event") if isinstance(event, dict) else None  # (not marked as read)
        spec = table.get(kind) if isinstance(kind, str) else None
        if spec is None:  # undo, redo, or a kind the rules will name as unknown
            continue
        present = set(event) - {"event"}
        strangers = sorted(present - set(spec.names))
        needed = [(name,) for name in spec.fields] + ([tuple(spec.one_of)] if spec.one_of else [])
        for group in needed:
            if present & set(group):
                continue
            needs = f"needs {_quoted(group)} field"
            expected = "; ".join(f"{n}: {spec.note(n)}" for n in group if spec.note(n)) or None
            typo = next(((s, hit[0]) for s in strangers if (hit := closest(s, group, n=1))), None)
            if typo is not None:
                return k, CompanionError(f"{typo[0]!r} is not a field the {kind!r} event takes, and it "
                                         f"{needs}", expected=expected, suggestion=did_you_mean([typo[1]]))
            shown = [repr(n)[:40] for n in strangers[:5]] + (["..."] if strangers[5:] else [])
            found = ("fields " + ", ".join(shown)) if shown else None if present else "no fields"
            more = f"Every event's fields: 'companion {tool} events'." if tool else None
            return k, CompanionError(f"{kind!r} event {needs}", expected=expected, found=found,
                                     suggestion=more)
    return None


def misspelt_field(events: list[Any], table: Mapping[str, Any]) -> str | None:
    """The first field of ``events`` its kind does not take that is close to one it takes and was
    not given (``"frce"`` for ``"force"``), in words with its "did you mean", or ``None``. Checked
    before any rule, which would otherwise refuse the event for the value the field defaults to
    (a rescue refused for minions on the board, when the player had typed "force"); the same words
    the trial's own check gives (:func:`unread_fields`)."""
    for k, event in enumerate(events, start=1):
        kind = dict.get(event, "event") if isinstance(event, dict) else None  # (not marked as read)
        spec = table.get(kind) if isinstance(kind, str) else None
        if spec is None:  # undo, redo, or a kind the rules will name as unknown
            continue
        given = set(dict.keys(event))  # (never ``in``: a watched event would count the look as a read)
        for key in sorted(given - set(spec.names) - {"event"}):
            near = closest(str(key), spec.names, n=1)
            if near and near[0] not in given:  # (a second spelling of a field given: the trial's warning)
                return (f"event {k} of {len(events)} ({kind}): {str(key)!r} is not a field it takes. "
                        f"{did_you_mean(near)}")
    return None


def refusal(exc: CompanionError, k: int, events: list[Any], log: str, *,
            error: type[CompanionError] = CompanionError, short: bool = False) -> CompanionError:
    """The error for event ``k`` of ``events``, which the rules refused (``exc``): it names the log, the
    event's number and kind, and says that nothing was written. ``short`` (Village's wording): a
    lone event is not numbered, and the kind is not named."""
    text = exc.render(where=exc.where != log)  # (the log's own errors name it: not twice)
    if short and len(events) == 1:
        return error(then(text, "Nothing was written"), where=log)
    kind = "" if short else f" ({events[k - 1].get('event')})"
    return error(then(text, ALL_OR_NOTHING), where=f"{log}, event {k} of {len(events)}{kind}")


def check_fields(events: list[Any], log: str, table: Mapping[str, Any] | None, *, tool: str | None = None,
                 error: type[CompanionError] = CompanionError, short: bool = False) -> None:
    """Refuse the first of ``events`` that lacks a field its kind needs (:func:`missing_field`), as
    :func:`refusal` says it; nothing when ``table`` is ``None``."""
    if table is not None and (missing := missing_field(events, table, tool=tool)) is not None:
        k, exc = missing
        raise refusal(exc, k, events, log, error=error, short=short) from None


def check_before_log(events: list[Any], path: Path, kinds: Iterable[str], *,
                     unknown: Callable[[object], CompanionError], game: str, tool: str,
                     table: Mapping[str, Any] | None, error: type[CompanionError] = CompanionError,
                     short: bool = False) -> None:
    """Before a log that does not exist is made, what no new log could take, in one order for every
    game: an event kind the game does not know (``unknown(kind)``: a mistyped "strt" is not a
    missing start), a field an event needs and left out (:func:`check_fields`), a folder that does
    not exist (no folder is made: a mistyped path is not a new game), and a first event that is not
    a start (only a start begins a log). An existing log is the tracker's to judge first (another
    game's log is named as such, not its events as unknown); :func:`write_all` checks the events.
    ``game``: the game's name in words; ``tool``: its command (``companion TOOL do``)."""
    from ..logstarts import start_hint
    from . import existing_log, log_folder

    if path.exists():
        return
    known = {*kinds, "undo", "redo"}
    for k, event in enumerate(events, start=1):
        kind = dict.get(event, "event")  # (not marked as read)
        if kind not in known:
            raise refusal(unknown(kind), k, events, str(path), error=error, short=short) from None
    check_fields(events, str(path), table, tool=tool, error=error, short=short)
    log_folder(path, error=error)
    if dict.get(events[0], "event") != "start":
        existing_log(path, error=error, expected=f"a {game} tracker log (JSONL)",
                     suggestion=f"A new log begins with a start event. {start_hint(tool, path)} "
                                f"(Every event: 'companion {tool} events'.)")


def write_all(tracker: Any, events: list[Any], log: str, *, say: Callable[[Any, Any], list[str]],
              check: Callable[[list[Any]], None] | None = None, error: type[CompanionError] = CompanionError,
              short: bool = False, fields: Mapping[str, Any] | None = None,
              unknown: Callable[[object], CompanionError] | None = None,
              warnings: list[str] | None = None) -> list[str]:
    """The heart of every ``do``: ``events`` on ``tracker``, all or nothing. First an event kind the
    game does not know is named (``unknown(kind)``, the game's ``unknown_event``, if given), then
    a field an event needs and lacks (:func:`check_fields`, with ``fields`` or the game's own table,
    :meth:`~companion.eventlog.Tracker.fields_table`), before any rule is tried on a value it would
    default to. Under the log's lock (no other window writes between the trial and the writes) the log
    is read again if it changed, the events are tried in memory
    (:meth:`~companion.eventlog.Tracker.first_refused`; the first refused one is the error,
    :func:`refusal`), then a field the rules never read is refused when it is close to one the event
    takes, or said as a warning (:func:`unread_fields`: the trial read them, so
    which fields the rules read is known; each warning said and kept in ``warnings``), then
    ``check(events)`` may refuse or warn, then each is done by ``say(tracker, event)``,
    which returns what it did, in words; those lines are returned, in order. The events are written
    together, in one append, once all are done (:meth:`~companion.eventlog.Tracker.batch`): a write
    refused (a full disk) or a Ctrl+C writes none of them, and the error (or the interrupt's
    words) says what the log holds of them. A field an event does not
    take that is close to one it does is named (:func:`misspelt_field`) before any rule is tried too."""
    batch: BatchWrite | None = None  # the batch under way (None: not begun, so nothing was written)
    try:
        table = fields if fields is not None else tracker.fields_table()
        # a kind the game does not know, before any other refusal
        if table is not None and unknown is not None:
            kinds = [dict.get(event, "event") for event in events]  # (not marked as read)
            k = next((k for k, kind in enumerate(kinds, start=1) if kind not in (*table, "undo", "redo")), 0)
            if k:
                # (but a log it may not write to is named first, as the trial names it: its events may fit)
                try:
                    tracker.check_writable()
                except CompanionError as exc:
                    raise refusal(exc, 1, events, log, error=error, short=short) from None
                raise refusal(unknown(kinds[k - 1]), k, events, log, error=error, short=short) from None
        check_fields(events, log, table, tool=getattr(tracker, "KIND", None) or None, error=error,
                     short=short)
        typo = None if table is None else misspelt_field(events, table)
        if typo is not None:
            raise error(then(typo, "Nothing was written"), where=log)
        with tracker.log.locked():
            tracker.sync()
            refused = tracker.first_refused(events)
            if refused is not None:
                k, err = refused
                raise refusal(err, k, events, log, error=error,
                              short=short) from None
            if table is not None:
                typo, ignored = unread_fields(events, table)
                if typo is not None:
                    raise error(then(typo, "Nothing was written"), where=log)
                for line in ignored:
                    warn(line, [] if warnings is None else warnings)
            if check is not None:
                check(events)
            said: list[str] = []
            at = ""  # the event under way (none once all are done: an error then is the write's)
            try:
                with tracker.batch() as batch:  # every line in one append when all are done
                    for k, event in enumerate(events, start=1):
                        at = f", event {k} of {len(events)}"
                        said += say(tracker, event)
                    at = ""
            except CompanionError as exc:  # a write refused (a full disk), or not expected after the trial
                saved = _saved(batch, len(events))
                raise error(then(exc.render(where=exc.where != log), saved), where=f"{log}{at}") from None
        return said
    except KeyboardInterrupt:  # Ctrl+C: say what the log holds of the batch (all of it or none)
        raise KeyboardInterrupt(f"{_saved(batch, len(events))} to {log}") from None


def _saved(batch: BatchWrite | None, total: int) -> str:
    """What the log holds of a batch of ``total`` events, as a sentence: all of them, or none (the
    batch is one append, :meth:`~companion.eventlog.EventLog.batch`; ``None``: it never began)."""
    if batch is None or not batch.written:
        return "Nothing was written"
    return f"All {total} events were written" if total > 1 else "The event was written"


def warn(line: str, warnings: list[str]) -> None:
    """Say ``line`` on standard error as a warning, and keep it in ``warnings`` (for ``--json``)."""
    print(f"companion: warning: {line}", file=sys.stderr)
    warnings.append(line)


def print_events(table: Mapping[str, Any], kinds: Iterable[str], *, as_json: bool, footer: str) -> None:
    """``companion GAME events``: each kind in ``kinds`` with its fields from ``table``
    (:class:`~companion.eventlog.EventFields` by kind), then ``footer``; or the table as JSON."""
    from . import print_json

    if as_json:
        print_json({kind: table[kind].to_json(kind) for kind in kinds})
    else:
        for kind in kinds:
            print(f"{kind:<14} {table[kind].text}")
        print(footer)
