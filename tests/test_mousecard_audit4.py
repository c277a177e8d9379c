"""Mouse Card user audit 4: a lost draw line puts the deck in doubt (and replay exits 1), the page
opens on a folder it cannot write (or a full disk), and an empty log says what an action lacks."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.mousecard.deck import parse_card
from companion.mousecard.live import MISMATCH, LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import TaskCheck
from companion.views.mousecard import MouseCardPage

BROKE = TaskCheck(3, "A", need=3, mode="broke")


def _lost_line_log(tmp_path: Path) -> Path:
    """The audit's log: three seeded draws (seed 1) whose second (line 4: 4♦ A♦ 6♣) is lost. The third
    draw, now on line 4, keeps the cards logged at the table; the lost draw's cards are in the deck."""
    full = tmp_path / "full.jsonl"
    t = LiveDeckTracker(full)
    t.do({"event": "start", "seed": 1})
    for _ in range(3):
        t.do(draw_event("pip", "task", BROKE))
    assert [c.short for c in t.state.draws[1].cards] == ["4♦", "A♦", "6♣"]
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    log = tmp_path / "mc.jsonl"
    log.write_text("".join(lines[:3] + lines[4:]), encoding="utf-8")
    return log


def _cards(rec: object) -> list[str]:
    return [c.short for c in rec.cards]  # type: ignore[attr-defined]


# -- 1. a lost draw line ---------------------------------------------------------------------------


def test_a_lost_draw_line_puts_the_deck_in_doubt_and_a_seeded_draw_is_refused(tmp_path: Path) -> None:
    log = _lost_line_log(tmp_path)
    t = open_live_deck(str(log))
    assert t.problems == []  # every line is usable: the mismatch is what tells
    assert [(p.line, p.message) for p in t.mismatches()] == [(4, MISMATCH)]
    assert [p.line for p in t.deck_in_doubt()] == [4]
    assert parse_card("4D") in t.state.remaining  # the lost draw's cards: a seeded draw would deal them
    before = log.read_bytes()
    with pytest.raises(RuleError) as refused:
        t.do(draw_event("pip", "task", TaskCheck(3, "A")))
    said = refused.value.render()
    assert said.startswith("draw: the deck is in doubt: at line 4 of the log the shuffle no longer deals")
    assert "that line or one before it was lost or changed" in said
    assert "--cards" in said and "reshuffle" in said
    assert "put back line 4 as it was, or the line lost or changed before it" in said
    assert log.read_bytes() == before  # nothing written
    t.do(draw_event("pip", "task", TaskCheck(1, "A"), ["QH"]))  # typed cards: allowed
    assert [p.line for p in t.deck_in_doubt()] == [4]  # (still in doubt)
    t.do({"event": "reshuffle", "reason": "gm"})  # allowed, and the deck is whole again
    assert t.deck_in_doubt() == [] and t.doubt_refusal() is None
    assert [p.line for p in t.mismatches()] == [4]  # (the log still lost a line)
    t.do(draw_event("pip", "task", TaskCheck(3, "A")))  # a seeded draw goes ahead
    assert open_live_deck(str(log), read_only=True).state == t.state


def test_a_draw_undone_after_the_lost_line_leaves_the_deck_in_doubt(tmp_path: Path) -> None:
    log = _lost_line_log(tmp_path)
    t = open_live_deck(str(log))
    t.undo()  # the draw that showed the loss is taken back: the lost draw's cards are still unaccounted
    assert [p.line for p in t.deck_in_doubt()] == [4]
    with pytest.raises(RuleError, match="the deck is in doubt: at line 4"):
        t.do(draw_event("pip", "task", TaskCheck(3, "A")))
    assert [p.line for p in open_live_deck(str(log), read_only=True).deck_in_doubt()] == [4]


def test_an_intact_log_is_not_in_doubt(tmp_path: Path) -> None:
    log = _lost_line_log(tmp_path)
    t = open_live_deck(str(tmp_path / "full.jsonl"), read_only=True)
    assert t.mismatches() == [] and t.deck_in_doubt() == [] and log.exists()


def _stopped_after_a_lost_line(tmp_path: Path) -> Path:
    """Pip's seeded cautious draw (every red card bad) stopped at 3♦, a chip cancelled it, and Ann's
    draw before it (line 4) was lost: Pip's draw (now line 4) keeps the logged cards."""
    full = tmp_path / "full.jsonl"
    t = LiveDeckTracker(full)
    t.do({"event": "start", "seed": 2})
    t.do({"event": "award", "player": "Pip"})
    t.do(draw_event("Ann", "look", TaskCheck(2, "A", mode="broke")))
    t.do(draw_event("Pip", "sneak", TaskCheck(3, "A", situation="red-bad", red_bad="all")))
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    log = tmp_path / "mc.jsonl"
    log.write_text("".join(lines[:3] + lines[4:]), encoding="utf-8")
    return log


def test_a_seeded_draw_on_is_refused_too_and_typed_cards_go_on(tmp_path: Path) -> None:
    log = _stopped_after_a_lost_line(tmp_path)
    t = open_live_deck(str(log))
    assert t.state.draws[-1].can_draw_on and _cards(t.state.draws[-1]) == ["4♠", "3♦"]
    with pytest.raises(RuleError, match="draw_on: the deck is in doubt: at line 4"):
        t.do({"event": "draw_on", "character": "Pip"})
    t.do({"event": "draw_on", "character": "Pip", "cards": ["AS"]})
    assert t.state.draws[-1].succeeded


def test_cli_replay_exits_1_on_a_lost_line_and_draw_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(_lost_line_log(tmp_path))
    assert main(["mousecard", "replay", log]) == 1
    out, err = capsys.readouterr()
    assert "this line or one before it was lost or changed" in out  # (the journal said so already)
    assert f"log problem: line 4: {MISMATCH}" in err
    assert main(["mousecard", "replay", log, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["problems"] == [f"line 4: {MISMATCH}"]
    assert main(["mousecard", "replay", str(tmp_path / "full.jsonl")]) == 0
    capsys.readouterr()
    draw = ["mousecard", "draw", log, "--character", "pip", "--skill", "3", "--target", "A"]
    assert main(draw) == 2
    err = capsys.readouterr().err
    assert "the deck is in doubt: at line 4" in err and "4♦" not in err
    odds = ["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", log]
    assert main(odds) == 2
    assert "at line 4 of the live deck log the shuffle no longer deals" in capsys.readouterr().err
    assert main([*draw, "--cards", "QH, 3S, 5C"]) == 0  # typed in from the physical deck
    assert main(["mousecard", "reshuffle", log]) == 0
    capsys.readouterr()
    assert main(odds) == 0  # the deck is whole again: said, and read past
    assert "at line 4 the shuffle no longer deals the cards logged at the table" in capsys.readouterr().err
    assert main(draw) == 0
    assert main(["mousecard", "replay", log]) == 1  # the log still lost a line


def test_the_page_turns_draw_off_after_a_lost_line_and_says_so(tmp_path: Path) -> None:
    log = _lost_line_log(tmp_path)
    page = MouseCardPage(log, plot=False, settle=None)
    assert page.character.value == "pip"
    assert page.draw_button.disabled and "the deck is in doubt: at line 4" in page.draw_button.tooltip
    assert "lost or changed" in page.notice.value and "waits for a reshuffle" in page.notice.value
    page.cards.value = "QH"
    assert not page.draw_button.disabled
    page.cards.value = ""
    page.use_live.value = True  # never odds from a deck it does not know
    assert page.odds is None and "line 4" in page.result.value
    page.chapter_button.click()  # a reshuffle makes it whole
    assert "chapter 2 begins" in page.message.value and "did not work" not in page.message.value
    assert not page.draw_button.disabled and page.odds is not None


def test_the_pages_draw_on_waits_for_typed_cards_after_a_lost_line(tmp_path: Path) -> None:
    page = MouseCardPage(_stopped_after_a_lost_line(tmp_path), plot=False, settle=None)
    assert page.draw_on_button.disabled and "the deck is in doubt: at line 4" in page.draw_on_button.tooltip
    page.cards.value = "AS"
    assert not page.draw_on_button.disabled


# -- 2. the page on a folder it cannot write -------------------------------------------------------


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _assert_opened_with_the_live_deck_off(page: MouseCardPage, why: str) -> None:
    notice = _text(page.notice.value)
    assert "The live deck is off: its log cannot be written" in notice and why in notice
    assert "run this cell again" in notice and "COMPANION_USER_DATA" in notice
    buttons = [page.draw_button, page.draw_on_button, *page.bonus_buttons, page.award_button,
               page.spend_button, page.chapter_button, page.undo_button, page.redo_button]
    assert all(b.disabled for b in buttons)
    assert "cannot be written" in page.draw_button.tooltip
    page.character.value = "Pip"  # (the buttons stay off as the page redraws)
    page.cards.value = "QH"
    assert page.draw_button.disabled
    with pytest.raises(Exception, match=re.escape(why)):  # an action still says why
        page.draw()
    assert page.odds is not None and "Chance of success" in page.result.value  # the odds work
    page.skill.value = 4
    assert page.odds.check.skill == 4


def test_the_page_opens_on_a_folder_it_cannot_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "logs" / "mousecard.jsonl"
    log.parent.mkdir()  # (a folder that does not exist is said on opening: test_log_folders.py)
    real_open = os.open

    def denied(path: object, *args: object, **kwargs: object) -> int:  # as a folder of another user's
        if Path(str(path)) == log:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", denied)
    page = MouseCardPage(log, plot=False, settle=None)  # no traceback
    _assert_opened_with_the_live_deck_off(page, "cannot be written (permission denied)")
    assert not log.exists()


def test_the_page_opens_where_a_file_stands_in_for_its_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "notafolder"
    blocker.write_text("a file where the logs folder should be")
    page = MouseCardPage(blocker / "mousecard.jsonl", plot=False, settle=None)  # no traceback
    notice = _text(page.notice.value)
    assert "The live deck is off: its log cannot be written" in notice and "mousecard.jsonl" in notice
    assert page.draw_button.disabled and page.award_button.disabled and page.odds is not None
    assert blocker.read_text() == "a file where the logs folder should be"


def test_the_page_opens_on_a_full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    log = tmp_path / "mousecard.jsonl"
    with monkeypatch.context() as m:
        m.setattr(os, "fsync", full)
        page = MouseCardPage(log, plot=False, settle=None)
    _assert_opened_with_the_live_deck_off(page, "no space left on device")
    assert not log.exists() or log.read_text(encoding="utf-8") == ""  # nothing half-written
    assert MouseCardPage(log, plot=False, settle=None).tracker.state.started  # room again: it starts


# -- 3. an empty log -------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [["draw", "--character", "Pip", "--skill", "1", "--target", "J"],
                                    ["award", "Pip"], ["reshuffle"], ["spend", "Pip"],
                                    ["bonus", "Pip", "--source", "chip", "--use", "success"],
                                    ["draw-on", "--character", "Pip"]])
def test_an_empty_log_says_it_has_no_start_not_that_nothing_was_undone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: list[str]) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text("")
    assert main(["mousecard", action[0], str(log), *action[1:]]) == 2
    err = capsys.readouterr().err
    assert "the log is empty: it has no start, so there is no session" in err
    assert f"Begin with 'companion mousecard new {log}'" in err
    assert "undo" not in err.lower() and "Traceback" not in err
    assert log.read_text() == ""
