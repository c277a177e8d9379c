"""A seventh audit of the Mice and Mystics tracker, one section per finding: a captured mouse still equipped,
unequipped, gained and discarded search cards; the Scaper was rescued at once on every capture from the third
on, not on the third only; Scaper and Poisonmaster were awarded to a mouse the tracker's own record shows had
not met their condition. Older logs still replay as they were played: a line the rules refuse today is kept,
with a note (a Scaper's fourth capture replays by the book: no golden log holds one)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.mystics.tracker import (
    CAPTURED_CANNOT,
    KEPT,
    MysticsState,
    MysticsTracker,
    achievement_refusal,
    added_messages,
    captured_error,
)
from tests.test_mystics_helpers import start, started, tracker


def old_log(path: Path, *events: dict[str, Any]) -> MysticsTracker:
    """A log written line by line (as an older version wrote it), read back with the test card data."""
    path.write_text("".join(json.dumps(e) + "\n" for e in ({"event": "log", "tracker": "mystics"}, *events)))
    return tracker(EventLog(path))


def kept(t: MysticsTracker) -> list[str]:
    return [m for m in t.state.messages if m.startswith(KEPT)]


def gear(t: MysticsTracker, mouse: str) -> list[tuple[str, str | None]]:
    return [(g.name, g.slot) for g in t.state.mouse(mouse).gear]


def captures(t: MysticsTracker, mouse: str, n: int) -> None:
    """``mouse`` captured ``n`` times, rescued by a chapter rule after each capture but the last."""
    for i in range(n):
        t.do({"event": "capture", "mouse": mouse})
        if i < n - 1 and t.state.mouse(mouse).captured:
            t.do({"event": "rescue", "mouse": mouse, "force": True})


# -- 1: a captured mouse takes no search-card action --------------------------------------------------------

#: Before Filch's capture (the setup window, then his turn): a Bow in his pack (kept: the pack is safe), his
#: Dagger (starting equipment, kept equipped) and a Short Bow equipped (discarded by the capture).
BEFORE_CAPTURE = [
    {"event": "set_turn", "card": "filch"},
    {"event": "gain", "mouse": "filch", "card": "Short Bow"},
    {"event": "equip", "mouse": "filch", "card": "Short Bow", "slot": "paw"},
    {"event": "gain", "mouse": "filch", "card": "Bow"},
    {"event": "capture", "mouse": "filch"},
]
#: An action of each search-card kind for captured Filch, and his cards after the older version took it.
CARD_ACTIONS = [
    ({"event": "equip", "mouse": "filch", "card": "Bow", "slot": "paw"}, [("Dagger", "paw"), ("Bow", "paw")]),
    ({"event": "unequip", "mouse": "filch", "card": "Dagger"}, [("Bow", None), ("Dagger", None)]),
    ({"event": "gain", "mouse": "filch", "card": "Grape"},
     [("Dagger", "paw"), ("Bow", None), ("Grape", None)]),
    ({"event": "discard", "mouse": "filch", "card": "Bow"}, [("Dagger", "paw")]),
]


def captured_filch() -> MysticsTracker:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    for e in BEFORE_CAPTURE:
        t.do(e)
    return t


def test_the_capture_itself_still_moves_the_cards() -> None:
    t = captured_filch()
    assert t.state.mouse("filch").captured
    assert gear(t, "filch") == [("Dagger", "paw"), ("Bow", None)]  # the Short Bow discarded, the pack safe


@pytest.mark.parametrize(("event", "_old"), CARD_ACTIONS, ids=[e["event"] for e, _ in CARD_ACTIONS])
def test_a_captured_mouse_takes_no_search_card_action(event: dict[str, Any], _old: Any) -> None:
    t = captured_filch()
    before = t.state
    with pytest.raises(RuleError) as caught:
        t.do(event)
    said = caught.value.render()
    assert said == captured_error(t.state.mouse("filch"), event["event"]).render()
    assert said.startswith("Filch is captured") and "Rescuing a Mouse" in said and "Captured Mouse" in said
    assert t.state == before


def test_every_search_card_kind_is_refused_in_the_one_wording() -> None:
    assert {"equip", "unequip", "gain", "discard"} <= set(CAPTURED_CANNOT)


def test_the_rescued_mouse_takes_them_again() -> None:
    t = captured_filch()
    t.do({"event": "defeat_minion", "minion": "roach"})
    while t.state.mouse("filch").captured:  # (rescued as its NEXT turn begins, not on the capture's turn:
        t.do({"event": "end_turn"})  # Rescuing a Mouse; the rescue takes that turn, which ends)
    t.do({"event": "set_turn", "card": "filch"})
    t.do({"event": "equip", "mouse": "filch", "card": "Bow", "slot": "paw"})
    assert ("Bow", "paw") in gear(t, "filch")


@pytest.mark.parametrize(("event", "old"), CARD_ACTIONS, ids=[e["event"] for e, _ in CARD_ACTIONS])
def test_an_older_search_card_line_of_a_captured_mouse_is_kept(tmp_path: Path, event: dict[str, Any],
                                                              old: list[tuple[str, str | None]]) -> None:
    t = old_log(tmp_path / "m.jsonl", start(minions={"roach": 1}), *BEFORE_CAPTURE, event)
    assert gear(t, "filch") == old and t.state.mouse("filch").captured
    assert len(kept(t)) == 1 and "Filch is captured" in kept(t)[0]


def test_the_page_turns_the_search_card_buttons_off_for_a_captured_mouse(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.capture.click()
    filch = d.state.mouse("filch")
    for kind, button in box.gear_buttons.items():
        assert button.disabled and button.tooltip == captured_error(filch, kind).render(), kind


# -- 2: the Scaper is rescued at once on its third capture only ---------------------------------------------

def scaper(n: int) -> MysticsTracker:
    """Filch the Scaper (captured twice), with a Bow equipped, then captured ``n`` more times."""
    t = tracker()
    t.do(start(minions={"roach": 1}, chapter_end=20))
    captures(t, "filch", 2)
    t.do({"event": "achievement", "name": "Scaper", "mouse": "filch"})
    t.do({"event": "rescue", "mouse": "filch", "force": True})
    t.do({"event": "set_turn", "card": "filch"})
    t.do({"event": "gain", "mouse": "filch", "card": "Bow"})
    t.do({"event": "equip", "mouse": "filch", "card": "Bow", "slot": "paw"})
    captures(t, "filch", n)
    return t


def test_the_third_capture_rescues_the_scaper_at_once() -> None:
    t = scaper(1)
    m = t.state.mouse("filch")
    assert m.captures == 3 and not m.captured and ("Bow", "paw") in gear(t, "filch")
    assert any("captured a third time, rescued at once" in x for x in t.state.messages)


def test_the_fourth_capture_is_a_capture_like_any_other() -> None:
    t = scaper(1)
    before = t.state
    t.do({"event": "capture", "mouse": "filch"})
    m = t.state.mouse("filch")
    assert m.captures == 4 and m.captured and ("Bow", "paw") not in gear(t, "filch")
    said = added_messages(before, t.state)
    assert not any("captured a third time" in x for x in said)
    assert any("capture number 4: only the third capture is rescued at once" in x for x in said), said


def _fourth_capture_log(fourth: dict[str, Any]) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = [start(minions={"roach": 1}, chapter_end=20)]
    for _ in range(2):
        lines += [{"event": "capture", "mouse": "filch"},
                  {"event": "rescue", "mouse": "filch", "force": True}]
    return [*lines, {"event": "achievement", "name": "Scaper", "mouse": "filch"},
            {"event": "capture", "mouse": "filch"},  # the third: rescued at once
            fourth, {"event": "wound", "mouse": "filch", "count": 1}]


def test_an_older_log_with_a_fourth_capture_replays_as_it_was_played(tmp_path: Path) -> None:
    """An older version rescued the Scaper on every capture from the third on: its line (no
    scaper_third_only) is kept as played, with a note, so the saved game replays as it was: the wound
    logged after it still lands on a mouse on the board."""
    t = old_log(tmp_path / "m.jsonl", *_fourth_capture_log({"event": "capture", "mouse": "filch"}))
    m = t.state.mouse("filch")
    assert m.captures == 4 and not m.captured and m.wounds == 1
    assert len(kept(t)) == 1 and "capture number 4" in kept(t)[0] and "Scaper" in kept(t)[0]


def test_a_live_fourth_capture_logs_the_rule_it_followed_and_replays_so(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    t = old_log(path, *_fourth_capture_log({"event": "capture", "mouse": "filch"})[:-2])
    t.do({"event": "capture", "mouse": "filch"})  # live: the fourth capture is a capture like any other
    assert t.state.mouse("filch").captured
    assert json.loads(path.read_text().splitlines()[-1]).get("scaper_third_only") is True
    again = tracker(EventLog(path))
    assert again.state.mouse("filch").captured and not kept(again)


def test_a_wound_that_captures_the_scaper_a_fourth_time_logs_the_rule_too(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    t = old_log(path, *_fourth_capture_log({"event": "capture", "mouse": "filch"})[:-2])
    t.do({"event": "set_stats", "mouse": "filch", "life": 1})  # a life to reach
    t.do({"event": "wound", "mouse": "filch", "count": 1})  # the wound captures it: a fourth capture
    assert t.state.mouse("filch").captured
    assert json.loads(path.read_text().splitlines()[-1]).get("scaper_third_only") is True
    assert tracker(EventLog(path)).state.mouse("filch").captured


# -- 3: Scaper and Poisonmaster go to the mouse that met their condition ------------------------------------

def test_scaper_needs_two_captures_of_the_mouse() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, chapter_end=20))
    captures(t, "filch", 1)
    end = t.state.board.chapter_end
    with pytest.raises(RuleError) as caught:
        t.do({"event": "achievement", "name": "Scaper", "mouse": "filch"})
    said = caught.value.render()
    assert "the first mouse that is captured twice in a chapter" in said and "captured once" in said, said
    assert "Individual Achievements, Scaper" in said and "log the capture first" in said
    assert t.state.board.chapter_end == end and not t.state.board.achievements
    with pytest.raises(RuleError, match="captured twice"):  # no mouse named: none was captured twice
        t.do({"event": "achievement", "name": "Scaper"})
    t.do({"event": "rescue", "mouse": "filch", "force": True})
    t.do({"event": "capture", "mouse": "filch"})  # the second capture
    with pytest.raises(RuleError, match="Collin was captured 0 times"):  # another mouse's count is its own
        t.do({"event": "achievement", "name": "Scaper", "mouse": "collin"})
    t.do({"event": "achievement", "name": "Scaper", "mouse": "filch"})
    assert t.state.board.chapter_end == end + 1 and ("scaper", "filch") in t.state.board.achievements


def test_scaper_with_no_mouse_named_is_earned_once_a_mouse_was_captured_twice() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, chapter_end=20))
    captures(t, "tilda", 2)
    t.do({"event": "achievement", "name": "Scaper"})
    assert ("scaper", None) in t.state.board.achievements


def test_poisonmaster_needs_a_capture_with_an_unhealed_poison_wound() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, chapter_end=20))
    t.do({"event": "wound", "mouse": "tilda", "count": 1, "poison": True})
    t.do({"event": "heal", "mouse": "tilda", "count": 1, "poison": True})  # cured before the capture
    t.do({"event": "capture", "mouse": "tilda"})
    with pytest.raises(RuleError) as caught:
        t.do({"event": "achievement", "name": "Poisonmaster", "mouse": "tilda"})
    said = caught.value.render()
    assert "captured with at least 1 unhealed poison wound" in said and "0 times" in said, said
    assert "Individual Achievements, Poisonmaster" in said
    t.do({"event": "rescue", "mouse": "tilda", "force": True})
    t.do({"event": "wound", "mouse": "filch", "count": 3, "poison": True})  # the wound that captures him
    assert t.state.mouse("filch").captured and t.state.poison_captures == ("filch",)
    with pytest.raises(RuleError, match="Tilda has not earned 'Poisonmaster'"):
        t.do({"event": "achievement", "name": "Poisonmaster", "mouse": "tilda"})
    t.do({"event": "achievement", "name": "Poisonmaster", "mouse": "filch"})
    assert ("poisonmaster", "filch") in t.state.board.achievements


def test_a_capture_while_poisoned_counts_for_poisonmaster() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    t.do({"event": "wound", "mouse": "tilda", "count": 1, "poison": True})
    t.do({"event": "capture", "mouse": "tilda"})
    t.do({"event": "achievement", "name": "Poisonmaster"})  # no mouse named: Tilda met it
    assert ("poisonmaster", None) in t.state.board.achievements


def test_the_conditions_the_tracker_does_not_record_are_not_checked() -> None:
    t = tracker()
    t.do(start())
    for name, mouse in (("Cheesemaster", "filch"), ("Roachmaster", "collin"), ("Cat Tamer", "tilda")):
        t.do({"event": "achievement", "name": name, "mouse": mouse})
    assert len(t.state.board.achievements) == 3


def test_an_older_unearned_achievement_line_is_kept(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(minions={"roach": 1}),
                {"event": "capture", "mouse": "filch"},
                {"event": "achievement", "name": "Scaper", "mouse": "filch"},
                {"event": "achievement", "name": "Poisonmaster", "mouse": "tilda"})
    b = t.state.board
    assert b.chapter_end == 7 and ("scaper", "filch") in b.achievements  # moved as it was played
    assert ("poisonmaster", "tilda") in b.achievements
    notes = kept(t)
    assert len(notes) == 2 and "Filch has not earned 'Scaper'" in notes[0], notes
    assert "Tilda has not earned 'Poisonmaster'" in notes[1]


def test_the_refusal_follows_the_mouse_named() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    captures(t, "filch", 2)
    s: MysticsState = t.state
    assert achievement_refusal(t, s, "Scaper", "filch") is None
    assert achievement_refusal(t, s, "Scaper") is None  # (a mouse was captured twice)
    refused = achievement_refusal(t, s, "Scaper", "collin")
    assert refused is not None and "Collin has not earned 'Scaper'" in refused.render()


def test_the_page_says_the_refusal_for_the_mouse_chosen(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.achievement.value = "Poisonmaster"
    d.ach_mouse.value = "tilda"
    assert d.ach_btn.disabled and "Tilda has not earned 'Poisonmaster'" in d.ach_btn.tooltip
    assert "the mouse's “Poison”, then “Capture”" in d.ach_btn.tooltip, d.ach_btn.tooltip
    written = path.read_bytes()
    d.ach_btn.disabled = False  # (a click that got through anyway): refused in the same words
    d.ach_btn.click()
    assert "Tilda has not earned 'Poisonmaster'" in html.unescape(d.track_msg.value)
    assert path.read_bytes() == written
    d.do({"event": "wound", "mouse": "tilda", "count": 1, "poison": True})
    d.do({"event": "capture", "mouse": "tilda"})
    assert not d.ach_btn.disabled, d.ach_btn.tooltip
    d.ach_mouse.value = "collin"  # another mouse chosen: the button follows
    assert d.ach_btn.disabled and "Collin has not earned" in d.ach_btn.tooltip
