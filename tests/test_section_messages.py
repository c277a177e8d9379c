"""One way to say what a click did where it was chosen (:class:`companion.ui.SectionMessages`), on the
four tracker pages: a result or a refusal shows under the buttons of the section whose control was
pressed, and only the latest one shows (a message an earlier click left in another section is cleared)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import ui
from companion.errors import CompanionError
from companion.views.mousecard import MouseCardPage
from tests.test_mystics_helpers import started
from tests.test_tmnt_views import at_first_attack
from tests.test_village_page_audit8 import contains
from tests.test_village_page_audit8 import started as village_started


def refuse(*_args: Any) -> None:
    raise CompanionError("not now", suggestion="Try later.")


# -- the helper -------------------------------------------------------------------------------------------

def test_a_guarded_click_clears_every_panel_and_shows_its_refusal_in_its_own() -> None:
    said = ui.SectionMessages()
    first, second, third = said.panel("cmp-a"), said.panel("cmp-b", "cmp-c"), said.panel()
    assert said.panels == (first, second, third) and said.current is first  # (before any click)
    assert {"cmp-b", "cmp-c"} <= set(second._dom_classes)
    ui.show(first, "ok", "an earlier click's result")
    ui.show(third, "warn", "another")
    assert said.guard(second)(refuse)("button") is None  # never raised
    assert first.value == "" and third.value == ""
    assert "That did not work" in second.value and "not now" in second.value
    assert said.current is second


def test_a_guarded_click_that_succeeds_writes_in_the_current_panel() -> None:
    said = ui.SectionMessages()
    first, second = said.panel(), said.panel()
    ui.show(first, "error", "old refusal")
    said.guard(second)(lambda: ui.show(said.current, "ok", "done"))()
    assert first.value == "" and "done" in second.value


def test_an_action_that_moves_its_words_has_its_error_follow() -> None:
    said = ui.SectionMessages()
    here, there = said.panel(), said.panel()

    def moves_then_fails() -> None:
        said.use(there)
        raise CompanionError("failed after moving")

    said.guard(here)(moves_then_fails)()
    assert here.value == "" and "failed after moving" in there.value


def test_a_status_panel_not_registered_is_a_target_but_never_cleared() -> None:
    said = ui.SectionMessages()
    section, status = said.panel(), ui.panel("info", "the table's state")
    said.guard(status)(refuse)()
    assert "not now" in status.value
    said.guard(section)(refuse)()
    assert "not now" in section.value and "not now" in status.value  # (the page's own: it stays)


def test_a_forgotten_panel_is_no_longer_cleared() -> None:
    said = ui.SectionMessages()
    kept, gone = said.panel(), said.panel()
    said.forget([gone])
    ui.show(gone, "ok", "a section no longer on the page")
    said.clear()
    assert said.panels == (kept,) and "no longer" in gone.value


def test_the_shower_can_be_the_pages_own() -> None:
    seen: list[tuple[Any, BaseException]] = []
    said = ui.SectionMessages(show=lambda target, exc: seen.append((target, exc)))
    section = said.panel()
    said.guard(section)(refuse)()
    assert len(seen) == 1 and seen[0][0] is section and section.value == ""
    assert isinstance(seen[0][1], CompanionError) and seen[0][1].message == "not now"


def test_guarded_takes_a_function_giving_the_panel() -> None:
    target = ui.panel()
    ui.guarded(lambda: target)(refuse)()
    assert "not now" in target.value


def test_no_current_panel_before_any_is_made() -> None:
    with pytest.raises(LookupError):
        _ = ui.SectionMessages().current


# -- the four pages ---------------------------------------------------------------------------------------

def test_tmnt_a_refusal_in_one_section_clears_another_sections(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    g.builder.attacks[0].pick.value = "custom"  # Wind, as the Character: refused
    g.builder.attacks[0].attr.value = "Wind"
    g.record.click()
    assert "same Attribute" in g.action_msg.value
    g.fix_apply.click()  # nothing changed in the boxes: refused under Apply correction
    assert "nothing to correct" in g.fix_msg.value and g.action_msg.value == ""
    assert set(g.section_messages.panels) == {g.setup_msg, g.action_msg, g.zone_msg, g.fix_msg}


def test_mystics_a_refusal_in_one_section_clears_another_sections(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.sub1.click()  # the wheel is empty: refused under the wheel's buttons
    assert "cannot take" in d.wheel_msg.value
    box = d._mouse_boxes["collin"]
    box.cure.click()  # Collin has no poison wound: refused in his box
    assert "That did not work" in box.msg.value and d.wheel_msg.value == ""
    d.enc_name.value, d.enc_minions.value = "Spiders", "dragons=banana"
    d.enc_btn.click()
    assert "bad minion count" in d.encounter_msg.value and box.msg.value == ""
    boxes = [p for b in d._mouse_boxes.values() for p in (b.msg, b.extra_msg)]
    assert set(boxes) <= set(d.message_panels())
    assert len(d.message_panels()) == 9 + len(boxes)  # (the sections', and the boxes' on show only)


def test_mousecard_a_refusal_in_one_row_clears_another_rows(tmp_path: Path) -> None:
    mc = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    mc.draw_button.click()  # no character named: refused under the Draw row
    assert "name the character" in mc.draw_msg.value and mc.message is mc.draw_msg
    mc.spend_button.click()  # no player named: refused under the chips' row
    assert "name the player" in mc.chips_msg.value and mc.draw_msg.value == ""
    assert mc.message is mc.chips_msg
    kids = list(mc.live_tab.children)
    assert kids.index(mc.chips_msg) == kids.index(next(c for c in kids if contains(c, mc.spend_button))) + 1


def test_village_a_refusal_in_one_group_clears_another_groups(tmp_path: Path) -> None:
    v = village_started(tmp_path)
    assert "Ann" in v.head_msg.value  # New game's words, at the turn's top
    v.buttons["stats"].click()  # no mouse selected: refused beside Card effects
    assert "That did not work" in v.message.value and contains(v.effects, v.message)
    assert v.head_msg.value == ""
    v.flip_buttons[2].click()  # Flip for me: said beside the coin flips, the refusal cleared
    assert v.message is v.flip_msg and "coin flip" in v.flip_msg.value
    assert all(p.value == "" for p in v.section_messages.panels if p is not v.flip_msg)
