"""The Village page from a game played in the browser (audit V3, findings 1 to 3): a card button is off
while its name box is empty; a misspelt Item or Magic card is stopped before it is played, by the rule a
mouse's name is checked by; the undo of an attack, and its Mouse Points line, say what is true."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.views.village import UNDEFENDED, VillageCompanion
from companion.village.battle import Attack, Fighter, mp_damage_line, resolve_battle
from companion.village.game import VillageTracker, check_card_name, check_mouse_name


def started(tmp_path: Path) -> VillageCompanion:
    """Ann's first turn, drawn, with her mouse Pip (ATK 4, DEF 3, typed: a mouse of her own)."""
    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    page.act({"event": "play_basic", "name": "Pip", "atk": 4, "def": 3})
    return page


def off_said(page: VillageCompanion, reason: str) -> bool:
    """Whether ``reason`` is said in words under a group of buttons (a touch screen shows no tooltip)."""
    return any(html.escape(reason) in caption.value for _widgets, caption in page._groups)


# -- finding 1: a card button is off while its name box is empty --------------------------------------

@pytest.mark.parametrize(("kind", "reason"), [
    ("magic", "type the Magic card's name first (a card of the data, or one of your own)"),
    ("item", "type the Item's name first (a card of the data, or one of your own)")])
def test_a_card_button_is_off_while_its_name_box_is_empty(tmp_path: Path, kind: str, reason: str) -> None:
    page = started(tmp_path)
    button, done = page.buttons[kind], len(page.tracker.history)
    for empty in ("", "   "):
        page.card_name.value = empty
        assert button.disabled and button.tooltip == reason and off_said(page, reason)
    button.click()  # (a tap on it anyway: nothing recorded, the turn's Magic not used up)
    assert len(page.tracker.history) == done
    page.card_name.value = "Rusty Pin"  # a name typed: on
    assert not button.disabled


# -- finding 2: a misspelt Item or Magic card is stopped before it is played -------------------------

def test_a_misspelt_item_is_off_with_the_card_it_may_mean_and_not_equipped(tmp_path: Path) -> None:
    page = started(tmp_path)
    item = page.buttons["item"]
    page.card_name.value = "Walnut Sheild"
    assert item.disabled and "did you mean 'Walnut Shield'?" in item.tooltip and off_said(page, item.tooltip)
    item.click()
    assert page.state.players[0].field[0].items == ()
    page.card_name.value = "Walnut Shield"  # the card itself: on, and equipped
    assert not item.disabled
    item.click()
    assert page.state.players[0].field[0].items == ("Walnut Shield",)


def test_a_misspelt_magic_card_is_off_and_a_name_close_to_no_card_is_ones_own(tmp_path: Path) -> None:
    page = started(tmp_path)
    magic = page.buttons["magic"]
    page.card_name.value = "Quiksand"
    assert magic.disabled and "did you mean 'Quicksand'?" in magic.tooltip
    page.card_name.value = "Pebble Storm"  # close to no card: a Magic card of the table's own, played
    assert not magic.disabled
    magic.click()
    assert "Ann plays Pebble Storm" in page.message.value and "recorded as typed" in page.message.value


def test_one_close_name_rule_for_mice_items_and_magic_cards(tmp_path: Path) -> None:
    db = VillageCompanion(tmp_path / "v.jsonl").db()
    with pytest.raises(RuleError, match=r"'Walnut Sheild' is not a card in the data: did you mean "
                                        r"'Walnut Shield'\?"):
        check_card_name(db, "Walnut Sheild", ("item",))
    check_card_name(db, "Walnut Sheild", ("magic",))  # (no Magic card is close to it)
    check_card_name(db, "Walnut Shield", ("item",))  # a card of the data
    check_card_name(db, "Rusty Pin", ("item",))  # close to no card: one's own
    with pytest.raises(RuleError, match=r"'Acron Scout' is not a card in the data: did you mean 'Acorn Sc"):
        check_mouse_name(db, "Acron Scout", None, None)
    check_mouse_name(db, "Acron Scout", 2, 1)  # a mouse of one's own: its ATK and DEF given


# -- finding 3: the Mouse Points line, and the undo of an attack -------------------------------------

def test_the_mp_damage_line_says_whose_mp_from_what_to_what() -> None:
    assert mp_damage_line(4, "Bob", 17, 13) == "Mouse Points damage 4: Bob 17 → 13 MP"
    assert mp_damage_line(4, "", 17, 13) == "Mouse Points damage 4: the defending player 17 → 13 MP"
    assert mp_damage_line(4, "Bob", None, None) == "Mouse Points damage 4"
    assert mp_damage_line(5, "Bob", 4, 0).startswith("Mouse Points damage 5: Bob 4 → 0 MP: the attacker wins")
    result = resolve_battle([Fighter("Fly", 4, 1)], [], [Attack("Fly", None)], opponent_mp=17, opponent="Bob")
    assert "Mouse Points damage 4: Bob 17 → 13 MP" in result.lines()


def to_attack(tmp_path: Path) -> VillageCompanion:
    """Ann's turn 3, drawn, Pip assigned to attack undefended (Bob has no mouse; Bob at 17 MP)."""
    page = started(tmp_path)
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.act({"event": "mp", "player": 1, "delta": -13})
    pip = page.state.players[0].field[0].uid
    page.assign[pip].value = UNDEFENDED
    return page


def test_the_preview_and_the_result_say_the_mp_line_one_way(tmp_path: Path) -> None:
    page = to_attack(tmp_path)
    assert page.state.players[1].mp == 17
    page.preview()
    assert "Mouse Points damage 4: Bob 17 → 13 MP" in page.battle_result.value
    page.resolve()
    assert page.state.players[1].mp == 13
    assert "Mouse Points damage 4: Bob 17 → 13 MP" in page.battle_result.value + page.message.value
    assert "MP left" not in page.battle_result.value + page.message.value


def test_the_undo_of_an_attack_says_one_line_with_the_mp_as_they_now_are(tmp_path: Path) -> None:
    page = to_attack(tmp_path)
    page.resolve()
    page.undo_button.click()
    said = page.message.value
    assert page.state.players[1].mp == 17
    assert "Undone: the attack on Bob (Bob back to 17 MP)" in said
    assert said.count("Undone") == 1 and "note:" not in said and "13 MP" not in said


def test_the_undo_of_an_attack_that_destroyed_mice_says_they_are_back() -> None:
    t = VillageTracker(None)
    for event in ({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0, "mp": 17},
                  {"event": "draw"}, {"event": "play_basic", "name": "Pip", "atk": 4, "def": 3},
                  {"event": "end_turn"}, {"event": "draw"},
                  {"event": "play_basic", "name": "Bo", "atk": 1, "def": 3},
                  {"event": "end_turn"}, {"event": "draw"},
                  {"event": "attack", "attacks": [{"attacker": "Pip #1", "defender": "Bo #2"}]}):
        t.do(event)
    attacked = t.state
    t.undo()
    assert t.undo_words(attacked, t.state) == [
        "Undone: the attack on Bob (Bob back to 17 MP; the mice it destroyed back on the field)"]
    drawn = t.state
    t.undo()
    assert t.undo_words(drawn, t.state) == ["Undone: Ann draws (51 left in deck)"]
