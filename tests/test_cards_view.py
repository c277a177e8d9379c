"""The card browser view: filters, tiles, and checking a file of your own."""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import GAMES
from companion.cards import DATA_DIR, load_game, type_name
from companion.views.cards import ALL, CardBrowserView, filter_frame, numeric_fields


def test_filter_frame_by_type_text_and_range() -> None:
    frame = load_game("tmnt").frame()
    assert len(filter_frame(frame, card_type="event")) == 5
    assert set(filter_frame(frame, text="LEONARDO")["id"]) == {"leonardo-1", "leonardo-2"}
    assert set(filter_frame(frame, text="draw flip", card_type=ALL)["id"]) >= {"leonardo-2"}
    strong = filter_frame(frame, stat="power", low=5, high=5)
    assert set(strong["name"]) == {"Splinter", "Shredder", "Hun", "Blazing Combo", "Boulder Block"}
    assert "power" in numeric_fields(frame) and "attribute" not in numeric_fields(frame)


def test_view_switches_games_and_filters() -> None:
    view = CardBrowserView("tmnt")
    assert view.count.value.startswith("<b>36</b> of 36")
    assert "cmp-cards-page" in view.widget._dom_classes
    view.type_menu.value = "attack"
    assert view.count.value.startswith("<b>14</b>")
    view.stat_menu.value = "power"
    assert not view.range.disabled and view.range.value == (1, 5)
    view.range.value = (4, 5)
    assert view.count.value.startswith("<b>5</b>")
    assert "Blazing Combo" in view.table.value and "Blazing Combo" in view.tiles.value
    for game in GAMES:
        view.game_buttons.value = game
        assert view.status.value == "" and view.type_menu.value == ALL
        assert view.count.value.startswith(f"<b>{len(load_game(game))}</b>")


def test_tiles_of_cards_without_text_show_no_nan() -> None:
    import re

    for game in GAMES:
        tiles = CardBrowserView(game).tiles.value
        assert not re.search(r">\s*nan\s*<", tiles), game  # pandas' empty value is never shown


def test_view_checks_uploaded_files() -> None:
    view = CardBrowserView("village")
    good = (DATA_DIR / "tmnt" / "demo.json").read_bytes()
    view.check_bytes(good, "demo.json")  # same ids as the bundled cards: reported, not raised
    assert "duplicate id" in view.report.value and "companion-error" in view.report.value
    doc = json.loads(good)
    doc["cards"] = [dict(doc["cards"][0], id="my-leo", powr=1)]
    view.check_bytes(json.dumps(doc).encode(), "mine.json")
    assert "unknown field &#x27;powr&#x27;" in view.report.value
    view.check_bytes(b"{oops", "broken.json")
    assert "broken.json:1:2: is not valid JSON" in view.report.value
    view.check_bytes(b"name,type,food,source\nMy Apple,fruit,lunch,me\n", "sheet.csv")
    assert "companion-ok" in view.report.value and "1 card." in view.report.value
    view.check_bytes(b"name,type,food,source\nMy Apple,fruit,brunch,me\n", "sheet.csv")
    assert "row 2, column C" in view.report.value


def test_view_checks_a_path(tmp_path: Path) -> None:
    view = CardBrowserView("village")
    view.check_button.click()
    assert "no file given (expected a card file uploaded, or the path of a card file or folder typed)" \
        in html.unescape(view.report.value)
    view.path.value = str(tmp_path / "missing.json")
    view.check_button.click()
    assert "does not exist" in view.report.value
    view.path.value = str(DATA_DIR / "mousecard" / "deck.json")
    view.check_button.click()
    assert "companion-ok" in view.report.value and "valid: 1 file, 54 cards" in view.report.value


def test_a_broken_card_file_of_your_own_is_listed_and_the_rest_stay_browsable(
        _isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    bad = folder / "bad.json"
    bad.write_text('{"game": "village", "set": "x", "cards": [{"id": "Bad"}]}', encoding="utf-8")
    (folder / "good.json").write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "pip-the-brave", "name": "Pip the Brave", "type": "basic-mouse", "atk": 2, "def": 1,
         "source": "my design"}]}), encoding="utf-8")
    view = CardBrowserView("village")
    assert view.status.value == ""  # no error instead of the cards
    assert view.frame is not None and "pip-the-brave" in set(view.frame["id"])
    assert len(view.frame) == len(load_game("village", include_user=False)) + 1
    assert str(bad) in view.skipped and str(bad) in view.load_problems.value
    assert "the field &#x27;type&#x27; is missing" in view.load_problems.value
    assert "companion-warn" in view.load_problems.value
    assert view.frame[["id", "name", "type"]].head() is not None  # what the notebook's last cell does
    view.game_buttons.value = "tmnt"  # another game: nothing of yours is broken there
    assert view.load_problems.value == "" and view.skipped == {}
    view.game_buttons.value = "village"
    assert str(bad) in view.load_problems.value
    bad.unlink()
    view.game_buttons.value = "tmnt"
    view.game_buttons.value = "village"
    assert view.load_problems.value == ""


def test_a_file_that_clashes_with_another_of_yours_is_left_out(_isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    card = {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}
    for name in ("a.json", "b.json"):
        (folder / name).write_text(json.dumps({"game": "village", "set": "Mine", "cards": [card]}),
                                   encoding="utf-8")
    view = CardBrowserView("village")
    assert list(view.frame["id"]).count("pip") == 1
    assert list(view.skipped) == [str(folder / "b.json")] and "duplicate" in view.load_problems.value


def test_a_correction_of_yours_stays_in_force_beside_a_broken_file_of_yours(
        _isolated_user_data: Path) -> None:
    from companion.corrections import correct_card

    correct_card("village", "acorn-scout", {"atk": 3})
    folder = _isolated_user_data / "village"
    (folder / "broken.json").write_text('{"game": "village", "set": "x", "cards": [{"id": "Bad"}]}',
                                        encoding="utf-8")
    view = CardBrowserView("village")
    assert list(view.skipped) == [str(folder / "broken.json")]  # the correction is not left out
    assert view.frame is not None
    assert view.frame.set_index("id").loc["acorn-scout", "atk"] == 3


def test_a_corrected_demo_card_is_still_labelled_demo_and_a_jokers_suit_is_not_unknown(
        _isolated_user_data: Path) -> None:
    from companion.corrections import correct_card

    correct_card("village", "acorn-scout", {"atk": 3})
    scout = load_game("village").find("acorn-scout")
    assert scout.is_demo and "demo" not in scout.set.lower()  # the corrections file's set
    view = CardBrowserView("village")
    tile = view.tiles.value.split("Acorn Scout</div>", 1)[1].split("</div>", 1)[0]
    assert "ATK 3" in tile and tile.rstrip().endswith("demo")
    view.game_buttons.value = "mousecard"
    assert "<td>unknown</td>" not in view.table.value
    row = view.table.value.split("data-card='joker-red'>", 1)[1].split("</tr>", 1)[0]
    assert "<td>—</td>" in row


def test_the_cards_notebook_runs_with_a_broken_file_of_yours(_isolated_user_data: Path) -> None:
    """notebooks/cards.ipynb, cell by cell (nbval runs it with an empty user folder)."""
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text('{"game": "village", "set": "x", "cards": [{"id": "Bad"}]}',
                                     encoding="utf-8")
    notebook = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "cards.ipynb")
                          .read_text(encoding="utf-8"))
    namespace: dict[str, object] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)  # the project's own notebook
    browser = namespace["browser"]
    assert isinstance(browser, CardBrowserView) and "bad.json" in browser.load_problems.value
    assert len(browser.frame) == len(load_game("village", include_user=False))  # type: ignore[arg-type]


def test_when_nothing_loads_the_page_says_so_and_the_frame_is_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion import cards as cards_module
    from companion.cards import CardFileError

    def broken(*_a: object, **_k: object) -> None:
        raise CardFileError("the bundled file is broken", where="data/village/demo.json")

    monkeypatch.setattr(cards_module, "load_game", broken)  # (load_what_loads lives there)
    view = CardBrowserView("village")
    assert "companion-error" in view.load_problems.value
    assert "the bundled file is broken" in view.load_problems.value
    assert view.frame is not None and view.frame.empty
    assert list(view.frame.columns[:3]) == ["id", "name", "type"]
    assert view.count.value.startswith("<b>0</b> of 0")


def test_a_csv_path_typed_in_is_checked_as_a_sheet(tmp_path: Path) -> None:
    view = CardBrowserView("village")
    sheet = tmp_path / "mine.csv"
    sheet.write_text("name,type,source\nPip,fruit,my design\n", encoding="utf-8")
    view.path.value = str(sheet)
    view.check_button.click()
    assert "companion-ok" in view.report.value and "a valid Village TCG sheet" in view.report.value
    sheet.write_text("name,type,source\nPip,fruut,my design\n", encoding="utf-8")
    view.check_button.click()
    assert ": 1 problem<" in view.report.value or ": 1 problem " in view.report.value, view.report.value
    assert "problem(s)" not in view.report.value and "row 2" in view.report.value
    view.path.value = str(tmp_path / "gone.csv")
    view.check_button.click()
    assert "gone.csv: no such file (expected a CSV sheet)" in view.report.value


@pytest.mark.parametrize("typed", ['"{path}"', "'{path}'", "  \u201c{path}\u201d ", "~/{name}", '"~/{name}"'])
def test_a_pasted_path_in_quotes_or_with_a_tilde_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         typed: str) -> None:
    """Audit 9: a path pasted in quotes, or starting with ~, was looked for as typed."""
    monkeypatch.setenv("HOME", str(tmp_path))
    mine = tmp_path / "my cards.json"
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    view = CardBrowserView("village")
    view.path.value = typed.format(path=mine, name=mine.name)
    view.check_button.click()
    assert "companion-ok" in view.report.value and "valid: 1 file, 1 card" in view.report.value


def test_a_typo_in_your_file_leaves_out_only_the_correction_of_its_card(_isolated_user_data: Path) -> None:
    """Audit 5: a typo in a file of yours left out the whole corrections file (a bundled card's
    correction too), and the file's problems listed a false "duplicate id ... replaces"."""
    from companion.corrections import correct_card

    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    mine, fixes = folder / "mine.json", folder / "corrections.json"
    pip = {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 1, "source": "me"}
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [pip]}), encoding="utf-8")
    correct_card("village", "acorn-scout", {"atk": 3})
    correct_card("village", "pip", {"atk": 4})
    mine.write_text(mine.read_text(encoding="utf-8").replace('"def"', '"deff"'), encoding="utf-8")
    view = CardBrowserView("village")
    assert view.frame is not None and "pip" not in set(view.frame["id"])
    assert view.frame.set_index("id").loc["acorn-scout", "atk"] == 3  # still in force
    left = f"{fixes} /cards/1 (card 'pip')"
    assert list(view.skipped) == [str(mine), left]
    assert not any("duplicate" in p for p in view.skipped[str(mine)])
    assert any("'deff'" in p for p in view.skipped[str(mine)])
    (why,) = view.skipped[left]
    assert why.startswith(f"corrects 'pip', a card of {mine}, which is left out")
    shown = view.load_problems.value
    assert "1 of your Village TCG card files and 1 of your corrections could not be loaded" in shown
    assert html.escape(left) in shown
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [pip]}), encoding="utf-8")
    view.load("village")  # fixed: the correction applies again
    assert view.skipped == {} and view.frame.set_index("id").loc["pip", "atk"] == 4
    mine.unlink()  # the card gone: its correction alone is left out, as validate words it
    view.load("village")
    assert list(view.skipped) == [left] and "replaces 'pip'" in view.skipped[left][0]
    assert view.frame.set_index("id").loc["acorn-scout", "atk"] == 3


def test_the_same_file_uploaded_again_is_checked_again() -> None:
    view = CardBrowserView("village")
    item = {"name": "mine.json", "type": "application/json", "size": 2, "content": memoryview(b"{}"),
            "last_modified": datetime(2026, 1, 1, tzinfo=UTC)}
    view.upload.value = (item,)
    assert "mine.json" in view.report.value and view.upload.value == ()
    view.report.value = ""
    view.upload.value = (item,)  # the folder changed meanwhile: checked again, not ignored
    assert "mine.json" in view.report.value


def test_a_file_replacing_a_card_of_a_broken_file_keeps_its_other_cards(_isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "a.json").write_text(json.dumps({"game": "village", "set": "A", "cards": [
        {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "deff": 1, "source": "me"}]}),
        encoding="utf-8")
    (folder / "c.json").write_text(json.dumps({"game": "village", "set": "C", "cards": [
        {"id": "pip-new", "replaces": "pip", "name": "Pip", "type": "fruit", "source": "me"},
        {"id": "unrelated-c", "name": "Unrelated", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    view = CardBrowserView("village")
    assert "unrelated-c" in set(view.frame["id"]) and "pip-new" not in set(view.frame["id"])
    key = f"{folder / 'c.json'} /cards/0 (card 'pip-new')"
    assert str(folder / "a.json") in view.skipped and key in view.skipped
    assert view.skipped[key] == [f"replaces 'pip', a card of {folder / 'a.json'}, which is left out (see "
                                 "above): fix that file and this record applies again"]


def test_records_left_out_of_one_file_stay_out_when_a_later_file_loads(_isolated_user_data: Path) -> None:
    from companion.corrections import correct_card

    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "c.json").write_text(json.dumps({"game": "village", "set": "C", "cards": [
        {"id": "pip-new", "replaces": "pip", "name": "Pip", "type": "fruit", "source": "me"},
        {"id": "unrelated-c", "name": "Unrelated", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    (folder / "a.json").write_text(json.dumps({"game": "village", "set": "A", "cards": [
        {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    correct_card("village", "acorn-scout", {"atk": 3})
    (folder / "a.json").write_text('{"game": "village", "set": "A", "cards": [{"id": "pip"}]}',
                                   encoding="utf-8")  # broken now: pip-new in c.json leans on it
    view = CardBrowserView("village")
    assert "unrelated-c" in set(view.frame["id"])
    assert view.frame.set_index("id").loc["acorn-scout", "atk"] == 3  # the corrections file still loads
    assert str(folder / "corrections.json") not in view.skipped


# --- Mice and Mystics with every type: one section per type, each opening and closing ---------------

def _sections(markup: str) -> dict[str, str]:
    """The table's sections by type (``data-type``), each its markup."""
    import re

    parts = markup.split("<details class='cmp-cards-section' ")[1:]
    return {re.match(r"data-type='([^']*)'", part).group(1): part for part in parts}  # type: ignore[union-attr]


def _titles_and_rows(markup: str) -> tuple[list[str], dict[str, list[str]]]:
    """A table's column titles, and each row's cells (tags taken off) by its card id; a list of one
    card's fields (``cmp-cards-fields``) read as the table of one row it stands for."""
    import re

    if "cmp-cards-fields" in markup:
        card = re.search(r"cmp-cards-fields' data-card='([^']*)'", markup).group(1)  # type: ignore[union-attr]
        lines = re.findall(r"<tr><th scope='row'>([^<]*)</th><td[^>]*>(.*?)</td></tr>", markup)
        return [t for t, _v in lines], {card: [re.sub(r"<[^>]+>", "", v) for _t, v in lines]}
    titles = re.findall(r"<th>([^<]*)</th>", markup)
    rows = {card: [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
            for card, row in re.findall(r"<tr data-card='([^']*)'>(.*?)</tr>", markup)}
    return titles, rows


def test_every_mystics_type_is_a_section_that_opens_with_its_count_and_no_box_holds_them_all() -> None:
    """Visual audit 10: the types' tables scrolled together in a box 70% of the screen high inside the page,
    a Notes column squeezed into 15 lines, the chapter's one row 4,469 pixels wide. (Each table has its own
    box, as every card table has, for its header row to stay on top of a long one.)"""
    import re
    from collections import Counter

    view = CardBrowserView("mystics")
    assert view.type_menu.value == ALL and view.frame is not None
    table = view.table.value
    counts = Counter(str(t) for t in view.frame["type"])
    headings = [re.sub(r"<[^>]+>", "", h) for h in
                re.findall(r"<summary class='cmp-cards-section-title'[^>]*>(.*?)</summary>", table)]
    # each type as the game names it ("Die Face"; its id, die-face, is the section's data-type)
    assert headings == [f"{type_name(t)} · {n} card{'s' if n != 1 else ''}"
                        for t, n in sorted(counts.items())]
    sections_box = re.search(r"<div class='cmp-cards-sections'[^>]*>", table)
    assert sections_box is not None and "style" not in sections_box.group(0)  # (the sections: not boxed)
    assert table.count("max-height") == table.count("<thead>")  # (a box per table with a header row)
    assert "6 types, a table each" in table
    sections = _sections(table)
    assert list(sections) == sorted(counts)
    opened = [t for t, part in sections.items() if re.match(r"data-type='[^']*' open", part)]
    assert opened == ["ability"]  # the first open, the others closed until tapped
    for card_type, part in sections.items():
        titles, rows = _titles_and_rows(part)
        assert set(rows) == set(view.frame.loc[view.frame["type"] == card_type, "id"]), card_type
        assert "Type" not in titles  # the heading says it
        for n, title in enumerate(titles):
            assert any(cells[n] for cells in rows.values()), (card_type, title)  # no column empty for all
        # its own box scrolls sideways when the table is wider than the page (a field list's too)
        box = re.search(r"<div (?:class='cmp-cards-table-box' )?style='overflow[^']*;width:0;min-width:100%"
                        r"[^']*'><table", part)
        assert box is not None, card_type
    # each table's style is its own: one type's unbreakable columns are not another's
    assert ".cmp-cards-df td:nth-child" not in table and ".cmp-cards-df-1 td:nth-child" in table
    # a column of sentences keeps a readable width, not a strip of a few words
    assert ".cmp-cards-df-4 .cmp-wide{min-width:18em" in table  # the heroes' Notes
    assert "cmp-cards-fields" in sections["chapter"] and "<thead>" not in sections["chapter"]
    titles, _rows = _titles_and_rows(sections["chapter"])
    assert titles[:3] == ["Name", "Notes", "Number"] and "Special rules" in titles  # read down, not across


def test_a_long_card_table_keeps_its_header_row_on_top() -> None:
    """A card table's header row stayed at its top while the rows scrolled the page: 36 Village cards, and
    the titles were gone after ten. Now the table is at most 75% of the window high, its rows scroll in its
    own box (the only box a header row can stick to: every ipywidgets box is one) and the header row stays
    on top, on the page's background. A one-card type's field list has no header row: no box of its own."""
    import re

    view = CardBrowserView("village")
    table = view.table.value
    assert table.count("<tr data-card=") > 30 and table.count("<thead>") == 1
    box = re.search(r"<div class='cmp-cards-table-box' style='([^']*)'><table class='cmp-cards-df'><thead>",
                    table)
    assert box is not None and "overflow:auto" in box.group(1) and "max-height:75vh" in box.group(1)
    header = re.search(r"\.cmp-cards-df th\{([^}]*)\}", table)
    assert header is not None, table[:400]
    for rule in ("position:sticky", "top:0", "background:var(--jp-layout-color1,#fff)", "z-index:1"):
        assert rule in header.group(1), (rule, header.group(1))
    chapter = _sections(CardBrowserView("mystics").table.value)["chapter"]
    assert "cmp-cards-fields" in chapter and "sticky" not in chapter and "max-height" not in chapter
    view.search.value = "zzz-no-such-card"
    assert "cmp-cards-table-box" not in view.table.value  # (no card: a sentence, no box)


def test_a_search_still_finds_a_card_among_every_mystics_type() -> None:
    view = CardBrowserView("mystics")
    view.search.value = "maginos"
    assert view.count.value.startswith("<b>2</b>")
    sections = _sections(view.table.value)
    assert "data-card='maginos'" in sections["hero"] and "data-card='maginos-staff'" in sections["search"]
    assert all(" open " in part.split(">", 1)[0] for part in sections.values())  # a few finds: all open
    view.search.value = "inspire"  # one card: one table, as before
    assert "cmp-cards-section" not in view.table.value and "data-card='inspire'" in view.table.value


def test_one_mystics_type_shows_one_table_as_before_and_the_other_games_stay_one_table() -> None:
    view = CardBrowserView("mystics")
    every = _sections(view.table.value)
    assert len(every) == 6
    for card_type in every:
        view.type_menu.value = card_type
        table = view.table.value
        assert "cmp-cards-section" not in table and "<table class='cmp-cards-df'>" in table
        assert "cmp-cards-fields" not in table and ".cmp-wide{min-width:18em" not in table
        assert table.startswith("<style>.cmp-cards-df{border-collapse:collapse}")
        titles, rows = _titles_and_rows(table)
        section_titles, section_rows = _titles_and_rows(every[card_type])
        assert titles == ["Name", "Type", *section_titles[1:]] and list(rows) == list(section_rows)
    for game in ("village", "tmnt", "mousecard", "monarchs"):  # few columns: one table of every type
        view.game_buttons.value = game
        assert view.type_menu.value == ALL and "cmp-cards-section" not in view.table.value, game
