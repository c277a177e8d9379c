"""The dashboard view: buttons drive the tracker, the log autosaves, a reopened view resumes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.views.mystics import MysticsDashboard, parse_counts, parse_ints
from tests.test_mystics_helpers import DIE, HEROES, MINIONS

KW = {"die": DIE, "heroes": HEROES, "minions": MINIONS}


def dash(path: Path) -> MysticsDashboard:
    return MysticsDashboard(path, tracker_kwargs=KW)


def started(path: Path) -> MysticsDashboard:
    d = dash(path)
    d.mice_pick.value = ("collin", "filch", "tilda", "maginos")
    d.start_minions.value = "rat_warriors=2"
    d.seed.value = "3"
    d.start_btn.click()
    assert d.state.started, d.status.value
    return d


def test_start_shows_track_wheel_hourglass_and_party(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    assert "cmp-mystics-current" in d.track.value
    assert "Rat Warriors" in d.track.value
    assert "0/6" in d.wheel.value and "glass" in d.hourglass.value
    assert len(d.party.children) == 4
    assert "cmp-mystics-mouse-filch" in d.party.children[1]._dom_classes


def test_css_classes_are_on_the_widgets(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for widget, css in ((d.add1, "cmp-mystics-add-cheese"), (d.wheel, "cmp-mystics-wheel"),
                        (d.hourglass, "cmp-mystics-hourglass"), (d.surge_alert, "cmp-mystics-surge-alert"),
                        (d.next_btn, "cmp-mystics-next-turn"), (d.undo_btn, "cmp-mystics-undo")):
        assert css in widget._dom_classes


def test_cheese_buttons_surge_alert_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    for _ in range(3):
        d.add2.click()
    assert d.state.board.wheel == 0 and d.state.board.hourglass == 2
    assert "SURGE" in d.surge_alert.value
    d.undo_btn.click()
    assert d.state.board.wheel == 4 and d.surge_alert.value == ""
    d.redo_btn.click()
    assert d.state.board.hourglass == 2
    events = [json.loads(x)["event"] for x in path.read_text().splitlines()]
    assert events[-2:] == ["undo", "redo"]


def test_errors_show_in_the_status_panel_not_as_exceptions(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.sub1.click()  # the wheel is empty
    assert "cannot take" in d.status.value
    d.start_minions.value = "rat_warriors=lots"
    d.start_btn.click()
    assert "bad minion count" in d.status.value


def test_mouse_buttons_and_conditions(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.conditions["webbed"].value = True
    assert "webbed" in d.state.mouse("filch").conditions
    box.capture.click()
    assert d.state.mouse("filch").captured and d.state.board.hourglass == 2
    assert box.rescue.disabled is False


def test_next_turn_and_encounter(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    first = d.state.current.id
    d.next_btn.click()
    assert d.state.current.id != first
    d.enc_name.value = "E9"
    d.enc_minions.value = "spider=1"
    d.enc_surge.value = "roach=2"
    d.enc_btn.click()
    assert d.state.board.encounter.name == "E9" and any(c.id == "spider" for c in d.state.track)


def test_reopening_resumes_and_new_chapter_keeps_the_old_log(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.add1.click()
    again = dash(path)
    assert again.state == d.state and again.setup.selected_index is None
    again.chapter_end.value = 8
    again.start_btn.click()
    assert again.state.board.chapter_end == 8 and again.state.board.wheel == 0
    assert len(list(tmp_path.glob("m-*.jsonl"))) == 1


def test_crash_tail_is_reported_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    started(path)
    with open(path, "a") as fh:
        fh.write('{"event": "minion_')
    d = dash(path)
    assert d.state.started and "crash" in d.status.value


def test_odds_panel_updates(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.odds.battle.value = 3
    assert "3 dice vs 1" in d.odds.result.value


@pytest.mark.parametrize("text,expected", [("rat_warriors=3, spider", {"rat_warriors": 3, "spider": 1}),
                                           ("", {}), ("Cave Centipede=1", {"cave_centipede": 1})])
def test_parse_counts(text: str, expected: dict[str, int]) -> None:
    assert parse_counts(text) == expected


def test_parse_ints() -> None:
    assert parse_ints("2, 1 3") == [2, 1, 3] and parse_ints(" ") is None


def test_pack_equipment_and_life_controls(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["tilda"]
    box.card.value = "Grape"
    box.trick.value = False
    d.do(box._gain())
    assert [g.name for g in d.state.mouse("tilda").pack] == ["Grape"]
    box.card.value = "Longbow"
    box.slot.value = "paw2"
    d.do(box._equip())
    assert [(g.name, g.slot, g.paws) for g in d.state.mouse("tilda").equipped] == [("Longbow", "paw", 2)]
    box.life.value = 1
    box.set_life.click()
    assert d.state.mouse("tilda").life == 1
    box.card.value = ""
    with pytest.raises(CompanionError):
        box._gain()
