"""The TMNT page, exploratory test 11: with no Attack card placed the Counter Step is skipped (tmnt-tcg.txt,
Attack Phase (2) Counter Step), so the Counter box is off and says why, as Attack 1-3 are when the Attack
Step is skipped; it stayed on, and a Counter chosen there only made the attack illegal and Record off."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.test_tmnt_views import at_first_attack


def _text(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def test_the_counter_box_is_off_until_an_attack_card_is_placed(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    b = g.builder
    b.character.pick.value = "hero"  # a Character flipped, no Attack card chosen
    assert b.counter.pick.disabled and b.counter.pick.value == "none"
    said = _text(b.counter_off.value)
    assert "the Counter Step is skipped" in said and "Attack Phase (2) Counter Step" in said
    assert "Counter Step" in b.counter.pick.tooltip
    b.attacks[0].pick.value = "kick"  # an Attack card placed: the defender may Counter
    assert not b.counter.pick.disabled and b.counter_off.value == ""
    b.counter.pick.value = "parry"
    assert b.verdict is not None and b.verdict.is_legal and b.verdict.extra["counter_power"] == 1
    b.attacks[0].pick.value = "none"  # the Attack card taken back: the Counter goes with it, said
    assert b.counter.pick.disabled and b.counter.pick.value == "none"
    assert b.verdict is not None and b.verdict.is_legal


def test_the_forward_step_notes_say_one_card_and_plurals_in_words() -> None:
    from companion.tmnt.attack import BattleCard, resolve_attack

    one = resolve_attack(BattleCard("character", "wind", 1), [], None, blocks=4)
    said = " ".join(n.message for n in one.notes)
    assert "flips Block card 1 from the 1st (1 card)" in said and "1–1" not in said and "(s)" not in said
    many = resolve_attack(BattleCard("character", "wind", 3), [BattleCard("attack", "fire", 4)],
                          None, blocks=2)
    said = " ".join(n.message for n in many.notes)
    assert "flips Block cards 1–2 from the 1st (2 cards)" in said
    assert "damage beyond the 2 Block cards: the defender sends 5 cards from Deck to Trash" in said


def test_an_undo_in_the_item_phase_says_the_phase_once(tmp_path: Path) -> None:
    from tests.test_tmnt_print_tidy import tracker_at

    g = tracker_at(tmp_path, "item")
    g.play_item.click()
    g.undo.click()
    said = _text(g.status.value)
    assert said.startswith("Undone: ") and "4 Item Phase (tmnt-tcg.txt, Item Phase): " in said
    assert "): Item Phase: " not in said and said.endswith("(discard 1 card of its Attribute).")  # said once
