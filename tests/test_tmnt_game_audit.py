"""A TMNT game played in the browser (audit V3, findings 5-9): Correct counts names the players; after an
Attack card is flipped the 1st Block card list offers Attack cards only and the Attack 1-3 boxes are off
with why (never a red and a green verdict at once); the wording reads right; a Block Zone tap is a
correction that acts once for a double tap and says which card left; a message is said once."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion import ui
from companion.tmnt.game import Player, Zone, why_not_next
from companion.views.tmnt import NONE, GameTracker, _to_trash
from tests.test_tmnt_audit4 import CARDS, raphael_kept, to_phase


def text(value: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", value))).strip()


def cat_and_dan(tmp_path: Path) -> GameTracker:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.names[0].value, g.names[1].value = "Cat", "Dan"
    g.first.value = 0
    g.new_game.click()
    return g


# -- finding 9: Correct counts names the players ---------------------------------------------------------

def test_correct_counts_names_the_players_and_keeps_the_one_chosen(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    assert [label for label, _v in g.fix_player.options] == ["Cat", "Dan"]
    g.fix_player.value = 1
    g.fix_deck.value = 30  # typed, not applied
    g.refresh()  # a redraw (a click, another window's write)
    assert g.fix_player.value == 1 and g.fix_deck.value == 30
    g.fix_apply.click()
    assert g.state.players[1].deck == 30 and "Corrected Dan" in g.fix_msg.value


# -- finding 6: after "Flipped: Attack" -------------------------------------------------------------------

def attack_flipped(tmp_path: Path) -> GameTracker:
    g = cat_and_dan(tmp_path)
    to_phase(g, "flip")
    g.flip_buttons[1].click()  # Flipped: Attack
    g.next.click()
    return g


def test_after_an_attack_card_is_flipped_only_attack_cards_are_offered(tmp_path: Path) -> None:
    g = attack_flipped(tmp_path)
    offered = [v for _label, v in g.builder.character.pick.options]
    assert offered[:2] == ["pick", "custom"] and set(offered[2:]) == {"gust", "vine"}
    g.builder.character.pick.value = "gust"
    assert g.builder.mismatch.value == "" and g.builder.verdict is not None and g.builder.verdict.is_legal
    assert not g.record.disabled
    g.record.click()
    assert g.state.attack is not None


def test_the_attack_boxes_of_a_skipped_attack_step_are_off_with_the_reason(tmp_path: Path) -> None:
    g = attack_flipped(tmp_path)
    for slot in g.builder.attacks:
        assert slot.pick.disabled and slot.pick.value == NONE
        assert "the Attack Step is skipped" in slot.pick.tooltip
    said = text(g.builder.attacks_off.value)
    assert "Attack 1-3 are off" in said and "Attack Step is skipped" in said
    assert "tmnt-tcg.txt, Attack Phase (1) Attack Step" in said


def test_the_attack_boxes_are_on_after_a_character_is_flipped(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    to_phase(g, "flip")
    g.flip_buttons[0].click()
    g.next.click()
    assert g.builder.attacks_off.value == "" and not any(s.pick.disabled for s in g.builder.attacks)
    assert [v for _label, v in g.builder.character.pick.options][2:] == ["leo", "raph"]


def test_a_card_not_on_the_first_block_zone_shows_no_green_verdict_beside_the_red(tmp_path: Path) -> None:
    g = raphael_kept(tmp_path)
    g.builder.character.pick.value = "leo"  # Raphael is the card named there
    assert "Not the card on the 1st Block Zone" in g.builder.mismatch.value
    assert g.builder.result.value == "" and g.record.disabled
    g.builder.character.pick.value = "raph"
    assert g.builder.mismatch.value == "" and "Legal" in g.builder.result.value


# -- finding 8: wording -----------------------------------------------------------------------------------

def test_the_attack_must_be_made_reads_right(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    to_phase(g, "flip")
    g.flip_buttons[0].click()
    g.next.click()
    refused = why_not_next(g.state)
    assert refused is not None and "is allowed" not in (refused.suggestion or "")
    assert "an attack with no Attack cards may be recorded" in (refused.suggestion or "")


@pytest.mark.parametrize(("ups", "attack_zone", "verb"), [
    (1, 0, "goes"), (2, 0, "go"), (0, 1, "goes"), (0, 2, "go"), (1, 1, "go")])
def test_what_goes_to_the_trash_agrees_with_its_number(ups: int, attack_zone: int, verb: str) -> None:
    zones = tuple(Zone("up" if i < ups else "down") for i in range(4))
    said = _to_trash(Player("Cat", zones=zones), attack_zone)
    assert f" {verb} to the Trash" in said


def test_the_card_lists_are_wide_enough_for_a_long_name(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    for slot in (g.builder.character, *g.builder.attacks, g.builder.counter):
        assert int(slot.pick.layout.width.removesuffix("px")) >= 520 and slot.pick.layout.max_width == "100%"


# -- finding 5: a Block Zone tap is a correction ---------------------------------------------------------

def test_a_double_tap_on_a_block_zone_moves_it_on_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    g = cat_and_dan(tmp_path)
    now = [1000.0]
    monkeypatch.setattr(ui, "monotonic", lambda: now[0])
    zone = g.zones[0][3]
    assert isinstance(zone, ui.ActionButton)
    zone._handle_button_msg(zone, {"event": "click"}, [])
    now[0] += 0.01  # the second tap of a double tap
    zone._handle_button_msg(zone, {"event": "click"}, [])
    assert g.state.players[0].zones[3].face == "up"  # down → up, once
    now[0] += 1.0  # a tap meant
    zone._handle_button_msg(zone, {"event": "click"}, [])
    assert g.state.players[0].zones[3].face == "empty"


def test_a_tap_that_empties_a_named_card_says_which_card_left(tmp_path: Path) -> None:
    g = raphael_kept(tmp_path)
    before = g.state.players[0]
    g.zones[0][0].click()  # Raphael's zone, face-up: empty next
    after = g.state.players[0]
    assert after.zones[0].face == "empty"
    assert (after.hand, after.deck, after.trash) == (before.hand, before.deck, before.trash)
    said = text(g.zone_msg.value)
    assert "Raphael left Ann's 1st Block Zone" in said and "the counts are not changed" in said
    assert "Correct counts" in said
    assert "Corrected Ann" not in text(g.status.value)  # said once, under the board


def test_a_tap_that_does_not_empty_a_zone_says_only_the_correction(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    g.zones[1][2].click()  # face-down → face-up
    said = text(g.zone_msg.value)
    assert "Corrected Dan" in said and "left" not in said


# -- finding 7: a message once ----------------------------------------------------------------------------

def test_the_flip_phase_asks_once(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    to_phase(g, "flip")
    page = " ".join(text(x) for x in (g.status.value, g.next_off.value, g.actions_off.value,
                                      *(getattr(c, "value", "") for c in g.actions.children)))
    assert page.count("turn over the 1st Block card") == 1
    assert "Flip Phase" in text(g.status.value)


def test_the_adjust_phase_draw_is_said_in_its_box_only(tmp_path: Path) -> None:
    g = cat_and_dan(tmp_path)
    to_phase(g, "flip")
    g.flip_buttons[2].click()  # an Item: no attack
    g.next.click()
    g.next.click()  # Dan's turn 2: the Adjust Phase
    assert g.state.phase == "adjust"
    assert "draw 1 +" in text(g.adjust.value) and "draw 1 +" not in text(g.status.value)
    assert "Adjust Phase" in text(g.status.value)
