"""Print and play, fifth audit: true card sizes, the footer inside the safe margin, the page refusing
out-of-range values, the landscape rule, stretched art, the page's own words for the turn, the
layout's back fields, both overlaps of a 2-D tiled board, and card backs that hide a duplex shift.

Measured as the auditor did: pypdf content streams and form BBoxes, pypdfium2 text boxes.
"""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.printing.geometry import Box, PrintError, load_geometry, sheet_grid, to_mm
from tests.test_printing import placements, run
from tests.test_printing_fixes import image_boxes

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CARDS = DATA / "print_cards.json"
MM = 72.0 / 25.4
FOOTER_END = "print at 100 % (actual size)"


# --------------------------------------------------------------------------- helpers

def paths(stream: Any, reader: PdfReader) -> list[tuple[bytes, Box]]:
    """Every path painted in a content stream (a page's or a form's), with its painting operator and its
    bounding box in mm (Bézier control points included: a circle's box is its square)."""
    found: list[tuple[bytes, Box]] = []
    pts: list[tuple[float, float]] = []
    for operands, op in ContentStream(stream, reader).operations:
        if op in (b"m", b"l"):
            pts.append((float(operands[0]) / MM, float(operands[1]) / MM))
        elif op == b"c":
            vals = [float(v) / MM for v in operands]
            pts += [(vals[0], vals[1]), (vals[2], vals[3]), (vals[4], vals[5])]
        elif op == b"re":
            x, y, w, h = (float(v) / MM for v in operands)
            pts += [(x, y), (x + w, y + h)]
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"):
            if pts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                found.append((op, Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))))
            pts = []
        elif op == b"n":
            pts = []
    return found


def text_box(pdf: bytes, page: int, text: str) -> Box | None:
    """The box (mm) of the first place ``text`` is drawn on a page, from pdfium's character boxes."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        tp = doc[page].get_textpage()
        hit = tp.search(text, match_case=True).get_next()
        if not hit:
            return None
        start, count = hit
        boxes = [tp.get_charbox(k) for k in range(start, start + count)]
    finally:
        doc.close()
    x0, y0 = min(b[0] for b in boxes) / MM, min(b[1] for b in boxes) / MM
    return Box(x0, y0, max(b[2] for b in boxes) / MM - x0, max(b[3] for b in boxes) / MM - y0)


def mark_lines(pdf: bytes, page: int) -> list[Box]:
    """The straight lines drawn on a page (the crop marks) as thin boxes in mm."""
    reader = PdfReader(io.BytesIO(pdf))
    out, start = [], None
    for operands, op in ContentStream(reader.pages[page].get_contents(), reader).operations:
        if op == b"m":
            start = [float(v) / MM for v in operands]
        elif op == b"l" and start is not None:
            end = [float(v) / MM for v in operands]
            out.append(Box(min(start[0], end[0]), min(start[1], end[1]), abs(end[0] - start[0]) + 1e-9,
                           abs(end[1] - start[1]) + 1e-9))
            start = end
    return out


def _safe(paper: tuple[float, float]) -> Box:
    m = load_geometry().sheet["safe_margin"]
    return Box(m, m, paper[0] - 2 * m, paper[1] - 2 * m)


# --------------------------------------------------------------------------- 1. card sizes

def test_the_named_sizes_are_the_true_ones_written_in_their_own_units() -> None:
    """Poker had been 63 x 88 mm and bridge 57 x 89: playing cards are inches (2.5 x 3.5, 2.25 x 3.5)."""
    raw = json.loads((ROOT / "data" / "print" / "geometry.json").read_text(encoding="utf-8"))["card_sizes"]
    assert (raw["poker"]["w"], raw["poker"]["h"]) == ("2.5in", "3.5in")
    assert (raw["bridge"]["w"], raw["bridge"]["h"]) == ("2.25in", "3.5in")
    assert (raw["mini-american"]["w"], raw["mini-american"]["h"]) == ("1.625in", "2.5in")
    assert (raw["tarot"]["w"], raw["tarot"]["h"]) == ("2.75in", "4.75in")
    assert (raw["mini-euro"]["w"], raw["mini-euro"]["h"]) == ("44mm", "68mm")
    assert (raw["tcg"]["w"], raw["tcg"]["h"]) == ("63mm", "88mm")  # the trading-card-game size, kept
    assert all(size.get("note") for size in raw.values())  # each says what it is
    g = load_geometry()
    assert g.default_size == "poker" and g.size_label("poker") == "63.5x88.9 mm = 2.5x3.5 in"


def test_text_and_board_outlines_follow_the_data_not_copies() -> None:
    """REFERENCE_CARD (63 x 88) and the boards' card outlines (slot - 3 mm) had copies of the old size."""
    from companion.printing.boards import boards, print_board
    from companion.printing.faces import reference_card, text_height

    g = load_geometry()
    pw, ph = g.card_size("poker")
    assert reference_card() == (pw, ph) and text_height(pw, ph) == ph
    buf = io.BytesIO()
    print_board(boards()["village"], buf)
    reader = PdfReader(buf)
    form = reader.pages[0]["/Resources"]["/XObject"]["/FormXob.board"].get_object()
    outlines = [b for op, b in paths(form, reader)
                if op == b"S" and abs(b.w - pw) < 0.05 and abs(b.h - ph) < 0.05]
    assert len(outlines) == 8  # the Mouse Zone's 4 and the Magic Card Zone's 4, each a poker card


@pytest.mark.parametrize(("size", "paper"), [("poker", "a4"), ("poker", "letter"), ("tcg", "a4"),
                                             ("tcg", "letter"), ("bridge", "letter")])
def test_nine_cards_still_fit_a_sheet_without_crop_marks(size: str, paper: str) -> None:
    g = load_geometry()
    grid = sheet_grid(g.paper(paper), g.card_size(size))
    assert grid.per_page == 9 and (grid.cols, grid.rows) == (3, 3)
    assert all(s.inside(_safe(grid.paper)) for s in grid.slots)


# --------------------------------------------------------------------------- 2. the footer

@pytest.mark.parametrize("args", [
    ["--bleed", "3", "--crop-marks", "--backs", "duplex"],  # poker 4x2: crop marks reach the margin all round
    ["--bleed", "3", "--crop-marks", "--backs", "duplex-short", "--offset", "2,-15"],  # backs moved
    ["--size", "mini-american", "--bleed", "3", "--crop-marks"],  # 4x4, the margin reached all round
    ["--size", "mini-american", "--paper", "letter", "--bleed", "1", "--crop-marks"],
    ["--paper", "letter"],  # 3x3 poker: 6.35 mm above and below the cards, room at the sides only
    ["--size", "tcg", "--bleed", "2.5", "--crop-marks"],
])
def test_the_footer_is_inside_the_safe_margin_and_clear_of_cards_and_marks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    """The footer was drawn at 6 pt with its baseline 2.2 mm from the paper's edge: in the margin
    printers leave white, so it was lost."""
    pdf = tmp_path / "f.pdf"
    code, out, err = run(capsys, "cards", "village", *args, "--json", "--out", str(pdf))
    assert code == 0, err
    raw = pdf.read_bytes()
    per_side = placements(raw)
    duplex = "--backs" in args
    fronts = len(per_side) // (2 if duplex else 1)
    for k, placed in enumerate(per_side):
        number, side = (k // 2 + 1, ("front", "back")[k % 2]) if duplex else (k + 1, "front")
        footer = text_box(raw, k, f"Village TCG · sheet {number}/{fronts} {side} · {FOOTER_END}")
        assert footer is not None, (k, side)
        paper = tuple(json.loads(out)["paper_mm"])
        assert footer.inside(_safe(paper)), (k, footer)  # where printers print
        assert footer.h >= 1.0  # (a readable size: at least 4 pt)
        for p in placed:
            card = Box(p["x"], p["y"], p["w"], p["h"]).grow(p["bleed"])
            assert not footer.overlaps(card), (k, footer, card)
        for mark in mark_lines(raw, k):
            assert not footer.overlaps(mark), (k, footer, mark)


@pytest.mark.parametrize(("kind", "name", "paper"), [("board", "village", "a4"), ("board", "tmnt", "letter"),
                                                     ("board", "mystics", "a4"), ("sheet", "monarchs-score",
                                                                                  "letter")])
def test_a_board_footer_is_inside_the_safe_margin_and_off_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, name: str, paper: str) -> None:
    pdf = tmp_path / "b.pdf"
    code, _, err = run(capsys, kind, name, "--paper", paper, "--out", str(pdf))
    assert code == 0, err
    raw = pdf.read_bytes()
    reader = PdfReader(io.BytesIO(raw))
    for k, page in enumerate(reader.pages):
        paper_mm = (float(page.mediabox.width) / MM, float(page.mediabox.height) / MM)
        footer = text_box(raw, k, FOOTER_END)
        assert footer is not None and footer.inside(_safe(paper_mm)), footer
        region = next(operands for operands, op in ContentStream(page.get_contents(), reader).operations
                      if op == b"re")
        x, y, w, h = (float(v) / MM for v in region)
        assert not footer.overlaps(Box(x, y, w, h)), (footer, (x, y, w, h))


def test_a_board_tiled_both_ways_keeps_room_for_its_footer(tmp_path: Path) -> None:
    """A board larger than the paper both ways filled the safe area: the footer has a band of its own."""
    from companion.printing.boards import print_board

    spec = {"title": "Big board", "cite": "test", "size": ["500mm", "400mm"], "elements": []}
    buf = io.BytesIO()
    summary = print_board(spec, buf, paper="a4")
    assert summary["sheets"] == 6
    raw = buf.getvalue()
    reader = PdfReader(io.BytesIO(raw))
    for k, page in enumerate(reader.pages):
        footer = text_box(raw, k, FOOTER_END)
        region = next(operands for operands, op in ContentStream(page.get_contents(), reader).operations
                      if op == b"re")
        x, y, w, h = (float(v) / MM for v in region)
        assert footer is not None and footer.inside(_safe((210.0, 297.0)))
        board = Box(x, y, w, h)
        assert not footer.overlaps(board) and board.inside(_safe((210.0, 297.0)).grow(0.01))


def test_the_calibration_footers_are_inside_the_safe_margin(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    for landscape in ([], ["--landscape"]):
        pdf = tmp_path / "cal.pdf"
        assert run(capsys, "calibration", *landscape, "--out", str(pdf))[0] == 0
        raw = pdf.read_bytes()
        paper = (297.0, 210.0) if landscape else (210.0, 297.0)
        for k in (0, 1):
            footer = text_box(raw, k, f"calibration page {k + 1}")
            assert footer is not None and footer.inside(_safe(paper)), (landscape, k, footer)


# --------------------------------------------------------------------------- 3. the page refuses values

def test_the_page_refuses_values_out_of_range_as_the_command_line_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """off_x=25 and bleed=12 became 20 and 10 unseen, and the PDF was made with them."""
    from companion.views.printing import PrintView

    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "1 Acorn Scout\n"
    view.off_x.value = 25.0
    assert view.off_x.value == "25"  # kept as typed, not cut to 20
    view.make_button.click()
    offset_said = html.unescape(view.status.value)
    assert "did not work" in offset_said
    assert "Offset X/Y mm: offset '25,0' out of range (expected each value within ±20 mm)" in offset_said
    assert view.pdf == b"" and view.off_x.value == "25"
    view.off_x.value = 1.5
    view.bleed.value = 12.0
    assert view.bleed.value == "12"
    view.make_button.click()
    bleed_said = html.unescape(view.status.value)
    assert "did not work" in bleed_said
    assert "Bleed mm: bleed 12 mm out of range (expected 0 to 10 mm)" in bleed_said
    assert view.pdf == b"" and view.bleed.value == "12"
    view.bleed.value = 3.0
    view.make_button.click()
    assert "Made" in view.status.value and view.pdf.startswith(b"%PDF")
    view.what.value = "calibration"  # the calibration page reads the same boxes
    view.off_y.value = -20.5
    view.make_button.click()
    assert "did not work" in view.status.value and "-20.5" in view.status.value and view.pdf == b""

    # the command line says the same (its bleed had been 'bleed 12.0 mm', a negative one 'not a length')
    code, _, cli_offset = run(capsys, "cards", "village", "--backs", "duplex", "--offset", "25,0",
                              "--out", str(tmp_path / "o.pdf"))
    assert code == 2 and cli_offset.strip().split("--offset: ", 1)[1] in offset_said
    code, _, cli_bleed = run(capsys, "cards", "village", "--bleed", "12", "--out", str(tmp_path / "b.pdf"))
    assert code == 2 and cli_bleed.strip().split("--bleed: ", 1)[1] in bleed_said
    code, _, err = run(capsys, "cards", "village", "--bleed", "-1", "--out", str(tmp_path / "n.pdf"))
    assert code == 2 and "bleed -1 mm out of range" in err


# --------------------------------------------------------------------------- 4. the landscape rule

def test_a_sheet_is_landscape_exactly_when_more_cards_fit_that_way() -> None:
    """What the help and README now say, checked over every named size, paper, bleed and crop marks."""
    from companion.printing.geometry import PrintError

    g = load_geometry()
    seen = set()
    for name in g.card_sizes:
        for paper in g.papers:
            pw, ph = g.paper(paper)
            for bleed in (0.0, 1.0, 2.0, 3.0, 5.0):
                for marks in (False, True):
                    grid = sheet_grid((pw, ph), g.card_size(name), bleed=bleed, crop_marks=marks)
                    try:
                        upright = sheet_grid((pw, ph), g.card_size(name), bleed=bleed, crop_marks=marks,
                                             allow_landscape=False).per_page
                    except PrintError:
                        upright = 0
                    turned = grid.paper[0] > grid.paper[1]
                    assert turned == (grid.per_page > upright), (name, paper, bleed, marks)
                    seen.add(turned)
    assert seen == {True, False}


def test_the_help_and_readme_state_the_rule_not_a_list_of_cases(capsys: pytest.CaptureFixture[str]) -> None:
    """They said 'bridge or mini-american cards on A4, poker with 2 mm of bleed or more', wrong for
    several of them (bridge with no bleed on A4 is a portrait 3x3)."""
    _code, out, _ = run(capsys, "cards", "--help")
    text = " ".join(out.split())
    start = text.index("--offset X,Y shift")
    offset = text[start:text.index("--offset-from {", start)]
    assert "landscape when more cards fit on it that way" in offset and "paper_mm in --json" in offset
    assert not any(size in offset for size in ("bridge", "mini-american", "poker", "2 mm"))
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    duplex = readme[readme.index("**Duplex alignment.**"):readme.index("**Text.**")]
    assert "landscape when more cards fit on it that way" in duplex and "`paper_mm` in `--json`" in duplex
    assert not any(size in duplex for size in ("bridge", "mini-american", "poker", "2 mm"))


def test_the_summary_and_the_page_say_a_sheet_is_landscape(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from companion.views.printing import PrintView

    code, out, _ = run(capsys, "cards", "village", "--cards", str(CARDS), "--size", "bridge",
                       "--out", str(tmp_path / "b.pdf"))
    assert code == 0 and "5 across x 2 down per landscape sheet" in out
    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "1 Acorn Scout\n"
    view.size.value, view.crop.value, view.backs.value = "bridge", False, "none"
    view.make_button.click()
    assert "down per landscape sheet (more cards fit that way)" in view.status.value


# --------------------------------------------------------------------------- 5. stretched art

def test_very_stretched_art_keeps_its_proportions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 6000 x 5 image was placed 1400 to 1 (its shrunk copy is 1400 x 1), not 1200 to 1."""
    from PIL import Image

    from companion.printing.images import ImageCache

    Image.new("RGB", (6000, 5), (30, 90, 200)).save(tmp_path / "wide.png")
    Image.new("RGB", (5, 6000), (30, 90, 200)).save(tmp_path / "tall.png")
    from reportlab.pdfgen.canvas import Canvas

    cache = ImageCache(Canvas(io.BytesIO()))
    assert cache.get(tmp_path / "wide.png").aspect == pytest.approx(1200)
    assert cache.get(tmp_path / "tall.png").aspect == pytest.approx(1 / 1200)
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "w", "name": "Wide", "type": "item", "source": "mine", "art": "wide.png",
         "back": "wide.png"}]}), encoding="utf-8")
    pdf = tmp_path / "w.pdf"
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--out", str(pdf))
    assert code == 0, err
    (fw, fh), = image_boxes(pdf, 0)
    (bw, bh), = image_boxes(pdf, 1)
    assert fw / fh == pytest.approx(1200, rel=0.01) and bw / bh == pytest.approx(1200, rel=0.01)


# --------------------------------------------------------------------------- 6. the page's own words

def test_the_quarter_turn_warning_on_the_page_names_the_pages_control() -> None:
    """The page told the user to pass '--offset-from landscape', an option it does not have."""
    from companion.views.printing import PrintView

    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "1 Acorn Scout\n"
    view.size.value, view.crop.value, view.backs.value = "bridge", False, "duplex"  # a landscape sheet
    view.off_x.value = 1.0
    view.make_button.click()
    said = view.status.value
    assert "the offset was turned for this sheet" in said and "Calibration page: Landscape" in said
    assert "--offset" not in said and "companion print" not in said
    view.size.value = "poker"  # a portrait sheet, the offset read on the landscape page
    view.orientation.value = "landscape"
    view.make_button.click()
    said = view.status.value
    assert "the offset was turned for this sheet" in said and "Calibration page: Portrait" in said
    assert "--offset" not in said


# --------------------------------------------------------------------------- 7. the layout and the backs

@pytest.mark.parametrize("args", [
    ["--backs", "duplex", "--offset", "1.5,-0.75"],  # portrait, long edge: x mirrored
    ["--backs", "duplex-short", "--offset", "1.5,-0.75", "--paper", "letter"],  # y mirrored
    ["--backs", "duplex", "--bleed", "3", "--offset", "2,12"],  # landscape: turned, and the grid moved
    ["--backs", "duplex", "--bleed", "3", "--offset", "2,1", "--offset-from", "landscape"],
    ["--backs", "duplex-short", "--size", "bridge", "--offset", "-3,4"],
    ["--offset", "1,1"],  # no backs: nothing to move
])
def test_the_layout_alone_rechecks_every_back(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              args: list[str]) -> None:
    """The layout had no flip, no offset and no grid move: the backs could not be checked from it."""
    lay = tmp_path / "l.json"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), *args, "--json",
                         "--layout-json", str(lay), "--out", str(tmp_path / "c.pdf"))
    assert code == 0, err
    doc = json.loads(lay.read_text(encoding="utf-8"))
    summary = json.loads(out)
    backs = args[args.index("--backs") + 1] if "--backs" in args else "none"
    assert doc["backs"] == backs and doc["grid_moved_mm"] == summary["grid_moved_mm"]
    assert doc["offset_from"] == (args[args.index("--offset-from") + 1] if "--offset-from" in args
                                  else "portrait")
    if backs == "none":
        assert doc["flip"] is None and doc["mirror"] is None and doc["offset_page_mm"] == [0, 0]
        assert all(p["side"] == "front" for p in doc["pages"])
        return
    given = [float(v) for v in args[args.index("--offset") + 1].split(",")]
    assert doc["flip"] == ("long" if backs == "duplex" else "short") and doc["offset_mm"] == given
    pw, ph = doc["paper_mm"]
    if (pw > ph) != (doc["offset_from"] == "landscape"):  # turned a quarter turn
        assert sorted(map(abs, doc["offset_page_mm"])) == sorted(map(abs, given))
        assert doc["offset_page_mm"] != given
    else:
        assert doc["offset_page_mm"] == given
    dx, dy = doc["offset_page_mm"]
    checked = 0
    for front, back in zip(doc["pages"][::2], doc["pages"][1::2], strict=True):
        assert front["side"] == "front" and back["side"] == "back"
        for f, b in zip(front["cards"], back["cards"], strict=True):
            x, y = (pw - f["x_mm"] - f["w_mm"], f["y_mm"]) if doc["mirror"] == "x" else \
                (f["x_mm"], ph - f["y_mm"] - f["h_mm"])
            assert (b["x_mm"], b["y_mm"]) == pytest.approx((x + dx, y + dy), abs=2e-4), (f, b)
            checked += 1
    assert checked == summary["cards"]
    if "12" in given:
        assert doc["grid_moved_mm"] != [0, 0]


def test_the_layout_json_help_documents_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _ = run(capsys, "cards", "--help")
    text = " ".join(out.split())
    for field_ in ("flip", "mirror", "offset_mm", "offset_from", "offset_page_mm", "grid_moved_mm"):
        assert field_ in text, field_


# --------------------------------------------------------------------------- 8. both overlaps

def test_a_board_tiled_both_ways_says_both_overlaps(tmp_path: Path) -> None:
    """A 500 x 400 board on A4 said 'overlap by 50 mm' while its sheets above and below overlap far more."""
    from companion.printing.boards import print_board
    from companion.printing.geometry import tile_board

    plan = tile_board((500.0, 400.0), load_geometry().paper("a4"))
    tops = sorted({t.region.top for t in plan.tiles}, reverse=True)
    lefts = sorted({t.region.x for t in plan.tiles})
    h, w = plan.tiles[0].region.h, plan.tiles[0].region.w
    assert plan.overlap_down == pytest.approx(tops[1] - (tops[0] - h))  # the real bands
    assert plan.overlap_across == pytest.approx(lefts[0] + w - lefts[1])
    assert round(plan.overlap_across) == 50 and round(plan.overlap_down) > 150
    buf = io.BytesIO()
    summary = print_board({"title": "Big board", "cite": "test", "size": ["500mm", "400mm"], "elements": []},
                          buf, paper="a4")
    assert summary["overlap_across_mm"] == pytest.approx(plan.overlap_across, abs=1e-3)
    assert summary["overlap_down_mm"] == pytest.approx(plan.overlap_down, abs=1e-3)
    said = " ".join(PdfReader(buf).pages[0].extract_text().split())
    assert (f"overlap the sheets side by side by {plan.overlap_across:.0f} mm and the sheets above and below "
            f"by {plan.overlap_down:.0f} mm") in said
    one_way = io.BytesIO()  # a board tiled one way says its one band
    print_board({"title": "Long board", "cite": "test", "size": ["378mm", "228mm"], "elements": []}, one_way)
    assert "overlap the neighbouring sheets by" in PdfReader(one_way).pages[0].extract_text()


# --------------------------------------------------------------------------- the backs (optional finding)

@pytest.mark.parametrize("game", ["mousecard", "monarchs", "mystics", "village"])
def test_card_backs_hide_a_duplex_shift_and_keep_the_name_off_the_dots(game: str) -> None:
    """A white frame 3 mm inside the trim showed any duplex misregistration, and the name ran into the
    side dots on the Mouse Card, Monarchs and Mystics backs."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from companion.printing.jobs import select_cards
    from companion.printing.render import CardOptions, print_cards
    sel = select_cards(game, include_user=False)
    buf = io.BytesIO()
    print_cards(sel.copies[:1], buf, CardOptions(backs="duplex"), game=game)
    reader = PdfReader(buf)
    xobjects = reader.pages[1]["/Resources"]["/XObject"]
    (name,) = [n for n in xobjects if str(n).startswith("/FormXob.b")]
    form = xobjects[name].get_object()
    w, h = load_geometry().card_size("poker")
    drawn = paths(form, reader)
    background, design = drawn[0][1], [b for _op, b in drawn[1:]]
    assert background.w == pytest.approx(w, abs=0.01) and background.h == pytest.approx(h, abs=0.01)
    inner = Box(0, 0, w, h).grow(-6.0)  # nothing but the background within 6 mm of the trim
    assert design and all(b.inside(inner) for b in design), [b for b in design if not b.inside(inner)]
    assert not any(op == b"S" for op, _b in drawn)  # no frame lines at all
    dots = [b for b in design if b.w < 3.0]
    assert len(dots) == 8
    font, size, x, y, text = "Helvetica-Bold", 0.0, 0.0, 0.0, ""
    fonts = {k: str(v.get_object()["/BaseFont"])[1:] for k, v in form["/Resources"]["/Font"].items()}
    for operands, op in ContentStream(form, reader).operations:
        if op == b"Tf":
            font, size = fonts[operands[0]], float(operands[1])
        elif op == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Tj":
            text = operands[0] if isinstance(operands[0], str) else operands[0].decode("latin-1")
    assert text
    width = stringWidth(text, font, size) / MM
    line = Box(x / MM, y / MM - 0.21 * size / MM, width, 0.93 * size / MM)
    assert not any(line.overlaps(d) for d in dots), (line, dots)


def test_every_named_sheet_gets_its_footer_clear_of_cards_and_marks_or_none() -> None:
    """The footer's place, checked on the geometry over every named size, paper, bleed and crop marks:
    inside the safe margin, clear of every bleed box and crop mark (those on its side keep their
    shortest length), at 6 pt where a side has room and never below 4 pt."""
    from companion.printing.geometry import crop_marks, footer_spot
    from companion.printing.render import footer_length

    g = load_geometry()
    s = g.sheet
    length = footer_length("Of Mice and Monarchs · sheet 12/15 front · print at 100 % (actual size)")
    reserve = s["crop_mark_offset"] + s["crop_mark_min_length"]
    sizes, missing = set(), []
    for name in g.card_sizes:
        for paper in g.papers:
            for bleed in (0.0, 0.5, 1.0, 2.0, 3.0, 3.5, 4.0, 5.0, 10.0):
                for marks in (False, True):
                    grid = sheet_grid(g.paper(paper), g.card_size(name), bleed=bleed, crop_marks=marks)
                    content = [b.grow(bleed) for b in grid.slots]
                    spot = footer_spot(grid.paper, content, length, reserve=reserve if marks else 0.0)
                    if spot is None:
                        missing.append((name, paper, bleed, marks))
                        continue
                    sizes.add(spot.size)
                    box = spot.box(length * spot.size / 6)
                    assert 4 <= spot.size <= 6 and box.inside(_safe(grid.paper)), (name, paper, bleed, marks)
                    assert not any(box.overlaps(c) for c in content), (name, paper, bleed, marks, spot)
                    for x1, y1, x2, y2 in crop_marks(grid, footer=spot):
                        line = Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
                        assert not box.overlaps(line), (name, paper, bleed, marks, spot, line)
                        assert max(line.w, line.h) >= s["crop_mark_min_length"] - 1e-9
    assert 6 in sizes and len(missing) <= 2, missing  # (mini-american on A4 packed to the margin)


def test_a_card_that_fills_the_printable_area_exactly_fits_on_letter_too() -> None:
    """Letter's 8.5 in is 215.89999999999998 mm: a card of exactly the printable width (215.9 - 2 x 5)
    was refused, where A4's equal card (200 x 287) fitted."""
    g = load_geometry()
    margin = g.sheet["safe_margin"]
    for paper in ("letter", "a4"):
        pw, ph = g.paper(paper)
        full = (round(pw - 2 * margin, 6), round(ph - 2 * margin, 6))
        assert sheet_grid(g.paper(paper), full).per_page == 1, paper
        with pytest.raises(PrintError, match="does not fit"):
            sheet_grid(g.paper(paper), (full[0] + 0.01, full[1]))


def test_a_long_board_note_is_drawn_at_the_size_it_was_wrapped_at() -> None:
    """A track's note is wrapped to its width at the largest size that fits (7.5 pt down to 5 pt); it
    was then drawn at 7.5 pt whatever that size, so a long note ran past its width."""
    import copy

    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.boards import MM, _Board, boards

    spec = copy.deepcopy(boards()["mystics"])
    track = next(e for e in spec["elements"] if e["kind"] == "track" and e.get("direction") == "down")
    track["note"] = " ".join(["Highest card takes the first turn; extra cards extend the track."] * 10)
    width = (to_mm(track["cell"][0]) + 60) * MM  # a downward track's note: its cell's width and 60 mm

    class Recording(Canvas):
        """A canvas that notes each string drawn with the font and size it was drawn in."""

        font = ("", 0.0)

        def __init__(self, out: io.BytesIO) -> None:
            super().__init__(out)
            self.drawn: list[tuple[str, float, str]] = []

        def setFont(self, name: str, size: float, leading: float | None = None) -> None:
            self.font = (name, size)
            super().setFont(name, size, leading)

        def drawString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
            self.drawn.append((*self.font, text))
            super().drawString(x, y, text, *args, **kw)

    c = Recording(io.BytesIO())
    _Board(c, spec).draw()
    words = set(track["note"].split())
    lines = [(font, size, text) for font, size, text in c.drawn if text and set(text.split()) <= words
             and font == "Helvetica" and len(text) > 20]
    assert len(lines) >= 3  # wrapped on several lines, at a smaller size than 7.5 pt
    assert all(size < 7.5 for _f, size, _t in lines)
    assert all(stringWidth(text, font, size) <= width + 1e-6 for font, size, text in lines)
