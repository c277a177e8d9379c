"""``companion deck``: check a decklist's legality, show its statistics and opening-hand odds.

Exit codes (``check``): 0 legal, 1 not legal, 2 the list cannot be read (unknown
cards, bad counts, a missing file). ``--json`` prints machine-readable output;
on a list that cannot be read it prints ``{"game", "error", "issues": [...]}``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import os_reason
from . import hint_unlisted_lines, whole_in
from .cards import game_name

DECK_GAMES = ("village", "tmnt")
_BAR = 40  # the longest bar 'deck stats' prints, in characters


def _load(args: argparse.Namespace, *, notes: bool = True) -> tuple[Any, Any]:
    """The card database (bundled + ``--cards``) and the decklist (a file, or ``-`` for stdin);
    ``notes``: say on standard error how a name several cards carry was read (check lists them
    among its verdict's notes instead)."""
    from ..deck.decklist import (
        CardFileNotDecklist,
        DecklistError,
        card_file_error,
        parse,
        read_decklist,
    )
    from ..textio import read_stdin

    db = _cards(args)
    try:
        if args.deckfile == "-":
            deck = parse(read_stdin(what="decklist"), db, where="<stdin>")
        else:
            deck = read_decklist(args.deckfile, db)
    except DecklistError as exc:  # another game's list: the command to run instead
        said = exc.run_instead(lambda other: f"companion deck {args.deck_command} {other}")
        raise hint_unlisted_lines(said, args.game) from None
    except CardFileNotDecklist as exc:  # the commands to run with it instead
        import shlex

        file = shlex.quote(args.deckfile) if args.deckfile != "-" else "FILE"
        raise card_file_error(exc.where, suggestion=(
            "To use its cards with a decklist, pass it with --cards: `companion deck "
            f"{args.deck_command} {args.game} DECKFILE --cards {file}`; to check the card file itself: "
            f"`companion validate {file}`.")) from None
    if notes:
        for reading in deck.readings:  # a name several cards carry: which one the figures use
            print(f"companion: note: {reading}", file=sys.stderr)
    source = "standard input" if args.deckfile == "-" else args.deckfile
    unread = [f"{source} {warning}" for warning in deck.warnings]  # (a sheet's column): --json's too
    for warning in unread:
        print(f"companion: warning: {warning}", file=sys.stderr)
    args.left_out += unread
    return db, deck


def _cards(args: argparse.Namespace) -> Any:
    """The game's cards, leaving out a card file of yours that does not load (:func:`.cards.load_cards`);
    the warnings go in ``args.left_out`` too, for ``--json``'s ``warnings``."""
    from .cards import load_cards

    db, args.left_out = load_cards(args.game, args.cards or ())
    return db


def _format(args: argparse.Namespace) -> Any:
    """The format asked for (``--format``, else the game's standard one). A format file of yours that
    is skipped (it cannot be read, or takes a bundled format's id) is named on standard error, as
    ``deck formats`` names it, and added to ``args.left_out`` (``--json``'s ``warnings``); like a card
    file left out, it does not change the exit status: the command still judges the deck."""
    from ..deck.formats import FormatError, load_format

    skipped: list[FormatError] = []
    fmt = load_format(args.game, args.format, skipped=skipped)
    args.left_out += _say_skipped(skipped)
    return fmt


def _say_skipped(skipped: list[Any]) -> list[str]:
    """Name each format file of yours that was skipped (a :class:`~companion.deck.formats.FormatError`)
    on standard error, one line each, as every deck command says it; the lines, for ``--json``'s
    ``warnings``."""
    lines = [f"skipped a format file: {exc.render()}" for exc in skipped]
    for line in lines:
        print(f"companion: {line}", file=sys.stderr)
    return lines


def _title(deck: Any) -> str:
    n = deck.card_count
    return f"{deck.name or 'deck'}: {n} card{'s' * (n != 1)}"


def _format_label(fmt: Any) -> str:
    """``Village TCG format``; a format of the user's own also names its file."""
    return f"{fmt.name} format" + ("" if fmt.bundled else f", from your file {fmt.path}")


def _check(args: argparse.Namespace) -> int:
    from ..deck.legality import check_deck
    from . import print_json

    _db, deck = _load(args, notes=False)
    fmt = _format(args)
    verdict = check_deck(deck, fmt)
    warnings = list(getattr(args, "left_out", []))
    if not deck.entries:  # most likely the wrong file, or a list saved before any card was added
        source = "standard input" if args.deckfile == "-" else args.deckfile
        warnings.append(f"{source} holds no cards (only blank lines, comments or a header, if anything)")
    if args.json:
        from ..deck.decklist import counts_json

        body = verdict.to_json()
        print_json({"game": deck.game, "legal": verdict.is_legal, "card_count": deck.card_count,
                    "unique_cards": len(deck.entries), "name": deck.name, "format": fmt.id,
                    "format_file": None if fmt.bundled else fmt.path, "cards": counts_json(deck),
                    "problems": body["problems"], "notes": body["notes"], "warnings": warnings})
    else:
        print(f"{_title(deck)} ({_format_label(fmt)})")
        for warning in warnings[len(getattr(args, "left_out", [])):]:  # (those went to standard error)
            print(f"warning: {warning}")
        print("\n".join(verdict.lines()))
    return 0 if verdict.is_legal else 1


def _output_file(path: Path, raw: str, option: str) -> Path:
    """``path`` if a deck command may write it: a file name (not a folder) in a folder that exists.
    A missing folder is refused, never created: a mistyped folder is an error, and nothing is
    made at the top of the file system by a stray ``-o /x/deck.txt``."""
    from ..errors import CompanionError
    from ..textio import folder_problem

    if not path.name or raw.endswith(("/", "\\")) or path.is_dir():
        raise CompanionError("is a folder, not a file name", where=f"{option} {raw}",
                             suggestion=f"Give a file name such as {str(path / 'deck.txt')!r}")
    if (what := folder_problem(path.parent)) is not None:
        raise CompanionError(f"the folder {str(path.parent)!r} {what}", where=f"{option} {raw}",
                             suggestion="Create the folder first, or write elsewhere; nothing was written")
    return path


def _plot_path(raw: str) -> Path:
    """The file ``--plot`` writes: a name without an extension gets ``.png`` (as matplotlib does);
    an extension matplotlib cannot write, or a folder that does not exist, is an error."""
    from matplotlib.backend_bases import FigureCanvasBase

    from ..errors import CompanionError

    path = Path(raw)
    if not path.name or raw.endswith(("/", "\\")) or path.is_dir():
        raise CompanionError("is a folder, not a file name", where=f"--plot {raw}",
                             suggestion=f"Give a file name such as {str(path / 'deck.png')!r}")
    if not path.suffix:
        path = path.with_name(path.name + ".png")
    kinds = sorted(FigureCanvasBase.get_supported_filetypes())
    if path.suffix[1:].lower() not in kinds:
        raise CompanionError("cannot write a plot of this kind", where=f"--plot {raw}",
                             expected="a .png file (or ." + ", .".join(k for k in kinds if k != "png") + ")",
                             found=repr(path.suffix))
    return _output_file(path, raw, "--plot")


#: :func:`refuse_read_place`'s ``role`` not given: it asks :func:`~companion.cards.read_here` itself
_READ = object()


def refuse_read_file(raw: str, option: str, args: argparse.Namespace) -> None:
    """Refuse an output path that names a file this command (or any later one) reads: the decklist,
    a ``--cards`` or ``--format`` file, and whatever the companion loads by itself (your card files
    and corrections for a game, your format files, the bundled data: :func:`companion.cards.read_here`).
    Writing a decklist or a plot there would replace it (a card file replaced by a list makes every
    command of that game fail). Said before anything is read or written."""
    from ..errors import CompanionError
    from ..textio import same_file

    inputs = [(args.deckfile, "the decklist"), *((c, "a --cards file") for c in args.cards or ())]
    fmt = getattr(args, "format", None)
    if fmt:
        inputs.append((fmt, "the --format file"))
    for src, what in inputs:
        if src != "-" and same_file(raw, src):  # its comments and layout would be lost
            raise CompanionError(f"{raw!r} is the file being read ({what}); writing it would replace it",
                                 where=option, expected=f"a new path, not {src!r}",
                                 suggestion=f"Choose another {option}; nothing was written.")
    refuse_read_place(raw, option)


def refuse_read_place(raw: str, option: str, *, decks: str | None = None, hint: str = "",
                      role: Any = _READ) -> None:
    """Refuse an output path where the companion reads files by itself (your card files and
    corrections, formats, logs, high scores and drafts, the bundled data:
    :func:`companion.cards.read_here`). A decklist may go among your saved decks; ``decks``: why any
    other file may not (a new file there would be offered as a decklist), which refuses it there too.
    ``hint``: said before "Choose another ..." (where such a file goes instead); ``role``: what
    :func:`~companion.cards.read_here` says of ``raw``, when the caller has asked it already. The one
    wording of these refusals, for every command that writes a file."""
    from ..cards import read_here
    from ..errors import CompanionError

    if role is _READ:
        role = read_here(raw)
    choose = f"{hint}{'; choose' if hint else 'Choose'} another {option}; nothing was written."
    if role is not None and role.kind == "decks" and decks is not None:
        tail = "writing it would replace it" if Path(raw).exists() else decks
        raise CompanionError(f"{raw!r} is {role.what}; {tail}", where=option,
                             expected="a path outside your decks folder", suggestion=choose)
    if role is not None and role.kind != "decks":
        tail = ("" if role.kind == "bundled" else "; writing it would replace it" if Path(raw).exists()
                else "; a file written there would be read as one")
        raise CompanionError(f"{raw!r} is {role.what}{tail}",
                             where=option, expected="a path outside the folders the companion reads by "
                                                    "itself (your cards, formats, logs, high scores and "
                                                    "drafts) and the bundled data",
                             suggestion=choose)


def _stats(args: argparse.Namespace) -> int:
    from ..deck.stats import composition, share_text, shown_composition
    from . import print_json

    plot = _plot_path(args.plot) if args.plot else None
    if plot is not None:
        refuse_read_file(str(plot), "--plot", args)
    _db, deck = _load(args)
    comp = composition(deck)
    if plot is not None:
        from ..deck.stats import composition_figure
        from ..errors import CompanionError

        try:
            composition_figure(deck).savefig(plot, dpi=120)
        except OSError as exc:
            raise CompanionError(f"cannot write the plot ({os_reason(exc)})", where=str(plot)) from None
    if args.json:
        doc = {"game": deck.game, "name": deck.name, "card_count": deck.card_count, "composition": comp,
               "warnings": args.left_out}
        if plot is not None:
            doc["plot"] = str(plot)
        print_json(doc)
        return 0
    print(_title(deck))
    n = deck.card_count or 1
    for facet, tally in shown_composition(comp).items():  # (a type, an Attribute in the book's words)
        print(f"\n{facet}")
        width = max(len(v) for v in tally)
        scale = min(1.0, _BAR / max(tally.values(), default=1))  # a 1,000-card facet still fits a line
        for value, count in tally.items():
            bar = "#" * max(1 if count else 0, round(count * scale))
            print(f"  {value:<{width}}  {count:>3}  {share_text(count, n):>6}  {bar}")
    if plot is not None:
        print(f"\nwrote {plot}")
    return 0


def _odds_limit(draws: int | None, at_least: int | None, most: int) -> None:
    """Refuse a ``--draws`` or ``--at-least`` past ``most`` (exact odds of a hundred thousand draws take
    minutes to work out, and no table draws that many). A ``--draws`` past the deck's size is no refusal:
    the question says the deck is too small, as it does with ``--draws`` left out and on the page."""
    from ..errors import CompanionError

    for option, value in (("--draws", draws), ("--at-least", at_least)):
        if value is not None and value > most:
            raise CompanionError(f"{option} {value} is more than {most}, the most worked out here (the exact "
                                 "odds of more take minutes)", where="deck odds",
                                 expected=f"a whole number from 0 to {most}")


def _odds(args: argparse.Namespace) -> int:
    from ..deck.fields import parse_kind
    from ..deck.odds import MAX_DRAWS, kind_chance, opening_odds
    from ..errors import CompanionError
    from . import print_json

    if not args.kind and (args.draws is not None or args.at_least is not None):
        given = " and ".join(o for o, v in (("--draws", args.draws), ("--at-least", args.at_least))
                             if v is not None)
        verb = "apply" if " and " in given else "applies"
        raise CompanionError(f"{given} only {verb} to a --kind of card", where="deck odds",
                             suggestion="Add e.g. --kind type=basic-mouse, or leave them out for the "
                                        "game's opening-hand questions")
    db, deck = _load(args)
    fmt = _format(args)  # always: a --format given is checked, and its hand used
    if args.kind:
        flt = parse_kind(args.kind, db.cards)
        at_least = 1 if args.at_least is None else args.at_least
        if (args.draws is not None and args.draws < 0) or at_least < 0:
            raise CompanionError("--draws and --at-least must be 0 or more",
                                 found=f"--draws {args.draws} --at-least {at_least}")
        _odds_limit(args.draws, args.at_least, MAX_DRAWS)
        # in the opening hand (the rule book's or the format's) unless --draws says otherwise: cited then
        odds = [kind_chance(deck, flt, at_least, args.draws, fmt)]
    else:
        odds = opening_odds(deck, fmt)
    if args.json:
        print_json({"game": deck.game, "name": deck.name, "card_count": deck.card_count, "format": fmt.id,
                    "format_file": None if fmt.bundled else fmt.path, "odds": [o.to_json() for o in odds],
                    "warnings": args.left_out})
        return 0
    print(f"{_title(deck)} ({_format_label(fmt)})")
    for o in odds:
        print(o.line())
        extra = "; ".join(x for x in (o.detail, o.cite) if x)
        if extra:
            print(f"{'':11}{extra}")
    return 0


def _export(args: argparse.Namespace) -> int:
    import json

    from ..deck.decklist import DeckNameError, to_json, to_text
    from ..errors import CompanionError

    output = None if args.output == "-" else args.output  # '-' is standard output, as for DECKFILE
    if args.json and not output:
        raise CompanionError("--json needs -o FILE", where="deck export",
                             suggestion="Without -o (or with -o -) the list itself goes to standard "
                                        "output (--to json writes it as JSON)")
    if output:
        _output_file(Path(output), output, "-o")
        refuse_read_file(output, "-o", args)
    if args.to is None:  # the form the file's name says (a list kept in a spreadsheet: .csv)
        from ..deck.listtext import file_form

        args.to = file_form(output) if output else "text"
    db, deck = _load(args)
    try:
        if args.to == "json":  # (a file is UTF-8; standard output may not encode every character)
            from . import json_text

            text = (json.dumps(to_json(deck), indent=2, ensure_ascii=False) if output
                    else json_text(to_json(deck), indent=2)) + "\n"
        elif args.to == "csv":
            from ..deck.listtext import csv_text

            text = csv_text(deck, db)
        else:
            text = to_text(deck, db)
    except DeckNameError as exc:  # (its name would read back as another in a text list)
        raise DeckNameError(f"{exc.message}; nothing was written", where=args.deckfile,
                            suggestion=f"{exc.suggestion}, or export it with --to json") from None
    if output:
        from ..textio import write_text_atomic

        try:
            write_text_atomic(output, text, parents=False)
        except OSError as exc:
            raise CompanionError(f"cannot write ({os_reason(exc)})", where=output) from None
        if args.json:
            from . import print_json

            print_json({"game": deck.game, "wrote": output, "to": args.to, "name": deck.name,
                        "card_count": deck.card_count, "warnings": args.left_out})
        else:  # (as 'cards export' says it: the file is the output, so the line says what it holds)
            n = deck.card_count
            print(f"wrote {n} card{'s' * (n != 1)} to {output} (as {args.to})")
    else:
        sys.stdout.write(text)
    return 0


def _formats(args: argparse.Namespace) -> int:
    from ..deck.formats import FormatError, available_formats
    from . import print_json

    broken: list[FormatError] = []
    fmts = available_formats(args.game, errors=broken)
    _say_skipped(broken)  # one bad file of your own does not hide the others
    code = 1 if broken else 0
    if args.json:
        print_json([{"id": f.id, "game": f.game, "name": f.name, "deck_size": f.size_text,
                     "copy_limit": f.limit, "house": f.house or None, "bundled": f.bundled,
                     "file": None if f.bundled else f.path} for f in fmts])
        return code
    for f in fmts:
        house = f"  [{f.house}]" if f.house else ""
        mine = "" if f.bundled else f"  (yours: {f.path})"
        print(f"{f.id:<22} {f.name}: {f.size_text} cards, at most {f.limit} per group{house}{mine}")
    return code


def _common(p: argparse.ArgumentParser, *, fmt: bool = True, json: bool = True) -> None:
    p.add_argument("game", type=game_name, choices=DECK_GAMES, metavar="GAME", help=" or ".join(DECK_GAMES))
    p.add_argument("deckfile", metavar="DECKFILE",
                   help="decklist: text ('3 Card Name' per line), JSON or CSV; '-' reads standard input")
    p.add_argument("--cards", action="append", metavar="FILE", default=[],
                   help="add your own card file to the bundled cards (repeatable)")
    if fmt:
        p.add_argument("--format", metavar="NAME|FILE", default=None,
                       help="deck format: an id such as casual-50 or a format JSON file "
                            "(default: the game's standard format). A file in your formats folder "
                            "that cannot be read, or that takes a bundled format's id, is skipped "
                            "with a warning on standard error (the exit code is the verdict's)")
    if json:
        p.add_argument("--json", action="store_true", help="print JSON")


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = sub.add_parser("deck", help="decklists: legality with reasons, statistics, opening-hand odds",
                       description="Check a Village TCG or TMNT TCG decklist, show its composition "
                                   "and the exact odds of its opening hand.")
    verbs = p.add_subparsers(dest="deck_command", metavar="WHAT")
    p.set_defaults(_group_parser=p)

    c = verbs.add_parser("check", help="is the deck legal? every problem, with the rule book's section",
                         description="Check a decklist against a format (the rule book's by default): "
                                     "every problem with its rule id and section, and the book's advice "
                                     "as notes. Exit code 0: legal; 1: not legal; 2: the list cannot be "
                                     "read.")
    _common(c)
    c.set_defaults(handler=_check)

    s = verbs.add_parser("stats", help="composition by type, attribute, power, fruit cost",
                         description="The deck's composition: how many cards of each type, attribute, "
                                     "power and fruit cost, with --plot also as a chart.")
    _common(s, fmt=False)
    s.add_argument("--plot", metavar="PNG", help="also write the composition plot to this file (.png is "
                   "added to a name without an extension; .svg and .pdf work too); the folder must exist")
    s.set_defaults(handler=_stats)

    o = verbs.add_parser("odds", help="exact opening-hand odds",
                         description="Without --kind: the game's opening questions (Village: a Basic "
                                     "Mouse in the opening 7 and after the redraw; TMNT: Characters in "
                                     "hand and Block Zones). With --kind: at least K cards of that kind "
                                     "in the first N cards.")
    _common(o)
    o.add_argument("--kind", action="append", metavar="FIELD=VALUE", default=[],
                   help="the kind of card: type=basic-mouse, attribute=fire, ability=Nibble, "
                        "name=Leonardo, type=item,magic (any of those values). Repeated, --kind options "
                        "on different fields must all match (--kind type=basic-mouse --kind "
                        "ability=Nibble: both), and on the same field they add values, any of which "
                        "matches (--kind type=fruit --kind type=item is type=fruit,item: either)")
    o.add_argument("--at-least", type=whole_in(0), default=None, metavar="K",
                   help="with --kind: at least this many (default 1; at most 999)")
    o.add_argument("--draws", type=whole_in(0), default=None, metavar="N",
                   help="with --kind: in the first N cards (default: the format's opening hand; "
                        "the rule books' 7 or 5; at most 999; more than the deck holds: the "
                        "answer says the deck is too small)")
    o.set_defaults(handler=_odds)

    e = verbs.add_parser("export", help="write the list back as text, JSON or CSV, normalised",
                         description="Write the decklist back in a normal form: as text, one '3 Card "
                                     "Name' line per entry (by id where a name has several printings), "
                                     "as JSON by card id, or as CSV (a count,card sheet).")
    _common(e, fmt=False, json=False)
    e.add_argument("--to", choices=("text", "json", "csv"), default=None,
                   help="output form: text, json or csv (a count,card sheet); default: from the -o "
                        "file's suffix (.json, .csv), else text")
    e.add_argument("-o", "--out", "--output", dest="output", metavar="FILE",
                   help="write to FILE instead of standard output ('-' is standard output; write "
                        "./- for a file of that name); its folder must exist, and FILE is never a "
                        "file being read")
    e.add_argument("--json", action="store_true",
                   help='with -o: a summary as JSON, {"game", "wrote", "to", "name", "card_count", '
                        '"warnings"} (without -o the list itself is the output; --to json writes it as '
                        "JSON)")
    e.set_defaults(handler=_export)

    f = verbs.add_parser("formats", help="list the deck formats (bundled and your own)",
                         description="Every readable format. A format file that cannot be read is "
                                     "skipped and named on standard error (exit 1).")
    f.add_argument("game", nargs="?", type=game_name, choices=DECK_GAMES, metavar="GAME", default=None,
                   help="village or tmnt (default: both games)")
    f.add_argument("--json", action="store_true", help="print JSON")
    f.set_defaults(handler=_formats)
