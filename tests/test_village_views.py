"""The Village TCG notebook view: buttons drive the tracker; it autosaves and resumes."""

from __future__ import annotations

from pathlib import Path

from companion.cards import CardDB, card_from_record
from companion.views.village import VillageCompanion, checklist_html


def db() -> CardDB:
    recs = [{"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 2, "source": "demo"},
            {"id": "big", "name": "Big Pip", "type": "mega-mouse", "atk": 5, "def": 4, "source": "demo"}]
    return CardDB("village", [card_from_record("village", "demo", r) for r in recs])


def started(tmp_path: Path) -> VillageCompanion:
    v = VillageCompanion(tmp_path / "v.jsonl", db=db())
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game()
    return v


def test_no_game_yet_then_new_game(tmp_path: Path) -> None:
    v = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert "No game yet" in v.turn.value and v.undo_button.disabled
    v.names[0].value = "Ann"
    v.new_game()
    assert "Ann" in v.turn.value and "30 MP" in v.mp_labels[0].value
    assert "Deck: <b>53</b>" in v.deck_labels[0].value


def test_mp_buttons_and_undo(tmp_path: Path) -> None:
    v = started(tmp_path)
    minus_five = v.player_boxes[1].children[1].children[0]
    minus_five.click()
    assert v.state.players[1].mp == 25 and "25 MP" in v.mp_labels[1].value
    v.undo_button.click()
    assert v.state.players[1].mp == 30 and not v.redo_button.disabled


def test_turn_buttons_enforce_rules_and_show_reasons(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    assert v.buttons["draw"].disabled and "already drawn" in v.buttons["draw"].tooltip
    v.mouse_name.value = "Pip"
    assert (v.mouse_atk.value, v.mouse_def.value) == (1, 2)  # filled from the card data
    v.buttons["play_basic"].click()
    assert v.buttons["play_basic"].disabled
    assert v.buttons["summon_mega"].disabled
    assert "one Basic Mouse or one Mega Mouse per turn" in v.buttons["summon_mega"].tooltip
    assert "Step 1" in v.checklist.value and "✔" in v.checklist.value


def test_battle_resolver_preview_and_resolve(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.mouse_name.value = "Pip"
    v.play_basic()
    v.act({"event": "end_turn"})
    v.act({"event": "end_turn"})
    [uid] = list(v.assign)
    v.assign[uid].value = "undefended (to Mouse Points)"
    result = v.preview()
    assert result.is_legal and "house interpretation" in v.battle_result.value
    v.resolve()
    assert v.state.players[1].mp == 29 and "Attack resolved" in v.battle_result.value


def test_mega_card_cannot_be_played_as_basic(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.mouse_name.value = "Big Pip"
    v.buttons["play_basic"].click()
    assert "is a Mega Mouse" in v.message.value and v.state.players[0].field == ()


def test_resume_after_restart_and_new_game_keeps_old_log(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "mp", "player": 0, "delta": -3})
    again = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert again.state.players[0].mp == 27 and "Ann" in again.mp_labels[0].value
    again.new_game()
    assert again.state.players[0].mp == 30 and (tmp_path / "v-1.jsonl").exists()


def test_coin_flip_buttons(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.flip_card.value, v.flip_functions.value = "Super Confused", 2
    v.flip("heads")
    v.flip_card.value, v.flip_functions.value = "Quicksand", 1
    v.flip_buttons[2].click()  # "Flip for me": refused, shown in the message panel
    assert "goes before" in v.message.value and len(v.state.t.flips) == 1


def test_checklist_html_cites_the_book(tmp_path: Path) -> None:
    v = started(tmp_path)
    assert "village-tcg.txt, Order of Turn" in checklist_html(v.state)
    assert "no attack on the first turn" in checklist_html(v.state)


def test_redraw_buttons_only_at_the_very_start(tmp_path: Path) -> None:
    v = started(tmp_path)
    assert [b.layout.display for b in v.redraw_buttons] == [None, None]
    v.redraw_buttons[1].click()
    assert v.state.players[1].redrawn and v.redraw_buttons[1].layout.display == "none"
    v.buttons["draw"].click()
    assert v.redraw_buttons[0].layout.display == "none"
