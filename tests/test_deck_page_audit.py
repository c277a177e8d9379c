"""The deck builder page audit: two pages and one saved deck, + and − with comments, the deck's name
kept in its file, CSV lists in the menus. Driven through the widgets, as a player would."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.views.deck import DeckBuilderView, DeckSaveError, decks_dir

from .test_deck_cli import run


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def _save(view: DeckBuilderView, name: str, text: str) -> Path:
    view.name.value, view.input.value = name, text
    view.save.click()
    assert "Saved" in text_of(view.status.value), text_of(view.status.value)
    return decks_dir() / f"village-{name.lower()}.txt"


def _open(view: DeckBuilderView, path: Path) -> None:
    view._fill_load()  # (the menu as the page lists it now)
    label = next(label for label, value in view.load.options if value == str(path))
    view.load.value = str(path)
    assert view.load.value == str(path), label


def _row(view: DeckBuilderView, name: str) -> tuple:
    view.search.value = name.lower()
    row = next(r for r in view.table.children if f"<b>{name}</b>" in r.children[3].value)
    minus, _count, plus = row.children[:3]
    return minus, plus


# --- 1. a second page never overwrites a newer save --------------------------------------------------

def test_a_second_page_never_overwrites_a_newer_save_and_asks_instead() -> None:
    a, b = DeckBuilderView("village"), DeckBuilderView("village")
    path = _save(a, "X", "3 Apple\n")
    _open(b, path)
    assert b.input.value == "3 Apple\n" and b.name.value == "X"
    a.input.value = "4 Apple\n"  # page A edits and saves: its own file, no question
    a.save.click()
    assert "Saved" in text_of(a.status.value) and path.read_text(encoding="utf-8") == "Name: X\n4 Apple\n"
    b.input.value = "5 Apple\n"  # page B edits and saves: the file changed since B opened it
    b.save.click()
    assert path.read_text(encoding="utf-8") == "Name: X\n4 Apple\n"  # A's work is still there
    said = text_of(b.status.value)  # asked once, beside the two answers: not again under them
    assert "Saved" not in said and "That did not work" not in said and "changed since" not in said
    assert b.clash.layout.display is None and "cmp-deck-clash" in b.clash._dom_classes
    ask = text_of(b.clash_ask.value)
    assert "village-x.txt changed since this page opened or saved it" in ask and "not saved" in ask
    assert "Save as new deck: your list goes to village-x-2.txt" in ask and "Save over it" in ask
    assert b.input.value == "5 Apple\n" and b.name.value == "X"  # nothing typed is lost
    with pytest.raises(DeckSaveError):  # Save again asks again: never a silent overwrite
        b.save_list()
    b.save_new.click()  # yours under a new name; the file keeps the other version
    new = decks_dir() / "village-x-2.txt"
    assert new.read_text(encoding="utf-8") == "Name: X 2\n5 Apple\n"
    assert path.read_text(encoding="utf-8") == "Name: X\n4 Apple\n"
    said = text_of(b.status.value)
    assert "Saved village-x-2.txt" in said and "village-x.txt keeps the other version" in said
    assert b.name.value == "X 2" and b.clash.layout.display == "none"
    assert b.load.options[0] == ("— editing: x-2 (saved)", "")
    b.input.value = "6 Apple\n"  # B now holds its new deck: saved there, no question
    b.save.click()
    assert new.read_text(encoding="utf-8") == "Name: X 2\n6 Apple\n"


def test_save_over_it_is_an_explicit_choice_and_asks_again_if_the_file_changed_once_more() -> None:
    a, b = DeckBuilderView("village"), DeckBuilderView("village")
    path = _save(a, "X", "3 Apple\n")
    _open(b, path)
    _save(a, "X", "4 Apple\n")
    b.input.value = "5 Apple\n"
    b.save.click()
    assert b.clash.layout.display is None
    _save(a, "X", "7 Apple\n")  # changed once more while B's question is on show
    b.save_over.click()
    assert path.read_text(encoding="utf-8") == "Name: X\n7 Apple\n"  # not what B was asked about
    assert "changed since" in text_of(b.clash_ask.value) and b.clash.layout.display is None
    b.save_over.click()  # asked about this version: now it is replaced, as chosen
    assert path.read_text(encoding="utf-8") == "Name: X\n5 Apple\n" and "Saved" in text_of(b.status.value)
    assert b.clash.layout.display == "none"
    a.input.value = "8 Apple\n"  # and page A, in turn, is asked before it replaces B's save
    a.save.click()
    assert path.read_text(encoding="utf-8") == "Name: X\n5 Apple\n" and a.clash.layout.display is None


def test_a_file_changed_by_an_editor_is_never_replaced_unasked_and_overwrite_still_answers() -> None:
    view = DeckBuilderView("village")
    path = _save(view, "X", "3 Apple\n")
    path.write_text("Name: X\n# edited by hand\n9 Pear\n", encoding="utf-8")
    view.input.value = "4 Apple\n"
    view.save.click()
    assert path.read_text(encoding="utf-8") == "Name: X\n# edited by hand\n9 Pear\n"
    view.game.value = "tmnt"  # the question belongs to the Village list: it waits there
    assert view.clash.layout.display == "none"
    view.game.value = "village"
    assert view.clash.layout.display is None and "village-x.txt" in text_of(view.clash_ask.value)
    view.overwrite.value = True  # the page's explicit choice to replace a file works here too
    view.save.click()
    assert path.read_text(encoding="utf-8") == "Name: X\n4 Apple\n" and view.clash.layout.display == "none"
    path.unlink()  # a file deleted meanwhile holds nothing to lose: saved again at once
    view.input.value = "5 Apple\n"
    view.save.click()
    assert path.read_text(encoding="utf-8") == "Name: X\n5 Apple\n"


def test_opening_another_list_answers_no_question_for_it() -> None:
    a, b = DeckBuilderView("village"), DeckBuilderView("village")
    path = _save(a, "X", "3 Apple\n")
    _open(b, path)
    _save(a, "X", "4 Apple\n")
    b.input.value = "5 Apple\n"
    b.save.click()
    _save(b, "Y", "5 Apple\n")  # saved under another name: the question is gone
    assert b.clash.layout.display == "none"
    with pytest.raises(CompanionError, match="no save is waiting"):
        b.save_over_it()


# --- 2. + and − change one count in place, every comment kept ---------------------------------------

AUDIT_LIST = "# core\n2 Acorn Scout # early\n57 Apple\n1 acorn-scout // more\n"


def test_plus_and_minus_change_the_count_in_place_and_keep_every_comment() -> None:
    view = DeckBuilderView("village")
    view.input.value = AUDIT_LIST
    minus, plus = _row(view, "Acorn Scout")
    plus.click()
    assert view.input.value == "# core\n3 Acorn Scout # early\n57 Apple\n1 acorn-scout // more\n"
    assert view.deck is not None and view.deck.card_count == 61
    minus.click()  # the copy on the later line goes first; its comment stays as a comment line
    assert view.input.value == "# core\n3 Acorn Scout # early\n57 Apple\n// more\n"
    minus.click()
    minus.click()
    minus.click()  # down to 0: the card goes, "# early" stays
    assert view.input.value == "# core\n# early\n57 Apple\n// more\n"
    assert view.deck is not None and view.deck.card_count == 57
    minus.click()  # never below zero, nothing else touched
    assert view.input.value == "# core\n# early\n57 Apple\n// more\n"
    plus.click()  # a card not in the list: a new line at the end
    assert view.input.value == "# core\n# early\n57 Apple\n// more\n1 Acorn Scout\n"


def test_plus_keeps_the_way_a_line_is_written() -> None:
    view = DeckBuilderView("village")
    view.input.value = "Deck\n  3x acorn-scout   // scouts\n[Fruit]\n2 x Apple\n"
    _minus, plus = _row(view, "Acorn Scout")
    plus.click()
    assert view.input.value == "Deck\n  4x acorn-scout   // scouts\n[Fruit]\n2 x Apple\n"
    _minus, plus = _row(view, "Apple")
    plus.click()
    assert view.input.value == "Deck\n  4x acorn-scout   // scouts\n[Fruit]\n3 x Apple\n"


def test_plus_and_minus_on_a_csv_list_keep_its_comment_lines() -> None:
    view = DeckBuilderView("village")
    view.input.value = "# from my sheet\ncount,card\n3,Acorn Scout\n2,Apple\n"
    _minus, plus = _row(view, "Apple")
    plus.click()
    assert view.input.value == "# from my sheet\ncount,card\n3,Acorn Scout\n3,Apple\n"  # (its cell changed)


# --- 3. the name typed is kept in the file -----------------------------------------------------------

def test_the_name_typed_is_saved_and_shown_again_on_reopening(capsys: pytest.CaptureFixture[str]) -> None:
    view = DeckBuilderView("village")
    view.name.value, view.input.value = "Mice & Fruit", "# fruit first\n3 Apple\n"
    view.save.click()
    path = decks_dir() / "village-mice-fruit.txt"
    assert path.read_text(encoding="utf-8") == "Name: Mice & Fruit\n# fruit first\n3 Apple\n"
    assert view.input.value == "# fruit first\n3 Apple\n"  # the editor keeps what was typed
    other = DeckBuilderView("village")
    _open(other, path)
    assert other.name.value == "Mice & Fruit" and other.input.value == "# fruit first\n3 Apple\n"
    code, out, _err = run(capsys, "deck", "check", "village", str(path), "--json")
    assert code == 1 and json.loads(out)["name"] == "Mice & Fruit"
    other.name.value = "Fruit Mice"  # renamed: a new deck of its own; the old file is kept as it was
    other.save.click()
    renamed = decks_dir() / "village-fruit-mice.txt"
    assert renamed.read_text(encoding="utf-8") == "Name: Fruit Mice\n# fruit first\n3 Apple\n"
    assert path.read_text(encoding="utf-8") == "Name: Mice & Fruit\n# fruit first\n3 Apple\n"


def test_a_name_line_typed_in_the_list_is_the_one_kept_and_a_json_list_keeps_its_name() -> None:
    view = DeckBuilderView("village")
    view.name.value = ""  # (the demo list's name, which the page opens with, taken out)
    view.input.value = "# mine\nName: Orchard\n3 Apple\n"  # no name in the box: the list's own
    path = view.save_list()
    assert path.name == "village-orchard.txt"
    assert path.read_text(encoding="utf-8") == "# mine\nName: Orchard\n3 Apple\n"
    view.name.value = "Orchard"  # the same deck: its Name: line says the box's name, in place
    view.input.value = "# mine\nName: Orchard  # old\n4 Apple\n"
    view.name.value = "ORCHARD"
    assert view.save_list() == path
    assert path.read_text(encoding="utf-8") == "# mine\nName: ORCHARD  # old\n4 Apple\n"
    view.input.value = "# mine\nName: orchard  # old\n4 Apple\n"  # the Name: line retyped: the box follows
    assert view.name.value == "orchard" and view.save_list() == path
    assert path.read_text(encoding="utf-8") == "# mine\nName: orchard  # old\n4 Apple\n"
    view.name.value, view.input.value = "Bushel", '{"cards": [{"card": "Apple", "count": 2}]}'
    jpath = view.save_list()
    assert json.loads(jpath.read_text(encoding="utf-8"))["name"] == "Bushel"
    other = DeckBuilderView("village")
    _open(other, jpath)
    assert other.name.value == "Bushel"


def test_a_name_that_a_text_list_cannot_hold_is_refused_not_cut() -> None:
    view = DeckBuilderView("village")
    view.name.value, view.input.value = "Mice #1", "3 Apple\n"
    view.save.click()
    assert "cannot be kept in a text list" in text_of(view.status.value)
    assert not decks_dir().exists() or not any(decks_dir().iterdir())


# --- 4. CSV lists in the menus, named alike on both pages ---------------------------------------------

def test_csv_lists_are_offered_on_both_pages_under_the_same_name() -> None:
    from companion.views.printing import PrintView

    folder = decks_dir()
    folder.mkdir(parents=True)
    sheet = folder / "village-sheet.csv"
    sheet.write_text("# from my sheet\ncount,card\n3,Acorn Scout\n2,Apple\n", encoding="utf-8")
    builder = DeckBuilderView("village")
    assert ("saved: sheet", str(sheet)) in builder.load.options
    printing = PrintView("village")
    assert ("sheet (your decks)", str(sheet)) in printing.deck.options
    printing.deck.value = str(sheet)
    printing.make_button.click()
    assert "5 cards (2 different)" in text_of(printing.status.value)
    # opened, edited with +, saved: it stays a CSV list, comment line kept
    _open(builder, sheet)
    assert builder.name.value == "sheet" and builder.deck is not None and builder.deck.card_count == 5
    _minus, plus = _row(builder, "Apple")
    plus.click()
    builder.save.click()
    assert sheet.read_text(encoding="utf-8") == "# from my sheet\ncount,card\n3,Acorn Scout\n3,Apple\n"
    assert sorted(p.name for p in folder.iterdir()) == ["village-sheet.csv"]
