"""The gates before the click on the TMNT, Monarchs and Mouse Card pages, mended after review: Record
goes off again when the empty choice is picked again, each gate is worked out once per change, and a
score file's JSON that cannot be read is read once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import companion.deck.decklist as decklist
from companion.errors import CompanionError
from companion.monarchs.scoring import ScoreFile
from companion.views.mousecard import MouseCardPage
from companion.views.tmnt import PICK, RECORD_PICK_FIRST, GameTracker
from tests.test_gates_tmnt_monarchs_mousecard import started
from tests.test_tmnt_audit6 import at_the_attack


def counted(monkeypatch: pytest.MonkeyPatch, obj: Any, name: str) -> list[int]:
    """Count the calls of ``obj``'s function ``name`` (still made): one item per call."""
    calls: list[int] = []
    function: Callable[..., Any] = getattr(obj, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return function(*args, **kwargs)

    monkeypatch.setattr(obj, name, wrapper)
    return calls


# -- TMNT ---------------------------------------------------------------------------------------------

def test_tmnt_record_goes_off_again_when_the_empty_choice_is_picked_again(tmp_path: Path) -> None:
    g = at_the_attack(tmp_path)
    g.builder.character.pick.value = "hero"
    assert not g.record.disabled
    g.builder.character.pick.value = PICK  # the table takes its choice back
    assert g.record.disabled and g.record.tooltip == RECORD_PICK_FIRST
    assert "Choose the card on the 1st Block Zone" in g.builder.result.value


def test_tmnt_apply_correction_is_gated_once_the_boxes_are_filled(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    g: GameTracker = started(tmp_path)
    g.fix_player.value = 1
    g.fix_deck.value, g.fix_hand.value = 12, 3
    g.fix_apply.click()  # player 2's counts now differ from player 1's in two boxes
    calls = counted(monkeypatch, g, "_fix_ready")
    g.fix_player.value = 0  # fills every box with player 1's counts
    assert len(calls) == 1 and g.fix_apply.disabled
    assert (g.fix_hand.value, g.fix_deck.value) == (5, g.state.players[0].deck)
    calls.clear()
    g.refresh()
    assert len(calls) == 1
    calls.clear()
    g.fix_trash.value = 2  # a box the user changes is still gated at once
    assert len(calls) == 1 and not g.fix_apply.disabled


# -- Monarchs -----------------------------------------------------------------------------------------

def test_monarchs_json_that_cannot_be_read_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counted(monkeypatch, decklist, "read_json")
    pasted = ScoreFile('{"cards": [', "pasted list")
    assert not pasted.needs_card_data()
    for _ in range(2):  # the same refusal each time it is asked
        with pytest.raises(CompanionError) as caught:
            pasted.cards()
        assert caught.value.message.startswith("is not valid JSON")
        assert caught.value.where == "pasted list:1:12"
        assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert len(calls) == 1


# -- Mouse Card ---------------------------------------------------------------------------------------

def test_mousecard_a_keystroke_reads_the_latest_draw_once_and_player_gates_only_the_chips(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value = "Pip"
    page.draw_button.click()
    latest = counted(monkeypatch, page, "latest_draw")
    page.character.value = "Pi"  # a keystroke in the Character box
    assert len(latest) == 1 and "Pi has not drawn yet" in page.last.value
    latest.clear()
    page.player.value = "Ann"  # the Player box moves only Award and Spend
    assert latest == [] and not page.award_button.disabled
    assert page.spend_button.tooltip == "Ann has no fate chip to spend"
    assert "<b>Spend a fate chip</b>: Ann has no fate chip to spend" in page.chips_off.value
    page.player.value = ""
    assert "<b>Award a fate chip, Spend a fate chip</b>" not in page.chips_off.value  # Pi is named
    assert page.spend_button.tooltip == "Pi has no fate chip to spend"


def test_monarchs_the_card_data_given_always_reads_as_given_only_where_cards_are_named() -> None:
    """The page passes its card data always: each Court and list reads (or is refused) as when it was
    passed only where needs_db / needs_card_data said so."""
    from companion.monarchs.court import needs_db, parse_court
    from tests.test_monarchs_audit3 import db

    data = db()

    def same(read: Callable[[Any], Any], needed: bool) -> None:
        try:
            before = read(data if needed else None)
        except CompanionError as exc:
            with pytest.raises(CompanionError) as caught:
                read(data)
            assert caught.value.render() == exc.render()
        else:
            assert read(data) == before

    for specs in (["3:1", "-", "", "2/4:2"], ["1:0:1"], ["-3"], ["2/"], ["Duke", "2:1"]):
        same(lambda db, specs=specs: parse_court(specs, db=db), needs_db(specs))
    for text in ('{"cards": [{"color": "red", "crowns": 2, "count": 2}]}',
                 '{"name": "Ann", "cards": [{"color": "blue", "crowns": 1}], "notes": "x"}',
                 '{"cards": [{"colour": "red"}, 3, {"color": "red"}]}', '{"cards": [{"card": "Duke"}]}',
                 "3 Duke", '{"cards": ['):
        same(lambda db, text=text: ScoreFile(text, "pasted list").cards(db),
             ScoreFile(text, "pasted list").needs_card_data())
