"""Boards, score sheets and the calibration page, drawn from ``data/print/boards.json``.

Boards are drawn at real size. One larger than the paper's printable area is tiled over
several sheets (:func:`companion.printing.geometry.tile_board`) whose neighbours share an
overlap band. In each band one cut line is chosen (through no label when it can be): the
sheet right of it (or below it) is printed with a labelled "cut here" line and goes on top,
the sheet beneath keeps a shaded, labelled "glue here" band; registration crosses sit on
the line where they touch no outline or text, so after cutting their halves meet. Every
sheet prints the numbered assembly steps in its margin.
"""

from __future__ import annotations

import functools
import math
import os
from dataclasses import dataclass
from typing import IO, Any

from reportlab.lib.colors import HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from .. import GAMES
from ..errors import as_listed, closest, did_you_mean
from .faces import INK, MUTED, text_on
from .geometry import (
    PT_PER_MM,
    Box,
    Geometry,
    PrintError,
    TilePlan,
    footer_band,
    load_geometry,
    mirrors_x,
    read_print_json,
    tile_board,
    to_mm,
)
from .render import MM, RunSize, binary_streams, draw_footer, new_canvas, save
from .text import SMALL_TEXT_PT, fit_line, fit_text

LINE = HexColor("#455a64")
FAINT = HexColor("#cfd8dc")
#: tabs, table headers and closed score cells
TAB = HexColor("#eceff1")
#: a tiled sheet's glue band, laid over the board at :data:`GLUE_ALPHA` so the board still shows
GLUE = HexColor("#90a4ae")
GLUE_ALPHA = 0.35
#: How far a board's label reaches above and below its baseline per point of size: about Helvetica's
#: ascender and descender (0.718 and 0.207 in its metrics). They give the box each line of text is noted
#: as (cut lines and crosses keep off it) and centre the labels on tabs and seam bands. The footer's
#: :data:`~companion.printing.geometry.FOOTER_ASCENT` and ``FOOTER_DESCENT`` (0.75, 0.225) are larger on
#: purpose, so a footer's box holds every glyph of it (brackets, 'g'); with them here the tab labels would
#: sit 0.053 mm lower and the seam labels 0.042 mm, changing the printables.
LABEL_ASCENT, LABEL_DESCENT = 0.72, 0.22


@functools.cache
def board_data() -> dict[str, Any]:
    return read_print_json("boards.json")


@functools.cache
def layout() -> dict[str, float]:
    """``boards.json``'s ``layout`` lengths in mm: the label tabs' height, the least width of a tiled
    sheet's cut-off strip and glue band, the crosses' clearance, the assembly steps' font sizes."""
    return {k: to_mm(v, where=f"boards.json: layout.{k}") for k, v in board_data()["layout"].items()}


def boards() -> dict[str, dict[str, Any]]:
    return dict(board_data()["boards"])


def sheets() -> dict[str, dict[str, Any]]:
    return dict(board_data()["sheets"])


def game_sheets(game: str) -> dict[str, dict[str, Any]]:
    """The score sheets of ``game`` (a game id), by name: a sheet's name starts with its game's id
    (``monarchs-score``, ``village-mp``), so a page offers each game its own sheets only."""
    return {name: spec for name, spec in sheets().items() if name.startswith(f"{game}-")}


def find_board(game: str) -> dict[str, Any]:
    """The board of ``game`` (any case, as every choice of words is taken)."""
    table = boards()
    game = as_listed(game, table)
    if game not in table:
        raise PrintError(f"no board for {game!r}", where="print board",
                         expected=" or ".join(table),
                         suggestion=did_you_mean(closest(game, table)) or
                         ("The Mouse Card system needs no board; try 'companion print cards mousecard'."
                          if game == "mousecard" else None))
    return table[game]


def find_sheet(name: str) -> dict[str, Any]:
    """The sheet named ``name`` (any case, as every choice of words is taken)."""
    table = sheets()
    name = as_listed(name, table)
    if name not in table:
        raise PrintError(f"unknown sheet {name!r}", where="print sheet", expected=" or ".join(table),
                         suggestion=did_you_mean(closest(name, table)))
    return table[name]


class _Board:
    """Draws a board's elements in board millimetres (y measured from the top, as in the data).

    Everything drawn is noted in :attr:`marks` (and texts also in :attr:`words`), as boxes in
    board mm with y up (the tiles' frame), so a tiled board's cut lines and registration crosses
    can be put where they hit nothing.
    """

    def __init__(self, c: Any, spec: dict[str, Any]) -> None:
        self.c = c
        self.spec = spec
        self.bw, self.bh = (to_mm(v, where="size") for v in spec["size"])
        slot = spec.get("slot", ["66mm", "91mm"])
        self.slot = (to_mm(slot[0]), to_mm(slot[1]))
        #: the card outlines in an area: the default card size (geometry.json), never more than a slot
        geo = load_geometry()
        card = geo.card_size(None)
        self.card = (min(card[0], self.slot[0]), min(card[1], self.slot[1]))
        self.marks: list[Box] = []
        self.words: list[Box] = []

    def L(self, e: dict[str, Any], key: str, default: float = 0.0) -> float:
        return to_mm(e[key], where=f"{self.spec['title']}: {key}") if key in e else default

    def box(self, x: float, y_top: float, w: float, h: float) -> tuple[float, float, float, float]:
        """Board (top-left, y down, mm) to PDF points (lower-left)."""
        return x * MM, (self.bh - y_top - h) * MM, w * MM, h * MM

    def _keep(self, x: float, y: float, w: float, h: float, *, text: bool = False) -> None:
        """Note a box drawn at (x, y) w x h points (lower-left) as taken; ``text``: a line of text."""
        b = Box(x / MM, y / MM, w / MM, h / MM)
        self.marks.append(b)
        if text:
            self.words.append(b)

    def _keep_outline(self, x: float, y: float, w: float, h: float) -> None:
        """Note a stroked rectangle's four sides (the inside stays free)."""
        t = 0.6  # pt: the sides' width and a little
        for box in ((x - t, y - t, w + 2 * t, 2 * t), (x - t, y + h - t, w + 2 * t, 2 * t),
                    (x - t, y - t, 2 * t, h + 2 * t), (x + w - t, y - t, 2 * t, h + 2 * t)):
            self._keep(*box)

    def _keep_line(self, text: str, font: str, size: float, x: float, y: float) -> None:
        """Note a line of text drawn from (x, y) (its baseline, points)."""
        self._keep(x, y - LABEL_DESCENT * size, stringWidth(text, font, size),
                   (LABEL_ASCENT + LABEL_DESCENT) * size, text=True)

    def label(self, text: str, x: float, y: float, w: float, size: float = 9, font: str = "Helvetica-Bold",
              centre: bool = False, colour: Any = INK) -> None:
        s, t = fit_line(text, font, size, 4, w)
        self.c.setFont(font, s)
        self.c.setFillColor(colour)
        if centre:
            self.c.drawCentredString(x + w / 2, y, t)
            self._keep_line(t, font, s, x + w / 2 - stringWidth(t, font, s) / 2, y)
        elif t:
            self.c.drawString(x, y, t)
            self._keep_line(t, font, s, x, y)

    def _note(self, text: str, x: float, top: float, w: float, h: float, size: float, least: float,
              leading: float) -> None:
        """A muted note wrapped into ``w`` x ``h`` points at ``size`` pt, smaller down to ``least`` for a long
        one, its first baseline at (``x``, ``top``) and each next one ``leading`` times the size below;
        every line noted as text (:meth:`_keep_line`)."""
        size, lines = fit_text(text, "Helvetica", size, least, w, h)
        self.c.setFillColor(MUTED)
        self.c.setFont("Helvetica", size)  # the size the lines were wrapped at
        for i, line in enumerate(lines):
            base = top - i * size * leading
            self.c.drawString(x, base, line)
            self._keep_line(line, "Helvetica", size, x, base)

    def left(self) -> float:
        """Where the board's content starts (mm from the left): its title starts there too, so a
        score sheet's title lines up with its tables."""
        edges = [self.L(e, "x") - self.L(e, "r") for e in self.spec["elements"] if "x" in e]
        return min(edges) if edges else 8.0

    def draw(self) -> None:
        c, sp = self.c, self.spec
        c.setFillColor(white)
        c.rect(0, 0, self.bw * MM, self.bh * MM, stroke=0, fill=1)
        c.setStrokeColor(LINE)
        c.setLineWidth(0.8)
        c.rect(1 * MM, 1 * MM, (self.bw - 2) * MM, (self.bh - 2) * MM, stroke=1, fill=0)
        self._keep_outline(1 * MM, 1 * MM, (self.bw - 2) * MM, (self.bh - 2) * MM)
        x = self.left()
        self.label(sp["title"], x * MM, (self.bh - 12) * MM, (self.bw * 0.6 - x) * MM, 15)
        self._cite(sp["cite"] + (f" · {sp['house_note']}" if sp.get("house_note") else ""))
        for e in sp["elements"]:
            getattr(self, f"_{e['kind']}")(e)

    def _cite(self, note: str) -> None:
        """The board's source and its house note (what of it is not the book's), right of the title, in
        one line at 7 pt, smaller as it needs down to :data:`~companion.printing.text.SMALL_TEXT_PT`;
        a note that would be smaller on one line is wrapped instead, its last line on the title's
        baseline and the others above it, in the header band, where no element is."""
        x, base, width = self.bw * 0.6 * MM, (self.bh - 12) * MM, (self.bw * 0.4 - 8) * MM
        if fit_line(note, "Helvetica", 7, 4, width)[0] >= SMALL_TEXT_PT:
            self.label(note, x, base, width, 7, "Helvetica", colour=MUTED)
            return
        room, leading = 9 * MM, 1.18  # (the band above the title's baseline, inside the board's outline)
        size, lines = fit_text(note, "Helvetica", 7, SMALL_TEXT_PT, width, room, leading)
        self._note(note, x, base + (len(lines) - 1) * size * leading, width, room, 7, SMALL_TEXT_PT, leading)

    def _slot_outline(self, x: float, y: float, w: float, h: float, dashed: bool = True) -> None:
        c = self.c
        c.setStrokeColor(LINE)
        c.setLineWidth(0.6)
        if dashed:
            c.setDash(3, 2)
        c.roundRect(x, y, w, h, 3 * MM, stroke=1, fill=0)
        c.setDash()
        self._keep_outline(x, y, w, h)

    def _tab(self, text: str, x: float, top: float, w: float) -> None:
        """A card space's or area's label on a tab standing on its top edge at ``top`` (points), from 3 mm
        in from its left side ``x`` (past the rounded corner): outside the space, so the cards laid
        there never hide it."""
        if not text:
            return
        c = self.c
        th, pad = layout()["label_tab"] * MM, 2.5 * MM
        size, shown = fit_line(text, "Helvetica-Bold", 10, 6, w - 6 * MM - 2 * pad)
        tw = stringWidth(shown, "Helvetica-Bold", size)
        x0 = x + 3 * MM
        c.setFillColor(TAB)
        c.setStrokeColor(LINE)
        c.setLineWidth(0.6)
        c.rect(x0, top, tw + 2 * pad, th, stroke=1, fill=1)
        self._keep(x0, top, tw + 2 * pad, th)
        self.label(shown, x0 + pad, top + (th - LABEL_ASCENT * size) / 2, tw + 1, size)

    def _slot(self, e: dict[str, Any]) -> None:
        w, h = self.L(e, "w", self.slot[0]), self.L(e, "h", self.slot[1])
        x, y, pw, ph = self.box(self.L(e, "x"), self.L(e, "y"), w, h)
        self._slot_outline(x, y, pw, ph)
        self._tab(e.get("label", ""), x, y + ph, pw)
        if e.get("note"):
            self.label(e["note"], x + 2 * MM, y + ph / 2, pw - 4 * MM, 7, "Helvetica", centre=True,
                       colour=MUTED)
        if e.get("badge"):
            r = 6 * MM
            self.c.setFillColor(HexColor("#c62828"))
            self.c.circle(x + pw - r - 2 * MM, y + ph - r - 2 * MM, r, stroke=0, fill=1)
            self._keep(x + pw - 2 * r - 2 * MM, y + ph - 2 * r - 2 * MM, 2 * r, 2 * r)
            self.c.setFillColor(white)
            self.c.setFont("Helvetica-Bold", 12)
            self.c.drawCentredString(x + pw - r - 2 * MM, y + ph - r - 2 * MM - 4, e["badge"])

    def _area(self, e: dict[str, Any]) -> None:
        x, y, w, h = self.box(self.L(e, "x"), self.L(e, "y"), self.L(e, "w"), self.L(e, "h"))
        c = self.c
        c.setFillColor(HexColor("#f5f5f0"))
        c.setStrokeColor(LINE)
        c.setLineWidth(0.8)
        c.roundRect(x, y, w, h, 3 * MM, stroke=1, fill=1)
        self._keep_outline(x, y, w, h)
        n = int(e.get("slots", 0))
        sw, sh = (v * MM for v in self.card)
        if n and sh <= h:
            gap = (w - n * sw) / (n + 1)
            for k in range(n):
                self._slot_outline(x + gap + k * (sw + gap), y + (h - sh) / 2, sw, sh)
        self._tab(e.get("label", ""), x, y + h, w)

    def _track(self, e: dict[str, Any]) -> None:
        cw, ch = (to_mm(v) for v in e["cell"])
        n = int(e["cells"])
        down = e.get("direction", "right") == "down"
        x0, y0 = self.L(e, "x"), self.L(e, "y")
        c = self.c
        self.label(e.get("label", ""), x0 * MM, (self.bh - y0 + 2) * MM, 120 * MM, 10)
        marks = e.get("marks", {})
        for k in range(n):
            cx, cy = (x0, y0 + k * ch) if down else (x0 + k * cw, y0)
            x, y, w, h = self.box(cx, cy, cw, ch)
            c.setStrokeColor(LINE)
            c.setLineWidth(0.6)
            c.setFillColor(HexColor("#fafafa") if k % 2 else white)
            c.rect(x, y, w, h, stroke=1, fill=1)
            self._keep(x, y, w, h)
            c.setFillColor(INK)
            c.setFont("Helvetica-Bold", 10)
            if down:
                c.drawString(x + 2 * MM, y + h / 2 - 3.5, str(k + 1))
            else:
                c.drawCentredString(x + w / 2, y + h - 4.5 * MM, str(k + 1))
            mark = marks.get(str(k + 1))
            if mark:
                icon = min(w, h) * 0.45
                _icon(c, mark, x + w / 2, y + icon * 0.65, icon)
        if e.get("note"):
            end_x, end_y = (x0, y0 + n * ch) if down else (x0, y0 + ch)
            width = (n * cw if not down else cw + 60) * MM
            first = (self.bh - end_y - 4) * MM
            self._note(e["note"], end_x * MM, first, width, 14 * MM, 7.5, 5, 3.2 * MM / 7.5)

    def _wheel(self, e: dict[str, Any]) -> None:
        cx, cy, r = self.L(e, "x"), self.L(e, "y"), self.L(e, "r")
        n = int(e["segments"])
        px, py = cx * MM, (self.bh - cy) * MM
        c = self.c
        self._keep(px - r * MM, py - r * MM, 2 * r * MM, 2 * r * MM)
        self.label(e.get("label", ""), (cx - r) * MM, py + (r + 3) * MM, 2 * r * MM, 10, centre=True)
        for k in range(n):
            start = 90 - (k + 1) * 360 / n
            c.setFillColor(HexColor("#fff3c4") if k % 2 else HexColor("#ffe08a"))
            c.setStrokeColor(LINE)
            c.setLineWidth(0.6)
            p = c.beginPath()
            p.moveTo(px, py)
            p.arcTo(px - r * MM, py - r * MM, px + r * MM, py + r * MM, start, 360 / n)
            p.close()
            c.drawPath(p, stroke=1, fill=1)
            mid = math.radians(start + 180 / n)
            c.setFillColor(INK)
            c.setFont("Helvetica-Bold", 12)
            c.drawCentredString(px + math.cos(mid) * r * 0.62 * MM, py + math.sin(mid) * r * 0.62 * MM - 4,
                                str(k + 1))
        c.setFillColor(white)
        c.circle(px, py, r * 0.22 * MM, stroke=1, fill=1)
        c.setFillColor(HexColor("#c62828"))
        c.setFont("Helvetica-Bold", 8)
        c.drawCentredString(px, py - 3, "SURGE")
        if e.get("note"):
            self.label(e["note"], (cx - r - 5) * MM, py - (r + 6) * MM, (2 * r + 10) * MM, 8, "Helvetica",
                       centre=True, colour=MUTED)

    def _token(self, e: dict[str, Any]) -> None:
        """A marker to cut out (on its :meth:`_strip`): a solid outline to cut along, its icon, its name."""
        x, y, w, h = self.box(self.L(e, "x"), self.L(e, "y"), self.L(e, "w"), self.L(e, "h"))
        c = self.c
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.setFillColor(white)
        c.roundRect(x, y, w, h, 1.5 * MM, stroke=1, fill=1)
        self._keep(x, y, w, h)
        _icon(c, e.get("mark", "hourglass"), x + w / 2, y + h * 0.2, h * 0.6)
        self.label(e.get("label", ""), x - 10 * MM, y - 4 * MM, w + 20 * MM, 8, centre=True)
        self.label("cut out", x - 10 * MM, y - 7.5 * MM, w + 20 * MM, 7, "Helvetica", centre=True,
                   colour=MUTED)

    def _strip(self, e: dict[str, Any]) -> None:
        """The part of a board holding its markers to cut out, reaching the board's edges so that cutting
        it off leaves the board whole: shaded, with a dashed cut line and scissors along its sides
        inside the board, its label and its note at the top."""
        x, y, w, h = self.box(self.L(e, "x"), self.L(e, "y"), self.L(e, "w"), self.L(e, "h"))
        c = self.c
        c.setFillColor(HexColor("#f5f5f0"))
        c.rect(x, y, w, h, stroke=0, fill=1)
        self._keep(x, y, w, h)
        c.setStrokeColor(INK)
        c.setLineWidth(0.7)
        c.setDash(4, 2)
        edge = 0.5 * MM  # a side this near the board's edge is the edge: nothing to cut there
        if x > edge:
            c.line(x, y, x, y + h)
        if x + w < self.bw * MM - edge:
            c.line(x + w, y, x + w, y + h)
        if y > edge:
            c.line(x, y, x + w, y)
        if y + h < self.bh * MM - edge:
            c.line(x, y + h, x + w, y + h)
        c.setDash()
        c.setFillColor(INK)
        c.setFont("Helvetica", 12)
        c.drawString(x - 2.2 * MM, y + h + 1.2 * MM, "✂")
        self.label(e.get("label", ""), x + 3 * MM, y + h - 6 * MM, w - 6 * MM, 9)
        if e.get("note"):
            self._note(e["note"], x + 3 * MM, y + h - 10 * MM, w - 6 * MM, 12 * MM, 8, 7, 1.18)

    def _text(self, e: dict[str, Any]) -> None:
        size = self.L(e, "size", 9 * 25.4 / 72) * MM
        x = self.L(e, "x") * MM
        self.label(e["text"], x, (self.bh - self.L(e, "y")) * MM, self.bw * MM - x - 8 * MM, size,
                   "Helvetica", colour=MUTED)

    def _table(self, e: dict[str, Any]) -> None:
        nx, ny = e.get("repeat", [1, 1])
        sx, sy = (to_mm(v) for v in e.get("step", ["0mm", "0mm"]))
        for j in range(ny):
            for i in range(nx):
                self._one_table(e, self.L(e, "x") + i * sx, self.L(e, "y") + j * sy)

    def _one_table(self, e: dict[str, Any], x0: float, y0: float) -> None:
        """One score table. An ``operators`` column prints its header's sign (× or =) in every row
        between the cells to write in, and is no cell itself; ``closed`` cells ("row,column") take no
        entry and are shaded, the closed cells side by side in a row as one box."""
        c = self.c
        w, h = self.L(e, "w"), self.L(e, "h")
        cols, rows = e["columns"], e["rows"]
        widths = e.get("widths") or [1] * len(cols)
        scale = w / sum(widths)
        xs = [x0]
        for wd in widths:
            xs.append(xs[-1] + wd * scale)
        title_h = 8.0
        note_h = 10.0 if e.get("note") else 0.0
        rh = (h - title_h - note_h) / (len(rows) + 1)
        colours = e.get("colours") or []
        fill = e.get("fill", {})
        signs = {int(k) for k in e.get("operators", [])}
        closed = set(e.get("closed", []))
        self._keep(x0 * MM, (self.bh - y0 - h) * MM, w * MM, h * MM)
        self.label(e.get("title", ""), x0 * MM, (self.bh - y0 - 5.5) * MM, w * MM, 11)
        for r in range(len(rows) + 1):
            top = y0 + title_h + r * rh
            k = 0
            while k < len(cols):
                if r and f"{r - 1},{k}" in closed:  # a run of closed cells: one shaded box
                    end = k
                    while end + 1 < len(cols) and f"{r - 1},{end + 1}" in closed:
                        end += 1
                    x, y, cw, ch = self.box(xs[k], top, xs[end + 1] - xs[k], rh)
                    c.setFillColor(TAB)
                    c.setStrokeColor(LINE)
                    c.setLineWidth(0.6)
                    c.rect(x, y, cw, ch, stroke=1, fill=1)
                    k = end + 1
                    continue
                x, y, cw, ch = self.box(xs[k], top, xs[k + 1] - xs[k], rh)
                if r and k in signs:  # no cell: the sign between the cells on either side
                    c.setFillColor(INK)
                    c.setFont("Helvetica-Bold", 11)
                    c.drawCentredString(x + cw / 2, y + ch / 2 - 3.8, cols[k])
                    k += 1
                    continue
                colour = colours[r - 1] if 0 < r <= len(colours) and k == 0 else None
                c.setFillColor(HexColor(colour) if colour else (TAB if r == 0 else white))
                c.setStrokeColor(LINE)
                c.setLineWidth(0.6 if r else 0.9)
                c.rect(x, y, cw, ch, stroke=1, fill=1)
                text = cols[k] if r == 0 else (rows[r - 1] if k == 0 else fill.get(f"{r - 1},{k}", ""))
                if text:
                    self.label(text, x + 1.2 * MM, y + ch / 2 - 3.2, cw - 2.4 * MM, 9,
                               "Helvetica-Bold" if (r == 0 or k == 0) else "Helvetica",
                               centre=k > 0, colour=text_on(colour) if colour else INK)
                k += 1
        if e.get("note"):
            first = (self.bh - (y0 + h - note_h) - 3.5) * MM
            self._note(e["note"], x0 * MM, first, w * MM, (note_h - 1) * MM, 7, 4.5, 1.2)


def _icon(c: Any, kind: str, cx: float, y: float, s: float) -> None:
    """Hourglass (two triangles) or chapter-end flag, ``s`` high, bottom at ``y``."""
    c.setFillColor(INK)
    p = c.beginPath()
    if kind == "hourglass":
        p.moveTo(cx - s * 0.35, y + s)
        p.lineTo(cx + s * 0.35, y + s)
        p.lineTo(cx - s * 0.35, y)
        p.lineTo(cx + s * 0.35, y)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    else:
        c.setLineWidth(max(0.8, s * 0.06))
        c.setStrokeColor(INK)
        c.line(cx - s * 0.3, y, cx - s * 0.3, y + s)
        for k in range(4):
            for m in range(3):
                if (k + m) % 2 == 0:
                    c.rect(cx - s * 0.3 + m * s * 0.2, y + s * 0.5 + k * s * 0.125, s * 0.2, s * 0.125,
                           stroke=0, fill=1)


def _registration(c: Any, x: float, y: float, size: float) -> None:
    """A registration cross in a circle at (x, y) in points."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.4)
    c.circle(x, y, size * 0.3, stroke=1, fill=0)
    c.line(x - size / 2, y, x + size / 2, y)
    c.line(x, y - size / 2, x, y + size / 2)


# --------------------------------------------------------------------------- tiled boards: cut and glue

def sheet_name(col: int, row: int) -> str:
    """A tiled board's sheet as its footer names it: the letter is the row, the number the column."""
    return f"{chr(65 + row)}{col + 1}"


@dataclass(frozen=True)
class _Seam:
    """Where two rows or columns of a tiled board's sheets are joined, in board mm (y up).

    ``up``: the line runs up the board at x = ``at`` between columns ``index`` and ``index + 1``;
    otherwise along it at y = ``at`` between rows ``index`` and ``index + 1``. The sheets of
    column (row) ``index + 1`` go on top: they are cut at ``at`` and lose their strip ``waste``;
    those of column (row) ``index`` keep the band ``glue`` for them to lie on. ``crosses``: the
    registration crosses' places along the line, centred on it so their halves meet.
    """

    up: bool
    index: int
    at: float
    waste: tuple[float, float]
    glue: tuple[float, float]
    crosses: tuple[float, ...]

    def place(self, tile: Any) -> int:
        """The tile's column (row) less this seam's ``index``: 1 on top, 0 beneath, else not at this seam."""
        return (tile.col if self.up else tile.row) - self.index


def _seam_at(lo: float, hi: float, spans: list[tuple[float, float]], strip: float, clear: float) -> float:
    """Where to cut in the overlap band ``lo``..``hi``: ``strip`` or more from either side, through none
    of the texts (``spans``: their extents across the band) when it can, else the fewest; nearest
    the middle."""
    mid = (lo + hi) / 2
    a, b = lo + strip, hi - strip
    if a > b:
        return mid
    spots = [mid, *(a + 0.5 * k for k in range(int((b - a) / 0.5) + 1))]
    return min(spots, key=lambda s: (sum(p - clear < s < q + clear for p, q in spans), abs(s - mid)))


def _free(length: float, taken: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches of 0..``length`` outside every ``taken`` stretch."""
    out, at = [], 0.0
    for a, b in sorted(taken):
        if a > at:
            out.append((at, min(a, length)))
        at = max(at, b)
    if at < length:
        out.append((at, length))
    return [(a, b) for a, b in out if b >= a and a <= length]


def _cross_spots(board: _Board, up: bool, at: float, size: float, clear: float,
                 others: list[tuple[float, float]]) -> tuple[float, ...]:
    """Up to three places along a seam for its registration crosses (``size`` mm), each ``clear`` mm
    from every outline and text of the board and off the seams the other way (``others``): the
    middles of the free stretches, the first, the last and the one nearest the middle."""
    half = size / 2 + clear
    length = board.bh if up else board.bw
    taken = [(-1.0, half), (length - half, length + 1.0), *((a - half, b + half) for a, b in others)]
    for m in board.marks:
        lo, hi = (m.x, m.right) if up else (m.y, m.top)
        if lo < at + half and hi > at - half:
            a, b = (m.y, m.top) if up else (m.x, m.right)
            taken.append((a - half, b + half))
    free = _free(length, taken)
    if not free:
        return tuple(length * k / 4 for k in (1, 2, 3))
    if len(free) == 1:
        a, b = free[0]
        return tuple(a + (b - a) * k / 4 for k in (1, 2, 3)) if b - a >= 4 * size else ((a + b) / 2,)
    mids = [(a + b) / 2 for a, b in free]
    middle = min(mids[1:-1], key=lambda t: abs(t - length / 2), default=None)
    return tuple(t for t in (mids[0], middle, mids[-1]) if t is not None)


def _seams(plan: TilePlan, board: _Board, size: float) -> list[_Seam]:
    """The cut lines of a tiled board: one per overlap band, see :class:`_Seam`."""
    lay = layout()
    xs = sorted({t.region.x for t in plan.tiles})
    tops = sorted({t.region.top for t in plan.tiles}, reverse=True)
    w, h = plan.tiles[0].region.w, plan.tiles[0].region.h
    bands_up = [(xs[k + 1], xs[k] + w) for k in range(len(xs) - 1)]
    bands_along = [(tops[k] - h, tops[k + 1]) for k in range(len(tops) - 1)]
    out = []
    for k, (lo, hi) in enumerate(bands_up):
        at = _seam_at(lo, hi, [(b.x, b.right) for b in board.words], lay["cut_strip"], lay["clearance"])
        out.append(_Seam(True, k, at, (lo, at), (at, hi),
                         _cross_spots(board, True, at, size, lay["clearance"], bands_along)))
    for k, (lo, hi) in enumerate(bands_along):
        at = _seam_at(lo, hi, [(b.y, b.top) for b in board.words], lay["cut_strip"], lay["clearance"])
        out.append(_Seam(False, k, at, (at, hi), (lo, at),
                         _cross_spots(board, False, at, size, lay["clearance"], bands_up)))
    return out


def _band_label(c: Any, seam: _Seam, across: tuple[float, float], along: tuple[float, float], text: str,
                short: str, avoid: list[tuple[float, float]], ground: Any) -> None:
    """Write ``text`` (``short`` where it does not fit) in a strip along a seam, in the longest stretches
    between the crosses (``avoid``), on a box of ``ground`` (``None``: no box); up the strip for a
    seam running up the board. Board mm in, points drawn."""
    font = "Helvetica-Bold"
    free = sorted(((b - a, a, b) for a, b in _free(along[1], [(-1.0, along[0]), *avoid])), reverse=True)
    mid_across = (across[0] + across[1]) / 2
    for n, (room, a, b) in enumerate(free[:2]):
        size, shown = fit_line(text, font, 8, 7, (room - 4) * MM)
        if shown != text:
            if n:
                break
            size, shown = fit_line(short, font, 8, 7, (room - 4) * MM)
        tw = stringWidth(shown, font, size)
        c.saveState()
        if seam.up:
            c.translate(mid_across * MM, (a + b) / 2 * MM)
            c.rotate(90)
        else:
            c.translate((a + b) / 2 * MM, mid_across * MM)
        if ground is not None:
            c.setFillColor(ground)
            c.rect(-tw / 2 - 1 * MM, -size * 0.45, tw + 2 * MM, size * 0.9 + 1 * MM / 2, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(font, size)
        c.drawCentredString(0, -LABEL_ASCENT * size / 2, shown)
        c.restoreState()


def _assembly_marks(c: Any, seam: _Seam, tile: Any, mark: float, seams: list[_Seam]) -> None:
    """On a sheet at ``seam``: the labelled cut line and the strip it cuts off (the sheet on top), or the
    shaded, labelled glue band and the line its top sheet's cut edge goes on (the sheet beneath).
    Its labels keep off the crosses and the bands of the seams the other way (``seams``: all of
    them). Drawn in board points, inside the tile's clip."""
    place = seam.place(tile)
    if place not in (0, 1):
        return
    r: Box = tile.region
    along = (r.y, r.top) if seam.up else (r.x, r.right)
    half = mark / 2 + 1
    avoid = [(t - half, t + half) for t in seam.crosses]
    avoid += [(min(s.glue[0], s.waste[0]), max(s.glue[1], s.waste[1])) for s in seams if s.up != seam.up]

    def line() -> None:
        if seam.up:
            c.line(seam.at * MM, along[0] * MM, seam.at * MM, along[1] * MM)
        else:
            c.line(along[0] * MM, seam.at * MM, along[1] * MM, seam.at * MM)

    if place == 1:  # on top: cut here
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.7)
        line()
        below = sheet_name(tile.col - 1, tile.row) if seam.up else sheet_name(tile.col, tile.row - 1)
        text = f"✂ cut here: throw this strip away, lay this sheet on {below}"
        _band_label(c, seam, seam.waste, along, text, "✂ cut here", avoid, white)
        return
    top = sheet_name(tile.col + 1, tile.row) if seam.up else sheet_name(tile.col, tile.row + 1)
    g0, g1 = seam.glue
    c.saveState()
    c.setFillColor(GLUE)
    c.setFillAlpha(GLUE_ALPHA)
    if seam.up:
        c.rect(g0 * MM, along[0] * MM, (g1 - g0) * MM, (along[1] - along[0]) * MM, stroke=0, fill=1)
    else:
        c.rect(along[0] * MM, g0 * MM, (along[1] - along[0]) * MM, (g1 - g0) * MM, stroke=0, fill=1)
    c.restoreState()
    c.setStrokeColor(LINE)
    c.setLineWidth(0.5)
    line()
    text = f"glue here: lay sheet {top} over this band, its cut edge on the line"
    _band_label(c, seam, seam.glue, along, text, "glue here", avoid, None)


def assembly_steps(plan: TilePlan) -> list[str]:
    """The numbered steps printed on every sheet of a tiled board: print, cut, lay on, glue."""
    names = [sheet_name(t.col, t.row) for t in plan.tiles]
    edges = ("left and top edges" if plan.cols > 1 and plan.rows > 1
             else "left edge" if plan.cols > 1 else "top edge")
    first = "1. Print every sheet at 100 % (actual size), never 'fit to page'."
    last = (f"4. Tape or glue {'it' if len(names) == 2 else 'them'} down; trim the white paper margins "
            "if you like.")
    if len(names) == 2:
        top, under = names[1], names[0]
        return [first,
                f"2. Cut sheet {top} along its solid ✂ 'cut here' line ({edges}); throw the strip away.",
                f"3. Lay {top} on {under}'s shaded 'glue here' band: cut edge on its line, half crosses "
                "meeting.",
                last]
    return [first,
            f"2. Cut every sheet but {names[0]} along its solid ✂ 'cut here' lines ({edges}); throw the "
            "strips away.",
            f"3. In the order {', '.join(names)}, lay each sheet on the shaded 'glue here' bands it "
            "meets: cut edges on their lines, half crosses meeting.",
            last]


def _steps_height(size: float, columns: list[list[str]]) -> float:
    """The height (mm) of the steps' columns of lines at ``size`` pt."""
    return max(len(col) for col in columns) * size * 1.18 / MM


def _steps_block(steps: list[str], width: float, height: float) -> tuple[float, list[list[str]]] | None:
    """The steps wrapped into ``width`` x ``height`` mm: the font size (pt, the layout's ``steps_size``
    down to ``steps_min_size``) and the lines of each column (one column, else two), or ``None``."""
    lay = layout()
    big, small = lay["steps_size"] * PT_PER_MM, lay["steps_min_size"] * PT_PER_MM
    size = big
    while size >= small - 1e-9:
        for cols in (1, 2):
            col_w = (width - 4 * (cols - 1)) / cols
            wrapped = [list(fit_text(s, "Helvetica", size, size, col_w * MM, 1e6)[1]) for s in steps]
            per = math.ceil(len(steps) / cols)
            columns = [[line for lines in wrapped[k * per:(k + 1) * per] for line in lines]
                       for k in range(cols)]
            if _steps_height(size, columns) <= height:
                return size, columns
        size -= 0.5
    return None


def _draw_steps(c: Any, plan: TilePlan, tile: Any, steps: list[str], board: _Board, seams: list[_Seam],
                mark: float) -> Box:
    """Print the assembly steps on a sheet: in the margin above the board or below it, next to the
    board; when neither has room (a board filling the paper), on the board where nothing is drawn,
    on white. Returns their box on the page (mm), for the footer to keep clear of."""
    geo = load_geometry()
    pw, ph = plan.paper
    m, gap, band = geo.sheet["safe_margin"], 1.5, footer_band(geo)
    r, oy = tile.region, tile.origin[1]
    above = Box(m, oy + r.h + gap, pw - 2 * m, ph - m - oy - r.h - gap)
    below = Box(m, m + band + gap, pw - 2 * m, oy - gap - m - band)
    spot: tuple[Box, float, list[list[str]]] | None = None
    for room in (above, below):
        got = _steps_block(steps, room.w, room.h) if room.h > 0 else None
        if got:
            hb = _steps_height(got[0], got[1])
            spot = (Box(room.x, room.y if room is above else room.top - hb, room.w, hb), *got)
            break
    if spot is None:
        spot = _steps_on_board(c, tile, steps, board, seams, mark)
    box, size, cols = spot
    col_w = (box.w - 4 * (len(cols) - 1)) / len(cols)
    c.setFillColor(INK)
    c.setFont("Helvetica", size)
    for j, col in enumerate(cols):
        for i, line in enumerate(col):
            c.drawString((box.x + j * (col_w + 4)) * MM, box.top * MM - (i + 0.8) * size * 1.18, line)
    return box


def _steps_on_board(c: Any, tile: Any, steps: list[str], board: _Board, seams: list[_Seam],
                    mark: float) -> tuple[Box, float, list[list[str]]]:
    """Room for the steps on the sheet's part of the board, clear of everything drawn there, of its cut
    strips and glue bands and of its crosses (the first such place from the top left, 2 mm steps),
    whitened: the box on the page (mm), the font size and the lines."""
    r, (ox, oy) = tile.region, tile.origin
    width = min(110.0, r.w - 8)
    small = layout()["steps_min_size"] * PT_PER_MM
    size, cols = _steps_block(steps, width, r.h - 8) or (
        small, [[line for s in steps for line in fit_text(s, "Helvetica", small, small, width * MM, 1e6)[1]]])
    hb = _steps_height(size, cols) + 2
    avoid = list(board.marks)
    for s in seams:
        if s.place(tile) in (0, 1):
            a, b = s.waste if s.place(tile) == 1 else s.glue
            avoid.append(Box(a, r.y, b - a, r.h) if s.up else Box(r.x, a, r.w, b - a))
            for t in s.crosses:
                x, y = (s.at, t) if s.up else (t, s.at)
                avoid.append(Box(x - mark / 2, y - mark / 2, mark, mark))
    inner = r.grow(-3)
    spots = (Box(r.x + 4 + 2 * j, r.top - 4 - hb - 2 * k, width, hb)
             for k in range(int(r.h // 2)) for j in range(int(r.w // 2)))
    where = next((b for b in spots if b.inside(inner) and not any(b.overlaps(a) for a in avoid)),
                 Box(r.x + 4, r.top - 4 - hb, width, hb))
    box = Box(where.x - r.x + ox, where.y - r.y + oy, where.w, where.h)
    c.setFillColor(white)
    c.rect(box.x * MM, box.y * MM, box.w * MM, box.h * MM, stroke=0, fill=1)
    return Box(box.x + 1, box.y + 1, box.w - 2, box.h - 2), size, cols


def _tiles(board: _Board, paper: str, geo: Geometry) -> TilePlan:
    """The sheets ``board`` is printed on (one page each): what :func:`print_board` draws and
    :func:`board_size` counts."""
    return tile_board((board.bw, board.bh), geo.paper(paper), geometry=geo)


def board_size(spec: dict[str, Any], paper: str = "a4") -> RunSize:
    """The pages a board or score sheet prints on ``paper``, from its tiling alone (nothing is drawn). It
    is fixed by the board's real size and the paper, and small (a few sheets, never near
    :data:`~companion.printing.render.BIG_RUN_PAGES`): ``print board`` and ``print sheet`` still take
    ``--max-pages``, as cheap here as for cards, so a script can cap every print command alike."""
    return RunSize.of_pages(len(_tiles(_Board(None, spec), paper, load_geometry()).tiles))


@binary_streams
def print_board(spec: dict[str, Any], out: str | os.PathLike[str] | IO[bytes], *, paper: str = "a4"
                ) -> dict[str, Any]:
    """A board or sheet at real size, tiled over several sheets when it is larger than the paper.

    A tiled board's sheets carry what is needed to put them together (see the module's note):
    the cut line on the sheet that goes on top, the glue band on the one beneath, registration
    crosses on the line, and the numbered steps (:func:`assembly_steps`) in every sheet's margin.

    Returns a summary: ``{"pages": n, "sheets": n, "cols": ..., "rows": ..., "paper_mm": [w, h],
    "overlap_mm": ...}`` (one page a sheet, printed single-sided; ``pages`` as every print command gives it).
    """
    geo = load_geometry()
    board = _Board(None, spec)
    plan = _tiles(board, paper, geo)
    c = new_canvas(out, plan.paper, title=spec["title"], duplex=None)
    board.c = c
    mark = geo.tiling["mark_size"]
    c.beginForm("board", 0, 0, board.bw * MM, board.bh * MM)
    board.draw()
    seams = _seams(plan, board, mark) if len(plan.tiles) > 1 else []
    for seam in seams:  # crosses centred on the cut line, in the same board spots on both sheets
        for spot in seam.crosses:
            x, y = (seam.at, spot) if seam.up else (spot, seam.at)
            _registration(c, x * MM, y * MM, mark * MM)
    c.endForm()
    steps = assembly_steps(plan) if seams else []
    for t in plan.tiles:
        region: Box = t.region
        c.saveState()
        p = c.beginPath()
        p.rect(t.origin[0] * MM, t.origin[1] * MM, region.w * MM, region.h * MM)
        c.clipPath(p, stroke=0, fill=0)
        c.translate((t.origin[0] - region.x) * MM, (t.origin[1] - region.y) * MM)
        c.doForm("board")
        for seam in seams:
            _assembly_marks(c, seam, t, mark, seams)
        c.restoreState()
        content = [Box(t.origin[0], t.origin[1], region.w, region.h)]
        if steps:
            content.append(_draw_steps(c, plan, t, steps, board, seams, mark))
        # (as the command's summary says it: across, then down; the letter is the row, the number the column)
        bands = overlap_words(plan.overlap, plan.overlap_across, plan.overlap_down)
        where = (f"sheet {sheet_name(t.col, t.row)} of {len(plan.tiles)} ({plan.cols} across x {plan.rows} "
                 f"down): printed to overlap {bands}, then cut and glued as the steps say"
                 if len(plan.tiles) > 1 else "one sheet")
        draw_footer(c, plan.paper, f"{spec['title']} · {where} · print at 100 % (actual size)", content)
        c.showPage()
    save(c)
    return {"pages": len(plan.tiles), "sheets": len(plan.tiles), "cols": plan.cols, "rows": plan.rows,
            "paper_mm": [round(plan.paper[0], 4), round(plan.paper[1], 4)],
            "overlap_mm": round(plan.overlap, 3),
            "overlap_across_mm": None if plan.overlap_across is None else round(plan.overlap_across, 3),
            "overlap_down_mm": None if plan.overlap_down is None else round(plan.overlap_down, 3)}


def overlap_words(overlap: float, across: float | None, down: float | None) -> str:
    """How far a tiled board's sheets overlap (a :class:`TilePlan`'s ``overlap``, ``overlap_across`` and
    ``overlap_down``), as its footer and the page say it: one width when the bands are alike (or
    run one way only), each band when the bands across and down differ."""
    if across is not None and down is not None and f"{across:.0f}" != f"{down:.0f}":
        return (f"the sheets side by side by {across:.0f} mm and the sheets above and below by "
                f"{down:.0f} mm")
    return f"the neighbouring sheets by {overlap:.0f} mm"


# --------------------------------------------------------------------------- calibration

#: The calibration page's size: always two pages (rulers and a front cross, then the back grid) on one
#: sheet printed double-sided. Fixed and small, so ``print calibration`` takes no ``--max-pages``.
CALIBRATION_SIZE = RunSize.of_pages(2, duplex=True)


@binary_streams
def print_calibration(out: str | os.PathLike[str] | IO[bytes], *, paper: str = "a4",
                      offset: tuple[float, float] = (0.0, 0.0), flip: str = "long",
                      landscape: bool = False) -> dict[str, Any]:
    """Two pages: 100 mm rulers and a front cross, then a back grid to read the duplex offset.

    The grid reads as far as ``--offset`` goes (``calibration.grid_range`` is at least the
    sheet's ``max_offset``, checked by the tests), so every offset it shows can be entered.

    Reading: hold the printed sheet against the light, find where the front cross falls
    on the back grid and read its two numbers. The grid is drawn moved by ``offset`` (as
    card backs printed with it would be), so the offset to enter is ``offset`` plus the
    reading: with no offset, the reading itself. Printing the page again with that
    offset should put the cross on 0,0. X runs along the paper's short side and Y along
    its long side, as seen on the back; card sheets that come out landscape turn the
    offset to match (:func:`companion.printing.geometry.page_offset`), assuming the printer
    turns landscape pages anticlockwise. ``landscape`` makes both pages landscape, printed
    the way landscape card sheets are: X runs across the page and Y up it as its text reads,
    and the reading is used on landscape sheets as it is (``--offset-from landscape``),
    whichever way the printer turns them.
    """
    geo = load_geometry()
    pw, ph = geo.paper(paper)
    if landscape:
        pw, ph = ph, pw
    cal = geo.calibration
    ruler = cal["ruler_length"]
    c = new_canvas(out, (pw, ph), title="companion calibration page", duplex=flip)
    cx, cy = pw / 2, ph / 2
    # front: title, instructions, rulers, the cross
    c.setFillColor(INK)
    c.setFont("Helvetica-Bold", 16)
    c.drawString(15 * MM, (ph - 20) * MM,
                 f"Printer calibration ({paper.upper()}{', landscape' if landscape else ''})")
    steps = [
        "1. Print both pages double-sided, at 100 % / 'Actual size' (never 'Fit to page'),",
        f"   flipping on the {flip} edge (the PDF asks viewers for this).",
        f"2. Measure both rulers: each must be exactly {ruler:g} mm. If not, your viewer or printer",
        "   scaled the page: switch scaling off and print again.",
        "3. Hold the sheet against a light. The front cross shows through onto the grid on the back.",
        "   Read the grid numbers under the cross centre: X (across) and Y (up), in mm.",
        "4. Enter them as the offset: companion print cards GAME --backs duplex --offset X,Y",
        "   (or Offset X and Y on the Printables page). If this page was printed with an offset, add it:",
        "   the back page says so. Positive X moves backs right (along the paper's short side), Y up,",
        "   as seen on the back. Card sheets that come out landscape turn it, assuming the printer turns",
        "   landscape pages anticlockwise: to be sure, print this page with --landscape for them.",
        "5. Check: print this page with that --offset; the cross should now sit on 0,0.",
    ] if not landscape else [
        "1. Print both pages double-sided, at 100 % / 'Actual size' (never 'Fit to page'),",
        f"   flipping on the {flip} edge (the PDF asks viewers for this), as you print card sheets",
        "   that come out landscape.",
        f"2. Measure both rulers: each must be exactly {ruler:g} mm. If not, your viewer or printer",
        "   scaled the page: switch scaling off and print again.",
        "3. Hold the sheet against a light. The front cross shows through onto the grid on the back.",
        "   Read the grid numbers under the cross centre: X (across this page) and Y (up it), in mm.",
        "4. Enter them for card sheets that come out landscape: companion print cards GAME --backs duplex",
        "   --offset X,Y --offset-from landscape (or Calibration page: Landscape on the Printables page).",
        "   They are used as they are, whichever way your printer turns landscape pages. If this page was",
        "   printed with an offset, add it: the back page says so.",
        "5. Check: print this page with that --offset; the cross should now sit on 0,0.",
    ]
    c.setFont("Helvetica", 9)
    for i, line in enumerate(steps):
        c.drawString(15 * MM, (ph - 30 - i * 5) * MM, line)
    _ruler(c, 20, 40, ruler, horizontal=True)
    _ruler(c, pw - 35 if landscape else 20, 55, ruler, horizontal=False)  # (landscape: clear of the steps)
    c.setFont("Helvetica", 8)
    c.drawString(20 * MM, 32 * MM, f"{ruler:g} mm")
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0, 0, 0)
    c.line((cx - 12) * MM, cy * MM, (cx + 12) * MM, cy * MM)
    c.line(cx * MM, (cy - 12) * MM, cx * MM, (cy + 12) * MM)
    c.circle(cx * MM, cy * MM, 3 * MM, stroke=1, fill=0)
    c.setFont("Helvetica", 8)
    c.drawString((cx + 5) * MM, (cy + 5) * MM, "front cross")
    draw_footer(c, (pw, ph), f"calibration page 1 (front{', landscape' if landscape else ''})")
    c.showPage()
    # back: the grid centred where the cross lands after the flip, shifted by the current offset
    mirror_x = mirrors_x((pw, ph), flip)  # as geometry.back_box: the flip mirrors x or y
    bx = (pw - cx if mirror_x else cx) + offset[0]
    by = (cy if mirror_x else ph - cy) + offset[1]
    step, rng = cal["grid_step"], cal["grid_range"]
    n = round(rng / step)
    for k in range(-n, n + 1):  # (lines of 0.25 pt and more, numbers of 7 pt: home printers keep them)
        v = k * step
        major = k % 5 == 0
        c.setLineWidth(0.6 if k == 0 else (0.45 if major else 0.25))
        c.setStrokeColor(HexColor("#c62828") if k == 0 else (INK if major else MUTED))
        c.line((bx + v) * MM, (by - rng) * MM, (bx + v) * MM, (by + rng) * MM)
        c.line((bx - rng) * MM, (by + v) * MM, (bx + rng) * MM, (by + v) * MM)
        if major:  # numbers on the major lines only: one a millimetre would overlap
            c.setFillColor(INK)
            c.setFont("Helvetica", 7)
            c.drawCentredString((bx + v) * MM, (by - rng - 3.5) * MM, f"{v:g}")
            c.drawRightString((bx - rng - 1.2) * MM, (by + v) * MM - 2.4, f"{v:g}")
    c.setFont("Helvetica", 8)
    c.drawCentredString(bx * MM, (by - rng - 8.5) * MM, "X (mm) →")
    c.drawRightString((bx - rng - 1.2) * MM, (by + rng + 3) * MM, "Y (mm) ↑")  # atop the Y numbers
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(pw / 2 * MM, (ph - 20) * MM, "Back: read the front cross on this grid")
    c.setFont("Helvetica", 9)
    for i, line in enumerate(_reading_note(offset)):
        c.drawCentredString(pw / 2 * MM, (ph - 27 - i * 4.5) * MM, line)
    draw_footer(c, (pw, ph), "calibration page 2 (back"
                + (f", landscape: {LANDSCAPE_READING}" if landscape else "") + ")")
    c.showPage()
    save(c)
    return {"pages": CALIBRATION_SIZE.pages, "paper_mm": [round(pw, 4), round(ph, 4)],
            "orientation": "landscape" if landscape else "portrait",
            "back_centre_mm": [round(bx, 4), round(by, 4)]}


#: Where the landscape calibration page's reading is entered, as the page and the command line name it
#: (its back page's footer says so).
LANDSCAPE_READING = "Calibration page: Landscape on the Printables page, or --offset-from landscape"


def _reading_note(offset: tuple[float, float]) -> list[str]:
    """What the back page says about its reading: the grid is moved with the offset it was printed with."""
    ox, oy = offset
    if not (ox or oy):
        return ["This grid was printed with no offset: the numbers under the cross are the offset to enter."]
    return [f"This grid was printed with offset {ox:g},{oy:g} mm and moved with it: the offset to enter is",
            f"{ox:g} + X, {oy:g} + Y (this offset plus the numbers under the cross). On 0,0 it is right."]


def _ruler(c: Any, x: float, y: float, length: float, *, horizontal: bool) -> None:
    """A millimetre ruler starting at (x, y) mm: ticks every mm, longer every 5 and 10."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    if horizontal:
        c.line(x * MM, y * MM, (x + length) * MM, y * MM)
    else:
        c.line(x * MM, y * MM, x * MM, (y + length) * MM)
    c.setFont("Helvetica", 5)
    for k in range(int(length) + 1):
        t = 4.0 if k % 10 == 0 else (2.8 if k % 5 == 0 else 1.8)
        c.setLineWidth(0.3 if k % 10 else 0.45)
        if horizontal:
            c.line((x + k) * MM, y * MM, (x + k) * MM, (y + t) * MM)
            if k % 10 == 0:
                c.drawCentredString((x + k) * MM, (y + 5) * MM, str(k))
        else:
            c.line(x * MM, (y + k) * MM, (x + t) * MM, (y + k) * MM)
            if k % 10 == 0:
                c.drawString((x + 5) * MM, (y + k) * MM - 1.7, str(k))


def board_games() -> list[str]:
    """Games with a board, in the order of :data:`companion.GAMES`."""
    table = boards()
    return [g for g in GAMES if g in table]
