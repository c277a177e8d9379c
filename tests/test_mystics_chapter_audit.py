"""A Mice and Mystics chapter played on the page (audit V2), one section per finding: a move of the chapter
end marker that loses the chapter takes a second tap; the wound message; a bad life's line; the advice after
a reshuffle; the achievements held; a resolved surge's alert after an Undo."""

from __future__ import annotations

import html
from pathlib import Path

from companion import possessive
from companion.views.mystics import CONFIRM_LOSS, END_LABELS, MysticsDashboard
from tests.test_mystics_helpers import dash, started


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


# -- 2: a move of the chapter end marker that loses the chapter is confirmed first -------------------------

def test_a_move_that_loses_the_chapter_says_so_and_waits_for_a_second_tap(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "hourglass", "move": 2})  # the hourglass on page 3, the marker on page 6
    d.end_move.value = -4
    d.end_move_btn.click()
    assert not d.state.board.defeated
    assert d.end_move_btn.description == CONFIRM_LOSS
    said = html.unescape(d.chapter_msg.value)
    assert "This loses the chapter" in said and "behind the hourglass" in said
    assert "Story Control Board" in said
    d.end_move_btn.click()
    assert d.state.board.defeated
    assert d.end_move.value == 0 and d.end_move_btn.description == END_LABELS["move"]
    d.undo()
    assert not d.state.board.defeated and d.end_move_btn.disabled  # (a move of 0: a tap repeats nothing)


def test_a_changed_box_or_another_action_takes_the_confirmation_back(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "hourglass", "move": 2})
    d.end_move.value = -4
    d.end_move_btn.click()
    d.end_move.value = -5
    assert d.end_move_btn.description == END_LABELS["move"]
    d.end_move_btn.click()  # a first tap again: said, not done
    assert not d.state.board.defeated and d.end_move_btn.description == CONFIRM_LOSS
    d.add1.click()  # another action done
    assert d.end_move_btn.description == END_LABELS["move"]
    d.end_move_btn.click()
    assert not d.state.board.defeated


def test_a_box_changed_and_changed_back_is_a_first_tap_again(tmp_path: Path) -> None:
    """The browser smoke test lost a chapter to one tap: -5 tapped, the box set to -4 and back to -5, and
    the button read "Confirm" again. A changed box disarms, whatever it is changed back to, and the warning
    that named the confirm button goes with it."""
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "hourglass", "move": 2})
    d.end_move.value = -5
    d.end_move_btn.click()
    assert d.end_move_btn.description == CONFIRM_LOSS and "This loses the chapter" in d.chapter_msg.value
    d.end_move.value = -4
    assert d.end_move_btn.description == END_LABELS["move"] and d.chapter_msg.value == ""
    d.end_move.value = -5
    assert d.end_move_btn.description == END_LABELS["move"]
    d.end_move_btn.click()  # a first tap again: said, not done
    assert not d.state.board.defeated and d.end_move_btn.description == CONFIRM_LOSS


def test_another_windows_action_takes_the_confirmation_back(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.do({"event": "hourglass", "move": 2})
    d.end_move.value = -4
    d.end_move_btn.click()
    assert d.end_move_btn.description == CONFIRM_LOSS
    dash(path).do({"event": "note", "text": "another window"})
    assert d.follow_once() and d.end_move.value == -4  # (the box as typed: only the state is another)
    assert d.end_move_btn.description == END_LABELS["move"]
    d.end_move_btn.click()  # a first tap again: said, not done
    assert not d.state.board.defeated and d.end_move_btn.description == CONFIRM_LOSS


def test_next_turn_says_whose_turn_it_is_once_in_the_status_title(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.next_btn.click()
    turn = f"{possessive(d.state.current.name)} turn"  # type: ignore[union-attr]
    status = html.unescape(d.status.value)
    assert status.count(turn) == 1 and f"{turn} · round 1" in status
    assert d.turn_msg.value == ""  # (nothing else said: the panel under Next turn stays empty)


def test_a_page_typed_that_loses_the_chapter_is_confirmed_too(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.end_page.value = 1
    d.end_page_btn.click()
    assert not d.state.board.defeated and d.end_page_btn.description == CONFIRM_LOSS
    assert "onto the hourglass" in html.unescape(d.chapter_msg.value)
    d.end_page_btn.click()
    assert d.state.board.defeated and "Defeat: the chapter end marker was moved to page 1" in shown(d)


def test_a_move_that_does_not_lose_the_chapter_is_done_by_one_tap(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.end_move.value = 2
    d.end_move_btn.click()
    assert d.state.board.chapter_end == 8 and d.end_move.value == 0


# -- 9: Set life's reason for a bad life typed is a visible line by the box -------------------------------

def test_a_bad_life_typed_is_said_in_a_line_under_the_box(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["tilda"]
    box.life.value = "five"
    assert box.set_life.disabled
    line = html.unescape(box.life_off.value)
    assert "bad life 'five' in the Life box" in line and "whole number" in line
    box.life.value = "0"
    assert "bad life '0'" in html.unescape(box.life_off.value)
    box.life.value = "7"
    assert box.life_off.value == "" and not box.set_life.disabled


# -- 1: after a reshuffle mid-turn, a mouse's reasons advise Set turn when Next turn starts another's turn ---

def test_after_a_reshuffle_the_advice_is_set_turn_not_next_turn(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "set_turn", "card": "collin"})
    for _ in range(2):
        d.do({"event": "defeat_minion", "minion": "rat_warriors"})
    d.do({"event": "add_minions", "minions": {"spider": 1}})  # (no minion card on the track: reshuffled)
    s = d.state
    assert s.current is None and s.next_card is not None and s.next_card.id == "filch"
    equip = d._mouse_boxes["collin"].gear_buttons["equip"]
    assert equip.disabled
    assert "press Next turn" not in equip.tooltip
    assert ("“Set turn” (Correct the initiative order or turn): Next turn would begin Filch's turn"
            in equip.tooltip)
    own = d._mouse_boxes["filch"].gear_buttons["equip"]  # (the next card's own mouse: Next turn is right)
    d._mouse_boxes["filch"].card.value = "Grape"
    assert own.disabled and "press Next turn" in own.tooltip


# -- 5: the achievements held are shown in the chapter area, with who holds them --------------------------

def test_an_achievement_held_is_shown_with_its_holder(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    assert "Achievements" not in d.hourglass.value
    d.do({"event": "achievement", "name": "Roachmaster", "mouse": "filch"})
    assert "Achievements: <b>Roachmaster (Filch)</b>" in d.hourglass.value
    d.undo()
    assert "Roachmaster" not in d.hourglass.value


# -- 4: an Undo of an unrelated action does not bring back a resolved surge's alert -----------------------

def test_an_undo_after_a_surge_does_not_show_its_alert_again(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "minion_cheese", "count": 6})
    assert d.state.alert and "Surge" in d.surge_alert.value
    d.do({"event": "note", "text": "a card in Collin's pack"})
    assert d.surge_alert.value == ""
    d.undo()
    assert d.state.alert and d.surge_alert.value == ""  # (the state the surge left: no new surge)
    d.undo()  # the surge itself taken back, then done again: said again
    d.redo()
    assert "Surge" in d.surge_alert.value
    again = dash(tmp_path / "m.jsonl")  # (a reopening: the log's latest action is the surge)
    assert "Surge" in again.surge_alert.value


# -- 7: the wound message says the wounds held, never read as life left ------------------------------------

def test_the_wound_message_says_the_wounds_and_the_life_apart(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    tilda = d._mouse_boxes["tilda"]
    d.do({"event": "set_stats", "mouse": "tilda", "life": 5})
    for _ in range(3):
        d.do({"event": "wound", "mouse": "tilda", "count": 1})
    tilda.wound.click()
    said = html.unescape(tilda.msg.value)
    assert "Tilda: +1 wound (4 wounds; life 5)" in said and "of 5 life" not in said
    d.do({"event": "wound", "mouse": "collin", "count": 1, "poison": True})
    poisoned = "Collin: +1 poison wound (1 wound, 1 poison; life 3) ("
    assert any(m.startswith(poisoned) for m in d.state.messages)


def test_a_fault_drawing_the_status_after_a_click_is_shown_in_it_never_raised(tmp_path: Path,
                                                                              monkeypatch) -> None:
    d = started(tmp_path / "m.jsonl")

    def broken() -> None:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(d, "show_once_said", broken)
    d.next_btn.click()  # (the turn is taken; only the drawing after it fails)
    assert d.state.current is not None and "drawing failed" in html.unescape(d.status.value)
