"""Deck review 4: a deeply nested list, a deck name a text list cannot hold, the other-game hint's
majority, line endings kept by − and +, what a format file has, saved decks and the decks folder."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, load_game, read_here
from companion.deck.decklist import (
    Decklist,
    DecklistError,
    DeckNameError,
    NotADecklist,
    list_form,
    parse,
    parse_text,
    to_text,
)
from companion.deck.listtext import ListFormError, as_text, bump, bump_text, file_text, split_name
from companion.deck.saved import decks_dir
from companion.views.deck import DeckBuilderView

from .test_deck_cli import run
from .test_deck_page_audit import _open, _row, text_of

VDB = load_game("village")
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a": ' * 100_000 + "1" + "}" * 100_000


# --- 1. a deeply nested list: the parser's message, never "this is a bug" ------------------------------

@pytest.mark.parametrize(("text", "form"), [
    (DEEP, "json"), (DEEP_OBJECT, "json"), ("[1e" + "9" * 5000 + "]", "json"), ("[Mice]\n3 Apple\n", "text"),
    ("3 Apple\n", "text"), ("count,card\n3,Apple\n", "csv"), ("\ufeff[]", "json")])
def test_one_form_detection_says_how_the_parser_reads_a_list(text: str, form: str) -> None:
    assert list_form(text) == form


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT])
def test_a_deeply_nested_list_is_a_decklist_error_wherever_it_is_read(text: str) -> None:
    with pytest.raises(DecklistError, match="nested too deeply"):
        parse(text, VDB)
    assert split_name(text, VDB) == (text, "")
    assert file_text(text, None, "Deep", "village-deep.txt", VDB) == text  # saved as typed, as any list
    with pytest.raises(ListFormError):  # (a list that does not read cannot be rewritten as CSV)
        file_text(text, None, "Deep", "village-deep.csv", VDB)


def test_the_page_says_a_deeply_nested_upload_open_and_save_as_the_parser_does() -> None:
    view = DeckBuilderView("village")
    view.upload.value = ({"name": "deep.json", "type": "application/json", "size": len(DEEP),
                          "content": memoryview(DEEP.encode()),
                          "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)
    said = text_of(view.status.value)
    assert "nested too deeply" in said and "bug" not in said
    view.save.click()
    path = decks_dir() / "village-deep.txt"
    assert "bug" not in text_of(view.status.value) and path.read_text(encoding="utf-8") == DEEP + "\n"
    other = DeckBuilderView("village")
    _open(other, path)
    said = text_of(other.status.value)
    assert other.input.value == DEEP + "\n" and "nested too deeply" in said and "bug" not in said


# --- 2. a deck name a text list cannot hold is refused, never read back as another --------------------

MICE = '{"game": "village", "name": "Mice #1", "cards": [{"card": "Apple", "count": 2}]}'


def test_to_text_refuses_a_name_that_would_read_back_as_another() -> None:
    deck = parse(MICE, VDB)
    with pytest.raises(DeckNameError, match="cannot be kept in a text list"):
        to_text(deck, VDB)
    with pytest.raises(DeckNameError):
        to_text(deck)  # (no cards to ask: the same rule)
    assert to_text(deck, VDB, header=False) == "2 Apple\n"
    named = Decklist("village", deck.entries, " Mice ")
    assert parse_text(to_text(named, VDB), VDB).name == "Mice"  # (spaces at its ends are no part of it)


def test_plus_on_a_json_list_whose_name_a_text_list_cannot_hold_changes_nothing() -> None:
    view = DeckBuilderView("village")
    view.input.value = MICE  # pasted: its name goes into the Name box (as an opened list's does)
    assert view.name.value == "Mice #1"
    view.name.value = ""  # the box emptied: the name would have to go in a Name: line
    _minus, plus = _row(view, "Apple")
    plus.click()
    said = text_of(view.status.value)
    assert view.input.value == MICE and "'Mice #1' cannot be kept in a text list" in said
    assert "the list is left as it is" in said and "bug" not in said
    view.name.value = "Mice #1"  # the name is the Name box's: no Name: line to write
    plus.click()
    assert view.input.value == "3 Apple\n"


def test_bump_and_as_text_write_a_json_lists_own_name_when_it_can_be_kept() -> None:
    text = '{"name": "Orchard", "cards": [{"card": "Apple", "count": 2}]}'
    deck = parse(text, VDB)
    assert bump(text, deck, VDB.find("Pear"), +1, VDB) == "Name: Orchard\n2 Apple\n1 Pear\n"
    assert bump(text, deck, VDB.find("Apple"), -1, VDB, name="Orchard") == "1 Apple\n"
    sheet = "# from my sheet\ncount,card\n2,Apple\n"
    assert as_text(sheet, parse(sheet, VDB), VDB, "Fruit") == "Name: Fruit\n# from my sheet\n2 Apple\n"


def test_deck_export_refuses_a_name_a_text_list_cannot_hold(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "mice.json"
    src.write_text(MICE, encoding="utf-8")
    out = tmp_path / "mice.txt"
    code, _out, err = run(capsys, "deck", "export", "village", str(src), "-o", str(out))
    assert code == 2 and "cannot be kept in a text list" in err and "--to json" in err and not out.exists()
    code, text, _err = run(capsys, "deck", "export", "village", str(src), "--to", "json")
    assert code == 0 and json.loads(text)["name"] == "Mice #1"


# --- 3. the other game's hint needs every unknown name to be that game's ------------------------------

def _hint(text: str, game: str) -> tuple[str, int, int] | None:
    with pytest.raises(DecklistError) as err:
        parse(text, load_game(game))
    return err.value.other_game


def test_one_of_the_other_games_cards_among_strangers_gets_no_hint() -> None:
    strangers = "".join(f"1 Qqzx Blorp {i}\n" for i in range(5))
    assert _hint("3 Acorn Scout\n" + strangers, "tmnt") is None
    assert _hint("3 Acorn Scout\n", "tmnt") == ("village", 1, 1)  # alone, it is the other game's
    assert _hint("3 Acorn Scout\n2 Barley Runner\n1 Qqzx Blorp\n", "tmnt") == ("village", 2, 3)  # a majority


# --- 11. − and + keep each line's ending -----------------------------------------------------------------

def test_bump_keeps_crlf_and_a_new_line_takes_the_lists_ending() -> None:
    apple, pear = VDB.find("Apple"), VDB.find("Pear")
    assert bump_text("Deck\r\n2 Apple\r\n", VDB, apple, +1) == "Deck\r\n3 Apple\r\n"
    assert bump_text("Deck\r\n2 Apple\r\n", VDB, pear, +1) == "Deck\r\n2 Apple\r\n1 Pear\r\n"
    assert bump_text("# a\n2 Apple\r\n1 Pear", VDB, apple, -1) == "# a\n1 Apple\r\n1 Pear"
    assert bump_text("2 Apple\r\n1 Pear", VDB, pear, +1) == "2 Apple\r\n2 Pear"
    assert bump_text("2 Apple\r\n1 Pear", VDB, apple, +998) == "999 Apple\r\n1 Apple\r\n1 Pear"
    assert bump_text("1 Pear", VDB, apple, +1) == "1 Pear\n1 Apple\n"
    assert bump_text("1 Apple  # early\r\n1 Pear\r\n", VDB, apple, -1) == "# early\r\n1 Pear\r\n"


# --- 7. a format file says what it has -------------------------------------------------------------------

def test_a_format_file_given_as_a_list_says_what_it_has() -> None:
    with pytest.raises(NotADecklist) as err:
        parse('{"id": "x", "game": "village", "deck_size": {"min": 40}}', VDB)
    assert "a deck format file (it has a deck size)" in err.value.message
    with pytest.raises(NotADecklist) as err:
        parse('{"id": "x", "game": "village", "copy_limit": 3}', VDB)
    assert "(it has a copy limit)" in err.value.message


# --- 8. the decks folder is one of the places the companion reads ----------------------------------------

def test_read_here_names_the_decks_folder_and_deck_export_may_still_write_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    role = read_here(folder / "village-new.csv")
    assert role is not None and role.kind == "decks" and "in your decks folder" in role.what
    assert read_here(folder / "notes.png") is None and read_here(folder / "sub" / "x.txt") is None
    src = tmp_path / "mine.txt"
    src.write_text("3 Apple\n", encoding="utf-8")
    saved = folder / "village-mine.txt"
    code, _out, _err = run(capsys, "deck", "export", "village", str(src), "-o", str(saved))
    assert code == 0 and saved.read_text(encoding="utf-8") == "Name: mine\n3 Apple\n"
    code, _out, err = run(capsys, "cards", "export", "village", "-o", str(folder / "village-mine.csv"))
    assert code == 2 and "in your decks folder, which holds the deck builder's saved decklists" in err


def test_deck_export_writes_the_form_its_file_name_says(tmp_path: Path) -> None:
    """-o x.csv writes a count,card sheet that reads back as the same deck (it had written a text list
    into a .csv file); --to csv does the same to standard output; --to still wins over the suffix."""
    from companion.cli import main

    legal = str(DATA_DIR / "decks" / "village-demo-legal.txt")
    sheet = tmp_path / "x.csv"
    assert main(["deck", "export", "village", legal, "-o", str(sheet)]) == 0
    assert sheet.read_text(encoding="utf-8").startswith("Name: Village demo (legal)\ncount,card\n")
    assert main(["deck", "check", "village", str(sheet)]) == 0
    listed = tmp_path / "y.csv"
    assert main(["deck", "export", "village", legal, "-o", str(listed), "--to", "text"]) == 0
    assert not listed.read_text(encoding="utf-8").startswith("count,card")
