"""The Mice and Mystics page: the cheese wheel's Rolls box (a surge's ambush rolled at the table), one
wording for every refusal of a captured mouse, and the state before the latest action."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

import companion.views.mystics as page
from companion.errors import RuleError
from companion.mystics.tracker import CAPTURED_CANNOT, captured_error
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, dash, start, started, tracker

#: The one sentence every refusal of a captured mouse starts with, and how it ends.
CAPTURED = ("Filch is captured: its figure is off the board and its cheese, wounds and markers were "
            "removed, so it cannot ")
RESCUE = "Rescue Filch first (mice-and-mystics.txt, Rescuing a Mouse)."


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def boss_surge_next(path: Path, **kw: Any) -> MysticsDashboard:
    """A started page whose next cheese (+1 or +2) surges: the encounter card's surge brings Captain
    Vurst, whose first card ambushes (Boss initiative cards), with the wheel at 4."""
    d = started(path, **kw)
    d.enc_surge.value = "vurst=1"
    d.enc_btn.click()
    d.add2.click()
    d.add2.click()
    assert d.state.board.wheel == 4 and d.state.board.encounter is not None, shown(d)
    return d


def descendants(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += descendants(child)
    return out


# -- the cheese wheel's Rolls box ------------------------------------------------------------------------

def test_the_cheese_rolls_box_is_beside_the_wheel_with_its_class(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d.cheese_rolls
    assert isinstance(box, w.Text) and "cmp-mystics-cheese-rolls" in box._dom_classes
    assert box.description == "Rolls" and "from the table" in box.placeholder and box.value == ""
    column = next(x for x in descendants(d.widget) if isinstance(x, w.VBox) and d.wheel in x.children)
    assert box in column.children  # under the cheese buttons, not in a collapsed section
    assert "``cmp-mystics-cheese-rolls``" in (page.__doc__ or "")


@pytest.mark.parametrize("roll", [1, 3])
def test_a_roll_typed_in_decides_the_surges_ambush_and_is_logged(tmp_path: Path, roll: int) -> None:
    path = tmp_path / "m.jsonl"
    d = boss_surge_next(path)
    d.cheese_rolls.value = str(roll)
    d.add2.click()
    event = lines(path)[-1]
    assert event["event"] == "minion_cheese" and event["count"] == 2 and event["rolls"] == [roll], shown(d)
    said = [m for m in d.state.messages if "ambushes" in m]
    assert len(said) == 1 and f"rolled {roll}, moves up {roll}" in said[0], said
    assert "SURGE" in d.surge_alert.value and d.cheese_rolls.value == ""  # done: the box is cleared


def test_the_roll_typed_in_moves_the_boss_card_by_that_many(tmp_path: Path) -> None:
    places = {}
    for roll in (1, 3):
        d = boss_surge_next(tmp_path / f"m{roll}.jsonl")
        d.add1.click()  # 5 on the wheel: the next cheese surges
        d.cheese_rolls.value = str(roll)
        d.add1.click()
        ids = [c.id for c in d.state.track]
        boss = next(c.id for c in d.state.track if c.kind == "boss")
        places[roll] = ids.index(boss)
    assert places[1] - places[3] == 2  # the boss card moved up 1 place, or 3


def test_a_blank_rolls_box_draws_the_roll_from_the_seed_and_logs_it(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = boss_surge_next(path)
    assert d.cheese_rolls.value == ""  # nothing typed in: the seed rolls
    d.add2.click()
    event = lines(path)[-1]
    assert event["event"] == "minion_cheese" and len(event["rolls"]) == 1, shown(d)
    (r,) = event["rolls"]
    assert r in (1, 2, 3) and any(f"ambushes: rolled {r}, moves up {r}" in m for m in d.state.messages)
    again = boss_surge_next(tmp_path / "again.jsonl")  # the same seed: the same roll
    again.add2.click()
    assert lines(tmp_path / "again.jsonl")[-1]["rolls"] == [r]


def test_the_rolls_typed_in_are_kept_when_the_action_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    no_numbers = tuple(replace(f, movement=None) for f in DIE)  # as the bundled die: the table rolls
    d = boss_surge_next(path, die=no_numbers)
    written = path.read_bytes()
    d.add2.click()  # blank: the die data cannot draw the boss's roll
    assert "Rolls box" in shown(d) and path.read_bytes() == written
    for typed, why in (("2 x", "bad die rolls"), ("1 2", "2 die rolls typed in, 1 used"),
                       ("9", "is not a number the action die shows")):
        d.cheese_rolls.value = typed
        d.add2.click()
        assert why in shown(d) and path.read_bytes() == written, shown(d)
        assert d.cheese_rolls.value == typed  # kept for the retry
    d.cheese_rolls.value = "2"
    dash(path, die=no_numbers).do({"event": "note", "text": "another window"})  # the page is stale now
    d.add2.click()
    assert "the log changed in another window" in shown(d) and d.cheese_rolls.value == "2"
    d.add2.click()
    assert lines(path)[-1]["rolls"] == [2] and d.cheese_rolls.value == "", shown(d)
    assert any("ambushes: rolled 2, moves up 2" in m for m in d.state.messages)


# -- one wording for a captured mouse ----------------------------------------------------------------------

#: An action of each kind :data:`CAPTURED_CANNOT` refuses, for (or with) captured Filch.
CAPTURED_ACTIONS = [
    {"event": "wound", "mouse": "filch", "count": 1},
    {"event": "wound", "mouse": "filch", "count": 1, "poison": True},
    {"event": "heal", "mouse": "filch", "count": 1},
    {"event": "mouse_cheese", "mouse": "filch", "count": 1},
    {"event": "greedy_steal", "mouse": "filch"},
    {"event": "pilfer", "mouse": "filch"},
    {"event": "level_up", "mouse": "filch", "ability": "First Aid"},
    {"event": "condition", "mouse": "filch", "condition": "webbed"},
    {"event": "condition", "mouse": "filch", "condition": "stunned", "on": False},
    {"event": "share", "from": "filch", "to": "tilda", "card": "Dagger"},
    {"event": "share", "from": "tilda", "to": "filch", "cheese": 1},
    {"event": "gain", "mouse": "filch", "card": "Dagger"},
    {"event": "discard", "mouse": "filch", "card": "Dagger"},
    {"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "paw"},
    {"event": "unequip", "mouse": "filch", "card": "Dagger"},
]


def test_every_kind_refused_for_a_captured_mouse_is_tried() -> None:
    assert {e["event"] for e in CAPTURED_ACTIONS} == set(CAPTURED_CANNOT)


@pytest.mark.parametrize("event", CAPTURED_ACTIONS, ids=lambda e: "-".join(map(str, e.values())))
def test_every_refusal_for_a_captured_mouse_has_the_one_wording(event: dict[str, Any]) -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "mouse_cheese", "mouse": "tilda", "count": 1})
    t.do({"event": "capture", "mouse": "filch"})
    before = t.state
    with pytest.raises(RuleError) as caught:
        t.do(event)
    said = caught.value.render()
    assert said == captured_error(t.state.mouse("filch"), event["event"]).render()
    assert said.startswith(CAPTURED) and said.endswith(RESCUE) and "Captured Mouse" in said, said
    assert t.state == before


def test_the_page_says_the_trackers_words_for_a_captured_mouse(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.add2.click()
    box = d._mouse_boxes["filch"]
    box.capture.click()
    filch = d.state.mouse("filch")
    off = {b: k for b, k in box.kinds.items() if k in CAPTURED_CANNOT}
    assert box.share in off and box.pilfer in off and box.conditions["poisoned"] in off and len(off) >= 13
    for control, kind in off.items():
        words = captured_error(filch, kind).render()
        assert control.disabled and control.tooltip == words, (kind, control.tooltip)
        assert control.tooltip.startswith(CAPTURED) and control.tooltip.endswith(RESCUE)
    written = path.read_bytes()
    for control in (box.wound, box.cheese_up, box.pilfer, box.conditions["webbed"]):
        control.disabled = False  # (a click that got through anyway): refused in the same words
        if isinstance(control, w.ToggleButton):
            control.value = True
        else:
            control.click()
        assert captured_error(filch, off[control]).render() in shown(d), shown(d)
    assert path.read_bytes() == written


# -- the state before the latest action ----------------------------------------------------------------------

def test_before_latest_is_the_state_an_undo_gives_and_changes_nothing(tmp_path: Path) -> None:
    t = tracker()
    assert t.before_latest() is None
    t.do(start())
    for k in range(t.CHECKPOINT + 3):  # past a kept state: folded from it
        t.do({"event": "minion_cheese", "count": 1 + k % 2})
    state, history = t.state, list(t.history)
    before = t.before_latest()
    assert t.state is state and t.history == history and not t.can_redo  # nothing changed
    t.undo()
    assert before == t.state


@pytest.mark.parametrize("button", ["add1", "sub1"])
def test_rolls_typed_wait_for_the_surge_when_the_cheese_brings_none(tmp_path: Path, button: str) -> None:
    path = tmp_path / "m.jsonl"
    d = boss_surge_next(path)  # the wheel at 4: +1 (5) and -1 (3) bring no surge
    d.cheese_rolls.value = "3"
    getattr(d, button).click()
    event = lines(path)[-1]
    assert event["event"] == "minion_cheese" and "rolls" not in event, shown(d)  # not logged unused
    assert d.cheese_rolls.value == "3" and "SURGE" not in d.surge_alert.value
    if button == "add1":  # the next cheese surges: the rolls waiting are its ambush's
        d.add1.click()
        assert lines(path)[-1]["rolls"] == [3] and d.cheese_rolls.value == "", shown(d)
        assert any("rolled 3, moves up 3" in m for m in d.state.messages)
