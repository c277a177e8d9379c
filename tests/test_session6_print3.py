"""Print and play, a maker's exploratory test: the bleed and the offset take a unit as a card size does
(3cm, 0.12in, 1mm,0.05in) and name one they do not know; a bad offset says the form expected and what was
found; the page's Made message says the sheets of paper as the count above the button does; a missing back
image may be printed as the game's plain back (--plain-back-if-missing, a page checkbox), with a warning."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import pytest

from companion.cards import load_file
from companion.printing.geometry import PrintError, parse_offset, typed_length
from companion.printing.render import CardOptions, print_cards
from companion.views.printing import PrintView
from tests.helpers import run_cli


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``companion print ARGV`` in-process: its exit code, standard output and standard error."""
    return run_cli(capsys, "print", *argv)


def _typed(view: PrintView, text: str) -> None:
    view.deck.value = "-"
    view.pasted.value = text


# ---------------------------------------------------------------- 1. a bleed with a unit


@pytest.mark.parametrize(("bleed", "mm"), [("3cm", 30.0), ("0.3cm", 3.0), ("0.12in", 3.048), ("3mm", 3.0),
                                           ("3", 3.0), ("2,5", 2.5), ('0.1"', 2.54), ("0.1 IN", 2.54)])
def test_a_bleed_takes_mm_cm_and_in_as_a_card_size_does(bleed: str, mm: float) -> None:
    assert typed_length(bleed, where="--bleed") == pytest.approx(mm)


def test_print_cards_takes_a_bleed_in_cm_or_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for bleed, mm in (("0.3cm", 3.0), ("0.12in", 3.048)):
        layout = tmp_path / "layout.json"
        code, _out, err = run(capsys, "cards", "village", "--bleed", bleed, "--layout-json", str(layout),
                                  "--out", str(tmp_path / "b.pdf"))
        assert code == 0, err
        assert json.loads(layout.read_text(encoding="utf-8"))["bleed_mm"] == mm
    code, _out, err = run(capsys, "cards", "village", "--bleed", "0.5in", "--out", str(tmp_path / "c.pdf"))
    assert code == 2 and "bleed 12.7 mm out of range (expected 0 to 10 mm)" in err  # (in mm, as the range)


def test_a_bleed_in_an_unknown_unit_is_refused_naming_it(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "u.pdf"
    code, _out, err = run(capsys, "cards", "village", "--bleed", "3pt", "--out", str(pdf))
    assert code == 2 and "--bleed: unknown unit 'pt' in bleed '3pt'" in err
    assert "0.3cm" in err and "0.12in" in err and "Traceback" not in err and not pdf.exists()


def test_the_page_bleed_box_takes_a_unit_and_names_one_it_does_not_know() -> None:
    view = PrintView("village")
    _typed(view, "3 Acorn Scout\n")
    view.bleed.value = "0.3cm"
    assert not view.make_button.disabled and view._card_options().bleed == 3.0
    view.bleed.value = "3pt"
    assert view.make_button.disabled and "Bleed mm: unknown unit 'pt'" in view.make_button.tooltip
    view.bleed.value = "abc"  # (what is no number is still said so, as before)
    assert "Bleed mm: not a number: 'abc'" in _text(view.estimate.value)
    view.bleed.value = "0.1in"
    assert not view.make_button.disabled
    view.make_button.click()
    assert "Made" in _text(view.status.value) and view.pdf.startswith(b"%PDF")


# ---------------------------------------------------------------- 2. an offset with a unit


def test_an_offset_takes_a_unit_on_either_value() -> None:
    assert parse_offset("1mm,0.05in") == pytest.approx((1.0, 1.27))
    assert parse_offset("0.1cm;-0.2cm") == pytest.approx((1.0, -2.0))
    assert parse_offset("-1.5mm 2") == pytest.approx((-1.5, 2.0))


@pytest.mark.parametrize(("offset", "said"), [
    ("1mm,2in", "offset '1mm,2in' out of range (expected each value within ±20 mm; found 1,50.8 mm)"),
    ("1x", "bad offset '1x' (expected X,Y in mm, e.g. 0.5,-1, or with a unit, e.g. 1mm,0.05in; "
           "found 1 value: '1x')"),
    ("1,2,3", "found 3 values: '1', '2', '3'"),
    ("1,", "found a value left empty: '1', ''"),
    ("1ft,2", "unknown unit 'ft' in '1ft' (in offset '1ft,2')"),
])
def test_a_bad_offset_says_the_form_expected_and_what_was_found(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], offset: str, said: str) -> None:
    pdf = tmp_path / "o.pdf"
    for command in (["cards", "village", "--backs", "duplex"], ["calibration"]):
        code, _out, err = run(capsys, *command, f"--offset={offset}", "--out", str(pdf))
        assert code == 2 and said in err and "Traceback" not in err, err
        assert "X,Y in mm, e.g. 0.5,-1" in err or "±20 mm" in err
    assert not pdf.exists()


def test_print_cards_moves_the_backs_by_an_offset_in_units(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    layout = tmp_path / "layout.json"
    code, _out, err = run(capsys, "cards", "village", "--backs", "duplex", "--offset", "0.1cm,-0.05in",
                              "--layout-json", str(layout), "--out", str(tmp_path / "o.pdf"))
    assert code == 0, err
    assert json.loads(layout.read_text(encoding="utf-8"))["offset_mm"] == [1.0, -1.27]


def test_the_page_offset_boxes_take_a_unit() -> None:
    view = PrintView("village")
    _typed(view, "3 Acorn Scout\n")
    view.off_x.value = "0.1cm"
    view.off_y.value = "-0.05in"
    assert view._card_options().offset == pytest.approx((1.0, -1.27))


# ---------------------------------------------------------------- 3. the Made message's sheets of paper


@pytest.mark.parametrize(("backs", "words"), [("duplex", "2 pages (1 sheet of paper, duplex)"),
                                              ("none", "1 page (1 sheet of paper)")])
def test_made_says_the_sheets_of_paper_as_the_count_above_the_button(backs: str, words: str) -> None:
    view = PrintView("village")
    _typed(view, "3 Acorn Scout\n")
    view.backs.value = backs
    assert f"This makes {words}" in _text(view.estimate.value)
    view.make_button.click()
    assert words in _text(view.status.value), _text(view.status.value)


def test_made_says_the_sheets_of_a_long_duplex_run(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    view = PrintView("village")  # all the game's cards, duplex: the page and the command say the same
    said = re.search(r"This makes (\d+ pages \(\d+ sheets of paper, duplex\))", _text(view.estimate.value))
    assert said is not None
    view.make_button.click()
    assert said.group(1) in _text(view.status.value)
    code, out, _err = run(capsys, "cards", "village", "--backs", "duplex", "--out", str(tmp_path / "a.pdf"))
    assert code == 0 and said.group(1) in out


# ---------------------------------------------------------------- 4. the plain back for a missing image


def _card_with_back(folder: Path, back: str | None, name: str = "mine.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    card = {"id": "my-mouse", "name": "My Mouse", "type": "basic-mouse", "atk": 1, "def": 1, "source": "mine"}
    path.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {**card, **({"back": back} if back else {})}]}), encoding="utf-8")
    return path


def test_the_command_refuses_a_missing_back_by_default_offering_the_plain_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = _card_with_back(tmp_path, "backs/missing.png")
    out = tmp_path / "out.pdf"
    code, _out, err = run(capsys, "cards", "village", "--cards", str(cards), "--backs", "duplex",
                              "--out", str(out))
    assert code == 2 and "missing.png" in err and "--plain-back-if-missing" in err and not out.exists()


def test_plain_back_if_missing_prints_the_game_back_with_a_warning_naming_card_and_image(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = _card_with_back(tmp_path / "missing", "backs/missing.png")
    out = tmp_path / "out.pdf"
    code, stdout, err = run(capsys, "cards", "village", "--cards", str(cards), "--backs", "duplex",
                                "--plain-back-if-missing", "--json", "--out", str(out))
    assert code == 0, err
    assert "warning: 1 card was printed with the game's plain back" in err
    assert "My Mouse (my-mouse)" in err and "missing.png" in err
    summary = json.loads(stdout)
    [plain] = summary["plain_backs"]
    assert plain["id"] == "my-mouse" and plain["image"].endswith("backs/missing.png")
    assert any("plain back" in w for w in summary["warnings"])
    # the very PDF a card with no back image makes: the game's plain back
    plain_pdf = tmp_path / "plain.pdf"
    code, _o, err = run(capsys, "cards", "village", "--cards", str(_card_with_back(tmp_path / "none", None)),
                            "--backs", "duplex", "--out", str(plain_pdf))
    assert code == 0, err
    assert out.read_bytes() == plain_pdf.read_bytes()


def test_plain_back_if_missing_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "cards", "--help")
    said = " ".join(out.split())
    assert code == 0
    assert "--plain-back-if-missing" in said and "game's plain back instead" in said
    assert "with a unit as --size takes one: 3mm, 0.3cm, 0.12in" in said  # (--bleed's units)
    assert "naming the card and the image" in said and "default: the run is refused" in said


def test_an_unreadable_back_image_is_read_once_and_a_back_that_is_no_image_is_still_refused(
        tmp_path: Path) -> None:
    (tmp_path / "back.png").write_text("not an image", encoding="utf-8")
    cards = load_file(_card_with_back(tmp_path, "back.png"), "village")
    res = print_cards(cards * 3, io.BytesIO(), CardOptions(backs="duplex", plain_back_if_missing=True),
                      game="village")
    [(cid, _name, path, why)] = res.plain_backs
    assert cid == "my-mouse" and path.endswith("back.png") and "not an image" in why
    other = load_file(_card_with_back(tmp_path, "back.pdf", "other.json"), "village")
    with pytest.raises(PrintError, match="not an image this can print"):
        print_cards(other, io.BytesIO(), CardOptions(backs="duplex", plain_back_if_missing=True),
                    game="village")


def test_the_page_offers_the_plain_back_with_a_checkbox(_isolated_user_data: Path) -> None:
    _card_with_back(_isolated_user_data / "village", "backs/missing.png")
    view = PrintView("village")
    _typed(view, "2 My Mouse\n1 Acorn Scout\n")
    view.backs.value = "none"
    assert view.plain_back.layout.display == "none"  # (no backs: nothing for it to do)
    view.backs.value = "duplex"
    assert view.plain_back.layout.display is None and view.plain_back.value is False
    view.make_button.click()  # the default stays the refusal, saying the checkbox (not the command's flag)
    said = _text(view.status.value)
    assert "missing.png" in said and "Plain back for a missing image" in said
    assert "--plain-back-if-missing" not in said and view.pdf == b""
    view.plain_back.value = True
    view.make_button.click()
    said = _text(view.status.value)
    assert "Made" in said and "the plain back is printed for it" in said
    assert "My Mouse (my-mouse)" in said and "missing.png" in said and view.pdf.startswith(b"%PDF")
