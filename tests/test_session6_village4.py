"""Session 6, Village TCG (a fourth exploratory test): a turn player with no mouse on the field has no attack
to declare or decline, so the page's button is off and ``village do`` refuses declaring no attack alike
(the turn moves on to End turn); a card text that draws cards or changes Mouse Points is recalled after the
card is played or the ability used, with the page's deck and MP corrections to record it."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, CardDB, card_from_record
from companion.errors import RuleError
from companion.views.village import VillageCompanion
from companion.village.game import CITE_BATTLE, checklist, why_not

from .helpers import run_cli

DEMO = {"source": "demo"}


def db() -> CardDB:
    """Acorn Scout (a Basic Mouse), Moonlit Sage (its ability Moonbeam: "Gain 3 MP."), Midnight Snack
    ("Draw 2 cards."), Picnic Basket (an Item: "... gain 2 MP."), Harvest Moon (+1 DEF) and Quiet Night (a
    Magic card whose text names neither stats, deck nor MP)."""
    recs = [{"id": "acorn", "name": "Acorn Scout", "type": "basic-mouse", "atk": 1, "def": 1},
            {"id": "sage", "name": "Moonlit Sage", "type": "basic-mouse", "atk": 3, "def": 5,
             "abilities": [{"name": "Moonbeam", "fruit_cost": 0, "text": "Gain 3 MP."}]},
            {"id": "snack", "name": "Midnight Snack", "type": "magic", "text": "Draw 2 cards."},
            {"id": "basket", "name": "Picnic Basket", "type": "item",
             "text": "When the equipped Mouse is destroyed, gain 2 MP."},
            {"id": "moon", "name": "Harvest Moon", "type": "magic", "text": "Your Mice get +1 DEF."},
            {"id": "quiet", "name": "Quiet Night", "type": "magic", "text": "Look at your opponent's hand."}]
    return CardDB("village", [card_from_record("village", "demo", {**DEMO, **r}) for r in recs])


def page_on_turn_two(tmp_path: Path) -> VillageCompanion:
    """Bob's first turn (the game's second), drawn: neither player has a mouse."""
    page = VillageCompanion(tmp_path / "v.jsonl", db=db())
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    return page


# -- 1. no mouse: no attack to declare or decline, on the page as in the tracker ---------------------------

def test_no_mouse_means_no_attack_to_decline_on_the_page_and_in_the_tracker(tmp_path: Path) -> None:
    page = page_on_turn_two(tmp_path)
    refused = why_not(page.state, "attack", no_attack=True)
    assert refused is not None and "Bob has no mouse on the field to attack with" in refused.message
    assert "End turn" in refused.message and refused.cite is not None and CITE_BATTLE in refused.cite
    assert "end_turn" in (refused.suggestion or "")
    assert page.resolve_button.disabled and page.resolve_button.tooltip.startswith(refused.message)
    with pytest.raises(RuleError, match="no attack to declare or decline"):  # the tracker, as the page
        page.tracker.do({"event": "attack", "attacks": []})
    assert not page.state.t.declared and page.state.t.step == 1  # (Steps 2-5 still open: play a mouse)
    step6 = next(c for c in checklist(page.state) if c.step == 6)
    assert step6.status == "unavailable" and "no mouse on the field" in step6.detail
    page.act({"event": "play_basic", "name": "Acorn Scout"})  # a mouse: declining to attack is a choice
    assert why_not(page.state, "attack", no_attack=True) is None and not page.resolve_button.disabled
    page.tracker.do({"event": "attack", "attacks": []})
    assert page.state.t.declared


def test_village_do_refuses_declaring_no_attack_without_a_mouse_and_an_older_log_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "v.jsonl"
    lines = [{"event": "log", "tracker": "village"},
             {"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1},
             {"event": "draw"}, {"event": "end_turn"}, {"event": "draw"}]
    log.write_text("".join(json.dumps(e) + "\n" for e in lines))
    before = log.read_bytes()
    code, _out, err = run_cli(capsys, "village", "do", str(log), '{"event": "attack", "attacks": []}')
    assert code == 2 and "Bob has no mouse on the field to attack with" in err and "end_turn" in err
    assert log.read_bytes() == before
    old = tmp_path / "old.jsonl"  # a line written before the rule: it replays as it was
    old.write_text(before.decode() + json.dumps({"event": "attack", "attacks": []}) + "\n")
    code, out, _err = run_cli(capsys, "village", "replay", str(old))
    assert code == 0 and "6. Declare an attack — no attack this turn" in out


# -- 2. a card text that draws cards or changes Mouse Points is recalled, with the corrections to use ------

def said(page: VillageCompanion) -> str:
    return html.unescape(page.message.value)


def test_a_magic_card_that_draws_names_its_text_and_the_deck_corrections(tmp_path: Path) -> None:
    page = page_on_turn_two(tmp_path)
    page.card_name.value = "Midnight Snack"
    page.play_magic()
    text = said(page)
    assert "Midnight Snack: \u201cDraw 2 cards.\u201d The tracker does not apply card texts" in text
    assert "deck \u22121 and deck +1" in text and "MP buttons" not in text and "ATK and DEF" not in text
    assert page.state.players[1].deck == 52  # (nothing applied: the player records it)


def test_an_item_that_changes_mouse_points_names_the_mp_corrections(tmp_path: Path) -> None:
    page = page_on_turn_two(tmp_path)
    page.act({"event": "play_basic", "name": "Acorn Scout"})
    page.card_name.value = "Picnic Basket"
    page.equip_item()
    text = said(page)
    assert "Picnic Basket: \u201cWhen the equipped Mouse is destroyed, gain 2 MP.\u201d" in text
    assert "MP buttons (\u22125, \u22121, +1, +5)" in text and "deck \u22121" not in text


def test_an_ability_that_gains_mouse_points_names_its_text_too(tmp_path: Path) -> None:
    page = page_on_turn_two(tmp_path)
    page.act({"event": "play_basic", "name": "Moonlit Sage"})
    page.use_ability()
    text = said(page)
    assert "Moonbeam (Moonlit Sage): \u201cGain 3 MP.\u201d" in text and "MP buttons" in text
    assert page.state.players[1].mp == 30  # (nothing applied)


def test_a_stats_text_says_what_it_said_and_a_text_of_neither_says_nothing(tmp_path: Path) -> None:
    page = page_on_turn_two(tmp_path)
    page.card_name.value = "Harvest Moon"
    page.magic_kind.value = "continuous"
    page.play_magic()
    assert ("Harvest Moon: \u201cYour Mice get +1 DEF.\u201d The tracker does not apply card texts: record "
            "the new ATK and DEF under Card effects (village-tcg.txt, Card Descriptions).") in said(page)
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.card_name.value = "Quiet Night"
    page.magic_kind.value = "normal"
    page.play_magic()
    assert "does not apply card texts" not in said(page)


@pytest.mark.skipif(not (DATA_DIR / "village" / "demo.json").exists(), reason="no demo card data")
def test_the_demo_data_s_midnight_snack_is_recalled(tmp_path: Path) -> None:
    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    page.card_name.value = "Midnight Snack"
    page.play_magic()
    assert "\u201cDraw 2 cards.\u201d" in said(page) and "deck \u22121 and deck +1" in said(page)
