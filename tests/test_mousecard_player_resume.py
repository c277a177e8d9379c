"""The Mouse Card page's Player box after a reload: the player of the latest award or spend in force."""

from __future__ import annotations

from pathlib import Path

from companion.mousecard.live import LiveDeckTracker
from companion.views.mousecard import MouseCardPage


def page_on(log: Path) -> MouseCardPage:
    return MouseCardPage(log, plot=False, settle=None)


def test_a_reopened_page_names_the_player_last_awarded_and_spend_is_on(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = page_on(log)
    page.player.value = "pip"
    page.chip("award")
    again = page_on(log)
    assert again.player.value == "pip"
    assert not again.spend_button.disabled and not again.award_button.disabled


def test_the_latest_spend_names_the_player_too(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = page_on(log)
    for name, verb in (("Pip", "award"), ("Moss", "award"), ("Moss", "award"), ("Pip", "spend")):
        page.player.value = name
        page.chip(verb)
    page.player.value = "Moss"
    page.chip("spend")
    assert page_on(log).player.value == "Moss"


def test_nothing_awarded_leaves_the_player_box_empty(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page_on(log)
    again = page_on(log)
    assert again.player.value == ""
    assert again.spend_button.disabled


def test_an_undone_award_gives_the_one_before_it_or_none(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = page_on(log)
    for name in ("Pip", "Moss"):
        page.player.value = name
        page.chip("award")
    page._undo_redo(True)
    assert page_on(log).player.value == "Pip"
    page._undo_redo(True)
    again = page_on(log)
    assert again.player.value == ""
    assert again.spend_button.disabled


def test_following_another_window_fills_only_an_empty_box(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = page_on(log)
    other = LiveDeckTracker(log)
    other.do({"event": "award", "player": "Pip", "chips": 1})
    assert page._sync()
    assert page.player.value == "Pip" and not page.spend_button.disabled
    page.player.value = "Ann"  # being typed: kept
    other.do({"event": "award", "player": "Moss", "chips": 1})
    assert page._sync()
    assert page.player.value == "Ann"


def test_the_pages_own_action_never_changes_the_box(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = page_on(log)
    page.character.value = "Pip"  # Award falls back on the Character box's name
    page.chip("award")
    assert page.player.value == ""
