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


def _set_up_a_large_check(page) -> None:
    """Skill 16, seven successes at 6 or better, every red card bad, 3 fate chips, taking every
    king's card and drawing on when sure: seconds to compute."""
    open_tool(page, "mousecard.ipynb")
    page.wait_for_selector(".cmp-mousecard-page")
    page.locator(".cmp-mousecard-target select").select_option(label="6")
    situation = page.locator(".cmp-mousecard-situation select")
    situation.select_option(label=situation.locator("option", has_text="red-bad").first.inner_text())
    page.locator(".cmp-mousecard-red-bad select").select_option(label="red-bad: every red card")
    page.locator(".cmp-mousecard-kings select").select_option(label="always")
    page.locator(".cmp-mousecard-stop input").uncheck()
    for cls, value in (("chips-to-spend", "3"), ("need", "7"), ("skill", "16")):
        box = page.locator(f".cmp-mousecard-{cls} input")
        box.fill(value)
        box.press("Enter")
    page.wait_for_function("() => /Computing the exact odds[\\s\\S]*skill 16/.test("
                           "document.querySelector('.cmp-mousecard-odds').innerText)")


def test_stop_computing_cancels_a_large_check(page) -> None:
    _set_up_a_large_check(page)
    page.locator(".cmp-mousecard-halt").click()
    page.wait_for_function("() => /Stopped/.test(document.querySelector('.cmp-mousecard-odds').innerText)")
    page.wait_for_selector(".cmp-mousecard-halt", state="hidden")


def test_a_large_check_computes_in_the_background_while_the_page_stays_live(page) -> None:
    """A large check: the panel says it is computing, the notebook still answers, and the
    result arrives by itself."""
    _set_up_a_large_check(page)
    # the notebook's thread is free: the live deck answers while the odds are computed
    tabs = page.locator(".lm-TabBar-tab, .p-TabBar-tab")
    tabs.filter(has_text="Live deck").click()
    page.locator(".cmp-mousecard-player input").fill("Pip")
    page.locator(".cmp-mousecard-award").click()
    page.wait_for_function("() => /Pip/.test(document.querySelector('.cmp-mousecard-chips').innerText)")
    computing = page.locator(".cmp-mousecard-odds").text_content()
    assert "Computing the exact odds" in computing or "Expected cards drawn" in computing
    page.wait_for_function(  # the quick chance (worked out in the background too), or the result
        "() => /Chance of success/.test(document.querySelector('.cmp-mousecard-odds').innerText)",
        timeout=60_000)
    tabs.filter(has_text="Odds").click()
    page.wait_for_function(  # the full result (the computing panel already shows the chance)
        "() => /Expected cards drawn/.test(document.querySelector('.cmp-mousecard-odds').innerText)",
        timeout=60_000)
    text = page.locator(".cmp-mousecard-odds").inner_text()
    assert "skill 16" in text and "7 successes" in text and "draws every card" in text
