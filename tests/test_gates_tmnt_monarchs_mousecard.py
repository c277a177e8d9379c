"""Gate before the click on the TMNT, Monarchs and Mouse Card pages: a button whose click would be refused
is off first, with the reason said in words under it (findings of a fuzz that clicked enabled buttons)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import CompanionError, RuleError
from companion.monarchs.flow import HighScore, HighScores, why_not_high_score
from companion.monarchs.scoring import ScoreFile
from companion.tmnt.game import Game, TmntTracker, why_not_correct
from companion.views.monarchs import REMOVE_NONE_LISTED, REMOVE_PICK_FIRST, MonarchsCompanion
from companion.views.mousecard import MouseCardPage
from companion.views.tmnt import NO_GAME, NOTHING_TO_FIX, GameTracker
from tests.test_monarchs_audit3 import db
from tests.test_tmnt_views import CARDS


def started(tmp_path: Path) -> GameTracker:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    return g


# -- TMNT ---------------------------------------------------------------------------------------------

def test_tmnt_apply_correction_is_off_until_a_box_differs_from_the_game(tmp_path: Path) -> None:
    g = started(tmp_path)
    assert g.fix_apply.disabled and g.fix_apply.tooltip.startswith(NOTHING_TO_FIX)
    assert "<b>Apply correction</b>: nothing to correct" in g.fix_off.value
    g.fix_hand.value = 4  # rechecked as a box changes
    assert not g.fix_apply.disabled and g.fix_off.value == ""
    g.fix_hand.value = 5  # as the game has it again
    assert g.fix_apply.disabled
    g.fix_player.value = 1
    g.fix_deck.value = 12
    assert not g.fix_apply.disabled
    g.fix_apply.click()
    assert g.state.players[1].deck == 12 and "Corrected" in g.fix_msg.value
    assert g.fix_apply.disabled  # the boxes show the game's counts again


def test_tmnt_corrections_are_off_with_no_game_after_undoing_the_start(tmp_path: Path) -> None:
    g = started(tmp_path)
    g.fix_hand.value = 3
    assert not g.fix_apply.disabled and not g.zones[0][0].disabled
    g.undo.click()  # takes back the start: no game
    assert not g.state.started
    for b in (*g.zones[0], *g.zones[1], g.fix_apply):
        assert b.disabled and b.tooltip == NO_GAME
    assert f"<b>Apply correction</b>: {NO_GAME}" in g.fix_off.value
    g.redo.click()
    assert not g.zones[0][0].disabled and "Click to correct" in g.zones[0][0].tooltip


def test_tmnt_corrections_stay_on_once_the_game_is_over(tmp_path: Path) -> None:
    g = started(tmp_path)
    g.fix_player.value = 1
    g.fix_deck.value = 0
    g.fix_apply.click()
    assert g.state.over and why_not_correct(g.state) is None
    assert not g.zones[0][0].disabled
    g.fix_deck.value = 10  # a Deck given cards again takes the game up again
    assert not g.fix_apply.disabled


def test_tmnt_the_trackers_refusal_of_a_correction_is_the_predicates(tmp_path: Path) -> None:
    refused = why_not_correct(Game())
    assert refused is not None
    with pytest.raises(RuleError) as caught:
        TmntTracker(tmp_path / "t.jsonl").do({"event": "correct", "player": 0, "hand": 3})
    assert caught.value.message == refused.message and caught.value.suggestion == refused.suggestion


# -- Monarchs -----------------------------------------------------------------------------------------

def test_monarchs_remove_is_off_until_a_listed_score_is_chosen() -> None:
    v = MonarchsCompanion(db())
    assert v.remove_button.disabled and v.remove_button.tooltip == REMOVE_NONE_LISTED
    v.hs_score.value = 20
    v.save_button.click()
    assert v.remove_button.disabled and v.remove_button.tooltip == REMOVE_PICK_FIRST
    assert f"<b>Remove</b>: {REMOVE_PICK_FIRST}" in v.remove_off.value
    v.hs_pick.value = 0
    assert not v.remove_button.disabled and v.remove_off.value == ""
    v.remove_button.click()
    assert "Removed: 20 VP" in v.hs_message.value and v.remove_button.disabled


def test_monarchs_save_is_off_for_a_pad_total_the_table_does_not_keep() -> None:
    v = MonarchsCompanion(db())
    v.cards["orange"].value, v.crowns["orange"].value = 40, 40  # the pad's total goes in Final score
    assert v.hs_score.value == 1600
    why = "Final score: a solo score is a whole number 0..999 VP, not 1600"
    assert v.save_button.disabled and v.save_button.tooltip == why
    assert f"<b>Save score</b>: {why}" in v.save_off.value
    v.hs_score.value = 28
    assert not v.save_button.disabled and v.save_off.value == ""
    v.hs_name.value = "x" * 41
    assert v.save_button.disabled and v.save_button.tooltip.startswith("Name: a player's name is at most 40")
    v.hs_name.value = "Ann"
    v.save_button.click()
    assert "Saved 28 VP" in v.hs_message.value


def test_monarchs_the_tables_refusal_of_a_score_is_the_predicates() -> None:
    for score, name in ((1600, ""), (20, "x" * 41)):
        refused = why_not_high_score(score, name)
        assert refused is not None
        with pytest.raises(RuleError) as caught:
            HighScores().add(HighScore(score, name))
        assert caught.value.message == refused.message
    assert why_not_high_score(999, "Ann") is None


def test_monarchs_score_this_list_is_off_while_the_list_box_is_blank() -> None:
    v = MonarchsCompanion(db())
    why = "the pasted list box is empty: paste a decklist ('3 Card Name' lines) or JSON first"
    assert v.score_list_button.disabled and v.score_list_button.tooltip == why
    assert "<b>Score this list</b>: the pasted list box is empty" in v.list_off.value
    v.list_text.value = "  \n "  # spaces only: still nothing to score
    assert v.score_list_button.disabled
    with pytest.raises(CompanionError) as caught:  # what the click would be refused with
        ScoreFile(v.list_text.value, "pasted list").cards(db())
    empty = ScoreFile(v.list_text.value, "pasted list").why_empty()
    assert empty is not None and caught.value.message == empty.message
    v.list_text.value = "3 Duke"
    assert not v.score_list_button.disabled and v.list_off.value == ""
    v.score_list_button.click()
    assert "Total: 18 VP" in v.total.value


# -- Mouse Card ---------------------------------------------------------------------------------------

def test_mousecard_draw_award_and_spend_are_off_until_a_name_is_given(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    assert page.draw_button.disabled
    assert page.draw_button.tooltip == "the Character box is empty: name the character who draws"
    assert "<b>Draw</b>: the Character box is empty" in page.draw_off.value
    for b in (page.award_button, page.spend_button):
        assert b.disabled and b.tooltip == "the Player box is empty: name the player"
    assert "<b>Award a fate chip, Spend a fate chip</b>: the Player box is empty" in page.chips_off.value
    page.player.value = "Ann"  # the Player box names whose chips
    assert not page.award_button.disabled and page.draw_button.disabled
    page.award_button.click()
    assert not page.spend_button.disabled and page.tracker.state.chips_of("Ann") == 1
    page.player.value = ""
    page.character.value = "Pip"  # the Character box names who draws, and whose chips when Player is blank
    assert not page.draw_button.disabled and not page.award_button.disabled
    assert page.spend_button.tooltip == "Pip has no fate chip to spend"


def test_mousecard_actions_are_off_once_the_sessions_start_is_undone(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value = "Pip"
    page.undo_button.click()  # takes back the start: no session under way
    none = page.tracker.no_session()
    assert none is not None and none.reason == "undone"
    for b in (page.draw_button, page.award_button, page.spend_button, page.chapter_button):
        assert b.disabled and b.tooltip == none.said, b.description
    assert f"<b>End of chapter: reshuffle</b>: {none.said}" in page.session_off.value
    with pytest.raises(RuleError) as caught:  # the tracker refuses in the same words
        page.tracker.do({"event": "reshuffle", "reason": "chapter"})
    assert caught.value.message == none.said
    page.redo_button.click()
    assert not page.chapter_button.disabled and not page.draw_button.disabled
