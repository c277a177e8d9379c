"""``companion mystics replay|new|do`` and ``companion odds mystics ...`` (issue 6).

Exit codes of ``replay``: 0 the log folds cleanly, 1 some lines were reported (bad JSON,
unknown events, actions the rules refuse, a last line cut mid-write), 2 unreadable.
``do`` adds all of its events or none: every event is checked first (exit 0 written, 2 refused or
unreadable); a field the rules did not read is named in a warning
(:func:`companion.cli.batch.unread_fields`).
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import cite
from ..errors import CompanionError, LogError
from . import TRACKER_JSON_HELP, as_typed, existing_log, log_folder, say_problems, warn_set_aside, whole_in

#: The section ``--ability`` follows: one ability card per mouse (step 3).
SETUP = cite("mystics", "Game setup")


def _with_cards(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``handler`` run with the Mice and Mystics cards that load: a card file of yours that does not is
    left out, said once on standard error, as by the deck commands (:func:`.cards.cards_that_load`), and
    kept in ``args.left_out`` for ``--json``'s ``warnings``."""
    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        from .cards import cards_that_load

        with cards_that_load("mystics") as (_db, args.left_out):
            return handler(args)
    return run


def _read_log(path: Path) -> Any:
    """Fold a log without changing the file (a cut last line is reported, not moved aside)."""
    from ..eventlog import EventLog
    from ..mystics.tracker import MysticsTracker

    existing_log(path, error=LogError, game="mystics")
    return MysticsTracker(EventLog(path, read_only=True))


def chapter_bar(hourglass: int, chapter_end: int) -> str:
    """The chapter track as text: ``H`` the hourglass, ``E`` the chapter end marker, ``·`` a page.

    At most :data:`~companion.mystics.limits.DRAWN_PAGES` pages are drawn one by one; a longer
    track (an older log's) shows ``…``, the markers' pages past it and the number of pages.
    """
    from ..mystics.limits import drawn_pages

    pages, total = drawn_pages(hourglass, chapter_end)
    bar = "".join("…" if p is None else "H" if p == hourglass else "E" if p == chapter_end else "·"
                  for p in pages)
    return bar if None not in pages else f"{bar} ({total} pages)"


def render_state(state: Any, *, house_readings: bool = False, log: str | None = None,
                 card_name: Callable[[str], str] = str) -> list[str]:
    """The dashboard as text lines; what a huge number would draw unit by unit is cut short. Each
    mouse's equipment, pack and ability cards follow its line, as the page shows them (``card_name``:
    a card recorded by id, starting equipment, by its name); the party items, once (Party Items).

    The house readings in use (where the rule book is silent) close it: one line naming how many
    and how to see them (``log``: the log's path, for the command shown), or with ``house_readings``
    each of them on a line of its own."""
    from ..mystics.chapter import WHEEL_SIZE
    from ..mystics.limits import drawn_figures, show
    from ..mystics.party import PARTY_ITEMS_WORDS, equipped_names, pack_names, party_items

    b = state.board
    nxt = state.next_card
    wheel = min(max(b.wheel, 0), WHEEL_SIZE)
    ended = b.defeated or b.victory
    lines = [f"Chapter {state.chapter if state.chapter else '(not given)'}, round {state.round}"
             + (": the chapter is over, play does not go on" if ended
                else "" if state.current is not None or nxt is None else f"; next: {nxt.name}"),
             f"Hourglass page {show(b.hourglass)}, chapter end page {show(b.chapter_end)} "
             f"({show(b.pages_left)} left)  {chapter_bar(b.hourglass, b.chapter_end)}",
             f"Minion cheese wheel: {b.wheel}/{WHEEL_SIZE}  " + "●" * wheel + "○" * (WHEEL_SIZE - wheel),
             f"Surges: {len(b.surges)}"
             + ("" if b.overflow == "discard" else " (house variant: overflow carried)")]
    if b.defeated:
        lines.append(f"DEFEAT: {b.defeat_reason}")
    if b.victory:
        lines.append("VICTORY")
    if b.encounter:
        lines.append(f"Face-up encounter card: {b.encounter.name}")
    if b.room:
        lines.append(f"Room: {b.room.name}" + (" (special surge)" if b.room.has_special_surge else ""))
    lines.append("Initiative track:")
    groups = {g.id: g for g in state.minions}
    for i, card in enumerate(state.track):
        mark = "▶" if i == state.current_index and not ended else " "
        extra = ""
        if card.kind == "minion" and (card.minion or card.id) in groups:  # Brodie: 2 cards, 1 figure
            g = groups[card.minion or card.id]
            extra = f" ×{len(g.figures)} wounds {drawn_figures(g.figures)} life {g.life if g.life else '?'}"
        elif card.kind == "boss":
            extra = f" wounds {card.wounds}/{card.life if card.life else '?'}"
        elif card.kind == "mouse" and state.mouse(card.id).captured:
            extra = " (captured)"
        lines.append(f" {mark}{i + 1:>2}. {card.name}{extra}")
    lines.append("Party:")
    for m in state.mice:
        life = m.life if m.life is not None else "?"
        conds = ", ".join(m.conditions)
        lines.append(f"  {m.name}: wounds {m.wounds}+{m.poison} poison / life {life}, cheese {m.cheese}"
                     + (", CAPTURED" if m.captured else "") + (f", {conds}" if conds else "")
                     + f", pack {m.pack_load}/3")
        equipped = ", ".join(equipped_names(m, card_name))
        pack = ", ".join(pack_names(m, card_name))
        gear = [f"equipped: {equipped}" if equipped else "", f"pack: {pack}" if pack else "",
                f"abilities: {', '.join(m.abilities)}" if m.abilities else ""]
        if any(gear):
            lines.append("    " + "; ".join(g for g in gear if g))
    items = party_items(state.mice, card_name)
    if items:
        lines.append(f"{PARTY_ITEMS_WORDS} ({cite('mystics', 'Party Items')}): " + ", ".join(items))
    lines += house_reading_lines(every=house_readings, log=log)
    return lines


def house_reading_lines(*, every: bool = False, log: str | None = None) -> list[str]:
    """The house readings in use: one line naming how many and where to read them (the
    ``--house-readings`` option, the ``house_readings`` of ``--json``), or with ``every`` each one."""
    import shlex

    from ..mystics.tracker import HOUSE_READINGS

    if every:
        return ["House readings (where the rule book is silent):", *(f"  - {r}" for r in HOUSE_READINGS)]
    shown = shlex.quote(log) if log else "LOG"
    return [f"House readings in use: {len(HOUSE_READINGS)} (see `companion mystics replay {shown} "
            "--house-readings`, or --json)"]


def kept_notes(tracker: Any) -> list[str]:
    """The notes on the actions in force that the rules refuse today, kept as logged: the log is
    folded again action by action, so none is lost to the messages' limit (the tracker folds the
    same way on an undo)."""
    from ..mystics.tracker import KEPT, added_messages

    notes: list[str] = []
    state = tracker.initial()
    try:
        with tracker._replaying():  # (as the log was read: a line the rules refuse today is kept)
            for event in tracker.history:
                new = tracker.apply(state, event)
                notes += [m for m in added_messages(state, new) if m.startswith(KEPT)]
                state = new
    except CompanionError:  # pragma: no cover - each of them held on this very state before
        pass
    return notes


def card_data_notes(tracker: Any) -> list[str]:
    """What the chapter's card data says (:func:`companion.mystics.tracker.data_notes`): values corrected
    since the chapter read them, and values older lines read from today's data; the page says the same."""
    from ..mystics.tracker import data_notes

    if not tracker.state.started:
        return []
    return data_notes(tracker, tracker.state)


@_with_cards
def _replay(args: argparse.Namespace) -> int:
    from .batch import say_stray_fields

    tracker = _read_log(Path(args.log))
    problems = [str(p) for p in tracker.problems]
    kept = kept_notes(tracker)
    data = card_data_notes(tracker)
    strays = say_stray_fields(tracker, quiet=args.json)  # (said first)
    warnings = [*(getattr(args, "left_out", None) or ()), *strays]  # (a card file of yours left out first)
    _show(args, tracker, {"kept": kept, "card_data": data, "warnings": warnings})  # (problems: every
    # tracker's key)
    if not args.json:
        for note in [*data, *kept]:
            print(f"note: {note}")
        say_problems(problems)
    return 1 if problems else 0


def _cut(text: str, size: int) -> str:
    """``text``, or its start and its length when longer than ``size`` (a typo of thousands of digits)."""
    return text if len(text) <= size else f"{text[:size - 20]}... ({len(text)} characters)"


def _split_counts(text: str | None, *, what: str = "minion count",
                  example: str = "rat-warriors=3", maximum: int | None = None, why: str = "",
                  option: str = "", kind: str = "minion type") -> dict[str, int]:
    """``a=1,b=2`` -> ``{"a": 1, "b": 2}``; with ``maximum``, a number out of 0..maximum is refused,
    naming ``option``, the value and the range (a number of thousands of digits too). A name without
    its number (``a``, ``a=``) is refused: the count is never guessed; so is a name given twice (a
    ``kind``: the page's Minions box refuses it too), whose first number would be lost."""
    from ..mystics.limits import show

    out: dict[str, int] = {}
    typed: dict[str, str] = {}  # each name's part, as typed
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, eq, n = part.partition("=")
        if not eq or not n.strip() or not name.strip():
            lacks = "name" if eq and not name.strip() else "number"
            raise CompanionError(f"{option + ': ' if option else ''}{what} {_cut(part.strip(), 60)!r} has no "
                                 f"{lacks}", expected=f"name=number, e.g. {example}",
                                 suggestion="Give the number after '=' (it is never guessed)"
                                 if lacks == "number" else "Give the name before '='")
        try:
            value = int(n)
        except ValueError:  # not a number, or one of thousands of digits: shown cut short
            raise CompanionError(f"bad {what} {_cut(part.strip(), 60)!r}",
                                 expected=f"name=number, e.g. {example}",
                                 found=repr(_cut(n.strip(), 40))) from None
        if maximum is not None and not 0 <= value <= maximum:
            raise CompanionError(f"{option}: {what} {name.strip()[:40]}={show(value)} is out of range",
                                 expected=f"0 to {maximum}: {why}")
        if name.strip() in out:
            raise CompanionError(f"{kind} {name.strip()[:40]!r} is given twice", where=option or None,
                                 found=f"{_cut(typed[name.strip()], 60)!r}, {_cut(part.strip(), 60)!r}",
                                 suggestion="Give each type once, with its whole count")
        out[name.strip()], typed[name.strip()] = value, part.strip()
    return out


def _check_option(name: str, value: int | None, low: int, high: int, why: str) -> None:
    """An integer option out of ``low``..``high`` is refused before anything is written."""
    from . import bounded

    bounded(name, value, low, high, why)


def _show(args: argparse.Namespace, tracker: Any, extra: dict[str, Any]) -> None:
    """The chapter as a command leaves it: with ``--json`` the keys every tracker's has
    (:func:`~companion.cli.tracker_json`), the state and ``extra``; else the dashboard, or why no
    chapter is under way (as every tracker says it)."""
    from ..mystics.tracker import HOUSE_READINGS
    from . import no_game_line, print_json, tracker_json

    log = str(getattr(args, "log", ""))
    if getattr(args, "json", False):
        # (a card file of yours left out: _with_cards; do says them among its own warnings)
        extra = dict(extra)
        warnings = extra.pop("warnings", list(getattr(args, "left_out", None) or ()))
        state = tracker.state.to_json(tracker.card_name, tracker.data_card_id)  # (gear: names and ids)
        out = {**tracker_json("mystics", tracker, log, warnings=warnings), **state, **extra}
        out["house_readings"] = list(HOUSE_READINGS)
        print_json(out)
    elif not tracker.state.started:  # empty, or its start undone: no board to speak of
        print(no_game_line(tracker, log))
    else:
        print("\n".join(render_state(tracker.state, house_readings=getattr(args, "house_readings", False),
                                      log=log or None, card_name=tracker.card_name)))


@_with_cards
def _new(args: argparse.Namespace) -> int:
    from ..eventlog import seed_from_text
    from ..mystics import limits as lim
    from ..mystics.tracker import MysticsTracker, added_messages

    path = log_folder(args.log, error=LogError)  # a new chapter never makes a folder (a mistyped one)
    if path.exists() and path.stat().st_size and not _read_log(path).is_new:  # (a first line alone is new)
        raise LogError("the log already exists; use 'companion mystics do' to add to it", where=str(path))
    _check_option("--chapter-end", args.chapter_end, 2, lim.MAX_PAGE, lim.PAGE_WHY)
    _check_option("--chapter", args.chapter, 1, lim.MAX_CHAPTER, lim.CHAPTER_WHY)
    minions = _split_counts(args.minions, maximum=lim.MAX_FIGURES, why=lim.FIGURES_WHY, option="--minions")
    t = MysticsTracker(path)
    notes: list[str] = []
    typed_mice = [m.strip() for m in args.mice.split(",") if m.strip()]
    if not typed_mice:  # (the start would say it of its "mice" list, which nobody typed)
        raise CompanionError(f"--mice {args.mice.strip()[:40]!r} names no mouse", cite=SETUP,
                             expected="comma-separated mouse ids, e.g. collin,filch")
    mice = _as_ids(typed_mice, {k: h.name for k, h in t.hero_roster().items()}, "--mice", notes)
    ids = _as_ids(list(minions), {k: m.name for k, m in t.minion_roster().items()}, "--minions", notes)
    counts: dict[str, int] = {}
    for typed, mid in zip(minions, ids, strict=True):
        if mid in counts:
            raise CompanionError(f"minion type {mid!r} is given twice", where="--minions",
                                 found=", ".join(repr(k) for k, i in zip(minions, ids, strict=True)
                                                 if i == mid),
                                 suggestion="Give each type once, with its whole count")
        counts[mid] = minions[typed]
    event: dict[str, Any] = {"event": "start", "chapter_end": args.chapter_end, "mice": mice,
                             "minions": counts, "seed": seed_from_text(args.seed, where="--seed")}
    if args.chapter is not None:
        event["chapter"] = args.chapter
    abilities = _abilities(args.ability or [], mice, {k: h.name for k, h in t.hero_roster().items()}, notes)
    if abilities:
        event["abilities"] = abilities
    try:
        t.do(event)  # checked before anything is written: a refused start makes no file
    except CompanionError as exc:
        raise as_typed(exc, _START_OPTIONS) from None
    said = list(added_messages(t.initial(), t.state))  # the start's own words (a party-size note...)
    if not args.json:
        print(f"Seed {event['seed']!r} (recorded in the log: a replay shuffles the same way)")
        for note in notes:
            print(f"note: {note}")
        for line in said:
            print(line)
    _show(args, t, {"log": str(path), "notes": notes, "said": said})
    return 0


#: The places a refused start names (its fields) as 'mystics new' names them (the options typed).
_START_OPTIONS = {"mouse": "--mice", "start: abilities": "--ability"}


def _abilities(typed: list[str], mice: list[str], roster: dict[str, str], notes: list[str]) -> dict[str, str]:
    """Each ``--ability MOUSE=CARD`` as the start's ``abilities`` (Game setup, step 3: one ability card per
    mouse), its mouse read as ``--mice`` reads it; the card and its class are checked by the start. A
    mouse not in ``--mice``, or given twice, is refused before anything is written."""
    out: dict[str, str] = {}
    for text in typed:
        who, eq, card = text.partition("=")
        if not eq or not who.strip() or not card.strip():
            raise CompanionError(f"--ability {_cut(text.strip(), 60)!r} needs a mouse and its ability card",
                                 expected="MOUSE=CARD, e.g. --ability collin=Inspire",
                                 cite=SETUP)
        (mid,) = _as_ids([who.strip()], roster, "--ability", notes)
        if mid not in mice:
            raise CompanionError(f"--ability names {who.strip()[:40]!r}, who is not in --mice",
                                 expected="a mouse of --mice: " + ", ".join(mice))
        if mid in out:
            raise CompanionError(f"--ability gives {mid!r} two ability cards",
                                 expected="one ability card per mouse",
                                 cite=SETUP)
        out[mid] = " ".join(card.split())
    return out


def _as_ids(typed: list[str], roster: dict[str, str], option: str, notes: list[str]) -> list[str]:
    """Each typed name as the id it names (``rat_warrior`` -> ``rat-warriors``), with a note in
    ``notes`` for each one that is not the id's or the name's words (case, spaces, ``_`` and ``-``
    aside: ``Rat Warriors`` needs none); a name no id or several ids answer to is
    left as typed, for the start to refuse with its suggestions."""
    from ..mystics import names

    options = [(k, (name,)) for k, name in roster.items()]
    out = []
    for text in typed:
        hits = names.matches(text, options)
        if len(hits) == 1 and hits[0] != text:
            if names.slug(text) not in {names.slug(hits[0]), names.slug(roster[hits[0]])}:  # not only case
                notes.append(f"{option} {text[:40]!r} was read as {hits[0]} ({roster[hits[0]]})")
            text = hits[0]
        out.append(text)
    return out


def _parse_events(raws: list[str]) -> list[dict[str, Any]]:
    """Each EVENT as ``undo``, ``redo`` (any case, as ``village do`` takes them) or a JSON object."""
    from ..mystics.tracker import EVENTS
    from .batch import read_event

    return [read_event(raw, k, EVENTS, error=LogError, written="Nothing was written")
            for k, raw in enumerate(raws, start=1)]


@_with_cards
def _do(args: argparse.Namespace) -> int:
    from ..mystics.tracker import MysticsTracker
    from .batch import seeded, warn, watched, write_all

    path = existing_log(Path(args.log), error=LogError, game="mystics")
    # a start with no seed shuffles with a fresh one, recorded (as village do and tmnt do); the
    # events note which fields are read
    events = [watched(seeded(e)) for e in _parse_events(args.events)]
    t = MysticsTracker(path)
    notes = [*args.left_out, *warn_set_aside(t)]  # (as village do: the card files left out, said first)
    cards = _card_fields(events)

    def check(_events: list[Any]) -> None:  # (the card fields no card takes, warned once all are read)
        for line in cards:
            warn(line, notes)

    said = write_all(t, events, str(path), say=_said, error=LogError, warnings=notes, check=check)
    if not args.json:
        for line in said:
            print(line)
    data = card_data_notes(t)
    _show(args, t, {"log": str(path), "added": len(events), "said": said, "warnings": notes,
                    "card_data": data})
    if not args.json:
        for note in data:
            print(f"note: {note}")
    return 0


def _card_fields(events: list[Any]) -> list[str]:
    """The warnings for fields of a boss's (or Brodie's) card typed in an event's minion object
    (``{"vurst2": {"boss": true, "cards": [{"id": ..., "name": "Vurst A", "life": 2}]}}``) that a card does
    not take, in the card's words (a card takes name and life; its id is the tracker's): each such field is
    marked as read, so the batch does not name it among the minion's fields. A field close to one a card
    takes (``lfie``) is left to the batch, which refuses it as a typo."""
    from ..errors import closest
    from ..mystics.tracker import CARD_OBJECT_FIELDS, MINION_OBJECT_KEYS
    from .batch import Watched

    lines = []
    for k, event in enumerate(events, start=1):
        if not isinstance(event, dict):
            continue
        for key in MINION_OBJECT_KEYS:
            specs = dict.get(event, key)  # (not marked as read: the rules say what they read)
            if not isinstance(specs, dict):
                continue
            for mid, spec in specs.items():
                cards = dict.get(spec, "cards") if isinstance(spec, dict) else None
                for j, card in enumerate(cards if isinstance(cards, list) else []):
                    if not isinstance(card, Watched):
                        continue
                    for name in sorted(set(card) - set(CARD_OBJECT_FIELDS)):
                        if closest(name, list(CARD_OBJECT_FIELDS), n=1):
                            continue
                        card.read.add(name)
                        lines.append(f"event {k} of {len(events)} ({dict.get(event, 'event')}): "
                                     f"{key}.{mid}.cards[{j}].{name!r} is not a field it takes (a card in "
                                     f"cards takes {', '.join(CARD_OBJECT_FIELDS)}; its id is the tracker's: "
                                     f"{mid}:{j + 1}, named on the track by its name), so it was ignored")
    return lines


def _said(t: Any, event: Any) -> list[str]:
    """Do one event of a batch; what it did, in the tracker's words: the messages it added (a surge,
    its text, rolls). An undo says what it took back ("Undone: ..."), a redo what it brought back
    ("Redone: ..."): the messages that action had added (:func:`companion.eventlog.undone_said`)."""
    from ..eventlog import redone_said, undone_said
    from ..mystics.tracker import added_messages

    kind = event.get("event")
    before = t.state
    taken = t.history[-1] if kind == "undo" and t.history else None
    t.act(event)
    if kind == "undo":  # the state goes back to before the action: its messages are the ones undone
        return undone_said(list(added_messages(t.state, before)) or [_event_words(taken)])
    if kind == "redo":
        return redone_said(list(added_messages(before, t.state)) or [_event_words(t.history[-1])])
    return list(added_messages(before, t.state))


def _event_words(event: Any) -> str:
    """An action that said nothing (a room left), as its log line."""
    import json

    return f"the {event.get('event')} event {json.dumps(event)[:120]}" if event else "the latest action"


def _events(args: argparse.Namespace) -> int:
    """Every event ``mystics do`` takes, from the tracker's own table (:data:`EVENTS`), with its fields."""
    from ..mystics.tracker import EVENT_FIELDS, EVENTS
    from .batch import print_events

    print_events(EVENT_FIELDS, EVENTS, as_json=args.json,
                 footer="Fields in brackets are optional. Example: companion mystics do chapter.jsonl "
                        "'{\"event\": \"wound\", \"mouse\": \"filch\", \"count\": 2}'")
    return 0


def _die(args: argparse.Namespace) -> Any:
    from ..mystics.data import action_die, with_movement

    die = action_die()
    if getattr(args, "movement", None):
        from ..errors import UnknownCardError, closest, did_you_mean

        counts = _split_counts(args.movement, what="die-face movement", example="die-sword=2 (1, 2 or 3)",
                               option="--movement", kind="die face")
        try:
            die = with_movement(die, counts)
        except UnknownCardError as exc:  # a face id, not a card
            raise CompanionError(f"unknown die face {exc.name[:40]!r}", where="--movement",
                                 expected="a face id: " + ", ".join(f.id for f in die),
                                 suggestion=did_you_mean(closest(exc.name, [f.id for f in die]))) from None
    if not die:
        raise CompanionError("no action die data found", suggestion="add data/mystics/action-die.json")
    return die


def _fmt(dist: dict[int, Any]) -> list[str]:
    from ..mystics.odds import at_least

    return [f"  {k:>2}: {float(p):7.2%}   at least {k}: {float(at_least(dist, k)):7.2%}   ({p})"
            for k, p in sorted(dist.items())]


def _exact(out: dict[str, Any], name: str, p: Any) -> None:
    """``p`` (a Fraction) in ``out`` as ``odds mousecard --json`` gives each probability: a float under
    ``name`` and the exact fraction as text under ``name + "_exact"`` (``"5/12"``, ``"1/1"``)."""
    out[name] = float(p)
    out[f"{name}_exact"] = f"{p.numerator}/{p.denominator}"


@_with_cards
def _odds(args: argparse.Namespace) -> int:
    from ..mystics import odds
    from ..mystics.limits import LIFE_WHY, MAX_LIFE, show
    from . import bounded, print_json

    bounded("--life", args.life, 1, MAX_LIFE, LIFE_WHY)  # (as the tracker takes a life)
    if args.dice is not None and not 1 <= args.dice <= odds.MAX_DICE:  # (0 dice roll nothing: refused)
        raise CompanionError(f"bad --dice {show(args.dice)}",
                             expected=f"a whole number from 1 to {odds.MAX_DICE}",
                             found=show(args.dice))
    for option, value in (("--bonus", args.bonus), ("--defense-bonus", args.defense_bonus),
                          ("--defense-dice", args.defense_dice)):
        bounded(option, value, -odds.MAX_DICE, odds.MAX_DICE, "dice added or taken away")
    from ..mystics.data import die_notes

    die = _die(args)
    data_notes = die_notes(die)
    kind = args.kind
    out: dict[str, Any]
    if kind == "attack":
        a = odds.attack_odds(die, args.battle, args.defense, ranged=args.ranged, attacker=args.attacker,
                             battle_bonus=args.bonus, defense_bonus=args.defense_bonus,
                             defense_dice_modifier=args.defense_dice, brodie=args.brodie)
        out = a.to_json()
        _exact(out, "expected_wounds", a.expected_wounds)
        _exact(out, "p_at_least_one_wound", a.p_wounds_at_least(1))
        p_defeat = None if args.life is None else a.p_defeat(args.life)
        p_surge = None if args.wheel is None else odds.surge_chance(a, args.wheel)
        if p_defeat is not None:
            _exact(out, "p_defeat", p_defeat)
        if p_surge is not None:
            _exact(out, "p_surge", p_surge)
        lines = [f"{args.attacker} attack, {odds.dice_words(a.attack_dice)} vs "
                 f"{odds.dice_words(a.defense_dice, 'defense')}"
                 f" ({'ranged' if args.ranged else 'melee'})", "Wounds:", *_fmt(a.wounds),
                 f"Expected wounds: {float(a.expected_wounds):.3f}"]
        if p_defeat is not None:
            lines.append(f"P(defeat with {args.life} life left): {float(p_defeat):.2%}")
        if p_surge is not None:
            lines.append(f"P(surge from wheel {args.wheel}): {float(p_surge):.2%}")
        lines += list(a.notes)
    elif kind in ("mousetrap", "search", "check"):
        if kind == "mousetrap":
            p = odds.mousetrap_odds(die, args.move, lore=args.lore)
            label = f"pass a mousetrap with move {args.move}" + (f" / lore {args.lore}" if args.lore else "")
            where = "Moving across mousetraps"
        elif kind == "search":
            p, label, where = odds.search_odds(die), "a search finds a card", "Search"
        else:
            n = 1 if args.dice is None else args.dice
            p = odds.check_odds(die, n)
            label, where = f"at least one check symbol on {odds.dice_words(n)}", "Action Dice"
        out = {"kind": kind}
        _exact(out, "p", p)
        out["notes"] = [f"mice-and-mystics.txt, {where}"]
        lines = [f"P({label}) = {float(p):.2%} ({p})", f"mice-and-mystics.txt, {where}"]
    else:
        if kind == "move":
            dist = odds.mouse_move(die, args.move)
            where = "Mouse Movement"
        elif kind == "minion-move":
            dist, where = odds.minion_move(die), "Moving Melee Minions"
        else:
            dist, where = odds.brodie_chase(die, 2 if args.dice is None else args.dice), "Brodie Chases"
        out = {"kind": kind, "distribution": {str(k): str(v) for k, v in dist.items()},
               "notes": [f"mice-and-mystics.txt, {where}"]}
        lines = [f"{kind} (spaces):", *_fmt(dist), f"mice-and-mystics.txt, {where}"]
    out["notes"] += data_notes  # (one list of notes in every kind's JSON)
    lines += data_notes
    if args.json:
        print_json(out)
    else:
        print("\n".join(lines))
    return 0


def _house_option(p: argparse.ArgumentParser) -> None:
    """``--house-readings``: the dashboard lists every house reading in use (one line says how many)."""
    p.add_argument("--house-readings", action="store_true",
                   help="list every house reading in use (where the rule book is silent) under the "
                        "dashboard; without it one line says how many. --json always has them "
                        "(house_readings)")


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = sub.add_parser("mystics", help="Mice and Mystics dashboard log (replay, new, do, events)",
                       description="The Mice and Mystics tracker's event log from the command line.")
    msub = p.add_subparsers(dest="mystics_command", metavar="WHAT")
    p.set_defaults(_group_parser=p)
    r = msub.add_parser("replay", help="replay a chapter's log and print the dashboard",
                        description="Replay a chapter's log and print the dashboard: the chapter track, "
                                    "the minion cheese wheel, the initiative track and the party. Exit 0 "
                                    "ok, 1 some lines could not be used (each said on standard error: 'log "
                                    "problem: ...'), 2 unreadable.")
    r.add_argument("log", metavar="LOG",
                   help="the tracker log (JSONL; the notebook's is logs/mystics.jsonl in the user data "
                        "folder); read, never changed")
    r.add_argument("--json", action="store_true", help=f"the state as JSON, with {TRACKER_JSON_HELP}")
    _house_option(r)
    r.set_defaults(handler=_replay)
    n = msub.add_parser("new", help="start a chapter in a new log",
                        description="Start a chapter: the party, the minions on the board, the chapter "
                                    "end marker and the initiative shuffle (mice-and-mystics.txt, "
                                    "Determining Initiative Order).")
    n.add_argument("log", metavar="LOG", help="the log file (JSONL) to create; refused if it already "
                   "holds events")
    n.add_argument("--mice", required=True, help="comma-separated mouse ids, e.g. collin,filch")
    n.add_argument("--minions", default="", help="type=count,... e.g. rat-warriors=3 (at most 20 of a type)")
    n.add_argument("--chapter-end", type=whole_in(2, 30), default=6,
                   help="page of the chapter end marker, 2 to 30 (default 6)")
    n.add_argument("--chapter", type=whole_in(1, 99), default=None,
                   help="chapter number, 1 to 99 (its Party Setup is checked when the data has the chapter)")
    n.add_argument("--ability", action="append", metavar="MOUSE=CARD",
                   help="the starting ability card of a mouse of --mice, of its class (mice-and-mystics.txt, "
                        "Game setup, step 3), e.g. --ability collin=Inspire; once per mouse")
    n.add_argument("--seed", default=None,
                   help="seed of the initiative shuffle and seeded rolls, a number or a word; default: "
                        "a random one. The log records it, so a replay shuffles the same way")
    n.add_argument("--json", action="store_true", help=f"the state as JSON, with {TRACKER_JSON_HELP}")
    _house_option(n)
    n.set_defaults(handler=_new)
    d = msub.add_parser("do", help="record actions in a chapter's log (checked against the rules)",
                        description="Record actions in a chapter's log. Each EVENT is a JSON object such "
                                    "as '{\"event\": \"capture\", \"mouse\": \"filch\"}', or undo/redo. "
                                    "All or nothing: the events are checked together first, and nothing "
                                    "is written unless every one is allowed; then they are written in one "
                                    "append (Ctrl+C or a full disk leaves all of them or none; a crash or "
                                    "kill -9 during that write may leave only the first of them). A field "
                                    "the event does not take, or did not need this time, is named in a "
                                    "warning; one close to "
                                    "a field it takes (a typo) is refused. Exit 0 written (warnings on "
                                    "standard error), 2 refused or unreadable: nothing written (with "
                                    "--json, {\"game\", \"error\"}).")
    d.add_argument("log", metavar="LOG", help="the existing tracker log (JSONL) to add the events to")
    d.add_argument("events", nargs="+", metavar="EVENT",
                   help='undo, redo, or a JSON object such as \'{"event": "minion_cheese", "count": 2}\' '
                        "(every event kind and its fields: 'companion mystics events')")
    d.add_argument("--json", action="store_true",
                   help="the chapter's state after the events as 'mystics replay --json' gives it, with "
                        "the log, the number of events added, what they did (said) and the warnings")
    _house_option(d)
    d.set_defaults(handler=_do)
    ev = msub.add_parser("events", help="every event 'mystics do' takes, with its fields",
                         description="Every event 'companion mystics do' takes, with its fields (in "
                                     "brackets: optional) and what it records (mice-and-mystics.txt).")
    ev.add_argument("--json", action="store_true",
                   help="the events as JSON: {kind: {kind, fields (needed), one_of (exactly one needed), "
                        "optional, notes, objects (the fields of an object a field holds), rule, does, "
                        "text}}")
    ev.set_defaults(handler=_events)

    o = groups["odds"].add_parser("mystics", help="Mice and Mystics action-die odds",
                                  description="Exact odds with the action die from the card data "
                                              "(mice-and-mystics.txt: Melee attack, Ranged attack, Moving "
                                              "across mousetraps, Search, Action Dice, Mouse Movement, "
                                              "Moving Melee Minions, Brodie Chases).")
    o.add_argument("kind", choices=["attack", "mousetrap", "search", "check", "move", "minion-move", "chase"],
                   metavar="KIND",
                   help="attack: wounds (and cheese) of one attack, --battle dice against --defense dice; "
                        "mousetrap: P(passing one, with --move or a tinkerer's --lore); search: P(a "
                        "search finds a card); check: P(at least one check symbol on --dice dice, "
                        "default 1); move: spaces a mouse moves, --move plus one die; minion-move: "
                        "spaces a melee minion moves, one die; chase: spaces Brodie chases, the total "
                        "of --dice dice (default 2). move, minion-move and chase need the die faces' "
                        "movement numbers: give them with --movement")
    o.add_argument("--battle", type=whole_in(0, 50), default=2,
                   help="attacker's battle value (dice, at most 50; default 2)")
    o.add_argument("--defense", type=whole_in(0, 50), default=1,
                   help="defender's defense value (dice, at most 50; default 1)")
    o.add_argument("--bonus", type=whole_in(-50, 50), default=0,
                   help="battle bonus dice from weapons/items (-50 to 50)")
    o.add_argument("--defense-bonus", type=whole_in(-50, 50), default=0,
                   help="defense bonus dice (armor; -50 to 50)")
    o.add_argument("--defense-dice", type=whole_in(-50, 50), default=0,
                   help="defense dice modifier (Filch's dagger: -1; -50 to 50)")
    o.add_argument("--ranged", action="store_true",
                   help="a ranged attack: bows hit (default: melee, swords hit)")
    o.add_argument("--attacker", choices=["mouse", "minion"], default="mouse",
                   help="who attacks (default mouse): cheese a minion rolls goes to the minion cheese "
                        "wheel (--wheel, --brodie), cheese a mouse rolls to its stash")
    o.add_argument("--brodie", action="store_true", help="Brodie's cheese does not go to the wheel")
    o.add_argument("--life", type=whole_in(1, 20), default=None,
                   help="defender's life left (1 to 20): P(defeat/capture)")
    o.add_argument("--wheel", type=whole_in(0, 5), default=None,
                   help="cheese on the wheel now (0-5): P(surge)")
    o.add_argument("--move", type=whole_in(0, 50), default=2, help="mouse move value, 0 to 50 (default 2)")
    o.add_argument("--lore", type=whole_in(0, 50), default=None, help="tinkerer's lore, 0 to 50 (mousetraps)")
    o.add_argument("--dice", type=whole_in(1, 50), default=None,
                   help="number of dice, 1 to 50 (check: default 1; chase: default 2)")
    o.add_argument("--movement", default=None,
                   help="movement numbers of the die faces, e.g. die-sword=1,die-bow=2,... (needed by move, "
                        "minion-move and chase unless 'companion cards correct mystics FACE movement=N' "
                        "gave them)")
    o.add_argument("--json", action="store_true",
                   help="machine-readable output: each probability and expectation (p; attack: "
                        "expected_wounds, p_at_least_one_wound, p_defeat with --life, p_surge with --wheel) "
                        "a float, with the exact fraction as text under the same name + '_exact' (as "
                        "'odds mousecard --json'); distributions (hits, wounds, cheese, distribution) as "
                        "exact fractions as text; notes (the rule-book sections and uncertain die faces)")
    o.set_defaults(handler=_odds)
