"""Session 7, the deck builder after last session's review: the page reads a list's own name and columns once
per change of its text, and lists the decks folder only when it changed (one listing for the page and the
print page alike); a CSV list's column rules live once (so the editor never fails on a row the reader reads);
+ and − keep to the row the list shows (a sheet's id column names the printing); a save never drops a CSV
list's extra column, into a JSON file no more than into a text file."""

from __future__ import annotations

import html
import json
import os
import re
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion.cards import CardDB, card_from_record, load_game
from companion.deck import listtext as listtext_module
from companion.deck import parse
from companion.deck.decklist import csv_layout, parse_csv
from companion.deck.listtext import ListFormError, bump, bump_csv, file_text, text_loses
from companion.deck.saved import decks_dir, decks_listing, saved_decks
from companion.views import deck as deck_view
from companion.views.deck import DeckBuilderView
from tests.test_session6_deck import _fresh_page

VDB = load_game("village")
TDB = load_game("tmnt")
NOTED = "count,card,note\n3,Apple,fav\n2,Pear,\n"


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, calls: Counter[str],
              key: Callable[..., str] = lambda *a, **k: "") -> None:
    """``module.name`` still does its work, and ``calls`` counts each call (by ``key`` of its arguments)."""
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[key(*args, **kwargs)] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


def _row_of(view: DeckBuilderView, card_id: str) -> tuple[w.Button, w.Button, str]:
    """The card table's −, + and count of the card ``card_id`` (searched for by its id)."""
    view.search.value = card_id
    row = next(r for r in view.table.children if f"· {card_id}</small>" in r.children[3].value)
    return row.children[0], row.children[2], text_of(row.children[1].value)


# --- 1. a list's own name and columns: read once per change of its text -----------------------------------

def test_a_keystroke_reads_the_lists_name_and_columns_once(monkeypatch: pytest.MonkeyPatch) -> None:
    decks_dir().mkdir(parents=True)
    mine = decks_dir() / "village-mine.txt"
    mine.write_text("Name: mine\n3 Apple\n", encoding="utf-8")
    view = _fresh_page()
    view.load.value = str(mine)
    view.name.value = ""  # (Save then takes the list's own name: asked at every keystroke)
    named: Counter[str] = Counter()
    columns: Counter[str] = Counter()
    _counting(monkeypatch, deck_view, "split_name", named, key=lambda text, _db: text)
    _counting(monkeypatch, deck_view, "text_loses", columns, key=lambda text, _db=None: text)
    for n in range(1, 4):
        view.input.value = f"Name: mine\n3 Apple\n{n} Pear\n"
        assert view.load.options[0] == ("— editing: mine (unsaved)", "")  # what the page shows, as before
        assert view.save_path().name == "village-mine.txt"
    assert set(named.values()) == {1} and set(columns.values()) == {1}
    assert len(named) == 3  # each text read once (the one before it too, though a change asks for both)


def test_the_name_box_follows_a_new_name_line_and_keeps_the_players_own() -> None:
    view = _fresh_page()
    view.input.value = "Name: Night\n3 Apple\n"
    assert view.name.value == "Night"
    view.name.value = "Day"  # the player's name for it stays while the list says the same name
    view.input.value = "Name: Night\n4 Apple\n"
    assert view.name.value == "Day"
    view.input.value = "Name: Dawn\n4 Apple\n"  # a name of its own, new: the box follows
    assert view.name.value == "Dawn"
    view.input.value = "count,card,note\n3,Apple,fav\n"  # a sheet with a note: Save keeps it as CSV
    assert view.save_path().suffix == ".csv"
    view.input.value = "count,card\n3,Apple\n"
    assert view.save_path().suffix == ".txt"


# --- 2. the decks folder: one listing, and none while it did not change ------------------------------------

def _settled(folder: Path) -> None:
    """The folder as one whose last change is long past (a listing of it may be kept)."""
    past = time.time_ns() - 60 * 10**9
    os.utime(folder, ns=(past, past))


def test_an_unchanged_decks_folder_is_listed_once_and_a_new_deck_is_still_offered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    (folder / "village-mine.txt").write_text("3 Apple\n", encoding="utf-8")
    _settled(folder)
    view = _fresh_page()
    listed: Counter[str] = Counter()
    key = lambda path=".": str(path)  # noqa: E731
    _counting(monkeypatch, os, "scandir", listed, key=key)
    _counting(monkeypatch, os, "listdir", listed, key=key)
    for n in range(1, 4):  # keystrokes, the Name and Search boxes: no listing of an unchanged folder
        view.input.value = f"3 Apple\n{n} Pear\n"
    view.name.value, view.search.value = "x", "pe"
    assert listed[str(folder)] == 0
    assert "saved: mine" in dict(view.load.options)
    (folder / "village-later.txt").write_text("3 Pear\n", encoding="utf-8")  # saved by another page
    view.input.value = "3 Apple\n"
    assert "saved: later" in dict(view.load.options)
    assert listed[str(folder)] == 1  # the menu and its saved decks from one listing


def test_the_listing_and_the_saved_decks_take_the_same_files() -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    for name in ("village-a.TXT", ".txt", "village-b.json.bak", "village-c.csv", "notes.md"):
        (folder / name).write_text("3 Apple\n", encoding="utf-8")
    (folder / "village-d.json").mkdir()  # a folder of a list's name: never a list
    listing = decks_listing()
    assert listing is not None
    assert [name for name, *_ in listing] == ["village-a.TXT", "village-c.csv"]
    assert [d.path.name for d in saved_decks("village")] == ["village-a.TXT", "village-c.csv"]


def test_a_decks_folder_that_cannot_be_listed_is_said_even_after_a_listing_was_kept(
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    (folder / "village-a.txt").write_text("3 Apple\n", encoding="utf-8")
    _settled(folder)
    assert [d.name for d in saved_decks("village")] == ["a"]  # listed, and kept
    real = os.scandir

    def refused(path: Any = ".") -> Any:
        if str(path) == str(folder):
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "scandir", refused)
    assert [d.name for d in saved_decks("village")] == ["a"]  # the folder unchanged: the listing kept
    folder.chmod(0o700)  # its mode changed (its change time with it): listed again, and refused
    problems: list[str] = []
    assert saved_decks("village", problems) == [] and "cannot be read (permission denied)" in problems[0]
    assert decks_listing() is None


# --- 3. a CSV list's column rules, once: the reader and the editor read each row alike ----------------------

@pytest.mark.parametrize("sheet", [
    "count,card\n3,Apple\nPear,2\n",  # a row of two cells the other way round
    "Apple,3\n2,Pear\n",  # no header: the first row says card then count
    "3,Apple\nPear,2\n",
    "card;count;note\nApple;3;fav\n2;Pear\n",
    "count,note,card\n3,,Apple\n2,x,Pear\n",
    "count,name,id\n3,Apple,\n2,Pear,fruit-pear\n1,,fruit-apple\n",  # the id names the card; else the name
    "Name: Orchard,,\ncount,card\n3,Apple\n",
])
def test_the_editor_reads_each_csv_row_as_the_reader_does(sheet: str) -> None:
    deck = parse_csv(sheet, VDB)
    layout = csv_layout(sheet)
    assert layout is not None
    read: Counter[str] = Counter()
    for _number, count_col, card_col, cells in layout.rows:
        card = VDB.lookup(cells[card_col])
        assert card is not None
        read[card.id] += int(cells[count_col])
    assert read == {e.card.id: e.count for e in deck.entries}


def test_a_short_row_under_a_wider_header_never_fails_the_editor() -> None:
    sheet = "count,note,card\n2,x\n"  # the card cell missing: a row the reader refuses, said as such
    assert text_loses(sheet) == ["note"]  # (csv_layout used to fail: IndexError)
    view = _fresh_page()
    view.name.value, view.input.value = "Short", sheet
    assert view.deck is None and "no card in this row" in text_of(view.status.value)
    view.save.click()  # a list that does not read is saved as typed, every cell kept
    assert "Saved" in text_of(view.status.value) and "went wrong" not in text_of(view.status.value)
    assert (decks_dir() / "village-short.csv").read_text(encoding="utf-8") == sheet


# --- 4. + and − on a CSV list read it once ------------------------------------------------------------------

def test_bump_on_a_csv_list_reads_the_list_it_is_given_and_checks_the_result_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    deck = parse(NOTED, VDB)
    calls: Counter[str] = Counter()
    _counting(monkeypatch, listtext_module, "parse_csv", calls, key=lambda text, _db: text)
    out = bump(NOTED, deck, VDB.find("Apple"), +1, VDB)
    assert out == "count,card,note\n4,Apple,fav\n2,Pear,\n"
    assert calls == {out: 1}  # the result checked; the list itself not read again
    assert bump_csv(NOTED, VDB, VDB.find("Apple"), +1) == out  # (read here when no deck is given)


# --- 5. + on a card two printings share: the row the list shows ---------------------------------------------

@pytest.mark.parametrize(("typed", "plus_first", "plus_second"), [
    ("2 Leonardo\n", "3 Leonardo\n", "2 Leonardo\n1 leonardo-2  # Leonardo\n"),
    ("2 leonardo-1\n1 leonardo-2\n", "3 leonardo-1\n1 leonardo-2\n", "2 leonardo-1\n2 leonardo-2\n"),
    ("1 leonardo-2\n2 Leonardo\n", "1 leonardo-2\n3 Leonardo\n", "2 leonardo-2\n2 Leonardo\n"),
    ("count,card\n2,Leonardo\n", "count,card\n3,Leonardo\n", "count,card\n2,Leonardo\n1,leonardo-2\n"),
])
def test_plus_on_a_printing_raises_the_row_that_names_it(typed: str, plus_first: str,
                                                         plus_second: str) -> None:
    """A name two printings carry reads as the first of them (the house reading): + on the first raises
    that name's row, + on the second its own row (by id), never the other's count."""
    view = _fresh_page("tmnt")
    for card_id, after in (("leonardo-1", plus_first), ("leonardo-2", plus_second)):
        view.input.value = typed
        _minus, plus, _count = _row_of(view, card_id)
        plus.click()
        assert view.input.value == after
        assert view.deck is not None
        assert view.deck.count_of(card_id) == parse(typed, TDB).count_of(card_id) + 1


def test_a_sheets_id_column_names_the_printing_and_plus_raises_its_row() -> None:
    sheet = "count,name,id\n2,Leonardo,leonardo-2\n1,Karai,\n"  # the id says which Leonardo; Karai by name
    deck = parse(sheet, TDB)
    assert {e.card.id: e.count for e in deck.entries} == {"leonardo-2": 2, "karai": 1}
    assert deck.readings == ()  # nothing read as another printing
    assert "the column 'name' is read only in a row whose 'id' cell is empty" in deck.warnings[0]
    view = _fresh_page("tmnt")
    view.input.value = sheet
    _minus, plus, count = _row_of(view, "leonardo-2")
    assert count == "2"
    plus.click()  # that row's count, not a new row
    assert view.input.value == "count,name,id\n3,Leonardo,leonardo-2\n1,Karai,\n"
    _minus, plus, _count = _row_of(view, "leonardo-1")  # the other printing: a row of its own, by id
    plus.click()
    assert view.input.value == "count,name,id\n3,Leonardo,leonardo-2\n1,Karai,\n1,Leonardo,leonardo-1\n"
    _minus, plus, _count = _row_of(view, "karai")  # a row read by its name: raised where it is
    plus.click()
    assert view.input.value == "count,name,id\n3,Leonardo,leonardo-2\n2,Karai,\n1,Leonardo,leonardo-1\n"
    minus, _plus, _count = _row_of(view, "leonardo-1")  # taken to 0: the row goes (its name is the card's)
    minus.click()
    assert view.input.value == "count,name,id\n3,Leonardo,leonardo-2\n2,Karai,\n"


def test_a_sheets_id_column_gets_ids_and_a_name_of_the_players_own_is_kept() -> None:
    leo2, pear = TDB.by_id("leonardo-2"), VDB.find("Pear")
    assert bump_csv("count,id\n2,fruit-apple\n", VDB, pear, +1) == "count,id\n2,fruit-apple\n1,fruit-pear\n"
    sheet = "count,name,id\n1,My blue Leo,leonardo-2\n"  # a name that is not the card's: the player's words
    assert bump_csv(sheet, TDB, leo2, -1) == "count,name,id\n# 1,My blue Leo,leonardo-2\n"


def test_a_sheet_with_the_id_column_first_reads_alike() -> None:
    db = CardDB("village", [card_from_record("village", "T", {**r, "source": "demo: t"}) for r in (
        {"id": "fig-a", "name": "Fig", "type": "fruit"}, {"id": "fig-b", "name": "Fig", "type": "fruit"})])
    for sheet in ("id,name,qty\nfig-b,Fig,2\n,Fig,1\n", "qty,name,id\n2,Fig,fig-b\n1,Fig,\n"):
        deck = parse(sheet, db)
        assert {e.card.id: e.count for e in deck.entries} == {"fig-b": 2, "fig-a": 1}


# --- 6. a save never drops a CSV list's extra column, whatever the file's form ------------------------------

def test_a_csv_list_with_a_note_column_is_never_written_as_json() -> None:
    with pytest.raises(ListFormError, match="is a JSON file, and a JSON list cannot keep the CSV list's "
                                            "column 'note'") as err:
        file_text(NOTED, parse(NOTED, VDB), "Orchard", "village-orchard.json", VDB)
    assert "under another name" in (err.value.suggestion or "")
    plain = "count,card\n3,Apple\n"  # nothing JSON cannot keep: written as JSON, as before
    written = json.loads(file_text(plain, parse(plain, VDB), "Orchard", "village-orchard.json", VDB))
    assert written["cards"] == [{"card": "fruit-apple", "count": 3, "name": "Apple"}]


def test_saving_a_noted_csv_list_over_a_json_deck_leaves_the_file_and_says_how_to_keep_it() -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    saved = folder / "village-orchard.json"
    before = '{"name": "orchard", "cards": [{"card": "Apple", "count": 3}]}\n'
    saved.write_text(before, encoding="utf-8")
    view = _fresh_page()
    view.load.value = str(saved)
    view.input.value = NOTED  # a spreadsheet's list pasted over the JSON deck
    view.save.click()
    said = text_of(view.status.value)
    assert "village-orchard.json is a JSON file, and a JSON list cannot keep the CSV list's column 'note'" \
        in said and "nothing was saved" in said and "Save it under another name" in said
    assert saved.read_text(encoding="utf-8") == before  # the file as it was
    assert view.input.value == NOTED and view.unsaved()  # the list as typed
    view.name.value = "Orchard noted"  # another name: a new deck, saved as CSV with its note
    view.save.click()
    assert (folder / "village-orchard-noted.csv").read_text(encoding="utf-8") == NOTED
    assert saved.read_text(encoding="utf-8") == before

