"""The Village page's gates before the click (from a fuzz that clicked only enabled buttons): a button the
rules would refuse is off, its reason said in words under its group, by the same predicate the tracker
refuses the event with: "deck −1" at 0 cards; the coin flips (a flip that can negate an attack on the first
turn or after the attack, a single-function card's flip after one of more functions); a Magic card's
toggle following its card data; a card name of the wrong kind in the name box; a mouse with no name."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import RuleError
from companion.views.village import MAGIC_KIND, MAGIC_KIND_FROM_CARD, VillageCompanion
from companion.village.game import (
    CITE_ITEM,
    CITE_MAGIC,
    CITE_MEGA,
    why_not,
    why_not_card_type,
    why_not_deck,
    why_not_flip,
    why_not_magic_kind,
)


def started(tmp_path: Path, **start: object) -> VillageCompanion:
    page = VillageCompanion(tmp_path / "v.jsonl")  # the bundled card data
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0, **start})
    page.act({"event": "draw"})
    return page


def off_said(page: VillageCompanion, reason: str) -> bool:
    """Whether the page says ``reason`` in words under a group of buttons (a touch screen has no tooltip)."""
    return any(html.escape(reason) in caption.value for _widgets, caption in page._groups)


def refused(page: VillageCompanion, event: dict[str, object]) -> RuleError:
    """The tracker's refusal of ``event``, with nothing logged."""
    before = list(page.tracker.history)
    with pytest.raises(RuleError) as refusal:
        page.tracker.do(event)
    assert page.tracker.history == before
    return refusal.value


# -- 1. deck −1 at 0 cards -------------------------------------------------------------------------------

def test_deck_minus_one_is_off_at_0_cards_with_the_trackers_reason(tmp_path: Path) -> None:
    page = started(tmp_path, decks=[8, 60])  # Ann's last card drawn: her deck is empty, the game over
    ann, bob = page.deck_minus
    said = "Ann's deck has 0 cards: -1 would go below 0 (village-tcg.txt, You Win If)"
    assert page.state.over and page.state.players[0].deck == 0
    assert ann.disabled and ann.tooltip == said and off_said(page, said)
    assert not bob.disabled  # (a correction after the end: Bob's deck has cards)
    refusal = refused(page, {"event": "deck", "player": 0, "delta": -1})
    expected = why_not_deck(page.state, 0, -1)
    assert expected is not None
    assert refusal.message == expected.message == "Ann's deck has 0 cards: -1 would go below 0"
    assert refusal.cite == expected.cite == "village-tcg.txt, You Win If"
    assert "-0" not in refusal.render()  # (the command line's words: no "give delta -0")
    page.correction_buttons[5].click()  # Ann's deck +1: a correction brings a card back, on again
    assert page.state.players[0].deck == 1 and not ann.disabled and not page.state.over


# -- 2. coin flips ---------------------------------------------------------------------------------------

def test_an_attack_flip_is_off_on_the_first_turn_and_after_the_attack(tmp_path: Path) -> None:
    page = started(tmp_path)
    flips = page.flip_buttons
    assert not any(b.disabled for b in flips)
    page.flip_attack.value = True  # Ann's first turn: she has no attack
    first = why_not(page.state, "flip", attack_flip=True)
    assert first is not None and first.cite  # (a sentence and its rule-book section)
    said = first.render()
    assert all(b.disabled and b.tooltip == said for b in flips) and off_said(page, said)
    assert f"flip not allowed: {said}" == refused(page, {"event": "flip", "attack": True}).render()
    page.flip_attack.value = False
    assert not any(b.disabled for b in flips)
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.act({"event": "play_basic", "name": "Acorn Scout"})
    scout = page.state.players[1].field[-1].uid
    page.act({"event": "attack", "attacks": [{"attacker": scout, "defender": None}]})
    page.flip_attack.value = True
    after = why_not(page.state, "flip", attack_flip=True)
    assert after is not None and "already resolved" in after.message
    assert all(b.tooltip == after.render() and b.disabled for b in flips)
    assert f"flip not allowed: {after.render()}" == refused(page, {"event": "flip", "attack": True}).render()


def test_a_single_function_flip_after_one_of_more_functions_is_off_with_what_to_do(tmp_path: Path) -> None:
    page = started(tmp_path)
    flips = page.flip_buttons
    page.flip_card.value, page.flip_functions.value = "Twin Coin", 2
    flips[0].click()  # heads, for a card of two functions
    page.flip_card.value, page.flip_functions.value = "Lucky Clover", 1
    out_of_order = why_not_flip(page.state, 1, "Lucky Clover", page=True)
    assert out_of_order is not None
    assert "'Twin Coin' (two or more functions) is already in play" in out_of_order.message
    said = out_of_order.render()
    assert all(b.disabled and b.tooltip == said for b in flips) and off_said(page, said)
    refusal = refused(page, {"event": "flip", "card": "Lucky Clover", "functions": 1, "result": "tails"})
    cli = why_not_flip(page.state, 1, "Lucky Clover")  # (the command line's words)
    assert cli is not None and refusal.render() == cli.render()
    page.flip_functions.value = 2  # another card of more functions may flip after it
    assert not any(b.disabled for b in flips)
    page.flip_functions.value = 1
    page.act({"event": "mp", "player": 0, "delta": 1})  # another moment: no flip in play now
    assert not any(b.disabled for b in flips)


# -- 3. the Magic toggle follows the card -----------------------------------------------------------------

def test_the_magic_toggle_follows_a_known_card_and_is_free_for_a_card_of_ones_own(tmp_path: Path) -> None:
    page = started(tmp_path)
    kind, magic = page.magic_kind, page.buttons["magic"]
    page.card_name.value = "Quicksand"  # continuous by its card data
    assert kind.value == "continuous" and kind.disabled and kind.description == MAGIC_KIND_FROM_CARD
    assert "Quicksand is continuous by its card data" in kind.tooltip and not magic.disabled
    page.card_name.value = "Sudden Rainstorm"
    assert kind.value == "instant" and kind.disabled
    page.card_name.value = "My Own Card"  # not in the data: the toggle is the player's
    assert not kind.disabled and kind.description == MAGIC_KIND and kind.value == "instant"
    kind.value = "continuous"
    assert not magic.disabled
    magic.click()
    assert "My Own Card" in page.state.players[0].magic


def test_a_magic_kind_the_partial_card_data_contradicts_is_off_in_page_words(tmp_path: Path) -> None:
    recs = [{"id": "dusk", "name": "Dusk", "type": "magic", "instant": False, "source": "demo"}]
    db = CardDB("village", [card_from_record("village", "demo", r) for r in recs])
    page = VillageCompanion(tmp_path / "v.jsonl", db=db)
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    page.card_name.value = "Dusk"  # not instant; normal or continuous: the player says which
    assert not page.magic_kind.disabled and page.magic_kind.value == "normal"
    page.magic_kind.value = "instant"
    said = f"Dusk is not instant by its card data ({CITE_MAGIC})"
    magic = page.buttons["magic"]
    assert magic.disabled and magic.tooltip == said and off_said(page, said) and "event" not in said
    card = db.lookup("Dusk")
    clash = why_not_magic_kind(card, True, False, page=True)
    assert clash is not None and clash.render() == said
    refusal = refused(page, {"event": "magic", "name": "Dusk", "instant": True, "continuous": False})
    cli = why_not_magic_kind(card, True, False)
    assert cli is not None and refusal.message == cli.message
    page.magic_kind.value = "continuous"
    assert not magic.disabled


# -- 4. a card name of the wrong kind --------------------------------------------------------------------

def test_a_card_of_another_kind_turns_off_the_button_that_does_not_play_it(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.act({"event": "play_basic", "name": "Acorn Scout"})
    b = page.buttons
    page.card_name.value = "Acorn Cap"  # an Item card
    item_said = f"'Acorn Cap' is an Item card: “Item on selected” plays it ({CITE_ITEM})"
    assert b["magic"].disabled and b["magic"].tooltip == item_said and off_said(page, item_said)
    assert not b["item"].disabled
    cap = page.db().lookup("Acorn Cap")
    wrong = why_not_card_type(cap, "magic")
    assert wrong is not None
    assert refused(page, {"event": "magic", "name": "Acorn Cap"}).render() == wrong.render()
    page.card_name.value = "Quicksand"  # a Magic card
    magic_said = f"'Quicksand' is a Magic card: “Play Magic card” plays it ({CITE_MAGIC})"
    assert b["item"].disabled and b["item"].tooltip == magic_said and not b["magic"].disabled
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.mouse_name.value = "Harvest Giant"  # a Mega Mouse in the Basic Mouse's box
    mega_said = ("'Harvest Giant' is a Mega Mouse: select the Basic Mouse to sacrifice and use “Mega Mouse "
                 f"(sacrifice selected)” ({CITE_MEGA})")
    assert b["play_basic"].disabled and b["play_basic"].tooltip == mega_said and off_said(page, mega_said)
    giant = page.db().lookup("Harvest Giant")
    wrong = why_not_card_type(giant, "basic-mouse")
    assert wrong is not None and refused(page, {"event": "play_basic", "name": "Harvest Giant"}).render() == (
        wrong.render())
    page.mouse_name.value = "Pebble Pup"
    assert not b["play_basic"].disabled


# -- 5. a mouse with no name -----------------------------------------------------------------------------

def test_play_basic_mouse_and_summon_mega_are_off_without_a_name(tmp_path: Path) -> None:
    page = started(tmp_path)
    b = page.buttons
    typed = "type the mouse's name (its card fills in ATK and DEF), or ATK and DEF for a mouse of your own"
    assert page.mouse_name.value == "" and b["play_basic"].disabled and b["play_basic"].tooltip == typed
    assert off_said(page, typed)
    page.mouse_name.value = "Acorn Scout"
    assert not b["play_basic"].disabled
    b["play_basic"].click()
    for event in ("end_turn", "draw", "end_turn", "draw"):  # Ann's Acorn Scout has had a full turn
        page.act({"event": event})
    assert page.mouse_name.value == "" and b["summon_mega"].disabled and b["summon_mega"].tooltip == typed
    page.mouse_atk.value, page.mouse_def.value = "4", "4"  # a Mega Mouse of one's own, by its stats
    assert not b["summon_mega"].disabled
    page.mouse_atk.value = ""
    page.mouse_name.value = "Harvest Giant"
    assert not b["summon_mega"].disabled
    b["summon_mega"].click()
    assert page.state.players[0].field[-1].name == "Harvest Giant"
