"""The dashboard view: buttons drive the tracker, the log autosaves, a reopened view resumes."""

from __future__ import annotations

import html
import json
from pathlib import Path

import ipywidgets as w
import pytest

from companion.errors import CompanionError
from companion.views.mystics import MysticsDashboard, parse_counts, parse_ints
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, break_user_die, dash, started

from .helpers import logged_events

KW = {"die": DIE, "heroes": HEROES, "minions": MINIONS}


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
    assert "Surge: hourglass moved to page 2" in d.surge_alert.value  # (nothing to place: calm)
    d.undo_btn.click()
    assert d.state.board.wheel == 4 and d.surge_alert.value == ""
    d.redo_btn.click()
    assert d.state.board.hourglass == 2
    events = [json.loads(x)["event"] for x in path.read_text().splitlines()]
    assert events[-2:] == ["undo", "redo"]


def test_errors_show_in_the_status_panel_not_as_exceptions(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.sub1.click()  # the wheel is empty
    assert "cannot take" in d.wheel_msg.value  # (under the cheese buttons)
    d.start_minions.value = "rat_warriors=lots"
    d.start_btn.click()
    assert "bad minion count" in d.setup_msg.value  # (under Start chapter)


def test_mouse_buttons_and_conditions(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["filch"]
    box.conditions["webbed"].value = True
    assert "webbed" in d.state.mouse("filch").conditions
    box.capture.click()
    assert d.state.mouse("filch").captured and d.state.board.hourglass == 2
    assert box.rescue.disabled is True and "rescued on its turn once none are left" in box.rescue.tooltip
    d.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    if d.state.current is None or d.state.current.id != "filch":  # rescued on its own turn, which it takes
        assert box.rescue.disabled is True and "its own turn" in box.rescue.tooltip
        d.do({"event": "set_turn", "card": "filch"})
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
    d.do({"event": "set_turn", "card": "tilda"})  # (an equip: in the mouse's own turn)
    box = d._mouse_boxes["tilda"]
    box.card.value = "Grape"
    box.trick.value = False
    d.do(box._gain())
    assert [g.name for g in d.state.mouse("tilda").pack] == ["Grape"]
    box.card.value = "Longbow"
    box.slot.value = "paw2"
    d.do(box._equip())
    assert [(g.name, g.slot, g.paws) for g in d.state.mouse("tilda").equipped] == [("Longbow", "paw", 2)]
    box.life.value = "1"
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
    assert "SURGE" in d.surge_alert.value and "Tinkerer" in html.unescape(d.wheel_msg.value)  # (said once)


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
    assert "unknown" in d.encounter_msg.value and hint in html.unescape(d.encounter_msg.value)


def test_placeholders_show_input_that_works_with_the_bundled_data(tmp_path: Path) -> None:
    from companion.views import mystics as vm

    d = MysticsDashboard(tmp_path / "m.jsonl")  # the bundled card data
    d.mice_pick.value = ("collin", "filch", "tilda", "nez")
    d.seed.value = "3"
    d.start_minions.value = ""  # (chapter 1's rat warriors, pre-filled: none here, so the encounter's show)
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


def test_a_broken_card_file_is_left_out_and_shown_not_taken_for_missing_cards(tmp_path: Path) -> None:
    break_user_die()  # a file of yours whose ids repeat the bundled ones: left out, as every command does
    d = MysticsDashboard(tmp_path / "m.jsonl")
    said = html.unescape(d.load_problems.value)
    assert "action-die.json: left out" in said and "duplicate id 'die-sword'" in said
    odds = html.unescape(d.odds.result.value)
    assert "duplicate" not in odds and "2 dice vs 1" in odds  # the bundled die
    d.start_btn.click()
    assert d.state.started, d.setup_msg.value  # the bundled heroes, not refused as unknown


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
    assert "the log changed in another window" in d.minions_msg.value  # refused, and drawn again
    assert d.minion_pick.options == () and "No minions on the board" in d.minions.value
    d.wound_minion.click()
    assert "no minion on the board" in d.minions_msg.value


def test_wounding_a_boss_card_keeps_the_card_chosen_when_another_window_wrote(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = dash(path)
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"vurst": 1},
          "seed": 1, "boss_cards": {"vurst": ["vurst:1", "vurst:2"]}})
    d.minion_pick.value = "vurst"
    d.minion_card.value = "vurst:2"
    dash(path).do({"event": "minion_cheese", "count": 1})  # another window: the page is stale
    d.wound_minion.click()
    assert "the log changed in another window" in d.minions_msg.value  # refused: the table is shown first
    assert d.minion_card.value == "vurst:2"  # the choice stays
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
    logged = logged_events(path)[-1]
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
    assert "Roaches figure 2: 1" in d.minions_msg.value
    d.minion_fig.value = 5  # the box holds the figures on the board: 1 to 2
    assert d.minion_fig.max == 2 and d.minion_fig.value == 2


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
    shown = html.unescape(d.setup_msg.value)
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
    if choice == "Poisonmaster":  # its condition first: a mouse captured with a poison wound
        mouse = d.state.mice[0].id
        d.tracker.do({"event": "wound", "mouse": mouse, "count": 1, "poison": True})
        d.tracker.do({"event": "capture", "mouse": mouse})
        d.refresh()
    end = d.state.board.chapter_end
    d.achievement.value = choice
    d.ach_move.value = 1  # the page's default: end + 1
    d.ach_btn.click()
    said = d.track_msg.value
    assert "error" not in said.lower() and "not move_end" not in said, said
    assert f"Achievement {choice!r}" in html.unescape(d.track_msg.value)
    assert d.state.board.chapter_end == end + move
    logged = logged_events(path)[-1]
    assert logged["event"] == "achievement" and "move_end" not in logged


def test_a_chapter_achievement_sends_the_move_typed(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    end = d.state.board.chapter_end
    d.achievement.value = "Found the key"
    d.ach_move.value = 2
    d.ach_btn.click()
    assert d.state.board.chapter_end == end + 2, d.status.value
    assert logged_events(path)[-1]["move_end"] == 2


def test_a_minion_of_unknown_life_names_the_pages_button(tmp_path: Path) -> None:
    from companion.mystics.party import MinionInfo

    d = MysticsDashboard(tmp_path / "m.jsonl",
                         tracker_kwargs={**KW, "minions": {**MINIONS, "ghost": MinionInfo("ghost", "Ghost")}})
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"ghost": 1},
          "seed": 1})
    d.minion_pick.value = "ghost"
    d.wound_minion.click()
    for shown in (d.minions_msg.value, d.messages.value):
        assert "life unknown" in shown and "Remove figure" in shown and "defeat_minion" not in shown


def test_a_click_on_a_stale_page_is_refused_and_the_page_redrawn(tmp_path: Path) -> None:
    one = started(tmp_path / "m.jsonl")
    two = dash(tmp_path / "m.jsonl")  # a second window on the same chapter
    turn = two.state.turn
    one.next_btn.click()  # the first window ends this card's turn
    two.next_btn.click()  # the second still shows it: refused, never ending the next card's turn
    assert "the log changed in another window" in two.turn_msg.value  # (under Next turn)
    assert two.state.turn == one.state.turn != turn  # redrawn as the table now is
    done = len(two.tracker.history)
    two.next_btn.click()  # seen, pressed again: done
    assert len(two.tracker.history) == done + 1 and "changed in another window" not in two.status.value


# -- the controls for the rest of the tracker's events: each pressed, and a refusal of each --------------


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


def logged(path: Path) -> dict:
    return logged_events(path)[-1]


def test_the_new_controls_carry_their_css_classes_and_are_off_before_a_chapter(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    buttons = {d.add_btn: "cmp-mystics-add-minions", d.victory_btn: "cmp-mystics-victory",
               d.defeat_btn: "cmp-mystics-defeat", d.end_move_btn: "cmp-mystics-end-move",
               d.end_page_btn: "cmp-mystics-end-page", d.set_order_btn: "cmp-mystics-set-order",
               d.order_up: "cmp-mystics-order-up", d.order_down: "cmp-mystics-order-down",
               d.set_turn_btn: "cmp-mystics-set-turn"}
    for button, css in buttons.items():
        assert css in button._dom_classes and button.disabled, css
    for widget, css in ((d.add_type, "cmp-mystics-add-minion-type"),
                        (d.add_count, "cmp-mystics-add-minion-count"),
                        (d.defeat_reason, "cmp-mystics-defeat-reason"), (d.order_list, "cmp-mystics-order"),
                        (d.turn_pick, "cmp-mystics-turn-pick")):
        assert css in widget._dom_classes
    d.mice_pick.value = ("collin", "filch", "tilda", "maginos")
    d.start_minions.value = "rat_warriors=2"
    d.start_btn.click()
    # (the corrections stay off until they can work: a card chosen, an order or a turn changed; Defeat
    # until its reason is typed)
    waiting = {d.set_order_btn, d.order_up, d.order_down, d.set_turn_btn, d.end_page_btn}
    assert d.state.started and not any(b.disabled for b in buttons if b not in {*waiting, d.defeat_btn})
    assert all(b.disabled and "choose" in b.tooltip for b in waiting), [b.tooltip for b in waiting]
    assert d.defeat_btn.disabled and "type the defeat condition met" in d.defeat_btn.tooltip
    box = d._mouse_boxes["tilda"]
    for widget, css in ((box.share, "cmp-mystics-share"), (box.share_to, "cmp-mystics-share-to"),
                        (box.share_cheese, "cmp-mystics-share-cheese"),
                        (box.share_card, "cmp-mystics-share-card"), (box.pilfer, "cmp-mystics-pilfer")):
        assert css in widget._dom_classes
    # the pickers offer only what there is: the minion types of the data, the cards on the track
    assert {v for _n, v in d.add_type.options} == set(MINIONS)
    assert [v for _n, v in d.turn_pick.options] == [c.id for c in d.state.track]
    assert [v for _n, v in box.share_to.options] == ["collin", "filch", "maginos"]


def test_add_minions_puts_figures_on_the_board_and_cards_at_the_bottom(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.add_type.value = "spider"
    d.add_count.value = 2
    d.add_btn.click()
    assert [len(g.figures) for g in d.state.minions if g.id == "spider"] == [2], shown(d)
    assert d.state.track[-1].id == "spider" and "New initiative cards at the bottom: Spider" in shown(d)
    assert {k: v for k, v in logged(path).items() if k != "card_data"} == {"event": "add_minions",
                                                                             "minions": {"spider": 2}}
    assert "Spider" in d.minions.value and ("Spider", "spider") in d.minion_pick.options
    d.add_type.value = "rat_warriors"  # more of a type already on the board: figures, no new card
    d.add_count.value = 1
    d.add_btn.click()
    assert [len(g.figures) for g in d.state.minions if g.id == "rat_warriors"] == [3]
    assert sum(c.id == "rat_warriors" for c in d.state.track) == 1


def test_an_ambush_of_added_minions_uses_the_rolls_typed(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.add_type.value = "spider"
    d.add_ambush.value = True
    d.add_rolls.value = "1 2"  # one per minion card on the track: the rats and the spider
    d.add_btn.click()
    assert "Ambush!" in shown(d), shown(d)
    assert logged(path)["rolls"] == [1, 2] and d.add_rolls.value == ""


def test_add_minions_beyond_the_figures_a_type_may_have_is_refused(tmp_path: Path) -> None:
    from companion.mystics import limits as lim

    path = tmp_path / "m.jsonl"
    d = started(path)
    before = path.read_bytes()
    d.add_type.value = "rat_warriors"  # 2 on the board
    d.add_count.value = lim.MAX_FIGURES
    assert d.add_count.value == lim.MAX_FIGURES - 2  # (the Figures box holds what fits: never more)
    # (the tracker still refuses more, for the command line)
    with pytest.raises(CompanionError, match=f"would make {lim.MAX_FIGURES + 2} on the board"):
        d.tracker.do({"event": "add_minions", "minions": {"rat_warriors": lim.MAX_FIGURES}})
    d.add_type.value, d.add_count.value = "spider", 1
    d.add_ambush.value, d.add_rolls.value = True, "2"  # two minion cards roll: one roll is too few
    d.add_btn.click()
    assert "not enough die rolls typed in" in shown(d)
    assert path.read_bytes() == before and [g.id for g in d.state.minions] == ["rat_warriors"]


def test_pilfer_is_filchs_and_takes_a_cheese_from_the_wheel(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.do({"event": "set_turn", "card": "filch"})  # (Pilfer: a figure Filch defeats, on his turn)
    filch = d._mouse_boxes["filch"]
    assert filch.pilfer.layout.display == ""
    assert all(d._mouse_boxes[m].pilfer.layout.display == "none" for m in ("collin", "tilda", "maginos"))
    d.add2.click()
    before = path.read_bytes()
    filch.pilfer.click()  # (a click that got through): no figure defeated yet
    assert "no minion figure defeated this turn" in shown(d) and path.read_bytes() == before
    d.do({"event": "defeat_minion", "minion": "rat_warriors"})
    cheese = d.state.mouse("filch").cheese
    filch.pilfer.click()
    assert d.state.board.wheel == 1 and d.state.mouse("filch").cheese == cheese + 1, shown(d)
    assert "1 cheese from the minion wheel" in shown(d) and "Pilfer" in shown(d)
    assert logged(path) == {"event": "pilfer", "mouse": "filch", "from": "wheel"}


def test_share_moves_cheese_and_a_card_to_another_mouse(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.do({"event": "set_turn", "card": "tilda"})  # (a share: in the turn of one of its mice)
    tilda = d._mouse_boxes["tilda"]
    tilda.card.value = "Grape"
    d.do(tilda._gain())
    for _ in range(2):
        d.do({"event": "mouse_cheese", "mouse": "tilda", "count": 1})
    assert ("Grape", "Grape") in tilda.share_card.options
    cheese = (d.state.mouse("tilda").cheese, d.state.mouse("filch").cheese)
    tilda.share_to.value = "filch"
    tilda.share_cheese.value = 2
    tilda.share_card.value = "Grape"
    tilda.share.click()
    assert [g.name for g in d.state.mouse("filch").pack] == ["Grape"], shown(d)
    assert "Grape" not in [g.name for g in d.state.mouse("tilda").gear]
    assert (d.state.mouse("tilda").cheese, d.state.mouse("filch").cheese) == (cheese[0] - 2, cheese[1] + 2)
    assert "Tilda gives Filch 2 cheese and Grape (mice-and-mystics.txt, Share)" in shown(d)
    assert logged(path) == {"event": "share", "from": "tilda", "to": "filch", "cheese": 2, "card": "Grape"}
    assert tilda.share_cheese.value == 0 and ("Grape", "Grape") not in tilda.share_card.options
    assert ("Grape", "Grape") in d._mouse_boxes["filch"].share_card.options


def test_share_of_more_cheese_than_the_mouse_has_or_of_nothing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    before, state = path.read_bytes(), d.state
    maginos = d._mouse_boxes["maginos"]
    maginos.share_to.value = "tilda"
    maginos.share_cheese.value = 3
    assert maginos.share_cheese.value == 0  # (the Cheese box holds no more than Maginos has)
    with pytest.raises(CompanionError, match="Maginos has 0 cheese, cannot give 3"):
        d.tracker.do({"event": "share", "from": "maginos", "to": "tilda", "cheese": 3})
    maginos.share_card.value = ""
    maginos.share.click()
    assert "choose cheese or a card to give" in shown(d) and "Share" in shown(d)
    assert path.read_bytes() == before and d.state == state


def test_victory_stops_play_and_later_actions_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.victory_btn.click()
    assert d.state.board.victory and "Victory!" in d.hourglass.value
    assert "companion-ok" in d.status.value and "Victory" in shown(d)
    assert logged(path) == {"event": "victory"}
    before = path.read_bytes()
    for button in (d.add1, d.next_btn, d.defeat_btn):
        button.click()
        assert "the chapter is won, play does not go on" in shown(d), shown(d)
    d.add_btn.click()
    assert "'add_minions': the chapter is won" in shown(d)
    assert path.read_bytes() == before and d.state.board.wheel == 0
    d.undo_btn.click()  # the chapter goes on after all
    assert not d.state.board.victory


def test_victory_after_the_chapter_is_lost_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.defeat_reason.value = "  all mice   captured "
    d.defeat_btn.click()
    assert d.state.board.defeated and d.state.board.lost_by == "all mice captured"
    assert logged(path) == {"event": "defeat", "reason": "all mice captured"}
    assert "companion-error" in d.status.value
    assert "Chapter lost" in d.hourglass.value and "Defeat: all mice captured" in shown(d)  # (said once)
    before = path.read_bytes()
    d.victory_btn.click()
    assert "the chapter was lost by the defeat event: all mice captured" in shown(d)
    d.next_btn.click()
    assert "the chapter is lost, play does not go on" in shown(d)
    assert path.read_bytes() == before and not d.state.board.victory


def test_defeat_is_off_without_a_reason_or_with_one_too_long(tmp_path: Path) -> None:
    """One tap with nothing typed never ends the chapter: Defeat is off until the defeat condition met is
    typed (as the page's other actions that need words), and a click that gets through is refused."""
    from companion.views.mystics import MAX_REASON

    path = tmp_path / "m.jsonl"
    d = started(path)
    before = path.read_bytes()
    d.defeat_reason.value = "x" * (MAX_REASON + 1)
    assert d.defeat_btn.disabled and f"{MAX_REASON + 1} characters long" in d.defeat_btn.tooltip
    d.defeat_btn.click()  # (a click that got through anyway)
    assert f"{MAX_REASON + 1} characters long" in d.chapter_msg.value and path.read_bytes() == before
    assert not d.state.board.defeated
    d.defeat_reason.value = " "
    assert d.defeat_btn.disabled and "Reason box" in d.defeat_btn.tooltip
    assert "type the defeat condition met in the Reason box first" in html.unescape(d.chapter_off.value)
    d.defeat_btn.click()
    assert "type the defeat condition met" in d.chapter_msg.value
    assert not d.state.board.defeated and path.read_bytes() == before
    d.defeat_reason.value = "every mouse captured"
    assert not d.defeat_btn.disabled
    d.defeat_btn.click()
    assert d.state.board.defeated and logged(path) == {"event": "defeat", "reason": "every mouse captured"}
    assert "companion-error" in d.chapter_msg.value and "every mouse captured" in d.chapter_msg.value


def test_the_chapter_end_marker_moves_or_goes_on_a_page(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    assert d.end_page.value == 6
    d.end_move.value = 2
    d.end_move_btn.click()
    assert d.state.board.chapter_end == 8 and "Chapter end marker on page 8" in shown(d)
    assert logged(path) == {"event": "chapter_end", "move": 2} and d.end_page.value == 8
    d.end_move.value = -1
    d.end_move_btn.click()
    assert d.state.board.chapter_end == 7
    d.end_page.value = 4
    d.end_page_btn.click()
    assert d.state.board.chapter_end == 4 and logged(path) == {"event": "chapter_end", "page": 4}
    d.end_page.value = 1  # onto the hourglass: the chapter is lost (Story Control Board)
    d.end_page_btn.click()  # (the first tap says so; the second does it)
    d.end_page_btn.click()
    assert d.state.board.defeated


def test_a_chapter_end_move_of_nothing_or_past_the_track_is_refused(tmp_path: Path) -> None:
    from companion.mystics import limits as lim

    path = tmp_path / "m.jsonl"
    d = started(path)
    d.end_page.value = lim.MAX_PAGE
    d.end_page_btn.click()
    before = path.read_bytes()
    d.end_move.value = 1
    d.end_move_btn.click()
    assert f"would move to page {lim.MAX_PAGE + 1}" in shown(d)
    d.end_move.value = 0
    d.end_move_btn.click()
    assert "a move of 0 pages" in shown(d)
    d.end_page_btn.click()  # the page it is on
    assert f"already on page {lim.MAX_PAGE}" in shown(d)
    assert path.read_bytes() == before and d.state.board.chapter_end == lim.MAX_PAGE


def test_set_order_puts_the_order_together_then_corrects_the_track(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    track = [c.id for c in d.state.track]
    assert [v for _n, v in d.order_list.options] == track
    last = track[-1]
    d.order_list.value = last
    for _ in range(len(track)):  # up to the top (and once more: it stays there)
        d.order_up.click()
    assert d.order_list.options[0][1] == last and d.order_list.value == last
    assert [c.id for c in d.state.track] == track  # nothing logged yet
    d.set_order_btn.click()
    assert [c.id for c in d.state.track] == [last, *track[:-1]], shown(d)
    assert "Initiative order corrected to match the table" in shown(d)
    assert logged(path) == {"event": "set_order", "order": [last, *track[:-1]]}
    d.order_list.value = last
    d.order_down.click()
    d.order_reset.click()  # back to the track as it is
    assert [v for _n, v in d.order_list.options] == [c.id for c in d.state.track]


def test_set_order_of_the_tracks_own_order_or_on_a_stale_page_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    before = path.read_bytes()
    d.set_order_btn.click()
    assert "the order shown is the track's already: nothing to correct" in shown(d)
    assert path.read_bytes() == before
    d.order_list.value = d.state.track[-1].id
    d.order_up.click()
    other = dash(path)  # another window on the same chapter...
    other.add_type.value, other.add_count.value = "spider", 1
    other.add_btn.click()  # ...adds a card to the track
    written = path.read_bytes()
    d.set_order_btn.click()
    assert "the log changed in another window" in shown(d) and path.read_bytes() == written
    assert [v for _n, v in d.order_list.options] == [c.id for c in d.state.track]  # the order shown follows


def test_set_turn_moves_the_turn_pointer(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    assert d.turn_pick.value == d.state.current.id
    d.turn_pick.value = "tilda"
    d.set_turn_btn.click()
    assert d.state.current.id == "tilda" and "Turn pointer set to Tilda" in shown(d)
    assert "Tilda's turn" in shown(d) and logged(path) == {"event": "set_turn", "card": "tilda"}
    d.next_btn.click()  # play goes on from there
    assert d.state.current.id == d.state.track[[c.id for c in d.state.track].index("tilda") + 1].id
    assert d.turn_pick.value == d.state.current.id  # the box follows the turn


def test_set_turn_to_the_card_whose_turn_it_is_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    before, now = path.read_bytes(), d.state.current
    d.turn_pick.value = now.id
    d.set_turn_btn.click()
    assert f"it is {now.name}" in shown(d) and "turn already: nothing to correct" in shown(d)
    assert path.read_bytes() == before and d.state.current == now


def test_the_new_controls_are_off_on_another_games_log(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    text = '{"event": "log", "tracker": "tmnt"}\n{"event": "start", "players": ["A", "B"]}\n'
    path.write_text(text)
    d = dash(path)
    for button in (d.add_btn, d.victory_btn, d.defeat_btn, d.end_move_btn, d.end_page_btn,
                   d.set_order_btn, d.set_turn_btn):
        assert button.disabled
        button.click()  # (a click that got through anyway): the log's reason, not the choices'
        assert "this is a tmnt log, not a mystics one" in d.status.value, button.description
    assert path.read_text() == text


def test_set_life_says_why_for_the_minion_type_chosen(tmp_path: Path) -> None:
    """Two minion types whose life the card data does not know: Set life's reason names the type chosen,
    when the chapter is drawn and when another type is chosen (the Life box stays blank for both)."""
    from companion.mystics.party import MinionInfo

    moths = {"moth": MinionInfo("moth", "Moth"), "gnat": MinionInfo("gnat", "Gnat")}
    d = dash(tmp_path / "m.jsonl", minions={**MINIONS, **moths})
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"moth": 1, "gnat": 1},
          "seed": 3})
    first = d.minion_pick.value
    for chosen in (first, "gnat" if first == "moth" else "moth"):  # (drawn, then chosen by the player)
        d.minion_pick.value = chosen
        name = moths[chosen].name
        assert d.set_minion_life.disabled and f"type {name}'s life" in d.set_minion_life.tooltip
        assert f"{name}&#x27;s life" in d.minions_off.value


def test_a_redraw_writes_the_captions_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A redraw gates the board and the corrections, then says why under each group once (the boxes it
    sets do not each write them again)."""
    d = started(tmp_path / "m.jsonl")
    written: list[bool] = []
    captions = MysticsDashboard._captions

    def counted(self: MysticsDashboard) -> None:
        if not getattr(self, "_drawing", False):  # (asked for while drawing: left for the end of the redraw)
            written.append(True)
        captions(self)

    monkeypatch.setattr(MysticsDashboard, "_captions", counted)
    for click in (d.refresh, d.next_btn.click, d.add1.click, d.undo_btn.click):
        written.clear()
        click()
        assert len(written) == 1, click


def test_choosing_an_achievement_or_a_minion_regates_the_board_once(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The box a choice sets beside it (the end marker's move, the minion's life) does not regate the board
    and write the captions on its own: the choice's regate follows, once (it was twice, three captions)."""
    d = started(tmp_path / "m.jsonl")
    d.do({"event": "add_minions", "minions": {"spider": 1}})
    d.minion_pick.value, d.ach_move.value = "rat_warriors", 0  # (rats: life unknown)
    gated: list[str] = []
    regate, captions = MysticsDashboard._regate_board, MysticsDashboard._captions

    def counted_regate(self: MysticsDashboard, *, captions: bool = True) -> None:
        if not self._drawing:
            gated.append("regate")
        regate(self, captions=captions)

    def counted_captions(self: MysticsDashboard) -> None:
        if not self._drawing:
            gated.append("captions")
        captions(self)

    monkeypatch.setattr(MysticsDashboard, "_regate_board", counted_regate)
    monkeypatch.setattr(MysticsDashboard, "_captions", counted_captions)
    d.achievement.value = "Cheesemaster"  # (its move: 1 page, as the book says)
    assert d.ach_move.value == 1 and d.ach_move.disabled
    assert gated == ["regate", "captions"]
    gated.clear()
    d.minion_pick.value = "spider"
    assert d.minion_life.value == "2" and gated == ["regate", "captions"]


# -- the visual audit: what a click did shows under it; the mice's reasons, short; the boxes' lines ----------


def test_what_a_click_did_shows_under_its_own_buttons(tmp_path: Path) -> None:
    """A result shows in the panel of the section pressed (the status, under Undo and Redo, is far above the
    party and the minions): a mouse's in its own box, the minions' under their buttons."""
    d = started(tmp_path / "m.jsonl")
    collin, maginos = d._mouse_boxes["collin"], d._mouse_boxes["maginos"]
    collin.wound.click()
    assert "Collin: +1 wound (1 wound; life 3)" in html.unescape(collin.msg.value)
    assert "companion-info" in collin.msg.value and maginos.msg.value == ""
    maginos.capture.click()  # another box: the first one's words are gone, the status follows
    assert "Maginos" in maginos.msg.value and "captured" in maginos.msg.value and collin.msg.value == ""
    d.minion_pick.value, d.minion_fig.value = "rat_warriors", 1
    d.wound_minion.click()
    assert "Rat Warriors" in d.minions_msg.value and maginos.msg.value == ""
    d.add_type.value, d.add_count.value = "spider", 1
    d.add_btn.click()
    assert "New initiative cards at the bottom: Spider" in d.add_msg.value and d.minions_msg.value == ""
    d.undo_btn.click()  # Undo's words: in the status, under it (no section's panel keeps old words)
    assert "Undone: " in d.status.value and not any(p.value for p in d.message_panels())


def test_a_click_is_said_once_under_its_button_and_the_status_keeps_the_table_state(tmp_path: Path) -> None:
    """The audit's case: +2 cheese twice, then +2 with "banana" in Rolls (it would surge): refused under the
    wheel. Each click's words show under the wheel's buttons only, never repeated in the status, which says
    whose turn it is and the round (and Undo's words: its own panel)."""
    d = started(tmp_path / "m.jsonl")
    d.cheese_rolls.value = "banana"
    d.add2.click()
    d.add2.click()
    assert "+2 cheese on the minion wheel" in d.wheel_msg.value
    assert "+2 cheese" not in d.status.value and "turn · round 1" in html.unescape(d.status.value)
    d.add2.click()  # a surge: its ambush rolls are read, and refused
    assert "bad die rolls 'banana'" in html.unescape(d.wheel_msg.value) and d.state.board.wheel == 4
    assert "+2 cheese" not in d.status.value and "banana" not in d.status.value
    assert "round 1" in d.status.value  # (whose turn: still said)
    d.cheese_rolls.value = ""
    d.add2.click()  # the next click that works is said under the wheel, the surge in its own line
    assert "Surge!" in html.unescape(d.wheel_msg.value) and "+2 cheese" in d.wheel_msg.value
    assert "+2 cheese" not in d.status.value and "Surge!" not in html.unescape(d.status.value)
    d.undo_btn.click()  # Undo's panel is the status: what it took back is said there, and only there
    assert "Undone: +2 cheese" in html.unescape(d.status.value) and d.wheel_msg.value == ""


def test_a_mouse_box_says_why_its_buttons_are_off_under_one_line(tmp_path: Path) -> None:
    """At the start every box had 5 or 6 reasons in sight (no wounds, not captured): they are collapsed under
    "Why N buttons are off", the line in sight; a captured mouse's are one reason, said once."""
    d = started(tmp_path / "m.jsonl")
    tilda = d._mouse_boxes["tilda"]
    said = html.unescape(tilda.off.value)
    extra = (*tilda.gear_buttons.values(), tilda.set_life, tilda.share, tilda.conditions["poisoned"])
    off = [x for x in tilda.kinds if x.disabled and x.layout.display != "none" and x not in extra]
    assert said.startswith("<details") and f"<summary>Why {len(off)} buttons are off</summary>" in said
    assert "Tilda has no wounds to heal" in said and "Off for now" not in said  # (the summary says it)
    maginos = d._mouse_boxes["maginos"]
    maginos.capture.click()
    said = html.unescape(maginos.off.value)
    assert said.count("is captured") == 1 and said.count("Rescue Maginos first") == 1, said
    assert "<b>Wound, Poison, Heal, Cure poison, +1 cheese, −1 cheese" in said and "Level up" in said
    assert "Maginos is already captured" in said  # (Capture's own reason, and Rescue's, stay)
    assert "so it cannot be wounded" in maginos.wound.tooltip  # (each tooltip: what the capture stops)


def test_the_wheels_panel_is_as_wide_as_its_column_can_grow(tmp_path: Path) -> None:
    """Under the wheel a refusal's panel was sized to its words (the column to its Rolls box) where the
    chapter track wraps below it: each column of the board takes the width left on its line."""
    d = started(tmp_path / "m.jsonl")
    columns = [x for x in walk(d.widget) if isinstance(x, w.VBox) and
               (d.wheel_msg in x.children or d.track_msg in x.children)]
    assert len(columns) == 2 and all(c.layout.flex == "1 1 auto" for c in columns)


def test_boxes_typed_in_beside_buttons_are_centred_on_their_line(tmp_path: Path) -> None:
    """A text or number box 40px tall had its input at the top, above the middle of the buttons beside it
    (the Achievement row, the minion's Figure box): its label and input are centred in its height."""
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    for typed in (d.achievement, d.ach_move, d.minion_fig, d.minion_life, d.add_count, d.end_move, d.end_page,
                  d.defeat_reason, box.ability, box.card, box.life, box.share_cheese):
        assert typed.layout.height == "40px" and typed.layout.align_items == "center", typed.description


def test_the_minions_on_the_board_are_said_in_words_not_the_logs_list(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.add_type.value, d.add_count.value = "spider", 3
    d.add_btn.click()
    d.minion_pick.value, d.minion_fig.value = "spider", 2
    d.wound_minion.click()
    said = html.unescape(d.minions.value)
    assert "<b>Spider</b>: 3 figures, life 2 · figure 2: 1 wound" in said, said
    assert "<b>Rat Warriors</b>: 2 figures, life 1 · none wounded" in said and "[" not in said


def walk(widget: object) -> list[object]:
    """``widget`` and every widget under it."""
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += walk(child)
    return out
