"""Session 6, the Mouse Card tools at the table (a game master's session): a misspelt name on a spend,
an ace or chip, or a draw-on; why Draw on is off; the draw an undone ace or chip leaves on show; the
book's own words for a target ("J or better", "face cards"); and names the live deck refuses, which
keep Draw and Award off."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.mousecard.deck import JACK, QUEEN, parse_rank
from companion.mousecard.live import open_live_deck
from companion.views.mousecard import MouseCardPage
from tests.helpers import run_cli


def text(widget_html: str) -> str:
    """A panel's words, its tags and entities gone."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def _session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A log where Tilly drew a cautious combat check stopped by the red joker, and Pip holds a chip."""
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Tilly", "--skill", "3", "--target", "J",
                   "--situation", "combat", "--cards", "4S, RJ")[0] == 0
    assert run_cli(capsys, "mousecard", "award", log, "Pip")[0] == 0
    return log


# -- 1. a misspelt name: the one meant, never "Draw first" ------------------------------------------

@pytest.mark.parametrize("action", [
    ["bonus", "Tily", "--source", "ace", "--use", "cancel"],
    ["draw-on", "--character", "Tily"],
])
def test_an_ace_chip_or_draw_on_for_a_misspelt_name_suggests_the_character_meant(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: list[str]) -> None:
    log = _session(tmp_path, capsys)
    code, _out, err = run_cli(capsys, "mousecard", action[0], log, *action[1:])
    assert code == 2 and "Tily has not drawn yet" in err
    assert "Did you mean 'Tilly'?" in err and "Draw first" not in err  # (a draw would start a new Tily)


def test_a_spend_for_a_misspelt_name_suggests_the_player_meant(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys)
    code, _out, err = run_cli(capsys, "mousecard", "spend", log, "Pipp")
    assert code == 2 and "Pipp has 0 fate chips, cannot spend 1" in err and "Did you mean 'Pip'?" in err
    code, _out, err = run_cli(capsys, "mousecard", "bonus", log, "Zed", "--source", "chip", "--use", "cancel")
    assert code == 2 and "Draw first" in err and "Did you mean" not in err  # (a name close to none)


def test_the_page_says_the_name_meant_beside_a_misspelt_one(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value, page.cards.value = "Tilly", "4S, 5S, 6S"
    page.draw_button.click()
    page.player.value = "Tilly"
    page.award_button.click()
    page.character.value = "Tily"
    assert "Tily has not drawn yet ('Tily' is a new name in this session. Did you mean 'Tilly'?)" in text(
        page.last.value)
    page.player.value = "Tily"  # Spend is off (Tily holds no chip), and the name meant is said under it
    assert page.spend_button.disabled and "Did you mean 'Tilly'?" in text(page.chips_off.value)
    page.player.value = "Tilly"
    assert not page.spend_button.disabled and "Did you mean" not in page.chips_off.value


# -- 2. why Draw on is off ---------------------------------------------------------------------------

def test_draw_on_says_why_a_cancelled_bad_card_does_not_let_this_draw_go_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.situation.value, page.skill.value = "combat", 3
    page.cancel_draws_on.value = False  # the house reading: a cancelled bad card ends the draw
    page.character.value, page.player.value, page.cards.value = "Ann", "Ann", "4S, RJ"
    page.draw_button.click()
    page.award_button.click()
    page.bonus_buttons[3].click()  # Chip: cancel bad
    assert "cancelled" in text(page.last.value) and page.draw_on_button.disabled
    said = text(page.draw_off.value)  # the reason of this draw, in the page's words
    assert "#1 cannot, a cancelled bad card ends the draw (“A cancelled bad card lets the draw go on” " \
           "unticked)" in said and "cancel_draws_on" not in said
    # with the reading on, a draw whose skill is used up cannot go on either, and says so
    page.cancel_draws_on.value, page.skill.value = True, 2
    page.character.value, page.player.value, page.cards.value = "Bo", "Bo", "4C, red joker"
    page.draw_button.click()
    page.award_button.click()
    page.bonus_buttons[3].click()
    assert page.draw_on_button.disabled and "#2 cannot, it has no draws left" in text(page.draw_off.value)
    code, _out, err = run_cli(capsys, "mousecard", "draw-on", str(log), "--character", "Bo")
    assert code == 2 and "Bo's draw #2 cannot go on: it has no draws left" in err  # as the command says


# -- 3. an undone ace or chip leaves its draw on show --------------------------------------------------

def test_undoing_a_chip_shows_the_draw_it_was_spent_on_not_the_latest_draw(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.situation.value = "combat"
    page.character.value, page.cards.value = "Ann", "4S, RJ"
    page.draw_button.click()
    page.character.value, page.cards.value = "Bo", "4C, 5C, 6C"
    page.draw_button.click()
    page.player.value = "Ann"
    page.award_button.click()
    page.character.value = "Ann"
    page.bonus_buttons[3].click()  # Ann's chip cancels the red joker
    page.undo_button.click()
    assert "Undone: Ann spends a fate chip on draw #1" in text(page.message.value)
    # Ann's draw, its red joker back in effect, with the chip to spend again (say as a success instead)
    assert page.character.value == "Ann" and "#1 Ann" in page.last.value
    assert "red joker bad" in text(page.last.value) and not page.bonus_buttons[3].disabled
    page.redo_button.click()
    assert page.character.value == "Ann" and "red joker cancelled" in text(page.last.value)
    page.undo_button.click()
    page.undo_button.click()  # the award: no draw changes, Ann's stays on show
    page.undo_button.click()  # Bo's draw: the draw before it is shown, as ever
    assert page.character.value == "Ann" and "#1 Ann" in page.last.value


# -- 4. a target in the book's words -------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["J or better", "j+", "face", "Face Cards", "face cards or better",
                                   "jacks or better", "  J  OR   better "])
def test_a_target_in_the_books_words_is_the_rank_it_names(typed: str) -> None:
    assert parse_rank(typed) == JACK
    assert parse_rank("Q+") == QUEEN and parse_rank("10 or better") == 10


@pytest.mark.parametrize("typed", ["+", "or better", "joker or better", "face+cards"])
def test_words_that_name_no_rank_are_still_refused(typed: str) -> None:
    with pytest.raises(CompanionError, match="not a rank"):
        parse_rank(typed)


def test_odds_take_the_books_words_and_a_card_with_a_plus_names_its_rank(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "1", "--target", "Face cards or better")
    assert code == 0 and "J or better" in out and "16:38" in out
    code, _out, err = run_cli(capsys, "odds", "mousecard", "--skill", "1", "--target", "QH+")
    assert code == 2 and "a rank such as Q)" in err  # (not "QH": the rank, without its suit)


# -- 5. a name the live deck refuses keeps Draw and Award off ------------------------------------------

def test_draw_and_award_are_off_for_a_name_the_live_deck_refuses(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.character.value = "x" * 61
    assert page.draw_button.disabled and page.award_button.disabled
    assert "the Character box: a character's name is 61 characters long, 1 too many" in text(
        page.draw_off.value)
    assert "the Character box: a player's name is 61 characters long" in text(page.chips_off.value)
    page.player.value = "\u200bPip"  # a zero-width space pasted in
    assert page.award_button.disabled and "the Player box: a player's name holds an invisible format " \
                                          "character" in text(page.chips_off.value)
    page.draw_button.click()  # (a click that gets through is refused as before, nothing written)
    assert "61 characters long" in text(page.message.value)
    page.character.value, page.player.value = "x" * 60, "Pip"
    assert not page.draw_button.disabled and not page.award_button.disabled
    page.draw_button.click()
    assert page.tracker.state.draws[-1].character == "x" * 60
    assert open_live_deck(str(log), read_only=True).state.draws[-1].character == "x" * 60
