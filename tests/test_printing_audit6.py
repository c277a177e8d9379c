"""Print and play, sixth audit: the Mouse Card footer fitted and reported, phone photos printed as
viewed (EXIF orientation), ``--art`` images matched in any case and by card name with a warning
for a folder that gives no card art, a larger card never cutting off a line a smaller one holds,
and blank ``--size``/``--offset``/``--bleed`` refused on the command line as the notebook refuses
a blank size.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.printing.geometry import load_geometry
from tests.test_printing import CARDS, placements, run
from tests.test_printing_audit5 import text_box
from tests.test_printing_fixes import image_boxes

ROOT = Path(__file__).resolve().parent.parent
MM = 72.0 / 25.4
LONG_SET = "A Mouse Card Deck With An Extraordinarily Long Set Name For Footer Testing Purposes Only"


# --------------------------------------------------------------------------- 1. the Mouse Card footer

def _mousecard_file(tmp_path: Path, set_name: str, n: int = 3) -> Path:
    deck = json.loads((ROOT / "data" / "mousecard" / "deck.json").read_text(encoding="utf-8"))
    deck["set"] = set_name
    deck["cards"] = [dict(c, id=f"long-{c['id']}", replaces=c["id"]) for c in deck["cards"][:n]]
    f = tmp_path / "long.json"
    f.write_text(json.dumps(deck), encoding="utf-8")
    return f


def test_a_long_mouse_card_set_name_is_fitted_between_the_corners_cut_and_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The footer was drawn as the first 60 characters at one size: edge to edge, cut without '…', and
    neither ``truncated`` nor a warning said so. It now fits between the two corner indices, ends in '…'
    and is reported as the other games' footers are."""
    f = _mousecard_file(tmp_path, LONG_SET)
    pdf, lay = tmp_path / "m.pdf", tmp_path / "m.json"
    code, out, err = run(capsys, "cards", "mousecard", "--cards", str(f), "--json", "--out", str(pdf),
                         "--layout-json", str(lay))
    assert code == 0, err
    summary = json.loads(out)
    assert [t["parts"] for t in summary["truncated"]] == [["footer"]] * 3
    assert any("cut off with '…'" in w and "footer" in w for w in summary["warnings"])
    assert "cut off" in err
    card = json.loads(lay.read_text(encoding="utf-8"))["pages"][0]["cards"][0]
    x, w = card["x_mm"], card["w_mm"]
    box = text_box(pdf.read_bytes(), 0, "A Mouse Card Deck With")
    assert box is not None
    # inside the card, clear of the corner indices (each at most 0.29 of the width in from its side)
    assert x + 0.29 * w <= box.x and box.x + box.w <= x + w - 0.29 * w, (box, x, w)
    from pypdf import PdfReader

    text = PdfReader(pdf).pages[0].extract_text()
    assert "…" in text and "Purposes Only" not in text


def test_a_short_mouse_card_set_name_is_drawn_whole_and_not_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _mousecard_file(tmp_path, "My Deck")
    code, out, err = run(capsys, "cards", "mousecard", "--cards", str(f), "--json",
                         "--out", str(tmp_path / "m.pdf"))
    assert code == 0, err
    assert json.loads(out)["truncated"] == [] and "warning" not in err


def test_the_bundled_mouse_card_deck_is_not_cut(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "mousecard", "--json", "--out", str(tmp_path / "m.pdf"))
    assert code == 0, err
    assert json.loads(out)["truncated"] == []


# --------------------------------------------------------------------------- 2. phone photos

def _photo(path: Path, orientation: int, colour: str = "red", size: tuple[int, int] = (800, 600)) -> Path:
    """A JPEG stored ``size`` (as a sensor saw it) with an EXIF Orientation tag."""
    from PIL import Image

    im = Image.new("RGB", size, colour)
    exif = im.getexif()
    exif[0x0112] = orientation  # Orientation
    im.save(path, format="JPEG", exif=exif.tobytes())
    return path


def _one_card_file(tmp_path: Path, **fields: Any) -> Path:
    f = tmp_path / "one.json"
    f.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "snap", "name": "Snap", "type": "item", "source": "mine", **fields}]}), encoding="utf-8")
    return f


@pytest.mark.parametrize("how", ["--art", "art", "back"])
def test_a_phone_photo_prints_as_it_is_viewed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              how: str) -> None:
    """An 800 x 600 JPEG with EXIF Orientation 6 is viewed 600 x 800 (upright): it was placed landscape."""
    folder = tmp_path / "art"
    folder.mkdir()
    photo = _photo(folder / "snap.jpg", 6)
    if how == "--art":
        f, extra = _one_card_file(tmp_path), ["--art", str(folder)]
    else:
        f, extra = _one_card_file(tmp_path, **{how: str(photo)}), []
    pdf = tmp_path / "p.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(f), "--backs", "duplex", "--json",
                         "--out", str(pdf), *extra)
    assert code == 0, err
    assert json.loads(out)["images"] == 1
    (w, h), = image_boxes(pdf, 1 if how == "back" else 0)
    assert w / h == pytest.approx(600 / 800, rel=0.01), (w, h)


def test_photos_turned_stay_reproducible_and_apart(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The same pixels stored with another orientation are another image (the digest is of the file, which
    holds the tag), each placed as viewed; the same files give the same bytes."""
    folder = tmp_path / "art"
    folder.mkdir()
    _photo(folder / "ptest-acorn.jpg", 1)
    _photo(folder / "ptest-apple.jpg", 8)  # turned a quarter turn the other way: also 600 x 800 viewed
    _photo(folder / "ptest-spell.jpg", 6)
    made = []
    for k in range(2):
        pdf = tmp_path / f"p{k}.pdf"
        code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(folder),
                             "--json", "--out", str(pdf))
        assert code == 0, err
        assert json.loads(out)["images"] == 3
        made.append(pdf.read_bytes())
    assert made[0] == made[1]
    shapes = {round(w / h, 2) for w, h in image_boxes(tmp_path / "p0.pdf", 0)}
    assert shapes == {0.75, 1.33}


def test_an_image_without_exif_is_placed_as_stored(tmp_path: Path) -> None:
    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.images import ImageCache

    p = tmp_path / "plain.png"
    Image.new("RGB", (300, 100), "blue").save(p)
    art = ImageCache(Canvas(io.BytesIO())).get(p)
    assert art.aspect == pytest.approx(3.0)


# --------------------------------------------------------------------------- 3. the --art folder

def _art_notes(summary: dict[str, Any]) -> list[str]:
    """The warnings about the --art folder (the test cards have a name cut off besides)."""
    return [w for w in summary["warnings"] if w.startswith("--art ")]


def _image(path: Path, colour: str) -> Path:
    from PIL import Image

    fmt = {".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG"}[path.suffix.lower()]
    Image.new("RGB", (40, 30), colour).save(path, format=fmt)
    return path


def test_art_images_match_in_any_case_and_by_the_cards_name(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``fruit-apple.PNG`` and ``ACORN-SCOUT.JPG`` were not used on Linux (only lower-case suffixes and the
    exact id matched); ``Acorn Scout.png`` (the card's name) neither."""
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / "PTEST-ACORN.JPG", "red")  # the id in capitals, an upper-case suffix
    _image(folder / "ptest-apple.PNG", "green")  # an upper-case suffix
    _image(folder / "Print Test Spell.png", "blue")  # the card's name
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(folder), "--json",
                         "--out", str(tmp_path / "a.pdf"))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["images"] == 3 and _art_notes(summary) == [] and "--art" not in err


def test_an_art_folder_that_gives_no_card_art_is_a_warning_naming_its_images(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "art"
    folder.mkdir()
    for name in ("Acorn Scout.png", "ACORN-SCOUT.JPG", "IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg",
                 "IMG_0004.jpg"):
        _image(folder / name, "red")
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(folder), "--json",
                         "--out", str(tmp_path / "a.pdf"))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["images"] == 0
    (note,) = [w for w in summary["warnings"] if "--art" in w]
    assert "no card has art from it" in note and "'ACORN-SCOUT.JPG'" in note and "and 2 more" in note
    assert "ptest-acorn.png" in note and "Print Test Acorn.png" in note  # the naming, for a card here
    assert note in err


def test_an_art_folder_without_images_says_what_it_holds(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "art"
    folder.mkdir()
    (folder / "IMG_0001.HEIC").write_bytes(b"not read")
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(folder), "--json",
                         "--out", str(tmp_path / "a.pdf"))
    assert code == 0, err
    (note,) = _art_notes(json.loads(out))
    assert "has no image files" in note and "'IMG_0001.HEIC'" in note


def test_an_image_named_after_a_name_several_cards_have_is_not_guessed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The demo TMNT set has two Leonardo printings: ``Leonardo.png`` names neither, and says so."""
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / "Leonardo.png", "red")
    _image(folder / "raphael.png", "green")
    code, out, err = run(capsys, "cards", "tmnt", "--art", str(folder), "--json",
                         "--out", str(tmp_path / "t.pdf"))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["images"] == 1
    (note,) = _art_notes(summary)
    assert "'Leonardo.png'" in note and "leonardo-1, leonardo-2" in note


def test_of_several_images_for_a_card_the_one_named_exactly_after_its_id_is_used(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / "PTEST-ACORN.png", "red")
    _image(folder / "ptest-acorn.jpg", "green")
    pdf = tmp_path / "a.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--art", str(folder), "--json",
                         "--out", str(pdf))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["images"] == 1
    (note,) = _art_notes(summary)
    assert "'ptest-acorn.jpg' was used" in note and "'PTEST-ACORN.png'" in note


# --------------------------------------------------------------------------- 4. larger cards hold more

def _cut_on(spec: Any, w_mm: float, h_mm: float) -> set[str]:
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.faces import draw_face

    c = Canvas(io.BytesIO())
    c.beginForm("f", 0, 0, w_mm * MM, h_mm * MM)
    cut = draw_face(c, spec, w_mm * MM, h_mm * MM, 0.0)
    c.endForm()
    return set(cut)


def _wide(w: float, h: float) -> bool:
    """Wider than a poker card in proportion: nothing is promised for the lines of such a card when it is
    the smaller of two (their smallest size grows with the height, the room across them does not; see
    faces.draw_face, and tests/test_printing_audit7.py)."""
    pw, ph = load_geometry().card_size("poker")
    return h * pw < w * ph * (1 - 1e-9)


def _tiny_text(w: float, h: float) -> bool:
    """A card whose text cannot shrink to 4 pt (under about 28 mm of text height)."""
    pw, ph = load_geometry().card_size("poker")
    return min(h, w * ph / pw) < 28.5


LINES = {"name", "type line", "stats", "legend", "footer"}


def _specs() -> list[Any]:
    import random

    from companion.printing.faces import FaceSpec

    rnd = random.Random(6)
    words = "the a mouse cheese crumb Ability: ? Defense battle initiative-card (?) Extraordinary".split()
    say = lambda lo, hi: " ".join(rnd.choices(words, k=rnd.randint(lo, hi)))  # noqa: E731
    return [FaceSpec(title=say(1, 9), colour="#123456", corner=rnd.choice([None, "3", "12"]),
                     type_line=say(1, 9), symbols=["food"] * rnd.randint(0, 3), body=say(5, 150),
                     crowns=rnd.randint(0, 4), stats=[("A", "1" * rnd.randint(1, 9))] * rnd.randint(0, 6),
                     legend=rnd.choice(["", "value? = x " * rnd.randint(1, 5)]),
                     footer="f " * rnd.randint(1, 40))
            for _ in range(40)]


def test_a_larger_card_never_cuts_off_a_line_or_text_a_smaller_one_holds() -> None:
    """Lines were reckoned by the height (``text_height``) while the room across them was the width's:
    a 100 x 140 card cut off a name a 90 x 90 card held, and a card wider than another of the same height
    lost the last line of a text (the frame's inset took more of its height). Every pair of sizes, the
    larger at least as large both ways, wide cards among them: the lines when the smaller card is of a
    poker card's proportion or taller, the text when it can shrink to 4 pt on the smaller card."""
    specs = _specs()
    ws = [30, 41.275, 50, 57.15, 63, 63.5, 80, 90, 100, 120]
    hs = [30, 45, 57.5, 63.5, 68, 88, 88.9, 90, 120.65, 140]
    sizes = [(w, h) for w in ws for h in hs]
    cuts = {s: [_cut_on(spec, *s) for spec in specs] for s in sizes}
    assert any(any(c) for c in cuts[(50, 57.5)]) and not all(cuts[(120, 140)])  # the texts test the limits
    bad = []
    for a in sizes:
        unpromised = (LINES if _wide(*a) else set()) | ({"text"} if _tiny_text(*a) else set())
        for b in sizes:
            if a != b and a[0] <= b[0] and a[1] <= b[1]:
                bad += [(a, b, k, cuts[b][k] - cuts[a][k] - unpromised) for k in range(len(specs))
                        if cuts[b][k] - cuts[a][k] - unpromised]
    assert not bad, bad[:10]


def test_a_wider_card_keeps_the_room_of_its_crowns_row() -> None:
    """The crowns row took its height from the width on a card taller than a poker card in proportion:
    a wider card of the same height lost a line of a text (one word a line: no more room across helps)."""
    from companion.printing.faces import FaceSpec

    bad = []
    widths = range(40, 71)
    for n in range(30, 45):
        spec = FaceSpec(title="T", colour="#123456", crowns=3, body="\n".join(["Cheese."] * n))
        cuts = ["text" in _cut_on(spec, w, 100) for w in widths]
        bad += [(n, w) for w, a, b in zip(widths[1:], cuts, cuts[1:], strict=False) if b and not a]
    assert not bad, bad


@pytest.mark.parametrize("game,name", [("tmnt", "Extraordinarily Long Character Name Of Doom"),
                                       ("mystics", "Sir Reginald Fluffington-Whiskerbottom the Third")])
def test_the_audits_long_names_print_whole_on_both_sizes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         game: str, name: str) -> None:
    src = {"tmnt": "demo.json", "mystics": "heroes.json"}[game]
    doc = json.loads((ROOT / "data" / game / src).read_text(encoding="utf-8"))
    doc["cards"] = [dict(doc["cards"][0], id="long-name", name=name)]
    f = tmp_path / "c.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    for size in ("90x90", "100x140"):
        code, out, err = run(capsys, "cards", game, "--cards", str(f), "--size", size, "--json",
                             "--out", str(tmp_path / "c.pdf"))
        assert code == 0, err
        assert json.loads(out)["truncated"] == [], size


def test_a_poker_card_is_laid_out_as_before() -> None:
    """The bundled printables are poker cards: every reckoning gives the poker card's own numbers."""
    from companion.printing.faces import down_pad, least_height, text_height

    pw, ph = (v * MM for v in load_geometry().card_size("poker"))
    assert text_height(pw, ph) == least_height(pw, ph) == ph
    assert down_pad(pw, ph) == 0.045 * pw


# --------------------------------------------------------------------------- 5. blank values

@pytest.mark.parametrize("args,said", [
    (["--size", ""], "no card size given"),
    (["--size", "  "], "no card size given"),
    (["--offset", "", "--backs", "duplex"], "no offset given"),
    (["--bleed", ""], "no length given"),
])
def test_a_blank_size_offset_or_bleed_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 args: list[str], said: str) -> None:
    """``--size ""`` quietly printed poker cards and ``--offset ""`` meant 0,0; the notebook refuses a blank
    size ("no card size given")."""
    pdf = tmp_path / "v.pdf"
    code, _, err = run(capsys, "cards", "village", *args, "--out", str(pdf))
    assert code == 2 and said in err, err
    assert not pdf.exists()


def test_a_blank_calibration_offset_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "c.pdf"
    code, _, err = run(capsys, "calibration", "--offset", "", "--out", str(pdf))
    assert code == 2 and "no offset given" in err and not pdf.exists()


def test_an_option_left_out_still_means_its_default(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "v.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--backs", "duplex", "--json",
                         "--out", str(pdf))
    assert code == 0, err
    assert json.loads(out)["card_mm"] == [63.5, 88.9] and placements(pdf)
