"""Session 6, deck builder explored again: − and + change a CSV list's count cells where they are written
(a ``note`` column, quotes, a ``sep=`` line and a title row kept), and a save never drops such a column;
Save is off while the list holds no card, and − on a card the list holds none of; the Open menu names a
list of its own name put over the example as a new list; types and Attributes read as the books write them
("Wind"), in Tip 1, ``deck stats`` and the page's statistics."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion.cards import load_game
from companion.deck import parse
from companion.deck.listtext import ListFormError, bump, bump_csv, file_text
from companion.views.deck import NONE_TO_TAKE, DeckSaveError, decks_dir
from tests.helpers import run_cli
from tests.test_deck_page_audit import _row
from tests.test_session6_deck import _fresh_page

VDB = load_game("village")
ACORN, APPLE, PEAR = VDB.find("Acorn Scout"), VDB.find("Apple"), VDB.find("Pear")
NOTED = "count,card,note\n3,Acorn Scout,fav\n2,Apple,\n"


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


# --- 1. a CSV list's other cells are never lost ----------------------------------------------------------

def test_plus_and_minus_change_a_csv_rows_count_cell_keeping_its_note() -> None:
    view = _fresh_page()
    view.input.value = NOTED
    _minus, plus = _row(view, "Acorn Scout")
    plus.click()
    assert view.input.value == "count,card,note\n4,Acorn Scout,fav\n2,Apple,\n"
    minus, _plus = _row(view, "Apple")
    minus.click()
    assert view.input.value == "count,card,note\n4,Acorn Scout,fav\n1,Apple,\n"
    _minus, plus = _row(view, "Pear")  # a card not in the list: a new row, a cell for each column
    plus.click()
    assert view.input.value == "count,card,note\n4,Acorn Scout,fav\n1,Apple,\n1,Pear,\n"
    assert view.deck is not None and view.deck.card_count == 6


def test_a_csv_with_a_sep_line_quotes_and_a_title_row_keeps_every_cell() -> None:
    sheet = 'sep=;\r\nName: My deck;;\r\ncount;card;note\r\n"3";"Acorn Scout";"a;b"\r\n2;Apple;\r\n'
    deck = parse(sheet, VDB)
    assert bump(sheet, deck, ACORN, +1, VDB) == sheet.replace('"3"', '"4"')
    assert bump(sheet, deck, ACORN, -1, VDB) == sheet.replace('"3"', '"2"')
    assert bump(sheet, deck, PEAR, +2, VDB) == sheet + "2;Pear;\r\n"  # the sheet's separator and line ends
    assert parse(bump(sheet, deck, PEAR, +2, VDB), VDB).name == "My deck"


def test_a_csv_row_taken_to_zero_keeps_its_note_as_a_comment() -> None:
    sheet = "count,card,note\n1,Acorn Scout,fav\n1,Apple,\n"
    assert bump_csv(sheet, VDB, ACORN, -1) == "count,card,note\n# 1,Acorn Scout,fav\n1,Apple,\n"
    assert bump_csv(sheet, VDB, APPLE, -1) == "count,card,note\n1,Acorn Scout,fav\n"  # nothing beside it
    assert bump_csv("card,count\nAcorn Scout,3\n", VDB, ACORN, +1) == "card,count\nAcorn Scout,4\n"


def test_a_saved_csv_deck_with_a_note_column_is_saved_with_it() -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    sheet = folder / "village-noted.csv"
    sheet.write_text(NOTED, encoding="utf-8")
    view = _fresh_page()
    view.load.value = str(sheet)
    _minus, plus = _row(view, "Acorn Scout")
    plus.click()
    view.save.click()
    assert sheet.read_text(encoding="utf-8") == "count,card,note\n4,Acorn Scout,fav\n2,Apple,\n"
    assert sorted(p.name for p in folder.iterdir()) == ["village-noted.csv"]


def test_a_pasted_csv_list_with_a_note_column_is_saved_as_csv_never_as_text() -> None:
    view = _fresh_page()
    view.name.value, view.input.value = "Noted", NOTED
    path = view.save_list()
    assert path.name == "village-noted.csv" and path.read_text(encoding="utf-8") == NOTED
    with pytest.raises(ListFormError, match="cannot keep the CSV list's column 'note'"):
        file_text(NOTED, parse(NOTED, VDB), "Noted", "village-noted.txt", VDB)
    plain = "count,card\n3,Acorn Scout\n"  # nothing a text list cannot keep: a text file, as before
    assert file_text(plain, parse(plain, VDB), "Plain", "village-plain.txt", VDB) == (
        "Name: Plain\n3 Acorn Scout\n")


# --- 2. Save is off while the list holds no card ---------------------------------------------------------

def test_save_is_off_for_a_list_of_no_card_and_says_why() -> None:
    view = _fresh_page("tmnt")
    view.name.value, view.input.value = "", ""
    assert view.save.disabled and "Save : the list holds no card" in text_of(view.save_off.value)
    view.save.click()
    with pytest.raises(DeckSaveError, match="nothing to save"):
        view.save_list()
    assert not decks_dir().exists() or not any(decks_dir().iterdir())
    view.input.value = "# only a comment\n"
    assert view.save.disabled
    view.input.value = "3 Karia\n"  # a list that does not read is still saved as typed
    assert view.deck is None and not view.save.disabled
    view.input.value = "3 Karai\n"
    assert not view.save.disabled and view.save_off.value == ""


# --- 3. − on a card the list holds none of ---------------------------------------------------------------

def test_minus_is_off_for_a_card_the_list_holds_none_of_saying_why() -> None:
    view = _fresh_page()
    view.input.value = "3 Acorn Scout\n"
    minus, plus = _row(view, "Apple")
    assert minus.disabled and minus.tooltip == NONE_TO_TAKE and not plus.disabled
    assert NONE_TO_TAKE not in text_of(view.table_off.value)  # (its count shows 0: no line for every card)
    plus.click()
    minus, _plus = _row(view, "Apple")
    assert not minus.disabled


# --- 4. the Open menu follows a list of its own name ------------------------------------------------------

def test_a_named_list_put_over_the_example_is_named_as_a_new_list() -> None:
    view = _fresh_page()
    assert view.load.options[0] == ("— editing: example village-demo-legal", "")
    view.input.value = "Name: Night\n3 Apple\n"
    assert view.name.value == "Night"
    assert view.load.options[0] == ("— editing: a new list 'Night' (unsaved)", "")


# --- 5. types and Attributes as the books write them -----------------------------------------------------

def test_attributes_and_types_read_as_the_book_writes_them(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    deck = tmp_path / "t.txt"
    deck.write_text("3 Karai\n3 Raphael\n3 Hun\n", encoding="utf-8")
    code, out, _err = run_cli(capsys, "deck", "stats", "tmnt", str(deck))
    assert code == 0 and "\n  Character  " in out and re.search(r"^  (Wind|Fire|Nature|Mountain) ", out, re.M)
    assert not re.search(r"^  (character|wind|fire|nature|mountain) ", out, re.M)
    code, out, _err = run_cli(capsys, "deck", "check", "tmnt", str(deck))
    assert re.search(r"this deck has \d+ \((Wind|Fire|Nature|Mountain)\)", out), out
    view = _fresh_page("tmnt")
    view.input.value = "3 Karai\n3 Raphael\n3 Hun\n"
    said = text_of(view.stats_table.value)
    assert "Character" in said and "character" not in said
    assert re.search(r"\b(Wind|Fire|Nature|Mountain) \d", said), said
