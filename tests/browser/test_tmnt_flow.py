"""TMNT in a real browser: build an attack by clicks and typing, and read the damage."""

from __future__ import annotations

import re

from .conftest import open_tool


def test_build_a_custom_attack_and_read_the_damage(page) -> None:
    open_tool(page, "tmnt.ipynb")
    page.wait_for_selector(".cmp-tmnt-page")
    page.get_by_role("tab", name="Attack builder").click()
    builder = page.locator(".cmp-tmnt-builder")
    # A Wind 3 Character typed in, with a Fire 2 normal Attack and no Counter.
    builder.locator(".cmp-tmnt-character select").select_option(label="Custom…")
    character = builder.locator(".widget-hbox").filter(has=page.locator("select")).first
    character.locator("select").nth(0).select_option(label="Wind")
    character.locator("input").first.fill("3")
    character.locator("input").first.press("Enter")
    builder.locator(".cmp-tmnt-attack-1 select").select_option(label="Custom…")
    attack = builder.locator(".widget-vbox").filter(has=page.locator(".cmp-tmnt-attack-1")).last
    attack.locator("select").nth(1).select_option(label="Fire")
    power = attack.locator("input").first
    power.fill("2")
    power.press("Enter")
    builder.locator(".cmp-tmnt-resolve").click()
    result = builder.locator(".cmp-tmnt-result")
    page.wait_for_function(
        "() => /damage/i.test(document.querySelector('.cmp-tmnt-result').innerText)")
    text = result.inner_text()
    assert re.search(r"\b5\b", text), text  # total Power 3 + 2, no Counter: 5 damage


def test_an_illegal_attack_shows_its_reason(page) -> None:
    open_tool(page, "tmnt.ipynb")
    page.get_by_role("tab", name="Attack builder").click()
    builder = page.locator(".cmp-tmnt-builder")
    builder.locator(".cmp-tmnt-character select").select_option(label="Custom…")
    builder.locator(".cmp-tmnt-attack-1 select").select_option(label="Custom…")
    # Both default to Wind: an Attack of the Character's own Attribute is refused.
    builder.locator(".cmp-tmnt-resolve").click()
    page.wait_for_function(
        "() => /attribute/i.test(document.querySelector('.cmp-tmnt-result').innerText)")
    assert "tmnt-tcg.txt" in builder.locator(".cmp-tmnt-result").inner_text()
