"""Village TCG in a real browser: Mouse Points by tapping, and undo."""

from __future__ import annotations

from .conftest import A_PERSONS_PACE, open_tool


def test_tap_mouse_points_down_and_undo(page) -> None:
    open_tool(page, "village.ipynb")
    page.wait_for_selector(".cmp-village-page")
    mp = page.locator(".cmp-village-mp").first
    page.locator(".cmp-village-new").click()  # the New game panel is open before the first game
    page.wait_for_function(
        "() => /Player 1/.test(document.querySelector('.cmp-village-turn').innerText)")
    page.wait_for_function(
        "() => /30/.test(document.querySelector('.cmp-village-mp').innerText)")
    minus_one = page.locator(".cmp-village-player").first.get_by_role("button", name="-1 MP")
    minus_one.click()
    page.wait_for_function(
        "() => /29/.test(document.querySelector('.cmp-village-mp').innerText)")
    page.wait_for_timeout(A_PERSONS_PACE)  # (a press sooner after the first is taken for a double tap)
    minus_one.click()
    page.wait_for_function(
        "() => /28/.test(document.querySelector('.cmp-village-mp').innerText)")
    page.locator(".cmp-village-undo").click()
    page.wait_for_function(
        "() => /29/.test(document.querySelector('.cmp-village-mp').innerText)")
    assert "29" in mp.inner_text()
