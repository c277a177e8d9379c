"""Of Mice and Monarchs in a real browser: score a player by typing and tapping."""

from __future__ import annotations

from .conftest import open_tool

# The rule book's scoring example (of-mice-and-monarchs.md, Scoring Example): 28 VP.
BOOK_EXAMPLE = {"orange": (3, 2), "green": (4, 3), "blue": (2, 1), "red": (2, 0),
                "purple": (1, 2), "yellow": (2, 3)}


def test_score_the_rule_books_example_player(page) -> None:
    open_tool(page, "monarchs.ipynb")
    page.wait_for_selector(".cmp-monarchs-page")
    for colour, (cards, crowns) in BOOK_EXAMPLE.items():
        inputs = page.locator(f".cmp-monarchs-{colour} input")
        for box, value in ((inputs.nth(0), cards), (inputs.nth(1), crowns)):
            box.fill(str(value))
            box.press("Tab")
    page.wait_for_function(
        "() => /28/.test(document.querySelector('.cmp-monarchs-total').innerText)")
    # One more purple card with the + button: purple becomes 2 cards x 2 crowns, total 30.
    purple_row = page.locator(".widget-hbox").filter(has=page.locator(".cmp-monarchs-purple")).first
    purple_row.get_by_role("button", name="+").first.click()
    page.wait_for_function(
        "() => /30/.test(document.querySelector('.cmp-monarchs-total').innerText)")
