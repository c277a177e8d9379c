"""Mice and Mystics in a real browser: add cheese until a surge and see the hourglass move."""

from __future__ import annotations

from .conftest import open_tool


def test_six_cheese_on_the_wheel_surge_and_move_the_hourglass(page) -> None:
    open_tool(page, "mystics.ipynb")
    page.wait_for_selector(".cmp-mystics-dashboard")
    page.locator(".cmp-mystics-start").click()  # a new chapter, hourglass on page 1
    hourglass = page.locator(".cmp-mystics-hourglass")
    page.wait_for_function(
        "() => /page 1\\b/i.test(document.querySelector('.cmp-mystics-hourglass').innerText)")
    add = page.locator(".cmp-mystics-add-cheese")
    for _ in range(6):
        add.click()
    page.wait_for_function(
        "() => /surge/i.test(document.querySelector('.cmp-mystics-surge-alert').innerText)")
    page.wait_for_function(
        "() => /page 2\\b/i.test(document.querySelector('.cmp-mystics-hourglass').innerText)")
    assert "2" in hourglass.inner_text()
