"""Session 6, Village TCG (a second exploratory test): a card's name on one line and not too long (a
mouse's name is its id), "Back to the previous game" showing that game's attack as a page opened on it
does, the "no attack" preview saying what happens to Steps 2-5, and an undo or redo of an ability not
restating the game's house reading."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import RuleError
from companion.views.village import UNDEFENDED, VillageCompanion
from companion.village.game import CARD_NAME_MAX, FRUIT_READINGS, VillageTracker, new_game

from .helpers import run_cli

DEMO = {"source": "demo"}


def db() -> CardDB:
    """Acorn Scout (Nibble, 1 Fruit), Pebble Pup (no ability) and an Item."""
    recs = [{"id": "acorn", "name": "Acorn Scout", "type": "basic-mouse", "atk": 1, "def": 1,
             "abilities": [{"name": "Nibble", "fruit_cost": 1, "text": "Look at your deck's top card."}]},
            {"id": "pup", "name": "Pebble Pup", "type": "basic-mouse", "atk": 1, "def": 1},
            {"id": "cap", "name": "Acorn Cap", "type": "item", "text": "It cannot be chosen."}]
    return CardDB("village", [card_from_record("village", "demo", {**DEMO, **r}) for r in recs])


def text(widget_html: str) -> str:
    """A panel's words, as the page shows them."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def started(path: Path, *, strict: bool = True) -> VillageCompanion:
    """A page on a new game of Ann (first) and Bob."""
    v = VillageCompanion(path, db=db())
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.first.value = 0
    v.strict.value = strict
    v.new_game()
    return v


def to_turn_two(v: VillageCompanion) -> None:
    """Ann plays Pebble Pup on turn 1; Bob draws and plays Acorn Scout (Nibble, 1 Fruit) on turn 2."""
    for name in ("Pebble Pup", "Acorn Scout"):
        v.act({"event": "draw"})
        v.mouse_name.value = name
        v.play_basic()
        if name == "Pebble Pup":
            v.act({"event": "end_turn"})


# -- 1. a card's name: one line, at most CARD_NAME_MAX characters -----------------------------------------

def test_a_new_card_name_on_several_lines_or_too_long_is_refused() -> None:
    t = VillageTracker()
    new_game(t, ("Ann", "Bob"), seed=1)
    t.do({"event": "draw"})
    for bad, why in (("My\nMouse", "must be one line"), ("M" * (CARD_NAME_MAX + 1), "is 61 characters"),
                     ("Mouse\u200b", "holds an invisible")):
        with pytest.raises(RuleError, match=f"the mouse's name {why}"):
            t.do({"event": "play_basic", "name": bad, "atk": 1, "def": 1})
    with pytest.raises(RuleError, match="the name of the card flipped for is 61"):
        t.do({"event": "flip", "card": "Q" * (CARD_NAME_MAX + 1)})
    with pytest.raises(RuleError, match="the Magic card's name must be one line"):
        t.do({"event": "magic", "name": "Midnight\tSnack"})
    assert len(t.history) == 2  # nothing of it logged
    t.do({"event": "play_basic", "name": "M" * CARD_NAME_MAX, "atk": 1, "def": 1})  # as long as it may be
    assert t.state.players[0].field[0].uid == "M" * CARD_NAME_MAX + " #1"


def test_a_long_card_name_already_logged_is_read_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    new_game(t, ("Ann", "Bob"), seed=1)
    t.do({"event": "draw"})
    with path.open("a", encoding="utf-8") as f:  # (an older version took any name)
        line = {"event": "play_basic", "name": "L" * 200, "atk": 1, "def": 1, "number": 1}
        f.write(json.dumps(line) + "\n")
    again = VillageTracker(path)
    assert not again.problems and again.state.players[0].field[0].name == "L" * 200


def test_the_page_turns_the_buttons_off_for_a_card_name_too_long(tmp_path: Path) -> None:
    v = started(tmp_path / "v.jsonl")
    v.act({"event": "draw"})
    v.mouse_name.value, v.mouse_atk.value, v.mouse_def.value = "A" * 5000, "1", "1"
    play = v.buttons["play_basic"]
    assert play.disabled and "the mouse's name is 5000 characters long" in play.tooltip
    v.mouse_name.value = "Acorn Scout"
    v.play_basic()
    v.card_name.value = "Q" * 3000
    for kind, what in (("item", "the Item's name"), ("magic", "the Magic card's name")):
        assert v.buttons[kind].disabled and f"{what} is 3000 characters long" in v.buttons[kind].tooltip
    v.flip_card.value = "F" * 100
    assert all(b.disabled for b in v.flip_buttons)
    assert "the name of the card flipped for is 100 characters long" in v.flip_buttons[0].tooltip
    v.flip_card.value = "Super Confused"
    assert not any(b.disabled for b in v.flip_buttons)


def test_the_do_command_refuses_a_card_name_on_two_lines(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    log = str(tmp_path / "g.jsonl")
    code, _out, _err = run_cli(capsys, "village", "do", log, '{"event": "start", "first": 0, "seed": 1}',
                               '{"event": "draw"}')
    assert code == 0
    code, out, err = run_cli(capsys, "village", "do", log,
                             '{"event": "play_basic", "name": "My\\nMouse", "atk": 1, "def": 1}')
    assert code == 2 and "the mouse's name must be one line" in err and "Nothing was written" in err
    code, out, _err = run_cli(capsys, "village", "replay", log)
    assert "0 mice on the field" in out


# -- 2. Back to the previous game shows that game's attack, as a page opened on it does ---------------------

def test_back_to_the_previous_game_shows_the_attack_of_its_turn(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    v = started(path)
    to_turn_two(v)
    v.refresh()
    v.assign["Acorn Scout #2"].value = UNDEFENDED
    v.resolve_button.click()
    resolved = text(v.battle_result.value)
    assert "Attack resolved" in resolved and "Ann 30 → 29 MP" in resolved
    assert text(VillageCompanion(path, db=db()).battle_result.value) == resolved  # a page opened on it
    v.new_game()
    assert v.battle_result.value == ""
    v.previous_button.click()
    assert v.state.turn == 2 and text(v.battle_result.value) == resolved


# -- 3. the "no attack" preview says what happens to the steps before Step 6 --------------------------------

def test_the_no_attack_preview_says_steps_two_to_five_end_when_the_order_is_enforced(tmp_path: Path) -> None:
    v = started(tmp_path / "v.jsonl")
    to_turn_two(v)
    v.refresh()
    assert v.preview() is None
    said = text(v.battle_result.value)
    assert "Steps 2-5 are then over for this turn" in said and "abilities stay allowed" not in said
    v.resolve_button.click()  # declares no attack: the ability (Step 4) is over, as the preview said
    assert v.buttons["ability"].disabled and "comes before the current Step 6" in v.buttons["ability"].tooltip


def test_the_no_attack_preview_says_abilities_stay_when_the_order_is_not_enforced(tmp_path: Path) -> None:
    v = started(tmp_path / "v.jsonl", strict=False)
    to_turn_two(v)
    v.act({"event": "fruit", "mouse": "Acorn Scout #2"})
    v.refresh()
    v.preview()
    assert "abilities stay allowed" in text(v.battle_result.value)
    v.resolve_button.click()
    assert v.target.value == "Acorn Scout #2" and v.cost.value == 1
    assert not v.buttons["ability"].disabled  # as the preview said
    v.use_ability()
    assert v.state.t.abilities == ("Acorn Scout #2",)


# -- 4. an undo or redo of an ability does not restate the house reading -------------------------------------

@pytest.mark.parametrize("reading", ["equipped", "pay"])
def test_undo_and_redo_of_an_ability_do_not_restate_the_house_reading(reading: str) -> None:
    t = VillageTracker()
    t.cards = db()
    new_game(t, ("Ann", "Bob"), seed=1, fruit_cost=reading)
    for event in ({"event": "draw"}, {"event": "play_basic", "name": "Acorn Scout"},
                  {"event": "fruit", "mouse": "Acorn Scout #1"},
                  {"event": "ability", "mouse": "Acorn Scout #1"}):
        t.do(event)
    assert FRUIT_READINGS[reading] in t.state.last  # said by the ability itself
    before = t.state
    t.undo()
    undone = t.undo_words(before, t.state)
    assert undone[0].startswith("Undone: Acorn Scout #1 uses") and len(undone) == 1
    before = t.state
    t.redo()
    redone = t.redo_words(before, t.state)
    assert redone[0].startswith("Redone: Acorn Scout #1 uses") and len(redone) == 1
    assert not any("house interpretation" in line for line in (*undone, *redone))
