"""TMNT, exploratory test at the table: a correction that ends the game (or is made once it is over) says
what it set; Record attack is off while a card of unknown Power is chosen; New game over a game says
it replaces it; the Counter box is off while an Attack card flipped onto the 1st Block Zone is not named."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion.cards import card_from_record
from companion.cli import main
from companion.tmnt.game import TmntTracker, undone_line
from companion.views.tmnt import RECORD_NO_POWER, GameTracker
from tests.test_tmnt_audit6 import CARDS as AUDIT6_CARDS
from tests.test_tmnt_audit6 import at_the_attack as _at_the_attack
from tests.test_tmnt_views import _game_over

#: the cards of test_tmnt_audit6, and an Attack card whose Power the data does not know
CARDS = [*AUDIT6_CARDS, card_from_record("tmnt", "Test demo", {
    "id": "mystery", "name": "Mystery", "type": "attack", "attribute": "nature", "power": None,
    "attack_kind": "normal", "source": "demo"})]


def text(value: str) -> str:
    """An HTML widget's value as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def at_the_attack(tmp_path: Path, card: str = "character") -> GameTracker:
    """A tracker page at Ann's Attack Phase (Ann and Bob), the 1st Block card flipped as ``card``."""
    return _at_the_attack(tmp_path, card=card, cards=CARDS, names=("Ann", "Bob"))


# -- 1. a correction that ends the game, or is made once it is over, says what it set -----------------

def test_a_correction_that_ends_the_game_says_what_it_set_then_game_over() -> None:
    t = TmntTracker()
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    t.do({"event": "correct", "player": 1, "deck": 0, "reason": "milled by a card text"})
    assert t.state.over and t.state.winner == 0
    assert t.state.message.startswith("Corrected Bob: Deck 0 (was 31); reason: milled by a card text. Game "
                                      "over: Bob's Deck ran out: Ann wins")
    t.do({"event": "correct", "player": 0, "hand": 3})  # once over: still over, and says what it set
    assert t.state.over and t.state.message.startswith("Corrected Ann: hand 3 (was 5). Game over:")
    assert undone_line(t.state.message).startswith("Undone: Corrected Ann: hand 3 (was 5).")
    t.do({"event": "correct", "player": 1, "deck": 4})  # a Deck given cards again: the game goes on
    assert not t.state.over and "Both Decks hold cards again" in t.state.message


def test_tmnt_do_says_the_correction_made_after_game_over(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    assert main(["tmnt", "do", log, '{"event": "start", "first": 0}',
                 '{"event": "correct", "player": 1, "deck": 0}']) == 0
    capsys.readouterr()
    fix = '{"event": "correct", "player": 0, "trash": 2, "reason": "discards"}'
    assert main(["tmnt", "do", log, fix]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(
        "Corrected Player 1: Trash 2 (was 0); reason: discards. Game over:")
    assert main(["tmnt", "do", log, "undo"]) == 0
    assert capsys.readouterr().out.startswith("Undone: Corrected Player 1: Trash 2 (was 0)")


def test_a_block_zone_tapped_once_the_game_is_over_says_what_changed(tmp_path: Path) -> None:
    g = _game_over(tmp_path)
    assert g.state.over and "Corrected Player 2: Deck 0 (was 31)" in text(g.fix_msg.value)
    g.zones[0][1].click()  # face-down -> face-up
    said = text(g.zone_msg.value)
    assert "Corrected Player 1: Block Zone 2 face-up (was face-down)" in said and "Game over" in said


# -- 2. Record attack is off while a card of unknown Power is chosen -----------------------------

def test_record_is_off_with_a_card_of_unknown_power_and_says_why(tmp_path: Path) -> None:
    g = at_the_attack(tmp_path)
    b = g.builder
    b.character.pick.value = "hero"
    b.attacks[0].pick.value = "mystery"  # its Power is null in the card data: never guessed
    assert b.verdict is not None and b.verdict.is_legal and b.verdict.extra["damage"] is None
    assert g.record.disabled and g.record.tooltip == RECORD_NO_POWER
    assert "choose Custom… with its Power instead" in text(g.actions_off.value)
    b.attacks[0].pick.value = "custom"
    b.attacks[0].attr.value = "Nature"
    b.attacks[0].power.value = 1
    assert not g.record.disabled and g.actions_off.value == ""


# -- 3. New game over a game says that it replaces it ----------------------------------------------------

def test_new_game_over_a_game_says_it_replaces_it_and_undo_brings_it_back(tmp_path: Path) -> None:
    g = at_the_attack(tmp_path)
    g.names[0].value, g.names[1].value = "Cy", "Di"
    g.new_game.click()
    said = text(g.status.value)
    assert said.startswith("New game: it replaces the game this log held (Ann and Bob, turn 1: Ann to "
                           "play); Undo brings that game back.")
    assert "goes first" in said  # (and what the start did)
    g.undo.click()
    assert [p.name for p in g.state.players] == ["Ann", "Bob"] and g.state.phase == "attack"
    first = GameTracker(tmp_path / "fresh.jsonl", CARDS)
    first.first.value = 0
    first.new_game.click()  # no game before it: nothing replaced
    assert "replaces" not in text(first.status.value)


# -- 4. the Counter box is off while the Attack card flipped is not named yet ----------------------------

def test_counter_is_off_before_the_flipped_attack_card_is_chosen(tmp_path: Path) -> None:
    g = at_the_attack(tmp_path, card="attack")
    b = g.builder
    assert b.first is None  # the table has not named it yet
    assert b.counter.pick.disabled and "the Counter Step is skipped" in text(b.counter_off.value)
    b.character.pick.value = "blaze"
    assert b.counter.pick.disabled and not g.record.disabled
