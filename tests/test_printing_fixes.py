"""Print and play, fourth audit: standard output, negative offsets, decklist readings, crop marks,
back images, output folders, landscape offsets and the smaller warnings."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.printing.geometry import load_geometry, page_offset, sheet_grid
from tests.test_printing import page_lines, run

DATA = Path(__file__).resolve().parent / "data"
CARDS = DATA / "print_cards.json"
MM = 72.0 / 25.4


def shell(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "print", *args], capture_output=True, text=True,
                          timeout=180, check=False, input=stdin)


def _mul(a: list[float], b: list[float]) -> list[float]:
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def image_boxes(pdf: Path, page: int) -> list[tuple[float, float]]:
    """The (width, height) in mm of every image form (a unit-square form) drawn on a page, forms
    within forms followed."""
    reader = PdfReader(pdf)
    found: list[tuple[float, float]] = []

    def walk(obj: Any, resources: Any, ctm: list[float]) -> None:
        stack, cur = [], list(ctm)
        for operands, op in ContentStream(obj, reader).operations:
            if op == b"q":
                stack.append(list(cur))
            elif op == b"Q":
                cur = stack.pop()
            elif op == b"cm":
                cur = _mul([float(v) for v in operands], cur)
            elif op == b"Do":
                xo = resources["/XObject"][operands[0]].get_object()
                if xo["/Subtype"] != "/Form":
                    continue
                bbox = [float(v) for v in xo["/BBox"]]
                if bbox == [0, 0, 1, 1]:  # an image form: the unit square, scaled
                    found.append((abs(cur[0]) / MM, abs(cur[3]) / MM))
                else:
                    res = xo.get("/Resources")
                    walk(xo, res.get_object() if res is not None else resources, cur)

    p = reader.pages[page]
    walk(p.get_contents(), p["/Resources"], [1, 0, 0, 1, 0, 0])
    return found


# --------------------------------------------------------------------------- 1. the layout on stdout

@pytest.mark.skipif(sys.platform == "win32", reason="/dev/stdout")
@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
def test_a_layout_to_the_standard_output_device_is_alone_on_it(tmp_path: Path, name: str) -> None:
    """`--layout-json /dev/stdout | jq` got the 'wrote …' line after the layout (and with --json two
    JSON documents); every name of standard output is '-' now."""
    if not Path(name).exists():
        pytest.skip(f"no {name} here")
    pdf = tmp_path / "c.pdf"
    done = shell("cards", "village", "--cards", str(CARDS), "--layout-json", name, "--out", str(pdf))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["pages"]  # the layout, and nothing else
    assert f"wrote {pdf}" in done.stderr
    done = shell("cards", "village", "--cards", str(CARDS), "--layout-json", name, "--json",
                 "--out", str(tmp_path / "d.pdf"))
    assert done.returncode == 2 and "standard output" in json.loads(done.stdout)["error"]
    assert not (tmp_path / "d.pdf").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="redirection to a file")
def test_a_layout_to_the_file_standard_output_goes_to_is_alone_in_it(tmp_path: Path) -> None:
    pdf, lay = tmp_path / "c.pdf", tmp_path / "l.json"
    command = (f"{sys.executable} -m companion print cards village --cards {CARDS} --layout-json {lay} "
               f"--out {pdf} > {lay}")
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(lay.read_text(encoding="utf-8"))["pages"] and f"wrote {pdf}" in done.stderr


# --------------------------------------------------------------------------- 2. negative offsets

@pytest.mark.parametrize("spelling", [["--offset", "-1,2"], ["--offset=-1,2"], ["--offset", "-1.5,-2"],
                                      ["--offset", "-.5,1"]])
def test_a_negative_offset_works_in_both_spellings(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   spelling: list[str]) -> None:
    lay = tmp_path / "l.json"
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--backs", "duplex", *spelling,
                       "--layout-json", str(lay), "--out", str(tmp_path / "c.pdf"))
    assert code == 0, err
    code, _, err = run(capsys, "calibration", *spelling, "--out", str(tmp_path / "cal.pdf"))
    assert code == 0, err


def test_the_offset_help_shows_a_negative_value() -> None:
    for args in (["print", "cards", "--help"], ["print", "calibration", "--help"]):
        done = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                              timeout=60, check=False)
        assert "--offset -1,2" in " ".join(done.stdout.split()), args


# --------------------------------------------------------------------------- 3. readings of the decklist

def test_an_ambiguous_name_in_the_deck_is_a_warning(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "leo.txt"
    deck.write_text("2 Leonardo\n", encoding="utf-8")
    code, out, err = run(capsys, "cards", "tmnt", "--deck", str(deck), "--json",
                         "--out", str(tmp_path / "t.pdf"))
    assert code == 0, err
    warnings = json.loads(out)["warnings"]
    assert any("read as leonardo-1" in w and "Leonardo" in w for w in warnings), warnings
    assert "warning" in err and "read as leonardo-1" in err
    deck.write_text("2 leonardo-2\n", encoding="utf-8")  # an id: nothing to say
    code, out, _ = run(capsys, "cards", "tmnt", "--deck", str(deck), "--json",
                       "--out", str(tmp_path / "t.pdf"))
    assert code == 0 and json.loads(out)["warnings"] == []


def test_the_page_says_how_an_ambiguous_name_was_read() -> None:
    from companion.views.printing import PrintView

    view = PrintView("tmnt")
    view.deck.value = "-"
    view.pasted.value = "2 Leonardo\n"
    view.make_button.click()
    assert "Made" in view.status.value and "read as leonardo-1" in view.status.value


# --------------------------------------------------------------------------- 4. crop marks per side

def test_crop_marks_are_as_long_as_each_side_allows(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "c.pdf"
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--bleed", "5", "--crop-marks",
                       "--size", "tcg", "--out", str(pdf))  # 63 x 88 mm: 3 x 2 on a landscape sheet
    assert code == 0, err
    segs = page_lines(pdf)[0]
    across = [abs(x2 - x1) for x1, y1, x2, y2 in segs if y1 == pytest.approx(y2)]  # left and right
    down = [abs(y2 - y1) for x1, y1, x2, y2 in segs if x1 == pytest.approx(x2)]  # above and below
    full, least = load_geometry().sheet["crop_mark_length"], load_geometry().sheet["crop_mark_min_length"]
    assert across and all(v == pytest.approx(full, abs=0.01) for v in across), across  # 39 mm free there
    assert down and all(v == pytest.approx(least, abs=0.01) for v in down), down  # the tight sides


# --------------------------------------------------------------------------- 5. back images keep proportions

def test_a_back_image_keeps_its_proportions_like_front_art(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    Image.new("RGB", (40, 40), (200, 30, 30)).save(tmp_path / "sq.png")
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "sq", "name": "Square", "type": "item", "source": "mine", "art": "sq.png",
         "back": "sq.png"}]}),
        encoding="utf-8")
    pdf = tmp_path / "sq.pdf"
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--bleed", "3",
                       "--out", str(pdf))
    assert code == 0, err
    (fw, fh), = image_boxes(pdf, 0)
    (bw, bh), = image_boxes(pdf, 1)
    assert fw == pytest.approx(fh, abs=0.01)  # front art: contained, square
    assert bw == pytest.approx(bh, abs=0.01)  # the back too, no longer stretched to 69 x 94 mm
    assert bw == pytest.approx(load_geometry().card_size("poker")[0] + 6, abs=0.01)  # fits the bleed box


# --------------------------------------------------------------------------- 6. output folders

def test_out_into_a_missing_folder_is_refused_and_nothing_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bad.txt").write_text("2 Nope Nothing\n", encoding="utf-8")
    for args in (["cards", "village", "--deck", "bad.txt", "--out", "newdir/sub/x.pdf"],
                 ["cards", "village", "--cards", str(CARDS), "--out", "newdir/sub/x.pdf"],
                 ["board", "tmnt", "--out", "newdir/x.pdf"], ["sheet", "village-mp", "--out", "newdir/x.pdf"],
                 ["calibration", "--out", "newdir/x.pdf"], ["all", "--out", "newdir"]):
        code, _, err = run(capsys, *args)
        assert code == 2, args
        assert "does not exist" in err and "mkdir -p newdir" in err and "--out" in err, err
        assert not Path("newdir").exists(), args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt"]


def test_a_layout_into_a_missing_folder_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--layout-json", "nodir/l.json",
                       "--out", "x.pdf")
    assert code == 2 and "--layout-json" in err and "'nodir' does not exist" in err
    assert "mkdir -p nodir" in err
    assert not Path("x.pdf").exists() and not Path("nodir").exists()


# --------------------------------------------------------------------------- 7. landscape sheets

def test_an_offset_on_a_landscape_sheet_says_how_it_was_turned(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--size", "bridge", "--backs",
                         "duplex", "--offset", "1,0.5", "--json", "--out", str(tmp_path / "b.pdf"))
    assert code == 0, err
    said = " ".join(json.loads(out)["warnings"])
    assert "landscape" in said and "anticlockwise" in said and "calibration --landscape" in said
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--backs", "duplex",
                         "--offset", "1,0.5", "--json", "--out", str(tmp_path / "p.pdf"))
    assert code == 0 and not any("anticlockwise" in w for w in json.loads(out)["warnings"])  # portrait


def test_a_landscape_calibration_page_and_its_reading(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    cal = tmp_path / "cal.pdf"
    code, _, err = run(capsys, "calibration", "--landscape", "--out", str(cal))
    assert code == 0, err
    pages = PdfReader(cal).pages
    assert all(float(p.mediabox.width) > float(p.mediabox.height) for p in pages)
    assert "landscape" in pages[0].extract_text()
    # the reading of the landscape page is in the landscape sheet's own frame: used as it is
    lay = tmp_path / "l.json"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--size", "bridge", "--backs",
                         "duplex", "--offset", "1,0.5", "--offset-from", "landscape", "--json",
                         "--layout-json", str(lay), "--out", str(tmp_path / "b.pdf"))
    assert code == 0, err
    assert not any("anticlockwise" in w for w in json.loads(out)["warnings"])
    doc = json.loads(lay.read_text(encoding="utf-8"))
    assert doc["paper_mm"][0] > doc["paper_mm"][1]
    front, back = doc["pages"][0]["cards"][0], doc["pages"][1]["cards"][0]
    pw = doc["paper_mm"][0]
    # landscape long-edge flip mirrors y; the offset adds straight on
    assert back["x_mm"] == pytest.approx(front["x_mm"] + 1, abs=1e-3)
    assert back["y_mm"] == pytest.approx(doc["paper_mm"][1] - front["y_mm"] - front["h_mm"] + 0.5, abs=1e-3)
    assert pw == pytest.approx(297)


def test_the_landscape_reading_turns_back_on_a_portrait_sheet() -> None:
    from companion.printing.geometry import page_offset as po

    assert po((1.0, 0.5), (297.0, 210.0), read_on="landscape") == (1.0, 0.5)
    assert po((1.0, 0.5), (210.0, 297.0), read_on="landscape") == (-0.5, 1.0)
    assert po((1.0, 0.5), (297.0, 210.0)) == page_offset((1.0, 0.5), (297.0, 210.0), read_on="portrait")


# --------------------------------------------------------------------------- 8. the smaller ones

def test_no_crop_marks_for_the_empty_slots_of_a_partial_page(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": f"c{k}", "name": f"C {k}", "type": "item", "source": "mine"} for k in range(11)]}),
        encoding="utf-8")
    pdf = tmp_path / "c.pdf"
    code, _, err = run(capsys, "cards", "village", "--cards", str(f), "--crop-marks", "--out", str(pdf))
    assert code == 0, err
    full, partial = page_lines(pdf)
    assert len(full) == (4 * 2 + 4 * 2)  # a 3x3 sheet: 4 cut lines each way, marked at both ends
    # two cards in the top row: 3 vertical cut lines, 2 horizontal ones
    assert len(partial) == 3 * 2 + 2 * 2, partial
    grid = sheet_grid(load_geometry().paper("a4"), load_geometry().card_size("poker"), crop_marks=True)
    lowest = min(min(y1, y2) for _x1, y1, _x2, y2 in partial)
    sheet = load_geometry().sheet  # the marks below the first row, and none for the empty rows
    assert lowest == pytest.approx(grid.slots[3].top - sheet["crop_mark_offset"] - sheet["crop_mark_length"])


def test_the_page_says_nothing_of_an_offset_without_backs() -> None:
    """Without backs the page hides the offset boxes: an offset left there does nothing, and a warning
    naming those hidden boxes would send the user looking for them (audit B)."""
    from companion.views.printing import PrintView

    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "1 Acorn Scout\n"
    view.backs.value = "none"
    view.off_x.value = 1.0
    view.make_button.click()
    assert "companion-ok" in view.status.value and "offset" not in view.status.value.lower()


def test_a_long_back_label_cut_off_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "lb", "name": "Long Back", "type": "item", "source": "mine",
         "back": "A Back Whose Name Goes On And On Far Beyond Anything That Fits Across A Card"}]}),
        encoding="utf-8")
    code, out, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--json",
                         "--out", str(tmp_path / "c.pdf"))
    assert code == 0, err
    assert json.loads(out)["truncated"] == [{"id": "lb", "name": "Long Back", "parts": ["back"]}]
    code, out, _ = run(capsys, "cards", "village", "--cards", str(f), "--json",
                       "--out", str(tmp_path / "d.pdf"))
    assert code == 0 and json.loads(out)["truncated"] == []  # no backs printed, nothing cut


def test_the_deck_can_come_from_standard_input(tmp_path: Path) -> None:
    pdf = tmp_path / "s.pdf"
    done = shell("cards", "tmnt", "--deck", "-", "--json", "--out", str(pdf),
                 stdin="2 Leonardo\n1 leonardo-2\n")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["cards"] == 3 and any("read as leonardo-1" in w for w in summary["warnings"])
    assert pdf.read_bytes().startswith(b"%PDF")


def test_text_shrunk_below_three_points_is_a_warning(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--size", "20x28", "--json",
                         "--out", str(tmp_path / "s.pdf"))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["small_text"] and all(s["smallest_pt"] < 3 for s in summary["small_text"])
    assert "Print Test Acorn (ptest-acorn)" in err and "smaller than 5 pt" in err
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--json",
                         "--out", str(tmp_path / "p.pdf"))
    assert code == 0 and json.loads(out)["small_text"] == [] and "5 pt" not in err


def test_the_sheet_counts_say_which_is_across_and_which_down(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "board", "tmnt", "--out", str(tmp_path / "b.pdf"))
    assert code == 0
    plan = json.loads(run(capsys, "board", "tmnt", "--json", "--out", str(tmp_path / "b.pdf"))[1])
    assert f"{plan['cols']} across x {plan['rows']} down" in out
    code, out, _ = run(capsys, "cards", "village", "--cards", str(CARDS), "--out", str(tmp_path / "c.pdf"))
    assert code == 0 and "3 across x 3 down per sheet" in out


def test_page_offset_default_is_unchanged() -> None:
    assert page_offset((1.0, 0.5), (297.0, 210.0)) == (0.5, -1.0)
    assert page_offset((1.0, 0.5), (210.0, 297.0)) == (1.0, 0.5)


def test_the_page_prints_a_landscape_calibration_and_uses_its_reading() -> None:
    from companion.views.printing import PrintView

    view = PrintView("village")
    view.what.value = "calibration"
    assert view.orientation_row in view.align_box.children and view.align_box in view.options.children
    view.orientation.value = "landscape"
    view.make_button.click()
    assert "Made" in view.status.value and view.filename == "calibration-landscape-a4.pdf"
    page = PdfReader(io.BytesIO(view.pdf)).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)
    view.what.value = "cards"
    assert view.align_box in view.card_box.children  # (the calibration page the offsets were read on)
    view.deck.value = "-"
    view.pasted.value = "1 Acorn Scout\n"
    view.size.value = "bridge"
    view.crop.value = False  # (bridge cards on A4 without crop marks: a landscape sheet)
    view.backs.value = "duplex"
    view.off_x.value = 1.0
    view.make_button.click()  # read on the landscape page: used as it is on a landscape sheet
    assert "Made" in view.status.value and "anticlockwise" not in view.status.value
    view.orientation.value = "portrait"
    view.make_button.click()
    assert "anticlockwise" in view.status.value and "the offset was turned" in view.status.value
