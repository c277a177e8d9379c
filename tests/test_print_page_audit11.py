"""The Printables page, exploratory test 11: a refusal on show goes once the settings change (it kept
naming a card the list no longer held), and the message about a PDF made before follows every later
change, never a reason of an earlier one."""

from __future__ import annotations

import re

from companion.views.printing import PrintView


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_a_refusal_goes_once_the_settings_change() -> None:
    v = PrintView("tmnt")
    v.deck.value = "-"
    v.pasted.value = "3 Leonardo\n2 Raphel"
    v.make_button.click()
    assert "Raphel" in _text(v.status.value) and "companion-error" in v.status.value
    v.pasted.value = "3 Leonardo\n2 Raphael"  # mended: the refusal of the old list goes
    assert "Raphel" not in _text(v.status.value) and "companion-error" not in v.status.value


def test_the_settings_changed_message_follows_every_later_change() -> None:
    v = PrintView("tmnt")
    v.make_button.click()
    assert v.pdf
    v.what.value = "sheet"  # no score sheet for TMNT: Make PDF is off, and the message says why
    first = _text(v.status.value)
    assert first.startswith("The settings changed") and "no PDF is made" in first
    v.what.value = "cards"  # back to what makes a PDF: the message says so, not the old reason
    now = _text(v.status.value)
    assert now.startswith("The settings changed") and "press Make PDF for a new PDF" in now
    assert "no PDF is made" not in now
