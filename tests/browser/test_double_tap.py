"""Action buttons in a real browser: a double click acts once (:class:`companion.ui.ActionButton`), and an
off button looks off whatever its colour (the page CSS: grey, as the plain ones)."""

from __future__ import annotations

import re

from .conftest import open_tool

#: The off buttons' backgrounds: those with a colour style, and the plain ones'.
OFF_BACKGROUNDS = """() => {
  const off = [...document.querySelectorAll('.jupyter-button:disabled')];
  const styled = b => /\\bmod-(primary|success|info|warning|danger)\\b/.test(b.className);
  const bg = b => getComputedStyle(b).backgroundColor;
  return {coloured: off.filter(styled).map(bg), plain: off.filter(b => !styled(b)).map(bg)};
}"""


def test_a_double_click_awards_one_chip_and_off_buttons_are_grey(page) -> None:
    open_tool(page, "mousecard.ipynb")
    page.wait_for_selector(".cmp-mousecard-page")
    page.locator(".lm-TabBar-tab, .p-TabBar-tab").filter(has_text="Live deck").click()
    page.wait_for_selector(".cmp-mousecard-award:disabled")  # no player named yet
    backgrounds = page.evaluate(OFF_BACKGROUNDS)
    assert backgrounds["coloured"] and backgrounds["plain"], backgrounds
    assert set(backgrounds["coloured"]) == {backgrounds["plain"][0]}, backgrounds
    page.locator(".cmp-mousecard-player input").fill("Tansy")
    page.locator(".cmp-mousecard-award").dblclick()
    page.wait_for_function("() => /Tansy/.test(document.querySelector('.cmp-mousecard-chips').innerText)")
    page.wait_for_timeout(1500)  # (time enough for a second chip, were the second click taken)
    row = page.locator(".cmp-mousecard-chips tr", has_text="Tansy").inner_text()
    assert re.search(r"Tansy\s+1\b", row), row
