"""Browser audit B, the Cards page: a clean CSV sheet is added to your cards with a button (the command
only a hint, in ``<code>``), the corrected-tile legend in plain words, the upload button never reads
"(0)" after a file is taken, and card types read as the game names them ("Basic Mouse")."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

from companion import ui
from companion.cardcsv import card_file_text, import_csv
from companion.cards import type_name
from companion.views.cards import CORRECTED_LEGEND, CardBrowserView

SHEET = b"name,type,atk,def,source\nPip the Brave,basic-mouse,2,1,my design\nPip Fruit,fruit,,,my design\n"


def _upload(view: CardBrowserView, raw: bytes, name: str) -> None:
    view.upload.value = ({"name": name, "type": "text/csv", "size": len(raw), "content": memoryview(raw),
                          "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)


# -- 1. a clean sheet: Add to my cards, the command a hint -------------------------------------------


def test_a_clean_sheet_is_added_to_my_cards_beside_a_file_of_that_name(_isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir()
    mine = folder / "good.json"
    mine.write_text('{"game": "village", "set": "mine", "cards": []}', encoding="utf-8")
    view = CardBrowserView("village")
    assert view.add_button.layout.display == "none"  # nothing checked yet
    _upload(view, SHEET, "good.csv")
    report = view.report.value
    assert "companion-ok" in report and "`" not in report  # no raw backticks
    assert "<b>Add to my cards</b>" in report
    # the command: a hint in <code>, with no upload's name as if it were a path on disk
    assert re.search(r"<code>companion cards import village SHEET\.csv --out \S*good\.json</code>", report)
    assert view.add_button.layout.display != "none" and "cmp-cards-add" in view.add_button._dom_classes

    view.add_button.click()
    written = folder / "good-2.json"
    assert mine.read_text(encoding="utf-8") == '{"game": "village", "set": "mine", "cards": []}'  # kept
    # the conversion `companion cards import` makes (its library function), nothing of the page's own
    assert written.read_text(encoding="utf-8") == card_file_text(import_csv("village", SHEET, file="good.csv",
                                                                             out=written))
    assert str(written) in view.report.value
    assert "good.json was already there and is kept" in view.report.value
    assert "Added 2 cards to your Village TCG cards" in view.report.value
    assert {"pip-the-brave", "pip-fruit"} <= set(view.frame["id"])  # the browser shows them at once
    assert view.add_button.layout.display == "none"  # added once: not offered again


def test_a_sheet_typed_as_a_path_names_it_in_the_hint_and_a_broken_one_is_not_offered(tmp_path: Path) -> None:
    view = CardBrowserView("village")
    sheet = tmp_path / "my sheet.csv"
    sheet.write_bytes(SHEET)
    view.path.value = str(sheet)
    view.check_button.click()
    assert f"<code>companion cards import village {html.escape(repr(str(sheet)))} --out" in view.report.value
    assert "my-sheet.json</code>" in view.report.value and view.add_button.layout.display != "none"
    sheet.write_bytes(SHEET.replace(b"fruit", b"fruut"))
    view.check_button.click()
    assert "companion-error" in view.report.value and view.add_button.layout.display == "none"


def test_another_game_chosen_withdraws_the_sheet_and_a_sheet_added_meanwhile_is_refused(
        _isolated_user_data: Path) -> None:
    view = CardBrowserView("village")
    _upload(view, SHEET, "good.csv")
    view.game_buttons.value = "tmnt"  # checked for the Village TCG: never added as TMNT cards
    assert view.add_button.layout.display == "none" and view.sheet is None
    view.game_buttons.value = "village"
    _upload(view, SHEET, "good.csv")
    other = CardBrowserView("village")  # another window adds it first
    _upload(other, SHEET, "good.csv")
    assert other.add_sheet() == _isolated_user_data / "village" / "good.json"
    assert view.add_sheet() is None  # its ids are taken now: refused, nothing written
    assert "nothing was added" in view.report.value and "duplicate id" in view.report.value
    assert sorted(p.name for p in (_isolated_user_data / "village").iterdir()) == ["good.json"]


def test_a_sheet_named_like_the_corrections_file_never_becomes_it(_isolated_user_data: Path) -> None:
    view = CardBrowserView("village")
    _upload(view, SHEET, "corrections.csv")
    path = view.add_sheet()
    assert path == _isolated_user_data / "village" / "corrections-2.json"
    assert json.loads(path.read_text(encoding="utf-8"))["cards"][0]["id"] == "pip-the-brave"


def test_the_corrected_tile_legend_is_in_plain_words() -> None:
    from companion.corrections import correct_card

    correct_card("village", "acorn-scout", {"atk": 3}, note="house")
    view = CardBrowserView("village")
    view.search.value = "acorn scout"
    legend = view.tiles.value.split("<div class='cmp-cards-legend'>", 1)[1].split("</div>", 1)[0]
    assert "`" not in legend and "<code>companion cards correct</code>" in legend
    assert legend.startswith("* a value you corrected yourself") and legend == CORRECTED_LEGEND


# -- 2. the upload button never reads "(0)" ------------------------------------------------------------


def test_the_upload_button_shows_its_own_words_not_ipywidgets_count() -> None:
    """ipywidgets writes "description (number of files)" on the button; the page empties the upload once
    the file is taken, so it read "Upload a file (0)". The button now shows its tooltip instead: "Upload a
    file", then the file taken."""
    view = CardBrowserView("village")
    assert "companion-upload" in view.upload._dom_classes
    assert ".companion-upload.widget-upload {font-size: 0}" in ui.CSS  # ipywidgets' words (with "(0)")
    assert ".companion-upload.widget-upload::after {content: attr(title)}" in ui.CSS  # the tooltip instead
    assert view.upload.tooltip == "Upload a file"
    _upload(view, SHEET, "good.csv")
    assert view.upload.value == () and "good.csv" in view.upload.tooltip and "(0)" not in view.upload.tooltip


# -- 3. types as the game names them ---------------------------------------------------------------


def test_types_read_as_the_printed_card_names_them() -> None:
    from companion.cards import load_what_loads
    from companion.printing.faces import village_face

    db, _ = load_what_loads("village")
    for card in db:  # the page's word is the printed card's type line's
        assert village_face(card).type_line.startswith(type_name(card.type)), card.id
    view = CardBrowserView("village")
    assert "<td>Basic Mouse</td>" in view.table.value and "<td>Mega Mouse</td>" in view.table.value
    assert "<td>basic-mouse</td>" not in view.table.value
    assert "Basic Mouse · breakfast · ATK 1" in view.tiles.value and "basic-mouse ·" not in view.tiles.value
    assert ("Basic Mouse", "basic-mouse") in view.type_menu.options  # the filter still keeps the type's id
    view.type_menu.value = "mega-mouse"
    assert set(view.filtered()["type"]) == {"mega-mouse"}
    mystics = CardBrowserView("mystics").table.value
    assert ">Die Face <span" in mystics and "data-type='die-face'" in mystics


# -- smoke test: Check file after an upload checks the upload, not an empty path box -----------------


def test_check_file_checks_the_file_given_last_upload_or_path(tmp_path: Path) -> None:
    view = CardBrowserView("village")
    bad = SHEET.replace(b"basic-mouse,2,1", b"basic-mouse,two,1")
    _upload(view, bad, "mine.csv")
    said = html.unescape(view.report.value)
    assert "mine.csv: 1 problem" in said and "row 2, column C 'atk'" in said
    view.check_button.click()  # as the page's words say: the upload is checked again, the same
    assert html.unescape(view.report.value) == said
    sheet = tmp_path / "typed.csv"
    sheet.write_bytes(SHEET)
    view.path.value = str(sheet)  # the path typed since: Check file checks it
    view.check_button.click()
    assert "typed.csv: a valid Village TCG sheet" in view.report.value
    _upload(view, bad, "again.csv")  # uploaded since: the upload
    view.check_button.click()
    assert "again.csv: 1 problem" in html.unescape(view.report.value)
    view.path.value = ""  # typed in (emptied) since: nothing given, said so
    view.check_button.click()
    assert "no file given" in view.report.value and "again.csv" not in view.report.value
