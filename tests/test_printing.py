"""Print and play (issue 7): exact sizes, grids, duplex backs, crop marks, determinism, boards.

PDFs are inspected with pypdf: every card is a form XObject placed with one ``cm``, so
a card's trim box is the placement's translation plus the form's box less the bleed.
"""

from __future__ import annotations

import collections
import io
import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.cli import main
from companion.printing.geometry import (
    Box,
    PrintError,
    back_box,
    crop_marks,
    load_geometry,
    parse_offset,
    plan_pages,
    sheet_grid,
    tile_board,
    to_mm,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CARDS = DATA / "print_cards.json"
MM = 72.0 / 25.4
TOL = 0.01  # mm


# --------------------------------------------------------------------------- helpers

def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["print", *args])
    out, err = capsys.readouterr()
    return code, out, err


def placements(pdf: Path | bytes) -> list[list[dict[str, Any]]]:
    """Per page: every form placed with its trim box in mm (from the placement and the form's BBox)."""
    reader = PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)
    pages = []
    for page in reader.pages:
        xobjs = page["/Resources"].get("/XObject", {})
        cm = None
        found = []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"cm":
                cm = [float(v) for v in operands]
            elif op == b"Do":
                name = str(operands[0])
                bbox = [float(v) for v in xobjs[name]["/BBox"]]
                bleed = -bbox[0] / MM
                found.append({"form": name, "x": cm[4] / MM, "y": cm[5] / MM,
                              "w": (bbox[2] + bbox[0]) / MM, "h": (bbox[3] + bbox[1]) / MM, "bleed": bleed})
        pages.append(found)
    return pages


def page_lines(pdf: Path) -> list[list[tuple[float, float, float, float]]]:
    """Straight segments (m ... l) drawn directly on each page, in mm."""
    reader = PdfReader(pdf)
    out = []
    for page in reader.pages:
        segs, start = [], None
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"m":
                start = [float(v) / MM for v in operands]
            elif op == b"l" and start is not None:
                end = [float(v) / MM for v in operands]
                segs.append((start[0], start[1], end[0], end[1]))
                start = end
        out.append(segs)
    return out


def layout(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    p = tmp_path_factory.mktemp("deck") / "deck.txt"
    p.write_text("# a print test deck\n4 Print Test Acorn\n"
                 "3x Print Test Mega Mouse With A Remarkably Long Name\n"
                 "2 ptest-spell\n2 Print Test Apple\n", encoding="utf-8")
    return p  # 11 cards: one full 3x3 sheet and a partial one of 2


@pytest.fixture(scope="module")
def duplex_run(tmp_path_factory: pytest.TempPathFactory, deck_file: Path) -> dict[str, Path]:
    """One duplex run with bleed, crop marks and an offset, made once for several tests: a 3x3 portrait
    A4 sheet of TCG-size cards (63 x 88 mm; poker cards with 1 mm bleed and crop marks fit 8, landscape)."""
    d = tmp_path_factory.mktemp("duplex")
    pdf, lay = d / "deck.pdf", d / "deck.json"
    code = main(["print", "cards", "village", "--cards", str(CARDS), "--deck", str(deck_file),
                 "--size", "tcg", "--backs", "duplex", "--offset", "1.5,-0.75", "--bleed", "1",
                 "--crop-marks", "--corners", "--layout-json", str(lay), "--out", str(pdf)])
    assert code == 0
    return {"pdf": pdf, "layout": lay}


# --------------------------------------------------------------------------- geometry (pure)

def test_units_and_named_sizes() -> None:
    g = load_geometry()
    assert to_mm("63mm") == 63 and to_mm("8.5in") == pytest.approx(215.9)
    assert to_mm("72pt") == pytest.approx(25.4)
    assert to_mm("1.5cm") == 15
    # playing cards in inches (poker 2.5 x 3.5 in, bridge 2.25 x 3.5, mini American 1.625 x 2.5, tarot
    # 2.75 x 4.75), mini euro and the trading-card-game size in mm
    assert g.card_size("poker") == pytest.approx((63.5, 88.9)) and g.card_size(None) == g.card_size("poker")
    assert g.card_size("bridge") == pytest.approx((57.15, 88.9)) and g.card_size("mini-euro") == (44, 68)
    assert g.card_size("mini-american") == pytest.approx((41.275, 63.5))
    assert g.card_size("tarot") == pytest.approx((69.85, 120.65)) and g.card_size("tcg") == (63, 88)
    assert g.card_size("70x70") == (70, 70) and g.card_size("59.5 x 91") == (59.5, 91)
    assert g.paper("a4") == (210, 297) and g.paper("letter") == pytest.approx((215.9, 279.4))
    for bad in ("tarrot", "5x5", "63x", "x", ""):
        with pytest.raises(PrintError):
            g.card_size(bad or "  ")
    with pytest.raises(PrintError, match="Did you mean 'tarot'"):
        g.card_size("tarrot")
    with pytest.raises(PrintError):
        to_mm("12 furlongs")


@pytest.mark.parametrize(("size", "paper", "marks", "expected"), [
    ("poker", "a4", False, (3, 3)), ("poker", "a4", True, (3, 3)), ("poker", "letter", False, (3, 3)),
    # 3 poker cards are 266.7 mm high: on letter (279.4) that leaves 1.35 mm past the 5 mm margins, less
    # than crop marks take (0.5 + 1.5 mm): with them the landscape sheet holds 8
    ("poker", "letter", True, (4, 2)), ("tcg", "letter", True, (3, 3)), ("tcg", "a4", True, (3, 3)),
    ("bridge", "a4", True, (3, 3)), ("mini-euro", "a4", False, (4, 4)), ("tarot", "a4", False, (2, 2)),
    ("tarot", "letter", True, (2, 2)),
    ("mini-american", "a4", False, (6, 3)),  # landscape holds more: 18 against 16
])
def test_as_many_cards_as_fit_inside_the_safe_margin(size: str, paper: str, marks: bool,
                                                    expected: tuple[int, int]) -> None:
    g = load_geometry()
    grid = sheet_grid(g.paper(paper), g.card_size(size), crop_marks=marks)
    assert (grid.cols, grid.rows) == expected
    margin = g.sheet["safe_margin"]
    safe = Box(margin, margin, grid.paper[0] - 2 * margin, grid.paper[1] - 2 * margin)
    for s in grid.slots:
        assert s.inside(safe)
    # one more column or row would not fit
    cw, ch = g.card_size(size)
    assert grid.cols * cw <= safe.w + 1e-9 and grid.rows * ch <= safe.h + 1e-9
    assert (grid.cols + 1) * cw > safe.w and (grid.rows + 1) * ch > safe.h


def test_bleed_keeps_cards_apart_and_a_huge_card_is_refused() -> None:
    g = load_geometry()
    grid = sheet_grid(g.paper("a4"), g.card_size("poker"), bleed=3)
    assert (grid.cols, grid.rows) == (4, 2)  # portrait: 3 x (63 + 6) > 200 mm, so 2x3; landscape holds 8
    assert grid.paper == (297, 210)
    for a in grid.slots:
        for b in grid.slots:
            if a is not b:
                assert not a.grow(3).overlaps(b.grow(3))
    with pytest.raises(PrintError, match="does not fit"):
        sheet_grid(g.paper("a4"), (250.0, 250.0))
    with pytest.raises(PrintError, match="bleed"):
        sheet_grid(g.paper("a4"), (63.0, 88.0), bleed=50)


def test_print_cards_takes_one_card_file_per_cards_option_like_the_other_commands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # --cards had taken every word after it, the game too ("the following arguments are
    # required: game"); and one page is "1 page"
    out = tmp_path / "one.pdf"
    code = main(["print", "cards", "--cards", str(CARDS), "village", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0 and out.exists() and printed.rstrip().endswith(", 1 page (1 sheet of paper)")


def test_a_card_that_fits_only_without_crop_marks_says_so() -> None:
    with pytest.raises(PrintError, match=r"with crop marks \(it fits without them\)") as err:
        sheet_grid((210, 297), (200, 287), crop_marks=True)
    assert "expected no crop marks" in str(err.value)
    assert sheet_grid((210, 297), (200, 287)).cols == 1  # as said: without them it fits
    with pytest.raises(PrintError) as err:  # too big either way: the crop marks are not blamed
        sheet_grid((210, 297), (300, 400), crop_marks=True)
    assert "crop marks" not in str(err.value)


def test_long_edge_mirror_maps_the_full_grid_onto_itself() -> None:
    g = load_geometry()
    grid = sheet_grid(g.paper("a4"), (63.0, 88.0))
    for k, s in enumerate(grid.slots):
        r, c = divmod(k, grid.cols)
        m = grid.slots[r * grid.cols + (grid.cols - 1 - c)]
        b = back_box(s, grid.paper, flip="long")
        assert (b.x, b.y) == pytest.approx((m.x, m.y), abs=1e-9)
        b = back_box(s, grid.paper, flip="short")
        m = grid.slots[(grid.rows - 1 - r) * grid.cols + c]
        assert (b.x, b.y) == pytest.approx((m.x, m.y), abs=1e-9)
    land = sheet_grid(g.paper("a4"), (41.0, 63.0))  # landscape: the long edges are top and bottom
    assert land.paper == (297, 210)
    for k, s in enumerate(land.slots):
        r, c = divmod(k, land.cols)
        b = back_box(s, land.paper, flip="long")
        m = land.slots[(land.rows - 1 - r) * land.cols + c]
        assert (b.x, b.y) == pytest.approx((m.x, m.y), abs=1e-9)
        b = back_box(s, land.paper, flip="short")
        m = land.slots[r * land.cols + (land.cols - 1 - c)]
        assert (b.x, b.y) == pytest.approx((m.x, m.y), abs=1e-9)
    b = back_box(grid.slots[0], grid.paper, offset=(1.0, -2.0))
    assert (b.x, b.y) == pytest.approx((grid.slots[2].x + 1, grid.slots[2].y - 2))


def test_partial_last_sheet_keeps_positions_and_mirrors_from_the_full_grid() -> None:
    g = load_geometry()
    grid = sheet_grid(g.paper("a4"), (63.0, 88.0))
    pages = plan_pages([f"c{i}" for i in range(11)], grid, backs="duplex")
    assert [(p.number, p.side, len(p.placements)) for p in pages] == [
        (1, "front", 9), (2, "back", 9), (3, "front", 2), (4, "back", 2)]
    last_front, last_back = pages[2].placements, pages[3].placements
    assert [p.box for p in last_front] == list(grid.slots[:2])
    assert [v for p in last_back for v in (p.box.x, p.box.y)] == pytest.approx(
        [grid.slots[2].x, grid.slots[2].y, grid.slots[1].x, grid.slots[1].y])
    assert [p.card_id for p in last_back] == ["c9", "c10"]


def test_offsets_parse_and_refuse_nonsense() -> None:
    assert parse_offset("1.5,-0.75") == (1.5, -0.75) and parse_offset(None) == (0, 0)
    assert parse_offset(" 2mm , 1 ") == (2, 1)
    assert parse_offset("1 2") == parse_offset("1;2") == (1, 2)  # spaces between, as people type
    assert parse_offset(" 1mm  -2mm ") == (1, -2)
    for bad in ("1", "a,b", "1,2,3", "99,0", "nan,0", "inf,1", "1 2 3", "1, 2 3"):
        with pytest.raises(PrintError):
            parse_offset(bad)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30))
def test_size_and_offset_parsers_only_raise_print_errors(text: str) -> None:
    g = load_geometry()
    for fn in (g.card_size, parse_offset, g.paper, to_mm):
        try:
            fn(text)
        except PrintError:
            pass


@settings(max_examples=120, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=400),
       st.floats(20, 200), st.floats(10, 200))
def test_fitted_text_stays_inside_its_box(text: str, width: float, height: float) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from companion.printing.text import fit_text

    size, lines = fit_text(text, "Helvetica", 11.0, 4.0, width, height)
    assert 4.0 <= size <= 11.0
    for line in lines:
        assert stringWidth(line, "Helvetica", size) <= width + 0.01
    assert len(lines) * size * 1.18 <= height + 1e-6 or len(lines) == 1


def test_crop_marks_lie_outside_every_card() -> None:
    g = load_geometry()
    grid = sheet_grid(g.paper("letter"), (63.0, 88.0), bleed=1.0, crop_marks=True)
    marks = crop_marks(grid)
    assert marks and grid.mark_length >= g.sheet["crop_mark_min_length"]
    for x1, y1, x2, y2 in marks:
        seg = Box(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1e-9, abs(y2 - y1) + 1e-9)
        assert seg.inside(grid.page_box)
        for s in grid.slots:
            assert not seg.overlaps(s.grow(grid.bleed))


def test_tiling_covers_the_board_with_overlap() -> None:
    g = load_geometry()
    for board, paper, n in [((378.0, 228.0), "a4", 2), ((265.0, 190.0), "a4", 1),
                            ((600.0, 400.0), "letter", 8)]:
        plan = tile_board(board, g.paper(paper))
        assert len(plan.tiles) == n
        margin = g.sheet["safe_margin"]
        for t in plan.tiles:
            assert t.region.inside(Box(0, 0, *board))
            assert t.region.w <= plan.paper[0] - 2 * margin + 1e-9
            assert t.region.h <= plan.paper[1] - 2 * margin + 1e-9
            assert Box(*t.origin, t.region.w, t.region.h).inside(Box(0, 0, *plan.paper))
        if n > 1:
            assert plan.overlap >= g.tiling["overlap"] - 1e-9
        # every point of the board is on some sheet (checked on a grid of sample points)
        for i in range(21):
            for j in range(21):
                px, py = board[0] * i / 20, board[1] * j / 20
                assert any(t.region.x - 1e-9 <= px <= t.region.right + 1e-9
                           and t.region.y - 1e-9 <= py <= t.region.top + 1e-9 for t in plan.tiles)


def test_print_data_fits_its_schema() -> None:
    import jsonschema

    folder = ROOT / "data" / "print"
    schema = json.loads((folder / "print.schema.json").read_text(encoding="utf-8"))
    for name in ("geometry.json", "boards.json"):
        jsonschema.validate(json.loads((folder / name).read_text(encoding="utf-8")), schema)
    bad = {"kind": "geometry", "card_sizes": {"x": {"w": "63", "h": "88mm"}}, "default_size": "x",
           "papers": {}, "default_paper": "a4", "sheet": {}, "tiling": {}, "calibration": {}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


# --------------------------------------------------------------------------- card PDFs

def test_page_size_and_viewer_preferences(duplex_run: dict[str, Path]) -> None:
    reader = PdfReader(duplex_run["pdf"])
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(210 * MM, abs=1e-3)
        assert float(page.mediabox.height) == pytest.approx(297 * MM, abs=1e-3)
        assert "/CropBox" not in page or page.cropbox == page.mediabox
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_every_trim_box_is_exact_inside_the_page_and_apart(duplex_run: dict[str, Path]) -> None:
    pages = placements(duplex_run["pdf"])
    lay = layout(duplex_run["layout"])
    assert set(lay) == {"paper_mm", "card_mm", "bleed_mm", "backs", "flip", "mirror", "offset_mm",
                        "offset_from", "offset_page_mm", "grid_moved_mm", "pages"}
    assert lay["paper_mm"] == [210, 297] and lay["card_mm"] == [63, 88] and lay["bleed_mm"] == 1
    assert len(pages) == len(lay["pages"]) == 4
    page_box = Box(0, 0, 210, 297)
    for placed, lp in zip(pages, lay["pages"], strict=True):
        assert len(placed) == len(lp["cards"])
        boxes = []
        for p, entry in zip(placed, lp["cards"], strict=True):
            assert set(entry) == {"id", "x_mm", "y_mm", "w_mm", "h_mm"}
            assert abs(p["w"] - 63) < TOL and abs(p["h"] - 88) < TOL and abs(p["bleed"] - 1) < TOL
            assert abs(p["x"] - entry["x_mm"]) < TOL and abs(p["y"] - entry["y_mm"]) < TOL
            box = Box(p["x"], p["y"], p["w"], p["h"])
            assert box.grow(p["bleed"]).inside(page_box)
            boxes.append(box)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not a.grow(1).overlaps(b.grow(1), eps=1e-3)  # bleeds may touch, never overlap


def test_backs_are_mirrored_and_offset_also_on_the_partial_sheet(duplex_run: dict[str, Path]) -> None:
    pages = placements(duplex_run["pdf"])
    lay = layout(duplex_run["layout"])
    assert [p["side"] for p in lay["pages"]] == ["front", "back", "front", "back"]
    for f in (0, 2):
        front, back = pages[f], pages[f + 1]
        assert [c["id"] for c in lay["pages"][f]["cards"]] == [c["id"] for c in lay["pages"][f + 1]["cards"]]
        for a, b in zip(front, back, strict=True):
            assert abs(b["x"] - (210 - a["x"] - 63 + 1.5)) < TOL
            assert abs(b["y"] - (a["y"] - 0.75)) < TOL
    # the partial sheet keeps slots 0 and 1, its backs sit behind them, i.e. at slots 2 and 1
    assert [(round(p["x"], 3), round(p["y"], 3)) for p in pages[2]] == \
           [(round(p["x"], 3), round(p["y"], 3)) for p in pages[0][:2]]
    assert abs(pages[3][0]["x"] - (pages[1][0]["x"])) < TOL  # = where slot 0's back goes on a full sheet


def test_short_edge_backs_mirror_vertically(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            deck_file: Path) -> None:
    pdf, lay = tmp_path / "s.pdf", tmp_path / "s.json"
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--deck", str(deck_file),
                       "--backs", "duplex-short", "--paper", "letter", "--layout-json", str(lay),
                       "--out", str(pdf))
    assert code == 0, err
    pages = placements(pdf)
    ph = 279.4
    ch = load_geometry().card_size("poker")[1]  # 3.5 in
    for f in (0, 2):
        for a, b in zip(pages[f], pages[f + 1], strict=True):
            assert abs(b["x"] - a["x"]) < TOL and abs(b["y"] - (ph - a["y"] - ch)) < TOL
    assert PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert layout(lay)["paper_mm"] == [215.9, 279.4]


def test_every_card_of_the_deck_is_printed_once_per_copy(duplex_run: dict[str, Path]) -> None:
    lay = layout(duplex_run["layout"])
    fronts = collections.Counter(c["id"] for p in lay["pages"] if p["side"] == "front" for c in p["cards"])
    assert fronts == {"ptest-acorn": 4, "ptest-mega": 3, "ptest-spell": 2, "ptest-apple": 2}
    pages = placements(duplex_run["pdf"])
    assert sum(len(pages[i]) for i in (0, 2)) == 11
    # each distinct face is one form, drawn once and placed per copy
    forms = {p["form"] for i in (0, 2) for p in pages[i]}
    assert len(forms) == 4


def test_whole_card_file_prints_qty_copies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lay = tmp_path / "l.json"
    code, out, _ = run(capsys, "cards", "village", "--cards", str(CARDS), "--size", "mini-euro",
                       "--layout-json", str(lay), "--out", str(tmp_path / "f.pdf"))
    assert code == 0 and "7 cards (5 different)" in out
    ids = collections.Counter(c["id"] for p in layout(lay)["pages"] for c in p["cards"])
    assert ids["ptest-apple"] == 3 and sum(ids.values()) == 7
    assert layout(lay)["card_mm"] == [44, 68]


def test_same_input_gives_the_same_bytes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         deck_file: Path) -> None:
    outs = []
    for name in ("one.pdf", "two.pdf"):
        code, _, _ = run(capsys, "cards", "village", "--cards", str(CARDS), "--deck", str(deck_file),
                         "--backs", "duplex", "--crop-marks", "--out", str(tmp_path / name))
        assert code == 0
        outs.append((tmp_path / name).read_bytes())
    assert outs[0] == outs[1]


def test_crop_marks_are_ours_outside_the_trim(duplex_run: dict[str, Path]) -> None:
    pages = placements(duplex_run["pdf"])
    lines = page_lines(duplex_run["pdf"])
    assert len(lines[0]) == (2 * 3 + 2 * 3) * 2  # both ends of every cut line (6 across, 6 down)
    for segs, placed in zip(lines, pages, strict=True):
        for x1, y1, x2, y2 in segs:
            seg = Box(min(x1, x2), min(y1, y2), abs(x2 - x1) + 1e-9, abs(y2 - y1) + 1e-9)
            assert seg.inside(Box(0, 0, 210, 297))
            for p in placed:
                assert not seg.overlaps(Box(p["x"], p["y"], p["w"], p["h"]).grow(p["bleed"]))
    # never ReportLab's page-enlarging crop marks: the page is the paper, no other boxes
    reader = PdfReader(duplex_run["pdf"])
    assert all(float(p.mediabox.width) == pytest.approx(210 * MM, abs=1e-3) for p in reader.pages)
    assert not any("/TrimBox" in p or "/BleedBox" in p for p in reader.pages)


def test_each_distinct_image_is_embedded_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    shutil.copy(DATA / "print_art_a.png", tmp_path / "a.png")
    shutil.copy(DATA / "print_art_a.png", tmp_path / "a-again.png")  # same picture, another name
    shutil.copy(DATA / "print_art_b.bmp", tmp_path / "b.bmp")
    cards = {"game": "village", "set": "Print Art Demo", "source": "demo: print tests", "cards": [
        {"id": "part-1", "name": "Art One", "type": "item", "text": "x", "art": "a.png", "qty": 8,
         "source": "demo: print tests"},
        {"id": "part-2", "name": "Art Two", "type": "item", "text": "y", "art": "b.bmp", "qty": 8,
         "source": "demo: print tests"},
        {"id": "part-3", "name": "Art Three", "type": "item", "art": "a-again.png", "qty": 8,
         "back": "b.bmp", "source": "demo: print tests"},
    ]}
    f = tmp_path / "art.json"
    f.write_text(json.dumps(cards), encoding="utf-8")
    pdf = tmp_path / "art.pdf"
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--json",
                       "--out", str(pdf))
    assert code == 0, err
    raw = pdf.read_bytes()
    assert len(re.findall(rb"/Subtype\s*/Image", raw)) == 2
    assert len(PdfReader(pdf).pages) == 6


def test_art_that_is_not_an_image_is_a_clear_error(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.png").write_text("not a picture", encoding="utf-8")
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"game": "village", "set": "Demo", "source": "demo: t", "cards": [
        {"id": "pbad-1", "name": "Bad Art", "type": "item", "art": "x.png", "source": "demo: t"},
        {"id": "pbad-2", "name": "No Art", "type": "item", "art": "missing.png", "source": "demo: t"}]}))
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--out", str(tmp_path / "c.pdf"))
    assert code == 2 and "x.png" in err and "Traceback" not in err


def test_a_rendered_sheet_matches_the_stored_image(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image, ImageChops

    from companion.printing.preview import page_image

    pdf = tmp_path / "ref.pdf"
    code, _, _ = run(capsys, "cards", "village", "--cards", str(CARDS), "--crop-marks", "--out", str(pdf))
    assert code == 0
    got = page_image(pdf.read_bytes(), 0, dpi=30)
    ref_path = DATA / "print_reference_page1.png"
    if os.environ.get("COMPANION_UPDATE_REFERENCE"):
        got.save(ref_path, optimize=True)
    ref = Image.open(ref_path).convert("RGB")
    assert got.size == ref.size
    diff = ImageChops.difference(got, ref).convert("L")
    hist = diff.histogram()
    total = got.size[0] * got.size[1]
    mean = sum(i * n for i, n in enumerate(hist)) / total
    far = sum(hist[48:]) / total
    assert mean < 2.0 and far < 0.01, (f"page differs from {ref_path.name}: mean {mean:.2f}, "
                                       f"{far:.1%} far off; "
                                       "if the change is intended, rerun with COMPANION_UPDATE_REFERENCE=1")


def test_every_game_prints_its_bundled_cards(tmp_path: Path) -> None:
    from companion import GAMES
    from companion.printing.jobs import select_cards
    from companion.printing.render import CardOptions, print_cards

    for game in GAMES:
        sel = select_cards(game, include_user=False)
        buf = io.BytesIO()
        res = print_cards(sel.copies, buf, CardOptions(size="bridge"), game=game)
        assert res.copies == len(sel.copies) > 0
        assert sum(len(p) for p in placements(buf.getvalue())) == res.copies


def test_progress_bar_goes_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--progress",
                         "--out", str(tmp_path / "p.pdf"))
    assert code == 0 and "wrote" in out and "page" in err


@pytest.mark.parametrize(("args", "needle"), [
    (["cards", "village", "--offset", "1;2;3"], "--offset"),
    (["cards", "village", "--size", "tarrot"], "tarot"),
    (["cards", "village", "--bleed", "40"], "bleed"),
    (["cards", "village", "--deck", "no-such-deck.txt"], "no-such-deck.txt"),
    (["cards", "villag"], "village"),
    (["sheet", "monarch-score"], "monarchs-score"),
    (["board", "mousecard"], "no board"),
])
def test_bad_input_is_a_message_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                args: list[str], needle: str) -> None:
    code, _, err = run(capsys, *args, "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and needle in err and "Traceback" not in err and "internal error" not in err


def test_unknown_card_in_a_deck_suggests_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("2 Print Test Acron\n", encoding="utf-8")
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--deck", str(deck),
                       "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and "Print Test Acorn" in err


def test_out_must_be_a_writable_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "calibration", "--out", str(tmp_path / "x.png"))
    assert code == 2 and ".pdf" in err
    (tmp_path / "taken.pdf").mkdir()
    code, _, err = run(capsys, "board", "tmnt", "--out", str(tmp_path / "taken.pdf"))
    assert code == 2 and "cannot write" in err


# --------------------------------------------------------------------------- boards, sheets, calibration

@pytest.mark.parametrize(("kind", "name", "paper", "sheets"), [
    ("board", "tmnt", "a4", 2), ("board", "village", "letter", 2), ("board", "monarchs", "a4", 2),
    ("board", "mystics", "a4", 1), ("sheet", "monarchs-score", "a4", 1), ("sheet", "village-mp", "letter", 1),
])
def test_boards_and_sheets_print_at_real_size(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str,
                                              name: str, paper: str, sheets: int) -> None:
    pdf = tmp_path / "b.pdf"
    code, out, err = run(capsys, kind, name, "--paper", paper, "--json", "--out", str(pdf))
    assert code == 0, err
    summary = json.loads(out)
    reader = PdfReader(pdf)
    assert len(reader.pages) == summary["sheets"] == sheets
    pw, ph = load_geometry().paper(paper)
    for page in reader.pages:
        size = sorted([float(page.mediabox.width) / MM, float(page.mediabox.height) / MM])
        assert size == pytest.approx(sorted([pw, ph]), abs=1e-3)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    if sheets > 1:
        assert summary["overlap_mm"] >= load_geometry().tiling["overlap"]


def test_board_texts_name_the_rule_book_zones() -> None:
    from companion.printing.boards import boards, sheets

    labels = {g: " ".join(str(e.get("label", "")) + " " + str(e.get("badge", "")) for e in b["elements"])
              for g, b in {**boards(), **sheets()}.items()}
    for zone in ("Magic Card Zone", "Mouse Zone", "Discard Pile", "Deck", "Hand"):
        assert zone in labels["village"]
    for zone in ("1st Block Zone", "4th Block Zone", "Item Zone", "Attack Zone", "Deck Zone", "Trash Zone"):
        assert zone in labels["tmnt"]
    assert labels["monarchs"].count("+2") == 4 and "Court deck" in labels["monarchs"]
    assert "Chapter track" in labels["mystics"] and "cheese wheel" in labels["mystics"]
    assert "Initiative track" in labels["mystics"] and "Chapter end" in labels["mystics"]
    score = sheets()["monarchs-score"]["elements"][0]
    assert score["rows"][:6] == ["Purple", "Yellow", "Green", "Blue", "Red", "Orange"]


def test_calibration_has_100mm_rulers_and_a_back_grid(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "cal.pdf"
    code, out, _ = run(capsys, "calibration", "--offset", "1,-2", "--json", "--out", str(pdf))
    assert code == 0
    assert json.loads(out)["back_centre_mm"] == [105 + 1, 148.5 - 2]
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    segs = page_lines(pdf)[0]
    horizontal = [s for s in segs if abs(s[1] - s[3]) < 1e-6 and abs(abs(s[2] - s[0]) - 100) < 1e-3]
    vertical = [s for s in segs if abs(s[0] - s[2]) < 1e-6 and abs(abs(s[3] - s[1]) - 100) < 1e-3]
    assert horizontal and vertical
    text = reader.pages[0].extract_text()
    assert "--offset" in text and "100 mm" in text


# --------------------------------------------------------------------------- printables/

def test_printables_are_current(tmp_path: Path) -> None:
    """Regenerate every printable and compare bytes (text and pages on another ReportLab or zlib)."""
    from companion.printing.jobs import MANIFEST, make_all, toolchain

    made = make_all(tmp_path)
    folder = ROOT / "printables"
    fresh = {m["file"] for m in made}
    stored = {p.name for p in folder.glob("*.pdf")}
    hint = "printables/ is out of date: run `companion print all --out printables/` and commit the result"
    assert stored == fresh, f"{hint} (files differ: {sorted(stored ^ fresh)})"
    assert sum((folder / n).stat().st_size for n in fresh) < 5_000_000
    recorded = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    if all(recorded.get(k) == v for k, v in toolchain().items()):
        stale = [n for n in sorted(fresh) if (tmp_path / n).read_bytes() != (folder / n).read_bytes()]
        assert not stale, f"{hint} (changed: {stale})"
        assert (tmp_path / MANIFEST).read_bytes() == (folder / MANIFEST).read_bytes(), hint
        return
    # another ReportLab or zlib writes other bytes for the same drawing: compare what is drawn
    for n in sorted(fresh):
        a, b = PdfReader(tmp_path / n), PdfReader(folder / n)
        assert len(a.pages) == len(b.pages), f"{hint} ({n}: page count)"
        for pa, pb in zip(a.pages, b.pages, strict=True):
            assert pa.extract_text() == pb.extract_text(), f"{hint} ({n}: text)"
            assert pa.mediabox == pb.mediabox, f"{hint} ({n}: page size)"


def test_art_folder_by_card_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    art = tmp_path / "art"
    art.mkdir()
    shutil.copy(DATA / "print_art_a.png", art / "ptest-acorn.png")
    pdf = tmp_path / "a.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(art), "--json",
                         "--backs", "duplex", "--out", str(pdf))
    assert code == 0, err
    assert json.loads(out)["images"] == 1
    assert len(re.findall(rb"/Subtype\s*/Image", pdf.read_bytes())) == 1


def test_faces_print_unknown_stats_as_question_marks() -> None:
    from companion.cards import card_from_record
    from companion.printing.faces import BUILDERS

    mouse = card_from_record("village", "Demo", {"id": "x", "name": "X", "type": "mega-mouse", "atk": None,
                                                 "source": "demo: t"})
    assert BUILDERS["village"](mouse).stats == [("ATK", "?"), ("DEF", "?")]
    attack = card_from_record("tmnt", "Demo", {"id": "y", "name": "Y", "type": "attack",
                                               "attack_kind": "forceful-counter", "source": "demo: t"})
    spec = BUILDERS["tmnt"](attack)
    assert spec.corner == "?" and spec.symbols == ["forceful", "counter"]
    court = card_from_record("monarchs", "Demo", {"id": "z", "name": "Z", "type": "court", "color": "green",
                                                  "cost": 4, "influence": 1, "crowns": 2, "move_cover": 1,
                                                  "source": "demo: t"})
    spec = BUILDERS["monarchs"](court)
    assert spec.corner == "4" and spec.crowns == 2 and "move" in spec.symbols
    assert ("Influence", "+1") in spec.stats
    peasant = card_from_record("monarchs", "Demo", {"id": "p", "name": "P", "type": "starting",
                                                    "player": "B", "influence": 0, "source": "demo: t"})
    assert BUILDERS["monarchs"](peasant).corner == "B"


# --------------------------------------------------------------------------- review fixes

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _on_paper(pt: tuple[float, float], page: tuple[float, float]) -> tuple[float, float]:
    """A page point on the portrait paper, as seen from the side it is printed on.

    A landscape page goes onto the paper a quarter turn anticlockwise (its top at the
    paper's left long edge), the same way on the front and on the back.
    """
    x, y = pt
    pw, ph = page
    return (ph - y, x) if pw > ph else (x, y)


def _behind(pt: tuple[float, float], paper: tuple[float, float], flip: str) -> tuple[float, float]:
    """The point on the other side of the sheet (as seen from that side) after the flip."""
    u, v = pt
    return (paper[0] - u, v) if flip == "long" else (u, paper[1] - v)


def _calibrate(paper: str, flip: str, error: tuple[float, float], printed_with: tuple[float, float]
               ) -> tuple[float, float]:
    """Print the calibration page on a printer that shifts the back side by ``error`` and read it
    the way the page says: the offset to enter is the offset it was printed with plus the reading."""
    from companion.printing.boards import print_calibration

    info = print_calibration(io.BytesIO(), paper=paper, offset=printed_with, flip=flip)
    pw, ph = info["paper_mm"]
    grid = (info["back_centre_mm"][0] + error[0], info["back_centre_mm"][1] + error[1])  # as printed
    cross = _behind((pw / 2, ph / 2), (pw, ph), flip)  # the front cross seen through from the back
    reading = (cross[0] - grid[0], cross[1] - grid[1])
    return printed_with[0] + reading[0], printed_with[1] + reading[1]


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(("size", "bleed", "paper", "landscape"), [
    ("poker", 0.0, "a4", False), ("poker", 3.0, "a4", True), ("poker", 3.0, "letter", True),
    ("mini-american", 0.0, "a4", True), ("bridge", 0.0, "letter", False),
])
def test_backs_land_behind_their_fronts_on_a_shifting_printer(size: str, bleed: float, paper: str,
                                                              landscape: bool, flip: str) -> None:
    """The calibration page's offset, used on a card sheet of either orientation and flip, puts
    every back exactly behind its front on a printer that shifts the back side."""
    g = load_geometry()
    error = (1.5, -0.7)
    offset = _calibrate(paper, flip, error, (0.0, 0.0))
    assert offset == pytest.approx((-1.5, 0.7))
    assert _calibrate(paper, flip, error, (1.0, 0.5)) == pytest.approx(offset)  # printed with an offset
    grid = sheet_grid(g.paper(paper), g.card_size(size), bleed=bleed)
    assert (grid.paper[0] > grid.paper[1]) == landscape
    backs = "duplex" if flip == "long" else "duplex-short"
    pages = plan_pages([f"c{i}" for i in range(grid.per_page + 2)], grid, backs=backs, offset=offset)
    sheet = PAPERS[paper]
    checked = 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        for f, b in zip(front.placements, back.placements, strict=True):
            assert f.card_id == b.card_id
            fc = _on_paper((f.box.x + f.box.w / 2, f.box.y + f.box.h / 2), grid.paper)
            bc = _on_paper((b.box.x + b.box.w / 2, b.box.y + b.box.h / 2), grid.paper)
            landed = (bc[0] + error[0], bc[1] + error[1])
            assert _behind(landed, sheet, flip) == pytest.approx(fc, abs=1e-9)
            checked += 1
    assert checked == grid.per_page + 2


def test_the_offset_turns_with_a_landscape_sheet() -> None:
    from companion.printing.geometry import page_offset

    g = load_geometry()
    land = sheet_grid(g.paper("a4"), g.card_size("poker"), bleed=3)
    port = sheet_grid(g.paper("a4"), g.card_size("poker"))
    assert land.paper == (297, 210) and port.paper == (210, 297)
    assert page_offset((2.0, 1.0), port.paper) == (2.0, 1.0)
    assert page_offset((2.0, 1.0), land.paper) == (1.0, -2.0)  # paper's X points down the page
    for flip in ("long", "short"):
        for grid in (land, port):
            s = grid.slots[0]
            plain = back_box(s, grid.paper, flip=flip)
            moved = back_box(s, grid.paper, flip=flip, offset=(2.0, 1.0))
            dx, dy = page_offset((2.0, 1.0), grid.paper)
            assert (moved.x - plain.x, moved.y - plain.y) == pytest.approx((dx, dy))


def test_the_reviewed_landscape_run_shifts_backs_along_the_short_side(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lay = tmp_path / "off.json"
    code, _, err = run(capsys, "cards", "village", "--bleed", "3", "--crop-marks", "--backs", "duplex",
                       "--offset", "2,0", "--out", str(tmp_path / "off.pdf"), "--layout-json", str(lay))
    assert code == 0, err
    doc = layout(lay)
    assert doc["paper_mm"] == [297, 210]
    front, back = doc["pages"][0]["cards"][0], doc["pages"][1]["cards"][0]
    assert (front["x_mm"], front["y_mm"]) == (12.5, 108)  # (297 - 4 x 69.5) / 2 + 3; 4 x 63.5 mm poker cards
    # long-edge flip of a landscape page mirrors y (210 - 108 - 88.9 = 13.1); X = +2 along the
    # paper's short side is -2 in the page's y; nothing moves along x
    assert (back["x_mm"], back["y_mm"]) == (12.5, 11.1)


def test_calibration_back_says_to_add_the_offset_it_was_printed_with(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "cal.pdf"
    assert run(capsys, "calibration", "--offset", "1,0.5", "--out", str(pdf))[0] == 0
    back = " ".join(PdfReader(pdf).pages[1].extract_text().split())
    assert "1 + X, 0.5 + Y" in back and "plus the numbers under the cross" in back
    assert "The numbers under the cross are the offset to enter" not in back
    assert run(capsys, "calibration", "--out", str(pdf))[0] == 0
    back = " ".join(PdfReader(pdf).pages[1].extract_text().split())
    assert "no offset: the numbers under the cross are the offset to enter" in back
    front = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "short side" in front and "landscape" in front


@pytest.mark.parametrize("args", [
    ["cards", "village", "--out", "afile/sub/b.pdf"],
    ["board", "tmnt", "--out", "afile/sub/b.pdf"],
    ["sheet", "village-mp", "--out", "afile/sub/b.pdf"],
    ["calibration", "--out", "afile/sub/b.pdf"],
    ["sheet", "village-mp", "--out", "afile/b.pdf"],
    ["all", "--out", "afile"],
    ["all", "--out", "afile/x"],
])
def test_an_output_folder_that_cannot_be_made_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, *args)
    assert code == 2 and "--out" in err and "afile" in err
    assert "internal error" not in err and "Traceback" not in err
    assert (tmp_path / "afile").read_text(encoding="utf-8") == "mine"  # nothing of the user's is lost


@pytest.mark.parametrize("qty", [100000000000000000000000, 200000, 1000])
def test_a_huge_qty_is_refused_before_printing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               qty: int) -> None:
    f = tmp_path / "q.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "q", "name": "Q", "type": "fruit", "source": "mine", "qty": qty}]}), encoding="utf-8")
    code, out, _ = run(capsys, "cards", "village", "--cards", str(f), "--out", str(tmp_path / "q.pdf"))
    assert code == 2 and not (tmp_path / "q.pdf").exists()
    assert main(["validate", str(f)]) == 1
    out = capsys.readouterr().out
    assert "/cards/0/qty" in out and "at most 999" in out
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "q", "name": "Q", "type": "fruit", "source": "mine", "qty": 999}]}), encoding="utf-8")
    assert main(["validate", str(f)]) == 0


def test_a_lone_surrogate_is_refused_before_printing(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text('{"game":"village","set":"x","cards":[{"id":"a","name":"A\\ud800","type":"fruit",'
                 '"source":"s"}]}', encoding="utf-8")
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--out", str(tmp_path / "s.pdf"))
    assert code == 2 and "/cards/0/name" in err and "lone surrogate" in err
    assert "internal error" not in err


def test_cards_files_that_are_already_loaded_print(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   _isolated_user_data: Path) -> None:
    bundled = ROOT / "data" / "village" / "demo.json"
    lay = tmp_path / "l.json"
    code, _, err = run(capsys, "cards", "village", "--cards", str(bundled), "--cards", str(bundled),
                         "--layout-json", str(lay), "--out", str(tmp_path / "b.pdf"))
    assert code == 0, err
    n = len(json.loads(bundled.read_text(encoding="utf-8"))["cards"])
    assert sum(len(p["cards"]) for p in layout(lay)["pages"]) == n
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_bytes(CARDS.read_bytes())
    code, _, err = run(capsys, "cards", "village", "--cards", str(mine), "--layout-json", str(lay),
                         "--out", str(tmp_path / "m.pdf"))
    assert code == 0, err
    assert {c["id"] for p in layout(lay)["pages"] for c in p["cards"]} == {
        c["id"] for c in json.loads(CARDS.read_text(encoding="utf-8"))["cards"]}


def _mystics(record: dict[str, Any]) -> Any:
    from companion.cards import card_from_record

    return card_from_record("mystics", "Test", {"source": "test", **record})


def test_mystics_faces_print_every_known_value_first() -> None:
    from companion.cards import load_game
    from companion.printing.faces import BUILDERS

    face = BUILDERS["mystics"]
    db = load_game("mystics", include_user=False)
    collin = face(db.find("collin"))
    assert collin.stats == [("Move", "2"), ("Life", "?"), ("Battle", "?"), ("Defense", "?"), ("Lore", "?")]
    assert "Leader, Warrior" in collin.type_line
    sword = face(db.find("collins-sword"))  # the book prints "+1 SHARP", "Requires WARRIOR"
    assert sword.stats == [("", "+1"), ("", "Melee?"), ("", "SHARP"), ("Paws", "?")]  # range uncertain
    assert sword.type_line == "Search card · Weapon" and sword.body.startswith("Requires WARRIOR")
    mace = face(db.find("tildas-mace"))
    assert mace.stats == [("", "Melee?"), ("", "BLUNT"), ("Bonus", "?"), ("Paws", "?")]
    assert mace.body.startswith("Requires Tilda")
    assert face(db.find("dagger")).stats[-1] == ("Paws", "1?")
    assert face(db.find("ring-of-cat-strength")).stats == [("", "+1"), ("Bonus to", "Battle")]
    assert face(db.find("inspire")).stats == [("Cost", "?")]  # an unknown cost shows as unknown
    assert face(_mystics({"id": "x", "name": "X", "type": "ability", "classes": ["any"], "cost": 2,
                          "text": "t"})).stats == [("Cost", "2")]
    rats = face(db.find("rat-warriors"))
    assert "Small" in rats.type_line and "Melee" in rats.type_line
    assert "Ability: ?" in face(db.find("elite-rat-warriors")).body
    brodie = face(db.find("brodie"))  # his two initiative cards, as the tracker places them
    assert "Brodie Pounces (Battle 3?): Brodie pounces" in brodie.body
    assert "Brodie Chases (Battle 3?): Roll 2 action dice" in brodie.body and brodie.legend


def test_uncertain_readings_are_marked_on_mystics_faces(tmp_path: Path) -> None:
    """A value listed in ``uncertain`` prints with a trailing '?' (text with '(?)'), and a legend
    line says what the mark means; a card with nothing uncertain has no legend."""
    from companion.cards import load_game
    from companion.printing.faces import BUILDERS, UNCERTAIN_LEGEND
    from companion.printing.render import CardOptions, print_cards

    face = BUILDERS["mystics"]
    db = load_game("mystics", include_user=False)
    dagger = face(db.find("dagger"))  # range, bonus, attack_type and paws all uncertain
    assert dagger.stats == [("", "+1?"), ("", "Melee?"), ("", "SHARP?"), ("Paws", "1?")]
    assert dagger.legend == UNCERTAIN_LEGEND
    rats = face(db.find("rat-warriors"))
    assert rats.type_line.endswith("Minion · Small? · Melee?") and rats.legend
    assert face(db.find("tilda")).type_line.endswith("Hero · Healer?")
    assert face(db.find("filch")).type_line.endswith("Hero · Scamp?")
    tilda = face(db.find("tilda"))
    assert tilda.body.startswith("Empathetic Power: ") and tilda.body.endswith(" (?)")
    assert face(db.find("accurate-bow")).body.endswith("instead of 1. (?)")
    collin = face(db.find("collin"))  # nothing uncertain: no mark, no legend
    assert collin.legend == "" and not collin.body.endswith("(?)") and "?" not in collin.type_line
    assert face(_mystics({"id": "x", "name": "X", "type": "search", "range": "melee", "paws": None,
                          "uncertain": ["paws"]})).legend == ""  # an unknown value: "?" alone
    buf = io.BytesIO()
    res = print_cards([db.find("dagger"), db.find("rat-warriors"), db.find("collin")], buf, CardOptions(),
                      game="mystics")
    assert not res.truncated
    text = " ".join(PdfReader(buf).pages[0].extract_text().split())
    for word in ("+1?", "Melee?", "SHARP?", "Paws 1?", "Small? · Melee?", UNCERTAIN_LEGEND):
        assert word in text, word
    assert text.count(UNCERTAIN_LEGEND) == 2


def test_a_hero_face_shows_all_five_stats_in_the_pdf(tmp_path: Path) -> None:
    from companion.cards import load_game
    from companion.printing.render import CardOptions, print_cards

    db = load_game("mystics", include_user=False)
    buf = io.BytesIO()
    res = print_cards([db.find("collin"), db.find("collins-sword")], buf, CardOptions(), game="mystics")
    assert not res.truncated
    text = " ".join(PdfReader(buf).pages[0].extract_text().split())
    for word in ("Move 2", "Life ?", "Battle ?", "Defense ?", "Lore ?", "+1", "SHARP", "Melee",
                 "Paws ?", "Requires WARRIOR"):
        assert word in text, word


def test_tmnt_events_have_no_attribute_and_the_books_timing_labels() -> None:
    from companion.cards import card_from_record, load_game
    from companion.printing.faces import BUILDERS

    face = BUILDERS["tmnt"]
    db = load_game("tmnt", include_user=False)
    montage = face(db.find("training-montage"))
    assert montage.type_line == "Event" and "?" not in montage.type_line
    assert montage.body.startswith("<Play & Flip> Put 1") and montage.body.count("<Play & Flip>") == 1
    bare = {"id": "e", "name": "E", "type": "event", "source": "demo: t", "text": "Draw 1 card."}
    for timing, label in (("play", "<Play>"), ("flip", "<Flip>"), ("play-and-flip", "<Play & Flip>")):
        spec = face(card_from_record("tmnt", "Demo", {**bare, "timing": timing}))
        assert spec.body == f"{label}\nDraw 1 card."
    assert face(db.find("leonardo-1")).type_line == "Character · wind"


def test_cut_off_text_is_a_warning_naming_the_card(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from companion.printing.text import fit_text_checked

    assert fit_text_checked("a few words", "Helvetica", 11.0, 4.0, 200.0, 100.0)[2] is False
    assert fit_text_checked("word " * 2000, "Helvetica", 11.0, 4.0, 100.0, 30.0)[2] is True
    f = tmp_path / "long.json"
    f.write_text(json.dumps({"game": "village", "set": "My set", "cards": [
        {"id": "long-one", "name": "Long One", "type": "magic", "source": "my design",
         "text": "When this mouse attacks, your opponent discards a card. " * 35},
        {"id": "short-one", "name": "Short One", "type": "magic", "source": "my design", "text": "Draw."}]}),
        encoding="utf-8")
    code, out, err = run(capsys, "cards", "village", "--cards", str(f), "--size", "mini-american", "--json",
                         "--out", str(tmp_path / "l.pdf"))
    cut = next(line for line in err.splitlines() if "cut off" in line)  # (a mini card's footer is small text)
    assert code == 0 and "Long One (long-one): text" in cut and "Short One" not in cut
    assert json.loads(out)["truncated"] == [{"id": "long-one", "name": "Long One", "parts": ["text"]}]
    code, out, err = run(capsys, "cards", "village", "--cards", str(f), "--size", "tarot",
                         "--out", str(tmp_path / "t.pdf"))
    assert code == 0 and "warning" not in err  # tarot holds it


def test_bad_art_and_back_settings_are_errors_that_name_the_card(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x.pdf")
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(tmp_path / "nope"),
                       "--out", out)
    assert code == 2 and "--art" in err and "does not exist" in err
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(CARDS), "--out", out)
    assert code == 2 and "--art" in err and "not a folder" in err
    f = tmp_path / "c.json"

    def cards_with(**extra: str) -> None:
        f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
            {"id": "ok", "name": "Ok", "type": "fruit", "source": "mine", "back": "Special Back"},
            {"id": "bad", "name": "Bad", "type": "fruit", "source": "mine", **extra}]}), encoding="utf-8")

    cards_with(back="art/back.svg")
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--out", out)
    assert code == 2 and f"{f} /cards/1/back (card 'bad')" in err and ".svg" in err
    cards_with(back="art/missing.png")
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--out", out)
    assert code == 2 and f"{f} /cards/1/back (card 'bad')" in err and "missing.png" in err
    cards_with(art="art/missing.png")
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--out", out)
    assert code == 2 and f"{f} /cards/1/art (card 'bad')" in err and "missing.png" in err
    assert "internal error" not in err
    cards_with(back="Another Back")  # a back's name is still printed on the back
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--out", out)
    assert code == 0, err
    assert "Another Back" in PdfReader(out).pages[1].extract_text()


def test_a_bundled_file_prints_with_the_users_corrections(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from companion.corrections import correct_card
    from companion.printing.jobs import select_cards

    heroes = ROOT / "data" / "mystics" / "heroes.json"
    n = len(json.loads(heroes.read_text(encoding="utf-8"))["cards"])
    correct_card("mystics", "collin", {"life": 5})
    sel = select_cards("mystics", cards_files=[heroes])
    assert len(sel.copies) == n  # the corrected record is still one of this file's cards
    collin = next(c for c in sel.copies if c.id == "collin")
    assert collin["life"] == 5 and "user correction" in collin.source


def test_a_bad_layout_path_leaves_the_pdf_as_it_was(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.textio

    pdf = tmp_path / "keep.pdf"
    pdf.write_bytes(b"my earlier PDF")
    bad = tmp_path / "no-such-folder" / "layout.json"
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--layout-json", str(bad),
                       "--out", str(pdf))
    assert code == 2 and "cannot write the layout" in err and str(bad.parent) in err
    assert "Traceback" not in err
    assert pdf.read_bytes() == b"my earlier PDF" and not bad.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["keep.pdf"]  # no temporary file left behind

    def full(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:  # a layout that fails while it is written: the PDF is kept too
        m.setattr(companion.textio, "write_text_atomic", full)
        code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--layout-json",
                           str(tmp_path / "l.json"), "--out", str(pdf))
    assert code == 2 and "cannot write the layout" in err and "the PDF was not written either" in err
    assert pdf.read_bytes() == b"my earlier PDF"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.pdf"]
    good = tmp_path / "layout.json"
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--layout-json", str(good),
                       "--out", str(pdf))
    assert code == 0, err
    assert pdf.read_bytes().startswith(b"%PDF") and json.loads(good.read_text(encoding="utf-8"))["pages"]


def test_a_pdf_is_flushed_to_disk_before_it_replaces_the_old_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (here: fsync failing) is an error that keeps the earlier PDF, never half a PDF."""
    import os

    pdf = tmp_path / "keep.pdf"
    pdf.write_bytes(b"my earlier PDF")

    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--out", str(pdf))
    assert code == 2 and "cannot write the PDF" in err and "no space left" in err and "Traceback" not in err
    assert pdf.read_bytes() == b"my earlier PDF"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.pdf"]


def test_boards_sheets_and_the_calibration_page_keep_the_earlier_pdf_on_a_full_disk(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """ReportLab empties its file before drawing: the PDF is drawn in memory and saved whole."""
    import os

    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    for args in (["board", "village"], ["sheet", "monarchs-score"], ["calibration"]):
        pdf = tmp_path / "keep.pdf"
        pdf.write_bytes(b"my earlier PDF")
        code, _, err = run(capsys, *args, "--out", str(pdf))
        assert code == 2 and "cannot write the PDF" in err and "Traceback" not in err, (args, err)
        assert pdf.read_bytes() == b"my earlier PDF", args
        assert [p.name for p in tmp_path.iterdir()] == ["keep.pdf"], args


@pytest.mark.skipif(sys.platform == "win32", reason="a pipe as /dev/stdout")
def test_the_layout_can_go_down_a_pipe(tmp_path: Path) -> None:
    """``--layout-json /dev/stdout | jq`` writes into the pipe (a device is written straight
    through, never replaced by a file)."""
    import subprocess

    pdf = tmp_path / "c.pdf"
    command = [sys.executable, "-m", "companion", "print", "cards", "village", "--cards", str(CARDS),
               "--layout-json", "/dev/stdout", "--out", str(pdf)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    layout, _end = json.JSONDecoder().raw_decode(done.stdout[done.stdout.index("{"):])
    assert layout["pages"] and pdf.read_bytes().startswith(b"%PDF")
    assert Path("/dev/stdout").is_symlink() or not Path("/dev/stdout").is_file()


def test_a_layout_to_standard_output_and_an_offset_without_backs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "c.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--layout-json", "-",
                         "--offset", "1,1", "--out", str(pdf))
    assert code == 0 and json.loads(out)["pages"]  # the layout alone on standard output
    assert f"wrote {pdf}" in err and "--offset 1,1 moves the backs, and there are none" in err
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--offset", "0,0",
                       "--out", str(pdf))
    assert code == 0 and "moves the backs" not in err  # (no move: nothing to warn of)
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--layout-json", "-", "--json",
                         "--out", str(tmp_path / "d.pdf"))
    assert code == 2 and "would both print to standard output" in json.loads(out)["error"]
    assert not (tmp_path / "d.pdf").exists()
    code, out, _ = run(capsys, "cards", "village", "--cards", str(CARDS), "--backs", "duplex",
                       "--offset", "1,1", "--json", "--out", str(pdf))
    assert code == 0 and not any("--offset" in w for w in json.loads(out)["warnings"])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pdf_sent_to_a_named_pipe_goes_through_it_and_a_closed_layout_pipe_keeps_the_pdf(
        tmp_path: Path) -> None:
    import subprocess
    import threading

    fifo = tmp_path / "f.pdf"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert main(["print", "cards", "village", "--cards", str(CARDS), "--out", str(fifo)]) == 0
    reader.join(timeout=60)
    assert got and got[0].startswith(b"%PDF") and stat.S_ISFIFO(fifo.lstat().st_mode)  # still the pipe
    pdf = tmp_path / "kept.pdf"
    shell = (f"{sys.executable} -m companion print cards village --cards {CARDS} --out {pdf} "
             "--layout-json - | head -c 1 > /dev/null")
    subprocess.run(shell, shell=True, timeout=120, check=False)
    assert pdf.read_bytes().startswith(b"%PDF")  # the reader closed the pipe early; the PDF is there


def test_characters_the_font_cannot_draw_are_a_warning_naming_the_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.printing.text import undrawable

    assert undrawable("Mäuschen 🐭 ネズミ") == "🐭ネズミ"
    assert undrawable("naïve – “q” € œ · … α") == ""  # Latin-1, WinAnsi extras, Symbol's Greek
    f = tmp_path / "uni.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "mouse-1", "name": "Mäuschen 🐭 ネズミ", "type": "fruit", "source": "me"},
        {"id": "plain", "name": "Plain Über", "type": "fruit", "source": "me", "back": "Rücken ✈"},
        {"id": "backed", "name": "Backed", "type": "fruit", "source": "me", "back": "Zurück 🂠"}]},
        ensure_ascii=False), encoding="utf-8")
    pdf = tmp_path / "uni.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--json",
                         "--out", str(pdf))
    assert code == 0 and pdf.exists()
    assert json.loads(out)["missing_glyphs"] == [
        {"id": "mouse-1", "name": "Mäuschen 🐭 ネズミ", "characters": "🐭ネズミ"},
        {"id": "backed", "name": "Backed", "characters": "🂠"}]
    assert "warning" in err and "Mäuschen 🐭 ネズミ (mouse-1): 🐭 ネ ズ ミ" in err and "Plain" not in err
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--json", "--out", str(pdf))
    assert code == 0 and json.loads(out)["missing_glyphs"] == [] and "cannot draw" not in err
    deck = tmp_path / "m.json"  # the Mouse Card deck draws its own faces: its texts are checked too
    deck.write_text(json.dumps({"game": "mousecard", "set": "Deck ♠ 🃏", "cards": [
        {"id": "x-ace", "name": "Ace", "type": "standard", "rank": "A", "suit": "spades", "colour": "black",
         "value": 14, "source": "me", "replaces": "a-spades"}]}, ensure_ascii=False), encoding="utf-8")
    code, out, err = run(capsys, "cards", "mousecard", "--cards", str(deck), "--json", "--out", str(pdf))
    assert code == 0
    assert json.loads(out)["missing_glyphs"] == [{"id": "x-ace", "name": "Ace", "characters": "🃏"}]


# --------------------------------------------------------------------------- outputs never replace inputs

def test_the_layout_and_the_pdf_never_replace_an_input_or_each_other(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], deck_file: Path) -> None:
    """--layout-json over the decklist destroyed it (exit 0), and over the PDF lost the layout."""
    deck = tmp_path / "deck.txt"
    deck.write_text(deck_file.read_text(encoding="utf-8"), encoding="utf-8")
    cards = tmp_path / "cards.json"
    cards.write_text(CARDS.read_text(encoding="utf-8"), encoding="utf-8")
    before = deck.read_bytes(), cards.read_bytes()
    link = tmp_path / "link.txt"
    link.symlink_to(deck)
    pdf = tmp_path / "d.pdf"
    base = ["cards", "village", "--cards", str(cards), "--deck", str(deck)]
    for args, where, names in [
        ([*base, "--layout-json", str(deck), "--out", str(pdf)], "--layout-json", "--deck"),
        ([*base, "--layout-json", str(link), "--out", str(pdf)], "--layout-json", "--deck"),  # the same file
        ([*base, "--layout-json", str(cards), "--out", str(pdf)], "--layout-json", "--cards"),
        ([*base, "--layout-json", str(pdf), "--out", str(pdf)], "--layout-json", "--out"),
        ([*base, "--layout-json", str(tmp_path / "x" / ".." / "d.pdf"), "--out", str(pdf)], "--layout-json",
         "--out"),
        (["cards", "village", "--cards", str(tmp_path / "c.pdf"), "--out", str(tmp_path / "c.pdf")], "--out",
         "--cards"),
    ]:
        code, _, err = run(capsys, *args)
        assert code == 2, args
        assert err.startswith(f"companion: {where}: ") and f"the {names} file" in err, err
        assert "nothing was written" in err and "Traceback" not in err
        assert (deck.read_bytes(), cards.read_bytes()) == before and not pdf.exists()
    code, out, _ = run(capsys, *base, "--layout-json", str(pdf), "--json", "--out", str(pdf))
    assert code == 2 and "cannot share one file" in json.loads(out)["error"]
    code, _, err = run(capsys, *base, "--layout-json", str(tmp_path / "d.json"), "--out", str(pdf))
    assert code == 0, err
    assert layout(tmp_path / "d.json")["pages"] and pdf.read_bytes().startswith(b"%PDF")


def test_print_all_refuses_a_card_folder_and_a_manifest_it_did_not_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_user_data: Path) -> None:
    """'print all' writes a manifest.json: in a card folder every later command would read it as a
    card file, and another program's manifest.json would be lost. Boards, sheets and the
    calibration page read only the bundled print data, never a .pdf, so their --out cannot be
    an input."""
    cards_dir = _isolated_user_data / "village"
    cards_dir.mkdir()
    foreign = tmp_path / "site"
    foreign.mkdir()
    (foreign / "manifest.json").write_text('{"name": "my web app"}', encoding="utf-8")
    for folder, needle in [(cards_dir, "reads card or format files from"), (foreign, "was not written by")]:
        code, _, err = run(capsys, "all", "--out", str(folder))
        assert code == 2 and needle in err and "nothing was written" in err
        assert not list(folder.glob("*.pdf"))
    assert (foreign / "manifest.json").read_text(encoding="utf-8") == '{"name": "my web app"}'
    assert not (cards_dir / "manifest.json").exists()


# --------------------------------------------------------------------------- duplex offsets and the margin

def _safe(paper: tuple[float, float]) -> Box:
    margin = load_geometry().sheet["safe_margin"]
    return Box(margin, margin, paper[0] - 2 * margin, paper[1] - 2 * margin)


@pytest.mark.parametrize("backs", ["duplex", "duplex-short"])
@pytest.mark.parametrize(("size", "bleed", "paper", "marks"), [
    ("poker", 0.0, "a4", False), ("poker", 3.0, "a4", True), ("poker", 3.0, "letter", False),
    ("mini-american", 1.0, "a4", True), ("tarot", 0.0, "letter", True), ("bridge", 2.0, "a4", False),
])
def test_the_grid_makes_room_for_the_offset_and_backs_stay_behind_their_fronts(
        size: str, bleed: float, paper: str, marks: bool, backs: str) -> None:
    from companion.printing.geometry import back_overflow, room_for_offset

    g = load_geometry()
    flip = "short" if backs == "duplex-short" else "long"
    centred = sheet_grid(g.paper(paper), g.card_size(size), bleed=bleed, crop_marks=marks)
    safe = _safe(centred.paper)
    lim = g.sheet["max_offset"]
    for offset in [(0.0, 0.0), (1.5, -0.75), (0.0, 12.0), (-12.0, 0.0), (lim, lim), (-lim, lim), (7.0, -9.0)]:
        grid = room_for_offset(centred, offset, flip=flip)
        pages = plan_pages([f"c{i}" for i in range(grid.per_page)], grid, backs=backs, offset=offset)
        front, back = pages[0].placements, pages[1].placements
        for f, b in zip(front, back, strict=True):  # behind its front on a printer that shifts by -offset
            fc = _on_paper((f.box.x + f.box.w / 2, f.box.y + f.box.h / 2), grid.paper)
            bc = _on_paper((b.box.x + b.box.w / 2, b.box.y + b.box.h / 2), grid.paper)
            assert _behind((bc[0] - offset[0], bc[1] - offset[1]), PAPERS[paper], flip) == pytest.approx(fc)
            assert f.box.grow(bleed).inside(safe)  # the fronts never leave the safe area
        for x1, y1, x2, y2 in crop_marks(grid):
            assert Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)).inside(safe)
        overflow = back_overflow(pages, grid.paper, bleed)
        fits = all(b.box.inside(safe) for b in back) and all(b.box.grow(bleed).inside(grid.page_box)
                                                             for b in back)
        assert fits == (not overflow), (offset, overflow)
        if all(back_box(s, centred.paper, flip=flip, offset=offset).grow(bleed).inside(safe)
               for s in centred.slots):
            assert grid == centred  # the grid moves only when the backs need it


def test_an_offset_the_sheet_has_no_room_for_is_a_warning_naming_side_and_distance(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--offset 0,12 with 3 mm bleed put the backs' trim 3.5 mm into the margin, and 20,20 the backs
    at y = -6 mm, both without a word."""
    lay = tmp_path / "o2.json"
    code, out, err = run(capsys, "cards", "monarchs", "--backs", "duplex", "--bleed", "3", "--offset", "0,12",
                         "--layout-json", str(lay), "--json", "--out", str(tmp_path / "o2.pdf"))
    [turned] = json.loads(out)["warnings"]  # only that the landscape sheet turned the offset (no overflow)
    assert code == 0 and "anticlockwise" in turned and err.count("warning") == 1
    doc = layout(lay)
    paper = tuple(doc["paper_mm"])
    assert paper == (297, 210) and json.loads(out)["grid_moved_mm"] == [-4.5, 0]  # room made on the left
    for page in doc["pages"]:
        for c in page["cards"]:
            box = Box(c["x_mm"], c["y_mm"], c["w_mm"], c["h_mm"])
            assert box.inside(_safe(paper)) and box.grow(3).inside(Box(0, 0, *paper))
    front, back = doc["pages"][0]["cards"][0], doc["pages"][1]["cards"][0]
    assert back["x_mm"] - front["x_mm"] == pytest.approx(12)  # Y = 12 is the page's x on a landscape sheet
    code, out, err = run(capsys, "cards", "monarchs", "--backs", "duplex", "--bleed", "3",
                         "--offset", "20,20", "--json", "--out", str(tmp_path / "o.pdf"))
    assert code == 0 and (tmp_path / "o.pdf").exists()  # made as asked: the offset is the user's printer's
    [turned, warning] = json.loads(out)["warnings"]
    assert "anticlockwise" in turned and f"companion: warning: {warning}" in err
    assert warning.startswith("the offset 20,20 mm pushes the back cards past the printer's 5 mm safe margin")
    assert ("at the right, the cards reach 8 mm into it, 3 mm of them off the sheet, 3 mm of their bleed "
            "off the sheet; at the bottom, the cards reach 6.8 mm into it, 1.8 mm of them off the sheet, "
            "3 mm of their bleed off the sheet") in warning  # (poker cards: 2.5 x 3.5 in)
    assert "moved as far as the fronts allow" in warning and "less bleed" in warning


def test_the_calibration_grid_reads_every_offset_cards_accept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The back grid read ±10 mm while --offset took ±20 mm: an offset beyond 10 could not be read."""
    g = load_geometry()
    lim = g.sheet["max_offset"]
    assert g.calibration["grid_range"] >= lim
    pdf = tmp_path / "cal.pdf"
    assert run(capsys, "calibration", "--out", str(pdf))[0] == 0
    numbers = PdfReader(pdf).pages[1].extract_text().split()
    assert f"{-lim:g}" in numbers and f"{lim:g}" in numbers
    vertical = [s for s in page_lines(pdf)[1] if abs(s[0] - s[2]) < 1e-6]
    assert min(s[0] for s in vertical) == pytest.approx(105 - lim)
    assert max(s[0] for s in vertical) == pytest.approx(105 + lim)
    for command in ("cards", "calibration"):  # both say the range
        code, out, _ = run(capsys, command, "--help")
        assert code == 0 and f"±{lim:g} mm" in " ".join(out.split())


# --------------------------------------------------------------------------- text on larger cards

def _cut_on(spec: Any, size: str) -> set[str]:
    """The parts of ``spec`` cut off when drawn on a card of ``size``."""
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.faces import draw_face

    w, h = (v * MM for v in load_geometry().card_size(size))
    c = Canvas(io.BytesIO())
    c.beginForm("f", 0, 0, w, h)
    cut = draw_face(c, spec, w, h, 0.0)
    c.endForm()
    return set(cut)


def test_a_larger_card_never_cuts_off_what_a_smaller_one_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Text scaled with the card's height: a tarot card cut off 'Boss' in Captain Vurst's type line,
    which a poker card held."""
    from companion.printing.faces import FaceSpec, text_height

    code, out, err = run(capsys, "cards", "mystics", "--size", "tarot", "--json",
                         "--out", str(tmp_path / "t.pdf"))
    assert code == 0 and json.loads(out)["truncated"] == [] and "warning" not in err
    pw, ph = load_geometry().card_size("poker")  # the size text is made for (2.5 x 3.5 in)
    assert text_height(pw * MM, ph * MM) == ph * MM and text_height(63 * MM, 88 * MM) == 88 * MM
    assert text_height(70.0, 120.0) == pytest.approx(70 * ph / pw)
    g = load_geometry()
    sizes = [*g.card_sizes, "50x80", "63x100", "80x140", "90x126"]  # a poker card's proportion or taller
    specs = []
    for n in range(1, 16):
        words = " · ".join(["Initiative card", "Minion", "Size ?", "Melee/Ranged ?", "Boss"] * 3)[:n * 9]
        specs.append(FaceSpec(title="Captain " + "Vurst " * n, colour="#6d4c41", type_line=words,
                              corner=str(10 ** n), symbols=["instant", "food"][: n % 3],
                              stats=[("Defense", "?" * n)] * (1 + n % 5), footer="Mice and Mystics " * n,
                              legend="value? = reading uncertain " * (n // 3), body="Ability: ? " * (n * 12)))
    cuts = {size: [_cut_on(spec, size) for spec in specs] for size in sizes}
    assert any(cuts["mini-american"]) and not all(cuts["tarot"])  # the texts do test the limits
    for a in sizes:
        for b in sizes:
            (wa, ha), (wb, hb) = g.card_size(a), g.card_size(b)
            if wa <= wb and ha <= hb:
                for k, spec in enumerate(specs):
                    assert cuts[b][k] <= cuts[a][k], (f"{b} cuts {cuts[b][k] - cuts[a][k]} of the spec {k} "
                                                      f"that {a} holds: {spec.type_line!r}")


# --------------------------------------------------------------------------- sheets inside their frame

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ["monarchs-score", "village-mp"])
def test_score_sheets_sit_inside_their_frame(name: str, paper: str) -> None:
    """The right-hand table's 'Family' column stuck out past the frame line, and 'Player:' and the
    note started on or left of it: every cell and every text lies inside the frame (1 mm in)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from companion.printing.boards import print_board, sheets

    buf = io.BytesIO()
    print_board(sheets()[name], buf, paper=paper)
    reader = PdfReader(buf)
    page = reader.pages[0]
    form = page["/Resources"]["/XObject"]["/FormXob.board"].get_object()
    bw, bh = (float(v) / MM for v in form["/BBox"][2:])
    inner = Box(1.2, 1.2, bw - 2.4, bh - 2.4)  # inside the frame line (1 mm in, 0.8 pt wide)
    rects = [[float(v) / MM for v in operands] for operands, op in ContentStream(form, reader).operations
             if op == b"re"]
    assert rects[:2] == [pytest.approx([0, 0, bw, bh]), pytest.approx([1, 1, bw - 2, bh - 2])]  # paper, frame
    assert len(rects) > 20
    for x, y, w, h in rects[2:]:
        assert Box(x, y, w, h).inside(inner), (x, y, w, h)
    texts: list[tuple[str, float, float]] = []

    def seen(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip() and font:
            x = tm[4] / MM
            texts.append((text.strip(), x, x + stringWidth(text.strip(), font["/BaseFont"][1:], size) / MM))

    page.extract_text(visitor_text=seen)
    spec = sheets()[name]["elements"][0]
    assert {t for t, _, _ in texts} >= {spec["title"], spec["columns"][-1]}
    assert spec["note"] in " ".join(t for t, _, _ in texts)  # (a long note wraps onto a second line)
    for text, left, right in texts:
        assert inner.x + 0.5 <= left and right <= inner.right - 0.5, (text, left, right)


def test_the_print_help_states_the_sizes_and_bleed_the_geometry_data_holds() -> None:
    """The sizes in --size's help are the data's (read when the help is shown: it had copies of the old,
    wrong sizes); the bleed's range is written out and must match the data."""
    from companion.cli import build_parser
    from companion.printing.geometry import load_geometry

    g = load_geometry()
    help_text = build_parser()._subparsers._group_actions[0].choices["print"]  # type: ignore[union-attr]
    cards = " ".join(help_text._subparsers._group_actions[0].choices["cards"].format_help().split())
    for name, (w, h) in g.card_sizes.items():
        assert f"{name} ({w:g}x{h:g} mm" in cards, name
    assert "poker (63.5x88.9 mm = 2.5x3.5 in, default)" in cards and "tcg (63x88 mm)" in cards
    assert "tarot (69.85x120.65 mm = 2.75x4.75 in)" in cards and "mini-american (41.275x63.5 mm" in cards
    assert f"0 to {g.sheet['max_bleed']:g} mm" in cards
