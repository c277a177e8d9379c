"""Village page audit 8 (the visual audit): messages beside their buttons, why a button is off in
words, New game first before a game, whole labels, one row per step of Order of Turn in the book's
order, a new turn's boxes blank, the deck count with its buttons, "coin flip" said once, the
notebook's short lead and the page's collapsed help, button styles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ipywidgets as w

from companion.cards import CardDB, card_from_record
from companion.views.village import NO_GAME, VillageCompanion

ROOT = Path(__file__).resolve().parents[1]


def db() -> CardDB:
    recs = [{"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 2, "source": "demo"},
            {"id": "dew", "name": "Dew", "type": "basic-mouse", "atk": 2, "def": 1, "source": "demo"}]
    return CardDB("village", [card_from_record("village", "demo", r) for r in recs])


def page(tmp_path: Path) -> VillageCompanion:
    return VillageCompanion(tmp_path / "v.jsonl", db=db())


def started(tmp_path: Path) -> VillageCompanion:
    v = page(tmp_path)
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game_button.click()
    return v


def contains(box: Any, widget: Any) -> bool:
    """Whether ``widget`` is ``box`` or somewhere inside it."""
    return box is widget or any(contains(child, widget) for child in getattr(box, "children", ()))


def slot_of(v: VillageCompanion) -> w.HTML:
    """The group's message panel the page's message shows in (every other group's is empty)."""
    panels = [s for s in all_widgets(v.widget) if "cmp-village-slot" in s._dom_classes]
    assert v.message in panels and "cmp-village-message" in v.message._dom_classes
    assert all(p.value == "" for p in panels if p is not v.message)
    return v.message


def all_widgets(box: Any) -> list[Any]:
    return [box, *(x for child in getattr(box, "children", ()) for x in all_widgets(child))]


def step_row(v: VillageCompanion, n: int) -> w.VBox:
    rows = [r for r in all_widgets(v.turn_box) if "cmp-village-step" in r._dom_classes]
    return rows[n - 1]


def off_caption(v: VillageCompanion, n: int) -> w.HTML:
    """Step ``n``'s "off for now" caption."""
    return next(c for c in step_row(v, n).children if "cmp-village-off" in c._dom_classes)


# -- 1. a message shows beside the control that caused it ----------------------------------------------

def test_a_refused_new_game_says_so_under_its_button_in_the_open_new_game(tmp_path: Path) -> None:
    v = page(tmp_path)
    v.names[0].value = "A" * 80
    v.new_game_button.click()
    assert "That did not work" in v.message.value and "name is 80 characters long" in v.message.value
    assert slot_of(v) is v.new_msg and contains(v.setup, v.message)
    setup = v.setup.children[0].children
    row = next(c for c in setup if contains(c, v.new_game_button))
    assert setup.index(v.new_msg) == setup.index(row) + 1  # the button's row, its message, its caption
    assert "cmp-village-off" in setup[setup.index(row) + 2]._dom_classes


def test_each_action_says_what_it_did_under_its_own_buttons(tmp_path: Path) -> None:
    v = started(tmp_path)
    assert slot_of(v) is v.head_msg and "Ann" in v.message.value  # New game closed: said at the turn's top
    v.buttons["draw"].click()
    assert contains(step_row(v, 1), slot_of(v)) and "Ann draws" in v.message.value
    v.flip_buttons[2].click()  # Flip for me
    assert slot_of(v) is v.flip_msg and "coin flip" in v.message.value
    v.player_boxes[1].children[1].children[1].click()  # -1 MP for Bob
    assert contains(v.player_boxes[1], slot_of(v)) and "29" in v.message.value
    v.undo_button.click()
    assert slot_of(v) is v.head_msg and "Undone" in v.message.value
    v.buttons["end_turn"].click()
    assert contains(step_row(v, 7), slot_of(v))
    v.buttons["stats"].click()  # no mouse: refused beside Card effects
    assert contains(v.effects, slot_of(v))


def test_the_message_is_about_the_latest_action_only(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    v.preview_button.click()  # says nothing in the message (the battle panel does)
    assert v.message.value == "" and contains(step_row(v, 6), slot_of(v))


# -- 2. a button that is off says why in words -----------------------------------------------------------

def test_the_second_basic_mouse_says_why_it_is_off_under_step_2(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    caption = off_caption(v, 2)
    assert v.buttons["play_basic"].disabled and "Play Basic Mouse" in caption.value
    assert "one Basic Mouse or one Mega Mouse per turn" in caption.value
    draw = off_caption(v, 1)
    assert "Draw" in draw.value and "already drawn" in draw.value
    v.undo_button.click()  # the gating refreshed: the caption follows
    assert "Play Basic Mouse" not in caption.value and "already played" not in caption.value


def test_no_game_yet_is_said_once_not_under_every_button(tmp_path: Path) -> None:
    v = page(tmp_path)
    assert v.buttons["draw"].disabled and v.preview_button.tooltip == NO_GAME
    assert "No game yet" in v.turn.value
    for row in (step_row(v, n) for n in range(1, 8)):
        assert all(c.value == "" for c in row.children if "cmp-village-off" in c._dom_classes)


def test_a_caption_follows_a_control_that_changes_the_gating(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    v.act({"event": "magic", "name": "Sun"})
    caption = off_caption(v, 5)
    assert "Play Magic card" in caption.value
    v.card_name.value = "Sun"  # (a name typed: off while the box is empty)
    v.magic_kind.value = "instant"  # an Instant Magic card, by the opponent: the toggles alone turn it on
    v.magic_player.value = "other"
    assert "Play Magic card" not in caption.value


# -- 3. New game first before a game, last once one runs ---------------------------------------------------

def test_new_game_comes_first_and_open_until_a_game_runs(tmp_path: Path) -> None:
    v = page(tmp_path)
    kids = list(v.widget.children)
    assert kids.index(v.setup) < kids.index(v.players_row) < kids.index(v.turn_box)
    assert v.setup.selected_index == 0 and "New game</b> above" in v.turn.value
    v.new_game_button.click()
    kids = list(v.widget.children)
    assert kids.index(v.players_row) < kids.index(v.turn_box) < kids.index(v.setup) == len(kids) - 1
    assert v.setup.selected_index is None
    v.undo_button.click()  # the start taken back: no game again
    assert list(v.widget.children).index(v.setup) < list(v.widget.children).index(v.turn_box)
    assert v.setup.selected_index == 0


# -- 4. to 6. whole labels ----------------------------------------------------------------------------

def test_checkboxes_show_their_whole_label(tmp_path: Path) -> None:
    v = page(tmp_path)
    for box in (v.sacrifice_allowed, v.item_opponent, v.item_extra, v.flip_attack, v.strict):
        assert box.indent is False and box.layout.width == "auto", box.description


def test_the_fruit_reading_is_labelled_with_short_options(tmp_path: Path) -> None:
    v = page(tmp_path)
    r = v.fruit_reading
    assert r.description == "An ability's Fruit:" and r.style.description_width == "initial"
    assert list(r.options) == [("stays equipped", "equipped"), ("is paid", "pay")]
    assert r.style.button_width == "auto" and "discard pile" in r.tooltips[1]


def test_atk_and_def_boxes_leave_room_for_the_digits(tmp_path: Path) -> None:
    v = page(tmp_path)
    for box in (v.mouse_atk, v.mouse_def, v.effect_atk, v.effect_def):
        assert box.style.description_width == "initial" and box.description in ("ATK", "DEF")


def test_buttons_and_toggles_size_to_their_text(tmp_path: Path) -> None:
    v = page(tmp_path)
    for b in v._all_buttons():
        assert b.layout.width == "auto" or b.layout.flex, b.description
    for t in (v.magic_kind, v.magic_player, v.item_off_to, v.flip_functions, v.first, v.fruit_reading):
        assert t.style.button_width == "auto"


# -- 7. one labelled row per step, in the book's order --------------------------------------------------

def test_one_row_per_step_in_the_books_order(tmp_path: Path) -> None:
    v = started(tmp_path)
    rows = [step_row(v, n) for n in range(1, 8)]
    assert [r.children[0] for r in rows] == v.step_labels
    for n, label in enumerate(v.step_labels, 1):
        assert f"Step {n}</b>" in label.value
    b = v.buttons
    for n, kinds in ((1, ["draw"]), (2, ["play_basic", "summon_mega"]), (3, ["fruit"]), (4, ["ability"]),
                     (5, ["item", "magic"]), (7, ["end_turn"])):
        assert all(contains(rows[n - 1], b[k]) for k in kinds)
    assert contains(rows[5], v.resolve_button) and contains(rows[5], v.assign_box)  # Step 6: the battle
    order = list(v.turn_box.children)
    assert order.index(rows[5]) < order.index(rows[6])  # End turn after the attack
    assert not any(x.description[:1].isdigit() for x in b.values()) and v.resolve_button.description[0] != "6"
    assert v.magic_kind.description == "Magic card:" and v.magic_player.description == "played by:"


# -- 8. a new turn starts blank --------------------------------------------------------------------------

def test_the_turn_passing_clears_the_previous_players_mouse(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    assert (v.target.value, v.effect_atk.value) == ("Pip #1", "1")
    v.buttons["end_turn"].click()
    assert (v.mouse_name.value, v.mouse_atk.value, v.mouse_def.value) == ("", "", "")
    assert v.target.value is None and (v.effect_atk.value, v.effect_def.value) == ("", "")
    assert "Pip #1" in v.target.options  # Ann's mouse may still be chosen (an Item for an opponent's mouse)
    assert "choose one under Selected mouse" in v.buttons["stats"].tooltip
    v.target.value = "Pip #1"
    assert v.effect_atk.value == "1" and not v.buttons["stats"].disabled


def test_an_undo_that_takes_the_selected_mouse_away_leaves_none_of_the_other_player(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()
    v.mouse_name.value = "Dew"
    v.buttons["play_basic"].click()
    assert v.target.value == "Dew #2"
    v.undo_button.click()  # Bob's Dew is gone: no mouse of Ann's is left selected
    assert v.target.value is None and v.effect_atk.value == ""
    v.redo_button.click()
    assert v.target.value == "Dew #2"


# -- 9. the deck count with its buttons --------------------------------------------------------------------

def test_the_deck_count_sits_with_its_buttons_and_the_mice_below(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.buttons["draw"].click()
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    box = v.player_boxes[0].children
    deck_row = next(c for c in box if isinstance(c, w.HBox) and v.deck_labels[0] in c.children)
    assert [c.description for c in deck_row.children[1].children] == ["deck −1", "deck +1"]  # (wrap as one)
    assert box.index(deck_row) < box.index(v.field_labels[0])
    assert "Deck: <b>52</b>" in v.deck_labels[0].value and "Pip #1" in v.field_labels[0].value
    assert "Pip" not in v.deck_labels[0].value
    assert all(c.layout.width == "100%" for c in box[1:3])  # the MP buttons fill the box
    assert all(b.layout.flex for c in box[1:3] for b in c.children)


# -- 10. a flip for no card --------------------------------------------------------------------------------

def test_a_flip_with_no_card_named_logs_no_card(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.flip_buttons[0].click()  # Heads, the box empty
    assert v.tracker.history[-1] == {"event": "flip", "functions": 1, "result": "heads"}
    assert "coin flip: heads" in v.message.value and "coin flip for" not in v.message.value
    v.flip_card.value = "  Lucky   Coin "
    v.flip_buttons[1].click()
    assert v.tracker.history[-1]["card"] == "Lucky Coin" and "coin flip for Lucky Coin" in v.message.value


# -- 11. the notebook's lead, the page's help, button styles ----------------------------------------------

def test_the_notebook_keeps_a_short_lead_and_the_page_the_rest(tmp_path: Path) -> None:
    cells = json.loads((ROOT / "notebooks" / "village.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert not any(line.startswith("#") for line in text.splitlines())  # the page's header is the title
    assert text.count(". ") + text.count("; ") <= 3 and "companion village" not in text
    v = page(tmp_path)
    assert v.widget.children[0] is v.header and v.widget.children[1] is v.help
    assert v.help.selected_index is None and v.help.get_title(0) == "How to use this page"
    said = v.help.children[0].value
    assert "companion village replay" in said and "Order of Turn" in said


def test_button_styles_follow_what_the_buttons_do(tmp_path: Path) -> None:
    v = started(tmp_path)
    styles = {b.description: b.button_style for b in v._all_buttons()}
    assert [d for d, s in styles.items() if s == "danger"] == ["Destroy selected"]
    assert [d for d, s in styles.items() if s == "success"] == ["New game"]
    assert v.new_game_button.icon == "play"
    assert (v.undo_button.icon, v.redo_button.icon) == ("undo", "repeat")
    assert styles["-1 MP"] != "danger" and styles["Declare and resolve attack"] != "danger"
