"""The dashboard view: buttons drive the tracker, the log autosaves, a reopened view resumes."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.views.mystics import MysticsDashboard, parse_counts, parse_ints
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, break_user_die

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


@pytest.mark.parametrize("text,expected", [("2 rat warriors", {"rat_warriors": 2}),
                                           ("2 rat warriors.", {"rat_warriors": 2}),
                                           ("roaches=0; 3 spider", {"roaches": 0, "spider": 3}),
                                           ("Rat-Warriors = 2", {"rat_warriors": 2})])
def test_parse_counts_reads_the_books_way_too(text: str, expected: dict[str, int]) -> None:
    assert parse_counts(text) == expected


@pytest.mark.parametrize("text", ["Tinkerer's Treasure: look through the search deck", "rat_warriors=lots",
                                  "spider=-1", "2_rat_warriors", "spider=1, spider=2", "=2"])
def test_parse_counts_refuses_what_is_not_a_minion_list(text: str) -> None:
    with pytest.raises(CompanionError, match=r"bad minion count|twice"):
        parse_counts(text)


def test_free_text_surge_is_kept_as_text_and_the_wheel_surges(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    text = "Tinkerer's Treasure: look through the search deck for any one weapon"
    d.room_name.value = "The Courtyard"
    d.room_surge.value = text
    d.room_btn.click()
    assert d.state.board.room.special_surge_text == text and d.state.board.room.special_surge == ()
    for _ in range(6):
        d.add1.click()
    assert d.state.board.wheel == 0 and d.state.board.hourglass == 2
    assert "SURGE" in d.surge_alert.value and "Tinkerer" in d.surge_alert.value


@pytest.mark.parametrize("typed,kind", [("2 rat warriors", "rat_warriors"), ("centipede=1", "centipede"),
                                        ("Cave Centipede", "centipede"), ("roaches=2", "roach")])
def test_surge_minion_lists_are_checked_and_placed(tmp_path: Path, typed: str, kind: str) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_name.value = "E1"
    d.enc_minions.value = "spider=1"
    d.enc_surge.value = typed
    d.enc_btn.click()
    assert d.state.board.encounter.surge[0][0] == kind, d.status.value
    for _ in range(3):
        d.add2.click()
    assert d.state.board.hourglass == 2 and any(g.id == kind for g in d.state.minions)


@pytest.mark.parametrize("typed,hint", [("spidr=1", "Did you mean 'spider'"),
                                        ("2 rats warriors", "rat_warriors"),
                                        ("spidr", "Did you mean 'spider'")])
def test_a_mistyped_surge_minion_is_refused_with_a_suggestion(tmp_path: Path, typed: str, hint: str) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_name.value = "E1"
    d.enc_surge.value = typed
    d.enc_btn.click()
    assert d.state.board.encounter is None
    assert "unknown" in d.status.value and hint in html.unescape(d.status.value)


def test_placeholders_show_input_that_works_with_the_bundled_data(tmp_path: Path) -> None:
    from companion.views import mystics as vm

    d = MysticsDashboard(tmp_path / "m.jsonl")  # the bundled card data
    d.mice_pick.value = ("collin", "filch", "tilda", "nez")
    d.seed.value = "3"
    d.start_btn.click()
    assert d.state.started, d.status.value
    d.enc_minions.value = d.enc_minions.placeholder
    d.enc_surge.value = d.enc_surge.placeholder.split(":", 1)[1].split(", or")[0]
    d.enc_btn.click()
    assert {g.id for g in d.state.minions} == {"spider", "roaches"}, d.status.value
    assert d.state.board.encounter.surge == (("cave-centipede", 1),)
    d.room_name.value = "Hall"
    d.room_surge.value = vm.ROOM_SURGE_EXAMPLE.split(":", 1)[1].split(", or")[0]
    d.room_btn.click()
    assert d.state.board.room.special_surge == (("rat-warriors", 2),), d.status.value


def test_party_comes_back_after_undoing_and_redoing_the_start(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    assert len(d.party.children) == 4
    d.undo_btn.click()
    assert not d.state.started and d.party.children == ()
    d.redo_btn.click()
    assert d.state.started and len(d.party.children) == 4
    d.undo_btn.click()
    d.start_btn.click()  # the same mice again
    assert d.state.started and len(d.party.children) == 4
    assert "Filch" in d._mouse_boxes["filch"].info.value


def test_track_shows_the_next_card_after_the_acting_card_leaves(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"roach": 1},
          "seed": 1, "order": ["roach", "collin", "filch"]})
    d.do({"event": "defeat_minion", "minion": "roach"})
    assert "cmp-mystics-current" not in d.track.value and "next: Collin" in d.track.value
    assert "Next: Collin" in d.status.value and "round 1" in d.status.value
    d.next_btn.click()
    assert d.state.current.id == "collin" and d.state.round == 1


def test_a_broken_card_file_is_shown_not_taken_for_missing_cards(tmp_path: Path) -> None:
    break_user_die()
    d = MysticsDashboard(tmp_path / "m.jsonl")
    status = html.unescape(d.status.value)
    assert "cannot be loaded" in status and "duplicate mystics card id" in status
    assert "duplicate" in html.unescape(d.odds.result.value)
    d.extra_mice.value = "collin"
    d.start_btn.click()
    status = html.unescape(d.status.value)
    assert "duplicate mystics card id" in status and "unknown mystics card" not in status


def test_chapters_started_within_one_second_keep_every_old_log(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.views.mystics as vm

    monkeypatch.setattr(vm.time, "strftime", lambda _fmt: "20260101-120000")  # all in one second
    path = tmp_path / "m.jsonl"
    d = started(path)
    for _ in range(5):
        d.add1.click()
    chapter = path.read_text()
    d.start_btn.click()  # the next chapter...
    d.start_btn.click()  # ...and a double click
    assert (tmp_path / "m-20260101-120000.jsonl").read_text() == chapter
    assert len((tmp_path / "m-20260101-120000-2.jsonl").read_text().splitlines()) == 2  # tracker, start
    assert len(path.read_text().splitlines()) == 2 and d.state.board.wheel == 0


def test_a_minion_removed_in_another_window_is_said_so(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    other = dash(path)
    other.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    d.minion_pick.value = "rat_warriors"  # d still shows the rats
    d.wound_minion.click()
    assert "no rat_warriors on the board any more" in d.status.value
    assert d.minion_pick.options == () and "No minions on the board" in d.minions.value


def test_wounding_a_boss_card_keeps_the_card_chosen_when_another_window_wrote(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = dash(path)
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"vurst": 1},
          "seed": 1, "boss_cards": {"vurst": ["vurst:1", "vurst:2"]}})
    d.minion_pick.value = "vurst"
    d.minion_card.value = "vurst:2"
    dash(path).do({"event": "minion_cheese", "count": 1})  # another window: the page is stale
    d.wound_minion.click()
    track = {c.id: c.wounds for c in d.state.track if c.kind == "boss"}
    assert track == {"vurst:1": 0, "vurst:2": 1}, d.status.value


def test_an_ambush_drawn_from_the_seed_is_logged_with_its_rolls(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.enc_name.value = "E1"
    d.enc_minions.value = "spider=1"
    d.enc_ambush.value = True
    d.enc_btn.click()
    logged = json.loads(path.read_text().splitlines()[-1])
    assert logged["event"] == "encounter" and len(logged["rolls"]) == 2, d.status.value


def test_the_minion_picker_shows_a_minion_and_figures_count_from_1(tmp_path: Path) -> None:
    from companion.views.mystics import mystics_page

    d = mystics_page(tmp_path / "m.jsonl")
    d.start_minions.value = "rat_warriors=3, 2 roaches"
    d.start_btn.click()
    assert d.minion_pick.value is not None  # the first group, not a blank choice
    d.minion_pick.value = "roaches"
    d.minion_fig.value = 2
    d.wound_minion.click()
    assert "Roaches figure 2: 1" in d.status.value
    d.minion_fig.value = 5
    d.wound_minion.click()
    assert "there is no figure 5" in d.status.value and "figure 1 to 2" in d.status.value


def test_a_chapter_that_cannot_keep_the_old_log_says_so_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    path = tmp_path / "m.jsonl"
    d = started(path)
    d.add1.click()
    before, state = path.read_bytes(), d.state

    def read_only(self: Path, target: object) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied", str(self), str(target))

    monkeypatch.setattr(Path, "rename", read_only)
    d.chapter_end.value = 8
    d.start_btn.click()
    shown = html.unescape(d.status.value)
    assert "cannot keep the old log as m-" in shown and ": permission denied; nothing was changed" in shown
    assert "this is a bug" not in shown
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == [path]
    assert d.state == state and d.state.board.wheel == 1


def test_another_games_log_opens_the_page_with_a_message_and_every_action_off(tmp_path: Path) -> None:
    from companion.errors import LogError

    path = tmp_path / "m.jsonl"
    text = '{"event": "log", "tracker": "tmnt"}\n{"event": "start", "players": ["A", "B"]}\n'
    path.write_text(text)
    d = dash(path)  # no exception
    assert "this is a tmnt log, not a mystics one" in d.status.value
    assert d.start_btn.disabled and d.undo_btn.disabled and d.next_btn.disabled and d.enc_btn.disabled
    d.start_btn.disabled = False  # (a click that got through anyway)
    d.mice_pick.value = ("collin", "filch")
    d.start_btn.click()
    assert "this is a tmnt log, not a mystics one" in d.status.value and not d.state.started
    for action in (d.undo, d.redo, d.reveal_encounter, lambda: d.add_cheese(1)):
        with pytest.raises(LogError, match="this is a tmnt log"):
            action()
    assert path.read_text() == text and list(tmp_path.iterdir()) == [path]


def test_a_cut_line_that_cannot_be_set_aside_opens_the_page_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    started(path)
    with open(path, "a") as fh:
        fh.write('{"event": "minion_')
    (tmp_path / "m.jsonl.damaged").mkdir()  # the side file cannot be written
    content = path.read_bytes()
    d = dash(path)
    assert "cannot be set aside" in d.status.value and "this is a bug" not in d.status.value
    assert d.start_btn.disabled and d.add1.disabled
    assert path.read_bytes() == content


def test_encounters_are_named_by_the_encounters_revealed_not_the_surges(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for _ in range(6):
        d.add1.click()
    assert len(d.state.board.surges) == 1
    d.enc_minions.value = "spider=1"
    d.enc_btn.click()
    assert d.state.board.encounter.name == "encounter 1", d.status.value
    d.enc_btn.click()
    assert d.state.board.encounter.name == "encounter 2", d.status.value
    d.undo_btn.click()  # an encounter taken back is not counted
    d.enc_btn.click()
    assert d.state.board.encounter.name == "encounter 2"


@pytest.mark.parametrize(("choice", "move"), [("Poisonmaster", 0), ("Cat Tamer", 0), ("Cheesemaster", 1)])
def test_an_individual_achievement_moves_the_end_marker_as_the_book_says(
        tmp_path: Path, choice: str, move: int) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    end = d.state.board.chapter_end
    d.achievement.value = choice
    d.ach_move.value = 1  # the page's default: end + 1
    d.ach_btn.click()
    assert "error" not in d.status.value.lower() and "not move_end" not in d.status.value, d.status.value
    assert f"Achievement {choice!r}" in html.unescape(d.status.value)
    assert d.state.board.chapter_end == end + move
    logged = json.loads(path.read_text().splitlines()[-1])
    assert logged["event"] == "achievement" and "move_end" not in logged


def test_a_chapter_achievement_sends_the_move_typed(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    end = d.state.board.chapter_end
    d.achievement.value = "Found the key"
    d.ach_move.value = 2
    d.ach_btn.click()
    assert d.state.board.chapter_end == end + 2, d.status.value
    assert json.loads(path.read_text().splitlines()[-1])["move_end"] == 2


def test_a_minion_of_unknown_life_names_the_pages_button(tmp_path: Path) -> None:
    from companion.mystics.party import MinionInfo

    d = MysticsDashboard(tmp_path / "m.jsonl",
                         tracker_kwargs={**KW, "minions": {**MINIONS, "ghost": MinionInfo("ghost", "Ghost")}})
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"ghost": 1},
          "seed": 1})
    d.minion_pick.value = "ghost"
    d.wound_minion.click()
    for shown in (d.status.value, d.messages.value):
        assert "life unknown" in shown and "Remove figure" in shown and "defeat_minion" not in shown


def test_a_click_on_a_stale_page_is_refused_and_the_page_redrawn(tmp_path: Path) -> None:
    one = started(tmp_path / "m.jsonl")
    two = dash(tmp_path / "m.jsonl")  # a second window on the same chapter
    turn = two.state.turn
    one.next_btn.click()  # the first window ends this card's turn
    two.next_btn.click()  # the second still shows it: refused, never ending the next card's turn
    assert "the log changed in another window" in two.status.value
    assert two.state.turn == one.state.turn != turn  # redrawn as the table now is
    done = len(two.tracker.history)
    two.next_btn.click()  # seen, pressed again: done
    assert len(two.tracker.history) == done + 1 and "changed in another window" not in two.status.value
