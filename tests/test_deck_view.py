"""The deck builder view: driven through its widgets, as a player would (no browser)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.views.deck import DeckBuilderView, card_summary, slug

STAMP = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def view() -> DeckBuilderView:
    return DeckBuilderView("village")


def test_starts_with_the_example_list_and_a_verdict(view: DeckBuilderView) -> None:
    view.game.value = "village"
    view.input.value = (Path(__file__).resolve().parents[1] / "data" / "decks"
                        / "village-demo-legal.txt").read_text()
    assert "Legal · 60 cards" in view.summary.value
    assert "Recommended mix" in view.verdict.value
    assert "basic-mouse" in view.stats_table.value
    assert view.plot.value[:4] == b"\x89PNG"
    assert "still no Basic Mouse after the redraw" in view.odds_html.value


def test_css_classes_for_browser_tests(view: DeckBuilderView) -> None:
    for widget, cls in [(view.game, "cmp-deck-game"), (view.input, "cmp-deck-input"),
                        (view.verdict, "cmp-deck-verdict"), (view.stats, "cmp-deck-stats"),
                        (view.odds, "cmp-deck-odds"), (view.save, "cmp-deck-save"),
                        (view.widget, "cmp-deck-page")]:
        assert cls in widget._dom_classes


def test_typing_an_illegal_list_shows_every_problem(view: DeckBuilderView) -> None:
    view.input.value = "2 Acorn Scout\n2 Barley Runner\n4 Needle Sword\n"
    assert "Not legal · 8 cards · 3 problem(s)" in view.summary.value
    assert "share the ability Nibble" in view.verdict.value
    assert "village-tcg.txt, Deck Mix" in view.verdict.value


def test_unreadable_list_lists_bad_lines_without_raising(view: DeckBuilderView) -> None:
    view.input.value = "3 Acorn Scot\nx Pear\n"
    assert view.deck is None
    assert "2 line(s) cannot be read" in view.status.value
    assert "Acorn Scout" in view.status.value  # the suggestion
    # the table's buttons refuse politely while the list is broken
    view.search.value = "Apple"
    row = view.table.children[0]
    row.children[2].click()
    assert "fix the list first" in view.status.value


def test_plus_and_minus_buttons_edit_the_list(view: DeckBuilderView) -> None:
    view.input.value = "2 Apple\n"
    view.search.value = "apple"
    row = view.table.children[0]
    minus, count, plus = row.children[:3]
    plus.click()
    assert view.deck is not None and view.deck.card_count == 3
    assert "3 Apple" in view.input.value
    assert ">3<" in count.value
    minus.click()
    minus.click()
    minus.click()
    minus.click()  # never below zero
    assert view.deck.card_count == 0


def test_search_matches_abilities_and_lists_deck_cards_first(view: DeckBuilderView) -> None:
    view.input.value = "1 Barley Runner\n"
    view.search.value = "nibble"
    names = [c.name for c in view.matching_cards()]
    assert names[0] == "Barley Runner" and "Acorn Scout" in names


def test_custom_odds(view: DeckBuilderView) -> None:
    view.input.value = "4 Needle Sword\n56 Apple\n"
    view.kind.value = "type=item"
    view.at_least.value = 1
    view.draws.value = 7
    assert "39.950%" in view.odds_html.value


def test_format_menu_and_game_switch(view: DeckBuilderView) -> None:
    view.game.value = "village"
    view.input.value = "55 Apple\n"
    assert "Not legal" in view.summary.value
    view.format.value = "village-casual-50"
    assert "Legal · 55 cards" in view.summary.value
    view.game.value = "tmnt"
    assert view.draws.value == 5
    assert view.kind.value == "type=character"
    view.input.value = "3 Leonardo\n"
    assert "exactly 40" in view.verdict.value
    view.game.value = "village"
    assert view.input.value == "55 Apple\n"  # each game keeps its own list
    view.format.value = "village-standard"


def test_save_and_open_again(view: DeckBuilderView) -> None:
    view.game.value = "village"
    view.input.value = "# mine\n3 Apple"
    view.name.value = "My Nibblers!"
    path = view.save_list()
    assert path.name == "village-my-nibblers.txt"
    assert path.parent == Path(os.environ["COMPANION_USER_DATA"]) / "decks"
    assert path.read_text() == "# mine\n3 Apple\n"
    assert "Saved" in view.status.value
    view.input.value = ""
    view.load.value = str(path)
    assert view.input.value == "# mine\n3 Apple\n"


def test_upload(view: DeckBuilderView) -> None:
    view.upload.value = ({"name": "upload.txt", "type": "text/plain", "size": 8,
                          "content": memoryview(b"3 Pear\n"), "last_modified": STAMP},)
    assert view.input.value == "3 Pear\n" and view.name.value == "upload"
    view.upload.value = ({"name": "bad.txt", "type": "text/plain", "size": 2,
                          "content": memoryview(b"\xff\xfe\xfa"), "last_modified": STAMP},)
    assert "not UTF-8" in view.status.value


def test_helpers() -> None:
    assert slug("  ") == "deck" and slug("Mice & Fruit") == "mice-fruit"
    view = DeckBuilderView("tmnt")
    leo = view.db.find("leonardo-2")
    assert "Power" in card_summary(leo) and "leonardo-2" in card_summary(leo)


def test_broken_user_files_do_not_break_the_page() -> None:
    folder = Path(os.environ["COMPANION_USER_DATA"])
    (folder / "formats").mkdir(parents=True, exist_ok=True)
    (folder / "formats" / "village-broken.json").write_text("{nope")
    view = DeckBuilderView("village")
    assert "Some format files were skipped" in view.status.value
    assert "village-broken.json" in view.status.value
    (folder / "village").mkdir(exist_ok=True)
    (folder / "village" / "mine.json").write_text("[]")
    view = DeckBuilderView("village")
    assert "That did not work" in view.status.value
