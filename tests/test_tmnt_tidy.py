"""TMNT clean-ups that keep behaviour: a short Deck sends the cards it holds (and says so), a stale page
refuses in its own words, and the attack builder reads each card place once, in the same order."""

from __future__ import annotations

from pathlib import Path

from companion.tmnt.attack import POWER_MAX
from companion.tmnt.game import TmntTracker
from companion.views.tmnt import CUSTOM, NONE, PICK, AttackBuilder, GameTracker
from tests.test_tmnt_audit6 import CARDS, text, two_windows


def started() -> TmntTracker:
    t = TmntTracker(None)
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0, "deck": 40})
    while t.state.phase != "flip":
        t.do({"event": "next"})
    return t


def to_attack(t: TmntTracker) -> None:
    t.do({"event": "flip", "card": "character"})
    t.do({"event": "next"})


def test_a_short_defender_deck_sends_the_cards_it_holds() -> None:
    t = started()
    t.do({"event": "correct", "player": 1, "deck": 1})
    to_attack(t)
    t.do({"event": "attack", "character": "wind:5", "attacks": ["fire:1"]})  # 6 damage: 4 Blocks, 2 due
    bob = t.state.players[1]
    assert (bob.deck, bob.trash) == (0, 1)
    assert "Bob sends the last 1 card of the Deck to the Trash (2 due)" in t.state.message
    assert t.state.attack is not None and t.state.attack["defender_trashed"] == 1


def test_a_short_attacker_deck_sends_the_cards_it_holds() -> None:
    t = started()
    t.do({"event": "correct", "player": 0, "deck": 1})
    to_attack(t)
    t.do({"event": "attack", "character": "wind:1", "attacks": ["fire:1"],
          "counter": {"attribute": "mountain", "power": 5, "kind": "forceful-counter"}})  # 3 due
    ann, bob = t.state.players
    assert (ann.deck, ann.trash, bob.deck, bob.trash) == (0, 1, 31, 0)
    assert "Ann sends the last 1 card of the Deck to the Trash (3 due)" in t.state.message


def test_a_deck_holding_the_cards_due_sends_them_all() -> None:
    t = started()
    to_attack(t)
    t.do({"event": "attack", "character": "wind:5", "attacks": ["fire:1"]})
    bob = t.state.players[1]
    assert (bob.deck, bob.trash) == (31 - 2, 2) and "Bob sends 2 from Deck to Trash" in t.state.message


def test_a_stale_next_and_a_stale_undo_keep_their_own_words(tmp_path: Path) -> None:
    a, b = two_windows(tmp_path, 0)
    a.next.click()
    before = (tmp_path / "t.jsonl").read_text()
    b.next.click()
    shown = text(b.status.value)
    assert "another window changed the game since this page was drawn: Next phase was not done, and " \
           "nothing was recorded" in shown and "The page now shows the game as it is" in shown
    a.next.click()
    b.undo.click()
    assert (tmp_path / "t.jsonl").read_text() != before  # (A's Next)
    assert "the log changed in another window since this page was drawn; nothing was done" \
        in text(b.status.value)
    assert b.state.phase == "item"  # nothing undone: Set -> Event -> Item as A pressed


def test_the_builder_waits_for_the_first_card_before_reading_the_others() -> None:
    b = AttackBuilder(CARDS, in_tracker=True)
    b.attacks[0].pick.value = CUSTOM
    b.attacks[0].power.value = POWER_MAX + 1  # not read while the 1st Block card is not chosen
    assert b.character.pick.value == PICK and "Choose the card on the 1st Block Zone" in b.result.value
    b.character.pick.value = "hero"
    assert f"Power must be 0 to {POWER_MAX}" in text(b.result.value)
    b.attacks[0].pick.value = NONE
    b.attacks[1].pick.value = "slam"  # the places the cards are in are named (an empty one skipped)
    b.attacks[2].pick.value = "kick"
    assert b.verdict is not None
    assert [p.message[:len("Attack 2: Slam")] for p in b.verdict.problems] == ["Attack 2: Slam"]
    assert "(Attack 2 is the 1st card placed: an empty place does not count)" in b.verdict.problems[0].message


def test_a_tracker_page_still_takes_next_on_a_current_page(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    g.next.click()
    assert g.state.phase == "event"
