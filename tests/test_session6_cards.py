"""A new user's first hour with the card tools (exploratory test findings): ``cards list --type`` takes a
type as the Cards page names it, the same sheet added twice is said to be in your cards already, a
correction set back to the card's own value is undone, and a card file that checks clean says where
it goes."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, load_game
from companion.cli import main
from companion.corrections import MARK, correct_card, corrections_path
from companion.views.cards import CardBrowserView

#: A sheet as a spreadsheet saves it: a BOM, semicolons, quoted cells, Windows line ends, an empty row.
SHEET = ("\ufeffname;type;atk;def;food;source\r\n"
         "\"Brave Mouse\";basic-mouse;3;2;breakfast;\"my own; homemade\"\r\n"
         ";;;;;\r\n\"Zoë the Bold 🐭\";mega-mouse;4;3;lunch;me\r\n")


def _text(value: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", value))).strip()


def _upload(view: CardBrowserView, raw: bytes, name: str) -> None:
    view.upload.value = ({"name": name, "type": "text/csv", "size": len(raw), "content": memoryview(raw),
                          "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)


# -- cards list --type: the type as the page names it ---------------------------------------------


@pytest.mark.parametrize("typed", ["Basic Mouse", "basic_mouse", "BASIC-MOUSE"])
def test_cards_list_takes_a_type_as_the_page_names_it(typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "village", "--type", typed]) == 0
    out = capsys.readouterr().out
    assert "Acorn Scout" in out and "Cheddar Knight" not in out


def test_a_type_two_types_hold_alike_suggests_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "village", "--type", "mouse"]) == 2
    assert "Did you mean 'basic-mouse' or 'mega-mouse'?" in capsys.readouterr().err


# -- the same sheet added twice ----------------------------------------------------------------------


def test_the_same_sheet_added_twice_is_said_to_be_in_your_cards(_isolated_user_data: Path) -> None:
    raw = SHEET.encode("utf-8")
    view = CardBrowserView("village")
    _upload(view, raw, "My Cards.csv")
    view.add_button.click()
    added = _isolated_user_data / "village" / "my-cards.json"
    assert added.is_file() and "Added 2 cards" in _text(view.report.value)
    saved = added.read_bytes()
    _upload(view, raw, "My Cards.csv")  # the same sheet again
    said = _text(view.report.value)
    assert f"My Cards.csv: already in your Village TCG cards Its 2 cards are in {added}" in said
    assert "nothing to add" in said and "replaces" not in said and "duplicate id" not in said
    assert f"--out {added}" in said  # how to change them: import over that file
    assert view.add_button.layout.display == "none"
    assert sorted(p.name for p in added.parent.iterdir()) == ["my-cards.json"] and added.read_bytes() == saved
    # a sheet that differs from the cards added is still refused with its problems
    _upload(view, raw.replace(b";4;3;", b";5;3;"), "My Cards.csv")
    assert "duplicate id" in _text(view.report.value) and "already in your" not in view.report.value


# -- undoing a correction --------------------------------------------------------------------------


def test_a_correction_set_back_to_the_book_s_value_is_undone(capsys: pytest.CaptureFixture[str]) -> None:
    book = load_game("mystics").find("collin")
    assert book["move"] == 2 and book["battle"] is None
    assert main(["cards", "correct", "mystics", "collin", "battle=3", "move=3"]) == 0
    capsys.readouterr()
    assert main(["cards", "correct", "mystics", "collin", "move=2"]) == 0  # the book's value again
    out = capsys.readouterr().out
    assert "move=2: the card's own value, so no correction of yours is kept for it" in out
    collin = load_game("mystics").find("collin")
    assert collin.source.endswith(f"{MARK}battle") and collin["move"] == 2
    assert main(["cards", "list", "mystics", "--type", "hero"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("collin "))
    assert "3*" in row and "2*" not in row  # the book's 2 is not marked as a value of yours
    assert main(["cards", "correct", "mystics", "collin", "battle=null"]) == 0  # unknown again
    capsys.readouterr()
    assert json.loads(corrections_path("mystics").read_text(encoding="utf-8"))["cards"] == []
    collin = load_game("mystics").find("collin")
    assert collin.source == book.source and "battle" in collin["unknown"]
    assert main(["validate"]) == 0


def test_a_reading_the_book_is_unsure_of_confirmed_is_a_correction() -> None:
    tilda = load_game("mystics").find("tilda")
    assert "classes" in tilda["uncertain"]
    record = correct_card("mystics", "tilda", {"classes": list(tilda["classes"])}, note="checked my copy")
    assert "user correction: classes (checked my copy)" in record["source"]
    assert "classes" not in load_game("mystics").find("tilda").get("uncertain", ())


# -- a card file that checks clean ---------------------------------------------------------------------


def test_a_clean_card_file_says_where_to_put_it(_isolated_user_data: Path, tmp_path: Path) -> None:
    doc = {"game": "village", "set": "Mine", "cards": [
        {"id": "brave-mouse", "name": "Brave Mouse", "type": "basic-mouse", "atk": 3, "def": 2,
         "source": "my design"}]}
    raw = b"\xef\xbb\xbf" + json.dumps(doc).encode()
    view = CardBrowserView("tmnt")  # (the file's own game is the one named)
    view.check_bytes(raw, "mine.json")
    where = f"put the file in your Village TCG card folder, {_isolated_user_data / 'village'}"
    assert "companion-ok" in view.report.value and where in _text(view.report.value)
    (tmp_path / "mine.json").write_bytes(raw)
    view.path.value = str(tmp_path / "mine.json")
    view.check_button.click()
    assert where in _text(view.report.value)
    view.path.value = str(DATA_DIR / "mousecard" / "deck.json")  # read already: nowhere to put it
    view.check_button.click()
    assert "companion-ok" in view.report.value and "put the file" not in view.report.value
