"""``companion print``: card sheets, boards, score sheets and the calibration page as PDFs.

    companion print cards GAME [--deck FILE] [--cards FILE ...] [--paper a4|letter]
                          [--size NAME|WxH] [--bleed MM] [--crop-marks] [--corners]
                          [--backs none|duplex|duplex-short] [--offset X,Y] [--plain-back-if-missing]
                          [--offset-from portrait|landscape] [--art DIR]
                          [--layout-json FILE] [--progress] [--max-pages N] --out FILE.pdf
    companion print board GAME [--max-pages N] --out FILE.pdf
    companion print sheet NAME [--max-pages N] --out FILE.pdf
    companion print calibration [--offset X,Y] [--short-edge] [--landscape] --out FILE.pdf
    companion print all [--max-pages N] --out printables/

Every PDF is exact size (print at 100 %), byte-identical for the same input, and
asks viewers not to scale it. Each command prints one line saying what it wrote
(``--json`` for a machine-readable summary). Before anything is drawn, each command but
``calibration`` (always two pages) works out its pages from its plan alone, warns past
:data:`~companion.printing.render.BIG_RUN_PAGES` of them and refuses more than ``--max-pages``
(:func:`_big_run`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import os_reason
from ..verdict import plural
from . import whole_in
from .cards import game_name, load_cards

if TYPE_CHECKING:
    from ..printing.render import RunSize


def sizes_help() -> str:
    """The named card sizes as ``--size`` lists them, from ``data/print/geometry.json``:
    ``poker (63.5x88.9 mm = 2.5x3.5 in, default), bridge (...), ...``."""
    from ..printing.geometry import load_geometry

    g = load_geometry()
    return ", ".join(f"{name} ({g.size_label(name)}{', default' if name == g.default_size else ''})"
                     for name in g.card_sizes)


class _Lazy:
    """A help text part made only when the help is shown (``%(sizes)s`` in a help string): ``--help``
    of another command reads no print data."""

    def __init__(self, make: Any) -> None:
        self._make = make

    def __str__(self) -> str:
        return str(self._make())


def _mm(text: str | None, option: str) -> float:
    """A length in mm typed for ``option`` (``3``, ``3mm``, or with a unit as ``--size`` takes one:
    ``0.3cm``, ``0.12in``; :func:`~companion.printing.geometry.typed_length`); ``None`` (the option left
    out): 0. Whether it is in range is the printing's to say, as the notebook page does (``bleed 12 mm out
    of range``). A blank one is refused as :func:`_given` refuses every blank value, and a bad one the
    same way (a :class:`PrintError` naming the option, not argparse's usage text): leaving the option out
    is how to ask for its default."""
    from ..printing.geometry import LENGTH_EXPECTED, typed_length

    typed = _given(text, option, "length", LENGTH_EXPECTED, "none")
    if typed is None:
        return 0.0
    return typed_length(typed, where=option, name=option.lstrip("-"))


def _given(value: str | None, option: str, what: str, expected: str, left_out: str) -> str | None:
    """``value`` as typed, or ``None`` when the option was left out; a blank value typed explicitly
    (``--size ""``, an empty shell variable) is refused, as the notebook refuses a blank box, rather than
    quietly read as the option's default (``left_out``: what leaving it out gives)."""
    from ..printing.geometry import PrintError

    if value is not None and not value.strip():
        raise PrintError(f"no {what} given", where=option, expected=expected,
                         suggestion=f"Leave out {option} for {left_out}.")
    return value


def _out(path: str) -> Path:
    """The ``--out`` PDF path, in a folder that exists (none is made); otherwise the user's error."""
    from ..printing.geometry import PrintError
    from ..printing.jobs import existing_folder

    p = Path(path)
    if p.suffix.lower() != ".pdf":
        raise PrintError(f"output file {path!r} is not a .pdf", where="--out",
                         expected="a path ending in .pdf")
    existing_folder(p.parent, where="--out", what="the PDF")
    return p


#: The names standard output goes by, besides '-'.
_STDOUT_NAMES = ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def _is_stdout(path: str | None) -> bool:
    """Whether ``path`` is standard output: '-', one of its device names, or the very file (pipe,
    terminal, file redirected to) that standard output is. Written there, the layout must be
    the only thing on standard output, as for '-'."""
    if not path:
        return False
    if path == "-" or (os.name == "posix" and os.path.normpath(path) in _STDOUT_NAMES):
        return True
    try:
        here, there = os.stat(path), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # (a stream without a file: a notebook, a test)
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


#: What each output option writes, for messages.
_WRITES = {"--out": "the PDF", "--layout-json": "the layout"}


def _check_outputs(outputs: list[tuple[str, str | None]], inputs: list[tuple[str, str | None]]) -> None:
    """Refuse, before anything is written, an output that names an input or another output.

    ``outputs`` and ``inputs`` are ``(option, path)`` pairs (a ``None`` or ``-`` path is
    skipped). A layout written over its decklist or card file destroys what was read, and a
    PDF written over the layout loses it. A pipe or device read from (``/dev/stdin``) is
    never replaced, so it is not an input here; two outputs on one device are refused only
    when they are the same path.
    """
    from ..printing.geometry import PrintError
    from ..textio import is_special, same_file

    given = [(opt, path) for opt, path in outputs if path and path != "-"]
    for k, (opt, path) in enumerate(given):
        clashes = [(o, p) for o, p in inputs if p and p != "-" and not is_special(p)]
        clashes += given[:k]
        for other_opt, other in clashes:
            if is_special(path) or is_special(other):
                same = Path(path).absolute() == Path(other).absolute()
            else:
                same = same_file(path, other)
            if same:
                written = _WRITES.get(opt, "the output")
                if any(other_opt == o for o, _ in given):
                    message = (f"{path!r} is also the {other_opt} file: {written} and "
                               f"{_WRITES.get(other_opt, 'the other output')} cannot share one file")
                else:
                    message = f"{path!r} is the {other_opt} file being read: {written} would replace it"
                raise PrintError(message, where=opt, expected=f"a path of its own, not the {other_opt} file",
                                 suggestion=f"Choose another {opt}; nothing was written.")


def _refuse_read_place(path: str, option: str) -> None:
    """Refuse a JSON output (the layout) where the companion reads files by itself: a card folder of
    yours (every ``.json`` there loads as that game's cards, so the layout broke card loading for every
    later command), your formats folder, the bundled data; refused as ``deck export -o`` refuses it, by
    the same check and in the same words (:func:`companion.cli.deck.refuse_read_file`; the inputs were
    checked by :func:`_check_outputs`). Your decks folder too, which ``deck export`` may write a
    decklist to: a layout there would be offered as a saved decklist that does not read."""
    from .deck import refuse_read_place

    refuse_read_place(path, option,
                      decks="the deck builder and the print page would offer a layout there as a decklist")


def _small_pt(pt: float) -> float:
    """A text size below the readable one, for ``small_text`` in JSON, as the warning says it: to 2
    decimals, or as many as keep it below that size (2.999 is never 3.0, the size it is smaller than)."""
    from ..printing.render import below

    return float(below(pt))


def _report(args: argparse.Namespace, summary: dict[str, Any], line: str) -> int:
    if getattr(args, "json", False):
        from . import print_json

        print_json(summary)
    else:  # (on stderr when the layout went to standard output, so a pipe gets the layout alone)
        print(line, file=sys.stderr if _is_stdout(getattr(args, "layout_json", None)) else sys.stdout)
    return 0


def _write_pdf_and_layout(out: Path, pdf: bytes, layout_path: str | None, layout: dict[str, Any]) -> None:
    """Write the layout (if asked for), then the PDF, each whole or not at all: a layout that
    cannot be written leaves ``out`` as it was (the PDF is staged first, see
    :func:`~companion.textio.staged_bytes`). The layout may go to standard output ('-', after
    the PDF: a reader that closes the pipe early loses no PDF) or down a pipe."""
    from ..printing.geometry import PrintError
    from ..textio import staged_bytes, write_text_atomic

    try:
        with staged_bytes(out, pdf, parents=False):
            if layout_path and layout_path != "-":
                try:
                    write_text_atomic(layout_path, json.dumps(layout, indent=1) + "\n", parents=False)
                except OSError as exc:
                    raise PrintError(f"cannot write the layout ({os_reason(exc)}); the PDF was not "
                                     "written either", where=layout_path) from None
    except OSError as exc:
        raise PrintError(f"cannot write the PDF ({os_reason(exc)})", where=str(out)) from None
    if layout_path == "-":  # standard output, as '-' is for a decklist
        sys.stdout.write(json.dumps(layout, indent=1) + "\n")
        sys.stdout.flush()


def _cards(args: argparse.Namespace) -> int:
    import io

    from ..cards import check_game
    from ..printing.geometry import OFFSET_EXPECTED, PrintError, load_geometry, parse_offset, sheet_words
    from ..printing.jobs import existing_folder, select_cards
    from ..printing.render import CardOptions, print_cards, refuse_blank_art, run_size

    check_game(args.game)
    _check_max_pages(args.max_pages)
    _given(args.size, "--size", "card size", "a named size or width x height in mm (e.g. 63x88)",
           f"the default size ({load_geometry().default_size})")
    _given(args.offset, "--offset", "offset", OFFSET_EXPECTED, "none")
    bleed = _mm(args.bleed, "--bleed")
    refuse_blank_art(args.art)
    layout_path = "-" if _is_stdout(args.layout_json) else args.layout_json
    if layout_path == "-" and args.json:
        shown = "-" if args.layout_json == "-" else f"{args.layout_json} (standard output)"
        raise PrintError(f"--layout-json {shown} and --json would both print to standard output",
                         where="--layout-json", suggestion="Write the layout to a file, or leave out --json.")
    _check_outputs([("--out", args.out), ("--layout-json", layout_path)],
                   [("--deck", args.deck), *(("--cards", f) for f in args.cards or ())])
    if layout_path and layout_path != "-":
        _refuse_read_place(layout_path, "--layout-json")
    out = _out(args.out)
    if layout_path and layout_path != "-":
        existing_folder(Path(layout_path).parent, where="--layout-json", what="the layout")
    db, _left_out = load_cards(args.game, args.cards or ())  # a broken card file of yours is left out, said
    sel = select_cards(args.game, deck=args.deck, cards_files=args.cards or (), db=db)
    opts = CardOptions(size=args.size, paper=args.paper, bleed=bleed, crop_marks=args.crop_marks,
                       corners=args.corners, backs=args.backs, offset=parse_offset(args.offset),
                       offset_from=args.offset_from, art_dir=args.art,
                       plain_back_if_missing=args.plain_back_if_missing)
    size = run_size(len(sel.copies), opts)
    big = _big_run(size, args.max_pages, _FEWER_CARDS)
    buf = io.BytesIO()  # nothing is written until the whole run (and its layout) succeeds
    res = print_cards(sel.copies, buf, opts, game=args.game, title=sel.title,
                      progress=True if args.progress else None, pool=sel.pool)
    _write_pdf_and_layout(out, buf.getvalue(), layout_path, res.layout)
    g = res.grid
    summary = {"out": str(out), "game": args.game, "cards": res.copies, "distinct": res.distinct,
               "pages": len(res.pages), "sheets": size.sheets, "per_page": g.per_page,
               "grid": [g.cols, g.rows],
               "paper_mm": [round(v, 4) for v in g.paper], "card_mm": [round(v, 4) for v in g.card],
               "images": res.images,
               "truncated": [{"id": cid, "name": name, "parts": list(parts)}
                             for cid, name, parts in res.truncated],
               "missing_glyphs": [{"id": cid, "name": name, "characters": chars}
                                  for cid, name, chars in res.missing_glyphs],
               "small_text": [{"id": cid, "name": name, "smallest_pt": _small_pt(min(sizes.values())),
                               "parts": {part: _small_pt(pt) for part, pt in sizes.items()}}
                              for cid, name, sizes in res.small_text],
               "corrected": [{"id": cid, "name": name, "fields": list(fields)}
                             for cid, name, fields in res.corrected],
               "plain_backs": [{"id": cid, "name": name, "image": path, "reason": why}
                               for cid, name, path, why in res.plain_backs],
               "grid_moved_mm": [round(v, 4) for v in res.moved]}
    notes = [*sel.notes, *res.art_notes, res.plain_back_note(), res.corrected_note(), res.truncation_note(),
             res.small_text_note(), res.glyph_note(), res.turn_note(), res.offset_note()]
    if opts.offset != (0.0, 0.0) and args.backs == "none":  # an offset only moves back pages (0,0: none)
        notes.append(f"--offset {args.offset} moves the backs, and there are none: add --backs duplex "
                     "(or duplex-short)")
    if args.plain_back_if_missing and args.backs == "none":  # it stands in for a back image: backs only
        notes.append("--plain-back-if-missing prints the game's plain back for a card whose back image is "
                     "missing, and there are no backs: add --backs duplex (or duplex-short)")
    for note in notes:
        if note:  # the PDF is made (exit 0), but say which faces lost text or show boxes
            print(f"companion: warning: {note}", file=sys.stderr)
    summary["warnings"] = [n for n in (big, *notes) if n]  # (the big run's was said before drawing)
    return _report(args, summary, f"wrote {out}: {plural(res.copies, 'card')} ({res.distinct} different), "
                                  f"{g.cols} across x {g.rows} down per {sheet_words(g.paper)}, "
                                  f"{size.words()}")  # (pages and sheets of paper, as print all says them)


def _big_pages() -> int:
    """The page count over which a run is warned about (for the help: read only when shown)."""
    from ..printing.render import BIG_RUN_PAGES

    return BIG_RUN_PAGES


def _check_max_pages(max_pages: int | None) -> None:
    """Refuse a ``--max-pages`` below 1 before anything is read."""
    from ..printing.geometry import PrintError

    if max_pages is not None and max_pages < 1:
        raise PrintError(f"--max-pages {max_pages} is out of range", where="--max-pages",
                         expected="a number of pages, 1 or more")


#: What each command's ``--max-pages`` refusal suggests (:func:`_big_run`): how to take fewer pages.
_FEWER_CARDS = ("Check the counts of what is printed, fit more cards to a page (a smaller --size, "
                "less --bleed) or raise --max-pages")
_FEWER_BOARD = "It prints at its real size, on as many sheets as that takes: raise --max-pages"
_FEWER_ALL = ("Print only the files you need ('print cards', 'board', 'sheet' or 'calibration') or raise "
              "--max-pages")


def _big_run(size: RunSize, max_pages: int | None, fewer: str) -> str | None:
    """Before a run is drawn: refuse it past ``--max-pages`` (nothing is written; ``fewer``: what to do
    instead, for this command), else warn on standard error when it is big
    (:data:`~companion.printing.render.BIG_RUN_PAGES`), so Ctrl+C can stop it before the paper does;
    returns that warning. A run of several files (``print all``, the bundled printables, none of them
    big) is refused on its total but never warned of: a folder of PDFs is not one print job. Every
    print command with ``--max-pages`` says it through here."""
    from ..printing.geometry import PrintError

    if max_pages is not None and size.pages > max_pages:
        raise PrintError(f"this run makes {size.words()}, more than --max-pages {max_pages}",
                         where="--max-pages", expected=f"at most {max_pages} page{'s' * (max_pages != 1)}",
                         suggestion=f"Nothing was written. {fewer}.")
    note = None if size.parts else size.big_note()
    if note:
        print(f"companion: warning: {note} (--max-pages N refuses a run of more than N pages)",
              file=sys.stderr)
    return note


def _cards_command(args: argparse.Namespace) -> int:
    """``print cards``: a --deck list that reads as another game's names the command to run instead, as
    the deck commands do (``companion print cards tmnt --deck FILE``)."""
    import shlex

    from ..deck.decklist import DecklistError

    try:
        return _cards(args)
    except DecklistError as exc:
        raise exc.run_instead(
            lambda other: f"companion print cards {other} --deck {shlex.quote(args.deck)}") from None


def _tiled(args: argparse.Namespace, find: Callable[[str], dict[str, Any]], name: str) -> dict[str, Any]:
    """``print board`` and ``print sheet``: the board or sheet ``find(name)`` drawn to ``--out`` once its
    pages (few and fixed by its size and the paper: :func:`~companion.printing.boards.board_size`) pass
    ``--max-pages``; its summary."""
    from ..printing.boards import board_size, print_board

    _check_max_pages(args.max_pages)
    out = _out(args.out)
    spec = find(name)
    _big_run(board_size(spec, args.paper), args.max_pages, _FEWER_BOARD)
    return {"out": str(out), **print_board(spec, out, paper=args.paper)}


def _board(args: argparse.Namespace) -> int:
    from ..printing.boards import find_board

    summary = _tiled(args, find_board, args.game)
    return _report(args, summary, f"wrote {summary['out']}: {plural(summary['sheets'], 'sheet')} "
                                  f"({summary['cols']} across x {summary['rows']} down)")


def _sheet(args: argparse.Namespace) -> int:
    from ..printing.boards import find_sheet

    summary = _tiled(args, find_sheet, args.name)
    return _report(args, summary, f"wrote {summary['out']}: {plural(summary['sheets'], 'sheet')}")


def _calibration(args: argparse.Namespace) -> int:
    from ..printing.boards import print_calibration
    from ..printing.geometry import OFFSET_EXPECTED, parse_offset

    _given(args.offset, "--offset", "offset", OFFSET_EXPECTED, "none")
    out = _out(args.out)
    summary = print_calibration(out, paper=args.paper, offset=parse_offset(args.offset),
                                flip="short" if args.short_edge else "long", landscape=args.landscape)
    use = " (pass it with --offset-from landscape)" if args.landscape else ""
    return _report(args, {"out": str(out), **summary},
                   f"wrote {out}: print both pages double-sided at 100 %, then read the offset{use}")


def _all(args: argparse.Namespace) -> int:
    from ..printing.jobs import make_all

    _check_max_pages(args.max_pages)
    sized: list[tuple[RunSize, str | None]] = []  # (the run's size, its warning), said before drawing

    def before(size: RunSize) -> None:
        sized.append((size, _big_run(size, args.max_pages, _FEWER_ALL)))

    made = make_all(args.out, progress=True if args.progress else None, before=before)
    [(size, big)] = sized
    total = sum((Path(args.out) / m["file"]).stat().st_size for m in made)
    return _report(args, {"out": args.out, "files": made, "bytes": total, "pages": size.pages,
                          "sheets": size.sheets, "warnings": [big] if big else []},
                   f"wrote {len(made)} PDFs to {args.out}: {size.words()}, {total / 1e6:.2f} MB")


#: An argument starting with a minus and a digit ('-1,2', '-.5,1', '-1.5mm;2') is a value, never an
#: option: argparse alone reads only a plain negative number ('-1', '-1.5') as one.
_NEGATIVE_VALUE = re.compile(r"^-\.?[0-9]")


def _negative_values(parser: argparse.ArgumentParser) -> None:
    """Let ``parser`` take ``--offset -1,2`` as well as ``--offset=-1,2``: argparse decides whether an
    argument that starts with '-' is an option by its ``_negative_number_matcher`` (a private
    attribute, present from Python 3.2 on; where it is missing, only ``--offset=-1,2`` works).
    No option of these commands starts with a minus and a digit, so nothing else changes."""
    if hasattr(parser, "_negative_number_matcher"):
        parser._negative_number_matcher = _NEGATIVE_VALUE


#: How a negative offset is written, for the help.
_NEGATIVE_HELP = "A negative X works as --offset -1,2 or --offset=-1,2."


def register(sub: Any, groups: dict[str, Any]) -> None:
    """Add ``print cards|board|sheet|calibration|all`` to the shared ``print`` group."""
    g = groups["print"]

    def max_pages(p: argparse.ArgumentParser) -> None:
        most: Any = p.add_argument(  # (the help's %(big)s is read from the action)
            "--max-pages", type=whole_in(1), default=None, metavar="N",
            help="refuse a run of more than N pages (counting back pages), before anything is drawn or "
                 "written. Without it, a run of more than %(big)s pages is made with a warning (pages and "
                 "sheets of paper) on standard error before it is drawn")
        most.big = _Lazy(_big_pages)

    def common(p: argparse.ArgumentParser, out_help: str = "the PDF to write") -> None:
        p.add_argument("--out", required=True, metavar="FILE.pdf", help=out_help)
        p.add_argument("--paper", default="a4", choices=("a4", "letter"), help="paper (default a4)")
        p.add_argument("--json", action="store_true", help="print a JSON summary")

    p = g.add_parser("cards", help="card sheets from a decklist or card files, exact size",
                     description="Card sheets at exact size: as many cards per page as fit inside "
                                 "a safe margin, optional bleed, crop marks and duplex backs.")
    p.add_argument("game", type=game_name, metavar="GAME",
                   help="village | mousecard | monarchs | tmnt | mystics (in any case)")
    p.add_argument("--deck", metavar="FILE", help="a decklist ('3 Card Name' lines, JSON or CSV; '-' for "
                                                  "standard input): copies expanded; a name several cards "
                                                  "carry is read as the first, said in a warning")
    p.add_argument("--cards", metavar="FILE", action="append",
                   help="an extra card file (repeat for more, as in the other commands); without "
                        "--deck, print exactly these files")
    size = p.add_argument("--size", default=None, metavar="NAME|WxH",
                          help="card size: %(sizes)s, or WxH in mm (or with a unit: 2.5x3.5in, 6.3x8.8cm)")
    size.sizes = _Lazy(sizes_help)
    p.add_argument("--bleed", default=None, metavar="MM",
                   help="bleed around each card, 0 to 10 mm (default 0: none; 3 is usual), in mm or with "
                        "a unit as --size takes one: 3mm, 0.3cm, 0.12in")
    p.add_argument("--crop-marks", action="store_true", help="crop marks outside the cards")
    p.add_argument("--corners", action="store_true",
                   help="rounded-corner cutting guides on every card (they mark every cut: crop marks "
                        "that would cost a row or column of cards are then left out on that side)")
    p.add_argument("--backs", default="none", choices=("none", "duplex", "duplex-short"),
                   help="none, or a back page after each front page (long- or short-edge flip)")
    p.add_argument("--offset", metavar="X,Y",
                   help="shift the backs by X,Y mm as read on the calibration page (X across it, Y up it, as "
                        "seen on the back; either value may carry a unit: 1mm,0.05in), each within ±20 mm, "
                        "what the calibration grid reads. A sheet "
                        "comes out landscape when more cards fit on it that way, which depends on the card "
                        "size, bleed, crop marks and paper (paper_mm in --json and the summary line say "
                        "which). A sheet in the other orientation than the calibration page "
                        "gets the offset turned a quarter turn, for a printer that turns landscape pages "
                        "anticlockwise (the usual; a warning says so): for such sheets 'print calibration "
                        "--landscape' and --offset-from landscape need no turn. Where the backs would go "
                        "past the 5 mm safe margin, the whole card grid moves to make room (as far as the "
                        "fronts allow; backs stay behind their fronts); what still goes past it is a "
                        "warning, and the PDF is made anyway. "
                        + _NEGATIVE_HELP)
    p.add_argument("--plain-back-if-missing", action="store_true",
                   help="with --backs duplex or duplex-short (without backs it changes nothing, and a "
                        "warning says so): a card whose own 'back' image is not there or cannot be read gets "
                        "the game's plain back instead, with a warning naming the card and the image "
                        "(default: the run is refused, before anything is drawn; a 'back' naming a file "
                        "that is no image is refused either way)")
    p.add_argument("--offset-from", choices=("portrait", "landscape"), default="portrait",
                   help="the calibration page the offset was read on: portrait (default, 'print "
                        "calibration') or landscape ('print calibration --landscape')")
    p.add_argument("--art", metavar="DIR",
                   help="folder of art images (must exist), each named after its card's id "
                        "(acorn-scout.png) or, when no other card has it, its name (Acorn Scout.png), in any "
                        "case, suffix .png, .jpg, .jpeg, .webp, .gif, .bmp, .tif or .tiff; a card's own "
                        "'art' comes first. Names match in any Unicode form and are judged against all "
                        "the game's cards, whichever are printed. A photo is turned as its EXIF orientation "
                        "says. A folder none of whose images is for a card printed is a warning naming some "
                        "of them, and so is every file named after a card printed that is not used (not an "
                        "image printing reads, one that cannot be read: the card is printed without it, or "
                        "a card with its own art)")
    p.add_argument("--layout-json", metavar="FILE",
                   help="also write where every card is (mm); '-' for standard output. Every card's trim box "
                        "(x_mm, y_mm from the page's lower-left corner, w_mm, h_mm) per page, with paper_mm, "
                        "card_mm and bleed_mm, and what re-checks the backs from the layout alone: backs, "
                        "flip (long, short or null), mirror (the page axis the flip mirrors: x, a back's x "
                        "is paper width - x - w; y, its y is paper height - y - h), offset_mm (as given; 0,0 "
                        "without backs, which it would move) and offset_from, offset_page_mm (the offset in "
                        "this sheet's page axes, turned a quarter turn on a sheet of the other orientation), "
                        "which every back adds after the mirror, and grid_moved_mm (how far the card grid "
                        "moved to make room for it)")
    p.add_argument("--progress", action="store_true", help="show a progress bar (default: on a terminal)")
    max_pages(p)
    common(p)
    _negative_values(p)
    p.set_defaults(handler=_cards_command)

    p = g.add_parser("board", help="a game's board or mat at real size, tiled over sheets if needed",
                     description="A game's board or play mat at its real size, tiled over as many "
                                 "sheets as it needs.")
    p.add_argument("game", type=game_name, metavar="GAME", help="village | tmnt | monarchs | mystics")
    max_pages(p)
    common(p)
    p.set_defaults(handler=_board)

    p = g.add_parser("sheet", help="a score sheet: monarchs-score, village-mp",
                     description="A score sheet to print: monarchs-score (Of Mice and Monarchs) or "
                                 "village-mp (Village TCG Mouse Points).")
    p.add_argument("name", metavar="SHEET", help="monarchs-score | village-mp")
    max_pages(p)
    common(p)
    p.set_defaults(handler=_sheet)

    p = g.add_parser("calibration", help="rulers and a duplex alignment grid to measure your printer",
                     description="Rulers to check the printer's scale and a duplex alignment grid: print "
                                 "both pages double-sided at 100 %, then read the offset that 'print "
                                 "cards --offset' takes.")
    p.add_argument("--offset", metavar="X,Y",
                   help="print the back grid shifted by this offset, X,Y in mm or with a unit as 'print "
                        "cards --offset' takes it (to check it); the offset to enter "
                        "is then this one plus the reading. The grid reads ±20 mm, the range "
                        "'print cards --offset' takes. " + _NEGATIVE_HELP)
    p.add_argument("--short-edge", action="store_true", help="for short-edge duplex")
    p.add_argument("--landscape", action="store_true",
                   help="a landscape page, printed the way card sheets that come out landscape are: its "
                        "reading goes to 'print cards' with --offset-from landscape and is used on those "
                        "sheets as it is, whichever way the printer turns landscape pages")
    common(p)
    _negative_values(p)
    p.set_defaults(handler=_calibration)

    p = g.add_parser("all", help="regenerate every bundled printable (the printables/ folder)",
                     description="Write every bundled printable (card sheets, boards, score sheets, "
                                 "calibration) to one folder, from the bundled card data only, as the "
                                 "printables/ folder holds them.")
    p.add_argument("--out", required=True, metavar="DIR", help="folder to write (e.g. printables/)")
    p.add_argument("--progress", action="store_true", help="show progress bars")
    max_pages(p)
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.set_defaults(handler=_all)
