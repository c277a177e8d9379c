"""Two review mends of the TMNT page. (1) An action chosen for a game or a turn that another window has left
since (Record attack, Apply Result Step, a correction) is refused one way, in one wording, as a stale page's
action is (:meth:`companion.views.tmnt.GameTracker._locked`, a :class:`companion.ui.StaleRefusal`): said
once under the button, nothing recorded, the page drawn again. (2) The card an attack names on the 1st
Block Zone is checked against the card the log names there once per action
(:func:`companion.tmnt.game.check_first_card`), in the same words as before."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from companion import ui
from companion.errors import RuleError
from companion.tmnt import game
from companion.tmnt.game import TmntTracker
from companion.views.tmnt import GameTracker
from tests.test_tmnt_audit4 import kept, raphael_kept, started
from tests.test_tmnt_views import CARDS, at_first_attack

STALE = "another window changed the game since this page was drawn"
AGAIN = "The page now shows the game as it is: check it, then press again."
NEW_GAME = {"event": "start", "players": ["Cy", "Di"], "first": 1, "deck": 30}


def other_window_ends_the_turn(page: GameTracker) -> None:
    """Another window on the page's log makes this turn's attack (if not made), applies its Result Step and
    ends the turn; the page has not looked at the log since."""
    other = GameTracker(page.path, CARDS)
    if other.state.attack is None:
        other.builder.character.pick.value = "hero"
        other.record.click()
    other.result_step.click()
    other.next.click()
    assert other.state.turn == page.state.turn + 1


# -- 1. one refusal for an action chosen for a game or turn left since ------------------------------------

def test_record_on_a_turn_another_window_ended_is_refused_as_a_stale_page_once(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    g.builder.attacks[0].pick.value = "kick"
    other_window_ends_the_turn(g)
    before = g.path.read_text()
    g.record.click()
    said = g.action_msg.value
    assert f"{STALE}: Record attack was not done, and nothing was recorded" in said and AGAIN in said
    assert said.count(STALE) == 1 and STALE not in g.status.value + g.zone_msg.value + g.fix_msg.value
    assert g.path.read_text() == before  # nothing recorded
    assert g.state.turn == 2 and g.record not in g.actions.children  # drawn again: the next turn on show


def test_the_result_step_on_a_turn_another_window_ended_is_refused_in_the_same_words(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    g.record.click()
    assert g.state.phase == "result" and g.result_step in g.actions.children
    other_window_ends_the_turn(g)
    before = g.path.read_text()
    with pytest.raises(ui.StaleRefusal) as refused:  # (the click's guard says it: the error's kind)
        g._result_step()
    assert refused.value.message == f"{STALE}: Apply Result Step was not done, and nothing was recorded"
    assert refused.value.suggestion == AGAIN
    assert g.path.read_text() == before and g.state.turn == 2  # drawn again: the next turn on show
    assert g.result_step not in g.actions.children


def test_a_correction_after_another_windows_new_game_is_the_same_refusal(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    g.fix_deck.value = 12
    TmntTracker(g.path).do(NEW_GAME)
    with pytest.raises(ui.StaleRefusal) as refused:
        g._correct()
    assert refused.value.message == f"{STALE}: the correction was not done, and nothing was recorded"
    assert g.fix_deck.value == 12 and g.state.players[0].name == "Cy"  # typed count back; drawn again


# -- 2. the card on the 1st Block Zone checked once per action ---------------------------------------------

@pytest.fixture
def mismatch_calls(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every call of :func:`~companion.tmnt.game.first_card_mismatch`, as it is made (and answered)."""
    calls: list[Any] = []
    real = game.first_card_mismatch

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(game, "first_card_mismatch", counted)
    return calls


POWER_NOTE = ("Raphael (fire 4) on Ann's 1st Block Zone was recorded with Power 4; this attack gives it "
              "Power 6 (a card text?)")
OTHER_CARD = ("Ann's 1st Block Zone holds Raphael (fire 4), named by an earlier attack and left there "
              "face-up; this attack names Leonardo (wind 3)")


def test_an_attack_with_another_power_checks_the_card_once_and_says_it_as_before(
        tmp_path: Path, mismatch_calls: list[Any]) -> None:
    g = raphael_kept(tmp_path)
    slot = g.builder.character
    slot.kind.value, slot.attr.value, slot.power.value = "character", "Fire", 6  # a card text's doing?
    slot.pick.value = "custom"
    mismatch_calls.clear()
    g.builder.update()  # the page's check: the warning and Record's gate from one answer
    assert len(mismatch_calls) == 1
    warning = html.unescape(g.builder.mismatch.value)
    assert "Not the Power recorded for this card" in warning and POWER_NOTE in warning
    assert "Give it Power 4 unless a card text changed it." in warning and not g.record.disabled
    mismatch_calls.clear()
    g.record.click()  # the tracker's check: the refusal and the Forward Step's note from one answer
    assert len(mismatch_calls) == 1
    assert g.state.message == (f"Forward Step: damage 6; {POWER_NOTE}; Bob flips 3 Block cards from the "
                               "1st; Bob sends 3 from Deck to Trash (tmnt-tcg.txt, Attack Phase (3) "
                               "Forward Step). Now the Result Step.")


def test_another_card_is_refused_after_one_check_in_the_same_words(
        tmp_path: Path, mismatch_calls: list[Any]) -> None:
    g = raphael_kept(tmp_path)
    mismatch_calls.clear()
    g.builder.character.pick.value = "leo"
    assert len(mismatch_calls) == 1 and g.record.disabled
    assert OTHER_CARD in html.unescape(g.builder.mismatch.value)
    t = started()
    kept(t)
    mismatch_calls.clear()
    with pytest.raises(RuleError) as refused:
        t.do({"event": "attack", "attacks": [],
              "character": {"type": "character", "attribute": "wind", "power": 3, "name": "Leonardo"}})
    assert len(mismatch_calls) == 1
    assert refused.value.render() == (f"{OTHER_CARD} (tmnt-tcg.txt, Attack Phase (1) Attack Step). Record "
                                      "the attack with Raphael (fire 4); if a card text put another card "
                                      "there, correct the 1st Block Zone first.")
