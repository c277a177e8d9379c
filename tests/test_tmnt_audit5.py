"""TMNT event-log audit 5: the page's Block Zone tap and count correction read the log and write their
event under the log's lock, so another window's write between the page's read and the write is never
undone (two page objects on one log)."""

from __future__ import annotations

from pathlib import Path

from companion.eventlog import EventLog
from companion.tmnt.game import TmntTracker
from companion.views.tmnt import GameTracker

from .helpers import meanwhile


def two_windows_at_the_flip(tmp_path: Path) -> tuple[GameTracker, GameTracker]:
    """Window A at Player 1's Flip Phase, then window B on the same log."""
    a = GameTracker(tmp_path / "t.jsonl")
    a.first.value = 0
    a.new_game.click()
    for _ in range(3):  # set -> event -> item -> flip
        a.next.click()
    assert a.state.phase == "flip"
    return a, GameTracker(tmp_path / "t.jsonl")


def on_disk(tmp_path: Path) -> TmntTracker:
    return TmntTracker(EventLog(tmp_path / "t.jsonl", read_only=True))


def test_a_zone_tap_keeps_a_flip_another_window_logs_just_before_it(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    with meanwhile(a, lambda: b.flip_buttons[0].click()):  # B: the 1st Block card is a Character
        a.zones[0][3].click()  # A marks its 4th Block Zone face-up
    assert "That did not work" not in a.status.value
    zones = on_disk(tmp_path).state.players[0].zones
    assert (zones[0].face, zones[0].kind) == ("up", "character") and zones[3].face == "up"
    assert a.zones[0][0].description == "1st: face-up Character"
    assert a.zones[0][3].description == "4th: face-up"


def test_a_zone_tap_keeps_another_zone_another_window_empties_just_before_it(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    with meanwhile(a, lambda: [b.zones[1][2].click(), b.zones[1][2].click()]):  # B: P2's 3rd zone empty
        a.zones[1][0].click()  # A: Player 2's 1st Block Zone face-up
    p2 = on_disk(tmp_path).state.players[1].zones
    assert p2[2].face == "empty" and p2[0].face == "up"


def test_a_count_correction_keeps_a_count_another_window_corrects_just_before_it(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)

    def b_sets_the_hand() -> None:
        b.fix_hand.value = 2
        b.fix_apply.click()

    a.fix_deck.value = 12
    with meanwhile(a, b_sets_the_hand):
        a.fix_apply.click()
    p = on_disk(tmp_path).state.players[0]
    assert (p.hand, p.deck) == (2, 12) and (a.fix_hand.value, a.fix_deck.value) == (2, 12)
    assert on_disk(tmp_path).history[-1] == {"event": "correct", "player": 0, "deck": 12,
                                             "reason": "set by hand"}


def test_the_result_step_is_checked_for_the_game_on_show_under_the_lock(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    before = (tmp_path / "t.jsonl").read_text()

    def b_starts_a_new_game() -> None:
        b.first.value = 1
        b.new_game.click()

    a._keep_key = a._key()  # (as if the keep boxes were filled for the turn on show)
    with meanwhile(a, b_starts_a_new_game):
        a.result_step.click()
    assert "another window changed the game" in a.action_msg.value
    after = (tmp_path / "t.jsonl").read_text()
    assert after.startswith(before) and '"result"' not in after[len(before):]


def test_undo_and_redo_on_a_page_another_window_made_stale_are_refused(tmp_path: Path) -> None:
    """What Undo would take back is the log's latest action: on a stale page one the player never saw
    (review). Refused, the page drawn again; pressed again, it takes back what the page now shows."""
    a, _b = two_windows_at_the_flip(tmp_path)
    log = tmp_path / "t.jsonl"
    TmntTracker(log).do({"event": "flip", "card": "character"})  # another window flips the 1st Block card
    before = log.read_bytes()
    a.undo.click()
    assert "changed in another window" in a.status.value and log.read_bytes() == before
    a.undo.click()  # seen: the other window's flip is taken back
    assert "Undone: Player 1 fl" in a.status.value and on_disk(tmp_path).history[-1] == {"event": "next"}
    TmntTracker(log).do({"event": "flip", "card": "character"})
    a.redo.click()
    assert "changed in another window" in a.status.value
    assert on_disk(tmp_path).history[-1]["event"] == "flip"
