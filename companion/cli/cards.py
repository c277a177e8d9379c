"""``companion validate`` and ``companion cards list/import/export`` (issue 2).

- ``companion validate [PATH ...]``: every error of every card file (no path: all
  bundled data and the user's own files); exit 0 valid, 1 invalid, 2 unreadable.
- ``companion cards list GAME [--type T] [--json]``: a table of a game's cards (a card file of
  yours that does not load is left out with a warning, exit 0).
- ``companion cards import GAME FILE.csv --out FILE.json [--set NAME] [--json]``: a sheet to a card file.
- ``companion cards export GAME [--cards FILE] [--out FILE.csv [--json]]``: cards to a sheet.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import GAMES
from ..errors import (
    CompanionError,
    UnknownCardError,
    as_listed,
    closest_tied,
    did_you_mean,
    game_words,
    os_reason,
)
from ..textio import folder_problem, same_file

if TYPE_CHECKING:  # pragma: no cover
    from ..cardcsv import AddedBefore
    from ..cards import CardDB, ReadHere

#: The columns ``cards list`` shows per game, after id, name and type.
LIST_COLUMNS: dict[str, tuple[str, ...]] = {
    "village": ("atk", "def", "food", "abilities", "instant", "continuous"),
    "tmnt": ("attribute", "power", "attack_kind", "timing"),
    "monarchs": ("color", "player", "cost", "influence", "move_cover", "crowns", "qty"),
    "mousecard": ("rank", "suit", "colour"),
    "mystics": ("classes", "battle", "defense", "lore", "move", "life", "subtype", "cost", "movement",
                "bonus", "paws", "slot"),
}
#: The line under a table that marks a value whose reading is uncertain (as printed cards do).
UNCERTAIN_NOTE = "value? = reading uncertain (listed in the record's 'uncertain')"
#: The line under a table that marks a value of the user's own (``companion cards correct``).
CORRECTED_NOTE = ("value* = your correction (`companion cards correct`, saved in your corrections.json; "
                  "the record's source says why)")


def game_name(text: str) -> str:
    """A game as named on the command line, in any case (``Village``, ``TMNT``): its own lower-case
    name, which every command uses. The ``type`` of every ``GAME`` argument, so argparse's
    ``choices`` check (and its "did you mean") sees the name already folded; text that names no game
    is left as typed, for that check to refuse."""
    folded = text.strip().casefold()
    return folded if folded in GAMES else text


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = sub.add_parser("validate", help="check card files against the schemas (every error)",
                       description="Check card files: schema, duplicate ids, references, counts. "
                                   "No PATH checks all bundled data, your own card folders and your format "
                                   "files. "
                                   "Exit 0 valid, 1 invalid, 2 unreadable.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="card files or folders of card files")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.add_argument("--no-warnings", action="store_true", help="show errors only")
    p.set_defaults(handler=cmd_validate)

    cards = sub.add_parser("cards", help="list, import and export card data",
                           description="List a game's cards; import or export a spreadsheet (CSV).")
    csub = cards.add_subparsers(dest="cards_command", metavar="WHAT")
    cards.set_defaults(_group_parser=cards)
    games = list(GAMES)

    lp = csub.add_parser("list", help="a table of a game's cards",
                         description="A table of a game's cards (bundled, your folder, --cards files). "
                                     "A card file in your folder that does not load is left out, named "
                                     "with its problem on standard error.")
    lp.add_argument("game", type=game_name, choices=games, metavar="GAME", help=" | ".join(games))
    lp.add_argument("--type", dest="card_type", metavar="T", help="only cards of this type")
    lp.add_argument("--cards", action="append", metavar="FILE", help="also load this card file")
    lp.add_argument("--json", action="store_true", help="the cards as JSON")
    lp.set_defaults(handler=cmd_list)

    ip = csub.add_parser("import", help="a CSV sheet to a JSON card file",
                         description="Read a CSV sheet (columns = the schema's fields, 'qty' for copies, "
                                     "lists as 'a; b' or JSON cells) and write a validated card file. "
                                     "Its ids are checked against the game's loaded cards (bundled and "
                                     "your folder): to change one of those, fill the row's 'replaces' "
                                     "column (a sheet whose cards are in your folder already, as it "
                                     "has them, is said to be there). Every problem is reported by row "
                                     "and column, in one run; on any problem nothing is written.")
    ip.add_argument("game", type=game_name, choices=games, metavar="GAME", help=" | ".join(games))
    ip.add_argument("csv", metavar="FILE.csv",
                    help="the sheet: a header row of the game's field names (every card needs name, "
                         "type and source), one card per row")
    ip.add_argument("-o", "--out", required=True, metavar="FILE.json",
                    help="the card file to write (never your format or corrections file, nor a file in "
                         "your decks folder)")
    ip.add_argument("--set", dest="set_name", metavar="NAME",
                    help="a sheet whose 'set' column names several sets: import only the rows of set "
                         "NAME; otherwise the set's name (default: the sheet's 'set' column, else the "
                         "file name)")
    ip.add_argument("--source", metavar="TEXT",
                    help="where the cards come from, for the file as a whole (default: the sheet's "
                         "'set_source' column, which an export writes); each card still needs its own "
                         "'source' column")
    ip.add_argument("--notes", metavar="TEXT",
                    help="notes for the file as a whole (default: the sheet's 'set_notes' column)")
    ip.add_argument("--json", action="store_true",
                    help='a summary as JSON: {"game", "wrote", "cards", "set"}; on problems "wrote" is '
                         'null and "problems" lists them, each {"row", "column", "field", "problem", '
                         '"suggestions", "message"} (message: the problem as text)')
    ip.set_defaults(handler=cmd_import)

    ep = csub.add_parser("export", help="cards to a CSV sheet",
                         description="Write a game's cards (or those of --cards files) as a CSV sheet "
                                     "that `companion cards import` reads back unchanged.")
    ep.add_argument("game", type=game_name, choices=games, metavar="GAME", help=" | ".join(games))
    ep.add_argument("--cards", action="append", metavar="FILE",
                    help="export only the cards of this file (repeatable)")
    ep.add_argument("-o", "--out", metavar="FILE.csv", help="write here (default, or -: standard output)")
    ep.add_argument("--json", action="store_true",
                    help='with --out: a summary as JSON, {"game", "wrote", "cards"} (without --out the '
                         "sheet itself is the output)")
    ep.set_defaults(handler=cmd_export)

    fp = csub.add_parser("correct", help="fill in an unknown value (or fix one) for a bundled card",
                         description="Record your own value for a card's field, e.g. a stat the rule "
                                     "book does not show. It goes to <user data>/GAME/corrections.json "
                                     "as a record that replaces the bundled one and says so in its "
                                     "source; the bundled data is never changed. Nothing is written "
                                     "unless the result validates. To undo a correction, set the field "
                                     "back to the card's own value (null for one the book does not show).")
    fp.add_argument("game", type=game_name, choices=games, metavar="GAME", help=" | ".join(games))
    fp.add_argument("card", metavar="CARD", help="card name or id")
    fp.add_argument("values", nargs="+", metavar="FIELD=VALUE",
                    help="e.g. life=5 battle=2 classes='[\"healer\"]' (a list or object as JSON); "
                         "'source' is not correctable: it keeps the book's citation and adds --note")
    fp.add_argument("--note", default="", help="where the value comes from (e.g. 'read off my copy')")
    fp.add_argument("--json", action="store_true", help="print the record written")
    fp.set_defaults(handler=cmd_correct)


def cmd_correct(args: argparse.Namespace) -> int:
    """Record the values; a value that is the card's own (the book's) undoes its correction, and says
    so, rather than being reported as a correction saved."""
    from ..cards import leaving_out
    from ..corrections import MARK, correct_card, correction_entries, corrections_path, parse_assignment

    values: dict[str, Any] = {}
    written: dict[str, str] = {}  # each value as typed, for messages ("life=1e3")
    for text in args.values:
        name, value = parse_assignment(text)
        if name in values and json.dumps(values[name]) != json.dumps(value):  # (1 and true differ)
            raise CompanionError(f"the field {name!r} is given twice ({written[name]}, then {text.strip()}): "
                                 "give it once", where="cards correct", expected="each FIELD=VALUE once",
                                 suggestion="Nothing was saved.")
        values[name] = value
        written[name] = f"{name}={text.partition('=')[2].strip()}"
    # a broken card file of yours is left out, as by every command (:func:`cards_that_load`), and which
    # ones are kept: an unknown card may be one of theirs, said without reading the files again
    left_out: dict[str, list[str]] = {}
    try:
        with leaving_out(args.game) as (_db, left_out):
            _say_left_out(args.game, (), left_out)
            record = correct_card(args.game, args.card, values, note=args.note, written=written)
    except UnknownCardError as exc:  # (said once the files are read: which of yours are left out)
        raise _another_games_card(exc, args, left_out) from None
    if args.json:
        from . import print_json

        print_json(record)
    else:
        source = str(record.get("source", ""))
        mine = {n for names, _note in correction_entries(source) for n in names} if MARK in source else set()
        kept = [f"{k}={json.dumps(v)}" for k, v in values.items() if k in mine]
        own = [f"{k}={json.dumps(v)}" for k, v in values.items() if k not in mine]
        said = [f"{', '.join(kept)} (saved in {corrections_path(args.game)})"] if kept else []
        if own:  # (set back to what the card's own file says: a correction undone, or none made)
            said.append(f"{', '.join(own)}: the card's own value, so no correction of yours is kept for "
                        f"{'them' if len(own) > 1 else 'it'}"
                        + ("" if kept else f" ({corrections_path(args.game)})"))
        print(f"{record['name']} ({record['id']}): " + "; ".join(said))
    return 0


def _another_games_card(exc: UnknownCardError, args: argparse.Namespace,
                        left_out: Iterable[str]) -> UnknownCardError:
    """``exc``, with the command to run when its card is another game's (``cards correct village
    leonardo``: a TMNT card), as the deck commands say it of a list of another game's cards; a card of a
    file of yours left out (``left_out``: the files the command left out, as :func:`load_what_loads` keys
    them; not read again here) gets that file named; a name close to none of the game's (no "Did you
    mean") gets the command that lists them."""
    import shlex

    from ..cards import left_out_file_words, left_out_holders
    from ..deck.decklist import looks_like, other_game_of_names
    from . import hint_if_unlisted

    held, _untold = left_out_holders([exc.name], left_out)
    if held:  # (a card of a file of yours left out: that file is the reason, not a typo)
        path = held[exc.name]
        what, how = left_out_file_words(path)
        return exc.relabel(suggestion=f"It is a card of {Path(path).name}, {what}: fix that file first "
                                      f"({how}).")
    found = other_game_of_names([exc.name], exc.game, known=0)
    if found is None:
        return hint_if_unlisted(exc, exc.game)
    other, k, n = found
    key, caveat = _in_other_game(other, exc.name, [v.split("=", 1)[0].strip() for v in args.values])
    return exc.relabel(suggestion=" ".join(filter(None, [
        f"{looks_like(other, k, n)}: use `companion cards correct {other} {shlex.quote(key)} "
        f"{' '.join(shlex.quote(v) for v in args.values)}"
        f"{f' --note {shlex.quote(args.note)}' if args.note else ''}`{caveat}.", exc.suggestion])))


def _in_other_game(game: str, name: str, fields: list[str]) -> tuple[str, str]:
    """How the command suggested for another game's card (:func:`_another_games_card`) names it, and what
    it must mind there: the card's id where the name is one printing's (or ``ID`` and the printings' ids
    where several carry it, as ``cards correct`` asks), and the fields that game's card does not have."""
    from ..corrections import correctable_fields, printings_named
    from ..deck.decklist import their_cards

    try:
        db = their_cards(game)  # (as other_game_of_names read them; its files of yours left out)
        card = db.lookup(name)
    except CompanionError:
        return name, ""
    if card is None:
        return name, ""
    same = printings_named(db, name, card)
    key, notes = card.id, []
    if len(same) > 1:
        key = "ID"
        notes.append(f"{name.strip()!r} names {len(same)} {game_words(game)} cards, give one's id: "
                     + ", ".join(c.id for c in same))
    missing = [f for f in fields if f and f not in correctable_fields(game, card)]
    if missing:
        notes.append(f"a {game_words(game)} {card.type} card has no " + " or ".join(repr(f) for f in missing))
    return key, (" (" + "; ".join(notes) + ")" if notes else "")


def cmd_validate(args: argparse.Namespace) -> int:
    from ..validation import validate_paths

    report = validate_paths(args.paths)
    if args.no_warnings:
        report.issues = report.errors
    if args.json:
        from . import print_json

        print_json(report.to_json())
        return report.exit_code
    for issue in report.issues:
        print(issue.render())
    print(report.summary())
    return report.exit_code


def _cell(value: Any, *, applies: bool = True) -> str:
    """A table cell: a null is "unknown", or "—" where the field does not apply (``applies``
    false: the schema makes it null for every card of the type, such as a joker's suit)."""
    if value is None:
        return "unknown" if applies else "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(str(v.get("name", v)) if hasattr(v, "get") else str(v) for v in value)
    return str(value)


def table(rows: list[list[str]]) -> str:
    """A plain text table with aligned columns."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def load_cards(game: str, extra: Sequence[str] = ()) -> tuple[CardDB, list[str]]:
    """A game's cards (bundled, your folder's, then ``extra`` files) and a warning per card file of
    yours left out because it does not load, each said on standard error too: one broken file never
    stops a command (as the card and deck pages leave it out). A warning names the file and its first
    problem (file, line, JSON pointer, expected and found), counts the others and gives the
    ``companion validate`` command listing them. An ``extra`` file that does not load (named on
    purpose) and bundled cards that do not load are errors."""
    from ..cards import load_what_loads

    db, skipped = load_what_loads(game, extra)
    return db, _say_left_out(game, extra, skipped)


@contextmanager
def cards_that_load(game: str, extra: Sequence[str] = ()) -> Iterator[tuple[CardDB, list[str]]]:
    """:func:`load_cards` for a command whose own code loads the cards again (the Mice and Mystics
    data, a correction): while the block runs, every load of ``game``'s cards leaves out
    the same files of yours (:func:`companion.cards.leaving_out`), which were said once, here."""
    from ..cards import leaving_out

    with leaving_out(game, extra) as (db, skipped):
        yield db, _say_left_out(game, extra, skipped)


def _say_left_out(game: str, extra: Sequence[str], skipped: dict[str, list[str]]) -> list[str]:
    """The warnings of :func:`load_cards`, each said on standard error; raises when even the bundled
    cards do not load."""
    from ..cards import BUNDLED, RECORD_KEY, load_game

    if BUNDLED in skipped:  # nothing loads at all: the first failure, as loading says it
        load_game(game, include_user=False, extra=extra)  # (no file of yours loads then: all are left out)
    left_out = []
    for path, problems in skipped.items():
        more = len(problems) - 1
        line = (f"your {game} card file {Path(path).name} does not load and is left out: "
                f"{problems[0].rstrip('.')}"
                + (f" (and {more} more problem{'s' * (more != 1)})" if more > 0 else "")
                + f"; run `companion validate {RECORD_KEY.sub('', path)}`")
        if RECORD_KEY.search(path):  # one record of your corrections (its card is in a file left out)
            line = f"left out {path}: {problems[0]}"
        left_out.append(line)
        print(f"companion: warning: {line}", file=sys.stderr)
    return left_out


def cmd_list(args: argparse.Namespace) -> int:
    """List the cards that load. A card file of yours that does not is left out with a warning on
    standard error (:func:`load_cards`), and the exit status stays 0, as for the deck commands: the
    list asked for is shown, and ``companion validate`` is the command whose status judges files.
    ``--json`` stays a list of cards, so the warnings go to standard error only. In the table a value
    whose reading is uncertain is marked ``?`` and a value of your own correction ``*`` (``5*``), each
    mark explained under it; ``--json`` is unchanged (a correction says so in the record's source)."""
    from ..cards import corrected_fields, not_applicable

    db, _left_out = load_cards(args.game, args.cards or ())
    cards = list(db)
    if args.card_type:
        types = sorted({c.type for c in db})
        args.card_type = _listed_type(args.card_type, types)
        if args.card_type not in types:
            raise CompanionError(f"unknown {game_words(args.game)} card type {args.card_type!r}",
                                 expected="one of " + ", ".join(types),
                                 suggestion=did_you_mean(closest_tied(args.card_type, types, n=3)))
        cards = [c for c in cards if c.type == args.card_type]
    if args.json:
        from . import print_json

        print_json([c.to_json() for c in cards])
        return 0
    extra = [f for f in LIST_COLUMNS.get(args.game, ()) if any(f in c.data for c in cards)]
    rows = [["id", "name", "type", *extra]]
    marked = mine = False
    for c in cards:
        unsure, corrected = _uncertain(c), corrected_fields(c)
        row = [c.id, c.name, c.type]
        for f in extra:
            text = _cell(c.get(f), applies=not not_applicable(c, f)) if f in c.data else ""
            if f in unsure and c.get(f) is not None:
                text += "?"
                marked = True
            if f in corrected and c.get(f) is not None:  # (a value of yours, not the book's)
                text += "*"
                mine = True
            row.append(text)
        rows.append(row)
    print(table(rows))
    demo = sum(c.is_demo for c in cards)
    print(f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f" ({demo} demo)" if demo else ""))
    if marked:
        print(UNCERTAIN_NOTE)
    if mine:
        print(CORRECTED_NOTE)
    return 0


def _listed_type(text: str, types: Sequence[str]) -> str:
    """The type ``text`` names, as ``--type`` takes it: its id in any case (``Attack``), or its name as
    the Cards page and the printed card say it (``Basic Mouse``, ``basic_mouse``: :func:`type_name`), so
    a type copied off the page is not refused; ``text`` itself when it names none (the caller refuses
    it, suggesting every type as close: "mouse" is basic-mouse and mega-mouse alike)."""
    from ..cards import type_name

    listed = as_listed(text, types)
    if listed in types:
        return listed
    words = " ".join(text.replace("_", " ").replace("-", " ").split()).casefold()
    return next((t for t in types if type_name(t).casefold() == words), text)


def _uncertain(card: Any) -> frozenset[str]:
    """The fields a record lists in ``uncertain``: read from the book, but the reading is not sure."""
    flagged = card.get("uncertain")
    return frozenset(f for f in flagged if isinstance(f, str)) if isinstance(flagged, tuple | list) \
        else frozenset()


def _check_output(out: str, suffix: str, inputs: list[str], *, what: str) -> None:
    """Refuse an ``--out`` that would overwrite one of the inputs, or does not end in ``suffix``
    (a card file written over a sheet, or a sheet over a card file, would lose the user's work),
    or lies in a folder that does not exist: a mistyped folder is the user's error, said before
    anything is read or written, never a folder made where none was meant (as ``--plot`` and
    ``--layout-json`` refuse one too)."""
    if Path(out).suffix.lower() != suffix:
        raise CompanionError(f"{out!r} does not end in {suffix}", where="--out",
                             expected=f"a {what} path ending in {suffix}",
                             found=Path(out).suffix or "no suffix",
                             suggestion=f"Name the file {Path(out).stem or 'cards'}{suffix}.")
    folder = Path(out).parent
    if (problem := folder_problem(folder)) is not None:
        raise CompanionError(f"the folder {str(folder)!r} {problem}",
                             where=f"--out {out}", expected=f"a {what} path in an existing folder",
                             suggestion="Create the folder first, or write the file elsewhere; nothing "
                                        "was written.")
    for src in inputs:
        if same_file(out, src):
            raise CompanionError(f"{out!r} is the file being read; writing it would replace it",
                                 where="--out", expected=f"a new {what} path, not {src!r}",
                                 suggestion="Choose another --out; nothing was written.")
    from ..cards import DATA_DIR, user_data_dir
    from ..textio import within

    if within(folder, DATA_DIR):  # the bundled data never changes: a user's cards go in their own folder
        raise CompanionError(f"{out!r} is in the bundled data folder, which is never changed",
                             where="--out", expected=f"a {what} path outside {DATA_DIR}",
                             suggestion=f"Write them elsewhere (your own cards load with the game from "
                                        f"{user_data_dir()}/<game>/); nothing was written.")


def _refuse_decks_folder(out: str, game: str, what: str, role: ReadHere | None) -> None:
    """Refuse an ``--out`` in your logs, high scores or drafts folder (``"state"``: what the pages keep), or
    in your decks folder (:func:`companion.cards.read_here`'s ``"decks"``: where the deck builder saves
    decklists and offers them, as the print page does): a card file or a sheet written there would
    replace a saved deck, or be offered as a deck that cannot be read. Said before anything is read or
    written, as for the format and corrections files, in the words every command that writes a file uses
    (:func:`companion.cli.deck.refuse_read_place`). ``what``: the kind of file written; ``role``: what
    :func:`~companion.cards.read_here` says of ``out``."""
    from ..cards import user_data_dir
    from .deck import refuse_read_place

    if role is None or role.kind not in ("state", "decks"):  # (the others: the caller's own checks)
        return
    hint = (f"Your own {game} cards load from {user_data_dir() / game} (e.g. --out "
            f"{user_data_dir() / game / Path(out).name})" if what.startswith("JSON") and role.kind == "decks"
            else "")
    refuse_read_place(out, "--out", decks=f"the deck builder and the print page would offer a {what} there "
                                          "as a decklist", hint=hint, role=role)


def cmd_import(args: argparse.Namespace) -> int:
    from ..cardcsv import CsvImportError, added_before, card_file_text, import_csv, read_csv_file
    from ..textio import write_text_atomic

    path = Path(args.csv)
    _check_output(args.out, ".json", [args.csv], what="JSON card file")
    from ..cards import read_here
    from ..validation import _game_roots, folder_game

    role = read_here(args.out)
    if role is not None and role.kind in ("format", "corrections"):  # (a card file of this game may be
        # imported again in its place: it is checked among the others as it will load)
        there = Path(args.out).exists()
        raise CompanionError(f"{args.out!r} is {role.what}"
                             + ("; writing it would replace it" if there else "; a card file there would "
                                f"be read as {'a format' if role.kind == 'format' else 'your corrections'}"),
                             where="--out", expected="a JSON card file path that is not a format file or "
                                                     "your corrections",
                             suggestion=("Change corrections with `companion cards correct`. "
                                         if role.kind == "corrections" else "")
                             + "Choose another --out; nothing was written.")
    _refuse_decks_folder(args.out, args.game, "JSON card file", role)
    holder = folder_game(args.out, _game_roots())
    if holder not in (None, args.game):  # every reader of that game would refuse the file
        raise CompanionError(f"{args.out!r} is in the folder of {holder} cards, which the {holder} "
                             f"commands read, and these are {args.game} cards", where="--out",
                             expected=f"a path outside {Path(args.out).parent}, or in the {args.game} folder",
                             suggestion="Choose another --out; nothing was written.")
    if args.source is not None and not args.source.strip():  # (the sheet is not to blame)
        raise CompanionError("--source is blank", where="--source", expected="where the cards come from",
                             suggestion="Leave --source out to use the sheet's set_source column.")
    raw = read_csv_file(path)
    try:
        doc = import_csv(args.game, raw, file=str(path), set_name=args.set_name, source=args.source,
                         out=args.out, notes=args.notes)
    except CsvImportError as exc:
        if (kept := added_before(args.game, exc)) is not None:  # (the sheet as converted)
            return _say_added_before(args, kept)
        if args.json:
            from . import print_json

            # each problem's parts (row, column, field, close names) and its text, as "message"
            print_json({"game": args.game, "wrote": None, "file": str(path),
                        "problems": [p.to_json() for p in exc.issues]})
            return 1
        for problem in exc.problems:
            print(f"{path}: {problem}", file=sys.stderr)
        print(f"companion: {len(exc.problems)} problem{'s' * (len(exc.problems) != 1)}; "
              f"{args.out} was not written", file=sys.stderr)
        return 1
    try:
        write_text_atomic(args.out, card_file_text(doc), parents=False)
    except OSError as exc:
        raise CompanionError(f"cannot be written ({os_reason(exc)})", where=str(args.out)) from None
    n = len(doc["cards"])
    from ..validation import validate_paths

    # what validate would warn of in the file written (art it cannot read, an 'unknown' value...)
    warnings = [i.render() for i in validate_paths([args.out]).warnings]
    if args.json:
        from . import print_json

        print_json({"game": args.game, "wrote": args.out, "cards": n, "set": doc["set"],
                    "warnings": warnings})
    else:
        print(f"wrote {n} card{'s' * (n != 1)} of set {doc['set']!r} to {args.out}")
        for warning in warnings:
            print(f"companion: {warning}", file=sys.stderr)
    return 0


def _say_added_before(args: argparse.Namespace, kept: AddedBefore) -> int:
    """Say that the sheet imported is in your cards already (``kept``: the file holding its cards as it has
    them), in the Cards page's words (:meth:`AddedBefore.said`), rather than a duplicate id per row each
    advising a ``replaces`` column; nothing is written (exit 1: ``--out`` was not). ``--json``: the
    summary of a refused import, its one problem that, and ``added_before`` the file holding the cards."""
    import shlex

    from ..cardcsv import SheetProblem

    head, where, change, command = kept.said(args.game, shlex.quote(args.csv))
    said = f"{head}. {where} {change}: `{command}`"
    if args.json:
        from . import print_json

        print_json({"game": args.game, "wrote": None, "file": args.csv, "added_before": str(kept.path),
                    "cards": kept.cards, "problems": [SheetProblem(said).to_json()]})
        return 1
    print(f"{args.csv}: {said}", file=sys.stderr)
    print(f"companion: nothing to import; {args.out} was not written", file=sys.stderr)
    return 1


def cmd_export(args: argparse.Namespace) -> int:
    from ..cardcsv import export_csv
    from ..cards import file_key, load_file, read_here, read_json_file
    from ..textio import write_text_atomic

    if args.out == "-":  # standard output, as for deck export (./- names a file called '-')
        args.out = None
    if args.json and not args.out:
        raise CompanionError("--json needs --out FILE.csv", where="cards export",
                             suggestion="Without --out (or with -o -) the CSV sheet itself goes to "
                                        "standard output")
    if args.out:
        _check_output(args.out, ".csv", list(args.cards or ()), what="CSV sheet")
        # (a list kept as CSV is saved there too)
        _refuse_decks_folder(args.out, args.game, "CSV sheet", read_here(args.out))
    if args.cards:
        cards = []
        read: set[str] = set()
        for f in args.cards:  # a file named twice is read once (its rows would clash on import)
            key = file_key(f)
            if key not in read:
                read.add(key)
                cards += load_file(f, args.game)
    else:  # (a card file of yours that does not load is left out, with a warning)
        cards = list(load_cards(args.game)[0])
    # each card file's own fields, read once: its source and notes (not "$schema": cardcsv.FILE_COLUMNS)
    files: dict[str, dict[str, Any]] = {}
    for c in cards:
        if c.file is not None and c.file not in files:
            doc = read_json_file(c.file)
            files[c.file] = {k: doc.get(k) for k in ("source", "notes")} if isinstance(doc, dict) else {}
    text = export_csv(args.game, [c.to_json() for c in cards], [c.set for c in cards],
                      [files.get(c.file or "", {}) for c in cards])
    if args.out:
        try:
            # the BOM lets spreadsheets see UTF-8; the folder was checked (_check_output), never made
            write_text_atomic(args.out, text, encoding="utf-8-sig", parents=False)
        except OSError as exc:
            raise CompanionError(f"cannot be written ({os_reason(exc)})", where=str(args.out)) from None
        if args.json:
            from . import print_json

            print_json({"game": args.game, "wrote": args.out, "cards": len(cards)})
        else:
            print(f"wrote {len(cards)} card{'s' * (len(cards) != 1)} to {args.out}")
    else:
        sys.stdout.write(text)
    return 0
