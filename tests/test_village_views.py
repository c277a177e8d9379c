"""The Village TCG notebook view: buttons drive the tracker; it autosaves and resumes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import CompanionError, LogError, RuleError
from companion.views.village import UNDEFENDED, VillageCompanion


def db() -> CardDB:
    recs = [{"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 2, "source": "demo"},
            {"id": "big", "name": "Big Pip", "type": "mega-mouse", "atk": 5, "def": 4, "source": "demo",
             "abilities": [{"name": "Stomp", "fruit_cost": 1, "text": "."},
                           {"name": "Roar", "fruit_cost": 2, "text": "."}]},
            {"id": "dew", "name": "Dew", "type": "basic-mouse", "atk": 2, "def": 1, "source": "demo",
             "abilities": [{"name": "Early Warning", "fruit_cost": 3, "text": "."}]}]
    return CardDB("village", [card_from_record("village", "demo", r) for r in recs])


def draw_and_play(v: VillageCompanion, name: str) -> None:
    """The turn player draws, then plays the Basic Mouse ``name`` from the page."""
    v.act({"event": "draw"})
    v.mouse_name.value = name
    v.play_basic()


def to_turn_three(v: VillageCompanion, name: str = "Pip") -> str:
    """Ann plays ``name`` on turn 1; Bob plays Pip on turn 2; back to Ann (drawn). Ann's mouse id."""
    v.act({"event": "draw"})
    v.mouse_name.value = name
    v.play_basic()
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.mouse_name.value = "Pip"
    v.play_basic()
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    return v.state.players[0].field[0].uid


def started(tmp_path: Path) -> VillageCompanion:
    v = VillageCompanion(tmp_path / "v.jsonl", db=db())
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game()
    return v


def test_no_game_yet_then_new_game(tmp_path: Path) -> None:
    v = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert "No game yet" in v.turn.value and v.undo_button.disabled
    assert "— MP" in v.mp_labels[0].value and v.deck_labels[0].value == ""  # no game: no counts
    on = [b for b in v._all_buttons() if not b.disabled]  # and nothing to do but start one
    assert set(map(id, on)) <= {id(v.undo_button), id(v.redo_button), id(v.new_game_button)}
    minus_five = v.player_boxes[0].children[1].children[0]
    assert v.buttons["draw"].disabled and minus_five.disabled and "no game yet" in minus_five.tooltip
    v.names[0].value = "Ann"
    v.new_game()
    assert "Ann" in v.turn.value and "30 MP" in v.mp_labels[0].value
    assert "Deck: <b>53</b>" in v.deck_labels[0].value
    assert not minus_five.disabled and not v.buttons["draw"].disabled  # on again once a game is on


def test_after_game_over_only_undo_redo_corrections_and_a_new_game_are_on(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "mp", "player": 1, "delta": -30})
    assert v.state.over
    on = [b for b in v._all_buttons() if not b.disabled]
    assert set(map(id, on)) <= {id(v.undo_button), id(v.redo_button), id(v.new_game_button),
                                *map(id, v.correction_buttons)}  # MP and deck corrections (TMNT's too)
    assert v.buttons["draw"].disabled and "the game is over" in v.buttons["draw"].tooltip
    v.undo_button.click()
    assert not v.state.over and not v.buttons["draw"].disabled
    assert not v.player_boxes[0].children[1].children[0].disabled  # the MP buttons too


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
    assert (v.mouse_atk.value, v.mouse_def.value) == ("1", "2")  # filled from the card data
    v.buttons["play_basic"].click()
    assert v.buttons["play_basic"].disabled
    assert v.buttons["summon_mega"].disabled
    assert "one Basic Mouse or one Mega Mouse per turn" in v.buttons["summon_mega"].tooltip
    assert "Step 1" in v.step_labels[0].value and "✔" in v.step_labels[0].value  # each step heads its row


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
    v.act({"event": "end_turn"})  # the next turn's panel starts empty, not with the last attack
    assert v.battle_result.value == ""
    v.undo_button.click()  # back in the attack's turn: it shows again
    assert "Attack resolved" in v.battle_result.value


def test_the_selected_mouse_follows_the_turn_player_unless_one_was_picked(tmp_path: Path) -> None:
    v = started(tmp_path)
    draw_and_play(v, "Pip")
    ann = v.target.value
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    assert v.target.value is None  # Bob has no mouse yet: none is left over from Ann
    v.mouse_name.value = "Dew"
    v.play_basic()  # Bob's new mouse is chosen, not Ann's kept from before
    bob = v.target.value
    assert bob != ann and v.state.mouse(bob)[0] == 1
    v.target.value = ann  # picked by hand (an Item for an opponent's mouse): it stays
    v.act({"event": "step", "to": 3})
    assert v.target.value == ann


def test_an_action_on_no_mouse_is_off_and_says_to_play_one(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    assert v.target.value is None and v.buttons["fruit"].disabled
    assert v.buttons["fruit"].tooltip.startswith("Ann has no mouse on the field: play one first")


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


def test_a_new_game_over_a_log_holding_only_its_first_line_keeps_no_empty_old_log(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    log.write_text('{"event": "log", "tracker": "village"}\n')  # a crash right after a new log began
    v = VillageCompanion(log, db=db())
    v.new_game()
    assert v.state.started and not (tmp_path / "v-1.jsonl").exists()
    assert [json.loads(line)["event"] for line in log.read_text().splitlines()] == ["log", "start"]


def test_coin_flip_buttons(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.flip_card.value, v.flip_functions.value = "Super Confused", 2
    v.flip("heads")
    v.flip_card.value, v.flip_functions.value = "Quicksand", 1
    v.flip_buttons[2].click()  # "Flip for me": refused, shown in the message panel
    assert "goes before" in v.message.value and len(v.state.t.flips) == 1


def test_the_turns_steps_cite_the_book(tmp_path: Path) -> None:
    v = started(tmp_path)  # the first turn: each step's row is headed by its line, the turn line cites them
    assert "village-tcg.txt, Order of Turn" in v.turn.value
    assert [f"<b>Step {n}</b>" in label.value for n, label in enumerate(v.step_labels, 1)] == [True] * 7
    assert "no attack on the first turn" in v.step_labels[5].value and "✖" in v.step_labels[5].value


def test_redraw_buttons_only_at_the_very_start(tmp_path: Path) -> None:
    v = started(tmp_path)
    assert [b.layout.display for b in v.redraw_buttons] == [None, None]
    v.redraw_buttons[1].click()
    assert v.state.players[1].redrawn and v.redraw_buttons[1].layout.display == "none"
    v.buttons["draw"].click()
    assert v.redraw_buttons[0].layout.display == "none"


def test_each_new_game_gets_a_fresh_seed_in_its_log(tmp_path: Path) -> None:
    import json

    v = started(tmp_path)
    seeds = [v.tracker.history[0]["seed"]]
    for _ in range(3):
        v.new_game()
        seeds.append(v.tracker.history[0]["seed"])
    assert all(isinstance(x, int) for x in seeds) and len(set(seeds)) == 4
    first = json.loads((tmp_path / "v.jsonl").read_text().splitlines()[1])  # (line 1 names the tracker)
    assert first["seed"] == seeds[-1] == v.state.seed


def test_instant_magic_button_follows_the_kind_and_player_chosen(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.card_name.value = "Midnight Snack"
    v.buttons["magic"].click()  # the turn player's Magic card for this turn
    assert v.buttons["magic"].disabled and "once per turn" in v.buttons["magic"].tooltip
    v.magic_kind.value = "instant"
    v.magic_player.value = "other"  # the toggles alone re-enable the button
    assert not v.buttons["magic"].disabled
    v.magic_kind.value = "normal"
    assert v.buttons["magic"].disabled and "not instant" in v.buttons["magic"].tooltip
    v.magic_kind.value = "instant"
    v.act({"event": "step", "to": 6})
    assert not v.buttons["magic"].disabled  # an Instant may be played at Step 6 too
    v.card_name.value = "Super Confused"
    v.buttons["magic"].click()
    assert v.state.players[1].discard == 1 and "Bob plays Super Confused" in v.message.value
    assert v.buttons["magic"].disabled  # Bob's one Magic card this turn is played


def test_a_magic_card_named_in_the_data_sets_its_kind(tmp_path: Path) -> None:
    # the toggle is for a card of one's own: a known card is as its data says (it had sent
    # "normal" for a continuous card, which then went to the discard pile)
    v = VillageCompanion(tmp_path / "v.jsonl")  # the bundled card data
    v.new_game()
    v.act({"event": "draw"})
    v.card_name.value = "Harvest Moon"
    assert v.magic_kind.value == "continuous"
    v.buttons["magic"].click()
    assert "stays on the field" in v.message.value and v.state.players[0].discard == 0
    assert "Harvest Moon" in v.state.players[0].magic
    v.card_name.value = "Super Confused"
    assert v.magic_kind.value == "instant"
    v.card_name.value = "a card of my own"  # not in the data: the toggle stays as it is
    assert v.magic_kind.value == "instant"


def test_ability_cost_comes_from_the_card_and_is_enforced(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.mouse_name.value = "Dew"
    v.buttons["play_basic"].click()
    assert v.target.value == "Dew #1"
    assert v.ability.value == "Early Warning" and v.cost.value == 3
    v.buttons["ability"].click()
    assert "costs 3" in v.message.value and v.state.t.abilities == ()
    v.buttons["fruit"].click()
    v.buttons["ability"].click()
    assert "costs 3" in v.message.value and v.state.t.abilities == ()


def test_ability_picker_offers_each_ability_with_its_cost(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    v.act({"event": "fruit", "mouse": pip})
    v.act({"event": "end_turn"})
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.target.value = pip
    v.mouse_name.value = "Big Pip"
    v.buttons["summon_mega"].click()
    big = v.state.players[0].field[-1].uid
    assert v.target.value == big
    assert [label for label, _ in v.ability.options] == ["Stomp (1 Fruit)", "Roar (2 Fruit)"]
    v.ability.value = "Roar"
    assert v.cost.value == 2
    v.target.value = v.state.players[1].field[0].uid  # Bob's Pip: its card has no ability
    assert [label for label, _ in v.ability.options] == ["no ability on its card"]
    v.target.value = big
    v.act({"event": "fruit", "mouse": big})
    v.ability.value = "Stomp"
    v.buttons["ability"].click()
    assert "uses Stomp (1 Fruit needed, 1 equipped)" in v.message.value


def test_mouse_without_an_ability_on_its_card(tmp_path: Path) -> None:
    v = started(tmp_path)
    draw_and_play(v, "Pip")
    assert v.ability.options[0][0] == "no ability on its card"
    v.buttons["ability"].click()
    assert "has no ability on its card" in v.message.value and v.state.t.abilities == ()


def test_item_on_an_opponents_mouse_and_a_second_item(tmp_path: Path) -> None:
    v = started(tmp_path)
    ann = to_turn_three(v)
    bob = v.state.players[1].field[0].uid
    v.target.value, v.card_name.value = bob, "Sticky Honey"
    v.buttons["item"].click()
    assert "opponent" in v.message.value and v.state.players[1].field[0].items == ()
    v.target.value, v.item_opponent.value = bob, True
    v.buttons["item"].click()
    assert v.state.players[1].field[0].items == ("Sticky Honey",) and not v.item_opponent.value
    v.act({"event": "end_turn"})
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.target.value, v.card_name.value = bob, "Acorn Cap"
    v.item_opponent.value = True
    v.buttons["item"].click()
    assert "already has an Item" in v.message.value
    v.target.value, v.item_opponent.value, v.item_extra.value = bob, True, True
    v.buttons["item"].click()
    assert v.state.players[1].field[0].items == ("Sticky Honey", "Acorn Cap")
    assert v.state.players[0].field[0].uid == ann


def test_mega_mouse_sacrificed_when_its_card_says_so(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    v.target.value, v.mouse_name.value = pip, "Big Pip"
    v.summon_mega()
    big = v.state.players[0].field[-1].uid
    v.act({"event": "end_turn"})
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.target.value, v.mouse_name.value = big, "Big Pip"
    v.buttons["summon_mega"].click()
    assert "cannot be sacrificed" in v.message.value and v.state.players[0].field[-1].uid == big
    v.target.value, v.sacrifice_allowed.value = big, True
    v.buttons["summon_mega"].click()
    assert [m.uid for m in v.state.players[0].field] == ["Big Pip #4"] and not v.sacrifice_allowed.value


def test_forfeited_draw_is_a_warning(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    assert "companion-warn" in v.message.value and "draw is forfeited" in v.message.value
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.mouse_name.value = "Pip"  # (a new turn's name box starts blank)
    v.play_basic()
    assert "companion-ok" in v.message.value and "forfeited" not in v.message.value


def test_a_line_cut_by_a_crash_is_reported_on_resume(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "mp", "player": 0, "delta": -2})
    with (tmp_path / "v.jsonl").open("a") as fh:
        fh.write('{"event": "mp", "pla')
    again = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert "Resumed after a crash" in again.message.value and "v.jsonl.damaged" in again.message.value
    assert again.state.players[0].mp == 28 and (tmp_path / "v.jsonl.damaged").exists()
    quiet = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert "crash" not in quiet.message.value


def test_a_mouse_not_in_the_card_data_takes_a_typed_cost(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.mouse_name.value = "Homemade Mouse"
    v.mouse_atk.value, v.mouse_def.value = "2", "3"  # a mouse of your own: its stats typed after its name
    v.play_basic()
    assert [label for label, _ in v.ability.options] == ["type its Fruit cost"]
    v.cost.value = 1
    v.buttons["ability"].click()
    assert "costs 1" in v.message.value
    v.cost.value = 0
    v.buttons["ability"].click()
    assert v.state.t.abilities == ("Homemade Mouse #1",)


def button(widget: Any, css: str) -> Any:
    """The first widget inside ``widget`` carrying the CSS class ``css``."""
    if css in getattr(widget, "_dom_classes", ()):
        return widget
    for child in getattr(widget, "children", ()):
        if (found := button(child, css)) is not None:
            return found
    return None


def test_a_refused_new_game_keeps_the_game_and_its_log(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.act({"event": "mp", "player": 1, "delta": -7})
    log = (tmp_path / "v.jsonl").read_text()
    v.names[1].value = "B" * 41  # a name the page refuses
    button(v.widget, "cmp-village-new").click()
    assert "name is 41 characters long" in v.message.value
    assert v.state.started and [p.mp for p in v.state.players] == [30, 23]
    assert sorted(f.name for f in tmp_path.iterdir()) == ["v.jsonl"]
    assert (tmp_path / "v.jsonl").read_text() == log
    again = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert again.state.players[1].mp == 23
    v.names[1].value = "Bob"
    v.new_game()  # a start the rules take: the old game is kept beside it
    assert v.state.players[1].mp == 30 and (tmp_path / "v-1.jsonl").read_text() == log


def test_a_magic_card_for_the_turn_player_on_a_page_another_window_made_stale_is_refused(
        tmp_path: Path) -> None:
    """The page shows Ann's turn, another window began Bob's: "the turn player" on the page means Ann,
    so the card is refused as every stale action is (it had been logged as Bob's, forfeiting his draw
    and his Magic card of the turn: village-tcg.txt, Order of Turn, Step 1; Card Descriptions 5); the
    page is drawn again, the card name kept, and pressed again it is Bob's, whose turn it now shows."""
    v = started(tmp_path)
    other = VillageCompanion(tmp_path / "v.jsonl", db=db())
    other.act({"event": "draw"})
    other.act({"event": "end_turn"})
    other.act({"event": "draw"})
    v.card_name.value = "Sun"  # v still shows Ann's turn; it is Bob's in the log
    logged = other.tracker.history  # what the log holds: the other window's draw, end of turn, draw
    v.buttons["magic"].click()
    assert "the log changed in another window" in v.message.value and v.tracker.history == logged
    assert "Bob" in v.turn.value and v.card_name.value == "Sun"
    v.buttons["magic"].click()
    assert v.tracker.history[-1]["player"] == 1 and "Bob plays Sun" in v.message.value


# -- the selected mouse stays selected ----------------------------------------------------------------

def test_the_selected_mouse_stays_selected_after_each_action(tmp_path: Path) -> None:
    v = started(tmp_path)
    dew = to_turn_three(v, "Dew")  # Ann's Dew #1 (Early Warning, 3 Fruit)
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    assert v.target.value == dew  # chosen when turn 3 began, kept when a mouse comes
    v.target.value = "Pip #3"
    v.target.value = dew
    v.cost.value = 1  # a card effect makes Early Warning cheaper: the typed cost stays too
    v.buttons["fruit"].click()
    assert v.state.players[0].field[0].fruit == 1
    assert (v.target.value, v.ability.value, v.cost.value) == (dew, "Early Warning", 1)
    v.buttons["ability"].click()
    assert v.tracker.history[-1] == {"event": "ability", "mouse": dew, "cost": 1, "name": "Early Warning"}
    assert v.target.value == dew
    v.card_name.value = "Acorn Cap"
    v.buttons["item"].click()
    assert v.target.value == dew and v.state.players[0].field[0].items == ("Acorn Cap",)
    v.act({"event": "end_turn"})  # a new turn: the turn player's newest mouse
    assert v.target.value == v.state.players[1].field[-1].uid


def test_the_mega_mouse_sacrifices_the_mouse_selected_before_an_action(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    v.mouse_name.value = "Dew"
    v.play_basic()  # Dew #3, now the newest mouse
    v.act({"event": "end_turn"})
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.target.value = pip
    v.player_boxes[1].children[1].children[1].click()  # -1 MP for Bob: an action before Step 2
    assert v.target.value == pip
    v.mouse_name.value = "Big Pip"
    v.buttons["summon_mega"].click()
    assert v.tracker.history[-1]["sacrifice"] == pip
    assert [m.uid for m in v.state.players[0].field] == ["Dew #3", "Big Pip #4"]
    assert v.target.value == "Big Pip #4"  # the selection is gone: the newest mouse


# -- a name that is not a card ------------------------------------------------------------------------

def test_a_misspelt_name_does_not_keep_another_cards_stats(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.mouse_name.value = "Big Pip"
    assert (v.mouse_atk.value, v.mouse_def.value) == ("5", "4")
    v.mouse_name.value = "Pipp"
    assert (v.mouse_atk.value, v.mouse_def.value) == ("", "")  # a card's stats go with its name
    v.buttons["play_basic"].click()
    assert "&#x27;Pipp&#x27; is not a card in the data: did you mean &#x27;Pip&#x27;" in v.message.value
    assert "give its ATK and DEF with its name" in v.message.value  # (the tracker's words, as 'village do')
    assert v.state.players[0].field == () and v.tracker.history[-1] == {"event": "draw"}
    v.mouse_name.value = "Pip"
    v.buttons["play_basic"].click()
    assert v.tracker.history[-1] == {"event": "play_basic", "name": "Pip", "atk": 1, "def": 2, "number": 1}


def test_a_mouse_of_your_own_plays_with_the_stats_typed_after_its_name(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.mouse_name.value = "Big Pip"
    v.mouse_name.value = "Pipp"
    v.mouse_atk.value, v.mouse_def.value = "3", "0"
    v.mouse_name.value = "Pippa"  # stats typed by hand stay whatever the name becomes
    assert (v.mouse_atk.value, v.mouse_def.value) == ("3", "0")
    v.buttons["play_basic"].click()
    assert v.tracker.history[-1] == {"event": "play_basic", "name": "Pippa", "atk": 3, "def": 0, "number": 1}
    assert "companion-warn" in v.message.value and "did you mean &#x27;Pip" in v.message.value


def test_a_half_typed_or_unreadable_stat_is_refused(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.mouse_name.value = "Stranger"
    v.mouse_atk.value = "2"
    v.buttons["play_basic"].click()
    assert "is not a card in the data. For a mouse of your own" in v.message.value
    v.mouse_def.value = "x"
    v.buttons["play_basic"].click()
    assert "DEF must be a whole number 0 to 99, not &#x27;x&#x27;" in v.message.value
    assert v.state.players[0].field == ()


def test_a_misspelt_mega_mouse_is_refused(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    v.target.value = pip
    v.mouse_name.value = "Pip"
    v.mouse_name.value = "Big Pp"
    v.buttons["summon_mega"].click()
    assert "did you mean &#x27;Big Pip&#x27;" in v.message.value
    assert v.state.players[0].field[0].uid == pip


# -- the battle panel follows undo and redo -----------------------------------------------------------

def test_undo_of_an_attack_clears_the_battle_panel_and_redo_brings_it_back(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    bob = v.state.players[1].field[0].uid
    v.assign[pip].value = bob
    v.resolve()
    resolved = v.battle_result.value
    assert "Attack resolved" in resolved and v.state.players[0].field == ()
    v.undo_button.click()
    assert v.state.players[0].field[0].uid == pip
    assert v.battle_result.value == ""
    said = v.message.value
    assert "Undone: the attack on Bob (Bob back to " in said and f"blocks {pip}" not in said
    v.redo_button.click()
    assert v.battle_result.value == resolved and v.state.players[0].field == ()
    assert "Redone: " in v.message.value and f"blocks {pip}" in v.message.value


def test_undo_clears_a_preview_and_a_new_game_clears_the_panel(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    v.assign[pip].value = "undefended (to Mouse Points)"
    v.preview()
    assert "Battle preview" in v.battle_result.value
    v.act({"event": "mp", "player": 1, "delta": -1})
    v.undo()
    assert v.battle_result.value == "" and "Undone: the change of Bob" in v.message.value
    v.resolve()
    v.new_game()
    assert v.battle_result.value == ""


def test_an_attack_undone_in_another_window_leaves_the_panel(tmp_path: Path) -> None:
    v = started(tmp_path)
    pip = to_turn_three(v)
    v.assign[pip].value = "undefended (to Mouse Points)"
    v.resolve()
    VillageCompanion(tmp_path / "v.jsonl", db=db()).undo()
    with pytest.raises(CompanionError, match="changed in another window"):  # a stale page: redrawn
        v.act({"event": "mp", "player": 0, "delta": 1})
    assert v.battle_result.value == "" and v.state.players[1].mp == 30
    v.act({"event": "mp", "player": 0, "delta": 1})  # pressed again on the page as it now is
    assert v.battle_result.value == "" and v.state.players[0].mp == 31


def test_player_names_are_trimmed_fall_back_and_stay_short(tmp_path: Path) -> None:
    v = VillageCompanion(tmp_path / "v.jsonl", db=db())
    v.names[0].value, v.names[1].value = "   ", "  Ann   Lee "
    v.new_game()
    assert [p.name for p in v.state.players] == ["Player 1", "Ann Lee"]
    v.names[0].value = "x" * 41
    v.new_game_button.click()
    assert "name is 41 characters long" in v.message.value
    assert "expected a name on one line, at most 40 characters" in v.message.value  # (the rules core's words)
    assert [p.name for p in v.state.players] == ["Player 1", "Ann Lee"]  # the game as it was


def test_a_flip_that_can_negate_an_attack_opens_the_attack_phase_and_others_move_no_step(
        tmp_path: Path) -> None:
    v = started(tmp_path)
    v.act({"event": "draw"})
    v.flip_card.value = "Lucky Coin"
    v.flip("heads")
    assert v.state.t.step == 1 and v.tracker.history[-1] == {"event": "flip", "card": "Lucky Coin",
                                                              "functions": 1, "result": "heads"}
    v.flip_card.value, v.flip_functions.value, v.flip_attack.value = "Super Confused", 2, True
    with pytest.raises(RuleError, match="no attack on the first turn"):  # nothing to negate yet
        v.flip("tails")
    assert v.state.t.step == 1
    v.act({"event": "end_turn"})
    v.act({"event": "draw"})  # Bob's turn: he may attack, once he has a mouse to attack with
    with pytest.raises(RuleError, match="Bob has no mouse on the field to attack with"):
        v.flip("tails")
    v.act({"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1})
    v.flip("tails")
    assert v.state.t.step == 6 and v.tracker.history[-1]["attack"] is True


def test_a_new_game_that_cannot_keep_the_old_log_says_so_and_changes_nothing(
        tmp_path: Path, monkeypatch: Any) -> None:
    import errno

    v = started(tmp_path)
    v.player_boxes[0].children[1].children[0].click()  # -5 MP: a game worth keeping
    before = (tmp_path / "v.jsonl").read_bytes()

    def read_only(self: Path, target: Any) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied", str(self), str(target))

    monkeypatch.setattr(Path, "rename", read_only)
    v.new_game_button.click()
    assert "cannot keep the old log as v-1.jsonl: permission denied; nothing was changed" in v.message.value
    assert "this is a bug" not in v.message.value
    assert (tmp_path / "v.jsonl").read_bytes() == before and not (tmp_path / "v-1.jsonl").exists()
    assert v.state.players[0].mp == 25 and "25 MP" in v.mp_labels[0].value


def test_another_games_log_opens_the_page_with_a_message_and_every_action_off(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    text = '{"event": "log", "tracker": "tmnt"}\n{"event": "start", "players": ["A", "B"]}\n'
    log.write_text(text)
    v = VillageCompanion(log, db=db())  # no exception
    assert "this is a tmnt log, not a village one" in v.message.value
    assert "cmp-village-message" in v.message._dom_classes
    assert v.new_game_button.disabled and v.buttons["draw"].disabled and v.preview_button.disabled
    assert all(b.disabled for b in v.player_boxes[0].children[1].children)
    v.new_game_button.disabled = False  # (a click that got through anyway)
    v.new_game_button.click()
    assert "this is a tmnt log, not a village one" in v.message.value
    assert log.read_text() == text and list(tmp_path.iterdir()) == [log]


def test_actions_called_on_an_unusable_log_refuse_with_its_message(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    log.write_text('{"event": "log", "tracker": "tmnt"}\n')
    v = VillageCompanion(log, db=db())
    for action in (v.new_game, v.undo, v.redo, v.preview, lambda: v.act({"event": "draw"})):
        with pytest.raises(LogError, match="this is a tmnt log, not a village one"):
            action()
    assert log.read_text() == '{"event": "log", "tracker": "tmnt"}\n'


def test_a_cut_line_that_cannot_be_set_aside_opens_the_page_with_a_message(tmp_path: Path) -> None:
    v = started(tmp_path)
    v.player_boxes[0].children[1].children[0].click()
    log = tmp_path / "v.jsonl"
    with log.open("ab") as fh:
        fh.write(b'{"event": "mp", "pla')
    (tmp_path / "v.jsonl.damaged").mkdir()  # the side file cannot be written
    content = log.read_bytes()
    again = VillageCompanion(log, db=db())
    assert "cannot be set aside" in again.message.value and "this is a bug" not in again.message.value
    assert again.buttons["end_turn"].disabled and again.undo_button.disabled
    assert log.read_bytes() == content


def test_the_battle_preview_is_cleared_when_the_choice_or_the_game_changes(tmp_path: Path) -> None:
    v = started(tmp_path)
    ann = to_turn_three(v)
    bob = v.state.players[1].field[0].uid
    dd = v.assign[ann]
    dd.value = bob
    v.preview()
    assert "Battle preview" in v.battle_result.value
    dd.value = UNDEFENDED
    assert v.battle_result.value == ""  # another defender: the old preview is gone
    v.preview()
    assert "Battle preview" in v.battle_result.value
    v.direct.value = 5
    assert v.battle_result.value == ""
    v.preview()
    v.player_boxes[1].children[1].children[1].click()  # -1 MP for Bob: the MP left it showed are wrong
    assert v.battle_result.value == ""
    v.preview()
    v.buttons["end_turn"].click()
    assert v.battle_result.value == ""


def test_the_resolved_attack_stays_while_a_preview_does_not(tmp_path: Path) -> None:
    v = started(tmp_path)
    ann = to_turn_three(v)
    v.assign[ann].value = v.state.players[1].field[0].uid
    v.preview()
    v.resolve()
    assert "Attack resolved" in v.battle_result.value


def test_preview_without_a_game_says_there_is_no_game(tmp_path: Path) -> None:
    v = VillageCompanion(tmp_path / "v.jsonl", db=db())
    assert v.preview_button.disabled
    v.preview_button.disabled = False  # (a click that got through anyway)
    v.preview_button.click()
    assert "no game yet" in v.message.value and "MP left" not in v.battle_result.value
    assert v.battle_result.value == ""
    v.new_game()
    assert not v.preview_button.disabled


def test_the_page_checks_named_cards_against_the_card_data_as_the_command_line_does() -> None:
    a = VillageCompanion()
    a.new_game_button.click()
    a.buttons["draw"].click()
    a.mouse_name.value = "Acorn Scout"
    a.buttons["play_basic"].click()
    a.card_name.value = "Harvest Moon"  # a Magic card used as an Item: refused, as `village do` does
    a.buttons["item"].click()
    assert "is a Magic card: “Play Magic card” plays it" in a.message.value
    assert not any("Harvest Moon" in i for p in a.state.players for m in p.field for i in m.items)
    a.card_name.value = "Quiksand"  # a typo: refused before it is played, with the card it may mean
    played = len(a.tracker.history)
    a.buttons["magic"].click()
    assert "did you mean &#x27;Quicksand&#x27;?" in a.message.value and len(a.tracker.history) == played
