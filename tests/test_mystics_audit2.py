"""A second audit of the Mice and Mystics page, tracker and 'mystics do' (one section per finding):
a stale page never acts; a card is named by its name or id; the status says all the latest action
said; the end of a chapter stays on show; controls that cannot work are off; a captured mouse is off
the board; a share into a full pack discards; a misspelt field is named first; chapter 1's Defeat by
capture; the end marker after a defeat; pickers that follow Undo; 'mystics new' says what the start
said; wording; search-card requirements."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion import possessive
from companion.cli import main
from companion.errors import CompanionError, RuleError
from companion.eventlog import EventLog
from companion.mystics.data import Requirement, SearchCard
from companion.mystics.tracker import MysticsTracker
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, dash, start, started, tracker


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


def lines(d: MysticsDashboard) -> list[str]:
    """The status panel's lines, as text."""
    return [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", d.status.value)]


def said_in(panel: Any) -> list[str]:
    """A section's message panel as text: its title (the action's first message), then its lines."""
    return [html.unescape(x) for x in re.findall(r"<b[^>]*>(.*?)</b>|<li>(.*?)</li>", panel.value)
            for x in x if x]


def title(d: MysticsDashboard) -> str:
    return html.unescape(re.search(r"<b[^>]*>(.*?)</b>", d.status.value).group(1))


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def card(cid: str, name: str, **req: Any) -> SearchCard:
    return SearchCard(cid, name, "weapon", "test", requirements=Requirement(**req) if req else None)


#: Search cards of our own, with requirements as the book prints them (Search Cards).
CARDS = (card("dagger", "Dagger", none=True), card("collins-sword", "Collin's Sword", classes=("warrior",)),
         card("tildas-mace", "Tilda's Mace", mouse="tilda"), card("accurate-bow", "Accurate Bow",
                                                                  classes=("archer", "scamp")))
#: Heroes whose starting equipment is recorded by id, as in the bundled hero data.
BY_ID = {**HEROES, "filch": replace(HEROES["filch"], starting_equipment=("dagger",)),
         "collin": replace(HEROES["collin"], starting_equipment=("collins-sword",))}


def tracker_with(**kw: Any) -> MysticsTracker:
    """A tracker on the test card data, ``kw`` replacing any of it (``heroes``, ``search_cards``...)."""
    data = {"die": DIE, "heroes": HEROES, "minions": MINIONS, **kw}
    return MysticsTracker(data.pop("log", EventLog(None)), **data)


def other_window(path: Path) -> MysticsTracker:
    return MysticsTracker(EventLog(path), die=DIE, heroes=HEROES, minions=MINIONS)


# -- 1: a stale page never acts -----------------------------------------------------------------------------

def test_the_audits_repro_a_wound_on_a_stale_page_never_hits_another_rat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mw.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch,tilda,maginos", "--minions",
                 "rat-warriors=3", "--seed", "5"]) == 0
    assert main(["mystics", "do", str(path), '{"event":"set_stats","minion":"rat-warriors","life":2}',
                 '{"event":"wound_minion","minion":"rat-warriors","figure":0}']) == 0
    a = MysticsDashboard(path)  # page A on the chapter, with the bundled card data
    removed = '{"event":"defeat_minion","minion":"rat-warriors","figure":0}'
    assert main(["mystics", "do", str(path), removed]) == 0
    capsys.readouterr()
    written = path.read_bytes()
    a.minion_pick.value = "rat-warriors"
    a.minion_fig.value = 2  # the second figure, as page A shows it
    a.wound_minion.click()
    assert path.read_bytes() == written, "a wound written from a stale page"
    assert "the log changed in another window" in shown(a)
    assert [len(g.figures) for g in a.state.minions] == [2]  # drawn again as the table is now


def test_two_pages_revealing_an_encounter_reveal_it_once(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    one = started(path)
    two = dash(path)
    for page in (one, two):
        page.enc_name.value, page.enc_minions.value = "E1", "spider=1"
    one.enc_btn.click()
    written = path.read_bytes()
    two.enc_btn.click()
    assert path.read_bytes() == written and "the log changed in another window" in shown(two)
    assert sum(e.get("event") == "encounter" for e in two.tracker.history) == 1


def _controls(d: MysticsDashboard) -> list[Any]:
    """Every control of the page that writes to the log."""
    board = [d.start_btn, d.undo_btn, d.redo_btn, d.next_btn, d.add1, d.add2, d.sub1, d.ach_btn, d.glass_btn,
             d.enc_btn, d.room_btn, d.wound_minion, d.defeat_minion, d.add_btn, d.end_move_btn,
             d.end_page_btn, d.victory_btn, d.defeat_btn, d.set_order_btn, d.set_turn_btn]
    return board + [w for box in d._mouse_boxes.values() for w in box.kinds]


def test_every_control_of_a_stale_page_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.achievement.value, d.room_name.value, d.enc_name.value = "Cheesemaster", "Hall", "E1"
    for box in d._mouse_boxes.values():
        box.card.value, box.ability.value, box.life.value = "Grape", "First Aid", "5"
        box.share_cheese.value = 1
    d.end_page.value, d.end_move.value = 9, 2
    controls = _controls(d)
    assert len(controls) > 60
    for k, control in enumerate(controls):
        other_window(path).do({"event": "note", "text": f"another window, {k}"})
        written = path.read_bytes()
        if hasattr(control, "click"):
            control.click()
        else:  # a condition toggle
            control.value = not control.value
        assert path.read_bytes() == written, getattr(control, "description", control)
        assert "the log changed in another window" in shown(d), (control.description, shown(d))


# -- 2: a card by its name or its id, in any case; names in the words ------------------------------------

def test_starting_equipment_recorded_by_id_is_handled_by_its_name() -> None:
    t = tracker_with(heroes=BY_ID, search_cards=CARDS)
    t.do(start())
    t.do({"event": "set_turn", "card": "filch"})  # (free actions: in the mouse's own turn)
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger"})
    assert t.state.messages[-1] == "Filch puts 'Dagger' in the pack (mice-and-mystics.txt, Equip)"
    t.do({"event": "equip", "mouse": "filch", "card": "DAGGER", "slot": "paw"})
    assert t.state.messages[-1] == "Filch equips 'Dagger' (paw) (mice-and-mystics.txt, Equip)"
    assert [g.name for g in t.state.mouse("filch").gear] == ["dagger"]  # one card, as recorded
    t.do({"event": "share", "from": "filch", "to": "tilda", "card": "dagger"})
    assert t.state.messages[-1] == "Filch gives Tilda Dagger (mice-and-mystics.txt, Share)"
    t.do({"event": "discard", "mouse": "tilda", "card": "Dagger"})
    assert t.state.messages[-1] == "Tilda discards 'Dagger' (mice-and-mystics.txt, Equip)"
    with pytest.raises(RuleError, match="Collin has no card 'Dager'") as caught:
        t.do({"event": "unequip", "mouse": "collin", "card": "Dager"})
    assert "'dagger'" not in caught.value.render()  # the names shown, never the ids


def test_the_cli_shares_starting_equipment_by_the_name_the_table_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1"]) == 0
    capsys.readouterr()
    code, out, err = cli(capsys, "mystics", "do", str(path), '{"event":"share","from":"filch","to":"collin",'
                                                            '"card":"Dagger"}')
    assert code == 0, err
    assert "Filch gives Collin Dagger (mice-and-mystics.txt, Share)" in out


def test_the_page_unequips_and_equips_a_card_typed_as_it_shows(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl", heroes=BY_ID, search_cards=CARDS)
    d.do({"event": "set_turn", "card": "filch"})  # (free actions: in the mouse's own turn)
    box = d._mouse_boxes["filch"]
    assert "equipped: Dagger (paw)" in html.unescape(box.info.value)
    box.card.value = "Dagger"
    box.gear_buttons["unequip"].click()
    assert "Filch puts 'Dagger' in the pack" in shown(d), shown(d)
    box.gear_buttons["equip"].click()
    assert "Filch equips 'Dagger' (paw)" in shown(d), shown(d)


# -- 3: everything the latest action said is said, once; Undo and Redo say what they took back ----------

def test_the_section_shows_every_message_of_the_latest_action_the_status_not_again(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_name.value, d.enc_minions.value = "E1", "spider=1"
    d.enc_ambush.value, d.enc_rolls.value = True, "2 1"
    d.enc_btn.click()
    said = said_in(d.encounter_msg)
    assert len(said) >= 3 and any(x.startswith("Ambush! ") for x in said), said
    assert any(x.startswith("Encounter card 'E1' is face up") for x in said)
    assert lines(d) == [] and "Ambush!" not in html.unescape(d.status.value)  # (said once: not in the status)
    d.undo_btn.click()
    said = lines(d)
    assert said and all(x.startswith("Undone: ") for x in said), said
    assert any(x.startswith("Undone: Ambush! ") for x in said)
    d.redo_btn.click()
    assert all(x.startswith("Redone: ") for x in lines(d)) and any("Ambush!" in x for x in lines(d))


def test_time_is_short_and_the_new_round_are_all_said(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    for _ in range(10):  # to the last mouse's turn
        if d.state.current is not None and d.state.current.id == d.state.track[-1].id:
            break
        d.next_btn.click()
    d.next_btn.click()
    said = said_in(d.turn_msg)
    assert any(x.startswith("Time is Short!") for x in said), said
    assert any(x.startswith("Round 2 begins") for x in said), said
    turn = f"{possessive(d.state.current.name)} turn"  # type: ignore[union-attr]
    assert turn not in said and f"{turn} · round 2" in html.unescape(d.status.value)  # (said once: the title)


def test_a_reopened_page_shows_what_the_latest_action_said_not_older_words(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.add1.click()
    again = dash(path)
    assert lines(again) == ["+1 cheese on the minion wheel (mice-and-mystics.txt, Surges)"]


# -- 4: after victory or defeat the page says so, for as long as it stands ------------------------------

def test_after_a_victory_the_status_and_the_track_say_play_has_ended(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.victory_btn.click()
    for _ in range(2):  # still allowed after a victory (Victory): the end stays on show
        d._mouse_boxes["tilda"].cheese_up.click()
    assert title(d).startswith("Chapter won") and "turn" not in title(d)
    assert any(x.startswith("Victory!") for x in lines(d))
    assert "▶" not in d.track.value and "cmp-mystics-current" not in d.track.value
    assert "play has ended" in d.track.value


def test_a_surge_that_loses_the_chapter_does_not_say_play_goes_on(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "hourglass", "move": 4})  # page 5 of 6
    d.do({"event": "minion_cheese", "count": 6})
    assert d.state.board.defeated
    alert = html.unescape(d.surge_alert.value)
    assert "SURGE" in alert and "before play goes on" not in alert and "lost" in alert
    assert title(d).startswith("Chapter lost") and any(x.startswith("Defeat:") for x in lines(d))
    d.do({"event": "note", "text": "the end"})
    assert any(x.startswith("Defeat: the hourglass reached") for x in lines(d))  # still said


def test_the_cli_shows_no_turn_after_the_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1"]) == 0
    capsys.readouterr()
    _code, out, _err = cli(capsys, "mystics", "do", str(path), '{"event": "victory"}')
    assert "▶" not in out and "the chapter is over" in out


# -- 5: controls that cannot work are off, saying why; no no-op is written --------------------------------

def test_rescue_is_off_while_minions_are_on_the_board_and_says_why_in_page_words(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.capture.click()
    assert box.rescue.disabled and "rescued on its turn once none are left" in box.rescue.tooltip
    assert "force" not in box.rescue.tooltip


def test_rescuing_a_mouse_that_is_not_captured_says_so_first() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    with pytest.raises(RuleError, match="Filch is not captured") as caught:
        t.do({"event": "rescue", "mouse": "filch"})
    assert "force" not in caught.value.render()


@pytest.mark.parametrize("widget,why", [
    ("level", "leveling up costs 6"), ("cheese_down", "no cheese to spend"), ("heal", "no wounds to heal"),
    ("cure", "no poison wounds"), ("share", "no cheese and no card to give")])
def test_mouse_controls_that_cannot_work_are_off(tmp_path: Path, widget: str, why: str) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["maginos"]  # no cheese, no wounds, no card
    box.ability.value = "Chain Lightning"
    control = getattr(box, widget)
    assert control.disabled and why in control.tooltip, control.tooltip


def test_board_controls_that_cannot_work_are_off(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    assert d.sub1.disabled and "wheel is empty" in d.sub1.tooltip
    assert d.end_page.value == 6 and d.end_page_btn.disabled and "on page 6 already" in d.end_page_btn.tooltip
    d.end_page.value = 7
    assert not d.end_page_btn.disabled
    d.end_move.value = 0
    assert d.end_move_btn.disabled and "a move of 0 pages" in d.end_move_btn.tooltip
    d.achievement.value, d.ach_mouse.value = "Cheesemaster", "maginos"
    d.ach_btn.click()
    assert d.ach_btn.disabled and "'Cheesemaster' is already taken by Maginos" in d.ach_btn.tooltip
    assert d.room_btn.disabled and "no room to leave" in d.room_btn.tooltip
    written = path.read_bytes()
    d.room_btn.click()  # (a click that got through): refused in page words, nothing written
    assert "the mice are in no room to leave" in shown(d) and path.read_bytes() == written
    d.room_name.value = "Hall"
    d.room_btn.click()
    d.room_name.value = ""
    assert not d.room_btn.disabled and d.room_btn.description == "Leave Hall"


def test_set_life_to_the_life_it_has_is_off_and_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    box = d._mouse_boxes["tilda"]
    assert box.life.value == "4" and box.set_life.disabled and "life is 4 already" in box.set_life.tooltip
    written = path.read_bytes()
    box.set_life.click()
    assert "life is 4 already" in shown(d) and path.read_bytes() == written
    t = tracker()
    t.do(start())
    with pytest.raises(RuleError, match="Tilda's life is 4 already: nothing to correct"):
        t.do({"event": "set_stats", "mouse": "tilda", "life": 4})


def test_the_tracker_writes_no_room_left_when_there_is_none() -> None:
    t = tracker()
    t.do(start())
    with pytest.raises(RuleError, match="the mice are in no room: there is none to leave"):
        t.do({"event": "room"})


# -- 6: a captured mouse is off the board --------------------------------------------------------------------

@pytest.mark.parametrize("event", [{"event": "condition", "mouse": "filch", "condition": "webbed"},
                                   {"event": "mouse_cheese", "mouse": "filch", "count": 1},
                                   {"event": "wound", "mouse": "filch", "count": 1},
                                   {"event": "heal", "mouse": "filch", "count": 1}])
def test_a_captured_mouse_takes_no_marker_cheese_or_wound(event: dict[str, Any]) -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "capture", "mouse": "filch"})
    before = t.state
    with pytest.raises(RuleError, match="Filch is captured") as caught:
        t.do(event)
    assert "mice-and-mystics.txt, Captured Mouse" in caught.value.render() and t.state == before


def test_a_captured_mouses_controls_are_off(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.capture.click()
    for control in (box.wound, box.poison, box.cheese_up, box.conditions["webbed"],
                    box.conditions["stunned"]):
        assert control.disabled and "Captured Mouse" in control.tooltip, control.description


def test_a_mouse_captured_in_an_older_log_keeps_its_logged_cheese(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    lines_ = [{"event": "log", "tracker": "mystics"}, start(), {"event": "capture", "mouse": "filch"},
              {"event": "mouse_cheese", "mouse": "filch", "count": 1}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines_))
    t = tracker(EventLog(path))
    assert not t.problems and t.state.mouse("filch").cheese == 1
    assert any(m.startswith("Kept as logged") for m in t.state.messages)


# -- 7: a share into a full pack names the card the receiver discards ---------------------------------------

def full_pack() -> MysticsTracker:
    t = tracker()
    t.do(start())
    for name in ("Rope", "Apple", "Cheese Wedge"):
        t.do({"event": "gain", "mouse": "collin", "card": name})
    t.do({"event": "gain", "mouse": "tilda", "card": "Lantern"})  # (Grape is a party item: no room taken)
    t.do({"event": "set_turn", "card": "tilda"})  # (her share: in her turn)
    return t


def test_a_share_into_a_full_pack_takes_the_card_the_receiver_discards() -> None:
    t = full_pack()
    with pytest.raises(RuleError, match="choose a card Collin discards to make room") as caught:
        t.do({"event": "share", "from": "tilda", "to": "collin", "card": "Lantern"})
    assert "Rope, Apple, Cheese Wedge" in caught.value.render()
    t.do({"event": "share", "from": "tilda", "to": "collin", "card": "Lantern", "discard": "apple"})
    assert [g.name for g in t.state.mouse("collin").pack] == ["Rope", "Cheese Wedge", "Lantern"]
    assert t.state.messages[-2:] == (
        "Tilda gives Collin Lantern (mice-and-mystics.txt, Share)",
        "Collin discards 'Apple' to make room: at most 3 non-trick cards in a pack "
        "(mice-and-mystics.txt, Equip)")


def test_the_page_offers_the_discard_when_the_receivers_pack_is_full(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for name in ("Rope", "Apple", "Cheese Wedge"):
        d.do({"event": "gain", "mouse": "collin", "card": name})
    d.do({"event": "gain", "mouse": "tilda", "card": "Lantern"})  # (Grape is a party item: no room taken)
    d.do({"event": "set_turn", "card": "tilda"})  # (her share: in her turn)
    tilda = d._mouse_boxes["tilda"]
    assert tilda.share_discard.layout.display == "none"
    tilda.share_to.value, tilda.share_card.value = "collin", "Lantern"
    assert tilda.share_discard.layout.display == ""
    assert [v for _n, v in tilda.share_discard.options] == ["", "Rope", "Apple", "Cheese Wedge"]
    assert tilda.share.disabled and "choose the card it discards" in tilda.share.tooltip
    tilda.share_discard.value = "Rope"
    tilda.share.click()
    assert [g.name for g in d.state.mouse("collin").pack] == ["Apple", "Cheese Wedge", "Lantern"], shown(d)


# -- 8: a misspelt field is named before any rule runs -------------------------------------------------------

@pytest.mark.parametrize("event,field", [
    ('{"event":"rescue","mouse":"filch","frce":true}', "force"),
    ('{"event":"share","from":"tilda","to":"collin","chese":1}', "cheese")])
def test_do_names_a_misspelt_optional_field_before_a_rule_refuses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], event: str, field: str) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch,tilda", "--minions", "rat-warriors=2",
                 "--seed", "5"]) == 0
    assert main(["mystics", "do", str(path), '{"event":"capture","mouse":"filch"}']) == 0
    capsys.readouterr()
    written = path.read_bytes()
    code, _out, err = cli(capsys, "mystics", "do", str(path), event)
    assert code == 2 and f"Did you mean '{field}'?" in err and path.read_bytes() == written, err
    assert "force\": true" not in err and "gives Collin nothing" not in err


# -- 9: a chapter whose Defeat names every mouse captured is lost when they are ------------------------------

def test_chapter_1_is_lost_when_every_mouse_is_captured() -> None:
    from companion.mystics.data import chapters

    one = next(c for c in chapters() if c.number == 1)
    assert one.all_captured_defeat  # "... or all mice are captured at the same time" (the bundled data)
    t = tracker(chapters={1: one})
    t.do(start(chapter=1))
    for mouse in ("collin", "filch", "tilda", "maginos"):
        assert not t.state.board.defeated
        t.do({"event": "capture", "mouse": mouse})
    assert t.state.board.defeated and t.state.board.hourglass == 5
    assert "every mouse is captured at the same time: chapter 1's Defeat" in t.state.board.defeat_reason
    assert t.state.messages[-1].startswith("Defeat: every mouse is captured")
    other = tracker(chapters={1: replace(one, defeat="The hourglass reaches the chapter end marker.")})
    other.do(start(chapter=1))
    for mouse in ("collin", "filch", "tilda", "maginos"):
        other.do({"event": "capture", "mouse": mouse})
    assert not other.state.board.defeated and "in many chapters this is a defeat" in other.state.messages[-1]


# -- 10: the end marker stays where the chapter was lost -----------------------------------------------------

def test_the_end_marker_cannot_move_after_a_defeat_so_the_reason_stays_true() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "hourglass", "move": 3})
    t.do({"event": "chapter_end", "move": -2})  # onto the hourglass, page 4
    reason = t.state.board.defeat_reason
    assert "moved to page 4" in reason
    with pytest.raises(RuleError, match="'chapter_end': the chapter is lost, play does not go on"):
        t.do({"event": "chapter_end", "page": 7})
    assert t.state.board.chapter_end == 4 and t.state.board.defeat_reason == reason


# -- 11: pickers follow an undo; the Figure box holds the figures there are; an unknown life is blank ------

def test_give_to_comes_back_to_the_mouse_chosen_when_a_capture_is_undone(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    tilda = d._mouse_boxes["tilda"]
    tilda.share_to.value = "filch"
    d._mouse_boxes["filch"].capture.click()
    assert tilda.share_to.value != "filch"
    d.undo_btn.click()
    assert tilda.share_to.value == "filch"


def test_the_minion_picker_comes_back_to_the_type_chosen_when_its_removal_is_undone(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.add_type.value = "spider"
    d.add_btn.click()
    d.minion_pick.value = "rat_warriors"
    d.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    assert d.minion_pick.value == "spider"
    d.undo_btn.click()
    assert d.minion_pick.value == "rat_warriors"
    d.wound_minion.click()  # the rat the page shows, never the spider (a rat's life is 1: it falls)
    assert "Rat Warriors figure 1 takes 1 wound and is defeated" in shown(d)
    assert {g.id: len(g.figures) for g in d.state.minions} == {"rat_warriors": 1, "spider": 1}


def test_the_figure_box_holds_the_figures_on_the_board(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    assert d.minion_fig.max == 2
    d.add_type.value, d.add_count.value = "rat_warriors", 3
    d.add_btn.click()
    assert d.minion_fig.max == 5


def test_the_life_box_is_blank_for_a_life_the_data_does_not_know(tmp_path: Path) -> None:
    heroes = {**HEROES, "nez": replace(HEROES["nez"], life=None)}
    d = started(tmp_path / "m.jsonl", mice=("collin", "nez"), heroes=heroes)
    box = d._mouse_boxes["nez"]
    assert box.life.value == "" and box.life.placeholder == "unknown"
    assert box.set_life.disabled and "type the life" in box.set_life.tooltip
    box.life.value = "5"
    box.set_life.click()
    assert d.state.mouse("nez").life == 5


# -- 12: 'mystics new' prints what the start said ------------------------------------------------------------

def test_new_prints_the_starts_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = cli(capsys, "mystics", "new", str(tmp_path / "m.jsonl"), "--mice",
                          "collin,filch,tilda", "--minions", "rat-warriors=3", "--chapter", "1",
                          "--chapter-end", "8", "--seed", "5")
    assert code == 0
    assert "Note: chapter 1's Party Setup has 4 mice in the party, here 3" in out
    assert "Note: chapter 1's setup puts the chapter end marker on page 6, here page 8" in out
    assert "Chapter 1 starts: hourglass on page 1" in out and "Starting initiative order:" in out


# -- 13: wording ---------------------------------------------------------------------------------------------

def test_ambush_surge_and_achievement_words_use_names() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "rat_warriors", "filch", "tilda", "maginos"]))
    t.do({"event": "encounter", "card": "E1", "minions": {"brodie": 1}, "ambush": True, "rolls": [1, 1, 2],
          "order": ["brodie:pounces", "brodie:chases"], "surge": {"rat_warriors": 2}})
    ambush = next(m for m in t.state.messages if m.startswith("Ambush!"))
    assert ambush.startswith("Ambush! Rat Warriors rolled 1, Brodie (Brodie Pounces) rolled 1, "
                             "Brodie (Brodie Chases) rolled 2")
    t.do({"event": "minion_cheese", "count": 6})
    assert "surge: 2 Rat Warriors;" in t.state.alert
    assert ("2 Rat Warriors placed: its type has an initiative card on the track already, no card added "
            "(mice-and-mystics.txt, Determining Initiative Order)") in t.state.messages
    t.do({"event": "achievement", "name": "cheesemaster", "mouse": "maginos"})
    assert t.state.messages[-1].startswith("Achievement 'Cheesemaster' (Maginos): chapter end marker +1")
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})
    assert t.state.messages[-1].startswith("1 Rat Warriors figure leaves the board")
    t.do({"event": "set_stats", "mouse": "maginos", "life": 3})
    assert t.state.messages[-1] == "Maginos' life set to 3"


def test_a_reorder_moving_one_card_says_it_plays_now() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})
    t.do({"event": "set_order", "order": ["collin", "tilda", "filch", "maginos"]})
    assert "(Set turn if it plays now)" in t.state.messages[-1]


@pytest.mark.parametrize("rolls,words", [([9], "die roll 9 is not a number the action die shows"),
                                         ([1], "2 needed, 1 typed"), ([2, 9], "die roll 9")])
def test_typed_rolls_are_checked_first_and_counted_right(rolls: list[int], words: str) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    with pytest.raises(RuleError, match=words) as caught:
        t.do({"event": "encounter", "card": "E", "minions": {"spider": 1}, "ambush": True, "rolls": rolls})
    text = caught.value.render()
    assert "1, 2 or 3" in text if 9 in rolls else "expected 1 more number" in text


def test_level_up_with_no_ability_typed_names_the_box_not_the_log(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    for _ in range(6):
        box.cheese_up.click()
    box.level.click()
    assert "box beside “Level up”" in shown(d) and "event" not in shown(d) and "'ability'" not in shown(d)


def test_the_cli_says_the_chapter_was_not_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _err = cli(capsys, "mystics", "new", str(tmp_path / "m.jsonl"), "--mice", "collin",
                           "--seed", "1")
    assert "Chapter (not given), round 1" in out and "Chapter ?" not in out


def test_poisoned_follows_the_poison_wounds() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "wound", "mouse": "filch", "count": 1, "poison": True})
    # (Poisoned: only a cure removes the poison wound)
    with pytest.raises(RuleError, match="has 1 poison wound: poisoned follows it,"):
        t.do({"event": "condition", "mouse": "filch", "condition": "poisoned", "on": False})
    t.do({"event": "heal", "mouse": "filch", "count": 1, "poison": True})
    assert "poisoned" not in t.state.mouse("filch").conditions
    with pytest.raises(RuleError, match="has 0 poison wounds: poisoned follows them,"):
        t.do({"event": "condition", "mouse": "filch", "condition": "poisoned"})


def test_the_poisoned_toggle_is_a_display_of_the_poison_wounds(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    toggle = box.conditions["poisoned"]
    assert toggle.disabled and "Cure poison" in toggle.tooltip
    box.poison.click()
    assert toggle.value is True and toggle.disabled
    box.cure.click()
    assert toggle.value is False and d.state.mouse("filch").poison == 0


def test_the_encounter_boxes_are_cleared_after_a_reveal(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_name.value, d.enc_minions.value, d.enc_surge.value = "E1", "spider=1", "roach=2"
    d.enc_btn.click()
    assert (d.enc_name.value, d.enc_minions.value, d.enc_surge.value) == ("", "", "")
    d.enc_btn.click()  # a double tap: the next card, with no minions, never E1 again
    assert [g.id for g in d.state.minions].count("spider") == 1
    assert len(d.state.minions[-1].figures) == 1 and d.state.board.encounter.name == "encounter 2"


# -- 14: a search card's requirements ------------------------------------------------------------------------

def test_equipping_a_card_whose_requirement_the_mouse_does_not_meet_is_refused() -> None:
    t = tracker(search_cards=CARDS)
    t.do(start())
    t.do({"event": "gain", "mouse": "filch", "card": "Collin's Sword"})
    before = t.state
    with pytest.raises(RuleError) as caught:
        t.do({"event": "equip", "mouse": "filch", "card": "collin's sword", "slot": "paw"})
    text = caught.value.render()
    assert "Filch cannot equip \"Collin's Sword\": it requires class warrior; Filch is scamp" in text, text
    assert "Search Cards" in text and t.state == before
    with pytest.raises(RuleError, match="requires Tilda"):
        t.do({"event": "equip", "mouse": "collin", "card": "Tilda's Mace", "slot": "paw"})
    t.do({"event": "set_turn", "card": "filch"})  # (an equip: in the mouse's own turn)
    t.do({"event": "equip", "mouse": "filch", "card": "Accurate Bow", "slot": "paw"})  # archer or scamp


def test_a_mouse_of_unknown_classes_equips_with_a_note_and_a_logged_equip_is_kept(tmp_path: Path) -> None:
    heroes = {**HEROES, "nez": replace(HEROES["nez"], classes=())}
    t = tracker_with(heroes=heroes, search_cards=CARDS)
    t.do(start(mice=["collin", "nez"]))
    t.do({"event": "equip", "mouse": "nez", "card": "Collin's Sword", "slot": "paw"})
    assert "could not be checked" in t.state.messages[-2] and "Nez" in t.state.messages[-2]
    path = tmp_path / "m.jsonl"
    lines_ = [{"event": "log", "tracker": "mystics"}, start(),
              {"event": "equip", "mouse": "filch", "card": "Collin's Sword", "slot": "paw"}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines_))
    kept = tracker(EventLog(path), search_cards=CARDS)
    assert not kept.problems and any(g.name == "Collin's Sword" for g in kept.state.mouse("filch").equipped)
    assert any(m.startswith("Kept as logged") and "requires class warrior" in m for m in kept.state.messages)


def test_refusals_never_raise_anything_but_companion_errors(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.life.value = "x" * 40
    assert box.set_life.disabled and "bad life" in box.set_life.tooltip
    with pytest.raises(CompanionError):
        box._set_life()
    assert "this is a bug" not in shown(d)


def test_a_rescue_refused_on_the_page_never_says_the_logs_words(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.capture.click()
    box.rescue.click()  # (a click that got through while minions are on the board)
    assert "cannot be rescued while 2 minions are on the board" in shown(d)
    assert '"force"' not in shown(d) and "only a chapter rule allows it" in shown(d)
