"""Mice and Mystics page: a button the rules would refuse is off before the click, with the tracker's reason
(the fuzz's findings: the pack buttons, Level up, Share, Start chapter, Add minions, the chapter end marker,
an ambush's rolls); where a predicate was extracted, the tracker's refusal is the predicate's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError
from companion.mystics import limits as lim
from companion.mystics.tracker import (
    end_marker_move_refusal,
    why_not_discard,
    why_not_equip,
    why_not_gain,
    why_not_level_up,
    why_not_unequip,
)
from companion.views.mystics import MouseBox, MysticsDashboard, page_words
from tests.test_mystics_helpers import DIE, dash, face, started


def _refused(d: MysticsDashboard, event: dict[str, Any]) -> str:
    """The tracker's refusal of ``event``, rendered."""
    with pytest.raises(CompanionError) as exc:
        d.tracker.do(event)
    return exc.value.render()


def _box(d: MysticsDashboard, mid: str, card: str = "") -> MouseBox:
    """The mouse's box, drawn again as the log holds it, ``card`` typed in its Card box."""
    d.refresh()
    box = d._mouse_boxes[mid]
    box.card.value = card
    return box


def _turn_of(d: MysticsDashboard, mid: str) -> None:
    d.tracker.do({"event": "set_turn", "card": mid})
    d.refresh()


def test_discard_and_unequip_of_a_card_the_mouse_lacks_are_off(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = _box(d, "maginos", "Levitate Scroll")
    refused = why_not_discard(d.tracker, d.state, "maginos", "Levitate Scroll")
    assert refused is not None and "has no card 'Levitate Scroll'" in refused.message
    d.tracker.do({"event": "gain", "mouse": "maginos", "card": "Staff"})  # (a card: Discard is on for it)
    box = _box(d, "maginos", "Levitate Scroll")
    button = box.gear_buttons["discard"]
    assert button.disabled and "has no card 'Levitate Scroll'" in button.tooltip
    assert _refused(d, {"event": "discard", "mouse": "maginos", "card": "Levitate Scroll"}) == \
        why_not_discard(d.tracker, d.state, "maginos", "Levitate Scroll").render()  # type: ignore[union-attr]
    _turn_of(d, "tilda")
    d.tracker.do({"event": "equip", "mouse": "tilda", "card": "Tilda's Mace", "slot": "paw"})
    box = _box(d, "tilda", "Grape")
    unequip = box.gear_buttons["unequip"]
    assert unequip.disabled and "Tilda has no card 'Grape'" in unequip.tooltip
    box.card.value = "Tilda's Mace"
    assert not unequip.disabled, unequip.tooltip


def test_unequip_of_a_pack_card_is_off_with_the_trackers_refusal(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    _turn_of(d, "collin")
    d.tracker.do({"event": "gain", "mouse": "collin", "card": "Grape"})
    box = _box(d, "collin", "Grape")
    refused = why_not_unequip(d.tracker, d.state, "collin", "Grape")
    assert refused is not None and "already in Collin's pack" in refused.message
    assert box.gear_buttons["unequip"].disabled
    assert box.gear_buttons["unequip"].tooltip == page_words(refused.render())
    assert _refused(d, {"event": "unequip", "mouse": "collin", "card": "Grape"}) == refused.render()


@pytest.mark.parametrize(("mid", "card", "slot", "words"), [
    ("collin", "Chain Mail", "armor", "already has 'Leather Breastplate' in the armor slot"),
    ("tilda", "Dagger", "tail", "Tilda has no Prehensile Tail"),
    ("maginos", "Accurate Bow", "paw", "Maginos cannot equip 'Accurate Bow': it requires class"),
    ("collin", "Levitate Scroll", "paw2", "Collin has 1 free paw;"),
])
def test_equip_the_rules_refuse_is_off(tmp_path: Path, mid: str, card: str, slot: str, words: str) -> None:
    d = started(tmp_path / "m.jsonl")
    d.tracker.do({"event": "gain", "mouse": mid, "card": card})
    _turn_of(d, mid)
    box = _box(d, mid, card)
    box.slot.value = slot
    paws = 2 if slot == "paw2" else 1
    refused = why_not_equip(d.tracker, d.state, mid, card, "paw" if slot == "paw2" else slot, paws)
    assert refused is not None and words in refused.message
    equip = box.gear_buttons["equip"]
    assert equip.disabled and equip.tooltip == page_words(refused.render())
    assert _refused(d, box._equip()) == refused.render()


def test_equip_of_a_trick_is_off(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    # (a card the data does not hold: the trick box decides; the data's Dagger is a weapon, no trick)
    d.tracker.do({"event": "gain", "mouse": "tilda", "card": "Smoke Bomb", "trick": True})
    _turn_of(d, "tilda")
    box = _box(d, "tilda", "Smoke Bomb")
    assert box.gear_buttons["equip"].disabled and "is a trick" in box.gear_buttons["equip"].tooltip
    assert "is a trick" in _refused(d, box._equip())


def test_to_pack_over_the_limit_is_off_in_the_pages_words(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for card in ("Levitate Scroll", "Staff", "Chain Mail"):
        d.tracker.do({"event": "gain", "mouse": "maginos", "card": card})
    box = _box(d, "maginos", "Accurate Bow")
    refused = why_not_gain(d.tracker, d.state, "maginos", "Accurate Bow")
    assert refused is not None and "the limit is 3" in refused.message
    button = box.gear_buttons["gain"]
    assert button.disabled and "press Discard first" in button.tooltip and "the limit is 3" in button.tooltip
    assert _refused(d, box._gain()) == refused.render()
    box.card.value = "Smoke Bomb"  # (a card the data does not hold: a trick as the box says)
    box.trick.value = True  # (a trick takes no room: the button follows the tick)
    assert not button.disabled, button.tooltip


def test_level_up_with_another_class_ability_is_off(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.tracker.do({"event": "mouse_cheese", "mouse": "tilda", "count": 6})
    _turn_of(d, "tilda")
    box = _box(d, "tilda")
    box.ability.value = "Knife Strike"
    refused = why_not_level_up(d.tracker, d.state, "tilda", "Knife Strike")
    assert refused is not None and "needs class scamp" in refused.message
    assert box.level.disabled and box.level.tooltip == page_words(refused.render())
    assert _refused(d, box._level_up()) == refused.render()


def test_share_of_a_party_item_asks_no_discard_and_gives_no_more_cheese_than_held(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for card in ("Levitate Scroll", "Staff", "Chain Mail"):
        d.tracker.do({"event": "gain", "mouse": "collin", "card": card})
    d.tracker.do({"event": "gain", "mouse": "maginos", "card": "Grape"})
    d.tracker.do({"event": "mouse_cheese", "mouse": "maginos", "count": 1})
    _turn_of(d, "maginos")
    box = _box(d, "maginos")
    box.share_to.value = "collin"
    box.share_card.value = "Grape"
    assert box.share_discard.layout.display == "none"  # (a party item takes no room in any pack)
    assert not box.share.disabled, box.share.tooltip
    box.share_cheese.value = 43
    assert box.share_cheese.value == 1  # (the box holds no more than Maginos has)
    box.share.click()
    assert any(g.name == "Grape" for g in d.state.mouse("collin").gear), box.extra_msg.value


def test_start_chapter_is_off_without_mice_or_with_a_mouse_the_chapter_excludes(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl", heroes=None)  # (the bundled heroes: Lily among them)
    d.mice_pick.value = ()
    assert d.start_btn.disabled and "choose the mice of the party first" in d.start_off.value
    d.chapter_no.value = 1
    d.mice_pick.value = ("collin", "lily")
    assert d.start_btn.disabled and "excludes Lily" in d.start_btn.tooltip
    d.mice_pick.value = ("collin", "filch")
    assert not d.start_btn.disabled, d.start_btn.tooltip


def test_add_minions_figures_box_holds_what_fits(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")  # (2 rat warriors on the board)
    d.add_type.value = "rat_warriors"
    assert d.add_count.max == lim.MAX_FIGURES - 2
    d.add_count.value = 30
    assert d.add_count.value == lim.MAX_FIGURES - 2
    d.add_btn.click()
    assert len(d.state.minions[0].figures) == lim.MAX_FIGURES
    d.add_type.value = "rat_warriors"
    assert d.add_btn.disabled and f"at most {lim.MAX_FIGURES}" in d.add_btn.tooltip


def test_end_marker_past_the_tracks_end_is_off_in_the_pages_words(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.tracker.do({"event": "chapter_end", "page": 28})
    d.refresh()
    d.end_move.value = 5
    refused = end_marker_move_refusal(d.state, 5)
    assert refused is not None and "the chapter track ends on page 30" in refused.message
    assert d.end_move_btn.disabled and "Put end marker on page" in d.end_move_btn.tooltip
    assert '{"event"' not in d.end_move_btn.tooltip
    assert '{"event"' in refused.render()  # (the command line's words kept)
    assert _refused(d, {"event": "chapter_end", "move": 5}) == refused.render()
    d.end_move.value = 2
    assert not d.end_move_btn.disabled
    d.tracker.do({"event": "chapter_end", "page": 30})
    d.refresh()
    d.achievement.value = "Cheesemaster"  # (an individual achievement: it moves the marker)
    assert d.ach_btn.disabled and "ends on page 30" in d.ach_btn.tooltip
    assert '{"event"' not in d.ach_btn.tooltip
    # (the achievement's refusal is the page's check, word for word, as the chapter_end move's is)
    moved = end_marker_move_refusal(d.state, 1)
    assert moved is not None
    assert _refused(d, {"event": "achievement", "name": "Cheesemaster"}) == moved.render()


def test_an_ambush_the_die_cannot_roll_waits_for_the_rolls_typed(tmp_path: Path) -> None:
    blank = tuple(face(f.id, f.symbols, None) for f in DIE)  # (as the bundled die: no movement numbers)
    d = started(tmp_path / "m.jsonl", die=blank)
    d.add_type.value = "spider"
    d.add_ambush.value = True
    assert d.add_btn.disabled and "Rolls box: no die rolls typed in, 2 needed" in d.add_btn.tooltip
    d.add_rolls.value = "1 2"
    assert not d.add_btn.disabled, d.add_btn.tooltip
    d.enc_ambush.value = True
    assert d.enc_btn.disabled and "Rolls box: no die rolls typed in, 1 needed" in d.enc_btn.tooltip
    d.enc_rolls.value = "2"
    assert not d.enc_btn.disabled
