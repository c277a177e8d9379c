"""The card browser view: filters, tiles, and checking a file of your own."""

from __future__ import annotations

import json
from pathlib import Path

from companion import GAMES
from companion.cards import DATA_DIR, load_game
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
    assert "companion-ok" in view.report.value and "1 cards" in view.report.value
    view.check_bytes(b"name,type,food,source\nMy Apple,fruit,brunch,me\n", "sheet.csv")
    assert "row 2, column C" in view.report.value


def test_view_checks_a_path(tmp_path: Path) -> None:
    view = CardBrowserView("village")
    view.check_button.click()
    assert "no path given" in view.report.value
    view.path.value = str(tmp_path / "missing.json")
    view.check_button.click()
    assert "does not exist" in view.report.value
    view.path.value = str(DATA_DIR / "mousecard" / "deck.json")
    view.check_button.click()
    assert "companion-ok" in view.report.value and "valid: 1 file, 54 cards" in view.report.value
