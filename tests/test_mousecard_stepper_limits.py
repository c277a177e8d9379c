"""The check's − and + buttons stop at the limits the page holds when they are pressed (Aged and a
disadvantage share their levels), so a button press is never said as a number "entered" past them."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion.mousecard.situations import MAX_LEVELS
from companion.views.mousecard import MouseCardPage


def test_plus_on_aged_stops_at_the_levels_a_disadvantage_leaves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("VOILA_BASE_URL", "VOILA_PREHEAT", "VOILA_REQUEST_URL", "SERVER_SOFTWARE"):  # (not the app)
        monkeypatch.delenv(key, raising=False)
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.disadvantage.value = 3
    page.aged.value = MAX_LEVELS - 3
    assert page.range_note.value == ""
    page.aged.plus.click()  # at the pair's limit: + does nothing, and says nothing
    assert page.aged.value == MAX_LEVELS - 3 and page.range_note.value == ""
    page.disadvantage.plus.click()
    assert page.disadvantage.value == 3 and page.range_note.value == ""
    page.aged.minus.click()
    page.disadvantage.plus.click()  # the level Aged gave up
    assert (page.aged.value, page.disadvantage.value) == (MAX_LEVELS - 4, 4) and page.range_note.value == ""
    page.aged.value = 0
    page.aged.minus.click()  # the low limit holds too
    assert page.aged.value == 0 and page.range_note.value == ""
