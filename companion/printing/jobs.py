"""Print jobs: which cards a run prints (deck, card files or a whole game) and ``print all``.

The CLI, the notebook view and the tests all go through these functions, so a PDF
made in any of them is the same PDF.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cards import CardDB
from ..textio import write_text_atomic
from ..verdict import and_list
from .geometry import PrintError

if TYPE_CHECKING:
    from .render import CardOptions, RunSize

#: Record types that are printed as cards when a whole game is printed (others are
#: data, not cards: a chapter, the action die's faces).
PRINTABLE_TYPES: dict[str, tuple[str, ...] | None] = {
    "village": None, "mousecard": None, "monarchs": None, "tmnt": None,
    "mystics": ("hero", "minion", "search", "ability"),
}


#: How a record type that is not printed is named when a page says so: (one, several); another type by its id.
NOT_CARDS = {"chapter": ("chapter", "chapters"), "die-face": ("action-die face", "action-die faces")}


def not_printed(game: str, records: Sequence[Any]) -> str | None:
    """What printing the whole of ``game`` leaves out of its ``records`` (the types :data:`PRINTABLE_TYPES`
    does not print), said beside the count of cards printed, which is smaller than the Cards page's count of
    records: ``of the game's 38 records, the chapter and the 6 action-die faces are not printed (they are
    data, not cards)``; ``None`` when every record prints."""
    from collections import Counter

    types = PRINTABLE_TYPES.get(game)
    left = Counter(c.type for c in records if types is not None and c.type not in types)
    if not left:
        return None
    order = [*(t for t in NOT_CARDS if t in left), *sorted(t for t in left if t not in NOT_CARDS)]
    named = []
    for kind in order:
        one, many = NOT_CARDS.get(kind, (kind.replace("-", " "), kind.replace("-", " ") + "s"))
        named.append(f"the {one}" if left[kind] == 1 else f"the {left[kind]} {many}")
    listed = and_list(named)
    verb = "is" if sum(left.values()) == 1 else "are"
    return f"of the game's {len(records)} records, {listed} {verb} not printed (data, not cards)"


@dataclass
class Selection:
    """The copies to print (one entry per printed card), a title for the PDF and how the decklist
    was read where it could have been read otherwise (a name several cards carry: which printing)."""

    game: str
    copies: list[Any]
    title: str
    notes: tuple[str, ...] = ()
    #: Every card of the game as read for the run (bundled, the user's, the card files given): what an
    #: ``--art`` folder's names are judged against (see render.ArtFolder).
    pool: tuple[Any, ...] = ()


def reading_notes(readings: Sequence[str], where: str) -> tuple[str, ...]:
    """The decklist reader's notes (``line 1: 'Leonardo' names 2 tmnt cards; read as leonardo-1, ...``)
    as print warnings, each naming the list they are about."""
    return tuple(f"{where}, {r}" for r in readings)


def select_cards(game: str, *, deck: str | os.PathLike[str] | None = None,
                 cards_files: Sequence[str | os.PathLike[str]] = (), include_user: bool = True,
                 db: CardDB | None = None) -> Selection:
    """Copies for a run: a decklist (counts expanded), else the given card files, else the whole game.

    Whole files and games print each card ``qty`` times (1 when the record has no ``qty``).
    Card files are validated like everywhere else (the compiled fast path costs a few
    microseconds a card), so a bad file is reported before any page is drawn. ``db``: the game's
    cards as already loaded (with ``cards_files`` among them), so a page that keeps them reads no card
    file again; ``None``: loaded here.
    """
    from .. import GAMES
    from ..cards import load_game
    from .render import expand_copies

    if db is None:
        db = load_game(game, extra=cards_files, include_user=include_user)
    if deck is not None:
        from ..deck.decklist import parse, read_decklist

        if str(deck) == "-":  # standard input, as for 'deck check GAME -'
            from ..textio import read_stdin

            dl = parse(read_stdin(what="decklist"), db, where="<stdin>")
            name, where = dl.name or "standard input", "decklist (standard input)"
        else:
            dl = read_decklist(deck, db)
            name, where = dl.name or Path(deck).stem, f"decklist {str(deck)!r}"
        return Selection(game, dl.cards(), f"{GAMES[game]}: {name}", reading_notes(dl.readings, where),
                         pool=db.cards)
    if cards_files:
        from ..cards import load_file

        wanted = {str(Path(f).resolve()) for f in cards_files}
        # a record of these files that a correction replaced prints as corrected
        ids = {c.id.lower() for f in cards_files for c in load_file(f, game, validate=False)}
        chosen = [c for c in db if (c.file and str(Path(c.file).resolve()) in wanted) or c.id.lower() in ids
                  or str(c.get("replaces") or "").lower() in ids]
        title = f"{GAMES[game]}: " + ", ".join(Path(f).stem for f in cards_files)
    else:
        types = PRINTABLE_TYPES.get(game)
        chosen = [c for c in db if types is None or c.type in types]
        title = f"{GAMES[game]}: all cards"
    if not chosen:
        raise PrintError(f"no {game} cards to print", where="print cards",
                         expected="a card file with cards, or a decklist (--deck)")
    return Selection(game, expand_copies(chosen), title, pool=db.cards)


@dataclass(frozen=True)
class Printable:
    """One file ``print all`` writes: its name, its size worked out before anything is drawn, and what
    draws it (``draw(path, progress)``, returning the file's summary for the manifest)."""

    file: str
    size: RunSize
    draw: Callable[[Path, bool | None], dict[str, Any]]


def bundled_printables() -> list[Printable]:
    """Every bundled printable, in the order ``print all`` writes them: per paper, each game's cards, the
    boards, the score sheets and the calibration page. Only the bundled card data is read (never the
    user's folder), so the output depends on the repository alone; nothing is drawn."""
    from .. import GAMES
    from .boards import CALIBRATION_SIZE, board_games, board_size, boards, sheets
    from .geometry import load_geometry
    from .render import CardOptions, run_size

    chosen: dict[str, Selection] = {}
    for game in GAMES:
        try:
            chosen[game] = select_cards(game, include_user=False)
        except PrintError:
            continue
    made: list[Printable] = []
    for paper in load_geometry().papers:
        # crop marks and corner guides: where the marks' room would cost a row (poker cards on Letter),
        # the guides mark those cuts and the sheet holds 9, as on A4 (geometry.sheet_grid)
        options = CardOptions(paper=paper, backs="duplex", crop_marks=True, corners=True)
        for game, sel in chosen.items():
            made.append(Printable(f"cards-{game}-{paper}.pdf", run_size(len(sel.copies), options),
                                  functools.partial(_draw_cards, sel, options)))
        for kind, table in (("board", {g: boards()[g] for g in board_games()}), ("sheet", sheets())):
            for name, spec in table.items():
                made.append(Printable(f"{kind}-{name}-{paper}.pdf", board_size(spec, paper),
                                      functools.partial(_draw_board, spec, paper)))
        made.append(Printable(f"calibration-{paper}.pdf", CALIBRATION_SIZE,
                              functools.partial(_draw_calibration, paper)))
    return made


def _draw_cards(sel: Selection, options: CardOptions, path: Path, progress: bool | None) -> dict[str, Any]:
    from .render import print_cards

    res = print_cards(sel.copies, path, options, game=sel.game, title=sel.title, progress=progress)
    return {"pages": len(res.pages), "cards": res.copies}


def _draw_board(spec: dict[str, Any], paper: str, path: Path, _progress: bool | None) -> dict[str, Any]:
    from .boards import print_board

    return print_board(spec, path, paper=paper)


def _draw_calibration(paper: str, path: Path, _progress: bool | None) -> dict[str, Any]:
    from .boards import print_calibration

    return print_calibration(path, paper=paper)


def make_all(out_dir: str | os.PathLike[str], *, progress: bool | None = False,
             before: Callable[[RunSize], object] | None = None) -> list[dict[str, Any]]:
    """Regenerate every bundled printable (:func:`bundled_printables`) into ``out_dir``; returns one
    summary per file. ``before``: given the whole run's size once the folder is checked and before
    anything is drawn or written (the command's warning past
    :data:`~companion.printing.render.BIG_RUN_PAGES` pages and its ``--max-pages`` refusal)."""
    from .render import RunSize

    out = Path(out_dir)
    existing_folder(out, where="--out", what="the printables")
    check_all_folder(out)
    printables = bundled_printables()
    if before is not None:
        before(RunSize.total(p.size for p in printables))
    made = [{"file": p.file, **p.draw(out / p.file, progress)} for p in printables]
    write_text_atomic(out / MANIFEST, json.dumps(manifest(out, made), indent=1) + "\n")
    return made


def check_all_folder(out: Path) -> None:
    """Refuse, before anything is written, a ``print all`` folder whose ``manifest.json`` would do harm.

    The manifest would be read as a card or format file in a folder the companion reads
    JSON files from (``data/<game>``, ``~/.companion/<game>``, the formats folders), breaking
    every later command, and a ``manifest.json`` that ``print all`` did not write belongs
    to something else: it would be replaced.
    """
    from .. import GAMES
    from ..cards import DATA_DIR, user_data_dir
    from ..textio import same_file

    read = [base / name for base in (DATA_DIR, user_data_dir()) for name in (*GAMES, "formats")]
    for folder in read:
        if same_file(out, folder):
            raise PrintError(f"{str(out)!r} is a folder the companion reads card or format files from: "
                             f"its {MANIFEST} would be read as one", where="--out",
                             expected="a folder of its own for the printables, e.g. printables/",
                             suggestion="Choose another --out; nothing was written.")
    manifest_path = out / MANIFEST
    if manifest_path.is_file():
        try:
            ours = str(json.loads(manifest_path.read_text(encoding="utf-8")).get("made_by", "")
                       ).startswith("companion print all")
        except (OSError, ValueError, AttributeError):
            ours = False
        if not ours:
            raise PrintError(f"{str(manifest_path)!r} was not written by 'companion print all': it would "
                             "be replaced", where="--out",
                             expected="an empty folder, or one 'print all' made before",
                             suggestion="Choose another --out; nothing was written.")


def existing_folder(folder: str | os.PathLike[str], *, where: str, what: str = "the output") -> Path:
    """``folder`` when it is a folder that exists; otherwise a :class:`PrintError` naming it.

    The command line never makes a folder (as ``cards export -o`` and the trackers' logs: a
    mistyped folder would quietly put the file somewhere else), so a missing folder is
    refused before anything is read or written, with the ``mkdir -p`` that makes it. A path
    through a file (``afile/sub``) or a file where the folder should be is said as such.
    """
    import shlex

    from ..textio import folder_problem

    path = Path(folder)
    problem = folder_problem(path)
    if problem is None:
        return path
    if problem != "does not exist":  # (a file where the folder should be)
        raise PrintError(f"cannot write {what}: {str(path)!r} {problem}", where=where,
                         expected="a path in a folder that exists", suggestion="Nothing was written.")
    blocking = next((p for p in reversed(path.parents) if p != Path(".") and _is_file(p)), None)
    if blocking is not None:
        raise PrintError(f"cannot write {what}: part of the path, {str(blocking)!r}, is a file, not a folder",
                         where=where, expected="a path whose parents are folders",
                         suggestion="Nothing was written.")
    raise PrintError(f"cannot write {what}: the folder {str(path)!r} does not exist", where=where,
                     expected="a path in a folder that exists",
                     suggestion=f"Create the folder first (mkdir -p {shlex.quote(str(path))}): none is made "
                                "for you, and nothing was written.")


def _is_file(path: Path) -> bool:
    try:
        return path.exists() and not path.is_dir()
    except (OSError, ValueError):
        return False


MANIFEST = "manifest.json"


def toolchain() -> dict[str, str]:
    """What the bytes of a PDF depend on besides our inputs: ReportLab and zlib."""
    import zlib

    import reportlab

    return {"reportlab": reportlab.Version, "zlib": zlib.ZLIB_RUNTIME_VERSION}


def manifest(folder: Path, made: list[dict[str, Any]]) -> dict[str, Any]:
    """``printables/manifest.json``: the toolchain and each file's size and SHA-256 (no dates)."""
    files = {}
    for m in sorted(made, key=lambda m: m["file"]):
        raw = (folder / m["file"]).read_bytes()
        files[m["file"]] = {"bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest(),
                            "pages": m.get("pages", m.get("sheets"))}
    return {"made_by": "companion print all --out printables/", **toolchain(), "files": files}
