"""Deck building in a real browser: paste an illegal deck and see why, then fix it by a click."""

from __future__ import annotations

from pathlib import Path

from .conftest import open_tool

DECKS = Path(__file__).resolve().parents[2] / "data" / "decks"


def test_paste_an_illegal_village_deck_and_see_why(page) -> None:
    open_tool(page, "deck_builder.ipynb")
    page.wait_for_selector(".cmp-deck-page")
    text = (DECKS / "village-demo-illegal.txt").read_text()
    box = page.locator(".cmp-deck-input textarea")
    box.fill(text)
    box.blur()  # the list is checked when the text box loses focus
    verdict = page.locator(".cmp-deck-verdict")
    page.wait_for_function(
        "() => /Nibble/.test(document.querySelector('.cmp-deck-verdict').innerText)")
    said = verdict.inner_text()
    assert "Not legal" in said
    assert "4 cards share the ability Nibble: 2 Acorn Scout, 2 Barley Runner; the limit is 3" in said
    assert "village-tcg.txt" in said


def test_a_typo_gets_a_suggestion(page) -> None:
    open_tool(page, "deck_builder.ipynb")
    box = page.locator(".cmp-deck-input textarea")
    box.fill("3 Acorn Scot\n")
    box.blur()
    page.wait_for_function(
        "() => /Acorn Scout/.test(document.querySelector('.cmp-deck-status').innerText)")
    assert "line 1" in page.locator(".cmp-deck-status").inner_text().lower()
