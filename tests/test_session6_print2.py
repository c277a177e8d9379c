"""Print and play, a maker's exploratory test: Make PDF is off, saying why, while the settings on show
cannot be printed (the calibration page's offset too); a card too large for the paper says the printable
area and where it fits; a custom size takes a unit (2.5x3.5in) and names one it does not know."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import DATA_DIR
from companion.cli import main
from companion.printing.geometry import PrintError, custom_card_size, sheet_grid
from companion.views.printing import PrintView


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def _typed(view: PrintView, text: str) -> None:
    view.deck.value = "-"
    view.pasted.value = text


# ---------------------------------------------------------------- 1. Make PDF off while it would be refused


@pytest.mark.parametrize(("control", "bad", "good", "said"), [
    ("custom", "0x0", "63x88", "card size '0x0' out of range"),
    ("custom", "205x292", "63x88", "does not fit on a 210x297 mm page"),
    ("bleed", "abc", "3", "Bleed mm: not a number: 'abc'"),
    ("bleed", "11", "0", "bleed 11 mm out of range"),
    ("off_x", "25", "1.5", "offset '25,0' out of range"),
])
def test_make_pdf_is_off_saying_why_while_a_setting_cannot_be_printed(control: str, bad: str, good: str,
                                                                      said: str) -> None:
    view = PrintView("village")
    _typed(view, "3 Acorn Scout\n")
    view.size.value = "custom"
    assert not view.make_button.disabled
    getattr(view, control).value = bad
    assert view.make_button.disabled and said in view.make_button.tooltip, view.make_button.tooltip
    assert said in _text(view.estimate.value)  # (said in words too, above the button)
    view.make_button.click()  # (a notebook's call is refused in the same words)
    assert said in _text(view.status.value)
    getattr(view, control).value = good
    assert not view.make_button.disabled and view.make_button.tooltip == "Make PDF"
    view.make_button.click()
    assert "Made cards-village-my-deck-a4.pdf" in _text(view.status.value)


def test_make_pdf_is_off_while_the_typed_list_does_not_read_and_the_change_says_so() -> None:
    view = PrintView("village")
    _typed(view, "3 Acorn Scout\n")
    view.make_button.click()
    assert "Made" in _text(view.status.value)
    view.pasted.value = "3 Acorn Scout\n2 Barly Runner\n"
    assert view.make_button.disabled and "cannot be read" in view.make_button.tooltip
    # the message about the PDF made before says no PDF is made with these settings, and why
    assert "no PDF is made with them" in _text(view.status.value)
    view.pasted.value = "3 Acorn Scout\n2 Barley Runner\n"
    assert not view.make_button.disabled and "press Make PDF for a new PDF" in _text(view.status.value)


def test_the_calibration_page_refuses_an_offset_out_of_range_before_make_pdf() -> None:
    view = PrintView("village")
    view.what.value = "calibration"
    assert "This makes 2 pages" in _text(view.estimate.value) and not view.make_button.disabled
    view.off_x.value = "30"
    assert "cmp-print-estimate-refusal" in view.estimate.value
    assert "offset '30,0' out of range" in _text(view.estimate.value)
    assert view.make_button.disabled and "out of range" in view.make_button.tooltip
    view.off_x.value = "-3"
    assert "This makes 2 pages" in _text(view.estimate.value) and not view.make_button.disabled


def test_the_refresh_button_reads_a_card_file_mended_since_so_make_pdf_comes_back_on(
        _isolated_user_data: Path) -> None:
    demo = json.loads((DATA_DIR / "village" / "demo.json").read_text(encoding="utf-8"))
    card = {**demo["cards"][0], "id": "oak-guard", "name": "Oak Guard", "source": "mine"}
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_text("{not json", encoding="utf-8")
    view = PrintView("village")
    _typed(view, "2 Oak Guard\n")
    assert view.make_button.disabled and "Oak Guard" in view.make_button.tooltip
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [card]}), encoding="utf-8")
    view.decks_refresh.click()
    assert not view.make_button.disabled and "This makes 2 pages" in _text(view.estimate.value)
    view.make_button.click()
    assert "2 cards (1 different)" in _text(view.status.value)


# ---------------------------------------------------------------- 2. a card larger than the printable area


def test_a_card_too_large_for_the_printable_area_says_the_safe_margin_and_what_fits() -> None:
    with pytest.raises(PrintError) as err:  # smaller than the paper, larger than where printers print
        sheet_grid((210, 297), (205, 292))
    said = err.value.render()
    assert "printers print inside its 5 mm safe margin, 200x287 mm" in said
    assert "less bleed" not in said  # (there is none)
    with pytest.raises(PrintError) as err:
        sheet_grid((210, 297), (190, 280), bleed=10)
    said = err.value.render()
    assert "a 190x280 mm card with 10 mm bleed (210x300 mm) does not fit" in said and "less bleed" in said
    with pytest.raises(PrintError) as err:  # fits on A4, not on Letter: said
        sheet_grid((215.9, 279.4), (195, 270))
    assert "a4 paper (it fits there)" in err.value.render()
    with pytest.raises(PrintError) as err:  # the crop marks still named (test_printing pins them)
        sheet_grid((210, 297), (200, 287), crop_marks=True)
    assert "with crop marks (it fits without them)" in err.value.render()


def test_print_cards_says_which_paper_a_card_too_large_fits(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "big.pdf"
    code = main(["print", "cards", "village", "--size", "195x270", "--paper", "letter", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert "205.9x269.4 mm" in err and "a4 paper (it fits there)" in err and "Traceback" not in err
    assert main(["print", "cards", "village", "--size", "195x270", "--paper", "a4", "--out", str(out)]) == 0


# ---------------------------------------------------------------- 3. a custom size with a unit


def test_a_custom_size_takes_a_unit_and_names_one_it_does_not_know() -> None:
    assert custom_card_size("2.5x3.5in") == (63.5, 88.9) == custom_card_size('2.5" x 3.5"')
    assert custom_card_size("6.3cm x 8.8cm") == (63.0, 88.0) == custom_card_size("6.3x8.8cm")
    assert custom_card_size("2.5in x 88mm") == (63.5, 88.0)
    assert custom_card_size("63x88") == (63.0, 88.0) == custom_card_size("63,0 x 88 mm")
    with pytest.raises(PrintError) as err:
        custom_card_size("63x88ft")
    assert "unknown unit 'ft' in card size '63x88ft'" in err.value.render()
    assert "mm, cm or in" in err.value.render()
    with pytest.raises(PrintError, match="out of range"):
        custom_card_size("20x20in")


def test_a_size_in_inches_makes_the_same_pdf_on_the_page_and_the_command(tmp_path: Path) -> None:
    out, layout = tmp_path / "in.pdf", tmp_path / "in.json"
    assert main(["print", "cards", "village", "--size", "2.5x3.5in", "--crop-marks", "--backs", "duplex",
                 "--out", str(out), "--layout-json", str(layout)]) == 0
    assert json.loads(layout.read_text(encoding="utf-8"))["card_mm"] == [63.5, 88.9]
    view = PrintView("village")
    view.size.value = "custom"
    view.custom.value = "2.5x3.5in"
    assert not view.make_button.disabled
    assert view.make() == out.read_bytes()
    assert "card 63.5 x 88.9 mm" in _text(view.status.value)
