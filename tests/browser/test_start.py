"""The start page in a real browser: every game is introduced and every tool link works."""

from __future__ import annotations

from companion import GAMES
from companion.views.start import COMMON_TOOLS, TOOLS

from .conftest import open_tool


def test_start_page_introduces_every_game_and_opens_a_tool(page) -> None:
    open_tool(page, "start.ipynb")
    page.wait_for_selector(".cmp-start-page")
    text = page.inner_text(".cmp-start-page")
    for name in GAMES.values():
        assert name in text
    links = page.locator("a.cmp-start-tool")
    expected = sum(len(t) for t in TOOLS.values()) + len(COMMON_TOOLS)
    assert links.count() == expected
    # No code is showing in the app.
    assert page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0


def test_the_tmnt_deck_builder_link_opens_the_deck_builder_on_tmnt(page) -> None:
    open_tool(page, "start.ipynb")
    page.wait_for_selector(".cmp-start-page")
    page.locator("a.cmp-start-tool[href='deck_builder.ipynb?game=tmnt']").click()
    page.wait_for_selector(".cmp-deck-page")
    assert page.url.endswith("deck_builder.ipynb?game=tmnt")
    page.wait_for_function(  # the game of the link, not the page's default (Village)
        "() => /TMNT/.test(document.querySelector('.cmp-deck-game button.mod-active').innerText)")
    assert page.locator(".cmp-deck-game button.mod-active").inner_text().strip() == "TMNT TCG"
