"""Mouse Card user audit 5: a page never spends a chip on a draw it does not show (another window undid
and drew again under the same number), a changed draw line is blamed on itself or a line before it,
the deck's count says when it is in doubt, a missing start is told from an undone one, and the odds
say the risk of a player who draws although the fate chips alone succeed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import LogError, RuleError
from companion.mousecard.live import LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import TaskCheck, exact_odds
from companion.views.mousecard import MouseCardPage
from tests.helpers import run_cli as _cli

STALE = "the log changed in another window since this page was drawn"


def _page(log: Path) -> MouseCardPage:
    return MouseCardPage(log, plot=False, settle=None)




def _events(log: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


# -- 1. an action chosen from what the page shows, on a draw another window replaced ---------------------


def test_the_page_never_spends_a_chip_on_a_draw_another_window_put_in_place_of_the_one_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "L.jsonl"
    page = _page(log)
    page.player.value = "Pip"
    page.award_button.click()
    page.character.value, page.task.value = "Pip", "climb"
    page.skill.value, page.target.value = 2, "Q"
    page.cards.value = "5S, 6S"
    page.draw_button.click()  # draw #1: needs a Q, fails
    assert "#1 Pip" in page.last.value and "climb" in page.last.value
    # another window: undo, and a new draw numbered #1 too
    assert _cli(capsys, "mousecard", "undo", str(log))[0] == 0
    assert _cli(capsys, "mousecard", "draw", str(log), "--character", "Pip", "--task", "other task",
                "--skill", "2", "--target", "K", "--cards", "QH, 4C")[0] == 0
    chip_success = next(b for b in page.bonus_buttons if b.description == "Chip: +1 success")
    chip_success.click()
    assert STALE in page.message.value and "nothing was done" in page.message.value
    st = page.tracker.state
    assert st.chips_of("Pip") == 1 and st.draws[-1].chips_spent == 0 and st.draws[-1].task == "other task"
    assert "other task" in page.last.value  # the page now shows the draw that is there
    assert not [e for e in _events(log) if e["event"] == "bonus"]
    chip_success.click()  # pressed again on the draw now shown: it is spent there, naming its line
    assert page.message.value == "" and page.tracker.state.draws[-1].succeeded
    bonus = _events(log)[-1]
    assert bonus["draw"] == 1 and bonus["draw_line"] == page.tracker.line_of_draw(1)


def test_a_bonus_or_draw_on_naming_a_reused_draw_number_by_its_line_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "L.jsonl"
    t = LiveDeckTracker(log)
    t.do({"event": "start", "seed": 1})
    t.do({"event": "award", "player": "Pip", "chips": 1})
    t.do(draw_event("Pip", "climb", TaskCheck(2, "Q"), ["5S", "6S"]))
    shown = t.line_of_draw(1)
    t.undo()
    t.do(draw_event("Pip", "other task", TaskCheck(2, "K"), ["QH", "4C"]))
    assert t.state.draws[-1].number == 1 and t.line_of_draw(1) != shown  # the number is reused, the line not
    bonus = {"event": "bonus", "character": "Pip", "source": "chip", "use": "success", "draw": 1}
    with pytest.raises(RuleError, match=r"the draw meant \(#1\) is no longer Pip's latest: it was undone, "
                                        r"and #1 \(other task: Q♥ 4♣\) was drawn in its place"):
        t.do({**bonus, "draw_line": shown})
    with pytest.raises(RuleError, match="it was undone, and #1"):
        t.do({"event": "draw_on", "character": "Pip", "draw": 1, "draw_line": shown})
    assert t.state.chips_of("Pip") == 1 and t.state.draws[-1].chips_spent == 0
    with pytest.raises(LogError, match="'draw_line' must be a draw's log line"):
        t.do({**bonus, "draw_line": "4"})
    t.do({**bonus, "draw_line": t.line_of_draw(1)})  # the draw as it is: allowed
    assert t.state.draws[-1].succeeded and t.state.draws[-1].chips_spent == 1
    t.do({"event": "award", "player": "Pip", "chips": 1})
    # a line already logged is read as it was done (as a stale "draw" number is)
    with log.open("a", encoding="utf-8") as f:
        f.write(json.dumps({**bonus, "draw_line": shown}) + "\n")
    again = open_live_deck(str(log), read_only=True)
    assert again.problems == [] and again.state.draws[-1].chips_spent == 2


def test_undo_on_a_page_another_window_wrote_since_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "L.jsonl"
    page = _page(log)
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()
    assert _cli(capsys, "mousecard", "award", str(log), "Pip")[0] == 0  # another window
    page.undo_button.click()  # the history on show ends with the draw: never undo the award unseen
    assert STALE in page.message.value
    assert page.tracker.state.chips_of("Pip") == 1 and len(page.tracker.state.draws) == 1
    assert "receives 1 fate chip" in page.history.value
    page.undo_button.click()  # pressed again, on the history now shown: said as the journal said it
    assert "Undone: Pip receives 1 fate chip (Pip back to 0 fate chips)." in page.message.value
    assert "That did not work" not in page.message.value and page.tracker.state.chips_of("Pip") == 0


def test_end_of_chapter_and_draw_on_on_a_stale_page_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "L.jsonl"
    page = _page(log)
    page.skill.value, page.need.value, page.situation.value = 3, 2, "combat"
    page.character.value, page.cards.value = "Pip", "AS, red joker"  # a bad joker stops the draw
    page.draw_button.click()
    page.player.value = "Pip"
    page.award_button.click()
    page.bonus_buttons[3].click()  # a chip cancels the joker: the draw may go on
    assert not page.draw_on_button.disabled
    assert _cli(capsys, "mousecard", "award", str(log), "Ann")[0] == 0  # another window
    page.cards.value = "3S"
    page.draw_on_button.click()
    assert STALE in page.message.value and len(page.tracker.state.draws[-1].cards) == 2
    assert _cli(capsys, "mousecard", "reshuffle", str(log), "--chapter")[0] == 0  # another window
    page.chapter_button.click()  # the chapter on show was 1: never end chapter 2 as well
    assert STALE in page.message.value and page.tracker.state.chapter == 2
    page.chapter_button.click()
    assert "chapter 3 begins" in page.message.value and STALE not in page.message.value
    assert page.tracker.state.chapter == 3


# -- 2. a changed draw line: this line or one before it -------------------------------------------------


def _changed_draw_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "m.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "42")[0] == 0
    code, out, _ = _cli(capsys, "mousecard", "draw", str(log), "--character", "Pip", "--skill", "3",
                        "--target", "J")
    assert code == 0 and "5♦ 6♥ A♥" in out
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    assert '"6♥"' in lines[2]
    lines[2] = lines[2].replace('"6♥"', '"6♠"')  # the draw's own line is changed
    log.write_text("".join(lines), encoding="utf-8")
    return log


def test_a_changed_draw_line_is_blamed_on_itself_or_a_line_before_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _changed_draw_line(tmp_path, capsys)
    code, out, err = _cli(capsys, "mousecard", "replay", str(log))
    assert code == 1
    assert "this line or one before it was lost or changed" in out
    assert "log problem: line 3: " in err and "this line or one before it was lost or changed" in err
    assert "a line before this one" not in out + err
    code, _, err = _cli(capsys, "mousecard", "draw", str(log), "--character", "Pip", "--skill", "3",
                        "--target", "J")
    assert code == 2 and "that line or one before it was lost or changed" in err
    assert "put back line 3 as it was, or the line lost or changed before it" in err
    assert "lost or changed before line 3" not in err and "a line before it" not in err
    code, _, err = _cli(capsys, "odds", "mousecard", "--skill", "2", "--target", "J", "--deck-log", str(log))
    assert code == 2 and "that line or one before it was lost or changed" in err
    assert "Put back line 3 as it was" in err
    page = _page(log)  # the Resumed notice
    assert "this line or one before it was lost or changed" in page.notice.value
    assert "a line before this one" not in page.notice.value
    assert "put back line 3 as it was" in page.draw_button.tooltip


# -- 3. the deck's count while the deck is in doubt ---------------------------------------------------


def _damaged_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A session log, chapter 3, with a line that cannot be used inserted before its last (a draw)."""
    log = tmp_path / "B3.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "3")[0] == 0
    draw = ["mousecard", "draw", str(log), "--character", "Pip", "--skill", "3", "--target", "A",
            "--mode", "broke"]
    for _ in range(3):
        assert _cli(capsys, *draw)[0] == 0
    for _ in range(2):
        assert _cli(capsys, "mousecard", "reshuffle", str(log), "--chapter")[0] == 0
    for _ in range(2):
        assert _cli(capsys, *draw)[0] == 0
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(len(lines) - 1, '{"event": "draw", garbage\n')  # (sed -i '$i ...')
    log.write_text("".join(lines), encoding="utf-8")
    return log


def test_the_deck_count_says_it_is_in_doubt_in_replay_json_and_the_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _damaged_session(tmp_path, capsys)
    t = open_live_deck(str(log), read_only=True)
    bad = len(log.read_text(encoding="utf-8").splitlines()) - 1
    assert [p.line for p in t.deck_in_doubt()] == [bad]
    left = len(t.state.remaining)
    code, out, _ = _cli(capsys, "mousecard", "replay", str(log))
    assert code == 1
    assert f"chapter 3, {left} cards in the deck by the log (in doubt: see line {bad})" in out.splitlines()[0]
    code, out, _ = _cli(capsys, "mousecard", "replay", "--json", str(log))
    doc = json.loads(out)
    assert doc["cards_remaining"] == left  # (the log's count, as before)
    assert doc["deck_in_doubt"] is True and doc["deck_in_doubt_lines"] == [bad]
    page = _page(log)
    assert f"cards in the deck by the log (in doubt: see line {bad})" in page.deck_status.value
    assert page.draw_button.disabled
    page.chapter_button.click()  # a reshuffle makes the deck whole: the count is known again
    assert "in doubt" not in page.deck_status.value and not page.draw_button.disabled
    code, out, _ = _cli(capsys, "mousecard", "replay", "--json", str(log))
    doc = json.loads(out)
    assert doc["deck_in_doubt"] is False and doc["deck_in_doubt_lines"] == []
    code, out, _ = _cli(capsys, "mousecard", "replay", str(log))
    assert out.splitlines()[0].endswith("cards in the deck")


def test_a_line_copied_by_a_sync_conflict_leaves_the_deck_known_but_a_changed_copy_does_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "D.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "4")[0] == 0
    draw = ["mousecard", "draw", str(log), "--character", "Pip", "--skill", "2", "--target", "J"]
    assert _cli(capsys, *draw)[0] == 0
    assert _cli(capsys, "mousecard", "award", str(log), "Pip")[0] == 0
    last = log.read_text(encoding="utf-8").splitlines()[-1]
    with log.open("a", encoding="utf-8") as f:  # the award, copied byte for byte: counted once
        f.write(last + "\n")
    t = open_live_deck(str(log))
    assert len(t.problems) == 1 and t.deck_in_doubt() == []
    assert _cli(capsys, *draw)[0] == 0
    drawn = log.read_text(encoding="utf-8").splitlines()[-1]
    event = json.loads(drawn)
    assert event["event"] == "draw"
    with log.open("a", encoding="utf-8") as f:  # a byte copy of the draw: counted once, the deck known
        f.write(drawn + "\n")
    assert open_live_deck(str(log), read_only=True).deck_in_doubt() == []
    with log.open("a", encoding="utf-8") as f:  # a copy edited by hand (its number kept): set aside, unknown
        f.write(json.dumps({**event, "drawn": ["2S", "3S"], "task": "other"}) + "\n")
    doubts = open_live_deck(str(log), read_only=True).deck_in_doubt()
    assert [p.line for p in doubts] == [len(log.read_text(encoding="utf-8").splitlines())]


# -- 4. a start that is missing, not undone -----------------------------------------------------------


def test_a_missing_start_is_told_from_an_undone_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _damaged_session(tmp_path, capsys)
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    assert json.loads(lines[1])["event"] == "start"
    lines = [x for x in lines if "garbage" not in x]
    del lines[1]  # the start line is lost
    log.write_text("".join(lines), encoding="utf-8")
    code, out, err = _cli(capsys, "mousecard", "replay", str(log))
    assert code == 1 and "it has no start line" in out and "Redo the undone start" not in out
    assert "no start is in force before this line" in err and "no shuffled deck yet" not in err
    code, _, err = _cli(capsys, "mousecard", "draw", str(log), "--character", "Pip", "--skill", "3",
                        "--target", "J")
    assert code == 2 and "it has no start line" in err
    assert "Redo the undone start" not in err and "put the start line back from a copy of the log" in err
    code, _, err = _cli(capsys, "odds", "mousecard", "--skill", "2", "--target", "J", "--deck-log", str(log))
    assert code == 2 and "it has no start line" in err
    page = _page(log)
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()
    assert "it has no start line" in page.message.value and "Redo the undone" not in page.message.value
    code, out, _ = _cli(capsys, "mousecard", "undo", str(log))  # (an undo takes back a reshuffle, no start)
    assert code == 0 and "redo" not in out.lower().split("undone:", 1)[1] and "no start line" in out
    # an undone start still says so, and a redo helps
    other = tmp_path / "u.jsonl"
    assert _cli(capsys, "mousecard", "new", str(other), "--seed", "1")[0] == 0
    assert _cli(capsys, "mousecard", "undo", str(other))[0] == 0
    code, _, err = _cli(capsys, "mousecard", "draw", str(other), "--character", "Pip", "--skill", "1",
                        "--target", "J")
    assert code == 2 and "its start was undone" in err and "Redo the undone start" in err


def test_a_start_line_that_cannot_be_used_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "5")[0] == 0
    text = log.read_text(encoding="utf-8").replace('"seed": 5', '"seed": true')
    log.write_text(text, encoding="utf-8")
    code, _, err = _cli(capsys, "mousecard", "award", str(log), "Pip")
    assert code == 2 and "its start (line 2) cannot be used" in err and "Mend line 2" in err
    log.write_text(text.replace('{"event": "start", "seed": true', "{garbage"), encoding="utf-8")
    code, _, err = _cli(capsys, "mousecard", "award", str(log), "Pip")
    assert code == 2 and "line 2, before every action, cannot be used: was it the start?" in err


# -- 5. the odds when the fate chips alone succeed -----------------------------------------------------


def test_the_odds_say_the_risk_of_drawing_anyway_when_the_chips_alone_succeed(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["odds", "mousecard", "--skill", "3", "--target", "J", "--situation", "combat-unknown",
            "--aged", "2", "--mode", "broke", "--fate-chips", "1"]
    code, out, _ = _cli(capsys, *args)
    assert code == 0
    check = TaskCheck(3, "J", situation="combat-unknown", aged=2, mode="broke", fate_chips=1,
                      stop_when_sure=False)
    anyway = exact_odds(check)
    assert round(float(anyway.p_bad), 3) == 0.230
    lines = out.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("  P(a bad card)"))
    assert "0.0%" in lines[at] and "no card is drawn: the fate chips alone succeed" in lines[at]
    assert lines[at + 1].startswith("  if drawn anyway          P(a bad card) 23.0%, P(several bad) 5.6%, "
                                    "expected cards 3.00")
    code, out, _ = _cli(capsys, *args, "--json")
    doc = json.loads(out)  # the JSON is as it was: the fields keep their meaning
    assert doc["p_bad"] == 0 and doc["expected_cards"] == 0
    assert doc == json.loads(json.dumps(exact_odds(TaskCheck(
        3, "J", situation="combat-unknown", aged=2, mode="broke", fate_chips=1)).to_json()))
    code, out, _ = _cli(capsys, *args[:-1], "0")  # no chips: no such line
    assert code == 0 and "if drawn anyway" not in out
    code, out, _ = _cli(capsys, *args, "--draw-all")  # drawing anyway already
    assert code == 0 and "if drawn anyway" not in out and "P(a bad card)            23.0%" in out
