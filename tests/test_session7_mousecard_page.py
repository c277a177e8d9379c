"""Session 7, the Mouse Card page: the name meant beside a misspelt player is said in the same muted note
under Award and Spend as why they are off (:func:`companion.ui.off_note`, which
:func:`~companion.ui.off_reasons` uses too), not in a copy of its HTML."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from companion import ui
from companion.views.mousecard import MouseCardPage


def test_off_note_is_the_muted_note_off_reasons_says_its_reasons_in() -> None:
    muted = ui.COLOURS["muted"]
    assert ui.off_note("Tom & Jerry <b>") == (
        f"<div class='companion-off' style='color:{muted}; font-size:13px'>Tom &amp; Jerry &lt;b&gt;</div>")
    off = SimpleNamespace(disabled=True, tooltip="no <game>", description="Draw")
    assert ui.off_reasons([off]) == ui.off_note("Off for now:", ["<b>Draw</b>: no &lt;game&gt;"]) == (
        f"<div class='companion-off' style='color:{muted}; font-size:13px'>Off for now:"
        "<ul style='margin:2px 0'><li><b>Draw</b>: no &lt;game&gt;</li></ul></div>")
    assert ui.off_reasons([SimpleNamespace(disabled=False, tooltip="x", description="y")]) == ""


def test_the_name_meant_beside_a_misspelt_player_is_an_off_note(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value, page.cards.value = "Tilly", "4S, 5S, 6S"
    page.draw_button.click()
    page.player.value = "Tilly"
    page.award_button.click()
    page.player.value = "Tily"  # Spend is off (Tily holds no chip), and the name meant is said under it
    hint = page.tracker.state.new_name_hint("Tily")
    assert hint is not None and "Did you mean 'Tilly'?" in hint
    reasons = ui.off_reasons([page.award_button, page.spend_button])
    assert page.spend_button.disabled and page.chips_off.value == reasons + ui.off_note(hint)
    page.player.value = "Tilly"
    assert page.chips_off.value == ""
