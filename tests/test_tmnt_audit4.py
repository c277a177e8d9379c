"""A game-night audit of the TMNT table tracker: the attack builder starts from the Character kept on
the 1st Block Zone (and a builder that names another card is warned and refused), the page's Undo and
Redo say what they did as ``tmnt do`` does, the Correct panel takes Items and a reason, the next
turn's Adjust preview foresees a Deck run out, and ``tmnt adjust`` cites Game Over for it."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from companion.cards import card_from_record
from companion.errors import RuleError
from companion.tmnt.attack import BattleCard
from companion.tmnt.game import TmntTracker, check_first_card, redone_line, undone_line
from companion.views.tmnt import PICK, RECORD_NOT_FIRST, GameTracker
from tests.test_tmnt_cli_do import run

#: Leonardo comes first: the card a fresh builder shows.
CARDS = [card_from_record("tmnt", "Audit demo", rec) for rec in (
    {"id": "leo", "name": "Leonardo", "type": "character", "attribute": "wind", "power": 3, "source": "demo"},
    {"id": "raph", "name": "Raphael", "type": "character", "attribute": "fire", "power": 4, "source": "demo"},
    {"id": "gust", "name": "Gust", "type": "attack", "attribute": "wind", "power": 2,
     "attack_kind": "normal", "source": "demo"},
    {"id": "vine", "name": "Vine", "type": "attack", "attribute": "nature", "power": 1,
     "attack_kind": "normal", "source": "demo"},
)]
RAPHAEL = {"type": "character", "attribute": "fire", "power": 4, "name": "Raphael"}


def to_phase(g: GameTracker, phase: str) -> None:
    while g.state.phase != phase:
        g.next.click()


def raphael_kept(tmp_path: Path) -> GameTracker:
    """Ann attacks with Raphael on turn 1 and keeps him; Bob flips an Item (no attack); Ann's turn 3
    is at its Attack Phase, Raphael still face-up on her 1st Block Zone."""
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.names[0].value, g.names[1].value = "Ann", "Bob"
    g.first.value = 0
    g.new_game.click()
    to_phase(g, "flip")
    g.flip_buttons[0].click()
    g.next.click()
    assert g.builder.character.pick.value == PICK and g.record.disabled  # just flipped: the table names it
    g.builder.character.pick.value = "raph"
    g.builder.attacks[0].pick.value = "gust"
    g.record.click()
    g.keep[0].value = 1
    g.result_step.click()
    g.next.click()  # Bob's turn 2
    to_phase(g, "flip")
    g.flip_buttons[2].click()  # an Item: no attack
    g.next.click()
    g.next.click()  # Ann's turn 3
    to_phase(g, "attack")
    assert (g.state.turn, g.state.active) == (3, 0) and g.record in g.actions.children
    return g


# -- 1. the builder starts from the Character on the 1st Block Zone --------------------------------------

def test_the_builder_starts_with_the_character_kept_on_the_first_block_zone(tmp_path: Path) -> None:
    g = raphael_kept(tmp_path)
    assert g.builder.character.pick.value == "raph" and g.builder.mismatch.value == ""
    g.builder.attacks[0].pick.value = "gust"
    g.record.click()  # a hurried Record: Raphael's Power and Attribute
    assert g.state.attack is not None and g.state.attack["total_power"] == 4 + 2
    assert g.tracker.history[-1]["character"] == RAPHAEL | {"kind": "normal"}
    # a page opened afresh on the same Attack Phase starts from him too
    g.undo.click()
    again = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert again.builder.character.pick.value == "raph"
    assert "Raphael (fire 4)" in again.zones[0][0].tooltip


def test_another_character_in_the_builder_is_warned_and_record_is_off(tmp_path: Path) -> None:
    g = raphael_kept(tmp_path)
    g.builder.attacks[0].pick.value = "vine"
    g.builder.character.pick.value = "leo"  # a legal attack, but not with the card on the Zone
    warning = g.builder.mismatch.value
    assert "Record attack is off" in warning and "Raphael (fire 4)" in warning
    assert "Leonardo (wind 3)" in warning
    assert "tmnt-tcg.txt, Attack Phase (1) Attack Step" in warning
    assert g.builder.verdict is not None and g.builder.verdict.is_legal
    assert g.record.disabled and g.record.tooltip == RECORD_NOT_FIRST  # off before the click
    assert g.actions_off.value == ""  # (the panel right above says why: not twice)
    lines = (tmp_path / "t.jsonl").read_text()
    g.record.click()  # (a click all the same: the tracker refuses it too)
    assert g.state.attack is None and (tmp_path / "t.jsonl").read_text() == lines
    assert "That did not work" in g.action_msg.value and "holds Raphael (fire 4)" in g.action_msg.value
    assert "tmnt-tcg.txt, Attack Phase (1) Attack Step" in g.action_msg.value
    g.builder.character.pick.value = "raph"
    assert g.builder.mismatch.value == "" and not g.record.disabled


def test_a_card_of_another_type_than_the_one_flipped_turns_record_off(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.names[0].value, g.names[1].value = "Ann", "Bob"
    g.first.value = 0
    g.new_game.click()
    to_phase(g, "flip")
    g.flip_buttons[1].click()  # an Attack card flipped onto the 1st Block Zone
    g.next.click()
    offered = [v for _label, v in g.builder.character.pick.options]
    assert "leo" not in offered and "raph" not in offered  # a Character is not offered: not the card flipped
    assert list(g.builder.character.kind.options) == ["attack"]  # (nor as Custom…)
    assert g.record.disabled
    g.builder.character.pick.value = "gust"  # the Attack card flipped
    assert g.builder.mismatch.value == "" and not g.record.disabled
    g.record.click()
    assert g.state.attack is not None


def test_the_tracker_refuses_another_first_card_in_the_predicates_words() -> None:
    t = started()
    while t.state.phase != "flip":
        t.do({"event": "next"})
    t.do({"event": "flip", "card": "attack"})
    t.do({"event": "next"})
    me = t.state.players[0]
    leo = BattleCard("character", "wind", 3, name="Leonardo")
    said, _note = check_first_card(me, leo)
    assert said is not None and check_first_card(me, BattleCard("attack", "wind", 2)) == (None, None)
    with pytest.raises(RuleError) as caught:
        t.do({"event": "attack", "character": leo.to_json(), "attacks": []})
    assert caught.value.render() == said.render()


def test_another_power_for_the_kept_character_is_warned_and_said(tmp_path: Path) -> None:
    g = raphael_kept(tmp_path)
    slot = g.builder.character
    slot.pick.value = "custom"
    slot.kind.value, slot.attr.value, slot.power.value = "character", "Fire", 6  # a card text's doing?
    assert "Not the Power recorded" in g.builder.mismatch.value
    g.record.click()
    assert g.state.attack["total_power"] == 6
    assert "was recorded with Power 4; this attack gives it Power 6" in g.state.message


def started() -> TmntTracker:
    t = TmntTracker()
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    return t


def kept(t: TmntTracker, character: object = RAPHAEL) -> None:
    """Ann attacks with ``character``, keeps it; Bob makes no attack; Ann's turn 3 at its Attack Phase."""
    for revealed in ("character", "item"):
        while t.state.phase != "flip":
            t.do({"event": "next"})
        t.do({"event": "flip", "card": revealed})
        t.do({"event": "next"})
        if revealed == "character":
            t.do({"event": "attack", "character": character})
            t.do({"event": "result", "attacker_keeps": 1})
        t.do({"event": "next"})
    while t.state.phase != "attack":
        t.do({"event": "next"})


def test_the_tracker_names_the_kept_character_and_refuses_another() -> None:
    t = started()
    kept(t)
    assert t.state.players[0].first_card is not None and t.state.players[0].first_card.name == "Raphael"
    assert t.state.to_json()["players"][0]["first_card"] == RAPHAEL | {"kind": "normal"}
    for other in ("wind:3", {"type": "character", "attribute": "fire", "power": 4, "name": "Casey"}):
        with pytest.raises(RuleError, match="holds Raphael") as refused:
            t.do({"event": "attack", "character": other})
        assert refused.value.cite == "tmnt-tcg.txt, Attack Phase (1) Attack Step"
    t.do({"event": "attack", "character": "fire:4"})  # the same card, its name left out
    assert t.state.players[0].first_card.name == "Raphael"


def test_a_correction_of_the_first_block_zone_forgets_the_card_named_there() -> None:
    t = started()
    kept(t)
    zones = [z.to_json() for z in t.state.players[0].zones]
    t.do({"event": "correct", "player": 0, "zones": [zones[0], "up", *zones[2:]]})  # another Zone
    assert t.state.players[0].first_card is not None
    t.do({"event": "correct", "player": 0, "zones": ["up", *zones[1:]]})  # a card text put another card
    assert t.state.players[0].first_card is None
    t.do({"event": "attack", "character": "wind:3"})


def test_an_older_log_that_named_another_card_still_replays(tmp_path: Path) -> None:
    t = TmntTracker(tmp_path / "t.jsonl")
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    kept(t)
    with (tmp_path / "t.jsonl").open("a") as log:  # written before the check
        log.write(json.dumps({"event": "attack", "character": "wind:3"}) + "\n")
    again = TmntTracker(tmp_path / "t.jsonl")
    assert again.problems == [] and again.state.attack is not None and again.state.attack["total_power"] == 3
    assert "holds Raphael (fire 4)" in again.state.message  # said, as it was read


# -- 2. Undo and Redo on the page say what they did, in the words of 'tmnt do' ---------------------------

def test_page_undo_and_redo_say_what_they_took_back_and_brought_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.names[0].value = "Ann"
    g.first.value = 0
    g.new_game.click()
    to_phase(g, "flip")
    g.flip_buttons[0].click()
    flipped = ("Ann flips a Character card: resolve any <Flip> text; it stays on the 1st Block Zone "
               "(tmnt-tcg.txt, Flip Phase).")
    g.undo.click()
    assert html.escape(f"Undone: {flipped}") in g.status.value
    g.redo.click()
    assert html.escape(f"Redone: {flipped}") in g.status.value
    assert g.status.value.count(html.escape(flipped)) == 1  # the message once, as 'tmnt do' says it
    # the same words as 'companion tmnt do' on the same log
    code, out, _ = run(capsys, "do", str(tmp_path / "t.jsonl"), "undo", "redo", "--json")
    assert code == 0 and json.loads(out)["said"] == [undone_line(flipped), redone_line(flipped)]
    g.next.click()  # the next action: what the redo said is gone
    assert "Redone" not in g.status.value and "Undone" not in g.status.value


# -- 3. the Correct panel takes what the correct event takes ---------------------------------------------

def test_the_correct_panel_sets_items_with_a_reason(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    g.fix_player.value = 1
    assert g.fix_items.value == 0
    g.fix_items.value = 2
    g.fix_reason.value = "  Splinter's text  "
    g.fix_apply.click()
    assert g.tracker.history[-1] == {"event": "correct", "player": 1, "items": 2, "reason": "Splinter's text"}
    assert g.state.players[1].items == 2 and "Items <b>2</b>" in g.counts[1].value
    assert g.fix_reason.value == "" and g.fix_items.value == 2
    g.fix_reason.value = "a\tb"  # refused by the tracker, said, nothing written
    g.fix_items.value = 1
    g.fix_apply.click()
    assert "one line" in g.fix_msg.value and g.state.players[1].items == 2


# -- 4. the next turn's Adjust preview foresees the Deck running out ------------------------------------

@pytest.mark.parametrize(("deck", "over"), [(6, True), (7, False)])
def test_the_adjust_preview_says_a_draw_that_empties_the_deck_ends_the_game(tmp_path: Path, deck: int,
                                                                            over: bool) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.names[0].value, g.names[1].value = "Ann", "Bob"
    g.first.value = 0
    g.new_game.click()
    g.tracker.do({"event": "correct", "player": 1, "hand": 0, "deck": deck})  # Bob draws 5 + 1 = 6
    to_phase(g, "flip")
    g.flip_buttons[2].click()  # an Item: Ann makes no attack, her turn ends
    g.next.click()
    assert g.state.phase == "attack" and "Bob, next turn" in g.adjust.value and "= <b>1</b>" in g.adjust.value
    said = ("Game Over: Bob&#x27;s Deck holds 6 cards and this Adjust Phase draws 6: the Deck runs out, "
            "so Bob loses and Ann wins (tmnt-tcg.txt, Game Over).")
    assert (said in g.adjust.value) is over and ("Game Over" in g.adjust.value) is over
    g.next.click()  # what the preview said is what happens
    assert g.state.over is over and (g.state.winner == 0) is over


# -- 5. 'tmnt adjust' cites Game Over for a Deck run out --------------------------------------------------

def test_tmnt_adjust_cites_game_over_when_the_deck_runs_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adjust", "--hand", "0", "--deck", "6")
    assert code == 0 and "hand 6, Deck 0 — the Deck ran out: game over (tmnt-tcg.txt, Game Over)" in out
    code, out, _ = run(capsys, "adjust", "--hand", "0", "--deck", "6", "--json")
    done = json.loads(out)
    assert done["deck_ran_out"] and done["deck_ran_out_cite"] == "tmnt-tcg.txt, Game Over"
    assert done["cite"] == "tmnt-tcg.txt, Adjust Phase"  # the draw itself is still the Adjust Phase's
    code, out, _ = run(capsys, "adjust", "--hand", "0", "--deck", "7")
    assert code == 0 and "Game Over" not in out and "game over" not in out
