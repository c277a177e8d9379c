"""Card sheets as PDF: faces and backs as forms drawn once, placed on a grid at exact size.

Each distinct face (and back, and image) becomes one form XObject the first time it is
needed; every copy is just a placement. The PDF is written in ReportLab's invariant
mode (same input, same bytes), asks viewers not to scale (PrintScaling None) and, for
duplex runs, to print on both sides.
"""

from __future__ import annotations

import functools
import os
import sys
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .. import GAMES
from ..cards import corrected_fields
from ..errors import os_reason
from ..validation import IMAGE_SUFFIXES, back_kind
from ..verdict import plural
from .faces import CORRECTED_LEGEND
from .geometry import (
    PT_PER_MM,
    Box,
    FooterSpot,
    Geometry,
    Overflow,
    PagePlan,
    PrintError,
    SheetGrid,
    back_box,
    back_overflow,
    crop_marks,
    footer_spot,
    grid_reserve,
    layout_json,
    load_geometry,
    plan_pages,
    room_for_offset,
    sheet_grid,
)
from .text import SMALL_TEXT_PT

MM = 72.0 / 25.4


@dataclass(frozen=True)
class CardOptions:
    """Everything that shapes a card sheet (all lengths in mm)."""

    size: str | None = None  # a named size or WxH in mm; None: the data's default size (poker)
    paper: str = "a4"
    bleed: float = 0.0
    crop_marks: bool = False
    corners: bool = False
    backs: str = "none"  # none | duplex | duplex-short
    offset: tuple[float, float] = (0.0, 0.0)  # from the calibration page; see geometry.page_offset
    offset_from: str = "portrait"  # the calibration page the offset was read on: portrait or landscape
    art_dir: str | None = None  # a folder of images named <card id or name>.<suffix>; must exist (ArtFolder)
    #: a card's ``back`` image that is not there or cannot be read: print the game's plain back instead,
    #: with a warning naming the card and the image (PrintResult.plain_back_note), not refuse the run
    plain_back_if_missing: bool = False


@dataclass
class PrintResult:
    """What a print run made: the grid, the page plans and the ``--layout-json`` document."""

    grid: SheetGrid
    pages: list[PagePlan]
    copies: int
    distinct: int
    images: int = 0
    layout: dict[str, Any] = field(default_factory=dict)
    #: Cards whose face (or back's name) did not fit and was cut off with an ellipsis: (id, name, parts cut).
    truncated: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    #: Cards with text drawn smaller than SMALL_TEXT_PT: (id, name, {part: smallest size in pt}).
    small_text: list[tuple[str, str, dict[str, float]]] = field(default_factory=list)
    #: Cards with characters the font cannot draw (printed as black boxes): (id, name, characters).
    missing_glyphs: list[tuple[str, str, str]] = field(default_factory=list)
    #: Cards printed with values the user corrected (``companion cards correct``), not the book's:
    #: (id, name, fields), in the order they were drawn.
    corrected: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    #: The duplex offset (calibration X,Y) and how far the grid was moved (page x, y in mm) to
    #: leave room for it; see :func:`~companion.printing.geometry.room_for_offset`.
    offset: tuple[float, float] = (0.0, 0.0)
    moved: tuple[float, float] = (0.0, 0.0)
    #: Sides of the back pages where the offset still pushes cards into the margin or off the sheet.
    overflow: list[Overflow] = field(default_factory=list)
    #: The orientation of the calibration page the offset was read on (see geometry.page_offset).
    offset_from: str = "portrait"
    #: Warnings about the ``--art`` folder (see ArtFolder.notes: no image for any card, a name several
    #: cards have, several images for one card, a file named after a card printed that was not used and
    #: why), then what Pillow warned reading an image (ImageCache.notes: damaged EXIF data), each naming
    #: its file.
    art_notes: list[str] = field(default_factory=list)
    #: The game the cards are (how :meth:`corrected_note` says the card marks a correction).
    game: str = ""
    #: Cards printed with the game's plain back because their ``back`` image is not there or cannot be
    #: read (``plain_back_if_missing``): (id, name, the image's path, why it cannot be read).
    plain_backs: list[tuple[str, str, str, str]] = field(default_factory=list)

    def plain_back_note(self, limit: int = 8) -> str | None:
        """One sentence naming the cards printed with the game's plain back in place of their back image
        (and the image, and why), or ``None``: the maker asked for it, but must know which backs differ."""
        if not self.plain_backs:
            return None
        n = len(self.plain_backs)
        named = _first_named([f"{name} ({cid}): {path!r} {why}"
                              for cid, name, path, why in self.plain_backs[:limit]], n)
        return (f"{n} card{'s' * (n != 1)} {'were' if n != 1 else 'was'} printed with the game's plain back, "
                f"{'their' if n != 1 else 'its'} back image missing or unreadable: {named}. Put the image "
                "at that path, or correct the card's 'back' in its card file, and print again for the "
                "back it names.")

    def turn_note(self, *, page: bool = False) -> str | None:
        """When the offset was read on a calibration page of the other orientation than the sheet's, the
        one sentence saying it was turned, on what assumption and how to need none; else ``None``.
        ``page``: said with the notebook page's controls (*Calibration page*) instead of the options."""
        from .geometry import is_landscape

        if not any(self.offset) or is_landscape(self.grid.paper) == (self.offset_from == "landscape"):
            return None
        ox, oy = self.offset
        if is_landscape(self.grid.paper):
            sheet = "landscape"
            sure = ("make the calibration page (Print: Calibration page) with Calibration page: Landscape, "
                    "print it the way you print these cards, and enter its reading in Offset X/Y with "
                    "Calibration page: Landscape chosen" if page else
                    "print 'companion print calibration --landscape' the way you print these cards and pass "
                    "its reading with --offset X,Y --offset-from landscape")
        else:
            sheet = "portrait"
            sure = ("enter the reading of the portrait calibration page in Offset X/Y with Calibration page: "
                    "Portrait chosen" if page else
                    "pass the reading of the portrait calibration page ('companion print calibration') with "
                    "--offset X,Y, without --offset-from landscape")
        return (f"this sheet comes out {sheet}, so the offset {ox:g},{oy:g} mm read on the "
                f"{self.offset_from} calibration page was turned a quarter turn, for a printer that turns "
                "landscape pages "
                "anticlockwise (the usual); one that turns them clockwise moves these backs the wrong way. "
                f"To be sure, {sure}: a reading from a page of the sheet's own orientation is used as it is.")

    def offset_note(self) -> str | None:
        """Where the offset pushes backs into the safe margin or off the sheet (one sentence), or ``None``.

        The PDF is still made as asked (the offset corrects the user's printer); the note
        says how far and on which side of the back pages, and what gives the backs room.
        """
        if not self.overflow:
            return None
        margin = load_geometry().sheet["safe_margin"]
        bleed = self.grid.bleed
        sides = []
        for o in self.overflow:
            said = []
            if o.into_margin > 0:
                said.append(f"the cards reach {o.into_margin:g} mm into it")
            if o.into_margin > margin:
                said.append(f"{o.into_margin - margin:g} mm of them off the sheet")
            if o.off_sheet > 0 and bleed:
                said.append(f"{min(o.off_sheet, bleed):g} mm of their bleed off the sheet")
            sides.append(f"at the {o.side}, " + ", ".join(said))
        ox, oy = self.offset
        moved = ("the card grid was moved as far as the fronts allow" if any(self.moved)
                 else "the fronts leave the card grid no room to move")
        return (f"the offset {ox:g},{oy:g} mm pushes the back cards past the printer's {margin:g} mm safe "
                f"margin on the back pages: {'; '.join(sides)}. The PDF is made with that offset, but "
                f"{moved}, and a printer leaves its margin white: less bleed, no crop marks or a "
                "smaller card size gives the backs room.")

    def glyph_note(self, limit: int = 8) -> str | None:
        """One sentence naming the cards with characters the font cannot draw, or ``None``."""
        if not self.missing_glyphs:
            return None
        from .text import show_chars

        n = len(self.missing_glyphs)
        named = _first_named([f"{name} ({cid}): {show_chars(chars)}"
                              for cid, name, chars in self.missing_glyphs[:limit]], n)
        return (f"{n} card{'s' * (n != 1)} {'have' if n != 1 else 'has'} characters the PDF's font cannot "
                f"draw, printed as '■': {named}. The font (Helvetica) covers Western European letters "
                "and common symbols: spell those characters out or leave them out.")

    def corrected_note(self, limit: int = 8) -> str | None:
        """One sentence naming the cards printed with values the user corrected (not the book's), and
        how the card shows it, or ``None``: a printed card must not pass a correction off as the book's."""
        if not self.corrected:
            return None
        n = len(self.corrected)
        named = _first_named([f"{name} ({cid}): {', '.join(fields)}"
                              for cid, name, fields in self.corrected[:limit]], n)
        marked = (f"each such value is marked * on the card, and the card's legend says '{CORRECTED_LEGEND}'"
                  if self.game == "mystics" else "the card does not mark them")
        return (f"{n} card{'s' * (n != 1)} {'print' if n != 1 else 'prints'} values you corrected yourself "
                f"(companion cards correct), not the book's: {named}; {marked}.")

    def small_text_note(self, limit: int = 8) -> str | None:
        """One sentence naming the cards with text shrunk below the readable size, or ``None``."""
        if not self.small_text:
            return None
        n = len(self.small_text)
        said = lambda sizes: ", ".join(f"{part} {below(pt)} pt"  # noqa: E731
                                       for part, pt in sizes.items())
        named = _first_named([f"{name} ({cid}): {said(sizes)}"
                              for cid, name, sizes in self.small_text[:limit]], n)
        return (f"{n} card{'s' * (n != 1)} {'have' if n != 1 else 'has'} text smaller than "
                f"{SMALL_TEXT_PT:g} pt, hard to read in print: {named}. Try a larger card size, or shorten "
                "the text.")

    def truncation_note(self, limit: int = 8) -> str | None:
        """One sentence naming the cards cut off (at most ``limit`` by name), or ``None``."""
        if not self.truncated:
            return None
        n = len(self.truncated)
        named = _first_named([f"{name} ({cid}): {', '.join(parts)}"
                              for cid, name, parts in self.truncated[:limit]], n)
        return (f"{n} card{'s' * (n != 1)} did not fit and {'were' if n != 1 else 'was'} cut off with '…': "
                f"{named}. Try a larger card size, or shorten the text.")


#: The parts of a face the small-text warning leaves out (:attr:`_Faces.small_text`): the footer.
UNCOUNTED = frozenset({"footer"})


def below(value: float, limit: float = SMALL_TEXT_PT) -> str:
    """``value`` (less than ``limit``) as text to 2 decimals, or 3 where 2 would round it up to
    ``limit`` (4.95 as "4.95", 4.4 as "4.4", 4.998 as "4.998": never "5.0" for a size a warning says is
    smaller than 5 pt); one so close that 3 decimals round it up too is cut down to them (4.9999 as
    "4.999"). As the ``small_text`` sizes of ``print cards --json`` say them."""
    import math

    for decimals in (2, 3):
        shown = round(value, decimals)
        if shown < limit:
            break
    else:
        shown = math.floor(value * 1000) / 1000
    return f"{shown:.3f}".rstrip("0").rstrip(".")


def _first_named(named: list[str], total: int) -> str:
    """``a; b; and 3 more``: the cards named in a note, then how many of ``total`` were not."""
    more = total - len(named)
    return "; ".join(named) + (f"; and {more} more" if more else "")


def binary_streams(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``fn`` with ReportLab's ASCII85 stream encoding off: smaller files, faster writing.

    ReportLab reads the global ``rl_config.useA85`` while it builds pages, forms and
    images, so it is switched off for the whole call and restored afterwards.
    """

    @functools.wraps(fn)
    def inner(*args: Any, **kwargs: Any) -> Any:
        from reportlab import rl_config

        old = rl_config.useA85
        rl_config.useA85 = 0
        try:
            return fn(*args, **kwargs)
        finally:
            rl_config.useA85 = old

    return inner


def new_canvas(out: str | os.PathLike[str] | IO[bytes], paper: tuple[float, float], *, title: str,
               duplex: str | None) -> Any:
    """A ReportLab canvas in invariant mode with the viewer preferences every printable needs.
    A path is written by :func:`save`, whole or not at all: the canvas draws into memory
    (ReportLab itself would empty the file before drawing a page)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    path = os.fspath(out) if isinstance(out, str | os.PathLike) else None
    buffer = io.BytesIO() if path is not None else out
    c = Canvas(buffer, pagesize=(paper[0] * MM, paper[1] * MM), invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("companion")
    c.setCreator("companion print")
    c.setSubject("Print at 100 % (actual size); do not fit to page."
                 + (f" Print double-sided, flipping on the {duplex} edge." if duplex else ""))
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", {None: "Simplex", "long": "DuplexFlipLongEdge",
                                     "short": "DuplexFlipShortEdge"}[duplex])
    c.companion_out = (path, buffer)
    return c


def save(c: Any) -> None:
    """Write the PDF (to a path: whole or not at all, see :func:`~companion.textio.write_bytes_atomic`);
    a folder that cannot be written is the user's error, not a crash."""
    from ..textio import write_bytes_atomic

    path, buffer = getattr(c, "companion_out", (None, None))
    try:
        c.save()
        if path is not None:
            assert buffer is not None  # (a path's PDF is drawn into its BytesIO: see :func:`canvas`)
            write_bytes_atomic(path, buffer.getvalue(), parents=False)
    except OSError as exc:
        raise PrintError(f"cannot write the PDF ({os_reason(exc)})", where=str(path or c._filename)) from None


#: The footer's colour (a mid grey: it says where the sheet belongs, the cards stay the eye's).
FOOTER_GREY = (0.45, 0.45, 0.45)


def footer_length(text: str, size: float | None = None) -> float:
    """How long ``text`` is in mm as a footer line (Helvetica at ``size`` pt, default the sheet's size)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if size is None:
        size = load_geometry().sheet["footer_size"] * PT_PER_MM
    return stringWidth(text, "Helvetica", size) / PT_PER_MM


def fit_footer(paper: tuple[float, float], texts: Sequence[str], content: Sequence[Box] = (), *,
               reserve: float | Sequence[float] = 0.0) -> tuple[str, FooterSpot | None]:
    """The wording of a page's footer line and where it goes (:func:`~companion.printing.geometry.
    footer_spot`): the first of ``texts`` (the full line, then shorter ones) that fits at
    :data:`SMALL_TEXT_PT` or more, so words are dropped before the line gets hard to read; when
    none does (the room down, not the length, is short), the last, as large as fits down to the
    sheet's ``footer_min_size``. The spot is ``None`` when the page has no room for a footer."""
    readable = max(SMALL_TEXT_PT, load_geometry().sheet["footer_min_size"] * PT_PER_MM)
    for text in texts:
        spot = footer_spot(paper, tuple(content), footer_length(text), reserve=reserve, least_size=readable)
        if spot is not None:
            return text, spot
    return texts[-1], footer_spot(paper, tuple(content), footer_length(texts[-1]), reserve=reserve)


def draw_footer(c: Any, paper: tuple[float, float], text: str, content: Sequence[Box] = (), *,
                reserve: float | Sequence[float] = 0.0,
                shorter: Sequence[str] = ()) -> FooterSpot | None:
    """Draw a page's footer line (``print at 100 %`` and what the sheet is) inside the safe margin,
    clear of ``content`` (the page's boxes in mm: :func:`~companion.printing.geometry.footer_spot`
    says where); returns where it went, ``None`` when the page has no room for it. ``shorter``: the
    line's shorter wordings, used in turn where it would be drawn below :data:`SMALL_TEXT_PT`
    (:func:`fit_footer`)."""
    from .text import printable

    # (the sheet's name may be the user's: a decklist's, a card file's)
    text, spot = fit_footer(paper, [printable(t) for t in (text, *shorter)], content, reserve=reserve)
    if spot is None:
        return None
    c.saveState()
    c.setFont("Helvetica", spot.size)
    c.setFillColorRGB(*FOOTER_GREY)
    if spot.angle:  # up a side: turned about its start
        c.translate(spot.x * MM, spot.y * MM)
        c.rotate(spot.angle)
        c.drawString(0, 0, text)
    else:
        c.drawString(spot.x * MM, spot.y * MM, text)
    c.restoreState()
    return spot


def sheet_footers(game: str, number: int, sheets: int, side: str, flip: str | None) -> list[str]:
    """A card sheet page's footer line, then its shorter wordings (:func:`draw_footer`'s ``shorter``).

    The line says what the page is and how to print it: at 100 %, and, for a duplex run,
    double-sided with the flip edge in plain words (``flip on the long edge``), because many
    print dialogs ignore the PDF's own duplex preference and a Letter sheet turned landscape
    is where a wrong guess shows. A front page adds what a printer without duplex does
    (``fronts only: print odd pages``: every back page follows its front). Where the line
    would be hard to read, the game's name goes first, then that hint; the flip edge stays.
    """
    where = f"sheet {number}/{sheets} {side}"
    how = "print at 100 % (actual size)" + (f", double-sided, flip on the {flip} edge" if flip else "")
    hint = " · fronts only: print odd pages" if flip and side == "front" else ""
    texts = [f"{game} · {where} · {how}{hint}", f"{where} · {how}{hint}"]
    return [*texts, f"{where} · {how}"] if hint else texts


def expand_copies(cards: Iterable[Any], counts: Sequence[int] | None = None) -> list[Any]:
    """One entry per printed copy: ``counts[i]`` copies of card i, else the card's ``qty`` (default 1)."""
    out: list[Any] = []
    for i, card in enumerate(cards):
        n = counts[i] if counts is not None else card.get("qty", 1)
        n = n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 1
        out.extend([card] * n)
    return out


def _progress(total: int, enabled: bool | None, desc: str) -> Any:
    """A tqdm bar on stderr, only when asked or when stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty() and total >= 20
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, file=sys.stderr, unit="page", desc=desc, leave=False)


class _Faces:
    """Forms for faces, backs and images of one PDF, each drawn the first time it is used."""

    def __init__(self, canvas: Any, game: str, card_pt: tuple[float, float], bleed_pt: float,
                 options: CardOptions, cards: Sequence[Any] = (), pool: Iterable[Any] = ()) -> None:
        from .images import ImageCache

        self.c = canvas
        self.game = game
        self.w, self.h = card_pt
        self.bleed = bleed_pt
        self.options = options
        self.corners = load_geometry().sheet["corner_radius"] * MM if options.corners else 0.0
        self.images = ImageCache(canvas)
        self.faces: dict[str, str] = {}
        self.backs: dict[tuple[str, str], str] = {}
        self.art_dir = art_folder(options.art_dir)
        self.art_files = ArtFolder(self.art_dir, cards, pool) if self.art_dir is not None else None
        self._cut: dict[str, tuple[str, str, list[str]]] = {}  # card id -> (id, name, parts cut off)
        self._small: dict[str, tuple[str, str, dict[str, float]]] = {}  # card id -> (id, name, part: pt)
        self._back_cut: dict[tuple[str, str], bool] = {}  # back form key -> its label was cut off
        self._back_sizes: dict[tuple[str, str], dict[str, float]] = {}  # back form key -> part: pt
        self._backs_seen: set[str] = set()  # card ids whose back was noted
        self.missing: dict[str, tuple[str, str, str]] = {}  # card id -> (id, name, characters)
        self.corrected: dict[str, tuple[str, str, tuple[str, ...]]] = {}  # card id -> (id, name, fields)
        #: card id -> (id, name, path, why): a back image missing or unreadable, the plain back printed
        self.plain_backs: dict[str, tuple[str, str, str, str]] = {}
        self._unreadable: dict[str, str] = {}  # back image path -> why it cannot be read (read once)

    @property
    def truncated(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """Cards whose face or back was cut off: (id, name, parts), in the order they were drawn."""
        return [(cid, name, tuple(parts)) for cid, name, parts in self._cut.values()]

    @property
    def small_text(self) -> list[tuple[str, str, dict[str, float]]]:
        """Cards with text below :data:`SMALL_TEXT_PT`: (id, name, part: pt). The footer (the set's name,
        a label as a printed card's credit line is, not what the card says) is not counted: at the
        standard mini sizes it alone made every card of a run warned of (4.06 pt on mini-american)."""
        out = []
        for cid, name, sizes in self._small.values():
            small = {part: pt for part, pt in sizes.items()
                     if pt < SMALL_TEXT_PT - 1e-9 and part not in UNCOUNTED}
            if small:
                out.append((cid, name, small))
        return out

    def _note(self, card: Any, cut: Iterable[str], sizes: dict[str, float]) -> None:
        """Record the parts of ``card`` cut off and the font sizes its parts were drawn at."""
        cut = list(cut)
        if cut:
            parts = self._cut.setdefault(card.id, (card.id, card.name, []))[2]
            parts.extend(p for p in cut if p not in parts)
        if sizes:
            had = self._small.setdefault(card.id, (card.id, card.name, {}))[2]
            for part, pt in sizes.items():
                had[part] = min(pt, had.get(part, pt))

    def _check_glyphs(self, card: Any, texts: Iterable[str]) -> None:
        """Note the characters of ``texts`` the font cannot draw, against ``card``."""
        from .text import undrawable

        chars = undrawable("\n".join(texts))
        if chars:
            _cid, _name, had = self.missing.get(card.id, (card.id, card.name, ""))
            self.missing[card.id] = (card.id, card.name, had + "".join(c for c in chars if c not in had))

    def _image(self, card: Any, path: Path, field_: str) -> Any:
        """The image at ``path`` for a card's ``art`` or ``back`` (``field_``); a problem names the card
        file, the JSON pointer and the image (:func:`card_image_error`; :func:`check_card_images` finds
        most before anything is drawn). (An ``--art`` folder's image that cannot be read is a warning
        instead: :meth:`ArtFolder.art_for`.)"""
        try:
            return self.images.get(path)
        except PrintError as exc:
            raise card_image_error(card, path, field_, exc) from None

    def art_for(self, card: Any) -> Any:
        """The card's own ``art`` (an error when it cannot be read), else its image in the ``--art``
        folder, if any (one that cannot be read is a warning: see :class:`ArtFolder`)."""
        path = image_path(card, card.get("art"))
        if path is not None:
            if self.art_files is not None:
                self.art_files.own_art(card, str(card.get("art")))
            return self._image(card, path, "art")
        if self.art_files is not None:
            return self.art_files.art_for(card, self.images.get)
        return None

    def face(self, card: Any) -> str:
        name = self.faces.get(card.id)
        if name is not None:
            return name
        from .faces import (
            BUILDERS,
            draw_face,
            draw_playing_card,
            face_texts,
            generic_face,
            playing_card_texts,
        )

        name = f"f{len(self.faces)}"
        art = self.art_for(card)
        mine = corrected_fields(card)
        if mine:  # (a value of the user's, not the book's: said in the run's warnings)
            self.corrected[card.id] = (card.id, card.name, tuple(sorted(mine)))
        c = self.c
        c.beginForm(name, -self.bleed, -self.bleed, self.w + self.bleed, self.h + self.bleed)
        sizes: dict[str, float] = {}
        if self.game == "mousecard":
            cut = draw_playing_card(c, card, self.w, self.h, self.bleed, corners=self.corners, art=art,
                                    sizes=sizes)
            self._check_glyphs(card, playing_card_texts(card))
        else:
            spec = BUILDERS.get(self.game, generic_face)(card).printable()
            cut = draw_face(c, spec, self.w, self.h, self.bleed, art=art, corners=self.corners, sizes=sizes)
            self._check_glyphs(card, face_texts(spec))
        self._note(card, cut, sizes)
        c.endForm()
        self.faces[card.id] = name
        return name

    def _back_image(self, card: Any, path: Path) -> Any:
        """The card's ``back`` image at ``path``; one that is not there or cannot be read is refused
        (:func:`card_image_error`), or with ``plain_back_if_missing`` gives ``None`` (the game's plain back
        is printed), the card and the image noted for :meth:`PrintResult.plain_back_note`."""
        why = self._unreadable.get(str(path))
        if why is None:
            try:
                return self.images.get(path)
            except PrintError as exc:
                if not self.options.plain_back_if_missing:
                    raise card_image_error(card, path, "back", exc) from None
                why = self._unreadable[str(path)] = exc.message
        self.plain_backs.setdefault(card.id, (card.id, card.name, str(path), why))
        return None

    def back(self, card: Any) -> str:
        from .faces import back_name, draw_back

        value = card.get("back")
        art = None
        label: str | None = None
        key: tuple[str, str] = ("game", self.game)
        if value:
            kind, text = back_kind(str(value))  # as `companion validate` reads it
            if kind == "image":
                art = self._back_image(card, image_path(card, text))  # type: ignore[arg-type]
                if art is not None:
                    key = ("img", art.form)
            elif kind == "file":
                raise not_an_image_back(card, text)
            else:
                label = text
                key = ("label", label)
        name = self.backs.get(key)
        if name is None:
            name = f"b{len(self.backs)}"
            c = self.c
            c.beginForm(name, -self.bleed, -self.bleed, self.w + self.bleed, self.h + self.bleed)
            sizes: dict[str, float] = {}
            self._back_cut[key] = draw_back(c, self.game, self.w, self.h, self.bleed, label=label, art=art,
                                            corners=self.corners, sizes=sizes)
            self._back_sizes[key] = sizes
            c.endForm()
            self.backs[key] = name
        if card.id not in self._backs_seen:  # every card with this back, each once
            self._backs_seen.add(card.id)
            if label is not None and art is None:
                self._check_glyphs(card, [back_name(self.game, label)])  # (as drawn: composed)
            self._note(card, ["back"] if self._back_cut[key] else [], self._back_sizes[key])
        return name


def image_path(card: Any, value: Any) -> Path | None:
    """The image a card's ``art`` or ``back`` value names (a relative path is read from the card file's
    folder); ``None`` for no value."""
    if not value:
        return None
    p = Path(str(value))
    if not p.is_absolute() and card.file:
        p = Path(card.file).parent / p
    return p


#: How a missing back image's refusal offers the plain back instead, in the command's words (the print
#: page says it with its checkbox: :data:`PLAIN_BACK_CHOICE_PAGE`).
PLAIN_BACK_CHOICE = "print the game's plain back for it (--plain-back-if-missing)"
PLAIN_BACK_CHOICE_PAGE = "print the game's plain back for it (tick 'Plain back for a missing image')"

#: What a card's own image that cannot be read asks of the user, by its field: the run is refused.
_IMAGE_FIX = {
    "art": "Put the image at that path, or correct or remove the card's 'art' in its card file (a relative "
           "path is read from the card file's folder). Nothing was written.",
    "back": "Put the image at that path, or correct or remove the card's 'back' in its card file (a relative "
            "path is read from the card file's folder; without it the game's plain back is printed), or "
            "print with no backs. Nothing was written.",
}
#: What a card's ``back`` image that cannot be read asks of the user: as a back that is no image, or the
#: plain back in its place (``plain_back_if_missing``).
_BACK_IMAGE_FIX = _IMAGE_FIX["back"].replace(
    "or print with no backs.", f"print with no backs, or {PLAIN_BACK_CHOICE}.")


def card_image_error(card: Any, path: Path, field_: str, exc: PrintError) -> PrintError:
    """The refusal of a card's own ``art`` or ``back`` image (``field_``) at ``path`` that ``exc`` says
    cannot be read: the image, the card file and pointer, and what to do."""
    return PrintError(f"{field_} image {str(path)!r}: {exc.message}", where=card_where(card, field_),
                      expected=exc.expected
                      or f"an image file Pillow can read, one of {', '.join(IMAGE_SUFFIXES)}",
                      suggestion=_BACK_IMAGE_FIX if field_ == "back" else _IMAGE_FIX[field_])


def not_an_image_back(card: Any, text: str) -> PrintError:
    """The refusal of a card's ``back`` that names a file which is not an image printing reads."""
    return PrintError(f"back {text!r} names a file that is not an image this can print",
                      where=card_where(card, "back"),
                      expected=f"an image, one of {', '.join(IMAGE_SUFFIXES)}, or a back's name without a "
                               "file suffix, printed on the back",
                      found=Path(text).suffix or "a path", suggestion=_IMAGE_FIX["back"])


def check_card_images(cards: Iterable[Any], options: CardOptions) -> None:
    """Refuse, before anything is drawn or written, a card's own ``art`` image, or its ``back`` image when
    the run prints backs, that is not there or is not an image (its header read alone: cheap): a run
    had drawn every front page before its first back page stopped at a missing back. What an image's
    header cannot tell (a file cut short) is still refused when it is drawn; nothing is written then
    either. With ``options.plain_back_if_missing`` a back image is not refused: the game's plain back is
    printed for it, with a warning (:meth:`_Faces.back`)."""
    from .images import check_image

    seen: set[str] = set()
    readable: set[Path] = set()
    for card in cards:
        if card.id in seen:
            continue
        seen.add(card.id)
        wanted: list[tuple[str, Path]] = []
        art = image_path(card, card.get("art"))
        if art is not None:
            wanted.append(("art", art))
        value = card.get("back")
        if options.backs != "none" and value:
            kind, text = back_kind(str(value))
            if kind == "file":
                raise not_an_image_back(card, text)
            back = image_path(card, text) if kind == "image" else None
            if back is not None:
                wanted.append(("back", back))
        for field_, path in wanted:
            if path in readable:  # (one back or art shared by many cards: its header read once)
                continue
            try:
                check_image(path)
                readable.add(path)
            except PrintError as exc:
                if field_ == "back" and options.plain_back_if_missing:
                    continue  # (the plain back is printed for it, said: _Faces.back)
                raise card_image_error(card, path, field_, exc) from None


def card_where(card: Any, field_: str) -> str:
    """``file /cards/<index>/<field> (card 'id')``: where a card's field is, as validation says it."""
    if getattr(card, "file", None) is None or getattr(card, "index", None) is None:
        return f"card {card.id!r} /{field_}"
    return f"{card.file} /cards/{card.index}/{field_} (card {card.id!r})"


def refuse_blank_art(art_dir: str | os.PathLike[str] | None) -> None:
    """A blank ``--art`` (``--art ""``, an empty shell variable) is refused with a :class:`PrintError`, as
    the notebook refuses a blank box: it had quietly meant no folder, as if left out. ``None`` (left out)
    passes."""
    if art_dir is not None and not str(art_dir).strip():
        raise PrintError("no art folder given", where="--art",
                         expected="a folder of images named after card ids or names",
                         suggestion="Leave out --art for no art.")


def art_folder(art_dir: str | os.PathLike[str] | None) -> Path | None:
    """The ``--art`` folder as a path (``None``: none); a :class:`PrintError` when it is not an existing
    folder, or blank (:func:`refuse_blank_art`)."""
    refuse_blank_art(art_dir)
    if art_dir is None:
        return None
    folder = Path(art_dir)
    try:
        ok = folder.is_dir()
        exists = ok or folder.exists()
    except (OSError, ValueError):
        ok = exists = False
    if not ok:
        raise PrintError(f"art folder {str(art_dir)!r} {'is not a folder' if exists else 'does not exist'}",
                         where="--art", expected="a folder of images named after card ids or names, "
                                                 "such as acorn-scout.png or Acorn Scout.png")
    return folder


#: How many of a folder's unused images an ``--art`` warning names.
ART_NAMED = 4


def name_key(text: str) -> str:
    """``text`` as an ``--art`` file's name and a card's id or name are compared: in Unicode's composed
    form (NFC) and case folded. A name macOS, or a zip made there, writes decomposed (NFD: ``e`` and a
    combining accent for ``è``) is the card's name as typed (NFC)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold())


class ArtFolder:
    """The images of an ``--art`` folder and which card of a print run each one is for.

    A card's image is the one named after its id (``acorn-scout.png``), else after its name
    (``Acorn Scout.png``) when that name is no card's id and no other card of the game has it
    (``Leonardo.png`` for two Leonardo printings names neither, whichever of them are printed).
    The names are judged against the whole game (``pool``: the game's cards, with the run's), so
    which card an image is for never depends on which others are printed with it. Names match in
    any case and Unicode form (:func:`name_key`: ``ACORN-SCOUT.JPG``, ``Crème Brûlée.png`` however
    it is encoded), and the suffix in any case; (a card's own ``back`` or ``art`` is read from its
    exact path, only its suffix in any case). Of several images for one card, the one named
    exactly after the id comes first, then by suffix in the order of :data:`IMAGE_SUFFIXES`; one
    that cannot be read is passed over for the next. The folder is listed once, sorted, so the
    same folder always gives the same images whatever order the file system lists it in or
    whether it tells case apart.

    :meth:`notes` are the warnings: a folder none of whose images was for a card of the run
    (with a few of them named and the naming expected), a name several cards have, several
    images for one card, and every file named after a printed card that was not used, saying
    why: not an image printing reads (``.heic``), an image that cannot be read (the card is
    printed without art, or with the next image), a card with its own ``art``.
    """

    def __init__(self, folder: Path, cards: Iterable[Any], pool: Iterable[Any] = ()) -> None:
        self.folder = folder
        try:
            listed = sorted(folder.iterdir(), key=lambda p: p.name)
        except OSError as exc:
            raise PrintError(f"art folder {str(folder)!r} cannot be read ({os_reason(exc)})",
                             where="--art") from None
        #: The image files of the folder (by suffix, in any case; hidden files left out), by name.
        shown = [p for p in listed if not p.name.startswith(".") and p.is_file()]
        self.files = [p for p in shown if p.suffix.lower() in IMAGE_SUFFIXES]
        #: The folder's other files (not images printing reads: a .heic photo, a .txt), by name.
        self.others = [p for p in shown if p.suffix.lower() not in IMAGE_SUFFIXES]
        self._by_stem: dict[str, list[Path]] = {}
        for p in self.files:
            self._by_stem.setdefault(name_key(p.stem), []).append(p)
        #: The cards printed (each once), then every card of the game (the run's first, for an id both have).
        self._printed = list({c.id: c for c in cards}.values())
        every = {name_key(c.id): c for c in pool}
        every.update({name_key(c.id): c for c in self._printed})
        self._ids = set(every)
        self._names: dict[str, list[str]] = {}  # a name (name_key) -> the ids of the game's cards with it
        for c in every.values():
            name = name_key(str(c.name or "").strip())
            if name:
                self._names.setdefault(name, []).append(c.id)
        # the naming the warnings show: the first printed card whose name is no id and no other card's
        self._example = next((c for c in self._printed if self._own_name(c)), None)
        #: The images named after a card printed (used or not).
        self.used: set[Path] = set()
        self._shared: dict[Path, list[str]] = {}  # an image named after a name several cards have -> ids
        self._several: dict[str, tuple[Path | None, list[Path]]] = {}  # card id -> (image used, the others)
        self._unread: dict[Path, tuple[str, str, Path | None]] = {}  # image -> (card id, why, the one used)
        self._own: dict[Path, tuple[str, str]] = {}  # image not used -> (card id, the card's own art)

    def _own_name(self, card: Any) -> str | None:
        """The card's name (:func:`name_key`) when it names that card alone (no id, no other card's)."""
        key = name_key(str(card.name or "").strip())
        if key and key not in self._ids and len(self._names.get(key, ())) == 1:
            return key
        return None

    def _ranked(self, stem: str, exact: str) -> list[Path]:
        """The images named ``stem`` (a :func:`name_key`): the one named ``exact`` first, then by suffix."""
        order = {suffix: k for k, suffix in enumerate(IMAGE_SUFFIXES)}
        exact = unicodedata.normalize("NFC", exact)
        return sorted(self._by_stem.get(stem, ()),
                      key=lambda p: (unicodedata.normalize("NFC", p.stem) != exact, order[p.suffix.lower()],
                                     p.suffix != p.suffix.lower(), p.name))

    def images_for(self, card: Any) -> list[Path]:
        """The images for ``card``, best first (see the class); an image named after a name several of
        the game's cards have is noted, for none of them."""
        found = self._ranked(name_key(card.id), card.id)
        name = str(card.name or "").strip()
        key = name_key(name)
        # (a name that is an id names that card; one several cards have names none of them; a card the
        # folder's game does not list, as a name folded otherwise than its id, still gets its own)
        if key and key not in self._ids:
            if len(self._names.get(key, ())) > 1:
                for p in self._by_stem.get(key, ()):
                    self._shared[p] = self._names[key]
            else:
                found += self._ranked(key, name)
        self.used.update(found)
        return found

    def art_for(self, card: Any, read: Callable[[Path], Any]) -> Any:
        """The art for ``card`` read by ``read`` from the first of its images that can be read (a
        :class:`PrintError` from ``read`` passes an image over, noted), or ``None``."""
        found = self.images_for(card)
        art = chosen = None
        failed: list[tuple[Path, str]] = []
        for p in found:
            try:
                art = read(p)
            except PrintError as exc:
                failed.append((p, exc.message))
                continue
            chosen = p
            break
        for p, why in failed:
            self._unread[p] = (card.id, why, chosen)
        if len(found) > 1:
            self._several[card.id] = (chosen, [p for p in found if p != chosen])
        return art

    def own_art(self, card: Any, art: str) -> None:
        """``card`` has its own ``art``, which comes first: its images here are noted as not used."""
        for p in self.images_for(card):
            self._own[p] = (card.id, art)

    def _not_images(self) -> list[tuple[Path, str]]:
        """The folder's files that are not images printing reads but are named after a card printed
        (``rev-e.heic``, ``Solo Two.HEIC``, ``rev-e.png.txt``): (file, card id)."""
        keys: dict[str, str] = {}
        for c in self._printed:
            keys.setdefault(name_key(c.id), c.id)
            own = self._own_name(c)
            if own is not None:
                keys.setdefault(own, c.id)
        found = []
        for p in self.others:
            stem = name_key(p.stem)
            inner = Path(stem)  # 'rev-e.png.txt': named after the card, with an image's suffix inside
            if stem not in keys and inner.suffix in IMAGE_SUFFIXES:
                stem = inner.stem
            if stem in keys:
                found.append((p, keys[stem]))
        return found

    def notes(self) -> list[str]:
        """The warnings about the folder (see the class); empty when all is well."""
        notes: list[str] = []
        where = f"--art {str(self.folder)!r}"
        ex = self._example
        cid, name = (ex.id, str(ex.name or "").strip()) if ex is not None else ("acorn-scout", "Acorn Scout")
        suffixes = ", ".join(IMAGE_SUFFIXES)
        naming = (f"name each image after its card's id ({cid}.png) or, when no other card has it, its name "
                  f"({name or cid}.png), in any case, with one of the suffixes {suffixes}")
        if not self.files:
            held = (f" (it holds {_named_few(self.others)}, none of them an image printing reads)"
                    if self.others else "")
            notes.append(f"{where} has no image files{held}, so no card has art from it: {naming}")
        elif not self.used:
            unused = [p for p in self.files if p not in self._shared]
            if unused:
                notes.append(f"{where}: none of its images is named after a card printed here, so no card "
                             f"has art from it (not used: {_named_few(unused)}): {naming}")
        for p, card_id in self._not_images():
            notes.append(f"{where}: {p.name!r} is named after card {card_id!r} but is not an image printing "
                         f"reads ({p.suffix or 'no suffix'}), so it was not used: save it as one of "
                         f"{suffixes}")
        for p, ids in self._shared.items():
            notes.append(f"{where}: {p.name!r} is named after a name {len(ids)} cards have "
                         f"({', '.join(ids)}), so none of them has art from it: name the image after a "
                         "card's id")
        for p, (card_id, why, chosen) in self._unread.items():
            then = f"{chosen.name!r} was used instead" if chosen is not None else \
                "the card is printed without art"
            notes.append(f"{where}: {p.name!r}, for card {card_id!r}, cannot be read ({why}): {then}")
        for card_id, (first, others) in self._several.items():
            if first is None:
                continue  # none could be read: said above
            notes.append(f"{where}: card {card_id!r} has {len(others) + 1} images ({first.name!r}, "
                         f"{', '.join(repr(p.name) for p in others)}): {first.name!r} was used")
        for p, (card_id, art) in self._own.items():
            notes.append(f"{where}: {p.name!r} was not used: card {card_id!r} has its own art ({art!r}), "
                         "which comes first")
        return notes


def _game_cards(game: str) -> tuple[Any, ...]:
    """Every card of ``game`` (bundled and the user's), for an art folder's names; none for a game this
    does not know (cards printed under another name: judged against the run's cards alone)."""
    if game not in GAMES:
        return ()
    from ..cards import load_game

    return load_game(game).cards


def _named_few(paths: Sequence[Path]) -> str:
    """``'a.png', 'b.jpg' and 3 more``: the first :data:`ART_NAMED` of ``paths``, and how many more."""
    more = len(paths) - ART_NAMED
    return ", ".join(repr(p.name) for p in paths[:ART_NAMED]) + (f" and {more} more" if more > 0 else "")


#: A print run of more pages than this is said before it is drawn (``companion print`` warns on standard
#: error, the print page under its settings): a deck's counts or a whole game's quantities can ask for far
#: more paper than was meant (``999 Acorn Scout`` is 222 pages with duplex backs). ``print all`` (a folder
#: of files, none of them big) is only refused past ``--max-pages``.
BIG_RUN_PAGES = 100


@dataclass(frozen=True)
class RunSize:
    """How big a print run is, from its plan alone (:func:`run_size`, :func:`~companion.printing.boards.
    board_size`, :data:`~companion.printing.boards.CALIBRATION_SIZE`, :meth:`total`): nothing is drawn.
    ``copies`` and ``per_page`` are a card run's cards and cards to a page (0 for a board, a score sheet
    or the calibration page); ``parts``, the files of a run of several (``print all``)."""

    copies: int
    per_page: int
    pages: int  # pages in the PDF(s): fronts, and a back after each with duplex backs
    duplex: bool  # every page is one side of a sheet printed double-sided
    parts: tuple[RunSize, ...] = ()

    @classmethod
    def of_pages(cls, pages: int, *, duplex: bool = False) -> RunSize:
        """A run of ``pages`` pages and no cards (a board, a score sheet, the calibration page)."""
        return cls(0, 0, pages, duplex)

    @classmethod
    def total(cls, parts: Iterable[RunSize]) -> RunSize:
        """The runs ``parts`` (one a file) made together, as ``print all`` makes them."""
        parts = tuple(parts)
        return cls(sum(p.copies for p in parts), 0, sum(p.pages for p in parts),
                   bool(parts) and all(p.duplex for p in parts), parts)

    @property
    def sheets(self) -> int:
        """Sheets of paper: printed duplex, a front page and its back share one."""
        if self.parts:
            return sum(p.sheets for p in self.parts)
        return self.pages // 2 if self.duplex else self.pages

    @property
    def big(self) -> bool:
        """Over :data:`BIG_RUN_PAGES`: worth a word before printing."""
        return self.pages > BIG_RUN_PAGES

    def words(self) -> str:
        """``24 pages (12 sheets of paper, duplex)``; ``partly duplex`` for files some of which are."""
        pages, sheets = self.pages, self.sheets
        duplex = ", duplex" if self.duplex else ", partly duplex" if any(p.duplex for p in self.parts) else ""
        return f"{pages} page{'s' * (pages != 1)} ({sheets} sheet{'s' * (sheets != 1)} of paper{duplex})"

    def what(self) -> str:
        """What the pages hold, for the warning: ``999 cards, 9 to a page``, ``24 PDFs``."""
        if self.parts:
            return f"{len(self.parts)} PDFs"
        if self.per_page:
            return f"{plural(self.copies, 'card')}, {self.per_page} to a page"
        return "a board or sheet at real size"

    def big_note(self) -> str | None:
        """The warning for a run over :data:`BIG_RUN_PAGES` pages (``None`` for a smaller one)."""
        if not self.big:
            return None
        return (f"this run makes {self.words()}, more than {BIG_RUN_PAGES} pages ({self.what()}): check the "
                "counts before printing")


def card_grid(options: CardOptions, geometry: Geometry | None = None) -> SheetGrid:
    """The sheet grid the cards of a run go on (before any room is made for a duplex offset, which
    moves the grid but never changes how many cards a sheet holds)."""
    geo = geometry or load_geometry()
    return sheet_grid(geo.paper(options.paper), geo.card_size(options.size), bleed=options.bleed,
                      crop_marks=options.crop_marks, corner_guides=options.corners, geometry=geo)


def run_size(copies: int, options: CardOptions = CardOptions()) -> RunSize:
    """How many pages and sheets of paper ``copies`` cards make with ``options``, from the sheet plan
    alone (cheap: no face is drawn), so a huge run can be said or refused before it is drawn. A size
    that does not fit the paper is refused here as :func:`print_cards` refuses it."""
    per_page = card_grid(options).per_page
    duplex = options.backs != "none"
    fronts = -(-copies // per_page)  # a partial last sheet is a sheet
    return RunSize(copies, per_page, fronts * (2 if duplex else 1), duplex)


@binary_streams
def print_cards(cards: Sequence[Any], out: str | os.PathLike[str] | IO[bytes],
                options: CardOptions = CardOptions(), *, game: str | None = None,
                title: str | None = None, progress: bool | None = False,
                on_page: Callable[[int, int], None] | None = None,
                pool: Iterable[Any] | None = None) -> PrintResult:
    """Write a PDF with one placement per entry of ``cards`` (already expanded into copies).

    ``progress`` shows a tqdm bar on stderr (``None``: when stderr is a terminal);
    ``on_page(done, total)`` is called after each page, e.g. to move a notebook's bar.
    ``pool``: the game's cards an ``--art`` folder's names are judged against (:class:`ArtFolder`;
    the run's cards are always among them); ``None``: the game's cards as
    :func:`~companion.cards.load_game` reads them, when there is an art folder.
    """
    if not cards:
        raise PrintError("nothing to print: the deck or card file has no cards",
                         expected="at least one card")
    game = game or cards[0].game
    art_folder(options.art_dir)  # before any page is drawn
    check_card_images(cards, options)
    geo = load_geometry()
    grid = card_grid(options, geo)
    flip = {"none": None, "duplex": "long", "duplex-short": "short"}.get(options.backs)
    centred = grid
    if flip is not None:  # leave room on the sheet for the backs' offset (see room_for_offset)
        grid = room_for_offset(grid, options.offset, flip=flip, geometry=geo, read_on=options.offset_from)
    pages = plan_pages([c.id for c in cards], grid, backs=options.backs, offset=options.offset,
                       read_on=options.offset_from)
    c = new_canvas(out, grid.paper, title=title or f"{GAMES.get(game, game)} cards", duplex=flip)
    if pool is None:
        pool = _game_cards(game) if options.art_dir is not None else ()
    faces = _Faces(c, game, (grid.card[0] * MM, grid.card[1] * MM), grid.bleed * MM, options, cards, pool)
    width = geo.sheet["crop_mark_width"] * MM
    fronts = sum(1 for p in pages if p.side == "front")
    bar = _progress(len(pages), progress, "printing")
    fronts_box = tuple(s.grow(grid.bleed) for s in grid.slots)  # every page's footer clear of the full grid
    backs_box = tuple(back_box(s, grid.paper, flip=flip, offset=options.offset, read_on=options.offset_from
                               ).grow(grid.bleed) for s in grid.slots) if flip is not None else ()
    # the front's footer keeps clear of the shortest crop marks, but on the sides that have none
    reserve = grid_reserve(grid, geo)
    for page in pages:
        n_front = (page.number + 1) // 2 if options.backs != "none" else page.number
        footer, *shorter = sheet_footers(GAMES.get(game, game), n_front, fronts, page.side, flip)
        spot = draw_footer(c, grid.paper, footer, fronts_box if page.side == "front" else backs_box,
                           reserve=reserve if page.side == "front" else 0.0,
                           shorter=shorter)
        for pl in page.placements:
            card = cards[pl.index]
            name = faces.face(card) if page.side == "front" else faces.back(card)
            # placing a form: one 'q cm Do Q' (what doForm does, minus overhead). Re-read c._code
            # each time: beginForm on an empty page takes over the page's code list.
            c._code.append(f"q 1 0 0 1 {pl.box.x * MM:.4f} {pl.box.y * MM:.4f} cm "
                        f"/{c._doc.getXObjectName(name)} Do Q")
            c._formsinuse.append(name)
        # the cuts this page's cards need (a partial last page marks no empty slot)
        marks = crop_marks(grid, tuple(pl.box for pl in page.placements), geometry=geo, footer=spot) \
            if options.crop_marks and page.side == "front" else []
        if marks:
            c.setLineWidth(width)
            c.setStrokeColorRGB(0, 0, 0)
            c.lines([(x1 * MM, y1 * MM, x2 * MM, y2 * MM) for x1, y1, x2, y2 in marks])
        c.showPage()
        if bar is not None:
            bar.update(1)
        if on_page is not None:
            on_page(page.number, len(pages))
    if bar is not None:
        bar.close()
    save(c)
    moved = (grid.slots[0].x - centred.slots[0].x, grid.slots[0].y - centred.slots[0].y)
    layout = layout_json(grid, pages, backs=options.backs, offset=options.offset, read_on=options.offset_from,
                         moved=moved)
    return PrintResult(grid, pages, copies=len(cards), distinct=len(faces.faces),
                       images=len(faces.images._by_hash), layout=layout,
                       truncated=faces.truncated, small_text=faces.small_text,
                       missing_glyphs=list(faces.missing.values()), corrected=list(faces.corrected.values()),
                       game=game,
                       offset=options.offset if flip else (0.0, 0.0), moved=moved,
                       offset_from=options.offset_from,
                       overflow=back_overflow(pages, grid.paper, grid.bleed, geometry=geo),
                       plain_backs=list(faces.plain_backs.values()),
                       art_notes=[*(faces.art_files.notes() if faces.art_files is not None else []),
                                  *faces.images.notes])
