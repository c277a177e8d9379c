"""An audit of the Mice and Mystics page and 'mystics do': a refused click redraws the page; controls off
when play has ended or they cannot work, with why; the chapter end marker's defeat in its own words;
captured mice neither pilfer nor share; what a share gives; what an undo takes back; a corrected
initiative order says whose turn is next."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.mystics.tracker import MysticsTracker
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, order, start, started, tracker


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


# -- 1: a refused action redraws the page from the state ------------------------------------------------

def test_a_refused_condition_toggle_is_drawn_again_as_the_state_has_it(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.victory_btn.click()
    before = path.read_bytes()
    webbed = d._mouse_boxes["filch"].conditions["webbed"]
    webbed.value = True  # (a click that got through)
    assert "the chapter is won, play does not go on" in shown(d)
    assert path.read_bytes() == before and "webbed" not in d.state.mouse("filch").conditions
    assert webbed.value is False and webbed.button_style == ""


# -- 2: after the end, the controls play has ended for are off, saying why --------------------------------

def test_after_a_victory_what_play_has_ended_for_is_off_and_the_rest_stays_on(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.victory_btn.click()
    off = (d.next_btn, d.add1, d.add2, d.sub1, d.glass_btn, d.enc_btn, d.room_btn, d.wound_minion,
           d.defeat_minion, d.add_btn, d.end_move_btn, d.end_page_btn, d.victory_btn, d.defeat_btn)
    for button in off:
        assert button.disabled and "the chapter is won: play does not go on" in button.tooltip, \
            button.description
        assert "mice-and-mystics.txt, Victory" in button.tooltip
    box = d._mouse_boxes["tilda"]
    kinds = {b: k for b, k in box.kinds.items()}
    for widget, kind in kinds.items():  # the tracker still takes cheese, gear, level up, share, life
        allowed = kind in ("mouse_cheese", "level_up", "gain", "equip", "unequip", "discard", "share",
                           "set_stats")
        if allowed:  # (off only for a reason of its own: no cheese to spend, no card typed, ...)
            assert "play does not go on" not in widget.tooltip, (kind, widget.description)
        else:
            assert widget.disabled, (kind, widget.description)
    d.achievement.value = "Cheesemaster"
    assert not d.undo_btn.disabled and not d.ach_btn.disabled and not d.order_reset.disabled
    d.undo_btn.click()  # the chapter goes on: everything back on, with its own tooltip
    assert not d.next_btn.disabled and d.next_btn.tooltip == "Next turn ▸"
    assert not any("play does not go on" in w.tooltip for w in box.kinds)  # (Heal: no wounds; off for that)
    assert not box.wound.disabled and not box.conditions["webbed"].disabled


def test_after_a_defeat_only_corrections_stay_on(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.defeat_reason.value = "Lily was captured"
    d.defeat_btn.click()
    for button in (d.next_btn, d.add1, d.ach_btn, d.glass_btn, d.add_btn):
        assert button.disabled and "the chapter is lost: play does not go on" in button.tooltip
    assert d.victory_btn.disabled and "lost by the defeat event: Lily was captured" in d.victory_btn.tooltip
    assert d.defeat_btn.disabled and "already lost" in d.defeat_btn.tooltip
    assert not d.undo_btn.disabled  # the end marker stays where the chapter was lost (audit 2, item 10)
    assert d.end_move_btn.disabled and d.end_page_btn.disabled
    box = d._mouse_boxes["filch"]
    assert all(w.disabled for w, k in box.kinds.items() if k != "set_stats")
    assert box.set_life.disabled and "life is 3 already" in box.set_life.tooltip  # (nothing to correct)
    box.life.value = "4"
    assert not box.set_life.disabled


def test_a_second_defeat_is_refused_it_would_change_nothing() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "defeat", "reason": "the crow"})
    with pytest.raises(RuleError, match="the chapter is already lost: the crow"):
        t.do({"event": "defeat", "reason": "the cat"})
    assert t.state.board.lost_by == "the crow"


# -- 3: the chapter end marker onto or behind the hourglass -----------------------------------------------

def test_the_end_marker_put_on_the_hourglass_says_defeat_in_its_own_words() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "hourglass", "move": 2})
    t.do({"event": "chapter_end", "page": 3})
    said = " ".join(t.state.messages[-2:])
    assert t.state.board.defeated
    assert ("Defeat: the chapter end marker was moved to page 3, onto the hourglass (page 3): the hourglass "
            "has reached it (mice-and-mystics.txt, Story Control Board)") in said
    assert "the hourglass reached the chapter end marker" not in said
    assert "onto the hourglass" in t.state.board.defeat_reason


def test_the_end_marker_moved_behind_the_hourglass_and_cut_at_page_1_says_both() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "chapter_end", "page": 3})
    t.do({"event": "chapter_end", "move": -5})
    said = t.state.messages[-3:]
    assert t.state.board.chapter_end == 1 and t.state.board.defeated
    assert ("Chapter end marker on page 1; it moved back 2 pages, not 5: the chapter track begins at "
            "page 1 (mice-and-mystics.txt, Story Control Board)") in said
    assert any(m.startswith("Defeat: the chapter end marker was moved to page 1") for m in said)
    t2 = tracker()
    t2.do(start())
    t2.do({"event": "hourglass", "move": 2})
    t2.do({"event": "chapter_end", "page": 2})
    assert "page 2, behind the hourglass (page 3)" in t2.state.board.defeat_reason


def test_an_hourglass_move_cut_short_is_said() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "hourglass", "move": 9})
    assert ("Hourglass on page 6; it moved forward 5 pages, not 9: it stops on the chapter end marker "
            "(mice-and-mystics.txt, Story Control Board)") in t.state.messages


def test_an_achievement_moving_the_marker_onto_the_hourglass_says_defeat() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "achievement", "name": "the crow's curse", "move_end": -7})
    assert t.state.board.defeated and t.state.messages[-1].startswith("Defeat: the chapter end marker")
    assert "now page 1; it moved back 5 pages, not 7" in t.state.messages[-2]


def test_do_prints_the_defeat_of_the_end_marker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["mystics", "do", str(path), '{"event":"chapter_end","page":1}']) == 0
    out = capsys.readouterr().out
    assert "Defeat: the chapter end marker was moved to page 1, onto the hourglass" in out, out


def test_the_page_says_defeat_when_the_end_marker_goes_onto_the_hourglass(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.end_page.value = 1
    d.end_page_btn.click()
    d.end_page_btn.click()  # (the first tap says the chapter would be lost; the second does it)
    assert "Defeat: the chapter end marker was moved to page 1" in shown(d), shown(d)
    assert "companion-error" in d.status.value


# -- 4: Add minions' Ambush box, and the Rolls box named when rolls are needed ------------------------------

def test_the_ambush_box_is_cleared_with_the_rolls_after_an_add(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.add_type.value = "spider"
    d.add_ambush.value = True
    d.add_rolls.value = "1 2"
    d.add_btn.click()
    assert "Ambush!" in shown(d)
    assert d.add_ambush.value is False and d.add_rolls.value == ""
    d.enc_ambush.value, d.enc_rolls.value, d.enc_minions.value = True, "1 1 1", "roach=1"
    d.enc_btn.click()
    assert any("Ambush!" in m for m in d.state.messages[-4:]) and d.enc_ambush.value is False


def test_rolls_needed_from_the_table_point_to_the_rolls_box(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    no_numbers = tuple(replace(f, movement=None) for f in DIE)  # as the bundled die: no movement numbers
    d = started(path, die=no_numbers)
    before = path.read_bytes()
    d.add_type.value = "spider"
    d.add_ambush.value = True
    d.add_btn.click()
    assert "Rolls box" in shown(d) and '"rolls"' not in shown(d) and "to the event" not in shown(d)
    assert path.read_bytes() == before and d.add_ambush.value is True  # kept for the retry
    d.enc_ambush.value, d.enc_minions.value = True, "roach=1"
    d.enc_btn.click()
    assert "Rolls box" in shown(d) and path.read_bytes() == before


# -- 5: a captured mouse neither pilfers nor shares ----------------------------------------------------------

def test_a_captured_mouse_cannot_pilfer_give_or_receive() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "mouse_cheese", "mouse": "tilda", "count": 1})
    t.do({"event": "capture", "mouse": "filch"})
    for event, words in (({"event": "pilfer", "mouse": "filch"}, "Filch is captured"),
                         ({"event": "share", "from": "filch", "to": "tilda", "card": "Dagger"},
                          "Filch is captured: its figure is off the board .*, so it cannot share"),
                         ({"event": "share", "from": "tilda", "to": "filch", "cheese": 1},
                          "Filch is captured: its figure is off the board .*, so it cannot share")):
        before = t.state
        with pytest.raises(RuleError, match=words) as exc:
            t.do(event)
        assert "Captured Mouse" in exc.value.render() and t.state == before


def test_the_page_turns_off_pilfer_and_share_of_a_captured_mouse(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "set_turn", "card": "filch"})  # (Filch's free actions and Pilfer: on his turn)
    d.add2.click()
    d.do({"event": "defeat_minion", "minion": "rat_warriors"})  # (Pilfer follows a figure defeated)
    filch = d._mouse_boxes["filch"]
    filch.share_card.value = "Dagger"
    assert not filch.pilfer.disabled and not filch.share.disabled
    filch.capture.click()
    assert filch.pilfer.disabled and "captured" in filch.pilfer.tooltip
    assert filch.share.disabled and "Captured Mouse" in filch.share.tooltip
    assert "filch" not in [v for _n, v in d._mouse_boxes["tilda"].share_to.options]


# -- 6: what a share gives, in words; starting equipment by name ---------------------------------------------

def test_a_share_says_what_was_given_and_a_card_by_its_name() -> None:
    heroes = {**HEROES, "tilda": replace(HEROES["tilda"], starting_equipment=("tildas-mace",))}
    t = MysticsTracker(None, die=DIE, heroes=heroes, minions=MINIONS,
                       card_names={"tildas-mace": "Tilda's Mace"})
    t.do(start())
    t.do({"event": "set_turn", "card": "tilda"})  # (a share: on the turn of one of its mice)
    t.do({"event": "mouse_cheese", "mouse": "tilda", "count": 2})
    t.do({"event": "share", "from": "tilda", "to": "filch", "cheese": 2, "card": "tildas-mace"})
    assert t.state.messages[-1] == "Tilda gives Filch 2 cheese and Tilda's Mace (mice-and-mystics.txt, Share)"
    with pytest.raises(RuleError, match="Filch has 2 cheese, cannot give 5"):
        t.do({"event": "share", "from": "filch", "to": "tilda", "cheese": 5})


def test_the_bundled_starting_equipment_has_its_name() -> None:
    assert MysticsTracker(None).card_name("tildas-mace") == "Tilda's Mace"
    assert MysticsTracker(None).card_name("Grape") == "Grape"  # (typed in: as typed)


def test_the_share_card_choices_show_names_not_ids(tmp_path: Path) -> None:
    heroes = {**HEROES, "tilda": replace(HEROES["tilda"], starting_equipment=("tildas-mace",))}
    d = started(tmp_path / "m.jsonl", heroes=heroes, card_names={"tildas-mace": "Tilda's Mace"})
    box = d._mouse_boxes["tilda"]
    assert ("Tilda's Mace (equipped)", "tildas-mace") in box.share_card.options
    assert "Tilda's Mace (paw)" in box.info.value.replace("&#x27;", "'")


# -- 7: 'mystics do' says what an undo took back; its JSON has what was said ---------------------------------

def test_do_undo_and_redo_say_what_they_took_back_and_brought_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1"]) == 0
    assert main(["mystics", "do", str(path), '{"event": "mouse_cheese", "mouse": "filch", "count": 2}']) == 0
    capsys.readouterr()
    assert main(["mystics", "do", str(path), "undo"]) == 0
    assert capsys.readouterr().out.startswith("Undone: Filch: +2 cheese")
    assert main(["mystics", "do", str(path), "redo", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["said"] == ["Redone: Filch: +2 cheese (mice-and-mystics.txt, Battle)"]
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese"}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["said"] == ["+1 cheese on the minion wheel "
                                                           "(mice-and-mystics.txt, Surges)"]


# -- 8: controls that cannot work are off; the status and the pickers follow ---------------------------------

def test_pilfer_with_no_figure_defeated_and_share_with_nobody_are_off(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl", mice=("filch",))
    d.do({"event": "set_turn", "card": "filch"})  # (Pilfer: a figure Filch defeats, on his turn)
    filch = d._mouse_boxes["filch"]
    assert filch.pilfer.disabled and "no minion figure defeated this turn" in filch.pilfer.tooltip
    assert filch.share.disabled and "no other mouse" in filch.share.tooltip
    d.add1.click()  # (cheese on the wheel is no defeat: Pilfer follows a figure Filch defeats)
    assert filch.pilfer.disabled and "no minion figure defeated this turn" in filch.pilfer.tooltip
    d.do({"event": "defeat_minion", "minion": "rat_warriors"})
    assert not filch.pilfer.disabled and "Pilfer" in filch.pilfer.tooltip  # its own tooltip back


def test_set_order_and_set_turn_are_off_until_they_would_change_something(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    assert d.set_order_btn.disabled and "the track's already" in d.set_order_btn.tooltip
    assert d.set_turn_btn.disabled and "turn already" in d.set_turn_btn.tooltip
    d.order_up.click()  # nothing chosen (a click that got through)
    assert "choose a card of the order first" in shown(d)
    d.order_list.value = d.state.track[-1].id
    assert not d.order_up.disabled
    d.order_up.click()
    assert "choose a card of the order first" not in shown(d)  # a move that worked clears the error
    assert not d.set_order_btn.disabled
    d.order_down.click()  # back as the track has it
    assert d.set_order_btn.disabled
    d.turn_pick.value = next(c.id for c in d.state.track if c.id != d.state.current.id)
    assert not d.set_turn_btn.disabled


def test_the_pickers_follow_the_state_when_the_start_is_undone(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    assert d.minion_pick.options
    d.undo_btn.click()
    assert not d.state.started
    assert list(d.minion_pick.options) == [] and list(d.turn_pick.options) == []
    assert [v for _n, v in d.ach_mouse.options] == [""]
    assert d.next_btn.disabled and "no chapter yet" in d.next_btn.tooltip


# -- 9: a corrected initiative order says whose turn goes on and whose is next -------------------------------

def test_a_corrected_order_keeps_the_turn_with_its_card_and_says_what_comes_next() -> None:
    t = tracker()
    t.do(start(mice=["nez", "filch", "tilda", "collin"], minions={"rat_warriors": 1},
               order=["nez", "filch", "tilda", "collin", "rat_warriors"]))
    assert t.state.current.id == "nez"
    t.do({"event": "set_order", "order": ["filch", "tilda", "nez", "collin", "rat_warriors"]})
    said = t.state.messages[-1]
    assert said.startswith("Initiative order corrected to match the table: Nez's turn goes on")
    assert "next: Collin's turn" in said
    assert "Filch and Tilda now stand above Nez: they miss this round's turn" in said
    t.do({"event": "end_turn"})
    assert t.state.current.id == "collin"
    t.do({"event": "set_order", "order": ["filch", "collin", "tilda", "rat_warriors", "nez"]})
    said = t.state.messages[-1]
    assert "Collin's turn goes on" in said and "next: Tilda's turn" in said
    assert "Tilda and Nez now stand below Collin: they take a second turn this round" in said
    assert "above" not in said  # (Filch stays above Collin: no word of it)
    assert order(t) == ["filch", "collin", "tilda", "rat_warriors", "nez"]


def test_an_undone_action_that_said_nothing_before_is_named(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1"]) == 0
    kitchen, leave = '{"event": "room", "name": "Kitchen"}', '{"event": "room"}'
    assert main(["mystics", "do", str(path), kitchen, leave]) == 0
    capsys.readouterr()
    assert main(["mystics", "do", str(path), "undo"]) == 0
    assert capsys.readouterr().out.startswith("Undone: The mice leave Kitchen\n")
