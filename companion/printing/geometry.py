"""Print geometry as pure code over data: units, sizes, card grids, duplex backs, tiling.

Everything here works in millimetres with the origin at the page's LOWER-LEFT corner
(PDF's convention), has no ReportLab import and no side effects, so the tests can
check the arithmetic directly. The numbers themselves (card sizes, papers, margins)
live in ``data/print/geometry.json``; :func:`load_geometry` reads them.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CompanionError, did_you_mean
from ..verdict import plural

#: The bundled print data folder (``data/print``).
PRINT_DATA = Path(__file__).resolve().parent.parent.parent / "data" / "print"

#: Millimetres per unit, by each way a length's unit is written: the one unit table of every reader of
#: lengths here, each taking the units its :class:`_Spelling` names.
_MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "inch": 25.4, "inches": 25.4, '"': 25.4, "pt": 25.4 / 72.0}


@dataclass(frozen=True)
class _Spelling:
    """How one kind of length is written: a number (``signs`` it may start with; a decimal ``comma`` as well
    as a point; ``bare``: no digit on one side of the point, ``3.`` or ``.5``), then one of ``units`` or
    none (mm), in any case when ``any_case``. :attr:`amount` is the one regex of a number with a unit, of
    every reader here; :meth:`mm` reads what it matched with the one unit table (:data:`_MM_PER`)."""

    units: frozenset[str]
    any_case: bool = True
    signs: str = ""
    comma: bool = True
    bare: bool = False

    @property
    def amount(self) -> str:
        """The regex of one length (no anchors): groups the number and the unit (letters or ``"``, maybe
        none), whatever the unit; :meth:`mm` says whether this spelling takes it."""
        point = "[.,]" if self.comma else r"\."
        number = f"[0-9]+(?:{point}[0-9]*)?|{point}[0-9]+" if self.bare else f"[0-9]+(?:{point}[0-9]+)?"
        sign = f"[{re.escape(self.signs)}]?" if self.signs else ""
        return rf"({sign}(?:{number}))\s*([a-z\"]*)"

    def mm(self, number: str, unit: str) -> float | None:
        """``number`` (as :attr:`amount` matched it) of ``unit`` in mm (blank: mm); ``None`` for a unit this
        spelling does not take. Unrounded: each reader says how it rounds."""
        key = (unit.lower() if self.any_case else unit) or "mm"
        return float(number.replace(",", ".")) * _MM_PER[key] if key in self.units else None


#: A length as the print data writes it: ``"63mm"``, ``"-1.5mm"``, ``"2.5in"``, ``"9pt"`` (:func:`to_mm`).
_DATA = _Spelling(frozenset({"mm", "cm", "in", "pt"}), any_case=False, signs="-", comma=False)
#: A length typed (a bleed, an offset): ``3``, ``3,5``, ``+3``, ``.5``, ``0.3CM``, ``0.12in``
#: (:func:`typed_length`).
_TYPED = _Spelling(frozenset({"mm", "cm", "in", "inch", "inches", '"'}), signs="-+", bare=True)
#: One side of a card size typed as width x height: unsigned, a unit as a typed length takes one.
_SIDE = _Spelling(_TYPED.units)
#: One length as the print data writes it.
_LENGTH = re.compile(rf"^\s*{_DATA.amount}\s*$", re.IGNORECASE)
#: One length typed: a number (a decimal comma too, as a size takes it), then a unit or none.
_ONE_LENGTH = re.compile(rf"^\s*{_TYPED.amount}\s*$", re.IGNORECASE)
# (a decimal comma as well as a point: "63,5 x 88" as many users type a millimetre and a half; each side
# may carry a unit, "2.5in x 3.5in", or the last one both, "2.5x3.5in": read by _size_side)
_SIZE = re.compile(rf"^\s*{_SIDE.amount}\s*[x×*]\s*{_SIDE.amount}\s*$", re.IGNORECASE)
PT_PER_MM = 72.0 / 25.4


class PrintError(CompanionError):
    """A print option or print data value that cannot be used."""


def to_mm(value: str | float | int, *, where: str = "length") -> float:
    """A length in millimetres from ``"63mm"``, ``"8.5in"``, ``"9pt"`` or a plain number (mm)."""
    if isinstance(value, bool):
        raise PrintError(f"not a length: {value!r}", where=where, expected='a length like "63mm"')
    if isinstance(value, int | float):
        if not math.isfinite(value):
            raise PrintError(f"not a finite length: {value!r}", where=where)
        return float(value)
    m = _LENGTH.match(str(value))
    mm = _DATA.mm(*m.groups()) if m else None
    if mm is None:
        raise PrintError(f"not a length: {value!r}", where=where,
                         expected='a number with a unit: mm, cm, in or pt (e.g. "63mm")')
    return mm


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in mm: lower-left corner (x, y), width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> Box:
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def overlaps(self, other: Box, eps: float = 1e-6) -> bool:
        return (self.x < other.right - eps and other.x < self.right - eps
                and self.y < other.top - eps and other.y < self.top - eps)

    def inside(self, outer: Box, eps: float = 1e-6) -> bool:
        return (self.x >= outer.x - eps and self.y >= outer.y - eps
                and self.right <= outer.right + eps and self.top <= outer.top + eps)


@dataclass(frozen=True)
class Geometry:
    """The parsed ``geometry.json``: sizes and papers in mm, sheet settings in mm."""

    card_sizes: dict[str, tuple[float, float]]
    default_size: str
    papers: dict[str, tuple[float, float]]
    default_paper: str
    sheet: dict[str, float]
    tiling: dict[str, float]
    calibration: dict[str, float]
    #: Each named size's width and height as the data writes them (``"2.5in"``) and its note.
    card_size_text: dict[str, tuple[str, str]] = field(default_factory=dict)
    card_notes: dict[str, str] = field(default_factory=dict)

    def size_label(self, name: str) -> str:
        """A named size for messages: ``63.5x88.9 mm = 2.5x3.5 in`` (the inches when the data gives
        them in inches), ``44x68 mm``."""
        w, h = self.card_sizes[name]
        label = f"{w:g}x{h:g} mm"
        tw, th = self.card_size_text.get(name, ("", ""))
        mw, mh = _LENGTH.match(tw), _LENGTH.match(th)
        if mw and mh and mw.group(2) == mh.group(2) == "in":
            label += f" = {float(mw.group(1)):g}x{float(mh.group(1)):g} in"
        return label

    def card_size(self, spec: str | None) -> tuple[float, float]:
        """``poker``/``bridge``/... or ``WxH`` in mm, e.g. ``"63x88"``."""
        name = (spec or self.default_size).strip().lower()
        if name in self.card_sizes:
            return self.card_sizes[name]
        if _SIZE.match(name):
            return custom_card_size(spec or name)
        from ..errors import closest

        raise PrintError(f"unknown card size {spec!r}", where="--size",
                         expected=" or ".join([*self.card_sizes, "WxH in mm (e.g. 63x88)"]),
                         suggestion=did_you_mean(closest(name, self.card_sizes)))

    def paper(self, spec: str | None) -> tuple[float, float]:
        name = (spec or self.default_paper).strip().lower()
        if name not in self.papers:
            raise PrintError(f"unknown paper {spec!r}", where="--paper",
                             expected=" or ".join(self.papers))
        return self.papers[name]


#: What a card size typed as width x height looks like: the *W x H mm* box's form (not the Size menu's names).
WXH_EXPECTED = "width x height in mm, e.g. 63x88 (or with a unit: 2.5x3.5in, 6.3x8.8cm)"


def _size_side(number: str, unit: str, text: str) -> float:
    """One side of a card size typed as ``text`` in mm, ``number`` of ``unit`` (blank: mm); an unknown unit
    is refused, named, with the units taken (a maker measuring in inches types ``2.5x3.5in``)."""
    mm = _SIDE.mm(number, unit)
    if mm is None:
        raise PrintError(f"unknown unit {unit!r} in card size {text!r}", where="--size",
                         expected="a size in mm, cm or in, e.g. 63x88, 6.3x8.8cm or 2.5x3.5in")
    return round(mm, 6)


#: What a bleed typed with or without a unit looks like (``--bleed``), as a card size takes its units.
LENGTH_EXPECTED = "a number of mm such as 3, or with a unit: 3mm, 0.3cm, 0.12in"


def typed_length(text: str, *, where: str, expected: str = LENGTH_EXPECTED, noun: str = "length",
                 name: str = "") -> float:
    """A length typed as ``--bleed``, the page's *Bleed mm* and *Offset X/Y mm* boxes and each side of
    ``--offset`` take it, in mm: a number of mm (``3``, ``3mm``, ``3,5``) or with a unit as a card size
    takes one (``0.3cm``, ``0.12in``, any case: :data:`_TYPED`). Whether it is in range is the caller's
    to say. An unknown unit is refused naming it (``unknown unit 'pt' in bleed '3pt'``: ``name`` is what
    the length is); anything else is ``not a length`` (``noun``), and so is ``nan`` or ``inf``, which
    ``float`` reads."""
    m = _ONE_LENGTH.match(text)
    if m is None:
        try:  # (what float reads, as this was read before units: 1e1, 1_0)
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise PrintError(f"not a {noun}: {text!r}", where=where, expected=expected)
        return value
    mm = _TYPED.mm(*m.groups())
    if mm is None:
        raise PrintError(f"unknown unit {m.group(2)!r} in {f'{name} ' if name else ''}{text.strip()!r}",
                         where=where, expected=expected)
    return round(mm, 6)  # (0.3in is 7.62 mm, not 7.6199999...)


def custom_card_size(text: str) -> tuple[float, float]:
    """A card size typed as width x height in mm (``63x88``, ``63 x 88 mm``, ``63,5 x 88`` with a decimal
    comma) or with a unit, as the print data writes lengths (``2.5x3.5in``, ``6.3cm x 8.8cm``: the last
    side's unit is the first's too when it has none), each side 10 to 400 mm: how ``--size WxH`` and the
    page's *W x H mm* box read it. Anything else is refused naming that form alone (:data:`WXH_EXPECTED`):
    the named sizes belong to the Size menu, not to this box."""
    m = _SIZE.match(text)
    if not m:
        raise PrintError(f"unknown card size {text!r}", where="--size", expected=WXH_EXPECTED)
    w_number, w_unit, h_number, h_unit = m.groups()
    h = _size_side(h_number, h_unit, text)  # (the height's unit first: the width's may be left to it)
    w = _size_side(w_number, w_unit or h_unit, text)
    if not (10 <= w <= 400 and 10 <= h <= 400):
        raise PrintError(f"card size {text!r} out of range", where="--size",
                         expected="each side between 10 and 400 mm")
    return w, h


def _lengths(d: dict[str, Any], where: str) -> dict[str, float]:
    return {k: to_mm(v, where=f"{where}.{k}") for k, v in d.items()}


def read_print_json(name: str, folder: Path | None = None) -> dict[str, Any]:
    path = (folder or PRINT_DATA) / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PrintError(f"print data cannot be read: {exc}", where=str(path.name)) from None


@functools.cache
def load_geometry() -> Geometry:
    """The bundled sizes, papers and sheet layout (read once per process)."""
    d = read_print_json("geometry.json")
    pair = lambda s, w: (to_mm(s["w"], where=w), to_mm(s["h"], where=w))  # noqa: E731
    return Geometry(
        card_sizes={k: pair(v, f"card_sizes.{k}") for k, v in d["card_sizes"].items()},
        default_size=d["default_size"],
        papers={k: pair(v, f"papers.{k}") for k, v in d["papers"].items()},
        default_paper=d["default_paper"],
        sheet=_lengths(d["sheet"], "sheet"),
        tiling=_lengths(d["tiling"], "tiling"),
        calibration=_lengths(d["calibration"], "calibration"),
        card_size_text={k: (str(v["w"]), str(v["h"])) for k, v in d["card_sizes"].items()},
        card_notes={k: str(v.get("note", "")) for k, v in d["card_sizes"].items()},
    )


#: What ``--offset`` (and the calibration page's) takes, for its refusals and ``--help``.
OFFSET_EXPECTED = "X,Y in mm, e.g. 0.5,-1, or with a unit, e.g. 1mm,0.05in"


def parse_offset(text: str | None) -> tuple[float, float]:
    """``"X,Y"`` in mm (e.g. ``"0.5,-1"``; ``"0.5 -1"`` and ``"0.5;-1"`` too) for the back-side
    shift, each value with a unit if wanted as a bleed takes one (``1mm,0.05in``: :func:`typed_length`);
    empty means no shift. A refusal says the form expected and what was found (how many values, or
    the one that is not a length)."""
    if text is None or not str(text).strip():
        return 0.0, 0.0
    t = str(text).strip().replace(";", ",")
    parts = [p.strip() for p in (t.split(",") if "," in t else t.split())]
    if len(parts) != 2 or not all(parts):
        listed = ", ".join(repr(p) for p in parts)
        found = f"{plural(len(parts), 'value')}: {listed}" if all(parts) else f"a value left empty: {listed}"
        raise PrintError(f"bad offset {text!r}", where="--offset", expected=OFFSET_EXPECTED, found=found)
    values = []
    for part in parts:
        try:
            values.append(typed_length(part, where="--offset", expected=OFFSET_EXPECTED, noun="number"))
        except PrintError as exc:  # (said with the offset it is in: 'nan' alone says nothing)
            raise exc.relabel(message=f"{exc.message} (in offset {text!r})") from None
    x, y = values
    return checked_offset(x, y, text)


def has_unit(text: str) -> bool:
    """Whether a length or offset typed as ``text`` names a unit (``1in``, ``2mm,0.1in``): its message then
    says the millimetres it came to too."""
    return re.search(r"[a-z\"]", text, re.IGNORECASE) is not None


def checked_offset(x: float, y: float, text: str | None = None) -> tuple[float, float]:
    """The offset (x, y) mm, refused past the geometry's ``max_offset`` with its message quoting
    ``text`` (what was typed; by default the numbers as typed), never cut to the limit."""
    lim = load_geometry().sheet["max_offset"]
    if not (math.isfinite(x) and math.isfinite(y)) or abs(x) > lim or abs(y) > lim:
        shown = text if text is not None else f"{typed(x)},{typed(y)}"
        in_mm = text is not None and has_unit(text)  # (2in: 50.8)
        raise PrintError(f"offset {shown!r} out of range", where="--offset",
                         expected=f"each value within ±{lim:g} mm",
                         found=f"{typed(x)},{typed(y)} mm" if in_mm else None)
    return x, y


# --------------------------------------------------------------------------- card sheets

@dataclass(frozen=True)
class SheetGrid:
    """Where the cards of one sheet go: the paper, the trim boxes (row by row from the top).

    ``bare`` names the sides of the page (of :data:`SIDES`) where the grid keeps no room for
    crop marks: with corner guides on, :func:`sheet_grid` leaves the outer marks out on a side
    when their room is what would cost a row or column (the guides mark those cuts), and
    :func:`crop_marks` draws marks there only where the shortest fit inside the safe margin.
    """

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    slots: tuple[Box, ...]
    mark_length: float  # the tightest kept side's crop marks (each side's: crop_marks); 0 when off
    bare: tuple[str, ...] = ()

    @property
    def per_page(self) -> int:
        return len(self.slots)

    @property
    def page_box(self) -> Box:
        return Box(0.0, 0.0, *self.paper)


def check_bleed(bleed: float, *, geometry: Geometry | None = None) -> float:
    """``bleed`` (mm) when it is within 0 and the sheet's ``max_bleed``; else the error ``--bleed`` and the
    notebook's *Bleed mm* give, quoting it as typed (``bleed 12 mm out of range``)."""
    lim = (geometry or load_geometry()).sheet["max_bleed"]
    if not (math.isfinite(bleed) and 0 <= bleed <= lim):
        raise PrintError(f"bleed {typed(bleed)} mm out of range", where="--bleed",
                         expected=f"0 to {lim:g} mm")
    return bleed


def typed(value: float) -> str:
    """A number as it was typed: ``12``, ``-1.5`` (all its digits where ``%g`` would round it)."""
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value))


def _fit(avail: float, card: float, step: float) -> int:
    """Cards of ``card`` mm, ``step`` mm apart, that fit in ``avail`` mm. Both sides allow 1e-9 mm:
    Letter's 8.5 in is 215.89999999999998 mm, and a card that fills the printable width exactly
    must fit."""
    return max(0, math.floor((avail - card) / step + 1e-9) + 1) if avail >= card - 1e-9 else 0


def guides_mark_cuts(card: tuple[float, float], geometry: Geometry | None = None) -> bool:
    """Whether rounded-corner guides (``--corners``) mark every cut of a ``card``-sized card: each
    guide runs straight along all four of the card's trim edges, so each edge has a straight run
    between its rounded corners (twice the ``corner_radius`` shorter than the card's side)."""
    r = (geometry or load_geometry()).sheet["corner_radius"]
    return 2 * r < min(card) - 1e-9


def sheet_grid(paper: tuple[float, float], card: tuple[float, float], *, bleed: float = 0.0,
               crop_marks: bool = False, geometry: Geometry | None = None,
               allow_landscape: bool = True, corner_guides: bool = False) -> SheetGrid:
    """As many cards as fit inside the safe margin, centred so a long-edge mirror maps the grid onto itself.

    Neighbouring cards are ``2 * bleed + gutter`` apart so bleeds never overlap. With crop
    marks the grid also keeps room for marks of at least ``crop_mark_min_length`` outside it;
    marks grow up to ``crop_mark_length`` where the margin allows. The sheet is turned
    landscape only when more cards fit that way.

    ``corner_guides`` (the cards carry rounded-corner cutting guides on every trim edge,
    :func:`guides_mark_cuts`): where the crop marks' room is what costs a row or a column,
    the layout with more cards wins and the marks are left out above and below the cards
    (or left and right of them), the sides then named in :attr:`SheetGrid.bare`. Three rows
    of poker cards on Letter leave 1.35 mm past the margin above and below, less than the
    2 mm the shortest marks take: 9 cards a portrait sheet instead of 8 landscape. The
    marks on the other sides stay, and the grid stays centred, so backs still line up.
    """
    g = geometry or load_geometry()
    s = g.sheet
    bleed = check_bleed(bleed, geometry=g)
    margin, gutter = s["safe_margin"], s["gutter"]
    room = crop_mark_reserve(g) if crop_marks else 0.0
    cw, ch = card
    step_x, step_y = cw + 2 * bleed + gutter, ch + 2 * bleed + gutter

    def count(pw: float, ph: float, rx: float = room, ry: float = room) -> tuple[int, int]:
        ax, ay = pw - 2 * (margin + rx), ph - 2 * (margin + ry)
        return _fit(ax, cw + 2 * bleed, step_x), _fit(ay, ch + 2 * bleed, step_y)

    def best(rooms: list[tuple[float, float]], on: tuple[float, float] = paper
             ) -> tuple[int, int, float, float, float, float]:
        """The layout with the most cards of those keeping ``rooms`` (room for marks left and right,
        below and above) on the sheet ``on`` upright or turned: (cols, rows, paper w, h, rooms); of equals
        the first, so the upright sheet and the most marks."""
        layouts = [(*count(pw, ph, rx, ry), pw, ph, rx, ry) for rx, ry in rooms
                   for pw, ph in ([on, (on[1], on[0])] if allow_landscape else [on])]
        return max(layouts, key=lambda o: o[0] * o[1])

    def layout(on: tuple[float, float]) -> tuple[int, int, float, float, float, float]:
        """The layout on the sheet ``on``: the most cards with every crop mark, or with corner guides
        marking the cuts, the marks left out where that fits more."""
        most = best([(room, room)], on)
        if crop_marks and corner_guides and guides_mark_cuts(card, g):
            # the marks left out left and right, below and above or both: only for more cards than they allow
            fewer = best([(room, 0.0), (0.0, room), (0.0, 0.0)], on)
            if fewer[0] * fewer[1] > most[0] * most[1]:
                return fewer
        return most

    cols, rows, pw, ph, rx, ry = layout(paper)
    if cols * rows == 0:
        unmarked = best([(0.0, 0.0)])  # the crop marks' room alone may be what is in the way
        raise _no_fit(paper, card, bleed, crop_marks and unmarked[0] * unmarked[1] > 0, g,
                      fits=lambda other: math.prod(layout(other)[:2]) > 0)
    grid_w = cols * step_x - gutter  # bleed boxes included
    grid_h = rows * step_y - gutter
    x0 = (pw - grid_w) / 2 + bleed
    y_top = (ph + grid_h) / 2 - bleed  # top trim edge of the first row
    slots = tuple(Box(x0 + c * step_x, y_top - ch - r * step_y, cw, ch)
                  for r in range(rows) for c in range(cols))
    bare = ((("left", "right") if rx < room else ()) + (("bottom", "top") if ry < room else ())
            if crop_marks else ())
    mark = _mark_length((pw, ph), slots, bleed, g, bare) if crop_marks else 0.0
    return SheetGrid((pw, ph), card, bleed, cols, rows, slots, mark, bare)


def _no_fit(paper: tuple[float, float], card: tuple[float, float], bleed: float, marks: bool, g: Geometry,
            fits: Callable[[tuple[float, float]], bool]) -> PrintError:
    """Why not one ``card`` fits on ``paper`` (either way round), in the numbers a maker measures: the card
    with its ``bleed``, and the area inside the safe margin printers print in (a 205x292 mm card is larger
    than that on A4, though smaller than the paper); what would make it fit: no crop marks (``marks``:
    it fits without them), less bleed when there is some, and each other paper of the data it ``fits`` on."""
    cw, ch = card
    margin = g.sheet["safe_margin"]
    pw, ph = paper
    with_bleed = f" with {typed(bleed)} mm bleed ({cw + 2 * bleed:g}x{ch + 2 * bleed:g} mm)" if bleed else ""
    inside = (f"printers print inside its {margin:g} mm safe margin, "
              f"{pw - 2 * margin:g}x{ph - 2 * margin:g} mm")
    others = [name for name, size in g.papers.items()
              if (min(size), max(size)) != (min(paper), max(paper)) and fits(size)]
    remedies = [*(["no crop marks"] if marks else []), "a smaller card", *(["less bleed"] if bleed else []),
                *(f"{name} paper (it fits there)" for name in others)]
    if not others:
        remedies.append("a larger paper")
    return PrintError(f"a {cw:g}x{ch:g} mm card{with_bleed} does not fit on a {pw:g}x{ph:g} mm page"
                      + (" with crop marks (it fits without them)" if marks else "") + f": {inside}",
                      where="--size", expected=", ".join(remedies[:-1]) + " or " + remedies[-1])


def crop_mark_reserve(geometry: Geometry | None = None) -> float:
    """The room (mm) a sheet with crop marks keeps past its cards' bleed boxes, inside the safe margin,
    for the shortest marks: their offset from the bleed edge and their minimum length."""
    s = (geometry or load_geometry()).sheet
    return s["crop_mark_offset"] + s["crop_mark_min_length"]


def grid_reserve(grid: SheetGrid, geometry: Geometry | None = None) -> tuple[float, float, float, float]:
    """Each side's crop-mark room (:func:`crop_mark_reserve`) of the page of ``grid``, in :data:`SIDES`'
    order: none on its ``bare`` sides (the fronts may go up to the margin there) or without marks."""
    kept = crop_mark_reserve(geometry) if grid.mark_length else 0.0
    left, right, bottom, top = (0.0 if side in grid.bare else kept for side in SIDES)
    return left, right, bottom, top


def _room(paper: tuple[float, float], slots: tuple[Box, ...], bleed: float
          ) -> tuple[float, float, float, float]:
    """The paper left around the bleed boxes of ``slots``: (left, right, bottom, top) in mm."""
    pw, ph = paper
    return (min(s.x for s in slots) - bleed, pw - max(s.right for s in slots) - bleed,
            min(s.y for s in slots) - bleed, ph - max(s.top for s in slots) - bleed)


def _mark_for(room: float, s: dict[str, float]) -> float:
    """A crop mark as long as ``room`` (a side's, from the bleed edge to the paper's) allows once the
    mark's offset and the safe margin are left: between the sheet's minimum and full length."""
    free = room - s["safe_margin"] - s["crop_mark_offset"]
    return max(s["crop_mark_min_length"], min(s["crop_mark_length"], free))


def _mark_length(paper: tuple[float, float], slots: tuple[Box, ...], bleed: float, g: Geometry,
                 bare: tuple[str, ...] = ()) -> float:
    """Crop marks as long as the narrowest kept side's room allows (between the minimum and full length);
    the minimum when every side is ``bare`` (marks only where they fit: :func:`crop_marks`)."""
    kept = [r for side, r in zip(SIDES, _room(paper, slots, bleed), strict=True) if side not in bare]
    return _mark_for(min(kept), g.sheet) if kept else g.sheet["crop_mark_min_length"]


def mirrors_x(paper: tuple[float, float], flip: str) -> bool:
    """Whether turning the sheet over mirrors the page's x (else its y); see :func:`back_box`."""
    pw, ph = paper
    return (flip == "long") == (ph >= pw)


def room_for_offset(grid: SheetGrid, offset: tuple[float, float], *, flip: str = "long",
                    geometry: Geometry | None = None, read_on: str = "portrait") -> SheetGrid:
    """The grid moved so backs shifted by ``offset`` stay inside the safe margin, as far as the fronts
    have room; the grid itself when they fit already (or there is no offset).

    A duplex offset moves every back, so on a grid centred for its fronts a large offset
    pushes the backs into the printer's margin or off the sheet. Moving the whole front
    grid by ``d`` moves the backs by ``d`` too on the axis the flip keeps, by ``-d`` on the
    axis it mirrors, and backs stay behind their fronts whatever ``d`` is. The grid moves as
    little as gets every back's bleed box inside the safe margin, and never so far that a
    front's bleed box (or its shortest crop marks) would leave it; what still does not fit
    is reported by :func:`back_overflow`.
    """
    ox, oy = page_offset(offset, grid.paper, read_on=read_on)
    if not (ox or oy) or not grid.slots:
        return grid
    g = geometry or load_geometry()
    margin = g.sheet["safe_margin"]
    keep = dict(zip(SIDES, grid_reserve(grid, g), strict=True))
    left, right, bottom, top = _room(grid.paper, grid.slots, grid.bleed)
    mirror_x = mirrors_x(grid.paper, flip)

    def move(low: float, high: float, o: float, mirrored: bool, m_low: float, m_high: float) -> float:
        # fronts: low + d and high - d stay >= margin + their marks; backs: with the flip's mirror the
        # back's low side is the front's high side, so its room is high - d + o and low + d - o,
        # else low + d + o and high - d - o; each stays >= margin where it can
        if mirrored:
            lo_b, hi_b = margin + o - low, high + o - margin
        else:
            lo_b, hi_b = margin - o - low, high - o - margin
        d = min(max(0.0, lo_b), hi_b) if lo_b <= hi_b else (lo_b + hi_b) / 2
        return min(max(d, margin + m_low - low), high - margin - m_high)

    dx = move(left, right, ox, mirror_x, keep["left"], keep["right"])
    dy = move(bottom, top, oy, not mirror_x, keep["bottom"], keep["top"])
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return grid
    slots = tuple(Box(s.x + dx, s.y + dy, s.w, s.h) for s in grid.slots)
    mark = _mark_length(grid.paper, slots, grid.bleed, g, grid.bare) if grid.mark_length else 0.0
    return SheetGrid(grid.paper, grid.card, grid.bleed, grid.cols, grid.rows, slots, mark, grid.bare)


@dataclass(frozen=True)
class Overflow:
    """How far the backs go past one side of their page: into the safe margin (trim boxes) and
    off the sheet (bleed boxes), in mm; ``side`` is ``left``/``right``/``bottom``/``top`` of the page."""

    side: str
    into_margin: float
    off_sheet: float


def back_overflow(pages: list[PagePlan], paper: tuple[float, float], bleed: float, *,
                  geometry: Geometry | None = None) -> list[Overflow]:
    """Each side of the back pages where a card's trim box reaches into the safe margin or its bleed
    off the sheet (an offset larger than the sheet has room for); empty when every back fits."""
    g = geometry or load_geometry()
    margin = g.sheet["safe_margin"]
    boxes = tuple(pl.box for p in pages if p.side == "back" for pl in p.placements)
    if not boxes:
        return []
    found = []
    for side, room in zip(("left", "right", "bottom", "top"), _room(paper, boxes, 0.0), strict=True):
        into, off = round(margin - room, 2), round(bleed - room, 2)  # trim: room; bleed: room - bleed
        if into > 0 or off > 0:
            found.append(Overflow(side, max(into, 0.0), max(off, 0.0)))
    return found


#: The orientations a calibration page is printed in (``print calibration [--landscape]``).
READ_ON = ("portrait", "landscape")


def is_landscape(paper: tuple[float, float]) -> bool:
    return paper[0] > paper[1]


def sheet_words(paper: tuple[float, float]) -> str:
    """``sheet``, or ``landscape sheet`` for a sheet turned because more cards fit on it that way."""
    return "landscape sheet" if is_landscape(paper) else "sheet"


def page_offset(offset: tuple[float, float], paper: tuple[float, float], *,
                read_on: str = "portrait") -> tuple[float, float]:
    """The user's back-side offset in the coordinates of a page of size ``paper``.

    The offset is read off the calibration page printed ``read_on`` (portrait unless asked):
    X runs across that page (right as seen on the back, as its text reads), Y up it. A
    page of the same orientation uses it as it is: it went onto the paper the way the
    calibration page did, whichever way the printer turns it. A page of the other
    orientation is turned, assuming the page goes onto the paper a quarter turn
    anticlockwise, the usual 'landscape' of viewers and printers (IPP orientation 4: the
    page's top at the paper's left long edge, as seen from the side printed on). Every
    page, front or back, is turned the same way as seen from its own side, whichever edge
    the sheet flips on (the flip only decides the mirror, see :func:`back_box`), so on
    the back page of a landscape sheet the portrait page's X points down (-y) and its Y
    right (+x): the page offset is ``(Y, -X)``, and a landscape reading on a portrait page
    is ``(-Y, X)``. A printer that turns landscape pages clockwise needs the opposite turn:
    a calibration page printed in the sheet's own orientation needs none.
    """
    if read_on not in READ_ON:
        raise PrintError(f"unknown calibration orientation {read_on!r}", where="--offset-from",
                         expected=" or ".join(READ_ON))
    ox, oy = offset
    if is_landscape(paper) == (read_on == "landscape"):  # the calibration page's own orientation
        return ox, oy
    if read_on == "portrait":  # onto a landscape page
        return oy, -ox
    return -oy, ox


def back_box(front: Box, paper: tuple[float, float], *, flip: str = "long",
             offset: tuple[float, float] = (0.0, 0.0), read_on: str = "portrait") -> Box:
    """Where the back of a card printed at ``front`` goes on the back page.

    The sheet turns over its long edge (``long``) or its short edge (``short``). On a
    portrait page the long edges are left and right, so a long-edge flip mirrors x; on a
    landscape page they are top and bottom, so it mirrors y (and a short-edge flip the
    other way round). The user's offset (mm, from the calibration page: X along the
    paper's short side, Y along its long side, as seen on the back) is added last, turned
    to the page's orientation by :func:`page_offset`, to undo a printer's shift of the
    back side.
    """
    if flip not in ("long", "short"):
        raise PrintError(f"unknown flip {flip!r}", where="--backs", expected="long or short")
    pw, ph = paper
    if mirrors_x(paper, flip):
        x, y = pw - front.x - front.w, front.y
    else:
        x, y = front.x, ph - front.y - front.h
    dx, dy = page_offset(offset, paper, read_on=read_on)
    return Box(x + dx, y + dy, front.w, front.h)


def crop_marks(grid: SheetGrid, boxes: tuple[Box, ...] | None = None, *,
               geometry: Geometry | None = None, footer: FooterSpot | None = None
               ) -> list[tuple[float, float, float, float]]:
    """Crop mark lines (x1, y1, x2, y2) in mm, every one outside the grid's bleed boxes.

    One mark per cut line at each end of it: vertical cuts above and below the cards,
    horizontal cuts left and right of them; never ReportLab's page-enlarging crop marks.
    ``boxes`` are the trim boxes of the cards a page holds (default: every slot), so a
    partial last page marks only the cuts its cards need. Each side's marks are as long as
    that side's room allows (up to ``crop_mark_length``, ending at the safe margin), so a
    tight side does not shorten the marks of the others. On the side the page's ``footer``
    runs along they end short of it (:func:`footer_spot` leaves them their shortest length).
    A side with no room for the shortest marks inside the safe margin (a side of the grid's
    ``bare`` ones, where the corner guides mark the cuts) gets none.
    """
    boxes = grid.slots if boxes is None else tuple(boxes)
    if not grid.mark_length or not boxes:
        return []
    g = geometry or load_geometry()
    s = g.sheet
    off = s["crop_mark_offset"]
    b = grid.bleed
    left = min(c.x for c in boxes) - b
    right = max(c.right for c in boxes) + b
    bottom = min(c.y for c in boxes) - b
    top = max(c.top for c in boxes) + b
    xs = sorted({round(v, 6) for c in boxes for v in (c.x, c.right)})
    ys = sorted({round(v, 6) for c in boxes for v in (c.y, c.top)})
    room = list(_room(grid.paper, boxes, b))
    if footer is not None:  # the footer's band is not the marks'
        room[SIDES.index(footer.side)] -= footer.height + s["footer_gap"]
    # (left, right, bottom, top): never below the shortest marks the grid keeps room for; 0: none
    ll, lr, lb, lt = (_mark_for(r, s) if r - s["safe_margin"] - off >= s["crop_mark_min_length"] - 1e-9
                      else 0.0 for r in room)
    lines = []
    for x in xs:
        if lt:
            lines.append((x, top + off, x, top + off + lt))
        if lb:
            lines.append((x, bottom - off - lb, x, bottom - off))
    for y in ys:
        if ll:
            lines.append((left - off - ll, y, left - off, y))
        if lr:
            lines.append((right + off, y, right + off + lr, y))
    return lines


# --------------------------------------------------------------------------- the footer line

#: The sides of a page, in the order :func:`_room` gives their room.
SIDES = ("left", "right", "bottom", "top")
#: How far a footer line's glyphs reach above and below its baseline, as fractions of the font size:
#: Helvetica's brackets and slash (0.737) and its 'g' (0.225, its lowest glyph), so the line's box holds
#: every glyph of it.
FOOTER_ASCENT, FOOTER_DESCENT = 0.75, 0.225


@dataclass(frozen=True)
class FooterSpot:
    """Where a page's footer line goes: the start of its baseline (x, y) in mm, its turn (0, or 90:
    anticlockwise, reading up a side) and font size in pt; ``side`` is the page side it runs along."""

    side: str
    x: float
    y: float
    angle: int
    size: float

    @property
    def height(self) -> float:
        """The line's height in mm, ascent and descent."""
        return self.size * (FOOTER_ASCENT + FOOTER_DESCENT) / PT_PER_MM

    def box(self, length: float) -> Box:
        """The box a line ``length`` mm long at this size covers (``length`` measured at this size)."""
        descent = self.size * FOOTER_DESCENT / PT_PER_MM
        if self.angle:
            return Box(self.x - (self.height - descent), self.y, self.height, length)
        return Box(self.x, self.y - descent, length, self.height)


def footer_band(geometry: Geometry | None = None) -> float:
    """The height in mm a footer line at full size takes with its gap: what a tiled board leaves it."""
    s = (geometry or load_geometry()).sheet
    return s["footer_size"] * (FOOTER_ASCENT + FOOTER_DESCENT) + s["footer_gap"]


def footer_spot(paper: tuple[float, float], boxes: tuple[Box, ...] | list[Box], length: float, *,
                reserve: float | Sequence[float] = 0.0, geometry: Geometry | None = None,
                least_size: float | None = None) -> FooterSpot | None:
    """Where a page's footer line (``length`` mm long at the sheet's ``footer_size``) goes: inside the
    safe margin, where printers print, and clear of ``boxes`` (the page's content: bleed boxes, a board).

    The line runs along the first side, of bottom, top, left and right, whose room past the
    content holds it at full size, ``footer_gap`` away from the content and from ``reserve``
    mm more (the shortest crop marks: :func:`crop_marks` ends the marks on that side short of
    it), one length for every side or one a side (left, right, bottom, top: a grid's ``bare``
    sides keep none). A sheet with no such side (cards packed up to the margin all round)
    gets it smaller along the side with the most room, down to ``least_size`` pt (default
    the sheet's ``footer_min_size``); with less room than that it has none (``None``): a
    footer is never drawn over a card.
    """
    g = geometry or load_geometry()
    s = g.sheet
    pw, ph = paper
    margin, gap = s["safe_margin"], s["footer_gap"]
    full = s["footer_size"] * PT_PER_MM
    least = s["footer_min_size"] * PT_PER_MM if least_size is None else least_size
    per_pt = (FOOTER_ASCENT + FOOTER_DESCENT) / PT_PER_MM  # the line's height in mm per point
    room = _room(paper, tuple(boxes), 0.0) if boxes else (pw, pw, ph, ph)
    order = ("bottom", "top", "left", "right")
    kept = (reserve,) * 4 if isinstance(reserve, int | float) else tuple(reserve)
    free = {side: room[SIDES.index(side)] - margin - kept[SIDES.index(side)] - gap for side in order}
    along = {"bottom": pw, "top": pw, "left": ph, "right": ph}

    def size_for(side: str) -> float:
        """The largest size up to full that fits ``side``'s room and length."""
        return min(full, free[side] / per_pt, full * (along[side] - 2 * margin) / max(length, 1e-9))

    side = next((o for o in order if size_for(o) >= full - 1e-9), None)
    if side is None:
        side = max(order, key=size_for)  # (the first of equals, in that order)
        if size_for(side) < least - 1e-9:
            return None
    fits = size_for(side)
    size = round(full, 4) if fits >= full - 1e-9 else math.floor(fits * 100) / 100
    ascent, descent = size * FOOTER_ASCENT / PT_PER_MM, size * FOOTER_DESCENT / PT_PER_MM
    if side == "bottom":
        return FooterSpot(side, margin, margin + descent, 0, size)
    if side == "top":
        return FooterSpot(side, margin, ph - margin - ascent, 0, size)
    if side == "left":  # reading up the side: the glyphs' tops point left
        return FooterSpot(side, margin + ascent, margin, 90, size)
    return FooterSpot(side, pw - margin - descent, margin, 90, size)


@dataclass(frozen=True)
class Placement:
    """One card on one page: which copy (index into the print run), its id and trim box."""

    index: int
    card_id: str
    box: Box


@dataclass(frozen=True)
class PagePlan:
    number: int  # 1-based page number in the PDF
    side: str  # "front" or "back"
    placements: tuple[Placement, ...]


def plan_pages(ids: list[str], grid: SheetGrid, *, backs: str = "none",
               offset: tuple[float, float] = (0.0, 0.0), read_on: str = "portrait") -> list[PagePlan]:
    """Pages for a print run: fronts, each followed by its back page when duplex.

    A partial last page keeps its slot positions (slot k stays slot k), and its backs are
    mirrored from the FULL grid, so they still land behind their fronts. ``offset`` is
    the X,Y read on the calibration page printed ``read_on``; :func:`back_box` turns it for
    a sheet of the other orientation (see :func:`page_offset`).
    """
    if backs not in ("none", "duplex", "duplex-short"):
        raise PrintError(f"unknown backs option {backs!r}", where="--backs",
                         expected="none, duplex or duplex-short")
    flip = "short" if backs == "duplex-short" else "long"
    n = grid.per_page
    pages: list[PagePlan] = []
    for start in range(0, len(ids), n):
        chunk = ids[start:start + n]
        fronts = tuple(Placement(start + k, cid, grid.slots[k]) for k, cid in enumerate(chunk))
        pages.append(PagePlan(len(pages) + 1, "front", fronts))
        if backs != "none":
            backs_ = tuple(Placement(p.index, p.card_id, back_box(p.box, grid.paper, flip=flip,
                                                                   offset=offset, read_on=read_on))
                           for p in fronts)
            pages.append(PagePlan(len(pages) + 1, "back", backs_))
    return pages


def layout_json(grid: SheetGrid, pages: list[PagePlan], nd: int = 4, *, backs: str = "none",
                offset: tuple[float, float] = (0.0, 0.0), read_on: str = "portrait",
                moved: tuple[float, float] = (0.0, 0.0)) -> dict[str, Any]:
    """The ``--layout-json`` document: every card's trim box from the page's lower-left corner, and
    what re-checks the backs from it alone.

    ``backs`` and ``flip`` (``long``/``short``, ``null`` without backs) with ``mirror``, the page
    axis the flip mirrors (``x``: a back's x is ``paper_w - x - w``; ``y``: its y is
    ``paper_h - y - h``); ``offset_mm`` as given (read on the ``offset_from`` calibration page)
    and ``offset_page_mm``, the same offset in this sheet's page coordinates (turned a quarter
    turn on a sheet of the other orientation, see :func:`page_offset`), which every back adds
    after the mirror; ``grid_moved_mm``, how far the card grid was moved from the centre to
    leave the backs room (:func:`room_for_offset`). Without backs the offset moves nothing:
    both offsets are then 0.
    """
    r = lambda v: round(v, nd) + 0.0  # noqa: E731  (+ 0.0: never -0.0)
    flip = {"duplex": "long", "duplex-short": "short"}.get(backs)
    if flip is None:
        offset = (0.0, 0.0)
    turned = page_offset(offset, grid.paper, read_on=read_on)
    return {
        "paper_mm": [r(grid.paper[0]), r(grid.paper[1])],
        "card_mm": [r(grid.card[0]), r(grid.card[1])],
        "bleed_mm": r(grid.bleed),
        "backs": backs,
        "flip": flip,
        "mirror": None if flip is None else ("x" if mirrors_x(grid.paper, flip) else "y"),
        "offset_mm": [r(offset[0]), r(offset[1])],
        "offset_from": read_on,
        "offset_page_mm": [r(turned[0]), r(turned[1])],
        "grid_moved_mm": [r(moved[0]), r(moved[1])],
        "pages": [{"number": p.number, "side": p.side,
                   "cards": [{"id": pl.card_id, "x_mm": r(pl.box.x), "y_mm": r(pl.box.y),
                              "w_mm": r(pl.box.w), "h_mm": r(pl.box.h)} for pl in p.placements]}
                  for p in pages],
    }


# --------------------------------------------------------------------------- tiling

@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: the board region it shows (board mm, lower-left origin)."""

    col: int
    row: int  # 0 = top row of the board
    region: Box  # part of the board on this sheet
    origin: tuple[float, float]  # where the region's lower-left corner goes on the page


@dataclass(frozen=True)
class TilePlan:
    """A board's sheets; ``overlap`` is the narrower of the bands neighbouring sheets share,
    ``overlap_across`` the one between sheets side by side, ``overlap_down`` the one between
    sheets above and below (``None`` where the board is one sheet wide or high)."""

    paper: tuple[float, float]
    cols: int
    rows: int
    tiles: tuple[Tile, ...]
    overlap: float
    overlap_across: float | None = None
    overlap_down: float | None = None


def tile_board(board: tuple[float, float], paper: tuple[float, float], *,
               geometry: Geometry | None = None) -> TilePlan:
    """Split a board over as few sheets as possible (portrait or landscape), overlapping by ``overlap``.

    Each sheet shows at most the printable area (paper minus the safe margin, and the footer's
    band at the bottom: :func:`footer_band`); neighbours share an ``overlap`` band that
    carries the alignment marks.
    """
    g = geometry or load_geometry()
    margin, overlap = g.sheet["safe_margin"], g.tiling["overlap"]
    band = footer_band(g)
    bw, bh = board

    def plan(pw: float, ph: float) -> tuple[int, int, float, float]:
        aw, ah = pw - 2 * margin, ph - 2 * margin - band
        nx = 1 if bw <= aw + 1e-6 else math.ceil((bw - overlap) / (aw - overlap) - 1e-9)
        ny = 1 if bh <= ah + 1e-6 else math.ceil((bh - overlap) / (ah - overlap) - 1e-9)
        return nx, ny, aw, ah

    options = [(plan(*paper), paper), (plan(paper[1], paper[0]), (paper[1], paper[0]))]
    (nx, ny, aw, ah), (pw, ph) = min(options, key=lambda o: (o[0][0] * o[0][1], o[1] != paper))
    tiles = []
    for row in range(ny):
        for col in range(nx):
            # even steps so every overlap is the same; the last tile ends at the board edge
            sx = 0.0 if nx == 1 else (bw - aw) / (nx - 1)
            sy = 0.0 if ny == 1 else (bh - ah) / (ny - 1)
            w, h = min(aw, bw), min(ah, bh)
            x = col * sx
            top = bh - row * sy
            region = Box(x, top - h, w, h)
            origin = ((pw - w) / 2, margin + band + (ah - h) / 2)  # centred above the footer's band
            tiles.append(Tile(col, row, region, origin))
    across = aw - (bw - aw) / (nx - 1) if nx > 1 else None
    down = ah - (bh - ah) / (ny - 1) if ny > 1 else None
    bands = [v for v in (across, down) if v is not None]
    return TilePlan((pw, ph), nx, ny, tuple(tiles), min(bands) if bands else 0.0, across, down)
