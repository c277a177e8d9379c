"""Why a control is off, in words on the page: a touch screen shows no tooltip (ui.gate, ui.off_reasons)."""

from __future__ import annotations

import ipywidgets as w

from companion import ui


def test_gate_turns_off_with_the_reason_and_back_on_with_the_own_tooltip() -> None:
    b = w.Button(description="Draw", tooltip="draw a card")
    ui.gate(b, "no game yet")
    assert b.disabled and b.tooltip == "no game yet"
    ui.gate(b, None)
    assert not b.disabled and b.tooltip == "draw a card"


def test_off_reasons_names_each_reason_once_with_the_controls_it_covers() -> None:
    a, b, c = (w.Button(description=d) for d in ("Draw", "End turn", "Flip"))
    assert ui.off_reasons([a, b, c]) == ""
    ui.gate(a, "one draw a turn")
    ui.gate(b, "one draw a turn")
    ui.gate(c, "no game yet")
    said = ui.off_reasons([a, b, c])
    assert said.count("one draw a turn") == 1 and "Draw, End turn" in said and "Flip" in said
    assert "no game yet" not in ui.off_reasons([a, b, c], skip=["no game yet"])


def test_off_reasons_escapes_what_it_quotes() -> None:
    b = w.Button(description="<b>x</b>")
    ui.gate(b, "a < b")
    said = ui.off_reasons([b])
    assert "&lt;b&gt;x&lt;/b&gt;" in said and "a &lt; b" in said
