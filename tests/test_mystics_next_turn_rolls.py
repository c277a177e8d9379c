"""Next turn and the Rolls box by the minion wheel: a round-ending Next turn whose Time is Short! cheese fills
the wheel brings a surge, and a surge never ambushes (Ambushes: "Ambushes do not affect the surge minions";
a boss's first card ambushes only when minion cards are on the track already, Boss initiative cards, and
Time is Short! needs an empty board, Game round). So that Next turn takes no die rolls, even with die data
that has no movement numbers (the bundled die): it is on, reads no Rolls box and leaves the wheel's box as
typed (its rolls wait for the cheese whose surge they are for)."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.mystics.tracker import rolls_refusal
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, started

#: As the bundled die: no movement numbers, so an ambush's rolls would be typed in from the table.
NO_NUMBERS = tuple(replace(f, movement=None) for f in DIE)
END_TURN = {"event": "end_turn"}


def round_ending_surge(path: Path, die: Any) -> MysticsDashboard:
    """The last mouse's turn with no minions on the board, the wheel at 5 and the face-up encounter card's
    surge bringing Captain Vurst (a boss with several initiative cards): Next turn's Time is Short! cheese
    fills the wheel."""
    d = started(path, die=die)
    d.enc_surge.value = "vurst=1"
    d.enc_btn.click()
    for button in (d.add2, d.add2, d.add1):
        button.click()
    for _ in range(2):
        d.do({"event": "defeat_minion", "minion": "rat_warriors"})
    while d.state.current is None or d.state.current.id != d.state.track[-1].id:
        d.next_btn.click()
    assert d.state.board.wheel == 5 and d.state.minions_on_board == 0, html.unescape(d.status.value)
    assert all(x.kind == "mouse" for x in d.state.track)
    return d


@pytest.mark.parametrize("die", [None, NO_NUMBERS], ids=["bundled-die", "no-movement-numbers"])
def test_a_round_ending_surge_takes_no_rolls_and_leaves_the_wheels_box(tmp_path: Path, die: Any) -> None:
    path = tmp_path / "m.jsonl"
    d = round_ending_surge(path, die)
    assert all(f.movement is None for f in d.tracker.die)  # (the rolls would come from the table)
    assert d.tracker.rolls_trial(d.state, END_TURN).rolled == []  # (the surge's minions deal a new order)
    for typed in ("", "2"):  # (rolls typed for a cheese click's surge: not Next turn's)
        d.cheese_rolls.value = typed
        assert not d.next_btn.disabled, d.next_btn.tooltip
    d.next_btn.click()
    last = json.loads(path.read_text().splitlines()[-1])
    assert last["event"] == "end_turn" and "rolls" not in last
    b = d.state.board
    assert (b.wheel, b.hourglass, len(b.surges)) == (0, 2, 1), html.unescape(d.status.value)
    assert [g.id for g in d.state.minions] == ["vurst"]
    assert not any("ambush" in m.lower() for m in d.state.messages)  # (no boss ambush: a new order)
    assert d.cheese_rolls.value == "2"  # (left as typed)


def test_rolls_typed_for_a_round_ending_surge_are_refused(tmp_path: Path) -> None:
    """The tracker says it too: nothing of that surge rolls, so rolls added to the event are refused."""
    d = round_ending_surge(tmp_path / "m.jsonl", NO_NUMBERS)
    assert rolls_refusal(d.tracker, d.state, END_TURN) is None
    refused = rolls_refusal(d.tracker, d.state, {**END_TURN, "rolls": [2]})
    assert refused is not None and "1 die roll typed in, 0 needed" in refused.message
