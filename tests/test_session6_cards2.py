"""A new user's first hour with the card tools, continued (exploratory test findings): *Add to my cards*
adds only the sheet checked and on show, a duplicate id made from two names says so and how to give
ids, the command line says a sheet imported twice is in your cards already (as the page does), the
search reads the card type and the Number menu offers only the chosen type's numbers, and the start
page and README say what the card tools do."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cardcsv import CsvImportError, added_before, import_csv
from companion.cli import main
from companion.views.cards import NO_STAT, CardBrowserView, filter_frame, stat_options
from companion.views.start import COMMON_TOOLS

README = Path(__file__).resolve().parents[1] / "README.md"
SHEET = "name,type,atk,def,source\nBrave Mouse,basic-mouse,3,2,mine\nZoë the Bold,mega-mouse,4,3,mine\n"
OTHER = "name,type,atk,def,source\nSneaky Mouse,basic-mouse,1,1,mine\n"


def _text(value: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", value))).strip()


def _upload(view: CardBrowserView, raw: bytes, name: str) -> None:
    view.upload.value = ({"name": name, "type": "text/csv", "size": len(raw), "content": memoryview(raw),
                          "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)


def _problems(sheet: str) -> list[str]:
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet.encode("utf-8"), file="mine.csv")
    return caught.value.problems


# -- 1. Add to my cards adds only the sheet checked and on show ----------------------------------------


def test_typing_a_path_after_a_clean_upload_hides_add_to_my_cards(_isolated_user_data: Path,
                                                                   tmp_path: Path) -> None:
    view = CardBrowserView("village")
    _upload(view, SHEET.encode(), "first.csv")
    assert view.add_button.layout.display == "" and "a valid Village TCG sheet" in _text(view.report.value)
    other = tmp_path / "other.csv"
    other.write_text(OTHER, encoding="utf-8")
    view.path.value = str(other)  # a new path typed: the upload is no longer what the button would add
    assert view.add_button.layout.display == "none" and view.sheet is None
    said = _text(view.report.value)
    assert "first.csv: not added" in said and "press Check file to check the path typed" in said
    assert not (_isolated_user_data / "village").exists()  # nothing written
    view.check_button.click()  # the path, checked: its sheet is the one on show, and the one added
    assert view.add_button.layout.display == "" and f"{other}: a valid" in _text(view.report.value)
    view.add_button.click()
    added = json.loads((_isolated_user_data / "village" / "other.json").read_text(encoding="utf-8"))
    assert [c["name"] for c in added["cards"]] == ["Sneaky Mouse"]
    assert sorted(p.name for p in (_isolated_user_data / "village").iterdir()) == ["other.json"]


def test_typing_a_path_with_nothing_offered_leaves_the_report(_isolated_user_data: Path) -> None:
    view = CardBrowserView("village")
    _upload(view, b"name,type\nPip,basic-mouse\n", "bad.csv")  # refused: its problems stay on show
    before = view.report.value
    view.path.value = "x.csv"
    assert view.report.value == before and view.add_button.layout.display == "none"


# -- 2. a duplicate id made from names -----------------------------------------------------------------


def test_two_emoji_names_say_their_ids_are_made_from_the_names() -> None:
    problems = _problems("name,type,atk,def,source\n🍰,basic-mouse,1,1,me\n🎂,basic-mouse,1,1,me\n"
                         "Éclair 🍰,basic-mouse,1,1,me\nÉclair,basic-mouse,1,1,me\n")
    assert problems == [
        "row 3: duplicate id 'card' (first on row 2); the ids of rows 2 and 3 are made from their names "
        "'🍰' and '🎂' (a name with no letters or digits gives 'card'): add an 'id' column and give rows 2 "
        "and 3 ids of their own there (lower case letters, digits and hyphens, such as 'card-2')",
        "row 5: duplicate id 'eclair' (first on row 4); the ids of rows 4 and 5 are made from their names "
        "'Éclair 🍰' and 'Éclair' (a name's id keeps only its letters and digits, accents dropped): add an "
        "'id' column and give rows 4 and 5 ids of their own there (lower case letters, digits and hyphens, "
        "such as 'eclair-2')"]


def test_an_empty_id_cell_says_which_row_s_id_was_made_from_its_name() -> None:
    problems = _problems("id,name,type,atk,def,source\n,🍰,basic-mouse,1,1,me\ncard,🎂,basic-mouse,1,1,me\n")
    assert problems == [
        "row 3, column A 'id': duplicate id 'card' (first on row 2); the id of row 2 is made from its name "
        "'🍰' (a name with no letters or digits gives 'card'): give row 2 an id of its own in the id column "
        "(lower case letters, digits and hyphens, such as 'card-2')"]


def test_an_id_made_from_a_name_that_a_loaded_card_has_says_so() -> None:
    (problem,) = _problems("name,type,atk,def,source\nAcorn Scout!,basic-mouse,1,1,me\n")
    assert problem.startswith("row 2, field 'id' (no such column): duplicate id 'acorn-scout': already used")
    assert problem.endswith("or choose a new id. The id of row 2 is made from its name 'Acorn Scout!' "
                            "(a name's id keeps only its letters and digits, accents dropped): add an 'id' "
                            "column and give row 2 an id of its own there (lower case letters, digits and "
                            "hyphens, such as 'acorn-scout-2')")


def test_ids_given_twice_say_nothing_of_names() -> None:
    assert _problems("id,name,type,atk,def,source\na,X,basic-mouse,1,1,me\na,Y,basic-mouse,1,1,me\n") == [
        "row 3, column A 'id': duplicate id 'a' (first on row 2)"]


# -- 3. the same sheet imported twice, on the command line ------------------------------------------------


def test_cards_import_of_a_sheet_added_before_says_it_is_in_your_cards(
        _isolated_user_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "mine.csv"
    sheet.write_text(SHEET, encoding="utf-8")
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    assert main(["cards", "import", "village", str(sheet), "--out", str(mine)]) == 0
    saved = mine.read_bytes()
    capsys.readouterr()
    out = tmp_path / "again.json"
    assert main(["cards", "import", "village", str(sheet), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert (f"{sheet}: already in your Village TCG cards. Its 2 cards are in {mine} as the sheet has them "
            f"(added before): there is nothing to add. To change them, change the sheet and write it over "
            f"that file: `companion cards import village {sheet} --out {mine}`") in err
    assert "replaces" not in err and "duplicate id" not in err and f"{out} was not written" in err
    assert not out.exists() and mine.read_bytes() == saved
    assert main(["cards", "import", "village", str(sheet), "--out", str(out), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["wrote"] is None and report["added_before"] == str(mine) and report["cards"] == 2
    assert report["problems"][0]["message"].startswith("already in your Village TCG cards. Its 2 cards")
    # the page says the same words (one function, cardcsv.added_before)
    view = CardBrowserView("village")
    _upload(view, SHEET.encode(), "mine.csv")
    assert "mine.csv: already in your Village TCG cards Its 2 cards are in" in _text(view.report.value)
    # a sheet that differs from the cards added is refused with its problems, as before
    changed = tmp_path / "changed.csv"
    changed.write_text(SHEET.replace(",4,3,", ",5,3,"), encoding="utf-8")
    assert main(["cards", "import", "village", str(changed), "--out", str(out)]) == 1
    assert "duplicate id 'brave-mouse'" in capsys.readouterr().err


def _refused(sheet: str) -> CsvImportError:
    """The import's refusal of ``sheet``, as the page and ``cards import`` pass it to ``added_before``."""
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet, file="mine.csv")
    return caught.value


def test_added_before_finds_only_the_file_holding_the_sheets_cards(_isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    doc = import_csv("village", SHEET, file="mine.csv")
    # a file holding the sheet's ids with other values: refused (duplicate ids), but not added before
    other = json.loads(json.dumps(doc))
    other["cards"][0]["atk"] = 1
    (folder / "other.json").write_text(json.dumps(other), encoding="utf-8")
    assert added_before("village", _refused(SHEET)) is None
    (folder / "kept.json").write_text(json.dumps(doc), encoding="utf-8")
    kept = added_before("village", _refused(SHEET))
    assert kept is not None and kept.path == folder / "kept.json" and kept.cards == 2
    assert kept.said("village", "mine.csv")[0] == "already in your Village TCG cards"
    assert added_before("village", _refused(SHEET.replace(",4,3,", ",5,3,"))) is None


# -- 4. search reads the type; the Number menu offers the chosen type's numbers -----------------------------


def test_search_reads_the_card_type_as_the_game_names_it() -> None:
    view = CardBrowserView("village")
    assert view.frame is not None
    basic = view.frame[view.frame["type"] == "basic-mouse"]
    found = filter_frame(view.frame, text="basic mouse")
    assert len(found) == len(basic) > 0 and set(found["type"]) == {"basic-mouse"}
    assert set(filter_frame(view.frame, text="basic-mouse")["type"]) == {"basic-mouse"}
    view.search.value = "Basic Mouse"
    assert _text(view.count.value).startswith(f"{len(basic)} of ")


def test_the_number_menu_offers_only_the_chosen_type_s_numbers() -> None:
    view = CardBrowserView("village")
    assert view.frame is not None
    assert list(view.stat_menu.options) == [NO_STAT, "atk", "def"]
    view.stat_menu.value = "atk"
    view.range.value = (2, 5)
    view.type_menu.value = "mega-mouse"  # a mouse holds ATK: kept, with its range
    assert view.stat_menu.value == "atk" and view.range.value == (2, 5) and not view.range.disabled
    view.type_menu.value = "fruit"  # no ATK on a Fruit card: not offered, and its filter cleared
    assert list(view.stat_menu.options) == [NO_STAT] and view.stat_menu.value == NO_STAT
    assert view.range.disabled
    fruit = len(view.frame[view.frame["type"] == "fruit"])
    assert _text(view.count.value).startswith(f"{fruit} of ")  # every Fruit card, not 0 matches
    view.type_menu.value = "(all)"
    assert list(view.stat_menu.options) == [NO_STAT, "atk", "def"]
    assert stat_options(view.frame, "fruit") == [NO_STAT]


# -- 5. what the start page and README say ------------------------------------------------------------------


def test_the_start_page_says_the_card_page_adds_a_spreadsheet() -> None:
    what = next(t[2] for t in COMMON_TOOLS if t[0] == "cards.ipynb")
    assert "check your own card files" in what and "add a spreadsheet (CSV) to your cards" in what


def test_the_readme_says_how_to_undo_a_correction() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert ("To undo a correction, set the field back to the card's own value (`null` for a value the book "
            "does not show)") in text
    assert "`companion cards correct mystics brodie life=null`" in text
