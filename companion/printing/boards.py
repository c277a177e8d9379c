"""Boards, score sheets and the calibration page, drawn from ``data/print/boards.json``.

Boards are drawn at real size. One larger than the paper's printable area is tiled over
several sheets (:func:`companion.printing.geometry.tile_board`); neighbouring sheets
share an overlap band carrying registration crosses at the same board positions, so
the sheets line up by laying the crosses on top of each other.
"""

from __future__ import annotations

import functools
import math
import os
from typing import IO, Any

from reportlab.lib.colors import HexColor, white

from .. import GAMES
from ..errors import as_listed, closest, did_you_mean
from .faces import INK, MUTED
from .geometry import Box, PrintError, load_geometry, mirrors_x, read_print_json, tile_board, to_mm
from .render import MM, binary_streams, draw_footer, new_canvas, save
from .text import fit_line, fit_text

LINE = HexColor("#455a64")
FAINT = HexColor("#cfd8dc")


@functools.cache
def board_data() -> dict[str, Any]:
    return read_print_json("boards.json")


def boards() -> dict[str, dict[str, Any]]:
    return dict(board_data()["boards"])


def sheets() -> dict[str, dict[str, Any]]:
    return dict(board_data()["sheets"])


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
    """Draws a board's elements in board millimetres (y measured from the top, as in the data)."""

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

    def L(self, e: dict[str, Any], key: str, default: float = 0.0) -> float:
        return to_mm(e[key], where=f"{self.spec['title']}: {key}") if key in e else default

    def box(self, x: float, y_top: float, w: float, h: float) -> tuple[float, float, float, float]:
        """Board (top-left, y down, mm) to PDF points (lower-left)."""
        return x * MM, (self.bh - y_top - h) * MM, w * MM, h * MM

    def label(self, text: str, x: float, y: float, w: float, size: float = 9, font: str = "Helvetica-Bold",
              centre: bool = False, colour: Any = INK) -> None:
        s, t = fit_line(text, font, size, 4, w)
        self.c.setFont(font, s)
        self.c.setFillColor(colour)
        if centre:
            self.c.drawCentredString(x + w / 2, y, t)
        else:
            self.c.drawString(x, y, t)

    def draw(self) -> None:
        c, sp = self.c, self.spec
        c.setFillColor(white)
        c.rect(0, 0, self.bw * MM, self.bh * MM, stroke=0, fill=1)
        c.setStrokeColor(LINE)
        c.setLineWidth(0.8)
        c.rect(1 * MM, 1 * MM, (self.bw - 2) * MM, (self.bh - 2) * MM, stroke=1, fill=0)
        self.label(sp["title"], 8 * MM, (self.bh - 12) * MM, (self.bw * 0.6) * MM, 15)
        note = sp["cite"] + (f" · {sp['house_note']}" if sp.get("house_note") else "")
        self.label(note, self.bw * 0.6 * MM, (self.bh - 12) * MM, (self.bw * 0.4 - 8) * MM, 7,
                   "Helvetica", colour=MUTED)
        for e in sp["elements"]:
            getattr(self, f"_{e['kind']}")(e)

    def _slot_outline(self, x: float, y: float, w: float, h: float, dashed: bool = True) -> None:
        c = self.c
        c.setStrokeColor(LINE)
        c.setLineWidth(0.6)
        if dashed:
            c.setDash(3, 2)
        c.roundRect(x, y, w, h, 3 * MM, stroke=1, fill=0)
        c.setDash()

    def _slot(self, e: dict[str, Any]) -> None:
        w, h = self.L(e, "w", self.slot[0]), self.L(e, "h", self.slot[1])
        x, y, pw, ph = self.box(self.L(e, "x"), self.L(e, "y"), w, h)
        self._slot_outline(x, y, pw, ph)
        self.label(e.get("label", ""), x, y + ph / 2, pw, 10, centre=True)
        if e.get("note"):
            self.label(e["note"], x + 2 * MM, y + ph / 2 - 5 * MM, pw - 4 * MM, 7, "Helvetica",
                       centre=True, colour=MUTED)
        if e.get("badge"):
            r = 6 * MM
            self.c.setFillColor(HexColor("#c62828"))
            self.c.circle(x + pw - r - 2 * MM, y + ph - r - 2 * MM, r, stroke=0, fill=1)
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
        n = int(e.get("slots", 0))
        sw, sh = (v * MM for v in self.card)
        if n and sh <= h:
            gap = (w - n * sw) / (n + 1)
            for k in range(n):
                self._slot_outline(x + gap + k * (sw + gap), y + (h - sh) / 2, sw, sh)
        self.label(e.get("label", ""), x, y + h / 2 - 4, w, 14, centre=True)

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
            size, lines = fit_text(e["note"], "Helvetica", 7.5, 5, (n * cw if not down else cw + 60) * MM,
                                   14 * MM)
            c.setFillColor(MUTED)
            c.setFont("Helvetica", size)  # the size the lines were wrapped at (smaller for a long note)
            for i, line in enumerate(lines):
                c.drawString(end_x * MM, (self.bh - end_y - 4 - i * 3.2 * size / 7.5) * MM, line)

    def _wheel(self, e: dict[str, Any]) -> None:
        cx, cy, r = self.L(e, "x"), self.L(e, "y"), self.L(e, "r")
        n = int(e["segments"])
        px, py = cx * MM, (self.bh - cy) * MM
        c = self.c
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
        x, y, w, h = self.box(self.L(e, "x"), self.L(e, "y"), self.L(e, "w"), self.L(e, "h"))
        self._slot_outline(x, y, w, h)
        _icon(self.c, e.get("mark", "hourglass"), x + w / 2, y + h * 0.2, h * 0.6)
        self.label(e.get("label", ""), x - 10 * MM, y - 4 * MM, w + 20 * MM, 8, centre=True)
        self.label("cut out", x - 10 * MM, y - 7.5 * MM, w + 20 * MM, 6, "Helvetica", centre=True,
                   colour=MUTED)

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
        self.label(e.get("title", ""), x0 * MM, (self.bh - y0 - 5.5) * MM, w * MM, 11)
        for r in range(len(rows) + 1):
            top = y0 + title_h + r * rh
            for k in range(len(cols)):
                x, y, cw, ch = self.box(xs[k], top, xs[k + 1] - xs[k], rh)
                colour = colours[r - 1] if 0 < r <= len(colours) and k == 0 else None
                c.setFillColor(HexColor(colour) if colour else (HexColor("#eceff1") if r == 0 else white))
                c.setStrokeColor(LINE)
                c.setLineWidth(0.6 if r else 0.9)
                c.rect(x, y, cw, ch, stroke=1, fill=1)
                text = cols[k] if r == 0 else (rows[r - 1] if k == 0 else fill.get(f"{r - 1},{k}", ""))
                if text:
                    self.label(text, x + 1.2 * MM, y + ch / 2 - 3.2, cw - 2.4 * MM, 9,
                               "Helvetica-Bold" if (r == 0 or k == 0) else "Helvetica",
                               centre=k > 0, colour=white if colour else INK)
        if e.get("note"):
            lines = fit_text(e["note"], "Helvetica", 7, 4.5, w * MM, (note_h - 1) * MM)
            c.setFillColor(MUTED)
            c.setFont("Helvetica", lines[0])
            for i, line in enumerate(lines[1]):
                c.drawString(x0 * MM, (self.bh - (y0 + h - note_h) - 3.5) * MM - i * lines[0] * 1.2, line)


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


@binary_streams
def print_board(spec: dict[str, Any], out: str | os.PathLike[str] | IO[bytes], *, paper: str = "a4"
                ) -> dict[str, Any]:
    """A board or sheet at real size, tiled over several sheets when it is larger than the paper.

    Returns a summary: ``{"sheets": n, "cols": ..., "rows": ..., "paper_mm": [w, h], "overlap_mm": ...}``.
    """
    geo = load_geometry()
    board = _Board(None, spec)
    plan = tile_board((board.bw, board.bh), geo.paper(paper), geometry=geo)
    c = new_canvas(out, plan.paper, title=spec["title"], duplex=None)
    board.c = c
    c.beginForm("board", 0, 0, board.bw * MM, board.bh * MM)
    board.draw()
    if len(plan.tiles) > 1:  # crosses in the middle of every overlap band, at the same board spots
        mark = geo.tiling["mark_size"] * MM
        xs = sorted({t.region.x for t in plan.tiles})
        tops = sorted({t.region.top for t in plan.tiles}, reverse=True)
        w, h = plan.tiles[0].region.w, plan.tiles[0].region.h
        seams_x = [(xs[k + 1] + xs[k] + w) / 2 for k in range(len(xs) - 1)]
        seams_y = [(tops[k + 1] + tops[k] - h) / 2 for k in range(len(tops) - 1)]
        for sx in seams_x:
            c.setDash(2, 3)
            c.setLineWidth(0.3)
            c.line(sx * MM, 0, sx * MM, board.bh * MM)
            c.setDash()
            for k in range(1, 4):
                _registration(c, sx * MM, board.bh * MM * k / 4, mark)
        for sy in seams_y:
            c.setDash(2, 3)
            c.setLineWidth(0.3)
            c.line(0, sy * MM, board.bw * MM, sy * MM)
            c.setDash()
            for k in range(1, 4):
                _registration(c, board.bw * MM * k / 4, sy * MM, mark)
    c.endForm()
    for t in plan.tiles:
        region: Box = t.region
        c.saveState()
        p = c.beginPath()
        p.rect(t.origin[0] * MM, t.origin[1] * MM, region.w * MM, region.h * MM)
        c.clipPath(p, stroke=0, fill=0)
        c.translate((t.origin[0] - region.x) * MM, (t.origin[1] - region.y) * MM)
        c.doForm("board")
        c.restoreState()
        # (as the command's summary says it: across, then down; the letter is the row, the number the column)
        where = (f"sheet {chr(65 + t.row)}{t.col + 1} of {len(plan.tiles)} ({plan.cols} across x {plan.rows} "
                 f"down): overlap {overlap_words(plan.overlap, plan.overlap_across, plan.overlap_down)}, "
                 "crosses on crosses"
                 if len(plan.tiles) > 1 else "one sheet")
        draw_footer(c, plan.paper, f"{spec['title']} · {where} · print at 100 % (actual size)",
                    [Box(t.origin[0], t.origin[1], region.w, region.h)])
        c.showPage()
    save(c)
    return {"sheets": len(plan.tiles), "cols": plan.cols, "rows": plan.rows,
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
        "   (or in the notebook's 'offset' fields). If this page was printed with an offset, add it:",
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
        "   --offset X,Y --offset-from landscape (or 'landscape' in the notebook's calibration page choice).",
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
    for k in range(-n, n + 1):
        v = k * step
        major = k % 5 == 0
        c.setLineWidth(0.5 if k == 0 else (0.3 if major else 0.12))
        c.setStrokeColor(HexColor("#c62828") if k == 0 else (INK if major else MUTED))
        c.line((bx + v) * MM, (by - rng) * MM, (bx + v) * MM, (by + rng) * MM)
        c.line((bx - rng) * MM, (by + v) * MM, (bx + rng) * MM, (by + v) * MM)
        if major:  # numbers on the major lines only: one a millimetre would overlap
            c.setFillColor(INK)
            c.setFont("Helvetica", 4.5)
            c.drawCentredString((bx + v) * MM, (by - rng - 3) * MM, f"{v:g}")
            c.drawRightString((bx - rng - 1) * MM, (by + v) * MM - 1.5, f"{v:g}")
    c.setFont("Helvetica", 8)
    c.drawCentredString(bx * MM, (by - rng - 8) * MM, "X (mm) →")
    c.drawString((bx + rng + 2) * MM, by * MM, "← Y (mm)")
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(pw / 2 * MM, (ph - 20) * MM, "Back: read the front cross on this grid")
    c.setFont("Helvetica", 9)
    for i, line in enumerate(_reading_note(offset)):
        c.drawCentredString(pw / 2 * MM, (ph - 27 - i * 4.5) * MM, line)
    draw_footer(c, (pw, ph), "calibration page 2 (back"
                + (", landscape: use with --offset-from landscape" if landscape else "") + ")")
    c.showPage()
    save(c)
    return {"pages": 2, "paper_mm": [round(pw, 4), round(ph, 4)],
            "orientation": "landscape" if landscape else "portrait",
            "back_centre_mm": [round(bx, 4), round(by, 4)]}


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
