"""Print and play, eighth audit (card sheets): the footer says which edge to flip on, the small-text
warning fires below 5 pt, and a Letter sheet with corner guides holds nine poker cards.

Measured on PDFs made through the command line and the public functions: pypdf text and content
streams, pypdfium2 text boxes (the helpers of test_printing and test_printing_audit5).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.printing.geometry import Box, load_geometry, sheet_grid
from tests.test_printing import CARDS, placements, run
from tests.test_printing_audit5 import _safe, mark_lines, paths, text_box

TOL = 0.01  # mm


def _texts(pdf: bytes) -> list[str]:
    """Each page's text as pypdf extracts it."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


# --------------------------------------------------------------------------- 1. the flip edge in the footer

@pytest.mark.parametrize(("args", "edge"), [
    (["--backs", "duplex"], "long"),
    (["--backs", "duplex-short"], "short"),
    (["--backs", "duplex", "--paper", "letter", "--bleed", "3", "--crop-marks"], "long"),  # a landscape sheet
])
def test_a_duplex_sheet_says_which_edge_to_flip_on_in_its_footer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], edge: str) -> None:
    """The footer said only 'sheet n/m front/back · print at 100 %': the flip edge was only a viewer
    preference many print dialogs ignore. Now every page says it, and a front page says what a
    printer without duplex does; the line stays inside the safe margin, clear of cards and marks."""
    pdf = tmp_path / "d.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), *args, "--json",
                         "--out", str(pdf))
    assert code == 0, err
    raw = pdf.read_bytes()
    paper = tuple(json.loads(out)["paper_mm"])
    texts = _texts(raw)
    fronts = len(texts) // 2
    for k, text in enumerate(texts):
        number, side = k // 2 + 1, ("front", "back")[k % 2]
        said = (f"sheet {number}/{fronts} {side} · print at 100 % (actual size), double-sided, "
                f"flip on the {edge} edge")
        assert said in " ".join(text.split()), (k, text[-200:])
        hint = "fronts only: print odd pages"
        assert (hint in " ".join(text.split())) == (side == "front"), k
        box = text_box(raw, k, said + (f" · {hint}" if side == "front" else ""))
        assert box is not None and box.inside(_safe(paper)), (k, box)
        assert max(box.w, box.h) > 60  # drawn at a readable size, not squeezed
        for p in placements(raw)[k]:
            assert not box.overlaps(Box(p["x"], p["y"], p["w"], p["h"]).grow(p["bleed"])), k
        for mark in mark_lines(raw, k):
            assert not box.overlaps(mark), (k, mark)
    subject = PdfReader(io.BytesIO(raw)).metadata.subject
    assert f"flipping on the {edge} edge" in subject


def test_a_single_sided_sheet_says_nothing_of_flipping(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "s.pdf"
    code, _out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--out", str(pdf))
    assert code == 0, err
    text = " ".join(_texts(pdf.read_bytes())[0].split())
    assert "Village TCG · sheet 1/1 front · print at 100 % (actual size)" in text
    assert "double-sided" not in text and "odd pages" not in text


# --------------------------------------------------------------------------- 2. small text below 5 pt

def test_text_below_five_points_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At mini-american size the Mice and Mystics type lines (4.0 to 4.6 pt) are hard to read in print,
    and the warning fired only below 3 pt. (The footers, 4.06 pt, the set's name, are not counted: see
    test_printing_audit8.) The Village demo cards' DEMO tags, once drawn at 4.9 pt there, now keep 5 pt
    (test_session6_print), so those cards warn of nothing."""
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--size", "mini-american",
                         "--json", "--out", str(tmp_path / "m.pdf"))
    assert code == 0, err
    assert json.loads(out)["small_text"] == [] and "smaller than 5 pt" not in err
    code, out, err = run(capsys, "cards", "mystics", "--size", "mini-american", "--json",
                         "--out", str(tmp_path / "y.pdf"))
    assert code == 0, err
    small = json.loads(out)["small_text"]
    assert small and all(3 <= s["smallest_pt"] < 5 for s in small)
    code, _out, err = run(capsys, "cards", "mystics", "--size", "mini-american",
                          "--out", str(tmp_path / "z.pdf"))
    assert code == 0 and "text smaller than 5 pt, hard to read in print" in err and "footer" not in err
    parts: dict[str, float] = {}
    for s in small:
        for part, pt in s["parts"].items():
            parts[part] = min(pt, parts.get(part, pt))
    assert 4 <= parts["type line"] < 5 and "footer" not in parts


def test_the_bundled_printables_at_their_size_have_no_small_text() -> None:
    """What ``print all`` prints (poker cards, every game, both papers) stays above the new threshold."""
    from companion import GAMES
    from companion.printing.jobs import select_cards
    from companion.printing.render import SMALL_TEXT_PT, CardOptions, print_cards

    assert SMALL_TEXT_PT == 5.0
    for paper in load_geometry().papers:
        for game in GAMES:
            sel = select_cards(game, include_user=False)
            opts = CardOptions(paper=paper, backs="duplex", crop_marks=True, corners=True)
            res = print_cards(sel.copies, io.BytesIO(), opts, game=game)
            assert res.small_text == [] and res.small_text_note() is None, (paper, game, res.small_text)


def test_a_footer_drops_the_game_name_before_it_shrinks_below_five_points() -> None:
    """A footer line too long for its side was drawn smaller; now its words go first, the game's name
    first, so it stays readable (the flip edge always stays)."""
    from companion.printing.render import draw_footer, footer_length, new_canvas, save, sheet_footers

    paper = (100.0, 150.0)  # a narrow page, its sides taken by the content: only the bottom is free
    content = [Box(5.5, 20.0, 89.0, 125.0)]
    texts = sheet_footers("Of Mice and Monarchs", 12, 15, "front", "long")
    assert texts[0].startswith("Of Mice and Monarchs · sheet 12/15 front") and len(texts) == 3
    assert 6 * 90 / footer_length(texts[0]) < 5  # the whole line would be drawn below 5 pt
    buf = io.BytesIO()
    c = new_canvas(buf, paper, title="t", duplex="long")
    spot = draw_footer(c, paper, texts[0], content, shorter=texts[1:])
    c.showPage()
    save(c)
    assert spot is not None and spot.side == "bottom" and spot.size >= 5
    text = " ".join(_texts(buf.getvalue())[0].split())
    assert "sheet 12/15 front · print at 100 % (actual size), double-sided, flip on the long edge" in text
    assert "Of Mice and Monarchs" not in text
    box = text_box(buf.getvalue(), 0, "sheet 12/15")
    assert box is not None and box.inside(_safe(paper))


# --------------------------------------------------------------------------- 3. nine poker cards on Letter

def test_corner_guides_let_a_letter_sheet_hold_nine_poker_cards(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """With crop marks Letter held 8 poker cards (landscape 4x2): 3 rows leave 1.35 mm past the margin
    above and below, less than the marks take. The corner guides mark every cut, so the marks above
    and below go and the portrait sheet holds 9; the marks left and right stay, backs line up."""
    pdf = tmp_path / "l.pdf"
    code, out, err = run(capsys, "cards", "monarchs", "--paper", "letter", "--crop-marks", "--corners",
                         "--backs", "duplex", "--json", "--out", str(pdf))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["grid"] == [3, 3] and summary["per_page"] == 9
    paper = tuple(summary["paper_mm"])
    assert paper == pytest.approx((215.9, 279.4))  # portrait
    raw = pdf.read_bytes()
    pages = placements(raw)
    reader = PdfReader(io.BytesIO(raw))
    for k in range(0, len(pages), 2):
        fronts, backs = pages[k], pages[k + 1]
        assert len(fronts) == len(backs)
        top = max(p["y"] + p["h"] for p in fronts)
        bottom = min(p["y"] for p in fronts)
        for f in fronts:
            card = Box(f["x"], f["y"], f["w"], f["h"])
            assert (card.w, card.h) == pytest.approx((63.5, 88.9), abs=TOL)  # the exact size
            assert card.inside(_safe(paper))
        # each back behind its front: the long-edge flip mirrors x on a portrait sheet
        got = sorted((round(b["x"], 2), round(b["y"], 2)) for b in backs)
        want = sorted((round(paper[0] - f["x"] - f["w"], 2), round(f["y"], 2)) for f in fronts)
        assert got == want, k
        # crop marks: inside the safe margin, off the cards; none above the top row or below the
        # bottom one on a full sheet (no room), left and right ones for every horizontal cut
        marks = mark_lines(raw, k)
        assert marks
        for m in marks:
            assert m.inside(_safe(paper).grow(TOL)), (k, m)
            assert not any(m.overlaps(Box(f["x"], f["y"], f["w"], f["h"])) for f in fronts)
        if len(fronts) == 9:
            upright = [m for m in marks if m.h > 0.01]  # (the marks of the vertical cuts)
            assert not any(m.y > top - TOL or m.top < bottom + TOL for m in upright), k
            cuts = {round(v, 2) for f in fronts for v in (f["y"], f["y"] + f["h"])}
            assert {round(m.y, 2) for m in marks if m.h < 0.01} == cuts
        # the corner guides mark every cut: each card's form strokes a path around its whole trim box
        xobjs = reader.pages[k]["/Resources"]["/XObject"]
        for f in fronts:
            form = xobjs[f["form"]].get_object()
            strokes = [b for op, b in paths(form, reader) if op == b"S"]
            assert any(abs(b.x) < TOL and abs(b.y) < TOL and abs(b.w - f["w"]) < TOL
                       and abs(b.h - f["h"]) < TOL for b in strokes), f["form"]


def test_the_bundled_letter_decks_print_on_fewer_sheets() -> None:
    """``print all``'s Letter options: nine cards a sheet, as on A4 (Village's 36 cards: 4 sheets, not 5)."""
    from companion.printing.jobs import select_cards
    from companion.printing.render import CardOptions, print_cards

    sel = select_cards("village", include_user=False)
    opts = CardOptions(paper="letter", backs="duplex", crop_marks=True, corners=True)
    res = print_cards(sel.copies, io.BytesIO(), opts, game="village")
    a4 = print_cards(sel.copies, io.BytesIO(), CardOptions(paper="a4", backs="duplex", crop_marks=True,
                                                           corners=True), game="village")
    assert res.grid.per_page == 9 and len(res.pages) == len(a4.pages) == 8
    assert res.grid.bare == ("bottom", "top")


def test_without_corner_guides_the_crop_marks_keep_their_room() -> None:
    """The marks are left out only where the guides mark the cuts: without them, and where they cost
    nothing, the grid is as before."""
    g = load_geometry()
    letter, poker = g.paper("letter"), g.card_size("poker")
    plain = sheet_grid(letter, poker, crop_marks=True)
    assert (plain.cols, plain.rows, plain.paper[0] > plain.paper[1], plain.bare) == (4, 2, True, ())
    guided = sheet_grid(letter, poker, crop_marks=True, corner_guides=True)
    assert (guided.cols, guided.rows, guided.paper == letter, guided.bare) == (3, 3, True, ("bottom", "top"))
    assert sheet_grid(letter, poker, corner_guides=True) == sheet_grid(letter, poker)  # no marks: as before
    for paper in ("a4", "letter"):  # tcg fits 9 with the marks: they stay all round
        grid = sheet_grid(g.paper(paper), g.card_size("tcg"), crop_marks=True, corner_guides=True)
        assert grid.per_page == 9 and grid.bare == ()


def test_an_offset_moves_the_grid_into_the_room_the_marks_left(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """On the sides without marks the fronts may go up to the safe margin to give the backs room, and the
    backs stay behind their fronts, shifted by the offset."""
    pdf = tmp_path / "o.pdf"
    code, out, err = run(capsys, "cards", "monarchs", "--paper", "letter", "--crop-marks", "--corners",
                         "--backs", "duplex", "--offset", "0,2", "--json", "--out", str(pdf))
    assert code == 0, err
    summary = json.loads(out)
    paper = tuple(summary["paper_mm"])
    assert summary["per_page"] == 9 and summary["grid_moved_mm"][1] != 0
    pages = placements(pdf.read_bytes())
    for k in range(0, len(pages), 2):
        got = sorted((round(b["x"], 2), round(b["y"], 2)) for b in pages[k + 1])
        want = sorted((round(paper[0] - f["x"] - f["w"], 2), round(f["y"] + 2, 2)) for f in pages[k])
        assert got == want
        assert all(Box(f["x"], f["y"], f["w"], f["h"]).inside(_safe(paper)) for f in pages[k])
