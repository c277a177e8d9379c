"""A Mice and Mystics chapter played on the page (audit V2, the rest): a name typed close to a known one is
asked about before it is recorded; party items are shown apart from a mouse's pack; a sentence is said
once on a screen."""

from __future__ import annotations

import html
import re
from pathlib import Path

from companion.views.mystics import MysticsDashboard, mouse_html
from tests.test_mystics_helpers import spider_surge, started


def extra(d: MysticsDashboard, mid: str) -> str:
    """What the mouse's pack controls said last."""
    return html.unescape(d._mouse_boxes[mid].extra_msg.value)


# -- 6: a name typed close to a known one is asked about, not recorded as typed -----------------------------

def test_an_achievement_close_to_a_known_one_is_refused_before_it_is_recorded(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.achievement.value = "Cheesmaster"
    assert d.ach_btn.disabled
    assert "Did you mean 'Cheesemaster'?" in html.unescape(d.ach_btn.tooltip)
    d.ach_btn.click()
    assert d.state.board.achievements == ()
    d.achievement.value = "Cheesemaster"
    assert not d.ach_btn.disabled
    d.achievement.value = "Found the secret door"  # (close to none: the table's own, recorded as typed)
    assert d._achievement_off() is None


def test_a_card_close_to_one_of_the_data_is_asked_about_then_taken_as_typed(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    box.card.value = "Dager"
    box.gear_buttons["gain"].click()
    assert not any(g.name == "Dager" for g in d.state.mouse("collin").gear)
    said = extra(d, "collin")
    assert "Did you mean 'Dagger'?" in said and "Press “To pack” again to add 'Dager' as typed" in said
    box.gear_buttons["gain"].click()
    assert any(g.name == "Dager" for g in d.state.mouse("collin").gear)


def test_a_changed_name_or_another_action_asks_again(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    box.card.value = "Dager"
    box.gear_buttons["gain"].click()
    d.add1.click()  # another action done: the next tap asks again
    box.gear_buttons["gain"].click()
    assert not any(g.name == "Dager" for g in d.state.mouse("collin").gear)
    box.card.value = "Dagr"  # another name: asked about itself
    box.gear_buttons["gain"].click()
    assert not any(g.name == "Dagr" for g in d.state.mouse("collin").gear)


def test_a_card_of_the_data_typed_in_any_case_is_recorded_as_the_card_spells_it(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    box.card.value = "dinner fork"
    box.gear_buttons["gain"].click()
    assert [g.name for g in d.state.mouse("collin").gear if g.party] == ["Dinner Fork"]
    box.card.value = "Whistle of Wonders"  # (close to no card: a card of the table's own, at once)
    box.gear_buttons["gain"].click()
    assert any(g.name == "Whistle of Wonders" for g in d.state.mouse("collin").gear)


# -- 8: a pack line holds the mouse's own cards; party items are shown apart, shared ------------------------

def test_party_items_are_shown_by_the_board_not_in_the_pack_that_drew_them(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    for card in ("Dinner Fork", "Grape", "Shifting Cloak"):
        box.card.value = card
        box.gear_buttons["gain"].click()
    line = html.unescape(mouse_html(d.state, "collin", d.tracker.card_name))
    pack = line.split("pack ", 1)[1]
    assert pack.startswith("1/3: Shifting Cloak")
    assert "Dinner Fork" not in line and "Grape" not in line and "party item" not in line
    note = html.unescape(d.party_note.value)
    assert "Party items, by the story control board, shared" in note
    assert "Dinner Fork (drawn by Collin), Grape (drawn by Collin)" in note


def test_a_name_only_inside_a_cards_name_is_no_typo(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    box.card.value = "Bow"  # (not spelt like Accurate Bow: a card of the table's own, at once)
    box.gear_buttons["gain"].click()
    assert any(g.name == "Bow" for g in d.state.mouse("collin").gear), extra(d, "collin")


# -- 3: a sentence is said once on a screen ------------------------------------------------------------------

def text(value: str) -> str:
    """A panel's words, without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def lose_by_the_end_marker(path: Path) -> MysticsDashboard:
    """The chapter lost by a move of the chapter end marker behind the hourglass (confirmed)."""
    d = started(path)
    d.do({"event": "hourglass", "move": 2})
    d.end_move.value = -4
    d.end_move_btn.click()
    d.end_move_btn.click()
    assert d.state.board.defeated
    return d


def test_a_defeat_is_said_once_under_the_button_that_lost_it(tmp_path: Path) -> None:
    d = lose_by_the_end_marker(tmp_path / "m.jsonl")
    sentence = "behind the hourglass (page 3): the hourglass has reached it"
    places = {name: text(getattr(d, name).value)
              for name in ("status", "hourglass", "chapter_off", "chapter_msg")}
    assert [name for name, said in places.items() if sentence in said] == ["chapter_msg"]
    assert "Chapter lost" in places["status"] and "Chapter lost" in places["hourglass"]
    assert d.victory_btn.disabled and sentence in d.victory_btn.tooltip  # (its tooltip still says why)


def test_a_defeat_no_panel_shows_is_said_in_the_status(tmp_path: Path) -> None:
    d = lose_by_the_end_marker(tmp_path / "m.jsonl")
    sentence = "behind the hourglass (page 3): the hourglass has reached it"
    d.add1.click()  # refused (the chapter is over): the end marker's panel is cleared
    assert sentence not in text(d.chapter_msg.value)
    assert sentence in text(d.status.value)
    again = MysticsDashboard(tmp_path / "m.jsonl")  # (a reload: no panel says it)
    assert sentence in text(again.status.value) and sentence not in text(again.hourglass.value)


def test_a_surge_is_said_once_under_the_button_that_caused_it(tmp_path: Path) -> None:
    d = spider_surge(tmp_path / "m.jsonl")
    assert d.state.alert is not None
    alert, wheel = text(d.surge_alert.value), text(d.wheel_msg.value)
    assert "SURGE! Resolve it before play goes on" in alert and "under the button pressed" in alert
    assert wheel.count("Surge!") == 1 and "Surge!" not in alert
    d.undo_btn.click()
    d.redo_btn.click()  # (said in the status's panel, whose surge line the status leaves to the red panel)
    assert "Surge!" in text(d.surge_alert.value) and "Surge!" not in text(d.status.value)
