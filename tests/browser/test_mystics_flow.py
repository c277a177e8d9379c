"""Mice and Mystics in a real browser: add cheese until a surge and see the hourglass move."""

from __future__ import annotations

from .conftest import A_PERSONS_PACE, open_tool


def test_six_cheese_on_the_wheel_surge_and_move_the_hourglass(page) -> None:
    open_tool(page, "mystics.ipynb")
    page.wait_for_selector(".cmp-mystics-dashboard")
    page.locator(".cmp-mystics-start").click()  # a new chapter, hourglass on page 1
    hourglass = page.locator(".cmp-mystics-hourglass")
    page.wait_for_function(
        "() => /page 1\\b/i.test(document.querySelector('.cmp-mystics-hourglass').innerText)")
    add = page.locator(".cmp-mystics-add-cheese")
    for n in range(1, 7):
        add.click()
        if n < 6:  # the next tap as a person's: once this one shows (sooner is taken for a double tap)
            page.wait_for_function(
                f"() => /\\b{n}\\/6/.test(document.querySelector('.cmp-mystics-wheel').innerText)")
            page.wait_for_timeout(A_PERSONS_PACE)
    page.wait_for_function(
        "() => /surge/i.test(document.querySelector('.cmp-mystics-surge-alert').innerText)")
    page.wait_for_function(
        "() => /page 2\\b/i.test(document.querySelector('.cmp-mystics-hourglass').innerText)")
    assert "2" in hourglass.inner_text()
