"""Print and play, eighth audit: boards, score sheets and the calibration page.

A tiled board's sheets say how they go together (a labelled cut line on the sheet on top, a shaded,
labelled glue band beneath, crosses clear of outlines and text on the line, numbered steps of 7 pt
or more on every sheet) and no label is cut at the seam; the Mice and Mystics markers fit a
chapter cell and sit on a strip of their own; zone labels stay outside the card spaces; the
calibration grid prints on home printers; the Monarchs score pad prints its × and = and closes the
Total row's cells that take no entry; score-sheet titles line up with their tables.

Measured on the PDFs, as the earlier print tests do: the board is one form XObject in board
millimetres (y up), so its texts and paths are read there; what a tiled sheet adds is drawn on
the page after the form, in the same board frame (:func:`tests.test_printing.page_lines`).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.printing.geometry import Box, load_geometry, tile_board, to_mm
from tests.test_printing import page_lines, run
from tests.test_printing_audit5 import _safe, paths, text_box

MM = 72.0 / 25.4
FILL = (b"f", b"F", b"f*")  # painting a path's inside only (ReportLab writes f*)
TILED = [(g, p) for g in ("village", "tmnt", "monarchs") for p in ("a4", "letter")]


# --------------------------------------------------------------------------- helpers

def texts(stream: Any, fonts: Any, reader: PdfReader) -> list[tuple[str, Box, float]]:
    """Every string drawn in a content stream (ReportLab's ``Tf``/``Tm``/``Tj``), with its box in mm (from
    the baseline's start, the font's width, 0.22 of the size below and 0.72 above) and its size in pt.
    Transformations (``cm``) are not followed: for the board form, whose texts are all unturned."""
    out: list[tuple[str, Box, float]] = []
    font, size, x, y = "Helvetica", 0.0, 0.0, 0.0
    for operands, op in ContentStream(stream, reader).operations:
        if op == b"Tf":
            font, size = str(fonts[operands[0]].get_object()["/BaseFont"])[1:], float(operands[1])
        elif op == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Tj":
            text = str(operands[0])
            w = stringWidth(text, font, size)
            out.append((text, Box(x / MM, (y - 0.22 * size) / MM, w / MM, 0.94 * size / MM), size))
            x += w
    return out


def board_form(pdf: Path | bytes) -> tuple[PdfReader, Any]:
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    return reader, reader.pages[0]["/Resources"]["/XObject"]["/FormXob.board"].get_object()


def form_texts(pdf: Path | bytes) -> list[tuple[str, Box, float]]:
    reader, form = board_form(pdf)
    return texts(form, form["/Resources"]["/Font"], reader)


def page_rects(pdf: Path, page: int) -> list[tuple[list[float], tuple[float, ...]]]:
    """The rectangles drawn directly on a page (mm, as drawn) with the fill colour set at the time."""
    reader = PdfReader(pdf)
    fill: tuple[float, ...] = (0.0,)
    out = []
    for operands, op in ContentStream(reader.pages[page].get_contents(), reader).operations:
        if op in (b"rg", b"g"):
            fill = tuple(float(v) for v in operands)
        elif op == b"re":
            out.append(([float(v) / MM for v in operands], fill))
    return out


def board_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, name: str,
              paper: str = "a4") -> Path:
    pdf = tmp_path / f"{kind}-{name}-{paper}.pdf"
    code, _, err = run(capsys, kind, name, "--paper", paper, "--out", str(pdf))
    assert code == 0, err
    return pdf


def plan_of(game: str, paper: str) -> Any:
    from companion.printing.boards import boards

    size = tuple(to_mm(v) for v in boards()[game]["size"])
    return tile_board((size[0], size[1]), load_geometry().paper(paper))


def cut_line(pdf: Path, height: float) -> float:
    """Where the sheet on top (the second) is cut: its one line running the whole board up (board mm)."""
    cuts = [s for s in page_lines(pdf)[1] if abs(s[0] - s[2]) < 1e-6 and abs(s[3] - s[1]) >= height - 0.01]
    assert len(cuts) == 1, cuts
    return cuts[0][0]


# --------------------------------------------------------------------------- 1. assembling a tiled board

@pytest.mark.parametrize(("game", "paper"), TILED)
def test_the_sheet_on_top_has_a_labelled_cut_line_and_the_sheet_beneath_a_labelled_glue_band(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, paper: str) -> None:
    """The only instruction had been a 6 pt footer ('overlap by 22 mm, crosses on crosses'), with no cut
    line, though each sheet's blank edge covered the other's board: one sheet must be cut."""
    pdf = board_pdf(tmp_path, capsys, "board", game, paper)
    plan = plan_of(game, paper)
    first, second = (t.region for t in plan.tiles)
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2
    beneath, on_top = (" ".join(p.extract_text().split()) for p in reader.pages)
    assert "✂ cut here: throw this strip away, lay this sheet on A1" in on_top
    assert "glue here: lay sheet A2 over this band" in beneath
    assert "glue here:" not in on_top and "cut here:" not in beneath
    at = cut_line(pdf, second.h)
    lay = json.loads((Path(__file__).resolve().parent.parent / "data" / "print" / "boards.json")
                     .read_text(encoding="utf-8"))["layout"]
    strip = to_mm(lay["cut_strip"])
    assert second.x + strip - 1e-6 <= at <= first.right - strip + 1e-6  # in the overlap, both strips kept
    # the sheet beneath: the line the cut edge goes on, and the band from it to the sheet's edge, shaded
    assert any(abs(s[0] - at) < 1e-6 and abs(s[2] - at) < 1e-6 and abs(s[3] - s[1]) >= first.h - 0.01
               for s in page_lines(pdf)[0])
    bands = [(r, fill) for r, fill in page_rects(pdf, 0)[1:]
             if r[0] == pytest.approx(at, abs=1e-3) and r[0] + r[2] == pytest.approx(first.right, abs=1e-3)
             and r[3] == pytest.approx(first.h, abs=1e-3)]
    assert bands and all(fill != (1.0, 1.0, 1.0) for _, fill in bands)


@pytest.mark.parametrize(("game", "paper"), TILED)
def test_registration_crosses_sit_on_the_cut_line_clear_of_every_outline_and_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, paper: str) -> None:
    """The crosses sat on slot outlines and next to labels (Monarchs 'Front row 3')."""
    pdf = board_pdf(tmp_path, capsys, "board", game, paper)
    plan = plan_of(game, paper)
    at = cut_line(pdf, plan.tiles[1].region.h)
    reader, form = board_form(pdf)
    mark = load_geometry().tiling["mark_size"]
    drawn = paths(form, reader)
    circles = [b for op, b in drawn if op == b"S" and abs(b.w - 0.6 * mark) < 0.05 and abs(b.h - b.w) < 0.05]
    assert len(circles) >= 2
    bw, bh = (to_mm(v) for v in _spec(game)["size"])
    words = form_texts(pdf)
    for c in circles:
        cx, cy = c.x + c.w / 2, c.y + c.h / 2
        assert cx == pytest.approx(at, abs=1e-3)  # centred on the cut: its halves meet after cutting
        cross = Box(cx - mark / 2, cy - mark / 2, mark, mark).grow(0.5)
        for op, b in drawn:
            if b.inside(cross.grow(0.1)) or (b.w > bw - 0.1 and b.h > bh - 0.1 and op in FILL):
                continue  # the cross itself, the board's white ground
            if op in FILL:
                assert not cross.overlaps(b), (game, paper, (cx, cy), b)
            else:  # an outline: the cross is off it, or wholly inside what it encloses
                assert not cross.overlaps(b) or cross.inside(b.grow(-0.5)), (game, paper, (cx, cy), b)
        for text, box, _ in words:
            assert not cross.overlaps(box), (game, paper, (cx, cy), text)


def _spec(game: str) -> dict[str, Any]:
    from companion.printing.boards import boards

    return boards()[game]


@pytest.mark.parametrize(("game", "paper"), TILED)
def test_the_seam_cuts_no_label(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str,
                                paper: str) -> None:
    """The seam split '3rd Block Zone' (TMNT) and 'Hand' (Village)."""
    pdf = board_pdf(tmp_path, capsys, "board", game, paper)
    at = cut_line(pdf, plan_of(game, paper).tiles[1].region.h)
    cut = [text for text, box, _ in form_texts(pdf) if box.x - 0.5 < at < box.right + 0.5]
    assert not cut, cut


@pytest.mark.parametrize(("game", "paper"), TILED)
def test_every_sheet_prints_numbered_steps_of_7_pt_or_more_in_its_margin(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, paper: str) -> None:
    pdf = board_pdf(tmp_path, capsys, "board", game, paper)
    raw = pdf.read_bytes()
    reader = PdfReader(pdf)
    plan = plan_of(game, paper)
    for k, page in enumerate(reader.pages):
        drawn = texts(page.get_contents(), page["/Resources"]["/Font"], reader)
        steps = [(text, size) for text, _, size in drawn if text[:3] in ("1. ", "2. ", "3. ", "4. ")]
        assert [t[:2] for t, _ in steps] == ["1.", "2.", "3.", "4."], steps
        assert all(size >= 7 for _, size in steps), steps
        said = " ".join(page.extract_text().split())
        assert "Cut sheet A2 along its solid ✂ 'cut here' line (left edge)" in said
        assert "Lay A2 on A1's shaded 'glue here' band" in said
        t = plan.tiles[k]
        first = text_box(raw, k, "1. Print every sheet")
        assert first is not None and first.inside(_safe(plan.paper))
        assert not first.overlaps(Box(t.origin[0], t.origin[1], t.region.w, t.region.h))  # in the margin


def test_a_board_tiled_both_ways_says_which_sheets_to_cut_and_the_order() -> None:
    """Steps for any tiling: every sheet but A1 is cut at its left and top edges; the order is said."""
    from companion.printing.boards import print_board

    buf = io.BytesIO()
    print_board({"title": "Big board", "cite": "test", "size": ["500mm", "400mm"], "elements": []}, buf)
    for page in PdfReader(io.BytesIO(buf.getvalue())).pages:
        said = " ".join(page.extract_text().split())
        assert "Cut every sheet but A1 along its solid ✂ 'cut here' lines (left and top edges)" in said
        assert "In the order A1, A2, A3, B1, B2, B3" in said


# --------------------------------------------------------------------------- 2. the Mice and Mystics markers

def test_the_mystics_markers_fit_a_chapter_cell_and_sit_on_a_strip_of_their_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The markers were 20 x 20 mm for 17 mm cells, cut out of the board sheet itself."""
    pdf = board_pdf(tmp_path, capsys, "board", "mystics")
    spec = _spec("mystics")
    bw, bh = (to_mm(v) for v in spec["size"])
    cell = next(to_mm(e["cell"][0]) for e in spec["elements"] if e["kind"] == "track"
                and e.get("direction") == "right")
    reader, form = board_form(pdf)
    drawn = paths(form, reader)
    tokens = [b for op, b in drawn if op in (b"B", b"B*") and 10 < b.w < cell and abs(b.w - b.h) < 0.05]
    assert len(tokens) == 2
    assert all(b.w <= cell - 2 for b in tokens)  # on a cell with room to pick it up
    # the strip: a shaded box reaching the board's right and bottom edges and holding both markers
    strips = [b for op, b in drawn if op in FILL and b.right == pytest.approx(bw) and b.y == pytest.approx(0)
              and b.w < bw - 1 and all(t.inside(b) for t in tokens)]
    assert len(strips) == 1
    strip = strips[0]
    # its cut lines: up its left side from the bottom edge and along its top to the right edge
    lines = [b for op, b in drawn if op == b"S" and (b.w < 1e-6 or b.h < 1e-6)]
    assert any(b.x == pytest.approx(strip.x) and b.h == pytest.approx(strip.h) for b in lines)
    assert any(b.top == pytest.approx(strip.top) and b.w == pytest.approx(strip.w) for b in lines)
    # nothing of the board is on it: only its own words and the markers' names
    allowed = {"Markers to cut out", "Hourglass marker", "Chapter end", "cut out", "✂"}
    note = next(e["note"] for e in spec["elements"] if e["kind"] == "strip")
    words = form_texts(pdf)
    assert {"Markers to cut out", "Hourglass marker", "Chapter end"} <= {t for t, _, _ in words}
    for text, box, _ in words:
        if box.overlaps(strip):
            assert text in allowed or text in note or text == "\"", text  # ("✂" is ZapfDingbats' '"')
    for op, b in drawn:
        if b.overlaps(strip.grow(-0.01)) and not b.inside(strip.grow(0.01)):
            assert b.w > bw - 3 or b.inside(Box(strip.x - 0.01, strip.y, 0.02, bh)) or op == b"S", (op, b)


# --------------------------------------------------------------------------- 3. zone labels

@pytest.mark.parametrize("game", ["village", "tmnt", "monarchs"])
def test_zone_labels_sit_on_a_tab_above_their_zone_not_under_the_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    """'Mouse Zone', 'Magic Card Zone' and 'Attack Zone' sat centred on the card outlines: hidden once
    cards are down."""
    pdf = board_pdf(tmp_path, capsys, "board", game)
    spec = _spec(game)
    bh = to_mm(spec["size"][1])
    reader, form = board_form(pdf)
    card = load_geometry().card_size(None)
    slot = tuple(to_mm(v) for v in spec["slot"])
    spaces = [b for op, b in paths(form, reader) if op == b"S"
              and any(abs(b.w - w) < 0.05 and abs(b.h - h) < 0.05 for w, h in (card, slot))]
    assert spaces
    words = {text: box for text, box, _ in form_texts(pdf)}
    labelled = [e for e in spec["elements"] if e["kind"] in ("slot", "area") and e.get("label")]
    named = {"village": {"Mouse Zone", "Magic Card Zone", "Hand"}, "tmnt": {"Attack Zone", "3rd Block Zone"},
             "monarchs": {"Front row 3", "Court deck"}}[game]
    assert named <= {e["label"] for e in labelled}
    for e in labelled:
        box = words[e["label"]]
        assert not any(box.overlaps(s) for s in spaces), e["label"]
        x = to_mm(e["x"])
        w = to_mm(e.get("w", spec["slot"][0]))
        top = bh - to_mm(e["y"])  # the zone's top edge (y up)
        assert x <= box.x and box.right <= x + w and top <= box.y <= top + 6, (e["label"], box)


# --------------------------------------------------------------------------- 4. the calibration grid

def test_the_calibration_grid_prints_on_home_printers_and_its_y_arrow_points_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Numbers of 4.5 pt and 1 mm lines of 0.12 pt drop out; the Y label read '← Y (mm)'."""
    pdf = tmp_path / "cal.pdf"
    assert run(capsys, "calibration", "--out", str(pdf))[0] == 0
    reader = PdfReader(pdf)
    page = reader.pages[1]
    said = page.extract_text()
    assert "Y (mm) ↑" in said and "←" not in said
    drawn = texts(page.get_contents(), page["/Resources"]["/Font"], reader)
    numbers = [(t, size) for t, _, size in drawn if t.lstrip("-").isdigit()]
    assert len(numbers) == 2 * 9 and all(7 <= size <= 8 for _, size in numbers)
    width, stroked = 1.0, []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"w":
            width = float(operands[0])
        elif op == b"S":
            stroked.append(width)
    assert len(stroked) >= 2 * 41 and min(stroked) >= 0.25


# --------------------------------------------------------------------------- 5. the Monarchs score pad

def test_the_monarchs_pad_prints_its_operators_and_closes_the_total_rows_empty_cells(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'x' and '=' were empty cells to write in on every row, and the Total row offered Crowns, x, Cards
    and = cells that mean nothing there."""
    pdf = board_pdf(tmp_path, capsys, "sheet", "monarchs-score")
    from companion.printing.boards import sheets

    table = sheets()["monarchs-score"]["elements"][0]
    tables = table["repeat"][0] * table["repeat"][1]
    rows = len(table["rows"])  # the colours and Total
    words = [t for t, _, _ in form_texts(pdf)]
    assert words.count("×") == words.count("=") == tables * rows  # the header and each colour's row
    widths = table["widths"]
    unit = to_mm(table["w"]) / sum(widths)
    reader, form = board_form(pdf)
    cells = collect_cells(reader, form)
    assert widths[2] == widths[4]  # (the × and = columns)
    assert sum(abs(w - widths[2] * unit) < 0.01 for w, _ in cells) == 2 * tables  # the headers' only
    assert widths[1] == widths[3]  # Crowns and Cards: a cell in the header and each colour's row, not Total
    assert sum(abs(w - widths[1] * unit) < 0.01 for w, _ in cells) == 2 * tables * (1 + (rows - 1))
    closed = [fill for w, fill in cells if abs(w - sum(widths[1:5]) * unit) < 0.01]
    assert len(closed) == tables and all(fill != (1.0, 1.0, 1.0) for fill in closed)  # shaded
    colours = [c for c in table["colours"] if c]
    assert colours == ["#7b3fa0", "#c9a300", "#2e8b3a", "#2f6fce", "#c8322b", "#ee7f1a"]  # the cards' palette


def collect_cells(reader: PdfReader, form: Any) -> list[tuple[float, tuple[float, ...]]]:
    """The width (mm) and fill colour of every rectangle drawn in the form."""
    fill: tuple[float, ...] = (0.0,)
    out = []
    for operands, op in ContentStream(form, reader).operations:
        if op in (b"rg", b"g"):
            fill = tuple(float(v) for v in operands)
        elif op == b"re":
            out.append((float(operands[2]) / MM, fill))
    return out


# --------------------------------------------------------------------------- 6. sheet titles

@pytest.mark.parametrize("name", ["monarchs-score", "village-mp"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_score_sheets_title_lines_up_with_its_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      name: str, paper: str) -> None:
    """The title was indented 8 mm, the tables 4 mm."""
    from companion.printing.boards import sheets

    pdf = board_pdf(tmp_path, capsys, "sheet", name, paper)
    spec = sheets()[name]
    words = form_texts(pdf)
    title = next(box for text, box, _ in words if text == spec["title"])
    player = min(box.x for text, box, _ in words if text.startswith("Player:"))
    assert title.x == pytest.approx(player, abs=0.05) == to_mm(spec["elements"][0]["x"])


def test_the_score_pad_colours_are_the_cards_and_their_names_read() -> None:
    """The score pad's colour rows use the cards' palette (its yellow had been #e0b800 beside the cards'
    #c9a300), and each row's name is written in the ink that contrasts most with its fill: white on
    yellow had been 1.9:1."""
    from companion.printing.faces import MONARCHS_COLOURS, contrast, text_on

    data = json.loads((Path(__file__).resolve().parent.parent / "data" / "print" / "boards.json")
                      .read_text(encoding="utf-8"))
    pad = next(e for e in data["sheets"]["monarchs-score"]["elements"] if e.get("colours"))
    for name, colour in zip(pad["rows"], pad["colours"], strict=True):
        if colour is None:
            continue
        assert colour == MONARCHS_COLOURS[name.lower()], name
        assert contrast(text_on(colour), colour) >= 4.0, name
