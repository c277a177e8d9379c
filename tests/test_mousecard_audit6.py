"""Mouse Card user audit 6: the risk of drawing anyway is worked out only where it is quick and says
something, by the odds (never by editing their text), and the page shows it too; a log with no session
says so everywhere (replay, its JSON, the page, its live odds) in the same words; a draw_line that is
not the draw's is not called undone; a set-aside line is judged by the event on its own line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import RuleError
from companion.eventlog import LogProblem
from companion.mousecard import odds as odds_module
from companion.mousecard.live import LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import TaskCheck, exact_odds
from companion.views.mousecard import MouseCardPage
from tests.helpers import run_cli as _cli


def _page(log: Path) -> MouseCardPage:
    return MouseCardPage(log, plot=False, settle=None)




#: A check whose fate chips alone make the need, in a situation with bad cards (audit 5's example).
RISKY = TaskCheck(3, "J", situation="combat-unknown", aged=2, mode="broke", fate_chips=1)
RISKY_ARGS = ["odds", "mousecard", "--skill", "3", "--target", "J", "--situation", "combat-unknown",
              "--aged", "2", "--mode", "broke", "--fate-chips", "1"]


# -- 1. drawing anyway: only where it is quick and says something; by the odds; on the page too -------


def test_drawing_anyway_is_given_only_with_bad_cards_up_to_skill_10() -> None:
    from companion.mousecard.odds import ANYWAY_MAX_SKILL, drawing_anyway

    assert ANYWAY_MAX_SKILL == 10
    anyway = drawing_anyway(RISKY)
    assert anyway is not None and not anyway.check.stop_when_sure
    assert round(float(anyway.p_bad), 3) == 0.230 and anyway.expected_cards == 3
    assert drawing_anyway(TaskCheck(3, "J", fate_chips=1)) is None  # calm: no bad card, nothing to say
    assert drawing_anyway(TaskCheck(3, "J", situation="combat", fate_chips=0)) is None  # chips fall short
    assert drawing_anyway(TaskCheck(3, "J", situation="combat", fate_chips=1, stop_when_sure=False)) is None
    assert drawing_anyway(TaskCheck(10, "J", situation="combat", fate_chips=1)) is not None
    assert drawing_anyway(TaskCheck(11, "J", situation="combat", fate_chips=1)) is None  # could take seconds


def test_the_text_odds_never_work_out_drawing_anyway_above_skill_10(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = odds_module.exact_odds
    slow: list[TaskCheck] = []

    def spy(check: TaskCheck, deck: Any = None) -> Any:
        if not check.stop_when_sure and check.skill > 10:
            slow.append(check)
            raise AssertionError("a check drawing on when sure above skill 10 takes seconds")
        return real(check, deck)

    monkeypatch.setattr(odds_module, "exact_odds", spy)
    # the reviewer's command took 16.8 s in text (0.9 s with --json)
    code, out, _ = _cli(capsys, "odds", "mousecard", "--skill", "20", "--target", "6", "--need", "7",
                        "--situation", "red-bad", "--red-bad", "all", "--aged", "2", "--disadvantage", "3",
                        "--fate-chips", "12", "--kings", "always")
    assert code == 0 and not slow  # (and says that it left them out)
    assert "if drawn anyway          not worked out above skill 10 (it can take many seconds)" in out
    assert ("  P(a bad card)            0.0%  (in effect: not cancelled; no card is drawn: the fate chips "
            "alone succeed)") in out.splitlines()


def test_the_text_odds_say_nothing_of_drawing_anyway_in_a_calm_check(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--fate-chips", "1")
    assert code == 0 and "if drawn anyway" not in out and "fate chips alone succeed" not in out


def test_the_odds_lines_say_drawing_anyway_themselves(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.mousecard.odds import drawing_anyway

    result = exact_odds(RISKY)
    lines = result.lines(anyway=drawing_anyway(RISKY))
    at = next(i for i, x in enumerate(lines) if x.startswith("  P(a bad card)"))
    assert lines[at] == ("  P(a bad card)            0.0%  (in effect: not cancelled; no card is drawn: the "
                         "fate chips alone succeed)")
    assert lines[at + 1].startswith("  if drawn anyway          P(a bad card) 23.0%, P(several bad) 5.6%, "
                                    "expected cards 3.00  (a player who draws the cards even so")
    plain = result.lines()  # without it, as before
    assert plain[at] == "  P(a bad card)            0.0%  (in effect: not cancelled)"
    assert plain[at + 1:] == lines[at + 2:]
    code, out, _ = _cli(capsys, *RISKY_ARGS)
    assert code == 0 and out.splitlines() == lines  # the CLI prints the odds' own lines


def test_the_page_shows_the_risk_of_drawing_anyway_beside_a_bad_card(tmp_path: Path) -> None:
    page = _page(tmp_path / "L.jsonl")
    page.skill.value, page.target.value = 3, "J"
    page.situation.value, page.aged.value, page.mode.value = "combat-unknown", 2, "broke"
    page.chips.value = 1
    page.wait()
    assert page.odds is not None and page.odds.check == page.check() and page.odds.p_bad == 0
    assert page.odds_anyway is not None and round(float(page.odds_anyway.p_bad), 3) == 0.230
    shown = page.result.value
    assert "no card is drawn: the fate chips alone succeed" in shown
    assert "If drawn anyway" in shown
    assert "P(a bad card) 23.0%, P(several bad) 5.6%, expected cards 3.00" in shown
    page.situation.value = "calm"  # no bad card: nothing said
    page.wait()
    assert page.odds_anyway is None and "If drawn anyway" not in page.result.value
    page.situation.value, page.skill.value = "combat", 12  # above skill 10: not worked out, and said so
    page.wait()
    assert page.odds is not None and page.odds.check.skill == 12
    assert page.odds_anyway is None and "If drawn anyway" in page.result.value
    assert "not worked out above skill 10 (it can take many seconds)" in page.result.value


# -- 2. and 4. a log with no session: said everywhere, in the same words --------------------------------


def _undone_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "u.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "1")[0] == 0
    assert _cli(capsys, "mousecard", "undo", str(log))[0] == 0
    return log


def _undone_long_ago(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A start undone, then an action an older version logged after it: a redo no longer helps."""
    log = _undone_start(tmp_path, capsys)
    with log.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"event": "draw", "character": "Pip", "skill": 1, "target": "J",
                            "cards": ["QH"]}) + "\n")
    return log


def _missing_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "m.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "1")[0] == 0
    assert _cli(capsys, "mousecard", "award", str(log), "Pip")[0] == 0
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    del lines[1]  # the start line is lost
    log.write_text("".join(lines), encoding="utf-8")
    return log


@pytest.mark.parametrize(("make", "reason", "said"), [
    (_undone_start, "undone", "its start was undone"),
    (_undone_long_ago, "missing", "its start (line 2) was undone, and actions were logged after it"),
    (_missing_start, "missing", "it has no start line"),
])
def test_replay_json_says_when_no_session_is_under_way(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, reason: str, said: str) -> None:
    log = make(tmp_path, capsys)
    _code, out, _ = _cli(capsys, "mousecard", "replay", str(log), "--json")
    doc = json.loads(out)
    assert doc["started"] is False and doc["no_session"]["reason"] == reason
    assert doc["no_session"]["why"].startswith(said)
    none = open_live_deck(str(log), read_only=True).no_session()
    assert none is not None and doc["no_session"] == none.to_json()
    _code, out, _ = _cli(capsys, "mousecard", "replay", str(log))
    assert out.splitlines()[0] == f"No session under way in this log: {none.why}. {none.hint}"


def test_replay_json_of_a_session_and_of_an_empty_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "1")[0] == 0
    doc = json.loads(_cli(capsys, "mousecard", "replay", str(log), "--json")[1])
    assert doc["started"] is True and doc["no_session"] is None
    empty = tmp_path / "e.jsonl"
    empty.write_text("")
    doc = json.loads(_cli(capsys, "mousecard", "replay", str(empty), "--json")[1])
    assert doc["started"] is False and doc["no_session"]["reason"] == "empty"
    assert f"Start one with: companion mousecard new {empty} (or" in doc["no_session"]["hint"]


@pytest.mark.parametrize("make", [_undone_start, _undone_long_ago, _missing_start])
def test_the_page_says_no_session_is_under_way_and_its_live_odds_refuse(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any) -> None:
    import html

    log = make(tmp_path, capsys)
    page = _page(log)
    status = page.deck_status.value
    assert "No session under way" in status and "cards in the deck" not in status and "chapter" not in status
    page.use_live.value = True  # as 'odds --deck-log' refuses: never odds from a deck that is not there
    page.wait()
    assert page.odds is None and "No odds from the live deck: no session is under way" in page.result.value
    none = open_live_deck(str(log), read_only=True).no_session()
    assert none is not None
    assert html.escape(none.why) in status and html.escape(none.hint) in status
    code, _, err = _cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--deck-log", str(log))
    assert code == 2 and none.why in err and none.hint.split(":")[0] in err
    with pytest.raises(Exception, match="no plot from the live deck: no session is under way"):
        page.plot()
    page.use_live.value = False
    page.wait()
    assert page.odds is not None  # the odds from a full deck work as ever


def test_every_place_says_no_session_in_the_trackers_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.mousecard.live import NEW_SESSION
    log = _undone_start(tmp_path, capsys)
    tracker = LiveDeckTracker(log)
    none = tracker.no_session()
    assert none is not None and none.reason == "undone" and f"'companion mousecard redo {log}'" in none.hint
    with pytest.raises(RuleError) as refused:
        tracker.do({"event": "award", "player": "Pip"})
    assert refused.value.message == none.said and refused.value.suggestion == none.hint
    code, _, err = _cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--deck-log", str(log))
    assert code == 2 and none.said in err and none.hint in err  # odds --deck-log: the refusal's own words
    code, _, err = _cli(capsys, "mousecard", "award", str(log), "Pip")
    assert code == 2 and none.said in err and none.hint in err
    code, out, _ = _cli(capsys, "mousecard", "replay", str(log))
    assert out.startswith(f"No session under way in this log: {none.why}. {none.hint}")
    # a start line that cannot be used: its hint starts a new session as every other does
    bad = tmp_path / "b.jsonl"
    assert _cli(capsys, "mousecard", "new", str(bad), "--seed", "5")[0] == 0
    bad.write_text(bad.read_text(encoding="utf-8").replace('"seed": 5', '"seed": true'), encoding="utf-8")
    missing = LiveDeckTracker(bad).no_session()
    assert missing is not None and missing.reason == "missing" and NEW_SESSION in missing.hint


# -- 3. a draw_line that is not the draw's line ---------------------------------------------------------


def _two_draws() -> LiveDeckTracker:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do({"event": "award", "player": "Pip", "chips": 2})
    t.do(draw_event("Pip", "climb", TaskCheck(2, "Q"), ["5S", "6S"]))
    t.do(draw_event("Pip", "swim", TaskCheck(2, "K"), ["4H", "7C"]))
    return t


def test_a_draw_line_naming_an_older_draw_still_in_force_is_not_called_undone() -> None:
    t = _two_draws()
    first, second = t.line_of_draw(1), t.line_of_draw(2)
    assert first is not None and second is not None and first < second
    bonus = {"event": "bonus", "character": "Pip", "source": "chip", "use": "success"}
    with pytest.raises(RuleError) as refused:
        t.do({**bonus, "draw_line": first})
    said = refused.value.message
    assert said.startswith(f"line {first} is not draw #2's line (#2 is on line {second})")
    assert "undone" not in said and "in its place" not in said
    award_line = t.log.events[-3].line  # not a draw at all
    assert t.log.events[-3].event["event"] == "award"
    not_it = rf"line {award_line} is not draw #2's line \(#2 is on line {second}\)"
    with pytest.raises(RuleError, match=not_it):
        t.do({"event": "draw_on", "character": "Pip", "draw_line": award_line})
    assert t.state.chips_of("Pip") == 2


def test_an_undone_draw_is_said_undone_but_never_replaced_by_an_older_one() -> None:
    t = _two_draws()
    second = t.line_of_draw(2)
    t.undo()  # draw #2 undone: #1 is Pip's latest again (it was drawn before, not in its place)
    bonus = {"event": "bonus", "character": "Pip", "source": "chip", "use": "success", "draw_line": second}
    with pytest.raises(RuleError) as refused:
        t.do(bonus)
    said = refused.value.message
    assert "it was undone, and #1 (climb: 5♠ 6♠) is Pip's latest" in said and "in its place" not in said
    # another character's undone draw is not Pip's draw: named as not the draw's line
    t.do(draw_event("Ann", "run", TaskCheck(1, "J"), ["QH"]))
    ann = t.line_of_draw(2)
    t.undo()
    with pytest.raises(RuleError, match=rf"line {ann} is not draw #1's line"):
        t.do({**bonus, "draw_line": ann})


def test_the_meant_docstring_says_who_sends_draw_line() -> None:
    doc = LiveDeckTracker._meant.__doc__ or ""
    assert "by hand" in doc and "never send" in doc and "stale" in doc


# -- 5. deck_doubts judges a problem by its own line ----------------------------------------------------


def test_a_problem_is_harmless_only_by_the_event_on_its_own_line(tmp_path: Path) -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    # a problem carrying a cardless event that is no copy of a line read (the log never gives one now):
    # nothing says which cards its line moved, so the deck is in doubt rather than the doubt missed
    stray = LogProblem(40, "cannot be used", event={"event": "award", "player": "Pip"})
    t.problems = [stray]
    moving, cardless = t.deck_doubts()
    assert moving == [stray] and cardless == []
    assert t.deck_in_doubt() == [stray]
    doc = LiveDeckTracker.deck_doubts.__doc__ or ""
    assert "set aside that is one of those" not in doc and "word-for-word copy" in doc
    # a refused award on its own line, and a word-for-word copy of a line, still move no card
    log = tmp_path / "L.jsonl"
    real = LiveDeckTracker(log)
    real.do({"event": "start", "seed": 1})
    real.do({"event": "award", "player": "Pip"})
    text = log.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    with log.open("a", encoding="utf-8") as f:
        f.write(lines[-1])  # a word-for-word copy of the award
        f.write(json.dumps({"event": "spend", "player": "Pip", "chips": 5}) + "\n")  # refused
    again = open_live_deck(str(log), read_only=True)
    moving, cardless = again.deck_doubts()
    assert moving == [] and len(cardless) == 2 and again.deck_in_doubt() == []


def test_undo_json_asks_once_whether_a_session_is_under_way_and_says_what_replay_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """'mousecard undo --json' reuses the answer its own line was made from, so the line and the
    state's ``no_session`` cannot disagree; the state is replay's."""
    log = tmp_path / "once.jsonl"
    assert _cli(capsys, "mousecard", "new", str(log), "--seed", "1")[0] == 0
    real = LiveDeckTracker.no_session
    asked: list[int] = []

    def counted(self: LiveDeckTracker) -> Any:
        asked.append(1)
        return real(self)

    monkeypatch.setattr(LiveDeckTracker, "no_session", counted)
    code, out, _ = _cli(capsys, "mousecard", "undo", str(log), "--json")
    assert code == 0 and len(asked) == 1
    said = json.loads(out)
    assert said["no_session"]["reason"] == "undone" and "The log now holds no session" in said["line"]
    code, out, _ = _cli(capsys, "mousecard", "replay", str(log), "--json")
    replayed = json.loads(out)
    assert {k: said[k] for k in replayed} == replayed
