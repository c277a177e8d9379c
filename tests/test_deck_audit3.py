"""Third audit of deck building: a card import over a saved deck, blank spreadsheet rows in a CSV
decklist, a format file of the user's that breaks the standard check, bytes that are not UTF-8
located by byte, and the word on what a file is. Each test failed before its fix."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, load_game
from companion.deck.decklist import parse
from companion.errors import CompanionError
from companion.textio import decode_text

from .test_deck_cli import run, run_json
from .test_deck_page_audit import text_of

LEGAL = str(DATA_DIR / "decks" / "village-demo-legal.txt")
SCORE_LIST = str(DATA_DIR / "decks" / "monarchs-book-example.json")


def _user(folder: Path, *parts: str) -> Path:
    path = folder.joinpath(*parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


# --- 1. cards import -o never replaces (or joins) a saved deck -----------------------------------------

def test_cards_import_refuses_a_saved_decklist(_isolated_user_data: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "f.csv"
    sheet.write_text("id,name,type,source\nzz-fig,ZZ Fig,fruit,me\n", encoding="utf-8")
    saved = _user(_isolated_user_data, "decks", "village-mine.json")
    kept = '{"cards":[{"card":"Acorn Scout","count":3}]}\n'
    saved.write_text(kept, encoding="utf-8")
    code, out, err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(saved))
    assert code == 2 and out == "" and saved.read_text(encoding="utf-8") == kept
    assert "your saved decklist" in err and "nothing was written" in err
    assert str(_isolated_user_data / "village") in err  # where a card file of one's own goes
    new = saved.with_name("village-other.json")  # a new file there would be offered as a deck
    code, data = run_json(capsys, "cards", "import", "village", str(sheet), "-o", str(new))
    assert code == 2 and "in your decks folder" in data["error"] and not new.exists()
    sheet_deck = saved.with_name("village-kept.csv")  # a list kept as CSV: no export over it
    sheet_deck.write_text("Qty,Name\n3,Acorn Scout\n", encoding="utf-8")
    code, _out, err = run(capsys, "cards", "export", "village", "-o", str(sheet_deck))
    assert code == 2 and "your saved decklist" in err
    assert sheet_deck.read_text(encoding="utf-8") == "Qty,Name\n3,Acorn Scout\n"
    ok = tmp_path / "ok.json"  # elsewhere: written as before
    code, _out, _err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(ok))
    assert code == 0 and ok.exists()


# --- 2. a spreadsheet's empty rows in a CSV decklist are skipped ---------------------------------------

@pytest.mark.parametrize("text", [
    "Qty,Name\r\n3,Acorn Scout\r\n,\r\n57,Apple\r\n",
    "Qty;Name\r\n3;Acorn Scout\r\n;;;\r\n57;Apple\r\n",
    "3,Acorn Scout\r\n,\r\n57,Apple\r\n,,\r\n",  # no header row: still read as CSV
    'sep=;\r\n;;;\r\n3;Acorn Scout\r\n"";""\r\n57;Apple\r\n',
])
def test_empty_csv_rows_are_skipped(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = parse(text, load_game("village"))
    assert deck.card_count == 60 and len(deck.entries) == 2
    path = tmp_path / "e.csv"
    path.write_bytes(text.encode())
    code, out, _err = run(capsys, "deck", "check", "village", str(path))
    assert code == 0 and "LEGAL" in out


# --- 3. a format file of one's own never stops the standard check --------------------------------------

def test_a_user_format_with_a_bundled_id_is_skipped_with_a_warning(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((DATA_DIR / "formats" / "village-casual-50.json").read_text(encoding="utf-8"))
    mine = _user(_isolated_user_data, "formats", "mine.json")
    mine.write_text(json.dumps({**doc, "id": "village-standard"}), encoding="utf-8")
    code, out, err = run(capsys, "deck", "check", "village", LEGAL)
    assert code == 0 and "LEGAL" in out and "(Village TCG format)" in out.splitlines()[0]
    assert "skipped a format file" in err and str(mine) in err and "village-standard-mine" in err
    code, data = run_json(capsys, "deck", "check", "village", LEGAL)
    assert code == 0 and data["format"] == "village-standard" and data["format_file"] is None
    assert any(str(mine) in w for w in data["warnings"])
    code, _out, err = run(capsys, "deck", "odds", "village", LEGAL)
    assert code == 0 and "skipped a format file" in err
    code, _out, err = run(capsys, "deck", "check", "village", LEGAL, "--format", str(mine))
    assert code == 2 and "which is a bundled format's" in err  # named by path: asked for, refused
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")  # the page gets its verdict too, and says why the file was skipped
    assert "Legal · 60 cards" in view.summary.value
    said = text_of(view.status.value)
    assert "Some format files were skipped" in said and f"{mine}: this format of your own has the id " \
        "'village-standard', which is a bundled format's" in said and '"village-standard-mine"' in said


def test_a_broken_format_file_is_named_by_deck_check(_isolated_user_data: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    broken = _user(_isolated_user_data, "formats", "broken.json")
    broken.write_text("{nope", encoding="utf-8")
    code, out, err = run(capsys, "deck", "check", "village", LEGAL)
    assert code == 0 and "LEGAL" in out  # a warning, as a card file left out: the verdict's exit code
    assert err.count("companion: skipped a format file:") == 1 and str(broken) in err
    code, _out, err2 = run(capsys, "deck", "formats", "village")
    assert code == 1 and err2 == err  # said as `deck formats` says it


# --- 4. bytes that are not UTF-8: by line and column, with the hint to save as UTF-8 ------------------

def test_a_bad_byte_is_located_by_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "x.txt"
    deck.write_bytes(b"3 Acorn Scout\n57 Apple # caf\xe9\n")
    code, _out, err = run(capsys, "deck", "check", "village", str(deck))
    assert code == 2 and "0xe9 on line 2, column 15" in err and "offset" not in err and "CSV UTF-8" in err
    sheet = tmp_path / "s.csv"
    sheet.write_bytes(b"Qty,Name\r\n3,Acorn Scout\r\n57,Caf\xe9\r\n")
    code, _out, err = run(capsys, "deck", "check", "village", str(sheet))
    assert code == 2 and "line 3, column 7" in err and "CSV UTF-8" in err
    cards = tmp_path / "c.csv"
    cards.write_bytes(b"id,name,type,source\nzz-fig,ZZ Fig,fruit,me\nzz-a,caf\xe9,fruit,me\n")
    code, _out, err = run(capsys, "cards", "import", "village", str(cards), "-o", str(tmp_path / "o.json"))
    assert code == 2 and "line 3, column 9" in err and "offset" not in err
    with pytest.raises(CompanionError, match=r"0xe9 on line 2, column 15"):  # a byte-order mark first
        decode_text(b"\xef\xbb\xbf3 Acorn\n57 Apple # caf\xe9\n", where="x")
    with pytest.raises(CompanionError, match=r"0xff on line 3, column 2"):  # \r\n and \r end lines
        decode_text(b"a\r\nb\rc\xff", where="x")


def test_the_deck_builder_upload_names_the_line() -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.upload.value = ({"name": "x.txt", "type": "text/plain", "size": 30,
                          "content": memoryview(b"3 Acorn Scout\n57 Apple # caf\xe9\n"),
                          "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)
    assert "line 2, column 15" in view.status.value and "CSV UTF-8" in view.status.value


# --- 5. what a list or a file is, said once --------------------------------------------------------------

def test_one_line_of_the_other_games_cards_gets_the_hint(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    one = tmp_path / "one.txt"
    one.write_text("3 Acorn Scout\n", encoding="utf-8")
    code, _out, err = run(capsys, "deck", "check", "tmnt", str(one))
    assert code == 2 and "This looks like a Village TCG card" in err
    assert "`companion deck check village`" in err.splitlines()[0]
    two = tmp_path / "two.txt"  # two of its cards, no card of the game: the hint
    two.write_text("3 Acorn Scout\n2 Barley Runner\n", encoding="utf-8")
    code, _out, err = run(capsys, "deck", "check", "tmnt", str(two))
    assert code == 2 and "(2 of the 2 unknown names are)" in err
    half = tmp_path / "half.txt"  # one of its cards and a name neither game knows: no majority, no hint
    half.write_text("3 Acorn Scout\n2 Xyzzy Qqq\n", encoding="utf-8")
    code, _out, err = run(capsys, "deck", "check", "tmnt", str(half))
    assert code == 2 and "look" not in err
    mixed = tmp_path / "mixed.txt"  # a card of the game itself: a typo list, no word on the game
    mixed.write_text("3 Leonardo\n3 Acorn Scout\n", encoding="utf-8")
    code, _out, err = run(capsys, "deck", "check", "tmnt", str(mixed))
    assert code == 2 and "look" not in err


def test_a_file_that_is_clearly_no_decklist_says_what_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.deck.decklist import NotADecklist

    code, _out, err = run(capsys, "deck", "check", "village", SCORE_LIST)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "Of Mice and Monarchs score list" in err and "companion score monarchs" in err
    code, data = run_json(capsys, "deck", "check", "village", SCORE_LIST)
    assert code == 2 and "score list" in data["error"]
    fmt = str(DATA_DIR / "formats" / "village-casual-50.json")
    code, _out, err = run(capsys, "deck", "check", "village", fmt)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "a deck format file" in err
    assert "--format" in err
    with pytest.raises(NotADecklist):
        parse(Path(SCORE_LIST).read_text(encoding="utf-8"), load_game("tmnt"))
    # a list with wrong field names is still a decklist: every problem, one by one
    with pytest.raises(CompanionError) as err2:
        parse('{"cards": [{"name": "Acorn Scout", "qty": 3}]}', load_game("village"))
    assert not isinstance(err2.value, NotADecklist) and '"card"' in str(err2.value)
