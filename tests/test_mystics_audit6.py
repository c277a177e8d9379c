"""A sixth audit of the Mice and Mystics tracker, one section per finding, on the fifth audit's work: the
setup-minions note sent the table to add_minions (a reshuffled track, a turn nobody took); free actions were
refused while the mice equipped their starting cards; a room took a special surge its data marks uncertain,
and never said which; Pilfer's refusal gave the wrong fix and the page could not say who defeated a figure;
a story achievement could be earned twice, under two keys, and a near miss moved nothing unsaid; the page
and the command line moved an unknown achievement differently; a refusal of a mouse's free action said to
press Next turn. Older logs still replay as they were played: a line the rules refuse today is kept, with
a note."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.mystics.data import chapters
from companion.mystics.tracker import KEPT, MysticsTracker, data_notes, not_its_turn
from companion.views.mystics import INDIVIDUAL_NAMES, MysticsDashboard, page_words
from tests.test_mystics_helpers import start, started, tracker

from .helpers import logged_events


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


def kept(t: MysticsTracker) -> list[str]:
    return [m for m in t.state.messages if m.startswith(KEPT)]


def old_log(path: Path, *events: dict[str, Any], **kw: Any) -> MysticsTracker:
    """A log written line by line (as an older version wrote it), read back with the test card data."""
    path.write_text("".join(json.dumps(e) + "\n" for e in ({"event": "log", "tracker": "mystics"}, *events)))
    return tracker(EventLog(path), **kw)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def chapter_1(**changes: Any) -> dict[int, Any]:
    """The bundled chapter 1, with ``changes``."""
    return {1: replace(chapters()[0], **changes)}


def certain_surges() -> dict[int, Any]:
    ch1 = chapters()[0]
    return chapter_1(special_surges=tuple(replace(r, uncertain=False) for r in ch1.special_surges))


# -- 1: the setup-minions note says to start again with the chapter's minions -----------------------------

def test_the_setup_minions_note_names_a_start_with_the_chapters_minions() -> None:
    t = tracker()
    t.do(start(chapter=1))  # chapter 1 places 3 rat warriors; the start places none
    note = next(m for m in t.state.messages if "setup places" in m)
    assert "start again with them (--minions rat-warriors=3)" in note
    assert "add_minions" not in note and "add them" not in note
    assert "Game setup, step 7" in note  # (why: a start shuffles them in with the mice's cards)
    assert page_words(note).endswith("bottom of the track)")
    assert "(the Minions box of “New chapter”: rat-warriors=3)" in page_words(note)


def test_the_command_lines_start_says_the_minions_value(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "mystics", "new", str(tmp_path / "n.jsonl"), "--mice",
                         "collin,filch,tilda,maginos", "--chapter", "1", "--seed", "5")
    assert code == 0, err
    assert "start again with them (--minions rat-warriors=3)" in out


def test_the_page_fills_its_minions_box_from_the_chapter_chosen(tmp_path: Path) -> None:
    d = MysticsDashboard(tmp_path / "m.jsonl")  # the bundled card data: chapter 1 is chosen
    assert d.start_minions.value == "rat-warriors=3"
    d.chapter_no.value = 2  # no data for chapter 2: the pre-fill goes
    assert d.start_minions.value == ""
    d.chapter_no.value = 1
    assert d.start_minions.value == "rat-warriors=3"
    d.start_minions.value = "rat-warriors=2, roaches=1"  # the table's own: it stays
    d.chapter_no.value = 2
    assert d.start_minions.value == "rat-warriors=2, roaches=1"
    d.chapter_no.value = 1
    assert d.start_minions.value == "rat-warriors=2, roaches=1"


def test_the_pages_start_with_the_pre_fill_has_the_chapters_minions_and_no_note(tmp_path: Path) -> None:
    d = MysticsDashboard(tmp_path / "m.jsonl")
    d.mice_pick.value = ("collin", "filch", "tilda", "maginos")
    d.seed.value = "5"
    d.start_btn.click()
    assert [(g.id, len(g.figures)) for g in d.state.minions] == [("rat-warriors", 3)], shown(d)
    assert not any("setup places" in m for m in d.state.messages)
    assert d.state.round == 1 and d.state.current is not None  # (no reshuffle: the top card's turn)


# -- 2: the setup window: any mouse equips, unequips and shares before play --------------------------------

def test_any_mouse_equips_and_shares_before_play_begins() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))  # Collin's turn on the track
    t.do({"event": "gain", "mouse": "filch", "card": "Dagger"})  # the audit's: a dagger for his tail
    t.do({"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "tail"})
    assert "setup:" in t.state.messages[-1] and "Game setup, step 4" in t.state.messages[-1]
    t.do({"event": "share", "from": "filch", "to": "maginos", "card": "Dagger"})  # neither's turn
    assert "setup:" in t.state.messages[-1]
    t.do({"event": "unequip", "mouse": "collin", "card": "Collin's Sword"})
    assert "setup:" not in t.state.messages[-1]  # (Collin's own turn: no reading needed)
    t.do({"event": "mouse_cheese", "mouse": "collin", "count": 1})  # play has begun
    with pytest.raises(RuleError, match="Filch can equip only during its own turn; it is Collin's turn"):
        t.do({"event": "unequip", "mouse": "filch", "card": "Dagger"})
    # Collin's setup unequip was no free action of his turn: he equips now, once
    t.do({"event": "equip", "mouse": "collin", "card": "Collin's Sword", "slot": "paw"})
    t.do({"event": "mouse_cheese", "mouse": "collin", "count": 1})
    with pytest.raises(RuleError, match="equip free action already this turn"):
        t.do({"event": "unequip", "mouse": "collin", "card": "Collin's Sword"})


def test_the_first_next_turn_ends_the_setup_window() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})  # Filch's turn
    with pytest.raises(RuleError, match="Tilda can equip only during its own turn"):
        t.do({"event": "equip", "mouse": "tilda", "card": "Dagger", "slot": "paw"})


def test_the_page_leaves_equip_on_for_every_mouse_at_the_start(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    maginos = d._mouse_boxes["maginos"]
    maginos.card.value = "Dagger"
    assert not maginos.gear_buttons["equip"].disabled, maginos.gear_buttons["equip"].tooltip
    d.next_btn.click()
    if d.state.current is not None and d.state.current.id == "maginos":  # (the seed's order)
        d.next_btn.click()
    assert maginos.gear_buttons["equip"].disabled
    assert "Maginos can equip only during its own turn" in maginos.gear_buttons["equip"].tooltip


# -- 3: an uncertain special surge is not placed by itself, and the room says which surge it took ----------

def test_an_uncertain_special_surge_is_kept_as_its_text_and_named() -> None:
    t = MysticsTracker(EventLog(None))  # the bundled chapter 1: its Courtyard surge is marked uncertain
    t.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch", "tilda", "maginos"], "seed": 5,
          "chapter": 1, "minions": {"rat-warriors": 3}})
    t.do({"event": "room", "name": "The Courtyard"})
    room = t.state.board.room
    assert room is not None and room.special_surge == () and "2 rat warriors" in room.special_surge_text
    assert "special_surge" not in t.history[-1] and t.history[-1]["tile"] == 1
    said = t.state.messages[-1]
    assert "2 rat warriors" in said and "uncertain" in said
    assert "place its minions by hand if this is the room's surge" in said
    t.do({"event": "minion_cheese", "count": 6})
    assert [len(g.figures) for g in t.state.minions] == [3]  # placed by hand, if at all
    assert t.state.board.surges[-1].source == "room"


def test_a_chapter_records_whether_its_special_surges_are_uncertain() -> None:
    t = MysticsTracker(EventLog(None))
    t.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "seed": 5, "chapter": 1})
    recorded = t.history[0]["card_data"]["chapters"]["1"]["special_surges"]
    assert recorded == [{"tile": 1, "name": "Special Surge", "text": "2 rat warriors.", "uncertain": True}]


def test_a_certain_special_surge_is_placed_and_named() -> None:
    t = MysticsTracker(EventLog(None), chapters=certain_surges())
    t.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "seed": 5, "chapter": 1})
    t.do({"event": "room", "name": "The Courtyard"})
    assert t.state.board.room.special_surge == (("rat-warriors", 2),)
    assert "its special surge replaces the encounter card's: 2 Rat Warriors" in t.state.messages[-1]
    assert "uncertain" not in t.state.messages[-1]


def test_a_chapter_recorded_before_the_flag_reads_it_from_todays_data(tmp_path: Path) -> None:
    live = MysticsTracker(EventLog(None))
    live.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "seed": 5, "chapter": 1})
    line = json.loads(json.dumps(live.history[0]))
    for surge in line["card_data"]["chapters"]["1"]["special_surges"]:
        del surge["uncertain"]  # as the fifth audit's tracker recorded it
    path = tmp_path / "m.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in ({"event": "log", "tracker": "mystics"}, line)))
    t = MysticsTracker(EventLog(path))
    assert not data_notes(t, t.state)  # (the flag recorded only since is no change of the data)
    t.do({"event": "room", "name": "The Courtyard"})
    assert t.state.board.room.special_surge == () and "uncertain" in t.state.messages[-1]


# -- 4: Pilfer's refusal names the real fixes; the page says who defeated a figure --------------------------

def test_pilfers_refusal_says_to_log_the_defeat_by_filch() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}, order=["collin", "rat_warriors", "filch", "tilda", "maginos"]))
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})  # on Collin's turn: his
    with pytest.raises(RuleError) as caught:
        t.do({"event": "pilfer", "mouse": "filch"})
    said = caught.value.render()
    assert "defeated by Collin, not by Filch" in said
    assert '"by": "filch"' in said and "undo that defeat" in said and "on Filch's turn" in said
    assert "Remove the figure defeated first" not in said
    page = page_words(said)
    assert "“Defeated by” box" in page and '"by"' not in page


def test_pilfers_refusal_agrees_with_one_figure_or_several() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 3}, order=["collin", "rat_warriors", "filch", "tilda", "maginos"]))
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})  # on Collin's turn: his
    with pytest.raises(RuleError) as one:
        t.do({"event": "pilfer", "mouse": "filch"})
    said = one.value.render()
    assert "the minion figure defeated this turn was defeated by Collin" in said
    assert "If Filch defeated it, undo that defeat and log it again by Filch" in said
    assert "or log it on Filch's turn" in said
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})
    with pytest.raises(RuleError) as several:
        t.do({"event": "pilfer", "mouse": "filch"})
    said = several.value.render()
    assert "the minion figures defeated this turn were defeated by Collin" in said
    assert "If Filch defeated them, undo those defeats and log them again by Filch" in said
    assert "or log them on Filch's turn" in said
    assert "defeated it" not in said and "that defeat" not in said


def test_the_page_logs_who_defeated_a_figure_and_filch_pilfers_it(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "set_turn", "card": "collin"})
    assert d.minion_by.value == "collin"  # the mouse whose turn it is
    filch = d._mouse_boxes["filch"]
    assert "a minion figure Filch defeated this turn" in filch.pilfer._cmp_tooltip
    d.minion_by.value = "filch"
    d.defeat_minion.click()
    assert d.tracker.history[-1].get("by") == "filch", shown(d)
    assert not filch.pilfer.disabled, filch.pilfer.tooltip
    d.minion_by.value = "collin"  # the turn's own mouse: no "by" logged (the tracker's default)
    d.defeat_minion.click()
    assert "by" not in d.tracker.history[-1], shown(d)
    d.next_btn.click()
    cur = d.state.current
    assert d.minion_by.value == (cur.id if cur is not None and cur.kind == "mouse" else "")


def test_a_figure_a_corrected_life_defeats_is_no_mouses_to_pilfer() -> None:
    t = tracker()
    t.do(start(minions={"spider": 1}, order=["filch", "spider", "collin", "tilda", "maginos"]))
    t.do({"event": "wound_minion", "minion": "spider", "by": "collin"})  # 1 of 2 wounds
    t.do({"event": "set_stats", "minion": "spider", "life": 1})  # a correction: the figure falls
    assert not t.state.minions
    with pytest.raises(RuleError, match="on a minion's turn or by a correction, not by Filch"):
        t.do({"event": "pilfer", "mouse": "filch"})


# -- 5: a story achievement is earned once, under one key; a near miss is noted ----------------------------

def test_a_story_achievement_is_earned_once() -> None:
    t = tracker()
    t.do(start(chapter=1))
    t.do({"event": "achievement", "name": "Miz Maggie Ally"})
    assert t.state.board.chapter_end == 7
    for name in ("Miz Maggie Ally", "Miz Maggie's Ally", "miz maggie’s ally"):
        with pytest.raises(RuleError, match="the party holds 'Miz Maggie Ally' already") as caught:
            t.do({"event": "achievement", "name": name})
        assert "Once the party has Miz Maggie's token" in caught.value.render()
    assert t.state.board.chapter_end == 7


def test_a_possessive_is_stored_under_the_chapters_key() -> None:
    t = tracker()
    t.do(start(chapter=1))
    t.do({"event": "achievement", "name": "Miz Maggie's Ally"})
    assert t.state.board.achievements == (("miz_maggie_ally", None),) and t.state.board.chapter_end == 7
    with pytest.raises(RuleError, match="holds 'Miz Maggie Ally' already"):
        t.do({"event": "achievement", "name": "Miz Maggie Ally"})


def test_a_name_close_to_a_story_achievement_is_noted() -> None:
    t = tracker()
    t.do(start(chapter=1))
    t.do({"event": "achievement", "name": "Miz Maggies Ally"})
    assert t.state.board.chapter_end == 6
    assert "Did you mean 'Miz Maggie Ally'?" in t.state.messages[-2]
    assert "did not move the chapter end marker" in t.state.messages[-2]
    t.do({"event": "achievement", "name": "Cheesmaster"})
    assert "Did you mean 'Cheesemaster'?" in t.state.messages[-2]


def test_an_older_logs_second_story_achievement_is_kept_as_played(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(chapter=1),
                {"event": "achievement", "name": "Miz Maggie Ally", "move_end": 1},
                {"event": "achievement", "name": "Miz Maggie Ally", "move_end": 1})
    assert not t.problems and t.state.board.chapter_end == 8
    assert len(kept(t)) == 1 and "holds 'Miz Maggie Ally' already" in kept(t)[0]


def test_the_page_refuses_a_story_achievement_held(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")  # chapter 1 (the page's default)
    d.achievement.value = "Miz Maggie Ally"
    d.ach_btn.click()
    assert d.state.board.chapter_end == 7, shown(d)
    d.achievement.value = ""
    d.achievement.value = "Miz Maggie's Ally"
    assert d.ach_btn.disabled and "holds 'Miz Maggie Ally' already" in d.ach_btn.tooltip


# -- 6: the page moves an achievement as the command line does --------------------------------------------

def test_the_end_box_follows_the_name_and_an_unknown_name_moves_nothing(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.achievement.value = "Miz Maggie Ally"
    assert d.ach_move.value == 1
    d.achievement.value = "Found the lost key"  # no achievement the data knows: 0, as the command line
    assert d.ach_move.value == 0
    d.ach_btn.click()
    assert d.state.board.chapter_end == 6, shown(d)
    assert "move_end" not in d.tracker.history[-1]
    d.achievement.value = "Opened the gate"
    d.ach_move.value = 2  # a move typed: sent
    d.ach_btn.click()
    assert d.tracker.history[-1]["move_end"] == 2 and d.state.board.chapter_end == 8
    d.achievement.value = "Cheesemaster"
    assert d.ach_move.value == 1 and d.ach_move.disabled


def test_the_command_line_and_the_page_agree_on_an_unknown_achievement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "a.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "collin,filch,tilda,maginos", "--chapter", "1",
                 "--minions", "rat-warriors=3", "--seed", "5"]) == 0
    code, _out, err = cli(capsys, "mystics", "do", str(log),
                          '{"event":"achievement","name":"Found the lost key"}')
    assert code == 0, err
    assert "move_end" not in logged_events(log)[-1]
    d = MysticsDashboard(log)  # the same chapter on the page: the same name moves the marker alike
    d.achievement.value = "Miz Maggie Ally"
    d.achievement.value = "Opened the gate"
    d.ach_btn.click()
    assert d.state.board.chapter_end == 6 and "move_end" not in logged_events(log)[-1], shown(d)


# -- 7: messages: Undo, not Next turn; a share on the receiver's turn; the page says the turn first ---------

def test_not_its_turn_suggests_undo_or_set_turn() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})  # Next turn pressed: Filch's turn
    with pytest.raises(RuleError) as caught:
        t.do({"event": "equip", "mouse": "collin", "card": "Collin's Sword", "slot": "paw"})
    said = caught.value.render()
    assert "undo it (undo), or correct the turn (set_turn)" in said
    assert "until it is" not in said and "press Next turn" not in said
    page = page_words(said)
    assert "press Undo, or correct it with “Set turn”" in page


def test_a_replayed_off_turn_action_is_kept_without_the_tables_fix(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(order=["collin", "filch", "tilda", "maginos"]),
                {"event": "end_turn"},
                {"event": "equip", "mouse": "collin", "card": "Collin's Sword", "slot": "paw"})
    assert not t.problems
    (note,) = kept(t)
    assert "Collin can equip only during its own turn" in note
    assert "undo" not in note.lower() and "set_turn" not in note and "Next turn" not in note


def test_a_share_of_one_mouse_names_the_receivers_turn_too() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})
    refused = not_its_turn(t.state, ["tilda"], "share")
    assert refused is not None
    assert "Tilda can share only during its own turn, or during the turn of the mouse it shares with" in (
        refused.message)
    assert not_its_turn(t.state, ["tilda", "filch"], "share") is None  # Filch's turn: his share with Tilda


def test_the_page_says_not_its_turn_before_the_empty_box(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "set_turn", "card": "collin"})
    d.do({"event": "mouse_cheese", "mouse": "collin", "count": 1})  # play has begun
    tilda = d._mouse_boxes["tilda"]
    tilda.card.value = ""
    equip = tilda.gear_buttons["equip"]
    assert equip.disabled and "Tilda can equip only during its own turn" in equip.tooltip, equip.tooltip
    d.do({"event": "mouse_cheese", "mouse": "tilda", "count": 1})
    tilda.share_to.value, tilda.share_cheese.value = "maginos", 0
    assert "neither Tilda's nor Maginos'" in tilda.share.tooltip, tilda.share.tooltip


def test_a_charmed_mouse_takes_no_free_action() -> None:
    t = tracker()
    t.do(start(order=["filch", "collin", "tilda", "maginos"]))
    t.do({"event": "mouse_cheese", "mouse": "filch", "count": 7})
    t.do({"event": "condition", "mouse": "filch", "condition": "charmed"})
    for event in ({"event": "unequip", "mouse": "filch", "card": "Dagger"},
                  {"event": "share", "from": "filch", "to": "collin", "cheese": 1},
                  {"event": "share", "from": "collin", "to": "filch", "card": "Collin's Sword"},
                  {"event": "level_up", "mouse": "filch", "ability": "First Aid", "classes": ["any"]}):
        with pytest.raises(RuleError, match="Filch is charmed: its turn is taken as if it were a minion's"):
            t.do(event)
    t.do({"event": "condition", "mouse": "filch", "condition": "charmed", "on": False})
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger"})


# -- smaller ----------------------------------------------------------------------------------------------

def test_the_pages_individual_achievements_are_the_books() -> None:
    assert INDIVIDUAL_NAMES == ("Cheesemaster", "Roachmaster", "Poisonmaster", "Scaper", "Cat Tamer")
