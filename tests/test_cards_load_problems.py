"""One load-problems panel for the card and deck pages: the same "left out" lines and headline, each
page with its own closing advice. The deck page now tells card files from corrections too."""

from __future__ import annotations

import html
import json
from pathlib import Path

import ipywidgets as w

from companion.cards import BUNDLED
from companion.corrections import correct_card
from companion.views.cards import CardBrowserView
from companion.views.deck import DeckBuilderView


def _text(value: str) -> str:
    return html.unescape(value)


def _broken_file_and_stranded_correction(user: Path) -> tuple[Path, str]:
    """A file of yours that does not load, and your correction of one of its cards (left out too)."""
    folder = user / "village"
    folder.mkdir(parents=True)
    mine = folder / "mine.json"
    pip = {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 1, "source": "me"}
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [pip]}), encoding="utf-8")
    correct_card("village", "pip", {"atk": 4})
    mine.write_text(mine.read_text(encoding="utf-8").replace('"def"', '"deff"'), encoding="utf-8")
    return mine, f"{folder / 'corrections.json'} /cards/0 (card 'pip')"


def test_both_pages_show_the_same_lines_and_headline_with_their_own_advice(_isolated_user_data: Path) -> None:
    mine, record = _broken_file_and_stranded_correction(_isolated_user_data)
    cards_page = _text(CardBrowserView("village").load_problems.value)
    deck_page = _text(DeckBuilderView("village").load_problems.value)
    head = "1 of your Village TCG card files and 1 of your corrections could not be loaded and are left out; "
    assert head + "the other cards are shown. Fix it (or check it below)." in cards_page
    advice = "the list is checked with the other cards. Fix them as listed below, then Reload card data."
    assert head + advice in deck_page and "`" not in deck_page  # (plain words: the panel lists every problem)
    assert cards_page.split("</b>")[1] == deck_page.split("</b>")[1]  # the same lines, file by file
    assert f"<li>{mine}: left out</li>" in cards_page and f"<li>{record}: left out</li>" in cards_page


def test_the_shared_panel_says_an_error_a_warning_said_or_nothing() -> None:
    from companion.views.cards import show_load_problems

    panel = w.HTML("old")
    show_load_problems(panel, "tmnt", {"a.json": ["a.json:1 /cards: wrong"]},
                       lambda files, corrections: f"advice for {files} and {corrections}.")
    assert "companion-warn" in panel.value and _text(panel.value).count("<li>") == 2
    assert "1 of your TMNT TCG card files could not be loaded and is left out; advice for 1 and 0." \
        in _text(panel.value)
    show_load_problems(panel, "tmnt", {BUNDLED: ["demo.json: broken"], "a.json": ["wrong"]},
                       lambda *_: "never shown")
    assert "companion-error" in panel.value and "The TMNT TCG cards could not be loaded" in panel.value
    assert "never shown" not in panel.value and "demo.json: broken" in panel.value
    show_load_problems(panel, "tmnt", {}, lambda *_: "", said="Card data read again")
    assert "companion-info" in panel.value and "Card data read again" in panel.value
    show_load_problems(panel, "tmnt", {}, lambda *_: "")
    assert panel.value == ""
