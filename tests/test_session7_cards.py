"""Card import and lookup, after last session's review: a refused sheet is converted once (the refusal
carries it), a duplicate id names its holder's file and pointer as data, a card name's suggestions are
only close names (never a stranger to make up three), and hostile input found by an exploratory test
(a workbook given as a sheet, a cell longer than import reads, a field corrected twice at once)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import cardcsv
from companion.cardcsv import CsvImportError, added_before, import_csv
from companion.cards import load_game
from companion.errors import name_typos, typo_allowance
from companion.validation import Record, ValidationIssue, check_collection
from tests.helpers import run_cli as run

SHEET = "name,type,atk,def,source\nBrave Mouse,basic-mouse,3,2,mine\nZoë the Bold,mega-mouse,4,3,mine\n"


def _refusal(sheet: str, **kw: Any) -> CsvImportError:
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet, file="mine.csv", **kw)
    return caught.value


# -- 1. a refused sheet is converted once ------------------------------------------------------------------


def test_a_sheet_refused_only_for_the_loaded_cards_carries_its_converted_document() -> None:
    refused = _refusal("id,name,type,atk,def,source\nacorn-scout,Acorn Scout,basic-mouse,1,1,me\n")
    assert refused.doc == import_csv("village", "id,name,type,atk,def,source\n"
                                     "acorn-scout,Acorn Scout,basic-mouse,1,1,me\n",
                                     file="mine.csv", check_loaded=False)


def test_a_sheet_with_problems_of_its_own_carries_no_document() -> None:
    assert _refusal("name,type,atk,def,source\nPip,basic-mouse,two,1,me\n").doc is None  # a cell's
    assert _refusal("name,type,atk,def,source\nPip,basic-mouse,9999,1,me\n").doc is None  # the schema's
    assert _refusal("").doc is None


def _count_imports(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = cardcsv.import_csv

    def counted(*args: Any, **kw: Any) -> dict[str, Any]:
        calls.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(cardcsv, "import_csv", counted)
    return calls


def test_added_before_reads_the_refusal_and_converts_nothing_again(
        _isolated_user_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "kept.json").write_text(json.dumps(import_csv("village", SHEET, file="mine.csv")),
                                      encoding="utf-8")
    refused = _refusal(SHEET)
    calls = _count_imports(monkeypatch)
    kept = added_before("village", refused)
    assert kept is not None and kept.path == folder / "kept.json" and kept.cards == 2 and calls == []
    assert added_before("village", _refusal(SHEET.replace(",3,2,", ",x,2,"))) is None  # (its own problem)


def test_cards_import_of_a_sheet_added_before_converts_it_once(
        _isolated_user_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "mine.csv"
    sheet.write_text(SHEET, encoding="utf-8")
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    assert run(capsys, "cards", "import", "village", str(sheet), "--out", str(mine))[0] == 0
    calls = _count_imports(monkeypatch)
    again = tmp_path / "again.json"
    code, _, err = run(capsys, "cards", "import", "village", str(sheet), "--out", str(again))
    assert code == 1 and "already in your Village TCG cards" in err and len(calls) == 1


# -- 2. a duplicate id names its holder as data ------------------------------------------------------------


def test_a_duplicate_id_carries_its_holders_file_and_pointer() -> None:
    first = {"id": "a", "name": "A", "type": "fruit", "source": "me"}
    issues = check_collection("village", [Record("one.json", 0, first), Record("one.json", 1, first),
                                          Record("two.json", 4, first)])
    dups = [i for i in issues if i.kind == "duplicate-id"]
    assert [(i.file, i.pointer, i.holder_file, i.holder_pointer) for i in dups] == [
        ("one.json", "/cards/1/id", "one.json", "/cards/0"),
        ("two.json", "/cards/4/id", "one.json", "/cards/0")]
    assert dups[1].to_json()["holder_file"] == "one.json"  # (validate --json gives it too)


def test_an_id_held_by_a_broken_file_is_found_from_the_issues_data_not_its_words(
        _isolated_user_data: Path) -> None:
    broken = _isolated_user_data / "village" / "old.json"
    broken.parent.mkdir(parents=True)
    broken.write_text(json.dumps({"game": "village", "set": "Old", "cards": [
        {"id": "brave-mouse", "name": "Brave Mouse", "type": "basic-mouse", "atk": 3, "def": 2,
         "source": "me", "bogus": 1}]}), encoding="utf-8")
    said = ValidationIssue("mine.csv", "worded any way at all", pointer="/cards/0/id", card_id="brave-mouse",
                           kind="duplicate-id", holder_file=str(broken), holder_pointer="/cards/0")
    (issue,) = cardcsv._held_left_out("village", [said])
    assert issue.message.startswith(f"duplicate id 'brave-mouse': held by {broken} /cards/0, a card file of "
                                    "yours that does not load")
    # an id the sheet itself holds twice is the sheet's problem, never its holder's file
    same = ValidationIssue("mine.csv", "x", kind="duplicate-id", card_id="brave-mouse",
                           holder_file="mine.csv", holder_pointer="/cards/0")
    assert cardcsv._held_left_out("village", [same]) == [same]


def test_an_id_given_twice_in_a_sheet_is_still_said_by_row() -> None:
    sheet = "id,name,type,atk,def,source\na,X,basic-mouse,1,1,me\na,Y,basic-mouse,1,1,me\n"
    problems = _refusal(sheet).problems
    assert problems == ["row 3, column A 'id': duplicate id 'a' (first on row 2)"]


# -- 3. suggestions: close names only ------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "typed", "offered"), [
    ("village", "Acorn Scot", ["Acorn Scout"]),            # not 'Acorn Cap', three typos away
    ("mousecard", "Qeen of Hearts", ["Queen of Hearts"]),  # not 'Ace of Hearts' or '9 of Hearts'
    ("mousecard", "Jak of Spades", ["Jack of Spades"]),
    ("mystics", "Chese", ["Cheese"]),                      # not 'Roaches'
    ("village", "Storm Wisker", ["Storm Whisker", "Stormy Whisker"]),  # one typo further: both offered
    ("tmnt", "Karie", ["Karai"]),                          # two typos in five letters: still close
    ("village", "Peer", ["Pear"]),                         # one typo in four
    ("village", "Sword", ["Needle Sword"]),                # a word of the name
    ("village", "Harvest", ["Harvest Moon", "Harvest Giant"]),
    ("village", "acorn-scot", ["Acorn Scout"]),            # an id mistyped: the name offered
])
def test_a_misspelt_name_gets_the_close_names_best_first(game: str, typed: str, offered: list[str]) -> None:
    assert load_game(game, include_user=False).suggest(typed) == offered


@pytest.mark.parametrize(("game", "typed"), [
    ("village", "xyzzy"), ("village", "Beer"),    # two typos in four letters: not 'Pear'
    ("village", "Aplo"), ("mystics", "Aple"),     # no 'Grape' for an apple
    ("monarchs", "Qeen of Hearts"),               # another game's card: not 'Queen Mother'
    ("tmnt", "Storm Wisker"),                     # nor 'Storm Wall'
    ("village", "ac"),                            # two letters are no name
    ("village", "ape"),                           # 'Apple' begins one typo from it: two in all
])
def test_a_word_close_to_no_name_gets_no_names(game: str, typed: str) -> None:
    assert load_game(game, include_user=False).suggest(typed) == []


def test_the_typo_allowance_is_about_a_third_of_the_word() -> None:
    assert [typo_allowance("x" * n) for n in (1, 4, 5, 7, 8, 14)] == [1, 1, 2, 2, 3, 5]
    assert name_typos("Peasant Mose", "Peasant Mouse (A, 0)") == 2  # the start of a long name: 1, and 1
    assert name_typos("Sword", "Needle Sword") == 1  # a word of the name
    assert name_typos("ape", "Grape") == 2  # inside a word is no start of one
    assert name_typos("x" * 65, "x" * 65) is None  # (a pasted page is not compared letter by letter)


def test_cards_correct_offers_only_the_close_name(_isolated_user_data: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "correct", "village", "Acorn Scot", "atk=3")
    assert code == 2 and "Did you mean 'Acorn Scout'?" in err and "Acorn Cap" not in err


def test_cards_correct_of_a_name_close_to_none_says_how_to_list_them(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "correct", "village", "xyzzy", "atk=3")
    assert code == 2 and "Did you mean" not in err
    assert "unknown Village TCG card 'xyzzy'. `companion cards list village` lists its cards" in err
    assert not (_isolated_user_data / "village").exists()


def test_a_deck_line_gets_only_the_close_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("3 Acorn Scot\n3 Xyzzy\n", encoding="utf-8")
    code, _, err = run(capsys, "deck", "check", "village", str(deck))
    assert code == 2
    assert "'3 Acorn Scot': unknown Village TCG card 'Acorn Scot'. Did you mean 'Acorn Scout'?\n" in err
    assert "'3 Xyzzy': unknown Village TCG card 'Xyzzy'\n" in err


# -- 4. hostile input ---------------------------------------------------------------------------------------


def test_a_workbook_given_as_a_sheet_says_to_save_it_as_csv(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    import zipfile

    book = tmp_path / "cards.csv"
    with zipfile.ZipFile(book, "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    before = book.read_bytes()
    code, _, err = run(capsys, "cards", "import", "village", str(book), "--out", str(tmp_path / "c.json"))
    assert code == 2 and f"{book}: is a spreadsheet workbook (.xlsx, .ods or .xls), not a CSV sheet" in err
    assert "'CSV UTF-8'" in err and "Traceback" not in err
    assert book.read_bytes() == before and not (tmp_path / "c.json").exists()
    old = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100  # an .xls
    with pytest.raises(cardcsv.CompanionError, match="spreadsheet workbook"):
        import_csv("village", old, file="old.csv")


def test_a_cell_longer_than_import_reads_says_so_not_a_quote() -> None:
    problems = _refusal("name,type,atk,def,source\n" + "A" * 200_000 + ",basic-mouse,1,1,me\n").problems
    assert problems == ["line 2: a cell holds more than 131,072 characters, more than import reads in one "
                        "cell (a picture or a page pasted in?): shorten it, or give a picture as a file's "
                        "path in the 'art' column"]


def test_cards_correct_refuses_a_field_given_twice_with_two_values(_isolated_user_data: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "correct", "mystics", "brodie", "life=5", "life=6")
    assert code == 2 and "the field 'life' is given twice (life=5, then life=6): give it once" in err
    assert "Nothing was saved." in err and not (_isolated_user_data / "mystics").exists()
    code, out, _ = run(capsys, "cards", "correct", "mystics", "brodie", "life=5", "life=5")  # the same: fine
    assert code == 0 and "life=5" in out


def test_a_left_out_files_warning_reads_as_one_sentence(_isolated_user_data: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_bytes(b"\xff\xfe{\x00}\x00")  # UTF-16: its problem ends with a full stop
    code, _, err = run(capsys, "cards", "list", "village")
    assert code == 0 and "your village card file mine.json does not load" in err
    assert ".;" not in err and "encoding); run `companion validate" in err


def test_a_card_file_named_csv_gets_an_export_command_that_can_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {"game": "village", "set": "x",
           "cards": [{"id": "zz", "name": "ZZ", "type": "fruit", "source": "me"}]}
    sheet = tmp_path / "mine.csv"
    sheet.write_text(json.dumps(doc), encoding="utf-8")
    (problem,) = _refusal(json.dumps(doc)).problems
    assert problem.endswith("`companion cards export village --cards mine.csv -o mine-sheet.csv` makes a "
                            "sheet of it")  # (not -o mine.csv: the file read, which export refuses)
    out = tmp_path / "mine-sheet.csv"
    code, _, _ = run(capsys, "cards", "export", "village", "--cards", str(sheet), "-o", str(out))
    assert code == 0 and out.exists()


def test_a_sheet_named_json_is_said_to_be_a_sheet() -> None:
    from companion.validation import validate_bytes

    for text in ("name,type,atk,def,source\nPip,basic-mouse,1,1,me\n", "sep=;\nName;Type\nPip;fruit\n"):
        (issue,) = validate_bytes(text.encode(), file="mine.json").issues
        assert issue.suggestion == ("A CSV sheet is not a card file: make one of it with `companion cards "
                                    "import village mine.json --out mine-cards.json`.")
    (issue,) = validate_bytes(b"a,b\n1,2\n", file="mine.json").issues  # no card sheet's columns
    assert issue.suggestion is None


def test_cards_correct_of_a_card_in_a_file_of_yours_left_out_names_that_file(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = _isolated_user_data / "village" / "broken.json"
    broken.parent.mkdir(parents=True)
    card = {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}
    broken.write_text(json.dumps({"game": "village", "set": "x", "cards": [card, card]}), encoding="utf-8")
    before = broken.read_bytes()
    code, _, err = run(capsys, "cards", "correct", "village", "Pip", "text=hello")
    assert code == 2 and ("unknown Village TCG card 'Pip'. It is a card of broken.json, a card file of yours "
                          "that does not load and is left out: fix that file first") in err
    assert broken.read_bytes() == before and not (broken.parent / "corrections.json").exists()
