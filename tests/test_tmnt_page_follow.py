"""The TMNT page as other windows write its log: a correction being typed survives the redraw
(:meth:`companion.ui.TrackerPage.follow_once`, a click), and Record attack is off, with the reason in
words, for an attack the tracker refuses for the cards in hand
(:func:`companion.tmnt.game.why_not_from_hand`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.tmnt.game import TmntTracker, attack_event, why_not_from_hand
from companion.views.tmnt import CUSTOM, GameTracker, _off
from tests.test_tmnt_views import CARDS, at_first_attack


def started(tmp_path: Path) -> tuple[GameTracker, TmntTracker]:
    """A page with a new game (Player 1 first), and another window's tracker on the same log."""
    page = GameTracker(tmp_path / "t.jsonl", CARDS)
    page.first.value = 0
    page.new_game.click()
    return page, TmntTracker(page.path)


# -- 1. a correction being typed is not lost ---------------------------------------------------------------

def test_a_count_typed_survives_another_windows_write(tmp_path: Path) -> None:
    page, other = started(tmp_path)
    page.fix_deck.value = 12  # being typed
    other.do({"event": "correct", "player": 0, "hand": 3, "deck": 20, "reason": "elsewhere"})
    assert page.follow_once() is True
    assert page.fix_deck.value == 12  # what the user typed stays
    assert page.fix_hand.value == 3  # a box the user did not touch shows the log's count
    page.fix_apply.click()
    assert page.tracker.history[-1] == {"event": "correct", "player": 0, "deck": 12, "reason": "set by hand"}
    assert (page.state.players[0].hand, page.state.players[0].deck) == (3, 12)
    other.do({"event": "correct", "player": 0, "deck": 7})
    assert page.follow_once() is True
    assert page.fix_deck.value == 7  # applied, the box follows the log again


def test_a_count_typed_survives_a_click_elsewhere_on_the_page(tmp_path: Path) -> None:
    page, _other = started(tmp_path)
    page.fix_deck.value = 12
    page.next.click()  # Event Phase
    page.play_event.click()  # hand 5 -> 4, Trash 0 -> 1
    assert (page.fix_hand.value, page.fix_trash.value, page.fix_deck.value) == (4, 1, 12)


def test_a_new_game_in_another_window_fills_every_box(tmp_path: Path) -> None:
    page, other = started(tmp_path)
    page.fix_deck.value = 12
    other.do({"event": "start", "players": ["A", "B"], "first": 0, "deck": 30})
    assert page.follow_once() is True
    assert page.fix_deck.value == 30 - 5 - 4  # another game's counts: the typed one was for the last


def test_choosing_the_player_fills_the_boxes_with_theirs(tmp_path: Path) -> None:
    page, other = started(tmp_path)
    other.do({"event": "correct", "player": 1, "items": 2})
    page.follow_once()
    page.fix_items.value = 1  # typed for Player 1
    page.fix_player.value = 1
    assert page.fix_items.value == 2


# -- 2. Record attack is off for an attack the hands cannot place ----------------------------------------

def _refused(page: GameTracker) -> RuleError:
    """The tracker's refusal of the attack the builder holds (another window's tracker, at the click)."""
    with pytest.raises(RuleError) as info:
        TmntTracker(page.path).do(attack_event(*page.builder.chosen()))
    return info.value


def hand_of(page: GameTracker, player: int, cards: int) -> None:
    """Correct ``player``'s hand to ``cards`` on the page, then pick the first Attack card (a Kick)."""
    page.fix_player.value = player
    page.fix_hand.value = cards
    page.fix_apply.click()
    page.builder.attacks[0].pick.value = "kick"


def test_record_is_off_for_more_attack_cards_than_the_hand_holds(tmp_path: Path) -> None:
    page = at_first_attack(tmp_path)
    hand_of(page, 0, 1)
    assert not page.record.disabled
    page.builder.attacks[1].pick.value = CUSTOM  # a Nature 2: a legal attack, but 2 cards from a hand of 1
    page.builder.attacks[1].attr.value = "Nature"
    assert page.builder.verdict is not None and page.builder.verdict.is_legal
    why = why_not_from_hand(page.state, 2, counter=False)
    assert why is not None and page.record.disabled
    assert page.record.tooltip == _off(page.state, why)
    assert "places 2 Attack cards but holds 1" in page.actions_off.value  # said in words under Record
    refused = _refused(page)
    assert (refused.message, refused.cite, refused.suggestion) == (why.message, why.cite, why.suggestion)
    page.fix_hand.value = 2  # the hand corrected: Record is on again
    page.fix_apply.click()
    assert not page.record.disabled and page.actions_off.value == ""
    page.record.click()
    assert page.state.attack is not None and page.state.players[0].hand == 0


def test_record_is_off_for_a_counter_from_an_empty_hand(tmp_path: Path) -> None:
    page = at_first_attack(tmp_path)
    hand_of(page, 1, 0)
    page.builder.counter.pick.value = "parry"
    assert page.builder.verdict is not None and page.builder.verdict.is_legal
    why = why_not_from_hand(page.state, 1, counter=True)
    assert why is not None and page.record.disabled
    assert page.record.tooltip == _off(page.state, why)
    assert "no cards in hand to Counter with" in page.actions_off.value
    refused = _refused(page)
    assert (refused.message, refused.cite, refused.suggestion) == (why.message, why.cite, why.suggestion)
    page.builder.counter.pick.value = "none"
    assert not page.record.disabled


def test_the_hand_predicate_says_nothing_for_cards_the_hands_hold(tmp_path: Path) -> None:
    page = at_first_attack(tmp_path)
    assert why_not_from_hand(page.state, 3, counter=True) is None  # 5 cards each
    assert "no game yet" in str(why_not_from_hand(TmntTracker(None).state, 0, counter=False))
