"""``companion tmnt attack`` (is this attack legal, and what does it do?), ``tmnt adjust``, ``tmnt replay``,
``tmnt do LOG EVENT...`` (record a game, all or nothing) and ``tmnt events``.

Exit codes: 0 legal attack / clean log / events written, 1 illegal attack (every reason printed) / a
log with bad lines, 2 unreadable input (unknown card names with suggestions, bad ``ATTR:POWER``) or
events refused (nothing written).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import CompanionError, UnknownCardError
from ..logstarts import START_EXAMPLE
from ..verdict import plural
from . import (
    NEW_GAME_REPLACES,
    TRACKER_JSON_HELP,
    hint_if_unlisted,
    raise_unknown,
    whole_in,
)

KINDS_HELP = "KIND: normal, forceful (f), counter (c), forceful-counter (fc)"
#: Why a count of cards (hand, Deck) is at most ``companion.tmnt.game.COUNT_MAX``: the tracker's own limit.
_COUNT_WHY = "the TMNT tracker counts a hand or a Deck up to 10000 cards"
#: The event kinds of ``companion.tmnt.game.EVENTS``, named here so that --help stays light.
TMNT_EVENTS = ("start", "next", "flip", "play_event", "play_item", "attack", "result", "correct")


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = sub.add_parser("tmnt", help="TMNT TCG: attack calculator, game log replay and actions",
                       description="TMNT TCG table tools (tmnt-tcg.txt, Attack Phase).")
    p.set_defaults(_group_parser=p)
    tsub = p.add_subparsers(dest="tmnt_command", metavar="WHAT")
    a = tsub.add_parser(
        "attack", help="check an attack (Attack Step) and work out the Counter and Forward Steps",
        description="Check a Character and up to 3 Attack cards against the Attack Step rules, then "
                    "compute damage, Block cards flipped and cards sent from Deck to Trash. Cards are "
                    f"written ATTR:POWER[:KIND] (fire:3:forceful) or by card name. {KINDS_HELP}.",
        epilog="Example: companion tmnt attack --character wind:3 --attack fire:2 "
               "--attack nature:1 --attack mountain:3:forceful --counter 2 --blocks 4")
    a.add_argument("--character", required=True, metavar="ATTR:POWER|NAME",
                   help="the face-up card on the attacker's 1st Block Zone (ATTR:POWER:attack for an "
                        "Attack card there, which skips the Attack Step)")
    a.add_argument("--attack", action="append", default=[], metavar="ATTR:POWER[:KIND]|NAME",
                   help="an Attack card, in the order placed (repeat up to 3 times)")
    a.add_argument("--counter", metavar="POWER|ATTR:POWER[:KIND]|NAME",
                   help="the defender's Counter (a bare number is a Counter card of that Power)")
    a.add_argument("--blocks", type=whole_in(0, 4), default=None, metavar="N",
                   help="the defender's Block cards left, 0-4 (default 4, or 4 minus --empty-zones)")
    a.add_argument("--empty-zones", default=None, metavar="ZONES",
                   help="the defender's empty Block Zones, e.g. 1 or 1,3: the other Zones hold the Block "
                        "cards, and --face-up and the result then use Block Zone numbers")
    a.add_argument("--face-up", default="", metavar="CARDS",
                   help="which Block cards are already face-up (they still count when flipping), e.g. 1 "
                        "or 1,3: Block Zone numbers with --empty-zones (or with 4 Block cards: no Zone "
                        "empty); else Block cards counted from the 1st Block card, not Zone numbers")
    a.add_argument("--attack-card-power", choices=("count", "ignore"), default="count",
                   help="house reading: an Attack card on the 1st Block Zone counts its own Power "
                        "(default) or not; the book is silent")
    a.add_argument("--power-bonus", type=whole_in(0, 999999), default=0, metavar="N",
                   help="Power that Items or card texts add to the total, 0 to 999999 (the most a Power "
                        "takes; default 0)")
    a.add_argument("--defender-deck", type=whole_in(0, 10000), metavar="N",
                   help="cards in the defender's Deck, 0 to 10000")
    a.add_argument("--attacker-deck", type=whole_in(0, 10000), metavar="N",
                   help="cards in the attacker's Deck, 0 to 10000")
    a.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="an extra card file for card names (repeat for more)")
    a.add_argument("--json", action="store_true", help="machine-readable result")
    a.set_defaults(handler=attack_command)

    d = tsub.add_parser("adjust", help="the Adjust Phase draw for a hand and empty Block Zones",
                        description="The Adjust Phase for a hand and its empty Block Zones: (1) bring the "
                                    "hand to 5 (draw up or discard down), then (2) draw 1 plus 1 per empty "
                                    "Block Zone (tmnt-tcg.txt, Adjust Phase).")
    d.add_argument("--hand", type=whole_in(0, 10000), required=True, metavar="N",
                   help="cards in hand now, 0 to 10000")
    d.add_argument("--empty", type=whole_in(0, 4), default=0, metavar="N", help="empty Block Zones, 0-4")
    d.add_argument("--deck", type=whole_in(0, 10000), default=40, metavar="N",
                   help="cards left in the Deck, 0 to 10000 (default 40: a full Deck)")
    d.add_argument("--json", action="store_true",
                   help="discard, refill, draw, hand and Deck after, and the rule's section as JSON (with "
                        "Game Over's when the Deck runs out)")
    d.set_defaults(handler=adjust_command)

    r = tsub.add_parser("replay", help="replay a TMNT game log and show the table",
                        description="Fold a TMNT tracker log (JSONL) and print both players' Block "
                                    "Zones, hand, Deck and Trash counts and the phase. Exit 1 if the log "
                                    "has bad lines (each said on standard error: 'log problem: ...').")
    r.add_argument("log", metavar="LOG",
                   help="the tracker log (JSONL; the notebook's is logs/tmnt.jsonl in the user data folder); "
                        "read, never changed")
    r.add_argument("--json", action="store_true",
                   help="the state as JSON, with the number of actions in force as events (and "
                        f"{TRACKER_JSON_HELP}; each problem with its line and message)")
    r.set_defaults(handler=replay_command)

    d = tsub.add_parser("do", help="record actions in a TMNT game log (checked against the rules)",
                        description="Record actions in a TMNT tracker log, as the notebook's buttons do. "
                                    'Each EVENT is a JSON object such as \'{"event": "flip", "card": '
                                    '"character"}\', or undo/redo. All or nothing: the events are checked '
                                    "together first against the phases of Game Flow and the Attack Phase "
                                    "steps (tmnt-tcg.txt), and nothing is written unless every one is "
                                    "allowed; then they are written in one append (Ctrl+C or a full disk "
                                    "leaves all of them or none; a crash or kill -9 during that write may "
                                    "leave only the first of them). A field the event does not take, or did "
                                    "not need this time, is named in a warning; one close to a field it "
                                    "takes (a typo) is "
                                    "refused, and so is an event without a field it needs. A start without "
                                    "'first' or 'seed' gets a fresh seed for the coin toss, recorded in the "
                                    "log; a start on a log that holds a game is refused, as 'village do' "
                                    "refuses it, unless --new-game is given. Exit 0 written (warnings on "
                                    "standard error), 2 refused or unreadable: nothing written (with --json, "
                                    "{\"game\", \"error\"}).",
                        epilog="Example: companion tmnt do game.jsonl "
                               f"{START_EXAMPLE} '{{\"event\": \"next\"}}'")
    d.add_argument("log", metavar="LOG",
                   help="the tracker log (JSONL) to add to; a missing file is created when the first EVENT "
                        "is a start, in a folder that exists (none is made; the notebook's log is "
                        "logs/tmnt.jsonl in the user data folder)")
    d.add_argument("events", nargs="+", metavar="EVENT",
                   help="undo, redo, or a JSON object {\"event\": KIND, ...}; KIND is one of "
                        + ", ".join(TMNT_EVENTS) + " (each one's fields: 'companion tmnt events'; players "
                        "are 0 for Player 1 and 1 for Player 2)")
    d.add_argument("--new-game", action="store_true",
                   help="let a start begin a new game in a log that holds one (as the notebook's New game "
                        "does): it replaces that game, and undo brings it back")
    d.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="an extra card file for card names in an attack event (repeat for more)")
    d.add_argument("--json", action="store_true",
                   help="the state after the events as 'tmnt replay --json' gives it, with the log, the "
                        "number of events added, what they did (said) and the warnings")
    d.set_defaults(handler=do_command)

    ev = tsub.add_parser("events", help="every event 'tmnt do' takes, with its fields",
                         description="Every event 'companion tmnt do' takes, with its fields (in brackets: "
                                     "optional), what it records and its tmnt-tcg.txt section (Getting "
                                     "Started, Game Flow, the Flip, Event and Item Phases, the Attack "
                                     "Phase's steps, Game Over).")
    ev.add_argument("--json", action="store_true",
                    help="the events as JSON: {kind: {kind, fields (needed), one_of, optional, notes, "
                         "objects (the fields of a card or Block Zone given as an object), rule, does, "
                         "text}}")
    ev.set_defaults(handler=events_command)


class _Resolver:
    """Turns ``ATTR:POWER[:KIND]`` or a card name into a BattleCard, loading the card DB lazily
    (at once with :meth:`load` when card files are named, so a bad file is never passed over)."""

    def __init__(self, extra: list[str]) -> None:
        self.extra = extra
        self._db: Any = None
        self.unknown: list[UnknownCardError] = []
        self.notes: list[Any] = []
        self._noted: set[str] = set()

    def load(self) -> Any:
        """The card database: bundled, the user's and the ``--cards`` files (raises on a bad ``--cards``
        file; a card file of yours that does not load is left out, with a warning)."""
        if self._db is None:
            from .cards import load_cards

            self._db, _left_out = load_cards("tmnt", self.extra)
        return self._db

    def __call__(self, text: str, *, role: str, card_type: str, default_kind: str = "normal") -> Any:
        """The BattleCard ``--ROLE TEXT`` gives: a card of the data it names (:meth:`card`), else the card
        written out (``ATTR:POWER[:KIND]``, a Counter's bare Power); ``None`` for a name the data does not
        hold, kept in :attr:`unknown` (every unknown name is said at once)."""
        from ..tmnt.attack import ATTRIBUTES, bare_counter, bare_power, from_card, parse_spec

        try:
            card = self.card(text, card_type=card_type, where=f"--{role}", counter=role == "counter")
        except UnknownCardError as exc:
            self.unknown.append(exc)
            return None
        if card is not None:
            return from_card(card)
        if role == "counter" and bare_power(text):
            return bare_counter(text, where="--counter")
        if not text.strip():
            raise CompanionError(f"--{role}: empty card", expected="ATTR:POWER[:KIND] or a card name")
        if text.strip().lower() in ATTRIBUTES:  # an Attribute without its power
            raise CompanionError(f"--{role} {text!r} is an Attribute without a power",
                                 expected=f"ATTR:POWER (e.g. {text.strip().lower()}:3) or a card name",
                                 suggestion="Add the card's power after a colon.")
        # ATTR:POWER[:KIND], or a mistyped one: its own error says how it is written
        return parse_spec(text, card_type=card_type, where=f"--{role} {text!r}", default_kind=default_kind)

    def card(self, text: str, *, card_type: str, where: str, counter: bool = False,
             name_only: bool = False) -> Any:
        """The card of the data that ``text`` names (its id or name: :meth:`~companion.cards.CardDB.lookup`),
        as ``tmnt attack`` and the attack events of ``tmnt do`` read a card alike; ``None`` when ``text`` is
        a card written out, not a name, for the caller to read as such: ``ATTR:POWER[:KIND]``, a Counter's
        bare Power (``counter``), nothing, an Attribute without its Power, or a mistyped ``ATTR:POWER`` (a
        colon, and no card's name close to it). ``name_only``: ``text`` is a name (an object's ``name``),
        never a card written out. A title of several printings is read as the first, said once
        (:meth:`_note_printings`). A name the data does not hold is an :class:`UnknownCardError` at
        ``where``, with the closest names of ``card_type`` (the type the option or field takes), else of
        any card."""
        from ..errors import closest
        from ..tmnt.attack import ATTRIBUTES, bare_power, looks_like_spec

        written = (counter and bare_power(text)) or looks_like_spec(text) or not text.strip()
        if written and not name_only:
            return None
        db = self.load()
        card = db.lookup(text)
        if card is not None:
            self._note_printings(db, card, text)
            return card
        if not name_only and ((":" in text and not db.suggest(text)) or text.strip().lower() in ATTRIBUTES):
            return None
        near = closest(text.strip(), [c.name for c in db.of_type(card_type)]) or db.suggest(text)
        raise UnknownCardError(text.strip(), "tmnt", near, where=where)

    def _note_printings(self, db: Any, card: Any, text: str) -> None:
        """Say once per title which printing a name chose, when the title has several: the first, a
        house reading (the rule book names no printing), cited with the section where printings count."""
        from .. import cite
        from ..deck.fields import norm
        from ..verdict import Note

        title = norm(card.name)
        printings = [c for c in db.cards if norm(c.name) == title]
        if len(printings) < 2 or norm(card.id) == norm(text) or title in self._noted:
            return
        self._noted.add(title)
        ids = ", ".join(c.id for c in printings)
        self.notes.append(Note("printings", "house reading: the rule book does not say which printing a "
                               f"name means, so {card.name!r} ({len(printings)} printings: {ids}) is read "
                               f"as the first, {card.id}; give the id to choose another",
                               cite("tmnt", "How to Build Your Own Deck (2)")))


def attack_command(args: argparse.Namespace) -> int:
    from ..cli import print_json
    from ..tmnt.attack import POWER_MAX, deck_to_trash, resolve_attack
    from ..tmnt.game import COUNT_MAX
    from . import bounded

    for option in ("defender_deck", "attacker_deck"):
        bounded(f"--{option.replace('_', '-')}", getattr(args, option), 0, COUNT_MAX, _COUNT_WHY)
    bounded("--power-bonus", args.power_bonus, 0, POWER_MAX, "the most a Power takes")
    if args.blocks is not None and not 0 <= args.blocks <= 4:
        raise CompanionError(f"the defender has 0 to 4 Block cards, not {args.blocks}", where="--blocks",
                             expected="a whole number 0 to 4")
    blocks, zones, face_up = _defender(args)
    resolve = _Resolver(args.cards)
    if args.cards:
        resolve.load()  # a card file that is missing or broken is an error even when no name needs it
    first = resolve(args.character, role="character", card_type="character")
    attacks = [resolve(t, role="attack", card_type="attack") for t in args.attack]
    counter = (resolve(args.counter, role="counter", card_type="attack", default_kind="counter")
               if args.counter is not None else None)
    raise_unknown("tmnt", resolve.unknown)
    verdict = resolve_attack(first, attacks, counter, blocks=blocks, face_up=face_up, zones=zones,
                             attack_card_power=args.attack_card_power == "count",
                             power_bonus=args.power_bonus,
                             defender_deck=args.defender_deck, attacker_deck=args.attacker_deck)
    if resolve.notes:
        from ..verdict import Verdict

        verdict = Verdict(verdict.problems, (*resolve.notes, *verdict.notes), verdict.extra)
    if args.json:
        print_json({**verdict.to_json(), "character": first.to_json(),
                    "attacks": [c.to_json() for c in attacks],
                    "counter": counter.to_json() if counter else None})
    else:
        total = verdict.extra.get("total_power")
        head = first.label
        if first.type == "attack" and args.attack_card_power == "ignore":  # its Power is not in the total
            head += " (ignored: --attack-card-power ignore)"
        bonus = [f"{args.power_bonus} from Items/card text"] if args.power_bonus else []
        line = " + ".join([head, *(c.label for c in attacks), *bonus])
        print(f"Attack: {line}" + (f" = total Power {total}" if total is not None else ""))
        if counter is not None:
            print(f"Counter: {counter.label}")
        if verdict.extra.get("damage") is not None:
            x = verdict.extra
            sent = {who: deck_to_trash(x, who) for who in ("defender", "attacker")}
            print(f"Damage {x['damage']}: {plural(x['blocks_flipped'], 'Block card')} flipped, defender "
                  f"sends {sent['defender']} and attacker sends {sent['attacker']} from Deck to Trash")
            if x["newly_face_up_blocks"]:
                print(_turned_up(x))
        print("\n".join(verdict.lines()))
    return 0 if verdict.is_legal else 1


def _positions(text: str, option: str = "--face-up", what: str = "face-up position") -> list[int]:
    """The numbers of a comma list (``1,3``) typed for ``option``."""
    from ..textio import number_text

    out = []
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        if not part.isdecimal():
            raise CompanionError(f"cannot read {what} {part!r}", where=option,
                                 expected="numbers like 1 or 1,3")
        if len(part) > 4:  # (no Block card or Zone is numbered so; int() refuses thousands of digits)
            raise CompanionError(f"{what} {number_text(part)} is out of range", where=option,
                                 expected="numbers like 1 or 1,3 (Block Zones and Block cards are 1 to 4)")
        out.append(int(part))
    return out


def _defender(args: argparse.Namespace) -> tuple[int, list[int] | None, list[int]]:
    """The defender's Block cards, the Block Zone each is on (``None``: not known) and the face-up ones
    as places from the 1st Block card. With ``--empty-zones`` the Zones are known and ``--face-up``
    names Zones; without it they are known only with 0 or 4 Block cards, and ``--face-up`` counts Block
    cards from the 1st (a number past them is refused, saying so: tmnt-tcg.txt, Game Mat)."""
    from .. import cite

    up = _positions(args.face_up)
    if args.empty_zones is None:
        blocks = 4 if args.blocks is None else args.blocks
        past = sorted(p for p in up if not 1 <= p <= blocks)
        if past:
            raise CompanionError(
                f"--face-up {','.join(map(str, past))}: the defender has {plural(blocks, 'Block card')}; "
                "--face-up counts Block cards from the 1st, not zone numbers",
                expected=f"Block cards 1 to {blocks}" if blocks else "no --face-up (no Block cards)",
                suggestion="Or give --empty-zones (e.g. --empty-zones 1) to use Block Zone numbers.")
        return blocks, None, up
    empty = _positions(args.empty_zones, "--empty-zones", "empty Block Zone")
    bad = sorted(z for z in empty if not 1 <= z <= 4)
    if bad or len(set(empty)) != len(empty):
        raise CompanionError(f"--empty-zones {args.empty_zones!r}: Block Zones are 1 to 4, each named once",
                             where="--empty-zones", expected="Zones like 1 or 1,3")
    zones = [z for z in range(1, 5) if z not in empty]
    if args.blocks is not None and args.blocks != len(zones):
        on = f"Zone{'s' * (len(zones) != 1)} {', '.join(map(str, zones))}" if zones else "every Zone empty"
        raise CompanionError(f"--blocks {args.blocks} but --empty-zones leaves "
                             f"{plural(len(zones), 'Block card')} ({on})", where="--blocks",
                             suggestion="Leave --blocks out: --empty-zones says it.")
    off = sorted(set(up) - set(zones))
    if off:
        raise CompanionError(f"--face-up {','.join(map(str, off))}: "
                             + ("that Block Zone is" if len(off) == 1 else "those Block Zones are")
                             + " empty (--empty-zones), so no card there is face-up",
                             expected=f"Block Zones among {', '.join(map(str, zones))}",
                             suggestion=f"Block Zone numbers as on the mat ({cite('tmnt', 'Game Mat')}).")
    return len(zones), zones, [zones.index(z) + 1 for z in up]


def _turned_up(x: dict[str, Any]) -> str:
    """Which Block cards the attack turns face-up: by Block Zone when the Zones are known, else by
    place from the 1st Block card, saying which it is."""
    if x.get("newly_face_up") is not None:
        zones = x["newly_face_up"]
        return f"Turned face-up: Block Zone{'s' if len(zones) != 1 else ''} " + ", ".join(map(str, zones))
    places = x["newly_face_up_blocks"]
    return (f"Turned face-up: Block card{'s' if len(places) != 1 else ''} " + ", ".join(map(str, places))
            + " counted from the 1st Block card (not Zone numbers: give --empty-zones for those)")


def adjust_command(args: argparse.Namespace) -> int:
    from .. import cite
    from ..cli import print_json
    from ..tmnt.game import COUNT_MAX, adjust_phase
    from . import bounded

    bounded("--hand", args.hand, 0, COUNT_MAX, _COUNT_WHY)
    bounded("--deck", args.deck, 0, COUNT_MAX, _COUNT_WHY)
    a = adjust_phase(args.hand, args.deck, args.empty)
    over = cite("tmnt", "Game Over")  # a Deck run out ends the game: that is Game Over's rule
    out = {"discard": a.discard, "refill": a.refill, "draw": a.draw, "drawn": a.drawn,
           "hand_after": a.hand_after, "deck_after": a.deck_after, "deck_ran_out": a.deck_ran_out,
           "cite": cite("tmnt", "Adjust Phase"), "deck_ran_out_cite": over if a.deck_ran_out else None}
    if args.json:
        print_json(out)
    else:
        first = (f"discard {a.discard}" if a.discard else f"draw {a.refill}" if a.refill else "already 5")
        print(f"(1) hand to 5: {first}; (2) draw 1 + {plural(args.empty, 'empty Block Zone')} = {a.draw}")
        short = (f" (only {a.drawn} of the {a.refill + a.draw} to draw were left)"
                 if a.drawn < a.refill + a.draw else "")
        print(f"hand {a.hand_after}, Deck {a.deck_after}{short}"
              + (f" — the Deck ran out: game over ({over})" if a.deck_ran_out else ""))
        print(f"({out['cite']})")
    return 0


def replay_command(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..cli import existing_log, print_json, say_problems
    from ..eventlog import EventLog
    from ..tmnt.game import TmntTracker
    from .batch import say_stray_fields

    # (a folder or another kind of file: the log says what it is)
    path = existing_log(Path(args.log), game="tmnt")
    tracker = TmntTracker(EventLog(path, read_only=True))
    strays = say_stray_fields(tracker, quiet=args.json)  # (said first)
    if args.json:
        print_json(_replay_json(tracker, args.log, strays))
    else:
        print("\n".join(_board(tracker, args.log)))
        if tracker.state.started:
            print(f"{plural(len(tracker.history), 'action')} in force")
        say_problems(tracker.problems)
    return 1 if tracker.problems else 0


def _board(tracker: Any, log: str) -> list[str]:
    """The table as ``tmnt replay`` shows it, or why no game is under way (as every tracker says it)."""
    from ..cli import no_game_line
    from ..tmnt.game import describe

    return describe(tracker.state) if tracker.state.started else [no_game_line(tracker, log)]


def _replay_json(tracker: Any, log: str, warnings: list[str] | None = None) -> dict[str, Any]:
    """The log's state as ``tmnt replay --json`` prints it (``tmnt do --json`` adds to it): the keys every
    tracker's has (:func:`~companion.cli.tracker_json`; ``problems`` each with its line and message, as
    ever), then the state, and the number of actions in force as ``events`` too (its older name)."""
    from ..cli import tracker_json

    problems = [{"line": p.line, "message": p.message} for p in tracker.problems]
    return {**tracker_json("tmnt", tracker, log, problems=problems, warnings=warnings or ()),
            "state": tracker.state.to_json(), "events": len(tracker.history)}


def _read_events(raws: list[str]) -> list[Any]:
    """Each EVENT as ``undo``, ``redo`` (any case) or a JSON object, watched for the fields the rules
    read; a start with neither ``first`` nor ``seed`` gets a fresh seed for its coin toss, recorded
    in the log (as the notebook's "coin toss" does)."""
    from ..errors import LogError
    from ..tmnt.game import EVENTS
    from .batch import read_event, seeded, watched

    return [watched(seeded(read_event(raw, k, EVENTS, error=LogError, written="Nothing was written"),
                           unless=("first",)))
            for k, raw in enumerate(raws, start=1)]


def _said(t: Any, event: Any) -> list[str]:
    """Do one event of a batch; what it did, as the notebook's status line says it."""
    from ..tmnt.game import redone_line, undone_line

    kind = event.get("event")
    before = t.state.message
    replaced = kind == "start" and t.state.started
    t.act(event)
    if kind == "undo":
        return [undone_line(before)]
    if kind == "redo":
        return [redone_line(t.state.message)]
    said = [t.state.message]
    if kind == "start" and "first" not in event:
        said.append(f"the coin toss used seed {t.state.seed!r}, recorded in the log")
    if replaced:
        said.append(NEW_GAME_REPLACES)
    return said


#: The fields of an attack event that take a card, and the card type each takes (for the closest names).
_CARD_FIELDS = (("character", "character"), ("attacks", "attack"), ("counter", "attack"))


def _named_cards(events: list[Any], log: str, extra: list[str]) -> list[Any]:
    """Read the cards an attack event names from the card data, as ``tmnt attack --character NAME`` and
    the page do: a card's name (or id) written alone, or an object with a ``name`` and no ``attribute``
    or ``power``, becomes the card's object (type, attribute, power, kind, name; the object's own fields
    kept), which the log keeps, so a replay needs no card data. A name the card data does not hold is
    refused (nothing written) with the closest names of the card type the field takes. Returns the notes
    on which printing a name chose (:meth:`_Resolver.card`)."""
    from ..errors import LogError
    from .batch import refusal

    resolve = _Resolver(extra)
    if extra:
        resolve.load()  # a card file that is missing or broken is an error even when no name needs it
    for k, event in enumerate(events, start=1):
        if dict.get(event, "event") != "attack":  # (read without marking the field read)
            continue
        try:
            for field, card_type in _CARD_FIELDS:
                raw = dict.get(event, field)
                if field == "attacks" and isinstance(raw, list):
                    raw[:] = [_card_named(resolve, a, f"attack.attacks[{i}]", card_type)
                              for i, a in enumerate(raw)]
                elif field != "attacks" and raw is not None:
                    dict.__setitem__(event, field, _card_named(resolve, raw, f"attack.{field}", card_type,
                                                               counter=field == "counter"))
        except CompanionError as exc:
            raise refusal(exc, k, events, log, error=LogError) from None
    return resolve.notes


def _card_named(resolve: _Resolver, value: Any, where: str, card_type: str, *, counter: bool = False) -> Any:
    """``value`` (a card in an attack event) as the card data gives it, when it names a card
    (:func:`_named_cards`, by :meth:`_Resolver.card`, as ``tmnt attack`` reads one); as it is otherwise
    (ATTR:POWER, a Counter's bare Power, a full object, one of a card not in the data with its Attribute
    given: the tracker reads those)."""
    from ..tmnt.attack import CARD_FORMS, from_card
    from .batch import watched

    if isinstance(value, str):
        name = value
    elif isinstance(value, dict) and isinstance(value.get("name"), str) \
            and ("attribute" not in value or "power" not in value):
        name = value["name"]
    else:
        return value
    try:
        card = resolve.card(name, card_type=card_type, where=where, counter=counter,
                            name_only=isinstance(value, dict))
    except UnknownCardError as unknown:
        if isinstance(value, dict) and "attribute" in value:
            return value  # a card not in the data, its Attribute given (its Power unknown)
        raise CompanionError(unknown.message, where=where, expected=CARD_FORMS,
                             suggestion=hint_if_unlisted(unknown, "tmnt").suggestion) from None
    if card is None:
        return value
    found = from_card(card).to_json()
    return watched({**found, **value} if isinstance(value, dict) else found)


def do_command(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..cli import print_json, warn_set_aside
    from ..errors import LogError
    from ..eventlog import EventLog
    from ..tmnt.game import EVENT_FIELDS, EVENTS, TmntTracker, unknown_event
    from .batch import check_before_log, warn, write_all

    events = _read_events(args.events)
    path = Path(args.log)
    log = str(path)
    check_before_log(events, path, EVENTS, unknown=unknown_event, game="TMNT", tool="tmnt",
                     table=EVENT_FIELDS, error=LogError)
    notes = _named_cards(events, log, getattr(args, "cards", []))
    t = TmntTracker(EventLog(path))
    t.one_game = not getattr(args, "new_game", False)  # a start on a game is refused, as 'village do' does
    warnings = warn_set_aside(t)  # said first: the events may still be refused
    for note in notes:
        warn(f"{note.message} ({note.cite})", warnings)

    said = write_all(t, events, log, say=_said, error=LogError, unknown=unknown_event, warnings=warnings)
    if args.json:
        print_json({**_replay_json(t, log, warnings), "added": len(events), "said": said})
    else:
        board = _board(t, log)  # (its last line is the latest message, often said just above,
        # as it is or after "Redone: ")
        again = any(line == board[-1] or line.endswith(f": {board[-1]}") for line in said)
        print("\n".join([*said, *(board[:-1] if again else board)]))
    return 0


def events_command(args: argparse.Namespace) -> int:
    from ..tmnt.game import EVENT_FIELDS, EVENTS
    from .batch import print_events

    print_events(EVENT_FIELDS, EVENTS, as_json=args.json,
                 footer="Fields in brackets are optional; players are 0 (Player 1) and 1 (Player 2); undo "
                        "and redo take back an action and bring it back. Example: companion tmnt do "
                        "game.jsonl '{\"event\": \"flip\", \"card\": \"character\"}'")
    return 0
