"""Browser audit B of the Printables page: what the page says in its own words, and when.

Each test is one finding: an offset warning that named hidden boxes, "1 pages", an emptied number box
that took its old value back, Make PDF on for a game with no board, the score sheets' internal ids,
a card file of yours left out unsaid under Make PDF, a count that vanished without a reason, a W x H
error listing the Size menu's names, the whole game's count unexplained, the landscape calibration
footer naming only a command-line option, and PDF names that repeat the game."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import ipywidgets as w
import pytest
from pypdf import PdfReader

from companion.cards import DATA_DIR
from companion.cli import main
from companion.views.printing import PrintView


def text_of(value: str) -> str:
    """A panel's words, tags gone and entities read."""
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def typed_list(view: PrintView, text: str) -> None:
    view.deck.value = "-"
    view.pasted.value = text


# --------------------------------------------------------------------------- 1. no backs, no offset words

def test_an_offset_left_in_hidden_boxes_is_neither_warned_of_nor_refused() -> None:
    view = PrintView("village")
    typed_list(view, "3 Acorn Scout\n")
    view.off_x.value, view.off_y.value = 1.5, -2.0
    view.backs.value = "none"
    assert view.align_box.layout.display == "none"  # (the boxes are hidden)
    view.make_button.click()
    said = text_of(view.status.value)
    assert "companion-ok" in view.status.value and "offset" not in said.lower() and "Backs" not in said
    view.off_x.value = 25.0  # past the range, but hidden and unused: no refusal naming it
    view.make_button.click()
    assert "companion-ok" in view.status.value and "Offset" not in text_of(view.status.value)
    assert "This makes 1 page" in view.estimate.value


# --------------------------------------------------------------------------- 2. plural agreement

def test_one_card_one_page_and_one_sheet_are_said_in_the_singular(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    view = PrintView("village")
    typed_list(view, "1 Acorn Scout\n")
    view.backs.value = "none"
    view.make_button.click()
    said = text_of(view.status.value)
    assert "1 card (1 different)" in said and re.search(r"\b1 page\b", said) and "1 pages" not in said
    view.what.value = "sheet"
    view.make_button.click()
    assert re.search(r"\b1 sheet\b", text_of(view.status.value)) and "(s)" not in view.status.value
    assert main(["print", "sheet", "village-mp", "--out", str(tmp_path / "s.pdf")]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(": 1 sheet") and "(s)" not in out


def test_the_command_says_one_card_and_one_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "one.txt"
    deck.write_text("1 Acorn Scout\n", encoding="utf-8")
    assert main(["print", "cards", "village", "--deck", str(deck), "--out", str(tmp_path / "c.pdf")]) == 0
    out = capsys.readouterr().out
    assert "1 card (1 different)" in out and out.rstrip().endswith(", 1 page (1 sheet of paper)")


# --------------------------------------------------------------------------- 3. an emptied number box

def test_an_emptied_box_reads_as_0_never_as_its_old_value() -> None:
    view = PrintView("village")
    typed_list(view, "2 Acorn Scout\n")
    assert isinstance(view.bleed, w.Text) and isinstance(view.off_x, w.Text)  # (a FloatText puts it back)
    view.bleed.value = "0"
    view.make_button.click()
    none = view.pdf
    view.bleed.value = "2"
    view.make_button.click()
    assert view.pdf != none
    view.bleed.value = ""  # cleared: meant 0
    view.make_button.click()
    assert view.pdf == none and "companion-ok" in view.status.value
    view.off_x.value = "1.5"
    view.off_x.value = ""
    assert view._offset() == (0.0, 0.0)
    view.bleed.value = "two"  # not a number: said, naming the box
    view.make_button.click()
    assert "Bleed mm: not a number: 'two'" in text_of(view.status.value) and view.pdf == b""
    view.bleed.value = "1,5 mm"  # a decimal comma and the unit are taken
    assert view._bleed() == 1.5


# --------------------------------------------------------------------------- 4. a game with no board

def test_make_pdf_is_off_for_a_game_with_no_board_saying_why_in_the_pages_words() -> None:
    view = PrintView("mousecard")
    view.what.value = "board"
    assert view.make_button.disabled
    assert view.make_button.tooltip.startswith("No board for The Mouse Card system")
    assert "No board for The Mouse Card system" in text_of(view.options.children[0].value)
    view.make_button.click()  # (a click from code: told the same, never in the command line's words)
    said = text_of(view.status.value)
    assert "No board for The Mouse Card system" in said
    assert "mousecard" not in said and "companion print" not in said and "expected" not in said
    view.game.value = "tmnt"
    assert not view.make_button.disabled and view.make_button.tooltip == "Make PDF"


# --------------------------------------------------------------------------- 5. the score sheet menu

def test_the_sheet_menu_offers_the_games_own_sheets_by_name() -> None:
    view = PrintView("monarchs")
    view.what.value = "sheet"
    assert list(view.sheet.options) == [("Of Mice and Monarchs score pad", "monarchs-score")]
    assert view.sheet.value == "monarchs-score" and not view.make_button.disabled
    view.game.value = "village"
    assert list(view.sheet.options) == [("Village TCG Mouse Points pad", "village-mp")]
    view.game.value = "mousecard"
    assert not view.sheet.options and view.make_button.disabled
    shown = text_of(view.options.children[0].value)
    assert "No score sheet for The Mouse Card system" in shown and "monarchs-score" not in shown
    assert view.sheet not in view.options.children
    view.game.value = "monarchs"
    view.make_button.click()
    assert view.filename == "sheet-monarchs-score-a4.pdf"


# --------------------------------------------------------------------------- 6. a card file of yours left out

def test_a_card_file_left_out_is_said_under_make_pdf_and_no_backticks(_isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir()
    (folder / "broken.json").write_text(json.dumps({"game": "village", "set": "x", "cards": [{"id": "a"}]}),
                                        encoding="utf-8")
    view = PrintView("village")
    typed_list(view, "1 Acorn Scout\n")
    view.make_button.click()
    said = text_of(view.status.value)
    assert "companion-warn" in view.status.value
    assert "Made cards-village-my-deck-a4.pdf, but 1 card file of yours was left out" in said
    assert "broken.json" not in said  # (named above, once)
    assert "broken.json" in view.load_problems.value and "`" not in view.load_problems.value
    assert "`" not in view.status.value


# --------------------------------------------------------------------------- 7. why there is no count

@pytest.mark.parametrize(("setting", "words"), [
    ({"pasted": "3 Acorn Scot\n"}, "Did you mean 'Acorn Scout'"),
    ({"size": "custom", "custom": "70x"}, "W x H mm: unknown card size '70x'"),
    ({"size": "custom", "custom": "abc"}, "W x H mm: unknown card size 'abc'"),
    ({"bleed": 12.0}, "Bleed mm: bleed 12 mm out of range"),
])
def test_the_count_gives_way_to_the_reason_make_pdf_would_give(setting: dict[str, object],
                                                               words: str) -> None:
    view = PrintView("village")
    typed_list(view, "3 Acorn Scout\n")
    assert "This makes" in view.estimate.value
    for name, value in setting.items():
        getattr(view, name).value = value
    shown = text_of(view.estimate.value)
    assert "This makes" not in shown and words in shown
    view.make_button.click()
    assert words in text_of(view.status.value)  # the same words


# --------------------------------------------------------------------------- 8. the W x H box's own words

def test_a_bad_custom_size_names_the_form_of_the_box_not_the_size_menu() -> None:
    view = PrintView("village")
    typed_list(view, "1 Acorn Scout\n")
    view.size.value = "custom"
    view.custom.value = "70x"
    view.make_button.click()
    said = text_of(view.status.value)
    assert "expected width x height in mm, e.g. 63x88" in said and "poker" not in said
    view.custom.value = "bridge"  # a Size menu name typed there still reads
    view.make_button.click()
    assert "companion-ok" in view.status.value or "companion-warn" in view.status.value


# --------------------------------------------------------------------------- 9. the whole game's count

def test_all_cards_of_mystics_says_which_records_are_not_printed() -> None:
    view = PrintView("mystics")
    assert view.deck.value == ""  # (all cards of the game)
    note = "of the game's 38 records, the chapter and the 6 action-die faces are not printed"
    assert note in text_of(view.estimate.value)
    view.make_button.click()
    said = text_of(view.status.value)
    assert "32 cards (31 different)" in said and note in said  # (two Leather Breastplates: Collin's, Tilda's)
    view.game.value = "village"  # every record a card: nothing to say
    assert "not printed" not in view.estimate.value


# --------------------------------------------------------------------------- 10. the landscape calibration

def test_the_landscape_calibration_footer_names_the_pages_control_and_the_option() -> None:
    view = PrintView("village")
    view.what.value = "calibration"
    view.orientation.value = "landscape"
    view.make_button.click()
    back = PdfReader(io.BytesIO(view.pdf)).pages[1].extract_text()
    assert ("Calibration page: Landscape on the Printables page, or --offset-from landscape" in back
            and "use with --offset-from" not in back)
    front = PdfReader(io.BytesIO(view.pdf)).pages[0].extract_text()
    assert "notebook's calibration page choice" not in front and "Calibration page: Landscape" in front


# --------------------------------------------------------------------------- 11. PDF names

def test_a_deck_named_after_its_game_is_not_named_twice_in_the_pdfs_name() -> None:
    view = PrintView("village")
    view.deck.value = str(DATA_DIR / "decks" / "village-demo-legal.txt")
    view.make_button.click()
    assert view.filename == "cards-village-demo-legal-a4.pdf"
    typed_list(view, "1 Acorn Scout\n")  # a name of its own keeps the game
    view.make_button.click()
    assert view.filename == "cards-village-my-deck-a4.pdf"
