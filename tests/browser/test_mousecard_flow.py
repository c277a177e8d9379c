"""The Mouse Card system in a real browser: set up a task check and read its exact odds."""

from __future__ import annotations

from .conftest import open_tool


def test_one_card_face_cards_or_better_is_the_books_16_to_38(page) -> None:
    open_tool(page, "mousecard.ipynb")
    page.wait_for_selector(".cmp-mousecard-page")
    skill = page.locator(".cmp-mousecard-skill input")
    skill.fill("1")
    skill.press("Enter")
    page.locator(".cmp-mousecard-target select").select_option(label="J")
    page.wait_for_function(
        "() => /8\\/27/.test(document.querySelector('.cmp-mousecard-odds').innerText)")
    text = page.locator(".cmp-mousecard-odds").inner_text()
    assert "16:38" in text and "29.6%" in text
    # Combat makes the red joker bad: the panel now shows a chance of a bad card.
    situation = page.locator(".cmp-mousecard-situation select")
    combat = situation.locator("option", has_text="combat —").first.inner_text()
    situation.select_option(label=combat)
    page.wait_for_function(
        "() => /1\\.9%/.test(document.querySelector('.cmp-mousecard-odds').innerText)")
