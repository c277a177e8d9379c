"""The TMNT page's corrections (counts, a Block Zone tapped) when another window starts a new game between
the page's last look at the log and the click: refused as a stale page's action, nothing written and
nothing typed lost; once the page shows the new game, the correction works
(:meth:`companion.views.tmnt.GameTracker._locked`, for the game on show, any turn)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.tmnt.game import TmntTracker
from companion.views.tmnt import GameTracker
from tests.test_tmnt_views import CARDS

NEW_GAME = {"event": "start", "players": ["Ann", "Bob"], "first": 1, "deck": 30}
STALE = "another window changed the game since this page was drawn"


def page_and_other_window(tmp_path: Path) -> tuple[GameTracker, TmntTracker]:
    """A page with a game (Player 1 first, Decks of 40), and another window's tracker on the same log."""
    page = GameTracker(tmp_path / "t.jsonl", CARDS)
    page.first.value = 0
    page.new_game.click()
    return page, TmntTracker(page.path)


def events_after(path: Path, text: str) -> list[str]:
    """The kinds of the events written to ``path`` after its text was ``text``."""
    return [json.loads(line)["event"] for line in path.read_text()[len(text):].splitlines()]


def test_a_count_correction_is_refused_after_another_windows_new_game(tmp_path: Path) -> None:
    page, other = page_and_other_window(tmp_path)
    page.fix_player.value = 1
    page.fix_deck.value = 12  # typed for the game on show
    page.fix_items.value = 2
    page.fix_reason.value = "Splinter's text"
    other.do(NEW_GAME)  # the page has not looked at the log since
    before = page.path.read_text()
    page.fix_apply.click()
    assert STALE in page.fix_msg.value and "the correction was not done" in page.fix_msg.value
    assert page.path.read_text() == before  # no correction landed in the new game
    assert page.state.players[1].name == "Bob" and page.state.players[1].deck == 30 - 5 - 4  # drawn again
    assert (page.fix_deck.value, page.fix_items.value) == (12, 2)  # nothing typed is lost
    assert page.fix_reason.value == "Splinter's text" and page.fix_hand.value == 5
    assert not page.fix_apply.disabled  # the counts typed differ from the new game's: press again
    page.follow_once()  # the page follows the log: it shows the new game, the boxes what was typed
    assert (page.fix_deck.value, page.fix_items.value) == (12, 2)
    page.fix_apply.click()
    assert events_after(page.path, before) == ["correct"]
    assert page.tracker.history[-1] == {"event": "correct", "player": 1, "deck": 12, "items": 2,
                                        "reason": "Splinter's text"}
    assert page.tracker.history[-2] == NEW_GAME  # in the new game
    assert (page.state.players[1].deck, page.state.players[1].items) == (12, 2)


def test_a_block_zone_tap_is_refused_after_another_windows_new_game(tmp_path: Path) -> None:
    page, other = page_and_other_window(tmp_path)
    other.do(NEW_GAME)
    before = page.path.read_text()
    page.zones[0][3].click()  # Player 1's 4th Block Zone, face-down on show: face-up meant
    said = page.zone_msg.value
    assert STALE in said and "the correction of the 4th Block Zone was not done" in said
    assert page.path.read_text() == before and page.state.players[0].zones[3].face == "down"
    assert page.state.players[0].name == "Ann"  # drawn again: the new game on show
    page.follow_once()
    page.zones[0][3].click()  # seen: the tap corrects the new game
    assert events_after(page.path, before) == ["correct"]
    assert page.state.players[0].zones[3].face == "up" and page.tracker.history[-2] == NEW_GAME


def test_a_correction_still_keeps_a_count_another_window_corrected_in_the_same_game(tmp_path: Path) -> None:
    page, other = page_and_other_window(tmp_path)
    page.fix_deck.value = 12
    other.do({"event": "correct", "player": 0, "hand": 3, "reason": "elsewhere"})  # the same game: no reason
    page.fix_apply.click()
    assert STALE not in page.fix_msg.value
    assert (page.state.players[0].hand, page.state.players[0].deck) == (3, 12)


def test_every_stale_refusal_of_the_page_is_one_kind() -> None:
    """A correction's refusal and Next's are the same kind of error, ui.StaleRefusal, as every page's."""
    from companion import ui
    from companion.views.tmnt import GameTracker

    assert isinstance(GameTracker._stale("the correction"), ui.StaleRefusal)
